"""``tile-companion calibrate PHOTO --game G --layout L.board.json --out P``.

Learns the colours (CIELAB statistics) and symbols of the user's own set from one photo of a
known layout, laid in any quarter turn, and writes a versioned profile for ``read --profile``.
``--layout`` may be a board file or the name of a built-in layout (``nestortiles``,
``tapestry``, ``x-tiles``, ``twelve-tiles``); without it the game's built-in layout is used.
"""
from __future__ import annotations

import argparse
import logging
from pathlib import Path

from companion.commands import CommandResult, add_json_flag, read_json_file
from companion.errors import CompanionError, InputError

logger = logging.getLogger(__name__)


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("calibrate", help="learn your set's colours and symbols from a photo of a layout",
                       description="Learn the colours and symbols of your own set from a photo of a "
                                   "known layout (any quarter turn) and write a profile.")
    p.add_argument("photo", metavar="PHOTO")
    p.add_argument("--game", required=True, help="textile, octopus, x-tiles, tapestry or twelve-tiles")
    p.add_argument("--layout", metavar="LAYOUT.board.json",
                   help="the arrangement photographed (default: the game's built-in layout)")
    p.add_argument("--out", required=True, metavar="PROFILE.json")
    p.add_argument("--camera", metavar="CAM.json", help="camera profile: undistort first, and keep "
                                                        "it in the profile")
    add_json_flag(p)
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> CommandResult:
    from calibration.learn import CalibrationError, calibrate_image
    from calibration.profile import ProfileError, save_profile
    from calibration.reference import (LayoutError, builtin_layout_names, layout_for_game, layout_from_dict,
                                       load_layout)
    from vision.camera import CameraError, camera_from_dict
    from vision.errors import VisionError
    from vision.kits import GAME_KITS
    from vision.load import load_image

    if args.game not in GAME_KITS:
        raise InputError(f"unknown game {args.game!r} (games: {', '.join(GAME_KITS)})", code="bad-game")
    try:
        if args.layout is None:
            layout = layout_for_game(args.game)
        elif not Path(args.layout).exists() and args.layout in builtin_layout_names():
            layout = load_layout(args.layout, game=args.game)
        else:
            data = read_json_file(args.layout, what="layout")
            layout = layout_from_dict(data, game=args.game, where=f"layout {args.layout}")
    except LayoutError as exc:
        raise InputError(str(exc), code="bad-layout") from None
    camera = None
    if args.camera:
        try:
            camera = camera_from_dict(read_json_file(args.camera, what="camera profile")).to_dict()
        except CameraError as exc:
            raise InputError(f"{args.camera}: {exc}", code="bad-camera") from None
    try:
        image = load_image(args.photo)
    except VisionError as exc:
        raise InputError(f"{args.photo}: {exc.message}", code=exc.code) from None
    try:
        result = calibrate_image(image, layout, game=args.game, camera=camera,
                                 source=Path(args.photo).name)
    except VisionError as exc:
        raise CompanionError(f"{args.photo}: {exc.message}", code=exc.code) from None
    except (CalibrationError, CameraError) as exc:
        raise CompanionError(f"{args.photo}: {exc}", code="calibration-failed") from None
    try:
        out = save_profile(result.profile, args.out)
    except ProfileError as exc:  # pragma: no cover - learn_profile validates already
        raise CompanionError(str(exc), code="calibration-failed") from None
    except OSError as exc:
        raise InputError(f"cannot write {args.out}: {exc.strerror or exc}", code="unwritable") from None
    al = result.alignment
    colours = result.profile["colours"]
    data = {"out": str(out), "kit": layout.kit.name, "layout": layout.name,
            "alignment": al.to_dict(), "colours": {n: c["lab"] for n, c in colours.items()},
            "symbols": sorted(result.profile.get("symbols", {})), "warnings": list(result.warnings)}
    lines = [f"wrote {out}: {len(colours)} colours"
             + (f", {len(data['symbols'])} symbols" if data["symbols"] else "")
             + f" of {layout.kit.title} from {al.matched} tiles",
             f"layout found turned {al.quarter_turns * 90} degrees clockwise; colour residual after the "
             f"light fit dE {al.colour_fit:.1f}, spread dE {al.spread:.1f}"]
    haze = result.profile.get("light", {}).get("haze_bgr_removed") or []
    if any(v > 0 for v in haze):
        lines.append("the photo looked hazy: its haze (linear B, G, R "
                     + ", ".join(f"{v:.2f}" for v in haze) + ") is left out of the profile")
    lines += [f"warning: {w}" for w in result.warnings]
    return CommandResult(data, "\n".join(lines))
