"""Procedural table tops and the floor seen beyond them.

All textures are top-down RGB float32 ``(h, w, 3)`` rasters in [0, 1] of a rectangle of the
table plane, at ``res`` px/mm; pixel ``(u, v)`` is at table millimetres
``(x0 + u / res, y0 + v / res)`` (x east, y south).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

import cv2
import numpy as np

from .looks import fbm, hex_rgb, mix

TABLE_KINDS = ("felt", "wood", "marble", "laminate", "linen", "gingham", "dots", "floral", "stripes")

FELT = ["#2F6B3A", "#1E4D7A", "#5A5F63", "#3A3A3C", "#6E2B2E", "#B9A98A", "#2D5F5D", "#473B5E"]
WOODS = ["#B8875A", "#8A5A36", "#D4B48A", "#5E3B22", "#C9A77E", "#A0714A"]
STONES = ["#E9E6E0", "#D8D4CC", "#F3F1EC", "#C9C2B8", "#3B3B3D", "#E6DDD0"]
LAMINATES = ["#EDEBE6", "#D9D2C5", "#BFC3C6", "#F2EEE4", "#A9A39A", "#E3E0D8", "#202326"]
LINENS = ["#E7DFCF", "#F1EEE6", "#CFC6B4", "#B8C0B0", "#D9D4CF", "#C8B9A3", "#9FA8B5"]
CLOTH_BASES = ["#F4F1EA", "#E9E4D8", "#FFFFFF", "#2B2F3A", "#E8DCC8"]
CLOTH_INKS = ["#B03A48", "#2F5D9E", "#3E7D4F", "#D9A62E", "#6B4C9A", "#E07A3F", "#333333", "#7FA7C9"]


@dataclass
class TableStyle:
    """Choices for one photo's table: kind, colours, scales (mm), direction."""
    kind: str
    base: tuple[float, float, float]
    ink: tuple[float, float, float]
    ink2: tuple[float, float, float]
    scale_mm: float
    angle: float
    contrast: float

    def to_dict(self) -> dict:
        return {"kind": self.kind, "base": [round(float(c), 3) for c in self.base],
                "ink": [round(float(c), 3) for c in self.ink], "scale_mm": round(self.scale_mm, 1),
                "angle_deg": round(math.degrees(self.angle), 1), "contrast": round(self.contrast, 3)}


def draw_table_style(rng: random.Random, tile_colours: list[np.ndarray], style: str) -> TableStyle:
    """Pick a table for the photo; patterned cloths sometimes use the tiles' own colours."""
    weights = {"felt": 3, "wood": 4, "marble": 2, "laminate": 2, "linen": 2, "gingham": 1.5, "dots": 1,
               "floral": 1, "stripes": 1}
    if style == "hard":
        for k in ("gingham", "dots", "floral", "stripes", "marble", "wood"):
            weights[k] *= 2.0
    elif style == "easy":
        for k in ("gingham", "dots", "floral", "stripes"):
            weights[k] *= 0.2
    kind = rng.choices(list(weights), list(weights.values()))[0]
    ink = hex_rgb(rng.choice(CLOTH_INKS))
    ink2 = hex_rgb(rng.choice(CLOTH_INKS))
    if kind in ("gingham", "dots", "floral", "stripes") and rng.random() < 0.5:
        ink = rng.choice(tile_colours)
        ink2 = rng.choice(tile_colours)
    base = {"felt": FELT, "wood": WOODS, "marble": STONES, "laminate": LAMINATES, "linen": LINENS}.get(
        kind, CLOTH_BASES)
    scale = {"felt": 40, "wood": rng.uniform(90, 220), "marble": rng.uniform(60, 250), "laminate": 30,
             "linen": rng.uniform(1.2, 2.5), "gingham": rng.uniform(8, 30), "dots": rng.uniform(12, 45),
             "floral": rng.uniform(25, 70), "stripes": rng.uniform(10, 50)}[kind]
    return TableStyle(kind, tuple(hex_rgb(rng.choice(base))), tuple(ink), tuple(ink2), scale,
                      rng.uniform(0, math.pi), rng.uniform(0.6, 1.4))


def _coords(h: int, w: int, res: float, x0: float, y0: float, angle: float) -> tuple[np.ndarray, np.ndarray]:
    """Table mm coordinates of each texel, rotated by ``angle`` (along, across)."""
    xs = x0 + np.arange(w, dtype=np.float32) / res
    ys = y0 + np.arange(h, dtype=np.float32) / res
    c, s = math.cos(angle), math.sin(angle)
    a = xs[None, :] * c + ys[:, None] * s
    b = -xs[None, :] * s + ys[:, None] * c
    return a, b


def render_table(ts: TableStyle, shape: tuple[int, int], res: float, x0: float, y0: float,
                 nrng: np.random.Generator) -> np.ndarray:
    """Raster of the table top (see module conventions). ``shape`` = (h, w) texels."""
    h, w = shape
    base = np.asarray(ts.base, np.float32)
    ink = np.asarray(ts.ink, np.float32)
    ink2 = np.asarray(ts.ink2, np.float32)
    k = ts.contrast
    px = lambda mm: max(mm * res, 1.0)  # noqa: E731 - tiny local helper
    if ts.kind == "felt":
        n = fbm(shape, nrng, (px(80), px(15), 1.0), (0.012 * k, 0.012 * k, 0.03 * k))
        return np.clip(base * (1 + n[..., None]), 0, 1)
    if ts.kind == "wood":
        a, b = _coords(h, w, res, x0, y0, ts.angle)
        plank = np.floor(b / ts.scale_mm)
        seed = (plank * 12.9898).astype(np.float32)
        plank_tone = (np.sin(seed) * 43758.5453) % 1.0 - 0.5
        warp = fbm(shape, nrng, (px(120), px(30)), (4.0, 1.2))
        period = max(rng_uniform(nrng, 2.5, 6.0), 5.0 / res)  # at least 5 texels: no aliasing
        grain = np.sin(2 * math.pi * (b / period + warp + 0.002 * a))
        fine = fbm(shape, nrng, (px(3), 1.0), (0.02, 0.02))
        tone = 1 + 0.08 * k * plank_tone + 0.07 * k * grain + fine
        seam = np.abs(((b / ts.scale_mm) % 1.0) - 0.5) > 0.5 - 0.8 / ts.scale_mm
        tone = np.where(seam, tone * 0.55, tone)
        return np.clip(base * tone[..., None], 0, 1)
    if ts.kind == "marble":
        a, b = _coords(h, w, res, x0, y0, ts.angle)
        turb = fbm(shape, nrng, (px(ts.scale_mm * 2), px(ts.scale_mm / 3), px(6)), (0.45, 0.12, 0.03))
        v = np.abs(np.sin(math.pi * (a / (ts.scale_mm * 2.0) + turb)))
        vein = (1 - v) ** 14 * (0.5 + 0.5 * np.clip(fbm(shape, nrng, (px(150),), (1.0,)), -1, 1))
        dark = base * 0.55 if base.mean() > 0.5 else np.minimum(base + 0.45, 1)
        out = base[None, None] * (1 + 0.03 * turb[..., None]) * (1 - vein[..., None] * 0.8 * k) \
            + dark[None, None] * vein[..., None] * 0.8 * k
        return np.clip(out, 0, 1)
    if ts.kind == "laminate":
        n = fbm(shape, nrng, (px(200), px(2), 1.0), (0.02 * k, 0.02 * k, 0.025 * k))
        return np.clip(base * (1 + n[..., None]), 0, 1)
    if ts.kind == "linen":
        rows = cv2.GaussianBlur(nrng.standard_normal((h, 1)).astype(np.float32), (0, 0), max(px(ts.scale_mm) / 3, 0.5))
        cols = cv2.GaussianBlur(nrng.standard_normal((1, w)).astype(np.float32), (0, 0), max(px(ts.scale_mm) / 3, 0.5))
        rows /= rows.std() + 1e-6
        cols /= cols.std() + 1e-6
        slub = fbm(shape, nrng, (px(30), 1.0), (0.02, 0.02))
        tone = 1 + 0.045 * k * (rows + cols) + slub
        return np.clip(base * tone[..., None], 0, 1)
    a, b = _coords(h, w, res, x0, y0, ts.angle)
    fabric = fbm(shape, nrng, (px(60), 1.0), (0.02, 0.02))[..., None]
    if ts.kind == "gingham":
        sa = (((a / ts.scale_mm) % 2.0) < 1.0).astype(np.float32)
        sb = (((b / ts.scale_mm) % 2.0) < 1.0).astype(np.float32)
        cover = cv2.GaussianBlur(0.5 * (sa + sb), (0, 0), 0.7)[..., None]
        out = mix(base, ink, 0)[None, None] * (1 - cover) + ink[None, None] * cover
    elif ts.kind == "stripes":
        t = (a / ts.scale_mm) % 3.0
        m1 = cv2.GaussianBlur((t < 1.0).astype(np.float32), (0, 0), 0.7)[..., None]
        m2 = cv2.GaussianBlur(((t > 1.6) & (t < 1.9)).astype(np.float32), (0, 0), 0.7)[..., None]
        out = base[None, None] * (1 - m1 - m2) + ink[None, None] * m1 + ink2[None, None] * m2
    elif ts.kind == "dots":
        p = ts.scale_mm
        fa = (a / p) % 1.0 - 0.5
        fb = ((b / p) + 0.5 * (np.floor(a / p) % 2)) % 1.0 - 0.5
        d = np.sqrt(fa * fa + fb * fb) * p
        m = np.clip((p * 0.22 - d) * res + 0.5, 0, 1)[..., None]
        out = base[None, None] * (1 - m) + ink[None, None] * m
    else:  # floral: scattered blobs and leaves in two inks
        out = np.broadcast_to(base, (h, w, 3)).copy()
        rr = random.Random(int(nrng.integers(1 << 30)))
        area = (w / res) * (h / res)
        n = int(min(4000, area / (ts.scale_mm ** 2) * 1.5))
        for _ in range(n):
            cx, cy = rr.uniform(0, w), rr.uniform(0, h)
            col = (ink if rr.random() < 0.6 else ink2).tolist()
            r = ts.scale_mm * res * rr.uniform(0.12, 0.3)
            for petal in range(5):
                ang = 2 * math.pi * petal / 5 + rr.uniform(0, 1)
                c = (int((cx + r * math.cos(ang)) * 16), int((cy + r * math.sin(ang)) * 16))
                cv2.ellipse(out, c, (max(1, int(r * 0.8 * 16)), max(1, int(r * 0.45 * 16))),
                            math.degrees(ang), 0, 360, col, -1, cv2.LINE_AA, 4)
            cv2.circle(out, (int(cx * 16), int(cy * 16)), max(1, int(r * 0.35 * 16)), (0.95, 0.9, 0.6), -1,
                       cv2.LINE_AA, 4)
    return np.clip(out * (1 + fabric), 0, 1).astype(np.float32)


def rng_uniform(nrng: np.random.Generator, lo: float, hi: float) -> float:
    """A float drawn from ``nrng`` in [lo, hi)."""
    return float(lo + (hi - lo) * nrng.random())


def render_floor(shape: tuple[int, int], nrng: np.random.Generator, rng: random.Random) -> np.ndarray:
    """A blurry, darker surround (floor or room) seen beyond the table edge, image-space raster."""
    h, w = shape
    col = hex_rgb(rng.choice(["#3A342E", "#5B5048", "#2A2C30", "#6A6058", "#8C8478", "#403A44"]))
    col = col * rng.uniform(0.5, 0.9)
    n = fbm(shape, nrng, (max(h, w) / 2, max(h, w) / 8), (0.12, 0.04))
    return np.clip(col * (1 + n[..., None]), 0, 1).astype(np.float32)
