"""Tapestry: a card the lamp's reflection washed nearly white keeps its paint against the
photo's own cards unless the looks that can tell agree (vision.cells._named_by_own_cards,
_shade_agrees, _shows_its_paint).

An orange card in the reflection, its red clipped while its green and blue rise, fits the
yellow card with a sheen better than the orange card with one (the plain look), while the
orange card brighter and sheened (the shaded look) fits it as well as the yellow one: the plain
look's margin is the card's light level, not its paint. And a least washed part at the clip
level shows the lamp, not a paint to name the card by."""
import numpy as np

from vision.cells import (LEAST_WASHED_MAX_L, OWN_MARGIN, _named_by_own_cards, _shade_agrees,
                          _shows_its_paint)
from vision.colour import Palette
from vision.kits import kit_for_game

PALETTE = Palette.from_hex(kit_for_game("tapestry").colours)
#: The photo's own cards out of the reflection, Lab as recorded and their least washed parts
#: (a 4000 K-looking photo of the independent renderer's development set): orange, yellow,
#: green, blue, purple (no red card).
OWN = {"orange": ((62.4, 53.5, 49.2), (58.0, 54.3, 50.3)),
       "yellow": ((81.7, 5.6, 71.6), (78.6, 5.7, 70.0)),
       "green": ((68.4, -47.9, 21.3), (63.9, -46.6, 20.5)),
       "blue": ((53.4, -4.4, -33.9), (48.9, -3.8, -33.2)),
       "purple": ((40.6, 28.8, -28.1), (38.6, 28.4, -27.1))}


def _index(name: str) -> int:
    return PALETTE.names.index(name)


def _read(card, deep, named: str = "orange") -> str:
    """The name given to a card in the hot spot of Lab ``card`` and least washed part ``deep``
    (Lab ``(3,)`` each, ``deep`` may be None), named ``named`` by the light and its hue group,
    beside the photo's own cards (:data:`OWN`)."""
    names = list(OWN)
    cards = np.vstack([np.array([OWN[n][0] for n in names]), np.asarray(card, float)[None]])
    deeps = None
    if deep is not None:
        deeps = np.vstack([np.array([OWN[n][1] for n in names]), np.asarray(deep, float)[None]])
    marks = np.array([_index(n) for n in names] + [_index(named)])
    conf = np.array([0.95] * len(names) + [0.78])
    lit = np.array([True] * len(names) + [False])
    out, _ = _named_by_own_cards(cards, marks, conf, lit, deeps)
    return PALETTE.names[out[-1]]


def test_an_orange_card_washed_nearly_white_stays_orange():
    """Plain look 11.3 from the orange card, 4.3 from the yellow; shaded 3.9 and 3.7. Its
    least washed part (L 97.9) is washed whole."""
    assert _read((99.0, -4.7, 13.6), None) == "orange"
    assert _read((99.0, -4.7, 13.6), (97.9, -6.8, 23.1)) == "orange"


def test_a_least_washed_part_that_shows_its_paint_still_renames():
    """The same card with a least washed part of the yellow card's colour, unclipped: a
    yellow card in the reflection, renamed so (as before)."""
    assert _read((99.0, -4.7, 13.6), (80.0, 5.0, 68.0)) == "yellow"


def test_a_plain_rename_needs_the_shaded_look_to_agree():
    shaded = np.array([3.9, 3.7, 20.0])
    assert not _shade_agrees(shaded, 0, 1)
    assert _shade_agrees(np.array([3.7 + OWN_MARGIN + 0.5, 3.7, 20.0]), 0, 1)


def test_a_least_washed_part_at_the_clip_level_shows_no_paint():
    parts = np.array([[97.9, -6.8, 23.1], [94.8, -18.5, -6.1], [82.0, 15.0, 36.0]])
    assert _shows_its_paint(parts).tolist() == [False, True, True]
    assert _shows_its_paint(np.array([[LEAST_WASHED_MAX_L, 0.0, 0.0]])).tolist() == [False]
