"""A hole the layout encloses on three sides is no washed face beside it (vision.cells)."""
from types import SimpleNamespace

from vision.cells import _outlined_beside


def _ctx(full: tuple, rim: tuple) -> SimpleNamespace:
    # (the cell (1, 1)'s sides above, below, left, right: an edge all along / a tile's gap)
    return SimpleNamespace(full_sides={(1, 1): full}, rim_sides={(1, 1): rim})


def test_a_hole_shows_only_its_neighbours_rims():
    # tiles above, to the left and to the right: their rims make three edges, the table below
    # none (the product's renderer, octopus hard seed 2200)
    taken = {(0, 1): True, (1, 0): True, (1, 2): True}
    hole = _ctx((True, False, True, True), (True, False, True, True))
    assert not _outlined_beside(hole, (1, 1), taken)
    # a washed face there shows its own rim towards the table too
    face = _ctx((True, True, True, True), (True, True, True, True))
    assert _outlined_beside(face, (1, 1), taken)
    # without the tiles known, as before: any cell
    assert _outlined_beside(hole, (1, 1), None)
