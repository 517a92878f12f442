"""Measure calibration on rendered photos: a set painted differently, under another light.

``evaluate(game, boards)`` renders (``tests/calibration/measure.py`` runs it on random legal
positions)

- A: photos of random legal positions with the kit's default colours under the renderer's
  "normal" light (the reference error),
- B: the same positions with a set whose every colour differs from the default by 8-15 CIEDE2000,
  under 3000 K light that the camera's white balance only partly removes,

and one calibration photo of the built-in layout with set B under the same light; then reports
the reader's cell error on A, on B without a profile and on B with the learned profile.

The scene override (fixed light) patches ``vision.synth.render.sample_scene`` for the duration
of one render, since ``render_board`` has no parameter for it yet.
"""
from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import logging
import os
import time
from pathlib import Path
from typing import Any, Iterator, Mapping

import numpy as np

from vision.colour import Palette, ciede2000, hex_to_lab, lab_to_bgr
from vision.kits import Kit, kit_for_game

logger = logging.getLogger(__name__)


def perturbed_kit(kit: Kit, rng: np.random.Generator, *, delta_e: tuple[float, float] = (8.0, 15.0)) -> Kit:
    """A copy of ``kit`` whose every colour lies ``delta_e`` CIEDE2000 from its default.

    Each colour moves in a random Lab direction (lightness changes halved, like real paint
    batches) by a step found by bisection so that the sRGB-representable result hits a target
    drawn uniformly from ``delta_e``.
    """
    colours = {}
    for name, hexv in kit.colours.items():
        base = hex_to_lab(hexv).astype(float)
        for _ in range(20):
            direction = rng.normal(size=3) * np.array([0.5, 1.0, 1.0])
            direction /= np.linalg.norm(direction)
            target = rng.uniform(delta_e[0] + 0.5, delta_e[1] - 0.5)
            lo, hi = 0.0, 60.0
            for _ in range(30):
                mid = (lo + hi) / 2
                d = float(ciede2000(_representable(base + mid * direction), base))
                lo, hi = (mid, hi) if d < target else (lo, mid)
            lab = _representable(base + lo * direction)
            if abs(float(ciede2000(lab, base)) - target) < 0.5:
                break
        bgr = np.round(lab_to_bgr(lab[None])[0] * 255).astype(int)
        colours[name] = "#{:02X}{:02X}{:02X}".format(bgr[2], bgr[1], bgr[0])
    return dataclasses.replace(kit, colours=colours, name=kit.name)


def _representable(lab: np.ndarray) -> np.ndarray:
    from vision.colour import bgr_to_lab

    bgr = np.round(lab_to_bgr(np.asarray(lab, float)[None])[0] * 255).astype(np.uint8)
    return bgr_to_lab(bgr[None])[0].astype(float)


def kit_delta_e(kit: Kit, reference: Kit) -> dict[str, float]:
    """CIEDE2000 of each colour of ``kit`` from ``reference``'s."""
    a, b = Palette.from_hex(kit.colours), Palette.from_hex(reference.colours)
    return {n: round(float(ciede2000(a.lab[i], b.lab[b.names.index(n)])), 2) for i, n in enumerate(a.names)}


#: How many of a set's closest paint pairs :func:`evaluate` reports (the few a reader can confuse).
CLOSEST_PAIRS_REPORTED = 3


def closest_paint_pairs(kit: Kit, count: int = CLOSEST_PAIRS_REPORTED) -> list[tuple[str, str, float]]:
    """The ``count`` pairs of ``kit``'s colours nearest each other: ``(name, name, CIEDE2000)``,
    nearest first. A repainted set can draw two paints far closer than the defaults' closest
    (Octopus seed 3: orange and yellow 6.1 apart, 25.6 in the defaults), which no profile can
    separate as well as the default set reads; the measure reports them beside the bar."""
    palette = Palette.from_hex(kit.colours)
    pairs = [(palette.names[i], palette.names[j], round(float(ciede2000(palette.lab[i], palette.lab[j])), 2))
             for i in range(len(palette.names)) for j in range(i + 1, len(palette.names))]
    return sorted(pairs, key=lambda p: p[2])[:count]


@contextlib.contextmanager
def scene_override(**changes: Any) -> Iterator[None]:
    """Render with some scene parameters fixed (e.g. ``temperature_k=3000, awb=0.6``); names the
    renderer's scene does not have are ignored."""
    import vision.synth.render as render_mod

    original = render_mod.sample_scene

    def patched(difficulty: str, rng: np.random.Generator):
        scene = original(difficulty, rng)
        known = {f.name for f in dataclasses.fields(scene)}
        return dataclasses.replace(scene, **{k: v for k, v in changes.items() if k in known})

    render_mod.sample_scene = patched
    try:
        yield
    finally:
        render_mod.sample_scene = original


def cell_errors(read: Mapping[str, Any], truth: Mapping[str, Any]) -> tuple[int, int]:
    """(wrong cells, truth cells) under the best alignment of ``read`` onto ``truth``: missing,
    extra and misread tiles, as the benchmark counts them (:func:`vision.synth.compare.compare_boards`)."""
    from vision.synth.compare import compare_boards

    score = compare_boards(read, truth)
    return score.errors, score.cells


def _read_error(jpeg: bytes, truth: Mapping[str, Any], game: str, profile: Mapping | None) -> tuple[int, int]:
    from vision.errors import VisionError
    from vision.pipeline import read_file

    try:
        reading = read_file(jpeg, game=game, profile=profile)
    except (VisionError, np.linalg.LinAlgError, ZeroDivisionError):
        return len(truth["tiles"]), len(truth["tiles"])
    return cell_errors(reading.board, truth)


def render_jpeg(board: Mapping[str, Any], kit: Kit, seed: int, *, size: tuple[int, int],
                difficulty: str = "normal", cache_dir: str | os.PathLike[str] | None = None,
                **scene: Any) -> tuple[bytes, dict]:
    """Render ``board`` with ``kit``'s colours, some scene parameters fixed; (jpeg, truth).

    With ``cache_dir`` the render is kept there under a key of everything that decides it
    (board, kit colours, seed, size, difficulty, scene), and reused when asked again."""
    from vision.synth import render_board

    path = None
    if cache_dir is not None:
        key = json.dumps([board, dict(kit.colours), kit.name, seed, list(size), difficulty,
                          sorted(scene.items())], sort_keys=True, default=str)
        path = Path(cache_dir) / f"{kit.name}-{seed}-{hashlib.sha1(key.encode()).hexdigest()[:16]}"
        if path.with_suffix(".jpg").exists() and path.with_suffix(".json").exists():
            return path.with_suffix(".jpg").read_bytes(), json.loads(path.with_suffix(".json").read_text())
    with scene_override(**scene) if scene else contextlib.nullcontext():
        r = render_board(board, kit=kit, seed=seed, difficulty=difficulty, size=size)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.with_suffix(".json").write_text(json.dumps(r.truth))
        path.with_suffix(".jpg").write_bytes(r.jpeg)
    return r.jpeg, r.truth


def truth_cells(truth: Mapping[str, Any]):
    """A :class:`calibration.learn.CellsFound` from a render's truth: the true cell polygons and no
    readings (so calibration still has to find the layout's turn by itself)."""
    from calibration.learn import CellsFound

    cells = {(c["row"], c["col"]): np.asarray(c["corners"], float) for c in truth["scene"]["cells"]}
    return CellsFound(cells, {})


def colour_errors_at_truth(image: np.ndarray, truth: Mapping[str, Any], kit: Kit,
                           profile: Mapping | None) -> tuple[int, int]:
    """(cells with a wrong colour, cells): colours read at the true cell polygons with the
    reader's samplers and its light-adaptive classifier, against the profile or the defaults.
    Isolates colour recognition from locating the tiles."""
    from calibration.learn import expected_regions
    from calibration.measure import sample_cell
    from vision.colour import classify_adaptive

    palette = Palette.from_profile(profile, kit.colours) if profile else Palette.from_hex(kit.colours)
    polys = truth_cells(truth).polygons
    labs, owners = [], []
    for t in truth["tiles"]:
        cell = (t["row"], t["col"])
        s = sample_cell(image, polys[cell], kit, long_axis=t.get("long_axis"))
        for region, colour in expected_regions(t, kit).items():
            labs.append(s.regions[region])
            owners.append((cell, colour))
    match, _, _ = classify_adaptive(np.array(labs), palette)
    wrong = {cell for (cell, colour), i in zip(owners, match.index) if palette.names[i] != colour}
    return len(wrong), len(truth["tiles"])


def evaluate(game: str, boards: list[Mapping[str, Any]], *, seed: int = 0, kelvin: float = 3000.0,
             awb: float = 0.6, size: tuple[int, int] = (3000, 2250), difficulty: str = "normal",
             calibration_photos: int = 1, geometry: str = "reader",
             cache_dir: str | os.PathLike[str] | None = None, colours_at_truth: bool = True) -> dict[str, Any]:
    """Run the experiment of the module docstring on ``boards`` (legal positions of ``game``).

    ``geometry="reader"``: the whole reader (``read_file``) on every photo, and ``calibrate``
    as the command runs it. ``geometry="truth"``: calibration and colour reading at the true
    cell polygons (the turn of the layout is still found by calibration), which measures the
    colour model alone.

    With ``colours_at_truth`` (and the reader's geometry) the colours are also read at the true
    cells (``colour_error``: the colour model alone, without locating errors), so a photo the
    locator misses does not hide how the profile did.

    One profile (the first calibration photo's) is used on every photo. Renders are kept in
    ``cache_dir`` when given (see :func:`render_jpeg`).

    Returns a dict with the cell error rates ``default`` (A), ``uncalibrated`` (B),
    ``calibrated`` (B with the profile), the set's colour differences, the alignment found and
    the time taken (``calibrate_seconds``, ``render_seconds``, ``read_seconds_median``).
    """
    from calibration.learn import CalibrationError, calibrate_image
    from calibration.reference import layout_for_game
    from vision.errors import VisionError

    kit = kit_for_game(game)
    rng = np.random.default_rng(seed)
    user_kit = perturbed_kit(kit, rng)
    light = {"temperature_k": kelvin, "awb": awb, "second_light_k": 0.0}  # one lamp, no window
    layout = layout_for_game(game)
    layout_board = {"game": game, "tiles": [{"row": r, "col": c, **t} for (r, c), t in layout.tiles.items()]}
    profiles, alignments = [], []
    t0 = time.perf_counter()
    for i in range(calibration_photos):
        t1 = time.perf_counter()
        jpeg, truth = render_jpeg(layout_board, user_kit, 10_000 + seed * 100 + i, size=size,
                                  difficulty=difficulty, cache_dir=cache_dir, **light)
        t0 += time.perf_counter() - t1  # rendering is not calibrating
        image = _decode(jpeg)
        try:
            found = truth_cells(truth) if geometry == "truth" else None
            cal = calibrate_image(image, layout, game=game, found=found)
        except (CalibrationError, VisionError) as exc:
            alignments.append({"error": str(exc)})
            continue
        profiles.append(cal.profile)
        alignments.append({**cal.alignment.to_dict(), "truth_quarter_turns": truth["scene"]["quarter_turns"]})
    calibrate_s = time.perf_counter() - t0
    profile = profiles[0] if profiles else None
    counts = {"default": [0, 0], "uncalibrated": [0, 0], "calibrated": [0, 0]}
    colour_counts = {"default": [0, 0], "uncalibrated": [0, 0], "calibrated": [0, 0]}
    per_photo = []
    render_s, read_s = 0.0, []
    for j, board in enumerate(boards):
        s = seed * 1000 + j
        t1 = time.perf_counter()
        jpeg_a, truth_a = render_jpeg(board, kit, s, size=size, difficulty=difficulty, cache_dir=cache_dir)
        jpeg_b, truth_b = render_jpeg(board, user_kit, s, size=size, difficulty=difficulty,
                                      cache_dir=cache_dir, **light)
        render_s += time.perf_counter() - t1
        row = {}
        for key, jpeg, truth, prof in (("default", jpeg_a, truth_a, None),
                                       ("uncalibrated", jpeg_b, truth_b, None),
                                       ("calibrated", jpeg_b, truth_b, profile)):
            if key == "calibrated" and profile is None:
                wrong, n = len(truth["tiles"]), len(truth["tiles"])
            elif geometry == "truth":
                wrong, n = colour_errors_at_truth(_decode(jpeg), truth, kit, prof)
            else:
                t1 = time.perf_counter()
                wrong, n = _read_error(jpeg, truth, game, prof)
                read_s.append(time.perf_counter() - t1)
                if colours_at_truth and not (key == "calibrated" and profile is None):
                    cw, cn = colour_errors_at_truth(_decode(jpeg), truth, kit, prof)
                    colour_counts[key][0] += cw
                    colour_counts[key][1] += cn
                    row[key + "_colour"] = cw
            counts[key][0] += wrong
            counts[key][1] += n
            row[key] = wrong
        per_photo.append(row)
    rates = {k: round(w / max(n, 1), 4) for k, (w, n) in counts.items()}
    return {"game": game, "geometry": geometry, "photos": len(boards), "cells": counts["default"][1],
            "light": light, "size": list(size), "difficulty": difficulty,
            "set_delta_e": kit_delta_e(user_kit, kit), "set_closest_pairs": closest_paint_pairs(user_kit),
            "default_closest_pairs": closest_paint_pairs(kit), "cell_error": rates, "counts": counts,
            "calibrated_within_1_5x": within_bar(counts),
            "alignments": alignments, "calibrate_seconds": round(calibrate_s, 2),
            "profile_used_on_photos": len(boards) if profile is not None else 0,
            "render_seconds": round(render_s, 1),
            "read_seconds_median": round(float(np.median(read_s)), 2) if read_s else None,
            **({"colour_error": {k: round(w / max(n, 1), 4) for k, (w, n) in colour_counts.items()},
                "colour_counts": colour_counts} if colours_at_truth and geometry == "reader" else {}),
            "per_photo": per_photo}


#: Issue 5's bar: the cell error with a profile at most this many times the error under
#: default light and colours.
BAR_FACTOR = 1.5


def within_bar(counts: Mapping[str, list[int] | tuple[int, int]], factor: float = BAR_FACTOR) -> bool:
    """Whether the calibrated cell error is within ``factor`` times the default one, from the
    counts ``{"default": [wrong, cells], "calibrated": [wrong, cells], ...}`` exactly (the
    rates rounded for the report would tip a tie: 9 of 279 cells against 1.5 x 6 of 279)."""
    (wc, nc), (wd, nd) = counts["calibrated"], counts["default"]
    # wc / nc <= factor * wd / nd, in integers and products (no rounding)
    return wc * max(nd, 1) <= factor * wd * max(nc, 1)


def _decode(jpeg: bytes) -> np.ndarray:
    import cv2

    return cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
