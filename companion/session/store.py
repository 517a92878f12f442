"""The session store: game sessions kept in the local SQLite database.

One :class:`SessionStore` wraps one database connection; it is safe to share between threads
(calls are serialised by a lock) and several processes (the app and the command line) may open
the same database at once. Every logical change (a turn added, a tile corrected, an undo) is one
short ``BEGIN IMMEDIATE`` transaction that also stores the re-computed score, so the database
always holds turns and scores that agree. Slow work (reading a photo) happens before the
transaction, and a photo file is written atomically before the row that names it.
"""
from __future__ import annotations

import json
import logging
import math
import sqlite3
import threading
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from companion.errors import BoardError, CompanionError, InputError, RecordError
from companion.session import db as dbmod
from companion.session import scoring
from companion.session.errors import (
    DatabaseError, NothingToUndo, PhotoReadError, SessionError, SessionFinished, SessionNotFound,
)
from companion.session.models import (
    Cell, Correction, SessionInfo, SessionView, TimerState, TurnView,
)
from companion.session.paths import default_db_path, photos_dir_for
from companion.session.photos import remove_stale_temp, write_atomic

logger = logging.getLogger(__name__)

#: Largest photo accepted, in bytes.
MAX_PHOTO_BYTES = 64 * 1024 * 1024
MAX_PLAYERS = 12
MAX_NAME = 80

#: A photo reader: ``reader(path, game=..., profile=...)`` -> a ``vision.pipeline.Reading``
#: (or any object with a ``board`` dict, or a dict with ``"board"``).
Reader = Callable[..., Any]


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _jsonable(value: Any, depth: int = 0) -> Any:
    """Plain JSON data from reader output (numpy arrays, tuples, dataclasses)."""
    if depth > 20:
        return None
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v, depth + 1) for v in value]
    if hasattr(value, "tolist"):  # numpy arrays and scalars
        return _jsonable(value.tolist(), depth + 1)
    if hasattr(value, "__dataclass_fields__"):
        return {k: _jsonable(getattr(value, k), depth + 1) for k in value.__dataclass_fields__}
    return str(value)


def validate_board(board: Any, game: str, *, where: str = "board") -> dict[str, Any]:
    """A board (dict or :class:`companion.rules.board.Board`) -> its canonical dict.

    Raises
    ------
    BoardError
        The board is malformed or of another game.
    """
    from companion.rules.board import Board, board_from_dict, board_to_dict

    if isinstance(board, Board):
        parsed = board
        if parsed.game != game:
            raise BoardError(f"{where}: board of game {parsed.game!r} in a {game!r} session")
    else:
        parsed = board_from_dict(board, game=game, where=where)
    return board_to_dict(parsed)


def _check_players(players: Any) -> tuple[str, ...]:
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise SessionError("players must be a list of names", code="bad-players")
    names = tuple(players)
    if not 1 <= len(names) <= MAX_PLAYERS:
        raise SessionError(f"a session needs 1 to {MAX_PLAYERS} players, not {len(names)}",
                           code="bad-players")
    for name in names:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise SessionError(f"bad player name {name!r} (non-empty text, at most {MAX_NAME} "
                               f"characters)", code="bad-players")
    if len(set(names)) != len(names):
        raise SessionError("player names must be different", code="bad-players")
    return names


def _check_options(options: Any, game: str) -> dict[str, Any]:
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise SessionError("options must be a JSON object", code="bad-options")
    try:
        options = json.loads(_dumps(dict(options)))
    except (TypeError, ValueError) as exc:
        raise SessionError(f"options must be plain JSON data ({exc})", code="bad-options") from None
    try:
        from companion.rules.record import validate_options
    except ImportError:  # pragma: no cover - the rule core is part of every build
        return options
    try:
        return validate_options(game, options)
    except CompanionError as exc:
        raise SessionError(exc.message, code="bad-options") from None


def _check_game(game: Any) -> str:
    from companion.rules.board import GAMES

    if game not in GAMES:
        raise SessionError(f"unknown game {game!r} (games: {', '.join(GAMES)})", code="bad-game")
    return game


def _photo_suffix(data: bytes, name: str | None) -> str:
    if data[:3] == b"\xff\xd8\xff":
        return ".jpg"
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return ".png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return ".webp"
    suffix = Path(name).suffix.lower() if name else ""
    return suffix if suffix and len(suffix) <= 6 and suffix[1:].isalnum() else ".img"


class SessionStore:
    """Game sessions in one SQLite database (see the module docstring).

    Open with :meth:`open`; use as a context manager or call :meth:`close`.

    Parameters
    ----------
    conn : sqlite3.Connection
        An open, migrated connection (from :func:`companion.session.db.connect`).
    path : Path
        The database file.
    photos_dir : Path
        Where photo files are kept.
    reader : callable, optional
        Replaces ``vision.pipeline.read_file`` for photo turns (tests, other readers).
    """

    def __init__(self, conn: sqlite3.Connection, path: Path, photos_dir: Path,
                 reader: Reader | None = None) -> None:
        self._conn = conn
        conn.row_factory = sqlite3.Row
        self.path = Path(path)
        self.photos_dir = Path(photos_dir)
        self._reader = reader
        self._lock = threading.RLock()

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(cls, path: str | Path | None = None, *, photos_dir: str | Path | None = None,
             reader: Reader | None = None, check_integrity: bool = True) -> "SessionStore":
        """Open the session database, creating and migrating it when needed.

        Parameters
        ----------
        path : str or Path, optional
            Database file; default ``<data dir>/sessions.sqlite3`` (``TILE_COMPANION_DATA_DIR``
            overrides the data dir).
        photos_dir : str or Path, optional
            Default ``photos/`` beside the database.
        reader : callable, optional
            Photo reader replacing ``vision.pipeline.read_file``.
        check_integrity : bool
            Run ``PRAGMA integrity_check`` on an existing file (default True).

        Raises
        ------
        DatabaseCorrupt
            Not SQLite, or fails the integrity check. The file is left untouched.
        DatabaseTooNew, DatabaseError
        """
        db_path = Path(path).expanduser() if path is not None else default_db_path()
        conn = dbmod.connect(db_path, check_integrity=check_integrity)
        pdir = Path(photos_dir) if photos_dir is not None else photos_dir_for(db_path)
        try:
            remove_stale_temp(pdir)
        except OSError:  # pragma: no cover - best effort
            pass
        return cls(conn, db_path, pdir, reader)

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> "SessionStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ sqlite helpers
    def _run(self, fn: Callable[[sqlite3.Connection], Any], *, write: bool) -> Any:
        """Run ``fn(conn)`` under the lock, in a write transaction when ``write``."""
        with self._lock:
            try:
                if write:
                    with dbmod.write_transaction(self._conn) as conn:
                        return fn(conn)
                # a read sees one consistent snapshot
                self._conn.execute("BEGIN")
                try:
                    return fn(self._conn)
                finally:
                    self._conn.execute("COMMIT")
            except sqlite3.Error as exc:
                raise dbmod.translate(exc, self.path) from None

    @staticmethod
    def _session_row(conn: sqlite3.Connection, session_id: int) -> sqlite3.Row:
        if not isinstance(session_id, int) or isinstance(session_id, bool):
            raise SessionNotFound(f"session id must be an integer, not {session_id!r}")
        conn.row_factory = sqlite3.Row
        row = conn.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            raise SessionNotFound(f"there is no session {session_id}")
        return row

    @staticmethod
    def _live_turns(conn: sqlite3.Connection, session_id: int) -> list[sqlite3.Row]:
        conn.row_factory = sqlite3.Row
        return conn.execute("SELECT * FROM turns WHERE session_id = ? AND undone IS NULL "
                            "ORDER BY seq", (session_id,)).fetchall()

    @staticmethod
    def _timer_elapsed(row: sqlite3.Row, now: float | None = None) -> float:
        elapsed = float(row["timer_elapsed"])
        if row["timer_started"] is not None:
            elapsed += max(0.0, (now or time.time()) - float(row["timer_started"]))
        return elapsed

    def _scoring_options(self, row: sqlite3.Row) -> dict[str, Any]:
        options = dict(_loads(row["options"]))
        if row["game"] == "tapestry" and options.get("mode") == "time" \
                and "elapsed_s" not in options:
            elapsed = self._timer_elapsed(row)
            if elapsed > 0:
                options["elapsed_s"] = round(elapsed, 1)
        return options

    def _rescore(self, conn: sqlite3.Connection, session_id: int) -> None:
        """Score the session's live turns and store each turn's result and the summary."""
        row = self._session_row(conn, session_id)
        turns = self._live_turns(conn, session_id)
        entries = [scoring.Entry(_loads(t["board"]), t["player"], bool(t["new_round"]))
                   for t in turns]
        record = scoring.build_record(row["game"], _loads(row["players"]),
                                      self._scoring_options(row), entries)
        doc, error = scoring.score_record(record)
        results: list[Any] = [None] * len(turns)
        summary = None
        if doc is not None:
            per_turn = doc.get("turns") or []
            if len(per_turn) != len(turns):
                error = (f"the rule core returned {len(per_turn)} turn results for "
                         f"{len(turns)} entries")
            else:
                results = list(per_turn)
                summary = {k: v for k, v in doc.items() if k != "turns"}
        for t, res in zip(turns, results):
            text = None if res is None else _dumps(res)
            if text != t["result"]:
                conn.execute("UPDATE turns SET result = ? WHERE id = ?", (text, t["id"]))
        conn.execute("UPDATE sessions SET summary = ?, score_error = ?, updated = ? WHERE id = ?",
                     (None if summary is None else _dumps(summary), error, _now(), session_id))

    # ------------------------------------------------------------------ sessions
    def create(self, game: str, players: Sequence[str], options: Mapping[str, Any] | None = None,
               profile: Mapping[str, Any] | None = None, *, name: str | None = None
               ) -> SessionInfo:
        """Start a session.

        Parameters
        ----------
        game : str
            One of the games of FORMATS.md.
        players : sequence of str
            Seating order = order of play (1-8 different names).
        options : dict, optional
            Per-game settings (FORMATS.md record ``options``).
        profile : dict, optional
            Colour/symbol profile used to read this session's photos (stored as a snapshot).
        name : str, optional
            A label; default ``"<game> <UTC date and time>"``.
        """
        game = _check_game(game)
        players = _check_players(players)
        options = _check_options(options, game)
        if profile is not None and not isinstance(profile, Mapping):
            raise SessionError("profile must be a JSON object", code="bad-profile")
        profile_text = None if profile is None else _dumps(_jsonable(profile))
        now = _now()
        label = (name or "").strip()[:MAX_NAME] or f"{game} {now[:16].replace('T', ' ')}"

        def fn(conn: sqlite3.Connection) -> int:
            cur = conn.execute(
                "INSERT INTO sessions (game, players, options, profile, name, created, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game, _dumps(list(players)), _dumps(options), profile_text, label, now, now))
            return int(cur.lastrowid)

        session_id = self._run(fn, write=True)
        return self.info(session_id)

    def info(self, session_id: int) -> SessionInfo:
        """The header of one session."""
        def fn(conn: sqlite3.Connection) -> SessionInfo:
            row = self._session_row(conn, session_id)
            n = conn.execute("SELECT COUNT(*) FROM turns WHERE session_id = ? AND undone IS NULL",
                             (session_id,)).fetchone()[0]
            return self._info_from_row(row, n)
        return self._run(fn, write=False)

    @staticmethod
    def _info_from_row(row: sqlite3.Row, n_turns: int) -> SessionInfo:
        players = tuple(_loads(row["players"]))
        summary = _loads(row["summary"]) or {}
        totals = {p: 0 for p in players}
        totals.update(summary.get("totals") or {})
        return SessionInfo(
            id=row["id"], game=row["game"], players=players, options=_loads(row["options"]),
            profile=_loads(row["profile"]), name=row["name"], created=row["created"],
            updated=row["updated"], finished=row["finished"], n_turns=n_turns, totals=totals,
            winner=summary.get("winner"))

    def list(self, *, include_finished: bool = True) -> list[SessionInfo]:
        """All sessions, most recently updated first."""
        def fn(conn: sqlite3.Connection) -> list[SessionInfo]:
            conn.row_factory = sqlite3.Row
            rows = conn.execute(
                "SELECT s.*, (SELECT COUNT(*) FROM turns t WHERE t.session_id = s.id "
                "AND t.undone IS NULL) AS n FROM sessions s ORDER BY s.updated DESC, s.id DESC"
            ).fetchall()
            return [self._info_from_row(r, r["n"]) for r in rows
                    if include_finished or r["finished"] is None]
        return self._run(fn, write=False)

    def delete(self, session_id: int) -> None:
        """Delete a session, its turns and corrections (photo files are kept)."""
        def fn(conn: sqlite3.Connection) -> None:
            self._session_row(conn, session_id)
            conn.execute("DELETE FROM sessions WHERE id = ?", (session_id,))
        self._run(fn, write=True)

    # ------------------------------------------------------------------ reading views
    def get(self, session_id: int) -> SessionView:
        """Everything about one session: turns with boards, photos, points and violations,
        totals, rounds, winner, the next player, history of undone turns.

        A session stored while the rule core was unavailable is scored now.
        """
        view = self._run(lambda conn: self._view(conn, session_id), write=False)
        if view.score is None and view.turns and (view.score_error or "").startswith(
                scoring.RULE_CORE_MISSING):
            try:
                from companion.rules import score_record_data  # noqa: F401
            except ImportError:
                return view
            self._run(lambda conn: self._rescore(conn, session_id), write=True)
            view = self._run(lambda conn: self._view(conn, session_id), write=False)
        return view

    def _turn_view(self, t: sqlite3.Row, corrections: Sequence[Correction]) -> TurnView:
        res = _loads(t["result"])
        photo = self.photos_dir / t["photo"] if t["photo"] else None
        placed: tuple[Cell, ...] = ()
        if res is not None:
            placed = tuple((int(c[0]), int(c[1])) for c in res.get("placed") or ())
        return TurnView(
            id=t["id"], index=t["seq"], source=t["source"], action=t["action"],
            player=res.get("player") if res else None, named_player=t["player"],
            new_round=bool(t["new_round"]), board=_loads(t["board"]),
            reading=_loads(t["reading"]), photo=photo, corrections=tuple(corrections),
            placed=placed, points=res.get("points") if res else None,
            breakdown=res.get("breakdown") if res else None,
            extra_turn=bool(res.get("extra_turn")) if res else False,
            legal=res.get("legal") if res else None,
            violations=tuple(res.get("violations") or ()) if res else (),
            result=res, created=t["created"], undone=t["undone"])

    def _view(self, conn: sqlite3.Connection, session_id: int) -> SessionView:
        row = self._session_row(conn, session_id)
        conn.row_factory = sqlite3.Row
        all_turns = conn.execute("SELECT * FROM turns WHERE session_id = ? ORDER BY seq, id",
                                 (session_id,)).fetchall()
        corr: dict[int, list[Correction]] = {}
        for c in conn.execute(
                "SELECT c.* FROM corrections c JOIN turns t ON t.id = c.turn_id "
                "WHERE t.session_id = ? ORDER BY c.id", (session_id,)).fetchall():
            corr.setdefault(c["turn_id"], []).append(Correction(
                id=c["id"], turn_id=c["turn_id"], cell=(c["cell_row"], c["cell_col"]),
                before=_loads(c["before"]), after=_loads(c["after"]), created=c["created"]))
        live = [self._turn_view(t, corr.get(t["id"], ())) for t in all_turns if t["undone"] is None]
        undone = [self._turn_view(t, corr.get(t["id"], ())) for t in all_turns
                  if t["undone"] is not None]
        undone.sort(key=lambda v: (v.undone or "", v.id), reverse=True)
        info = self._info_from_row(row, len(live))
        summary = _loads(row["summary"])
        players = info.players
        results = [t.result for t in live]
        finished = row["finished"] is not None
        nxt, round_over = scoring.next_player(info.game, players, info.options, results, summary)
        hands = None
        if info.game == "x-tiles":
            hands, _, _ = scoring.xtiles_round_info(summary)
        score = None
        if summary is not None:
            score = dict(summary)
            score["turns"] = results
        timer = None
        if info.game == "tapestry":
            timer = TimerState(running=row["timer_started"] is not None,
                               elapsed_s=self._timer_elapsed(row))
        return SessionView(
            info=info, turns=tuple(live), totals=info.totals,
            rounds=tuple((summary or {}).get("rounds") or ()), hands=hands,
            winner=(summary or {}).get("winner"), next_player=None if finished else nxt,
            round_over=round_over, finished=finished, score=score,
            score_error=row["score_error"], timer=timer, undone=tuple(undone),
            game_over=scoring.game_over(info.game, info.options, summary,
                                        live[-1].board if live else None))

    def turn(self, turn_id: int) -> TurnView:
        """One turn by its id (live or undone)."""
        def fn(conn: sqlite3.Connection) -> TurnView:
            conn.row_factory = sqlite3.Row
            t = conn.execute("SELECT * FROM turns WHERE id = ?", (turn_id,)).fetchone()
            if t is None:
                raise SessionError(f"there is no turn {turn_id}", code="no-turn")
            cs = [Correction(id=c["id"], turn_id=c["turn_id"], cell=(c["cell_row"], c["cell_col"]),
                             before=_loads(c["before"]), after=_loads(c["after"]),
                             created=c["created"])
                  for c in conn.execute("SELECT * FROM corrections WHERE turn_id = ? ORDER BY id",
                                        (turn_id,)).fetchall()]
            return self._turn_view(t, cs)
        return self._run(fn, write=False)

    # ------------------------------------------------------------------ adding turns
    def _check_open(self, row: sqlite3.Row) -> None:
        if row["finished"] is not None:
            raise SessionFinished(f"session {row['id']} is finished; reopen it to add turns")

    def _check_player(self, row: sqlite3.Row, player: str | None) -> None:
        if player is not None and player not in _loads(row["players"]):
            raise SessionError(f"{player!r} does not play in session {row['id']} "
                               f"(players: {', '.join(_loads(row['players']))})",
                               code="bad-player")

    def _insert_turn(self, conn: sqlite3.Connection, session_id: int, *, source: str,
                     action: str, board: Mapping[str, Any], player: str | None,
                     new_round: bool, reading: Any = None, photo: str | None = None) -> int:
        row = self._session_row(conn, session_id)
        self._check_open(row)
        self._check_player(row, player)
        if new_round and row["game"] != "x-tiles":
            raise SessionError("only X-Tiles sessions have rounds", code="no-rounds")
        seq = conn.execute("SELECT COALESCE(MAX(seq) + 1, 0) FROM turns WHERE session_id = ? "
                           "AND undone IS NULL", (session_id,)).fetchone()[0]
        cur = conn.execute(
            "INSERT INTO turns (session_id, seq, source, action, player, new_round, board, "
            "reading, photo, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (session_id, seq, source, action, player, int(bool(new_round)), _dumps(board),
             None if reading is None else _dumps(reading), photo, _now()))
        turn_id = int(cur.lastrowid)
        if row["game"] == "tapestry" and _loads(row["options"]).get("mode") == "time" \
                and row["timer_started"] is None and not row["timer_elapsed"]:
            # time mode: the clock starts with the first card laid unless started earlier
            conn.execute("UPDATE sessions SET timer_started = ? WHERE id = ?",
                         (time.time(), session_id))
        self._rescore(conn, session_id)
        return turn_id

    def _game_of(self, session_id: int) -> tuple[str, Mapping[str, Any] | None]:
        def fn(conn: sqlite3.Connection) -> tuple[str, Any]:
            row = self._session_row(conn, session_id)
            self._check_open(row)
            return row["game"], _loads(row["profile"])
        return self._run(fn, write=False)

    def add_board_turn(self, session_id: int, board: Mapping[str, Any] | Any, *,
                       player: str | None = None, new_round: bool = False) -> TurnView:
        """Add a turn from a board (a manual edit of the table): the state after the turn.

        Parameters
        ----------
        board : dict or Board
            FORMATS.md board of the session's game, in any origin/orientation (the scorer
            aligns it with the previous state).
        player : str, optional
            Name the player (record ``player``); default: the game's turn order.
        new_round : bool
            X-Tiles: this state starts a new round (its two stock tiles).

        Returns
        -------
        TurnView
            The new turn, scored.

        Raises
        ------
        BoardError, SessionNotFound, SessionFinished, SessionError
            Nothing is saved.
        """
        game, _ = self._game_of(session_id)
        data = validate_board(board, game)
        turn_id = self._run(lambda conn: self._insert_turn(
            conn, session_id, source="board", action="place", board=data, player=player,
            new_round=new_round), write=True)
        return self.turn(turn_id)

    def start_round(self, session_id: int, board: Mapping[str, Any] | Any, *,
                    start_player: str | None = None) -> TurnView:
        """X-Tiles: start a new round from ``board`` (the two stock tiles).

        ``start_player`` names the round's start player; default the rule (previous winner, or
        ``options.starter``).
        """
        return self.add_board_turn(session_id, board, player=start_player, new_round=True)

    def add_pass(self, session_id: int, *, action: str = "pass",
                 player: str | None = None) -> TurnView:
        """A turn that leaves the table unchanged: ``take`` or ``discard`` (Textile patch,
        Tapestry discard) or ``pass``. It repeats the previous state and scores 0."""
        if action not in ("take", "discard", "pass"):
            raise SessionError(f"action must be take, discard or pass, not {action!r}",
                               code="bad-action")

        def fn(conn: sqlite3.Connection) -> int:
            turns = self._live_turns(conn, session_id)
            if not turns:
                self._session_row(conn, session_id)
                raise SessionError("the first turn must place tiles (add a board or a photo)",
                                   code="no-state")
            return self._insert_turn(conn, session_id, source="pass", action=action,
                                     board=_loads(turns[-1]["board"]), player=player,
                                     new_round=False)
        return self.turn(self._run(fn, write=True))

    def _read_photo(self, path: Path, game: str, profile: Mapping[str, Any] | None
                    ) -> dict[str, Any]:
        """Read a stored photo -> ``{"board", "doubts", "timing_ms", "geometry"}``.

        Raises
        ------
        PhotoReadError
            No reader, or the reader failed (code of the reader's error when it has one).
        """
        reader = self._reader
        if reader is None:
            try:
                from vision.pipeline import read_file as reader
            except ImportError as exc:
                raise PhotoReadError(
                    f"no photo reader in this build of tile-companion ({exc}); add the turn "
                    f"as a board instead", code="no-reader") from None
        try:
            reading = reader(path, game=game, profile=profile)
        except CompanionError as exc:
            raise PhotoReadError(f"photo {path.name}: {exc.message}", code=exc.code) from None
        except Exception as exc:
            code = getattr(exc, "code", None)
            if not isinstance(code, str):
                logger.exception("the photo reader failed")
                code = "photo-unreadable"
            raise PhotoReadError(f"could not read the photo: {exc}", code=code) from None
        if isinstance(reading, Mapping):
            board = reading.get("board")
            extra = {k: v for k, v in reading.items() if k != "board"}
        else:
            board = getattr(reading, "board", None)
            extra = {k: getattr(reading, k) for k in ("doubts", "timing_ms", "geometry")
                     if hasattr(reading, k)}
        if not isinstance(board, Mapping):
            raise PhotoReadError("the photo reader returned no board", code="photo-unreadable")
        out = {"board": _jsonable(board)}
        for k, v in extra.items():
            try:
                out[k] = _jsonable(v)
            except Exception:  # pragma: no cover - geometry of an unknown kind
                logger.warning("could not keep the reading's %s", k)
        return out

    def _store_photo(self, session_id: int | str, photo: str | Path | bytes) -> tuple[Path, str]:
        """Copy a photo into the photos folder atomically -> (absolute path, relative path)."""
        name = None
        if isinstance(photo, (bytes, bytearray, memoryview)):
            data = bytes(photo)
        else:
            src = Path(photo)
            name = src.name
            try:
                size = src.stat().st_size
                if size > MAX_PHOTO_BYTES:
                    raise PhotoReadError(f"photo {src} is too large: {size} bytes",
                                         code="too-large")
                data = src.read_bytes()
            except FileNotFoundError:
                raise PhotoReadError(f"photo {src} does not exist", code="not-found") from None
            except IsADirectoryError:
                raise PhotoReadError(f"photo {src} is a folder", code="not-found") from None
            except OSError as exc:
                raise PhotoReadError(f"cannot read photo {src}: {exc.strerror}",
                                     code="unreadable") from None
        if not data:
            raise PhotoReadError("the photo is empty", code="bad-image")
        if len(data) > MAX_PHOTO_BYTES:
            raise PhotoReadError(f"the photo is too large: {len(data)} bytes", code="too-large")
        rel = f"{session_id}/{datetime.now(timezone.utc):%Y%m%dT%H%M%S}-" \
              f"{uuid.uuid4().hex[:12]}{_photo_suffix(data, name)}"
        try:
            path = write_atomic(self.photos_dir / rel, data)
        except OSError as exc:
            raise DatabaseError(f"cannot store the photo in {self.photos_dir}: {exc}") from None
        return path, rel

    def add_photo_turn(self, session_id: int, photo: str | Path | bytes, *,
                       player: str | None = None, new_round: bool = False,
                       profile: Mapping[str, Any] | None = None) -> TurnView:
        """Add a turn from a photo of the table.

        The photo is copied into the data folder (atomically), read with the session's game and
        profile (``profile`` overrides it for this photo), and the board read is stored with the
        raw reading; the turn is then scored against the previous state like any record entry
        (the scorer aligns the states, infers the move, validates and scores).

        Parameters
        ----------
        photo : str, Path or bytes
            A photo file, or its encoded bytes (JPEG/PNG).

        Returns
        -------
        TurnView
            The new turn with ``photo``, ``reading``, ``placed``, ``points``, ``violations``.

        Raises
        ------
        PhotoReadError
            Reader missing or failing (codes ``no-reader``, ``bad-image``, ``no-tiles``, ...).
            Nothing is saved.
        """
        game, session_profile = self._game_of(session_id)
        path, rel = self._store_photo(session_id, photo)
        try:
            reading = self._read_photo(path, game, profile if profile is not None
                                       else session_profile)
            try:
                board = validate_board(reading["board"], game, where="board read from the photo")
            except BoardError as exc:
                raise PhotoReadError(f"the photo reader returned an invalid board: {exc.message}",
                                     code="bad-reading") from None
            turn_id = self._run(lambda conn: self._insert_turn(
                conn, session_id, source="photo", action="place", board=board, player=player,
                new_round=new_round, reading=reading, photo=rel), write=True)
        except BaseException:
            try:
                path.unlink()
            except OSError:
                pass
            raise
        return self.turn(turn_id)

    # ------------------------------------------------------------------ corrections, undo
    def correct_tile(self, session_id: int, cell: Sequence[int], tile: Mapping[str, Any] | None,
                     *, turn_id: int | None = None) -> TurnView:
        """Correct one cell of the latest state (or of turn ``turn_id``) and re-score.

        Parameters
        ----------
        cell : (row, col)
            In the coordinates of that turn's board (as shown in ``TurnView.board``).
        tile : dict or None
            The tile's attributes (FORMATS.md, ``row``/``col`` optional) — replaces whatever was
            read there, confidence and ``unknown`` included; ``None`` empties the cell.

        Returns
        -------
        TurnView
            The corrected turn, re-scored, with the correction in ``corrections``.
        """
        try:
            r, c = (int(cell[0]), int(cell[1]))
            if len(cell) != 2:
                raise ValueError
        except (TypeError, ValueError, IndexError):
            raise SessionError(f"cell must be (row, col), not {cell!r}", code="bad-cell") from None
        if tile is not None and not isinstance(tile, Mapping):
            raise SessionError("tile must be a JSON object or None", code="bad-tile")

        def fn(conn: sqlite3.Connection) -> int:
            row = self._session_row(conn, session_id)
            self._check_open(row)
            if turn_id is None:
                turns = self._live_turns(conn, session_id)
                if not turns:
                    raise SessionError(f"session {session_id} has no turn to correct",
                                       code="no-turn")
                t = turns[-1]
            else:
                t = conn.execute("SELECT * FROM turns WHERE id = ? AND session_id = ? AND "
                                 "undone IS NULL", (turn_id, session_id)).fetchone()
                if t is None:
                    raise SessionError(f"session {session_id} has no live turn {turn_id}",
                                       code="no-turn")
            board = _loads(t["board"])
            tiles = list(board.get("tiles") or [])
            before = next((x for x in tiles if (x["row"], x["col"]) == (r, c)), None)
            if before is None and tile is None:
                raise SessionError(f"cell ({r}, {c}) is already empty", code="bad-cell")
            new_tiles = [x for x in tiles if (x["row"], x["col"]) != (r, c)]
            after = None
            if tile is not None:
                after = dict(tile)
                after["row"], after["col"] = r, c
                new_tiles.append(after)
            new_board = validate_board({**board, "tiles": new_tiles}, row["game"],
                                       where="corrected board")
            if after is not None:
                after = next(x for x in new_board["tiles"] if (x["row"], x["col"]) == (r, c))
            if before == after:
                return int(t["id"])
            conn.execute("UPDATE turns SET board = ? WHERE id = ?", (_dumps(new_board), t["id"]))
            conn.execute("INSERT INTO corrections (turn_id, cell_row, cell_col, before, after, "
                         "created) VALUES (?, ?, ?, ?, ?, ?)",
                         (t["id"], r, c, None if before is None else _dumps(before),
                          None if after is None else _dumps(after), _now()))
            self._rescore(conn, session_id)
            return int(t["id"])
        return self.turn(self._run(fn, write=True))

    def set_board(self, session_id: int, board: Mapping[str, Any] | Any, *,
                  turn_id: int | None = None) -> TurnView:
        """Replace the whole board of the latest turn (or ``turn_id``) — a manual edit —
        recording every changed cell as a correction, and re-score."""
        def fn(conn: sqlite3.Connection) -> int:
            row = self._session_row(conn, session_id)
            self._check_open(row)
            data = validate_board(board, row["game"])
            turns = self._live_turns(conn, session_id)
            t = turns[-1] if turn_id is None and turns else next(
                (x for x in turns if x["id"] == turn_id), None)
            if t is None:
                raise SessionError(f"session {session_id} has no such turn", code="no-turn")
            old = {(x["row"], x["col"]): x for x in _loads(t["board"])["tiles"]}
            new = {(x["row"], x["col"]): x for x in data["tiles"]}
            now = _now()
            for cell in sorted(set(old) | set(new)):
                if old.get(cell) != new.get(cell):
                    b, a = old.get(cell), new.get(cell)
                    conn.execute("INSERT INTO corrections (turn_id, cell_row, cell_col, before, "
                                 "after, created) VALUES (?, ?, ?, ?, ?, ?)",
                                 (t["id"], cell[0], cell[1], None if b is None else _dumps(b),
                                  None if a is None else _dumps(a), now))
            conn.execute("UPDATE turns SET board = ? WHERE id = ?", (_dumps(data), t["id"]))
            self._rescore(conn, session_id)
            return int(t["id"])
        return self.turn(self._run(fn, write=True))

    def undo(self, session_id: int) -> TurnView:
        """Undo the latest turn: it leaves the record (kept in history as undone) and the
        session is re-scored. Undoing reopens a finished session.

        Raises
        ------
        NothingToUndo
        """
        def fn(conn: sqlite3.Connection) -> int:
            self._session_row(conn, session_id)
            turns = self._live_turns(conn, session_id)
            if not turns:
                raise NothingToUndo(f"session {session_id} has no turn to undo")
            t = turns[-1]
            conn.execute("UPDATE turns SET undone = ? WHERE id = ?", (_now(), t["id"]))
            conn.execute("UPDATE sessions SET finished = NULL WHERE id = ?", (session_id,))
            self._rescore(conn, session_id)
            return int(t["id"])
        return self.turn(self._run(fn, write=True))

    # ------------------------------------------------------------------ timer, end of game
    def timer_start(self, session_id: int) -> TimerState:
        """Tapestry time mode: start (or resume) the game clock."""
        def fn(conn: sqlite3.Connection) -> None:
            row = self._session_row(conn, session_id)
            self._check_open(row)
            if row["timer_started"] is None:
                conn.execute("UPDATE sessions SET timer_started = ?, updated = ? WHERE id = ?",
                             (time.time(), _now(), session_id))
        self._run(fn, write=True)
        return self.timer(session_id)

    def timer_pause(self, session_id: int) -> TimerState:
        """Stop the game clock, keeping the elapsed time."""
        def fn(conn: sqlite3.Connection) -> None:
            row = self._session_row(conn, session_id)
            if row["timer_started"] is not None:
                conn.execute("UPDATE sessions SET timer_elapsed = ?, timer_started = NULL, "
                             "updated = ? WHERE id = ?",
                             (self._timer_elapsed(row), _now(), session_id))
        self._run(fn, write=True)
        return self.timer(session_id)

    def timer(self, session_id: int) -> TimerState:
        """The game clock now."""
        def fn(conn: sqlite3.Connection) -> TimerState:
            row = self._session_row(conn, session_id)
            return TimerState(running=row["timer_started"] is not None,
                              elapsed_s=self._timer_elapsed(row))
        return self._run(fn, write=False)

    def finish(self, session_id: int) -> SessionView:
        """End the game: stop the clock, score with the final elapsed time, mark finished.
        Returns the final view (``winner``, ``totals``). :meth:`reopen` or :meth:`undo` reopen."""
        def fn(conn: sqlite3.Connection) -> None:
            row = self._session_row(conn, session_id)
            elapsed = self._timer_elapsed(row)
            conn.execute("UPDATE sessions SET finished = COALESCE(finished, ?), "
                         "timer_elapsed = ?, timer_started = NULL WHERE id = ?",
                         (_now(), elapsed, session_id))
            self._rescore(conn, session_id)
        self._run(fn, write=True)
        return self.get(session_id)

    def reopen(self, session_id: int) -> SessionInfo:
        """Allow adding turns to a finished session again."""
        def fn(conn: sqlite3.Connection) -> None:
            self._session_row(conn, session_id)
            conn.execute("UPDATE sessions SET finished = NULL, updated = ? WHERE id = ?",
                         (_now(), session_id))
        self._run(fn, write=True)
        return self.info(session_id)

    def rescore(self, session_id: int) -> SessionView:
        """Score the session again with the current rule core (e.g. after an upgrade)."""
        self._run(lambda conn: self._rescore(conn, session_id), write=True)
        return self.get(session_id)

    # ------------------------------------------------------------------ export / import
    def export_record(self, session_id: int, out: str | Path | None = None, *,
                      photos: bool = False) -> dict[str, Any]:
        """The session as a FORMATS.md game record (live turns; boards as corrected).

        ``score`` on this record gives the session's totals. With ``out`` (a ``.json`` file),
        the record is written there (atomically); with ``photos`` the turns' photos are copied
        to ``photos/`` beside it and a ``*.history.json`` (photo, reading, corrections, result
        per turn) is written too.
        """
        from companion.session import exchange

        return exchange.export_record(self, session_id, out, photos=photos)

    def export_csv(self, session_id: int, out: str | Path | None = None) -> str:
        """The score sheet as CSV text (one row per turn, running totals per player); written
        to ``out`` when given."""
        from companion.session import exchange

        return exchange.export_csv(self, session_id, out)

    def import_record(self, record: Mapping[str, Any] | str | Path, *,
                      base_dir: str | Path | None = None, name: str | None = None,
                      profile: Mapping[str, Any] | None = None) -> SessionInfo:
        """Create a session from a game record (dict or ``*.record.json`` path).

        Photo entries are read with the reader (relative to ``base_dir``, default the record's
        folder) and their photos stored. All or nothing: on any error nothing is saved.
        """
        from companion.session import exchange

        return exchange.import_record(self, record, base_dir=base_dir, name=name,
                                      profile=profile)

    # used by companion.session.exchange
    def _import_rows(self, game: str, players: Sequence[str], options: Mapping[str, Any],
                     profile: Mapping[str, Any] | None, name: str | None,
                     turns: Iterable[dict[str, Any]]) -> int:
        game = _check_game(game)
        players = _check_players(players)
        options = _check_options(options, game)
        now = _now()
        label = (name or "").strip()[:MAX_NAME] or f"{game} {now[:16].replace('T', ' ')}"
        turns = list(turns)

        def fn(conn: sqlite3.Connection) -> int:
            cur = conn.execute(
                "INSERT INTO sessions (game, players, options, profile, name, created, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game, _dumps(list(players)), _dumps(options),
                 None if profile is None else _dumps(_jsonable(profile)), label, now, now))
            sid = int(cur.lastrowid)
            for seq, t in enumerate(turns):
                if t.get("player") is not None and t["player"] not in players:
                    raise RecordError(f"turn {seq}: {t['player']!r} is not one of the players")
                conn.execute(
                    "INSERT INTO turns (session_id, seq, source, action, player, new_round, "
                    "board, reading, photo, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (sid, seq, t["source"], t.get("action", "place"), t.get("player"),
                     int(bool(t.get("new_round"))), _dumps(t["board"]),
                     None if t.get("reading") is None else _dumps(t["reading"]),
                     t.get("photo"), now))
            self._rescore(conn, sid)
            return sid
        return self._run(fn, write=True)


__all__ = ["SessionStore", "validate_board", "Reader", "InputError"]
