"""A reading in which few of the tiles read show a die face is not settled, where every tile
lies pips up (vision.pipeline._faces_shown, _settled).

A lattice many times the tiles' pitch (a floor's tile grid, a cloth's stripes) reads cells of a
light cloth on a dark floor as white tiles: their centres are even (the layout, a small cluster
of tiles, barely enters any cell's centre), they cover what stands out and fit the palette, so
neither the coverage, the colour fit nor the spread tells it; but few or no cells show a die
face at the face's share of the cell. The faces are drawn here (tests/vision/scenes.py), not by the
product's renderer.
"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from cell_views import CELL, NINE_TILES as TILES, cells_view, tile_on  # noqa: E402

from vision.cells import TopDown, read_cells  # noqa: E402
from vision.colour import Palette  # noqa: E402
from vision.kits import kit_for_game  # noqa: E402
from vision.pipeline import SETTLED_FACES_SHOWN, _Candidate, _faces_shown, _settled  # noqa: E402

KIT = kit_for_game("octopus")
PAL = Palette.from_hex(KIT.colours)
#: the bare floor's colour (BGR: a dark grey-brown)
FLOOR = (45, 50, 55)


def _view(cells: dict[tuple[int, int], np.ndarray], n: int = 5) -> tuple[TopDown, np.ndarray]:
    """An ``n`` x ``n`` top-down view of floor cells with ``cells`` drawn in it, and its mask."""
    return cells_view(cells, FLOOR, n)


def _tile(colour: str, pips: int, size: int) -> np.ndarray:
    """One tile on the floor in a ``size`` square."""
    return tile_on(FLOOR, colour, pips, size, KIT)


def _cloth() -> np.ndarray:
    """One cell of a white cloth with cream stripes (a cell of the cloth's coarse grid)."""
    out = np.zeros((CELL, CELL, 3), np.uint8)
    out[:] = (250, 252, 252)
    for y in range(0, CELL, 12):
        out[y:y + 5] = (220, 238, 243)
    return out


def _shown(view: tuple[TopDown, np.ndarray]) -> float:
    """The share of the tiles ``read_cells`` finds on ``view`` that show their die face."""
    readings, _ = read_cells(view[0], KIT, palette=PAL, fg=view[1], die_faces=True)
    assert any(r.occupied for r in readings)
    return _faces_shown(readings, KIT, "octopus")


def test_tiles_a_cell_show_their_faces_and_cells_of_a_cloth_do_not():
    # the tiles' own lattice: one tile in each of nine cells
    one_each = _view({(1 + i // 3, 1 + i % 3): _tile(c, p, CELL) for i, (c, p) in enumerate(TILES)})
    # a lattice of the cloth's grid: four cells of the cloth, the nine tiles in a corner of one
    cloth = {cell: _cloth() for cell in ((1, 1), (1, 2), (2, 1), (2, 2))}
    small = CELL // 6
    coarse = _view(cloth)
    img = coarse[0].image
    for i, (c, p) in enumerate(TILES):
        y, x = CELL + 2 + small * (i // 3), CELL + 2 + small * (i % 3)
        img[y:y + small, x:x + small] = _tile(c, p, small)
    assert _shown(one_each) == 1.0
    # (the cell holding the little tiles may read their cluster as a pip: 1 of 4 here)
    assert _shown(coarse) < SETTLED_FACES_SHOWN


def test_a_reading_whose_tiles_show_no_faces_is_not_settled():
    def reading(shown: float) -> _Candidate:
        return _Candidate(0.0, None, None, [], {"coverage": 1.0, "fit": 4.0, "spread": 2.0,
                                                "faces_shown": shown})

    assert _settled(reading(1.0))
    assert _settled(reading(SETTLED_FACES_SHOWN))
    assert not _settled(reading(0.0))
    # (readings of games whose tiles need not lie pips up carry no share: the plain rule)
    assert _settled(_Candidate(0.0, None, None, [], {"coverage": 1.0, "fit": 4.0}))


def test_faces_shown_counts_only_where_every_tile_lies_pips_up():
    one_each = _view({(1 + i // 3, 1 + i % 3): _tile(c, p, CELL) for i, (c, p) in enumerate(TILES)})
    readings, _ = read_cells(one_each[0], KIT, palette=PAL, fg=one_each[1])
    assert _faces_shown(readings, kit_for_game("textile"), "textile") == 1.0
    assert _faces_shown([], KIT, "octopus") == 1.0


def test_a_reading_kept_carries_its_share_of_faces(monkeypatch):
    import vision.pipeline as pipeline
    from tests.vision.test_candidates import _reading_faked
    from tests.vision.test_die_faces_score import _coarse_and_tiles, _tiles

    kit, coarse, _ = _coarse_and_tiles(monkeypatch)
    cloth = _tiles([(1, 1), (1, 2), (2, 1)], "white", None) + _tiles([(2, 2)], "white", 1)
    image = _reading_faked(monkeypatch, lambda td: (list(cloth), {"fit": 2.2, "coverage": 1.0}))
    pal = Palette.from_hex(kit.colours)
    out = pipeline._read_best(image, kit, "octopus", [coarse], pal, None, framed=False)
    assert out.best.info["faces_shown"] == 0.25 and not pipeline._settled(out.best)
    # (games whose tiles need not lie pips up carry no share)
    out = pipeline._read_best(image, kit, "textile", [coarse], pal, None, framed=False)
    assert "faces_shown" not in out.best.info
