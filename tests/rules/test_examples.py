"""The worked examples of RULES.md, and hand-checked positions of every rule id."""
from __future__ import annotations

from companion.rules import score_record_data
from tests.rules.helpers import card, edges, nt, record, rule_ids


def test_textile_L_into_inner_corner_scores_12():
    textile = [nt(0, 0, "red"), nt(0, 1, "yellow"), nt(0, 2, "green"), nt(1, 0, "blue"), nt(2, 0, "red")]
    patch = [nt(1, 1, "white"), nt(1, 2, "red"), nt(2, 1, "green")]
    res = score_record_data(record("textile", [textile, textile + patch]))
    t = res["turns"][1]
    assert t["points"] == 12
    assert t["breakdown"] == {"patch": 3, "knotting_sides": 4}
    assert t["legal"] and t["player"] == "Bob"
    assert sorted(map(tuple, t["placed"])) == [(1, 1), (1, 2), (2, 1)]


def test_textile_rules():
    base = [nt(0, 0, "red"), nt(0, 1, "yellow")]
    # diagonal same colour, and a patch that does not touch the textile
    res = score_record_data(record("textile", [base, base + [nt(1, 2, "yellow")], base + [nt(1, 2, "yellow"), nt(5, 5, "blue")]]))
    # corner contact only: same colour diagonally, and no knotting side
    assert rule_ids(res["turns"][1]) == ["textile.not-knotted", "textile.same-colour-adjacent"]
    assert res["turns"][1]["points"] == 0
    assert "textile.not-knotted" in rule_ids(res["turns"][2])
    six = [nt(1, c, colour) for c, colour in enumerate(["blue", "green", "white", "blue", "green", "white"])]
    res = score_record_data(record("textile", [base, base + six]))
    assert "textile.patch-too-large" in rule_ids(res["turns"][1])
    split = [nt(1, 0, "blue"), nt(-1, 1, "green")]
    res = score_record_data(record("textile", [base, base + split]))
    assert rule_ids(res["turns"][1]) == ["textile.patch-not-connected"]
    assert res["turns"][1]["points"] == 2 * 2


def test_textile_take_turn_scores_zero_and_tie_break():
    a = [nt(0, 0, "red")]
    b = a + [nt(0, 1, "blue")]
    c = b + [nt(1, 0, "yellow"), nt(1, 1, "green")]
    # Ann starts; Bob knots 1x1=1; Ann takes (no change); Bob takes; Ann knots 2 tiles x 2 sides = 4
    res = score_record_data(record("textile", [a, b, b, b, c]))
    assert [t["points"] for t in res["turns"]] == [0, 1, 0, 0, 4]
    assert res["turns"][2]["legal"] and res["turns"][2]["breakdown"] == {"action": "take or discard"}
    assert res["totals"] == {"Ann": 4, "Bob": 1} and res["winner"] == "Ann"
    # A tie: Bob knotted last at entry 1 and Ann at entry 3: Bob's last knot came earlier -> Bob.
    d = b + [nt(1, 0, "yellow")]
    res = score_record_data(record("textile", [a, b, d]))
    assert res["totals"] == {"Ann": 1, "Bob": 1}
    assert res["winner"] == "Bob"


def test_octopus_example_scores_5():
    prev = [nt(0, 1, "red", 5), nt(0, 2, "red", 2), nt(0, 3, "blue", 2), nt(-1, 0, "green", 3),
            nt(-2, 0, "yellow", 3), nt(-3, 0, "yellow", 1), nt(1, -1, "red", 6)]
    res = score_record_data(record("octopus", [prev, prev + [nt(0, 0, "red", 3)]]))
    t = res["turns"][1]
    assert t["points"] == 5 and t["breakdown"] == {"colour": 3, "pips": 2}
    assert t["legal"]


def test_octopus_violations():
    a = [nt(0, 0, "red", 1)]
    res = score_record_data(record("octopus", [a, a + [nt(0, 1, "red", 1), nt(5, 5, "blue", 2)]]))
    assert rule_ids(res["turns"][1]) == ["octopus.duplicate-tile", "octopus.multiple-tiles",
                                         "octopus.not-adjacent"]
    dup = next(v for v in res["turns"][1]["violations"] if v["rule"] == "octopus.duplicate-tile")
    assert dup["cells"] == [[0, 0], [0, 1]]
    # with two sets a duplicate is fine; each of the two tiles is scored against the state after
    res = score_record_data(record("octopus", [a, a + [nt(0, 1, "red", 1)]], options={"sets": 2}))
    assert res["turns"][1]["legal"] and res["turns"][1]["points"] == 2
    # first tile scores 0 whoever it is; a tie has no winner
    assert res["turns"][0]["points"] == 0
    res = score_record_data(record("octopus", [a, a + [nt(0, 1, "blue", 2)]]))
    assert res["totals"] == {"Ann": 0, "Bob": 0} and res["winner"] is None


BORDERS = {"n": "blue", "e": "red", "s": "green", "w": "yellow"}


def test_twelve_tiles_example_2_connections_1_misconnection_1_border_scores_3():
    prev = [edges(0, 2, "blue", "red", "blue", "blue"), edges(1, 2, "blue", "red", "red", "red"),
            edges(1, 3, "green", "red", "red", "red"), edges(1, 4, "red", "red", "red", "red"),
            edges(0, 4, "blue", "blue", "red", "red")]
    new = edges(0, 3, "blue", "red", "green", "yellow")
    res = score_record_data(record("twelve-tiles", [prev, prev + [new]], options={"borders": BORDERS}))
    t = res["turns"][1]
    assert t["breakdown"] == {"connections": 2, "misconnections": 1, "border_matches": 1}
    assert t["points"] == 3
    assert res["perfect"] is False


def test_twelve_tiles_first_tile_scored_borders_and_frame():
    corner = edges(0, 0, "blue", "green", "green", "yellow")
    res = score_record_data(record("twelve-tiles", [[corner], [corner, edges(0, 8, "blue", "blue", "blue", "blue")]],
                                   options={"borders": BORDERS}))
    assert res["turns"][0]["points"] == 2  # n and w border matches on the first tile
    assert "twelve-tiles.outside-board" in rule_ids(res["turns"][1])
    # four connections score 10
    centre = [edges(3, 4, "blue", "blue", "red", "blue"), edges(4, 5, "blue", "blue", "blue", "green"),
              edges(5, 4, "yellow", "blue", "blue", "blue"), edges(4, 3, "blue", "blue", "blue", "blue")]
    res = score_record_data(record("twelve-tiles", [centre, centre + [edges(4, 4, "red", "green", "yellow", "blue")]],
                                   options={"borders": BORDERS}))
    assert res["turns"][1]["points"] == 10
    # duplicate pattern up to quarter turns
    res = score_record_data(record("twelve-tiles", [[corner], [corner, edges(1, 0, "green", "yellow", "blue", "green")]]))
    assert "twelve-tiles.duplicate-tile" in rule_ids(res["turns"][1])


def test_tapestry_contacts_exchange_and_discard_score():
    start = [card(0, 0, "red", "rock"), card(1, 1, "orange", "paper"), card(2, 2, "yellow", "scissors"),
             card(3, 3, "green", "rock")]
    ok = start + [card(0, 1, "orange", "scissors")]
    clash = ok + [card(1, 0, "purple", "rock")]
    res = score_record_data(record("tapestry", [start, ok, clash], players=["Solo"]))
    assert res["turns"][1]["legal"]
    # purple-rock at (1, 0): purple/red and purple/orange clash, rock meets rock
    assert rule_ids(res["turns"][2]) == ["tapestry.colour-clash", "tapestry.colour-clash",
                                         "tapestry.same-symbol"]
    # exchange at (3, 3): paper beats the rock there -> legal; scissors do not beat rock
    ex_ok = ok[:3] + [card(3, 3, "blue", "paper")] + ok[4:]
    res = score_record_data(record("tapestry", [start, ok, ex_ok], players=["Solo"]))
    t = res["turns"][2]
    assert t["legal"] and t["placed"] == [[3, 3]] and t["changed"] == [[3, 3]]
    ex_bad = ok[:3] + [card(3, 3, "blue", "scissors")] + ok[4:]
    res = score_record_data(record("tapestry", [start, ok, ex_bad], players=["Solo"]))
    assert rule_ids(res["turns"][2]) == ["tapestry.bad-exchange"]
    # an exchange that breaks a contact rule against a card on the table reports both
    ex_clash = [card(0, 0, "purple", "paper")] + ok[1:]  # paper beats rock, purple clashes with orange
    res = score_record_data(record("tapestry", [start, ok, ex_clash], players=["Solo"]))
    assert rule_ids(res["turns"][2]) == ["tapestry.bad-exchange", "tapestry.colour-clash"]
    # discard score: only the last entry scores, 72 minus the tapestry's card values
    last = res["turns"][-1]
    values = {"red": 0, "purple": 0, "orange": 1, "blue": 1, "yellow": 2, "green": 2}
    assert last["points"] == 72 - sum(values[c["colour"]] for c in ex_clash) == 66
    assert all(t["points"] == 0 for t in res["turns"][:-1])
    assert res["winner"] is None and res["complete"] is False


def test_tapestry_too_wide_and_time_rank():
    start = [card(0, 0, "red", "rock"), card(1, 1, "orange", "paper"), card(2, 2, "yellow", "scissors"),
             card(3, 3, "green", "rock")]
    row = [card(0, c, ["orange", "red"][c % 2], ["paper", "rock"][c % 2]) for c in range(1, 9)]
    res = score_record_data(record("tapestry", [start, start + row], players=["Solo"],
                                   options={"mode": "time", "elapsed_s": 600}))
    wide = [v for v in res["turns"][1]["violations"] if v["rule"] == "tapestry.too-wide"]
    assert len(wide) == 1 and wide[0]["cells"] == [[0, c] for c in range(4, 9)]
    assert res["rank"] == "lost"


def test_tapestry_complete_game_wins_and_ranks():
    from companion.rules.games import time_rank
    colours = ["red", "orange", "yellow", "green", "blue", "purple"]
    symbols = ["rock", "paper", "scissors"]
    # rows alternate two neighbouring colours; symbols cycle so neighbours differ
    full = [card(r, c, colours[(r // 2 + c // 4) % 2 + 2], symbols[(r + c) % 3]) for r in range(8) for c in range(8)]
    start = [t for t in full if t["row"] == t["col"] and t["row"] < 4]
    res = score_record_data(record("tapestry", [start, full], players=["Solo"],
                                   options={"mode": "time", "elapsed_s": 1250}))
    assert res["complete"] is True and res["winner"] == "Solo" and res["rank"] == "Advanced"
    assert [time_rank(s) for s in (0, 599, 600, 1199, 1200, 2399, 2400, 9999)] == [
        "Cosmic", "Cosmic", "Legendary", "Legendary", "Advanced", "Normal", "Rookie", "Rookie"]


def test_board_rules_removed_changed():
    a = [nt(0, 0, "red", 1), nt(0, 1, "blue", 2), nt(0, 2, "green", 3)]
    b = [nt(0, 0, "red", 1), nt(0, 1, "blue", 4)]
    res = score_record_data(record("octopus", [a, b]))
    assert rule_ids(res["turns"][1]) == ["board.tile-changed", "board.tile-removed"]
    assert res["turns"][1]["points"] == 0


def test_twelve_tiles_frame_alignment_by_borders():
    from companion.rules import board_from_dict, board_to_dict
    prev = [edges(0, 0, "blue", "green", "green", "yellow"), edges(0, 1, "blue", "red", "red", "green")]
    new = prev + [edges(1, 1, "red", "red", "red", "red")]
    rec = record("twelve-tiles", [prev, new])
    for entry in rec["turns"]:
        entry["board"]["borders"] = dict(BORDERS)
    base = score_record_data(rec)
    # the second photo taken from the other side of the table: the frame turned by a half turn
    turned = board_to_dict(board_from_dict(rec["turns"][1]["board"]).turned(2, frame=True))
    rec["turns"][1]["board"] = turned
    res = score_record_data(rec)
    assert res["turns"][1]["alignment"]["quarter_turns"] == 2
    assert res["turns"][1]["placed"] == [[6, 6]]
    assert res["turns"][1]["points"] == base["turns"][1]["points"]
    # a misread border: no turn carries the borders over, the tiles decide
    turned["borders"]["n"] = "red"
    res = score_record_data(rec)
    assert res["turns"][1]["alignment"]["quarter_turns"] == 2 and res["turns"][1]["placed"] == [[6, 6]]
