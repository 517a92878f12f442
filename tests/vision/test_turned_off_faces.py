"""An X-Tiles lattice turned off the faces' lattice (vision.pipeline._turned_off_faces): the
faces' reading, refused for its set fit, is kept over a lattice turned 45 degrees off it."""
from __future__ import annotations

import math

import numpy as np

from vision.locate import Lattice
from vision.pipeline import _Candidate, _turned_off_faces

PITCH = 233.0
# the faces' centres (image pixels): five tiles at cell centres of the faces' lattice
CELLS = np.array([[0.5, 0.5], [1.5, 0.5], [2.5, 0.5], [0.5, 1.5], [1.5, 1.5]])


def _lattice(angle_deg: float, pitch: float, *, shear: float = 0.0) -> Lattice:
    """A lattice of ``pitch`` turned ``angle_deg`` in the picture, first axis sheared by
    ``shear`` (a steep view's), with a perspective's slight row term."""
    a = math.radians(angle_deg)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    H = np.eye(3)
    H[:2, :2] = pitch * rot @ np.array([[1.0, shear], [0.0, 1.0]])
    H[:2, 2] = [600.0, 400.0]
    H[2, :2] = [0.0, 2e-4]
    return Lattice(H=H, rows=(0, 2), cols=(0, 3), pitch_px=pitch, diagonal=True)


def _reading(lat: Lattice, faces: bool = False) -> _Candidate:
    if faces:
        lat.info["faces_xy"] = (lat.H @ np.c_[CELLS, np.ones(len(CELLS))].T).T
        lat.info["faces_xy"] = lat.info["faces_xy"][:, :2] / lat.info["faces_xy"][:, 2:]
    return _Candidate(10.0, lat, None, [], {"fit": 10.0, "coverage": 1.0})


def test_a_lattice_turned_45_degrees_off_the_faces_is_turned_off_them():
    faces = _reading(_lattice(8.0, PITCH), faces=True)
    assert _turned_off_faces(_reading(_lattice(8.0 + 45.0, PITCH / math.sqrt(2))), faces)
    assert _turned_off_faces(_reading(_lattice(8.0 - 40.0, 185.0)), faces)


def test_a_lattice_along_the_faces_is_not():
    faces = _reading(_lattice(8.0, PITCH), faces=True)
    # (its axes swapped, shifted, or at another pitch: still along)
    assert not _turned_off_faces(_reading(_lattice(8.0 + 90.0, PITCH)), faces)
    assert not _turned_off_faces(_reading(_lattice(10.0, PITCH / 2)), faces)


def test_the_faces_lattice_with_its_axes_swapped_is_not_turned_off_it_on_a_steep_view():
    faces = _reading(_lattice(8.0, PITCH, shear=0.6), faces=True)  # (axes' pictures 59 deg apart)
    swap = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
    lat = Lattice(H=faces.lattice.H @ swap, rows=(0, 3), cols=(0, 2), pitch_px=PITCH,
                  diagonal=True)
    assert not _turned_off_faces(_reading(lat), faces)


def test_without_faces_nothing_is_turned_off_them():
    faces = _reading(_lattice(8.0, PITCH))
    assert not _turned_off_faces(_reading(_lattice(53.0, PITCH)), faces)
