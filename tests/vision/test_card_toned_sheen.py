"""Tapestry: a card in a hot spot recorded after the camera's tone curve is named by its paint
with a veil added to the recorded values (vision.cells._toned_sheen_distance, in _read_symbol).

A veil added after the tone curve keeps a paint's hue longer than a sheen added to the linear
light: an orange card washed so is a pale cream-orange that the linear sheen names yellow."""
import numpy as np

from vision.cells import (TONED_RELOOK, _sheen_distance, _toned_sheen_distance,
                          _washed_past_the_sheen)
from vision.colour import Palette
from vision.kits import kit_for_game

PALETTE = Palette.from_hex(kit_for_game("tapestry").colours)
#: The independent renderer's final22 tapestry normal-2801: an orange card in the hot spot,
#: Lab as recorded (read yellow: 17.8 from yellow with a linear sheen, 21.9 from orange). Two
#: photos: this is seed 2801's normal style (an orange washed to L* 87), not final22
#: hard-2811 (seed 2811, hard style), whose orange cards washed to L* 94-97 are the ones
#: vision.cells._toned_sheen_distance's docstring names.
WASHED_ORANGE = np.array([[87.0, 7.7, 24.4]])
#: A light with offsets as fitted on a photo's cards (gains, offsets per linear BGR channel).
LIGHT = np.array([[0.94, 1.005, 1.044], [-0.026, -0.05, -0.023]])


def _name(dist: np.ndarray) -> str:
    return PALETTE.names[int(np.argmin(dist))]


def test_a_card_washed_after_the_tone_curve_keeps_its_paint():
    for light in (np.array([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]]), LIGHT):
        linear = _sheen_distance(WASHED_ORANGE, PALETTE, light)[0]
        assert _name(linear) == "yellow"  # (the linear sheen alone: the misread)
        assert _washed_past_the_sheen(WASHED_ORANGE, linear[None], PALETTE.lab)[0]
        both = np.minimum(linear, _toned_sheen_distance(WASHED_ORANGE, PALETTE, light)[0])
        assert _name(both) == "orange"
        assert both[PALETTE.names.index("yellow")] - both.min() > 5.0


def test_the_lights_offsets_are_left_out():
    gains_only = np.vstack([LIGHT[0], np.zeros(3)])
    assert np.allclose(_toned_sheen_distance(WASHED_ORANGE, PALETTE, LIGHT),
                       _toned_sheen_distance(WASHED_ORANGE, PALETTE, gains_only))


def test_a_plain_card_keeps_its_paint_as_lit():
    # the paints themselves: the veil's price keeps each nearest its own paint
    lab = PALETTE.lab
    plain = np.minimum(_sheen_distance(lab, PALETTE, np.array([[1.0] * 3, [0.0] * 3])),
                       _toned_sheen_distance(lab, PALETTE, np.array([[1.0] * 3, [0.0] * 3])))
    assert (np.argmin(plain, axis=1) == np.arange(len(lab))).all()


def test_a_darker_card_far_from_every_paint_is_no_hot_spot():
    # final19 hard-1991's yellow card at L* 66 (its yellows at 84-91): far from every paint,
    # but darker than the nearest, yellow; a veil only adds light
    card = np.array([[65.8, 18.3, 61.1]])
    linear = _sheen_distance(card, PALETTE, np.array([[1.0] * 3, [0.0] * 3]))
    assert linear.min() > TONED_RELOOK
    assert not _washed_past_the_sheen(card, linear, PALETTE.lab)[0]


def test_read_symbol_looks_at_the_far_cards_through_the_toned_veil(monkeypatch):
    # wiring: _read_symbol measures the cards _washed_past_the_sheen picks (and only those)
    # through the toned veil; fails if the toned look is taken out of _read_symbol
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).parent))
    import vision.cells as cells
    from scenes import tapestry_cards_ctx
    from test_card_paint_light import CARDS, LAYOUT_LIGHT, PLACES

    picked, looked = [], []

    def washed_past(labs, dist, paints):
        far = _washed_past_the_sheen(labs, dist, paints)
        picked.append(np.asarray(labs)[far])
        return far

    def toned(labs, palette, light):
        looked.append(np.asarray(labs))
        return _toned_sheen_distance(labs, palette, light)

    monkeypatch.setattr(cells, "_washed_past_the_sheen", washed_past)
    monkeypatch.setattr(cells, "_toned_sheen_distance", toned)
    cells._read_symbol(tapestry_cards_ctx(PLACES, CARDS), PLACES, None, LAYOUT_LIGHT)
    assert len(picked) == 1 and len(picked[0])  # (the scene's washed cards: some are far)
    assert len(looked) == 1 and np.array_equal(looked[0], picked[0])
