"""New game: game, players and their order, options, calibration profile."""
from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app.boardmodel import GAME_TITLES
from companion.app.screens import BaseScreen
from companion.app.viewmodels import GAMES, PLAYER_LIMITS, NewGameError, clean_players, default_target, game_options


class PlayerRow(BoxLayout):
    """One player: name field, move up, remove."""

    screen = ObjectProperty(None)


class NewGameScreen(BaseScreen):
    game = StringProperty("octopus")
    starter = StringProperty("winner")
    mode = StringProperty("discards")
    profile = StringProperty("")  # "" = the kit's default colours
    profiles = ListProperty([])
    error = StringProperty("")
    demo = ObjectProperty(None, allownone=True)
    is_demo = BooleanProperty(False)

    demo_games = ListProperty([])

    def prepare(self, demo=None, demos=None, **kwargs) -> None:
        """``demos``: the demo games to choose from (demo mode); ``demo``: the one selected."""
        if demos and demo is None:
            demo = demos[0]
        self.demos = {d.game: d for d in (demos or ([demo] if demo else []))}
        self.demo_games = list(self.demos)
        self.demo = demo
        self.is_demo = demo is not None
        self.error = ""
        self.profiles = [""] + list(self.app.backend.profile_names())
        if self.profile not in self.profiles:
            self.profile = ""
        if demo is not None:
            self.set_game(demo.game)
            self.set_players(list(demo.players))
            self.starter = demo.options.get("starter", "winner")
            self.mode = demo.options.get("mode", "discards")
            if demo.options.get("target"):
                self.ids.target.text = str(demo.options["target"])
        else:
            if not self.player_names():
                self.set_players(["Ann", "Bob"])
            self.set_game(self.game)

    # ----------------------------------------------------------- players
    def player_names(self) -> list[str]:
        return [row.ids.name.text for row in reversed(self.ids.players.children)]

    def set_players(self, names: list[str]) -> None:
        box = self.ids.players
        box.clear_widgets()
        for name in names:
            row = PlayerRow(screen=self)
            row.ids.name.text = name
            box.add_widget(row)
        self._update_player_buttons()

    def add_player(self) -> None:
        names = self.player_names()
        lo, hi = PLAYER_LIMITS[self.game]
        if len(names) >= hi:
            return
        default = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
        free = [n for n in default if n not in names]
        self.set_players(names + [free[0] if free else f"Player {len(names) + 1}"])

    def remove_player(self, row) -> None:
        names = self.player_names()
        idx = list(reversed(self.ids.players.children)).index(row)
        if len(names) <= 1:
            return
        del names[idx]
        self.set_players(names)

    def move_up(self, row) -> None:
        names = self.player_names()
        idx = list(reversed(self.ids.players.children)).index(row)
        if idx > 0:
            names[idx - 1], names[idx] = names[idx], names[idx - 1]
            self.set_players(names)

    def _update_player_buttons(self) -> None:
        lo, hi = PLAYER_LIMITS[self.game]
        n = len(self.ids.players.children)
        self.ids.add_player.disabled = n >= hi
        for i, row in enumerate(reversed(self.ids.players.children)):
            row.ids.up_btn.disabled = i == 0
            row.ids.remove_btn.disabled = n <= lo
        if not self.ids.target.text or self.ids.target.hint_text == self.ids.target.text:
            self.ids.target.hint_text = str(default_target(max(n, 2)))

    # ----------------------------------------------------------- game and options
    def set_game(self, game: str) -> None:
        if self.is_demo:
            if game not in self.demos:
                return
            if self.demo is None or self.demo.game != game:
                self.demo = self.demos[game]
                self.set_players(list(self.demo.players))
                self.starter = self.demo.options.get("starter", "winner")
                self.mode = self.demo.options.get("mode", "discards")
                self.ids.target.text = str(self.demo.options.get("target", ""))
        self.game = game
        for g in GAMES:
            btn = self.ids.get("game_" + g.replace("-", "_"))
            if btn is not None:
                btn.state = "down" if g == game else "normal"
        names = self.player_names()
        lo, hi = PLAYER_LIMITS[game]
        if len(names) > hi:
            names = names[:hi]
        while len(names) < lo:
            names.append(["Ann", "Bob", "Cy", "Dee"][len(names)])
        if names != self.player_names():
            self.set_players(names)
        self._update_player_buttons()

    def options(self) -> dict:
        if self.is_demo and self.demo is not None:
            return dict(self.demo.options)
        target = None
        text = self.ids.target.text.strip()
        if self.game == "x-tiles" and text:
            if not text.isdigit():
                raise NewGameError("The target must be a whole number of points.")
            target = int(text)
        return game_options(self.game, len(self.player_names()), target=target, starter=self.starter,
                            mode=self.mode)

    def start(self) -> None:
        try:
            players = clean_players(self.game, self.player_names())
            options = self.options()
        except NewGameError as exc:
            self.error = str(exc)
            return
        self.error = ""
        backend = self.app.backend
        try:
            session_id = backend.create_session(self.game, players, options, profile=self.profile or None,
                                                demo=self.demo)
        except Exception as exc:
            self.error = getattr(exc, "message", None) or str(exc)
            return
        self.app.session_id = session_id
        self.app.history.clear()
        self.app.history.append("home")
        self.app.show("capture", remember=False)

    @staticmethod
    def title_of(game: str) -> str:
        return GAME_TITLES.get(game, game)
