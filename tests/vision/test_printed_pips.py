"""A hole in an Octopus layout on a polka-dot cloth: the cell shows the cloth's white ground
(the table's own colour) with one green dot in its middle, which a die layout of one pip fits.
A die's pips are black or white: pips of no pip paint in a cell of the table's colour are the
cloth's print, not a tile (vision.cells._printed_pips). So in Textile, where tiles may lie pips
down (a tile lying so shows no pips at all), the pips' paint is read from ``ctx.pip_lab``
(final23 textile-normal-3006: a white cloth's orange dots in two holes of the layout read as
white 1s)."""
import numpy as np

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


def _textile_reading(pips) -> tuple:
    # (Textile's reading leaves the pips' paint out of its evidence: kept in ctx.pip_lab)
    return ({"colour": "white", "pips": pips}, {"colour": 0.9, "pips": 0.9}, [], 3.0, {})


def test_textile_a_hole_with_a_dot_of_no_pip_paint_is_the_cloth():
    orange, white = np.array([70.0, 35.0, 55.0]), np.array([95.0, 0.0, 3.0])
    black = np.array([20.0, 0.0, 0.0])
    ctx = _Ctx(kit=None, palette=None, profile=None, td=None, lab=None, die_faces=False,
               table_coloured={(0, 0), (0, 1), (0, 2)},
               pip_lab={(0, 0): (orange, white, False), (0, 1): (black, white, True)})
    # the cloth's orange dot in a hole of the layout, read as a white 1: the cloth
    assert _printed_pips(ctx, (0, 0), _textile_reading(1), vouched=())
    # a white tile's black pips: a tile
    assert not _printed_pips(ctx, (0, 1), _textile_reading(3), vouched=())
    # pips whose paint was not measured, or no pips read (a tile lying pips down): left to the
    # other rules
    assert not _printed_pips(ctx, (0, 2), _textile_reading(1), vouched=())
    assert not _printed_pips(ctx, (0, 0), _textile_reading(None), vouched=())
    # vouched for beside the layout by its pips
    assert not _printed_pips(ctx, (0, 0), _textile_reading(1), vouched={(0, 0)})
