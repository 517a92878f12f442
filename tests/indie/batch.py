"""Render and read sets of the independent renderer's photos in bulk (a development tool).

Unlike :mod:`tests.indie.measure` (one photo at a time through the public command line, as an
outside checker would), this renders and reads in worker processes, in-process through
:func:`vision.pipeline.read_file` on one OpenCV thread each, keeps every read board, and compares
two runs photo by photo: what a session needs to measure a change against its base.

    python -m tests.indie.batch render /tmp/sets/dev 700-705 [--games G...] [--styles normal hard] [-j 2]
    python -m tests.indie.batch read TAG /tmp/sets/dev... [--games G...] [--code TREE] [-j 2]
    python -m tests.indie.batch cmp TAG_A TAG_B [--boards]
    python -m tests.indie.batch tot TAG
    python -m tests.indie.batch sets /tmp/sets [--names final19 final20] [--games G...] [-j 2]

``sets`` renders the team's named sets (:data:`SETS`: each past session's held-out set, kept
as development photos once released) into ``OUT/NAME``, skipping photos already there, so the
development photos can be rebuilt on a fresh machine. ``cmp`` and ``tot`` take ``TAG1,TAG2`` to
join runs (e.g. one game's results from two sets).

``read`` writes ``RESULTS/TAG.json`` (``--results``, default ``/tmp/evalres``): per photo its
wrong cells (missing, extra, misread), truth cells, milliseconds, the board read and any error.
``--code TREE`` reads with another checkout's code (a base worktree), put first on the path.
A worker that dies (a native crash) marks the photo it was on ``crash`` and the rest go on.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from tests.indie.render import GAMES, STYLES

#: The size photos are rendered at (a 12 MP phone photo).
SIZE = (4000, 3000)

#: The team's named sets: each session's held-out seeds (12 seeds, ``normal`` and ``hard``, all
#: five games), development photos once the session released them (README, "held out").
SETS: dict[str, str] = {
    "final13": "800-811", "final14": "1100-1111", "final15": "1430-1441",
    "final16": "1600-1611", "final17": "1760-1771", "final18": "1880-1891",
    "final19": "1990-2001", "final20": "2100-2111", "final21": "2300-2311",
    "final22": "2800-2811", "final23": "3000-3011", "final24": "3400-3411",
    "final25": "3800-3811", "final26": "4000-4011", "final27": "4200-4211",
    "final28": "4400-4411", "final29": "4600-4611",
}


def game_of(path: str) -> str:
    """The game a photo ``GAME-STYLE-SEED.jpg`` shows (by its name)."""
    name = os.path.basename(path)
    for game in sorted(GAMES, key=len, reverse=True):
        if name.startswith(game):
            return game
    raise ValueError(f"{path}: the name does not start with a game")


def style_of(path: str) -> str:
    """The style (``easy``, ``normal``, ``hard``) a photo's name gives, or ``?``."""
    name = os.path.basename(path)
    return next((s for s in STYLES if f"-{s}-" in name), "?")


def _init_worker(code: str | None) -> None:
    if code:
        sys.path.insert(0, code)
    import logging

    import cv2
    cv2.setNumThreads(1)
    logging.disable(logging.CRITICAL)


def _render_one(job: tuple[str, str, int, str]) -> str:
    game, style, seed, out = job
    from tests.indie.render import write_photo

    name = f"{game}-{style}-{seed:03d}"
    if not (os.path.exists(f"{out}/{name}.jpg") and os.path.exists(f"{out}/{name}.board.json")):
        write_photo(game, seed, style, SIZE, Path(out))
    return name


def _read_one(photo: str) -> tuple[str, dict]:
    from tests.indie.measure import score
    from vision.pipeline import read_file

    truth = json.loads(Path(photo[:-4] + ".board.json").read_text())
    t0 = time.perf_counter()
    try:
        board, error = read_file(photo, game=game_of(photo)).board, None
    except Exception as exc:  # (any failure of the reader is a result to record)
        board, error = {"game": truth["game"], "tiles": []}, f"{type(exc).__name__}: {exc}"[:200]
    ms = (time.perf_counter() - t0) * 1000
    scored = score(board, truth)
    return photo, {**{k: scored[k] for k in ("errors", "missing", "extra", "misread", "cells")},
                   "ms": round(ms), "board": board, "error": error}


def render(out: str, seeds: list[int], games, styles, jobs: int) -> None:
    """Render every game x style x seed into ``out`` (photos already there are kept)."""
    os.makedirs(out, exist_ok=True)
    work = [(g, s, n, out) for g in games for s in styles for n in seeds]
    with ProcessPoolExecutor(jobs, initializer=_init_worker, initargs=(None,)) as ex:
        for name in ex.map(_render_one, work):
            print(name, flush=True)


def read(photos: list[str], code: str | None, jobs: int) -> dict[str, dict]:
    """Read and score ``photos``: ``{photo: result}`` (see the module's docstring)."""
    results: dict[str, dict] = {}
    todo = list(photos)
    while todo:
        try:
            with ProcessPoolExecutor(jobs, initializer=_init_worker, initargs=(code,)) as ex:
                futures = [ex.submit(_read_one, p) for p in todo]
                for future in futures:
                    photo, result = future.result()
                    results[photo] = result
                    todo.remove(photo)
        except BrokenProcessPool:
            photo = todo.pop(0)  # (the first not done: the one a worker died on, or beside it)
            results[photo] = {"errors": -1, "cells": 0, "ms": 0, "board": None, "error": "crash"}
            print(f"CRASH: a worker died; {photo} marked", file=sys.stderr, flush=True)
    return results


def totals(results: dict[str, dict]) -> list[str]:
    """Lines of wrong cells, clean photos and median ms per game and style, and in all."""
    groups: dict[tuple[str, str], list[dict]] = {}
    for photo, r in results.items():
        groups.setdefault((game_of(photo), style_of(photo)), []).append(r)
    lines, wrong, cells, clean, n = [], 0, 0, 0, 0
    for (game, style), rs in sorted(groups.items()):
        w = sum(max(r["errors"], 0) for r in rs)
        c = sum(r["cells"] for r in rs)
        k = sum(r["errors"] == 0 for r in rs)
        ms = sorted(r["ms"] for r in rs)[len(rs) // 2]
        lines.append(f"{game:13s} {style:6s} errors {w:4d} / {c:5d} ({100 * w / max(c, 1):.1f}%)  "
                     f"clean {k}/{len(rs)}  median {ms} ms")
        wrong, cells, clean, n = wrong + w, cells + c, clean + k, n + len(rs)
    lines.append(f"TOTAL errors {wrong} / {cells} ({100 * wrong / max(cells, 1):.2f}%) clean {clean}/{n}")
    return lines


def differences(a: dict[str, dict], b: dict[str, dict], boards: bool = False) -> list[str]:
    """Photos of both runs whose wrong cells differ (with ``boards``, also whose boards do)."""
    out = []
    for photo in sorted(set(a) & set(b)):
        ea, eb = a[photo]["errors"], b[photo]["errors"]
        if ea != eb:
            out.append(f"{os.path.basename(photo):40s} {ea} -> {eb}")
        elif boards and a[photo].get("board") != b[photo].get("board"):
            out.append(f"{os.path.basename(photo):40s} {ea} -> {eb}  (board differs)")
    return out


def load_results(store: Path, tags: str) -> dict[str, dict]:
    """The results of the runs ``TAG1,TAG2,...`` kept in ``store``, joined (a later run's photo
    replaces an earlier's)."""
    joined: dict[str, dict] = {}
    for tag in tags.split(","):
        joined.update(json.loads((store / f"{tag}.json").read_text()))
    return joined


def main(argv: list[str] | None = None) -> int:
    from tests.indie.measure import parse_seeds

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--results", default="/tmp/evalres", help="where read results are kept")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("render")
    r.add_argument("out")
    r.add_argument("seeds")
    r.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    r.add_argument("--styles", nargs="+", default=["normal", "hard"])
    r.add_argument("-j", type=int, default=2)
    d = sub.add_parser("read")
    d.add_argument("tag")
    d.add_argument("dirs", nargs="+")
    d.add_argument("--games", nargs="+", choices=GAMES)
    d.add_argument("--code", help="read with this checkout's code")
    d.add_argument("-j", type=int, default=2)
    c = sub.add_parser("cmp")
    c.add_argument("a")
    c.add_argument("b")
    c.add_argument("--boards", action="store_true")
    t = sub.add_parser("tot")
    t.add_argument("tag")
    s = sub.add_parser("sets")
    s.add_argument("out")
    s.add_argument("--names", nargs="+", default=list(SETS), choices=list(SETS))
    s.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    s.add_argument("-j", type=int, default=2)
    args = ap.parse_args(argv)
    store = Path(args.results)
    if args.cmd == "render":
        render(args.out, parse_seeds(args.seeds), args.games, args.styles, args.j)
    elif args.cmd == "sets":
        for name in args.names:
            render(os.path.join(args.out, name), parse_seeds(SETS[name]), args.games,
                   ["normal", "hard"], args.j)
    elif args.cmd == "read":
        photos = sorted(p for d in args.dirs for p in glob.glob(os.path.join(d, "*.jpg")))
        photos = [p for p in photos if not args.games or game_of(p) in args.games]
        untrue = [p for p in photos if not os.path.exists(p[:-4] + ".board.json")]
        if untrue:  # (another tool's photos in the same folder: nothing to score them against)
            print(f"skipped {len(untrue)} photos with no truth file beside them", file=sys.stderr)
            photos = [p for p in photos if p not in untrue]
        results = read(photos, args.code, args.j)
        store.mkdir(parents=True, exist_ok=True)
        (store / f"{args.tag}.json").write_text(json.dumps(results, indent=1))
        print("\n".join(totals(results)))
    elif args.cmd == "cmp":
        a, b = load_results(store, args.a), load_results(store, args.b)
        print("\n".join(differences(a, b, args.boards)))
        for tag, res in ((args.a, a), (args.b, b)):
            print(f"-- {tag}")
            print("\n".join(totals({p: res[p] for p in res if p in a and p in b})))
    else:
        print("\n".join(totals(load_results(store, args.tag))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
