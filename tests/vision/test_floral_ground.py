"""A printed cloth's plain ground between its motifs is as smooth as a tile's face (vision.cells
occupancy): where the bare table (the view's ring) shows such smooth cells of a cell's colour,
smoothness beside the layout is no evidence of a tile, and a white tile must show its own rim,
its gap and shadow along a side facing the table (a cream floral's ground read as white tiles,
final14 textile-normal-1104).

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import draw_solid_tile  # noqa: E402
from test_textured_cloth import CREAM, KIT, LAYOUT, N, PAL, _occupied, _view  # noqa: E402

from vision.cells import TopDown, read_cells  # noqa: E402

#: cells of the ring left plain: the cloth's ground where no motif falls
PLAIN_RING = ((0, 1), (0, 4), (6, 2), (6, 5), (3, 0))


def _with_plain(td: TopDown, cells) -> TopDown:
    """``td`` with ``cells`` painted the cloth's plain cream ground (a little noise, no threads)."""
    img = td.image.copy()
    rng = np.random.default_rng(3)
    for r, c in cells:
        patch = np.tile(np.array(CREAM, np.float64), (N, N, 1)) + rng.normal(0, 2.0, (N, N, 3))
        img[r * N:(r + 1) * N, c * N:(c + 1) * N] = np.clip(patch, 0, 255).astype(np.uint8)
    return TopDown(img, N, N, 0, 0, td.rows, td.cols)


def test_the_cloths_plain_ground_beside_the_layout_is_not_a_tile():
    # (below the red tile at (4, 3): an edge along its top only, the tile's)
    td, fg = _view(LAYOUT, fg_cells=set(LAYOUT))
    td = _with_plain(td, PLAIN_RING + ((5, 3),))
    assert _occupied(td, fg) == set(LAYOUT)


def test_a_white_tile_with_its_rim_on_the_same_cloth_is_read():
    # (its shadow along its bottom and right sides, both facing the cloth: its own rim)
    tiles = {**LAYOUT, (5, 3): "white"}
    td, fg = _view(LAYOUT, fg_cells=set(LAYOUT))
    td = _with_plain(td, PLAIN_RING + ((5, 3),))
    img = td.image.copy()
    r, c = 5, 3
    img[r * N + 2:(r + 1) * N - 2, c * N + 2:(c + 1) * N - 2] = draw_solid_tile(N - 4, "white", None, KIT)
    img[(r + 1) * N - 2:(r + 1) * N, c * N + 2:(c + 1) * N] = (110, 120, 130)
    img[r * N + 2:(r + 1) * N, (c + 1) * N - 2:(c + 1) * N] = (110, 120, 130)
    assert _occupied(TopDown(img, N, N, 0, 0, td.rows, td.cols), fg) == set(tiles)


def test_the_cloths_plain_ground_the_mask_holds_is_left_out_of_the_coverage():
    # (a plain cell of the ground apart from the layout, a petal across half its top side,
    # which the mask's texture cue calls foreground: no tile missed)
    td, fg = _view(LAYOUT, fg_cells=set(LAYOUT) | {(5, 5)})
    img = _with_plain(td, PLAIN_RING + ((5, 5),)).image.copy()
    img[5 * N - 2:5 * N + 2, 5 * N:5 * N + N // 2] = (60, 40, 160)
    readings, info = read_cells(TopDown(img, N, N, 0, 0, td.rows, td.cols), KIT, palette=PAL, fg=fg)
    assert {(r.row, r.col) for r in readings if r.occupied} == set(LAYOUT)
    assert info["coverage"] == 1.0
