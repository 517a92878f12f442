"""A cream tile enclosed by tiles on a brown gingham (final20 textile-hard-2106): the mask
misses it (pale, as the cloth's light checks are), and the light fitted on the coloured tiles
leaves it far from white, so neither its colour's fit nor a rim of its own (no side faces the
table) vouches for it; but its colour is none of the cloth's looks, well apart from them, and
its face is as smooth as the tiles' where the cloth is checked all over: it is a tile
(vision.cells._occupancy). A hole there shows the gingham, its looks and its checks, and stays
empty (the checks leave it uneven, so it is refused before the enclosed rule is asked; the
rule's colour and smoothness guards have no test of their own yet)."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import kit_and_palette, paint_solid_tiles, photographed_view, taken_cells  # noqa: E402

KIT, PAL = kit_and_palette("textile")
N = 48
SIZE = 8
#: the enclosed cell
CELL = (3, 3)
#: one part of tiles all round CELL (its four sides and corners), no two of one colour side
#: by side (Textile's rule), lying pips down (plain faces, as smooth as the photo's tiles)
TILES = {(2, 2): ("red", None), (2, 3): ("green", None), (2, 4): ("red", None),
         (3, 2): ("blue", None), (3, 4): ("yellow", None), (4, 2): ("yellow", None),
         (4, 3): ("blue", None), (4, 4): ("green", None)}
#: a gingham's checks (BGR): brown where both bands cross, a paler brown where one does, white
#: where none does; each check this many pixels
BROWN, MID, LIGHT, CHECK = (40, 75, 130), (140, 170, 205), (240, 244, 246), 12
#: a cream tile's face (BGR) and the shadow in its gap
CREAM, GAP = (180, 222, 240), (90, 100, 110)
#: the camera's noise (levels) and blur (sigma, pixels)
NOISE, BLUR = 2.0, 1.0


def _view(tile: bool):
    """The gingham, the layout on it in its tiles' gaps and at CELL a cream tile (``tile``) or
    the bare gingham; the foreground mask holds the coloured tiles only."""
    rng = np.random.default_rng(5)
    y, x = np.mgrid[:SIZE * N, :SIZE * N]
    bands = ((y // CHECK) % 2) + ((x // CHECK) % 2)
    img = np.array([LIGHT, MID, BROWN], np.float64)[bands]
    for r, c in list(TILES) + ([CELL] if tile else []):
        img[r * N:(r + 1) * N, c * N:(c + 1) * N] = GAP
    paint_solid_tiles(img, TILES, N, KIT, inset=3)
    if tile:
        r, c = CELL
        img[r * N + 3:(r + 1) * N - 3, c * N + 3:(c + 1) * N - 3] = CREAM
    return photographed_view(img, list(TILES), N, SIZE, rng, NOISE, BLUR)


def test_an_enclosed_smooth_cell_unlike_the_cloth_is_a_tile():
    taken = taken_cells(*_view(tile=True), KIT, PAL)
    assert set(TILES) <= set(taken)
    assert CELL in taken


def test_a_hole_showing_the_gingham_stays_empty():
    taken = taken_cells(*_view(tile=False), KIT, PAL)
    assert set(TILES) <= set(taken)
    assert CELL not in taken
