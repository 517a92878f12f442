"""Twelve Tiles copies of one tile: the set holds each pattern once, so the copy likeliest
misread is taken as its likeliest other tile (vision.decode: _unduplicated_sectors,
_cheapest_other_tile, UNDUPLICATED). Synthetic readings, no images."""
from __future__ import annotations

from vision.cells import CellReading
from vision.decode import UNDUPLICATED, decode_readings
from vision.kits import kit_for_game

TWELVE = kit_for_game("twelve-tiles")
NAMES = ("blue", "red", "green", "yellow")


def _reading(row: int, col: int, edges: dict[str, str],
             near: dict[str, dict[str, float]] | None = None) -> CellReading:
    """A Twelve Tiles reading read in full as ``edges`` (each sector 2 from its paint, 30 from
    the others, confidence 0.95), but for the sectors of ``near`` {side: {paint: distance}},
    whose other paints lie at the distances given (a glare-washed sector still named its
    nearest paint)."""
    near = near or {}
    dist, conf = {}, {}
    for e in "nesw":
        dist[e] = {n: (2.0 if n == edges[e] else near.get(e, {}).get(n, 30.0)) for n in NAMES}
        conf[e] = 0.95
    return CellReading(row, col, True, 0.99, {"edges": dict(edges)}, {"edges": 0.95}, 0.5, (),
                       {"sector_distance": dist, "sector_conf": conf})


#: One tile, read twice on the board (the set holds it once).
TILE = {"n": "blue", "e": "yellow", "s": "blue", "w": "red"}


def test_the_copy_with_a_near_other_paint_is_taken_as_the_other_tile():
    # (2, 2)'s east sector named yellow, green 6 further: a washed green; (0, 0) plain
    clear = _reading(0, 0, TILE)
    washed = _reading(2, 2, TILE, {"e": {"green": 8.0}})
    decoded, doubts = decode_readings([clear, washed], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"] == TILE
    assert decoded[(2, 2)][0]["edges"] == {**TILE, "e": "green"}
    assert decoded[(2, 2)][1]["edges"] < 0.5  # (under the confidence bar)
    assert ((2, 2), "tile", UNDUPLICATED) in doubts
    # (no copy left: no duplicate doubt)
    assert not any("time(s) only" in why for _, _, why in doubts)


def test_the_copy_of_least_yield_changes_whichever_cell_it_is():
    # both copies have another paint within reach; (0, 0)'s nearer (4 against 10 further)
    a = _reading(0, 0, TILE, {"n": {"green": 6.0}})
    b = _reading(2, 2, TILE, {"e": {"green": 12.0}})
    decoded, _ = decode_readings([a, b], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"] == {**TILE, "n": "green"}
    assert decoded[(2, 2)][0]["edges"] == TILE


def test_copies_with_no_other_tile_within_reach_stay_flagged():
    a, b = _reading(0, 0, TILE), _reading(2, 2, TILE)
    decoded, doubts = decode_readings([a, b], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"] == TILE and decoded[(2, 2)][0]["edges"] == TILE
    assert any("time(s) only" in why for _, _, why in doubts)


def test_tiles_read_once_are_left_alone():
    a = _reading(0, 0, TILE, {"n": {"green": 4.0}})
    b = _reading(2, 2, {"n": "green", "e": "green", "s": "red", "w": "yellow"})
    decoded, doubts = decode_readings([a, b], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"] == TILE
    assert not doubts


#: The tile a copy of :data:`TILE` with a washed green east sector is likeliest misread from.
GREEN_EAST = {**TILE, "e": "green"}


def test_a_copy_is_not_taken_as_a_tile_already_on_the_board():
    # (2, 2)'s likeliest other tile is GREEN_EAST, but (4, 4) already holds it: it stays
    clear = _reading(0, 0, TILE)
    washed = _reading(2, 2, TILE, {"e": {"green": 8.0}})
    placed = _reading(4, 4, GREEN_EAST)
    decoded, doubts = decode_readings([clear, washed, placed], TWELVE, "twelve-tiles")
    assert decoded[(4, 4)][0]["edges"] == GREEN_EAST
    assert decoded[(2, 2)][0]["edges"] == TILE
    assert not any(why == UNDUPLICATED for _, _, why in doubts)
    assert any("time(s) only" in why for _, _, why in doubts)


def test_three_copies_are_not_taken_as_one_other_tile():
    # (2, 2) and (4, 4) both likeliest GREEN_EAST: the nearer takes it, the other stays
    clear = _reading(0, 0, TILE)
    nearer = _reading(2, 2, TILE, {"e": {"green": 8.0}})
    further = _reading(4, 4, TILE, {"e": {"green": 9.0}})
    decoded, doubts = decode_readings([clear, nearer, further], TWELVE, "twelve-tiles")
    assert decoded[(2, 2)][0]["edges"] == GREEN_EAST
    assert decoded[(4, 4)][0]["edges"] == TILE
    assert decoded[(0, 0)][0]["edges"] == TILE
    assert [cell for cell, _, why in doubts if why == UNDUPLICATED] == [(2, 2)]


def test_a_sector_facing_its_neighbours_alike_is_weighed():
    # (2, 2)'s east sector (yellow, green 6 further) was measured alike the yellow west sector
    # of (2, 3) facing it: one paint, so the other copy (0, 0) (green 9.8 further) is taken
    beside = {"n": "red", "e": "red", "s": "green", "w": "yellow"}
    lab = {"blue": [40.0, 10.0, -50.0], "red": [45.0, 60.0, 40.0],
           "green": [55.0, -50.0, 30.0], "yellow": [85.0, 0.0, 80.0]}
    a = _reading(0, 0, TILE, {"n": {"green": 11.8}})
    b = _reading(2, 2, TILE, {"e": {"green": 8.0}})
    nb = _reading(2, 3, beside)
    for rd in (a, b, nb):
        rd.evidence["sector_lab"] = {e: lab[rd.attrs["edges"][e]] for e in "nesw"}
    decoded, _ = decode_readings([a, b, nb], TWELVE, "twelve-tiles")
    assert decoded[(2, 2)][0]["edges"] == TILE
    assert decoded[(0, 0)][0]["edges"] == {**TILE, "n": "green"}
    # (without the measurements, (2, 2)'s nearer green is taken)
    for rd in (a, b, nb):
        del rd.evidence["sector_lab"]
    decoded, _ = decode_readings([a, b, nb], TWELVE, "twelve-tiles")
    assert decoded[(2, 2)][0]["edges"] == GREEN_EAST
    assert decoded[(0, 0)][0]["edges"] == TILE


def test_a_copy_without_sector_evidence_counts_as_a_copy():
    # (0, 0) holds the tile with no sector evidence: (2, 2), the one copy that has it, is taken
    bare = _reading(0, 0, TILE)
    bare.evidence.clear()
    washed = _reading(2, 2, TILE, {"e": {"green": 8.0}})
    decoded, doubts = decode_readings([bare, washed], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"] == TILE
    assert decoded[(2, 2)][0]["edges"] == GREEN_EAST
    assert ((2, 2), "tile", UNDUPLICATED) in doubts
