"""X-Tiles: a face found far from every other (a lone face) and the map grown without it."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.lattice import apply_h
from vision.xtiles import (TileBlob, _fit_lattice, _lone, _lone_faces_misplaced,
                           _without_lone_faces)

#: A layout's map (lattice index (j, i) -> image pixels): a 60 px pitch, a little turned.
H = np.array([[60.0, -6.0, 250.0], [6.0, 60.0, 180.0], [0.0, 0.0, 1.0]])


def test_a_face_with_no_other_within_two_cells_is_lone():
    """Lone: no other face within two cells along both axes (one three columns away is)."""
    ij = np.array([(0, 0), (1, 0), (0, 1), (1, 1), (4, 1), (1, 3)])
    assert _lone(ij).tolist() == [False, False, False, False, True, False]


def test_the_lone_faces_are_left_out_only_beside_enough_faces_together():
    """Four faces together and one three cells off: the map refitted through the four is the
    layout's; with three together (fewer than the faces' likeness needs) nothing is left out."""
    cluster = [(0, 0), (1, 0), (0, 1), (1, 1)]
    cells = cluster + [(4, 2)]
    centres = apply_h(H, np.array(cells, float))
    centres[-1] += np.array([0.0, 12.0])  # (a blob across two tiles: a fifth of a cell off)
    areas, elong = np.full(len(cells), 2400.0), np.full(len(cells), 1.6)
    ok = np.ones(len(cells), bool)
    kept, H_kept, _ = _without_lone_faces(H, centres, areas, elong, ok)
    assert kept.tolist() == [True] * 4 + [False]
    far = apply_h(H_kept, np.array([[4.0, 2.0]]))[0]
    assert np.linalg.norm(far - apply_h(H, np.array([[4.0, 2.0]]))[0]) < 1.0
    three = np.array([True, True, True, False, True])
    assert _without_lone_faces(H, centres, areas, elong, three) is None


#: The faces found as blobs on an independent renderer's steep photo (final13 x-tiles-hard-806,
#: tilt 41, half size; the paint under a lamp's veil): centre (x, y), long axis (radians), area,
#: elongation. The first is a blob of two nested tiles' yellow sectors five rows beyond the
#: others, between two cells; the other four are faces in the near rows.
LONE_BLOB_FACES = [((962.9, 428.0), 1.572, 14323, 1.31), ((1077.2, 870.2), 3.035, 16904, 2.29),
                   ((1277.9, 980.0), 3.089, 22800, 1.97), ((1106.8, 1009.1), 1.305, 21536, 1.65),
                   ((939.1, 1026.3), 2.992, 23457, 1.95)]
#: ... the region they were found in (x0, y0, x1, y1, image pixels), its scale (region / image)
#: and the picture's size (w, h); its paint (every light's) is ``data/xtiles_lone_blob_paint.png``.
LONE_BLOB_BOX, LONE_BLOB_SCALE, LONE_BLOB_SIZE = (584, 229, 1443, 1162), 0.5585121, (2000, 1500)


def test_the_map_grown_without_a_lone_blob_holds_the_layout():
    """On the photo's paint, the map through the five blobs bends to put the far blob on a
    lattice point and grows one face (6 of the 13 tiles); grown from the four faces together it
    holds all 13 with the blob between two faces grown, and is kept."""
    paint = cv2.imread(str(Path(__file__).resolve().parent / "data" / "xtiles_lone_blob_paint.png"),
                       cv2.IMREAD_GRAYSCALE) // 255
    blobs = [TileBlob(c, a, float(area), e) for c, a, area, e in LONE_BLOB_FACES]
    lat = _fit_lattice(blobs, paint, LONE_BLOB_BOX, LONE_BLOB_SCALE, np.zeros((10, 10), bool),
                       1.0, size=LONE_BLOB_SIZE, every_paint=paint)
    assert lat is not None
    assert lat.info["tiles"] == 13 and lat.info["found"] == 4


def test_a_lone_face_is_misplaced_only_where_the_faces_grown_reach_it_off_a_lattice_point():
    """Half a cell off a lattice point beside a face grown: misplaced (a blob across two
    tiles); on a lattice point beside one (a face the growth reached), or off one three cells
    from every face (no evidence either way): not."""
    faces = apply_h(H, np.array([(0, 0), (1, 0), (2, 0), (2, 1)], float))
    between = apply_h(H, np.array([[2.0, 1.5]]))
    on_point = apply_h(H, np.array([[2.0, 2.0]]))
    far_off = apply_h(H, np.array([[5.0, 4.5]]))
    assert _lone_faces_misplaced(H, between, faces)
    assert not _lone_faces_misplaced(H, on_point, faces)
    assert not _lone_faces_misplaced(H, far_off, faces)
