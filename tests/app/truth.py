"""What the player would make the board say: the true board of a sample photo, placed in the
coordinates of the board the reader returned, and the corrections that turn one into the other."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from companion.rules.board import board_from_dict, board_to_dict

ATTRS = ("colour", "pips", "symbol", "edges", "long_axis")


def truth_for(photo: str | Path) -> dict[str, Any] | None:
    """The truth sidecar ``NAME.board.json`` of ``NAME.jpg`` (FORMATS.md), or None."""
    p = Path(photo)
    side = p.with_name(p.stem + ".board.json")
    if not side.exists():
        return None
    data = json.loads(side.read_text())
    data.pop("scene", None)
    return data


def identity(tile: Mapping[str, Any]) -> tuple:
    return tuple(json.dumps(tile.get(k), sort_keys=True) for k in ATTRS if k in tile)


def clean(tile: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in tile.items() if k in ATTRS}


def align_to(read: Mapping[str, Any], truth: Mapping[str, Any]) -> dict[str, Any]:
    """``truth`` turned (quarter turns) and shifted to agree with ``read`` on the most tiles."""
    game = truth["game"]
    t_board = board_from_dict({k: v for k, v in truth.items() if k in ("game", "tiles", "borders")})
    read_tiles = {(t["row"], t["col"]): t for t in read.get("tiles", [])}
    frame = bool(truth.get("borders"))
    best = None
    for k in range(4):
        turned = board_to_dict(t_board.turned(k))
        tt = turned["tiles"]
        shifts = {(0, 0)}
        if not frame:
            for a in tt:
                for (r, c) in read_tiles:
                    shifts.add((r - a["row"], c - a["col"]))
        for dr, dc in shifts:
            same = overlap = 0
            for a in tt:
                cell = (a["row"] + dr, a["col"] + dc)
                if cell in read_tiles:
                    overlap += 1
                    if identity(clean(read_tiles[cell])) == identity(clean(a)):
                        same += 1
            key = (same, overlap, -k, -abs(dr) - abs(dc))
            if best is None or key > best[0]:
                best = (key, k, dr, dc, turned)
    _, k, dr, dc, turned = best
    out = {"game": game, "tiles": [dict(clean(a), row=a["row"] + dr, col=a["col"] + dc)
                                   for a in turned["tiles"]]}
    if turned.get("borders"):
        out["borders"] = turned["borders"]
    return out


def corrections(read: Mapping[str, Any], target: Mapping[str, Any]) -> tuple[dict, list]:
    """``(changes, removals)``: cell -> tile to set, and cells to empty."""
    have = {(t["row"], t["col"]): clean(t) for t in read.get("tiles", []) if not t.get("unknown")}
    unknown = {(t["row"], t["col"]) for t in read.get("tiles", []) if t.get("unknown")}
    want = {(t["row"], t["col"]): clean(t) for t in target.get("tiles", [])}
    changes = {cell: tile for cell, tile in want.items()
               if cell in unknown or identity(have.get(cell, {})) != identity(tile) or cell not in have and cell not in unknown}
    removals = [cell for cell in set(have) | unknown if cell not in want]
    return changes, sorted(removals)
