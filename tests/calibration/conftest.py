"""Shared fixtures of the calibration tests: synthetic ChArUco views through a known camera."""
from __future__ import annotations

import numpy as np
import pytest

from calibration.views import Pinhole, photo_effects, random_mat_pose, render_view, table_background
from vision.mat import mat_layout, render_mat

TRUE_CAMERA = Pinhole.typical((640, 480), hfov_deg=60.0, dist=(-0.14, 0.05, 0.0005, -0.0005, 0.0))


@pytest.fixture(scope="session")
def true_camera() -> Pinhole:
    """The camera the synthetic ChArUco views are taken with."""
    return TRUE_CAMERA


@pytest.fixture(scope="session")
def charuco_views() -> list[np.ndarray]:
    """12 photos of the A4 ChArUco mat, tilted up to 50 degrees, through TRUE_CAMERA."""
    rng = np.random.default_rng(3)
    layout = mat_layout("A4", charuco=True)
    ppm = 3.0
    tex = render_mat(layout, px_per_mm=ppm)
    views = []
    for _ in range(12):
        pose = random_mat_pose(rng, (layout.width_mm, layout.height_mm), TRUE_CAMERA, max_tilt_deg=50,
                               fill=(0.75, 0.95), max_roll_deg=25)
        img = render_view(tex, ppm, TRUE_CAMERA, pose, background=table_background(TRUE_CAMERA.size, rng),
                          supersample=1)
        views.append(photo_effects(img, rng, kelvin=float(rng.uniform(3000, 6500))))
    return views
