"""Looks of the kits, made from the written specification only (/work/shared/KITS.md).

Palettes and paint drift, tile outlines (crenellated nestortiles, rounded-X wooden X-Tiles,
rounded-corner cards and squares), and the painted faces (pips, sectors, card symbols).

Conventions
-----------
- Colours are RGB float triples in [0, 1] (sRGB values, not linear light).
- Tile-local frame: millimetres, origin at the tile centre, ``x`` to the tile's right, ``y``
  downwards (the same handedness as an image, and as the board: ``x`` east, ``y`` south when
  the tile is not turned).
- A :class:`Template` raster maps pixel ``(u, v)`` (column, row, pixel centres at integers)
  to ``x = (u - cu) / res``, ``y = (v - cv) / res`` where ``(cu, cv)`` is the raster centre.
- Sprites are ``(h, w, 4)`` float32 RGBA arrays in that raster frame.
- Local directions are indexed ``0 = e (+x), 1 = s (+y), 2 = w (-x), 3 = n (-y)``.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Sequence

import cv2
import numpy as np
from skimage.color import deltaE_ciede2000, lab2rgb, rgb2lab

SHIFT = 4  # sub-pixel bits for cv2 drawing
ONE = 1 << SHIFT

PALETTES: dict[str, dict[str, str]] = {
    "nestortiles": {"white": "#F2F1EC", "black": "#222222", "red": "#C8102E", "orange": "#F08A1C",
                    "yellow": "#F5D21F", "green": "#2E9A47", "blue": "#1F5FBF", "purple": "#6B3FA0",
                    "pink": "#EE7FB0", "brown": "#7A4A2B"},
    "x-tiles": {"orange": "#EE7D1A", "red": "#C62B2B", "yellow": "#F4CF2E", "blue": "#1F64B0"},
    "twelve-tiles": {"blue": "#2466C2", "red": "#D0342C", "green": "#3C9A45", "yellow": "#F2C935"},
    "tapestry": {"red": "#D7263D", "orange": "#F46036", "yellow": "#F6D02F", "green": "#3BB273",
                 "blue": "#2E86DE", "purple": "#7B4FA6"},
}
KIT_OF_GAME = {"textile": "nestortiles", "octopus": "nestortiles", "x-tiles": "x-tiles",
               "twelve-tiles": "twelve-tiles", "tapestry": "tapestry"}
#: Pips are white on dark tiles and black on light ones (KITS.md).
DARK_PIPS_ON = {"white", "yellow", "orange", "pink"}
DIRS = ("e", "s", "w", "n")
#: Die pip positions in units of the pip offset, for 1-6 pips.
DIE = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
       4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
       6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]}


# ----------------------------------------------------------------------------- colours

def hex_rgb(code: str) -> np.ndarray:
    """``"#RRGGBB"`` -> float32 array (3,) in [0, 1]."""
    code = code.lstrip("#")
    return np.array([int(code[i:i + 2], 16) / 255.0 for i in (0, 2, 4)], np.float32)


def _lab(rgb: np.ndarray) -> np.ndarray:
    return rgb2lab(np.asarray(rgb, np.float64).reshape(1, 1, 3)).reshape(3)


def drift_colour(rgb: np.ndarray, target_de: float, rng: random.Random) -> np.ndarray:
    """A colour about ``target_de`` CIEDE2000 away from ``rgb`` in a random Lab direction.

    The lightness component of the direction is damped (paints vary more in hue and chroma
    than in lightness). The result is clipped to the sRGB gamut, so the reached distance may be
    slightly smaller for colours at the gamut edge.
    """
    if target_de <= 0.05:
        return np.asarray(rgb, np.float32)
    lab0 = _lab(rgb)
    d = np.array([rng.gauss(0, 0.6), rng.gauss(0, 1), rng.gauss(0, 1)])
    d /= np.linalg.norm(d) + 1e-9
    lo, hi = 0.0, 4.0 * target_de + 5.0
    for _ in range(18):
        mid = 0.5 * (lo + hi)
        de = float(deltaE_ciede2000(lab0, lab0 + d * mid))
        lo, hi = (mid, hi) if de < target_de else (lo, mid)
    lab1 = lab0 + d * 0.5 * (lo + hi)
    out = lab2rgb(lab1.reshape(1, 1, 3)).reshape(3)
    return np.clip(out, 0, 1).astype(np.float32)


def delta_e(rgb_a: np.ndarray, rgb_b: np.ndarray) -> float:
    """CIEDE2000 between two sRGB colours."""
    return float(deltaE_ciede2000(_lab(rgb_a), _lab(rgb_b)))


def kit_palette(game: str, rng: random.Random, max_de: float) -> tuple[dict[str, np.ndarray], dict[str, float]]:
    """The paint of this photo's set: each default colour drifted by U(0, max_de) CIEDE2000.

    Returns ``(name -> rgb, name -> drift reached)``.
    """
    out, drift = {}, {}
    for name, code in PALETTES[KIT_OF_GAME[game]].items():
        base = hex_rgb(code)
        col = drift_colour(base, rng.uniform(0, max_de), rng)
        out[name] = col
        drift[name] = round(delta_e(base, col), 2)
    return out, drift


def mix(a: Sequence[float], b: Sequence[float], t: float) -> np.ndarray:
    """Linear mix ``a * (1 - t) + b * t`` of two RGB colours."""
    return (np.asarray(a, np.float32) * (1 - t) + np.asarray(b, np.float32) * t).astype(np.float32)


# ----------------------------------------------------------------------------- outlines (mm)

def rounded_rect(w: float, h: float, radius: float, n_arc: int = 10) -> np.ndarray:
    """(n, 2) polygon of a ``w`` x ``h`` rectangle centred at 0 with corner ``radius`` (mm)."""
    radius = max(0.0, min(radius, w / 2 - 1e-3, h / 2 - 1e-3))
    if radius < 0.05:
        return np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]], np.float64)
    pts = []
    for cx, cy, a0 in ((w / 2 - radius, -h / 2 + radius, -90), (w / 2 - radius, h / 2 - radius, 0),
                       (-w / 2 + radius, h / 2 - radius, 90), (-w / 2 + radius, -h / 2 + radius, 180)):
        for k in range(n_arc + 1):
            a = math.radians(a0 + 90 * k / n_arc)
            pts.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return np.array(pts, np.float64)


def crenellated_square(size: float, fingers: int, depth: float, first_notched: bool) -> np.ndarray:
    """A die-face square with finger-joint teeth on its edges (mm polygon, centred at 0).

    Each side is split into ``fingers`` equal segments, alternately notched ``depth`` inwards;
    N/S sides start notched when ``first_notched``, E/W sides have the complementary pattern,
    so faces would assemble into a cube.
    """
    half = size / 2
    corners = [(-half, -half), (half, -half), (half, half), (-half, half)]  # NW NE SE SW (clockwise on screen)
    pts: list[tuple[float, float]] = []
    for side in range(4):
        p0 = np.array(corners[side])
        p1 = np.array(corners[(side + 1) % 4])
        t = (p1 - p0) / size
        inward = np.array([-t[1], t[0]])  # y-down frame, clockwise walk: left-hand normal points in
        pattern = [((k % 2 == 0) == (first_notched == (side % 2 == 0))) for k in range(fingers)]
        for k in range(fingers):
            off = depth if pattern[k] else 0.0
            a = p0 + t * (size * k / fingers) + inward * off
            b = p0 + t * (size * (k + 1) / fingers) + inward * off
            pts.extend([tuple(a), tuple(b)])
    poly = np.array(pts, np.float64)
    # clip into the square: notches at corners create points outside when both sides are notched
    return np.clip(poly, -half, half)


def x_tile_outline(half_len: float, waist: float, shoulder: float, round_ends: bool,
                   n: int = 40) -> tuple[np.ndarray, float]:
    """Outline of an X-Tile with its long axis along x (mm polygon, centred at 0), and its shoulder x.

    The end cap is ``x = half_len - a y^2`` (convex) and the waist ``y = waist + a x^2`` (concave)
    with the same ``a``; they meet at the shoulder ``(xs, shoulder)``. Because cap and waist are
    the same parabola, a tile's end nests exactly into the waist of a neighbour turned a quarter
    turn at lattice pitch ``half_len + waist``. Two ``a`` solve the shoulder condition: a small
    one (flatter ends, long waist) and, with ``round_ends``, a large one (rounder, ellipse-like
    ends, short waist). Corners are rounded later (see :func:`make_template`).
    """
    d = shoulder - waist
    f = lambda a: math.sqrt(d / a) + a * shoulder ** 2 - half_len  # noqa: E731
    a_min = (math.sqrt(d) / (2 * shoulder ** 2)) ** (2 / 3)
    if f(a_min) >= 0:
        raise ValueError("waist too shallow for this tile size")
    lo, hi = (a_min, half_len / shoulder ** 2) if round_ends else (1e-6, a_min)
    for _ in range(80):
        mid = 0.5 * (lo + hi)
        if (f(mid) < 0) == round_ends:
            lo = mid
        else:
            hi = mid
    a = 0.5 * (lo + hi)
    xs = math.sqrt(d / a)
    quarter = [(float(x), float(waist + a * x * x)) for x in np.linspace(0, xs, n)]
    quarter += [(float(half_len - a * y * y), float(y)) for y in np.linspace(shoulder, 0, n)[1:]]
    q = np.array(quarter)  # from the waist top (0, w) to the end apex (L, 0), y >= 0
    pts = np.concatenate([q, q[::-1][1:] * [1, -1], q[1:] * [-1, -1], q[::-1][1:-1] * [-1, 1]])
    return pts, xs


# ----------------------------------------------------------------------------- templates

@dataclass
class Template:
    """A tile outline rasterised at ``res`` px/mm with the fields its faces are painted from.

    Attributes
    ----------
    alpha : (h, w) float32 coverage in [0, 1] (anti-aliased).
    depth : (h, w) float32 distance inside the outline in mm (0 outside).
    nx, ny : (h, w) float32 outward unit normal of the nearest outline (used for bevels).
    sector : (h, w) int8 local direction index of the face sector (0 e, 1 s, 2 w, 3 n) split by
        the lines ``|x| = |y| * sx / sy``.
    outline : (n, 2) float64 polygon in tile-local mm (for side faces and shadows).
    noise : (h, w) float32 multiplicative paint/print texture around 0.
    """
    res: float
    alpha: np.ndarray
    depth: np.ndarray
    nx: np.ndarray
    ny: np.ndarray
    sector: np.ndarray
    outline: np.ndarray
    noise: np.ndarray
    extra: dict = field(default_factory=dict)

    @property
    def shape(self) -> tuple[int, int]:
        return self.alpha.shape  # type: ignore[return-value]

    @property
    def centre(self) -> tuple[float, float]:
        h, w = self.alpha.shape
        return (w - 1) / 2.0, (h - 1) / 2.0

    def to_px(self, x: float, y: float) -> tuple[int, int]:
        """Tile-local mm -> fixed-point pixel coordinates for cv2 drawing (``SHIFT`` bits)."""
        cu, cv = self.centre
        return int(round((cu + x * self.res) * ONE)), int(round((cv + y * self.res) * ONE))

    def pixel_to_local(self) -> np.ndarray:
        """3x3 affine: raster pixel (u, v, 1) -> tile-local mm (x, y, 1)."""
        cu, cv = self.centre
        r = self.res
        return np.array([[1 / r, 0, -cu / r], [0, 1 / r, -cv / r], [0, 0, 1]], np.float64)


def fbm(shape: tuple[int, int], rng: np.random.Generator, scales_px: Sequence[float],
        weights: Sequence[float]) -> np.ndarray:
    """Smooth noise: a sum of upsampled white noise grids of the given feature sizes (px).

    Returns float32 ``shape`` with roughly unit standard deviation per weight.
    """
    h, w = shape
    out = np.zeros(shape, np.float32)
    for sc, wt in zip(scales_px, weights):
        gh, gw = max(2, int(h / max(sc, 1.0)) + 2), max(2, int(w / max(sc, 1.0)) + 2)
        g = rng.standard_normal((gh, gw)).astype(np.float32)
        up = cv2.resize(g, (w, h), interpolation=cv2.INTER_CUBIC if sc > 1.5 else cv2.INTER_NEAREST)
        out += wt * up
    return out


def make_template(poly_mm: np.ndarray, res: float, nrng: np.random.Generator, *, round_mm: float = 0.0,
                  shrink_mm: float = 0.0, sector_ratio: float = 1.0, noise_amp: float = 0.015) -> Template:
    """Rasterise a tile outline: anti-aliased coverage, inner distance, edge normals, sectors.

    ``round_mm`` rounds convex corners (a morphological opening with a disc), ``shrink_mm``
    erodes the outline (gaps between touching tiles), ``sector_ratio`` = sx / sy sets the slope
    of the X that splits the face into sectors (1 for 45-degree diagonals).
    """
    span = np.abs(poly_mm).max(axis=0) + 1.0
    w = int(math.ceil(2 * span[0] * res)) | 1
    h = int(math.ceil(2 * span[1] * res)) | 1
    cu, cv = (w - 1) / 2.0, (h - 1) / 2.0
    pts = np.round((poly_mm * res + [cu, cv]) * ONE).astype(np.int32)
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [pts], 255, cv2.LINE_8, SHIFT)
    if round_mm > 0:
        rad = round_mm * res
        inner = cv2.distanceTransform(mask, cv2.DIST_L2, 5)
        core = np.where(inner > rad, 0, 255).astype(np.uint8)
        mask = np.where(cv2.distanceTransform(core, cv2.DIST_L2, 5) <= rad, 255, 0).astype(np.uint8)
    if shrink_mm > 0:
        mask = np.where(cv2.distanceTransform(mask, cv2.DIST_L2, 5) > shrink_mm * res, 255, 0).astype(np.uint8)
    depth_px = cv2.distanceTransform(mask, cv2.DIST_L2, 5)
    alpha = cv2.GaussianBlur(mask.astype(np.float32) / 255.0, (0, 0), 0.55)
    sm = cv2.GaussianBlur(depth_px, (0, 0), 1.0)
    gy, gx = np.gradient(sm)
    norm = np.sqrt(gx * gx + gy * gy) + 1e-6
    nx, ny = (-gx / norm).astype(np.float32), (-gy / norm).astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    xx, yy = (xx - cu) / res, (yy - cv) / res
    ax, ay = np.abs(xx) / sector_ratio, np.abs(yy)
    sector = np.where(ax >= ay, np.where(xx >= 0, 0, 2), np.where(yy >= 0, 1, 3)).astype(np.int8)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    cnt = max(contours, key=cv2.contourArea)
    cnt = cv2.approxPolyDP(cnt, 0.35, True).reshape(-1, 2).astype(np.float64)
    outline = (cnt - [cu, cv]) / res
    noise = fbm((h, w), nrng, (3.0 * res, 0.6 * res, 1.0), (0.5, 0.35, 0.25)) * noise_amp
    return Template(res, alpha, (depth_px / res).astype(np.float32), nx, ny, sector, outline, noise)


# ----------------------------------------------------------------------------- faces

@dataclass
class FaceStyle:
    """Per-photo choices for how tops are shaded.

    bevel_mm: width of the rounded/bevelled band at the outline (0 = sharp edge);
    edge_dark: darkening at the very edge (0-0.35); bevel_light: strength of the bevel facing
    the light; gloss: strength of a soft sheen across the face.
    """
    bevel_mm: float = 1.0
    edge_dark: float = 0.15
    bevel_light: float = 0.2
    gloss: float = 0.05


def _shade(tpl: Template, style: FaceStyle, light_local: tuple[float, float]) -> np.ndarray:
    """(h, w) float32 multiplicative shading of a top face (bevel + edge darkening + sheen)."""
    shade = np.ones(tpl.shape, np.float32)
    if style.bevel_mm > 0.01:
        band = np.clip(1.0 - tpl.depth / style.bevel_mm, 0, 1)
        band *= band > 0
        facing = tpl.nx * light_local[0] + tpl.ny * light_local[1]
        shade += band * (style.bevel_light * facing - style.edge_dark)
    if style.gloss > 0:
        h, w = tpl.shape
        g = np.linspace(-1, 1, w, dtype=np.float32)[None, :] * light_local[0] \
            + np.linspace(-1, 1, h, dtype=np.float32)[:, None] * light_local[1]
        shade += style.gloss * g
    return shade


def _rgba(tpl: Template, rgb: np.ndarray, shade: np.ndarray, noise_shift: tuple[int, int]) -> np.ndarray:
    """Combine a (h, w, 3) colour field with shading, texture and coverage into an RGBA sprite."""
    tex = np.roll(tpl.noise, noise_shift, axis=(0, 1))
    lum = (shade * (1.0 + tex))[..., None]
    out = np.empty(tpl.shape + (4,), np.float32)
    out[..., :3] = np.clip(rgb * lum, 0, 1)
    out[..., 3] = tpl.alpha
    return out


def _fill(tpl: Template, colour: np.ndarray) -> np.ndarray:
    return np.broadcast_to(np.asarray(colour, np.float32), tpl.shape + (3,)).copy()


@dataclass
class PipStyle:
    """Pip look for one photo: diameter and offset (mm), shape, colours, engraving rim."""
    diameter: float = 6.5
    offset: float = 10.0
    square: bool = False
    light: tuple[float, float, float] = (0.95, 0.95, 0.93)
    dark: tuple[float, float, float] = (0.1, 0.1, 0.1)
    rim: float = 0.0  # width (mm) of a darker engraving ring, 0 = none


def draw_pips(rgb: np.ndarray, tpl: Template, pips: int, colour: np.ndarray, ps: PipStyle) -> None:
    """Paint ``pips`` (1-6) in the usual die layout onto a tile's colour field in place."""
    r = ps.diameter / 2
    for px, py in DIE[pips]:
        x, y = px * ps.offset, py * ps.offset
        if ps.square:
            sq = rounded_rect(ps.diameter * 0.9, ps.diameter * 0.9, ps.diameter * 0.25, 4) + [x, y]
            pts = np.array([tpl.to_px(*p) for p in sq], np.int32)
            cv2.fillPoly(rgb, [pts], colour.tolist(), cv2.LINE_AA, SHIFT)
        else:
            cv2.circle(rgb, tpl.to_px(x, y), int(r * tpl.res * ONE), colour.tolist(), -1, cv2.LINE_AA, SHIFT)
        if ps.rim > 0:
            ring = (colour * 0.55).tolist()
            cv2.circle(rgb, tpl.to_px(x, y), int(r * tpl.res * ONE), ring,
                       max(1, int(ps.rim * tpl.res)), cv2.LINE_AA, SHIFT)


def nestor_face(tpl: Template, colour_name: str, colour: np.ndarray, pips: int | None, ps: PipStyle,
                style: FaceStyle, light_local: tuple[float, float], nshift: tuple[int, int]) -> np.ndarray:
    """RGBA sprite of a nestortile top: one paint colour, optional pips in a contrasting colour."""
    rgb = _fill(tpl, colour)
    if pips:
        pip = np.asarray(ps.dark if colour_name in DARK_PIPS_ON else ps.light, np.float32)
        draw_pips(rgb, tpl, pips, pip, ps)
    return _rgba(tpl, rgb, _shade(tpl, style, light_local), nshift)


def sector_face(tpl: Template, local_colours: Sequence[np.ndarray], style: FaceStyle,
                light_local: tuple[float, float], nshift: tuple[int, int], *, rim_mm: float = 0.0,
                rim_rgb: np.ndarray | None = None, groove_mm: float = 0.0,
                groove_rgb: np.ndarray | None = None, wood: np.ndarray | None = None) -> np.ndarray:
    """RGBA sprite of a face split by an X into 4 sectors (X-Tiles and Twelve Tiles).

    ``local_colours[i]`` paints the sector facing local direction ``DIRS[i]``. An unpainted rim
    of ``rim_mm`` shows ``rim_rgb`` (with ``wood`` grain multiplier (h, w) if given), and the X
    itself can be a ``groove_mm`` wide line of ``groove_rgb``.
    """
    lut = np.stack([np.asarray(c, np.float32) for c in local_colours])
    rgb = lut[tpl.sector.astype(np.intp)]
    if groove_mm > 0 and groove_rgb is not None:
        h, w = tpl.shape
        big = max(h, w) / tpl.res
        k = tpl.extra.get("sector_ratio", 1.0)
        for sx in (-1, 1):
            p0 = tpl.to_px(-big * k, -big * sx)
            p1 = tpl.to_px(big * k, big * sx)
            cv2.line(rgb, p0, p1, np.asarray(groove_rgb, np.float32).tolist(),
                     max(1, int(round(groove_mm * tpl.res))), cv2.LINE_AA, SHIFT)
    if rim_mm > 0 and rim_rgb is not None:
        rim = np.clip((rim_mm - tpl.depth) * tpl.res + 0.5, 0, 1)[..., None]
        wood_rgb = np.asarray(rim_rgb, np.float32) * (wood[..., None] if wood is not None else 1.0)
        rgb = rgb * (1 - rim) + wood_rgb * rim
    return _rgba(tpl, rgb, _shade(tpl, style, light_local), nshift)


# ----------------------------------------------------------------------------- card symbols

@dataclass
class SymbolArt:
    """One photo's Tapestry art: styles of the three symbols, size, ink colour rule."""
    rock: str = "disc"        # "disc" | "fist"
    paper: str = "sheet"      # "sheet" | "hand"
    size: float = 1.0         # scale of the art (1 = about 36 mm tall)
    tint: float = 0.85        # ink = mix(card colour, white, tint)
    outline: float = 0.0      # width (mm) of a darker outline around the art, 0 = none
    border_mm: float = 0.0    # light frame printed at the card edge, 0 = none
    stroke: float = 1.0       # thickness multiplier for rings, blades and fingers


def _poly(tpl: Template, pts: np.ndarray) -> np.ndarray:
    return np.array([tpl.to_px(float(x), float(y)) for x, y in pts], np.int32)


def _capsule(p0: tuple[float, float], p1: tuple[float, float], radius: float, n: int = 8) -> np.ndarray:
    """Polygon (mm) of a stadium shape between two points."""
    (x0, y0), (x1, y1) = p0, p1
    ang = math.atan2(y1 - y0, x1 - x0)
    pts = []
    for cx, cy, a0 in ((x1, y1, ang - math.pi / 2), (x0, y0, ang + math.pi / 2)):
        for k in range(n + 1):
            a = a0 + math.pi * k / n
            pts.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return np.array(pts)


def _ellipse_pts(cx: float, cy: float, rx: float, ry: float, rot: float = 0.0, n: int = 40) -> np.ndarray:
    t = np.linspace(0, 2 * math.pi, n, endpoint=False)
    x, y = rx * np.cos(t), ry * np.sin(t)
    c, s = math.cos(rot), math.sin(rot)
    return np.stack([cx + c * x - s * y, cy + s * x + c * y], axis=1)


def symbol_shapes(symbol: str, art: SymbolArt) -> list[tuple[str, np.ndarray, float]]:
    """The art of one symbol as a list of ``(kind, polygon mm, ring width mm)``.

    ``kind`` is ``"fill"`` (filled polygon), ``"ring"`` (closed outline of the given width) or
    ``"cut"`` (filled with the card colour, to open holes and draw lines in the art).
    """
    s = art.size
    st = art.stroke
    out: list[tuple[str, np.ndarray, float]] = []
    if symbol == "rock":
        if art.rock == "disc":
            out.append(("fill", _ellipse_pts(0, 0, 15 * s, 15 * s, 0, 60), 0))
        else:  # a fist: palm block, four knuckles, a thumb across
            out.append(("fill", rounded_rect(26 * s, 20 * s, 5 * s) + [0, 3 * s], 0))
            for k in range(4):
                out.append(("fill", _ellipse_pts((-9.75 + 6.5 * k) * s, -7 * s, 3.6 * s, 4.2 * s), 0))
            out.append(("fill", _capsule((-11 * s, 4 * s), (4 * s, 1 * s), 3.4 * s), 0))
            out.append(("cut", _capsule((-8 * s, -3.0 * s), (8 * s, -3.0 * s), 0.35 * s * st), 0))
    elif symbol == "paper":
        if art.paper == "sheet":
            w, h, f = 26 * s, 34 * s, 8 * s
            sheet = np.array([[-w / 2, -h / 2], [w / 2 - f, -h / 2], [w / 2, -h / 2 + f], [w / 2, h / 2],
                              [-w / 2, h / 2]])
            rot = math.radians(-8)
            c, sn = math.cos(rot), math.sin(rot)
            R = np.array([[c, -sn], [sn, c]])
            out.append(("fill", sheet @ R.T, 0))
            for k in range(4):
                y = (-h / 2 + f + 4 * s + k * 5.5 * s)
                line = _capsule((-w / 2 + 4 * s, y), (w / 2 - 4 * s - (3 * s if k == 3 else 0), y), 0.5 * s * st, 3)
                out.append(("cut", line @ R.T, 0))
            fold = np.array([[w / 2 - f, -h / 2], [w / 2 - f, -h / 2 + f], [w / 2, -h / 2 + f]])
            out.append(("cut", fold @ R.T, 0))
        else:  # open hand: palm and five spread fingers
            out.append(("fill", _ellipse_pts(0, 6 * s, 11 * s, 12 * s), 0))
            for ang, ln in ((-70, 15), (-25, 17), (-5, 19), (15, 18), (38, 14)):
                a = math.radians(ang - 90)
                base = (9 * s * math.cos(a) * 0.7, 4 * s + 9 * s * math.sin(a) * 0.7)
                tip = (base[0] + ln * s * math.cos(a), base[1] + ln * s * math.sin(a))
                out.append(("fill", _capsule(base, tip, 2.6 * s * st), 0))
    elif symbol == "scissors":
        rr, rw = 5.5 * s, 2.2 * s * st
        for sx in (-1, 1):
            out.append(("ring", _ellipse_pts(sx * 7 * s, 11 * s, rr, rr * 1.15, 0, 40), rw))
            # blade from the ring across the pivot to the opposite top
            p0 = (sx * 4.5 * s, 6.5 * s)
            p1 = (-sx * 10 * s, -17 * s)
            ang = math.atan2(p1[1] - p0[1], p1[0] - p0[0])
            nrm = (-math.sin(ang), math.cos(ang))
            wd = 2.8 * s * st
            blade = np.array([[p0[0] + nrm[0] * wd, p0[1] + nrm[1] * wd],
                              [p0[0] - nrm[0] * wd, p0[1] - nrm[1] * wd],
                              [p1[0], p1[1]]])
            out.append(("fill", blade, 0))
        out.append(("cut", _ellipse_pts(0, 0, 1.3 * s, 1.3 * s, 0, 16), 0))
    return out


def card_face(tpl: Template, colour: np.ndarray, symbol: str, art: SymbolArt, style: FaceStyle,
              light_local: tuple[float, float], nshift: tuple[int, int], upside_down: bool) -> np.ndarray:
    """RGBA sprite of a Tapestry card: one colour with a light symbol in the middle."""
    rgb = _fill(tpl, colour)
    ink = mix(colour, (1, 1, 1), art.tint)
    flip = -1.0 if upside_down else 1.0
    if art.border_mm > 0:
        inner = np.clip((tpl.depth - art.border_mm) * tpl.res + 0.5, 0, 1)[..., None]
        rgb = rgb * inner + mix(colour, (1, 1, 1), 0.9) * (1 - inner)
    shapes = symbol_shapes(symbol, art)
    if art.outline > 0:
        dark = (colour * 0.45).tolist()
        for kind, pts, width in shapes:
            if kind != "cut":
                cv2.polylines(rgb, [_poly(tpl, pts * flip)], True, dark,
                              max(1, int((width + 2 * art.outline) * tpl.res)), cv2.LINE_AA, SHIFT)
    for kind, pts, width in shapes:
        poly = _poly(tpl, pts * flip)
        if kind == "fill":
            cv2.fillPoly(rgb, [poly], ink.tolist(), cv2.LINE_AA, SHIFT)
        elif kind == "ring":
            cv2.polylines(rgb, [poly], True, ink.tolist(), max(1, int(width * tpl.res)), cv2.LINE_AA, SHIFT)
        else:
            cv2.fillPoly(rgb, [poly], np.asarray(colour, np.float32).tolist(), cv2.LINE_AA, SHIFT)
    return _rgba(tpl, rgb, _shade(tpl, style, light_local), nshift)
