"""The ``tile-companion`` command line.

Every subcommand lives in ``companion/commands/<name>.py`` and exposes::

    register(subparsers) -> argparse.ArgumentParser   # adds its parser, sets func=run
    run(args) -> CommandResult                         # raises CompanionError on bad input

Exit codes (FORMATS.md): 0 done (also when the result reports violations), 1 the input could
not be processed (with ``{"error": {"code", "message"}}`` on stdout under ``--json``), 2 usage.
"""
from __future__ import annotations

import argparse
import importlib
import json
import logging
import sys
from typing import Sequence

from companion import __version__
from companion.commands import CommandResult, add_json_flag
from companion.errors import CompanionError
from vision.errors import CodedError

logger = logging.getLogger(__name__)

#: subcommand -> module in companion.commands, in the order ``--help`` lists them.
COMMANDS: dict[str, str] = {
    "read": "read",
    "check": "check",
    "score": "score",
    "calibrate": "calibrate",
    "render": "render",
    "bench": "bench",
    "calibrate-camera": "calibrate_camera",
    "mat": "mat",
    "session": "session",
    "app": "app",
}


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as JSON too when ``--json`` was asked for."""

    def error(self, message: str) -> None:  # type: ignore[override]
        if "--json" in sys.argv[1:]:
            print(json.dumps({"error": {"code": "usage", "message": message}}))
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tile-companion",
        description="Scores real tabletop tile games from photos of the table.",
    )
    parser.add_argument("--version", action="version", version=f"tile-companion {__version__}")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="more log output on stderr")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, module_name in COMMANDS.items():
        try:
            module = importlib.import_module(f"companion.commands.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"companion.commands.{module_name}":
                raise
            _register_missing(sub, name)
            continue
        module.register(sub)
    return parser


def _register_missing(sub: argparse._SubParsersAction, name: str) -> None:
    p = sub.add_parser(name, help=f"({name}: not part of this build)")
    p.add_argument("rest", nargs=argparse.REMAINDER)
    add_json_flag(p)

    def run(args: argparse.Namespace) -> CommandResult:
        raise CompanionError(f"'{name}' is not part of this build of tile-companion",
                             code="unavailable")

    p.set_defaults(func=run)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.WARNING - 10 * min(args.verbose, 2),
        format="%(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    as_json = bool(getattr(args, "json", False))
    try:
        result = args.func(args)
    except CodedError as exc:  # CompanionError, and a VisionError a command let through
        if as_json:
            print(json.dumps({"error": {"code": exc.code, "message": exc.message}}))
        print(f"tile-companion {args.command}: {exc.message}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    if isinstance(result, int):
        return result
    if as_json:
        sys.stdout.write(json.dumps(result.data, ensure_ascii=False) + "\n")
    elif result.text:
        sys.stdout.write(result.text.rstrip("\n") + "\n")
    return result.exit_code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
