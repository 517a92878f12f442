"""A glossy face in a lamp's hot spot, paled towards the lamp's white so far that it lies over
ALIEN_COLOUR from every paint as lit, still stands out, shows its outline and fits its paint
through the glare: it is a tile, not a colour foreign to the kit (vision.cells._occupancy,
far_fit; the independent renderer's final17 textile normal 1764: a blue with six white pips at
L* 75-85, 28 from every paint, 8.6 through the glare). A colour no paint takes under any glare
(a teal, in a hue between the kit's green and blue) stays out."""
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import cells_mask, draw_solid_tile, paint_solid_tiles, taken_cells  # noqa: E402

from vision.cells import TopDown  # noqa: E402
from vision.colour import Palette, linear_to_srgb, srgb_to_linear  # noqa: E402
from vision.kits import kit_for_game  # noqa: E402

KIT = kit_for_game("textile")
PAL = Palette.from_hex(KIT.colours)
N = 48
SIZE = 7
#: the layout around CELL, on every side of it
TILES = {(2, 2): ("red", 2), (2, 3): ("green", 4), (2, 4): ("yellow", 1), (3, 2): ("yellow", 3),
         (3, 4): ("red", 5), (4, 2): ("green", 6), (4, 3): ("blue", 2), (4, 4): ("white", 4)}
CELL = (3, 3)
#: a grey felt (BGR)
FELT = (96, 94, 92)
#: the lamp's glare on the veiled face: a share of a white face's light added in linear light
#: (the blue then lies 28 from every paint, the white nearest, as in final17 normal 1764)
GLARE = 0.3


def _veiled_face(colour: str) -> np.ndarray:
    """A face of ``colour`` with six pips, ``GLARE`` of a neutral lamp added all over it
    (BGR, float 0-255)."""
    face = draw_solid_tile(N - 4, colour, 6, KIT).astype(np.float32) / 255.0
    return np.clip(linear_to_srgb(srgb_to_linear(face) + GLARE) * 255, 0, 255)


def _view(face: np.ndarray) -> tuple[TopDown, np.ndarray]:
    """The layout on the felt with ``face`` (BGR, (N - 4, N - 4, 3)) at CELL; the foreground
    mask holds every tile and CELL."""
    rng = np.random.default_rng(3)
    img = np.empty((SIZE * N, SIZE * N, 3), np.float64)
    img[:] = FELT
    paint_solid_tiles(img, TILES, N, KIT, inset=2)
    r, c = CELL
    img[r * N + 2:(r + 1) * N - 2, c * N + 2:(c + 1) * N - 2] = face
    img = np.clip(cv2.GaussianBlur(img + rng.normal(0, 2.0, img.shape), (0, 0), 1.0), 0, 255)
    fg = cells_mask(img.shape[:2], list(TILES) + [CELL], N)
    return TopDown(img.astype(np.uint8), N, N, 0, 0, SIZE, SIZE), fg


def test_a_blue_face_veiled_by_the_glare_is_a_tile():
    taken = taken_cells(*_view(_veiled_face("blue")), KIT, PAL)
    assert CELL in taken and set(TILES) <= set(taken)


def test_a_colour_no_paint_takes_under_glare_stays_out():
    face = np.zeros((N - 4, N - 4, 3), np.float32)
    face[:] = (150, 140, 0)   # a teal (BGR), 28 from every paint: no paint's hue
    assert CELL not in taken_cells(*_view(face), KIT, PAL)
