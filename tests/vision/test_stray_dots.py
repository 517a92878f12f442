"""A die face's pips are all the spots around its layout; a dotted cloth's dots go on past the
few a die layout fits (cells._stray_dots), and a cell is no evidence of the table's dots against
itself (cells._unlike_table_dots)."""
from types import SimpleNamespace

import cv2
import numpy as np

from vision import cells
from vision.pips import read_pips

N = 80  # pixels per cell


def _lab_row(dot_sets: list[list[tuple[float, float]]]) -> np.ndarray:
    """A row of white cells (CIELAB lightness 95) with dark round spots at the given centres
    (fractions of the cell), as a ``(N, N * len, 3)`` float32 Lab image."""
    L = np.full((N, N * len(dot_sets)), 95.0, np.float32)
    for i, dots in enumerate(dot_sets):
        for fy, fx in dots:
            cv2.circle(L, (int(i * N + fx * N), int(fy * N)), int(0.06 * N), 20.0, -1,
                       cv2.LINE_AA)
    lab = np.zeros(L.shape + (3,), np.float32)
    lab[..., 0] = L
    return lab


def _ctx(lab: np.ndarray) -> SimpleNamespace:
    td = SimpleNamespace(r0=0, c0=0, ch=N, cw=N)
    return SimpleNamespace(td=td, lab=lab, lab_origin=(0, 0), die_faces=False)


def test_stray_dots_tell_a_cloth_from_a_die_face():
    s = 0.25
    six = [(0.5 + dy * s, 0.5 + dx * s) for dy in (-1, 0, 1) for dx in (-1, 1)]
    # a polka-dot cloth at a third of a cell: a 2x2 block of its dots fits a '4', the rest
    # lie beside it
    cloth = [(y, x) for y in (0.2, 0.53, 0.86) for x in (0.2, 0.53, 0.86)]
    lab = _lab_row([six, cloth])
    reads = read_pips(lab[..., 0], N, np.array([(0, 0), (0, N)]))
    got = {(0, i): ({"pips": int(reads[-1].count[i])},) for i in range(2)}
    assert got[(0, 0)][0]["pips"] == 6
    assert got[(0, 1)][0]["pips"]  # (the cloth reads as some die face)
    assert cells._stray_dots(_ctx(lab), got) == {(0, 1)}


def test_a_cell_is_no_evidence_of_the_table_against_itself():
    lab = np.array([30.0, 0.0, 0.0]), np.array([95.0, 0.0, 0.0])
    ctx = SimpleNamespace(table_dots=[(0, 3)], pip_lab={(0, 3): (lab[0], lab[1], True)},
                          layout_white=None, table_dot_round={})
    assert cells._unlike_table_dots(ctx, {(0, 3): "read"}) == {(0, 3): "read"}
