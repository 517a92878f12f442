"""Pips vouch for a tile wherever the kit's faces carry them: a die face beside the layout is a
tile in Textile too (its tiles may lie either face up), even on a cloth whose squares share its
colour; but not where the bare table shows die-like dots itself (a polka-dot cloth).

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import kit_and_palette, paint_solid_tiles, photographed_view  # noqa: E402

from vision.cells import read_cells  # noqa: E402

KIT, PAL = kit_and_palette("textile")
N = 48
LAYOUT = {(2, 2): ("red", 4), (2, 3): ("blue", 2), (3, 2): ("green", 5), (3, 3): ("yellow", 1),
          (4, 2): ("red", 3)}


def _gingham(h: int, w: int) -> np.ndarray:
    """Checks three cells wide of white (the white tiles' paint), light yellow and yellow."""
    yy, xx = np.mgrid[0:h, 0:w]
    k = ((yy // (3 * N)) % 2) + ((xx // (3 * N)) % 2)
    colours = np.array([(236, 241, 242), (120, 205, 240), (40, 175, 235)], np.float64)
    return colours[k]


def _dots(h: int, w: int) -> np.ndarray:
    """A white cloth with dark dots the size of pips, a third of a cell apart."""
    img = np.tile(np.array((236, 241, 242), np.float64), (h, w, 1))
    step = N // 3
    for y in range(step // 2, h, step):
        for x in range(step // 2, w, step):
            cv2.circle(img, (x, y), 4, (40, 40, 40), -1, cv2.LINE_AA)
    return img


def _view(table: np.ndarray, tiles: dict, fg_cells: set, size: int = 7):
    img = table.copy()
    paint_solid_tiles(img, tiles, N, KIT)
    # (blurred 1.5 pixels: a phone's soft edges)
    return photographed_view(img, fg_cells, N, size, np.random.default_rng(2), 4.0, 1.5)


def _occupied(td, fg) -> set:
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg)
    return {(r.row, r.col) for r in readings if r.occupied}


def test_a_white_die_face_on_a_white_gingham_is_a_textile_tile():
    tiles = {**LAYOUT, (3, 4): ("white", 3)}  # on a white check
    td, fg = _view(_gingham(7 * N, 7 * N), tiles, fg_cells=set(LAYOUT))  # the mask missed it
    assert _occupied(td, fg) == set(tiles)


def test_dots_of_a_polka_dot_cloth_vouch_for_no_tile():
    td, fg = _view(_dots(7 * N, 7 * N), LAYOUT, fg_cells=set(LAYOUT))
    assert _occupied(td, fg) == set(LAYOUT)


def test_a_patch_where_no_pip_stands_out_gets_no_count_and_finite_odds():
    # (a bare cell of the table, read for the table check: no layout has pips lighter than the
    # rest, so every layout is impossible; the odds must stay numbers, not NaN)
    from vision.pips import _fit_layouts
    reading = _fit_layouts(-np.ones((2, 5, 9)))
    assert np.isfinite(reading.prob).all() and np.isfinite(reading.confidence).all()
    assert (reading.count == 0).all() and (reading.confidence == 0).all()


def test_in_octopus_too_a_polka_dot_cloth_vouches_for_no_tile():
    # (every Octopus tile lies pips up, so pips are strong evidence there; but a cloth whose
    # dots read as die faces all round the view is no layout: the pips vouched for white
    # tiles over the whole cloth)
    octopus, palette = kit_and_palette("octopus")
    td, fg = _view(_dots(7 * N, 7 * N), LAYOUT, fg_cells=set(LAYOUT))
    readings, _ = read_cells(td, octopus, palette=palette, fg=fg, die_faces=True)
    assert {(r.row, r.col) for r in readings if r.occupied} == set(LAYOUT)


def test_die_faces_read_twice_beside_the_layout_are_the_tables_pattern():
    # the independent renderer's stripes (oct8dev hard seed 102): three cells beside the layout
    # read as "white 1" (a cream stripe with a dash of a black one), each vouched for by its pip;
    # the set holds that die face once, so none of them is taken for it
    from vision.cells import _repeated_faces

    def reading(colour, pips):
        return ({"colour": colour, "pips": pips}, {"colour": 0.9, "pips": 1.0}, [], 2.0, {})
    vouched = {(0, 5): reading("white", 1), (3, -1): reading("white", 1),
               (4, 2): reading("white", 1), (1, 5): reading("green", 3)}
    assert sorted(_repeated_faces(vouched)) == [(0, 5), (3, -1), (4, 2)]


def test_a_die_face_read_twice_off_the_mask_in_one_look_is_a_printed_cloths_motif():
    # the independent renderer's floral cloth (final3 octopus-normal-062): blue flowers, their
    # petals around the white ground, read as "blue 6" beside the layout where the mask finds
    # none, as the real blue 6 reads; red flowers with their yellow centres as "red 2"; and two
    # flowers as "blue 2", a face no tile shows. The set holds each face once: of the cells read
    # as one face in one look (one ink), those the mask does not hold are the cloth's repeated
    # motif (both, where neither is held). A purple tile read blue 4 beside the blue 4 tile
    # (final5 octopus-normal-080) looks otherwise: two paints, left to the set's assignment
    from vision.cells import MASK_HOLDS, REPEAT_ALIKE, _repeated_unheld

    def reading(colour, pips):
        return ({"colour": colour, "pips": pips}, {"colour": 0.9, "pips": 1.0}, [], 2.0, {})
    blue_ink, red_ink = np.array([36.0, 6.7, -37.7]), np.array([41.5, 50.6, 22.8])
    shift = np.array([0.0, 0.0, 1.0])
    readings = {(0, 0): reading("blue", 6), (-2, 1): reading("blue", 6), (2, 1): reading("blue", 6),
                (1, -4): reading("red", 2), (-5, -4): reading("red", 2), (1, 2): reading("red", 2),
                (-4, -6): reading("blue", 2), (-4, -5): reading("blue", 2),
                (-1, -5): reading("black", 2), (3, 3): reading("blue", 4), (3, 4): reading("blue", 4),
                (5, 5): reading(None, 4), (5, 6): reading(None, 4)}
    looks = {(0, 0): np.array([36.2, 18.0, -56.5]), (-2, 1): blue_ink, (2, 1): blue_ink + shift,
             (1, -4): np.array([45.0, 55.6, 32.8]), (-5, -4): red_ink, (1, 2): red_ink - 4 * shift,
             (-4, -6): blue_ink, (-4, -5): blue_ink - shift, (-1, -5): np.array([12.0, 1.6, 3.6]),
             (3, 3): np.array([36.2, 18.0, -56.5]), (3, 4): np.array([30.0, 35.0, -45.0]),
             (5, 5): blue_ink, (5, 6): blue_ink}
    fg = {(0, 0): MASK_HOLDS + 0.07, (1, -4): 0.81, (3, 3): 1.0}
    assert REPEAT_ALIKE > 3.0
    assert sorted(_repeated_unheld(readings, fg, looks)) == [(-5, -4), (-4, -6), (-4, -5), (-2, 1),
                                                             (1, 2), (2, 1)]


def test_of_a_die_face_read_twice_off_the_mask_the_cell_gapped_all_round_is_the_tile():
    # the independent renderer's floral cloth in brown ink (oct26 octopus-normal-744): the brown
    # 6 tile beside the layout and a brown flower above it, its pale heart and petals' gaps read
    # as six light pips, both read as "brown 6" in one look (0.2 apart), neither held by the
    # mask. The tile's gap runs along all four of its sides, the flower's along two: the tile
    # stays, the flower goes; where no cell, or more than one, is gapped all round, both go
    from vision.cells import _repeated_unheld

    def reading(colour, pips):
        return ({"colour": colour, "pips": pips}, {"colour": 0.98, "pips": 1.0}, [], 3.0, {})
    brown = np.array([38.0, 14.0, 22.0])
    readings = {(1, 1): reading("brown", 6), (-1, 4): reading("brown", 6)}
    looks = {(1, 1): brown, (-1, 4): brown + np.array([0.2, 0.0, 0.0])}
    assert _repeated_unheld(readings, {}, looks, gapped={(1, 1)}) == [(-1, 4)]
    assert sorted(_repeated_unheld(readings, {}, looks)) == [(-1, 4), (1, 1)]
    assert sorted(_repeated_unheld(readings, {}, looks, gapped={(1, 1), (-1, 4)})) == [(-1, 4), (1, 1)]


def test_gapped_asks_for_a_gap_along_all_four_sides_one_its_own():
    from vision.cells import _Ctx, _gapped

    ctx = _Ctx(kit=None, palette=None, profile=None, td=None, lab=None,
               rim_sides={(1, 1): (True, True, True, True), (-1, 4): (False, True, False, True),
                          (5, 5): (True, True, True, True)})
    around = {(4, 5): True, (6, 5): True, (5, 4): True, (5, 6): True}  # (top, bottom, left, right)
    assert _gapped(ctx, (1, 1), {})
    assert not _gapped(ctx, (-1, 4), {})
    assert not _gapped(ctx, (5, 5), around)  # a hole among tiles shows their rims only
    assert not _gapped(ctx, (9, 9), {})


def test_white_pips_beside_a_striped_cloth_are_a_dies_not_the_stripes():
    # the independent renderer's black and cream stripes (final4 octopus-normal-073): a black
    # stripe cell cut by a die layout reads as a black face with cream "pips", as a black tile
    # does with its white ones; the table reads as die faces, and the black tiles beside the
    # layout lay within the stripes' mix. The layout's white pips are the white paint in the
    # lamp's light: the tiles' pips match them (1-2 off), the stripes' cream does not (6 off,
    # nearer the table's dots)
    from types import SimpleNamespace
    from vision.cells import _outlined_like_dots, _unlike_table_dots

    black_ground, cream = np.array([12.0, 3.5, -3.0]), np.array([83.1, 1.7, 10.0])
    pip_lab = {(-4, c): (cream + [0.0, 0.0, 0.3 * c], black_ground, True) for c in range(4)}
    pip_lab[(-3, -2)] = (np.array([93.6, 1.9, 4.3]), np.array([11.7, 3.9, -3.1]), True)  # a tile
    pip_lab[(1, 0)] = (np.array([80.6, 1.7, 10.0]), black_ground + [0.0, 0.4, 0.0], True)  # stripe
    ctx = SimpleNamespace(pip_lab=pip_lab, table_dots=[(-4, c) for c in range(4)], layout_white=None,
                          table_dot_round={})
    reads = {(-3, -2): "tile", (1, 0): "stripe"}
    assert _unlike_table_dots(ctx, reads) == {}  # (the pips' colour alone: like the dots)
    ctx.layout_white = (np.array([92.1, 1.9, 4.9]), 0)
    assert _unlike_table_dots(ctx, reads) == {(-3, -2): "tile"}
    # ... and a cell the mask calls table, taken for its outline, must show such pips too
    ctx.by_outline = {(-3, -2), (1, 0)}
    assert _outlined_like_dots(ctx, {**reads, (2, 2): "held"}) == [(1, 0)]


def test_a_white_tile_outlined_all_round_on_a_dotted_cream_cloth_is_a_tile():
    # oct23dev octopus-normal-508: a white 5 beside the layout on a cream cloth with black dots,
    # its face 5 from the cloth's ground and its black pips as the dots; but its outline runs
    # all along its four sides, the side away from the layout its own rim, where a patch of
    # the cloth shows full edges only along the tiles beside it
    from types import SimpleNamespace
    from vision.cells import _tiles_beside_dots

    ground, dots = np.array([88.0, 3.0, 12.0]), np.array([14.3, -1.0, -2.4])
    pip_lab = {(-4, c): (dots, ground, True) for c in range(4)}
    pip_lab[(2, 2)] = (dots + [1.0, 0.5, 0.5], ground + [4.0, 1.0, -3.0], True)  # the white 5
    pip_lab[(2, 4)] = (dots + [0.5, 0.0, 0.5], ground, True)  # the cloth beside the layout
    full = {(2, 2): (True, True, True, True), (2, 4): (False, True, False, True)}
    ctx = SimpleNamespace(pip_lab=pip_lab, table_dots=[(-4, c) for c in range(4)],
                          layout_white=None, full_sides=full, table_dot_round={})
    taken = {(2, 1): True, (1, 2): True, (3, 2): True, (1, 4): True, (3, 4): True}
    reads = {(2, 2): "tile", (2, 4): "cloth"}
    assert _tiles_beside_dots(ctx, reads, taken) == {(2, 2): "tile"}
    # ... a hole among tiles shows their rims all round, none its own: the dots' test stands
    assert _tiles_beside_dots(ctx, {(2, 2): "tile"}, {(2, 1): True, (1, 2): True, (3, 2): True,
                                                      (2, 3): True}) == {}


def test_of_a_die_face_read_twice_off_the_mask_the_cell_the_layout_encloses_is_the_tile():
    # the independent renderer's blue-flowered cloth (oct57 octopus-hard-2509): a blue 3 tile in
    # a hole of the layout, a tile along each of its sides, and a blue flower beyond the layout
    # read as a blue 3 in the same look, neither held by the mask nor gapped all round. The tile
    # the layout holds stays, the flower goes; two enclosed cells, or none, both go
    from vision.cells import _held_in_layout, _repeated_unheld

    def reading(colour, pips):
        return ({"colour": colour, "pips": pips}, {"colour": 0.9, "pips": 1.0}, [], 2.0, {})
    blue = np.array([36.0, 6.7, -37.7])
    readings = {(0, 0): reading("blue", 3), (4, -1): reading("blue", 3),
                (-1, 0): reading("yellow", 1), (1, 0): reading("pink", 1),
                (0, -1): reading("white", 1), (0, 1): reading("black", 2),
                (3, -1): reading("red", 4)}
    looks = {c: blue + np.array([0.0, 0.0, 0.5 * k]) for k, c in enumerate(readings)}
    fg = {c: 1.0 for c in readings if readings[c][0]["colour"] != "blue"}
    held = _held_in_layout(readings)
    assert held == {(0, 0)}
    assert _repeated_unheld(readings, fg, looks, enclosed=held) == [(4, -1)]
    assert sorted(_repeated_unheld(readings, fg, looks)) == [(0, 0), (4, -1)]
    assert sorted(_repeated_unheld(readings, fg, looks, enclosed={(0, 0), (4, -1)})) == [
        (0, 0), (4, -1)]
