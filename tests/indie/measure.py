"""Measure the reader on photos from the independent renderer, through the public CLI only.

Renders ``GAME-STYLE-SEED.jpg`` + ``.board.json`` into ``--out`` (kept and reused when present),
runs ``tile-companion read PHOTO --game G --json`` on each as an outside checker would (one
subprocess at a time, 60 s timeout), scores the board with ``compare_boards`` and prints a table
per game and style plus one line per photo; writes ``results.json`` in ``--out``.

    python -m tests.indie.measure --games textile octopus --styles normal hard --seeds 0-9 --out /tmp/indie
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from .render import GAMES, STYLES, write_photo

DEFAULT_CLI = str(Path(sys.executable).parent / "tile-companion")


def parse_seeds(text: str) -> list[int]:
    """``"0-9"`` / ``"0,3,5"`` / ``"0-3,7"`` -> sorted seed list."""
    out: set[int] = set()
    for part in text.split(","):
        part = part.strip()
        if "-" in part:
            a, b = part.split("-")
            out.update(range(int(a), int(b) + 1))
        elif part:
            out.add(int(part))
    return sorted(out)


def read_photo(cli: str, photo: Path, game: str, timeout: float) -> dict:
    """Run the public reader on one photo: ``{"exit", "seconds", "board" | None, "error"}``."""
    t0 = time.perf_counter()
    try:
        proc = subprocess.run([cli, "read", str(photo), "--game", game, "--json"], capture_output=True,
                              text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"exit": None, "seconds": round(time.perf_counter() - t0, 2), "board": None, "error": "timeout"}
    seconds = round(time.perf_counter() - t0, 2)
    try:
        doc = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return {"exit": proc.returncode, "seconds": seconds, "board": None,
                "error": f"no JSON on stdout; stderr: {proc.stderr.strip()[-300:]}"}
    board = doc.get("board") if isinstance(doc, dict) else None
    error = doc.get("error") if isinstance(doc, dict) else None
    return {"exit": proc.returncode, "seconds": seconds, "board": board, "error": error}


def score(read_board: dict | None, truth: dict) -> dict:
    """compare_boards of the read board against the truth (no board = every truth cell missing)."""
    from companion.bench.compare import compare_boards

    truth_board = {k: v for k, v in truth.items() if k != "scene"}
    board = read_board if read_board is not None else {"game": truth["game"], "tiles": []}
    res = compare_boards(board, truth_board)
    d = res.to_dict() if hasattr(res, "to_dict") else {"errors": res.errors, "cells": res.cells}
    d.setdefault("errors", res.errors)
    d.setdefault("cells", res.cells)
    return d


def measure_one(out: Path, game: str, style: str, seed: int, size: tuple[int, int], cli: str,
                timeout: float) -> dict:
    """Render (if needed), read and score one photo; returns its result record."""
    name = f"{game}-{style}-{seed:03d}"
    photo = out / f"{name}.jpg"
    truth_path = out / f"{name}.board.json"
    rendered = False
    if not (photo.exists() and truth_path.exists()):
        write_photo(game, seed, style, size, out)
        rendered = True
    truth = json.loads(truth_path.read_text())
    r = read_photo(cli, photo, game, timeout)
    s = score(r["board"], truth)
    rec = {"name": name, "game": game, "style": style, "seed": seed, "rendered_now": rendered,
           "truth_cells": len(truth["tiles"]), "exit": r["exit"], "read_s": r["seconds"], "error": r["error"],
           "score": s, "read_tiles": None if r["board"] is None else len(r["board"].get("tiles", []))}
    (out / f"{name}.read.json").write_text(json.dumps({"read": r, "score": s}, indent=1))
    return rec


def summarise(records: list[dict]) -> list[dict]:
    """Per (game, style): photos, truth cells, cell errors, error %, photos with no error."""
    rows = []
    keys = sorted({(r["game"], r["style"]) for r in records}, key=lambda k: (GAMES.index(k[0]), k[1]))
    for game, style in keys:
        rs = [r for r in records if r["game"] == game and r["style"] == style]
        cells = sum(r["score"]["cells"] for r in rs)
        errors = sum(r["score"]["errors"] for r in rs)
        rows.append({"game": game, "style": style, "photos": len(rs), "cells": cells, "errors": errors,
                     "error_pct": round(100.0 * errors / max(cells, 1), 1),
                     "perfect": sum(1 for r in rs if r["score"]["errors"] == 0),
                     "failed_reads": sum(1 for r in rs if r["exit"] != 0),
                     "mean_read_s": round(sum(r["read_s"] for r in rs) / len(rs), 2)})
    return rows


def print_report(records: list[dict], rows: list[dict]) -> None:
    """Human-readable table and per-photo lines on stdout."""
    print(f"{'game':<13} {'style':<7} {'photos':>6} {'cells':>6} {'errors':>7} {'err%':>6} {'no-error':>9} "
          f"{'exit!=0':>8} {'read s':>7}")
    for r in rows:
        print(f"{r['game']:<13} {r['style']:<7} {r['photos']:>6} {r['cells']:>6} {r['errors']:>7} "
              f"{r['error_pct']:>6} {r['perfect']:>5}/{r['photos']:<3} {r['failed_reads']:>8} {r['mean_read_s']:>7}")
    tot_c = sum(r["cells"] for r in rows)
    tot_e = sum(r["errors"] for r in rows)
    print(f"{'all':<21} {sum(r['photos'] for r in rows):>6} {tot_c:>6} {tot_e:>7} "
          f"{round(100 * tot_e / max(tot_c, 1), 1):>6} {sum(r['perfect'] for r in rows):>5}/{len(records)}")
    print()
    for r in records:
        s = r["score"]
        extra = " ".join(f"{k}={s[k]}" for k in ("missing", "extra", "misread", "borders_wrong") if k in s)
        err = f" error={r['error']}" if r["error"] else ""
        print(f"{r['name']:<26} cells={r['truth_cells']:>3} read={str(r['read_tiles']):>4} errors={s['errors']:>3} "
              f"{extra} exit={r['exit']} {r['read_s']:.1f}s{err}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    ap.add_argument("--styles", nargs="+", default=["normal", "hard"], choices=STYLES)
    ap.add_argument("--seeds", default="0-9")
    ap.add_argument("--size", default="4000x3000")
    ap.add_argument("--out", type=Path, default=Path("/tmp/indie"))
    ap.add_argument("--cli", default=DEFAULT_CLI, help="path of the tile-companion executable")
    ap.add_argument("--timeout", type=float, default=60.0)
    a = ap.parse_args(argv)
    w, h = (int(v) for v in a.size.lower().split("x"))
    a.out.mkdir(parents=True, exist_ok=True)
    records = []
    for game in a.games:
        for style in a.styles:
            for seed in parse_seeds(a.seeds):
                rec = measure_one(a.out, game, style, seed, (w, h), a.cli, a.timeout)
                print(f"  {rec['name']}: errors {rec['score']['errors']}/{rec['truth_cells']} ({rec['read_s']:.1f} s)",
                      file=sys.stderr, flush=True)
                records.append(rec)
    rows = summarise(records)
    print_report(records, rows)
    (a.out / "results.json").write_text(json.dumps({"summary": rows, "photos": records}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
