"""``tile-companion mat [--size A3|A4|letter] --out mat.pdf``: the printable play mat.

The mat carries ArUco markers in its corners (the reader then gets an exact top-down view),
neutral white and grey patches (white balance) and a faint 10 mm grid; ``--charuco`` prints a
ChArUco field instead of the grid, for ``tile-companion calibrate-camera``. A ``.pdf`` output is
a one-page vector PDF at the exact paper size; ``.png`` is a raster at ``--dpi``.
"""
from __future__ import annotations

import argparse
import logging
from pathlib import Path

from companion.commands import CommandResult, add_json_flag
from companion.errors import InputError

logger = logging.getLogger(__name__)

SIZES = ("A4", "A3", "letter")


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("mat", help="write the printable play mat (PDF or PNG)",
                       description="Write the printable play mat: corner markers, grey patches, "
                                   "a faint grid (or a ChArUco field with --charuco).")
    p.add_argument("--size", choices=SIZES, default="A4", help="paper size (landscape; default A4)")
    p.add_argument("--out", required=True, metavar="mat.pdf", help="output file, .pdf or .png")
    p.add_argument("--charuco", action="store_true",
                   help="print a ChArUco field for lens calibration instead of the grid")
    p.add_argument("--dpi", type=float, default=200.0, help="resolution of a .png output (default 200)")
    add_json_flag(p)
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> CommandResult:
    from vision.mat import mat_layout, mat_pdf, render_mat  # heavy: OpenCV

    out = Path(args.out)
    suffix = out.suffix.lower()
    if suffix not in (".pdf", ".png"):
        raise InputError(f"--out must end in .pdf or .png, not {out.name!r}", code="bad-output")
    if not 50 <= args.dpi <= 600:
        raise InputError("--dpi must be between 50 and 600", code="bad-output")
    layout = mat_layout(args.size, charuco=args.charuco)
    if suffix == ".pdf":
        payload = mat_pdf(layout)
    else:
        import cv2

        ok, buf = cv2.imencode(".png", render_mat(layout, px_per_mm=args.dpi / 25.4)[:, :, 0])
        payload = buf.tobytes()
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_name(out.name + ".part")
        tmp.write_bytes(payload)
        tmp.replace(out)
    except OSError as exc:
        raise InputError(f"cannot write {out}: {exc.strerror or exc}", code="unwritable") from None
    data = {
        "out": str(out),
        "size": layout.size,
        "width_mm": layout.width_mm,
        "height_mm": layout.height_mm,
        "marker_ids": sorted(layout.markers),
        "marker_mm": layout.marker_mm,
        "patches": [{"name": p.name, "grey": p.grey} for p in layout.patches],
        "charuco": layout.charuco.to_dict() if layout.charuco else None,
        "bytes": len(payload),
    }
    text = (f"wrote {out}: {layout.size} play mat {layout.width_mm:g} x {layout.height_mm:g} mm, "
            f"markers {min(layout.markers)}-{max(layout.markers)}"
            + (f", ChArUco {layout.charuco.squares[0]}x{layout.charuco.squares[1]} squares of "
               f"{layout.charuco.square_mm:g} mm" if layout.charuco else "")
            + ". Print at 100% (actual size), not 'fit to page'.")
    return CommandResult(data, text)
