"""Die faces vouched for beside the layout (Octopus): grown past GROW_ROUNDS only through cells
that show a tile's edge, cut where grown only through a cell taken out again (vision.cells)."""
from vision import cells


def test_die_faces_grow_past_grow_rounds_only_through_cells_with_a_tiles_edge():
    chain = [(r, 0) for r in range(1, 8)]
    # (other growing stops after GROW_ROUNDS)
    assert cells._grown(chain, {(0, 0)}, admit=list) == chain[:cells.GROW_ROUNDS]
    # (past them, a cell with no tile's edge, (5, 0), ends the chain)
    edged = {(4, 0), (6, 0), (7, 0)}
    got = cells._grown(chain, {(0, 0)}, admit=list, past=lambda c, taken: c in edged)
    assert got == chain[:4]
    # (each round takes a cell or ends: a chain of edged cells ends where the candidates do)
    got = cells._grown(chain, {(0, 0)}, admit=list, past=lambda c, taken: True)
    assert got == chain


def test_cells_grown_only_through_a_cell_taken_out_again_are_stranded():
    # (the layout (0, 0)-(0, 1); grown: (1, 0) beside it, (2, 0) and (3, 0) through it; (1, 0)
    # taken out again, its die face repeated: the two beyond it are stranded, (1, 1) is not)
    occ = {(0, 0): True, (0, 1): True, (1, 0): False, (2, 0): True, (3, 0): True,
           (1, 1): True}
    vouched = {c: None for c in [(2, 0), (3, 0), (1, 1)]}
    assert sorted(cells._stranded(vouched, occ)) == [(2, 0), (3, 0)]
