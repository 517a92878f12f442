"""On a patterned table the texture cue also finds the cloth's own smooth stretches (a floral
print's bare ground between sparse motifs), which stand out by no colour: where the tiles stand
out by theirs, the groups are weighed by their pixels in the colour cue, so a big bare stretch
does not outweigh the layout (foreground._colour_weights)."""
import numpy as np

from vision import foreground


def _groups() -> tuple[np.ndarray, int, np.ndarray, np.ndarray]:
    """Labels (60, 80) of a big bare stretch (label 1, 30x30) and a small layout (label 2,
    10x20), with their areas and whether they lie apart from the border (both)."""
    labels = np.zeros((60, 80), np.int32)
    labels[5:35, 5:35] = 1
    labels[40:50, 50:70] = 2
    areas = np.bincount(labels.ravel(), minlength=3)[1:]
    return labels, 3, areas, np.array([True, True])


def test_a_bare_stretch_weighs_nothing_beside_coloured_tiles():
    labels, n, areas, inner = _groups()
    colour = np.zeros((30, 40), bool)  # (the colour cue at half size)
    colour[20:25, 25:35] = True  # the layout's tiles
    colour[10, 10] = True  # a stray pixel on the bare stretch
    weight = foreground._colour_weights(labels, n, areas, colour, inner)
    assert weight[1] > weight[0]
    assert weight[0] < 0.3 * weight[1]  # (dropped beside the layout, see foreground_mask)


def test_groups_keep_their_areas_where_none_stands_out_by_colour():
    labels, n, areas, inner = _groups()
    colour = np.zeros((30, 40), bool)
    colour[21, 26:30] = True  # a few of the layout's pixels only
    weight = foreground._colour_weights(labels, n, areas, colour, inner)
    assert weight.tolist() == areas.tolist()
    assert weight.dtype == float  # (as where weighed by colour)


def test_a_group_standing_out_by_colour_counts_whole():
    labels, n, areas, inner = _groups()
    colour = np.zeros((30, 40), bool)
    colour[2:18, 2:18] = True  # the big group, all of it (its 900 pixels at full size)
    colour[20:25, 25:31] = True  # 6 of the small group's 10 columns: 0.6 of it
    weight = foreground._colour_weights(labels, n, areas, colour, inner)
    assert weight.tolist() == areas.tolist()


def test_a_group_under_the_share_is_weighed_by_its_coloured_pixels():
    labels, n, areas, inner = _groups()
    colour = np.zeros((30, 40), bool)
    colour[3:9, 2:18] = True  # a band across the big group: 360 of its 900 pixels (0.4)
    colour[20:25, 25:35] = True  # the layout's tiles
    weight = foreground._colour_weights(labels, n, areas, colour, inner)
    assert weight.tolist() == [360, areas[1]]
    assert weight.dtype == float


def test_one_coloured_thing_does_not_weigh_a_white_layout_by_colour():
    # a layout of white tiles on a cream cloth (label 1, 40x60: few of its pixels in the colour
    # cue) beside one red die (label 2, 10x10: 1% of the picture, under a small layout's share)
    labels = np.zeros((100, 100), np.int32)
    labels[10:50, 10:70] = 1
    labels[70:80, 80:90] = 2
    areas = np.bincount(labels.ravel(), minlength=3)[1:]
    colour = np.zeros((50, 50), bool)
    colour[10, 10:12] = True  # 2 half-size pixels of the layout: 8 of its 2400
    colour[35:40, 40:45] = True  # the die, all of it
    weight = foreground._colour_weights(labels, 3, areas, colour, np.array([True, True]))
    assert weight.tolist() == areas.tolist()  # (by colour: [8, 100], the layout dropped)
    assert weight[0] >= foreground.GROUP_KEEP * weight.max()
