"""Line segments -> vanishing points -> a regular lattice and its homography.

All functions here work on a small "work" image (about 0.5 MP). Points are ``(x, y)`` pixels;
a homography ``H`` maps homogeneous column vectors ``(x, y, 1)``.

The lattice model: two families of parallel lines on the table (the tile boundaries, or for
X-shaped faces the X grooves), seen in perspective. Each family meets in a vanishing point; the
pair of vanishing points fixes the perspective up to a scale per axis and a shift, which the
regular spacing of the lines (their pitch) then fixes. A final least-squares fit of every
segment to its nearest lattice line (the idea of chesscog's lattice-consistent fit) corrects
the small errors of the vanishing points and the lens.
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.colour import percentile_last

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Segments:
    """Line segments: ``p`` ``(N, 2)`` and ``q`` ``(N, 2)`` end points, ``length`` ``(N,)``."""

    p: np.ndarray
    q: np.ndarray

    @property
    def length(self) -> np.ndarray:
        return np.hypot(*(self.q - self.p).T)

    @property
    def mid(self) -> np.ndarray:
        return (self.p + self.q) / 2

    @property
    def direction(self) -> np.ndarray:
        d = self.q - self.p
        return d / np.maximum(np.hypot(*d.T), 1e-9)[:, None]

    def lines(self) -> np.ndarray:
        """Homogeneous lines ``(N, 3)``, normalised so ``a^2 + b^2 = 1``."""
        ph = np.column_stack([self.p, np.ones(len(self.p))])
        qh = np.column_stack([self.q, np.ones(len(self.q))])
        l = np.cross(ph, qh)
        return l / np.maximum(np.hypot(l[:, 0], l[:, 1]), 1e-12)[:, None]

    def take(self, mask: np.ndarray) -> "Segments":
        return Segments(self.p[mask], self.q[mask])

    def __len__(self) -> int:
        return len(self.p)


_LSD = None


def find_segments(gray: np.ndarray, *, min_length: float) -> Segments:
    """Straight line segments of a grey ``uint8`` image ``(H, W)`` (LSD), at least ``min_length``."""
    global _LSD
    if _LSD is None:
        _LSD = cv2.createLineSegmentDetector(cv2.LSD_REFINE_STD)
    lines = _LSD.detect(gray)[0]
    if lines is None:
        return Segments(np.zeros((0, 2)), np.zeros((0, 2)))
    lines = lines.reshape(-1, 4).astype(np.float64)
    seg = Segments(lines[:, :2], lines[:, 2:])
    return seg.take(seg.length >= min_length)


def _vp_consistency(segs: Segments, vp: np.ndarray) -> np.ndarray:
    """Angle (radians) between each segment and the direction from its midpoint to ``vp``
    (homogeneous ``(3,)``)."""
    u = vp[None, :2] - segs.mid * vp[2]
    nu = np.hypot(u[:, 0], u[:, 1])
    d = segs.direction
    cosang = np.abs(d[:, 0] * u[:, 0] + d[:, 1] * u[:, 1]) / np.maximum(nu, 1e-12)
    return np.arccos(np.clip(cosang, 0.0, 1.0))


def _refine_vp(lines: np.ndarray, w: np.ndarray) -> np.ndarray:
    A = (lines * w[:, None]).T @ lines
    vals, vecs = np.linalg.eigh(A)
    return vecs[:, 0]


def vanishing_points(segs: Segments, *, size: tuple[int, int], max_vps: int = 4,
                     tol_deg: float = 1.5, iterations: int = 400, seed: int = 0,
                     long_pairs: int = 20) -> list[tuple[np.ndarray, np.ndarray]]:
    """Sequential RANSAC for vanishing points.

    The hypotheses are the crossings of ``iterations`` random pairs of segments (drawn in
    proportion to their length) and of every pair of the ``long_pairs`` longest segments; each
    is scored by the length of the segments pointing at it (within ``tol_deg``).

    Returns a list of ``(vp, inlier_mask)``: ``vp`` homogeneous ``(3,)`` in work-image pixels
    (``vp[2]`` near 0 for a vanishing point at infinity), the mask over ``segs``. Strongest first.
    """
    rng = np.random.default_rng(seed)
    w, h = size
    scale = max(w, h) / 2.0
    # normalised coordinates keep the algebra well conditioned
    T = np.array([[1 / scale, 0, -w / 2 / scale], [0, 1 / scale, -h / 2 / scale], [0, 0, 1]])
    nseg = Segments((segs.p - [w / 2, h / 2]) / scale, (segs.q - [w / 2, h / 2]) / scale)
    lines = nseg.lines()
    length = segs.length
    tol = math.radians(tol_deg)
    free = np.ones(len(segs), bool)
    out = []
    total = length.sum()
    for _ in range(max_vps):
        idx = np.flatnonzero(free)
        if len(idx) < 4:
            break
        prob = length[idx] / length[idx].sum()
        pairs = rng.choice(idx, size=(iterations, 2), p=prob)
        pairs = pairs[pairs[:, 0] != pairs[:, 1]]
        if long_pairs > 1:
            # every pair of the longest segments too: the best-placed hypotheses, the same
            # whatever the short segments found (the random draw changes with each of them)
            top = idx[np.argsort(-length[idx], kind="stable")[:long_pairs]]
            i, j = np.triu_indices(len(top), 1)
            pairs = np.vstack([np.column_stack([top[i], top[j]]), pairs])
        vps = np.cross(lines[pairs[:, 0]], lines[pairs[:, 1]])
        norms = np.linalg.norm(vps, axis=1)
        vps = vps[norms > 1e-12] / norms[norms > 1e-12, None]
        scores = _pointing_scores(vps, nseg.take(free), length[idx], tol)
        k = int(np.argmax(scores)) if len(scores) else -1
        best_score, best_vp = (float(scores[k]), vps[k]) if k >= 0 else (-1.0, None)
        if best_vp is None or best_score < 0.04 * total:
            break
        vp = best_vp
        for _ in range(3):
            inl = free & (_vp_consistency(nseg, vp) < tol)
            if inl.sum() < 2:
                break
            vp = _refine_vp(lines[inl], length[inl])
        inl = free & (_vp_consistency(nseg, vp) < tol)
        free &= ~inl
        vp_img = np.linalg.inv(T) @ vp
        out.append((vp_img / np.linalg.norm(vp_img), inl))
    return out


#: Hypotheses scored at a time by :func:`_pointing_scores` (bounds its (hypotheses, segments)
#: arrays to a few megabytes).
_SCORE_CHUNK = 1024


def _pointing_scores(vps: np.ndarray, segs: Segments, weight: np.ndarray, tol: float) -> np.ndarray:
    """For each hypothesis of ``vps`` (K, 3) (homogeneous, unit norm, normalised coordinates)
    the summed ``weight`` (N,) of the segments ``segs`` (N) pointing at it within ``tol``
    radians: (K,) float32.

    A segment (midpoint m, direction d) points at V = (a, b, c) when the angle between d and
    u = (a, b) - c m is within tol, i.e. (d . u)^2 > cos^2(tol) |u|^2; both are products of
    V's terms with the segment's (d . u = a dx + b dy - c (d . m); |u|^2 = a^2 + b^2 -
    2c (a mx + b my) + c^2 |m|^2). The products are taken in float32: its ~1e-7 relative
    precision is far below a tolerance of a degree or so (a segment within 1e-5 degrees of
    the tolerance may count otherwise than in float64), and the winner is refined in float64
    on its inliers (:func:`vanishing_points`); half the work of float64."""
    mid, d = segs.mid, segs.direction
    seg_dot = np.vstack([d[:, 0], d[:, 1], -(d * mid).sum(1)]).astype(np.float32)  # (3, N)
    seg_nu = np.vstack([np.ones(len(mid)), -2 * mid[:, 0], -2 * mid[:, 1],
                        (mid * mid).sum(1)]).astype(np.float32)                   # (4, N)
    lw = np.asarray(weight, np.float32)
    c2 = math.cos(tol) ** 2
    vps32 = np.asarray(vps, np.float32)
    out = np.empty(len(vps32), np.float32)
    for start in range(0, len(vps32), _SCORE_CHUNK):
        V = vps32[start:start + _SCORE_CHUNK]
        a, b, c = V[:, 0:1], V[:, 1:2], V[:, 2:3]
        # (in place: these are (hypotheses, segments) arrays of megabytes, and fresh ones
        # cost their allocation; the hits overwrite ``dot`` as 0.0 / 1.0)
        dot = V @ seg_dot
        np.multiply(dot, dot, out=dot)
        nu2 = np.hstack([a * a + b * b, c * a, c * b, c * c]) @ seg_nu
        np.multiply(nu2, c2, out=nu2)
        np.greater(dot, nu2, out=dot, casting="unsafe")  # (1.0 where it points at V)
        out[start:start + len(V)] = dot @ lw
    return out


def pair_homography(vp1: np.ndarray, vp2: np.ndarray, origin: tuple[float, float]) -> np.ndarray:
    """Homography image -> rectified plane sending ``vp1`` to the x direction and ``vp2`` to the
    y direction, ``origin`` to (0, 0), with unit scale along both axes at the origin and no
    mirror."""
    o = np.array([origin[0], origin[1], 1.0])
    M = np.column_stack([vp1, vp2, o])
    H = np.linalg.inv(M)
    # rescale each axis to unit image-pixel scale at the origin
    J = jacobian(H, origin)
    sx = 1.0 / max(np.hypot(*J[0]), 1e-12)
    sy = 1.0 / max(np.hypot(*J[1]), 1e-12)
    H = np.diag([sx, sy, 1.0]) @ H
    if np.linalg.det(jacobian(H, origin)) < 0:
        H = np.diag([1.0, -1.0, 1.0]) @ H
    return H / H[2, 2] if abs(H[2, 2]) > 1e-12 else H


#: The camera assumed where a view's intrinsics are unknown: a phone's main camera, 26 mm
#: equivalent focal length (23-28 mm on phones; the independent renderer 24-30 mm), its
#: principal point the picture's centre.
PHONE_FOCAL_EQUIV_MM = 26.0
#: Diagonal (mm) of a 35 mm frame: a "35 mm-equivalent" focal length is relative to it.
FULL_FRAME_DIAGONAL_MM = 43.27


def phone_focal_px(size: tuple[int, int], focal_equiv_mm: float = PHONE_FOCAL_EQUIV_MM) -> float:
    """The focal length in pixels of a ``size`` ``(w, h)`` picture taken at ``focal_equiv_mm``
    (35 mm equivalent)."""
    return focal_equiv_mm * math.hypot(*size) / FULL_FRAME_DIAGONAL_MM


def jacobian(H: np.ndarray, pt: tuple[float, float]) -> np.ndarray:
    """2x2 Jacobian of the projective map ``H`` at point ``pt`` of the plane it maps from: rows
    d(X, Y)/d(x, y) (its determinant: how many times an area there grows under ``H``)."""
    q = H @ np.array([pt[0], pt[1], 1.0])
    w = q[2]
    return (H[:2, :2] * w - q[:2, None] * H[2, None, :2]) / (w * w)  # (the outer product)


def signed_cell_areas(H: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """The homography ``H``'s Jacobian determinants ``(n,)`` at the points ``pts`` ``(n, 2)``
    of the plane it maps from: ``det(H) / w ** 3``, ``w`` the third row of ``H`` times ``(x, y,
    1)`` (how many times an area there grows; the sign flips across the vanishing line, where
    ``w`` is 0 and the value infinite or NaN)."""
    w = pts @ H[2, :2] + H[2, 2]
    with np.errstate(all="ignore"):
        return np.linalg.det(H) / w ** 3


def view_cell_areas(H: np.ndarray, pts: np.ndarray, max_ratio: float) -> np.ndarray | None:
    """The cells' areas ``(n,)`` (absolute Jacobian determinants, ``det(H) / w ** 3`` with
    ``w`` the third row of ``H`` at each point) of the homography ``H`` at the points ``pts``
    ``(n, 2)`` of the plane it maps from, or None when ``H`` could be no camera's view there:
    the area changes sign over the points (a vanishing line between them) or varies by more
    than ``max_ratio``."""
    dets = signed_cell_areas(H, pts)
    if not np.all(np.isfinite(dets)) or not (np.all(dets > 0) or np.all(dets < 0)):
        return None
    area = np.abs(dets)
    return area if area.max() <= max_ratio * area.min() else None


def apply_h(H: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Apply homography ``H`` to points ``(N, 2)``."""
    pts = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
    homog = np.empty((len(pts), 3))  # (x, y, 1): the locator calls this hundreds of times
    homog[:, :2] = pts
    homog[:, 2] = 1.0
    q = homog @ H.T
    return q[:, :2] / q[:, 2:3]


@dataclass(frozen=True)
class Comb:
    """A regular set of parallel lines ``phase + k * period``; ``strength`` 0-1 is how much of the
    evidence lies on it."""

    period: float
    phase: float
    strength: float


def fit_comb(values: np.ndarray, weights: np.ndarray, *, min_period: float, max_period: float
             ) -> Comb | None:
    """Find the regular spacing of line positions ``values`` (1-D, weighted).

    The fundamental is the largest period whose coherence is close to the best one (a comb at a
    sub-multiple of the true period fits equally well, one at a multiple does not).
    """
    values = np.asarray(values, float)
    weights = np.asarray(weights, float)
    if len(values) < 3:
        return None
    # a period longer than the lines' spread is not seen (every line then lies near one phase:
    # the coherence of any long period is high); two lines a period apart are the least
    lo, hi = (percentile_last(values, q, together=True) for q in (2, 98))  # (np.percentile's)
    max_period = min(max_period, SPAN_SLACK * float(hi - lo))
    if max_period <= min_period:
        return None
    periods = np.exp(np.linspace(math.log(min_period), math.log(max_period), 600))
    # (float32 phases: the cosines and sines of 600 x N phases dominate the cost)
    ph = (2 * np.pi / periods[:, None]).astype(np.float32) * values[None, :].astype(np.float32)
    w32 = (weights / weights.sum()).astype(np.float32)
    cos = np.cos(ph)
    coh = np.hypot(cos @ w32, np.sin(ph, out=ph) @ w32).astype(np.float64)
    best = coh.max()
    if best < 0.2:
        return None
    # local maxima close to the best; take the largest period among them
    # (each period's neighbours, the ends wrapping round)
    prev, nxt = np.empty_like(coh), np.empty_like(coh)
    prev[1:], prev[0] = coh[:-1], coh[-1]
    nxt[:-1], nxt[-1] = coh[1:], coh[0]
    ok = np.flatnonzero((coh >= 0.8 * best) & (coh >= prev) & (coh >= nxt))
    if len(ok) == 0:
        ok = np.array([int(coh.argmax())])
    i = int(ok.max())
    # refine the period locally
    fine = np.linspace(periods[max(i - 2, 0)], periods[min(i + 2, len(periods) - 1)], 60)
    zf = (weights[None, :] * np.exp(2j * np.pi * values[None, :] / fine[:, None])).sum(1) / weights.sum()
    j = int(np.abs(zf).argmax())
    period = float(fine[j])
    phase = float((np.angle(zf[j]) / (2 * np.pi)) * period) % period
    return Comb(period, phase, float(np.abs(zf[j])))


#: The longest period :func:`fit_comb` tries, as a share of the spread of the line positions
#: (2nd to 98th percentile): a little over it, for the spread of a line's own segments.
SPAN_SLACK = 1.05


def fit_lattice_homography(segs_x: Segments, kx: np.ndarray, segs_y: Segments, ky: np.ndarray,
                           weights_x: np.ndarray, weights_y: np.ndarray) -> np.ndarray | None:
    """Least-squares homography image -> lattice from segments assigned to lattice lines.

    A segment of ``segs_x`` lies on the line ``X = kx`` (end points both), one of ``segs_y`` on
    ``Y = ky``. Each end point gives one linear equation in the 9 entries of ``H`` (DLT, solved by
    SVD in normalised coordinates).
    """
    if len(segs_x) < 2 or len(segs_y) < 2:
        return None
    pts_all = np.vstack([segs_x.p, segs_x.q, segs_y.p, segs_y.q])
    c = pts_all.mean(0)
    s = pts_all.std() + 1e-9
    T = np.array([[1 / s, 0, -c[0] / s], [0, 1 / s, -c[1] / s], [0, 0, 1]])
    # one row per end point (normalised): (x, y, 1) in the columns of its axis's lattice
    # coordinate (0-2 for X, 3-5 for Y), -k (x, y, 1) in the last three, times sqrt(weight)
    pts = (pts_all - c) / s
    n_x = 2 * len(segs_x)
    A = np.zeros((len(pts), 9))
    A[:n_x, 0:2] = pts[:n_x]
    A[:n_x, 2] = 1.0
    A[n_x:, 3:5] = pts[n_x:]
    A[n_x:, 5] = 1.0
    k = np.concatenate([kx, kx, ky, ky])
    A[:, 6:8] = -k[:, None] * pts
    A[:, 8] = -k
    A *= np.sqrt(np.concatenate([weights_x, weights_x, weights_y, weights_y]))[:, None]
    try:
        _, _, vt = np.linalg.svd(A, full_matrices=False)
    except np.linalg.LinAlgError:
        return None
    Hn = vt[-1].reshape(3, 3)
    H = Hn @ T
    return H / H[2, 2] if abs(H[2, 2]) > 1e-12 else None


def segment_positions(H: np.ndarray, segs: Segments, axis: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rectified coordinate ``axis`` of each segment (mean of its ends), the spread of the two
    ends along that axis and the rectified length."""
    a = apply_h(H, segs.p)
    b = apply_h(H, segs.q)
    pos = (a[:, axis] + b[:, axis]) / 2
    spread = np.abs(a[:, axis] - b[:, axis])
    length = np.abs(a[:, 1 - axis] - b[:, 1 - axis])
    return pos, spread, length
