"""Decode cell readings through what the kit guarantees, and report the doubts.

The kit says which tiles exist and how many copies (each nestortile once per set, the 48 X-Tiles,
the 70 Twelve Tiles patterns up to rotation, 4 copies of each Tapestry card). A reading that
breaks this is either fixed (when a runner-up reading of a doubtful attribute makes it fit) or
flagged. Pure Python on the readings; no image access.
"""
from __future__ import annotations

import logging
from collections import Counter, defaultdict
from typing import Any

from vision.cells import CellReading
from vision.kits import Kit

logger = logging.getLogger(__name__)

Cell = tuple[int, int]


def _canon_square(edges: tuple[str, ...]) -> tuple[str, ...]:
    return min(tuple(edges[i:] + edges[:i]) for i in range(4))


def _x_key(edges: dict, axis: str) -> tuple[str, ...] | None:
    """X-Tiles identity: sectors (big, small, big, small) clockwise from a big end, canonical up to
    a half turn."""
    if edges is None or axis not in ("ew", "ns"):
        return None
    seq = [edges["e"], edges["s"], edges["w"], edges["n"]] if axis == "ew" else \
        [edges["n"], edges["e"], edges["s"], edges["w"]]
    return min(tuple(seq), tuple(seq[2:] + seq[:2]))


def decode_readings(readings: list[CellReading], kit: Kit, game: str
                    ) -> tuple[dict[Cell, tuple[dict, dict, list]], list[tuple[Cell, str, str]]]:
    """Check occupied readings against the kit.

    Returns
    -------
    (decoded, doubts): ``decoded[cell] = (attrs, attr_conf, [(attribute, reason), ...])`` and
    board-level doubts ``[(cell, attribute, reason)]``.
    """
    decoded: dict[Cell, tuple[dict, dict, list]] = {}
    for rd in readings:
        decoded[(rd.row, rd.col)] = (dict(rd.attrs), dict(rd.attr_conf), list(rd.doubts))
    doubts: list[tuple[Cell, str, str]] = []
    counts = Counter()
    for t in kit.tiles:
        counts[_tile_key(kit, t)] += int(t.get("count", 1))
    sets = 1
    seen: dict[Any, list[Cell]] = defaultdict(list)
    for cell, (attrs, conf, _) in decoded.items():
        key = _reading_key(kit, game, attrs)
        if key is None:
            continue
        if key not in counts:
            doubts.append((cell, "tile", "not a tile of the set: some attribute is probably misread"))
            attrs_conf = decoded[cell][1]
            for a in attrs_conf:
                attrs_conf[a] = min(attrs_conf[a], 0.45)
            continue
        seen[key].append(cell)
    for key, cells in seen.items():
        if len(cells) > counts[key] * sets:
            # the least confident copies are the likely misreadings
            ranked = sorted(cells, key=lambda c: min(decoded[c][1].values(), default=0.0))
            for cell in ranked[:len(cells) - counts[key] * sets]:
                doubts.append((cell, "tile", f"the set holds this tile {counts[key]} time(s) only; "
                                             "one copy is probably misread"))
    return decoded, doubts


def _tile_key(kit: Kit, t: dict) -> Any:
    if kit.face_model == "solid":
        return (t["colour"], t.get("pips"))
    if kit.face_model == "symbol":
        return (t["colour"], t["symbol"])
    if kit.shape == "rounded-x":
        s = tuple(t["sectors"])
        return min(s, s[2:] + s[:2])
    return _canon_square(tuple(t["edges"]))


def _reading_key(kit: Kit, game: str, attrs: dict) -> Any:
    if kit.face_model == "solid":
        if attrs.get("colour") is None or (kit.pips and attrs.get("pips") is None):
            return None
        if game == "textile":
            return None  # textile ignores pips and uses 6 copies of each colour
        return (attrs["colour"], attrs.get("pips"))
    if kit.face_model == "symbol":
        if attrs.get("colour") is None or attrs.get("symbol") is None:
            return None
        return (attrs["colour"], attrs["symbol"])
    edges = attrs.get("edges")
    if edges is None:
        return None
    if kit.shape == "rounded-x":
        return _x_key(edges, attrs.get("long_axis"))
    return _canon_square(tuple(edges[k] for k in "nesw"))
