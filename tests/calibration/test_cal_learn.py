"""Learning a set from a photo of a known layout (rendered photos, truth cell geometry).

The true cell polygons stand in for the reader's geometry here, so these tests measure the
calibration itself; the layout's quarter turn is still found by calibration alone.
"""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from calibration.evaluate import (_decode, colour_errors_at_truth, kit_delta_e, perturbed_kit, render_jpeg,
                                  truth_cells)
from calibration.learn import CalibrationError, CellsFound, calibrate_image
from calibration.reference import layout_for_game
from vision.kits import kit_for_game

SIZE = (960, 720)
LIGHT = {"temperature_k": 3000.0, "awb": 0.6}


def _layout_board(game, turn=0):
    layout = layout_for_game(game)
    return layout, {"game": game, "tiles": [{"row": r, "col": c, **t} for (r, c), t in layout.turned(turn).items()]}


@pytest.mark.parametrize("game, turn, seed", [("octopus", 1, 11), ("tapestry", 2, 12), ("x-tiles", 3, 13),
                                              ("twelve-tiles", 0, 14), ("octopus", 2, 15)])
def test_finds_the_quarter_turn_by_itself(game, turn, seed):
    layout, board = _layout_board(game, turn)
    kit = perturbed_kit(kit_for_game(game), np.random.default_rng(seed))
    jpeg, truth = render_jpeg(board, kit, seed, size=SIZE, difficulty="easy", **LIGHT)
    cal = calibrate_image(_decode(jpeg), layout, found=truth_cells(truth))
    assert cal.alignment.quarter_turns == (turn + truth["scene"]["quarter_turns"]) % 4
    assert cal.alignment.matched == len(layout.tiles)
    assert cal.alignment.margin > 5
    assert set(cal.profile["colours"]) == set(layout.kit.colours)


def test_profile_reads_a_repainted_set_under_warm_light_better_than_defaults():
    game = "octopus"
    kit = kit_for_game(game)
    user_kit = perturbed_kit(kit, np.random.default_rng(5))
    assert all(8 <= d <= 15 for d in kit_delta_e(user_kit, kit).values())
    layout, board = _layout_board(game)
    jpeg, truth = render_jpeg(board, user_kit, 21, size=SIZE, difficulty="easy", **LIGHT)
    profile = calibrate_image(_decode(jpeg), layout, found=truth_cells(truth)).profile
    # another arrangement of the same set under the same light
    rng = np.random.default_rng(1)
    tiles = [dict(t) for t in layout.kit.tiles]
    order = rng.permutation(len(tiles))[:24]
    other = {"game": game, "tiles": [{"row": i // 6, "col": i % 6, "colour": tiles[j]["colour"], "pips": tiles[j]["pips"]}
                                     for i, j in enumerate(order)]}
    wrong_default = wrong_profile = cells = 0
    for seed in (31, 32):
        jpeg, truth = render_jpeg(other, user_kit, seed, size=SIZE, difficulty="easy", **LIGHT)
        img = _decode(jpeg)
        wd, n = colour_errors_at_truth(img, truth, kit, None)
        wp, _ = colour_errors_at_truth(img, truth, kit, profile)
        wrong_default += wd
        wrong_profile += wp
        cells += n
    assert wrong_profile <= 1, (wrong_profile, wrong_default, cells)
    assert wrong_default >= wrong_profile + 2, (wrong_profile, wrong_default, cells)


def test_symbols_are_learned_per_symbol():
    layout, board = _layout_board("tapestry")
    jpeg, truth = render_jpeg(board, kit_for_game("tapestry"), 41, size=SIZE, difficulty="easy")
    cal = calibrate_image(_decode(jpeg), layout, found=truth_cells(truth))
    templates = {n: np.asarray(s["template"]) for n, s in cal.profile["symbols"].items()}
    assert set(templates) == {"rock", "paper", "scissors"}
    for name, t in templates.items():
        assert t.shape == (32, 32) and 0 <= t.min() and t.max() <= 1
        assert cal.profile["symbols"][name]["n"] >= 5
    # the templates differ from each other
    flat = {n: (t - t.mean()).ravel() / (np.linalg.norm(t - t.mean()) + 1e-9) for n, t in templates.items()}
    for a in flat:
        for b in flat:
            if a < b:
                assert float(flat[a] @ flat[b]) < 0.9


def test_a_photo_of_another_arrangement_is_refused():
    """The nestortiles layout photographed, but calibrated against a layout whose colour rows
    are shuffled: no quarter turn and no change of light explains the photo."""
    layout, board = _layout_board("octopus")
    jpeg, truth = render_jpeg(board, layout.kit, 51, size=SIZE, difficulty="easy")
    names = list(layout.kit.colours)
    perm = dict(zip(names, np.random.default_rng(0).permutation(names)))
    wrong = dataclasses.replace(layout, tiles={c: {**t, "colour": perm[t["colour"]]} for c, t in layout.tiles.items()})
    with pytest.raises(CalibrationError, match="do not fit"):
        calibrate_image(_decode(jpeg), wrong, found=truth_cells(truth))
    with pytest.raises(CalibrationError, match="not found"):
        calibrate_image(_decode(jpeg), layout, found=CellsFound(dict(list(truth_cells(truth).polygons.items())[:5]), {}))


@pytest.mark.parametrize("game, turn, seed", [("textile", 1, 21), ("tapestry", 3, 22)])
def test_rectangular_layout_found_from_its_outline(game, turn, seed):
    """Without the true geometry: the whole of calibration (the reader's reading and the
    layout's outline compete), a repainted set under warm light, laid turned."""
    from calibration.learn import OUTLINE_MISSES, cells_from_outline

    layout, board = _layout_board(game, turn)
    kit = perturbed_kit(kit_for_game(game), np.random.default_rng(seed))
    jpeg, truth = render_jpeg(board, kit, seed, size=SIZE, difficulty="easy", **LIGHT)
    image = _decode(jpeg)
    outlines = cells_from_outline(image, layout)
    assert len(outlines) == 2 * len(OUTLINE_MISSES) and all(len(f.polygons) == len(layout.tiles) for f in outlines)
    cal = calibrate_image(image, layout)
    assert cal.alignment.quarter_turns == (turn + truth["scene"]["quarter_turns"]) % 4
    assert cal.alignment.matched == len(layout.tiles)
    # the learned colours are those of the painted set as photographed: each nearer its own
    # measured truth than any other colour of the profile
    truth_cal = calibrate_image(image, layout, found=truth_cells(truth))
    for name, entry in cal.profile["colours"].items():
        want = np.array(truth_cal.profile["colours"][name]["lab"])
        d = {n: np.linalg.norm(np.array(e["lab"]) - want) for n, e in cal.profile["colours"].items()}
        assert min(d, key=d.get) == name and d[name] < 6.0, (name, d[name])


def test_an_outline_missing_two_rows_of_table_coloured_tiles_still_places_the_layout():
    # measured on an independent renderer's photo: the nestortiles layout's last two rows (black,
    # white) lost in a light gingham; one of the outline's readings must hold the true cells
    import cv2

    from calibration.learn import cells_from_outline

    layout = layout_for_game("octopus")
    rows = 1 + max(r for r, _ in layout.tiles)
    cols = 1 + max(c for _, c in layout.tiles)
    cell, x0, y0, table = 40, 100, 60, (150, 150, 150)
    image = np.full((y0 * 2 + rows * cell, x0 * 2 + cols * cell, 3), table, np.uint8)
    palette = [(40, 40, 200), (40, 200, 40), (200, 40, 40), (40, 200, 200), (200, 40, 200)]
    for r in range(rows - 2):  # (the last two rows the table's colour)
        for c in range(cols):
            cv2.rectangle(image, (x0 + c * cell + 2, y0 + r * cell + 2),
                          (x0 + (c + 1) * cell - 3, y0 + (r + 1) * cell - 3), palette[(r + c) % 5], -1)
    outlines = cells_from_outline(image, layout)
    truth = {(r, c): np.array([[x0 + c * cell, y0 + r * cell], [x0 + (c + 1) * cell, y0 + r * cell],
                               [x0 + (c + 1) * cell, y0 + (r + 1) * cell], [x0 + c * cell, y0 + (r + 1) * cell]], float)
             for r in range(rows) for c in range(cols)}

    def off(found) -> float:
        if set(found.polygons) != set(truth):
            return float("inf")
        return max(float(np.abs(found.polygons[k] - truth[k]).max()) for k in truth)
    assert min(off(f) for f in outlines) < 0.25 * cell


def test_outline_needs_a_filled_rectangle():
    from calibration.learn import cells_from_outline
    from calibration.reference import Layout

    layout = layout_for_game("textile")
    holed = dataclasses.replace(layout, tiles={k: v for k, v in layout.tiles.items() if k != (0, 0)})
    assert isinstance(holed, Layout)
    assert cells_from_outline(np.zeros((60, 80, 3), np.uint8), holed) == []


def test_symbol_art_colour_is_learned_as_photographed():
    """Under a 3000 K lamp the cards' white art is photographed cream: the profile keeps that
    colour (the reader's symbol mask looks for it), and under daylight it stays near white."""
    layout, board = _layout_board("tapestry")
    kit = kit_for_game("tapestry")
    warm_jpeg, warm_truth = render_jpeg(board, kit, 42, size=SIZE, difficulty="easy", **LIGHT)
    warm = calibrate_image(_decode(warm_jpeg), layout, found=truth_cells(warm_truth)).profile["art"]
    day_jpeg, day_truth = render_jpeg(board, kit, 42, size=SIZE, difficulty="easy")
    day = calibrate_image(_decode(day_jpeg), layout, found=truth_cells(day_truth)).profile["art"]
    assert warm["n"] >= 10 and day["n"] >= 10
    assert warm["lab"][0] > 80 and day["lab"][0] > 80  # light art on both
    assert warm["lab"][2] > day["lab"][2] + 5  # yellower under the warm lamp
    assert abs(day["lab"][1]) < 6 and abs(day["lab"][2]) < 8


def test_glare_veiled_regions_are_left_out():
    """Glare adds white light: regions of one colour under it are lighter and greyer, and are
    not used for the colour; an uneven lamp (all channels scaled) keeps every region."""
    from calibration.learn import unveiled
    from vision.colour import bgr_to_lab, linear_to_srgb

    paint = np.array([0.05, 0.30, 0.60])  # linear BGR of an orange under a warm lamp
    clean = [paint * s for s in (0.8, 1.0, 1.2)]
    veiled = [paint * 1.0 + 0.2, paint * 0.9 + 0.3]
    labs = bgr_to_lab(np.asarray(linear_to_srgb(np.array(clean + veiled)), np.float32))
    assert unveiled(labs).tolist() == [True, True, True, False, False]
    assert unveiled(labs[:3]).all() and unveiled(labs[:1]).all()


def test_channels_blown_out_in_the_calibration_photo_are_named():
    from calibration.learn import clipped_channels
    from vision.colour import bgr_to_lab

    def lab(*bgr):
        return bgr_to_lab(np.array([bgr], np.float32))

    # a white tile under a warm lamp: red and green at the top of the range, blue below it
    whites = np.vstack([lab(0.80, 0.985, 1.0), lab(0.78, 0.98, 1.0), lab(0.83, 0.99, 1.0)])
    assert clipped_channels(whites) == ["r", "g"]
    assert clipped_channels(lab(0.2, 0.5, 0.93)) == []
    assert clipped_channels(np.zeros((0, 3))) == []


def test_a_hazy_calibration_photo_leaves_its_haze_out_of_the_profile():
    # a veil of light over the calibration photo lifts every colour (black looks grey); later
    # photos have their own haze or none, so the profile keeps the colours without it
    from calibration.learn import photo_haze, without_haze
    from vision.colour import Palette, bgr_to_lab, ciede2000, lab_to_bgr, linear_to_srgb, srgb_to_linear
    from vision.kits import kit_for_game

    kit = kit_for_game("octopus")
    pal = Palette.from_hex(kit.colours)
    rng = np.random.default_rng(3)
    haze = np.array([0.06, 0.08, 0.12])  # (B, G, R): a warm veil
    lin = srgb_to_linear(lab_to_bgr(pal.lab)).astype(np.float64) * 0.9 + haze
    seen = bgr_to_lab(linear_to_srgb(np.clip(lin, 0, 1)).astype(np.float32)).astype(np.float64)
    groups = {n: seen[i] + rng.normal(0, 0.5, (3, 3)) for i, n in enumerate(pal.names)}
    found = photo_haze(groups, kit)
    assert np.allclose(found, haze, atol=0.02)
    black = pal.names.index("black")
    assert ciede2000(seen[black], pal.lab[black]) > 15  # grey, as photographed
    assert ciede2000(without_haze(seen[black][None], found)[0], pal.lab[black]) < 6
    # a clear photo has no haze to take out
    clear = {n: pal.lab[i] + rng.normal(0, 0.5, (3, 3)) for i, n in enumerate(pal.names)}
    assert np.all(photo_haze(clear, kit) < 0.01)
    # four paints cannot tell a haze from a repainted set: nothing is taken out
    four = kit_for_game("x-tiles")
    assert np.all(photo_haze({n: groups[n] for n in list(groups)[:4]}, four) == 0)
