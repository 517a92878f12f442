"""The Twelve Tiles board: find its 8x8 frame on a located lattice and read its border colours.

The board's cell grid is part of the lattice (its printed lines are straight edges); the frame is
the 8x8 window of cells whose four outer sides each run along a uniform strip of one kit colour.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np

from vision.cells import rectify
from vision.colour import Palette, bgr_to_lab, ciede2000
from vision.locate import Lattice

logger = logging.getLogger(__name__)

FRAME = 8
EDGES = ("n", "e", "s", "w")


@dataclass(frozen=True)
class Frame:
    """``origin`` ``(row, col)`` of the frame's cell (0, 0) in lattice cells; ``borders``
    ``{"n","e","s","w"}`` colour names; ``confidence`` 0-1."""

    origin: tuple[int, int]
    borders: dict
    confidence: float


def find_frame(image: np.ndarray, lattice: Lattice, palette: Palette, *, cell_px: int = 24
               ) -> Frame | None:
    """Find the 8x8 board frame on ``lattice`` (full-image homography) in ``image`` (BGR).

    Returns ``None`` when no window of the lattice has coloured strips on its four sides.
    """
    td = rectify(image, lattice, cell_px=cell_px)
    lab = bgr_to_lab(td.image)
    n = cell_px
    H, W = lab.shape[:2]

    def strip(y0: float, y1: float, x0: float, x1: float) -> np.ndarray | None:
        a, b = int(round(y0 * n)), int(round(y1 * n))
        c, d = int(round(x0 * n)), int(round(x1 * n))
        if a < 0 or c < 0 or b > H or d > W or b <= a or d <= c:
            return None
        return lab[a:b, c:d].reshape(-1, 3)

    best = None
    for r0 in range(0, td.rows - FRAME + 1):
        for c0 in range(0, td.cols - FRAME + 1):
            parts = {
                "n": strip(r0 - 0.28, r0 - 0.08, c0 + 0.5, c0 + FRAME - 0.5),
                "s": strip(r0 + FRAME + 0.08, r0 + FRAME + 0.28, c0 + 0.5, c0 + FRAME - 0.5),
                "w": strip(r0 + 0.5, r0 + FRAME - 0.5, c0 - 0.28, c0 - 0.08),
                "e": strip(r0 + 0.5, r0 + FRAME - 0.5, c0 + FRAME + 0.08, c0 + FRAME + 0.28),
            }
            if any(p is None for p in parts.values()):
                continue
            meds = np.array([np.median(parts[e], axis=0) for e in EDGES])
            d = ciede2000(meds[:, None, :], palette.lab[None, :, :])
            idx = d.argmin(1)
            dist = d[np.arange(4), idx]
            spread = np.array([np.median(np.linalg.norm(parts[e] - meds[i], axis=1))
                               for i, e in enumerate(EDGES)])
            chroma = np.hypot(meds[:, 1], meds[:, 2])
            score = float(np.sum(dist) + np.sum(spread) - 0.3 * np.sum(np.minimum(chroma, 60)))
            if best is None or score < best[0]:
                best = (score, r0, c0, idx, dist, spread)
    if best is None:
        return None
    score, r0, c0, idx, dist, spread = best
    if np.max(dist) > 25 or np.max(spread) > 12 or len(set(idx.tolist())) < min(4, len(palette.names)):
        # the four sides of the board carry four different colours
        logger.debug("no board frame: strips dE %s spread %s colours %s", dist, spread, idx)
        return None
    conf = float(np.clip(1 - np.max(dist) / 30, 0, 1))
    borders = {e: palette.names[int(i)] for e, i in zip(EDGES, idx)}
    return Frame((td.r0 + r0, td.c0 + c0), borders, conf)
