"""A washed X-Tiles sector, orange or yellow, named by the steps of its tile's light across the
X's grooves (vision.cells._groove_steps, _named_by_groove_steps).

Under a lamp's hot spot an orange and a yellow both clip their red and green and the blue left is
mostly glare; the glare is smooth across the tile, so the steps across the grooves are the
paints' differences times the light: a yellow's blue is 2.7 times an orange's (the kit's
defaults)."""
import sys
from pathlib import Path

import numpy as np

import vision.cells as C
from vision.cells import (GROOVE_NOISE_FLOOR, GROOVE_RESIDUAL_SHARE, GROOVE_STEP_NOISE,
                          GROOVE_WASHED_DE, GROUP_CONF, CellReading, _groove_steps,
                          _named_by_groove_steps, _steps_fit, read_cells)
from vision.colour import Palette, bgr_to_lab, linear_to_srgb, palette_linear
from vision.decode import SECTOR_SD, decode_readings
from vision.kits import kit_for_game

sys.path.insert(0, str(Path(__file__).parent))
from scenes import draw_edges_tile, kit_and_palette, photographed_view  # noqa: E402

PALETTE = Palette.from_hex(kit_for_game("x-tiles").colours)
ORANGE, RED, YELLOW = (PALETTE.names.index(p) for p in ("orange", "red", "yellow"))
N = 64
#: The groove drawn 37 degrees off the long axis (the independent renderer's 34-40).
DRAWN_GROOVE = 37.0


def _face_view(edges: tuple[int, int, int, int], light: float = 3.0) -> np.ndarray:
    """An X-Tile's face ``(N, N, 3)`` Lab, long axis E-W, of paints ``edges`` (n, e, s, w) at
    ``light`` times the kit's colours, under a grey glare rising from 0.2 to 0.5 west to east,
    clipped at 1 (the orange's and yellow's red and green clip, their blue does not)."""
    yy, xx = (np.mgrid[0:N, 0:N] + 0.5) / N - 0.5
    off = np.degrees(np.arctan2(np.abs(yy), np.abs(xx)))
    side = np.where(off < DRAWN_GROOVE, np.where(xx > 0, 1, 3), np.where(yy < 0, 0, 2))
    paint = palette_linear(PALETTE)[np.asarray(edges)][side]
    glare = (0.35 + 0.3 * xx)[..., None] * np.ones(3)
    lin = np.clip(light * paint + glare, 0.0, 1.0)
    return bgr_to_lab(linear_to_srgb(lin.reshape(-1, 3)).astype(np.float32)).reshape(N, N, 3)


def _washed_reading(named_n: int, near: float = 6.0):
    """A tile (n e s w) yellow, orange, red, orange as read with its north sector named
    ``named_n``: the north washed, ``near`` from orange and 2 more from yellow; the others
    clear."""
    named = np.array([named_n, ORANGE, RED, ORANGE])
    conf = np.array([0.3, 0.95, 0.95, 0.95])
    dist = np.full((4, 4), 30.0)
    dist[0, [ORANGE, YELLOW]] = near, near + 2.0
    dist[1, ORANGE] = dist[3, ORANGE] = dist[2, RED] = 2.0
    return named, conf, dist


def test_an_orange_and_a_yellow_step_in_blue_however_clipped_their_red_and_green():
    steps = _groove_steps(_face_view((YELLOW, ORANGE, RED, ORANGE)), 0)  # n|e, e|s, s|w, w|n
    assert np.isnan(steps[0, 1]) and np.isnan(steps[0, 2])  # (red and green clipped)
    assert steps[0, 0] < -0.03 and steps[3, 0] > 0.03  # (yellow's blue over orange's)


def test_a_washed_sector_named_orange_is_named_the_yellow_its_steps_show():
    view = _face_view((YELLOW, ORANGE, RED, ORANGE))
    named, conf, dist = _washed_reading(ORANGE)
    out, confs = _named_by_groove_steps(named, conf, dist, PALETTE, lambda t: (view, 0))
    assert out.tolist() == [YELLOW, ORANGE, RED, ORANGE]
    assert confs[0] >= GROUP_CONF


def test_a_washed_sector_named_as_its_steps_show_keeps_its_name_and_confidence():
    view = _face_view((YELLOW, ORANGE, RED, ORANGE))
    named, conf, dist = _washed_reading(YELLOW)
    out, confs = _named_by_groove_steps(named, conf, dist, PALETTE, lambda t: (view, 0))
    assert out.tolist() == named.tolist() and confs.tolist() == conf.tolist()


def test_a_washed_sector_named_a_third_paint_is_left_to_its_naming():
    # (its nearest orange, yellow within the margin, but its hue group named it red: the steps
    # judge only a sector NAMED one of the pair)
    view = _face_view((YELLOW, ORANGE, RED, ORANGE))
    named, conf, dist = _washed_reading(RED)
    out, confs = _named_by_groove_steps(named, conf, dist, PALETTE, lambda t: (view, 0))
    assert out.tolist() == named.tolist() and confs.tolist() == conf.tolist()


def test_steps_within_the_noise_rename_nothing():
    # (the tile so dim that the yellow's and the orange's steps differ by less than the noise of
    # a step: the steps fit one paint far better than the other, in noise)
    view = _face_view((YELLOW, ORANGE, RED, ORANGE), light=0.02)
    steps = _groove_steps(view, 0)
    pal = palette_linear(PALETTE)
    as_yellow = _steps_fit(steps, pal[[YELLOW, ORANGE, RED, ORANGE]])[0]
    as_orange = _steps_fit(steps, pal[[ORANGE, ORANGE, RED, ORANGE]])[0]
    assert as_yellow <= GROOVE_RESIDUAL_SHARE * as_orange  # (the share alone would rename)
    assert as_orange - as_yellow < GROOVE_NOISE_FLOOR * GROOVE_STEP_NOISE ** 2
    named, conf, dist = _washed_reading(ORANGE)
    out, _ = _named_by_groove_steps(named, conf, dist, PALETTE, lambda t: (view, 0))
    assert out.tolist() == named.tolist()


def _read_with_the_steps_renaming(monkeypatch, profile=None, guess_paints: bool = True
                                  ) -> tuple[list, int]:
    """The X-Tiles readings (those with sectors) of a 3 x 3 block of blue, red, blue, red tiles
    photographed plainly, read with ``profile``, the groove steps (as if) renaming every tile's
    north sector yellow; and how many times the steps were asked. ``guess_paints``: read inside
    :func:`vision.cells.kit_paint_guesses` so set (False: as a calibration photo is read)."""
    kit, pal = kit_and_palette("x-tiles")
    yellow = pal.names.index("yellow")
    calls = []

    def renaming(named, conf, dist, palette, views):
        calls.append(1)
        out = named.copy()
        out[0::4] = yellow  # (every tile's north sector)
        return out, np.maximum(conf, GROUP_CONF)

    monkeypatch.setattr(C, "_named_by_groove_steps", renaming)
    n, size = 48, 5
    img = np.full((size * n, size * n, 3), 110.0)
    cells = [(r, c) for r in range(1, 4) for c in range(1, 4)]
    for r, c in cells:
        img[r * n:(r + 1) * n, c * n:(c + 1) * n] = draw_edges_tile(
            n, ("blue", "red", "blue", "red"), kit)
    td, fg = photographed_view(img, cells, n, size, np.random.default_rng(0), 2.0, 1.0)
    with C.kit_paint_guesses(guess_paints):
        readings, _ = read_cells(td, kit, palette=pal, profile=profile, fg=fg)
    return [rd for rd in readings if rd.evidence.get("sector_distance")], len(calls)


def test_a_sector_the_steps_rename_is_marked_apart_for_the_decode(monkeypatch):
    # (the decode's fill names a clear sector its nearest paint unless it is marked apart: a
    # renamed sector carries its new name and the one it is not in ``sector_apart``)
    tiles, asked = _read_with_the_steps_renaming(monkeypatch)
    assert asked and tiles
    assert all(rd.evidence.get("sector_apart", {}).get("n") == ("yellow", "blue")
               for rd in tiles)


def test_under_a_profile_the_steps_are_not_asked_and_mark_nothing_apart(monkeypatch):
    # (measured without a profile only: under one the sectors keep the names the profile's
    # light gives them, and none is marked apart by the grooves)
    tiles, asked = _read_with_the_steps_renaming(
        monkeypatch, {"light": {"gains_bgr_to_defaults": [1.0, 1.0, 1.0]}})
    assert tiles and asked == 0
    assert not any("sector_apart" in rd.evidence for rd in tiles)
    assert all(rd.evidence["sector_named"]["n"] == "blue" for rd in tiles)


def test_on_a_calibration_photo_the_steps_are_not_asked(monkeypatch):
    # (a calibration photo's reading gives the cells, the profile measures the paints: no
    # sector is renamed by what the kit's default paints would step like, see kit_paint_guesses)
    tiles, asked = _read_with_the_steps_renaming(monkeypatch, guess_paints=False)
    assert tiles and asked == 0
    assert not any("sector_apart" in rd.evidence for rd in tiles)
    # (and the block restores the default: the next reading asks them again)
    tiles, asked = _read_with_the_steps_renaming(monkeypatch)
    assert asked


def test_calibration_reads_its_photo_without_the_kit_paints_guesses(monkeypatch):
    # (calibration.learn.locate_cells asks the reader for the cells with guess_paints=False)
    import vision.pipeline as pipeline
    from calibration.learn import locate_cells
    from vision.errors import NoTilesFound

    asked = []

    def reader(image, **kwargs):
        asked.append(kwargs.get("guess_paints", True))
        raise NoTilesFound("none")

    monkeypatch.setattr(pipeline, "read_image", reader)
    try:
        locate_cells(np.zeros((8, 8, 3), np.uint8), game="x-tiles")
    except NoTilesFound:
        pass
    assert asked == [False]


XTILES = kit_for_game("x-tiles")
NAMES = ("orange", "red", "yellow", "blue")


def _renamed_reading(apart=None) -> CellReading:
    """An X-Tile (long axis E-W) read yellow, orange, red, yellow (n e s w), its south unclear
    (red, no other paint near), its north clear, renamed yellow by its groove steps though its
    nearest paint is orange (6 from orange, 8 from yellow), marked so with ``apart``. Both
    yellow, orange, red, yellow and orange, orange, red, yellow are tiles of the set."""
    dist = [[6.0, 20.0, 8.0, 40.0], [2.0, 15.0, 14.0, 45.0], [15.0, 6.0, 30.0, 25.0],
            [14.0, 30.0, 2.0, 45.0]]
    conf = [GROUP_CONF, 0.95, 0.3, 0.95]
    evidence = {"sector_distance": {e: dict(zip(NAMES, d)) for e, d in zip("nesw", dist)},
                "sector_conf": dict(zip("nesw", conf)),
                "sector_named": {"n": "yellow", "e": "orange", "s": "red", "w": "yellow"}}
    if apart:
        evidence["sector_apart"] = apart
    return CellReading(0, 0, True, 0.99, {"edges": None, "long_axis": "ew"},
                       {"edges": min(conf), "long_axis": 0.9}, 0.5,
                       (("edges", "sector s unclear (nearest red)"),), evidence)


def test_the_decode_keeps_a_clear_sector_the_steps_renamed():
    # (the fill names a clear sector its nearest paint, orange here, unless it is marked apart:
    # the renamed north keeps its new name, yellow, and the unclear south is filled in)
    renamed = _renamed_reading({"n": ("yellow", "orange")})
    decoded, _ = decode_readings([renamed], XTILES, "x-tiles")
    assert decoded[(0, 0)][0]["edges"] == {"n": "yellow", "e": "orange", "s": "red", "w": "yellow"}
    decoded, _ = decode_readings([_renamed_reading()], XTILES, "x-tiles")  # (not marked)
    assert decoded[(0, 0)][0]["edges"] == {"n": "orange", "e": "orange", "s": "red", "w": "yellow"}


def test_a_sector_within_one_spread_of_its_named_paint_is_not_washed():
    # (named orange 2 from orange: it shows orange, whatever the steps fit better)
    view = _face_view((YELLOW, ORANGE, RED, ORANGE))
    named, conf, dist = _washed_reading(ORANGE, near=GROOVE_WASHED_DE / 2)
    out, _ = _named_by_groove_steps(named, conf, dist, PALETTE, lambda t: (view, 0))
    assert out.tolist() == named.tolist()


def test_the_washed_bar_is_one_spread_of_a_sector_about_its_prediction():
    # (GROOVE_WASHED_DE copies vision.decode.SECTOR_SD by hand: vision.decode imports
    # vision.cells, so cells cannot import it)
    assert GROOVE_WASHED_DE == SECTOR_SD
