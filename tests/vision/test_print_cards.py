"""A card in the colour of a printed cloth's ink (a yellow card on a yellow gingham) lies near
the cloth's median colour and its checks, so neither the mask nor its colour tells it from the
table; its plain face does, where every cell of the bare table spreads by the print's ink
against its ground (tap34 hard-2066, tap16 hard-1053): card-like, its art decides."""
from __future__ import annotations

import numpy as np

from vision.cells import PRINT_SPREAD, _card_coloured, _even_on_print, _unlike_card_like

#: The cloth's look (CIELAB): a yellow gingham's cells, ink and cream ground blended.
CLOTH = (85.0, 2.0, 45.0)
#: A yellow card, about 7 from the cloth's median.
YELLOW = (80.0, 6.0, 60.0)


def _table(n_ring: int = 8, ring_spread: float = 10.0) -> tuple[np.ndarray, np.ndarray]:
    """The cells' colours ``(N, 3)`` and spreads ``(N,)``: ``n_ring`` cells of the cloth
    spreading ``ring_spread`` first, then (the cells asked about) a yellow card (1.7), the cloth
    blurred far off (7.6), a green card (1.5) and a yellow card blown uneven (9.0)."""
    labs = np.array([CLOTH] * n_ring + [YELLOW, CLOTH, (60.0, -40.0, 20.0), YELLOW])
    spread = np.array([ring_spread] * n_ring + [1.7, 7.6, 1.5, 9.0])
    return labs, spread


def test_a_plain_card_on_a_print_of_its_colour_is_card_like():
    labs, spread = _table()
    n = len(labs)
    bare = np.arange(n) < 8
    even = spread <= 8.0
    fit = np.full(n, 10.0)
    got = _even_on_print(labs, spread, even, bare, fit)
    # the yellow card, and the green one (unlike the cloth anyway); not the blurred cloth nor an
    # uneven cell
    assert got[8:].tolist() == [True, False, True, False]
    # (what the colour alone says: the yellow card is no card-coloured cell, 7 from the table)
    d_table = np.array([0.0] * 8 + [7.3, 0.5, 40.0, 7.3])
    assert not _unlike_card_like(np.ones(n, bool), _card_coloured(d_table, fit, even))[8]


def test_a_plain_table_or_plain_ground_of_the_colour_vouches_for_nothing():
    # a plain cloth (its cells as even as the card: no print), and a print whose plain ground
    # shows the card's colour in three cells of the ring
    labs, spread = _table(ring_spread=1.5)
    n = len(labs)
    fit = np.full(n, 10.0)
    assert not _even_on_print(labs, spread, spread <= 8.0, np.arange(n) < 8, fit)[8]
    labs, spread = _table()
    labs[:3], spread[:3] = YELLOW, 1.0
    bare = np.arange(n) < 8
    assert not _even_on_print(labs, spread, spread <= 8.0, bare, fit)[8]
    # (its median spread still that of a print: the ground is plain in 3 of 8 cells)
    assert np.median(spread[bare]) >= PRINT_SPREAD * 1.7


def test_a_colour_no_paint_takes_is_no_card():
    labs, spread = _table()
    n = len(labs)
    fit = np.full(n, 30.0)
    assert not _even_on_print(labs, spread, spread <= 8.0, np.arange(n) < 8, fit).any()


def test_a_grainy_plain_table_is_no_print():
    # a plain but grainy table (its cells spread 5, under EVEN_SPREAD): no print shows, so an
    # even cell near its colour is not card-like by its evenness (however even it is)
    labs, spread = _table(ring_spread=5.0)
    spread[8] = 1.0
    n = len(labs)
    assert not _even_on_print(labs, spread, spread <= 8.0, np.arange(n) < 8, np.full(n, 10.0))[8]


def test_a_blown_out_plain_cell_is_no_card():
    # a cell as plain as a card but blown out (not even) is none
    labs, spread = _table()
    n = len(labs)
    even = spread <= 8.0
    even[8] = False
    assert not _even_on_print(labs, spread, even, np.arange(n) < 8, np.full(n, 10.0))[8]
