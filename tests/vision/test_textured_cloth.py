"""A tile's face is one paint, smooth; a woven or printed cloth shows its threads and lines
(vision.cells occupancy): where the bare table is far more textured than the tiles, a smooth
cell of the cloth's colour beside the layout is a tile (a white tile on a cream linen), and a
cell of the cloth's colour and texture is the cloth, whatever the foreground mask said.

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import cells_mask, draw_solid_tile  # noqa: E402

from vision.cells import TopDown, _texture_split, read_cells  # noqa: E402
from vision.colour import Palette  # noqa: E402
from vision.kits import kit_for_game  # noqa: E402

KIT = kit_for_game("textile")
PAL = Palette.from_hex(KIT.colours)
N = 48
CREAM = (215, 232, 240)  # BGR: a cream linen, near the white tiles' paint


def _linen(h: int, w: int, seed: int = 0) -> np.ndarray:
    """A cream cloth woven of darker and lighter threads (1-2 px lines both ways, at random)."""
    rng = np.random.default_rng(seed)
    img = np.tile(np.array(CREAM, np.float64), (h, w, 1))
    for axis, size in ((0, h), (1, w)):
        for k in np.flatnonzero(rng.random(size) < 0.35):
            shade = rng.uniform(-45.0, 20.0)
            if axis == 0:
                img[k] += shade
            else:
                img[:, k] += shade
    return img


def _view(tiles: dict, fg_cells: set, rows: int = 7, cols: int = 7,
          spot: tuple[float, float] | None = None) -> tuple[TopDown, np.ndarray]:
    """The linen with ``tiles`` on it and, at ``spot`` (row, col in cells), a lamp's hot spot:
    white light fading over half a cell, clipping what it falls on."""
    img = _linen(rows * N, cols * N)
    for (r, c), colour in tiles.items():
        img[r * N + 2:(r + 1) * N - 2, c * N + 2:(c + 1) * N - 2] = draw_solid_tile(N - 4, colour, None, KIT)
        # the tile's shadow, on the side away from the light (below and right): its outline
        # shows there, and faintly elsewhere on a cloth of nearly its colour
        img[(r + 1) * N - 2:(r + 1) * N, c * N + 2:(c + 1) * N] = (110, 120, 130)
        img[r * N + 2:(r + 1) * N, (c + 1) * N - 2:(c + 1) * N] = (110, 120, 130)
    if spot is not None:
        yy, xx = np.mgrid[0:rows * N, 0:cols * N] + 0.5
        img += SPOT_LIGHT * np.exp(-((yy / N - spot[0]) ** 2 + (xx / N - spot[1]) ** 2) / 0.5 ** 2)[..., None]
    rng = np.random.default_rng(1)
    img = np.clip(img + rng.normal(0, 2.0, img.shape), 0, 255).astype(np.uint8)
    fg = cells_mask(img.shape[:2], fg_cells, N)
    return TopDown(img, N, N, 0, 0, rows, cols), fg


#: the hot spot's light at its middle (sRGB levels added)
SPOT_LIGHT = 22.0
LAYOUT = {(2, 2): "red", (2, 3): "blue", (3, 2): "green", (3, 3): "yellow", (4, 3): "red",
          (2, 4): "green"}


def _occupied(td, fg) -> set:
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg)
    return {(r.row, r.col) for r in readings if r.occupied}


def test_a_white_tile_on_a_cream_linen_is_read():
    tiles = {**LAYOUT, (5, 3): "white"}
    td, fg = _view(tiles, fg_cells=set(LAYOUT))  # the mask missed the white tile
    assert _occupied(td, fg) == set(tiles)


def test_a_white_tile_on_a_cream_linen_in_the_lamps_hot_spot_is_read():
    # (the lamp's light on its lower right corner clips 0.38 of its centre, more than a tile
    # missed so far may show as a rule: the texture of the rest and the outline still tell it
    # from the linen)
    tiles = {**LAYOUT, (5, 3): "white"}
    td, fg = _view(tiles, fg_cells=set(LAYOUT), spot=(5.9, 3.8))
    assert _occupied(td, fg) == set(tiles)


def test_a_cell_of_the_linens_colour_and_texture_is_not_a_tile():
    # (... nor part of the layout's coverage: the lattice is not charged for it)
    td, fg = _view(LAYOUT, fg_cells=set(LAYOUT) | {(4, 2)})  # the mask took a patch of cloth
    readings, info = read_cells(td, KIT, palette=PAL, fg=fg)
    assert {(r.row, r.col) for r in readings if r.occupied} == set(LAYOUT)
    assert info["coverage"] == 1.0


def test_texture_tells_nothing_when_the_table_is_as_smooth_as_the_tiles():
    on_ring = np.array([True] * 12 + [False] * 6)
    clear = ~on_ring
    felt = np.r_[np.full(12, 7.0), np.full(6, 8.0)]
    assert _texture_split(felt, on_ring, clear) is None
    linen = np.r_[np.full(12, 55.0), np.full(6, 6.0)]
    smooth, rough = _texture_split(linen, on_ring, clear)
    assert 6.0 < smooth < rough < 55.0


def test_a_white_tile_on_a_cream_linen_with_its_shadow_on_one_side_is_read():
    # tex12 textile-normal-717: a white tile at the layout's corner, lit from beyond it: its
    # lit sides show no edge against the cream cloth, its shadow falls along one side only;
    # its face is smooth where the cloth is woven
    td, fg = _view(LAYOUT, fg_cells=set(LAYOUT))
    img = td.image.copy()
    r, c = 1, 2  # (above the red tile at (2, 2))
    face = draw_solid_tile(N - 4, "white", None, KIT).astype(np.float64)
    rng = np.random.default_rng(2)
    img[r * N + 2:(r + 1) * N - 2, c * N + 2:(c + 1) * N - 2] = np.clip(
        face + rng.normal(0, 2.0, face.shape), 0, 255).astype(np.uint8)
    img[(r + 1) * N - 2:(r + 1) * N, c * N + 2:(c + 1) * N - 2] = (110, 120, 130)
    td = TopDown(img, N, N, 0, 0, td.rows, td.cols)
    assert _occupied(td, fg) == set(LAYOUT) | {(r, c)}

