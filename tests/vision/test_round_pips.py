"""A die's pips are discs; a striped cloth's stripes, cut by a die layout into "pips", are
ridges (cells._pip_roundness): a tile's round pips are unlike a table whose die faces are its
stripes, however alike their inks (cells._unlike_table_dots)."""
from types import SimpleNamespace

import cv2
import numpy as np

from vision import cells
from vision.pips import read_pips

N = 48  # pixels per cell (solid tiles' top-down view)
CREAM, INK = 88.0, 20.0  # CIELAB lightness of the cloth's ground and of the dark inks


def _lab_row(n_stripes: int) -> np.ndarray:
    """A row of cells ``(N, N * (1 + n_stripes), 3)`` float32 Lab: a white tile showing a dark
    '2' on a cream cloth, then cloth cells crossed by a dark stripe at 30 degrees."""
    L = np.full((N, N * (1 + n_stripes)), CREAM, np.float32)
    cv2.rectangle(L, (2, 2), (N - 3, N - 3), 95.0, -1)
    for fy, fx in ((0.25, 0.25), (0.75, 0.75)):
        cv2.circle(L, (int(fx * N), int(fy * N)), int(0.09 * N), INK, -1, cv2.LINE_AA)
    for i in range(1, 1 + n_stripes):
        x0, y0 = i * N, N // 2
        dx, dy = int(N * np.cos(np.radians(30))), int(N * np.sin(np.radians(30)))
        cv2.line(L, (x0 - dx, y0 - dy + 4 * i), (x0 + N + dx, y0 + dy + 4 * i), INK,
                 int(0.12 * N), cv2.LINE_AA)
    lab = np.zeros(L.shape + (3,), np.float32)
    lab[..., 0] = L
    return lab


def _reads(lab: np.ndarray, k: int) -> dict:
    """The cells' die faces as read (dark pips), ``{(0, i): ({"pips": count},)}``."""
    got = read_pips(lab[..., 0], N, np.array([(0, i * N) for i in range(k)]))
    return {(0, i): ({"pips": int(got[-1].count[i])},) for i in range(k)}


def test_round_pips_are_unlike_a_striped_table():
    k = 4
    lab = _lab_row(k - 1)
    reads = _reads(lab, k)
    assert reads[(0, 0)][0]["pips"] == 2
    stripes = {c: r for c, r in reads.items() if c != (0, 0) and r[0]["pips"]}
    assert len(stripes) >= 2  # (the stripes read as die faces)
    ctx = SimpleNamespace(td=SimpleNamespace(r0=0, c0=0, ch=N, cw=N), lab=lab, lab_origin=(0, 0),
                          layout_white=None, die_faces=False, table_dots=sorted(stripes))
    shape = cells._pip_roundness(ctx, reads)
    assert shape[(0, 0)] >= cells.ROUND_PIPS
    assert all(shape[c] < cells.ROUND_PIPS for c in stripes)
    # the inks alike, the tile's face near the cloth's ground: only the shape tells them
    dark, ground = np.array([INK, 0.0, 0.0]), np.array([CREAM, 0.0, 5.0])
    ctx.pip_lab = {c: (dark, ground, True) for c in reads}
    ctx.table_dot_round = {c: shape[c] for c in stripes}
    beside = {(0, 0): reads[(0, 0)], min(stripes): stripes[min(stripes)]}
    assert cells._unlike_table_dots(ctx, beside) == {(0, 0): reads[(0, 0)]}
