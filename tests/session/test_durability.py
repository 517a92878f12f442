"""Durability and concurrency: killed writers, two writers at once, damaged databases."""
from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.rules import score_record_data
from companion.session import DatabaseCorrupt, DatabaseTooNew, SessionStore
from companion.session.photos import write_atomic

CHILD = Path(__file__).with_name("writer_child.py")
ROOT = Path(__file__).resolve().parents[2]
KILLS = 55


def _spawn(db: Path, sid: int, seed: int, *extra: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, str(CHILD), str(db), str(sid), str(seed), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def _returned(out: str) -> dict[int, str]:
    ids = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "turn":
            ids[int(parts[1])] = parts[2]
    return ids


def _check_database(db: Path, sid: int, returned: dict[int, str]) -> None:
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    rows = conn.execute("SELECT id, seq, result, photo, source FROM turns WHERE session_id = ? "
                        "AND undone IS NULL ORDER BY seq", (sid,)).fetchall()
    conn.close()
    by_id = {r[0]: r for r in rows}
    missing = [i for i in returned if i not in by_id]
    assert not missing, f"turns whose add returned are missing: {missing}"
    assert [r[1] for r in rows] == list(range(len(rows))), "record positions are not contiguous"
    assert all(r[2] is not None for r in rows), "a stored turn has no score"
    for tid, kind in returned.items():
        assert by_id[tid][4] == {"board": "board", "photo": "photo", "pass": "pass"}[kind]
    with SessionStore.open(db) as store:
        view = store.get(sid)
        for t in view.turns:
            if t.source == "photo":
                data = t.photo.read_bytes()  # the whole photo is there
                assert json.loads(data[3:].decode()) == t.reading["board"]
        truth = score_record_data(store.export_record(sid))
        assert dict(view.totals) == truth["totals"]


def _fork_writer(db: Path, sid: int, seed: int) -> tuple[int, int]:
    """Fork a writer process (cheap: this interpreter's modules are already loaded); returns
    its pid and the read end of the pipe it prints its turn ids to."""
    from . import writer_child

    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: add turns until killed; never return into pytest
        code = 0
        try:
            os.close(r)
            with os.fdopen(w, "w") as out:
                writer_child.run(str(db), sid, seed, out=out)
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(w)
    return pid, r


def _read_line(fd: int, timeout: float = 30.0) -> str:
    import select

    buf = b""
    deadline = time.monotonic() + timeout
    while not buf.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            raise TimeoutError("the writer did not start")
        chunk = os.read(fd, 1)
        if not chunk:
            break
        buf += chunk
    return buf.decode()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_killed_writer_never_loses_a_returned_turn(tmp_path):
    """SIGKILL a process adding turns at random moments, 55 times; afterwards the database
    passes PRAGMA integrity_check and holds every turn whose add had returned."""
    import signal

    db = tmp_path / "s.sqlite3"
    with SessionStore.open(db) as store:
        sid = store.create("octopus", ["Ann", "Bob"]).id
    rng = random.Random(20261122)
    returned: dict[int, str] = {}
    t0 = time.monotonic()
    for i in range(KILLS):
        pid, fd = _fork_writer(db, sid, seed=i % 5)
        assert _read_line(fd).strip() == "ready"
        # Kill while turns are being added, however loaded the machine is: after the writer's
        # first returned turn, at a random moment.
        first = _read_line(fd)
        assert first.startswith("turn "), first
        returned.update(_returned(first))
        time.sleep(rng.uniform(0.0, 0.3))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, \
            "the writer stopped before it was killed"
        with os.fdopen(fd, "r") as rest:
            returned.update(_returned(rest.read()))
    elapsed = time.monotonic() - t0
    assert len(returned) > KILLS, f"the writers added too few turns ({len(returned)})"
    _check_database(db, sid, returned)
    print(f"{KILLS} kills in {elapsed:.1f} s, {len(returned)} returned turns kept")


def test_two_processes_write_the_same_session_at_once(tmp_path):
    db = tmp_path / "s.sqlite3"
    with SessionStore.open(db) as store:
        sid = store.create("octopus", ["Ann", "Bob"]).id
    procs = [_spawn(db, sid, seed, "25") for seed in (1, 2)]
    returned: dict[int, str] = {}
    # this process reads (like the app's screen) while both write
    with SessionStore.open(db) as store:
        while any(p.poll() is None for p in procs):
            store.get(sid)
            time.sleep(0.01)
    for p in procs:
        out, err = p.communicate(timeout=60)
        assert p.returncode == 0, err
        returned.update(_returned(out))
    assert len(returned) == 50
    _check_database(db, sid, returned)


# ------------------------------------------------------------------ damaged databases

def test_not_sqlite_is_reported_and_kept(tmp_path):
    db = tmp_path / "s.sqlite3"
    db.write_bytes(b"these are my holiday notes, not a database\n" * 50)
    before = db.read_bytes()
    with pytest.raises(DatabaseCorrupt) as err:
        SessionStore.open(db)
    assert "not an SQLite database" in err.value.message and err.value.code == "corrupt-database"
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.sqlite3"]


@pytest.mark.parametrize("journal", ["WAL", "DELETE"])
def test_failing_integrity_check_is_reported_and_kept(tmp_path, journal):
    db = tmp_path / "s.sqlite3"
    with SessionStore.open(db) as store:
        sid = store.create("octopus", ["Ann", "Bob"]).id
        for i in range(30):
            store.add_board_turn(sid, {"game": "octopus", "tiles": [
                {"row": 0, "col": c, "colour": "red", "pips": 1 + c % 6} for c in range(i + 1)]})
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute(f"PRAGMA journal_mode = {journal}")
    page = conn.execute("PRAGMA page_size").fetchone()[0]
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'turns'").fetchone()[0]
    conn.close()
    data = bytearray(db.read_bytes())
    start = (root - 1) * page
    data[start:start + 12] = b"\x55" * 12  # break the b-tree page header of the turns table
    db.write_bytes(bytes(data))
    before = db.read_bytes()
    with pytest.raises(DatabaseCorrupt) as err:
        SessionStore.open(db)
    assert "integrity" in err.value.message or "damaged" in err.value.message
    assert db.read_bytes() == before


def test_database_from_a_newer_version_is_refused(tmp_path):
    db = tmp_path / "s.sqlite3"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE future (x)")
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    with pytest.raises(DatabaseTooNew):
        SessionStore.open(db)
    assert db.read_bytes() == before


def test_atomic_write_replaces_whole_files(tmp_path):
    target = tmp_path / "a" / "photo.jpg"
    write_atomic(target, b"one")
    write_atomic(target, b"two" * 1000)
    assert target.read_bytes() == b"two" * 1000
    assert [p.name for p in target.parent.iterdir()] == ["photo.jpg"]


def test_a_new_schema_version_migrates_an_old_file_in_place(tmp_path, monkeypatch):
    from companion.session import db as dbmod

    path = tmp_path / "s.sqlite3"
    with SessionStore.open(path) as store:
        sid = store.create("octopus", ["Ann", "Bob"]).id
        store.add_board_turn(sid, {"game": "octopus", "tiles": [
            {"row": 0, "col": 0, "colour": "red", "pips": 3}]})
    v2 = "ALTER TABLE sessions ADD COLUMN note TEXT; UPDATE sessions SET note = 'migrated'"
    monkeypatch.setattr(dbmod, "MIGRATIONS", dbmod.MIGRATIONS + (v2,))
    monkeypatch.setattr(dbmod, "SCHEMA_VERSION", len(dbmod.MIGRATIONS))
    with SessionStore.open(path) as store:
        assert len(store.get(sid).turns) == 1
        assert store._conn.execute("PRAGMA user_version").fetchone()[0] == 2
        assert store._conn.execute("SELECT note FROM sessions").fetchone()[0] == "migrated"


def test_threads_share_one_store(tmp_path):
    import threading

    with SessionStore.open(tmp_path / "s.sqlite3") as store:
        sids = [store.create("textile", ["Ann", "Bob"]).id for _ in range(4)]
        errors = []

        def play(sid):
            try:
                store.add_board_turn(sid, {"game": "textile", "tiles": [
                    {"row": 0, "col": 0, "colour": "red"}]})
                for _ in range(10):
                    store.add_pass(sid, action="take")
                    store.get(sid)
            except Exception as exc:  # pragma: no cover - reported below
                errors.append(exc)

        threads = [threading.Thread(target=play, args=(sid,)) for sid in sids]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        assert [store.info(sid).n_turns for sid in sids] == [11] * 4
