"""Capture: take a photo with the camera, load one from a file, or play the demo's next photo.

The photo is read off the main thread (the session store reads, aligns and scores it) while a
progress indicator runs; then the review screen shows the result. No camera is a normal case:
the camera button says why it cannot be used, and loading a file always works.
"""
from __future__ import annotations

import logging
from pathlib import Path

from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.app.backend import sample_dirs
from companion.app.boardmodel import GAME_TITLES
from companion.app.photo_source import KivyCameraSource
from companion.app.widgets.photo_panels import open_camera_popup, open_file_popup
from companion.app.screens import BaseScreen
from companion.app.viewmodels import standing

logger = logging.getLogger(__name__)


class CaptureScreen(BaseScreen):
    headline = StringProperty("")
    info = StringProperty("")
    error = StringProperty("")
    camera_text = StringProperty("Take photo")
    camera_ok = BooleanProperty(False)
    demo_text = StringProperty("")
    pass_text = StringProperty("Pass (table unchanged)")
    can_pass = BooleanProperty(False)
    can_edit = BooleanProperty(False)
    progress = NumericProperty(0)

    def prepare(self, **kwargs) -> None:
        self.error = ""
        self.refresh()

    def refresh(self) -> None:
        app = self.app
        sid = app.session_id
        if sid is None:
            self.headline = "No game"
            return
        view = app.backend.view(sid)
        self._view = view
        info = view.info
        st = standing(view)
        n = len(view.turns)
        game = GAME_TITLES.get(info.game, info.game)
        if view.finished:
            self.headline = f"{game}: the game is finished"
        elif n == 0:
            first = info.players[0]
            what = {"x-tiles": "the two stock tiles", "tapestry": "the four starting cards"}.get(
                info.game, "the first tile")
            self.headline = f"{game}: photograph {what} ({first} starts)"
        elif view.round_over:
            self.headline = f"{game}: new round - photograph the two stock tiles"
        else:
            self.headline = f"{game}, turn {n}: {st.next_player or '?'} plays, then photograph the table"
        self.info = "Totals: " + ", ".join(f"{p} {t}" for p, t in st.totals)
        cam = KivyCameraSource().availability()
        self.camera_ok = cam.ok and not view.finished
        self.camera_text = "Take photo" if cam.ok else f"Take photo ({cam.reason})"
        self.can_pass = n > 0 and not view.finished and not view.round_over
        self.can_edit = not view.finished
        self.pass_text = {"textile": "Take or discard (textile unchanged)",
                          "tapestry": "Discard a card (tapestry unchanged)"}.get(
            info.game, "Pass (table unchanged)")
        entry = app.backend.next_demo_entry(sid, n)
        demo = app.backend.demo_for(sid)
        if entry is not None and demo is not None and not view.finished:
            self.demo_text = f"Use the next sample photo ({n + 1} of {len(demo.entries)})"
        elif demo is not None:
            self.demo_text = "All sample photos played: finish the game on the scoreboard"
        else:
            self.demo_text = ""
        self.ids.load.disabled = view.finished

    # ----------------------------------------------------------------- sources
    def open_file_chooser(self) -> None:
        start = next((p for p in sample_dirs() if p.is_dir()), Path.home())
        demo = self.app.backend.demo_for(self.app.session_id) if self.app.session_id else None
        if demo is not None:
            start = demo.record_path.parent
        popup, self._chooser = open_file_popup("Load a photo of the table", start, self.read_photo)
        return popup

    def open_camera(self) -> None:
        if not self.camera_ok:
            return
        error = open_camera_popup("Take a photo of the table from above",
                                  self.app.backend.data_dir() / "camera", self.read_photo)
        if error:
            self.error = error

    # ----------------------------------------------------------------- actions
    def read_photo(self, path: str) -> None:
        """Read ``path`` into a new turn in a worker thread, then review it."""
        sid = self.app.session_id
        if sid is None or self.app.busy:
            return
        self.error = ""
        new_round = bool(getattr(self, "_view", None) and self._view.round_over)
        self._start_progress()
        self.app.run_task(self.app.backend.add_photo, sid, path, new_round=new_round,
                          on_done=self._read_done, on_error=self._read_failed,
                          status=f"Reading {Path(path).name} ...")

    def play_demo(self) -> None:
        sid = self.app.session_id
        if sid is None or self.app.busy:
            return
        entry = self.app.backend.next_demo_entry(sid, len(self.app.backend.view(sid).turns))
        if entry is None:
            return
        self.error = ""
        self._start_progress()
        name = Path(entry["photo"]).name if "photo" in entry else "the sample board"
        self.app.run_task(self.app.backend.play_demo_entry, sid, entry,
                          on_done=self._read_done, on_error=self._read_failed,
                          status=f"Reading {name} ...")

    def enter_by_hand(self) -> None:
        """When no photo can be read: copy the table as it was and add the tiles by tapping."""
        sid = self.app.session_id
        if sid is None or self.app.busy:
            return
        new_round = bool(getattr(self, "_view", None) and self._view.round_over)
        try:
            turn = self.app.backend.add_manual_turn(sid, new_round=new_round)
        except Exception as exc:
            self.error = getattr(exc, "message", None) or str(exc)
            return
        self.app.show("review", turn_id=turn.id)

    def add_pass(self) -> None:
        sid = self.app.session_id
        if sid is None or self.app.busy:
            return
        game = self._view.info.game
        action = {"textile": "take", "tapestry": "discard"}.get(game, "pass")
        try:
            self.app.backend.add_pass(sid, action)
        except Exception as exc:
            self.error = getattr(exc, "message", None) or str(exc)
            return
        self.app.show("scoreboard")

    def _start_progress(self) -> None:
        self.progress = 0
        self._tick = Clock.schedule_interval(self._advance, 0.05)

    def _advance(self, dt: float) -> None:
        # the reader reports no fraction: an eased, never-complete bar shows it is working
        self.progress += (95 - self.progress) * 0.04

    def _stop_progress(self) -> None:
        if getattr(self, "_tick", None) is not None:
            self._tick.cancel()
            self._tick = None
        self.progress = 0

    def _read_done(self, turn) -> None:
        self._stop_progress()
        self.app.show("review", turn_id=turn.id)

    def _read_failed(self, exc: BaseException) -> None:
        self._stop_progress()
        msg = getattr(exc, "message", None) or str(exc)
        self.error = f"Could not use this photo: {msg}\nNothing was recorded: try another photo, or enter this turn by hand."
        logger.info("photo rejected: %s", msg)
