"""A cell of a cream cloth beside the layout that the foreground mask took (a mask spills over a
notch of the layout: tex14 textile-normal-869 of the independent renderer) is no tile: its
colour is the bare table's own, nearer it than any paint, and it shows no outline of its own
(an edge along one side at most, its neighbour's rim), however near the white tiles' paint the
cream lies (vision.cells).

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import as_photographed, cells_mask, paint_solid_tiles  # noqa: E402

from vision.cells import TopDown, read_cells  # noqa: E402
from vision.colour import Palette  # noqa: E402
from vision.kits import kit_for_game  # noqa: E402

KIT = kit_for_game("textile")
PAL = Palette.from_hex(KIT.colours)
N = 48
SIZE = 8
#: the layout: the cell (4, 3) has a tile above it only
LAYOUT = {(2, 2): ("green", 1), (2, 3): ("blue", 2), (3, 3): ("red", 3), (3, 2): ("yellow", 4),
          (3, 4): ("white", 2), (2, 4): ("red", None)}
NOTCH = (4, 3)
#: a cream cloth (BGR), 8 CIEDE2000 from the white tiles' paint: nearer it than the loose fit
#: that alone marks a patch of the table (vision.cells.OUTLINE_FREE_FIT)
CREAM = (198, 220, 232)


def _occupied() -> set:
    """The cells read as tiles, the foreground mask holding the layout and the notch."""
    h = w = SIZE * N
    img = np.empty((h, w, 3), np.float64)
    img[:] = CREAM
    paint_solid_tiles(img, LAYOUT, N, KIT)
    img = as_photographed(img, np.random.default_rng(3), 3.0, 1.0)
    fg = cells_mask((h, w), list(LAYOUT) + [NOTCH], N)
    readings, _ = read_cells(TopDown(img, N, N, 0, 0, SIZE, SIZE), KIT, palette=PAL, fg=fg,
                             colours_apart=True)
    return {(r.row, r.col) for r in readings if r.occupied}


def test_cream_cloth_the_mask_took_beside_the_layout_is_no_tile():
    assert _occupied() == set(LAYOUT)
