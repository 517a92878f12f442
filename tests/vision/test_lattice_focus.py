"""A lattice's perspective focused on the tiles' edges (vision.locate._focus_perspective), on
small synthetic pictures: a lattice a little off in perspective drifts off the tiles' gaps
over the layout; the focus puts its lines back on them all."""
import numpy as np

from vision.lattice import apply_h
from vision.locate import Lattice, _focus_perspective, _perspective_change
from tests.vision.scenes import colour_tile_block

PITCH, ORIGIN, N = 30, 40, 8


def _colour_tiles(seed=0):
    return colour_tile_block(PITCH, ORIGIN, N, seed)


def _lattice(fg, G=np.eye(3)):
    H = np.array([[PITCH, 0, ORIGIN], [0, PITCH, ORIGIN], [0, 0, 1.0]]) @ G
    return Lattice(H=H / H[2, 2], rows=(-1, N), cols=(-1, N), pitch_px=float(PITCH),
                   work_scale=1.0, fg=fg)


def _worst_off(lat):
    """How far (cells) the lattice's line crossings over the layout lie from the tiles'."""
    pts = apply_h(lat.H, np.array([[c, r] for r in range(lat.rows[0], lat.rows[1] + 2)
                                   for c in range(lat.cols[0], lat.cols[1] + 2)], float))
    k = (pts - ORIGIN) / PITCH
    near = (k > -0.3).all(1) & (k < N + 0.3).all(1)
    return float(np.abs(k[near] - np.round(k[near])).max())


def test_a_lattice_off_in_perspective_is_focused_onto_all_the_tiles_gaps():
    img, fg = _colour_tiles()
    # cells growing 2% a cell down the layout (and 1% across): a third of a cell off at its ends
    off = _lattice(fg, _perspective_change(0.01, 0.02, np.array([4.0, 4.0])))
    assert _worst_off(off) > 0.25
    out = _focus_perspective(off, img)
    assert _worst_off(out) < 0.1


def test_a_lattice_on_the_tiles_stays_as_it_is():
    img, fg = _colour_tiles()
    lat = _lattice(fg)
    assert _focus_perspective(lat, img) is lat


def test_the_combs_of_many_perspectives_at_once_are_those_one_by_one():
    # (the focus measures the eight perspectives around the best at once: the same values, bit
    # for bit, as measuring them in turn; rows of different lengths, and longer than the
    # transform, included)
    from vision.locate import _comb_near_one, _points_combs
    rng = np.random.default_rng(3)
    for n_fft, spread in ((1024, 12.0), (64, 12.0), (4096, 3.0)):
        base = rng.uniform(-3, spread, 700)
        coords = np.stack([base * (1 + rng.normal(0, 0.02)) + rng.normal(0, 0.01)
                           for _ in range(5)])
        w = rng.uniform(0, 300, 700)
        together = _points_combs(coords, w, n_fft=n_fft)
        for row, got in zip(coords, together):
            lo = np.floor(row.min())
            profile = np.bincount(np.maximum(((row - lo) * 16).astype(int), 0), weights=w)
            period, phase, coh = _comb_near_one(profile, 16, n_fft)
            assert got == (period, (phase + lo + 0.5 / 16) % period, coh)
