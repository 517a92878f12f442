"""Find a game board by its four coloured border strips, whatever the table looks like.

A board (Twelve Tiles') carries a long, straight, uniformly painted strip along each side, each
of another kit colour. On a plain table the board stands out as one object and the locator finds
its printed grid directly; on a striped or checked cloth the cloth's own lines and colours
swamp that search. The strips do not: four long thin bands of four different colours whose
centre lines meet at the corners of one quadrilateral.

:func:`find_board_quad` returns that quadrilateral (the strips' centre lines) and the strips'
colours; :func:`board_lattice` places the 8x8 cells inside it, a margin in from the strips
chosen so the board's printed lines fall on the lattice's lines. No line search is needed, and
glare over a part of a strip does not hide the board.

A strip on a cloth of its own colour (or along tiles whose sectors touching it are its colour, as
the game wants) joins them into one blob and no band stands out. Its edge does: a long straight
line with the strip's colour on one side and the board's surface (or the table, or the board's
rim) on the other, which a cloth's checks or stripes never give along the board's length (their
edges along a line are broken by the crossing stripes). Where no four bands close a quadrilateral,
:func:`find_strip_edges` looks for such edges, each strip's centre line half its width beyond its
edge, and the quadrilateral they close is kept when its sides show their colours along them.
Where a lamp's glare blows out one strip and the far part of a neighbour, the other three close
the board by its square shape (:func:`_square_closing`), the glare counting neither for nor
against the sides it hides.
"""
from __future__ import annotations

import itertools
import logging
from dataclasses import dataclass
from functools import partial
from typing import Callable, Iterable, Iterator

import cv2
import numpy as np

from vision.colour import (UNCLIP_MAX, Palette, bgr_to_lab, hue_deg, linear_to_srgb,
                           srgb_to_linear)
from vision.locate import Lattice, _phone_intrinsics_inv

logger = logging.getLogger(__name__)

#: The long side of the copy the strips are looked for on (pixels).
WORK_SIDE = 640
#: A strip's pixels are at least this saturated (CIELAB chroma), or, for a border colour whose
#: paint is duller as the palette records it, :data:`CHROMA_SHARE` of its chroma ...
MIN_CHROMA = 18.0
#: ... the share of a paint's chroma its strip's pixels keep: shading across the board and the
#: JPEG's halved chroma at the strip's edges lower it. (A profile learnt under a 3000 K lamp
#: records a blue as photographed, chroma 12.6, the lamp having little blue to reflect: its
#: strip was never seen, and on a table the lamp turns yellow the board was not found. That
#: strip's pixels measured chroma 9-16 against the paint's 12.6: half leaves room for a shaded
#: part. The kit's defaults are chroma 55-73, so without a profile every strip keeps
#: MIN_CHROMA.) ...
CHROMA_SHARE = 0.5
#: ... but never below this chroma: a profile's near-grey border paint (a grey or black strip,
#: or a dull one mismeasured) would otherwise make every grey pixel of the table, the board's
#: face and the shadows a strip pixel wherever its hue (noise, near grey) falls near the
#: paint's, and the strips' lines would be lost among them. 5: under the least chroma of the
#: dullest paint a profile has recorded (the 3000 K blue: 0.5 of 12.6), so that strip is still
#: found.
STRIP_CHROMA_FLOOR = 5.0
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
#: A strip runs at most this share of its side past the quadrilateral's corners ...
CORNER_SLACK = 0.12
#: ... and covers at least this share of its side.
MIN_COVER = 0.45
#: The board's quadrilateral is viewed top-down at this many pixels a side ...
RECTIFIED = 480
#: ... to choose the cells' margin inside the strips' centre lines (cells) among these.
MARGINS = np.round(np.arange(0.05, 1.0, 0.025), 3)
#: At most this many choices of four strips are tried.
MAX_COMBINATIONS = 4000


@dataclass(frozen=True)
class Strip:
    """One candidate border strip on the work copy: its ``colour`` name, the ``ends`` ``(2, 2)``
    of its centre line (x, y pixels), its ``width`` and ``length`` (pixels); ``drawn``: its line
    drawn from the board's square shape, not seen (see :func:`_square_closing`)."""

    colour: str
    ends: np.ndarray
    width: float
    length: float
    drawn: bool = False

    @property
    def centre(self) -> np.ndarray:
        return self.ends.mean(0)

    @property
    def direction(self) -> np.ndarray:
        d = self.ends[1] - self.ends[0]
        return d / (np.linalg.norm(d) + 1e-9)


def colour_masks(work_bgr: np.ndarray, palette: Palette, colours: list[str]
                 ) -> dict[str, np.ndarray]:
    """For each border colour, the pixels of a BGR image ``(H, W, 3)`` uint8 that may show it
    ``(H, W)`` bool: saturated (:func:`_strip_chroma`) and nearest to its hue among the
    ``colours`` saturated enough for it (within :data:`HUE_TOLERANCE`); a pixel near none whose
    strongest channel is blown out by the nearest along the hues its true colour may have
    (:func:`_unclipped_hue`: a hot spot turns the strips' hues; the pixels that were near one
    keep it)."""
    lab = bgr_to_lab(work_bgr)
    chroma = np.hypot(lab[..., 1], lab[..., 2])
    hue = hue_deg(lab)
    paints = np.array([palette.lab[palette.names.index(c)] for c in colours])
    least_chroma = _strip_chroma(paints)
    refs = hue_deg(paints)
    # each saturated pixel goes to the nearest border hue (within the tolerance) of the colours
    # it is saturated enough for ...
    diffs = np.stack([np.abs(hue - ref) for ref in refs])
    diffs = np.minimum(diffs, 360.0 - diffs)  # (the angles between the hues, 0 to 180 degrees)
    diffs[chroma[None] < least_chroma[:, None, None]] = np.inf
    # ... or, where none is near and its strongest channel is blown out, to the nearest along
    # the hues its true colour may have
    least = np.min(diffs, axis=0)
    # (the fixed gate even under a profile: a clipped pixel's hue is guessed along the hues its
    # true colour may have, and only a saturated one says it; a pale one, glare, may go to any)
    at = np.flatnonzero((least > HUE_TOLERANCE) & (chroma >= MIN_CHROMA))
    px = work_bgr.reshape(-1, 3)[at]
    blown = (px.max(axis=1) >= CLIPPED_LEVEL) & (px.min(axis=1) < CLIPPED_LEVEL)
    if blown.any():
        at = at[blown]
        raised = _unclipped_hue(px[blown])
        along = np.stack([_arc_distance(float(ref), hue.reshape(-1)[at], raised) for ref in refs])
        diffs.reshape(len(colours), -1)[:, at] = along
        least.reshape(-1)[at] = along.min(axis=0)
    nearest = np.argmin(diffs, axis=0)
    ok = least <= HUE_TOLERANCE
    return {c: ok & (nearest == i) for i, c in enumerate(colours)}


def _strip_chroma(paints_lab: np.ndarray) -> np.ndarray:
    """The least chroma ``(K,)`` of a pixel of each border strip of paints ``paints_lab``
    ``(K, 3)`` Lab as the palette records them: :data:`MIN_CHROMA`, or :data:`CHROMA_SHARE` of
    the paint's own chroma where that is less, but not under :data:`STRIP_CHROMA_FLOOR`."""
    lab = np.asarray(paints_lab, np.float64).reshape(-1, 3)
    return np.clip(CHROMA_SHARE * np.hypot(lab[:, 1], lab[:, 2]), STRIP_CHROMA_FLOOR, MIN_CHROMA)


#: A channel at or above this level (0-255) is taken as blown out (clipped at the sensor's
#: white, JPEG noise around it: a lamp's hot spot on the paints shows 244-255).
CLIPPED_LEVEL = 244


def _unclipped_hue(bgr: np.ndarray) -> np.ndarray:
    """The hue angle (degrees, as :func:`vision.colour.hue_deg`) of BGR uint8 colours ``(N, 3)`` whose strongest
    channel is blown out (:data:`CLIPPED_LEVEL`, not all three) ``(N,)``, that channel as bright
    as it may truly be (:data:`vision.colour.UNCLIP_MAX` times the clip, in linear light).

    A clipped channel is a lower bound: under a hot spot the paint's strongest channel stops at
    the clip while the weaker ones keep rising, turning its hue towards theirs (a green strip's
    clipped green with a rising blue reads cyan, a blue one's clipped blue with a rising green
    reads azure). Its true hue lies between the hue seen and this one. (Only the strongest
    channel: it clipped first; the next one near the clip too is raised less than it.)"""
    arr = np.asarray(bgr).reshape(-1, 3)
    lin = srgb_to_linear(arr.astype(np.float32) / 255.0)
    strongest = np.arange(3) == arr.argmax(axis=-1)[:, None]
    # (raising the blown channel by the headroom is lowering the others by it: the same hue)
    lin = np.where(strongest, lin, lin / UNCLIP_MAX)
    return hue_deg(bgr_to_lab(linear_to_srgb(lin)))


def _arc_distance(ref: float, hue: np.ndarray, other: np.ndarray) -> np.ndarray:
    """The angle (degrees, 0-180) from the hue ``ref`` to the shorter arc between the hues
    ``hue`` and ``other`` (same shape)."""
    d1 = (hue - ref) % 360.0   # (each end's angle from ref, counter-clockwise, 0-360)
    d2 = (other - ref) % 360.0
    span = (d2 - d1) % 360.0
    # (the shorter arc from hue to other: counter-clockwise when span <= 180)
    ccw = span <= 180.0
    lo = np.where(ccw, d1, d2)
    width = np.where(ccw, span, 360.0 - span)
    # ref (angle 0) lies on the arc when the arc from lo passes 360
    inside = lo + width >= 360.0
    ends = np.minimum(np.minimum(d1, 360.0 - d1), np.minimum(d2, 360.0 - d2))
    return np.where(inside, 0.0, ends)


def find_strips(work_bgr: np.ndarray, palette: Palette, colours: list[str]) -> list[Strip]:
    """The long thin uniformly coloured bands of the border ``colours`` in a (small) BGR image
    ``(H, W, 3)`` uint8, longest first."""
    h, w = work_bgr.shape[:2]
    masks = colour_masks(work_bgr, palette, colours)
    min_len = MIN_LENGTH * max(h, w)
    k3 = np.ones((3, 3), np.uint8)
    rng = np.random.default_rng(0)
    strips: list[Strip] = []
    for colour in colours:
        mask = masks[colour].astype(np.uint8)
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
    near = pts[np.abs((pts - a[k]) @ normals[k]) <= 3 * BAND_HALF]
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
    width = (stops[k] + 1 - starts[k]) / max(length, 1.0)  # pixels across, on average
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


def _quad_of(strips: tuple[Strip, ...], glared: np.ndarray | None = None
             ) -> tuple[float, np.ndarray, list[str]] | None:
    """The quadrilateral of four strips, one per side, and how badly they fit it (the largest
    share of a side its strip leaves uncovered); None when they do not make a convex
    quadrilateral, or a strip runs past its side's corners (by :data:`CORNER_SLACK` of the side)
    or covers less than :data:`MIN_COVER` of it, the part of the side under a glare
    (``glared`` ``(H, W)`` bool, see :func:`_glared`; none when not given) counted as covered:
    a strip's colour is lost where the picture is blown out."""
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
        a, b = quad[k - 1], quad[k]
        side = b - a
        n2 = float(side @ side)
        if n2 < 1e-9:
            return None
        t = sorted(float((e - a) @ side) / n2 for e in s.ends)
        # the strip lies along its side, not past its corners, and covers most of it (glare or a
        # tile may hide a part of it)
        if t[0] < -CORNER_SLACK or t[1] > 1 + CORNER_SLACK or _cover(t, a, b, glared) < MIN_COVER:
            return None
        worst = max(worst, 1.0 - (min(t[1], 1.0) - max(t[0], 0.0)))
    return worst, quad, [s.colour for s in order]


#: A side is looked at in this many points along it (its cover, see :func:`_cover`).
SIDE_POINTS = 64


def _cover(t: list[float], a: np.ndarray, b: np.ndarray, glared: np.ndarray | None) -> float:
    """The share of a side from ``a`` to ``b`` its strip covers (from ``t[0]`` to ``t[1]``,
    shares of the side) or a glare hides (``glared``, see :func:`_quad_of`)."""
    if glared is None:
        return t[1] - t[0]
    s = np.linspace(0.0, 1.0, SIDE_POINTS)
    return float(((s >= t[0]) & (s <= t[1]) | _sample(glared, a + s[:, None] * (b - a))).mean())


def _glared(work: np.ndarray) -> np.ndarray:
    """The pixels of a BGR image ``(H, W, 3)`` uint8 ``(H, W)`` bool whose strongest channel is
    blown out (:data:`CLIPPED_LEVEL`) in a region that holds a white core (all three channels
    blown out): a lamp's hot spot and its halo, where no strip shows its colour. A light table
    or the yellow paint with no such core is no glare."""
    bright = work.max(axis=2) >= CLIPPED_LEVEL
    _, label = cv2.connectedComponents(bright.astype(np.uint8), connectivity=8)
    cores = np.unique(label[work.min(axis=2) >= CLIPPED_LEVEL])
    return np.isin(label, cores[cores > 0])


#: Where no four strips stand out as bands (a cloth of a strip's colour, or the tiles along it,
#: join the strip into one blob), their straight edges are looked for on a copy this many
#: pixels on its long side (a small board's strips are a few pixels wide at :data:`WORK_SIDE`) ...
EDGE_WORK_SIDE = 960
#: ... each side of an edge looked at this many pixels off it (on that copy) ...
EDGE_OFFSET = 2.0
#: ... an edge's run ended where a stretch of it misses more than one pixel in this many plus
#: one (a strip's edge is straight and continuous, a glare or a tile breaks a short part of
#: it; the edges of a checked cloth's squares along one line miss every other square) ...
EDGE_PENALTY = 3.0
#: ... and it is at least this long (share of the copy's long side; a part of a strip's edge may
#: be hidden by a tile of its colour or a glare: the quadrilateral still asks :data:`MIN_COVER`) ...
MIN_EDGE_LENGTH = 0.08
#: ... or this long where a board is closed as a square under a glare (:func:`_square_closing`):
#: a small board, its side an eighth of the picture's, whose strip a glare washes out over 60%
#: of its length still shows 0.05 of it (the independent renderer's final17 Twelve Tiles hard
#: 1765). Not for the other boards: shorter edges are the tiles' sectors too, and four of them
#: closed a board of a few cells among loose tiles (the reader's own tilted scene, seed 0).
GLARED_EDGE_LENGTH = 0.05
#: Straight pieces of the colour's outline (line segment detector) at least this share of that
#: length are followed along their line (a tile or glare may cut an edge into such pieces).
EDGE_SEED = 0.3
#: At most this many choices of four edges are tried (about 0.1 ms each).
MAX_EDGE_COMBINATIONS = 1500
#: A strip's width beyond its edge is measured at this many points along the edge.
BEYOND_POINTS = 64
#: A side of a board found by edges shows its colour along at least this share of its centre
#: line (glare may wash out a part; a cloth's line of one colour does not continue past it).
MIN_SIDE_COLOUR = 0.6


@dataclass(frozen=True)
class StripEdge:
    """A long straight edge of a border colour on the work copy: its ``colour``, its ``ends``
    ``(2, 2)`` (x, y pixels), the unit ``normal`` ``(2,)`` pointing to the colour's side and the
    ``width`` of the colour beyond it (pixels; None when the colour runs on, joined with a cloth
    or tiles of its colour)."""

    colour: str
    ends: np.ndarray
    normal: np.ndarray
    width: float | None

    @property
    def length(self) -> float:
        return float(np.linalg.norm(self.ends[1] - self.ends[0]))

    def strip(self, width: float) -> Strip:
        """The strip of this ``width`` beyond the edge: its centre line."""
        return Strip(self.colour, self.ends + self.normal * width / 2, width, self.length)


def _sample(mask: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """``mask`` ``(H, W)`` bool at points ``pts`` ``(..., 2)`` (x, y; nearest pixel), False off
    the image."""
    h, w = mask.shape
    x = np.round(pts[..., 0]).astype(int)
    y = np.round(pts[..., 1]).astype(int)
    inside = (x >= 0) & (x < w) & (y >= 0) & (y < h)
    return mask[np.clip(y, 0, h - 1), np.clip(x, 0, w - 1)] & inside


def _edge_run(mask: np.ndarray, mid: np.ndarray, u: np.ndarray, n: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray] | None:
    """The run of an edge through ``mid`` along ``u`` with the colour (``mask``) on the side of
    ``n`` and not on the other: the stretch around ``mid`` that gains most, one for every pixel
    of the edge and less :data:`EDGE_PENALTY` for every pixel where it is not. Returns its points
    ``(N, 2)`` (one a pixel along it) and which of them show the edge ``(N,)``, or None."""
    h, w = mask.shape
    t = np.arange(-float(np.hypot(h, w)), float(np.hypot(h, w)), 1.0)
    p = mid + t[:, None] * u
    s = _sample(mask, p + EDGE_OFFSET * n) & ~_sample(mask, p - EDGE_OFFSET * n)
    i0 = len(t) // 2
    near = s[i0 - 2:i0 + 3]
    if not near.any():
        return None
    i0 = i0 - 2 + int(np.argmax(near))
    gain = np.where(s, 1.0, -EDGE_PENALTY)
    left = np.cumsum(gain[:i0][::-1])  # gain of the run extended back by 1, 2, ... pixels
    lo = i0 - 1 - int(np.argmax(left)) if len(left) and left.max() > 0 else i0
    right = np.cumsum(gain[i0 + 1:])
    hi = i0 + 1 + int(np.argmax(right)) if len(right) and right.max() > 0 else i0
    return p[lo:hi + 1], s[lo:hi + 1]


def _beyond(mask: np.ndarray, pts: np.ndarray, n: np.ndarray, most: int) -> float | None:
    """How far (pixels) the colour (``mask``) reaches beyond the edge points ``pts`` ``(N, 2)``
    on the side of ``n``: the first offset at which most of them no longer show it; None when
    it reaches ``most`` pixels or more."""
    if len(pts) > BEYOND_POINTS:
        pts = pts[np.linspace(0, len(pts) - 1, BEYOND_POINTS).astype(int)]
    d = np.arange(1, most + 1, dtype=np.float64)
    shown = _sample(mask, pts[None, :, :] + d[:, None, None] * n).mean(1)  # (most,)
    gone = np.flatnonzero(shown < 0.5)
    return float(d[gone[0]]) if len(gone) else None


def find_strip_edges(mask: np.ndarray, colour: str, min_len: float) -> list[StripEdge]:
    """The long straight edges of a border colour's pixels ``mask`` ``(H, W)`` bool: straight
    runs at least ``min_len`` pixels long with the colour on one side and not on the other,
    longest first. A strip's inner edge against the board (or its outer one against the table)
    is one, whatever lies on its other side; a cloth of the strip's colour joins it into one
    blob but gives no such edge of its own (its checks' or stripes' edges along one line are
    broken by its crossing stripes)."""
    img = cv2.GaussianBlur(mask.astype(np.uint8) * 255, (0, 0), 1.0)
    found = cv2.createLineSegmentDetector().detect(img)[0]
    if found is None:
        return []
    segs = found.reshape(-1, 4).astype(np.float64)
    seg_len = np.hypot(segs[:, 2] - segs[:, 0], segs[:, 3] - segs[:, 1])
    edges: list[StripEdge] = []
    keep = np.flatnonzero(seg_len >= EDGE_SEED * min_len)
    followed = np.zeros((len(keep), 7))  # the edges': start (x, y), along, normal, length
    for x0, y0, x1, y1 in segs[keep[np.argsort(-seg_len[keep])]]:  # (longest first)
        a, b = np.array([x0, y0]), np.array([x1, y1])
        u = (b - a) / np.linalg.norm(b - a)
        n = np.array([-u[1], u[0]])
        along = a + np.linspace(0.0, 1.0, 16)[:, None] * (b - a)
        if _sample(mask, along + EDGE_OFFSET * n).sum() < _sample(mask, along - EDGE_OFFSET * n).sum():
            n = -n
        if edges and _on_edges(followed[:len(edges)], a, b, n).any():
            continue  # (a piece of an edge already followed)
        run = _edge_run(mask, (a + b) / 2, u, n)
        if run is None:
            continue
        pts, shown = run
        ends = np.array([pts[0], pts[-1]])
        if np.linalg.norm(ends[1] - ends[0]) < min_len:
            continue
        width = _beyond(mask, pts[shown], n, int(len(pts) / MIN_ELONGATION))
        followed[len(edges)] = [*ends[0], *u, *n, np.linalg.norm(ends[1] - ends[0])]
        edges.append(StripEdge(colour, ends, n, width))
    edges.sort(key=lambda e: -e.length)
    logger.debug("%s strip edges: %s", colour,
                 [(np.round(e.ends).astype(int).tolist(), e.width) for e in edges])
    return edges


def _on_edges(followed: np.ndarray, a: np.ndarray, b: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Which edges ``followed`` ``(K, 7)`` (start x, y, unit direction, unit normal to the
    colour, length) the piece from ``a`` to ``b`` (its colour on the side of ``n``) lies on
    ``(K,)`` bool: within 1.5 pixels of the line, between its ends, the colour on the same side."""
    ok = followed[:, 4:6] @ n >= 0.99
    for q in (a, b):
        d = q - followed[:, 0:2]
        t = np.einsum("kj,kj->k", d, followed[:, 2:4])
        ok &= np.abs(np.einsum("kj,kj->k", d, followed[:, 4:6])) <= 1.5
        ok &= (t >= -1.5) & (t <= followed[:, 6] + 1.5)
    return ok


def _side_colour(mask: np.ndarray, a: np.ndarray, b: np.ndarray, width: float,
                 glared: np.ndarray | None = None) -> float:
    """The share of a side's centre line from ``a`` to ``b`` (away from the corners) along which
    its strip of ``width`` pixels shows its colour (``mask``) on or a quarter width off it, of
    the points where a glare does not hide it (``glared``, see :func:`_glared`; 1 where a glare
    hides it all: nothing there says it is no strip)."""
    u = (b - a) / (np.linalg.norm(b - a) + 1e-9)
    n = np.array([-u[1], u[0]])
    along = _side_points(a, b)
    off = np.array([-0.25, 0.0, 0.25]) * width
    shown = _sample(mask, along[None] + off[:, None, None] * n).any(0)
    if glared is None:
        return float(shown.mean())
    seen = shown | ~_sample(glared, along)
    return float(shown.sum() / seen.sum()) if seen.any() else 1.0


def _side_points(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The points ``(SIDE_POINTS, 2)`` a side's centre line from ``a`` to ``b`` is looked at in,
    away from the corners (a neighbour's strip crosses there)."""
    return a + np.linspace(0.08, 0.92, SIDE_POINTS)[:, None] * (b - a)


def _may_meet(a: list[StripEdge], b: list[StripEdge]) -> np.ndarray:
    """Which edges of ``a`` and of ``b`` may be neighbouring sides of one board ``(len(a),
    len(b))`` bool: their lines cross (not within ~37 degrees of parallel) at a corner each
    reaches or points to, not across the middle of either (a strip's edge covers at least
    :data:`MIN_COVER` of its side and runs at most :data:`CORNER_SLACK` of it past its corners:
    from an end, the corner lies within ``1 / MIN_COVER - 1`` of its length beyond it or a
    quarter of it back; a cloth's stripe crossing a strip, or parallel to it, is no neighbour)."""
    def lines(es: list[StripEdge]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        p0 = np.array([e.ends[0] for e in es])
        d = np.array([e.ends[1] - e.ends[0] for e in es])
        return p0, d, np.linalg.norm(d, axis=1)
    pa, da, la = lines(a)
    pb, db, lb = lines(b)
    cos = np.abs(da @ db.T) / (la[:, None] * lb[None, :] + 1e-9)
    den = da[:, None, 0] * db[None, :, 1] - da[:, None, 1] * db[None, :, 0]
    den = np.where(np.abs(den) < 1e-9, 1e-9, den)
    q = pb[None, :, :] - pa[:, None, :]
    ta = (q[..., 0] * db[None, :, 1] - q[..., 1] * db[None, :, 0]) / den  # along a, 0..1 its run
    tb = (q[..., 0] * da[:, None, 1] - q[..., 1] * da[:, None, 0]) / den

    def at_an_end(t: np.ndarray) -> np.ndarray:
        reach, back = 1.0 / MIN_COVER - 1.0, 0.25
        return (((t >= -reach) & (t <= back)) | ((t >= 1.0 - back) & (t <= 1.0 + reach)))
    return (cos <= 0.8) & at_an_end(ta) & at_an_end(tb)


def _edge_cycles(edges: list[list[StripEdge]]) -> Iterator[tuple[StripEdge, ...]]:
    """Choices of one edge of each of four colours ``edges`` that may close a board: each a
    neighbour (:func:`_may_meet`) of the next, round one of the three cyclic orders of the
    colours; at most :data:`MAX_EDGE_COMBINATIONS`."""
    meet = {(i, j): _may_meet(edges[i], edges[j]) for i in range(4) for j in range(4) if i != j}
    given = 0
    for order in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 1, 3)):
        i, j, k, m = order
        for a in range(len(edges[i])):
            for b in np.flatnonzero(meet[i, j][a]):
                for d in np.flatnonzero(meet[i, m][a]):
                    for c in np.flatnonzero(meet[j, k][b] & meet[m, k][d]):
                        picked = {i: a, j: b, k: c, m: d}
                        yield tuple(edges[n][picked[n]] for n in range(4))
                        given += 1
                        if given >= MAX_EDGE_COMBINATIONS:
                            return


def _quad_by_edges(work: np.ndarray, palette: Palette, colours: list[str]
                   ) -> tuple[np.ndarray, list[str], bool] | None:
    """The board's quadrilateral on the work copy ``(4, 2)`` (its strips' centre lines) and the
    strips' colours, from one straight edge of every strip (:func:`find_strip_edges`), each
    strip's centre line half its width beyond its edge; of the choices that close a
    quadrilateral (:func:`_quad_of`), the one whose sides show their colours best
    (:data:`MIN_SIDE_COLOUR`), and whether a side's line was drawn (:attr:`Strip.drawn`). None
    when no four edges close one."""
    masks = colour_masks(work, palette, colours)
    best = _quad_by_strict_edges(masks, colours, MIN_EDGE_LENGTH * max(work.shape[:2]))
    if best is None:
        # (or a glare washes out one strip and the far parts of its neighbours: the other three,
        # their edges shorter, close it as a square, the glare counting neither for nor against
        # the sides it hides)
        edges = _edges_of(masks, colours, GLARED_EDGE_LENGTH * max(work.shape[:2]))
        if edges is None:
            return None
        K_inv = _phone_intrinsics_inv((work.shape[1], work.shape[0]))
        square = partial(_square_closing, K_inv=K_inv)
        best = _best_quad(masks, _three_sided(edges, colours, square), _glared(work))
    if best is None:
        return None
    logger.debug("board quadrilateral from its strips' edges: %s %s (score %.2f)",
                 np.round(best[1]).tolist(), best[2], best[0])
    return best[1], best[2], best[3]


def _quad_by_strict_edges(masks: dict[str, np.ndarray], colours: list[str], min_len: float
                          ) -> tuple[float, np.ndarray, list[str], bool] | None:
    """:func:`_best_quad` of the strips' edges at least ``min_len`` long: one of each colour, or
    three of them, the fourth strip between their far ends (:func:`_three_sided`)."""
    edges = _edges_of(masks, colours, min_len)
    if edges is None:
        return None
    best = None if any(not e for e in edges) else _best_quad(
        masks, (_alike(combo) for combo in _edge_cycles(edges)))
    if best is None:
        # (one strip shows no edge of its own: a cloth of its colour beyond it and tiles of its
        # colour along it; the other three close it)
        best = _best_quad(masks, _three_sided(edges, colours))
    return best


def _edges_of(masks: dict[str, np.ndarray], colours: list[str], min_len: float
              ) -> list[list[StripEdge]] | None:
    """Each colour's strip edges at least ``min_len`` long (:func:`find_strip_edges`); None
    when more than one colour shows none (three strips at least close a board)."""
    edges = [find_strip_edges(masks[c], c, min_len) for c in colours]
    return None if sum(not e for e in edges) > 1 else edges


def _alike(combo: tuple[StripEdge, ...]) -> tuple[Strip, ...] | None:
    """The strips beyond edges ``combo``, each as wide as it shows, or as the others typically
    are where its width is not seen or is more than twice theirs (a strip joined with the cloth
    or the tiles beyond it: the strips are alike); None when no width is seen."""
    known = [e.width for e in combo if e.width is not None]
    if not known:
        return None
    typical = float(np.median(known))
    return tuple(e.strip(e.width if e.width is not None and e.width <= 2 * typical else typical)
                 for e in combo)


def _three_sided(edges: list[list[StripEdge]], colours: list[str],
                 closing: Callable[[Strip, Strip, Strip, str], Strip | None] | None = None
                 ) -> Iterator[tuple[Strip, ...]]:
    """Boards closed by three strips' edges ``edges`` (per colour of ``colours``; at most one
    list empty): a chain of three strips, each a neighbour of the next (:func:`_may_meet`); the
    fourth strip, of the colour left, drawn by ``closing`` from the chain (by default
    :func:`_closing`: between the chain's two far ends). At most
    :data:`MAX_EDGE_COMBINATIONS`."""
    closing = closing or _closing
    given = 0
    for m in range(4):
        others = [i for i in range(4) if i != m]
        if any(not edges[i] for i in others):
            continue
        for j in others:  # the chain's middle strip, across from the missing one
            i, k = (o for o in others if o != j)
            meet_ij, meet_jk = _may_meet(edges[i], edges[j]), _may_meet(edges[j], edges[k])
            for a, b in zip(*np.nonzero(meet_ij)):
                for c in np.flatnonzero(meet_jk[b]):
                    strips = _alike((edges[i][a], edges[j][b], edges[k][c]))
                    fourth = None if strips is None else closing(*strips, colours[m])
                    if fourth is not None:
                        yield (*strips, fourth)
                    given += 1
                    if given >= MAX_EDGE_COMBINATIONS:
                        return


def _closing(a: Strip, b: Strip, c: Strip, colour: str) -> Strip | None:
    """The strip of ``colour`` closing the chain ``a``-``b``-``c`` (neighbours in turn): its
    centre line from ``c``'s far end to ``a``'s, each half the strips' width beyond its edge's
    end; None when the chain does not meet."""
    width = float(np.median([a.width, b.width, c.width]))
    far = []
    for s in (a, c):
        corner = _intersect(s, b)
        if corner is None:
            return None
        far.append(_far_corner(s, corner, width))
    ends = np.array([far[1], far[0]])
    return Strip(colour, ends, width, float(np.linalg.norm(ends[1] - ends[0])))


def _far_corner(s: Strip, corner: np.ndarray, width: float) -> np.ndarray:
    """The corner ``(2,)`` (x, y) a strip ``s`` met at ``corner`` (by the chain's middle strip)
    reaches at its other end: half the strips' ``width`` beyond its centre line's end further
    from ``corner`` (its edge ends where the board does)."""
    end = s.ends[int(np.argmax(np.linalg.norm(s.ends - corner, axis=1)))]
    away = (end - corner) / (np.linalg.norm(end - corner) + 1e-9)
    return end + away * width / 2


def _line(s: Strip) -> np.ndarray:
    """The homogeneous line ``(3,)`` through a strip's centre line."""
    return np.cross([*s.ends[0], 1.0], [*s.ends[1], 1.0])


def _unit(v: np.ndarray) -> np.ndarray:
    """``v`` scaled to length 1 (NaN for a zero vector)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        return v / np.linalg.norm(v)


def _square_closing(a: Strip, b: Strip, c: Strip, colour: str, K_inv: np.ndarray
                    ) -> Strip | None:
    """The strip of ``colour`` closing the chain ``a``-``b``-``c`` (neighbours in turn) where
    the board is square on the table: ``a`` and ``c`` parallel there and ``b`` at right angles
    to them, seen by a phone's camera (``K_inv`` ``(3, 3)``, work-copy pixels; see
    :func:`vision.locate._phone_intrinsics_inv`), the fourth strip's centre line as far from
    ``b``'s as ``b``'s is long, between ``a``'s and ``c``'s lines; an end that falls short of
    where ``a``'s or ``c``'s edge is seen to run is run on to it (:func:`_reaching`: their lines
    are a few pixels wide and nearly parallel on a small board, so the vanishing point they fix,
    and the side's foreshortening with it, is known loosely), by at most :data:`CORNER_SLACK`
    of the side. None when the chain does not close a board in front of the camera, or an edge
    runs on further.

    The strips' lines fix the table's plane: ``a`` and ``c`` meet at their vanishing point,
    ``b``'s lies on ``b`` at right angles to it; back on the plane, the corners on ``b`` are a
    side's length apart and the far corners that length on along ``a``'s direction."""
    K = np.linalg.inv(K_inv)
    # (camera coordinates: points K^-1 x, lines K^T l; a right angle is v1 . v2 = 0)
    la, lb, lc = (_unit(K.T @ _line(s)) for s in (a, b, c))
    v1 = _unit(np.cross(la, lc))
    normal = _unit(np.cross(v1, np.cross(lb, v1)))  # (the horizon: the plane's normal)
    corners = [np.cross(la, lb), np.cross(lc, lb)]
    if any(abs(p[2]) < 1e-9 for p in corners) or not np.isfinite(normal).all():
        return None
    corners = [p / p[2] for p in corners]
    if normal @ corners[0] < 0:
        normal = -normal
    depth = [float(normal @ p) for p in corners]
    if min(depth) <= 1e-9:
        return None
    on_plane = [p / d for p, d in zip(corners, depth)]  # (3D, the plane at n . X = 1)
    side = float(np.linalg.norm(on_plane[1] - on_plane[0]))
    along = v1
    # (along a, away from b: towards a's end further from the corner)
    end = a.ends[int(np.argmax(np.linalg.norm(a.ends - (K @ corners[0])[:2], axis=1)))]
    seen = K_inv @ np.array([*end, 1.0])
    if (seen / float(normal @ seen) - on_plane[0]) @ along < 0:
        along = -along
    far = [K @ (p + side * along) for p in on_plane]
    if min(q[2] for q in far) <= 1e-9:
        return None
    width = float(np.median([a.width, b.width, c.width]))
    # (a side drawn short of where a neighbour's edge is seen to run is run on to its end)
    near = [(K @ p)[:2] for p in corners]
    reach = [_reaching(q[:2] / q[2], m, _far_corner(s, m, width))
             for q, m, s in zip(far, near, (a, c))]
    if any(r is None for r in reach):
        return None
    ends = np.array([reach[1], reach[0]])
    return Strip(colour, ends, width, float(np.linalg.norm(ends[1] - ends[0])), drawn=True)


def _reaching(drawn: np.ndarray, corner: np.ndarray, seen: np.ndarray) -> np.ndarray | None:
    """Of two points ``(2,)`` on one strip's line beyond ``corner``, the one further from it: the
    far corner ``drawn`` from the board's square shape or the one its edge is ``seen`` to reach
    (:func:`_far_corner`; a strip's edge does not run past the board). None when the edge runs
    on past the drawn corner by more than :data:`CORNER_SLACK` of the side: a seen strip may run
    no further past its side's corners (:func:`_quad_of`), and an edge that does runs on into a
    cloth's stripe or tiles of its colour, not along this board."""
    side, run = np.linalg.norm(drawn - corner), np.linalg.norm(seen - corner)
    if run > (1.0 + CORNER_SLACK) * side:
        return None
    return seen if run > side else drawn


def _best_quad(masks: dict[str, np.ndarray], choices: Iterable[tuple[Strip, ...] | None],
               glared: np.ndarray | None = None
               ) -> tuple[float, np.ndarray, list[str], bool] | None:
    """Of the ``choices`` of four strips that close a quadrilateral (:func:`_quad_of`), the one
    whose sides show their colours (``masks``) best (:data:`MIN_SIDE_COLOUR`): its score, the
    quadrilateral ``(4, 2)``, the sides' colours and whether a side's line was drawn
    (:attr:`Strip.drawn`); None when none does. The parts of the sides under a glare
    (``glared``, see :func:`_glared`; for boards drawn from their square shape: elsewhere a
    strip ends where the board does, and a glare that cut one short would put a corner there)
    count as covered (their colour is not asked there; the worst side's raw cover still
    weighs in the score). A side drawn from the square shape stands only where a glare
    hides it (:func:`_glare_hides`)."""
    best: tuple[float, np.ndarray, list[str], bool] | None = None
    for strips in choices:
        if strips is None:
            continue
        fit = _quad_of(strips, glared)
        if fit is None:
            continue
        worst, quad, order = fit
        by_colour = {s.colour: s for s in strips}
        if any(by_colour[c].drawn and not _glare_hides(quad[k - 1], quad[k], glared)
               for k, c in enumerate(order)):
            continue
        shown = [_side_colour(masks[c], quad[k - 1], quad[k], by_colour[c].width, glared)
                 for k, c in enumerate(order)]
        if min(shown) < MIN_SIDE_COLOUR:
            continue
        score = float(np.mean(shown)) - 0.25 * worst
        if best is None or score > best[0]:
            best = (score, quad, order, any(s.drawn for s in strips))
    return best


def _glare_hides(a: np.ndarray, b: np.ndarray, glared: np.ndarray | None) -> bool:
    """Whether a glare (``glared`` ``(H, W)`` bool, see :func:`_glared`) hides enough of the side
    from ``a`` to ``b`` for its strip to go unseen: more of its centre line than a seen strip
    may miss its colour along (``1 -`` :data:`MIN_SIDE_COLOUR`). A side drawn from the board's
    square shape (:func:`_square_closing`) stands only there: elsewhere its strip would show,
    and a chain of tiles' sectors' edges among loose tiles closes such a "board" too."""
    return glared is not None and float(
        _sample(glared, _side_points(a, b)).mean()) >= 1.0 - MIN_SIDE_COLOUR


@dataclass(frozen=True)
class BoardQuad:
    """A board seen by its strips: ``corners`` ``(4, 2)`` (x, y image pixels) where the strips'
    centre lines meet, clockwise on the picture; ``colours[k]`` the strip along the side from
    corner ``k - 1`` to corner ``k`` (so side 0 is the west of a lattice whose origin is corner
    0, side 1 its north, 2 its east, 3 its south); ``drawn``: one side's line drawn from the
    board's square shape, its strip not seen (a glare washed it out, see
    :func:`_square_closing`)."""

    corners: np.ndarray
    colours: tuple[str, str, str, str]
    drawn: bool = False


def find_board_quad(image: np.ndarray, palette: Palette, colours: list[str]) -> BoardQuad | None:
    """The board's quadrilateral: where the centre lines of its four border strips meet, or None
    when no four strips of the four ``colours`` close a quadrilateral.

    ``image``: BGR uint8 ``(H, W, 3)``; ``palette``: the kit's palette (the light may turn its
    hues by up to :data:`HUE_TOLERANCE` degrees).
    """
    work = _work_copy(image, WORK_SIDE)
    found = _quad_by_strips(work, palette, colours)
    if found is None:
        # (a strip joined with a cloth or with the tiles of its colour: its straight edges)
        work = _work_copy(image, EDGE_WORK_SIDE)
        found = _quad_by_edges(work, palette, colours)
    if found is None:
        return None
    scale = work.shape[1] / image.shape[1]
    quad = (found[0] + 0.5) / scale - 0.5
    logger.debug("board quadrilateral: %s %s", np.round(quad).tolist(), found[1])
    return BoardQuad(quad, tuple(found[1]), found[2])


def _work_copy(image: np.ndarray, side: int) -> np.ndarray:
    """``image`` shrunk to at most ``side`` pixels on its long side."""
    h, w = image.shape[:2]
    scale = min(1.0, side / max(h, w))
    if scale >= 1:
        return image
    return cv2.resize(image, (max(1, round(w * scale)), max(1, round(h * scale))),
                      interpolation=cv2.INTER_AREA)


def _quad_by_strips(work: np.ndarray, palette: Palette, colours: list[str]
                    ) -> tuple[np.ndarray, list[str], bool] | None:
    """The board's quadrilateral on the work copy ``(4, 2)`` and its strips' colours from four
    bands (:func:`find_strips`) that close it (no side drawn: False), or None."""
    strips = find_strips(work, palette, colours)
    by_colour = {c: [s for s in strips if s.colour == c] for c in colours}
    if any(not v for v in by_colour.values()):
        return None
    # (a cloth may be striped in one of the colours: every candidate of a rare colour is
    # tried, the longest few of a common one)
    while np.prod([len(v) for v in by_colour.values()]) > MAX_COMBINATIONS:
        c = max(by_colour, key=lambda k: len(by_colour[k]))
        by_colour[c] = by_colour[c][:max(1, len(by_colour[c]) * 2 // 3)]
    best: tuple[float, np.ndarray, list[str]] | None = None
    for combo in itertools.product(*by_colour.values()):
        fit = _quad_of(combo)
        if fit is None:
            continue
        score = fit[0] - 0.5 * sum(s.length for s in combo) / (4 * max(work.shape[:2]))
        if best is None or score < best[0]:
            best = (score, fit[1], fit[2])
    return None if best is None else (best[1], best[2], False)


def board_lattice(image: np.ndarray, board: BoardQuad, size: int = 8) -> Lattice:
    """The lattice of the board's ``size`` x ``size`` cells within its strips: cell ``(0, 0)`` at
    the corner 0 of ``board``. The cells lie a margin ``m`` (in cells, the same on every side)
    inside the strips' centre lines; ``m`` is the one that puts the board's printed lines (and
    the tiles' edges) under the lattice's inner lines, on a top-down view of the quadrilateral
    (:func:`_symmetric_margin`). Where one strip's centre line was found off
    (:func:`_lopsided_margins`), that axis's cells take the margins its own lines show on either
    side (``info["lopsided"]``), and ``m`` is fitted on the other axis alone.
    """
    S = RECTIFIED
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    H_q = cv2.getPerspectiveTransform(unit, board.corners.astype(np.float32))  # unit -> image
    to_view = np.diag([S, S, 1.0]) @ np.linalg.inv(H_q)
    gray = cv2.cvtColor(cv2.warpPerspective(image, to_view, (S, S), flags=cv2.INTER_AREA),
                        cv2.COLOR_BGR2GRAY).astype(np.float32)
    gx = np.abs(cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)).mean(0)   # (S,) edges across x
    gy = np.abs(cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)).mean(1)   # (S,) edges across y
    # (each axis: its margins before and after its cells, and the share of the view per cell;
    # an axis whose strip line was found off shows no margin of the board's print)
    lopsided = [_lopsided_margins(g, size) for g in (gx, gy)]
    m = _symmetric_margin([g for g, sides in zip((gx, gy), lopsided) if sides is None]
                          or [gx, gy], size)
    (x0, x1), (y0, y1) = (sides or (m, m) for sides in lopsided)
    kx, ky = 1.0 / (size + x0 + x1), 1.0 / (size + y0 + y1)
    A = np.array([[kx, 0, x0 * kx], [0, ky, y0 * ky], [0, 0, 1.0]])  # cells (x, y) -> unit square
    H = H_q @ A
    area = cv2.contourArea(board.corners.astype(np.float32))
    pitch = float(np.sqrt(area * kx * ky))
    logger.debug("board lattice from its strips: margin %.2f cells (x %.2f/%.2f, y %.2f/%.2f), "
                 "pitch %.0f px", m, x0, x1, y0, y1, pitch)
    return Lattice(H, rows=(-1, size), cols=(-1, size), pitch_px=pitch, strength=0.5,
                   info={"source": "strips", "margin_cells": round(m, 3),
                         "lopsided": any(sides is not None for sides in lopsided)})


def _symmetric_margin(profiles: list[np.ndarray], size: int) -> float:
    """The margin ``m`` (cells, among :data:`MARGINS`), the same before and after the cells on
    every axis, that puts the board's ``size - 1`` inner lines on the edges of ``profiles``
    (each ``(S,)``: the edges across one axis on the top-down view of the quadrilateral)."""
    s = len(profiles[0])
    best_m, best_v = MARGINS[0], -1.0
    for m in MARGINS:
        at = np.clip(np.round((m + np.arange(1, size)) / (size + 2 * m) * s).astype(int), 0, s - 1)
        v = float(sum(g[at].mean() for g in profiles))
        if v > best_v:
            best_m, best_v = m, v
    return float(best_m)


#: The margins (cells) each side of a board's cells may show inside its strips' centre lines
#: when they are fitted side by side (:func:`_lopsided_margins`): up to one and a half cells, so
#: a strip's line found up to about 1.1 cells further out than the printed margin (0.1-0.4
#: cells) is mended; one found further out leaves that axis's cells squeezed.
SIDE_MARGINS = np.round(np.arange(0.05, 1.5, 0.025), 3)
#: The two margins of an axis fitted side by side differ at most this much (cells) where the
#: strips' centre lines were found where they lie: the board is printed symmetric, and its
#: quadrilaterals on the independent renderer's Twelve Tiles photos (final10, final11 and 30
#: fresh ones) showed 0-0.2; the yellow strip's line of one, drawn along the board's outline on
#: a wooden table whose tan reads yellow with the strip itself washed out by a glare, 0.6-0.8
#: (fresh hard 774, on the quadrilaterals of its strips and of its frames).
LOPSIDED = 0.4


def _lopsided_margins(g: np.ndarray, size: int) -> tuple[float, float] | None:
    """The margins ``(before, after)`` (cells) of one axis's cells inside its strips' centre lines
    when they differ by more than :data:`LOPSIDED` (one strip's line found off: a glare washed
    out a part of the strip, a table of its colour lies beyond it), else None (the board's
    symmetric margin stands). ``g`` ``(S,)``: the edges across the axis on the top-down view of
    the quadrilateral; the margins are the ones (:data:`SIDE_MARGINS`) that put all the cells'
    lines, the outer ones too, on the board's printed lines and the tiles' edges (the inner
    ones alone fit as well a cell's shift of them, one margin a cell wider and the other a cell
    narrower). A fit is judged by the median of its nine lines' edges: where the printed lines
    are faint, one strong edge (a strip's inner edge, a corner tile's) would carry a mean, and
    honest quadrilaterals came out a cell lopsided. Of the fits that share the best median (fits
    a little apart; a cell's shift of the right one, which keeps eight of its lines on printed
    ones), the one whose nine lines' edges are most alike: the nine lines are printed alike,
    and the shifted fit's ninth falls on a strip's edge or on bare board."""
    s = len(g)
    a, b = np.meshgrid(SIDE_MARGINS, SIDE_MARGINS, indexing="ij")  # (M, M) before, after
    lines = np.arange(size + 1)
    at = np.round((a[..., None] + lines) / (size + a + b)[..., None] * s).astype(int)
    edges = np.sort(g[np.clip(at, 0, s - 1)], axis=-1)  # (M, M, size + 1) each fit's, rising
    v = edges[..., size // 2]  # (M, M) the median
    # (of the fits sharing the best median, the one least spread about it)
    spread = np.maximum(edges[..., -1] - v, v - edges[..., 0])
    i, j = np.unravel_index(int(np.argmax(np.where(v == v.max(), -spread, -np.inf))), v.shape)
    before, after = float(a[i, j]), float(b[i, j])
    return (before, after) if abs(before - after) > LOPSIDED else None
