"""The benchmark times decode and read on one core, and gives the cores back afterwards."""
from __future__ import annotations

import os

import cv2
import pytest

from companion.bench.run import one_core


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity"), reason="no CPU affinity on this platform")
def test_one_core_pins_and_restores():
    before, threads = os.sched_getaffinity(0), cv2.getNumThreads()
    with one_core() as core:
        assert os.sched_getaffinity(0) == {core}
        assert cv2.getNumThreads() == 1
    assert os.sched_getaffinity(0) == before
    assert cv2.getNumThreads() == threads
    with one_core(False) as core:
        assert core is None and os.sched_getaffinity(0) == before


def test_the_default_reader_imports_every_stage_before_any_photo_is_timed():
    import sys

    from companion.bench import run

    reader, missing = run.default_reader()
    assert reader is not None and missing is None
    for name in run.STAGE_MODULES:
        assert name in sys.modules, name
