"""Where the view's outer ring is no one surface (a polka-dot cloth whose big dots fill some of
its cells: no table model, vision.cells._occupancy's ``no_table``), a tile the mask missed is
still taken for its outline all round (edges on four sides, all along OUTLINE_FULL) when its
colour, even as a tile's face is, lies within OUTLINED_EVEN_FIT of a paint: a white tile shaded
grey, 12-16 from the white paint (past OUTLINED_FIT) under the light fitted on the coloured
tiles (final23 textile-hard-3009: four white tiles on a red-dotted white cloth). The bare
cloth's cells stay empty, and so does a cell outlined all round in a colour further than
OUTLINED_EVEN_FIT from every paint (a grey card between the tiles), or past OUTLINED_FIT and
uneven, spread beyond EVEN_SPREAD (a print's motif)."""
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import cells_mask, paint_solid_tiles, taken_cells  # noqa: E402

from vision.cells import TopDown  # noqa: E402
from vision.colour import Palette  # noqa: E402
from vision.kits import kit_for_game  # noqa: E402

KIT = kit_for_game("textile")
PAL = Palette.from_hex(KIT.colours)
N = 48
SIZE = 8
#: the coloured tiles, which the mask holds, around the cells (3, 3) and (4, 4)
#: (every tile pips down, as in that photo)
TILES = {(2, 2): ("blue", None), (2, 3): ("red", None), (2, 4): ("green", None),
         (3, 2): ("yellow", None), (3, 4): ("green", None), (4, 2): ("red", None),
         (4, 3): ("blue", None), (5, 4): ("yellow", None), (4, 5): ("red", None),
         (5, 3): ("green", None)}
WHITE = [(3, 3), (4, 4)]
#: the cloth's ground and its dots (BGR): a white cloth printed with big red dots
GROUND = (236, 238, 240)
DOT = (70, 60, 200)
#: a white tile's face in the shade (BGR): L* about 71, 15.5 from the white paint
SHADED_WHITE = (172, 176, 180)
#: a grey card's face (BGR): L* about 50, further than OUTLINED_EVEN_FIT from every paint
GREY = (118, 120, 122)


def _view(face: tuple[int, int, int] = SHADED_WHITE, mottled: bool = False
          ) -> tuple[TopDown, np.ndarray]:
    """The layout on the dotted cloth with faces of colour ``face`` (BGR) at WHITE, each in its
    gap, ``mottled`` with darker and lighter stripes (a print's motif, no tile's face); the
    foreground mask holds the coloured tiles only."""
    rng = np.random.default_rng(3)
    img = np.empty((SIZE * N, SIZE * N, 3), np.float64)
    img[:] = GROUND
    # (dots of two thirds of a cell across, in every other cell: the ring's cells half red,
    # half white, no one surface; the dots' edges inside the cells, along no border)
    for r in range(SIZE):
        for c in range(SIZE):
            if (r + c) % 2 == 0:
                cv2.circle(img, (int((c + 0.5) * N), int((r + 0.5) * N)), int(0.32 * N), DOT, -1,
                           cv2.LINE_AA)
    img[2 * N:6 * N, 2 * N:6 * N] = GROUND  # (the layout's cells: the cloth between the tiles)
    paint_solid_tiles(img, TILES, N, KIT, inset=3)
    for r, c in WHITE:
        img[r * N + 3:(r + 1) * N - 3, c * N + 3:(c + 1) * N - 3] = face
        if mottled:
            wave = 45.0 * np.sin(np.arange(N - 6) * 2 * np.pi / 16)  # (across the face)
            img[r * N + 3:(r + 1) * N - 3, c * N + 3:(c + 1) * N - 3] += wave[None, :, None]
    # (each tile's gap: a shadow line around its face)
    for r, c in list(TILES) + WHITE:
        cv2.rectangle(img, (c * N + 1, r * N + 1), ((c + 1) * N - 2, (r + 1) * N - 2),
                      (120, 120, 120), 2)
    img = np.clip(cv2.GaussianBlur(img + rng.normal(0, 2.0, img.shape), (0, 0), 1.0), 0, 255)
    fg = cells_mask(img.shape[:2], list(TILES), N)
    return TopDown(img.astype(np.uint8), N, N, 0, 0, SIZE, SIZE), fg


def _taken(td: TopDown, fg: np.ndarray) -> set[tuple[int, int]]:
    """The cells ``read_cells`` takes as tiles beyond the coloured ones."""
    return set(taken_cells(td, fg, KIT, PAL)) - set(TILES)


def test_shaded_white_tiles_outlined_on_a_busy_cloth_are_taken():
    assert _taken(*_view()) == set(WHITE)


def test_an_uneven_face_as_loose_a_fit_stays_empty():
    # (a tile's face is even: a cell spread past EVEN_SPREAD at a loose fit is a print's motif)
    assert _taken(*_view(mottled=True)) == set()


def test_a_grey_face_outlined_all_round_stays_empty():
    assert _taken(*_view(GREY)) == set()


#: a plain even cloth (BGR) and its bare hole in a shade: 13-16 from the white paint (as far as
#: a shaded white tile) but within a few units of the table
PLAIN = (200, 205, 210)
PLAIN_HOLE = (180, 185, 190)


def _plain_hole() -> tuple[TopDown, np.ndarray]:
    """Nine pips-down tiles round a bare hole at (3, 3) on a plain cloth, each tile in its gap
    (the hole outlined by its neighbours' gaps alone), the hole in a shade (PLAIN_HOLE)."""
    rng = np.random.default_rng(3)
    tiles = {(2, 2): ("blue", None), (2, 3): ("red", None), (2, 4): ("green", None),
             (3, 2): ("yellow", None), (3, 4): ("green", None), (4, 2): ("red", None),
             (4, 3): ("blue", None), (4, 4): ("yellow", None), (5, 3): ("green", None)}
    img = np.empty((SIZE * N, SIZE * N, 3), np.float64)
    img[:] = PLAIN
    paint_solid_tiles(img, tiles, N, KIT, inset=3)
    img[3 * N + 3:4 * N - 3, 3 * N + 3:4 * N - 3] = PLAIN_HOLE
    for r, c in tiles:
        cv2.rectangle(img, (c * N + 1, r * N + 1), ((c + 1) * N - 2, (r + 1) * N - 2),
                      (120, 120, 120), 2)
    img = np.clip(cv2.GaussianBlur(img + rng.normal(0, 2.0, img.shape), (0, 0), 1.0), 0, 255)
    fg = cells_mask(img.shape[:2], list(tiles), N)
    return TopDown(img.astype(np.uint8), N, N, 0, 0, SIZE, SIZE), fg


def test_a_plain_cloths_shaded_hole_outlined_by_its_neighbours_stays_empty():
    # (the loose fit holds only where the table gives no model or the cell stands apart from
    # it: a bare hole of a plain cloth lies near the table, however far from white)
    assert (3, 3) not in taken_cells(*_plain_hole(), KIT, PAL)
