"""The SQLite database of sessions: opening, health checks, schema migrations, transactions.

- WAL journal, ``synchronous=FULL`` (a returned write survives a killed process and a power cut),
  foreign keys on, ``busy_timeout`` so that the app and the command line can write at once.
- Every table is ``STRICT``. The schema version is ``PRAGMA user_version``; :data:`MIGRATIONS`
  upgrades an older file step by step, each step in one transaction.
- A file that is not SQLite, or that fails ``PRAGMA integrity_check``, raises
  :class:`DatabaseCorrupt` and is never written to, recreated or replaced.
"""
from __future__ import annotations

import logging
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from companion.session.errors import DatabaseCorrupt, DatabaseError, DatabaseTooNew

logger = logging.getLogger(__name__)

SQLITE_HEADER = b"SQLite format 3\x00"
#: Seconds a writer waits for another process's transaction before giving up.
BUSY_TIMEOUT_S = 15.0

_V1 = """
CREATE TABLE sessions (
    id            INTEGER PRIMARY KEY,
    game          TEXT NOT NULL,
    players       TEXT NOT NULL,           -- JSON list, seating order
    options       TEXT NOT NULL,           -- JSON object
    profile       TEXT,                    -- JSON object or NULL
    name          TEXT NOT NULL,
    created       TEXT NOT NULL,
    updated       TEXT NOT NULL,
    finished      TEXT,
    timer_elapsed REAL NOT NULL DEFAULT 0, -- seconds accumulated while paused
    timer_started REAL,                    -- epoch seconds when running, else NULL
    summary       TEXT,                    -- JSON: score document without "turns"
    score_error   TEXT
) STRICT;

CREATE TABLE turns (
    id         INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    source     TEXT NOT NULL CHECK (source IN ('photo', 'board', 'pass', 'import')),
    action     TEXT NOT NULL CHECK (action IN ('place', 'take', 'discard', 'pass')),
    player     TEXT,                       -- named player (record "player") or NULL
    new_round  INTEGER NOT NULL DEFAULT 0 CHECK (new_round IN (0, 1)),
    board      TEXT NOT NULL,              -- JSON board, as read or as corrected
    reading    TEXT,                       -- JSON: the reader's raw output
    photo      TEXT,                       -- path relative to the photos folder
    result     TEXT,                       -- JSON: this entry of the score document
    created    TEXT NOT NULL,
    undone     TEXT                        -- when undone; NULL for a live turn
) STRICT;
CREATE UNIQUE INDEX turns_live_seq ON turns(session_id, seq) WHERE undone IS NULL;
CREATE INDEX turns_by_session ON turns(session_id, seq);

CREATE TABLE corrections (
    id       INTEGER PRIMARY KEY,
    turn_id  INTEGER NOT NULL REFERENCES turns(id) ON DELETE CASCADE,
    cell_row INTEGER NOT NULL,
    cell_col INTEGER NOT NULL,
    before   TEXT,                         -- JSON tile or NULL (empty cell)
    after    TEXT,                         -- JSON tile or NULL (tile removed)
    created  TEXT NOT NULL
) STRICT;
CREATE INDEX corrections_by_turn ON corrections(turn_id);
"""

#: ``MIGRATIONS[i]`` upgrades a database from ``user_version`` i to i + 1.
MIGRATIONS: tuple[str, ...] = (_V1,)
SCHEMA_VERSION = len(MIGRATIONS)


def is_corruption(exc: BaseException) -> bool:
    """Whether an sqlite3 error means the file is damaged (rather than busy or unwritable)."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    text = str(exc).lower()
    return any(s in text for s in ("malformed", "not a database", "corrupt", "file is encrypted"))


def translate(exc: sqlite3.Error, path: Path) -> DatabaseError:
    """An sqlite3 error -> the matching :class:`DatabaseError` naming the file."""
    if is_corruption(exc):
        return DatabaseCorrupt(
            f"the session database {path} is damaged ({exc}); it was left untouched - "
            f"move it away to start a new one, or repair it with the sqlite3 tool")
    text = str(exc)
    if "locked" in text or "busy" in text:
        return DatabaseError(f"the session database {path} stayed busy for more than "
                             f"{BUSY_TIMEOUT_S:.0f} s ({exc})", code="database-busy")
    return DatabaseError(f"session database {path}: {exc}")


def check_header(path: Path) -> None:
    """Raise :class:`DatabaseCorrupt` unless ``path`` is missing, empty or starts like SQLite."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        return
    except IsADirectoryError:
        raise DatabaseError(f"session database {path} is a folder, not a file") from None
    except OSError as exc:
        raise DatabaseError(f"cannot read session database {path}: {exc.strerror}") from None
    if head and head != SQLITE_HEADER:
        raise DatabaseCorrupt(
            f"{path} is not an SQLite database (it starts with {head[:8]!r}); it was left "
            f"untouched - move it away to start a new session database")


def connect(path: Path, *, check_integrity: bool = True) -> sqlite3.Connection:
    """Open (creating if missing) and migrate the database at ``path``.

    Raises
    ------
    DatabaseCorrupt
        The file is not SQLite or fails ``PRAGMA integrity_check`` (file untouched).
    DatabaseTooNew
        Its schema is newer than this program knows (file untouched).
    DatabaseError
        Any other problem (unwritable folder, locked for too long).
    """
    path = Path(path)
    check_header(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(f"cannot create the data folder {path.parent}: {exc.strerror}") from None
    existed = path.exists() and path.stat().st_size > 0
    if existed:
        check_existing(path, check_integrity=check_integrity)
    try:
        conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None,
                               check_same_thread=False)
    except sqlite3.Error as exc:
        raise translate(exc, path) from None
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn)
    except DatabaseError:
        conn.close()
        raise
    except sqlite3.Error as exc:
        conn.close()
        raise translate(exc, path) from None
    return conn


def check_existing(path: Path, *, check_integrity: bool = True) -> None:
    """Health check of an existing database through a read-only connection, which never
    writes the main file (not even a WAL checkpoint on close).

    Raises
    ------
    DatabaseCorrupt, DatabaseTooNew, DatabaseError
    """
    try:
        ro = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                             timeout=BUSY_TIMEOUT_S, isolation_level=None)
    except sqlite3.Error as exc:
        raise translate(exc, path) from None
    try:
        version = ro.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise DatabaseTooNew(
                f"the session database {path} has schema version {version}, newer than "
                f"this tile-companion knows ({SCHEMA_VERSION}); it was left untouched")
        if check_integrity:
            rows = ro.execute("PRAGMA integrity_check").fetchall()
            if [r[0] for r in rows] != ["ok"]:
                problems = "; ".join(str(r[0]) for r in rows[:3])
                raise DatabaseCorrupt(
                    f"the session database {path} fails its integrity check ({problems}); "
                    f"it was left untouched - move it away to start a new one")
    except sqlite3.Error as exc:
        raise translate(exc, path) from None
    finally:
        ro.close()


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the schema to :data:`SCHEMA_VERSION`, one transaction per step; returns it."""
    while True:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version >= SCHEMA_VERSION:
            return version
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have migrated while we waited for the lock.
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version < SCHEMA_VERSION:
                logger.info("migrating the session database to schema version %d", version + 1)
                for statement in _statements(MIGRATIONS[version]):
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {version + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (it holds no ';' inside literals)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


@contextmanager
def write_transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on any exception).

    IMMEDIATE takes the write lock at once, so reads inside see the state the write is based on
    even when another process writes the same session.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:  # pragma: no cover - the connection is gone
            pass
        raise
    else:
        conn.execute("COMMIT")
