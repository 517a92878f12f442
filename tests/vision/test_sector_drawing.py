"""A board's cell holding a sector tile washed out by a lamp's glare is told from the board's
plain empty cell by the tile's drawing: its diagonals, printed in light or in dark lines
(vision.cells._diagonal_contrast, _shows_drawing). The cells are drawn here as L* grids."""
import math

import numpy as np

from vision.cells import SECTOR_HUES, _diagonal_contrast, _shows_drawing

N = 40  # a cell's side in pixels


def _cell(line_l: float, face_l: float = 85.0, noise: float = 1.0, seed: int = 0) -> np.ndarray:
    """A cell's L* ``(N, N)``: a face of lightness ``face_l`` with its two diagonals drawn
    1.5 px wide in lightness ``line_l`` (``face_l``: no lines, a plain board cell), and noise."""
    yy, xx = np.mgrid[0:N, 0:N] + 0.5
    near = np.minimum(np.abs(xx - yy), np.abs(xx + yy - N)) / math.sqrt(2) < 0.75
    grid = np.where(near, line_l, face_l)
    return grid + np.random.default_rng(seed).normal(0.0, noise, grid.shape)


def test_dark_and_light_diagonals_show_a_tile_and_a_plain_cell_none():
    # a one-colour tile washed pale by the glare, its sectors a little apart in hue under the
    # lamp's gradient: its dark (black-printed) lines show it, as light-printed ones do
    lines = _diagonal_contrast(np.stack([_cell(70.0), _cell(97.0), _cell(85.0, seed=1)]))
    hues = 1.4 * SECTOR_HUES
    dark, light, plain = (float(v) for v in lines)
    assert dark < 0 < light and abs(plain) < 0.5
    assert _shows_drawing(dark, hues)
    assert _shows_drawing(light, hues)
    assert not _shows_drawing(plain, hues)
    # lines without sectors apart in hue are no tile's drawing (a board's own marks)
    assert not _shows_drawing(dark, 0.5 * SECTOR_HUES)
