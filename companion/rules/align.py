"""Aligning a state with the previous one (RULES.md scoring convention 2).

Successive photos need not share origin or orientation. The previous board is turned by
``quarter_turns`` clockwise, then shifted by ``(row_shift, col_shift)``, so that the most previous
tiles land on identical tiles of the current board. Ties go to the candidate whose turn has fewer
violations, then to the smallest ``(quarter_turns, row_shift, col_shift)``. A Twelve Tiles frame
board (both boards with ``borders``) is only turned within its 0-7 frame, never shifted, and only
by turns that map the previous borders onto the current ones (by any turn when none does).
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Callable, Hashable

from companion.rules.board import Board, Cell


@dataclass(frozen=True, order=True)
class Alignment:
    """The transform applied to the previous board: turn clockwise, then shift."""

    quarter_turns: int = 0
    row_shift: int = 0
    col_shift: int = 0

    def apply(self, board: Board, *, frame: bool = False) -> Board:
        """``board`` turned (within the 0-7 frame when ``frame``) and shifted."""
        turned = board.turned(self.quarter_turns, frame=frame)
        return turned.shifted(self.row_shift, self.col_shift)

    def to_dict(self) -> dict[str, int]:
        return {"quarter_turns": self.quarter_turns, "row_shift": self.row_shift,
                "col_shift": self.col_shift}


IDENTITY = Alignment()


def frame_aligned(prev: Board, cur: Board) -> bool:
    """Both boards are Twelve Tiles frame boards, so they are aligned by their frame."""
    return prev.has_frame and cur.has_frame


def candidate_alignments(prev: Board, cur: Board,
                         identity: Callable[..., Hashable]) -> tuple[int, list[Alignment]]:
    """All alignments that put the most previous tiles on identical tiles, and that count.

    Returns ``(matches, candidates)``; with no previous tile, or no identical tile under any
    alignment, ``(0, [IDENTITY])``.
    """
    if not prev.tiles or not cur.tiles:
        return 0, [IDENTITY]
    if frame_aligned(prev, cur):
        borders = prev.borders
        assert borders is not None
        turns = [k for k in range(4) if tuple(borders[(i - k) % 4] for i in range(4)) == cur.borders]
        # When no turn carries the borders over (a border misread, say), every turn is tried.
        counts: dict[Alignment, int] = {}
        for k in turns or range(4):
            turned = prev.turned(k, frame=True)
            counts[Alignment(k)] = sum(
                1 for cell, tile in turned.tiles.items()
                if cell in cur.tiles and identity(cur.tiles[cell]) == identity(tile))
    else:
        cur_ids = {cell: identity(tile) for cell, tile in cur.tiles.items()}
        by_identity: dict[Hashable, list[Cell]] = defaultdict(list)
        for cell, ident in cur_ids.items():
            by_identity[ident].append(cell)
        full = _full_matches(prev, cur_ids, by_identity, identity)
        if full:
            return len(prev.tiles), full
        counts = Counter()
        for k in range(4):
            for (r, c), tile in prev.tiles.items():
                r, c = _rot(r, c, k)
                for cr, cc in by_identity.get(identity(tile.turned(k)), ()):
                    counts[Alignment(k, cr - r, cc - c)] += 1
        if not counts:
            return 0, [IDENTITY]
    best = max(counts.values())
    if best == 0:
        return 0, [min(counts)]
    return best, sorted(a for a, n in counts.items() if n == best)


def _rot(r: int, c: int, k: int) -> Cell:
    """``(r, c)`` turned ``k`` quarter turns clockwise about the origin."""
    if k == 0:
        return r, c
    if k == 1:
        return c, -r
    if k == 2:
        return -r, -c
    return -c, r


def _full_matches(prev: Board, cur_ids: dict[Cell, Hashable],
                  by_identity: dict[Hashable, list[Cell]],
                  identity: Callable[..., Hashable]) -> list[Alignment]:
    """Alignments that put every previous tile on an identical tile (the common case).

    Any such alignment maps the previous tile of the rarest identity onto a current tile of
    that identity, so only those few candidates are verified, each stopping at its first miss.
    """
    items = list(prev.tiles.items())
    anchor_cell, anchor_tile = min(items, key=lambda it: len(by_identity.get(identity(it[1]), ())))
    out = []
    for k in range(4):
        ar, ac = _rot(*anchor_cell, k)
        for cr, cc in by_identity.get(identity(anchor_tile.turned(k)), ()):
            dr, dc = cr - ar, cc - ac
            for (r, c), tile in items:
                r, c = _rot(r, c, k)
                if cur_ids.get((r + dr, c + dc), _MISSING) != identity(tile.turned(k)):
                    break
            else:
                out.append(Alignment(k, dr, dc))
    return sorted(out)


_MISSING = object()


def align(prev: Board, cur: Board, identity: Callable[..., Hashable],
          violations_of: Callable[[Alignment], int] | None = None) -> Alignment:
    """The alignment of RULES.md convention 2.

    ``violations_of(alignment)`` counts the violations of the turn under that alignment; it is
    only called to break ties.
    """
    _, candidates = candidate_alignments(prev, cur, identity)
    if len(candidates) == 1 or violations_of is None:
        return candidates[0]
    return min(candidates, key=lambda a: (violations_of(a), a))
