"""The Twelve Tiles board: find its 8x8 frame on a located lattice and read its border colours.

The board's cell grid is part of the lattice (its printed lines are straight edges); the frame is
the 8x8 window of cells whose four outer sides each run along a uniform strip of one kit colour.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np

from vision.cells import rectify
from vision.colour import Palette, bgr_to_lab, ciede2000
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
    ``{"n","e","s","w"}`` colour names; ``confidence`` 0-1."""

    origin: tuple[int, int]
    borders: dict
    confidence: float


def _band_stats(lab: np.ndarray, n: int, rows: int, cols: int, offsets: tuple[float, float],
                horizontal: bool, lines: tuple[int, int] | None = None
                ) -> tuple[np.ndarray, np.ndarray]:
    """Median CIELAB and spread of a thin band beside every cell side.

    ``horizontal``: bands beside row lines ``r = 0 .. rows`` spanning each column ``j``, at
    ``r + offsets`` cells (negative offsets = above the line); otherwise beside column lines.
    Returns ``(median, spread)`` of shapes ``(rows + 1, cols, 3)`` and ``(rows + 1, cols)``
    (transposed roles for vertical bands), NaN where the band leaves the view. ``spread`` is the
    median distance of the band's pixels to its median (a painted strip is uniform). ``lines``:
    only the lines ``first .. last`` (inclusive) are measured, the others are left NaN.
    """
    if not horizontal:
        return _band_stats(lab.transpose(1, 0, 2), n, cols, rows, offsets, True, lines)
    H = lab.shape[0]
    med = np.full((rows + 1, cols, 3), np.nan, np.float32)
    spread = np.full((rows + 1, cols), np.nan, np.float32)
    # the bands of all row lines at once (grouped by their height in pixels, one group as a
    # rule: every band starts at the same offset from its line)
    r = np.arange(rows + 1)
    a = np.round((r + offsets[0]) * n).astype(int)
    b = np.round((r + offsets[1]) * n).astype(int)
    ok = (a >= 0) & (b <= H) & (b > a)
    if lines is not None:
        ok &= (r >= lines[0]) & (r <= lines[1])
    for height in np.unique((b - a)[ok]):
        sel = np.flatnonzero(ok & (b - a == height))
        idx = a[sel, None] + np.arange(height)[None, :]               # (k, height) pixel rows
        band = lab[idx, :cols * n]                                    # (k, height, cols * n, 3)
        band = band.reshape(len(sel), height, cols, n, 3).transpose(0, 2, 1, 3, 4)
        band = band.reshape(len(sel), cols, height * n, 3)
        m = np.median(band, axis=2)                                   # (k, cols, 3)
        med[sel] = m
        spread[sel] = np.median(np.linalg.norm(band - m[:, :, None, :], axis=3), axis=2)
    return med, spread


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
    lab = np.zeros(bgr.shape, np.float32)
    ri = _band_pixels(n, rows, (0, nr - 1), (FRAME, rows))
    ci = _band_pixels(n, cols, (0, nc - 1), (FRAME, cols))
    if len(ri):
        lab[ri] = bgr_to_lab(bgr[ri])
    if len(ci):
        lab[:, ci] = bgr_to_lab(np.ascontiguousarray(bgr[:, ci]))
    return lab


#: A strip's colour is even along the board's side to within this (CIELAB, the median spread of
#: its segments plus their spread between segments).
STRIP_SPREAD = 12.0


def find_frame(image: np.ndarray, lattice: Lattice, palette: Palette, *, cell_px: int = 16
               ) -> Frame | None:
    """Find the 8x8 board frame on ``lattice`` (full-image homography) in ``image`` (BGR).

    Every window of 8x8 cells is judged by thin slices outside its four sides (see
    :data:`SLICE_STARTS`): on each side, the slice over its middle six cells that is most even
    and closest to a kit colour is its strip; the four strips must be even, close to kit colours
    and of four different colours. Slice statistics are computed once per cell side, so all
    windows are judged together.

    Returns ``None`` when no window of the lattice has coloured strips on its four sides.
    """
    td = rectify(image, lattice, cell_px=cell_px)
    if td.rows < FRAME or td.cols < FRAME:
        return None
    n = cell_px
    rows, cols = td.rows, td.cols
    # slices outside a window: above its top row line, below its bottom line, left, right
    nr, nc = rows - FRAME + 1, cols - FRAME + 1
    lab = _band_lab(td.image, n, rows, cols, nr, nc)
    inner = np.arange(1, FRAME - 1)  # the middle six cells of a side
    r0 = np.arange(nr)[:, None, None]
    c0 = np.arange(nc)[None, :, None]
    meds, spreads = [], []  # per side: (S, nr, nc, 3) and (S, nr, nc) over the slices S
    for e in EDGES:
        before = e in ("n", "w")
        horizontal = e in ("n", "s")
        first = (0, (nr if horizontal else nc) - 1) if before else (FRAME, rows if horizontal else cols)
        m_s, s_s = [], []
        for off in _slices(before):
            med, spr = _band_stats(lab, n, rows, cols, off, horizontal, first)
            # (segments: (nr, nc, 6, 3) medians and (nr, nc, 6) spreads)
            if e == "n":
                seg, seg_s = med[r0, c0 + inner], spr[r0, c0 + inner]
            elif e == "s":
                seg, seg_s = med[r0 + FRAME, c0 + inner], spr[r0 + FRAME, c0 + inner]
            elif e == "w":
                seg, seg_s = med[c0, r0 + inner], spr[c0, r0 + inner]
            else:
                seg, seg_s = med[c0 + FRAME, r0 + inner], spr[c0 + FRAME, r0 + inner]
            m = np.median(seg, axis=2)  # (nr, nc, 3)
            between = np.median(np.linalg.norm(seg - m[:, :, None, :], axis=3), axis=2)
            m_s.append(m)
            s_s.append(np.median(seg_s, axis=2) + between)
        meds.append(np.stack(m_s))
        spreads.append(np.stack(s_s))
    meds = np.stack(meds, axis=3)        # (S, nr, nc, 4, 3)
    spread = np.stack(spreads, axis=3)   # (S, nr, nc, 4)
    valid = np.all(np.isfinite(meds), axis=4) & np.isfinite(spread)  # (S, nr, nc, 4)
    if not valid.any(axis=0).all(axis=-1).any():
        return None
    meds = np.where(valid[..., None], meds, 0.0)
    d = ciede2000(meds[..., None, :], palette.lab[None, None, None, None, :, :])  # (S, nr, nc, 4, k)
    idx = d.argmin(-1)
    dist = np.take_along_axis(d, idx[..., None], -1)[..., 0]
    chroma = np.hypot(meds[..., 1], meds[..., 2])
    side_score = dist + np.nan_to_num(spread, nan=1e3) - 0.3 * np.minimum(chroma, 60)
    side_score = np.where(valid, side_score, np.inf)
    best = np.argmin(side_score, axis=0)  # (nr, nc, 4): each side's slice
    pick = best[None, ...]
    side_score = np.take_along_axis(side_score, pick, 0)[0]
    idx = np.take_along_axis(idx, pick, 0)[0]
    dist = np.take_along_axis(dist, pick, 0)[0]
    spread = np.take_along_axis(np.nan_to_num(spread, nan=1e3), pick, 0)[0]
    score = side_score.sum(-1)  # (nr, nc), inf where a side has no slice in view
    br, bc = np.unravel_index(int(np.argmin(score)), score.shape)
    if not np.isfinite(score[br, bc]):
        return None
    slices = best[br, bc]
    idx, dist, spread = idx[br, bc], dist[br, bc], spread[br, bc]
    # (one strip may be uneven, a glare over part of it, when the other three are even)
    second, worst = np.sort(spread)[-2:]
    uneven = worst > STRIP_SPREAD and (second > STRIP_SPREAD / 2 or worst > 2 * STRIP_SPREAD)
    if np.max(dist) > 25 or uneven or len(set(idx.tolist())) < min(4, len(palette.names)):
        # the four sides of the board carry four different colours
        logger.debug("no board frame: strips dE %s spread %s colours %s", dist, spread, idx)
        return None
    conf = float(np.clip(1 - np.max(dist) / 30, 0, 1))
    borders = {e: palette.names[int(i)] for e, i in zip(EDGES, idx)}
    logger.debug("board frame at %s: strips dE %s spread %s, from %s cells out", (br, bc),
                 np.round(dist, 1), np.round(spread, 1), [SLICE_STARTS[k] for k in slices])
    return Frame((td.r0 + int(br), td.c0 + int(bc)), borders, conf)
