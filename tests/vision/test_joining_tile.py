"""A white tile on a cream cloth that the mask missed, outlined all along its four sides, where
the tiles around it meet along no side but through it, is taken (vision.cells._occupancy,
``_joins_parts``): a textile is one group of tiles joined along their sides (RULES.md), so the
tiles beyond it would otherwise be cut off the textile and dropped as the cloth's motifs (tex22
textile-hard-1691). A hole among tiles joined around it is left alone."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import (kit_and_palette, paint_solid_tiles, photographed_view,  # noqa: E402
                    print_blots)

from vision.cells import TopDown, read_cells  # noqa: E402

KIT, PAL = kit_and_palette("textile")
N = 48
SIZE = 8
CELL = (3, 3)
#: four parts of two tiles each, along the four sides of CELL, meeting along no side
APART = {(3, 2): ("blue", 3), (3, 1): ("red", 5), (2, 3): ("green", 4), (1, 3): ("yellow", 2),
         (3, 4): ("red", 2), (3, 5): ("blue", 6), (4, 3): ("yellow", 1), (5, 3): ("green", 1)}
#: the same tiles and those at CELL's corners: one part, joined around CELL
JOINED = {**APART, (2, 2): ("purple", 3), (2, 4): ("orange", 4), (4, 2): ("orange", 5),
          (4, 4): ("purple", 6)}
#: two parts along CELL's row, its other two sides on the bare cloth
ROW = {c: v for c, v in APART.items() if c[0] == CELL[0]}
#: a cream cloth's ground and its dark print (BGR)
CREAM, PRINT = (200, 226, 238), (40, 40, 50)
#: how many blots are printed, of what radii (pixels): a printed cloth, away from the layout
BLOTS, BLOT_RADII = 300, (5, 10)
#: the camera's noise (levels) and blur (sigma, pixels)
NOISE, BLUR = 2.0, 1.0
#: the white tile's face, a little paler than the cream, and the shadow in its gap (BGR)
FACE, GAP = (214, 234, 242), (120, 128, 134)


def _view(tiles: dict, white: bool | None) -> tuple[TopDown, np.ndarray]:
    """A cream cloth printed with dark blots, ``tiles`` on it and, with ``white``, a white tile
    in its gap at CELL (False: the cloth in a gap there; None: the bare cloth, no gap). The
    foreground mask holds the coloured tiles only."""
    rng = np.random.default_rng(1)
    img = np.empty((SIZE * N, SIZE * N, 3), np.float64)
    img[:] = CREAM
    print_blots(img, rng, BLOTS, BLOT_RADII, PRINT)
    paint_solid_tiles(img, tiles, N, KIT, inset=2)
    r, c = CELL
    img[r * N:(r + 1) * N, c * N:(c + 1) * N] = CREAM if white is None else GAP
    if white:
        img[r * N + 3:(r + 1) * N - 3, c * N + 3:(c + 1) * N - 3] = FACE
    elif white is False:
        img[r * N + 2:(r + 1) * N - 2, c * N + 2:(c + 1) * N - 2] = CREAM
    return photographed_view(img, list(tiles), N, SIZE, rng, NOISE, BLUR)


def _taken(tiles: dict, white: bool | None) -> set[tuple[int, int]]:
    """The cells ``read_cells`` takes as tiles beyond ``tiles``."""
    td, fg = _view(tiles, white)
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg, colours_apart=True)
    return {(r.row, r.col) for r in readings if r.occupied} - set(tiles)


def test_a_white_tile_joining_the_parts_around_it_is_taken():
    assert CELL in _taken(APART, white=True)


def test_a_hole_among_tiles_joined_around_it_stays_empty():
    assert CELL not in _taken(JOINED, white=False)


def test_a_bare_cell_between_two_parts_stays_empty():
    # (not enclosed: the parts alone do not vouch for it; the rule of a rim of its own decides,
    # and the bare cloth there has none)
    assert CELL not in _taken(ROW, white=None)
