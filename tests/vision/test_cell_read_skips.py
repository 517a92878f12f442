"""Work on a lattice's cells whose result cannot change the reading is skipped: a round of
cells beside the layout is read in full (colours, light, pip paints) only when some cell's
pips read clearly enough to vouch for a tile (vision.cells._may_vouch, used by read_cells'
show_pips and by _table_shows_pips); the readings are those of reading every round in full.

The haze fit of the light (vision.colour._fit_shared_haze) gives its values without numpy's
linspace and clip wrappers, to the bit.

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import cells_mask, paint_solid_tiles  # noqa: E402

import vision.cells as cells  # noqa: E402
from vision.cells import PIPS_VOUCH, TopDown, _may_vouch, read_cells  # noqa: E402
from vision.colour import Palette  # noqa: E402
from vision.kits import kit_for_game  # noqa: E402
from vision.pips import PipReading, _layout_masks  # noqa: E402

KIT = kit_for_game("textile")
PAL = Palette.from_hex(KIT.colours)
N = 48
READ_SOLID = cells._read_solid  # (as defined, before any test's spy)
LAYOUT = {(2, 2): ("red", 4), (2, 3): ("blue", 2), (3, 2): ("green", 5), (3, 3): ("yellow", 1),
          (4, 2): ("red", 3)}


def _reading(count, confidence) -> PipReading:
    count, confidence = np.asarray(count), np.asarray(confidence, float)
    return PipReading(count, np.zeros((len(count), 6)), np.zeros(len(count)), confidence)


def test_only_pips_counted_with_a_vouchers_confidence_may_vouch():
    low = PIPS_VOUCH - 0.01
    assert not _may_vouch({1: _reading([3, 0], [low, 0.99]), -1: _reading([0, 2], [0.99, low])})
    assert _may_vouch({1: _reading([3, 0], [low, 0.99]), -1: _reading([0, 2], [0.99, PIPS_VOUCH])})


def _view():
    """The layout on a plain cloth of the green paint's colour (the mask holds the tiles only):
    the cloth's cells beside the layout fit a paint, smooth, and are read for pips that could
    vouch for a tile the mask missed; none shows any."""
    img = np.tile(np.array((71.0, 154.0, 46.0)), (7 * N, 7 * N, 1))
    paint_solid_tiles(img, LAYOUT, N, KIT)
    rng = np.random.default_rng(3)
    img = np.clip(img + rng.normal(0, 3.0, img.shape), 0, 255).astype(np.uint8)
    return TopDown(img, N, N, 0, 0, 7, 7), cells_mask(img.shape[:2], set(LAYOUT), N)


def _read(monkeypatch, may_vouch):
    calls = []

    def spy(ctx, cs, *args, **kw):
        calls.append(list(cs))
        return READ_SOLID(ctx, cs, *args, **kw)
    monkeypatch.setattr(cells, "_read_solid", spy)
    monkeypatch.setattr(cells, "_may_vouch", may_vouch)
    td, fg = _view()
    readings, info = read_cells(td, KIT, palette=PAL, fg=fg)
    return [(r.row, r.col, r.occupied, r.attrs, r.doubts) for r in readings], calls


def test_a_round_without_clear_pips_is_not_read_in_full(monkeypatch):
    skipped, calls = _read(monkeypatch, _may_vouch)
    full, all_calls = _read(monkeypatch, lambda pip_reads, least=None: True)
    assert skipped == full
    assert {(r, c) for r, c, occupied, *_ in skipped if occupied} == set(LAYOUT)
    # (the cloth beside the layout was read for pips, in full only without the skip)
    assert len(all_calls) > len(calls)
    assert any((2, 4) in cs for cs in all_calls)
    assert not any((2, 4) in cs for cs in calls)


def _fit_shared_haze_before(obs_lin, pal_lin, w, colour=None):
    """vision.colour._fit_shared_haze written with np.linspace and np.clip each call (its three
    forms written out), the reference the faster one must equal bit for bit."""
    from vision.colour import HAZE_RANGE, HAZE_STEPS, _haze_as_recorded
    ok = obs_lin < 0.97
    thin = ok.sum(0) < 2
    ok[:, thin] = True
    wk = np.where(ok, w[:, None], 0.0)
    c = np.ones(3) if colour is None else np.asarray(colour, np.float64)
    s1 = wk.sum(0)
    sp, so = (wk * pal_lin).sum(0), (wk * obs_lin).sum(0)
    spp, spo, soo = (wk * pal_lin ** 2).sum(0), (wk * pal_lin * obs_lin).sum(0), (wk * obs_lin ** 2).sum(0)

    def sse(h):
        h = h[:, None] * c[None, :]
        sxx = spp + 2 * h * sp + h * h * s1
        sxo = spo + h * so
        g = np.clip(sxo / np.maximum(sxx, 1e-12), 0.25, 4.0)
        return (soo - 2 * g * sxo + g * g * sxx).sum(1), g

    def sse_grey(b):
        b = b[:, None]
        g = np.clip((spo - b * sp) / np.maximum(spp, 1e-12), 0.25, 4.0)
        err = soo - 2 * g * spo - 2 * b * so + g * g * spp + 2 * g * b * sp + b * b * s1
        return err.sum(1), g

    def sse_recorded(b):
        b = b[:, None] * c[None, :]
        g = np.clip((spo - b * sp) / np.maximum(spp, 1e-12), 0.25, 4.0)
        err = soo - 2 * g * spo - 2 * b * so + g * g * spp + 2 * g * b * sp + b * b * s1
        return err.sum(1), g

    lo, hi = HAZE_RANGE
    fits = []
    forms = [(sse, lambda g, h: g * h * c), (sse_grey, lambda g, h: np.full(3, h))]
    if _haze_as_recorded(colour):
        forms.append((sse_recorded, lambda g, h: h * c))
    for f, scale in forms:
        grid = np.linspace(lo, hi, HAZE_STEPS)
        step = grid[1] - grid[0]
        err, _ = f(grid)
        best = grid[int(np.argmin(err))]
        fine = np.linspace(max(lo, best - step), min(hi, best + step), HAZE_STEPS)
        err, g = f(fine)
        k = int(np.argmin(err))
        fits.append((float(err[k]), np.vstack([g[k], scale(g[k], fine[k])])))
    return min(fits, key=lambda t: t[0])[1]


def test_the_haze_fit_without_numpys_wrappers_gives_the_same_light_to_the_bit():
    from vision.colour import _fit_shared_haze
    rng = np.random.default_rng(11)
    for trial in range(300):
        n = int(rng.integers(3, 40))
        pal = rng.uniform(0.0, 1.0, (n, 3))
        gain = rng.uniform(0.3, 3.0, 3)
        haze = rng.uniform(-0.05, 0.3)
        obs = np.clip(gain * (pal + haze) + rng.normal(0, 0.02, (n, 3)), 0.0, 1.0)
        w = rng.uniform(0.0, 1.0, n)
        colour = None if trial % 3 else rng.uniform(0.3, 1.0, 3)
        got = _fit_shared_haze(obs, pal, w, colour)
        want = _fit_shared_haze_before(obs.copy(), pal, w, colour)
        assert got.tobytes() == want.tobytes()


def _pip_sample_before(lab, yx):
    """vision.cells._pip_sample's sampling as written before: pip by pip."""
    h, w = lab.shape[:2]
    patches = [lab[max(0, y - 1):min(h, y + 2), max(0, x - 1):min(w, x + 2)].reshape(-1, 3)
               for y, x in yx]
    patches = [cells.median_last(p.T) for p in patches if len(p)]
    return cells.median_last(np.array(patches).T) if patches else None


def test_pip_samples_gathered_at_once_are_the_pip_by_pip_values():
    from types import SimpleNamespace
    rng = np.random.default_rng(5)
    lab = rng.uniform(0.0, 100.0, (60, 70, 3)).astype(np.float32)
    lab[10:20, 10:20] = 50.0  # (ties)
    n = 30
    td = SimpleNamespace(cw=n)
    ctx = SimpleNamespace(lab=lab, td=td)
    for trial in range(200):
        count = int(rng.integers(1, 7))
        reading = PipReading(np.array([count]), np.zeros((1, 6)), np.array([20.0]),
                             np.array([0.9]), np.array([int(rng.integers(0, 243))]),
                             np.array([int(rng.integers(0, len(_layout_masks()[0])))]))
        origins = np.array([[int(rng.integers(-12, 45)), int(rng.integers(-12, 55))]])
        yx = cells.pip_centres(reading, n, 0) + origins[0][None, :]
        got = cells._pip_sample(ctx, origins, reading, 0)
        want = _pip_sample_before(lab, yx)
        assert (got is None) == (want is None)
        if got is not None:
            assert got.dtype == want.dtype and got.tobytes() == want.tobytes()
