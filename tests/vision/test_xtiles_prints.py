"""Where the paints meet (vision.xtiles' second search): a cloth's prints of the paints'
colours that cross the region are left out of the paint before the faces are looked for
(diagnosed on final25 x-tiles-hard-3811, a layout of 16 tiles on orange and red stripes, the
stripes joined to its orange and red sectors: that photo is still not read, 16 cells wrong; the
photos it put right are final17 x-tiles-hard-1765, 4 -> 0 wrong, and xt52 x-tiles-hard-2782,
2 -> 0). Small synthetic masks."""
import numpy as np

from vision.xtiles import _prints_left_out


def test_a_stripe_running_off_the_region_is_left_out_and_a_sector_it_touches_kept():
    """A stripe of one paint crosses the region from side to side and touches a face's sector
    of its colour across a bridge a pixel wide: the stripe is no face and is left out, the
    sector (within the region) is kept whole."""
    paint = np.zeros((80, 120), np.uint8)
    colour = np.zeros((80, 120), np.uint8)  # (paint 0 everywhere: one colour)
    paint[10:18, :] = 1  # (the stripe, off both sides)
    paint[30:50, 40:60] = 1  # (a face's sector)
    paint[18:30, 50] = 1  # (a bridge a pixel wide from the stripe to the sector)
    # (two patches off the region's side, against PRINT_REGION_SHARE of its longer side, 120:
    # one spanning 0.4 of it, kept, and one spanning 0.6, left out)
    paint[58:64, 0:48] = 1  # (0.4: 48 pixels, off the left side)
    paint[70:78, 48:120] = 1  # (0.6: 72 pixels, off the right side)
    out = _prints_left_out(paint, colour, 4)
    assert out.dtype == np.uint8
    assert not out[10:18, :].any()
    assert out[30:50, 40:60].all()
    assert out[58:64, 0:48].all()
    assert not out[70:78, 48:120].any()
    as_bool = _prints_left_out(paint > 0, colour, 4)
    assert as_bool.dtype == bool and np.array_equal(as_bool, out > 0)
