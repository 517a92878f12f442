"""A printed cloth's red flower beside a layout (final20 textile-hard-2108, tex39
textile-normal-2526's blue flowers): the foreground mask leaves it out as the cloth (whose bare
cells show smaller flowers of its red), but the flower fills its cell, its petals making edges
all round, and its red lies within reach of the red paint, so its outline alone took it for a
tile. Its red is not that of the red tiles the
mask holds, in the same light (vision.cells._unlike_held_paint): no tile. A red tile the mask
misses there, of the held tiles' very red, is still taken for its outline."""
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import kit_and_palette, paint_solid_tiles, photographed_view, taken_cells  # noqa: E402

from vision.cells import _unlike_held_paint  # noqa: E402

KIT, PAL = kit_and_palette("textile")
N = 48
SIZE = 8
#: the cell beside the layout holding the flower (or the red tile the mask misses)
CELL = (2, 5)
#: the tiles the mask holds, pips down: two reds among them
TILES = {(2, 2): ("red", None), (2, 3): ("green", None), (2, 4): ("blue", None),
         (3, 2): ("yellow", None), (3, 3): ("red", None), (3, 4): ("green", None),
         (4, 3): ("blue", None)}
#: the table's cream (BGR), the shadow in a tile's gap, and the flower's red: the red paint
#: darkened (about 9 CIEDE2000 from the red tiles, within the flowers' 5.8-8.7 and beyond
#: GROW_FIT, as a print's red is on the photos)
TABLE, GAP, FLOWER_GAIN = (200, 225, 235), (90, 100, 110), 0.72
#: bare cells of the cloth (the view's outer ring) showing a smaller flower of its red
RING_FLOWERS = [(0, 1), (0, 4), (0, 6), (7, 2), (7, 5), (3, 0), (5, 7)]
#: the camera's noise (levels) and blur (sigma, pixels)
NOISE, BLUR = 2.0, 1.0


def _view(flower: bool):
    """The cream table with RING_FLOWERS, the layout on it in its tiles' gaps, and at CELL a
    flower filling the cell on the cream (``flower``) or a red tile in its gap's shadow; the mask
    holds TILES only."""
    rng = np.random.default_rng(5)
    img = np.zeros((SIZE * N, SIZE * N, 3)) + np.array(TABLE, np.float64)
    for r, c in list(TILES) + ([] if flower else [CELL]):
        img[r * N:(r + 1) * N, c * N:(c + 1) * N] = GAP
    paint_solid_tiles(img, TILES, N, KIT, inset=3)
    paint_solid_tiles(img, {CELL: ("red", None)}, N, KIT, inset=3)
    red = img[CELL[0] * N + N // 2, CELL[1] * N + N // 2].copy()
    for r, c in RING_FLOWERS:
        cv2.circle(img, (c * N + N // 2, r * N + N // 2), int(0.45 * N), FLOWER_GAIN * red, -1)
    if flower:
        r, c = CELL
        face = img[r * N + 3:(r + 1) * N - 3, c * N + 3:(c + 1) * N - 3]
        face *= FLOWER_GAIN
    return photographed_view(img, list(TILES), N, SIZE, rng, NOISE, BLUR)


def test_a_flower_unlike_the_held_reds_is_no_tile():
    taken = taken_cells(*_view(flower=True), KIT, PAL)
    assert set(TILES) <= set(taken)
    assert CELL not in taken


def test_a_red_tile_the_mask_misses_is_still_taken():
    taken = taken_cells(*_view(flower=False), KIT, PAL)
    assert set(TILES) <= set(taken)
    assert CELL in taken


def test_unlike_only_in_a_hued_paint_the_mask_holds():
    # paints 0 (hued) and 1 (white): cell 0 held, cell 1 its paint's colour, cell 2 far from
    # it; cell 3 white far from the held white cell 4; cell 5 of a paint no held cell shows
    labs = np.array([[45, 65, 45], [46, 64, 44], [32, 50, 30], [80, 0, 8], [95, 0, 1],
                     [50, 0, -50]], float)
    paint = np.array([0, 0, 0, 1, 1, 2])
    hued = np.array([True, False, True])
    held = np.array([True, False, False, False, True, False])
    assert _unlike_held_paint(labs, paint, hued, held).tolist() == [
        False, False, True, False, False, False]


#: a lamp's hot spot on the red tile the mask misses: the share of its face clipped white, and
#: how far what is left of it is washed towards white (a share of white mixed in), which leaves
#: it beyond GROW_FIT of the held reds
SPOT_CLIPPED, SPOT_WASH = 0.3, 0.2


def test_a_red_tile_a_hot_spot_clips_is_not_judged_against_the_held_reds():
    # (what is left of its face, washed by the spot, lies beyond GROW_FIT of the held reds)
    from vision.cells import HELD_LOOK_GLARE

    td, fg = _view(flower=False)
    r, c = CELL
    face = td.image[r * N + 3:(r + 1) * N - 3, c * N + 3:(c + 1) * N - 3].astype(np.float64)
    face += SPOT_WASH * (255.0 - face)
    side = face.shape[0]
    face[:int(side * SPOT_CLIPPED)] = 255.0  # (a band across the face: the spot's middle)
    td.image[r * N + 3:(r + 1) * N - 3, c * N + 3:(c + 1) * N - 3] = face.astype(np.uint8)
    assert SPOT_CLIPPED > HELD_LOOK_GLARE
    taken = taken_cells(td, fg, KIT, PAL)
    assert set(TILES) <= set(taken)
    # (taken on its outline as a tile is, sure of it: not left to be grown later as one the
    # outline failed, at a grown tile's confidence)
    assert CELL in taken and taken[CELL].occ_conf > 0.9
