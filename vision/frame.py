"""The Twelve Tiles board: find its 8x8 frame on a located lattice and read its border colours.

The board's cell grid is part of the lattice (its printed lines are straight edges); the frame is
the 8x8 window of cells whose four outer sides each run along a uniform strip of one kit colour.
"""
from __future__ import annotations

import itertools
import logging
from dataclasses import dataclass

import numpy as np

from vision.cells import _surface_looks, rectify
from vision.colour import Palette, bgr_to_lab, ciede2000, median_last, norm3
from vision.locate import Lattice

logger = logging.getLogger(__name__)

FRAME = 8
EDGES = ("n", "e", "s", "w")
#: The strip is looked for in thin slices beside a window's side, SLICE cells across, starting
#: these many cells out from the side line: a board's strip may lie right against its cells or a
#: margin away, and be narrow or wide (strips of 8-22 mm a margin of 1.5-8 mm out from cells of
#: 40-50 mm: from 0.03 to 0.75 cells out). Each side takes the slice on which its strip shows
#: best (even, of a kit colour); a slice of at most the narrowest strip's width lies within it.
SLICE = 0.12
SLICE_STARTS = tuple(float(v) for v in np.round(np.arange(0.02, 0.66, 0.06), 2))


def _slices(before: bool) -> list[tuple[float, float]]:
    """The slices' offsets (cells from a line, negative = before it) on one side of a line."""
    if before:
        return [(-(a + SLICE), -a) for a in SLICE_STARTS]
    return [(a, a + SLICE) for a in SLICE_STARTS]


@dataclass(frozen=True)
class Frame:
    """``origin`` ``(row, col)`` of the frame's cell (0, 0) in lattice cells; ``borders``
    ``{"n","e","s","w"}`` colour names; ``confidence`` 0-1; ``strips`` ``{"n","e","s","w"}``
    how far out from the window's side (cells) each strip's middle lies, when measured."""

    origin: tuple[int, int]
    borders: dict
    confidence: float
    strips: dict | None = None


def _line_sums(lab: np.ndarray, n: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """Running sums down the view of every pixel row's CIELAB over each cell column: ``(H + 1,
    cols, 3)`` sums and ``(H + 1, cols)`` sums of squared norms, so that any band of rows has
    its mean and spread at once (see :func:`_band_stats`)."""
    part = lab[:, :cols * n].reshape(lab.shape[0], cols, n, 3).astype(np.float64)
    s1 = np.zeros((lab.shape[0] + 1, cols, 3))
    s2 = np.zeros((lab.shape[0] + 1, cols))
    np.cumsum(part.sum(axis=2), axis=0, out=s1[1:])
    np.cumsum((part * part).sum(axis=(2, 3)), axis=0, out=s2[1:])
    return s1, s2


def _band_stats(lab: np.ndarray, n: int, rows: int, cols: int, offsets: tuple[float, float],
                horizontal: bool, lines: tuple[int, int] | None = None,
                sums: tuple[np.ndarray, np.ndarray] | None = None
                ) -> tuple[np.ndarray, np.ndarray]:
    """Mean CIELAB and spread of a thin band beside every cell side.

    ``horizontal``: bands beside row lines ``r = 0 .. rows`` spanning each column ``j``, at
    ``r + offsets`` cells (negative offsets = above the line); otherwise beside column lines.
    Returns ``(mean, spread)`` of shapes ``(rows + 1, cols, 3)`` and ``(rows + 1, cols)``
    (transposed roles for vertical bands), NaN where the band leaves the view; for ``offsets``
    of several bands ``(S, 2)``, of shapes ``(S, rows + 1, cols, 3)`` and ``(S, rows + 1, cols)``. ``spread`` is the
    root mean square distance of the band's pixels from their mean (a painted strip is uniform;
    a band is a few pixels across, its mean is robust enough: a strip's segments are judged
    together by their medians, see :func:`find_frame`). ``lines``: only the lines ``first ..
    last`` (inclusive) are measured, the others are left NaN. ``sums``: :func:`_line_sums` of
    ``lab`` (of its transpose for vertical bands), when computed already.
    """
    if not horizontal:
        return _band_stats(lab.transpose(1, 0, 2), n, cols, rows, offsets, True, lines, sums)
    H = lab.shape[0]
    s1, s2 = sums if sums is not None else _line_sums(lab, n, cols)
    off = np.asarray(offsets, float)
    single = off.ndim == 1
    off = off.reshape(-1, 2)                                           # (S, 2)
    r = np.arange(rows + 1)
    a = np.round((r[None, :] + off[:, :1]) * n).astype(int)           # (S, rows + 1)
    b = np.round((r[None, :] + off[:, 1:]) * n).astype(int)
    ok = (a >= 0) & (b <= H) & (b > a)
    if lines is not None:
        ok &= (r >= lines[0]) & (r <= lines[1])
    a, b = np.where(ok, a, 0), np.where(ok, b, 1)
    count = ((b - a) * n)[..., None].astype(float)
    mean = (s1[b] - s1[a]) / count[..., None]                          # (S, rows + 1, cols, 3)
    square = (s2[b] - s2[a]) / count
    spread = np.sqrt(np.maximum(square - (mean * mean).sum(axis=-1), 0.0))
    mean = np.where(ok[..., None, None], mean, np.nan).astype(np.float32)
    spread = np.where(ok[..., None], spread, np.nan).astype(np.float32)
    if single:
        return mean[0], spread[0]
    return mean, spread


def _band_pixels(n: int, lines: int, first: tuple[int, int], second: tuple[int, int]
                 ) -> np.ndarray:
    """Pixel rows (or columns) of the slices before lines ``first`` and after lines ``second``
    (inclusive ranges, see :func:`_slices`), within ``lines * n`` pixels."""
    out = []
    for (lo, hi), before in ((first, True), (second, False)):
        reach = _slices(before)
        off = (min(o[0] for o in reach), max(o[1] for o in reach))
        for r in range(lo, hi + 1):
            out.append(np.arange(int(np.round((r + off[0]) * n)), int(np.round((r + off[1]) * n))))
    idx = np.unique(np.concatenate(out)) if out else np.zeros(0, int)
    return idx[(idx >= 0) & (idx < lines * n)]


def _band_lab(bgr: np.ndarray, n: int, rows: int, cols: int, nr: int, nc: int) -> np.ndarray:
    """CIELAB of the top-down view ``bgr`` where the frame's bands can lie (the pixel rows of
    the row lines' bands, the pixel columns of the column lines'); zero elsewhere (never
    read). The conversion is per pixel, so the values are those of the whole view's."""
    ri = _band_pixels(n, rows, (0, nr - 1), (FRAME, rows))
    ci = _band_pixels(n, cols, (0, nc - 1), (FRAME, cols))
    if len(ri) + len(ci) > 0.5 * (bgr.shape[0] + bgr.shape[1]):
        return bgr_to_lab(bgr)  # (the bands cover most of the view: at once)
    lab = np.zeros(bgr.shape, np.float32)
    if len(ri):
        lab[ri] = bgr_to_lab(bgr[ri])
    if len(ci):
        lab[:, ci] = bgr_to_lab(np.ascontiguousarray(bgr[:, ci]))
    return lab


#: A strip dimmed, brightened or washed out by a lamp's glare (see
#: :func:`vision.cells._surface_looks`) is as near its kit colour as its nearest such look, plus
#: this (CIEDE2000-like units): a washed-out strip tells its colour less surely than a clear one.
#: (A glare over a board's strip measured at (87, -5, -19) against blue's (44, 13, -54): 35 units
#: of CIEDE2000 from blue, 3 from its washed-out look.)
LOOK_PENALTY = 8.0


def _strip_distance(lab: np.ndarray, palette: Palette) -> np.ndarray:
    """How far strip colours ``(..., 3)`` CIELAB lie from each kit colour ``(..., k)``: CIEDE2000,
    or the distance to the nearest look of the colour under other light (dimmer, brighter,
    glare; (a*, b*) distance with lightness at half weight) plus :data:`LOOK_PENALTY`."""
    d = ciede2000(lab[..., None, :], palette.lab.reshape((1,) * (lab.ndim - 1) + palette.lab.shape))
    flat = lab.reshape(-1, 1, 1, 3).astype(np.float64)
    diff = flat - _palette_looks(palette)[None]                     # (N, k, M, 3)
    near = np.sqrt(diff[..., 1] ** 2 + diff[..., 2] ** 2 + (0.5 * diff[..., 0]) ** 2).min(-1)
    return np.minimum(d, near.reshape(d.shape) + LOOK_PENALTY)


def _palette_looks(palette: Palette) -> np.ndarray:
    """Each kit colour's looks under other light, ``(k, M, 3)`` CIELAB (every third of
    :func:`vision.cells._surface_looks`'s: enough to tell a strip's colour; cached per palette)."""
    key = tuple(np.round(palette.lab, 3).ravel().tolist())
    if key not in _LOOKS:
        _LOOKS[key] = np.stack([_surface_looks(c)[::3] for c in palette.lab])
    return _LOOKS[key]


_LOOKS: dict[tuple, np.ndarray] = {}


#: A strip's colour is even along the board's side to within this (CIELAB, the median spread of
#: its segments plus their spread between segments).
STRIP_SPREAD = 12.0


#: A strip lies at most this far from its kit colour (see :func:`_strip_distance`) ...
MAX_STRIP_DE = 25.0


#: ... and a strip paled by a glare over part of its length still shows its ink beside one of
#: its side's cells at least, where the hot spot falls off: within this of its kit colour or its
#: looks (see :func:`_strip_distance`). (Measured on the independent renderer's hard 109 and 113:
#: the glared blue and red strips' clearest segments 8.4 and 14.4 away; a segment blown out to
#: white lies 20-23 from every colour's looks, a brown wood beside a board 23-26 from red's.)
INK_SEEN = 17.0
#: At least this many sides of a window show their strips plainly (near their colours and even)
#: for the others to be taken as strips under a glare (see :func:`_glared_strip`).
PLAIN_SIDES = 2


def _glared_strip(segments: np.ndarray, colour: int, palette: Palette) -> tuple[int, float] | None:
    """The slice on which a side's strip shows under a glare, and its distance from the strip's
    kit colour ``colour``, or ``None``. ``segments`` ``(S, 6, 3)``: each slice's mean CIELAB
    beside each of the side's middle cells. A glare pales a strip along part of its length (a
    blue strip's segments from (52, 6, -44) through (94, -9, -8) to (99, -1, -1) under a hot
    spot), far more unevenly than a strip may be: it is still the strip when every segment
    shows the colour in some light (within :data:`MAX_STRIP_DE` of it or one of its looks) and
    one shows its ink (:data:`INK_SEEN`). Among such slices, the one whose farthest segment is
    nearest; the distance is its segments' median."""
    d = _strip_distance(np.asarray(segments, np.float64), palette)[..., colour]  # (S, 6)
    far = np.where(np.all(np.isfinite(d), axis=1), d.max(axis=1), np.inf)
    ok = (far <= MAX_STRIP_DE) & (np.nanmin(d, axis=1) <= INK_SEEN)
    if not ok.any():
        return None
    best = int(np.argmin(np.where(ok, far, np.inf)))
    return best, float(median_last(d[best]))


#: The windows that judge best by CIE76 from the kit's colours that are judged again by CIEDE2000
#: and the colours' looks under other light (see :func:`_strip_distance`).
RELOOKED = 12


def _judged(d: np.ndarray, meds: np.ndarray, spread: np.ndarray, valid: np.ndarray
            ) -> tuple[np.ndarray, ...]:
    """Each window's strips: on each side the slice (axis 0) that shows a strip best (near a kit
    colour by ``d`` ``(S, ..., 4, k)``, even by ``spread`` ``(S, ..., 4)``, saturated by the
    CIELAB ``meds`` ``(S, ..., 4, 3)``), the four sides taking four different kit colours (a
    board's strips do): the best of every assignment of colours to sides, each side's slice the
    best for its colour. Returns the windows' scores ``(...)`` (lower is better; inf where a side
    has no slice in view), and per side the slice, kit colour index, its distance and the spread
    ``(..., 4)``."""
    chroma = np.hypot(meds[..., 1], meds[..., 2])
    base = np.where(valid, spread - 0.3 * np.minimum(chroma, 60), np.inf)     # (S, ..., 4)
    cost = d + base[..., None]                                                # (S, ..., 4, k)
    best_slice = np.argmin(cost, axis=0)                                      # (..., 4, k)
    side_cost = np.take_along_axis(cost, best_slice[None], 0)[0]              # (..., 4, k)
    k = d.shape[-1]
    sides = d.shape[-2]
    assignments = np.array(list(itertools.permutations(range(k), sides)) if k >= sides
                           else list(itertools.product(range(k), repeat=sides)))  # (P, 4)
    totals = side_cost[..., np.arange(sides), assignments].sum(-1)            # (..., P)
    pick = np.argmin(totals, axis=-1)                                         # (...)
    score = np.take_along_axis(totals, pick[..., None], -1)[..., 0]
    idx = assignments[pick]                                                   # (..., 4)
    best = np.take_along_axis(best_slice, idx[..., None], -1)[..., 0]         # (..., 4)
    at = best[None, ..., None]
    dist = np.take_along_axis(np.take_along_axis(d, at, 0)[0], idx[..., None], -1)[..., 0]
    spr = np.take_along_axis(spread, best[None], 0)[0]
    return score, best, idx, dist, spr


#: The cells looked at beyond a located lattice for a board over part of which it lies (see
#: :func:`find_frame`'s ``ring``): the locator's lattice spans what stands out, the tiles (and
#: perhaps a strip and the table beyond it); the board's empty cells, plain or paled by a lamp's
#: hot spot, need not be in it. The board shares one cell with it at least, so its window may
#: reach FRAME - 1 cells beyond, and its far strip one more.
BOARD_BEYOND = FRAME


def _in_picture(lattice: Lattice, rows: tuple[int, int], cols: tuple[int, int],
                shape: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """``rows`` x ``cols`` (inclusive cell ranges of ``lattice``) cut to the cells with a corner in
    the picture of ``shape`` (h, w), in front of the camera; never less than the lattice's own
    cells and a ring of one (a board's strips beyond the picture are not seen: no window there
    can show four)."""
    rr = np.arange(rows[0], rows[1] + 2)
    cc = np.arange(cols[0], cols[1] + 2)
    gc, gr = np.meshgrid(cc, rr)
    q = np.stack([gc, gr, np.ones_like(gc)], -1).astype(np.float64) @ lattice.H.T  # (R, C, 3)
    mid = lattice.H @ np.array([np.mean(lattice.cols) + 0.5, np.mean(lattice.rows) + 0.5, 1.0])
    ahead = q[..., 2] * mid[2] > 0  # (the same side of the horizon as the lattice's cells)
    with np.errstate(all="ignore"):
        x, y = q[..., 0] / q[..., 2], q[..., 1] / q[..., 2]
    seen = ahead & (x >= 0) & (x < shape[1]) & (y >= 0) & (y < shape[0])
    if not seen.any():
        return rows, cols
    r_in, c_in = rr[seen.any(axis=1)], cc[seen.any(axis=0)]
    return ((int(min(max(rows[0], r_in.min() - 1), lattice.rows[0] - 1)),
             int(max(min(rows[1], r_in.max()), lattice.rows[1] + 1))),
            (int(min(max(cols[0], c_in.min() - 1), lattice.cols[0] - 1)),
             int(max(min(cols[1], c_in.max()), lattice.cols[1] + 1))))


def find_frame(image: np.ndarray, lattice: Lattice, palette: Palette, *, cell_px: int = 16,
               ring: int = 1) -> Frame | None:
    """Find the 8x8 board frame on ``lattice`` (full-image homography) in ``image`` (BGR).

    Every window of 8x8 cells is judged by thin slices outside its four sides (see
    :data:`SLICE_STARTS`): on each side, the slice over its middle six cells that is most even
    and closest to a kit colour is its strip; the four strips must be even, close to kit colours
    and of four different colours. Slice statistics are computed once per cell side, so all
    windows are judged together.

    ``ring``: the cells looked at beyond the lattice's on every side (one by default: the
    lattice located may end at the board's cells, its strips lying outside it; see
    :data:`BOARD_BEYOND` for a lattice over part of the board).

    Returns ``None`` when no window of the lattice has coloured strips on its four sides.
    """
    rows, cols = ((lattice.rows[0] - ring, lattice.rows[1] + ring),
                  (lattice.cols[0] - ring, lattice.cols[1] + ring))
    if ring > 1:
        rows, cols = _in_picture(lattice, rows, cols, image.shape[:2])
    td = rectify(image, lattice.with_H(lattice.H, rows=rows, cols=cols), cell_px=cell_px)
    if td.rows < FRAME or td.cols < FRAME:
        return None
    n = cell_px
    rows, cols = td.rows, td.cols
    # slices outside a window: above its top row line, below its bottom line, left, right
    nr, nc = rows - FRAME + 1, cols - FRAME + 1
    lab = _band_lab(td.image, n, rows, cols, nr, nc)
    row_sums = _line_sums(lab, n, cols)
    col_sums = _line_sums(lab.transpose(1, 0, 2), n, rows)
    inner = np.arange(1, FRAME - 1)  # the middle six cells of a side
    r0 = np.arange(nr)[:, None, None]
    c0 = np.arange(nc)[None, :, None]
    meds, spreads, segments = [], [], []  # per side: (S, nr, nc, 3), (S, nr, nc), (S, nr, nc, 6, 3)
    for e in EDGES:
        before = e in ("n", "w")
        horizontal = e in ("n", "s")
        first = (0, (nr if horizontal else nc) - 1) if before else (FRAME, rows if horizontal else cols)
        sums = row_sums if horizontal else col_sums
        med, spr = _band_stats(lab, n, rows, cols, _slices(before), horizontal, first, sums)
        # (segments over the slices: (S, nr, nc, 6, 3) means and (S, nr, nc, 6) spreads)
        if e == "n":
            seg, seg_s = med[:, r0, c0 + inner], spr[:, r0, c0 + inner]
        elif e == "s":
            seg, seg_s = med[:, r0 + FRAME, c0 + inner], spr[:, r0 + FRAME, c0 + inner]
        elif e == "w":
            seg, seg_s = med[:, c0, r0 + inner], spr[:, c0, r0 + inner]
        else:
            seg, seg_s = med[:, c0 + FRAME, r0 + inner], spr[:, c0 + FRAME, r0 + inner]
        # (np.median's along axis 3, without its overhead)
        m = median_last(np.moveaxis(seg, 3, -1))           # (S, nr, nc, 3)
        between = median_last(norm3(seg - m[..., None, :]))
        meds.append(m)
        spreads.append(median_last(seg_s) + between)
        segments.append(seg)
    meds = np.stack(meds, axis=3)        # (S, nr, nc, 4, 3)
    spread = np.stack(spreads, axis=3)   # (S, nr, nc, 4)
    valid = np.all(np.isfinite(meds), axis=4) & np.isfinite(spread)  # (S, nr, nc, 4)
    if not valid.any(axis=0).all(axis=-1).any():
        return None
    meds = np.where(valid[..., None], meds, 0.0)
    spread = np.where(valid, spread, 1e3)
    # every window by its CIELAB distance from the kit's colours (CIE76: a quick first look),
    # then the best few again by CIEDE2000 and the colours' looks under other light (a glare may
    # wash out one strip): those cost more
    d = norm3(meds[..., None, :] - palette.lab)  # (S, nr, nc, 4, k)
    score, _, _, _, _ = _judged(d, meds, spread, valid)  # (nr, nc)
    order = np.argsort(score, axis=None)[:RELOOKED]
    wr, wc = np.unravel_index(order, score.shape)
    order = order[np.isfinite(score[wr, wc])]
    if not len(order):
        return None
    wr, wc = np.unravel_index(order, score.shape)
    sub = meds[:, wr, wc]  # (S, w, 4, 3)
    score, best, idx, dist, spread = _judged(_strip_distance(sub, palette), sub, spread[:, wr, wc],
                                             valid[:, wr, wc])
    k = int(np.argmin(score))
    br, bc = int(wr[k]), int(wc[k])
    slices, idx, dist, spread = best[k], idx[k], dist[k], spread[k]
    middles = _strip_middles(td.image, n, br, bc, idx, palette)
    # (one strip may be uneven, a glare over part of it, when the other three are even)
    second, worst = np.sort(spread)[-2:]
    uneven = worst > STRIP_SPREAD and (second > STRIP_SPREAD / 2 or worst > 2 * STRIP_SPREAD)
    plain = (dist <= MAX_STRIP_DE) & (spread <= STRIP_SPREAD)
    if (np.max(dist) > MAX_STRIP_DE or uneven) and plain.sum() >= PLAIN_SIDES:
        # (the lamp's hot spot over much of one strip or two, paling them: see _glared_strip)
        glared = {j: _glared_strip(segments[j][:, br, bc], int(idx[j]), palette)
                  for j in np.flatnonzero(~plain)}
        if all(v is not None for v in glared.values()):
            slices, dist = slices.copy(), dist.copy()
            for j, (sl, dj) in glared.items():
                slices[j], dist[j] = sl, dj
            uneven = False
            logger.debug("board frame's strips %s under a glare", [EDGES[j] for j in glared])
    if np.max(dist) > MAX_STRIP_DE or uneven or len(set(idx.tolist())) < min(4, len(palette.names)):
        # the four sides of the board carry four different colours
        logger.debug("no board frame: strips dE %s spread %s colours %s", dist, spread, idx)
        return None
    conf = float(np.clip(1 - np.max(dist) / 30, 0, 1))
    borders = {e: palette.names[int(i)] for e, i in zip(EDGES, idx)}
    logger.debug("board frame at %s: strips dE %s spread %s, from %s cells out", (br, bc),
                 np.round(dist, 1), np.round(spread, 1), [SLICE_STARTS[k] for k in slices])
    strips = dict(zip(EDGES, middles)) if np.all(np.isfinite(middles)) else None
    return Frame((td.r0 + br, td.c0 + bc), borders, conf, strips)


#: A line across a strip is on it while its colour lies within this (see :func:`_strip_distance`)
#: of the strip's kit colour, or no further than 4 more than the strip's best line.
ON_STRIP = 12.0
#: ... and while it looks like the strip's best line to within this (CIEDE2000): a strip is
#: printed in one ink (measured on a yellow strip: its lines within 1.1 of each other, the line
#: across its edge 9.5, the board's margin 18.6 and the wood beside the board 16.6 away).
STRIP_INK = 10.0
#: A strip's extent is measured from this far inside a window's side to this far out (cells).
PROFILE = (-0.3, 1.3)


def _strip_middles(view: np.ndarray, n: int, br: int, bc: int, idx: np.ndarray,
                   palette: Palette) -> list[float]:
    """Where the strips of the window at ``(br, bc)`` of a top-down ``view`` (BGR, ``n`` pixels
    a cell) have their middles, cells out from the window's sides (n, e, s, w): along each side
    (its middle six cells) the median colour of every line of pixels parallel to it, from
    :data:`PROFILE`; the run of lines around the one nearest the strip's kit colour (``idx``)
    that stay near it (:data:`ON_STRIP`) is the strip."""
    out = []
    lo_px, hi_px = int(round(PROFILE[0] * n)), int(round(PROFILE[1] * n))
    for e, k in zip(EDGES, idx):
        # (the view turned so that the side is a row line with its strip above it)
        if e == "n":
            v, line, a = view, br * n, bc
        elif e == "s":
            v, line, a = view[::-1], view.shape[0] - (br + FRAME) * n, bc
        elif e == "w":
            v, line, a = view.transpose(1, 0, 2), bc * n, br
        else:
            v, line, a = view.transpose(1, 0, 2)[::-1], view.shape[1] - (bc + FRAME) * n, br
        top, bottom = max(0, line - hi_px), min(v.shape[0], line - lo_px)
        if bottom - top < 2:
            out.append(float("nan"))
            continue
        part = np.ascontiguousarray(v[top:bottom, (a + 1) * n:(a + FRAME - 1) * n])
        profile = median_last(bgr_to_lab(part).transpose(0, 2, 1))      # (lines, 3)
        d = _strip_distance(profile, palette)[:, k]
        away = (line - (np.arange(top, bottom) + 0.5)) / n               # cells out
        inside = np.flatnonzero((away >= 0) & (away <= SLICE_STARTS[-1] + SLICE))
        if not len(inside):
            out.append(float("nan"))
            continue
        # (the strip's ink is saturated, as the slices are judged (see _judged): a table or a
        # board's margin may lie as near the kit colour as a printed strip seen under other light)
        chroma = np.hypot(profile[:, 1], profile[:, 2])
        best = int(inside[np.argmin(d[inside] - 0.3 * np.minimum(chroma[inside], 60))])
        # (the strip is one ink: its lines look alike, another surface next to it does not,
        # however near the kit colour it lies)
        near = (d <= max(ON_STRIP, d[best] + 4.0)) & (ciede2000(profile, profile[best][None]) <= STRIP_INK)
        lo = hi = best
        while lo > 0 and near[lo - 1]:
            lo -= 1
        while hi < len(near) - 1 and near[hi + 1]:
            hi += 1
        out.append(round(float((away[lo] + away[hi]) / 2), 3))
    return out
