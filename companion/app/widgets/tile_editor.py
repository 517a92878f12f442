"""The tile editor: pick a tile's colour, pips, edge colours or symbol from the game's kit.

Opened by tapping a cell on the review screen. ``on_apply(tile_or_None)`` receives the new tile
(a FORMATS.md tile dict without row/col) or ``None`` to remove the tile.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from kivy.metrics import dp
from kivy.lang import Builder
from kivy.properties import DictProperty, ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView
from kivy.uix.togglebutton import ToggleButton

from companion.app.boardmodel import (EDGE_GAMES, EDGES, SOLID_GAMES, SYMBOL_GAMES, clean_tile,
                                      hex_rgba, tile_complete, tile_label)
from companion.app.widgets.board_view import BoardView
from companion.app.widgets.common import BigButton, ChoiceButton, DangerButton, InstantPopup, WrapLabel
from vision.kits import kit_for_game

EDGE_NAMES = {"n": "North (top) edge", "e": "East (right) edge", "s": "South (bottom) edge",
              "w": "West (left) edge"}


def _text_colour(hex_value: str) -> tuple[float, float, float, float]:
    r, g, b, _ = hex_rgba(hex_value)
    return (0, 0, 0, 1) if 0.299 * r + 0.587 * g + 0.114 * b > 0.6 else (1, 1, 1, 1)


Builder.load_string("""
#:import dp kivy.metrics.dp
<ColourButton>:
    size_hint_y: None
    height: max(dp(52), self.texture_size[1] + dp(16))
    text_size: self.width - dp(8), None
    halign: "center"
    valign: "middle"
    font_size: "16sp"
    allow_no_selection: False
    background_normal: ""
    background_down: ""
    background_color: self.rgba
    bold: self.state == "down"
    text: (">> " + self.name_text + " <<") if self.state == "down" else self.name_text
    canvas.after:
        Color:
            rgba: (1, 1, 1, 1) if self.state == "down" else (0, 0, 0, 0)
        Line:
            rectangle: self.x + dp(2), self.y + dp(2), self.width - dp(4), self.height - dp(4)
            width: dp(2.5)
""")


class ColourButton(ToggleButton):
    """A colour choice painted in the kit's colour (its name stays readable on it)."""

    name_text = StringProperty("")
    rgba = ListProperty([0.5, 0.5, 0.5, 1])

    def __init__(self, name: str, hex_value: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.name_text = name
        self.rgba = list(hex_rgba(hex_value))
        self.color = _text_colour(hex_value)


class TileEditor(BoxLayout):
    """Pickers for one tile of ``game``; ``tile`` is edited in place as choices are made."""

    tile = DictProperty({})
    game = StringProperty("")

    def __init__(self, game: str, cell: tuple[int, int], tile: Mapping[str, Any] | None,
                 default: Mapping[str, Any], **kwargs: Any) -> None:
        super().__init__(orientation="vertical", spacing=dp(6), **kwargs)
        self.game = game
        self.cell = cell
        self.kit = kit_for_game(game)
        self.had_tile = tile is not None
        self.tile = clean_tile(game, dict(tile) if tile else dict(default))
        self.buttons: dict[str, dict[str, ChoiceButton]] = {}
        self._build()

    # ---------------------------------------------------------------- layout
    def _group(self, body: GridLayout, key: str, title: str, values: list[tuple[str, str | None]],
               current: Any) -> None:
        body.add_widget(WrapLabel(text=title, bold=True))
        n = len(values)
        grid = GridLayout(cols=n if n <= 6 else (n + 1) // 2, size_hint_y=None, spacing=dp(4))
        grid.bind(minimum_height=grid.setter("height"))
        group = f"{key}-{id(self)}"
        self.buttons[key] = {}
        for value, hex_value in values:
            if hex_value:
                btn = ColourButton(value, hex_value, group=group)
            else:
                btn = ChoiceButton(text=value, group=group)
            btn.state = "down" if str(current) == value else "normal"
            btn.bind(on_release=lambda b, v=value: self.choose(key, v))
            grid.add_widget(btn)
            self.buttons[key][value] = btn
        body.add_widget(grid)

    def _build(self) -> None:
        kit = self.kit
        head = BoxLayout(size_hint_y=None, height=dp(96), spacing=dp(8))
        self.preview = BoardView(size_hint_x=None, width=dp(96), margin=0)
        head.add_widget(self.preview)
        self.summary = WrapLabel()
        head.add_widget(self.summary)
        self.add_widget(head)
        scroll = ScrollView(do_scroll_x=False)
        body = GridLayout(cols=1, size_hint_y=None, spacing=dp(6), padding=(0, dp(4)))
        body.bind(minimum_height=body.setter("height"))
        colours = [(c, kit.colours[c]) for c in kit.colour_names]
        if self.game in SOLID_GAMES or self.game in SYMBOL_GAMES:
            self._group(body, "colour", "Colour", colours, self.tile.get("colour"))
        if self.game == "octopus":
            self._group(body, "pips", "Pips", [(str(p), None) for p in kit.pips or range(1, 7)],
                        self.tile.get("pips"))
        if self.game in SYMBOL_GAMES:
            self._group(body, "symbol", "Symbol", [(s, None) for s in kit.symbols], self.tile.get("symbol"))
        if self.game in EDGE_GAMES:
            edges = self.tile.get("edges") or {}
            for k in EDGES:
                self._group(body, f"edge_{k}", EDGE_NAMES[k], colours, edges.get(k))
            if self.game == "x-tiles":
                self._group(body, "long_axis", "Long axis (rounded ends)",
                            [("ew", None), ("ns", None)], self.tile.get("long_axis"))
        scroll.add_widget(body)
        self.add_widget(scroll)
        row = GridLayout(cols=3, size_hint_y=None, spacing=dp(6))
        row.bind(minimum_height=row.setter("height"))
        self.cancel_button = BigButton(text="Cancel")
        self.remove_button = DangerButton(text="Remove tile" if self.had_tile else "Leave empty")
        self.apply_button = BigButton(text="Apply")
        row.add_widget(self.cancel_button)
        row.add_widget(self.remove_button)
        row.add_widget(self.apply_button)
        self.add_widget(row)
        self._refresh()

    # ---------------------------------------------------------------- editing
    def choose(self, key: str, value: str) -> None:
        tile = dict(self.tile)
        if key == "pips":
            tile["pips"] = int(value)
        elif key.startswith("edge_"):
            edges = dict(tile.get("edges") or {})
            edges[key[5:]] = value
            tile["edges"] = edges
        else:
            tile[key] = value
        self.tile = tile
        for v, btn in self.buttons.get(key, {}).items():
            btn.state = "down" if v == value else "normal"
        self._refresh()

    def _refresh(self) -> None:
        r, c = self.cell
        self.summary.text = (f"Cell row {r}, column {c}\n[b]{tile_label(self.game, self.tile)}[/b]")
        self.apply_button.disabled = not tile_complete(self.game, self.tile)
        t = dict(self.tile, row=0, col=0)
        self.preview.board = {"game": self.game, "tiles": [t]}

    def result(self) -> dict[str, Any]:
        return {k: v for k, v in clean_tile(self.game, self.tile).items() if k not in ("row", "col")}

    def reset(self, cell: tuple[int, int], tile: Mapping[str, Any] | None,
              default: Mapping[str, Any]) -> None:
        """Show another cell (the editor is built once per game and reused: quicker on phones)."""
        self.cell = cell
        self.had_tile = tile is not None
        self.tile = clean_tile(self.game, dict(tile) if tile else dict(default))
        self.remove_button.text = "Remove tile" if self.had_tile else "Leave empty"
        edges = self.tile.get("edges") or {}
        current = {"colour": self.tile.get("colour"), "pips": self.tile.get("pips"),
                   "symbol": self.tile.get("symbol"), "long_axis": self.tile.get("long_axis")}
        current.update({f"edge_{k}": edges.get(k) for k in EDGES})
        for key, buttons in self.buttons.items():
            for value, btn in buttons.items():
                btn.state = "down" if str(current.get(key)) == value else "normal"
        self._refresh()


_EDITORS: dict[str, TileEditor] = {}


def open_tile_editor(game: str, cell: tuple[int, int], tile: Mapping[str, Any] | None,
                     default: Mapping[str, Any],
                     on_apply: Callable[[dict[str, Any] | None], None]) -> InstantPopup:
    """Open the editor in a popup; ``on_apply(tile or None)`` when the user applies/removes."""
    editor = _EDITORS.get(game)
    if editor is None or editor.parent is not None:
        editor = _EDITORS[game] = TileEditor(game, cell, tile, default)
    else:
        editor.reset(cell, tile, default)
    popup = InstantPopup(title="Correct the tile" if tile else "Add a tile", content=editor,
                         size_hint=(0.96, 0.96))
    handlers = []

    def close(*_: Any) -> None:
        for button, uid in handlers:
            button.unbind_uid("on_release", uid)
        handlers.clear()
        popup.dismiss()
        if editor.parent is not None:  # free the editor for the next tap
            editor.parent.remove_widget(editor)

    def apply(*_: Any) -> None:
        result = editor.result()
        close()
        on_apply(result)

    def remove(*_: Any) -> None:
        close()
        if tile is not None:
            on_apply(None)

    for button, fn in ((editor.cancel_button, close), (editor.apply_button, apply),
                       (editor.remove_button, remove)):
        handlers.append((button, button.fbind("on_release", fn)))
    popup.editor = editor
    popup.bind(on_dismiss=lambda *_: close() if handlers else None)
    popup.open()
    return popup


def open_borders_editor(borders: Mapping[str, str] | None,
                        on_apply: Callable[[dict[str, str]], None]) -> InstantPopup:
    """Twelve Tiles: pick the colour of each side of the board (its border strips)."""
    kit = kit_for_game("twelve-tiles")
    chosen = dict(borders or {})
    box = BoxLayout(orientation="vertical", spacing=dp(6))
    scroll = ScrollView(do_scroll_x=False)
    body = GridLayout(cols=1, size_hint_y=None, spacing=dp(6))
    body.bind(minimum_height=body.setter("height"))
    buttons: dict[str, dict[str, ToggleButton]] = {}
    names = {"n": "North (top) side", "e": "East (right) side", "s": "South (bottom) side",
             "w": "West (left) side"}
    for side in EDGES:
        body.add_widget(WrapLabel(text=names[side], bold=True))
        grid = GridLayout(cols=len(kit.colours), size_hint_y=None, spacing=dp(4))
        grid.bind(minimum_height=grid.setter("height"))
        buttons[side] = {}
        for name in kit.colour_names:
            btn = ColourButton(name, kit.colours[name], group=f"border-{side}-{id(box)}")
            btn.state = "down" if chosen.get(side) == name else "normal"

            def pick(b, s=side, n=name):
                chosen[s] = n
                apply_btn.disabled = not all(chosen.get(k) for k in EDGES)

            btn.bind(on_release=pick)
            grid.add_widget(btn)
            buttons[side][name] = btn
        body.add_widget(grid)
    scroll.add_widget(body)
    box.add_widget(scroll)
    row = GridLayout(cols=2, size_hint_y=None, spacing=dp(6))
    row.bind(minimum_height=row.setter("height"))
    cancel = BigButton(text="Cancel")
    apply_btn = BigButton(text="Apply", disabled=not all(chosen.get(k) for k in EDGES))
    row.add_widget(cancel)
    row.add_widget(apply_btn)
    box.add_widget(row)
    popup = InstantPopup(title="The board's sides", content=box, size_hint=(0.96, 0.96))
    cancel.bind(on_release=popup.dismiss)

    def apply(*_: Any) -> None:
        popup.dismiss()
        on_apply({k: chosen[k] for k in EDGES})

    apply_btn.bind(on_release=apply)
    popup.buttons = buttons
    popup.apply_button = apply_btn
    popup.open()
    return popup
