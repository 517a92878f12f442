"""Kits as data: the exact sets, and clear errors for malformed kit files."""
from __future__ import annotations

import itertools
import json

import pytest

from vision.kits import KitError, builtin_kit_names, kit_for_game, load_kit


def test_builtin_kits_hold_the_exact_sets():
    assert set(builtin_kit_names()) == {"nestortiles", "x-tiles", "twelve-tiles", "tapestry"}
    nest = kit_for_game("octopus")
    assert nest.set_size == 60 and len({(t["colour"], t["pips"]) for t in nest.tiles}) == 60
    assert kit_for_game("x-tiles").set_size == 48
    tt = kit_for_game("twelve-tiles")
    assert tt.set_size == 70
    seen = set()
    for t in tt.tiles:
        e = tuple(t["edges"])
        key = min(e[i:] + e[:i] for i in range(4))
        assert key not in seen
        seen.add(key)
    all_patterns = {min(p[i:] + p[:i] for i in range(4)) for p in itertools.product(tt.colour_names, repeat=4)}
    assert seen == all_patterns
    tap = kit_for_game("tapestry")
    assert tap.set_size == 72 and len(tap.colours) == 6 and tap.symbols == ("rock", "paper", "scissors")
    assert kit_for_game("textile").rgb("red") == (0xC8, 0x10, 0x2E)


def test_user_kit_loads_the_same_way(tmp_path):
    doc = {"format": "tile-companion-kit", "version": 1, "name": "my-tiles", "face_model": "solid",
           "colours": {"teal": "#008080", "gold": "#FFD700"}, "pips": [1, 2],
           "tiles": [{"colour": "teal", "pips": 1}, {"colour": "gold", "pips": 2, "count": 2}]}
    p = tmp_path / "my.kit.json"
    p.write_text(json.dumps(doc))
    kit = load_kit(str(p))
    assert kit.name == "my-tiles" and kit.set_size == 3


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d.pop("tiles"), "missing field 'tiles'"),
    (lambda d: d.update(face_model="hologram"), "face_model"),
    (lambda d: d["colours"].update(teal="green"), "#RRGGBB"),
    (lambda d: d["tiles"].append({"colour": "pink"}), "unknown colour 'pink'"),
    (lambda d: d.update(version=99), "unsupported version"),
    (lambda d: d.update(format="something-else"), "'format'"),
])
def test_malformed_kit_files_are_clear_errors(tmp_path, mutate, words):
    doc = {"format": "tile-companion-kit", "version": 1, "name": "my-tiles", "face_model": "solid",
           "colours": {"teal": "#008080", "gold": "#FFD700"}, "tiles": [{"colour": "teal"}]}
    mutate(doc)
    p = tmp_path / "bad.kit.json"
    p.write_text(json.dumps(doc))
    with pytest.raises(KitError, match=words):
        load_kit(str(p))


def test_unreadable_kit(tmp_path):
    p = tmp_path / "x.kit.json"
    p.write_text("{nope")
    with pytest.raises(KitError, match="not valid JSON"):
        load_kit(str(p))
    with pytest.raises(KitError, match="unknown kit"):
        load_kit("no-such-kit")


def test_builtin_names_are_not_shadowed_by_folders(tmp_path, monkeypatch):
    (tmp_path / "x-tiles").mkdir()
    monkeypatch.chdir(tmp_path)
    from vision import kits
    kits._CACHE.clear()
    assert load_kit("x-tiles").set_size == 48
