"""Textile's sheet rule (vision.cells._seamless_sheets) takes two full cells read one colour with
no seam between them for one sheet (paper, a sticky note, a cloth's bare ground); two even faces
whose colours lie apart are two tiles a lamp's glare named one colour (a washed green read white
beside a white tile, the seam faint in the glare: final17 textile-hard-1763), not a sheet."""
from __future__ import annotations

import numpy as np

from vision.cells import TopDown, _seamless_sheets

WHITE = (92.0, 0.0, 2.0)
WASHED_GREEN = (80.0, -22.0, 10.0)


def _sheets(looks: dict, spreads: dict) -> set:
    """The sheet rule on two full cells (0, 0) and (0, 1) read white, no edge between them."""
    td = TopDown(np.zeros((10, 20, 3), np.uint8), 10, 10, 0, 0, 1, 2)
    h_share, v_share = np.zeros((2, 2)), np.zeros((1, 3))
    borders = (h_share > 0, v_share > 0, h_share, v_share)
    colours = {(0, 0): "white", (0, 1): "white"}
    fg = {(0, 0): 1.0, (0, 1): 1.0}
    return _seamless_sheets(colours, borders, td, fg, looks, spreads)


def test_one_paint_without_seam_is_a_sheet() -> None:
    looks = {(0, 0): WHITE, (0, 1): (90.0, 0.5, 3.0)}
    assert _sheets(looks, {(0, 0): 1.0, (0, 1): 1.2}) == {(0, 0), (0, 1)}


def test_two_even_faces_of_colours_apart_are_two_tiles() -> None:
    looks = {(0, 0): WHITE, (0, 1): WASHED_GREEN}
    assert _sheets(looks, {(0, 0): 3.2, (0, 1): 4.7}) == set()


def test_an_uneven_print_of_colours_apart_is_still_one_cloth() -> None:
    # (a flowered cloth's patch: its print spreads its colours, whose median may lie apart)
    looks = {(0, 0): WHITE, (0, 1): WASHED_GREEN}
    assert _sheets(looks, {(0, 0): 1.5, (0, 1): 22.9}) == {(0, 0), (0, 1)}


def test_one_paint_half_in_shade_is_still_a_sheet() -> None:
    # a white sheet half in a shadow: 11 apart in CIEDE2000, one paint at one lightness
    looks = {(0, 0): WHITE, (0, 1): (75.0, 0.0, 2.0)}
    assert _sheets(looks, {(0, 0): 1.0, (0, 1): 1.4}) == {(0, 0), (0, 1)}
