"""The bulk tool's bookkeeping (tests.indie.batch): names to games and styles, totals, and the
photo-by-photo comparison of two runs."""
import pytest

from tests.indie.batch import differences, game_of, style_of, totals


def test_a_photos_name_gives_its_game_and_style():
    assert game_of("/x/twelve-tiles-hard-704.jpg") == "twelve-tiles"
    assert game_of("x-tiles-normal-003.jpg") == "x-tiles"
    assert style_of("tapestry-normal-012.jpg") == "normal"
    with pytest.raises(ValueError):
        game_of("chess-normal-001.jpg")


def _result(errors, cells=10, ms=100, board=None):
    return {"errors": errors, "cells": cells, "ms": ms, "board": board}


def test_totals_count_wrong_cells_and_clean_photos_per_game_and_style():
    lines = totals({"a/textile-hard-001.jpg": _result(2), "a/textile-hard-002.jpg": _result(0),
                    "a/octopus-normal-001.jpg": _result(-1, cells=0)})  # (a crash counts no cell)
    assert lines[0].startswith("octopus") and "clean 0/1" in lines[0]
    assert "errors    2 /    20" in lines[1] and "clean 1/2" in lines[1]
    assert lines[-1] == "TOTAL errors 2 / 20 (10.00%) clean 1/3"


def test_differences_list_photos_whose_errors_or_boards_changed():
    a = {"p/textile-hard-001.jpg": _result(2, board={"t": 1}), "p/textile-hard-002.jpg": _result(0, board={"t": 2})}
    b = {"p/textile-hard-001.jpg": _result(1, board={"t": 3}), "p/textile-hard-002.jpg": _result(0, board={"t": 4})}
    assert [d.split()[0] for d in differences(a, b)] == ["textile-hard-001.jpg"]
    assert len(differences(a, b, boards=True)) == 2
    assert differences(a, a, boards=True) == []
