"""The foreground mask on small synthetic pictures: what stands out from the table without an
outline (a lamp's hot spot) is not a tile."""
import numpy as np

from vision.foreground import foreground_mask


def _table_with_hot_spot(size=(480, 640), spot=True):
    """A wooden-brown table (BGR) lit by a lamp whose hot spot (a smooth Gaussian of light,
    lighter and paler) lies left of a 3 x 3 block of coloured tiles with sharp edges."""
    h, w = size
    img = np.empty((h, w, 3), np.float32)
    img[:] = (60, 120, 180)                      # BGR: a mid brown
    if spot:
        yy, xx = np.mgrid[0:h, 0:w]
        glow = np.exp(-((xx - 170) ** 2 + (yy - 240) ** 2) / (2 * 45.0 ** 2))[..., None]
        img = img + glow * (np.array([255, 255, 255], np.float32) - img) * 0.75
    colours = [(40, 40, 200), (60, 160, 60), (180, 90, 30)]
    for r in range(3):
        for c in range(3):
            y0, x0 = 190 + 34 * r, 400 + 34 * c
            img[y0:y0 + 31, x0:x0 + 31] = colours[(r + c) % 3]
    return np.clip(img, 0, 255).astype(np.uint8)


def test_a_hot_spot_on_the_table_is_not_foreground():
    fg = foreground_mask(_table_with_hot_spot())
    assert fg[240, 450]                  # the tiles stand out
    assert not fg[240, 170]              # the hot spot's centre does not: it has no outline
    assert fg[:, :300].mean() < 0.01
