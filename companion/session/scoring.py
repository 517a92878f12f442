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

#: Tiles each player draws at the start of an X-Tiles round (RULES.md).
XTILES_HAND = 7


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
        return None, f"the rule core is not available ({exc})"
    try:
        return score_record_data(dict(record)), None
    except CompanionError as exc:
        return None, exc.message
    except Exception as exc:  # a rule core bug must not lose a turn: keep it unscored
        logger.exception("scoring the session failed")
        return None, f"scoring failed: {type(exc).__name__}: {exc}"


def current_round_start(entries: Sequence[Entry]) -> int:
    """Index of the entry that started the current round (0 when none did)."""
    for i in range(len(entries) - 1, -1, -1):
        if entries[i].new_round:
            return i
    return 0


def xtiles_hands(players: Sequence[str], entries: Sequence[Entry],
                 results: Sequence[Mapping[str, Any] | None]) -> dict[str, int] | None:
    """X-Tiles: tiles left in each hand this round (7 minus tiles placed, stock excluded)."""
    if not entries or any(r is None for r in results):
        return None
    start = current_round_start(entries)
    hands = {p: XTILES_HAND for p in players}
    for i in range(start + 1, len(entries)):
        res = results[i]
        player = res.get("player")
        if player in hands:
            hands[player] -= len(res.get("placed") or ())
    return hands


def _is_pass(result: Mapping[str, Any]) -> bool:
    return not result.get("placed") and not result.get("violations")


def xtiles_round_state(players: Sequence[str], options: Mapping[str, Any],
                       entries: Sequence[Entry], results: Sequence[Mapping[str, Any] | None]
                       ) -> tuple[bool, str | None]:
    """X-Tiles: ``(round_over, round_winner)`` for the current round (RULES.md 4 and 15)."""
    hands = xtiles_hands(players, entries, results)
    if hands is None:
        return False, None
    start = current_round_start(entries)
    placed: dict[str, int] = {}
    for i in range(start + 1, len(entries)):
        res = results[i]
        player = res.get("player")  # type: ignore[union-attr]
        placed[player] = placed.get(player, 0) + len(res.get("placed") or ())  # type: ignore[union-attr]
        if placed[player] >= XTILES_HAND:  # the first to empty a hand ends the round
            return True, player
    run = 0
    for i in range(len(entries) - 1, start, -1):
        if _is_pass(results[i]):  # type: ignore[arg-type]
            run += 1
        else:
            break
    if len(players) and run >= len(players):
        return True, None
    return False, None


def next_player(game: str, players: Sequence[str], options: Mapping[str, Any],
                entries: Sequence[Entry], results: Sequence[Mapping[str, Any] | None],
                ) -> tuple[str | None, bool]:
    """Whose turn comes next, and whether an X-Tiles round is over.

    Follows the record's turn order: the next in the seating list after the last turn's player;
    X-Tiles extra turns keep the player; after an X-Tiles round the next start player is the
    round's winner (option ``starter`` ``"loser"``: the opponent with most tiles left, ties going
    to the first in seating order after the winner); a round without a winner is started again
    by the same start player.
    """
    if not players:
        return None, False
    if not entries:
        return players[0], False
    if game == "tapestry" or len(players) == 1:
        return players[0], False
    last = results[-1] if results else None
    if last is None or last.get("player") not in players:
        return None, False
    if game == "x-tiles":
        over, winner = xtiles_round_state(players, options, entries, results)
        if over:
            start_player = results[current_round_start(entries)].get("player")  # type: ignore[union-attr]
            if winner is None:
                return (start_player if start_player in players else players[0]), True
            if options.get("starter", "winner") == "loser":
                hands = xtiles_hands(players, entries, results) or {}
                k = players.index(winner)
                order = [players[(k + j) % len(players)] for j in range(1, len(players))]
                return max(order, key=lambda p: (hands.get(p, 0), -order.index(p))), True
            return winner, True
        if last.get("extra_turn"):
            return last["player"], False
    k = players.index(last["player"])
    return players[(k + 1) % len(players)], False
