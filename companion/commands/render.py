"""``tile-companion render --game G --seed N --out DIR``: a synthetic phone photo of a legal
position and its truth sidecar (FORMATS.md)."""
from __future__ import annotations

import argparse
import logging
import random
import re
from pathlib import Path

from companion.commands import CommandResult, add_json_flag, read_json_file
from companion.errors import InputError
from companion.rules.board import GAMES, board_from_dict

logger = logging.getLogger(__name__)

#: The renderer's presets (``vision.synth.DIFFICULTIES``; kept here so that building the parser
#: does not import OpenCV).
DIFFICULTIES = ("easy", "normal", "hard")


def parse_size(text: str) -> tuple[int, int]:
    """``"4000x3000"`` -> ``(4000, 3000)``; also ``"12mp"``-style megapixels (4:3)."""
    t = text.strip().lower()
    m = re.fullmatch(r"(\d+)\s*x\s*(\d+)", t)
    if m:
        w, h = int(m.group(1)), int(m.group(2))
    else:
        m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*mp", t)
        if not m:
            raise argparse.ArgumentTypeError(f"size {text!r}: write WIDTHxHEIGHT (4000x3000) or 3mp")
        mp = float(m.group(1)) * 1e6
        w = int(round((mp * 4 / 3) ** 0.5))
        h = int(round(w * 3 / 4))
    if not (64 <= w <= 12000 and 64 <= h <= 12000):
        raise argparse.ArgumentTypeError(f"size {text!r}: each side must be 64-12000 pixels")
    return w, h


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("render", help="render a synthetic photo of a legal position + its truth",
                       description="Render a phone-like photo of a random legal position (or of "
                                   "a given board) with its truth NAME.board.json beside it.")
    p.add_argument("--game", required=True, choices=GAMES)
    p.add_argument("--seed", type=int, default=0, help="picks the position and the scene (default 0)")
    p.add_argument("--out", required=True, metavar="DIR", help="folder for NAME.jpg and NAME.board.json")
    p.add_argument("--difficulty", choices=DIFFICULTIES, default="normal")
    p.add_argument("--size", type=parse_size, default=(4000, 3000), metavar="WxH",
                   help="picture size (default 4000x3000, 12 MP; portrait shots swap it)")
    p.add_argument("--board", metavar="BOARD.json", help="render this board instead of a random one")
    p.add_argument("--tiles", type=int, metavar="N", help="about N tiles in the random position")
    p.add_argument("--quality", type=int, metavar="Q", help="JPEG quality (default: from the preset)")
    p.add_argument("--name", help="file name stem (default GAME-DIFFICULTY-SEED)")
    add_json_flag(p)
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> CommandResult:
    from vision.synth import render_board  # noqa: PLC0415 - heavy imports only when rendering

    if args.board:
        board = board_from_dict(read_json_file(args.board, what="board"), game=args.game,
                                where=args.board)
    else:
        from companion.rules.generate import random_position  # noqa: PLC0415

        board = random_position(args.game, random.Random(args.seed), n_tiles=args.tiles)
    if args.quality is not None and not 1 <= args.quality <= 100:
        raise InputError("--quality must be 1-100", code="bad-option")
    try:
        result = render_board(board.to_dict(), seed=args.seed, difficulty=args.difficulty,
                              size=args.size, quality=args.quality)
    except ValueError as exc:  # e.g. a frame board with cells outside 0-7
        raise InputError(f"cannot render this board: {exc}", code="bad-board") from exc
    name = args.name or f"{args.game}-{args.difficulty}-{args.seed}"
    try:
        photo = result.write(args.out, name)
    except OSError as exc:
        raise InputError(f"cannot write to {args.out}: {exc.strerror or exc}", code="unwritable") from exc
    truth_path = Path(photo).with_name(f"{name}.board.json")
    truth = {k: v for k, v in result.truth.items() if k != "scene"}
    data = {"photo": str(photo), "truth": str(truth_path), "board": truth,
            "size": list(result.size), "tiles": len(truth["tiles"]),
            "timing_ms": {k: round(v, 1) for k, v in result.timing_ms.items()}}
    text = (f"{photo} ({result.size[0]}x{result.size[1]}, {len(truth['tiles'])} tiles, "
            f"{args.difficulty}) and {truth_path} in {result.timing_ms['total'] / 1000:.1f} s")
    return CommandResult(data, text)
