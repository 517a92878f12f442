"""Top-down faces of tiles and cards: outlines in millimetres and painted face patches.

Every function works in the tile's own frame, centred on the tile, ``x`` east and ``y`` south
(millimetres), *before* the small twist a tile gets on the table. A patch is drawn 2x
oversampled and reduced with area averaging, so edges are anti-aliased.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

import cv2
import numpy as np

from vision.kits import DIE_PIP_LAYOUT, Kit, hex_to_rgb

#: Nestortiles tooth depth and count of teeth segments between the corner teeth.
TOOTH_DEPTH_MM = 2.2
TOOTH_SEGMENTS = 5
#: X-Tiles: unpainted wood rim and the groove width along the X.
XT_RIM_MM = 1.3
CARD_RADIUS_MM = 3.5
SQUARE_RADIUS_MM = 1.2
SUPERSAMPLE = 2
#: Above this scale (pixels per mm) faces are drawn without oversampling (LINE_AA only).
SUPERSAMPLE_BELOW = 6.0
EDGE_ORDER = ("n", "e", "s", "w")


@dataclass(frozen=True)
class FacePatch:
    """A painted face: ``bgr`` ``(h, w, 3)`` uint8, ``alpha`` ``(h, w)`` uint8 (255 inside),
    ``centre`` the tile centre in patch pixels ``(x, y)``, ``scale`` pixels per millimetre."""

    bgr: np.ndarray
    alpha: np.ndarray
    centre: tuple[float, float]
    scale: float


def bgr(hex_colour: str) -> tuple[int, int, int]:
    r, g, b = hex_to_rgb(hex_colour)
    return b, g, r


# ------------------------------------------------------------------------------------ outlines

def _toothed_square(half: float) -> np.ndarray:
    d = TOOTH_DEPTH_MM
    inner = half - d
    seg = 2 * inner / TOOTH_SEGMENTS
    # Profile of the north side from west to east: (x_start, x_end, y).
    spans = [(-half, -inner, -half)]
    for i in range(TOOTH_SEGMENTS):
        level = -half if i % 2 else -inner
        spans.append((-inner + i * seg, -inner + (i + 1) * seg, level))
    spans.append((inner, half, -half))
    side = []
    for x0, x1, y in spans:
        side.extend([(x0, y), (x1, y)])
    side = np.array(side[:-1])  # the last point is the next side's first
    out = []
    for k in range(4):  # quarter turns clockwise on screen: (x, y) -> (-y, x)
        pts = side.copy()
        for _ in range(k):
            pts = np.column_stack([-pts[:, 1], pts[:, 0]])
        out.append(pts)
    return np.vstack(out)


def _arc(cx: float, cy: float, r: float, a0: float, a1: float, n: int = 14) -> np.ndarray:
    t = np.radians(np.linspace(a0, a1, n))
    return np.column_stack([cx + r * np.cos(t), cy + r * np.sin(t)])


def _rounded_x(long_axis: str) -> np.ndarray:
    """The X-Tiles outline: a 40 mm square whose two ends bulge out to 30 mm and whose two long
    sides dip in to 10 mm (both arcs of radius 25 mm, so neighbours nest); long axis E-W here."""
    a = math.degrees(math.atan2(15, 20))  # 36.87
    b = 180 - a
    pts = np.vstack([
        _arc(0, -35, 25, b, a)[:-1],           # north waist, west -> east
        _arc(5, 0, 25, -(90 - a), 90 - a)[:-1],  # east end
        _arc(0, 35, 25, -a, -b)[:-1],          # south waist, east -> west
        _arc(-5, 0, 25, 90 + a, 270 - a)[:-1],  # west end
    ])
    if long_axis == "ns":
        pts = pts[:, ::-1].copy()
    return pts


def _rounded_rect(w: float, h: float, r: float) -> np.ndarray:
    x, y = w / 2 - r, h / 2 - r
    return np.vstack([
        _arc(x, -y, r, -90, 0, 6), _arc(x, y, r, 0, 90, 6),
        _arc(-x, y, r, 90, 180, 6), _arc(-x, -y, r, 180, 270, 6),
    ])


def outline_mm(kit: Kit, tile: Mapping[str, Any] | None = None) -> np.ndarray:
    """The tile's outline ``(N, 2)`` (x east, y south, mm, about the tile centre), ordered
    clockwise on screen (positive signed area with ``y`` down)."""
    axis = (tile or {}).get("long_axis") or "ew"
    return _outline(kit.shape, kit.tile_size_mm, axis)


@lru_cache(maxsize=32)
def _outline(shape: str, size: tuple[float, float], axis: str) -> np.ndarray:
    w, h = size
    if shape == "toothed-square":
        pts = _toothed_square(w / 2)
    elif shape == "rounded-x":
        pts = _rounded_x(axis)
    elif shape == "card":
        pts = _rounded_rect(w, h, CARD_RADIUS_MM)
    else:
        pts = _rounded_rect(w, h, SQUARE_RADIUS_MM)
    x, y = pts[:, 0], pts[:, 1]
    area = 0.5 * np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y)
    if area < 0:
        pts = pts[::-1]
    pts.setflags(write=False)
    return pts


def cell_pitch_mm(kit: Kit) -> tuple[float, float]:
    """Nominal lattice spacing ``(dx, dy)`` of touching tiles (before gaps)."""
    w, h = kit.tile_size_mm
    if kit.shape == "rounded-x":
        return min(w, h), min(w, h)
    return w, h


# -------------------------------------------------------------------------------- face drawing

class _Canvas:
    """Oversampled drawing surface in tile millimetres."""

    def __init__(self, half_w: float, half_h: float, scale: float) -> None:
        self.ss = SUPERSAMPLE if scale < SUPERSAMPLE_BELOW else 1
        self.s = scale * self.ss
        self.ox, self.oy = half_w, half_h
        self.w = int(math.ceil(2 * half_w * self.s))
        self.h = int(math.ceil(2 * half_h * self.s))
        self.img = np.zeros((self.h, self.w, 3), np.uint8)
        self.mask = np.zeros((self.h, self.w), np.uint8)

    def px(self, pts_mm) -> np.ndarray:
        p = (np.asarray(pts_mm, float) + (self.ox, self.oy)) * self.s
        return np.round(p * 16).astype(np.int32)

    def poly(self, target: np.ndarray, pts_mm, colour) -> None:
        cv2.fillPoly(target, [self.px(pts_mm)], colour, cv2.LINE_AA, 4)

    def circle(self, target, centre_mm, r_mm, colour, thickness_mm: float | None = None) -> None:
        c = tuple(int(v) for v in self.px([centre_mm])[0])
        r = int(round(r_mm * self.s * 16))
        t = -1 if thickness_mm is None else max(1, int(round(thickness_mm * self.s)))
        cv2.circle(target, c, r, colour, t, cv2.LINE_AA, 4)

    def line(self, target, p0, p1, colour, width_mm: float) -> None:
        a, b = self.px([p0, p1])
        cv2.line(target, tuple(int(v) for v in a), tuple(int(v) for v in b), colour,
                 max(1, int(round(width_mm * self.s))), cv2.LINE_AA, 4)

    def mm_grid(self) -> tuple[np.ndarray, np.ndarray]:
        xs = (np.arange(self.w) + 0.5) / self.s - self.ox
        ys = (np.arange(self.h) + 0.5) / self.s - self.oy
        return np.meshgrid(xs.astype(np.float32), ys.astype(np.float32))

    def finish(self, scale: float) -> FacePatch:
        if self.ss == 1:
            return FacePatch(self.img, self.mask, (self.ox * scale, self.oy * scale), scale)
        w = max(1, int(round(self.w / self.ss)))
        h = max(1, int(round(self.h / self.ss)))
        img = cv2.resize(self.img, (w, h), interpolation=cv2.INTER_AREA)
        mask = cv2.resize(self.mask, (w, h), interpolation=cv2.INTER_AREA)
        return FacePatch(img, mask, (self.ox * scale, self.oy * scale), scale)


def _wood(shape: tuple[int, int], base_bgr, rng: np.random.Generator, *, along_x: bool = True,
          strength: float = 0.12) -> np.ndarray:
    """A small wood-grain texture ``(h, w, 3)`` uint8 around ``base_bgr``."""
    h, w = shape
    n = rng.standard_normal((max(2, h // 8), max(2, w // 8))).astype(np.float32)
    n = cv2.resize(n, (w, h), interpolation=cv2.INTER_CUBIC)
    fine = rng.standard_normal((h, w)).astype(np.float32)
    fine = cv2.GaussianBlur(fine, (0, 0), sigmaX=6 if along_x else 0.6, sigmaY=0.6 if along_x else 6)
    fine /= fine.std() + 1e-6
    across = (np.arange(h, dtype=np.float32)[:, None] if along_x
              else np.arange(w, dtype=np.float32)[None, :])
    rings = np.sin(across * 0.35 + n * 2.5)
    v = 1 + strength * (0.6 * rings + 0.8 * fine)
    out = np.asarray(base_bgr, np.float32)[None, None, :] * v[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


PIP_LAYOUT = DIE_PIP_LAYOUT


def pip_centres_mm(pips: int, spin: int, size_mm: float = 40.0) -> list[tuple[float, float]]:
    """Die-layout pip centres (mm about the tile centre), turned by ``spin`` quarter turns."""
    step = size_mm * 0.25
    pts = []
    for gx, gy in PIP_LAYOUT.get(int(pips), []):
        for _ in range(spin % 4):
            gx, gy = -gy, gx
        pts.append((gx * step, gy * step))
    return pts


def _draw_symbol(cv: _Canvas, target: np.ndarray, symbol: str, colour, face) -> None:
    if symbol == "rock":
        cv.circle(target, (0, 0), 12.0, colour)
    elif symbol == "paper":
        sheet = [(-10, -14), (5, -14), (10, -9), (10, 14), (-10, 14)]
        cv.poly(target, sheet, colour)
        cv.poly(target, [(5, -14), (5, -9), (10, -9)], face)
        for y in (-4, 1, 6, 11):
            cv.line(target, (-6.5, y), (6.5, y), face, 1.0)
    else:  # scissors
        for cx in (-6.0, 6.0):
            cv.circle(target, (cx, 9.5), 5.0, colour, thickness_mm=2.2)
        cv.poly(target, [(-4.5, 5.5), (-1.5, 6.5), (9, -16), (7.5, -16.5)], colour)
        cv.poly(target, [(4.5, 5.5), (1.5, 6.5), (-9, -16), (-7.5, -16.5)], colour)
        cv.circle(target, (0, 1.5), 1.2, face)


def face_patch(kit: Kit, tile: Mapping[str, Any], scale: float, rng: np.random.Generator,
               *, spin: int = 0, wood: np.ndarray | None = None) -> FacePatch:
    """Paint one tile face at ``scale`` pixels per mm (untwisted, world orientation).

    ``tile`` is a FORMATS.md tile dict of the kit's game; ``spin`` (quarter turns) orients the
    pip pattern (free on a die face); ``wood`` is a
    :func:`wood_stock` to cut X-Tiles faces from (made on the fly when missing).
    """
    outline = outline_mm(kit, tile)
    half_w = float(np.abs(outline[:, 0]).max()) + 1.0
    half_h = float(np.abs(outline[:, 1]).max()) + 1.0
    cv = _Canvas(half_w, half_h, scale)
    if kit.shape == "rounded-x":
        _paint_x_tile(cv, kit, tile, outline, rng, wood)
    else:
        cv.poly(cv.mask, outline, 255)
        if kit.face_model == "sectors":
            _paint_sectors(cv, kit, tile)
        elif kit.face_model == "symbol":
            face = bgr(kit.colours[tile["colour"]])
            cv.img[:] = face
            sym = bgr(kit.symbol_colour or "#FFFFFF")
            sym = tuple(int(v * 0.96) for v in sym)
            _draw_symbol(cv, cv.img, tile["symbol"], sym, face)
        else:
            face = bgr(kit.colours[tile["colour"]])
            cv.img[:] = face
            if tile.get("pips"):
                pc = bgr(kit.pip_colours.get(tile["colour"], "#FAFAFA"))
                for c in pip_centres_mm(tile["pips"], spin, kit.tile_size_mm[0]):
                    cv.circle(cv.img, c, kit.tile_size_mm[0] * 0.08, pc)
    return cv.finish(scale)


def _sector_polys(reach: float) -> dict[str, list[tuple[float, float]]]:
    r = reach
    return {"n": [(0, 0), (-r, -r), (r, -r)], "e": [(0, 0), (r, -r), (r, r)],
            "s": [(0, 0), (r, r), (-r, r)], "w": [(0, 0), (-r, r), (-r, -r)]}


def _paint_sectors(cv: _Canvas, kit: Kit, tile: Mapping[str, Any]) -> None:
    edges = tile["edges"]
    for name, poly in _sector_polys(60).items():
        cv.poly(cv.img, poly, bgr(kit.colours[edges[name]]))
    line = (235, 238, 240)
    cv.line(cv.img, (-30, -30), (30, 30), line, 0.6)
    cv.line(cv.img, (-30, 30), (30, -30), line, 0.6)
    # A thin dark bevel at the border of the tile.
    edge = np.zeros_like(cv.mask)
    cv.poly(edge, outline_mm(kit, tile), 255)
    k = max(1, int(round(0.6 * cv.s)))
    inner = cv2.erode(edge, np.ones((k, k), np.uint8))
    rim = (edge > 0) & (inner == 0)
    cv.img[rim] = (cv.img[rim] * 0.6).astype(np.uint8)


@lru_cache(maxsize=8)
def _x_tile_masks(axis: str, scale: float, shape: tuple[int, int], half: tuple[float, float],
                  size_mm: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
    """(outline mask with rounded corners, bare-wood mask: rim and X grooves) for one axis."""
    cv = _Canvas(half[0], half[1], scale)
    assert (cv.h, cv.w) == shape
    cv.poly(cv.mask, _outline("rounded-x", size_mm, axis), 255)
    k = max(3, int(round(3.0 * cv.s)) | 1)  # round the sharp corners where the arcs meet
    cv.mask[:] = cv2.morphologyEx(cv.mask, cv2.MORPH_OPEN,
                                  cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    rim = max(1, int(round(XT_RIM_MM * cv.s)))
    inner = cv2.erode(cv.mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * rim + 1, 2 * rim + 1)))
    grooves = np.zeros_like(cv.mask)
    cv.line(grooves, (-20, -20), (20, 20), 255, 0.9)
    cv.line(grooves, (-20, 20), (20, -20), 255, 0.9)
    bare = (inner < 128) | (grooves > 127)
    mask = cv.mask.copy()
    mask.setflags(write=False)
    bare.setflags(write=False)
    return mask, bare


def wood_stock(kit: Kit, scale: float, rng: np.random.Generator) -> np.ndarray:
    """A wood texture ``(h, w, 3)`` uint8 big enough to cut any X-Tiles face of this ``scale``
    from, grain along ``x`` (transpose it for grain along ``y``)."""
    ss = SUPERSAMPLE if scale < SUPERSAMPLE_BELOW else 1
    n = int(math.ceil(2 * 34 * scale * ss)) * 2
    return _wood((n, n), bgr(kit.rim_colour or "#C9A46B"), rng, along_x=True)


def _paint_x_tile(cv: _Canvas, kit: Kit, tile: Mapping[str, Any], outline: np.ndarray,
                  rng: np.random.Generator, wood: np.ndarray | None = None) -> None:
    axis = tile.get("long_axis") or "ew"
    mask, bare = _x_tile_masks(axis, cv.s / cv.ss, (cv.h, cv.w), (cv.ox, cv.oy), kit.tile_size_mm)
    cv.mask[:] = mask
    if wood is None:
        wood = wood_stock(kit, cv.s / cv.ss, rng)
    stock = wood if axis == "ew" else wood.transpose(1, 0, 2)
    y0 = int(rng.integers(0, stock.shape[0] - cv.h + 1))
    x0 = int(rng.integers(0, stock.shape[1] - cv.w + 1))
    wood_img = stock[y0:y0 + cv.h, x0:x0 + cv.w]
    edges = tile["edges"]
    for name, poly in _sector_polys(60).items():
        cv.poly(cv.img, poly, bgr(kit.colours[edges[name]]))
    # Paint on wood is not flat: let a little grain through; the rim and grooves stay bare.
    grain = wood_img.astype(np.float32) * (1.0 / max(1.0, float(np.mean(wood_img))))
    painted = np.clip(cv.img * (0.75 + 0.25 * grain), 0, 255).astype(np.uint8)
    cv.img[:] = np.where(bare[..., None], wood_img, painted)
