"""Octopus lattices scored by the die faces they read (vision.pipeline._scored, _faces_read),
and the lattice through the tiles' faces looked at for Octopus as for Textile."""
from __future__ import annotations

import pytest

from tests.vision.test_candidates import _lattice, _reading_faked


def _tiles(cells: list[tuple[int, int]], colour: str, pips: int | None) -> list:
    """Occupied readings of ``cells``, as ``read_cells`` returns them."""
    import vision.pipeline as pipeline
    return [pipeline.CellReading(r, c, True, 0.9, {"colour": colour, "pips": pips}, {}, 0.9)
            for r, c in cells]


def _coarse_and_tiles(monkeypatch) -> tuple:
    """Octopus's kit, a coarse lattice (its window 5 rows) and the tiles' lattice at pitch 40,
    over a fifth and a half of what stands out, their borders' edges taken as none."""
    import vision.pipeline as pipeline
    from vision.kits import kit_for_game

    coarse, tiles = _lattice(0, 0), _lattice(0, 0, pitch=40.0, window=((0, 6), (0, 6)))
    coarse.info["partial"], tiles.info["partial"] = 0.42, 0.50
    monkeypatch.setattr(pipeline, "_edges_off_borders", lambda td, fg, kit, grads=None: 0.0)
    return kit_for_game("octopus"), coarse, tiles


def test_die_faces_read_are_counted():
    import vision.pipeline as pipeline
    readings = _tiles([(0, 0), (0, 1)], "black", None) + _tiles([(1, 0)], "red", 3)
    readings.append(pipeline.CellReading(1, 1, False, 0.9, {}, {}, 0.9))
    assert pipeline._faces_read(readings) == 1


def test_cells_read_as_tiles_without_their_pips_do_not_outscore_the_layout(monkeypatch):
    """A lattice several times the tiles' pitch on a dark cloth reads four black cells without
    pips, its colours fitting closely, over a fifth of what stands out; the tiles' lattice
    reads twelve die faces, less closely fitted, over three fifths of it, its cells cutting a
    few more tiles (the figures of an independent renderer's Octopus photo on a dark floral
    cloth). Counted by their die faces, the tiles' lattice wins."""
    import vision.pipeline as pipeline
    from vision.colour import Palette

    kit, coarse, tiles = _coarse_and_tiles(monkeypatch)

    def fake_read_cells(td):
        if td.rows == 5:  # (the coarse lattice's window)
            return _tiles([(1, 1), (1, 2), (2, 1), (2, 2)], "black", None), \
                {"fit": 0.1, "coverage": 0.2}
        return _tiles([(r, c) for r in range(1, 4) for c in range(1, 5)], "red", 4), \
            {"fit": 3.7, "coverage": 0.6}

    image = _reading_faked(monkeypatch, fake_read_cells,
                           bound=lambda td: (4, 0.2, None) if td.rows == 5 else (12, 0.6, None))
    palette = Palette.from_hex(kit.colours)
    out = pipeline._read_best(image, kit, "octopus", [coarse, tiles], palette, None,
                              framed=False)
    assert out.chosen == 1
    assert out.best.score == pytest.approx(3.7 - 2.0 + 10.0 * 0.4 + 10.0 * 0.5)
    # (Textile's tiles may lie pips down: its cells count as tiles however their pips read)
    out = pipeline._read_best(image, kit, "textile", [coarse, tiles], palette, None,
                              framed=False)
    assert out.chosen == 0


def test_an_unsettled_octopus_reading_looks_for_the_lattice_through_the_faces(monkeypatch):
    """Octopus tiles are solid die faces as Textile's are: a reading of the lines' lattice that
    is not settled (a floral cloth's flowers in the tiles' colours) gets the look through the
    tiles' faces too."""
    import random

    import vision.pipeline as pipeline
    from tests.vision.scenes import camera_view, random_board, topdown

    rng = random.Random(3)
    top, _, _ = topdown(random_board("octopus", rng, n=8), ppc=60)
    photo = camera_view(top, rng, out=(640, 480), tilt_deg=10.0)
    looked: list[str] = []

    def through_tiles(image, kit, game, *args):
        looked.append(game)
        return None

    monkeypatch.setattr(pipeline, "_settled", lambda best, kit=None: False)
    monkeypatch.setattr(pipeline, "SECOND_LOOK_SEEDS", ())
    monkeypatch.setattr(pipeline, "_read_through_tiles", through_tiles)
    pipeline.read_image(photo, game="octopus")
    assert looked == ["octopus"]


def test_a_coarse_lattice_read_first_does_not_prune_the_tiles_lattice(monkeypatch):
    """The quick score a later lattice is held to (see CHEAP_MARGIN) counts the tiles as the
    score does: a coarse lattice read first, four black cells of which one shows its pips,
    has a quick score 1.5 above what its four cells would give; the tiles' lattice, whose
    quick score lies within the margin of the coarse one's counted so, is read in full and
    wins."""
    import vision.pipeline as pipeline
    from vision.colour import Palette

    kit, coarse, tiles = _coarse_and_tiles(monkeypatch)

    def fake_read_cells(td):
        if td.rows == 5:
            return (_tiles([(1, 1), (1, 2), (2, 1)], "black", None)
                    + _tiles([(2, 2)], "black", 2)), {"fit": 0.1, "coverage": 0.2}
        return _tiles([(r, c) for r in range(1, 4) for c in range(1, 5)], "red", 4), \
            {"fit": 4.5, "coverage": 0.6}

    def bound(td):
        if td.rows == 5:  # (the coarse lattice's window: quick score -2 + 8 + 4.2 + 0.1)
            return 4, 0.2, 0.1
        # (the tiles' lattice: quick score -2 + 4 + 5 + 4.5 = 11.5, 1.2 above the coarse
        # one's four cells, 1.3 below its one die face: 0.1 - 0.5 + 8 + 4.2 = 11.8)
        return 12, 0.6, 4.5

    image = _reading_faked(monkeypatch, fake_read_cells, bound=bound)
    palette = Palette.from_hex(kit.colours)
    out = pipeline._read_best(image, kit, "octopus", [coarse, tiles], palette, None,
                              framed=False)
    assert out.chosen == 1


def test_the_faces_lattice_reading_fewer_die_faces_does_not_replace_the_reading(monkeypatch):
    """The lattice through the tiles' faces is judged on its own window (the faces it found and
    a ring of cells), blind to the layout beyond: a reading on it that shows fewer die faces
    than the reading it would replace is not kept, however it scores (final14
    octopus-normal-1104: 10 tiles read at coverage 1.00 of its window against 18)."""
    import dataclasses
    import random

    import vision.pipeline as pipeline
    from tests.vision.scenes import camera_view, random_board, topdown

    rng = random.Random(3)
    top, _, _ = topdown(random_board("octopus", rng, n=8), ppc=60)
    photo = camera_view(top, rng, out=(640, 480), tilt_deg=10.0)
    read_best, seen = pipeline._read_best, []

    def recording(*args, **kw):
        out = read_best(*args, **kw)
        seen.append(out.best)
        return out

    def through_tiles(image, kit, game, *args):
        # (the lines' reading with all but three of its die faces gone, scoring far better)
        best = seen[-1]
        kept = {(r.row, r.col) for r in best.readings if pipeline._pips_read(r)}
        kept = set(sorted(kept)[:3])
        few = [r if (r.row, r.col) in kept else dataclasses.replace(r, occupied=False)
               for r in best.readings]
        return pipeline._Reads(best._replace(score=best.score - 50.0, readings=few), 0, 0,
                               0.0, 0.0)

    monkeypatch.setattr(pipeline, "_settled", lambda best, kit=None: False)
    monkeypatch.setattr(pipeline, "SECOND_LOOK_SEEDS", ())
    monkeypatch.setattr(pipeline, "_read_best", recording)
    monkeypatch.setattr(pipeline, "_read_through_tiles", through_tiles)
    out = pipeline.read_image(photo, game="octopus")
    assert out.info["reading_candidate"] < 50 and len(out.board["tiles"]) == 8  # (the lines' reading kept)
