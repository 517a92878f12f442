"""Compare a read board with the truth, up to translation and quarter turns (FORMATS.md)."""
from __future__ import annotations


def _turn_tile(t: dict, k: int) -> dict:
    t = dict(t)
    for _ in range(k % 4):
        t["row"], t["col"] = t["col"], -t["row"]
        if t.get("edges"):
            e = t["edges"]
            t["edges"] = {"n": e["w"], "e": e["n"], "s": e["e"], "w": e["s"]}
        if t.get("long_axis"):
            t["long_axis"] = "ns" if t["long_axis"] == "ew" else "ew"
    return t


ATTRS = ("colour", "pips", "symbol", "edges", "long_axis")


def cell_errors(read: dict, truth: dict) -> tuple[int, int]:
    """(wrong cells, cells compared) under the best quarter turn and translation.

    A cell is wrong when occupancy differs or any attribute present in the truth differs."""
    best = None
    truth_cells = {(t["row"], t["col"]): t for t in truth["tiles"]}
    for k in range(4):
        turned = [_turn_tile(t, k) for t in read["tiles"]]
        for anchor in turned[:1] or [None]:
            pass
        offsets = {(tc[0] - t["row"], tc[1] - t["col"]) for t in turned for tc in truth_cells}
        for dr, dc in offsets or {(0, 0)}:
            cells = {(t["row"] + dr, t["col"] + dc): t for t in turned}
            wrong = 0
            for cell in set(cells) | set(truth_cells):
                a, b = cells.get(cell), truth_cells.get(cell)
                if a is None or b is None:
                    wrong += 1
                    continue
                if any(b.get(x) is not None and a.get(x) != b.get(x) for x in ATTRS):
                    wrong += 1
            if best is None or wrong < best:
                best = wrong
    return best, len(truth_cells)


def error_kinds(read: dict, truth: dict) -> dict:
    """Counts of missing / extra tiles and wrong attributes under the best alignment."""
    truth_cells = {(t["row"], t["col"]): t for t in truth["tiles"]}
    best = None
    for k in range(4):
        turned = [_turn_tile(t, k) for t in read["tiles"]]
        offsets = {(tc[0] - t["row"], tc[1] - t["col"]) for t in turned for tc in truth_cells}
        for dr, dc in offsets or {(0, 0)}:
            cells = {(t["row"] + dr, t["col"] + dc): t for t in turned}
            kinds = {"missing": 0, "extra": 0}
            for cell in set(cells) | set(truth_cells):
                a, b = cells.get(cell), truth_cells.get(cell)
                if a is None:
                    kinds["missing"] += 1
                elif b is None:
                    kinds["extra"] += 1
                else:
                    for x in ATTRS:
                        if b.get(x) is not None and a.get(x) != b.get(x):
                            kinds[x] = kinds.get(x, 0) + 1
            total = sum(kinds.values())
            if best is None or total < best[0]:
                best = (total, kinds)
    return best[1]
