"""A tile's sector that is not its tile-mate's paint with more of the lamp's glare
(vision.cells.mate_glare_distance, _washed_pairs_apart with the lamp; vision.decode's fill
keeping the paint a sector was named apart).

The samples are the own renderer's Twelve Tiles calibration case under its profile (3000 K lamp,
a purplish blue set): seed 0, photo 10, tile (5, 4), a green, a green, a red and a blue (west)
in the lamp's hot spot, the blue named red (red clipped in both; the blue's green and blue
channels far above the red's, where the lamp adds more green than blue).
"""
import numpy as np

from vision.cells import (GROUP_CONF, MATE_GLARE_DE, CellReading, _washed_pairs_apart,
                          mate_glare_distance)
from vision.colour import bgr_to_lab, linear_to_srgb
from vision.decode import decode_readings
from vision.kits import kit_for_game

BLUE, RED, GREEN, YELLOW = range(4)
#: The glare's colour measured on that photo (linear BGR, largest channel 1).
LAMP = np.array([0.409, 0.689, 1.0])
#: The tile's sectors (n, e, s, w), CIELAB: green, green, red, blue.
TILE = np.array([[91.0, -7.9, 30.2], [81.9, -12.7, 28.7], [82.1, 17.9, 27.0], [92.6, 4.8, 14.0]])
#: Their distances (CIEDE2000) to blue, red, green, yellow through the glare, as read.
DIST = np.array([[24.8, 27.2, 9.3, 11.3], [25.4, 29.3, 3.2, 16.2],
                 [13.3, 2.7, 22.4, 17.9], [11.6, 9.1, 23.2, 19.7]])
NAMED = np.array([GREEN, GREEN, RED, RED])


def _lab(bgr_linear: np.ndarray) -> np.ndarray:
    return bgr_to_lab(linear_to_srgb(np.asarray(bgr_linear, np.float64)).astype(np.float32))


def test_one_paint_under_more_glare_lies_near_its_tile_mate():
    red = np.array([0.27, 0.37, 0.99])
    glared = np.minimum(1.1 * red + 0.15 * LAMP, 1.0)  # (a little brighter, and the lamp's veil)
    tile = _lab(np.array([red, glared, red, red]))[None]
    d = mate_glare_distance(tile, LAMP)
    assert d[0, 1, 0] < 1.0


def test_one_paint_in_a_shadow_lies_near_its_tile_mate():
    # (the independent renderer's calibration case, seed 0, photo 3: a yellow at L* 46 beside
    # its tile-mate at 68)
    tile = np.array([[45.4, -45.6, 31.7], [67.7, 2.7, 70.5], [40.9, 43.0, 41.9], [46.1, 3.5, 51.6]])
    assert mate_glare_distance(tile[None], LAMP)[0, 3, 1] < MATE_GLARE_DE


def test_a_sector_brightened_in_other_proportions_than_the_lamps_is_another_paint():
    d = mate_glare_distance(TILE[None], LAMP)
    assert d[0, 3, 2] > MATE_GLARE_DE  # (the blue is no red under more glare)
    assert d[0, 0, 1] < MATE_GLARE_DE  # (the paler green is its tile-mate under more glare)


def test_too_few_unclipped_channels_tell_nothing():
    tile = _lab(np.array([[0.3, 0.95, 0.99], [0.5, 0.97, 0.99], [0.3, 0.95, 0.99], [0.3, 0.95, 0.99]]))
    assert np.isnan(mate_glare_distance(tile[None], LAMP)[0, 1, 0])


def test_a_sector_lit_unlike_its_tile_mate_takes_its_next_paint():
    named, conf = _washed_pairs_apart(TILE, NAMED, np.array([0.38, 0.95, 0.92, 0.45]), DIST, LAMP)
    assert named.tolist() == [GREEN, GREEN, RED, BLUE]
    assert conf[3] <= GROUP_CONF


def test_without_the_lamp_the_lighter_sector_keeps_its_name():
    named, _ = _washed_pairs_apart(TILE, NAMED, np.array([0.38, 0.95, 0.92, 0.45]), DIST)
    assert named.tolist() == NAMED.tolist()


TWELVE = kit_for_game("twelve-tiles")
NAMES = ("blue", "red", "green", "yellow")


def _reading(row, col, dist, conf, apart=None):
    evidence = {"sector_distance": {e: dict(zip(NAMES, d)) for e, d in zip("nesw", dist)},
                "sector_conf": dict(zip("nesw", conf))}
    if apart:
        evidence["sector_apart"] = apart
    return CellReading(row, col, True, 0.99, {"edges": None}, {"edges": min(conf)}, 0.5,
                       (("edges", "sector unclear"),), evidence)


def test_the_fill_keeps_a_clear_sector_named_apart_from_its_tile_mate():
    # (the tile above: the west named blue apart from the red; the north unclear, green or
    # yellow, its neighbour deciding it)
    conf = [0.38, 0.95, 0.92, GROUP_CONF]
    me = _reading(1, 0, DIST.tolist(), conf, {"w": ("blue", "red")})
    above = {"n": "red", "e": "yellow", "s": "green", "w": "blue"}
    north = CellReading(0, 0, True, 0.99, {"edges": above}, {"edges": 0.95}, 0.9)
    decoded, _ = decode_readings([me, north], TWELVE, "twelve-tiles")
    assert decoded[(1, 0)][0]["edges"] == {"n": "green", "e": "green", "s": "red", "w": "blue"}


def test_an_unclear_sector_named_apart_is_not_its_tile_mates_paint():
    # (seed 0, photo 10, tile (3, 3): the south red 9.4 and blue 10.0, named blue apart from the
    # red east)
    dist = [[3.0, 15.1, 22.9, 23.9], [14.8, 2.2, 25.2, 20.5], [10.0, 9.4, 26.7, 21.0],
            [22.1, 25.0, 5.6, 12.5]]
    me = _reading(0, 0, dist, [0.95, 0.95, 0.11, 0.81], {"s": ("blue", "red")})
    decoded, _ = decode_readings([me], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"] == {"n": "blue", "e": "red", "s": "blue", "w": "green"}
    plain = _reading(0, 0, dist, [0.95, 0.95, 0.11, 0.81])
    decoded, _ = decode_readings([plain], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"] is None
