"""Find a game board by its four coloured border strips, whatever the table looks like.

A board (Twelve Tiles') carries a long, straight, uniformly painted strip along each side, each
of another kit colour. On a plain table the board stands out as one object and the locator finds
its printed grid directly; on a striped or checked cloth the cloth's own lines and colours
swamp that search. The strips do not: four long thin bands of four different colours whose
centre lines meet at the corners of one quadrilateral.

:func:`find_board_quad` returns that quadrilateral (the strips' centre lines), which the caller
turns into the region in which to look for the board's grid (see
:func:`vision.locate.locate_candidates`'s ``region``).
"""
from __future__ import annotations

import itertools
import logging
from dataclasses import dataclass

import cv2
import numpy as np

from vision.colour import Palette, bgr_to_lab

logger = logging.getLogger(__name__)

#: The long side of the copy the strips are looked for on (pixels).
WORK_SIDE = 640
#: A strip's pixels are at least this saturated (CIELAB chroma) ...
MIN_CHROMA = 18.0
#: ... and within this hue angle (degrees) of their border colour's (the light may turn hues).
HUE_TOLERANCE = 35.0
#: A strip is at least this long (share of the copy's long side) ...
MIN_LENGTH = 0.15
#: ... and this many times longer than wide.
MIN_ELONGATION = 6.0
#: A band is looked for within this many pixels of a line (on the work copy) ...
BAND_HALF = 2.5
#: ... with this many random pairs of its pixels ...
BAND_TRIES = 60
#: ... and is at least this many pixels across on average.
MIN_BAND_FILL = 3.0
#: The strips' ends lie within this share of their length of the quadrilateral's corners.
CORNER_SLACK = 0.25
#: At most this many choices of four strips are tried.
MAX_COMBINATIONS = 4000


@dataclass(frozen=True)
class Strip:
    """One candidate border strip on the work copy: its ``colour`` name, the ``ends`` ``(2, 2)``
    of its centre line (x, y pixels), its ``width`` and ``length`` (pixels)."""

    colour: str
    ends: np.ndarray
    width: float
    length: float

    @property
    def centre(self) -> np.ndarray:
        return self.ends.mean(0)

    @property
    def direction(self) -> np.ndarray:
        d = self.ends[1] - self.ends[0]
        return d / (np.linalg.norm(d) + 1e-9)


def _hue(lab: np.ndarray) -> np.ndarray:
    return np.degrees(np.arctan2(lab[..., 2], lab[..., 1]))


def find_strips(work_bgr: np.ndarray, palette: Palette, colours: list[str]) -> list[Strip]:
    """The long thin uniformly coloured bands of the border ``colours`` in a (small) BGR image
    ``(H, W, 3)`` uint8, longest first."""
    h, w = work_bgr.shape[:2]
    lab = bgr_to_lab(work_bgr)
    chroma = np.hypot(lab[..., 1], lab[..., 2])
    hue = _hue(lab)
    saturated = chroma >= MIN_CHROMA
    refs = {c: float(_hue(palette.lab[palette.names.index(c)])) for c in colours}
    # each saturated pixel goes to the nearest border hue (within the tolerance)
    diffs = np.stack([np.abs((hue - refs[c] + 180.0) % 360.0 - 180.0) for c in colours])
    nearest = np.argmin(diffs, axis=0)
    ok = saturated & (np.min(diffs, axis=0) <= HUE_TOLERANCE)
    min_len = MIN_LENGTH * max(h, w)
    k3 = np.ones((3, 3), np.uint8)
    rng = np.random.default_rng(0)
    strips: list[Strip] = []
    for i, colour in enumerate(colours):
        mask = (ok & (nearest == i)).astype(np.uint8)
        # (thin bridges to a tile's sector of the same colour, or to a cloth's stripe, broken)
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, k3)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
        for j in range(1, n):
            x, y, bw, bh, area = stats[j]
            if max(bw, bh) < 0.7 * min_len or area < min_len:
                continue
            ys, xs = np.nonzero(labels[y:y + bh, x:x + bw] == j)
            strip = _band(np.column_stack([xs + x, ys + y]).astype(np.float64), min_len, rng)
            if strip is not None:
                strips.append(Strip(colour, *strip))
    strips.sort(key=lambda s: -s.length)
    logger.debug("border strip candidates: %s",
                 [(s.colour, round(s.length), round(s.width, 1)) for s in strips])
    return strips


def _band(pts: np.ndarray, min_len: float, rng: np.random.Generator
          ) -> tuple[np.ndarray, float, float] | None:
    """The straight band in a blob of pixels ``pts`` ``(N, 2)`` (x, y): the line along which most
    of them lie within :data:`BAND_HALF` pixels (random pairs of points tried), and the longest
    unbroken run of its pixels along it. A strip with a tile's sector or a stripe of the cloth
    stuck to it is still found. Returns ``(ends (2, 2), width, length)`` or None when the run is
    shorter than ``min_len`` or not a band (thinner than :data:`MIN_BAND_FILL` pixels on average,
    or its pixels scattered across more than ``length / MIN_ELONGATION``).
    """
    sample = pts if len(pts) <= 600 else pts[rng.choice(len(pts), 600, replace=False)]
    pairs = rng.choice(len(sample), (BAND_TRIES, 2))
    a, b = sample[pairs[:, 0]], sample[pairs[:, 1]]
    d = b - a
    norm = np.hypot(d[:, 0], d[:, 1])
    keep = norm >= 0.25 * min_len
    if not keep.any():
        return None
    a, d, norm = a[keep], d[keep], norm[keep]
    normals = np.column_stack([-d[:, 1], d[:, 0]]) / norm[:, None]
    # (tries, points): distance of every sampled pixel from every tried line
    dist = np.abs((sample[None, :, :] - a[:, None, :]) @ normals[:, :, None])[..., 0]
    k = int(np.argmax((dist <= BAND_HALF).sum(1)))
    best = (a[k], d[k] / norm[k], normals[k])
    a, u, normal = best
    off = (pts - a) @ normal
    near = pts[np.abs(off) <= 3 * BAND_HALF]
    # refit on the band (its centre line), then the longest run along it
    mean = near.mean(0)
    _, _, vt = np.linalg.svd(near - mean, full_matrices=False)
    u = vt[0]
    normal = np.array([-u[1], u[0]])
    off = (near - mean) @ normal
    core = np.abs(off - np.median(off)) <= 3 * BAND_HALF
    t = np.sort((near[core] - mean) @ u)
    if len(t) < 2:
        return None
    gaps = np.flatnonzero(np.diff(t) > 3.0)
    starts = np.concatenate([[0], gaps + 1])
    stops = np.concatenate([gaps, [len(t) - 1]])
    k = int(np.argmax(t[stops] - t[starts]))
    t0, t1 = t[starts[k]], t[stops[k]]
    length = float(t1 - t0)
    in_run = (starts[k], stops[k] + 1)
    width = (in_run[1] - in_run[0]) / max(length, 1.0)  # pixels across, on average
    spread = float(np.std(off[core])) * 2 * np.sqrt(3)
    if length < min_len or width < MIN_BAND_FILL or spread > length / MIN_ELONGATION:
        return None
    centre = mean + normal * float(np.median(off[core]))
    return np.array([centre + u * t0, centre + u * t1]), float(width), length


def _intersect(a: Strip, b: Strip) -> np.ndarray | None:
    """Where the centre lines of two strips cross (None when nearly parallel)."""
    p, r = a.ends[0], a.ends[1] - a.ends[0]
    q, s = b.ends[0], b.ends[1] - b.ends[0]
    den = r[0] * s[1] - r[1] * s[0]
    if abs(den) < 1e-6 * (np.linalg.norm(r) * np.linalg.norm(s) + 1e-9):
        return None
    t = ((q[0] - p[0]) * s[1] - (q[1] - p[1]) * s[0]) / den
    return p + t * r


def _quad_of(strips: tuple[Strip, ...]) -> tuple[float, np.ndarray] | None:
    """The quadrilateral of four strips, one per side, and how badly they fit it (the largest
    distance of a strip's end from its corner, as a share of its length); None when they do
    not make a convex quadrilateral."""
    centre = np.mean([s.centre for s in strips], axis=0)
    order = sorted(strips, key=lambda s: np.arctan2(*(s.centre - centre)[::-1]))
    corners = []
    for a, b in zip(order, order[1:] + order[:1]):
        if abs(float(a.direction @ b.direction)) > 0.8:  # neighbours cross (within ~37 deg of parallel)
            return None
        x = _intersect(a, b)
        if x is None:
            return None
        corners.append(x)
    quad = np.array(corners)  # corner k between side k and side k+1
    if not cv2.isContourConvex(quad.astype(np.float32).reshape(-1, 1, 2)):
        return None
    worst = 0.0
    for k, s in enumerate(order):
        ends = (quad[k - 1], quad[k])
        e = min(np.linalg.norm(s.ends[0] - ends[0]) + np.linalg.norm(s.ends[1] - ends[1]),
                np.linalg.norm(s.ends[0] - ends[1]) + np.linalg.norm(s.ends[1] - ends[0]))
        worst = max(worst, e / 2 / s.length)
    return worst, quad


def find_board_quad(image: np.ndarray, palette: Palette, colours: list[str]) -> np.ndarray | None:
    """The board's quadrilateral: the corners ``(4, 2)`` (x, y in ``image`` pixels, in order
    around it) where the centre lines of its four border strips meet, or None when no four
    strips of the four ``colours`` close a quadrilateral.

    ``image``: BGR uint8 ``(H, W, 3)``; ``palette``: the kit's palette (the light may turn its
    hues by up to :data:`HUE_TOLERANCE` degrees).
    """
    h, w = image.shape[:2]
    scale = min(1.0, WORK_SIDE / max(h, w))
    work = cv2.resize(image, (max(1, round(w * scale)), max(1, round(h * scale))),
                      interpolation=cv2.INTER_AREA) if scale < 1 else image
    strips = find_strips(work, palette, colours)
    by_colour = {c: [s for s in strips if s.colour == c] for c in colours}
    if any(not v for v in by_colour.values()):
        return None
    # (a cloth may be striped in one of the colours: every candidate of a rare colour is
    # tried, the longest few of a common one)
    while np.prod([len(v) for v in by_colour.values()]) > MAX_COMBINATIONS:
        c = max(by_colour, key=lambda k: len(by_colour[k]))
        by_colour[c] = by_colour[c][:max(1, len(by_colour[c]) * 2 // 3)]
    best: tuple[float, np.ndarray] | None = None
    for combo in itertools.product(*by_colour.values()):
        fit = _quad_of(combo)
        if fit is None or fit[0] > CORNER_SLACK:
            continue
        score = fit[0] - 0.5 * sum(s.length for s in combo) / (4 * max(work.shape[:2]))
        if best is None or score < best[0]:
            best = (score, fit[1])
    if best is None:
        return None
    quad = (best[1] + 0.5) / scale - 0.5
    logger.debug("board quadrilateral from its strips: %s", np.round(quad).tolist())
    return quad
