"""Where each tile lies on the table: lattice positions plus the small gaps and twists of
tiles placed by hand, and the Twelve Tiles board.

World millimetres: ``x`` east (``col``), ``y`` south (``row``), centred on the layout.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping

import numpy as np

from vision.kits import Kit
from vision.synth.faces import cell_pitch_mm, outline_mm

#: Twelve Tiles board: cell pitch, the frame around the cells and its coloured strips.
TT_CELL_MM = 42.0
TT_STRIP_MM = 14.0
TT_RIM_MM = 6.0


@dataclass(frozen=True)
class PlacedTile:
    """One tile on the table: its board dict, centre ``(x, y)`` mm, twist (radians, clockwise on
    screen) and ``spin`` (quarter turns of rotation-free art such as pips)."""

    tile: Mapping[str, Any]
    centre: tuple[float, float]
    twist: float
    spin: int

    def outline(self, kit: Kit) -> np.ndarray:
        """Outline ``(N, 2)`` in world mm."""
        pts = outline_mm(kit, self.tile)
        c, s = math.cos(self.twist), math.sin(self.twist)
        R = np.array([[c, -s], [s, c]])
        return pts @ R.T + np.asarray(self.centre)


@dataclass(frozen=True)
class TwelveBoard:
    """The Twelve Tiles board: ``rect`` ``(x0, y0, x1, y1)`` mm of the whole board, the cell
    origin (top-left corner of cell (0, 0)) and border colours ``{"n","e","s","w"}``."""

    rect: tuple[float, float, float, float]
    origin: tuple[float, float]
    borders: Mapping[str, str]


@dataclass(frozen=True)
class Layout:
    tiles: tuple[PlacedTile, ...]
    pitch: tuple[float, float]
    origin: tuple[float, float]  # centre of cell (0, 0) before jitter, mm
    thickness: float
    bbox: tuple[float, float, float, float]  # (x0, y0, x1, y1) of everything that is the board
    board: TwelveBoard | None = None

    def cell_centre(self, row: int, col: int) -> tuple[float, float]:
        return (self.origin[0] + col * self.pitch[0], self.origin[1] + row * self.pitch[1])


def layout_board(board: Mapping[str, Any], kit: Kit, *, gap_mm: float, twist_deg: float,
                 rng: np.random.Generator) -> Layout:
    """Place the tiles of ``board`` on the table.

    Tiles sit on a lattice of pitch ``tile size + gap_mm``; each is moved by up to half the gap
    and twisted by up to ``twist_deg`` (uniform), so neighbours never overlap by more than a
    fraction of a millimetre.
    """
    tiles = list(board.get("tiles", []))
    frame = board.get("borders") is not None
    thickness = kit.thickness_mm
    if frame:
        pitch = (TT_CELL_MM, TT_CELL_MM)
        jitter = (TT_CELL_MM - kit.tile_size_mm[0]) / 2 - 0.2
    else:
        px, py = cell_pitch_mm(kit)
        pitch = (px + gap_mm, py + gap_mm)
        jitter = gap_mm / 2
    placed = []
    for t in tiles:
        cx = t["col"] * pitch[0] + rng.uniform(-jitter, jitter)
        cy = t["row"] * pitch[1] + rng.uniform(-jitter, jitter)
        tw = math.radians(rng.uniform(-twist_deg, twist_deg))
        placed.append(PlacedTile(t, (cx, cy), tw, int(rng.integers(4))))
    tt_board = None
    if frame:
        lo = -pitch[0] / 2 - TT_STRIP_MM - TT_RIM_MM
        hi = 7 * pitch[0] + pitch[0] / 2 + TT_STRIP_MM + TT_RIM_MM
        rect = (lo, lo, hi, hi)
        tt_board = TwelveBoard(rect, (-pitch[0] / 2, -pitch[1] / 2), dict(board["borders"]))
    # Centre everything on the world origin.
    if tt_board is not None:
        x0, y0, x1, y1 = tt_board.rect
    elif placed:
        pts = np.vstack([p.outline(kit) for p in placed])
        x0, y0 = pts.min(axis=0)
        x1, y1 = pts.max(axis=0)
    else:
        x0 = y0 = -20.0
        x1 = y1 = 20.0
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    placed = [PlacedTile(p.tile, (p.centre[0] - mx, p.centre[1] - my), p.twist, p.spin) for p in placed]
    if tt_board is not None:
        r = tt_board.rect
        tt_board = TwelveBoard((r[0] - mx, r[1] - my, r[2] - mx, r[3] - my),
                               (tt_board.origin[0] - mx, tt_board.origin[1] - my), tt_board.borders)
    return Layout(tuple(placed), pitch, (-mx, -my), thickness,
                  (float(x0 - mx), float(y0 - my), float(x1 - mx), float(y1 - my)), tt_board)
