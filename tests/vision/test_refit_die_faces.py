"""The reading kept read again on its lattice refitted to its tiles (pipeline._refit_on_tiles),
where every tile lies pips up (Octopus). The refit is kept, whatever its colour fit, when its
cells show as many die faces and no more tiles without one, though a tile read before is not
among them: the first lattice, off by half a cell at the layout's far end, read a die face
there on the wrong cell (a purple six and a blue five read as a blue five and a blue two),
which the refit's cells, moved onto the tiles as their outlines measured them, read right.
And the refit is read once it moves a tile's cell far enough to bring its corner pips within
the rim band the pips are checked in (vision.pips.RIM_BAND)."""
import numpy as np

import vision.pipeline as P
from vision.cells import CellReading
from vision.kits import kit_for_game

#: (row, col, colour, pips) of the tiles both readings share
SHARED = [(r, c, "red", 1 + (r + c) % 6) for r in range(3) for c in range(4)]


def _tiles(extra: list[tuple[int, int, str, int | None]]) -> list[CellReading]:
    return [CellReading(r, c, True, 0.9, attrs={"colour": colour, "pips": pips})
            for r, c, colour, pips in SHARED + extra]


def _candidate(score: float, fit: float, readings: list[CellReading]) -> P._Candidate:
    return P._Candidate(score, None, None, readings, {"fit": fit, "set_fit": 1.0})


def _refit(monkeypatch, before: P._Candidate, after: P._Candidate, game: str) -> P._Candidate:
    """``_refit_on_tiles`` of ``before`` whose refit reads ``after``."""
    monkeypatch.setattr(P, "refit_to_tiles", lambda lat, image, tiles, **kw: object())
    monkeypatch.setattr(P, "_read_best", lambda *a, **k: P._Reads(after, 0, 0, 0.0, 0.0))
    image = np.empty((30, 40, 3), np.uint8)
    return P._refit_on_tiles(image, kit_for_game(game), game, None, None, before)


def test_a_refit_showing_as_many_die_faces_is_kept_though_a_tile_moved(monkeypatch):
    # (the first cells read a two at (3, 4); the refit's read a six at (3, -1) and not it)
    before = _candidate(2.4, 2.6, _tiles([(3, 4, "white", 2)]))
    after = _candidate(2.7, 2.9, _tiles([(3, -1, "purple", 6)]))
    assert _refit(monkeypatch, before, after, "octopus") is after


def test_a_refit_losing_a_die_face_or_adding_a_faceless_tile_is_not(monkeypatch):
    before = _candidate(2.4, 2.6, _tiles([(3, 4, "white", 2), (3, 5, "blue", 4)]))
    fewer = _candidate(2.7, 2.9, _tiles([(3, -1, "purple", 6)]))
    assert _refit(monkeypatch, before, fewer, "octopus") is before
    faceless = _candidate(2.7, 2.9, _tiles([(3, -1, "purple", 6), (3, 6, "blue", 4),
                                            (3, 7, "green", None)]))
    assert _refit(monkeypatch, before, faceless, "octopus") is before


def test_tiles_that_may_lie_pips_down_keep_every_tile_read_before(monkeypatch):
    # (Textile: a tile without its pips read is a tile all the same)
    before = _candidate(2.4, 2.6, _tiles([(3, 4, "white", 2)]))
    after = _candidate(2.7, 2.9, _tiles([(3, -1, "red", 6)]))
    assert _refit(monkeypatch, before, after, "textile") is before


def test_a_refit_moving_a_die_face_towards_its_cell_rim_is_read_for_octopus(monkeypatch):
    """Where every tile shows its die face the refit is read once it moves a tile's cell by
    PIPS_REFIT_MOVED, less than TILE_REFIT_MOVED: a tile that far off its cell puts the corner
    pips of the widest die grid within RIM_BAND of the cell's side (Textile as before)."""
    from vision.locate import TILE_REFIT_MOVED
    from vision.pips import RIM_BAND, SPACINGS

    assert 0.0 < P.PIPS_REFIT_MOVED < TILE_REFIT_MOVED
    assert abs(P.PIPS_REFIT_MOVED - (0.5 - max(SPACINGS) - RIM_BAND)) < 1e-9  # (0.10)
    asked = []

    def refit(lat, image, tiles, *, least_move=TILE_REFIT_MOVED, **kw):
        asked.append(least_move)
        return lat

    monkeypatch.setattr(P, "refit_to_tiles", refit)
    before = _candidate(2.4, 2.6, _tiles([]))
    image = np.empty((30, 40, 3), np.uint8)
    for game in ("octopus", "textile"):
        assert P._refit_on_tiles(image, kit_for_game(game), game, None, None, before) is before
    assert asked == [P.PIPS_REFIT_MOVED, TILE_REFIT_MOVED]


def test_the_refit_is_kept_only_when_it_moves_a_tile_by_the_least_move_asked():
    from tests.vision.test_lattice_focus import N, _colour_tiles, _lattice, _worst_off
    from tests.vision.test_tile_refit import TILES
    from vision.locate import _perspective_change, refit_to_tiles

    img, fg = _colour_tiles()
    off = _lattice(fg, _perspective_change(0.0035, 0.007, np.array([N / 2, N / 2])))
    assert _worst_off(refit_to_tiles(off, img, TILES, least_move=P.PIPS_REFIT_MOVED)) < 0.08
    # (a refit moving no tile by half a cell is not worth a read when half a cell is asked)
    assert refit_to_tiles(off, img, TILES, least_move=0.5) is off
