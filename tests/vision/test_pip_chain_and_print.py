"""Die faces vouched for beside the layout (Octopus): grown past GROW_ROUNDS only through cells
that show a tile's edge, cut where grown only through a cell taken out again, and vouched for
only by pips of a pip paint, the pips standing out too (vision.cells)."""
from types import SimpleNamespace

import cv2
import numpy as np

from vision import cells
from vision.colour import Palette
from vision.kits import kit_for_game
from vision.pips import PIP_RADII, read_pips

N = 48  # pixels per cell, as the reader's top-down view of solid faces
#: Lab as measured on an independent render (oct57 octopus-normal-2518): a navy cloth's ground,
#: its pink dots, and a "pip" of a die layout that lands on a dot's edge; a white pip's paint.
NAVY, PINK, DOT_EDGE, WHITE = (18.0, 2.0, -8.0), (64.0, 48.0, -3.0), (34.0, 16.0, -7.0), \
    (90.0, 1.0, 1.0)
THREE = [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)]


def test_die_faces_grow_past_grow_rounds_only_through_cells_with_a_tiles_edge():
    chain = [(r, 0) for r in range(1, 8)]
    # (other growing stops after GROW_ROUNDS)
    assert cells._grown(chain, {(0, 0)}, admit=list) == chain[:cells.GROW_ROUNDS]
    # (past them, a cell with no tile's edge, (5, 0), ends the chain)
    edged = {(4, 0), (6, 0), (7, 0)}
    got = cells._grown(chain, {(0, 0)}, admit=list, past=lambda c, taken: c in edged)
    assert got == chain[:4]
    # (each round takes a cell or ends: a chain of edged cells ends where the candidates do)
    got = cells._grown(chain, {(0, 0)}, admit=list, past=lambda c, taken: True)
    assert got == chain


def test_cells_grown_only_through_a_cell_taken_out_again_are_stranded():
    # (the layout (0, 0)-(0, 1); grown: (1, 0) beside it, (2, 0) and (3, 0) through it; (1, 0)
    # taken out again, its die face repeated: the two beyond it are stranded, (1, 1) is not)
    occ = {(0, 0): True, (0, 1): True, (1, 0): False, (2, 0): True, (3, 0): True,
           (1, 1): True}
    vouched = {c: None for c in [(2, 0), (3, 0), (1, 1)]}
    assert sorted(cells._stranded(vouched, occ)) == [(2, 0), (3, 0)]


def _pips_on(face: tuple, pips: list) -> np.ndarray:
    """A Lab view ``(2N, 2N, 3)`` float32 of a cell of ``face`` at ``(N // 2, N // 2)`` (its
    surround too) with pips of the Lab colours ``pips`` at :data:`THREE`'s places."""
    lab = np.empty((2 * N, 2 * N, 3), np.float32)
    lab[:] = face
    r = int(round(PIP_RADII[0] * N))
    for (fy, fx), colour in zip(THREE, pips):
        mask = np.zeros(lab.shape[:2], np.uint8)
        cv2.circle(mask, (int(N // 2 + fx * N), int(N // 2 + fy * N)), r, 1, -1)
        lab[mask.astype(bool)] = colour
    return cv2.GaussianBlur(lab, (3, 3), 0.8)


def _of_pip_paint(lab: np.ndarray, die_faces: bool = True) -> bool:
    """Whether :func:`vision.cells._pip_paints` calls the pips of the navy cell ``lab`` (as
    :func:`_pips_on`) a pip paint's, read at the places of a white 3's pips (the layout the pip
    reader fitted to the cloth's dots: its centres' colours as measured there)."""
    kit = kit_for_game("octopus")
    ctx = SimpleNamespace(lab=lab, td=SimpleNamespace(cw=N), kit=kit, profile=None,
                          palette=Palette.from_hex(kit.colours), die_faces=die_faces,
                          ink_standing_out=set())
    origins = np.array([[N // 2, N // 2]])
    reads = read_pips(_pips_on(NAVY, [WHITE] * 3)[..., 0], N, origins)
    assert reads[1].count[0] == 3
    out = {(0, 0): ({"colour": "black", "pips": 3}, {}, [], 0.0, {})}
    cells._pip_paints(ctx, [(0, 0)], origins, reads, [1], np.array([NAVY]), np.ones(3), out)
    return out[(0, 0)][4]["pips_of_pip_paint"]


def test_a_cloths_dots_a_die_layout_fits_are_no_pip_paint():
    # (a black tile's white pips are)
    assert _of_pip_paint(_pips_on(NAVY, [WHITE] * 3))
    # (a navy cloth's pink dots read as a black 3, one of its pips' centres on a dot, two on
    # dots' edges: their median is a mix of the ground with a neutral, the pink one is no pip
    # paint)
    lab = _pips_on(NAVY, [DOT_EDGE, PINK, DOT_EDGE])
    assert not _of_pip_paint(lab)
    # (where tiles may lie pips down, Textile, the median alone is looked at, as before)
    assert _of_pip_paint(lab, die_faces=False)


def test_a_face_vouched_for_that_a_prints_inked_copy_repeats_is_the_table_s_pattern():
    # (final21 octopus-normal-2302: a dark floral's cream hearts read as a black 2 beside the
    # layout twice, one of them refused for a green leaf's edge standing out as a pip)
    two, one = ({"colour": "black", "pips": 2},), ({"colour": "black", "pips": 1},)
    vouched = {(0, 1): two, (5, 5): one}
    inked = {(0, 2): two}
    assert cells._repeated_faces(vouched) == []
    assert cells._repeated_faces(vouched, inked) == [(0, 1)]


def test_a_dies_pips_all_stand_out_a_prints_ground_does_not():
    # (a white 4 on a floral cloth, one of its pips' centres on a blue petal beyond the tile:
    # all four stand out, their median is the one of them all; as measured, oct57
    # octopus-hard-2518)
    face = np.array([85.8, 2.7, 12.7])
    pips = np.array([[40.0, 2.0, 0.0], [30.0, 1.0, -23.0], [49.0, 2.0, 1.0], [57.0, 5.0, 2.0]])
    np.testing.assert_allclose(cells._standing_out(pips, face, -1), np.median(pips, axis=0))
    # (pink dots on navy read as a black 3: only the pip on a dot stands out)
    pips = np.array([DOT_EDGE, PINK, NAVY])
    np.testing.assert_allclose(cells._standing_out(pips, np.array(NAVY), 1), PINK)
