"""Tapestry: a card the lamp's hot spot washed flat is no bare table, though its outline shows
on two sides only (vision.cells._washed_flat).

A card blown out with its art shows no symbol; where its outline shows all round it is kept
(:func:`vision.cells._washed_with_art`). The sides facing the lamp may show no edge (the card's
wall as bright as its face and the table): its own rims, along the sides facing the bare table,
and its flat clipped face tell it from the lamp's glare on the table, which in a hole among
cards shows their rims and none of its own, and on a marble or a print keeps their lines."""
import cv2
import numpy as np

from tests.vision.card_cells import card_cell, card_ctx
from vision.cells import (GLARE_PATCH, _bare_cards, _card_symbols,
                          _flat_middle)
from vision.colour import bgr_to_lab

ORANGE = (40, 120, 240)
BLUE = (200, 120, 40)


def _veined() -> np.ndarray:
    """Lab of a cell of a white marble in the lamp's glare: blown out, grey veins across it."""
    img = np.full((60, 84, 3), 255, np.uint8)
    cv2.polylines(img, [np.array([[0, 12], [30, 24], [52, 18], [84, 40]], np.int32)], False,
                  (150, 150, 150), 2)
    cv2.polylines(img, [np.array([[10, 60], [28, 38], [60, 44], [70, 0]], np.int32)], False,
                  (160, 160, 160), 1)
    return bgr_to_lab(img).astype(np.float32)


def _layout() -> tuple[dict, object]:
    """Cells (row, col) -> Lab and the reading's context: a washed card alone at (1, 1), edges
    along the two sides its shadow falls on; the glare on the bare table in a notch at (5, 5)
    among three cards, edges along the three sides facing them; a marble's veined glare at
    (9, 9), edges along two sides of its own; two washed cards side by side at (12, 12) and
    (13, 12), the lower one among cards, no edge along the side between them."""
    washed = card_cell(ORANGE, spot=1.6, art=False)
    card = card_cell(BLUE, spot=0.0, art=True)
    regions = {(1, 1): washed, (5, 5): washed.copy(), (9, 9): _veined(),
               (4, 5): card, (5, 4): card.copy(), (5, 6): card.copy(),
               (12, 12): washed.copy(), (13, 12): washed.copy(),
               (14, 12): card.copy(), (13, 11): card.copy(), (13, 13): card.copy()}
    ctx = card_ctx(regions, set())
    ctx.sides.update({(1, 1): 3, (5, 5): 3, (9, 9): 3, (12, 12): 3, (13, 12): 3})
    ctx.full_sides.update({(1, 1): (False, True, False, True),
                           (5, 5): (True, False, True, True),
                           (9, 9): (False, True, False, True),
                           (12, 12): (True, False, True, True),
                           (13, 12): (False, True, True, True)})
    ctx.symbols = _card_symbols(ctx, list(regions), regions)
    return regions, ctx


def test_a_card_washed_flat_shows_its_own_rims():
    # final22 tapestry-hard-2811: a yellow card in the hot spot on a cream-striped cloth, blown
    # out over half its cell, edges along its bottom and right sides only: dropped as a bare
    # cell, and the three pale cards beyond it, joined to the layout through it, with it
    regions, ctx = _layout()
    for c in ((1, 1), (5, 5), (9, 9), (12, 12), (13, 12)):
        assert ctx.blown[c] > GLARE_PATCH
    assert _flat_middle(regions[(1, 1)]) and not _flat_middle(regions[(9, 9)])
    bare = _bare_cards(ctx, list(regions), regions)
    # (the notch shows the cards' rims only; the marble its veins)
    assert sorted(bare) == [(5, 5), (9, 9)]


def test_washed_cards_side_by_side_show_no_gap_between_them():
    # tap41 tapestry-normal-2540: two white cards one above the other among the layout; the
    # lower one's edges all face cards, the side between them shows none
    regions, ctx = _layout()
    assert (12, 12) not in _bare_cards(ctx, list(regions), regions)
    assert (13, 12) not in _bare_cards(ctx, list(regions), regions)
    # (alone among the cards, with no washed card above it, it is a notch's glare)
    del regions[(12, 12)]
    assert (13, 12) in _bare_cards(ctx, list(regions), regions)


def test_a_flat_middle_allows_no_more_than_a_few_steps():
    flat = card_cell(ORANGE, spot=1.6, art=False)
    assert _flat_middle(flat)
    lined = flat.copy()
    lined[20:22, 10:74, 0] = 40.0  # (a line of print across the middle)
    assert not _flat_middle(lined)
