"""Tapestry: a card in a lamp's reflection is named against the photo's own cards shaded as
well as sheened (vision.cells._named_by_own_cards, OWN_SHADE, OWN_SHADED_FIT).

The reflection clips a warm paint's red, and a phone's processing after the sensor clipped
spreads the channels left further apart than a sheen added to the card as recorded elsewhere
would: an orange card in the reflection is the photo's orange card brighter (its red clipped)
plus a sheen, which no sheen alone on the orange card explains, and which the yellow card,
whose red stays below the clip, fits no better."""
import numpy as np

from vision.cells import _named_by_own_cards
from vision.colour import Palette, bgr_to_lab, linear_to_srgb
from vision.kits import kit_for_game

PALETTE = Palette.from_hex(kit_for_game("tapestry").colours)
#: The photo's own cards out of the reflection, Lab as recorded (the independent renderer's
#: normal 1041, a 3500 K photo): red, orange, yellow, green, blue, purple.
OWN = {"red": (46.2, 62.5, 35.1), "orange": (61.3, 51.5, 53.6), "yellow": (76.3, 6.8, 67.2),
       "green": (58.4, -45.2, 31.2), "blue": (50.7, 0.0, -31.5), "purple": (48.8, 37.6, -16.7)}


def _index(name: str) -> int:
    return PALETTE.names.index(name)


def _read(card: np.ndarray) -> str:
    """The name given to a card of Lab ``card`` ``(3,)`` out of the hot spot, named yellow by
    the light fitted over the cards, beside the photo's own cards (:data:`OWN`)."""
    names = list(OWN)
    cards = np.vstack([np.array([OWN[n] for n in names]), card[None]])
    named = np.array([_index(n) for n in names] + [_index("yellow")])
    conf = np.array([0.95] * len(names) + [0.7])
    out, _ = _named_by_own_cards(cards, named, conf, np.ones(len(cards), bool))
    return PALETTE.names[out[-1]]


def test_an_orange_card_in_the_reflection_is_the_orange_card_shaded_and_sheened():
    """Linear RGB 0.99, 0.60, 0.30: the orange card (0.91, 0.14, 0.04) three times as bright
    plus 0.19 of sheen, its red clipped; 15.1 from the orange card under a sheen alone, 7.6
    from the yellow one."""
    assert _read(np.array([84.9, 10.9, 34.2])) == "orange"


def test_a_yellow_card_in_the_reflection_stays_yellow():
    """The photo's yellow card with a sheen, shaded or not (its red below the clip)."""
    paint = np.array([0.037, 0.461, 0.804])  # the yellow card, linear BGR
    for shading, sheen in ((1.0, 0.2), (1.0, 0.4), (1.2, 0.3)):
        lin = np.clip(paint * shading + sheen, 0.0, 1.0)
        lab = bgr_to_lab(linear_to_srgb(lin[None]).astype(np.float32))[0].astype(np.float64)
        assert _read(lab) == "yellow", (shading, sheen)


def test_an_unclipped_card_is_not_renamed_by_a_shading():
    # (a red card with a little orange in it and a little sheen, no channel clipped: no cue for
    # the phone's spreading of clipped channels, so no shaded look renames it orange)
    names = list(OWN)
    cards = np.vstack([np.array([OWN[n] for n in names]), np.array([[64.6, 33.5, 22.4]])])
    named = np.array([_index(n) for n in names] + [_index("red")])
    conf = np.array([0.95] * len(names) + [0.7])
    out, _ = _named_by_own_cards(cards, named, conf, np.ones(len(cards), bool))
    assert PALETTE.names[out[-1]] == "red"
