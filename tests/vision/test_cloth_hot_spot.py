"""A lamp's hot spot on a cream cloth beside an Octopus layout is no tile: lit, the cloth comes
close to the white paint, but it shows no outline (an edge along one side at most, a
neighbour's) and no die face, and every Octopus tile shows both (vision.cells,
DIE_FACE_SIDES). The independent renderer's final3 octopus normal 061 read seven white tiles
there.

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import (kit_and_palette, paint_solid_tiles, photographed_view,  # noqa: E402
                    read_die_faces, under_lamp)

KIT, PAL = kit_and_palette("octopus")
N = 48
SIZE = 9
LAYOUT = {(2, 2): ("red", 4), (2, 3): ("blue", 2), (3, 2): ("green", 5), (3, 3): ("orange", 1),
          (4, 2): ("purple", 3), (4, 3): ("black", 6), (5, 2): ("pink", 2)}
#: the hot spot's centre (row, col of the view, in cells) beside the layout
SPOT = (5.0, 5.5)
#: the cream cloth (BGR) and the lamp's gain at the hot spot's middle
CLOTH = (150, 185, 210)
HOT = 0.9
#: the dark floor (BGR) beyond the cloth's edge, where the view's last row and column lie: the
#: outer ring, where the reader measures the table, is mostly floor
FLOOR = (28, 30, 34)


def _view():
    """A cream cloth with the layout and a lamp's hot spot beside it (the cloth's light up to
    1.9 times, nearly white, fading over two cells), which the mask took for foreground; the
    cloth ends before the view's last row and column (a dark floor)."""
    img = under_lamp(CLOTH, (SIZE * N, SIZE * N), N, SPOT, 2.0, HOT)
    img[(SIZE - 1) * N:, :] = FLOOR
    img[:, (SIZE - 1) * N:] = FLOOR
    paint_solid_tiles(img, LAYOUT, N, KIT)
    td, fg = photographed_view(img, LAYOUT, N, SIZE, np.random.default_rng(5), 3.0, 1.2)
    fg[4 * N:7 * N, 4 * N:7 * N] = 1.0
    return td, fg


def test_a_hot_spot_on_a_cream_cloth_beside_the_layout_is_no_tile():
    td, fg = _view()
    assert set(read_die_faces(td, fg, KIT, PAL)) == set(LAYOUT)


def test_a_blurred_die_face_is_no_flat_surface():
    """A tile blurred by motion keeps its pips, faded under the count's threshold (oct8dev
    octopus hard 110: 7-9 levels of L*): no flat surface, whatever its outline; the cloth's hot
    spot shows none (under 1)."""
    from vision.cells import DIE_FACE_FLAT, _no_pips_seen

    blurred = ({}, {}, [], 0.0, {"pip_contrast": {1: 8.5, -1: 4.3}})
    cloth = ({}, {}, [], 0.0, {"pip_contrast": {1: 0.6, -1: 0.4}})
    assert _no_pips_seen(blurred) and not _no_pips_seen(blurred, DIE_FACE_FLAT)
    assert _no_pips_seen(cloth, DIE_FACE_FLAT)


def test_a_woven_cloths_threads_are_no_pips():
    """A woven grey linen's threads in a lamp's hot spot (final2 octopus normal 054) stand out of
    a die layout by 3.2 levels of L* at most: a textured surface, no die face (a faded pip stays
    at 7 or more)."""
    from vision.cells import DIE_FACE_FLAT, _no_pips_seen

    linen = ({}, {}, [], 0.0, {"pip_contrast": {1: 2.9, -1: 3.2}})
    faded = ({}, {}, [], 0.0, {"pip_contrast": {1: 7.0, -1: 2.0}})
    assert _no_pips_seen(linen, DIE_FACE_FLAT) and not _no_pips_seen(faded, DIE_FACE_FLAT)
