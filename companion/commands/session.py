"""``tile-companion session new|add|correct|undo|show|list|export|import|finish|timer``.

Game sessions kept in the local database (``<data dir>/sessions.sqlite3``;
``TILE_COMPANION_DATA_DIR`` overrides the data dir, ``--db`` the file). The app may use the same
database at the same time.
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from typing import Any, Mapping

from companion.commands import CommandResult, read_json_file
from companion.errors import InputError
from companion.session import SessionStore, SessionView, TurnView

logger = logging.getLogger(__name__)

ACTIONS = ("new", "add", "correct", "undo", "show", "list", "export", "import", "finish",
           "timer")


def _leaf(sub: argparse._SubParsersAction, name: str, help_text: str) -> argparse.ArgumentParser:
    p = sub.add_parser(name, help=help_text, description=help_text)
    # SUPPRESS: "session --json list" and "session list --json" both work
    p.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                   help="print exactly one JSON document on stdout (logs go to stderr)")
    p.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS,
                   help="session database (default: <data dir>/sessions.sqlite3)")
    return p


def register(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "session", help="game sessions kept in the local database",
        description="Game sessions: players, one photo or board per turn, running totals, "
                    "corrections, undo, export and import.")
    p.add_argument("--json", action="store_true",
                   help="print exactly one JSON document on stdout (logs go to stderr)")
    p.add_argument("--db", metavar="PATH", help="session database (default: <data dir>/"
                                                "sessions.sqlite3)")
    sub = p.add_subparsers(dest="action", metavar="ACTION", parser_class=type(p))

    q = _leaf(sub, "new", "start a session")
    q.add_argument("--game", "-g", required=True,
                   help="textile, octopus, x-tiles, tapestry or twelve-tiles")
    q.add_argument("--players", "-p", metavar="A,B,...",
                   help="player names in seating order, comma separated (tapestry: optional)")
    q.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option (value read as JSON when it parses: target=12, "
                        "mode=time); repeatable")
    q.add_argument("--options", metavar="JSON", help="all options as one JSON object")
    q.add_argument("--profile", metavar="P", help="calibration profile for this session's photos")
    q.add_argument("--name", help="a label for the session")

    q = _leaf(sub, "add", "add a turn: the state of the table after it")
    q.add_argument("id", type=int, metavar="ID")
    src = q.add_mutually_exclusive_group(required=True)
    src.add_argument("--photo", metavar="PHOTO", help="photo of the table")
    src.add_argument("--board", metavar="BOARD.json", help="board document (a manual edit)")
    src.add_argument("--pass", dest="pass_action", nargs="?", const="pass",
                     choices=("pass", "take", "discard"),
                     help="the table did not change (textile take/discard, a pass)")
    q.add_argument("--player", help="whose turn it was (default: the game's turn order)")
    q.add_argument("--new-round", action="store_true", help="x-tiles: this state starts a round")
    q.add_argument("--profile", metavar="P", help="profile for this photo (default: the "
                                                   "session's)")

    q = _leaf(sub, "correct", "correct one tile of the latest state and re-score")
    q.add_argument("id", type=int, metavar="ID")
    q.add_argument("--cell", required=True, metavar="ROW,COL")
    what = q.add_mutually_exclusive_group(required=True)
    what.add_argument("--tile", metavar="JSON",
                      help='the tile, e.g. \'{"colour": "red", "pips": 3}\'')
    what.add_argument("--remove", action="store_true", help="empty the cell")
    q.add_argument("--turn", type=int, metavar="TURN_ID", help="correct this turn instead")

    q = _leaf(sub, "undo", "undo the latest turn (kept in history)")
    q.add_argument("id", type=int, metavar="ID")

    q = _leaf(sub, "show", "turns, points, totals, rounds, winner and next player")
    q.add_argument("id", type=int, metavar="ID")
    q.add_argument("--history", action="store_true",
                   help="also list corrections and reader doubts (--json: the photo readings "
                        "with their geometry)")

    q = _leaf(sub, "list", "list the sessions")
    q.add_argument("--open", action="store_true", help="only sessions not finished")

    q = _leaf(sub, "export", "write the session as a game record (+ CSV score sheet)")
    q.add_argument("id", type=int, metavar="ID")
    q.add_argument("--out", metavar="FILE.record.json",
                   help="record file (default: print the record)")
    q.add_argument("--csv", metavar="FILE.csv", help="also write the score sheet as CSV")
    q.add_argument("--photos", action="store_true",
                   help="copy the photos beside the record and write FILE.history.json")

    q = _leaf(sub, "import", "create a session from a game record")
    q.add_argument("record", metavar="RECORD.json")
    q.add_argument("--name", help="a label for the session")
    q.add_argument("--profile", metavar="P", help="profile for the record's photo entries")

    q = _leaf(sub, "finish", "end the game: final scores and winner")
    q.add_argument("id", type=int, metavar="ID")

    q = _leaf(sub, "timer", "tapestry time mode: start, pause or show the game clock")
    q.add_argument("id", type=int, metavar="ID")
    q.add_argument("what", choices=("start", "pause", "show"), nargs="?", default="show")

    p.set_defaults(func=run, _session_parser=p)
    return p


# ---------------------------------------------------------------------------------- helpers

def _profile(path: str | None) -> Mapping[str, Any] | None:
    if not path:
        return None
    from companion.commands.score import load_profile

    return load_profile(path)


def _parse_value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _options(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if args.options:
        try:
            options = json.loads(args.options)
        except json.JSONDecodeError as exc:
            raise InputError(f"--options is not valid JSON: {exc.msg}", code="bad-json") from None
        if not isinstance(options, dict):
            raise InputError("--options must be a JSON object", code="bad-options")
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise InputError(f"--option {item!r}: use KEY=VALUE", code="bad-options")
        options[key.strip()] = _parse_value(value)
    return options


def _cell(text: str) -> tuple[int, int]:
    try:
        r, c = (int(x) for x in text.replace(" ", "").strip("()[]").split(","))
    except ValueError:
        raise InputError(f"--cell {text!r}: use ROW,COL (integers)", code="bad-cell") from None
    return r, c


def _turn_line(t: TurnView) -> str:
    placed = " ".join(f"({r},{c})" for r, c in t.placed) or "-"
    pts = "  ?" if t.points is None else f"{t.points:+4d}"
    kind = (t.result or {}).get("kind", t.action)
    flags = []
    if t.extra_turn:
        flags.append("+extra turn")
    if t.violations:
        flags.append("ILLEGAL: " + ", ".join(v.get("rule", "?") for v in t.violations))
    if t.corrections:
        flags.append(f"{len(t.corrections)} correction(s)")
    if t.photo:
        flags.append(f"photo {t.photo.name}")
    return (f"  {t.index:3d} #{t.id:<5d} {t.player or '?':>10s} {kind:9s} {placed:24s} {pts}  "
            + "  ".join(flags)).rstrip()


def format_view(view: SessionView, *, history: bool = False) -> str:
    """The score sheet of a session, for people."""
    info = view.info
    state = "finished" if view.finished else "open"
    lines = [f"session {info.id} \"{info.name}\": {info.game}, {', '.join(info.players)} "
             f"({state}, {len(view.turns)} turns)"]
    if info.options:
        lines.append("  options: " + json.dumps(dict(info.options), ensure_ascii=False))
    for t in view.turns:
        lines.append(_turn_line(t))
        if history:
            if t.reading and t.reading.get("doubts"):
                lines.append(f"        reader doubts: {len(t.reading['doubts'])}")
            for c in t.corrections:
                lines.append(f"        corrected ({c.cell[0]},{c.cell[1]}) at {c.created}: "
                             f"{_tile_text(c.before)} -> {_tile_text(c.after)}")
    for r in view.rounds:
        lines.append(f"  round {r.get('round')}: started by {r.get('start_player')}, "
                     f"{r.get('ended')}" + (f", won by {r['winner']} for {r.get('points')}"
                                            if r.get("winner") else ""))
    if view.hands is not None:
        lines.append("  hands: " + ", ".join(f"{p} {n}" for p, n in view.hands.items()))
    if view.timer is not None and (view.timer.elapsed_s > 0 or view.timer.running):
        lines.append(f"  clock: {view.timer.elapsed_s / 60:.1f} min"
                     + (" (running)" if view.timer.running else ""))
    lines.append("totals: " + ", ".join(f"{p} {v}" for p, v in view.totals.items()))
    if view.score:
        extra = {k: view.score[k] for k in ("complete", "rank", "perfect", "discard_score")
                 if k in view.score}
        if extra:
            lines.append("  " + ", ".join(f"{k} {v}" for k, v in extra.items()))
    if view.score_error:
        lines.append(f"not scored: {view.score_error}")
    lines.append(f"winner: {view.winner or '-'}" if view.finished else
                 f"leader: {view.winner or '-'}; next: {view.next_player or '?'}"
                 + ("  (round over: start a new round)" if view.round_over else ""))
    if history and view.undone:
        lines.append("undone:")
        lines.extend(_turn_line(t) + f"  (undone {t.undone})" for t in view.undone)
    return "\n".join(lines)


def _tile_text(tile: Mapping[str, Any] | None) -> str:
    if tile is None:
        return "empty"
    return json.dumps({k: v for k, v in tile.items() if k not in ("row", "col")},
                      ensure_ascii=False)


def _slim_reading(reading: Mapping[str, Any] | None, *, geometry: bool) -> Any:
    if reading is None or geometry:
        return reading
    return {k: v for k, v in reading.items() if k != "geometry"}


def _view_data(view: SessionView, turn: TurnView | None = None, *,
               history: bool = True, readings: bool = False) -> dict[str, Any]:
    """JSON of a view. Readings (large: every cell's polygon) only with ``readings``; the
    changed ``turn`` always carries its reading without the geometry."""
    data = view.to_dict()
    for t in data["turns"] + data["undone"]:
        t["reading"] = _slim_reading(t["reading"], geometry=True) if readings else None
    if not history:
        data.pop("undone", None)
    if turn is not None:
        data["turn"] = turn.to_dict()
        data["turn"]["reading"] = _slim_reading(data["turn"]["reading"], geometry=False)
    return data


# ---------------------------------------------------------------------------------- run

def run(args: argparse.Namespace) -> CommandResult:
    action = getattr(args, "action", None)
    if action is None:
        args._session_parser.print_help(sys.stderr)
        return CommandResult(exit_code=2)
    with SessionStore.open(getattr(args, "db", None)) as store:
        return _HANDLERS[action](store, args)


def _new(store: SessionStore, args: argparse.Namespace) -> CommandResult:
    players = [p.strip() for p in (args.players or "").split(",") if p.strip()]
    if not players:
        if args.game != "tapestry":
            raise InputError("--players is required (comma separated names)", code="bad-players")
        players = ["Player"]
    info = store.create(args.game, players, _options(args), _profile(args.profile),
                        name=args.name)
    return CommandResult({"session": info.to_dict()},
                         f"session {info.id} started: {info.game}, {', '.join(info.players)}")


def _add(store: SessionStore, args: argparse.Namespace) -> CommandResult:
    if args.photo:
        turn = store.add_photo_turn(args.id, args.photo, player=args.player,
                                    new_round=args.new_round, profile=_profile(args.profile))
    elif args.board:
        board = read_json_file(args.board, what="board")
        turn = store.add_board_turn(args.id, board, player=args.player,
                                    new_round=args.new_round)
    else:
        if args.new_round:
            raise InputError("--new-round needs --board or --photo", code="bad-turn")
        turn = store.add_pass(args.id, action=args.pass_action, player=args.player)
    view = store.get(args.id)
    text = _turn_line(turn) + "\n" + "totals: " + ", ".join(
        f"{p} {v}" for p, v in view.totals.items()) + f"; next: {view.next_player or '?'}"
    return CommandResult(_view_data(view, turn, history=False), text)


def _correct(store: SessionStore, args: argparse.Namespace) -> CommandResult:
    tile = None
    if not args.remove:
        try:
            tile = json.loads(args.tile)
        except json.JSONDecodeError as exc:
            raise InputError(f"--tile is not valid JSON: {exc.msg}", code="bad-json") from None
    turn = store.correct_tile(args.id, _cell(args.cell), tile, turn_id=args.turn)
    view = store.get(args.id)
    return CommandResult(_view_data(view, turn, history=False),
                         _turn_line(turn) + "\ntotals: " + ", ".join(
                             f"{p} {v}" for p, v in view.totals.items()))


def _undo(store: SessionStore, args: argparse.Namespace) -> CommandResult:
    turn = store.undo(args.id)
    view = store.get(args.id)
    return CommandResult({"undone": turn.to_dict(), **_view_data(view, history=False)},
                         f"undone turn {turn.index} (#{turn.id}, {turn.player or '?'})\n"
                         + "totals: " + ", ".join(f"{p} {v}" for p, v in view.totals.items()))


def _show(store: SessionStore, args: argparse.Namespace) -> CommandResult:
    view = store.get(args.id)
    data = _view_data(view, history=True, readings=args.history)
    data["score"] = view.score
    return CommandResult(data, format_view(view, history=args.history))


def _list(store: SessionStore, args: argparse.Namespace) -> CommandResult:
    infos = store.list(include_finished=not args.open)
    lines = [f"{i.id:4d}  {i.updated[:16].replace('T', ' ')}  {i.game:12s} "
             f"{', '.join(f'{p} {i.totals.get(p, 0)}' for p in i.players):40s} "
             f"{i.n_turns:4d} turns  {'finished' if i.finished else 'open'}  {i.name}"
             for i in infos]
    return CommandResult({"sessions": [i.to_dict() for i in infos]},
                         "\n".join(lines) or "no sessions yet")


def _export(store: SessionStore, args: argparse.Namespace) -> CommandResult:
    if args.photos and not args.out:
        raise InputError("--photos needs --out", code="bad-arguments")
    record = store.export_record(args.id, args.out, photos=args.photos)
    data: dict[str, Any] = {"record": record}
    lines = []
    if args.out:
        data["out"] = str(Path(args.out))
        lines.append(f"wrote {args.out} ({len(record['turns'])} turns)")
    if args.csv:
        store.export_csv(args.id, args.csv)
        data["csv"] = str(Path(args.csv))
        lines.append(f"wrote {args.csv}")
    text = "\n".join(lines) if lines else json.dumps(record, ensure_ascii=False, indent=1)
    return CommandResult(data, text)


def _import(store: SessionStore, args: argparse.Namespace) -> CommandResult:
    info = store.import_record(args.record, name=args.name, profile=_profile(args.profile))
    view = store.get(info.id)
    return CommandResult(_view_data(view, history=False),
                         f"session {info.id} imported: {info.game}, {len(view.turns)} turns\n"
                         + "totals: " + ", ".join(f"{p} {v}" for p, v in view.totals.items()))


def _finish(store: SessionStore, args: argparse.Namespace) -> CommandResult:
    view = store.finish(args.id)
    return CommandResult(_view_data(view, history=False), format_view(view))


def _timer(store: SessionStore, args: argparse.Namespace) -> CommandResult:
    if args.what == "start":
        state = store.timer_start(args.id)
    elif args.what == "pause":
        state = store.timer_pause(args.id)
    else:
        state = store.timer(args.id)
    return CommandResult({"timer": state.to_dict()},
                         f"clock {'running' if state.running else 'stopped'}: "
                         f"{state.elapsed_s / 60:.1f} min")


_HANDLERS = {"new": _new, "add": _add, "correct": _correct, "undo": _undo, "show": _show,
             "list": _list, "export": _export, "import": _import, "finish": _finish,
             "timer": _timer}
