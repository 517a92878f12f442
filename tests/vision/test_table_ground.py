"""Where every tile lies pips up (Octopus), a cell of the bare table's own colour without pips
is the table, however the foreground mask took it: the plain ground of a printed cloth between
its motifs is smooth, so the mask's texture cue calls it foreground, and a cream ground fits
the white paint within a few dE (vision.cells). A white tile on that cloth shows its pips and
stays.

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import kit_and_palette, paint_solid_tiles, photographed_view, read_die_faces  # noqa: E402

KIT, PAL = kit_and_palette("octopus")
N = 48
SIZE = 8
LAYOUT = {(2, 2): ("red", 4), (2, 3): ("blue", 2), (3, 2): ("green", 5), (3, 3): ("white", 1),
          (4, 2): ("purple", 3), (4, 3): ("black", 6), (5, 2): ("orange", 2)}
#: plain patches of the cloth's ground beside the layout, which the mask took for tiles
GROUND = [(3, 4), (4, 4), (5, 3)]
#: the cloth's cream ground, BGR (CIELAB about 94, 2, 8)
CREAM = (226, 238, 246)


def _view():
    """A cream cloth printed with dark flowers (a few per cell, on the cells' rims and some
    centres), the layout on it, and plain ground beside the layout."""
    h = w = SIZE * N
    img = np.empty((h, w, 3), np.float64)
    img[:] = CREAM
    rng = np.random.default_rng(5)
    plain = set(LAYOUT) | set(GROUND)
    for r in range(SIZE):
        for c in range(SIZE):
            for _ in range(3):
                # motifs on the cells' rims, and in the centres of cells away from the layout
                if (r, c) in plain:
                    y, x = rng.choice([0.0, 1.0]) * N, rng.uniform(0, N)
                    if rng.random() < 0.5:
                        y, x = x, y
                else:
                    y, x = rng.uniform(0, N), rng.uniform(0, N)
                cv2.circle(img, (int(c * N + x), int(r * N + y)), int(0.12 * N), (40, 40, 45), -1)
    paint_solid_tiles(img, LAYOUT, N, KIT)
    return photographed_view(img, list(LAYOUT) + GROUND, N, SIZE, rng, 2.0, 1.0)


def test_the_plain_ground_of_a_printed_cloth_beside_the_layout_is_no_tile():
    td, fg = _view()
    occupied = set(read_die_faces(td, fg, KIT, PAL))
    assert occupied == set(LAYOUT)
