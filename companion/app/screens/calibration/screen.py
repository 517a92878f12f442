"""Calibration wizard: shows the layout to lay out, takes the photo, shows the learned colours
as swatches and how well they separate, saves the profile for new games."""
from __future__ import annotations

import logging
from pathlib import Path

from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app import calibration_model as cm
from companion.app.photo_source import KivyCameraSource
from companion.app.screens import BaseScreen
from companion.app.widgets.photo_panels import open_camera_popup, open_file_popup
from companion.app.widgets.board_view import BoardView  # noqa: F401  (kv)
from companion.app.widgets.common import Swatch, WrapLabel  # noqa: F401  (kv)

logger = logging.getLogger(__name__)


class SwatchRow(BoxLayout):
    name = StringProperty("")
    learned = ListProperty([0.5, 0.5, 0.5, 1])
    default = ListProperty([0.5, 0.5, 0.5, 1])
    note = StringProperty("")


class CalibrationScreen(BaseScreen):
    kit = StringProperty("")
    title = StringProperty("")
    instructions = StringProperty("")
    verdict = StringProperty("")
    error = StringProperty("")
    step = StringProperty("layout")  # layout -> result
    camera_ok = BooleanProperty(False)
    kits = ListProperty([])
    saved = StringProperty("")

    profile = None

    def prepare(self, **kwargs) -> None:
        self._layouts = {lay.kit: lay for lay in cm.layouts()}
        self.kits = list(self._layouts)
        self.camera_ok = KivyCameraSource().available()
        self.error = ""
        self.saved = ""
        if self.kit not in self._layouts and self.kits:
            self.kit = self.kits[0]
        self.select(self.kit)

    def select(self, kit: str) -> None:
        self.kit = kit
        layout = self._layouts.get(kit)
        self.step = "layout"
        self.profile = None
        self.verdict = ""
        self.ids.swatches.clear_widgets()
        if layout is None:
            self.title = "No calibration layouts in this build"
            self.instructions = ""
            return
        self.title = layout.title
        self.instructions = layout.instructions
        self.ids.layout_view.board = dict(layout.board)
        for k in self.kits:
            btn = self.ids.get("kit_" + k.replace("-", "_"))
            if btn is not None:
                btn.state = "down" if k == kit else "normal"

    # ------------------------------------------------------------- photo
    def load_photo(self):
        layout = self._layouts.get(self.kit)
        popup, self._chooser = open_file_popup("Load the photo of the layout",
                                               layout.path.parent if layout else Path.home(),
                                               self.calibrate)
        return popup

    def take_photo(self) -> None:
        if not self.camera_ok:
            return
        error = open_camera_popup("Photograph the layout from above",
                                  self.app.backend.data_dir() / "camera", self.calibrate)
        if error:
            self.error = error

    def calibrate(self, photo: str) -> None:
        layout = self._layouts.get(self.kit)
        if layout is None or self.app.busy:
            return
        self.error = ""
        self.app.run_task(cm.run_calibration, photo, layout, on_done=self._done, on_error=self._failed,
                          status="Learning your colours ...")

    def _done(self, outcome) -> None:
        profile = outcome.profile
        self.profile = profile
        self.step = "result"
        grid = self.ids.swatches
        grid.clear_widgets()
        for s in cm.swatches(profile):
            row = SwatchRow(name=s.name, learned=[*s.learned_rgb, 1], default=[*s.default_rgb, 1],
                            note=f"{s.samples} samples, {s.shift:.0f} from the default")
            grid.add_widget(row)
        sep = cm.separation(profile)
        colour = {"good": "7be08f", "close": "ffc14d", "bad": "ff6a5a"}[sep.level]
        self.verdict = f"[color={colour}]{sep.verdict}[/color]"
        if outcome.warnings:
            self.verdict += "\n[color=ffc14d]" + "\n".join(outcome.warnings) + "[/color]"
        self.ids.profile_name.text = self.ids.profile_name.text or f"my {self.kit}"

    def _failed(self, exc: BaseException) -> None:
        self.error = f"Calibration failed: {getattr(exc, 'message', None) or exc}"

    def save(self) -> None:
        if self.profile is None:
            return
        try:
            path = self.app.backend.save_profile(self.ids.profile_name.text, self.profile)
        except Exception as exc:
            self.error = str(exc)
            return
        self.saved = f"Saved. Choose \"{path.name[:-len('.profile.json')]}\" as the colour profile of new games."
