"""The reader's benchmark: render seeded scenes, read them, score cells and time every stage.

Per game and difficulty it reports the cell error rate (missing, extra or misread tiles over the
truth's tiles), the photos read with no error and with at most one, the median and
95th-percentile time to read a photo (decode included, as ``read_file`` does it), the time
``cv2.imdecode`` takes on the same JPEG bytes (each photo's decode timed beside its read, the
median of :data:`DECODE_SAMPLES` decodes, half just before the read and half just after it: see
:func:`timed_decodes`) and the ratio of the two medians (wall time, and the
process's CPU time beside it: on a machine shared with other work the wall times grow with its
load, the CPU times much less), and the mean time per pipeline stage. The reader is imported lazily: when it is missing or raises, those photos count
as fully wrong and the reason is kept.
"""
from __future__ import annotations

import contextlib
import datetime as _dt
import json
import logging
import os
import platform
import random
import statistics
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

import cv2
import numpy as np

from companion.bench.compare import CellScore, all_wrong, compare_boards
from companion.rules.board import GAMES
from vision.blas import blas_threads
from vision.synth.presets import DIFFICULTIES

logger = logging.getLogger(__name__)

DEFAULT_SEED = 1000
#: Where results are kept in the source tree (committed with each change to the reader).
RESULTS_DIR = Path(__file__).resolve().parents[2] / "vision" / "benchmarks"

ReadFn = Callable[[bytes, str], Any]


@dataclass
class PhotoResult:
    game: str
    difficulty: str
    seed: int
    tiles: int
    score: CellScore
    read_ms: float | None
    decode_ms: float
    render_ms: float
    stages_ms: dict[str, float] = field(default_factory=dict)
    failure: str | None = None
    name: str | None = None  # the photo's file name, when read from a folder
    #: the process's CPU time (user + system) of the read and of the decode: what one core
    #: spends, whatever else the machine runs (the wall times above grow with its load)
    read_cpu_ms: float | None = None
    decode_cpu_ms: float | None = None
    #: every timed decode's wall time (ms), in the order taken (``decode_ms``: their median)
    decode_samples_ms: list[float] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "difficulty": self.difficulty, "seed": self.seed,
                "tiles": self.tiles, **self.score.to_dict(),
                "read_ms": None if self.read_ms is None else round(self.read_ms, 1),
                "decode_ms": round(self.decode_ms, 2), "render_ms": round(self.render_ms, 1),
                "stages_ms": {k: round(v, 2) for k, v in self.stages_ms.items()},
                "read_cpu_ms": None if self.read_cpu_ms is None else round(self.read_cpu_ms, 1),
                "decode_cpu_ms": None if self.decode_cpu_ms is None else round(self.decode_cpu_ms, 2),
                "decode_samples_ms": [round(v, 2) for v in self.decode_samples_ms],
                "failure": self.failure, **({"name": self.name} if self.name else {})}


#: The reader's modules that ``vision.pipeline`` imports only when a photo first needs them (the
#: play mat, white balance, the die faces' and X-Tiles' lattice finders, the lens model; this
#: list mirrors those imports in ``vision/pipeline.py``). Imported before any photo
#: is timed: a module's import is a once-per-process start-up cost (40-55 ms CPU for
#: ``vision.mat`` alone, measured in the thirty-ninth session), which had been charged to the
#: first photo read of the run (and of each game), not a cost per photo.
STAGE_MODULES = ("vision.mat", "vision.white_balance", "vision.faces", "vision.xtiles",
                 "vision.camera")


def _import_stages() -> None:
    """Import :data:`STAGE_MODULES` (so that no timed read pays for a first import)."""
    import importlib  # noqa: PLC0415

    for name in STAGE_MODULES:
        importlib.import_module(name)


def default_reader() -> tuple[ReadFn | None, str | None]:
    """``(read(jpeg_bytes, game) -> Reading, None)`` over ``vision.pipeline.read_file``, or
    ``(None, reason)`` when the reader cannot be imported."""
    try:
        from vision.pipeline import read_file  # noqa: PLC0415 - the reader is optional
        _import_stages()
    except Exception as exc:  # ImportError, or an error while importing the reader
        return None, f"reader unavailable: {type(exc).__name__}: {exc}"

    def read(data: bytes, game: str) -> Any:
        return read_file(data, game=game)
    return read, None


def _resolved(reader: ReadFn | None | str) -> tuple[ReadFn | None, str | None]:
    """``(reader, why it is missing)`` for a bench's ``reader`` argument (see :func:`run_bench`)."""
    if reader == "default":
        return default_reader()
    if reader is None:
        return None, "no reader given"
    return reader, None  # type: ignore[return-value]


def _document(photos: list[PhotoResult], groups: dict[str, dict[str, Any]], settings: dict,
              core: int | None, missing_reason: str | None, t0: float) -> dict[str, Any]:
    """The bench's results document (see :func:`run_bench`)."""
    return {
        "format": "tile-companion-bench",
        "version": 1,
        "date": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "commit": _git_commit(),
        # (decode_samples: the decodes timed per photo, DECODE_SAMPLES; runs before it was
        # recorded took one decode per photo)
        "settings": {**settings, "decode_samples": DECODE_SAMPLES},
        "machine": {"python": platform.python_version(), "cpu": platform.machine(),
                    "opencv_threads": cv2.getNumThreads(), "pinned_core": core,
                    "blas_threads": blas_threads()},  # (outside a read; a read holds one)
        "reader_missing": missing_reason,
        "overall": summarise(photos),
        "results": groups,
        "photos": [p.to_dict() for p in photos],
        "elapsed_s": round(time.perf_counter() - t0, 1),
    }


def photo_seed(base: int, game: str, difficulty: str, index: int) -> int:
    """The seed of one benchmark photo (stable across runs and across the set of games)."""
    return base + 1000 * GAMES.index(game) + 100 * DIFFICULTIES.index(difficulty) + index


def bench_photo(game: str, difficulty: str, seed: int, *, size: tuple[int, int],
                reader: ReadFn | None, reader_missing: str | None) -> PhotoResult:
    """Render, decode and read one photo; never raises for a reader failure."""
    from companion.rules.generate import random_position  # noqa: PLC0415
    from vision.synth import render_board  # noqa: PLC0415

    board = random_position(game, random.Random(seed)).to_dict()
    t0 = time.perf_counter()
    render = render_board(board, seed=seed, difficulty=difficulty, size=size)
    render_ms = (time.perf_counter() - t0) * 1000
    truth = {k: v for k, v in render.truth.items() if k != "scene"}
    return read_and_score(render.jpeg, truth, game, difficulty, seed, reader=reader,
                          reader_missing=reader_missing, render_ms=render_ms)


#: Decodes timed per photo: half just before its read, half just after it (the odd one after),
#: so the reference is taken at the moments the read is, and the photo's decode time is their
#: median. One decode per photo let a group's reference swing 31-62 ms between runs minutes
#: apart while the reads beside it stayed steady (README "Accuracy and speed"): a single decode
#: of a 36 MB picture meets whatever the machine's memory does at that instant. The median is
#: neither the fastest decode nor the slowest, so the decode is not made to look slower than
#: it is (nor faster). (Four: two either side; each costs one decode, ~40 ms, against a
#: render's ~6 s a photo.)
DECODE_SAMPLES = 4


def time_decode(buf: np.ndarray) -> tuple[float, float]:
    """``(wall ms, CPU ms)`` of one ``cv2.imdecode`` of the JPEG bytes ``buf`` (uint8 ``(N,)``)
    into a fresh picture, as a read's decode allocates one."""
    t0, c0 = time.perf_counter(), time.process_time()
    cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000


def timed_decodes(buf: np.ndarray, between: Callable[[], Any], samples: int = DECODE_SAMPLES
                  ) -> tuple[Any, Exception | None, list[tuple[float, float]]]:
    """Run ``between()`` (the read) with ``samples`` decodes of ``buf`` timed around it (half
    before, the rest after; see :data:`DECODE_SAMPLES`): ``(what between returned or None, the
    exception it raised or None, [(wall ms, CPU ms)] in the order taken)``."""
    samples = max(samples, 1)
    times = [time_decode(buf) for _ in range(samples // 2)]
    try:
        result, error = between(), None
    except Exception as exc:  # (the caller's to report, once the decodes after it are timed)
        result, error = None, exc
    times += [time_decode(buf) for _ in range(samples - samples // 2)]
    return result, error, times


def read_and_score(data: bytes, truth: Mapping[str, Any], game: str, difficulty: str, seed: int, *,
                   reader: ReadFn | None, reader_missing: str | None,
                   render_ms: float = 0.0) -> PhotoResult:
    """Decode (timed, ``cv2.imdecode``, :func:`timed_decodes` around the read), read (timed) and
    score one photo's bytes against its ``truth`` board; never raises for a reader failure."""
    buf = np.frombuffer(data, np.uint8)
    timed: dict[str, float] = {}

    def read() -> Any:
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            return reader(data, game) if reader is not None else None
        finally:
            timed["read_ms"] = (time.perf_counter() - t0) * 1000
            timed["read_cpu_ms"] = (time.process_time() - c0) * 1000

    reading, error, decodes = timed_decodes(buf, read)
    failure = None
    if error is not None:  # any reader failure is a result, not a crash of the benchmark
        code = getattr(error, "code", None)
        failure = f"{type(error).__name__}{f' [{code}]' if code else ''}: {error}"
    walls = [w for w, _ in decodes]
    decode = {"decode_ms": _pct(walls, 50), "render_ms": render_ms,
              "decode_cpu_ms": _pct([c for _, c in decodes], 50), "decode_samples_ms": walls}
    tiles = len(truth["tiles"])
    if reader is None:
        return PhotoResult(game, difficulty, seed, tiles, all_wrong(truth), None,
                           failure=reader_missing, **decode)
    cpu = {"read_cpu_ms": timed["read_cpu_ms"]}
    if failure is not None:
        return PhotoResult(game, difficulty, seed, tiles, all_wrong(truth), timed["read_ms"],
                           failure=failure, **decode, **cpu)
    stages = {k: float(v) for k, v in dict(getattr(reading, "timing_ms", {}) or {}).items()
              if isinstance(v, (int, float)) and k != "total"}
    try:
        score = compare_boards(reading.board, truth)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        return PhotoResult(game, difficulty, seed, tiles, all_wrong(truth), timed["read_ms"],
                           stages_ms=stages, failure=f"malformed reading: {exc!r}", **decode, **cpu)
    return PhotoResult(game, difficulty, seed, tiles, score, timed["read_ms"], stages_ms=stages,
                       **decode, **cpu)


#: Photo files :func:`photos_in` reads (each beside its truth ``NAME.board.json``).
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png")


def photos_in(folders: Iterable[str | Path]) -> list[tuple[Path, dict[str, Any]]]:
    """Every photo in ``folders`` (not recursive) that has a truth sidecar ``NAME.board.json``
    (FORMATS.md "Truth sidecar"), with the truth; sorted by path. Photos without one, and
    sidecars that are not a board of a known game, are skipped with a warning."""
    out = []
    for folder in folders:
        folder = Path(folder)
        if not folder.is_dir():
            raise NotADirectoryError(f"{folder} is not a folder")
        for photo in sorted(folder.iterdir()):
            if photo.suffix.lower() not in PHOTO_SUFFIXES:
                continue
            side = photo.with_name(photo.stem + ".board.json")
            if not side.is_file():
                logger.warning("%s has no truth %s: skipped", photo, side.name)
                continue
            try:
                truth = json.loads(side.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
                logger.warning("%s: unreadable truth (%s): skipped", side, exc)
                continue
            if not isinstance(truth, dict) or truth.get("game") not in GAMES \
                    or not isinstance(truth.get("tiles"), list):
                logger.warning("%s is not a board of a known game: skipped", side)
                continue
            out.append((photo, truth))
    return out


def _photo_group(truth: Mapping[str, Any]) -> str:
    """A truth's group in the table: its scene's difficulty (or style) when it says, else
    ``photos``."""
    scene = truth.get("scene") if isinstance(truth.get("scene"), Mapping) else {}
    return str(scene.get("difficulty") or scene.get("style") or "photos")


def _pct(values: Sequence[float], q: float) -> float | None:
    return None if not values else float(np.percentile(np.asarray(values, float), q))


def summarise(photos: Sequence[PhotoResult]) -> dict[str, Any]:
    """Aggregate the photos of one (game, difficulty)."""
    cells = sum(p.score.cells for p in photos)
    errors = sum(p.score.errors for p in photos)
    reads = [p.read_ms for p in photos if p.read_ms is not None]
    decodes = [p.decode_ms for p in photos]
    stages: dict[str, list[float]] = {}
    for p in photos:
        for k, v in p.stages_ms.items():
            stages.setdefault(k, []).append(v)
    read_med = _pct(reads, 50)
    dec_med = _pct(decodes, 50)
    read_cpu = _pct([p.read_cpu_ms for p in photos if p.read_cpu_ms is not None], 50)
    dec_cpu = _pct([p.decode_cpu_ms for p in photos if p.decode_cpu_ms is not None], 50)
    failures: dict[str, int] = {}
    for p in photos:
        if p.failure:
            key = p.failure.split(":")[0] if not p.failure.startswith("reader unavailable") else p.failure
            failures[key] = failures.get(key, 0) + 1
    return {
        "photos": len(photos),
        "cells": cells,
        "cell_errors": errors,
        "cell_error_rate": round(errors / cells, 4) if cells else None,
        "missing": sum(p.score.missing for p in photos),
        "extra": sum(p.score.extra for p in photos),
        "misread": sum(p.score.misread for p in photos),
        "borders_wrong": sum(p.score.borders_wrong for p in photos),
        "photos_no_error": sum(p.score.errors == 0 and p.score.borders_wrong == 0 for p in photos),
        "photos_at_most_one": sum(p.score.errors + p.score.borders_wrong <= 1 for p in photos),
        "read_ms_median": None if read_med is None else round(read_med, 1),
        "read_ms_p95": None if not reads else round(_pct(reads, 95), 1),
        "decode_ms_median": None if dec_med is None else round(dec_med, 1),
        "read_to_decode": round(read_med / dec_med, 2) if read_med is not None and dec_med else None,
        "read_cpu_ms_median": None if read_cpu is None else round(read_cpu, 1),
        "decode_cpu_ms_median": None if dec_cpu is None else round(dec_cpu, 1),
        "cpu_read_to_decode": round(read_cpu / dec_cpu, 2) if read_cpu is not None and dec_cpu else None,
        "stages_ms_mean": {k: round(statistics.fmean(v), 1) for k, v in stages.items()},
        "render_ms_median": round(_pct([p.render_ms for p in photos], 50) or 0.0, 1),
        "failures": failures,
    }


def _git_commit() -> str | None:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=RESULTS_DIR.parent.parent,
                             capture_output=True, text=True, timeout=5)
        return out.stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


@contextlib.contextmanager
def one_core(pin: bool = True) -> Iterator[int | None]:
    """Within the block, run this process (and OpenCV's threads) on one CPU core, as the speed
    target is stated; yields the core, or None when not pinned (``pin`` False, or a platform
    that cannot pin a process). The cores and OpenCV's threads are restored afterwards."""
    if not pin or not hasattr(os, "sched_getaffinity"):
        yield None
        return
    cores, threads = os.sched_getaffinity(0), cv2.getNumThreads()
    try:
        os.sched_setaffinity(0, {min(cores)})
    except OSError:
        yield None
        return
    cv2.setNumThreads(1)
    try:
        yield min(cores)
    finally:
        os.sched_setaffinity(0, cores)
        cv2.setNumThreads(threads)


def run_bench(*, games: Iterable[str] = GAMES, difficulties: Iterable[str] = DIFFICULTIES,
              per_game: int = 4, size: tuple[int, int] = (4000, 3000), seed: int = DEFAULT_SEED,
              reader: ReadFn | None | str = "default",
              progress: Callable[[PhotoResult], None] | None = None,
              pin: bool = True) -> dict[str, Any]:
    """Run the benchmark and return its results document (see module docstring).

    ``reader``: ``"default"`` imports ``vision.pipeline``; ``None`` benches with no reader (all
    photos wrong); or any ``read(jpeg_bytes, game)`` returning an object with ``board`` and
    ``timing_ms``. ``pin``: time everything (decode and read alike) on one CPU core
    (:func:`one_core`).
    """
    games, difficulties = list(games), list(difficulties)
    reader, missing_reason = _resolved(reader)
    t0 = time.perf_counter()
    photos: list[PhotoResult] = []
    with one_core(pin) as core:
        for game in games:
            for difficulty in difficulties:
                for i in range(per_game):
                    p = bench_photo(game, difficulty, photo_seed(seed, game, difficulty, i), size=size,
                                    reader=reader, reader_missing=missing_reason)  # type: ignore[arg-type]
                    photos.append(p)
                    if progress:
                        progress(p)
    groups: dict[str, dict[str, Any]] = {}
    for game in games:
        for difficulty in difficulties:
            sel = [p for p in photos if p.game == game and p.difficulty == difficulty]
            groups.setdefault(game, {})[difficulty] = summarise(sel)
    return _document(photos, groups, {"games": games, "difficulties": difficulties,
                                      "per_game": per_game, "size": list(size), "seed": seed},
                     core, missing_reason, t0)


def run_bench_photos(folders: Iterable[str | Path], *, games: Iterable[str] = GAMES,
                     reader: ReadFn | None | str = "default",
                     progress: Callable[[PhotoResult], None] | None = None,
                     pin: bool = True) -> dict[str, Any]:
    """The benchmark on photos kept in ``folders`` with their truth (see :func:`photos_in`):
    real photos, or another renderer's. Grouped by game and by the truth's scene difficulty
    (or style); the same document as :func:`run_bench` (settings: ``folders``)."""
    folders = [str(f) for f in folders]
    games = set(games)
    found = [(path, truth) for path, truth in photos_in(folders) if truth["game"] in games]
    reader, missing_reason = _resolved(reader)
    t0 = time.perf_counter()
    photos: list[PhotoResult] = []
    with one_core(pin) as core:
        for i, (path, truth) in enumerate(found):
            game, group = truth["game"], _photo_group(truth)
            board = {k: v for k, v in truth.items() if k != "scene"}
            p = read_and_score(path.read_bytes(), board, game, group, i, reader=reader,  # type: ignore[arg-type]
                               reader_missing=missing_reason)
            p.name = path.name
            photos.append(p)
            if progress:
                progress(p)
    groups: dict[str, dict[str, Any]] = {}
    for game in GAMES:
        for group in sorted({p.difficulty for p in photos if p.game == game}):
            groups.setdefault(game, {})[group] = summarise(
                [p for p in photos if p.game == game and p.difficulty == group])
    return _document(photos, groups, {"folders": folders, "photos": len(photos)}, core,
                     missing_reason, t0)


def _fmt(v: Any, pattern: str = "{}") -> str:
    return "-" if v is None else pattern.format(v)


def _cpu(r: Mapping[str, Any]) -> str:
    """A group's median CPU times, read / decode (ms), and their ratio; ``-`` for results
    recorded before CPU time was measured."""
    if r.get("cpu_read_to_decode") is None:
        return "-"
    return f"{r['read_cpu_ms_median']} / {r['decode_cpu_ms_median']} = {r['cpu_read_to_decode']}x"


def format_table(doc: Mapping[str, Any]) -> str:
    """The results as a markdown table (one row per game and difficulty, plus all)."""
    s = doc["settings"]
    if "folders" in s:
        what = f"{s['photos']} photo(s) from {', '.join(s['folders'])}, "
    else:
        what = (f"{s['per_game']} photo(s) per game and difficulty, {s['size'][0]}x{s['size'][1]}, "
                f"seed {s['seed']}, ")
    lines = [f"bench {doc['date']} commit {doc.get('commit') or '?'}: {what}"
             + ("on one core" if doc.get("machine", {}).get("pinned_core") is not None
                else "all cores"),
             "",
             "| game | difficulty | photos | cells | cell errors | no error | <=1 error | "
             "read median ms | read p95 ms | decode ms | read/decode | CPU read / decode ms | "
             "stages (mean ms) |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]

    def row(game: str, diff: str, r: Mapping[str, Any]) -> str:
        stages = ", ".join(f"{k} {v:.0f}" for k, v in r["stages_ms_mean"].items())
        return (f"| {game} | {diff} | {r['photos']} | {r['cells']} | "
                f"{_fmt(r['cell_error_rate'], '{:.1%}')} | {r['photos_no_error']} | "
                f"{r['photos_at_most_one']} | {_fmt(r['read_ms_median'])} | {_fmt(r['read_ms_p95'])} | "
                f"{_fmt(r['decode_ms_median'])} | {_fmt(r['read_to_decode'], '{}x')} | "
                f"{_cpu(r)} | {stages} |")

    for game, by_diff in doc["results"].items():
        for diff, r in by_diff.items():
            lines.append(row(game, diff, r))
    lines.append(row("**all**", "", doc["overall"]))
    fails: dict[str, int] = {}
    for game, by_diff in doc["results"].items():
        for diff, r in by_diff.items():
            for reason, n in r["failures"].items():
                fails[f"{game}/{diff}: {reason}"] = n
    if doc.get("reader_missing"):
        lines += ["", f"All photos count as wrong: {doc['reader_missing']}"]
    elif fails:
        lines += ["", "Photos the reader failed on (counted as fully wrong): "
                  + "; ".join(f"{k} x{n}" for k, n in fails.items())]
    return "\n".join(lines)


def record_results(doc: Mapping[str, Any], out_dir: str | Path = RESULTS_DIR) -> list[Path]:
    """Write ``latest.json`` (everything), ``latest.md`` (the table) and append a summary line
    to ``history.jsonl`` in ``out_dir``; return the paths written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    latest = out / "latest.json"
    latest.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    table = out / "latest.md"
    table.write_text(format_table(doc) + "\n", encoding="utf-8")
    summary = {k: doc[k] for k in ("date", "commit", "settings", "reader_missing", "overall")}
    summary["results"] = {g: {d: {k: r[k] for k in ("photos", "cell_error_rate", "photos_no_error",
                                                     "photos_at_most_one", "read_ms_median",
                                                     "read_to_decode", "cpu_read_to_decode")}
                              for d, r in by.items()} for g, by in doc["results"].items()}
    history = out / "history.jsonl"
    with history.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(summary, separators=(",", ":")) + "\n")
    return [latest, table, history]
