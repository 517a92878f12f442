"""Settings: how uncertain a tile must be to be flagged, the data folder, profiles."""
from __future__ import annotations

from kivy.properties import ListProperty, NumericProperty, StringProperty

from companion.app.photo_source import KivyCameraSource
from companion.app.screens import BaseScreen

THRESHOLDS = (0.4, 0.6, 0.8, 0.95)


class SettingsScreen(BaseScreen):
    threshold = NumericProperty(0.6)
    about = StringProperty("")
    profiles = ListProperty([])

    def prepare(self, **kwargs) -> None:
        backend = self.app.backend
        self.threshold = float(backend.settings().get("doubt_threshold", 0.6))
        self.profiles = backend.profile_names()
        cam = KivyCameraSource().availability()
        self.about = "\n".join([
            f"Games and photos are kept in: {backend.data_dir()}",
            f"Colour profiles: {', '.join(self.profiles) if self.profiles else 'none yet (Calibrate my tiles)'}",
            f"Camera: {'available' if cam.ok else cam.reason}",
            "Everything works offline; nothing leaves this device.",
        ])

    def set_threshold(self, value: float) -> None:
        self.threshold = value
        self.app.backend.save_settings({"doubt_threshold": value})
