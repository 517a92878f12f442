"""A white tile in a strong light clips to the sensor's white: its face is blown out, and its
cell's colour is read from its pips and shading (no palette colour fits it). Where every tile
lies pips up, such a cell with an outline all round is still a tile when its pips read clearly
(a lamp's reflection on the table has no pips and no outline) (vision.cells).

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import (draw_solid_tile, kit_and_palette, paint_solid_tiles,  # noqa: E402
                    photographed_view, read_die_faces)

KIT, PAL = kit_and_palette("octopus")
N = 48
SIZE = 8
LAYOUT = {(2, 2): ("red", 4), (2, 3): ("blue", 2), (2, 4): ("green", 5), (3, 2): ("yellow", 1),
          (3, 4): ("purple", 3), (4, 2): ("orange", 6), (4, 3): ("brown", 2), (4, 4): ("pink", 2)}
#: the white tile in the middle of the layout, blown out
WHITE = (3, 3)
#: a green table, BGR
TABLE = (60, 140, 60)


def _view():
    h = w = SIZE * N
    img = np.empty((h, w, 3), np.float64)
    img[:] = TABLE
    paint_solid_tiles(img, LAYOUT, N, KIT)
    face = draw_solid_tile(N - 4, "white", 4, KIT).astype(np.float64)
    # (the white paint in 1.3 times the light: clipped wherever it is not a pip)
    r, c = WHITE
    img[r * N + 2:(r + 1) * N - 2, c * N + 2:(c + 1) * N - 2] = np.minimum(face * 1.3, 255)
    return photographed_view(img, LAYOUT, N, SIZE, np.random.default_rng(4), 1.0, 0.8)


def test_a_blown_out_white_tile_with_clear_pips_is_a_tile():
    td, fg = _view()
    occupied = read_die_faces(td, fg, KIT, PAL)
    assert set(occupied) == set(LAYOUT) | {WHITE}
    assert occupied[WHITE].attrs.get("pips") == 4
