"""A schematic, tappable drawing of a board (FORMATS.md board dict).

Each tile is drawn the way its kit looks: a solid colour with pips (nestortiles), four edge
triangles (X-Tiles, Twelve Tiles), a coloured card with its symbol (Tapestry). Cells named by
violations get a red frame, doubtful cells an amber one, placed cells a white one. Tapping a
cell (a tile, or an empty cell next to the layout) fires ``on_cell_tap(cell)``.
"""
from __future__ import annotations

import math
from typing import Any

from kivy.graphics import Color, Ellipse, Line, Mesh, Rectangle, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import DictProperty, ListProperty, NumericProperty, ObjectProperty
from kivy.uix.widget import Widget

from companion.app.boardmodel import (EDGES, SOLID_GAMES, SYMBOL_GAMES, frontier, hex_rgba,
                                      tiles_by_cell, view_extent)
from vision.kits import DIE_PIP_LAYOUT, KitError, kit_for_game

PIP_LAYOUT = DIE_PIP_LAYOUT
RED = (0.9, 0.1, 0.1, 1)
AMBER = (1.0, 0.72, 0.0, 1)
WHITE = (1, 1, 1, 1)
SELECT = (0.2, 0.85, 1.0, 1)


class BoardView(Widget):
    """Draws ``board``; fires ``on_cell_tap(cell)``.

    Properties
    ----------
    board : dict           FORMATS.md board.
    violations : list      violation dicts (``cells`` in board coordinates).
    doubtful : list        cells to highlight as uncertain.
    placed : list          cells placed this turn.
    selected : list        ``[row, col]`` of the cell being edited, or ``[]``.
    min_cell : float       smallest cell size in pixels (touch target); the view scrolls beyond.
    """

    board = DictProperty({})
    violations = ListProperty([])
    doubtful = ListProperty([])
    placed = ListProperty([])
    selected = ListProperty([])
    cell_size = NumericProperty(0)
    min_cell = NumericProperty(dp(48))
    extent = ObjectProperty(None, allownone=True)
    #: empty cells shown around the tiles (the frontier is drawn dashed when > 0)
    margin = NumericProperty(1)

    __events__ = ("on_cell_tap",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(board=self._redraw, violations=self._redraw, doubtful=self._redraw,
                  placed=self._redraw, selected=self._redraw, pos=self._redraw, size=self._redraw)

    # ------------------------------------------------------------------ geometry
    def _layout(self) -> tuple[float, float, float]:
        ext = self.extent = view_extent(self.board or {"tiles": []}, margin=int(self.margin),
                                        extra=[tuple(self.selected)] if self.selected else ())
        cs = min(self.width / ext.cols, self.height / ext.rows) if ext.cols and ext.rows else 0
        self.cell_size = cs
        ox = self.x + (self.width - cs * ext.cols) / 2
        oy = self.y + (self.height - cs * ext.rows) / 2
        return cs, ox, oy

    def cell_rect(self, cell: tuple[int, int]) -> tuple[float, float, float]:
        """``(x, y, size)`` of a cell in window coordinates (y grows up; row 0 at the top)."""
        cs, ox, oy = self._layout()
        ext = self.extent
        r, c = cell
        x = ox + (c - ext.c0) * cs
        y = oy + (ext.r1 - r) * cs
        return x, y, cs

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        cs, ox, oy = self._layout()
        if cs <= 0:
            return None
        ext = self.extent
        c = math.floor((x - ox) / cs) + ext.c0
        r = ext.r1 - math.floor((y - oy) / cs)
        if not (ext.r0 <= r <= ext.r1 and ext.c0 <= c <= ext.c1):
            return None
        return r, c

    def tappable(self, cell: tuple[int, int]) -> bool:
        board = self.board or {"tiles": []}
        cells = tiles_by_cell(board)
        if cell in cells or cell in frontier(board) or not cells:
            return True
        return bool(board.get("borders")) and 0 <= cell[0] <= 7 and 0 <= cell[1] <= 7

    # ------------------------------------------------------------------ input
    def on_touch_down(self, touch):
        if self.disabled or self.opacity == 0:
            return False  # hidden behind the photo: let the photo have the tap
        if not self.collide_point(*touch.pos):
            return super().on_touch_down(touch)
        cell = self.cell_at(*touch.pos)
        if cell is None or not self.tappable(cell):
            return super().on_touch_down(touch)
        touch.ud["board_cell"] = cell
        touch.grab(self)
        return True

    def on_touch_up(self, touch):
        if touch.grab_current is self:
            touch.ungrab(self)
            cell = touch.ud.get("board_cell")
            if cell is not None and self.collide_point(*touch.pos) and self.cell_at(*touch.pos) == cell:
                self.dispatch("on_cell_tap", cell)
            return True
        return super().on_touch_up(touch)

    def on_cell_tap(self, cell: tuple[int, int]) -> None:
        pass

    # ------------------------------------------------------------------ drawing
    def _redraw(self, *args: Any) -> None:
        self.canvas.clear()
        board = self.board or {}
        game = board.get("game")
        if not game:
            return
        try:
            kit = kit_for_game(game)
        except KitError:
            return
        cs, ox, oy = self._layout()
        if cs <= 0:
            return
        cells = tiles_by_cell(board)
        bad = {tuple(c) for v in self.violations for c in (v.get("cells") or [])}
        doubt = {tuple(c) for c in self.doubtful}
        placed = {tuple(c) for c in self.placed}
        pad = max(1.0, cs * 0.04)
        with self.canvas:
            Color(0.16, 0.17, 0.2, 1)
            Rectangle(pos=self.pos, size=self.size)
            borders = board.get("borders")
            if borders:
                self._draw_frame(kit, borders, cs)
            for cell in sorted(frontier(board)) if self.margin > 0 else ():
                x, y, _ = self.cell_rect(cell)
                Color(1, 1, 1, 0.18)
                Line(rectangle=(x + pad, y + pad, cs - 2 * pad, cs - 2 * pad), width=1, dash_length=4,
                     dash_offset=4)
            for cell, tile in cells.items():
                x, y, _ = self.cell_rect(cell)
                self._draw_tile(game, kit, tile, x + pad, y + pad, cs - 2 * pad)
            for cell in placed & set(cells):
                x, y, _ = self.cell_rect(cell)
                Color(*WHITE)
                Line(rectangle=(x + pad, y + pad, cs - 2 * pad, cs - 2 * pad), width=dp(1.5))
            for cell in doubt - bad:
                x, y, _ = self.cell_rect(cell)
                Color(*AMBER)
                Line(rectangle=(x + 2, y + 2, cs - 4, cs - 4), width=dp(2.5), dash_length=8,
                     dash_offset=4)
            for cell in bad:
                x, y, _ = self.cell_rect(cell)
                Color(*RED)
                Line(rectangle=(x + 1, y + 1, cs - 2, cs - 2), width=dp(3))
            if self.selected:
                x, y, _ = self.cell_rect(tuple(self.selected))
                Color(*SELECT)
                Line(rectangle=(x, y, cs, cs), width=dp(3))

    def _draw_frame(self, kit, borders: dict, cs: float) -> None:
        x0, y0, _ = self.cell_rect((7, 0))
        x1, y1, _ = self.cell_rect((0, 7))
        w = max(3.0, cs * 0.12)
        left, right, bottom, top = x0, x1 + cs, y0, y1 + cs
        for side, rect in (("n", (left, top, right - left, w)), ("s", (left, bottom - w, right - left, w)),
                           ("w", (left - w, bottom, w, top - bottom)), ("e", (right, bottom, w, top - bottom))):
            colour = borders.get(side)
            if colour in kit.colours:
                Color(*hex_rgba(kit.colours[colour]))
                Rectangle(pos=rect[:2], size=rect[2:])
        Color(1, 1, 1, 0.12)
        for i in range(9):
            Line(points=[left + i * cs, bottom, left + i * cs, top], width=1)
            Line(points=[left, bottom + i * cs, right, bottom + i * cs], width=1)

    def _colour(self, kit, name: str | None, alpha: float = 1.0) -> tuple[float, float, float, float]:
        if name and name in kit.colours:
            return hex_rgba(kit.colours[name], alpha)
        return (0.45, 0.45, 0.45, alpha)  # unknown attribute: grey

    def _draw_tile(self, game: str, kit, tile: dict, x: float, y: float, s: float) -> None:
        if game in SOLID_GAMES:
            Color(*self._colour(kit, tile.get("colour")))
            RoundedRectangle(pos=(x, y), size=(s, s), radius=[s * 0.1])
            pips = tile.get("pips")
            colour = tile.get("colour")
            pip_hex = kit.pip_colours.get(colour) if colour else None
            Color(*(hex_rgba(pip_hex) if pip_hex else (1, 1, 1, 1)))
            if pips in PIP_LAYOUT:
                d = s * 0.16
                for px, py in PIP_LAYOUT[pips]:
                    cx = x + s / 2 + px * s * 0.27
                    cy = y + s / 2 + py * s * 0.27
                    Ellipse(pos=(cx - d / 2, cy - d / 2), size=(d, d))
            elif game == "octopus":
                self._question(x, y, s)
        elif game in SYMBOL_GAMES:
            Color(*self._colour(kit, tile.get("colour")))
            RoundedRectangle(pos=(x + s * 0.12, y), size=(s * 0.76, s), radius=[s * 0.06])
            Color(1, 1, 1, 0.95)
            self._symbol(tile.get("symbol"), x + s / 2, y + s / 2, s * 0.22)
        else:
            edges = tile.get("edges") or {}
            cx, cy = x + s / 2, y + s / 2
            corners = {"nw": (x, y + s), "ne": (x + s, y + s), "se": (x + s, y), "sw": (x, y)}
            tri = {"n": ("nw", "ne"), "e": ("ne", "se"), "s": ("se", "sw"), "w": ("sw", "nw")}
            for k in EDGES:
                a, b = corners[tri[k][0]], corners[tri[k][1]]
                Color(*self._colour(kit, edges.get(k)))
                Mesh(vertices=[cx, cy, 0, 0, a[0], a[1], 0, 0, b[0], b[1], 0, 0],
                     indices=[0, 1, 2], mode="triangles")
            Color(0, 0, 0, 0.55)
            Line(points=[x, y, x + s, y + s], width=1)
            Line(points=[x, y + s, x + s, y], width=1)
            if game == "x-tiles" and tile.get("long_axis") in ("ew", "ns"):
                Color(1, 1, 1, 0.8)
                if tile["long_axis"] == "ew":
                    Line(points=[x + s * 0.15, cy, x + s * 0.85, cy], width=dp(1.2))
                else:
                    Line(points=[cx, y + s * 0.15, cx, y + s * 0.85], width=dp(1.2))

    def _question(self, x: float, y: float, s: float) -> None:
        Color(1, 1, 1, 0.9)
        Line(circle=(x + s / 2, y + s / 2, s * 0.18), width=dp(1.5))

    def _symbol(self, symbol: str | None, cx: float, cy: float, r: float) -> None:
        if symbol == "rock":
            Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
        elif symbol == "paper":
            Rectangle(pos=(cx - r * 0.75, cy - r), size=(r * 1.5, r * 2))
        elif symbol == "scissors":
            Line(circle=(cx - r * 0.5, cy - r * 0.6, r * 0.35), width=dp(1.5))
            Line(circle=(cx + r * 0.5, cy - r * 0.6, r * 0.35), width=dp(1.5))
            Line(points=[cx - r * 0.3, cy - r * 0.3, cx + r * 0.6, cy + r], width=dp(1.5))
            Line(points=[cx + r * 0.3, cy - r * 0.3, cx - r * 0.6, cy + r], width=dp(1.5))
        else:
            Line(circle=(cx, cy, r * 0.8), width=dp(1.5))
