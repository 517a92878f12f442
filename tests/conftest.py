"""Test-wide settings. Kivy reads its environment at import time, so it is set here first."""
import atexit
import os
import shutil
import tempfile

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_FILELOG", "1")


def _temporary_dir(prefix: str) -> str:
    """A folder removed when the test run ends (tests must leave nothing behind in /tmp)."""
    path = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


if "KIVY_HOME" not in os.environ:
    os.environ["KIVY_HOME"] = _temporary_dir("tile-companion-kivy-")
# Never let a test touch the user's real data folder.
if "TILE_COMPANION_DATA_DIR" not in os.environ:
    os.environ["TILE_COMPANION_DATA_DIR"] = _temporary_dir("tile-companion-data-")
