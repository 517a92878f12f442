"""An independent renderer of phone photos of the five tile games, for measuring the reader.

Built only from the written specification (/work/shared/KITS.md, FORMATS.md, RULES.md); it
shares no code or data with the product's own renderer. See README.md.

Model
-----
The table plane carries millimetre coordinates ``x`` east, ``y`` south; heights ``z`` are in mm
above the table. Every tile, card, board and clutter object is a *prism*: an outline in its own
local frame, a pose ``(x, y, theta)`` on the table, a bottom height and a thickness; its top is a
painted raster (a sprite), its sides are flat facets. A pinhole camera (world ``X`` east, ``Y``
south, ``Z`` down; camera ``x`` right, ``y`` down, ``z`` forward) projects each plane ``z = h``
by a homography; sprites are composited with ``cv2.warpPerspective`` far to near, sides are
drawn as projected quads. Light (colour temperature, gradient, shadows, glare, vignetting) and
the sensor (blur, noise, JPEG) are applied in the picture.

Images are RGB float32 ``(H, W, 3)`` in [0, 1] until the final BGR JPEG encoding.

CLI::

    python -m tests.indie.render --game octopus --seed 3 --style hard --out /tmp/indie
"""
from __future__ import annotations

import argparse
import json
import math
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import cv2
import numpy as np

from .looks import (DIRS, KIT_OF_GAME, FaceStyle, PipStyle, SymbolArt, Template, card_face, crenellated_square,
                    fbm, hex_rgb, kit_palette, make_template, mix, nestor_face, rounded_rect, sector_face,
                    drift_colour, x_tile_outline, ONE, SHIFT)
from .tables import draw_table_style, render_floor, render_table

GAMES = ("textile", "octopus", "x-tiles", "tapestry", "twelve-tiles")
STYLES = ("easy", "normal", "hard")
TURN = {"n": "e", "e": "s", "s": "w", "w": "n"}

#: Ranges drawn per photo, by style.
STYLE_RANGES: dict[str, dict[str, tuple[float, float]]] = {
    "easy": {"tilt": (0, 6), "fill": (0.4, 0.72), "offset": (0, 0.3), "kelvin": (4800, 6500),
             "drift": (0, 3), "gap": (0.5, 4), "twist": (0, 0.8), "gradient": (0, 0.1),
             "vignette": (0, 0.15), "blur": (0.3, 0.8), "noise": (0.5, 2.0), "jpeg": (88, 95),
             "shadow": (0.1, 0.3)},
    "normal": {"tilt": (0, 30), "fill": (0.25, 0.72), "offset": (0, 0.8), "kelvin": (2700, 6500),
               "drift": (0, 6), "gap": (0, 4), "twist": (0, 2.5), "gradient": (0, 0.25),
               "vignette": (0, 0.3), "blur": (0.4, 1.5), "noise": (1.0, 4.0), "jpeg": (80, 95),
               "shadow": (0.15, 0.45)},
    "hard": {"tilt": (15, 45), "fill": (0.2, 0.7), "offset": (0.2, 1.0), "kelvin": (2700, 6500),
             "drift": (2, 8), "gap": (0, 5), "twist": (0.5, 4.0), "gradient": (0.1, 0.45),
             "vignette": (0.1, 0.4), "blur": (0.6, 2.4), "noise": (2.0, 7.0), "jpeg": (75, 90),
             "shadow": (0.25, 0.6)},
}
STYLE_PROBS = {"easy": {"glare": 0.0, "occluder": 0.05, "clutter": 0.2, "motion": 0.0},
               "normal": {"glare": 0.2, "occluder": 0.3, "clutter": 0.5, "motion": 0.1},
               "hard": {"glare": 0.65, "occluder": 0.55, "clutter": 0.75, "motion": 0.3}}


# ----------------------------------------------------------------------------- geometry helpers

def rot2(theta: float) -> np.ndarray:
    """2x2 rotation by ``theta`` radians in the y-down table frame (positive = clockwise on screen)."""
    c, s = math.cos(theta), math.sin(theta)
    return np.array([[c, -s], [s, c]])


def pose_matrix(x: float, y: float, theta: float) -> np.ndarray:
    """3x3 affine: tile-local mm -> table mm."""
    m = np.eye(3)
    m[:2, :2] = rot2(theta)
    m[:2, 2] = (x, y)
    return m


def outward_normals(poly: np.ndarray) -> np.ndarray:
    """(n, 2) outward unit normals of the edges ``poly[i] -> poly[i + 1]`` of a closed polygon."""
    d = np.roll(poly, -1, axis=0) - poly
    area = 0.5 * float(np.sum(poly[:, 0] * np.roll(poly[:, 1], -1) - np.roll(poly[:, 0], -1) * poly[:, 1]))
    n = np.stack([d[:, 1], -d[:, 0]], axis=1)
    if area < 0:
        n = -n
    return n / (np.linalg.norm(n, axis=1, keepdims=True) + 1e-9)


@dataclass
class Camera:
    """Pinhole camera. ``R`` world->camera rotation, ``C`` centre (world mm, Z down)."""
    K: np.ndarray
    R: np.ndarray
    C: np.ndarray
    size: tuple[int, int]

    def plane(self, height: float) -> np.ndarray:
        """3x3 homography: table (x, y) at ``height`` mm above the table -> image pixels."""
        t = -self.R @ self.C
        z = -height
        H = self.K @ np.column_stack([self.R[:, 0], self.R[:, 1], self.R[:, 2] * z + t])
        return H / H[2, 2]

    def project(self, pts: np.ndarray) -> np.ndarray:
        """(n, 3) world points (x, y, height above table) -> (n, 2) pixels."""
        P = np.column_stack([pts[:, 0], pts[:, 1], -pts[:, 2]])
        cam = (self.R @ (P - self.C).T)
        uv = self.K @ cam
        return (uv[:2] / uv[2]).T

    def ray(self, u: float, v: float) -> np.ndarray:
        """Unit world direction of the ray through pixel (u, v)."""
        d = self.R.T @ np.linalg.solve(self.K, np.array([u, v, 1.0]))
        return d / np.linalg.norm(d)


def rot_x(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[1, 0, 0], [0, c, -s], [0, s, c]])


def rot_z(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


def place_camera(rng: random.Random, pts: np.ndarray, size: tuple[int, int], *, tilt_deg: float,
                 yaw_deg: float, focal_35: float, fill: float, offset: float) -> Camera:
    """A camera seeing the points ``pts`` (n, 3) with the layout's larger relative extent equal to
    ``fill`` of the frame, its centre shifted from the image centre by up to ``offset`` of the free
    room, the top of the picture being the far side (tilt), and the yaw turning the view."""
    W, H = size
    f = focal_35 * math.hypot(W, H) / 43.27
    K = np.array([[f, 0, W / 2], [0, f, H / 2], [0, 0, 1.0]])
    R = rot_x(-math.radians(tilt_deg)) @ rot_z(math.radians(yaw_deg))
    target = np.array([pts[:, 0].mean(), pts[:, 1].mean(), 0.0])
    want_u, want_v = W / 2, H / 2
    u0, v0 = W / 2, H / 2
    s = 500.0
    fx, fy = rng.uniform(-1, 1), rng.uniform(-1, 1)
    cam = Camera(K, R, np.zeros(3), size)
    for it in range(8):
        d = R.T @ np.linalg.solve(K, np.array([u0, v0, 1.0]))
        d /= np.linalg.norm(d)
        cam = Camera(K, R, target - s * d, size)
        uv = cam.project(pts)
        lo, hi = uv.min(axis=0), uv.max(axis=0)
        ext = hi - lo
        frac = max(ext[0] / W, ext[1] / H)
        s *= frac / fill
        if it >= 2:
            room = np.maximum(np.array([W, H]) - ext, 0) / 2 - 0.03 * np.array([W, H])
            room = np.maximum(room, 0)
            want_u = W / 2 + fx * offset * room[0]
            want_v = H / 2 + fy * offset * room[1]
        centre = (lo + hi) / 2
        u0 += want_u - centre[0]
        v0 += want_v - centre[1]
    return cam


def jacobian_scale(H: np.ndarray, x: float, y: float) -> float:
    """Largest local magnification (px per mm) of homography ``H`` at table point (x, y)."""
    p = np.array([x, y, 1.0])
    q = H @ p
    w = q[2]
    J = (H[:2, :2] * w - np.outer(q[:2], H[2, :2])) / (w * w)
    return float(np.linalg.svd(J, compute_uv=False)[0])


# ----------------------------------------------------------------------------- scene objects

@dataclass
class Prism:
    """A flat-topped object: local ``outline`` (n, 2) mm, pose, bottom ``z0`` and ``height`` mm.

    ``top(light_local) -> (sprite (h, w, 4), A)`` paints its top, ``A`` (3x3) mapping sprite
    pixels to local mm. ``cell`` is the board cell (tiles only).
    """
    outline: np.ndarray
    x: float
    y: float
    theta: float
    z0: float
    height: float
    side_rgb: np.ndarray
    top: Callable[[tuple[float, float]], tuple[np.ndarray, np.ndarray]]
    cell: tuple[int, int] | None = None
    shadow: bool = True

    def world_outline(self) -> np.ndarray:
        """(n, 2) outline in table mm."""
        return self.outline @ rot2(self.theta).T + [self.x, self.y]

    @property
    def z1(self) -> float:
        return self.z0 + self.height


@dataclass
class Layout:
    """Where the tiles go (mm) before anything is rasterised.

    ``cells``: board cell -> (x, y, top height) of its tile; ``extent``: (n, 3) points bounding
    everything (for framing); ``build(res, light_dir, nrng)`` makes the prisms at ``res`` px/mm.
    """
    cells: dict[tuple[int, int], tuple[float, float, float]]
    extent: np.ndarray
    build: Callable[[float, np.random.Generator], list[Prism]]
    info: dict = field(default_factory=dict)
    colours: list[np.ndarray] = field(default_factory=list)


def _jitter(rng: random.Random, gap: float, twist_max: float) -> tuple[float, float, float]:
    """Small random offset (mm) and twist (rad) of a hand-placed tile, limited by the gap."""
    sd = 0.2 * gap + 0.25
    tw = math.radians(max(-twist_max, min(twist_max, rng.gauss(0, twist_max / 2))))
    return rng.gauss(0, sd), rng.gauss(0, sd), tw


def _face_style(rng: random.Random, *, bevel: tuple[float, float], gloss: float) -> FaceStyle:
    return FaceStyle(bevel_mm=rng.uniform(*bevel), edge_dark=rng.uniform(0, 0.28),
                     bevel_light=rng.uniform(0, 0.3), gloss=rng.uniform(0, gloss))


def _sprite_maker(tpl: Template, paint: Callable[[tuple[float, float], tuple[int, int]], np.ndarray],
                  theta: float, nshift: tuple[int, int]) -> Callable[[tuple[float, float]], tuple[np.ndarray, np.ndarray]]:
    """Wrap a face painter as a ``Prism.top`` (converts the table light direction to local)."""
    def top(light: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
        lx, ly = rot2(-theta) @ np.asarray(light)
        return paint((float(lx), float(ly)), nshift), tpl.pixel_to_local()
    return top


def _nshift(rng: random.Random) -> tuple[int, int]:
    return rng.randrange(0, 4000), rng.randrange(0, 4000)


# ----------------------------------------------------------------------------- games

def layout_nestortiles(board: dict, rng: random.Random, pal: dict[str, np.ndarray], R: dict) -> Layout:
    """Nestortiles (textile, octopus): ~40 mm crenellated acrylic squares with die pips."""
    size = rng.uniform(39, 41)
    gap = rng.uniform(*R["gap"])
    pitch = size + gap
    thick = rng.uniform(2.6, 3.4)
    fingers, depth, first = rng.choice((3, 5)), rng.uniform(1.4, 3.0), rng.random() < 0.5
    fs = _face_style(rng, bevel=(0.0, 1.2), gloss=0.08)
    side_k = rng.uniform(0.45, 0.85)
    ps = PipStyle(diameter=rng.uniform(5.0, 8.0), offset=rng.uniform(0.23, 0.27) * size,
                  square=rng.random() < 0.15, light=tuple([rng.uniform(0.86, 1.0)] * 3),
                  dark=tuple([rng.uniform(0.04, 0.3)] * 3), rim=rng.uniform(0.2, 0.5) if rng.random() < 0.25 else 0)
    twist = rng.uniform(*R["twist"])
    mode = "pips" if board["game"] == "octopus" else rng.choice(("pips", "pips", "plain", "mixed"))
    tiles = []
    for t in board["tiles"]:
        dx, dy, tw = _jitter(rng, gap, twist)
        pips = t.get("pips")
        if board["game"] == "textile":
            pips = rng.randint(1, 6) if (mode == "pips" or (mode == "mixed" and rng.random() < 0.5)) else None
        q = rng.randrange(4)
        tone = drift_colour(pal[t["colour"]], rng.uniform(0, 1.0), rng)
        tiles.append((t, t["col"] * pitch + dx, t["row"] * pitch + dy, q * math.pi / 2 + tw, pips, tone,
                      _nshift(rng)))

    def build(res: float, nrng: np.random.Generator) -> list[Prism]:
        tpl = make_template(crenellated_square(size, fingers, depth, first), res, nrng, noise_amp=0.01)
        out = []
        for t, x, y, th, pips, tone, ns in tiles:
            paint = (lambda light, nsh, t=t, pips=pips, tone=tone:
                     nestor_face(tpl, t["colour"], tone, pips, ps, fs, light, nsh))
            out.append(Prism(tpl.outline, x, y, th, 0.0, thick, tone * side_k, _sprite_maker(tpl, paint, th, ns),
                             cell=(t["row"], t["col"])))
        return out

    info = {"tile_mm": round(size, 2), "gap_mm": round(gap, 2), "thickness_mm": round(thick, 2),
            "fingers": fingers, "tooth_mm": round(depth, 2), "pips": mode, "pip_mm": round(ps.diameter, 2),
            "pip_square": ps.square, "twist_deg": round(twist, 2), "bevel_mm": round(fs.bevel_mm, 2)}
    return _finish(tiles, build, size / 2 * 1.42, thick, info, pal)


def _finish(tiles: list, build: Callable, radius: float, top: float, info: dict, pal: dict) -> Layout:
    cells = {(t[0]["row"], t[0]["col"]): (t[1], t[2], top) for t in tiles}
    xs = [t[1] for t in tiles]
    ys = [t[2] for t in tiles]
    ext = np.array([[min(xs) - radius, min(ys) - radius, 0], [max(xs) + radius, min(ys) - radius, 0],
                    [max(xs) + radius, max(ys) + radius, 0], [min(xs) - radius, max(ys) + radius, 0]])
    return Layout(cells, ext, build, info, list(pal.values()))


def _wood_colour(rng: random.Random) -> np.ndarray:
    return hex_rgb(rng.choice(["#D9B98C", "#C9A06E", "#E3C9A0", "#B98A5A", "#D2AE7E"]))


def layout_xtiles(board: dict, rng: random.Random, pal: dict[str, np.ndarray], R: dict) -> Layout:
    """X-Tiles: wooden rounded-X tiles (~60 x 40 mm), long axes alternating in a checkerboard.

    The outline is the lattice cell with convex ends and a concave waist of equal depth, so the
    lattice pitch is (length + width) / 2 and an end nests into its neighbour's waist.
    """
    length, width = rng.uniform(58, 62), rng.uniform(38, 42)
    rng.random()  # (kept draw) the ellipse-like variant looked too blobby in photos; use the rounded X
    round_ends = False
    waist = width / 2 - (rng.uniform(3.0, 5.0) if round_ends else rng.uniform(3.5, 8.0))
    pitch = length / 2 + waist
    gap = rng.uniform(0, min(2.5, R["gap"][1]))
    rounding = rng.uniform(2.5, 8)
    thick = rng.uniform(4, 8)
    rim = rng.uniform(0.8, 3.0)
    groove = rng.uniform(0.3, 1.2) if rng.random() < 0.6 else 0.0
    wood = _wood_colour(rng)
    groove_rgb = wood if rng.random() < 0.6 else wood * 0.45
    fs = _face_style(rng, bevel=(0.3, 2.0), gloss=0.05)
    twist = rng.uniform(*R["twist"]) * 0.5
    tiles = []
    for t in board["tiles"]:
        dx, dy, tw = _jitter(rng, gap, twist)
        q = (0 if t["long_axis"] == "ew" else 1) + 2 * rng.randrange(2)
        local = [drift_colour(pal[t["edges"][DIRS[(i + q) % 4]]], rng.uniform(0, 0.8), rng) for i in range(4)]
        tiles.append((t, t["col"] * pitch + dx, t["row"] * pitch + dy, q * math.pi / 2 + tw, local, _nshift(rng)))

    def build(res: float, nrng: np.random.Generator) -> list[Prism]:
        outline, xs = x_tile_outline(length / 2, waist, width / 2, round_ends)
        tpl = make_template(outline, res, nrng, round_mm=rounding, shrink_mm=gap / 2, noise_amp=0.02,
                            sector_ratio=xs / (width / 2))
        tpl.extra["sector_ratio"] = xs / (width / 2)
        h, w = tpl.shape
        grain_wave = np.sin(np.linspace(0, w / res / rng.uniform(1.0, 2.5) * 2 * math.pi, w, dtype=np.float32))
        grain = 1.0 + 0.06 * grain_wave[None, :] + 0.05 * fbm((h, w), nrng, (8 * res, 1.0), (1.0, 0.4))
        out = []
        for t, x, y, th, local, ns in tiles:
            paint = (lambda light, nsh, local=local: sector_face(
                tpl, local, fs, light, nsh, rim_mm=rim, rim_rgb=wood, groove_mm=groove, groove_rgb=groove_rgb,
                wood=grain))
            out.append(Prism(tpl.outline, x, y, th, 0.0, thick, wood * 0.9, _sprite_maker(tpl, paint, th, ns),
                             cell=(t["row"], t["col"])))
        return out

    info = {"length_mm": round(length, 2), "width_mm": round(width, 2), "waist_mm": round(2 * waist, 2), "round_ends": round_ends, "pitch_mm": round(pitch, 2),
            "gap_mm": round(gap, 2), "corner_round_mm": round(rounding, 2), "thickness_mm": round(thick, 2),
            "rim_mm": round(rim, 2), "groove_mm": round(groove, 2), "twist_deg": round(twist, 2)}
    return _finish(tiles, build, length / 2 + 2, thick, info, pal)


def layout_tapestry(board: dict, rng: random.Random, pal: dict[str, np.ndarray], R: dict) -> Layout:
    """Universal Tapestry: 63 x 88 mm portrait cards in a grid with small gaps."""
    cw, ch = rng.uniform(62, 64), rng.uniform(87, 89)
    gx, gy = rng.uniform(0.5, R["gap"][1] + 1.5), rng.uniform(0.5, R["gap"][1] + 1.5)
    radius = rng.uniform(2.5, 4.5)
    art = SymbolArt(rock=rng.choice(("disc", "fist")), paper=rng.choice(("sheet", "hand")),
                    size=rng.uniform(0.9, 1.3), tint=rng.uniform(0.7, 0.97),
                    outline=rng.uniform(0.3, 0.8) if rng.random() < 0.2 else 0.0,
                    border_mm=rng.uniform(0.6, 1.8) if rng.random() < 0.25 else 0.0, stroke=rng.uniform(0.8, 1.3))
    fs = _face_style(rng, bevel=(0.0, 0.6), gloss=0.06)
    twist = rng.uniform(*R["twist"])
    tiles = []
    for t in board["tiles"]:
        dx, dy, tw = _jitter(rng, min(gx, gy), twist)
        flip = rng.random() < 0.5
        tone = drift_colour(pal[t["colour"]], rng.uniform(0, 1.0), rng)
        tiles.append((t, t["col"] * (cw + gx) + dx, t["row"] * (ch + gy) + dy, tw + (math.pi if flip else 0.0),
                      tone, flip, _nshift(rng)))

    def build(res: float, nrng: np.random.Generator) -> list[Prism]:
        tpl = make_template(rounded_rect(cw, ch, radius), res, nrng, noise_amp=0.012)
        out = []
        for t, x, y, th, tone, flip, ns in tiles:
            paint = (lambda light, nsh, t=t, tone=tone: card_face(tpl, tone, t["symbol"], art, fs, light, nsh, False))
            out.append(Prism(tpl.outline, x, y, th, 0.0, 0.35, tone * 0.8, _sprite_maker(tpl, paint, th, ns),
                             cell=(t["row"], t["col"])))
        return out

    info = {"card_mm": [round(cw, 1), round(ch, 1)], "gap_mm": [round(gx, 2), round(gy, 2)],
            "corner_mm": round(radius, 2), "rock": art.rock, "paper": art.paper, "art_scale": round(art.size, 2),
            "ink_tint": round(art.tint, 2), "art_outline": art.outline > 0, "border_mm": round(art.border_mm, 2),
            "twist_deg": round(twist, 2)}
    return _finish(tiles, build, ch / 2 + 2, 0.35, info, pal)


def layout_twelve(board: dict, rng: random.Random, pal: dict[str, np.ndarray], R: dict) -> Layout:
    """Twelve Tiles: an 8x8 board with a coloured strip along each side, square tiles in its cells."""
    tile = rng.uniform(38, 46)
    pitch = tile + rng.uniform(1.0, 4.0)
    strip = rng.uniform(8, 22)
    inner = rng.uniform(1.5, 8)
    outer = rng.uniform(0, 6)
    board_t = rng.uniform(1.5, 3.0)
    thick = rng.uniform(2.0, 4.0)
    radius = rng.uniform(0, 3.0)
    body = hex_rgb(rng.choice(["#2B2B2E", "#EDE6D6", "#3B4A5A", "#C9B28E", "#5A4636", "#DADADA", "#1E2A3A"]))
    mark = mix(body, (1, 1, 1) if body.mean() < 0.5 else (0, 0, 0), rng.uniform(0.15, 0.4))
    mark_kind = rng.choice(("lines", "squares", "lines"))
    mark_w = rng.uniform(0.5, 1.5)
    sep = rng.choice(("none", "white", "black", "grey"))
    sep_w = rng.uniform(0.3, 1.2)
    sep_rgb = {"none": None, "white": np.array([0.95, 0.95, 0.93], np.float32),
               "black": np.array([0.08, 0.08, 0.08], np.float32), "grey": np.array([0.4, 0.4, 0.4], np.float32)}[sep]
    strips = {d: drift_colour(pal[c], rng.uniform(0, 3), rng) for d, c in board["borders"].items()}
    fs = _face_style(rng, bevel=(0.0, 1.5), gloss=0.06)
    side_rgb = hex_rgb(rng.choice(["#2A2A2A", "#E8E2D4", "#8A7B66"]))
    twist = rng.uniform(*R["twist"]) * 0.6
    half = 4 * pitch + inner + strip + outer
    tiles = []
    for t in board["tiles"]:
        dx, dy, tw = _jitter(rng, pitch - tile, twist)
        q = rng.randrange(4)
        local = [drift_colour(pal[t["edges"][DIRS[(i + q) % 4]]], rng.uniform(0, 0.8), rng) for i in range(4)]
        tiles.append((t, (t["col"] - 3.5) * pitch + dx, (t["row"] - 3.5) * pitch + dy, q * math.pi / 2 + tw,
                      local, _nshift(rng)))

    def board_sprite(res: float) -> tuple[np.ndarray, np.ndarray]:
        n = int(math.ceil(2 * half * res)) | 1
        img = np.broadcast_to(body, (n, n, 3)).copy()
        c = (n - 1) / 2

        def px(x: float, y: float) -> tuple[int, int]:
            return int(round((c + x * res) * ONE)), int(round((c + y * res) * ONE))

        g = 4 * pitch + inner  # grid half-size plus the margin to the strips
        for d, (x0, y0, x1, y1) in {"n": (-g, -g - strip, g, -g), "s": (-g, g, g, g + strip),
                                    "w": (-g - strip, -g, -g, g), "e": (g, -g, g + strip, g)}.items():
            cv2.rectangle(img, px(x0, y0), px(x1, y1), strips[d].tolist(), -1, cv2.LINE_AA, SHIFT)
        for r in range(8):
            for cc in range(8):
                x, y = (cc - 3.5) * pitch, (r - 3.5) * pitch
                a = tile / 2 + 0.6
                if mark_kind == "squares":
                    cv2.rectangle(img, px(x - a, y - a), px(x + a, y + a), mark.tolist(), -1, cv2.LINE_AA, SHIFT)
                else:
                    cv2.rectangle(img, px(x - a, y - a), px(x + a, y + a), mark.tolist(),
                                  max(1, int(mark_w * res)), cv2.LINE_AA, SHIFT)
        lum = 1 + 0.03 * np.random.default_rng(n).standard_normal((n, n)).astype(np.float32)
        rgba = np.concatenate([img * lum[..., None], np.ones((n, n, 1), np.float32)], axis=2)
        A = np.array([[1 / res, 0, -c / res], [0, 1 / res, -c / res], [0, 0, 1]])
        return rgba, A

    def build(res: float, nrng: np.random.Generator) -> list[Prism]:
        tpl = make_template(rounded_rect(tile, tile, radius), res, nrng, noise_amp=0.012)
        bres = min(res, 5.0)
        out = [Prism(rounded_rect(2 * half, 2 * half, 2.0), 0.0, 0.0, 0.0, 0.0, board_t, body * 0.7,
                     lambda light: board_sprite(bres))]
        for t, x, y, th, local, ns in tiles:
            paint = (lambda light, nsh, local=local: sector_face(tpl, local, fs, light, nsh, groove_mm=sep_w if sep_rgb is not None else 0.0,
                                                                 groove_rgb=sep_rgb))
            out.append(Prism(tpl.outline, x, y, th, board_t, thick, side_rgb, _sprite_maker(tpl, paint, th, ns),
                             cell=(t["row"], t["col"])))
        return out

    cells = {(t[0]["row"], t[0]["col"]): (t[1], t[2], board_t + thick) for t in tiles}
    ext = np.array([[-half, -half, 0], [half, -half, 0], [half, half, 0], [-half, half, 0]])
    info = {"tile_mm": round(tile, 2), "pitch_mm": round(pitch, 2), "strip_mm": round(strip, 2),
            "board_mm": round(2 * half, 1), "separator": sep, "cell_marks": mark_kind,
            "tile_thickness_mm": round(thick, 2), "twist_deg": round(twist, 2)}
    return Layout(cells, ext, build, info, list(pal.values()))


LAYOUTS = {"textile": layout_nestortiles, "octopus": layout_nestortiles, "x-tiles": layout_xtiles,
           "tapestry": layout_tapestry, "twelve-tiles": layout_twelve}


# ----------------------------------------------------------------------------- clutter

def _clutter_prism(kind: str, rng: random.Random, x: float, y: float, res: float, nrng: np.random.Generator,
                   tile_colours: list[np.ndarray]) -> list[Prism]:
    """One non-tile object on the table: a mug, a sheet of paper, a coin or a pen."""
    th = rng.uniform(0, 2 * math.pi)
    if kind == "mug":
        r = rng.uniform(37, 45)
        colour = rng.choice([hex_rgb("#F4F2EE"), hex_rgb("#1F1F22"), hex_rgb("#2F5FA0"), rng.choice(tile_colours)])
        tpl = make_template(rounded_rect(2 * r, 2 * r, r - 0.01, 24), res, nrng)
        inside = hex_rgb("#3B2416") if rng.random() < 0.6 else colour * 0.7

        def top(light: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
            rgb = np.broadcast_to(colour, tpl.shape + (3,)).copy()
            cv2.circle(rgb, tpl.to_px(0, 0), int((r - 4) * res * ONE), inside.tolist(), -1, cv2.LINE_AA, SHIFT)
            return np.dstack([rgb, tpl.alpha]).astype(np.float32), tpl.pixel_to_local()
        handle = rounded_rect(22, 9, 4.4)
        hx, hy = x + (r + 9) * math.cos(th), y + (r + 9) * math.sin(th)
        hcol = colour

        def htop(light: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
            t2 = make_template(handle, res, nrng)
            return np.dstack([np.broadcast_to(hcol, t2.shape + (3,)), t2.alpha]).astype(np.float32), t2.pixel_to_local()
        return [Prism(handle, hx, hy, th, 20, 55, colour * 0.85, htop),
                Prism(tpl.outline, x, y, 0.0, 0.0, rng.uniform(85, 100), colour * 0.85, top)]
    if kind == "paper":
        w, h = rng.choice(((105, 148), (148, 210), (90, 130)))
        tpl = make_template(rounded_rect(w, h, 0.5), res, nrng, noise_amp=0.01)
        paper = np.array([rng.uniform(0.88, 0.98)] * 2 + [rng.uniform(0.84, 0.97)], np.float32)
        grid = rng.random() < 0.5

        def top(light: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
            rgb = np.broadcast_to(paper, tpl.shape + (3,)).copy()
            ink = [0.35, 0.38, 0.45]
            lw = max(1, int(0.3 * res))
            if grid:
                for k in range(1, 8):
                    xx = -w / 2 + k * w / 8
                    cv2.line(rgb, tpl.to_px(xx, -h / 2 + 15), tpl.to_px(xx, h / 2 - 8), ink, lw, cv2.LINE_AA, SHIFT)
                for k in range(int((h - 23) / 8)):
                    yy = -h / 2 + 15 + k * 8
                    cv2.line(rgb, tpl.to_px(-w / 2 + 5, yy), tpl.to_px(w / 2 - 5, yy), ink, lw, cv2.LINE_AA, SHIFT)
            for k in range(int((h - 20) / 7)):
                yy = -h / 2 + 10 + k * 7
                xx = -w / 2 + 8
                while xx < w / 2 - 15 and rng.random() < 0.9:
                    ln = rng.uniform(4, 14)
                    cv2.line(rgb, tpl.to_px(xx, yy), tpl.to_px(xx + ln, yy), [0.15, 0.15, 0.25],
                             max(1, int(0.6 * res)), cv2.LINE_AA, SHIFT)
                    xx += ln + rng.uniform(2, 4)
            return np.dstack([rgb, tpl.alpha]).astype(np.float32), tpl.pixel_to_local()
        return [Prism(tpl.outline, x, y, th, 0.0, 0.2, paper * 0.8, top)]
    if kind == "coins":
        out = []
        for k in range(rng.randint(1, 4)):
            r = rng.uniform(8, 13)
            metal = rng.choice([hex_rgb("#B87333"), hex_rgb("#C9A84A"), hex_rgb("#BFC1C2")])
            tpl = make_template(rounded_rect(2 * r, 2 * r, r - 0.01, 16), res, nrng, noise_amp=0.06)

            def top(light: tuple[float, float], tpl: Template = tpl, metal: np.ndarray = metal, r: float = r):
                rgb = np.broadcast_to(metal, tpl.shape + (3,)).copy()
                cv2.circle(rgb, tpl.to_px(0, 0), int((r - 1.2) * res * ONE), (metal * 0.8).tolist(),
                           max(1, int(0.4 * res)), cv2.LINE_AA, SHIFT)
                shade = 1 + 0.25 * (tpl.nx * light[0] + tpl.ny * light[1]) * np.clip(1 - tpl.depth / 1.5, 0, 1)
                return np.dstack([np.clip(rgb * (shade * (1 + tpl.noise))[..., None], 0, 1), tpl.alpha]).astype(np.float32), tpl.pixel_to_local()
            out.append(Prism(tpl.outline, x + rng.uniform(-25, 25), y + rng.uniform(-25, 25), 0.0, 0.0, 1.8,
                             metal * 0.7, top))
        return out
    # pen
    length, wid = rng.uniform(125, 150), rng.uniform(8, 10.5)
    colour = rng.choice([hex_rgb("#1B2F8A"), hex_rgb("#111111"), hex_rgb("#B21E24"), rng.choice(tile_colours)])
    tpl = make_template(rounded_rect(length, wid, wid / 2 - 0.05, 8), res, nrng)

    def top(light: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
        rgb = np.broadcast_to(colour, tpl.shape + (3,)).copy()
        cv2.rectangle(rgb, tpl.to_px(length / 2 - 18, -wid / 2), tpl.to_px(length / 2, wid / 2), [0.75, 0.75, 0.78],
                      -1, cv2.LINE_AA, SHIFT)
        cv2.line(rgb, tpl.to_px(-length / 2 + 6, -wid * 0.15), tpl.to_px(length / 2 - 20, -wid * 0.15),
                 np.clip(colour + 0.35, 0, 1).tolist(), max(1, int(1.2 * res)), cv2.LINE_AA, SHIFT)
        return np.dstack([rgb, tpl.alpha]).astype(np.float32), tpl.pixel_to_local()
    return [Prism(tpl.outline, x, y, th, 0.0, wid, colour * 0.6, top)]


def place_clutter(rng: random.Random, cam: Camera, layout_box: tuple[float, float, float, float],
                  table: tuple[float, float, float, float], n: int) -> list[tuple[str, float, float]]:
    """Positions (table mm) for ``n`` objects near the frame's edge, clear of the layout and on the table."""
    W, H = cam.size
    H0inv = np.linalg.inv(cam.plane(0.0))
    x0, y0, x1, y1 = layout_box
    out: list[tuple[str, float, float]] = []
    kinds = ["mug", "paper", "coins", "pen"]
    rng.shuffle(kinds)
    for kind in kinds[:n]:
        reach = {"mug": 75, "paper": 120, "coins": 45, "pen": 80}[kind]
        for _ in range(60):
            side = rng.randrange(4)
            t = rng.uniform(0.05, 0.95)
            e = rng.uniform(0.04, 0.2)
            u, v = [(t * W, e * H), (t * W, (1 - e) * H), (e * W, t * H), ((1 - e) * W, t * H)][side]
            p = H0inv @ np.array([u, v, 1.0])
            if p[2] <= 0:
                continue
            x, y = p[0] / p[2], p[1] / p[2]
            dx = max(x0 - x, 0, x - x1)
            dy = max(y0 - y, 0, y - y1)
            if math.hypot(dx, dy) < reach + 25 or not (table[0] < x < table[2] and table[1] < y < table[3]):
                continue
            if any(math.hypot(x - ox, y - oy) < 150 for _, ox, oy in out):
                continue
            out.append((kind, x, y))
            break
    return out


# ----------------------------------------------------------------------------- drawing

def composite_sprite(img: np.ndarray, mask: np.ndarray, sprite: np.ndarray, M: np.ndarray) -> None:
    """Alpha-composite an RGBA sprite into ``img`` through the 3x3 map ``M`` (sprite px -> image px).

    Works on the bounding box of the projected sprite only; accumulates coverage into ``mask``.
    The sprite is pre-shrunk with area averaging where the map would shrink it below 0.7x.
    """
    h, w = sprite.shape[:2]
    corners = np.array([[0, 0, 1], [w, 0, 1], [w, h, 1], [0, h, 1]], np.float64).T
    q = M @ corners
    q = q[:2] / q[2]
    det = abs(np.linalg.det(M[:2, :2] * 1.0 / (M[2, 2] + 1e-12)))
    scale = math.sqrt(max(det, 1e-12))
    if scale < 0.7:
        f = min(1.0, scale / 0.85)
        nw, nh = max(2, int(w * f)), max(2, int(h * f))
        sprite = cv2.resize(sprite, (nw, nh), interpolation=cv2.INTER_AREA)
        S = np.diag([w / nw, h / nh, 1.0])
        M = M @ S
    Hh, Ww = img.shape[:2]
    x0, y0 = max(0, int(math.floor(q[0].min())) - 1), max(0, int(math.floor(q[1].min())) - 1)
    x1, y1 = min(Ww, int(math.ceil(q[0].max())) + 2), min(Hh, int(math.ceil(q[1].max())) + 2)
    if x1 <= x0 or y1 <= y0:
        return
    pre = sprite.copy()
    pre[..., :3] *= pre[..., 3:4]
    T = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]]) @ M
    warped = cv2.warpPerspective(pre, T, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    a = warped[..., 3:4]
    roi = img[y0:y1, x0:x1]
    roi *= 1 - a
    roi += warped[..., :3]
    mask[y0:y1, x0:x1] = np.maximum(mask[y0:y1, x0:x1], a[..., 0])


def draw_sides(img: np.ndarray, cam: Camera, p: Prism, light: np.ndarray) -> None:
    """Draw the visible side facets of a prism as projected quads, shaded by the light."""
    if p.height < 0.5:
        return
    poly = p.world_outline()
    nrm = outward_normals(poly)
    nxt = np.roll(poly, -1, axis=0)
    mid = (poly + nxt) / 2
    vis = np.einsum("ij,ij->i", cam.C[None, :2] - mid, nrm) > 0
    if not vis.any():
        return
    b = cam.project(np.column_stack([poly, np.full(len(poly), p.z0)]))
    t = cam.project(np.column_stack([poly, np.full(len(poly), p.z1)]))
    l2 = light[:2] / (np.linalg.norm(light[:2]) + 1e-9)
    lit = 0.5 + 0.5 * np.clip(nrm @ l2, 0, 1) * math.cos(math.asin(min(1.0, abs(light[2]))))
    bins = np.clip((lit * 8).astype(int), 0, 8)
    for k in np.unique(bins[vis]):
        idx = np.nonzero(vis & (bins == k))[0]
        quads = [np.round(np.array([b[i], b[(i + 1) % len(b)], t[(i + 1) % len(t)], t[i]]) * ONE).astype(np.int32)
                 for i in idx]
        colour = np.clip(p.side_rgb * (k / 8.0 + 0.06), 0, 1).tolist()
        cv2.fillPoly(img, quads, colour, cv2.LINE_AA, SHIFT)


def shadow_map(cam: Camera, prisms: list[Prism], light: np.ndarray, scale: float, soft_px: float) -> np.ndarray:
    """Cast shadows and contact occlusion on the table, (H*scale, W*scale) float32 in [0, 1]."""
    W, H = cam.size
    w, h = int(W * scale), int(H * scale)
    cast = np.zeros((h, w), np.float32)
    contact = np.zeros((h, w), np.float32)
    S = np.diag([scale, scale, 1.0])
    H0 = S @ cam.plane(0.0)
    horiz = -light[:2] / max(1e-3, -light[2])  # table displacement per mm of height
    for p in prisms:
        if not p.shadow:
            continue
        poly = p.world_outline()
        top = poly + horiz * p.z1
        bot = poly + horiz * p.z0
        polys = [bot, top] + [np.array([bot[i], bot[(i + 1) % len(bot)], top[(i + 1) % len(top)], top[i]])
                              for i in range(len(bot))] if p.height > 4 else [bot, (bot + top) / 2, top]
        pix = [np.round(cv2.perspectiveTransform(q.reshape(-1, 1, 2), H0).reshape(-1, 2) * ONE).astype(np.int32)
               for q in polys]
        cv2.fillPoly(cast, pix, 1.0, cv2.LINE_AA, SHIFT)
        foot = np.round(cv2.perspectiveTransform(poly.reshape(-1, 1, 2), H0).reshape(-1, 2) * ONE).astype(np.int32)
        cv2.fillPoly(contact, [foot], 1.0, cv2.LINE_AA, SHIFT)
    cast = cv2.GaussianBlur(cast, (0, 0), max(0.6, soft_px))
    contact = cv2.GaussianBlur(contact, (0, 0), max(0.6, soft_px * 0.4 + 0.8))
    return np.clip(cast * 0.8 + contact * 0.35, 0, 1)


def kelvin_gains(kelvin: float) -> np.ndarray:
    """sRGB channel gains of a blackbody light relative to 6500 K (camera fixed on daylight)."""
    def rgb(k: float) -> np.ndarray:
        t = k / 100.0
        r = 255.0 if t <= 66 else 329.698727446 * (t - 60) ** -0.1332047592
        g = 99.4708025861 * math.log(t) - 161.1195681661 if t <= 66 else 288.1221695283 * (t - 60) ** -0.0755148492
        b = 255.0 if t >= 66 else (0.0 if t <= 19 else 138.5177312231 * math.log(t - 10) - 305.0447927307)
        return np.clip(np.array([r, g, b]), 1, 255)
    gains = rgb(kelvin) / rgb(6500)
    return (gains / gains.max()).astype(np.float32)


def _lowres_field(size: tuple[int, int], fn: Callable[[np.ndarray, np.ndarray], np.ndarray], f: int = 8) -> np.ndarray:
    W, H = size
    w, h = max(2, W // f), max(2, H // f)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    small = fn((xx + 0.5) / w, (yy + 0.5) / h).astype(np.float32)
    return cv2.resize(small, (W, H), interpolation=cv2.INTER_LINEAR)


# ----------------------------------------------------------------------------- truth

def turn_board(board: dict, k: int) -> dict:
    """``board`` turned ``k`` quarter turns clockwise (FORMATS.md), translated to min row/col 0;
    boards with ``borders`` (twelve-tiles) keep their 0-7 frame."""
    framed = "borders" in board
    tiles = [dict(t) for t in board["tiles"]]
    borders = dict(board.get("borders", {}))
    for _ in range(k % 4):
        for t in tiles:
            r, c = t["row"], t["col"]
            t["row"], t["col"] = c, (7 - r if framed else -r)
            if "edges" in t:
                t["edges"] = {TURN[d]: v for d, v in t["edges"].items()}
            if "long_axis" in t:
                t["long_axis"] = "ns" if t["long_axis"] == "ew" else "ew"
        borders = {TURN[d]: v for d, v in borders.items()}
    if not framed and tiles:
        r0, c0 = min(t["row"] for t in tiles), min(t["col"] for t in tiles)
        for t in tiles:
            t["row"] -= r0
            t["col"] -= c0
    for t in tiles:
        if "edges" in t:
            t["edges"] = {d: t["edges"][d] for d in ("n", "e", "s", "w")}
    tiles.sort(key=lambda t: (t["row"], t["col"]))
    out = {"game": board["game"], "tiles": tiles}
    if framed:
        out = {"game": board["game"], "borders": {d: borders[d] for d in ("n", "e", "s", "w")}, "tiles": tiles}
    return out


def turned_cell(cell: tuple[int, int], k: int, framed: bool, shift: tuple[int, int]) -> tuple[int, int]:
    """Where ``cell`` of the original board lands in the truth (same maps as :func:`turn_board`)."""
    r, c = cell
    for _ in range(k % 4):
        r, c = c, (7 - r if framed else -r)
    return r - shift[0], c - shift[1]


def quarter_turns(cam: Camera, centre: tuple[float, float]) -> tuple[int, float]:
    """Quarter turns clockwise that bring the board's rows down the picture, and the angle (deg)
    of the board's east in the picture (0 = right, 90 = down)."""
    x, y = centre
    uv = cam.project(np.array([[x, y, 0], [x + 10, y, 0], [x, y + 10, 0]], np.float64))
    e, s = uv[1] - uv[0], uv[2] - uv[0]
    assert e[0] * s[1] - e[1] * s[0] > 0, "the projection must not mirror the table"
    phi = math.degrees(math.atan2(e[1], e[0])) % 360
    return int(round(phi / 90.0)) % 4, phi


# ----------------------------------------------------------------------------- main entry

def _draw_params(rng: random.Random, style: str) -> dict:
    R = STYLE_RANGES[style]
    P = STYLE_PROBS[style]
    u = lambda key: rng.uniform(*R[key])  # noqa: E731
    return {"tilt": u("tilt"), "yaw": rng.uniform(0, 360), "focal": rng.uniform(24, 30), "fill": u("fill"),
            "offset": u("offset"), "kelvin": u("kelvin"), "drift": R["drift"][1], "exposure": rng.uniform(0.82, 1.08),
            "gradient": u("gradient"), "grad_dir": rng.uniform(0, 2 * math.pi), "vignette": u("vignette"),
            "blur": u("blur"), "noise": u("noise"), "jpeg": int(round(u("jpeg"))), "shadow": u("shadow"),
            "light_az": rng.uniform(0, 2 * math.pi), "light_el": rng.uniform(30, 78),
            "penumbra_mm": rng.uniform(0.5, 6), "glare": rng.random() < P["glare"],
            "occluder": rng.random() < P["occluder"], "clutter": rng.randint(1, 3) if rng.random() < P["clutter"] else 0,
            "motion": rng.uniform(3, 9) if rng.random() < P["motion"] else 0.0, "motion_dir": rng.uniform(0, 180),
            "sharpen": rng.uniform(0, 0.6) if rng.random() < 0.5 else 0.0, "saturation": rng.uniform(0.88, 1.12),
            "gamma": rng.uniform(0.92, 1.08)}


def render_photo(game: str, seed: int, *, style: str = "normal",
                 size: tuple[int, int] = (4000, 3000)) -> tuple[bytes, dict]:
    """Render a phone photo of a random legal position of ``game``.

    Parameters
    ----------
    game : one of :data:`GAMES`.
    seed : the position is ``random_position(game, random.Random(seed))``; every look is drawn
        from ``(game, seed, style)`` too, so the result is deterministic.
    style : ``"easy"`` (near top-down, soft light), ``"normal"`` or ``"hard"``.
    size : (width, height) of the picture in pixels.

    Returns
    -------
    jpeg : bytes of the JPEG.
    truth : the board as the photo shows it (FORMATS.md truth sidecar), row 0 at the top of the
        picture, plus ``"scene"`` with the drawn parameters.
    """
    from companion.rules.generate import random_position

    if game not in GAMES or style not in STYLES:
        raise ValueError(f"unknown game {game!r} or style {style!r}")
    t_start = time.perf_counter()
    W, H = int(size[0]), int(size[1])
    board = random_position(game, random.Random(seed)).to_dict()
    rng = random.Random(f"indie|{game}|{seed}|{style}")
    nrng = np.random.default_rng(rng.getrandbits(63))
    prm = _draw_params(rng, style)
    pal, drift = kit_palette(game, rng, prm["drift"])
    layout = LAYOUTS[game](board, rng, pal, STYLE_RANGES[style])
    table = draw_table_style(rng, layout.colours, style)

    # camera: avoid a yaw that leaves the board's up direction ambiguous (near 45 degrees)
    for _ in range(50):
        cam = place_camera(rng, layout.extent, (W, H), tilt_deg=prm["tilt"], yaw_deg=prm["yaw"],
                           focal_35=prm["focal"], fill=prm["fill"], offset=prm["offset"])
        cx, cy = layout.extent[:, 0].mean(), layout.extent[:, 1].mean()
        k, phi = quarter_turns(cam, (cx, cy))
        if abs((phi % 90) - 45) > 10:
            break
        prm["yaw"] = rng.uniform(0, 360)
    H0 = cam.plane(0.0)
    ext = layout.extent
    top_h = max(v[2] for v in layout.cells.values())
    px_per_mm = max(jacobian_scale(cam.plane(top_h), x, y) for x, y in ext[:, :2])
    res = float(np.clip(px_per_mm * 1.15, 2.0, 30.0))

    light = np.array([math.cos(prm["light_az"]) * math.cos(math.radians(prm["light_el"])),
                      math.sin(prm["light_az"]) * math.cos(math.radians(prm["light_el"])),
                      -math.sin(math.radians(prm["light_el"]))])  # towards the light, Z down
    light2 = (float(math.cos(prm["light_az"])), float(math.sin(prm["light_az"])))

    # table extent on the plane and the table's own rectangle
    lx0, ly0, lx1, ly1 = ext[:, 0].min(), ext[:, 1].min(), ext[:, 0].max(), ext[:, 1].max()
    near = lambda: rng.uniform(60, 300) if rng.random() < 0.2 else rng.uniform(300, 1400)  # noqa: E731
    table_rect = (lx0 - near(), ly0 - near(), lx1 + near(), ly1 + near())
    img = _compose_table(cam, table, table_rect, nrng, rng)

    prisms = layout.build(res, nrng)
    clutter = place_clutter(rng, cam, (lx0, ly0, lx1, ly1), table_rect, prm["clutter"])
    for kind, x, y in clutter:
        prisms += _clutter_prism(kind, rng, x, y, min(res, 8.0), nrng, layout.colours)

    scale = 0.25
    soft = prm["penumbra_mm"] * px_per_mm * scale
    sh = shadow_map(cam, prisms, light, scale, soft)
    img *= (1 - prm["shadow"] * cv2.resize(sh, (W, H), interpolation=cv2.INTER_LINEAR))[..., None]

    top_mask = np.zeros((H, W), np.float32)
    def depth_key(p: Prism) -> tuple[int, float]:
        flat = p.cell is None and p.height <= 3.0
        return (0 if flat else 1, -float(np.linalg.norm(cam.C - np.array([p.x, p.y, -p.z1]))))

    for p in sorted(prisms, key=depth_key):
        draw_sides(img, cam, p, light)
        sprite, A = p.top(light2)
        M = cam.plane(p.z1) @ pose_matrix(p.x, p.y, p.theta) @ A
        composite_sprite(img, top_mask, sprite, M)

    img = _light_and_sensor(img, top_mask, prm, rng, nrng)
    bgr = cv2.cvtColor(img, cv2.COLOR_RGB2BGR)
    ok, buf = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, prm["jpeg"]])
    assert ok

    truth = turn_board(board, k)
    framed = "borders" in board
    shift = (0, 0)
    if not framed and board["tiles"]:
        turned = [turned_cell((t["row"], t["col"]), k, False, (0, 0)) for t in board["tiles"]]
        shift = (min(r for r, _ in turned), min(c for _, c in turned))
    tiles_px = []
    for cell, (x, y, zt) in layout.cells.items():
        u, v = cam.project(np.array([[x, y, zt]]))[0]
        tr, tc = turned_cell(cell, k, framed, shift)
        tiles_px.append([tr, tc, round(float(u), 1), round(float(v), 1)])
    tiles_px.sort()
    truth["scene"] = {
        "renderer": "tests.indie.render", "game": game, "seed": seed, "style": style, "size": [W, H],
        "quarter_turns": k, "east_angle_deg": round(phi, 1),
        "camera": {"tilt_deg": round(prm["tilt"], 2), "yaw_deg": round(prm["yaw"], 2),
                   "focal_35mm": round(prm["focal"], 2), "fill": round(prm["fill"], 3),
                   "offset": round(prm["offset"], 3), "px_per_mm": round(px_per_mm, 2),
                   "height_mm": round(float(-cam.C[2]), 1)},
        "light": {"kelvin": round(prm["kelvin"]), "gains": [round(float(g), 3) for g in kelvin_gains(prm["kelvin"])],
                  "exposure": round(prm["exposure"], 3), "gradient": round(prm["gradient"], 3),
                  "vignette": round(prm["vignette"], 3), "shadow": round(prm["shadow"], 3),
                  "elevation_deg": round(prm["light_el"], 1), "glare": prm["glare"], "occluder": prm["occluder"]},
        "sensor": {"blur_px": round(prm["blur"], 2), "noise": round(prm["noise"], 2), "jpeg": prm["jpeg"],
                   "motion_px": round(prm["motion"], 1), "sharpen": round(prm["sharpen"], 2)},
        "table": table.to_dict(), "clutter": [c[0] for c in clutter],
        "kit": {"drift_de2000": drift, **layout.info}, "tile_res_px_per_mm": round(res, 2),
        "tiles_px": tiles_px, "render_s": round(time.perf_counter() - t_start, 2),
    }
    return buf.tobytes(), truth


def _compose_table(cam: Camera, ts, table_rect: tuple[float, float, float, float], nrng: np.random.Generator,
                   rng: random.Random) -> np.ndarray:
    """The picture of the empty table (and the floor beyond its edge): (H, W, 3) float32."""
    W, H = cam.size
    floor = cv2.resize(render_floor((H // 8, W // 8), nrng, rng), (W, H), interpolation=cv2.INTER_LINEAR)
    # table points seen by the image border (rays clipped at 3 m from the nadir)
    us = np.concatenate([np.linspace(0, W, 17), np.full(17, W), np.linspace(W, 0, 17), np.zeros(17)])
    vs = np.concatenate([np.zeros(17), np.linspace(0, H, 17), np.full(17, H), np.linspace(H, 0, 17)])
    pts = []
    for u, v in zip(us, vs):
        d = cam.ray(u, v)
        t = -cam.C[2] / max(d[2], 1e-3)
        p = cam.C + d * t
        off = p[:2] - cam.C[:2]
        dist = np.linalg.norm(off)
        if dist > 3000:
            p[:2] = cam.C[:2] + off * 3000 / dist
        pts.append(p[:2])
    pts = np.array(pts)
    x0 = max(pts[:, 0].min(), table_rect[0] - 5)
    y0 = max(pts[:, 1].min(), table_rect[1] - 5)
    x1 = min(pts[:, 0].max(), table_rect[2] + 5)
    y1 = min(pts[:, 1].max(), table_rect[3] + 5)
    if x1 <= x0 or y1 <= y0:
        return floor
    area = (x1 - x0) * (y1 - y0)
    tres = float(np.clip(math.sqrt(0.35 * W * H / area), 0.3, 3.0))
    tw, th = max(2, int((x1 - x0) * tres)), max(2, int((y1 - y0) * tres))
    tex = render_table(ts, (th, tw), tres, x0, y0, nrng)
    xs = x0 + np.arange(tw) / tres
    ys = y0 + np.arange(th) / tres
    inside = ((xs[None, :] >= table_rect[0]) & (xs[None, :] <= table_rect[2]) &
              (ys[:, None] >= table_rect[1]) & (ys[:, None] <= table_rect[3])).astype(np.float32)
    rgba = np.dstack([tex * inside[..., None], inside]).astype(np.float32)
    T = np.array([[1 / tres, 0, x0], [0, 1 / tres, y0], [0, 0, 1.0]])
    warped = cv2.warpPerspective(rgba, cam.plane(0.0) @ T, (W, H), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    a = warped[..., 3:4]
    return (floor * (1 - a) + warped[..., :3]).astype(np.float32)


def _light_and_sensor(img: np.ndarray, top_mask: np.ndarray, prm: dict, rng: random.Random,
                      nrng: np.random.Generator) -> np.ndarray:
    """Illumination (white point, gradient, vignetting, occluder shadow, glare) then the sensor
    (blur, noise, sharpening, tone). Input and output: (H, W, 3) float32; output in [0, 1]."""
    H, W = img.shape[:2]
    gdx, gdy = math.cos(prm["grad_dir"]), math.sin(prm["grad_dir"])
    g, vg = prm["gradient"], prm["vignette"]
    aspect = W / H

    def illum(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        lin = 1 + g * ((x - 0.5) * gdx + (y - 0.5) * gdy) * 2
        r2 = ((x - 0.5) * aspect) ** 2 + (y - 0.5) ** 2
        vig = 1 - vg * r2 / (0.25 * aspect ** 2 + 0.25)
        return lin * vig

    field_ = _lowres_field((W, H), illum)
    if prm["occluder"]:
        occ = np.zeros((H // 8, W // 8), np.float32)
        cx, cy = rng.uniform(-0.2, 1.2) * occ.shape[1], rng.choice((-0.15, 1.15)) * occ.shape[0]
        if rng.random() < 0.5:
            cx, cy = rng.choice((-0.15, 1.15)) * occ.shape[1], rng.uniform(-0.2, 1.2) * occ.shape[0]
        rad = rng.uniform(0.25, 0.55) * occ.shape[1]
        pts = [(cx + rad * rng.uniform(0.6, 1.3) * math.cos(a), cy + rad * rng.uniform(0.6, 1.3) * math.sin(a))
               for a in np.linspace(0, 2 * math.pi, 9, endpoint=False)]
        cv2.fillPoly(occ, [np.round(np.array(pts)).astype(np.int32)], 1.0)
        occ = cv2.GaussianBlur(occ, (0, 0), occ.shape[1] * rng.uniform(0.02, 0.06))
        field_ *= 1 - rng.uniform(0.3, 0.55) * cv2.resize(occ, (W, H), interpolation=cv2.INTER_LINEAR)
    gains = kelvin_gains(prm["kelvin"]) * prm["exposure"]
    img *= (np.maximum(field_, 0.05) ** (1 / 2.2))[..., None]
    img *= gains[None, None, :] ** (1 / 2.2)
    if prm["glare"]:
        glare = np.zeros((H // 4, W // 4), np.float32)
        for _ in range(rng.randint(1, 2)):
            cx, cy = rng.uniform(0.15, 0.85) * glare.shape[1], rng.uniform(0.15, 0.85) * glare.shape[0]
            rad = rng.uniform(0.02, 0.1) * glare.shape[1]
            yy, xx = np.ogrid[0:glare.shape[0], 0:glare.shape[1]]
            glare += rng.uniform(0.35, 0.95) * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * rad * rad))
        gl = cv2.resize(glare, (W, H), interpolation=cv2.INTER_LINEAR) * (0.25 + 0.75 * top_mask)
        img += gl[..., None] * (0.7 + 0.3 * kelvin_gains(prm["kelvin"]))[None, None, :]
    if prm["blur"] > 0.05:
        img = cv2.GaussianBlur(img, (0, 0), prm["blur"])
    if prm["motion"] > 0:
        n = int(round(prm["motion"])) | 1
        k = np.zeros((n, n), np.float32)
        a = math.radians(prm["motion_dir"])
        c = n // 2
        cv2.line(k, (int(c - c * math.cos(a)), int(c - c * math.sin(a))),
                 (int(c + c * math.cos(a)), int(c + c * math.sin(a))), 1.0, 1)
        img = cv2.filter2D(img, -1, k / k.sum())
    if prm["sharpen"] > 0:
        soft = cv2.GaussianBlur(img, (0, 0), 1.5)
        img = cv2.addWeighted(img, 1 + prm["sharpen"], soft, -prm["sharpen"], 0)
    np.clip(img, 0, 1, out=img)
    # tone: saturation and gamma of the phone's processing
    grey = img.mean(axis=2, keepdims=True)
    img = grey + (img - grey) * prm["saturation"]
    np.clip(img, 1e-4, 1, out=img)
    img **= prm["gamma"]
    # sensor noise: signal-dependent luminance noise plus coarser chroma noise
    sigma = prm["noise"] / 255.0
    lum_n = nrng.standard_normal((H, W), dtype=np.float32)
    lum_n *= sigma
    lum_n = lum_n[..., None] * np.sqrt(0.4 + 1.2 * grey.clip(0, 1))
    chroma = nrng.standard_normal((H // 2, W // 2, 3), dtype=np.float32) * (sigma * 0.6)
    img += lum_n + cv2.resize(chroma, (W, H), interpolation=cv2.INTER_LINEAR)
    return np.clip(img * 255.0 + 0.5, 0, 255).astype(np.uint8)


# ----------------------------------------------------------------------------- debug + CLI

def debug_picture(jpeg: bytes, truth: dict, width: int = 1200) -> np.ndarray:
    """A small BGR picture with each truth cell's ``row,col`` and attribute written where the
    renderer put that tile, for checking the truth orientation by eye."""
    img = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    f = width / img.shape[1]
    img = cv2.resize(img, (width, int(img.shape[0] * f)), interpolation=cv2.INTER_AREA)
    cells = {(t["row"], t["col"]): t for t in truth["tiles"]}
    for r, c, u, v in truth["scene"]["tiles_px"]:
        t = cells[(r, c)]
        label = f"{r},{c}"
        if "edges" in t:
            e = t["edges"]
            label += " " + "".join(e[d][0] for d in "nesw") + (t.get("long_axis", "")[:1])
        elif "colour" in t:
            label += " " + t["colour"][:3] + (str(t["pips"]) if t.get("pips") else "")
        p = (int(u * f) - 20, int(v * f))
        cv2.putText(img, label, p, cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(img, label, p, cv2.FONT_HERSHEY_SIMPLEX, 0.4, (255, 255, 255), 1, cv2.LINE_AA)
    return img


def write_photo(game: str, seed: int, style: str, size: tuple[int, int], out: Path) -> Path:
    """Render and write ``out/NAME.jpg`` and ``out/NAME.board.json``; returns the JPEG path."""
    out.mkdir(parents=True, exist_ok=True)
    name = f"{game}-{style}-{seed:03d}"
    jpeg, truth = render_photo(game, seed, style=style, size=size)
    (out / f"{name}.jpg").write_bytes(jpeg)
    (out / f"{name}.board.json").write_text(json.dumps(truth, indent=1))
    return out / f"{name}.jpg"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True, choices=GAMES)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--style", default="normal", choices=STYLES)
    ap.add_argument("--size", default="4000x3000", help="WxH")
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--debug", action="store_true", help="also write NAME.debug.png with truth labels")
    a = ap.parse_args(argv)
    w, h = (int(v) for v in a.size.lower().split("x"))
    t0 = time.perf_counter()
    path = write_photo(a.game, a.seed, a.style, (w, h), a.out)
    if a.debug:
        truth = json.loads((path.parent / (path.stem + ".board.json")).read_text())
        cv2.imwrite(str(path.parent / (path.stem + ".debug.png")), debug_picture(path.read_bytes(), truth))
    print(f"{path} ({time.perf_counter() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
