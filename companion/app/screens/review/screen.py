"""Review: the photo with the overlay and the board as read; tap a tile to correct it.

Illegal placements are framed in red with the rule's message, uncertain tiles in amber. A
correction goes to the session store (which keeps it in the turn's audit trail and re-scores),
so the flags and the score update at once. Confirm goes on to the scoreboard.
"""
from __future__ import annotations

import logging

from kivy.properties import BooleanProperty, ListProperty, StringProperty

from companion.app.boardmodel import (default_tile, doubtful_cells, neighbours_of, tile_label,
                                      tiles_by_cell)
from companion.app.images import texture_from_bgr
from companion.app.overlay import cell_polygons
from companion.app.screens import BaseScreen
from companion.app.viewmodels import turn_summary
from companion.app.widgets.board_view import BoardView  # noqa: F401  (kv)
from companion.app.widgets.photo_view import PhotoView  # noqa: F401  (kv)
from companion.app.widgets.tile_editor import open_borders_editor, open_tile_editor

logger = logging.getLogger(__name__)


class ReviewScreen(BaseScreen):
    headline = StringProperty("")
    problems = StringProperty("")
    hint = StringProperty("")
    show_photo = BooleanProperty(True)
    has_photo = BooleanProperty(False)
    is_latest = BooleanProperty(True)
    has_borders = BooleanProperty(False)
    doubtful = ListProperty([])

    turn = None
    editor = None

    def prepare(self, turn_id: int | None = None, **kwargs) -> None:
        self._texture_turn = None
        self.show_photo = True  # a new turn opens on its photo
        self.ids.photo.texture = None
        self.ids.photo.polygons = {}
        self.load(turn_id)

    # ----------------------------------------------------------------- data
    def load(self, turn_id: int | None) -> None:
        backend = self.app.backend
        view = backend.view(self.app.session_id)
        if turn_id is None:
            turn = view.turns[-1] if view.turns else None
        else:
            turn = next((t for t in view.turns if t.id == turn_id), None)
        self.turn = turn
        self.view = view
        self.is_latest = bool(turn is not None and view.turns and view.turns[-1].id == turn.id)
        self.has_photo = bool(turn is not None and turn.photo is not None)
        self.has_borders = bool(turn is not None and view.info.game == "twelve-tiles")
        if not self.has_photo:
            self.show_photo = False
        self._show_turn()
        self._overlay_stale = True
        if self.has_photo and self.show_photo:
            self._render_overlay()

    def _show_turn(self) -> None:
        turn = self.turn
        board_view = self.ids.board
        if turn is None:
            self.headline = "No turn to review"
            board_view.board = {}
            return
        threshold = float(self.app.backend.settings().get("doubt_threshold", 0.6))
        reading = turn.reading or {}
        doubts = reading.get("doubts") or ()
        # a corrected cell is no longer doubtful
        corrected = {tuple(c.cell) for c in turn.corrections}
        doubt = sorted(doubtful_cells(turn.board, doubts, threshold=threshold) - corrected)
        self.doubtful = [list(c) for c in doubt]
        board_view.board = dict(turn.board)
        board_view.violations = [dict(v) for v in turn.violations]
        board_view.doubtful = self.doubtful
        board_view.placed = [list(c) for c in turn.placed]
        label = "Start" if turn.index == 0 else f"Turn {turn.index}"
        self.headline = f"{label} - {turn_summary(turn)}"
        lines = []
        if turn.legal is False:
            for v in turn.violations:
                lines.append(f"[color=ff6a5a]{v.get('message') or v.get('rule')}[/color]")
        elif turn.legal:
            lines.append("[color=7be08f]Legal placement.[/color]")
        if self.view.score_error:
            lines.append(f"[color=ff6a5a]Could not score: {self.view.score_error}[/color]")
        if doubt:
            cells = ", ".join(f"({r}, {c})" for r, c in doubt[:6])
            lines.append(f"[color=ffc14d]{len(doubt)} tile{'s' if len(doubt) != 1 else ''} to check "
                         f"(amber): {cells}{' ...' if len(doubt) > 6 else ''}[/color]")
        if turn.corrections:
            lines.append(f"{len(turn.corrections)} correction{'s' if len(turn.corrections) != 1 else ''} made.")
        self.problems = "\n".join(lines)
        n = len(tiles_by_cell(turn.board))
        self.hint = (f"{n} tile{'s' if n != 1 else ''} on the table. Tap a tile to correct it, or "
                     f"a dashed empty cell to add a tile the reader missed.")
        if self.has_photo and self._texture_turn == turn.id:
            self.ids.photo.polygons = cell_polygons(reading.get("geometry"))

    def _render_overlay(self) -> None:
        turn = self.turn
        self._overlay_stale = False
        self.app.run_task(self.app.backend.overlay_image, turn, on_done=self._overlay_ready,
                          on_error=self._overlay_failed, status="Drawing the overlay ...")

    def _overlay_ready(self, result) -> None:
        photo = self.ids.photo
        if result is None or self.turn is None:
            self.has_photo = False
            self.show_photo = False
            return
        photo.texture = texture_from_bgr(result.image)
        photo.photo_size = tuple(result.photo_size)
        photo.polygons = cell_polygons((self.turn.reading or {}).get("geometry"))
        self._texture_turn = self.turn.id

    def _overlay_failed(self, exc: BaseException) -> None:
        logger.warning("overlay failed: %s", exc)
        self.has_photo = False
        self.show_photo = False

    # ----------------------------------------------------------------- corrections
    def edit_cell(self, cell) -> None:
        if self.turn is None or self.app.busy or self.view.finished:
            return
        cell = (int(cell[0]), int(cell[1]))
        board = self.turn.board
        tile = tiles_by_cell(board).get(cell)
        game = board.get("game") or self.view.info.game
        self.ids.board.selected = list(cell)
        default = default_tile(game, row=cell[0], col=cell[1], neighbours=neighbours_of(board, cell))
        self.editor = open_tile_editor(game, cell, tile, default,
                                       on_apply=lambda t: self.apply_correction(cell, t))
        self.editor.bind(on_dismiss=lambda *_: setattr(self.ids.board, "selected", []))

    def apply_correction(self, cell, tile) -> None:
        turn = self.turn
        if turn is None:
            return
        before = tile_label(self.view.info.game, tiles_by_cell(turn.board).get(tuple(cell)))
        self.app.run_task(self.app.backend.correct, self.app.session_id, cell, tile, turn_id=turn.id,
                          on_done=lambda t: self._corrected(t, before), status="Scoring ...")

    def _corrected(self, turn, before: str) -> None:
        self.load(turn.id)

    def edit_borders(self) -> None:
        """Twelve Tiles: correct the colours of the board's sides."""
        if self.turn is None or self.app.busy or self.view.finished:
            return
        turn_id = self.turn.id
        self.editor = open_borders_editor(
            self.turn.board.get("borders"),
            on_apply=lambda b: self.app.run_task(self.app.backend.set_borders, self.app.session_id,
                                                 turn_id, b, on_done=lambda t: self.load(t.id),
                                                 status="Scoring ..."))

    # ----------------------------------------------------------------- actions
    def toggle_view(self, photo: bool) -> None:
        self.show_photo = photo and self.has_photo
        if self.show_photo and getattr(self, "_overlay_stale", False):
            self._render_overlay()

    def confirm(self) -> None:
        self.app.history.clear()
        self.app.history.append("home")
        self.app.show("scoreboard", remember=False)

    def discard(self) -> None:
        """Take this (latest) turn back: the photo was wrong, retake it."""
        if not self.is_latest or self.app.busy:
            return
        try:
            self.app.backend.undo(self.app.session_id)
        except Exception as exc:
            self.problems = getattr(exc, "message", None) or str(exc)
            return
        self.app.show("capture", remember=False)
