"""numpy's BLAS on one thread while the reader runs.

The reader's matrix products are small: a few hundred vanishing-point hypotheses against a few
hundred segments, 600 periods of a comb against its lines, homographies of 3 x 3. OpenBLAS
(numpy's BLAS) splits such a product over its threads and wakes them for it, which costs more
than the split saves: replayed on the 54 vanishing-point searches of 27 bench photos,
:func:`vision.lattice.vanishing_points` took 4.6 ms of CPU a call on OpenBLAS's default of a
thread per core (two here) and 2.1 ms on one, with the same results to the bit (and the same
boards and doubts on 165 photos of both renderers). The speed target is stated for one core,
too. :func:`one_blas_thread` holds OpenBLAS to one thread for a block and puts back what it found; where numpy's BLAS is not OpenBLAS (or cannot be found) it does nothing.
"""
from __future__ import annotations

import contextlib
import ctypes
import logging
import threading
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterator, NamedTuple

import numpy

logger = logging.getLogger(__name__)

#: OpenBLAS's thread controls (setter, getter), by the names its builds export them under:
#: numpy's wheels bundle ``scipy_openblas`` (64-bit integers: the ``64_`` suffix), a plain
#: OpenBLAS has them unprefixed.
_CONTROLS = (("scipy_openblas_set_num_threads64_", "scipy_openblas_get_num_threads64_"),
             ("scipy_openblas_set_num_threads", "scipy_openblas_get_num_threads"),
             ("openblas_set_num_threads64_", "openblas_get_num_threads64_"),
             ("openblas_set_num_threads", "openblas_get_num_threads"))


class _Threads(NamedTuple):
    """OpenBLAS's ``set(n)`` and ``get() -> n`` of its number of threads, and the library's path."""

    set: Callable[[int], None]
    get: Callable[[], int]
    path: str


@lru_cache(maxsize=1)
def _openblas() -> _Threads | None:
    """The thread controls of the OpenBLAS loaded in this process (found among the libraries
    mapped into it, ``/proc/self/maps``), or None (another BLAS, another system)."""
    # numpy's wheels keep their OpenBLAS beside the package; OpenCV's wheel maps another copy
    # (which exports the same controls), so numpy's own is tried first
    own = (Path(numpy.__file__).resolve().parent.parent / "numpy.libs").resolve()
    try:
        maps = Path("/proc/self/maps").read_text()
    except OSError:
        return None
    paths = sorted({line.split()[-1] for line in maps.splitlines()
                    if "openblas" in line.rsplit("/", 1)[-1].lower() and "/" in line},
                   key=lambda p: (Path(p).parent != own, p))
    for path in paths:
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for set_name, get_name in _CONTROLS:
            setter, getter = getattr(lib, set_name, None), getattr(lib, get_name, None)
            if setter is not None and getter is not None:
                setter.argtypes, setter.restype = [ctypes.c_int], None
                getter.argtypes, getter.restype = [], ctypes.c_int
                logger.debug("OpenBLAS's threads through %s in %s", set_name, path)
                return _Threads(setter, getter, path)
    return None


def blas_threads() -> int | None:
    """OpenBLAS's number of threads now (None: numpy's BLAS is not OpenBLAS here)."""
    threads = _openblas()
    return None if threads is None else threads.get()


_lock = threading.Lock()
#: Blocks of :func:`one_blas_thread` running (in any thread) and the count they found.
_held = {"depth": 0, "before": 0}


@contextlib.contextmanager
def one_blas_thread() -> Iterator[None]:
    """Within the block OpenBLAS runs on one thread; afterwards on as many as before (blocks
    may nest, or run in several threads at once: the count is put back when the last ends)."""
    threads = _openblas()
    if threads is None:
        yield
        return
    with _lock:
        if _held["depth"] == 0:
            _held["before"] = threads.get()
            if _held["before"] != 1:
                threads.set(1)
        _held["depth"] += 1
    try:
        yield
    finally:
        with _lock:
            _held["depth"] -= 1
            if _held["depth"] == 0 and _held["before"] != 1:
                threads.set(_held["before"])
