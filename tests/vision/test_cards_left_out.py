"""Card-like cells beside the layout that show no card on a lattice's cells (its pitch or
perspective a little off at the layout's far end, so that the far cards straddle its cells)
are part of the layout it left out: they count against its coverage, though the mask missed
them (purple and blue cards on a cloth striped in purple; the independent renderer's final14
hard-1102, ten cards), so that a lattice that reads them wins."""
from __future__ import annotations

import sys
from pathlib import Path

import cv2

from vision.cards import card_lattices
from vision.cells import _cards_left_out, _Ctx, read_cells, rectify, rectify_mask
from vision.pipeline import _cell_px, _cell_shape

sys.path.insert(0, str(Path(__file__).parent))
from test_cards import BGR, KIT, PALETTE, _picture  # noqa: E402


def _ctx(card_like: list, unlike_table: set) -> _Ctx:
    ctx = _Ctx(KIT, PALETTE, None, None, None)
    ctx.card_like = card_like
    ctx.unlike_table = unlike_table
    return ctx


def test_card_like_cells_joining_the_layout_side_by_side_are_left_out_of_it():
    occ = {(r, c): r == 0 for r in range(5) for c in range(4)}  # the layout: row 0
    # (1, 1) touches it, (2, 1) touches (1, 1); (3, 2) only (2, 1)'s corner and (4, 3) only
    # (3, 2)'s (a checked cloth's squares join so); (0, 2) is read
    cells = [(1, 1), (2, 1), (3, 2), (4, 3), (0, 2)]
    ctx = _ctx(cells, set(cells))
    assert sorted(_cards_left_out(ctx, occ)) == [(1, 1), (2, 1)]


def test_card_like_cells_of_a_look_of_the_table_are_the_cloth():
    occ = {(r, c): r == 0 for r in range(3) for c in range(4)}
    # (1, 2)'s colour is one of the bare table's looks: a checked cloth's square in a paint
    ctx = _ctx([(1, 1), (1, 2)], {(1, 1)})
    assert _cards_left_out(ctx, occ) == [(1, 1)]


def test_cards_the_mask_missed_and_the_cells_do_not_show_count_against_the_coverage():
    names = list(KIT.colours)
    cells = {(r, c): names[(r * 4 + c) % len(names)] for r in range(3) for c in range(4)}
    img, centres = _picture(cells, gap_mm=2.5, seed=1)
    lat = card_lattices(img, PALETTE)[0]
    td = rectify(img, lat, cell_px=_cell_px(KIT)[0], aspect=_cell_shape(img, lat, KIT))
    fg = rectify_mask(lat, td)
    readings, info = read_cells(td, KIT, palette=PALETTE, fg=fg)
    assert info["coverage"] == 1.0
    last = max(r.row for r in readings if r.occupied)
    # the last row's cards: their art out of sight (as on cells that straddle them), the mask
    # none of them
    for (r, c), colour in cells.items():
        if r == 2:
            x, y = (int(round(v)) for v in centres[(r, c)])
            cv2.circle(img, (x, y), 26, BGR[colour], -1)
    td = rectify(img, lat, cell_px=_cell_px(KIT)[0], aspect=_cell_shape(img, lat, KIT))
    fg[(last - td.r0) * td.ch:(last - td.r0 + 1) * td.ch] = 0
    readings, info = read_cells(td, KIT, palette=PALETTE, fg=fg)
    assert not any(r.occupied for r in readings if r.row == last)
    assert info["coverage"] < 0.8
