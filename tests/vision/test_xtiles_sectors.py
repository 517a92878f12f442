"""Reading X-Tiles' sectors (vision.cells._read_sectors) and deciding unclear ones through the set
(vision.decode): a synthetic top-down view, no photo."""
from __future__ import annotations

import cv2
import numpy as np

from vision.cells import TopDown, read_cells
from vision.colour import Palette
from vision.decode import decode_readings
from vision.kits import kit_for_game

KIT = kit_for_game("x-tiles")
PAL = Palette.from_hex(KIT.colours)
BGR = {name: tuple(int(h[i:i + 2], 16) for i in (5, 3, 1)) for name, h in KIT.colours.items()}
N = 48  # pixels per cell
# tiles of the set, (row, col): sectors n, e, s, w; even row + col lie east-west (parity 0)
TILES = {
    (1, 1): {"n": "blue", "e": "red", "s": "yellow", "w": "blue"},  # ew (red, yellow, blue, blue)
    (1, 2): {"n": "yellow", "e": "yellow", "s": "orange", "w": "blue"},  # ns (yellow, yellow, orange, blue)
    (1, 3): {"n": "red", "e": "orange", "s": "blue", "w": "orange"},  # ew (orange, blue, orange, red)
    (2, 1): {"n": "yellow", "e": "orange", "s": "red", "w": "blue"},  # ns (yellow, orange, red, blue)
    (2, 2): {"n": "orange", "e": "red", "s": "red", "w": "yellow"},  # ew (red, red, yellow, orange)
    (2, 3): {"n": "blue", "e": "orange", "s": "red", "w": "red"},  # ns (blue, orange, red, red)
}


def _triangle(name: str) -> np.ndarray:
    yy, xx = (np.mgrid[0:N, 0:N] + 0.5) / N - 0.5
    return {"n": (yy < -np.abs(xx)), "s": (yy > np.abs(xx)),
            "e": (xx > np.abs(yy)), "w": (xx < -np.abs(yy))}[name]


def _view(glare_at=None) -> TopDown:
    img = np.full((4 * N, 5 * N, 3), (70, 110, 150), np.uint8)
    for (r, c), edges in TILES.items():
        cell = img[r * N:(r + 1) * N, c * N:(c + 1) * N]
        for e, colour in edges.items():
            cell[_triangle(e)] = BGR[colour]
    if glare_at is not None:
        (r, c), e = glare_at
        cell = img[r * N:(r + 1) * N, c * N:(c + 1) * N]
        # a lamp's reflection: the paint washed out, more white than paint
        cell[_triangle(e)] = (0.4 * np.array(BGR[TILES[(r, c)][e]]) + 0.6 * 245).astype(np.uint8)
    rng = np.random.default_rng(0)
    img = np.clip(img + rng.normal(0, 2.0, img.shape), 0, 255).astype(np.uint8)
    return TopDown(img, N, N, 0, 0, 4, 5)


def test_every_sector_reads_its_paint():
    readings, _ = read_cells(_view(), KIT, palette=PAL, long_axis_parity=0)
    read = {(r.row, r.col): r.attrs.get("edges") for r in readings if r.occupied}
    assert read == TILES


def test_a_sector_washed_out_by_glare_is_unclear_and_decided_through_the_set():
    readings, _ = read_cells(_view(glare_at=((1, 2), "s")), KIT, palette=PAL, long_axis_parity=0)
    cell = next(r for r in readings if (r.row, r.col) == (1, 2))
    assert cell.evidence["sector_conf"]["s"] < 0.5  # (no paint near enough to tell)
    assert cell.attrs["edges"] is None
    decoded, _ = decode_readings([r for r in readings if r.occupied], KIT, "x-tiles")
    assert decoded[(1, 2)][0]["edges"] == TILES[(1, 2)]


def test_a_sector_far_from_every_paint_is_unclear_whatever_its_hue_group(monkeypatch):
    # (as if the glared sector's hue group had named it: a group settles a near tie between
    # paints, not whether the sector shows a paint at all)
    import vision.cells as cells

    def grouped(labs, dist, match):
        return np.argmin(dist, axis=1), np.full(len(labs), cells.GROUP_CONF)
    monkeypatch.setattr(cells, "_named_by_hue", grouped)
    readings, _ = read_cells(_view(glare_at=((1, 2), "s")), KIT, palette=PAL, long_axis_parity=0)
    cell = next(r for r in readings if (r.row, r.col) == (1, 2))
    assert cell.evidence["sector_conf"]["s"] < 0.5
    assert cell.evidence["sector_conf"]["n"] >= 0.5  # (a paint seen as it is stays clear)


def test_a_sector_its_hue_group_names_against_its_own_nearest_paint_is_unclear(monkeypatch):
    # (as if a glare had put the clear orange sector (2, 1) e in the yellows' hue group, named
    # yellow: the group's name against the sector's own colour is no reading, the set and the
    # neighbours decide)
    import vision.cells as cells

    order: list = []
    read_sectors = cells._read_sectors

    def recorded(ctx, cells_, *args, **kw):
        order[:] = list(cells_)
        return read_sectors(ctx, cells_, *args, **kw)

    def grouped(labs, dist, match):
        named = np.argmin(dist, axis=1)
        j = 4 * order.index((2, 1)) + 1  # (its sectors n, e, s, w in turn)
        named[j] = PAL.names.index("yellow")
        return named, np.full(len(labs), 0.99)
    monkeypatch.setattr(cells, "_read_sectors", recorded)
    monkeypatch.setattr(cells, "_named_by_hue", grouped)
    view = _view()
    # (an orange two fifths of the way to yellow, as a lamp's hot spot shifts it: nearer orange,
    # yet near enough yellow to be a paint's sector, see vision.cells._near_conf)
    sector = view.image[2 * N:3 * N, N:2 * N]
    sector[_triangle("e")] = (0.58 * np.array(BGR["orange"]) + 0.42 * np.array(BGR["yellow"])
                              ).astype(np.uint8)
    readings, _ = read_cells(view, KIT, palette=PAL, long_axis_parity=0)
    cell = next(r for r in readings if (r.row, r.col) == (2, 1))
    assert cell.evidence["sector_named"]["e"] == "yellow"
    d = cell.evidence["sector_distance"]["e"]
    assert d["orange"] < d["yellow"] < 18.0  # (near both paints, nearer its own)
    assert cell.evidence["sector_conf"]["e"] < 0.5
    assert cell.attrs["edges"] is None
    assert cell.evidence["sector_conf"]["n"] >= 0.5  # (named its nearest: clear)
    other = next(r for r in readings if (r.row, r.col) == (1, 1))
    assert other.attrs["edges"] == TILES[(1, 1)]


def test_a_cell_of_the_table_that_stands_out_is_no_tile():
    """A cloth whose weave stands out as foreground (a tartan) in a colour near a paint (a
    greenish beige near yellow): a cell of it beside the layout shows one surface in all four
    sectors, where every tile shows three paints. It is the table, and no part of the layout's
    coverage."""
    td = _view()
    img = td.image.copy()
    cloth = (120, 190, 200)  # (BGR: a pale khaki, within reach of the yellow paint)
    img[1 * N:2 * N, 4 * N:5 * N] = cloth
    rng = np.random.default_rng(1)
    img[1 * N:2 * N, 4 * N:5 * N] = np.clip(img[1 * N:2 * N, 4 * N:5 * N] + rng.normal(0, 3, (N, N, 3)), 0, 255)
    td = TopDown(img, N, N, 0, 0, 4, 5)
    fg = np.zeros(img.shape[:2], np.float32)
    for r, c in list(TILES) + [(1, 4)]:
        fg[r * N:(r + 1) * N, c * N:(c + 1) * N] = 1.0
    readings, info = read_cells(td, KIT, palette=PAL, long_axis_parity=0, fg=fg)
    read = {(r.row, r.col): r.attrs.get("edges") for r in readings if r.occupied}
    assert read == TILES
    assert info["coverage"] == 1.0


def _gingham(n: int, check: float, turn: float) -> np.ndarray:
    """A red and white gingham ``(n, n, 3)`` BGR: checks ``check`` pixels wide, turned ``turn``
    radians (white where neither band is red, pink where one is, red where both are), seen as a
    photo of a cell sees it: its edges spread over a quarter of a check (the lens, the weave)."""
    yy, xx = np.mgrid[0:n, 0:n] + 0.5
    u = xx * np.cos(turn) + yy * np.sin(turn)
    v = -xx * np.sin(turn) + yy * np.cos(turn)
    reds = (np.floor(u / check) % 2 == 0).astype(int) + (np.floor(v / check) % 2 == 0).astype(int)
    colours = np.array([(235, 235, 240), (150, 150, 225), (45, 45, 200)], np.uint8)  # white, pink, red
    return cv2.GaussianBlur(colours[reds], (0, 0), check / 4)


def test_a_cell_of_a_gingham_cloth_beside_the_layout_is_no_tile():
    """A red and white gingham whose checks are a sixth of a cell wide stands out as foreground
    beside the layout: a cell of it shows red, pink and white sectors (far apart, unlike a plain
    cloth's one surface), but the checks' edges all over its face, where a tile's face is even
    paint inside its sectors. It is the table (independent final4 x-tiles-hard-073)."""
    td = _view()
    img = td.image.copy()
    for r, c in ((1, 4), (3, 2)):
        img[r * N:(r + 1) * N, c * N:(c + 1) * N] = _gingham(N, N / 6, 0.3)
    td = TopDown(img, N, N, 0, 0, 4, 5)
    fg = np.zeros(img.shape[:2], np.float32)
    for r, c in list(TILES) + [(1, 4), (3, 2)]:
        fg[r * N:(r + 1) * N, c * N:(c + 1) * N] = 1.0
    readings, info = read_cells(td, KIT, palette=PAL, long_axis_parity=0, fg=fg)
    read = {(r.row, r.col): r.attrs.get("edges") for r in readings if r.occupied}
    assert read == TILES
    assert info["coverage"] == 1.0


def test_a_tile_s_face_is_smooth_a_pattern_s_is_not():
    from vision.cells import PATTERNED_FACE, _face_slopes
    from vision.colour import bgr_to_lab
    lab = bgr_to_lab(_view().image)
    faces = np.stack([lab[r * N:(r + 1) * N, c * N:(c + 1) * N, 0] for r, c in TILES])
    assert (_face_slopes(faces) < PATTERNED_FACE / 2).all()
    gingham = bgr_to_lab(_gingham(N, N / 6, 0.3))[..., 0]
    assert _face_slopes(np.stack([gingham, faces[0]]))[0] > PATTERNED_FACE
    # (as many cells as the blur takes at once and more, each its own)
    many = _face_slopes(np.stack([gingham] * 130 + [faces[0]]))
    assert (many[:130] > PATTERNED_FACE).all() and many[130] < PATTERNED_FACE / 2


def test_a_tile_in_a_lamp_s_hot_spot_keeps_its_orange():
    """A lamp's hot spot lights one tile 2.5 times as much as the rest of the layout: the
    camera clips its orange's red while the green still rises, and the orange is recorded as a
    yellow. The tile's sectors share one exposure, at which its red and blue fit too: its
    oranges are orange. (The light fitted over the layout sees the other tiles as they are.)"""
    from vision.colour import linear_to_srgb, srgb_to_linear

    td = _view()
    img = td.image.copy()
    r, c = (2, 1)  # (yellow, orange, red, blue)
    cell = img[r * N:(r + 1) * N, c * N:(c + 1) * N].astype(np.float32) / 255.0
    lit = linear_to_srgb(np.clip(2.5 * srgb_to_linear(cell), 0.0, 1.0))
    img[r * N:(r + 1) * N, c * N:(c + 1) * N] = np.round(lit * 255).astype(np.uint8)
    readings, _ = read_cells(TopDown(img, N, N, 0, 0, 4, 5), KIT, palette=PAL, long_axis_parity=0)
    tile = next(rd for rd in readings if (rd.row, rd.col) == (r, c))
    assert tile.evidence["sector_named"] == TILES[(r, c)]  # (as it was: e yellow, unclear)
    assert tile.attrs["edges"] == TILES[(r, c)]
