"""The light of a photo from its paints seen together (vision.paint_light)."""
from __future__ import annotations

import numpy as np

from vision.colour import Palette, classify_adaptive
from vision.kits import kit_for_game
from vision.paint_light import fit_with_paint_light, match_cost, paint_light

PALETTE = Palette.from_hex(kit_for_game("x-tiles").colours)  # orange, red, yellow, blue
# X-Tiles' sectors as a warm lamp showed them (the independent renderer's x-tiles-normal-000):
# the yellow (L 80, a 12) nearer the kit's orange than its yellow on its own
WARM = np.array([[65.0, 48.0, 69.0], [45.0, 64.0, 46.0], [80.0, 12.0, 77.0], [36.0, -2.0, -17.0]])
COUNTS = [14, 7, 12, 9]
# the light the cells' occupancy left as a start there (a green gain of 1.37: wrong)
BAD_START = np.array([[0.561, 1.37, 0.776], [0.054, -0.029, 0.023]])


def _sectors(seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    truth = np.repeat(np.arange(4), COUNTS)
    return WARM[truth] + rng.normal(0.0, 1.0, (len(truth), 3)), truth


def test_a_wrong_start_names_the_yellow_sectors_orange_on_their_own():
    samples, _ = _sectors(0)
    match, _, _ = classify_adaptive(samples, PALETTE, gains_bgr=BAD_START)
    assert np.count_nonzero(match.index == 2) == 0  # (the failure the paints' light mends)


def test_the_paints_seen_together_name_every_sector_right():
    for seed in range(3):
        samples, truth = _sectors(seed)
        match, _ = fit_with_paint_light(samples, PALETTE, BAD_START)
        assert np.array_equal(match.index, truth)
        assert match_cost(match) < 4.0


def test_a_stray_sample_does_not_spoil_the_pairing():
    samples, truth = _sectors(1)
    stray = np.array([[58.0, 1.0, 36.0], [97.0, -18.0, 68.0]])  # a sector across two paints; glare
    match, _ = fit_with_paint_light(np.vstack([samples, stray]), PALETTE, BAD_START)
    assert np.array_equal(match.index[:len(truth)], truth)


def test_too_few_samples_give_no_light():
    assert paint_light(WARM[:3], PALETTE) is None


def test_a_naming_that_pairs_the_clusters_one_to_one_seeks_no_light():
    # (the pairing is that naming's; the refit on it has found its light already)
    for seed in range(3):
        samples, truth = _sectors(seed)
        assert paint_light(samples, PALETTE, naming=truth) is None


def test_a_naming_that_merges_two_paints_clusters_still_seeks_the_light():
    # (a guard: what paint_light did before its naming argument, kept where the naming merges)
    samples, truth = _sectors(0)
    wrong, _, _ = classify_adaptive(samples, PALETTE, gains_bgr=BAD_START)
    assert paint_light(samples, PALETTE, naming=wrong.index) is not None
    match, _ = fit_with_paint_light(samples, PALETTE, BAD_START, merged_only=True)
    assert np.array_equal(match.index, truth)
