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


def test_joined_runs_and_the_named_sets(tmp_path):
    import json

    from tests.indie.batch import SETS, load_results, main

    (tmp_path / "a.json").write_text(json.dumps({"p/textile-hard-001.jpg": _result(2)}))
    (tmp_path / "b.json").write_text(json.dumps({"p/textile-hard-001.jpg": _result(1),
                                                  "q/textile-hard-002.jpg": _result(0)}))
    joined = load_results(tmp_path, "a,b")
    assert joined["p/textile-hard-001.jpg"]["errors"] == 1 and len(joined) == 2
    # every named set is twelve seeds, and no two sets share a seed
    from tests.indie.measure import parse_seeds
    seeds = [parse_seeds(s) for s in SETS.values()]
    assert all(len(s) == 12 for s in seeds)
    assert len({n for s in seeds for n in s}) == 12 * len(SETS)
    # a photo with no truth beside it is skipped, not a crash
    (tmp_path / "textile-hard-003.jpg").write_bytes(b"")
    assert main(["--results", str(tmp_path), "read", "t", str(tmp_path), "-j", "1"]) == 0
    assert json.loads((tmp_path / "t.json").read_text()) == {}
