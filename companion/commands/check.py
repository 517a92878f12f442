"""``tile-companion check BOARD.json``: the rules one state breaks on its own."""
from __future__ import annotations

import argparse

from companion.commands import CommandResult, add_json_flag, read_json_file
from companion.rules import board_from_dict, check_board


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("check", help="check one board state against its game's rules",
                       description="Check one board (*.board.json) against its game's rules.")
    p.add_argument("board", metavar="BOARD.json")
    add_json_flag(p)
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> CommandResult:
    board = board_from_dict(read_json_file(args.board, what="board"), where=args.board)
    violations = check_board(board)
    data = {"legal": not violations, "violations": [v.to_dict() for v in violations]}
    lines = [f"{board.game}: {len(board.tiles)} tiles, "
             + ("legal" if not violations else f"{len(violations)} violation(s)")]
    for v in violations:
        cells = " ".join(f"({r},{c})" for r, c in v.cells)
        lines.append(f"  {v.rule:32s} {cells}  {v.message}")
    return CommandResult(data, "\n".join(lines))
