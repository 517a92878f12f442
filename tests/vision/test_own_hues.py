"""A yellow Octopus face a light fitted over the layout names orange (final18 octopus-hard-1884,
final22 normal-2811, oct58 hard-2654): its hue 77-87 degrees, its chroma 72-81, where the
photo's own orange faces, named surely, lie at 58-69 degrees and chroma 72-82.

- vision.cells._renamed_by_own_hues: a face whose hue lies past the middle between its photo's
  own faces of the paint it was named and the paint next to it in hue, keeping their chroma,
  is renamed that paint (its distances to the two swapped, for the set's assignment); a face
  paled by a glare (its chroma lost), one within the middle, or one of a photo without sure
  faces of its paint is not; nor towards a paint whose pips are of another colour, nor one
  unlike it in chroma (red and brown, both white-pipped, 28.8 degrees apart), nor a face whose
  hue lies far past the paint next to it (no face of that paint either)."""
import numpy as np

from vision.cells import OWN_HUE_RENAMED_CONF, _renamed_by_own_hues
from vision.colour import Palette
from vision.kits import kit_for_game


def _lab(hue: float, chroma: float, lightness: float = 70.0) -> list[float]:
    h = np.radians(hue)
    return [lightness, chroma * np.cos(h), chroma * np.sin(h)]


def _reading(colour: str | None, conf: float) -> tuple:
    return ({"colour": colour, "pips": 2}, {"colour": conf, "pips": 0.9}, [], 3.0,
            {"colour_distance": {"orange": 4.0, "yellow": 9.0, "red": 20.0, "brown": 15.0}})


def _read(faces: list[tuple[float, float, str | None, float]], nearest: str = "orange"
          ) -> tuple[dict, list]:
    kit = kit_for_game("octopus")
    palette = Palette.from_hex(kit.colours)
    labs = np.array([_lab(h, c) for h, c, _, _ in faces])
    index = np.full(len(faces), palette.names.index(nearest))
    cells = [(0, i) for i in range(len(faces))]
    out = {c: _reading(name, conf) for c, (_, _, name, conf) in zip(cells, faces)}
    return out, _renamed_by_own_hues(kit, palette, labs, index, cells, out)


def test_a_face_of_yellows_hue_named_orange_beside_sure_orange_faces_is_renamed_yellow():
    out, renamed = _read([(62, 75, "orange", 0.99), (66, 78, "orange", 0.98),
                          (83, 74, "orange", 0.8), (80, 75, None, 0.3)])
    assert renamed == [(0, 2), (0, 3)]
    for cell in renamed:
        assert out[cell][0]["colour"] == "yellow"
        assert out[cell][1]["colour"] == OWN_HUE_RENAMED_CONF
        assert out[cell][4]["colour_distance"]["yellow"] == 4.0
        assert out[cell][4]["renamed_by"] == "hue"
    assert out[(0, 0)][0]["colour"] == "orange"


def test_a_glared_orange_or_one_within_the_middle_or_without_sure_faces_keeps_its_name():
    # (paled by a hot spot: its hue moved, its chroma lost)
    assert _read([(62, 75, "orange", 0.99), (90, 45, "orange", 0.55)])[1] == []
    # (10 degrees off: within the middle of orange's and yellow's 27.5)
    assert _read([(62, 75, "orange", 0.99), (72, 75, "orange", 0.9)])[1] == []
    # (no face named orange surely: nothing tells how orange looks in the photo)
    assert _read([(62, 75, "orange", 0.9), (85, 75, "orange", 0.8)])[1] == []
    # (towards red, whose pips are white where orange's are black: not renamed)
    assert _read([(62, 75, "orange", 0.99), (35, 75, "orange", 0.8)])[1] == []


def test_sure_faces_far_off_their_paints_hue_tell_nothing():
    # (final21 octopus-hard-2310: a glared yellow named surely at 105 degrees, yellow's paint at
    # 92; a clear yellow at 91 is no orange)
    kit = kit_for_game("octopus")
    palette = Palette.from_hex(kit.colours)
    labs = np.array([_lab(105, 70, 95), _lab(91, 75, 84)])
    index = np.full(2, palette.names.index("yellow"))
    out = {(0, 0): _reading("yellow", 0.96), (0, 1): _reading("yellow", 0.9)}
    assert _renamed_by_own_hues(kit, palette, labs, index, [(0, 0), (0, 1)], out) == []


def test_red_and_brown_unlike_in_chroma_are_not_told_apart_by_hue():
    # (both white-pipped, 28.8 degrees apart: a red face at 45 degrees keeping the sure reds'
    # chroma is no brown (chroma 31.7), nor a brown face at 40 degrees a red)
    reds = [(28, 75, "red", 0.99), (30, 74, "red", 0.98), (45, 72, "red", 0.8)]
    out, renamed = _read(reds, nearest="red")
    assert renamed == [] and out[(0, 2)][0]["colour"] == "red"
    browns = [(57, 32, "brown", 0.99), (58, 31, "brown", 0.98), (40, 32, "brown", 0.8)]
    assert _read(browns, nearest="brown")[1] == []


def test_a_face_far_past_the_paint_next_in_hue_is_not_renamed():
    # (an unclear face at hue 200 nearest orange: 136 degrees past the sure oranges, yellow
    # 27.5 on; a face at 100, 36 past, is renamed yellow still)
    out, renamed = _read([(62, 75, "orange", 0.99), (66, 78, "orange", 0.98),
                          (200, 75, None, 0.3), (100, 75, None, 0.3)])
    assert renamed == [(0, 3)]
    assert out[(0, 2)][0]["colour"] is None
