"""Paints seen through the glare of a warm lamp (vision.glare) and the sectors read through it.

A glossy tile reflecting a 3000 K lamp adds the lamp's cream light to every paint of its face:
a red or a green in the hot spot moves towards the palette's yellow. The samples are made with
the forward model of the module (paint under the light, plus lamp light, clipped), and the
palette is Twelve Tiles' as a profile learnt under that lamp would hold it.
"""
from types import SimpleNamespace

import numpy as np

from vision.cells import _sectors_through_glare
from vision.colour import Palette, bgr_to_lab, lab_to_bgr, linear_to_srgb, palette_distance, srgb_to_linear
from vision.glare import glare_distances, through_cell_glare
from vision.profile_use import profile_lamp

#: Twelve Tiles' paints as a calibration photo under a 3000 K lamp showed them (CIELAB; the
#: calibration measure's seed-1 profile, rounded).
WARM = Palette(("blue", "red", "green", "yellow"),
               np.array([[55.0, 17.0, -14.0], [63.0, 56.0, 33.0], [68.0, -16.0, 34.0], [70.0, 8.5, 44.0]]))
#: ... and the gains that took that photo's colours to the kit's defaults (BGR).
GAINS_TO_DEFAULTS = [1.32, 1.08, 0.81]
PROFILE = {"light": {"gains_bgr_to_defaults": GAINS_TO_DEFAULTS}}


def _through_glare(names: list[str], glare: float) -> np.ndarray:
    """Lab ``(n, 3)`` of the paints ``names`` (of :data:`WARM`) with ``glare`` of the lamp."""
    lamp = profile_lamp(PROFILE)
    lin = srgb_to_linear(lab_to_bgr(WARM.lab[[WARM.names.index(n) for n in names]])).astype(np.float64)
    seen = np.clip(lin + glare * lamp, 0.0, 1.0)
    return bgr_to_lab(linear_to_srgb(seen).astype(np.float32)).astype(np.float64)


def test_lamp_is_the_calibration_light_or_neutral():
    lamp = profile_lamp(PROFILE)
    assert lamp.max() == 1.0 and lamp[2] == 1.0 and lamp[0] < 0.7  # warm: red most, blue least
    assert np.allclose(profile_lamp(None), 1.0)
    assert np.allclose(profile_lamp({"light": {"gains_bgr_to_defaults": [1, -1, 1]}}), 1.0)


def test_a_red_in_a_warm_glare_is_red():
    lab = _through_glare(["red"], 0.8)
    corr = np.array([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]])
    plain = palette_distance(lab, WARM)
    assert WARM.names[int(plain.argmin())] != "red"  # the hot spot takes it towards yellow
    through = glare_distances(lab, WARM, corr, profile_lamp(PROFILE))
    assert WARM.names[int(through.min(axis=-1).argmin())] == "red"


def test_samples_without_glare_keep_their_plain_distances():
    lab = WARM.lab + np.array([1.0, -1.0, 1.0])
    corr = np.array([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]])
    plain = palette_distance(lab, WARM)
    out = through_cell_glare(plain, glare_distances(lab, WARM, corr, profile_lamp(PROFILE)),
                             np.zeros(len(lab), int))
    assert np.array_equal(out.argmin(axis=1), np.arange(4))
    assert np.allclose(out[np.arange(4), np.arange(4)], plain[np.arange(4), np.arange(4)], atol=0.5)


def test_sectors_of_a_tile_in_the_hot_spot_are_named_their_paints():
    # two tiles out of the glare (they set the light) and one in it
    names = ["blue", "red", "green", "yellow", "green", "yellow", "blue", "red",
             "red", "blue", "green", "red"]
    samples = np.vstack([_through_glare(names[:8], 0.0), _through_glare(names[8:], 0.8)])
    ctx = SimpleNamespace(palette=WARM, profile=PROFILE)
    match, dist, _, _ = _sectors_through_glare(ctx, samples, np.ones(3))
    assert [WARM.names[i] for i in match.index] == names


def test_a_tiles_glare_is_also_looked_for_in_grey_whatever_tint_the_fitted_light_has():
    # the light fitted over a layout may tilt towards magenta (its gains 1.05, 0.78, 0.92 BGR:
    # the independent renderer's normal 101) though the camera's white balance records the
    # lamp's reflection grey; in a grey hot spot a red paled to salmon then fits a yellow in the
    # fitted light's "glare" better than a red, and in grey glare it is red again
    from vision.glare import sector_glare_distances
    from vision.kits import kit_for_game
    pal = Palette.from_hex(kit_for_game("twelve-tiles").colours)
    corr = np.array([[1.05, 0.78, 0.92], [0.01, 0.08, 0.04]])
    names = ["green", "blue", "red", "yellow"]
    lin = srgb_to_linear(lab_to_bgr(pal.lab[[pal.names.index(n) for n in names]])).astype(np.float64)
    seen = np.clip(lin * corr[0] + corr[1] + 0.6 * corr[0].max(), 0.0, 1.0)
    lab = bgr_to_lab(linear_to_srgb(seen).astype(np.float32)).astype(np.float64)
    plain = palette_distance(lab, pal)
    tile = np.zeros(len(lab), int)
    fitted_only = through_cell_glare(plain, glare_distances(lab, pal, corr, np.ones(3)), tile)
    assert [pal.names[i] for i in fitted_only.argmin(axis=1)] != names
    either = sector_glare_distances(lab, plain, pal, corr, np.ones(3), tile)
    assert [pal.names[i] for i in either.argmin(axis=1)] == names


def test_a_tiles_glare_may_fall_off_across_its_face():
    # a hot spot hardly wider than a tile: one sector (0) fits its paint best at a weak glare,
    # the opposite one (1) its own paint at a glare two steps stronger; at the first's glare
    # it would fit the first's paint better than its own
    plain = np.full((2, 2), 30.0)
    look = np.full((2, 2, 6), 12.0)
    look[0, 0, 1] = 1.0  # sector 0: colour 0 at step 1
    look[1, 0, 1], look[1, 1, 1] = 5.0, 8.0  # sector 1 at step 1: colour 0 nearer than its own
    look[1, 1, 3] = 1.0  # ... and its own colour 1 at step 3
    out = through_cell_glare(plain, look, np.zeros(2, int))
    assert list(out.argmin(axis=1)) == [0, 1]


def test_a_blue_whose_strong_channels_the_hot_spot_clipped_is_blue():
    # a tile's four blue sectors in a hot spot, recorded with blue and green clipped and red at
    # about half (linear BGR about (0.98, 0.98, 0.5): the independent renderer's Twelve Tiles
    # hard 158) under a grey light: the shading fitted on the red channel alone explains them
    # as blue; fitted on all three (the clipped ones taken at face value) green fits nearer
    from vision.glare import sector_glare_distances
    from vision.kits import kit_for_game
    pal = Palette.from_hex(kit_for_game("twelve-tiles").colours)
    lab = np.array([[95.0, -20.2, -6.6], [91.5, -18.3, -11.9], [95.6, -17.7, -5.8], [96.5, -14.4, -4.7]])
    corr = np.array([[1.5, 1.5, 1.5], [0.0, 0.0, 0.0]])
    plain = palette_distance(lab, pal)
    dist = sector_glare_distances(lab, plain, pal, corr, np.ones(3), np.zeros(4, int))
    assert [pal.names[i] for i in dist.argmin(axis=1)] == ["blue"] * 4


#: A 3000 K lamp as a phone records it after balancing part of its cast (linear BGR; the
#: calibration measure's lamp is about (0.49, 0.73, 1)), warmer than the lamp the profile's
#: gains give (:func:`profile_lamp` of :data:`PROFILE`: about (0.61, 0.75, 1)).
SEEN_LAMP = np.array([0.40, 0.62, 1.0])


def _cells_falling_off(names: list[str], glare: tuple[float, float], size: int = 16) -> np.ndarray:
    """Lab cells ``(len(names), size, size, 3)`` of :data:`WARM`'s paints ``names``, each with a
    glare of :data:`SEEN_LAMP` rising from ``glare[0]`` to ``glare[1]`` across the cell."""
    lin = srgb_to_linear(lab_to_bgr(WARM.lab[[WARM.names.index(n) for n in names]])).astype(np.float64)
    g = np.linspace(*glare, size)[None, None, :, None]  # (1, 1, w, 1): along x
    seen = np.clip(lin[:, None, None, :] + g * SEEN_LAMP, 0.0, 1.0)
    seen = np.broadcast_to(seen, (len(names), size, size, 3)).reshape(-1, 3)
    return bgr_to_lab(linear_to_srgb(seen).astype(np.float32)).reshape(len(names), size, size, 3)


def test_the_glares_colour_is_measured_where_it_falls_off_across_sectors():
    from vision.glare import glare_colour
    masks = [np.zeros((16, 16), bool) for _ in range(2)]
    masks[0][:8], masks[1][8:] = True, True  # (two sectors, each across the cell's width)
    washed = _cells_falling_off(["blue", "red", "green", "yellow"], (0.05, 0.45))
    lamp = glare_colour((washed, m) for m in masks)
    assert lamp is not None and np.allclose(lamp, SEEN_LAMP, atol=0.05)
    # (even sectors, however bright, tell nothing of the lamp)
    even = _cells_falling_off(["blue", "red", "green", "yellow"], (0.4, 0.4))
    assert glare_colour((even, m) for m in masks) is None


def test_under_a_profile_sectors_in_a_hot_spot_are_named_through_the_glare_seen():
    # a tile in the hot spot of the lamp the photo shows (SEEN_LAMP, glare 0.7) beside two out
    # of it: through the profile's lamp, inferred from its paints' gains to the kit's defaults,
    # the washed green and blue fit yellow and red; through the glare's colour the photo's
    # washed sectors show, their own paints
    names = ["blue", "red", "green", "yellow", "green", "yellow", "blue", "red",
             "green", "yellow", "blue", "red"]
    lin = srgb_to_linear(lab_to_bgr(WARM.lab[[WARM.names.index(n) for n in names]])).astype(np.float64)
    lin[8:] = np.clip(lin[8:] + 0.7 * SEEN_LAMP, 0.0, 1.0)
    samples = bgr_to_lab(linear_to_srgb(lin).astype(np.float32)).astype(np.float64)
    ctx = SimpleNamespace(palette=WARM, profile=PROFILE)
    inferred, _, _, _ = _sectors_through_glare(ctx, samples, np.ones(3))
    assert [WARM.names[i] for i in inferred.index][8:] != names[8:]
    seen, _, white, _ = _sectors_through_glare(ctx, samples, np.ones(3), SEEN_LAMP)
    assert [WARM.names[i] for i in seen.index] == names
    # (the glare's colour handed on, to judge a tile's sectors against each other, is the one seen)
    assert np.allclose(white, SEEN_LAMP / SEEN_LAMP.max())
