"""Candidate lattices found twice (the same pitch and phase within a fraction of a cell) are read
once by ``_read_best`` (see ``vision.pipeline._near_duplicates``)."""
from __future__ import annotations

import numpy as np

from vision.locate import Lattice
from vision.pipeline import TWIN_CELL_FRACTION, _near_duplicates


def _lattice(shift_cells: tuple[float, float] = (0.0, 0.0), pitch: float = 100.0,
             rows: tuple[int, int] = (-3, 3), cols: tuple[int, int] = (-4, 4),
             tilt: float = 2e-5, diagonal: bool = False) -> Lattice:
    """A lattice of ``pitch`` pixels a cell around (2000, 1500), seen a little in perspective,
    its numbering moved by ``shift_cells`` (x, y) cells: cell (x, y) here is cell (x + dx,
    y + dy) of the unshifted lattice."""
    dx, dy = shift_cells
    H = np.array([[pitch, 0.0, 2000.0], [0.0, pitch, 1500.0], [0.0, tilt, 1.0]])
    T = np.array([[1.0, 0.0, dx], [0.0, 1.0, dy], [0.0, 0.0, 1.0]])
    return Lattice(H=H @ T, rows=rows, cols=cols, pitch_px=pitch, diagonal=diagonal)


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
