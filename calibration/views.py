"""Synthetic photos of a flat target (the play mat, a ChArUco field) through a known camera.

Used to measure mat detection and lens calibration against ground truth: a plane texture is
projected through a pinhole camera with distortion by exact per-pixel ray casting
(``cv2.undistortPoints`` of every output pixel, then the plane homography), supersampled, with
optional light colour, shading, noise, blur and JPEG compression.

World frame: the plane is ``Z = 0`` with ``(X, Y)`` in millimetres (x right, y down on the
texture); the camera sits at negative ``Z`` looking towards ``+Z``. Images are BGR uint8.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Pinhole:
    """A camera: ``matrix`` (3, 3), ``dist`` (5,) OpenCV coefficients, ``size`` ``(w, h)``."""

    matrix: np.ndarray
    dist: np.ndarray
    size: tuple[int, int]

    @staticmethod
    def typical(size: tuple[int, int] = (800, 600), *, hfov_deg: float = 62.0,
                dist: tuple[float, ...] = (-0.12, 0.05, 0.0, 0.0, 0.0)) -> "Pinhole":
        """A phone-like camera of horizontal field of view ``hfov_deg``."""
        w, h = size
        f = (w / 2) / math.tan(math.radians(hfov_deg) / 2)
        matrix = np.array([[f, 0, w / 2 - 0.5 + 3.0], [0, f, h / 2 - 0.5 - 2.0], [0, 0, 1]], float)
        return Pinhole(matrix, np.array(dist, float), size)


@dataclass(frozen=True)
class Pose:
    """Rotation (3, 3) world -> camera and translation (3,) so that ``X_cam = R X + t``."""

    rotation: np.ndarray
    translation: np.ndarray


def look_at(target: np.ndarray, tilt_deg: float, azimuth_deg: float, distance: float,
            roll_deg: float = 0.0) -> Pose:
    """A camera ``distance`` mm from ``target`` (on the plane), ``tilt_deg`` off the normal."""
    t, a = math.radians(tilt_deg), math.radians(azimuth_deg)
    target = np.asarray(target, float)
    pos = target + distance * np.array([math.sin(t) * math.cos(a), math.sin(t) * math.sin(a), -math.cos(t)])
    z = target - pos
    z /= np.linalg.norm(z)
    up = np.array([0.0, 1.0, 0.0])  # the texture's "down" is the image's "down" at roll 0
    x = np.cross(up, z)
    if np.linalg.norm(x) < 1e-6:
        x = np.array([1.0, 0.0, 0.0])
    x /= np.linalg.norm(x)
    y = np.cross(z, x)
    r = math.radians(roll_deg)
    xr = math.cos(r) * x + math.sin(r) * y
    yr = -math.sin(r) * x + math.cos(r) * y
    rot = np.stack([xr, yr, z])
    return Pose(rot, -rot @ pos)


def project(points_mm: np.ndarray, camera: Pinhole, pose: Pose) -> np.ndarray:
    """(N, 2) plane points -> (N, 2) distorted image pixels."""
    pts = np.c_[np.asarray(points_mm, float), np.zeros(len(points_mm))]
    rvec, _ = cv2.Rodrigues(pose.rotation)
    out, _ = cv2.projectPoints(pts, rvec, pose.translation, camera.matrix, camera.dist)
    return out.reshape(-1, 2)


def render_view(texture: np.ndarray, px_per_mm: float, camera: Pinhole, pose: Pose, *,
                background: np.ndarray | tuple[int, int, int] = (60, 80, 100),
                supersample: int = 2) -> np.ndarray:
    """Photograph a plane texture.

    Parameters
    ----------
    texture : (Ht, Wt, 3) uint8 BGR; its pixel ``(row, col)`` covers plane
        ``[col, col + 1) / px_per_mm`` by ``[row, row + 1) / px_per_mm`` millimetres.
    background : colour, or an (h, w, 3) image of ``camera.size``, shown where the plane is not.

    Returns
    -------
    (h, w, 3) uint8 BGR image of ``camera.size``.
    """
    w, h = camera.size
    s = max(1, int(supersample))
    ys, xs = np.mgrid[0:h * s, 0:w * s].astype(np.float64)
    pix = np.stack([(xs + 0.5) / s - 0.5, (ys + 0.5) / s - 0.5], axis=-1).reshape(-1, 1, 2)
    norm = cv2.undistortPoints(pix, camera.matrix, camera.dist).reshape(-1, 2)
    hn = np.column_stack([pose.rotation[:, 0], pose.rotation[:, 1], pose.translation])
    plane = np.linalg.inv(hn) @ np.c_[norm, np.ones(len(norm))].T
    wgt = plane[2]
    valid = wgt > 1e-9
    with np.errstate(divide="ignore", invalid="ignore"):
        u = np.where(valid, plane[0] / wgt, -1e6) * px_per_mm - 0.5
        v = np.where(valid, plane[1] / wgt, -1e6) * px_per_mm - 0.5
    map_x = u.reshape(h * s, w * s).astype(np.float32)
    map_y = v.reshape(h * s, w * s).astype(np.float32)
    out = cv2.remap(texture, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                    borderValue=(0, 0, 0))
    inside = cv2.remap(np.full(texture.shape[:2], 255, np.uint8), map_x, map_y, cv2.INTER_LINEAR,
                       borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    if s > 1:
        out = cv2.resize(out, (w, h), interpolation=cv2.INTER_AREA)
        inside = cv2.resize(inside, (w, h), interpolation=cv2.INTER_AREA)
    if isinstance(background, np.ndarray):
        bg = background.astype(np.float32)
    else:
        bg = np.empty((h, w, 3), np.float32)
        bg[:] = background
    alpha = inside.astype(np.float32)[..., None] / 255.0
    # the texture was blended with black at its border by remap: undo by dividing by alpha
    with np.errstate(divide="ignore", invalid="ignore"):
        tex = np.where(alpha > 0.01, out.astype(np.float32) / np.maximum(alpha, 1e-3), 0)
    img = tex * alpha + bg * (1 - alpha)
    return np.clip(img + 0.5, 0, 255).astype(np.uint8)


def photo_effects(image: np.ndarray, rng: np.random.Generator, *, kelvin: float | None = None,
                  shading: float = 0.25, noise: float = 2.5, blur: float = 0.6,
                  jpeg_quality: int | None = 85) -> np.ndarray:
    """Light colour (a black body of ``kelvin``, in linear light, no white balance), a smooth
    brightness gradient, sensor noise, slight blur and JPEG compression, on a BGR uint8 image."""
    img = (image.astype(np.float32) / 255.0) ** 2.2
    h, w = img.shape[:2]
    if kelvin is not None:
        from vision.synth.photo import kelvin_to_linear_rgb

        gains = kelvin_to_linear_rgb(kelvin)[::-1]  # the renderer's black-body light, as BGR
        img = img * (gains / gains.max()).astype(np.float32) * 1.15
    if shading > 0:
        gx, gy = rng.uniform(-1, 1, 2)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        ramp = 1 + shading * (gx * (xx / w - 0.5) + gy * (yy / h - 0.5))
        img = img * ramp[..., None]
    img = np.clip(img, 0, 1) ** (1 / 2.2) * 255
    if blur > 0:
        img = cv2.GaussianBlur(img, (0, 0), blur)
    if noise > 0:
        img = img + rng.normal(0, noise, img.shape).astype(np.float32)
    out = np.clip(img + 0.5, 0, 255).astype(np.uint8)
    if jpeg_quality:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(jpeg_quality)])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out


def table_background(size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A wood-like or cloth-like table: low-frequency colour noise, (h, w, 3) BGR uint8."""
    w, h = size
    base = np.array(rng.choice([(70, 110, 150), (50, 70, 90), (90, 90, 85), (40, 60, 40)]), np.float32)
    small = rng.normal(0, 1, (max(2, h // 40), max(2, w // 40), 1)).astype(np.float32)
    shade = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)[..., None]
    grain = cv2.resize(rng.normal(0, 1, (max(2, h // 3), 6)).astype(np.float32), (w, h),
                       interpolation=cv2.INTER_LINEAR)[..., None]
    return np.clip(base * (1 + 0.12 * shade + 0.06 * grain), 0, 255).astype(np.uint8)


def random_mat_pose(rng: np.random.Generator, plane_size_mm: tuple[float, float], camera: Pinhole, *,
                    max_tilt_deg: float = 45.0, fill: tuple[float, float] = (0.55, 0.85),
                    max_roll_deg: float = 180.0) -> Pose:
    """A pose that shows the whole ``(width, height)`` plane, tilted up to ``max_tilt_deg``."""
    w_mm, h_mm = plane_size_mm
    f = camera.matrix[0, 0]
    for _ in range(50):
        tilt = rng.uniform(0, max_tilt_deg)
        pose = look_at(np.array([w_mm / 2, h_mm / 2, 0.0]) + np.r_[rng.normal(0, 0.03, 2) * (w_mm, h_mm), 0],
                       tilt, rng.uniform(0, 360),
                       f * max(w_mm, h_mm) / (rng.uniform(*fill) * camera.size[0]),
                       rng.uniform(-max_roll_deg, max_roll_deg))
        corners = project(np.array([(0, 0), (w_mm, 0), (w_mm, h_mm), (0, h_mm)], float), camera, pose)
        if (corners.min(axis=0) > 4).all() and (corners < np.array(camera.size) - 4).all():
            return pose
    return pose
