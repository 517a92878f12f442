"""Where every tile lies pips up (Octopus), a cell beside the layout read as a die face is the
table's dots when it shows a spot off its die layout only if it has the bare table's very colour
and pips darker than its face (cells._dotted_table): a pale cloth printed in a dark ink shows
chance die faces as white as a white tile's, while a tile of another colour, or of an ink's
colour with light pips, is vouched for by its pips whatever lies around them."""
from types import SimpleNamespace

import numpy as np

from tests.vision.test_stray_dots import N, _lab_row
from vision import cells
from vision.pips import read_pips

DOT = np.array([20.0, 0.0, 0.0])  # (the spots of _lab_row and the ground they lie on)
GROUND = np.array([95.0, 0.0, 0.0])


def _dotted_cells(cells_: int = 2) -> tuple[SimpleNamespace, dict]:
    """``cells_`` cells of one polka-dot print (dots at a third of a cell), each read as a die
    face; the first of the bare table's very colour, its pips' and face's Lab recorded."""
    cloth = [(y, x) for y in (0.2, 0.53, 0.86) for x in (0.2, 0.53, 0.86)]
    lab = _lab_row([cloth] * cells_)
    reads = read_pips(lab[..., 0], N, np.array([(0, i * N) for i in range(cells_)]))
    got = {(0, i): ({"pips": int(reads[-1].count[i])},) for i in range(cells_)}
    assert all(r[0]["pips"] for r in got.values())  # (the print reads as die faces)
    td = SimpleNamespace(r0=0, c0=0, ch=N, cw=N)
    pip_lab = {c: (DOT, GROUND, True) for c in got}
    ctx = SimpleNamespace(td=td, lab=lab, lab_origin=(0, 0), table_same={(0, 0)},
                          pip_lab=pip_lab)
    return ctx, got


def test_pips_up_only_the_table_coloured_cell_is_the_dotted_table():
    ctx, got = _dotted_cells()
    assert cells._dotted_table(ctx, got, die_faces=True) == {(0, 0)}


def test_pips_up_light_pips_of_the_tables_colour_vouch_still():
    ctx, got = _dotted_cells(1)
    ctx.pip_lab[(0, 0)] = (GROUND, DOT, True)  # (light pips on a face of an ink's colour)
    assert cells._dotted_table(ctx, got, die_faces=True) == set()


def test_pips_down_any_dotted_cell_is_the_table():
    ctx, got = _dotted_cells()
    assert cells._dotted_table(ctx, got, die_faces=False) == {(0, 0), (0, 1)}


def test_pips_up_a_dotted_cell_taken_for_its_outline_is_the_table():
    # (both of the table's very colour with dark pips; the first the mask calls table, taken
    # for its outline alone, the second one the mask holds: a tile's face is left to its pips)
    ctx, got = _dotted_cells()
    ctx.table_same = set(got)
    ctx.by_outline = {(0, 0)}
    assert cells._dotted_outline(ctx, got) == [(0, 0)]


def test_pips_up_an_outlined_cell_not_of_the_tables_colour_is_left_to_its_pips():
    # (the second cell is outlined and dotted, but not of the table's very colour (table_same
    # is {(0, 0)}): a tile's face, vouched for by its pips)
    ctx, got = _dotted_cells()
    ctx.by_outline = {(0, 1)}
    assert cells._dotted_outline(ctx, got) == []
