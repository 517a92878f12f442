"""A reading whose cells each span several tiles is not settled (vision.cells._tiles_spread,
vision.pipeline._settled).

A lattice at a multiple of the tiles' pitch (its comb locked on every third of the toothed
edges' lines) puts several tiles in each cell; its cells cover the layout and the median colour
of several paints may fit one, so neither the coverage nor the colour fit tells it. The cells'
centres then spread over several paints, which one tile's face (one paint and its pips) does
not. The faces are drawn here (tests/vision/scenes.py), not by the product's renderer.
"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from cell_views import CELL, NINE_TILES as TILES, cells_view, tile_on  # noqa: E402

from vision.cells import TopDown, _tiles_spread, read_cells  # noqa: E402
from vision.colour import Palette  # noqa: E402
from vision.kits import kit_for_game  # noqa: E402
from vision.pipeline import SETTLED_SPREAD, _Candidate, _settled  # noqa: E402

KIT = kit_for_game("octopus")
PAL = Palette.from_hex(KIT.colours)
#: a table's colour (BGR: a light wood)
TABLE = (120, 170, 205)


def _view(cells: dict[tuple[int, int], np.ndarray], n: int = 5) -> tuple[TopDown, np.ndarray]:
    """An ``n`` x ``n`` top-down view of table cells with ``cells`` drawn in it, and its mask."""
    return cells_view(cells, TABLE, n)


def _tile(colour: str, pips: int, size: int) -> np.ndarray:
    """One tile on the table in a ``size`` square."""
    return tile_on(TABLE, colour, pips, size, KIT)


def _spread(view: tuple[TopDown, np.ndarray]) -> float:
    """The median spread (CIELAB) of the tiles ``read_cells`` finds on ``view``."""
    readings, info = read_cells(view[0], KIT, palette=PAL, fg=view[1], die_faces=True)
    assert any(r.occupied for r in readings)
    return info["spread"]


def test_one_tile_a_cell_reads_even_and_three_by_three_a_cell_do_not():
    # the tiles' own lattice: one tile in each of nine cells
    one_each = _view({(1 + i // 3, 1 + i % 3): _tile(c, p, CELL) for i, (c, p) in enumerate(TILES)})
    # a lattice of three times the pitch: the same nine tiles in one cell
    third = CELL // 3
    block = np.concatenate([np.concatenate([_tile(*TILES[3 * r + c], third) for c in range(3)],
                                           axis=1) for r in range(3)], axis=0)
    several = _view({(2, 2): block})
    assert _spread(one_each) < 4.0  # (the tiles' lattices of the photos measured 0.6-3.2)
    assert _spread(several) > 2 * SETTLED_SPREAD


def test_a_reading_whose_tiles_spread_is_not_settled():
    def reading(spread: float) -> _Candidate:
        return _Candidate(0.0, None, None, [], {"coverage": 1.0, "fit": 4.0, "spread": spread})

    assert _settled(reading(2.0))
    assert not _settled(reading(SETTLED_SPREAD + 1.0))
    # (readings of other faces carry no spread: the plain rule)
    assert _settled(_Candidate(0.0, None, None, [], {"coverage": 1.0, "fit": 4.0}))


def test_tiles_spread_takes_a_die_face_as_two_paints_and_the_median():
    tiles = [(0, 0), (0, 1), (0, 2)]
    one = {(0, 0): 2.0, (0, 1): 20.0, (0, 2): 30.0}
    assert _tiles_spread(tiles, one, {(0, 1): 3.0}) == 3.0   # median(2, 3, 30)
    assert _tiles_spread(tiles, one, {}) == 20.0
    assert _tiles_spread([], one, {}) == 0.0
