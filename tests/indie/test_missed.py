"""The missed-tile tracer's bookkeeping (tests.indie.missed): a truth tile's centre to the kept
lattice's cell, and the truth tiles a read board lacks under the scoring's alignment."""
import numpy as np

from tests.indie.missed import lattice_cell, missing_cells


def test_a_centre_falls_in_its_cell_and_lies_half_a_cell_in():
    # (cells 100 px a side, the lattice's origin at pixel (50, 20))
    H = np.array([[100.0, 0, 50], [0, 100.0, 20], [0, 0, 1]])
    cell, inset, (row, col) = lattice_cell(H, (50 + 250, 20 + 150))  # (row 1.5, col 2.5)
    assert cell == (1, 2) and abs(inset - 0.5) < 1e-9
    assert abs(row - 1.5) < 1e-9 and abs(col - 2.5) < 1e-9


def test_a_centre_on_a_lattice_half_a_cell_off_lies_near_a_border():
    H = np.array([[100.0, 0, 0], [0, 100.0, 0], [0, 0, 1]])
    cell, inset, _ = lattice_cell(H, (298.0, 150.0))  # (col 2.98: at the border with col 3)
    assert cell == (1, 2) and inset < 0.05
    cell, _, (row, col) = lattice_cell(H, (-150.0, 50.0))  # (left of the origin: col -1.5)
    assert cell == (0, -2) and abs(col + 1.5) < 1e-9


def _tile(row, col, colour="red", pips=1):
    return {"row": row, "col": col, "colour": colour, "pips": pips}


def test_the_missing_tiles_are_named_in_the_truths_cells_whatever_the_boards_shift():
    truth = {"game": "octopus", "tiles": [_tile(0, 0), _tile(0, 1, "blue"), _tile(1, 1, "green")]}
    # (the reading's cells one row and two columns off the truth's: the scoring aligns them)
    board = {"game": "octopus", "tiles": [_tile(1, 2), _tile(2, 3, "green")]}
    assert missing_cells(board, truth) == [_tile(0, 1, "blue")]
    assert missing_cells({"game": "octopus", "tiles": []}, truth) == truth["tiles"]


def test_the_kept_lattices_lines_are_those_logged_before_its_last_scoring():
    from types import SimpleNamespace

    from tests.indie.missed import _Capture, kept_lines

    def lat(shift):
        return SimpleNamespace(H=np.eye(3) + shift, rows=(0, 3), cols=(0, 3))
    cap = _Capture()
    cap.lines = [("x", None, str(k)) for k in range(10)]
    a, b = lat(0.0), lat(0.1)
    cap.marks = [(a, 3), (b, 6), (a, 8)]  # (a read, b read, a read again last: lines 6-7)
    cap.lattice = lat(0.0)  # (the kept lattice: equal to a, not the same object)
    assert kept_lines(cap) == (6, 8)
    cap.lattice = b
    assert kept_lines(cap) == (3, 6)
    cap.lattice = lat(0.5)  # (never scored: every line)
    assert kept_lines(cap) == (0, 10)
