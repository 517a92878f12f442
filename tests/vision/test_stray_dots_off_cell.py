"""A die face's stray dots are looked for around its pips as seen (cells._stray_dots,
cells._pips_as_seen): the near die grids shift by at most 0.16 cell (pips.NEAR_SHIFT), so on a tile
lying further off its cell the fitted grid lags its pips, and a box around the fitted grid
reaches over the tile's toothed rim and dark side onto the table beyond."""
from pathlib import Path
from types import SimpleNamespace

import cv2
import numpy as np

from vision import cells
from vision.pips import read_pips

N = 48  # pixels per cell, as the reader's top-down view of solid faces
#: The top-down view (CIELAB L* scaled to 0-255) of the independent renderer's photo
#: final14 octopus-hard-1100 around cell (-1, 2): a white '3' a fifth of a cell right of its
#: cell beside a black '3', on a pale cloth; the cell of N pixels at (N, N), the view cut
#: half a cell past it on the right. Read as the table's dots since its fitted grid lagged.
WHITE_THREE_OFF_ITS_CELL = Path(__file__).parent / "data" / "octopus_white_three_off_its_cell.png"


def _ctx(grey: np.ndarray) -> SimpleNamespace:
    """The reader's context for a top-down view ``grey`` (L* scaled to 0-255), cell (1, 1) at
    (N, N); its face read as a '3'."""
    lab = np.zeros(grey.shape + (3,), np.float32)
    lab[..., 0] = grey / 2.55
    assert int(read_pips(lab[..., 0], N, np.array([(N, N)]))[-1].count[0]) == 3
    return SimpleNamespace(td=SimpleNamespace(r0=0, c0=0, ch=N, cw=N), lab=lab,
                           lab_origin=(0, 0), die_faces=False)


def test_a_die_face_off_its_cell_shows_no_stray_dots():
    grey = cv2.imread(str(WHITE_THREE_OFF_ITS_CELL), cv2.IMREAD_GRAYSCALE)
    assert cells._stray_dots(_ctx(grey), {(1, 1): ({"pips": 3},)}) == set()


def test_a_dot_beside_the_same_face_is_still_a_stray_dot():
    # (the pips moved to where they are seen swallow no real dot beside them)
    grey = cv2.imread(str(WHITE_THREE_OFF_ITS_CELL), cv2.IMREAD_GRAYSCALE)
    cv2.circle(grey, (67, 61), 3, 26, -1, cv2.LINE_AA)  # (the '3''s free top-left grid corner)
    assert cells._stray_dots(_ctx(grey), {(1, 1): ({"pips": 3},)}) == {(1, 1)}
