"""The cells' borders' bands reduced at once (vision.cells._band_maxima) give the maxima the
band-by-band loop gave, bit for bit, along rows and along columns (a transposed view), the
bands cut at the view's ends."""
import numpy as np

from vision.cells import _band_maxima


def _bands_before(g: np.ndarray, step: int, half: int, n: int) -> np.ndarray:
    """The loop vision.cells._border_edges ran: one band of rows at a time."""
    h = g.shape[0]
    return np.stack([g[max(0, k * step - half):min(h, k * step + half)].max(axis=0)
                     for k in range(n)])


def test_band_maxima_are_the_loops():
    rng = np.random.default_rng(11)
    for cells, px, half in ((5, 48, 3), (9, 44, 3), (3, 32, 2), (1, 32, 1)):
        g = np.abs(rng.normal(size=(cells * px, 7 * px)).astype(np.float32))
        assert np.array_equal(_band_maxima(g, px, half, cells + 1),
                              _bands_before(g, px, half, cells + 1))
        gt = g.T  # (the columns' bands: a transposed, non-contiguous view)
        assert np.array_equal(_band_maxima(gt, px, half, 8), _bands_before(gt, px, half, 8))
