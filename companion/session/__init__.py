"""Game sessions: turns, rounds, corrections, undo, history and export, kept in SQLite.

A session is a game at the table: players in seating order, one state of the table per turn
(from a photo or a manual edit), running totals and X-Tiles rounds. Logically it is a
FORMATS.md game record plus history; scores always come from the rule core
(:func:`companion.rules.score_record_data`) on that record, so ``session show`` and ``score``
agree. No kivy here: the app and the command line both use this API, possibly at the same time
on the same database.

Quick start::

    from companion.session import SessionStore

    with SessionStore.open() as store:                 # <data dir>/sessions.sqlite3
        info = store.create("octopus", ["Ann", "Bob"])
        store.add_board_turn(info.id, {"game": "octopus", "tiles": [...]})
        store.add_photo_turn(info.id, "IMG_0042.jpg")  # read, align, infer, validate, score
        store.correct_tile(info.id, (0, 1), {"colour": "red", "pips": 3})
        store.undo(info.id)
        view = store.get(info.id)                      # turns, totals, rounds, next_player
        record = store.export_record(info.id)          # FORMATS.md game record
        csv_text = store.export_csv(info.id)

Public API
----------
SessionStore            open(path=None), create, list, info, get, turn, add_board_turn,
                        add_photo_turn, add_pass, start_round, correct_tile, set_board, undo,
                        timer_start, timer_pause, timer, finish, reopen, rescore, delete,
                        export_record, export_csv, import_record
SessionInfo, SessionView, TurnView, Correction, TimerState      frozen dataclasses
SessionError (+ SessionNotFound, SessionFinished, NothingToUndo, PhotoReadError),
DatabaseError (+ DatabaseCorrupt, DatabaseTooNew)               CompanionError subclasses
data_dir(), default_db_path()
"""
from __future__ import annotations

from companion.session.errors import (
    DatabaseCorrupt, DatabaseError, DatabaseTooNew, NothingToUndo, PhotoReadError, SessionError,
    SessionFinished, SessionNotFound,
)
from companion.session.models import (
    Correction, SessionInfo, SessionView, TimerState, TurnView,
)
from companion.session.paths import data_dir, default_db_path
from companion.session.store import SessionStore

__all__ = [
    "SessionStore", "SessionInfo", "SessionView", "TurnView", "Correction", "TimerState",
    "SessionError", "SessionNotFound", "SessionFinished", "NothingToUndo", "PhotoReadError",
    "DatabaseError", "DatabaseCorrupt", "DatabaseTooNew", "data_dir", "default_db_path",
]
