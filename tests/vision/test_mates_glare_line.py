"""A tile's odd sector on the line along which its three tile-mates of one paint pale under a
glare (vision.cells._on_mates_glare_line).

A lamp's hot spot falling off across a tile adds its own colour to one paint in the same
proportions at every level, so the paint's sectors pale along one line (linear light); a
sector further along that line than the three is the same paint washed further, however the
light fitted over the layout names it. The samples are the independent renderer's (final16
twelve-tiles-hard-1606, tile (5, 1): four red sectors under a 4900 K lamp's hot spot, the
palest read yellow), with distances as the reader found them.
"""
import numpy as np

from vision.cells import GROUP_CONF, _on_mates_glare_line

BLUE, RED, GREEN, YELLOW = 0, 1, 2, 3
#: The tile's four sectors (n, e, s, w), CIELAB: sRGB (249, 182, 150), (248, 161, 134),
#: (249, 190, 162) and the palest, (250, 210, 180).
TILE = np.array([[79.4, 20.3, 25.8], [74.2, 29.2, 27.3], [81.5, 17.5, 22.3], [86.7, 9.7, 20.0]])
#: Their distances (CIEDE2000) to blue, red, green and yellow as read.
DIST = np.array([[54.0, 16.0, 56.0, 20.0], [55.0, 12.0, 58.0, 24.0],
                 [53.0, 16.0, 56.0, 19.0], [53.0, 21.0, 53.0, 15.0]])
NAMED = np.array([RED, RED, RED, YELLOW])
CONF = np.array([0.44, 0.85, 0.35, 0.58])
#: As read but with the odd sector clear (above GROUP_CONF), so a rename shows in its confidence.
CLEAR = np.array([0.44, 0.85, 0.35, 0.72])


def test_the_palest_sector_on_its_mates_glare_line_takes_their_paint():
    named, conf = _on_mates_glare_line(TILE, NAMED, CONF, DIST)
    assert named.tolist() == [RED, RED, RED, RED]
    assert conf[3] <= GROUP_CONF and conf[:3].tolist() == CONF[:3].tolist()


def test_a_clear_renamed_sector_is_capped_at_group_conf():
    named, conf = _on_mates_glare_line(TILE, NAMED, CLEAR, DIST)
    assert named[3] == RED and conf[3] == GROUP_CONF and conf[:3].tolist() == CLEAR[:3].tolist()


def test_a_sector_off_the_line_keeps_its_paint():
    # (beyond the three along their line, as far as the palest red, but 0.10 linear off it:
    # sRGB (238, 211, 179), no channel clipped)
    tile = TILE.copy()
    tile[3] = [85.9, 4.6, 19.2]
    named, conf = _on_mates_glare_line(tile, NAMED, CLEAR, DIST)
    assert named.tolist() == NAMED.tolist() and conf.tolist() == CLEAR.tolist()


def test_mates_that_pale_too_little_give_no_line():
    # (three reds, sRGB (248, 176, 147) to (248, 180, 151), paling by 0.03 linear along the
    # glare's line, the palest red further along it: too little spread to tell a glare's
    # direction from the camera's noise)
    tile = TILE.copy()
    tile[:3] = [[77.9, 22.9, 25.3], [78.4, 22.1, 24.9], [78.9, 21.2, 24.6]]
    named, conf = _on_mates_glare_line(tile, NAMED, CLEAR, DIST)
    assert named[3] == YELLOW and conf[3] == CLEAR[3]


def test_a_sector_clipped_in_two_channels_keeps_its_paint():
    # (on the three's line, further along it: sRGB (252, 249, 215), red and green clipped, one
    # channel left to tell its proportions, too few)
    tile = TILE.copy()
    tile[3] = [97.4, -4.6, 16.9]
    named, conf = _on_mates_glare_line(tile, NAMED, CLEAR, DIST)
    assert named[3] == YELLOW and conf[3] == CLEAR[3]


def test_a_paint_far_from_the_sector_is_not_taken():
    dist = DIST.copy()
    dist[3, RED] = 40.0  # (red 25 further than its nearest: beyond a washed sector's reach)
    named, _ = _on_mates_glare_line(TILE, NAMED, CONF, dist)
    assert named[3] == YELLOW


def test_tiles_of_two_and_two_are_left_alone():
    named = np.array([RED, RED, YELLOW, YELLOW])
    out, _ = _on_mates_glare_line(TILE, named, CONF, DIST)
    assert out.tolist() == named.tolist()
