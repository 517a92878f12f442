"""Tapestry: the window of the lattice through the cards (vision.cards._window) takes in the
cells that pieces beside the cards reach only when they fill them as cards do.

A piece of cards (an L of cards of one colour, a card of no card shape) fills most of the
cells it reaches; a stripe of the cloth in a card's colour, crossing the lattice's axes, fills
a small share of the box it spans, and stripes chained one from the next carried the window
across the table, past the most cells a window may have: no lattice from the cards at all."""
import cv2
import numpy as np

from vision.cards import MIN_REACH_FILL, CardPiece, _reach_fill, _window

#: Two cards placed, cells (j, i) on a lattice whose coordinates are the pixels' (one cell a
#: unit square: the inverse homography the identity).
TAKEN = {(0, 0), (1, 0)}
IDENTITY = np.eye(3)


def _piece_of(outline: list[tuple[float, float]], colour: int = 2) -> CardPiece:
    """A piece of card colour ``colour`` with the ``outline`` (pixels = lattice coordinates)."""
    pts = np.array(outline, float)
    area = cv2.contourArea(pts.astype(np.float32))
    return CardPiece(tuple(pts.mean(axis=0)), pts, area, None, colour)


def _stripe(x0: float, y0: float, length: float, width: float = 0.3) -> CardPiece:
    """A band ``width`` cells wide from (x0, y0) at 45 degrees to the lattice's axes."""
    d = length / np.sqrt(2)
    return _piece_of([(x0, y0), (x0 + width, y0), (x0 + width + d, y0 + d), (x0 + d, y0 + d)])


def _l_of_cards() -> CardPiece:
    """Three cards of one colour in an L beside the two placed (cells (2, 0), (2, 1), (1, 1)),
    a little in from the cells' sides (the gaps)."""
    return _piece_of([(2.05, 0.05), (2.95, 0.05), (2.95, 1.95), (1.05, 1.95), (1.05, 1.05), (2.05, 1.05)])


def test_a_piece_of_cards_fills_the_cells_it_reaches():
    assert _reach_fill(_l_of_cards().outline, np.array([1, 0]), np.array([2, 1])) > MIN_REACH_FILL
    stripe = _stripe(-3.0, -3.0, 11.0)
    assert _reach_fill(stripe.outline, np.array([-3, -3]), np.array([4, 4])) < MIN_REACH_FILL


def test_an_l_of_cards_beside_the_layout_widens_the_window():
    rows, cols = _window([_l_of_cards()], IDENTITY, TAKEN)
    assert cols == (-1, 3) and rows == (-1, 2)


def test_stripes_of_a_card_colour_across_the_lattice_do_not_widen_it():
    # stripes at 45 degrees through and beside the layout, one after the other across the table
    # (eleven: without the rule the window runs to 12 x 28 cells, past MAX_CELLS: no lattice)
    stripes = [_stripe(-6.0 + 1.5 * k, -5.0, 14.0) for k in range(11)]
    window = _window(stripes + [_l_of_cards()], IDENTITY, TAKEN)
    assert window == ((-1, 2), (-1, 3))


def test_the_cards_own_mask_holds_the_pieces_of_cards_not_the_cloths_print():
    # (a floral cloth printed in a card's colour, the locator's foreground and the one by colour
    # alone both carrying on past the cards: the lattice is read on the cards' own pieces, and
    # a motif's piece in the window counted there was a cell of the layout left unread, its
    # coverage 0.61 against 0.78 without them: tap15 tapestry hard-916)
    from vision.cards import _pieces_mask

    scale = 10.0  # (work pixels per lattice unit; the lattice's coordinates are the image's)
    card = _piece_of([(0.05, 0.05), (0.95, 0.05), (0.95, 0.95), (0.05, 0.95)])
    motif = _stripe(1.0, 0.0, 3.0, width=0.2)
    mask = _pieces_mask((60, 60), [card, motif], IDENTITY, ((-1, 4), (-1, 4)), scale)
    assert mask[5, 5]  # (the card's middle)
    assert not mask[10, 21] and not mask[15, 26]  # (along the stripe: x = y + 1.1 cells)
