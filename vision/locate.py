"""Locate the lattice of tiles in a photo: the homography from lattice cells to image pixels.

Public stage: :func:`locate` / :func:`locate_candidates`. It works on a downscaled copy of the
photo (about 0.5 MP) and returns :class:`Lattice` hypotheses in the coordinates of the full
image, best first:

1. foreground mask (:mod:`vision.foreground`: colours rare on the table; on a patterned table
   also what is much smoother than it); edge segments (LSD) near it;
2. vanishing points (RANSAC) -> pairs of line families -> a regular comb per family -> a
   lattice refined by least squares of every segment on its nearest lattice line (chesscog);
   when no perspective pair holds together, the families are retried as parallel lines;
3. hypotheses also from the layout's outline (plain tables) or from the segments wholly inside
   the layout (X grooves, patterned tables); rejected when their cells are not square on the
   table for a phone camera, are long and thin, change size wildly, or (patterned table) when
   their lines carry on across the bare table (the cloth's own grid);
4. ranked by how well the cells fit the foreground (each cell full of tile or bare).

Lattice coordinates ``(x, y)``: cell ``(row, col)`` covers ``col <= x <= col + 1`` and
``row <= y <= row + 1``; rows grow towards the bottom of the picture (the quarter turn of the
lattice is chosen so), columns to the right. Non-square cells (cards) are one unit per pitch.
"""
from __future__ import annotations

import functools
import logging
import math
import weakref
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Callable, Iterable, NamedTuple

import cv2
import numpy as np

from vision.colour import median_last, percentile_last
from vision.errors import NoTilesFound
from vision.foreground import (components, fill_holes, foreground_mask,  # noqa: F401 (public here too)
                               outline_step)
from vision.lattice import (PHONE_FOCAL_EQUIV_MM, Segments, jacobian, apply_h, fit_comb,
                            view_cell_areas, fit_lattice_homography, find_segments,
                            pair_homography, phone_focal_px, segment_positions, vanishing_points)

logger = logging.getLogger(__name__)

#: Pixels of the downscaled copy the lattice is searched on.
WORK_PIXELS = 550_000
#: Pixels of the layout's crop searched for the segments inside it (see :func:`_layout_segments`).
LAYOUT_PIXELS = 450_000
#: Where the layout's crop is seen less than this many times closer than the work copy (the
#: layout fills most of the picture) and its segments are searched anyway (X-shaped tiles on a
#: plain table: the segments inside the layout give a hypothesis of their own), they serve as
#: the segments near the layout too: the work copy's own line search (10-17 ms) would find the
#: same lines at nearly the same scale, a little coarser. The crop's zoom measured 1.07-1.5 on
#: the project's renderer's photos of bench45 (layouts that fill the picture), 1.4-2.3 on the
#: independent renderer's X-Tiles photos (seeds 400-405).
CLOSER_ZOOM = 1.25
#: Largest lattice accepted (cells per side).
MAX_CELLS = 26
#: A view tilted at least this far (degrees) from straight down has a far side to every cell
#: (see :func:`far_side`): a raised tile's wall shows on its near side and hides on its far one.
#: Nearer straight down, the point of the table below the camera lies within or beside the
#: layout: each cell hides the side away from it, no one side is every cell's far one. (The
#: side itself is H's third row, K-free; only the tilt leans on the assumed camera.) The
#: independent renderer's photos whose white tile on a pale table lacked only its far rim were
#: tilted 11-44 degrees.
FAR_SIDE_TILT_DEG = 10.0


@dataclass(frozen=True)
class Lattice:
    """Where the cells are.

    Attributes
    ----------
    H : (3, 3) homography lattice ``(x, y, 1)`` -> full-image pixels ``(x, y, 1)``.
    rows, cols : ``(first, last)`` cell indices (inclusive) that may hold tiles.
    pitch_px : typical cell size in image pixels (geometric mean of both axes).
    diagonal : True when the lines found were the cells' diagonals (X-shaped faces).
    strength : 0-1 regularity of the lines found.
    """

    H: np.ndarray
    rows: tuple[int, int]
    cols: tuple[int, int]
    pitch_px: float
    diagonal: bool = False
    strength: float = 0.0
    work_scale: float = 1.0
    info: dict = field(default_factory=dict)
    fg: np.ndarray | None = field(default=None, repr=False, compare=False)

    def cell_polygon(self, row: int, col: int) -> np.ndarray:
        """The four corners ``(4, 2)`` of a cell in image pixels (clockwise from top-left)."""
        pts = np.array([[col, row], [col + 1, row], [col + 1, row + 1], [col, row + 1]], float)
        return apply_h(self.H, pts)

    def with_H(self, H: np.ndarray, **changes) -> "Lattice":
        """A copy with homography ``H`` (and ``changes``); its ``info`` is its own copy (the
        ranking writes each lattice's own measures into it)."""
        from dataclasses import replace
        changes.setdefault("info", dict(self.info))
        return replace(self, H=H, **changes)


def _phone_intrinsics_inv(size: tuple[int, int],
                          focal_equiv_mm: float = PHONE_FOCAL_EQUIV_MM) -> np.ndarray:
    """``K^-1`` (3, 3) of a phone's main camera for a ``size`` (w, h) picture: ``focal_equiv_mm``
    35 mm-equivalent focal length, principal point at the picture's centre."""
    w, h = size
    f = phone_focal_px(size, focal_equiv_mm)
    return np.array([[1 / f, 0, -w / 2 / f], [0, 1 / f, -h / 2 / f], [0, 0, 1.0]])


def cells_moved(new: Lattice, old: Lattice, centres: np.ndarray) -> float:
    """The largest move (cells, along either axis) of the cells at ``centres`` ``(N, 2)`` (x, y
    lattice coordinates of ``old``) onto ``new``'s lattice."""
    return float(np.abs(apply_h(np.linalg.inv(new.H) @ old.H, centres) - centres).max())


def cell_aspect(lattice: Lattice, image_size: tuple[int, int], *,
                focal_equiv_mm: float = PHONE_FOCAL_EQUIV_MM) -> float:
    """Physical height / width of a lattice cell, from the homography and an assumed camera.

    A plane's homography is ``K [r1 r2 t]`` up to scale, so with the intrinsics ``K`` (a phone's
    main camera: 26 mm equivalent focal length, centred principal point) the lengths of
    ``K^-1 h1`` and ``K^-1 h2`` are the cell's width and height in the same unit.
    """
    K_inv = _phone_intrinsics_inv(image_size, focal_equiv_mm)
    Hc = _centred_H(lattice)
    a = np.linalg.norm(K_inv @ Hc[:, 0])
    b = np.linalg.norm(K_inv @ Hc[:, 1])
    return float(np.clip(b / max(a, 1e-12), 0.4, 2.5))


def _centred_H(lattice: Lattice) -> np.ndarray:
    """``lattice.H`` (3, 3) with the lattice's origin moved to its centre (x = col, y = row)."""
    cx = (lattice.cols[0] + lattice.cols[1] + 1) / 2
    cy = (lattice.rows[0] + lattice.rows[1] + 1) / 2
    return lattice.H @ np.array([[1, 0, cx], [0, 1, cy], [0, 0, 1.0]])


def far_side(lattice: Lattice, image_size: tuple[int, int], *,
             min_tilt_deg: float = FAR_SIDE_TILT_DEG,
             focal_equiv_mm: float = PHONE_FOCAL_EQUIV_MM) -> int | None:
    """The side of every cell of ``lattice`` that faces away from the camera, as an index of
    :func:`vision.cells._beside`'s order (0 above, 1 below, 2 left, 3 right: rows grow
    downwards, columns rightwards), or None when the view is tilted less than ``min_tilt_deg``
    from straight down (then no side is clearly the far one).

    A plane's homography is ``K [r1 r2 t]`` up to scale (``K`` a phone's camera, see
    :func:`cell_aspect`): the third row of ``K^-1 H`` is the depth along the optical axis, so
    ``(r1_z, r2_z)`` is how the depth grows along the columns and the rows (its sign fixed by the
    layout's centre lying in front of the camera), and the plane's normal ``r1 x r2`` gives the
    tilt. ``image_size``: (w, h) of the picture ``lattice.H`` maps into.

    One side for every cell is a simplification (each cell's own far side is the one away from
    the point of the table below the camera; a view turned about 45 degrees has two); it can only
    make a rule built on it miss: a cell whose true far side differs lacks that side's edge."""
    K_inv = _phone_intrinsics_inv(image_size, focal_equiv_mm)
    M = K_inv @ _centred_H(lattice)
    if M[2, 2] < 0:  # (the homography's scale may be negative: the centre's depth is positive)
        M = -M
    r1, r2 = M[:, 0], M[:, 1]
    normal = np.cross(r1, r2)
    cos_tilt = abs(normal[2]) / max(float(np.linalg.norm(normal)), 1e-12)
    if math.degrees(math.acos(min(cos_tilt, 1.0))) < min_tilt_deg:
        return None
    deeper = (-r2[2], r2[2], -r1[2], r1[2])  # (above, below, left, right)
    return int(np.argmax(deeper))


def shrink(image: np.ndarray, scale: float) -> tuple[np.ndarray, float]:
    """``image`` downscaled by about ``scale`` (< 1); returns (copy, exact scale copy/image).

    Pixel areas are averaged over whole blocks of ``k x k`` pixels first (``k`` the integer part
    of ``1 / scale``: OpenCV's fast path, a few ms for 3 MP) and the small remainder of the
    factor is interpolated linearly; a direct area resize by a fractional factor costs about
    six times as much for nearly the same picture. The right and bottom rims lose at most
    ``k - 1`` pixels (so that the blocks tile the image)."""
    h, w = image.shape[:2]
    k = int(1.0 / scale)
    if k >= 2:
        h, w = h // k * k, w // k * k
        image = cv2.resize(image[:h, :w], (w // k, h // k), interpolation=cv2.INTER_AREA)
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    if size != (image.shape[1], image.shape[0]):
        image = cv2.resize(image, size, interpolation=cv2.INTER_LINEAR if k >= 2 else cv2.INTER_AREA)
    return image, image.shape[1] / w


def work_copy(image: np.ndarray, pixels: int = WORK_PIXELS) -> tuple[np.ndarray, float]:
    """Downscale ``image`` (BGR) to about ``pixels`` pixels; returns (copy, scale work/full)."""
    h, w = image.shape[:2]
    s = min(1.0, math.sqrt(pixels / float(h * w)))
    if s >= 0.999:
        return image, 1.0
    return shrink(image, s)


def _refine(H: np.ndarray, fam_x: Segments, fam_y: Segments, *, rounds: int = 3
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Assign segments to the nearest lattice lines and refit ``H`` (image -> lattice).

    A refit is kept only while it stays a lattice: at least two distinct lines per family and a
    cell size within a factor 1.5 of the start (a least-squares fit to few lines can otherwise
    collapse an axis onto one line). (The segments' lattice positions are computed once per
    ``H``: the assignments at each tolerance share them.)
    """
    len_x, len_y = fam_x.length, fam_y.length

    def positions(H):
        px, sx, _ = segment_positions(H, fam_x, 0)
        py, sy, _ = segment_positions(H, fam_y, 1)
        return px, sx, py, sy

    def assign(pos, tol):
        px, sx, py, sy = pos
        kx, ky = np.round(px), np.round(py)
        mx = (np.abs(px - kx) < tol) & (sx < tol * 1.5) & np.isfinite(px)
        my = (np.abs(py - ky) < tol) & (sy < tol * 1.5) & np.isfinite(py)
        return kx, mx, ky, my

    centre = np.vstack([fam_x.mid, fam_y.mid]).mean(0)
    area0 = abs(np.linalg.det(jacobian(H, tuple(centre))))
    pos = positions(H)
    for tol in (0.2, 0.12, 0.08)[:rounds]:
        kx, mx, ky, my = assign(pos, tol)
        if _fewer_than_two(kx[mx]) or _fewer_than_two(ky[my]):
            break
        H2 = fit_lattice_homography(fam_x.take(mx), kx[mx], fam_y.take(my), ky[my],
                                    len_x[mx], len_y[my])
        if H2 is None or not np.all(np.isfinite(H2)):
            break
        area = abs(np.linalg.det(jacobian(H2, tuple(centre))))
        if not (area0 / 2.25 < area < area0 * 2.25):
            break
        H = H2
        pos = positions(H)
    kx, mx, ky, my = assign(pos, 0.12)
    return H, kx, mx, ky, my


def _fewer_than_two(values: np.ndarray) -> bool:
    """Whether ``values`` (1-D, no NaN) hold fewer than two distinct values."""
    return values.size == 0 or bool(values.min() == values.max())


def _quarter_turn(c: int, s: int) -> tuple[np.ndarray, np.ndarray]:
    R = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1.0]])
    R_inv = np.linalg.inv(R[:2, :2])
    R.flags.writeable = R_inv.flags.writeable = False  # (shared)
    return R, R_inv


#: The lattice's four quarter turns ``R`` (3, 3) and the inverses of their (2, 2) parts.
_QUARTER_TURNS = [_quarter_turn(c, s) for c, s in [(1, 0), (0, 1), (-1, 0), (0, -1)]]


def _pick_turn(H_img_from_lat: np.ndarray, centre: tuple[float, float]) -> np.ndarray:
    """A lattice transform (3x3, quarter turn + no mirror) making +y point down the picture and
    +x to the right, as closely as possible. Returns T with new_lattice = T @ old_lattice."""
    J = jacobian(H_img_from_lat, centre)  # d(img)/d(lat): columns are lattice axes in the image
    best, best_T = -1e9, np.eye(3)
    for R, R_inv in _QUARTER_TURNS:
        Ji = J @ R_inv
        ax = Ji[:, 0] / (np.hypot(*Ji[:, 0]) + 1e-12)
        ay = Ji[:, 1] / (np.hypot(*Ji[:, 1]) + 1e-12)
        score = ax[0] + ay[1]
        if score > best:
            best, best_T = score, R
    return best_T


def locate(image: np.ndarray, *, cells_are_tiles: bool = True) -> Lattice:
    """The best lattice of :func:`locate_candidates` (see there)."""
    return locate_candidates(image, cells_are_tiles=cells_are_tiles)[0]


def _layout_crop(shape: tuple[int, int], fg: np.ndarray, scale: float
                 ) -> tuple[tuple[int, int, int, int], float] | None:
    """The crop of :func:`_layout_segments` in a picture of ``shape`` (H, W): the box ``(x0,
    y0, x1, y1)`` (full-image pixels) around the foreground ``fg`` (work-image mask, ``scale``
    work/full) and the zoom (< 1: the shrink) that brings it to about :data:`LAYOUT_PIXELS`
    pixels; ``None`` when ``fg`` is empty."""
    rows = np.flatnonzero(fg.any(axis=1))
    cols = np.flatnonzero(fg.any(axis=0))
    if len(cols) == 0:
        return None
    H, W = shape
    pad = 0.03 * max(fg.shape)
    x0 = int(max(0, (cols[0] - pad) / scale))
    x1 = int(min(W, (cols[-1] + 1 + pad) / scale))
    y0 = int(max(0, (rows[0] - pad) / scale))
    y1 = int(min(H, (rows[-1] + 1 + pad) / scale))
    z = min(1.0, math.sqrt(LAYOUT_PIXELS / max(1.0, float((y1 - y0) * (x1 - x0)))))
    return (x0, y0, x1, y1), z


def _closer_zoom(shape: tuple[int, int], fg: np.ndarray, scale: float) -> float:
    """How many times closer than the work copy (``scale`` work/full) the layout's crop of
    :func:`_layout_segments` sees it (``fg`` its work-image mask; a picture of ``shape``);
    infinite when ``fg`` is empty."""
    crop = _layout_crop(shape, fg, scale)
    return math.inf if crop is None else crop[1] / scale


def _min_length(w: int, h: int) -> float:
    """The least length (work pixels) of the segments searched on a ``w`` x ``h`` work copy."""
    return max(8.0, 0.012 * max(w, h))


def _layout_segments(image: np.ndarray, fg: np.ndarray, scale: float, *, min_length: float
                     ) -> Segments:
    """Edge segments of the layout seen closer: the full image's crop around the foreground
    ``fg`` (work-image mask) at about :data:`LAYOUT_PIXELS` pixels (no more than full
    resolution); returned in work-image pixels, at least ``min_length`` (work pixels) long."""
    found = _layout_crop(image.shape[:2], fg, scale)
    if found is None:
        return Segments(np.zeros((0, 2)), np.zeros((0, 2)))
    (x0, y0, x1, y1), z = found
    crop = image[y0:y1, x0:x1]
    zx = zy = 1.0
    if z < 0.999:
        crop, zx = shrink(crop, z)
        zy = zx
    segs = find_segments(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY),
                         min_length=min_length * min(zx, zy) / scale)
    to_work = lambda p: np.column_stack([(p[:, 0] / zx + x0) * scale, (p[:, 1] / zy + y0) * scale])
    return Segments(to_work(segs.p), to_work(segs.q))


def segments_within(gray: np.ndarray, region: np.ndarray, *, min_length: float, pad: int = 8,
                    blur: float = 0.0) -> Segments:
    """:func:`find_segments` of ``gray`` (H, W) searched only in the bounding box of ``region``
    (H, W) bool, widened by ``pad`` pixels; the segments in the coordinates of ``gray``. (Line
    detection costs in proportion to the pixels searched: a layout covers a part of the
    picture.) ``blur``: the crop is first smoothed with a Gaussian of that sigma."""
    ys, xs = np.nonzero(region[::2, ::2])
    if len(xs) == 0:
        return Segments(np.zeros((0, 2)), np.zeros((0, 2)))
    h, w = gray.shape[:2]
    # (the detector first resamples the picture by 4/5: a crop starting at a multiple of 5
    # pixels keeps its sampling grid, so the segments are the same as on the whole picture)
    x0, y0 = max(0, (2 * int(xs.min()) - pad) // 5 * 5), max(0, (2 * int(ys.min()) - pad) // 5 * 5)
    x1, y1 = min(w, 2 * int(xs.max()) + 2 + pad), min(h, 2 * int(ys.max()) + 2 + pad)
    crop = np.ascontiguousarray(gray[y0:y1, x0:x1])
    if blur > 0:
        crop = cv2.GaussianBlur(crop, (0, 0), blur)
    segs = find_segments(crop, min_length=min_length)
    off = np.array([x0, y0], float)
    return Segments(segs.p + off, segs.q + off)


def _from_half(segs: Segments) -> Segments:
    """Segments found on a half-size copy, in the coordinates of the full-size picture."""
    return Segments((segs.p + 0.5) * 2 - 0.5, (segs.q + 0.5) * 2 - 0.5)


def _near(segs: Segments, near: np.ndarray) -> Segments:
    """The segments whose midpoint lies on ``near`` (H, W) bool."""
    h, w = near.shape[:2]
    m = np.round(segs.mid).astype(int)
    return segs.take(near[np.clip(m[:, 1], 0, h - 1), np.clip(m[:, 0], 0, w - 1)])


def _mean_direction(segs: Segments) -> np.ndarray:
    """The length-weighted mean direction of ``segs`` as a vanishing point at infinity
    ``(dx, dy, 0)`` (directions averaged as doubled angles)."""
    d = segs.direction
    ang = 2 * np.arctan2(d[:, 1], d[:, 0])
    wt = segs.length
    a = 0.5 * math.atan2(float((wt * np.sin(ang)).sum()), float((wt * np.cos(ang)).sum()))
    return np.array([math.cos(a), math.sin(a), 0.0])


def _lattices_from_segments(segs: Segments, fg: np.ndarray, scale: float, size: tuple[int, int],
                            cells_are_tiles: bool, source: str, *, fix_pitch: bool = True,
                            refit_coarse: bool = False,
                            seed: int = 0
                            ) -> list[Lattice]:
    """Lattice hypotheses from one set of segments (work-image pixels): vanishing points ->
    pairs of families -> regular combs -> refined lattices that hold together. ``fix_pitch``:
    a lattice of tiles may have its pitch cut when its cells then fit the foreground better
    (not on a patterned table, whose foreground is only as sharp as the texture's window)."""
    w, h = size
    if len(segs) < 6:
        return []
    # (another seed: a second look from random draws only, the longest segments' crossings
    # having given the first)
    vps = vanishing_points(segs, size=(w, h), seed=seed, long_pairs=20 if seed == 0 else 0)
    if len(vps) < 2:
        return []
    candidates = []
    total_len = float(segs.length.sum())
    # a vanishing point from a few short segments is poorly placed (a near top-down view can
    # come out as a steep perspective): when no lattice holds together, each family gives a
    # hypothesis with its lines parallel in the picture (their mean direction); the lattice
    # fit then adds the perspective
    flat = [(_mean_direction(segs.take(m)), m) for v, m in vps]
    sample = _layout_sample(fg)
    valid: list[Lattice] = []
    for pairs in (list(combinations(vps, 2)), list(combinations(flat, 2))):
        if not all(_sheared(lat) for lat in valid):
            break  # (lattices sheared on the table: the parallel hypotheses are tried too)
        candidates = []
        for (v1, m1), (v2, m2) in pairs:
            # v1 becomes the x direction, so family 1 holds the lines y = const (and vice versa)
            f2, f1 = segs.take(m1), segs.take(m2)
            mids = np.vstack([f1.mid, f2.mid])
            origin = tuple(median_last(mids.T))  # (np.median's, along axis 0)
            # the two families must cross at a decent angle where the tiles are
            d1 = v1[:2] - np.array(origin) * v1[2]
            d2 = v2[:2] - np.array(origin) * v2[2]
            cosang = abs(d1 @ d2) / (np.linalg.norm(d1) * np.linalg.norm(d2) + 1e-12)
            if cosang > math.cos(math.radians(35)):
                continue
            try:
                H0 = pair_homography(v1, v2, origin)
            except np.linalg.LinAlgError:
                continue
            px, sx, lx = segment_positions(H0, f1, 0)
            py, sy, ly = segment_positions(H0, f2, 1)
            okx = np.isfinite(px) & (np.abs(px) < 4 * max(w, h))
            oky = np.isfinite(py) & (np.abs(py) < 4 * max(w, h))
            if okx.sum() < 3 or oky.sum() < 3:
                continue
            min_p = max(6.0, 0.012 * max(w, h))
            cx = fit_comb(px[okx], f1.length[okx], min_period=min_p, max_period=0.45 * max(w, h))
            cy = fit_comb(py[oky], f2.length[oky], min_period=min_p, max_period=0.45 * max(w, h))
            if cx is None or cy is None:
                continue
            # square cells seen from a phone: the two pitches (unit image scale at the origin along
            # both axes) differ by the foreshortening only; a comb far coarser than the other is a
            # chance fit of a few lines at a multiple of the pitch (X grooves; a lattice of tiles
            # has its pitch checked against the tiles' extent instead, see _fix_pitch; on a
            # patterned table, where that check is not made, on a second look only)
            refit = not cells_are_tiles or (refit_coarse and not fix_pitch)
            if refit and cx.period > 2.0 * cy.period:
                cx = fit_comb(px[okx], f1.length[okx], min_period=min_p,
                              max_period=1.6 * cy.period) or cx
            elif refit and cy.period > 2.0 * cx.period:
                cy = fit_comb(py[oky], f2.length[oky], min_period=min_p,
                              max_period=1.6 * cx.period) or cy
            support = (f1.length.sum() + f2.length.sum()) / total_len
            score = cx.strength * cy.strength * support
            S = np.array([[1 / cx.period, 0, -cx.phase / cx.period],
                          [0, 1 / cy.period, -cy.phase / cy.period], [0, 0, 1.0]])
            candidates.append((score, S @ H0, f1, f2, cx, cy))
        if not candidates:
            continue
        candidates.sort(key=lambda c: -c[0])
        for score, H, f1, f2, cx, cy in candidates[:6]:
            try:
                lat = _finish(H, f1, f2, score, scale, len(candidates), len(vps), fg, (w, h),
                              sample=sample)
            except (np.linalg.LinAlgError, FloatingPointError) as exc:
                logger.debug("lattice candidate failed: %s", exc)
                lat = None
            if lat is None:
                continue
            full_size = (round(w / scale), round(h / scale))
            aspect = cell_aspect(lat, full_size)
            cut = cells_are_tiles and fix_pitch
            if cut and not 1 / 2.2 < aspect < 2.2:
                # one axis's comb may have locked onto every second or third line (the lines
                # between faint): cut its pitch where the cells then fit the tiles
                lat, cut = _fix_pitch(lat), False
                aspect = cell_aspect(lat, full_size)
            if not 1 / 2.2 < aspect < 2.2:
                # tiles and cards are at most about twice as long as wide: a lattice of long thin
                # cells mixes two grids of lines (e.g. the tiles' and a checked cloth's)
                logger.debug("lattice candidate rejected: cells %.1f times as long as wide", aspect)
                continue
            fixed = _fix_pitch(lat) if cut else lat
            valid.append(fixed)
            if fixed is not lat:
                # (the uncut lattice stays a candidate: a lattice half a cell off the tiles
                # also fits the mask better cut, and only reading tells them apart)
                valid.append(lat)
    for lat in valid:
        lat.info["source"] = source
    return valid


def locate_candidates(image: np.ndarray, *, cells_are_tiles: bool = True,
                      solid_layout: bool = False, seed: int = 0,
                      refit_coarse: bool = False, plain_faces: bool = False,
                      prepared: PreparedPhoto | None = None, inside: bool = True,
                      alone_share: float | None = None) -> list[Lattice]:
    """Find the lattice of tiles in a photo.

    Parameters
    ----------
    image : ndarray (H, W, 3) uint8 BGR, the full photo.
    cells_are_tiles : each lattice cell holds one tile (not so for X-shaped tiles, whose lines
        are the cells' diagonals): the pitch is then checked against the tiles' extent.
    solid_layout : the layout is one solid object (a board): what its outline encloses is part
        of it, even where it has the table's colour.
    seed : of the random draws for vanishing points; any seed but 0 draws them at random only
        (no crossings of the longest segments): other hypotheses, for a second look at a photo
        whose lattice read poorly.
    refit_coarse : on a patterned table, a comb of lines more than twice as coarse as the other
        is refitted finer (a chance fit at a multiple of the pitch), as for X grooves: a second
        look's hypothesis (the first look keeps the comb: the refit can break a good lattice).
    plain_faces : the tiles' faces are one paint each (solid tiles, their pips small): the
        only regular edges on the layout are the tiles' own, so a lattice's pitch along either
        axis may be taken from their repeat (see :func:`_refine_pitch`; a card's print
        repeats within the card).
    prepared : ``image`` prepared for the search (see :class:`PreparedPhoto`), shared by
        every look at it; a fresh one when not given.
    inside : where the lines' lattices are not judged as tiles (X-shaped tiles, a board), the
        hypothesis from the segments wholly inside the layout is added (interleaved with the
        others'). False: only when the others give no lattice or the table is patterned; the
        list is then the others' lattices alone, whose first is the first of the full list
        (a caller that uses only it asks again with ``inside`` when it needs more; for a
        ``solid_layout`` the others' lattices are kept in ``prepared``: the same objects).
    alone_share : the share of the picture up to which the layout's main group, where other
        groups lie beside it, is looked at alone (see :func:`_closer_boxes`); ``None``:
        :data:`CLOSER_SHARE`, as any closer look (the caller passes :data:`ALONE_SHARE` where
        it was measured: Textile).

    Returns
    -------
    list of Lattice, in full-image pixels, best first (the lattices that hold together; the
    caller may judge them further, e.g. by a board frame).

    Raises
    ------
    NoTilesFound
        When no regular lattice of lines is visible.
    """
    if prepared is None:
        prepared = PreparedPhoto(image)
    elif prepared.image is not image:
        raise ValueError("the prepared photo is not the image located")
    work, scale = prepared.part(("work",), lambda: work_copy(image))
    fg, fg_info = prepared.part(("fg", solid_layout, plain_faces),
                                lambda: _whole_foreground(work, solid_layout, plain_faces))
    if fg.mean() < 0.002:
        raise NoTilesFound("no tiles found: nothing on the table stands out from it")
    # (the closer look's boxes: the layout's with the groups near it, and its main group's)
    box, alone = (prepared.part(("closer boxes", solid_layout, plain_faces, alone_share),
                                lambda: _closer_boxes(fg, scale, image.shape[:2], work=work,
                                                      alone_share=alone_share))
                  if cells_are_tiles and not solid_layout
        else (None, None))
    table = None
    if box is None and seed and cells_are_tiles and not solid_layout:
        # a second look: what stands out may be a patch of lamplight on the table with the
        # layout inside it, looked at closer
        box = prepared.part(("lit patch",), lambda: _lit_patch_box(
            work, fg, scale, image.shape[:2], textured=bool(fg_info.get("textured"))))
    if box is None and seed and cells_are_tiles and not solid_layout:
        # a second look: what stands out from the picture's border may be the table itself
        # (the border showing the floor): the table's own part of the picture is searched,
        # judged by the table's own rim when its edge is seen all round
        box, table = prepared.part(("table",), lambda: _shared_table_box(work, fg, scale,
                                                                        image.shape[:2]))
    if box is not None:
        # a small layout in a wide view of the table: its tiles are a few pixels of the work
        # copy (their edges too short and faint for the lines' search) and the picture's
        # border may be the floor; the layout and the table around it are looked at closer
        try:
            return _closer_look(image, box, work.shape[:2], scale, seed=seed,
                                refit_coarse=refit_coarse, table=table, plain_faces=plain_faces,
                                prepared=prepared)
        except NoTilesFound as exc:
            logger.debug("closer look at the layout: %s; the whole picture is searched", exc)
    closer: list[Lattice] = []
    if box is None and alone is not None:
        # the layout with the groups beside it is too big a part of the picture to look at
        # closer, its main group alone is not: the groups beside it may be clutter (a note, a
        # card, a phone) or parts of the layout split off in the mask; the main group looked at
        # closer and the whole picture both give lattices, and the reading chooses between them
        try:
            closer = _closer_look(image, alone, work.shape[:2], scale, seed=seed,
                                  refit_coarse=refit_coarse, plain_faces=plain_faces,
                                  prepared=prepared)
        except NoTilesFound as exc:
            logger.debug("closer look at the layout's main group: %s", exc)
    try:
        whole = _locate_on(image, work, scale, fg, fg_info, cells_are_tiles=cells_are_tiles,
                           solid_layout=solid_layout, seed=seed, refit_coarse=refit_coarse,
                           plain_faces=plain_faces, prepared=prepared, inside=inside)
    except NoTilesFound:
        if not closer:
            raise
        whole = []
    if not closer:
        return whole
    if whole and whole[0].pitch_px < COARSER * closer[0].pitch_px:
        # the whole picture's best lattice has about the tiles' pitch the closer look sees:
        # its tiles were seen well enough, and its lattices alone are read (their mask holds
        # the groups beside the main one, which may be tiles the closer look's crop leaves out)
        closer = []
    logger.debug("clutter beside the layout: %d lattices of its main group seen closer, %d of "
                 "the whole picture", len(closer), len(whole))
    return interleaved(closer, whole)


#: The whole picture's best lattice competes with the closer look's at the layout's main group
#: (see :func:`locate_candidates`) only when its pitch is at least this many times the closer
#: look's: a lattice at a multiple of the tiles' pitch, the lines' search's answer when the
#: tiles are too small in the work copy for their edges (an independent renderer's small
#: Octopus layouts beside a note, oct24dev normal-558, 562: 2.1-8 times); the same layout seen
#: both ways: 0.4-1.1 (final8 textile-hard-115, final10 textile-normal-401).
COARSER = 1.5


class PreparedPhoto:
    """A picture (the photo, or a crop of it looked at closer) prepared for the lattice search,
    for every look at it.

    Locating first prepares the picture, whatever the vanishing points' random draws: its
    work copy, the foreground mask, the edge segments near it and the layout's outline (about
    half of a look's time), the table's box and the closer look's crop. A photo whose first
    reading is doubtful is located again with other seeds (see ``vision.pipeline``) on the
    same preparation: the caller makes one ``PreparedPhoto`` per picture it locates on and
    passes it to each :func:`locate_candidates` call. Each part is computed on its first use
    (a photo read at the first look needs no table box; a closer look that finds the
    lattice, no search of the whole picture) and kept for the object's life.

    The parts are shared by the looks and by the lattices found (``Lattice.fg``): their
    arrays are read-only.
    """

    def __init__(self, image: np.ndarray) -> None:
        self.image = image
        self._parts: dict[tuple, Any] = {}

    def part(self, key: tuple, compute: Callable[[], Any]) -> Any:
        """The part named ``key`` (its name and whatever else it depends on besides the
        picture), ``compute()`` on first use."""
        if key not in self._parts:
            self._parts[key] = compute()
        return self._parts[key]

    def closer(self, box: tuple[int, int, int, int], on_table: bool) -> "PreparedPhoto":
        """The crop ``box`` ``(x0, y0, x1, y1)`` of the picture, prepared likewise; one per box
        and per whether the table's own mask bounds it (``on_table``, see :func:`_closer_look`)."""
        x0, y0, x1, y1 = box
        return self.part(("closer", tuple(box), on_table),
                         lambda: PreparedPhoto(self.image[y0:y1, x0:x1]))


def _read_only(*arrays: np.ndarray | None) -> None:
    """Mark arrays shared by the looks at a picture (see :class:`PreparedPhoto`) read-only."""
    for a in arrays:
        if isinstance(a, np.ndarray):
            a.flags.writeable = False


def _whole_foreground(work: np.ndarray, solid_layout: bool,
                      plain_faces: bool = False) -> tuple[np.ndarray, dict]:
    """The foreground mask of the whole picture's work copy and its ``info`` (see
    :func:`vision.foreground.foreground_mask`); a solid layout's with its holes filled; with
    ``plain_faces`` (solid tiles of one paint each) the layout's pieces a tile apart joined."""
    fg_info: dict = {}
    fg = foreground_mask(work, texture=not solid_layout, info=fg_info,
                         join_pieces=plain_faces and not solid_layout)
    if solid_layout:
        fg = fill_holes(fg)
    _read_only(fg, fg_info.get("tight"))
    return fg, fg_info


def _shared_table_box(work: np.ndarray, fg: np.ndarray, scale: float, shape: tuple[int, int]
                      ) -> tuple[tuple[int, int, int, int] | None, np.ndarray | None]:
    """:func:`_table_box`, its mask read-only (a part of :class:`PreparedPhoto`)."""
    box, table = _table_box(work, fg, scale, shape)
    _read_only(table)
    return box, table


def _closer_box(fg: np.ndarray, scale: float, shape: tuple[int, int], *,
                work: np.ndarray | None = None) -> tuple[int, int, int, int] | None:
    """The closer look's box of :func:`_closer_boxes` (with the groups near the layout)."""
    return _closer_boxes(fg, scale, shape, work=work)[0]


def _closer_boxes(fg: np.ndarray, scale: float, shape: tuple[int, int], *,
                  work: np.ndarray | None = None, alone_share: float | None = None
                  ) -> tuple[tuple[int, int, int, int] | None, tuple[int, int, int, int] | None]:
    """The part of the photo to look at closer, ``(x0, y0, x1, y1)`` full-image pixels: the
    layout ``fg`` (work-image mask, ``scale`` work/full) with the table around it (a margin of
    :data:`CLOSER_MARGIN` of its size each side); ``None`` when it is no small part of the
    picture (at most :data:`CLOSER_SHARE` of its area) or the photo has too few pixels to
    see it closer. ``work``: the work image (H, W, 3) uint8 BGR, when given the layout's
    group is told from clutter by its paints (see :func:`_layout_boxes`). Two such boxes: the
    layout's with the groups near it, and its main group's alone (see :func:`_layout_boxes`),
    the latter, where groups lie beside the main one, up to ``alone_share`` of the picture
    (``None``: :data:`CLOSER_SHARE`, as the former; :data:`ALONE_SHARE` for Textile, see
    :func:`vision.pipeline._alone_share`)."""
    if scale > CLOSER_MAX_SCALE:
        return None, None
    found = _layout_boxes(fg[::2, ::2], None if work is None else work[::2, ::2])
    if found is None:
        return None, None
    box = _closer_of(found[0], fg.shape[:2], scale, shape)
    apart = found[1] != found[0]  # (groups beside the main one, which its box leaves out)
    alone = _closer_of(found[1], fg.shape[:2], scale, shape,
                       share=alone_share if apart and alone_share is not None else CLOSER_SHARE)
    return box, alone


def _closer_of(found: tuple[int, int, int, int], work_shape: tuple[int, int], scale: float,
               shape: tuple[int, int], share: float | None = None
               ) -> tuple[int, int, int, int] | None:
    """The closer look's box (see :func:`_closer_boxes`) around a layout's box ``found``
    (pixels of the half-size work mask) in a work image of ``work_shape`` (H, W); ``None`` when
    it covers more than ``share`` of the picture (by default :data:`CLOSER_SHARE`)."""
    share = CLOSER_SHARE if share is None else share
    h, w = work_shape
    bx0, by0, bx1, by1 = (2 * float(v) for v in found)
    pad = CLOSER_MARGIN * max(bx1 - bx0, by1 - by0) + 0.02 * max(w, h)
    x0, x1 = max(0.0, bx0 - pad), min(float(w), bx1 + pad)
    y0, y1 = max(0.0, by0 - pad), min(float(h), by1 + pad)
    if (x1 - x0) * (y1 - y0) > share * w * h:
        return None
    H, W = shape
    return (int(x0 / scale), int(y0 / scale), min(W, int(math.ceil(x1 / scale))),
            min(H, int(math.ceil(y1 / scale))))


def _lit_patch_box(work: np.ndarray, fg: np.ndarray, scale: float, shape: tuple[int, int], *,
                   textured: bool = False) -> tuple[int, int, int, int] | None:
    """The closer look's box (see :func:`_closer_box`) at what stands out within a patch of
    light: the foreground ``fg`` (work-image mask of ``work``, (H, W, 3) uint8 BGR, ``scale``
    work/full) may be one big group of table under a lamp (brighter than the table and floor
    at the picture's border), with a small layout inside it. A lamp's light fades over many
    pixels, so such a group has no outline (the colour step across most of its rim is low:
    :func:`vision.foreground.outline_step` below :data:`PATCH_EDGE`), where a layout seen
    whole has its tiles' sharp rims all round. The patch, holes filled, is then the table
    the layout is judged against (its own rim the frame: see
    :func:`vision.foreground.foreground_mask`). ``None`` when the biggest group is no such
    patch (smaller than :data:`TABLE_SHARE` of the picture, or outlined) or nothing small
    stands out within it, and on a ``textured`` table (the foreground found by the texture
    cue too, whose groups' rims are its margin on the cloth, soft whatever they hold: a
    layout on a plaid was taken for a patch of light)."""
    if textured:
        return None
    h, w = fg.shape[:2]
    n, labels, stats = components(fg.astype(np.uint8))
    if n < 2:
        return None
    i = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    if stats[i, cv2.CC_STAT_AREA] < TABLE_SHARE * h * w:
        return None
    group = labels == i
    if outline_step(work, group) >= PATCH_EDGE:
        return None
    inner = foreground_mask(work, table=fill_holes(group))
    if inner.mean() < 0.002:
        return None
    box = _closer_box(inner, scale, shape, work=work)
    if box is not None:
        logger.debug("the foreground is a patch of light (%d pixels, no outline): the layout "
                     "within it is looked at closer", int(stats[i, cv2.CC_STAT_AREA]))
    return box


#: The colour step (CIELAB, 25th percentile along its rim, see
#: :func:`vision.foreground.outline_step`) below which a big group of the foreground has no
#: outline, a patch of light (see :func:`_lit_patch_box`): an independent renderer's lamp
#: on a plain table with a small layout inside the lit patch: 0.6; tiles' rims step by 20-45
#: (see :data:`vision.foreground.SOFT_STEP`).
PATCH_EDGE = 5.0


def _layout_boxes(fg: np.ndarray, work: np.ndarray | None = None
                  ) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]] | None:
    """The box ``(x0, y0, x1, y1)`` (pixels of ``fg``, (H, W) bool; ends exclusive) of the
    layout: its main group of ``fg`` and the groups lying near it (within
    :data:`LAYOUT_REACH` of its larger side; a layout's tiles touch, so its parts are only
    the tiles of the table's colour apart). Groups further off are clutter (a pen, a coin at the
    far side of the table), which would widen the box past a closer look. The main group is
    the biggest, or with ``work`` (the picture, (H, W, 3) uint8 BGR) the group of the most
    varied paint among the big ones (see :func:`_paint_variety`): a mug or a patch of
    lamplight may be bigger than a small layout. With ``work``, a nearby group mostly of the
    table's colours (a patch of light, a stretch of the table's pattern) is no part of it.
    Returned with the main group's box alone (the nearby groups may be clutter beside the
    layout: a note, a card); ``None`` when ``fg`` holds fewer than 16 pixels."""
    n, labels, stats = components(fg.astype(np.uint8))
    if n < 2 or int(stats[1:, cv2.CC_STAT_AREA].sum()) < 16:
        return None
    x0 = stats[1:, cv2.CC_STAT_LEFT].astype(float)
    y0 = stats[1:, cv2.CC_STAT_TOP].astype(float)
    x1 = x0 + stats[1:, cv2.CC_STAT_WIDTH]
    y1 = y0 + stats[1:, cv2.CC_STAT_HEIGHT]
    areas = stats[1:, cv2.CC_STAT_AREA]
    main = int(np.argmax(areas))
    unlike = np.ones(n - 1)  # each group's share of pixels unlike the table around it
    if work is not None and n > 2:
        lab = cv2.cvtColor(work.astype(np.float32) / 255.0, cv2.COLOR_BGR2Lab)
        variety = np.zeros(n - 1)
        for i in range(n - 1):
            unlike[i], variety[i] = _paint_variety(lab, fg, labels == i + 1)
        big = areas >= LAYOUT_RIVAL * areas.max()
        score = np.where(big, areas * unlike * variety, -1.0)
        if score.max() > 0 and int(np.argmax(score)) != main:
            logger.debug("the biggest group of the foreground (%d pixels) has less varied paint "
                         "than one of %d pixels: the layout is that one", areas[main],
                         areas[int(np.argmax(score))])
            main = int(np.argmax(score))
    reach = LAYOUT_REACH * max(x1[main] - x0[main], y1[main] - y0[main])
    # the gap between each group's box and the main group's (0 when they overlap)
    gap_x = np.maximum(0.0, np.maximum(x0 - x1[main], x0[main] - x1))
    gap_y = np.maximum(0.0, np.maximum(y0 - y1[main], y0[main] - y1))
    near = (np.hypot(gap_x, gap_y) <= reach) & (unlike >= TILE_UNLIKE)
    near[main] = True
    if not near.all():
        logger.debug("foreground groups far from the layout (clutter, not looked at closer): %s "
                     "pixels", stats[1:, cv2.CC_STAT_AREA][~near].tolist())
    return ((int(x0[near].min()), int(y0[near].min()), int(x1[near].max()), int(y1[near].max())),
            (int(x0[main]), int(y0[main]), int(x1[main]), int(y1[main])))


#: Groups of the foreground further than this share of the biggest group's larger side from
#: it are no part of the layout (see :func:`_layout_boxes`): a layout split in the mask by tiles
#: of the table's colour has its parts a tile or two apart, up to about its biggest part's
#: size (the bundled Octopus sample on green gingham: two white tiles hidden between a 2-tile
#: group and a tile, 0.94 of it); a pen beside an independent renderer's small layout lay
#: 1.24 of its size away.
LAYOUT_REACH = 1.0


#: Groups of the foreground at least this share of the biggest's area may be the layout, the
#: one of the most varied paint (see :func:`_layout_boxes`; the foreground mask keeps groups of
#: at least 0.3 of the biggest).
LAYOUT_RIVAL = 0.3
#: A group of the foreground with less than this share of its pixels unlike the table around
#: it (see :func:`_paint_variety`) is the table in another light or its pattern washed out, no
#: tiles (an independent renderer's lamplight spots on a dotted cloth and a stretch of a
#: striped one: 0.09-0.15; groups of tiles: 0.72-1.0).
TILE_UNLIKE = 0.3
#: CIELAB distance from the table's median colour around a group beyond which a pixel is
#: unlike the table (tiles' paints differ from it by 30 or more; lamplight on it, by less).
PAINT_STEP = 20.0


def _paint_variety(lab: np.ndarray, fg: np.ndarray, group: np.ndarray) -> tuple[float, float]:
    """How much of a foreground group differs from the table and how varied its paint is.

    ``lab`` (H, W, 3) float32 CIELAB picture, ``fg`` (H, W) bool the foreground, ``group``
    (H, W) bool one of its groups. The table's colour is the median of the background
    pixels within a few pixels (1/60 of the picture's larger side) of the group. Returns
    ``(unlike, variety)``: the share of the group's pixels further than
    :data:`PAINT_STEP` from it, and their mean CIELAB distance from their own median colour
    (a layout of Nestortiles, neighbours in other paints: 40-60; a mug, a note, a patch of
    light, one colour: 1-20; 0 with fewer than 10 such pixels).
    """
    side = 2 * max(2, int(max(fg.shape[:2]) / 120)) + 1
    ring = (cv2.dilate(group.astype(np.uint8), np.ones((side, side), np.uint8)) > 0) & ~fg
    if ring.sum() < 10:
        ring = ~fg
    if not ring.any():
        return 1.0, 0.0
    table = np.median(lab[ring], axis=0)
    px = lab[group]
    far = px[np.linalg.norm(px - table, axis=1) > PAINT_STEP]
    unlike = len(far) / max(1, len(px))
    if len(far) < 10:
        return unlike, 0.0
    return unlike, float(np.mean(np.linalg.norm(far - np.median(far, axis=0), axis=1)))


#: A layout whose box with the table around it (see :func:`_closer_box`) covers at most this
#: share of the picture is looked at closer (the work copy then sees it at least 1.7 times
#: larger, when the photo has the pixels) ...
CLOSER_SHARE = 0.35
#: ... with this margin of table each side (a share of the layout's larger side): the crop's
#: border is the table around the layout, which the foreground mask takes as table ...
CLOSER_MARGIN = 0.35
#: ... when the work copy is at most this scale of the photo (else there are no more pixels).
CLOSER_MAX_SCALE = 0.7
#: The layout's main group, where other groups lie beside it (a note, a card, a pen: see
#: :func:`_layout_boxes`), is looked at alone in a box of up to this share of the picture: the
#: look is then less to see its tiles larger than to leave the clutter out of the lines'
#: search and of the foreground the lattices are judged on (a sheet of paper beside the
#: layout gave a lattice of its own size, a cell of it read as a white tile, every lattice on
#: the tiles lost among its lines: final23 textile-hard-3011, 12 tiles missed; the main
#: group's box 0.60 of the picture, read alone it reads every tile). A box of more than this
#: leaves too little out to be worth a look of its own. Its value rests on that one photo: of
#: the 352 Textile development photos of session 38 the trace showed this look on 26, their
#: boxes 0.29-0.62 of the picture (median 0.46); 25 of them above CLOSER_SHARE, so added by
#: this share (a box at or below CLOSER_SHARE was looked at before), and 3011 alone read
#: differently (the others' boards the same); 0.7 lies above the largest of them.
#: Textile only (the caller passes it, see :func:`locate_candidates`): on Octopus and
#: Tapestry it reached more photos than were checked.
ALONE_SHARE = 0.7


def _table_box(work: np.ndarray, fg: np.ndarray, scale: float, shape: tuple[int, int]
               ) -> tuple[tuple[int, int, int, int] | None, np.ndarray | None]:
    """Where the table may be: the box ``(x0, y0, x1, y1)`` (full-image pixels) of the biggest
    group of ``fg`` (mask of the work image ``work``, ``scale`` work/full) when it fills at
    least :data:`TABLE_SHARE` of the picture: a table whose colour differs from the floor seen
    around it, with the layout on it (the crop's border is then the table's edge and the
    table, whose colours the layout's are judged against); and the group itself (holes
    filled, work-image mask) when its outline is sharp all round (the table's edge against
    the floor: :func:`vision.foreground.outline_step` at least :data:`TABLE_EDGE`). ``(None,
    None)`` when there is no such group."""
    h, w = fg.shape[:2]
    n, labels, stats = components(fg.astype(np.uint8))
    if n < 2:
        return None, None
    i = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    if stats[i, cv2.CC_STAT_AREA] < TABLE_SHARE * h * w:
        return None, None
    x, y = stats[i, cv2.CC_STAT_LEFT], stats[i, cv2.CC_STAT_TOP]
    x1, y1 = x + stats[i, cv2.CC_STAT_WIDTH], y + stats[i, cv2.CC_STAT_HEIGHT]
    group = labels == i
    table = fill_holes(group) if outline_step(work, group) >= TABLE_EDGE else None
    pad = 0.02 * max(w, h)
    H, W = shape
    box = (max(0, int((x - pad) / scale)), max(0, int((y - pad) / scale)),
           min(W, int(math.ceil((x1 + pad) / scale))), min(H, int(math.ceil((y1 + pad) / scale))))
    return box, table


#: A group of the foreground filling at least this share of the picture may be the table
#: (see :func:`_table_box`; a layout seen whole rarely fills more, with the table between
#: its tiles and the picture's border).
TABLE_SHARE = 0.12
#: The colour step (CIELAB, 25th percentile along its rim) above which such a group's outline is
#: sharp all round: the table's edge against the floor (an independent renderer's red cloth
#: on a dark floor: 30; a patch of lamplight on a table with the layout on it: 1.8).
TABLE_EDGE = 10.0


def _closer_look(image: np.ndarray, box: tuple[int, int, int, int], work_shape: tuple[int, int],
                 scale: float, *, table: np.ndarray | None = None,
                 prepared: PreparedPhoto | None = None, **kwargs) -> list[Lattice]:
    """:func:`locate_candidates` on the crop ``box`` (``(x0, y0, x1, y1)`` full-image pixels) of
    ``image``, its lattices moved back into the whole photo: ``H`` in full-image pixels and
    the foreground masks pasted into a work-size mask (``work_shape`` (h, w), ``scale``
    work/full) of the whole picture. ``table``: the table, a mask of the whole picture's
    work copy, when known (see :func:`vision.foreground.foreground_mask`). ``prepared``:
    ``image`` prepared (see :class:`PreparedPhoto`), which keeps the crop's preparation."""
    x0, y0, x1, y1 = box
    T = np.array([[1.0, 0, x0], [0, 1.0, y0], [0, 0, 1.0]])
    # (the crop's pixels in the photo's: a cell's shape on the table is measured there)
    to_photo, photo_size = kwargs.pop("photo", None) or (np.eye(3), image.shape[1::-1])
    photo = (to_photo @ T, photo_size)
    here = (prepared or PreparedPhoto(image)).closer(box, table is not None)
    crop = here.image
    work, cscale = here.part(("work",), lambda: work_copy(crop))
    # crop-work pixel -> whole-work pixel: (u / cscale + x0) * scale
    M = np.array([[scale / cscale, 0, x0 * scale], [0, scale / cscale, y0 * scale]])

    def crop_foreground() -> tuple[np.ndarray, dict]:
        on_table = None
        if table is not None:
            on_table = cv2.warpAffine(table.astype(np.uint8), M, (work.shape[1], work.shape[0]),
                                      flags=cv2.INTER_NEAREST | cv2.WARP_INVERSE_MAP) > 0
        fg_info: dict = {}
        # (the texture's window as large on the table as on the whole picture's work copy)
        window = 0.04 * max(work_shape) * (cscale / scale) / max(work.shape[:2])
        fg = foreground_mask(work, info=fg_info, table=on_table, window=window,
                             join_pieces=plain)
        _read_only(fg, fg_info.get("tight"))
        return fg, fg_info
    plain = bool(kwargs.get("plain_faces"))
    fg, fg_info = here.part(("fg", False, plain), crop_foreground)
    if fg.mean() < 0.002:
        raise NoTilesFound("no tiles found: nothing on the table stands out from it")
    inner = _closer_box(fg, cscale, crop.shape[:2], work=work) if table is not None else None
    if inner is not None:
        # the layout is a small part of the table: closer again, the table around it
        found = _closer_look(crop, inner, work.shape[:2], cscale, prepared=here, photo=photo,
                             **kwargs)
    else:
        found = _locate_on(crop, work, cscale, fg, fg_info, cells_are_tiles=True,
                           solid_layout=False, prepared=here, photo=photo, **kwargs)
    pasted: dict[int, np.ndarray] = {}
    out = []
    for lat in found:
        mask = None
        if lat.fg is not None:
            if id(lat.fg) not in pasted:
                pasted[id(lat.fg)] = cv2.warpAffine(
                    lat.fg.astype(np.uint8), M, (work_shape[1], work_shape[0]),
                    flags=cv2.INTER_NEAREST, borderValue=0).astype(bool)
                _read_only(pasted[id(lat.fg)])
            mask = pasted[id(lat.fg)]
        H = T @ lat.H
        out.append(lat.with_H(H / H[2, 2], fg=mask, work_scale=scale,
                              info={**lat.info, "closer": box}))
    logger.debug("closer look at the layout in %s: %d lattices", box, len(out))
    return out


class _Edges(NamedTuple):
    """The edges a picture's lattice search starts from, whatever its seed (see
    :func:`_edges`): the work copy in grey, the segments' least length (work pixels), the
    segments near the layout ``segs``, the whole picture's ``all_segs`` (on a patterned table;
    else ``segs``) and the layout's ``outline``."""

    gray: np.ndarray
    min_length: float
    segs: Segments
    all_segs: Segments
    outline: Segments


def _edges(work: np.ndarray, fg: np.ndarray, fg_info: dict, cells_are_tiles: bool,
           close: Callable[[], Segments] | None = None) -> _Edges:
    """The edges of ``work`` the search of :func:`_locate_on` starts from, with its foreground
    ``fg`` (and the mask's ``fg_info``); a part of :class:`PreparedPhoto` (read-only).
    ``close``: the layout's segments seen closer (work-image pixels, see
    :func:`_layout_segments`), when they stand for the work copy's own (see
    :data:`CLOSER_ZOOM`)."""
    h, w = work.shape[:2]
    gray = cv2.cvtColor(work, cv2.COLOR_BGR2GRAY)
    min_length = _min_length(w, h)
    near = cv2.dilate(fg.astype(np.uint8), np.ones((5, 5), np.uint8),
                      iterations=max(1, int(0.004 * max(w, h)))) > 0
    # only the edges near the layout count: the rest of the picture is not searched
    segs = _near(close() if close is not None
                 else segments_within(gray, near, min_length=min_length), near)
    all_segs = segs
    if fg_info.get("textured"):
        # a patterned table's own lines are compared with the lattices found (see below): the
        # whole picture's, on a half-size copy (the pattern's lines run long and clear)
        half = cv2.resize(gray, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
        all_segs = _from_half(find_segments(half, min_length=min_length / 2))
    if len(segs) < 60:
        # few straight edges (small or toothed tiles): add the edges of a smoothed copy and the
        # outline of the layout, which runs along tile edges
        extra = [segments_within(gray, near, min_length=min_length, blur=1.5),
                 segments_within(fg.astype(np.uint8) * 255, near, min_length=min_length, blur=1.0)]
        for more in extra:
            more = _near(more, near)
            segs = Segments(np.vstack([segs.p, more.p]), np.vstack([segs.q, more.q]))
    outline = Segments(np.zeros((0, 2)), np.zeros((0, 2)))
    if (cells_are_tiles and not fg_info.get("textured")) or len(segs) < 6:
        # (its lattices are only tried on a plain table under whole tiles)
        # the outline on a half-size copy of the mask (its colours were judged at half size:
        # the finer staircase is noise), smoothed first
        sigma = max(1.5, 0.003 * max(w, h))
        half = cv2.resize(fg.astype(np.uint8) * 255, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
        outline = _from_half(segments_within(half, half > 0, min_length=min_length / 2,
                                             pad=int(2 * sigma) + 4, blur=sigma / 2))
    _read_only(gray, segs.p, segs.q, all_segs.p, all_segs.q, outline.p, outline.q)
    return _Edges(gray, min_length, segs, all_segs, outline)


def _locate_on(image: np.ndarray, work: np.ndarray, scale: float, fg: np.ndarray, fg_info: dict,
               *, cells_are_tiles: bool, solid_layout: bool, seed: int, refit_coarse: bool,
               plain_faces: bool = False, prepared: PreparedPhoto | None = None,
               inside: bool = True,
               photo: tuple[np.ndarray, tuple[int, int]] | None = None) -> list[Lattice]:
    """The search of :func:`locate_candidates` on ``work`` (``scale`` of ``image``) with its
    foreground ``fg`` (and the mask's ``fg_info``: the foreground part ``("fg",
    solid_layout, plain_faces)`` of ``prepared``, the picture prepared, whose search parts are kept there
    too); ``inside`` as there. ``photo``: for a crop of the photo (a closer look), the map
    ``(3, 3)`` of ``image``'s pixels into the photo's and the photo's ``(w, h)``; None: ``image``
    is the photo."""
    h, w = work.shape[:2]
    if prepared is None:
        prepared = PreparedPhoto(image)

    def close() -> Segments:
        # (the layout's segments seen closer, once for the picture)
        return prepared.part(("close", solid_layout), lambda: _layout_segments(
            image, fg, scale, min_length=_min_length(w, h)))
    def edges() -> tuple:
        # (X-shaped tiles on a plain table: the layout is searched closer anyway, see below)
        shared = (not cells_are_tiles and not solid_layout and not fg_info.get("textured")
                  and _closer_zoom(image.shape[:2], fg, scale) < CLOSER_ZOOM)
        return _edges(work, fg, fg_info, cells_are_tiles, close if shared else None)
    gray, min_length, segs, all_segs, outline = prepared.part(
        ("edges", solid_layout, cells_are_tiles), edges)
    if len(segs) < 6 and len(outline) < 6:
        raise NoTilesFound("no tiles found: the photo shows too few straight edges")
    # (no pitch cutting on a patterned table: its foreground is only as sharp as the texture's
    # window, so smaller cells fit it better by chance)
    fix_pitch = not fg_info.get("textured")
    def from_edges() -> list[Lattice]:
        return _lattices_from_segments(segs, fg, scale, (w, h), cells_are_tiles, "edges",
                                       fix_pitch=fix_pitch, seed=seed, refit_coarse=refit_coarse)
    # (a board's are kept: a first look without the inside hypothesis may be followed by one
    # with it, see ``inside``, which gets the same lattices, the same objects)
    valid = (list(prepared.part(("edge lattices", cells_are_tiles, plain_faces, seed,
                                 refit_coarse), from_edges))
             if solid_layout else from_edges())
    if cells_are_tiles and not fg_info.get("textured"):
        # a second hypothesis from the layout's outline alone: the table's grain, the pips and
        # the tiles' teeth cannot swamp it (not on a patterned table, where the outline is
        # only as sharp as the texture's window)
        valid += _lattices_from_segments(outline, fg, scale, (w, h), cells_are_tiles, "outline",
                                         seed=seed)
    elif inside or not valid or fg_info.get("textured"):
        # X-shaped tiles (or a patterned table): their grooves lie inside the tiles, while a
        # striped, grained or checked table's lines run past them; the segments wholly inside
        # the layout give a hypothesis of their own (interleaved with the others: the caller
        # reads the first few)
        within = prepared.part(("inside", solid_layout),
                               lambda: _inside_segments(fg, close()))
        more = _lattices_from_segments(within, fg, scale, (w, h), cells_are_tiles, "inside",
                                       fix_pitch=fix_pitch, seed=seed, refit_coarse=refit_coarse)
        valid = interleaved(valid, more)
    table_grids: list[Lattice] = []
    if fg_info.get("textured") and valid:
        # a patterned table's own grid of lines competes with the tiles' lattice: a lattice
        # whose lines carry on across the bare table is the table's
        table = prepared.part(("table_segments", solid_layout),
                              lambda: _bare_table_segments(fg, all_segs))
        agree = [_table_agreement(lat, table) for lat in valid]
        logger.debug("agreement of the lattices with the table's lines: %s", np.round(agree, 2))
        table_grids = [lat for lat, a in zip(valid, agree) if a >= 0.5]
        valid = [lat for lat, a in zip(valid, agree) if a < 0.5]
    if not valid and cells_are_tiles and fg_info.get("textured"):
        # a grained table taken for a patterned one: the outline of what differs from it in
        # colour alone runs along the tiles' edges
        plain, outline = prepared.part(("plain",), lambda: _plain_outline(work, min_length))
        valid = _lattices_from_segments(outline, plain, scale, (w, h), cells_are_tiles, "outline",
                                        seed=seed)
        if valid:
            fg, fg_info = plain, {}
    # (the table's own grid only when nothing else holds together)
    valid = valid or table_grids
    if not valid:
        raise NoTilesFound("no tiles found: the grid of edges is not consistent")
    if not cells_are_tiles:
        return valid  # (X-shaped faces are grooved: the texture's margin is kept)
    # the outline runs along the tiles' shadows too: fit the lattices found from it to the
    # image's own edges near its lines
    valid = [_refit_to_edges(lat, segs) if lat.info.get("source") == "outline" else lat
             for lat in valid]
    if plain_faces:
        # (solid faces: nestortiles' square tiles, on which _squaring_combs rests)
        valid = [_refine_pitch(lat, work, photo or (np.eye(3), image.shape[1::-1]))
                 for lat in valid]
    valid = [_focus_perspective(lat, work) for lat in valid]
    valid = [_align_phase(lat, gray) for lat in valid]
    # square tiles lie on a lattice square on the table: one still sheared once focused mixes
    # the tiles' lines with others (teeth, a note's lines), kept only when nothing else holds
    valid = [_with_skew(lat, image.shape[1::-1]) for lat in valid]
    if not all(_sheared(lat) for lat in valid):
        valid = [lat for lat in valid if not _sheared(lat)]
    # of the lattices that hold together, the one whose cells fit the tiles best: each cell
    # either full of tile or bare (the edge evidence ranks them, the tiles' extent decides)
    fits = [_partial(lat) for lat in valid]
    for lat, f in zip(valid, fits):
        lat.info["partial"] = f
    order = sorted(range(len(valid)), key=lambda i: (round(fits[i], 2), i))
    logger.debug("lattice candidates: partial cells %s -> %s", np.round(fits, 2), order)
    # (on a plain table: a patterned table's mask is only as sharp as its texture's window,
    # its outlines are no tiles' edges; and when the foreground holds more than one group)
    plain = not fg_info.get("textured") and fg_info.get("groups", 2) > 1
    ranked = _for_reading([valid[i] for i in order], fg_info)
    # (the window fitted to the tiles' extent only where the cells are read: the rest stay
    # as found, behind them)
    return [_cover_foreground(_without_strays(lat) if plain else lat)
            for lat in ranked[:READ_LATTICES]] + ranked[READ_LATTICES:]


#: Lattices of tiles a look's caller reads at most (the first of the list returned by
#: :func:`locate_candidates`, see ``vision.pipeline._reading_candidates``): only these have
#: their window of cells fitted to the tiles' extent (~1.5 ms a lattice; a look finds up to
#: ~10).
READ_LATTICES = 2


def _inside_segments(fg: np.ndarray, close: Segments) -> Segments:
    """The edge segments of the layout seen closer (``close``, see :func:`_layout_segments`)
    that lie wholly inside the foreground ``fg`` (work image, eroded by a margin), in
    work-image pixels; a part of :class:`PreparedPhoto` (read-only)."""
    h, w = fg.shape[:2]
    inner = cv2.erode(fg.astype(np.uint8), np.ones((3, 3), np.uint8),
                      iterations=max(1, int(0.004 * max(w, h)))) > 0

    def inside(pts):
        p = np.round(pts).astype(int)
        return inner[np.clip(p[:, 1], 0, h - 1), np.clip(p[:, 0], 0, w - 1)]
    within = close.take(inside(close.p) & inside(close.q))
    _read_only(within.p, within.q)
    return within


def _bare_table_segments(fg: np.ndarray, all_segs: Segments) -> Segments:
    """The segments of ``all_segs`` (work-image pixels) on the bare table, well away from the
    foreground ``fg``; a part of :class:`PreparedPhoto` (read-only)."""
    h, w = fg.shape[:2]
    far = cv2.dilate(fg.astype(np.uint8), np.ones((3, 3), np.uint8),
                     iterations=max(1, int(0.03 * max(w, h)))) > 0
    m = np.clip(np.round(all_segs.mid).astype(int), 0, [w - 1, h - 1])
    table = all_segs.take(~far[m[:, 1], m[:, 0]])
    _read_only(table.p, table.q)
    return table


def _plain_outline(work: np.ndarray, min_length: float) -> tuple[np.ndarray, Segments]:
    """The foreground of ``work`` by colour alone (no texture cue) and its outline's segments;
    a part of :class:`PreparedPhoto` (read-only)."""
    h, w = work.shape[:2]
    plain = foreground_mask(work, texture=False)
    outline = find_segments(cv2.GaussianBlur(plain.astype(np.uint8) * 255, (0, 0),
                                             max(1.5, 0.003 * max(w, h))),
                            min_length=min_length)
    _read_only(plain, outline.p, outline.q)
    return plain, outline


def interleaved(a: list[Lattice], b: list[Lattice]) -> list[Lattice]:
    """The lattices of two hypotheses (or looks), best first of each in turn: the caller reads
    the first few."""
    out: list[Lattice] = []
    for k in range(max(len(a), len(b))):
        out += a[k:k + 1] + b[k:k + 1]
    return out


def _for_last_mask(compute: Callable[[np.ndarray], Any]) -> Callable[[np.ndarray], Any]:
    """``compute(mask)`` with its result for the last mask it was given kept (by identity, under
    a weak reference): the many lattice hypotheses of a photo share one foreground mask. A mask
    once passed in must not change in place (the masks lattices carry are made read-only,
    :func:`_read_only`): the result kept would no longer be its."""
    last: list = [None, None]

    @functools.wraps(compute)
    def cached(mask: np.ndarray) -> Any:
        ref, out = last
        if ref is not None and ref() is mask:
            return out
        out = compute(mask)
        last[:] = [weakref.ref(mask), out]
        return out
    return cached


@_for_last_mask
def _mask_points(mask: np.ndarray) -> np.ndarray:
    """Homogeneous points ``(N, 3)`` of every other pixel (both axes) of ``mask``, at their
    2 x 2 block's centre (kept for the last mask, see :func:`_for_last_mask`)."""
    ys, xs = np.nonzero(mask[::2, ::2])
    return np.column_stack([xs * 2.0 + 1.0, ys * 2.0 + 1.0, np.ones(len(xs))])


def _cover_foreground(lat: Lattice, margin: int = 0) -> Lattice:
    """Widen the lattice's window of cells to cover the whole foreground (plus ``margin`` cells):
    the lines found may stop short of the layout's far tiles (few or faint edges there), but
    its cells carry on regularly. At most :data:`MAX_CELLS` per side."""
    if lat.fg is None:
        return lat
    pts = _mask_points(lat.fg)
    if len(pts) < 20:
        return lat
    H = np.linalg.inv(np.diag([lat.work_scale, lat.work_scale, 1.0]) @ lat.H)
    x, y = pts[:, 0], pts[:, 1]
    w = H[2, 0] * x + H[2, 1] * y + H[2, 2]
    # (the points in front of the camera: w has the sign of most of them)
    ok = w * (1.0 if 2 * int(np.count_nonzero(w > 0)) > len(w) else -1.0) > 1e-9
    if ok.sum() < 20:
        return lat
    x, y, w = x[ok], y[ok], w[ok]
    lx = (H[0, 0] * x + H[0, 1] * y + H[0, 2]) / w
    ly = (H[1, 0] * x + H[1, 1] * y + H[1, 2]) / w
    # (np.percentile's values of (1, 99) asked at once, without its overhead)
    x_lo, x_hi = (percentile_last(lx, q, together=True) for q in (1, 99))
    y_lo, y_hi = (percentile_last(ly, q, together=True) for q in (1, 99))
    if not np.all(np.isfinite([x_lo, y_lo, x_hi, y_hi])):
        return lat
    rows = (min(lat.rows[0], int(math.floor(y_lo)) - margin),
            max(lat.rows[1], int(math.ceil(y_hi)) - 1 + margin))
    cols = (min(lat.cols[0], int(math.floor(x_lo)) - margin),
            max(lat.cols[1], int(math.ceil(x_hi)) - 1 + margin))
    if rows[1] - rows[0] + 1 > MAX_CELLS or cols[1] - cols[0] + 1 > MAX_CELLS:
        return lat
    if rows == lat.rows and cols == lat.cols:
        return lat
    logger.debug("lattice window widened to the foreground: %s x %s -> %s x %s",
                 lat.rows, lat.cols, rows, cols)
    return lat.with_H(lat.H, rows=rows, cols=cols)


def _outline_alignment(lat: Lattice, group: np.ndarray) -> float:
    """The share of the outline of ``group`` (work-image mask, (H, W) bool) that runs along the
    lattice's axes (within :data:`ALONG_AXES` degrees, judged on the table: in lattice
    coordinates), over steps of about a sixth of a cell; the picture's border is no outline.
    Tiles on the lattice: mostly along (0.7-0.9), a sheet lying at 30-45 degrees to it: little
    (0.1-0.3). 1.0 when there is too little outline to judge."""
    h, w = group.shape[:2]
    contours, _ = cv2.findContours(group.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    step = max(3, int(round(lat.pitch_px * lat.work_scale / 6)))
    H = np.linalg.inv(np.diag([lat.work_scale, lat.work_scale, 1.0]) @ lat.H)
    along = total = 0.0
    for c in contours:
        pts = c.reshape(-1, 2).astype(float)
        if len(pts) < 4 * step:
            continue
        a, b = pts, np.roll(pts, -step, axis=0)
        inside = ((np.minimum(a, b) > 1).all(1) & (a[:, 0] < w - 2) & (b[:, 0] < w - 2)
                  & (a[:, 1] < h - 2) & (b[:, 1] < h - 2))
        with np.errstate(all="ignore"):
            d = apply_h(H, b[inside]) - apply_h(H, a[inside])
        d = d[np.all(np.isfinite(d), axis=1)]
        if len(d) == 0:
            continue
        n = np.hypot(d[:, 0], d[:, 1])
        ang = np.degrees(np.arctan2(np.abs(d[:, 1]), np.abs(d[:, 0])))
        ok = (ang < ALONG_AXES) | (ang > 90 - ALONG_AXES)
        along += float(n[ok].sum())
        total += float(n.sum())
    return along / total if total > 0 else 1.0


#: An outline's step runs along a lattice axis when within this many degrees of it.
ALONG_AXES = 20.0


def _without_strays(lat: Lattice) -> Lattice:
    """The lattice without the foreground groups that lie across its cells (a sheet of notes,
    a box beside the layout): a layout's tiles lie on the lattice, their groups' outlines run
    along its lines (see :func:`_outline_alignment`). Only when the biggest group's does
    (else the lattice is doubtful, not the groups); the window of cells is then the remaining
    foreground's (see :func:`_cover_foreground`)."""
    if lat.fg is None:
        return lat
    n, labels, stats = _groups(lat.fg)
    if n < 3:
        return lat
    areas = stats[1:, cv2.CC_STAT_AREA]
    main = 1 + int(np.argmax(areas))
    if _outline_alignment(lat, labels == main) < STRAY_MAIN_ALONG:
        return lat
    stray = np.zeros(n, bool)
    for i in range(1, n):
        if i != main and _outline_alignment(lat, labels == i) < STRAY_ALONG:
            stray[i] = True
    if not stray.any():
        return lat
    logger.debug("foreground groups lying across the lattice's cells (not tiles): %s pixels",
                 stats[stray, cv2.CC_STAT_AREA].tolist())
    kept = lat.fg & ~stray[labels]
    _read_only(kept)
    return lat.with_H(lat.H, fg=kept)


@_for_last_mask
def _groups(mask: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
    """The 8-connected groups of ``mask``: their number (with the background), labels and
    stats (see ``cv2.connectedComponentsWithStats``), kept for the last mask (see
    :func:`_for_last_mask`: the lattices of a photo share one)."""
    n, labels, stats = components(mask.astype(np.uint8))
    labels.flags.writeable = False
    return n, labels, stats


#: A lattice along which at least this share of the biggest foreground group's outline runs
#: fits the layout: groups whose outlines run across it are not tiles (see
#: :func:`_without_strays`) ...
STRAY_MAIN_ALONG = 0.6
#: ... when less than this share of their outline runs along it.
STRAY_ALONG = 0.4


def _for_reading(lattices: list[Lattice], fg_info: dict) -> list[Lattice]:
    """The lattices with the foreground mask the cells are judged by: on a patterned table
    the tighter one (the texture cue's margin, which helped find the lattice, would make the
    table around the tiles look like tiles)."""
    tight = fg_info.get("tight")
    if tight is None:
        return lattices
    return [lat.with_H(lat.H, fg=tight) for lat in lattices]


def _table_agreement(lat: Lattice, table: Segments, *, min_segments: int = 12) -> float:
    """The share of the bare table's segments (work-image pixels) that lie on the lines of
    ``lat``: about 1 for the lattice of a patterned table's own grid, by chance (about 0.2) for
    the tiles' lattice; 0 when the table shows too few segments along the lattice's axes."""
    if len(table) < min_segments:
        return 0.0
    H = np.linalg.inv(np.diag([lat.work_scale, lat.work_scale, 1.0]) @ lat.H)
    with np.errstate(all="ignore"):
        a, b = apply_h(H, table.p), apply_h(H, table.q)
    d = b - a
    n = np.hypot(d[:, 0], d[:, 1]) + 1e-12
    ok = np.all(np.isfinite(d), axis=1) & (n > 0.2)
    on = 0
    aligned = 0
    lines = set()
    for axis in (0, 1):  # 0: lines x = const
        al = ok & (np.abs(d[:, axis]) < 0.06 * n)
        pos = (a[al, axis] + b[al, axis]) / 2
        hit = np.abs(pos - np.round(pos)) < 0.1
        aligned += int(al.sum())
        on += int(hit.sum())
        lines |= {(axis, int(k)) for k in np.round(pos[hit])}
    if aligned < min_segments or len(lines) < 4:
        return 0.0
    return on / aligned


def _fg_fractions(lat: Lattice, px: int = 10) -> np.ndarray:
    """Foreground fraction of every cell of ``lat`` (rows x cols array)."""
    return _window_fractions(lat.H, lat.rows, lat.cols, lat.fg, lat.work_scale, px)


def _window_fractions(H: np.ndarray, rows: tuple[int, int], cols: tuple[int, int],
                      fg: np.ndarray, work_scale: float, px: int) -> np.ndarray:
    """Foreground fraction of the cells ``rows`` x ``cols`` (inclusive ranges) of the lattice
    ``H`` (lattice -> full image), ``fg`` the work-image mask; ``px`` x ``px`` samples a cell."""
    nr = rows[1] - rows[0] + 1
    nc = cols[1] - cols[0] + 1
    T = np.array([[1 / px, 0, cols[0] + 0.5 / px], [0, 1 / px, rows[0] + 0.5 / px], [0, 0, 1.0]])
    M = np.diag([work_scale, work_scale, 1.0]) @ H @ T
    warped = cv2.warpPerspective(mask_as_float(fg), M, (nc * px, nr * px),
                                 flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderValue=0.0)
    return warped.reshape(nr, px, nc, px).mean(axis=(1, 3))


@_for_last_mask
def mask_as_float(mask: np.ndarray) -> np.ndarray:
    """``mask`` as float32 0/1, kept for the last mask (see :func:`_for_last_mask`; the reader
    warps it onto every candidate's view too). Read-only: the array is shared."""
    out = mask.astype(np.float32)
    out.flags.writeable = False
    return out


@_for_last_mask
def mask_as_u8(mask: np.ndarray) -> np.ndarray:
    """``mask`` as uint8 0/255, kept for the last mask (see :func:`_for_last_mask`; the
    search warps it onto the top-down view of every lattice it focuses, see
    :func:`_edge_strength_of`). Read-only: the array is shared."""
    out = mask.astype(np.uint8) * 255
    out.flags.writeable = False
    return out


def _partial(lat: Lattice, px: int = 10) -> float:
    """How badly the lattice's cells cut through the foreground: the share of touched cells
    that are only partly covered (a right lattice has cells either full of tile or empty);
    ``px`` pixels per cell side are sampled."""
    return _partial_of(_fg_fractions(lat, px))


def _partial_of(f: np.ndarray) -> float:
    """:func:`_partial` of the cells' foreground fractions ``f``."""
    touched = f > 0.1
    if not touched.any():
        return 1.0
    ft = f[touched]  # (once: this is called for every phase of every pitch tried)
    return float(np.mean(2.0 * np.minimum(ft, 1.0 - ft)))


def _fix_pitch(lat: Lattice) -> Lattice:
    """Halve or third the pitch on an axis when that makes the cells fit the tiles much better
    (a comb at a multiple of the true pitch also fits the lines when the lines between are
    faint, as on a layout's outline).

    Cutting each cell into ``sx`` x ``sy`` gives the same lines whatever the phase ``(ox, oy)``
    of the new indices (``x' = sx * x - ox``): only the window of cells judged moves, so one
    warp of the mask per ``(sx, sy)`` serves all phases."""
    if lat.fg is None:
        return lat
    best, best_p = None, _partial(lat)
    start_p = best_p
    if best_p < 0.15:
        return lat  # no split can beat it by the margin asked below
    px = 6
    for sx in (1, 2, 3):
        for sy in (1, 2, 3):
            if sx == sy == 1:
                continue
            # the window of phase (ox, oy) in the coordinates x0 = sx * x = x' + ox
            rows0 = (lat.rows[0] * sy - 1, (lat.rows[1] + 1) * sy)
            cols0 = (lat.cols[0] * sx - 1, (lat.cols[1] + 1) * sx)
            if rows0[1] - rows0[0] + 1 > MAX_CELLS * 2 or cols0[1] - cols0[0] + 1 > MAX_CELLS * 2:
                continue
            H0 = lat.H @ np.diag([1.0 / sx, 1.0 / sy, 1.0])
            f_all = _window_fractions(H0, (rows0[0], rows0[1] + sy - 1), (cols0[0], cols0[1] + sx - 1),
                                      lat.fg, lat.work_scale, px)
            nr, nc = rows0[1] - rows0[0] + 1, cols0[1] - cols0[0] + 1
            for ox in range(sx):
                for oy in range(sy):
                    p = _partial_of(f_all[oy:oy + nr, ox:ox + nc])
                    if p < best_p - 0.15 and p < 0.5 * best_p:
                        best, best_p = (sx, sy, ox, oy), p
    if best is None:
        return lat
    sx, sy, ox, oy = best
    # new lattice x' = sx * x - ox, so the old cell splits into sx x sy cells
    A = np.array([[sx, 0, -ox], [0, sy, -oy], [0, 0, 1.0]])
    H = lat.H @ np.linalg.inv(A)
    cand = lat.with_H(H / H[2, 2], rows=(lat.rows[0] * sy - 1, (lat.rows[1] + 1) * sy),
                      cols=(lat.cols[0] * sx - 1, (lat.cols[1] + 1) * sx))
    logger.debug("pitch halved: partial cells %.2f -> %.2f", start_p, best_p)
    return _normalise(cand)


def _skew(H_img_from_lat: np.ndarray, size: tuple[int, int], centre: tuple[float, float],
          focal_equiv_mm: float = PHONE_FOCAL_EQUIV_MM) -> float:
    """|cos| of the angle between the lattice axes on the table, with a phone camera's intrinsics
    (0 for a lattice of right angles). A plane's homography is ``K [r1 r2 t]``."""
    K_inv = _phone_intrinsics_inv(size, focal_equiv_mm)
    Hc = H_img_from_lat @ np.array([[1, 0, centre[0]], [0, 1, centre[1]], [0, 0, 1.0]])
    r1, r2 = K_inv @ Hc[:, 0], K_inv @ Hc[:, 1]
    return float(abs(r1 @ r2) / (np.linalg.norm(r1) * np.linalg.norm(r2) + 1e-12))


def square_perspective(lat: Lattice, size: tuple[int, int], centre: tuple[float, float]
                       ) -> Lattice:
    """``lat`` (full-image pixels of a ``size`` (w, h) picture) with the perspective that makes
    its cells square on the table for a phone camera (:func:`_phone_intrinsics_inv`), its cells
    unchanged at ``centre`` (lattice coordinates: their place, size and directions there).

    A plane's homography is ``K [r1 r2 t]``: square cells need ``K^-1 h1`` and ``K^-1 h2``
    (at right angles, of one length). The lines' perspective may be off where they are few or
    short (a vanishing point from one row of tiles, a cloth's print), while the cells'
    directions and pitch at the layout's middle, where most lines are, hold; the cells there
    then tell how the view is tilted, so how the cells shrink away from it. Adding the
    perspective terms ``(g, h)`` about the centre (:func:`_perspective_change`) turns the
    columns ``c1, c2`` of ``K^-1 H`` moved to the centre into ``c1 + g c3, c2 + h c3``; with
    ``U = g + c1.c3 / |c3|^2``, ``V = h + c2.c3 / |c3|^2`` both conditions read
    ``(U + iV)^2 = n + 2im`` (``m``, ``n`` below): two views, tilted either way, mirror
    images; the one nearer the lines' perspective is taken. (The lens is assumed: a right
    lattice squared through a 24 or 28 mm lens moves its tiles' cells by about 0.09 of a
    cell at 30-45 degrees of tilt, through 22 or 30 mm by 0.17-0.18, through a 2x lens (52
    mm) or on a cropped photo by up to 1.5 cells (measured by review on drawn views); the
    caller reads such a lattice only as a start the tiles' own edges move, and keeps it only
    on a better score.)"""
    c = np.asarray(centre, np.float64)
    M = _phone_intrinsics_inv(size) @ lat.H @ np.array([[1, 0, c[0]], [0, 1, c[1]], [0, 0, 1.0]])
    c1, c2, c3 = M[:, 0], M[:, 1], M[:, 2]
    s = float(c3 @ c3)
    p, q = float(c1 @ c3) / s, float(c2 @ c3) / s
    m = p * q - float(c1 @ c2) / s
    n = p * p - q * q - float(c1 @ c1 - c2 @ c2) / s
    z = complex(n, 2 * m) ** 0.5
    g, h = min(((z.real - p, z.imag - q), (-z.real - p, -z.imag - q)), key=lambda v: math.hypot(*v))
    H = lat.H @ _perspective_change(g, h, c)
    return lat.with_H(H / H[2, 2])


@_for_last_mask
def _layout_sample(fg: np.ndarray) -> np.ndarray | None:
    """Points ``(N, 2)`` spanning the layout ``fg`` (its convex hull and centroid, work-image
    pixels); ``None`` when the mask is nearly empty. Kept for the last mask (read-only; see
    :func:`_for_last_mask`: the edges' and the outline's hypotheses of a photo share one)."""
    ys, xs = np.nonzero(fg[::4, ::4])
    if len(xs) < 4:
        return None
    pts = np.column_stack([xs * 4.0, ys * 4.0])
    hull = cv2.convexHull(pts.astype(np.float32)).reshape(-1, 2).astype(float)
    out = np.vstack([hull, pts.mean(0)[None, :]])
    out.flags.writeable = False
    return out


def _plausible_cells(H: np.ndarray, fg: np.ndarray, *, max_ratio: float = 6.0,
                     sample: np.ndarray | None = None) -> bool:
    """Whether the lattice ``H`` (work image -> lattice) has cells of sane size where the
    layout is: no vanishing line across it (the cell area keeps its sign), cell areas that vary
    by at most ``max_ratio`` over it (a table seen at up to 45 degrees), and a cell neither
    tiny nor wider than half the picture. ``sample``: :func:`_layout_sample` of ``fg``, when
    already known."""
    h, w = fg.shape[:2]
    if sample is None:
        sample = _layout_sample(fg)
    if sample is None:
        return True
    dets = view_cell_areas(H, sample, max_ratio)  # (cells per image pixel: the ratio is the same)
    if dets is None:
        return False
    area = 1.0 / dets  # image pixels per cell
    side = math.sqrt(float(median_last(area)))
    return 0.01 * max(w, h) <= side <= 0.5 * max(w, h)


#: Fewest foreground pieces (8-connected components of the work image's mask) for which a
#: lattice whose cells vary too much over the whole mask is judged over the pieces its own lines
#: lie on instead (see :func:`_plausible_on_support`): with one piece the mask is the layout.
SUPPORT_PIECES = 2
#: Pixels the mask's pieces are grown by before the lines' points are looked up in them: a
#: line on a tile's outer edge lies on the mask's rim, a pixel or two off it at the work scale
#: (the mask's outline is a blurred colour edge).
SUPPORT_REACH_PX = 3


def _support_pieces(fg: np.ndarray, fam_x: Segments, fam_y: Segments) -> np.ndarray | None:
    """The pieces of the mask ``fg`` ``(h, w)`` (work image, nonzero = foreground) that the
    segments ``fam_x``, ``fam_y`` (the lines on a lattice, work-image pixels) end or lie in, as
    a bool mask ``(h, w)``; ``None`` when ``fg`` is one piece (or none), no segment touches
    it, every piece is touched, or the pieces touched leave out the biggest. A segment on a
    tile's outer edge lies on the mask's rim: its points are looked up in the mask grown by
    :data:`SUPPORT_REACH_PX`."""
    pieces = _mask_pieces(fg)
    if pieces is None:
        return None
    n, labels, grown, biggest = pieces
    h, w = fg.shape[:2]
    pts = np.vstack([fam_x.p, fam_x.q, fam_x.mid, fam_y.p, fam_y.q, fam_y.mid])
    xs = np.clip(np.round(pts[:, 0]).astype(int), 0, w - 1)
    ys = np.clip(np.round(pts[:, 1]).astype(int), 0, h - 1)
    hit = np.unique(grown[ys, xs])
    hit = hit[hit > 0]
    if len(hit) == 0 or len(hit) == n - 1 or biggest not in hit:
        return None
    return np.isin(labels, hit)


@_for_last_mask
def _mask_pieces(fg: np.ndarray) -> tuple[int, np.ndarray, np.ndarray, int] | None:
    """The pieces of the mask ``fg`` ``(h, w)`` that :func:`_support_pieces` looks the lines up
    in: their number ``n`` (with the background), their labels ``(h, w)`` int32 (8-connected,
    0 the background), the labels grown by :data:`SUPPORT_REACH_PX` ``(h, w)`` int32, and the
    biggest piece's label; ``None`` when the mask is fewer than :data:`SUPPORT_PIECES`
    pieces. Kept for the last mask (read-only; see :func:`_for_last_mask`: every candidate
    lattice of a photo is judged on one, and this is most of the judging's cost)."""
    n, labels = cv2.connectedComponents((fg > 0).astype(np.uint8), connectivity=8)
    if n - 1 < SUPPORT_PIECES:
        return None
    reach = np.ones((2 * SUPPORT_REACH_PX + 1,) * 2, np.uint8)
    grown = cv2.dilate(labels.astype(np.float32), reach).astype(np.int32)
    # (anchored to the layout as :func:`_without_strays` is: the pieces must hold the mask's
    # biggest, or a lattice on the stray object alone, a mug's print or a squared sheet, would
    # be judged over that object only and pass)
    biggest = 1 + int(np.argmax(np.bincount(labels.ravel(), minlength=n)[1:]))
    _read_only(labels, grown)
    return n, labels, grown, biggest


def _plausible_on_support(H: np.ndarray, fg: np.ndarray, fam_x: Segments, fam_y: Segments
                          ) -> bool:
    """Whether the lattice ``H`` (work image -> lattice) has sane cells (:func:`_plausible_cells`)
    over the foreground pieces its own lines ``fam_x``, ``fam_y`` lie on, when ``fg`` holds
    other pieces too (a mug or a sheet of paper beside the layout: on a steep view the cells
    over the whole mask may vary more than any layout's do). ``False`` when that does not
    apply."""
    pieces = _support_pieces(fg, fam_x, fam_y)
    if pieces is None:
        return False
    ok = _plausible_cells(H, pieces.astype(np.uint8))
    if ok:
        logger.debug("lattice cells judged over the %d%% of the foreground its lines lie on",
                     round(100 * pieces.sum() / max(1, int((fg > 0).sum()))))
    return ok


def _align_phase(lat: Lattice, gray: np.ndarray, px: int = 24) -> Lattice:
    """Shift a lattice so its cell borders lie on the tiles' edges and gaps: the top-down view of
    the layout's edge strength, folded modulo one cell along each axis, peaks where the borders
    are. ``gray`` is the work image; the shift is kept only when that peak is clear."""
    edges = _edge_strength(lat, gray, px)
    if edges is None:
        return lat
    shifts = []
    for axis in (0, 1):  # 0: x (edges across columns), 1: y
        prof = edges[axis].sum(axis=axis)
        fold = prof.reshape(-1, px).sum(0)
        fold = fold + 0.5 * np.roll(fold, 1) + 0.5 * np.roll(fold, -1)
        k = int(np.argmax(fold))
        if fold[k] < 1.4 * float(np.mean(fold)):
            shifts.append(0.0)
            continue
        # sub-pixel peak (parabola through the neighbours)
        a, b, c = fold[(k - 1) % px], fold[k], fold[(k + 1) % px]
        den = a - 2 * b + c
        off = 0.5 * (a - c) / den if abs(den) > 1e-9 else 0.0
        phase = ((k + off) / px + 0.5) % 1.0 - 0.5  # in cells, -0.5 .. 0.5
        shifts.append(phase if abs(phase) <= 0.3 else 0.0)
    if max(abs(s) for s in shifts) < 0.01:
        return lat
    S = np.array([[1, 0, shifts[0]], [0, 1, shifts[1]], [0, 0, 1.0]])
    H = lat.H @ S
    logger.debug("lattice shifted by %.2f, %.2f cells onto the tiles' edges", *shifts)
    return lat.with_H(H / H[2, 2])


#: Pixels a cell of the top-down view the edge profiles are taken on (see :func:`_edge_profiles`).
PROFILE_PX = 16
#: Length of the profiles' Fourier transform (zero-padded): its frequencies are a period's
#: 0.4% apart at one cell of :data:`PROFILE_PX` pixels.
PROFILE_FFT = 4096
#: The periods (cells) the profile's comb is looked for at (:func:`_profile_comb`): a comb of
#: segments a little off (wood grain, toothed edges, tiles a little out of line) may have
#: locked onto every other line or onto a period between.
PROFILE_PERIODS = (0.4, 2.2)
#: A lattice's pitch along an axis is taken from its edge profile when the profile's comb is
#: at least this much more coherent than at one cell (the independent renderer's toothed tiles
#: on lattices 28% to 2x off their pitch: 0.26-0.40 against 0.03-0.18 at one cell; on right
#: lattices the comb lies within a few % of one cell, 0.22-0.60, as coherent as at one) ...
PROFILE_GAIN = 2.0
#: ... at least this coherent ...
PROFILE_MIN = 0.2
#: ... and its period this far from one cell (nearer, the lattice is right up to a slight
#: perspective the lines' fit corrects).
PROFILE_OFF = 0.12


def _edge_profiles(lat: Lattice, work: np.ndarray, px: int = PROFILE_PX
                   ) -> tuple[np.ndarray, np.ndarray] | None:
    """The colour edges across the lattice's lines on its top-down view (``px`` pixels a cell),
    summed along them over the layout: ``(profile_x, profile_y)``, the mean strength of the
    edges across the lines ``x = const`` at each of the window's ``nc * px`` positions (and of
    ``y = const`` at its ``nr * px``); positions counted from the window's first cell. ``work``
    (H, W, 3) uint8 BGR is the work image of ``lat.fg``. ``None`` when there is no mask or the
    window is too large or holds too little layout."""
    edges = _edge_strength(lat, work, px)
    if edges is None:
        return None
    # (summed along the lines)
    return edges[0].sum(axis=0).astype(np.float64), edges[1].sum(axis=1).astype(np.float64)


#: The last few results of :func:`_edge_strength`, by lattice, picture and pixels a cell
#: (``(id(lat), id(work), px)`` -> weak references to both and the result): a lattice's edges
#: are measured again by the next step of its search when a step leaves it as it was (the
#: pitch's refinement, then the focus, see :func:`_locate_on`).
_EDGE_MEMO: dict[tuple[int, int, int], tuple[weakref.ref, weakref.ref, Any]] = {}
#: ... of this many (a search looks at a handful of lattices at a time).
EDGE_MEMO_SIZE = 12


def _edge_strength(lat: Lattice, work: np.ndarray, px: int) -> tuple[np.ndarray, np.ndarray] | None:
    """:func:`_edge_strength_of`, kept for the same lattice (a frozen object), picture and
    ``px`` (see :data:`_EDGE_MEMO`); the arrays returned are read-only."""
    key = (id(lat), id(work), px)
    hit = _EDGE_MEMO.get(key)
    if hit is not None and hit[0]() is lat and hit[1]() is work:
        return hit[2]
    out = _edge_strength_of(lat, work, px)
    if out is not None:
        _read_only(*out)
    _EDGE_MEMO[key] = (weakref.ref(lat), weakref.ref(work), out)
    while len(_EDGE_MEMO) > EDGE_MEMO_SIZE:
        del _EDGE_MEMO[next(iter(_EDGE_MEMO))]
    return out


def _edge_strength_of(lat: Lattice, work: np.ndarray, px: int
                      ) -> tuple[np.ndarray, np.ndarray] | None:
    """The edges of the lattice's top-down view (``px`` pixels a cell, over its window) near the
    layout: per axis (0: edges across the lines ``x = const``, a change along x) the strength
    ``(nr * px, nc * px)`` float32 (summed over the channels of a colour ``work`` image; a grey
    one has one), zero away from the foreground and outside the picture. ``None`` as for
    :func:`_edge_profiles`."""
    nr = lat.rows[1] - lat.rows[0] + 1
    nc = lat.cols[1] - lat.cols[0] + 1
    if lat.fg is None or nr * nc > 900:
        return None
    T = np.array([[1 / px, 0, lat.cols[0]], [0, 1 / px, lat.rows[0]], [0, 0, 1.0]])
    M = np.diag([lat.work_scale, lat.work_scale, 1.0]) @ lat.H @ T
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    size = (nc * px, nr * px)
    # (the Sobel filter reads the warped uint8 view as it is: its sums of integers are exact
    # in float32, the same values as on a float copy, without the copy)
    top = cv2.warpPerspective(work, M, size, flags=flags, borderValue=0)
    near = cv2.warpPerspective(mask_as_u8(lat.fg), M, size, flags=flags, borderValue=0)
    near = cv2.dilate(near, np.ones((px // 2 + 1, px // 2 + 1), np.uint8)) > 128
    inside = cv2.warpPerspective(np.full(work.shape[:2], 255, np.uint8), M, size, flags=flags,
                                 borderValue=0)
    wgt = (near & (cv2.erode(inside, np.ones((5, 5), np.uint8)) > 128)).astype(np.float32)
    if wgt.sum() < 4 * px * px:
        return None
    return _edges_across(top, wgt)


def _edges_across(top: np.ndarray, wgt: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The edges of a top-down view ``top`` (h, w, C) or (h, w), uint8 or float32 (the Sobel
    sums of a uint8 view are exact in float32): per axis (0: a change
    along x) the Sobel strength summed over the channels, times ``wgt`` (h, w)."""
    out = []
    for axis in (0, 1):
        g = np.abs(cv2.Sobel(top, cv2.CV_32F, 1 - axis, axis, ksize=3))
        if g.ndim == 3:
            # (the channels added in numpy's order of a sum over the last axis; a reduction
            # over an axis of three costs several times the two additions)
            g = g[..., 0] + g[..., 1] + g[..., 2]
        out.append(g * wgt)
    return out[0], out[1]


def _profile_comb(profile: np.ndarray, px: int) -> tuple[float, float, float, float]:
    """The regular comb of a lattice's edge profile (see :func:`_edge_profiles`): ``(period,
    phase, coherence, coherence at one cell)``, period and phase in cells (edges at ``phase +
    k * period`` from the window's first cell), coherence 0-1 (the profile's Fourier amplitude
    at the period over its mean absolute deviation). The period is the longest among
    :data:`PROFILE_PERIODS` whose coherence is close to the best (a comb at half the tiles'
    pitch fits a profile of sharp edges nearly as well, one at twice the pitch does not)."""
    p = profile - profile.mean()
    norm = float(np.abs(p).sum()) + 1e-9
    # the Fourier amplitudes on a fine grid of frequencies (the profile padded with zeros):
    # bin k is a period of PROFILE_FFT / (k * px) cells
    spectrum = np.fft.rfft(p, n=max(PROFILE_FFT, len(p)))
    n = max(PROFILE_FFT, len(p))
    lo, hi = PROFILE_PERIODS
    # (no period longer than a third of the window: the layout's own extent is no comb)
    hi = max(min(hi, len(profile) / px / 3.0), lo * 1.01)
    k = np.arange(int(math.ceil(n / (hi * px))), int(n / (lo * px)) + 1)
    k = k[(k >= 1) & (k < len(spectrum))]
    z = spectrum[k] / norm
    a = np.abs(z)
    a1 = float(np.abs(spectrum[min(len(spectrum) - 1, int(round(n / px)))]) / norm)
    periods = n / (k * px)
    best = float(a.max())
    peak = np.r_[False, (a[1:-1] >= a[:-2]) & (a[1:-1] >= a[2:]), False]
    ok = np.flatnonzero((a >= 0.8 * best) & peak)
    # (the longest period: the lowest frequency)
    i = int(ok.min()) if len(ok) else int(a.argmax())
    period = float(periods[i])
    # (the transform's phase is of exp(-2 pi i f t): the comb's first edge lies at -angle)
    phase = float(-np.angle(z[i]) / (2 * np.pi) * period) % period
    return period, phase, float(a[i]), a1


def _refine_pitch(lat: Lattice, work: np.ndarray,
                  photo: tuple[np.ndarray, tuple[int, int]] | None = None) -> Lattice:
    """The lattice with its pitch along either axis taken from the tiles' edges on its top-down
    view (see :func:`_edge_profiles`, :func:`_profile_comb`) where they are regular at
    another pitch than the lattice's: a layout's tiles abut at one pitch along each axis, so
    the colour edges between them, summed along the lattice's lines, repeat at the tiles'
    pitch. The comb of the lines' segments can lock onto another (every other line; a
    period between, where wood grain or the tiles' teeth add lines). ``work``: the work
    image of ``lat.fg``; ``photo``: the map ``(3, 3)`` of ``lat.H``'s pixels into the photo's
    and the photo's ``(w, h)``, when given a comb less clear than :data:`PROFILE_GAIN` asks is
    taken too where it squares the cells (see :func:`_squaring_combs`)."""
    found = _edge_profiles(lat, work)
    if found is None:
        return lat
    combs = [_profile_comb(profile, PROFILE_PX) for profile in found]
    taken = []
    for axis, (period, _, coh, coh1) in enumerate(combs):
        logger.debug("edge profile %s: comb %.2f cells, coherence %.2f (at one cell %.2f)",
                     "xy"[axis], period, coh, coh1)
        taken.append(_comb_off_pitch(period, coh) and coh >= PROFILE_GAIN * coh1)
        if taken[-1]:
            logger.debug("lattice's %s pitch from its edge profile: %.2f cells", "xy"[axis],
                         period)
    out = _rescaled(lat, combs, taken)
    if photo is not None:
        out = _squaring_combs(lat, out, combs, taken, photo)
    return out


def _comb_off_pitch(period: float, coherence: float) -> bool:
    """Whether an edge profile's comb (``period`` cells, ``coherence`` see
    :func:`_profile_comb`) lies clearly off one cell (:data:`PROFILE_OFF`) and holds together
    (:data:`PROFILE_MIN`)."""
    return abs(math.log(period)) >= math.log(1 + PROFILE_OFF) and coherence >= PROFILE_MIN


def _rescaled(lat: Lattice, combs: list[tuple[float, float, float, float]], taken: list[bool]
              ) -> Lattice:
    """The lattice in new coordinates whose pitch along each axis ``taken`` is its comb's
    (``combs[axis]``: ``(period, phase, coherence, coherence at one cell)`` in cells, see
    :func:`_profile_comb`) and whose lines lie on the comb's edges; ``lat`` itself when no
    axis is taken."""
    if not any(taken):
        return lat
    scale, shift = [1.0, 1.0], [0.0, 0.0]
    for axis, ((period, phase, _, _), take) in enumerate(zip(combs, taken)):
        if take:
            scale[axis] = period
            shift[axis] = (lat.cols[0], lat.rows[0])[axis] + phase
    # new coordinates x' = (x - shift) / period
    A = np.array([[1 / scale[0], 0, -shift[0] / scale[0]],
                  [0, 1 / scale[1], -shift[1] / scale[1]], [0, 0, 1.0]])
    return _recoordinated(lat, A)


def _squaring_combs(lat: Lattice, out: Lattice, combs: list[tuple[float, float, float, float]],
                    taken: list[bool], photo: tuple[np.ndarray, tuple[int, int]]) -> Lattice:
    """``out`` (``lat`` with the clear combs ``taken``, see :func:`_refine_pitch`) with the
    pitch also taken from the combs that are off one cell and more coherent than there by
    :data:`SQUARING_GAIN` (under :data:`PROFILE_GAIN`) when that makes the cells square on
    the table (:func:`cell_aspect` within :data:`SQUARE_CELL`) where they were not: square
    tiles (Textile, Octopus) lie on a lattice of square cells, so a lattice whose cells on
    the table are, say, 0.82 as tall as wide has one axis's pitch wrong, and the comb of the
    tiles' edges along that axis that repeats at 1.2 cells is the two measures' agreement
    (the lines' perspective and the tiles' own edges) on the tiles' pitch. ``out`` itself
    when no such comb squares the cells. ``photo``: as :func:`_refine_pitch`'s (the cells'
    shape is measured through the photo's camera, a crop's centre and size not its)."""
    weak = [not take and _comb_off_pitch(period, coh) and coh >= SQUARING_GAIN * coh1
            for (period, _, coh, coh1), take in zip(combs, taken)]
    if not any(weak):
        return out
    to_photo, size = photo
    before = abs(math.log(cell_aspect(out.with_H(to_photo @ out.H), size)))
    squared = _rescaled(lat, combs, [t or w for t, w in zip(taken, weak)])
    after = abs(math.log(cell_aspect(squared.with_H(to_photo @ squared.H), size)))
    square = after <= math.log(SQUARE_CELL) < before
    logger.debug("the less clear combs (%s) %s the cells: off square (log) %.3f -> %.3f",
                 "xy"[weak.index(True)] if sum(weak) == 1 else "xy",
                 "square" if square else "would not square", before, after)
    return squared if square else out


#: A comb of the tiles' edges off one cell is taken when it is this much more coherent than
#: at one cell (under PROFILE_GAIN) where it makes the lattice's cells square on the table
#: (see :func:`_squaring_combs`): on right lattices the comb lies at one cell, as coherent
#: there (see PROFILE_GAIN); of the 894 lattices found on final13-15's 144 Textile and Octopus
#: photos, 29 showed a comb off one cell 1.5-2 times as coherent; it squared the cells of 4,
#: and on the 3 of them whose truth pitch could be measured it lay within 3.5% of it
#: (final15 textile-hard-1435 1.16 against 1.17, final13 textile-hard-802 1.94 and 1.45
#: against 1.97 and 1.50, final14 octopus-normal-1103 0.88 against 0.87) ...
SQUARING_GAIN = 1.5
#: ... within this length / width through :func:`cell_aspect`'s camera (square tiles seen
#: through it: up to 1.19 on steep views, where the focal length assumed matters; here the
#: comb must bring the cells within 1.1, nearer than the 12% any comb taken is off one cell,
#: so that a comb is taken only where it squares cells that were clearly not square).
SQUARE_CELL = 1.1


#: The periods (cells) near one cell a lattice's comb of edges is measured at when its
#: perspective is focused (see :func:`_focus_perspective`): a lattice a few % off its pitch.
FOCUS_PERIODS = (0.9, 1.12)
#: The steps (lattice coordinates about the window's centre, per cell) of the focus' search of
#: the perspective terms, coarse to fine (each a 3 x 3 grid about the best so far): a cell's
#: size changing by up to 3% a cell across the layout.
FOCUS_STEPS = (0.018, 0.009, 0.0045)
#: A focused lattice is kept when its combs are this much more coherent (sum over both axes).
FOCUS_GAIN = 0.1


def _comb_near_one(profile: np.ndarray, px: int, n_fft: int = PROFILE_FFT
                   ) -> tuple[float, float, float]:
    """The comb of an edge profile (``px`` positions a cell, see :func:`_edge_profiles`) at the
    period among :data:`FOCUS_PERIODS` where it is most coherent: ``(period, phase,
    coherence)``, period and phase in cells, coherence 0-1 the length of the mean of the
    edges' phasors at that period, weighted by strength (1: every edge on the comb; not
    changed by how the edges are spread, unlike :func:`_profile_comb`'s), on a Fourier
    transform of ``n_fft`` (zero-padded)."""
    norm = float(profile.sum()) + 1e-9
    n = max(n_fft, len(profile))
    spectrum = np.fft.rfft(profile, n=n)
    k = _comb_bins(n, px, len(spectrum))
    z = spectrum[k] / norm
    i = int(np.abs(z).argmax())
    return (*_period_phase(n, int(k[i]), px, z[i]), float(abs(z[i])))


def _comb_bins(n: int, px: int, n_bins: int) -> np.ndarray:
    """The frequencies (indices into a transform of length ``n``, ``n_bins`` of them) of the
    periods :data:`FOCUS_PERIODS` at ``px`` pixels a cell."""
    lo, hi = FOCUS_PERIODS
    k = np.arange(int(math.ceil(n / (hi * px))), int(n / (lo * px)) + 1)
    return k[(k >= 1) & (k < n_bins)]


def _period_phase(n: int, k: int, px: int, z: complex) -> tuple[float, float]:
    """The period and phase (cells) of the comb at frequency ``k`` of a transform of length
    ``n`` (``px`` pixels a cell), its phasor ``z``."""
    period = float(n / (np.int64(k) * px))
    phase = float(-np.angle(z) / (2 * np.pi) * period) % period
    return period, phase


def _perspective_change(g: float, h: float, centre: np.ndarray) -> np.ndarray:
    """The change of lattice coordinates (3, 3) ``old = G new`` adding the perspective terms
    ``g``, ``h`` about ``centre`` (identity there)."""
    T = np.array([[1, 0, -centre[0]], [0, 1, -centre[1]], [0, 0, 1.0]])
    T_inv = np.array([[1, 0, centre[0]], [0, 1, centre[1]], [0, 0, 1.0]])  # (exactly inv(T))
    P = np.array([[1, 0, 0], [0, 1, 0], [g, h, 1.0]])
    return T_inv @ P @ T


#: Most edge pixels (the strongest) of each axis the focus measures its combs on.
FOCUS_POINTS = 1200
#: Length of the Fourier transform the focus compares perspectives on: periods 1.6% apart at
#: one cell, well within the peak of a comb over a layout of 12 cells (8% wide).
FOCUS_FFT = 1024


def _edge_points(lat: Lattice, work: np.ndarray, px: int = PROFILE_PX
                 ) -> list[tuple[np.ndarray, np.ndarray]] | None:
    """The colour edges of the lattice's top-down view (see :func:`_edge_profiles`) as weighted
    points: for each axis (0: edges across the lines ``x = const``) ``(pts, w)``, ``pts``
    (N, 2) lattice coordinates of the strongest edge pixels, ``w`` (N,) their strength."""
    edges = _edge_strength(lat, work, px)
    if edges is None:
        return None
    width = edges[0].shape[1]
    out = []
    for axis in (0, 1):
        g = edges[axis].ravel()
        idx = np.flatnonzero(g > 0)
        if len(idx) > FOCUS_POINTS:
            idx = idx[np.argpartition(g[idx], -FOCUS_POINTS)[-FOCUS_POINTS:]]
        yy, xx = np.divmod(idx, width)
        pts = np.c_[(xx + 0.5) / px + lat.cols[0], (yy + 0.5) / px + lat.rows[0]]
        out.append((pts, g[idx].astype(np.float64)))
    return out


def _points_combs(coords: np.ndarray, w: np.ndarray, px: int = PROFILE_PX,
                  n_fft: int = PROFILE_FFT) -> list[tuple[float, float, float]]:
    """The comb near one cell (see :func:`_comb_near_one`) of edge points at lattice
    coordinates ``coords`` (M, N) -- each row the same points (strengths ``w`` (N,)) under one
    of M changes of coordinates -- as ``(period, phase, coherence)`` per row, the phase from
    ``floor(min(row))``, all at once: one binning and one Fourier transform for
    all (the focus compares nine perspectives a step, see :func:`_focus_perspective`); the
    same values as one by one."""
    m, n_pts = coords.shape
    if n_pts < 10:
        return [(1.0, 0.0, 0.0)] * m
    lo = np.floor(coords.min(axis=1))
    bins = np.maximum(((coords - lo[:, None]) * px).astype(int), 0)  # (np.clip's, without its overhead)
    lengths = bins.max(axis=1) + 1
    width = int(lengths.max())
    n = max(n_fft, width)
    # (one histogram for all rows: row r's bins offset by r * width; each bin sums its points
    # in the same order as a histogram of its row alone)
    profiles = np.bincount((bins + np.arange(m)[:, None] * width).ravel(), weights=np.tile(w, m),
                           minlength=m * width).reshape(m, width)
    norms = np.array([float(p[:k].sum()) for p, k in zip(profiles, lengths)]) + 1e-9
    if n > n_fft and (lengths < width).any():
        # (a row longer than the transform sets its length: each row's own, as one by one)
        combs = [_comb_near_one(p[:k], px, n_fft) for p, k in zip(profiles, lengths)]
        return [(period, (phase + float(lo_r) + 0.5 / px) % period, coh)
                for (period, phase, coh), lo_r in zip(combs, lo)]
    spectra = np.fft.rfft(profiles, n=n, axis=1)
    k = _comb_bins(n, px, spectra.shape[1])
    z = spectra[:, k] / norms[:, None]
    mags = np.abs(z)
    out = []
    for r in range(m):
        i = int(mags[r].argmax())
        period, phase = _period_phase(n, int(k[i]), px, z[r, i])
        # (bin b holds the points from lo + b / px to half a bin further)
        out.append((period, (phase + float(lo[r]) + 0.5 / px) % period, float(abs(z[r, i]))))
    return out


def _focus_perspective(lat: Lattice, work: np.ndarray) -> Lattice:
    """The lattice with its perspective and pitch set where the tiles' edges on its top-down
    view line up best: a lattice fitted to a few long lines (the layout's outline, one row of
    tiles) may be a few % off in perspective or pitch, and the tiles' gaps drift off its lines
    over the layout (half a cell at its far end). The tiles abut at one pitch all over the
    layout, so their edges, summed along the lattice's lines, form the sharpest comb at the
    right perspective (like a camera's focus): the perspective terms are searched coarse to
    fine (the edge pixels of the top-down view moved, see :func:`_edge_points`),
    then the pitch and phase taken from the combs."""
    found = _edge_points(lat, work)
    if found is None:
        return lat
    centre = np.array([(lat.cols[0] + lat.cols[1] + 1) / 2, (lat.rows[0] + lat.rows[1] + 1) / 2])

    def combs(ghs: list[tuple[float, float]], n_fft: int = FOCUS_FFT
              ) -> list[tuple[float, list[tuple[float, float, float]]]]:
        # each perspective (g, h) of ``ghs``: the summed coherence and the combs of both axes
        Ginv = np.linalg.inv(np.stack([_perspective_change(g, h, centre) for g, h in ghs]))
        per_axis = []
        for axis, (pts, w) in enumerate(found):
            # (the one coordinate across the axis' lines)
            x, y = pts[:, 0], pts[:, 1]
            along = (Ginv[:, axis, 0, None] * x + Ginv[:, axis, 1, None] * y + Ginv[:, axis, 2, None]) \
                / (Ginv[:, 2, 0, None] * x + Ginv[:, 2, 1, None] * y + Ginv[:, 2, 2, None])
            per_axis.append(_points_combs(along, w, n_fft=n_fft))
        return [(cx[2] + cy[2], [cx, cy]) for cx, cy in zip(*per_axis)]

    base = combs([(0.0, 0.0)])[0]
    best = (base[0], 0.0, 0.0, base[1])
    for step in FOCUS_STEPS:
        # (both terms at once: each tilts the other axis' lines; the eight around the best so
        # far measured at once, then taken in turn)
        g0, h0 = best[1], best[2]
        around = [(g0 + dg, h0 + dh) for dg in (-step, 0.0, step) for dh in (-step, 0.0, step)
                  if dg or dh]
        for (g, h), r in zip(around, combs(around)):
            if r[0] > best[0]:
                best = (r[0], g, h, r[1])
    score, g, h, _ = best
    if score < base[0] + FOCUS_GAIN:
        logger.debug("lattice left unfocused: combs %.2f -> %.2f at perspective %.3f, %.3f",
                     base[0], score, g, h)
        return lat
    # (the pitch on the finer transform: only for a lattice focused)
    c = combs([(g, h)], PROFILE_FFT)[0][1]
    logger.debug("lattice focused: perspective %.3f, %.3f, combs %.2f -> %.2f (periods %.3f, %.3f)",
                 g, h, base[0], score, c[0][0], c[1][0])
    G = _perspective_change(g, h, centre)
    # then the pitch and phase: new x' = (x - phase) / period
    sx, sy = c[0][0], c[1][0]
    A = np.array([[1 / sx, 0, -c[0][1] / sx], [0, 1 / sy, -c[1][1] / sy], [0, 0, 1.0]])
    focused = lat.with_H(lat.H @ G)
    return _recoordinated(focused, A)


#: Pixels a cell of the top-down view on which the tiles are found one by one (see
#: :func:`_tile_centres`).
TILE_FIT_PX = 16
#: ... sampled up to this many times finer along either axis and averaged down.
TILE_VIEW_SAMPLES = 2
#: A tile's side over the lattice's pitch, the values tried (the layout's own is the one whose
#: pairs of edges stand out most over all its cells): tiles laid edge to edge with a gap of
#: 0 to a fifth of their side (the independent renderer's kits 0.89).
TILE_SIDES = (0.8, 0.85, 0.9, 0.95)
#: A cell read as a tile has its centre measured when its pair of edges (both sides of the
#: tile, along one axis) stand out this much over the mean strength of the cell's window
#: (tiles read on a gingham cloth 1.5-2.6, where the cloth's checks fill the window) ...
TILE_EDGE_READ = 1.4
#: ... and a cell not read as a tile (a tile at the layout's far end the drifting lattice
#: missed) when they stand out this much: a tile's outline, not the table's pattern.
TILE_EDGE_CLEAR = 2.0
#: Residual (cells) beyond which a tile's centre is left out of the refit (a tile pushed out
#: of line, a pip's edge taken for the tile's): the tiles of a layout lie in line within it.
TILE_FIT_OUTLIER = 0.12
#: The refit's first round keeps the tiles within this residual (cells) of the first lattice ...
TILE_FIT_FIRST = 2 * TILE_FIT_OUTLIER
#: ... or, along an axis where that keeps fewer than :data:`TILE_FIT_MIN`, within this (half a
#: cell: every tile measured lies within it; oct61 octopus-normal-2472, a lattice turned on a
#: plain table, its row measures spread -0.46 to 0.35, 8 of 11 within the first bound; widening
#: every refit so lost cells on other photos, oct61's measure).
TILE_FIT_TURNED = 0.5
#: The refit is kept when it moves no tile's centre measured along an axis more than this
#: along that axis (cells), but onto another cell's centre (see :func:`_contradicted`): each
#: tile is measured within half a cell of its cell's centre (a refit moving one further,
#: beyond the measures' noise, puts it in another cell) ...
TILE_FIT_MOVE = 0.6
#: ... a tile moved that far is renumbered (onto the next cell's centre, not contradicting the
#: refit) when it lands within this of a cell's centre (cells): the bound the refit's first
#: round keeps its tiles within (:data:`TILE_FIT_FIRST`), as such a tile is one of the
#: far arm's the pass has not yet fitted (oct57 octopus-normal-2507: a far arm's two tiles moved
#: 0.78 and 0.60, 0.15 and 0.14 off the next cell's centre, the next pass put them on it),
#: while a refit of a lattice half a cell off puts a tile a third of a cell off its new cell
#: (octopus-normal-1032, see :func:`_contradicted`).
TILE_RENUMBERED = TILE_FIT_FIRST
#: ... and it brings the tiles it fits this much nearer their cells' centres on average (cells,
#: weighted by their edges' strength): the measures' noise (a tile's edge pulled towards its
#: neighbour's across the gap, 0.03-0.05 on a lattice right on the tiles) moves a refit of a
#: right lattice by far less.
TILE_FIT_GAIN = 0.02
#: Fewest tiles measured (and kept), per axis, in at least this many distinct rows or columns,
#: for a refit: the homography's eight unknowns well over-determined by both axes' (a layout
#: of ten tiles on a patterned cloth, fitted to 9 + 8, took their noise for a tilt) ...
TILE_FIT_MIN = 10
#: ... or, where every tile shows its die face (Octopus, the refit of the reading kept, see
#: vision.pipeline._refit_on_tiles), as few as the homography's eight unknowns (both axes'
#: together twice over-determining them): Octopus layouts of 10-14 tiles the drifting lattice
#: missed a tile or two of are refitted (final17 octopus-hard-1761: 10 of 12 tiles read, 5 ->
#: 1 wrong cells); also the refit of a reading displaced from its tiles
#: (vision.pipeline._refit_displaced, through _refit_on_tiles), and readings of 8-9 tiles
#: read, every pass of which stands by this allowance (its first pass unguarded). A pass
#: standing only by this allowance is kept only while the passes settle
#: (see :func:`_on_fewer_tiles`): unguarded, a ten-tile layout's noise passed for a tilt on the
#: product renderer's bench (Octopus `hard` seed 2202, 0 -> 2 wrong cells).
TILE_FIT_MIN_DIE_FACES = 8
TILE_FIT_LINES = 3
#: A refit is kept when it moves the cell of a tile measured (read, or beside them and
#: missed) by at least this (cells, along either axis): a tile this little off its cell is
#: still read whole within it (the cells are read on their inner part), so a smaller change
#: is not worth reading the layout again (a read of 100-200 ms; on the independent renders
#: the refits that mended a reading moved a tile's cell 0.2-0.55 cell).
TILE_REFIT_MOVED = 0.15
#: Passes of measuring and refitting at most (see :func:`refit_to_tiles`) ...
TILE_FIT_PASSES = 3
#: ... ending once a pass moves the tiles by less than this (cells).
TILE_FIT_SETTLED = 0.03


def _sampled(profiles: np.ndarray, at: np.ndarray) -> np.ndarray:
    """``profiles`` (n, m) linearly interpolated at the positions ``at`` (any shape, samples,
    clipped to the profiles): ``(n, *at.shape)``."""
    at = np.clip(at, 0, profiles.shape[1] - 1.001)
    i = at.astype(int)
    f = at - i
    return profiles[:, i] * (1 - f) + profiles[:, i + 1] * f


def _tile_view_edges(lat: Lattice, image: np.ndarray, rows: tuple[int, int],
                     cols: tuple[int, int], px: int) -> tuple[np.ndarray, np.ndarray]:
    """The edges (see :func:`_edges_across`) of the lattice's top-down view of ``image`` (the
    photo, BGR uint8) over the cells ``rows`` x ``cols`` (inclusive), ``px`` pixels a cell:
    ``(nr * px, nc * px)`` each, zero outside the photo. The view is sampled
    :data:`TILE_VIEW_SAMPLES` times finer (at most as fine as the photo) and averaged down:
    a fine table pattern or the sensor's noise does not alias into it, and only the
    window's pixels are warped."""
    k = int(np.clip(round(lat.pitch_px / px), 1, TILE_VIEW_SAMPLES))
    T = np.array([[1 / (k * px), 0, cols[0]], [0, 1 / (k * px), rows[0]], [0, 0, 1.0]])
    size = ((cols[1] - cols[0] + 1) * px, (rows[1] - rows[0] + 1) * px)
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    fine = cv2.warpPerspective(image, lat.H @ T, (size[0] * k, size[1] * k), flags=flags,
                               borderValue=0)
    if k > 1:
        fine = cv2.resize(fine, size, interpolation=cv2.INTER_AREA)
    # (the view's pixels within the photo: a coarse copy of its frame warped, 8 photo pixels
    # a pixel)
    h, w = image.shape[:2]
    frame = np.full(((h + 7) // 8, (w + 7) // 8), 255, np.uint8)
    S = np.diag([1 / 8, 1 / 8, 1.0]) @ lat.H @ np.array([[1 / px, 0, cols[0]],
                                                         [0, 1 / px, rows[0]], [0, 0, 1.0]])
    inside = cv2.warpPerspective(frame, S, size, flags=flags, borderValue=0)
    return _edges_across(fine,
                         (cv2.erode(inside, np.ones((5, 5), np.uint8)) > 250).astype(np.float32))


def _tile_centres(edges: tuple[np.ndarray, np.ndarray], first: tuple[int, int],
                  tiles: np.ndarray, px: int = TILE_FIT_PX
                  ) -> tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray]]:
    """Where the tiles lie in their cells, one cell at a time, on a top-down view's
    ``edges`` (see :func:`_tile_view_edges`; ``first`` its first cell ``(row, col)``, ``px``
    pixels a cell): a square tile shows an edge on either side of it, a tile's side apart,
    whatever is beside it (its neighbour across a gap, the bare table); the middle of the
    pair that stands out in a window of two cells about the cell is the tile's centre along
    that axis. ``tiles`` (nr, nc) bool: the cells read as tiles. Per axis (0: across ``x``)
    ``pts`` (N, 2) lattice coordinates of the centres, ``k`` (N,) the coordinate the cell's
    centre has (``col + 0.5``, ``row + 0.5``), ``w`` (N,) the pair's strength over the
    window's mean (cells whose pair does not stand out by :data:`TILE_EDGE_READ`, or
    :data:`TILE_EDGE_CLEAR` where no tile was read, left out)."""
    pts, ks, ws = [], [], []
    half = px // 2
    offsets = np.arange(-half, half)  # (the tile's centre from the cell's, in samples)
    for axis in (0, 1):
        e = edges[axis] if axis == 0 else edges[axis].T  # (across-axis rows, along-axis)
        measured = tiles if axis == 0 else tiles.T
        n_other, n_cells = e.shape[0] // px, e.shape[1] // px
        E = e.reshape(n_other, px, -1).sum(1).astype(np.float64)
        E = E + 0.5 * np.roll(E, 1, axis=1) + 0.5 * np.roll(E, -1, axis=1)
        E = np.pad(E, ((0, 0), (px, px)))
        centre = (np.arange(n_cells) + 1.5) * px  # (the padded profile's sample: u / px cells)
        mean = np.stack([E[:, int(c) - px:int(c) + px].mean(1) for c in centre], 1)
        at = centre[:, None] + offsets[None, :]  # (n_cells, px)
        best = None
        for side in TILE_SIDES:
            # (both edges: the pair's geometric mean, the profile interpolated between samples)
            pair = 2 * np.sqrt(_sampled(E, at - side * px / 2) * _sampled(E, at + side * px / 2))
            total = float(pair.max(2)[measured].sum())
            if best is None or total > best[0]:
                best = (total, pair)
        pair = best[1]
        i = pair.argmax(2)
        peak = np.take_along_axis(pair, i[..., None], 2)[..., 0]
        a = np.take_along_axis(pair, np.clip(i - 1, 0, px - 1)[..., None], 2)[..., 0]
        c = np.take_along_axis(pair, np.clip(i + 1, 0, px - 1)[..., None], 2)[..., 0]
        den = a - 2 * peak + c
        sub = np.where(np.abs(den) > 1e-9, 0.5 * (a - c) / np.where(den == 0, 1.0, den), 0.0)
        d = (offsets[i] + np.clip(sub, -0.5, 0.5)) / px  # (cells from the cell's centre)
        clear = peak / np.maximum(2 * mean, 1e-9)
        ok = (clear > np.where(measured, TILE_EDGE_READ, TILE_EDGE_CLEAR)) & (mean > 0)
        o, j = np.nonzero(ok)
        first_across, first_other = (first[1], first[0]) if axis == 0 else first
        across = first_across + j + 0.5 + d[o, j]
        along = first_other + o + 0.5
        pts.append(np.c_[across, along] if axis == 0 else np.c_[along, across])
        ks.append(first_across + j + 0.5)
        ws.append(clear[o, j])
    return pts, ks, ws


def refit_to_tiles(lat: Lattice, image: np.ndarray, tiles: Iterable[tuple[int, int]], *,
                   least_move: float = TILE_REFIT_MOVED, min_tiles: int = TILE_FIT_MIN
                   ) -> Lattice:
    """The lattice refitted to the tiles read on it (``tiles``: their cells ``(row, col)``;
    ``image`` the full photo, BGR): the lattice's perspective was fitted to a few long lines
    and the comb of all the edges (:func:`_focus_perspective`); the tiles at the layout's far
    end, small and foreshortened, weigh little in either and may lie a third of a cell off
    their cells. Each pass measures the tiles' centres in their cells on the lattice's
    top-down view (:func:`_tile_centres`) and refits its foreshortening to them
    (:func:`_tile_refit`); a pass that moves them little ends it (the tiles near the layout's
    middle bring the far ones within reach of the next pass), and so does a pass standing only
    by a ``min_tiles`` under :data:`TILE_FIT_MIN` that moves them as far as the pass before or
    further (:func:`_on_fewer_tiles`: the passes do not settle). ``lat`` itself when no pass
    is kept, or when it moves no tile's cell by ``least_move`` (cells, along either axis; see
    :data:`TILE_REFIT_MOVED`). ``min_tiles``: the fewest tiles read, and measured per axis, for
    a refit (:data:`TILE_FIT_MIN`, or :data:`TILE_FIT_MIN_DIE_FACES`)."""
    cells = np.array(sorted(set(tiles)), int).reshape(-1, 2)
    if len(cells) < min_tiles:
        return lat
    rows = (int(cells[:, 0].min()) - 1, int(cells[:, 0].max()) + 1)
    cols = (int(cells[:, 1].min()) - 1, int(cells[:, 1].max()) + 1)
    mask = np.zeros((rows[1] - rows[0] + 1, cols[1] - cols[0] + 1), bool)
    mask[cells[:, 0] - rows[0], cells[:, 1] - cols[0]] = True
    out = lat
    centres = None  # (the centres of the cells whose tiles the first pass measured)
    moved = None  # (how far the last pass kept moved its tiles, cells)
    for _ in range(TILE_FIT_PASSES):
        edges = _tile_view_edges(out, image, rows, cols, TILE_FIT_PX)
        found = _tile_centres(edges, (rows[0], cols[0]), mask)
        if centres is None:
            centres = np.vstack([np.c_[found[1][0], found[0][0][:, 1]],
                                 np.c_[found[0][1][:, 0], found[1][1]]])
        refit = _tile_refit(out, found, min_tiles=min_tiles)
        if refit is None:
            break
        if (moved is not None and refit[1] >= moved
                and _on_fewer_tiles(out, found, len(cells), min_tiles)):
            logger.debug("lattice refit on fewer than %d tiles moves them %.2f after %.2f: "
                         "not settling, the pass before kept", TILE_FIT_MIN, refit[1], moved)
            break
        out, moved = refit
        if moved < TILE_FIT_SETTLED:
            break
    if out is lat:
        return lat
    # how far the refit moved the cells of the tiles measured (read, or beside them and
    # missed), along either axis: a change less than least_move reads them as before
    moved = cells_moved(out, lat, centres)
    logger.debug("lattice refitted to the tiles: their cells moved up to %.2f cells", moved)
    return out if moved >= least_move else lat


def _on_fewer_tiles(lat: Lattice, found: tuple[list[np.ndarray], list[np.ndarray],
                                                 list[np.ndarray]],
                    n_read: int, min_tiles: int) -> bool:
    """Whether a pass of :func:`refit_to_tiles` on ``lat`` (the tiles' centres ``found``, see
    :func:`_tile_centres`; ``n_read`` tiles read) stands only by a ``min_tiles`` under
    :data:`TILE_FIT_MIN`: fewer tiles read, or measured and kept along an axis, than that asks.

    Such a pass is kept only while the passes settle (each moving the tiles less than the one
    before, as a lattice brought nearer its tiles is): few tiles let the measures' noise, or a
    cell the last pass moved half onto a neighbour's edge, pass for a tilt, and the next pass,
    measuring on that lattice, follows it further (the product renderer's bench, Octopus
    ``hard`` seed 2202: ten tiles, passes moving them 0.22 then 0.55 then 0.47 of a cell, its
    second on 11 and 9 tiles kept; the first pass's refit reads it right). (It fits the pass
    again asking :data:`TILE_FIT_MIN`: on the same centres the robust fit keeps the same tiles
    whatever the fewest asked, so that fit fails only on the tiles' counts; its debug line
    "lattice refitted to the tiles" is logged a second time, no extra pass.)"""
    if min_tiles >= TILE_FIT_MIN:
        return False
    return n_read < TILE_FIT_MIN or _tile_refit(lat, found) is None


def _fit_foreshortening(pts: list[np.ndarray], ks: list[np.ndarray], ws: list[np.ndarray]
                        ) -> np.ndarray | None:
    """The change of lattice coordinates (3, 3) ``new = G old`` that puts the measured points
    on their coordinates, by weighted least squares: ``pts[axis]`` (N, 2) old coordinates whose
    new coordinate ``axis`` is ``ks[axis]`` (N,), weights ``ws[axis]`` (N,). ``G`` is a
    homography, ``x' = (a x + e y + b) / (g x + h y + 1)``, ``y' = (f x + c y + d) / (g x + h y
    + 1)``: the pitch, phase, direction and foreshortening of either axis. Each point gives
    one equation linear in the eight unknowns (``a x + e y + b - k g x - k h y = k``), the old
    and new coordinates both taken about the points' mean (the perspective about the layout's
    middle, and a well-conditioned system); None when it is singular."""
    centre = np.vstack(pts).mean(0)
    rows, rhs, wts = [], [], []
    for axis, (p, k, w) in enumerate(zip(pts, ks, ws)):
        x, y = p[:, 0] - centre[0], p[:, 1] - centre[1]
        k = k - centre[axis]
        A = np.zeros((len(p), 8))
        A[:, 3 * axis:3 * axis + 3] = np.c_[x, y, np.ones(len(p))]
        A[:, 6] = -k * x
        A[:, 7] = -k * y
        rows.append(A)
        rhs.append(k)
        wts.append(np.sqrt(w))
    A, b, sw = np.vstack(rows), np.concatenate(rhs), np.concatenate(wts)
    try:
        sol, _, rank, _ = np.linalg.lstsq(A * sw[:, None], b * sw, rcond=None)
    except np.linalg.LinAlgError:
        return None
    if rank < 8:
        return None
    T = np.array([[1, 0, -centre[0]], [0, 1, -centre[1]], [0, 0, 1.0]])
    return np.linalg.inv(T) @ np.append(sol, 1.0).reshape(3, 3) @ T


def _tile_refit(lat: Lattice, found: tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray]],
                *, min_tiles: int = TILE_FIT_MIN) -> tuple[Lattice, float] | None:
    """One pass of :func:`refit_to_tiles` on the tiles' centres ``found`` (see
    :func:`_tile_centres`): a robust least-squares refit of the lattice's foreshortening
    (:func:`_fit_foreshortening`), the tiles far off the fit (a tile pushed out of line, a pip
    or the cloth's check taken for an edge, one still out of reach) left out: ``(refitted
    lattice, most any tile it fits moved along an axis, in cells)``; None when too few tiles
    were measured, the fit fails, its tiles' own measures contradict it (:func:`_contradicted`)
    or it brings them nearer their cells by less than :data:`TILE_FIT_GAIN`. ``min_tiles``: the
    fewest tiles measured and kept per axis (:data:`TILE_FIT_MIN`)."""
    pts, ks, ws = found
    if min(len(k) for k in ks) < min_tiles or \
            min(len(np.unique(k)) for k in ks) < TILE_FIT_LINES:
        return None
    res = [p[:, axis] - k for axis, (p, k) in enumerate(zip(pts, ks))]
    keep = [np.abs(r) < TILE_FIT_FIRST for r in res]
    # (a lattice turned against the tiles spreads them further off their cells: where the
    # first bound keeps too few along an axis, that axis starts from the tiles within half a
    # cell, TILE_FIT_TURNED)
    keep = [m if int(m.sum()) >= TILE_FIT_MIN else np.abs(r) < TILE_FIT_TURNED
            for m, r in zip(keep, res)]
    G = np.eye(3)
    for _ in range(3):
        if min(int(m.sum()) for m in keep) < min_tiles:
            return None
        G = _fit_foreshortening([p[m] for p, m in zip(pts, keep)],
                                [k[m] for k, m in zip(ks, keep)],
                                [w[m] for w, m in zip(ws, keep)])
        if G is None or not np.all(np.isfinite(G)):
            return None
        res = [apply_h(G, p)[:, axis] - k for axis, (p, k) in enumerate(zip(pts, ks))]
        keep = [np.abs(r) < TILE_FIT_OUTLIER for r in res]
    # how far the refit moves the tiles it fits, and their mean offset from their cells'
    # centres (weighted) before and after it
    cells = np.vstack([p[m] for p, m in zip(pts, keep)])
    moved = np.abs(apply_h(G, cells) - cells).max()
    contradicted = _contradicted(res, pts, ks)
    w = np.concatenate([w[m] for w, m in zip(ws, keep)])
    before = np.concatenate([np.abs(p[:, axis] - k)[m]
                             for axis, (p, k, m) in enumerate(zip(pts, ks, keep))])
    after = np.concatenate([np.abs(r)[m] for r, m in zip(res, keep)])
    gain = float(((before - after) * w).sum() / max(float(w.sum()), 1e-9))
    logger.debug("lattice refitted to the tiles (%d of %d, %d of %d measured): moved up to %.2f "
                 "cells, off their cells %.3f -> %.3f%s", keep[0].sum(), len(ks[0]), keep[1].sum(),
                 len(ks[1]), moved, float((before * w).sum() / w.sum()),
                 float((after * w).sum() / w.sum()), " (contradicted)" if contradicted else "")
    if not np.isfinite(moved) or contradicted or gain < TILE_FIT_GAIN:
        return None
    H = lat.H @ np.linalg.inv(G)
    return _normalise(lat.with_H(H / H[2, 2])), float(moved)


def _contradicted(res: list[np.ndarray], pts: list[np.ndarray], ks: list[np.ndarray]) -> bool:
    """Whether the refit (``res[axis]`` (N,): each tile's refitted coordinate along ``axis``
    less its cell's centre) moves a tile's centre measured along an axis (``pts[axis]`` (N, 2)
    old coordinates, their cells' centres ``ks[axis]`` (N,); the fit's outliers included) more than
    :data:`TILE_FIT_MOVE` along that axis to anywhere but a cell's centre (within
    :data:`TILE_RENUMBERED`).

    Each centre is measured within half a cell of its cell's (a pair of edges a tile apart
    about it), so a refit that moves one further puts its tile in another cell, and only the
    measure along its axis bounds that: the other coordinate of a tile measured across only
    (its pair of edges along unclear) follows the refit of the tiles beside it, and at a
    tilted layout's far end, where the lattice the lines gave drifts most, the refit moves it a
    cell on (an independent render, octopus-hard-1036: a far arm 0.98 of a cell along, the
    measured centres under 0.45). A tile measured in a cell the refit leaves by more than
    that, though, lies where the refit's lattice has no tile: on a cell's centre (in practice
    the next cell's, within :data:`TILE_RENUMBERED`) it is that cell's tile, renumbered (the same
    arm's end, its centre measured half a cell off and moved 0.67 onto the next cell's); anywhere
    else the tiles' own measures contradict the refit (a near top-down layout whose lattice was
    half a cell off on one side: a refit moving those columns a cell put a measured tile a third
    of a cell off its new cell, octopus-normal-1032)."""
    for axis, (p, k, off) in enumerate(zip(pts, ks, res)):
        renumbered = np.abs(off - np.round(off)) < TILE_RENUMBERED
        if np.any((np.abs(off + k - p[:, axis]) > TILE_FIT_MOVE) & ~renumbered):
            return True
    return False


def _refit_to_edges(lat: Lattice, segs: Segments) -> Lattice:
    """Refit a lattice to the image's edge segments (work-image pixels) that run along its
    lines (chesscog's lattice-consistent least squares); kept only when it moves the lattice a
    little and its cells still fit the tiles about as well."""
    if len(segs) < 8:
        return lat
    S = np.diag([lat.work_scale, lat.work_scale, 1.0])
    H_work = S @ lat.H                      # lattice -> work image
    H = np.linalg.inv(H_work)               # work image -> lattice
    a, b = apply_h(H, segs.p), apply_h(H, segs.q)
    d = b - a
    ok = np.all(np.isfinite(d), axis=1)
    n = np.hypot(d[:, 0], d[:, 1]) + 1e-12
    along_y = ok & (np.abs(d[:, 0]) < 0.17 * n)  # lines x = const
    along_x = ok & (np.abs(d[:, 1]) < 0.17 * n)  # lines y = const
    if along_y.sum() < 3 or along_x.sum() < 3:
        return lat
    try:
        H2, kx, mx, ky, my = _refine(H, segs.take(along_y), segs.take(along_x), rounds=3)
    except (np.linalg.LinAlgError, FloatingPointError):
        return lat
    if mx.sum() < 3 or my.sum() < 3 or not np.all(np.isfinite(H2)):
        return lat
    H2_full = np.linalg.inv(S) @ np.linalg.inv(H2)
    H2_full = H2_full / H2_full[2, 2]
    corners = np.array([[lat.cols[0], lat.rows[0]], [lat.cols[1] + 1, lat.rows[0]],
                        [lat.cols[1] + 1, lat.rows[1] + 1], [lat.cols[0], lat.rows[1] + 1]], float)
    # how far the refit moves the corners of the lattice's window, in cells
    moved = np.linalg.norm(apply_h(np.linalg.inv(lat.H), apply_h(H2_full, corners)) - corners, axis=1)
    if not np.all(np.isfinite(moved)) or moved.max() > 0.6:
        return lat
    new = lat.with_H(H2_full)
    if _partial(new) > _partial(lat) + 0.05:
        return lat
    return new


#: Largest |cos| of the angle between a lattice's axes on the table (see :func:`_skew`) for a
#: lattice to hold together at all: 66 degrees (a lattice just found from vanishing points is a
#: few degrees off in perspective until focused, see :func:`_focus_perspective`).
MAX_SKEW_FOUND = 0.4

#: Largest |cos| of the angle between a focused lattice's axes on the table for square tiles:
#: 0.2 is 78.5 degrees. Square tiles lie on a lattice square on the table up to the error of
#: the assumed camera (focal length, a crop) and of the fit. Lattices that read right measured
#: at most 0.18 once focused (the independent renderer's Textile photos read clean, 583 of
#: 679; final17 textile-normal-1770, 16 degrees of tilt; three photos whose every lattice was
#: sheared kept theirs at 0.22-0.54); sheared ones that read wrong 0.24 (final16
#: textile-normal-1607 and -1611, 9-11 degrees from straight down: columns 14 degrees off the
#: tiles') and 0.30 (final2 textile-normal-051: a family of the tiles' toothed edges taken for
#: another direction). The margin is narrow, and lens-safe only straight down (there K scales
#: both axes alike): tilted, the lens assumed moves the measure (1770's lattice measures
#: 0.12-0.24 through 22-30 mm lenses, 1611's 0.16-0.32).
MAX_SKEW = 0.2


def _finish(H: np.ndarray, f1: Segments, f2: Segments, score: float, scale: float,
            n_candidates: int, n_vps: int, fg: np.ndarray, size: tuple[int, int],
            sample: np.ndarray | None = None) -> Lattice | None:
    """Refine one candidate lattice; ``None`` when it does not hold together (too few lines, or
    axes that cannot be at right angles on the table for any phone camera)."""
    H, kx, mx, ky, my = _refine(H, f1, f2)
    # a comb at half the true pitch fits the lines too: if every other line has little support,
    # double the pitch on that axis
    for _ in range(2):
        D = np.eye(3)
        halved = False
        for axis, k, m, fam in ((0, kx, mx, f1), (1, ky, my, f2)):
            if m.sum() < 4:
                continue
            wts = fam.length[m]
            par = (k[m].astype(int) % 2)
            even, odd = float(wts[par == 0].sum()), float(wts[par == 1].sum())
            if min(even, odd) < 0.3 * max(even, odd):
                off = 0.0 if even >= odd else 1.0
                D[axis, axis] = 0.5
                D[axis, 2] = -off / 2
                halved = True
        if not halved:
            break
        H, kx, mx, ky, my = _refine(D @ H, f1, f2)
    if mx.sum() < 2 or my.sum() < 2 or not np.all(np.isfinite(H)):
        logger.debug("lattice candidate rejected: too few lines on it")
        return None
    if abs(np.linalg.det(H)) < 1e-15:
        return None
    if not _plausible_cells(H, fg, sample=sample) and not _plausible_on_support(
            H, fg, f1.take(mx), f2.take(my)):
        logger.debug("lattice candidate rejected: its cells change size wildly over the layout")
        return None
    # two cells of margin: a tile at the rim may show only its inner edges
    cols = (int(kx[mx].min()) - 2, int(kx[mx].max()) + 1)
    rows = (int(ky[my].min()) - 2, int(ky[my].max()) + 1)
    if cols[1] - cols[0] + 1 > MAX_CELLS or rows[1] - rows[0] + 1 > MAX_CELLS:
        logger.debug("lattice candidate rejected: %s x %s cells", rows, cols)
        return None
    H_img = np.linalg.inv(H)
    skew = _skew(H_img, size, ((cols[0] + cols[1] + 1) / 2, (rows[0] + rows[1] + 1) / 2))
    if skew > MAX_SKEW_FOUND:
        logger.debug("lattice candidate rejected: its axes are not square on the table (%.2f)", skew)
        return None
    S_full = np.diag([1 / scale, 1 / scale, 1.0])
    H_full = S_full @ H_img
    logger.debug("lattice: score %.3f, cols %s rows %s", score, cols, rows)
    lat = Lattice(H=H_full / H_full[2, 2], rows=rows, cols=cols, pitch_px=0.0, strength=float(score),
                  work_scale=scale, info={"candidates": n_candidates, "vps": n_vps,
                                          "skew": skew}, fg=fg)
    return _normalise(lat)


def _sheared(lat: Lattice) -> bool:
    """Whether the lattice's axes are too far from square on the table for square tiles (its
    ``info["skew"]`` above :data:`MAX_SKEW`, see :func:`_skew`)."""
    return lat.info.get("skew", 0.0) > MAX_SKEW


def _with_skew(lat: Lattice, size: tuple[int, int]) -> Lattice:
    """``lat`` (full-image pixels of a ``size`` (w, h) picture) with its ``info["skew"]``
    measured again (after its perspective was refined)."""
    centre = ((lat.cols[0] + lat.cols[1] + 1) / 2, (lat.rows[0] + lat.rows[1] + 1) / 2)
    lat.info["skew"] = _skew(lat.H, size, centre)
    return lat


def _recoordinated(lat: Lattice, A: np.ndarray, **changes) -> Lattice:
    """The same lines in new lattice coordinates ``x' = A x`` (``A`` (3, 3) affine), with the
    window of cells that covers the old one, turned so rows grow down the picture."""
    corners = np.array([[lat.cols[0], lat.rows[0]], [lat.cols[1] + 1, lat.rows[0]],
                        [lat.cols[1] + 1, lat.rows[1] + 1], [lat.cols[0], lat.rows[1] + 1]], float)
    H = lat.H @ np.linalg.inv(A)
    box = apply_h(A, corners)
    x0, y0 = np.floor(box.min(0)).astype(int)
    x1, y1 = np.ceil(box.max(0)).astype(int)
    return _normalise(lat.with_H(H / H[2, 2], rows=(int(y0), int(y1) - 1),
                                 cols=(int(x0), int(x1) - 1), **changes))


def diagonal_variants(lat: Lattice) -> list[Lattice]:
    """Re-read a lattice whose lines are the cells' diagonals (X grooves) as the cell lattice.

    Lines ``U = i`` and ``V = j`` are taken as ``x - y`` and ``x + y`` = const; their crossings are
    both the cells' corners and centres, so two phases ``s`` (0, 1) are returned.
    """
    return [_recoordinated(lat, np.array([[0.5, 0.5, s / 2], [-0.5, 0.5, s / 2], [0, 0, 1.0]]),
                           diagonal=True)
            for s in (0, 1)]


def shifted_variants(lat: Lattice, *, factors: tuple[int, ...] = (2,), half: bool = True
                     ) -> list[Lattice]:
    """Other readings of a lattice's lines: every ``k``-th line (each of the ``k * k`` phases) for
    ``k`` in ``factors`` (a comb at a fraction of the true pitch also fits the lines, e.g. the
    lines between a board's printed cells and the tiles' own edges), and with ``half`` the
    lattice moved by half a cell along either axis or both (lines found on the cells' middles).
    """
    moves = [(k, ox, oy) for k in factors for ox in range(k) for oy in range(k)]
    if half:
        moves += [(1, 0.5, 0.0), (1, 0.0, 0.5), (1, 0.5, 0.5)]
    # old lattice x = k * x' + ox: a new cell (r', c') covers k x k old cells
    return [_recoordinated(lat, np.linalg.inv(np.array([[k, 0, ox], [0, k, oy], [0, 0, 1.0]])))
            for k, ox, oy in moves]


def _normalise(lat: Lattice) -> Lattice:
    """Turn the lattice so rows grow down the picture and re-index its cell range."""
    corners = [(lat.cols[0], lat.rows[0]), (lat.cols[1] + 1, lat.rows[1] + 1)]
    cxy = ((corners[0][0] + corners[1][0]) / 2, (corners[0][1] + corners[1][1]) / 2)
    T = _pick_turn(lat.H, cxy)
    H = lat.H @ np.linalg.inv(T)
    box = apply_h(T, np.array([[lat.cols[0], lat.rows[0]], [lat.cols[1] + 1, lat.rows[1] + 1]]))
    x0, x1 = sorted(np.round(box[:, 0]).astype(int))
    y0, y1 = sorted(np.round(box[:, 1]).astype(int))
    Jl = jacobian(H, ((x0 + x1) / 2, (y0 + y1) / 2))
    pitch = math.sqrt(abs(np.linalg.det(Jl)))
    return lat.with_H(H / H[2, 2], rows=(y0, y1 - 1), cols=(x0, x1 - 1), pitch_px=pitch)
