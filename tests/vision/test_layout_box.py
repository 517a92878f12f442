"""The layout's box for a closer look leaves far clutter out (vision.locate)."""
import numpy as np

from vision.locate import _closer_box, _layout_box


def test_clutter_far_from_the_layout_stays_out_of_its_closer_look():
    fg = np.zeros((600, 800), bool)
    fg[200:300, 300:420] = True                 # the layout
    fg[250:262, 338:352] = False                # (a hole: a tile of the table's colour)
    fg[200:300, 430:470] = True                 # a part of it beyond a tile of the table's colour
    fg[520:540, 100:300] = True                 # a pen at the table's far side
    fg[230:290, 520:580] = True                 # a tile beyond two hidden ones
    assert _layout_box(fg) == (300, 200, 580, 300)
    box = _closer_box(fg, 0.4, (1500, 2000))
    assert box is not None
    x0, y0, x1, y1 = box
    assert y1 < 520 / 0.4 and x0 > 100 / 0.4   # (not the pen)
    assert x0 < 300 / 0.4 and x1 > 580 / 0.4 and y0 < 200 / 0.4 and y1 > 300 / 0.4
