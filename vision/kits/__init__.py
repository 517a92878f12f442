"""Kits: the physical tile and card sets, as validated data.

A kit file (``*.kit.json``) describes what a set looks like and which tiles it holds. The five
kits of ``KITS.md`` ship in ``vision/kits/data``; a user-defined kit file loads the same way.
This module is pure Python (no numpy, no OpenCV) so the rule core may use it too.

Face models
-----------
``solid``    one colour per tile, optional die pips (nestortiles).
``sectors``  four edge sectors, each a colour (X-Tiles, Twelve Tiles).
``symbol``   a background colour and a symbol (Universal Tapestry cards).

Tile lists (the exact set)
--------------------------
``solid``    ``{"colour": c, "pips": p}``
``sectors``  ``{"sectors": [b, s, b, s]}`` for ``rounded-x`` tiles (big, small, big, small,
             clockwise from a big end, the same up to a half turn) or ``{"edges": [n, e, s, w]}``
             for square tiles (the same up to quarter turns).
``symbol``   ``{"colour": c, "symbol": s}``
Any tile entry may carry ``"count": n`` (copies, default 1).
"""
from __future__ import annotations

import json
import logging
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Hashable, Mapping

logger = logging.getLogger(__name__)

DATA_DIR = Path(__file__).resolve().parent / "data"
FORMAT = "tile-companion-kit"
FORMAT_VERSION = 1
FACE_MODELS = ("solid", "sectors", "symbol")
SHAPES = ("toothed-square", "square", "rounded-x", "card")
MAX_KIT_BYTES = 1_000_000

#: Which kit each built-in game is played with.
GAME_KITS: Mapping[str, str] = {
    "textile": "nestortiles",
    "octopus": "nestortiles",
    "x-tiles": "x-tiles",
    "tapestry": "tapestry",
    "twelve-tiles": "twelve-tiles",
}

#: Where the pips of a die face lie, as (x, y) in {-1, 0, 1}: x grows east, y grows south,
#: the face's half-width being 1. The standard die layout, shared by the renderer and the app.
DIE_PIP_LAYOUT: Mapping[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}

_HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")
_NAME = re.compile(r"^[a-z][a-z0-9-]*$")


class KitError(ValueError):
    """A kit file is missing, unreadable or malformed; the message names the problem."""


@dataclass(frozen=True)
class Kit:
    """A validated kit.

    Attributes
    ----------
    colours : dict name -> ``#RRGGBB`` default sRGB, in the kit's canonical order.
    tiles : tuple of tile dicts (see module docstring), each with ``count`` filled in.
    """

    name: str
    title: str
    games: tuple[str, ...]
    face_model: str
    shape: str
    tile_size_mm: tuple[float, float]
    thickness_mm: float
    colours: Mapping[str, str]
    tiles: tuple[Mapping[str, Any], ...]
    pips: tuple[int, ...] = ()
    symbols: tuple[str, ...] = ()
    pip_colours: Mapping[str, str] = field(default_factory=dict)
    beats: Mapping[str, str] = field(default_factory=dict)
    values: Mapping[str, int] = field(default_factory=dict)
    colour_order: tuple[str, ...] = ()
    symbol_colour: str | None = None
    rim_colour: str | None = None
    board: Mapping[str, Any] | None = None
    source: str = ""

    @property
    def colour_names(self) -> tuple[str, ...]:
        return tuple(self.colours)

    def rgb(self, colour: str) -> tuple[int, int, int]:
        """Default sRGB of ``colour`` as 0-255 integers."""
        return hex_to_rgb(self.colours[colour])

    @property
    def set_size(self) -> int:
        return sum(int(t.get("count", 1)) for t in self.tiles)

    def _copies(self, key: Callable[[dict], Hashable | None]) -> Counter:
        """How many tiles of each ``key(tile)`` the set holds (tiles whose key is None left
        out)."""
        copies: Counter = Counter()
        for t in self.tiles:
            if (k := key(t)) is not None:
                copies[k] += int(t.get("count", 1))
        return copies

    def colour_copies(self) -> Counter:
        """How many tiles of each colour the set holds (tiles without a colour left out)."""
        return self._copies(lambda t: t.get("colour"))

    def card_copies(self) -> Counter:
        """How many cards of each ``(colour, symbol)`` the set holds (``symbol`` kits; tiles
        without both left out: empty for other face models)."""
        return self._copies(lambda t: (t["colour"], t["symbol"])
                            if t.get("colour") is not None and t.get("symbol") is not None
                            else None)

    def beyond_copies(self, seen: Mapping[str, int]) -> int:
        """How many of the tiles read (``seen``: count by colour) are beyond the set's copies
        of their colour (:meth:`colour_copies`)."""
        copies = self.colour_copies()
        return sum(max(0, n - copies.get(c, 0)) for c, n in seen.items())


def hex_to_rgb(value: str) -> tuple[int, int, int]:
    """``"#C8102E"`` -> ``(200, 16, 46)``."""
    if not isinstance(value, str) or not _HEX.match(value):
        raise KitError(f"not a colour of the form #RRGGBB: {value!r}")
    return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)


def builtin_kit_names() -> tuple[str, ...]:
    return tuple(sorted(p.name[: -len(".kit.json")] for p in DATA_DIR.glob("*.kit.json")))


_CACHE: dict[str, Kit] = {}


def load_kit(name_or_path: str | Path) -> Kit:
    """Load a built-in kit by name (``"x-tiles"``) or a kit file by path; validated.

    A name is a path when it is a ``Path``, ends in ``.json`` or holds a path separator, so a
    folder called ``x-tiles`` in the working directory never hides the built-in kit.

    Raises
    ------
    KitError
        When the file cannot be read or does not describe a valid kit.
    """
    key = str(name_or_path)
    if key in _CACHE:
        return _CACHE[key]
    is_path = isinstance(name_or_path, Path) or key.endswith(".json") or "/" in key or "\\" in key
    path = Path(key) if is_path else DATA_DIR / f"{key}.kit.json"
    if not is_path and not path.exists():
        raise KitError(f"unknown kit {key!r} (built-in kits: {', '.join(builtin_kit_names())})")
    data = read_small_json(path, what="kit file", max_bytes=MAX_KIT_BYTES, error=KitError)
    kit = kit_from_dict(data, source=str(path))
    _CACHE[key] = kit
    return kit


def read_small_json(path: Path, *, what: str, max_bytes: int, error: type[Exception]) -> Any:
    """The JSON value in the file ``path`` (UTF-8, at most ``max_bytes`` long); ``error`` raised
    with a message that calls the file ``what`` (``"kit file"``) when it cannot be read, is too
    large or is not valid JSON. (The command line's :func:`companion.commands.read_json_file`
    gives each of these a code of its own for ``--json``; this one, below that layer, does not.)"""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise error(f"cannot read {what} {path}: {exc.strerror or exc}") from exc
    if len(raw) > max_bytes:
        raise error(f"{what} {path} is too large ({len(raw)} bytes, at most {max_bytes})")
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise error(f"{what} {path} is not valid JSON: {exc}") from exc


def kit_for_game(game: str) -> Kit:
    """The built-in kit a built-in game is played with."""
    try:
        return load_kit(GAME_KITS[game])
    except KeyError:
        raise KitError(f"unknown game {game!r} (games: {', '.join(GAME_KITS)})") from None


def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise KitError(f"{where}: missing field {key!r}")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise KitError(f"{where}: field {key!r} has the wrong type ({type(value).__name__})")
    return value


def kit_from_dict(data: Any, *, source: str = "<dict>") -> Kit:
    """Validate a parsed kit document and build a :class:`Kit`."""
    where = f"kit {source}"
    if not isinstance(data, dict):
        raise KitError(f"{where}: the document must be a JSON object")
    if data.get("format") != FORMAT:
        raise KitError(f"{where}: 'format' must be {FORMAT!r}")
    version = data.get("version")
    if version != FORMAT_VERSION:
        raise KitError(f"{where}: unsupported version {version!r} (this program reads {FORMAT_VERSION})")
    name = _need(data, "name", str, where)
    if not _NAME.match(name):
        raise KitError(f"{where}: name {name!r} must be lower-case letters, digits and '-'")
    face_model = _need(data, "face_model", str, where)
    if face_model not in FACE_MODELS:
        raise KitError(f"{where}: face_model {face_model!r} is not one of {', '.join(FACE_MODELS)}")
    shape = data.get("shape", "square")
    if shape not in SHAPES:
        raise KitError(f"{where}: shape {shape!r} is not one of {', '.join(SHAPES)}")
    colours = _need(data, "colours", dict, where)
    if len(colours) < 2:
        raise KitError(f"{where}: a kit needs at least two colours")
    for cname, value in colours.items():
        if not _NAME.match(cname):
            raise KitError(f"{where}: colour name {cname!r} must be lower-case letters")
        try:
            hex_to_rgb(value)
        except KitError as exc:
            raise KitError(f"{where}: colour {cname!r}: {exc}") from None
    size = data.get("tile_size_mm", [40, 40])
    if (not isinstance(size, list) or len(size) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 for v in size)):
        raise KitError(f"{where}: tile_size_mm must be two positive numbers")
    pips = tuple(data.get("pips", []))
    if any(not isinstance(p, int) or isinstance(p, bool) or p < 0 for p in pips):
        raise KitError(f"{where}: pips must be non-negative integers")
    symbols = tuple(data.get("symbols", []))
    if any(not isinstance(s, str) or not _NAME.match(s) for s in symbols):
        raise KitError(f"{where}: symbols must be lower-case names")
    if face_model == "symbol" and not symbols:
        raise KitError(f"{where}: a 'symbol' kit must name its symbols")
    tiles_raw = _need(data, "tiles", list, where)
    if not tiles_raw:
        raise KitError(f"{where}: the tile list is empty")
    tiles = tuple(_check_tile(t, i, face_model, shape, colours, pips, symbols, where)
                  for i, t in enumerate(tiles_raw))
    beats = data.get("beats", {})
    for a, b in beats.items():
        if a not in symbols or b not in symbols:
            raise KitError(f"{where}: 'beats' names an unknown symbol ({a!r} beats {b!r})")
    values = data.get("values", {})
    for cname, v in values.items():
        if cname not in colours or not isinstance(v, int) or isinstance(v, bool):
            raise KitError(f"{where}: 'values' must map kit colours to integers ({cname!r})")
    colour_order = tuple(data.get("colour_order", []))
    if any(c not in colours for c in colour_order):
        raise KitError(f"{where}: 'colour_order' names a colour the kit does not have")
    pip_colours = data.get("pip_colours", {})
    for cname, value in pip_colours.items():
        if cname not in colours:
            raise KitError(f"{where}: pip_colours names unknown colour {cname!r}")
        hex_to_rgb(value)
    games = data.get("games", [])
    if not isinstance(games, list) or any(not isinstance(g, str) for g in games):
        raise KitError(f"{where}: 'games' must be a list of names")
    return Kit(
        name=name,
        title=str(data.get("title", name)),
        games=tuple(games),
        face_model=face_model,
        shape=shape,
        tile_size_mm=(float(size[0]), float(size[1])),
        thickness_mm=float(data.get("thickness_mm", 3)),
        colours=dict(colours),
        tiles=tiles,
        pips=pips,
        symbols=symbols,
        pip_colours=dict(pip_colours),
        beats=dict(beats),
        values=dict(values),
        colour_order=colour_order,
        symbol_colour=data.get("symbol_colour"),
        rim_colour=data.get("rim_colour"),
        board=data.get("board"),
        source=source,
    )


def _check_tile(tile: Any, index: int, face_model: str, shape: str, colours: Mapping[str, str],
                pips: tuple[int, ...], symbols: tuple[str, ...], where: str) -> dict[str, Any]:
    here = f"{where}: tile {index}"
    if not isinstance(tile, dict):
        raise KitError(f"{here} must be an object")
    out = dict(tile)
    count = out.setdefault("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise KitError(f"{here}: count must be a positive integer")
    if face_model in ("solid", "symbol"):
        if out.get("colour") not in colours:
            raise KitError(f"{here}: unknown colour {out.get('colour')!r}")
    if face_model == "solid" and "pips" in out and pips and out["pips"] not in pips:
        raise KitError(f"{here}: pips {out['pips']!r} not among {list(pips)}")
    if face_model == "symbol" and out.get("symbol") not in symbols:
        raise KitError(f"{here}: unknown symbol {out.get('symbol')!r}")
    if face_model == "sectors":
        key = "sectors" if shape == "rounded-x" else "edges"
        seq = out.get(key)
        if not isinstance(seq, list) or len(seq) != 4 or any(c not in colours for c in seq):
            raise KitError(f"{here}: {key!r} must list 4 kit colours")
    return out
