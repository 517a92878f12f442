"""X-shaped tiles on a plain table whose layout fills the picture: the layout's segments seen
closer (searched anyway, for the hypothesis from the segments inside it) serve as the segments
near it too (vision.locate.CLOSER_ZOOM): one line search, not two of nearly the same pixels."""
import random

import numpy as np

import vision.lattice as LA
import vision.locate as L
from companion.rules.generate import random_position
from vision.load import decode_image
from vision.synth import render_board

#: The half-size photo (H, W) and its work copy's scale (work / full), as the reader has them.
SHAPE = (1500, 2000)
SCALE = 856 / 2000


def _fg(share: float) -> np.ndarray:
    """A work-image mask (642, 856) with a centred rectangle of ``share`` of each side."""
    fg = np.zeros((642, 856), bool)
    h, w = fg.shape
    dy, dx = int(h * share / 2), int(w * share / 2)
    fg[h // 2 - dy:h // 2 + dy, w // 2 - dx:w // 2 + dx] = True
    return fg


def test_the_crops_zoom_over_the_work_copy():
    assert L._closer_zoom(SHAPE, _fg(0.9), SCALE) < L.CLOSER_ZOOM
    assert L._closer_zoom(SHAPE, _fg(0.3), SCALE) > L.CLOSER_ZOOM
    assert L._closer_zoom(SHAPE, _fg(0.0), SCALE) == np.inf


def test_a_layout_filling_the_picture_is_searched_for_lines_once(monkeypatch):
    board = random_position("x-tiles", random.Random(1)).to_dict()
    image = decode_image(render_board(board, seed=1, difficulty="normal", size=(1600, 1200)).jpeg)
    work, scale = L.work_copy(image)
    fg, info = L._whole_foreground(work, False)
    assert not info.get("textured")
    assert L._closer_zoom(image.shape[:2], fg, scale) < L.CLOSER_ZOOM
    searched = []
    find = LA.find_segments

    def counted(gray, **kwargs):
        searched.append(gray.shape)
        return find(gray, **kwargs)

    monkeypatch.setattr(L, "find_segments", counted)
    lattices = L.locate_candidates(image, cells_are_tiles=False)
    assert lattices and len(searched) == 1
    # (the closer look's crop, not the work copy's)
    assert searched[0][0] * searched[0][1] > 0.8 * L.LAYOUT_PIXELS
