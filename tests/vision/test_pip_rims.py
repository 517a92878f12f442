"""A pip is enclosed by the face's paint; a dark gap between a tile's teeth, open to the table or
the crack beside the next tile, is not (vision.pips._rims_checked)."""
from pathlib import Path

import cv2
import numpy as np

from vision import pips
from vision.pips import PIP_RADII, read_pips

N = 48  # pixels per cell, as the reader's top-down view of solid faces
FACE_L, TABLE_L, PIP_L = 72.0, 35.0, 52.0
#: The top-down view (CIELAB L* scaled to 0-255) of the own renderer's bench photo
#: octopus-hard-2201, cell (4, 2): a pink one-pip face (a grey pip) with its toothed rim, next
#: to a white tile, the cell of N pixels at (N // 2, N // 2); main read it as a two, both
#: "pips" on gaps between the teeth.
ONE_PIP_TEETH = Path(__file__).parent / "data" / "octopus_one_pip_teeth.png"


def _toothed_face(pip_yx: list, offset: tuple = (0, 0)) -> np.ndarray:
    """A face (L* 72) of a tile inset 0.05 in its cell (moved by ``offset`` pixels), on a dark
    table (L* 35) with dark gaps (table showing) cut into its rim every sixth of its side, and
    dark pips at ``pip_yx`` (fractions of the cell): ``(2N, 2N)`` float32, the cell at
    ``(N // 2, N // 2)``."""
    L = np.full((2 * N, 2 * N), TABLE_L, np.float32)
    oy, ox = N // 2 + offset[0], N // 2 + offset[1]
    a, b = int(0.05 * N), int(0.95 * N)
    L[oy + a:oy + b, ox + a:ox + b] = FACE_L
    notch = max(2, int(0.04 * N))
    for t in np.linspace(a, b, 7)[1:-1].astype(int):  # gaps between the teeth, on every side
        for y0, x0 in ((oy + a, ox + t), (oy + b - notch, ox + t), (oy + t, ox + a),
                       (oy + t, ox + b - notch)):
            L[y0:y0 + notch, x0 - notch // 2:x0 + notch] = TABLE_L
    r = int(round(PIP_RADII[0] * N))
    for fy, fx in pip_yx:
        cv2.circle(L, (int(ox + fx * N), int(oy + fy * N)), r, PIP_L, -1)
    return cv2.GaussianBlur(L, (3, 3), 0.8)


def test_a_one_pip_face_with_a_toothed_rim_reads_one():
    L = cv2.imread(str(ONE_PIP_TEETH), cv2.IMREAD_GRAYSCALE).astype(np.float32) * (100 / 255)
    reads = read_pips(L, N, np.array([[N // 2, N // 2]]))
    assert reads[-1].count[0] == 1


def test_pips_near_the_cells_side_enclosed_by_the_face_still_count():
    # a two and a four on tiles off their cells, so that fitted pips lie within RIM_BAND of
    # the cell's side: still enclosed by the face, still pips
    on, _ = pips._layout_masks()
    for layout, offset in (([(0.25, 0.25), (0.75, 0.75)], (-7, -7)),
                           ([(0.25, 0.25), (0.25, 0.75), (0.75, 0.25), (0.75, 0.75)], (9, 0))):
        L = _toothed_face(layout, offset)
        read = read_pips(L, N, np.array([[N // 2, N // 2]]))[-1]
        assert read.count[0] == len(layout), (layout, offset)
        assert pips._near_rim(N)[read.geometry[0]][on[read.layout[0]]].any()


def test_rim_check_costs_nothing_where_no_fitted_pip_is_near_a_rim(monkeypatch):
    calls = []
    monkeypatch.setattr(pips, "_least_side_contrast",
                        lambda *a, **k: calls.append(1) or np.zeros(a[2].shape))
    L = _toothed_face([(0.5, 0.5)])
    assert read_pips(L, N, np.array([[N // 2, N // 2]]))[-1].count[0] == 1
    assert not calls
