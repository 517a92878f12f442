"""Measure calibration on the independent renderer (not a test):
``python tests/calibration/measure_indie.py --game tapestry [--seed 0] [--photos 8] --cache DIR``.

The calibration measure (``measure.py``) renders with the project's own renderer, on which the
reader was tuned. This one asks the same question of ``tests/indie`` (written from the specs
alone: other art, tables, light): the set of draw ``--seed`` repainted 8-15 dE from the defaults
(:func:`calibration.evaluate.perturbed_kit`, the same draw as ``measure.py --seed``) under a
3000 K lamp (the renderer's camera stays on daylight, as for all its photos), one profile from
an indie photo of the game's built-in layout, and ``--photos`` random positions (the indie
'normal' style) read without and with it; the default set's photos of the same positions in the
renderer's own light are the reference. Prints one JSON document per game (cells wrong per
photo and in total, the calibration's alignment or error).

The renderer has no parameters for the paint, the light or the position, so they are set by
replacing its ``kit_palette``, ``_draw_params`` and ``random_position`` for one render.
About 3 s a render at 3000x2250; ``--cache`` keeps them.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
from pathlib import Path
from typing import Any, Iterator

import numpy as np

#: The lamp of the calibration cases (kelvin).
LAMP_K = 3000.0
SIZE = (3000, 2250)


@contextlib.contextmanager
def _indie_scene(colours: dict[str, str] | None, board: dict | None) -> Iterator[None]:
    """Render with the set's ``colours`` (hex by name) under :data:`LAMP_K`, and ``board`` as
    the position (None: as the renderer draws them)."""
    import companion.rules.generate as generate
    import tests.indie.render as indie

    saved = indie.kit_palette, indie._draw_params, generate.random_position
    try:
        if colours is not None:
            indie.kit_palette = lambda game, rng, drift: ({n: indie.hex_rgb(v) for n, v in colours.items()}, {})

            def params(rng: random.Random, style: str) -> dict:
                prm = saved[1](rng, style)
                prm["kelvin"] = LAMP_K
                return prm
            indie._draw_params = params
        if board is not None:
            class _Fixed:
                def to_dict(self) -> dict:
                    return board
            generate.random_position = lambda game, rng, **kw: _Fixed()
        yield
    finally:
        indie.kit_palette, indie._draw_params, generate.random_position = saved


def _render(cache: Path, name: str, game: str, seed: int, colours: dict | None = None,
            board: dict | None = None) -> tuple[bytes, dict]:
    path = cache / f"{name}.jpg"
    if path.exists():
        return path.read_bytes(), json.loads(path.with_suffix(".json").read_text())
    from tests.indie.render import render_photo

    with _indie_scene(colours, board):
        jpeg, truth = render_photo(game, seed, style="normal", size=SIZE)
    path.write_bytes(jpeg)
    path.with_suffix(".json").write_text(json.dumps(truth))
    return jpeg, truth


def _errors(jpeg: bytes, truth: dict, game: str, profile: dict | None) -> int:
    from companion.bench.compare import compare_boards
    from vision.errors import VisionError
    from vision.pipeline import read_file

    board = {k: v for k, v in truth.items() if k != "scene"}
    try:
        reading = read_file(jpeg, game=game, profile=profile)
    except VisionError:
        return len(board["tiles"])
    return compare_boards(reading.board, board).errors


def measure(game: str, seed: int, photos: int, cache: Path) -> dict[str, Any]:
    """The experiment of the module docstring for one game and draw."""
    from calibration.evaluate import _decode, perturbed_kit
    from calibration.learn import CalibrationError, calibrate_image
    from calibration.reference import layout_for_game
    from companion.rules.generate import random_position
    from vision.errors import VisionError
    from vision.kits import kit_for_game

    cache.mkdir(parents=True, exist_ok=True)
    colours = dict(perturbed_kit(kit_for_game(game), np.random.default_rng(seed)).colours)
    layout = layout_for_game(game)
    board = {"game": game, "tiles": [{"row": r, "col": c, **t} for (r, c), t in layout.tiles.items()]}
    if game == "twelve-tiles":  # (a board's border strips, as in any position)
        board["borders"] = random_position(game, random.Random(0)).to_dict()["borders"]
    jpeg, _ = _render(cache, f"cal-{seed}", game, 10_000 + seed, colours, board)
    try:
        cal = calibrate_image(_decode(jpeg), layout, game=game)
        profile, info = cal.profile, {"alignment": cal.alignment.to_dict(), "warnings": list(cal.warnings)}
    except (CalibrationError, VisionError) as exc:
        profile, info = None, {"error": str(exc)}
    totals = {"cells": 0, "default": 0, "uncalibrated": 0, "calibrated": 0}
    rows = []
    for j in range(photos):
        s = seed * 1000 + j
        jpeg_a, truth_a = _render(cache, f"a-{s}", game, s)
        jpeg_b, truth_b = _render(cache, f"b-{s}", game, s, colours)
        row = {"default": _errors(jpeg_a, truth_a, game, None),
               "uncalibrated": _errors(jpeg_b, truth_b, game, None),
               "calibrated": (_errors(jpeg_b, truth_b, game, profile) if profile is not None
                              else len(truth_b["tiles"]))}
        for k, v in row.items():
            totals[k] += v
        totals["cells"] += len(truth_a["tiles"])
        rows.append(row)
    return {"game": game, "seed": seed, "photos": photos, "totals": totals, "calibration": info,
            "calibrated_within_1_5x": totals["calibrated"] <= 1.5 * totals["default"], "per_photo": rows}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", action="append", required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--photos", type=int, default=8)
    ap.add_argument("--cache", required=True, help="keep the renders in this folder (one per game and seed)")
    args = ap.parse_args()
    for game in args.game:
        print(json.dumps(measure(game, args.seed, args.photos, Path(args.cache) / f"{game}-{args.seed}")),
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
