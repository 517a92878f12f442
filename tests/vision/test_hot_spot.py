"""A lamp's hot spot on the table beside the layout is no tile: it is the table's own colour in
more light and has no outline, however well the lit table's colour fits a paint (lit brown
wood and the brown tiles' paint) and however the foreground mask took it (vision.cells).

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import as_photographed, cells_mask, paint_solid_tiles, read_die_faces  # noqa: E402

from vision.cells import TopDown  # noqa: E402
from vision.colour import Palette  # noqa: E402
from vision.kits import kit_for_game  # noqa: E402

KIT = kit_for_game("octopus")
PAL = Palette.from_hex(KIT.colours)
N = 48
SIZE = 8
LAYOUT = {(2, 2): ("red", 4), (2, 3): ("blue", 2), (3, 2): ("green", 5), (3, 3): ("yellow", 1),
          (4, 2): ("purple", 3), (4, 3): ("white", 6), (5, 2): ("orange", 2)}
#: the hot spot's centre (row, col of the view, in cells) beside the layout
SPOT = (4.5, 5.0)


def _view(spot: bool):
    """A dim brown table (BGR about (25, 45, 70)) with the layout, and a lamp's hot spot (the
    table's light up to 2.6 times, fading over a cell and a half) beside it."""
    h = w = SIZE * N
    lin = np.tile(((np.array([25, 45, 70], np.float64) / 255.0) ** 2.2), (h, w, 1))
    if spot:
        yy, xx = np.mgrid[0:h, 0:w] + 0.5
        r2 = ((yy / N - SPOT[0]) ** 2 + (xx / N - SPOT[1]) ** 2) / 1.5 ** 2
        lin *= 1.0 + 1.6 * np.exp(-r2)[..., None]
    img = 255.0 * np.clip(lin, 0, 1) ** (1 / 2.2)
    paint_solid_tiles(img, LAYOUT, N, KIT)
    img = as_photographed(img, np.random.default_rng(3), 3.0, 1.2)
    fg = cells_mask((h, w), LAYOUT, N)
    # (the mask took the lit table beside the layout for part of it)
    fg[3 * N:6 * N, 4 * N:6 * N] = 1.0
    return TopDown(img, N, N, 0, 0, SIZE, SIZE), fg


def test_a_hot_spot_on_a_brown_table_beside_the_layout_is_no_tile():
    td, fg = _view(spot=True)
    assert set(read_die_faces(td, fg, KIT, PAL)) == set(LAYOUT)
