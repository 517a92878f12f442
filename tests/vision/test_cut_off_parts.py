"""Where every tile lies pips up, the layout is one piece: a patch of the table read as tiles
that joined it only through cells later taken out as the table (a lamp's hot spot on a
gingham's checks) is apart from it once they are gone (cells._cut_off_parts, called by
read_cells after those cells are taken out).

The view of the last test is drawn here (tests/vision/scenes.py), not by the product's
renderer."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import as_photographed, cells_mask, paint_solid_tiles  # noqa: E402

from vision import cells  # noqa: E402
from vision.colour import Palette  # noqa: E402
from vision.kits import kit_for_game  # noqa: E402


def _occ(taken: set, rows: int = 8, cols: int = 10) -> dict:
    return {(r, c): (r, c) in taken for r in range(rows) for c in range(cols)}


def test_a_patch_joined_only_through_the_table_is_cut_off():
    layout = {(r, c) for r in range(1, 4) for c in range(1, 5)}  # 12 tiles
    patch = {(6, 7), (6, 8), (7, 7), (7, 8)}  # 4 cells of glared checks, 3 cells away
    occ = _occ(layout | patch)
    conf = dict.fromkeys(occ, 0.9)
    fg_cells = {c: 1.0 if c in layout | patch else 0.0 for c in occ}
    info = {"coverage": 1.0}
    cells._cut_off_parts(occ, conf, fg_cells, info)
    assert {c for c, v in occ.items() if v} == layout
    assert all(conf[c] == 0.6 for c in patch)
    assert info["coverage"] == 12 / 16  # (of the 16 cells standing out, the layout's 12)


def test_a_layout_split_by_a_missed_tile_keeps_both_parts():
    left = {(r, c) for r in range(1, 4) for c in range(1, 4)}  # 9 tiles
    right = {(r, c) for r in range(1, 4) for c in range(5, 8)}  # 9 tiles, a cell between
    occ = _occ(left | right)
    info: dict = {}
    cells._cut_off_parts(occ, dict.fromkeys(occ, 0.9), None, info)
    assert {c for c, v in occ.items() if v} == left | right
    assert "coverage" not in info


def test_read_cells_cuts_a_part_joined_through_cells_it_takes_out_as_the_table():
    # a die face three cells right of the layout, the mask holding the two cells of bare cream
    # cloth between: taken for the mask, they show no pips in the table's colour and go, and
    # the die face is left apart
    kit = kit_for_game("octopus")
    n = 48
    layout = {(2, 1): ("red", 4), (2, 2): ("blue", 2), (3, 1): ("green", 5),
              (3, 2): ("yellow", 1), (4, 1): ("red", 3), (4, 2): ("blue", 6)}
    apart, between = {(3, 5): ("green", 2)}, {(3, 3), (3, 4)}
    img = np.tile(np.array((200, 215, 225), np.float64), (8 * n, 8 * n, 1))
    paint_solid_tiles(img, {**layout, **apart}, n, kit)
    img = as_photographed(img, np.random.default_rng(2), 4.0, 1.5)  # (a phone's soft edges)
    fg = cells_mask(img.shape[:2], set(layout) | set(apart) | between, n)
    readings, info = cells.read_cells(cells.TopDown(img, n, n, 0, 0, 8, 8), kit,
                                      palette=Palette.from_hex(kit.colours), fg=fg,
                                      die_faces=True)
    assert {(r.row, r.col) for r in readings if r.occupied} == set(layout)
    assert info["coverage"] == 6 / 9  # (of the 9 cells the mask holds, the layout's 6)
