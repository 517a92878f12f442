"""Every sample photo game (``sample_images/<game>/game/record.json``) replayed through
``tile-companion session add`` ends with the same totals as ``tile-companion score`` on it.

Both read each photo with the same reader, so any difference is the session's fault. The test
is skipped for a game whose sample is not in the checkout (``TILE_COMPANION_SAMPLES`` points
elsewhere).

Whole games are replayed (``TILE_COMPANION_SAMPLE_TURNS=N`` keeps only the first N entries, for
a quick run). Each photo is read once for both commands (the cache is keyed by the photo's bytes),
so the test measures the session against ``score``, not the reader against itself;
``TILE_COMPANION_SAMPLE_CACHE=0`` reads every photo twice.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from companion.cli import main

from .helpers import GAMES

ROOT = Path(__file__).resolve().parents[2]


def sample_record(game: str) -> Path | None:
    bases = [Path(os.environ["TILE_COMPANION_SAMPLES"])] if os.environ.get(
        "TILE_COMPANION_SAMPLES") else []
    bases.append(ROOT / "sample_images")
    for base in bases:
        folder = base / game
        for cand in [folder / "game" / "record.json", folder / "record.json",
                     *sorted(folder.glob("*.record.json"))]:
            if cand.is_file():
                return cand
    return None


def run_json(capsys, *argv: str) -> tuple[int, dict]:
    code = main([*argv, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


@pytest.mark.parametrize("game", GAMES)
def test_sample_photo_game_replayed_through_session_add(game, capsys, tmp_path, monkeypatch):
    source = sample_record(game)
    record_path = source
    if record_path is None:
        pytest.skip(f"no sample photo game for {game} in sample_images/{game}/")
    record = json.loads(record_path.read_text())
    limit = os.environ.get("TILE_COMPANION_SAMPLE_TURNS", "all")
    if os.environ.get("TILE_COMPANION_SAMPLE_CACHE", "1") != "0":
        _cache_reads(monkeypatch)
    if limit != "all":
        record["turns"] = record["turns"][: int(limit)]
        short = tmp_path / "sample" / "record.json"
        short.parent.mkdir()
        for entry in record["turns"]:
            if "photo" in entry:
                entry["photo"] = str((record_path.parent / entry["photo"]).resolve())
        short.write_text(json.dumps(record))
        record_path = short
    profile = record_path.parent / "profile.json"
    prof = ["--profile", str(profile)] if profile.is_file() else []
    code, scored = run_json(capsys, "score", str(record_path), *prof)
    assert code == 0, scored
    db = str(tmp_path / "replay.sqlite3")
    players = ",".join(record.get("players") or ["Player"])
    opts = ["--options", json.dumps(record.get("options") or {})]
    code, data = run_json(capsys, "session", "new", "--game", game, "--players", players,
                          *opts, *prof, "--db", db)
    assert code == 0, data
    sid = str(data["session"]["id"])
    photos = 0
    for i, entry in enumerate(record["turns"]):
        argv = ["session", "add", sid, "--db", db]
        if "board" in entry:
            board = tmp_path / f"entry{i}.board.json"
            board.write_text(json.dumps(entry["board"]))
            argv += ["--board", str(board)]
        else:
            argv += ["--photo", str(record_path.parent / entry["photo"])]
            photos += 1
        if entry.get("player"):
            argv += ["--player", entry["player"]]
        if entry.get("new_round"):
            argv += ["--new-round"]
        code, data = run_json(capsys, *argv)
        assert code == 0, (i, data)
        if game != "tapestry":  # Tapestry: the latest entry carries the discard score
            assert data["turn"]["points"] == scored["turns"][i]["points"], i
    assert data["totals"] == scored["totals"]
    code, shown = run_json(capsys, "session", "show", sid, "--db", db)
    assert shown["totals"] == scored["totals"] and shown["winner"] == scored["winner"]
    assert [t["points"] for t in shown["turns"]] == [t["points"] for t in scored["turns"]]
    assert [t["player"] for t in shown["turns"]] == [t["player"] for t in scored["turns"]]
    assert photos >= 1, "the sample game has no photo entry"


def _cache_reads(monkeypatch) -> None:
    """Read each photo once: ``score`` and ``session add`` get the same Reading object."""
    import hashlib

    import vision.pipeline as pipeline

    real = pipeline.read_file
    cache: dict = {}

    def read_file(path, *, game, profile=None, **kw):
        key = (hashlib.sha256(Path(path).read_bytes()).hexdigest(), game,
               json.dumps(profile, sort_keys=True, default=str))
        if key not in cache:
            cache[key] = real(path, game=game, profile=profile, **kw)
        return cache[key]

    monkeypatch.setattr(pipeline, "read_file", read_file)
