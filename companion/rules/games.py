"""The five games: identity, placement checks and per-turn scoring (RULES.md).

Each game is a subclass of :class:`GameRules` that overrides small hooks, in the manner of
python-chess variants. Everything here is pure: a hook receives the previous state already
aligned to the current board's coordinates (see :mod:`companion.rules.align`) and the
:class:`Move` between them, and returns violations or points; turn order, rounds and totals live
in :mod:`companion.rules.scoring`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Iterable, Mapping

from companion.rules.board import (
    DIRECTIONS8, EDGE_NAMES, FRAME_SIZE, OPPOSITE, ORTHO, Board, Cell, Tile, orthogonal_groups,
)
from companion.rules.violations import Violation, fmt_cell, violation
from vision.kits import kit_for_game


@dataclass(frozen=True)
class Move:
    """What changed between the aligned previous state and the current one.

    ``placed``: cells with a tile now and none before; ``removed``: cells (current coordinates)
    whose tile is gone; ``changed``: cells whose tile identity differs. All sorted.
    """

    placed: tuple[Cell, ...] = ()
    removed: tuple[Cell, ...] = ()
    changed: tuple[Cell, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not (self.placed or self.removed or self.changed)


@dataclass(frozen=True)
class TurnContext:
    """What a turn's checks need to know beyond the two boards.

    ``start``: the entry is a starting state (first entry, or an X-Tiles ``new_round``).
    ``first_placement``: X-Tiles, no placement has been made since the round start.
    """

    options: Mapping[str, Any] = field(default_factory=dict)
    start: bool = False
    first_placement: bool = False


@dataclass(frozen=True)
class Points:
    points: int = 0
    breakdown: Mapping[str, Any] = field(default_factory=dict)


def infer_move(prev: Board, cur: Board, identity: Callable[[Tile], Hashable]) -> Move:
    """Placed, removed and changed cells between ``prev`` (aligned) and ``cur``."""
    placed = sorted(c for c in cur.tiles if c not in prev.tiles)
    removed = sorted(c for c in prev.tiles if c not in cur.tiles)
    changed = sorted(c for c, t in cur.tiles.items()
                     if c in prev.tiles and identity(prev.tiles[c]) != identity(t))
    return Move(tuple(placed), tuple(removed), tuple(changed))


def ortho_neighbours(board: Board, cell: Cell) -> Iterable[tuple[str, Cell, Tile]]:
    r, c = cell
    for name in EDGE_NAMES:
        dr, dc = ORTHO[name]
        nb = (r + dr, c + dc)
        tile = board.tiles.get(nb)
        if tile is not None:
            yield name, nb, tile


class GameRules:
    """Base class: hooks a game overrides. ``name`` is the public game id."""

    name = ""
    #: Rule id prefix of one-tile-per-turn games' ``multiple-tiles`` / ``not-adjacent``.
    one_tile_per_turn = False
    has_not_adjacent = True

    def __init__(self) -> None:
        self.kit = kit_for_game(self.name)

    # -- identity -------------------------------------------------------------------------
    def identity(self, tile: Tile) -> Hashable:
        raise NotImplementedError

    def duplicate_key(self, tile: Tile) -> Hashable:
        """What makes two tiles the same physical tile of the set (for duplicate checks)."""
        return self.identity(tile)

    # -- checks ---------------------------------------------------------------------------
    def check_turn(self, prev: Board, cur: Board, move: Move, ctx: TurnContext) -> list[Violation]:
        """Violations a turn is responsible for (RULES.md convention 4)."""
        out: list[Violation] = []
        if not ctx.start:
            for cell in move.removed:
                out.append(violation("board.tile-removed", [cell],
                                     f"the tile at {fmt_cell(cell)} was removed"))
            out.extend(self.check_changed(prev, cur, move))
        present = _present(prev, cur)
        if ctx.start:
            out.extend(self.check_start(cur, ctx))
        elif move.placed:
            if self.one_tile_per_turn and len(move.placed) > 1:
                out.append(violation(f"{self.name}.multiple-tiles", move.placed,
                                     f"{len(move.placed)} tiles placed in one turn; one is allowed"))
            if self.has_not_adjacent:
                lonely = not_adjacent_cells(present, move.placed)
                for cell in lonely:
                    out.append(violation(f"{self.name}.not-adjacent", [cell],
                                         f"the tile at {fmt_cell(cell)} does not touch the layout"))
            out.extend(self.check_placed(present, cur, move, ctx))
        return sorted(out)

    def check_changed(self, prev: Board, cur: Board, move: Move) -> list[Violation]:
        return [violation("board.tile-changed", [cell], f"the tile at {fmt_cell(cell)} changed")
                for cell in move.changed]

    def check_start(self, cur: Board, ctx: TurnContext) -> list[Violation]:
        """Checks of a starting state: by default the placement checks against an empty table."""
        move = Move(placed=tuple(sorted(cur.tiles)))
        out = []
        if self.one_tile_per_turn and len(cur.tiles) > 1:
            out.append(violation(f"{self.name}.multiple-tiles", move.placed,
                                 f"the starting state has {len(cur.tiles)} tiles; one is allowed"))
        out.extend(self.check_placed(Board(cur.game), cur, move, ctx))
        return out

    def check_placed(self, prev: Board, cur: Board, move: Move, ctx: TurnContext) -> list[Violation]:
        """Game-specific checks of the placed tiles (``prev``: the previous tiles still present)."""
        return []

    def check_state(self, board: Board, options: Mapping[str, Any]) -> list[Violation]:
        """Rules that a single state can break (the ``check`` command)."""
        out = self.check_placed(Board(board.game), board, Move(placed=tuple(sorted(board.tiles))),
                                TurnContext(options=options, start=True))
        if self.has_not_adjacent:
            out.extend(self._disconnected(board))
        return sorted(set(out))

    def _disconnected(self, board: Board) -> list[Violation]:
        groups = orthogonal_groups(board.tiles)
        return [violation(f"{self.name}.not-adjacent", [cell],
                          f"the tile at {fmt_cell(cell)} is not connected to the layout")
                for g in groups[1:] for cell in g]

    # -- scoring --------------------------------------------------------------------------
    def score_turn(self, prev: Board, cur: Board, move: Move, ctx: TurnContext) -> Points:
        return Points()


def _present(prev: Board, cur: Board) -> Board:
    """The previous state's tiles that are still on the table (RULES.md convention 4)."""
    return Board(prev.game, {c: t for c, t in prev.tiles.items() if c in cur.tiles}, prev.borders)


def not_adjacent_cells(present: Board, placed: Iterable[Cell]) -> list[Cell]:
    """Placed cells whose orthogonally connected group of placed cells touches no previous tile."""
    if not present.tiles:
        return []
    out: list[Cell] = []
    for group in orthogonal_groups(placed):
        if not any((r + dr, c + dc) in present.tiles for r, c in group for dr, dc in ORTHO.values()):
            out.extend(sorted(group))
    return out


def _pairs(cells: Iterable[Cell], board: Board, diagonal: bool) -> Iterable[tuple[Cell, Cell]]:
    """Each unordered pair (cell, neighbour) once, for cells in ``cells``."""
    seen: set[frozenset[Cell]] = set()
    dirs = DIRECTIONS8 if diagonal else tuple(ORTHO.values())
    for r, c in cells:
        for dr, dc in dirs:
            nb = (r + dr, c + dc)
            if nb in board.tiles:
                key = frozenset(((r, c), nb))
                if key not in seen:
                    seen.add(key)
                    yield (r, c), nb


# ================================================================================ Textile

class Textile(GameRules):
    name = "textile"
    has_not_adjacent = False

    def identity(self, tile: Tile) -> Hashable:
        return tile.colour

    def check_start(self, cur: Board, ctx: TurnContext) -> list[Violation]:
        return self._same_colour(cur, sorted(cur.tiles))

    def check_placed(self, prev: Board, cur: Board, move: Move, ctx: TurnContext) -> list[Violation]:
        out = self._same_colour(cur, move.placed)
        if ctx.start:
            return out
        n = len(move.placed)
        if n > 5:
            out.append(violation("textile.patch-too-large", move.placed,
                                 f"a patch has 1-5 tiles; this knot adds {n}"))
        if len(orthogonal_groups(move.placed)) > 1:
            out.append(violation("textile.patch-not-connected", move.placed,
                                 "the knotted tiles are not orthogonally connected"))
        if prev.tiles and knotting_sides(prev, move.placed) == 0:
            out.append(violation("textile.not-knotted", move.placed,
                                 "the patch shares no edge with the textile"))
        return out

    def check_state(self, board: Board, options: Mapping[str, Any]) -> list[Violation]:
        out = self._same_colour(board, sorted(board.tiles))
        groups = orthogonal_groups(board.tiles)
        if len(groups) > 1:
            out.append(violation("textile.not-knotted", [c for g in groups[1:] for c in g],
                                 "part of the textile is not connected to the rest"))
        return sorted(out)

    @staticmethod
    def _same_colour(board: Board, cells: Iterable[Cell]) -> list[Violation]:
        out = []
        for a, b in _pairs(cells, board, diagonal=True):
            colour = board.tiles[a].colour
            if colour is not None and colour == board.tiles[b].colour:
                out.append(violation("textile.same-colour-adjacent", [a, b],
                                     f"two {colour} tiles touch at {fmt_cell(a)} and {fmt_cell(b)}"))
        return out

    def score_turn(self, prev: Board, cur: Board, move: Move, ctx: TurnContext) -> Points:
        if ctx.start:
            return Points()
        if not move.placed:
            return Points(0, {"action": "take or discard"})
        present = _present(prev, cur)
        sides = knotting_sides(present, move.placed)
        n = len(move.placed)
        return Points(n * sides, {"patch": n, "knotting_sides": sides})


def knotting_sides(textile: Board, placed: Iterable[Cell]) -> int:
    """Unit edges shared between placed cells and tiles of ``textile``."""
    return sum((r + dr, c + dc) in textile.tiles for r, c in placed for dr, dc in ORTHO.values())


# ================================================================================ Octopus

class Octopus(GameRules):
    name = "octopus"
    one_tile_per_turn = True

    def identity(self, tile: Tile) -> Hashable:
        return (tile.colour, tile.pips)

    def check_placed(self, prev: Board, cur: Board, move: Move, ctx: TurnContext) -> list[Violation]:
        sets = int(ctx.options.get("sets", 1))
        if sets != 1:
            return []
        return _duplicates(self, cur, move.placed, "octopus.duplicate-tile")

    def score_turn(self, prev: Board, cur: Board, move: Move, ctx: TurnContext) -> Points:
        if ctx.start or not move.placed:
            return Points()
        colour_total = pips_total = 0
        for cell in move.placed:
            colour, pips = octopus_runs(cur, cell)
            colour_total += colour
            pips_total += pips
        return Points(colour_total + pips_total, {"colour": colour_total, "pips": pips_total})


def octopus_runs(board: Board, cell: Cell) -> tuple[int, int]:
    """Sum over 8 directions of the same-colour run and of the same-pips run from ``cell``."""
    tile = board.tiles[cell]
    colour_run = pips_run = 0
    r, c = cell
    for dr, dc in DIRECTIONS8:
        for attr in ("colour", "pips"):
            mine = getattr(tile, attr)
            if mine is None:
                continue
            k = 1
            while True:
                other = board.tiles.get((r + k * dr, c + k * dc))
                if other is None or getattr(other, attr) != mine:
                    break
                k += 1
            if attr == "colour":
                colour_run += k - 1
            else:
                pips_run += k - 1
    return colour_run, pips_run


def _duplicates(game: GameRules, board: Board, cells: Iterable[Cell], rule: str) -> list[Violation]:
    by_identity: dict[Hashable, list[Cell]] = {}
    for cell, tile in board.tiles.items():
        if not tile.unknown:
            by_identity.setdefault(game.duplicate_key(tile), []).append(cell)
    out, seen = [], set()
    for cell in cells:
        tile = board.tiles[cell]
        if tile.unknown:
            continue
        key = game.duplicate_key(tile)
        holders = by_identity.get(key, [])
        if len(holders) > 1 and key not in seen:
            seen.add(key)
            out.append(violation(rule, holders, "the set holds this tile once; it lies at "
                                 + ", ".join(fmt_cell(h) for h in sorted(holders))))
    return out


# ================================================================================ X-Tiles

class XTiles(GameRules):
    name = "x-tiles"
    one_tile_per_turn = True

    def __init__(self) -> None:
        super().__init__()
        self.set_keys = frozenset(tuple(t["sectors"]) for t in self.kit.tiles)

    def identity(self, tile: Tile) -> Hashable:
        return (tile.edges, tile.long_axis)

    def sectors(self, tile: Tile) -> tuple[str, ...] | None:
        """(big, small, big, small) clockwise from the big end facing E (ew) or N (ns)."""
        if tile.edges is None or tile.long_axis not in ("ew", "ns"):
            return None
        n, e, s, w = tile.edges
        return (e, s, w, n) if tile.long_axis == "ew" else (n, e, s, w)

    def in_set(self, tile: Tile) -> bool:
        seq = self.sectors(tile)
        if seq is None:
            return True  # undecided tiles are not judged
        return seq in self.set_keys or (seq[2:] + seq[:2]) in self.set_keys

    def check_start(self, cur: Board, ctx: TurnContext) -> list[Violation]:
        cells = sorted(cur.tiles)
        out = self._edge_checks(cur, cells)
        if len(cells) > 1:
            for cell in cells:
                if not any(True for _ in ortho_neighbours(cur, cell)):
                    out.append(violation("x-tiles.not-adjacent", [cell],
                                         f"the stock tile at {fmt_cell(cell)} touches no other tile"))
        return out

    def check_placed(self, prev: Board, cur: Board, move: Move, ctx: TurnContext) -> list[Violation]:
        out = self._edge_checks(cur, move.placed)
        if ctx.first_placement and not ctx.start and move.placed:
            rows = {r for r, _ in cur.tiles}
            cols = {c for _, c in cur.tiles}
            if len(rows) == 1 or len(cols) == 1:
                out.append(violation("x-tiles.no-turn", cur.tiles,
                                     "the first tile after the stock tiles must turn the game: "
                                     "the tiles lie in one straight line"))
        return out

    def _edge_checks(self, cur: Board, cells: Iterable[Cell]) -> list[Violation]:
        out = []
        cells = list(cells)
        for cell in cells:
            if not self.in_set(cur.tiles[cell]):
                out.append(violation("x-tiles.not-in-set", [cell],
                                     f"no X-Tile has the sectors shown at {fmt_cell(cell)}"))
        for a, b in _pairs(cells, cur, diagonal=False):
            side = _side(a, b)
            ea, eb = cur.tiles[a].edge(side), cur.tiles[b].edge(OPPOSITE[side])
            if ea is not None and eb is not None and ea != eb:
                out.append(violation("x-tiles.edge-mismatch", [a, b],
                                     f"{ea} meets {eb} between {fmt_cell(a)} and {fmt_cell(b)}"))
        return out

    def check_state(self, board: Board, options: Mapping[str, Any]) -> list[Violation]:
        out = self._edge_checks(board, sorted(board.tiles)) + self._disconnected(board)
        return sorted(set(out))


def _side(a: Cell, b: Cell) -> str:
    d = (b[0] - a[0], b[1] - a[1])
    for name, off in ORTHO.items():
        if off == d:
            return name
    raise ValueError(f"{a} and {b} are not orthogonal neighbours")


def touches(present: Board, cell: Cell) -> int:
    """Number of orthogonal neighbours of ``cell`` in ``present``."""
    r, c = cell
    return sum((r + dr, c + dc) in present.tiles for dr, dc in ORTHO.values())


# ================================================================================ Tapestry

class Tapestry(GameRules):
    name = "tapestry"

    def __init__(self) -> None:
        super().__init__()
        order = self.kit.colour_order or tuple(self.kit.colours)
        self.rank = {c: i for i, c in enumerate(order)}
        self.beats = dict(self.kit.beats)
        self.values = dict(self.kit.values)
        self.full_value = sum(self.values.get(t["colour"], 0) * t["count"] for t in self.kit.tiles)

    def identity(self, tile: Tile) -> Hashable:
        return (tile.colour, tile.symbol)

    def clash(self, a: Tile, b: Tile) -> bool:
        if a.colour is None or b.colour is None:
            return False
        return abs(self.rank[a.colour] - self.rank[b.colour]) > 1

    def _contacts(self, board: Board, a: Cell, b: Cell) -> list[Violation]:
        ta, tb = board.tiles[a], board.tiles[b]
        out = []
        if self.clash(ta, tb):
            out.append(violation("tapestry.colour-clash", [a, b],
                                 f"{ta.colour} next to {tb.colour} at {fmt_cell(a)} and {fmt_cell(b)}"))
        if ta.symbol is not None and ta.symbol == tb.symbol:
            out.append(violation("tapestry.same-symbol", [a, b],
                                 f"two {ta.symbol} cards touch at {fmt_cell(a)} and {fmt_cell(b)}"))
        return out

    def check_start(self, cur: Board, ctx: TurnContext) -> list[Violation]:
        return self.check_placed(Board(cur.game), cur, Move(placed=tuple(sorted(cur.tiles))), ctx)

    def check_placed(self, prev: Board, cur: Board, move: Move, ctx: TurnContext) -> list[Violation]:
        out = []
        for a, b in _pairs(move.placed, cur, diagonal=False):
            out.extend(self._contacts(cur, a, b))
        out.extend(self._too_wide(prev, cur, move.placed))
        return out

    def check_changed(self, prev: Board, cur: Board, move: Move) -> list[Violation]:
        """A changed card is an exchange (RULES.md convention 19)."""
        out = []
        placed = set(move.placed)
        listed: set[frozenset[Cell]] = set()
        for cell in move.changed:
            old, new = prev.tiles[cell], cur.tiles[cell]
            bad = []
            if old.symbol is not None and new.symbol is not None and self.beats.get(new.symbol) != old.symbol:
                bad.append(f"{new.symbol} does not beat {old.symbol}")
            for _, nb, _ in ortho_neighbours(cur, cell):
                if nb in placed:
                    continue  # that contact is the placement's (RULES.md convention 19)
                contact = self._contacts(cur, cell, nb)
                if contact:
                    bad.append("it breaks a contact rule")
                    pair = frozenset((cell, nb))
                    if pair not in listed:  # two exchanged cards touching: list it once
                        listed.add(pair)
                        out.extend(contact)
            if bad:
                out.append(violation("tapestry.bad-exchange", [cell],
                                     f"bad exchange at {fmt_cell(cell)}: {'; '.join(dict.fromkeys(bad))}"))
        return sorted(set(out))

    def _too_wide(self, prev: Board, cur: Board, placed: Iterable[Cell]) -> list[Violation]:
        after = cur.bounds()
        if after is None:
            return []
        before = prev.bounds()
        rows_before = cols_before = 0
        if before is not None:
            rows_before, cols_before = before[2] - before[0] + 1, before[3] - before[1] + 1
        rows, cols = after[2] - after[0] + 1, after[3] - after[1] + 1
        if rows <= max(8, rows_before) and cols <= max(8, cols_before):
            return []
        if before is None:
            outside = list(placed)
        else:
            outside = [(r, c) for r, c in placed
                       if not (before[0] <= r <= before[2] and before[1] <= c <= before[3])]
        return [violation("tapestry.too-wide", outside,
                          f"the tapestry would span {rows} rows and {cols} columns; at most 8 x 8")]

    def check_state(self, board: Board, options: Mapping[str, Any]) -> list[Violation]:
        out = []
        for a, b in _pairs(sorted(board.tiles), board, diagonal=False):
            out.extend(self._contacts(board, a, b))
        bounds = board.bounds()
        if bounds is not None and (bounds[2] - bounds[0] >= 8 or bounds[3] - bounds[1] >= 8):
            outside = [(r, c) for r, c in board.tiles if r - bounds[0] >= 8 or c - bounds[1] >= 8]
            out.append(violation("tapestry.too-wide", outside,
                                 "the tapestry spans more than 8 rows or columns"))
        return sorted(set(out))

    def tapestry_value(self, board: Board) -> int:
        return sum(self.values.get(t.colour or "", 0) for t in board.tiles.values())

    def discard_score(self, board: Board) -> int:
        return self.full_value - self.tapestry_value(board)

    @staticmethod
    def is_complete(board: Board) -> bool:
        bounds = board.bounds()
        return (len(board.tiles) == 64 and bounds is not None
                and bounds[2] - bounds[0] == 7 and bounds[3] - bounds[1] == 7)


TIME_RANKS = ((10, "Cosmic"), (20, "Legendary"), (30, "Advanced"), (40, "Normal"))


def time_rank(elapsed_s: float) -> str:
    """Universal Tapestry time-mode rank for a finished game."""
    minutes = elapsed_s / 60.0
    for limit, name in TIME_RANKS:
        if minutes < limit:
            return name
    return "Rookie"


# ================================================================================ Twelve Tiles

class TwelveTiles(GameRules):
    name = "twelve-tiles"
    one_tile_per_turn = True

    def identity(self, tile: Tile) -> Hashable:
        return tile.edges

    def duplicate_key(self, tile: Tile) -> Hashable:
        """The pattern up to quarter turns."""
        e = tile.edges
        if e is None:
            return None
        return min(tuple(e[i:] + e[:i]) for i in range(4))

    def check_placed(self, prev: Board, cur: Board, move: Move, ctx: TurnContext) -> list[Violation]:
        out = []
        if cur.borders is not None:
            for r, c in move.placed:
                if not (0 <= r < FRAME_SIZE and 0 <= c < FRAME_SIZE):
                    out.append(violation("twelve-tiles.outside-board", [(r, c)],
                                         f"{fmt_cell((r, c))} is outside the 8x8 board"))
        out.extend(_duplicates(self, cur, move.placed, "twelve-tiles.duplicate-tile"))
        return out

    def score_turn(self, prev: Board, cur: Board, move: Move, ctx: TurnContext) -> Points:
        if not move.placed:
            return Points()
        borders = cur.borders
        total = c_sum = m_sum = b_sum = 0
        for cell in move.placed:
            c, m, b = twelve_tiles_contacts(cur, cell, borders)
            total += c * (c + 1) // 2 - m + b
            c_sum, m_sum, b_sum = c_sum + c, m_sum + m, b_sum + b
        return Points(total, {"connections": c_sum, "misconnections": m_sum, "border_matches": b_sum})


def twelve_tiles_contacts(board: Board, cell: Cell,
                          borders: tuple[str, str, str, str] | None) -> tuple[int, int, int]:
    """(connections, misconnections, border matches) of the tile at ``cell``."""
    tile = board.tiles[cell]
    r, c = cell
    inside = 0 <= r < FRAME_SIZE and 0 <= c < FRAME_SIZE
    conn = mis = border = 0
    for i, name in enumerate(EDGE_NAMES):
        mine = tile.edges[i] if tile.edges else None
        dr, dc = ORTHO[name]
        other = board.tiles.get((r + dr, c + dc))
        if other is not None:
            theirs = other.edge(OPPOSITE[name])
            if mine is None or theirs is None:
                continue
            if mine == theirs:
                conn += 1
            else:
                mis += 1
        elif borders is not None and inside and mine is not None:
            on_rim = ((name == "n" and r == 0) or (name == "s" and r == FRAME_SIZE - 1)
                      or (name == "w" and c == 0) or (name == "e" and c == FRAME_SIZE - 1))
            if on_rim and borders[i] == mine:
                border += 1
    return conn, mis, border


GAME_RULES: dict[str, type[GameRules]] = {
    "textile": Textile,
    "octopus": Octopus,
    "x-tiles": XTiles,
    "tapestry": Tapestry,
    "twelve-tiles": TwelveTiles,
}

_INSTANCES: dict[str, GameRules] = {}


def rules_for(game: str) -> GameRules:
    """The (shared, stateless) rules object of a game."""
    if game not in _INSTANCES:
        _INSTANCES[game] = GAME_RULES[game]()
    return _INSTANCES[game]
