"""A lattice refitted to the tiles read on it (vision.locate.refit_to_tiles), on small synthetic
pictures: a lattice a little off in perspective drifts off the tiles towards the layout's far
end; the robust least-squares refit of its foreshortening to where each tile's pair of edges
shows its centre puts it back on them all, and leaves a right lattice (or a bare picture) as
it is."""
import numpy as np

from vision.lattice import apply_h
from vision.locate import _perspective_change, refit_to_tiles
from tests.vision.test_lattice_focus import N, _colour_tiles, _lattice, _worst_off

#: the cells read as tiles: all but the far corner's (the drifting lattice missed them)
TILES = [(r, c) for r in range(N) for c in range(N) if r + c < 2 * N - 4]


def test_a_lattice_drifting_off_the_far_tiles_is_refitted_onto_them():
    img, fg = _colour_tiles()
    # cells growing 2% a cell down the layout (and 1% across): a third of a cell off at its
    # ends, as on a tilted photo whose far tiles weighed little in the lattice's fit
    off = _lattice(fg, _perspective_change(0.01, 0.02, np.array([N / 2, N / 2])))
    assert _worst_off(off) > 0.3
    assert _worst_off(refit_to_tiles(off, img, TILES)) < 0.08


def test_a_lattice_on_the_tiles_or_nearly_is_left_as_it_is():
    for seed in (0, 3, 5):
        img, fg = _colour_tiles(seed=seed)
        lat = _lattice(fg)
        assert refit_to_tiles(lat, img, TILES) is lat
        # (a lattice a tenth of a cell off at the layout's ends reads its cells as well: no
        # read again for it)
        near = _lattice(fg, _perspective_change(0.002, 0.004, np.array([N / 2, N / 2])))
        assert 0.05 < _worst_off(near) < 0.12
        assert refit_to_tiles(near, img, TILES) is near


def test_a_bare_picture_or_few_tiles_leave_the_lattice_alone():
    img, fg = _colour_tiles()
    lat = _lattice(fg)
    assert refit_to_tiles(lat, np.full_like(img, 128), TILES) is lat
    assert refit_to_tiles(lat, img, TILES[:3]) is lat


def _centres_of_stretched_rows(stretch: float, far_row: int):
    """The tiles' centres as :func:`vision.locate._tile_centres` gives them (per axis: points
    ``(N, 2)`` in the lattice's coordinates, the coordinate ``k`` each should have, weights) for
    a 5 x 5 block whose rows the lattice spaces ``stretch`` times too wide about its middle row,
    and a row of tiles ``far_row`` only measured across (their rows' edges unclear): each tile
    lies within half a cell of its cell along the axis measured, while the far row's cells, off
    by ``(stretch - 1)`` cells a row from the middle, only follow the refit of the others."""
    mid = 2.5
    across = [(c + 0.5, r + 0.5) for r in list(range(5)) + [far_row] for c in range(5)]
    down = [(c + 0.5, mid + (r + 0.5 - mid) / stretch) for r in range(5) for c in range(5)]
    pts = [np.array(across), np.array(down)]
    ks = [pts[0][:, 0].copy(), np.array([r + 0.5 for r in range(5) for _ in range(5)])]
    return pts, ks, [np.ones(len(k)) for k in ks]


def test_a_far_row_measured_across_only_is_moved_along_by_the_refit_of_the_rows():
    # rows 15% too wide: the block's tiles lie up to 0.26 of a cell off their cells' middles,
    # and a far arm of tiles three rows beyond, measured across only, moves 0.8 of a cell
    # along the refitted rows: the refit moved no measured centre beyond half a cell (the
    # measure holds each within its cell), so it stands (an independent render, octopus-hard-1036:
    # the far arm 0.98 of a cell along, every measured centre under 0.45)
    from vision.locate import TILE_FIT_MOVE, _tile_refit
    _, fg = _colour_tiles()
    lat = _lattice(fg)
    found = _centres_of_stretched_rows(1.15, -3)
    out = _tile_refit(lat, found)
    assert out is not None
    refit, moved = out
    assert moved > TILE_FIT_MOVE
    # (the far row's cell, row -3, now where the rows spaced right put it)
    far = apply_h(np.linalg.inv(refit.H) @ lat.H, np.array([[2.5, -2.5]]))[0]
    assert abs(far[1] - (2.5 + (-2.5 - 2.5) * 1.15)) < 0.05


def test_a_tile_measured_where_the_refit_puts_no_cell_centre_refuses_the_big_move():
    # the far row's one tile measured along the rows too: its centre moved 0.7-0.8 of a cell
    # out of the cell it was measured in; onto the next cell's centre it is that cell's tile
    # (renumbered: the refit stands), and so 0.15 of a cell off it, within TILE_RENUMBERED (a
    # far arm's tile this pass has yet to fit, as oct57 octopus-normal-2507's two, 0.14 and 0.15
    # off, which the next pass put on it); a third of a cell off it the tile's own measure
    # contradicts the refit (refused, as the whole move was before)
    from vision.locate import _tile_refit
    _, fg = _colour_tiles()
    lat = _lattice(fg)
    for lands_at, kept in ((-3.5, True), (-3.35, True), (-3.2, False)):
        pts, ks, ws = _centres_of_stretched_rows(1.15, -3)
        measured = 2.5 + (lands_at - 2.5) / 1.15  # (old y, in row -3: k = -2.5)
        assert -3 < measured < -2
        pts[1] = np.vstack([pts[1], [2.5, measured]])
        ks[1] = np.append(ks[1], -2.5)
        ws[1] = np.append(ws[1], 1.0)
        assert (_tile_refit(lat, (pts, ks, ws)) is not None) == kept


def test_a_lattice_turned_so_few_tiles_lie_near_their_cells_is_refitted_from_half_a_cell(
        monkeypatch):
    # rows spaced 1.325 times too wide: the middle row's tiles on their cells, the rows beside
    # it 0.245 off and the outer ones 0.49, all within half a cell (each measured in its own
    # cell) but only five, under TILE_FIT_MIN, within the first bound (0.24): the rows start
    # from the tiles within half a cell (oct61 octopus-normal-2472: 8 of 11 within 0.24)
    import vision.locate as locate
    _, fg = _colour_tiles()
    lat = _lattice(fg)
    found = _centres_of_stretched_rows(1.325, 2)
    out = locate._tile_refit(lat, found)
    assert out is not None
    refit, _ = out
    # (the outer row's cell, row 4, now where the rows spaced right put it)
    row4 = apply_h(np.linalg.inv(refit.H) @ lat.H, np.array([[2.5, 4.5]]))[0]
    assert abs(row4[1] - (2.5 + (4.5 - 2.5) * 1.325)) < 0.05
    # without the half-cell start the refit has too few tiles and is not made
    monkeypatch.setattr(locate, "TILE_FIT_TURNED", locate.TILE_FIT_FIRST)
    assert locate._tile_refit(lat, _centres_of_stretched_rows(1.325, 2)) is None


def test_a_small_layouts_lattice_drifting_off_its_tiles_is_refitted_onto_them():
    # a layout of nine tiles (Octopus layouts of 10-14 tiles are common, some of them missed
    # by the drifting lattice): cells growing 6% a cell down it, a quarter of a cell off at
    # its ends, are refitted when a refit may take as few as eight (min_tiles); a
    # lattice right on them is left as it is
    from tests.vision.scenes import colour_tile_block
    from vision.locate import Lattice
    pitch, origin, n = 30, 40, 3
    tiles = [(r, c) for r in range(n) for c in range(n)]

    def lattice(G=np.eye(3)):
        H = np.array([[pitch, 0, origin], [0, pitch, origin], [0, 0, 1.0]]) @ G
        return Lattice(H=H / H[2, 2], rows=(-1, n), cols=(-1, n), pitch_px=float(pitch),
                       work_scale=1.0, fg=fg)

    def worst_off(lat):
        pts = apply_h(lat.H, np.array([[c, r] for r in range(n + 1) for c in range(n + 1)],
                                      float))
        k = (pts - origin) / pitch
        return float(np.abs(k - np.round(k)).max())

    img, fg = colour_tile_block(pitch, origin, n)
    off = lattice(_perspective_change(0.03, 0.06, np.array([n / 2, n / 2])))
    assert worst_off(off) > 0.2
    few = 8  # (a refit asked to take fewer tiles than TILE_FIT_MIN: the homography's unknowns)
    assert worst_off(refit_to_tiles(off, img, tiles, min_tiles=few)) < 0.12
    assert refit_to_tiles(off, img, tiles) is off  # (other kits: too few tiles, TILE_FIT_MIN)
    for seed in range(4):
        img, fg = colour_tile_block(pitch, origin, n, seed)
        right = lattice()
        assert refit_to_tiles(right, img, tiles, min_tiles=few) is right


def test_a_refit_on_fewer_tiles_is_kept_only_while_its_passes_settle(monkeypatch):
    # passes that stand only by a min_tiles under TILE_FIT_MIN (a refit asking TILE_FIT_MIN of
    # their measures is refused) moving the tiles 0.22, then 0.55, then 0.47 of a cell (the
    # product renderer's bench, Octopus hard seed 2202: a ten-tile layout's noise taken for a
    # tilt, the next pass following the lattice further off): the first pass's lattice is
    # kept. Passes that settle (0.5, 0.15, 0.02) are all kept, as are passes that do not
    # settle on TILE_FIT_MIN tiles (the rule as it was for every kit)
    import vision.locate as locate
    img, fg = _colour_tiles()
    lat = _lattice(fg)
    passes = [lat.with_H(lat.H @ np.array([[1, 0, dx], [0, 1, 0], [0, 0, 1.0]]))
              for dx in (0.3, 0.6, 0.9)]  # (each pass's refitted lattice, in turn)
    found = _centres_of_stretched_rows(1.0, -3)
    monkeypatch.setattr(locate, "_tile_view_edges", lambda *a, **k: None)
    monkeypatch.setattr(locate, "_tile_centres", lambda *a, **k: found)

    def refitted(moves, few):
        steps = iter(zip(passes, moves))

        def tile_refit(_lat, _found, *, min_tiles=locate.TILE_FIT_MIN):
            if min_tiles >= locate.TILE_FIT_MIN:  # (the pass judged on TILE_FIT_MIN tiles)
                return None if few else (_lat, 0.0)
            return next(steps)

        monkeypatch.setattr(locate, "_tile_refit", tile_refit)
        return refit_to_tiles(lat, img, TILES, min_tiles=8)

    assert refitted((0.22, 0.55, 0.47), few=True) is passes[0]
    assert refitted((0.5, 0.15, 0.02), few=True) is passes[2]
    assert refitted((0.22, 0.55, 0.47), few=False) is passes[2]
