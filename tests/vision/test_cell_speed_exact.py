"""Exact savings of work in reading the cells give the values the slower forms gave, bit for
bit: the pip response's arithmetic in place (vision.pips.blob_response), the die layouts'
fit without its largest temporaries (vision.pips._fit_layouts, _sum9), the glare of a lazily
converted view judged once (vision.cells._LazyCells), the exposures that blow a paint out
not measured (vision.cells._solid_exposed), the pip paints' names kept per palette
(vision.cells._pip_paint_names) and the evidence's numbers rounded at once
(vision.cells._distances_rows)."""
from types import SimpleNamespace

import cv2
import numpy as np

from vision.cells import (EXPOSURE_COST, TopDown, _distances, blown_out, _distances_rows,
                          _LazyCells, _pip_paint_names, _solid_exposed)
from vision.colour import (Palette, as_correction, ciede2000, match_from_distances,
                           palette_distance, palette_linear)
from vision.glare import CLIPPED_LINEAR, EXPOSURE_STEPS, exposed_lab
from vision.kits import kit_for_game
from vision.pips import PIP_RADII, _fit_layouts, _layout_masks, _sum9, blob_response, pip_box

RNG = np.random.default_rng(7)


def _blob_response_before(L: np.ndarray, n: int, radius: float) -> np.ndarray:
    """vision.pips.blob_response as written before: each step a fresh array."""
    r = pip_box(radius, n)
    inner = cv2.boxFilter(L, cv2.CV_32F, (2 * r + 1, 2 * r + 1), borderType=cv2.BORDER_REPLICATE)
    big = 4 * r + 1
    outer = cv2.boxFilter(L, cv2.CV_32F, (big, big), borderType=cv2.BORDER_REPLICATE)
    a_in, a_out = (2 * r + 1) ** 2, big ** 2
    ring = (outer * a_out - inner * a_in) / (a_out - a_in)
    return inner - ring


def _fit_scores_before(v: np.ndarray, v_on: np.ndarray | None):
    """The part of vision.pips._fit_layouts rewritten, as written before: (best grid, best
    layout, levels (N, Lk) and residuals (N, Lk) at the best grid)."""
    N = len(v)
    v = v.astype(np.float64)
    on, _ = _layout_masks()
    non = on.sum(1)
    onf = on.T.astype(np.float64)
    tot2 = (v ** 2).sum(-1)[..., None]
    if v_on is None:
        v_on = v
    else:
        v_on = v_on.astype(np.float64)
        tot2 = tot2 - (v ** 2) @ onf + (v_on ** 2) @ onf
    c = (v_on @ onf) / non
    sse = tot2 - non * c ** 2
    score = np.where(c > 0, non * c ** 2 - 3.0 * sse, -np.inf)
    bg, bl = np.divmod(score.reshape(N, -1).argmax(1), score.shape[2])
    rows = np.arange(N)
    return bg, bl, c[rows, bg], sse[rows, bg]


def test_blob_response_in_place_gives_the_values_of_fresh_arrays():
    L = cv2.GaussianBlur(RNG.uniform(0.0, 100.0, (130, 170)).astype(np.float32), (5, 5), 1.5)
    for n in (35, 48, 60):
        for radius in PIP_RADII:
            assert np.array_equal(blob_response(L, n, radius), _blob_response_before(L, n, radius))


def test_sum9_is_numpy_s_sum_over_the_die_positions():
    x = RNG.normal(0.0, 10.0, (7, 31, 9))
    assert np.array_equal(_sum9(x), x.sum(-1))
    assert np.array_equal(_sum9(x, squared=True), (x ** 2).sum(-1))


def test_fit_layouts_gives_the_fit_of_the_slower_form():
    for trial in range(40):
        N = int(RNG.integers(1, 30))
        v = (RNG.normal(0.0, 8.0, (N, 243, 9)) * RNG.uniform(0.1, 3.0, (N, 1, 1))).astype(np.float32)
        if trial % 3 == 0:
            v[RNG.uniform(size=v.shape) < 0.3] = 0.0  # (ties, and layouts with no level at all)
        v_on = None if trial % 2 else np.minimum(v, RNG.normal(0.0, 8.0, v.shape).astype(np.float32))
        got = _fit_layouts(v, v_on)
        bg, bl, cb, sb = _fit_scores_before(v, v_on)
        assert np.array_equal(got.geometry, bg) and np.array_equal(got.layout, bl)
        rows = np.arange(N)
        assert np.array_equal(got.contrast, cb[rows, bl])
        # (the posterior, from the residuals at the best grid: as before when they are)
        sigma2 = np.maximum(sb[rows, bl] / 9.0, (0.12 * np.maximum(cb[rows, bl], 1.0)) ** 2) + 4.0
        ll = np.where(cb > 0, -sb / (2 * sigma2[:, None]), -np.inf)
        seen = np.isfinite(ll.max(1))
        p = np.exp(ll[seen] - ll[seen].max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        _, counts = _layout_masks()
        prob = np.zeros((int(seen.sum()), 6))
        for j, k in enumerate(counts):
            prob[:, k - 1] += p[:, j]
        assert np.array_equal(got.prob[seen], prob)


def test_lazy_cells_judge_the_glare_of_each_cell_as_cell_by_cell():
    img = RNG.integers(0, 256, (4 * 20, 5 * 20, 3), dtype=np.uint8)
    img[10:30, 25:50] = 255  # (a blown-out patch across cells)
    td = TopDown(image=img, r0=2, c0=3, rows=4, cols=5, ch=20, cw=20)
    ctx = SimpleNamespace(td=td, lab=None, lab_origin=(0, 0), blown_px=None)
    cells = _LazyCells(ctx, img)
    cells.need([(3, 4), (4, 5)])
    assert set(ctx.blown_px) == set(cells.cells) and len(cells.cells) > 1
    assert any(v.any() for v in ctx.blown_px.values())
    for cell, lab in cells.cells.items():
        assert np.array_equal(ctx.blown_px[cell], blown_out(lab))


def test_solid_exposed_measures_only_the_exposures_that_leave_a_paint_its_own():
    kit = kit_for_game("octopus")
    pal = Palette.from_hex(kit.colours)
    labs = np.vstack([pal.lab + RNG.normal(0.0, 4.0, pal.lab.shape), [[99.0, 0.5, 0.5]]])
    for corr in (as_correction(None), np.array([[1.3, 1.1, 0.8], [0.02, 0.02, 0.01]])):
        dist = palette_distance(labs, pal, None)
        match = match_from_distances(dist, None)
        got_match, got = _solid_exposed(SimpleNamespace(palette=pal, profile=None), labs, match,
                                        dist, corr)
        c = as_correction(corr)
        paint = palette_linear(pal) * c[0]
        steps = EXPOSURE_STEPS[EXPOSURE_STEPS > 1.0]
        d = ciede2000(labs[:, None, None, :], exposed_lab(paint, steps, c[1])[None])
        blown = (steps[:, None, None] * paint[None] + c[1]).min(axis=2) >= CLIPPED_LINEAR
        assert blown.any()
        cost = EXPOSURE_COST * np.log2(steps)
        before = np.minimum(dist, np.where(blown[None], np.inf, d + cost[None, :, None]).min(axis=1))
        assert np.array_equal(got, before)
        assert np.array_equal(got_match.index, match_from_distances(before, None).index)


def test_pip_paint_names_are_kept_per_palette_and_named_as_before():
    kit = kit_for_game("octopus")
    pal = Palette.from_hex(kit.colours)
    before = frozenset(pal.names[int(np.argmin(ciede2000(pal.lab, np.array(
        cv2.cvtColor(np.array([[[int(h[5:7], 16), int(h[3:5], 16), int(h[1:3], 16)]]], np.uint8)
                     .astype(np.float32) / 255.0, cv2.COLOR_BGR2Lab)[0, 0])[None, :])))]
        for h in set(kit.pip_colours.values()))
    assert _pip_paint_names(kit, pal) == before
    assert _pip_paint_names(kit, pal) is _pip_paint_names(kit, pal)
    # (another palette of the same names is named on its own colours)
    other = Palette(pal.names, pal.lab[::-1].copy())
    assert _pip_paint_names(kit, other) == frozenset(
        other.names[int(np.argmin(ciede2000(other.lab, pal.lab[pal.names.index(n)][None, :])))]
        for n in before)


def test_distances_rows_are_each_row_s_distances():
    pal = Palette.from_hex(kit_for_game("textile").colours)
    d = RNG.uniform(0.0, 60.0, (9, len(pal.names)))
    assert _distances_rows(pal, d) == [_distances(pal, row) for row in d]
