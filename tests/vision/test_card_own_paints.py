"""Tapestry: a pale card is named against the photo's own cards of each paint (vision.cells).

In a lamp's reflection an orange card's red clips and its green and blue rise alike: pale, cream
towards yellow, nearer the yellow paint as lit than the orange. Seen beside the photo's own
cards under the same light, it is the orange card with a sheen, not the yellow one: the yellow
card's green would have reached the clip before its blue rose so far."""
import numpy as np

from vision.cells import _named_by_own_cards
from vision.colour import Palette, bgr_to_lab, linear_to_srgb, palette_linear
from vision.kits import kit_for_game

PALETTE = Palette.from_hex(kit_for_game("tapestry").colours)
#: An over-exposed light with a haze (gain, offset per linear B, G, R): every paint's red clips.
LIGHT = np.array([[1.2, 1.3, 1.4], [0.25, 0.25, 0.05]])


def _seen(lin: np.ndarray) -> np.ndarray:
    """Lab ``(N, 3)`` of linear BGR ``(N, 3)`` paints under :data:`LIGHT` (clipped)."""
    rec = np.clip(lin * LIGHT[0] + LIGHT[1], 0.0, 1.0)
    return bgr_to_lab(linear_to_srgb(rec).astype(np.float32)).astype(np.float64)


def _index(name: str) -> int:
    return PALETTE.names.index(name)


def test_a_pale_orange_card_named_yellow_is_the_orange_cards_with_a_sheen():
    paint = palette_linear(PALETTE)
    orange, yellow, red = paint[_index("orange")], paint[_index("yellow")], paint[_index("red")]
    lit = np.clip(np.stack([orange, yellow, red]) * LIGHT[0] + LIGHT[1], 0.0, 1.0)
    cards = np.vstack([_seen(np.stack([orange, yellow, red])),
                       bgr_to_lab(linear_to_srgb(np.clip(lit[:2] + 0.3, 0.0, 1.0))
                                  .astype(np.float32)).astype(np.float64)])
    # the orange card with a sheen (row 3) as the light fitted over the cards named it: yellow
    named = np.array([_index("orange"), _index("yellow"), _index("red"), _index("yellow"),
                      _index("yellow")])
    conf = np.array([0.95, 0.95, 0.95, 0.9, 0.9])
    lit_by = np.array([True, True, True, False, False])
    out, out_conf = _named_by_own_cards(cards, named, conf, lit_by)
    assert out[3] == _index("orange")
    # the yellow card with a sheen stays yellow, and the cards that show the paints keep theirs
    assert out.tolist()[:3] + [out[4]] == [_index("orange"), _index("yellow"), _index("red"),
                                           _index("yellow")]
    # (a rename decided by a margin is stated no surer than a group's naming)
    from vision.cells import GROUP_CONF
    assert out_conf[3] == GROUP_CONF and out_conf[4] == conf[4]


def test_without_two_paints_seen_the_names_stand():
    paint = palette_linear(PALETTE)
    cards = _seen(paint[[_index("yellow"), _index("yellow")]] + np.array([[0.0], [0.3]]))
    named = np.array([_index("yellow"), _index("yellow")])
    out, _ = _named_by_own_cards(cards, named, np.array([0.95, 0.9]), np.array([True, True]))
    assert out.tolist() == named.tolist()


def test_a_card_between_two_paints_keeps_its_name():
    """A card 70:30 orange and yellow with a sheen of 0.1 (13.5 from the orange card, 15.2 from
    the yellow one) is no clearer an orange than the yellow it was named (OWN_MARGIN)."""
    paint = palette_linear(PALETTE)
    orange, yellow, red = (paint[_index(n)] for n in ("orange", "yellow", "red"))
    mid = np.clip(np.clip((0.7 * orange + 0.3 * yellow) * LIGHT[0] + LIGHT[1], 0, 1) + 0.1, 0, 1)
    cards = np.vstack([_seen(np.stack([orange, yellow, red])),
                       bgr_to_lab(linear_to_srgb(mid[None]).astype(np.float32)).astype(np.float64)])
    named = np.array([_index("orange"), _index("yellow"), _index("red"), _index("yellow")])
    out, _ = _named_by_own_cards(cards, named, np.array([0.95, 0.95, 0.95, 0.9]),
                                 np.array([True, True, True, False]))
    assert out[3] == _index("yellow")
