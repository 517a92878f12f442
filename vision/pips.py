"""Count die pips on solid tile faces by fitting the die layouts to a pip-scale blob response.

A pip is a small round spot contrasting with the face. The lightness of the top-down view is
filtered centre-minus-surround at the pip's scale (a box of side ~2 pip radii minus the box around
it), which answers strongly to pips and weakly to larger patches (glare, shadow) and to the face.
Each cell's response is sampled on the 3x3 grid of die positions (a few spacings and small shifts
tried, since tiles sit a little off their cells) and every die layout (1-6, both diagonals for 2
and 3, both orientations for 6) is fitted as a two-level signal (pips at one contrast, the rest at
none). The best layout's residual against the runner-up gives a posterior over the counts.

Conventions: ``L`` is the top-down view's CIELAB lightness ``(h, w)`` float32; cells are squares
of ``n`` pixels laid out row-major as in :class:`vision.cells.TopDown`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

#: Die layouts on the 3x3 grid (index = 3 * row + col), the variants of a quarter turn included.
_LAYOUTS: tuple[tuple[int, tuple[int, ...]], ...] = (
    (1, (4,)),
    (2, (0, 8)), (2, (2, 6)),
    (3, (0, 4, 8)), (3, (2, 4, 6)),
    (4, (0, 2, 6, 8)),
    (5, (0, 2, 4, 6, 8)),
    (6, (0, 2, 3, 5, 6, 8)), (6, (0, 1, 2, 6, 7, 8)),
)
#: Die-position spacings tried, as a fraction of the cell (centre to corner pip, per axis).
SPACINGS = (0.21, 0.245, 0.28)
#: Shifts of the grid tried, as a fraction of the cell.
SHIFTS = (-0.16, -0.12, -0.08, -0.04, 0.0, 0.04, 0.08, 0.12, 0.16)
#: Smallest pip contrast (CIELAB lightness units) counted as a pip.
MIN_CONTRAST = 9.0


@dataclass(frozen=True)
class PipReading:
    """Per cell: ``count`` (N,) most likely pips (0 when no pips are seen), ``prob`` (N, 6) the
    posterior of 1-6 pips, ``contrast`` (N,) the fitted pip contrast, ``confidence`` (N,)."""

    count: np.ndarray
    prob: np.ndarray
    contrast: np.ndarray
    confidence: np.ndarray
    geometry: np.ndarray | None = None  # (N,) index of the best-fitting die grid (_geometry)
    layout: np.ndarray | None = None  # (N,) index of the best-fitting layout (_LAYOUTS)


@lru_cache(maxsize=1)
def _layout_masks() -> tuple[np.ndarray, np.ndarray]:
    on = np.zeros((len(_LAYOUTS), 9), bool)
    counts = np.zeros(len(_LAYOUTS), int)
    for i, (k, idx) in enumerate(_LAYOUTS):
        on[i, list(idx)] = True
        counts[i] = k
    return on, counts


#: Pip radii tried, as a fraction of the cell: makers print pips of different sizes (the
#: project's renderer about 0.075 of the tile's side, the independent renderer's smaller, about
#: 0.05), and the centre-minus-surround response is strongest, and the die layouts stand out
#: best, where its box matches the pip (a box twice the pip's size halves a small pip's
#: contrast: 7.5 against 26 for a clear white pip on green, indie octopus hard 000).
PIP_RADII = (0.075, 0.05)


def blob_response(L: np.ndarray, n: int, radius: float = PIP_RADII[0]) -> np.ndarray:
    """Centre-minus-surround lightness at the pip scale (pips of ``radius`` cells):
    ``(h, w)`` float32 (positive on spots lighter than their surroundings)."""
    r = max(2, int(round(radius * n)))
    inner = cv2.boxFilter(L, cv2.CV_32F, (2 * r + 1, 2 * r + 1), borderType=cv2.BORDER_REPLICATE)
    big = 4 * r + 1
    outer = cv2.boxFilter(L, cv2.CV_32F, (big, big), borderType=cv2.BORDER_REPLICATE)
    a_in, a_out = (2 * r + 1) ** 2, big ** 2
    ring = (outer * a_out - inner * a_in) / (a_out - a_in)
    return inner - ring


@lru_cache(maxsize=8)
def _geometry(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Sample offsets (G, 9) in pixels from a cell's top-left corner, y and x, for every tried
    spacing and shift of the 3x3 die grid."""
    gy, gx = np.divmod(np.arange(9), 3)
    geo = np.array([(s, dy, dx) for s in SPACINGS for dy in SHIFTS for dx in SHIFTS])
    py = (0.5 + geo[:, 1, None] + geo[:, 0, None] * (gy - 1.0)) * n - 0.5
    px = (0.5 + geo[:, 2, None] + geo[:, 0, None] * (gx - 1.0)) * n - 0.5
    return np.round(py).astype(int), np.round(px).astype(int)


#: The die grids' spacing tried when judging the pips' size (see :func:`read_pips`), with
#: every shift (tiles sit off their cells): the size is judged on the median over the cells,
#: which the spacing moves little.
PROBE_SPACING = 0.245


@lru_cache(maxsize=1)
def _probe_grids() -> np.ndarray:
    """The indices of :func:`_geometry`'s grids of :data:`PROBE_SPACING`."""
    geo = [s for s in SPACINGS for _ in SHIFTS for _ in SHIFTS]
    return np.array([i for i, s in enumerate(geo) if s == PROBE_SPACING])


def read_pips(L: np.ndarray, n: int, origins: np.ndarray) -> dict[int, PipReading]:
    """Count pips on the cells whose top-left pixels are ``origins`` ``(N, 2)`` (y, x) in ``L``,
    for both polarities: ``{+1: pips lighter than the face, -1: darker}``.

    Read at the first pip size of :data:`PIP_RADII`, and at a smaller one where the pips stand
    out over the cells (the median of each cell's stronger polarity's contrast) by at least the
    ratio of the two radii more at it: one kit's pips are all of one size, and the view has a
    fixed number of pixels per cell. (A pip as large as the first box or larger gives about
    the same contrast in the smaller one, one as small as the smaller box (r0 / r1)^2 times
    as much: the ratio r0 / r1 is the midpoint between, in log. Below it the first size is
    kept: the smaller box answers more to a tile's toothed rim.)"""
    best = _read_pips_at(L, n, origins, PIP_RADII[0])
    if not len(origins):
        return best
    level = _contrast_level(best)
    for radius in PIP_RADII[1:]:
        # (judged on fewer die grids first, read in full when kept: the pips stand out a
        # little less on fewer grids, never more)
        probe = _contrast_level(_read_pips_at(L, n, origins, radius, coarse=True))
        if probe >= PIP_RADII[0] / radius * level:
            return _read_pips_at(L, n, origins, radius)
    return best


def _contrast_level(reads: dict[int, PipReading]) -> float:
    """How far the pips of :func:`read_pips`' ``reads`` stand out over their cells: the median
    of each cell's stronger polarity's contrast."""
    return float(np.median(np.maximum(reads[1].contrast, reads[-1].contrast)))


def _read_pips_at(L: np.ndarray, n: int, origins: np.ndarray, radius: float, *,
                  coarse: bool = False) -> dict[int, PipReading]:
    """:func:`read_pips` for pips of ``radius`` cells; ``coarse``: on the die grids of
    :data:`PROBE_SPACING` only (for judging the pips' size)."""
    N = len(origins)
    if N == 0:
        z = np.zeros(0)
        return {p: PipReading(z.astype(int), np.zeros((0, 6)), z, z) for p in (1, -1)}
    # only the part of the view that holds the cells
    y0, x0 = origins.min(0)
    y1, x1 = origins.max(0) + n
    pad = n // 2
    ya, xa = max(0, y0 - pad), max(0, x0 - pad)
    sub = L[ya:y1 + pad, xa:x1 + pad].astype(np.float32)
    resp = blob_response(sub, n, radius)
    k3 = np.ones((3, 3), np.uint8)
    h, w = sub.shape
    py, px = _geometry(n)
    if coarse:
        py, px = py[_probe_grids()], px[_probe_grids()]
    ys = np.clip(origins[:, 0, None, None] - ya + py[None], 0, h - 1)
    xs = np.clip(origins[:, 1, None, None] - xa + px[None], 0, w - 1)
    return {p: _fit_layouts(cv2.dilate(p * resp, k3)[ys, xs]) for p in (1, -1)}


def _fit_layouts(v: np.ndarray) -> PipReading:
    """Fit the die layouts to the responses ``v`` ``(N, G, 9)`` (G candidate geometries)."""
    N = len(v)
    v = v.astype(np.float64)
    on, counts = _layout_masks()
    non = on.sum(1)  # (Lk,)
    # two-level fit per layout: pips at c (mean of the on positions), the rest at 0
    c = (v @ on.T.astype(np.float64)) / non  # (N, G, Lk)
    tot2 = (v ** 2).sum(-1)[..., None]
    sse = tot2 - non * c ** 2
    score = non * c ** 2 - 3.0 * sse
    score = np.where(c > 0, score, -np.inf)
    flat = score.reshape(N, -1)
    best = flat.argmax(1)
    bg, bl = np.divmod(best, score.shape[2])
    rows = np.arange(N)
    cb = c[rows, bg]  # (N, Lk)
    sb = sse[rows, bg]
    contrast = cb[rows, bl]
    # posterior over layouts at the best geometry; noise from the residual, floored
    sigma2 = np.maximum(sb[rows, bl] / 9.0, (0.12 * np.maximum(contrast, 1.0)) ** 2) + 4.0
    ll = -sb / (2 * sigma2[:, None])
    ll = np.where(cb > 0, ll, -np.inf)
    top = ll.max(1, keepdims=True)
    # (a cell where no layout's pips stand out at all, a bare patch: no count more likely)
    none = ~np.isfinite(top)
    ll = np.where(none, 0.0, ll - np.where(none, 0.0, top))
    p_l = np.exp(ll)
    p_l /= p_l.sum(1, keepdims=True)
    prob = np.zeros((N, 6))
    for j, k in enumerate(counts):
        prob[:, k - 1] += p_l[:, j]
    count = counts[bl].copy()
    faint = contrast < MIN_CONTRAST
    count[faint] = 0
    conf = prob[rows, counts[bl] - 1]
    # weak contrast next to the noise: less sure
    conf = conf * np.clip((contrast - MIN_CONTRAST) / 8.0, 0.0, 1.0)
    return PipReading(count, prob, contrast, conf, bg, bl)


def pip_centres(reading: PipReading, n: int, i: int) -> np.ndarray:
    """The centres ``(k, 2)`` (y, x pixels from the cell's top-left corner, cells of ``n``
    pixels) of the pips of cell ``i``'s best-fitting layout in ``reading``; ``(0, 2)`` when the
    reading does not say."""
    if reading.geometry is None or reading.layout is None:
        return np.zeros((0, 2), int)
    py, px = _geometry(n)
    on, _ = _layout_masks()
    g, lay = int(reading.geometry[i]), int(reading.layout[i])
    return np.stack([py[g][on[lay]], px[g][on[lay]]], axis=1)
