"""Outlined die faces the colour fit misses (Octopus): a white tile on a cream cloth under a
warm lamp fits no paint well as the light fitted on the other tiles predicts it, though it
shows a tile's outline all round and its pips.

- vision.cells._vouched_by_pips: a cell with a tile's outline all along its four sides is
  vouched for by clear pips whatever its colour's confidence;
- vision.pipeline._holds_the_faces: a reading on the lattice refitted to the tiles that shows
  every tile of the reading kept (and perhaps more die faces), on a lattice as good, is kept
  though the colour fit raised its score (an added tile's, or cells moved onto the tiles)."""
from vision.cells import PIPS_FIT, CellReading, _vouched_by_pips
from vision.pipeline import REFIT_LATTICE_SLACK, _Candidate, _holds_the_faces


def _read(conf: float) -> tuple:
    """A :func:`vision.cells._read_solid` reading of a face with six clear pips whose colour
    fits a paint within PIPS_FIT but is named with confidence ``conf``."""
    return ({"colour": None, "pips": 6}, {"colour": conf, "pips": 1.0}, [], PIPS_FIT - 7.0,
            {"plain_colour_conf": conf, "pips_of_pip_paint": True})


def test_pips_vouch_for_an_outlined_face_whatever_its_colour_confidence():
    reads = {(0, 0): _read(0.06), (0, 1): _read(0.06), (0, 2): _read(0.9)}
    # (unsure of its colour and no outline all round: a cloth's flower with spots may be that)
    assert set(_vouched_by_pips(reads)) == {(0, 2)}
    assert set(_vouched_by_pips(reads, {(0, 0)})) == {(0, 0), (0, 2)}


def _tile(r: int, c: int, pips: int | None = 3, occupied: bool = True) -> CellReading:
    return CellReading(r, c, occupied, 0.9, attrs={"colour": "red", "pips": pips})


def _candidate(score: float, fit: float, tiles: list[CellReading], set_fit: float = 1.0
               ) -> _Candidate:
    return _Candidate(score, None, None, tiles, {"fit": fit, "set_fit": set_fit})


def test_a_refit_reading_more_die_faces_on_as_good_a_lattice_is_kept():
    first = [_tile(0, c) for c in range(5)] + [_tile(1, 0, occupied=False)]
    before = _candidate(4.22, 4.30, first)
    more = [_tile(0, c) for c in range(5)] + [_tile(1, 0, pips=3)]
    # (the white tile's loose fit raised the mean: the score is worse, the lattice no worse)
    assert _holds_the_faces(before, _candidate(4.38, 4.45, more))
    # a lattice worse beyond its colour fit (cells cutting through tiles) is not
    assert not _holds_the_faces(before, _candidate(4.38 + 2 * REFIT_LATTICE_SLACK, 4.45, more))
    # a tile added without pips, a tile lost, or a worse set fit is not
    no_pips = [_tile(0, c) for c in range(5)] + [_tile(1, 0, pips=None)]
    assert not _holds_the_faces(before, _candidate(4.38, 4.45, no_pips))
    lost = [_tile(0, c) for c in range(4)] + [_tile(1, 0), _tile(1, 1)]
    assert not _holds_the_faces(before, _candidate(4.38, 4.45, lost))
    assert not _holds_the_faces(before, _candidate(4.38, 4.45, more, set_fit=0.9))
    # the same tiles, on the lattice the tiles' edges measured: kept though the fit rose
    assert _holds_the_faces(before, _candidate(4.38, 4.45, first))


def test_the_refit_reading_more_faces_is_kept_for_textile_and_octopus(monkeypatch):
    """pipeline._refit_on_tiles keeps the refitted lattice's reading that shows more die faces
    for both games of die-faced tiles (Textile's tiles may lie either way up: one added that
    shows its pips is a tile all the same)."""
    import vision.pipeline as P
    from vision.kits import kit_for_game

    before = _candidate(4.12, 2.92, [_tile(0, c) for c in range(5)] + [_tile(1, 0, occupied=False)])
    after = _candidate(4.42, 3.21, [_tile(0, c) for c in range(5)] + [_tile(1, 0)])
    monkeypatch.setattr(P, "refit_to_tiles", lambda lat, image, tiles, **kw: object())
    monkeypatch.setattr(P, "_read_best", lambda *a, **k: P._Reads(after, 0, 0, 0.0, 0.0))
    for game in ("textile", "octopus"):
        assert P._refit_on_tiles(None, kit_for_game(game), game, None, None, before) is after


def test_the_reading_a_later_look_replaced_is_refitted_and_kept_when_it_reads_better(monkeypatch):
    """pipeline._refit_displaced: on a steep view the right pitch's lattice, its perspective off
    (its far tiles half a cell off their cells), reads worse than a second look's lattice of a
    wrong pitch whose large cells take in every tile; refitted to its tiles it reads better and
    is kept. A refit that reads no better than the kept reading, one that leaves the lattice as
    it is, or a lattice on the kept one's cells leave the kept reading as it is."""
    import vision.pipeline as P
    from vision.kits import kit_for_game

    tiles = [_tile(0, c) for c in range(5)]
    kept = _candidate(9.98, 5.91, tiles)
    displaced = _candidate(10.64, 4.55, tiles)
    refitted = _candidate(5.84, 3.80, tiles)
    kit = kit_for_game("textile")
    monkeypatch.setattr(P, "_same_cells", lambda a, b: False)
    monkeypatch.setattr(P, "_refit_on_tiles", lambda *a, **k: refitted)
    assert P._refit_displaced(None, kit, "textile", None, None, kept, displaced) is refitted
    worse = _candidate(10.2, 4.4, tiles)
    monkeypatch.setattr(P, "_refit_on_tiles", lambda *a, **k: worse)
    assert P._refit_displaced(None, kit, "textile", None, None, kept, displaced) is kept
    monkeypatch.setattr(P, "_refit_on_tiles", lambda *a, **k: a[5])  # (the refit moved nothing)
    assert P._refit_displaced(None, kit, "textile", None, None, kept, displaced) is kept
    monkeypatch.setattr(P, "_refit_on_tiles", lambda *a, **k: refitted)
    monkeypatch.setattr(P, "_same_cells", lambda a, b: True)
    assert P._refit_displaced(None, kit, "textile", None, None, kept, displaced) is kept


def test_a_refit_on_die_faces_is_not_judged_by_the_cells_shape_or_coverage():
    # final22 octopus-hard-2810: the refit moved the far rows onto their tiles (10 wrong cells
    # -> 1), as many die faces, but the cells beside the tiles standing out over half read as
    # the table lowered its coverage 0.95 -> 0.88 (+0.7); final18 octopus-hard-1886: the
    # refit's cells measured 1.49 long through the phone camera assumed (misshapen 0.03 ->
    # 0.13, +1.0). Where every tile shows its die face the tiles' own edges tell where the
    # cells lie; elsewhere (a cut tile, a worse set fit) the lattice part still counts.
    from vision.pipeline import MISSHAPEN_WEIGHT
    tiles = [_tile(0, c) for c in range(5)]
    before = _Candidate(7.47, None, None, tiles, {"fit": 6.02, "set_fit": 1.0,
                                                  "coverage": 0.95, "misshapen": 0.03})
    rest = 10.0 * (0.95 - 0.88) + MISSHAPEN_WEIGHT * (0.13 - 0.03)
    after = _Candidate(7.47 + rest, None, None, tiles, {"fit": 6.02, "set_fit": 1.0,
                                                        "coverage": 0.88, "misshapen": 0.13})
    assert _holds_the_faces(before, after, die_faces=True)
    assert not _holds_the_faces(before, after)
    worse = _Candidate(after.score + 2 * REFIT_LATTICE_SLACK, None, None, tiles, after.info)
    assert not _holds_the_faces(before, worse, die_faces=True)
    # ... but a refit losing a tile that showed no pips (a washed face) keeps as many die faces
    # and the set fit alike: only the cell standing out, no longer read as a tile, tells it
    washed = _tile(0, 5, pips=None)
    before = _Candidate(7.47, None, None, tiles + [washed],
                        {"fit": 6.02, "set_fit": 1.0, "coverage": 0.95, "misshapen": 0.03})
    lost = _Candidate(7.47 + 10.0 * (0.95 - 0.85), None, None,
                      tiles + [_tile(0, 5, pips=None, occupied=False)],
                      {"fit": 6.02, "set_fit": 1.0, "coverage": 0.85, "misshapen": 0.03})
    assert not _holds_the_faces(before, lost, die_faces=True)
