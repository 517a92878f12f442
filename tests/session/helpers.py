"""Shared helpers of the session tests."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from companion.session import SessionStore

GAMES = ("textile", "octopus", "x-tiles", "tapestry", "twelve-tiles")


def replay(store: SessionStore, record: Mapping[str, Any], *, use_pass: bool = True) -> int:
    """Play a board record into a new session turn by turn; returns the session id."""
    info = store.create(record["game"], record["players"], record.get("options") or {})
    prev = None
    for i, entry in enumerate(record["turns"]):
        board = entry["board"]
        player = entry.get("player")
        if entry.get("new_round"):
            store.start_round(info.id, board, start_player=player)
        elif use_pass and prev is not None and board == prev:
            store.add_pass(info.id, action="pass", player=player)
        else:
            store.add_board_turn(info.id, board, player=player)
        prev = board
    return info.id


def file_bytes(path: Path) -> bytes:
    return Path(path).read_bytes()
