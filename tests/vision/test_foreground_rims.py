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
        img = _lit(img, (170, 240), 45.0, (255, 255, 255), 0.75)
    _paint_block(img, (190, 400), 34, 31)
    return np.clip(img, 0, 255).astype(np.uint8)


def _lit(img: np.ndarray, centre: tuple[int, int], sigma: float, light, strength: float
         ) -> np.ndarray:
    """``img`` (H, W, 3) float BGR under a lamp's hot spot: a Gaussian of ``sigma`` pixels about
    ``centre`` (x, y) blending towards ``light`` (BGR) by up to ``strength``."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    glow = np.exp(-((xx - centre[0]) ** 2 + (yy - centre[1]) ** 2) / (2 * sigma ** 2))[..., None]
    return img + glow * (np.array(light, np.float32) - img) * strength


def _paint_block(img: np.ndarray, origin: tuple[int, int], pitch: int, side: int) -> None:
    """A 3 x 3 block of sharp-edged tiles (red, green, blue in turn) drawn into ``img`` in
    place: squares of ``side`` pixels, ``pitch`` apart, the first at ``origin`` (y, x)."""
    colours = [(40, 40, 200), (60, 160, 60), (180, 90, 30)]
    for r in range(3):
        for c in range(3):
            y0, x0 = origin[0] + pitch * r, origin[1] + pitch * c
            img[y0:y0 + side, x0:x0 + side] = colours[(r + c) % 3]


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
    img = _lit(img, (300, 240), 70.0, (120, 190, 255), 0.9)
    _paint_block(img, (200, 330), 28, 26)
    yy, xx = np.mgrid[0:h, 0:w]
    img[(yy - 400) ** 2 + (xx - 560) ** 2 < 10 ** 2] = (170, 175, 180)
    return np.clip(img, 0, 255).astype(np.uint8)


def test_tiles_lying_in_a_hot_spot_stand_out_from_it():
    fg = foreground_mask(_tiles_in_a_hot_spot())
    assert fg[213, 343] and fg[241, 371] and fg[269, 399]   # the tiles
    assert not fg[240, 240]                                 # the lit table beside them


def _layout_with_a_piece_split_off(size=(480, 640)):
    """A 3 x 3 block of tiles on a plain brown table, and beyond a gap of one tile of the
    table's look (no tile drawn: it does not stand out) a lone red tile of the same layout; a
    pen (a thin grey stroke) as near on the other side, and a lone tile far off (clutter)."""
    h, w = size
    img = np.empty((h, w, 3), np.float32)
    img[:] = (60, 120, 180)
    _paint_block(img, (190, 400), 34, 31)
    img[224:255, 536:567] = (40, 40, 200)        # the piece: one pitch beyond the block's column
    img[230:238, 290:380] = (200, 200, 200)      # a pen left of the block, as near
    img[40:71, 60:91] = (40, 40, 200)            # a lone tile far off
    return np.clip(img, 0, 255).astype(np.uint8)


def test_a_piece_of_the_layout_split_off_by_a_tile_of_the_tables_look_is_kept():
    fg = foreground_mask(_layout_with_a_piece_split_off(), join_pieces=True)
    assert fg[240, 450]                  # the block
    assert fg[240, 550]                  # the piece a tile away, a tenth of the block's size
    assert not fg[234, 330]              # the pen as near: a thin stroke, no tile
    assert not fg[55, 75]                # the lone tile far off: clutter
    # (tiles of several paints or cards always show some part: no pieces are joined for them)
    assert not foreground_mask(_layout_with_a_piece_split_off())[240, 550]
