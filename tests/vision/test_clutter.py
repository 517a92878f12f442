"""Clutter beside the layout: what stands out from the table but fits no palette colour is no tile
(vision.cells occupancy)."""
import random

from companion.bench.compare import compare_boards
from companion.rules.generate import random_position
from vision.pipeline import read_file
from vision.synth import render_board


def test_a_notepad_beside_x_tiles_is_not_read_as_tiles():
    # seed 7102 at 12 MP: a white notepad touches the layout; its cells stand out from the table
    # and were read as two X-Tiles of unknown colours
    board = random_position("x-tiles", random.Random(7102)).to_dict()
    render = render_board(board, seed=7102, difficulty="normal", size=(4000, 3000))
    truth = {k: v for k, v in render.truth.items() if k != "scene"}
    score = compare_boards(read_file(render.jpeg, game="x-tiles").board, truth)
    assert score.extra == 0
    assert score.errors <= 1  # (one tile at the top still missed)
