"""Export a session as a game record and a CSV score sheet; import a record as a session.

The exported record (FORMATS.md) holds the session's live turns with their boards as read or
as corrected, so ``tile-companion score`` on it gives the session's totals. With photos, each
photo turn's entry keeps its ``board`` and adds ``photo`` (the rule core scores the ``board``
when both are given) and a ``*.history.json`` beside it keeps the readings and corrections.
"""
from __future__ import annotations

import csv
import io
import json
import logging
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from companion.errors import InputError, RecordError
from companion.session.errors import PhotoReadError
from companion.session.photos import write_atomic

if TYPE_CHECKING:  # pragma: no cover
    from companion.session.store import SessionStore

logger = logging.getLogger(__name__)

MAX_RECORD_BYTES = 16 * 1024 * 1024


def _record_stem(out: Path) -> str:
    name = out.name
    for suffix in (".record.json", ".json"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return out.stem


def export_record(store: "SessionStore", session_id: int, out: str | Path | None = None, *,
                  photos: bool = False) -> dict[str, Any]:
    """See :meth:`SessionStore.export_record`."""
    view = store.get(session_id)
    info = view.info
    options = dict(info.options)
    if view.timer is not None and view.timer.elapsed_s > 0 and options.get("mode") == "time" \
            and "elapsed_s" not in options:
        options["elapsed_s"] = round(view.timer.elapsed_s, 1)
    turns: list[dict[str, Any]] = []
    history: list[dict[str, Any]] = []
    out_path = Path(out) if out is not None else None
    for t in view.turns:
        entry: dict[str, Any] = {"board": dict(t.board)}
        if t.named_player is not None:
            entry["player"] = t.named_player
        if t.new_round:
            entry["new_round"] = True
        photo_rel = None
        if photos and out_path is not None and t.photo is not None and t.photo.is_file():
            photo_rel = f"photos/turn-{t.index:03d}{t.photo.suffix}"
            dest = out_path.parent / photo_rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(t.photo, dest)
            entry["photo"] = photo_rel
        turns.append(entry)
        history.append({"index": t.index, "source": t.source, "action": t.action,
                        "photo": photo_rel, "reading": t.reading,
                        "corrections": [c.to_dict() for c in t.corrections],
                        "result": t.result, "created": t.created})
    record = {"game": info.game, "players": list(info.players), "options": options,
              "turns": turns}
    if out_path is not None:
        text = json.dumps(record, ensure_ascii=False, indent=1) + "\n"
        write_atomic(out_path, text.encode("utf-8"))
        if photos:
            hist = {"session": info.to_dict(), "turns": history,
                    "undone": [u.to_dict() for u in view.undone]}
            write_atomic(out_path.parent / f"{_record_stem(out_path)}.history.json",
                         (json.dumps(hist, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
    return record


def export_csv(store: "SessionStore", session_id: int, out: str | Path | None = None) -> str:
    """See :meth:`SessionStore.export_csv`.

    Columns: ``turn, player, kind, placed, points, legal, violations, round`` then one running
    total column per player; a last ``total`` row holds the totals and the winner.
    """
    view = store.get(session_id)
    players = list(view.info.players)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["turn", "player", "kind", "placed", "points", "legal", "violations", "round"]
               + [f"total {p}" for p in players])
    running = {p: 0 for p in players}
    for t in view.turns:
        res = t.result or {}
        if t.player in running and t.points is not None:
            running[t.player] += t.points
        w.writerow([t.index, t.player or "", res.get("kind", t.action),
                    " ".join(f"{r},{c}" for r, c in t.placed),
                    "" if t.points is None else t.points,
                    "" if t.legal is None else ("yes" if t.legal else "no"),
                    " ".join(v.get("rule", "") for v in t.violations),
                    res.get("round", "")] + [running[p] for p in players])
    w.writerow(["total", view.winner or "", "", "", "", "", "", ""]
               + [view.totals.get(p, 0) for p in players])
    text = buf.getvalue()
    if out is not None:
        write_atomic(Path(out), text.encode("utf-8"))
    return text


def _load_record(record: Mapping[str, Any] | str | Path) -> tuple[dict[str, Any], Path | None]:
    if isinstance(record, Mapping):
        return dict(record), None
    from companion.commands import read_json_file

    path = Path(record)
    data = read_json_file(path, what="record", max_bytes=MAX_RECORD_BYTES)
    return data, path.resolve().parent


def import_record(store: "SessionStore", record: Mapping[str, Any] | str | Path, *,
                  base_dir: str | Path | None = None, name: str | None = None,
                  profile: Mapping[str, Any] | None = None):
    """See :meth:`SessionStore.import_record`. Returns the new :class:`SessionInfo`."""
    from companion.rules.record import record_header
    from companion.session.store import validate_board

    data, record_dir = _load_record(record)
    base = Path(base_dir) if base_dir is not None else record_dir
    game, players, options, raw_turns = record_header(data)
    stored: list[Path] = []
    rows: list[dict[str, Any]] = []
    try:
        for i, raw in enumerate(raw_turns):
            where = f"turns[{i}]"
            if not isinstance(raw, dict):
                raise RecordError(f"{where} must be a JSON object")
            new_round = raw.get("new_round", False)
            if not isinstance(new_round, bool):
                raise RecordError(f"{where}: 'new_round' must be true or false")
            row: dict[str, Any] = {"player": raw.get("player"),
                                   "new_round": new_round and game == "x-tiles"}
            photo = raw.get("photo")
            photo_path = None
            if photo is not None:
                if not isinstance(photo, str) or not photo:
                    raise RecordError(f"{where}: 'photo' must be a path")
                photo_path = Path(photo)
                if not photo_path.is_absolute() and base is not None:
                    photo_path = base / photo_path
            if "board" in raw:
                row["board"] = validate_board(raw["board"], game, where=f"{where}.board")
                row["source"] = "import"
                if photo_path is not None and photo_path.is_file():
                    path, rel = store._store_photo("imported", photo_path)
                    stored.append(path)
                    row["photo"] = rel
            elif photo_path is not None:
                path, rel = store._store_photo("imported", photo_path)
                stored.append(path)
                reading = store._read_photo(path, game, profile)
                try:
                    row["board"] = validate_board(reading["board"], game,
                                                  where=f"{where} ({photo})")
                except InputError as exc:
                    raise PhotoReadError(f"{where}: the reader returned an invalid board: "
                                         f"{exc.message}", code="bad-reading") from None
                row["reading"] = reading
                row["photo"] = rel
                row["source"] = "photo"
            else:
                raise RecordError(f"{where}: an entry needs a 'board' or a 'photo'")
            if i > 0 and row["board"] == rows[-1]["board"]:
                row["action"] = "pass"
            rows.append(row)
        sid = store._import_rows(game, players, options, profile, name, rows)
    except BaseException:
        for p in stored:
            try:
                p.unlink()
            except OSError:
                pass
        raise
    return store.info(sid)
