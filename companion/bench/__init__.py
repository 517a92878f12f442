"""The reader's benchmark on rendered photos, and the reproducible ``sample_images`` set.

``run_bench`` renders seeded scenes (``vision.synth``), reads them with ``vision.pipeline``
and scores every cell (:mod:`companion.bench.compare`); ``record_results`` keeps the results in
``vision/benchmarks`` so progress is visible over time. ``python -m companion.bench.samples``
regenerates ``sample_images/``.
"""
from companion.bench.compare import CellScore, compare_boards
from companion.bench.run import format_table, record_results, run_bench

__all__ = ["CellScore", "compare_boards", "format_table", "record_results", "run_bench"]
