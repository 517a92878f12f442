"""A hole in a Textile layout on a cream cloth, which the foreground mask holds (its texture cue
calls the cloth's smooth ground foreground, as smooth as a tile's face) and its neighbours'
gaps outline all round, is the cloth when the photo's tiles all lie pips up: a white tile there
would show its die face too (vision.cells._shown_pips_up; final13 textile-hard-805, a cream
floral's ground between the tiles read as white)."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import kit_and_palette, paint_solid_tiles, photographed_view, taken_cells  # noqa: E402

from vision.cells import PIPS_UP_TILES, TopDown, read_cells  # noqa: E402

KIT, PAL = kit_and_palette("textile")
N = 48
SIZE = 8
#: the hole, tiles all round it
HOLE = (3, 3)
#: the layout round the hole: ten tiles in the four colours a cream cloth does not show, no two
#: of one colour side by side (Textile's rule)
TILES = {(2, 2): ("red", 2), (2, 3): ("green", 6), (2, 4): ("red", 5), (3, 2): ("blue", 3),
         (3, 4): ("yellow", 4), (4, 2): ("yellow", 2), (4, 3): ("blue", 1), (4, 4): ("green", 4),
         (5, 3): ("red", 1), (3, 5): ("green", 3)}
#: a cream cloth and the shadow in a tile's gap (BGR)
CREAM, GAP = (200, 226, 238), (120, 128, 134)
#: the camera's noise (levels) and blur (sigma, pixels)
NOISE, BLUR = 2.0, 1.0


def _view(pips: bool = True, white: bool = False, faceless: tuple = ()
          ) -> tuple[TopDown, np.ndarray]:
    """The cream cloth, the layout on it in its tiles' gaps (their die faces shown when
    ``pips``, but for the tiles at ``faceless``) and at HOLE the cloth (or, ``white``, a white
    tile in its gap, a 3 when ``pips``); the foreground mask holds the layout and the hole."""
    rng = np.random.default_rng(2)
    img = np.empty((SIZE * N, SIZE * N, 3), np.float64)
    img[:] = CREAM
    for r, c in TILES:
        img[r * N:(r + 1) * N, c * N:(c + 1) * N] = GAP
    paint_solid_tiles(img, {k: (v[0], v[1] if pips and k not in faceless else None)
                            for k, v in TILES.items()}, N, KIT, inset=3)
    if white:
        r, c = HOLE
        img[r * N:(r + 1) * N, c * N:(c + 1) * N] = GAP
        paint_solid_tiles(img, {HOLE: ("white", 3 if pips else None)}, N, KIT, inset=3)
    return photographed_view(img, [*TILES, HOLE], N, SIZE, rng, NOISE, BLUR)


def _taken(td: TopDown, fg: np.ndarray) -> dict:
    """The cells ``read_cells`` (Textile: tiles may lie either face up) takes as tiles."""
    return taken_cells(td, fg, KIT, PAL)


def test_the_layout_is_large_enough_to_show_its_tiles_pips_up():
    assert len(TILES) >= PIPS_UP_TILES


def test_a_hole_where_every_tile_shows_its_die_face_is_the_cloth():
    td, fg = _view()
    readings, info = read_cells(td, KIT, palette=PAL, fg=fg, colours_apart=True)
    taken = {(r.row, r.col) for r in readings if r.occupied}
    assert set(TILES) <= taken
    assert HOLE not in taken
    assert info["coverage"] == 1.0  # (the hole leaves the coverage: 10 of 11 if it counted)


def test_a_hole_where_two_tiles_in_ten_show_no_die_face_is_not_judged():
    # (8 of 10 die faces, under PIPS_UP_SHARE: the tiles may lie either side up)
    taken = _taken(*_view(faceless=((2, 2), (5, 3))))
    assert HOLE in taken


def test_a_white_tile_with_its_die_face_in_the_hole_is_taken():
    taken = _taken(*_view(white=True))
    assert HOLE in taken and taken[HOLE].attrs["colour"] == "white"


def test_a_plain_white_tile_where_the_tiles_lie_face_down_is_still_taken():
    taken = _taken(*_view(pips=False, white=True))
    assert HOLE in taken and taken[HOLE].attrs["colour"] == "white"
