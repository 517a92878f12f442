"""The Kivy app: play a whole game at the table.

This package is the only one that imports kivy. Screens live in ``screens/<name>/`` as a
``screen.py`` + ``screen.kv`` pair and are created on first use. Everything the app decides
comes from the layers below (``companion.session``, ``companion.rules``, ``vision``,
``calibration``) through :mod:`companion.app.backend`; the screens show, ask and record.

Start it with ``tile-companion app`` or ``python main.py``.
"""
from __future__ import annotations


def run(*, session_id: int | None = None, demo: bool = False, size: tuple[int, int] | None = None) -> None:
    """Open the app window and run until it is closed."""
    import os

    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "KIVY")  # Kivy's own log lines, not twice
    if size:
        from kivy.config import Config

        Config.set("graphics", "width", str(size[0]))
        Config.set("graphics", "height", str(size[1]))
    from companion.app.main_app import TileCompanionApp

    TileCompanionApp(start_session=session_id, start_demo=demo).run()
