"""The pipeline's step between the cells' evidence and the decoder (vision.pipeline._rimmed_bare):
the bare cells that may hold a tile and show a tile's outline of their own."""
from vision.cells import CellReading
from vision.pipeline import _rimmed_bare


def _bare(row: int, col: int, **evidence) -> CellReading:
    return CellReading(row, col, False, 0.3, evidence=evidence)


def test_only_unsure_bare_cells_showing_their_own_rim_are_passed_on_as_outlined():
    readings = [
        _bare(0, 0, full_sides=3, rimmed=True),      # its own rim along a side: outlined
        _bare(0, 1, full_sides=4, rimmed=False),     # the neighbours' rims alone (final16
                                                     # textile-hard-1608's green): not
        _bare(0, 2, full_sides=3, rimmed=True),      # outlined, but not unsure: not
        _bare(0, 3, edge_sides=2),                   # no full sides measured: not
        CellReading(0, 4, True, 0.9, evidence={"rimmed": True}),  # a tile read: not
    ]
    unsure = {(0, 0), (0, 1), (0, 3), (0, 4)}
    assert _rimmed_bare(readings, unsure) == {(0, 0)}
    assert _rimmed_bare(readings, set()) == set()
