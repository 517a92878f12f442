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


def open_file_popup(title: str, start: Path, on_pick):
    """Open a file chooser popup; ``on_pick(path)`` runs after it closes. Returns (popup, panel)."""
    from companion.app.widgets.common import InstantPopup

    popup = InstantPopup(title=title, size_hint=(0.95, 0.95))
    panel = FileChooserPanel(on_pick=lambda p: (popup.dismiss(), on_pick(p)), start=start)
    panel.ids.cancel.bind(on_release=popup.dismiss)
    popup.content = panel
    popup.open()
    return popup, panel


def open_camera_popup(title: str, folder: Path, on_pick) -> str | None:
    """Open a live camera popup; ``on_pick(path)`` gets the photo taken.

    Returns ``None``, or a message for the user when the camera cannot be opened.
    """
    from companion.app.widgets.common import InstantPopup

    popup = InstantPopup(title=title, size_hint=(0.95, 0.95))
    try:
        panel = CameraPanel(on_pick=lambda p: (popup.dismiss(), on_pick(p)), folder=folder)
    except Exception as exc:  # any camera provider failure: the user loads a photo instead
        return f"The camera could not be opened ({exc}). Load a photo instead."
    panel.ids.cancel.bind(on_release=lambda *_: (panel.stop(), popup.dismiss()))
    popup.content = panel
    popup.open()
    return None
