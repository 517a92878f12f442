"""A lattice's perspective set from its cells at the layout's middle (vision.locate.
square_perspective): square tiles seen through a phone camera (``K [r1 r2 t]``) have cells
whose directions and size at one place fix how the view is tilted, so how the cells shrink
away from it. A lattice whose perspective is a few % a cell off (its vanishing points from a
few short lines) drifts half a cell off the far tiles; squared, it lies on every cell again,
and a lattice already square is left as it is."""
import math

import numpy as np

from vision.lattice import apply_h
from vision.locate import (Lattice, _perspective_change, _phone_intrinsics_inv, cell_aspect,
                           square_perspective)

SIZE = (4000, 3000)
#: the layout's middle (lattice coordinates) and its cells' centres, 9 x 9 about it
CENTRE = (4.5, 4.5)
CELLS = np.array([(c + 0.5, r + 0.5) for r in range(9) for c in range(9)], float)


def _view(tilt_deg: float, turn_deg: float) -> Lattice:
    """A phone's view (26 mm) of 40-mm cells from 600 mm, tilted ``tilt_deg`` about the
    picture's x axis, the layout turned ``turn_deg`` on the table."""
    K = np.linalg.inv(_phone_intrinsics_inv(SIZE))
    t, a = math.radians(tilt_deg), math.radians(turn_deg)
    tilt = np.array([[1, 0, 0], [0, math.cos(t), -math.sin(t)], [0, math.sin(t), math.cos(t)]])
    turn = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    R = tilt @ turn
    # (the layout's middle on the optical axis, 600 mm away)
    t_vec = np.array([0.0, 0.0, 600.0]) - 40.0 * (R[:, 0] * CENTRE[0] + R[:, 1] * CENTRE[1])
    H = K @ np.c_[40.0 * R[:, 0], 40.0 * R[:, 1], t_vec]
    return Lattice(H=H / H[2, 2], rows=(0, 8), cols=(0, 8), pitch_px=100.0)


def _worst_px(a: Lattice, b: Lattice) -> float:
    return float(np.abs(apply_h(a.H, CELLS) - apply_h(b.H, CELLS)).max())


def test_a_lattice_a_few_percent_off_in_perspective_is_put_back_on_every_cell():
    # (off by less than the view's own perspective, 0.04 a cell at 30 degrees, 0.01 at 8: the
    # view tilted the other way, its mirror image, lies further from the lines')
    for tilt, turn, g, h in ((30, 20, 0.03, -0.02), (8, 75, -0.006, 0.003), (40, -10, 0.0, 0.04)):
        true = _view(tilt, turn)
        off = true.with_H(true.H @ _perspective_change(g, h, np.array(CENTRE)))
        assert _worst_px(off, true) > 25  # (a sixth of a cell to over a cell at the corners)
        squared = square_perspective(off, SIZE, CENTRE)
        assert _worst_px(squared, true) < 0.5
        assert abs(math.log(cell_aspect(squared, SIZE))) < 1e-6


def test_a_square_lattice_is_left_as_it_is_not_turned_into_its_mirror_view():
    for tilt, turn in ((0, 0), (12, 30), (35, 60)):
        true = _view(tilt, turn)
        assert _worst_px(square_perspective(true, SIZE, CENTRE), true) < 0.01


def test_the_cells_at_the_layout_middle_stay_where_they_were():
    true = _view(25, 10)
    off = true.with_H(true.H @ _perspective_change(0.05, 0.02, np.array(CENTRE)))
    squared = square_perspective(off, SIZE, CENTRE)
    at = np.array([CENTRE])
    assert np.abs(apply_h(squared.H, at) - apply_h(off.H, at)).max() < 1e-6


def _octopus_kept():
    """An Octopus reading kept on a lattice whose perspective is off: the kit, a blank image,
    the tiles read, the true lattice, the one off it, and the candidate kept on it."""
    import vision.pipeline as P
    from vision.cells import CellReading
    from vision.kits import kit_for_game

    kit = kit_for_game("octopus")
    image = np.empty((SIZE[1], SIZE[0], 3), np.uint8)
    tiles = [CellReading(r, c, True, 0.9, attrs={"colour": "red", "pips": 3})
             for r in range(9) for c in range(9) if (r + c) % 3]
    true = _view(30, 20)
    off = true.with_H(true.H @ _perspective_change(0.03, -0.02, np.array(CENTRE)))
    kept = P._Candidate(4.0, off, None, tiles, {"fit": 3.0})
    return kit, image, tiles, true, off, kept


def test_the_squared_lattice_is_read_when_the_tiles_confirm_it_and_kept_when_it_reads_better(
        monkeypatch):
    """pipeline._squared_on_tiles: the reading kept, its lattice's perspective off, is read
    again on the squared lattice refitted to its tiles and kept when that reads better; not
    read when the tiles' refit leaves the squared lattice as it is (its cells' shape told the
    tilt poorly) or when squaring moves no tile's cell by TILE_REFIT_MOVED (a lattice square
    already)."""
    import vision.pipeline as P

    kit, image, tiles, true, off, kept = _octopus_kept()
    better = P._Candidate(3.5, true, None, tiles, {"fit": 2.8})
    reads = []

    def read(image, kit, game, lattices, *args, **kwargs):
        reads.append(lattices[0])
        return P._Reads(better, 0, 0, 0.0, 0.0)

    monkeypatch.setattr(P, "_read_best", read)
    monkeypatch.setattr(P, "refit_to_tiles", lambda lat, image, tiles, **kw: lat.with_H(lat.H))
    assert P._squared_on_tiles(image, kit, "octopus", None, None, kept) is better
    assert _worst_px(reads[-1], true) < 1.0
    worse = P._Candidate(4.2, true, None, tiles, {"fit": 3.1})
    monkeypatch.setattr(P, "_read_best", lambda *a, **k: P._Reads(worse, 0, 0, 0.0, 0.0))
    assert P._squared_on_tiles(image, kit, "octopus", None, None, kept) is kept
    # the tiles do not confirm it, or the lattice is square already: not read at all
    monkeypatch.setattr(P, "_read_best", read)
    monkeypatch.setattr(P, "refit_to_tiles", lambda lat, image, tiles, **kw: lat)
    n = len(reads)
    assert P._squared_on_tiles(image, kit, "octopus", None, None, kept) is kept
    monkeypatch.setattr(P, "refit_to_tiles", lambda lat, image, tiles, **kw: lat.with_H(lat.H))
    square = P._Candidate(4.0, true, None, tiles, {"fit": 3.0})
    assert P._squared_on_tiles(image, kit, "octopus", None, None, square) is square
    assert len(reads) == n


def test_the_squared_lattice_is_refitted_on_as_many_tiles_for_die_faces_as_for_any_kit(
        monkeypatch):
    """pipeline._squared_on_tiles asks the refit for TILE_FIT_MIN tiles even where every tile
    shows its die face (Octopus), whose reading kept is refitted on as few as
    TILE_FIT_MIN_DIE_FACES (pipeline._refit_on_tiles): the squared perspective is a guess at the
    camera, and a refit of it on 9 and 8 tiles took their noise for a tilt (the product
    renderer's Octopus normal seed 3597, 0 -> 5 wrong cells)."""
    import vision.pipeline as P
    from vision.locate import TILE_FIT_MIN, TILE_FIT_MIN_DIE_FACES

    assert TILE_FIT_MIN_DIE_FACES < TILE_FIT_MIN
    kit, image, tiles, true, off, kept = _octopus_kept()
    asked = []

    def refit(lat, image, tiles, *, min_tiles=TILE_FIT_MIN, **kw):
        asked.append(min_tiles)
        return lat

    monkeypatch.setattr(P, "refit_to_tiles", refit)
    assert P._squared_on_tiles(image, kit, "octopus", None, None, kept) is kept
    assert P._refit_on_tiles(image, kit, "octopus", None, None, kept) is kept
    assert asked == [TILE_FIT_MIN, TILE_FIT_MIN_DIE_FACES]
