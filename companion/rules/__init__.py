"""The rule core: pure Python, no image or UI imports.

Boards and quarter turns (:mod:`.board`), the five games' checks and points (:mod:`.games`),
aligning successive states (:mod:`.align`), records (:mod:`.record`) and scoring with turn order,
rounds and winners (:mod:`.scoring`). RULES.md is the rules of record; rule ids are public.
"""
from __future__ import annotations

from typing import Any, Mapping

from companion.rules.align import Alignment, align
from companion.rules.board import GAMES, Board, Tile, board_from_dict, board_to_dict
from companion.rules.games import Move, rules_for
from companion.rules.record import Entry, Record, record_from_dict
from companion.rules.scoring import ScoreReport, TurnResult, score_record, score_record_data
from companion.rules.violations import RULE_IDS, Violation


def check_board(board: Board, options: Mapping[str, Any] | None = None) -> list[Violation]:
    """Violations a single state shows on its own (the ``check`` command)."""
    return rules_for(board.game).check_state(board, dict(options or {}))


__all__ = [
    "GAMES", "RULE_IDS", "Alignment", "Board", "Entry", "Move", "Record", "ScoreReport", "Tile",
    "TurnResult", "Violation", "align", "board_from_dict", "board_to_dict", "check_board",
    "record_from_dict", "rules_for", "score_record", "score_record_data",
]
