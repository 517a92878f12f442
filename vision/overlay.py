"""Draw what the reader saw on the photo: the grid, each tile's reading, doubts and violations.

``draw_overlay(image, reading, violations=...)`` returns a new BGR image: every examined cell
outlined thin grey, read tiles outlined green with their reading, uncertain tiles outlined
orange with a "?", cells named by a violation outlined red with the rule id listed at the top.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

import cv2
import numpy as np

GREEN = (60, 200, 60)
ORANGE = (0, 160, 255)
RED = (40, 40, 230)
GREY = (170, 170, 170)
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)

_SHORT = {"white": "Wh", "black": "Bk", "red": "R", "orange": "O", "yellow": "Y", "green": "G",
          "blue": "B", "purple": "P", "pink": "Pk", "brown": "Br"}
_SYM = {"rock": "rock", "paper": "paper", "scissors": "scis"}


#: Violations listed as text on the photo at most (the rest are summarised in one line).
MAX_LISTED = 6


def _label(tile: Mapping[str, Any]) -> list[str]:
    if tile.get("edges"):
        e = tile["edges"]
        lines = ["".join(_SHORT.get(e[k], e[k][:2]) for k in "nesw")]
        if tile.get("long_axis"):
            lines.append(tile["long_axis"].upper())
        return lines
    parts = []
    if "colour" in tile:
        parts.append(_SHORT.get(tile["colour"], (tile["colour"] or "?")[:2]) if tile["colour"] else "?")
    if "pips" in tile and tile.get("pips") is not None:
        parts.append(str(tile["pips"]))
    if tile.get("symbol"):
        parts.append(_SYM.get(tile["symbol"], tile["symbol"]))
    return [" ".join(parts) or "?"]


def _text(img: np.ndarray, text: str, org: tuple[int, int], scale: float, colour) -> None:
    cv2.putText(img, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, BLACK, max(2, int(4 * scale)),
                cv2.LINE_AA)
    cv2.putText(img, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, colour, max(1, int(1.6 * scale)),
                cv2.LINE_AA)


def draw_overlay(image: np.ndarray, reading: Any, *, violations: Iterable[Mapping] = ()
                 ) -> np.ndarray:
    """Overlay a reading on the photo it came from.

    Parameters
    ----------
    image : ndarray (H, W, 3) uint8 BGR, the photo (any size: geometry is rescaled when the photo
        was read at another size).
    reading : a :class:`vision.pipeline.Reading`.
    violations : FORMATS.md violation dicts ``{"rule", "cells", "message"}`` in board coordinates.

    Returns
    -------
    ndarray (H, W, 3) uint8 BGR, a new image.
    """
    out = image.copy()
    geo = reading.geometry
    sx = image.shape[1] / max(geo.image_size[0], 1)
    sy = image.shape[0] / max(geo.image_size[1], 1)
    scale = np.array([sx, sy])
    diag = float(np.hypot(*image.shape[:2]))
    thick = max(1, int(round(diag / 1500)))
    for poly in geo.cells.values():
        cv2.polylines(out, [np.round(poly * scale).astype(np.int32)], True, GREY, thick, cv2.LINE_AA)
    doubtful = {(d["row"], d["col"]) for d in reading.doubts}
    bad: dict[tuple[int, int], list[str]] = {}
    for v in violations:
        for cell in v.get("cells", []):
            bad.setdefault((int(cell[0]), int(cell[1])), []).append(str(v.get("rule", "")))
    for tile in reading.board.get("tiles", []):
        cell = (tile["row"], tile["col"])
        poly = geo.cell_polygon(*cell) * scale
        colour = RED if cell in bad else ORANGE if (cell in doubtful or tile.get("unknown")) else GREEN
        cv2.polylines(out, [np.round(poly).astype(np.int32)], True, colour, 2 * thick + 1, cv2.LINE_AA)
        size = float(np.sqrt(abs(cv2.contourArea(poly.astype(np.float32)))))
        fs = max(0.35, size / 110.0)
        centre = poly.mean(0)
        lines = _label(tile)
        if cell in doubtful or tile.get("unknown"):
            lines.append("?")
        for i, line in enumerate(lines):
            (tw, th), _ = cv2.getTextSize(line, cv2.FONT_HERSHEY_SIMPLEX, fs, 1)
            org = (int(centre[0] - tw / 2), int(centre[1] + th / 2 + (i - (len(lines) - 1) / 2) * th * 1.6))
            _text(out, line, org, fs, WHITE)
    # the rules broken, listed at the top left: at most MAX_LISTED lines, so that a badly read
    # photo (dozens of violations) still shows the photo; the rest are counted by rule
    fs = max(0.5, diag / 2500)
    y = int(30 * fs) + 5
    violations = list(violations)
    shown = violations if len(violations) <= MAX_LISTED else violations[:MAX_LISTED - 1]
    for v in shown:
        _text(out, f"{v.get('rule', '')}: {v.get('message', '')}"[:90], (10, y), fs, RED)
        y += int(34 * fs)
    rest = violations[len(shown):]
    if rest:
        counts: dict[str, int] = {}
        for v in rest:
            counts[str(v.get("rule", ""))] = counts.get(str(v.get("rule", "")), 0) + 1
        summary = ", ".join(f"{n} x {rule}" for rule, n in sorted(counts.items(), key=lambda kv: -kv[1]))
        _text(out, f"and {len(rest)} more: {summary}"[:90], (10, y), fs, RED)
    return out
