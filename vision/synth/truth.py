"""Board dicts (FORMATS.md) turned by quarter turns, and the truth sidecar of a rendered photo.

``vision`` may not import the rule core, so the quarter turn of FORMATS.md is written here for
plain board dicts: clockwise, ``(row, col) -> (col, -row)`` (on a Twelve Tiles frame board
``(row, col) -> (col, 7 - row)``), edges ``n->e, e->s, s->w, w->n``, ``long_axis`` swapped,
borders likewise.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Mapping

EDGES = ("n", "e", "s", "w")
FRAME = 8


def has_frame(board: Mapping[str, Any]) -> bool:
    return board.get("borders") is not None


def turn_edges(edges: Mapping[str, Any], k: int) -> dict[str, Any]:
    """Edge dict after ``k`` clockwise quarter turns: what faced ``n`` now faces ``e`` (k=1)."""
    k %= 4
    return {EDGES[(i + k) % 4]: edges[EDGES[i]] for i in range(4)}


def turn_cell(row: int, col: int, k: int, *, frame: bool = False) -> tuple[int, int]:
    """Cell ``(row, col)`` after ``k`` clockwise quarter turns (within the 0-7 frame when
    ``frame``)."""
    for _ in range(k % 4):
        row, col = (col, FRAME - 1 - row) if frame else (col, -row)
    return row, col


def turn_board(board: Mapping[str, Any], k: int) -> dict[str, Any]:
    """``board`` turned ``k`` quarter turns clockwise (a new dict; ``board`` is not changed)."""
    k %= 4
    out = copy.deepcopy(dict(board))
    frame = has_frame(board)
    tiles = []
    for tile in out.get("tiles", []):
        r, c = turn_cell(tile["row"], tile["col"], k, frame=frame)
        t = dict(tile, row=r, col=c)
        if isinstance(t.get("edges"), dict):
            t["edges"] = turn_edges(t["edges"], k)
        if t.get("long_axis") in ("ew", "ns") and k % 2:
            t["long_axis"] = "ns" if t["long_axis"] == "ew" else "ew"
        tiles.append(t)
    out["tiles"] = sorted(tiles, key=lambda t: (t["row"], t["col"]))
    if frame:
        out["borders"] = turn_edges(out["borders"], k)
    return out


def normalise_origin(board: Mapping[str, Any]) -> dict[str, Any]:
    """Translate a frameless board so its smallest row and column are 0."""
    out = copy.deepcopy(dict(board))
    if has_frame(board) or not out.get("tiles"):
        return out
    r0 = min(t["row"] for t in out["tiles"])
    c0 = min(t["col"] for t in out["tiles"])
    out["tiles"] = sorted((dict(t, row=t["row"] - r0, col=t["col"] - c0) for t in out["tiles"]),
                          key=lambda t: (t["row"], t["col"]))
    return out


def sidecar_path(photo: str | Path) -> Path:
    """``DIR/NAME.jpg`` -> ``DIR/NAME.board.json``."""
    p = Path(photo)
    return p.with_name(p.stem + ".board.json")


def write_truth(photo: str | Path, truth: Mapping[str, Any]) -> Path:
    path = sidecar_path(photo)
    path.write_text(json.dumps(truth, indent=1) + "\n", encoding="utf-8")
    return path
