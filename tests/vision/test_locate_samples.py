"""Locating on the hard cases of the sample games, and the texture cue of the foreground mask."""
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.bench.compare import compare_boards
from vision.foreground import foreground_mask
from vision.pipeline import read_file

SAMPLES = Path(__file__).resolve().parents[2] / "sample_images"


@pytest.mark.parametrize("game, turn", [
    ("octopus", 5),   # a green/white gingham cloth in the tiles' own colours
    ("x-tiles", 10),  # few groove segments: a comb at a multiple of the pitch fitted them too
])
def test_sample_photo_locates_and_reads_its_truth(game, turn):
    photo = SAMPLES / game / "game" / f"turn-{turn:02d}.jpg"
    truth = json.loads(photo.with_suffix(".board.json").read_text())
    reading = read_file(photo, game=game)
    score = compare_boards(reading.board, truth)
    assert score.missing == 0 and score.extra == 0
    assert score.errors <= 1


def _gingham(h=300, w=400, check=12, seed=0):
    """A green and white checked cloth (BGR), lightly noisy."""
    yy, xx = np.mgrid[0:h, 0:w]
    a = (xx // check) % 2
    b = (yy // check) % 2
    img = np.empty((h, w, 3), np.float32)
    img[:] = (235, 240, 235)
    img[(a + b) == 1] = (120, 170, 110)
    img[(a + b) == 2] = (60, 120, 50)
    img += np.random.default_rng(seed).normal(0, 4, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def test_foreground_on_a_checked_cloth_finds_the_smooth_tiles():
    img = _gingham()
    # two white and one green tile: the cloth's own colours, only smoother
    tiles = [((100, 110), (235, 240, 235)), ((170, 110), (235, 240, 235)), ((100, 180), (60, 120, 50))]
    truth = np.zeros(img.shape[:2], bool)
    for (x, y), col in tiles:
        img[y:y + 60, x:x + 60] = col
        truth[y:y + 60, x:x + 60] = True
    info = {}
    fg = foreground_mask(img, info=info)
    assert info["textured"]
    inside = fg[truth].mean()
    outside = fg[~cv2.dilate(truth.astype(np.uint8), np.ones((31, 31), np.uint8)).astype(bool)].mean()
    assert inside > 0.85 and outside < 0.02


def test_foreground_on_a_plain_table_is_not_textured():
    img = np.full((300, 400, 3), 180, np.uint8)
    img[100:200, 150:250] = (40, 60, 200)
    info = {}
    fg = foreground_mask(img, info=info)
    assert not info["textured"]
    assert fg[120:180, 170:230].all() and not fg[:50].any()


def test_render_on_a_gingham_cloth_in_the_tiles_colours_locates():
    # a fine green/white gingham under white, green and pink tiles (seed picked for its cloth)
    from vision.synth import render_board
    board = json.loads((SAMPLES / "octopus" / "game" / "turn-08.board.json").read_text())
    render = render_board(board, seed=7121, difficulty="normal", size=(1600, 1200))
    truth = {k: v for k, v in render.truth.items() if k != "scene"}
    reading = read_file(render.jpeg, game="octopus")
    score = compare_boards(reading.board, truth)
    assert score.missing == 0 and score.extra == 0
