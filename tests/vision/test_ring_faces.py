"""Octopus: a die face read on the window's outer ring beside the layout is a tile the window
cut off (the foreground mask that set the window missed it), so the window is widened to it as
for cards (vision.cells._faces_on_the_ring, reported with the ring's cards), and, every tile
lying pips up, as many rounds as for cards (vision.pipeline.FACE_WIDEN_ROUNDS, _cards_within)."""
from types import SimpleNamespace

import numpy as np

import vision.pipeline as pipeline
from vision.cells import CellReading, _faces_on_the_ring
from vision.locate import Lattice

#: A row of tiles (row 0) in columns 0-6 that the mask missed but for the first.
TILES = [(0, c) for c in range(7)]


def test_ring_faces_beside_the_layout_are_reported():
    layout = {(0, 0): True, (0, 1): True, (1, 1): False}
    ctx = SimpleNamespace(table_dots=[(0, 2), (-1, -1), (3, 3)])
    # (beside the layout along a side, yes; at a corner only, or apart from it, no)
    assert _faces_on_the_ring(ctx, layout) == [(0, 2)]


def test_no_ring_faces_no_report():
    assert _faces_on_the_ring(SimpleNamespace(table_dots=[]), {(0, 0): True}) == []


def _read(monkeypatch, die_faces: bool):
    """The tiles read from a window round tile (0, 0) only, each reading holding the tiles of
    ``TILES`` inside its window and reporting those on its ring as ring faces (as read_cells
    does for a die face read there, see _faces_on_the_ring)."""
    def read_cells(td, kit, **kw):
        (r0, r1), (c0, c1) = td.rows, td.cols
        inside = [(r, c) for r, c in TILES if r0 < r < r1 and c0 < c < c1]
        ring = [(r, c) for r, c in TILES if (r, c) not in inside
                and r0 <= r <= r1 and c0 <= c <= c1]
        return ([CellReading(r, c, (r, c) in inside, 0.9, attrs={"colour": "red", "pips": 3})
                 for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)], {"ring_cards": ring})

    monkeypatch.setattr(pipeline, "rectify", lambda image, lat, **kw: SimpleNamespace(
        rows=lat.rows, cols=lat.cols))
    monkeypatch.setattr(pipeline, "rectify_mask", lambda lat, td: None)
    monkeypatch.setattr(pipeline, "_cell_shape", lambda image, lat, kit: 1.0)
    monkeypatch.setattr(pipeline, "read_cells", read_cells)
    lat = Lattice(np.eye(3), (-1, 1), (-1, 1), 50.0)
    td = SimpleNamespace(rows=lat.rows, cols=lat.cols)
    readings, info = read_cells(td, None)
    lat, _, readings, _ = pipeline._cards_within(
        np.zeros((10, 10, 3), np.uint8), SimpleNamespace(shape="square"), None, None, lat, td,
        readings, info, 48, die_faces=die_faces)
    return lat, {(r.row, r.col) for r in readings if r.occupied}


def test_a_row_of_die_faces_on_the_ring_is_read_to_its_end(monkeypatch):
    lat, tiles = _read(monkeypatch, die_faces=True)
    assert tiles == set(TILES)
    assert lat.cols == (-1, 7)  # (and a ring of the table beyond the last tile)


def test_without_die_faces_the_rounds_stay_few(monkeypatch):
    _, tiles = _read(monkeypatch, die_faces=False)
    assert len(tiles) == 1 + pipeline.WIDEN_ROUNDS  # (a cell further a round past the first)


def test_ring_faces_join_the_cards_only_on_a_table_looked_at_and_not_dotted():
    """(vision.cells._ring_cards_and_faces: the gate read_cells_steps asks through)"""
    from vision.cells import _ring_cards_and_faces
    layout = {(0, 0): True, (0, 1): True, (1, 1): False}
    ctx = SimpleNamespace(table_dots=[(0, 2), (-1, -1)])
    cards = [(2, 0)]
    # (looked at, not dotted: the faces beside the layout join the cards, sorted)
    assert _ring_cards_and_faces(ctx, layout, cards, True, False) == [(0, 2), (2, 0)]
    # (the table reads as die faces: they are its dots, none reported)
    assert _ring_cards_and_faces(ctx, layout, cards, True, True) == cards
    # (the table not looked at, no cell beside the layout showed a die face: none reported)
    assert _ring_cards_and_faces(ctx, layout, cards, True, None) == cards
    # (where tiles may lie pips down, never)
    assert _ring_cards_and_faces(ctx, layout, cards, False, False) == cards
