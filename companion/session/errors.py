"""Errors of the session store; all are :class:`companion.errors.CompanionError` (exit code 1)."""
from __future__ import annotations

from companion.errors import CompanionError


class SessionError(CompanionError):
    """A session operation could not be done (bad arguments for this session's state)."""

    code = "session"


class SessionNotFound(SessionError):
    """No session with that id in the database."""

    code = "no-session"


class SessionFinished(SessionError):
    """The session is finished; reopen it (or undo) before adding turns."""

    code = "session-finished"


class NothingToUndo(SessionError):
    """The session has no turn to undo."""

    code = "nothing-to-undo"


class DatabaseError(CompanionError):
    """The session database cannot be used (locked for too long, unwritable, ...)."""

    code = "database"


class DatabaseCorrupt(DatabaseError):
    """The database file is not SQLite or fails its integrity check. It is kept untouched."""

    code = "corrupt-database"


class DatabaseTooNew(DatabaseError):
    """The database was written by a newer tile-companion (schema version unknown here)."""

    code = "database-too-new"


class PhotoReadError(SessionError):
    """A photo turn could not be read (no reader, unreadable image, no tiles); nothing was saved."""

    code = "photo-unreadable"
