"""Tapestry symbols named by their shape (vision.symbols): every form KITS.md names, drawn
procedurally (tests/vision/symbol_bank.py), and the cards of the reader's own renderer."""
from __future__ import annotations

import collections

import numpy as np
import pytest

from vision.symbols import classify_shape, name_symbols, shape_features
from tests.vision.symbol_bank import FORMS, bank

SYMBOLS = ("rock", "paper", "scissors")


@pytest.fixture(scope="module")
def drawn():
    return bank(60, seed=7, sizes=(22, 50))


@pytest.mark.parametrize("form", ["disc", "fist", "sheet", "hand", "scissors"])
def test_every_named_form_reads_as_its_symbol(drawn, form):
    masks = [m for f, _, m in drawn if f == form]
    read = collections.Counter(classify_shape(m, SYMBOLS)[0] for m in masks)
    assert read[FORMS[form]] >= 0.93 * len(masks), (form, dict(read))


def test_confident_readings_are_right(drawn):
    wrong_but_sure = [(f, s) for f, sym, m in drawn if f != "mitten"
                      for s, c, _ in [classify_shape(m, SYMBOLS)] if s != sym and c >= 0.8]
    assert len(wrong_but_sure) <= 0.01 * len(drawn), wrong_but_sure


def test_rings_are_round_holes_and_lines_on_a_sheet_are_not():
    scissors = [m for f, _, m in bank(10, seed=3) if f == "scissors"]
    sheet = np.zeros((100, 72), np.uint8)
    sheet[25:75, 20:52] = 1
    sheet[35:37, 24:48] = 0  # lines of text: slits
    sheet[45:47, 24:48] = 0
    sheet[55:57, 24:48] = 0
    assert shape_features(sheet).rings == 0
    assert np.median([shape_features(m).rings for m in scissors]) > 0.15
    assert classify_shape(sheet, SYMBOLS)[0] == "paper"


def test_an_empty_mask_reads_no_symbol():
    sym, conf, why = classify_shape(np.zeros((40, 30), np.uint8), SYMBOLS)
    assert sym is None and conf < 0.5 and "no symbol" in why


def test_only_the_kits_symbols_are_named():
    disc = np.zeros((60, 60), np.uint8)
    yy, xx = np.mgrid[:60, :60]
    disc[(yy - 30) ** 2 + (xx - 30) ** 2 < 15 ** 2] = 1
    assert classify_shape(disc, SYMBOLS)[0] == "rock"
    assert classify_shape(disc, ("paper", "scissors"))[0] in ("paper", "scissors")


def test_a_photos_cards_are_named_together_by_their_print():
    # one photo: every symbol in one drawing each, at one size (a set prints one art per symbol)
    rng = np.random.default_rng(5)
    from tests.vision.symbol_bank import draw
    forms = ["disc"] * 5 + ["hand"] * 5 + ["scissors"] * 5
    masks = [draw(f, rng, size=38.0) for f in forms]
    named = name_symbols(masks, SYMBOLS)
    assert [n for n, _, _ in named] == [FORMS[f] for f in forms]
    assert all(c >= 0.5 for _, c, _ in named)


def test_a_card_read_weakly_alone_takes_its_prints_reading_with_its_confidence():
    import cv2

    def disc(cut: int = 0) -> np.ndarray:
        m = np.zeros((70, 50), np.uint8)
        cv2.circle(m, (25, 35), 14, 1, -1)
        if cut:  # (a bite out of the art: glare, a fold)
            m[35 - cut:35 + cut, 39 - 2 * cut:] = 0
        return m
    odd = disc(cut=3)
    alone = classify_shape(odd, SYMBOLS)
    together = name_symbols([disc() for _ in range(6)] + [odd], SYMBOLS)[-1]
    assert together[0] == "rock" and together[1] >= alone[1]


def test_no_art_reads_no_symbol_and_spoils_no_other_card():
    from tests.vision.symbol_bank import draw
    rng = np.random.default_rng(2)
    masks = [draw("scissors", rng, size=40.0) for _ in range(3)] + [np.zeros((100, 72), np.uint8)]
    named = name_symbols(masks, SYMBOLS)
    assert [n for n, _, _ in named[:3]] == ["scissors"] * 3
    assert named[3][0] is None and named[3][1] < 0.5


def test_an_independent_renderers_cards_read_at_phone_size():
    # tests/indie draws its own art (here sheets with folded corners and ruled lines, fists or
    # discs, scissors): the reader must read it without having seen it
    from tests.indie.render import render_photo
    from vision.pipeline import read_file
    from vision.synth.compare import compare_boards

    jpeg, truth = render_photo("tapestry", 0, style="normal", size=(1600, 1200))
    truth = {k: v for k, v in truth.items() if k != "scene"}
    assert compare_boards(read_file(jpeg, game="tapestry").board, truth).errors == 0
