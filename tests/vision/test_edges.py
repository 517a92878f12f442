"""Canny edges by the derivatives' overload (vision.edges.canny): the same edges as
``cv2.Canny`` on the picture, and the reader never calls the picture's overload, which OpenCV
5.0.0 runs past the end of its edge stack on one thread (see vision.edges)."""
import math

import cv2
import numpy as np
import pytest

from tests.vision.test_cards import PALETTE, _picture
from tests.vision.test_outlined_cards import CELLS, _glared
from vision.cards import WORK_PIXELS, _outline_pieces, _pieces_under_light
from vision.edges import canny
from vision.foreground import foreground_mask
from vision.locate import shrink


def _textured(seed: int) -> np.ndarray:
    """A (240, 320) grey picture: a cloth's check, blobs and noise, smoothed a little."""
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:240, 0:320]
    img = 90 + 60 * ((yy // 7 + xx // 9) % 2) + rng.normal(0, 18, (240, 320))
    for _ in range(12):
        cv2.circle(img, (int(rng.integers(0, 320)), int(rng.integers(0, 240))),
                   int(rng.integers(5, 40)), float(rng.integers(0, 256)), -1)
    return cv2.GaussianBlur(np.clip(img, 0, 255).astype(np.uint8), (0, 0), 0.8)


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("low,high,l2", [(20, 50, False), (12, 30, True), (5, 15, False)])
def test_the_same_edges_as_opencvs_canny_on_the_picture(seed, low, high, l2):
    img = _textured(seed)
    before = cv2.getNumThreads()
    cv2.setNumThreads(2)  # (the picture's overload is sound on more than one thread)
    try:
        want = cv2.Canny(img, low, high, L2gradient=l2)
    finally:
        cv2.setNumThreads(before)
    got = canny(img, low, high, l2_gradient=l2)
    assert got.dtype == np.uint8 and got.shape == img.shape
    assert want.any()
    assert np.array_equal(got, want)
    # a channel of a colour picture (a strided view) as its copy
    colour = np.dstack([img, 255 - img, img // 2])
    assert np.array_equal(canny(colour[..., 1], low, high, l2_gradient=l2),
                          canny(np.ascontiguousarray(colour[..., 1]), low, high, l2_gradient=l2))


def _only_derivatives(monkeypatch) -> list:
    """Make ``cv2.Canny`` fail when handed a picture (uint8) rather than its derivatives."""
    calls = []
    real = cv2.Canny

    def guarded(first, *args, **kwargs):
        assert first.dtype == np.int16, "cv2.Canny called on a picture"
        calls.append(first.shape)
        return real(first, *args, **kwargs)

    monkeypatch.setattr(cv2, "Canny", guarded)
    return calls


def test_the_foreground_mask_takes_its_edges_from_the_derivatives(monkeypatch):
    calls = _only_derivatives(monkeypatch)
    img = cv2.cvtColor(_textured(4), cv2.COLOR_GRAY2BGR)
    cv2.rectangle(img, (120, 80), (200, 160), (40, 60, 200), -1)
    foreground_mask(img)
    assert calls


def test_the_cards_outlines_take_their_edges_from_the_derivatives(monkeypatch):
    img, centres = _picture(CELLS, seed=3, tilt=0.8, turn_deg=10.0)
    img = _glared(img, centres)
    small, _ = shrink(img, math.sqrt(WORK_PIXELS / (img.shape[0] * img.shape[1])))
    painted = _pieces_under_light(small, PALETTE)
    calls = _only_derivatives(monkeypatch)
    _outline_pieces(small, painted)
    assert calls
