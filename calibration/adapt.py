"""Adapt without a layout: white balance, colour clustering of one photo, learning from play.

- :func:`estimate_white_balance` - linear-light gains from the play mat's grey patches when the
  mat is in the photo, else from the photo's neutral surfaces (bright, low-chroma pixels).
- :func:`cluster_colours` - group a photo's tile colours into clusters and name each cluster by
  the kit's palette, fitting one change of light for the whole photo (so a yellowish lamp does
  not turn white tiles into yellow ones), each palette name used at most once.
- :func:`update_profile` / :func:`revert_update` - move a profile towards the colours of tiles
  the players confirmed during a game; each update is bounded (a weight cap and a largest step
  in CIEDE2000) and reversible (the previous colours are kept in ``history``).

Gains follow ``vision.colour.fit_gains``: multiply *linear* BGR by them.
"""
from __future__ import annotations

import copy
import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Iterable, Mapping, Sequence

import cv2
import numpy as np

from calibration.profile import MAX_HISTORY, ProfileError, new_profile, validate_profile
from vision.colour import (Palette, apply_gains_lab, ciede2000, fit_gains, lab_to_bgr,
                           linear_to_srgb, srgb_to_linear)
from vision.kits import Kit

logger = logging.getLogger(__name__)


# ----------------------------------------------------------------------------- white balance


@dataclass(frozen=True)
class WhiteBalance:
    """``gains_bgr`` (linear light, geometric mean 1) and where they came from: ``"mat"`` or
    ``"neutral"``; ``n`` pixels or patches used."""

    gains_bgr: tuple[float, float, float]
    source: str
    n: int

    def to_dict(self) -> dict[str, Any]:
        return {"gains_bgr": [round(g, 5) for g in self.gains_bgr], "source": self.source, "n": self.n}


def estimate_white_balance(image: np.ndarray, *, use_mat: bool = True, max_chroma: float = 12.0,
                           top_share: float = 0.05) -> WhiteBalance | None:
    """White balance of a photo (BGR uint8 ``(H, W, 3)``).

    With the play mat in view its neutral patches decide. Otherwise, starting from grey world,
    the brightest ``top_share`` of the pixels whose chroma (CIELAB, under the current
    correction) is below ``max_chroma`` ("white patch" on near-neutral surfaces: paper, white
    tiles, a light table) are taken as grey, a few times over. ``None`` when no near-neutral
    surface is found.
    """
    if use_mat:
        from vision.mat import find_mat

        view = find_mat(image)
        if view is not None and view.gains_bgr is not None:
            return WhiteBalance(view.gains_bgr, "mat", len(view.patches))
    from vision.white_balance import neutral_gains

    found = neutral_gains(image, max_chroma=max_chroma, top_share=top_share)
    if found is None:
        return None
    return WhiteBalance(found[0], "neutral", found[1])


def apply_white_balance(image: np.ndarray, gains_bgr: Sequence[float]) -> np.ndarray:
    """Multiply a BGR uint8 image's linear light by ``gains_bgr``; returns BGR uint8."""
    lut = np.arange(256, dtype=np.float32) / 255.0
    lin = np.asarray(srgb_to_linear(lut), np.float32)
    out = np.empty_like(image)
    for c in range(3):
        table = np.clip(np.asarray(linear_to_srgb(lin * float(gains_bgr[c])), np.float32) * 255 + 0.5, 0, 255)
        out[..., c] = cv2.LUT(image[..., c], table.astype(np.uint8))
    return out


# ----------------------------------------------------------------------------- clustering


@dataclass(frozen=True)
class ColourClusters:
    """The colour groups of one photo.

    Attributes
    ----------
    labels : (N,) cluster index of each sample.
    centres : (K, 3) Lab centre of each cluster.
    names : palette name of each cluster (distinct).
    distance : (K,) CIEDE2000 of each corrected centre to its palette colour.
    gains_bgr : the light fitted for the whole photo (observed -> palette, linear).
    """

    labels: np.ndarray
    centres: np.ndarray
    names: tuple[str, ...]
    distance: np.ndarray
    gains_bgr: np.ndarray

    def sample_names(self) -> list[str]:
        return [self.names[i] for i in self.labels]


def _kmeans(lab: np.ndarray, k: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    cv2.setRNGSeed(seed)
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 50, 0.1)
    _, labels, centres = cv2.kmeans(lab.astype(np.float32), k, None, criteria, 6, cv2.KMEANS_PP_CENTERS)
    return labels.ravel(), centres.astype(np.float64)


def cluster_colours(lab: np.ndarray, palette: Palette, *, tight: float = 3.0, merge_below: float = 7.0,
                    iterations: int = 6) -> ColourClusters:
    """Cluster tile colours ``(N, 3)`` (Lab) of one photo and name the clusters by ``palette``.

    k-means with the fewest clusters (at most one per palette colour) whose samples lie on
    average within ``tight`` (Lab units) of their centre, or whose spread more clusters would
    cut by less than 40%; then clusters closer than ``merge_below`` CIEDE2000 are merged.
    Names: an optimal one-to-one assignment (Hungarian) of cluster centres to palette colours,
    alternating with a least-squares fit of the light (per-channel gains), started from the
    neutral light and from a grey-world guess, keeping the better.
    """
    from vision.assignment import linear_sum_assignment

    lab = np.asarray(lab, float).reshape(-1, 3)
    if len(lab) == 0:
        raise ValueError("cluster_colours needs at least one sample")
    k_max = min(len(palette.names), len(lab))
    fits = [_kmeans(lab, k) for k in range(1, k_max + 1)]
    spread = [float(np.mean(np.linalg.norm(lab - c[l], axis=1))) for l, c in fits]
    # the fewest clusters that are tight already, or that more clusters would not much improve
    k = next(i for i in range(k_max) if spread[i] < tight or spread[-1] >= 0.6 * spread[i])
    labels, centres = fits[k]
    # merge near-duplicate clusters
    while len(centres) > 1:
        d = ciede2000(centres[:, None, :], centres[None, :, :]) + np.eye(len(centres)) * 1e9
        i, j = np.unravel_index(np.argmin(d), d.shape)
        if d[i, j] >= merge_below:
            break
        labels[labels == j] = i
        labels[labels > j] -= 1
        keep = [x for x in range(len(centres)) if x != j]
        centres = np.array([np.median(lab[labels == x], axis=0) for x in range(len(keep))])
    sizes = np.bincount(labels, minlength=len(centres)).astype(float)
    observed = lab_to_bgr(centres)
    best = None
    for start in ("neutral", "grey-world"):
        gains = np.ones(3)
        if start == "grey-world":
            lin = np.asarray(srgb_to_linear(observed), float)
            target = np.asarray(srgb_to_linear(lab_to_bgr(palette.lab)), float).mean(axis=0)
            gains = np.clip(target / np.maximum(np.average(lin, axis=0, weights=sizes), 1e-6), 0.25, 4)
        for _ in range(iterations):
            corrected = np.asarray(apply_gains_lab(centres, gains), float)
            cost = ciede2000(corrected[:, None, :], palette.lab[None, :, :])
            rows, cols = linear_sum_assignment(cost)
            new = fit_gains(observed[rows], lab_to_bgr(palette.lab[cols]), weights=sizes[rows])
            if np.allclose(new, gains, atol=1e-4):
                break
            gains = new
        corrected = np.asarray(apply_gains_lab(centres, gains), float)
        cost = ciede2000(corrected[:, None, :], palette.lab[None, :, :])
        rows, cols = linear_sum_assignment(cost)
        total = float(np.sum(cost[rows, cols] * sizes[rows]))
        if best is None or total < best[0]:
            best = (total, rows, cols, gains, cost)
    _, rows, cols, gains, cost = best
    order = np.argsort(rows)
    rows, cols = rows[order], cols[order]
    names = tuple(palette.names[c] for c in cols)
    return ColourClusters(labels, centres, names, cost[rows, cols], np.asarray(gains, float))


# ----------------------------------------------------------------------------- learning in play


def confirmed_samples(image: np.ndarray, cells: Mapping[tuple[int, int], np.ndarray],
                      tiles: Iterable[Mapping[str, Any]], kit: Kit) -> dict[str, list[list[float]]]:
    """Colour samples (Lab) of tiles the players confirmed: colour name -> list of Lab.

    ``cells`` are the reader's cell polygons (``Reading.geometry.cells``) and ``tiles`` the
    confirmed board tiles (FORMATS.md tile dicts with ``row``, ``col`` and their attributes);
    tiles marked ``unknown`` or without a polygon are skipped.
    """
    from calibration.learn import expected_regions
    from calibration.measure import sample_cell

    out: dict[str, list[list[float]]] = {}
    for t in tiles:
        cell = (t.get("row"), t.get("col"))
        if t.get("unknown") or cell not in cells:
            continue
        try:
            wanted = expected_regions(t, kit)
        except (KeyError, TypeError):
            continue
        s = sample_cell(image, cells[cell], kit, long_axis=t.get("long_axis"))
        for region, colour in wanted.items():
            if colour in kit.colours:
                out.setdefault(colour, []).append([float(v) for v in s.regions[region]])
    return out


def update_profile(profile: Mapping[str, Any] | None, samples: Mapping[str, Sequence[Sequence[float]]],
                   kit: Kit, *, max_weight: float = 0.3, max_step: float = 6.0, max_outlier: float = 25.0,
                   note: str = "") -> dict[str, Any]:
    """A new profile moved towards confirmed samples (the input is not changed).

    For each colour, the samples' median ``m`` (samples further than ``max_outlier`` CIEDE2000
    from the current colour are ignored: a confirmation of the wrong tile, glare) pulls the
    colour by ``w = min(max_weight, n_new / (n_old + n_new))``, and the step is cut to at most
    ``max_step`` CIEDE2000. The previous colours are pushed on ``history`` (at most
    ``MAX_HISTORY`` kept), so :func:`revert_update` undoes the update exactly.
    Without a profile, one is started from the kit's default colours.
    """
    if profile is None:
        base = Palette.from_hex(kit.colours)
        profile = new_profile(kit, {n: {"lab": [float(v) for v in base.lab[i]], "n": 0}
                                    for i, n in enumerate(base.names)}, source="kit defaults")
    prof = validate_profile(copy.deepcopy(dict(profile)), kit=kit)
    defaults = Palette.from_hex(kit.colours)
    before = copy.deepcopy(prof["colours"])
    changed = {}
    for name, raw in samples.items():
        if name not in kit.colours or not raw:
            continue
        entry = prof["colours"].get(name) or {"lab": [float(v) for v in defaults.lab[defaults.names.index(name)]],
                                              "n": 0}
        cur = np.asarray(entry["lab"], float)
        new = np.asarray(raw, float).reshape(-1, 3)
        near = new[ciede2000(new, cur[None, :]) <= max_outlier]
        if len(near) == 0:
            logger.info("update_profile: all %d samples of %s are outliers; ignored", len(new), name)
            continue
        n_old = int(entry.get("n", 0))
        w = min(max_weight, len(near) / max(1, n_old + len(near)))
        target = cur + w * (np.median(near, axis=0) - cur)
        step = float(ciede2000(target, cur))
        if step > max_step:
            # shrink along the segment until the step fits (CIEDE2000 is not linear in Lab)
            lo, hi = 0.0, 1.0
            for _ in range(25):
                mid = (lo + hi) / 2
                if float(ciede2000(cur + mid * (target - cur), cur)) > max_step:
                    hi = mid
                else:
                    lo = mid
            target = cur + lo * (target - cur)
        item = {"lab": [round(float(v), 3) for v in target], "n": n_old + len(near)}
        if "cov" in entry:
            item["cov"] = entry["cov"]
        prof["colours"][name] = item
        changed[name] = round(float(ciede2000(target, cur)), 3)
    if not changed:
        return prof
    history = list(prof.get("history", []))
    history.append({"colours": before, "note": note or "confirmed tiles",
                    "at": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), "moved": changed})
    prof["history"] = history[-MAX_HISTORY:]
    return validate_profile(prof, kit=kit)


def revert_update(profile: Mapping[str, Any]) -> dict[str, Any]:
    """The profile as it was before its last :func:`update_profile`.

    Raises
    ------
    ProfileError
        When the profile has no recorded update.
    """
    prof = validate_profile(copy.deepcopy(dict(profile)))
    history = list(prof.get("history", []))
    if not history:
        raise ProfileError("the profile has no update to undo")
    last = history.pop()
    prof["colours"] = last["colours"]
    if history:
        prof["history"] = history
    else:
        prof.pop("history", None)
    return validate_profile(prof)
