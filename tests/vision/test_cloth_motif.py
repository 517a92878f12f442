"""A printed cloth's flower in a tile's colour beside an Octopus layout, read as a tile (the
independent renderer's floral cloths: final17 octopus-normal-1764, a red flower read as a red 2;
final16 normal-1605, green flowers as green tiles): a tile's face fills its cell but for its
pips, where a flower's petals leave the cloth's ground showing between them over a share of the
cell no pip covers (vision.cells._cloth_motifs); a tile a little off its cell fills its cell
shifted onto it.

The views are drawn here, in Lab, not by the product's renderer."""
import cv2
import numpy as np

from vision.cells import TopDown, _Ctx, _cloth_motifs, _ground_share, _hued_paint
from vision.colour import Palette
from vision.kits import kit_for_game

N = 48  # pixels a cell
CREAM = np.array([91.0, 0.5, 7.0])  # the cloth's ground (Lab)
RED = np.array([45.0, 62.0, 40.0])  # a red tile's face, and the flowers' petals
WHITE = np.array([96.0, 0.0, 1.0])  # white pips
HEART = np.array([80.0, 5.0, 70.0])  # a flower's yellow heart


def _disc(lab: np.ndarray, centre: tuple[float, float], radius: float, colour) -> None:
    """A disc of ``radius`` cells at ``centre`` (row, col in cells), drawn into ``lab``."""
    cy, cx = centre
    cv2.circle(lab, (int(cx * N), int(cy * N)), int(radius * N), tuple(map(float, colour)), -1)


def _view() -> tuple[np.ndarray, dict]:
    """A 5 x 5 cell Lab view of a cream cloth: a red flower of five petals round a yellow heart
    over cell (2, 1) (its petals over the cell's middle, the ground between them), a red five
    in cell (2, 3), a red tile a quarter cell off cell (1, 2) towards the lower right; and the
    cells' centre colours as read (the flower's its petals')."""
    lab = np.tile(CREAM, (5 * N, 5 * N, 1)).astype(np.float32)
    for k in range(5):
        a = 2 * np.pi * k / 5 + 0.3
        _disc(lab, (2.4 + 0.3 * np.cos(a), 1.4 + 0.3 * np.sin(a)), 0.18, RED)
    _disc(lab, (2.4, 1.4), 0.12, HEART)
    lab[2 * N + 2:3 * N - 2, 3 * N + 2:4 * N - 2] = RED
    for y, x in ((0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75)):
        _disc(lab, (2 + y, 3 + x), 0.1, WHITE)
    off = N // 4
    lab[N + off + 2:2 * N + off - 2, 2 * N + off + 2:3 * N + off - 2] = RED
    return lab, {(2, 1): RED, (2, 3): RED, (1, 2): RED}


def _ctx(lab: np.ndarray) -> _Ctx:
    td = TopDown(np.zeros((5 * N, 5 * N, 3), np.uint8), N, N, 0, 0, 5, 5)
    return _Ctx(kit=None, palette=None, profile=None, td=td, lab=lab, die_faces=True)


def test_a_flower_whose_ground_shows_between_its_petals_is_the_cloth():
    lab, centres = _view()
    faces = {c: [v] for c, v in centres.items()}
    cells = [(2, 1), (2, 3), (1, 2)]
    assert _cloth_motifs(_ctx(lab), cells, faces, ring=[CREAM] * 4) == [(2, 1)]
    # (the part apart from the petals must be a look of the bare table: a flower on a cloth
    # whose ring shows another ground is left to the other rules)
    assert _cloth_motifs(_ctx(lab), cells, faces, ring=[np.array([30.0, 0, -30])] * 4) == []


def test_a_face_and_its_pips_fill_the_cell_the_ground_beside_it_does_not():
    face = np.array([50.0, 60.0, 40.0])
    cell = np.tile(face, (N, N, 1)).astype(np.float32)
    for y, x in ((0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75)):
        cv2.circle(cell, (int(x * N), int(y * N)), int(0.1 * N), (96.0, 0.0, 1.0), -1)
    share, _ = _ground_share(cell, face)
    assert share < 0.06  # a five's pips: none larger than a pip cut by the window's edge
    cell[:N // 2, N // 2:] = (92.0, 0.0, 6.0)  # the ground over a quarter of the cell
    share, ground = _ground_share(cell, face)
    assert share > 0.2 and abs(ground[0] - 92.0) < 1
    cell[:N // 2, N // 2:] = (99.0, 0.0, 0.0)  # ... or a lamp's glare blown out: no part apart
    assert _ground_share(cell, face)[0] < 0.06


def test_only_faces_of_a_hue_are_judged():
    # (a white face is near a pale cloth's ground, its shade spreading it past the paint's
    # reach: final14 octopus-normal-1105, a white 6 on cream marble)
    kit = kit_for_game("octopus")
    palette = Palette.from_hex(kit.colours)
    assert _hued_paint(palette, "red") and _hued_paint(palette, "green")
    assert not _hued_paint(palette, "white") and not _hued_paint(palette, "black")
    assert not _hued_paint(palette, None)


def _pipped_view(corner_only: bool = False) -> np.ndarray:
    """A 3 x 3 cell Lab view of a cream cloth: in cell (1, 1) a red flower filling most of it,
    the ground showing between its four petals at the middle of each side, each gap under
    MOTIF_SHARE of the window (or, ``corner_only``, in one corner only: a tile off its cell or
    beside a table near its colour), its pale heart in the middle read as a pip; in cell (1, 2)
    a red tile's one white pip."""
    lab = np.tile(CREAM, (3 * N, 3 * N, 1)).astype(np.float32)
    lab[N + 2:2 * N - 2, N + 2:2 * N - 2] = RED
    if corner_only:
        lab[N:N + 19, N:N + 19] = CREAM
    else:
        w = 7  # each gap's half-width (pixels), reaching 14 px into the cell
        m = N + N // 2
        lab[N:N + 14, m - w:m + w] = CREAM
        lab[2 * N - 14:2 * N, m - w:m + w] = CREAM
        lab[m - w:m + w, N:N + 14] = CREAM
        lab[m - w:m + w, 2 * N - 14:2 * N] = CREAM
    _disc(lab, (1.5, 1.5), 0.1, CREAM)  # the flower's pale heart
    lab[N + 2:2 * N - 2, 2 * N + 2:3 * N - 2] = RED
    _disc(lab, (1.5, 2.5), 0.1, WHITE)
    return lab


def _pipped_ctx(lab: np.ndarray, fg: float, pips) -> _Ctx:
    td = TopDown(np.zeros((3 * N, 3 * N, 3), np.uint8), N, N, 0, 0, 3, 3)
    ctx = _Ctx(kit=None, palette=None, profile=None, td=td, lab=lab, die_faces=True)
    ctx.fg = {(1, 1): fg, (1, 2): fg}
    ctx.pip_lab = {(1, 1): (pips, RED, True), (1, 2): (WHITE, RED, True)}
    return ctx


def test_an_unheld_face_whose_pips_are_the_cloths_ground_and_that_leaves_it_showing_is_the_cloth():
    from vision.cells import MOTIF_SHARE, _ground_through_pips
    lab = _pipped_view()
    share, _ = _ground_share(lab[N:2 * N, N:2 * N], RED)
    assert share <= MOTIF_SHARE  # (the flower is left to this rule)
    cells, faces, ring = [(1, 1), (1, 2)], {(1, 1): [RED], (1, 2): [RED]}, [CREAM] * 4
    assert _cloth_motifs(_pipped_ctx(lab, 0.0, CREAM), cells, faces, ring) == []
    # (the flower's "pip" is the cloth's ground; the tile's white pip is white too, on a
    # cream cloth a look of the table, but its face fills its window)
    assert _ground_through_pips(_pipped_ctx(lab, 0.0, CREAM), cells, faces, ring) == [(1, 1)]
    # (... not where the mask holds the cell, nor where its pips are no look of the table)
    assert _ground_through_pips(_pipped_ctx(lab, 1.0, CREAM), cells, faces, ring) == []
    assert _ground_through_pips(_pipped_ctx(lab, 0.0, np.array([97.0, 0.0, 60.0])), cells,
                                faces, ring) == []
    # (... nor where the ground shows in one band only, as beside a tile off its cell)
    lab = _pipped_view(corner_only=True)
    share, _ = _ground_share(lab[N:2 * N, N:2 * N], RED)
    assert share > 0.055  # (more than a pip cut by the window's edge)
    assert _ground_through_pips(_pipped_ctx(lab, 0.0, CREAM), cells, faces, ring) == []
