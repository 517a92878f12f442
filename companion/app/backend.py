"""The app's single doorway to the layers below: sessions, reader, overlay, profiles, demos.

Nothing here imports kivy; screens call these methods (the slow ones from worker threads) and
show the plain data they return. Every decision comes from ``companion.session`` (storage and
scoring through ``companion.rules``), ``vision`` (reading, overlay) and ``calibration``.
"""
from __future__ import annotations

import json
import logging
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

logger = logging.getLogger(__name__)

REPO_ROOT = Path(__file__).resolve().parents[2]
PROFILE_SUFFIX = ".profile.json"
_NAME_OK = re.compile(r"^[A-Za-z0-9 _.-]{1,40}$")


class ProfileError(ValueError):
    """A profile could not be saved or loaded; the message is for the user."""


@dataclass(frozen=True)
class DemoGame:
    """A game record under ``sample_images/<game>/`` whose photos the demo plays in order.

    ``entries`` are the record's turns with photo paths made absolute.
    """

    game: str
    record_path: Path
    players: tuple[str, ...]
    options: Mapping[str, Any]
    entries: tuple[Mapping[str, Any], ...] = field(default=())

    @property
    def title(self) -> str:
        from companion.app.boardmodel import GAME_TITLES

        return f"{GAME_TITLES.get(self.game, self.game)} ({len(self.entries)} photos)"


def sample_dirs() -> list[Path]:
    """Where demo games are looked for: ``$TILE_COMPANION_SAMPLES``, the checkout's
    ``sample_images/`` and the current folder's."""
    import os

    out = []
    env = os.environ.get("TILE_COMPANION_SAMPLES")
    if env:
        out.append(Path(env))
    out += [REPO_ROOT / "sample_images", Path.cwd() / "sample_images"]
    seen, unique = set(), []
    for p in out:
        key = p.resolve() if p.exists() else p
        if key not in seen:
            seen.add(key)
            unique.append(p)
    return unique


def load_demo(record_path: Path) -> DemoGame | None:
    """A demo game from a ``record.json``; ``None`` when it is not a usable record."""
    try:
        data = json.loads(record_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        logger.warning("skipping demo record %s: %s", record_path, exc)
        return None
    if not isinstance(data, dict) or not isinstance(data.get("turns"), list):
        return None
    game = data.get("game")
    players = data.get("players") or []
    entries = []
    for entry in data["turns"]:
        if not isinstance(entry, dict):
            return None
        e = dict(entry)
        if "photo" in e:
            e["photo"] = str((record_path.parent / e["photo"]).resolve())
        entries.append(e)
    from companion.app.viewmodels import PLAYER_LIMITS

    if game not in PLAYER_LIMITS or not players or not entries:
        return None
    return DemoGame(game=game, record_path=record_path, players=tuple(players),
                    options=dict(data.get("options") or {}), entries=tuple(entries))


@dataclass(frozen=True)
class OverlayImage:
    """``image``: (H, W, 3) uint8 BGR for display; ``photo_size``: the photo's (width, height)."""

    image: np.ndarray
    photo_size: tuple[int, int]


class Backend:
    """Sessions, reading, overlays, profiles and demo games for the app.

    Parameters
    ----------
    store : companion.session.SessionStore, optional
        Default: ``SessionStore.open()`` (``TILE_COMPANION_DATA_DIR`` decides where), opened on
        first use.
    data_dir : path, optional
        Folder for profiles, settings and demo links; default the store's folder (or the data
        folder of ``companion.session``).
    """

    def __init__(self, store: Any = None, *, data_dir: str | Path | None = None) -> None:
        self._store = store
        if data_dir is None and store is not None and getattr(store, "path", None) is not None:
            data_dir = Path(store.path).parent
        self._data_dir = Path(data_dir) if data_dir is not None else None
        self._lock = threading.Lock()
        #: session id -> DemoGame, for sessions started as a demo in this run
        self._demos: dict[int, DemoGame] = {}

    # ------------------------------------------------------------------ store
    @property
    def store(self):
        with self._lock:
            if self._store is None:
                from companion.session import SessionStore

                self._store = SessionStore.open()
            return self._store

    def close(self) -> None:
        if self._store is not None:
            self._store.close()

    def data_dir(self) -> Path:
        """Where this app keeps its files: the session database's folder."""
        if self._data_dir is not None:
            return self._data_dir
        from companion.session import data_dir

        return data_dir()

    def list_sessions(self, limit: int = 30) -> list[Any]:
        return list(self.store.list())[:limit]

    def create_session(self, game: str, players: Sequence[str], options: Mapping[str, Any],
                       *, profile: str | None = None, demo: DemoGame | None = None) -> int:
        profile_doc = self.load_profile(profile) if profile else None
        name = None
        if demo is not None:
            from companion.app.boardmodel import GAME_TITLES

            name = f"Demo: {GAME_TITLES.get(game, game)}"
        info = self.store.create(game, list(players), dict(options), profile_doc, name=name)
        if demo is not None:
            self._demos[info.id] = demo
            self._save_demo_link(info.id, demo)
        return info.id

    def view(self, session_id: int):
        return self.store.get(session_id)

    def add_photo(self, session_id: int, photo: str | Path, *, new_round: bool = False,
                  player: str | None = None):
        """Read a photo into a new turn (slow: call from a worker thread)."""
        return self.store.add_photo_turn(session_id, photo, new_round=new_round, player=player)

    def add_manual_turn(self, session_id: int, *, new_round: bool = False):
        """A turn to be entered by hand: starts as a copy of the table before it (or an empty
        table), to be corrected tile by tile on the review screen."""
        view = self.store.get(session_id)
        game = view.info.game
        if view.turns and not new_round:
            board = dict(view.turns[-1].board)
        else:
            board = {"game": game, "tiles": []}
            borders = view.info.options.get("borders")
            if game == "twelve-tiles" and borders:
                board["borders"] = dict(borders)
        return self.store.add_board_turn(session_id, board, new_round=new_round)

    def add_pass(self, session_id: int, action: str = "pass"):
        return self.store.add_pass(session_id, action=action)

    def correct(self, session_id: int, cell: Sequence[int], tile: Mapping[str, Any] | None,
                *, turn_id: int | None = None):
        return self.store.correct_tile(session_id, cell, tile, turn_id=turn_id)

    def set_borders(self, session_id: int, turn_id: int, borders: Mapping[str, str]):
        """Twelve Tiles: correct the board sides of a turn (the whole board is re-stored)."""
        turn = self.store.turn(turn_id)
        board = dict(turn.board)
        board["borders"] = dict(borders)
        return self.store.set_board(session_id, board, turn_id=turn_id)

    def undo(self, session_id: int):
        return self.store.undo(session_id)

    def finish(self, session_id: int):
        return self.store.finish(session_id)

    def reopen(self, session_id: int):
        return self.store.reopen(session_id)

    def timer(self, session_id: int, running: bool):
        return self.store.timer_start(session_id) if running else self.store.timer_pause(session_id)

    # ------------------------------------------------------------------ demo games
    def demo_games(self) -> list[DemoGame]:
        """Every ``sample_images/<game>/game/record.json`` (or ``<game>/record.json``) that is a
        playable record, one per game."""
        out: list[DemoGame] = []
        for base in sample_dirs():
            if not base.is_dir():
                continue
            records = sorted(base.glob("*/record.json")) + sorted(base.glob("*/game/record.json"))
            for record in records:
                demo = load_demo(record)
                if demo is not None and demo.game not in {d.game for d in out} and \
                        all(Path(e["photo"]).exists() for e in demo.entries if "photo" in e):
                    out.append(demo)
            if out:
                break
        return out

    def _demo_links_path(self) -> Path:
        return self.data_dir() / "app-demo-sessions.json"

    def _save_demo_link(self, session_id: int, demo: DemoGame) -> None:
        path = self._demo_links_path()
        try:
            links = json.loads(path.read_text()) if path.exists() else {}
        except (OSError, json.JSONDecodeError):
            links = {}
        links[str(session_id)] = str(demo.record_path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(links))
        except OSError as exc:  # the demo still plays in this run
            logger.warning("cannot remember the demo session: %s", exc)

    def demo_for(self, session_id: int) -> DemoGame | None:
        """The demo game a session plays (remembered across restarts), or ``None``."""
        if session_id in self._demos:
            return self._demos[session_id]
        try:
            links = json.loads(self._demo_links_path().read_text())
        except (OSError, json.JSONDecodeError):
            return None
        record = links.get(str(session_id))
        demo = load_demo(Path(record)) if record else None
        if demo is not None:
            self._demos[session_id] = demo
        return demo

    def next_demo_entry(self, session_id: int, n_turns: int) -> Mapping[str, Any] | None:
        """The demo record's entry for the next turn (entry ``n_turns``), or ``None`` at the end."""
        demo = self.demo_for(session_id)
        if demo is None or n_turns >= len(demo.entries):
            return None
        return demo.entries[n_turns]

    def play_demo_entry(self, session_id: int, entry: Mapping[str, Any]):
        """Add the demo record's entry as the next turn (slow for photos: worker thread)."""
        player = entry.get("player")
        new_round = bool(entry.get("new_round"))
        if "photo" in entry:
            return self.store.add_photo_turn(session_id, entry["photo"], player=player,
                                             new_round=new_round)
        return self.store.add_board_turn(session_id, entry["board"], player=player,
                                         new_round=new_round)

    # ------------------------------------------------------------------ photos and overlays
    def overlay_image(self, turn: Any, *, max_side: int = 2048) -> "OverlayImage | None":
        """The turn's photo with the reader's overlay and this turn's violations, (H, W, 3)
        uint8 BGR, scaled to at most ``max_side``, with the photo's own size; ``None`` for a
        turn without photo.

        Slow (decode + draw): call from a worker thread.
        """
        from companion.app import overlay
        from companion.app.images import fit_for_display, load_bgr

        if turn is None or turn.photo is None:
            return None
        image = load_bgr(turn.photo)
        drawn = overlay.draw(image, turn)
        return OverlayImage(fit_for_display(drawn, max_side), (image.shape[1], image.shape[0]))

    # ------------------------------------------------------------------ profiles
    def profiles_dir(self) -> Path:
        return self.data_dir() / "profiles"

    def profile_names(self) -> list[str]:
        folder = self.profiles_dir()
        if not folder.is_dir():
            return []
        return sorted(p.name[: -len(PROFILE_SUFFIX)] for p in folder.glob(f"*{PROFILE_SUFFIX}"))

    def load_profile(self, name: str) -> dict[str, Any]:
        path = self.profiles_dir() / f"{name}{PROFILE_SUFFIX}"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ProfileError(f"there is no profile called {name!r}") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ProfileError(f"the profile {name!r} cannot be read ({exc})") from None
        if not isinstance(data, dict) or data.get("format") != "tile-companion-profile":
            raise ProfileError(f"{path.name} is not a tile-companion profile")
        return data

    def save_profile(self, name: str, profile: Mapping[str, Any]) -> Path:
        name = name.strip()
        if not _NAME_OK.match(name):
            raise ProfileError("A profile name is 1-40 letters, digits, spaces, '-', '_' or '.'.")
        folder = self.profiles_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}{PROFILE_SUFFIX}"
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(profile, indent=1), encoding="utf-8")
        tmp.replace(path)
        return path

    # ------------------------------------------------------------------ settings
    def settings_path(self) -> Path:
        return self.data_dir() / "app-settings.json"

    def settings(self) -> dict[str, Any]:
        defaults = {"doubt_threshold": 0.6, "show_overlay": True, "default_profile": ""}
        try:
            data = json.loads(self.settings_path().read_text())
            if isinstance(data, dict):
                defaults.update({k: v for k, v in data.items() if k in defaults})
        except (OSError, json.JSONDecodeError):
            pass
        return defaults

    def save_settings(self, values: Mapping[str, Any]) -> None:
        data = self.settings()
        data.update(values)
        path = self.settings_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data))
