"""The benchmark: cell scoring up to turns and shifts, reader failures, the command end to end."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest

from companion.bench.compare import all_wrong, compare_boards
from companion.bench.run import DECODE_SAMPLES, format_table, record_results, run_bench, summarise
from companion.cli import main
from companion.rules.generate import random_position
from vision.synth import turn_board


def _board(game: str, seed: int) -> dict:
    return random_position(game, random.Random(seed)).to_dict()


@pytest.mark.parametrize("game", ["octopus", "x-tiles", "tapestry", "twelve-tiles", "textile"])
def test_same_board_turned_and_shifted_has_no_error(game):
    truth = _board(game, 3)
    for k in range(4):
        read = turn_board(truth, k)
        if not read.get("borders"):
            read["tiles"] = [dict(t, row=t["row"] + 5, col=t["col"] - 2) for t in read["tiles"]]
        s = compare_boards(read, truth)
        assert (s.missing, s.extra, s.misread, s.borders_wrong) == (0, 0, 0, 0), (game, k)
        assert s.cells == len(truth["tiles"])


def test_missing_extra_and_misread_cells_are_counted():
    truth = _board("octopus", 4)
    read = json.loads(json.dumps(truth))
    read["tiles"].pop()                                   # one missing
    read["tiles"][0]["pips"] = read["tiles"][0]["pips"] % 6 + 1  # one misread
    read["tiles"][1] = dict(read["tiles"][1], colour=None, unknown=True)  # undecided: misread
    far = max(t["col"] for t in truth["tiles"]) + 3
    read["tiles"].append({"row": 0, "col": far, "colour": "red", "pips": 1})  # one extra
    s = compare_boards(read, truth)
    assert (s.missing, s.extra, s.misread) == (1, 1, 2)
    assert s.errors == 4


def test_frame_board_compares_within_the_frame_and_checks_borders():
    truth = _board("twelve-tiles", 5)
    read = turn_board(truth, 1)
    assert compare_boards(read, truth).errors == 0
    shifted = dict(read, tiles=[dict(t, col=t["col"] + 1) for t in read["tiles"]])
    assert compare_boards(shifted, truth).errors > 0  # a frame board may not slide
    wrong = dict(read, borders=dict(read["borders"], n="red" if read["borders"]["n"] != "red" else "blue"))
    assert compare_boards(wrong, truth).borders_wrong == 1


def test_unreadable_photo_counts_as_fully_wrong():
    truth = _board("tapestry", 1)
    s = all_wrong(truth)
    assert s.missing == s.cells == len(truth["tiles"]) and s.errors == s.cells


class _Reading:
    def __init__(self, board):
        self.board = board
        self.timing_ms = {"decode": 1.0, "locate": 2.0, "total": 3.0}


def test_bench_survives_a_reader_that_raises_and_one_that_is_missing(tmp_path):
    def broken(data: bytes, game: str):
        raise RuntimeError("boom")

    doc = run_bench(games=["octopus"], difficulties=["easy"], per_game=2, size=(320, 240),
                    reader=broken)
    r = doc["results"]["octopus"]["easy"]
    assert r["photos"] == 2 and r["cell_error_rate"] == 1.0 and r["photos_no_error"] == 0
    assert r["failures"] == {"RuntimeError": 2}
    assert "RuntimeError x2" in format_table(doc)

    doc = run_bench(games=["x-tiles"], difficulties=["hard"], per_game=1, size=(320, 240), reader=None)
    assert doc["reader_missing"] and doc["overall"]["cell_error_rate"] == 1.0
    assert "count as wrong" in format_table(doc)


def test_bench_scores_a_reader_and_keeps_stage_times(tmp_path):
    # A reader that answers an empty board: every truth tile is missing, timings are kept.
    doc = run_bench(games=["twelve-tiles"], difficulties=["normal"], per_game=1, size=(320, 240),
                    reader=lambda data, game: _Reading({"game": game, "tiles": []}))
    r = doc["results"]["twelve-tiles"]["normal"]
    assert r["missing"] == r["cells"] > 0 and r["extra"] == 0
    assert r["stages_ms_mean"] == {"decode": 1.0, "locate": 2.0}
    assert r["read_ms_median"] is not None and r["decode_ms_median"] > 0
    assert r["read_to_decode"] is not None
    assert r["decode_cpu_ms_median"] > 0 and r["cpu_read_to_decode"] is not None
    assert "CPU read / decode" in format_table(doc)
    paths = record_results(doc, tmp_path)
    assert [p.name for p in paths] == ["latest.json", "latest.md", "history.jsonl"]
    record_results(doc, tmp_path)
    history = (tmp_path / "history.jsonl").read_text().splitlines()
    assert len(history) == 2
    assert json.loads(history[-1])["settings"]["decode_samples"] == DECODE_SAMPLES
    latest = json.loads((tmp_path / "latest.json").read_text())
    assert latest["format"] == "tile-companion-bench"
    assert latest["settings"]["decode_samples"] == DECODE_SAMPLES


def test_summary_of_perfect_photos():
    from companion.bench.compare import CellScore
    from companion.bench.run import PhotoResult
    photos = [PhotoResult("octopus", "easy", i, 10, CellScore(0, 0, i, 10), 100.0 + i, 10.0, 1.0)
              for i in range(3)]
    s = summarise(photos)
    assert s["photos_no_error"] == 1 and s["photos_at_most_one"] == 2
    assert s["cell_error_rate"] == round(3 / 30, 4)
    assert s["read_ms_median"] == 101.0 and s["read_to_decode"] == 10.1
    assert s["cpu_read_to_decode"] is None  # (no CPU times measured: none claimed)


def test_summary_of_cpu_times_is_their_medians_ratio():
    from companion.bench.compare import CellScore
    from companion.bench.run import PhotoResult
    photos = [PhotoResult("octopus", "easy", i, 10, CellScore(0, 0, 0, 10), 300.0, 60.0, 1.0,
                          read_cpu_ms=150.0 + 10 * i, decode_cpu_ms=40.0 + i) for i in range(3)]
    s = summarise(photos)
    assert s["read_cpu_ms_median"] == 160.0 and s["decode_cpu_ms_median"] == 41.0
    assert s["cpu_read_to_decode"] == round(160 / 41, 2) and s["read_to_decode"] == 5.0


def test_bench_command_end_to_end(tmp_path, capsys):
    code = main(["bench", "--games", "octopus", "--difficulty", "easy", "--per-game", "1",
                 "--size", "640x480", "--out", str(tmp_path), "--json"])
    assert code == 0
    doc = json.loads(capsys.readouterr().out)
    r = doc["results"]["octopus"]["easy"]
    assert r["photos"] == 1 and r["cells"] > 0 and r["decode_ms_median"] > 0
    assert (tmp_path / "latest.md").exists() and doc["written"]


def test_bench_command_rejects_bad_options(capsys):
    assert main(["bench", "--per-game", "0", "--no-record", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "bad-option"


def test_render_command(tmp_path, capsys):
    code = main(["render", "--game", "x-tiles", "--seed", "4", "--out", str(tmp_path),
                 "--size", "640x480", "--difficulty", "hard", "--json"])
    assert code == 0
    doc = json.loads(capsys.readouterr().out)
    photo = tmp_path / "x-tiles-hard-4.jpg"
    assert doc["photo"] == str(photo) and photo.read_bytes()[:2] == b"\xff\xd8"
    truth = json.loads((tmp_path / "x-tiles-hard-4.board.json").read_text())
    assert truth["game"] == "x-tiles" and truth["tiles"] == doc["board"]["tiles"]
    assert truth["scene"]["seed"] == 4
    # The same board from a file renders too.
    board = tmp_path / "b.board.json"
    board.write_text(json.dumps(_board("tapestry", 2)))
    assert main(["render", "--game", "tapestry", "--board", str(board), "--out", str(tmp_path),
                 "--size", "640x480", "--name", "mine"]) == 0
    assert (tmp_path / "mine.jpg").exists()
    capsys.readouterr()
    assert main(["render", "--game", "octopus", "--board", str(board), "--out", str(tmp_path),
                 "--json"]) == 1  # a tapestry board is not an octopus board
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "bad-board"


def test_command_difficulties_are_the_renderers():
    from companion.commands.render import DIFFICULTIES
    from vision.synth import DIFFICULTIES as SYNTH
    assert DIFFICULTIES == SYNTH


def _photo_folder(tmp_path):
    """A folder of two rendered photos with their truth (and a photo without one, a stray file)."""
    from vision.synth import render_board
    folder = tmp_path / "photos"
    folder.mkdir()
    for seed, game in ((11, "octopus"), (12, "tapestry")):
        board = random_position(game, random.Random(seed)).to_dict()
        r = render_board(board, seed=seed, difficulty="easy", size=(480, 360))
        (folder / f"{game}-{seed}.jpg").write_bytes(r.jpeg)
        (folder / f"{game}-{seed}.board.json").write_text(json.dumps(r.truth))
    (folder / "untitled.jpg").write_bytes(r.jpeg)  # no truth: skipped
    (folder / "notes.txt").write_text("not a photo")
    return folder


def test_bench_reads_a_folder_of_photos_with_their_truth(tmp_path):
    from companion.bench.run import run_bench_photos
    folder = _photo_folder(tmp_path)
    doc = run_bench_photos([folder], reader=lambda data, game: _Reading({"game": game, "tiles": []}))
    assert doc["settings"]["photos"] == 2
    assert doc["settings"]["decode_samples"] == DECODE_SAMPLES  # (runs before it: one decode)
    assert set(doc["results"]) == {"octopus", "tapestry"}
    assert doc["results"]["octopus"]["easy"]["missing"] == doc["results"]["octopus"]["easy"]["cells"] > 0
    assert {p["name"] for p in doc["photos"]} == {"octopus-11.jpg", "tapestry-12.jpg"}
    assert "2 photo(s) from" in format_table(doc)
    only = run_bench_photos([folder], games=["tapestry"], reader=None)
    assert set(only["results"]) == {"tapestry"}


def test_bench_command_on_photos_and_on_a_folder_without_any(tmp_path, capsys):
    folder = _photo_folder(tmp_path)
    assert main(["bench", "--photos", str(folder), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["overall"]["photos"] == 2 and doc["written"] == []  # (not recorded by default)
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["bench", "--photos", str(empty), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "no-photos"
    assert main(["bench", "--photos", str(tmp_path / "nowhere"), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "bad-folder"


def test_decodes_are_timed_around_the_read_and_their_median_is_the_photos(monkeypatch):
    import companion.bench.run as bench_run
    events: list[str] = []
    n = bench_run.DECODE_SAMPLES
    walls = ([50.0, 30.0, 40.0, 90.0] * n)[:n]
    taken = iter(walls)

    def fake_decode(buf):
        events.append("decode")
        return next(taken), 20.0

    def reader(data, game):
        events.append("read")
        return _Reading({"game": game, "tiles": []})

    monkeypatch.setattr(bench_run, "time_decode", fake_decode)
    truth = _board("octopus", 6)
    p = bench_run.read_and_score(b"\xff\xd8", truth, "octopus", "easy", 6, reader=reader,
                                 reader_missing=None)
    assert events == ["decode"] * (n // 2) + ["read"] + ["decode"] * (n - n // 2)
    assert p.decode_samples_ms == walls
    assert p.decode_ms == float(np.median(walls)) and p.decode_cpu_ms == 20.0
    assert n < 3 or p.decode_ms < max(walls)  # (the median, not the slowest)
    assert p.to_dict()["decode_samples_ms"] == walls


def test_decodes_after_a_failed_read_are_still_timed(monkeypatch):
    import companion.bench.run as bench_run
    events: list[str] = []
    monkeypatch.setattr(bench_run, "time_decode", lambda buf: events.append("decode") or (10.0, 9.0))

    def broken(data, game):
        events.append("read")
        raise RuntimeError("boom")

    p = bench_run.read_and_score(b"\xff\xd8", _board("tapestry", 2), "tapestry", "hard", 2,
                                 reader=broken, reader_missing=None)
    n = bench_run.DECODE_SAMPLES
    assert events == ["decode"] * (n // 2) + ["read"] + ["decode"] * (n - n // 2)
    assert p.failure == "RuntimeError: boom" and p.read_ms is not None and p.decode_ms == 10.0
