"""Tapestry: the window of the reading kept is widened a cell a round where cards lie on its
outer ring, until none does, as far as a layout of cards spans (vision.pipeline._cards_within,
CARD_WIDEN_ROUNDS): two rounds stopped a cell short of a card (tap41 tapestry hard-2557)."""
from types import SimpleNamespace

import numpy as np

import vision.pipeline as pipeline
from vision.cells import CellReading
from vision.locate import Lattice

#: A row of cards (row 0) in columns 0-6: seven cards, the most a layout of eight spans less one.
CARDS = [(0, c) for c in range(7)]


def _read(monkeypatch, kit):
    """The window and cards read from a window round card (0, 0) only (the mask missed the
    rest), each reading holding the cards of ``CARDS`` its window holds."""
    def read_cells(td, kit, **kw):
        (r0, r1), (c0, c1) = td.rows, td.cols
        return ([CellReading(r, c, (r, c) in CARDS, 0.9, attrs={"colour": "red"})
                 for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)], {})

    monkeypatch.setattr(pipeline, "rectify", lambda image, lat, **kw: SimpleNamespace(
        rows=lat.rows, cols=lat.cols))
    monkeypatch.setattr(pipeline, "rectify_mask", lambda lat, td: None)
    monkeypatch.setattr(pipeline, "_cell_shape", lambda image, lat, kit: 1.4)
    monkeypatch.setattr(pipeline, "read_cells", read_cells)
    lat = Lattice(np.eye(3), (-1, 1), (-1, 1), 50.0)
    td = SimpleNamespace(rows=lat.rows, cols=lat.cols)
    readings, info = read_cells(td, kit)
    lat, _, readings, _ = pipeline._cards_within(np.zeros((10, 10, 3), np.uint8), kit, None, None,
                                                 lat, td, readings, info, 64)
    return lat, {(r.row, r.col) for r in readings if r.occupied}


def test_a_row_of_cards_the_mask_missed_is_read_to_its_end(monkeypatch):
    lat, cards = _read(monkeypatch, SimpleNamespace(shape="card"))
    assert cards == set(CARDS)
    assert lat.cols == (-1, 7)  # (and a ring of the table beyond the last card)


def test_other_games_keep_their_rounds(monkeypatch):
    _, tiles = _read(monkeypatch, SimpleNamespace(shape="square"))
    assert len(tiles) == 2 + pipeline.WIDEN_ROUNDS
