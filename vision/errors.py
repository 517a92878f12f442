"""Errors of the vision layer. Each carries a stable ``code`` that the command line reports."""
from __future__ import annotations


class VisionError(Exception):
    """Base of every error a photo can cause in the reader; ``code`` is stable."""

    code = "vision"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else self.code


class ImageError(VisionError):
    """The input is not a usable image: unreadable, not an image, truncated, or too large."""

    code = "bad-image"


class NoTilesFound(VisionError):
    """The photo is an image, but no tile layout could be located in it."""

    code = "no-tiles"
