"""A reading whose cells cover little of the layout gets a second look (vision.pipeline)."""
from __future__ import annotations

import random

import numpy as np
import pytest

import vision.pipeline as pipeline
from vision.synth.compare import compare_boards


@pytest.fixture(scope="module")
def photo():
    from companion.rules.generate import random_position
    from vision.synth import render_board

    board = random_position("octopus", random.Random(11)).to_dict()
    render = render_board(board, seed=11, difficulty="easy", size=(1600, 1200))
    return render.jpeg, {k: v for k, v in render.truth.items() if k != "scene"}


def _spy_locating(monkeypatch, first_look=None) -> list[int]:
    """Record the seed of every call to the locator (the list returned fills as the reader
    runs); ``first_look`` replaces what the first look (seed 0) finds."""
    real = pipeline.locate_candidates
    seeds: list[int] = []

    def spy(image, **kw):
        seeds.append(kw.get("seed", 0))
        found = real(image, **kw)
        return first_look(found) if first_look and seeds[-1] == 0 else found

    monkeypatch.setattr(pipeline, "locate_candidates", spy)
    return seeds


def _off_the_layout(found):
    # the first look's lattice lies off the layout: its cells read no tile
    lat = found[0]
    return [lat.with_H(lat.H @ np.array([[1, 0, 40.0], [0, 1, 40.0], [0, 0, 1]]))]


def test_a_lattice_that_misses_the_tiles_gets_a_second_look(photo, monkeypatch):
    jpeg, truth = photo
    seeds = _spy_locating(monkeypatch, _off_the_layout)
    reading = pipeline.read_file(jpeg, game="octopus")
    assert seeds[0] == 0 and len(seeds) >= 2
    assert "second_look" in reading.timing_ms
    assert compare_boards(reading.board, truth).errors <= 2  # (what the reader gets on its own)


def test_a_good_first_look_is_not_repeated(photo, monkeypatch):
    jpeg, truth = photo
    seeds = _spy_locating(monkeypatch)
    reading = pipeline.read_file(jpeg, game="octopus")
    assert seeds == [0] and "second_look" not in reading.timing_ms
    assert compare_boards(reading.board, truth).errors <= 2
