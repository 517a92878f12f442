"""Where every tile lies pips up (Octopus), a cell beside the layout read as a die face is the
table's dots when it shows a spot off its die layout only if it has the bare table's very colour
and pips darker than its face (cells._dotted_table): a pale cloth printed in a dark ink shows
chance die faces as white as a white tile's, while a tile of another colour, or of an ink's
colour with light pips, is vouched for by its pips whatever lies around them. In Textile, where
tiles may lie pips down, an outlined hole of the table's colour showing such a spot is the cloth
too, while a white tile's '1' in the same place is kept."""
from types import SimpleNamespace

import cv2
import numpy as np

from tests.vision.scenes import paint_solid_tiles
from tests.vision.test_cells_reading import _textile_view
from tests.vision.test_stray_dots import N, _lab_row
from vision import cells
from vision.cells import read_cells
from vision.colour import Palette
from vision.kits import kit_for_game
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
    ctx = SimpleNamespace(td=td, lab=lab, lab_origin=(0, 0), die_faces=False, table_same={(0, 0)},
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


def _textile_hole(stray: bool, white_tile: bool = False) -> dict:
    """A Textile layout on a near-white cloth round a hole at (2, 3), tiles on its four sides,
    each outlined by its gap: the hole shows the cloth with a dark dot in its middle (a chance
    '1') and, with ``stray``, another off the die layout's places (by its left border), or with
    ``white_tile`` a white tile's '1'. Returns the cells ``read_cells`` takes beyond the tiles
    (cell -> attributes)."""
    kit = kit_for_game("textile")
    tiles = {(1, 2): ("blue", 3), (1, 3): ("red", 5), (1, 4): ("green", 4), (2, 2): ("yellow", 2),
             (2, 4): ("green", 1), (3, 2): ("red", 6), (3, 3): ("blue", 2), (3, 4): ("yellow", 5)}
    td, fg = _textile_view((225, 235, 240), tiles, fg_cells=set(tiles))
    n, img = td.ch, td.image
    if white_tile:
        cv2.rectangle(img, (3 * n, 2 * n), (4 * n - 1, 3 * n - 1), (90, 90, 90), 2)
        paint_solid_tiles(img, {(2, 3): ("white", 1)}, n, kit, inset=2)
    else:
        cv2.circle(img, (int(3.5 * n), int(2.5 * n)), int(0.1 * n), (40, 40, 40), -1, cv2.LINE_AA)
    if stray:
        cv2.circle(img, (int(3.14 * n), int(2.5 * n)), int(0.1 * n), (40, 40, 40), -1,
                   cv2.LINE_AA)
    readings, _ = read_cells(td, kit, palette=Palette.from_hex(kit.colours), fg=fg,
                             colours_apart=True)
    return {(r.row, r.col): r.attrs for r in readings if r.occupied and (r.row, r.col) not in tiles}


def test_tiles_either_side_up_a_dotted_hole_taken_for_its_outline_is_the_table():
    # (Textile, tiles either side up: a hole of the cloth's very colour, outlined by its
    # neighbours' gaps, whose dots fit a '1' and show a spot off its die layout, is the cloth;
    # final19 textile-normal-1996 and final16 normal-1608 read such holes as white 1s)
    assert _textile_hole(stray=True) == {}
    # (a white tile's '1' there is kept: no spot off its die layout)
    assert _textile_hole(stray=False, white_tile=True) == {(2, 3): {"colour": "white", "pips": 1}}
