"""Small builders for hand-written boards and records in the rule tests."""
from __future__ import annotations

from typing import Any, Iterable


def nt(r: int, c: int, colour: str, pips: int | None = None) -> dict[str, Any]:
    d: dict[str, Any] = {"row": r, "col": c, "colour": colour}
    if pips is not None:
        d["pips"] = pips
    return d


def card(r: int, c: int, colour: str, symbol: str) -> dict[str, Any]:
    return {"row": r, "col": c, "colour": colour, "symbol": symbol}


def edges(r: int, c: int, n: str, e: str, s: str, w: str, axis: str | None = None) -> dict[str, Any]:
    d: dict[str, Any] = {"row": r, "col": c, "edges": {"n": n, "e": e, "s": s, "w": w}}
    if axis is not None:
        d["long_axis"] = axis
    return d


def xt(r: int, c: int, sectors: Iterable[str], axis: str) -> dict[str, Any]:
    """An X-Tile from its (big, small, big, small) sectors, the first big end facing E or N."""
    b1, s1, b2, s2 = sectors
    if axis == "ew":
        return edges(r, c, s2, b1, s1, b2, "ew")
    return edges(r, c, b1, s1, b2, s2, "ns")


def board(game: str, tiles: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"game": game, "tiles": list(tiles), **extra}


def record(game: str, states: list[list[dict[str, Any]]], players=("Ann", "Bob"), options=None,
           entry_extra: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
    turns = []
    for i, tiles in enumerate(states):
        entry = {"board": board(game, tiles)}
        entry.update((entry_extra or {}).get(i, {}))
        turns.append(entry)
    return {"game": game, "players": list(players), "options": dict(options or {}), "turns": turns}


def rule_ids(turn: dict[str, Any]) -> list[str]:
    return sorted(v["rule"] for v in turn["violations"])
