"""The app's widget-free logic: view-models, board helpers, overlay geometry, backend, command."""
from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.app import boardmodel as bm
from companion.app import viewmodels as vm
from companion.app.backend import Backend, ProfileError, load_demo
from companion.app.overlay import cell_at_point, cell_polygons, draw_cells


def test_players_are_checked_per_game():
    assert vm.clean_players("octopus", ["  Ann ", "", "Bob"]) == ["Ann", "Bob"]
    with pytest.raises(vm.NewGameError, match="at least 2"):
        vm.clean_players("octopus", ["Ann"])
    with pytest.raises(vm.NewGameError, match="at most 4"):
        vm.clean_players("textile", list("ABCDE"))
    with pytest.raises(vm.NewGameError, match="same name"):
        vm.clean_players("x-tiles", ["Ann", "ann"])
    assert vm.clean_players("tapestry", ["Solo"]) == ["Solo"]


def test_options_follow_the_rules_defaults():
    assert vm.game_options("x-tiles", 3) == {"target": 10, "starter": "winner"}
    assert vm.game_options("x-tiles", 4, starter="loser") == {"target": 12, "starter": "loser"}
    assert vm.game_options("x-tiles", 6)["target"] == 15
    assert vm.game_options("x-tiles", 2, target=7)["target"] == 7
    assert vm.game_options("tapestry", 1, mode="time") == {"mode": "time"}
    assert vm.game_options("octopus", 2) == {}
    with pytest.raises(vm.NewGameError):
        vm.game_options("tapestry", 1, mode="speed")


def test_breakdown_text():
    assert vm.format_breakdown({"colour": 3, "pips": 2}) == "colour 3, pips 2"
    assert vm.format_breakdown({"knotting_sides": 4, "patch": 3}) == "knotting sides 4, patch 3"
    assert vm.format_breakdown(None) == ""


def test_frontier_and_extent():
    board = {"game": "octopus", "tiles": [{"row": 0, "col": 0, "colour": "red", "pips": 1},
                                          {"row": 0, "col": 1, "colour": "blue", "pips": 2}]}
    assert bm.frontier(board) == {(-1, 0), (1, 0), (0, -1), (-1, 1), (1, 1), (0, 2)}
    ext = bm.view_extent(board)
    assert (ext.rows, ext.cols) == (3, 4)
    frame = {"game": "twelve-tiles", "tiles": [], "borders": {"n": "red", "e": "blue", "s": "green", "w": "yellow"}}
    ext = bm.view_extent(frame)
    assert (ext.r0, ext.c0, ext.r1, ext.c1) == (0, 0, 7, 7)


def test_default_tile_matches_its_neighbours_edges():
    board = {"game": "x-tiles", "tiles": [
        {"row": 0, "col": 0, "edges": {"n": "red", "e": "blue", "s": "red", "w": "yellow"}, "long_axis": "ew"}]}
    tile = bm.default_tile("x-tiles", row=0, col=1, neighbours=bm.neighbours_of(board, (0, 1)))
    assert tile["edges"]["w"] == "blue" and tile["long_axis"] == "ns"
    assert bm.tile_complete("x-tiles", tile)
    assert not bm.tile_complete("octopus", {"colour": "red"})


def test_replace_tile_and_doubts():
    board = {"game": "tapestry", "tiles": [
        {"row": 0, "col": 0, "colour": "red", "symbol": "rock", "confidence": 0.3},
        {"row": 0, "col": 1, "colour": None, "symbol": "paper", "unknown": True}]}
    assert bm.doubtful_cells(board, [{"row": 5, "col": 5, "attribute": "colour"}]) == {(0, 0), (0, 1), (5, 5)}
    fixed = bm.replace_tile(board, (0, 1), {"colour": "orange", "symbol": "paper"})
    assert fixed["tiles"][1] == {"colour": "orange", "symbol": "paper", "row": 0, "col": 1}
    assert len(bm.replace_tile(board, (0, 0), None)["tiles"]) == 1
    assert board["tiles"][1]["unknown"]  # the original is untouched


def test_cell_polygons_from_stored_geometry_and_taps():
    # the session store keeps the reader's geometry as JSON: tuple keys become "(r, c)" strings
    geometry = {"H": np.eye(3).tolist(), "image_size": [100, 100], "rows": [0, 1], "cols": [0, 1],
                "cells": {"(0, 0)": [[0, 0], [10, 0], [10, 10], [0, 10]],
                          "(0, 1)": [[10, 0], [20, 0], [20, 10], [10, 10]]}}
    polys = cell_polygons(geometry)
    assert set(polys) == {(0, 0), (0, 1)}
    assert cell_at_point(polys, 15, 5) == (0, 1)
    assert cell_at_point(polys, 50, 50) is None
    image = np.zeros((30, 30, 3), np.uint8)
    board = {"game": "octopus", "tiles": [{"row": 0, "col": 1, "colour": "red", "pips": 2}]}
    out = draw_cells(image, geometry, board, [{"rule": "x", "cells": [[0, 1]], "message": "m"}])
    assert out[0:11, 10:21].any() and not image.any()  # drawn on a copy


def test_demo_records_resolve_their_photos(tmp_path):
    (tmp_path / "photos").mkdir()
    cv2.imwrite(str(tmp_path / "photos" / "a.jpg"), np.zeros((8, 8, 3), np.uint8))
    rec = {"game": "octopus", "players": ["Ann", "Bob"], "turns": [{"photo": "photos/a.jpg"}]}
    (tmp_path / "record.json").write_text(json.dumps(rec))
    demo = load_demo(tmp_path / "record.json")
    assert demo.players == ("Ann", "Bob") and Path(demo.entries[0]["photo"]).exists()
    (tmp_path / "bad.json").write_text("{")
    assert load_demo(tmp_path / "bad.json") is None


def test_profiles_round_trip_and_reject_bad_names(tmp_path):
    backend = Backend(data_dir=tmp_path)
    profile = {"format": "tile-companion-profile", "version": 1, "kit": "x-tiles", "colours": {}}
    backend.save_profile("my set", profile)
    assert backend.profile_names() == ["my set"]
    assert backend.load_profile("my set")["kit"] == "x-tiles"
    with pytest.raises(ProfileError):
        backend.save_profile("../escape", profile)
    (tmp_path / "profiles" / "junk.profile.json").write_text("not json")
    with pytest.raises(ProfileError, match="cannot be read"):
        backend.load_profile("junk")


def test_settings_survive_a_restart(tmp_path):
    Backend(data_dir=tmp_path).save_settings({"doubt_threshold": 0.8})
    assert Backend(data_dir=tmp_path).settings()["doubt_threshold"] == 0.8


def test_separation_verdicts():
    from companion.app.calibration_model import separation, swatches

    far = {"kit": "x-tiles", "colours": {"red": {"lab": [45, 60, 40], "n": 10},
                                         "blue": {"lab": [40, 10, -55], "n": 10}}}
    near = {"kit": "x-tiles", "colours": {"red": {"lab": [45, 60, 40], "n": 10},
                                          "orange": {"lab": [46, 58, 42], "n": 10}}}
    assert separation(far).level == "good"
    assert separation(near).level == "bad" and separation(near).closest == ("orange", "red")
    sw = swatches(far)
    assert [s.name for s in sw] == ["red", "blue"] and all(0 <= c <= 1 for c in sw[0].learned_rgb)


def test_scoreboard_rows_and_standing_from_a_real_session(tmp_path):
    from companion.session import SessionStore

    with SessionStore.open(tmp_path / "s.sqlite3") as store:
        info = store.create("octopus", ["Ann", "Bob"])
        store.add_board_turn(info.id, {"game": "octopus", "tiles": [{"row": 0, "col": 0, "colour": "red", "pips": 3}]})
        store.add_board_turn(info.id, {"game": "octopus", "tiles": [
            {"row": 0, "col": 0, "colour": "red", "pips": 3}, {"row": 0, "col": 1, "colour": "red", "pips": 5}]})
        view = store.get(info.id)
    rows = vm.scoreboard_rows(view.turns)
    assert [r.player for r in rows] == ["Ann", "Bob"]
    assert rows[1].points == 1 and "colour 1" in rows[1].text
    st = vm.standing(view)
    assert st.totals == (("Ann", 0), ("Bob", 1)) and st.next_player == "Ann"
    assert vm.turn_summary(view.turns[1]).startswith("Bob: 1 point")


def test_app_command_without_display_is_a_clear_error(monkeypatch):
    from companion.cli import main

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert main(["app", "--json"]) == 1
    assert main(["app", "--size", "big"]) == 1


def test_texture_bytes_are_rgb_bottom_up():
    from companion.app.images import bgr_to_rgb_bytes, fit_for_display

    img = np.zeros((2, 3, 3), np.uint8)
    img[0, 0] = (255, 0, 0)  # blue, top left
    data, size = bgr_to_rgb_bytes(img)
    assert size == (3, 2)
    arr = np.frombuffer(data, np.uint8).reshape(2, 3, 3)
    assert tuple(arr[1, 0]) == (0, 0, 255)  # last row in the texture = top of the photo, RGB
    assert fit_for_display(np.zeros((4000, 3000, 3), np.uint8), 1000).shape == (1000, 750, 3)
