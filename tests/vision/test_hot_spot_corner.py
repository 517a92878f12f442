"""A lamp's hot spot on a cream table in a corner of the layout (tiles on two of its sides) is no
tile: it is the table's own colour in more light, lit near white (the white tiles' paint), and
its only edges are the rims of the tiles beside it; a white tile on the same table shows its own
rim where it meets the bare table (vision.cells).

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import kit_and_palette, paint_solid_tiles, photographed_view, under_lamp  # noqa: E402

from vision.cells import read_cells  # noqa: E402

KIT, PAL = kit_and_palette("textile")
N = 48
SIZE = 8
#: an L of tiles: the cell (4, 3) has tiles above it and to its right, the bare table below and
#: to its left
LAYOUT = {(2, 2): ("green", 1), (2, 3): ("blue", 2), (3, 3): ("red", 3), (3, 2): ("yellow", 4),
          (4, 4): ("green", 5), (5, 4): ("blue", 6), (3, 4): ("white", 2)}
#: the hot spot's centre (row, col of the view, in cells): the middle of the corner cell (4, 3)
SPOT = (4.5, 3.5)
#: a cream table (BGR), as a beige laminate under a warm lamp
CREAM = (178, 204, 222)


def _view():
    """The cream table with the layout and a lamp's hot spot (the table's light up to 1.6
    times, fading over a cell) in the corner cell, which the foreground mask took."""
    img = under_lamp(CREAM, (SIZE * N, SIZE * N), N, SPOT, 1.0, 0.6)
    paint_solid_tiles(img, LAYOUT, N, KIT)
    return photographed_view(img, list(LAYOUT) + [(4, 3)], N, SIZE, np.random.default_rng(5), 4.0, 1.0)


def _occupied() -> set:
    td, fg = _view()
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg, colours_apart=True)
    return {(r.row, r.col) for r in readings if r.occupied}


def test_a_hot_spot_in_a_corner_of_the_layout_is_no_tile():
    assert _occupied() == set(LAYOUT)
