"""Random legal positions and whole games, for the renderer, samples, benchmarks and tests.

Everything is deterministic given the ``random.Random`` passed in. Positions obey their game's
rules (RULES.md); games follow the turn order, so scoring them gives no violation.
"""
from __future__ import annotations

import random
from typing import Any, Iterable, Sequence

from companion.rules.board import DIRECTIONS8, EDGE_NAMES, FRAME_SIZE, OPPOSITE, ORTHO, Board, Cell, Tile, board_to_dict
from companion.rules.games import XTiles, rules_for

DEFAULT_SIZES = {"textile": (8, 20), "octopus": (10, 30), "x-tiles": (6, 16), "tapestry": (12, 40),
                 "twelve-tiles": (10, 40)}
TEXTILE_COLOURS = ("red", "yellow", "green", "blue", "white")


def _frontier(tiles: dict[Cell, Tile], *, frame: bool = False) -> list[Cell]:
    cells = set()
    for r, c in tiles:
        for dr, dc in ORTHO.values():
            nb = (r + dr, c + dc)
            if nb not in tiles and (not frame or (0 <= nb[0] < FRAME_SIZE and 0 <= nb[1] < FRAME_SIZE)):
                cells.add(nb)
    return sorted(cells)


def _bounded(tiles: dict[Cell, Tile], cell: Cell, limit: int = 8) -> bool:
    rows = [r for r, _ in tiles] + [cell[0]]
    cols = [c for _, c in tiles] + [cell[1]]
    return max(rows) - min(rows) < limit and max(cols) - min(cols) < limit


# ----------------------------------------------------------------------------- per game steps

def _textile_ok(tiles: dict[Cell, Tile], cell: Cell, colour: str) -> bool:
    r, c = cell
    return all(tiles.get((r + dr, c + dc), Tile()).colour != colour for dr, dc in DIRECTIONS8)


def _textile_knot(tiles: dict[Cell, Tile], supply: list[str], rng: random.Random) -> list[Cell]:
    """Add a legal patch of 1-5 tiles to ``tiles``; returns its cells ([] when none fits)."""
    size = rng.randint(1, 5)
    patch: list[Cell] = []
    for _ in range(size):
        front = _frontier(tiles) if not patch else sorted(
            {(r + dr, c + dc) for r, c in patch for dr, dc in ORTHO.values()} - set(tiles))
        rng.shuffle(front)
        placed = False
        for cell in front:
            colours = [c for c in dict.fromkeys(supply) if _textile_ok(tiles, cell, c)]
            if colours:
                colour = rng.choice(colours)
                supply.remove(colour)
                tiles[cell] = Tile(colour=colour)
                patch.append(cell)
                placed = True
                break
        if not placed:
            break
    return patch


def _xtiles_orientations(sectors: Sequence[str], axis: str) -> list[Tile]:
    b1, s1, b2, s2 = sectors
    out = []
    for seq in ((b1, s1, b2, s2), (b2, s2, b1, s1)):
        if axis == "ew":  # e, s, w, n = big, small, big, small
            n, e, s, w = seq[3], seq[0], seq[1], seq[2]
        else:
            n, e, s, w = seq
        out.append(Tile(edges=(n, e, s, w), long_axis=axis))
    return out


def _fits(tiles: dict[Cell, Tile], cell: Cell, tile: Tile) -> bool:
    r, c = cell
    for i, name in enumerate(EDGE_NAMES):
        dr, dc = ORTHO[name]
        other = tiles.get((r + dr, c + dc))
        if other is not None and other.edge(OPPOSITE[name]) != tile.edges[i]:  # type: ignore[index]
            return False
    return True


def xtiles_axis(cell: Cell, parity: int) -> str:
    """Checkerboard orientation: long axis E-W where ``(row + col + parity)`` is even."""
    return "ew" if (cell[0] + cell[1] + parity) % 2 == 0 else "ns"


def _xtiles_place(tiles: dict[Cell, Tile], hand: list[tuple[str, ...]], parity: int,
                  rng: random.Random) -> tuple[Cell, tuple[str, ...], Tile] | None:
    """A random legal placement of a tile from ``hand`` (not applied), or ``None``."""
    options = _all_placements(tiles, hand, parity)
    return rng.choice(options) if options else None


def _all_placements(tiles: dict[Cell, Tile], hand: list[tuple[str, ...]],
                    parity: int) -> list[tuple[Cell, tuple[str, ...], Tile]]:
    """Every legal (cell, tile from hand, oriented tile) on the layout's frontier."""
    out = []
    for cell in _frontier(tiles):
        axis = xtiles_axis(cell, parity)
        for sectors in hand:
            for tile in _xtiles_orientations(sectors, axis):
                if _fits(tiles, cell, tile):
                    out.append((cell, sectors, tile))
    return out


def _tapestry_ok(tiles: dict[Cell, Tile], cell: Cell, card: Tile, rank: dict[str, int]) -> bool:
    r, c = cell
    for dr, dc in ORTHO.values():
        other = tiles.get((r + dr, c + dc))
        if other is None:
            continue
        if abs(rank[other.colour] - rank[card.colour]) > 1 or other.symbol == card.symbol:  # type: ignore[index]
            return False
    return True


def _twelve_rotations(edges: Sequence[str]) -> list[tuple[str, ...]]:
    return [tuple(edges[(i - k) % 4] for i in range(4)) for k in range(4)]


# ----------------------------------------------------------------------------- positions

def random_position(game: str, rng: random.Random, *, n_tiles: int | None = None) -> Board:
    """A legal position of ``game`` with about ``n_tiles`` tiles (default: a typical mid-game)."""
    lo, hi = DEFAULT_SIZES[game]
    target = n_tiles if n_tiles is not None else rng.randint(lo, hi)
    states = _random_states(game, rng, target)
    return states[-1][0]


def _random_states(game: str, rng: random.Random, target: int) -> list[tuple[Board, dict[str, Any]]]:
    """A sequence of legal states, each with notes for the record entry."""
    kit = rules_for(game).kit
    states: list[tuple[Board, dict[str, Any]]] = []
    tiles: dict[Cell, Tile] = {}
    if game == "textile":
        colours = list(TEXTILE_COLOURS)
        supply = [c for c in colours for _ in range(6)]
        rng.shuffle(supply)
        first = supply.pop()
        tiles[(0, 0)] = Tile(colour=first)
        states.append((Board(game, dict(tiles)), {}))
        while len(tiles) < target and supply:
            if rng.random() < 0.15:
                states.append((Board(game, dict(tiles)), {"note": "take"}))
                continue
            if not _textile_knot(tiles, supply, rng):
                break
            states.append((Board(game, dict(tiles)), {}))
    elif game == "octopus":
        deck = [Tile(colour=t["colour"], pips=t["pips"]) for t in kit.tiles]
        rng.shuffle(deck)
        tiles[(0, 0)] = deck.pop()
        states.append((Board(game, dict(tiles)), {}))
        while len(tiles) < min(target, 60) and deck:
            cell = rng.choice(_frontier(tiles))
            tiles[cell] = deck.pop()
            states.append((Board(game, dict(tiles)), {}))
    elif game == "x-tiles":
        rules = rules_for(game)
        assert isinstance(rules, XTiles)
        pool = [tuple(t["sectors"]) for t in kit.tiles]
        rng.shuffle(pool)
        parity = rng.randint(0, 1)
        first = pool.pop()
        tiles[(0, 0)] = rng.choice(_xtiles_orientations(first, xtiles_axis((0, 0), parity)))
        while len(tiles) < max(2, target) and pool:
            step = _xtiles_place(tiles, pool[:12], parity, rng)
            if step is None:
                break
            cell, sectors, tile = step
            pool.remove(sectors)
            tiles[cell] = tile
            if len(tiles) >= 2:
                states.append((Board(game, dict(tiles)), {}))
    elif game == "tapestry":
        order = kit.colour_order or tuple(kit.colours)
        rank = {c: i for i, c in enumerate(order)}
        deck = [Tile(colour=t["colour"], symbol=t["symbol"]) for t in kit.tiles for _ in range(t["count"])]
        rng.shuffle(deck)
        for i in range(4):
            tiles[(i, i)] = deck.pop()
        states.append((Board(game, dict(tiles)), {}))
        misses = 0
        while len(tiles) < min(target, 64) and deck and misses < 200:
            card = deck[-1]
            spots = [c for c in _frontier(tiles) if _bounded(tiles, c) and _tapestry_ok(tiles, c, card, rank)]
            if not spots:
                deck.insert(0, deck.pop())
                misses += 1
                continue
            misses = 0
            tiles[rng.choice(spots)] = deck.pop()
            states.append((Board(game, dict(tiles)), {}))
    elif game == "twelve-tiles":
        colours = list(kit.colours)
        borders = tuple(rng.sample(colours, 4))
        patterns = [tuple(t["edges"]) for t in kit.tiles]
        rng.shuffle(patterns)
        cell = (rng.randrange(FRAME_SIZE), rng.randrange(FRAME_SIZE))
        tiles[cell] = Tile(edges=rng.choice(_twelve_rotations(patterns.pop())))  # type: ignore[arg-type]
        states.append((Board(game, dict(tiles), borders), {}))  # type: ignore[arg-type]
        while len(tiles) < min(target, 64) and patterns:
            front = _frontier(tiles, frame=True)
            pattern = patterns.pop()
            best = None
            for spot in rng.sample(front, min(6, len(front))):
                for edges in _twelve_rotations(pattern):
                    t = Tile(edges=edges)  # type: ignore[arg-type]
                    matches = sum(1 for i, name in enumerate(EDGE_NAMES)
                                  if (o := tiles.get((spot[0] + ORTHO[name][0], spot[1] + ORTHO[name][1])))
                                  is not None and o.edge(OPPOSITE[name]) == edges[i])
                    key = (matches, rng.random())
                    if best is None or key > best[0]:
                        best = (key, spot, t)
            assert best is not None
            tiles[best[1]] = best[2]
            states.append((Board(game, dict(tiles), borders), {}))  # type: ignore[arg-type]
    else:  # pragma: no cover
        raise ValueError(f"unknown game {game!r}")
    return states


# ----------------------------------------------------------------------------- whole games

def random_record(game: str, rng: random.Random, *, players: Iterable[str] = ("Ann", "Bob"),
                  n_turns: int | None = None) -> dict[str, Any]:
    """A legal game record (FORMATS.md) whose entries hold boards, one per player-turn."""
    players = list(players)
    if game == "x-tiles":
        return _xtiles_record(rng, players, n_turns)
    if game == "tapestry":
        players = players[:1]
    lo, hi = DEFAULT_SIZES[game]
    target = n_turns if n_turns is not None else rng.randint(lo, hi)
    states = _random_states(game, rng, target)
    record: dict[str, Any] = {"game": game, "players": players, "options": {},
                              "turns": [{"board": board_to_dict(b)} for b, _ in states]}
    if game == "twelve-tiles":
        b0 = states[0][0]
        assert b0.borders is not None
        record["options"]["borders"] = dict(zip(EDGE_NAMES, b0.borders))
    return record


def _xtiles_record(rng: random.Random, players: list[str], max_entries: int | None) -> dict[str, Any]:
    kit = rules_for("x-tiles").kit
    target = 10 if len(players) <= 3 else (12 if len(players) <= 5 else 15)
    totals = {p: 0 for p in players}
    turns: list[dict[str, Any]] = []
    start = players[0]
    limit = max_entries if max_entries is not None else 200
    while max(totals.values()) < target and len(turns) < limit:
        pool = [tuple(t["sectors"]) for t in kit.tiles]
        rng.shuffle(pool)
        hands = {p: [pool.pop() for _ in range(7)] for p in players}
        parity = rng.randint(0, 1)
        tiles: dict[Cell, Tile] = {}
        # Two stock tiles touching with matching colours.
        while True:
            a = pool.pop()
            tiles = {(0, 0): rng.choice(_xtiles_orientations(a, xtiles_axis((0, 0), parity)))}
            step = _xtiles_place({**tiles}, pool, parity, rng)
            if step is not None:
                cell, sectors, tile = step
                pool.remove(sectors)
                tiles[cell] = tile
                break
        entry: dict[str, Any] = {"board": board_to_dict(Board("x-tiles", dict(tiles)))}
        if turns:
            entry["new_round"] = True
        turns.append(entry)
        player, passes, first = start, 0, True
        winner = None
        while len(turns) < limit:
            step = _xtiles_place(tiles, hands[player], parity, rng)
            if step is not None and first:
                # The first placement must turn the game.
                cell = step[0]
                rows = {r for r, _ in tiles} | {cell[0]}
                cols = {c for _, c in tiles} | {cell[1]}
                if len(rows) == 1 or len(cols) == 1:
                    alt = [s for s in _all_placements(tiles, hands[player], parity)
                           if len({r for r, _ in tiles} | {s[0][0]}) > 1
                           and len({c for _, c in tiles} | {s[0][1]}) > 1]
                    step = rng.choice(alt) if alt else None
            if step is None:
                turns.append({"board": board_to_dict(Board("x-tiles", dict(tiles)))})
                passes += 1
                if passes >= len(players):
                    break
                player = players[(players.index(player) + 1) % len(players)]
                continue
            first = False
            passes = 0
            cell, sectors, tile = step
            touching = sum((cell[0] + dr, cell[1] + dc) in tiles for dr, dc in ORTHO.values())
            tiles[cell] = tile
            hands[player].remove(sectors)
            turns.append({"board": board_to_dict(Board("x-tiles", dict(tiles)))})
            if not hands[player]:
                left = sum(len(h) for p, h in hands.items() if p != player)
                totals[player] += left * (2 if touching >= 2 else 1)
                winner = player
                break
            if touching < 2:
                player = players[(players.index(player) + 1) % len(players)]
        if winner is not None:
            start = winner
    return {"game": "x-tiles", "players": players, "options": {"target": target}, "turns": turns}
