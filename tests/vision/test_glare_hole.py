"""A die face under a lamp's hot spot, among tiles on all four sides, is a tile: the sheen makes
its face uneven (paint and white light), but its pips vouch for it as they do for an even cell
(vision.cells).

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import kit_and_palette, paint_solid_tiles, photographed_view, read_die_faces  # noqa: E402

KIT, PAL = kit_and_palette("octopus")
N = 48
SIZE = 7
LAYOUT = {(2, 2): ("black", 2), (2, 3): ("white", 5), (2, 4): ("red", 6),
          (3, 2): ("yellow", 1), (3, 3): ("green", 5), (3, 4): ("green", 3),
          (4, 2): ("white", 6), (4, 3): ("red", 4), (4, 4): ("blue", 3)}
#: the middle tile, under the lamp's hot spot, which the foreground mask missed
HOLE = (3, 3)
#: a green and cream checked cloth (BGR), checks of a cell set off by half a cell
GREEN, CREAM = (60, 140, 50), (215, 235, 240)


def _view():
    h = w = SIZE * N
    yy, xx = np.mgrid[0:h, 0:w] + 0.5
    checks = ((yy / N + 0.5).astype(int) + (xx / N + 0.5).astype(int)) % 2 == 0
    img = np.where(checks[..., None], np.array(GREEN, float), np.array(CREAM, float))
    paint_solid_tiles(img, LAYOUT, N, KIT)
    # the hot spot: white light added over the lower left of the middle tile, fading over
    # a third of a cell (a glossy face's sheen of the lamp): its face reads 13 from green, its
    # colours spread 11 (an even face: at most 8)
    r2 = ((yy / N - 3.75) ** 2 + (xx / N - 3.3) ** 2) / 0.35 ** 2
    img = img + 90.0 * np.exp(-r2)[..., None]
    return photographed_view(img, [c for c in LAYOUT if c != HOLE], N, SIZE, np.random.default_rng(4),
                             3.0, 1.0)


def test_a_die_face_under_a_hot_spot_among_tiles_is_read():
    td, fg = _view()
    assert set(read_die_faces(td, fg, KIT, PAL)) == set(LAYOUT)
