"""Independent scorer for the five games, written from /work/shared/RULES.md and FORMATS.md only.

It shares no code with ``companion``; it exists so that the product's rule core can be
differential-tested the way an outside checker would test it.  Standard library only.

Entry point: ``score(record) -> dict`` (record = a game-record document whose entries all carry a
``board``; photos are not read).

Readings of text that is silent or ambiguous are marked ``READING:`` below.  In short:

* Alignment (convention 2): the transform moves the *previous* state onto this entry's board,
  prev (row, col) -> rot^k(row, col) + (dr, dc) with k clockwise quarter turns; "smallest
  (quarter turns, row shift, col shift)" is the lexicographic order of that signed triple.
  A frame board (Twelve Tiles with borders, own or from options.borders) only turns within 0-7,
  (row, col) -> (col, 7 - row) per quarter turn, and only by the turns that carry the previous
  borders onto this board's borders.
* AMBIGUITY "alignment-without-match": when no previous tile can land on an identical tile
  (every tile changed) the text gives an infinite tie.  We take the transforms that put some
  previous tile on some current cell, plus the identity, and apply the tie-breaks (fewest
  violations, then smallest).  Reported in ``result["notes"]``.
* AMBIGUITY "borders-disagree": no quarter turn carries the previous borders onto this board's:
  all four frame turns are tried.  Reported in ``result["notes"]``.
* "The previous state means the tiles still present": previous tiles minus removed ones; a
  changed tile still counts as present (with its new face) for adjacency, knotting sides and
  x-tiles touches.
* Violation multiplicity (not in the text): one per offending pair for contact rules
  (same-colour-adjacent, edge-mismatch, colour-clash, same-symbol), one per tile for
  not-adjacent / outside-board / not-in-set / tile-removed / tile-changed / bad-exchange, one per
  identity for duplicate-tile (cells = every cell holding it), one per turn for multiple-tiles,
  patch-*, not-knotted, no-turn (cells = the layout) and too-wide.
* The starting entry is a turn: one-tile games report `multiple-tiles` for a start of several
  tiles; contact/duplicate rules are checked on it; `not-adjacent` is not (except the X-Tiles
  round start of convention 15: not-adjacent when its tiles are not one connected group).
* X-Tiles: an entry after a round was won or passed out and before the next `new_round` is still
  a turn (checked, 0 points, conv. 11 extra turns still apply) but changes no round.  A hand that
  goes below 0 (several tiles on the last turn) still ends the round.
* Twelve Tiles without any known borders: no frame, free alignment, no border matches and no
  `outside-board`.
* Tapestry `too-wide`: the span before is that of the previous tiles still present; "outside the
  old span" = outside its row range or its column range.  Tapestry exchange contact: a neighbour
  exchanged in the same turn counts as already on the table.
* A broken contact between two cards exchanged in the same turn is listed once (one contact,
  one violation; both exchanges are bad).  (The product listed it once per exchange, which also
  weighed in the "fewer violations" alignment tie-break; fixed in the product since.)
* Textile "last knot": the last non-start entry of that player that placed tiles.
* When no previous tile is left (empty previous board, or all removed this turn) placed tiles are
  not checked for `not-adjacent` / `not-knotted`, like a first tile.
"""
from __future__ import annotations

import itertools
from typing import Any

GAMES = ("textile", "octopus", "x-tiles", "tapestry", "twelve-tiles")

# Orthogonal directions as (drow, dcol); rows grow south, columns east.
D4 = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
OPP = {"n": "s", "s": "n", "e": "w", "w": "e"}
D8 = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]
SIDES = ("n", "e", "s", "w")

# ---------------------------------------------------------------------------------------------
# Game constants, from RULES.md / KITS.md
# ---------------------------------------------------------------------------------------------
RAINBOW = ["red", "orange", "yellow", "green", "blue", "purple"]  # a line: red/purple not neighbours
BEATS = {"rock": "scissors", "scissors": "paper", "paper": "rock"}
TAPESTRY_VALUE = {"green": 2, "yellow": 2, "blue": 1, "orange": 1, "red": 0, "purple": 0}
XT_COLOURS = ("orange", "red", "yellow", "blue")


def _xtiles_set() -> set[tuple[str, str, str, str]]:
    """The 48 X-Tiles as (big, small, big, small) clockwise sequences, both half-turn readings.

    A tile has exactly 3 colours; the repeated colour is on one big and one neighbouring small
    sector (every big/small pair neighbours on the 4-cycle), so the two bigs differ and the two
    smalls differ.
    """
    out = set()
    for seq in itertools.product(XT_COLOURS, repeat=4):
        b1, s1, b2, s2 = seq
        if len(set(seq)) != 3 or b1 == b2 or s1 == s2:
            continue
        out.add(seq)
    return out


XT_SET = _xtiles_set()  # 96 sequences = 48 tiles x 2 half-turn readings


# ---------------------------------------------------------------------------------------------
# Tiles and geometry
# ---------------------------------------------------------------------------------------------
def _rot_edges(edges: tuple, k: int) -> tuple:
    """Edges (n, e, s, w) after k clockwise quarter turns: n->e, e->s, s->w, w->n."""
    k %= 4
    if not k:
        return edges
    return tuple(edges[(i - k) % 4] for i in range(4))


def _rot_axis(axis, k: int):
    if axis is None or k % 2 == 0:
        return axis
    return {"ew": "ns", "ns": "ew"}.get(axis, axis)


def _rot_pos(pos: tuple[int, int], k: int) -> tuple[int, int]:
    r, c = pos
    for _ in range(k % 4):
        r, c = c, -r  # quarter turn clockwise (FORMATS.md)
    return r, c


class Tile:
    __slots__ = ("colour", "pips", "symbol", "edges", "axis")

    def __init__(self, colour=None, pips=None, symbol=None, edges=None, axis=None):
        self.colour = colour
        self.pips = pips
        self.symbol = symbol
        self.edges = edges
        self.axis = axis

    def turned(self, k: int) -> "Tile":
        if self.edges is None:
            return self
        return Tile(self.colour, self.pips, self.symbol, _rot_edges(self.edges, k), _rot_axis(self.axis, k))


def _identity(game: str, t: Tile):
    """Convention 3."""
    if game == "textile":
        return t.colour
    if game == "octopus":
        return (t.colour, t.pips)
    if game == "tapestry":
        return (t.colour, t.symbol)
    if game == "x-tiles":
        return (t.edges, t.axis)
    if game == "twelve-tiles":
        return t.edges
    # user-defined kits: everything we know
    return (t.colour, t.pips, t.symbol, t.edges, t.axis)


def _parse_board(board: dict | None) -> dict[tuple[int, int], Tile]:
    tiles: dict[tuple[int, int], Tile] = {}
    for d in (board or {}).get("tiles", []) or []:
        e = d.get("edges")
        edges = tuple(e.get(s) for s in SIDES) if isinstance(e, dict) else None
        tiles[(int(d["row"]), int(d["col"]))] = Tile(
            d.get("colour"), d.get("pips"), d.get("symbol"), edges, d.get("long_axis"))
    return tiles


def _borders_tuple(b) -> tuple | None:
    if not isinstance(b, dict):
        return None
    return tuple(b.get(s) for s in SIDES)


class Transform:
    """pos_new = rot^k(pos_prev) + (dr, dc): maps the previous entry's board into this entry's own
    coordinates."""

    def __init__(self, k: int, dr: int, dc: int):
        self.k, self.dr, self.dc = k % 4, dr, dc

    def fwd(self, pos):
        r, c = _rot_pos(pos, self.k)
        return r + self.dr, c + self.dc

    def inv(self, pos):
        r, c = pos[0] - self.dr, pos[1] - self.dc
        return _rot_pos((r, c), (4 - self.k) % 4)

    def key(self):
        return (self.k, self.dr, self.dc)


def _frame_transform(k: int) -> Transform:
    """Quarter turns within the 0-7 frame: (row, col) -> (col, 7 - row)."""
    k %= 4
    shift = {0: (0, 0), 1: (0, 7), 2: (7, 7), 3: (7, 0)}[k]
    return Transform(k, *shift)


def _components(cells) -> list[list[tuple[int, int]]]:
    cells = set(cells)
    seen = set()
    comps = []
    for start in sorted(cells):
        if start in seen:
            continue
        comp = []
        stack = [start]
        seen.add(start)
        while stack:
            p = stack.pop()
            comp.append(p)
            for dr, dc in D4.values():
                q = (p[0] + dr, p[1] + dc)
                if q in cells and q not in seen:
                    seen.add(q)
                    stack.append(q)
        comps.append(sorted(comp))
    return comps


def _nb4(p):
    for s, (dr, dc) in D4.items():
        yield s, (p[0] + dr, p[1] + dc)


# ---------------------------------------------------------------------------------------------
# One turn, evaluated in the previous entry's coordinates
# ---------------------------------------------------------------------------------------------
class Eval:
    def __init__(self):
        self.placed: list = []
        self.changed: list = []
        self.removed: list = []
        self.violations: list[tuple[str, list]] = []
        self.points = 0
        self.breakdown: dict = {}
        self.misconnections = 0
        self.touch_prev = 0  # x-tiles: tiles of the previous state touched by the one placed tile
        self.notes: list[str] = []

    def add(self, rule: str, cells):
        self.violations.append((rule, sorted(set(cells))))


def _diff(game, prev, cur, ev: Eval):
    ev.placed = sorted(p for p in cur if p not in prev)
    ev.removed = sorted(p for p in prev if p not in cur)
    ev.changed = sorted(p for p in cur if p in prev and _identity(game, cur[p]) != _identity(game, prev[p]))
    # READING: "the previous state means the tiles still present": previous tiles not removed;
    # a changed tile still occupies its cell and counts as present (with its new face).
    return {p: cur[p] for p in prev if p in cur}


def _board_violations(game, ev: Eval):
    for p in ev.removed:
        ev.add("board.tile-removed", [p])
    if game != "tapestry":
        for p in ev.changed:
            ev.add("board.tile-changed", [p])


def _adjacency(game, ev: Eval, still, rule):
    """Convention 6: a placed tile is adjacent when its connected group of placed tiles touches a
    tile of the previous state; "the others are not-adjacent": one violation per such tile."""
    if not still:
        return
    for comp in _components(ev.placed):
        if not any(q in still for p in comp for _, q in _nb4(p)):
            for p in comp:
                ev.add(rule, [p])


def _eval_textile(prev, cur, still, ev: Eval, start: bool):
    _board_violations("textile", ev)
    placed = ev.placed
    # colour rule for placed tiles against the state after the turn (8 neighbours)
    pairs = set()
    for p in placed:
        for dr, dc in D8:
            q = (p[0] + dr, p[1] + dc)
            if q in cur and cur[q].colour == cur[p].colour:
                pair = tuple(sorted((p, q)))
                if pair not in pairs:
                    pairs.add(pair)
                    ev.add("textile.same-colour-adjacent", pair)
    if start or not placed:
        return
    n = len(placed)
    if n > 5:
        ev.add("textile.patch-too-large", placed)
    if len(_components(placed)) > 1:
        ev.add("textile.patch-not-connected", placed)
    sides = sum(1 for p in placed for _, q in _nb4(p) if q in still)
    # READING: as for not-adjacent, nothing is checked when no previous tile is left (an empty
    # previous board, or every previous tile removed): the knot is then a first tile.
    if sides == 0 and still:
        ev.add("textile.not-knotted", placed)
    ev.points = n * sides
    ev.breakdown = {"patch": n, "knotting_sides": sides}


def _octopus_tile_points(cur, p):
    t = cur[p]
    col = pips = 0
    for dr, dc in D8:
        q = (p[0] + dr, p[1] + dc)
        while q in cur and cur[q].colour == t.colour:
            col += 1
            q = (q[0] + dr, q[1] + dc)
        q = (p[0] + dr, p[1] + dc)
        while q in cur and cur[q].pips == t.pips:
            pips += 1
            q = (q[0] + dr, q[1] + dc)
    return col, pips


def _eval_octopus(prev, cur, still, ev: Eval, start: bool, sets: int):
    _board_violations("octopus", ev)
    placed = ev.placed
    if sets == 1:
        seen = set()
        for p in placed:
            ident = (cur[p].colour, cur[p].pips)
            if ident in seen:
                continue
            cells = [q for q in cur if (cur[q].colour, cur[q].pips) == ident]
            if len(cells) > 1:
                seen.add(ident)
                ev.add("octopus.duplicate-tile", cells)
    # READING: the starting entry is a turn (convention 1) and "each turn places exactly one
    # tile", so a start showing several tiles is `multiple-tiles` too (not `not-adjacent`).
    if len(placed) > 1:
        ev.add("octopus.multiple-tiles", placed)
    if start or not placed:
        return
    _adjacency("octopus", ev, still, "octopus.not-adjacent")
    tc = tp = 0
    for p in placed:  # convention 5: each against the state after the turn
        c, q = _octopus_tile_points(cur, p)
        tc += c
        tp += q
    ev.points = tc + tp
    ev.breakdown = {"colour": tc, "pips": tp}


def _canon12(edges):
    return min(_rot_edges(edges, k) for k in range(4))


def _eval_twelve(prev, cur, still, ev: Eval, start: bool, borders):
    _board_violations("twelve-tiles", ev)
    placed = ev.placed
    framed = borders is not None
    if framed:
        for p in placed:
            if not (0 <= p[0] <= 7 and 0 <= p[1] <= 7):
                # READING: one violation per tile outside the board
                ev.add("twelve-tiles.outside-board", [p])
    seen = set()
    for p in placed:
        c = _canon12(cur[p].edges)
        if c in seen:
            continue
        cells = [q for q in cur if _canon12(cur[q].edges) == c]
        if len(cells) > 1:
            seen.add(c)
            ev.add("twelve-tiles.duplicate-tile", cells)
    if len(placed) > 1:  # READING: as in Octopus, the starting turn too
        ev.add("twelve-tiles.multiple-tiles", placed)
    if not start and placed:
        _adjacency("twelve-tiles", ev, still, "twelve-tiles.not-adjacent")
    # Score (the starting entry too: convention 1)
    total = tc = tm = tb = 0
    for p in placed:
        c = m = b = 0
        t = cur[p]
        inside = framed and 0 <= p[0] <= 7 and 0 <= p[1] <= 7
        for i, (s, q) in enumerate(_nb4(p)):
            if q in cur:
                other = cur[q].edges[SIDES.index(OPP[s])]
                if other == t.edges[i]:
                    c += 1
                else:
                    m += 1
            elif inside:
                on_rim = (s == "n" and p[0] == 0) or (s == "s" and p[0] == 7) or \
                         (s == "w" and p[1] == 0) or (s == "e" and p[1] == 7)
                if on_rim and borders[i] == t.edges[i]:
                    b += 1
        total += c * (c + 1) // 2 - m + b
        tc, tm, tb = tc + c, tm + m, tb + b
    ev.points = total
    ev.misconnections = tm
    ev.breakdown = {"connections": tc, "misconnections": tm, "border_matches": tb}


def _xt_in_set(t: Tile) -> bool:
    if t.edges is None:
        return False
    n, e, s, w = t.edges
    if t.axis == "ew":
        seq = (e, s, w, n)
    elif t.axis == "ns":
        seq = (n, e, s, w)
    else:
        # READING: without a long axis, accept either orientation
        return (e, s, w, n) in XT_SET or (n, e, s, w) in XT_SET
    return seq in XT_SET  # XT_SET holds both half-turn readings


def _edge_pairs(ev: Eval, cur, rule):
    pairs = set()
    for p in ev.placed:
        for i, (s, q) in enumerate(_nb4(p)):
            if q in cur:
                pair = tuple(sorted((p, q)))
                if pair in pairs:
                    continue
                pairs.add(pair)
                if cur[q].edges[SIDES.index(OPP[s])] != cur[p].edges[i]:
                    ev.add(rule, pair)


def _eval_xtiles(prev, cur, still, ev: Eval, start: bool, check_turn: bool):
    _board_violations("x-tiles", ev)
    placed = ev.placed
    for p in placed:
        if not _xt_in_set(cur[p]):
            ev.add("x-tiles.not-in-set", [p])
    _edge_pairs(ev, cur, "x-tiles.edge-mismatch")
    if start:
        # Convention 15: the stock tiles must touch.  READING: the round-start layout is adjacent
        # when it is one orthogonally connected group; otherwise each of its tiles is reported.
        if len(placed) > 1 and len(_components(placed)) > 1:
            for p in placed:
                ev.add("x-tiles.not-adjacent", [p])
        return
    if not placed:
        return
    if len(placed) > 1:
        ev.add("x-tiles.multiple-tiles", placed)
    _adjacency("x-tiles", ev, still, "x-tiles.not-adjacent")
    if check_turn:
        rows = {p[0] for p in cur}
        cols = {p[1] for p in cur}
        if len(rows) == 1 or len(cols) == 1:
            ev.add("x-tiles.no-turn", list(cur))  # READING: its cells are the whole layout
    if len(placed) == 1:
        ev.touch_prev = sum(1 for _, q in _nb4(placed[0]) if q in still)


def _colour_ok(a, b) -> bool:
    if a not in RAINBOW or b not in RAINBOW:
        return a == b
    return abs(RAINBOW.index(a) - RAINBOW.index(b)) <= 1


def _eval_tapestry(prev, cur, still, ev: Eval, start: bool):
    _board_violations("tapestry", ev)
    placed = set(ev.placed)
    done_pairs = set()

    def contact(p, q):
        """Whether the contact p-q breaks a rule; each broken contact is listed once per turn."""
        pair = tuple(sorted((p, q)))
        a, b = cur[p], cur[q]
        clash = not _colour_ok(a.colour, b.colour)
        same = a.symbol == b.symbol
        if pair not in done_pairs:
            done_pairs.add(pair)
            if clash:
                ev.add("tapestry.colour-clash", pair)
            if same:
                ev.add("tapestry.same-symbol", pair)
        return clash or same

    # Exchanges first (convention 19): contact against cards already on the table.
    for p in ev.changed:
        bad = not (BEATS.get(cur[p].symbol) == prev[p].symbol)
        for _, q in _nb4(p):
            if q in cur and q not in placed:
                # READING: another card exchanged in the same turn is "already on the table"
                if contact(p, q):
                    bad = True

        if bad:
            ev.add("tapestry.bad-exchange", [p])
    for p in sorted(placed):
        for _, q in _nb4(p):
            if q in cur:
                contact(p, q)
    if start:
        return
    _adjacency("tapestry", ev, still, "tapestry.not-adjacent")
    # Convention 20: too-wide
    before = still if still else prev
    if placed and before:
        r0, r1 = min(p[0] for p in before), max(p[0] for p in before)
        c0, c1 = min(p[1] for p in before), max(p[1] for p in before)
        rows_b, cols_b = r1 - r0 + 1, c1 - c0 + 1
        rows_a = max(p[0] for p in cur) - min(p[0] for p in cur) + 1
        cols_a = max(p[1] for p in cur) - min(p[1] for p in cur) + 1
        if rows_a > max(8, rows_b) or cols_a > max(8, cols_b):
            cells = [p for p in placed if not (r0 <= p[0] <= r1 and c0 <= p[1] <= c1)]
            ev.add("tapestry.too-wide", cells)


# ---------------------------------------------------------------------------------------------
# Alignment (convention 2)
# ---------------------------------------------------------------------------------------------
def _apply(game, tiles, tf: Transform):
    return {tf.fwd(p): t.turned(tf.k) for p, t in tiles.items()}


def _matches(game, target, moved):
    return sum(1 for p, t in moved.items() if p in target and _identity(game, target[p]) == _identity(game, t))


def _candidates_free(game, target, moving):
    """All (k, shift) putting at least one tile of ``moving`` (the previous state) on an identical
    tile of ``target`` (this entry's board); with the number of such tiles."""
    by_ident: dict[Any, list] = {}
    for p, t in target.items():
        by_ident.setdefault(_identity(game, t), []).append(p)
    counts: dict[tuple, int] = {}
    for k in range(4):
        for q, t in moving.items():
            rq = _rot_pos(q, k)
            for p in by_ident.get(_identity(game, t.turned(k)), ()):
                key = (k, p[0] - rq[0], p[1] - rq[1])
                counts[key] = counts.get(key, 0) + 1
    if counts:
        return counts
    # READING: nothing matches anywhere (every tile changed, or an empty state).  The set of
    # translations is then infinite; we take those that put any previous tile on any current
    # cell, plus the identity, all with 0 matches, and let the tie-breaks choose.
    counts = {(0, 0, 0): 0}
    for k in range(4):
        for q in moving:
            rq = _rot_pos(q, k)
            for p in target:
                counts[(k, p[0] - rq[0], p[1] - rq[1])] = 0
    return counts


# ---------------------------------------------------------------------------------------------
# The scorer
# ---------------------------------------------------------------------------------------------
def _target(players, options):
    if options.get("target") is not None:
        return options["target"]
    n = len(players)
    if n >= 6:
        return 15
    if n >= 4:
        return 12
    return 10


def _rank(minutes: float) -> str:
    if minutes < 10:
        return "Cosmic"
    if minutes < 20:
        return "Legendary"
    if minutes < 30:
        return "Advanced"
    if minutes < 40:
        return "Normal"
    return "Rookie"


def score(record: dict) -> dict:
    game = record["game"]
    players = list(record.get("players") or ["Player"])
    options = dict(record.get("options") or {})
    entries = record.get("turns") or []
    nplayers = len(players)
    sets = int(options.get("sets", 1) or 1)
    opt_borders = _borders_tuple(options.get("borders"))

    out_turns = []
    totals = {p: 0 for p in players}

    prev_tiles: dict | None = None
    prev_borders = None
    next_idx = 0

    # x-tiles state
    target = _target(players, options)
    starter_mode = options.get("starter", "winner")
    rounds = []
    rnd = None  # current round dict (internal)
    next_start = players[0] if players else None
    game_winner = None  # x-tiles: first to reach target

    # textile tie-break: last knot entry per player
    last_knot = {p: -1 for p in players}
    any_miscon = False
    notes: list[dict] = []  # where RULES.md leaves the result open (see READING comments)

    for i, entry in enumerate(entries):
        board = entry.get("board")
        tiles = _parse_board(board)
        named = entry.get("player")
        borders_own = _borders_tuple((board or {}).get("borders")) or opt_borders \
            if game == "twelve-tiles" else None
        is_round_start = game == "x-tiles" and (i == 0 or bool(entry.get("new_round")))
        start = i == 0 or is_round_start

        # ---- who plays this entry
        if game == "x-tiles" and is_round_start:
            if named is not None:
                player = named
            else:
                player = next_start
        elif named is not None:
            player = named
        else:
            player = players[next_idx % nplayers] if players else None

        # ---- alignment and evaluation
        check_turn = bool(game == "x-tiles" and rnd is not None and rnd["open"] and rnd["need_turn"])

        def evaluate(prev, cur_t, borders_t):
            ev = Eval()
            still = _diff(game, prev, cur_t, ev)
            if game == "textile":
                _eval_textile(prev, cur_t, still, ev, start)
            elif game == "octopus":
                _eval_octopus(prev, cur_t, still, ev, start, sets)
            elif game == "twelve-tiles":
                _eval_twelve(prev, cur_t, still, ev, start, borders_t)
            elif game == "x-tiles":
                _eval_xtiles(prev, cur_t, still, ev, start, check_turn)
            elif game == "tapestry":
                _eval_tapestry(prev, cur_t, still, ev, start)
            else:
                _board_violations(game, ev)
            return ev

        tf = Transform(0, 0, 0)
        if start:
            ev = evaluate({}, tiles, borders_own)
        else:
            # READING (convention 2): "the quarter turn and translation that put the most previous
            # tiles on identical tiles" moves the *previous* state onto this entry's board:
            # prev (row, col) -> rot^k(row, col) + (dr, dc), k clockwise quarter turns, and
            # "smallest (quarter turns, row shift, col shift)" is the plain lexicographic order of
            # that signed triple.  Everything is then evaluated in this entry's own coordinates.
            prev = prev_tiles or {}
            framed = game == "twelve-tiles" and borders_own is not None and prev_borders is not None
            if framed:
                ks = [k for k in range(4) if _rot_edges(prev_borders, k) == borders_own]
                if not ks:
                    # READING: no quarter turn makes the borders agree; try all four.
                    notes.append({"entry": i, "ambiguity": "borders-disagree"})
                    ks = [0, 1, 2, 3]
                cands = {}
                for k in ks:
                    f = _frame_transform(k)
                    cands[f.key()] = _matches(game, tiles, _apply(game, prev, f))
            else:
                cands = _candidates_free(game, tiles, prev)
            best = max(cands.values())
            if best == 0 and prev and tiles and not framed:  # frame turns are a finite set
                notes.append({"entry": i, "ambiguity": "alignment-without-match"})
            tied = sorted(key for key, v in cands.items() if v == best)
            choice = None
            for key in tied:
                f = Transform(*key)
                prev_t = _apply(game, prev, f)
                e = evaluate(prev_t, tiles, borders_own)
                rank = (len(e.violations), key)
                if choice is None or rank < choice[0]:
                    choice = (rank, f, e)
            _, tf, ev = choice
        for n in ev.notes:
            notes.append({"entry": i, "ambiguity": n})

        # ---- bookkeeping per game
        placed_n = len(ev.placed)
        unchanged = not ev.placed and not ev.changed and not ev.removed
        extra = False
        points = ev.points
        round_no = None

        if game == "x-tiles":
            points = 0
            if is_round_start:
                if rnd is not None and rnd["open"]:
                    rnd["open"] = False
                    rnd["ended"] = "abandoned"  # convention 14: abandoned without score
                rnd = {"round": len(rounds) + 1, "start_player": player, "first_entry": i,
                       "last_entry": i, "ended": None, "winner": None, "points": 0, "doubled": False,
                       "placed": {p: 0 for p in players}, "passes": 0, "open": True,
                       "need_turn": True}
                if player not in rnd["placed"]:
                    rnd["placed"][player] = 0
                rounds.append(rnd)
                next_start = player
                next_player = player  # the start player then plays the turning tile
            else:
                next_player = None
                if rnd is not None and rnd["open"]:
                    rnd["last_entry"] = i
                    if unchanged:
                        rnd["passes"] += 1
                    else:
                        rnd["passes"] = 0
                    if placed_n:
                        rnd["need_turn"] = False
                        rnd["placed"][player] = rnd["placed"].get(player, 0) + placed_n
                        touches2 = placed_n == 1 and ev.touch_prev >= 2
                        extra = touches2
                        if 7 - rnd["placed"][player] <= 0:
                            left = {p: max(0, 7 - n) for p, n in rnd["placed"].items() if p != player}
                            pts = sum(left.values()) * (2 if touches2 else 1)
                            points = pts
                            extra = False
                            rnd.update(open=False, ended="won", winner=player, points=pts,
                                       doubled=touches2)
                            totals[player] = totals.get(player, 0) + pts
                            if game_winner is None and totals[player] >= target:
                                game_winner = player
                            if starter_mode == "loser":
                                # most tiles left; ties: first in seating order after the winner
                                order = players[players.index(player) + 1:] + players[:players.index(player)] \
                                    if player in players else players
                                best = None
                                for p in order:
                                    if p == player:
                                        continue
                                    if best is None or left.get(p, 7) > left.get(best, 7):
                                        best = p
                                next_start = best if best is not None else player
                            else:
                                next_start = player
                    if rnd["open"] and rnd["passes"] >= nplayers:
                        rnd.update(open=False, ended="passes")
                        # same start player again (convention 14): next_start unchanged
                elif placed_n == 1 and ev.touch_prev >= 2:
                    # Convention 11 is geometric only: a placement after the round has ended (and
                    # before the next new_round) still earns an extra turn.
                    extra = True
                # READING: entries after a round has ended and before the next new_round are
                # still turns (checked, 0 points) but change nothing in the round.
            round_no = rnd["round"] if rnd else None
            if is_round_start:
                nxt = player
            elif extra:
                nxt = player
            else:
                nxt = None
            if nxt is not None:
                next_idx = players.index(nxt) if nxt in players else next_idx
            else:
                next_idx = (players.index(player) + 1) % nplayers if player in players else next_idx + 1
        else:
            if game == "tapestry":
                points = 0
            elif start and game != "twelve-tiles":
                points = 0
            if game == "textile" and placed_n and not start:
                last_knot[player] = i
            if game == "twelve-tiles" and ev.misconnections:
                any_miscon = True
            if player in players:
                next_idx = (players.index(player) + 1) % nplayers
            else:
                next_idx += 1
            if player is not None and game != "tapestry":
                totals[player] = totals.get(player, 0) + points

        placed_own = [list(p) for p in ev.placed]
        if game == "tapestry":
            placed_own = sorted(placed_own + [list(p) for p in ev.changed])
        viols = [{"rule": r, "cells": [list(p) for p in cells]} for r, cells in ev.violations]
        turn = {"player": player, "placed": sorted(placed_own), "points": points,
                "breakdown": ev.breakdown, "extra_turn": extra, "legal": not viols,
                "violations": viols}
        turn["alignment"] = {"quarter_turns": tf.k, "row_shift": tf.dr, "col_shift": tf.dc}
        if round_no is not None:
            turn["round"] = round_no
        out_turns.append(turn)

        prev_tiles = tiles
        prev_borders = borders_own

    result: dict[str, Any] = {"game": game, "players": players, "turns": out_turns}

    if game == "tapestry":
        last = prev_tiles or {}
        disc = 72 - sum(TAPESTRY_VALUE.get(t.colour, 0) for t in last.values())
        if out_turns:
            out_turns[-1]["points"] = disc
        who = out_turns[-1]["player"] if out_turns else players[0]
        totals = {p: 0 for p in players}
        totals[who] = totals.get(who, 0) + disc
        complete = False
        if len(last) == 64:
            rows = {p[0] for p in last}
            cols = {p[1] for p in last}
            complete = max(rows) - min(rows) == 7 and max(cols) - min(cols) == 7
        result["complete"] = complete
        result["discard_score"] = disc
        result["winner"] = players[0] if complete else None
        mode = options.get("mode", "discards")
        result["mode"] = mode
        if mode == "time":
            if not complete:
                result["rank"] = "lost"
            else:
                result["rank"] = _rank(float(options.get("elapsed_s", 0)) / 60.0)
    elif game == "x-tiles":
        if game_winner is not None:
            result["winner"] = game_winner
        else:
            result["winner"] = _unique_max(totals)
        result["rounds"] = [
            {"round": r["round"], "start_player": r["start_player"], "first_entry": r["first_entry"],
             "last_entry": r["last_entry"], "ended": r["ended"] or "open", "winner": r["winner"],
             "points": r["points"], "doubled": r["doubled"],
             "hands": {p: 7 - n for p, n in r["placed"].items()}}
            for r in rounds]
    elif game == "textile":
        top = max(totals.values()) if totals else 0
        tied = [p for p in players if totals.get(p) == top] + \
               [p for p in totals if p not in players and totals[p] == top]
        if len(tied) == 1:
            result["winner"] = tied[0]
        else:
            earliest = min(last_knot.get(p, -1) for p in tied)
            first = [p for p in tied if last_knot.get(p, -1) == earliest]
            result["winner"] = first[0] if len(first) == 1 else None
    else:
        result["winner"] = _unique_max(totals)
        if game == "twelve-tiles":
            result["perfect"] = not any_miscon
    result["totals"] = totals
    result["notes"] = notes
    return result


def _unique_max(totals: dict):
    if not totals:
        return None
    top = max(totals.values())
    who = [p for p, v in totals.items() if v == top]
    return who[0] if len(who) == 1 else None
