"""A cell holding an X-Tiles face found by its shape is a tile (vision.cells.FACE_FOUND_LOGIT):
its sectors' colours are judged against the table's, and a face of the cloth's colours (an
orange-striped cloth under a tile with two orange sectors) looks as much like the table as
like paint. A synthetic top-down view, no photo."""
from __future__ import annotations

import numpy as np

from vision.cells import TopDown, read_cells
from vision.colour import Palette
from vision.kits import kit_for_game

KIT = kit_for_game("x-tiles")
PAL = Palette.from_hex(KIT.colours)
BGR = {name: tuple(int(h[i:i + 2], 16) for i in (5, 3, 1)) for name, h in KIT.colours.items()}
N = 48  # pixels per cell
ROWS, COLS = 5, 6
# tiles of the set, (row, col): sectors n, e, s, w; even row + col lie east-west (parity 0)
TILES = {
    (1, 1): {"n": "blue", "e": "red", "s": "yellow", "w": "blue"},
    (1, 2): {"n": "yellow", "e": "yellow", "s": "red", "w": "blue"},
    (2, 1): {"n": "yellow", "e": "red", "s": "red", "w": "blue"},
    (2, 2): {"n": "blue", "e": "red", "s": "red", "w": "yellow"},
    (2, 3): {"n": "orange", "e": "orange", "s": "red", "w": "yellow"},  # (the cloth's orange)
}
#: the cell whose face only its shape tells from the cloth
CLOTH_LIKE = (2, 3)


def _triangle(name: str) -> np.ndarray:
    yy, xx = (np.mgrid[0:N, 0:N] + 0.5) / N - 0.5
    return {"n": (yy < -np.abs(xx)), "s": (yy > np.abs(xx)),
            "e": (xx > np.abs(yy)), "w": (xx < -np.abs(yy))}[name]


def _view() -> tuple[TopDown, np.ndarray]:
    """The view (a table of the orange paint) and a foreground mask holding every tile's cell
    but the orange-sectored one's (the mask takes the cloth's colours for the table)."""
    img = np.empty((ROWS * N, COLS * N, 3), np.uint8)
    img[:] = BGR["orange"]
    fg = np.zeros(img.shape[:2], np.float32)
    for (r, c), edges in TILES.items():
        cell = img[r * N:(r + 1) * N, c * N:(c + 1) * N]
        for e, colour in edges.items():
            cell[_triangle(e)] = BGR[colour]
        if (r, c) != CLOTH_LIKE:
            fg[r * N:(r + 1) * N, c * N:(c + 1) * N] = 1.0
    rng = np.random.default_rng(0)
    img = np.clip(img + rng.normal(0, 2.0, img.shape), 0, 255).astype(np.uint8)
    return TopDown(img, N, N, 0, 0, ROWS, COLS), fg


def _taken(faces=frozenset()) -> set[tuple[int, int]]:
    td, fg = _view()
    readings, _ = read_cells(td, KIT, palette=PAL, long_axis_parity=0, fg=fg, faces=faces)
    return {(r.row, r.col) for r in readings if r.occupied}


def test_a_face_of_the_cloths_colours_is_taken_where_its_shape_was_found():
    assert CLOTH_LIKE not in _taken()  # (by its colours and the mask: the cloth)
    assert _taken(faces={CLOTH_LIKE}) == set(TILES)


def test_a_face_found_adds_no_other_cell():
    assert _taken(faces={CLOTH_LIKE}) - {CLOTH_LIKE} == _taken() - {CLOTH_LIKE}
