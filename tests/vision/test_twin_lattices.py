"""Candidate lattices found twice (the same pitch and phase within a fraction of a cell) are read
once by ``_read_best`` (see ``vision.pipeline._near_duplicates``)."""
from __future__ import annotations

import numpy as np

import vision.pipeline as pl
from vision.kits import kit_for_game
from vision.locate import Lattice
from vision.pipeline import TWIN_CELL_FRACTION, TWIN_GAMES, _near_duplicates


def _lattice(shift_cells: tuple[float, float] = (0.0, 0.0), pitch: float = 100.0,
             rows: tuple[int, int] = (-3, 3), cols: tuple[int, int] = (-4, 4),
             tilt: float = 2e-5, diagonal: bool = False, fg: np.ndarray | None = None
             ) -> Lattice:
    """A lattice of ``pitch`` pixels a cell around (2000, 1500), seen a little in perspective,
    its numbering moved by ``shift_cells`` (x, y) cells: cell (x, y) here is cell (x + dx,
    y + dy) of the unshifted lattice (``fg``: its foreground mask)."""
    dx, dy = shift_cells
    H = np.array([[pitch, 0.0, 2000.0], [0.0, pitch, 1500.0], [0.0, tilt, 1.0]])
    T = np.array([[1.0, 0.0, dx], [0.0, 1.0, dy], [0.0, 0.0, 1.0]])
    return Lattice(H=H @ T, rows=rows, cols=cols, pitch_px=pitch, diagonal=diagonal, fg=fg)


def test_a_lattice_found_again_a_cell_over_is_read_once() -> None:
    first = _lattice()
    # (numbered one cell over and a tenth of a cell off; its window lies within the first's)
    again = _lattice(shift_cells=(1.1, -0.05), rows=(-3, 3), cols=(-5, 2))
    assert _near_duplicates([first, again]) == {1}
    # (whichever comes first is the one read)
    assert _near_duplicates([again, first]) == set()  # (first's window reaches beyond again's)


def test_other_lattices_are_all_read() -> None:
    first = _lattice()
    half_off = _lattice(shift_cells=(0.5, 0.0))  # (X-Tiles' lattice offset by half a cell)
    finer = _lattice(pitch=90.0)  # (another pitch: the far cells drift a cell apart)
    wider = _lattice(rows=(-3, 4))  # (a row more: cells the first does not read)
    diagonal = _lattice(diagonal=True)
    for other in (half_off, finer, wider, diagonal):
        assert _near_duplicates([first, other]) == set()


def test_twin_margin_is_below_half_a_cell() -> None:
    assert 0.0 < TWIN_CELL_FRACTION < 0.5
    just_within = _lattice(shift_cells=(TWIN_CELL_FRACTION - 0.02, 0.0))
    just_beyond = _lattice(shift_cells=(TWIN_CELL_FRACTION + 0.02, 0.0))
    assert _near_duplicates([_lattice(), just_within]) == {1}
    assert _near_duplicates([_lattice(), just_beyond]) == set()


def test_a_later_twin_better_placed_is_read() -> None:
    """The candidates come in the locator's order: a later twin that cuts through fewer cells
    or placed more faces (a small layout's finer search) is read too."""
    first = _lattice()
    first.info.update(partial=0.1, faces=8)
    same = _lattice(shift_cells=(0.05, 0.0))
    same.info.update(partial=0.1, faces=8)
    assert _near_duplicates([first, same]) == {1}
    less_cut = _lattice(shift_cells=(0.05, 0.0))
    less_cut.info.update(partial=0.05, faces=8)
    more_faces = _lattice(shift_cells=(0.05, 0.0))
    more_faces.info.update(partial=0.1, faces=9)
    for later in (less_cut, more_faces):
        assert _near_duplicates([first, later]) == set()


def test_twins_share_the_mask_and_long_axis_parity() -> None:
    mask = np.ones((30, 40), bool)
    first = _lattice(fg=mask)
    own_mask = _lattice(shift_cells=(0.05, 0.0), fg=mask.copy())
    assert _near_duplicates([first, own_mask]) == set()
    same_mask = _lattice(shift_cells=(0.05, 0.0), fg=mask)
    assert _near_duplicates([first, same_mask]) == {1}
    first.info["long_axis_parity"] = 0
    same_mask.info["long_axis_parity"] = 1
    assert _near_duplicates([first, same_mask]) == set()


def _read_best_started(monkeypatch, game: str) -> tuple[list[int], int]:
    """The candidates ``_read_best`` starts (their indices) and the one it keeps, of a lattice
    too big to read, a lattice and its twin; every candidate read scores its index."""
    started: list[int] = []

    def start(image, kit, game, k, lat, palette, profile, framed, memo):
        started.append(k)
        seen = pl._LatticeRead(None, None, None, 0.0, (1, 1.0, None), [], {"fit": 0.0})
        return pl._Started(k, lat, 0.0, None, None, None, 0.0, None, seen, None, (1, 1.0, None))

    monkeypatch.setattr(pl, "_start", start)
    monkeypatch.setattr(pl, "_judged_readings", lambda lat, readings, kit, game: readings)
    monkeypatch.setattr(pl, "_scored", lambda image, kit, game, lat, td, readings, info:
                        (1, 1.0, float(next(i for i, c in enumerate(candidates) if c is lat))))
    monkeypatch.setattr(pl, "_more_tiles_in_a_tie", lambda best, chosen, reads: (best, chosen))
    too_big = _lattice(rows=(0, 40))
    candidates = [too_big, _lattice(), _lattice(shift_cells=(0.05, 0.0))]
    reads = pl._read_best(np.zeros((8, 8, 3), np.uint8), kit_for_game(game), game, candidates,
                          None, None, framed=True)
    return started, reads.chosen


def test_read_best_skips_twins_in_twin_games_by_their_own_index(monkeypatch) -> None:
    started, chosen = _read_best_started(monkeypatch, "octopus")
    assert "octopus" in TWIN_GAMES
    assert started == [1]  # (the twin, candidate 2, not started)
    assert chosen == 1  # (the candidate's own index, not its place among those read)


def test_read_best_reads_twins_in_textile(monkeypatch) -> None:
    started, chosen = _read_best_started(monkeypatch, "textile")
    assert "textile" not in TWIN_GAMES
    assert started == [1, 2]
    assert chosen == 1
