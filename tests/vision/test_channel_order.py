"""A washed-out sector whose green stands above its red is no yellow (vision.cells
._channel_order_distances).

A lamp's glare adds its own white to every channel and the camera clips a channel at the top
without reordering the others: a Twelve Tiles yellow (red above green) stays red-over-green
however washed out, while a green washed out by a hot spot keeps some green above its red. The
samples are the independent renderer's, as the reader measured them (tw15 normal 3210, tile
(2, 0), a green read yellow; the yellow of tile (3, 0) beside it in the same hot spot).
"""
import numpy as np

from vision.cells import CHANNEL_ORDER_COST, _channel_order_distances
from vision.colour import hex_to_lab

#: The kit's paints (KITS.md): blue, red, green, yellow, CIELAB.
PAINTS = np.array([hex_to_lab(h) for h in ("#2466C2", "#D0342C", "#3C9A45", "#F2C935")])
BLUE, RED, GREEN, YELLOW = range(4)
#: A green washed out (sRGB about 248, 254, 212), a yellow washed out (254, 253, 187) and a dim
#: bluish sample with green a little above red (94, 99, 151; no hot spot), CIELAB.
WASHED_GREEN = [98.2, -8.9, 19.2]
WASHED_YELLOW = [97.9, -9.8, 31.8]
DIM = [41.0, -1.0, -26.0]


def _added(samples) -> np.ndarray:
    samples = np.array(samples, float)
    dist = np.full((len(samples), len(PAINTS)), 10.0)
    return _channel_order_distances(samples, dist, PAINTS) - dist


def test_a_washed_green_is_no_red_over_green_paint():
    added = _added([WASHED_GREEN])[0]
    assert added[YELLOW] == CHANNEL_ORDER_COST and added[RED] == CHANNEL_ORDER_COST
    assert added[GREEN] == 0.0 and added[BLUE] == 0.0


def test_a_washed_yellow_keeps_its_distances():
    assert np.all(_added([WASHED_YELLOW]) == 0.0)


def test_a_dim_sector_is_not_judged():
    assert np.all(_added([DIM]) == 0.0)


def test_no_samples():
    assert _channel_order_distances(np.zeros((0, 3)), np.zeros((0, 4)), PAINTS).shape == (0, 4)
