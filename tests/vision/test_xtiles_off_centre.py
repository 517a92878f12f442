"""X-Tiles faces lying off their cells' centres (vision.cells._face_shift): a lattice fitted to
every tile at once leaves a face a fifth of a cell off where the photo's perspective or lens
bends it, and a small sector's sample, near the face's crossing, then falls in a big sector. A
synthetic top-down view, no photo."""
from __future__ import annotations

import math

import numpy as np

from vision.cells import TopDown, _face_shift, _Ctx, read_cells
from vision.colour import Palette, bgr_to_lab
from vision.kits import kit_for_game

KIT = kit_for_game("x-tiles")
PAL = Palette.from_hex(KIT.colours)
BGR = {name: tuple(int(h[i:i + 2], 16) for i in (5, 3, 1)) for name, h in KIT.colours.items()}
N = 32  # pixels per cell (the reader's for sector faces)
#: the grooves' angle from the long axis (a tile's grooves run to its shoulders: 34-40 degrees)
GROOVE = math.radians(37.0)
# tiles of the set, (row, col): sectors n, e, s, w, and the face's offset (dy, dx) in pixels
# from its cell's centre; even row + col lie east-west (parity 0). The offsets are a smooth bend,
# as a photo's perspective or lens makes them (neighbours 1 px apart, 4-7 px off; read at their
# cells' centres, they misread): a face off the bend the others lie on is read on it
# (vision.cells._agreeing_shifts)
TILES = {
    (1, 1): ({"n": "blue", "e": "red", "s": "yellow", "w": "blue"}, (-5, 5)),
    (1, 2): ({"n": "yellow", "e": "yellow", "s": "orange", "w": "blue"}, (-4, 4)),
    (1, 3): ({"n": "red", "e": "orange", "s": "blue", "w": "orange"}, (-3, 3)),
    (2, 1): ({"n": "yellow", "e": "orange", "s": "red", "w": "blue"}, (-4, 5)),
    (2, 2): ({"n": "orange", "e": "red", "s": "red", "w": "yellow"}, (-3, 4)),
    (2, 3): ({"n": "blue", "e": "orange", "s": "red", "w": "red"}, (-2, 3)),
}


#: the face's half length and half width (shares of the cell: a tile's ends reach into its
#: neighbours' waists, its waist 0.27-0.37 of a cell from its centre), its unpainted rim (pixels)
#: and the wood's colour (BGR)
HALF_LENGTH, HALF_WIDTH, RIM, WOOD = 0.6, 0.34, 1.5, (120, 170, 200)
GROUND = (70, 110, 150)


def _face(edges: dict[str, str], ew: bool, dy: int, dx: int) -> np.ndarray:
    """A cell ``(N, N, 3)`` BGR of an X-Tile's face centred ``(dy, dx)`` pixels off the cell's
    centre, its long axis east-west when ``ew``: four painted sectors inside a rim of wood, the
    table around it."""
    yy, xx = np.mgrid[0:N, 0:N] + 0.5 - N / 2
    u, v = xx - dx, yy - dy  # (from the face's centre)
    along, across = (u, v) if ew else (v, u)
    big = np.abs(across) < np.abs(along) * math.tan(GROOVE)
    sides = {"e": big & (along > 0), "w": big & (along <= 0), "n": ~big & (across <= 0),
             "s": ~big & (across > 0)} if ew else \
        {"s": big & (along > 0), "n": big & (along <= 0), "w": ~big & (across <= 0),
         "e": ~big & (across > 0)}
    out = np.zeros((N, N, 3), np.uint8)
    out[:] = GROUND
    a, b = HALF_LENGTH * N, HALF_WIDTH * N
    out[(along / a) ** 2 + (across / b) ** 2 <= 1] = WOOD
    painted = (along / (a - RIM)) ** 2 + (across / (b - RIM)) ** 2 <= 1
    for side, mask in sides.items():
        out[mask & painted] = BGR[edges[side]]
    return out


def _view() -> TopDown:
    img = np.full((4 * N, 5 * N, 3), GROUND, np.uint8)
    for (r, c), (edges, (dy, dx)) in TILES.items():
        img[r * N:(r + 1) * N, c * N:(c + 1) * N] = _face(edges, (r + c) % 2 == 0, dy, dx)
    rng = np.random.default_rng(0)
    img = np.clip(img + rng.normal(0, 2.0, img.shape), 0, 255).astype(np.uint8)
    return TopDown(img, N, N, 0, 0, 4, 5)


def test_a_face_off_its_cells_centre_is_found_there():
    td = _view()
    ctx = _Ctx(KIT, PAL, None, td, bgr_to_lab(td.image))
    for (r, c), (_, offset) in TILES.items():
        # (to a pixel: the wedges stay clear of the grooves over a pixel or two)
        found = _face_shift(ctx, (r, c), 0 if (r + c) % 2 == 0 else 1)
        assert max(abs(found[0] - offset[0]), abs(found[1] - offset[1])) <= 1, (r, c, found)


def test_the_sectors_of_faces_off_their_cells_centres_read_their_paints():
    td = _view()
    # (the faces stand out from the table: the locator's foreground over their cells)
    fg = np.zeros(td.image.shape[:2], np.float32)
    for r, c in TILES:
        fg[r * N:(r + 1) * N, c * N:(c + 1) * N] = 1.0
    readings, _ = read_cells(td, KIT, palette=PAL, long_axis_parity=0, fg=fg)
    read = {(r.row, r.col): r.attrs.get("edges") for r in readings if r.occupied}
    assert read == {cell: edges for cell, (edges, _) in TILES.items()}


def test_an_even_surface_is_not_moved():
    img = np.full((3 * N, 3 * N, 3), (120, 190, 200), np.uint8)
    img = np.clip(img + np.random.default_rng(1).normal(0, 3.0, img.shape), 0, 255).astype(np.uint8)
    td = TopDown(img, N, N, 0, 0, 3, 3)
    ctx = _Ctx(KIT, PAL, None, td, bgr_to_lab(td.image))
    assert _face_shift(ctx, (1, 1), 0) == (0, 0)


# ---------------------------------------------------------------- faces' places judged together
# (vision.cells._agreeing_shifts: what the search found of each face, ``((dy, dx), moved)``,
# None where nothing, in pixels of a 32-pixel cell; the lattice bends smoothly, so a face moved
# far off the bend the other faces lie on is read where the bend puts it)

def _bent_block(place=lambda r, c: (-1, -1)) -> dict:
    """A 4 x 4 block of faces found at ``place(row, col)`` (a smooth bend), none moved."""
    return {(r, c): (place(r, c), False) for r in range(4) for c in range(4)}


def test_a_face_moved_far_off_the_bend_is_read_where_the_bend_puts_it():
    from vision.cells import _agreeing_shifts
    found = _bent_block()
    found[(1, 2)] = ((-7, -5), True)  # (an even patch a washed face's search locked on)
    assert _agreeing_shifts(found, N)[(1, 2)] == (-1, -1)


def test_a_face_moved_as_the_bend_puts_it_is_moved():
    from vision.cells import _agreeing_shifts
    # (a pitch a little off: the places grow along the rows, 2 px a column)
    found = _bent_block(lambda r, c: (0, 2 * c - 3))
    found[(1, 0)] = ((1, -4), True)  # (within FACE_SHIFT_AGREE of the bend: a tile's jitter)
    found[(2, 3)] = ((0, 3), True)  # (far from its block's median place, on the bend)
    shifts = _agreeing_shifts(found, N)
    assert shifts[(1, 0)] == (1, -4) and shifts[(2, 3)] == (0, 3)
    # (the faces not moved stay read at their cells' centres)
    assert all(shifts[cell] == (0, 0) for cell in found if cell not in ((1, 0), (2, 3)))
    # (a face off that bend is read on it)
    found[(2, 3)] = ((-6, -3), True)
    assert _agreeing_shifts(found, N)[(2, 3)] == (0, 3)


def test_a_face_is_moved_by_its_own_search_where_no_bend_is_known():
    from vision.cells import _agreeing_shifts
    # (too few faces searched: a small layout)
    assert _agreeing_shifts({(0, 0): ((5, 4), True), (0, 1): ((0, 0), False),
                             (5, 5): ((0, 0), False)}, N)[(0, 0)] == (5, 4)
    # (faces lying on no one bend: too few on any)
    scattered = {(0, 0): ((5, 4), True), (0, 1): ((-6, 2), False), (1, 0): ((4, -7), False),
                 (1, 1): ((0, 6), False), (0, 2): ((-5, -5), False), (2, 0): None}
    assert _agreeing_shifts(scattered, N)[(0, 0)] == (5, 4)
    # (faces on a plane steeper than faces a cell apart lie alike: no smooth bend)
    steep = {(r, c): ((0, 4 * c - 6), False) for r in range(2) for c in range(4)}
    steep[(1, 1)] = ((-3, 5), True)
    assert _agreeing_shifts(steep, N)[(1, 1)] == (-3, 5)


def test_corner_faces_moved_together_by_a_lens_keep_their_places():
    from vision.cells import _agreeing_shifts
    # (a lens's barrel curvature, which an affine bend cannot follow: a 5 x 7 layout's faces at
    # their cells' centres but for its corner, whose faces lie 4-6 px off together; each is
    # read at its own place, as a neighbour's found alike vouches for it)
    found = {(r, c): ((0, 0), False) for r in range(5) for c in range(7)}
    for cell, place in {(0, 5): (-3, 5), (0, 6): (-4, 6), (1, 6): (-3, 5), (1, 5): (-2, 4)}.items():
        found[cell] = (place, True)
    shifts = _agreeing_shifts(found, N)
    assert shifts[(0, 6)] == (-4, 6) and shifts[(0, 5)] == (-3, 5) and shifts[(1, 6)] == (-3, 5)
