"""Lattices through the pieces' centres: what X-Tiles (:mod:`vision.xtiles`) and the cards
(:mod:`vision.cards`) share.

A layout of pieces that each fill one cell shows its lattice as the pieces themselves: blobs of
paint whose centres are lattice points. The blobs are measured (:func:`components`), and the map
from lattice indices to image points is grown from the piece nearest the layout's middle
outwards (:func:`grow_map`), refitted after each piece taken (:func:`fit_map`: perspective
changes the pitch across the layout; a homography once enough pieces span both axes).

Conventions: points ``(x, y)`` in image pixels; a map ``(3, 3)`` takes lattice indices
``(j, i, 1)`` (column, row) to image points.
"""
from __future__ import annotations

import math
from typing import Callable

import cv2
import numpy as np

from vision.lattice import apply_h

#: Pieces needed to fit the lattice's perspective (a homography); fewer fit an affine map.
HOMOGRAPHY_TILES = 8
#: A piece centre is on the lattice when it lies within this share of the pitch of a lattice
#: point.
ON_LATTICE = 0.3


def components(mask: np.ndarray, min_area: float
               ) -> list[tuple[tuple[float, float], float, float, float, float]]:
    """Connected components (4-connected) of ``mask`` ``(H, W)`` with at least ``min_area``
    pixels: ``(centre (x, y), angle of the long axis (radians, [0, pi)), area, elongation (long
    / short second-moment axis), solidity (area / convex hull's))``."""
    n, labels, stats, cents = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=4)
    out = []
    for i in range(1, n):
        area = float(stats[i, cv2.CC_STAT_AREA])
        if area < min_area:
            continue
        x, y, bw, bh = (int(v) for v in stats[i, :4])
        comp = (labels[y:y + bh, x:x + bw] == i).astype(np.uint8)
        m = cv2.moments(comp, binaryImage=True)
        mu20, mu02, mu11 = m["mu20"] / area, m["mu02"] / area, m["mu11"] / area
        tr, det = mu20 + mu02, mu20 * mu02 - mu11 * mu11
        disc = math.sqrt(max(tr * tr / 4 - det, 0.0))
        l1, l2 = tr / 2 + disc, max(tr / 2 - disc, 1e-9)
        angle = 0.5 * math.atan2(2 * mu11, mu20 - mu02) % math.pi
        cnts, _ = cv2.findContours(comp, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        hull = cv2.convexHull(np.vstack(cnts))
        solidity = area / max(cv2.contourArea(hull), 1.0)
        out.append(((float(cents[i, 0]), float(cents[i, 1])), angle, area,
                    math.sqrt(l1 / l2), float(solidity)))
    return out


def grow_map(centres: np.ndarray, H: np.ndarray, seed: int, *,
             admit: Callable[[int, np.ndarray], bool] | None = None
             ) -> tuple[np.ndarray, list[int], np.ndarray] | None:
    """Grow the map from lattice indices to image points over the pieces ``centres`` ``(N, 2)``.

    ``H`` ``(3, 3)`` is the first guess, taking ``(0, 0)`` to the piece ``seed``. The others are
    taken nearest the seed first: each when it lies within :data:`ON_LATTICE` of a free lattice
    point of the map so far and ``admit(k, ij)`` (if given) accepts it there; the map is refitted
    after each (see :func:`fit_map`).

    Returns ``(H, indices of the pieces taken, their lattice points (n, 2) (j, i))``, or None
    when fewer than two pieces fit.
    """
    order = np.argsort(np.linalg.norm(centres - centres[seed], axis=1))
    taken_ij, taken_xy, taken_k = [np.zeros(2)], [centres[seed]], [seed]
    for k in order[1:]:
        q = apply_h(np.linalg.inv(H), centres[k:k + 1])[0]
        ij = np.round(q)
        if np.abs(q - ij).max() >= ON_LATTICE or any(np.array_equal(ij, t) for t in taken_ij):
            continue
        if admit is not None and not admit(int(k), ij):
            continue
        taken_ij.append(ij)
        taken_xy.append(centres[k])
        taken_k.append(int(k))
        H = fit_map(np.array(taken_ij), np.array(taken_xy), H)
    if len(taken_ij) < 2:
        return None
    return H, taken_k, np.array(taken_ij)


def fit_map(ij: np.ndarray, xy: np.ndarray, prior: np.ndarray, *,
            homography_points: int = HOMOGRAPHY_TILES) -> np.ndarray:
    """Map ``(3, 3)`` from lattice points ``(j, i)`` ``(n, 2)`` to image points ``(n, 2)``: a
    homography when at least ``homography_points`` points span two dimensions, an affine map
    from 3, else ``prior``'s axes scaled and shifted to fit."""
    n = len(ij)
    if n >= homography_points and np.linalg.matrix_rank(ij - ij.mean(0)) == 2:
        H, _ = cv2.findHomography(ij.astype(np.float64), xy.astype(np.float64), 0)
        if H is not None and np.all(np.isfinite(H)):
            return H / H[2, 2]
    if n >= 3 and np.linalg.matrix_rank(ij - ij.mean(0)) == 2:
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
