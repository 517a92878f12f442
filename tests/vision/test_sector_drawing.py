"""A board's cell holding a sector tile washed out by a lamp's glare is told from the board's
plain empty cell by the tile's drawing: its diagonals, printed in light or in dark lines
(vision.cells._diagonal_contrast, _shows_drawing). The cells are drawn here as L* grids."""
import math
from types import SimpleNamespace

import numpy as np

from vision.cells import (DARK_SURFACE_L, FALLOFF_APART, GLARE_LIFT, PLAIN_CELL_FROM,
                          SECTOR_HUES, _board_cell_logit, _glare_falloff, _diagonal_contrast, _from_surface,
                          _board_looks, _sectors_apart, _shows_drawing, _shows_no_drawing)
from vision.colour import bgr_to_lab, lab_to_bgr, linear_to_srgb, srgb_to_linear

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


def test_a_plain_cell_in_a_warm_hot_spot_is_the_board_a_drawn_one_a_tile():
    # the bare dark board (L* ~30) under a warm lamp's hot spot, lifted ~60 L* by the glare,
    # lies ~8-10 from the surface's white-glare looks (final21 twelve-tiles-hard-2309) with no
    # drawing: the board, not a tile
    plain = (0.05, 0.5)  # (diagonals' contrast, sectors' hue spread) of a plain cell
    dark = {"lift": 60.0, "surface_l": 30.0}  # L* above the surface; the surface's L*
    assert _shows_no_drawing(*plain)
    assert _board_cell_logit(9.5, 0.5, plain, **dark) < 0
    # ... as far from the looks with a tile's drawing (lines and sectors apart), a tile
    drawn = (-2.0, 2 * SECTOR_HUES)
    assert not _shows_no_drawing(*drawn)
    assert _board_cell_logit(9.5, 0.5, drawn, **dark) > 0
    # ... and a plain cell far from every look is a one-colour tile (measured 16.4 and more)
    assert _board_cell_logit(16.4, 0.5, plain, **dark) > 0
    assert _board_cell_logit(PLAIN_CELL_FROM + 1.5, 0.5, plain, **dark) > 0
    # a plain cell about the surface's own lightness (a washed one-colour tile on a white
    # board, the independent renderer's hard seed 516) keeps the surface's usual margin
    assert _board_cell_logit(9.5, 0.5, plain, lift=GLARE_LIFT - 15.0, surface_l=30.0) > 0
    # ... as does one lifted as far on a mid-tone board (no such board measured)
    assert _board_cell_logit(9.5, 0.5, plain, lift=25.0, surface_l=DARK_SURFACE_L + 15.0) > 0
    # without the drawing measured, the surface's usual margin
    assert _board_cell_logit(9.5, 0.5, None, **dark) > 0


def _as_lab(linear_bgr: np.ndarray) -> np.ndarray:
    """CIELAB ``(3,)`` of a linear BGR colour ``(3,)`` (clipped to the camera's range)."""
    srgb = linear_to_srgb(np.clip(np.asarray(linear_bgr, np.float32), 0.0, 1.0))
    return bgr_to_lab(srgb[None, :])[0].astype(np.float64)


def _hue_spread(sectors: np.ndarray) -> float:
    """The sectors' hue spread as read_cells measures it: their mean (a*, b*) distance from
    their mean, ``sectors`` ``(4, 3)`` Lab."""
    ab = sectors[:, 1:]
    return float(np.linalg.norm(ab - ab.mean(axis=0), axis=1).mean())


def _logit(surface: np.ndarray, sectors: np.ndarray, lines: float = 0.0) -> float:
    """_board_cell_logit of a cell of ``sectors`` (n/s/e/w Lab ``(4, 3)``) on a board of
    ``surface`` Lab, judged by its sector nearest the surface's looks (as the worst-fitting
    sector often is, on a bare cell and a washed tile alike)."""
    looks = _board_looks(surface)
    drawn = (lines, _hue_spread(sectors))
    ctx = SimpleNamespace(sector_labs={(0, 0): sectors})
    near = min(_from_surface(lab, looks) for lab in sectors)
    return _board_cell_logit(near, 0.5, drawn, lift=float(sectors[:, 0].mean() - surface[0]),
                             surface_l=float(surface[0]),
                             apart=_sectors_apart(ctx, (0, 0), drawn, looks))


def test_a_glare_falloff_across_a_bare_cell_is_no_drawing():
    # the tan board (final21 twelve-tiles-hard-2310) at a hot spot's edge: the light rises
    # steeply across the cell, more light and glare on one side than the other, and washes
    # the board's colour towards white over it: its sectors lie apart in hue (over twice
    # SECTOR_HUES, where the hue alone would vouch for a drawing) but each is a look of the
    # bare surface
    surface = np.array([62.5, 14.2, 38.5])
    board = srgb_to_linear(lab_to_bgr(surface.astype(np.float32)[None, :]))[0]
    falloff = np.array([_as_lab(k * board + w) for k, w in
                        [(3.0, 0.05), (2.2, 0.0), (3.5, 0.15), (1.8, 0.0)]])
    assert _hue_spread(falloff) > 2 * SECTOR_HUES
    assert _logit(surface, falloff) < 0
    # ... while a one-colour tile's faint diagonals and the same hues still show a tile
    assert _logit(surface, falloff, lines=-2.0) > 0


def test_a_washed_tile_apart_in_hue_alone_is_a_tile():
    # yellow, green and red sectors washed pale by a glare on a cream board (final13
    # twelve-tiles-hard-805): two sectors still lie far from every look of the board
    surface = np.array([83.8, 3.8, 21.6])
    paints = {"yellow": (0x35, 0xC9, 0xF2), "green": (0x45, 0x9A, 0x3C),
              "red": (0x2C, 0x34, 0xD0)}
    washed = {name: _as_lab(1.6 * srgb_to_linear(np.array(bgr, np.float32)[None, :] / 255.0)[0]
                            + 0.55) for name, bgr in paints.items()}
    tile = np.array([washed[c] for c in ("yellow", "green", "red", "yellow")])
    assert _hue_spread(tile) > 2 * SECTOR_HUES
    assert _logit(surface, tile) > 0


def test_a_glare_falloff_is_bounded_whatever_the_boards_spread():
    # the falloff's bound is FALLOFF_APART, not the cell's margin (which grows with a mottled
    # board's spread): a sector 9 from the board's looks (a washed tile, final13
    # twelve-tiles-hard-805: 9.1) is a paint on any board; 3.6 (the bare cells measured) is not
    hue_alone = (0.0, 3 * SECTOR_HUES)
    assert _glare_falloff(hue_alone, 3.6)
    assert not _glare_falloff(hue_alone, 9.0)
    assert 3.6 < FALLOFF_APART < 9.0
    # ... and a cell whose diagonals show, or whose sectors were not measured, is no falloff
    assert not _glare_falloff((2.0, 3 * SECTOR_HUES), 3.6)
    assert not _glare_falloff(hue_alone, None)
    # a mottled board (spread 4: margin 12): the washed tile 9 from its looks stays a tile
    assert _board_cell_logit(9.0, 4.0, hue_alone, lift=0.0, surface_l=80.0, apart=9.0) == 0.5
