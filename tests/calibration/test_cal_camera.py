"""Lens calibration from ChArUco views, undistortion, camera profiles and the command."""
from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from calibration.views import Pinhole, look_at, render_view
from companion.cli import main
from vision.camera import (CameraError, CameraModel, calibrate_camera, camera_from_dict, default_charuco,
                           undistort, undistort_points)
from vision.mat import mat_layout, render_mat



def test_focal_length_within_2_percent_from_12_views(charuco_views, true_camera):
    TRUE_CAMERA = true_camera
    model, used = calibrate_camera(charuco_views, default_charuco("A4"))
    assert len(used) == 12
    f_true = TRUE_CAMERA.matrix[0, 0]
    fx, fy = model.focal_px
    assert abs(fx / f_true - 1) < 0.02 and abs(fy / f_true - 1) < 0.02
    assert abs(model.dist[0] - TRUE_CAMERA.dist[0]) < 0.05
    assert model.rms_px < 1.0


def test_too_few_views_is_a_clear_error(charuco_views):
    blank = np.full_like(charuco_views[0], 128)
    with pytest.raises(CameraError, match="at least"):
        calibrate_camera(charuco_views[:2] + [blank], default_charuco("A4"))
    with pytest.raises(CameraError, match="pixels"):
        calibrate_camera([charuco_views[0], charuco_views[1][:200]], default_charuco("A4"))


def _model(dist=(-0.14, 0.05, 0.0, 0.0, 0.0)) -> dict:
    cam = Pinhole.typical((640, 480), dist=dist)
    return CameraModel(cam.matrix, cam.dist, cam.size).to_dict()


def test_undistort_recovers_the_ideal_picture():
    layout = mat_layout("A4")
    tex = render_mat(layout, px_per_mm=3.0)
    pose = look_at(np.array([148.5, 105.0, 0.0]), 20, 30, 420, 5)
    distorted_cam = Pinhole.typical((640, 480), dist=(-0.14, 0.05, 0.0, 0.0, 0.0))
    ideal_cam = Pinhole(distorted_cam.matrix, np.zeros(5), distorted_cam.size)
    distorted = render_view(tex, 3.0, distorted_cam, pose, supersample=1)
    ideal = render_view(tex, 3.0, ideal_cam, pose, supersample=1)
    fixed = undistort(distorted, _model())
    inner = (slice(60, 420), slice(80, 560))
    before = np.abs(distorted[inner].astype(int) - ideal[inner]).mean()
    after = np.abs(fixed[inner].astype(int) - ideal[inner]).mean()
    assert after < 0.35 * before
    pts = np.array([[10.0, 10.0], [320.0, 240.0]])
    moved = undistort_points(pts, _model(), (640, 480))
    assert np.linalg.norm(moved[1] - pts[1]) < 3.0 and np.linalg.norm(moved[0] - pts[0]) > 5.0


def test_resized_photos_scale_the_camera_and_other_shapes_are_refused():
    model = camera_from_dict(_model())
    half = model.scaled_to((320, 240))
    assert np.isclose(half.matrix[0, 0], model.matrix[0, 0] / 2)
    img = np.zeros((240, 320, 3), np.uint8)
    assert undistort(img, _model()).shape == img.shape
    with pytest.raises(CameraError, match="aspect"):
        undistort(np.zeros((300, 300, 3), np.uint8), _model())
    no_dist = _model(dist=(0, 0, 0, 0, 0))
    assert undistort(img, no_dist) is img


@pytest.mark.parametrize("change, message", [
    ({"format": "something-else"}, "not a camera profile"),
    ({"version": 7}, "version"),
    ({"image_size": [640]}, "image_size"),
    ({"camera_matrix": [[1, 0, 0], [0, 1, 0]]}, "camera_matrix"),
    ({"camera_matrix": [[-5, 0, 1], [0, 5, 1], [0, 0, 1]]}, "positive"),
    ({"dist_coeffs": [0.1, "x", 0, 0, 0]}, "dist_coeffs"),
    ({"dist_coeffs": [float("nan"), 0, 0, 0, 0]}, "dist_coeffs"),
])
def test_bad_camera_profiles_are_refused(change, message):
    with pytest.raises(CameraError, match=message):
        camera_from_dict({**_model(), **change})
    with pytest.raises(CameraError):
        camera_from_dict([1, 2, 3])


def test_calibrate_camera_command(charuco_views, true_camera, tmp_path, capsys):
    TRUE_CAMERA = true_camera
    paths = []
    for i, img in enumerate(charuco_views[:8]):
        p = tmp_path / f"view{i}.png"
        cv2.imwrite(str(p), img)
        paths.append(str(p))
    out = tmp_path / "cam.json"
    assert main(["calibrate-camera", *paths, "--out", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["used"] == 8
    model = camera_from_dict(json.loads(out.read_text()))
    assert abs(model.focal_px[0] / TRUE_CAMERA.matrix[0, 0] - 1) < 0.03


def test_calibrate_camera_command_errors(tmp_path, capsys):
    bad = tmp_path / "not-a-photo.jpg"
    bad.write_bytes(b"hello, this is not a jpeg at all")
    assert main(["calibrate-camera", str(bad), "--out", str(tmp_path / "c.json"), "--json"]) == 1
    err = json.loads(capsys.readouterr().out)["error"]
    assert err["code"] == "bad-image"
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((120, 160, 3), 200, np.uint8))
    assert main(["calibrate-camera", str(blank), "--out", str(tmp_path / "c.json"), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "calibration-failed"
    assert not (tmp_path / "c.json").exists()
