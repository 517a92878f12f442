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

from vision.lattice import apply_h, phone_focal_px, view_cell_areas


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
#: The planar pose's two solutions (a tilt either way about the line of sight, which a few
#: points tell apart only by the perspective they show) fit the points alike when the worse
#: one's RMS residual is within this factor of the better's plus :data:`POSE_TIE_PX`: then the
#: one whose far side lies towards the picture's top is taken (a photo of a table is taken
#: with the phone upright, the table running away from it). The factor and margin are a
#: stated tolerance, not a measure: on 400 random drawn views (8-30 degrees, 4-6 faces, 1.5 px
#: of noise) the tie changed the pose taken 10 times, the far side up the truer each time.
POSE_TIE = 1.5
POSE_TIE_PX = 0.5


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


def camera_map(ij: np.ndarray, xy: np.ndarray, size: tuple[int, int]) -> np.ndarray | None:
    """The map ``(3, 3)`` from lattice points ``(j, i)`` ``(n, 2)`` (n >= 4, spanning two
    dimensions) to image points ``(n, 2)`` that a camera of known intrinsics makes of a square
    lattice: ``K [r1 r2 t]`` with ``K`` a phone's (:data:`vision.lattice.PHONE_FOCAL_EQUIV_MM`, the picture
    ``size`` ``(w, h)`` pixels), a rotation and a shift, six unknowns as an affine map's; None
    when no pose is found or it is no camera's view over the points (:data:`MAX_AREA_RATIO`).

    An affine map holds the pitch the same over the layout; a tilted table's cells shrink
    away from the camera, so an affine map fitted to the faces of a few rows drifts off the
    rows beyond them (final14 x-tiles-hard-1108, 41 degrees: the near rows' tiles 0.25-1.1
    cells off the affine lattice fitted to the three far rows). Of the planar pose's two
    solutions (IPPE) the better fitting is taken, the one whose far side lies up the picture
    when they fit alike (:data:`POSE_TIE`)."""
    w, h = size
    f = phone_focal_px(size)
    K = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1.0]])
    obj = np.column_stack([ij, np.zeros(len(ij))]).astype(np.float64)
    try:
        _, rvecs, tvecs, _ = cv2.solvePnPGeneric(obj, np.asarray(xy, np.float64).reshape(-1, 1, 2),
                                                 K, None, flags=cv2.SOLVEPNP_IPPE)
    except cv2.error:
        return None
    poses = []
    centre = np.append(np.mean(xy, axis=0), 1.0)
    for rvec, tvec in zip(rvecs, tvecs):
        R, _ = cv2.Rodrigues(rvec)
        H = K @ np.column_stack([R[:, 0], R[:, 1], np.ravel(tvec)])
        if not np.all(np.isfinite(H)) or abs(H[2, 2]) < 1e-12:
            continue
        H = H / H[2, 2]
        if view_cell_areas(H, ij, MAX_AREA_RATIO) is None:
            continue
        rms = residual_rms(H, ij, xy)
        # (the vanishing line l: moving up the picture nears it when l's y term and l . centre
        # share a sign)
        line = np.linalg.inv(H)[2]
        poses.append((rms, bool(line[1] * (line @ centre) > 0), H))
    if not poses:
        return None
    best = min(rms for rms, _, _ in poses)
    alike = [p for p in poses if p[0] <= POSE_TIE * best + POSE_TIE_PX]
    far_up = [p for p in alike if p[1]]
    return min(far_up or alike, key=lambda p: p[0])[2]


def residual_rms(H: np.ndarray, ij: np.ndarray, xy: np.ndarray) -> float:
    """The RMS distance (image pixels) of the map ``H``'s images of the lattice points ``ij``
    ``(n, 2)`` from the points ``xy`` ``(n, 2)``."""
    return float(np.sqrt(np.mean(np.sum((apply_h(H, ij) - xy) ** 2, axis=1))))
