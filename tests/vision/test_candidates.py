"""Which lattices the reader reads in full (vision.pipeline): the same cells are read once."""
from __future__ import annotations

import numpy as np

from vision.locate import Lattice
from vision.pipeline import _distinct


def _lattice(dx: float, dy: float, pitch: float = 100.0, window=((0, 4), (0, 5))) -> Lattice:
    H = np.array([[pitch, 0, 500 + dx], [0, pitch, 300 + dy], [0, 0, 1.0]])
    return Lattice(H, window[0], window[1], pitch)


def test_a_lattice_shifted_by_whole_cells_or_a_hair_is_the_same_reading():
    a = _lattice(0, 0)
    assert len(_distinct([a, _lattice(200, -100)])) == 1  # two cells right, one up
    assert len(_distinct([a, _lattice(4, -3)])) == 1  # a few pixels of a 100-pixel cell


def test_a_lattice_shifted_by_half_a_cell_or_of_another_pitch_is_read_too():
    a = _lattice(0, 0)
    assert len(_distinct([a, _lattice(50, 0)])) == 2
    assert len(_distinct([a, _lattice(0, 0, pitch=50.0)])) == 2
    assert len(_distinct([a, _lattice(0, 0, pitch=200.0)])) == 2
