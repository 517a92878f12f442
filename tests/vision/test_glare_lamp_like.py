"""The glare's colour is a lamp's (vision.glare.lamp_like): never green, nor magenta.

The light fitted over a layout of saturated paints measures their weak channels poorly, and
taken as the colour of a lamp's reflection its white can be one no lamp has. The tile is the
independent renderer's (tw11 normal 935, tile (5, 2), under a 3374 K lamp's hot spot): three
green sectors washed out to L* 98 beside a yellow one, with the light the reader fitted (its
white BGR 0.7, 1, 0.69: green) and the sectors' distances under it as read.
"""
import numpy as np

from vision.colour import Palette, hex_to_lab
from vision.glare import lamp_like, sector_glare_distances

#: Twelve Tiles' paints (KITS.md).
PALETTE = Palette(("blue", "red", "green", "yellow"),
                  np.array([hex_to_lab(h) for h in ("#2466C2", "#D0342C", "#3C9A45", "#F2C935")]))
#: One tile's four sectors (n, e, s, w), CIELAB: three washed-out greens and a yellow.
TILE = np.array([[98.3, -5.6, 16.1], [98.3, -5.4, 15.2], [97.8, -7.1, 20.9], [96.4, -14.5, 49.9]])
#: Their distances (CIEDE2000) to blue, red, green, yellow under the fitted light.
PLAIN = np.array([[39.7, 37.8, 20.2, 16.3], [39.3, 37.6, 20.5, 16.8],
                  [41.9, 38.7, 19.1, 14.1], [50.7, 45.2, 18.8, 6.3]])
#: The light fitted over the layout: gain and offset per linear BGR channel.
LIGHT = np.array([[0.72, 1.03, 0.72], [0.15, 0.18, 0.30]])
RED, GREEN = 1, 2


def _recorded(lamp: np.ndarray, light: np.ndarray) -> np.ndarray:
    white = lamp * light[0]
    return white / white.max()


def test_a_lamps_white_keeps_its_green_between_blue_and_red():
    warm = np.array([[0.5, 0.8, 1.0], [0.0, 0.0, 0.0]])
    cool = np.array([[1.0, 0.9, 0.8], [0.0, 0.0, 0.0]])
    for light in (warm, cool):
        assert np.allclose(lamp_like(np.ones(3), light), 1.0)


def test_a_green_or_magenta_white_takes_its_green_between():
    magenta = np.array([[0.68, 0.42, 1.0], [0.0, 0.0, 0.0]])
    for light in (LIGHT, magenta):
        b, g, r = _recorded(lamp_like(np.ones(3), light), light)
        assert np.isclose(g, np.sqrt(b * r))
        b0, _, r0 = _recorded(np.ones(3), light)
        assert np.isclose(b / r, b0 / r0)  # (blue and red as fitted)


def test_washed_out_greens_beside_a_yellow_fit_green_better_than_red():
    # (through the green "lamp" a red in a glare turns yellowish white and fits the washed-out
    # greens at 7, nearer than green at 12; through a lamp's colour it stays pink)
    dist = sector_glare_distances(TILE, PLAIN, PALETTE, LIGHT, np.ones(3), np.zeros(4, int))
    assert np.all(dist[:3, GREEN] < dist[:3, RED])
