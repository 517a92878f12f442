"""A clear yellow 6 named orange and renamed yellow by its photo's own hues (final23
octopus-hard-3007) shows its dark pips far more than the photo's faint yellows do: counted in
the yellow faces' median it widened a faint yellow's colour spread (5.0 -> 9.3), so the set's
assignment no longer filled that face's unread pips.

- vision.decode._colour_spreads: the median pip contrast a face is judged against leaves out
  faces renamed by their photo's own hues (vision.cells.OWN_HUE_RENAMED_KEY); a paint whose
  faces nearest it all were renamed keeps them."""
import pytest

from vision.cells import OWN_HUE_RENAMED_KEY, CellReading
from vision.decode import COLOUR_SD, _colour_spreads, _pip_polarities
from vision.kits import kit_for_game

OCTOPUS = kit_for_game("octopus")


def _face(row: int, dark_pips: float, renamed: bool = False) -> CellReading:
    """A face nearest yellow, its dark pips standing out ``dark_pips`` (L*)."""
    dist = {n: 40.0 for n in OCTOPUS.colours}
    dist.update(yellow=2.0, orange=9.0)
    evidence = {"colour_distance": dist, "pip_contrast": {1: 3.0, -1: dark_pips}}
    if renamed:
        evidence[OWN_HUE_RENAMED_KEY] = "orange"
    return CellReading(row, 0, True, 0.99, {"colour": "yellow", "pips": None},
                       {"colour": 0.9, "pips": 0.0}, 0.9, (), evidence)


def test_a_renamed_face_does_not_widen_a_faint_faces_spread():
    faint, renamed = _face(0, 15.0), _face(1, 40.0, renamed=True)
    spreads = _colour_spreads([faint, renamed], _pip_polarities(OCTOPUS))
    assert spreads[0] == pytest.approx(COLOUR_SD)


def test_faces_not_renamed_still_widen_a_faint_faces_spread():
    faint, clear = _face(0, 15.0), _face(1, 40.0)
    spreads = _colour_spreads([faint, clear], _pip_polarities(OCTOPUS))
    assert spreads[0] > 2 * COLOUR_SD


def test_a_paint_whose_faces_were_all_renamed_keeps_them():
    faint, renamed = _face(0, 15.0, renamed=True), _face(1, 40.0, renamed=True)
    spreads = _colour_spreads([faint, renamed], _pip_polarities(OCTOPUS))
    assert spreads[0] > 2 * COLOUR_SD
