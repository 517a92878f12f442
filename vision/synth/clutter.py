"""Things lying on the table around the game: coins, a pencil, a die, a note, a bottle cap, a
phone. Drawn top-down into the table-level layer, each with its height for the cast shadow."""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass
class TableLayer:
    """Top-down layer at table height: ``bgr`` ``(h, w, 3)`` uint8 and ``alpha`` ``(h, w)``
    uint8 at ``scale`` pixels per mm; ``shadow`` ``(hs, ws)`` uint8 (255 = in the hard shadow)
    at the coarser ``shadow_scale``. Both start at world mm ``origin``."""

    bgr: np.ndarray
    alpha: np.ndarray
    shadow: np.ndarray
    scale: float
    origin: tuple[float, float]
    shadow_scale: float

    @classmethod
    def empty(cls, size_mm: tuple[float, float], origin: tuple[float, float], scale: float,
              shadow_scale: float) -> "TableLayer":
        w, h = (int(np.ceil(v * scale)) for v in size_mm)
        ws, hs = (int(np.ceil(v * shadow_scale)) for v in size_mm)
        return cls(np.zeros((h, w, 3), np.uint8), np.zeros((h, w), np.uint8),
                   np.zeros((hs, ws), np.uint8), scale, origin, shadow_scale)

    def px(self, pts_mm, scale: float | None = None) -> np.ndarray:
        """Points in mm -> fixed-point (4 fractional bits) pixels of the layer."""
        p = (np.asarray(pts_mm, float) - self.origin) * (scale or self.scale)
        return np.round(p * 16).astype(np.int32)

    def fill(self, pts_mm, colour, *, height: float, shadow_shift: tuple[float, float]) -> None:
        """Fill a polygon (mm) with ``colour`` and cast its shadow for ``height`` mm."""
        self.cast(pts_mm, height=height, shadow_shift=shadow_shift)
        pts = self.px(pts_mm)
        cv2.fillPoly(self.bgr, [pts], colour, cv2.LINE_AA, 4)
        cv2.fillPoly(self.alpha, [pts], 255, cv2.LINE_AA, 4)

    def cast(self, pts_mm, *, height: float, shadow_shift: tuple[float, float]) -> None:
        pts = np.asarray(pts_mm, float)
        for f in np.linspace(0, 1, 4):
            shifted = pts + np.asarray(shadow_shift) * height * f
            cv2.fillPoly(self.shadow, [self.px(shifted, self.shadow_scale)], 255, cv2.LINE_AA, 4)


def _circle(cx: float, cy: float, r: float, n: int = 40) -> np.ndarray:
    t = np.linspace(0, 2 * np.pi, n, endpoint=False)
    return np.column_stack([cx + r * np.cos(t), cy + r * np.sin(t)])


def _rect(cx, cy, w, h, ang) -> np.ndarray:
    c, s = math.cos(ang), math.sin(ang)
    pts = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    return pts @ np.array([[c, s], [-s, c]]) + (cx, cy)


def draw_clutter(layer: TableLayer, keep_out: tuple[float, float, float, float],
                 rng: np.random.Generator, shadow_shift: tuple[float, float]) -> list[str]:
    """Scatter 2-5 objects over ``layer`` outside the rectangle ``keep_out`` (mm); return their
    names."""
    h, w = layer.alpha.shape
    x_lo, y_lo = layer.origin
    x_hi, y_hi = x_lo + w / layer.scale, y_lo + h / layer.scale
    kx0, ky0, kx1, ky1 = keep_out
    placed: list[str] = []
    for _ in range(int(rng.integers(2, 6))):
        kind = str(rng.choice(["coin", "coin", "pencil", "die", "note", "cap", "phone"]))
        size = {"coin": 14, "pencil": 80, "die": 12, "note": 42, "cap": 16, "phone": 80}[kind]
        for _attempt in range(20):
            cx = rng.uniform(x_lo + size, x_hi - size)
            cy = rng.uniform(y_lo + size, y_hi - size)
            if cx + size < kx0 or cx - size > kx1 or cy + size < ky0 or cy - size > ky1:
                break
        else:
            continue
        ang = rng.uniform(0, math.pi)
        sh = shadow_shift
        if kind == "coin":
            r = rng.uniform(9, 13)
            metal = [(60, 140, 190), (170, 170, 175), (80, 120, 160)][int(rng.integers(3))]
            layer.fill(_circle(cx, cy, r), metal, height=2, shadow_shift=sh)
            ring = layer.px(_circle(cx, cy, r * 0.82))
            cv2.polylines(layer.bgr, [ring], True, tuple(int(v * 0.75) for v in metal),
                          max(1, int(layer.scale * 0.8)), cv2.LINE_AA, 4)
        elif kind == "pencil":
            body = [(30, 200, 240), (40, 40, 200), (60, 140, 40), (40, 40, 40)][int(rng.integers(4))]
            length = rng.uniform(120, 170)
            c, s = math.cos(ang), math.sin(ang)
            layer.fill(_rect(cx, cy, length, 7, ang), body, height=7, shadow_shift=sh)
            tip = np.array([[length / 2, -3.5], [length / 2 + 18, 0], [length / 2, 3.5]])
            tip = tip @ np.array([[c, s], [-s, c]]) + (cx, cy)
            layer.fill(tip, (140, 190, 225), height=5, shadow_shift=sh)
            lead = np.array([[length / 2 + 13, -1], [length / 2 + 18, 0], [length / 2 + 13, 1]])
            layer.fill(lead @ np.array([[c, s], [-s, c]]) + (cx, cy), (50, 50, 50), height=4,
                       shadow_shift=sh)
        elif kind == "die":
            colour = [(240, 240, 240), (40, 40, 200), (30, 30, 30)][int(rng.integers(3))]
            layer.fill(_rect(cx, cy, 16, 16, ang), colour, height=9, shadow_shift=sh)
            pip = (20, 20, 20) if colour[0] > 200 else (240, 240, 240)
            for dx, dy in [(-4, -4), (4, 4), (0, 0)][: int(rng.integers(1, 4))]:
                cv2.circle(layer.bgr, tuple(int(v) for v in layer.px([(cx + dx, cy + dy)])[0]),
                           int(1.6 * layer.scale * 16), pip, -1, cv2.LINE_AA, 4)
        elif kind == "note":
            colour = [(140, 245, 250), (200, 160, 250), (250, 250, 250)][int(rng.integers(3))]
            layer.fill(_rect(cx, cy, 76, 76, ang), colour, height=0.3, shadow_shift=sh)
            ink = (110, 60, 30)
            for i in range(int(rng.integers(2, 6))):
                y = -25 + i * 11
                seg = np.array([[-28, y], [rng.uniform(0, 28), y]])
                c, s = math.cos(ang), math.sin(ang)
                seg = seg @ np.array([[c, s], [-s, c]]) + (cx, cy)
                p = layer.px(seg)
                cv2.line(layer.bgr, tuple(int(v) for v in p[0]), tuple(int(v) for v in p[1]), ink,
                         max(1, int(layer.scale * 0.8)), cv2.LINE_AA, 4)
        elif kind == "cap":
            colour = [(30, 30, 200), (200, 120, 30), (240, 240, 240)][int(rng.integers(3))]
            layer.fill(_circle(cx, cy, 15), colour, height=10, shadow_shift=sh)
            cv2.polylines(layer.bgr, [layer.px(_circle(cx, cy, 13))], True,
                          tuple(int(v * 0.8) for v in colour), max(1, int(layer.scale)), cv2.LINE_AA, 4)
        else:  # phone
            layer.fill(_rect(cx, cy, 72, 150, ang), (25, 25, 28), height=8, shadow_shift=sh)
            layer.fill(_rect(cx, cy, 66, 140, ang), (45, 40, 38), height=8, shadow_shift=sh)
        placed.append(kind)
    return placed
