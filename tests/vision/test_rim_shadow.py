"""A white tile on a cream cloth that the foreground mask missed, a few dE from the cloth, shows
its outline along the three sides it shares with tiles and, along its own side, no crisp edge
but the soft band of its side face or shadow: a tile (vision.cells._shadowed); a bare hole of
the cloth among three tiles stays empty, whether its open side shows nothing or a dark dot of
the cloth's print across it (dark along a part only); a red line of the print all along it is
no shadow either (a colour of its own).

The views are drawn here, not by the product's renderer."""
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from scenes import cells_mask, paint_solid_tiles  # noqa: E402

from vision.cells import RIM_SHADOW, TopDown, _rim_shadow, read_cells  # noqa: E402
from vision.colour import Palette  # noqa: E402
from vision.kits import kit_for_game  # noqa: E402

KIT = kit_for_game("textile")
PAL = Palette.from_hex(KIT.colours)
N = 48
SIZE = 7
#: the layout around the cell (3, 3): tiles left of, right of and below it, none above
TILES = {(3, 2): ("blue", 3), (3, 4): ("red", 5), (4, 3): ("green", 4), (4, 2): ("yellow", 2),
         (4, 4): ("blue", 1), (2, 4): ("green", 6), (2, 2): ("red", 2)}
CELL = (3, 3)
#: a cream cloth (BGR) a few dE from the white tiles' paint as photographed
CREAM = (222, 232, 236)
WHITE = (226, 234, 236)
#: the cloth's weave (grey levels): its texture sets the bar a clear edge must pass, which the
#: soft band (a 30% dip blurred over some 4 px) stays under
WEAVE = 12.0


def _view(white: bool, print_: str = "") -> tuple[TopDown, np.ndarray]:
    """The layout on the woven cream cloth, each tile outlined by a dark gap, and at CELL a
    smooth white tile whose own (top) side shows a soft shadow band (``white``) or the bare
    cloth, across whose top side the cloth's print draws a dark ``"dot"`` or a ``"line"`` of
    red (or nothing); the foreground mask holds the coloured tiles only."""
    rng = np.random.default_rng(5)
    img = np.empty((SIZE * N, SIZE * N, 3), np.float64)
    img[:] = CREAM
    img += rng.normal(0, WEAVE, img.shape[:2])[..., None]
    for r, c in TILES:
        cv2.rectangle(img, (c * N, r * N), ((c + 1) * N - 1, (r + 1) * N - 1), (90, 90, 90), 2)
    paint_solid_tiles(img, TILES, N, KIT, inset=2)
    r, c = CELL
    if white:
        img[r * N + 2:(r + 1) * N - 2, c * N + 2:(c + 1) * N - 2] = WHITE
        band = np.zeros(img.shape[:2], np.float32)
        band[r * N - 3:r * N + 1, c * N:(c + 1) * N] = 1.0
        band = cv2.GaussianBlur(band, (0, 0), 4.0)
        img *= 1.0 - 0.3 * band[..., None] / band.max()
    if print_ == "dot":
        cv2.circle(img, ((c + 1) * N - N // 3, r * N), N // 5, (70, 50, 90), -1, cv2.LINE_AA)
    elif print_ == "line":
        cv2.line(img, (c * N - N // 2, r * N), ((c + 1) * N + N // 2, r * N), (60, 60, 200), 3)
    img = np.clip(cv2.GaussianBlur(img + rng.normal(0, 2.0, img.shape), (0, 0), 1.0), 0, 255)
    fg = cells_mask(img.shape[:2], list(TILES), N)
    return TopDown(img.astype(np.uint8), N, N, 0, 0, SIZE, SIZE), fg


def _occupied(td: TopDown, fg: np.ndarray) -> set[tuple[int, int]]:
    """The cells ``read_cells`` takes as tiles."""
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg, colours_apart=True)
    return {(r.row, r.col) for r in readings if r.occupied}


def test_a_white_tile_the_mask_missed_is_taken_by_its_shadow_band():
    td, fg = _view(white=True)
    assert _rim_shadow(td, CELL, 0) > RIM_SHADOW
    assert _occupied(td, fg) == set(TILES) | {CELL}


@pytest.mark.parametrize("print_", ["", "dot"])
def test_a_hole_of_the_cloth_among_three_tiles_stays_empty(print_):
    td, fg = _view(white=False, print_=print_)
    assert _rim_shadow(td, CELL, 0) < RIM_SHADOW
    assert _occupied(td, fg) == set(TILES)


def test_a_printed_line_along_the_open_side_is_no_shadow():
    """(Its outline all round may still take the cell, as a tile's: see _rimmed.)"""
    td, _ = _view(white=False, print_="line")
    assert _rim_shadow(td, CELL, 0) == 0.0
