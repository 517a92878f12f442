"""The glare's routes judge a profile's paints as the light's fit unclipped them
(vision.cells._paints_as_unclipped): a white blown in red and green on the calibration photo
is held at its clip level by the profile, a greenish white under a warm lamp, and through a
glare a pale yellow fitted a white face better (calibration measure, octopus seed 0). Both
glare routes (vision.cells._solid_through_glare, _solid_through_toned_glare) use them."""
from types import SimpleNamespace

import numpy as np

from vision.cells import _paints_as_unclipped, _solid_through_glare, _solid_through_toned_glare
from vision.colour import Palette, bgr_to_lab, linear_to_srgb, match_from_distances, palette_linear
from vision.kits import kit_for_game

#: The light: gains and haze, linear BGR.
LIGHT = np.array([[0.8, 0.8, 0.8], [0.02, 0.02, 0.02]])
#: The set's white under the player's lamp (linear BGR), and where the calibration clipped it.
WHITE = np.array([0.43, 1.0, 1.1])
CLIP = np.array([0.43, 0.875, 0.852])


def _lab(lin: np.ndarray) -> np.ndarray:
    return bgr_to_lab(linear_to_srgb(np.asarray(lin, np.float64)).astype(np.float32)).astype(np.float64)


def _palette(clipped: list[str]) -> Palette:
    profile = {"colours": {"white": {"lab": _lab(CLIP).tolist(), "clipped": clipped}}}
    return Palette.from_profile(profile, kit_for_game("octopus").colours)


def _predicted(palette: Palette) -> np.ndarray:
    """The palette as lit, its white unclipped (as classify_adaptive's fit estimates it)."""
    lin = palette_linear(palette).copy()
    lin[palette.names.index("white")] = WHITE
    return _lab(lin * LIGHT[0] + LIGHT[1])


def test_a_blown_out_white_is_judged_as_the_fit_unclipped_it():
    palette = _palette(["g", "r"])
    out = _paints_as_unclipped(palette, _predicted(palette), LIGHT)
    w = palette.names.index("white")
    assert np.abs(out.lab[w] - _lab(WHITE)).max() < 1.0
    assert np.abs(palette.lab[w] - _lab(WHITE)).max() > 3.0   # the clip level is another colour
    others = [i for i in range(len(palette.names)) if i != w]
    assert np.array_equal(out.lab[others], palette.lab[others])


def test_paints_without_clipped_channels_are_kept():
    palette = _palette([])
    assert _paints_as_unclipped(palette, _predicted(palette), LIGHT) is palette
    clipped = _palette(["g", "r"])
    assert _paints_as_unclipped(clipped, None, LIGHT) is clipped


def test_the_glare_routes_judge_a_white_face_against_the_raised_paint():
    # (a white face as the light lights the set's white; with no plain distance to keep, each
    # route's distance to white is through its glare: nearer the raised white than the clip
    # level's greenish white, which the same routes give when the prediction is the clip level)
    palette = _palette(["g", "r"])
    w = palette.names.index("white")
    labs = _lab((WHITE * LIGHT[0] + LIGHT[1])[None])
    dist = np.full((1, len(palette.names)), 100.0)
    at_clip = _lab(palette_linear(palette) * LIGHT[0] + LIGHT[1])   # nothing raised
    ctx = SimpleNamespace(palette=palette, profile=None)
    for route in (_solid_through_glare, _solid_through_toned_glare):
        _, raised = route(ctx, labs, match_from_distances(dist, _predicted(palette)), dist, LIGHT)
        _, clipped = route(ctx, labs, match_from_distances(dist, at_clip), dist, LIGHT)
        assert raised[0].argmin() == w
        assert raised[0, w] < clipped[0, w] - 1.0, route.__name__
