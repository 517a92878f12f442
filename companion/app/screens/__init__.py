"""One package per screen: ``<name>/screen.py`` (behaviour) + ``<name>/screen.kv`` (layout).

Screens are created on first use by :meth:`companion.app.main_app.TileCompanionApp.screen`.
"""
from __future__ import annotations

from kivy.app import App
from kivy.uix.screenmanager import Screen


class BaseScreen(Screen):
    """A screen with easy access to the app; ``prepare(**kwargs)`` runs before it is shown."""

    @property
    def app(self):
        return App.get_running_app()

    def prepare(self, **kwargs) -> None:
        pass
