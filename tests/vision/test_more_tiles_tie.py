"""Two Textile lattices a fraction of a cell apart read the same tiles, and one of them sees a
tile more (a white tile on a cream table, its faint outline in the band searched on all four
sides on one lattice, on three on the other): the scores tie but for the colour fit and the
cells cut through, and the reading that keeps every tile of the other and finds one more is
kept (vision.pipeline._more_tiles_in_a_tie)."""
import numpy as np

from vision.cells import CellReading
from vision.locate import Lattice
from vision.pipeline import SAME_TILE, TIE_MARGIN, _beats, _Candidate, _more_tiles_in_a_tie


def _lattice(dx: float = 0.0, dy: float = 0.0, pitch: float = 50.0) -> Lattice:
    """A top-down lattice of ``pitch`` px cells, shifted by ``(dx, dy)`` cells."""
    H = np.array([[pitch, 0.0, dx * pitch + 100.0], [0.0, pitch, dy * pitch + 100.0],
                  [0.0, 0.0, 1.0]])
    return Lattice(H, (-2, 5), (-2, 5), pitch)


def _tile(r: int, c: int, colour: str = "red", occupied: bool = True) -> CellReading:
    """A Textile tile (or, not ``occupied``, a cell read as the table) of ``colour`` at (r, c)."""
    return CellReading(r, c, occupied, 0.9, attrs={"colour": colour, "pips": None})


def _candidate(score: float, lat: Lattice, tiles: list[CellReading], set_fit: float = 1.0
               ) -> _Candidate:
    return _Candidate(score, lat, None, tiles, {"fit": 3.0, "set_fit": set_fit})


ROW = ["red", "blue", "green", "yellow", "red"]


def _row(shift: int = 0) -> list[CellReading]:
    """Five tiles along row 0 (cells numbered from ``shift``)."""
    return [_tile(0, c + shift, colour) for c, colour in enumerate(ROW)]


def test_the_reading_holding_every_tile_and_one_more_is_kept_within_the_tie():
    best = _candidate(1.27, _lattice(), _row() + [_tile(1, 0, "white", occupied=False)])
    # (the rival's cells a tenth of a cell off, numbered one column on: the same tiles)
    more = _candidate(1.29, _lattice(dx=-0.9), _row(1) + [_tile(1, 1, "white")])
    kept, k = _more_tiles_in_a_tie(best, 0, [(best, 0), (more, 1)])
    assert kept is more and k == 1


def test_outside_the_tie_or_with_a_tile_lost_or_renamed_the_best_stays():
    best = _candidate(4.83, _lattice(), _row())
    white = [_tile(1, 0, "white")]
    far = _candidate(4.83 + TIE_MARGIN + 0.05, _lattice(dx=0.1), _row() + white)
    assert _more_tiles_in_a_tie(best, 0, [(best, 0), (far, 1)])[0] is best
    lost = _candidate(4.9, _lattice(dx=0.1), _row()[:4] + white + [_tile(1, 1, "white")])
    assert _more_tiles_in_a_tie(best, 0, [(best, 0), (lost, 1)])[0] is best
    renamed = _row()
    renamed[2] = _tile(0, 2, "blue")
    assert _more_tiles_in_a_tie(best, 0, [(best, 0), (_candidate(4.9, _lattice(dx=0.1),
                                                                 renamed + white), 1)])[0] is best
    worse_set = _candidate(4.9, _lattice(dx=0.1), _row() + white, set_fit=0.9)
    assert _more_tiles_in_a_tie(best, 0, [(best, 0), (worse_set, 1)])[0] is best


def test_a_lattice_half_a_cell_off_or_of_another_pitch_holds_other_tiles():
    best = _candidate(4.83, _lattice(), _row())
    white = [_tile(1, 0, "white")]
    half = _candidate(4.9, _lattice(dx=0.5), _row() + white)
    assert _more_tiles_in_a_tie(best, 0, [(best, 0), (half, 1)])[0] is best
    off = _candidate(4.9, _lattice(dx=SAME_TILE + 0.05), _row() + white)
    assert _more_tiles_in_a_tie(best, 0, [(best, 0), (off, 1)])[0] is best
    for pitch in (75.0, 100.0):  # (half as long again: tiles half a cell off; twice: two a cell)
        wider = _candidate(4.9, _lattice(pitch=pitch), _row() + white)
        assert _more_tiles_in_a_tie(best, 0, [(best, 0), (wider, 1)])[0] is best


def test_as_many_tiles_is_no_tile_more():
    best = _candidate(4.83, _lattice(), _row())
    same = _candidate(4.9, _lattice(dx=0.1), _row())
    assert _more_tiles_in_a_tie(best, 0, [(best, 0), (same, 1)])[0] is best


def test_two_tiles_in_one_cell_of_twice_the_pitch_are_not_the_same_tiles():
    best = _candidate(4.83, _lattice(), [_tile(0, c, "red") for c in range(4)])
    wider = _candidate(4.9, _lattice(pitch=100.0),
                       [_tile(0, c, "red") for c in range(3)] + [_tile(1, 0, "white")])
    assert _more_tiles_in_a_tie(best, 0, [(best, 0), (wider, 1)])[0] is best


def test_a_later_look_finding_the_lattice_that_misses_the_tile_does_not_undo_the_tie():
    # (the reading kept for a tile more; a later look reads the other lattice again, its score
    # between the two: it does not replace it)
    kept = _candidate(1.29, _lattice(dx=-0.9), _row(1) + [_tile(1, 1, "white")])
    again = _candidate(1.28, _lattice(), _row())
    assert not _beats(again, kept, "textile")
    assert _beats(again, kept, "octopus")
    assert _beats(_candidate(1.28 - TIE_MARGIN - 0.05, _lattice(), _row()), kept, "textile")


def _refit_reading(monkeypatch, again: _Candidate):
    """:func:`vision.pipeline._refit_on_tiles`'s reading on a lattice the refit moved (to
    ``again``'s), read as ``again`` (the refit and the read stubbed: no image)."""
    from types import SimpleNamespace

    from vision import pipeline

    monkeypatch.setattr(pipeline, "refit_to_tiles",
                        lambda lat, image, tiles, least_move, **kw: again.lattice)
    monkeypatch.setattr(pipeline, "_read_best", lambda *a, **k: SimpleNamespace(best=again))
    return again


def test_a_textile_refit_reading_every_tile_and_one_more_is_kept_within_the_tie(monkeypatch):
    from vision.kits import kit_for_game
    from vision.pipeline import _refit_on_tiles

    textile = kit_for_game("textile")
    best = _candidate(6.63, _lattice(), _row())
    # (the refit's cells a tenth of a cell off, numbered one column on, read the column the
    # lattice cut off: final20 textile-hard-2108, 6.79 against 6.63)
    more = _refit_reading(monkeypatch, _candidate(6.79, _lattice(dx=-0.9),
                                                  _row(1) + [_tile(1, 1, "white")]))
    assert _refit_on_tiles(None, textile, "textile", None, None, best) is more
    # beyond the tie, it is not
    _refit_reading(monkeypatch, _candidate(6.63 + TIE_MARGIN + 0.05, more.lattice,
                                           more.readings))
    assert _refit_on_tiles(None, textile, "textile", None, None, best) is best
    # nor within it when it loses a tile the lattice read
    _refit_reading(monkeypatch, _candidate(6.79, more.lattice,
                                           _row(1)[:-1] + [_tile(1, 1, "white")]))
    assert _refit_on_tiles(None, textile, "textile", None, None, best) is best


def test_the_tie_widens_by_the_margin_for_each_tile_read_more():
    # (tex40 textile-normal-2673: the lattice reading two tiles more, a yellow and the red
    # beyond it, lay 0.37 above the one that missed them: each tile more adds its own colour
    # distance to the mean fit)
    best = _candidate(2.74, _lattice(), _row())
    two_more = _candidate(2.74 + 1.5 * TIE_MARGIN, _lattice(dx=0.1),
                          _row() + [_tile(1, 0, "yellow"), _tile(2, 0, "red")])
    assert _more_tiles_in_a_tie(best, 0, [(best, 0), (two_more, 1)])[0] is two_more
    # ... one tile more at that distance lies outside the tie
    one_more = _candidate(2.74 + 1.5 * TIE_MARGIN, _lattice(dx=0.1),
                          _row() + [_tile(1, 0, "yellow")])
    assert _more_tiles_in_a_tie(best, 0, [(best, 0), (one_more, 1)])[0] is best
    # ... and so do two more beyond twice the margin
    far = _candidate(2.74 + 2 * TIE_MARGIN + 0.05, two_more.lattice, two_more.readings)
    assert _more_tiles_in_a_tie(best, 0, [(best, 0), (far, 1)])[0] is best
    # a later look that misses both, within twice the margin, does not undo it
    assert not _beats(_candidate(two_more.score - 1.5 * TIE_MARGIN, _lattice(), _row()),
                      two_more, "textile")


def test_the_tie_widens_for_two_tiles_more_at_most():
    from vision.pipeline import TIE_TILES
    best = _candidate(2.0, _lattice(), _row())
    many = [_tile(1, c, "white") for c in range(TIE_TILES + 2)]
    wide = _candidate(2.0 + TIE_MARGIN * TIE_TILES + 0.05, _lattice(dx=0.1), _row() + many)
    assert _more_tiles_in_a_tie(best, 0, [(best, 0), (wide, 1)])[0] is best
