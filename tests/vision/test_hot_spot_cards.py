"""Cards in the lamp's hot spot (washed out past any paint with a sheen, uneven) are card-like
when the mask holds them and their outline runs along their sides; their art, found against the
face fitted as a smooth surface, vouches for them, and a card washed out with its art, blown
out and outlined all round, joins them (the independent renderer's hard 071)."""
from __future__ import annotations

import numpy as np

from tests.vision.card_cells import card_cell, card_ctx
from vision.cells import _Ctx, _vouched_cards


def test_hot_spot_cards_vouched_for():
    purple = (150, 60, 120)
    regions = {(0, 0): card_cell(purple, spot=0.0, art=True),   # a card found
               (0, 1): card_cell(purple, spot=1.6, art=False),  # washed out with its art
               (0, 2): card_cell(purple, spot=1.2, art=True)}   # its art still shows, faintly
    occ = {(0, 0): True, (0, 1): False, (0, 2): False}

    def ctx(hot: set) -> _Ctx:
        out = card_ctx(regions, hot)
        out.full_sides[(0, 2)] = (True, True, True, False)  # (not blown-out-and-outlined)
        return out
    assert _vouched_cards(ctx(set()), occ, regions) == []
    assert sorted(_vouched_cards(ctx({(0, 1), (0, 2)}), occ, regions)) == [(0, 1), (0, 2)]
    # (a card washed out with its art outlined on three sides only is no card, and the card
    # beyond it touches no card then)
    three = ctx({(0, 1), (0, 2)})
    three.full_sides[(0, 1)] = (True, True, True, False)
    assert _vouched_cards(three, occ, regions) == []
    # (the art against the face fitted as a smooth surface: the ring's median alone, the
    # hot spot joins the art)
    taken = {(0, 0): True, (0, 1): True, (0, 2): False}
    assert _vouched_cards(ctx(set()), taken, regions) == []
    assert _vouched_cards(ctx({(0, 2)}), taken, regions) == [(0, 2)]


def test_held_card_of_a_loosely_predicted_paint_is_card_like():
    # a lone blue card among warm ones under a warm lamp (the independent renderer's hard 055):
    # the mask holds it whole, 37 from the table, 12.5 from blue as lit (over GROW_FIT, 7), even
    from vision.cells import GROW_FIT, _held_card_like

    fg = np.array([1.0, 0.3, 1.0, 1.0, 1.0])
    d_table = np.array([37.5, 30.0, 5.0, 37.5, 37.5])
    d_pal = np.array([12.5, 6.0, 12.5, 20.0, 12.5])
    even = np.array([True, True, True, True, False])
    assert d_pal[0] > GROW_FIT
    # (a coin leaves most of the centre to the table; the table's own colour; a colour far
    # from every paint; an uneven patch)
    assert _held_card_like(fg, d_table, d_pal, even).tolist() == [True, False, False, False, False]


def test_card_unlike_every_look_of_a_patterned_table_needs_no_foreground():
    # tap7dev hard-134: purple cards on a purple gingham; the mask's model of the cloth takes in
    # its purple checks and drops the cards (foreground 0), yet no cell of the bare cloth looks
    # like them (each mixes its checks): even, 22 from the table, 10.5 from purple as lit
    from vision.cells import _held_card_like

    fg = np.array([0.0, 0.0, 0.0, 0.0])
    d_table = np.array([22.0, 22.0, 22.0, 5.0])
    d_pal = np.array([10.5, 10.5, 10.5, 10.5])
    even = np.array([True, True, False, True])
    # (a colour the bare table shows somewhere, a check of a cell's size: the mask's verdict
    # stands; an uneven patch; the table's own colour)
    unlike = np.array([True, False, True, True])
    assert _held_card_like(fg, d_table, d_pal, even, unlike).tolist() == [True, False, False, False]
    assert not _held_card_like(fg, d_table, d_pal, even).any()


def test_outlined_card_of_any_fit_is_card_like():
    # blue and purple cards on a cloth striped in blue and purple (the independent renderer's
    # hard 002): outlined all round, 50 from the cream table's median, 16-17 from blue as the
    # warm lamp fitted on the other cards predicts it (over HELD_CARD_FIT), even; the mask
    # missed them (fg 0.0)
    from vision.cells import ALIEN_COLOUR, HELD_CARD_FIT, _card_coloured, _outlined_card_like

    full_sides = np.array([4, 3, 2, 4, 4, 4])
    d_table = np.array([50.0, 49.0, 50.0, 4.5, 50.0, 50.0])
    fit = np.array([17.0, 16.6, 17.0, 21.0, 30.0, 17.0])
    even = np.array([True, True, True, True, True, False])
    assert fit[0] > HELD_CARD_FIT and fit[4] > ALIEN_COLOUR
    # (outlined along two sides only; the table's own colour: a polka-dot cloth's cream cells
    # make outlines too; a colour no paint takes; uneven)
    assert _outlined_card_like(full_sides, _card_coloured(d_table, fit, even)).tolist() == [
        True, True, False, False, False, False]


def test_card_touching_the_layout_at_a_corner_is_vouched_for():
    # Tapestry's setup lays cards on a diagonal: a card may touch the layout at a corner only
    # (the independent renderer's final2 hard 053, a purple card beside the layout's corner)
    purple = (150, 60, 120)
    regions = {(0, 0): card_cell(purple, spot=0.0, art=True),   # a card found
               (1, 1): card_cell(purple, spot=0.0, art=True),   # a card at its corner
               (3, 3): card_cell(purple, spot=0.0, art=True)}   # one apart from the layout
    occ = {(0, 0): True, (1, 1): False, (3, 3): False}
    assert _vouched_cards(card_ctx(regions, set()), occ, regions) == [(1, 1)]
