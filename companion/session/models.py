"""Plain-data views of sessions, turns and corrections (frozen dataclasses).

Everything here is a snapshot read from the database: holding one never locks anything, and
changing the session means calling a :class:`companion.session.SessionStore` method and reading
a new view. Boards are FORMATS.md board dicts; cells are ``(row, col)`` in the coordinates of
the board they belong to (rows grow south, columns east).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

Cell = tuple[int, int]

#: How a turn entered the session.
SOURCES = ("photo", "board", "pass", "import")
#: What a turn without a placement was (Textile take/discard, a pass elsewhere).
ACTIONS = ("place", "take", "discard", "pass")


@dataclass(frozen=True)
class SessionInfo:
    """One session's header, as listed by :meth:`SessionStore.list`.

    Attributes
    ----------
    id : int
        Stable id in this database (``tile-companion session show ID``).
    game : str
        ``textile``, ``octopus``, ``x-tiles``, ``tapestry`` or ``twelve-tiles``.
    players : tuple of str
        Seating order = order of play (FORMATS.md record ``players``).
    options : dict
        Per-game settings (FORMATS.md record ``options``).
    profile : dict or None
        The colour/symbol profile used to read this session's photos (a snapshot).
    name : str
        A label for people; defaults to ``"<game> <date>"``.
    created, updated : str
        ISO 8601 UTC timestamps.
    finished : str or None
        When :meth:`SessionStore.finish` was called, else ``None``.
    n_turns : int
        Recorded (not undone) turns, the starting entry included.
    totals : dict
        Points by player as last scored (empty until scored).
    winner : str or None
        As last scored.
    """

    id: int
    game: str
    players: tuple[str, ...]
    options: Mapping[str, Any]
    profile: Mapping[str, Any] | None
    name: str
    created: str
    updated: str
    finished: str | None
    n_turns: int
    totals: Mapping[str, int]
    winner: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game, "players": list(self.players),
            "options": dict(self.options), "profile": self.profile is not None,
            "name": self.name, "created": self.created, "updated": self.updated,
            "finished": self.finished, "n_turns": self.n_turns, "totals": dict(self.totals),
            "winner": self.winner,
        }


@dataclass(frozen=True)
class Correction:
    """One tile corrected by the user on a turn's board (an audit trail entry).

    ``before``/``after`` are tile dicts (FORMATS.md, with ``row``/``col``) or ``None`` for an
    empty cell (a tile added where the reader saw none, or a phantom tile removed).
    """

    id: int
    turn_id: int
    cell: Cell
    before: Mapping[str, Any] | None
    after: Mapping[str, Any] | None
    created: str

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "turn_id": self.turn_id, "cell": list(self.cell),
                "before": self.before, "after": self.after, "created": self.created}


@dataclass(frozen=True)
class TurnView:
    """One recorded turn (one record entry) with its score.

    Attributes
    ----------
    id : int
        Stable turn id in this database.
    index : int
        0-based position in the session's record (0 = the starting entry).
    source : str
        ``photo``, ``board`` (manual edit), ``pass`` (state unchanged) or ``import``.
    action : str
        ``place``, or for a turn whose state equals the previous one ``take``/``discard``/``pass``.
    player : str or None
        Whose turn it was, as scored (``None`` when not scored yet).
    named_player : str or None
        The player given explicitly when the turn was added (record ``player``), else ``None``.
    new_round : bool
        X-Tiles: this entry starts a new round (record ``new_round``).
    board : dict
        The state after the turn: as read, or as corrected.
    reading : dict or None
        Photo turns: the reader's raw output ``{"board", "doubts", "timing_ms", "geometry"?}``.
    photo : Path or None
        Photo turns: absolute path of the stored copy of the photo.
    corrections : tuple of Correction
        Every tile correction made on this turn's board, oldest first.
    placed : tuple of Cell
        Cells of the tiles this turn placed (board coordinates).
    points : int or None
        Points of this turn (``None`` when not scored).
    breakdown, extra_turn, legal, violations
        As in ``tile-companion score --json`` for this entry.
    result : dict or None
        The full per-turn dict of ``score`` (``None`` when not scored).
    created : str
        ISO 8601 UTC time the turn was added.
    undone : str or None
        When the turn was undone (only in :attr:`SessionView.undone`).
    """

    id: int
    index: int
    source: str
    action: str
    player: str | None
    named_player: str | None
    new_round: bool
    board: Mapping[str, Any]
    reading: Mapping[str, Any] | None
    photo: Path | None
    corrections: tuple[Correction, ...]
    placed: tuple[Cell, ...]
    points: int | None
    breakdown: Any
    extra_turn: bool
    legal: bool | None
    violations: tuple[Mapping[str, Any], ...]
    result: Mapping[str, Any] | None
    created: str
    undone: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "index": self.index, "source": self.source, "action": self.action,
            "player": self.player, "named_player": self.named_player,
            "new_round": self.new_round, "board": self.board, "reading": self.reading,
            "photo": str(self.photo) if self.photo else None,
            "corrections": [c.to_dict() for c in self.corrections],
            "placed": [list(c) for c in self.placed], "points": self.points,
            "breakdown": self.breakdown, "extra_turn": self.extra_turn, "legal": self.legal,
            "violations": [dict(v) for v in self.violations], "created": self.created,
            "undone": self.undone,
        }


@dataclass(frozen=True)
class TimerState:
    """Tapestry time mode: the game clock. ``elapsed_s`` includes the running stretch."""

    running: bool
    elapsed_s: float

    def to_dict(self) -> dict[str, Any]:
        return {"running": self.running, "elapsed_s": round(self.elapsed_s, 3)}


@dataclass(frozen=True)
class SessionView:
    """Everything the app shows for one session.

    Attributes
    ----------
    info : SessionInfo
    turns : tuple of TurnView
        Recorded turns in order (``turns[i].index == i``).
    totals : dict
        Points by player (``score`` ``totals``); every player present, 0 when unscored.
    rounds : tuple of dict
        X-Tiles rounds exactly as ``score`` reports them (empty for other games).
    hands : dict or None
        X-Tiles: tiles still in each player's hand in the current round (7 minus placed).
    winner : str or None
        ``score`` ``winner`` (meaningful once the game is over).
    next_player : str or None
        Whose turn comes next (X-Tiles extra turns and round starts included); ``None`` when the
        session is finished.
    round_over : bool
        X-Tiles: the current round has ended; the next entry should start a new round.
    finished : bool
    score : dict or None
        The whole ``tile-companion score --json`` document for this session's record.
    score_error : str or None
        Why the session could not be scored (e.g. rule core missing); turns are kept anyway.
    timer : TimerState or None
        Tapestry only.
    undone : tuple of TurnView
        Turns that were undone, newest first (history; not part of the record).
    game_over : bool
        The game reached its natural end (octopus: all tiles placed; twelve-tiles: 64 cells;
        x-tiles: the target reached; tapestry: 8x8 complete) — time to :meth:`finish`.
    """

    info: SessionInfo
    turns: tuple[TurnView, ...]
    totals: Mapping[str, int]
    rounds: tuple[Mapping[str, Any], ...]
    hands: Mapping[str, int] | None
    winner: str | None
    next_player: str | None
    round_over: bool
    finished: bool
    score: Mapping[str, Any] | None
    score_error: str | None
    timer: TimerState | None
    undone: tuple[TurnView, ...] = field(default=())
    game_over: bool = False

    @property
    def latest_board(self) -> Mapping[str, Any] | None:
        return self.turns[-1].board if self.turns else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "session": self.info.to_dict(),
            "turns": [t.to_dict() for t in self.turns],
            "totals": dict(self.totals),
            "rounds": [dict(r) for r in self.rounds],
            "hands": dict(self.hands) if self.hands is not None else None,
            "winner": self.winner, "next_player": self.next_player,
            "round_over": self.round_over, "finished": self.finished,
            "score_error": self.score_error,
            "timer": self.timer.to_dict() if self.timer else None,
            "undone": [t.to_dict() for t in self.undone],
            "game_over": self.game_over,
        }
