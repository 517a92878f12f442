"""Boards: one state of the table as seen from above, and its (de)serialisation.

Conventions (FORMATS.md): cells are ``(row, col)``; rows grow south, columns east. A quarter turn
clockwise maps ``(row, col)`` to ``(col, -row)`` and each tile's edges ``n->e, e->s, s->w, w->n``;
on a Twelve Tiles frame board (one with ``borders``) it maps ``(row, col)`` to
``(col, 7 - row)`` so that the 0-7 frame maps onto itself.
"""
from __future__ import annotations

import json
from functools import lru_cache
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Iterator, Mapping

from companion.errors import BoardError
from vision.kits import GAME_KITS, Kit, KitError, kit_for_game

Cell = tuple[int, int]
EDGE_NAMES = ("n", "e", "s", "w")
GAMES = tuple(GAME_KITS)
FRAME_SIZE = 8

#: Orthogonal neighbour offsets by edge name.
ORTHO: Mapping[str, Cell] = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
OPPOSITE: Mapping[str, str] = {"n": "s", "e": "w", "s": "n", "w": "e"}
#: The 8 directions, orthogonal first.
DIRECTIONS8: tuple[Cell, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1), (-1, 1), (1, 1), (1, -1), (-1, -1))


@dataclass(frozen=True)
class Tile:
    """One tile or card. Attributes not used by a game are ``None``.

    ``edges`` is ``(n, e, s, w)``; ``long_axis`` is ``"ew"`` or ``"ns"`` (X-Tiles).
    """

    colour: str | None = None
    pips: int | None = None
    symbol: str | None = None
    edges: tuple[str, str, str, str] | None = None
    long_axis: str | None = None
    confidence: float | None = None
    unknown: bool = False

    def turned(self, quarter_turns: int = 1) -> "Tile":
        """The same tile after the whole table turned ``quarter_turns`` clockwise."""
        k = quarter_turns % 4
        if k == 0 or (self.edges is None and self.long_axis is None):
            return self
        return _turned_tile(self, k)

    def edge(self, name: str) -> str | None:
        return None if self.edges is None else self.edges[EDGE_NAMES.index(name)]


@lru_cache(maxsize=4096)
def _turned_tile(tile: Tile, k: int) -> Tile:
    edges = tile.edges
    if edges is not None:
        edges = (edges[(0 - k) % 4], edges[(1 - k) % 4], edges[(2 - k) % 4], edges[(3 - k) % 4])
    axis = tile.long_axis
    if axis is not None and k % 2:
        axis = "ns" if axis == "ew" else "ew"
    return replace(tile, edges=edges, long_axis=axis)


@dataclass(frozen=True)
class Board:
    """A state of the table: tiles by cell, plus the Twelve Tiles board's border colours.

    ``tiles`` maps ``(row, col)`` to :class:`Tile`; treat it as read-only.
    ``borders`` is ``(n, e, s, w)`` colours of the board sides, or ``None``.
    """

    game: str
    tiles: Mapping[Cell, Tile] = field(default_factory=dict)
    borders: tuple[str, str, str, str] | None = None

    def __len__(self) -> int:
        return len(self.tiles)

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.tiles)

    def get(self, cell: Cell) -> Tile | None:
        return self.tiles.get(cell)

    @property
    def has_frame(self) -> bool:
        return self.borders is not None

    def turned(self, quarter_turns: int = 1, *, frame: bool | None = None) -> "Board":
        """The board turned clockwise; within the 0-7 frame when ``frame`` (default: has_frame)."""
        k = quarter_turns % 4
        if k == 0:
            return self
        frame = self.has_frame if frame is None else frame
        tiles: dict[Cell, Tile] = {}
        for (r, c), tile in self.tiles.items():
            for _ in range(k):
                r, c = (c, FRAME_SIZE - 1 - r) if frame else (c, -r)
            tiles[(r, c)] = tile.turned(k)
        borders = self.borders
        if borders is not None:
            borders = tuple(borders[(i - k) % 4] for i in range(4))  # type: ignore[assignment]
        return Board(self.game, tiles, borders)

    def shifted(self, drow: int, dcol: int) -> "Board":
        if drow == 0 and dcol == 0:
            return self
        return Board(self.game, {(r + drow, c + dcol): t for (r, c), t in self.tiles.items()},
                     self.borders)

    def with_borders(self, borders: tuple[str, str, str, str] | None) -> "Board":
        return Board(self.game, self.tiles, borders)

    def bounds(self) -> tuple[int, int, int, int] | None:
        """``(min_row, min_col, max_row, max_col)`` or ``None`` for an empty board."""
        if not self.tiles:
            return None
        rows = [r for r, _ in self.tiles]
        cols = [c for _, c in self.tiles]
        return min(rows), min(cols), max(rows), max(cols)

    def to_dict(self) -> dict[str, Any]:
        return board_to_dict(self)


# ---------------------------------------------------------------------------- serialisation

def tile_to_dict(game: str, cell: Cell, tile: Tile) -> dict[str, Any]:
    out: dict[str, Any] = {"row": cell[0], "col": cell[1]}
    if game in ("textile", "octopus"):
        out["colour"] = tile.colour
        if tile.pips is not None or game == "octopus":
            out["pips"] = tile.pips
    elif game == "tapestry":
        out["colour"] = tile.colour
        out["symbol"] = tile.symbol
    elif game in ("x-tiles", "twelve-tiles"):
        out["edges"] = dict(zip(EDGE_NAMES, tile.edges)) if tile.edges else None
        if game == "x-tiles":
            out["long_axis"] = tile.long_axis
    if tile.confidence is not None:
        out["confidence"] = round(float(tile.confidence), 4)
    if tile.unknown:
        out["unknown"] = True
    return out


def board_to_dict(board: Board) -> dict[str, Any]:
    """Board -> FORMATS.md JSON object, tiles in row-major order."""
    out: dict[str, Any] = {
        "game": board.game,
        "tiles": [tile_to_dict(board.game, cell, board.tiles[cell]) for cell in sorted(board.tiles)],
    }
    if board.borders is not None:
        out["borders"] = dict(zip(EDGE_NAMES, board.borders))
    return out


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _edges(value: Any, kit: Kit, where: str, *, allow_unknown: bool) -> tuple[str, str, str, str] | None:
    if value is None and allow_unknown:
        return None
    if not isinstance(value, dict) or set(value) != set(EDGE_NAMES):
        raise BoardError(f"{where}: 'edges' must be an object with keys n, e, s, w")
    out = []
    for name in EDGE_NAMES:
        colour = value[name]
        if colour is None and allow_unknown:
            return None
        if colour not in kit.colours:
            raise BoardError(f"{where}: unknown colour {colour!r} on edge {name} "
                             f"(colours: {', '.join(kit.colours)})")
        out.append(colour)
    return tuple(out)  # type: ignore[return-value]


def tile_from_dict(game: str, data: Any, kit: Kit, where: str) -> tuple[Cell, Tile]:
    """Validate one tile object of a board document."""
    if not isinstance(data, dict):
        raise BoardError(f"{where}: a tile must be a JSON object")
    for key in ("row", "col"):
        if key not in data:
            raise BoardError(f"{where}: missing {key!r}")
        if not _is_int(data[key]):
            raise BoardError(f"{where}: {key!r} must be an integer, not {data[key]!r}")
    cell = (data["row"], data["col"])
    if abs(cell[0]) > 10_000 or abs(cell[1]) > 10_000:
        raise BoardError(f"{where}: coordinates {cell} are out of range (|row|, |col| <= 10000)")
    unknown = data.get("unknown", False)
    if not isinstance(unknown, bool):
        raise BoardError(f"{where}: 'unknown' must be true or false")
    confidence = data.get("confidence")
    if confidence is not None:
        if not isinstance(confidence, (int, float)) or isinstance(confidence, bool) or not 0 <= confidence <= 1:
            raise BoardError(f"{where}: 'confidence' must be a number from 0 to 1")
        confidence = float(confidence)

    def colour_field() -> str | None:
        colour = data.get("colour")
        if colour is None and unknown:
            return None
        if colour not in kit.colours:
            raise BoardError(f"{where}: unknown colour {colour!r} for {game} "
                             f"(colours: {', '.join(kit.colours)})")
        return colour

    tile: Tile
    if game in ("textile", "octopus"):
        pips = data.get("pips")
        if pips is None:
            if game == "octopus" and not unknown:
                raise BoardError(f"{where}: octopus tiles need 'pips' (1-6)")
        elif not _is_int(pips) or pips not in kit.pips:
            raise BoardError(f"{where}: pips must be an integer 1-6, not {pips!r}")
        tile = Tile(colour=colour_field(), pips=pips, confidence=confidence, unknown=unknown)
    elif game == "tapestry":
        symbol = data.get("symbol")
        if not (symbol is None and unknown) and symbol not in kit.symbols:
            raise BoardError(f"{where}: unknown symbol {symbol!r} (symbols: {', '.join(kit.symbols)})")
        tile = Tile(colour=colour_field(), symbol=symbol, confidence=confidence, unknown=unknown)
    else:
        edges = _edges(data.get("edges"), kit, where, allow_unknown=unknown)
        axis = None
        if game == "x-tiles":
            axis = data.get("long_axis")
            if not (axis is None and unknown) and axis not in ("ew", "ns"):
                raise BoardError(f"{where}: long_axis must be \"ew\" or \"ns\", not {axis!r}")
        tile = Tile(edges=edges, long_axis=axis, confidence=confidence, unknown=unknown)
    return cell, tile


_TILE_CACHE: dict[tuple, tuple[Cell, Tile]] = {}
_TILE_CACHE_MAX = 100_000


def _cached_tile(game: str, raw: Any, kit: Kit, where: str) -> tuple[Cell, Tile]:
    """:func:`tile_from_dict`, remembering valid tiles: records repeat each tile in every entry."""
    try:
        key = (game, tuple((k, tuple(v.items()) if isinstance(v, dict) else v, type(v))
                           for k, v in raw.items()))
        hash(key)
    except (AttributeError, TypeError):
        return tile_from_dict(game, raw, kit, where)
    hit = _TILE_CACHE.get(key)
    if hit is None:
        hit = tile_from_dict(game, raw, kit, where)
        if len(_TILE_CACHE) >= _TILE_CACHE_MAX:
            _TILE_CACHE.clear()
        _TILE_CACHE[key] = hit
    return hit


def board_from_dict(data: Any, *, game: str | None = None, where: str = "board") -> Board:
    """Validate a board document (FORMATS.md) and build a :class:`Board`.

    ``game``, when given, is the game the board must belong to (a board without ``game`` takes it).

    Raises
    ------
    BoardError
        Naming the first problem found (unknown game, colour, symbol, non-integer coordinates,
        two tiles in one cell, ...).
    """
    if not isinstance(data, dict):
        raise BoardError(f"{where}: a board must be a JSON object")
    board_game = data.get("game", game)
    if board_game is None:
        raise BoardError(f"{where}: missing 'game'")
    if board_game not in GAME_KITS:
        raise BoardError(f"{where}: unknown game {board_game!r} (games: {', '.join(GAMES)})")
    if game is not None and board_game != game:
        raise BoardError(f"{where}: board of game {board_game!r} in a {game!r} record")
    try:
        kit = kit_for_game(board_game)
    except KitError as exc:  # pragma: no cover - built-in kits are validated by the tests
        raise BoardError(str(exc)) from exc
    raw_tiles = data.get("tiles")
    if not isinstance(raw_tiles, list):
        raise BoardError(f"{where}: 'tiles' must be a list")
    tiles: dict[Cell, Tile] = {}
    for i, raw in enumerate(raw_tiles):
        cell, tile = _cached_tile(board_game, raw, kit, f"{where}: tile {i}")
        if cell in tiles:
            raise BoardError(f"{where}: two tiles in cell {list(cell)}")
        tiles[cell] = tile
    borders = None
    if data.get("borders") is not None:
        if board_game != "twelve-tiles":
            raise BoardError(f"{where}: only twelve-tiles boards have borders")
        borders = parse_borders(data["borders"], kit, where)
    return Board(board_game, tiles, borders)


def parse_borders(value: Any, kit: Kit, where: str) -> tuple[str, str, str, str]:
    try:
        edges = _edges(value, kit, where, allow_unknown=False)
    except BoardError as exc:
        raise BoardError(str(exc).replace("'edges'", "'borders'")) from None
    assert edges is not None
    return edges


def load_board_json(text: str | bytes, *, where: str = "board") -> Board:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BoardError(f"{where}: not valid JSON ({exc})", code="bad-json") from exc
    return board_from_dict(data, where=where)


def orthogonal_groups(cells: Iterable[Cell]) -> list[set[Cell]]:
    """Split cells into orthogonally connected groups, largest first (ties: smallest cell first)."""
    remaining = set(cells)
    groups: list[set[Cell]] = []
    while remaining:
        start = min(remaining)
        group = {start}
        stack = [start]
        remaining.discard(start)
        while stack:
            r, c = stack.pop()
            for dr, dc in ORTHO.values():
                nb = (r + dr, c + dc)
                if nb in remaining:
                    remaining.discard(nb)
                    group.add(nb)
                    stack.append(nb)
        groups.append(group)
    groups.sort(key=lambda g: (-len(g), min(g)))
    return groups
