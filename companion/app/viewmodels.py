"""View-models: what the screens show, computed from the session store's plain data.

No widgets here, so the logic is tested without a window. Score documents are exactly what
``tile-companion score --json`` prints (``companion.rules.score_record_data``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from companion.app.boardmodel import GAME_TITLES

#: Players allowed per game (Tapestry is solitaire).
PLAYER_LIMITS: dict[str, tuple[int, int]] = {
    "textile": (2, 4),
    "octopus": (2, 6),
    "x-tiles": (2, 6),
    "tapestry": (1, 1),
    "twelve-tiles": (1, 4),
}
GAMES = tuple(PLAYER_LIMITS)


def default_target(n_players: int) -> int:
    """X-Tiles target: 10 (2-3 players), 12 (4-5), 15 (6) (the rule core's, when present)."""
    try:
        from companion.rules.scoring import default_target as core_default
    except ImportError:  # pragma: no cover - rule core always ships with the app
        return 10 if n_players <= 3 else 12 if n_players <= 5 else 15
    return core_default(n_players)


class NewGameError(ValueError):
    """The new-game form is not complete; the message tells the user what to fix."""


def clean_players(game: str, names: Sequence[str]) -> list[str]:
    """Trimmed, non-empty, distinct player names in seating order; checked against the game."""
    players = [" ".join(n.split()) for n in names]
    players = [p for p in players if p]
    lo, hi = PLAYER_LIMITS[game]
    if len(players) < lo:
        raise NewGameError(f"{GAME_TITLES[game]} needs at least {lo} player{'s' if lo > 1 else ''}.")
    if len(players) > hi:
        raise NewGameError(f"{GAME_TITLES[game]} is for at most {hi} player{'s' if hi > 1 else ''}.")
    lowered = [p.casefold() for p in players]
    if len(set(lowered)) != len(lowered):
        raise NewGameError("Two players have the same name; give each player a different name.")
    for p in players:
        if len(p) > 40:
            raise NewGameError(f"The name {p[:20]}... is too long (at most 40 letters).")
    return players


def game_options(game: str, n_players: int, *, target: int | None = None, starter: str = "winner",
                 mode: str = "discards", sets: int = 1) -> dict[str, Any]:
    """The record ``options`` for a new session (FORMATS.md)."""
    if game == "x-tiles":
        t = target if target else default_target(n_players)
        if not 1 <= t <= 200:
            raise NewGameError("The X-Tiles target must be between 1 and 200 points.")
        if starter not in ("winner", "loser"):
            raise NewGameError("The start player of a new round is the winner or the loser.")
        return {"target": int(t), "starter": starter}
    if game == "tapestry":
        if mode not in ("discards", "time"):
            raise NewGameError("Tapestry is scored by discards or by time.")
        return {"mode": mode}
    if game == "octopus":
        return {"sets": int(sets)} if sets != 1 else {}
    return {}


def format_breakdown(breakdown: Mapping[str, Any] | None) -> str:
    """``{"colour": 3, "pips": 2}`` -> ``"colour 3, pips 2"``."""
    if not breakdown:
        return ""
    parts = []
    for key, value in breakdown.items():
        name = str(key).replace("_", " ")
        if isinstance(value, bool):
            parts.append(name if value else f"no {name}")
        elif isinstance(value, (int, float, str)):
            parts.append(f"{name} {value}")
    return ", ".join(parts)


@dataclass(frozen=True)
class ScoreRow:
    """One line of the scoreboard."""

    index: int
    player: str
    points: int | None
    detail: str
    legal: bool | None
    messages: tuple[str, ...] = ()
    extra_turn: bool = False
    kind: str = "place"

    @property
    def text(self) -> str:
        pts = "-" if self.points is None else str(self.points)
        label = "start" if self.index == 0 else f"turn {self.index}"
        line = f"{label}: {self.player or '?'}  {pts} pt"
        if self.detail:
            line += f"  ({self.detail})"
        if self.extra_turn:
            line += "  extra turn"
        if self.legal is False:
            line += "  [color=ff6a5a]not legal[/color]"
        return line


def scoreboard_rows(turns: Sequence[Any]) -> list[ScoreRow]:
    """Rows from the session's :class:`companion.session.models.TurnView` list."""
    rows = []
    for t in turns:
        detail = format_breakdown(t.breakdown if isinstance(t.breakdown, Mapping) else None)
        if t.new_round:
            detail = ("new round, " + detail).rstrip(", ")
        if t.action and t.action != "place" and not detail:
            detail = t.action
        rows.append(ScoreRow(index=t.index, player=t.player or "", points=t.points, detail=detail,
                             legal=t.legal, messages=tuple(v.get("message", "") for v in t.violations),
                             extra_turn=bool(t.extra_turn), kind=t.action))
    return rows


@dataclass(frozen=True)
class Standing:
    """The scoreboard's header: totals, whose turn, rounds, target, winner."""

    totals: tuple[tuple[str, int], ...]
    next_player: str | None
    lines: tuple[str, ...] = field(default=())
    winner: str | None = None
    finished: bool = False


def standing(view: Any) -> Standing:
    """What the scoreboard says above the turn list, from a :class:`SessionView`."""
    info = view.info
    totals = tuple((p, int(view.totals.get(p, 0))) for p in info.players)
    lines: list[str] = []
    score = view.score or {}
    if info.game == "x-tiles":
        target = info.options.get("target") or score.get("target") or default_target(len(info.players))
        lines.append(f"Target: {target} points")
        for r in view.rounds:
            state = {"won": f"won by {r.get('winner')} (+{r.get('points', 0)}"
                            f"{', doubled' if r.get('doubled') else ''})",
                     "passes": "ended, everybody passed", "abandoned": "abandoned",
                     "open": "in play"}.get(r.get("ended"), r.get("ended", ""))
            lines.append(f"Round {r.get('round')}: started by {r.get('start_player')}, {state}")
        if view.hands:
            lines.append("Tiles in hand: " + ", ".join(f"{p} {n}" for p, n in view.hands.items()))
        if view.round_over and not view.finished:
            lines.append("The round is over: lay out the next round and photograph the two stock tiles.")
    if info.game == "tapestry":
        if "complete" in score:
            lines.append("Tapestry complete (8 x 8)" if score["complete"] else "Tapestry not complete yet")
        if score.get("rank"):
            lines.append(f"Rank: {score['rank']}")
        if view.timer is not None:
            minutes = int(view.timer.elapsed_s // 60)
            lines.append(f"Time: {minutes} min {int(view.timer.elapsed_s % 60)} s")
    if info.game == "twelve-tiles" and "perfect" in score:
        lines.append("Perfect so far: no misconnection" if score["perfect"] else "Not perfect: a misconnection was made")
    if view.score_error:
        lines.append(f"Could not score: {view.score_error}")
    return Standing(totals=totals, next_player=None if view.finished else view.next_player,
                    lines=tuple(lines), winner=view.winner, finished=view.finished)


def turn_summary(turn: Any) -> str:
    """The review panel's headline for a turn: whose, points, breakdown."""
    if turn is None:
        return ""
    who = turn.player or "?"
    if turn.points is None:
        return f"{who}: not scored"
    text = f"{who}: {turn.points} point{'s' if turn.points != 1 else ''}"
    detail = format_breakdown(turn.breakdown if isinstance(turn.breakdown, Mapping) else None)
    if detail:
        text += f" ({detail})"
    if turn.extra_turn:
        text += ", extra turn"
    return text
