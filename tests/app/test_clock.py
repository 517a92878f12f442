"""Tapestry's time mode: the scoreboard starts and pauses the game clock by button, and the clock
is the session store's (what the command line sees too)."""
from __future__ import annotations

import pytest

from test_play import LANDSCAPE, PORTRAIT, AppTestCase

pytestmark = pytest.mark.gui


class TestGameClock(AppTestCase):
    def run_clock(self, size) -> None:
        d = self.start(size, f"{size[0]}x{size[1]}")
        backend = self.app.backend
        sid = backend.create_session("tapestry", ["Solo"], {"mode": "time"})
        self.app.session_id = sid
        self.app.show("scoreboard")
        d.frames(3)
        screen = self.screen
        assert screen.timed and not screen.clock_running
        assert backend.store.timer(sid).running is False
        assert "paused" in screen.clock_text
        d.press("Start clock")
        d.frames(2)
        assert backend.store.timer(sid).running is True
        assert screen.clock_running and "running" in screen.clock_text
        assert d.button("Pause clock") is not None
        assert not d.layout_problems(), d.layout_problems()
        d.shot("scoreboard-clock")
        d.press("Pause clock")
        d.frames(2)
        timer = backend.store.timer(sid)
        assert timer.running is False and timer.elapsed_s > 0
        assert "paused" in screen.clock_text
        # a game in discards mode shows no clock at all
        other = backend.create_session("tapestry", ["Solo"], {"mode": "discards"})
        self.app.session_id = other
        self.app.show("scoreboard")
        d.frames(3)
        assert not self.screen.timed and not d.has_button("Start clock")

    def test_clock_landscape(self):
        self.run_clock(LANDSCAPE)

    def test_clock_portrait(self):
        self.run_clock(PORTRAIT)
