"""The reader's memos of repeated work give the results computed afresh: a lattice's edge
strength measured again for the same lattice and picture (vision.locate._edge_strength), a
palette match of the same samples against the same predicted colours
(vision.colour.palette_distance)."""
import numpy as np

from vision.colour import Palette, palette_distance, palette_distance_of
from vision.locate import Lattice, _edge_strength, _edge_strength_of
from tests.vision.scenes import colour_tile_block

PITCH, ORIGIN, N = 30, 40, 6


def _tiles(seed=0):
    return colour_tile_block(PITCH, ORIGIN, N, seed)


def _lattice(fg, shift=0.0):
    H = np.array([[PITCH, 0, ORIGIN + shift], [0, PITCH, ORIGIN], [0, 0, 1.0]])
    return Lattice(H=H, rows=(-1, N), cols=(-1, N), pitch_px=float(PITCH), work_scale=1.0, fg=fg)


def test_edge_strength_is_kept_per_lattice_and_picture_and_equals_a_fresh_one():
    img, fg = _tiles()
    lat, other = _lattice(fg), _lattice(fg, shift=3.0)
    first = _edge_strength(lat, img, 16)
    again = _edge_strength(lat, img, 16)
    assert again is first  # (the same lattice, picture and pixels: kept)
    fresh = _edge_strength_of(lat, img, 16)
    assert all(np.array_equal(a, b) for a, b in zip(first, fresh))
    assert not first[0].flags.writeable  # (shared: read-only)
    # another lattice, another picture or another pixel count: measured afresh
    moved = _edge_strength(other, img, 16)
    assert not np.array_equal(moved[0], first[0])
    assert all(np.array_equal(a, b) for a, b in zip(moved, _edge_strength_of(other, img, 16)))
    copy = img.copy()
    assert _edge_strength(lat, copy, 16) is not first
    assert _edge_strength(lat, img, 8)[0].shape != first[0].shape


def test_palette_distance_is_kept_for_the_same_samples_and_returns_a_fresh_array():
    palette = Palette.from_hex({"red": "#C8102E", "blue": "#0033A0", "white": "#F2F2F2"})
    rng = np.random.default_rng(3)
    lab = np.column_stack([rng.uniform(20, 90, 40), rng.normal(0, 30, (40, 2))])
    predicted = palette.lab + 1.5
    d1 = palette_distance(lab, palette, predicted)
    d1[:] = -1.0  # (a caller's changes do not reach the memo)
    d2 = palette_distance(lab, palette, predicted)
    assert np.array_equal(d2, palette_distance_of(lab, palette, predicted))
    # other predicted colours, other samples, another palette of the same colours: afresh
    assert np.array_equal(palette_distance(lab, palette), palette_distance_of(lab, palette))
    lab2 = lab.copy()
    lab2[0, 0] += 1e-9
    assert np.array_equal(palette_distance(lab2, palette, predicted),
                          palette_distance_of(lab2, palette, predicted))
    cov = np.stack([np.eye(3) * 9.0, np.full((3, 3), np.nan), np.eye(3) * 4.0])
    measured = Palette(palette.names, palette.lab, cov)
    assert np.array_equal(palette_distance(lab, measured, predicted),
                          palette_distance_of(lab, measured, predicted))
    assert not np.array_equal(palette_distance(lab, measured, predicted), d2)


def test_palette_distance_of_many_samples_is_not_kept():
    from vision import colour
    palette = Palette.from_hex({"red": "#C8102E", "white": "#F2F2F2"})
    lab = np.tile([[50.0, 10.0, 10.0]], (colour.DISTANCE_MEMO_SAMPLES + 1, 1))
    colour._DISTANCE_MEMO.clear()
    d = palette_distance(lab, palette)
    assert np.array_equal(d, palette_distance_of(lab, palette))
    assert not colour._DISTANCE_MEMO  # (a region's pixels: matched once, not kept)


def test_a_view_s_gradients_computed_once_give_the_borders_texture_and_parity_computed_afresh():
    """vision.cells computes a top-down view's Sobel gradients once per reading
    (view_gradients) for the cells' borders, their faces' texture and X-Tiles' parity: each
    must equal what it computes from the view alone."""
    from vision.cells import _border_edges, _face_texture, view_gradients, _x_parity, rectify

    img, fg = _tiles(seed=2)
    td = rectify(img, _lattice(fg), cell_px=32)
    grads = view_gradients(td)
    shared, fresh = _border_edges(td, grads), _border_edges(td)
    assert all(np.array_equal(a, b) for a, b in zip(shared, fresh))
    assert _face_texture(td, grads) == _face_texture(td)
    cells = [(r, c) for r in range(N) for c in range(N)]
    assert _x_parity(td, cells, grads) == _x_parity(td, cells)
