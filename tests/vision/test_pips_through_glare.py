"""A face a lamp's hot spot washes to near white keeps its white pips by their want of colour,
not their lightness: they are read on the face's whiteness (vision.cells._pips_through_glare)."""
from types import SimpleNamespace

import cv2
import numpy as np

from vision import cells
from vision.pips import MIN_CONTRAST, PIP_RADII, read_pips

N = 48  # pixels per cell, as the reader's top-down view of solid faces
#: Lab of a brown face paled by a hot spot, of its white pips and of a wood table, as measured
#: on an independent render (final20 octopus-hard-2102: face L* 98.3, pips 99.5).
FACE, PIP, TABLE = (98.3, -6.0, 20.0), (99.5, 0.0, 0.0), (55.0, 15.0, 35.0)
FOUR = [(0.25, 0.25), (0.25, 0.75), (0.75, 0.25), (0.75, 0.75)]


def _washed_face(pip_yx: list, offset: tuple = (0, 0), face: tuple = FACE,
                 pip: tuple = PIP) -> np.ndarray:
    """A Lab view ``(2N, 2N, 3)`` float32 of a washed-out face inset 0.05 in its cell (moved by
    ``offset`` pixels) on a wood table, the table showing through gaps cut into its rim every
    sixth of its side (its teeth), white pips at ``pip_yx`` (fractions of the cell); the
    cell at ``(N // 2, N // 2)``."""
    lab = np.empty((2 * N, 2 * N, 3), np.float32)
    lab[:] = TABLE
    oy, ox = N // 2 + offset[0], N // 2 + offset[1]
    a, b = int(0.05 * N), int(0.95 * N)
    lab[oy + a:oy + b, ox + a:ox + b] = face
    notch = max(2, int(0.04 * N))
    for t in np.linspace(a, b, 7)[1:-1].astype(int):  # gaps between the teeth, on every side
        for y0, x0 in ((oy + a, ox + t), (oy + b - notch, ox + t), (oy + t, ox + a),
                       (oy + t, ox + b - notch)):
            lab[y0:y0 + notch, x0 - notch // 2:x0 + notch] = TABLE
    r = int(round(PIP_RADII[0] * N))
    for fy, fx in pip_yx:
        mask = np.zeros(lab.shape[:2], np.uint8)
        cv2.circle(mask, (int(ox + fx * N), int(oy + fy * N)), r, 1, -1)
        lab[mask.astype(bool)] = pip
    return cv2.GaussianBlur(lab, (3, 3), 0.8)


def _read(lab: np.ndarray, face: tuple = FACE) -> dict:
    origins = np.array([[N // 2, N // 2]])
    ctx = SimpleNamespace(lab=lab, td=SimpleNamespace(cw=N))
    before = read_pips(lab[..., 0], N, origins)
    return before, cells._pips_through_glare(ctx, origins, np.array([face]), before)


def test_white_pips_on_a_washed_face_are_read_on_its_whiteness():
    # (tiles off their cells: the table beyond the rim and the teeth's gaps, far less white
    # than the face, within reach of the die positions; floored at the face's whiteness)
    for pip_yx in (FOUR, [(0.5, 0.5)], [(0.25, 0.25), (0.75, 0.75)]):
        for offset in ((6, 6), (-6, -6)):
            before, after = _read(_washed_face(pip_yx, offset))
            # (their lightness shows nothing to count)
            assert max(before[1].contrast[0], before[-1].contrast[0]) < MIN_CONTRAST
            assert after[1].count[0] == len(pip_yx), (pip_yx, offset)
            assert after[1].contrast[0] >= MIN_CONTRAST


def test_a_washed_face_without_pips_reads_none():
    before, after = _read(_washed_face([], offset=(6, 6)))
    assert after[1].count[0] == 0


def test_faces_whose_pips_show_in_lightness_are_left_as_read():
    lab = _washed_face(FOUR)
    lab[..., 0] = np.where(lab[..., 0] > 99.0, lab[..., 0], lab[..., 0] - 30.0)  # a darker face
    origins = np.array([[N // 2, N // 2]])
    before = read_pips(lab[..., 0], N, origins)
    ctx = SimpleNamespace(lab=lab, td=SimpleNamespace(cw=N))
    after = cells._pips_through_glare(ctx, origins, np.array([(68.3, -6.0, 20.0)]), before)
    assert after is before


def test_a_light_faces_washed_dark_pips_are_no_white_pips():
    # (a yellow face in a hot spot, its black pips paled to a grey less coloured than the face:
    # whiter by L* - C*, but darker than the face, so not its white pips; a review's case)
    yellow, grey = (97.0, -4.0, 60.0), (89.0, 0.0, 25.0)
    before, after = _read(_washed_face(FOUR, (6, 6), face=yellow, pip=grey), face=yellow)
    assert after[1].count[0] == before[1].count[0]
