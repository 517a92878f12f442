"""Tapestry: a card in a lamp's reflection is also named by its least washed part
(vision.cells._least_washed, LEAST_WASHED_SHARE, and _named_by_own_cards' ``deep``).

A reflection falls off across a card: its median may be washed past telling an orange card
from a yellow one, while the part of its face the reflection lifts least still shows its paint
beside the photo's own cards."""
import numpy as np

from vision.cells import LEAST_WASHED_SHARE, _card_ring, _least_washed, _named_by_own_cards
from vision.colour import Palette
from vision.kits import kit_for_game

PALETTE = Palette.from_hex(kit_for_game("tapestry").colours)
#: The photo's own cards out of the reflection, Lab as recorded (the independent renderer's
#: final13 hard-802, a 4500 K photo): red, orange, yellow, green, blue, purple.
OWN = {"red": (51.6, 68.6, 35.6), "orange": (60.2, 57.2, 60.0), "yellow": (79.2, 3.5, 73.3),
       "green": (68.9, -44.0, 21.7), "blue": (56.4, 3.2, -39.0),
       "purple": (41.8, 46.6, -30.7)}


def _read(card: np.ndarray, deep: np.ndarray | None) -> str:
    """The name given to a card of median Lab ``card`` ``(3,)`` and least washed part ``deep``
    (Lab ``(3,)`` or ``None``), named yellow by the light fitted over the cards, beside the
    photo's own cards (:data:`OWN`, each its own least washed part)."""
    names = list(OWN)
    own = np.array([OWN[n] for n in names])
    cards = np.vstack([own, card[None]])
    named = np.array([PALETTE.names.index(n) for n in names] + [PALETTE.names.index("yellow")])
    conf = np.array([0.95] * len(names) + [0.9])
    deeps = None if deep is None else np.vstack([own, deep[None]])
    out, _ = _named_by_own_cards(cards, named, conf, np.ones(len(cards), bool), deeps)
    return PALETTE.names[out[-1]]


def test_an_orange_card_washed_past_telling_is_named_by_its_least_washed_part():
    """802's orange card: its median 4.7 from the yellow card with a sheen, 6.1 from the orange
    one; its darkest tenth 10.0 and 3.4."""
    washed, deep = np.array([87.2, 6.0, 35.1]), np.array([81.7, 14.5, 38.3])
    assert _read(washed, None) == "yellow"
    assert _read(washed, deep) == "orange"


def test_a_yellow_card_in_the_reflection_stays_yellow():
    """802's yellow card in the reflection: its darkest tenth is the yellow card's."""
    assert _read(np.array([85.8, 0.1, 71.3]), np.array([77.9, 4.3, 71.7])) == "yellow"


def test_a_darker_part_no_more_chromatic_than_the_card_is_no_evidence():
    """A darker part no more chromatic than the card's median (a shadow across it, the table
    under a lattice a little off the card) is not less of a sheen: it renames nothing, even
    where it fits another paint's card (this one 2.7 from the orange card, 9.2 from the
    yellow, as a less washed part would)."""
    washed = np.array([87.2, 6.0, 35.1])
    shadow = np.array([84.0, 12.0, 33.0])  # (darker, chroma 35.1 < the median's 35.6)
    assert _read(washed, shadow) == "yellow"


def test_a_card_as_deep_as_its_paints_card_is_not_renamed_by_its_darkest_part():
    """A yellow card no paler than the photo's yellow card shows no sheen to see past: its
    darkest tenth (here a shadow across it, of the orange card's very colour, 1.2 from it) is
    no evidence of another paint (tap25 hard-1683: two orange cards under an occluder's
    shadow, as deep as the orange card, were renamed red by their darkest parts)."""
    # (darker than the yellow card, not within OWN_SHADED_FIT of it darkened: only this guard
    # keeps it, _in_shadow does not)
    assert _read(np.array([72.0, 15.0, 68.0]), np.array([62.0, 52.0, 60.0])) == "yellow"


def test_the_least_washed_part_is_the_darkest_share_of_the_face_around_the_art():
    """A face lit unevenly from L 80 to L 98 left to right, white art in its middle and a
    blown-out corner: the darkest tenth of the ring around the art, not the art, not the
    blown pixels."""
    h, w = 64, 44
    cell = np.zeros((1, h, w, 3))
    cell[0, :, :, 0] = np.linspace(80.0, 98.0, w)[None, :]
    cell[0, :, :, 1:] = (10.0, 40.0)
    cell[0, 20:44, 14:30] = (100.0, 0.0, 0.0)  # the art
    blown = np.zeros((1, h, w), bool)
    blown[0, :, :6] = True  # the darkest columns blown out (as if a glint)
    cell[0, :, :6] = (100.0, 0.0, 0.0)
    deep = _least_washed(cell, blown)[0]
    ring = _card_ring(h, w) & ~blown[0]
    darkest = np.quantile(cell[0][ring][:, 0], LEAST_WASHED_SHARE)
    assert deep[0] <= darkest + 1e-6
    assert 80.0 < deep[0] < 85.0
    np.testing.assert_allclose(deep[1:], (10.0, 40.0))
