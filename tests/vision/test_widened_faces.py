"""Tiles found on a widened window (Octopus): vision.pipeline._tiles_within reads the layout again
on a window widened where tiles stand on its outer ring (tiles of the cloth's colours the mask
missed). Each tile it adds shows its die face; a cell added that stands out without pips (a
cloth's flower beyond the layout's last tile) is left to the table, and the die faces added
beside it are kept: one such cell no longer refuses them all. A tile read before with its die
face that the wider reading lost is kept as read before (_lost_faces_restored)."""
import pytest

import vision.pipeline as P
from vision.cells import TABLE_CONF, CellReading
from vision.kits import kit_for_game


def _tile(r: int, c: int, pips: int | None = 3, occupied: bool = True) -> CellReading:
    return CellReading(r, c, occupied, 0.9, attrs={"colour": "red", "pips": pips})


def _candidate(tiles: list[CellReading], lattice: object = None) -> P._Candidate:
    return P._Candidate(5.0, lattice, None, tiles, {"fit": 3.0, "set_fit": 1.0})


def _widened(monkeypatch: pytest.MonkeyPatch, before: list[CellReading],
             after: list[CellReading]) -> P._Candidate:
    """``_tiles_within``'s reading when the window widened past ``before``'s reads ``after``."""
    wider = object()
    monkeypatch.setattr(P, "_cards_within", lambda *a, **k: (wider, None, after, {"fit": 3.0}))
    monkeypatch.setattr(P, "_scored", lambda image, kit, game, lat, td, readings, info: (
        sum(r.occupied for r in readings), 1.0, 5.0))
    return P._tiles_within(None, kit_for_game("octopus"), "octopus", None, None,
                           _candidate(before, lattice=object()))


def test_die_faces_added_beside_a_faceless_cell_are_kept(monkeypatch):
    before = [_tile(1, c) for c in range(4)]
    # two outer tiles with their pips, and a cloth's cell beyond one read without any
    after = before + [_tile(1, 4), _tile(0, 0), _tile(-1, 0, pips=None)]
    kept = _widened(monkeypatch, before, after)
    tiles = {(r.row, r.col) for r in kept.readings if r.occupied}
    assert tiles == {(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (0, 0)}
    # the cloth's cell stays in the reading as the bare table, as sure of it as a cell taken out
    bare = [r for r in kept.readings if (r.row, r.col) == (-1, 0)]
    assert len(bare) == 1 and not bare[0].occupied and bare[0].occ_conf == TABLE_CONF


def test_a_die_face_joined_only_through_a_faceless_cell_is_refused(monkeypatch):
    before = [_tile(1, c) for c in range(4)]
    # a face beyond the cloth's cell touches the layout only through it: apart once it is emptied
    after = before + [_tile(1, 4, pips=None), _tile(1, 6)]
    after_joined = before + [_tile(1, 4, pips=None), _tile(1, 5)]
    assert _widened(monkeypatch, before, after).readings is before
    assert _widened(monkeypatch, before, after_joined).readings is before


def test_a_widened_window_adding_no_die_face_is_refused(monkeypatch):
    before = [_tile(1, c) for c in range(4)]
    kept = _widened(monkeypatch, before, before + [_tile(-1, 0, pips=None)])
    assert kept.readings is before


def test_a_tile_read_before_with_its_die_face_is_kept_on_the_widened_window(monkeypatch):
    # (the wider ring moved the table's sample and (1, 0) dropped out: its pips still show it a
    # tile, and the face added beyond the layout is kept with it)
    before = [_tile(1, c) for c in range(4)]
    kept = _widened(monkeypatch, before, before[1:] + [_tile(1, 4), _tile(1, 0, occupied=False)])
    tiles = {(r.row, r.col) for r in kept.readings if r.occupied}
    assert tiles == {(1, 0), (1, 1), (1, 2), (1, 3), (1, 4)}
    assert [r for r in kept.readings if (r.row, r.col) == (1, 0)] == [before[0]]


def test_a_widened_window_losing_a_tile_read_before_without_pips_is_refused(monkeypatch):
    before = [_tile(1, 0, pips=None)] + [_tile(1, c) for c in range(1, 4)]
    kept = _widened(monkeypatch, before, before[1:] + [_tile(1, 4)])
    assert kept.readings is before


def test_a_widened_window_adding_only_die_faces_is_kept_as_read(monkeypatch):
    before = [_tile(1, c) for c in range(4)]
    after = before + [_tile(1, 4)]
    assert _widened(monkeypatch, before, after).readings is after
