"""Colour/symbol profiles: the versioned JSON document ``calibrate`` writes and the reader uses.

::

    {"format": "tile-companion-profile", "version": 1, "kit": "nestortiles",
     "colours": {"red": {"lab": [L, a, b], "cov": [[3x3]], "n": 123,      # CIELAB, D65
                         "clipped": ["r"]}, ...},          # optional: blown out when learnt
     "symbols": {"rock": {"template": [[32x32 grey 0-1]],                  # optional
                          "rules_read": 0.0, "rules_n": 6}, ...},  # optional: the shape rules' share right
     "art": {"lab": [L, a, b], "n": 40},                 # optional: symbol art as photographed
     "white_balance": {"gains_bgr": [gb, gg, gr]},                            # optional
     "camera": {... a camera profile, see vision.camera ...},                 # optional
     "created": "2026-11-22T13:00:00Z", "source": "photo.jpg",
     "history": [ {previous "colours"}, ... ]}                                 # optional

Colours are the tiles' appearance *as photographed* under the calibration light (robust median
Lab per tile region, its covariance and the number of regions averaged), less the calibration
photo's haze when the kit has enough colours to measure it (``light.haze_bgr_removed``). A
colour's ``clipped`` channels (sRGB ``"r"``, ``"g"``, ``"b"``) were blown out in the calibration
photo: ``lab`` has the clip level there, a lower bound of the paint's (the reader estimates
those channels from the photo it reads). A
profile is a plain ``dict`` once validated; :func:`load_profile` refuses corrupt, foreign or
newer documents with a :class:`ProfileError` whose message says what is wrong.
"""
from __future__ import annotations

import json
import logging
import math
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Collection, Mapping

from vision.kits import Kit, KitError, load_kit

#: Channel names of a colour's ``clipped`` list, in this order.
CHANNELS = ("r", "g", "b")

logger = logging.getLogger(__name__)

FORMAT = "tile-companion-profile"
FORMAT_VERSION = 1
TEMPLATE_SIZE = 32
MAX_PROFILE_BYTES = 4 * 1024 * 1024
MAX_HISTORY = 20


class ProfileError(ValueError):
    """A profile is unreadable, corrupt, foreign, of an unknown version or for another kit."""


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _in_cielab(lab: list) -> bool:
    """Whether three numbers ``[L, a, b]`` lie in CIELAB's range (L 0-100, a and b -150..150)."""
    return 0 <= lab[0] <= 100 and -150 <= lab[1] <= 150 and -150 <= lab[2] <= 150


def _kit_entries(entries: Any, kind: str, names: Collection[str], kit: Kit, where: str,
                 holds: str) -> list[tuple[str, Any, str]]:
    """The entries of a profile's object ``entries`` of ``kind`` (``"colour"``, ``"symbol"``)
    name -> ``holds``, each a name among the kit's ``names``: [(name, entry, where it stands,
    for messages)]. ProfileError when ``entries`` is no object or names what the kit lacks."""
    if not isinstance(entries, Mapping):
        raise ProfileError(f"{where}: '{kind}s' must be an object of {kind} name -> {holds}")
    out = []
    for name, entry in entries.items():
        here = f"{where}: {kind} {name!r}"
        if name not in names:
            raise ProfileError(f"{here} is not a {kind} of kit {kit.name!r}"
                               + (f" ({kind}s: {', '.join(names)})" if names else ""))
        out.append((name, entry, here))
    return out


def _check_colours(colours: Any, kit: Kit, where: str) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for name, entry, here in _kit_entries(colours, "colour", kit.colours, kit, where, "statistics"):
        if not isinstance(entry, Mapping):
            raise ProfileError(f"{here} must be an object with 'lab'")
        lab = entry.get("lab")
        if not isinstance(lab, list) or len(lab) != 3 or not all(_num(v) for v in lab):
            raise ProfileError(f"{here}: 'lab' must be three numbers [L, a, b]")
        if not _in_cielab(lab):
            raise ProfileError(f"{here}: 'lab' {lab} is outside CIELAB (L 0-100, a and b -150..150)")
        item: dict[str, Any] = {"lab": [float(v) for v in lab]}
        cov = entry.get("cov")
        if cov is not None:
            if (not isinstance(cov, list) or len(cov) != 3
                    or not all(isinstance(r, list) and len(r) == 3 and all(_num(v) for v in r) for r in cov)):
                raise ProfileError(f"{here}: 'cov' must be a 3x3 list of numbers")
            if any(abs(cov[i][j] - cov[j][i]) > 1e-6 * (1 + abs(cov[i][j])) for i in range(3) for j in range(3)):
                raise ProfileError(f"{here}: 'cov' must be symmetric")
            if any(cov[i][i] < 0 for i in range(3)):
                raise ProfileError(f"{here}: 'cov' has a negative variance")
            item["cov"] = [[float(v) for v in r] for r in cov]
        n = entry.get("n", 1)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ProfileError(f"{here}: 'n' must be a non-negative integer")
        item["n"] = n
        clipped = entry.get("clipped")
        if clipped is not None:
            if (not isinstance(clipped, list) or not all(isinstance(c, str) and c in CHANNELS for c in clipped)
                    or len(set(clipped)) != len(clipped)):
                raise ProfileError(f"{here}: 'clipped' must list channels among {', '.join(CHANNELS)}")
            if clipped:
                item["clipped"] = [c for c in CHANNELS if c in clipped]
        out[name] = item
    return out


def _check_symbols(symbols: Any, kit: Kit, where: str) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for name, entry, here in _kit_entries(symbols, "symbol", kit.symbols, kit, where, "template"):
        t = entry.get("template") if isinstance(entry, Mapping) else None
        if (not isinstance(t, list) or len(t) != TEMPLATE_SIZE
                or not all(isinstance(r, list) and len(r) == TEMPLATE_SIZE for r in t)
                or not all(_num(v) and -1e-6 <= v <= 1 + 1e-6 for r in t for v in r)):
            raise ProfileError(f"{here}: 'template' must be {TEMPLATE_SIZE}x{TEMPLATE_SIZE} numbers 0-1")
        item = dict(entry)
        item["template"] = [[float(v) for v in r] for r in t]
        out[name] = item
    return out


def validate_profile(data: Any, *, kit: str | Kit | None = None, where: str = "profile") -> dict[str, Any]:
    """Check a parsed profile document and return a normalised copy.

    Parameters
    ----------
    kit : when given, the profile must be for this kit (name or :class:`Kit`).

    Raises
    ------
    ProfileError
        Naming the first problem: not an object, not a profile ("format"), an unsupported
        version, an unknown kit, colour or symbol, malformed numbers.
    """
    if not isinstance(data, Mapping):
        raise ProfileError(f"{where}: a profile must be a JSON object")
    if data.get("format") != FORMAT:
        found = data.get("format")
        raise ProfileError(f"{where}: not a tile-companion profile ('format' is {found!r}, "
                           f"expected {FORMAT!r})")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ProfileError(f"{where}: 'version' must be an integer")
    if version != FORMAT_VERSION:
        raise ProfileError(f"{where}: profile version {version} is not supported (this program reads "
                           f"version {FORMAT_VERSION}{'; update tile-companion' if version > FORMAT_VERSION else ''})")
    kit_name = data.get("kit")
    if not isinstance(kit_name, str):
        raise ProfileError(f"{where}: 'kit' must name the kit the profile was made for")
    try:
        the_kit = load_kit(kit_name)
    except KitError as exc:
        raise ProfileError(f"{where}: {exc}") from None
    if kit is not None:
        wanted = kit.name if isinstance(kit, Kit) else load_kit(kit).name
        if the_kit.name != wanted:
            raise ProfileError(f"{where}: the profile is for kit {the_kit.name!r}, not {wanted!r}")
    out: dict[str, Any] = {"format": FORMAT, "version": FORMAT_VERSION, "kit": the_kit.name}
    out["colours"] = _check_colours(data.get("colours"), the_kit, where)
    if not out["colours"]:
        raise ProfileError(f"{where}: the profile has no colours")
    if data.get("symbols") is not None:
        out["symbols"] = _check_symbols(data["symbols"], the_kit, where)
    art = data.get("art")
    if art is not None:
        lab = art.get("lab") if isinstance(art, Mapping) else None
        if not isinstance(lab, list) or len(lab) != 3 or not all(_num(v) for v in lab) or not _in_cielab(lab):
            raise ProfileError(f"{where}: 'art' must be {{\"lab\": [L 0-100, a, b]}} (the symbol art's colour)")
        if the_kit.face_model != "symbol":
            raise ProfileError(f"{where}: 'art' (a symbol colour) but kit {the_kit.name!r} has no symbols")
        n = art.get("n", 1)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ProfileError(f"{where}: 'art': 'n' must be a non-negative integer")
        out["art"] = {"lab": [float(v) for v in lab], "n": n}
    wb = data.get("white_balance")
    if wb is not None:
        gains = wb.get("gains_bgr") if isinstance(wb, Mapping) else None
        if not isinstance(gains, list) or len(gains) != 3 or not all(_num(g) and 0.05 <= g <= 20 for g in gains):
            raise ProfileError(f"{where}: 'white_balance' must be {{\"gains_bgr\": [3 numbers 0.05-20]}}")
        out["white_balance"] = {**wb, "gains_bgr": [float(g) for g in gains]}
    if data.get("camera") is not None:
        from vision.camera import CameraError, camera_from_dict

        try:
            camera_from_dict(data["camera"])
        except CameraError as exc:
            raise ProfileError(f"{where}: 'camera': {exc}") from None
        out["camera"] = data["camera"]
    history = data.get("history")
    if history is not None:
        if not isinstance(history, list) or len(history) > MAX_HISTORY:
            raise ProfileError(f"{where}: 'history' must be a list of at most {MAX_HISTORY} entries")
        out["history"] = []
        for h in history:
            if not isinstance(h, Mapping):
                raise ProfileError(f"{where}: 'history' entries must be objects")
            colours = _check_colours(h.get("colours"), the_kit, f"{where}: history")
            out["history"].append({**h, "colours": colours})
    for key in ("created", "source", "layout", "quarter_turns", "light", "quality", "game"):
        if key in data:
            out[key] = data[key]
    return out


def load_profile(path: str | os.PathLike[str], *, kit: str | Kit | None = None) -> dict[str, Any]:
    """Read and validate a profile file.

    Raises
    ------
    ProfileError
        Missing, unreadable, too large, not UTF-8 JSON, or not a valid profile.
    """
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_PROFILE_BYTES:
            raise ProfileError(f"profile {p} is too large ({size} bytes, at most {MAX_PROFILE_BYTES})")
        raw = p.read_bytes()
    except FileNotFoundError:
        raise ProfileError(f"profile {p} does not exist") from None
    except OSError as exc:
        raise ProfileError(f"cannot read profile {p}: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise ProfileError(f"profile {p} is corrupt (not valid JSON: {exc})") from None
    return validate_profile(data, kit=kit, where=f"profile {p}")


def save_profile(profile: Mapping[str, Any], path: str | os.PathLike[str]) -> Path:
    """Validate and write a profile atomically (a temporary file, then a rename)."""
    data = validate_profile(profile)
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(p.name + ".part")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(p)
    return p


def new_profile(kit: str | Kit, colours: Mapping[str, Mapping[str, Any]], *,
                symbols: Mapping[str, Mapping[str, Any]] | None = None,
                white_balance: Mapping[str, Any] | None = None, source: str = "",
                **extra: Any) -> dict[str, Any]:
    """Assemble and validate a profile document (``created`` is now, UTC)."""
    name = kit.name if isinstance(kit, Kit) else kit
    doc: dict[str, Any] = {"format": FORMAT, "version": FORMAT_VERSION, "kit": name,
                           "colours": dict(colours)}
    if symbols:
        doc["symbols"] = dict(symbols)
    if white_balance:
        doc["white_balance"] = dict(white_balance)
    doc["created"] = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    doc["source"] = source
    doc.update(extra)
    return validate_profile(doc)
