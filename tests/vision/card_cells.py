"""Synthetic card cells for the tests of Tapestry's cards in a lamp's hot spot: a card's cell
``(H, W, 3)`` CIELAB with a hot spot and white art (:func:`card_cell`), and the reading's
context for a few such cells (:func:`card_ctx`)."""
from __future__ import annotations

import cv2
import numpy as np

from vision.cells import _Ctx
from vision.colour import Palette, bgr_to_lab
from vision.kits import kit_for_game

H, W = 60, 84  # a card cell, pixels


def card_cell(face_bgr: tuple, *, spot: float, art: bool) -> np.ndarray:
    """Lab ``(H, W, 3)`` of a card: ``face_bgr`` (0-255) with a hot spot of strength ``spot``
    (the light's reflection, towards white, brightest at the left) and white scissors' rings."""
    img = np.empty((H, W, 3), np.float32)
    img[:] = face_bgr
    yy, xx = np.mgrid[0:H, 0:W]
    glow = np.exp(-((xx - 0.3 * W) ** 2 + (yy - H / 2) ** 2) / (2 * (0.4 * W) ** 2))
    img = img + (255.0 - img) * np.clip(spot * glow, 0, 1)[..., None]
    if art:
        for cx in (34, 50):
            cv2.circle(img, (cx, 30), 6, (255, 255, 255), 2)
    return bgr_to_lab(np.clip(img, 0, 255).astype(np.uint8)).astype(np.float32)


def card_ctx(regions: dict, hot: set) -> _Ctx:
    """A Tapestry reading's context for the cells ``regions`` (cell -> Lab ``(H, W, 3)``): each
    outlined on all four sides, blown out where L* > 97, all but (0, 0) card-like, ``hot`` those
    in the lamp's hot spot (:attr:`vision.cells._Ctx.card_hot`)."""
    kit = kit_for_game("tapestry")
    cells = list(regions)
    ctx = _Ctx(kit, Palette.from_hex(kit.colours), None, None, None)
    ctx.sides = {c: 4 for c in cells}
    ctx.full_sides = {c: (True, True, True, True) for c in cells}
    ctx.blown_px = {c: (regions[c][..., 0] > 97.0) for c in cells}
    ctx.blown = {c: float(ctx.blown_px[c].mean()) for c in cells}
    ctx.symbols = {}
    ctx.card_like = [c for c in cells if c != (0, 0)]
    ctx.card_hot = hot
    return ctx
