"""Under a profile a card's art is found from its face towards the print's colour as the
profile measured it; on a cream table near that colour the way points anywhere, and a dark
object on the table (a die, a coin) leads along it. Marks darker than the face and further
than it from the print's colour are no print: such a cell beside the layout is not vouched for
as a card (the calibration measure's Tapestry seed 1, photo 9: a die read as a blue card)."""
from __future__ import annotations

import cv2
import numpy as np

from tests.vision.card_cells import H, W, card_ctx
from vision.cells import _Ctx, _vouched_cards
from vision.colour import bgr_to_lab, lab_to_bgr

#: The print's colour as a profile learnt it under a 3000 K lamp, and the cream table beside
#: the layout in that photo (9 apart): measured on the calibration case's photo 9.
ART = np.array([92.9, 0.7, 22.1])
TABLE = np.array([96.6, -5.9, 26.5])
ORANGE = (40, 110, 220)  # BGR


def _cell(face_bgr: tuple, mark_bgr: tuple, size: int) -> np.ndarray:
    """Lab ``(H, W, 3)`` of a cell of ``face_bgr`` with a square mark of ``mark_bgr`` of side
    ``size`` pixels in its middle."""
    img = np.empty((H, W, 3), np.uint8)
    img[:] = face_bgr
    cv2.rectangle(img, (W // 2 - size // 2, H // 2 - size // 2),
                  (W // 2 + size // 2, H // 2 + size // 2), mark_bgr, -1)
    return bgr_to_lab(img).astype(np.float32)


def _bgr(lab: np.ndarray) -> tuple[int, int, int]:
    """The 0-255 BGR of one Lab colour ``(3,)``."""
    return tuple(int(v) for v in np.round(lab_to_bgr(lab[None])[0] * 255))


def _ctx(regions: dict) -> _Ctx:
    """``card_ctx`` under a profile whose print is ``ART``, nothing blown out (the white
    print of the second test would be, L* 100)."""
    ctx = card_ctx(regions, set())
    ctx.blown_px = {c: np.zeros((H, W), bool) for c in regions}
    ctx.blown = {c: 0.0 for c in regions}
    ctx.profile = {"art": {"lab": ART.tolist()}}
    return ctx


def test_a_dark_object_on_a_table_of_the_prints_colour_is_no_card():
    table, art = _bgr(TABLE), _bgr(ART)
    regions = {(0, 0): _cell(ORANGE, art, 16),      # a card found
               (0, 1): _cell(table, (45, 45, 50), 16),  # beside it: a die on the bare table
               (1, 0): _cell(ORANGE, art, 16)}      # and a card beside it, its print cream
    occ = {(0, 0): True, (0, 1): False, (1, 0): False}
    assert _vouched_cards(_ctx(regions), occ, regions) == [(1, 0)]


def test_a_print_lighter_than_its_face_vouches():
    # (a print lit more brightly than in the calibration photo: whiter than the measured
    # colour, further from it than a pale face, but lighter than the face)
    regions = {(0, 0): _cell(ORANGE, _bgr(ART), 16),
               (0, 1): _cell(_bgr(np.array([90.0, 2.0, 20.0])), (255, 255, 255), 16)}
    occ = {(0, 0): True, (0, 1): False}
    assert _vouched_cards(_ctx(regions), occ, regions) == [(0, 1)]


def test_a_coin_on_a_table_of_the_prints_colour_is_no_card():
    # (L* 79, 15 from the print's colour against the table's 9: calibration photo 5's coin)
    regions = {(0, 0): _cell(ORANGE, _bgr(ART), 16),
               (0, 1): _cell(_bgr(TABLE), _bgr(np.array([79.0, -3.0, 16.5])), 16)}
    assert _vouched_cards(_ctx(regions), {(0, 0): True, (0, 1): False}, regions) == []
