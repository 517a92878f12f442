"""Test-wide settings. Kivy reads its environment at import time, so it is set here first."""
import os
import tempfile

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_FILELOG", "1")
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="tile-companion-kivy-"))
# Never let a test touch the user's real data folder.
os.environ.setdefault("TILE_COMPANION_DATA_DIR", tempfile.mkdtemp(prefix="tile-companion-data-"))
