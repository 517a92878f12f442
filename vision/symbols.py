"""Tapestry symbols read by their shape, on a fine view of each card.

KITS.md describes the default art only loosely: rock is "a round fist / filled disc", paper "a
flat sheet / open hand", scissors "two rings with crossed blades". A real set's art, or another
printing, may draw any of these forms, so the symbol is named by what the forms share, not by one
drawing:

- rock is compact and round: its hull is nearly filled and round, it does not fill a rectangle,
  and it has no rings (a disc; a fist, whose knuckles notch its outline only a little);
- paper is either a sheet (it fills its bounding rectangle; lines drawn on it are slits, not
  rings) or an open hand (fingers: deep notches, a hull and a bounding box half filled, a palm
  solid enough that it is not a pair of blades);
- scissors are two rings (round holes) and thin blades: little of their hull is filled.

The features are measured on the art's mask (see :func:`shape_features`) on a view of the card
:data:`FACE_PX` pixels wide, warped from the photo on its own (:func:`card_faces`): the reader's
top-down view of the whole layout (44 pixels per card) blurs a hand's fingers together.

Checked on masks drawn procedurally in every form above (discs, fists with and without finger
lines, sheets with and without lines and folded corners, open hands, scissors; 16-56 pixels
across, any rotation), and on the cards of two renderers of different art (``vision.synth``'s
disc / sheet / scissors and ``tests/indie``'s disc / open hand / scissors): see
``tests/vision/test_symbols.py``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

import cv2
import numpy as np

from vision.locate import Lattice

#: Width in pixels of a card's own view, on which its symbol is read.
FACE_PX = 96
#: A hole counts as a ring's when it is at least this share of the art's filled area ...
RING_AREA = 0.02
#: ... and this round (4 pi area / perimeter^2): a line drawn on a sheet is a slit.
RING_ROUNDNESS = 0.55


@dataclass(frozen=True)
class ShapeFeatures:
    """Shape of one symbol mask (see :func:`shape_features`).

    ``filled_solidity``: the art's area with its holes filled over its convex hull's area;
    ``solidity``: the same without filling the holes; ``roundness``: 4 pi area / perimeter^2
    of the hull; ``rings``: the round holes' share of the filled area; ``extent``: the filled
    area over its minimum-area bounding rectangle's; ``notch``: the depths of the four deepest
    notches of the outline (convexity defects) over the square root of the hull's area, summed.
    """

    filled_solidity: float
    solidity: float
    roundness: float
    rings: float
    extent: float
    notch: float


def shape_features(mask: np.ndarray) -> ShapeFeatures | None:
    """Features of a symbol mask ``(h, w)`` (non-zero = art); ``None`` when it is empty."""
    m = (np.asarray(mask) > 0).astype(np.uint8)
    contours, hier = cv2.findContours(m, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    if not contours or hier is None:
        return None
    hier = hier[0]
    areas = [cv2.contourArea(c) for c in contours]
    outer = [i for i in range(len(contours)) if hier[i][3] < 0]
    filled = float(sum(areas[i] for i in outer))
    if filled <= 0:
        return None
    pts = np.vstack([contours[i].reshape(-1, 2) for i in outer])
    hull = cv2.convexHull(pts)
    hull_area = max(cv2.contourArea(hull), 1.0)
    hull_perimeter = max(cv2.arcLength(hull, True), 1.0)
    holes = [i for i in range(len(contours)) if hier[i][3] >= 0]
    hole_area = float(sum(areas[i] for i in holes))
    rings = 0.0
    for i in holes:
        perimeter = max(cv2.arcLength(contours[i], True), 1.0)
        if areas[i] >= RING_AREA * filled and 4 * math.pi * areas[i] / perimeter ** 2 >= RING_ROUNDNESS:
            rings += areas[i]
    _, (rw, rh), _ = cv2.minAreaRect(pts)
    main = contours[max(outer, key=lambda i: areas[i])]
    notch = 0.0
    if len(main) > 5:
        try:
            defects = cv2.convexityDefects(main, cv2.convexHull(main, returnPoints=False))
        except cv2.error:  # (a self-touching outline)
            defects = None
        if defects is not None:
            depth = np.sort(defects.reshape(-1, 4)[:, 3] / 256.0)[::-1]
            notch = float(depth[:4].sum() / math.sqrt(hull_area))
    return ShapeFeatures(filled_solidity=filled / hull_area,
                         solidity=max(filled - hole_area, 0.0) / hull_area,
                         roundness=4 * math.pi * hull_area / hull_perimeter ** 2,
                         rings=rings / filled, extent=filled / max(rw * rh, 1.0), notch=notch)


def _clip(v: float, lo: float, hi: float) -> float:
    return min(max(v, lo), hi)


def symbol_scores(f: ShapeFeatures) -> dict[str, float]:
    """Soft votes ``{"rock", "paper", "scissors"}`` (higher is likelier) from shape features."""
    rock = (6 * (f.filled_solidity - 0.86) + 6 * (f.roundness - 0.86)
            - 12 * max(0.0, f.extent - 0.86) - 8 * f.rings)
    sheet = 14 * (f.extent - 0.84) + 4 * (f.filled_solidity - 0.85)
    hand = (2 * _clip(f.notch - 0.6, -0.5, 0.6) + 8 * _clip(0.8 - f.filled_solidity, -0.2, 0.15)
            + 8 * _clip(0.68 - f.extent, -0.2, 0.15) - 10 * f.rings
            - 12 * max(0.0, 0.6 - f.solidity))
    scissors = 10 * (f.rings - 0.08) + 6 * (0.6 - f.filled_solidity) + 8 * (0.55 - f.solidity)
    return {"rock": rock, "paper": max(sheet, hand), "scissors": scissors}


#: The margin between the best and the second vote at which the confidence is 1 - 1/e.
VOTE_SCALE = 0.8


def classify_shape(mask: np.ndarray, symbols: Iterable[str]) -> tuple[str | None, float, str]:
    """``(symbol, confidence 0-1, why)`` of one symbol mask among ``symbols`` (the kit's names;
    a name this module does not know gets no vote)."""
    f = shape_features(mask)
    if f is None:
        return None, 0.1, "no symbol visible"
    scores = symbol_scores(f)
    names = [s for s in symbols if s in scores] or list(scores)
    ranked = sorted(names, key=lambda s: -scores[s])
    margin = scores[ranked[0]] - scores[ranked[1]] if len(ranked) > 1 else 5.0
    conf = float(1 - math.exp(-max(margin, 0.0) / VOTE_SCALE))
    why = (f"symbol unclear (solidity {f.filled_solidity:.2f}/{f.solidity:.2f}, roundness "
           f"{f.roundness:.2f}, extent {f.extent:.2f}, notches {f.notch:.2f}, rings {f.rings:.2f})")
    return ranked[0], conf, why


def card_faces(image: np.ndarray, lattice: Lattice, cells: Iterable[tuple[int, int]], *,
               aspect: float, width: int = FACE_PX) -> dict[tuple[int, int], np.ndarray]:
    """Each card cell ``(row, col)`` of ``lattice`` warped from ``image`` (BGR, the image the
    lattice's homography maps to) on its own: ``{cell: (round(width * aspect), width, 3)}``
    BGR, the cell's top-down view at ``width`` pixels across (``aspect`` = height / width)."""
    height = int(round(width * aspect))
    out = {}
    for r, c in cells:
        # view pixel (u, v) -> lattice (c + (u + 0.5) / width, r + (v + 0.5) / height)
        T = np.array([[1 / width, 0, c + 0.5 / width], [0, 1 / height, r + 0.5 / height],
                      [0, 0, 1.0]])
        out[(r, c)] = cv2.warpPerspective(image, lattice.H @ T, (width, height),
                                          flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                          borderMode=cv2.BORDER_REPLICATE)
    return out
