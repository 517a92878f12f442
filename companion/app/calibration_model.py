"""The calibration wizard's logic, free of widgets: layouts to lay out, running the
calibration, the learned colours as swatches and how well they separate.

Calibration itself is ``calibration.calibrate`` (CALIBRATION engineer); this module only calls
it and measures its result.
"""
from __future__ import annotations

import inspect
import json
import logging
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, Mapping

import numpy as np

from vision.kits import kit_for_game, load_kit

logger = logging.getLogger(__name__)

#: Smallest CIEDE2000 distance between two learned colours for each verdict.
WELL_APART = 15.0
CLOSE = 8.0


class CalibrationUnavailable(RuntimeError):
    """This build has no ``calibration.calibrate``."""


@dataclass(frozen=True)
class Layout:
    """A calibration layout shipped with the product (``calibration/layouts/*.board.json``)."""

    kit: str
    game: str
    path: Path
    board: Mapping[str, Any]
    title: str
    instructions: str


def layouts_dir() -> Path:
    import calibration

    return Path(calibration.__file__).resolve().parent / "layouts"


def layouts() -> list[Layout]:
    out = []
    folder = layouts_dir()
    for path in sorted(folder.glob("*.board.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            logger.warning("skipping layout %s: %s", path, exc)
            continue
        meta = data.get("layout") or {}
        game = data.get("game")
        if not game:
            continue
        board = {k: v for k, v in data.items() if k != "layout"}
        out.append(Layout(kit=meta.get("kit") or kit_for_game(game).name, game=game, path=path,
                          board=board, title=meta.get("title") or path.name,
                          instructions=meta.get("instructions") or "Lay the tiles out as shown."))
    return out


@dataclass(frozen=True)
class Outcome:
    """A learned profile and what calibration warns about (for the user)."""

    profile: dict[str, Any]
    warnings: tuple[str, ...] = ()


def run_calibration(photo: str | Path, layout: Layout) -> Outcome:
    """Learn a profile from a photo of ``layout`` (slow: worker thread).

    Raises
    ------
    CalibrationUnavailable
        When the calibration package has no ``calibrate`` yet.
    """
    try:
        from calibration import calibrate
    except ImportError as exc:
        raise CalibrationUnavailable(
            f"this build cannot calibrate yet (calibration.calibrate is missing: {exc})") from None
    params = inspect.signature(calibrate).parameters
    kwargs: dict[str, Any] = {}
    if "game" in params:
        kwargs["game"] = layout.game
    if "layout" in params:
        kwargs["layout"] = layout.path
    result = calibrate(Path(photo), **kwargs)
    profile = getattr(result, "profile", result)
    if not isinstance(profile, Mapping):
        raise CalibrationUnavailable("calibration returned no profile")
    return Outcome(dict(profile), tuple(str(w) for w in getattr(result, "warnings", ()) or ()))


@dataclass(frozen=True)
class Swatch:
    name: str
    learned_rgb: tuple[float, float, float]  # 0-1 sRGB
    default_rgb: tuple[float, float, float]
    samples: int
    shift: float  # CIEDE2000 from the kit's default colour


@dataclass(frozen=True)
class Separation:
    """How well the learned colours separate: the closest pair and a verdict for people."""

    closest: tuple[str, str] | None
    delta_e: float | None
    verdict: str
    level: str  # "good", "close", "bad"


def _lab_to_rgb(lab: Any) -> tuple[float, float, float]:
    from vision.colour import lab_to_bgr

    b, g, r = lab_to_bgr(np.asarray(lab, dtype=np.float32).reshape(1, 3))[0]
    return float(r), float(g), float(b)


def swatches(profile: Mapping[str, Any]) -> list[Swatch]:
    from vision.colour import ciede2000, hex_to_lab

    kit = load_kit(profile.get("kit", "nestortiles"))
    out = []
    for name in kit.colour_names:
        entry = (profile.get("colours") or {}).get(name)
        if not entry or "lab" not in entry:
            continue
        default_lab = hex_to_lab(kit.colours[name])
        r, g, b = kit.rgb(name)
        out.append(Swatch(name=name, learned_rgb=_lab_to_rgb(entry["lab"]),
                          default_rgb=(r / 255, g / 255, b / 255), samples=int(entry.get("n", 0)),
                          shift=float(ciede2000(np.asarray(entry["lab"]), default_lab))))
    return out


def separation(profile: Mapping[str, Any]) -> Separation:
    """The smallest CIEDE2000 distance between two learned colours, with a verdict."""
    from vision.colour import ciede2000

    colours = {k: np.asarray(v["lab"], dtype=np.float64)
               for k, v in (profile.get("colours") or {}).items() if isinstance(v, Mapping) and "lab" in v}
    if len(colours) < 2:
        return Separation(None, None, "Not enough colours were learned to compare them.", "bad")
    best = None
    for a, b in combinations(sorted(colours), 2):
        d = float(ciede2000(colours[a], colours[b]))
        if best is None or d < best[0]:
            best = (d, a, b)
    d, a, b = best
    if d >= WELL_APART:
        return Separation((a, b), d, f"All colours are well apart: the closest pair, {a} and {b}, "
                                     f"differ by {d:.0f} (CIEDE2000).", "good")
    if d >= CLOSE:
        return Separation((a, b), d, f"{a} and {b} are close ({d:.0f}); readable, but take photos in "
                                     f"even, bright light.", "close")
    return Separation((a, b), d, f"{a} and {b} are too close to tell apart ({d:.0f}). Calibrate again "
                                 f"in better light (daylight, no coloured lamps).", "bad")
