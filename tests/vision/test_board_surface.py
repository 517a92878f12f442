"""Occupancy on a framed Twelve Tiles board: the empty board's surface, however lit."""
import numpy as np

from vision.cells import _board_surface, _from_surface, _surface_looks
from vision.kits import kit_for_game
from vision.colour import Palette, bgr_to_lab, linear_to_srgb, srgb_to_linear, lab_to_bgr


def _lit(lab, k, w=0.0):
    lin = srgb_to_linear(lab_to_bgr(np.asarray(lab, np.float32)[None, :]))[0]
    out = np.clip(k * lin + w, 0, 1)
    return bgr_to_lab(linear_to_srgb(out[None, :]).astype(np.float32))[0]


def test_the_surface_is_the_colour_most_cells_share():
    board = np.array([82.0, 9.0, 26.0])  # a beige board under warm light
    rng = np.random.default_rng(0)
    empty = board + rng.normal(0, 0.5, (20, 3))
    tiles = np.array([[55, 40, 30], [60, -30, 20], [58, 5, -40], [70, 2, 3], [65, -2, 4]], float)
    found = _board_surface(np.vstack([tiles, empty]))
    assert found is not None
    assert np.allclose(found[0][1:], board[1:], atol=1.0) and found[1] < 2.0
    # a board covered with distinct tiles has no surface to speak of
    assert _board_surface(rng.normal(0, 30, (20, 3)) + [60, 0, 0]) is None


def test_glare_and_shadow_on_the_surface_stay_close_tiles_do_not():
    board = np.array([82.0, 9.0, 26.0])
    looks = _surface_looks(board)
    for k, w in ((2.5, 0.2), (1.6, 0.0), (0.6, 0.0), (3.5, 0.5)):
        assert _from_surface(_lit(board, k, w), looks) < 4.0, (k, w)
    for tile in ([55, 40, 30], [60, -30, 20], [58, 5, -40], [50, 20, 45]):
        assert _from_surface(np.array(tile, float), looks) > 10.0, tile


def _drawn_cell(n, sectors_lab, line_l=None):
    """An (n, n) Lab cell split by its diagonals into four sectors (n, e, s, w), the diagonals
    drawn ``line_l`` light (or not at all)."""
    yy, xx = (np.mgrid[0:n, 0:n] + 0.5) / n - 0.5
    cell = np.zeros((n, n, 3), np.float32)
    for mask, lab in zip((yy < -np.abs(xx), xx > np.abs(yy), yy > np.abs(xx), xx < -np.abs(yy)), sectors_lab):
        cell[mask] = lab
    if line_l is not None:
        on = (np.abs(np.abs(xx) - np.abs(yy)) < 0.025)
        cell[on] = (line_l, 0.0, 0.0)
    return cell


def test_a_glared_tiles_drawing_tells_it_from_the_plain_board():
    from vision.cells import DIAGONAL_LINES, _diagonal_contrast
    rng = np.random.default_rng(1)
    n = 32
    plain = np.full((n, n, 3), (90.0, 4.0, 18.0), np.float32) + rng.normal(0, 0.8, (n, n, 3)).astype(np.float32)
    # a tile washed by glare: pale sectors of four hues, its diagonals still a little lighter
    glared = _drawn_cell(n, [(92, 2, 30), (90, 12, 14), (91, -8, 20), (90, -2, 6)], line_l=95.0)
    glared += rng.normal(0, 0.8, (n, n, 3)).astype(np.float32)
    lines = _diagonal_contrast(np.stack([plain[..., 0], glared[..., 0]]))
    assert abs(lines[0]) < DIAGONAL_LINES / 2
    assert lines[1] > DIAGONAL_LINES


def test_the_surface_is_read_on_the_cells_not_blown_out_by_a_hot_spot():
    # a white board under a warm lamp (92, 4, 9) with a hot spot blowing out more of its empty
    # cells to (99, 0, 0) than it leaves clear (the independent renderer's hard 124): the clipped
    # cells have lost the surface's colour, and taking theirs made the warm-lit cells tiles
    board = np.array([92.0, 4.0, 9.0])
    rng = np.random.default_rng(1)
    clear = board + rng.normal(0, 0.4, (6, 3))
    blown = np.array([99.1, 0.0, 0.0]) + rng.normal(0, 0.1, (9, 3))
    tiles = np.array([[55, 40, 30], [60, -30, 20], [58, 5, -40], [70, 2, 3]], float)
    found = _board_surface(np.vstack([tiles, clear, blown]))
    assert found is not None and np.allclose(found[0], board, atol=1.0)
    looks = _surface_looks(found[0])
    assert _from_surface(blown[0], looks) < 2.0  # (the blown cells are its look under glare)


def test_a_board_measured_in_a_hot_spot_keeps_its_bare_cells_beside_it():
    # a grey board whose surface is measured in a lamp's hot spot (most of its empty cells lie
    # in it: the independent renderer's final23 hard 3008, L* 73): its bare cells away from the
    # hot spot, in the lamp's falloff, lie at a tenth of that light (L* 26), darker than the
    # looks' shadow reaches; the board's own looks reach them, and no paint in that shade
    from vision.cells import PLAIN_CELL_FROM, _board_cell_logit, _board_looks
    board = np.array([73.0, -0.5, -2.0])
    board_looks = _board_looks(board)
    plain_looks = _surface_looks(board)
    # (the board's looks hold every look of the table's: a lower shade only adds looks)
    assert all(np.min(np.abs(board_looks - look).sum(axis=1)) < 1e-9 for look in plain_looks)
    for k in (0.1, 0.13, 0.2, 0.3):
        bare = _lit(board, k)
        assert _from_surface(bare, board_looks) < 2.0, k
        s = _board_cell_logit(_from_surface(bare, board_looks), 0.0, (0.0, 0.4),
                              lift=float(bare[0] - board[0]), surface_l=float(board[0]))
        assert s < -1.0, k
    # (the looks as a table's, down to SHADE_MIN only, left the darkest a tile)
    assert _from_surface(_lit(board, 0.1), plain_looks) > 7.0
    paints = Palette.from_hex(kit_for_game("twelve-tiles").colours).lab  # the kit's four paints
    for paint in paints:
        for k in (0.1, 0.2, 0.5):
            assert _from_surface(_lit(paint, k), board_looks) > PLAIN_CELL_FROM, (paint, k)


def test_shade_steps_below_shade_min_only_add_looks():
    from vision.cells import SHADE_MIN, _shade_steps
    table = _shade_steps(SHADE_MIN)
    assert np.allclose(table, np.geomspace(SHADE_MIN, 1.0, 6))
    board = _shade_steps(0.1)
    assert board[0] == 0.1 and np.all(np.diff(board) > 0)
    assert np.all(np.isin(table, board))
    ratios = board[1:] / board[:-1]
    assert np.allclose(ratios[1:], ratios[-1])  # the table's ratio continued (after 0.1 itself)


def test_plain_cells_drifting_from_the_bare_board_stay_bare_a_one_colour_tile_does_not():
    # a cream board reddening towards a corner under a 3000 K lamp (measure.py twelve-tiles seed
    # 4, photo 10: its plain cells a* 3.8 -> 9.2, 8-10 from the looks), the reddest cells
    # reached from the bare cells near the surface only through cells between; a plain
    # one-colour tile 16 from the looks, a plain cell 6 apart in hue from every bare cell and a
    # plain cell of the bare board's very colour but PLAIN_CELL_FROM or more from the looks stay
    # taken
    from vision.cells import PLAIN_CELL_FROM, _bare_by_colour_chain

    plain = {(7, 1): (np.array([86.4, 12.3, 27.0]), 10.8),  # a* 5.4 -> 8.4-9.2 -> 12.3
             (0, 0): (np.array([90.7, 3.9, 26.8]), 4.6), (1, 0): (np.array([89.8, 5.4, 27.0]), 6.2),
             (2, 0): (np.array([89.0, 6.7, 26.9]), 7.4),  # taken at first: bare
             (5, 0): (np.array([88.0, 8.4, 27.1]), 9.0), (6, 0): (np.array([87.2, 9.2, 26.9]), 9.7),
             (7, 0): (np.array([86.8, 9.0, 26.9]), 9.5),
             (7, 5): (np.array([80.0, 9.0, 60.0]), 16.4),  # a washed yellow one-colour tile
             (7, 7): (np.array([88.0, 3.9, 20.8]), 9.0),   # 6 from every bare cell's (a, b)
             (3, 3): (np.array([88.0, 8.0, 27.0]), 12.5)}  # the board's colour, too far from the looks
    occ = {c: c not in ((0, 0), (1, 0)) for c in plain}
    occ[(4, 0)] = True  # a tile with a drawing between (not plain)
    # (the far cell beyond the seeds' reach, the guarded one within it: what the test rests on)
    seeds = [plain[(0, 0)][0], plain[(1, 0)][0]]
    far, guarded = plain[(7, 1)][0], plain[(3, 3)][0]
    assert all(np.hypot(*(far - lab)[1:]) > 4.0 for lab in seeds)
    assert np.hypot(*(guarded - plain[(5, 0)][0])[1:]) < 4.0
    assert plain[(3, 3)][1] >= PLAIN_CELL_FROM
    bare = _bare_by_colour_chain(plain, occ)
    assert sorted(bare) == [(2, 0), (5, 0), (6, 0), (7, 0), (7, 1)]
    assert bare[-1] == (7, 1)  # grown from the cells grown before it, though listed first
    assert (3, 3) not in bare  # stays taken
    # nothing left bare, nothing to grow from
    assert _bare_by_colour_chain(plain, {c: True for c in plain}) == []
