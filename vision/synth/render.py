"""Render a phone photo of a board: the 3-D scene (table, tile prisms with side faces, cast
shadows, clutter), a posed pinhole camera, then the photometric chain.

The table, the Twelve Tiles board, clutter and shadows live in one top-down layer at ``Z = 0``;
all tile tops lie in one top-down layer at ``Z = -thickness``. Each layer is drawn once on a
canvas in millimetres and projected with its plane's homography; the tiles' side faces are
filled as projected quadrilaterals between them. Painter's order (table, sides, tops) is exact
because nothing below the tops' plane can hide a top.
"""
from __future__ import annotations

import logging
import math
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

import cv2
import numpy as np

from vision.kits import Kit, kit_for_game
from vision.synth import photo
from vision.synth.camera import Camera, focal_px, look_at
from vision.synth.clutter import TableLayer, draw_clutter
from vision.synth.faces import bgr, face_patch, wood_stock
from vision.synth.layout import TT_RIM_MM, TT_STRIP_MM, Layout, layout_board
from vision.synth.presets import DIFFICULTIES, PRESETS, SceneParams, sample_scene
from vision.synth.table import TEXTURE_MM, TEXTURE_VARIANTS, table_texture
from vision.synth.truth import FRAME, normalise_origin, turn_board, turn_cell, write_truth

logger = logging.getLogger(__name__)

DEFAULT_SIZE = (4000, 3000)
MAX_CANVAS_PIXELS = 12_000_000
#: Caps of the top-down canvases' resolution (pixels per mm): tile tops, the table-level layer
#: (board, clutter) and the soft shadows.
MAX_TOPS_SCALE = 10.0
MAX_TABLE_SCALE = 5.0
SHADOW_SCALE = 2.0
#: How strongly each kit's faces mirror a lamp (acrylic, plastic, card, painted wood).
GLOSS = {"toothed-square": 1.0, "square": 0.7, "card": 0.55, "rounded-x": 0.35}


@dataclass(frozen=True)
class Render:
    """A rendered photo: ``jpeg`` bytes, ``truth`` (FORMATS.md board in the photo's orientation
    plus ``"scene"`` metadata), ``size`` ``(width, height)`` and ``timing_ms`` per step."""

    jpeg: bytes
    truth: dict
    size: tuple[int, int]
    timing_ms: Mapping[str, float] = field(default_factory=dict)

    def image(self) -> np.ndarray:
        """The decoded photo ``(H, W, 3)`` uint8 BGR."""
        return cv2.imdecode(np.frombuffer(self.jpeg, np.uint8), cv2.IMREAD_COLOR)

    def write(self, out_dir: str | Path, name: str) -> Path:
        """Write ``DIR/NAME.jpg`` and its truth ``DIR/NAME.board.json``; return the photo path."""
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"{name}.jpg"
        path.write_bytes(self.jpeg)
        write_truth(path, self.truth)
        return path


# ------------------------------------------------------------------------------- preparation

def prepare_board(board: Mapping[str, Any], kit: Kit, rng: np.random.Generator) -> dict:
    """A copy of ``board`` ready to render; a Twelve Tiles board gets a frame (borders, cells
    0-7) when it has none."""
    game = board.get("game")
    out = {"game": game, "tiles": [dict(t) for t in board.get("tiles", [])]}
    if board.get("borders") is not None:
        out["borders"] = dict(board["borders"])
    if kit.shape == "rounded-x":
        for t in out["tiles"]:
            t.setdefault("long_axis", "ew" if (t["row"] + t["col"]) % 2 == 0 else "ns")
    if game == "twelve-tiles" and kit.board is not None and out.get("borders") is None:
        names = list((kit.board or {}).get("border_colours") or kit.colours)
        rng.shuffle(names)
        out["borders"] = dict(zip(("n", "e", "s", "w"), (names * 4)[:4]))
        out = normalise_origin({"game": game, "tiles": out["tiles"]}) | {"borders": out["borders"]}
    if out.get("borders") is not None:
        rows = [t["row"] for t in out["tiles"]] or [0]
        cols = [t["col"] for t in out["tiles"]] or [0]
        if min(rows) < 0 or min(cols) < 0 or max(rows) >= FRAME or max(cols) >= FRAME:
            raise ValueError(f"a board with a frame must use rows and columns 0-{FRAME - 1}")
    return out


def _extent_points(layout: Layout, kit: Kit) -> np.ndarray:
    """World points ``(N, 3)`` that outline everything of the game (tile feet and tops, or the
    Twelve Tiles board): the camera must keep them in the picture."""
    if layout.board is not None:
        x0, y0, x1, y1 = layout.board.rect
        xy = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
    elif layout.tiles:
        xy = np.vstack([p.outline(kit) for p in layout.tiles])
        hull = cv2.convexHull(xy.astype(np.float32)).reshape(-1, 2)
        xy = hull.astype(float)
    else:
        x0, y0, x1, y1 = layout.bbox
        xy = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
    n = len(xy)
    return np.vstack([np.column_stack([xy, np.full(n, -layout.thickness)]),
                      np.column_stack([xy, np.zeros(n)])])


def place_camera(layout: Layout, kit: Kit, scene: SceneParams, size: tuple[int, int]) -> Camera:
    """Aim the camera at the layout so that it spans ``scene.fill`` of the picture's width or
    height and lies wholly inside it."""
    w, h = size
    f = focal_px(w, h, equiv_mm=scene.focal_equiv_mm)
    x0, y0, x1, y1 = layout.bbox
    bw, bh = x1 - x0, y1 - y0
    z = -layout.thickness
    target = np.array([(x0 + x1) / 2 + scene.target_offset[0] * bw,
                       (y0 + y1) / 2 + scene.target_offset[1] * bh, z])
    pts = _extent_points(layout, kit)
    distance = f * max(bw, bh) / (scene.fill * min(w, h))

    def make(d: float) -> Camera:
        return look_at(target, distance=d, tilt_deg=scene.tilt_deg, yaw_deg=scene.yaw_deg,
                       roll_deg=scene.roll_deg, size=(w, h), focal=f, k1=scene.k1, k2=-0.3 * scene.k1)

    for _ in range(5):
        cam = make(distance)
        p = cam.project_ideal(pts)
        ext = max((p[:, 0].max() - p[:, 0].min()) / w, (p[:, 1].max() - p[:, 1].min()) / h)
        distance *= ext / scene.fill
    for _ in range(60):
        cam = make(distance)
        p = cam.project(pts)
        inside = ((p[:, 0] > 0.03 * w) & (p[:, 0] < 0.97 * w) & (p[:, 1] > 0.03 * h)
                  & (p[:, 1] < 0.97 * h)).all()
        if inside:
            break
        distance *= 1.03
    return cam


# ------------------------------------------------------------------------------------- layers

def _tops_scale(layout: Layout, camera: Camera) -> float:
    """Pixels per mm for the tops canvas: the finest image sampling over the board, capped."""
    x0, y0, x1, y1 = layout.bbox
    pts = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1], [(x0 + x1) / 2, (y0 + y1) / 2]])
    s = float(camera.pixels_per_mm(pts, -layout.thickness).max()) * 1.1
    s = min(max(s, 1.0), MAX_TOPS_SCALE)
    area = (x1 - x0 + 10) * (y1 - y0 + 10)
    return min(s, math.sqrt(MAX_CANVAS_PIXELS / area))


def _warp_roi(src: np.ndarray, H: np.ndarray, size: tuple[int, int], *, border_value=0
              ) -> tuple[tuple[int, int, int, int] | None, np.ndarray | None]:
    """Warp ``src`` by ``H`` (src pixels -> image pixels) into the part of an image of ``size``
    that it covers. Returns ``((x0, y0, x1, y1), warped)`` or ``(None, None)`` when it misses."""
    w, h = size
    sh, sw = src.shape[:2]
    corners = np.array([[0, 0, 1], [sw, 0, 1], [sw, sh, 1], [0, sh, 1]], float) @ H.T
    if (corners[:, 2] <= 1e-9).any():  # reaches behind the camera: warp the whole image
        x0, y0, x1, y1 = 0, 0, w, h
    else:
        p = corners[:, :2] / corners[:, 2:3]
        x0, y0 = np.floor(p.min(axis=0)).astype(int) - 1
        x1, y1 = np.ceil(p.max(axis=0)).astype(int) + 1
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
        if x1 <= x0 or y1 <= y0:
            return None, None
    Hs = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]]) @ H
    out = cv2.warpPerspective(src, Hs, (int(x1 - x0), int(y1 - y0)), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_CONSTANT, borderValue=border_value)
    return (int(x0), int(y0), int(x1), int(y1)), out


def _composite(img: np.ndarray, src_bgra: np.ndarray, H: np.ndarray) -> np.ndarray:
    """Alpha-blend the warped ``src_bgra`` over ``img`` (uint8 BGR, in place); return the
    warped alpha as a full-size uint8 ``(H, W)`` image."""
    h, w = img.shape[:2]
    alpha = np.zeros((h, w), np.uint8)
    rect, warped = _warp_roi(src_bgra, H, (w, h))
    if rect is None:
        return alpha
    x0, y0, x1, y1 = rect
    a = warped[..., 3].astype(np.float32) * (1 / 255.0)
    roi = img[y0:y1, x0:x1]
    roi[:] = cv2.blendLinear(warped[..., :3], roi, a, 1 - a)
    alpha[y0:y1, x0:x1] = warped[..., 3]
    return alpha


def _texture_px(camera: Camera, layout: Layout) -> int:
    """Side of the table texture (a power of two, 256-2048 px over ``TEXTURE_MM``) fine enough
    for the near side of the table in this picture."""
    x0, y0, x1, y1 = layout.bbox
    need = float(camera.pixels_per_mm(np.array([[(x0 + x1) / 2, (y0 + y1) / 2]]), 0.0)[0]) * 1.5
    n = 256
    while n < 2048 and n < need * TEXTURE_MM:
        n *= 2
    return n


def _canvas_to_world(scale: float, origin: tuple[float, float]) -> np.ndarray:
    return np.array([[1 / scale, 0, origin[0]], [0, 1 / scale, origin[1]], [0, 0, 1.0]])


def _shading(patch_alpha: np.ndarray, scale: float, light_xy: tuple[float, float],
             rng: np.random.Generator, paint_var: float) -> np.ndarray:
    """Per-pixel gain ``(h, w, 1)`` float32 of one face: a rounded edge that catches the light
    on one side and falls dark on the other, and a faint slope across the face (tiles never lie
    quite flat)."""
    a = cv2.GaussianBlur(patch_alpha.astype(np.float32) / 255.0, (0, 0), max(0.6, 0.7 * scale))
    gx = cv2.Sobel(a, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(a, cv2.CV_32F, 0, 1, ksize=3)
    bevel = -(gx * light_xy[0] + gy * light_xy[1]) * max(0.6, 0.7 * scale)  # ~ -1..1
    h, w = a.shape
    sx, sy = rng.normal(0, 1.5 * paint_var, 2)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    slope = 1 + sx * (xs / w - 0.5) * 2 + sy * (ys / h - 0.5) * 2
    return (slope + 0.9 * bevel)[..., None]


def _paint_tops(layout: Layout, kit: Kit, scale: float, origin: tuple[float, float],
                shape: tuple[int, int], rng: np.random.Generator, paint_var: float,
                wood: np.ndarray | None = None, light_xy: tuple[float, float] = (0.0, 0.0)
                ) -> tuple[np.ndarray, np.ndarray]:
    """All tile tops on one canvas: ``(bgr (h, w, 3) uint8, alpha (h, w) uint8)``; ``light_xy``
    is the horizontal direction towards the lamp (unit or shorter)."""
    cw, ch = shape
    img = np.zeros((ch, cw, 3), np.uint8)
    alpha = np.zeros((ch, cw), np.uint8)
    for pt in layout.tiles:
        patch = face_patch(kit, pt.tile, scale, rng, spin=pt.spin, wood=wood)
        gain = 1 + rng.normal(0, paint_var) + rng.normal(0, paint_var * 0.5, 3)
        shade = _shading(patch.alpha, scale, light_xy, rng, paint_var)
        src = np.dstack([np.clip(patch.bgr * (gain * shade), 0, 255).astype(np.uint8), patch.alpha])
        c, s = math.cos(pt.twist), math.sin(pt.twist)
        R = np.array([[c, -s], [s, c]])
        dest = (np.asarray(pt.centre) - origin) * scale
        t = dest - R @ np.asarray(patch.centre)
        ph, pw = patch.alpha.shape
        corners = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]]) @ R.T + t
        bx0, by0 = np.floor(corners.min(axis=0)).astype(int) - 1
        bx1, by1 = np.ceil(corners.max(axis=0)).astype(int) + 1
        bx0, by0 = max(bx0, 0), max(by0, 0)
        bx1, by1 = min(bx1, cw), min(by1, ch)
        if bx1 <= bx0 or by1 <= by0:
            continue
        M = np.hstack([R, (t - (bx0, by0))[:, None]])
        roi = cv2.warpAffine(src, M, (bx1 - bx0, by1 - by0), flags=cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        a = roi[..., 3:4].astype(np.float32) / 255.0
        region = img[by0:by1, bx0:bx1]
        region[:] = (region * (1 - a) + roi[..., :3] * a).astype(np.uint8)
        alpha[by0:by1, bx0:bx1] = np.maximum(alpha[by0:by1, bx0:bx1], roi[..., 3])
    return img, alpha


def _draw_twelve_board(layer: TableLayer, layout: Layout, kit: Kit, shadow_shift) -> None:
    tb = layout.board
    assert tb is not None
    x0, y0, x1, y1 = tb.rect
    layer.fill([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], (205, 212, 218), height=2.5,
               shadow_shift=shadow_shift)
    a0, b0 = x0 + TT_RIM_MM, y0 + TT_RIM_MM
    a1, b1 = x1 - TT_RIM_MM, y1 - TT_RIM_MM
    st = TT_STRIP_MM
    strips = {
        "n": [(a0 + st, b0), (a1 - st, b0), (a1 - st, b0 + st), (a0 + st, b0 + st)],
        "s": [(a0 + st, b1 - st), (a1 - st, b1 - st), (a1 - st, b1), (a0 + st, b1)],
        "w": [(a0, b0 + st), (a0 + st, b0 + st), (a0 + st, b1 - st), (a0, b1 - st)],
        "e": [(a1 - st, b0 + st), (a1, b0 + st), (a1, b1 - st), (a1 - st, b1 - st)],
    }
    for side, poly in strips.items():
        cv2.fillPoly(layer.bgr, [layer.px(poly)], bgr(kit.colours[tb.borders[side]]), cv2.LINE_AA, 4)
    ox, oy = tb.origin
    pitch = layout.pitch[0]
    line = (150, 155, 160)
    th = max(1, int(round(0.6 * layer.scale)))
    for i in range(FRAME + 1):
        for p0, p1 in (((ox + i * pitch, oy), (ox + i * pitch, oy + FRAME * pitch)),
                       ((ox, oy + i * pitch), (ox + FRAME * pitch, oy + i * pitch))):
            a, b = layer.px([p0, p1])
            cv2.line(layer.bgr, tuple(int(v) for v in a), tuple(int(v) for v in b), line, th,
                     cv2.LINE_AA, 4)


def _side_colour(kit: Kit, tile: Mapping[str, Any]) -> np.ndarray:
    if kit.shape == "rounded-x":
        return np.asarray(bgr(kit.rim_colour or "#C9A46B"), float) * 0.9
    if kit.shape == "toothed-square":  # acrylic: the edge shows the tile's colour, deeper
        return np.asarray(bgr(kit.colours[tile["colour"]]), float) * 0.8
    return np.asarray(bgr("#E6E1D6"), float)


def _draw_sides(img: np.ndarray, layout: Layout, kit: Kit, camera: Camera, light_dir: np.ndarray,
                ambient: float) -> None:
    """Fill the visible side faces of every tile prism on ``img`` (ideal image, uint8)."""
    h = layout.thickness
    if h <= 0.05:
        return
    order = sorted(layout.tiles, key=lambda p: -np.linalg.norm(
        np.array([p.centre[0], p.centre[1], 0.0]) - camera.centre))
    top_level = ambient + (1 - ambient) * max(0.0, -light_dir[2])
    for pt in order:
        ol = pt.outline(kit)
        n = len(ol)
        bottom = camera.project_ideal(np.column_stack([ol, np.zeros(n)]))
        top = camera.project_ideal(np.column_stack([ol, np.full(n, -h)]))
        nxt = np.roll(np.arange(n), -1)
        d = ol[nxt] - ol
        normals = np.column_stack([d[:, 1], -d[:, 0]])  # outward for a clockwise-on-screen outline
        normals /= np.linalg.norm(normals, axis=1, keepdims=True) + 1e-12
        mids = (ol + ol[nxt]) / 2
        to_cam = camera.centre[:2] - mids
        facing = (normals * to_cam).sum(axis=1) > 0
        lambert = np.clip(normals @ light_dir[:2], 0, None)
        base = _side_colour(kit, pt.tile)
        for i in np.nonzero(facing)[0]:
            j = nxt[i]
            quad = np.array([bottom[i], bottom[j], top[j], top[i]])
            level = (ambient + (1 - ambient) * lambert[i]) / top_level
            colour = tuple(float(v) for v in np.clip(base * level, 0, 255))
            cv2.fillPoly(img, [np.round(quad * 16).astype(np.int32)], colour, cv2.LINE_AA, 4)


def _shade(layer: TableLayer, layout: Layout, kit: Kit, shadow_shift: tuple[float, float],
           elevation: float, directional: float) -> np.ndarray:
    """Light reaching the table level ``(hs, ws)`` uint8 (255 = fully lit) on the shadow grid:
    the tiles' soft cast shadows (swept from the foot to the top's shadow), the objects' shadows
    (not on themselves) and contact occlusion around the tiles."""
    tile_shadow = np.zeros_like(layer.shadow)
    foot = np.zeros_like(layer.shadow)
    for pt in layout.tiles:
        ol = pt.outline(kit)
        cv2.fillPoly(foot, [layer.px(ol, SHADOW_SCALE)], 255, cv2.LINE_AA, 4)
        for f in (0.33, 0.66, 1.0):
            shifted = ol + np.asarray(shadow_shift) * layout.thickness * f
            cv2.fillPoly(tile_shadow, [layer.px(shifted, SHADOW_SCALE)], 255, cv2.LINE_AA, 4)
    tile_shadow = np.maximum(tile_shadow, foot).astype(np.float32) / 255.0
    penumbra = (0.6 + 0.25 * layout.thickness / math.tan(elevation)) * SHADOW_SCALE
    tile_shadow = cv2.GaussianBlur(tile_shadow, (0, 0), penumbra)
    # Objects on the table do not shade their own tops; tiles do shade the board.
    obj_shadow = cv2.GaussianBlur(layer.shadow.astype(np.float32) / 255.0, (0, 0), 2.5 * SHADOW_SCALE)
    own = cv2.resize(layer.alpha, obj_shadow.shape[::-1], interpolation=cv2.INTER_AREA)
    obj_shadow *= 1 - own.astype(np.float32) / 255.0
    shadow = np.maximum(obj_shadow, tile_shadow)
    ao = cv2.GaussianBlur(foot.astype(np.float32) / 255.0, (0, 0), 2.5 * SHADOW_SCALE)
    lit = 1.0 - directional * 0.85 * np.clip(shadow, 0, 1) - 0.25 * ao
    return np.clip(lit * 255, 0, 255).astype(np.uint8)


def _clip_half_plane(poly: np.ndarray, p: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Part of the convex polygon ``poly`` ``(N, 2)`` where ``n . (x - p) >= 0``."""
    out = []
    for i in range(len(poly)):
        a, b = poly[i], poly[(i + 1) % len(poly)]
        da, db = float(n @ (a - p)), float(n @ (b - p))
        if da >= 0:
            out.append(a)
        if (da >= 0) != (db >= 0):
            out.append(a + (b - a) * (da / (da - db)))
    return np.array(out).reshape(-1, 2)


def _draw_table_edge(img: np.ndarray, camera: Camera, layout: Layout, margin: float,
                     scene: SceneParams, rng: np.random.Generator) -> dict | None:
    """Draw the far edge of the table and the floor beyond it on the ideal image, where that
    edge falls inside the picture; return its description or ``None``."""
    h, w = img.shape[:2]
    x0, y0, x1, y1 = layout.bbox
    centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    yaw = math.radians(scene.yaw_deg + rng.uniform(-12, 12))
    fwd = np.array([math.sin(yaw), -math.cos(yaw)])  # away from the camera, along the table
    side = np.array([-fwd[1], fwd[0]])
    reach = 0.5 * math.hypot(x1 - x0, y1 - y0) + margin + rng.uniform(20, 260)
    pts = np.array([centre + fwd * reach - side * 100, centre + fwd * reach + side * 100,
                    centre + fwd * (reach + 300)])
    pts3 = np.column_stack([pts, np.zeros(3)])
    if ((camera.R @ pts3.T).T + camera.t)[:, 2].min() <= 1.0:
        return None
    p1, p2, q = camera.project_ideal(pts3)
    d = p2 - p1
    n = np.array([-d[1], d[0]])
    n *= np.sign(n @ (q - p1)) or 1.0
    rect = np.array([[0, 0], [w, 0], [w, h], [0, h]], float)
    beyond = _clip_half_plane(rect, p1, n)
    if len(beyond) < 3 or cv2.contourArea(beyond.astype(np.float32)) < 0.01 * w * h \
            or n @ (np.array([w / 2, h / 2]) - p1) > 0:
        return None  # the edge misses the picture, or the floor would fill its middle
    bx, by, bw, bh = cv2.boundingRect(beyond.astype(np.float32))
    bx, by = max(bx, 0), max(by, 0)
    bw, bh = min(bw, w - bx), min(bh, h - by)
    region = np.zeros((bh, bw), np.uint8)
    cv2.fillPoly(region, [np.round((beyond - (bx, by)) * 16).astype(np.int32)], 255, cv2.LINE_AA, 4)
    floor = np.asarray([(60, 70, 80), (40, 55, 75), (90, 95, 100), (30, 30, 35), (70, 90, 120)]
                       [int(rng.integers(5))], np.float32) * rng.uniform(0.7, 1.2)
    ramp = np.linspace(0.75, 1.1, bh, dtype=np.float32)[:, None, None]
    streaks = rng.normal(0, 8, (1, bw, 3)).astype(np.float32)
    fill = np.clip(floor[None, None, :] * ramp + streaks, 0, 255).astype(np.uint8)
    fill = cv2.GaussianBlur(fill, (0, 0), 5)
    a_reg = region.astype(np.float32) / 255.0
    roi = img[by:by + bh, bx:bx + bw]
    roi[:] = cv2.blendLinear(fill, roi, a_reg, 1 - a_reg)
    # The rounded edge of the table top catches the light: a thin bright line along it.
    lit = tuple(float(v) for v in np.clip(np.median(roi[region < 128][::37], axis=0) * 1.3, 0, 255))
    a, b = p1 - d * 50, p2 + d * 50
    ok, a_i, b_i = cv2.clipLine((0, 0, w, h), tuple(int(v) for v in a), tuple(int(v) for v in b))
    if ok:
        cv2.line(img, a_i, b_i, lit, max(1, int(round(w / 1500))), cv2.LINE_AA)
    return {"distance_mm": round(float(reach), 1)}


# ------------------------------------------------------------------------------------ render

def render_board(board: Mapping[str, Any], *, kit: Kit | None = None, seed: int = 0,
                 difficulty: str = "normal", size: tuple[int, int] = DEFAULT_SIZE,
                 quality: int | None = None) -> Render:
    """Render a phone photo of ``board`` (a FORMATS.md board dict).

    Parameters
    ----------
    board : board dict; its ``game`` picks the kit unless ``kit`` is given.
    seed : every random choice (scene, paint, noise) follows from ``seed`` and ``difficulty``.
    difficulty : ``"easy"``, ``"normal"`` or ``"hard"`` (see :mod:`vision.synth.presets`).
    size : ``(width, height)`` of a landscape picture; portrait shots swap them.
    quality : JPEG quality; default drawn from the preset.

    Returns
    -------
    Render
        The JPEG and its truth: the board turned to the photo's orientation (row 0 towards the
        top of the picture) with ``"scene"`` metadata, including each cell's centre and
        corners in image pixels.
    """
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r} (one of {', '.join(DIFFICULTIES)})")
    timing: dict[str, float] = {}
    t0 = time.perf_counter()
    game = str(board.get("game"))
    kit = kit or kit_for_game(game)
    rng = np.random.default_rng([int(seed) & 0xFFFFFFFF, DIFFICULTIES.index(difficulty),
                                 zlib.crc32(game.encode())])
    scene = sample_scene(difficulty, rng)
    board = prepare_board(board, kit, rng)
    w, h = (size[1], size[0]) if scene.portrait else size
    size_factor = math.hypot(w, h) / 5000.0
    layout = layout_board(board, kit, gap_mm=scene.gap_mm, twist_deg=scene.twist_deg, rng=rng)
    camera = place_camera(layout, kit, scene, (w, h))
    el, az = math.radians(scene.light_elev_deg), math.radians(scene.light_azimuth_deg)
    light_dir = np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), -math.sin(el)])
    # (mm of shadow per mm of height, pointing away from the light)
    shadow_shift = (-math.cos(az) / math.tan(el), -math.sin(az) / math.tan(el))
    timing["setup"] = (time.perf_counter() - t0) * 1000

    # Top-down layers: tile tops (fine), the table level (coarser), shadows (coarse).
    t = time.perf_counter()
    x0, y0, x1, y1 = layout.bbox
    scale = _tops_scale(layout, camera)
    top_origin = (x0 - 5.0, y0 - 5.0)
    top_shape = (int(math.ceil((x1 - x0 + 10) * scale)), int(math.ceil((y1 - y0 + 10) * scale)))
    wood = wood_stock(kit, scale, rng) if kit.shape == "rounded-x" else None
    tops, tops_alpha = _paint_tops(layout, kit, scale, top_origin, top_shape, rng, scene.paint_var,
                                   wood, (light_dir[0] * scene.directional, light_dir[1] * scene.directional))
    margin = 130.0 if scene.clutter else 30.0
    table_mm = (x1 - x0 + 2 * margin, y1 - y0 + 2 * margin)
    table_origin = (x0 - margin, y0 - margin)
    table_scale = min(scale, MAX_TABLE_SCALE, math.sqrt(MAX_CANVAS_PIXELS / (table_mm[0] * table_mm[1])))
    layer = TableLayer.empty(table_mm, table_origin, table_scale, SHADOW_SCALE)
    if layout.board is not None:
        _draw_twelve_board(layer, layout, kit, shadow_shift)
    clutter = []
    if scene.clutter:
        clutter = draw_clutter(layer, layout.bbox, rng, shadow_shift)
    shade_u8 = _shade(layer, layout, kit, shadow_shift, el, scene.directional)
    timing["layers"] = (time.perf_counter() - t) * 1000

    # Project: table, table-level layer with shadows, side faces, tops.
    t = time.perf_counter()
    P0 = camera.plane_homography(0.0)
    H_table = P0 @ _canvas_to_world(table_scale, table_origin)
    H_shadow = P0 @ _canvas_to_world(SHADOW_SCALE, table_origin)
    H_tops = camera.plane_homography(-layout.thickness) @ _canvas_to_world(scale, top_origin)
    variant = int(rng.integers(TEXTURE_VARIANTS))
    tex = table_texture(scene.table, variant, size_px=_texture_px(camera, layout))
    ang = rng.uniform(0, 2 * math.pi)
    c, sn = math.cos(ang) / tex.px_per_mm, math.sin(ang) / tex.px_per_mm
    T = np.array([[c, -sn, rng.uniform(0, 400)], [sn, c, rng.uniform(0, 400)], [0, 0, 1.0]])
    img = cv2.warpPerspective(tex.bgr, P0 @ T, (w, h), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_WRAP)
    edge_rng = np.random.default_rng([int(seed) & 0xFFFFFFFF, DIFFICULTIES.index(difficulty),
                                      zlib.crc32(game.encode()), 7])
    table_edge = None
    if edge_rng.random() < PRESETS[difficulty].table_edge_p:
        table_edge = _draw_table_edge(img, camera, layout, margin, scene, edge_rng)
    if layer.alpha.any():
        _composite(img, np.dstack([layer.bgr, layer.alpha]), H_table)
    rect, shade = _warp_roi(shade_u8, H_shadow, (w, h), border_value=255)
    if rect is not None:
        x0r, y0r, x1r, y1r = rect
        roi = img[y0r:y1r, x0r:x1r]
        roi[:] = cv2.multiply(roi, cv2.merge([shade, shade, shade]), scale=1 / 255.0)
    _draw_sides(img, layout, kit, camera, light_dir, 1 - scene.directional)
    top_alpha = _composite(img, np.dstack([tops, tops_alpha]), H_tops)
    timing["project"] = (time.perf_counter() - t) * 1000

    # Light, camera, sensor, JPEG.
    t = time.perf_counter()
    gloss = (GLOSS.get(kit.shape, 0.5), tex.gloss)
    img = photo.light_and_expose(img, top_alpha, gloss, scene, rng)
    img = photo.optics(img, camera, scene, size_factor)
    img = photo.sensor_and_isp(img, scene, rng, size_factor)
    q = int(quality if quality is not None else scene.jpeg_quality)
    jpeg = photo.encode_jpeg(img, q)
    timing["photo"] = (time.perf_counter() - t) * 1000

    truth = _truth(board, layout, kit, camera, scene, seed, q, clutter)
    truth["scene"]["table_edge"] = table_edge
    timing["total"] = (time.perf_counter() - t0) * 1000
    logger.debug("rendered %s %s seed %d in %.0f ms", board.get("game"), difficulty, seed, timing["total"])
    return Render(jpeg, truth, (w, h), timing)


def _quarter_turn(camera: Camera, layout: Layout) -> int:
    """Clockwise quarter turns that bring the board to the photo's orientation."""
    z = -layout.thickness
    c = np.array([0.0, 0.0, z])
    p = camera.project_ideal(np.array([c, c + (0, -50.0, 0)]))
    v = p[1] - p[0]
    angle = math.degrees(math.atan2(v[0], -v[1]))  # clockwise from image-up to world north
    return int(round(angle / 90.0)) % 4


def _truth(board: dict, layout: Layout, kit: Kit, camera: Camera, scene: SceneParams, seed: int,
           quality: int, clutter: list[str]) -> dict:
    k = _quarter_turn(camera, layout)
    turned = turn_board(board, k)
    if not turned.get("borders"):
        turned = normalise_origin(turned)
    # Cell geometry in image pixels, listed with the truth's (row, col).
    frame = bool(board.get("borders"))
    moved = [(turn_cell(p.tile["row"], p.tile["col"], k, frame=frame), p) for p in layout.tiles]
    r0 = 0 if frame or not moved else min(rc[0] for rc, _ in moved)
    c0 = 0 if frame or not moved else min(rc[1] for rc, _ in moved)
    hw, hh = kit.tile_size_mm[0] / 2, kit.tile_size_mm[1] / 2
    if kit.shape == "rounded-x":
        hw = hh = min(hw, hh)
    cells = []
    z = -layout.thickness
    for (row, col), p in sorted(moved, key=lambda m: m[0]):
        c, s = math.cos(p.twist), math.sin(p.twist)
        R = np.array([[c, -s], [s, c]])
        world = np.array([[-hw, -hh], [hw, -hh], [hw, hh], [-hw, hh]]) @ R.T + p.centre
        pts = camera.project(np.column_stack([np.vstack([world, [p.centre]]), np.full(5, z)]))
        corners = pts[:4][[(i - k) % 4 for i in range(4)]]  # NW, NE, SE, SW of the photo
        cells.append({"row": row - r0, "col": col - c0,
                      "centre": np.round(pts[4], 1).tolist(),
                      "corners": np.round(corners, 1).tolist()})
    turned["scene"] = {
        "renderer": "vision.synth",
        "seed": int(seed),
        "difficulty": scene.difficulty,
        "kit": kit.name,
        "quarter_turns": k,
        "jpeg_quality": quality,
        "camera": camera.to_json(),
        "params": scene.to_json(),
        "clutter": clutter,
        "cells": cells,
    }
    return turned
