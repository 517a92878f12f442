"""A white tile on a pale table seen at a slant shows its wall and shadow on its near side and
beside it, but no edge along its far side, where its top face meets the table beyond
(vision.cells._rimmed_but_one; tex14 textile-hard-852, final17 textile-hard-1768): the mask
misses it, and with its outline along three sides, one of them its own rim, it is taken when its
missing side is the view's far side (vision.locate.far_side). Along the side facing the lamp, its
wall lit as pale as its face, it may show no edge either (tex33 textile-normal-2020): a missing
side that is not the far one needs edges along two sides facing the bare table
(vision.cells.UNSEEN_SIDE_OWN_EDGES). A bare notch of the layout, which shows only the tiles'
rims (and perhaps a missed tile's beside it), stays empty; and so does the white tile on a cloth
whose printed lines give its bare cells rims too (vision.cells.FAR_RIM_TABLE)."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import kit_and_palette, paint_solid_tiles, photographed_view  # noqa: E402

from vision.cells import read_cells  # noqa: E402
from vision.locate import Lattice, _phone_intrinsics_inv, far_side  # noqa: E402

KIT, PAL = kit_and_palette("textile")
N = 48
SIZE = 8
CELL = (3, 3)
#: tiles below and right of CELL and beyond them; CELL's top and left face the bare table
TILES = {(4, 3): ("yellow", 2), (3, 4): ("green", 4), (4, 4): ("red", 3), (5, 3): ("blue", 5),
         (5, 4): ("green", 1), (2, 4): ("blue", 6), (4, 2): ("green", 3)}
#: a pale table and the white tile's face, a little paler (BGR)
TABLE, FACE = (222, 230, 234), (228, 235, 238)
#: the white tile's wall and shadow on its near side, and the shadow beside it (BGR)
WALL, SHADOW = (120, 126, 130), (170, 176, 180)
#: the camera's noise (levels) and blur (sigma, pixels)
NOISE, BLUR = 2.0, 1.0
#: the sides (vision.cells._beside's order): above, below, left, right
ABOVE, BELOW, LEFT, RIGHT = 0, 1, 2, 3


def _taken(white: bool, far: int | None, printed: bool = False) -> set[tuple[int, int]]:
    """The cells ``read_cells`` takes beyond TILES, with (``white``) a white tile at CELL whose
    rim shows on its near side (below) and its left but not along its top, the view's far side
    ``far``; without, the bare table in the notch. ``printed``: a line printed across the
    cloth along the top row's cells, away from the layout."""
    rng = np.random.default_rng(3)
    img = np.empty((SIZE * N, SIZE * N, 3), np.float64)
    img[:] = TABLE
    if printed:
        img[N - 2:N + 2] = WALL
    paint_solid_tiles(img, TILES, N, KIT, inset=2)
    if white:
        r, c = CELL
        img[r * N:(r + 1) * N - 2, c * N + 2:(c + 1) * N - 2] = FACE  # (up to the table above)
        img[(r + 1) * N - 5:(r + 1) * N - 1, c * N + 2:(c + 1) * N - 2] = WALL
        img[r * N:(r + 1) * N - 1, c * N:c * N + 3] = SHADOW
    td, fg = photographed_view(img, list(TILES), N, SIZE, rng, NOISE, BLUR)
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg, colours_apart=True, far_side=far)
    return {(r.row, r.col) for r in readings if r.occupied} - set(TILES)


def test_a_white_tile_without_its_far_rim_is_taken():
    assert CELL in _taken(white=True, far=ABOVE)


def test_a_missing_rim_on_a_near_side_is_no_tile_outline():
    # (its rims along its left and below, a tile's beside it: one side of its own facing the table)
    assert CELL not in _taken(white=True, far=LEFT)
    assert CELL not in _taken(white=True, far=None)


def test_rims_the_bare_cloth_shows_too_are_no_evidence():
    assert CELL not in _taken(white=True, far=ABOVE, printed=True)


def test_a_bare_notch_stays_empty():
    assert CELL not in _taken(white=False, far=ABOVE)


def _view(tilt_deg: float, turn_deg: float) -> Lattice:
    """A 6x6 lattice of unit cells on a table seen by a phone's camera tilted ``tilt_deg`` (the
    table beyond the layout towards the picture's top) and turned ``turn_deg`` about the
    table's normal."""
    size = (1200, 900)
    K = np.linalg.inv(_phone_intrinsics_inv(size))
    t, u = np.radians(-tilt_deg), np.radians(turn_deg)
    Rx = np.array([[1, 0, 0], [0, np.cos(t), -np.sin(t)], [0, np.sin(t), np.cos(t)]])
    Rz = np.array([[np.cos(u), -np.sin(u), 0], [np.sin(u), np.cos(u), 0], [0, 0, 1]])
    R = Rx @ Rz
    H = K @ np.column_stack([R[:, 0], R[:, 1], R @ [-3.0, -3.0, 0.0] + [0.0, 0.0, 12.0]])
    return Lattice(H=H, rows=(0, 5), cols=(0, 5), pitch_px=60.0)


def test_the_far_side_is_where_the_table_recedes():
    size = (1200, 900)
    assert far_side(_view(30.0, 0.0), size) == ABOVE
    assert far_side(_view(30.0, 90.0), size) == LEFT  # (columns run towards the camera)
    lat = _view(30.0, 0.0)
    assert far_side(lat.with_H(-lat.H), size) == ABOVE  # (a homography's scale has no sign)
    assert far_side(_view(5.0, 0.0), size) is None  # (seen from nearly straight above)


#: a column of tiles below CELL and beyond: CELL's top, left and right face the bare table
COLUMN = {(4, 3): ("yellow", 2), (5, 3): ("blue", 5), (5, 4): ("green", 1), (5, 2): ("red", 3),
          (6, 3): ("green", 4)}


def _column_taken(white: bool, far: int | None, lamp_side: int = RIGHT) -> set[tuple[int, int]]:
    """The cells ``read_cells`` takes beyond COLUMN, with (``white``) a white tile at CELL whose
    near side (below) shows its wall and its other sides the shadow at its foot, but the side
    ``lamp_side``, whose wall the lamp lights as pale as the face, no edge; the view's far side
    ``far``. Without, the bare table above the column. (An idealised scene: the far side's
    shadow shows too, where a slanted view would hide it.)"""
    rng = np.random.default_rng(5)
    img = np.empty((SIZE * N, SIZE * N, 3), np.float64)
    img[:] = TABLE
    paint_solid_tiles(img, COLUMN, N, KIT, inset=2)
    if white:
        r, c = CELL
        y0, y1, x0, x1 = r * N, (r + 1) * N, c * N, (c + 1) * N
        img[y0:y1, x0:x1] = FACE
        img[y1 - 5:y1 - 1, x0 + 2:x1 - 2] = WALL
        rims = {ABOVE: (slice(y0, y0 + 3), slice(x0, x1)), LEFT: (slice(y0, y1), slice(x0, x0 + 3)),
                RIGHT: (slice(y0, y1), slice(x1 - 3, x1))}
        for side, (ys, xs) in rims.items():
            if side != lamp_side:
                img[ys, xs] = SHADOW
    td, fg = photographed_view(img, list(COLUMN), N, SIZE, rng, NOISE, BLUR)
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg, colours_apart=True, far_side=far)
    return {(r.row, r.col) for r in readings if r.occupied} - set(COLUMN)


def test_a_white_tile_without_its_rim_on_the_lamps_side_is_taken():
    # (the lamp's side not the far one: its edges along two sides facing the table vouch for it)
    assert CELL in _column_taken(white=True, far=ABOVE)
    assert CELL in _column_taken(white=True, far=None, lamp_side=LEFT)


def test_a_bare_notch_beside_a_missed_tile_stays_empty():
    # (a notch between two tiles whose third edge is the rim of a white tile beside it, missed:
    # one edge of its own, where a tile whose unseen side is not its far one shows two)
    rng = np.random.default_rng(7)
    tiles = {(2, 3): ("yellow", 2), (4, 3): ("blue", 5), (4, 4): ("green", 1), (2, 2): ("red", 3)}
    img = np.empty((SIZE * N, SIZE * N, 3), np.float64)
    img[:] = TABLE
    paint_solid_tiles(img, tiles, N, KIT, inset=2)
    r, c = CELL
    img[r * N:(r + 1) * N, (c + 1) * N - 2:(c + 1) * N + 2] = SHADOW
    td, fg = photographed_view(img, list(tiles), N, SIZE, rng, NOISE, BLUR)
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg, colours_apart=True, far_side=ABOVE)
    assert CELL not in {(rd.row, rd.col) for rd in readings if rd.occupied}
