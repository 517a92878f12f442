"""The renderer: every kit and difficulty renders, seeds reproduce, and the truth is right."""
from __future__ import annotations

import math
import random
import time

import cv2
import numpy as np
import pytest

from companion.rules.board import board_from_dict
from companion.rules.generate import random_position
from vision.kits import kit_for_game
from vision.synth import DIFFICULTIES, render_board, sample_scene, turn_board

GAMES = ("textile", "octopus", "x-tiles", "tapestry", "twelve-tiles")
SMALL = (480, 360)


def _position(game: str, seed: int, n: int | None = None) -> dict:
    return random_position(game, random.Random(seed), n_tiles=n).to_dict()


def _lab(bgr: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(np.asarray(bgr, np.float32).reshape(-1, 1, 3) / 255.0,
                        cv2.COLOR_BGR2LAB).reshape(-1, 3)


def _nearest(kit, bgr) -> str:
    names = list(kit.colours)
    refs = _lab(np.array([kit.rgb(n)[::-1] for n in names]))
    d = np.linalg.norm(refs - _lab(bgr)[0], axis=1)
    return names[int(np.argmin(d))]


def _sample(img: np.ndarray, xy) -> np.ndarray:
    x, y = int(round(xy[0])), int(round(xy[1]))
    return np.median(img[y - 1:y + 2, x - 1:x + 2].reshape(-1, 3), axis=0)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_every_kit_and_difficulty_renders(game, difficulty):
    board = _position(game, 7)
    r = render_board(board, seed=3, difficulty=difficulty, size=SMALL)
    img = r.image()
    assert img is not None and img.shape[:2] in (SMALL[::-1], SMALL)
    assert img.std() > 5  # not blank
    truth = {k: v for k, v in r.truth.items() if k != "scene"}
    parsed = board_from_dict(truth)  # the sidecar is a valid FORMATS.md board
    assert len(parsed) == len(board["tiles"])
    scene = r.truth["scene"]
    assert scene["difficulty"] == difficulty and scene["seed"] == 3
    assert len(scene["cells"]) == len(board["tiles"])
    h, w = img.shape[:2]
    for cell in scene["cells"]:  # every tile lies inside the picture
        for x, y in cell["corners"]:
            assert 0 <= x < w and 0 <= y < h


def test_seeds_reproduce_and_differ():
    board = _position("octopus", 1)
    a = render_board(board, seed=11, difficulty="hard", size=SMALL)
    b = render_board(board, seed=11, difficulty="hard", size=SMALL)
    c = render_board(board, seed=12, difficulty="hard", size=SMALL)
    assert a.jpeg == b.jpeg and a.truth == b.truth
    assert a.jpeg != c.jpeg
    assert a.truth["scene"]["params"] != c.truth["scene"]["params"]


def _inset(cell: dict, f: float) -> list[tuple[float, float]]:
    """Points a fraction ``f`` of the way from the cell centre to each corner."""
    c = np.asarray(cell["centre"])
    return [tuple(c + f * (np.asarray(p) - c)) for p in cell["corners"]]


def _edge_points(cell: dict, f: float) -> dict[str, tuple[float, float]]:
    """Points a fraction ``f`` of the way from the centre to each edge's midpoint (n, e, s, w)."""
    c = np.asarray(cell["centre"])
    k = [np.asarray(p) for p in cell["corners"]]  # NW, NE, SE, SW
    mids = {"n": (k[0] + k[1]) / 2, "e": (k[1] + k[2]) / 2, "s": (k[2] + k[3]) / 2,
            "w": (k[3] + k[0]) / 2}
    return {e: tuple(c + f * (m - c)) for e, m in mids.items()}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_truth_colours_found_at_truth_cells_under_easy_light(game, seed):
    """Sampling the photo where the truth says each tile (and each sector) is finds the truth's
    colour: the truth is in the photo's own orientation, and the geometry is right."""
    kit = kit_for_game(game)
    r = render_board(_position(game, seed), seed=seed, difficulty="easy", size=(1200, 900))
    img = r.image()
    tiles = {(t["row"], t["col"]): t for t in r.truth["tiles"]}
    wrong = []
    for cell in r.truth["scene"]["cells"]:
        tile = tiles[(cell["row"], cell["col"])]
        if kit.face_model == "sectors":
            for edge, xy in _edge_points(cell, 0.3).items():
                got = _nearest(kit, _sample(img, xy))
                if got != tile["edges"][edge]:
                    wrong.append((cell["row"], cell["col"], edge, got, tile["edges"][edge]))
        else:
            f = 0.75 if kit.face_model == "symbol" else 0.3  # beside the symbol / between pips
            colour = np.median([_sample(img, p) for p in _inset(cell, f)], axis=0)
            got = _nearest(kit, colour)
            if got != tile["colour"]:
                wrong.append((cell["row"], cell["col"], got, tile["colour"]))
    assert not wrong, wrong


def test_truth_orientation_matches_the_picture():
    """Row 0 is towards the top of the picture: east neighbours lie to the right, south ones
    below (within 45 degrees), whatever the camera's rotation."""
    board = _position("octopus", 5, 20)
    turns = set()
    for seed in range(6):
        r = render_board(board, seed=seed, difficulty="normal", size=SMALL)
        scene = r.truth["scene"]
        turns.add(scene["quarter_turns"])
        centres = {(c["row"], c["col"]): np.asarray(c["centre"]) for c in scene["cells"]}
        for (row, col), p in centres.items():
            for (dr, dc), expect in (((0, 1), 0.0), ((1, 0), 90.0)):
                q = centres.get((row + dr, col + dc))
                if q is None:
                    continue
                ang = math.degrees(math.atan2(q[1] - p[1], q[0] - p[0]))
                assert abs((ang - expect + 180) % 360 - 180) < 45, (seed, row, col, ang)
        # The truth is the input board turned by the reported quarter turns (and translated).
        expect = turn_board(board, scene["quarter_turns"])
        key = lambda t: (t["colour"], t["pips"])  # noqa: E731 - one set per octopus board
        shift = {(t["row"] - u["row"], t["col"] - u["col"])
                 for t in r.truth["tiles"] for u in expect["tiles"] if key(t) == key(u)}
        assert len(shift) == 1
    assert len(turns) >= 2  # the camera really turns


def test_twelve_tiles_truth_keeps_the_frame():
    board = _position("twelve-tiles", 4)
    assert board.get("borders")
    for seed in range(4):
        r = render_board(board, seed=seed, difficulty="normal", size=SMALL)
        k = r.truth["scene"]["quarter_turns"]
        expect = turn_board(board, k)
        assert r.truth["borders"] == expect["borders"]
        assert sorted((t["row"], t["col"]) for t in r.truth["tiles"]) == \
            sorted((t["row"], t["col"]) for t in expect["tiles"])
        assert all(0 <= t["row"] < 8 and 0 <= t["col"] < 8 for t in r.truth["tiles"])


def test_turn_board_matches_the_rule_core():
    for game in GAMES:
        b = board_from_dict(_position(game, 9))
        for k in range(4):
            ours = turn_board(b.to_dict(), k)
            theirs = b.turned(k).to_dict()
            assert ours == theirs, (game, k)


def test_hard_is_harder_than_easy():
    """Hard scenes are tilted, noisier and compressed harder than easy ones."""
    easy = [sample_scene("easy", np.random.default_rng(s)) for s in range(20)]
    hard = [sample_scene("hard", np.random.default_rng(s)) for s in range(20)]
    assert max(p.tilt_deg for p in easy) <= 10 < min(p.tilt_deg for p in hard)
    assert max(p.noise for p in easy) < min(p.noise for p in hard)
    assert min(p.jpeg_quality for p in easy) > max(p.jpeg_quality for p in hard)
    assert not any(p.glare or p.clutter for p in easy) and any(p.glare for p in hard)


def test_full_size_photo_renders_in_under_ten_seconds_of_cpu():
    board = _position("octopus", 3, 30)
    t0 = time.process_time()
    r = render_board(board, seed=1, difficulty="hard")
    cpu = time.process_time() - t0
    assert sorted(r.size) == [3000, 4000]
    assert cpu < 10.0, cpu


def test_bad_difficulty_and_frame_board_outside_frame():
    with pytest.raises(ValueError):
        render_board(_position("octopus", 1), difficulty="brutal", size=SMALL)
    board = _position("twelve-tiles", 1)
    board["tiles"][0]["row"] = 9
    with pytest.raises(ValueError):
        render_board(board, size=SMALL)


def test_lens_distortion_never_looks_outside_the_drawn_image():
    """Every photo pixel's ray lands inside the ideal image (no mirrored borders)."""
    from vision.synth.camera import look_at
    for k1 in (0.0, 0.03, 0.08):
        cam = look_at(np.zeros(3), distance=500, tilt_deg=30, yaw_deg=20, roll_deg=3,
                      size=(800, 600), focal=700, k1=k1, k2=-0.3 * k1)
        m1, m2 = cam.undistort_map()
        xy = cv2.convertMaps(m1, m2, cv2.CV_32FC1)
        assert xy[0].min() >= -0.5 and xy[0].max() <= 800 - 0.5
        assert xy[1].min() >= -0.5 and xy[1].max() <= 600 - 0.5
        # And projecting a point then finding it through the map agrees.
        p = cam.project(np.array([[30.0, -40.0, 0.0]]))[0]
        ideal = cam.project_ideal(np.array([[30.0, -40.0, 0.0]]))[0]
        x, y = int(round(p[0])), int(round(p[1]))
        assert abs(xy[0][y, x] - ideal[0]) < 1.0 and abs(xy[1][y, x] - ideal[1]) < 1.0
