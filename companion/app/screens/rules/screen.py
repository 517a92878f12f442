"""Rules: a short page per game, and how to play with the companion."""
from __future__ import annotations

from kivy.properties import StringProperty

from companion.app.rules_text import APP_HELP, RULES
from companion.app.screens import BaseScreen


class RulesScreen(BaseScreen):
    page = StringProperty("help")
    text = StringProperty(APP_HELP)

    def prepare(self, game: str | None = None, **kwargs) -> None:
        self.show_page(game or self.page)

    def show_page(self, page: str) -> None:
        self.page = page
        self.text = RULES.get(page, APP_HELP)
        self.ids.scroll.scroll_y = 1
