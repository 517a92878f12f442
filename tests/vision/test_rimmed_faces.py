"""A die face beside the layout whose pips read less surely, vouched for by its tile's outline
(all sides but one, its own rim among them) and clear colour where tiles may lie pips down
(Textile): see ``vision.cells._rimmed_faces`` (the review of branch tex47: the outline as
``_rimmed_but_one`` judges it, not edges that may be the neighbours' rims).

final24 textile-hard-3401: green tiles on a green-striped cloth, which the foreground mask
leaves out (the cloth shows their colour); two showed 5 and 6 pips read at 0.63 and 0.69, an
edge along three sides and a colour 3-5 from the green paint.
"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from vision import cells
from vision.pips import PipReading


def _read(colour: str | None = "green", fit: float = 3.5, pips: int | None = 6,
          pip_conf: float = 0.69, pip_paint: bool = True, colour_conf: float = 0.9) -> tuple:
    """A :func:`vision.cells._read_solid` reading ``(attrs, confidences, doubts, fit,
    evidence)`` of one cell."""
    attrs = {"colour": colour, "pips": pips}
    conf = {"colour": colour_conf, "pips": pip_conf}
    return attrs, conf, [], fit, {"pips_of_pip_paint": pip_paint, "plain_colour_conf": colour_conf}


def _ctx(full: dict, far_side: int | None = 1) -> SimpleNamespace:
    """What :func:`vision.cells._rimmed_but_one` reads of the context: each cell's sides with an
    edge all along (``full_sides``, above, below, left, right) and a tile's gap along nearly
    all (``rim_sides``, here the same), and the side facing away from the camera."""
    return SimpleNamespace(full_sides=full, rim_sides=full, far_side=far_side)


def test_a_clear_face_outlined_but_on_one_side_with_less_sure_pips_is_vouched_for():
    reads = {(1, 1): _read(), (2, 3): _read(pips=5, pip_conf=0.63)}
    # (1, 1): no edge along its far side; (2, 3): outlined all round
    ctx = _ctx({(1, 1): (True, False, True, True), (2, 3): (True, True, True, True)})
    assert cells._vouched_by_pips(reads) == {}  # (their pips under PIPS_VOUCH)
    assert set(cells._rimmed_faces(ctx, reads, {})) == {(1, 1), (2, 3)}


def test_edges_that_are_the_neighbours_rims_vouch_for_nothing():
    # a bare notch beside the layout: the tiles on three sides show their rims along it, the
    # cell none of its own (the edge count alone, as branch tex47 had it, would pass it)
    ctx = _ctx({(1, 1): (True, True, True, False)}, far_side=None)
    taken = {(0, 1): True, (2, 1): True, (1, 0): True}
    assert cells._rimmed_faces(ctx, {(1, 1): _read()}, taken) == {}
    assert set(cells._rimmed_faces(ctx, {(1, 1): _read()}, {})) == {(1, 1)}


def test_no_outline_muddy_colour_or_unsure_pips_vouch_for_nothing():
    ctx = _ctx({(0, 0): (True, False, True, True)})
    for read in (_read(pip_conf=0.55),             # (pips no surer than a guess)
                 _read(fit=9.0),                   # (a colour between paints: a mixed cell)
                 _read(colour=None),               # (no colour told)
                 _read(pips=None),                 # (no die face)
                 _read(pip_paint=False),           # (spots of no pip paint: a print's)
                 _read(colour_conf=0.3)):          # (its plain colour unsure)
        assert cells._rimmed_faces(ctx, {(0, 0): read}, {}) == {}
    # (edges along two sides only: a cloth's stripe crossing the cell)
    two = _ctx({(0, 0): (True, False, True, False)})
    assert cells._rimmed_faces(two, {(0, 0): _read()}, {}) == {}


def test_the_first_look_at_the_pips_admits_less_sure_ones_when_asked():
    one = {p: PipReading(np.array([6 if p == 1 else 0]), np.eye(6)[[5]] * 0.0,
                         np.array([0.0]), np.array([0.65 if p == 1 else 0.1]))
           for p in (1, -1)}
    assert not cells._may_vouch(one)
    assert cells._may_vouch(one, cells.RIMMED_PIPS_VOUCH)


def _view_ctx(ring_rims: int = 0) -> SimpleNamespace:
    """A 5 x 5 view for :func:`vision.cells._pip_vouched`: the cell (2, 2) beside the layout
    outlined on all sides but its far one, the bare table (the view's outer ring, 16 cells)
    plain but for ``ring_rims`` of its cells showing a tile's rim along a side (a print's)."""
    cells_ = [(r, c) for r in range(5) for c in range(5)]
    ring = [c for c in cells_ if c[0] in (0, 4) or c[1] in (0, 4)]
    full = {c: (False,) * 4 for c in cells_}
    full[(2, 2)] = (True, False, True, True)
    rims = dict(full)
    for c in ring[:ring_rims]:
        rims[c] = (True, False, False, False)
    return SimpleNamespace(full_sides=full, rim_sides=rims, far_side=1,
                           sides={c: sum(full[c]) for c in cells_},
                           td=SimpleNamespace(r0=0, c0=0, rows=5, cols=5, cw=10),
                           die_faces=False, washed_only=set(), lab=np.zeros((50, 50, 3)))


def _vouched(monkeypatch, ctx, **kw) -> dict:
    """:func:`vision.cells._pip_vouched` of the cell (2, 2), its pips (6) read at 0.69 and its
    face (:func:`_read`) as given, the pips' and the face's readers stubbed."""
    pips = {p: PipReading(np.array([6 if p == 1 else 0]), np.zeros((1, 6)), np.array([0.0]),
                          np.array([0.69 if p == 1 else 0.1])) for p in (1, -1)}
    monkeypatch.setattr(cells, "_lab_origins", lambda ctx, cs: np.zeros((len(cs), 2)))
    monkeypatch.setattr(cells, "read_pips", lambda *a, **k: pips)
    monkeypatch.setattr(cells, "_read_solid", lambda ctx, cs, *a, **k: {c: _read() for c in cs})
    return cells._pip_vouched(ctx, [(2, 2)], {}, np.ones(3), **kw)


def test_pip_vouched_takes_a_rimmed_face_beside_the_layout_only(monkeypatch):
    # (fails without _pip_vouched's rimmed_too: its pips alone, 0.69, vouch for nothing)
    assert set(_vouched(monkeypatch, _view_ctx(), layout_side=True, taken={})) == {(2, 2)}
    assert _vouched(monkeypatch, _view_ctx(), layout_side=False, taken={}) == {}
    assert _vouched(monkeypatch, _view_ctx(), layout_side=True) == {}  # (no tiles known)


def test_a_table_that_shows_rims_of_its_own_vouches_for_no_rimmed_face(monkeypatch):
    # a gingham's or floral's checks and petals make rims along 0.25-0.45 of the bare table's
    # cells (see FAR_RIM_TABLE): a cloth's cell outlined so beside the layout is no tile's
    # face; a plain table's stray rim (1 of 16 cells) leaves it vouched for
    assert set(_vouched(monkeypatch, _view_ctx(ring_rims=1), layout_side=True, taken={})) \
        == {(2, 2)}
    assert _vouched(monkeypatch, _view_ctx(ring_rims=5), layout_side=True, taken={}) == {}
    assert cells._rims_on_table(_view_ctx(ring_rims=5), {})
    assert not cells._rims_on_table(_view_ctx(ring_rims=2), {})
