"""A tile whose paint has the table's lightness shows its outline in colour only: a dark blue
tile on brown wood is a tile, though its edges in lightness are one (its neighbour's) and its
paint in the shade fits the palette loosely (vision.cells._occupancy, _colour_sides; the
independent renderer's final3 textile normal 063).

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import kit_and_palette, paint_solid_tiles, photographed_view  # noqa: E402

import vision.cells as C  # noqa: E402
from vision.cells import TopDown, read_cells  # noqa: E402

KIT, PAL = kit_and_palette("textile")
N = 48
SIZE = 8
LAYOUT = {(2, 2): ("red", 4), (2, 3): ("green", 2), (2, 4): ("yellow", None),
          (3, 2): ("white", 5), (3, 3): ("red", None), (4, 3): ("yellow", 3)}
#: the plain blue tile in the shade, below the layout's last row: one neighbour (above)
SHADED = (5, 3)


def _view() -> tuple[TopDown, np.ndarray]:
    """Brown wood of the shaded blue tile's lightness, the layout, and the blue tile (the
    palette's blue at 0.7 of its light) with the wood's lightness."""
    h = w = SIZE * N
    img = np.zeros((h, w, 3), np.float64)
    paint_solid_tiles(img, {**LAYOUT, SHADED: ("blue", None)}, N, KIT)
    r, c = SHADED
    blue = img[r * N + N // 2, c * N + N // 2].copy()
    img[r * N + 2:(r + 1) * N - 2, c * N + 2:(c + 1) * N - 2] = 0.7 * blue
    # the wood: a brown whose lightness is the shaded blue's
    lab_blue = cv2.cvtColor(np.uint8([[0.7 * blue]]), cv2.COLOR_BGR2LAB)[0, 0].astype(int)
    wood = cv2.cvtColor(np.uint8([[[lab_blue[0], 128 + 14, 128 + 26]]]), cv2.COLOR_LAB2BGR)[0, 0]
    bare = img.sum(axis=2) == 0
    img[bare] = wood
    return photographed_view(img, {**LAYOUT, SHADED: None}, N, SIZE, np.random.default_rng(5), 2.0, 1.0)


def _tiles(td: TopDown, fg: np.ndarray) -> set:
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg)
    return {(r.row, r.col) for r in readings if r.occupied}


def test_a_tile_of_the_tables_lightness_shows_its_outline_in_colour():
    td, fg = _view()
    sides = C._edge_sides(C._border_edges(td), td)
    assert sides[SHADED] <= 1  # (in lightness: its neighbour's edge at most)
    assert C._colour_sides(td)[SHADED] >= C.COLOUR_OUTLINE
    assert C._colour_sides(td)[(1, 6)] == 0  # (the bare wood)
    assert _tiles(td, fg) == set(LAYOUT) | {SHADED}


def test_without_the_outline_in_colour_the_tile_is_missed(monkeypatch):
    monkeypatch.setattr(C, "COLOUR_OUTLINE", 99)
    td, fg = _view()
    assert SHADED not in _tiles(td, fg)
