"""The locate stage's faster building blocks keep their results: the two-step downscale, line
detection around the layout only, the shared warps of the pitch cutting and the vanishing
points' hypotheses."""
import math

import cv2
import numpy as np

from vision.lattice import Segments, apply_h, find_segments, vanishing_points
from vision.locate import (Lattice, _fix_pitch, _partial, segments_within, shrink, work_copy)


def _tiles(pitch=40, n=5, gap=4, size=300, origin=60):
    """Grey picture with an n x n block of tiles of three shades, and its foreground mask."""
    img = np.full((size, size), 200, np.uint8)
    fg = np.zeros((size, size), bool)
    for r in range(n):
        for c in range(n):
            x0, y0 = origin + c * pitch + gap // 2, origin + r * pitch + gap // 2
            img[y0:y0 + pitch - gap, x0:x0 + pitch - gap] = 60 + 40 * ((r + c) % 3)
            fg[y0:y0 + pitch - gap, x0:x0 + pitch - gap] = True
    return img, fg


def test_shrink_is_close_to_an_area_resize_and_reports_its_scale():
    rng = np.random.default_rng(1)
    img = cv2.GaussianBlur(rng.integers(0, 256, (900, 1200, 3), dtype=np.uint8), (0, 0), 3)
    small, s = shrink(img, 0.43)
    ref = cv2.resize(img, (round(1200 * 0.43), round(900 * 0.43)), interpolation=cv2.INTER_AREA)
    assert small.shape == ref.shape
    assert abs(s - small.shape[1] / 1200) < 1e-9
    assert np.abs(small.astype(int) - ref).mean() < 1.5
    # a size that the blocks do not tile: the rims are cut, the scale follows the cut image
    odd, s2 = shrink(img[:899, :1199], 0.3)
    assert odd.shape[:2] == (round(898 * 0.3), round(1197 * 0.3))
    assert abs(s2 - odd.shape[1] / 1197) < 1e-9
    # no downscale needed
    same, s3 = work_copy(img[:100, :100])
    assert same.shape == (100, 100, 3) and s3 == 1.0


def test_segments_within_finds_the_layout_lines_of_the_whole_picture():
    img, fg = _tiles()
    big = np.full((600, 800), 200, np.uint8)
    big[150:450, 250:550] = img
    region = np.zeros(big.shape, bool)
    region[150:450, 250:550] = fg
    whole = find_segments(big, min_length=10)
    near = segments_within(big, region, min_length=10)
    key = lambda s: {tuple(np.round(np.r_[p, q], 1)) for p, q in zip(s.p, s.q)}
    assert len(near) >= 20
    assert key(near) == key(whole)          # (nothing else on the picture)
    assert segments_within(big, np.zeros(big.shape, bool), min_length=10).p.shape == (0, 2)


def test_fix_pitch_cuts_a_comb_at_twice_the_pitch():
    img, fg = _tiles()
    # every second line: cells of 80 px
    H = np.array([[80.0, 0, 60], [0, 80.0, 60], [0, 0, 1]])
    lat = Lattice(H=H, rows=(-1, 3), cols=(-1, 3), pitch_px=80.0, work_scale=1.0, fg=fg)
    before = _partial(lat)
    cut = _fix_pitch(lat)
    assert abs(cut.pitch_px - 40.0) < 1.0
    assert _partial(cut) < before - 0.1
    corner = apply_h(cut.H, np.array([[0.0, 0.0]]))[0]
    assert np.allclose((corner - 60) / 40.0, np.round((corner - 60) / 40.0), atol=0.05)
    # the right lattice stays as it is
    right = Lattice(H=np.array([[40.0, 0, 60], [0, 40.0, 60], [0, 0, 1]]), rows=(-1, 5),
                    cols=(-1, 5), pitch_px=40.0, work_scale=1.0, fg=fg)
    assert _fix_pitch(right) is right


def _family(vp, n, rng, length=30.0):
    """``n`` segments pointing at the finite vanishing point ``vp`` (x, y)."""
    mids = rng.uniform([100, 100], [700, 500], (n, 2))
    d = np.asarray(vp, float) - mids
    d /= np.linalg.norm(d, axis=1)[:, None]
    half = (length * rng.uniform(0.5, 1.5, n))[:, None] / 2
    return mids - d * half, mids + d * half


def test_vanishing_points_finds_both_families_and_is_repeatable():
    rng = np.random.default_rng(3)
    p1, q1 = _family((3000, 250), 60, rng)
    p2, q2 = _family((400, -2500), 60, rng)
    clutter = rng.uniform([0, 0], [800, 600], (40, 2))
    p3, q3 = clutter, clutter + rng.normal(0, 15, (40, 2))
    segs = Segments(np.vstack([p1, p2, p3]), np.vstack([q1, q2, q3]))
    vps = vanishing_points(segs, size=(800, 600))
    assert len(vps) >= 2
    found = [v[:2] / v[2] for v, _ in vps[:2]]
    for want in ((3000, 250), (400, -2500)):
        # (angle seen from the picture's centre)
        ang = [abs(math.atan2(f[1] - 300, f[0] - 400) - math.atan2(want[1] - 300, want[0] - 400))
               for f in found]
        assert min(ang) < math.radians(1.0)
    again = vanishing_points(segs, size=(800, 600))
    assert all(np.allclose(a[0], b[0]) and np.array_equal(a[1], b[1]) for a, b in zip(vps, again))


def _dlt_rows_reference(segs_x, kx, segs_y, ky, wx, wy):
    """The lattice homography's least squares built row block by row block (the plain form
    of :func:`vision.lattice.fit_lattice_homography`)."""
    pts_all = np.vstack([segs_x.p, segs_x.q, segs_y.p, segs_y.q])
    c, s = pts_all.mean(0), pts_all.std() + 1e-9
    T = np.array([[1 / s, 0, -c[0] / s], [0, 1 / s, -c[1] / s], [0, 0, 1]])
    rows, wts = [], []
    for segs, k, wt, axis in ((segs_x, kx, wx, 0), (segs_y, ky, wy, 1)):
        for pts in ((segs.p - c) / s, (segs.q - c) / s):
            ph = np.column_stack([pts, np.ones(len(pts))])
            r = np.zeros((len(pts), 9))
            r[:, 3 * axis:3 * axis + 3] = ph
            r[:, 6:9] = -k[:, None] * ph
            rows.append(r)
            wts.append(wt)
    A = np.vstack(rows) * np.sqrt(np.concatenate(wts))[:, None]
    H = np.linalg.svd(A, full_matrices=False)[2][-1].reshape(3, 3) @ T
    return H / H[2, 2]


def test_the_lattice_homography_fit_is_the_plain_least_squares_to_the_bit():
    from vision.lattice import fit_lattice_homography

    rng = np.random.default_rng(3)
    H_lat = np.array([[40.0, 6.0, 300.0], [-4.0, 38.0, 200.0], [0.0004, 0.0003, 1.0]])
    for n in (2, 3, 17, 60):
        kx = rng.integers(-3, 8, n).astype(float)
        ky = rng.integers(-2, 6, n + 1).astype(float)
        # segments along the lines X = kx and Y = ky (with a little noise), in the image
        ends_x = [apply_h(H_lat, np.column_stack([kx, rng.uniform(-3, 6, n)])) for _ in range(2)]
        ends_y = [apply_h(H_lat, np.column_stack([rng.uniform(-3, 8, n + 1), ky])) for _ in range(2)]
        sx = Segments(ends_x[0] + rng.normal(0, 0.3, (n, 2)), ends_x[1])
        sy = Segments(ends_y[0], ends_y[1] + rng.normal(0, 0.3, (n + 1, 2)))
        wx, wy = rng.uniform(5, 50, n), rng.uniform(5, 50, n + 1)
        H = fit_lattice_homography(sx, kx, sy, ky, wx, wy)
        assert np.array_equal(H, _dlt_rows_reference(sx, kx, sy, ky, wx, wy))
        if n >= 17:
            # (the fit finds the lattice: image -> lattice, the inverse of H_lat up to the noise)
            M = H @ H_lat
            assert np.allclose(M / M[2, 2], np.eye(3), atol=0.05)
    one = Segments(np.zeros((1, 2)), np.ones((1, 2)))
    assert fit_lattice_homography(one, np.zeros(1), sx, ky, np.ones(1), wy) is None


def test_pointing_scores_in_float32_are_the_float64_inlier_weights():
    """The vanishing points' hypotheses are scored in float32 (half the work): each score is
    the weight of the segments within the tolerance, as the float64 angle test counts them."""
    from vision.lattice import _pointing_scores, _vp_consistency

    rng = np.random.default_rng(5)
    p = rng.uniform(-1, 1, (300, 2))
    segs = Segments(p, p + rng.normal(0, 0.1, (300, 2)))
    weight = segs.length
    vps = rng.normal(0, 1, (1500, 3))  # (more than one chunk of hypotheses)
    vps /= np.linalg.norm(vps, axis=1, keepdims=True)
    tol = math.radians(1.5)
    scores = _pointing_scores(vps, segs, weight, tol)
    assert scores.dtype == np.float32 and scores.shape == (1500,)
    for k in range(0, 1500, 7):
        ang = _vp_consistency(segs, vps[k])
        clear = np.abs(ang - tol) > 1e-5  # (a segment on the tolerance may count either way)
        want = weight[clear & (ang < tol)].sum()
        unsure = weight[~clear].sum()
        assert want - 1e-4 <= scores[k] <= want + unsure + 1e-4


def _support_reference(fg, fam_x, fam_y, reach_px=3, fewest=2):
    """vision.locate._support_pieces as first written: the mask's pieces labelled and grown
    afresh for every lattice judged (the fast writing keeps them for the last mask)."""
    n, labels = cv2.connectedComponents((fg > 0).astype(np.uint8), connectivity=8)
    if n - 1 < fewest:
        return None
    grown = cv2.dilate(labels.astype(np.float32),
                       np.ones((2 * reach_px + 1,) * 2, np.uint8)).astype(np.int32)
    h, w = fg.shape[:2]
    pts = np.vstack([fam_x.p, fam_x.q, fam_x.mid, fam_y.p, fam_y.q, fam_y.mid])
    xs = np.clip(np.round(pts[:, 0]).astype(int), 0, w - 1)
    ys = np.clip(np.round(pts[:, 1]).astype(int), 0, h - 1)
    hit = np.unique(grown[ys, xs])
    hit = hit[hit > 0]
    biggest = 1 + int(np.argmax(np.bincount(labels.ravel(), minlength=n)[1:]))
    if len(hit) == 0 or len(hit) == n - 1 or biggest not in hit:
        return None
    return np.isin(labels, hit)


def test_support_pieces_kept_for_the_mask_are_those_found_afresh():
    from vision.locate import SUPPORT_PIECES, SUPPORT_REACH_PX, _mask_pieces, _support_pieces
    _, fg = _tiles()
    fg = fg.copy()
    fg[5:25, 5:40] = True  # a stray object apart from the layout
    fg[270:290, 250:295] = True  # and another
    fg.flags.writeable = False  # (the search's masks are read-only)
    on_layout = Segments(np.array([[60.0, 62], [62, 60]]), np.array([[250.0, 62], [62, 250]]))
    on_stray = Segments(np.array([[6.0, 10]]), np.array([[38.0, 10]]))
    everywhere = Segments(np.vstack([on_layout.p, on_stray.p, [[252.0, 280]]]),
                          np.vstack([on_layout.q, on_stray.q, [[292.0, 280]]]))
    for fam_x, fam_y in [(on_layout, on_layout), (on_layout, on_stray), (on_stray, on_stray),
                         (everywhere, everywhere)]:
        got = _support_pieces(fg, fam_x, fam_y)
        want = _support_reference(fg, fam_x, fam_y, SUPPORT_REACH_PX, SUPPORT_PIECES)
        assert (got is None) == (want is None)
        if want is not None:
            assert np.array_equal(got, want)
    # the layout's own lines: the layout alone, the stray objects left out
    alone = _support_pieces(fg, on_layout, on_layout)
    assert alone is not None and alone[80, 80] and not alone[10, 10] and not alone[280, 260]
    # the pieces are labelled once for the mask: the same (read-only) arrays for every lattice
    first, again = _mask_pieces(fg), _mask_pieces(fg)
    assert first is again and not first[1].flags.writeable and not first[2].flags.writeable
    # a mask of one piece is judged as a whole (no pieces)
    assert _mask_pieces(np.pad(np.ones((5, 5), bool), 3)) is None
