"""The printable play mat: its layout, a PDF and raster rendering, and finding it in a photo.

The mat is one landscape page (A4, A3 or US letter) that carries

- four ArUco markers (``DICT_4X4_50``) in the corners; each paper size has its own four ids
  (A4: 0-3, A3: 4-7, letter: 8-11, clockwise from the top-left), so a photo tells which mat and
  which way round it lies;
- two strips of neutral patches (paper white and three printed greys) between the top markers
  and between the bottom markers, for white balance;
- a faint 10 mm grid over the play area, or, on the calibration variant (``charuco=True``), a
  ChArUco field (``DICT_5X5_100``) for lens calibration (see :mod:`vision.camera`).

Coordinates on the mat are millimetres from the top-left corner of the page, ``x`` to the right
and ``y`` downwards (so ``(x, y)``, not ``(row, col)``). Images are BGR ``uint8`` ``(H, W, 3)``.

:func:`find_mat` is what the reader calls: it returns a :class:`MatView` with the homography from
image pixels to mat millimetres and the colour of each neutral patch, or ``None``.
"""
from __future__ import annotations

import logging
import zlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Mapping

import cv2
import numpy as np

from vision.colour import srgb_to_linear

logger = logging.getLogger(__name__)

#: Paper sizes, landscape ``(width_mm, height_mm)``.
PAPER_MM: Mapping[str, tuple[float, float]] = {
    "A4": (297.0, 210.0),
    "A3": (420.0, 297.0),
    "letter": (279.4, 215.9),
}
#: First of the four corner-marker ids of each paper size.
MARKER_ID_BASE: Mapping[str, int] = {"A4": 0, "A3": 4, "letter": 8}
MARKER_DICT = cv2.aruco.DICT_4X4_50
CHARUCO_DICT = cv2.aruco.DICT_5X5_100
#: Nominal sRGB grey value (0-255) of each neutral patch, in print order.
PATCH_GREYS: Mapping[str, int] = {"white": 255, "light": 192, "mid": 128, "dark": 64}
GRID_STEP_MM = 10.0
GRID_GREY = 226
GRID_WIDTH_MM = 0.25


# ------------------------------------------------------------------------------- layout


@dataclass(frozen=True)
class Rect:
    """A filled rectangle in mat millimetres; ``grey`` 0 (black) - 255 (white)."""

    x: float
    y: float
    w: float
    h: float
    grey: int = 0


@dataclass(frozen=True)
class Line:
    """A stroked line segment in mat millimetres."""

    x0: float
    y0: float
    x1: float
    y1: float
    width: float
    grey: int


@dataclass(frozen=True)
class Patch:
    """A neutral patch: ``name`` like ``"top-mid"``, its rectangle, its nominal sRGB grey."""

    name: str
    rect: Rect
    grey: int


@dataclass(frozen=True)
class CharucoSpec:
    """A ChArUco field: ``squares`` ``(cols, rows)``, lengths in mm, origin = its top-left corner."""

    squares: tuple[int, int]
    square_mm: float
    marker_mm: float
    origin_mm: tuple[float, float]
    dictionary: int = CHARUCO_DICT

    def board(self) -> "cv2.aruco.CharucoBoard":
        """The OpenCV board (object points in mm relative to :attr:`origin_mm`)."""
        d = cv2.aruco.getPredefinedDictionary(self.dictionary)
        return cv2.aruco.CharucoBoard(self.squares, self.square_mm, self.marker_mm, d)

    def to_dict(self) -> dict:
        return {"squares": list(self.squares), "square_mm": self.square_mm,
                "marker_mm": self.marker_mm, "origin_mm": list(self.origin_mm),
                "dictionary": "DICT_5X5_100" if self.dictionary == CHARUCO_DICT else int(self.dictionary)}


@dataclass(frozen=True)
class MatLayout:
    """Geometry of one mat, all in millimetres (x right, y down from the page's top-left).

    Attributes
    ----------
    markers : dict id -> (4, 2) float array, marker corners clockwise from its top-left.
    play_area : the rectangle where tiles go.
    """

    size: str
    width_mm: float
    height_mm: float
    marker_mm: float
    markers: Mapping[int, np.ndarray]
    patches: tuple[Patch, ...]
    play_area: Rect
    charuco: CharucoSpec | None = None

    def primitives(self) -> list[Rect | Line]:
        """Everything printed, back to front, as rectangles and lines."""
        out: list[Rect | Line] = []
        pa = self.play_area
        if self.charuco is None:
            n_x = int(pa.w // GRID_STEP_MM)
            n_y = int(pa.h // GRID_STEP_MM)
            x0 = pa.x + (pa.w - n_x * GRID_STEP_MM) / 2
            y0 = pa.y + (pa.h - n_y * GRID_STEP_MM) / 2
            for i in range(n_x + 1):
                x = x0 + i * GRID_STEP_MM
                out.append(Line(x, y0, x, y0 + n_y * GRID_STEP_MM, GRID_WIDTH_MM, GRID_GREY))
            for j in range(n_y + 1):
                y = y0 + j * GRID_STEP_MM
                out.append(Line(x0, y, x0 + n_x * GRID_STEP_MM, y, GRID_WIDTH_MM, GRID_GREY))
        else:
            out.extend(_charuco_rects(self.charuco))
        for patch in self.patches:
            r = patch.rect
            out.append(Rect(r.x, r.y, r.w, r.h, patch.grey))
            if patch.grey > 240:  # outline the paper-white patch so people see it
                for ax, ay, bx, by in ((r.x, r.y, r.x + r.w, r.y), (r.x + r.w, r.y, r.x + r.w, r.y + r.h),
                                       (r.x + r.w, r.y + r.h, r.x, r.y + r.h), (r.x, r.y + r.h, r.x, r.y)):
                    out.append(Line(ax, ay, bx, by, 0.3, 160))
        for marker_id, corners in self.markers.items():
            out.extend(_marker_rects(MARKER_DICT, marker_id, corners[0], self.marker_mm))
        return out


def _marker_bits(dictionary: int, marker_id: int) -> np.ndarray:
    """(n+2, n+2) bool array, True where the marker (with its 1-module black border) is black."""
    d = cv2.aruco.getPredefinedDictionary(dictionary)
    n = d.markerSize + 2
    return cv2.aruco.generateImageMarker(d, marker_id, n, borderBits=1) < 128


def _marker_rects(dictionary: int, marker_id: int, top_left: np.ndarray, side: float) -> list[Rect]:
    bits = _marker_bits(dictionary, marker_id)
    n = bits.shape[0]
    module = side / n
    rects = []
    for r in range(n):
        c = 0
        while c < n:  # one rectangle per horizontal run of black modules
            if not bits[r, c]:
                c += 1
                continue
            start = c
            while c < n and bits[r, c]:
                c += 1
            rects.append(Rect(float(top_left[0]) + start * module, float(top_left[1]) + r * module,
                              (c - start) * module, module, 0))
    return rects


def _charuco_rects(spec: CharucoSpec) -> list[Rect]:
    board = spec.board()
    cols, rows = spec.squares
    ox, oy = spec.origin_mm
    s = spec.square_mm
    rects = [Rect(ox + c * s, oy + r * s, s, s, 0)
             for r in range(rows) for c in range(cols) if (r + c) % 2 == 0]
    for marker_id, corners in zip(board.getIds().ravel(), board.getObjPoints()):
        corners = np.asarray(corners, dtype=float)[:, :2] + (ox, oy)
        rects.extend(_marker_rects(spec.dictionary, int(marker_id), corners[0], spec.marker_mm))
    return rects


@lru_cache(maxsize=None)
def mat_layout(size: str = "A4", *, charuco: bool = False) -> MatLayout:
    """The layout of the mat of paper ``size`` (``"A4"``, ``"A3"`` or ``"letter"``).

    Raises
    ------
    ValueError
        For an unknown paper size.
    """
    if size not in PAPER_MM:
        raise ValueError(f"unknown paper size {size!r} (sizes: {', '.join(PAPER_MM)})")
    width, height = PAPER_MM[size]
    short = min(width, height)
    margin = 10.0
    side = round(0.14 * short)  # A4/letter 29-30 mm, A3 42 mm
    base = MARKER_ID_BASE[size]
    tl = [(margin, margin), (width - margin - side, margin),
          (width - margin - side, height - margin - side), (margin, height - margin - side)]
    markers = {base + i: np.array([(x, y), (x + side, y), (x + side, y + side), (x, y + side)], float)
               for i, (x, y) in enumerate(tl)}
    # patch strips centred between the top markers and between the bottom markers
    patch_w = side * 0.9
    patch_h = side * 0.9
    gap = side * 0.15
    strip = len(PATCH_GREYS) * patch_w + (len(PATCH_GREYS) - 1) * gap
    x_start = (width - strip) / 2
    patches = []
    for where, y in (("top", margin + (side - patch_h) / 2),
                     ("bottom", height - margin - side + (side - patch_h) / 2)):
        names = list(PATCH_GREYS) if where == "top" else list(reversed(PATCH_GREYS))
        for i, name in enumerate(names):
            rect = Rect(x_start + i * (patch_w + gap), y, patch_w, patch_h, PATCH_GREYS[name])
            patches.append(Patch(f"{where}-{name}", rect, PATCH_GREYS[name]))
    play = Rect(margin, margin + side + 4, width - 2 * margin, height - 2 * (margin + side + 4))
    spec = None
    if charuco:
        sq = round(short / 10)  # A4/letter 21-22 mm, A3 30 mm
        cols = int(play.w // sq)
        rows = int(play.h // sq)
        marker = round(sq * 0.75, 1)
        spec = CharucoSpec((cols, rows), float(sq), marker,
                           (play.x + (play.w - cols * sq) / 2, play.y + (play.h - rows * sq) / 2))
    return MatLayout(size, width, height, float(side), markers, tuple(patches), play, spec)


# ------------------------------------------------------------------------------- rendering


def render_mat(layout: MatLayout, *, px_per_mm: float = 4.0, supersample: int = 4) -> np.ndarray:
    """Raster image of the mat, ``(round(H*px_per_mm), round(W*px_per_mm), 3)`` uint8 BGR.

    Pixel ``(row, col)`` covers mat ``x`` in ``[col, col + 1) / px_per_mm`` (and ``y`` likewise
    for ``row``), so image point ``(x_px, y_px)`` (pixel centres at integers) is mat
    ``((x_px + 0.5) / px_per_mm, (y_px + 0.5) / px_per_mm)``. Edges are exact to
    ``1 / supersample`` pixel (area-averaged supersampling). Lines must be horizontal or vertical.
    """
    h = int(round(layout.height_mm * px_per_mm))
    w = int(round(layout.width_mm * px_per_mm))
    ss = max(1, min(int(supersample), int(np.sqrt(48e6 / max(1, h * w)))))
    s = px_per_mm * ss
    big = np.full((h * ss, w * ss), 255, np.uint8)

    def fill(x0: float, y0: float, x1: float, y1: float, grey: int) -> None:
        c0, c1 = int(round(min(x0, x1) * s)), int(round(max(x0, x1) * s))
        r0, r1 = int(round(min(y0, y1) * s)), int(round(max(y0, y1) * s))
        big[max(r0, 0):max(r1, r0 + 1), max(c0, 0):max(c1, c0 + 1)] = grey

    for prim in layout.primitives():
        if isinstance(prim, Rect):
            fill(prim.x, prim.y, prim.x + prim.w, prim.y + prim.h, prim.grey)
        elif prim.x0 == prim.x1:
            fill(prim.x0 - prim.width / 2, prim.y0, prim.x0 + prim.width / 2, prim.y1, prim.grey)
        elif prim.y0 == prim.y1:
            fill(prim.x0, prim.y0 - prim.width / 2, prim.x1, prim.y0 + prim.width / 2, prim.grey)
        else:
            raise ValueError("render_mat draws only horizontal and vertical lines")
    img = cv2.resize(big, (w, h), interpolation=cv2.INTER_AREA) if ss > 1 else big
    return cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)


def mat_pdf(layout: MatLayout, *, title: str | None = None) -> bytes:
    """A one-page vector PDF of the mat at the exact paper size (1 mm = 72/25.4 pt)."""
    pt = 72.0 / 25.4
    page_w, page_h = layout.width_mm * pt, layout.height_mm * pt

    def fmt(v: float) -> str:
        return f"{v:.3f}".rstrip("0").rstrip(".")

    ops: list[str] = []
    for prim in layout.primitives():
        if isinstance(prim, Rect):
            ops.append(f"{fmt(prim.grey / 255)} g {fmt(prim.x * pt)} {fmt(page_h - (prim.y + prim.h) * pt)} "
                       f"{fmt(prim.w * pt)} {fmt(prim.h * pt)} re f")
        else:
            ops.append(f"{fmt(prim.grey / 255)} G {fmt(prim.width * pt)} w {fmt(prim.x0 * pt)} "
                       f"{fmt(page_h - prim.y0 * pt)} m {fmt(prim.x1 * pt)} {fmt(page_h - prim.y1 * pt)} l S")
    text = title or (f"Tile Companion play mat {layout.size} - markers "
                     f"{min(layout.markers)}-{max(layout.markers)} - print at 100% (actual size)")
    text = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    ops.append(f"BT /F1 7 Tf 0.45 g {fmt(layout.width_mm * pt / 2 - len(text) * 1.6)} "
               f"{fmt(4 * pt)} Td ({text}) Tj ET")
    content = zlib.compress("\n".join(ops).encode("latin-1"))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {fmt(page_w)} {fmt(page_h)}] "
         f"/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>").encode(),
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Title (Tile Companion play mat) /Producer (tile-companion) >>",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += (b"trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
            % (len(objects) + 1, len(objects), xref))
    return bytes(out)


# ------------------------------------------------------------------------------- detection


@dataclass(frozen=True)
class PatchSample:
    """What a neutral patch looks like in the photo.

    Attributes
    ----------
    bgr : mean colour (B, G, R) in 0-255 of the patch's inner part.
    std : per-channel standard deviation, same units.
    n : pixels averaged.
    """

    name: str
    grey: int
    bgr: tuple[float, float, float]
    std: tuple[float, float, float]
    n: int


@dataclass(frozen=True)
class MatView:
    """The mat found in a photo.

    Attributes
    ----------
    homography : (3, 3) float array mapping image pixels ``(x, y, 1)`` to mat millimetres.
    marker_ids : ids of the corner markers found (2 to 4 of them).
    marker_corners : dict id -> (4, 2) image pixels ``(x, y)`` of that marker's corners.
    patches : samples of the neutral patches that lie inside the photo.
    reprojection_px : RMS distance between the found marker corners and the layout's corners
        mapped into the image, in pixels (a quality figure).
    """

    size: str
    layout: MatLayout
    homography: np.ndarray
    marker_ids: tuple[int, ...]
    marker_corners: Mapping[int, np.ndarray]
    patches: tuple[PatchSample, ...]
    reprojection_px: float

    @property
    def image_from_mat(self) -> np.ndarray:
        """(3, 3) homography mat millimetres -> image pixels."""
        return np.linalg.inv(self.homography)

    def to_image(self, points_mm: np.ndarray) -> np.ndarray:
        """(N, 2) mat mm ``(x, y)`` -> (N, 2) image pixels ``(x, y)``."""
        pts = np.asarray(points_mm, dtype=np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, self.image_from_mat).reshape(-1, 2)

    def to_mat(self, points_px: np.ndarray) -> np.ndarray:
        """(N, 2) image pixels ``(x, y)`` -> (N, 2) mat mm ``(x, y)``."""
        pts = np.asarray(points_px, dtype=np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, self.homography).reshape(-1, 2)

    @property
    def gains_bgr(self) -> tuple[float, float, float] | None:
        """Per-channel gains that make the neutral patches grey (see :func:`neutral_gains`)."""
        return neutral_gains(self.patches)

    def to_dict(self) -> dict:
        return {"size": self.size, "marker_ids": list(self.marker_ids),
                "homography": self.homography.tolist(), "reprojection_px": self.reprojection_px,
                "patches": [{"name": p.name, "grey": p.grey, "bgr": list(p.bgr), "n": p.n}
                            for p in self.patches],
                "gains_bgr": None if self.gains_bgr is None else list(self.gains_bgr)}


def neutral_gains(patches: Iterable[PatchSample], *, saturated: float = 250.0,
                  min_level: float = 25.0) -> tuple[float, float, float] | None:
    """Linear-light white-balance gains ``(gb, gg, gr)`` from samples of neutral surfaces.

    Multiplying an image's *linear* BGR (``vision.colour.srgb_to_linear``) by the gains makes
    the patches grey, the convention of ``vision.colour.fit_gains``. Patches with a clipped
    channel (any mean above ``saturated`` of 255) or too dark (green below ``min_level``) are
    skipped. Each usable patch votes with ``mean(lin) / lin`` weighted by its brightness; the
    gains are normalised to a geometric mean of 1, so they change the colour of the light, not
    the exposure. ``None`` when no patch is usable.
    """
    votes, weights = [], []
    for p in patches:
        bgr = np.asarray(p.bgr, dtype=float)
        if bgr.max() > saturated or bgr[1] < min_level or bgr.min() <= 1:
            continue
        lin = np.asarray(srgb_to_linear(bgr / 255.0), dtype=float)
        votes.append(lin.mean() / lin)
        weights.append(lin.mean())
    if not votes:
        return None
    gains = np.exp(np.average(np.log(np.array(votes)), axis=0, weights=weights))
    gains /= np.exp(np.log(gains).mean())
    return tuple(float(g) for g in gains)  # type: ignore[return-value]


@lru_cache(maxsize=1)
def _marker_detector() -> "cv2.aruco.ArucoDetector":
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.adaptiveThreshWinSizeMax = 53
    params.adaptiveThreshWinSizeStep = 8
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(MARKER_DICT), params)


def detect_mat_markers(image: np.ndarray) -> dict[int, np.ndarray]:
    """All corner markers of any mat in ``image`` (BGR or grey): id -> (4, 2) corners ``(x, y)``.

    Ids that are not mat corner ids, and ids seen twice (ambiguous), are dropped.
    """
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    corners, ids, _ = _marker_detector().detectMarkers(grey)
    found: dict[int, np.ndarray] = {}
    if ids is None:
        return found
    valid = {MARKER_ID_BASE[s] + i for s in MARKER_ID_BASE for i in range(4)}
    seen: dict[int, int] = {}
    for c, i in zip(corners, ids.ravel()):
        seen[int(i)] = seen.get(int(i), 0) + 1
        found[int(i)] = np.asarray(c, dtype=np.float64).reshape(4, 2)
    return {i: c for i, c in found.items() if i in valid and seen[i] == 1}


def find_mat(image: np.ndarray, *, min_markers: int = 2) -> MatView | None:
    """Find the play mat in a photo.

    Parameters
    ----------
    image : (H, W, 3) uint8 BGR photo (or (H, W) grey; patches are then grey too).
    min_markers : fewest corner markers (of one paper size) needed; 2 markers give 8 points.

    Returns
    -------
    MatView or None
        ``None`` when fewer than ``min_markers`` markers of one mat are visible.
    """
    if image is None or image.ndim not in (2, 3) or image.size == 0:
        raise ValueError("find_mat needs an (H, W, 3) or (H, W) image")
    found = detect_mat_markers(image)
    if not found:
        return None
    by_size = {s: [i for i in found if MARKER_ID_BASE[s] <= i < MARKER_ID_BASE[s] + 4] for s in MARKER_ID_BASE}
    size = max(by_size, key=lambda s: len(by_size[s]))
    ids = sorted(by_size[size])
    if len(ids) < min_markers:
        logger.debug("mat markers %s: too few of one mat", sorted(found))
        return None
    layout = mat_layout(size)
    src = np.concatenate([found[i] for i in ids])
    dst = np.concatenate([layout.markers[i] for i in ids])
    homography, _ = cv2.findHomography(src, dst, 0)
    if homography is None or not np.isfinite(homography).all():
        return None
    inv = np.linalg.inv(homography)
    proj = cv2.perspectiveTransform(dst.reshape(-1, 1, 2), inv).reshape(-1, 2)
    rms = float(np.sqrt(np.mean(np.sum((proj - src) ** 2, axis=1))))
    side_px = np.mean([np.linalg.norm(found[i][0] - found[i][2]) for i in ids]) / np.sqrt(2)
    if rms > max(2.0, 0.1 * side_px):  # markers that do not lie on one plane mat
        logger.debug("mat markers %s inconsistent (rms %.1f px)", ids, rms)
        return None
    patches = tuple(p for p in (_sample_patch(image, inv, patch) for patch in layout.patches) if p)
    return MatView(size, layout, homography, tuple(ids), {i: found[i] for i in ids}, patches, rms)


def _sample_patch(image: np.ndarray, image_from_mat: np.ndarray, patch: Patch) -> PatchSample | None:
    r = patch.rect
    inset = 0.2
    quad = np.array([(r.x + inset * r.w, r.y + inset * r.h), (r.x + (1 - inset) * r.w, r.y + inset * r.h),
                     (r.x + (1 - inset) * r.w, r.y + (1 - inset) * r.h), (r.x + inset * r.w, r.y + (1 - inset) * r.h)])
    px = cv2.perspectiveTransform(quad.reshape(-1, 1, 2), image_from_mat).reshape(-1, 2)
    h, w = image.shape[:2]
    if (px < 0).any() or (px[:, 0] >= w).any() or (px[:, 1] >= h).any():
        return None
    x0, y0 = np.floor(px.min(axis=0)).astype(int)
    x1, y1 = np.ceil(px.max(axis=0)).astype(int) + 1
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillConvexPoly(mask, np.round(px - (x0, y0)).astype(np.int32), 1)
    crop = image[y0:y1, x0:x1]
    values = crop[mask > 0].reshape(-1, 1 if image.ndim == 2 else 3).astype(np.float64)
    if len(values) < 4:
        return None
    if values.shape[1] == 1:
        values = np.repeat(values, 3, axis=1)
    mean = values.mean(axis=0)
    std = values.std(axis=0)
    return PatchSample(patch.name, patch.grey, tuple(float(v) for v in mean),  # type: ignore[arg-type]
                       tuple(float(v) for v in std), int(len(values)))  # type: ignore[arg-type]


def rectify_mat(image: np.ndarray, view: MatView, *, px_per_mm: float = 2.0) -> np.ndarray:
    """Top-down image of the whole mat at ``px_per_mm``: ``(H_mm * s, W_mm * s, 3)`` BGR."""
    scale = np.diag([px_per_mm, px_per_mm, 1.0])
    size = (int(round(view.layout.width_mm * px_per_mm)), int(round(view.layout.height_mm * px_per_mm)))
    return cv2.warpPerspective(image, scale @ view.homography, size, flags=cv2.INTER_AREA)
