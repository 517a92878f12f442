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

from dataclasses import dataclass, fields, replace
from functools import lru_cache

import logging

import cv2
import numpy as np

logger = logging.getLogger(__name__)

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
#: Shifts of the grid, as a fraction of the cell, in steps of 0.04: those up to
#: :data:`NEAR_SHIFT` are tried on every cell, the rest on a cell whose best grid lies at that
#: reach (see :func:`read_pips`). Up to 0.24: loosely laid tiles lie a fifth to a quarter of a
#: cell off their cells (the independent renderer's final17 octopus-normal-1768, a blue two a
#: quarter off read as a one, the one pip its grid at 0.16 reached; oct58 octopus-normal-2657,
#: a purple six a third off), and 0.24 stays within the middle die spacing (0.245): a grid
#: shifted by a whole spacing would lay a die's corner pips on its middle positions. (At the
#: smallest spacing, 0.21, a shift of 0.24 can: the wider grids are tried only where a near
#: grid at the 0.16 reach won, a face that far off already.)
SHIFTS = (-0.24, -0.2, -0.16, -0.12, -0.08, -0.04, 0.0, 0.04, 0.08, 0.12, 0.16, 0.2, 0.24)
#: The shifts tried on every cell reach this far (the reach measured before the wider ones were
#: added: trying the wider ones on every cell changed which lattice a photo was read on, and
#: Octopus's 276 development photos read 146 -> 195 cells wrong, hard-2515 0 -> 20).
NEAR_SHIFT = 0.16
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


#: The names of :class:`PipReading`'s fields, each an array over the cells (or None).
PIP_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(PipReading))


def pip_rows(reading: PipReading, rows: np.ndarray) -> PipReading:
    """The rows ``rows`` (an index or a mask over its cells) of a :func:`read_pips` reading
    (each field's; a field that is None stays None)."""
    return PipReading(**{name: (None if getattr(reading, name) is None
                                else getattr(reading, name)[rows])
                         for name in PIP_FIELDS})


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


def pip_box(radius: float, n: int) -> int:
    """The half-size in pixels (at least 2) of the box a pip of ``radius`` cells is measured
    in, cells of ``n`` pixels."""
    return max(2, int(round(radius * n)))


def blob_response(L: np.ndarray, n: int, radius: float = PIP_RADII[0]) -> np.ndarray:
    """Centre-minus-surround lightness at the pip scale (pips of ``radius`` cells):
    ``(h, w)`` float32 (positive on spots lighter than their surroundings)."""
    r = pip_box(radius, n)
    inner = cv2.boxFilter(L, cv2.CV_32F, (2 * r + 1, 2 * r + 1), borderType=cv2.BORDER_REPLICATE)
    big = 4 * r + 1
    outer = cv2.boxFilter(L, cv2.CV_32F, (big, big), borderType=cv2.BORDER_REPLICATE)
    a_in, a_out = (2 * r + 1) ** 2, big ** 2
    # ring = (outer * a_out - inner * a_in) / (a_out - a_in); inner - ring: the same float32
    # steps, in place (a fresh array of the view's size costs several times its arithmetic)
    ring = outer
    ring *= a_out
    ring -= inner * a_in
    ring /= a_out - a_in
    return np.subtract(inner, ring, out=inner)


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


def _grid_params() -> list[tuple[float, float, float]]:
    """``(spacing, dy, dx)`` of each of :func:`_geometry`'s grids, in its order."""
    return [(s, dy, dx) for s in SPACINGS for dy in SHIFTS for dx in SHIFTS]


@lru_cache(maxsize=1)
def _near_grids() -> np.ndarray:
    """The indices of :func:`_geometry`'s grids shifted by :data:`NEAR_SHIFT` at most."""
    return np.array([i for i, (_, dy, dx) in enumerate(_grid_params())
                     if max(abs(dy), abs(dx)) <= NEAR_SHIFT + 1e-9])


@lru_cache(maxsize=1)
def _reach_grids() -> np.ndarray:
    """``(G,)`` bool: whether each of :func:`_geometry`'s grids is shifted by
    :data:`NEAR_SHIFT` along an axis (the near grids' reach)."""
    return np.array([abs(abs(dy) - NEAR_SHIFT) < 1e-9 and abs(dx) <= NEAR_SHIFT + 1e-9
                     or abs(abs(dx) - NEAR_SHIFT) < 1e-9 and abs(dy) <= NEAR_SHIFT + 1e-9
                     for _, dy, dx in _grid_params()])


@lru_cache(maxsize=1)
def _probe_grids() -> np.ndarray:
    """The indices of :func:`_geometry`'s near grids (:func:`_near_grids`) of
    :data:`PROBE_SPACING`."""
    return np.array([i for i in _near_grids() if _grid_params()[i][0] == PROBE_SPACING])


def read_pips(L: np.ndarray, n: int, origins: np.ndarray, *,
              farther: bool = True, faint_again: bool = False) -> dict[int, PipReading]:
    """Count pips on the cells whose top-left pixels are ``origins`` ``(N, 2)`` (y, x) in ``L``,
    for both polarities: ``{+1: pips lighter than the face, -1: darker}``.

    On die grids shifted by :data:`NEAR_SHIFT` at most, and with ``farther`` a cell whose best
    grid lies at that reach on every grid (:func:`_farther_off`): the layout's tiles (beside
    the layout, a bare cell's grid would reach a tile's or the table's spots further off).

    Read at the first pip size of :data:`PIP_RADII`, and at a smaller one where the pips stand
    out over the cells (the median of each cell's stronger polarity's contrast) by at least the
    ratio of the two radii more at it: one kit's pips are all of one size, and the view has a
    fixed number of pixels per cell. (A pip as large as the first box or larger gives about
    the same contrast in the smaller one, one as small as the smaller box (r0 / r1)^2 times
    as much: the ratio r0 / r1 is the midpoint between, in log. Below it the first size is
    kept: the smaller box answers more to a tile's toothed rim.)

    With ``farther`` and ``faint_again`` (a game whose tiles all lie pips up, Octopus: where
    tiles may lie pips down or blank, Textile, every such face reads unsurely), a cell read
    unsurely in both polarities is read again at the other pip size (:data:`FAINT_PIPS_CONF`).
    A row so replaced carries the contrast measured at the other size's box."""
    if not len(origins):
        return _read_pips_at(L, n, origins, PIP_RADII[0])
    view = _PipView(L, n, origins)
    best = _read_pips_at(L, n, origins, PIP_RADII[0], view=view)
    level = _contrast_level(best)
    radius = PIP_RADII[0]
    for r in PIP_RADII[1:]:
        # (judged on fewer die grids first, read in full when kept: the pips stand out a
        # little less on fewer grids, never more)
        probe = _contrast_level(_read_pips_at(L, n, origins, r, coarse=True, view=view))
        if probe >= PIP_RADII[0] / r * level:
            best, radius = _read_pips_at(L, n, origins, r, view=view), r
            break
    if not farther:
        return best
    best = {p: _farther_off(L, n, origins, radius, view, p, reading)
            for p, reading in best.items()}
    if not faint_again:
        return best
    return _faint_read_again(L, n, origins, radius, view, best)


#: A cell whose pips read less surely than this in both polarities at the photo's pip size (the
#: confidence of :func:`_fit_layouts`: a count fitted at a contrast within the ramp above
#: :data:`MIN_CONTRAST`) is read again at the other sizes of :data:`PIP_RADII`, a polarity's
#: reading there taken where its likeliest count is another, and it is surer than this and
#: than the first. (The size is the photo's, judged on the median cell: a cell blurred or seen
#: at a slant may show its pips at the other. Where a small pip is read at the large box, a
#: tile's toothed rim beside the dark table can outweigh it: the independent renderer's final24
#: octopus-hard-3410 and oct57 normal-2518, a green one with a clear white pip read as a six of
#: rim spots at 9.8 L*, confidence 0.1, and as a one at 22 L* at the smaller size. Where both
#: sizes see the same count the face's pips are faint, not of another size, and the reading
#: stays as unsure: final23 octopus-hard-3007, a yellow one whose pip both read as a five,
#: 9.0-9.4 and 17-18 L* out, left to the set's assignment, which took it as the one. Read so
#: only with ``faint_again``, where every tile lies pips up (Octopus). vision.cells'
#: _pips_through_glare reads one washed cell at a time on its whiteness: there the "photo's
#: size" is that one cell's own, and the re-read overrides :func:`read_pips`' ratio rule for
#: it; that path is inside the Octopus measurement. 0.5: the reader's threshold for an
#: attribute, vision.cells.CONFIDENCE_THRESHOLD (equal by value: vision.cells imports this
#: module; a test holds them equal).)
FAINT_PIPS_CONF = 0.5


def _faint_read_again(L: np.ndarray, n: int, origins: np.ndarray, radius: float,
                      view: _PipView, reads: dict[int, PipReading]) -> dict[int, PipReading]:
    """``reads`` (both polarities' readings at ``radius`` of the cells at ``origins``
    ``(N, 2)``, on ``view``) with each cell read unsurely in both polarities (see
    :data:`FAINT_PIPS_CONF`) read again at the other pip sizes, a polarity's row replaced where
    the other size's likeliest count is another, surer than :data:`FAINT_PIPS_CONF` and than
    before (on every grid, as :func:`read_pips` reads the layout's cells)."""
    faint = np.nonzero(np.maximum(reads[1].confidence, reads[-1].confidence)
                       < FAINT_PIPS_CONF)[0]
    if not len(faint):
        return reads
    for r in PIP_RADII:
        if r == radius:
            continue
        again = _read_pips_at(L, n, origins[faint], r, view=view)
        for p in (1, -1):
            other = _farther_off(L, n, origins[faint], r, view, p, again[p])
            surer = ((other.confidence > FAINT_PIPS_CONF)
                     & (other.confidence > reads[p].confidence[faint])
                     & (other.prob.argmax(1) != reads[p].prob[faint].argmax(1)))
            if surer.any():
                logger.debug("pips: %d faint cells read surer at pip size %.3f (polarity %+d)",
                             int(surer.sum()), r, p)
                reads = {**reads, p: _rows_replaced(reads[p], faint[surer], pip_rows(other, surer))}
    return reads


def _farther_off(L: np.ndarray, n: int, origins: np.ndarray, radius: float, view: _PipView,
                 p: int, reading: PipReading) -> PipReading:
    """``reading`` (polarity ``p``, pips of ``radius`` on the cells at ``origins`` ``(N, 2)``)
    with its cells whose best die grid lies at the near grids' reach (:func:`_reach_grids`),
    pips seen, read again on every grid (:data:`SHIFTS`): a tile further off its cell."""
    if reading.geometry is None:
        return reading
    idx = np.nonzero(_reach_grids()[reading.geometry] & (reading.count > 0))[0]
    if not len(idx):
        return reading
    again = _read_pips_at(L, n, origins[idx], radius, view=view, every=True)[p]
    logger.debug("pips: %d cells at the die grids' reach read again further off", len(idx))
    return _rows_replaced(reading, idx, again)


def _rows_replaced(reading: PipReading, rows: np.ndarray, again: PipReading) -> PipReading:
    """``reading`` with its cells ``rows`` (indices ``(K,)``) replaced by ``again``'s (a
    reading of those K cells, in that order)."""
    out = {}
    for name in PIP_FIELDS:
        arr = getattr(reading, name).copy()
        arr[rows] = getattr(again, name)
        out[name] = arr
    return PipReading(**out)


class _PipView:
    """The part of the view ``L`` that holds the cells of ``origins`` ``(N, 2)`` (with half a
    cell around them), and what :func:`_read_pips_at` computes on it, kept for the other pip
    sizes and die grids read on the same cells: ``sub`` ``(h, w)`` float32 from ``(ya, xa)``
    of ``L``; :meth:`spots` the dilated pip responses per size and polarity; :meth:`integral`
    ``sub``'s ``cv2.integral`` (float64), made once when a rim is looked at."""

    def __init__(self, L: np.ndarray, n: int, origins: np.ndarray) -> None:
        y0, x0 = origins.min(0)
        y1, x1 = origins.max(0) + n
        pad = n // 2
        self.n = n
        self.ya, self.xa = max(0, y0 - pad), max(0, x0 - pad)
        self.sub = L[self.ya:y1 + pad, self.xa:x1 + pad].astype(np.float32)
        self._responses: dict[float, np.ndarray] = {}
        self._spots: dict[tuple[float, int], np.ndarray] = {}
        self._integral: np.ndarray | None = None

    def spots(self, radius: float, p: int) -> np.ndarray:
        """``(h, w)`` float32: the pip response (:func:`blob_response`) of pips of ``radius``
        cells in polarity ``p``, dilated by a pixel (a die position a pixel off a pip's centre
        keeps its peak)."""
        key = (radius, p)
        if key not in self._spots:
            if radius not in self._responses:
                self._responses[radius] = blob_response(self.sub, self.n, radius)
            resp = self._responses[radius] if p == 1 else -self._responses[radius]
            self._spots[key] = cv2.dilate(resp, np.ones((3, 3), np.uint8))
        return self._spots[key]

    def integral(self) -> np.ndarray:
        if self._integral is None:
            self._integral = cv2.integral(self.sub, sdepth=cv2.CV_64F)
        return self._integral


def _contrast_level(reads: dict[int, PipReading]) -> float:
    """How far the pips of :func:`read_pips`' ``reads`` stand out over their cells: the median
    of each cell's stronger polarity's contrast."""
    return float(np.median(np.maximum(reads[1].contrast, reads[-1].contrast)))


def _read_pips_at(L: np.ndarray, n: int, origins: np.ndarray, radius: float, *,
                  coarse: bool = False, view: _PipView | None = None,
                  every: bool = False) -> dict[int, PipReading]:
    """:func:`read_pips` for pips of ``radius`` cells, on the near die grids
    (:func:`_near_grids`), or on every one with ``every``; ``coarse``: on the near die
    grids of :data:`PROBE_SPACING` only (for judging the pips' size); ``view``: the part of
    ``L`` made by an earlier read (made here when not given) for the same ``n`` and origins
    ``origins`` lie among. The readings' ``geometry`` indexes :func:`_geometry`'s grids."""
    N = len(origins)
    if N == 0:
        z = np.zeros(0)
        return {p: PipReading(z.astype(int), np.zeros((0, 6)), z, z) for p in (1, -1)}
    if view is None:
        view = _PipView(L, n, origins)
    h, w = view.sub.shape
    py, px = _geometry(n)
    chosen = _probe_grids() if coarse else None if every else _near_grids()
    if chosen is not None:
        py, px = py[chosen], px[chosen]
    ys = np.clip(origins[:, 0, None, None] - view.ya + py[None], 0, h - 1)
    xs = np.clip(origins[:, 1, None, None] - view.xa + px[None], 0, w - 1)

    at = ys * w + xs  # (the same pixels, as indices into the flattened view: a faster gather)
    out = {}
    for p in (1, -1):
        v = view.spots(radius, p).take(at)
        reading = _fit_layouts(v)
        if not coarse:
            reading = _rims_checked(view.integral, n, radius, p, ys, xs, v, reading,
                                    _near_rim(n) if chosen is None else _near_rim(n)[chosen])
        out[p] = reading if chosen is None else replace(reading, geometry=chosen[reading.geometry])
    return out


#: Die positions this close to the cell's side (fraction of the cell) may lie on a tile's rim:
#: a tile centred in its cell has its rim about 0.05 inside the cell, its gaps between teeth
#: there, and its corner pips' centres about 0.25 (0.22-0.28) from the cell's side, so a pip
#: this close needs its tile more than ~0.13 off its cell. A pip is printed on the face,
#: enclosed by the face's paint on every side; a spot this close to the side with the face on
#: its inner side only is the table (or the shadow, or the crack beside the next tile) seen
#: through a gap between the tile's teeth, open to the tile's outside. (Measured: 0.2, where
#: real pips of tiles far off their cells fall too (indie final2 octopus-hard-052, a lattice
#: off by a third of a cell), lost more pips than it saved: Octopus+Textile indie sets 2 more
#: errors, final5 3 more; 0.12 saved the bench pink one as well.)
RIM_BAND = 0.12
#: A spot at a die position within :data:`RIM_BAND` of the cell's side counts as a pip only up
#: to this many times its contrast against the least contrasting of its surround's four sides
#: (strips ``r`` deep just beyond the pip's box, ``r`` the box's half-side, above, below, left
#: and right of it). A pip on a face under an even shading gradient stands out from its
#: darker-lit side by about its contrast less half the gradient across the ring, so 3 keeps its
#: full response while the gradient is at most 4/3 of its contrast (and a pip the die grid
#: samples a pixel or two off its centre, blurred, keeps more of it than at 2: the own
#: renderer's hard dev photos lost two more pips at 2); a gap between a tile's teeth, open
#: to the table or the crack beside the next tile, stands out little from the side where the
#: gap runs on (the own renderer's bench octopus-hard-2201: the gaps on a pink one's rims, next
#: to a white tile, read as a two). Every side, not only the outer one: the next tile beyond a
#: gap may be lighter than the face.
SIDE_WEIGHT = 3.0


@lru_cache(maxsize=8)
def _near_rim(n: int) -> np.ndarray:
    """``(G, 9)`` bool: whether each die position of :func:`_geometry` lies within
    :data:`RIM_BAND` of the cell's side."""
    py, px = _geometry(n)
    return np.minimum.reduce([py, px, n - 1 - py, n - 1 - px]) < RIM_BAND * n


def _least_side_contrast(integral: np.ndarray, r: int, ys: np.ndarray,
                         xs: np.ndarray, p: int) -> np.ndarray:
    """How far the pip-scale spots at ``ys, xs`` (any shape S, pixels of the image whose
    ``cv2.integral`` is ``integral``) stand out, in polarity ``p``, from the least contrasting
    of their surround's four sides (strips ``r`` deep beyond the centre's box of side
    ``2r + 1``, ``4r + 1`` long, above, below, left and right of it): ``S`` float64."""
    h, w = integral.shape[0] - 1, integral.shape[1] - 1

    def mean(y0, y1, x0, x1):
        # (integers: np.clip's values, without its overhead on these small arrays)
        y0, y1 = np.minimum(np.maximum(y0, 0), h), np.minimum(np.maximum(y1, 0), h)
        x0, x1 = np.minimum(np.maximum(x0, 0), w), np.minimum(np.maximum(x1, 0), w)
        area = np.maximum((y1 - y0) * (x1 - x0), 1)
        return (integral[y1, x1] - integral[y0, x1] - integral[y1, x0] + integral[y0, x0]) / area

    inner = mean(ys - r, ys + r + 1, xs - r, xs + r + 1)
    wide = (xs - 2 * r, xs + 2 * r + 1)
    tall = (ys - 2 * r, ys + 2 * r + 1)
    strips = (mean(ys - 2 * r, ys - r, *wide), mean(ys + r + 1, ys + 2 * r + 1, *wide),
              mean(*tall, xs - 2 * r, xs - r), mean(*tall, xs + r + 1, xs + 2 * r + 1))
    return np.min([p * (inner - s) for s in strips], axis=0)


def _rims_checked(integral, n: int, radius: float, p: int, ys: np.ndarray,
                  xs: np.ndarray, v: np.ndarray, reading: PipReading,
                  rim: np.ndarray) -> PipReading:
    """``reading`` (:func:`_fit_layouts` of the responses ``v`` ``(N, G, 9)`` sampled at
    ``ys, xs`` in the image whose ``cv2.integral`` ``integral()`` gives, polarity ``p``) with
    the cells whose fitted pips include a spot open to the tile's outside (see
    :data:`RIM_BAND`, :data:`SIDE_WEIGHT`) fitted again, a spot at a die position near the
    cell's side counting as a pip only as far as it stands out from every side of its surround
    (but against a layout without a pip there by all it shows). Only the fitted pips near a rim
    are looked at first, so a photo whose pips lie inside pays little. ``rim`` ``(G, 9)``:
    :func:`_near_rim` of the grids ``v`` was sampled on."""
    on, _ = _layout_masks()
    N = len(v)
    rows = np.arange(N)
    g, lay = reading.geometry, reading.layout
    near = rim[g] & on[lay] & (reading.count > 0)[:, None]  # (N, 9): fitted pips near a rim
    if not near.any():
        return reading
    r = pip_box(radius, n)
    least = _least_side_contrast(integral(), r, ys[rows, g], xs[rows, g], p)  # (N, 9)
    bound = near & (SIDE_WEIGHT * np.maximum(least, 0.0) < v[rows, g])
    flagged = np.nonzero(bound.any(1))[0]
    if not len(flagged):
        return reading
    v_on = v[flagged].astype(np.float64)  # (F, G, 9)
    # (the sides looked at only where they may cap: the die positions near a rim, ~14%)
    at = np.broadcast_to(rim, v_on.shape)
    least = _least_side_contrast(integral(), r, ys[flagged][at], xs[flagged][at], p)
    v_on[at] = np.minimum(v_on[at], SIDE_WEIGHT * np.maximum(least, 0.0))
    again = _fit_layouts(v[flagged], v_on)
    logger.debug("pips: %d cells with a spot open to the rim fitted again", len(flagged))
    return _rows_replaced(reading, flagged, again)


def _sum9(x: np.ndarray, *, squared: bool = False) -> np.ndarray:
    """``x.sum(-1)`` (``squared``: ``(x ** 2).sum(-1)``) of float64 ``(..., 9)`` (the die
    positions), bit for bit: numpy adds an axis of nine as its first eight pairwise, then the
    ninth; here column by column, several times as fast as numpy's reduction over so short an
    axis (and without the squares' array)."""
    col = (lambda i: x[..., i] * x[..., i]) if squared else (lambda i: x[..., i])
    return (((col(0) + col(1)) + (col(2) + col(3)))
            + ((col(4) + col(5)) + (col(6) + col(7)))) + col(8)


def _fit_layouts(v: np.ndarray, v_on: np.ndarray | None = None) -> PipReading:
    """Fit the die layouts to the responses ``v`` ``(N, G, 9)`` (G candidate geometries);
    ``v_on`` (same shape, ``v`` unless given): the responses where a layout puts a pip (a spot
    counts as a pip only as far as :func:`_rims_checked` allows, but against a layout without
    a pip there by all it shows)."""
    N = len(v)
    v = v.astype(np.float64)
    on, counts = _layout_masks()
    non = on.sum(1)  # (Lk,)
    onf = on.T.astype(np.float64)
    # (each step below in place where it can be: these are the largest arrays of a read,
    # (N, G, Lk), and a fresh one costs more than the arithmetic on it)
    if v_on is None:
        tot2 = _sum9(v, squared=True)[..., None]
        v_on = v
    else:
        v_on = v_on.astype(np.float64)
        # (the squares summed: v_on at the layout's pips, v elsewhere)
        sq = v * v
        tot2 = _sum9(sq)[..., None] - sq @ onf + (v_on ** 2) @ onf
    # two-level fit per layout: pips at c (mean of the on positions), the rest at 0
    c = v_on @ onf  # (N, G, Lk)
    c /= non
    fitted = np.square(c)  # (the squares the pips' level explains)
    fitted *= non
    score = np.subtract(tot2, fitted)  # (the residual, sse)
    score *= 3.0
    np.subtract(fitted, score, out=score)  # fitted - 3 sse
    np.putmask(score, ~(c > 0), -np.inf)
    flat = score.reshape(N, -1)
    best = flat.argmax(1)
    bg, bl = np.divmod(best, score.shape[2])
    rows = np.arange(N)
    cb = c[rows, bg]  # (N, Lk)
    sb = tot2[rows, bg] - fitted[rows, bg]  # (the residual at the best die grid)
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


def pip_spacing(reading: PipReading, n: int, i: int) -> float:
    """The spacing in pixels between neighbouring pips of cell ``i``'s die grid in ``reading``
    (cells of ``n`` pixels; see :func:`_geometry`: spacing outermost, then the shifts)."""
    return SPACINGS[int(reading.geometry[i]) // len(SHIFTS) ** 2] * n


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
