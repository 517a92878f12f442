"""Held-out photos of the calibration measure (tests/calibration/measure.py): a draw's repainted
set under a warm lamp, read with the profile from that draw's calibration photo."""
import random
from functools import lru_cache

import numpy as np

from calibration.evaluate import _decode, perturbed_kit, render_jpeg
from calibration.learn import calibrate_image
from calibration.reference import layout_for_game
from companion.bench.compare import compare_boards
from companion.rules.generate import random_position
from vision.kits import kit_for_game
from vision.pipeline import read_file

LIGHT = {"temperature_k": 3000.0, "awb": 0.6, "second_light_k": 0.0}


@lru_cache(maxsize=None)
def calibrated(game: str, seed: int):
    """The draw's repainted set (measure.py --seed SEED) and the calibration from its calibration
    photo (``calibration.learn.Calibration``: the profile and the warnings)."""
    kit = kit_for_game(game)
    user_kit = perturbed_kit(kit, np.random.default_rng(seed))
    layout = layout_for_game(game)
    board = {"game": game, "tiles": [{"row": r, "col": c, **t} for (r, c), t in layout.tiles.items()]}
    cal, _ = render_jpeg(board, user_kit, 10_000 + seed * 100, size=(3000, 2250), difficulty="normal",
                         cache_dir=None, **LIGHT)
    return user_kit, calibrate_image(_decode(cal), layout, game=game)


def read_held_out(j: int, game: str, seed: int):
    """Photo ``j`` of the held-out calibration draw (measure.py --game GAME --seed SEED) read with
    the profile from that draw's calibration photo: its CellScore."""
    user_kit, calibration = calibrated(game, seed)
    rng = random.Random(seed)
    boards = [random_position(game, rng).to_dict() for _ in range(j + 1)]
    photo, truth = render_jpeg(boards[j], user_kit, seed * 1000 + j, size=(3000, 2250), difficulty="normal",
                               cache_dir=None, **LIGHT)
    return compare_boards(read_file(photo, game=game, profile=calibration.profile).board,
                          {k: v for k, v in truth.items() if k != "scene"})
