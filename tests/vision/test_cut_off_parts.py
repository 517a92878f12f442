"""Where every tile lies pips up, the layout is one piece: a patch of the table read as tiles
that joined it only through cells later taken out as the table (a lamp's hot spot on a
gingham's checks) is apart from it once they are gone (cells._cut_off_parts)."""
from vision import cells


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
    assert info["coverage"] < 1.0


def test_a_layout_split_by_a_missed_tile_keeps_both_parts():
    left = {(r, c) for r in range(1, 4) for c in range(1, 4)}  # 9 tiles
    right = {(r, c) for r in range(1, 4) for c in range(5, 8)}  # 9 tiles, a cell between
    occ = _occ(left | right)
    info: dict = {}
    cells._cut_off_parts(occ, dict.fromkeys(occ, 0.9), None, info)
    assert {c for c, v in occ.items() if v} == left | right
    assert "coverage" not in info
