"""A card-like cell beside the layout is vouched for by the art in its middle on a plain face,
however sure the art's name is: a fist as round as the rules' border between a fist and a sheet
is named either way with little confidence, and is a card all the same (the independent
renderer's final11 hard-605: the orange card joining an arm of red and orange cards to the
rest of the layout)."""
from __future__ import annotations

import cv2
import numpy as np

from tests.vision.card_cells import H, W, card_ctx
from vision.cells import _card_symbols, _classify_symbol_mask, _vouched_cards
from vision.colour import bgr_to_lab
from vision.kits import kit_for_game

ORANGE = (40, 110, 220)  # BGR


def _card(axes: tuple[int, int] | None) -> np.ndarray:
    """Lab ``(H, W, 3)`` of an orange card with a light elliptical print of half-axes ``axes``
    (pixels) in its middle, or none."""
    img = np.empty((H, W, 3), np.uint8)
    img[:] = ORANGE
    if axes is not None:
        cv2.ellipse(img, (W // 2, H // 2), axes, 0, 0, 360, (235, 245, 250), -1)
    return bgr_to_lab(img).astype(np.float32)


def test_art_of_an_unsure_name_vouches_for_a_card():
    regions = {(0, 0): _card((10, 10)),  # a card found
               (0, 1): _card((15, 8)),   # beside it: a print as round as a fist is a sheet
               (0, 2): _card(None)}      # a plain patch of a card's colour: no art
    ctx = card_ctx(regions, set())
    ctx.blown_px = {c: np.zeros((H, W), bool) for c in regions}
    ctx.blown = {c: 0.0 for c in regions}
    # (the print's name is unsure: the rules' scores for a fist and a sheet nearly tie)
    mask = _card_symbols(ctx, [(0, 1)], regions)[(0, 1)][1]
    assert _classify_symbol_mask(mask, kit_for_game("tapestry"), {})[1] < 0.15
    occ = {(0, 0): True, (0, 1): False, (0, 2): False}
    assert _vouched_cards(ctx, occ, regions) == [(0, 1)]
