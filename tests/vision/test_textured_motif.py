"""A printed cloth's red flower beside a Textile layout (final19 textile-normal-1995, red and
green flowers on a cream cloth): the foreground mask leaves it out as the cloth, but its petals
fill the cell in the red of the red tiles, well apart from the cream, and make edges all round
it, so its colour and outline grew it into the layout. Its petals leave the cream showing
between them, its own edges crossing the cell: it is as textured as the bare cloth's cells
(vision.cells._occupancy, ``textured_as_table``), where a tile's face is one smooth paint. A
red tile the mask misses there is still grown."""
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import (kit_and_palette, paint_solid_tiles, photographed_view, print_blots,  # noqa: E402
                    taken_cells)

KIT, PAL = kit_and_palette("textile")
N = 48
SIZE = 8
#: the cell beside the layout holding the flower (or the red tile the mask misses)
CELL = (2, 5)
#: the tiles the mask holds, pips down: two reds among them
TILES = {(2, 2): ("red", None), (2, 3): ("green", None), (2, 4): ("blue", None),
         (3, 2): ("yellow", None), (3, 3): ("red", None), (3, 4): ("green", None),
         (4, 3): ("blue", None)}
#: the table's cream (BGR) and the shadow in a tile's gap
TABLE, GAP = (200, 225, 235), (90, 100, 110)
#: the cloth's small green flowers (BGR, how many, radii in pixels): its texture all over
LEAVES, LEAF_COUNT, LEAF_RADII = (60, 120, 40), 260, (3, 7)
#: bare cells of the cloth (the view's outer ring) showing a flower of the tiles' red: fewer
#: than TABLE_LOOKS, so the bare table's looks leave red out, as on a cloth whose red flowers
#: are as few as the photo's
RING_FLOWERS = [(0, 1), (7, 5)]
#: the camera's noise (levels) and blur (sigma, pixels)
NOISE, BLUR = 2.0, 1.0


def _flower(img: np.ndarray, cell: tuple[int, int], colour) -> None:
    """Five petals of ``colour`` round the middle of ``cell``, filling it to its sides, the
    cream showing between them and at its corners (in place)."""
    r, c = cell
    cy, cx = r * N + N / 2, c * N + N / 2
    for k in range(5):
        a = 2 * np.pi * k / 5 + 0.3
        centre = (int(cx + 0.22 * N * np.cos(a)), int(cy + 0.22 * N * np.sin(a)))
        cv2.circle(img, centre, int(0.17 * N), tuple(map(float, colour)), -1)
    cv2.circle(img, (int(cx), int(cy)), int(0.12 * N), tuple(map(float, colour)), -1)


def _view(flower: bool):
    """The cream table with RING_FLOWERS, the layout on it in its tiles' gaps, and at CELL a
    flower (``flower``) or a red tile in its gap's shadow; the mask holds TILES only."""
    rng = np.random.default_rng(7)
    img = np.zeros((SIZE * N, SIZE * N, 3)) + np.array(TABLE, np.float64)
    print_blots(img, rng, LEAF_COUNT, LEAF_RADII, LEAVES)
    for r, c in list(TILES) + ([] if flower else [CELL]):
        img[r * N:(r + 1) * N, c * N:(c + 1) * N] = GAP
    paint_solid_tiles(img, TILES, N, KIT, inset=3)
    red = img[2 * N + N // 2, 2 * N + N // 2].copy()
    for cell in RING_FLOWERS + ([CELL] if flower else []):
        _flower(img, cell, red)
    if not flower:
        paint_solid_tiles(img, {CELL: ("red", None)}, N, KIT, inset=3)
    return photographed_view(img, list(TILES), N, SIZE, rng, NOISE, BLUR)


def test_a_flower_as_textured_as_the_cloth_is_no_tile():
    taken = taken_cells(*_view(flower=True), KIT, PAL)
    assert set(TILES) <= set(taken)
    assert CELL not in taken


def test_a_smooth_red_tile_the_mask_misses_is_still_taken():
    taken = taken_cells(*_view(flower=False), KIT, PAL)
    assert set(TILES) <= set(taken)
    assert CELL in taken
