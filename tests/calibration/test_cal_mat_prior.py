"""The reader's mat prior: exact homography to mat millimetres, patch white balance, the tiles'
lattice fitted on the mat's top-down view."""
from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from calibration.views import Pinhole, look_at, project, render_view, table_background
from vision.colour import linear_to_srgb, srgb_to_linear
from vision.mat import apply_white_balance, mat_lattices, mat_layout, mat_prior, render_mat

PPM = 3.0


def _view(texture: np.ndarray, layout, *, tilt: float, azimuth: float, roll: float, seed: int = 0,
          size=(960, 720), dist=(0.0, 0.0, 0.0, 0.0, 0.0)):
    rng = np.random.default_rng(seed)
    cam = Pinhole.typical(size, dist=dist)
    pose = look_at(np.array([layout.width_mm / 2, layout.height_mm / 2, 0]), tilt, azimuth,
                   cam.matrix[0, 0] * layout.width_mm / (0.65 * size[0]), roll)
    img = render_view(texture, PPM, cam, pose, background=table_background(size, rng), supersample=2)
    return img, cam, pose


def _cast(image: np.ndarray, gains_bgr) -> np.ndarray:
    """Multiply linear light by ``gains_bgr`` (a coloured lamp)."""
    lin = np.asarray(srgb_to_linear(image.astype(np.float32) / 255.0), np.float32) * np.float32(gains_bgr)
    return np.clip(np.asarray(linear_to_srgb(np.clip(lin, 0, 1)), np.float32) * 255 + 0.5, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("tilt", [0.0, 35.0])
def test_homography_within_a_millimetre(tilt):
    layout = mat_layout("A4")
    img, cam, pose = _view(render_mat(layout, px_per_mm=PPM), layout, tilt=tilt, azimuth=30, roll=20)
    prior = mat_prior(img)
    assert prior is not None and prior.view.size == "A4" and len(prior.view.marker_ids) == 4
    xs, ys = np.meshgrid(np.linspace(15, layout.width_mm - 15, 7), np.linspace(15, layout.height_mm - 15, 5))
    pts = np.column_stack([xs.ravel(), ys.ravel()])
    back = prior.to_mm(project(pts, cam, pose))
    assert np.abs(back - pts).max() < 1.0
    assert np.allclose(prior.to_image(back), project(pts, cam, pose), atol=1e-6)
    # the top-down view puts a marker corner where the layout says
    top, image_from_top = prior.top_down(img, px_per_mm=2.0)
    assert top.shape[:2] == (round(layout.height_mm * 2), round(layout.width_mm * 2))
    corner_px = cv2.perspectiveTransform(np.array([[[2.0 * layout.markers[0][0][0], 2.0 * layout.markers[0][0][1]]]]),
                                         image_from_top).reshape(2)
    assert np.linalg.norm(corner_px - project(layout.markers[0][:1], cam, pose)[0]) < 2.0


def test_gains_recover_a_known_cast_even_with_a_tile_on_a_patch():
    layout = mat_layout("A4")
    tex = render_mat(layout, px_per_mm=PPM)
    # a red tile lying on one grey patch (it must not be taken for grey)
    r = next(p.rect for p in layout.patches if p.name == "top-mid")
    cv2.rectangle(tex, (int(r.x * PPM) - 5, int(r.y * PPM) - 5), (int((r.x + r.w) * PPM) + 5, int((r.y + r.h) * PPM) + 5),
                  (40, 40, 200), -1)
    img, _, _ = _view(tex, layout, tilt=25.0, azimuth=100, roll=-10, seed=1)
    lamp = np.array([0.55, 0.85, 1.3])  # warm: little blue, much red (linear B, G, R)
    prior = mat_prior(_cast(img, lamp))
    assert prior is not None and prior.gains_bgr is not None
    want = (1 / lamp) / np.exp(np.log(1 / lamp).mean())
    assert np.allclose(prior.gains_bgr, want, rtol=0.04)
    balanced = apply_white_balance(_cast(img, lamp), prior.gains_bgr)
    again = mat_prior(balanced)
    for p in again.view.patches:
        if p.name != "top-mid" and p.grey < 250:
            assert max(p.bgr) - min(p.bgr) < 4.0, p


def test_no_mat_and_bad_gains():
    rng = np.random.default_rng(3)
    assert mat_prior(rng.integers(0, 255, (480, 640, 3), dtype=np.uint8)) is None
    img = np.full((4, 4, 3), 100, np.uint8)
    assert (apply_white_balance(img, (1, 1, 1)) == img).all()
    with pytest.raises(ValueError):
        apply_white_balance(img, (1, 0, 1))


@pytest.mark.parametrize("angle", [0.0, 12.0])
def test_tiles_lattice_on_the_mat(angle):
    """Coloured 40 mm tiles with 2 mm gaps, turned ``angle`` on the mat, seen at a tilt: every
    tile centre falls in the middle of one lattice cell, and the lattice has the tiles' pitch."""
    layout = mat_layout("A3")
    tex = render_mat(layout, px_per_mm=PPM)
    pitch, side = 42.0, 40.0
    a = math.radians(angle)
    R = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    centre0 = np.array([layout.width_mm / 2 - 60, layout.height_mm / 2 - 35])
    colours = [(40, 40, 200), (200, 90, 30), (40, 160, 40), (30, 200, 230), (30, 30, 30)]
    centres = []
    for i, (r, c) in enumerate([(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (1, 3), (2, 1)]):
        ctr = centre0 + R @ np.array([c * pitch, r * pitch])
        corners = ctr + (R @ (np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * side / 2).T).T
        cv2.fillConvexPoly(tex, np.round(corners * PPM * 16).astype(np.int32), colours[i % len(colours)],
                           cv2.LINE_AA, 4)
        centres.append(ctr)
    img, cam, pose = _view(tex, layout, tilt=30.0, azimuth=200, roll=5, seed=2)
    prior = mat_prior(img)
    assert prior is not None
    lats = mat_lattices(img, prior, tile_mm=(40.0, 40.0))
    assert len(lats) == 1
    lat = lats[0]
    assert lat.info["source"] == "mat"
    assert all(abs(p - pitch) < 1.0 for p in lat.info["pitch_mm"])
    q = cv2.perspectiveTransform(project(np.array(centres), cam, pose).reshape(-1, 1, 2),
                                 np.linalg.inv(lat.H)).reshape(-1, 2)
    assert np.abs(q - np.floor(q) - 0.5).max() < 0.1  # centred in their cells
    cells = {tuple(v) for v in np.floor(q).astype(int)}
    assert len(cells) == len(centres)
    for col, row in cells:  # inside the lattice's range (which has a ring of one cell)
        assert lat.rows[0] < row < lat.rows[1] and lat.cols[0] < col < lat.cols[1]
    assert lat.rows[1] - lat.rows[0] + 1 <= 3 + 2 + 1 and lat.cols[1] - lat.cols[0] + 1 <= 4 + 2 + 1


def test_reader_uses_the_mat():
    """A layout rendered on the mat is read through the mat's top-down view (after the lead
    applies the pipeline integration, /tmp/mat_pipeline.patch: ``read_image(..., use_mat=)``)."""
    import inspect

    from calibration.evaluate import cell_errors
    from calibration.mat_scene import render_on_mat
    from vision.pipeline import read_image

    if "use_mat" not in inspect.signature(read_image).parameters:
        pytest.skip("the reader does not look for the mat yet (pipeline integration not applied)")
    board = {"game": "textile", "tiles": [
        {"row": 0, "col": 0, "colour": "red"}, {"row": 0, "col": 1, "colour": "blue"},
        {"row": 0, "col": 2, "colour": "green"}, {"row": 1, "col": 1, "colour": "yellow"},
        {"row": 1, "col": 2, "colour": "red"}, {"row": 2, "col": 2, "colour": "blue"}]}
    jpeg, truth, _ = render_on_mat(board, seed=5, size=(1200, 900), mat="A4", angle_deg=7.0)
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    reading = read_image(image, game="textile")
    assert reading.info.get("mat", {}).get("lattice") is True
    wrong, _ = cell_errors(reading.board, truth)
    assert wrong <= 1
