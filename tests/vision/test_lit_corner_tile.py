"""A tile of the table's own colour in a lamp's hot spot at a corner of an Octopus layout is a
tile: lit, its paint is the table's colour in more light and its rim on the table is too faint
to count (edges only along the sides its neighbours hold), so it is taken out as the lit table
(vision.cells._lit_table_in_corners); but a hot spot shows no die face, and the tile does: its
pips vouch for it, as for any cell beside the layout. The independent renderer's oct30
octopus-hard-1227 (a brown 6 on dark wood) lost its brown tile so.

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import kit_and_palette, paint_solid_tiles, photographed_view, read_die_faces  # noqa: E402

KIT, PAL = kit_and_palette("octopus")
N = 48
SIZE = 9
LAYOUT = {(2, 2): ("red", 4), (2, 3): ("blue", 2), (3, 2): ("green", 5), (3, 3): ("orange", 1),
          (4, 2): ("purple", 3), (4, 3): ("black", 5), (5, 2): ("pink", 2), (3, 4): ("white", 3),
          (4, 4): ("brown", 6)}
#: a table of the brown paint's own colour (BGR), as a dark wood
TABLE = (43, 74, 122)
#: the lamp's hot spot (row, col in cells) at the brown tile's outer corner, its gain and radius
#: (cells): the linear light times 1 + GAIN exp(-d^2 / RADIUS^2), over the tiles and the table
SPOT, GAIN, RADIUS = (5.0, 5.0), 1.5, 0.9


def _view():
    img = np.zeros((SIZE * N, SIZE * N, 3)) + np.array(TABLE, float)
    paint_solid_tiles(img, LAYOUT, N, KIT)
    yy, xx = np.mgrid[0:SIZE * N, 0:SIZE * N] + 0.5
    r2 = ((yy / N - SPOT[0]) ** 2 + (xx / N - SPOT[1]) ** 2) / RADIUS ** 2
    lamp = 1.0 + GAIN * np.exp(-r2)
    img = 255.0 * np.clip((img / 255.0) ** 2.2 * lamp[..., None], 0, 1) ** (1 / 2.2)
    return photographed_view(img, list(LAYOUT), N, SIZE, np.random.default_rng(5), 3.0, 1.2)


def test_a_tile_of_the_tables_colour_in_a_hot_spot_at_a_corner_is_vouched_for_by_its_pips():
    td, fg = _view()
    got = read_die_faces(td, fg, KIT, PAL)
    assert set(got) == set(LAYOUT)
    assert got[(4, 4)].attrs == {"colour": "brown", "pips": 6}
