"""X-Tiles: a map through few faces is the view a phone's camera makes of a square lattice
(vision.centres.camera_map, vision.xtiles._camera_view), not an affine map that drifts off the
rows beyond the faces on a tilted table."""
from __future__ import annotations

import math

import numpy as np

from vision.centres import camera_map
from vision.lattice import PHONE_FOCAL_EQUIV_MM, phone_focal_px
from vision.lattice import apply_h
from vision.xtiles import _sized_map

SIZE = (2000, 1500)  # (a 12 MP photo's half-size decode)


def _view(tilt_deg: float, focal_equiv_mm: float = PHONE_FOCAL_EQUIV_MM, *,
          turn_deg: float = 20.0) -> np.ndarray:
    """A camera's map from lattice points (j, i) (a 40 mm pitch) to picture pixels: the table
    tilted ``tilt_deg`` about the picture's x axis, the far side up the picture, the lattice
    turned ``turn_deg`` on it, its origin on the line of sight 400 mm away."""
    w, h = SIZE
    f = phone_focal_px(SIZE, focal_equiv_mm)
    K = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1.0]])
    t = math.radians(tilt_deg)
    tilt = np.array([[1, 0, 0], [0, math.cos(t), math.sin(t)], [0, -math.sin(t), math.cos(t)]])
    a = math.radians(turn_deg)
    turn = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    R = tilt @ turn
    distance = 400.0 * focal_equiv_mm / PHONE_FOCAL_EQUIV_MM  # (a longer lens from further)
    H = K @ np.column_stack([40.0 * R[:, 0], 40.0 * R[:, 1], [0, 0, distance]])
    return H / H[2, 2]


def _far_rows(H: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Six faces in the three far rows (i = -2..0; up the picture) and their centres, each
    off by up to 1.5 px (a face's paint)."""
    ij = np.array([[0, 0], [1, 0], [-1, -1], [0, -1], [1, -2], [0, -2]], float)
    noise = np.array([[1.2, -0.8], [-1.5, 0.4], [0.6, 1.1], [-0.9, -1.3], [1.4, 0.2], [-0.3, 1.5]])
    return ij, apply_h(H, ij) + noise


def _cells_off(H_fit: np.ndarray, H_true: np.ndarray, ij: np.ndarray) -> float:
    """How far (in cells, the truth's) the fitted map puts the points ``ij`` at most."""
    off = apply_h(np.linalg.inv(H_true), apply_h(H_fit, ij)) - ij
    return float(np.abs(off).max())


NEAR_ROWS = np.array([[0, 2], [1, 2], [0, 3], [-1, 3]], float)


def test_few_faces_on_a_steep_view_map_the_near_rows():
    H = _view(40.0)
    ij, xy = _far_rows(H)
    affine = _sized_map(ij, xy, np.full(len(ij), np.nan), np.eye(3))
    assert _cells_off(affine, H, NEAR_ROWS) > 0.25  # (the class: an affine map drifts)
    fitted = _sized_map(ij, xy, np.full(len(ij), np.nan), np.eye(3), size=SIZE)
    assert _cells_off(fitted, H, NEAR_ROWS) < 0.1


def test_the_pose_whose_far_side_is_up_is_taken_when_both_fit():
    # (a gentle view, one cell's corners each off by a face's paint: the pose whose far side
    # lies down the picture fits them a little better, 0.62 against 0.70 px, and lies 1.41
    # cells off the truth out to 6 cells away; the far side up 0.22)
    H = _view(12.0)
    ij = np.array([[0, 0], [1, 0], [0, 1], [1, 1]], float)
    xy = apply_h(H, ij) + np.array([[0.1, -1.4], [0.8, 0.1], [-0.5, 0.9], [-0.6, -0.1]])
    fitted = camera_map(ij, xy, SIZE)
    assert fitted is not None
    assert _cells_off(fitted, H, np.array([[0, 6], [0, -6], [5, 5]], float)) < 0.5


def test_a_view_the_phone_camera_cannot_make_keeps_the_affine_map():
    H = _view(40.0, focal_equiv_mm=8 * PHONE_FOCAL_EQUIV_MM)  # (a long telephoto: near affine)
    ij, xy = _far_rows(H)
    fitted = _sized_map(ij, xy, np.full(len(ij), np.nan), np.eye(3), size=SIZE)
    assert np.all(fitted[2, :2] == 0.0)  # (the phone's view would bend the lattice too much)
    assert _cells_off(fitted, H, NEAR_ROWS) < 0.2

