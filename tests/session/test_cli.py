"""``tile-companion session ...`` end to end through the command-line entry point."""
from __future__ import annotations

import json
import random

import pytest

from companion.cli import main
from companion.rules import score_record_data
from companion.rules.generate import random_record


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "cli.sqlite3")


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr().out
    return code, (json.loads(out) if "--json" in argv and out.strip() else out)


def test_a_whole_game_from_the_command_line(capsys, tmp_path, db):
    record = random_record("octopus", random.Random(9), players=("Ann", "Bob"))
    truth = score_record_data(record)
    code, data = run(capsys, "session", "new", "--game", "octopus", "--players", "Ann,Bob",
                     "--option", "sets=1", "--name", "Friday", "--db", db, "--json")
    assert code == 0 and data["session"]["options"] == {"sets": 1}
    sid = str(data["session"]["id"])
    for i, entry in enumerate(record["turns"]):
        path = tmp_path / f"b{i}.json"
        path.write_text(json.dumps(entry["board"]))
        code, data = run(capsys, "session", "add", sid, "--board", str(path), "--db", db, "--json")
        assert code == 0
        assert data["turn"]["points"] == truth["turns"][i]["points"]
    assert data["totals"] == truth["totals"]
    # text output for people
    code, text = run(capsys, "session", "show", sid, "--db", db)
    assert code == 0 and "totals: Ann" in text and "Friday" in text
    code, data = run(capsys, "session", "show", sid, "--db", db, "--json")
    assert data["score"]["totals"] == truth["totals"] and data["next_player"] in ("Ann", "Bob")
    # correct the last tile, then undo the whole turn
    last = data["turns"][-1]["board"]["tiles"][-1]
    cell = f"{last['row']},{last['col']}"
    code, data = run(capsys, "session", "correct", sid, "--cell", cell, "--tile",
                     json.dumps({"colour": last["colour"], "pips": last["pips"]}),
                     "--db", db, "--json")
    assert code == 0
    code, data = run(capsys, "session", "correct", sid, "--cell", cell, "--remove",
                     "--db", db, "--json")
    assert code == 0 and len(data["turn"]["corrections"]) == 1
    code, data = run(capsys, "session", "undo", sid, "--db", db, "--json")
    assert code == 0 and data["undone"]["index"] == len(record["turns"]) - 1
    assert len(data["turns"]) == len(record["turns"]) - 1
    # export: record + csv; scoring the export gives the session's totals
    out = tmp_path / "exp" / "game.record.json"
    sheet = tmp_path / "exp" / "game.csv"
    code, data = run(capsys, "session", "export", sid, "--out", str(out), "--csv", str(sheet),
                     "--db", db, "--json")
    assert code == 0 and sheet.read_text().startswith("turn,player")
    code, scored = run(capsys, "score", str(out), "--json")
    code, shown = run(capsys, "session", "show", sid, "--db", db, "--json")
    assert scored["totals"] == shown["totals"]
    # import it as a new session
    code, data = run(capsys, "session", "import", str(out), "--db", db, "--json")
    assert code == 0 and data["totals"] == scored["totals"]
    code, data = run(capsys, "session", "list", "--db", db, "--json")
    assert len(data["sessions"]) == 2
    code, data = run(capsys, "session", "finish", sid, "--db", db, "--json")
    assert data["finished"] and data["next_player"] is None
    code, data = run(capsys, "session", "list", "--open", "--db", db, "--json")
    assert len(data["sessions"]) == 1


def test_passes_rounds_and_timer(capsys, tmp_path, db):
    code, data = run(capsys, "session", "new", "-g", "textile", "-p", "Ann,Bob", "--db", db,
                     "--json")
    sid = str(data["session"]["id"])
    b = tmp_path / "t.json"
    b.write_text(json.dumps({"game": "textile", "tiles": [{"row": 0, "col": 0,
                                                          "colour": "red"}]}))
    run(capsys, "session", "add", sid, "--board", str(b), "--db", db)
    code, data = run(capsys, "session", "add", sid, "--pass", "take", "--db", db, "--json")
    assert code == 0 and data["turn"]["action"] == "take" and data["turn"]["points"] == 0
    code, data = run(capsys, "session", "new", "-g", "tapestry", "-o", "mode=time",
                     "--db", db, "--json")
    assert data["session"]["players"] == ["Player"]
    tid = str(data["session"]["id"])
    code, data = run(capsys, "session", "timer", tid, "start", "--db", db, "--json")
    assert data["timer"]["running"]
    code, data = run(capsys, "session", "timer", tid, "pause", "--db", db, "--json")
    assert not data["timer"]["running"]


def test_errors_exit_1_with_a_json_error_and_change_nothing(capsys, tmp_path, db):
    code, data = run(capsys, "session", "show", "42", "--db", db, "--json")
    assert code == 1 and data["error"]["code"] == "no-session"
    code, data = run(capsys, "session", "new", "--game", "chess", "--players", "A,B",
                     "--db", db, "--json")
    assert code == 1 and data["error"]["code"] == "bad-game"
    code, data = run(capsys, "session", "new", "--game", "octopus", "--players", "A,B",
                     "--db", db, "--json")
    sid = str(data["session"]["id"])
    bad = tmp_path / "bad.jpg"
    bad.write_bytes(b"not a photo at all")
    code, data = run(capsys, "session", "add", sid, "--photo", str(bad), "--db", db, "--json")
    assert code == 1 and "error" in data
    code, data = run(capsys, "session", "add", sid, "--board", str(tmp_path / "nope.json"),
                     "--db", db, "--json")
    assert code == 1 and data["error"]["code"] == "not-found"
    code, data = run(capsys, "session", "undo", sid, "--db", db, "--json")
    assert code == 1 and data["error"]["code"] == "nothing-to-undo"
    code, data = run(capsys, "session", "show", sid, "--db", db, "--json")
    assert data["turns"] == []
    with pytest.raises(SystemExit) as exc:
        main(["session", "add", sid, "--db", db])  # neither --photo, --board nor --pass
    assert exc.value.code == 2


def test_damaged_database_exit_1_and_file_kept(capsys, tmp_path):
    db = tmp_path / "sessions.sqlite3"
    db.write_bytes(b"\x00garbage" * 100)
    code, data = run(capsys, "session", "list", "--db", str(db), "--json")
    assert code == 1 and data["error"]["code"] == "corrupt-database"
    assert db.read_bytes() == b"\x00garbage" * 100
