"""The check and score commands as a user runs them: exit codes, JSON, clear messages."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.rules.generate import random_record
from tests.rules.helpers import nt, record


def run_cli(args, capsys):
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, name: str, content) -> str:
    p = tmp_path / name
    p.write_text(content if isinstance(content, str) else json.dumps(content))
    return str(p)


def test_score_json_is_one_document(tmp_path, capsys):
    rec = random_record("octopus", random.Random(1), players=["Ann", "Bob"])
    code, out, _ = run_cli(["score", write(tmp_path, "r.json", rec), "--json"], capsys)
    assert code == 0
    doc = json.loads(out)
    assert set(doc) >= {"turns", "totals", "winner"}
    assert all(set(t) >= {"player", "placed", "points", "breakdown", "extra_turn", "legal", "violations"}
               for t in doc["turns"])


def test_score_human_readable(tmp_path, capsys):
    rec = random_record("x-tiles", random.Random(2), players=["Ann", "Bob"])
    code, out, _ = run_cli(["score", write(tmp_path, "r.json", rec)], capsys)
    assert code == 0 and "totals:" in out and "winner:" in out and "round 1" in out


def test_check_reports_violations_with_exit_0(tmp_path, capsys):
    board = {"game": "textile", "tiles": [nt(0, 0, "red"), nt(1, 1, "red")]}
    code, out, _ = run_cli(["check", write(tmp_path, "b.json", board), "--json"], capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc["legal"] is False
    assert {v["rule"] for v in doc["violations"]} == {"textile.same-colour-adjacent", "textile.not-knotted"}


@pytest.mark.parametrize("content, words", [
    ("{not json", "not valid JSON"),
    ({"game": "chess", "players": ["A"], "turns": [{"board": {"tiles": []}}]}, "unknown game 'chess'"),
    (record("octopus", [[nt(0, 0, "mauve", 1)]]), "unknown colour 'mauve'"),
    (record("octopus", [[{"row": 0.5, "col": 0, "colour": "red", "pips": 1}]]), "'row' must be an integer"),
    (record("octopus", [[{"row": "1", "col": 0, "colour": "red", "pips": 1}]]), "'row' must be an integer"),
    (record("octopus", [[nt(0, 0, "red", 9)]]), "pips must be an integer 1-6"),
    (record("octopus", [[nt(0, 0, "red", 1), nt(0, 0, "blue", 1)]]), "two tiles in cell"),
    ({"game": "octopus", "players": [], "turns": []}, "'players'"),
    ({"game": "octopus", "players": ["A"], "turns": [{"player": "Zed", "board": {"tiles": []}}]}, "not one of the players"),
    (record("x-tiles", [[{"row": 0, "col": 0, "edges": {"n": "red"}, "long_axis": "ew"}]]), "'edges'"),
    (record("tapestry", [[{"row": 0, "col": 0, "colour": "red", "symbol": "lizard"}]]), "unknown symbol 'lizard'"),
    ([1, 2, 3], "must be a JSON object"),
])
def test_bad_records_exit_1_with_a_message(tmp_path, capsys, content, words):
    path = write(tmp_path, "bad.json", content)
    code, out, err = run_cli(["score", path, "--json"], capsys)
    assert code == 1
    doc = json.loads(out)
    assert words in doc["error"]["message"], doc
    assert words in err


def test_huge_record_is_refused(tmp_path, capsys):
    rec = record("octopus", [[nt(0, 0, "red", 1)]])
    rec["padding"] = "x" * 5_000_000
    code, out, _ = run_cli(["score", write(tmp_path, "big.json", rec), "--json"], capsys)
    assert code == 1 and json.loads(out)["error"]["code"] == "too-large"
    assert "too large" in json.loads(out)["error"]["message"]


def test_missing_file_and_photo_without_reader(tmp_path, capsys, monkeypatch):
    code, out, _ = run_cli(["score", str(tmp_path / "nope.json"), "--json"], capsys)
    assert code == 1 and "does not exist" in json.loads(out)["error"]["message"]
    rec = {"game": "octopus", "players": ["A", "B"], "turns": [{"photo": "missing.jpg"}]}
    code, out, _ = run_cli(["score", write(tmp_path, "p.json", rec), "--json"], capsys)
    assert code == 1
    assert "missing.jpg" in json.loads(out)["error"]["message"]


def test_usage_error_exits_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["score"])
    assert exc.value.code == 2


def test_console_script_and_module_entry_points(tmp_path):
    rec = random_record("textile", random.Random(3), players=["Ann", "Bob"])
    path = write(tmp_path, "r.json", rec)
    env = dict(os.environ)
    proc = subprocess.run([sys.executable, "-m", "companion", "score", path, "--json"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["game"] == "textile"
