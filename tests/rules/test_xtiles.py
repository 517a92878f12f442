"""X-Tiles: the set, extra turns, rounds, hands, doubling, starters, passes, targets."""
from __future__ import annotations

from companion.rules import score_record_data
from tests.rules.helpers import rule_ids, xt
from vision.kits import kit_for_game

T = ("orange", "orange", "red", "yellow")


def _axis(r: int, c: int) -> str:
    return "ew" if (r + c) % 2 == 0 else "ns"


def _tile(cell):
    return xt(cell[0], cell[1], T, _axis(*cell))


def _record(steps, players=("Ann", "Bob"), options=None, stock=((0, 0), (0, 1))):
    """steps: list of (player or None, [cells placed]) or ("NEW", player, stock cells) or ("PASS", player)."""
    tiles = [_tile(c) for c in stock]
    turns = [{"board": {"game": "x-tiles", "tiles": list(tiles)}}]
    for step in steps:
        if step[0] == "NEW":
            tiles = [_tile(c) for c in step[2]]
            entry = {"new_round": True, "board": {"game": "x-tiles", "tiles": list(tiles)}}
            if step[1]:
                entry["player"] = step[1]
            turns.append(entry)
            continue
        player, cells = step
        tiles = tiles + [_tile(c) for c in cells]
        entry = {"board": {"game": "x-tiles", "tiles": list(tiles)}}
        if player:
            entry["player"] = player
        turns.append(entry)
    return {"game": "x-tiles", "players": list(players), "options": dict(options or {}), "turns": turns}


def test_the_set_has_48_tiles_of_three_colours():
    kit = kit_for_game("x-tiles")
    assert len(kit.tiles) == 48
    for t in kit.tiles:
        b1, s1, b2, s2 = t["sectors"]
        assert len({b1, s1, b2, s2}) == 3 and b1 != b2 and s1 != s2


def test_not_in_set_edge_mismatch_no_turn():
    stock = [xt(0, 0, T, "ew"), xt(0, 1, T, "ns")]
    # (0, 0) ew: e = orange; (0, 1) ns: w = yellow -> the stock tiles mismatch
    rec = {"game": "x-tiles", "players": ["Ann", "Bob"], "turns": [
        {"board": {"game": "x-tiles", "tiles": stock}},
        {"board": {"game": "x-tiles", "tiles": stock + [xt(0, 2, ("red", "blue", "yellow", "orange"), "ew")]}},
    ]}
    res = score_record_data(rec)
    assert rule_ids(res["turns"][0]) == ["x-tiles.edge-mismatch"]
    ids = rule_ids(res["turns"][1])
    assert "x-tiles.not-in-set" in ids and "x-tiles.no-turn" in ids


def test_extra_turn_and_order():
    res = score_record_data(_record([(None, [(1, 0)]), (None, [(1, 1)]), (None, [(2, 0)]), (None, [(2, 1)])]))
    players = [t["player"] for t in res["turns"]]
    extra = [t["extra_turn"] for t in res["turns"]]
    # stock by Ann, Ann plays (touches 1), Bob plays (1,1) touching 2 -> extra turn, Bob again, then Ann
    assert players == ["Ann", "Ann", "Bob", "Bob", "Ann"]
    assert extra == [False, False, True, False, True]
    assert not any("x-tiles.no-turn" in rule_ids(t) for t in res["turns"])


def test_round_won_points_doubling_and_next_starter():
    # Ann places 7 tiles, Bob 2; Ann's 7th touches two tiles -> 2 x 5 = 10 points (target 10)
    steps = [("Ann", [(1, 0)]), ("Bob", [(0, 2)]), ("Ann", [(2, 0)]), ("Bob", [(0, 3)]),
             ("Ann", [(3, 0)]), ("Ann", [(4, 0)]), ("Ann", [(5, 0)]), ("Ann", [(6, 0)]),
             ("Ann", [(1, 1)])]
    res = score_record_data(_record(steps + [("NEW", None, [(10, 10), (10, 11)])]))
    last = res["turns"][9]
    assert last["player"] == "Ann" and last["points"] == 10 and last["extra_turn"] is False
    assert last["breakdown"] == {"opponents_tiles": 5, "doubled": True, "round_points": 10}
    r1 = res["rounds"][0]
    assert r1["winner"] == "Ann" and r1["ended"] == "won" and r1["hands"] == {"Ann": 0, "Bob": 5}
    assert res["turns"][10]["player"] == "Ann"  # the winner starts the next round
    assert res["totals"] == {"Ann": 10, "Bob": 0} and res["winner"] == "Ann"
    single = steps[:-1] + [("Ann", [(7, 0)])]
    res = score_record_data(_record(single, options={"starter": "loser"}))
    assert res["turns"][-1]["points"] == 5 and res["turns"][-1]["breakdown"]["doubled"] is False
    res = score_record_data(_record(single + [("NEW", None, [(10, 10), (10, 11)])], options={"starter": "loser"}))
    assert res["turns"][-1]["player"] == "Bob"  # starter "loser": the opponent with most tiles
    assert res["winner"] == "Ann" and res["target"] == 10  # nobody reached 10: unique highest


def test_passes_end_a_round_without_score_and_same_starter():
    rec = _record([(None, [(1, 0)])])
    same = rec["turns"][-1]["board"]
    rec["turns"] += [{"board": same}, {"board": same}, {"new_round": True, "board": rec["turns"][0]["board"]}]
    res = score_record_data(rec)
    assert [t["player"] for t in res["turns"]] == ["Ann", "Ann", "Bob", "Ann", "Ann"]
    assert res["rounds"][0]["ended"] == "passes" and res["rounds"][0]["winner"] is None
    assert res["rounds"][1]["start_player"] == "Ann"


def test_abandoned_round_and_named_starter():
    rec = _record([(None, [(1, 0)]), ("NEW", "Bob", [(0, 0), (0, 1)]), (None, [(1, 1)])])
    res = score_record_data(rec)
    assert res["rounds"][0]["ended"] == "abandoned"
    assert [t["player"] for t in res["turns"]] == ["Ann", "Ann", "Bob", "Bob"]
    assert res["rounds"][1]["ended"] == "open"


def test_multiple_tiles_counts_in_hand_but_earns_nothing():
    res = score_record_data(_record([(None, [(1, 0), (1, 1)])]))
    t = res["turns"][1]
    assert "x-tiles.multiple-tiles" in rule_ids(t) and t["extra_turn"] is False
    assert res["rounds"][0]["hands"]["Ann"] == 5


def test_default_targets():
    from companion.rules.scoring import default_target
    assert [default_target(n) for n in (2, 3, 4, 5, 6)] == [10, 10, 12, 12, 15]
