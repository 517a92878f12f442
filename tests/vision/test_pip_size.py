"""Pips of another maker's size are counted as surely (vision.pips.read_pips, PIP_RADII): the
independent renderer prints pips about two thirds the size of the project's, whose faint
contrast in a box fitted to the larger pips read a clear single pip as an unclear 6 (indie
octopus hard 000). Pips of the usual size are read as before.

The faces are drawn here: a top-down view's lightness (CIELAB L), one face per 48-pixel cell."""
import cv2
import numpy as np

from vision.cells import CONFIDENCE_THRESHOLD
from vision.pips import PIP_RADII, _read_pips_at, read_pips

N = 48
#: die positions on the 3 x 3 grid (index 3 * row + col) of each count
FACES = {1: (4,), 2: (0, 8), 3: (0, 4, 8), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8),
         6: (0, 2, 3, 5, 6, 8)}
#: the face's and the pips' lightness, the die grid's spacing (centre to corner, cells)
FACE_L, PIP_L, SPACING = 50.0, 95.0, 0.25


def _faces(pip_radius: float, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The six faces side by side with light pips of ``pip_radius`` cells (drawn at 1/8 pixel),
    blurred and noisy as photographed: (L (N, 6N) float32, origins (6, 2))."""
    L = np.full((N, 6 * N), FACE_L, np.float32)
    for k, idx in FACES.items():
        for pos in idx:
            gy, gx = divmod(pos, 3)
            cx = (k - 1) * N + (0.5 + SPACING * (gx - 1)) * N
            cy = (0.5 + SPACING * (gy - 1)) * N
            cv2.circle(L, (int(round(cx * 8)), int(round(cy * 8))), int(round(pip_radius * N * 8)),
                       PIP_L, -1, lineType=cv2.LINE_AA, shift=3)
    L = cv2.GaussianBlur(L, (0, 0), 1.5)
    L += np.random.default_rng(seed).normal(0, 2.0, L.shape).astype(np.float32)
    return L, np.array([(0, (k - 1) * N) for k in FACES])


def test_small_pips_are_counted_surely():
    L, origins = _faces(0.04)
    light = read_pips(L, N, origins)[1]
    assert light.count.tolist() == [1, 2, 3, 4, 5, 6]
    assert light.confidence.min() >= CONFIDENCE_THRESHOLD - 0.05
    # (read with the box of the usual pips only, they fade under the count's threshold)
    assert _read_pips_at(L, N, origins, PIP_RADII[0])[1].count.tolist() == [0] * 6


def test_pips_of_the_usual_size_are_read_as_before():
    L, origins = _faces(0.075)
    light = read_pips(L, N, origins)[1]
    usual = _read_pips_at(L, N, origins, PIP_RADII[0])[1]
    assert light.count.tolist() == [1, 2, 3, 4, 5, 6]
    assert np.array_equal(light.contrast, usual.contrast)
