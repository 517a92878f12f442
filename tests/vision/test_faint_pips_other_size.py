"""A face whose pips read faintly at the photo's pip size is read again at the other size
(vision.pips.read_pips, FAINT_PIPS_CONF): the size is judged on the median cell, and a face
blurred or seen at a slant shows its pips smaller than the rest (the independent renderer's
final24 octopus-hard-3410: a green one's clear white pip, read at the large box, lost to the
tile's rim against the dark table as an unsure six). Faces read surely keep their reading.

The tiles are drawn here: a top-down view's lightness (CIELAB L), one tile per 48-pixel cell,
on a dark table."""
import cv2
import numpy as np

from vision.cells import CONFIDENCE_THRESHOLD
from vision.pips import PIP_RADII, _read_pips_at, read_pips

N = 48
#: die positions on the 3 x 3 grid (index 3 * row + col) of each count
FACES = {1: (4,), 2: (0, 8), 3: (0, 4, 8), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8),
         6: (0, 2, 3, 5, 6, 8)}
#: the table's, the faces' and the pips' lightness; the die grid's spacing (centre to corner,
#: cells); the tile's rim inside its cell (pixels)
TABLE_L, FACE_L, PIP_L, SPACING, RIM = 20.0, 45.0, 95.0, 0.25, 1
#: the usual pips' radius (the project's renderer's, cells) and a small one's
USUAL, SMALL = 0.075, 0.04
#: the faces drawn, left to right
COUNTS = (1, 2, 3, 4, 5, 6, 1)


def _tiles(radii: list[float], seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Tiles of :data:`COUNTS` side by side on the table, the pips of tile ``i`` of radius
    ``radii[i]`` cells (drawn at 1/8 pixel), blurred and noisy as photographed, with half a
    cell of table around: (L (2N, 8N) float32, origins (7, 2))."""
    L = np.full((N, len(COUNTS) * N), TABLE_L, np.float32)
    for i, (k, radius) in enumerate(zip(COUNTS, radii)):
        L[RIM:N - RIM, i * N + RIM:(i + 1) * N - RIM] = FACE_L
        for pos in FACES[k]:
            gy, gx = divmod(pos, 3)
            cx = i * N + (0.5 + SPACING * (gx - 1)) * N
            cy = (0.5 + SPACING * (gy - 1)) * N
            cv2.circle(L, (int(round(cx * 8)), int(round(cy * 8))), int(round(radius * N * 8)),
                       PIP_L, -1, lineType=cv2.LINE_AA, shift=3)
    L = cv2.GaussianBlur(L, (0, 0), 1.2)
    L += np.random.default_rng(seed).normal(0, 2.0, L.shape).astype(np.float32)
    L = np.pad(L, N // 2, constant_values=TABLE_L)
    return L, np.array([(N // 2, N // 2 + i * N) for i in range(len(COUNTS))])


def test_a_faint_face_is_read_at_the_other_pip_size():
    L, origins = _tiles([USUAL] * 6 + [SMALL])
    first = _read_pips_at(L, N, origins, PIP_RADII[0])[1]
    # (at the photo's size, the usual one, the small pip loses to the rim: no sure one)
    assert first.prob[6].argmax() + 1 != 1
    assert first.confidence[6] < CONFIDENCE_THRESHOLD
    light = read_pips(L, N, origins, faint_again=True)[1]
    assert light.count.tolist() == list(COUNTS)
    assert light.confidence[6] >= CONFIDENCE_THRESHOLD


def test_faces_read_surely_keep_their_reading():
    L, origins = _tiles([USUAL] * 7)
    light = read_pips(L, N, origins, faint_again=True)[1]
    usual = _read_pips_at(L, N, origins, PIP_RADII[0])[1]
    assert light.count.tolist() == list(COUNTS)
    assert np.array_equal(light.contrast, usual.contrast)
