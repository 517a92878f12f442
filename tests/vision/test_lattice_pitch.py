"""A lattice's pitch from the repeat of the tiles' edges (vision.locate), and cells of the
tiles' shape (vision.pipeline), on small synthetic pictures."""
import numpy as np
import pytest

from vision.lattice import apply_h
from vision.locate import Lattice, _refine_pitch


def _colour_tiles(pitch=40, n=5, gap=4, origin=(60, 60), size=(320, 320), seed=0):
    """A grey table (BGR) with an n x n block of tiles of random colours, cell (0, 0) of the
    tiles' lattice at ``origin``; and the tiles' mask."""
    rng = np.random.default_rng(seed)
    img = np.full((size[1], size[0], 3), 170, np.uint8)
    fg = np.zeros(size[::-1], bool)
    for r in range(n):
        for c in range(n):
            x0, y0 = origin[0] + c * pitch + gap // 2, origin[1] + r * pitch + gap // 2
            img[y0:y0 + pitch - gap, x0:x0 + pitch - gap] = rng.integers(20, 250, 3)
            fg[y0:y0 + pitch - gap, x0:x0 + pitch - gap] = True
    return img, fg


def _lattice(fg, px, py, x0=60.0, y0=60.0, rows=(-1, 6), cols=(-1, 6)):
    H = np.array([[px, 0, x0], [0, py, y0], [0, 0, 1.0]])
    return Lattice(H=H, rows=rows, cols=cols, pitch_px=float(np.sqrt(px * py)), work_scale=1.0,
                   fg=fg)


def _on_tile_lines(lat, pitch=40.0, origin=60.0, tol=0.08):
    """Whether the lattice's lines near the layout lie on the tiles' lines (both axes)."""
    pts = apply_h(lat.H, np.array([[c, r] for r in range(lat.rows[0], lat.rows[1] + 2)
                                   for c in range(lat.cols[0], lat.cols[1] + 2)], float))
    near = (pts > 40).all(1) & (pts < 280).all(1)
    k = (pts[near] - origin) / pitch
    return len(k) > 4 and np.allclose(k, np.round(k), atol=tol)


@pytest.mark.parametrize("factor", [2.0, 1.4])
def test_a_comb_off_the_tiles_pitch_along_one_axis_takes_the_pitch_of_their_edges(factor):
    # rows of cells `factor` tiles tall (a comb on every other line, or between): the edges
    # between the tiles repeat every 1 / factor cells along y
    img, fg = _colour_tiles()
    lat = _lattice(fg, 40.0, 40.0 * factor, rows=(-1, int(6 / factor)))
    out = _refine_pitch(lat, img)
    J = out.H[:2, :2]
    assert abs(abs(np.linalg.det(J)) - 1600.0) < 0.06 * 1600.0
    assert _on_tile_lines(out, tol=0.12)


def test_a_lattice_on_the_tiles_stays_as_it_is():
    img, fg = _colour_tiles()
    lat = _lattice(fg, 40.0, 40.0)
    assert _refine_pitch(lat, img) is lat


def test_a_less_clear_comb_is_taken_where_it_makes_the_cells_square():
    """Rows of cells 0.84 as tall as the tiles (cells 0.84 as tall as wide on the table, as
    final15 textile-hard-1435's): the comb of the tiles' edges along y repeats at 1.18 cells,
    1.8 times as coherent as at one cell (under PROFILE_GAIN): taken, as it squares the cells."""
    img, fg = _colour_tiles(n=3, seed=2)
    lat = _lattice(fg, 40.0, 40.0 * 0.84, rows=(-1, 4), cols=(-1, 3))
    assert _refine_pitch(lat, img) is lat  # (not clear enough on its own)
    out = _refine_pitch(lat, img, photo=(np.eye(3), img.shape[1::-1]))
    assert out is not lat
    assert abs(np.linalg.det(out.H[:2, :2]) - 1600.0) < 0.06 * 1600.0
    assert _on_tile_lines(out, tol=0.12)


def test_a_less_clear_comb_on_cells_already_square_is_not_taken():
    """Square cells on tiles 1.18 times as tall as wide (no square tiles): the same comb along
    y is not taken, the cells being square already (and those it would give far from it)."""
    rng = np.random.default_rng(2)
    img = np.full((320, 320, 3), 170, np.uint8)
    fg = np.zeros((320, 320), bool)
    for r in range(3):
        for c in range(3):
            x0, y0 = 60 + c * 40 + 2, 60 + int(r * 40 / 0.84) + 2
            img[y0:y0 + int(40 / 0.84) - 4, x0:x0 + 36] = rng.integers(20, 250, 3)
            fg[y0:y0 + int(40 / 0.84) - 4, x0:x0 + 36] = True
    lat = _lattice(fg, 40.0, 40.0, rows=(-1, 4), cols=(-1, 3))
    assert _refine_pitch(lat, img, photo=(np.eye(3), img.shape[1::-1])) is lat


def test_cells_far_from_square_count_against_a_reading_of_square_tiles():
    from vision.kits import kit_for_game
    from vision.pipeline import _misshapen, _settled, _Candidate

    image = np.zeros((1500, 2000, 3), np.uint8)
    fg = np.zeros((600, 800), bool)
    square = _lattice(fg, 80.0, 80.0, x0=800, y0=600)
    long = _lattice(fg, 80.0, 116.0, x0=800, y0=600)
    octopus, tapestry = kit_for_game("octopus"), kit_for_game("tapestry")
    assert _misshapen(image, square, octopus) == 0.0
    assert _misshapen(image, long, octopus) > 0.1
    assert _misshapen(image, long, tapestry) == 0.0       # (cards are oblong)
    info = {"coverage": 1.0, "fit": 3.0}
    assert _settled(_Candidate(1.0, square, None, [], {**info, "misshapen": 0.0}))
    assert not _settled(_Candidate(1.0, long, None, [], {**info, "misshapen": 0.2}))


def test_cells_of_no_card_shape_count_against_a_reading_of_cards():
    """A Tapestry lattice's cells must have a card's shape (63 x 88 mm and small gaps) either
    way round: nearly square cells (a pitch of one and a half cards along their short side,
    the independent renderer's tap21 hard-1488) count against its reading."""
    from vision.kits import kit_for_game
    from vision.pipeline import _misshapen

    image = np.zeros((1500, 2000, 3), np.uint8)
    fg = np.zeros((600, 800), bool)
    tapestry = kit_for_game("tapestry")
    portrait = _lattice(fg, 80.0, 112.0, x0=800, y0=600)
    landscape = _lattice(fg, 112.0, 80.0, x0=800, y0=600)
    square = _lattice(fg, 100.0, 92.0, x0=800, y0=600)
    thin = _lattice(fg, 60.0, 120.0, x0=800, y0=600)
    assert _misshapen(image, portrait, tapestry) == 0.0
    assert _misshapen(image, landscape, tapestry) == 0.0
    assert _misshapen(image, square, tapestry) > 0.05
    assert _misshapen(image, thin, tapestry) > 0.05


@pytest.mark.parametrize("aspect", [1.25, 1.53, 1 / 1.25, 1 / 1.53])
def test_true_card_cells_at_the_ends_of_the_measured_range_are_not_misshapen(aspect):
    """The truth lattices of the independent renderer's 377 Tapestry photos measure 1.25-1.53
    (either way round): none counts against its reading."""
    from vision.kits import kit_for_game
    from vision.pipeline import _misshapen

    image = np.zeros((150, 200, 3), np.uint8)
    fg = np.zeros((600, 800), bool)
    lat = _lattice(fg, 80.0, 80.0 * aspect, x0=800, y0=600)
    assert _misshapen(image, lat, kit_for_game("tapestry")) == 0.0
