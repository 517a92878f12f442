"""Differential test: the product's rule core against an independent scorer written from RULES.md.

Random records come from ``companion.rules.generate.random_record``; they are then mutated to
carry illegal turns and every entry is turned/shifted at random, and both scorers must agree per
turn (player, points, legal, violation rule ids, extra_turn) and on totals and winner.

The independent scorer lives in ``tests/rules/independent/scorer.py`` and shares no code with
``companion``.  A big campaign runs outside the suite:

    python tests/rules/test_differential.py GAME... --records 2000 [--seed0 N]
"""
from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from independent import scorer as indep  # noqa: E402

from companion.rules import score_record_data  # noqa: E402  (the thing under test, a black box)
from companion.rules.generate import random_record  # noqa: E402

GAMES = ["textile", "octopus", "x-tiles", "tapestry", "twelve-tiles"]
SIDES = ("n", "e", "s", "w")
NESTOR = ["white", "black", "red", "orange", "yellow", "green", "blue", "purple", "pink", "brown"]
XT_COLOURS = ["orange", "red", "yellow", "blue"]
TT_COLOURS = ["blue", "red", "green", "yellow"]
RAINBOW = ["red", "orange", "yellow", "green", "blue", "purple"]
SYMBOLS = ["rock", "paper", "scissors"]
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


# ---------------------------------------------------------------------------------------------
# Turning boards (FORMATS.md): quarter turn clockwise (row, col) -> (col, -row), edges n->e ...
# ---------------------------------------------------------------------------------------------
def _turn_edges(e: dict, k: int) -> dict:
    out = dict(e)
    for _ in range(k % 4):
        out = {"e": out["n"], "s": out["e"], "w": out["s"], "n": out["w"]}
    return out


def turn_board(board: dict, k: int, dr: int, dc: int, frame: bool = False) -> dict:
    b = copy.deepcopy(board)
    for t in b.get("tiles", []):
        r, c = t["row"], t["col"]
        for _ in range(k % 4):
            r, c = (c, 7 - r) if frame else (c, -r)
        t["row"], t["col"] = r + dr, c + dc
        if "edges" in t and isinstance(t["edges"], dict):
            t["edges"] = _turn_edges(t["edges"], k)
        if k % 2 and t.get("long_axis") in ("ew", "ns"):
            t["long_axis"] = {"ew": "ns", "ns": "ew"}[t["long_axis"]]
    if isinstance(b.get("borders"), dict):
        b["borders"] = _turn_edges(b["borders"], k)
    return b


# ---------------------------------------------------------------------------------------------
# Mutations
# ---------------------------------------------------------------------------------------------
def random_tile(game: str, rng: random.Random, r: int, c: int, bad: bool = False) -> dict:
    t: dict[str, Any] = {"row": r, "col": c}
    if game in ("textile", "octopus"):
        t["colour"] = rng.choice(NESTOR[2:7] if game == "textile" else NESTOR)
        if game == "octopus" or rng.random() < 0.5:
            t["pips"] = rng.randint(1, 6)
    elif game == "tapestry":
        t["colour"] = rng.choice(RAINBOW)
        t["symbol"] = rng.choice(SYMBOLS)
    elif game == "x-tiles":
        t["edges"] = {s: rng.choice(XT_COLOURS) for s in SIDES}
        t["long_axis"] = rng.choice(["ew", "ns"])
        if not bad and rng.random() < 0.7:
            # a real tile: (big, small, big, small) with exactly 3 colours, a big/small pair shared
            seq = rng.choice(sorted(indep.XT_SET))
            b1, s1, b2, s2 = seq
            if t["long_axis"] == "ew":
                t["edges"] = {"e": b1, "s": s1, "w": b2, "n": s2}
            else:
                t["edges"] = {"n": b1, "e": s1, "s": b2, "w": s2}
    elif game == "twelve-tiles":
        t["edges"] = {s: rng.choice(TT_COLOURS) for s in SIDES}
    return t


def _cells(board: dict) -> set:
    return {(t["row"], t["col"]) for t in board.get("tiles", [])}


def _empty_neighbours(board: dict) -> list:
    cells = _cells(board)
    out = set()
    for r, c in cells:
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if (r + dr, c + dc) not in cells:
                out.add((r + dr, c + dc))
    return sorted(out)


def mutate_record(rec: dict, rng: random.Random, rate: float = 0.25) -> dict:
    """Illegal turns: stray far tiles, removed/changed tiles, several tiles at once, passes, tiles
    not in the set, named players, spliced x-tiles rounds.  Mutations carry forward (a tile added
    stays on the table in later entries), as on a real table."""
    game = rec["game"]
    rec = copy.deepcopy(rec)
    turns = rec["turns"]
    # x-tiles: jump from the middle of a round to a later round start (abandons the open round);
    # sometimes name the start player of a new round
    if game == "x-tiles":
        starts = [j for j, e in enumerate(turns) if e.get("new_round")]
        if starts and rng.random() < 0.3:
            j = rng.choice(starts)
            cut = rng.randint(1, j)
            turns[:] = turns[:cut] + turns[j:]
        for e in turns:
            if e.get("new_round") and rng.random() < 0.2:
                e["player"] = rng.choice(rec["players"])
    out = [turns[0]]
    carry_add: list[dict] = []  # tiles added by mutations (in the generator's coordinates)
    carry_del: set = set()
    carry_chg: dict = {}
    for i in range(1, len(turns)):
        e = copy.deepcopy(turns[i])
        if e.get("new_round"):
            carry_add, carry_del, carry_chg = [], set(), {}
            out.append(e)
            continue
        b = e["board"]
        # re-apply earlier mutations
        tiles = [t for t in b["tiles"] if (t["row"], t["col"]) not in carry_del]
        for t in tiles:
            if (t["row"], t["col"]) in carry_chg:
                t.update(carry_chg[(t["row"], t["col"])])
        occupied = {(t["row"], t["col"]) for t in tiles}
        tiles += [copy.deepcopy(t) for t in carry_add if (t["row"], t["col"]) not in occupied]
        b["tiles"] = tiles
        if rng.random() < rate:
            kind = rng.choice(["stray", "remove", "change", "several", "pass", "badtile", "named",
                               "stray", "several", "passrun"])
            if kind == "stray" and tiles:
                r0 = max(t["row"] for t in tiles) + rng.randint(3, 12)
                t = random_tile(game, rng, r0, rng.randint(-5, 5))
                tiles.append(t)
                carry_add.append(copy.deepcopy(t))
            elif kind == "remove" and len(tiles) > 1:
                t = rng.choice(tiles)
                tiles.remove(t)
                carry_del.add((t["row"], t["col"]))
            elif kind == "change" and tiles:
                t = rng.choice(tiles)
                n = random_tile(game, rng, t["row"], t["col"])
                n.pop("row"), n.pop("col")
                t.update(n)
                carry_chg[(t["row"], t["col"])] = n
            elif kind == "several" and tiles:
                spots = _empty_neighbours(b)
                for (r, c) in rng.sample(spots, min(len(spots), rng.randint(2, 3))):
                    t = random_tile(game, rng, r, c)
                    tiles.append(t)
                    carry_add.append(copy.deepcopy(t))
            elif kind == "pass":
                out.append({"board": copy.deepcopy(out[-1]["board"])} if "board" in out[-1] else e)
            elif kind == "badtile" and tiles:
                spots = _empty_neighbours(b)
                r, c = rng.choice(spots)
                t = random_tile(game, rng, r, c, bad=True)
                tiles.append(t)
                carry_add.append(copy.deepcopy(t))
            elif kind == "named":
                e["player"] = rng.choice(rec["players"])
            elif kind == "passrun":
                # as many passes in a row as there are players (x-tiles: ends the round), or one
                # fewer, possibly broken by a removal
                n = len(rec["players"]) - rng.randint(0, 1)
                for _ in range(n):
                    out.append({"board": copy.deepcopy(out[-1]["board"])})
        out.append(e)
    rec["turns"] = out
    return rec


def scramble(rec: dict, rng: random.Random) -> dict:
    """Turn and shift every entry's board at random (frame boards only within their frame)."""
    rec = copy.deepcopy(rec)
    for e in rec["turns"]:
        b = e.get("board")
        if b is None:
            continue
        k = rng.randrange(4)
        if rec["game"] == "twelve-tiles":
            if isinstance(b.get("borders"), dict):
                e["board"] = turn_board(b, k, 0, 0, frame=True)
            elif not (rec.get("options") or {}).get("borders"):
                # no frame known at all: a free board
                e["board"] = turn_board(b, k, rng.randint(-6, 6), rng.randint(-6, 6))
            # boards without their own borders take options.borders: not turned
        else:
            e["board"] = turn_board(b, k, rng.randint(-6, 6), rng.randint(-6, 6))
    return rec


def complete_tapestry(rec: dict, rng: random.Random) -> dict:
    """Append entries filling the 8x8 box around the cards, one card per entry, so that the last
    state is complete (contacts are random, so usually illegal)."""
    rec = copy.deepcopy(rec)
    tiles = copy.deepcopy(rec["turns"][-1]["board"]["tiles"])
    rows = [t["row"] for t in tiles]
    cols = [t["col"] for t in tiles]
    if max(rows) - min(rows) > 7 or max(cols) - min(cols) > 7:
        return rec
    r0 = min(rows) - rng.randint(0, 7 - (max(rows) - min(rows)))
    c0 = min(cols) - rng.randint(0, 7 - (max(cols) - min(cols)))
    cells = {(t["row"], t["col"]) for t in tiles}
    while len(cells) < 64:
        grow = [(r, c) for r in range(r0, r0 + 8) for c in range(c0, c0 + 8) if (r, c) not in cells
                and any((r + dr, c + dc) in cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))]
        r, c = rng.choice(grow)
        cells.add((r, c))
        tiles.append(random_tile("tapestry", rng, r, c))
        rec["turns"].append({"board": {"game": "tapestry", "tiles": copy.deepcopy(tiles)}})
    return rec


def walk_record(game: str, rng: random.Random, players: list[str]) -> dict:
    """A record built here, not by the product's generator: random placements next to the layout
    (legal or not), passes, removals, changes, several tiles, strays, named players and, for
    x-tiles, new rounds.  Reaches the rule paths the generator's mostly legal games rarely do."""
    options: dict[str, Any] = {}
    if game == "x-tiles":
        options["target"] = rng.choice([3, 5, 8, None])
        if options["target"] is None:
            del options["target"]
        if rng.random() < 0.5:
            options["starter"] = rng.choice(["winner", "loser"])
    if game == "twelve-tiles":
        options["borders"] = dict(zip(SIDES, rng.sample(TT_COLOURS, 4)))
    if game == "octopus" and rng.random() < 0.3:
        options["sets"] = 2
    if game == "tapestry" and rng.random() < 0.5:
        options.update(mode="time", elapsed_s=rng.choice([0, 599, 600, 1199, 1200, 2400, 3000]))

    def start_tiles():
        if game == "x-tiles":
            a = random_tile(game, rng, 0, 0)
            b = random_tile(game, rng, *rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0), (2, 2)]))
            return [a, b]
        if game == "tapestry":
            return [random_tile(game, rng, i, i) for i in range(4)]
        if game == "twelve-tiles":
            return [random_tile(game, rng, rng.randint(0, 7), rng.randint(0, 7))]
        return [random_tile(game, rng, 0, 0)]

    tiles = start_tiles()
    turns = [{"board": {"game": game, "tiles": copy.deepcopy(tiles)}}]
    if rng.random() < 0.2:
        turns[0]["player"] = rng.choice(players)
    for _ in range(rng.randint(1, 60)):
        e: dict[str, Any] = {}
        u = rng.random()
        cells = {(t["row"], t["col"]) for t in tiles}
        spots = _empty_neighbours({"tiles": tiles}) if tiles else [(0, 0)]
        if game == "twelve-tiles" and rng.random() < 0.9:
            spots = [p for p in spots if 0 <= p[0] <= 7 and 0 <= p[1] <= 7] or spots
        if u < 0.55:
            r, c = rng.choice(spots)
            tiles.append(random_tile(game, rng, r, c))
        elif u < 0.7:
            pass  # pass / take / discard
        elif u < 0.76:
            for (r, c) in rng.sample(spots, min(len(spots), rng.randint(2, 3))):
                tiles.append(random_tile(game, rng, r, c))
        elif u < 0.8 and len(tiles) > 1:
            tiles.remove(rng.choice(tiles))
        elif u < 0.86 and tiles:
            t = rng.choice(tiles)
            n = random_tile(game, rng, t["row"], t["col"])
            t.update({k: v for k, v in n.items() if k not in ("row", "col")})
            if game == "tapestry" and rng.random() < 0.5:  # exchange plus a new card
                r, c = rng.choice(spots)
                tiles.append(random_tile(game, rng, r, c))
        elif u < 0.9 and cells:
            r = max(p[0] for p in cells) + rng.randint(2, 9)
            tiles.append(random_tile(game, rng, r, rng.randint(-3, 3)))
        elif u < 0.95 and game == "x-tiles":
            tiles = start_tiles()
            e["new_round"] = True
        if rng.random() < 0.12:
            e["player"] = rng.choice(players)
        e["board"] = {"game": game, "tiles": copy.deepcopy(tiles)}
        if game == "twelve-tiles" and rng.random() < 0.7:
            e["board"]["borders"] = dict(options["borders"])
        turns.append(e)
    return {"game": game, "players": list(players), "options": options, "turns": turns}


def make_record(game: str, seed: int, mutate: bool = True, fast: bool = False) -> dict:
    rng = random.Random(seed)
    n = 1 if game == "tapestry" else rng.randint(2, 4 if game != "x-tiles" else 4)
    players = NAMES[:n]
    if mutate and rng.random() < 0.3:
        return scramble(walk_record(game, rng, players), rng)
    short = game != "x-tiles" and rng.random() < 0.15  # short games: many tied totals
    n_turns = rng.randint(1, 4) if short else None
    if game == "x-tiles" and fast:
        n_turns = rng.randint(20, 50)
    rec = random_record(game, random.Random(seed), players=players, n_turns=n_turns)
    if game == "tapestry" and rng.random() < 0.3:
        rec = complete_tapestry(rec, rng)
        if rng.random() < 0.5:
            mutate = False  # keep it complete
    if game == "tapestry" and rng.random() < 0.3:
        rec.setdefault("options", {}).update(mode="time", elapsed_s=rng.randint(0, 3000))
    if game == "x-tiles" and rng.random() < 0.3:
        rec.setdefault("options", {})["starter"] = "loser"
    if game == "octopus" and rng.random() < 0.2:
        rec.setdefault("options", {})["sets"] = 2
    if mutate:
        rec = mutate_record(rec, rng, rate=rng.choice([0.1, 0.25, 0.5]))
    if game == "twelve-tiles" and rng.random() < 0.3:
        # options.borders applies to boards without their own
        for e in rec["turns"]:
            if rng.random() < 0.4 and "board" in e:
                e["board"].pop("borders", None)
    elif game == "twelve-tiles" and rng.random() < 0.1:
        # no frame known at all: free alignment, no border matches, no outside-board
        rec.get("options", {}).pop("borders", None)
        for e in rec["turns"]:
            if "board" in e:
                e["board"].pop("borders", None)
    return scramble(rec, rng)


# ---------------------------------------------------------------------------------------------
# Comparison
# ---------------------------------------------------------------------------------------------
def _ids(turn: dict) -> list:
    return sorted(v["rule"] for v in turn.get("violations", []))


def compare(rec: dict, multiset: bool = True, want: dict | None = None) -> list[str]:
    """Differences between the product and the independent scorer; [] when they agree."""
    if want is None:
        want = indep.score(copy.deepcopy(rec))
    try:
        got = score_record_data(copy.deepcopy(rec))
    except Exception as exc:  # noqa: BLE001
        return [f"product raised {type(exc).__name__}: {exc}"]
    diffs = []
    gt, wt = got.get("turns", []), want["turns"]
    if len(gt) != len(wt):
        diffs.append(f"turn count {len(gt)} != {len(wt)}")
    for i, (g, w) in enumerate(zip(gt, wt)):
        gi, wi = _ids(g), _ids(w)
        if not multiset:
            gi, wi = sorted(set(gi)), sorted(set(wi))
        for key, a, b in (("player", g.get("player"), w["player"]), ("points", g.get("points"), w["points"]),
                          ("legal", g.get("legal"), w["legal"]), ("rules", gi, wi),
                          ("extra_turn", bool(g.get("extra_turn")), w["extra_turn"])):
            if a != b:
                diffs.append(f"entry {i} {key}: product {a!r} independent {b!r}")
    if got.get("totals") != want["totals"]:
        diffs.append(f"totals: product {got.get('totals')} independent {want['totals']}")
    if got.get("winner") != want["winner"]:
        diffs.append(f"winner: product {got.get('winner')!r} independent {want['winner']!r}")
    for key in ("perfect", "complete", "rank"):
        if key in want and got.get(key) != want[key]:
            diffs.append(f"{key}: product {got.get(key)!r} independent {want[key]!r}")
    return diffs


# Disagreement classes that are genuine ambiguities of RULES.md (reported); records hitting them
# are filtered out of the committed test.  Each returns True when the record is affected.
def known_ambiguity(rec: dict, want: dict | None = None) -> str | None:
    """The first genuine ambiguity of RULES.md that the record runs into (see the report in the
    module docstring of the independent scorer), or None."""
    if want is None:
        want = indep.score(copy.deepcopy(rec))
    notes = want.get("notes") or []
    if notes:
        return notes[0]["ambiguity"]
    return None


# ~200 records in all; x-tiles records are long (about 130 entries), so fewer of them.
N_MUTATED = {"textile": 45, "octopus": 40, "x-tiles": 25, "tapestry": 30, "twelve-tiles": 30}


@pytest.mark.parametrize("game", GAMES)
def test_unmutated_records_agree(game):
    for seed in range(3):
        rec = make_record(game, 1000 + seed, mutate=False)
        assert compare(rec) == [], json.dumps(rec)[:2000]


@pytest.mark.parametrize("game", GAMES)
def test_mutated_records_agree(game):
    failures = []
    skipped = 0
    for seed in range(N_MUTATED[game]):
        rec = make_record(game, seed, fast=True)
        want = indep.score(copy.deepcopy(rec))
        if known_ambiguity(rec, want):
            skipped += 1  # reported ambiguity: the two readings may legitimately differ
            continue
        d = compare(rec, want=want)
        if d:
            failures.append((seed, d[:5]))
    assert not failures, failures[:5]
    assert skipped < N_MUTATED[game] // 3


def test_alignment_without_match_is_the_known_ambiguity():
    """When no previous tile lands on an identical tile (the start tile changed plus a tile placed),
    RULES.md convention 2 gives no finite answer.  The independent scorer then prefers the
    overlap with the fewest violations (a change); the product keeps the untransformed board
    (a removal plus a placement).  Reported; kept here so that a change of either side shows."""
    rec = {"game": "octopus", "players": ["Ann", "Bob"], "options": {}, "turns": [
        {"board": {"game": "octopus", "tiles": [{"row": -2, "col": 4, "colour": "blue", "pips": 6}]}},
        {"board": {"game": "octopus", "tiles": [{"row": 0, "col": 7, "colour": "orange", "pips": 1},
                                                {"row": 0, "col": 6, "colour": "white", "pips": 1}]}}]}
    want = indep.score(copy.deepcopy(rec))
    assert known_ambiguity(rec, want) == "alignment-without-match"
    got = score_record_data(copy.deepcopy(rec))
    assert _ids(want["turns"][1]) == ["board.tile-changed"]
    assert want["turns"][1]["points"] == 1
    if _ids(got["turns"][1]) != _ids(want["turns"][1]):
        pytest.xfail("RULES.md convention 2 is silent when nothing matches (reported ambiguity)")


def test_scramble_is_a_symmetry_of_the_independent_scorer():
    """Turning/shifting entries must not change the independent scores (sanity of the harness)."""
    for game in GAMES:
        for seed in range(2):
            rec = make_record(game, 500 + seed)
            a = indep.score(rec)
            b = indep.score(scramble(rec, random.Random(seed)))
            assert [t["points"] for t in a["turns"]] == [t["points"] for t in b["turns"]]
            assert a["totals"] == b["totals"]


def test_adjacent_exchanges_clash_listed_once():
    """Two adjacent Tapestry cards exchanged in one turn that clash: one broken contact, listed
    once, both exchanges bad.  (Found by this test: the product listed it once per exchange, and
    the extra violation flipped the "fewer violations" alignment tie-break to two removals plus
    two new cards.)"""
    prev = [{"row": 0, "col": 0, "colour": "red", "symbol": "rock"},
            {"row": 0, "col": 1, "colour": "orange", "symbol": "paper"},
            {"row": 1, "col": 1, "colour": "yellow", "symbol": "rock"}]
    cur = [{"row": 0, "col": 0, "colour": "red", "symbol": "paper"},
           {"row": 0, "col": 1, "colour": "purple", "symbol": "scissors"},
           {"row": 1, "col": 1, "colour": "yellow", "symbol": "rock"}]
    rec = {"game": "tapestry", "players": ["Ann"], "options": {}, "turns": [
        {"board": {"game": "tapestry", "tiles": prev}}, {"board": {"game": "tapestry", "tiles": cur}}]}
    want = indep.score(copy.deepcopy(rec))
    assert known_ambiguity(rec, want) is None
    assert _ids(want["turns"][1]) == ["tapestry.bad-exchange", "tapestry.bad-exchange",
                                      "tapestry.colour-clash", "tapestry.colour-clash"]
    assert compare(rec, want=want) == []


# ---------------------------------------------------------------------------------------------
# Campaign outside the suite
# ---------------------------------------------------------------------------------------------
def _main(argv: list[str]) -> int:
    import argparse
    import collections

    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", default=GAMES)
    ap.add_argument("--records", type=int, default=500)
    ap.add_argument("--seed0", type=int, default=100000)
    ap.add_argument("--sets", action="store_true", help="compare rule-id sets, not multisets")
    ap.add_argument("--dump", default="")
    ap.add_argument("--nomutate", action="store_true")
    ap.add_argument("--all", action="store_true", help="compare records with known ambiguities too")
    a = ap.parse_args(argv)
    classes: dict = collections.Counter()
    examples: dict = {}
    for game in a.games:
        bad = 0
        for s in range(a.seed0, a.seed0 + a.records):
            rec = make_record(game, s, mutate=not a.nomutate)
            want = indep.score(copy.deepcopy(rec))
            amb = known_ambiguity(rec, want)
            if amb:
                classes[(game, "ambiguity " + amb)] += 1
                examples.setdefault((game, "ambiguity " + amb), (s, ""))
                if not a.all:
                    continue
            d = compare(rec, multiset=not a.sets, want=want)
            if d:
                bad += 1
                for line in d:
                    cls = game + " " + " ".join(w for w in line.split()[2:4] if not w.isdigit())
                    cls = line.split(":")[0].split(" ", 2)[-1] if line.startswith("entry") else line.split(":")[0]
                    key = (game, cls)
                    classes[key] += 1
                    examples.setdefault(key, (s, line))
        print(f"{game}: {a.records} records, {bad} with differences", flush=True)
    for key, n in classes.most_common():
        print(n, key, examples[key])
    if a.dump:
        Path(a.dump).write_text(json.dumps({f"{k[0]}|{k[1]}": v for k, v in examples.items()}))
    return 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
