"""A sector in a warm lamp's hot spot judged on its unclipped pixels (vision.cells
:func:`_unclipped_looks`, :func:`_named_by_looks`): where red and green clip over most of a
sector, its pixels away from the lamp's centre keep all three channels, and with them its
paint's proportions. Synthetic samples made with the glare's forward model (paint plus the
lamp's light, clipped); the palette is Twelve Tiles' as a profile learnt under a 3000 K lamp
holds it (see test_glare.py)."""
from types import SimpleNamespace

import numpy as np

from vision.cells import (LOOK_MARGIN, WASHED_PAIR_MARGIN, _clipped_sector_looks, _named_by_looks,
                          _sectors_through_glare, _triangles, _unclipped_looks)
from vision.colour import bgr_to_lab, lab_to_bgr, linear_to_srgb, srgb_to_linear
from vision.glare import CLIPPED_LINEAR
from vision.profile_use import profile_lamp

from tests.vision.test_glare import PROFILE, WARM


def _seen(name: str, glare: float) -> np.ndarray:
    """Lab ``(3,)`` of the paint ``name`` of :data:`WARM` with ``glare`` of the lamp, clipped."""
    lin = srgb_to_linear(lab_to_bgr(WARM.lab[[WARM.names.index(name)]])).astype(np.float64)
    seen = np.clip(lin + glare * profile_lamp(PROFILE), 0.0, 1.0)
    return bgr_to_lab(linear_to_srgb(seen).astype(np.float32)).astype(np.float64)[0]


def test_a_sectors_look_is_the_median_of_its_unclipped_pixels():
    clipped, clear = _seen("green", 1.2), _seen("green", 0.3)
    assert (srgb_to_linear(lab_to_bgr(clipped[None]))[0] >= CLIPPED_LINEAR).sum() >= 2
    regions = np.tile(clipped, (2, 8, 8, 1)).astype(np.float32)
    regions[0, 0, :4] = clear  # 4 of 64 pixels keep every channel
    regions[1, 0, :1] = clear  # 1 of 64: too few to tell
    looks = _unclipped_looks(regions, np.ones((8, 8), bool))
    assert np.allclose(looks[0], clear, atol=0.01)
    assert np.isnan(looks[1]).all()


def test_only_clipped_sectors_get_a_look():
    # two cells read along one axis, in the cells' order 1, 0: cell 0's east sector clipped but
    # for a few pixels, cell 1's sectors all clear (its pixels unclipped, no look asked)
    clipped, clear = _seen("green", 1.2), _seen("green", 0.3)
    cells = np.tile(clear, (2, 32, 32, 1)).astype(np.float32)
    masks = _triangles(32)
    east = np.argwhere(masks["e"])
    cells[1][masks["e"]] = clipped
    cells[1][tuple(east[:6].T)] = clear
    samples = np.tile(clear, (8, 1))
    samples[1] = clipped  # (cell 0's east sector: its median clipped)
    looks = _clipped_sector_looks(samples, {0: cells}, {0: masks}, {0: np.array([1, 0])})
    assert np.allclose(looks[1], clear, atol=0.01)
    assert np.isnan(np.delete(looks, 1, axis=0)).all()


def test_a_clipped_green_is_named_by_its_unclipped_pixels():
    # two tiles out of the glare (they set the light) and a third in the hot spot, its green
    # sector clipped in red and green but for its pixels away from the lamp's centre, the
    # yellows beside it nearest yellow
    names = ["blue", "red", "green", "yellow", "green", "yellow", "blue", "red",
             "yellow", "red", "yellow", "green"]
    glare = [0.0] * 8 + [0.8, 0.6, 0.8, 1.2]
    samples = np.array([_seen(n, g) for n, g in zip(names, glare)])
    looks = np.full_like(samples, np.nan)
    looks[11] = _seen("green", 0.3)
    ctx = SimpleNamespace(palette=WARM, profile=PROFILE)
    _, dist, _, taken = _sectors_through_glare(ctx, samples, np.ones(3), None, looks)
    order = np.argsort(dist[11])
    assert WARM.names[order[0]] == "green" and dist[11, order[1]] - dist[11, order[0]] >= LOOK_MARGIN
    assert np.array_equal(np.isnan(taken), np.isnan(looks))
    # (read yellow beside its tile's yellows, as the clipped median allows: the look renames it)
    named = np.array([WARM.names.index(n) for n in names])
    named[11] = WARM.names.index("yellow")
    renamed, conf = _named_by_looks(named, np.full(12, 0.9), dist, taken)
    assert WARM.names[renamed[11]] == "green" and conf[11] >= 0.5
    assert np.array_equal(renamed[:11], named[:11])


def test_a_look_that_fits_two_paints_is_not_taken():
    # a yellow's look between green and yellow: the sector keeps its own distances
    samples = np.array([_seen(n, 0.0) for n in ("blue", "red", "green", "yellow")])
    looks = np.full_like(samples, np.nan)
    looks[3] = (_seen("green", 0.0) + _seen("yellow", 0.0)) / 2
    ctx = SimpleNamespace(palette=WARM, profile=PROFILE)
    _, plain, _, _ = _sectors_through_glare(ctx, samples, np.ones(3))
    _, dist, _, taken = _sectors_through_glare(ctx, samples, np.ones(3), None, looks)
    assert np.isnan(taken).all()
    assert np.allclose(dist, plain)


def test_a_look_naming_a_bordering_tile_mates_paint_is_not_taken():
    # the same clipped sector and look, but the tile-mate across its north diagonal is a green
    # the glare spares: its unclipped pixels along that diagonal may be the green's, blurred in
    names = ["blue", "red", "green", "yellow", "green", "yellow", "blue", "red",
             "green", "red", "yellow", "green"]
    glare = [0.0] * 8 + [0.3, 0.6, 0.8, 1.2]
    samples = np.array([_seen(n, g) for n, g in zip(names, glare)])
    looks = np.full_like(samples, np.nan)
    looks[11] = _seen("green", 0.3)
    ctx = SimpleNamespace(palette=WARM, profile=PROFILE)
    _, plain, _, _ = _sectors_through_glare(ctx, samples, np.ones(3))
    assert WARM.names[int(plain[8].argmin())] == "green"
    _, dist, _, taken = _sectors_through_glare(ctx, samples, np.ones(3), None, looks)
    assert np.isnan(taken).all()
    assert np.allclose(dist, plain)
    # (with a yellow across that diagonal instead, the look is taken)
    samples[8] = _seen("yellow", 0.8)
    _, _, _, taken = _sectors_through_glare(ctx, samples, np.ones(3), None, looks)
    assert not np.isnan(taken[11]).any()


def test_a_look_naming_a_paint_far_from_the_whole_sector_is_not_taken():
    # a red clipped in the hot spot whose few unclipped pixels look blue (a blur, a speck):
    # the whole sector lies far from blue, so the look is no evidence for it
    names = ["blue", "red", "green", "yellow", "green", "yellow", "blue", "red",
             "yellow", "red", "yellow", "red"]
    glare = [0.0] * 8 + [0.8, 0.6, 0.8, 1.2]
    samples = np.array([_seen(n, g) for n, g in zip(names, glare)])
    looks = np.full_like(samples, np.nan)
    looks[11] = _seen("blue", 0.3)
    ctx = SimpleNamespace(palette=WARM, profile=PROFILE)
    _, plain, _, _ = _sectors_through_glare(ctx, samples, np.ones(3))
    blue = WARM.names.index("blue")
    assert plain[11, blue] - plain[11].min() > WASHED_PAIR_MARGIN
    _, dist, _, taken = _sectors_through_glare(ctx, samples, np.ones(3), None, looks)
    assert np.isnan(taken).all()
    assert np.allclose(dist, plain)
