"""A tile's two sectors named one paint that clearly show two (vision.cells._washed_pairs_apart).

Under a warm lamp's hot spot a green pales towards the palette's yellow and fits a yellow with
glare added as well as a green, while the tile's own yellow in the same glare keeps its chroma.
The samples are the independent renderer's (final3 hard 064, tile (4, 3): three yellow sectors
and a washed-out green, all at L* 97-99), with distances as the reader found them.
"""
import numpy as np

from vision.cells import GROUP_CONF, _washed_pairs_apart

#: One tile's four sectors (n, e, s, w), CIELAB: yellow, a green washed out, yellow, yellow.
TILE = np.array([[97.1, -14.0, 47.8], [99.2, -3.3, 7.7], [97.4, -12.7, 42.2], [97.4, -12.8, 43.0]])
#: Their distances (CIEDE2000) to blue, red, green, yellow through the glare, as read.
DIST = np.array([[44.9, 32.5, 17.1, 1.1], [26.3, 24.0, 17.4, 14.0],
                 [43.2, 31.4, 15.9, 1.0], [43.5, 31.5, 16.0, 1.0]])
YELLOW, GREEN = 3, 2


def test_the_paler_of_two_sectors_apart_takes_its_next_paint():
    named, conf = _washed_pairs_apart(TILE, np.full(4, YELLOW), np.full(4, 0.9), DIST)
    assert named.tolist() == [YELLOW, GREEN, YELLOW, YELLOW]
    assert conf[1] == GROUP_CONF and np.all(conf[[0, 2, 3]] == 0.9)


def test_a_shadow_across_a_tile_keeps_one_paint():
    # (the same yellow darker on one side: the lightness differs, not the look in one light)
    tile = np.array([[80.2, 8.0, 61.0], [54.6, 3.8, 37.0], [80.0, 8.0, 60.0], [79.0, 8.0, 60.0]])
    named, conf = _washed_pairs_apart(tile, np.full(4, YELLOW), np.full(4, 0.9), DIST)
    assert np.all(named == YELLOW) and np.all(conf == 0.9)


def test_a_paler_sector_far_from_every_other_paint_keeps_its_name():
    dist = DIST.copy()
    dist[1] = [40.0, 38.0, 30.0, 14.0]  # (the next paint 16 further: not a washed-out one)
    named, _ = _washed_pairs_apart(TILE, np.full(4, YELLOW), np.full(4, 0.9), dist)
    assert np.all(named == YELLOW)


def test_an_unclear_sector_stays_unclear_when_named_apart():
    conf = np.array([0.9, 0.3, 0.9, 0.9])
    named, out = _washed_pairs_apart(TILE, np.full(4, YELLOW), conf, DIST)
    assert named[1] == GREEN and out[1] == 0.3


def test_a_yellow_paling_by_degrees_across_the_tile_stays_yellow():
    # (the independent renderer's tw3devB hard 138, tile (5, 2): its yellows at b* 52, 37 and 20,
    # the glare falling off across the face; the red between them)
    tile = np.array([[96.4, -14.7, 52.0], [69.6, 43.2, 19.6], [98.1, -6.8, 19.7], [97.3, -11.7, 37.0]])
    dist = np.array([[53.1, 46.1, 19.1, 2.3], [31.6, 2.8, 44.4, 39.7],
                     [42.1, 35.3, 16.2, 9.9], [49.0, 39.7, 16.2, 3.3]])
    named = np.array([YELLOW, 1, YELLOW, YELLOW])
    out, _ = _washed_pairs_apart(tile, named, np.full(4, 0.9), dist)
    assert out.tolist() == named.tolist()


def test_two_washed_out_sectors_alike_both_take_their_paint():
    # (final3 hard 064, tile (3, 3): blue, two washed-out greens alike, a yellow; all named yellow
    # but the blue)
    tile = np.array([[88.0, -8.2, -16.2], [98.0, -7.2, 18.9], [97.3, -13.6, 48.9], [98.4, -6.2, 18.3]])
    dist = np.array([[2.9, 29.9, 29.0, 34.0], [29.9, 18.1, 14.6, 3.6],
                     [41.9, 25.5, 18.8, 4.0], [29.6, 17.3, 15.2, 3.4]])
    out, _ = _washed_pairs_apart(tile, np.array([0, YELLOW, YELLOW, YELLOW]), np.full(4, 0.9), dist)
    assert out.tolist() == [0, GREEN, YELLOW, GREEN]


#: The own renderer's Twelve Tiles calibration case (seed 0, photo 10, tile (4, 2), under the
#: profile): three yellows and a green 6.4-8.4 from them, paler and 2.7-3.4 L* darker.
DARKER_TILE = np.array([[95.1, -9.6, 46.8], [91.7, -5.4, 29.6], [94.6, -8.5, 46.2], [94.4, -9.9, 53.0]])
DARKER_DIST = np.array([[33.5, 22.1, 17.6, 2.0], [28.8, 28.8, 15.7, 7.9],
                        [33.4, 21.5, 18.0, 2.0], [34.4, 23.4, 18.7, 1.1]])


def test_a_paler_sector_no_lighter_is_another_paint_below_the_washed_bound():
    named, conf = _washed_pairs_apart(DARKER_TILE, np.full(4, YELLOW), np.full(4, 0.9), DARKER_DIST)
    assert named.tolist() == [YELLOW, GREEN, YELLOW, YELLOW]
    assert conf[1] == GROUP_CONF


def test_a_paler_sector_lighter_below_the_washed_bound_is_glare_on_one_paint():
    # (the same colours with the pale sector lighter than the rest: more glare on the yellow)
    tile = DARKER_TILE.copy()
    tile[1, 0] = 97.5
    named, _ = _washed_pairs_apart(tile, np.full(4, YELLOW), np.full(4, 0.9), DARKER_DIST)
    assert np.all(named == YELLOW)
