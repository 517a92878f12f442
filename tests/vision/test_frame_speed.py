"""The frame search's shortcuts keep its numbers: CIELAB only where the bands lie, and only the
lines that can be a window's side measured."""
import numpy as np

from vision.colour import bgr_to_lab
from vision.frame import FRAME, _band_lab, _band_pixels, _band_stats


def _view(rows=11, cols=10, n=16, seed=5):
    rng = np.random.default_rng(seed)
    return rng.integers(0, 256, (rows * n, cols * n, 3), dtype=np.uint8), rows, cols, n


def test_band_lab_matches_the_whole_view_on_every_band_pixel():
    bgr, rows, cols, n = _view()
    nr, nc = rows - FRAME + 1, cols - FRAME + 1
    full = bgr_to_lab(bgr)
    part = _band_lab(bgr, n, rows, cols, nr, nc)
    ri = _band_pixels(n, rows, (0, nr - 1), (FRAME, rows))
    ci = _band_pixels(n, cols, (0, nc - 1), (FRAME, cols))
    assert len(ri) and len(ci)
    assert np.array_equal(part[ri], full[ri])
    assert np.array_equal(part[:, ci], full[:, ci])
    # the slices before line r = 1 reach from 0.74 to 0.02 cells above it: rows 4..15 at 16 px
    # per cell, not the line's own row 16
    assert set(range(4, 16)) <= set(ri.tolist()) and 16 not in ri


def test_band_stats_of_chosen_lines_equal_those_of_all_lines():
    bgr, rows, cols, n = _view()
    lab = bgr_to_lab(bgr)
    for horizontal, count in ((True, rows), (False, cols)):
        med, spread = _band_stats(lab, n, rows, cols, (0.08, 0.28), horizontal)
        med2, spread2 = _band_stats(lab, n, rows, cols, (0.08, 0.28), horizontal, (FRAME, count))
        assert np.array_equal(med[FRAME:count], med2[FRAME:count], equal_nan=True)
        assert np.array_equal(spread[FRAME:count], spread2[FRAME:count], equal_nan=True)
        assert np.all(np.isnan(med2[:FRAME]))
