"""A washed-out sector whose green stands above its red is no yellow (vision.cells
._channel_order_ruled_out).

A lamp's glare adds its own white to every channel and the camera clips a channel at the top
without reordering the others: a Twelve Tiles yellow (red above green) stays red-over-green
however washed out, as long as the glare adds no more green than red; a green washed out by a
hot spot keeps some green above its red. The samples are the independent renderer's, as the
reader measured them (tw15 normal 3210, tile (2, 0), a green read yellow; the yellow of tile
(3, 0) beside it in the same hot spot).
"""
import sys
from pathlib import Path

import numpy as np
import pytest

import vision.cells as C
from vision.cells import _channel_order_ruled_out, read_cells
from vision.colour import bgr_to_lab, hex_to_lab, lab_to_bgr

sys.path.insert(0, str(Path(__file__).parent))
from scenes import draw_edges_tile, kit_and_palette, photographed_view  # noqa: E402

#: The kit's paints (KITS.md): blue, red, green, yellow, CIELAB.
PAINTS = np.array([hex_to_lab(h) for h in ("#2466C2", "#D0342C", "#3C9A45", "#F2C935")])
BLUE, RED, GREEN, YELLOW = range(4)
#: A green washed out (sRGB about 248, 254, 212), a yellow washed out (254, 253, 187) and a dim
#: bluish sample with green a little above red (94, 99, 151; no hot spot), CIELAB.
WASHED_GREEN = [98.2, -8.9, 19.2]
WASHED_YELLOW = [97.9, -9.8, 31.8]
DIM = [43.4, 11.5, -29.2]
#: A blue near the clip with red and green well below (sRGB 120, 200, 250), CIELAB.
BRIGHT_BLUE = bgr_to_lab(np.array([[250.0, 200.0, 120.0]]) / 255.0)[0].tolist()


def _ruled_out(samples, paints: np.ndarray = PAINTS, white=None) -> np.ndarray:
    """:func:`vision.cells._channel_order_ruled_out` of the Lab ``samples`` ``(N, 3)`` against
    ``paints`` ``(K, 3)`` Lab as lit (default the kit's own) under the glare's white ``white``
    ``(3,)`` BGR (None: neutral): ``(N, K)`` bool."""
    return _channel_order_ruled_out(np.array(samples, float), paints, white)


def test_a_washed_green_is_no_red_over_green_paint():
    ruled = _ruled_out([WASHED_GREEN])[0]
    assert ruled[YELLOW] and ruled[RED]
    assert not ruled[GREEN] and not ruled[BLUE]


def test_a_washed_yellow_keeps_its_paints():
    assert not _ruled_out([WASHED_YELLOW]).any()


def test_a_dim_sector_is_not_judged():
    assert np.allclose(lab_to_bgr(np.array([DIM]))[0, ::-1] * 255, (94, 99, 151), atol=1)
    assert not _ruled_out([DIM]).any()


def test_a_bright_blue_is_not_judged_by_its_blue():
    # (its blue near the clip, its green well below it: no washed-out sector)
    assert not _ruled_out([BRIGHT_BLUE]).any()


def test_not_judged_where_the_glare_adds_more_green_than_red():
    # (a cool or green-cast light: the glare's white, BGR, with green's gain above red's)
    assert not _ruled_out([WASHED_GREEN], white=np.array([1.0, 0.95, 0.9])).any()
    # (a warm one, or a neutral one, adds no more green than red)
    assert _ruled_out([WASHED_GREEN], white=np.array([0.6, 0.8, 1.0]))[0, YELLOW]
    assert _ruled_out([WASHED_GREEN], white=np.ones(3))[0, YELLOW]


def test_a_lit_yellow_with_green_above_red_gets_no_penalty():
    # (the paints as a green-cast light shows them: its yellow's green at or above its red)
    lime = bgr_to_lab(np.array([[60.0, 215.0, 205.0]]) / 255.0)[0]
    lit = PAINTS.copy()
    lit[YELLOW] = lime
    ruled = _ruled_out([WASHED_GREEN], lit)[0]
    assert not ruled[YELLOW] and ruled[RED]


def test_no_samples():
    assert _ruled_out(np.zeros((0, 3))).shape == (0, 4)


def _read_with_the_rule_spied(monkeypatch, game: str, profile=None) -> tuple[int, int]:
    """How many times :func:`vision.cells._read_sectors` ran and how many times it judged the
    channel order, reading a 3 x 3 block of ``game``'s tiles (two paints of its kit on
    alternate sectors) photographed plainly, with ``profile``."""
    kit, pal = kit_and_palette(game)
    calls = {"read": 0, "judged": 0}
    read, judge = C._read_sectors, C._channel_order_ruled_out

    def reading(*args, **kwargs):
        calls["read"] += 1
        return read(*args, **kwargs)

    def judging(*args, **kwargs):
        calls["judged"] += 1
        return judge(*args, **kwargs)

    monkeypatch.setattr(C, "_read_sectors", reading)
    monkeypatch.setattr(C, "_channel_order_ruled_out", judging)
    n, size = 48, 5
    img = np.full((size * n, size * n, 3), 110.0)
    a, b = list(kit.colours)[:2]
    cells = [(r, c) for r in range(1, 4) for c in range(1, 4)]
    for r, c in cells:
        img[r * n:(r + 1) * n, c * n:(c + 1) * n] = draw_edges_tile(n, (a, b, a, b), kit)
    td, fg = photographed_view(img, cells, n, size, np.random.default_rng(0), 2.0, 1.0)
    read_cells(td, kit, palette=pal, profile=profile, fg=fg)
    return calls["read"], calls["judged"]


def test_the_rule_is_wired_for_twelve_tiles(monkeypatch):
    read, judged = _read_with_the_rule_spied(monkeypatch, "twelve-tiles")
    assert read and judged == read


@pytest.mark.parametrize("game, profile", [
    ("x-tiles", None),
    ("twelve-tiles", {"light": {"gains_bgr_to_defaults": [1.32, 1.08, 0.81]}})])
def test_the_rule_is_not_wired_for_x_tiles_nor_under_a_profile(monkeypatch, game, profile):
    read, judged = _read_with_the_rule_spied(monkeypatch, game, profile)
    assert read and not judged
