"""Profiles: versioned JSON, validated when loaded; built-in layouts."""
from __future__ import annotations

import json

import pytest

from calibration.profile import FORMAT, ProfileError, load_profile, new_profile, save_profile, validate_profile
from calibration.reference import (LayoutError, builtin_layout_names, builtin_layouts, layout_for_game,
                                   layout_from_dict, load_layout)
from companion.rules import board_from_dict, check_board


def _profile(**extra):
    doc = {"format": FORMAT, "version": 1, "kit": "nestortiles",
           "colours": {"red": {"lab": [45.0, 60.0, 35.0], "cov": [[4, 0, 0], [0, 4, 0], [0, 0, 4]], "n": 6}}}
    doc.update(extra)
    return doc


def test_round_trip(tmp_path):
    p = save_profile(new_profile("tapestry", {"blue": {"lab": [55, -5, -40], "n": 3}},
                                 symbols={"rock": {"template": [[0.5] * 32] * 32}}, source="x.jpg"),
                     tmp_path / "sub" / "p.json")
    loaded = load_profile(p)
    assert loaded["kit"] == "tapestry" and loaded["colours"]["blue"]["lab"] == [55.0, -5.0, -40.0]
    assert len(loaded["symbols"]["rock"]["template"]) == 32
    assert loaded["created"].endswith("Z")
    assert load_profile(p, kit="tapestry") == loaded


def test_blown_out_channels_are_kept_in_rgb_order(tmp_path):
    p = save_profile(_profile(colours={"white": {"lab": [95, -2, 10], "n": 3, "clipped": ["g", "r"]},
                                       "red": {"lab": [45, 60, 35], "clipped": []}}), tmp_path / "p.json")
    loaded = load_profile(p)
    assert loaded["colours"]["white"]["clipped"] == ["r", "g"]
    assert "clipped" not in loaded["colours"]["red"]


@pytest.mark.parametrize("content, message", [
    (b"{\"format\": \"tile-companion-profile\", \"vers", "corrupt"),
    (b"\xff\xfe\x00garbage", "corrupt"),
    (b"[1, 2, 3]", "JSON object"),
    (json.dumps({"format": "tile-companion-kit", "version": 1}).encode(), "not a tile-companion profile"),
    (json.dumps(_profile(version=2)).encode(), "version 2 is not supported"),
    (json.dumps(_profile(version="1")).encode(), "integer"),
    (json.dumps(_profile(kit="lego")).encode(), "unknown kit"),
    (json.dumps(_profile(colours={"mauve": {"lab": [50, 0, 0]}})).encode(), "not a colour of kit"),
    (json.dumps(_profile(colours={"red": {"lab": [50, 0]}})).encode(), "three numbers"),
    (json.dumps(_profile(colours={"red": {"lab": [150, 0, 0]}})).encode(), "outside CIELAB"),
    (json.dumps(_profile(colours={"red": {"lab": [50, 0, 0], "cov": [[1, 2, 0], [0, 1, 0], [0, 0, 1]]}})).encode(),
     "symmetric"),
    (json.dumps(_profile(colours={"red": {"lab": [50, 0, 0], "n": -1}})).encode(), "non-negative"),
    (json.dumps(_profile(colours={})).encode(), "no colours"),
    (json.dumps(_profile(colours={"red": {"lab": [50, 0, 0], "clipped": ["red"]}})).encode(), "'clipped'"),
    (json.dumps(_profile(colours={"red": {"lab": [50, 0, 0], "clipped": "r"}})).encode(), "'clipped'"),
    (json.dumps(_profile(colours={"red": {"lab": [50, 0, 0], "clipped": [["r"]]}})).encode(), "'clipped'"),
    (json.dumps(_profile(colours={"red": {"lab": [50, 0, 0], "clipped": ["r", "r"]}})).encode(), "'clipped'"),
    (json.dumps(_profile(symbols={"rock": {"template": [[0.5] * 32] * 32}})).encode(), "not a symbol"),
    (json.dumps(_profile(colours=[["red", [50, 0, 0]]])).encode(), "'colours' must be an object"),
    (json.dumps(_profile(symbols="rock")).encode(), "'symbols' must be an object"),
    (json.dumps(_profile(white_balance={"gains_bgr": [1, 1]})).encode(), "white_balance"),
    (json.dumps(_profile(camera={"format": "nope"})).encode(), "camera"),
    (json.dumps(_profile(history=[{"colours": {"red": {"lab": "x"}}}])).encode(), "three numbers"),
])
def test_corrupt_or_foreign_profiles_are_clear_errors(tmp_path, content, message):
    p = tmp_path / "p.json"
    p.write_bytes(content)
    with pytest.raises(ProfileError, match=message):
        load_profile(p)


def test_missing_and_wrong_kit(tmp_path):
    with pytest.raises(ProfileError, match="does not exist"):
        load_profile(tmp_path / "none.json")
    with pytest.raises(ProfileError, match="not 'tapestry'"):
        validate_profile(_profile(), kit="tapestry")


def test_symbol_templates_are_checked():
    doc = _profile(kit="tapestry", colours={"red": {"lab": [45, 60, 35]}})
    validate_profile({**doc, "symbols": {"rock": {"template": [[0.5] * 32] * 32}}})
    with pytest.raises(ProfileError, match="32x32"):
        validate_profile({**doc, "symbols": {"rock": {"template": [[0.5] * 31] * 32}}})
    with pytest.raises(ProfileError, match="32x32"):
        validate_profile({**doc, "symbols": {"rock": {"template": [[1.5] * 32] * 32}}})


def test_builtin_layouts_ship_as_legal_boards_showing_every_colour():
    assert set(builtin_layout_names()) == {"nestortiles", "tapestry", "x-tiles", "twelve-tiles"}
    for layout in builtin_layouts():
        assert layout.title and layout.instructions
        assert layout.colours_used() == set(layout.kit.colours), layout.name
        board = board_from_dict(json.loads(open(layout.path).read()))
        assert check_board(board) == [], layout.name
    x = layout_for_game("x-tiles")
    big: set[str] = set()
    for t in x.tiles.values():
        big_edges = ("e", "w") if t["long_axis"] == "ew" else ("n", "s")
        big |= {t["edges"][e] for e in big_edges}
    small = {t["edges"][e] for t in x.tiles.values() for e in "nesw"
             if e not in (("e", "w") if t["long_axis"] == "ew" else ("n", "s"))}
    assert big == small == set(x.kit.colours)
    nest = layout_for_game("octopus")
    assert {(t["colour"], t["pips"]) for t in nest.tiles.values()} == {
        (t["colour"], t["pips"]) for t in nest.kit.tiles}
    tap = layout_for_game("tapestry")
    assert len({(t["colour"], t["symbol"]) for t in tap.tiles.values()}) == 18


@pytest.mark.parametrize("game", ["octopus", "x-tiles", "twelve-tiles", "tapestry"])
def test_layout_turn_matches_the_rule_core(game):
    layout = layout_for_game(game)
    board = board_from_dict({"game": game, "tiles": [{"row": r, "col": c, **t} for (r, c), t in layout.tiles.items()]})
    for k in range(4):
        ours = {cell: t for cell, t in layout.turned(k).items()}
        theirs = board.turned(k).to_dict()["tiles"]
        assert {(t["row"], t["col"]): {a: t[a] for a in t if a not in ("row", "col")} for t in theirs} == ours


def test_bad_layouts(tmp_path):
    with pytest.raises(LayoutError, match="does not exist"):
        load_layout(tmp_path / "none.board.json")
    (tmp_path / "bad.board.json").write_text('{"game": "octopus", "tiles"')
    with pytest.raises(LayoutError, match="not valid JSON"):
        load_layout(tmp_path / "bad.board.json")
    with pytest.raises(LayoutError, match="not for 'tapestry'"):
        load_layout("nestortiles", game="tapestry")
    with pytest.raises(LayoutError, match="unknown colour"):
        layout_from_dict({"game": "octopus", "tiles": [{"row": 0, "col": 0, "colour": "gold", "pips": 1}]})
    with pytest.raises(LayoutError, match="two tiles"):
        layout_from_dict({"game": "octopus", "tiles": [{"row": 0, "col": 0, "colour": "red"}] * 2})
    with pytest.raises(LayoutError, match="long_axis"):
        layout_from_dict({"game": "x-tiles", "tiles": [{"row": 0, "col": 0, "edges": dict(zip("nesw", ["red"] * 4))}]})
    with pytest.raises(LayoutError, match="non-empty"):
        layout_from_dict({"game": "octopus", "tiles": []})
