"""Twelve Tiles sectors facing across an edge and measured alike show one paint (vision.decode:
FACING_SAME_DE, _facing_alike, _jointly_likeliest). Synthetic readings, no images."""
from __future__ import annotations

from vision.cells import CellReading
from vision.decode import decode_readings
from vision.kits import kit_for_game

TWELVE = kit_for_game("twelve-tiles")
NAMES = ("blue", "red", "green", "yellow")
#: A sector's measured colour (Lab) by its paint, as a glare washes it (chroma well over FACING_MIN_CHROMA).
WASHED = {"blue": [80.0, 5.0, -25.0], "red": [85.0, 20.0, 15.0],
          "green": [85.0, -20.0, 12.0], "yellow": [92.0, 0.0, 30.0]}
#: A sector washed white (no chroma left: every paint looks alike there).
WHITE = [98.0, 0.5, 1.0]


def _reading(row: int, col: int, edges: dict[str, str],
             unclear: dict[str, dict[str, float]] | None = None,
             lab: dict[str, list[float]] | None = None) -> CellReading:
    """A Twelve Tiles reading whose sectors read ``edges`` (clear: distance 2 to its paint, 30
    to the others); ``unclear`` {side: {paint: distance}} sectors undecided at those distances
    (30 to the paints not given); measured colours ``lab`` {side: Lab} (default: the washed
    look of the sector's paint in ``edges``)."""
    unclear = unclear or {}
    dist, conf = {}, {}
    for e in "nesw":
        if e in unclear:
            dist[e] = {n: unclear[e].get(n, 30.0) for n in NAMES}
            conf[e] = 0.2
        else:
            dist[e] = {n: (2.0 if n == edges[e] else 30.0) for n in NAMES}
            conf[e] = 0.95
    labs = {e: WASHED[edges[e]] for e in "nesw"}
    labs.update(lab or {})
    attrs = {"edges": None if unclear else dict(edges)}
    return CellReading(row, col, True, 0.99, attrs, {"edges": 0.2 if unclear else 0.95}, 0.5,
                       (("edges", "sector unclear"),) if unclear else (),
                       {"sector_distance": dist, "sector_conf": conf, "sector_lab": labs})


def test_an_unclear_sector_facing_a_neighbours_alike_takes_its_paint():
    # the east sector nearer yellow (10) than red (19): alone (the neighbour's edge costing a
    # mismatch only) it is yellow; its east neighbour's west sector is red and measured alike
    me = _reading(0, 0, {"n": "blue", "e": "red", "s": "green", "w": "blue"},
                  {"e": {"yellow": 10.0, "red": 19.0}})
    right = _reading(0, 1, {"n": "green", "e": "yellow", "s": "blue", "w": "red"})
    decoded, _ = decode_readings([me, right], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"]["e"] == "red"


def test_sectors_washed_white_together_are_not_taken_as_one_paint():
    # the same, but both sectors washed white (no chroma): their likeness tells nothing
    me = _reading(0, 0, {"n": "blue", "e": "red", "s": "green", "w": "blue"},
                  {"e": {"yellow": 10.0, "red": 19.0}}, lab={"e": WHITE})
    right = _reading(0, 1, {"n": "green", "e": "yellow", "s": "blue", "w": "red"},
                     lab={"w": WHITE})
    decoded, _ = decode_readings([me, right], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"]["e"] == "yellow"


def test_two_unclear_tiles_facing_alike_are_decided_together():
    # A (0, 0) east: yellow 10, red 10.5 (a tie alone); B (0, 1) west: red 10, yellow 13. Taken
    # one at a time A takes yellow and B meets it; together both are red (B's sector is red)
    a = _reading(0, 0, {"n": "blue", "e": "red", "s": "green", "w": "blue"},
                 {"e": {"yellow": 10.0, "red": 10.5}})
    b = _reading(0, 1, {"n": "green", "e": "yellow", "s": "blue", "w": "red"},
                 {"w": {"red": 10.0, "yellow": 13.0}})
    below = _reading(1, 0, {"n": "green", "e": "red", "s": "red", "w": "yellow"})
    decoded, doubts = decode_readings([a, b, below], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"]["e"] == "red"
    assert decoded[(0, 1)][0]["edges"]["w"] == "red"
    # (both flagged: taken under the confidence bar)
    assert decoded[(0, 0)][1]["edges"] < 0.5 and decoded[(0, 1)][1]["edges"] < 0.5
    assert {cell for cell, _, _ in doubts} >= {(0, 0), (0, 1)}
