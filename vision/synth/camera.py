"""A pinhole camera with a little radial lens distortion, looking down at the table.

World frame (millimetres): ``X`` east (columns grow), ``Y`` south (rows grow), ``Z`` *into* the
table, so the table is the plane ``Z = 0`` and a tile top of thickness ``h`` is the plane
``Z = -h``. The frame is right-handed. Camera frame (OpenCV): ``x`` right, ``y`` down, ``z`` forward.
Image points are ``(x, y)`` pixels; arrays of points have shape ``(N, 2)``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Camera:
    """A posed pinhole camera.

    Attributes
    ----------
    K : (3, 3) float64 intrinsics of the output photo (pixels).
    R : (3, 3) float64 world -> camera rotation (rows are the camera axes in world terms).
    centre : (3,) float64 camera centre in world millimetres.
    size : ``(width, height)`` of the image in pixels.
    k1, k2 : radial distortion of the *output* image: an output pixel at normalised radius ``r``
        shows the ideal pinhole ray at ``r * (1 + k1 r^2 + k2 r^4)`` (barrel when positive).
    ideal_scale : focal length of the ideal (undistorted) image the scene is drawn on, as a
        fraction of ``K``'s, chosen so that every output pixel's ray falls inside it.
    """

    K: np.ndarray
    R: np.ndarray
    centre: np.ndarray
    size: tuple[int, int]
    k1: float = 0.0
    k2: float = 0.0
    ideal_scale: float = 1.0

    @property
    def K_ideal(self) -> np.ndarray:
        """Intrinsics of the ideal image (same principal point, focal ``ideal_scale`` times)."""
        K = self.K.copy()
        K[0, 0] *= self.ideal_scale
        K[1, 1] *= self.ideal_scale
        return K

    @property
    def t(self) -> np.ndarray:
        return -self.R @ self.centre

    def plane_homography(self, z: float = 0.0) -> np.ndarray:
        """(3, 3) homography from world ``(X, Y, 1)`` on the plane ``Z = z`` to ideal pixels."""
        M = np.column_stack([self.R[:, 0], self.R[:, 1], self.R[:, 2] * z + self.t])
        H = self.K_ideal @ M
        return H / H[2, 2]

    def project_ideal(self, points: np.ndarray) -> np.ndarray:
        """World points ``(N, 3)`` -> ideal (undistorted) pixels ``(N, 2)``."""
        p = (self.R @ np.asarray(points, float).T).T + self.t
        uv = (self.K_ideal @ p.T).T
        return uv[:, :2] / uv[:, 2:3]

    def distort(self, ideal: np.ndarray) -> np.ndarray:
        """Ideal pixels ``(N, 2)`` -> pixels of the distorted output image ``(N, 2)``.

        Inverts :meth:`undistort_map`'s model by fixed-point iteration (converges for the small
        distortion used here).
        """
        ideal = np.asarray(ideal, float)
        f = self.K[0, 0]
        c = self.K[:2, 2]
        u = (ideal - c) / (f * self.ideal_scale)
        d = u.copy()
        for _ in range(30):
            r2 = (d ** 2).sum(axis=1, keepdims=True)
            d = u / (1 + self.k1 * r2 + self.k2 * r2 * r2)
        return d * f + c

    def project(self, points: np.ndarray) -> np.ndarray:
        """World points ``(N, 3)`` -> pixels of the final (distorted) image ``(N, 2)``."""
        return self.distort(self.project_ideal(points))

    def undistort_map(self) -> tuple[np.ndarray, np.ndarray] | None:
        """``cv2.remap`` maps that turn the ideal image into the distorted output, or ``None``
        without distortion.

        The output pixel at normalised ``d`` shows the ideal pixel at ``d (1 + k1 r^2 + k2 r^4)``,
        which is OpenCV's radial model, so ``cv2.initUndistortRectifyMap`` builds the map (from
        the ideal image's intrinsics to the photo's).
        """
        if self.k1 == 0 and self.k2 == 0 and self.ideal_scale == 1.0:
            return None
        dist = np.array([self.k1, self.k2, 0.0, 0.0, 0.0])
        return cv2.initUndistortRectifyMap(self.K_ideal, dist, None, self.K, self.size, cv2.CV_16SC2)

    def pixels_per_mm(self, points_xy: np.ndarray, z: float = 0.0) -> np.ndarray:
        """Local image scale (pixels per millimetre, the larger singular value) at world points
        ``(N, 2)`` on the plane ``Z = z``."""
        H = self.plane_homography(z)
        pts = np.asarray(points_xy, float)
        out = []
        for X, Y in pts:
            q = H @ np.array([X, Y, 1.0])
            w = q[2]
            J = (H[:2, :2] * w - np.outer(q[:2], H[2, :2])) / (w * w)
            out.append(np.linalg.svd(J, compute_uv=False)[0])
        return np.array(out)

    def to_json(self) -> dict:
        """Plain-data description (OpenCV style ``K``, pose, our distortion model)."""
        return {
            "size": list(self.size),
            "K": np.round(self.K, 3).tolist(),
            "R": np.round(self.R, 6).tolist(),
            "centre_mm": np.round(self.centre, 2).tolist(),
            "distortion": {"model": "opencv-radial", "k1": round(self.k1, 5), "k2": round(self.k2, 5),
                           "note": "photo pixel at normalised d shows the ray d (1 + k1 r^2 + k2 r^4)"},
        }


def focal_px(width: int, height: int, *, equiv_mm: float = 26.0) -> float:
    """Focal length in pixels of a phone main camera of ``equiv_mm`` (35 mm equivalent).

    The 35 mm frame diagonal (43.27 mm) maps to the image diagonal.
    """
    diag = math.hypot(width, height)
    return equiv_mm * diag / 43.27


def look_at(target: np.ndarray, *, distance: float, tilt_deg: float, yaw_deg: float,
            roll_deg: float, size: tuple[int, int], focal: float, principal_offset=(0.0, 0.0),
            k1: float = 0.0, k2: float = 0.0) -> Camera:
    """A camera ``distance`` mm from ``target`` (world ``(3,)``), tilted ``tilt_deg`` from
    straight down, turned ``yaw_deg`` about the vertical (0: image up is north, 90: image up is
    east), rolled ``roll_deg`` about its axis.
    """
    th = math.radians(tilt_deg)
    ps = math.radians(yaw_deg)
    forward_h = np.array([math.sin(ps), -math.cos(ps), 0.0])  # image-up direction on the table
    down = np.array([0.0, 0.0, 1.0])
    centre = np.asarray(target, float) - distance * (math.cos(th) * down + math.sin(th) * forward_h)
    z_c = np.asarray(target, float) - centre
    z_c /= np.linalg.norm(z_c)
    y_c = -forward_h - np.dot(-forward_h, z_c) * z_c
    y_c /= np.linalg.norm(y_c)
    x_c = np.cross(y_c, z_c)
    R = np.vstack([x_c, y_c, z_c])
    rl = math.radians(roll_deg)
    Rz = np.array([[math.cos(rl), -math.sin(rl), 0], [math.sin(rl), math.cos(rl), 0], [0, 0, 1]])
    R = Rz @ R
    w, h = size
    K = np.array([[focal, 0, w / 2 + principal_offset[0]], [0, focal, h / 2 + principal_offset[1]],
                  [0, 0, 1.0]])
    # Barrel distortion looks outside the photo's own field near the corners: draw the ideal
    # image with a shorter focal length so that those rays are inside it.
    r2 = ((w / 2 + abs(principal_offset[0])) ** 2 + (h / 2 + abs(principal_offset[1])) ** 2) / focal ** 2
    reach = max(1.0 + k1 * r2 + k2 * r2 * r2, 1.0 + k1 * r2 / 2 + k2 * r2 * r2 / 4, 1.0)
    return Camera(K=K, R=R, centre=centre, size=(int(w), int(h)), k1=k1, k2=k2,
                  ideal_scale=1.0 / (reach * 1.002))


def warp_plane(src: np.ndarray, H_src_to_img: np.ndarray, size: tuple[int, int], *,
               border=cv2.BORDER_CONSTANT, border_value=0, interpolation=cv2.INTER_LINEAR) -> np.ndarray:
    """Warp a top-down layer ``src`` into the ideal image with the homography from ``src``'s
    pixels to image pixels."""
    return cv2.warpPerspective(src, H_src_to_img, size, flags=interpolation, borderMode=border,
                               borderValue=border_value)
