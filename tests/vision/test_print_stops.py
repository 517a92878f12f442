"""A white tile on a cloth printed with dots in nearly every cell: where the print stops."""
import cv2
import numpy as np
import pytest

from test_cells_reading import _outlined_tiles
from vision.colour import Palette
from vision.kits import kit_for_game


def _dense_dots_view(offset: tuple[float, float], n: int = 48, size: int = 7):
    """A cream cloth printed with purple dots (a fifth of a cell across, half a cell apart: a few
    in every cell) from ``offset`` (cells), a Textile layout of five tiles on it (outlined by a
    dark gap), and a white tile at (4, 2) lying pips down, its face the cloth's ground without
    dots, its shadow along its bottom side and half its left (not a gap all round); the mask
    covers the five tiles only. Returns the view, the mask and the six tiles' cells."""
    kit = kit_for_game("textile")
    img = np.full((size * n, size * n, 3), (200, 222, 240), np.uint8)
    step = 0.5 * n
    for y in np.arange(offset[1] * n, size * n, step):
        for x in np.arange(offset[0] * n, size * n, step):
            cv2.circle(img, (int(x), int(y)), int(0.1 * n), (110, 50, 90), -1, cv2.LINE_AA)
    img[4 * n + 2:5 * n - 2, 2 * n + 2:3 * n - 2] = (200, 222, 240)  # (the white face, no dots)
    img[5 * n - 3:5 * n, 2 * n:3 * n] = (80, 90, 100)               # (its shadow, bottom)
    img[4 * n + n // 2:5 * n, 2 * n:2 * n + 3] = (80, 90, 100)       # (... and down half its left)
    tiles = {(2, 2): ("blue", 3), (2, 3): ("red", 5), (3, 2): ("yellow", 2), (3, 3): ("green", 4),
             (4, 3): ("blue", 6)}
    td, fg = _outlined_tiles(img, tiles, tiles, kit, n, size)
    return td, fg, set(tiles) | {(4, 2)}


@pytest.mark.parametrize("offset", [(0.25, 0.25), (0.3, 0.15)])
def test_a_white_tile_where_a_dense_print_stops_is_read(offset):
    """final17 textile-normal-1768: a white tile on a cream cloth whose purple dots show in
    nearly every bare cell, outlined by its neighbours' rims and its own shadow, of the cloth's
    colour and without a spot: not the cloth outlined by its dots (DOTS_EVERYWHERE), a tile."""
    from vision.cells import read_cells

    td, fg, tiles = _dense_dots_view(offset)
    kit = kit_for_game("textile")
    readings, _ = read_cells(td, kit, palette=Palette.from_hex(kit.colours), fg=fg,
                             colours_apart=True)
    assert {(r.row, r.col) for r in readings if r.occupied} == tiles
