"""Tapestry cards in the lamp's reflection, read with a calibration profile (vision.cells).

A profile's paints are learnt under the player's lamp (3000 K: saturated, warm); a glossy card in
the lamp's hot spot is its paint plus the lamp's light, paler and warmer than any paint as lit.
It must still be taken for a card (its paint with a sheen fits it), its art found (the face is
uneven in the glare, parts of it nearer the art's measured cream than the face's median) and
its colour named with the lamp's warm sheen as well as a grey one."""
from types import SimpleNamespace

import numpy as np

from vision.cells import _card_symbols, _sheen_distance, _symbol_mask, _symbol_visible
from vision.colour import Palette, bgr_to_lab, lab_to_bgr, linear_to_srgb, palette_distance, srgb_to_linear

#: The paints of a set repainted 8-15 dE from the defaults as one calibration photo under a
#: 3000 K lamp recorded them (the calibration measure's Tapestry seed 1), and that lamp.
PROFILE = {
    "colours": {"red": {"lab": [59.5, 65.5, 30.7]}, "orange": {"lab": [65.4, 51.1, 34.2]},
                "yellow": {"lab": [71.9, 8.7, 49.5]}, "green": {"lab": [67.1, -34.1, 16.0]},
                "blue": {"lab": [60.0, 0.6, 7.2]}, "purple": {"lab": [48.8, 12.0, -9.5]}},
    "light": {"gains_bgr_to_defaults": [1.5497, 1.1032, 0.8703]},
    "art": {"lab": [92.9, 0.7, 22.1], "n": 18},
}
PALETTE = Palette(tuple(PROFILE["colours"]), np.array([c["lab"] for c in PROFILE["colours"].values()]))
AS_LIT = np.array([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]])  # (the profile's paints are as lit)


def test_a_card_in_the_warm_lamps_reflection_is_named_with_the_lamps_sheen():
    lamp = 1.0 / np.array(PROFILE["light"]["gains_bgr_to_defaults"])
    lamp /= lamp.max()
    paint = srgb_to_linear(lab_to_bgr(PALETTE.lab)).astype(np.float64)
    i = PALETTE.names.index("purple")
    card = bgr_to_lab(linear_to_srgb(np.clip(0.9 * paint[i] + 0.35 * lamp, 0, 1))[None]
                      .astype(np.float32)).astype(np.float64)
    plain = palette_distance(card, PALETTE, PALETTE.lab)[0]
    grey = np.minimum(plain, _sheen_distance(card, PALETTE, AS_LIT)[0])
    assert PALETTE.names[int(grey.argmin())] != "purple"  # (a grey sheen alone misnames it)
    warm = np.minimum(plain, _sheen_distance(card, PALETTE, AS_LIT, PROFILE)[0])
    assert PALETTE.names[int(warm.argmin())] == "purple"
    # without a profile the sheen is grey, as before
    assert np.allclose(_sheen_distance(card, PALETTE, AS_LIT, None), _sheen_distance(card, PALETTE, AS_LIT))


def _glared_card() -> np.ndarray:
    """A 40x40 Lab view of a pale green card in a warm hot spot: a warmer, lighter patch of the
    glare over its upper left quarter, from the art to the rim, the white art in the middle."""
    cell = np.empty((40, 40, 3), np.float32)
    cell[:] = (85.0, -20.0, 15.0)
    cell[:24, :24] = (90.0, -5.0, 25.0)  # the glare's warm patch on the face, up to the rim
    yy, xx = np.mgrid[:40, :40]
    cell[(yy - 20) ** 2 + (xx - 21) ** 2 <= 36] = (99.0, 0.0, 2.0)  # the art
    return cell


def test_the_art_of_a_card_in_the_hot_spot_is_found_towards_white():
    cell = _glared_card()
    bg = np.array([85.0, -20.0, 15.0], np.float32)
    art = np.array(PROFILE["art"]["lab"])
    assert not _symbol_visible(_symbol_mask(cell, bg, art))  # (the glare's patch is "art" too)
    ctx = SimpleNamespace(blown_px=None, profile=PROFILE)
    found = _card_symbols(ctx, [(0, 0)], {(0, 0): cell})
    assert _symbol_visible(found[(0, 0)][1])


def test_cards_in_the_hot_spot_are_read_with_the_profile():
    # the calibration measure's Tapestry seed 1, photo 11: an orange and a green card in the
    # lamp's hot spot, 25-30 from every paint of the profile as lit, were left out
    from tests.calibration.held_out import read_held_out

    score = read_held_out(11, "tapestry", 1)
    assert score.missing == 0 and score.extra == 0 and score.misread == 0
