"""Entry point of the Android build (buildozer) and of ``python main.py`` on a desktop.

The same app as ``tile-companion app``.
"""
import os

os.environ.setdefault("KIVY_NO_ARGS", "1")

from companion.app import run  # noqa: E402

if __name__ == "__main__":
    run()
