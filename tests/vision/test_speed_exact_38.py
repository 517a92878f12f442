"""Exact savings of the thirty-eighth session: the X-Tiles wedges' unevenness from 13
correlations instead of 30 (the values the 30 gave, within float32 rounding: under 5e-4 of the
[0, 1] result, the same most even place)."""
from __future__ import annotations

import cv2
import numpy as np

from vision.cells import _wedge_masks, _wedge_unevenness

RNG = np.random.default_rng(38)


def _wedge_unevenness_before(around: np.ndarray, wedges: tuple[np.ndarray, ...]) -> np.ndarray:
    """vision.cells._wedge_unevenness as written before: 30 correlations."""
    every = sum(wedges)
    within = total = 0.0
    for c in range(3):
        x = np.ascontiguousarray(around[..., c])
        x2 = x * x
        for mask, into_total in [(w, False) for w in wedges] + [(every, True)]:
            s1 = cv2.matchTemplate(x, mask, cv2.TM_CCORR)
            s2 = cv2.matchTemplate(x2, mask, cv2.TM_CCORR)
            spread = s2 - s1 * s1 / max(float(mask.sum()), 1.0)
            if into_total:
                total = total + spread
            else:
                within = within + spread
    return np.clip(within / np.maximum(total, 1e-6), 0.0, 1.0)


def _face_view(n: int, m: int, shift: tuple[int, int]) -> np.ndarray:
    """A CIELAB view ``(n + 2m, n + 2m, 3)`` float32: four paints in quarters meeting at a point
    ``shift`` off the view's centre, with noise."""
    size = n + 2 * m
    yy, xx = np.mgrid[0:size, 0:size]
    cy, cx = size / 2 + shift[0], size / 2 + shift[1]
    paints = np.array([[50, 60, 40], [70, -30, 60], [40, 10, -50], [80, 0, 5]], np.float32)
    quarter = (yy >= cy).astype(int) * 2 + (xx >= cx).astype(int)
    return paints[quarter] + RNG.normal(0, 2, (size, size, 3)).astype(np.float32)


def test_the_wedges_are_disjoint():
    for n in (20, 33, 48):
        for axis in (0, 1):
            assert sum(_wedge_masks(n, axis)).max() == 1.0


def test_wedge_unevenness_as_the_thirty_correlations_gave_it():
    for n, axis, shift in [(24, 0, (0, 0)), (32, 1, (3, -4)), (40, 0, (-6, 2)), (48, 1, (5, 5))]:
        m = int(round(0.25 * n))
        around = _face_view(n, m, shift)
        wedges = _wedge_masks(n, axis)
        got, want = _wedge_unevenness(around, wedges), _wedge_unevenness_before(around, wedges)
        assert got.shape == want.shape == (2 * m + 1, 2 * m + 1)
        assert np.abs(got - want).max() < 5e-4  # (float32 rounding: each form cancels large sums)
        assert np.unravel_index(np.argmin(got), got.shape) == np.unravel_index(np.argmin(want), want.shape)
        centred = _wedge_unevenness(around[m:m + n, m:m + n], wedges)
        assert centred.shape == (1, 1)
        assert abs(float(centred[0, 0]) - float(_wedge_unevenness_before(around[m:m + n, m:m + n], wedges)[0, 0])) < 1e-5
