"""A cell of a cream cloth whose print makes a die face (a flower's dark heart and petals that a
die layout fits), in a Textile layout whose tiles all lie pips down, is the cloth's print: a white
tile there would lie pips down as the rest do (vision.cells._printed_faces; nrm1
textile-normal-1525, a cream floral's ground read as a white 2 beside tiles without pips)."""
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import (PIP_LAYOUT, kit_and_palette, paint_solid_tiles, photographed_view,  # noqa: E402
                    taken_cells)

from vision.cells import PIPS_UP_TILES, TopDown  # noqa: E402

KIT, PAL = kit_and_palette("textile")
N = 48
SIZE = 8
#: the cell of the cloth whose print reads as a die face, beside the layout
PRINT = (3, 5)
#: the layout: ten tiles in the four colours a cream cloth does not show, no two of one colour
#: side by side (Textile's rule)
TILES = {(2, 2): "red", (2, 3): "green", (2, 4): "red", (3, 2): "blue", (3, 3): "yellow",
         (3, 4): "blue", (4, 2): "yellow", (4, 3): "blue", (4, 4): "green", (5, 3): "red"}
#: a cream cloth, the print's dark heart, the shadow in a tile's gap (BGR)
CREAM, HEART, GAP = (200, 226, 238), (60, 40, 70), (120, 128, 134)
#: the camera's noise (levels) and blur (sigma, pixels)
NOISE, BLUR = 2.0, 1.0


def _view(pips: int | None = None) -> tuple[TopDown, np.ndarray]:
    """The cream cloth, the layout on it in its tiles' gaps (each tile showing ``pips``, or
    lying pips down) and at PRINT the cloth printed with two dark spots where a die's 2 has its
    pips; the foreground mask holds the layout and the printed cell."""
    rng = np.random.default_rng(3)
    img = np.empty((SIZE * N, SIZE * N, 3), np.float64)
    img[:] = CREAM
    for r, c in TILES:
        img[r * N:(r + 1) * N, c * N:(c + 1) * N] = GAP
    paint_solid_tiles(img, {k: (v, pips) for k, v in TILES.items()}, N, KIT, inset=3)
    r, c = PRINT
    for x, y in PIP_LAYOUT[2]:
        cv2.circle(img, (int((c + x) * N), int((r + y) * N)), int(0.1 * N), HEART, -1, cv2.LINE_AA)
    return photographed_view(img, [*TILES, PRINT], N, SIZE, rng, NOISE, BLUR)


def _taken(td: TopDown, fg: np.ndarray) -> dict:
    """The cells ``read_cells`` (Textile: tiles may lie either face up) takes as tiles."""
    return taken_cells(td, fg, KIT, PAL)


def test_the_layout_is_large_enough_to_show_its_tiles_pips_down():
    assert len(TILES) >= PIPS_UP_TILES


def test_a_die_face_printed_on_the_cloth_beside_tiles_lying_pips_down_is_the_cloth():
    taken = _taken(*_view())
    assert set(TILES) <= set(taken)
    assert PRINT not in taken


def test_the_printed_die_face_is_not_judged_where_the_tiles_show_theirs():
    # (every tile pips up: the print may be a white tile's face, as the rules before decide)
    taken = _taken(*_view(pips=3))
    assert set(TILES) <= set(taken)


def test_a_tenth_of_the_tiles_showing_a_face_counts_as_pips_down():
    # (the mirror of the pips-up share: one face in ten tiles is pips down, two are either side)
    from types import SimpleNamespace
    from vision.cells import _printed_faces
    tiles = [(0, i) for i in range(10)]
    attrs = {c: ({"pips": None},) for c in tiles} | {PRINT: ({"pips": 2},)}
    ctx = SimpleNamespace(table_coloured={PRINT})
    attrs[tiles[0]] = ({"pips": 4},)
    assert _printed_faces(ctx, attrs, [*tiles, PRINT]) == [PRINT]
    attrs[tiles[1]] = ({"pips": 5},)
    assert _printed_faces(ctx, attrs, [*tiles, PRINT]) == []
