"""Tapestry: a card in a shadow is not renamed by the photo's own cards with a sheen
(vision.cells._in_shadow, SHADOW_RANGE, in _named_by_own_cards).

A shadow darkens a card and pales it as seen: an orange card in an occluder's shadow lies nearer
the red card with a sheen than the orange card with one, yet it is the orange card darkened,
every channel alike, with no sheen at all."""
import numpy as np

from vision.cells import _in_shadow, _named_by_own_cards
from vision.colour import Palette
from vision.kits import kit_for_game

PALETTE = Palette.from_hex(kit_for_game("tapestry").colours)
#: The photo's own cards out of the shadow, Lab as recorded (the independent renderer's tap37
#: hard-2168, a 3100 K photo): red, orange, yellow, green, blue, purple.
OWN = {"red": (41.5, 57.9, 37.3), "orange": (59.6, 52.5, 48.7), "yellow": (75.3, 10.9, 73.3),
       "green": (48.7, -24.7, 23.8), "blue": (42.6, -8.4, -25.8),
       "purple": (35.4, 28.1, -16.9)}
#: 2168's orange cards in the shadow (9-11 from the red card with a sheen, 13-17 from the
#: orange one).
SHADED_ORANGE = [(47.1, 36.2, 33.5), (42.7, 40.6, 37.4), (45.6, 43.4, 40.2)]


def _named(card: tuple[float, float, float], name: str) -> str:
    """The name a card of Lab ``card`` named ``name`` keeps beside the photo's own cards."""
    names = list(OWN)
    cards = np.array([OWN[n] for n in names] + [card])
    named = np.array([PALETTE.names.index(n) for n in names + [name]])
    conf = np.array([0.95] * len(names) + [0.9])
    out, _ = _named_by_own_cards(cards, named, conf, np.ones(len(cards), bool))
    return PALETTE.names[out[-1]]


def test_an_orange_card_in_a_shadow_stays_orange():
    for card in SHADED_ORANGE:
        assert _named(card, "orange") == "orange", card


def test_a_shadow_is_the_named_paints_card_darkened():
    refs = Palette(tuple(OWN), np.array(list(OWN.values())))
    orange, red, yellow = (list(OWN).index(n) for n in ("orange", "red", "yellow"))
    cards = np.array(SHADED_ORANGE + [OWN["orange"]])
    assert _in_shadow(cards, refs, np.full(len(cards), orange)).all()
    # (not the yellow card darkened, whatever the shadow; and a card named no paint seen: no)
    assert not _in_shadow(cards, refs, np.full(len(cards), yellow)).any()
    assert not _in_shadow(cards, refs, np.full(len(cards), -1)).any()
    # (a card paler than its paint's card, washed, is no shadow of it: the orange card 8 L*
    # lighter and 8 less chromatic)
    o = np.array(OWN["orange"])
    chroma = np.hypot(o[1], o[2])
    washed = np.array([[o[0] + 8.0, *(o[1:] * (chroma - 8.0) / chroma)]])
    assert not _in_shadow(washed, refs, np.array([orange]))
