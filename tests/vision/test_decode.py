"""Decoding unclear readings through the kit: the set's tiles, the neighbours' edges and the
contact rules (vision.decode). Synthetic readings, no images."""
from __future__ import annotations

from vision.cells import CellReading
from vision.decode import decode_readings
from vision.kits import kit_for_game

TWELVE = kit_for_game("twelve-tiles")
TAPESTRY = kit_for_game("tapestry")
NAMES = ("blue", "red", "green", "yellow")


def _sector_reading(row, col, edges, unclear=None, *, close=None):
    """A sector tile whose sectors read ``edges``; ``unclear`` sectors are undecided, their
    nearest colour at distance 10 and ``close`` (a colour) at 11 (a near tie)."""
    unclear = unclear or ()
    dist, conf = {}, {}
    for e in "nesw":
        d = {n: 30.0 for n in NAMES}
        if e in unclear:
            d[edges[e]] = 10.0
            if close:
                d[close] = 11.0
            conf[e] = 0.2
        else:
            d[edges[e]] = 2.0
            conf[e] = 0.95
        dist[e] = d
    attrs = {"edges": None if unclear else dict(edges)}
    return CellReading(row, col, True, 0.99, attrs, {"edges": 0.2 if unclear else 0.95}, 0.5,
                       (("edges", "sector unclear"),) if unclear else (),
                       {"sector_distance": dist, "sector_conf": conf})


def test_an_unclear_sector_takes_the_colour_its_neighbour_shows():
    # the east sector is a near tie between green and blue; the east neighbour's west is green
    me = _sector_reading(0, 0, {"n": "red", "e": "green", "s": "yellow", "w": "blue"}, "e", close="blue")
    right = _sector_reading(0, 1, {"n": "red", "e": "yellow", "s": "blue", "w": "green"})
    decoded, doubts = decode_readings([me, right], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"] == {"n": "red", "e": "green", "s": "yellow", "w": "blue"}
    assert decoded[(0, 0)][1]["edges"] >= 0.5
    assert any(cell == (0, 0) for cell, _, _ in doubts)


def test_a_near_tie_without_evidence_stays_unknown():
    me = _sector_reading(0, 0, {"n": "red", "e": "green", "s": "yellow", "w": "blue"}, "e", close="blue")
    decoded, _ = decode_readings([me], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"] is None


def test_the_neighbour_wins_only_against_a_weak_reading():
    # the cell itself clearly prefers green (blue is far): a blue neighbour does not overrule it
    me = _sector_reading(0, 0, {"n": "red", "e": "green", "s": "yellow", "w": "blue"}, "e")
    right = _sector_reading(0, 1, {"n": "red", "e": "yellow", "s": "green", "w": "blue"})
    decoded, _ = decode_readings([me, right], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"]["e"] == "green"


def _card(row, col, colour, symbol, dist=None, conf=0.95):
    d = dist or {c: (1.0 if c == colour else 30.0) for c in TAPESTRY.colours}
    return CellReading(row, col, True, 0.99, {"colour": colour if conf >= 0.5 else None, "symbol": symbol},
                       {"colour": conf, "symbol": 0.95}, conf, (), {"colour_distance": d})


def test_an_unclear_card_colour_takes_the_one_its_neighbours_allow():
    # red or purple? (near tie) beside a yellow card: purple is not yellow's neighbour, red is
    # not either; beside an orange card red is allowed and purple is not
    dist = {c: 40.0 for c in TAPESTRY.colours}
    dist.update(red=6.0, purple=6.5)
    me = _card(0, 0, None, "rock", dist, conf=0.3)
    decoded, _ = decode_readings([me, _card(0, 1, "orange", "paper")], TAPESTRY, "tapestry")
    assert decoded[(0, 0)][0]["colour"] == "red"
    decoded, _ = decode_readings([me, _card(0, 1, "blue", "paper")], TAPESTRY, "tapestry")
    assert decoded[(0, 0)][0]["colour"] == "purple"
    decoded, _ = decode_readings([me], TAPESTRY, "tapestry")
    assert decoded[(0, 0)][0]["colour"] is None


XT = kit_for_game("x-tiles")


def _xt(row, col, edges, axis="ew"):
    return CellReading(row, col, True, 0.99, {"edges": edges, "long_axis": axis}, {"edges": 0.9}, 0.9)


def test_set_fit_is_the_share_of_tiles_the_set_has():
    from vision.decode import set_fit

    real = XT.tiles[0]["sectors"]  # (big, small, big, small) clockwise from a big end
    good = {"e": real[0], "s": real[1], "w": real[2], "n": real[3]}
    one_colour = {"n": "red", "e": "red", "s": "red", "w": "red"}  # no X-Tile is one colour
    assert set_fit([_xt(0, 0, good)], XT, "x-tiles") == 1.0
    assert set_fit([_xt(0, 0, good), _xt(0, 1, one_colour)], XT, "x-tiles") == 0.5
    assert set_fit([_xt(0, 0, None)], XT, "x-tiles") == 1.0  # nothing to check


def test_set_fit_is_zero_when_more_tiles_are_read_than_the_set_holds():
    from vision.decode import set_fit

    readings = [CellReading(r, c, True, 0.9, {"colour": None, "symbol": None}, {}, 0.5)
                for r in range(9) for c in range(9)]  # 81 cards of a 72-card deck
    assert set_fit(readings, TAPESTRY, "tapestry") == 0.0


NESTOR = kit_for_game("textile")


def _solid(row, col, colour, pips=None):
    return CellReading(row, col, True, 0.99, {"colour": colour, "pips": pips}, {"colour": 0.9}, 0.9)


def test_textile_set_fit_follows_the_colour_rule():
    from vision.decode import set_fit

    # a legal textile: no two tiles of one colour touch, even diagonally
    legal = [_solid(0, 0, "red"), _solid(0, 1, "blue"), _solid(1, 0, "yellow"), _solid(1, 1, "green")]
    assert set_fit(legal, NESTOR, "textile") == 1.0
    # a lattice a third of the tiles' pitch: every tile read as a block of cells of its colour
    blocks = [_solid(r, c, colour) for (r0, c0, colour) in ((0, 0, "red"), (0, 3, "blue"))
              for r in range(r0, r0 + 3) for c in range(c0, c0 + 3)]
    assert set_fit(blocks, NESTOR, "textile") < 0.5
    # more tiles than the game's 5 colours x 6 tiles
    many = [_solid(r, c, None) for r in range(6) for c in range(6)]
    assert set_fit(many, NESTOR, "textile") == 0.0


def test_set_fit_counts_a_colour_read_beyond_its_copies():
    from vision.decode import set_fit

    octopus = kit_for_game("octopus")
    # ten white tiles whose pips were not read: the set has six
    whites = [_solid(0, c, "white") for c in range(10)]
    assert set_fit(whites, octopus, "octopus") == 0.6
    assert set_fit(whites[:6], octopus, "octopus") == 1.0
