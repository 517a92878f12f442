"""Photo files of photo turns, written atomically.

A photo is written to a temporary file in the target folder, flushed and fsync'ed, then renamed
over its final name (``os.replace`` is atomic on POSIX and Windows) and the folder is fsync'ed.
A killed process leaves either no file or the whole file, never a truncated one; leftover
temporary files (``.tmp-*``) are ignored and may be removed by :func:`remove_stale_temp`.
"""
from __future__ import annotations

import logging
import os
import tempfile
import time
from pathlib import Path

logger = logging.getLogger(__name__)

TEMP_PREFIX = ".tmp-"


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":  # pragma: no cover - directories cannot be opened on Windows
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically (all or nothing), creating the folder.

    Returns
    -------
    Path
        ``path``.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)
    return path


def remove_stale_temp(folder: Path, *, older_than_s: float = 3600.0) -> int:
    """Delete temporary files left by killed writers (older than ``older_than_s``)."""
    removed = 0
    if not folder.is_dir():
        return 0
    now = time.time()
    for p in folder.rglob(TEMP_PREFIX + "*"):
        try:
            if now - p.stat().st_mtime > older_than_s:
                p.unlink()
                removed += 1
        except OSError:  # pragma: no cover - raced with another process
            pass
    return removed
