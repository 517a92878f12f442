"""A die's pips are of its kit's pip paints (white or black): a polka-dot cloth whose dots a
die layout fits (green dots on white) does not read as die faces, so it does not stop the
pips from vouching for a white tile beside the layout that the mask and the colour missed
(vision.cells).

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import kit_and_palette, paint_solid_tiles, photographed_view, read_die_faces  # noqa: E402

KIT, PAL = kit_and_palette("octopus")
N = 48
SIZE = 8
LAYOUT = {(2, 2): ("red", 4), (2, 3): ("blue", 2), (3, 2): ("green", 5), (3, 3): ("black", 1),
          (4, 2): ("purple", 3), (4, 3): ("brown", 6), (5, 2): ("orange", 2)}
#: a white tile beside the layout, which the mask missed (its colour is the cloth's)
WHITE = (3, 4)
#: the cloth: white, with green dots on a square grid of this spacing (pixels) and radius
CLOTH, DOT, SPACING, RADIUS = (236, 241, 242), (70, 130, 40), 16, 4


def _dotted_cloth(ground, dot) -> np.ndarray:
    """The view's cloth: ``ground`` (BGR) with ``dot``-coloured dots on a square grid."""
    h = w = SIZE * N
    img = np.empty((h, w, 3), np.uint8)
    img[:] = ground
    for y in range(SPACING // 2, h, SPACING):
        for x in range(SPACING // 2, w, SPACING):
            cv2.circle(img, (x, y), RADIUS, dot, -1, cv2.LINE_AA)
    return img


def _view():
    img = _dotted_cloth(CLOTH, DOT)
    paint_solid_tiles(img, {**LAYOUT, WHITE: ("white", 5)}, N, KIT)
    return photographed_view(img, LAYOUT, N, SIZE, np.random.default_rng(2), 2.0, 0.8)


def test_a_polka_dot_cloth_does_not_stop_pips_vouching_for_a_white_tile():
    td, fg = _view()
    occupied = read_die_faces(td, fg, KIT, PAL)
    assert set(occupied) == set(LAYOUT) | {WHITE}
    assert occupied[WHITE].attrs.get("pips") == 5



#: beside the layout, on a black cloth with cream dots that read as die faces, a white tile in
#: the shade (its black pips vouch for it) and beyond it a red tile in the shade with white pips,
#: near the cream in colour: its red face is no ground the cloth shows, so they are a tile's pips
SHADED_WHITE, RED = (2, 4), (1, 4)
DARK_CLOTH, CREAM_DOT = (30, 30, 32), (205, 228, 240)
#: the shade on the two tiles: their colours then fit no paint closely enough to be taken for
#: their colour alone
SHADE = 0.82


def _dark_view():
    img = _dotted_cloth(DARK_CLOTH, CREAM_DOT)
    layout = {c: v for c, v in LAYOUT.items() if v[0] != "black"}
    paint_solid_tiles(img, {**layout, SHADED_WHITE: ("white", 4), RED: ("red", 5)}, N, KIT)
    for r, c in (SHADED_WHITE, RED):
        cell = img[r * N:(r + 1) * N, c * N:(c + 1) * N]
        cell[:] = (cell * SHADE).astype(np.uint8)
    return (*photographed_view(img, layout, N, SIZE, np.random.default_rng(2), 2.0, 0.8), layout)


def test_pips_of_a_tile_of_a_colour_the_dotted_cloth_lacks_vouch_for_it():
    td, fg, layout = _dark_view()
    occupied = read_die_faces(td, fg, KIT, PAL)
    assert set(occupied) == set(layout) | {SHADED_WHITE, RED}
    assert occupied[RED].attrs.get("pips") == 5


#: a white tile on a cloth of its own colour, which the mask and the colour miss, joins two
#: parts of a layout: the part beyond it, two tiles, is too small to be kept apart from the
#: layout's largest part (vision.cells._keep_main_group) until the white tile's pips vouch for it
LINK, BEYOND = (3, 3), {(2, 3): ("purple", 3), (1, 3): ("black", 4)}
MAIN = {(4, 2): ("red", 4), (4, 3): ("blue", 2), (5, 2): ("green", 5), (5, 3): ("orange", 1),
        (6, 2): ("brown", 6), (6, 3): ("yellow", 2)}
WHITE_CLOTH = (236, 241, 242)


def test_tiles_beyond_a_white_tile_its_pips_vouch_for_are_the_layouts():
    size = 9
    img = np.empty((size * N, size * N, 3), np.uint8)
    img[:] = WHITE_CLOTH
    paint_solid_tiles(img, {**MAIN, **BEYOND, LINK: ("white", 5)}, N, KIT)
    td, fg = photographed_view(img, {**MAIN, **BEYOND}, N, size, np.random.default_rng(2), 2.0, 0.8)
    occupied = read_die_faces(td, fg, KIT, PAL)
    assert set(occupied) == set(MAIN) | set(BEYOND) | {LINK}
