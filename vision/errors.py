"""Errors of the vision layer. Each carries a stable ``code`` that the command line reports."""
from __future__ import annotations


class CodedError(Exception):
    """An error with a stable ``code`` (reported by the command line) and a message for people.

    The base of both :class:`VisionError` and ``companion.errors.CompanionError``; it lives in the
    lowest layer so that every layer can build on it.
    """

    code = "error"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else self.code


class VisionError(CodedError):
    """Base of every error a photo can cause in the reader; ``code`` is stable."""

    code = "vision"


class ImageError(VisionError):
    """The input is not a usable image: unreadable, not an image, truncated, or too large."""

    code = "bad-image"


class NoTilesFound(VisionError):
    """The photo is an image, but no tile layout could be located in it."""

    code = "no-tiles"
