"""App tests: they run a real window (Xvfb in CI) and press buttons like a player.

``tests/conftest.py`` already set KIVY_* and a private TILE_COMPANION_DATA_DIR before kivy is
imported. Screenshots go to ``$TILE_COMPANION_SCREENSHOTS`` (default ``out/app-screenshots``,
git-ignored).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # app_driver, sample helpers

os.environ.setdefault("TILE_COMPANION_NO_CAMERA", "1")  # no camera is the case under test
# Mesa's software renderer (Xvfb) is 2-3x faster without its worker threads on a busy machine.
os.environ.setdefault("LP_NUM_THREADS", "0")


def _has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def pytest_collection_modifyitems(config, items):
    if _has_display():
        return
    if os.environ.get("CI"):
        raise pytest.UsageError("CI runs the app tests, and there is no display: run the suite "
                                "through tests/run.sh (it starts Xvfb)")
    skip = pytest.mark.skip(reason="no display: run the app tests under xvfb-run "
                                   "(xvfb-run -a -s '-screen 0 1280x720x24' python -m pytest tests/app)")
    for item in items:
        if "tests/app/" in str(item.fspath).replace(os.sep, "/") and item.get_closest_marker("gui"):
            item.add_marker(skip)


def pytest_configure(config):
    config.addinivalue_line("markers", "gui: needs a display (Xvfb) to open the app window")



@pytest.fixture(scope="session", autouse=True)
def _fresh_screenshot_folder():
    """Start each run with an empty screenshot folder (default ``out/app-screenshots``)."""
    import shutil

    folder = Path(os.environ.get("TILE_COMPANION_SCREENSHOTS",
                                 HERE.parents[1] / "out" / "app-screenshots"))
    if folder.is_dir() and folder.name == "app-screenshots":
        shutil.rmtree(folder, ignore_errors=True)
    yield
