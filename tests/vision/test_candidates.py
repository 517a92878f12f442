"""Which lattices the reader reads in full (vision.pipeline): the same cells are read once."""
from __future__ import annotations

import numpy as np

from vision.locate import Lattice
from vision.pipeline import _distinct


def _lattice(dx: float, dy: float, pitch: float = 100.0, window=((0, 4), (0, 5))) -> Lattice:
    H = np.array([[pitch, 0, 500 + dx], [0, pitch, 300 + dy], [0, 0, 1.0]])
    return Lattice(H, window[0], window[1], pitch)


def _red_tiles(rows: range, cols: range) -> tuple[list, dict]:
    """A read of red tiles in the cells of ``rows`` x ``cols``, as ``read_cells`` returns it."""
    import vision.pipeline as pipeline
    return ([pipeline.CellReading(r, c, True, 0.9, {"colour": "red"}, {}, 0.9)
             for r in rows for c in cols], {"fit": 1.0, "coverage": 1.0})


def _reading_faked(monkeypatch, read_in_full, bound=lambda td: (4, 1.0, None)) -> np.ndarray:
    """The pipeline's cells read by fakes (see :func:`vision.cells.read_cells_steps`): each
    lattice's view ``td`` has the bound ``bound(td)`` (tiles, coverage, fit estimate) and, when
    read in full, the reading ``read_in_full(td)``; every reading fits the set. A blank
    1200x1200 photo to read."""
    import vision.pipeline as pipeline

    def steps(kit, game, lat, td, *settings):
        n_occ, coverage, estimate = bound(td)
        if (yield (n_occ, coverage, lambda: estimate)):
            return [], {"gave_up": True, "coverage": coverage}
        return read_in_full(td)
    monkeypatch.setattr(pipeline, "_read_steps", steps)
    monkeypatch.setattr(pipeline, "set_fit", lambda readings, kit, game: 1.0)
    return np.zeros((1200, 1200, 3), np.uint8)


def test_a_lattice_shifted_by_whole_cells_or_a_hair_is_the_same_reading():
    a = _lattice(0, 0)
    assert len(_distinct([a, _lattice(200, -100)])) == 1  # two cells right, one up
    assert len(_distinct([a, _lattice(4, -3)])) == 1  # a few pixels of a 100-pixel cell


def test_a_lattice_shifted_by_half_a_cell_or_of_another_pitch_is_read_too():
    a = _lattice(0, 0)
    assert len(_distinct([a, _lattice(50, 0)])) == 2
    assert len(_distinct([a, _lattice(0, 0, pitch=50.0)])) == 2
    assert len(_distinct([a, _lattice(0, 0, pitch=200.0)])) == 2


def test_a_lattice_that_cannot_beat_the_best_reading_is_not_read(monkeypatch):
    """A candidate whose cells cut through the tiles so much that even a perfect reading would
    score worse than the best so far is skipped (the floor is exact: the reading is the same)."""
    import vision.pipeline as pipeline
    from vision.colour import Palette
    from vision.kits import kit_for_game

    kit = kit_for_game("textile")
    good, bad = _lattice(0, 0), _lattice(50, 0)
    good.info["partial"], bad.info["partial"] = 0.02, 0.45
    assert pipeline._score_floor(good, 4, 1.0, kit) == -2.0 + 10.0 * 0.02
    # after occupancy: fewer tiles, or tiles covering less of the layout, raise the floor
    assert pipeline._score_floor(good, 2, 0.5, kit) == -1.0 + 10.0 * 0.5 + 10.0 * 0.02
    read = []

    def fake_read_cells(td):
        read.append(td)
        # (inside the window's ring of bare table, as a layout is: tiles on the ring widen
        # the window, see vision.pipeline._cards_within)
        return _red_tiles(range(1, 3), range(1, 3))

    image = _reading_faked(monkeypatch, fake_read_cells)
    palette = Palette.from_hex(kit.colours)
    out = pipeline._read_best(image, kit, "textile", [good, bad], palette, None, framed=False)
    assert out.chosen == 0 and len(read) == 1  # score 1 - 2 + 0.2 = -0.8 < floor 2.5 of bad
    read.clear()
    bad.info["partial"] = 0.1  # floor -1.0: it might read better, so it is read
    pipeline._read_best(image, kit, "textile", [good, bad], palette, None, framed=False)
    assert len(read) == 2


def test_read_cells_gives_up_once_occupancy_shows_it_cannot_win():
    """The reading's steps stop at the bound (the occupied cells, the coverage, the fit
    estimate); given up there, no tile is read."""
    from vision.cells import finish_reading, read_cells, read_cells_steps, rectify
    from vision.colour import Palette
    from vision.kits import kit_for_game

    kit = kit_for_game("textile")
    rng = np.random.default_rng(0)
    image = np.full((900, 1100, 3), 90, np.uint8)
    image[300:500, 500:700] = (46, 16, 200)  # a red square of two by two cells
    image = np.clip(image + rng.normal(0, 3, image.shape), 0, 255).astype(np.uint8)
    lat = _lattice(0, 0)
    td = rectify(image, lat, cell_px=48)
    palette = Palette.from_hex(kit.colours)
    steps = read_cells_steps(td, kit, palette=palette)
    n_occ, coverage, estimate = next(steps)
    assert n_occ == 4 and estimate() is not None
    readings, info = finish_reading(steps, True)
    assert readings == [] and info["gave_up"]
    # (not given up: the tiles told at the bound read, as read_cells reads them)
    full, info = read_cells(td, kit, palette=palette)
    assert "gave_up" not in info and sum(r.occupied for r in full) == n_occ
    steps = read_cells_steps(td, kit, palette=palette)
    next(steps)
    assert finish_reading(steps, False)[0] == full


def test_a_framed_boards_cells_placed_alike_by_strips_and_lattice_are_read_once():
    """The cells placed within a board's strips and the frame's lattice are both read only where
    they put the cells in different places (the strips' placement first)."""
    from vision.frame import Frame
    from vision.kits import kit_for_game
    from vision.pipeline import _reading_candidates

    kit = kit_for_game("twelve-tiles")
    frame = Frame((0, 0), {}, 0.9, {"n": 0.5, "e": 0.5, "s": 0.5, "w": 0.5})
    lattice, strips = _lattice(0, 0), _lattice(2, -1)
    out = _reading_candidates(kit, [lattice], lattice, frame, [strips, lattice])
    assert len(out) == 1 and np.array_equal(out[0].H, strips.H)
    assert out[0].rows == (-1, 8) and out[0].cols == (-1, 8)
    apart = _lattice(30, 0)  # a third of a cell off: both are read
    assert len(_reading_candidates(kit, [lattice], lattice, frame, [apart, lattice])) == 2


def test_a_misshapen_lattice_that_cannot_beat_the_best_reading_is_not_read(monkeypatch):
    """The cells' shape on the table (``_misshapen``, known before reading) is in the floor."""
    import vision.pipeline as pipeline
    from vision.colour import Palette
    from vision.kits import kit_for_game

    kit = kit_for_game("octopus")
    good, bad = _lattice(0, 0), _lattice(50, 0)
    good.info["partial"] = bad.info["partial"] = 0.02
    monkeypatch.setattr(pipeline, "_misshapen", lambda image, lat, kit: 0.3 if lat is bad else 0.0)
    assert pipeline._score_floor(bad, 4, 1.0, kit, 0.3) == -2.0 + 0.2 + 3.0
    read = []

    def fake_read_cells(td):
        read.append(td)
        return _red_tiles(range(2), range(2))

    image = _reading_faked(monkeypatch, fake_read_cells)
    palette = Palette.from_hex(kit.colours)
    out = pipeline._read_best(image, kit, "octopus", [good, bad], palette, None, framed=False)
    assert out.chosen == 0 and len(read) == 1  # best -0.8 < floor 1.2 of the misshapen one


def _tiles_view(pitch: int, rows: int = 4, cols: int = 5, cell: int = 48, seed: int = 0):
    """A top-down view of ``rows`` x ``cols`` cells of ``cell`` px over a layout of touching
    square tiles ``pitch`` px a side from the view's corner (each a plain paint, a dark gap of
    3 px around it, a few pips), and its foreground mask (all layout)."""
    from vision.cells import TopDown

    rng = np.random.default_rng(seed)
    h, w = rows * cell, cols * cell
    image = np.zeros((h, w, 3), np.uint8)
    for y in range(0, h, pitch):
        for x in range(0, w, pitch):
            image[y:y + pitch, x:x + pitch] = (40, 40, 40)
            image[y + 3:y + pitch - 3, x + 3:x + pitch - 3] = rng.integers(80, 230, 3)
            for py, px in ((0.3, 0.3), (0.7, 0.7)):
                cy, cx = y + int(py * pitch), x + int(px * pitch)
                image[cy - 3:cy + 3, cx - 3:cx + 3] = 245
    noise = np.random.default_rng(seed + 1).normal(0, 2, image.shape)
    image = np.clip(image + noise, 0, 255).astype(np.uint8)
    return TopDown(image, cell, cell, 0, 0, rows, cols), np.ones((h, w), np.float32)


def test_a_lattice_whose_cells_cut_across_the_tiles_outlines_scores_worse():
    """A lattice on square tiles has their outlines on its cells' borders; one whose cells are
    a fifth longer than the tiles (as final3/octopus-hard-065's second candidate) or half a
    cell off puts the outlines inside its cells: a score term, known once the top-down view is
    made (so in the floor), and none for kits of other faces."""
    from vision.kits import kit_for_game
    from vision.pipeline import _edges_off_borders, _score, _score_floor

    kit = kit_for_game("octopus")
    on = _edges_off_borders(*_tiles_view(48), kit)
    longer = _edges_off_borders(*_tiles_view(40), kit)  # (48 px cells on 40 px tiles: 1.2x)
    td, fg = _tiles_view(48)
    from vision.cells import TopDown
    half = TopDown(np.roll(td.image, 24, axis=0), 48, 48, 0, 0, td.rows, td.cols)
    assert on == 0.0
    assert longer > 0.1 and _edges_off_borders(half, fg, kit) > 0.1
    assert _edges_off_borders(*_tiles_view(40), kit_for_game("twelve-tiles")) == 0.0
    lat = _lattice(0, 0)
    terms = dict(fit=3.0, n_occ=10, coverage=1.0, plausible=1.0)
    assert _score(lat, kit, **terms, edges_off=longer) > _score(lat, kit, **terms) + 1.0
    assert _score_floor(lat, 4, 1.0, kit, 0.0, longer) <= _score(lat, kit, **terms,
                                                                  edges_off=longer)


def test_a_lattice_whose_quick_score_lies_well_above_anothers_is_not_read_in_full(monkeypatch):
    """Solid faces: once occupancy is decided, a lattice whose quick score (the floor with its
    cells' estimated colour fit) lies more than CHEAP_MARGIN above that of a reading kept
    before it gives up; within the margin it is read in full (the full read ranks them)."""
    import vision.pipeline as pipeline
    from vision.colour import Palette
    from vision.kits import kit_for_game

    kit = kit_for_game("textile")
    first, second = _lattice(0, 0), _lattice(20, 0)
    first.info["partial"] = second.info["partial"] = 0.0
    estimates, full = {}, []

    def fake_read_cells(td):
        full.append(td)
        return _red_tiles(range(1, 3), range(1, 3))

    views = []  # (the views in the order of the candidates: rectified first, then read)
    image = _reading_faked(monkeypatch, fake_read_cells,
                           bound=lambda td: (views.append(td), (4, 1.0, estimates[len(views)]))[1])
    palette = Palette.from_hex(kit.colours)
    # (the first reads -1.0 in full; the second's floor, -2.0, cannot skip it)
    estimates.update({1: 2.0, 2: 2.0 + pipeline.CHEAP_MARGIN + 0.5})
    out = pipeline._read_best(image, kit, "textile", [first, second], palette, None, framed=False)
    assert out.chosen == 0 and len(full) == 1
    full.clear(), views.clear()
    estimates.update({1: 2.0, 2: 2.0 + pipeline.CHEAP_MARGIN - 0.2})
    pipeline._read_best(image, kit, "textile", [first, second], palette, None, framed=False)
    assert len(full) == 2
    # the lattices are read in full in the order of their quick scores, whatever the order
    # they were found in: the second, quicker by more than the margin, is read and kept, and
    # the first gives up (read before it, it would have been read in full too)
    full.clear(), views.clear()
    estimates.update({1: 2.0 + pipeline.CHEAP_MARGIN + 0.5, 2: 2.0})
    out = pipeline._read_best(image, kit, "textile", [first, second], palette, None, framed=False)
    assert out.chosen == 1 and full == [views[1]]
