"""Tapestry on a cloth in the cards' colours: a card the foreground mask missed, beside the
layout, that looks just like the cards of its paint taken (vision.cells occupancy): the same
paint in the same light looks the same, however far the light fitted on the cards leaves it
from the palette. The cloth's squares of that colour show no art and stay the table."""
import sys
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from vision.cells import TopDown, read_cells
from vision.colour import Palette
from vision.kits import kit_for_game

sys.path.insert(0, str(Path(__file__).parent))
from scenes import draw_card  # noqa: E402

KIT = kit_for_game("tapestry")
PAL = Palette.from_hex(KIT.colours)
#: A blue paint as a camera may record it, 9 (CIEDE2000) from the kit's blue as lit by the light
#: fitted on the cards (the independent renderer's hard 002 read its blue cards 7.4-8.7 from it).
BLUE_SEEN = "#2E9EE0"
W, H = 36, 48


def _view(cards: dict, fg_cells: set, squares: list, size=(5, 6)):
    """A top-down view ``size`` (rows, cols) of cells ``W`` x ``H`` on a cream cloth with plain
    squares of the blue paint in cells ``squares``, cards ``{(row, col): (colour, symbol)}``
    (blue ones in :data:`BLUE_SEEN`), and a foreground mask covering only ``fg_cells``."""
    seen = replace(KIT, colours={**KIT.colours, "blue": BLUE_SEEN})
    rows, cols = size
    img = np.full((rows * H, cols * W, 3), (200, 222, 235), np.uint8)
    blue = tuple(int(BLUE_SEEN[i:i + 2], 16) for i in (5, 3, 1))
    for r, c in squares:
        img[r * H:(r + 1) * H, c * W:(c + 1) * W] = blue
    fg = np.zeros(img.shape[:2], np.float32)
    for (r, c), (colour, symbol) in cards.items():
        img[r * H + 2:(r + 1) * H - 2, c * W + 2:(c + 1) * W - 2] = draw_card(W - 4, H - 4, colour,
                                                                          symbol, seen)
    for r, c in fg_cells:
        fg[r * H:(r + 1) * H, c * W:(c + 1) * W] = 1.0
    rng = np.random.default_rng(3)
    img = np.clip(img + rng.normal(0, 1.5, img.shape), 0, 255).astype(np.uint8)
    img = cv2.GaussianBlur(img, (0, 0), 0.8)
    return TopDown(img, W, H, 0, 0, rows, cols), fg


def test_a_card_the_mask_missed_that_looks_like_the_cards_of_its_paint_is_read(monkeypatch):
    import vision.cells as cells

    # outlines seen on two sides at most (a checked cloth: no evidence either way)
    monkeypatch.setattr(cells, "_edge_sides", lambda borders, td: {
        (r, c): 2 for r in range(td.r0, td.r0 + td.rows) for c in range(td.c0, td.c0 + td.cols)})
    cards = {(1, 1): ("red", "rock"), (1, 2): ("blue", "paper"), (1, 3): ("yellow", "scissors"),
             (2, 1): ("green", "paper"), (2, 2): ("blue", "rock"), (2, 3): ("purple", "rock"),
             (3, 1): ("orange", "rock"), (3, 2): ("blue", "scissors"), (3, 3): ("blue", "paper")}
    missed = (3, 3)
    squares = [(0, 0), (0, 2), (0, 4), (4, 1), (4, 3), (4, 5)]  # (the cloth's, on the view's ring)
    td, fg = _view(cards, set(cards) - {missed}, squares)
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg)
    occupied = {(rd.row, rd.col): rd for rd in readings if rd.occupied}
    assert set(occupied) == set(cards)
    assert occupied[missed].attrs["colour"] == "blue"
