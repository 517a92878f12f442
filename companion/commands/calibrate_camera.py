"""``tile-companion calibrate-camera PHOTOS... --out CAM.json``: lens calibration.

Photograph the ChArUco field (``tile-companion mat --charuco``) from 8-15 different angles with
the camera setting used for play; the result (camera matrix, distortion) is written as a camera
profile that ``read --camera CAM.json`` (or a profile's ``camera`` key) uses to undistort photos.
"""
from __future__ import annotations

import argparse
import json
import logging
from pathlib import Path

from companion.commands import CommandResult, add_json_flag
from companion.errors import CompanionError, InputError

logger = logging.getLogger(__name__)


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("calibrate-camera", help="lens calibration from ChArUco photos",
                       description="Calibrate the camera's lens from photos of the ChArUco field "
                                   "printed by 'tile-companion mat --charuco'.")
    p.add_argument("photos", nargs="+", metavar="PHOTO")
    p.add_argument("--out", required=True, metavar="CAM.json")
    p.add_argument("--board", choices=("A4", "A3", "letter"), default="A4",
                   help="the paper size of the printed ChArUco mat (default A4)")
    p.add_argument("--squares", metavar="COLSxROWS",
                   help="another ChArUco board (DICT_5X5_100): squares, with --square-mm, --marker-mm")
    p.add_argument("--square-mm", type=float)
    p.add_argument("--marker-mm", type=float)
    add_json_flag(p)
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> CommandResult:
    from vision.camera import CameraError, calibrate_camera, charuco_from_dict, default_charuco
    from vision.errors import VisionError
    from vision.load import load_image

    try:
        if args.squares:
            try:
                cols, rows = (int(v) for v in args.squares.lower().split("x"))
            except ValueError:
                raise InputError("--squares must look like 7x5", code="bad-board") from None
            spec = charuco_from_dict({"squares": [cols, rows], "square_mm": args.square_mm,
                                      "marker_mm": args.marker_mm})
        else:
            spec = default_charuco(args.board)
    except CameraError as exc:
        raise InputError(str(exc), code="bad-board") from None
    images = []
    for path in args.photos:
        try:
            images.append(load_image(path))
        except VisionError as exc:
            raise InputError(f"{path}: {exc.message}", code=exc.code) from None
        except OSError as exc:
            raise InputError(f"cannot read {path}: {exc.strerror or exc}", code="not-found") from None
    try:
        model, used = calibrate_camera(images, spec)
    except CameraError as exc:
        raise CompanionError(str(exc), code="calibration-failed") from None
    doc = model.to_dict(board=spec.to_dict())
    doc["photos"] = [str(args.photos[i]) for i in used]
    out = Path(args.out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_name(out.name + ".part")
        tmp.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        tmp.replace(out)
    except OSError as exc:
        raise InputError(f"cannot write {out}: {exc.strerror or exc}", code="unwritable") from None
    skipped = [str(p) for i, p in enumerate(args.photos) if i not in used]
    fx, fy = model.focal_px
    data = {"out": str(out), "camera": doc, "used": len(used), "skipped": skipped}
    text = (f"wrote {out}: focal length {fx:.1f} x {fy:.1f} px, distortion k1 {model.dist[0]:+.3f} "
            f"k2 {model.dist[1]:+.3f}, reprojection error {model.rms_px:.2f} px from {len(used)} "
            f"of {len(args.photos)} photos")
    if skipped:
        text += "\nno ChArUco field found in: " + ", ".join(skipped)
    return CommandResult(data, text)
