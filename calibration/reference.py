"""Calibration layouts: known arrangements of tiles that ``calibrate`` learns from.

A layout is a board file (FORMATS.md) with an extra ``"layout"`` object (``name``, ``kit``,
``title``, ``instructions``) that the app's calibration wizard shows. The built-in layouts of
KITS.md ship in ``calibration/layouts/<kit>.board.json``. Any board file of the right game is a
valid layout too. This module only needs the kit data (no rule core): cells are ``(row, col)``,
a quarter turn clockwise maps ``(row, col)`` to ``(col, -row)`` and edges ``n->e->s->w->n``.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from vision.kits import GAME_KITS, Kit, KitError, load_kit, read_small_json

logger = logging.getLogger(__name__)

LAYOUT_DIR = Path(__file__).resolve().parent / "layouts"
EDGES = ("n", "e", "s", "w")
MAX_LAYOUT_BYTES = 1_000_000


class LayoutError(ValueError):
    """A layout file is missing, unreadable or does not describe tiles of its kit."""


@dataclass(frozen=True)
class Layout:
    """A validated calibration layout.

    Attributes
    ----------
    tiles : dict ``(row, col)`` -> tile dict (``colour``, ``pips``, ``symbol``, ``edges``
        ``{"n","e","s","w"}``, ``long_axis`` as in a board file).
    """

    name: str
    game: str
    kit: Kit
    tiles: Mapping[tuple[int, int], Mapping[str, Any]]
    title: str = ""
    instructions: str = ""
    path: str = ""

    def turned(self, quarter_turns: int) -> dict[tuple[int, int], dict[str, Any]]:
        """The tiles after turning the whole arrangement ``quarter_turns`` clockwise."""
        k = quarter_turns % 4
        out: dict[tuple[int, int], dict[str, Any]] = {}
        for (r, c), tile in self.tiles.items():
            t = dict(tile)
            for _ in range(k):
                r, c = c, -r
            if isinstance(t.get("edges"), Mapping):
                e = t["edges"]
                t["edges"] = {EDGES[(i + k) % 4]: e[EDGES[i]] for i in range(4)}
            if t.get("long_axis") in ("ew", "ns") and k % 2:
                t["long_axis"] = "ns" if t["long_axis"] == "ew" else "ew"
            out[(r, c)] = t
        return out

    def colours_used(self) -> set[str]:
        used: set[str] = set()
        for t in self.tiles.values():
            if t.get("colour"):
                used.add(t["colour"])
            if isinstance(t.get("edges"), Mapping):
                used.update(t["edges"].values())
        return used

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "game": self.game, "kit": self.kit.name, "title": self.title,
                "instructions": self.instructions, "path": self.path,
                "tiles": [{"row": r, "col": c, **t} for (r, c), t in sorted(self.tiles.items())]}


def layout_from_dict(data: Any, *, game: str | None = None, where: str = "layout") -> Layout:
    """Validate a parsed layout (a board document) against its game's kit.

    Raises
    ------
    LayoutError
        Unknown game, a game other than ``game``, bad coordinates, colours or symbols not of the
        kit, two tiles on one cell, or no tiles.
    """
    if not isinstance(data, Mapping):
        raise LayoutError(f"{where}: a layout must be a board JSON object")
    g = data.get("game")
    if g not in GAME_KITS:
        raise LayoutError(f"{where}: unknown game {g!r} (games: {', '.join(GAME_KITS)})")
    try:
        kit = load_kit(GAME_KITS[g])
    except KitError as exc:
        raise LayoutError(f"{where}: {exc}") from None
    if game is not None and GAME_KITS.get(game) != kit.name:
        raise LayoutError(f"{where}: the layout is for {g!r} (kit {kit.name}), not for {game!r}")
    raw = data.get("tiles")
    if not isinstance(raw, list) or not raw:
        raise LayoutError(f"{where}: 'tiles' must be a non-empty list")
    tiles: dict[tuple[int, int], dict[str, Any]] = {}
    for i, t in enumerate(raw):
        here = f"{where}: tile {i}"
        if not isinstance(t, Mapping):
            raise LayoutError(f"{here} must be an object")
        r, c = t.get("row"), t.get("col")
        if not all(isinstance(v, int) and not isinstance(v, bool) and abs(v) <= 1000 for v in (r, c)):
            raise LayoutError(f"{here}: 'row' and 'col' must be integers")
        if (r, c) in tiles:
            raise LayoutError(f"{here}: two tiles on cell ({r}, {c})")
        tile: dict[str, Any] = {}
        if kit.face_model in ("solid", "symbol"):
            if t.get("colour") not in kit.colours:
                raise LayoutError(f"{here}: unknown colour {t.get('colour')!r} "
                                  f"(colours: {', '.join(kit.colours)})")
            tile["colour"] = t["colour"]
        if kit.face_model == "solid" and t.get("pips") is not None:
            if t["pips"] not in kit.pips:
                raise LayoutError(f"{here}: pips {t['pips']!r} not among {list(kit.pips)}")
            tile["pips"] = t["pips"]
        if kit.face_model == "symbol":
            if t.get("symbol") not in kit.symbols:
                raise LayoutError(f"{here}: unknown symbol {t.get('symbol')!r} "
                                  f"(symbols: {', '.join(kit.symbols)})")
            tile["symbol"] = t["symbol"]
        if kit.face_model == "sectors":
            e = t.get("edges")
            if not isinstance(e, Mapping) or set(e) != set(EDGES) or any(e[k] not in kit.colours for k in EDGES):
                raise LayoutError(f"{here}: 'edges' must give a kit colour for each of n, e, s, w")
            tile["edges"] = {k: e[k] for k in EDGES}
            if kit.shape == "rounded-x":
                if t.get("long_axis") not in ("ew", "ns"):
                    raise LayoutError(f"{here}: 'long_axis' must be \"ew\" or \"ns\"")
                tile["long_axis"] = t["long_axis"]
        tiles[(r, c)] = tile
    meta = data.get("layout") if isinstance(data.get("layout"), Mapping) else {}
    return Layout(str(meta.get("name", "custom")), g, kit, tiles, str(meta.get("title", "")),
                  str(meta.get("instructions", "")))


def load_layout(path_or_name: str | Path, *, game: str | None = None) -> Layout:
    """A layout file by path, or a built-in layout by kit name (``"nestortiles"``)."""
    key = str(path_or_name)
    path = Path(key)
    if not path.exists() and (LAYOUT_DIR / f"{key}.board.json").exists():
        path = LAYOUT_DIR / f"{key}.board.json"
    if not path.exists():
        raise LayoutError(f"layout {key} does not exist (built-in layouts: "
                          f"{', '.join(builtin_layout_names())})")
    data = read_small_json(path, what="layout", max_bytes=MAX_LAYOUT_BYTES, error=LayoutError)
    layout = layout_from_dict(data, game=game, where=f"layout {path}")
    return Layout(layout.name, layout.game, layout.kit, layout.tiles, layout.title,
                  layout.instructions, str(path))


def builtin_layout_names() -> tuple[str, ...]:
    return tuple(sorted(p.name[: -len(".board.json")] for p in LAYOUT_DIR.glob("*.board.json")))


def builtin_layouts() -> tuple[Layout, ...]:
    """The layouts of KITS.md, one per built-in kit (for the app's calibration wizard)."""
    return tuple(load_layout(LAYOUT_DIR / f"{n}.board.json") for n in builtin_layout_names())


def layout_for_game(game: str) -> Layout:
    """The built-in layout of the kit ``game`` is played with."""
    if game not in GAME_KITS:
        raise LayoutError(f"unknown game {game!r} (games: {', '.join(GAME_KITS)})")
    return load_layout(LAYOUT_DIR / f"{GAME_KITS[game]}.board.json")
