"""Lattices through the pieces' centres: what X-Tiles (:mod:`vision.xtiles`) and the cards
(:mod:`vision.cards`) share.

A layout of pieces that each fill one cell shows its lattice as the pieces themselves: blobs of
paint whose centres are lattice points. The map from lattice indices to image points is grown
from the piece nearest the layout's middle outwards, refitted after each piece taken
(:func:`fit_map`: perspective changes the pitch across the layout; a homography once enough
points span both axes).

Conventions: points ``(x, y)`` in image pixels; a map ``(3, 3)`` takes lattice indices
``(j, i, 1)`` (column, row) to image points.
"""
from __future__ import annotations

import cv2
import numpy as np

from vision.lattice import view_cell_areas


#: Pieces needed to fit the lattice's perspective (a homography); fewer fit an affine map.
HOMOGRAPHY_TILES = 8
#: A homography fitted to the centres is a camera's view of the table only when the cells'
#: area keeps its sign over the points (no vanishing line across the layout) and varies over
#: them by at most this factor (a table seen at up to 45 degrees; the line search holds its
#: lattices to the same, :func:`vision.locate._plausible_cells`). Centres in a near-line (a
#: layout that zigzags along one diagonal) fit a homography whose vanishing line runs
#: through the layout, every cell on one side mapped to a point.
MAX_AREA_RATIO = 6.0
#: A piece centre is on the lattice when it lies within this share of the pitch of a lattice
#: point.
ON_LATTICE = 0.3


def fit_map(ij: np.ndarray, xy: np.ndarray, prior: np.ndarray, *,
            homography_points: int = HOMOGRAPHY_TILES, affine_points: int = 3) -> np.ndarray:
    """Map ``(3, 3)`` from lattice points ``(j, i)`` ``(n, 2)`` to image points ``(n, 2)``: a
    homography when at least ``homography_points`` points span two dimensions, an affine map
    from ``affine_points``, else ``prior``'s axes scaled and shifted to fit."""
    n = len(ij)
    if n >= homography_points and np.linalg.matrix_rank(ij - ij.mean(0)) == 2:
        H, _ = cv2.findHomography(ij.astype(np.float64), xy.astype(np.float64), 0)
        if H is not None and np.all(np.isfinite(H)) and view_cell_areas(H, ij, MAX_AREA_RATIO) is not None:
            return H / H[2, 2]
    if n >= max(3, affine_points) and np.linalg.matrix_rank(ij - ij.mean(0)) == 2:
        A = np.column_stack([ij, np.ones(n)])
        sol, *_ = np.linalg.lstsq(A, xy, rcond=None)
        return np.vstack([sol.T, [0, 0, 1.0]])
    # the prior's linear part, scaled, and a shift
    L = prior[:2, :2]
    pred = ij @ L.T
    pc, xc = pred - pred.mean(0), xy - xy.mean(0)
    k = float(np.sum(pc * xc) / max(np.sum(pc * pc), 1e-9)) if n >= 2 else 1.0
    k = k if k > 0 else 1.0
    t = xy.mean(0) - k * pred.mean(0)
    return np.array([[k * L[0, 0], k * L[0, 1], t[0]], [k * L[1, 0], k * L[1, 1], t[1]], [0, 0, 1.0]])
