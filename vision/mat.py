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

:func:`find_mat` returns a :class:`MatView` with the homography from image pixels to mat
millimetres and the colour of each neutral patch, or ``None``. The reader calls
:func:`mat_prior` (a quick look first, so a photo without a mat costs ~15 ms), white-balances
with :func:`apply_white_balance` and fits the tiles' lattice on the exact top-down view with
:func:`mat_lattices`.
"""
from __future__ import annotations

import logging
import zlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Mapping

import cv2
import numpy as np

from vision.colour import linear_to_srgb, srgb_to_linear
from vision.lattice import jacobian

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
                  min_level: float = 25.0, max_std: float = 20.0, cast_tolerance: float = 0.12
                  ) -> tuple[float, float, float] | None:
    """Linear-light white-balance gains ``(gb, gg, gr)`` from samples of neutral surfaces.

    Multiplying an image's *linear* BGR (``vision.colour.srgb_to_linear``) by the gains makes
    the patches grey, the convention of ``vision.colour.fit_gains``. Patches with a clipped
    channel (any mean above ``saturated`` of 255) or too dark (green below ``min_level``) are
    skipped, and so are patches with something across them (a channel's spread above
    ``max_std``). With three or more patches, those whose cast (log gains) differs from the
    median by more than ``cast_tolerance`` in a channel, or whose level (against the patch's
    printed grey) is off by more than a factor 1.65, are dropped: a tile lying on a patch.
    Each usable patch votes with ``mean(lin) / lin`` weighted by its brightness; the
    gains are normalised to a geometric mean of 1, so they change the colour of the light, not
    the exposure. ``None`` when no patch is usable.
    """
    votes, weights, levels = [], [], []
    for p in patches:
        bgr = np.asarray(p.bgr, dtype=float)
        if bgr.max() > saturated or bgr[1] < min_level or bgr.min() <= 1:
            continue
        if max(p.std) > max_std:  # something lies across the patch
            continue
        lin = np.asarray(srgb_to_linear(bgr / 255.0), dtype=float)
        votes.append(lin.mean() / lin)
        weights.append(lin.mean())
        nominal = float(srgb_to_linear(np.array([p.grey / 255.0]))[0])
        levels.append(np.log(lin.mean() / max(nominal, 1e-6)))
    if not votes:
        return None
    log_votes = np.log(np.array(votes))
    if len(votes) >= 3:
        # a patch covered by a tile is not grey: keep the patches that agree with the majority on
        # the light's colour and (loosely) on the exposure
        cast = np.median(log_votes, axis=0)
        level = float(np.median(levels))
        ok = (np.abs(log_votes - cast).max(axis=1) < cast_tolerance) & (np.abs(np.array(levels) - level) < 0.5)
        if ok.sum() == 0:
            return None
        log_votes = log_votes[ok]
        weights = list(np.array(weights)[ok])
    gains = np.exp(np.average(log_votes, axis=0, weights=weights))
    gains /= np.exp(np.log(gains).mean())
    return tuple(float(g) for g in gains)  # type: ignore[return-value]


@lru_cache(maxsize=1)
def _marker_detector() -> "cv2.aruco.ArucoDetector":
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.adaptiveThreshWinSizeMax = 53
    params.adaptiveThreshWinSizeStep = 8
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(MARKER_DICT), params)


@lru_cache(maxsize=1)
def _quick_detector() -> "cv2.aruco.ArucoDetector":
    """Fewer threshold windows, no corner refinement: the reader's look on a reduced copy."""
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE
    params.adaptiveThreshWinSizeMin = QUICK_WINDOWS[0]
    params.adaptiveThreshWinSizeMax = QUICK_WINDOWS[1]
    params.adaptiveThreshWinSizeStep = QUICK_WINDOWS[2]
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(MARKER_DICT), params)


#: Adaptive-threshold windows (min, max, step) of the quick detection.
QUICK_WINDOWS = (23, 23, 10)


def detect_mat_markers(image: np.ndarray, *, quick: bool = False) -> dict[int, np.ndarray]:
    """All corner markers of any mat in ``image`` (BGR or grey): id -> (4, 2) corners ``(x, y)``.

    Ids that are not mat corner ids, and ids seen twice (ambiguous), are dropped. ``quick``
    tries fewer thresholds and leaves the corners unrefined (refine them afterwards).
    """
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    corners, ids, _ = (_quick_detector() if quick else _marker_detector()).detectMarkers(grey)
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
    return _view_from_markers(image, detect_mat_markers(image), min_markers)


def _view_from_markers(image: np.ndarray, found: Mapping[int, np.ndarray], min_markers: int
                       ) -> MatView | None:
    """The :class:`MatView` from detected corner markers (id -> (4, 2) image corners)."""
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


# ------------------------------------------------------------------------------- the reader's prior

#: Longest side (pixels) of the grey copy the markers are first looked for on.
DETECT_SIDE = 1000
#: Top-down view the lattice is fitted on: pixels per millimetre.
FIT_PX_PER_MM = 1.0
#: Weakest edge (Sobel of CIELAB L, at FIT_PX_PER_MM) used to fit the lattice.
MIN_EDGE = 20.0


@dataclass(frozen=True)
class MatPrior:
    """What the reader gets from a mat in the photo.

    Attributes
    ----------
    view : the :class:`MatView` (markers, patches, quality).
    mm_from_image : (3, 3) homography image pixels ``(x, y, 1)`` -> mat millimetres.
    image_from_mm : (3, 3) its inverse.
    gains_bgr : linear-light white-balance gains from the neutral patches (``None`` when no
        patch was usable); apply with :func:`apply_white_balance`.
    px_per_mm : image pixels per millimetre at the mat's centre (geometric mean of both axes).
    """

    view: MatView
    mm_from_image: np.ndarray
    image_from_mm: np.ndarray
    gains_bgr: tuple[float, float, float] | None
    px_per_mm: float

    def to_mm(self, points_px: np.ndarray) -> np.ndarray:
        """(N, 2) image pixels ``(x, y)`` -> (N, 2) mat millimetres ``(x, y)``."""
        return self.view.to_mat(points_px)

    def to_image(self, points_mm: np.ndarray) -> np.ndarray:
        """(N, 2) mat millimetres ``(x, y)`` -> (N, 2) image pixels ``(x, y)``."""
        return self.view.to_image(points_mm)

    def top_down(self, image: np.ndarray, *, px_per_mm: float = 2.0,
                 region_mm: tuple[float, float, float, float] | None = None
                 ) -> tuple[np.ndarray, np.ndarray]:
        """An exact top-down view of the mat's plane.

        Parameters
        ----------
        image : (H, W[, 3]) the photo the prior was found on (or one of the same geometry).
        region_mm : ``(x0, y0, x1, y1)`` in mat millimetres; default the whole page.

        Returns
        -------
        (view, image_from_view): the view ``(round((y1-y0)*s), round((x1-x0)*s)[, 3])`` and the
        (3, 3) homography from view pixels ``(x, y, 1)`` to image pixels. Outside the photo
        the view is black.
        """
        x0, y0, x1, y1 = region_mm or (0.0, 0.0, self.view.layout.width_mm, self.view.layout.height_mm)
        view_from_mm = np.array([[px_per_mm, 0, -x0 * px_per_mm], [0, px_per_mm, -y0 * px_per_mm], [0, 0, 1.0]])
        M = view_from_mm @ self.mm_from_image
        size = (max(1, int(round((x1 - x0) * px_per_mm))), max(1, int(round((y1 - y0) * px_per_mm))))
        out = cv2.warpPerspective(image, M, size, flags=cv2.INTER_AREA if px_per_mm < self.px_per_mm
                                  else cv2.INTER_LINEAR, borderValue=0)
        return out, np.linalg.inv(M)

    def to_dict(self) -> dict:
        return {**self.view.to_dict(), "px_per_mm": round(self.px_per_mm, 4)}


def mat_prior(image: np.ndarray, *, min_markers: int = 2) -> MatPrior | None:
    """Find the play mat for the reader: the exact homography to mat millimetres and the light.

    Markers are looked for on a grey copy of at most :data:`DETECT_SIDE` pixels a side with one
    threshold window (cheap when there is no mat: about 15 ms for a 3 MP photo), with all the
    windows when some but not all four markers show, and the corners found are refined on the
    full image.

    Parameters
    ----------
    image : (H, W, 3) uint8 BGR photo.
    min_markers : fewest corner markers of one mat (2 give the 8 points of a homography).

    Returns
    -------
    MatPrior or None
        ``None`` when no mat (or fewer than ``min_markers`` markers, or markers that do not lie
        on one plane) is seen.
    """
    if image is None or image.ndim not in (2, 3) or image.size == 0:
        raise ValueError("mat_prior needs an (H, W, 3) or (H, W) image")
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    h, w = grey.shape
    s = min(1.0, DETECT_SIDE / max(h, w))
    small = grey if s >= 1.0 else cv2.resize(grey, (round(w * s), round(h * s)), interpolation=cv2.INTER_AREA)
    found = detect_mat_markers(small, quick=True)
    if 0 < len(found) < 4:  # a mat is there: look harder (more markers, a better homography)
        found = {**detect_mat_markers(small), **found}
    if len(found) < min_markers:
        return None
    if s < 1.0:
        pts = np.concatenate([c for c in found.values()]) / s + (0.5 / s - 0.5)
        win = int(max(2, min(8, round(1.5 / s))))
        pts = cv2.cornerSubPix(grey, pts.astype(np.float32).reshape(-1, 1, 2), (win, win), (-1, -1),
                               (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.01)).reshape(-1, 2)
        found = {i: pts[4 * k: 4 * k + 4].astype(np.float64) for k, i in enumerate(found)}
    view = _view_from_markers(image, found, min_markers)
    if view is None:
        return None
    centre = np.array([[view.layout.width_mm / 2, view.layout.height_mm / 2]])
    J = jacobian(view.image_from_mat, tuple(centre[0]))
    px_per_mm = float(np.sqrt(abs(np.linalg.det(J))))
    return MatPrior(view, view.homography.copy(), view.image_from_mat, view.gains_bgr, px_per_mm)


def apply_white_balance(image: np.ndarray, gains_bgr: Iterable[float]) -> np.ndarray:
    """Multiply a BGR uint8 image's linear light by ``gains_bgr`` (one lookup table per channel).

    Parameters
    ----------
    image : (H, W, 3) uint8 BGR.
    gains_bgr : three gains for linear B, G, R (``vision.colour.fit_gains`` convention).

    Returns
    -------
    (H, W, 3) uint8 BGR, a new array; values that would exceed 255 are clipped.
    """
    gains = [float(g) for g in gains_bgr]
    if len(gains) != 3 or not all(np.isfinite(gains)) or min(gains) <= 0:
        raise ValueError(f"white-balance gains must be three positive numbers, not {gains_bgr!r}")
    lut = np.asarray(srgb_to_linear(np.arange(256, dtype=np.float64) / 255.0), np.float64)
    tables = []
    for g in gains:
        out = np.asarray(linear_to_srgb(np.clip(lut * g, 0, 1)), np.float64)
        tables.append(np.clip(out * 255 + 0.5, 0, 255).astype(np.uint8))
    return cv2.merge([cv2.LUT(image[..., c], tables[c]) for c in range(3)])


# ------------------------------------------------------------------------------- lattice on the mat


def _paper_lab(lab: np.ndarray, page: np.ndarray) -> np.ndarray:
    """CIELAB ``(3,)`` of the mat's paper in a top-down view: the median of the bright, nearly
    neutral pixels of the page (``page`` (h, w) bool; patches may be covered by tiles, so the
    paper itself is measured)."""
    px = lab[page]
    if len(px) < 50:
        return np.array([95.0, 0.0, 0.0], np.float32)
    ab = np.median(px[px[:, 0] >= np.percentile(px[:, 0], 50), 1:], axis=0)
    near = np.hypot(px[:, 1] - ab[0], px[:, 2] - ab[1]) < 10.0
    px = px[near] if near.sum() >= 50 else px
    bright = px[px[:, 0] >= np.percentile(px[:, 0], 40)]
    return np.median(bright, axis=0).astype(np.float32)


def _fold(profile: np.ndarray, bin_mm: float, pitch: float, nbins: int = 96) -> tuple[float, float]:
    """Fold an edge-energy profile (bins of ``bin_mm`` from 0) modulo ``pitch`` mm.

    Returns ``(contrast, phase_mm)``: how much of the energy lies within +-1.5 mm of the
    folded peak compared with an even spread, and where that peak is (0 <= phase < pitch).
    """
    pos = (np.arange(len(profile)) + 0.5) * bin_mm
    idx = np.floor((pos % pitch) / pitch * nbins).astype(int) % nbins
    folded = np.bincount(idx, weights=profile, minlength=nbins)
    folded = (folded + 0.5 * np.roll(folded, 1) + 0.5 * np.roll(folded, -1)) / 2.0
    k = int(np.argmax(folded))
    a, b, c = folded[(k - 1) % nbins], folded[k], folded[(k + 1) % nbins]
    den = a - 2 * b + c
    off = 0.5 * (a - c) / den if den < 0 else 0.0
    phase = ((k + 0.5 + off) / nbins * pitch) % pitch
    half = max(1, int(round(1.5 / pitch * nbins)))
    near = sum(folded[(k + d) % nbins] for d in range(-half, half + 1))
    total = folded.sum()
    if total <= 0:
        return 0.0, 0.0
    return float(near / total / ((2 * half + 1) / nbins)), float(phase)


def _best_pitch(profile: np.ndarray, bin_mm: float, lo: float, hi: float, step: float = 0.1
                ) -> tuple[float, float, float]:
    """(contrast, pitch_mm, phase_mm) of the most periodic pitch in ``[lo, hi]``."""
    best = (0.0, lo, 0.0)
    for p in np.arange(lo, hi + 1e-9, step):
        contrast, phase = _fold(profile, bin_mm, float(p))
        if contrast > best[0]:
            best = (contrast, float(p), phase)
    return best


def mat_lattices(image: np.ndarray, prior: MatPrior, *, tile_mm: tuple[float, float],
                 diagonal: bool = False, min_contrast: float = 2.0) -> list:
    """The lattice of the tiles lying on the mat, fitted on the exact top-down view.

    The mat gives the scale (1 pixel per millimetre here) and removes the perspective, so the
    tiles' outlines are straight, parallel and evenly spaced: their direction is the peak of
    the edge directions (modulo 90 degrees) near the tiles, and on each axis the pitch (within
    the kit's tile size and some gap) and phase are those that fold the edge energy onto one
    sharp peak. The tiles are what differs from the mat's paper inside the play area.

    Parameters
    ----------
    image : (H, W, 3) uint8 BGR photo, white-balanced with the prior's gains or not.
    prior : from :func:`mat_prior` on that photo.
    tile_mm : the kit's tile ``(width, height)`` in millimetres (sets the pitch search).
    diagonal : the straight lines are the cells' diagonals (X-shaped tiles: their grooves, on
        square cells of ``min(tile_mm)``); the groove lattice is fitted and both cell lattices
        behind it are returned (``vision.locate.diagonal_variants``).
    min_contrast : weakest folded-peak contrast accepted on each axis.

    Returns
    -------
    list of ``vision.locate.Lattice``
        Zero or one lattice (two with ``diagonal``; ``info["source"] == "mat"``), quarter-turned so rows grow down
        the picture, with a one-cell ring around the tiles; ``fg`` is the tiles' mask at the
        reader's work scale.
    """
    from vision.locate import WORK_PIXELS, Lattice

    s = FIT_PX_PER_MM
    layout = prior.view.layout
    h, w = image.shape[:2]
    corners = prior.to_mm(np.array([[0, 0], [w, 0], [w, h], [0, h]], float))
    margin = 2.0 * max(tile_mm)
    x0 = max(float(corners[:, 0].min()), -margin)
    y0 = max(float(corners[:, 1].min()), -margin)
    x1 = min(float(corners[:, 0].max()), layout.width_mm + margin)
    y1 = min(float(corners[:, 1].max()), layout.height_mm + margin)
    if x1 - x0 < 2 * min(tile_mm) or y1 - y0 < 2 * min(tile_mm):
        return []
    td, image_from_td = prior.top_down(image, px_per_mm=s, region_mm=(x0, y0, x1, y1))
    th, tw = td.shape[:2]
    inside = cv2.warpPerspective(np.full((h, w), 255, np.uint8), np.linalg.inv(image_from_td), (tw, th),
                                 flags=cv2.INTER_NEAREST) > 0
    inside = cv2.erode(inside.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    # uint8 CIELAB (L scaled by 255/100, a and b offset by 128) is close enough for a threshold
    lab = cv2.cvtColor(td, cv2.COLOR_BGR2Lab).astype(np.float32)
    lab[..., 0] *= 100.0 / 255.0
    lab[..., 1:] -= 128.0
    page = np.zeros((th, tw), np.uint8)
    cv2.rectangle(page, (int(round((1.5 - x0) * s)), int(round((1.5 - y0) * s))),
                  (int(round((layout.width_mm - 1.5 - x0) * s)), int(round((layout.height_mm - 1.5 - y0) * s))),
                  1, thickness=-1)
    on_page = (page > 0) & inside
    paper = _paper_lab(lab, on_page)
    # the paper's brightness varies with the light over the mat: compare each pixel with the
    # paper-like pixels around it (neutral and bright), smoothed over a few tiles
    chroma = np.hypot(lab[..., 1] - paper[1], lab[..., 2] - paper[2])
    paperish = (on_page & (chroma < 8.0) & (lab[..., 0] > paper[0] - 25.0)).astype(np.float32)
    sigma = 1.5 * max(tile_mm) * s
    num = cv2.GaussianBlur(lab[..., 0] * paperish, (0, 0), sigma)
    den = cv2.GaussianBlur(paperish, (0, 0), sigma)
    paper_l = np.where(den > 1e-3, num / np.maximum(den, 1e-6), paper[0])
    fg = ((chroma > 12.0) | (lab[..., 0] < paper_l - 15.0)) & on_page
    # markers, patches and the page's edge are printed, not tiles (and their straight edges
    # would outvote the tiles' on the direction and period)
    printed = np.zeros((th, tw), bool)
    for rect in [Rect(*(c.min(axis=0)), *(np.ptp(c, axis=0))) for c in layout.markers.values()] + \
            [p.rect for p in layout.patches]:
        printed[max(0, int((rect.y - y0 - 3) * s)):max(0, int((rect.y + rect.h - y0 + 3) * s)),
                max(0, int((rect.x - x0 - 3) * s)):max(0, int((rect.x + rect.w - x0 + 3) * s))] = True
    page_in = cv2.erode(page, np.ones((9, 9), np.uint8)) > 0
    page_out = cv2.dilate(page, np.ones((9, 9), np.uint8)) > 0
    printed |= page_out & ~page_in
    # off the mat, the reader's own foreground (colours rare at the photo's border) finds the
    # tiles that lie beyond the paper
    from vision.locate import foreground_mask, work_copy

    work, work_s = work_copy(image)
    fg_work_reader = foreground_mask(work).astype(np.uint8)
    td_from_work = np.linalg.inv(image_from_td) @ np.diag([1 / work_s, 1 / work_s, 1.0])
    off = cv2.warpPerspective(fg_work_reader, td_from_work, (tw, th), flags=cv2.INTER_NEAREST) > 0
    fg = (fg & page_in) | (off & ~page_out & inside)
    fg &= ~printed
    fg_u8 = cv2.morphologyEx(fg.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    fg_u8 = cv2.morphologyEx(fg_u8, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    # (tiles are joined across the page's edge band for telling which touch the play area)
    joined = cv2.morphologyEx(fg_u8, cv2.MORPH_CLOSE, np.ones((13, 13), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
    pa = layout.play_area
    play = np.zeros_like(fg_u8)
    play[max(0, int((pa.y - y0) * s)):max(0, int((pa.y + pa.h - y0) * s)),
         max(0, int((pa.x - x0) * s)):max(0, int((pa.x + pa.w - x0) * s))] = 1
    tile_area = tile_mm[0] * tile_mm[1] * s * s
    keep = np.zeros(n, bool)
    keep[np.unique(labels[play > 0])] = True
    keep &= stats[:, cv2.CC_STAT_AREA] >= 0.3 * tile_area
    keep[0] = False
    fg = keep[labels] & (fg_u8 > 0)
    if fg.sum() < 0.8 * tile_area:
        logger.debug("mat lattice: no tiles on the mat")
        return []
    # edge directions near the tiles
    grey = cv2.GaussianBlur(lab[..., 0], (0, 0), 0.8)
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)
    near = cv2.dilate(fg.astype(np.uint8), np.ones((7, 7), np.uint8)) > 0
    # (the mat's faint grid gives gradients below 8 L units per pixel; tile edges far more)
    mag = np.hypot(gx, gy) * near
    mag[(mag < MIN_EDGE) | printed] = 0.0
    sel = mag > 0
    if sel.sum() < 20:
        return []
    ang = np.mod(np.arctan2(gy[sel], gx[sel]), np.pi / 2)
    nb = 360
    hist = np.bincount((ang / (np.pi / 2) * nb).astype(int) % nb, weights=mag[sel], minlength=nb)
    hist = np.real(np.fft.ifft(np.fft.fft(hist) * np.fft.fft(np.exp(-0.5 * (np.minimum(np.arange(nb), nb - np.arange(nb)) / 3.0) ** 2))))
    k = int(np.argmax(hist))
    a, b, c = hist[(k - 1) % nb], hist[k], hist[(k + 1) % nb]
    den = a - 2 * b + c
    theta = ((k + 0.5 + (0.5 * (a - c) / den if den < 0 else 0.0)) / nb) * (np.pi / 2)
    # tiles lie a little askew each: the layout's direction is the mean of the edge directions
    # near the peak (a four-fold circular mean), not the peak of the sharpest few
    d = np.angle(np.exp(4j * (ang - theta))) / 4
    near_peak = np.abs(d) < np.radians(6.0)
    if near_peak.sum() >= 10:
        w_ = mag[sel][near_peak]
        theta = theta + float(np.angle(np.sum(w_ * np.exp(4j * d[near_peak])))) / 4
    ys, xs = np.nonzero(mag > 0)
    gxs, gys, m = gx[ys, xs], gy[ys, xs], mag[ys, xs]
    if diagonal:  # grooves x - y = i and x + y = j lie half a cell diagonal apart
        lo, hi = 0.92 * min(tile_mm) / np.sqrt(2), 1.12 * min(tile_mm) / np.sqrt(2)
    else:
        lo, hi = 0.92 * min(tile_mm), 1.12 * max(tile_mm)

    def fit_axes(th: float, step: float) -> list[tuple[float, float, float]]:
        out = []
        for e in (np.array([np.cos(th), np.sin(th)]), np.array([-np.sin(th), np.cos(th)])):
            pos = (xs * e[0] + ys * e[1]) / s
            along = np.abs(gxs * e[0] + gys * e[1])
            energy = along * (along > 0.5 * m)
            off = float(pos.min())
            prof = np.bincount(((pos - off) / 0.25).astype(int), weights=energy)
            contrast, pitch, phase = _best_pitch(prof, 0.25, lo, hi, step)
            out.append((contrast, pitch, (phase + off) % pitch))
        return out

    # the direction that makes the edges most periodic, near the edge directions' mean
    # (a direction off by a degree or two smears the fold over a big layout)
    best_th, best_c = theta, -1.0
    for dth in np.radians(np.arange(-3.0, 3.01, 0.5)):
        f = fit_axes(theta + dth, 0.3)
        if f[0][0] + f[1][0] > best_c:
            best_th, best_c = theta + dth, f[0][0] + f[1][0]
    theta = best_th
    eu = np.array([np.cos(theta), np.sin(theta)])
    ev = np.array([-np.sin(theta), np.cos(theta)])
    fits = fit_axes(theta, 0.1)
    if min(f[0] for f in fits) < min_contrast:
        logger.debug("mat lattice: no clear period (contrast %.2f, %.2f)", fits[0][0], fits[1][0])
        return []
    (cu, pu, phu), (cv_, pv, phv) = fits
    # lattice (x, y) -> top-down pixels
    origin = (phu * eu + phv * ev) * s
    H_td = np.array([[eu[0] * pu * s, ev[0] * pv * s, origin[0]],
                     [eu[1] * pu * s, ev[1] * pv * s, origin[1]], [0, 0, 1.0]])
    # cells covered by the tiles
    fy, fx = np.nonzero(fg)
    lat_pts = cv2.perspectiveTransform(np.column_stack([fx, fy]).astype(np.float64).reshape(-1, 1, 2) + 0.5,
                                       np.linalg.inv(H_td)).reshape(-1, 2)
    cells = np.floor(lat_pts).astype(int)
    cmin = cells.min(axis=0)
    counts = np.zeros(tuple(cells.max(axis=0) - cmin + 1)[::-1], float)
    np.add.at(counts, (cells[:, 1] - cmin[1], cells[:, 0] - cmin[0]), 1.0)
    cover = counts / (pu * pv * s * s)
    tiles = np.argwhere(cover > 0.35)
    if len(tiles) == 0:
        return []
    r_lo, c_lo = tiles.min(axis=0) + cmin[::-1] - 1
    r_hi, c_hi = tiles.max(axis=0) + cmin[::-1] + 1
    touched = cover[cover > 0.1]
    partial = float(np.mean(2.0 * np.minimum(touched, 1.0 - np.minimum(touched, 1.0))))
    H_img = image_from_td @ H_td
    # quarter turn: lattice +x to the right of the picture, +y down it
    centre = np.array([(c_lo + c_hi + 1) / 2, (r_lo + r_hi + 1) / 2], float)
    J = jacobian(H_img, tuple(centre))
    best_k, best_score = 0, -9.0
    turns = [np.array([[1, 0], [0, 1]]), np.array([[0, -1], [1, 0]]), np.array([[-1, 0], [0, -1]]),
             np.array([[0, 1], [-1, 0]])]
    for kk, R in enumerate(turns):
        Ji = J @ R.T  # new lattice = R @ old: d img / d new = J R^-1
        ax = Ji[:, 0] / (np.linalg.norm(Ji[:, 0]) + 1e-12)
        ay = Ji[:, 1] / (np.linalg.norm(Ji[:, 1]) + 1e-12)
        if ax[0] + ay[1] > best_score:
            best_k, best_score = kk, ax[0] + ay[1]
    R = turns[best_k]
    T = np.eye(3)
    T[:2, :2] = R
    H_img = H_img @ np.linalg.inv(T)
    box = (R @ np.array([[c_lo, r_lo], [c_hi + 1, r_hi + 1]], float).T).T
    nx0, nx1 = sorted(np.round(box[:, 0]).astype(int))
    ny0, ny1 = sorted(np.round(box[:, 1]).astype(int))
    H_img = H_img / H_img[2, 2]
    Jc = jacobian(H_img, ((nx0 + nx1) / 2, (ny0 + ny1) / 2))
    pitch_px = float(np.sqrt(abs(np.linalg.det(Jc))))
    work_scale = min(1.0, float(np.sqrt(WORK_PIXELS / float(h * w))))
    ww, wh = max(1, round(w * work_scale)), max(1, round(h * work_scale))
    S = np.diag([work_scale, work_scale, 1.0])
    fg_work = cv2.warpPerspective(fg.astype(np.uint8), S @ image_from_td, (ww, wh), flags=cv2.INTER_NEAREST) > 0
    lat = Lattice(H=H_img, rows=(int(ny0), int(ny1) - 1), cols=(int(nx0), int(nx1) - 1), pitch_px=pitch_px,
                  strength=float(min(1.0, min(cu, cv_) / 6.0)), work_scale=work_scale,
                  info={"source": "mat", "partial": partial, "pitch_mm": (round(pu, 2), round(pv, 2)),
                        "angle_deg": round(float(np.degrees(theta)), 2),
                        "contrast": (round(cu, 2), round(cv_, 2))},
                  fg=fg_work)
    logger.debug("mat lattice: pitch %.1f x %.1f mm at %.1f deg, contrast %.1f/%.1f, %s x %s cells",
                 pu, pv, np.degrees(theta), cu, cv_, lat.rows, lat.cols)
    if diagonal:
        from vision.locate import diagonal_variants

        return diagonal_variants(lat)
    return [lat]
