"""Where a photo is picked: a touch-sized file chooser and a live camera preview (in popups).

Shared by the capture screen and the calibration wizard; their kv rules load with this module.
"""
from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.uix.boxlayout import BoxLayout

from companion.app.photo_source import PHOTO_EXTENSIONS, KivyCameraSource
from companion.app.widgets import common  # noqa: F401  (BigButton, WrapLabel rules)

Builder.load_file(str(Path(__file__).with_name("photo_panels.kv")))


class FileChooserPanel(BoxLayout):
    """A file chooser with Open/Cancel buttons (inside a popup)."""

    def __init__(self, on_pick, start: Path, **kwargs) -> None:
        super().__init__(**kwargs)
        self._on_pick = on_pick
        self.ids.chooser.filters = [f"*{ext}" for ext in PHOTO_EXTENSIONS] + \
                                   [f"*{ext.upper()}" for ext in PHOTO_EXTENSIONS]
        self.ids.chooser.path = str(start)

    def pick(self) -> None:
        selection = self.ids.chooser.selection
        if selection:
            self._on_pick(selection[0])


class CameraPanel(BoxLayout):
    """Live camera preview with a capture button (inside a popup)."""

    def __init__(self, on_pick, folder: Path, **kwargs) -> None:
        super().__init__(**kwargs)
        self._on_pick = on_pick
        self._folder = folder
        from kivy.uix.camera import Camera

        self.camera = Camera(play=True, resolution=(1920, 1080))
        self.ids.preview.add_widget(self.camera)

    def capture(self) -> None:
        try:
            path = KivyCameraSource.save_frame(self.camera.texture, self._folder)
        except Exception as exc:
            self.ids.error.text = f"Could not take the photo: {exc}"
            return
        self.stop()
        self._on_pick(str(path))

    def stop(self) -> None:
        try:
            self.camera.play = False
        except Exception:  # pragma: no cover - provider specific
            pass
