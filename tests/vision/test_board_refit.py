"""A framed board's lattice refitted to its tiles keeps its cells' numbering: the refit
(vision.locate.refit_to_tiles) may number the cells from another corner, turned or shifted by
whole cells, while the board's cells are its rows and columns from the frame's corner."""
import numpy as np

from vision.lattice import apply_h
from vision.locate import Lattice
from vision.pipeline import _same_indices


def _board(H: np.ndarray) -> Lattice:
    return Lattice(H, rows=(-1, 8), cols=(-1, 8), pitch_px=50.0, strength=1.0, info={})


def test_a_refit_numbered_from_another_corner_is_numbered_as_the_board():
    # a board seen in perspective, 50 px cells
    was = _board(np.array([[50.0, 4, 300], [-3, 48, 200], [1e-4, 2e-4, 1]]))
    # the refit: a few hundredths of a cell off, its cells a quarter turn round and 8 cells on
    # (new x = -old y + 8, new y = old x), as on the independent renderer's Twelve Tiles hard 145
    nudge = np.array([[1.0, 0.01, 0.05], [0.0, 1.0, -0.04], [0, 0, 1]])
    renumber = np.array([[0.0, -1, 8], [1, 0, 0], [0, 0, 1]])
    refit = _board(was.H @ nudge @ np.linalg.inv(renumber))
    same = _same_indices(refit, was)
    cells = np.array([[c + 0.5, r + 0.5] for r in range(8) for c in range(8)])
    # each cell of the board where it was, to the refit's few hundredths
    assert np.abs(apply_h(np.linalg.inv(was.H) @ same.H, cells) - cells).max() < 0.15
    assert same.rows == was.rows and same.cols == was.cols


def test_a_refit_numbered_alike_is_left_as_it_is():
    was = _board(np.array([[50.0, 4, 300], [-3, 48, 200], [1e-4, 2e-4, 1]]))
    refit = _board(was.H @ np.array([[1.0, 0.01, 0.05], [0.0, 1.0, -0.04], [0, 0, 1]]))
    assert _same_indices(refit, was) is refit


def test_a_board_is_refitted_only_where_a_tile_reads_unclear():
    from types import SimpleNamespace

    from vision.cells import CellReading
    from vision.pipeline import _unclear_on_board
    clear = [CellReading(0, c, True, 1.0, confidence=0.9) for c in range(4)]
    empty = [CellReading(1, c, False, 1.0, confidence=0.0) for c in range(4)]
    assert not _unclear_on_board(SimpleNamespace(readings=clear + empty))
    unclear = [CellReading(2, 0, True, 1.0, confidence=0.3)]
    assert _unclear_on_board(SimpleNamespace(readings=clear + empty + unclear))
