"""Hue groups named apart go to the paint on their side in hue (vision.hue_groups).

Two card groups both nearest orange are red and orange when red fits one nearly as well; the
one named red must be the redder. A pale orange card in a warm lamp's glare (final12 hard-700:
L 80, hue 57 degrees beside orange cards at 42-46) lies far from both paints, so red fits it
nearly as well as orange (14.7 against 9.9) though its hue lies away from red: it was read red."""
import numpy as np

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
