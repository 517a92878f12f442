"""Game records (``*.record.json``, FORMATS.md): parsing and validation.

A record is the sequence of states a player photographs, one entry per player-turn. Entries hold
a ``board`` or a ``photo`` (read by a reader callback into a board).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from companion.errors import BoardError, ReaderUnavailable, RecordError
from companion.rules.board import GAMES, Board, board_from_dict, parse_borders
from vision.kits import kit_for_game

#: ``read_photo(path, game) -> board dict`` turns a photo entry into a board document.
PhotoReader = Callable[[Path, str], Mapping[str, Any]]

MAX_ENTRIES = 20_000
MAX_PLAYERS = 12


@dataclass(frozen=True)
class Entry:
    """One record entry: the state after a turn."""

    index: int
    board: Board
    player: str | None = None
    new_round: bool = False
    photo: str | None = None


@dataclass(frozen=True)
class Record:
    game: str
    players: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    entries: tuple[Entry, ...] = ()


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def validate_options(game: str, options: Any) -> dict[str, Any]:
    """Check the per-game options of FORMATS.md; unknown keys are kept and ignored."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise RecordError("'options' must be a JSON object")
    out = dict(options)
    if "target" in out and (not _is_int(out["target"]) or out["target"] < 1):
        raise RecordError("options.target must be a positive integer")
    if "starter" in out and out["starter"] not in ("winner", "loser"):
        raise RecordError('options.starter must be "winner" or "loser"')
    if "sets" in out and (not _is_int(out["sets"]) or out["sets"] < 1):
        raise RecordError("options.sets must be a positive integer")
    if "mode" in out and out["mode"] not in ("discards", "time"):
        raise RecordError('options.mode must be "discards" or "time"')
    if "elapsed_s" in out and out["elapsed_s"] is not None:
        v = out["elapsed_s"]
        if not isinstance(v, (int, float)) or isinstance(v, bool) or v < 0:
            raise RecordError("options.elapsed_s must be a non-negative number of seconds")
    if "borders" in out and out["borders"] is not None:
        if game != "twelve-tiles":
            raise RecordError("options.borders is a twelve-tiles option")
        try:
            parse_borders(out["borders"], kit_for_game(game), "options.borders")
        except BoardError as exc:
            raise RecordError(str(exc)) from None
    return out


def record_header(data: Any) -> tuple[str, list[str], dict[str, Any], list[Any]]:
    """Validate a record document's game, players, options and turn list (not the entries).

    Returns ``(game, players, options, turns)``; Tapestry records may omit ``players``.
    """
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    game = data.get("game")
    if game not in GAMES:
        raise RecordError(f"unknown game {game!r} (games: {', '.join(GAMES)})")
    players = data.get("players")
    if players is None and game == "tapestry":
        players = ["Player"]
    if not isinstance(players, list) or not players:
        raise RecordError("'players' must be a non-empty list of names")
    if len(players) > MAX_PLAYERS:
        raise RecordError(f"too many players ({len(players)}; at most {MAX_PLAYERS})")
    if any(not isinstance(p, str) or not p.strip() for p in players):
        raise RecordError("every player must be a non-empty name")
    if len(set(players)) != len(players):
        raise RecordError("player names must be unique")
    options = validate_options(game, data.get("options"))
    turns = data.get("turns")
    if not isinstance(turns, list) or not turns:
        raise RecordError("'turns' must be a non-empty list of entries")
    if len(turns) > MAX_ENTRIES:
        raise RecordError(f"too many entries ({len(turns)}; at most {MAX_ENTRIES})")
    return game, players, options, turns


def record_from_dict(data: Any, *, base_dir: Path | None = None,
                     read_photo: PhotoReader | None = None) -> Record:
    """Validate a record document and build a :class:`Record`, reading photo entries.

    Raises
    ------
    RecordError, BoardError
        Naming the first problem found.
    ReaderUnavailable
        A photo entry and no reader.
    """
    game, players, options, turns = record_header(data)
    option_borders = None
    if options.get("borders") is not None:
        option_borders = parse_borders(options["borders"], kit_for_game(game), "options.borders")
    entries = []
    for i, raw in enumerate(turns):
        where = f"turns[{i}]"
        if not isinstance(raw, dict):
            raise RecordError(f"{where} must be a JSON object")
        player = raw.get("player")
        if player is not None and player not in players:
            raise RecordError(f"{where}: player {player!r} is not one of the players")
        new_round = raw.get("new_round", False)
        if not isinstance(new_round, bool):
            raise RecordError(f"{where}: 'new_round' must be true or false")
        photo = raw.get("photo")
        if "board" in raw:
            board = board_from_dict(raw["board"], game=game, where=f"{where}.board")
        elif photo is not None:
            if not isinstance(photo, str) or not photo:
                raise RecordError(f"{where}: 'photo' must be a path")
            path = Path(photo)
            if not path.is_absolute() and base_dir is not None:
                path = base_dir / path
            if read_photo is None:
                raise ReaderUnavailable(f"{where}: {photo} is a photo, and no photo reader is "
                                        "available to read it")
            board = board_from_dict(read_photo(path, game), game=game, where=f"{where} ({photo})")
        else:
            raise RecordError(f"{where}: an entry needs a 'board' or a 'photo'")
        if board.borders is None and option_borders is not None:
            board = board.with_borders(option_borders)
        entries.append(Entry(i, board, player, new_round and game == "x-tiles",
                             photo if isinstance(photo, str) else None))
    return Record(game, tuple(players), options, tuple(entries))
