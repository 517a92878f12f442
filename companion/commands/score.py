"""``tile-companion score RECORD.json``: score every turn of a game record."""
from __future__ import annotations

import argparse
import logging
from pathlib import Path
from typing import Any, Mapping

from companion.commands import CommandResult, add_json_flag, read_json_file
from companion.errors import InputError, ReaderUnavailable
from companion.rules import score_record_data

logger = logging.getLogger(__name__)


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("score", help="score a game record (*.record.json)",
                       description="Score every turn of a game record: points, violations, "
                                   "totals, rounds and the winner.")
    p.add_argument("record", metavar="RECORD.json")
    p.add_argument("--profile", metavar="P", help="calibration profile for photo entries")
    add_json_flag(p)
    p.set_defaults(func=run)
    return p


def photo_reader(profile_path: str | None):
    """A ``read_photo(path, game) -> board dict`` callback over the vision reader.

    The reader (OpenCV, scikit-image) and the profile are loaded at the first photo entry, so
    records of boards only start quickly.
    """
    state: dict[str, Any] = {}

    def read(path: Path, game: str) -> Mapping[str, Any]:
        if "read_file" not in state:
            try:
                from vision.pipeline import read_file  # noqa: PLC0415 - heavy, only for photos
            except ImportError as exc:
                raise ReaderUnavailable(f"cannot read photo {path}: no photo reader ({exc})") from exc
            state["read_file"] = read_file
            state["profile"] = load_profile(profile_path) if profile_path else None
        from vision.errors import VisionError  # noqa: PLC0415
        try:
            return state["read_file"](path, game=game, profile=state["profile"]).board
        except VisionError as err:
            raise InputError(f"photo {path}: {err}", code=err.code) from err
    return read


def load_profile(path: str) -> Mapping[str, Any]:
    try:
        from calibration.profile import load_profile as _load  # noqa: PLC0415
    except ImportError:
        data = read_json_file(path, what="profile")
        if not isinstance(data, dict) or data.get("format") != "tile-companion-profile":
            raise InputError(f"{path} is not a tile-companion profile", code="bad-profile")
        return data
    try:
        return _load(path)
    except (ValueError, OSError) as exc:  # the message already names the file
        raise InputError(str(exc), code="bad-profile") from exc


def run(args: argparse.Namespace) -> CommandResult:
    data = read_json_file(args.record, what="record")
    base = Path(args.record).resolve().parent
    result = score_record_data(data, base_dir=base, read_photo=photo_reader(args.profile))
    return CommandResult(result, format_report(result))


def format_report(result: Mapping[str, Any]) -> str:
    """A score sheet for people."""
    lines = [f"{result['game']}: {', '.join(result['players'])}"]
    for t in result["turns"]:
        flag = "" if t["legal"] else "  ILLEGAL: " + ", ".join(v["rule"] for v in t["violations"])
        parts = ", ".join(f"{k} {v}" for k, v in t["breakdown"].items())
        placed = " ".join(f"({r},{c})" for r, c in t["placed"]) or "-"
        extra = "  +extra turn" if t["extra_turn"] else ""
        lines.append(f"  {t['entry']:3d} {t['player']:>10s} {t['kind']:9s} {placed:24s} "
                     f"{t['points']:+4d}  {parts}{extra}{flag}")
    for r in result.get("rounds", []):
        lines.append(f"  round {r['round']}: started by {r['start_player']}, {r['ended']}"
                     + (f", won by {r['winner']} for {r['points']}" if r["winner"] else ""))
    lines.append("totals: " + ", ".join(f"{p} {v}" for p, v in result["totals"].items()))
    for key in ("target", "perfect", "complete", "rank"):
        if key in result:
            lines.append(f"{key}: {result[key]}")
    lines.append(f"winner: {result['winner'] or 'none'}")
    return "\n".join(lines)
