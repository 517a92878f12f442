"""Speed of the rule core: ``python -m companion.rules.benchmark [--turns 1000]``.

Builds, per game, a record of ``--turns`` entries from a seeded legal game (an X-Tiles game of
many rounds; elsewhere a full game followed by passes, so later boards hold every tile), then
times scoring it in-process and through ``tile-companion score --json`` (a fresh process:
start-up, JSON parsing and scoring). A benchmark, not a test: it prints a table.
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion.rules.generate import random_record
from companion.rules.scoring import score_record_data

GAMES = ("textile", "octopus", "x-tiles", "tapestry", "twelve-tiles")


def build_record(game: str, turns: int, seed: int = 3) -> dict:
    rng = random.Random(seed)
    if game == "x-tiles":
        record: dict = {"game": game, "players": ["Ann", "Bob", "Cy"], "options": {"target": 10**6},
                        "turns": []}
        while len(record["turns"]) < turns:
            part = random_record(game, rng, players=["Ann", "Bob", "Cy"])["turns"]
            part[0]["new_round"] = True
            record["turns"].extend(part)
        record["turns"] = record["turns"][:turns]
        record["turns"][0].pop("new_round", None)
        return record
    record = random_record(game, rng, players=["Ann", "Bob"], n_turns=64)
    record["turns"] = (record["turns"] + record["turns"][-1:] * turns)[:turns]
    return record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000)
    args = parser.parse_args(argv)
    print("| game | entries | tiles in the last board | JSON bytes | in-process s | `score --json` s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        for game in GAMES:
            record = build_record(game, args.turns)
            text = json.dumps(record, separators=(",", ":"))
            path = Path(tmp) / f"{game}.record.json"
            path.write_text(text)
            t0 = time.perf_counter()
            score_record_data(json.loads(text))
            inproc = time.perf_counter() - t0
            t0 = time.perf_counter()
            proc = subprocess.run([sys.executable, "-m", "companion", "score", str(path), "--json"],
                                  capture_output=True, text=True)
            cli = time.perf_counter() - t0
            cli_text = f"{cli:.2f}" if proc.returncode == 0 else f"exit {proc.returncode}"
            last = len(record["turns"][-1]["board"]["tiles"])
            print(f"| {game} | {len(record['turns'])} | {last} | {len(text)} | {inproc:.2f} | {cli_text} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
