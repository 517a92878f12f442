"""Home: resume a session or start one; recent sessions with game, players and date."""
from __future__ import annotations

from kivy.properties import StringProperty

from companion.app.boardmodel import GAME_TITLES
from companion.app.screens import BaseScreen
from companion.app.widgets.common import BigButton


def describe_session(info) -> str:
    """One line per session for the recent list: game, players, date, progress."""
    game = GAME_TITLES.get(info.game, info.game)
    when = (info.updated or info.created or "")[:16].replace("T", " ")
    state = f"{max(info.n_turns - 1, 0)} turns"
    if info.finished:
        state = f"finished, {info.winner} won" if info.winner else "finished"
    return f"{game} - {', '.join(info.players)}\n{when} UTC - {state}"


class HomeScreen(BaseScreen):
    resume_text = StringProperty("")

    def prepare(self, **kwargs) -> None:
        self.refresh()

    def refresh(self) -> None:
        backend = self.app.backend
        grid = self.ids.recent
        grid.clear_widgets()
        try:
            sessions = backend.list_sessions(limit=30)
            error = ""
        except Exception as exc:  # a damaged database: say so, keep the app usable
            sessions, error = [], getattr(exc, "message", None) or str(exc)
        self.ids.status.text = error
        open_sessions = [s for s in sessions if not s.finished]
        self.resume_text = ""
        self._resume_id = None
        if open_sessions:
            s = open_sessions[0]
            self._resume_id = s.id
            self.resume_text = f"Resume {GAME_TITLES.get(s.game, s.game)} ({', '.join(s.players)})"
        self.ids.demo.disabled = not backend.demo_games()
        if not sessions:
            self.ids.recent_title.text = ("No games yet. Start a new game, or try the demo game "
                                          "played from sample photos.")
        else:
            self.ids.recent_title.text = "Recent games"
        for s in sessions:
            btn = BigButton(text=describe_session(s))
            btn.session_id = s.id
            btn.bind(on_release=lambda b: self.app.open_session(b.session_id))
            grid.add_widget(btn)

    def resume(self) -> None:
        if self._resume_id is not None:
            self.app.open_session(self._resume_id)
