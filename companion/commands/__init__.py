"""Subcommands of ``tile-companion``; one module per subcommand (see ``companion.cli``)."""
from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import InputError

#: Largest JSON input (board, record) accepted, in bytes.
MAX_JSON_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class CommandResult:
    """What a subcommand produced: ``data`` for ``--json``, ``text`` for people."""

    data: dict[str, Any] = field(default_factory=dict)
    text: str = ""
    exit_code: int = 0


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true",
                        help="print exactly one JSON document on stdout (logs go to stderr)")


def read_json_file(path: str | Path, *, what: str = "file", max_bytes: int = MAX_JSON_BYTES) -> Any:
    """Read and parse a JSON file with a size limit.

    Raises
    ------
    InputError
        ``not-found``, ``too-large``, ``bad-json`` codes, with a message naming the file.
    """
    p = Path(path)
    try:
        size = p.stat().st_size
        if not p.is_file():
            raise InputError(f"{what} {p} is not a file", code="not-found")
    except FileNotFoundError:
        raise InputError(f"{what} {p} does not exist", code="not-found") from None
    except OSError as exc:
        raise InputError(f"cannot read {what} {p}: {exc.strerror}", code="unreadable") from None
    if size > max_bytes:
        raise InputError(f"{what} {p} is too large: {size} bytes (at most {max_bytes})",
                         code="too-large")
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read {what} {p}: {exc.strerror}", code="unreadable") from None
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError(f"{what} {p} is not UTF-8 text", code="bad-json") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{what} {p} is not valid JSON: {exc.msg} at line {exc.lineno} "
                         f"column {exc.colno}", code="bad-json") from None
    except RecursionError:
        raise InputError(f"{what} {p} is nested too deeply", code="bad-json") from None
