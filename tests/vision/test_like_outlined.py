"""A white tile among three tiles on a speckled cream table (tex39 textile-normal-2532): the
mask misses it (pale, as the table is), the light fitted on the coloured tiles leaves it beyond
TEXTURE_FIT of the white paint, and its one side facing the table shows no edge (its face meets
the table there), so neither its colour's fit nor a rim of its own vouches for it. But its face
is as smooth as the tiles' where the table is speckled, and its colour is that of a white tile
the reader took for its outline all round: the same paint in the same light, so a tile too
(vision.cells._like_outlined). A notch there shows the speckled table and stays empty."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import kit_and_palette, paint_solid_tiles, photographed_view, taken_cells  # noqa: E402

KIT, PAL = kit_and_palette("textile")
N = 48
SIZE = 8
#: the white tile whose side facing the table (its right) shows no edge
CELL = (3, 3)
#: a white tile outlined all round (a shadow in its gap on every side)
OUTLINED = (5, 4)
#: the coloured tiles, pips down (plain faces, as smooth as the photo's tiles): CELL's top, left
#: and bottom neighbours, and beyond
TILES = {(2, 2): ("red", None), (2, 3): ("green", None), (3, 2): ("blue", None),
         (4, 2): ("green", None), (4, 3): ("yellow", None), (5, 3): ("blue", None),
         (4, 4): ("red", None)}
#: the table's cream and the speckle's spread (BGR levels), the white tiles' face (BGR, paler
#: than the table: 3 from it, 13 from the white paint, beyond TEXTURE_FIT) and the shadow in
#: a tile's gap
TABLE, SPECKLE, WHITE, GAP = (165, 200, 226), 14.0, (178, 212, 234), (110, 120, 130)
#: the camera's noise (levels) and blur (sigma, pixels)
NOISE, BLUR = 2.0, 1.0


#: a white tile outlined all round apart from the layout (touching none of its tiles)
APART = (1, 6)


def _view(tile: bool, outlined: tuple[int, int] = OUTLINED):
    """The speckled table, the layout on it in its tiles' gaps, a white tile at ``outlined``
    outlined all round (by default OUTLINED, beside the layout) and at
    CELL a white tile (``tile``) up to the table on its right, or the bare table; the
    foreground mask holds the coloured tiles only."""
    rng = np.random.default_rng(11)
    img = np.array(TABLE, np.float64) + rng.normal(0, SPECKLE, (SIZE * N, SIZE * N, 1))
    for r, c in list(TILES) + [outlined]:
        img[r * N:(r + 1) * N, c * N:(c + 1) * N] = GAP
    paint_solid_tiles(img, TILES, N, KIT, inset=3)
    r, c = outlined
    img[r * N + 3:(r + 1) * N - 3, c * N + 3:(c + 1) * N - 3] = WHITE
    if tile:
        r, c = CELL
        img[r * N + 3:(r + 1) * N - 3, c * N + 3:(c + 1) * N] = WHITE
    return photographed_view(img, list(TILES), N, SIZE, rng, NOISE, BLUR)


def test_a_smooth_cell_like_an_outlined_tile_is_a_tile():
    taken = taken_cells(*_view(tile=True), KIT, PAL)
    assert set(TILES) | {OUTLINED} <= set(taken)
    assert CELL in taken


def test_a_notch_showing_the_speckled_table_stays_empty():
    taken = taken_cells(*_view(tile=False), KIT, PAL)
    assert set(TILES) | {OUTLINED} <= set(taken)
    assert CELL not in taken


def test_only_an_outlined_tile_that_joins_the_layout_vouches():
    # (a white outlined all round but apart from the layout is no tile taken: its look is no
    # paint's, and the white tile beside the layout is left to its own evidence)
    taken = taken_cells(*_view(tile=True, outlined=APART), KIT, PAL)
    assert set(TILES) <= set(taken)
    assert APART not in taken and CELL not in taken
