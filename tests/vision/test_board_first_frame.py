"""A board's lattices are found first without the hypothesis from the segments inside its
layout (vision.pipeline.read_image, locate_candidates(inside=False)): the first lattice is the
same, the board's frame usually shows clearly on it and the frame's search stops there, so the
reading is the one the full search gives, without the inside segments' line search; where it
does not, every hypothesis is found and the search goes on, as before."""
import random

import numpy as np
import pytest

import vision.locate as L
import vision.pipeline as P
from companion.rules.generate import random_position
from vision.load import decode_image
from vision.synth import render_board

GAME = "twelve-tiles"
#: Renders (the project's renderer, normal) whose board's frame shows clearly on the first
#: lattice (0), and does not (2).
CLEAR_FIRST, NOT_CLEAR_FIRST = 0, 2


def _photo(seed: int) -> np.ndarray:
    board = random_position(GAME, random.Random(seed)).to_dict()
    return decode_image(render_board(board, seed=seed, difficulty="normal",
                                     size=(1600, 1200)).jpeg)


def test_the_first_lattice_does_not_depend_on_the_inside_hypothesis():
    image = _photo(CLEAR_FIRST)
    kwargs = dict(cells_are_tiles=False, solid_layout=True)
    full = L.locate_candidates(image, **kwargs)
    first = L.locate_candidates(image, inside=False, **kwargs)
    assert any(lat.info.get("source") == "inside" for lat in full)
    assert not any(lat.info.get("source") == "inside" for lat in first)
    assert np.array_equal(first[0].H, full[0].H)
    assert (first[0].rows, first[0].cols) == (full[0].rows, full[0].cols)


@pytest.mark.parametrize("seed, searched", [(CLEAR_FIRST, False), (NOT_CLEAR_FIRST, True)])
def test_the_inside_segments_are_searched_only_without_a_clear_first_frame(monkeypatch, seed,
                                                                           searched):
    image = _photo(seed)
    calls = []
    inside = L._inside_segments

    def counted(*args, **kwargs):
        calls.append(1)
        return inside(*args, **kwargs)

    monkeypatch.setattr(L, "_inside_segments", counted)
    quick = P.read_image(image, game=GAME)
    assert bool(calls) == searched
    # every hypothesis found from the start (as before the first lattice's looks came first)
    locate = P.locate_candidates
    monkeypatch.setattr(P, "locate_candidates",
                        lambda *args, **kwargs: locate(*args, **{**kwargs, "inside": True}))
    full = P.read_image(image, game=GAME)
    assert quick.board == full.board and quick.doubts == full.doubts
    assert np.array_equal(quick.geometry.H, full.geometry.H)
