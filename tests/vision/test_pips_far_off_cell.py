"""A tile a quarter of a cell off its cell shows its pips to a die grid shifted as far
(vision.pips.SHIFTS), tried on a cell whose best grid among the near ones lies at their reach
(vision.pips.NEAR_SHIFT, vision.pips._farther_off): the independent renderer's loosely laid
tiles at a layout's end (final17 octopus-normal-1768, a blue two read as a one)."""
import cv2
import numpy as np
import pytest

from vision.pips import PIP_RADII, read_pips

N = 48  # pixels per cell, as the reader's top-down view of solid faces
FACE_L, PIP_L = 72.0, 52.0
TWO = [(0.25, 0.25), (0.75, 0.75)]
THREE = [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)]
SIX = [(0.25, 0.25), (0.5, 0.25), (0.75, 0.25), (0.25, 0.75), (0.5, 0.75), (0.75, 0.75)]


def _face_off_its_cell(pip_yx: list, offset: tuple) -> np.ndarray:
    """A face (L* 72) wider than the view with dark pips (L* 52) at ``pip_yx`` (fractions of
    a tile's side) of a tile moved ``offset`` pixels off its cell: ``(2N, 2N)`` float32, the
    cell at ``(N // 2, N // 2)``."""
    L = np.full((2 * N, 2 * N), FACE_L, np.float32)
    oy, ox = N // 2 + offset[0], N // 2 + offset[1]
    r = int(round(PIP_RADII[0] * N))
    for fy, fx in pip_yx:
        cv2.circle(L, (int(ox + fx * N), int(oy + fy * N)), r, PIP_L, -1)
    return cv2.GaussianBlur(L, (3, 3), 0.8)


@pytest.mark.parametrize("layout, offset", [
    (TWO, (12, 2)), (TWO, (-12, -4)), (TWO, (3, 12)),
    (THREE, (13, 5)), (THREE, (7, 12)),
    (SIX, (7, 13)), (SIX, (-8, 13)),
])
def test_pips_of_a_tile_a_quarter_off_its_cell_are_all_counted(layout, offset):
    L = _face_off_its_cell(layout, offset)
    origin = np.array([[N // 2, N // 2]])
    assert read_pips(L, N, origin)[-1].count[0] == len(layout)
    # (on the near grids only, as beside the layout: one pip, the grid at their reach)
    assert read_pips(L, N, origin, farther=False)[-1].count[0] == 1
