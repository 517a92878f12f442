"""Measure mat detection and lens calibration (not a test):
``python tests/calibration/measure_mat_camera.py [--photos 200] [--sets 10]``.

Mat: rendered photos of the three mats (random tilt 0-45 degrees, any roll, lens distortion,
2700-6500 K light, shading, noise, blur, JPEG); found = ``find_mat`` returns the right mat and
maps the mat centre within 3 px of the truth. Camera: sets of 12 ChArUco views through a known
camera; relative focal length error.
"""
from __future__ import annotations

import argparse
import json
import sys

import numpy as np

from calibration.views import Pinhole, photo_effects, project, random_mat_pose, render_view, table_background
from vision.camera import calibrate_camera, default_charuco
from vision.mat import PAPER_MM, find_mat, mat_layout, render_mat


def mat_rate(photos: int, seed: int = 0, size=(800, 600)) -> dict:
    rng = np.random.default_rng(seed)
    found = 0
    errors, tilts, misses = [], [], []
    textures = {s: render_mat(mat_layout(s), px_per_mm=3.0) for s in PAPER_MM}
    for i in range(photos):
        s = list(PAPER_MM)[i % 3]
        layout = mat_layout(s)
        cam = Pinhole.typical(size, hfov_deg=float(rng.uniform(55, 70)),
                              dist=(float(rng.uniform(-0.15, 0.0)), 0.03, 0, 0, 0))
        pose = random_mat_pose(rng, (layout.width_mm, layout.height_mm), cam, max_tilt_deg=45,
                               fill=(0.45, 0.9))
        tilt = float(np.degrees(np.arccos(pose.rotation[2, 2])))
        img = render_view(textures[s], 3.0, cam, pose, background=table_background(size, rng), supersample=1)
        img = photo_effects(img, rng, kelvin=float(rng.uniform(2700, 6500)), shading=float(rng.uniform(0, 0.5)),
                            noise=float(rng.uniform(1, 5)), blur=float(rng.uniform(0.3, 1.2)),
                            jpeg_quality=int(rng.integers(70, 95)))
        view = find_mat(img)
        centre = np.array([[layout.width_mm / 2, layout.height_mm / 2]])
        ok = view is not None and view.size == s
        if ok:
            err = float(np.linalg.norm(view.to_image(centre) - project(centre, cam, pose)))
            errors.append(err)
            ok = err < 3.0
        found += ok
        tilts.append(tilt)
        if not ok:
            misses.append({"photo": i, "size": s, "tilt": round(tilt, 1)})
    return {"photos": photos, "found": found, "rate": found / photos, "max_tilt_deg": round(max(tilts), 1),
            "centre_error_px_median": round(float(np.median(errors)), 3),
            "centre_error_px_p95": round(float(np.percentile(errors, 95)), 3), "misses": misses}


def focal_errors(sets: int, seed: int = 0, size=(800, 600)) -> dict:
    rng = np.random.default_rng(seed)
    layout = mat_layout("A4", charuco=True)
    tex = render_mat(layout, px_per_mm=3.0)
    errs = []
    for _ in range(sets):
        cam = Pinhole.typical(size, hfov_deg=float(rng.uniform(55, 72)),
                              dist=(float(rng.uniform(-0.2, 0.05)), float(rng.uniform(0, 0.08)), 0, 0, 0))
        views = []
        for _ in range(12):
            pose = random_mat_pose(rng, (layout.width_mm, layout.height_mm), cam, max_tilt_deg=50,
                                   fill=(0.7, 0.95), max_roll_deg=30)
            img = render_view(tex, 3.0, cam, pose, background=table_background(size, rng), supersample=1)
            views.append(photo_effects(img, rng, kelvin=float(rng.uniform(3000, 6500))))
        model, used = calibrate_camera(views, default_charuco("A4"))
        errs.append(abs(model.focal_px[0] / cam.matrix[0, 0] - 1))
    return {"sets": sets, "views_per_set": 12, "focal_error_max": round(max(errs), 5),
            "focal_error_median": round(float(np.median(errs)), 5)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--photos", type=int, default=200)
    ap.add_argument("--sets", type=int, default=10)
    args = ap.parse_args()
    print(json.dumps({"mat": mat_rate(args.photos), "camera": focal_errors(args.sets)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
