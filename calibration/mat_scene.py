"""Rendered photos of a layout lying on the play mat (for measuring the reader's mat prior).

The renderer (``vision.synth``) has no play mat, so :func:`render_on_mat` draws one: the mat's
raster (:func:`vision.mat.render_mat`) is projected onto the table plane, under the tiles,
just before the renderer draws the tiles' sides and tops; everything after (the light's colour
and exposure, lens, sensor, JPEG) applies to the mat as to the table. Cast shadows on the mat are
not drawn (they are on the table beneath it). The hook patches ``vision.synth.render._draw_sides``
for the duration of one render only.

World frame of the renderer: millimetres on the table, the layout's bounding box ``layout.bbox``.
The mat is centred on the layout (plus ``offset_mm``), turned by ``angle_deg``.
"""
from __future__ import annotations

import contextlib
import math
from typing import Any, Iterator, Mapping

import cv2
import numpy as np

from vision.kits import Kit
from vision.mat import mat_layout, render_mat

MAT_PX_PER_MM = 4.0


def _mat_from_world(layout_bbox: tuple[float, float, float, float], size: str, angle_deg: float,
                    offset_mm: tuple[float, float]) -> np.ndarray:
    """(3, 3) world mm -> mat mm: the mat's centre on the layout's centre plus ``offset_mm``."""
    lay = mat_layout(size)
    x0, y0, x1, y1 = layout_bbox
    cx, cy = (x0 + x1) / 2 + offset_mm[0], (y0 + y1) / 2 + offset_mm[1]
    a = math.radians(angle_deg)
    c, s = math.cos(a), math.sin(a)
    # world = centre + R (mat - mat_centre)  =>  mat = R^T (world - centre) + mat_centre
    Rt = np.array([[c, s], [-s, c]])
    t = -Rt @ np.array([cx, cy]) + np.array([lay.width_mm / 2, lay.height_mm / 2])
    return np.array([[Rt[0, 0], Rt[0, 1], t[0]], [Rt[1, 0], Rt[1, 1], t[1]], [0, 0, 1.0]])


@contextlib.contextmanager
def mat_under_tiles(size: str = "A3", *, angle_deg: float = 0.0, offset_mm: tuple[float, float] = (0.0, 0.0),
                    record: dict | None = None, frame_mat: bool = True) -> Iterator[None]:
    """Draw the play mat of paper ``size`` under the tiles of every render in this block.

    With ``frame_mat`` the camera keeps the whole mat in the picture (as a player would when
    using it), otherwise it frames the tiles only and the mat's corners may be cut off.

    ``record`` (optional) receives ``"image_from_mat"``: the (3, 3) homography mat mm -> ideal
    (undistorted) image pixels of the last render.
    """
    import vision.synth.render as render_mod

    original = render_mod._draw_sides
    raster = render_mat(mat_layout(size), px_per_mm=MAT_PX_PER_MM)

    def patched(img, layout, kit, camera, *args, **kwargs):
        world_from_mat = np.linalg.inv(_mat_from_world(layout.bbox, size, angle_deg, offset_mm))
        mat_from_raster = np.array([[1 / MAT_PX_PER_MM, 0, 0.5 / MAT_PX_PER_MM],
                                    [0, 1 / MAT_PX_PER_MM, 0.5 / MAT_PX_PER_MM], [0, 0, 1.0]])
        image_from_world = camera.plane_homography(0.0)
        H = image_from_world @ world_from_mat @ mat_from_raster
        h, w = img.shape[:2]
        warped = cv2.warpPerspective(raster, H, (w, h), flags=cv2.INTER_AREA, borderValue=0)
        alpha = cv2.warpPerspective(np.full(raster.shape[:2], 255, np.uint8), H, (w, h),
                                    flags=cv2.INTER_LINEAR, borderValue=0)
        a = (alpha.astype(np.float32) / 255.0)[..., None]
        # the renderer's canvas is linear or sRGB alike here: the mat keeps the table's shading
        # out (paper lies on top), the light of the scene is applied after this step
        img[:] = np.clip(warped * a + img * (1 - a), 0, 255).astype(img.dtype)
        if record is not None:
            record["image_from_mat"] = image_from_world @ world_from_mat
        return original(img, layout, kit, camera, *args, **kwargs)

    original_extent = render_mod._extent_points

    def extent(layout, kit):
        pts = original_extent(layout, kit)
        if not frame_mat:
            return pts
        lay = mat_layout(size)
        world_from_mat = np.linalg.inv(_mat_from_world(layout.bbox, size, angle_deg, offset_mm))
        corners = np.array([[0, 0], [lay.width_mm, 0], [lay.width_mm, lay.height_mm], [0, lay.height_mm]], float)
        xy = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), world_from_mat).reshape(-1, 2)
        return np.vstack([pts, np.column_stack([xy, np.zeros(len(xy))])])

    render_mod._draw_sides = patched
    render_mod._extent_points = extent
    try:
        yield
    finally:
        render_mod._draw_sides = original
        render_mod._extent_points = original_extent


def render_on_mat(board: Mapping[str, Any], *, kit: Kit | None = None, seed: int = 0,
                  difficulty: str = "normal", size: tuple[int, int] = (2000, 1500), mat: str = "A3",
                  angle_deg: float = 0.0, offset_mm: tuple[float, float] = (0.0, 0.0),
                  frame_mat: bool = True, **scene: Any) -> tuple[bytes, dict, dict]:
    """Render ``board`` on the play mat; returns ``(jpeg, truth, record)`` (see
    :func:`mat_under_tiles`); ``scene`` fixes scene parameters (see
    ``calibration.evaluate.scene_override``)."""
    from calibration.evaluate import scene_override
    from vision.synth import render_board

    record: dict = {}
    with mat_under_tiles(mat, angle_deg=angle_deg, offset_mm=offset_mm, record=record, frame_mat=frame_mat), \
            (scene_override(**scene) if scene else contextlib.nullcontext()):
        r = render_board(board, kit=kit, seed=seed, difficulty=difficulty, size=size)
    return r.jpeg, r.truth, record
