"""Cards washed out by a veil of glare, named beyond the set's copies of a paint: the light of
their colour clusters under a veil (vision.paint_light's ``veil``, vision.cells._veiled_light)."""
from __future__ import annotations

import numpy as np

from vision.cells import _beyond_the_set, _veiled_light
from vision.colour import (Palette, bgr_to_lab, classify_adaptive, linear_to_srgb,
                           palette_linear)
from vision.kits import kit_for_game
from vision.paint_light import match_cost, paint_light

KIT = kit_for_game("tapestry")
PALETTE = Palette.from_hex(KIT.colours)  # red, orange, yellow, green, blue, purple
# the light the cards of the independent renderer's tap17 hard-1243 show as their truth names
# them, fitted with an offset per channel held to vision.colour.HAZE_RANGE: a gain per channel
# (linear BGR) and an offset of 0.3 of the gain (the range's end; fitted with a free veil,
# vision.paint_light.VEIL_HAZES, the same cards showed 0.59)
VEILED = np.array([[2.025, 2.182, 2.307], [0.607, 0.655, 0.692]])
# the light the cells' occupancy left as a start there (a cast no lamp has)
BAD_START = np.array([[1.073, 0.482, 3.072], [0.207, 0.207, 0.207]])
PER_PAINT = 5


def _cards(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Lab ``(30, 3)`` of five cards of each paint under :data:`VEILED` (clipped, as a camera
    records them, with a little noise) and their paints ``(30,)``."""
    rng = np.random.default_rng(seed)
    truth = np.repeat(np.arange(len(PALETTE.names)), PER_PAINT)
    lin = np.clip(palette_linear(PALETTE)[truth] * VEILED[0] + VEILED[1], 0.0, 1.0)
    lab = bgr_to_lab(linear_to_srgb(lin).astype(np.float32)).astype(np.float64)
    return lab + rng.normal(0.0, 0.7, lab.shape), truth


def test_the_bad_light_names_more_cards_of_a_paint_than_the_set_holds():
    cards, _ = _cards(0)
    match, _, _ = classify_adaptive(np.vstack([cards] * 2), PALETTE, gains_bgr=BAD_START,
                                    explore=False)
    assert _beyond_the_set(KIT, PALETTE, match.index)


def test_a_reading_within_the_copies_is_not_beyond_the_set():
    assert not _beyond_the_set(KIT, PALETTE, np.repeat(np.arange(6), 12))
    assert _beyond_the_set(KIT, PALETTE, np.array([3] * 13))


def test_the_veiled_cards_are_named_by_their_clusters():
    for seed in range(3):
        cards, truth = _cards(seed)
        match, _, light = classify_adaptive(cards, PALETTE, gains_bgr=BAD_START, explore=False)
        assert np.count_nonzero(match.index == truth) <= len(truth) // 2
        veiled, _ = _veiled_light(cards, PALETTE, match, light, [1.0] * len(cards))
        assert np.count_nonzero(veiled.index == truth) >= len(truth) - 2
        assert match_cost(veiled) < match_cost(match)


def test_a_veil_beyond_the_haze_range_is_found():
    # (a veil of half the light on white, above HAZE_RANGE's 0.3, a warm gain, channels clipped)
    gain = 1.3 * np.array([0.95, 1.0, 1.05])
    truth = np.repeat(np.arange(len(PALETTE.names)), PER_PAINT)
    lin = np.clip((palette_linear(PALETTE)[truth] + 0.5) * gain, 0.0, 1.0)
    lab = bgr_to_lab(linear_to_srgb(lin).astype(np.float32)).astype(np.float64)
    light = paint_light(lab + np.random.default_rng(0).normal(0, 0.7, lab.shape), PALETTE,
                        veil=True)
    np.testing.assert_allclose(light[1] / light[0], 0.5, atol=0.05)
