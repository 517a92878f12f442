"""vision.colour.ciede2000 (vector algebra for the hue terms) gives the textbook CIEDE2000's
values (vision.colour.ciede2000_textbook) up to float rounding, including the published test
pairs (Sharma, Wu and Dalal 2005, with wrapped mean hues and exactly opposite hues), greys,
a colour against itself (exactly 0) and the broadcasting shapes the reader uses."""

import numpy as np

from vision.colour import ciede2000, ciede2000_textbook

#: (Lab 1, Lab 2, CIEDE2000) from Sharma, Wu and Dalal's test data (pairs 1-3, 7-13, 17-21, 25,
#: 26, 28, 31, 34): blue hues, greys, near- and exactly-opposite hues, large and small differences.
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, 2.8361, -74.0200), (50.0, 0.0, -82.7485), 3.4412),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, -1.0, 2.0), (50.0, 0.0, 0.0), 2.3669),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0009), 7.1792),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0010), 7.1792),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0011), 7.2195),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0012), 7.2195),
    ((50.0, -0.001, 2.49), (50.0, 0.0009, -2.49), 4.8045),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
    ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
    ((35.0831, -44.1164, 3.7933), (35.0232, -40.0716, 1.5901), 1.8645),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


def test_published_pairs():
    a = np.array([p[0] for p in SHARMA])
    b = np.array([p[1] for p in SHARMA])
    want = np.array([p[2] for p in SHARMA])
    assert np.abs(ciede2000(a, b) - want).max() < 1e-4
    assert np.abs(ciede2000(b, a) - want).max() < 1e-4
    assert np.abs(ciede2000(a, b) - ciede2000_textbook(a, b)).max() < 1e-9


def test_agrees_with_the_textbook_in_the_reader_s_shapes():
    rng = np.random.default_rng(3)
    samples = np.column_stack([rng.uniform(0, 100, 3000), rng.uniform(-90, 90, (3000, 2))])
    samples[::7, 1:] = 0.0  # greys, as a camera's neutral pixels convert exactly
    samples[1::11, 1] = -0.0
    palette = np.column_stack([rng.uniform(0, 100, 9), rng.uniform(-90, 90, (9, 2))])
    palette[0] = (100.0, 0.0, 0.0)  # white: achromatic on the palette side too
    near = palette[None, :, :] + rng.normal(0, 0.01, (200, 9, 3))  # almost the same colours
    for x, y in ((samples[:, None, :], palette[None, :, :]), (palette[None, :, :], samples[:, None, :]),
                 (near, palette[None, :, :]), (samples[:50, None, :], samples[None, :50, :])):
        fast, slow = ciede2000(x, y), ciede2000_textbook(x, y)
        assert fast.shape == slow.shape
        assert np.all(np.isfinite(fast))
        np.testing.assert_allclose(fast, slow, rtol=1e-9, atol=1e-9)


def test_a_colour_against_itself_is_exactly_zero():
    rng = np.random.default_rng(4)
    labs = np.column_stack([rng.uniform(0, 100, 500), rng.uniform(-90, 90, (500, 2))])
    labs[::5, 1:] = 0.0
    assert np.all(ciede2000(labs, labs) == 0.0)
    d = ciede2000(labs[:40, None, :], labs[None, :40, :])
    assert np.all(np.diag(d) == 0.0)


def test_sector_distances_of_every_cell_at_once_equal_one_call_per_cell():
    from vision.cells import _alike_sectors, _sector_contrast, _sector_distances

    rng = np.random.default_rng(6)
    for n_cells in (1, 3, 70):
        samples = np.column_stack([rng.uniform(20, 90, 4 * n_cells),
                                   rng.uniform(-70, 70, (4 * n_cells, 2))]).astype(np.float32)
        samples[::9, 1:] = 0.0
        pairs = _sector_distances(samples)
        assert pairs.shape == (n_cells, 4, 4)
        for i in range(n_cells):
            labs = samples[4 * i:4 * i + 4]
            one = ciede2000(labs[:, None, :], labs[None, :, :])
            assert np.array_equal(pairs[i], one)
            assert _sector_contrast(pairs[i]) == float(one.max())
    d = np.full((4, 4), 20.0)
    d[0, 3] = d[3, 0] = 2.0
    assert _alike_sectors(d, ("n", "e", "s", "w")) == [("n", "w")]
