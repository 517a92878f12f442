"""A hole in an Octopus layout on a polka-dot cloth: the cell shows the cloth's white ground
(the table's own colour) with one green dot in its middle, which a die layout of one pip fits.
A die's pips are black or white: pips of no pip paint in a cell of the table's colour are the
cloth's print, not a tile (vision.cells._printed_pips)."""
from vision.cells import _Ctx, _printed_pips


def _reading(pips, pip_paint: bool) -> tuple:
    return ({"colour": "white", "pips": pips}, {"colour": 0.9, "pips": 0.9}, [], 3.0,
            {"pips_of_pip_paint": pip_paint})


def test_a_table_coloured_cell_with_dots_of_no_pip_paint_is_the_cloth():
    ctx = _Ctx(kit=None, palette=None, profile=None, td=None, lab=None, die_faces=True,
               table_coloured={(0, 0), (0, 1), (0, 2)})
    assert _printed_pips(ctx, (0, 0), _reading(1, False), vouched=())
    # black pips on a white tile on white cloth: a tile
    assert not _printed_pips(ctx, (0, 0), _reading(1, True), vouched=())
    # a cell the bare table does not show the colour of, or one vouched for beside the layout
    assert not _printed_pips(ctx, (5, 5), _reading(1, False), vouched=())
    assert not _printed_pips(ctx, (0, 1), _reading(1, False), vouched={(0, 1)})
    # no pips read: left to the other rules
    assert not _printed_pips(ctx, (0, 2), _reading(None, False), vouched=())
    # where tiles may lie pips down (Textile) the pips are not looked at so
    ctx.die_faces = False
    assert not _printed_pips(ctx, (0, 0), _reading(1, False), vouched=())
