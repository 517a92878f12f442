"""Scoring a read board against the truth: :mod:`vision.synth.compare` (one implementation for
the benchmark, calibration's measurements and the tests), re-exported for the benchmark."""
from vision.synth.compare import ATTRS, CellScore, all_wrong, compare_boards

__all__ = ["ATTRS", "CellScore", "all_wrong", "compare_boards"]
