"""``tile-companion app``: open the Kivy app."""
from __future__ import annotations

import argparse

from companion.commands import CommandResult, add_json_flag
from companion.errors import CompanionError


class AppUnavailable(CompanionError):
    """The app cannot start here (no display, kivy missing)."""

    code = "no-app"


def register(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "app", help="start the app",
        description="Open the Tile Companion app. With no game in progress the home screen "
                    "offers a demo game played from the sample photos.")
    p.add_argument("--session", type=int, metavar="ID", help="resume this session")
    p.add_argument("--demo", action="store_true", help="start the demo game at once")
    p.add_argument("--size", metavar="WxH", help="window size, e.g. 720x1280 (portrait)")
    add_json_flag(p)
    p.set_defaults(func=run)
    return p


def _size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise CompanionError(f"--size must look like 1280x720, not {text!r}", code="usage") from None
    if not (200 <= w <= 8000 and 200 <= h <= 8000):
        raise CompanionError("--size must be between 200 and 8000 pixels a side", code="usage")
    return w, h


def run(args: argparse.Namespace) -> CommandResult:
    size = _size(args.size)
    import importlib.util
    import os
    import sys

    if importlib.util.find_spec("kivy") is None:
        raise AppUnavailable("the app needs kivy (pip install kivy==2.3.1)")
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise AppUnavailable("no display to open the app window on (DISPLAY is not set); "
                             "run it on a desktop, or under xvfb-run for tests")
    from companion.app import run as run_app

    run_app(session_id=args.session, demo=args.demo, size=size)
    return CommandResult(data={"app": "closed"}, text="")
