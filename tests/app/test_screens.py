"""Every screen at 1280x720 landscape and 720x1280 portrait: screenshots, 48 dp touch targets,
no clipped text; loading a photo through the file chooser; a bad photo changes nothing; no
camera is a normal case."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from test_play import LANDSCAPE, PORTRAIT, AppTestCase, _demo

pytestmark = pytest.mark.gui


class TestScreens(AppTestCase):
    def visit_all(self, size) -> None:
        d = self.start(size, f"{size[0]}x{size[1]}")
        problems = {}

        def look(name):
            d.shot(name)
            found = d.layout_problems()
            if found:
                problems[name] = found

        look("home")
        d.press("Rules and help")
        assert self.app.sm.current == "rules"
        look("rules-help")
        d.press("X-Tiles", exact=True)
        assert "target" in self.screen.text
        look("rules-x-tiles")
        d.press("Back", exact=True)
        assert self.app.sm.current == "home"
        d.press("Settings")
        look("settings")
        d.press("80 %")
        assert self.app.backend.settings()["doubt_threshold"] == 0.8
        d.press("Calibrate my tiles")
        assert self.app.sm.current == "calibration"
        look("calibration-nestortiles")
        d.press("Tapestry", exact=True)
        assert self.screen.kit == "tapestry"
        assert self.screen.ids.layout_view.board["game"] == "tapestry"
        look("calibration-tapestry")
        assert not self.screen.camera_ok  # no camera here: a normal case, the button says so
        assert "no camera" in d.button("Take photo").text
        # calibrate from a rendered photo of the layout (turned a quarter), loaded from a file
        from calibration.evaluate import render_jpeg
        from calibration.reference import layout_for_game
        from vision.kits import kit_for_game

        layout = layout_for_game("tapestry")
        board = {"game": "tapestry", "tiles": [{"row": r, "col": c, **t}
                                               for (r, c), t in layout.turned(1).items()]}
        jpeg, _ = render_jpeg(board, kit_for_game("tapestry"), 7, size=(960, 720), difficulty="easy")
        (self.tmp / "layout.jpg").write_bytes(jpeg)
        d.press("Load photo")
        d.choose_file(self.screen._chooser.ids.chooser, self.tmp / "layout.jpg")
        d.press("Open", exact=True)
        d.wait_idle()
        assert self.screen.step == "result", self.screen.error
        assert len(self.screen.ids.swatches.children) == 6
        assert "CIEDE2000" in self.screen.verdict or "close" in self.screen.verdict
        look("calibration-result")
        self.screen.ids.profile_name.text = "my cards"
        d.press("Save profile")
        assert "my cards" in self.app.backend.profile_names()
        d.press("Home", exact=False) if d.has_button("Home") else d.press("Back", exact=True)
        d.press("Back", exact=True) if self.app.sm.current != "home" else None
        self.app.go_home()
        d.frames(2)
        d.press("New game")
        assert "my cards" in self.screen.profiles  # the saved profile is offered for new games
        look("new-game")
        d.tap(self.screen.ids.game_x_tiles)
        d.press("Add a player")
        assert self.screen.player_names() == ["Ann", "Bob", "Cy"]
        assert self.screen.ids.target.hint_text == "10"
        look("new-game-x-tiles")
        d.press("Start the game")
        assert self.app.sm.current == "capture"
        info = self.app.backend.view(self.app.session_id).info
        assert info.players == ("Ann", "Bob", "Cy") and info.options == {"target": 10, "starter": "winner"}
        look("capture")
        cam = d.button("Take photo")  # shown, disabled, with the reason
        assert cam.disabled and "camera" in cam.text.split("Take photo", 1)[1]
        # a file that is not a photo: a clear message, nothing recorded
        bad = self.tmp / "not-a-photo.jpg"
        bad.write_bytes(b"this is not a jpeg")
        self.screen.read_photo(str(bad))
        d.wait_idle()
        assert self.app.sm.current == "capture"
        assert "Could not use this photo" in self.screen.error
        assert self.app.backend.view(self.app.session_id).turns == ()
        look("capture-error")
        # the file chooser: pick a photo, press Open
        photo = self.tmp / "table.jpg"
        demo = _demo("x-tiles")
        if demo is not None:
            photo.write_bytes(Path(demo.entries[0]["photo"]).read_bytes())
        else:
            cv2.imwrite(str(photo), np.full((300, 400, 3), 120, np.uint8))
        d.press("Load photo from a file")
        d.choose_file(self.screen._chooser.ids.chooser, photo)
        look("file-chooser")
        d.press("Open", exact=True)
        d.wait_idle()
        if demo is not None:
            assert self.app.sm.current == "review", self.screen.error
            look("review-photo")
            d.press("Board", exact=True)
            look("review-board")
            d.press("Confirm turn")
            look("scoreboard")
        else:  # a grey picture: the reader finds no tiles, and says so
            assert "Could not use this photo" in self.screen.error
        assert not problems, problems

    def test_every_screen_landscape(self):
        self.visit_all(LANDSCAPE)

    def test_every_screen_portrait(self):
        self.visit_all(PORTRAIT)
