"""Camera (lens) models: calibration from ChArUco views and undistortion of photos.

A camera profile is a JSON object::

    {"format": "tile-companion-camera", "version": 1,
     "image_size": [W, H],                      # pixels of the calibration photos
     "camera_matrix": [[fx, 0, cx], [0, fy, cy], [0, 0, 1]],
     "dist_coeffs": [k1, k2, p1, p2, k3],       # OpenCV's pinhole model
     "rms_px": 0.4, "views": 12, "board": {...}, "created": "2026-11-22T13:00:00Z"}

:func:`undistort` is what the reader calls when it is given a camera; a photo of another size
with the same aspect ratio (a resized photo) is handled by scaling the camera matrix.
Images are BGR ``uint8`` ``(H, W, 3)``; points are ``(x, y)`` pixels.
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

import cv2
import numpy as np

from vision.errors import VisionError
from vision.mat import CharucoSpec, mat_layout

logger = logging.getLogger(__name__)

FORMAT = "tile-companion-camera"
FORMAT_VERSION = 1
MIN_VIEWS = 4
MIN_CORNERS = 8


class CameraError(VisionError, ValueError):
    """A camera profile is malformed, or calibration could not be done; the message says why.

    A :class:`vision.errors.VisionError` (code ``"bad-camera"``), so the reader's callers report
    it like any other bad input."""

    code = "bad-camera"


@dataclass(frozen=True)
class CameraModel:
    """A validated pinhole camera with radial/tangential distortion.

    Attributes
    ----------
    matrix : (3, 3) float64 camera matrix for images of ``image_size``.
    dist : (5,) float64 ``k1, k2, p1, p2, k3``.
    image_size : ``(width, height)`` in pixels.
    """

    matrix: np.ndarray
    dist: np.ndarray
    image_size: tuple[int, int]
    rms_px: float | None = None
    views: int | None = None

    @property
    def focal_px(self) -> tuple[float, float]:
        return float(self.matrix[0, 0]), float(self.matrix[1, 1])

    def scaled_to(self, size: tuple[int, int]) -> "CameraModel":
        """The same lens for photos resized to ``size`` ``(width, height)``.

        Raises
        ------
        CameraError
            When ``size`` is not a uniform rescale (same aspect ratio, 1% tolerance) of
            ``image_size``, nor that rescale turned by a quarter turn.
        """
        w0, h0 = self.image_size
        w, h = size
        if (w, h) == (w0, h0):
            return self
        sx, sy = w / w0, h / h0
        if abs(sx - sy) > 0.01 * max(sx, sy):
            raise CameraError(f"the photo is {w}x{h} pixels but the camera profile was made for "
                              f"{w0}x{h0} pixels (another aspect ratio: another camera or a crop?)")
        m = self.matrix.copy()
        m[0, :] *= sx
        m[1, :] *= sy
        return CameraModel(m, self.dist, (w, h), self.rms_px, self.views)

    def to_dict(self, *, board: Mapping[str, Any] | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT, "version": FORMAT_VERSION,
            "image_size": list(self.image_size),
            "camera_matrix": [[float(v) for v in row] for row in self.matrix],
            "dist_coeffs": [float(v) for v in self.dist],
        }
        if self.rms_px is not None:
            out["rms_px"] = float(self.rms_px)
        if self.views is not None:
            out["views"] = int(self.views)
        if board is not None:
            out["board"] = dict(board)
        out["created"] = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        return out


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def camera_from_dict(data: Any) -> CameraModel:
    """Validate a camera profile (see the module docstring) and build a :class:`CameraModel`.

    Raises
    ------
    CameraError
        With a message naming the first problem found.
    """
    if isinstance(data, CameraModel):
        return data
    if not isinstance(data, Mapping):
        raise CameraError("a camera profile must be a JSON object")
    if data.get("format") != FORMAT:
        raise CameraError(f"not a camera profile: 'format' must be {FORMAT!r}, "
                          f"not {data.get('format')!r}")
    if data.get("version") != FORMAT_VERSION:
        raise CameraError(f"unsupported camera profile version {data.get('version')!r} "
                          f"(this program reads version {FORMAT_VERSION})")
    size = data.get("image_size")
    if (not isinstance(size, list) or len(size) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 < v <= 100_000 for v in size)):
        raise CameraError("camera profile: 'image_size' must be [width, height] in pixels")
    m = data.get("camera_matrix")
    if (not isinstance(m, list) or len(m) != 3
            or not all(isinstance(r, list) and len(r) == 3 and all(_number(v) for v in r) for r in m)):
        raise CameraError("camera profile: 'camera_matrix' must be a 3x3 list of numbers")
    matrix = np.array(m, dtype=np.float64)
    if not (matrix[0, 0] > 0 and matrix[1, 1] > 0 and matrix[2, 2] == 1
            and matrix[1, 0] == 0 and matrix[2, 0] == 0 and matrix[2, 1] == 0):
        raise CameraError("camera profile: 'camera_matrix' must be [[fx, s, cx], [0, fy, cy], [0, 0, 1]] "
                          "with positive focal lengths")
    d = data.get("dist_coeffs")
    if not isinstance(d, list) or len(d) not in (4, 5, 8) or not all(_number(v) for v in d):
        raise CameraError("camera profile: 'dist_coeffs' must list 4, 5 or 8 numbers")
    dist = np.zeros(5 if len(d) < 8 else 8)
    dist[: len(d)] = d
    if np.abs(dist).max() > 100:
        raise CameraError("camera profile: 'dist_coeffs' are out of range")
    rms = data.get("rms_px")
    views = data.get("views")
    return CameraModel(matrix, dist, (size[0], size[1]),
                       float(rms) if _number(rms) else None,
                       int(views) if isinstance(views, int) and not isinstance(views, bool) else None)


@lru_cache(maxsize=4)
def _maps(key: tuple) -> tuple[np.ndarray, np.ndarray]:
    matrix = np.array(key[0]).reshape(3, 3)
    dist = np.array(key[1])
    w, h = key[2]
    return cv2.initUndistortRectifyMap(matrix, dist, None, matrix, (w, h), cv2.CV_16SC2)


def undistort(image: np.ndarray, camera: Mapping[str, Any] | CameraModel) -> np.ndarray:
    """Remove lens distortion from a photo.

    Parameters
    ----------
    image : (H, W, 3) or (H, W) uint8 photo taken with ``camera``.
    camera : a camera profile (dict) or :class:`CameraModel`.

    Returns
    -------
    ndarray
        Same shape and dtype; the camera matrix is kept (a point's scale barely changes), so
        pixels near the borders that have no source are black.

    Raises
    ------
    CameraError
        On an invalid profile or a photo whose shape does not fit the camera.
    """
    model = camera_from_dict(camera).scaled_to((image.shape[1], image.shape[0]))
    if not np.any(model.dist):
        return image
    key = (tuple(model.matrix.ravel()), tuple(model.dist), model.image_size)
    map1, map2 = _maps(key)
    return cv2.remap(image, map1, map2, interpolation=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)


def undistort_points(points: np.ndarray, camera: Mapping[str, Any] | CameraModel,
                     image_size: tuple[int, int]) -> np.ndarray:
    """(N, 2) distorted pixel ``(x, y)`` -> (N, 2) undistorted pixels (same camera matrix)."""
    model = camera_from_dict(camera).scaled_to(image_size)
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 1, 2)
    return cv2.undistortPoints(pts, model.matrix, model.dist, P=model.matrix).reshape(-1, 2)


# --------------------------------------------------------------------------- calibration


def default_charuco(size: str = "A4") -> CharucoSpec:
    """The ChArUco field printed by ``tile-companion mat --charuco --size SIZE``."""
    spec = mat_layout(size, charuco=True).charuco
    assert spec is not None
    return spec


def charuco_from_dict(data: Mapping[str, Any]) -> CharucoSpec:
    """A :class:`CharucoSpec` from ``{"squares": [c, r], "square_mm", "marker_mm"}``."""
    try:
        cols, rows = (int(v) for v in data["squares"])
        square, marker = float(data["square_mm"]), float(data["marker_mm"])
    except (KeyError, TypeError, ValueError):
        raise CameraError("a ChArUco board needs 'squares' [cols, rows], 'square_mm' and 'marker_mm'") from None
    if not (2 <= cols <= 40 and 2 <= rows <= 40 and 0 < marker < square):
        raise CameraError("ChArUco board out of range: 2-40 squares each way, 0 < marker_mm < square_mm")
    origin = tuple(float(v) for v in data.get("origin_mm", (0.0, 0.0)))
    return CharucoSpec((cols, rows), square, marker, origin)  # type: ignore[arg-type]


@dataclass(frozen=True)
class CharucoView:
    """ChArUco corners found in one photo: ``object_mm`` (N, 3) and ``image_px`` (N, 2)."""

    object_mm: np.ndarray
    image_px: np.ndarray
    corner_ids: np.ndarray


def detect_charuco(image: np.ndarray, spec: CharucoSpec) -> CharucoView | None:
    """Find the ChArUco corners of ``spec`` in a photo; ``None`` with fewer than MIN_CORNERS."""
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    board = spec.board()
    detector = cv2.aruco.CharucoDetector(board)
    corners, ids, _, _ = detector.detectBoard(grey)
    if ids is None or len(ids) < MIN_CORNERS:
        return None
    obj, img = board.matchImagePoints(corners, ids)
    obj = np.asarray(obj, np.float64).reshape(-1, 3)
    img = np.asarray(img, np.float64).reshape(-1, 2)
    if board.checkCharucoCornersCollinear(ids):
        return None
    return CharucoView(obj, img, np.asarray(ids).ravel())


def calibrate_camera(images: Sequence[np.ndarray] | Iterable[np.ndarray], spec: CharucoSpec, *,
                     fix_k3: bool = True) -> tuple[CameraModel, list[int]]:
    """Calibrate a camera from photos of a ChArUco field.

    Parameters
    ----------
    images : photos, all of the same size, each (H, W, 3) or (H, W) uint8.
    spec : the ChArUco field photographed.
    fix_k3 : keep ``k3`` at 0 (steadier with few views of a flat target).

    Returns
    -------
    (CameraModel, used)
        The model and the indices of the photos in which the field was found.

    Raises
    ------
    CameraError
        Mixed image sizes, or the field found in fewer than MIN_VIEWS photos.
    """
    obj_pts, img_pts, used = [], [], []
    size: tuple[int, int] | None = None
    for i, image in enumerate(images):
        this = (image.shape[1], image.shape[0])
        if size is None:
            size = this
        elif this != size:
            raise CameraError(f"photo {i + 1} is {this[0]}x{this[1]} pixels, the first is "
                              f"{size[0]}x{size[1]}: calibrate with photos of one camera setting")
        view = detect_charuco(image, spec)
        if view is None:
            logger.info("photo %d: ChArUco field not found", i + 1)
            continue
        obj_pts.append(view.object_mm.astype(np.float32))
        img_pts.append(view.image_px.astype(np.float32))
        used.append(i)
    if size is None or len(used) < MIN_VIEWS:
        raise CameraError(f"the ChArUco field was found in {len(used)} photo(s); at least {MIN_VIEWS} "
                          "views from different angles are needed")
    flags = cv2.CALIB_FIX_K3 if fix_k3 else 0
    rms, matrix, dist, _, _ = cv2.calibrateCamera(obj_pts, img_pts, size, None, None, flags=flags)
    dist = np.asarray(dist, np.float64).ravel()[:5]
    if dist.size < 5:
        dist = np.pad(dist, (0, 5 - dist.size))
    return CameraModel(np.asarray(matrix, np.float64), dist, size, float(rms), len(used)), used
