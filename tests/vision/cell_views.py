"""Top-down views of solid tiles drawn cell by cell, for tests of the cells' reading (the
faces drawn by tests/vision/scenes.py, not by the product's renderer)."""
from __future__ import annotations

import numpy as np

from tests.vision.scenes import draw_solid_tile
from vision.cells import TopDown
from vision.kits import Kit

#: the cell's side in the top-down view (pixels: the reader's for solid tiles)
CELL = 48
#: nine tiles of the Octopus set, row by row
NINE_TILES = [("red", 1), ("blue", 2), ("green", 3), ("yellow", 4), ("purple", 5), ("black", 6),
              ("orange", 2), ("pink", 3), ("white", 4)]


def cells_view(cells: dict[tuple[int, int], np.ndarray], ground: tuple[int, int, int],
               n: int = 5) -> tuple[TopDown, np.ndarray]:
    """An ``n`` x ``n`` top-down view of cells of the ``ground`` (BGR), ``cells`` ((row, col) ->
    (CELL, CELL, 3) BGR) drawn in it, with a little noise; and its foreground mask (the cells
    drawn)."""
    img = np.zeros((n * CELL, n * CELL, 3), np.uint8)
    img[:] = ground
    fg = np.zeros((n * CELL, n * CELL), bool)
    for (r, c), face in cells.items():
        img[r * CELL:(r + 1) * CELL, c * CELL:(c + 1) * CELL] = face
        fg[r * CELL:(r + 1) * CELL, c * CELL:(c + 1) * CELL] = True
    noisy = img + np.random.default_rng(0).normal(0, 1.5, img.shape)
    return TopDown(np.clip(noisy, 0, 255).astype(np.uint8), CELL, CELL, 0, 0, n, n), fg


def tile_on(ground: tuple[int, int, int], colour: str, pips: int, size: int,
            kit: Kit) -> np.ndarray:
    """One tile on the ``ground`` (BGR) in a ``size`` square: its face inset by a gap of
    ground (a 24th of the square, the kit's gap between tiles about that)."""
    out = np.zeros((size, size, 3), np.uint8)
    out[:] = ground
    g = max(1, size // 24)
    out[g:size - g, g:size - g] = draw_solid_tile(size - 2 * g, colour, pips, kit)
    return out
