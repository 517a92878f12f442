"""Tiles on a patterned cloth: the cloth's stripes make edges all round its bare cells, which are
then no evidence of a tile's outline (vision.cells occupancy)."""
import random

from companion.bench.compare import compare_boards
from companion.rules.generate import random_position
from vision.pipeline import read_file
from vision.synth import render_board


def test_white_stripes_beside_the_layout_are_not_white_tiles():
    # seed 7407: Textile on purple and white stripes; the white stripes' cells beside the layout
    # show edges on all four sides and were read as five white tiles
    board = random_position("textile", random.Random(7407)).to_dict()
    render = render_board(board, seed=7407, difficulty="normal", size=(1600, 1200))
    truth = {k: v for k, v in render.truth.items() if k != "scene"}
    score = compare_boards(read_file(render.jpeg, game="textile").board, truth)
    assert score.extra == 0 and score.errors == 0
