"""White balance of a photo from its neutral surfaces, without the play mat or a layout.

:func:`neutral_gains` estimates linear-light gains (``vision.colour.fit_gains`` convention:
multiply *linear* BGR by them; geometric mean 1) from the brightest near-neutral pixels: paper,
white tiles, a light table. The reader locates on a copy balanced with them when the photo as
taken shows no lattice of tiles (a warm lamp can make a light table the colour of light tiles);
``calibration.adapt.estimate_white_balance`` adds the mat's patches in front of it. Apply with
:func:`vision.mat.apply_white_balance`.

This module must not import ``companion`` or ``calibration`` (vision is the bottom layer).
"""
from __future__ import annotations

import logging

import cv2
import numpy as np

from vision.colour import bgr_to_lab, linear_to_srgb, srgb_to_linear

logger = logging.getLogger(__name__)

#: Pixels of the downscaled copy the gains are estimated on.
ESTIMATE_PIXELS = 400_000
#: Linear light (float64) of each 8-bit sRGB level, as ``srgb_to_linear`` gives it for the
#: level's float32 value: a pixel's linear light is looked up instead of computed (the same
#: values); and so is each channel's corrected sRGB, by a table per step (see neutral_gains).
_LINEAR_OF_LEVEL = np.asarray(srgb_to_linear(np.arange(256, dtype=np.float32) / 255.0), np.float64)


def neutral_gains(image: np.ndarray, *, max_chroma: float = 12.0, top_share: float = 0.05
                  ) -> tuple[tuple[float, float, float], int] | None:
    """Linear-light gains ``(gb, gg, gr)`` that make the photo's neutral surfaces grey, and how
    many pixels decided them; None when no near-neutral surface is found.

    ``image``: (H, W, 3) uint8 BGR. Starting from grey world, the brightest ``top_share`` of the
    pixels whose chroma (CIELAB, under the current correction) is below ``max_chroma`` (or the
    photo's tenth percentile of chroma, up to twice that) are taken as grey, a few times over.
    Clipped pixels (any channel >= 250) carry no colour information and are left out.
    """
    small = image
    if image.shape[0] * image.shape[1] > ESTIMATE_PIXELS:
        s = (ESTIMATE_PIXELS / (image.shape[0] * image.shape[1])) ** 0.5
        small = cv2.resize(image, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    px = small.reshape(-1, 3)
    px = px[np.maximum(np.maximum(px[:, 0], px[:, 1]), px[:, 2]) < 250]  # (N, 3) uint8
    if len(px) < 50:
        return None
    lin = _LINEAR_OF_LEVEL[px]  # (N, 3) float64
    mean = lin.mean(axis=0)
    gains = mean.mean() / np.maximum(mean, 1e-6)
    used = 0
    for _ in range(4):
        # (a pixel's corrected sRGB depends on its channel's level alone: one table per channel)
        levels = np.asarray(linear_to_srgb(np.clip(_LINEAR_OF_LEVEL[:, None] * gains, 0, 1)),
                            np.float32)  # (256, 3)
        lab = bgr_to_lab(cv2.LUT(px.reshape(-1, 1, 3), levels.reshape(1, 256, 3)).reshape(-1, 3))
        chroma = np.hypot(lab[:, 1], lab[:, 2])
        limit = min(2 * max_chroma, max(max_chroma, float(np.quantile(chroma, 0.1))))
        ok = (chroma < limit) & (lab[:, 0] > 25)
        if ok.sum() < 50:
            return None
        lightness = lab[:, 0]
        L = lightness[ok]
        sel = lin[ok & (lightness >= np.quantile(L, 1 - top_share))]
        ref = sel.mean(axis=0)
        new = ref.mean() / np.maximum(ref, 1e-6)
        used = len(sel)
        if np.allclose(new, gains, rtol=1e-3):
            break
        gains = new
    gains = gains / np.exp(np.log(gains).mean())
    return (float(gains[0]), float(gains[1]), float(gains[2])), int(used)
