"""Cards of the cloth's own colour (a repainted set's greyish blue on blue and cream stripes,
under a warm lamp, with the set's profile): their symbols say they are cards (vision.cells)."""
import random

import numpy as np

from calibration.evaluate import _decode, perturbed_kit, render_jpeg
from calibration.learn import calibrate_image
from calibration.reference import layout_for_game
from companion.bench.compare import compare_boards
from companion.rules.generate import random_position
from vision.kits import kit_for_game
from vision.pipeline import read_file

LIGHT = {"temperature_k": 3000.0, "awb": 0.6, "second_light_k": 0.0}


def _read_held_out(j: int):
    """Photo ``j`` of the held-out calibration draw (measure.py --seed 1) read with the profile
    from that draw's calibration photo: its CellScore."""
    game, seed = "tapestry", 1
    kit = kit_for_game(game)
    user_kit = perturbed_kit(kit, np.random.default_rng(seed))
    layout = layout_for_game(game)
    board = {"game": game, "tiles": [{"row": r, "col": c, **t} for (r, c), t in layout.tiles.items()]}
    cal, _ = render_jpeg(board, user_kit, 10_000 + seed * 100, size=(3000, 2250), difficulty="normal",
                         cache_dir=None, **LIGHT)
    profile = calibrate_image(_decode(cal), layout, game=game).profile
    rng = random.Random(seed)
    boards = [random_position(game, rng).to_dict() for _ in range(j + 1)]
    photo, truth = render_jpeg(boards[j], user_kit, seed * 1000 + j, size=(3000, 2250), difficulty="normal",
                               cache_dir=None, **LIGHT)
    return compare_boards(read_file(photo, game=game, profile=profile).board,
                          {k: v for k, v in truth.items() if k != "scene"})


def test_cards_the_colour_of_the_stripes_are_found_by_their_symbols():
    # photo 14: five of the set's blue cards, grey under the lamp, lie on blue stripes; the mask
    # and the colour missed them
    score = _read_held_out(14)
    assert score.extra == 0
    assert score.missing <= 3  # (three cards beyond a gap of the bare cloth are still missed)


def test_grey_cards_on_stripes_aslant_keep_their_outline():
    # photo 15: the stripes run aslant across the lattice, so most bare cells show edges on three
    # sides or more (a table whose pattern makes edges); the grey and purple cards the mask
    # missed still count by their outline, in colours the bare cloth does not show
    score = _read_held_out(15)
    assert score.errors == 0
