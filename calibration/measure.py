"""Measure what each cell of a photo looks like, exactly as the reader samples it.

A profile is only useful if its numbers mean what the reader measures, so the face, card and
sector colours and the symbol shape are taken with the reader's own samplers
(``vision.cells``) on a per-cell top-down crop of the reader's cell size.

Cells are given as polygons ``(4, 2)`` in image pixels ``(x, y)``, clockwise from the cell's
top-left in the board frame (``Reading.geometry.cells``). Colours are real CIELAB (D65).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Mapping

import cv2
import numpy as np

# The reader's samplers (private in vision.cells; see the report: they should become public).
from vision.cells import (_art_lab, _card_background, _face_lab, _robust, _sector_masks, _symbol_mask,
                          symbol_probe_from_mask)
from vision.colour import bgr_to_lab
from vision.kits import Kit

logger = logging.getLogger(__name__)

EDGES = ("n", "e", "s", "w")


def cell_size_px(kit: Kit) -> tuple[int, int]:
    """``(width, height)`` in pixels of one cell in the reader's top-down view of ``kit``."""
    if kit.face_model == "solid":
        return 64, 64
    if kit.shape == "card":
        return 44, int(round(44 * kit.tile_size_mm[1] / kit.tile_size_mm[0]))
    return 48, 48


def cell_crop(image: np.ndarray, polygon: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """Top-down crop ``(h, w, 3)`` BGR of one cell: the polygon's corners go to the crop's corners."""
    w, h = size
    poly = np.asarray(polygon, np.float32).reshape(4, 2)
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    M = cv2.getPerspectiveTransform(poly, dst)
    return cv2.warpPerspective(image, M, (w, h), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)


@dataclass(frozen=True)
class CellSample:
    """What one cell shows.

    Attributes
    ----------
    regions : region name -> Lab ``(3,)``: ``"face"`` (solid tiles), ``"card"`` (card
        background), or ``"n"``/``"e"``/``"s"``/``"w"`` sectors.
    symbol : (32, 32) float32 0-1 symbol shape as the reader's template matcher sees it, or None.
    """

    regions: Mapping[str, np.ndarray]
    symbol: np.ndarray | None = None
    info: Mapping[str, float] = field(default_factory=dict)


def sample_cell(image: np.ndarray, polygon: np.ndarray, kit: Kit, *, long_axis: str | None = None
                ) -> CellSample:
    """Sample one cell's colours (and symbol) with the reader's masks.

    ``long_axis`` (``"ew"``/``"ns"``) chooses the big/small sector masks of X-shaped tiles.
    """
    size = cell_size_px(kit)
    crop = cell_crop(image, polygon, size)
    lab = bgr_to_lab(crop)
    if kit.face_model == "solid":
        return CellSample({"face": np.asarray(_face_lab(lab, None), float)})
    if kit.face_model == "symbol":
        bg = np.asarray(_card_background(lab), float)
        art = art_colour(lab, bg)
        regions = {"card": bg} if art is None else {"card": bg, "art": art}
        probe_art = art if art is not None else _art_lab(kit.symbol_colour)
        return CellSample(regions, symbol_probe(lab, bg, probe_art))
    axis = 1 if long_axis == "ns" else 0
    masks = _sector_masks(kit, size[0], axis)
    return CellSample({e: np.asarray(_robust(lab[masks[e]])[0], float) for e in EDGES})


def art_colour(cell_lab: np.ndarray, background_lab: np.ndarray) -> np.ndarray | None:
    """The Lab ``(3,)`` of a card's symbol art as photographed: the per-channel median of the
    pixels the reader's symbol mask keeps when it knows no art colour (pixels lighter than the
    card and apart from it). ``None`` when no art shows. Under a warm lamp a white print is
    cream; the reader's mask must look for that colour, not the kit's nominal white."""
    mask = _symbol_mask(cell_lab, background_lab, None).astype(bool)
    if mask.sum() < 0.01 * mask.size:
        return None
    h, w = cell_lab.shape[:2]
    core = cell_lab[int(0.12 * h):h - int(0.12 * h), int(0.12 * w):w - int(0.12 * w)]
    return np.median(core[mask], axis=0).astype(float)


def symbol_probe(cell_lab: np.ndarray, background_lab: np.ndarray, art_lab: np.ndarray | None = None
                 ) -> np.ndarray | None:
    """The symbol's mask cropped to its bounding box, padded square, resized to 32x32 (0-1),
    the same probe the reader compares with profile templates (the reader's mask: the card's
    art colour ``art_lab``, the kit's ``symbol_colour``, when known); None when no symbol shows."""
    mask = _symbol_mask(cell_lab, background_lab, art_lab)
    if mask.sum() < 0.01 * mask.size:
        return None
    return symbol_probe_from_mask(mask)


def sample_cells(image: np.ndarray, cells: Mapping[tuple[int, int], np.ndarray], kit: Kit, *,
                 long_axes: Mapping[tuple[int, int], str] | None = None
                 ) -> dict[tuple[int, int], CellSample]:
    """:func:`sample_cell` for every cell of ``cells`` (``(row, col)`` -> polygon)."""
    long_axes = long_axes or {}
    return {cell: sample_cell(image, poly, kit, long_axis=long_axes.get(cell))
            for cell, poly in cells.items()}
