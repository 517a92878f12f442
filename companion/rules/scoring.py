"""Scoring a game record: alignment, move, checks, points, turn order, rounds, winner.

This is the one implementation of RULES.md's "Scoring conventions of score" that the command
line, the sessions and the app all call. Every turn is evaluated against the previous entry's
state aligned to its own coordinates (:mod:`companion.rules.align`).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from companion.rules.align import IDENTITY, Alignment, candidate_alignments, frame_aligned
from companion.rules.board import Board, Cell
from companion.rules.games import (
    GameRules, Move, Points, Tapestry, TurnContext, infer_move, rules_for, time_rank, touches,
)
from companion.rules.record import PhotoReader, Record, record_from_dict
from companion.rules.violations import Violation

logger = logging.getLogger(__name__)

HAND_SIZE = 7


def default_target(n_players: int) -> int:
    """X-Tiles target score: 10 (2-3 players), 12 (4-5), 15 (6)."""
    if n_players <= 3:
        return 10
    if n_players <= 5:
        return 12
    return 15


@dataclass(frozen=True)
class TurnResult:
    """One entry of the record, scored. Cells are in that entry's own board coordinates."""

    entry: int
    player: str
    placed: tuple[Cell, ...]
    points: int
    breakdown: Mapping[str, Any]
    extra_turn: bool
    violations: tuple[Violation, ...]
    removed: tuple[Cell, ...] = ()
    changed: tuple[Cell, ...] = ()
    alignment: Alignment = IDENTITY
    kind: str = "place"
    round: int | None = None
    alignment_ties: int = 1
    alignment_matches: int = 0

    @property
    def legal(self) -> bool:
        return not self.violations

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "entry": self.entry,
            "player": self.player,
            "kind": self.kind,
            "placed": [list(c) for c in self.placed],
            "points": self.points,
            "breakdown": dict(self.breakdown),
            "extra_turn": self.extra_turn,
            "legal": self.legal,
            "violations": [v.to_dict() for v in self.violations],
            "removed": [list(c) for c in self.removed],
            "changed": [list(c) for c in self.changed],
            "alignment": {**self.alignment.to_dict(), "ties": self.alignment_ties,
                          "matches": self.alignment_matches},
        }
        if self.round is not None:
            out["round"] = self.round
        return out


@dataclass(frozen=True)
class RoundResult:
    """An X-Tiles round. ``ended``: ``won``, ``passes``, ``abandoned`` or ``open``."""

    number: int
    start_player: str
    first_entry: int
    last_entry: int
    ended: str
    winner: str | None = None
    points: int = 0
    doubled: bool = False
    hands: Mapping[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.number, "start_player": self.start_player,
                "first_entry": self.first_entry, "last_entry": self.last_entry,
                "ended": self.ended, "winner": self.winner, "points": self.points,
                "doubled": self.doubled, "hands": dict(self.hands)}


@dataclass(frozen=True)
class ScoreReport:
    game: str
    players: tuple[str, ...]
    turns: tuple[TurnResult, ...]
    totals: Mapping[str, int]
    winner: str | None
    extra: Mapping[str, Any] = field(default_factory=dict)
    rounds: tuple[RoundResult, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "players": list(self.players),
            "turns": [t.to_dict() for t in self.turns],
            "totals": dict(self.totals),
            "winner": self.winner,
        }
        if self.game == "x-tiles":
            out["rounds"] = [r.to_dict() for r in self.rounds]
        out.update(self.extra)
        return out


@dataclass
class _Rounds:
    """X-Tiles round bookkeeping (RULES.md X-Tiles 1-5, conventions 11-16)."""

    players: tuple[str, ...]
    starter_rule: str
    results: list[RoundResult] = field(default_factory=list)
    number: int = 0
    start_player: str = ""
    first_entry: int = 0
    hands: dict[str, int] = field(default_factory=dict)
    passes: int = 0
    first_placement: bool = True
    open: bool = False

    def next_start_player(self) -> str:
        if not self.results:
            return self.players[0]
        last = self.results[-1]
        if last.winner is None:
            return last.start_player
        if self.starter_rule == "winner":
            return last.winner
        # "loser": the opponent with the most tiles left; ties: first in seating order after the winner
        n = len(self.players)
        w = self.players.index(last.winner)
        order = [self.players[(w + i) % n] for i in range(1, n)]
        if not order:
            return last.winner
        return max(order, key=lambda p: (last.hands.get(p, 0), -order.index(p)))

    def begin(self, start_player: str, entry: int) -> None:
        self.number += 1
        self.start_player = start_player
        self.first_entry = entry
        self.hands = {p: HAND_SIZE for p in self.players}
        self.passes = 0
        self.first_placement = True
        self.open = True

    def close(self, entry: int, ended: str, winner: str | None = None, points: int = 0,
              doubled: bool = False) -> None:
        self.results.append(RoundResult(self.number, self.start_player, self.first_entry, entry,
                                        ended, winner, points, doubled, dict(self.hands)))
        self.open = False

    def snapshot_open(self, last_entry: int) -> list[RoundResult]:
        if not self.open:
            return list(self.results)
        return self.results + [RoundResult(self.number, self.start_player, self.first_entry,
                                           last_entry, "open", None, 0, False, dict(self.hands))]


def _evaluate(rules: GameRules, prev: Board, cur: Board, alignment: Alignment,
              ctx: TurnContext) -> tuple[Board, Move, list[Violation]]:
    aligned = alignment.apply(prev, frame=frame_aligned(prev, cur))
    move = infer_move(aligned, cur, rules.identity)
    return aligned, move, rules.check_turn(aligned, cur, move, ctx)


@dataclass(frozen=True)
class Evaluation:
    """A turn evaluated under its chosen alignment.

    ``ties``: how many alignments were equally good (same matches and violation count); more than
    one means the photos alone do not settle what was played, and the smallest transform was taken.
    ``matches``: previous tiles put on identical tiles; 0 with a previous state means nothing
    anchors the alignment (every tile changed or gone) and the identity transform was taken.
    """

    alignment: Alignment
    aligned: Board
    move: Move
    violations: tuple[Violation, ...]
    ties: int = 1
    matches: int = 0


def evaluate_turn(rules: GameRules, prev: Board, cur: Board, ctx: TurnContext) -> Evaluation:
    """Align ``prev`` with ``cur`` (convention 2) and evaluate the turn between them."""
    if ctx.start:
        empty = Board(cur.game, {}, cur.borders)
        move = Move(placed=tuple(sorted(cur.tiles)))
        return Evaluation(IDENTITY, empty, move, tuple(rules.check_turn(empty, cur, move, ctx)))
    matches, candidates = candidate_alignments(prev, cur, rules.identity)
    scored = []
    for cand in candidates:
        aligned, move, violations = _evaluate(rules, prev, cur, cand, ctx)
        scored.append(((len(violations), cand), Evaluation(cand, aligned, move, tuple(violations))))
    scored.sort(key=lambda item: item[0])
    fewest = scored[0][0][0]
    ties = sum(1 for key, _ in scored if key[0] == fewest)
    best = scored[0][1]
    return Evaluation(best.alignment, best.aligned, best.move, best.violations, ties, matches)


def score_record(record: Record) -> ScoreReport:
    """Score every entry of a record (RULES.md, conventions 1-24)."""
    game = record.game
    rules = rules_for(game)
    players = record.players
    n = len(players)
    options = record.options
    totals = {p: 0 for p in players}
    turns: list[TurnResult] = []
    rounds = _Rounds(players, options.get("starter", "winner"))
    target = int(options.get("target", default_target(n)))
    target_winner: str | None = None
    last_knot: dict[str, int] = {}
    perfect = True
    prev: Board | None = None
    next_player = players[0]

    def following(p: str) -> str:
        return players[(players.index(p) + 1) % n]

    for entry in record.entries:
        cur = entry.board
        start = entry.index == 0 or entry.new_round
        round_no: int | None = None
        if game == "x-tiles" and start:
            if rounds.open:
                rounds.close(entry.index - 1, "abandoned")
            player = entry.player or (players[0] if entry.index == 0 else rounds.next_start_player())
            rounds.begin(player, entry.index)
        else:
            player = entry.player or next_player
        if game == "x-tiles":
            round_no = rounds.number
        ctx = TurnContext(options=options, start=start,
                          first_placement=game == "x-tiles" and rounds.open and rounds.first_placement)
        ev = evaluate_turn(rules, prev or Board(game), cur, ctx)
        alignment, aligned, move, violations = ev.alignment, ev.aligned, ev.move, ev.violations
        present = Board(game, {c: t for c, t in aligned.tiles.items() if c in cur.tiles})
        pts: Points = rules.score_turn(aligned, cur, move, ctx)
        points, breakdown = pts.points, dict(pts.breakdown)
        extra_turn = False
        kind = "start" if start else ("pass" if move.is_empty else ("place" if move.placed else "change"))
        if game == "x-tiles" and start:
            kind = "new-round" if entry.index else "start"
        if game == "x-tiles" and not start:
            touch = len(move.placed) == 1 and touches(present, move.placed[0]) >= 2
            extra_turn = touch
            if rounds.open:
                if move.is_empty:
                    rounds.passes += 1
                    if rounds.passes >= n:
                        rounds.close(entry.index, "passes")
                        breakdown = {"round_end": "everyone passed"}
                else:
                    rounds.passes = 0
                    if move.placed:
                        rounds.first_placement = False
                        rounds.hands[player] -= len(move.placed)
                        if rounds.hands[player] <= 0:
                            left = sum(max(0, h) for p, h in rounds.hands.items() if p != player)
                            points = left * (2 if touch else 1)
                            breakdown = {"opponents_tiles": left, "doubled": touch,
                                         "round_points": points}
                            extra_turn = False
                            rounds.close(entry.index, "won", player, points, touch)
        if game == "textile" and move.placed and not start:
            last_knot[player] = entry.index
        if game == "twelve-tiles" and breakdown.get("misconnections", 0) > 0:
            perfect = False
        turns.append(TurnResult(entry.index, player, _placed_cells(game, move), points, breakdown,
                                extra_turn, tuple(violations), move.removed, move.changed,
                                alignment, kind, round_no, ev.ties, ev.matches))
        totals[player] += points
        if game == "x-tiles" and target_winner is None and points and totals[player] >= target:
            target_winner = player
        if game == "x-tiles" and (start or extra_turn):
            next_player = player
        else:
            next_player = following(player)
        prev = cur

    extra: dict[str, Any] = {}
    if game == "tapestry":
        tap = rules
        assert isinstance(tap, Tapestry)
        last_state = record.entries[-1].board
        final = tap.discard_score(last_state)
        last = turns[-1]
        turns[-1] = TurnResult(last.entry, last.player, last.placed, final,
                               {**last.breakdown, "discard_score": final,
                                "tapestry_value": tap.tapestry_value(last_state),
                                "cards": len(last_state.tiles)},
                               last.extra_turn, last.violations, last.removed, last.changed,
                               last.alignment, last.kind, last.round, last.alignment_ties,
                               last.alignment_matches)
        totals[last.player] += final
        complete = tap.is_complete(last_state)
        extra["complete"] = complete
        extra["discard_score"] = final
        winner = last.player if complete else None
        mode = options.get("mode", "discards")
        extra["mode"] = mode
        if mode == "time":
            elapsed = options.get("elapsed_s")
            extra["rank"] = ("lost" if not complete else
                             (time_rank(float(elapsed)) if elapsed is not None else None))
    elif game == "x-tiles":
        extra["target"] = target
        winner = target_winner or _unique_max(totals)
    elif game == "textile":
        winner = _textile_winner(totals, last_knot)
    else:
        winner = _unique_max(totals)
    if game == "twelve-tiles":
        extra["perfect"] = perfect
    report_rounds = tuple(rounds.snapshot_open(record.entries[-1].index)) if game == "x-tiles" else ()
    return ScoreReport(game, players, tuple(turns), totals, winner, extra, report_rounds)


def _placed_cells(game: str, move: Move) -> tuple[Cell, ...]:
    if game == "tapestry":
        return tuple(sorted(set(move.placed) | set(move.changed)))
    return move.placed


def _unique_max(totals: Mapping[str, int]) -> str | None:
    best = max(totals.values())
    leaders = [p for p, t in totals.items() if t == best]
    return leaders[0] if len(leaders) == 1 else None


def _textile_winner(totals: Mapping[str, int], last_knot: Mapping[str, int]) -> str | None:
    """Highest total; on a tie, whose last knot came earliest (never knotted: earliest)."""
    best = max(totals.values())
    leaders = [p for p, t in totals.items() if t == best]
    if len(leaders) == 1:
        return leaders[0]
    key = {p: last_knot.get(p, -1) for p in leaders}
    earliest = min(key.values())
    first = [p for p in leaders if key[p] == earliest]
    return first[0] if len(first) == 1 else None


def score_record_data(record: Any, *, base_dir: Path | None = None,
                      read_photo: PhotoReader | None = None) -> dict[str, Any]:
    """Score a record document; returns exactly what ``tile-companion score --json`` prints."""
    return score_record(record_from_dict(record, base_dir=base_dir, read_photo=read_photo)).to_dict()
