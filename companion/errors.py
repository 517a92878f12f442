"""The exception hierarchy of the product layers.

Every error a user can cause carries a stable ``code`` (part of the ``--json`` error document)
and a message that names the problem. The command line turns them into exit code 1.
"""
from __future__ import annotations

from vision.errors import CodedError


class CompanionError(CodedError):
    """Base of all errors the user can cause; ``code`` is stable, the message is for people."""

    code = "error"


class InputError(CompanionError):
    """An input file could not be used (unreadable, too large, not JSON)."""

    code = "bad-input"


class BoardError(InputError):
    """A board document is malformed: unknown game, colour, symbol, bad coordinates."""

    code = "bad-board"


class RecordError(InputError):
    """A game record is malformed."""

    code = "bad-record"


class ReaderUnavailable(CompanionError):
    """A photo was given but no photo reader could be used."""

    code = "no-reader"
