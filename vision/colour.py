"""Colour science: sRGB <-> CIELAB (D65), CIEDE2000, white balance and palette classification.

Conventions: images are BGR ``uint8`` (OpenCV); colours passed around as Lab are ``float``
arrays ``(..., 3)`` with L in 0-100 and a, b in about -128..127 (real CIELAB, not OpenCV's
8-bit scaling).
"""
from __future__ import annotations

import logging
import math
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping, Sequence

import cv2
import numpy as np

logger = logging.getLogger(__name__)


def _one_row(values: np.ndarray) -> np.ndarray:
    """Colours ``(..., 3)`` as an OpenCV image of one row ``(1, N, 3)``. (OpenCV converts an
    image row by row: an ``(N, 1, 3)`` column costs about five times as much, for the same
    values. Not for Lab -> BGR, whose values differ in the last bits between the two.)"""
    return values.reshape(1, -1, 3)


def bgr_to_lab(bgr: np.ndarray) -> np.ndarray:
    """BGR ``uint8`` (or float in [0, 1]) ``(..., 3)`` -> CIELAB float32 ``(..., 3)``, D65."""
    arr = np.asarray(bgr)
    f = arr.astype(np.float32)
    if arr.dtype == np.uint8:
        f /= 255.0
    shape = f.shape
    lab = cv2.cvtColor(_one_row(f), cv2.COLOR_BGR2Lab)
    return lab.reshape(shape)


def hue_deg(lab: np.ndarray) -> np.ndarray:
    """Hue angle (degrees, -180..180) of CIELAB ``(..., 3)``: ``(...)``."""
    return np.degrees(np.arctan2(lab[..., 2], lab[..., 1]))


def hex_to_lab(value: str) -> np.ndarray:
    """``"#C8102E"`` -> CIELAB ``(3,)`` float32, a fresh array. (Converted once per value: the
    reader names the kit's paints by their hex codes cell by cell.)"""
    return _hex_lab(value).copy()


@lru_cache(maxsize=256)
def _hex_lab(value: str) -> np.ndarray:
    """:func:`hex_to_lab`'s conversion, kept (read-only)."""
    rgb = [int(value[i:i + 2], 16) for i in (1, 3, 5)]
    lab = bgr_to_lab(np.array(rgb[::-1], dtype=np.uint8).reshape(1, 3))[0]
    lab.flags.writeable = False
    return lab


def srgb_to_linear(x: np.ndarray) -> np.ndarray:
    """sRGB values in [0, 1] -> linear light."""
    x = np.asarray(x, dtype=np.float32)
    return np.where(x <= 0.04045, x / 12.92, ((x + 0.055) / 1.055) ** 2.4)


def linear_to_srgb(x: np.ndarray) -> np.ndarray:
    x = np.clip(np.asarray(x, dtype=np.float32), 0.0, 1.0)
    return np.where(x <= 0.0031308, 12.92 * x, 1.055 * x ** (1 / 2.4) - 0.055)


def ciede2000(lab1: np.ndarray, lab2: np.ndarray) -> np.ndarray:
    """CIEDE2000 colour difference (kL = kC = kH = 1), broadcasting ``(..., 3)`` arrays.

    (The terms used more than once are computed once: the reader calls this for every palette
    match; the values are the textbook formula's, bit for bit.)"""
    lab1 = np.asarray(lab1, dtype=np.float64)
    lab2 = np.asarray(lab2, dtype=np.float64)
    L1, a1, b1 = lab1[..., 0], lab1[..., 1], lab1[..., 2]
    L2, a2, b2 = lab2[..., 0], lab2[..., 1], lab2[..., 2]
    C1 = np.hypot(a1, b1)
    C2 = np.hypot(a2, b2)
    Cbar7 = ((C1 + C2) / 2) ** 7
    G1 = 1 + 0.5 * (1 - np.sqrt(Cbar7 / (Cbar7 + _25_POW_7)))  # 1 + G
    a1p, a2p = G1 * a1, G1 * a2
    C1p, C2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dLp = L2 - L1
    dCp = C2p - C1p
    CC = C1p * C2p
    achromatic = CC == 0
    dh = h2p - h1p
    dh = np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh))
    dh = np.where(achromatic, 0.0, dh)
    dHp = 2 * np.sqrt(CC) * np.sin(np.radians(dh) / 2)
    Lbp = (L1 + L2) / 2
    Cbp = (C1p + C2p) / 2
    hsum = h1p + h2p
    hbp = np.where(np.abs(h1p - h2p) > 180, np.where(hsum < 360, hsum + 360, hsum - 360), hsum) / 2
    hbp = np.where(achromatic, hsum, hbp)
    T = (1 - 0.17 * np.cos(np.radians(hbp - 30)) + 0.24 * np.cos(np.radians(2 * hbp))
         + 0.32 * np.cos(np.radians(3 * hbp + 6)) - 0.20 * np.cos(np.radians(4 * hbp - 63)))
    dtheta = 30 * np.exp(-(((hbp - 275) / 25) ** 2))
    Cbp7 = Cbp ** 7
    RC = 2 * np.sqrt(Cbp7 / (Cbp7 + _25_POW_7))
    dL50 = (Lbp - 50) ** 2
    SL = 1 + 0.015 * dL50 / np.sqrt(20 + dL50)
    SC = 1 + 0.045 * Cbp
    SH = 1 + 0.015 * Cbp * T
    RT = -np.sin(np.radians(2 * dtheta)) * RC
    c_term = dCp / SC
    h_term = dHp / SH
    return np.sqrt((dLp / SL) ** 2 + c_term ** 2 + h_term ** 2 + RT * c_term * h_term)


_25_POW_7 = 25.0 ** 7


#: A measured colour's covariance is shrunk towards this isotropic spread (CIELAB units, one
#: standard deviation) as if it had been seen ``COV_PRIOR_N`` more times; no direction may be
#: tighter than ``COV_MIN_SD`` (a handful of samples cannot make a colour over-confident) nor
#: wider than ``COV_MAX_SD`` (a few contaminated samples cannot make it swallow a neighbour).
#: One calibration photo shows one light: photos of play vary more, by ``COV_SESSION_SD`` in
#: every direction, which is added.
COV_PRIOR_SD = 4.0
COV_PRIOR_N = 8.0
COV_MIN_SD = 2.5
COV_MAX_SD = 8.0
COV_SESSION_SD = 4.0
#: Weight of the covariance-aware (Mahalanobis) distance against CIEDE2000 when a palette
#: colour has a measured covariance.
COV_WEIGHT = 0.5
_COV_REF_SD = float(np.hypot(COV_PRIOR_SD, COV_SESSION_SD))


@dataclass(frozen=True)
class Palette:
    """Named reference colours in CIELAB; ``lab`` has shape ``(K, 3)`` in the order of ``names``.

    ``cov`` (optional, ``(K, 3, 3)``) is each colour's spread as measured by calibration (already
    regularised, see :func:`regularised_cov`); ``None`` rows (NaN) use CIEDE2000 alone.
    ``clipped`` (optional, ``(K, 3)`` bool, BGR order) marks the channels blown out where a
    colour was learnt: its ``lab`` holds the clip level there, a lower bound of the colour's
    (see :func:`classify_adaptive`, which estimates them from the photo read).
    """

    names: tuple[str, ...]
    lab: np.ndarray
    cov: np.ndarray | None = None
    clipped: np.ndarray | None = None

    @classmethod
    def from_hex(cls, colours: Mapping[str, str]) -> "Palette":
        names = tuple(colours)
        return cls(names, np.stack([hex_to_lab(colours[n]) for n in names]).astype(np.float64))

    @classmethod
    def from_profile(cls, profile: Mapping, fallback: Mapping[str, str]) -> "Palette":
        """Profile colours (``{"colours": {name: {"lab": [L, a, b], "cov": 3x3, "n": N}}}``) over
        the kit defaults; a colour's covariance (when given) is regularised by its count."""
        base = cls.from_hex(fallback)
        lab = base.lab.copy()
        cov = np.full((len(base.names), 3, 3), np.nan)
        clipped = np.zeros((len(base.names), 3), bool)
        colours = profile.get("colours", {}) if isinstance(profile, Mapping) else {}
        for i, name in enumerate(base.names):
            entry = colours.get(name)
            if isinstance(entry, Mapping) and len(entry.get("lab", ())) == 3:
                lab[i] = np.asarray(entry["lab"], dtype=np.float64)
                blown = entry.get("clipped") or ()
                clipped[i] = [ch in blown for ch in "bgr"]
                c = entry.get("cov")
                try:
                    c = np.asarray(c, dtype=np.float64) if c is not None else None
                except (TypeError, ValueError):
                    c = None
                if c is not None and c.shape == (3, 3) and np.all(np.isfinite(c)):
                    n = entry.get("n", 1)
                    n = float(n) if isinstance(n, (int, float)) and not isinstance(n, bool) else 1.0
                    cov[i] = regularised_cov(c, n)
        return cls(base.names, lab, cov if np.isfinite(cov).any() else None,
                   clipped if clipped.any() else None)

    def subset(self, names: Sequence[str]) -> "Palette":
        idx = [self.names.index(n) for n in names]
        return Palette(tuple(names), self.lab[idx], None if self.cov is None else self.cov[idx],
                       None if self.clipped is None else self.clipped[idx])


def regularised_cov(cov: np.ndarray, n: float) -> np.ndarray:
    """A measured 3x3 Lab covariance from ``n`` samples, shrunk towards ``COV_PRIOR_SD``
    (weight ``COV_PRIOR_N``), its eigenvalues clipped to ``[COV_MIN_SD ** 2, COV_MAX_SD ** 2]``,
    plus ``COV_SESSION_SD ** 2`` in every direction."""
    cov = 0.5 * (np.asarray(cov, dtype=np.float64) + np.asarray(cov, dtype=np.float64).T)
    n = max(float(n), 0.0)
    shrunk = (n * cov + COV_PRIOR_N * COV_PRIOR_SD ** 2 * np.eye(3)) / (n + COV_PRIOR_N)
    w, v = np.linalg.eigh(shrunk)
    w = np.clip(w, COV_MIN_SD ** 2, COV_MAX_SD ** 2) + COV_SESSION_SD ** 2
    return (v * w) @ v.T


#: The last results of :func:`palette_distance` by their samples, palette and predicted
#: colours (the reader matches the same cells against the same light more than once: the
#: light's fit at its start and end, a cell's colours named again by another step) ...
_DISTANCE_MEMO: OrderedDict = OrderedDict()
#: ... this many of them, of at most this many samples each (the repeated matches are of cells'
#: colours, tens to hundreds; a region's pixels, thousands, are matched once).
DISTANCE_MEMO_SIZE = 64
DISTANCE_MEMO_SAMPLES = 2048


def palette_distance(lab: np.ndarray, palette: Palette, predicted: np.ndarray | None = None) -> np.ndarray:
    """:func:`palette_distance_of` (see there), the same samples against the same palette and
    predicted colours computed once (see :data:`_DISTANCE_MEMO`); a fresh array each call."""
    return palette_distances(lab, palette, [predicted])[0]


def palette_distances(lab: np.ndarray, palette: Palette,
                      predicted: Sequence[np.ndarray | None]) -> list[np.ndarray]:
    """:func:`palette_distance` of the samples ``lab`` against each of several predictions of
    the palette (``predicted``, each ``(K, 3)`` or None), those not computed before (see
    :data:`_DISTANCE_MEMO`) in one call of :func:`palette_distance_of`: a light's fit tries
    a few exposures at its start, and a call's fixed cost (tens of array operations of
    CIEDE2000) is most of a match of tens of cells. Fresh arrays."""
    samples = np.asarray(lab, dtype=np.float64).reshape(-1, 3)
    if len(samples) > DISTANCE_MEMO_SAMPLES:
        return [palette_distance_of(lab, palette, p) for p in predicted]
    refs = [np.asarray(palette.lab if p is None else p, dtype=np.float64) for p in predicted]
    cov = b"" if palette.cov is None else np.asarray(palette.cov, np.float64).tobytes()
    sample_key = (id(palette), samples.tobytes(), samples.strides)
    keys = [(*sample_key, ref.shape, ref.strides, ref.tobytes(), cov) for ref in refs]
    out: list[np.ndarray | None] = []
    for key in keys:
        hit = _DISTANCE_MEMO.get(key)
        if hit is not None and hit[0]() is palette:
            _DISTANCE_MEMO.move_to_end(key)
            out.append(hit[1].copy())
        else:
            out.append(None)
    todo = [i for i, d in enumerate(out) if d is None]
    if todo:
        k = len(palette.lab)
        if len(todo) == 1:
            d_all = palette_distance_of(lab, palette, refs[todo[0]])
        else:
            d_all = palette_distance_of(lab, palette, np.vstack([refs[i] for i in todo]), tiled=len(todo))
        for j, i in enumerate(todo):
            d = d_all[:, j * k:(j + 1) * k]
            out[i] = d.copy()
            _DISTANCE_MEMO[keys[i]] = (weakref.ref(palette), d.copy())
        while len(_DISTANCE_MEMO) > DISTANCE_MEMO_SIZE:
            _DISTANCE_MEMO.popitem(last=False)
    return out


def palette_distance_of(lab: np.ndarray, palette: Palette, predicted: np.ndarray | None = None,
                        *, tiled: int = 1) -> np.ndarray:
    """Distances ``(N, K)`` of Lab samples ``(N, 3)`` to the palette colours.

    CIEDE2000 to the colours as predicted (``predicted`` ``(K, 3)``, default the palette itself);
    for colours with a measured covariance, blended with the Mahalanobis distance under that
    covariance, scaled to CIELAB units by the prior's spread (so a colour measured to vary along a
    direction tolerates samples along it, and one measured tight is kept tight, within the
    regularisation's limits): ``sqrt((1 - w) dE00^2 + w (sd0 * mahalanobis)^2)``.
    ``tiled``: ``predicted`` holds that many predictions of the palette one after the other
    (``(tiled * K, 3)``), the distances ``(N, tiled * K)`` likewise.
    """
    lab = np.asarray(lab, dtype=np.float64).reshape(-1, 3)
    ref = palette.lab if predicted is None else predicted
    d = ciede2000(lab[:, None, :], ref[None, :, :])
    if palette.cov is None:
        return d
    has = np.isfinite(palette.cov).all(axis=(1, 2))
    if not has.any():
        return d
    inv = np.linalg.inv(np.where(has[:, None, None], palette.cov, np.eye(3)))  # (K, 3, 3)
    if tiled > 1:
        has, inv = np.tile(has, tiled), np.tile(inv, (tiled, 1, 1))
    diff = lab[:, None, :] - ref[None, :, :]  # (N, K, 3)
    m2 = np.einsum("nki,kij,nkj->nk", diff, inv, diff)
    dm = _COV_REF_SD * np.sqrt(np.maximum(m2, 0.0))
    blended = np.sqrt((1 - COV_WEIGHT) * d ** 2 + COV_WEIGHT * dm ** 2)
    return np.where(has[None, :], blended, d)


@dataclass(frozen=True)
class ColourMatch:
    """Nearest palette entries for N samples: ``index`` (N,), ``distance`` (N,) CIEDE2000 to the
    best, ``margin`` (N,) second-best minus best distance; ``predicted`` (K, 3) the palette's Lab
    as matched against (None: the palette itself)."""

    index: np.ndarray
    distance: np.ndarray
    margin: np.ndarray
    predicted: np.ndarray | None = None


def match_palette(lab: np.ndarray, palette: Palette, predicted: np.ndarray | None = None) -> ColourMatch:
    """Classify Lab samples ``(N, 3)`` against ``palette`` (CIEDE2000, with the measured
    covariances where the palette has them; see :func:`palette_distance`), optionally against the
    colours as ``predicted`` ``(K, 3)`` under the light."""
    lab = np.asarray(lab, dtype=np.float64).reshape(-1, 3)
    return match_from_distances(palette_distance(lab, palette, predicted), predicted)


def match_from_distances(d: np.ndarray, predicted: np.ndarray | None = None) -> ColourMatch:
    """The nearest palette entries of samples whose distances to the K colours are ``d``
    ``(N, K)`` (e.g. adjusted by other evidence), with ``predicted`` (K, 3) kept; with one
    colour the margin is infinite."""
    rows = np.arange(len(d))
    if d.shape[1] > 1:
        two = np.argpartition(d, 1, axis=1)[:, :2]
        best, second = two[:, 0], two[:, 1]
        dist, dist2 = d[rows, best], d[rows, second]
    else:
        best = np.zeros(len(d), int)
        dist, dist2 = d[:, 0], np.full(len(d), np.inf)
    return ColourMatch(best, dist, dist2 - dist, predicted)


def as_correction(c: np.ndarray | None) -> np.ndarray:
    """A colour correction as ``(2, 3)``: per-channel gain and offset in linear BGR."""
    if c is None:
        return np.array([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]])
    c = np.asarray(c, dtype=np.float64)
    if c.shape == (3,):
        return np.vstack([c, np.zeros(3)])
    return c.reshape(2, 3)


def fit_correction(observed_bgr: np.ndarray, target_bgr: np.ndarray, *,
                   weights: np.ndarray | None = None, offset: bool = True) -> np.ndarray:
    """Per-channel gain and offset ``(2, 3)`` with ``target = gain * observed + offset`` in linear
    light (von Kries white balance plus a veiling-glare / haze term).

    Both inputs are ``(N, 3)`` sRGB BGR values in [0, 1]; weighted least squares per channel,
    clipped to a sane range. Without ``offset`` (or with too little spread) only gains are fitted.
    """
    o = srgb_to_linear(observed_bgr).astype(np.float64)
    t = srgb_to_linear(target_bgr).astype(np.float64)
    w = np.ones(len(o)) if weights is None else np.asarray(weights, dtype=np.float64)
    out = np.array([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]])
    for ch in range(3):
        oc, tc = o[:, ch], t[:, ch]
        sw = w.sum()
        mo, mt = (w * oc).sum() / sw, (w * tc).sum() / sw
        var = (w * (oc - mo) ** 2).sum() / sw
        if offset and len(o) >= 6 and var > 1e-3:
            g = (w * (oc - mo) * (tc - mt)).sum() / sw / var
            g = float(np.clip(g, 0.3, 3.0))
            b = float(np.clip(mt - g * mo, -0.5, 0.1))
        else:
            g = float(np.clip((w * oc * tc).sum() / max((w * oc * oc).sum(), 1e-9), 0.25, 4.0))
            b = 0.0
        out[:, ch] = (g, b)
    return out


def fit_gains(observed_bgr: np.ndarray, target_bgr: np.ndarray, *, weights: np.ndarray | None = None
              ) -> np.ndarray:
    """Per-channel (von Kries) gains ``(3,)`` that map observed linear BGR onto target linear BGR."""
    return fit_correction(observed_bgr, target_bgr, weights=weights, offset=False)[0]


def apply_gains_lab(lab: np.ndarray, gains_bgr: np.ndarray) -> np.ndarray:
    """Apply a linear-light BGR correction (gains ``(3,)`` or gain+offset ``(2, 3)``) to Lab
    colours ``(N, 3)``; returns Lab ``(N, 3)``."""
    c = as_correction(gains_bgr)
    lab = np.asarray(lab, dtype=np.float32).reshape(-1, 1, 3)
    bgr = cv2.cvtColor(lab, cv2.COLOR_Lab2BGR).reshape(-1, 3)
    lin = srgb_to_linear(np.clip(bgr, 0, 1)) * c[0].astype(np.float32) + c[1].astype(np.float32)
    return bgr_to_lab(linear_to_srgb(lin).astype(np.float32))


def lab_to_bgr(lab: np.ndarray) -> np.ndarray:
    """Lab ``(N, 3)`` -> sRGB BGR in [0, 1] ``(N, 3)``."""
    lab = np.asarray(lab, dtype=np.float32).reshape(-1, 1, 3)
    return np.clip(cv2.cvtColor(lab, cv2.COLOR_Lab2BGR).reshape(-1, 3), 0, 1)


def palette_linear(palette: Palette) -> np.ndarray:
    """The palette's colours as linear BGR ``(K, 3)`` float64 (its CIELAB through sRGB)."""
    return srgb_to_linear(lab_to_bgr(palette.lab)).astype(np.float64)


def _predict_lin(pal_lin: np.ndarray, correction: np.ndarray | None) -> np.ndarray:
    """The palette ``pal_lin`` (K, 3) linear BGR as the camera would record it under
    ``correction`` (forward model: ``observed = clip(gain * true + offset)`` per channel,
    clipping included, so over-exposed colours are predicted as they look): Lab ``(K, 3)``."""
    return _predict_lins(pal_lin, [correction])[0]


def _predict_lins(pal_lin: np.ndarray, corrections: Sequence[np.ndarray | None]
                  ) -> list[np.ndarray]:
    """:func:`_predict_lin` under each of ``corrections``, converted together (a light's fit
    predicts its palette under a few lights at once; the same values as one by one)."""
    c = np.stack([as_correction(k) for k in corrections])  # (S, 2, 3)
    out = np.clip(pal_lin[None, :, :] * c[:, 0, None, :] + c[:, 1, None, :], 0.0, 1.0)
    lab = bgr_to_lab(linear_to_srgb(out).astype(np.float32)).astype(np.float64)
    return list(lab)


#: Linear values at or above this are taken as clipped by the camera (an 8-bit channel at 250
#: of 255 and above: a sensor's highlight roll-off starts there).
UNCLIPPED_BELOW = 0.97
#: The haze of the forward model (see :func:`_fit_forward`), as a share of the light on a white
#: paint, is looked for in this range: a lens's veiling glare or the sheen of a glossy face adds
#: up to about a third of the light; a camera's black level crushes the darks by a little.
HAZE_RANGE = (-0.05, 0.3)
#: ... on a grid of this many values (then the best one's neighbourhood once more, as finely).
HAZE_STEPS = 36


#: The hazes of the first pass (:data:`HAZE_RANGE` in :data:`HAZE_STEPS`), and its step.
_HAZE_GRID = np.linspace(*HAZE_RANGE, HAZE_STEPS)
_HAZE_STEP = float(_HAZE_GRID[1] - _HAZE_GRID[0])
_HAZE_STEPS_AT = np.arange(HAZE_STEPS, dtype=np.float64)


def _linspace(start: float, stop: float) -> np.ndarray:
    """``np.linspace(start, stop, HAZE_STEPS)`` to the bit (its arithmetic for float
    scalars, without its checks and conversions: it cost as much as the fit it served)."""
    y = _HAZE_STEPS_AT * ((stop - start) / (HAZE_STEPS - 1)) + start
    y[-1] = stop
    return y


def _clip_gain(g: np.ndarray) -> np.ndarray:
    """A channel's gain ``g`` held within 0.25-4 (``np.clip``'s values, without its wrapper)."""
    return np.minimum(np.maximum(g, 0.25), 4.0)


def _fit_shared_haze(obs_lin: np.ndarray, pal_lin: np.ndarray, w: np.ndarray,
                     colour: np.ndarray | None = None) -> np.ndarray:
    """Per-channel gain and offset with ``obs = gain * (pal + haze)`` (linear light), ignoring
    clipped observations: a gain per channel (the light's colour and the exposure) and one haze
    for all three. Haze is light added to every paint alike, whatever its own colour: a lens's
    veiling glare, or the sheen of the tiles' glossy faces (a black acrylic face reflects a few
    per cent of the room). It comes from the same light, so the camera records it with the same
    cast as a white paint: each channel's offset is ``gain * haze``. (Fitted channel by channel,
    offsets tinted the darks: one channel's offset fitted to its few dark samples' errors made
    black paints predicted red or purple, and black tiles then fit no paint.) A glare from a
    white ceiling or a window under a coloured lamp is grey instead (the same offset in every
    channel): the forms are fitted and the one that fits best is kept. A channel with
    fewer than two unclipped observations uses all of them.

    ``colour`` ``(3,)`` linear BGR (largest channel 1): the haze's colour in the palette's own
    terms, ``obs = gain * (pal + haze * colour)``; default grey (a palette of colours under
    daylight, the kit's). A profile's colours were recorded under the player's lamp, cast and
    all: a haze from that lamp is in its colour there (see
    :func:`vision.profile_use.profile_lamp`), not grey. With a ``colour`` a third form is
    fitted too, the haze in that colour as recorded, whatever this photo's gains
    (``obs = gain * pal + haze * colour``, see :func:`_haze_as_recorded`)."""
    obs_lin = np.asarray(obs_lin, np.float64)
    pal_lin = np.asarray(pal_lin, np.float64)
    w = np.asarray(w, np.float64)
    ok = obs_lin < UNCLIPPED_BELOW
    thin = ok.sum(0) < 2
    ok[:, thin] = True
    wk = np.where(ok, w[:, None], 0.0)  # (N, 3)
    c = np.ones(3) if colour is None else np.asarray(colour, np.float64)
    # weighted sums per channel; for a haze h, with x = p + h c: the gain is sum(w x o) / sum(w x x)
    s1 = wk.sum(0)
    sp, so = (wk * pal_lin).sum(0), (wk * obs_lin).sum(0)
    spp, spo, soo = (wk * pal_lin ** 2).sum(0), (wk * pal_lin * obs_lin).sum(0), (wk * obs_lin ** 2).sum(0)

    def sse(h: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        # (H,) hazes -> the summed squared error (H,) and the gains (H, 3) (clipped as before)
        h = h[:, None] * c[None, :]
        sxx = spp + 2 * h * sp + h * h * s1
        sxo = spo + h * so
        g = _clip_gain(sxo / np.maximum(sxx, 1e-12))
        err = soo - 2 * g * sxo + g * g * sxx
        return err.sum(1), g

    spp_safe = np.maximum(spp, 1e-12)

    def sse_offset(b: np.ndarray, tint: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        # (H,) offsets recorded as they are, in the colour ``tint`` (3,) (ones: a grey offset;
        # the haze's colour: see _haze_as_recorded) -> the summed squared error (H,) and the
        # gains (H, 3)
        b = b[:, None] * tint[None, :]
        g = _clip_gain((spo - b * sp) / spp_safe)
        err = soo - 2 * g * spo - 2 * b * so + g * g * spp + 2 * g * b * sp + b * b * s1
        return err.sum(1), g

    lo, hi = HAZE_RANGE
    fits = []
    grey = np.ones(3)
    forms = [(sse, lambda g, h: g * h * c),
             (lambda b: sse_offset(b, grey), lambda g, h: np.full(3, h))]
    if _haze_as_recorded(colour):
        forms.append((lambda b: sse_offset(b, c), lambda g, h: h * c))
    for f, scale in forms:
        err, _ = f(_HAZE_GRID)
        best = _HAZE_GRID[int(np.argmin(err))]
        fine = _linspace(max(lo, best - _HAZE_STEP), min(hi, best + _HAZE_STEP))
        err, g = f(fine)
        k = int(np.argmin(err))
        fits.append((float(err[k]), np.vstack([g[k], scale(g[k], fine[k])])))
    return min(fits, key=lambda t: t[0])[1]


def _haze_as_recorded(colour: np.ndarray | None) -> bool:
    """Whether :func:`_fit_shared_haze` fits, beside its two forms, a haze in ``colour`` as the
    photo records it, not scaled by the photo's gains (``obs = gain * pal + haze * colour``):
    when a colour is given (a profile's measured haze, see
    :func:`vision.profile_use.profile_haze_colour`) that is not exactly grey (an exactly grey one
    is the grey form): in practice any measured haze, so on a profile with a measured haze the
    form is fitted on every photo whose light is fitted with a shared haze (the solid kits'; a
    near-grey haze's third form all but repeats the grey one, harmlessly).

    The haze's colour was measured in the calibration photo's recorded terms, and the gains a
    later photo's light fit finds against the profile are not only the camera's change of
    white balance: they take up the profile's own misfit too (paints learnt with a haze whose
    colour was fitted against the kit's defaults, channels clipped on the calibration photo),
    and a veil scaled by them may be colder than the photo's darks show. Measured: the
    calibration measure's Octopus seed 0 (a 3000 K lamp, profile haze B:G:R 0.55:0.76:1),
    photo 11's black faces at L* 45-49 stand above the gained black paint by 0.53:0.73:1, the
    veil scaled by the gains fitted 0.68:0.85:1: the blacks were predicted colder than seen and
    read as brown. (A renderer or camera that adds the veil after its exposure, as
    ``vision.synth`` does with the sheen, records it so; the form is kept only where it fits
    the faces better, as the two others are.) Measured with ``tests/calibration/measure.py``
    (with the profile; helper cal42): Octopus seed 0 16 -> 13 wrong cells (bar 15; photo 11's
    blacks no longer brown, photo 1 1 -> 0; photo 4 0 -> 1, a near tie between two lattice
    candidates tipped by the new light's colour fit, "lattice squared" then dropping a pink
    tile), seed 1 18 unchanged (its haze below HAZE_MEASURED), a fresh seed 3 18 -> 17 (photo 13
    0 -> 1: a white tile read on the table beside the layout), Textile seeds 0 and 1 unchanged
    photo by photo."""
    if colour is None:
        return False
    c = np.asarray(colour, np.float64)
    return bool(np.ptp(c) > 0.0)


def _fit_forward(obs_lin: np.ndarray, pal_lin: np.ndarray, w: np.ndarray, *,
                 shared_haze: bool | np.ndarray = False) -> np.ndarray:
    """The forward model's light ``(2, 3)`` fitted to observations ``obs_lin`` ``(N, 3)`` of the
    paints ``pal_lin`` ``(N, 3)`` (linear BGR) with weights ``w`` ``(N,)``: with ``shared_haze``
    one haze in the light's colour (:func:`_fit_shared_haze`; an array ``(3,)``: the haze's
    colour in the palette's terms, there ``colour``), else an offset per channel
    (:func:`_fit_forward_free`)."""
    if isinstance(shared_haze, np.ndarray):
        return _fit_shared_haze(obs_lin, pal_lin, w, shared_haze)
    if shared_haze:
        return _fit_shared_haze(obs_lin, pal_lin, w)
    return _fit_forward_free(obs_lin, pal_lin, w)


def _fit_forward_free(obs_lin: np.ndarray, pal_lin: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Per-channel gain and offset with ``obs = gain * pal + offset`` (linear light), ignoring
    clipped observations. A channel with too few unclipped observations (or too little spread
    among them) for its own offset takes none or, when the two others had enough, their mean
    offset (the haze a lens or a glare adds is about grey), whichever fits its observations
    better."""
    out = as_correction(None)
    fitted: list[float] = []
    thin: list[tuple[int, np.ndarray, np.ndarray, np.ndarray]] = []
    for ch in range(3):
        o, p = obs_lin[:, ch], pal_lin[:, ch]
        ok = o < UNCLIPPED_BELOW
        if ok.sum() < 2:
            ok = np.ones_like(ok)
        o, p, ww = o[ok], p[ok], w[ok]
        sw = ww.sum()
        mo, mp = (ww * o).sum() / sw, (ww * p).sum() / sw
        var = (ww * (p - mp) ** 2).sum() / sw
        if len(o) >= 6 and var > 2e-3:
            g = (ww * (p - mp) * (o - mo)).sum() / sw / var
            g = _clip(g, 0.25, 4.0)
            b = _clip(mo - g * mp, -0.05, 0.3)
            out[:, ch] = (g, b)
            fitted.append(b)
        else:
            thin.append((ch, o, p, ww))
    offsets = [0.0] + ([sum(fitted) / len(fitted)] if len(fitted) >= 2 else [])
    for ch, o, p, ww in thin:
        best = None
        for b in offsets:
            g = _clip((ww * (o - b) * p).sum() / max((ww * p * p).sum(), 1e-9), 0.25, 4.0)
            sse = float((ww * (g * p + b - o) ** 2).sum())
            if best is None or sse < best[0] - 1e-12:
                best = (sse, g, b)
        out[:, ch] = best[1:]
    return out


#: A blown-out channel of a profile colour is estimated up to this many times its clip level.
UNCLIP_MAX = 4.0
#: A sample matched to a colour with a blown channel tells that channel only when its other
#: channels are within this factor of the colour's prediction (tiles in shade or a lamp's
#: fall-off: within 1.3; a notepad taken for yellow tiles: 2x).
UNCLIP_SHADE = 1.5


def _unclipped(pal_lin: np.ndarray, blown: np.ndarray, obs_lin: np.ndarray, index: np.ndarray,
               corr: np.ndarray, w: np.ndarray) -> np.ndarray:
    """The palette ``(K, 3)`` linear BGR with each blown-out channel (``blown`` ``(K, 3)``)
    estimated from the samples matched to its colour (``index`` (N,), observations ``obs_lin``
    (N, 3), weights ``w``) under the light ``corr``: the weighted median of
    ``(observed - offset) / gain`` (a lower bound where a sample is blown out here too), between
    the clip level (the colour was at least that bright) and :data:`UNCLIP_MAX` times it.

    A calibration photo exposed brighter than the photo read clips a light colour's warm
    channels (white's red and green under a warm lamp): at the clip level the colour is
    predicted too cold in a darker photo (observed: white tiles left unread)."""
    out = pal_lin.copy()
    for k, ch in zip(*np.nonzero(blown)):
        rows = index == k
        if not rows.any() or corr[0, ch] <= 0:
            continue
        est = (obs_lin[rows, ch] - corr[1, ch]) / corr[0, ch]
        ww = w[rows]
        kept = ~blown[k]
        if kept.any():
            # a sample of this paint shows its unblown channels as predicted, up to its own
            # shading (one factor for every channel): the blown channel is judged at that
            # shading, and a sample far from it is another surface the match took for this
            # colour (a notepad lighter than the tiles; observed: yellow's red estimated from
            # it, the yellow tiles then read as no colour)
            pred = corr[0, kept] * pal_lin[k, kept]
            shade = (obs_lin[rows][:, kept] - corr[1, kept]).sum(axis=1) / max(float(pred.sum()), 1e-6)
            ww = ww * ((shade > 1.0 / UNCLIP_SHADE) & (shade < UNCLIP_SHADE))
            est = est / np.maximum(shade, 1e-3)
        order = np.argsort(est)
        cw = np.cumsum(ww[order])
        if cw[-1] <= 0:
            continue
        med = float(est[order][np.searchsorted(cw, 0.5 * cw[-1])])
        out[k, ch] = _clip(med, pal_lin[k, ch], UNCLIP_MAX * pal_lin[k, ch])
    return out


def _clip(x: float, lo: float, hi: float) -> float:
    """``float(np.clip(x, lo, hi))`` of a scalar (NaN stays NaN), without numpy's overhead."""
    return min(max(float(x), lo), hi)


def _median(x: np.ndarray) -> float:
    """``np.median`` of a 1-D float array, without its overhead (the same partition and the
    same mean of the middle two; NaN when any value is NaN)."""
    n = len(x)
    if n == 0:
        return float(np.median(x))
    k = n // 2
    part = np.partition(x, [k - 1, k, n - 1] if n % 2 == 0 and n > 1 else [k, n - 1])
    if np.isnan(part[-1]):
        return float("nan")
    if n % 2:
        return float(part[k])
    return float((part[k - 1] + part[k]) / 2)


def median_last(a: np.ndarray) -> np.ndarray:
    """``np.median(a, axis=-1)`` of a float array: the same values (NaN where a row holds one)
    and type (a numpy scalar for 1-D input), about four times as fast. (numpy partitions around
    both middle elements and the last, a slow path; here the upper middle element is placed and
    the lower one is the largest before it.)"""
    a = np.asarray(a)
    n = a.shape[-1]
    if n == 0 or a.dtype.kind != "f":
        return np.median(a, axis=-1)
    k = n // 2
    part = np.partition(a, k, axis=-1)
    upper = part[..., k] if a.ndim > 1 else part[k]
    # (numpy takes the mean of the middle element(s), a sum from 0.0: a middle -0.0 gives 0.0)
    out = upper + 0.0 if n % 2 else (part[..., :k].max(axis=-1) + 0.0 + upper) / 2
    return _nan_where_nan(out, part[..., k:])


def percentile_last(a: np.ndarray, q: float, *, together: bool = False) -> np.ndarray:
    """``np.percentile(a, q, axis=-1)`` of a float array for one percentile ``q`` (linear
    interpolation): the same values (NaN where a row holds one) and type, a few times as fast
    (numpy partitions around four elements). ``together``: as numpy computes each of several
    percentiles asked for at once (``np.percentile(a, (q1, q2))``), which interpolates in
    float64."""
    a = np.asarray(a)
    n = a.shape[-1]
    if n == 0 or a.dtype.kind != "f" or not 0 <= q <= 100:
        return np.percentile(a, (q,) if together else q, axis=-1)[0 if together else ()]
    v = (n - 1) * (q / 100)  # (numpy's virtual index, in float64)
    nxt = n - 1 if v >= n - 1 else int(math.floor(v)) + 1
    part = np.partition(a, nxt, axis=-1)
    upper = part[..., nxt] if a.ndim > 1 else part[nxt]
    if v >= n - 1:  # (the largest value)
        lower, t = upper, 0.0
    else:
        lower, t = part[..., :nxt].max(axis=-1), v - (nxt - 1)
    if together:
        t = np.float64(t)
    diff = upper - lower
    out = upper - diff * (1 - t) if t >= 0.5 else lower + diff * t
    return _nan_where_nan(out, part[..., nxt:])


def norm3(v: np.ndarray) -> np.ndarray:
    """``np.linalg.norm(v, axis=-1)`` of ``(..., 3)`` float values: the same values bit for bit
    (numpy adds a last axis of three in order, ``(x0 + x1) + x2``) and type, several times as
    fast (a reduction over an axis of three costs more than the two additions; ten times for
    an (N, k, 3) block of cells' pixels). Integer values are taken as float64, as numpy's."""
    v = np.asarray(v)
    if v.dtype.kind != "f":
        v = v.astype(np.float64)
    return np.sqrt(v[..., 0] * v[..., 0] + v[..., 1] * v[..., 1] + v[..., 2] * v[..., 2])


def masked_pixels(cells: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """``cells[:, mask]``: the pixels under ``mask`` ``(h, w)`` bool of every cell of ``cells``
    ``(N, h, w, ...)``, as ``(N, k, ...)`` (``k`` the pixels set in ``mask``, in row-major
    order). The same values in the same order as numpy's boolean index, taken by flat indices
    (``np.flatnonzero`` + ``take``), about twice as fast; the result is C-contiguous (the
    boolean index's is not), which no element-wise or order-statistic use can tell apart."""
    cells = np.asarray(cells)
    n, h, w = cells.shape[:3]
    flat = cells.reshape(n, h * w, *cells.shape[3:])
    return flat.take(np.flatnonzero(mask), axis=1)


def dot3(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``np.sum(a * b, axis=-1)`` of ``(..., 3)`` float values, bit for bit (see :func:`norm3`)."""
    return a[..., 0] * b[..., 0] + a[..., 1] * b[..., 1] + a[..., 2] * b[..., 2]


def _nan_where_nan(out: np.ndarray, tail: np.ndarray) -> np.ndarray:
    """``out`` (a row's statistic) NaN where its row holds a NaN, as numpy's: a partition puts
    NaNs last, so they lie in ``tail``, the partitioned rows from the placed element on."""
    if tail.size == 0 or not np.isnan(np.max(tail)):  # (a NaN anywhere carries into the max)
        return out
    nan = np.isnan(tail).any(axis=-1)
    if np.ndim(out) == 0:
        return out.dtype.type(np.nan)
    return np.where(nan, np.nan, out).astype(out.dtype, copy=False)


#: A light's cast (a gain and an offset per channel) is told by samples only in the channels
#: their paints span: the paints matched must reach this share of the palette's range of
#: linear values in every channel (see :func:`spans_channels`). Red, orange and yellow cards
#: span 0.03 of a profile's blue channel and 0.19 of its red, and the cast fitted on them
#: (blue gain 1.9, a red offset 0.19 against the profile's own light) put the set's blue and
#: purple cards 13-14 dE from their paints (the independent renderer's calibration Tapestry
#: seed 0: two cards lost on a cloth of purple flowers, where only the warm cards stood out).
#: Half the range: far above those, while cards of all six paints span all of it (not tuned).
CAST_SPAN = 0.5


def spans_channels(palette: Palette, index: np.ndarray) -> bool:
    """Whether the paints ``index`` ``(N,)`` (into ``palette``) span every linear channel of
    the palette (:data:`CAST_SPAN` of its range), so that a cast fitted on samples of them
    also holds for the paints they do not show."""
    pal_lin = palette_linear(palette)
    seen = pal_lin[np.unique(np.asarray(index, int))]
    if not len(seen):
        return False
    full = pal_lin.max(axis=0) - pal_lin.min(axis=0)
    return bool(np.all(seen.max(axis=0) - seen.min(axis=0) >= CAST_SPAN * full))


def fit_exposure(lab: np.ndarray, palette: Palette, index: np.ndarray, start: np.ndarray | None
                 ) -> np.ndarray:
    """The light ``start`` (a correction, see :func:`as_correction`) at the exposure samples
    ``lab`` ``(N, 3)`` of the paints ``index`` ``(N,)`` show: its gains scaled by one factor,
    the median over the samples of their unclipped linear channels' sum over the paints'
    predicted (channels blown out in the photo or where the palette was learnt left out).
    Returns the correction ``(2, 3)``."""
    start = as_correction(start)
    obs = srgb_to_linear(lab_to_bgr(np.asarray(lab, np.float64).reshape(-1, 3))).astype(np.float64)
    idx = np.asarray(index, int)
    lit = palette_linear(palette)[idx] * start[0]  # (the offsets are kept, not scaled)
    ok = (obs < UNCLIPPED_BELOW) & (lit + start[1] < UNCLIPPED_BELOW)
    if palette.clipped is not None:
        ok &= ~palette.clipped[idx]
    rows = ok.any(axis=1)
    if not rows.any():
        return start
    seen = np.where(ok, obs - start[1], 0.0).sum(axis=1)
    ratio = (seen / np.maximum(np.where(ok, lit, 0.0).sum(axis=1), 1e-6))[rows]
    return np.vstack([_clip_gain(start[0] * _median(ratio)), start[1]])


def classify_adaptive(lab: np.ndarray, palette: Palette, *, iterations: int = 4,
                      gains_bgr: np.ndarray | None = None, explore: bool = True,
                      weights: np.ndarray | None = None, shared_haze: bool | np.ndarray = False
                      ) -> tuple[ColourMatch, np.ndarray, np.ndarray]:
    """Classify samples while estimating the light (colour cast, exposure, haze) from them.

    The camera is modelled forwards: each palette colour is recorded as
    ``clip(gain * true + offset)`` per linear BGR channel. Starting from ``gains_bgr`` (a ``(3,)``
    gain or ``(2, 3)`` gain+offset of that forward model) and, with ``explore``, from a few
    exposures, the samples are classified against the predicted palette, the model is refitted
    to the assignments, and so on; the start with the lowest robust cost wins. A few readings
    cannot swing the model (the fit is shrunk towards the start when there are few samples).
    ``weights`` (N,) say how much each sample may tell about the light (e.g. less where glare or
    shadow make a region uneven). A palette's ``clipped`` channels (blown out where a profile
    was learnt) are estimated from the samples matched to their colour at every step (see
    :func:`_unclipped`); the light is fitted against the palette as given. ``shared_haze``: the
    haze is one for all channels, in the light's colour (see :func:`_fit_forward`; an array
    ``(3,)``: the haze's colour in the palette's terms, see :func:`_fit_shared_haze`).

    Returns
    -------
    (match, lab (N, 3) as given, correction (2, 3) of the forward model)
    """
    lab = np.asarray(lab, dtype=np.float64).reshape(-1, 3)
    start = as_correction(gains_bgr)
    pal_lin = palette_linear(palette)
    blown = palette.clipped
    if blown is None and (len(lab) < 3 or iterations == 0):
        return match_palette(lab, palette, _predict_lin(pal_lin, start)), lab, start
    obs_lin = srgb_to_linear(lab_to_bgr(lab)).astype(np.float64)
    prior_w = np.ones(len(lab)) if weights is None else np.clip(np.asarray(weights, np.float64), 0.0, 1.0)

    def matched(corr: np.ndarray, w: np.ndarray, index: np.ndarray | None = None) -> ColourMatch:
        # the match under the light ``corr``: colours blown out where they were learnt have
        # their blown channels estimated from the samples matched to them (``index``, else
        # as matched at the clip level; see _unclipped)
        pal = pal_lin
        if blown is not None:
            if index is None:
                index = match_palette(lab, palette, _predict_lin(pal_lin, corr)).index
            pal = _unclipped(pal_lin, blown, obs_lin, index, corr, w)
        return match_palette(lab, palette, _predict_lin(pal, corr))

    if len(lab) < 3 or iterations == 0:
        return matched(start, prior_w), lab, start
    n = float(prior_w.sum())
    shrink = n / (n + 4.0)
    best = None
    starts = [start]
    if explore:
        starts += [np.vstack([start[0] * e, start[1]]) for e in (0.6, 1.6, 2.5)]

    def matched_all(corrs: list, ws: list, indices: list) -> list[ColourMatch]:
        # :func:`matched` of each light in ``corrs`` (weights ``ws``, matches ``indices``); with
        # no blown colour, all at once (see palette_distances)
        if blown is None:
            preds = _predict_lins(pal_lin, corrs)
            return [match_from_distances(d, p) for d, p in
                    zip(palette_distances(lab, palette, preds), preds)]
        return [matched(c, w, ix) for c, w, ix in zip(corrs, ws, indices)]

    first = list(zip(starts, matched_all(starts, [prior_w] * len(starts), [None] * len(starts))))
    if len(first) > 2:
        # refine the two starts that fit best at once (plus the given one)
        costs = [_median(m.distance) + 0.5 * float(np.mean(np.minimum(m.distance, 30))) for _, m in first]
        keep = {0, *np.argsort(costs)[:2].tolist()}
        first = [f for i, f in enumerate(first) if i in keep]
    # (the starts refined side by side, a step of each at a time: their matches at each step
    # at once, see palette_distances; each start's steps and ending as on its own)
    states = [[corr, match, True] for corr, match in first]  # [light, match, still refining]
    for _ in range(iterations):
        active = [s for s in states if s[2]]
        if not active:
            break
        steps = []
        for s in active:
            corr, match = s[0], s[1]
            w = prior_w / (1.0 + match.distance / 8.0)
            fit = _fit_forward(obs_lin, pal_lin[match.index], w, shared_haze=shared_haze)
            new = corr + shrink * (fit - corr) if corr is start else start + shrink * (fit - start)
            steps.append((new, w))
        news = matched_all([new for new, _ in steps], [w for _, w in steps],
                           [s[1].index for s in active])
        for s, (new, _), new_match in zip(active, steps, news):
            corr, match = s[0], s[1]
            if _median(new_match.distance) > _median(match.distance) + 1e-6:
                s[2] = False
            elif np.array_equal(new_match.index, match.index) and np.abs(new - corr).max() < 1e-3:
                s[:] = [new, new_match, False]
            else:
                s[:2] = [new, new_match]
    for corr, match, _ in states:
        cost = _median(match.distance) + 0.5 * float(np.mean(np.minimum(match.distance, 30)))
        if best is None or cost < best[0]:
            best = (cost, match, corr)
    _, match, corr = best
    return match, lab, corr
