"""The review overlay on a photo, and mapping a tap on the photo to a board cell.

The reader's ``vision.overlay.draw_overlay`` draws the grid, readings and violations when it is
available; the stored reading (a plain dict kept by the session store) is handed to it. When it
is not, or fails on a stored reading, the cells are drawn here from the reading's geometry.
Cell polygons are in photo pixels ``(x, y)``; cells are ``(row, col)`` of the turn's board.
"""
from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any, Iterable, Mapping

import cv2
import numpy as np

from companion.app.boardmodel import doubtful_cells, tiles_by_cell, tile_label, violation_cells

logger = logging.getLogger(__name__)

Cell = tuple[int, int]


def _poly(value: Any) -> np.ndarray | None:
    try:
        arr = np.asarray(value, dtype=np.float64).reshape(-1, 2)
    except (TypeError, ValueError):
        return None
    return arr if len(arr) >= 3 and np.isfinite(arr).all() else None


def cell_polygons(geometry: Any) -> dict[Cell, np.ndarray]:
    """``{(row, col): (K, 2) float polygon in photo pixels}`` from a reading's geometry.

    Accepts the forms a reading may take once stored as JSON: a list of
    ``{"row", "col", "polygon"|"corners"|"quad"}`` under ``cells``/``cell_polygons``, or a mapping
    ``"row,col" -> polygon``; a 3x3 ``image_from_topdown`` homography with unit cells is used
    when no polygons are given.
    """
    if geometry is None:
        return {}
    if not isinstance(geometry, Mapping):
        geometry = {k: getattr(geometry, k) for k in dir(geometry) if not k.startswith("_")}
    out: dict[Cell, np.ndarray] = {}
    for key in ("cells", "cell_polygons", "polygons"):
        cells = geometry.get(key)
        if isinstance(cells, Mapping):
            for k, poly in cells.items():
                try:
                    r, c = (int(v) for v in str(k).strip("()[] ").split(","))
                except ValueError:
                    continue
                p = _poly(poly.get("polygon") if isinstance(poly, Mapping) else poly)
                if p is not None:
                    out[(r, c)] = p
        elif isinstance(cells, (list, tuple)):
            for item in cells:
                if not isinstance(item, Mapping):
                    continue
                cell = item.get("cell")
                try:
                    r, c = (int(item["row"]), int(item["col"])) if cell is None else (int(cell[0]), int(cell[1]))
                except (KeyError, TypeError, ValueError, IndexError):
                    continue
                for name in ("polygon", "corners", "quad", "points"):
                    p = _poly(item.get(name))
                    if p is not None:
                        out[(r, c)] = p
                        break
        if out:
            return out
    return out


def cell_at_point(polygons: Mapping[Cell, np.ndarray], x: float, y: float) -> Cell | None:
    """The cell whose polygon contains photo pixel ``(x, y)`` (nearest centre on overlaps)."""
    best, best_d = None, None
    for cell, poly in polygons.items():
        contour = poly.astype(np.float32).reshape(-1, 1, 2)
        if cv2.pointPolygonTest(contour, (float(x), float(y)), False) >= 0:
            cx, cy = poly.mean(axis=0)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if best_d is None or d < best_d:
                best, best_d = cell, d
    return best


def stored_geometry(geometry: Any) -> Any:
    """The reader's ``Geometry`` rebuilt from its stored JSON form (``None`` when it cannot be)."""
    if geometry is None or not isinstance(geometry, Mapping):
        return geometry
    try:
        from vision.pipeline import Geometry
    except ImportError:
        return None
    try:
        return Geometry(H=np.asarray(geometry["H"], dtype=np.float64),
                        cells=cell_polygons(geometry),
                        rows=tuple(geometry.get("rows") or ()), cols=tuple(geometry.get("cols") or ()),
                        image_size=tuple(int(v) for v in geometry["image_size"]))
    except (KeyError, TypeError, ValueError):
        return None


def _reading_object(reading: Mapping[str, Any], board: Mapping[str, Any],
                    corrected: set[Cell]) -> SimpleNamespace | None:
    geometry = stored_geometry(reading.get("geometry"))
    if geometry is None:
        return None
    doubts = tuple(d for d in (reading.get("doubts") or ())
                   if isinstance(d, Mapping) and (d.get("row"), d.get("col")) not in corrected)
    return SimpleNamespace(board=board, geometry=geometry, doubts=doubts,
                           timing_ms=reading.get("timing_ms") or {})


def draw(image: np.ndarray, turn: Any, *, threshold: float = 0.6) -> np.ndarray:
    """Photo (H, W, 3) BGR with the turn's overlay: the reader's own when possible."""
    reading = turn.reading or {}
    board = turn.board
    violations = [dict(v) for v in (turn.violations or ())]
    corrected = {tuple(c.cell) for c in getattr(turn, "corrections", ())}
    try:
        from vision.overlay import draw_overlay
    except ImportError:
        draw_overlay = None
    if draw_overlay is not None:
        obj = _reading_object(reading, board, corrected)
        if obj is not None:
            try:
                # the corrected board is drawn, so the overlay shows what is scored
                return draw_overlay(image, obj, violations=violations)
            except Exception as exc:  # a stored reading the reader's overlay cannot take
                logger.info("reader overlay unavailable for this turn (%s); drawing cells here", exc)
    return draw_cells(image, reading.get("geometry"), board, violations,
                      reading.get("doubts") or (), threshold=threshold)


def draw_cells(image: np.ndarray, geometry: Any, board: Mapping[str, Any],
               violations: Iterable[Mapping[str, Any]], doubts: Iterable[Mapping[str, Any]] = (),
               *, threshold: float = 0.6) -> np.ndarray:
    """Outline every read cell: green read, amber uncertain, red breaking a rule (BGR)."""
    out = image.copy()
    polys = cell_polygons(geometry)
    if not polys:
        return out
    tiles = tiles_by_cell(board)
    bad = violation_cells(violations)
    doubt = doubtful_cells(board, doubts, threshold=threshold)
    thick = max(2, round(max(out.shape[:2]) / 400))
    for cell, poly in polys.items():
        if cell not in tiles and cell not in bad:
            continue
        colour = (60, 200, 60)
        if cell in doubt:
            colour = (0, 190, 255)
        if cell in bad:
            colour = (40, 40, 230)
        pts = poly.round().astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(out, [pts], True, colour, thick, cv2.LINE_AA)
        label = tile_label(board.get("game", ""), tiles.get(cell))
        cx, cy = poly.mean(axis=0)
        scale = max(0.4, thick / 4)
        cv2.putText(out, label[:14], (int(cx - 30 * scale), int(cy)), cv2.FONT_HERSHEY_SIMPLEX,
                    scale, (0, 0, 0), thick + 2, cv2.LINE_AA)
        cv2.putText(out, label[:14], (int(cx - 30 * scale), int(cy)), cv2.FONT_HERSHEY_SIMPLEX,
                    scale, (255, 255, 255), max(1, thick - 1), cv2.LINE_AA)
    return out
