"""An unclear Twelve Tiles sector in a lamp's hot spot named by the step of its light across its
diagonals (vision.cells._diagonal_steps, _named_by_diagonal_steps).

The paints are the own renderer's Twelve Tiles calibration case's as its profile measured them
(seed 1: a set repainted under a 3000 K lamp), linear BGR; the glare's colour is the one the
reader measured on that case's photo 10, whose tile (2, 4) (red, green, yellow, yellow) this
stands for: red and green clipped over its green and its south yellow, the blue left mostly the
lamp's glare, rising across the tile.
"""
import numpy as np

from vision.cells import (CONFIDENCE_THRESHOLD, GROUP_CONF, _diagonal_steps,
                          _named_by_diagonal_steps, _triangles)
from vision.colour import bgr_to_lab, linear_to_srgb

BLUE, RED, GREEN, YELLOW = range(4)
#: The profile's paints, linear BGR.
PAINT = {BLUE: (0.329, 0.192, 0.305), RED: (0.121, 0.142, 0.984),
         GREEN: (0.136, 0.414, 0.347), YELLOW: (0.106, 0.372, 0.645)}
#: The glare's colour (linear BGR, largest channel 1).
LAMP = np.array([0.297, 0.808, 0.944])
N = 32


def _tile_view(edges: tuple[int, int, int, int], light: float = 2.0) -> np.ndarray:
    """A cell's view ``(N, N, 3)`` Lab of a tile of paints ``edges`` (n, e, s, w) at ``light``
    times the profile's exposure, with a glare rising from 0.3 to 0.9 of the lamp across it
    (west to east) and the camera's clip at 1."""
    yy, xx = (np.mgrid[0:N, 0:N] + 0.5) / N - 0.5
    sector = _triangles(N, inset=0.0, band=-np.inf)  # (whole sectors, as _step_bands takes them)
    side = np.select([sector["n"], sector["e"], sector["s"]], [0, 1, 2], 3)
    paint = np.asarray([PAINT[e] for e in edges])[side]  # (N, N, 3)
    glare = (0.6 + 0.6 * xx)[..., None] * LAMP
    lin = np.clip(light * paint + glare, 0.0, 1.0)
    return bgr_to_lab(linear_to_srgb(lin.reshape(-1, 3)).astype(np.float32)).reshape(N, N, 3)


def test_one_paint_meets_its_tile_mate_without_a_step_however_much_glare():
    steps = _diagonal_steps(_tile_view((RED, GREEN, YELLOW, YELLOW)))  # n|e, e|s, s|w, w|n
    assert abs(steps[2, 0]) < 0.005  # (yellow to yellow: the glare cancels)
    assert steps[1, 0] < -0.04  # (green to yellow: blue falls by their paints' difference)
    assert np.isnan(steps[1, 2])  # (red clipped on both sides)


def _sector_reading(edges: tuple[int, int, int, int], s_named: int, e_conf: float = 0.3,
                    s_conf: float = GROUP_CONF, w_conf: float = 0.9):
    """A tile's sector names, confidences and distances as the reader has them before the steps:
    the south sector doubtful (its hue group's name, at GROUP_CONF), 0.6 from both green and
    yellow (as read on that photo); the east unclear, 0.8 from green and 2.2 from yellow."""
    named = np.array([edges[0], edges[1], s_named, edges[3]])
    conf = np.array([0.96, e_conf, s_conf, w_conf])
    dist = np.array([[30.0, 1.0, 30.0, 25.0], [30.0, 33.0, 0.8, 2.2],
                     [30.0, 33.0, 0.6, 0.6], [30.0, 20.0, 8.0, 1.0]])
    return named, conf, dist


def test_a_doubtful_sector_takes_the_paint_of_the_tile_mate_its_light_continues():
    edges = (RED, GREEN, YELLOW, YELLOW)
    view = _tile_view(edges)
    named, conf, dist = _sector_reading(edges, GREEN)
    out, out_conf = _named_by_diagonal_steps(named, conf, dist, lambda t: view)
    assert out[2] == YELLOW and out_conf[2] >= CONFIDENCE_THRESHOLD
    assert out[1] == GREEN  # (the east's tile-mates are a red far from it and a yellow: kept)


def test_a_sector_whose_other_tile_mate_is_a_far_paint_is_left():
    # (a yellow between a green and a blue: the step to the blue says nothing of green against
    # yellow, the own renderer's calibration case, seed 1, photo 10, tile (1, 5)); its green
    # tile-mate clear and its light continuing the green's more than the blue's, only the far
    # paint (WASHED_PAIR_MARGIN: the blue 30 from it) keeps it yellow
    edges = (RED, GREEN, YELLOW, BLUE)
    view = _tile_view(edges)
    named, conf, dist = _sector_reading(edges, YELLOW, e_conf=0.96)
    out, _ = _named_by_diagonal_steps(named, conf, dist, lambda t: view)
    assert out[2] == YELLOW


def test_an_unclear_sector_whose_name_stands_keeps_its_confidence():
    # (its light continues its yellow tile-mate's and it is named yellow already: not lifted to
    # GROUP_CONF, the decoder's fill and the refit still see it unclear)
    edges = (RED, GREEN, YELLOW, YELLOW)
    view = _tile_view(edges)
    named, conf, dist = _sector_reading(edges, YELLOW, e_conf=0.96, s_conf=0.3)
    out, out_conf = _named_by_diagonal_steps(named, conf, dist, lambda t: view)
    assert out[2] == YELLOW and out_conf[2] == 0.3


def test_a_tile_mate_named_by_its_hue_group_anchors_nothing():
    # (the yellow tile-mate itself doubtful, at GROUP_CONF: the south keeps its name)
    edges = (RED, GREEN, YELLOW, YELLOW)
    view = _tile_view(edges)
    named, conf, dist = _sector_reading(edges, GREEN, w_conf=GROUP_CONF)
    out, out_conf = _named_by_diagonal_steps(named, conf, dist, lambda t: view)
    assert out[2] == GREEN and out_conf[2] == GROUP_CONF


def test_a_sector_named_apart_from_a_tile_mate_is_left():
    # (_washed_pairs_apart's rename is not reversed)
    edges = (RED, GREEN, YELLOW, YELLOW)
    view = _tile_view(edges)
    named, conf, dist = _sector_reading(edges, GREEN)
    apart = np.array([False, False, True, False])
    out, _ = _named_by_diagonal_steps(named, conf, dist, lambda t: view, apart)
    assert out[2] == GREEN


def test_two_doubtful_tile_mates_anchoring_each_other_trade_nothing():
    # (the south named green and its yellow tile-mate west, both read 0.55, clear but under
    # GROUP_CONF, each continuing the other: neither anchors, as each would be renamed)
    edges = (RED, GREEN, YELLOW, YELLOW)
    view = _tile_view(edges)
    named, conf, dist = _sector_reading(edges, GREEN, e_conf=0.96, s_conf=0.55, w_conf=0.55)
    dist[3] = (30.0, 10.0, 8.0, 1.0)  # (the west within WASHED_PAIR_MARGIN of red and green)
    out, out_conf = _named_by_diagonal_steps(named, conf, dist, lambda t: view)
    assert list(out) == list(named) and list(out_conf) == list(conf)
    # (the west alone doubtful: the south, renamed by nothing, anchors it)
    conf[2] = 0.96
    out, _ = _named_by_diagonal_steps(named, conf, dist, lambda t: view)
    assert out[3] == GREEN
