"""Widget-free helpers for drawing and editing boards (FORMATS.md board dicts).

Used by the board widget, the tile editor and the review view-model; nothing here imports kivy.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from vision.kits import Kit, kit_for_game

Cell = tuple[int, int]
EDGES = ("n", "e", "s", "w")
ORTHO = ((-1, 0), (0, 1), (1, 0), (0, -1))
#: Games whose tiles are solid colours with pips, edge sectors, or a colour and a symbol.
SOLID_GAMES = ("textile", "octopus")
EDGE_GAMES = ("x-tiles", "twelve-tiles")
SYMBOL_GAMES = ("tapestry",)
GAME_TITLES = {
    "textile": "Textile",
    "octopus": "Nestortiles Octopus",
    "x-tiles": "X-Tiles",
    "tapestry": "Universal Tapestry",
    "twelve-tiles": "Twelve Tiles",
}


def hex_rgba(value: str, alpha: float = 1.0) -> tuple[float, float, float, float]:
    """``"#RRGGBB"`` -> Kivy colour (0-1 floats)."""
    return (int(value[1:3], 16) / 255, int(value[3:5], 16) / 255, int(value[5:7], 16) / 255, alpha)


def tiles_by_cell(board: Mapping[str, Any]) -> dict[Cell, dict[str, Any]]:
    return {(int(t["row"]), int(t["col"])): dict(t) for t in board.get("tiles", [])}


@dataclass(frozen=True)
class Extent:
    """Rows ``r0..r1`` and columns ``c0..c1`` (inclusive) that a board view shows."""

    r0: int
    c0: int
    r1: int
    c1: int

    @property
    def rows(self) -> int:
        return self.r1 - self.r0 + 1

    @property
    def cols(self) -> int:
        return self.c1 - self.c0 + 1


def view_extent(board: Mapping[str, Any], *, margin: int = 1, extra: Iterable[Cell] = ()) -> Extent:
    """The cells to show: the tiles plus ``margin`` empty cells around (a frame board: 0-7)."""
    cells = list(tiles_by_cell(board)) + list(extra)
    if board.get("game") == "twelve-tiles" and board.get("borders"):
        cells += [(0, 0), (7, 7)]
        margin = 0 if all(0 <= r <= 7 and 0 <= c <= 7 for r, c in cells) else margin
    if not cells:
        return Extent(-margin, -margin, margin, margin)
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return Extent(min(rows) - margin, min(cols) - margin, max(rows) + margin, max(cols) + margin)


def frontier(board: Mapping[str, Any]) -> set[Cell]:
    """Empty cells orthogonally next to a tile (where a tile the reader missed could be)."""
    cells = tiles_by_cell(board)
    out = set()
    for r, c in cells:
        for dr, dc in ORTHO:
            nb = (r + dr, c + dc)
            if nb not in cells:
                out.add(nb)
    return out


def tile_label(game: str, tile: Mapping[str, Any] | None) -> str:
    """A short text for a tile: ``"red 3"``, ``"blue rock"``, ``"N red E blue S red W yellow"``."""
    if not tile:
        return "empty"
    if game in SOLID_GAMES:
        parts = [tile.get("colour") or "?"]
        if tile.get("pips") is not None or game == "octopus":
            parts.append(str(tile.get("pips") if tile.get("pips") is not None else "?"))
        return " ".join(parts)
    if game in SYMBOL_GAMES:
        return f"{tile.get('colour') or '?'} {tile.get('symbol') or '?'}"
    edges = tile.get("edges") or {}
    text = " ".join(f"{k.upper()} {edges.get(k) or '?'}" for k in EDGES)
    if game == "x-tiles" and tile.get("long_axis"):
        text += f" ({tile['long_axis'].upper()})"
    return text


def default_tile(game: str, kit: Kit | None = None, *, row: int, col: int,
                 neighbours: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """A starting tile for the editor when the user adds a tile to an empty cell.

    Edge games take each edge's colour from the neighbour across it when there is one, so a
    matching tile is one tap away.
    """
    kit = kit or kit_for_game(game)
    first = kit.colour_names[0]
    tile: dict[str, Any] = {"row": row, "col": col}
    if game in SOLID_GAMES:
        tile["colour"] = first
        if game == "octopus":  # Textile ignores pips
            tile["pips"] = kit.pips[0] if kit.pips else 1
    elif game in SYMBOL_GAMES:
        tile["colour"] = first
        tile["symbol"] = kit.symbols[0]
    else:
        opposite = {"n": "s", "e": "w", "s": "n", "w": "e"}
        edges = {}
        for k in EDGES:
            nb = (neighbours or {}).get(k) or {}
            edges[k] = (nb.get("edges") or {}).get(opposite[k]) or first
        tile["edges"] = edges
        if game == "x-tiles":
            # checkerboard of orientations: copy the parity of a neighbour when there is one
            axis = "ew"
            for k, nb in (neighbours or {}).items():
                if nb and nb.get("long_axis") in ("ew", "ns"):
                    axis = "ns" if nb["long_axis"] == "ew" else "ew"
                    break
            tile["long_axis"] = axis
    return tile


def neighbours_of(board: Mapping[str, Any], cell: Cell) -> dict[str, dict[str, Any]]:
    cells = tiles_by_cell(board)
    r, c = cell
    return {k: cells[(r + dr, c + dc)] for k, (dr, dc) in zip(EDGES, ORTHO)
            if (r + dr, c + dc) in cells}


def clean_tile(game: str, tile: Mapping[str, Any]) -> dict[str, Any]:
    """A corrected tile as the user confirmed it: no ``unknown``, full confidence."""
    out = {k: copy.deepcopy(v) for k, v in tile.items() if k not in ("unknown", "confidence")}
    if game == "textile":
        out.pop("pips", None)  # pips play no part in Textile
    if game in EDGE_GAMES and isinstance(out.get("edges"), dict):
        out["edges"] = {k: out["edges"].get(k) for k in EDGES}
    return out


def tile_complete(game: str, tile: Mapping[str, Any]) -> bool:
    """All attributes the game needs are set (the editor enables "Apply" only then)."""
    if game in SOLID_GAMES:
        return bool(tile.get("colour")) and (game != "octopus" or tile.get("pips") is not None)
    if game in SYMBOL_GAMES:
        return bool(tile.get("colour")) and bool(tile.get("symbol"))
    edges = tile.get("edges") or {}
    ok = all(edges.get(k) for k in EDGES)
    return ok and (game != "x-tiles" or tile.get("long_axis") in ("ew", "ns"))


def replace_tile(board: Mapping[str, Any], cell: Cell, tile: Mapping[str, Any] | None) -> dict[str, Any]:
    """A copy of ``board`` with ``cell`` set to ``tile`` (``None`` removes the tile)."""
    out = copy.deepcopy(dict(board))
    tiles = [t for t in out.get("tiles", []) if (t["row"], t["col"]) != tuple(cell)]
    if tile is not None:
        t = dict(tile)
        t["row"], t["col"] = int(cell[0]), int(cell[1])
        tiles.append(t)
    tiles.sort(key=lambda t: (t["row"], t["col"]))
    out["tiles"] = tiles
    return out


def doubtful_cells(board: Mapping[str, Any], doubts: Iterable[Mapping[str, Any]] = (),
                   *, threshold: float = 0.6) -> set[Cell]:
    """Cells the user should look at: unknown tiles, low confidence, and the reader's doubts."""
    out = set()
    for t in board.get("tiles", []):
        conf = t.get("confidence")
        if t.get("unknown") or (conf is not None and conf < threshold):
            out.add((int(t["row"]), int(t["col"])))
    for d in doubts or ():
        try:
            out.add((int(d["row"]), int(d["col"])))
        except (KeyError, TypeError, ValueError):
            continue
    return out


def violation_cells(violations: Iterable[Mapping[str, Any]]) -> dict[Cell, list[str]]:
    """Cell -> messages of the violations that name it."""
    out: dict[Cell, list[str]] = {}
    for v in violations or ():
        for cell in v.get("cells", []) or []:
            try:
                key = (int(cell[0]), int(cell[1]))
            except (TypeError, ValueError, IndexError):
                continue
            out.setdefault(key, []).append(v.get("message") or v.get("rule", ""))
    return out
