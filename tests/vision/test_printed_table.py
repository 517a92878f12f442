"""A notch of the layout on a printed cloth (a yellow gingham's checks between cards) stands out
in the mask, which spills over from the cards round it, and shows edges on three or four sides
(the neighbours' rims, the checks); its colour is the cloth's and its colours spread as the
print's ink against its ground do, more than any card face: the table, not a yellow card
(final19 tapestry normal-1997: three such cells read as yellow cards)."""
from __future__ import annotations

import numpy as np

from vision.cells import GROW_APART, UNEVEN_CELL, _printed_table

CELLS = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]


def test_a_taken_cell_of_the_cloths_colour_and_print_is_the_table():
    # the gingham's notch (3 from the cloth, spreading 15), a yellow card on the gingham (7 from
    # it, plain), a card in glare (uneven but far from the cloth), a card half off its cell
    # (the cloth's colour, uneven, but not taken), a cell of the cloth as even as a face
    d_table = np.array([3.4, 7.0, 40.0, 3.0, 2.0])
    spreads = dict(zip(CELLS, [15.3, 1.7, 14.0, 15.0, 2.0]))
    occ = dict(zip(CELLS, [True, True, True, False, True]))
    assert _printed_table(CELLS, d_table, spreads, occ) == [(0, 0)]


def test_the_bounds_are_the_table_apart_and_a_faces_unevenness():
    near, uneven = GROW_APART - 0.1, UNEVEN_CELL + 0.1
    occ = dict.fromkeys(CELLS[:3], True)
    spreads = dict(zip(CELLS[:3], [uneven, UNEVEN_CELL, uneven]))
    assert _printed_table(CELLS[:3], np.array([near, near, GROW_APART]), spreads, occ) == [(0, 0)]
