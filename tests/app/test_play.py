"""Play a whole game of each kind from the sample photos by pressing buttons.

For every sample photo: press "Use the next sample photo", wait for the reader (frames are
stepped, never slept), then on the review screen tap every tile the reader got wrong and pick
the right colour/pips/edges/symbol in the editor, remove phantom tiles, add missed ones - until
the board says what the photo shows - and confirm. Once per game the last turn is undone and
replayed. At the end the game is finished and the app's totals and winner must equal the rule
core's score of the true boards. Screenshots of every screen are saved at 1280x720 and 720x1280.
"""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest
from kivy.tests.common import GraphicUnitTest

pytestmark = pytest.mark.gui


def bm_cells(board: dict) -> list:
    return [(t["row"], t["col"]) for t in board.get("tiles", [])]

GAMES = ("octopus", "textile", "x-tiles", "tapestry", "twelve-tiles")
LANDSCAPE = (1280, 720)
PORTRAIT = (720, 1280)
#: What each game's test measured (printed at the end of the session by test_zz_report).
MEASURED: dict[str, dict] = {}
#: The app of the previous test, stopped once the next one exists (see AppTestCase.start).
_PREVIOUS: list = []


def _demo(game: str):
    from companion.app.backend import Backend

    for demo in Backend(data_dir="/nonexistent").demo_games():
        if demo.game == game:
            return demo
    return None


class AppTestCase(GraphicUnitTest):
    """Opens the real app in the test window with a fresh session database."""

    def start(self, size: tuple[int, int], tag: str):
        import tempfile

        from kivy.core.window import Window

        from app_driver import Driver
        from companion.app.backend import Backend
        from companion.app.main_app import TileCompanionApp
        from companion.session import SessionStore

        Window.size = size
        self.tmp = Path(tempfile.mkdtemp(prefix="tile-companion-app-"))
        self.addCleanup(shutil.rmtree, self.tmp, ignore_errors=True)
        self.store = SessionStore.open(self.tmp / "sessions.sqlite3")
        self.app = TileCompanionApp(backend=Backend(self.store))
        # kv's `app` proxy caches an app until it stops: stop the previous one only now that
        # the new one is the running app
        while _PREVIOUS:
            _PREVIOUS.pop().dispatch("on_stop")
        self.app._run_prepare()
        self.d = Driver(self, self.app, tag)
        self.d.frames(5)
        assert tuple(Window.size) == size, f"window is {Window.size}, wanted {size}"
        return self.d

    def tearDown(self, fake: bool = False) -> None:
        app = getattr(self, "app", None)
        if app is not None and not fake:
            from companion.app import worker

            for task in list(worker.RUNNING):
                task.join(30)
            self.advance_frames(1)
            self.d.vtime.restore()
            app.backend.close()
            _PREVIOUS.append(app)
            self.app = None
        super().tearDown(fake)

    @property
    def screen(self):
        return self.app.sm.current_screen

    # ------------------------------------------------------------------ one game
    def play(self, game: str, size: tuple[int, int], *, shots: bool) -> dict:
        demo = _demo(game)
        if demo is None:
            self.skipTest(f"no sample game for {game}: sample_images/{game}/game/record.json is not there "
                          f"yet (RENDERER engineer)")
        from truth import align_to, corrections, truth_for

        t0 = time.perf_counter()
        tag = f"{size[0]}x{size[1]}"
        d = self.start(size, tag)
        problems: dict[str, list[str]] = {}

        def look(name: str) -> None:
            # every screen is checked; the screens common to all games are photographed by
            # test_screens, so here only what differs per game
            if shots and name in ("review-photo", "tile-editor", "scoreboard", "scoreboard-final"):
                d.shot(f"{game}-{name}")
            found = d.layout_problems()
            if found:
                problems[name] = found

        look("home")
        d.press("Demo game")
        assert self.app.sm.current == "new_game"
        d.tap(self.screen.ids["game_" + game.replace("-", "_")])
        look("new-game")
        d.press("Start the demo game")
        assert self.app.sm.current == "capture", self.screen.error
        look("capture")

        fixes = read_failures = 0
        self._editor_seen = False
        undone = False
        i = 0
        while i < len(demo.entries):
            entry = demo.entries[i]
            d.press("Use the next sample photo")
            d.wait_idle()
            if self.app.sm.current == "capture":
                read_failures += 1
                assert "Could not use this photo" in self.screen.error
                d.press("Enter this turn by hand")
                d.wait_idle()
            assert self.app.sm.current == "review"
            review = self.screen
            if i == 1:
                look("review")
            truth = truth_for(entry["photo"]) if "photo" in entry else entry["board"]
            assert truth is not None, f"no truth sidecar for {entry}"
            target = align_to(review.turn.board, truth)
            fixes += self.correct_board(review, target, first=(i == 1), look=look)
            changes, removals = corrections(review.turn.board, target)
            assert not changes and not removals, f"board still differs: {changes} {removals}"
            d.press("Confirm turn")
            assert self.app.sm.current == "scoreboard"
            view = self.app.backend.view(self.app.session_id)
            assert len(view.turns) == i + 1
            if i == 1 and not undone:
                look("scoreboard")
                d.press("Undo last turn")
                assert len(self.app.backend.view(self.app.session_id).turns) == i
                undone = True
                d.press("Next photo")
                continue
            if i + 1 < len(demo.entries):
                d.press("Next photo")
                assert self.app.sm.current == "capture"
            i += 1

        d.press("Finish game")
        view = self.app.backend.view(self.app.session_id)
        assert view.finished
        look("scoreboard-final")
        # the app's result must be the rule core's score of the true boards
        from companion.rules import score_record_data

        record = {"game": game, "players": list(demo.players), "options": dict(demo.options),
                  "turns": []}
        for e in demo.entries:
            t = truth_for(e["photo"]) if "photo" in e else e["board"]
            item = {"board": t}
            for k in ("player", "new_round"):
                if k in e:
                    item[k] = e[k]
            record["turns"].append(item)
        expected = score_record_data(record)
        assert dict(view.totals) == expected["totals"]
        assert view.winner == expected["winner"]
        banner = self.screen.banner
        assert "Game over" in banner
        if expected["winner"]:
            assert expected["winner"] in banner
        assert not problems, json.dumps(problems, indent=1)
        return {"photos": len(demo.entries), "tile_corrections": fixes,
                "unreadable_photos": read_failures, "seconds": round(time.perf_counter() - t0, 1),
                "totals": expected["totals"], "winner": expected["winner"]}

    def correct_board(self, review, target: dict, *, first: bool, look) -> int:
        """Tap cells and pick attributes until the review board equals ``target``."""
        from truth import corrections

        d = self.d
        made = 0
        if review.has_photo and review.show_photo and first:
            look("review-photo")
            # a tap on a tile in the photo opens the editor for that cell
            photo = review.ids.photo
            cells = [c for c in bm_cells(review.turn.board) if c in (photo.polygons or {})]
            if (review.turn.reading or {}).get("geometry") and bm_cells(review.turn.board):
                assert cells, "the reading has geometry but no tile can be tapped on the photo"
            if cells:
                point = photo.point_of_cell(cells[0])
                d.tap_at(*point)
                editor = self.editor()
                assert editor.cell == cells[0]
                d.tap(editor.cancel_button)
        # edit on the schematic board (tiles are large enough to tap on a phone)
        if review.show_photo:
            d.press("Board", exact=True)
        if target.get("borders") and review.turn.board.get("borders") != target["borders"]:
            d.press("Board sides")
            popup = d.roots()[0]
            for side, colour in target["borders"].items():
                d.tap(popup.buttons[side][colour])
            d.tap(popup.apply_button)
            d.wait_idle()
            assert review.turn.board.get("borders") == target["borders"]
            made += 1
        for _ in range(200):
            changes, removals = corrections(review.turn.board, target)
            if not changes and not removals:
                return made
            board_view = review.ids.board
            pending = [c for c in sorted(changes) if board_view.tappable(c)]
            if pending:
                cell = pending[0]
                d.tap_cell(board_view, cell)
                editor = self.editor()
                if not self._editor_seen:
                    look("tile-editor")
                    self._editor_seen = True
                self.fill(editor, changes[cell])
                d.tap(editor.apply_button)
            elif removals:
                cell = removals[0]
                d.tap_cell(board_view, cell)
                editor = self.editor()
                d.tap(editor.remove_button)
            else:
                raise AssertionError(f"cannot reach cells {sorted(changes)} by tapping")
            d.wait_idle()
            made += 1
        raise AssertionError("too many corrections")

    def editor(self):
        from companion.app.widgets.tile_editor import TileEditor

        found = self.d.find(lambda w: isinstance(w, TileEditor))
        assert found, "tapping the cell did not open the tile editor"
        return found[0]

    def fill(self, editor, tile: dict) -> None:
        d = self.d
        for key in ("colour", "symbol"):
            if key in tile and editor.buttons.get(key):
                d.tap(editor.buttons[key][tile[key]])
        if tile.get("pips") is not None and editor.buttons.get("pips"):
            d.tap(editor.buttons["pips"][str(tile["pips"])])
        for k, colour in (tile.get("edges") or {}).items():
            d.tap(editor.buttons[f"edge_{k}"][colour])
        if tile.get("long_axis"):
            d.tap(editor.buttons["long_axis"][tile["long_axis"]])
        assert {k: v for k, v in editor.result().items()} == tile, (editor.result(), tile)


class TestPlayEachGame(AppTestCase):
    def test_octopus_landscape(self):
        MEASURED["octopus 1280x720"] = self.play("octopus", LANDSCAPE, shots=True)

    def test_textile(self):
        MEASURED["textile 720x1280"] = self.play("textile", PORTRAIT, shots=True)

    def test_x_tiles(self):
        MEASURED["x-tiles 1280x720"] = self.play("x-tiles", LANDSCAPE, shots=True)

    def test_tapestry(self):
        MEASURED["tapestry 720x1280"] = self.play("tapestry", PORTRAIT, shots=True)

    def test_twelve_tiles(self):
        MEASURED["twelve-tiles 1280x720"] = self.play("twelve-tiles", LANDSCAPE, shots=True)

    def test_zz_report(self):
        out = Path(__file__).resolve().parents[2] / "out"
        out.mkdir(exist_ok=True)
        (out / "app-play-measured.json").write_text(json.dumps(MEASURED, indent=1))
