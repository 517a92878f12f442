"""Small synthetic scenes for the reader's tests: a top-down layout, then a camera view of it.

Independent of ``vision.synth`` on purpose (a second, simpler style), so the tests do not depend
on one renderer's quirks.
"""
from __future__ import annotations

import math
import random

import cv2
import numpy as np

from vision.cells import TopDown, _Ctx, read_cells
from vision.colour import Palette
from vision.kits import Kit, kit_for_game

PIP_LAYOUT = {
    1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)], 3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def _bgr(hexcol: str) -> tuple[int, int, int]:
    return int(hexcol[5:7], 16), int(hexcol[3:5], 16), int(hexcol[1:3], 16)


def draw_solid_tile(size: int, colour: str, pips: int | None, kit) -> np.ndarray:
    """Top-down nestortile face, (size, size, 3) BGR."""
    img = np.zeros((size, size, 3), np.uint8)
    img[:] = _bgr(kit.colours[colour])
    if pips:
        pc = _bgr(kit.pip_colours.get(colour, "#111111"))
        for x, y in PIP_LAYOUT[pips]:
            cv2.circle(img, (int(x * size), int(y * size)), max(2, int(size * 0.085)), pc, -1,
                       cv2.LINE_AA)
    return img


def paint_solid_tiles(img: np.ndarray, tiles: dict, n: int, kit, inset: int = 2) -> None:
    """Draw solid tiles into a top-down view ``img`` (H, W, 3) of ``n`` pixels a cell, in place:
    ``tiles`` {(row, col): (colour, pips)}, each face ``inset`` pixels inside its cell."""
    for (r, c), (colour, pips) in tiles.items():
        img[r * n + inset:(r + 1) * n - inset, c * n + inset:(c + 1) * n - inset] = \
            draw_solid_tile(n - 2 * inset, colour, pips, kit)


def colour_tile_block(pitch: int, origin: int, n: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """A grey table (BGR, ``2 origin + n pitch`` square) with an n x n block of tiles of random
    colours (gaps of 4 px), cell (0, 0) at ``origin``; and the tiles' mask (bool)."""
    rng = np.random.default_rng(seed)
    size = 2 * origin + n * pitch
    img = np.full((size, size, 3), 170, np.uint8)
    fg = np.zeros((size, size), bool)
    for r in range(n):
        for c in range(n):
            x0, y0 = origin + c * pitch + 2, origin + r * pitch + 2
            img[y0:y0 + pitch - 4, x0:x0 + pitch - 4] = rng.integers(20, 250, 3)
            fg[y0:y0 + pitch - 4, x0:x0 + pitch - 4] = True
    return img, fg


def cells_mask(shape: tuple[int, int], cells, n: int) -> np.ndarray:
    """A foreground mask (H, W) float32 of a top-down view of ``n`` pixels a cell: 1 on the
    given (row, col) cells, 0 elsewhere."""
    fg = np.zeros(shape, np.float32)
    for r, c in cells:
        fg[r * n:(r + 1) * n, c * n:(c + 1) * n] = 1.0
    return fg


def print_blots(img: np.ndarray, rng: np.random.Generator, count: int,
                radii: tuple[int, int], colour) -> None:
    """Print ``count`` round blots of ``colour`` (BGR) at random on ``img`` ``(H, W, 3)`` (in
    place), their radii drawn from ``radii`` (pixels): a printed cloth."""
    h, w = img.shape[:2]
    for _ in range(count):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        cv2.circle(img, (int(x), int(y)), int(rng.uniform(*radii)), colour, -1)


def as_photographed(img: np.ndarray, rng: np.random.Generator, noise: float, blur: float
                    ) -> np.ndarray:
    """A drawn view ``img`` (H, W, 3) BGR (float or uint8) as a camera records it: Gaussian
    noise of ``noise`` levels (standard deviation, drawn from ``rng``), clipped to uint8, then a
    Gaussian blur of ``blur`` pixels (sigma)."""
    img = np.clip(img + rng.normal(0, noise, img.shape), 0, 255).astype(np.uint8)
    return cv2.GaussianBlur(img, (0, 0), blur)


def kit_and_palette(game: str) -> tuple[Kit, Palette]:
    """A built-in game's kit and its palette (the kit's colours as given, no profile)."""
    kit = kit_for_game(game)
    return kit, Palette.from_hex(kit.colours)


def under_lamp(colour, shape: tuple[int, int], n: int, spot: tuple[float, float], radius: float,
               gain: float) -> np.ndarray:
    """A plain table of ``colour`` (BGR) ``shape`` (H, W) pixels, ``n`` a cell, under a lamp's
    hot spot: its linear light (a 2.2 gamma) times ``1 + gain * exp(-d^2 / radius^2)``, ``d`` the
    distance in cells from ``spot`` (row, col in cells). Returns (H, W, 3) float64 BGR 0-255."""
    h, w = shape
    lin = np.tile(((np.array(colour, np.float64) / 255.0) ** 2.2), (h, w, 1))
    yy, xx = np.mgrid[0:h, 0:w] + 0.5
    r2 = ((yy / n - spot[0]) ** 2 + (xx / n - spot[1]) ** 2) / radius ** 2
    lin *= 1.0 + gain * np.exp(-r2)[..., None]
    return 255.0 * np.clip(lin, 0, 1) ** (1 / 2.2)


def photographed_view(img: np.ndarray, fg_cells, n: int, size: int, rng: np.random.Generator,
                      noise: float, blur: float) -> tuple[TopDown, np.ndarray]:
    """A drawn top-down view ``img`` (H, W, 3) BGR of ``size`` x ``size`` cells of ``n`` pixels
    as photographed (:func:`as_photographed`), as a :class:`vision.cells.TopDown`, and a
    foreground mask (H, W) float32 holding the cells ``fg_cells`` (:func:`cells_mask`)."""
    img = as_photographed(img, rng, noise, blur)
    return TopDown(img, n, n, 0, 0, size, size), cells_mask(img.shape[:2], fg_cells, n)


def taken_cells(td: TopDown, fg: np.ndarray, kit, palette) -> dict:
    """The cells ``read_cells`` takes as tiles, each cell's reading (colours read apart, as
    Textile's tiles, which may lie either face up)."""
    readings, _ = read_cells(td, kit, palette=palette, fg=fg, colours_apart=True)
    return {(r.row, r.col): r for r in readings if r.occupied}


def read_die_faces(td, fg: np.ndarray, kit, palette) -> dict:
    """The occupied cells of a top-down view ``td`` (a :class:`vision.cells.TopDown`) read with
    the foreground ``fg`` as a kit whose tiles all lie pips up: {(row, col): CellReading}."""
    readings, _ = read_cells(td, kit, palette=palette, fg=fg, die_faces=True)
    return {(r.row, r.col): r for r in readings if r.occupied}


def draw_edges_tile(size: int, edges, kit) -> np.ndarray:
    img = np.zeros((size, size, 3), np.uint8)
    c = size / 2
    corners = {"n": [(0, 0), (size, 0)], "e": [(size, 0), (size, size)],
               "s": [(size, size), (0, size)], "w": [(0, size), (0, 0)]}
    for name, colour in zip("nesw", edges):
        pts = np.array(corners[name] + [(c, c)], np.int32)
        cv2.fillConvexPoly(img, pts, _bgr(kit.colours[colour]), cv2.LINE_AA)
    return img


def draw_card(w: int, h: int, colour: str, symbol: str, kit) -> np.ndarray:
    img = np.zeros((h, w, 3), np.uint8)
    img[:] = _bgr(kit.colours[colour])
    white = (245, 245, 245)
    cx, cy, r = w // 2, h // 2, int(w * 0.22)
    if symbol == "rock":
        cv2.circle(img, (cx, cy), r, white, -1, cv2.LINE_AA)
    elif symbol == "paper":
        cv2.rectangle(img, (cx - int(r * 0.8), cy - r), (cx + int(r * 0.8), cy + r), white, -1)
    else:
        t = max(2, w // 30)
        cv2.circle(img, (cx - r // 2, cy + r // 2), r // 2, white, t, cv2.LINE_AA)
        cv2.circle(img, (cx + r // 2, cy + r // 2), r // 2, white, t, cv2.LINE_AA)
        cv2.line(img, (cx - r // 2, cy), (cx + r // 2, cy - r - r // 2), white, t, cv2.LINE_AA)
        cv2.line(img, (cx + r // 2, cy), (cx - r // 2, cy - r - r // 2), white, t, cv2.LINE_AA)
    return img


def random_board(game: str, rng: random.Random, n: int = 12) -> dict:
    """A random (not necessarily legal) connected layout of ``n`` tiles, distinct tiles."""
    kit = kit_for_game(game)
    cells = {(0, 0)}
    while len(cells) < n:
        r, c = rng.choice(sorted(cells))
        dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        if abs(r + dr) < 4 and abs(c + dc) < 4:
            cells.add((r + dr, c + dc))
    pool = list(kit.tiles)
    rng.shuffle(pool)
    tiles = []
    for (r, c), t in zip(sorted(cells), pool):
        d = {"row": r, "col": c}
        if game in ("octopus", "textile"):
            d.update(colour=t["colour"], pips=t["pips"])
        elif game == "tapestry":
            d.update(colour=t["colour"], symbol=t["symbol"])
        elif game == "twelve-tiles":
            e = list(t["edges"])
            k = rng.randrange(4)
            e = e[k:] + e[:k]
            d["edges"] = dict(zip("nesw", e))
        tiles.append(d)
    return {"game": game, "tiles": tiles}


def topdown(board: dict, *, ppc: int = 120, gap: float = 0.03, table=(90, 120, 150)
            ) -> tuple[np.ndarray, float, float]:
    """Render a board top-down on a plain table. Returns (image, pitch_x, pitch_y) in pixels;
    cell (r, c) has its top-left corner at ((c - cmin + 1) * px, (r - rmin + 1) * py)."""
    game = board["game"]
    kit = kit_for_game(game)
    aspect = kit.tile_size_mm[1] / kit.tile_size_mm[0]
    tw, th = ppc, int(round(ppc * aspect))
    g = max(1, int(round(gap * ppc)))
    px, py = tw + g, th + g
    rows = [t["row"] for t in board["tiles"]]
    cols = [t["col"] for t in board["tiles"]]
    r0, c0 = min(rows), min(cols)
    H = (max(rows) - r0 + 3) * py
    W = (max(cols) - c0 + 3) * px
    img = np.zeros((H, W, 3), np.uint8)
    img[:] = table
    for t in board["tiles"]:
        y = (t["row"] - r0 + 1) * py
        x = (t["col"] - c0 + 1) * px
        if game in ("octopus", "textile"):
            face = draw_solid_tile(tw, t["colour"], t.get("pips"), kit)
        elif game == "tapestry":
            face = draw_card(tw, th, t["colour"], t["symbol"], kit)
        else:
            face = draw_edges_tile(tw, [t["edges"][k] for k in "nesw"], kit)
        shadow = img[y + g: y + th + g, x + g: x + tw + g]
        shadow[:] = (shadow * 0.6).astype(np.uint8)
        img[y:y + th, x:x + tw] = face
    return img, px, py


def camera_view(top: np.ndarray, rng: random.Random, *, out=(1200, 900), tilt_deg=30.0,
                table=(90, 120, 150), noise=4.0, light=0.25) -> np.ndarray:
    """Project a top-down image into a photo: random rotation, tilt, lighting, noise."""
    h, w = top.shape[:2]
    W, H = out
    ang = rng.uniform(0, 2 * math.pi)
    tilt = math.radians(rng.uniform(0, tilt_deg))
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]]) - np.float32([w / 2, h / 2])
    rot = np.float32([[math.cos(ang), -math.sin(ang)], [math.sin(ang), math.cos(ang)]])
    pts = src @ rot.T
    # tilt: shrink the far side (perspective along a random direction)
    d = rng.uniform(0, 2 * math.pi)
    dirv = np.float32([math.cos(d), math.sin(d)])
    proj = pts @ dirv
    span = max(float(np.abs(proj).max()), 1.0)
    k = math.tan(tilt) * 0.6
    factor = 1.0 / (1.0 + k * proj / span)
    pts = pts * factor[:, None]
    scale = 0.7 * min(W, H) / max(float(np.ptp(pts[:, 0])), float(np.ptp(pts[:, 1])))
    dst = pts * scale + np.float32([W / 2, H / 2])
    M = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), dst.astype(np.float32))
    photo = cv2.warpPerspective(top, M, (W, H), flags=cv2.INTER_AREA, borderValue=table)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    grad = 1.0 + light * ((xx / W - 0.5) * math.cos(ang) + (yy / H - 0.5) * math.sin(ang))
    photo = photo.astype(np.float32) * grad[..., None]
    photo += np.random.default_rng(rng.randrange(1 << 30)).normal(0, noise, photo.shape)
    return np.clip(photo, 0, 255).astype(np.uint8)


def tapestry_cards_ctx(places: list[tuple[int, int]], cards: np.ndarray) -> "_Ctx":
    """A Tapestry reading context (``vision.cells._Ctx``, default paints) whose cards at
    ``places`` (row, col) show the colours ``cards`` ``(N, 3)`` (CIELAB) round one square of
    art in the middle of a 30 x 40 face; nothing blown out (set ``blown``/``blown_px`` after)."""
    kit = kit_for_game("tapestry")
    art = np.zeros((30, 40), np.uint8)
    art[10:20, 15:25] = 1
    ctx = _Ctx(kit, Palette.from_hex(kit.colours), None, None, None)
    ctx.symbols = {c: (lab, art) for c, lab in zip(places, cards)}
    ctx.blown = {c: 0.0 for c in places}
    return ctx
