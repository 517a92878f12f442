"""Hue groups named apart go to the paint on their side in hue (vision.hue_groups).

Two card groups both nearest orange are red and orange when red fits one nearly as well; the
one named red must be the redder. A pale orange card in a warm lamp's glare (final12 hard-700:
L 80, hue 57 degrees beside orange cards at 42-46) lies far from both paints, so red fits it
nearly as well as orange (14.7 against 9.9) though its hue lies away from red: it was read red."""
import numpy as np

from vision.cells import HELD_CARD_FIT
from vision.hue_groups import name_groups

# red and orange as lit (CIELAB): hues about 29 and 45 degrees
PAINTS = np.array([[47.0, 68.0, 38.0], [60.0, 55.0, 55.0]])
SHARE = 6.0  # (a card group's sharing cost, vision.cells.CARD_SHARE_COST)


def _named(pale: np.ndarray, paints: np.ndarray | None) -> list:
    labs = np.array([[71.0, 33.1, 34.7], [64.8, 44.8, 40.7], pale])
    dist = np.array([[13.4, 6.7], [13.6, 5.0], [14.7, 9.9]])
    labels = np.array([0, 0, 1])
    return name_groups(labs, dist, labels, share_cost=SHARE, paints=paints).tolist()


def test_a_group_named_apart_against_the_hue_order_keeps_its_nearest_paint():
    yellower = np.array([79.7, 18.5, 28.4])  # hue 57 degrees: away from red
    assert _named(yellower, None) == [1, 1, 0]  # (by distances alone: named red)
    assert _named(yellower, PAINTS) == [1, 1, 1]


def test_a_redder_group_is_still_named_apart():
    redder = np.array([60.0, 45.0, 24.0])  # hue 28 degrees: towards red
    assert _named(redder, PAINTS) == [1, 1, 0]


HELD_FIT = HELD_CARD_FIT  # (how far a card may lie from a paint seen on few cards)


def _spare(labs: np.ndarray, dist: np.ndarray, sizes: tuple, spare_fit: float | None) -> list:
    """Two card groups of ``sizes`` cards, each card of a group at ``labs`` ``(2, 3)`` and
    distances ``dist`` ``(2, 2)`` to red and orange as lit, named together."""
    labels = np.repeat([0, 1], sizes)
    return name_groups(np.repeat(labs, sizes, axis=0), np.repeat(dist, sizes, axis=0), labels,
                       share_cost=SHARE, paints=PAINTS, spare_fit=spare_fit).tolist()


def test_two_groups_sharing_a_paint_beside_a_spare_one_are_two_paints():
    # the independent renderer's tap15 hard-923 (both groups nearest orange, red named by
    # none): 8 drifted red cards at hue 36 degrees, 6.8 from orange as lit and 12.4 from red,
    # and 4 orange cards at hue 43, 3.3 from orange and 19.8 from red (per card, CIEDE2000)
    labs = np.array([[53.1, 59.1, 42.3], [59.5, 60.3, 55.7]])
    dist = np.array([[12.4, 6.8], [19.8, 3.3]])
    assert _spare(labs, dist, (8, 4), None) == [1] * 12  # (the free copy to the larger group)
    assert _spare(labs, dist, (8, 4), HELD_FIT) == [0] * 8 + [1] * 4


def test_a_card_split_off_its_paint_is_not_named_by_a_spare_paint_far_from_it():
    # one card split off its paint's eight (as in tap13dev normal-204, tap15 normal-914):
    # 15 from orange as lit beside eight 3.7 from it; red, spare, 23 from the one card
    # (sharing, charged to all nine cards, would cost 54)
    labs = np.array([[60.0, 55.0, 55.0], [52.0, 62.0, 44.0]])
    dist = np.array([[25.0, 3.7], [23.0, 15.0]])
    assert _spare(labs, dist, (8, 1), HELD_FIT) == [1] * 9
    assert _spare(labs, dist, (8, 1), 2 * HELD_FIT) == [1] * 8 + [0]  # (any spare fit: renamed)
