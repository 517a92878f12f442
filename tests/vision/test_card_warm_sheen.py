"""Tapestry: a card in a lamp's reflection is named against the photo's own cards with a sheen
of the lamp's colour as the camera left it (vision.cells).

Where the camera's white balance leaves a warm lamp's cast on the photo, the lamp's reflection
is as warm: an orange card in it keeps its red clipped while its green rises well above its blue,
cream towards yellow. A grey sheen takes it nearer the yellow card; the lamp's own colour, one
for the whole photo, makes it the orange card."""
import numpy as np

from vision.cells import OWN_SHEEN, OWN_SHEEN_COST, _named_by_own_cards, _own_sheen
from vision.colour import Palette, as_correction, bgr_to_lab, linear_to_srgb, palette_linear
from vision.glare import glare_distances
from vision.kits import kit_for_game

PALETTE = Palette.from_hex(kit_for_game("tapestry").colours)
#: A 2900 K lamp the camera left warm (linear BGR gains, over-exposed a little).
WARM = np.array([0.42, 0.69, 1.0]) * 1.1


def _lab(linear: np.ndarray) -> np.ndarray:
    """Lab ``(N, 3)`` of linear BGR ``(N, 3)`` as recorded (clipped)."""
    return bgr_to_lab(linear_to_srgb(np.clip(linear, 0.0, 1.0)).astype(np.float32)).astype(
        np.float64)


def _index(name: str) -> int:
    """The palette's index of the paint ``name``."""
    return PALETTE.names.index(name)


def test_an_orange_card_in_a_warm_reflection_is_the_orange_card_with_the_lamps_sheen():
    paint = palette_linear(PALETTE)
    own = np.stack([paint[_index(n)] * WARM for n in ("orange", "yellow", "red", "green")])
    for sheen in (0.7, 0.9):
        # the photo's orange, yellow, red and green cards, then orange and yellow in the
        # reflection, both named yellow by the light fitted over the cards
        cards = _lab(np.vstack([own, own[:2] + sheen * WARM / WARM.max()]))
        named = np.array([_index(n) for n in ("orange", "yellow", "red", "green", "yellow",
                                              "yellow")])
        conf = np.array([0.95, 0.95, 0.95, 0.95, 0.9, 0.9])
        lit = np.array([True, True, True, True, False, False])
        out, _ = _named_by_own_cards(cards, named, conf, lit)
        assert [PALETTE.names[i] for i in out] == ["orange", "yellow", "red", "green",
                                                   "orange", "yellow"], sheen


def test_cards_in_a_grey_reflection_keep_the_grey_look():
    """A lamp the camera took to grey: cards in its reflection fit no warm look better (the
    lamp's colour is fitted, and grey wins)."""
    own = palette_linear(PALETTE)[[_index(n) for n in ("orange", "yellow", "red", "green")]]
    for sheen in (0.3, 0.6, 0.9):
        cards = _lab(np.vstack([own, own[:2] + sheen]))
        refs = Palette(("orange", "yellow", "red", "green"), cards[:4])
        grey = glare_distances(cards, refs, as_correction(None), np.ones(3), steps=OWN_SHEEN,
                               cost=OWN_SHEEN_COST, shade=(1.0, 1.0)).min(axis=-1)
        assert np.allclose(_own_sheen(cards, refs, np.ones(6, bool))[0], grey), sheen
