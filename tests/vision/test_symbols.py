"""Tapestry symbols named by their shape (vision.symbols): every form KITS.md names, drawn
procedurally (tests/vision/symbol_bank.py), and the cards of the reader's own renderer."""
from __future__ import annotations

import collections

import numpy as np
import pytest

from vision.symbols import classify_shape, shape_features
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
