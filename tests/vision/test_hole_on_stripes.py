"""A hole in a Textile layout on a striped cloth (wide cream and purple stripes): the cream
stripe shows in it, shaded a little by the tiles round it, and their gaps outline it all round,
so it is taken for its outline though the foreground mask calls it table. Where the photo's
tiles all lie pips up it is the cloth: its colour is one of the cloth's looks (its cream
stripe), though far from the median of the stripes, and a tile there would show its die face
(vision.cells._outlined_hole; final19 textile-hard-2000, a cream stripe read as a white tile
among four tiles)."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import kit_and_palette, paint_solid_tiles, photographed_view, taken_cells  # noqa: E402

KIT, PAL = kit_and_palette("textile")
N = 48
SIZE = 8
# the hole, tiles all round it (on a cream stripe here), and the ten tiles round it in the four
# colours the cloth does not show: test_hole_pips_up's layout
from test_hole_pips_up import HOLE, TILES  # noqa: E402
#: the cloth's stripes (BGR), two cells wide each, cream on rows 2-3 and 6-7, and the shadow in
#: a tile's gap
CREAM, PURPLE, GAP = (200, 226, 238), (140, 60, 110), (120, 128, 134)
#: how much darker the cloth shows in a hole among raised tiles (their walls shade it)
SHADE = 0.93
#: the camera's noise (levels) and blur (sigma, pixels)
NOISE, BLUR = 2.0, 1.0


def _view(pips: bool = True, white: bool = False):
    """The striped cloth, the layout on it in its tiles' gaps (their die faces shown when
    ``pips``) and at HOLE the shaded cloth (or, ``white``, a white tile in its gap, a 3 when
    ``pips``); the foreground mask holds the tiles only (the hole is of the cloth's colour)."""
    rng = np.random.default_rng(3)
    img = np.empty((SIZE * N, SIZE * N, 3), np.float64)
    for r in range(SIZE):
        img[r * N:(r + 1) * N] = CREAM if (r // 2) % 2 else PURPLE
    r, c = HOLE
    img[r * N:(r + 1) * N, c * N:(c + 1) * N] *= SHADE
    for r, c in TILES:
        img[r * N:(r + 1) * N, c * N:(c + 1) * N] = GAP
    paint_solid_tiles(img, {k: (v[0], v[1] if pips else None) for k, v in TILES.items()}, N,
                      KIT, inset=3)
    if white:
        r, c = HOLE
        img[r * N:(r + 1) * N, c * N:(c + 1) * N] = GAP
        paint_solid_tiles(img, {HOLE: ("white", 3 if pips else None)}, N, KIT, inset=3)
    return photographed_view(img, list(TILES) + ([HOLE] if white else []), N, SIZE, rng, NOISE,
                             BLUR)


def test_a_hole_on_a_stripe_where_every_tile_shows_its_die_face_is_the_cloth():
    taken = taken_cells(*_view(), KIT, PAL)
    assert set(TILES) <= set(taken)
    assert HOLE not in taken


def test_a_white_tile_with_its_die_face_in_the_hole_is_taken():
    taken = taken_cells(*_view(white=True), KIT, PAL)
    assert HOLE in taken and taken[HOLE].attrs["colour"] == "white"

