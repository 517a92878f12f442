"""Exact savings of work give the values the slower forms gave, bit for bit: Sobel gradients
of a uint8 picture straight into float32 (vision.locate._edge_strength_of,
vision.cells.view_gradients), medians and percentiles by vision.colour's fast forms where the
locator, the frame and the cards' art took numpy's, and a card view's quadratic terms kept per
size (vision.symbols._quadratic_terms), a hex colour converted once (vision.colour.hex_to_lab);
and the X-Tiles wedges' unevenness from 13 correlations (vision.cells._wedge_unevenness), which
gives the 30's values within float32 rounding rather than bit for bit."""
import cv2
import numpy as np

from vision.colour import median_last, percentile_last
from vision.locate import Lattice, _edge_strength_of
from tests.vision.scenes import colour_tile_block

PITCH, ORIGIN, N = 30, 40, 6


def _edge_strength_on_float(lat: Lattice, work: np.ndarray, px: int):
    """The edge strength as computed before: Sobel on a float32 copy, channels summed by numpy."""
    nr, nc = lat.rows[1] - lat.rows[0] + 1, lat.cols[1] - lat.cols[0] + 1
    T = np.array([[1 / px, 0, lat.cols[0]], [0, 1 / px, lat.rows[0]], [0, 0, 1.0]])
    M = np.diag([lat.work_scale, lat.work_scale, 1.0]) @ lat.H @ T
    flags, size = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, (nc * px, nr * px)
    top = cv2.warpPerspective(work, M, size, flags=flags, borderValue=0).astype(np.float32)
    near = cv2.warpPerspective(lat.fg.astype(np.uint8) * 255, M, size, flags=flags, borderValue=0)
    near = cv2.dilate(near, np.ones((px // 2 + 1, px // 2 + 1), np.uint8)) > 128
    inside = cv2.warpPerspective(np.full(work.shape[:2], 255, np.uint8), M, size, flags=flags,
                                 borderValue=0)
    wgt = (near & (cv2.erode(inside, np.ones((5, 5), np.uint8)) > 128)).astype(np.float32)
    out = []
    for axis in (0, 1):
        g = np.abs(cv2.Sobel(top, cv2.CV_32F, 1 - axis, axis, ksize=3))
        out.append((g.sum(axis=2) if g.ndim == 3 else g) * wgt)
    return out


def test_edge_strength_from_uint8_equals_the_float_copy_s():
    for seed in range(3):
        img, fg = colour_tile_block(PITCH, ORIGIN, N, seed)
        for shift, px in ((0.0, 16), (3.7, 24)):
            H = np.array([[PITCH, 0, ORIGIN + shift], [0, PITCH, ORIGIN], [0, 0, 1.0]])
            lat = Lattice(H=H, rows=(-1, N), cols=(-1, N), pitch_px=float(PITCH),
                          work_scale=1.0, fg=fg)
            for work in (img, cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)):
                got = _edge_strength_of(lat, work, px)
                want = _edge_strength_on_float(lat, work, px)
                for a, b in zip(got, want):
                    assert a.dtype == b.dtype == np.float32
                    assert np.array_equal(a, b)


def test_view_gradients_from_uint8_equal_the_float_copy_s():
    from vision.cells import view_gradients, rectify

    img, fg = colour_tile_block(PITCH, ORIGIN, N, 1)
    H = np.array([[PITCH, 0, ORIGIN + 1.3], [0, PITCH, ORIGIN], [0, 0, 1.0]])
    td = rectify(img, Lattice(H=H, rows=(-1, N), cols=(-1, N), pitch_px=float(PITCH),
                              work_scale=1.0, fg=fg), cell_px=32)
    gray = cv2.cvtColor(td.image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    gx, gy = view_gradients(td)
    assert np.array_equal(gx, cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3))
    assert np.array_equal(gy, cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3))


def test_fast_medians_and_percentiles_give_numpy_s_values_in_the_shapes_used():
    rng = np.random.default_rng(5)
    for dtype in (np.float32, np.float64):
        for n in (1, 2, 7, 40, 301):
            mids = rng.normal(300, 80, (n, 2)).astype(dtype)  # (locate: segments' midpoints)
            assert np.array_equal(median_last(mids.T), np.median(mids, axis=0))
            v = rng.normal(0, 10, n).astype(dtype)
            assert percentile_last(v, 90) == np.percentile(v, 90)  # (the cards' art)
            lo, hi = (percentile_last(v, q, together=True) for q in (2, 98))  # (fit_comb)
            assert (lo, hi) == tuple(np.percentile(v, [2, 98]))
        # (the frame's strips: (S, nr, nc, 6, 3) medians along axis 3)
        seg = rng.normal(50, 20, (4, 3, 2, 6, 3)).astype(dtype)
        seg[0, 0, 0, 2] = -0.0
        assert np.array_equal(median_last(np.moveaxis(seg, 3, -1)), np.median(seg, axis=3))
        spr = rng.uniform(0, 5, (4, 3, 2, 6)).astype(dtype)
        spr[1, 1, 1, 3] = np.nan
        assert np.array_equal(median_last(spr), np.median(spr, axis=3), equal_nan=True)


def test_quadratic_terms_are_kept_per_size_read_only_and_as_computed():
    from vision.symbols import _quadratic_terms

    t = _quadratic_terms(50, 72)
    assert _quadratic_terms(50, 72) is t and not t.flags.writeable
    yy, xx = np.mgrid[0:50, 0:72].astype(np.float32)
    yy, xx = (yy - 25) / 50, (xx - 36) / 72
    want = np.stack([np.ones_like(xx), xx, yy, xx * xx, yy * yy, xx * yy], -1)
    assert t.dtype == np.float32 and np.array_equal(t, want)


def test_hex_to_lab_is_converted_once_and_returns_a_fresh_array():
    from vision.colour import bgr_to_lab, hex_to_lab

    want = bgr_to_lab(np.array([[0x2E, 0x10, 0xC8]], np.uint8))[0]
    a = hex_to_lab("#C8102E")
    assert a.dtype == want.dtype and np.array_equal(a, want)
    a[:] = -1.0  # (a caller's changes do not reach the kept conversion)
    b = hex_to_lab("#C8102E")
    assert b is not a and np.array_equal(b, want) and b.flags.writeable


def test_norm3_and_dot3_are_numpy_s_last_axis_norm_and_sum_to_the_bit():
    """The card art's colour distances (vision.symbols.symbol_mask, vision.cells._symbol_mask)
    by two additions instead of numpy's reduction over an axis of three."""
    from vision.colour import dot3, norm3

    rng = np.random.default_rng(7)
    for dtype in (np.float32, np.float64):
        for shape in ((1, 3), (5, 3), (3000, 3), (77, 52, 3), (4, 101, 72, 3)):
            v = rng.normal(0, 30, shape).astype(dtype)
            w = rng.normal(0, 1, shape).astype(dtype)
            want = np.linalg.norm(v, axis=-1)
            got = norm3(v)
            assert got.dtype == want.dtype and np.array_equal(got, want)
            want = np.sum(v * w, axis=-1)
            got = dot3(v, w)
            assert got.dtype == want.dtype and np.array_equal(got, want)
    grey = rng.integers(0, 256, (40, 3), dtype=np.uint8)  # (integers: float64, as numpy's)
    assert np.array_equal(norm3(grey), np.linalg.norm(grey, axis=-1))


def test_pip_reads_share_their_view_and_give_each_size_s_own_values():
    """vision.pips.read_pips reads each pip size's response once on one crop of the view (the
    size's probe and its full read share it), with the values each read alone gives."""
    import vision.pips as pips
    from tests.vision.test_pip_size import N, _faces

    fields = ("count", "prob", "contrast", "confidence", "geometry", "layout")
    for pip_radius, kept in ((0.04, pips.PIP_RADII[1]), (0.075, pips.PIP_RADII[0])):
        L, origins = _faces(pip_radius)
        calls = []
        orig = pips.blob_response
        pips.blob_response = lambda *a, **k: (calls.append(a[2]), orig(*a, **k))[1]
        try:
            shared = pips.read_pips(L, N, origins)
        finally:
            pips.blob_response = orig
        assert sorted(calls) == sorted(pips.PIP_RADII)  # (one response per size)
        alone = pips._read_pips_at(L, N, origins, kept)
        for p in (1, -1):
            for f in fields:
                a, b = getattr(shared[p], f), getattr(alone[p], f)
                assert a.dtype == b.dtype and np.array_equal(a, b)


def test_middle_components_keep_what_the_loop_over_components_kept():
    """vision.symbols.middle_components (one pass over the components' stats) keeps the
    components the loop over them kept (vision.symbols.symbol_mask, vision.cells._symbol_mask)."""
    from vision.symbols import middle_components

    def by_loop(mask):
        ch, cw = mask.shape
        n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
        keep = np.zeros(n, bool)
        for i in range(1, n):
            x, y, bw, bh, a = stats[i]
            keep[i] = (a >= 0.002 * ch * cw and abs(x + bw / 2 - cw / 2) < 0.35 * cw
                       and abs(y + bh / 2 - ch / 2) < 0.35 * ch)
        return keep[labels].astype(np.uint8)

    rng = np.random.default_rng(0)
    dropped = 0
    for shape, share in (((52, 72), 0.1), ((40, 40), 0.4), ((30, 50), 0.0), ((36, 31), 0.03)):
        blur = cv2.GaussianBlur(rng.random(shape), (0, 0), 1.0)
        mask = ((blur < np.quantile(blur, share)) if share else np.zeros(shape, bool)
                ).astype(np.uint8)
        mask[shape[0] // 3:shape[0] // 2, shape[1] // 3:shape[1] // 2] = 1  # (the art)
        out = middle_components(mask)
        assert out.dtype == np.uint8 and np.array_equal(out, by_loop(mask))
        assert out.sum() >= 1
        dropped += int((mask > out).any())
    assert dropped >= 2  # (specks and rim blobs were there to drop)


def _painted_pieces(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """A paint mask (uint8 0/1, 240 x 320) of random ellipses, bars and specks, and each
    pixel's nearest palette index (of 4): pieces of one paint, of two, squat and long."""
    rng = np.random.default_rng(seed)
    paint = np.zeros((240, 320), np.uint8)
    colour = np.zeros_like(paint)
    for _ in range(60):
        k = int(rng.integers(4))
        piece = np.zeros_like(paint)
        c = (int(rng.integers(320)), int(rng.integers(240)))
        if rng.random() < 0.5:
            axes = (int(rng.integers(2, 30)), int(rng.integers(2, 18)))
            cv2.ellipse(piece, c, axes, float(rng.uniform(0, 180)), 0, 360, 1, -1)
        else:
            cv2.rectangle(piece, c, (c[0] + int(rng.integers(2, 40)),
                                     c[1] + int(rng.integers(2, 25))), 1, -1)
        paint |= piece
        colour[piece > 0] = k
    paint[rng.random(paint.shape) < 0.01] = 1  # (specks)
    return paint, colour


def test_tile_shaped_components_are_the_components_filtered_as_before():
    """vision.xtiles._tile_shaped_components (moments and hull of the blobs of two paints
    only) keeps what filtering _components' list kept, with the same paint held and count."""
    from vision.xtiles import (MIN_ELONGATION, MIN_SOLIDITY, _components, _labelled_paints,
                               _mixed, _tile_shaped_components)

    for seed in range(6):
        paint, colour = _painted_pieces(seed)
        for mask in (paint, cv2.morphologyEx(paint, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))):
            for with_colour in (True, False):
                col = colour if with_colour else None
                for min_area in (12.0, 60.0):
                    comps = _components(mask, min_area, col, paint, 4)
                    want = [c[:4] for c in comps if c[3] >= MIN_ELONGATION
                            and c[4] >= MIN_SOLIDITY and _mixed(c[5])]
                    got, area, n = _tile_shaped_components(
                        _labelled_paints(mask, col, paint, 4), min_area)
                    assert got == want
                    assert area == sum(c[2] for c in comps) and n == len(comps)


def test_tiles_at_with_the_labellings_shared_finds_what_it_finds_alone():
    """vision.xtiles._tiles_at given the paint's labelling and the seams' closings' (as
    _tile_blobs shares them between sizes) finds the blobs it finds labelling them itself."""
    from vision.xtiles import _labelled_paints, _tiles_at

    for seed in range(4):
        paint, colour = _painted_pieces(seed)
        to_paint = cv2.distanceTransform((paint == 0).astype(np.uint8), cv2.DIST_L2, 3)
        pieces, seams = _labelled_paints(paint, colour, paint, 4), {}
        for typical in (9.0, 5.0):
            alone = _tiles_at(paint, to_paint, typical, colour, 4)
            assert _tiles_at(paint, to_paint, typical, colour, 4, pieces, seams) == alone
        assert set(seams) == {1.0, 1.5}


def test_finite_match_is_nan_to_num_of_the_match():
    """vision.xtiles._finite_match gives np.nan_to_num of cv2's normalised correlation, and a
    map holding NaN and infinities (should cv2 give one) mended as np.nan_to_num mends it."""
    from vision import xtiles
    from vision.xtiles import _finite_match

    rng = np.random.default_rng(3)
    tmpl = rng.random((9, 9)).astype(np.float32)
    for region in (rng.random((15, 15)).astype(np.float32), np.ones((15, 15), np.float32)):
        region[:5, :5] = 0.5  # (a flat corner)
        want = np.nan_to_num(cv2.matchTemplate(region, tmpl, cv2.TM_CCOEFF_NORMED))
        got = _finite_match(region, tmpl)
        assert got.dtype == want.dtype and np.array_equal(got, want)
    bad = np.array([[np.nan, np.inf], [-np.inf, 0.5]], np.float32)
    real = xtiles.cv2.matchTemplate
    try:
        xtiles.cv2.matchTemplate = lambda *a: bad.copy()
        assert np.array_equal(_finite_match(region, tmpl), np.nan_to_num(bad))
    finally:
        xtiles.cv2.matchTemplate = real


def _wedge_unevenness_before(around: np.ndarray, wedges: tuple[np.ndarray, ...]) -> np.ndarray:
    """vision.cells._wedge_unevenness as written before: 30 correlations (each wedge's and all
    four's spread taken on its own, all four's mask the wedges' sum)."""
    every = sum(wedges)
    within = total = 0.0
    for c in range(3):
        x = np.ascontiguousarray(around[..., c])
        x2 = x * x
        for mask, into_total in [(w, False) for w in wedges] + [(every, True)]:
            s1 = cv2.matchTemplate(x, mask, cv2.TM_CCORR)
            s2 = cv2.matchTemplate(x2, mask, cv2.TM_CCORR)
            spread = s2 - s1 * s1 / max(float(mask.sum()), 1.0)
            if into_total:
                total = total + spread
            else:
                within = within + spread
    return np.clip(within / np.maximum(total, 1e-6), 0.0, 1.0)


def _face_view(n: int, m: int, shift: tuple[int, int], seed: int) -> np.ndarray:
    """A CIELAB view ``(n + 2m, n + 2m, 3)`` float32 of an X-Tile's face ``shift`` off the
    view's centre, with noise: four paints split on the diagonals through the face's centre
    (north and south where ``|dy| >= |dx|``, east and west elsewhere), so each of the wedges
    (pointing N, E, S, W) shows one paint where they are centred on the face."""
    size = n + 2 * m
    yy, xx = np.mgrid[0:size, 0:size] + 0.5
    dy, dx = yy - (size / 2 + shift[0]), xx - (size / 2 + shift[1])
    paints = np.array([[50, 60, 40], [70, -30, 60], [40, 10, -50], [80, 0, 5]], np.float32)
    side = np.where(np.abs(dy) >= np.abs(dx), np.where(dy < 0, 0, 2), np.where(dx >= 0, 1, 3))
    noise = np.random.default_rng(seed).normal(0, 2, (size, size, 3)).astype(np.float32)
    return paints[side] + noise


def test_the_wedge_masks_are_disjoint_0_1_masks():
    """A check on the wedges' geometry (vision.cells._wedge_masks): no pixel lies in two."""
    from vision.cells import _wedge_masks

    for n in (20, 33, 48):
        for axis in (0, 1):
            wedges = _wedge_masks(n, axis)
            assert all(set(np.unique(w)) <= {0.0, 1.0} for w in wedges)
            assert sum(wedges).max() == 1.0


def test_wedge_unevenness_from_13_correlations_as_the_30_gave_it():
    """vision.cells._wedge_unevenness (13 correlations) gives the values the 30 gave, within
    float32 rounding, and the same most even place, down in the range where the reader decides
    (below FACE_EVEN). On these views the tolerance is 5e-4; on 16 X-Tiles photos (1,929 calls)
    the two forms differed by at most 3.4e-3 and their most even place on 1 call, with no board
    read differently on 330 X-Tiles development photos."""
    from vision.cells import FACE_EVEN, _wedge_masks, _wedge_unevenness

    cases = [(24, 0, (0, 0)), (32, 1, (3, -4)), (40, 0, (-6, 2)), (48, 1, (5, 5))]
    for seed, (n, axis, shift) in enumerate(cases):
        m = int(round(0.25 * n))
        around = _face_view(n, m, shift, seed)
        wedges = _wedge_masks(n, axis)
        got, want = _wedge_unevenness(around, wedges), _wedge_unevenness_before(around, wedges)
        assert got.shape == want.shape == (2 * m + 1, 2 * m + 1)
        assert np.abs(got - want).max() < 5e-4  # (float32 rounding: each form cancels large sums)
        assert got.min() < FACE_EVEN and want.min() < FACE_EVEN
        face = (m + shift[0], m + shift[1])
        assert got[face] < FACE_EVEN and want[face] < FACE_EVEN
        assert np.argmin(got) == np.argmin(want)  # (the same most even place)
        view = around[m:m + n, m:m + n]
        centred = _wedge_unevenness(view, wedges)
        assert centred.shape == (1, 1)
        before = float(_wedge_unevenness_before(view, wedges)[0, 0])
        assert abs(float(centred[0, 0]) - before) < 1e-5


def _boolean_index(cells, mask):
    """The pixels under ``mask`` as numpy's boolean index takes them (the slower form)."""
    return np.asarray(cells)[:, mask]


def test_masked_pixels_are_the_boolean_index_s_pixels_in_its_order():
    from vision.colour import masked_pixels
    rng = np.random.default_rng(41)
    for shape in ((7, 12, 10, 3), (5, 9, 13), (1, 4, 4, 3), (0, 6, 6, 3)):
        for dtype in (np.float32, np.float64, np.uint8, bool):
            cells = (rng.random(shape) * 200).astype(dtype)
            for mask in (rng.random(shape[1:3]) < 0.4, np.zeros(shape[1:3], bool),
                         np.ones(shape[1:3], bool)):
                want = _boolean_index(cells, mask)
                for view in (cells, np.asfortranarray(cells)):
                    got = masked_pixels(view, mask)
                    assert got.dtype == want.dtype and got.shape == want.shape
                    assert np.array_equal(got, want) and got.flags.c_contiguous


def test_cells_statistics_over_a_mask_are_the_boolean_index_s(monkeypatch):
    """The cells' statistics over a region (median and spread, the two paints' spread, the
    least washed part of a card's ring, the unclipped looks) give the same values bit for bit
    with the pixels taken by flat indices as by the boolean index (a C-contiguous block against
    a strided one)."""
    from vision import cells as cl
    rng = np.random.default_rng(7)
    lab = np.stack([rng.uniform(5, 100, (40, 16, 18)), rng.uniform(-60, 60, (40, 16, 18)),
                    rng.uniform(-60, 60, (40, 16, 18))], axis=-1).astype(np.float32)
    mask = rng.random((16, 18)) < 0.5
    exclude = rng.random((40, 16, 18)) < 0.3
    exclude[::3] = False

    def results():
        med, spread = cl._region_stats(lab, mask, exclude)
        paints = cl._two_paint_spreads(lab, mask, paints=True)
        washed = cl._least_washed(lab, exclude)
        unclipped = cl._unclipped_looks(lab, mask)
        return [med, spread, *paints, washed, unclipped]

    fast = results()
    monkeypatch.setattr(cl, "masked_pixels", _boolean_index)
    slow = results()
    for a, b in zip(fast, slow):
        assert a.dtype == b.dtype and np.array_equal(a, b, equal_nan=True)


def test_glare_colour_from_sectors_is_the_boolean_index_s(monkeypatch):
    """The glare's colour measured from the falloffs across sectors: the same bit for bit with
    the sectors' pixels taken by flat indices as by the boolean index."""
    from vision import glare
    from vision.colour import bgr_to_lab, linear_to_srgb
    rng = np.random.default_rng(5)
    ramp = np.linspace(0.0, 0.5, 12)[None, :, None]  # (a lamp's reflection falling off across)
    lamp = np.array([0.5, 0.7, 0.9])
    regions = []
    for _ in range(4):
        paint = rng.uniform(0.05, 0.3, (6, 1, 1, 3))
        lin = paint + ramp[..., None] * lamp + rng.normal(0, 0.002, (6, 12, 12, 3))
        lab = bgr_to_lab(linear_to_srgb(np.clip(lin, 0, 0.95)).astype(np.float32))
        regions.append((lab, rng.random((12, 12)) < 0.7))
    fast = glare.glare_colour(regions)
    monkeypatch.setattr(glare, "masked_pixels", _boolean_index)
    slow = glare.glare_colour(regions)
    assert fast is not None and np.array_equal(fast, slow)
