"""Invariants, by property tests: turning or shifting the states changes no score; totals add up;
board JSON round-trips; generated games are legal."""
from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from companion.rules import board_from_dict, board_to_dict, score_record_data
from companion.rules.board import EDGE_NAMES
from companion.rules.generate import random_position, random_record

GAMES = ["textile", "octopus", "x-tiles", "tapestry", "twelve-tiles"]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _turn_board(board: dict, k: int, dr: int, dc: int) -> dict:
    """Turn a board document k quarter turns clockwise (within the frame when it has borders)."""
    b = board_from_dict(board)
    if b.has_frame:
        b = b.turned(k, frame=True)
    else:
        b = b.turned(k).shifted(dr, dc)
    return board_to_dict(b)


def _comparable(res: dict) -> dict:
    return {
        "turns": [(t["player"], t["points"], t["legal"], sorted(v["rule"] for v in t["violations"]),
                   t["extra_turn"], len(t["placed"])) for t in res["turns"]],
        "totals": res["totals"], "winner": res["winner"],
        "extra": {k: res.get(k) for k in ("perfect", "complete", "rank", "rounds")},
    }


def _with_board_borders(rec: dict) -> dict:
    """Move twelve-tiles option borders onto every board, so each board can turn on its own."""
    rec = copy.deepcopy(rec)
    borders = rec.get("options", {}).pop("borders", None)
    if borders:
        for entry in rec["turns"]:
            entry["board"]["borders"] = dict(borders)
    return rec


def _mutate(rec: dict, rng: random.Random) -> dict:
    """Make some turns illegal: a stray tile far away, a removed tile, two tiles at once."""
    rec = copy.deepcopy(rec)
    turns = rec["turns"]
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(1, len(turns)) if len(turns) > 1 else 0
        tiles = turns[i]["board"]["tiles"]
        choice = rng.random()
        if choice < 0.4 and len(tiles) > 2:
            tiles.pop(rng.randrange(len(tiles)))
        elif tiles:
            t = copy.deepcopy(rng.choice(tiles))
            t["row"] += rng.choice([20, -20])
            if all((o["row"], o["col"]) != (t["row"], t["col"]) for o in tiles):
                tiles.append(t)
    return rec


@SETTINGS
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), data=st.data())
def test_turning_and_shifting_every_state_changes_no_score(game, seed, data):
    rng = random.Random(seed)
    rec = _with_board_borders(random_record(game, rng, players=["Ann", "Bob", "Cy"]))
    if data.draw(st.booleans()):
        rec = _mutate(rec, rng)
    base = score_record_data(rec)
    # Where several alignments are equally good (Textile colours repeat, say), convention 2 takes
    # the smallest transform, which depends on each photo's own orientation: not an invariant.
    # Nor where no previous tile is left to anchor the alignment (all changed or removed).
    assume(all(t["alignment"]["ties"] == 1 for t in base["turns"]))
    assume(all(t["alignment"]["matches"] > 0 or i == 0 or t["kind"] == "new-round"
               for i, t in enumerate(base["turns"])))
    moved = copy.deepcopy(rec)
    for entry in moved["turns"]:
        k = data.draw(st.integers(0, 3))
        dr, dc = data.draw(st.integers(-9, 9)), data.draw(st.integers(-9, 9))
        entry["board"] = _turn_board(entry["board"], k, dr, dc)
    assert _comparable(score_record_data(moved)) == _comparable(base)


@SETTINGS
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), mutate=st.booleans())
def test_totals_are_the_sum_of_turn_points(game, seed, mutate):
    rng = random.Random(seed)
    rec = random_record(game, rng, players=["Ann", "Bob", "Cy"])
    if mutate:
        rec = _mutate(rec, rng)
    res = score_record_data(rec)
    sums = {p: 0 for p in res["players"]}
    for t in res["turns"]:
        sums[t["player"]] += t["points"]
        assert t["legal"] == (not t["violations"])
    assert sums == res["totals"]


@SETTINGS
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000))
def test_generated_games_are_legal(game, seed):
    res = score_record_data(random_record(game, random.Random(seed), players=["Ann", "Bob"]))
    assert all(t["legal"] for t in res["turns"]), [t["violations"] for t in res["turns"] if not t["legal"]]


@SETTINGS
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000))
def test_board_json_round_trips(game, seed):
    board = random_position(game, random.Random(seed))
    doc = board_to_dict(board)
    assert board_from_dict(doc) == board
    assert board_to_dict(board_from_dict(doc)) == doc


@SETTINGS
@given(seed=st.integers(0, 10_000), k=st.integers(0, 3))
def test_four_quarter_turns_are_the_identity(seed, k):
    board = random_position("x-tiles", random.Random(seed))
    assert board.turned(k).turned(4 - k) == board
    tt = random_position("twelve-tiles", random.Random(seed))
    assert tt.turned(k, frame=True).turned(4 - k, frame=True) == tt
    for (r, c), tile in board.tiles.items():
        turned = board.turned(1).tiles[(c, -r)]
        assert turned.edges is not None and tile.edges is not None
        assert dict(zip(EDGE_NAMES, turned.edges))["e"] == dict(zip(EDGE_NAMES, tile.edges))["n"]
        assert {tile.long_axis, turned.long_axis} == {"ew", "ns"}
