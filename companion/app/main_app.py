"""The application object: screen manager with lazily created screens, navigation history,
the backend, and the busy indicator."""
from __future__ import annotations

import importlib
import logging
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.app import worker

logger = logging.getLogger(__name__)

#: screen name -> class name in ``companion.app.screens.<name>.screen``.
SCREENS = {
    "home": "HomeScreen",
    "new_game": "NewGameScreen",
    "capture": "CaptureScreen",
    "review": "ReviewScreen",
    "scoreboard": "ScoreboardScreen",
    "calibration": "CalibrationScreen",
    "rules": "RulesScreen",
    "settings": "SettingsScreen",
}


#: kv files already loaded in this process (Builder rules must be loaded once).
_KV_LOADED: set[str] = set()


class TileCompanionApp(App):
    title = "Tile Companion"
    #: The session being played (id in the session store), or None.
    session_id = ObjectProperty(None, allownone=True)
    #: True while background work is running (drives the progress indicators).
    busy = BooleanProperty(False)
    status = StringProperty("")
    landscape = BooleanProperty(True)
    backend = ObjectProperty(None)

    def __init__(self, *, backend=None, start_session: int | None = None, start_demo: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._backend_arg = backend
        self._start_session = start_session
        self._start_demo = start_demo
        self.history: list[str] = []

    # ---------------------------------------------------------------- lifecycle
    def build(self):
        from companion.app.backend import Backend

        self.backend = self._backend_arg or Backend()
        import companion.app.widgets.common  # noqa: F401  (registers the shared kv rules)

        self.sm = ScreenManager(transition=NoTransition())
        Window.bind(size=self._on_window_size)
        self._on_window_size(Window, Window.size)
        return self.sm

    def on_start(self) -> None:
        # textures (photos, overlays) are only made once the GL window runs: never in build()
        if self._start_demo:
            self.show("home")
            self.start_demo()
        elif self._start_session is not None:
            self.open_session(self._start_session)
        else:
            self.show("home")

    def on_stop(self) -> None:
        if self.backend is not None:
            self.backend.close()

    def on_pause(self) -> bool:  # Android: keep running in the background
        return True

    def _on_window_size(self, window, size) -> None:
        self.landscape = size[0] >= size[1]

    # ---------------------------------------------------------------- navigation
    def screen(self, name: str):
        """The screen called ``name``, created (and its kv loaded) on first use."""
        if self.sm.has_screen(name):
            return self.sm.get_screen(name)
        module = importlib.import_module(f"companion.app.screens.{name}.screen")
        kv = Path(module.__file__).with_name("screen.kv")
        if str(kv) not in _KV_LOADED and kv.exists():
            Builder.load_file(str(kv))
            _KV_LOADED.add(str(kv))
        screen = getattr(module, SCREENS[name])(name=name)
        self.sm.add_widget(screen)
        return screen

    def show(self, name: str, *, remember: bool = True, **kwargs: Any):
        """Go to screen ``name``; ``kwargs`` go to its ``prepare(**kwargs)``."""
        screen = self.screen(name)
        if remember and self.sm.current_screen is not None and self.sm.current != name:
            self.history.append(self.sm.current)
            del self.history[:-20]
        if hasattr(screen, "prepare"):
            screen.prepare(**kwargs)
        self.sm.current = name
        return screen

    def go_back(self) -> None:
        while self.history:
            name = self.history.pop()
            if name != self.sm.current:
                self.show(name, remember=False)
                return
        self.show("home", remember=False)

    def go_home(self) -> None:
        self.history.clear()
        self.show("home", remember=False)

    # ---------------------------------------------------------------- sessions
    def open_session(self, session_id: int) -> None:
        """Resume a session: the scoreboard when it has turns, else the capture screen."""
        self.session_id = session_id
        view = self.backend.view(session_id)
        if view.turns:
            self.show("scoreboard")
        else:
            self.show("capture")

    def start_demo(self) -> None:
        """Create a session from the first demo game in ``sample_images/`` and start playing."""
        demos = self.backend.demo_games()
        if not demos:
            from companion.app.widgets.common import message

            message("No demo game", "This installation has no sample photos (sample_images/).")
            return
        self.show("new_game", demos=demos)

    # ---------------------------------------------------------------- background work
    def run_task(self, fn, *args: Any, on_done=None, on_error=None, status: str = "", **kwargs: Any):
        """Run ``fn(*args, **kwargs)`` off the main thread; callbacks come back on it."""
        self.status = status
        self.busy = True

        def done(result: Any) -> None:
            self._settle()
            if on_done:
                on_done(result)

        def error(exc: BaseException) -> None:
            self._settle()
            if on_error:
                on_error(exc)
            else:
                from companion.app.widgets.common import message

                message("Something went wrong", getattr(exc, "message", None) or str(exc))

        return worker.start(fn, *args, on_done=done, on_error=error, name=status or "work", **kwargs)

    def _settle(self) -> None:
        self.busy = worker.busy() and len(worker.RUNNING) > 1
        if not self.busy:
            self.status = ""
