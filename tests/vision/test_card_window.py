"""Tapestry: cards read on the outer ring of a lattice's window of cells (vision.pipeline).

A window is the layout's cells plus a ring of the bare table; the foreground mask that sets it
may miss cards of the table's own colours (a red card on a red gingham), and the window then
stops short of the layout. Cards read on its ring say the layout carries on: the window is
widened on that side and read again."""
import sys
from pathlib import Path

from vision.cards import card_lattices
from vision.cells import read_cells, rectify, rectify_mask
from vision.pipeline import _cards_within, _cell_px, _cell_shape

sys.path.insert(0, str(Path(__file__).parent))
from test_cards import KIT, PALETTE, _picture  # noqa: E402


def _read(img, lat):
    td = rectify(img, lat, cell_px=_cell_px(KIT)[0], aspect=_cell_shape(img, lat, KIT))
    readings, info = read_cells(td, KIT, palette=PALETTE, fg=rectify_mask(lat, td))
    return td, readings, info


def _stopping_short():
    """A layout of 3 x 4 cards and a window of its lattice that stops short: the layout's last
    row of cards beyond it, the one before on its ring. The picture, the cells read as cards on
    the whole lattice, their last row, the short window and its reading (td, readings, info)."""
    names = list(KIT.colours)
    cells = {(r, c): names[(r * 4 + c) % len(names)] for r in range(3) for c in range(4)}
    img, _ = _picture(cells, gap_mm=2.5, seed=1)
    lat = card_lattices(img, PALETTE)[0]
    _, readings, _ = _read(img, lat)
    occ = [(r.row, r.col) for r in readings if r.occupied]
    assert len(occ) == len(cells)
    last = max(r for r, _ in occ)
    short = lat.with_H(lat.H, rows=(lat.rows[0], last - 1))
    return img, occ, last, short, _read(img, short)


def test_cards_on_the_windows_ring_widen_it_to_the_layout():
    img, occ, last, short, (td, readings, info) = _stopping_short()
    assert sum(r.occupied for r in readings) < len(occ)
    wide, td, readings, info = _cards_within(img, KIT, PALETTE, None, short, td, readings, info,
                                             _cell_px(KIT)[0])
    assert wide.rows[1] >= last + 1
    assert sorted((r.row, r.col) for r in readings if r.occupied) == sorted(occ)


def test_cards_left_to_the_rings_table_sample_widen_it_too():
    # washed cards the mask missed reach the ring, where they are the table's sample and are
    # not read (see vision.cells._cards_on_the_ring): reported, they widen the window too
    from dataclasses import replace

    img, _, last, short, (td, readings, info) = _stopping_short()
    ring = sorted((r.row, r.col) for r in readings if r.occupied and r.row == last - 1)
    inner = [replace(r, occupied=False) if (r.row, r.col) in ring else r for r in readings]
    wide, *_ = _cards_within(img, KIT, PALETTE, None, short, td, inner, {**info, "ring_cards": ring},
                             _cell_px(KIT)[0])
    assert wide.rows[1] >= last
    wide, *_ = _cards_within(img, KIT, PALETTE, None, short, td, inner, {**info, "ring_cards": []},
                             _cell_px(KIT)[0])
    assert wide.rows == short.rows
