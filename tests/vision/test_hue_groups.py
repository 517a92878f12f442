"""Colour groups named together by hue (vision.hue_groups)."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

from vision.colour import ciede2000
from vision.hue_groups import hue_difference, hue_groups, name_groups

# a red and an orange palette, and what a warm, bright light makes of them: both groups nearest
# orange on their own, one group clearly redder than the other
PALETTE = np.array([[47.1, 66.2, 33.0], [59.6, 54.7, 51.8], [84.3, -1.5, 77.2]])  # red, orange, yellow
REDS = np.array([[61.7, 52.5, 24.3], [62.9, 49.5, 22.8], [65.1, 46.4, 20.8], [60.6, 55.1, 24.7]])
ORANGES = np.array([[67.2, 47.2, 34.3], [68.0, 45.5, 30.6], [69.8, 42.0, 29.4], [70.2, 40.0, 29.6]])


def _dist(lab):
    return ciede2000(lab[:, None, :], PALETTE[None, :, :])


def test_hue_difference_is_zero_along_a_hue_and_grows_with_the_angle():
    a = np.array([50.0, 40.0, 30.0])
    assert hue_difference(a, np.array([80.0, 20.0, 15.0])) < 1e-9  # same hue, other lightness
    assert hue_difference(a, np.array([50.0, 30.0, 40.0])) > 10


def test_two_paints_of_neighbouring_hue_are_two_groups():
    labels = hue_groups(np.vstack([REDS, ORANGES]))
    assert len(set(labels[:4])) == 1 and len(set(labels[4:])) == 1
    assert labels[0] != labels[4]


def test_greys_have_no_group():
    labels = hue_groups(np.array([[95.0, 1.0, 2.0], [20.0, -1.0, 0.5], [60.0, 50.0, 30.0]]))
    assert labels[0] == -1 and labels[1] == -1 and labels[2] >= 0


def test_two_groups_nearest_one_colour_are_named_apart():
    lab = np.vstack([REDS, ORANGES])
    d = _dist(lab)
    # on their own several reds are nearest orange; together the redder group is red
    assert (np.argmin(d[:4], axis=1) == 1).any()
    named = name_groups(lab, d)
    assert (named[:4] == 0).all() and (named[4:] == 1).all()


def test_a_group_far_from_any_other_colour_shares_rather_than_moves():
    # two yellow groups (a bright and a dull one): orange is far, so both stay yellow
    y1 = np.array([[88.0, -1.0, 68.0], [87.0, -0.5, 67.0]])
    y2 = np.array([[94.0, -14.0, 74.0], [94.5, -14.5, 75.0]])
    lab = np.vstack([y1, y2])
    assert (name_groups(lab, _dist(lab)) == 2).all()


def test_a_chain_of_hues_is_not_a_group():
    # sectors straddling yellow and orange give every hue between them: no group, no renaming
    hues = np.radians(np.linspace(40, 90, 12))
    lab = np.column_stack([np.full(12, 75.0), 60 * np.cos(hues), 60 * np.sin(hues)])
    assert (hue_groups(lab) == -1).all()
    d = _dist(lab)
    assert (name_groups(lab, d) == np.argmin(d, axis=1)).all()


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.floats(20, 95), st.floats(-80, 80), st.floats(-80, 80)), min_size=1, max_size=12))
def test_names_are_palette_indices_and_greys_keep_their_nearest(samples):
    lab = np.array(samples, float)
    d = _dist(lab)
    named = name_groups(lab, d)
    assert named.shape == (len(lab),) and ((0 <= named) & (named < len(PALETTE))).all()
    grey = hue_groups(lab) == -1
    assert (named[grey] == np.argmin(d[grey], axis=1)).all()


# a lamp's hot spot on Twelve Tiles under a profile (the calibration measure's seed 1, photo 12):
# a yellow sector washed out to two clipped channels (red and green at the clip) takes the hue of
# the green sectors beside it, though its colour is nearest yellow
WASHED_YELLOW = np.array([96.1, -10.8, 44.0])
GREENS = np.array([[92.9, -13.7, 47.1], [76.8, -16.5, 39.8], [81.8, -13.9, 38.8]])


def test_a_sample_with_two_clipped_channels_has_no_group():
    labels = hue_groups(np.vstack([WASHED_YELLOW, GREENS]))
    assert hue_difference(WASHED_YELLOW, GREENS[0]) < 5  # (it would join the greens by hue)
    assert labels[0] == -1
    assert labels[1] >= 0 and len(set(labels[1:])) == 1


def test_a_washed_out_sample_keeps_its_own_nearest_colour():
    reds = np.array([[69.6, 42.8, 28.0], [75.2, 31.9, 25.5]])
    lab = np.vstack([WASHED_YELLOW, GREENS, reds])
    # distances (green, yellow, red) under the light and glare, as the reader measured them
    d = np.array([[5.55, 2.57, 34.1], [4.86, 15.1, 43.1], [2.2, 17.2, 42.1], [2.7, 16.3, 40.6],
                  [40.0, 26.1, 0.9], [34.4, 21.3, 2.3]])
    assert name_groups(lab, d).tolist() == [1, 0, 0, 0, 2, 2]


# cards of final3 tapestry hard 065 (the independent renderer): red ones and orange ones, one hue
# under the light, mixed over the layout; their distances to red and orange as lit
DARK_REDS = np.array([[46.2, 56.0, 38.3], [47.3, 57.5, 38.3], [46.6, 57.0, 38.6], [46.9, 57.5, 37.1]])
SALMONS = np.array([[57.5, 52.2, 38.7], [57.4, 53.6, 40.2], [59.5, 53.1, 37.7]])
AS_LIT = np.array([[11.6, 10.8], [11.3, 9.6], [11.5, 10.4], [10.7, 10.0],  # red, orange
                   [13.0, 2.4], [13.5, 2.8], [12.7, 2.9]])
MIXED = np.array([[7, 2], [6, 5], [7, 4], [6, 3], [5, 3], [6, 4], [5, 4]], float)  # (row, col)


#: Places of seven cards, the first four all on the far side of the layout.
FAR_AND_NEAR = np.array([[0, 0], [0, 1], [1, 0], [1, 1], [5, 0], [5, 1], [6, 0]], float)


def _assert_two_paints(reds: np.ndarray, oranges: np.ndarray, as_lit: np.ndarray,
                       places: np.ndarray) -> None:
    """Cards ``reds`` and ``oranges`` (CIELAB rows) of one hue, ``as_lit`` their distances to
    red and orange, at ``places``: one hue group, all named orange without the split; split
    into the two sets, named red and orange."""
    from vision.hue_groups import split_by_tone
    lab = np.vstack([reds, oranges])
    n = len(reds)
    hue = hue_groups(lab)
    assert len(set(hue.tolist())) == 1  # (one hue: without the split all are named orange)
    assert (name_groups(lab, as_lit, hue, share_cost=6.0) == 1).all()
    split = split_by_tone(hue, lab, places)
    assert len(set(split[:n].tolist())) == 1 and len(set(split[n:].tolist())) == 1
    assert split[0] != split[n]
    named = name_groups(lab, as_lit, split, share_cost=6.0)
    assert (named[:n] == 0).all() and (named[n:] == 1).all()


def _assert_not_split(lab: np.ndarray, places: np.ndarray) -> None:
    """Cards ``lab`` at ``places`` keep their hue groups through the split by tone."""
    from vision.hue_groups import split_by_tone
    hue = hue_groups(lab)
    assert (split_by_tone(hue, lab, places) == hue).all()


def test_two_tight_sets_of_lightness_mixed_over_the_layout_are_two_paints():
    _assert_two_paints(DARK_REDS, SALMONS, AS_LIT, MIXED)


def test_one_paint_under_a_lamps_falloff_is_not_split():
    # the same two sets of lightness, the darker ones all on the far side of the layout
    _assert_not_split(np.vstack([DARK_REDS, SALMONS]), FAR_AND_NEAR)


def test_one_paint_spread_evenly_in_lightness_is_not_split():
    # green cards in and out of a hot spot (the independent renderer's hard 002)
    light = np.array([54.0, 57.0, 57.5, 58.8, 59.3, 65.9, 69.5])
    _assert_not_split(np.column_stack([light, np.full(7, -45.0), np.full(7, 24.5)]), MIXED)


# cards of the independent renderer's tap15 tapestry hard-914 (a 3000 K lamp): red ones and
# orange ones of one hue, 4.5 apart in lightness but 17 in chroma; their distances to red and
# orange as lit, and their places
REDS_IN_CHROMA = np.array([[41.3, 47.8, 37.3], [41.3, 46.2, 37.0], [42.2, 48.0, 37.9],
                           [42.0, 46.0, 37.1]])
ORANGES_IN_CHROMA = np.array([[46.7, 57.0, 50.5], [47.1, 57.6, 50.8], [48.0, 58.0, 51.5]])
AS_LIT_IN_CHROMA = np.array([[7.9, 7.1], [8.4, 7.0], [8.5, 6.2], [8.8, 6.3],  # red, orange
                             [13.0, 1.5], [13.2, 1.5], [14.0, 1.6]])
PLACES_IN_CHROMA = np.array([[-1, -3], [0, -3], [0, -2], [2, -2], [1, -3], [1, -2], [1, -1]], float)


def test_two_tight_sets_of_chroma_mixed_over_the_layout_are_two_paints():
    _assert_two_paints(REDS_IN_CHROMA, ORANGES_IN_CHROMA, AS_LIT_IN_CHROMA, PLACES_IN_CHROMA)


def test_one_paint_under_a_lamps_falloff_in_chroma_is_not_split():
    # the same two sets of tone, the duller ones all on the far side of the layout
    _assert_not_split(np.vstack([REDS_IN_CHROMA, ORANGES_IN_CHROMA]), FAR_AND_NEAR)


# cards of the independent renderer's final25 tapestry hard-3807: three orange cards in an
# occluder's shadow (L* 39-44) and four lit ones (L* 54-57), one hue, mixed over the layout
SHADOWED_ORANGES = np.array([[42.5, 39.5, 37.0], [39.4, 37.7, 35.3], [44.4, 39.9, 38.2]])
LIT_ORANGES = np.array([[54.0, 48.2, 45.7], [56.9, 51.2, 46.7], [55.9, 48.5, 47.1],
                        [57.0, 50.6, 48.9]])
AMONG_LIT = np.array([[0, 1], [2, 2], [1, 3], [0, 2], [1, 1], [2, 3], [1, 2]], float)


def test_one_paint_partly_in_a_shadow_is_not_split():
    # two tight sets of tone that no plane explains, but the darker is the lighter darkened:
    # one paint (the split took the shaded oranges for red)
    _assert_not_split(np.vstack([SHADOWED_ORANGES, LIT_ORANGES]), AMONG_LIT)


def test_two_paints_are_no_shadow_of_each_other():
    from vision.hue_groups import SHADOWED_SET_FIT, _shadowed_fit
    for darker, lighter in ((DARK_REDS, SALMONS), (REDS_IN_CHROMA, ORANGES_IN_CHROMA)):
        lab = np.vstack([lighter, darker])  # (either order: the darker set is found)
        n = len(lighter)
        assert _shadowed_fit(lab, np.arange(n), np.arange(n, len(lab)), lab[:, 0]) > SHADOWED_SET_FIT
    lab = np.vstack([SHADOWED_ORANGES, LIT_ORANGES])
    assert _shadowed_fit(lab, np.arange(3), np.arange(3, 7), lab[:, 0]) < SHADOWED_SET_FIT


def test_the_widest_gap_leaves_two_at_least_on_each_side():
    from vision.hue_groups import along_main_axis, widest_gap
    low, high, gap, spread = widest_gap(np.array([0.0, 1.0, 5.0, 6.5, 2.0]))
    assert sorted(low.tolist()) == [0, 1, 4] and sorted(high.tolist()) == [2, 3]
    assert gap == 3.0 and spread == 2.0
    # (the widest steps, 0 -> 10 and 13 -> 20, leave one alone: the cut is at the widest else)
    low, high, gap, spread = widest_gap(np.array([13.0, 0.0, 10.0, 11.0, 20.0, 12.5]))
    assert sorted(low.tolist()) == [1, 2, 3] and sorted(high.tolist()) == [0, 4, 5]
    assert gap == 1.5 and spread == 11.0
    pos, axis = along_main_axis(np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]]))
    assert np.allclose(np.abs(axis), 0.5 ** 0.5) and np.allclose(np.abs(pos), [2 ** 0.5, 0, 2 ** 0.5])


def _hot_spot_reds():
    """Three hue groups as on a photo with a lamp's hot spot over some red cards (the
    independent renderer's final20 tapestry normal-2103): washed reds (a group of three, nearer
    red than orange with a sheen), plain reds (two, 9.5 per card from red, 11.4 from orange) and
    one orange card; distances to red, orange, yellow."""
    lab = np.array([[76.0, 35.0, 9.0], [84.0, 22.0, 4.0], [71.0, 43.0, 12.0],
                    [48.0, 65.0, 38.0], [47.0, 65.0, 36.0], [55.0, 48.0, 50.0]])
    d = np.array([[12.9, 15.7, 41.7], [18.2, 20.4, 37.3], [10.1, 13.2, 44.2],
                  [9.8, 11.3, 51.7], [9.2, 11.5, 52.1], [19.7, 10.0, 38.7]])
    labels = np.array([0, 0, 0, 1, 1, 2])
    return lab, d, labels


def test_plain_cards_share_their_paint_with_washed_ones_freely():
    lab, d, labels = _hot_spot_reds()
    # charged for sharing red with the washed reds, the plain reds take orange off the orange card
    assert name_groups(lab, d, labels, share_cost=6.0).tolist() == [0, 0, 0, 1, 1, 1]
    washed = np.array([True, True, True, False, False, False])
    named = name_groups(lab, d, labels, share_cost=6.0, washed=washed)
    assert named.tolist() == [0, 0, 0, 0, 0, 1]


def test_sharing_with_a_plain_group_is_still_charged():
    lab, d, labels = _hot_spot_reds()
    # no group washed, or only the one whose paint the plain reds would take: as before
    for washed in (np.zeros(6, bool), np.array([False, False, False, False, False, True])):
        assert name_groups(lab, d, labels, share_cost=6.0, washed=washed).tolist() == \
            [0, 0, 0, 1, 1, 1]


def test_a_washed_groups_sharer_is_renamed_only_where_no_paint_goes_spare():
    from vision.hue_groups import _sharing_a_washed_group
    # three paints; group 0 washed and named 0; groups 1 and 2 plain, nearest 0
    cost = np.array([[1.0, 9.0, 9.0], [2.0, 3.0, 9.0], [2.0, 3.0, 9.0]])
    # both plain groups named 1 (sharing it): both take 0 back, whatever their order
    assert _sharing_a_washed_group(cost, [0, 1, 1], [True, False, False]) == [0, 0, 0]
    # a plain group alone on paint 1 keeps it: renaming it would leave paint 1 naming nothing
    assert _sharing_a_washed_group(cost[:2], [0, 1], [True, False]) == [0, 1]
    # a plain holder of paint 0 keeps the charge
    assert _sharing_a_washed_group(cost, [0, 1, 1], [False, False, False]) == [0, 1, 1]


# the independent renderer's final21 tapestry hard-2306 (a warm lamp): red and orange cards
# that hue grouping links into one group (six and four of the photo's nine and six), and the
# paints as the light predicts them
LIT_2306 = np.array([[43.3, 60.3, 33.8], [53.2, 54.5, 48.1], [71.4, 11.3, 66.8]])  # red, orange, yellow
REDS_2306 = np.array([[42.7, 59.8, 36.2], [42.0, 57.5, 35.0], [43.9, 60.1, 35.8],
                      [42.8, 59.3, 36.8], [42.7, 58.5, 37.0], [42.3, 57.9, 34.9]])
ORANGES_2306 = np.array([[48.9, 62.0, 43.6], [48.5, 60.6, 43.0], [49.7, 60.5, 43.9],
                         [49.7, 61.4, 45.0]])


def _lit_dist(lab):
    return ciede2000(lab[:, None, :], LIT_2306[None, :, :])


def test_a_hue_group_of_two_paints_in_two_sets_of_hue_is_split():
    from vision.hue_groups import split_by_hue_gap
    lab = np.vstack([REDS_2306, ORANGES_2306])
    hue = hue_groups(lab)
    assert len(set(hue.tolist())) == 1  # (the grouping links them: the case split here)
    out = split_by_hue_gap(hue, lab, _lit_dist(lab), LIT_2306)[0]
    assert len(set(out[:6].tolist())) == 1 and len(set(out[6:].tolist())) == 1
    assert out[0] != out[6]
    named = name_groups(lab, _lit_dist(lab), out, share_cost=6.0, paints=LIT_2306)
    assert named[:6].tolist() == [0] * 6 and named[6:].tolist() == [1] * 4


def test_one_paint_spread_evenly_in_hue_is_not_split_by_hue():
    from vision.hue_groups import split_by_hue_gap
    angles = np.radians(np.linspace(30.0, 37.0, 8))  # (even steps, no gap)
    lab = np.column_stack([np.full(8, 45.0), 70 * np.cos(angles), 70 * np.sin(angles)])
    hue = np.zeros(8, int)
    assert (split_by_hue_gap(hue, lab, _lit_dist(lab), LIT_2306)[0] == 0).all()


def test_sets_nearest_paints_against_their_hue_order_are_not_split():
    from vision.hue_groups import split_by_hue_gap
    lab = np.vstack([REDS_2306, ORANGES_2306])
    hue = np.zeros(len(lab), int)
    swapped = _lit_dist(lab)[:, [1, 0, 2]]  # (the redder set nearest orange, the other red)
    assert (split_by_hue_gap(hue, lab, swapped, LIT_2306)[0] == 0).all()
