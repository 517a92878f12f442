"""Score a read board against the truth, up to translation and quarter turns (FORMATS.md).

A Twelve Tiles board whose truth and reading both carry ``borders`` is compared in its 0-7
frame, up to quarter turns of the frame only (borders compared too); otherwise boards are
compared up to any quarter turn and translation, keeping the alignment with fewest errors.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from vision.synth.truth import turn_board

#: Tile attributes compared (where the truth has them).
ATTRS = ("colour", "pips", "symbol", "edges", "long_axis")


@dataclass(frozen=True)
class CellScore:
    """Cell-level comparison of one photo.

    ``missing``: truth tiles the reading lacks; ``extra``: read tiles on cells the truth leaves
    empty; ``misread``: tiles on both with an attribute that differs (or is unknown);
    ``cells``: truth tiles; ``borders_wrong``: board sides whose colour was misread (frame boards).
    """

    missing: int
    extra: int
    misread: int
    cells: int
    borders_wrong: int = 0
    quarter_turns: int = 0
    shift: tuple[int, int] = (0, 0)

    @property
    def errors(self) -> int:
        return self.missing + self.extra + self.misread

    def to_dict(self) -> dict[str, Any]:
        return {"missing": self.missing, "extra": self.extra, "misread": self.misread,
                "errors": self.errors, "cells": self.cells, "borders_wrong": self.borders_wrong}


def _score(read_cells: Mapping[tuple[int, int], Mapping], truth_cells: Mapping[tuple[int, int], Mapping]
           ) -> tuple[int, int, int]:
    missing = extra = misread = 0
    for cell, t in truth_cells.items():
        r = read_cells.get(cell)
        if r is None:
            missing += 1
        elif any(t.get(a) is not None and r.get(a) != t.get(a) for a in ATTRS):
            misread += 1
    extra = sum(1 for cell in read_cells if cell not in truth_cells)
    return missing, extra, misread


def _cells(board: Mapping[str, Any]) -> dict[tuple[int, int], Mapping]:
    return {(int(t["row"]), int(t["col"])): t for t in board.get("tiles", [])}


def compare_boards(read: Mapping[str, Any], truth: Mapping[str, Any]) -> CellScore:
    """Best alignment of ``read`` onto ``truth`` and its cell errors (see :class:`CellScore`)."""
    truth_cells = _cells(truth)
    n = len(truth_cells)
    frame = truth.get("borders") is not None and read.get("borders") is not None
    best: CellScore | None = None
    for k in range(4):
        turned = turn_board(read, k)
        cells = _cells(turned)
        if frame:
            shifts = {(0, 0)}
        else:
            shifts = {(tr - rr, tc - rc) for rr, rc in cells for tr, tc in truth_cells} or {(0, 0)}
        for dr, dc in shifts:
            moved = {(r + dr, c + dc): t for (r, c), t in cells.items()}
            missing, extra, misread = _score(moved, truth_cells)
            borders = 0
            if frame:
                borders = sum(turned["borders"].get(s) != truth["borders"].get(s) for s in "nesw")
            score = CellScore(missing, extra, misread, n, borders, k, (dr, dc))
            key = (score.errors + score.borders_wrong, k, abs(dr) + abs(dc))
            if best is None or key < (best.errors + best.borders_wrong, best.quarter_turns,
                                      abs(best.shift[0]) + abs(best.shift[1])):
                best = score
    assert best is not None
    return best


def all_wrong(truth: Mapping[str, Any]) -> CellScore:
    """The score of a photo that could not be read at all: every truth tile missing."""
    n = len(truth.get("tiles", []))
    borders = 4 if truth.get("borders") is not None else 0
    return CellScore(n, 0, 0, n, borders)
