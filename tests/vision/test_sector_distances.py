"""An X-Tiles photo's sector colours are compared in one CIEDE2000 call for every cell
(vision.cells._sector_distances): the same values as one call per cell."""

import numpy as np

from vision.colour import ciede2000


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
