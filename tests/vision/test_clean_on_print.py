"""A plain white tile on a printed cloth of its colour (cream with dark dots), which the mask
missed and whose gap shows along three sides only (its far side meets the cloth directly), is
taken for its plain face: the print marks nearly every bare cell of the cloth, never the tile's
face (vision.cells._occupancy, ``clean_outlined``, :func:`vision.cells._clean_on_print`;
final23 textile-normal-3008, tex39 textile-normal-2526). The print's edges make the table
``edgy``, so its outline alone is no evidence, nor, with a side open, its gap all round."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import (kit_and_palette, paint_solid_tiles, photographed_view,  # noqa: E402
                    print_blots)

from vision.cells import (CLEAN_FACE, PRINT_CLEAN_SHARE, PRINT_RING_CELLS,  # noqa: E402
                          TopDown, _clean_on_print, read_cells)

KIT, PAL = kit_and_palette("textile")
N = 48
SIZE = 8
#: the layout around the cell (3, 3): tiles left of, right of and below it, none above
TILES = {(3, 2): ("blue", 3), (3, 4): ("red", 5), (4, 3): ("green", 4), (4, 2): ("yellow", 2),
         (2, 4): ("green", 6), (2, 2): ("red", 2), (4, 4): ("blue", 1), (5, 3): ("red", 1)}
CELL = (3, 3)
#: a cream cloth's ground and its dark dots (BGR)
CREAM, PRINT = (200, 226, 238), (40, 60, 110)
#: how many dots are printed, of what radii (pixels): every bare cell shows some
DOTS, DOT_RADII = 600, (5, 9)
#: the camera's noise (levels) and blur (sigma, pixels)
NOISE, BLUR = 2.0, 1.0
#: the white tile's face, paler than the cream (5 CIEDE2000 from it, as a white tile from a
#: floral's cream ground in tex39 textile-normal-2526), and the shadow in its gap (BGR)
FACE, GAP = (226, 243, 249), (120, 128, 134)
#: a face of the cream's very colour (under vision.cells.TABLE_SAME from it)
CREAM_FACE = (214, 234, 242)


def _view(white: bool = True, plain: bool = False, face=FACE,
          gap: bool = True) -> tuple[TopDown, np.ndarray]:
    """The dotted cloth, the layout on it and at CELL a white tile (``white``) of colour
    ``face`` (BGR) whose gap shows along its near and side edges but not its far (top) one
    (with ``gap``; without, a patch of that colour over the whole cell and the near half of
    the cell above it, no gap round it and no edge along its top side); or,
    not ``white`` but ``plain``, a patch of the bare cloth's ground without dots there. The
    mask holds the coloured tiles."""
    rng = np.random.default_rng(2)
    img = np.empty((SIZE * N, SIZE * N, 3), np.float64)
    img[:] = CREAM
    print_blots(img, rng, DOTS, DOT_RADII, PRINT)
    paint_solid_tiles(img, TILES, N, KIT, inset=2)
    r, c = CELL
    if white and gap:
        img[r * N:(r + 1) * N, c * N:(c + 1) * N] = GAP
        img[r * N:(r + 1) * N - 3, c * N + 3:(c + 1) * N - 3] = face
    elif white:
        img[r * N - N // 2:(r + 1) * N, c * N:(c + 1) * N] = face
    elif plain:
        img[r * N:(r + 1) * N - 2, c * N + 2:(c + 1) * N - 2] = CREAM
    return photographed_view(img, list(TILES), N, SIZE, rng, NOISE, BLUR)


def _taken(td: TopDown, fg: np.ndarray) -> set[tuple[int, int]]:
    """The cells ``read_cells`` takes as tiles beyond the coloured ones."""
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg, colours_apart=True)
    return {(r.row, r.col) for r in readings if r.occupied} - set(TILES)


def test_a_plain_tile_outlined_on_three_sides_on_a_dotted_cloth_is_taken():
    assert CELL in _taken(*_view())


def test_a_plain_face_of_the_colour_of_a_clean_bare_cell_is_not_taken():
    # (the dots leave one bare cell of the view's ring, (6, 0), clean: a plain cell of its
    # very colour may be the cloth's ground, as a wide stripe's, final19 textile-normal-1993)
    assert CELL not in _taken(*_view(face=CREAM_FACE))


def test_a_plain_patch_in_the_tiles_colour_without_a_rim_of_its_own_stays_empty():
    # (the white face's own colour, apart from the cream and from every clean bare cell, but
    # no gap round it: edges all along three sides, the tiles' rims beside it, none its own.
    # Only the rim check, _rimmed along OUTLINE_FULL sides in clean_outlined, leaves it out:
    # without it the cell was taken)
    assert CELL not in _taken(*_view(gap=False))


def test_the_dotted_cloth_in_the_layouts_gap_stays_empty():
    assert CELL not in _taken(*_view(white=False))


def test_a_patch_of_the_cloths_plain_ground_without_an_outline_stays_empty():
    assert CELL not in _taken(*_view(white=False, plain=True))


def test_a_clean_cell_is_a_plain_face_only_where_the_bare_cloth_is_marked():
    printed = np.full(PRINT_RING_CELLS, 10 * CLEAN_FACE)
    assert _clean_on_print(CLEAN_FACE / 4, printed)
    assert not _clean_on_print(2 * CLEAN_FACE, printed)
    plain = printed.copy()
    plain[:int(np.ceil(len(plain) * PRINT_CLEAN_SHARE)) + 1] = CLEAN_FACE / 4
    assert not _clean_on_print(CLEAN_FACE / 4, plain)  # (a plain cloth: says nothing)
    assert not _clean_on_print(CLEAN_FACE / 4, printed[:PRINT_RING_CELLS - 1])
