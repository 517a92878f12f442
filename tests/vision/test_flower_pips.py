"""A printed cloth's flowers beside an Octopus layout, read as tiles (the independent renderer's
floral cloth, final10 octopus-normal-404): a red flower's pale yellow heart reads as a red tile's
one pip, or a four's. A die's pips are the set's white or black paint: a cell the mask does not
hold whose pips are of no pip paint is the cloth's print (vision.cells._printed_pips), and a
cell beside the layout whose light pips are not the white the layout's tiles show under the
same lamp is no die face (vision.cells._pips_unlike_layout_white)."""
import numpy as np

from vision.cells import _Ctx, _pips_unlike_layout_white, _printed_pips

RED = np.array([45.0, 62.0, 40.0])  # a red tile's face as seen (Lab)
WHITE = (np.array([96.8, 0.5, 1.4]), 0)  # the layout's white pips as seen, the white paint


def _ctx(**kw) -> _Ctx:
    return _Ctx(kit=None, palette=None, profile=None, td=None, lab=None, die_faces=True, **kw)


def _reading(pips, pip_paint: bool) -> tuple:
    return ({"colour": "red", "pips": pips}, {"colour": 0.9, "pips": 0.9}, [], 3.0,
            {"pips_of_pip_paint": pip_paint})


def test_an_unheld_cell_with_pips_of_no_pip_paint_is_the_cloth():
    ctx = _ctx(fg={(0, 0): 0.0, (0, 1): 0.9})
    # a red flower's yellow heart, the mask leaving the flower out
    assert _printed_pips(ctx, (0, 0), _reading(1, False), vouched=())
    # white pips: a tile, held or not
    assert not _printed_pips(ctx, (0, 0), _reading(1, True), vouched=())
    # a cell the mask holds is left to the other rules (a tile whose pips glare)
    assert not _printed_pips(ctx, (0, 1), _reading(1, False), vouched=())


def test_light_pips_unlike_the_layouts_white_are_no_die_face():
    blurred = 0.75 * WHITE[0] + 0.25 * RED  # a small white pip blurred into its red face
    heart = np.array([93.4, 0.3, 17.7])  # a red flower's pale yellow heart (final10 404)
    dark = np.array([22.0, 0.0, 1.0])  # a yellow tile's black pips
    hot = np.array([99.7, 0.0, -0.1])  # white pips in the lamp's hot spot, brighter than most
    pip_lab = {(0, 0): (heart, RED, True), (0, 1): (blurred, RED, True),
               (0, 2): (dark, np.array([85.0, 0.0, 80.0]), True),
               (0, 3): (hot, np.array([66.6, 1.1, 2.6]), True)}
    ctx = _ctx(pip_lab=pip_lab, layout_white=WHITE)
    assert _pips_unlike_layout_white(ctx, (0, 0))
    assert not _pips_unlike_layout_white(ctx, (0, 1))
    assert not _pips_unlike_layout_white(ctx, (0, 2))  # dark pips: not looked at
    assert not _pips_unlike_layout_white(ctx, (5, 5))  # no pips read
    brighter = _ctx(pip_lab=pip_lab, layout_white=(np.array([88.8, 3.1, 7.0]), 0))
    assert not _pips_unlike_layout_white(brighter, (0, 3))
    assert not _pips_unlike_layout_white(_ctx(pip_lab=pip_lab), (0, 0))  # the layout's white unknown
