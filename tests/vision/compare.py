"""Compare a read board with the truth, up to translation and quarter turns (FORMATS.md): the
benchmark's own comparison (:func:`vision.synth.compare.compare_boards`)."""
from __future__ import annotations

from vision.synth.compare import compare_boards


def cell_errors(read: dict, truth: dict) -> tuple[int, int]:
    """(wrong cells, cells compared): missing, extra and misread tiles under the best alignment."""
    score = compare_boards(read, truth)
    return score.errors, score.cells


def read_render(game: str, seed: int, *, size: tuple[int, int] = (1600, 1200),
                difficulty: str = "normal"):
    """Render the random legal position of ``game`` for ``seed`` (``vision.synth``), read it and
    return its :class:`~vision.synth.compare.CellScore` against the truth."""
    import random

    from companion.rules.generate import random_position
    from vision.pipeline import read_file
    from vision.synth import render_board

    board = random_position(game, random.Random(seed)).to_dict()
    render = render_board(board, seed=seed, difficulty=difficulty, size=size)
    truth = {k: v for k, v in render.truth.items() if k != "scene"}
    return compare_boards(read_file(render.jpeg, game=game).board, truth)


def read_indie(game: str, seed: int, *, style: str = "normal", size: tuple[int, int] = (1600, 1200)):
    """Render ``seed``'s photo of ``game`` with the independent renderer (``tests.indie``), read
    it and return its :class:`~vision.synth.compare.CellScore` against the truth."""
    from tests.indie.render import render_photo
    from vision.pipeline import read_file

    jpeg, truth = render_photo(game, seed, style=style, size=size)
    truth = {k: v for k, v in truth.items() if k != "scene"}
    return compare_boards(read_file(jpeg, game=game).board, truth)
