"""Reading single cells: glare-robust face colour, pips on dark faces and off-centre tiles, the
profile's covariance in classification, and decoding through the set's uniqueness.

The faces are drawn here (tests/vision/scenes.py), not by the product's renderer.
"""
import math
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from scenes import draw_solid_tile  # noqa: E402

from vision.cells import CellReading, _face_colours, _spots_as_pips  # noqa: E402
from vision.colour import (COV_MIN_SD, Palette, bgr_to_lab, match_palette,  # noqa: E402
                           regularised_cov)
from vision.decode import decode_readings  # noqa: E402
from vision.kits import kit_for_game  # noqa: E402
from vision.pips import read_pips  # noqa: E402

KIT = kit_for_game("octopus")
PAL = Palette.from_hex(KIT.colours)
N = 64


def _face(colour: str, pips: int | None, *, shift=(0, 0), noise=2.0, seed=0) -> np.ndarray:
    """A tile drawn on a table-coloured cell, the tile shifted by ``shift`` pixels (y, x)."""
    cell = np.full((N, N, 3), (70, 110, 150), np.uint8)
    tile = draw_solid_tile(N - 4, colour, pips, KIT)
    M = np.float32([[1, 0, 2 + shift[1]], [0, 1, 2 + shift[0]]])
    mask = cv2.warpAffine(np.full(tile.shape[:2], 255, np.uint8), M, (N, N))
    moved = cv2.warpAffine(tile, M, (N, N))
    cell[mask > 127] = moved[mask > 127]
    rng = np.random.default_rng(seed)
    return np.clip(cell + rng.normal(0, noise, cell.shape), 0, 255).astype(np.uint8)


def _glare(img: np.ndarray, centre, radius: float) -> np.ndarray:
    """Add a specular highlight: the light's colour (white) added, blown out in the middle."""
    yy, xx = np.mgrid[0:img.shape[0], 0:img.shape[1]]
    g = np.exp(-(((xx - centre[0]) ** 2 + (yy - centre[1]) ** 2) / (2 * radius ** 2)))
    return np.clip(img + 400.0 * g[..., None], 0, 255).astype(np.uint8)


def _colour_of(bgr: np.ndarray) -> str:
    lab = _face_colours(bgr_to_lab(bgr)[None])[0]
    return PAL.names[int(match_palette(lab[None], PAL).index[0])]


@pytest.mark.parametrize("colour", ["blue", "red", "green", "purple"])
def test_a_glare_spot_does_not_change_a_face_colour(colour):
    plain = _face(colour, 3)
    assert _colour_of(plain) == colour
    glared = _glare(plain, (N * 0.45, N * 0.5), N * 0.16)
    assert (bgr_to_lab(glared)[..., 0] > 97).mean() > 0.1  # a good part is blown out
    assert _colour_of(glared) == colour


def test_a_neighbours_edge_does_not_colour_a_white_face():
    cell = _face("white", 4, shift=(0, 6))
    cell[:, :7] = draw_solid_tile(N, "green", None, KIT)[:, :7]  # the green tile next door
    assert _colour_of(cell) == "white"


def _pips(cells: list[np.ndarray], lighter: bool) -> np.ndarray:
    view = np.concatenate(cells, axis=1)
    L = bgr_to_lab(view)[..., 0]
    origins = np.array([(0, i * N) for i in range(len(cells))])
    return read_pips(L, N, origins)[1 if lighter else -1]


@pytest.mark.parametrize("colour", ["black", "blue", "purple", "green", "brown"])
def test_pips_on_dark_faces_are_counted(colour):
    cells = [_face(colour, k, seed=k) for k in range(1, 7)]
    pr = _pips(cells, lighter=True)
    assert pr.count.tolist() == [1, 2, 3, 4, 5, 6]
    assert (pr.confidence > 0.5).all()


def test_pips_of_a_tile_off_its_cell_and_turned_are_counted():
    cells = [_face("yellow", k, shift=(-9, 10), seed=k) for k in range(1, 7)]
    cells += [np.ascontiguousarray(np.rot90(_face("orange", k, seed=10 + k))) for k in (2, 3, 6)]
    pr = _pips(cells, lighter=False)
    assert pr.count.tolist() == [1, 2, 3, 4, 5, 6, 2, 3, 6]


def test_a_plain_face_has_no_pips():
    pr = _pips([_face("red", None), _face("white", None)], lighter=True)
    assert (pr.count == 0).all() and (pr.confidence < 0.5).all()


def test_a_measured_covariance_moves_a_borderline_sample_the_right_way():
    a, b = np.array([50.0, 40.0, 20.0]), np.array([50.0, 20.0, 40.0])
    sample = a + 0.45 * (b - a)  # nearer a
    plain = Palette(("a", "b"), np.stack([a, b]))
    assert plain.names[match_palette(sample[None], plain).index[0]] == "a"
    u = (a - b) / np.linalg.norm(a - b)
    wide_b = 60.0 * np.outer(u, u) + np.eye(3)  # b was seen to vary a lot towards a
    tight_a = np.eye(3)
    profile = {"colours": {"a": {"lab": a.tolist(), "cov": tight_a.tolist(), "n": 40},
                           "b": {"lab": b.tolist(), "cov": wide_b.tolist(), "n": 40}}}
    pal = Palette.from_profile(profile, {"a": "#808080", "b": "#808080"})
    assert pal.names[match_palette(sample[None], pal).index[0]] == "b"
    # the same covariances from two samples are mostly the prior's: no change of mind
    few = {"colours": {k: {**v, "n": 2} for k, v in profile["colours"].items()}}
    pal_few = Palette.from_profile(few, {"a": "#808080", "b": "#808080"})
    assert pal_few.names[match_palette(sample[None], pal_few).index[0]] == "a"


def test_a_covariance_is_floored():
    c = regularised_cov(np.diag([1e-6, 1e-6, 1e-6]), 10_000)
    assert np.linalg.eigvalsh(c).min() >= COV_MIN_SD ** 2 - 1e-9


def _reading(row, col, colour, pips, dist, pip_prob, conf=0.9):
    return CellReading(row, col, True, 0.99, {"colour": colour, "pips": pips},
                       {"colour": conf, "pips": conf}, conf, (),
                       {"colour_distance": dist, "pip_prob": {1: pip_prob, -1: pip_prob}})


def test_octopus_decoding_gives_each_tile_once():
    far = {n: 40.0 for n in KIT.colours}
    red = {**far, "red": 3.0, "orange": 12.0}
    sure3 = [0.01, 0.01, 0.95, 0.01, 0.01, 0.01]
    maybe3 = [0.01, 0.01, 0.55, 0.02, 0.40, 0.01]  # a 5 with two pips in shadow?
    rd = [_reading(0, 0, "red", 3, red, sure3), _reading(0, 1, "red", 3, red, maybe3, conf=0.6)]
    decoded, doubts = decode_readings(rd, KIT, "octopus")
    assert decoded[(0, 0)][0]["pips"] == 3
    assert decoded[(0, 1)][0]["pips"] == 5
    assert any(cell == (0, 1) and attr == "tile" for cell, attr, _ in doubts)


def test_a_glare_patch_on_the_table_is_not_a_tile():
    """Tiles show their outline; a bright patch of the table (glare) has none, even where the
    foreground mask took it for something on the table."""
    from vision.cells import TopDown, read_cells

    rows, cols = 6, 7
    table = np.array([60, 110, 170], np.float64)  # a warm wooden tone (BGR)
    rng = np.random.default_rng(3)
    img = np.tile(table, (rows * N, cols * N, 1)) + rng.normal(0, 3, (rows * N, cols * N, 3))
    layout = {(1, 1): ("red", 2), (1, 2): ("blue", 5), (2, 1): ("white", 3), (2, 2): ("green", 6),
              (3, 2): ("yellow", 1)}
    for (r, c), (colour, pips) in layout.items():
        img[r * N + 3:(r + 1) * N - 3, c * N + 3:(c + 1) * N - 3] = draw_solid_tile(N - 6, colour, pips, KIT)
    # a soft highlight on the table over cells (3, 3), (3, 4), (4, 3), (4, 4), next to the layout
    yy, xx = np.mgrid[0:rows * N, 0:cols * N]
    g = np.exp(-(((xx - 4 * N) ** 2 + (yy - 4 * N) ** 2) / (2 * (0.7 * N) ** 2)))
    img = np.clip(img + 230.0 * g[..., None], 0, 255).astype(np.uint8)
    fg = np.zeros((rows * N, cols * N), np.float32)
    for r, c in layout:
        fg[r * N:(r + 1) * N, c * N:(c + 1) * N] = 1.0
    fg[g > 0.3] = 1.0  # the mask saw the highlight too
    td = TopDown(img, N, N, 0, 0, rows, cols)
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg)
    occupied = {(rd.row, rd.col) for rd in readings if rd.occupied}
    assert occupied == set(layout)


def _layout_view(tiles: dict, fg_cells: set, n: int = 48, size: int = 5, blur: float = 4.0):
    """A top-down view of ``size`` x ``size`` cells of a wood-coloured table with solid tiles
    ``{(row, col): (colour, pips)}``, and a foreground mask covering only ``fg_cells``."""
    from vision.cells import TopDown

    img = np.full((size * n, size * n, 3), (70, 110, 150), np.uint8)
    fg = np.zeros(img.shape[:2], np.float32)
    for (r, c), (colour, pips) in tiles.items():
        tile = draw_solid_tile(n - 4, colour, pips, KIT)
        img[r * n + 2:(r + 1) * n - 2, c * n + 2:(c + 1) * n - 2] = tile
    for r, c in fg_cells:
        fg[r * n:(r + 1) * n, c * n:(c + 1) * n] = 1.0
    rng = np.random.default_rng(1)
    img = np.clip(img + rng.normal(0, 2.0, img.shape), 0, 255).astype(np.uint8)
    # soft edges (a hazy photo): the tiles' outlines show weakly
    img = cv2.GaussianBlur(img, (0, 0), blur) if blur else img
    return TopDown(img, n, n, 0, 0, size, size), fg


def _weak_outlines(monkeypatch):
    """Outlines seen on two sides of every cell at most (haze, tiles touching): the colour and
    the layout must decide."""
    import vision.cells as cells

    monkeypatch.setattr(cells, "_edge_sides", lambda borders, td: {
        (r, c): 2 for r in range(td.r0, td.r0 + td.rows) for c in range(td.c0, td.c0 + td.cols)})


def test_a_tile_the_mask_missed_beside_the_layout_is_still_read(monkeypatch):
    from vision.cells import read_cells

    _weak_outlines(monkeypatch)
    tiles = {(2, 1): ("blue", 3), (2, 2): ("purple", 5), (2, 3): ("orange", 2)}
    td, fg = _layout_view(tiles, fg_cells={(2, 1), (2, 2)})  # the orange tile left out of the mask
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg)
    occupied = {(r.row, r.col) for r in readings if r.occupied}
    assert occupied == set(tiles)


def test_a_tile_coloured_patch_away_from_the_layout_is_not_grown(monkeypatch):
    from vision.cells import read_cells

    _weak_outlines(monkeypatch)
    tiles = {(1, 1): ("blue", 3), (1, 2): ("purple", 5), (3, 3): ("orange", 2)}
    td, fg = _layout_view(tiles, fg_cells={(1, 1), (1, 2)})  # (3, 3): not the layout's, not in the mask
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg)
    occupied = {(r.row, r.col) for r in readings if r.occupied}
    assert occupied == {(1, 1), (1, 2)}


def test_a_symbol_reaching_towards_the_rim_still_shows_but_a_stripe_across_does_not():
    from vision.cells import _symbol_visible

    h, w = 44, 32
    art = np.zeros((h, w), bool)
    art[18:26, 12:20] = True           # the art in the card's middle ...
    art[1:16, 13:18] = True            # ... and a blade reaching into the outer tenth
    in_rim = 1 - art[4:40, 3:29].sum() / art.sum()
    assert 0.08 < in_rim < 0.2         # (more than a card's art used to be allowed there)
    assert _symbol_visible(art)
    stripe = np.zeros((h, w), bool)
    stripe[18:26, :] = True            # a light stripe of the table, rim to rim
    assert not _symbol_visible(stripe)
    assert not _symbol_visible(np.zeros((h, w), bool))


def test_a_layout_split_by_a_missed_card_keeps_both_parts_but_clutter_goes():
    from vision.cells import _keep_main_group
    # 11 cells on the left, a gap where a card went unread, 7 on the right; a pair far off
    left = {(r, c) for r in range(3) for c in range(4)} - {(2, 3)}
    right = {(r, c) for r in range(1, 3) for c in range(5, 9)} - {(1, 8)}
    clutter = {(6, 0), (6, 1)}
    occ = {(r, c): (r, c) in left | right | clutter for r in range(8) for c in range(10)}
    kept = {c for c, v in _keep_main_group(occ).items() if v}
    assert kept == left | right
    # a part under half the largest is clutter, even when it is several cells
    small = {(5, 8), (5, 9), (6, 9)}
    occ = {(r, c): (r, c) in left | small for r in range(8) for c in range(10)}
    assert {c for c, v in _keep_main_group(occ).items() if v} == left


def test_a_group_far_off_the_layout_is_clutter_however_large():
    """A sheet of paper or a patch of glare the lattice covers, several cells away from the
    layout, is not a part of it split off by a missed tile (that leaves a gap of one cell)."""
    from vision.cells import _keep_main_group
    layout = {(r, c) for r in range(4) for c in range(4)} - {(0, 0), (3, 3)}   # 14 cells
    sheet = {(r, c) for r in range(6, 9) for c in range(7, 10)}                 # 9 cells, 3 off
    occ = {(r, c): (r, c) in layout | sheet for r in range(10) for c in range(11)}
    assert {c for c, v in _keep_main_group(occ).items() if v} == layout
    # the same group one missed cell away is the layout's other part
    part = {(r, c) for r in range(4, 7) for c in range(5, 8)}
    occ = {(r, c): (r, c) in layout | part for r in range(10) for c in range(11)}
    assert {c for c, v in _keep_main_group(occ).items() if v} == layout | part


def test_a_lone_x_tile_found_as_a_face_beside_the_layout_is_kept():
    """X-Tiles: a lamp's glare washed two faces of a column (xt51 x-tiles-hard-2687), and the
    column's near end, found as a tile-shaped blob of two paints on its lattice point, was left
    alone one cell from the layout and dropped as clutter (a part of one cell). A group within
    SPLIT_GAP that holds a face found is kept whatever its size (with four faces found at
    least); one without, or further off, is clutter still."""
    from vision.cells import _keep_main_group
    layout = {(0, 4), (1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 3), (4, 3)}
    lone = {(6, 4)}
    occ = {(r, c): (r, c) in layout | lone for r in range(9) for c in range(7)}
    assert {c for c, v in _keep_main_group(occ).items() if v} == layout
    found = lone | {(1, 1), (1, 3), (2, 4)}  # (four faces found as blobs)
    assert {c for c, v in _keep_main_group(occ, found=found).items() if v} == layout | lone
    # (a lattice of fewer faces found is no layout's: its lone face may be a cloth's print)
    assert {c for c, v in _keep_main_group(occ, found=lone | {(1, 1)}).items() if v} == layout
    far = {(8, 6)}  # (three cells off the layout: clutter, found or not)
    occ = {(r, c): (r, c) in layout | far for r in range(9) for c in range(7)}
    found = far | {(1, 1), (1, 3), (2, 4)}  # (four faces found: only the distance leaves it out)
    assert {c for c, v in _keep_main_group(occ, found=found).items() if v} == layout


def test_a_small_part_of_cards_showing_art_beside_the_layout_is_kept():
    """Tapestry: a lamp's hot spot washed a card white between four glared cards and the rest
    of the layout (final28 tapestry-hard-4403), joining them to it at a corner only through
    it, and a card missed beside a lone card leaves it one cell off (final21 hard-2307): a part
    under SPLIT_PART cells was cut as clutter though each of its cells shows a card's art. A
    group within SPLIT_GAP whose every cell shows a card is kept whatever its size; one with a
    cell that shows none, or one further off, is clutter still."""
    from vision.cells import _keep_main_group
    layout = {(r, c) for r in range(3, 8) for c in range(2, 7)}         # 25 cells
    part = {(0, 0), (1, 0), (2, 0)}                                     # 2 off, at a corner
    lone = {(5, 8)}                                                     # 2 off, alone
    occ = {(r, c): (r, c) in layout | part | lone for r in range(10) for c in range(11)}
    assert {c for c, v in _keep_main_group(occ).items() if v} == layout
    art = layout | part | lone
    kept = {c for c, v in _keep_main_group(occ, shows_card=art.__contains__).items() if v}
    assert kept == layout | part | lone
    # (a part with one cell that shows no art is cut as before)
    some = art - {(1, 0)}
    kept = {c for c, v in _keep_main_group(occ, shows_card=some.__contains__).items() if v}
    assert kept == layout | lone
    far = {(0, 10)}  # (three cells off the layout: clutter, art or not)
    occ = {(r, c): (r, c) in layout | far for r in range(10) for c in range(11)}
    kept = {c for c, v in _keep_main_group(occ, shows_card=lambda c: True).items() if v}
    assert kept == layout
    # (nor one that stretches the layout past the cards' span: a glared cloth's checks two
    # rows past a layout of 8 rows, final20 tapestry-hard-2106)
    layout = {(r, 3) for r in range(2, 10)} | {(5, c) for c in range(8)}   # 8 rows, 8 columns
    checks = {(0, 4), (0, 5)}
    occ = {(r, c): (r, c) in layout | checks for r in range(11) for c in range(9)}
    kept = {c for c, v in _keep_main_group(occ, shows_card=lambda c: True).items() if v}
    assert kept == layout | checks
    kept = {c for c, v in _keep_main_group(occ, shows_card=lambda c: True, max_span=8).items()
            if v}
    assert kept == layout
    # (parts are tried largest first, whatever order they are found in: of two that would
    # each fit the span but not both, the larger is kept)
    layout = {(r, 3) for r in range(3, 8)}                                 # 5 rows
    large, small = {(0, 3), (1, 3)}, {(9, 3)}       # (connected_groups finds the small first)
    occ = {(r, c): (r, c) in layout | small | large for r in range(12) for c in range(5)}
    kept = {c for c, v in _keep_main_group(occ, shows_card=lambda c: True, max_span=8).items()
            if v}
    assert kept == layout | large


def _with_sheet(td, cells: list, bgr=(176, 127, 238)):
    """``td`` with a plain sheet (a pink sticky note) laid over ``cells`` side by side, no seam
    between them."""
    from vision.cells import TopDown

    n = td.ch
    img = td.image.copy()
    r0, c0 = min(cells)
    r1, c1 = max(cells)
    img[r0 * n + 2:(r1 + 1) * n - 2, c0 * n + 2:(c1 + 1) * n - 2] = bgr
    return TopDown(img, td.cw, td.ch, td.r0, td.c0, td.rows, td.cols)


def test_a_seamless_sheet_over_two_cells_is_no_pair_of_tiles_in_textile():
    from vision.cells import read_cells

    tiles = {(1, 1): ("blue", 3), (1, 2): ("red", 5), (2, 1): ("yellow", 2), (2, 2): ("green", 4)}
    sheet = [(3, 1), (3, 2)]
    td, fg = _layout_view(tiles, fg_cells=set(tiles) | set(sheet), size=6, blur=1.0)
    td = _with_sheet(td, sheet)
    kit = kit_for_game("textile")
    pal = Palette.from_hex(kit.colours)
    readings, _ = read_cells(td, kit, palette=pal, fg=fg, colours_apart=True)
    occupied = {(r.row, r.col) for r in readings if r.occupied}
    assert occupied == set(tiles)
    # (without Textile's colour rule, two tiles of one colour may touch: the cells are read)
    readings, _ = read_cells(td, kit, palette=pal, fg=fg)
    assert set(sheet) <= {(r.row, r.col) for r in readings if r.occupied}


def test_a_tile_the_mask_missed_that_looks_like_a_tile_taken_is_grown(monkeypatch):
    """White tiles under a warm lamp look peach, the light's estimate (from the other paints)
    leaving them far from white: the one beside the layout that the mask missed looks just like
    the white tile taken, and is a tile too."""
    from dataclasses import replace

    from vision.cells import read_cells

    _weak_outlines(monkeypatch)
    warm = replace(KIT, colours={**KIT.colours, "white": "#F0CDB0"})  # (the paint as seen)
    tiles = {(2, 1): ("blue", 3), (2, 2): ("white", 5), (2, 3): ("red", 2), (1, 2): ("green", 4),
             (3, 2): ("white", 1), (1, 1): ("yellow", 6)}
    td, fg = _layout_view({}, fg_cells=set(tiles) - {(3, 2)}, size=6)
    img = td.image.copy()
    from scenes import paint_solid_tiles
    paint_solid_tiles(img, tiles, td.ch, warm)
    td = type(td)(img, td.cw, td.ch, td.r0, td.c0, td.rows, td.cols)
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg)
    occupied = {(r.row, r.col) for r in readings if r.occupied}
    assert occupied == set(tiles)


def test_a_line_printed_across_a_sheet_is_no_seam():
    """A sheet's print (a ruled line drawn across it) crosses the border between its cells at
    one place; two tiles' seam runs all along it."""
    from vision.cells import read_cells

    tiles = {(1, 1): ("blue", 3), (1, 2): ("red", 5), (2, 1): ("yellow", 2), (2, 2): ("green", 4)}
    sheet = [(3, 1), (3, 2)]
    td, fg = _layout_view(tiles, fg_cells=set(tiles) | set(sheet), size=6, blur=1.0)
    td = _with_sheet(td, sheet, bgr=(225, 235, 240))
    n = td.ch
    cv2.line(td.image, (1 * n + 6, 3 * n + 8), (3 * n - 6, 4 * n - 8), (60, 60, 60), 2)
    kit = kit_for_game("textile")
    readings, _ = read_cells(td, kit, palette=Palette.from_hex(kit.colours), fg=fg,
                             colours_apart=True)
    assert {(r.row, r.col) for r in readings if r.occupied} == set(tiles)


def _textile_view(table_bgr, tiles: dict, fg_cells: set, *, kit=None, n: int = 48, size: int = 6):
    """A top-down Textile view of ``size`` x ``size`` cells of a plain table ``table_bgr`` with
    solid tiles ``{(row, col): (colour, pips)}`` (of ``kit``'s paints), each outlined by a dark
    gap (its rim's shadow) all round, and a foreground mask covering only ``fg_cells``."""
    kit = kit or kit_for_game("textile")
    img = np.full((size * n, size * n, 3), table_bgr, np.uint8)
    return _outlined_tiles(img, tiles, fg_cells, kit, n, size)


def _outlined_tiles(img: np.ndarray, tiles: dict, fg_cells, kit, n: int, size: int):
    """Paint solid ``tiles`` ``{(row, col): (colour, pips)}`` of ``kit`` on the table ``img``
    ``(size * n, size * n, 3)`` BGR, each outlined by a dark gap, add a little noise and blur;
    returns the view and a foreground mask ``(size * n, size * n)`` float covering ``fg_cells``."""
    from scenes import paint_solid_tiles
    from vision.cells import TopDown

    for r, c in tiles:
        cv2.rectangle(img, (c * n, r * n), ((c + 1) * n - 1, (r + 1) * n - 1), (90, 90, 90), 2)
    paint_solid_tiles(img, tiles, n, kit, inset=2)
    rng = np.random.default_rng(2)
    img = np.clip(img + rng.normal(0, 2.0, img.shape), 0, 255).astype(np.uint8)
    img = cv2.GaussianBlur(img, (0, 0), 1.0)
    fg = np.zeros(img.shape[:2], np.float32)
    for r, c in fg_cells:
        fg[r * n:(r + 1) * n, c * n:(c + 1) * n] = 1.0
    return TopDown(img, n, n, 0, 0, size, size), fg


def test_a_dotted_cloths_cell_beside_the_layout_shows_no_outline():
    """A polka-dot cloth's dots crossing the four borders of a bare cell lift each border's mean
    gradient as a tile's outline does, but along a small share of it: not a tile."""
    from vision.cells import read_cells

    tiles = {(1, 1): ("blue", 3), (1, 2): ("red", 5), (2, 1): ("yellow", 2), (2, 2): ("green", 4)}
    td, fg = _textile_view((232, 238, 240), tiles, fg_cells=set(tiles))
    n = td.ch
    # a dark dot on the middle of each border of (2, 3) but the one it shares with a tile
    for x, y in ((3.5, 2), (3.5, 3), (4, 2.5)):
        cv2.circle(td.image, (int(x * n), int(y * n)), int(0.15 * n), (30, 30, 25), -1, cv2.LINE_AA)
    # (the outline alone: no pips read, which a cloth whose dots read as die faces would stop)
    from dataclasses import replace
    kit = replace(kit_for_game("textile"), pips=())
    readings, _ = read_cells(td, kit, palette=Palette.from_hex(kit.colours), fg=fg,
                             colours_apart=True)
    assert {(r.row, r.col) for r in readings if r.occupied} == set(tiles)


def test_a_white_tile_on_a_cloth_of_its_look_is_taken_by_its_outline():
    """A white tile on a cream cloth under a warm lamp looks like the cloth and lies far from
    white in the light estimated from the other paints; its outline, all along its four sides,
    one of them facing the bare table, still shows it."""
    from dataclasses import replace

    from vision.cells import read_cells

    kit = kit_for_game("textile")
    warm = replace(kit, colours={**kit.colours, "white": "#F0CDB0"})  # (the paint as seen)
    tiles = {(1, 1): ("blue", 3), (1, 2): ("red", 5), (2, 1): ("yellow", 2), (2, 2): ("green", 4),
             (2, 3): ("white", None)}
    table = tuple(int(v) for v in cv2.cvtColor(np.uint8([[[0xF0, 0xCD, 0xB0]]]), cv2.COLOR_RGB2BGR)[0, 0])
    td, fg = _textile_view(table, tiles, fg_cells=set(tiles) - {(2, 3)}, kit=warm)
    readings, _ = read_cells(td, kit, palette=Palette.from_hex(kit.colours), fg=fg,
                             colours_apart=True)
    assert {(r.row, r.col) for r in readings if r.occupied} == set(tiles)


def _hole_with_a_vein(rim_share: float, corner: bool = False):
    """A Textile layout on a cream cloth round a hole at (2, 3): tiles above, left of and below
    it, each outlined by its gap, the bare cloth right of it; a grey line (a marble's vein, or a
    tile's rim where ``rim_share`` is 1) runs down the hole's right side along ``rim_share`` of
    it from its top. ``corner``: no tile below it either, and such a line runs along its bottom
    side too (a faint rim along its two sides facing the cloth). Returns the cells
    ``read_cells`` takes beyond the tiles."""
    from vision.cells import read_cells

    kit = kit_for_game("textile")
    tiles = {(1, 1): ("blue", 3), (1, 2): ("red", 5), (1, 3): ("green", 4), (2, 1): ("yellow", 2),
             (2, 2): ("green", 1), (3, 2): ("blue", 6), (3, 3): ("red", 2)}
    if corner:
        del tiles[(3, 3)]
    cream = tuple(int(v) for v in cv2.cvtColor(np.uint8([[[0xF0, 0xCD, 0xB0]]]),
                                               cv2.COLOR_RGB2BGR)[0, 0])
    td, fg = _textile_view(cream, tiles, fg_cells=set(tiles))
    n = td.ch
    along = int(round(rim_share * n))
    cv2.line(td.image, (4 * n - 1, 2 * n), (4 * n - 1, 2 * n + along), (90, 90, 90), 2)
    if corner:
        cv2.line(td.image, (3 * n, 3 * n - 1), (3 * n + along, 3 * n - 1), (90, 90, 90), 2)
    readings, _ = read_cells(td, kit, palette=Palette.from_hex(kit.colours), fg=fg,
                             colours_apart=True)
    return {(r.row, r.col) for r in readings if r.occupied} - set(tiles)


def test_a_hole_of_the_cloth_with_a_vein_along_its_free_side_is_no_tile():
    """A hole in the layout, the bare cloth's very colour, shows the rims of the tiles around it
    along three sides; a vein of the cloth crossing its fourth side along a part of it (0.6) is
    no rim of its own: a tile's gap runs along nearly all of its side (final14 textile-hard-1110:
    a marble's vein along a hole's free side). The same cell outlined all along that side is
    taken (a white tile the cloth's colour, see above), as is one in a corner of the layout
    outlined along a part of its two free sides (see below)."""
    assert _hole_with_a_vein(0.6) == set()
    assert _hole_with_a_vein(1.0) == {(2, 3)}


def test_a_cell_of_the_cloths_colour_outlined_along_its_two_free_sides_is_a_tile():
    """A white tile of the cloth's very colour in a corner of the layout: its faint rim along
    its two sides facing the cloth runs along a part of each only (0.6), but two such edges
    along the lattice's lines are its outline, not a vein's chance (tex14 textile-hard-858)."""
    assert _hole_with_a_vein(0.6, corner=True) == {(2, 3)}


def _dotted_table_with_a_white_tile(pip_bgr):
    """A Textile layout on a cream cloth printed with purple dots in a die's '4' layout in every
    bare cell (the bare table reads as die faces), and beside it a white tile with five pips of
    ``pip_bgr`` that the mask missed and whose outline does not show (lying flush)."""
    from scenes import PIP_LAYOUT, paint_solid_tiles

    kit = kit_for_game("textile")
    tiles = {(1, 1): ("blue", 3), (1, 2): ("red", 5), (2, 1): ("yellow", 2), (2, 2): ("green", 4)}
    td, fg = _textile_view((228, 236, 240), tiles, fg_cells=set(tiles))
    n = td.ch
    img = td.image
    for r in range(td.rows):
        for c in range(td.cols):
            if (r, c) in tiles:
                continue
            for x, y in PIP_LAYOUT[4]:
                cv2.circle(img, (int((c + x) * n), int((r + y) * n)), max(2, int(0.085 * n)),
                           (110, 50, 100), -1, cv2.LINE_AA)
    face = {(2, 3): ("white", None)}
    paint_solid_tiles(img, face, n, kit, inset=0)
    for x, y in PIP_LAYOUT[5]:
        cv2.circle(img, (int((3 + x) * n), int((2 + y) * n)), max(2, int(0.085 * n)), pip_bgr, -1,
                   cv2.LINE_AA)
    return td, fg, set(tiles) | set(face), kit


def test_a_tiles_pips_unlike_the_dotted_cloths_still_vouch_for_it():
    """Where the bare table reads as die faces (a polka-dot cloth), a cell beside the layout
    whose pips are of another colour than the cloth's dots (black pips, purple dots) is a tile;
    one whose pips are the dots' colour may be the cloth."""
    from vision.cells import read_cells

    td, fg, tiles, kit = _dotted_table_with_a_white_tile((20, 20, 20))
    readings, _ = read_cells(td, kit, palette=Palette.from_hex(kit.colours), fg=fg,
                             colours_apart=True)
    assert {(r.row, r.col) for r in readings if r.occupied} == tiles
    td, fg, tiles, kit = _dotted_table_with_a_white_tile((110, 50, 100))
    readings, _ = read_cells(td, kit, palette=Palette.from_hex(kit.colours), fg=fg,
                             colours_apart=True)
    assert {(r.row, r.col) for r in readings if r.occupied} == tiles - {(2, 3)}


def test_a_textile_face_washed_out_by_glare_fits_its_paint_with_a_sheen():
    """A red face under the lamp's reflection (its paint plus a share of the light's white)
    lies far from red as lit, but near red with a sheen: the reading says both."""
    from vision.cells import read_cells

    kit = kit_for_game("textile")
    tiles = {(1, 1): ("blue", 3), (1, 2): ("red", 5), (2, 1): ("yellow", 2), (2, 2): ("green", 4),
             (1, 3): ("white", 1)}
    td, fg = _textile_view((70, 110, 150), tiles, fg_cells=set(tiles))
    n = td.ch
    red = np.array(cv2.cvtColor(np.uint8([[[0xC8, 0x10, 0x2E]]]), cv2.COLOR_RGB2BGR)[0, 0], float)
    lin = (red / 255.0) ** 2.2 * 0.7 + 0.45  # the paint, a little shaded, and the light's white
    td.image[2 * n + 2:3 * n - 2, 3 * n + 2:4 * n - 2] = np.clip(255 * np.minimum(lin, 1) ** (1 / 2.2), 0, 255)
    fg[2 * n:3 * n, 3 * n:4 * n] = 1.0
    readings, _ = read_cells(td, kit, palette=Palette.from_hex(kit.colours), fg=fg,
                             colours_apart=True)
    rd = next(r for r in readings if (r.row, r.col) == (2, 3))
    assert rd.evidence["colour_distance"]["red"] > 15.0
    assert rd.evidence["sheen_distance"]["red"] < rd.evidence["colour_distance"]["red"] - 5.0


def test_a_die_face_between_two_paints_is_vouched_for_by_its_pips():
    """A yellow tile under a warm lamp looks between yellow and orange: its colour is unclear,
    but a face that fits the paints as closely as a pip candidate must (PIPS_FIT) and shows
    five clear pips is a die face, hence a tile (its colour is left to the game's colours and
    rule); one far from every paint is not."""
    from vision.cells import PIPS_FIT, _vouched_by_pips

    def reading(colour, fit):
        return ({"colour": colour, "pips": 5}, {"colour": 0.24 if colour is None else 0.9,
                                                "pips": 1.0}, [], fit, {})
    reads = {(0, 0): reading(None, PIPS_FIT - 2.5), (0, 1): reading(None, PIPS_FIT + 5.0),
             (0, 2): reading("yellow", 4.0)}
    assert set(_vouched_by_pips(reads)) == {(0, 0), (0, 2)}


def test_a_tile_vouched_for_by_its_die_face_counts_no_worse_than_the_others_in_the_fit():
    """The colour fit that scores a lattice: a tile taken for its pips where its colour fit
    loosely (the light on it) counts as the other tiles' mean at worst, so a lattice that
    reads it does not lose to one that misses it; one that fits well counts as it fits."""
    from vision.cells import _lattice_fit

    taken = [3.0, 4.0, 5.0]
    assert _lattice_fit(taken, []) == pytest.approx(4.0)
    assert _lattice_fit(taken, [12.0, 9.0]) == pytest.approx(4.0)  # (two loose ones, as the mean)
    assert _lattice_fit(taken, [2.0]) == pytest.approx(3.5)
    assert _lattice_fit([], [6.0]) == pytest.approx(6.0) and _lattice_fit([], []) == 99.0


#: Pips of about 7 mm on a 30 mm tile (the independent renderer draws 5-8 mm): a radius of
#: 0.11 of the face.
BIG_PIP = 0.11


def _big_pips(face: np.ndarray, colour: str, pips: int) -> np.ndarray:
    """``face`` (n, n, 3) BGR with the die layout's ``pips`` drawn large (:data:`BIG_PIP`)."""
    from scenes import PIP_LAYOUT, _bgr

    n = face.shape[0]
    pc = _bgr(KIT.pip_colours.get(colour, "#111111"))
    for x, y in PIP_LAYOUT[pips]:
        cv2.circle(face, (int(x * n), int(y * n)), int(BIG_PIP * n), pc, -1, cv2.LINE_AA)
    return face


def test_a_six_the_mask_missed_beside_the_layout_is_vouched_for_by_its_pips(monkeypatch):
    """A 6's large pips cover nearly half of its cell's centre, which is uneven as one paint
    (the spread about its median as large as the pips' contrast) but even as two, the face's
    and the pips': its pips, read clearly, vouch for it as for an even face's (see
    _two_paint_spreads)."""
    from vision.cells import TopDown, read_cells

    _weak_outlines(monkeypatch)
    tiles = {(2, 1): ("blue", 3), (2, 2): ("purple", 5)}
    td, fg = _layout_view(tiles, fg_cells=set(tiles), blur=0.0)  # the 6 left out of the mask
    n = td.cw
    img = td.image.copy()
    img[2 * n + 2:3 * n - 2, 3 * n + 2:4 * n - 2] = _big_pips(
        draw_solid_tile(n - 4, "white", None, KIT), "white", 6)
    readings, _ = read_cells(TopDown(img, n, n, 0, 0, td.rows, td.cols), KIT, palette=PAL, fg=fg)
    six = next(r for r in readings if (r.row, r.col) == (2, 3))
    assert six.occupied and six.attrs.get("pips") == 6


def test_a_die_face_is_even_as_two_paints():
    """The face's paint and its pips' each even: the larger of their spreads is small where the
    spread about one median is not; a cell of one paint is as even as two."""
    from vision.cells import EVEN_SPREAD, _region_stats, _two_paint_spreads

    six = _big_pips(draw_solid_tile(N, "white", None, KIT), "white", 6)
    cells = bgr_to_lab(np.stack([six, draw_solid_tile(N, "white", None, KIT)]))
    mask = np.zeros((N, N), bool)
    mask[12:N - 12, 12:N - 12] = True
    _, one = _region_stats(cells, mask)
    two = _two_paint_spreads(cells, mask)
    assert one[0] > EVEN_SPREAD and two[0] < EVEN_SPREAD / 2
    assert two[1] <= one[1] + 0.5


def test_dots_on_the_cloth_beside_the_layout_without_an_outline_are_no_six(monkeypatch):
    """A cloth's pattern beside the layout is two paints too (a 6's dots printed on a cream
    cloth, as even per paint as a die face): without a tile's outline all along its four sides
    an uneven cell is not vouched for by its pips."""
    from vision.cells import TopDown, read_cells

    _weak_outlines(monkeypatch)
    tiles = {(2, 1): ("blue", 3), (2, 2): ("purple", 5)}
    td, fg = _layout_view(tiles, fg_cells=set(tiles), blur=0.0)
    n = td.cw
    img = td.image.copy()
    cloth = np.array(_bgr_of("white"), np.uint8)  # a cream cloth, the white paint's colour
    img[:] = np.where(fg[..., None] > 0, img, cloth)
    img[2 * n + 2:3 * n - 2, 3 * n + 2:4 * n - 2] = _big_pips(np.tile(cloth, (n - 4, n - 4, 1)),
                                                              "white", 6)
    readings, _ = read_cells(TopDown(img, n, n, 0, 0, td.rows, td.cols), KIT, palette=PAL, fg=fg)
    assert {(r.row, r.col) for r in readings if r.occupied} == set(tiles)


def _bgr_of(colour: str) -> tuple[int, int, int]:
    from scenes import _bgr

    return _bgr(KIT.colours[colour])


def _checks(n: int, check: int, angle: float) -> np.ndarray:
    """An ``n`` x ``n`` BGR patch of a green and white gingham (three tones: white, mixed,
    dark green) of ``check`` px checks turned by ``angle`` degrees."""
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32)
    t = math.radians(angle)
    u, v = xx * math.cos(t) + yy * math.sin(t), -xx * math.sin(t) + yy * math.cos(t)
    k = (np.floor(u / check) % 2 + np.floor(v / check) % 2).astype(int)
    tones = np.array([(235, 240, 235), (120, 170, 110), (60, 120, 50)], np.uint8)
    return tones[k]


def test_a_die_faces_pips_are_spots_where_a_checked_cloths_are_not():
    """A die face's minor paint is a few round spots enclosed by its face, a small share of it;
    a gingham's is squares and bands out to the patch's sides, or a large share of it: only the
    former is taken for pips (see _spots_as_pips), at the half resolution the cells are first
    looked at (24 px)."""
    from vision.cells import _spots_as_pips

    faces = [_big_pips(draw_solid_tile(N, colour, None, KIT), colour, pips)
             for colour, pips in (("white", 6), ("white", 5), ("pink", 6), ("white", 4))]
    cloths = [_checks(N, check, angle) for check in (4, 6, 8, 11, 16) for angle in (0, 30, 45)]
    small = [cv2.resize(p, (24, 24), interpolation=cv2.INTER_AREA) for p in faces + cloths]
    spots = _spots_as_pips(bgr_to_lab(np.stack(small)), 6)
    assert spots[:len(faces)].all() and not spots[len(faces):].any()


def test_a_die_face_the_lattice_sits_a_little_off_still_shows_pips():
    """Where the lattice sits off a face by 0.06 of the cell, the table shows as a strip along
    two of the cell's sides and a pip comes near a side: the strip is no check reaching into
    the face, the pips still are spots (see PIP_BAND)."""
    from vision.cells import _spots_as_pips

    shift = 3  # px of a 48 px cell
    cells = []
    for colour, pips in (("white", 6), ("white", 2), ("black", 5), ("red", 4)):
        view = np.full((96, 96, 3), (70, 110, 150), np.uint8)  # a wood table
        o = 26 + shift
        view[o:o + 44, o:o + 44] = _big_pips(draw_solid_tile(44, colour, None, KIT), colour, pips)
        cell = cv2.GaussianBlur(view, (0, 0), 1.5)[24:72, 24:72]
        cells.append(cv2.resize(cell, (24, 24), interpolation=cv2.INTER_AREA))
    assert _spots_as_pips(bgr_to_lab(np.stack(cells)), 6).all()


def test_a_white_six_whose_gap_shadow_runs_into_the_cell_still_shows_pips():
    """Where the lattice sits an eighth of a cell off a white 6 on a white table and motion
    blurs it along the rows, the gap's shadow runs down one whole side of the cell and into
    its core between the 6's outer pips (final13 octopus-hard-804): the gap along a side, what
    it brings into the core pip-sized pieces, is no band across the face (see GAP_ALONG,
    PIP_EXTENT); a gingham's checks stay no pips (the test above)."""
    from vision.cells import _spots_as_pips

    view = np.full((96, 96, 3), _bgr_of("white"), np.uint8)
    o = 24 + 6  # the tile 6 px (of a 48 px cell) off the cell
    view[o - 2:o + 46, o - 8:o] = (60, 60, 60)  # the gap's shadow beside it
    view[o:o + 44, o:o + 44] = _big_pips(draw_solid_tile(44, "white", None, KIT), "white", 6)
    view = cv2.blur(view, (8, 1))  # motion along the rows
    cell = cv2.GaussianBlur(view, (0, 0), 1.5)[24:72, 24:72]
    small = cv2.resize(cell, (24, 24), interpolation=cv2.INTER_AREA)
    assert _spots_as_pips(bgr_to_lab(small[None]), 6)[0]


def test_whether_cells_look_like_the_tiles_taken_all_at_once():
    # (every cell's nearest tile taken, in one CIEDE2000 call: the same answers as one by one)
    import numpy as np
    from vision.cells import GROW_FIT, _looks_like
    from vision.colour import ciede2000
    rng = np.random.default_rng(5)
    tiles = rng.uniform([20, -40, -40], [90, 40, 40], (6, 3))
    labs = np.vstack([tiles + rng.normal(0, 2, tiles.shape),
                      rng.uniform([20, -40, -40], [90, 40, 40], (30, 3))])
    got = _looks_like(labs, tiles)
    want = [float(ciede2000(tiles, lab[None, :]).min()) <= GROW_FIT for lab in labs]
    assert got.tolist() == want and any(want) and not all(want)
    assert not _looks_like(labs, tiles[:0]).any()


def test_a_small_blurred_six_is_even_in_its_face_paint():
    """Seen small (a half-resolution view, about 16 px a cell) and a little blurred, a 6's pips
    are a few pixels across, most of them on their rims, where the two paints mix: the pips'
    pixels are uneven, the face's paint is not, and the face's paint is what is judged (see
    _two_paint_spreads)."""
    from vision.cells import EVEN_SPREAD, _two_paint_spreads

    six = _big_pips(draw_solid_tile(N, "white", None, KIT), "white", 6)
    small = cv2.GaussianBlur(cv2.resize(six, (16, 16), interpolation=cv2.INTER_AREA), (3, 3), 0.8)
    cells = bgr_to_lab(small[None])
    mask = np.zeros((16, 16), bool)
    mask[3:13, 3:13] = True
    assert _two_paint_spreads(cells, mask)[0] < EVEN_SPREAD  # (9.5 about the pips' paint)


def _blurred_six_beside_the_layout(monkeypatch, full_sides: tuple, edge_sides: int):
    """A white 6 the mask missed beside two tiles, blurred by the lens, its cell (2, 3) shown
    with an edge all along ``full_sides`` (top, bottom, left, right) and a clear edge along
    ``edge_sides`` of its sides (every other cell two: weak outlines). Its centre as one paint
    lies further from white than a tile beside the layout may (PIPS_FIT). Returns its
    :class:`CellReading`."""
    import vision.cells as cells_mod
    from vision.cells import PIPS_FIT, TopDown, _region_stats, read_cells

    _weak_outlines(monkeypatch)
    full, edges = cells_mod._full_sides, cells_mod._edge_sides
    monkeypatch.setattr(cells_mod, "_full_sides", lambda borders, td, share=None: {
        **full(borders, td, share), (2, 3): full_sides})
    monkeypatch.setattr(cells_mod, "_edge_sides", lambda borders, td: {
        **edges(borders, td), (2, 3): edge_sides})
    tiles = {(2, 1): ("blue", 3), (2, 2): ("purple", 5)}
    td, fg = _layout_view(tiles, fg_cells=set(tiles), blur=0.0, n=96)  # the 6 left out of the mask
    n = td.cw
    img = td.image.copy()
    from scenes import PIP_LAYOUT
    six = draw_solid_tile(n, "white", None, KIT)
    for x, y in PIP_LAYOUT[6]:
        cv2.circle(six, (int(x * n), int(y * n)), int(0.095 * n), (34, 34, 34), -1, cv2.LINE_AA)
    six = cv2.GaussianBlur(six, (0, 0), 4.0)[2:n - 2, 2:n - 2]  # (the lens's blur)
    img[2 * n + 2:3 * n - 2, 3 * n + 2:4 * n - 2] = six
    lab = bgr_to_lab(img[2 * n:3 * n, 3 * n:4 * n][None].copy())
    mask = np.zeros((n, n), bool)
    m = int(round(0.18 * n))
    mask[m:n - m, m:n - m] = True
    med, _ = _region_stats(lab, mask)
    assert match_palette(med, PAL).distance[0] > PIPS_FIT  # (as one paint: too far to vouch)
    readings, _ = read_cells(TopDown(img, n, n, 0, 0, td.rows, td.cols), KIT, palette=PAL, fg=fg)
    return next(r for r in readings if (r.row, r.col) == (2, 3))


def test_a_six_beside_the_layout_with_one_rim_unseen_is_judged_by_its_face_paint(monkeypatch):
    """A white 6 on a pale table between tiles: its rim against the table shows no full edge
    (an outline along three sides), and its centre as one paint (the pips' blurred rims drag
    its median) lies further from white than a tile beside the layout may (PIPS_FIT). As two
    paints it is even, and its face paint is white: its pips vouch for it (final10 octopus
    normal 400: a white 6 missed, the three tiles beyond it dropped as off the layout)."""
    got = _blurred_six_beside_the_layout(monkeypatch, (False, True, True, True), 2)
    assert got.occupied and got.attrs.get("pips") == 6 and got.attrs.get("colour") == "white"


def test_a_six_whose_faint_rim_makes_an_edge_along_three_sides_is_judged_by_its_face_paint(
        monkeypatch):
    """A white 6 on pale wood: its faint rim, broken by the tile's notches, makes a clear edge
    along three of its sides but runs all along one only. The edges are its outline as well:
    it is looked at as two paints, and its pips vouch for it (final14 textile-hard-1103: two
    white 6s missed, full along 1-2 sides, an edge along 3)."""
    got = _blurred_six_beside_the_layout(monkeypatch, (False, True, False, False), 3)
    assert got.occupied and got.attrs.get("pips") == 6 and got.attrs.get("colour") == "white"


def test_a_dark_check_beside_the_layout_without_an_outline_or_a_die_face_is_no_tile(monkeypatch):
    """Where every tile lies pips up, a cell beside the layout the mask does not hold, taken
    for its colour alone (a gingham's dark check, as near the black paint as a tile), without
    an outline (an edge along one side: its neighbour's) and whose pips read as no die face
    (the cloth's lighter threads make spots, no count) is the cloth: a tile shows its rim and
    its die face (final10 octopus normal 405: a dark check read as a black tile)."""
    import vision.cells as cells_mod
    from vision.cells import TopDown, read_cells

    tiles = {(2, 1): ("blue", 3), (2, 2): ("purple", 5)}
    monkeypatch.setattr(cells_mod, "_edge_sides", lambda borders, td: {
        (r, c): (4 if (r, c) in tiles else 1)
        for r in range(td.r0, td.r0 + td.rows) for c in range(td.c0, td.c0 + td.cols)})
    td, fg = _layout_view(tiles, fg_cells=set(tiles), blur=0.0)
    n = td.cw
    img = td.image.copy()
    check = np.full((n, n, 3), 45, np.uint8)  # (the check, near the black paint)
    rng = np.random.default_rng(0)
    for y, x in rng.integers(4, n - 4, size=(6, 2)):  # (the weave's darker blotches: no die face)
        cv2.circle(check, (int(x), int(y)), 5, (10, 10, 10), -1)
    img[2 * n:3 * n, 3 * n:4 * n] = cv2.GaussianBlur(check, (0, 0), 1.5)
    readings, _ = read_cells(TopDown(img, n, n, 0, 0, td.rows, td.cols), KIT, palette=PAL, fg=fg,
                             die_faces=True)
    got = next(r for r in readings if (r.row, r.col) == (2, 3))
    assert not got.occupied


def _polka_dot_view(offset: tuple[float, float], n: int = 48, size: int = 7,
                    down: tuple[int, int] | None = None):
    """A white cloth with brown dots (a third of a cell across, 0.8 of a cell apart, every other
    row shifted half that) from ``offset`` (cells), a Textile layout of five tiles on it
    (outlined by a dark gap), the foreground mask covering the tiles only; and the tiles. With
    ``down``, a sixth tile there, white and lying pips down, outlined too, which the mask
    misses (a face of the cloth's colour)."""
    kit = kit_for_game("textile")
    img = np.full((size * n, size * n, 3), (236, 240, 242), np.uint8)
    step = 0.8 * n
    for k, y in enumerate(np.arange(offset[1] * n, size * n, step)):
        for x in np.arange(offset[0] * n + (step / 2 if k % 2 else 0.0), size * n, step):
            cv2.circle(img, (int(x), int(y)), int(0.15 * n), (40, 75, 120), -1, cv2.LINE_AA)
    tiles = {(2, 2): ("blue", 3), (2, 3): ("red", 5), (3, 2): ("yellow", 2), (3, 3): ("green", 4),
             (4, 3): ("blue", 6)}
    drawn = {**tiles, down: ("white", None)} if down is not None else tiles
    td, fg = _outlined_tiles(img, drawn, tiles, kit, n, size)
    return td, fg, set(drawn)


@pytest.mark.parametrize("offset", [(0.0, 0.0), (0.1, 0.4), (0.4, 0.0)])
def test_a_polka_dot_cloths_cell_outlined_by_its_dots_is_no_white_tile(offset):
    """final11 textile-normal-603: a white cloth's big dots crossing a bare cell's borders
    outline it as a tile's rim would; of the cloth's very colour and showing no pips where the
    bare cloth reads as die faces, it is the cloth, not a white tile lying pips down."""
    from vision.cells import read_cells

    td, fg, tiles = _polka_dot_view(offset)
    kit = kit_for_game("textile")
    readings, _ = read_cells(td, kit, palette=Palette.from_hex(kit.colours), fg=fg,
                             colours_apart=True)
    assert {(r.row, r.col) for r in readings if r.occupied} == tiles


@pytest.mark.parametrize("offset", [(0.0, 0.0), (0.1, 0.4), (0.4, 0.0)])
def test_a_white_tile_pips_down_on_a_polka_dot_cloth_is_read(offset):
    """A white tile lying pips down beside the layout on a white polka-dot cloth, which the
    mask misses: of the cloth's very colour and without pips where the bare cloth reads as die
    faces, like a cell outlined by the dots, but its gap runs along all of each of its four
    sides, where the dots make an edge along a part of one at most."""
    from vision.cells import read_cells

    td, fg, tiles = _polka_dot_view(offset, down=(4, 2))
    kit = kit_for_game("textile")
    readings, _ = read_cells(td, kit, palette=Palette.from_hex(kit.colours), fg=fg,
                             colours_apart=True)
    assert {(r.row, r.col) for r in readings if r.occupied} == tiles


def test_the_gap_joined_to_a_band_into_the_face_is_no_pips():
    """The gap's shadow down a side may touch pips (a white six a little off the lattice), but
    what it brings into the face must be pip-sized (PIP_EXTENT): a band half across is not."""
    cell = np.full((24, 24, 3), 235, np.uint8)       # a pale face
    cell[:, 1:3] = 60                                # the gap's shadow down the left side
    cell[11:13, 3:14] = 60                           # a band from it half across the face
    cell[17:20, 17:20] = 60                          # and a spot
    assert not _spots_as_pips(bgr_to_lab(cell[None]), 6)[0]
    cell[11:13, 3:14] = 235
    cell[10:14, 3:7] = 60                            # a pip touching the gap instead
    assert _spots_as_pips(bgr_to_lab(cell[None]), 6)[0]


def test_a_hot_spot_card_needs_its_outline_only_where_the_photos_cards_show_theirs():
    """A card the lamp's hot spot washed out is card-like by the mask and its distance from the
    table, and by its outline where the photo's clear cards show outlines; where most do not
    (final28 tapestry-hard-4403, tap44 hard-2712: glared cards with 1-2 sides outlined were
    dropped), a missing outline is no evidence against it."""
    from vision.cells import GROW_APART, HOT_SPOT_CARD_FG, OUTLINE_FULL, _hot_spot_card
    fg, apart = HOT_SPOT_CARD_FG + 0.3, GROW_APART + 10.0
    assert _hot_spot_card(fg, apart, OUTLINE_FULL, True, False)
    assert not _hot_spot_card(fg, apart, 1, True, True)
    assert _hot_spot_card(fg, apart, 1, False, True)
    # (without the outline, a colour unlike every look of the table stands in for it: a
    # glared patch of the cloth's print is no card)
    assert not _hot_spot_card(fg, apart, 1, False, False)
    assert not _hot_spot_card(fg, apart, 4, False, False)
    # (the mask and the table's colour still decide)
    assert not _hot_spot_card(HOT_SPOT_CARD_FG - 0.1, apart, 4, False, True)
    assert not _hot_spot_card(fg, GROW_APART - 1.0, 4, False, True)
