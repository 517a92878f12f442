"""Violations: a broken rule, the cells involved, and a message for people.

Rule ids (``game.rule``) are public (RULES.md); :data:`RULE_IDS` lists every one this core emits.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from companion.rules.board import Cell

RULE_IDS: tuple[str, ...] = (
    "board.tile-removed",
    "board.tile-changed",
    "textile.same-colour-adjacent",
    "textile.patch-too-large",
    "textile.patch-not-connected",
    "textile.not-knotted",
    "octopus.multiple-tiles",
    "octopus.not-adjacent",
    "octopus.duplicate-tile",
    "x-tiles.no-turn",
    "x-tiles.multiple-tiles",
    "x-tiles.not-adjacent",
    "x-tiles.edge-mismatch",
    "x-tiles.not-in-set",
    "tapestry.colour-clash",
    "tapestry.same-symbol",
    "tapestry.not-adjacent",
    "tapestry.too-wide",
    "tapestry.bad-exchange",
    "twelve-tiles.outside-board",
    "twelve-tiles.not-adjacent",
    "twelve-tiles.multiple-tiles",
    "twelve-tiles.duplicate-tile",
)


@dataclass(frozen=True, order=True)
class Violation:
    """One broken rule. ``cells`` are sorted ``(row, col)`` in the board's own coordinates."""

    rule: str
    cells: tuple[Cell, ...]
    message: str = ""

    def __post_init__(self) -> None:
        if self.rule not in RULE_IDS:  # pragma: no cover - programming error
            raise ValueError(f"unknown rule id {self.rule!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "cells": [list(c) for c in self.cells], "message": self.message}


def violation(rule: str, cells: Iterable[Cell], message: str) -> Violation:
    return Violation(rule, tuple(sorted(set(cells))), message)


def fmt_cell(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"
