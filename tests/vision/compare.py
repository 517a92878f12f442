"""Compare a read board with the truth, up to translation and quarter turns (FORMATS.md): the
benchmark's own comparison (:func:`vision.synth.compare.compare_boards`)."""
from __future__ import annotations

from vision.synth.compare import compare_boards


def cell_errors(read: dict, truth: dict) -> tuple[int, int]:
    """(wrong cells, cells compared): missing, extra and misread tiles under the best alignment."""
    score = compare_boards(read, truth)
    return score.errors, score.cells
