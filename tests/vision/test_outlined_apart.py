"""A tile the mask missed, in a colour the bare table shows nowhere, far from it, outlined on
three sides (its fourth rim out of the band searched: the tile a fifth of a cell off the
lattice) is a tile however far the light fitted on the other tiles leaves it from every paint
(vision.cells._occupancy, _rimmed on OUTLINE_FULL sides; tex16 textile-normal-1208: a white
tile on a grey felt)."""
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import cells_mask, paint_solid_tiles, taken_cells  # noqa: E402

from vision.cells import (TopDown, _border_edges, _full_sides,  # noqa: E402
                          view_gradients)
from vision.colour import Palette  # noqa: E402
from vision.kits import kit_for_game  # noqa: E402

KIT = kit_for_game("textile")
PAL = Palette.from_hex(KIT.colours)
N = 48
SIZE = 7
#: the layout around the cell (3, 3): tiles left of, right of and below it, none above
TILES = {(3, 2): ("blue", 3), (3, 4): ("red", 5), (4, 3): ("green", 4), (4, 2): ("yellow", 2),
         (2, 4): ("green", 6), (2, 2): ("red", 2), (4, 4): ("blue", 1)}
CELL = (3, 3)
#: a grey felt (BGR)
FELT = (96, 94, 92)
#: a white tile's face as a warm light and the camera left it (BGR): peach, well apart from the
#: felt, further from the white paint than a tile grown for its colour (GROW_FIT)
PEACH = (186, 206, 232)
#: the white tile's offset to the left of its cell (pixels): its left rim beyond the band
SHIFT = 9


def _view(white: bool = True, peach_cloth: bool = False) -> tuple[TopDown, np.ndarray]:
    """The layout on the felt with a peach tile at CELL set SHIFT pixels left (``white``), or
    none; ``peach_cloth``: the felt shows patches of that peach too. The foreground mask holds
    the coloured tiles only."""
    rng = np.random.default_rng(5)
    img = np.empty((SIZE * N, SIZE * N, 3), np.float64)
    img[:] = FELT
    img += rng.normal(0, 3.0, img.shape[:2])[..., None]
    paint_solid_tiles(img, TILES, N, KIT, inset=2)
    peach = ([CELL] if white else []) + ([(0, 1), (0, 4), (6, 2), (6, 5), (3, 0)]
                                         if peach_cloth else [])
    for r, c in peach:
        img[r * N + 2:(r + 1) * N - 2, c * N + 2 - SHIFT:(c + 1) * N - 2 - SHIFT] = PEACH
    img = np.clip(cv2.GaussianBlur(img + rng.normal(0, 2.0, img.shape), (0, 0), 1.0), 0, 255)
    fg = cells_mask(img.shape[:2], list(TILES), N)
    return TopDown(img.astype(np.uint8), N, N, 0, 0, SIZE, SIZE), fg


def _taken(td: TopDown, fg: np.ndarray) -> set[tuple[int, int]]:
    """The cells ``read_cells`` takes as tiles beyond the coloured ones."""
    return set(taken_cells(td, fg, KIT, PAL)) - set(TILES)


def test_a_tile_outlined_on_three_sides_apart_from_the_table_is_taken():
    td, fg = _view()
    assert sum(_full_sides(_border_edges(td, view_gradients(td)), td)[CELL]) == 3
    assert _taken(td, fg) == {CELL}


def test_a_hole_of_the_felt_stays_empty():
    assert _taken(*_view(white=False)) == set()


def test_a_colour_the_cloth_shows_is_not_taken_so():
    assert _taken(*_view(peach_cloth=True)) == set()
