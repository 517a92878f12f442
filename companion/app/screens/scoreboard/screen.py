"""Scoreboard: each turn's points with its breakdown, totals, whose turn is next, X-Tiles rounds
and the target, the winner at the end; undo the last turn, finish the game; the game clock of
Tapestry's time mode (start, pause, a running display)."""
from __future__ import annotations

import time

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app.boardmodel import GAME_TITLES
from companion.app.screens import BaseScreen
from companion.app.viewmodels import scoreboard_rows, standing
from companion.app.widgets.common import BigButton, WrapLabel


class ScoreboardScreen(BaseScreen):
    title = StringProperty("Scoreboard")
    banner = StringProperty("")
    details = StringProperty("")
    finished = BooleanProperty(False)
    can_undo = BooleanProperty(False)
    error = StringProperty("")
    #: Tapestry in time mode: the game clock is shown with a start/pause button
    timed = BooleanProperty(False)
    clock_running = BooleanProperty(False)
    clock_text = StringProperty("")
    _clock_base = (0.0, 0.0)  # (elapsed seconds, monotonic time they were read at)
    _clock_event = None

    def prepare(self, **kwargs) -> None:
        self.error = ""
        self.refresh()

    def on_enter(self, *args) -> None:
        if self._clock_event is None:
            self._clock_event = Clock.schedule_interval(lambda dt: self._show_clock(), 1.0)

    def on_leave(self, *args) -> None:
        if self._clock_event is not None:
            self._clock_event.cancel()
            self._clock_event = None

    def _set_clock(self, timer) -> None:
        """Show a :class:`companion.session.models.TimerState` (or none)."""
        self.clock_running = bool(timer is not None and timer.running)
        self._clock_base = (timer.elapsed_s if timer is not None else 0.0, time.monotonic())
        self._show_clock()

    def _show_clock(self) -> None:
        if not self.timed:
            self.clock_text = ""
            return
        elapsed, at = self._clock_base
        if self.clock_running:
            elapsed += time.monotonic() - at
        minutes, seconds = divmod(int(elapsed), 60)
        state = "running" if self.clock_running else "paused"
        self.clock_text = f"Clock: {minutes} min {seconds:02d} s ({state})"

    def toggle_clock(self) -> None:
        """Start the game clock, or pause it (Tapestry time mode)."""
        try:
            timer = self.app.backend.timer(self.app.session_id, not self.clock_running)
        except Exception as exc:
            self.error = getattr(exc, "message", None) or str(exc)
            return
        self.error = ""
        self._set_clock(timer)

    def refresh(self) -> None:
        app = self.app
        if app.session_id is None:
            return
        view = app.backend.view(app.session_id)
        self.view = view
        info = view.info
        st = standing(view)
        self.title = f"Scoreboard - {GAME_TITLES.get(info.game, info.game)}"
        self.finished = view.finished
        self.can_undo = bool(view.turns)
        self.timed = info.game == "tapestry" and (info.options or {}).get("mode") == "time"
        self._set_clock(view.timer if self.timed else None)
        if view.finished:
            if st.winner:
                self.banner = f"Game over: {st.winner} wins!"
            elif info.game == "tapestry":
                self.banner = "Game over: the tapestry is not complete."
            else:
                self.banner = "Game over: no single winner (tie)."
        elif not view.turns:
            self.banner = f"No turns yet: {info.players[0]} starts."
        else:
            self.banner = f"Next: {st.next_player or '?'}"
        # (time mode: the live clock above replaces the standing's static time line)
        self.details = "\n".join(line for line in st.lines
                                 if not (self.timed and line.startswith("Time:")))
        totals = self.ids.totals
        totals.clear_widgets()
        for player, total in st.totals:
            mark = ""
            if player == st.next_player and not view.finished:
                mark = "  [color=7fd3ff](next)[/color]"
            if view.finished and player == st.winner:
                mark = "  [color=ffd24d](winner)[/color]"
            row = WrapLabel(text=f"[b]{player}[/b]: {total}{mark}", font_size="19sp")
            totals.add_widget(row)
        turns = self.ids.turns
        turns.clear_widgets()
        by_id = {t.index: t for t in view.turns}
        for row in reversed(scoreboard_rows(view.turns)):
            box = BoxLayout(size_hint_y=None, spacing=dp(6))
            label = WrapLabel(text=row.text)
            if row.messages and row.legal is False:
                label.text += "\n[size=14sp][color=ff9a8a]" + "; ".join(m for m in row.messages if m) + "[/color][/size]"
            box.add_widget(label)
            t = by_id.get(row.index)
            btn = BigButton(text="Review", size_hint_x=None, width=dp(100))
            btn.turn_id = t.id if t is not None else None
            btn.bind(on_release=lambda b: self.app.show("review", turn_id=b.turn_id))
            box.add_widget(btn)
            box.height = max(dp(56), label.height)
            label.bind(height=lambda lbl, h, b=box: setattr(b, "height", max(dp(56), h)))
            turns.add_widget(box)

    # ----------------------------------------------------------------- actions
    def next_turn(self) -> None:
        self.app.show("capture")

    def undo(self) -> None:
        try:
            self.app.backend.undo(self.app.session_id)
        except Exception as exc:
            self.error = getattr(exc, "message", None) or str(exc)
            return
        self.error = ""
        self.refresh()

    def finish(self) -> None:
        try:
            if self.finished:
                self.app.backend.reopen(self.app.session_id)
            else:
                self.app.backend.finish(self.app.session_id)
        except Exception as exc:
            self.error = getattr(exc, "message", None) or str(exc)
            return
        self.error = ""
        self.refresh()
