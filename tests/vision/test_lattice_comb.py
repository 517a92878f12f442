"""The regular comb of line positions (vision.lattice.fit_comb)."""
import numpy as np

from vision.lattice import fit_comb


def test_a_small_layout_s_comb_is_its_tiles_pitch_not_a_period_longer_than_the_layout():
    # the edges of a row of four tiles 21 px apart (each line seen as a few segments), in a
    # picture whose search allows periods up to 385 px: any period far longer than the
    # layout puts every line near one phase, which must not pass for the pitch
    rng = np.random.default_rng(0)
    lines = 100.0 + 21.0 * np.arange(5)
    values = np.repeat(lines, 4) + rng.normal(0, 0.6, 20)
    comb = fit_comb(values, np.ones(20), min_period=10.0, max_period=385.0)
    assert comb is not None and abs(comb.period - 21.0) < 1.0


def test_two_lines_give_their_spacing():
    values = np.array([50.0, 50.5, 49.8, 90.0, 90.3, 89.7])
    comb = fit_comb(values, np.ones(6), min_period=8.0, max_period=300.0)
    assert comb is not None and abs(comb.period - 40.0) < 2.0
