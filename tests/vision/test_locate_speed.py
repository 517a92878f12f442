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
