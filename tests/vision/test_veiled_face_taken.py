"""A glossy face in a lamp's hot spot, paled towards the lamp's white so far that it lies over
ALIEN_COLOUR from every paint as lit, still stands out, shows its outline and fits its paint
through the glare: it is a tile, not a colour foreign to the kit (vision.cells._occupancy,
far_fit; the independent renderer's final17 textile normal 1764: a blue with six white pips at
L* 75-85, about 27 from every paint, 8.6 through the glare). A colour no paint takes under any glare
(a teal, in a hue between the kit's green and blue) stays out."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import (draw_solid_tile, kit_and_palette, paint_solid_tiles,  # noqa: E402
                    photographed_view, taken_cells)

from vision.cells import TopDown  # noqa: E402
from vision.colour import linear_to_srgb, srgb_to_linear  # noqa: E402

KIT, PAL = kit_and_palette("textile")
N = 48
SIZE = 7
#: the layout around CELL, on every side of it
TILES = {(2, 2): ("red", 2), (2, 3): ("green", 4), (2, 4): ("yellow", 1), (3, 2): ("yellow", 3),
         (3, 4): ("red", 5), (4, 2): ("green", 6), (4, 3): ("blue", 2), (4, 4): ("white", 4)}
CELL = (3, 3)
#: a grey felt (BGR)
FELT = (96, 94, 92)
#: the lamp's glare on the veiled face: a share of a white face's light added in linear light
#: (the blue then lies about 27 from every paint, the white nearest, as in final17 normal 1764)
GLARE = 0.3


def _veiled_face(colour: str) -> np.ndarray:
    """A face of ``colour`` with six pips, ``GLARE`` of a neutral lamp added all over it
    (BGR, float 0-255)."""
    face = draw_solid_tile(N - 4, colour, 6, KIT).astype(np.float32) / 255.0
    return np.clip(linear_to_srgb(srgb_to_linear(face) + GLARE) * 255, 0, 255)


def _view(face: np.ndarray) -> tuple[TopDown, np.ndarray]:
    """The layout on the felt with ``face`` (BGR, (N - 4, N - 4, 3)) at CELL; the foreground
    mask holds every tile and CELL."""
    img = np.empty((SIZE * N, SIZE * N, 3), np.float64)
    img[:] = FELT
    paint_solid_tiles(img, TILES, N, KIT, inset=2)
    r, c = CELL
    img[r * N + 2:(r + 1) * N - 2, c * N + 2:(c + 1) * N - 2] = face
    return photographed_view(img, list(TILES) + [CELL], N, SIZE, np.random.default_rng(3),
                             noise=2.0, blur=1.0)


def test_a_blue_face_veiled_by_the_glare_is_a_tile():
    taken = taken_cells(*_view(_veiled_face("blue")), KIT, PAL)
    assert CELL in taken and set(TILES) <= set(taken)


def test_a_colour_no_paint_takes_under_glare_stays_out():
    face = np.zeros((N - 4, N - 4, 3), np.float32)
    face[:] = (150, 140, 0)   # a teal (BGR), 28 from every paint: no paint's hue
    assert CELL not in taken_cells(*_view(face), KIT, PAL)
