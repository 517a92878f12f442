"""``tile-companion bench``: accuracy and speed of the reader on rendered photos."""
from __future__ import annotations

import argparse
import logging
import sys

from companion.commands import CommandResult, add_json_flag
from companion.commands.render import DIFFICULTIES, parse_size
from companion.errors import InputError
from companion.rules.board import GAMES

logger = logging.getLogger(__name__)


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("bench", help="accuracy and speed of the reader on rendered photos",
                       description="Render seeded photos of legal positions, read them, and report "
                                   "per game and difficulty the cell error rate, photos read with "
                                   "no error / at most one, time per photo against the JPEG "
                                   "decode time, and time per pipeline stage. Results are written "
                                   "to vision/benchmarks/ (latest.json, latest.md, history.jsonl).")
    p.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES), metavar="GAME",
                   help=f"games to bench (default: all of {', '.join(GAMES)})")
    p.add_argument("--per-game", type=int, default=4, metavar="N",
                   help="photos per game and difficulty (default 4)")
    p.add_argument("--difficulty", nargs="+", choices=DIFFICULTIES, default=list(DIFFICULTIES),
                   metavar="D", help="difficulties (default: easy normal hard)")
    p.add_argument("--size", type=parse_size, default=(4000, 3000), metavar="WxH",
                   help="photo size (default 4000x3000, 12 MP); smaller is quicker")
    p.add_argument("--seed", type=int, default=1000, help="first seed (default 1000)")
    p.add_argument("--photos", nargs="+", metavar="DIR",
                   help="instead of rendering, read the photos in these folders that have a truth "
                        "NAME.board.json beside them (real photos, or another renderer's; "
                        "grouped by game and the truth's scene difficulty)")
    p.add_argument("--out", metavar="DIR", help="write the results here instead of vision/benchmarks")
    p.add_argument("--no-record", action="store_true", help="do not write any results file")
    p.add_argument("--all-cores", action="store_true",
                   help="let the reader use every core (default: decode and read on one core, "
                        "as the speed target is stated)")
    add_json_flag(p)
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> CommandResult:
    from companion.bench.run import (RESULTS_DIR, format_table, record_results, run_bench,  # noqa: PLC0415
                                     run_bench_photos)

    if not 1 <= args.per_game <= 100:
        raise InputError("--per-game must be 1-100", code="bad-option")

    def progress(p) -> None:
        status = p.failure or f"{p.score.errors} error(s) in {p.score.cells} cells"
        which = p.name or f"seed {p.seed}"
        print(f"bench: {p.game} {p.difficulty} {which}: {status}"
              + (f", read {p.read_ms:.0f} ms" if p.read_ms is not None else ""), file=sys.stderr)

    if args.photos:
        try:
            doc = run_bench_photos(args.photos, games=args.games, progress=progress,
                                   pin=not args.all_cores)
        except NotADirectoryError as exc:
            raise InputError(str(exc), code="bad-folder") from exc
        if not doc["photos"]:
            raise InputError(f"no photo with a truth NAME.board.json beside it in "
                             f"{', '.join(args.photos)}", code="no-photos")
        if not args.out:
            args.no_record = True  # (the record of vision/benchmarks is the rendered bench's)
    else:
        doc = run_bench(games=args.games, difficulties=args.difficulty, per_game=args.per_game,
                        size=args.size, seed=args.seed, progress=progress, pin=not args.all_cores)
    written = []
    if not args.no_record:
        try:
            written = record_results(doc, args.out or RESULTS_DIR)
        except OSError as exc:
            raise InputError(f"cannot write results to {args.out or RESULTS_DIR}: "
                             f"{exc.strerror or exc}", code="unwritable") from exc
    doc["written"] = [str(p) for p in written]
    text = format_table(doc)
    if written:
        text += "\n\nwritten: " + ", ".join(str(p) for p in written)
    return CommandResult(doc, text)
