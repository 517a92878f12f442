"""A paint keeps the order of its channels through any shading and glare (vision.glare).

``observed = clip(a * paint + g * white + offset)``: a yellow's red never lies below its green
while the red is not clipped. The tile is the independent renderer's (final16 twelve-tiles
normal 1605, tile (3, 6), in a warm lamp's hot spot): a yellow, two greens washed out to L*
96-97 whose green channel is clipped and red not, and a blue, with the light the reader fitted
and the sectors' distances under it as read. Through the glare the greens lay nearer the pale
yellow (CIEDE2000 8-12 against 12-13).
"""
import numpy as np

from vision.colour import Palette, bgr_to_lab, hex_to_lab, linear_to_srgb, palette_linear
from vision.glare import channel_order_excess, sector_glare_distances

#: Twelve Tiles' paints (KITS.md).
PALETTE = Palette(("blue", "red", "green", "yellow"),
                  np.array([hex_to_lab(h) for h in ("#2466C2", "#D0342C", "#3C9A45", "#F2C935")]))
BLUE, RED, GREEN, YELLOW = range(4)
#: One tile's four sectors (n, e, s, w), CIELAB: a yellow, two washed-out greens, a blue.
TILE = np.array([[98.1, -11.7, 37.1], [97.3, -14.5, 34.0], [96.2, -21.6, 40.6],
                 [88.7, -17.0, -16.9]])
TRUTH = np.array([YELLOW, GREEN, GREEN, BLUE])
#: Their distances (CIEDE2000) to blue, red, green, yellow under the fitted light.
PLAIN = np.array([[62.6, 49.0, 23.7, 11.6], [60.8, 50.6, 22.0, 13.5], [62.7, 55.3, 19.9, 13.6],
                  [28.9, 58.3, 36.5, 42.5]])
#: The light fitted over the layout: gain and offset per linear BGR channel.
LIGHT = np.array([[1.669, 1.345, 1.617], [0.025, 0.077, 0.086]])


def test_a_green_clipped_above_its_red_breaks_the_yellows_order():
    excess = channel_order_excess(TILE, PALETTE, LIGHT, np.ones(3))
    assert np.all(excess[np.arange(4), TRUTH] == 0.0)
    assert excess[2, YELLOW] > 0.15  # (green clipped, red at 0.80: no yellow)
    assert excess[0, GREEN] == 0.0 and excess[0, YELLOW] == 0.0  # (a clipped pale yellow)


def test_every_paint_shaded_and_glared_keeps_its_order():
    # (a warm, a neutral and a cool lamp's white, BGR; any shading, any glare, clipped)
    rng = np.random.default_rng(0)
    paints = palette_linear(PALETTE) * LIGHT[0]
    for lamp in (np.array([0.45, 0.75, 1.0]), np.ones(3), np.array([1.0, 0.9, 0.75])):
        white = lamp / lamp.max() * LIGHT[0]
        for k, paint in enumerate(paints):
            a, g = rng.uniform(0.3, 1.5, (2, 40, 1))
            seen = np.clip(a * paint + g * white + LIGHT[1], 0.0, 1.0)
            lab = bgr_to_lab(linear_to_srgb(seen).astype(np.float32))
            assert channel_order_excess(lab, PALETTE, LIGHT, lamp)[:, k].max() < 0.01, (k, lamp)


def test_washed_greens_beside_a_yellow_are_no_yellow_through_the_glare():
    dist = sector_glare_distances(TILE, PLAIN, PALETTE, LIGHT, np.ones(3), np.zeros(4, int))
    assert np.array_equal(dist.argmin(axis=1), TRUTH)
