"""Procedural, seamlessly tileable table textures: wood, felt, laminate, a patterned cloth.

A texture is a square BGR uint8 image that wraps around at its borders (it is built from
periodic noise), so the renderer can map an unbounded table plane onto it with
``cv2.BORDER_WRAP``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

TABLE_KINDS = ("wood", "felt", "laminate", "cloth")
TEXTURE_PX = 2048
TEXTURE_MM = 400.0
#: Distinct textures per kind (each a fixed seed).
TEXTURE_VARIANTS = 4


@dataclass(frozen=True)
class TableTexture:
    """``bgr`` ``(n, n, 3)`` uint8, periodic; ``px_per_mm`` its scale; ``kind`` its material;
    ``gloss`` how much of a glare spot the surface shows (0-1)."""

    bgr: np.ndarray
    px_per_mm: float
    kind: str
    gloss: float


def periodic_noise(rng: np.random.Generator, n: int, *, sigma_x: float, sigma_y: float | None = None
                   ) -> np.ndarray:
    """Zero-mean, unit-variance periodic noise ``(n, n)`` float32, low-passed with a Gaussian of
    ``sigma_x`` / ``sigma_y`` (anisotropic when they differ) in pixels of a full-size
    (``TEXTURE_PX``) texture, so a smaller texture shows the same pattern, coarser."""
    sigma_y = sigma_x if sigma_y is None else sigma_y
    sigma_x, sigma_y = sigma_x * n / TEXTURE_PX, sigma_y * n / TEXTURE_PX
    white = rng.standard_normal((n, n)).astype(np.float32)
    fy = np.fft.fftfreq(n)[:, None].astype(np.float32)
    fx = np.fft.rfftfreq(n)[None, :].astype(np.float32)
    filt = np.exp(-2 * (np.pi ** 2) * ((fx * sigma_x) ** 2 + (fy * sigma_y) ** 2))
    out = np.fft.irfft2(np.fft.rfft2(white) * filt, s=(n, n)).astype(np.float32)
    out -= out.mean()
    out /= out.std() + 1e-9
    return out


def _mix(base_bgr, field: np.ndarray) -> np.ndarray:
    return np.clip(np.asarray(base_bgr, np.float32)[None, None, :] * field[..., None], 0, 255)


def _wood(rng: np.random.Generator, n: int) -> np.ndarray:
    palettes = [(95, 150, 200), (45, 72, 108), (120, 172, 212), (42, 62, 118), (128, 140, 152),
                (70, 110, 160)]
    base = np.asarray(palettes[rng.integers(len(palettes))], np.float32) * rng.uniform(0.95, 1.05, 3)
    planks = int(rng.choice([4, 5, 8]))
    ys = np.arange(n, dtype=np.float32)[:, None]
    warp = periodic_noise(rng, n, sigma_x=160, sigma_y=30)
    rings = np.sin(2 * np.pi * (ys * rng.integers(20, 40) / n + 0.35 * warp))
    fibre = periodic_noise(rng, n, sigma_x=18, sigma_y=0.7)
    field = 1 + 0.05 * rings + 0.045 * fibre
    plank_h = n // planks
    img = _mix(base, field)
    for p in range(planks):
        y0 = p * plank_h
        tone = rng.uniform(0.86, 1.12) * rng.uniform(0.97, 1.03, 3)
        img[y0:y0 + plank_h] *= tone.astype(np.float32)
        seam = max(1, n // 1024)
        img[y0:y0 + seam] *= 0.55  # seam
        joint = int(rng.integers(n))
        img[y0:y0 + plank_h, joint:joint + seam] *= 0.65
    return img


def _felt(rng: np.random.Generator, n: int) -> np.ndarray:
    palettes = [(60, 110, 40), (90, 50, 30), (70, 70, 70), (40, 40, 110), (30, 30, 30), (110, 80, 50)]
    base = np.asarray(palettes[rng.integers(len(palettes))], np.float32) * rng.uniform(0.85, 1.15, 3)
    mottle = periodic_noise(rng, n, sigma_x=60)
    fibre = rng.standard_normal((n, n)).astype(np.float32)
    return _mix(base, 1 + 0.06 * mottle + 0.10 * fibre)


def _laminate(rng: np.random.Generator, n: int) -> np.ndarray:
    palettes = [(225, 228, 230), (200, 210, 215), (175, 190, 205), (120, 120, 120), (215, 225, 235)]
    base = np.asarray(palettes[rng.integers(len(palettes))], np.float32)
    speck = periodic_noise(rng, n, sigma_x=1.2)
    cloud = periodic_noise(rng, n, sigma_x=90)
    return _mix(base, 1 + 0.03 * speck + 0.012 * cloud)


def _cloth(rng: np.random.Generator, n: int) -> np.ndarray:
    colours = [(60, 60, 190), (170, 110, 40), (70, 140, 60), (40, 120, 200), (110, 60, 120)]
    c1 = np.asarray(colours[rng.integers(len(colours))], np.float32)
    c0 = np.array([235, 238, 240], np.float32) * rng.uniform(0.9, 1.0)
    period = n // int(rng.choice([8, 16, 32]))  # divides n: the texture stays seamless
    xs = np.arange(n)
    bx = ((xs // (period // 2)) % 2).astype(np.float32)
    if rng.random() < 0.5:  # gingham
        fx, fy = bx[None, :], bx[:, None]
        a = 0.5 * (fx + fy)
    else:  # stripes
        a = np.broadcast_to(bx[None, :], (n, n)).astype(np.float32)
    img = c0[None, None, :] * (1 - a[..., None]) + c1[None, None, :] * a[..., None]
    weave = np.sin(xs * np.pi / 2)[None, :] * np.sin(xs * np.pi / 2)[:, None]
    folds = periodic_noise(rng, n, sigma_x=150)
    field = 1 + 0.05 * weave + 0.08 * folds + 0.04 * rng.standard_normal((n, n)).astype(np.float32)
    return np.clip(img * field[..., None], 0, 255)


@lru_cache(maxsize=8)
def table_texture(kind: str, variant: int, *, size_px: int = TEXTURE_PX,
                  size_mm: float = TEXTURE_MM) -> TableTexture:
    """Table texture ``variant`` (0 to ``TEXTURE_VARIANTS - 1``, each a fixed seed) of ``kind``
    (one of :data:`TABLE_KINDS`). Cached: a benchmark re-uses them, placed and turned anew."""
    rng = np.random.default_rng([variant, TABLE_KINDS.index(kind) if kind in TABLE_KINDS else 99])
    makers = {"wood": (_wood, 0.5), "felt": (_felt, 0.05), "laminate": (_laminate, 0.8),
              "cloth": (_cloth, 0.1)}
    if kind not in makers:
        raise ValueError(f"unknown table kind {kind!r} (kinds: {', '.join(TABLE_KINDS)})")
    maker, gloss = makers[kind]
    img = maker(rng, size_px)
    if kind == "wood" and rng.random() < 0.5:
        img = np.ascontiguousarray(np.transpose(img, (1, 0, 2)))
    out = np.clip(img, 0, 255).astype(np.uint8)
    out.setflags(write=False)
    return TableTexture(out, size_px / size_mm, kind, gloss)
