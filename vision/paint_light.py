"""The light of a photo from its paints seen together: each paint of a kit once.

:func:`vision.colour.classify_adaptive` fits the light (per-channel gain and offset in linear
light) by naming each sample its nearest palette colour under the light so far and refitting.
Under a strong cast it can settle on a wrong light: in warm lamp light X-Tiles' yellow comes
out nearer the kit's orange than its yellow, every yellow sector is then named orange, and the
light refitted on that naming keeps it so (no sample is named yellow to pull the light back).

A photo of a layout shows its paints as a few tight clusters of colour (every sector of one
paint looks alike under one light), as many as the kit has paints when they all show. The light
maps the kit's paints one to one onto those clusters; which paint is which cluster is the
question. A per-channel light keeps each channel's order among the paints (a paint with more
red than another still shows more red), so only the right pairing fits with a small residual:
:func:`paint_light` tries the pairings (clusters chosen and permuted) and returns the light of
the one that fits best, as a start for :func:`vision.colour.classify_adaptive`;
:func:`fit_with_paint_light` classifies from that start and from the given one and keeps the
better by classify_adaptive's own cost.

Conventions: samples are real CIELAB ``(N, 3)``; a light (correction) is ``(2, 3)``: gain and
offset per linear BGR channel of the forward model ``observed = clip(gain * true + offset)``.
"""
from __future__ import annotations

import itertools
import logging

import cv2
import numpy as np

from vision.colour import (UNCLIPPED_BELOW, palette_linear, ColourMatch, Palette, _clip_gain,
                           _fit_forward, bgr_to_lab, ciede2000, classify_adaptive, lab_to_bgr,
                           linear_to_srgb, srgb_to_linear)

logger = logging.getLogger(__name__)

#: The samples are clustered into this many more clusters than the kit has paints (a few samples
#: straddling two paints, or in a glare, make a cluster of their own and are left out).
EXTRA_CLUSTERS = 1
#: Needed: at least this many samples per paint (fewer cannot show every paint as a cluster).
MIN_SAMPLES_PER_PAINT = 3
#: Of the pairings, this many with the smallest residual at the clusters' centres are tried on
#: all samples.
PAIRINGS_TRIED = 2
#: k-means attempts (from k-means++ starts; the best compactness is kept).
KMEANS_ATTEMPTS = 3
#: The veils tried with ``veil`` (see :func:`paint_light`), as a share of the light on a white
#: paint: from none to 0.8, in steps of 0.05. A glare over the whole layout (a lamp's
#: reflection, a lens's veiling glare) may add more light than a paint's own: on the
#: independent renderer's tap17 hard-1243 the cards, fitted as their truth names them, showed a
#: veil of 0.59, where :data:`vision.colour.HAZE_RANGE` stops at 0.3; the range reaches a third
#: beyond that (one photo's evidence: a search bound, the light kept only when it fits the cards
#: better), and each step costs a pass over every pairing (720 for six paints).
VEIL_HAZES = np.linspace(0.0, 0.8, 17)


def match_cost(match: ColourMatch) -> float:
    """The robust cost of a classification under a light, as :func:`classify_adaptive` ranks its
    starts: the median distance plus half the mean distance capped at 30."""
    d = match.distance
    return float(np.median(d) + 0.5 * np.mean(np.minimum(d, 30.0)))


def paint_light(samples: np.ndarray, palette: Palette, *, veil: bool = False,
                naming: np.ndarray | None = None) -> np.ndarray | None:
    """The light ``(2, 3)`` under which the samples' colour clusters are the palette's colours,
    one each (see the module's docstring); None when there are too few samples or colours, or
    when ``naming`` already pairs them one to one.

    ``samples``: Lab ``(N, 3)`` of painted regions (sectors of the tiles read, card faces).
    ``veil``: the light is a gain per channel and one veil over every paint in the light's
    own colour, up to :data:`VEIL_HAZES`' (:func:`_veil_residuals`), taken as fitted to the
    clusters' centres: paints washed out towards white by a glare, their channels mostly
    clipped, which an offset per channel held to :data:`vision.colour.HAZE_RANGE` cannot
    bring together.
    ``naming``: palette indices ``(N,)`` the samples were named under another light; where it
    names the kit's count of largest clusters each a paint of its own (see
    :func:`_names_apart`), the pairing is that naming's, whose light the refit on it has
    already found, and none is sought (the search over every pairing costs 20-90 ms)."""
    lab = np.asarray(samples, np.float64).reshape(-1, 3)
    k = len(palette.names)
    if k < 2 or len(lab) < MIN_SAMPLES_PER_PAINT * k:
        return None
    # (under a veil each pairing is fitted at every veil of VEIL_HAZES: an extra cluster, k + 1
    # times as many pairings, took 2 s a lattice for Tapestry's six paints)
    extra = 0 if veil else EXTRA_CLUSTERS
    m = k + extra if len(lab) >= MIN_SAMPLES_PER_PAINT * (k + extra) else k
    cv2.setRNGSeed(0)
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.1)
    _, idx, centres = cv2.kmeans(lab.astype(np.float32), m, None, crit, KMEANS_ATTEMPTS,
                                 cv2.KMEANS_PP_CENTERS)
    idx = idx.ravel()
    counts = np.bincount(idx, minlength=m).astype(np.float64)
    if naming is not None and _names_apart(naming, idx, counts, k):
        logger.debug("paint light: the naming given pairs the clusters one to one")
        return None
    centres = centres.astype(np.float64)
    pal_lin = palette_linear(palette)
    pairs = [(chosen, perm) for chosen in itertools.combinations(np.flatnonzero(counts > 0), k)
             for perm in itertools.permutations(range(k))]
    if not pairs:
        return None
    chosen = np.array([c for c, _ in pairs])  # (P, k) clusters
    perm = np.array([p for _, p in pairs])  # (P, k) their paints
    if veil:
        resid, lights = _veil_residuals(centres, counts, pal_lin, chosen, perm)
    else:
        resid = _pairing_residuals(centres, counts, pal_lin, chosen, perm)
    obs_lin = srgb_to_linear(lab_to_bgr(lab)).astype(np.float64)
    best = None
    for p in np.argsort(resid)[:PAIRINGS_TRIED]:
        if veil:
            corr = lights[p]
        else:
            # the light refitted on the samples of the pairing's clusters
            rows = np.concatenate([np.flatnonzero(idx == c) for c in chosen[p]])
            target = np.concatenate([np.full(int(counts[c]), q)
                                     for c, q in zip(chosen[p], perm[p])])
            corr = _fit_forward(obs_lin[rows], pal_lin[target], np.ones(len(rows)))
        match, _, _ = classify_adaptive(lab, palette, gains_bgr=corr, iterations=0)
        cost = match_cost(match)
        if best is None or cost < best[0]:
            best = (cost, corr, float(resid[p]))
    logger.debug("paint light: pairing's residual %.1f, cost %.2f", best[2], best[0])
    return best[1]


def _names_apart(naming: np.ndarray, idx: np.ndarray, counts: np.ndarray, k: int) -> bool:
    """Whether the naming ``naming`` ``(N,)`` (palette indices of ``k`` paints) gives the ``k``
    largest of the samples' clusters (``idx`` ``(N,)`` each sample's cluster, ``counts``
    ``(m,)`` their sizes) ``k`` different paints, each cluster the paint most of its members
    are named: a light that names two paints' clusters one paint (a warm lamp's orange nearer
    the kit's yellow) does not. (A naming one to one but shifted would pass; a per-channel
    light keeps the channels' order, so a refit settles on that rarely.)"""
    largest = np.argsort(-counts, kind="stable")[:k]
    majority = {int(np.bincount(naming[idx == c], minlength=k).argmax()) for c in largest}
    return len(majority) == k


def _pairing_residuals(centres: np.ndarray, counts: np.ndarray, pal_lin: np.ndarray,
                       chosen: np.ndarray, perm: np.ndarray) -> np.ndarray:
    """How well each pairing fits: the clusters ``chosen`` ``(P, k)`` (centres Lab ``(m, 3)``,
    ``counts`` ``(m,)``) taken for the paints ``perm`` ``(P, k)`` (linear BGR ``pal_lin``
    ``(k, 3)``), under the light fitted to them (per channel, weighted least squares of
    ``observed = gain * paint + offset`` on the centres, clipped as :func:`_fit_forward` clips):
    the count-weighted mean CIEDE2000 from the centres to the paints predicted, ``(P,)``."""
    y = srgb_to_linear(lab_to_bgr(centres)).astype(np.float64)[chosen]  # (P, k, 3)
    x = pal_lin[perm]  # (P, k, 3)
    w = counts[chosen][..., None]  # (P, k, 1)
    sw = w.sum(axis=1, keepdims=True)
    mx, my = (w * x).sum(axis=1, keepdims=True) / sw, (w * y).sum(axis=1, keepdims=True) / sw
    var = (w * (x - mx) ** 2).sum(axis=1, keepdims=True)
    g = _clip_gain((w * (x - mx) * (y - my)).sum(axis=1, keepdims=True)
                   / np.maximum(var, 1e-9))
    b = np.clip(my - g * mx, -0.05, 0.3)
    return _centre_residuals(np.clip(g * x + b, 0.0, 1.0), centres, counts, chosen)


def _centre_residuals(pred_lin: np.ndarray, centres: np.ndarray, counts: np.ndarray,
                      chosen: np.ndarray) -> np.ndarray:
    """The count-weighted mean CIEDE2000 ``(P,)`` from the predicted paints ``pred_lin``
    ``(P, k, 3)`` (linear BGR) to the clusters ``chosen`` ``(P, k)`` (centres Lab ``(m, 3)``,
    ``counts`` ``(m,)``) they are taken for."""
    pred = bgr_to_lab(linear_to_srgb(pred_lin).astype(np.float32)).astype(np.float64)
    d = ciede2000(pred, centres[chosen])  # (P, k)
    return (counts[chosen] * d).sum(axis=1) / counts[chosen].sum(axis=1)


def _veil_residuals(centres: np.ndarray, counts: np.ndarray, pal_lin: np.ndarray,
                    chosen: np.ndarray, perm: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_pairing_residuals` under a veil: for each pairing (``chosen`` ``(P, k)``
    clusters taken for the paints ``perm`` ``(P, k)``) and each veil ``h`` of
    :data:`VEIL_HAZES`, ``observed = gain * (paint + h)`` per channel, the gains by weighted
    least squares on the centres' unclipped channels (:data:`vision.colour.UNCLIPPED_BELOW`; a
    clipped one tells only that the paint reached the clip), predictions clipped; the veil of
    the least count-weighted mean CIEDE2000 is kept. Returns the residuals ``(P,)`` and the
    lights ``(P, 2, 3)`` (gain, offset ``gain * h``)."""
    y = srgb_to_linear(lab_to_bgr(centres)).astype(np.float64)[chosen]  # (P, k, 3)
    x = pal_lin[perm]  # (P, k, 3)
    w = counts[chosen][..., None] * (y < UNCLIPPED_BELOW)  # (P, k, 3)
    best_r = np.full(len(chosen), np.inf)
    lights = np.zeros((len(chosen), 2, 3))
    for h in VEIL_HAZES:
        xh = x + h
        g = _clip_gain((w * xh * y).sum(axis=1)
                       / np.maximum((w * xh * xh).sum(axis=1), 1e-9))  # (P, 3)
        r = _centre_residuals(np.clip(g[:, None, :] * xh, 0.0, 1.0), centres, counts, chosen)
        better = r < best_r
        best_r[better] = r[better]
        lights[better] = np.stack([g[better], g[better] * h], axis=1)
    return best_r, lights


def fit_with_paint_light(samples: np.ndarray, palette: Palette, gains: np.ndarray | None, *,
                         explore: bool = True, weights: list[float] | None = None,
                         merged_only: bool = False) -> tuple[ColourMatch, np.ndarray]:
    """:func:`classify_adaptive` of ``samples`` from the light ``gains`` (with ``explore``'s
    exposures) and from :func:`paint_light`'s: the match of lower :func:`match_cost` and its
    light ``(2, 3)``. ``weights`` ``(N,)``: how much each sample may tell of the light, as
    classify_adaptive takes them (None: all alike). ``merged_only``: the paints' light is
    sought only where the first match names two of the samples' clusters one paint (see
    paint_light's ``naming``)."""
    match, _, corr = classify_adaptive(samples, palette, gains_bgr=gains, explore=explore,
                                       weights=weights)
    start = paint_light(samples, palette, naming=match.index if merged_only else None)
    if start is None:
        return match, corr
    other, _, other_corr = classify_adaptive(samples, palette, gains_bgr=start, explore=False,
                                             weights=weights)
    a, b = match_cost(match), match_cost(other)
    logger.debug("paint light: cost %.2f from the given light, %.2f from the paints'", a, b)
    return (other, other_corr) if b < a else (match, corr)

