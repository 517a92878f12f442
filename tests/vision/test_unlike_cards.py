"""A card washed out by a broad glare or a lamp's veil (its paint diluted towards the light,
14-22 from every paint as the other cards' light predicts it), dropped by the foreground mask
and its outline blurred along two sides at most, is still card-like when its colour is unlike
every look of the bare table: its art decides (col9 hard-783, final15 hard-1433). Such a cell
does not count against a lattice's coverage unless its art shows."""
from __future__ import annotations

import numpy as np

from vision.cells import (ALIEN_COLOUR, HELD_CARD_FIT, _card_coloured, _cards_left_out, _Ctx,
                          _unlike_card_like)

from tests.vision.test_cards_left_out import KIT, PALETTE


def test_washed_card_unlike_the_table_is_card_like_whatever_the_mask_and_outline():
    # pink and blue cards in a glare on orange wood: 33-38 from the table, 11-22 from every
    # paint as lit (over HELD_CARD_FIT), the mask 0 on each, one or two sides outlined
    unlike = np.array([True, True, False, True, True, True])
    d_table = np.array([33.0, 38.0, 33.0, 5.0, 33.0, 33.0])
    fit = np.array([21.5, 14.2, 21.5, 21.5, 30.0, 21.5])
    even = np.array([True, True, True, True, True, False])
    assert fit[0] > HELD_CARD_FIT and fit[4] > ALIEN_COLOUR
    # (a colour the bare table shows somewhere: a cloth's check; the table's own colour; a
    # colour no paint takes, paper or a box; an uneven patch)
    assert _unlike_card_like(unlike, _card_coloured(d_table, fit, even)).tolist() == [
        True, True, False, False, False, False]


def test_a_cell_card_like_by_its_art_alone_does_not_count_against_the_coverage():
    occ = {(r, c): r == 0 for r in range(3) for c in range(4)}
    ctx = _Ctx(KIT, PALETTE, None, None, None)
    ctx.card_like = [(1, 1), (1, 2)]
    ctx.unlike_table = {(1, 1), (1, 2)}
    ctx.by_art = {(1, 2)}
    assert _cards_left_out(ctx, occ) == [(1, 1)]


def test_cards_on_the_windows_ring_are_no_look_of_the_table_and_reported_beside_the_layout():
    # a run of washed cards the mask missed reaches the window's ring, the bare table's sample:
    # those showing a card's art are no look of the table, and those beside the layout are
    # reported for the window to be widened
    from tests.vision.card_cells import card_cell, card_ctx
    from vision.cells import _cards_on_the_ring, _ring_cards

    pink = (200, 170, 245)
    regions = {(0, 0): card_cell(pink, spot=0.0, art=True),   # a card read
               (0, 1): card_cell(pink, spot=0.0, art=True),   # a card on the ring beside it
               (1, 2): card_cell(pink, spot=0.0, art=True),   # ... beside the one below
               (0, 3): card_cell(pink, spot=0.0, art=True),   # one apart from the layout
               (2, 0): card_cell(pink, spot=0.0, art=False)}  # a plain patch beside it
    ctx = card_ctx(regions, set())
    ctx.ring_cards = _ring_cards(ctx, [(0, 1), (1, 2), (0, 3), (2, 0)], regions)
    assert ctx.ring_cards == {(0, 1), (1, 2), (0, 3)}
    occ = {(0, 0): True, (1, 1): True, (0, 1): False, (1, 2): False, (0, 3): False,
           (2, 0): False}
    assert _cards_on_the_ring(ctx, occ) == [(0, 1), (1, 2)]
    assert _ring_cards(ctx, [], regions) == set()
