"""Why a reading missed tiles: each truth tile the read board lacks, traced to its cell (a
development tool, for the independent renderer's photos, whose truth gives each tile's centre).

    python -m tests.indie.missed PHOTO.jpg... [--all-lines]

For each photo it reads the photo once (:func:`vision.pipeline.read_file`, this checkout's code),
scores the board against the truth (``*.board.json`` beside the photo, as ``tests.indie.batch``
does), and for every truth tile missing from the board prints the cell of the kept lattice its
centre falls in (lattice indices, as the ``vision.cells`` debug lines name cells), how far in
from the cell's border it lies (a share of the pitch: about 0.5 on a lattice through the tiles,
near 0 on one half a cell off), the reading of that cell (occupied or not, its confidence, its
evidence) and the debug lines of ``vision.cells`` and ``vision.pipeline`` that name the cell
(with ``--all-lines``, every such line; else the occupancy line last logged for that index and
the lines of the checks that take a cell out). A centre outside the lattice's window is given
in the lattice's coordinates, to show how far out it lies.

The debug lines are those of every lattice the photo's reading tried: a cell index names the
same place only on the lattice kept, so the occupancy line shown is the one logged while the
kept lattice was last read, marked ``(kept)`` (see :func:`kept_lines`), or, where that read is
not found (a reading the memo held), the last logged for that index. The other lines naming
the index (the checks that take a cell out) may come from any lattice tried. The cell's own
reading (``occ``, ``conf``, evidence) is the kept lattice's.
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

import numpy as np

#: The loggers whose debug lines are kept for the cells they name.
LOGGERS = ("vision.cells", "vision.pipeline", "vision.decode", "vision.pips")
#: The occupancy line :func:`vision.cells._occupancy` logs for each cell it decides.
OCCUPANCY_LINE = "cell %s: table dE"


class _Capture(logging.Handler):
    """Debug lines of :data:`LOGGERS` (each as its format, its first argument, which names a
    cell where it is one, and its text), and the lattice, readings and image shape the board
    was assembled from (see :func:`vision.pipeline._assemble`)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[tuple[object, object, str]] = []
        self.lattice = None
        self.readings: list = []
        self.image_shape: tuple[int, ...] = ()
        # (each lattice scored, with the number of lines logged by then: see kept_lines)
        self.marks: list[tuple[object, int]] = []

    def emit(self, record: logging.LogRecord) -> None:
        first = record.args[0] if isinstance(record.args, tuple) and record.args else None
        cell = None
        if isinstance(first, tuple) and len(first) == 2 and all(
                isinstance(v, (int, np.integer)) for v in first):
            cell = (int(first[0]), int(first[1]))
        self.lines.append((record.msg, cell, record.getMessage()))


def lattice_cell(H: np.ndarray, xy: tuple[float, float]) -> tuple[tuple[int, int], float,
                                                                    tuple[float, float]]:
    """The cell ``(row, col)`` of the lattice of homography ``H`` ``(3, 3)`` (lattice ``(x, y,
    1)`` -> image pixels; cell ``(row, col)`` covers ``col <= x <= col + 1``, ``row <= y <= row
    + 1``) that image point ``xy`` (pixels) falls in, how far in from the cell's nearest border
    it lies (0-0.5, a share of the cell) and its lattice coordinates ``(row, col)`` (floats)."""
    p = np.linalg.inv(H) @ np.array([xy[0], xy[1], 1.0])
    col, row = p[0] / p[2], p[1] / p[2]
    fr, fc = row - np.floor(row), col - np.floor(col)
    inset = float(min(fr, 1 - fr, fc, 1 - fc))
    return (int(np.floor(row)), int(np.floor(col))), inset, (float(row), float(col))


def missing_cells(board: dict, truth: dict) -> list[dict]:
    """The truth tiles (their dicts) the read ``board`` lacks, under the alignment the scoring
    keeps (:func:`vision.synth.compare.compare_boards`)."""
    from vision.synth.compare import _cells, compare_boards
    from vision.synth.truth import turn_board

    scored = compare_boards(board, truth)
    dr, dc = scored.shift
    read = {(r + dr, c + dc) for r, c in _cells(turn_board(board, scored.quarter_turns))}
    return [t for t in truth["tiles"] if (t["row"], t["col"]) not in read]


def kept_lines(cap: _Capture) -> tuple[int, int]:
    """The span ``[start, end)`` of ``cap.lines`` logged while the kept lattice was last read:
    from the lattice scored before it to its own last scoring (the cells are read, and their
    lines logged, before the reading is scored); all lines when it was never scored so (a
    reading the memo held)."""
    lat = cap.lattice
    same = [k for k, (other, _) in enumerate(cap.marks)
            if other is lat or (np.array_equal(other.H, lat.H) and other.rows == lat.rows
                                and other.cols == lat.cols)]
    if not same:
        return 0, len(cap.lines)
    k = same[-1]
    return (cap.marks[k - 1][1] if k else 0), cap.marks[k][1]


def _reason_lines(cap: _Capture, cell: tuple[int, int], all_lines: bool) -> list[str]:
    """The debug lines naming ``cell`` (see :func:`explain`): its occupancy line from the kept
    lattice's read where found (see :func:`kept_lines`), marked ``(kept)``."""
    start, end = kept_lines(cap)
    kept = [text for msg, arg, text in cap.lines[start:end]
            if arg == cell and str(msg).startswith(OCCUPANCY_LINE)]
    named = [(str(msg), text) for msg, arg, text in cap.lines if arg == cell]
    if all_lines:
        return [text for _, text in named]
    occupancy = ([f"(kept) {kept[-1]}"] if kept else
                 [text for msg, text in named if msg.startswith(OCCUPANCY_LINE)][-1:])
    return occupancy + [text for msg, text in named if not msg.startswith(OCCUPANCY_LINE)]


def explain(photo: str, all_lines: bool = False) -> list[str]:
    """The lines :func:`main` prints for one photo (see the module's docstring)."""
    import vision.pipeline as pipeline

    truth = json.loads(Path(photo[:-4] + ".board.json").read_text())
    scene = truth.pop("scene")
    cap = _Capture()
    assemble = pipeline._assemble

    scored = pipeline._scored

    def spy(game, kit, lattice, readings, decoded, doubts, image_shape, frame):
        cap.lattice, cap.readings, cap.image_shape = lattice, list(readings), image_shape
        return assemble(game, kit, lattice, readings, decoded, doubts, image_shape, frame)

    def scored_spy(image, kit, game, lat, *rest):
        cap.marks.append((lat, len(cap.lines)))
        return scored(image, kit, game, lat, *rest)

    loggers = [logging.getLogger(name) for name in LOGGERS]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.DEBUG)
        lg.addHandler(cap)
    pipeline._assemble, pipeline._scored = spy, scored_spy
    try:
        board = pipeline.read_file(photo, game=truth["game"]).board
    except Exception as exc:  # (a photo refused is a result to explain too)
        return [f"{photo}: {type(exc).__name__}: {exc}"]
    finally:
        pipeline._assemble, pipeline._scored = assemble, scored
        for lg, level in zip(loggers, levels):
            lg.removeHandler(cap)
            lg.setLevel(level)
    lost = missing_cells(board, truth)
    lat = cap.lattice
    # (the lattice lies on the image as decoded, perhaps reduced: truth centres are full size)
    scale = cap.image_shape[1] / scene["size"][0]
    centres = {(int(r), int(c)): (x * scale, y * scale) for r, c, x, y in scene["tiles_px"]}
    readings = {(rd.row, rd.col): rd for rd in cap.readings}
    out = [f"{photo}: {len(lost)} of {len(truth['tiles'])} tiles missing; lattice pitch "
           f"{lat.pitch_px:.0f} px, window rows {tuple(map(int, lat.rows))} cols "
           f"{tuple(map(int, lat.cols))}"]
    for t in lost:
        cell, inset, (row, col) = lattice_cell(lat.H, centres[(t["row"], t["col"])])
        name = f"  truth ({t['row']}, {t['col']}) {t.get('colour')} {t.get('pips')}"
        rd = readings.get(cell)
        if rd is None:
            out.append(f"{name}: outside the window, at lattice row {row:.2f} col {col:.2f}")
            continue
        evidence = {k: (round(v, 3) if isinstance(v, float) else v) for k, v in rd.evidence.items()
                    if isinstance(v, (bool, int, float, str))}
        out.append(f"{name}: cell {cell}, {inset:.2f} in; occupied {rd.occupied} conf "
                   f"{rd.occ_conf:.2f} {evidence}")
        out += [f"      {line}" for line in _reason_lines(cap, cell, all_lines)]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("photos", nargs="+")
    ap.add_argument("--all-lines", action="store_true",
                    help="every debug line naming the cell, not only the deciding ones")
    args = ap.parse_args(argv)
    for photo in args.photos:
        print("\n".join(explain(photo, args.all_lines)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
