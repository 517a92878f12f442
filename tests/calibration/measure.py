"""Measure calibration (not a test): ``python tests/calibration/measure.py --game octopus``.

Prints one JSON document per game: the reader's cell error with default colours and light, on a
set painted 8-15 dE differently under 3000 K light without a profile, and with a profile learned
from one calibration photo (see ``calibration.evaluate``).
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
    ap.add_argument("--size", default="1600x1200")
    ap.add_argument("--awb", type=float, default=0.6)
    ap.add_argument("--kelvin", type=float, default=3000.0)
    ap.add_argument("--geometry", choices=("reader", "truth"), default="reader")
    ap.add_argument("--difficulty", choices=("easy", "normal", "hard"), default="normal")
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    for game in args.game:
        rng = random.Random(args.seed)
        boards = [random_position(game, rng, n_tiles=args.tiles).to_dict() for _ in range(args.photos)]
        result = evaluate(game, boards, seed=args.seed, size=(w, h), awb=args.awb, kelvin=args.kelvin,
                          geometry=args.geometry, difficulty=args.difficulty)
        result.pop("per_photo")
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
