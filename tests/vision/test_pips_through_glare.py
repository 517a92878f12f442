"""A face a lamp's hot spot washes to near white keeps its white pips by their want of colour,
not their lightness: they are read on the face's whiteness (vision.cells._pips_through_glare)."""
from types import SimpleNamespace

import cv2
import numpy as np

from vision import cells
from vision.pips import MIN_CONTRAST, PIP_RADII, PipReading, read_pips

N = 48  # pixels per cell, as the reader's top-down view of solid faces
#: Lab of a brown face paled by a hot spot, of its white pips and of a wood table, as measured
#: on an independent render (final20 octopus-hard-2102: face L* 98.3, pips 99.5).
FACE, PIP, TABLE = (98.3, -6.0, 20.0), (99.5, 0.0, 0.0), (55.0, 15.0, 35.0)
FOUR = [(0.25, 0.25), (0.25, 0.75), (0.75, 0.25), (0.75, 0.75)]


def _washed_face(pip_yx: list, offset: tuple = (0, 0), face: tuple = FACE,
                 pip: tuple = PIP) -> np.ndarray:
    """A Lab view ``(2N, 2N, 3)`` float32 of a washed-out face inset 0.05 in its cell (moved by
    ``offset`` pixels) on a wood table, the table showing through gaps cut into its rim every
    sixth of its side (its teeth), white pips at ``pip_yx`` (fractions of the cell); the
    cell at ``(N // 2, N // 2)``."""
    lab = np.empty((2 * N, 2 * N, 3), np.float32)
    lab[:] = TABLE
    oy, ox = N // 2 + offset[0], N // 2 + offset[1]
    a, b = int(0.05 * N), int(0.95 * N)
    lab[oy + a:oy + b, ox + a:ox + b] = face
    notch = max(2, int(0.04 * N))
    for t in np.linspace(a, b, 7)[1:-1].astype(int):  # gaps between the teeth, on every side
        for y0, x0 in ((oy + a, ox + t), (oy + b - notch, ox + t), (oy + t, ox + a),
                       (oy + t, ox + b - notch)):
            lab[y0:y0 + notch, x0 - notch // 2:x0 + notch] = TABLE
    r = int(round(PIP_RADII[0] * N))
    for fy, fx in pip_yx:
        mask = np.zeros(lab.shape[:2], np.uint8)
        cv2.circle(mask, (int(ox + fx * N), int(oy + fy * N)), r, 1, -1)
        lab[mask.astype(bool)] = pip
    return cv2.GaussianBlur(lab, (3, 3), 0.8)


def _read(lab: np.ndarray, face: tuple = FACE) -> dict:
    origins = np.array([[N // 2, N // 2]])
    ctx = SimpleNamespace(lab=lab, td=SimpleNamespace(cw=N), die_faces=True)
    before = read_pips(lab[..., 0], N, origins)
    return before, cells._pips_through_glare(ctx, origins, np.array([face]), before)


def test_white_pips_on_a_washed_face_are_read_on_its_whiteness():
    # (tiles off their cells: the table beyond the rim and the teeth's gaps, far less white
    # than the face, within reach of the die positions; floored at the face's whiteness)
    for pip_yx in (FOUR, [(0.5, 0.5)], [(0.25, 0.25), (0.75, 0.75)]):
        for offset in ((6, 6), (-6, -6)):
            before, after = _read(_washed_face(pip_yx, offset))
            # (their lightness shows nothing to count)
            assert max(before[1].contrast[0], before[-1].contrast[0]) < MIN_CONTRAST
            assert after[1].count[0] == len(pip_yx), (pip_yx, offset)
            assert after[1].contrast[0] >= MIN_CONTRAST


def test_a_washed_face_without_pips_reads_none():
    before, after = _read(_washed_face([], offset=(6, 6)))
    assert after[1].count[0] == 0


def test_faces_whose_pips_show_in_lightness_are_left_as_read():
    lab = _washed_face(FOUR)
    lab[..., 0] = np.where(lab[..., 0] > 99.0, lab[..., 0], lab[..., 0] - 30.0)  # a darker face
    origins = np.array([[N // 2, N // 2]])
    before = read_pips(lab[..., 0], N, origins)
    ctx = SimpleNamespace(lab=lab, td=SimpleNamespace(cw=N), die_faces=True)
    after = cells._pips_through_glare(ctx, origins, np.array([(68.3, -6.0, 20.0)]), before)
    assert after is before


def test_a_light_faces_washed_dark_pips_are_no_white_pips():
    # (a yellow face in a hot spot, its black pips paled to a grey less coloured than the face:
    # whiter by L* - C*, but darker than the face, so not its white pips; a review's case)
    yellow, grey = (97.0, -4.0, 60.0), (89.0, 0.0, 25.0)
    before, after = _read(_washed_face(FOUR, (6, 6), face=yellow, pip=grey), face=yellow)
    assert after[1].count[0] == before[1].count[0]


#: A purple face beside the layout that a hot spot paled (L* 82.5, keeping C* 32), its white
#: pips blurred to within a few L* of it, as measured on an independent render (oct57
#: octopus-hard-2518: lightness pips read with confidence 0.45, whiteness contrast 34.7).
WASHED_PURPLE, DIM_PIP = (82.5, 24.4, -21.4), (88.0, 0.0, 0.0)
THREE = [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)]


def _beside(lab: np.ndarray, sides: int = 4) -> tuple:
    """A cell beside the layout, ``(0, 0)`` at ``(N // 2, N // 2)`` of ``lab``, with a tile's
    edge along ``sides`` of its sides: (ctx, regions, origins, the lightness reading)."""
    origins = np.array([[N // 2, N // 2]])
    ctx = SimpleNamespace(lab=lab, td=SimpleNamespace(cw=N), die_faces=True,
                          sides={(0, 0): sides})
    regions = {(0, 0): lab[N // 2:N // 2 + N, N // 2:N // 2 + N]}
    return ctx, regions, origins, read_pips(lab[..., 0], N, origins)


def test_a_washed_face_beside_the_layout_has_its_pips_read_on_its_whiteness():
    lab = _washed_face(THREE, face=WASHED_PURPLE, pip=DIM_PIP)
    ctx, regions, origins, before = _beside(lab)
    # (its lightness vouches for no die face)
    assert max(before[p].confidence[0] for p in (1, -1)) < cells.PIPS_VOUCH
    after, washed = cells._washed_pips_beside(ctx, [(0, 0)], regions, origins, before)
    assert washed == [(0, 0)]
    assert after[1].count[0] == 3 and after[1].confidence[0] >= cells.PIPS_VOUCH


def test_a_pale_cloths_dots_or_a_face_without_a_tiles_edge_are_not_read_so():
    # (a neutral ground, a pale cloth's, with whiter dots: no colour for the pips to lack)
    lab = _washed_face(THREE, face=(86.0, 2.0, 8.0), pip=(92.0, 0.0, 0.0))
    ctx, regions, origins, before = _beside(lab)
    assert cells._washed_pips_beside(ctx, [(0, 0)], regions, origins, before) == (before, [])
    # (a washed face's colour with no tile's edge along three sides)
    lab = _washed_face(THREE, face=WASHED_PURPLE, pip=DIM_PIP)
    ctx, regions, origins, before = _beside(lab, sides=2)
    assert cells._washed_pips_beside(ctx, [(0, 0)], regions, origins, before) == (before, [])


def test_a_washed_face_whose_white_pips_read_is_named_a_colour_with_white_pips():
    # (oct57 octopus-hard-2518: a brown washed to peach, which the glare names orange (black
    # pips), its five white pips read on its whiteness; brown, 10.2 away, paints white pips)
    from vision.colour import Palette
    from vision.kits import kit_for_game
    kit = kit_for_game("octopus")
    pal = Palette.from_hex(kit.colours)
    ctx = SimpleNamespace(kit=kit, palette=pal)
    dist = {"white": 10.6, "black": 16.7, "red": 14.9, "orange": 5.2, "yellow": 15.0,
            "green": 26.9, "blue": 27.4, "purple": 23.6, "pink": 19.5, "brown": 10.2}
    five = np.eye(6)[[4]]
    reads = {p: PipReading(np.array([5 if p == 1 else 0]), five, np.array([16.1]),
                           np.array([1.0 if p == 1 else 0.0])) for p in (1, -1)}
    reading = ({"colour": "orange", "pips": None}, {"colour": 0.63, "pips": 0.0}, [], 5.2,
               {"colour_distance": dist})
    out = cells._named_by_white_pips(ctx, {(0, 0): reading}, reads, [0])
    assert out[(0, 0)][0] == {"colour": "brown", "pips": 5}
    # (no colour with white pips near enough: left as read)
    far = {**dist, "brown": 30.0, "red": 30.0, "black": 30.0}
    reading = (reading[0], reading[1], [], 5.2, {"colour_distance": far})
    assert cells._named_by_white_pips(ctx, {(0, 0): reading}, reads, [0])[(0, 0)] == reading
