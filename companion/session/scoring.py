"""A session as a game record, scored by the rule core.

The scoring truth is :func:`companion.rules.score_record_data`: a session is, logically, a
FORMATS.md game record (its live turns, in order) plus history, so ``session show`` and
``score`` on the exported record can never disagree. What the record does not say directly
(whose turn is next, X-Tiles hands and whether the round is over) is derived here from the
score document.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from companion.errors import CompanionError

logger = logging.getLogger(__name__)

#: Start of ``score_error`` while the rule core cannot be imported (scored later by ``get``).
RULE_CORE_MISSING = "the rule core is not available"



@dataclass(frozen=True)
class Entry:
    """One live turn as a record entry."""

    board: Mapping[str, Any]
    player: str | None = None
    new_round: bool = False

    def to_record_entry(self) -> dict[str, Any]:
        out: dict[str, Any] = {"board": self.board}
        if self.player is not None:
            out["player"] = self.player
        if self.new_round:
            out["new_round"] = True
        return out


def build_record(game: str, players: Sequence[str], options: Mapping[str, Any],
                 entries: Sequence[Entry]) -> dict[str, Any]:
    """The FORMATS.md game record of a session."""
    return {
        "game": game,
        "players": list(players),
        "options": dict(options),
        "turns": [e.to_record_entry() for e in entries],
    }


def score_record(record: Mapping[str, Any]) -> tuple[dict[str, Any] | None, str | None]:
    """Score a record with the rule core.

    Returns
    -------
    (score, error)
        ``score`` is exactly what ``tile-companion score --json`` prints for the record, or
        ``None`` with ``error`` saying why (rule core missing, record rejected, rule core bug).
        A scoring failure never prevents storing a turn.
    """
    if not record.get("turns"):
        return None, None
    try:
        from companion.rules import score_record_data
    except ImportError as exc:
        return None, f"{RULE_CORE_MISSING} ({exc})"
    try:
        return score_record_data(dict(record)), None
    except CompanionError as exc:
        return None, exc.message
    except Exception as exc:  # a rule core bug must not lose a turn: keep it unscored
        logger.exception("scoring the session failed")
        return None, f"scoring failed: {type(exc).__name__}: {exc}"


def xtiles_round_info(summary: Mapping[str, Any] | None
                     ) -> tuple[dict[str, int] | None, bool, str | None]:
    """X-Tiles, from the score document: ``(hands, round_over, next_start_player)``.

    ``hands`` are the tiles left in each hand in the current (or just ended) round, as the rule
    core counts them; ``round_over`` is true once the last round was won or everyone passed,
    and then ``next_start_player`` is who starts the next one (RULES.md X-Tiles 1, convention 14).
    """
    rounds = (summary or {}).get("rounds") or []
    if not rounds:
        return None, False, None
    last = rounds[-1]
    hands = {str(k): int(v) for k, v in (last.get("hands") or {}).items()}
    if last.get("ended") == "open":
        return hands, False, None
    players = list((summary or {}).get("players") or [])
    winner = last.get("winner")
    if winner is None or winner not in players:
        return hands, True, last.get("start_player")
    starter = ((summary or {}).get("_options") or {}).get("starter", "winner")
    if starter != "loser" or len(players) < 2:
        return hands, True, winner
    w = players.index(winner)
    order = [players[(w + i) % len(players)] for i in range(1, len(players))]
    return hands, True, max(order, key=lambda p: (hands.get(p, 0), -order.index(p)))


def next_player(game: str, players: Sequence[str], options: Mapping[str, Any],
                results: Sequence[Mapping[str, Any] | None],
                summary: Mapping[str, Any] | None) -> tuple[str | None, bool]:
    """Whose turn comes next, and whether an X-Tiles round is over.

    Follows the record's turn order (RULES.md convention 7): the next in the seating list after
    the last turn's player; X-Tiles round starts and extra turns keep the player; after an
    X-Tiles round, the next round's start player. ``None`` when the session is not scored.
    """
    if not players:
        return None, False
    if not results:
        return players[0], False
    if game == "tapestry" or len(players) == 1:
        return players[0], False
    last = results[-1]
    if last is None or last.get("player") not in players:
        return None, False
    if game == "x-tiles":
        _, over, starter = xtiles_round_info(
            {**(summary or {}), "players": list(players), "_options": dict(options)})
        if over:
            return starter, True
        if last.get("extra_turn") or last.get("kind") in ("start", "new-round"):
            return last["player"], False
    k = players.index(last["player"])
    return players[(k + 1) % len(players)], False


def game_over(game: str, options: Mapping[str, Any], summary: Mapping[str, Any] | None,
              latest_board: Mapping[str, Any] | None) -> bool:
    """Whether the game has reached its natural end (a hint to call ``finish``).

    Octopus: every tile of the set(s) placed; Twelve Tiles: the 64 cells filled; X-Tiles: a
    total reached the target; Tapestry: the 8x8 is complete. Textile ends when nobody can act,
    which a photo cannot tell: never.
    """
    if summary is None or latest_board is None:
        return False
    n_tiles = len(latest_board.get("tiles") or ())
    if game == "octopus":
        from vision.kits import kit_for_game

        sets = options.get("sets", 1)
        return n_tiles >= kit_for_game(game).set_size * (sets if isinstance(sets, int) else 1)
    if game == "twelve-tiles":
        return n_tiles >= 64
    if game == "x-tiles":
        target = summary.get("target")
        return isinstance(target, int) and any(
            v >= target for v in (summary.get("totals") or {}).values())
    if game == "tapestry":
        return bool(summary.get("complete"))
    return False
