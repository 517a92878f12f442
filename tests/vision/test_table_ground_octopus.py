"""A floral cloth under a warm lamp around an Octopus layout (oct33 octopus-hard-1498): the cream
ground between the flowers is the bare table's very colour (within 3 dE of its ring cells), but
the ring's median, pulled by the flowers and the dark floor beyond the cloth, lies 13-19 from it,
and the petals crossing a cell's borders give die layouts loose "pips".

- vision.cells._table_colours: a cell of the table's very colour is of a colour it shows,
  whatever the ring's median (so a cloth's dot of no pip paint on it is its print, see
  vision.cells._printed_pips);
- vision.cells._table_ground: a cell of the table's very colour without a clear die face is the
  table's ground, whatever spots it shows; one merely of a colour the table shows is, only
  without pips at all;
- vision.pipeline._fewer_of_the_set: the lattice refitted to the tiles does not replace a
  reading of Octopus tiles with one that reads a smaller share of the set's tiles (the cloth
  read as tiles covers more of what the mask holds, which the score rewards)."""
from types import SimpleNamespace

import numpy as np

from vision.cells import _Ctx, _table_colours, _table_ground
from vision.pipeline import _Candidate, _fewer_of_the_set


def test_the_tables_very_colour_is_a_colour_it_shows_whatever_the_rings_median():
    cells = [(0, 0), (0, 1), (0, 2), (0, 3)]
    # the cream ground (19 from the median, 1 from ring cells), a flower (8 from ring cells),
    # a tile (20 from both), a plain table's patch (5 from both)
    d_table, nearness = np.array([19.0, 19.0, 20.0, 5.0]), np.array([1.0, 8.0, 20.0, 5.0])
    coloured, same = _table_colours(cells, d_table, nearness)
    assert same == {(0, 0)}
    assert coloured == {(0, 0), (0, 3)}


def _reading(contrast: float) -> tuple:
    """A :func:`vision.cells._read_solid` reading of a cream cell, pips not counted clearly, its
    die layouts' pips standing out by ``contrast`` (L*)."""
    return ({"colour": "white", "pips": None}, {"colour": 0.9, "pips": 0.2}, [], 3.0,
            {"pip_contrast": {1: 1.0, -1: contrast}})


def test_the_tables_very_colour_without_a_clear_die_face_is_its_ground():
    none, top = (False,) * 4, (True, False, False, False)
    ctx = _Ctx(kit=None, palette=None, profile=None, td=None, lab=None, die_faces=True,
               table_coloured={(0, 0)}, table_same={(0, 1), (2, 2)},
               full_sides={(0, 1): none, (2, 2): top}, rim_sides={(0, 1): none, (2, 2): top})
    petals = _reading(18.0)  # (a flower's petals at the cell's edge: spots, no die face)
    assert _table_ground(ctx, (0, 1), petals, vouched=(), taken={})
    # a colour the table merely shows (a flower's): only without pips at all
    assert not _table_ground(ctx, (0, 0), petals, vouched=(), taken={})
    assert _table_ground(ctx, (0, 0), _reading(1.0), vouched=(), taken={})
    # a cell the table does not show the colour of, or one vouched for by its pips
    assert not _table_ground(ctx, (5, 5), _reading(1.0), vouched=(), taken={})
    assert not _table_ground(ctx, (0, 1), petals, vouched={(0, 1)}, taken={})
    # a white tile on cream whose count is unclear, its own rim along a side facing the table
    assert not _table_ground(ctx, (2, 2), petals, vouched=(), taken={})


def _candidate(set_fit: float, n: int = 38) -> _Candidate:
    tiles = [SimpleNamespace(occupied=True)] * n
    return _Candidate(9.0, None, None, tiles, {"fit": 3.0, "set_fit": set_fit})


def test_a_refit_reading_fewer_of_the_sets_tiles_does_not_replace_an_octopus_reading():
    from vision.kits import kit_for_game

    octopus, textile = kit_for_game("octopus"), kit_for_game("textile")
    # (18 tiles all of the set, against 38 of which 0.66 are: the cloth's ground and flowers)
    assert _fewer_of_the_set(_candidate(1.0), _candidate(0.66), octopus, "octopus")
    assert not _fewer_of_the_set(_candidate(0.9), _candidate(1.0), octopus, "octopus")
    assert not _fewer_of_the_set(_candidate(1.0), _candidate(1.0), octopus, "octopus")
    # (one tile of 15 misread after the refit found three the first cells cut: no table)
    assert not _fewer_of_the_set(_candidate(1.0, 12), _candidate(14 / 15, 15), octopus, "octopus")
    # (Textile's tiles may lie pips down: its set fit is of colours, left to the score)
    assert not _fewer_of_the_set(_candidate(1.0), _candidate(0.66), textile, "textile")


def test_the_refit_is_refused_before_the_score_is_compared(monkeypatch):
    import vision.pipeline as P
    from vision.kits import kit_for_game

    before = _Candidate(11.9, None, None, [], {"fit": 3.2, "set_fit": 1.0})
    after = _Candidate(9.96, None, None, [SimpleNamespace(occupied=True)] * 38,
                       {"fit": 3.6, "set_fit": 0.66})
    monkeypatch.setattr(P, "refit_to_tiles", lambda lat, image, tiles, **kw: object())
    monkeypatch.setattr(P, "_read_best", lambda *a, **k: P._Reads(after, 0, 0, 0.0, 0.0))
    kit = kit_for_game("octopus")
    assert P._refit_on_tiles(None, kit, "octopus", None, None, before) is before
