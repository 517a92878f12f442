"""Measure calibration (not a test): ``python tests/calibration/measure.py --game octopus``.

Prints one JSON document per game: the reader's cell error with default colours and light, on a
set painted 8-15 dE differently under 3000 K light without a profile, and with one profile
learned from one calibration photo used on every photo (see ``calibration.evaluate``); also the
colours read at the true cells (``colour_error``: the colour model alone).

Defaults: 20 photos of 3000x2250 (a phone photo's size after the reader's decode; the reader
is tuned for 12 MP and misses more at 1600x1200); about 4 minutes of rendering and 2 of reading
per game on one core. ``--cache DIR`` keeps the renders for the next run.
"""
from __future__ import annotations

import argparse
import json
import random
import sys

from calibration.evaluate import evaluate
from companion.rules.generate import random_position


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", action="append", required=True)
    ap.add_argument("--photos", type=int, default=20)
    ap.add_argument("--tiles", type=int, default=None)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--size", default="3000x2250")
    ap.add_argument("--awb", type=float, default=0.6)
    ap.add_argument("--kelvin", type=float, default=3000.0)
    ap.add_argument("--geometry", choices=("reader", "truth"), default="reader")
    ap.add_argument("--difficulty", choices=("easy", "normal", "hard"), default="normal")
    ap.add_argument("--cache", default=None, help="keep the renders in this folder (and reuse them)")
    ap.add_argument("--per-photo", action="store_true", help="keep the per-photo errors in the output")
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    for game in args.game:
        rng = random.Random(args.seed)
        boards = [random_position(game, rng, n_tiles=args.tiles).to_dict() for _ in range(args.photos)]
        result = evaluate(game, boards, seed=args.seed, size=(w, h), awb=args.awb, kelvin=args.kelvin,
                          geometry=args.geometry, difficulty=args.difficulty, cache_dir=args.cache)
        if not args.per_photo:
            result.pop("per_photo")
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
