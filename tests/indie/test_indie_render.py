"""Checks of the independent renderer itself (not of the reader): determinism, truth legality
and orientation, speed of a small render."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from .render import GAMES, render_photo, turn_board

SMALL = (800, 600)
CLI = str(Path(sys.executable).parent / "tile-companion")


@pytest.fixture(scope="module")
def small_renders() -> dict[str, tuple[bytes, dict]]:
    """One 800x600 'hard' render per game (hard: strongest tilt, so orientation is tested)."""
    return {g: render_photo(g, 11, style="hard", size=SMALL) for g in GAMES}


def test_deterministic_per_seed() -> None:
    a = render_photo("x-tiles", 4, style="normal", size=SMALL)
    b = render_photo("x-tiles", 4, style="normal", size=SMALL)
    c = render_photo("x-tiles", 5, style="normal", size=SMALL)
    assert a[0] == b[0]
    assert a[1] == {**b[1], "scene": {**b[1]["scene"], "render_s": a[1]["scene"]["render_s"]}}
    assert a[0] != c[0]


@pytest.mark.parametrize("game", GAMES)
def test_truth_is_the_rendered_position(game: str, small_renders: dict) -> None:
    from companion.rules.generate import random_position
    import random

    jpeg, truth = small_renders[game]
    img = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert img.shape == (SMALL[1], SMALL[0], 3)
    board = random_position(game, random.Random(11)).to_dict()
    assert len(truth["tiles"]) == len(board["tiles"]) == len(truth["scene"]["tiles_px"])
    assert truth["game"] == game
    # the truth is the generated board turned by the recorded quarter turns
    assert {k: v for k, v in truth.items() if k != "scene"} == turn_board(board, truth["scene"]["quarter_turns"])
    if game != "twelve-tiles":
        assert min(t["row"] for t in truth["tiles"]) == 0 and min(t["col"] for t in truth["tiles"]) == 0


@pytest.mark.parametrize("game", GAMES)
def test_truth_rows_run_down_the_picture(game: str, small_renders: dict) -> None:
    """Projected tile centres: columns grow to the right and rows downwards in the picture."""
    _, truth = small_renders[game]
    pts = np.array(truth["scene"]["tiles_px"], float)
    if len(pts) < 3:
        pytest.skip("too few tiles")
    r, c, u, v = pts.T
    # centre each coordinate; fit picture position as a linear function of (row, col)
    A = np.column_stack([r - r.mean(), c - c.mean()])
    coef_u, *_ = np.linalg.lstsq(A, u - u.mean(), rcond=None)
    coef_v, *_ = np.linalg.lstsq(A, v - v.mean(), rcond=None)
    # d(u)/d(col) must dominate and be positive, d(v)/d(row) likewise
    assert coef_u[1] > abs(coef_u[0]) * 0.9 or np.ptp(c) == 0
    assert coef_v[0] > abs(coef_v[1]) * 0.9 or np.ptp(r) == 0


def test_truth_boards_are_legal(small_renders: dict, tmp_path: Path) -> None:
    """Every truth board passes the public ``check`` command (legal position of its game)."""
    for game, (_, truth) in small_renders.items():
        path = tmp_path / f"{game}.board.json"
        path.write_text(json.dumps({k: v for k, v in truth.items() if k != "scene"}))
        out = subprocess.run([CLI, "check", str(path), "--json"], capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout)["legal"], (game, out.stdout)


def test_turn_board_maps_edges_and_frame() -> None:
    b = {"game": "twelve-tiles", "borders": {"n": "red", "e": "blue", "s": "green", "w": "yellow"},
         "tiles": [{"row": 0, "col": 7, "edges": {"n": "red", "e": "blue", "s": "green", "w": "yellow"}}]}
    t = turn_board(b, 1)
    assert t["tiles"][0]["row"] == 7 and t["tiles"][0]["col"] == 7
    assert t["tiles"][0]["edges"] == {"n": "yellow", "e": "red", "s": "blue", "w": "green"}
    assert t["borders"] == {"n": "yellow", "e": "red", "s": "blue", "w": "green"}
    x = {"game": "x-tiles", "tiles": [{"row": 0, "col": 1, "edges": {"n": "a", "e": "b", "s": "c", "w": "d"},
                                       "long_axis": "ew"}]}
    assert turn_board(x, 1)["tiles"][0]["long_axis"] == "ns"
    assert turn_board(x, 4) == turn_board(x, 0)


def test_small_render_is_quick() -> None:
    t0 = time.perf_counter()
    render_photo("tapestry", 2, style="normal", size=SMALL)
    assert time.perf_counter() - t0 < 3.0
