"""A lamp's hot spot on the table beside the layout is no tile: it is the table's own colour in
more light and has no outline, however well the lit table's colour fits a paint (lit brown
wood and the brown tiles' paint) and however the foreground mask took it (vision.cells).

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import (kit_and_palette, paint_solid_tiles, photographed_view,  # noqa: E402
                    read_die_faces, under_lamp)

KIT, PAL = kit_and_palette("octopus")
N = 48
SIZE = 8
LAYOUT = {(2, 2): ("red", 4), (2, 3): ("blue", 2), (3, 2): ("green", 5), (3, 3): ("yellow", 1),
          (4, 2): ("purple", 3), (4, 3): ("white", 6), (5, 2): ("orange", 2)}
#: the hot spot's centre (row, col of the view, in cells) beside the layout
SPOT = (4.5, 5.0)


def _view(spot: bool):
    """A dim brown table (BGR about (25, 45, 70)) with the layout, and a lamp's hot spot (the
    table's light up to 2.6 times, fading over a cell and a half) beside it."""
    img = under_lamp((25, 45, 70), (SIZE * N, SIZE * N), N, SPOT, 1.5, 1.6 if spot else 0.0)
    paint_solid_tiles(img, LAYOUT, N, KIT)
    td, fg = photographed_view(img, LAYOUT, N, SIZE, np.random.default_rng(3), 3.0, 1.2)
    # (the mask took the lit table beside the layout for part of it)
    fg[3 * N:6 * N, 4 * N:6 * N] = 1.0
    return td, fg


def test_a_hot_spot_on_a_brown_table_beside_the_layout_is_no_tile():
    td, fg = _view(spot=True)
    assert set(read_die_faces(td, fg, KIT, PAL)) == set(LAYOUT)
