"""The foreground mask and the lattice's bookkeeping on small synthetic pictures: what stands
out from the table without an outline (a lamp's hot spot) is not a tile; a striped cloth is
known by the table around the layout when the picture's border shows the floor too; lattices
derived from one another keep their own measures; tiles lying in a lamp's hot spot are
walled off from it by their sharp edges."""
import numpy as np

from vision.foreground import foreground_mask
from vision.locate import Lattice


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


def _striped_cloth_below_a_floor(size=(480, 640)):
    """Blue and white stripes (10 px period) under a plain dark floor filling the top 70 rows;
    a red tile and, beside it, two blue tiles of the stripes' blue."""
    h, w = size
    img = np.empty((h, w, 3), np.uint8)
    xx = np.arange(w)
    img[:] = np.where(((xx // 5) % 2 == 0)[None, :, None], (200, 120, 40), (235, 240, 240))
    img[:70] = (40, 50, 70)                                     # the floor beyond the table
    img[220:260, 300:340] = (40, 40, 200)                       # red
    img[220:260, 342:382] = (200, 120, 40)                      # blue, as the stripes
    img[262:302, 300:340] = (200, 120, 40)
    return img


def test_a_striped_cloth_is_judged_around_the_layout_not_by_the_floor_at_the_border():
    info = {}
    fg = foreground_mask(_striped_cloth_below_a_floor(), info=info)
    assert info["textured"]
    assert fg[240, 360] and fg[282, 320]      # the blue tiles, smooth on the stripes
    assert not fg[400, 100]


def test_lattices_derived_from_one_another_keep_their_own_info():
    lat = Lattice(H=np.eye(3), rows=(0, 2), cols=(0, 2), pitch_px=1.0, info={"source": "edges"})
    other = lat.with_H(2 * np.eye(3))
    other.info["partial"] = 0.5
    assert "partial" not in lat.info and other.info["source"] == "edges"


def _tiles_in_a_hot_spot(size=(480, 640)):
    """A dim brown table (BGR) under a lamp whose broad hot spot is centred beside a 3 x 3
    block of coloured tiles (sharp edges) lying at its side: the spot and the tiles stand out
    from the dim border as one group, most of whose rim fades; a coin lies apart."""
    h, w = size
    img = np.empty((h, w, 3), np.float32)
    img[:] = (30, 60, 95)                        # BGR: a dim brown
    yy, xx = np.mgrid[0:h, 0:w]
    glow = np.exp(-((xx - 300) ** 2 + (yy - 240) ** 2) / (2 * 70.0 ** 2))[..., None]
    img = img + glow * (np.array([120, 190, 255], np.float32) - img) * 0.9
    colours = [(40, 40, 200), (60, 160, 60), (180, 90, 30)]
    for r in range(3):
        for c in range(3):
            y0, x0 = 200 + 28 * r, 330 + 28 * c
            img[y0:y0 + 26, x0:x0 + 26] = colours[(r + c) % 3]
    img[(yy - 400) ** 2 + (xx - 560) ** 2 < 10 ** 2] = (170, 175, 180)
    return np.clip(img, 0, 255).astype(np.uint8)


def test_tiles_lying_in_a_hot_spot_stand_out_from_it():
    fg = foreground_mask(_tiles_in_a_hot_spot())
    assert fg[213, 343] and fg[241, 371] and fg[269, 399]   # the tiles
    assert not fg[240, 240]                                 # the lit table beside them
