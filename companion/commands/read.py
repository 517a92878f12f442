"""``tile-companion read PHOTO --game G [--profile P] [--overlay OUT.png]``: photo -> board."""
from __future__ import annotations

import argparse
import logging
from pathlib import Path

from companion.commands import CommandResult, add_json_flag
from companion.errors import BoardError, InputError
from companion.rules import board_from_dict, check_board
from vision.kits import GAME_KITS

logger = logging.getLogger(__name__)


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("read", help="read a photo of the table into a board",
                       description="Read a photo of the table: find the tiles, read each one, "
                                   "check the position against the game's rules.")
    p.add_argument("photo", metavar="PHOTO", nargs="?",
                   help="JPEG or PNG photo of the table (default: a bundled sample photo, "
                        "with its overlay written to sample-overlay.png)")
    p.add_argument("--game", choices=sorted(GAME_KITS),
                   help="the game played (required with PHOTO)")
    p.add_argument("--profile", metavar="P", help="colour/symbol profile from 'calibrate'")
    p.add_argument("--camera", metavar="CAM.json", help="lens calibration from 'calibrate-camera'")
    p.add_argument("--overlay", metavar="OUT.png", help="write the photo with what was read drawn on it")
    add_json_flag(p)
    p.set_defaults(func=run)
    return p


def _violations(board: dict) -> list[dict]:
    """The rules the read position breaks (tiles with an unknown attribute are left out)."""
    known = {**board, "tiles": [t for t in board["tiles"] if not t.get("unknown")]}
    try:
        parsed = board_from_dict(known)
    except BoardError as exc:  # pragma: no cover - the reader only writes valid attributes
        logger.warning("read board does not validate: %s", exc)
        return []
    return [v.to_dict() for v in check_board(parsed)]


#: The bundled sample read when no photo is given: (game, path below sample_images/).
SAMPLE = ("tapestry", "tapestry/photos/normal-01.jpg")


def _sample_photo() -> Path:
    """The bundled sample photo of a source checkout."""
    root = Path(__file__).resolve().parents[2] / "sample_images"
    photo = root / SAMPLE[1]
    if not photo.is_file():
        raise InputError(f"no bundled sample photo at {photo}; give a PHOTO and --game",
                         code="not-found")
    return photo


def run(args: argparse.Namespace) -> CommandResult:
    from vision.errors import VisionError
    from vision.pipeline import read_file

    if args.photo is None:
        if args.game not in (None, SAMPLE[0]):
            raise InputError("without a PHOTO the bundled sample is read, a "
                             f"{SAMPLE[0]} game; give a PHOTO to read a {args.game} table",
                             code="usage")
        args.photo, args.game = str(_sample_photo()), SAMPLE[0]
        if args.overlay is None:
            args.overlay = "sample-overlay.png"
        logger.warning("no photo given: reading the bundled sample %s", args.photo)
    elif args.game is None:
        raise InputError("--game is required with a PHOTO (one of "
                         f"{', '.join(sorted(GAME_KITS))})", code="usage")

    profile = None
    if args.profile:
        from companion.commands.score import load_profile
        profile = load_profile(args.profile)
    camera = None
    if args.camera:
        from companion.commands import read_json_file
        camera = read_json_file(args.camera, what="camera calibration")
    elif profile is not None and isinstance(profile.get("camera"), dict):
        camera = profile["camera"]
    try:
        reading = read_file(args.photo, game=args.game, profile=profile, camera=camera)
    except VisionError as exc:
        raise InputError(f"{args.photo}: {exc.message}", code=exc.code) from None
    board = reading.board
    violations = _violations(board)
    data = {"board": board, "violations": violations, "timing_ms": reading.timing_ms,
            "doubts": list(reading.doubts)}
    if args.overlay:
        _write_overlay(args.photo, reading, violations, args.overlay)
    tiles = board["tiles"]
    lines = [f"{args.game}: {len(tiles)} tiles read from {args.photo} "
             f"in {reading.timing_ms.get('total', 0):.0f} ms"]
    for t in tiles:
        attrs = {k: v for k, v in t.items() if k not in ("row", "col", "confidence", "unknown")}
        flag = "  UNKNOWN" if t.get("unknown") else ""
        lines.append(f"  ({t['row']},{t['col']}) {attrs}  conf {t.get('confidence', 0):.2f}{flag}")
    for d in reading.doubts:
        lines.append(f"  doubt ({d['row']},{d['col']}) {d['attribute']}: {d['reason']}")
    for v in violations:
        lines.append(f"  VIOLATION {v['rule']} {v['cells']}: {v['message']}")
    if args.overlay:
        lines.append(f"overlay written to {args.overlay}")
    return CommandResult(data, "\n".join(lines))


def _write_overlay(photo: str, reading, violations: list[dict], out: str) -> None:
    import cv2

    from vision.load import load_image
    from vision.overlay import draw_overlay

    image = load_image(photo)
    img = draw_overlay(image, reading, violations=violations)
    ok, buf = cv2.imencode(Path(out).suffix or ".png", img)
    if not ok:
        raise InputError(f"cannot encode the overlay as {Path(out).suffix!r}", code="bad-output")
    try:
        Path(out).write_bytes(buf.tobytes())
    except OSError as exc:
        raise InputError(f"cannot write {out}: {exc.strerror or exc}", code="unwritable") from None
