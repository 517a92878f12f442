"""Tapestry under a profile: cards that plainly are one paint are not named another through a
sheen (vision.cells._plainly_one_paint, _not_sheened)."""
import numpy as np

from vision.cells import GROW_FIT, _not_sheened, _plainly_one_paint

# paints: red, orange, yellow, green, blue, purple. The calibration measure's Tapestry seed 1,
# photo 16 (3000 K; the profile learnt red and orange with red blown out; no red card on the
# photo): an orange card's distances as lit, at its own light level, and through a sheen
LIT = np.array([12.7, 6.0, 45.0, 85.4, 49.1, 48.5])
SHADED = np.array([7.1, 3.3, 30.6, 59.9, 31.7, 31.9])
SHEEN = np.array([3.3, 7.7, 34.7, 61.8, 31.8, 22.9])
RED, ORANGE, YELLOW = 0, 1, 2


def test_cards_plainly_orange_are_not_named_red_through_a_sheen():
    lit, shaded = np.tile(LIT, (3, 1)), np.tile(SHADED, (3, 1))
    named = np.argmin(np.minimum(lit, SHEEN), axis=1)
    assert list(named) == [RED] * 3  # (the sheen alone names them red)
    plainly = _plainly_one_paint(np.array([ORANGE] * 3), lit, shaded)
    assert list(plainly) == [ORANGE] * 3
    assert list(_not_sheened(named, plainly, np.array([0, 0, -1]))) == [ORANGE] * 3


def test_cards_the_sheen_is_for_keep_their_sheen_name():
    # washed out by the hot spot, far from every paint as lit: the sheen names it
    washed = np.array([[26.0, 25.0, 28.0, 60.0, 40.0, 35.0]])
    assert washed[0, ORANGE] > GROW_FIT
    plainly = _plainly_one_paint(np.array([ORANGE]), washed, washed)
    assert list(plainly) == [-1]
    assert list(_not_sheened(np.array([RED]), plainly, np.array([-1]))) == [RED]
    # nor is a card plainly a paint where its proportions, or its light level, name another
    assert list(_plainly_one_paint(np.array([RED]), LIT[None], SHADED[None])) == [-1]
    assert list(_plainly_one_paint(np.array([ORANGE]), LIT[None],
                                   np.array([[2.0, 3.3, 30.6, 59.9, 31.7, 31.9]]))) == [-1]
    # a group with a card the sheen explains keeps its name, even where another is plainly orange
    named = np.array([RED, RED, YELLOW])
    plainly = np.array([ORANGE, -1, YELLOW])
    assert list(_not_sheened(named, plainly, np.array([0, 0, 1]))) == list(named)
