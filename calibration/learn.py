"""Learn a user's set from one photo of a known layout: colours (CIELAB statistics) and symbols.

Stages (each a public function):

1. :func:`locate_cells` - the reader (``vision.pipeline.read_image``) finds the lattice; we keep
   its per-cell polygons and what it read (occupancy, pips, symbols, long axes).
2. :func:`align_layout` - which quarter turn and shift of the layout fits the photo. The
   decisive cue is colour consistency: under the right alignment the regions that should share a
   colour look alike, and the colours' means map onto the kit's default colours by a single
   change of light (per-channel gains in linear light), with a small residual; any wrong turn
   swaps colours, which no change of light explains. The reader's pips, symbols, long axes and
   occupancy add votes.
3. :func:`learn_profile` - per colour: the median Lab of its regions, their covariance and count;
   per symbol: the mean of the reader's 32x32 symbol probes.
"""
from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass, field
from typing import Any, Mapping

import numpy as np

from calibration.measure import CellSample, sample_cells
from calibration.profile import CHANNELS, new_profile
from calibration.reference import EDGES, Layout
from vision.colour import (Palette, apply_gains_lab, bgr_to_lab, ciede2000, fit_gains, lab_to_bgr,
                           linear_to_srgb, srgb_to_linear)
from vision.kits import Kit

logger = logging.getLogger(__name__)

Cell = tuple[int, int]
#: Smallest share of the layout that must be found in the photo.
MIN_MATCHED = 0.75


class CalibrationError(ValueError):
    """The layout could not be found in the photo (or not reliably); the message says why."""


@dataclass(frozen=True)
class CellsFound:
    """Where the reader found cells: ``polygons`` for every examined cell, ``tiles`` the board
    tiles it read (``(row, col)`` -> tile dict)."""

    polygons: Mapping[Cell, np.ndarray]
    tiles: Mapping[Cell, Mapping[str, Any]]


@dataclass(frozen=True)
class Alignment:
    """Layout cell ``(r, c)`` turned ``quarter_turns`` clockwise, plus ``offset``, is photo cell.

    ``cost`` is lower for better fits; ``margin`` is the next-best other turn's cost minus this
    cost (how sure the turn is); ``colour_fit`` the mean CIEDE2000 residual after the light fit;
    ``gains_bgr`` the linear-light gains mapping the photo's colours to the kit defaults.
    """

    quarter_turns: int
    offset: Cell
    matched: int
    cost: float
    margin: float
    colour_fit: float
    spread: float
    attribute_agreement: float | None
    gains_bgr: tuple[float, float, float]
    cells: Mapping[Cell, Cell] = field(default_factory=dict)  # layout cell -> photo cell

    def to_dict(self) -> dict[str, Any]:
        return {"quarter_turns": self.quarter_turns, "offset": list(self.offset),
                "matched": self.matched, "cost": round(self.cost, 3), "margin": round(self.margin, 3),
                "colour_fit": round(self.colour_fit, 2), "spread": round(self.spread, 2),
                "attribute_agreement": (None if self.attribute_agreement is None
                                        else round(self.attribute_agreement, 3)),
                "gains_bgr": [round(g, 4) for g in self.gains_bgr]}


@dataclass(frozen=True)
class Calibration:
    """The result of :func:`calibrate_image`: the profile and how it was found."""

    profile: dict
    alignment: Alignment
    warnings: tuple[str, ...] = ()


# ------------------------------------------------------------------------------ stage 1


def locate_cells(image: np.ndarray, *, game: str, expect: int | None = None) -> CellsFound:
    """Run the reader with the kit's default colours and keep its cell geometry and readings.

    The set's paint and the lamp may both be far from the defaults, which can make the reader
    miss tiles; so the photo is read as it is and white-balanced (``adapt``), and the reading
    whose tile count is nearest ``expect`` (the layout's size) is kept. Cell polygons refer to
    ``image`` either way (white balance does not move pixels).

    Raises
    ------
    vision.errors.VisionError
        When the reader finds no tiles (``NoTilesFound``) or the image is unusable.
    CalibrationError
        When the reader fails on a degenerate lattice.
    """
    from calibration.adapt import apply_white_balance, estimate_white_balance
    from vision.errors import NoTilesFound
    from vision.pipeline import read_image

    variants = [("as photographed", image)]
    if expect is not None:
        wb = estimate_white_balance(image)
        if wb is not None:
            variants.append((f"white-balanced ({wb.source})", apply_white_balance(image, wb.gains_bgr)))
    best: tuple[tuple[int, int], str, Any] | None = None
    error: Exception | None = None
    for name, variant in variants:
        try:
            # (each sector named by its own colour: the set's paints are what is measured, see
            # vision.cells.kit_paint_guesses)
            reading = read_image(variant, game=game, guess_paints=False)
        except NoTilesFound as exc:
            error = exc
            continue
        except (np.linalg.LinAlgError, ZeroDivisionError) as exc:  # a degenerate lattice in the reader
            error = CalibrationError(f"the reader could not find a regular grid of tiles ({exc})")
            continue
        n = len(reading.board["tiles"])
        key = (abs(n - expect) if expect is not None else 0, -len(reading.geometry.cells))
        logger.info("reading %s: %d tiles, %d cells", name, n, len(reading.geometry.cells))
        if best is None or key < best[0]:
            best = (key, name, reading)
    if best is None:
        assert error is not None
        raise error
    reading = best[2]
    tiles = {(t["row"], t["col"]): t for t in reading.board["tiles"]}
    return CellsFound(dict(reading.geometry.cells), tiles)


# ------------------------------------------------------------------------------ stage 2


def expected_regions(tile: Mapping[str, Any], kit: Kit) -> dict[str, str]:
    """Region name -> colour name that ``tile`` (a layout tile) shows."""
    if kit.face_model == "solid":
        return {"face": tile["colour"]}
    if kit.face_model == "symbol":
        return {"card": tile["colour"]}
    return {e: tile["edges"][e] for e in EDGES}


def _samples_for(samples: Mapping[str, Mapping[Cell, CellSample]], cell: Cell, tile: Mapping[str, Any]
                 ) -> CellSample | None:
    key = tile.get("long_axis") or "any"
    return samples.get(key, samples.get("any", {})).get(cell)


def _colour_groups(layout_tiles: Mapping[Cell, Mapping[str, Any]], mapping: Mapping[Cell, Cell],
                   samples: Mapping[str, Mapping[Cell, CellSample]], kit: Kit) -> dict[str, list[np.ndarray]]:
    groups: dict[str, list[np.ndarray]] = {}
    for lcell, pcell in mapping.items():
        tile = layout_tiles[lcell]
        s = _samples_for(samples, pcell, tile)
        if s is None:
            continue
        for region, colour in expected_regions(tile, kit).items():
            groups.setdefault(colour, []).append(np.asarray(s.regions[region], float))
    return groups


def colour_consistency(groups: Mapping[str, list[np.ndarray]], defaults: Palette
                       ) -> tuple[float, float, np.ndarray]:
    """How well grouped colours fit the kit defaults up to a change of light.

    Returns
    -------
    (fit, spread, gains): mean CIEDE2000 between each group's median (after the fitted light
    gains) and its default colour, weighted by group size; mean CIEDE2000 of members to their
    group's median; the gains ``(3,)``.
    """
    names = [n for n in groups if groups[n]]
    if not names:
        return 99.0, 99.0, np.ones(3)
    means = np.array([np.median(np.array(groups[n]), axis=0) for n in names])
    target = np.array([defaults.lab[defaults.names.index(n)] for n in names])
    weights = np.array([len(groups[n]) for n in names], float)
    gains = fit_gains(lab_to_bgr(means), lab_to_bgr(target), weights=weights)
    corrected = apply_gains_lab(means, gains)
    fit = float(np.average(ciede2000(corrected, target), weights=weights))
    spreads = [float(np.mean(ciede2000(np.array(groups[n]), means[i][None, :]))) for i, n in enumerate(names)]
    spread = float(np.average(spreads, weights=weights))
    return fit, spread, np.asarray(gains, float)


def _attribute_votes(layout_tiles: Mapping[Cell, Mapping[str, Any]], mapping: Mapping[Cell, Cell],
                     read: Mapping[Cell, Mapping[str, Any]]) -> float | None:
    agree = total = 0
    for lcell, pcell in mapping.items():
        got = read.get(pcell)
        if not got:
            continue
        want = layout_tiles[lcell]
        for attr in ("pips", "symbol", "long_axis"):
            if want.get(attr) is not None and got.get(attr) is not None:
                total += 1
                agree += want[attr] == got[attr]
    return agree / total if total else None


def align_layout(layout: Layout, found: CellsFound,
                 samples: Mapping[str, Mapping[Cell, CellSample]], *, max_offsets: int = 6) -> Alignment:
    """Find the quarter turn and shift that put the layout on the photo's cells.

    ``samples`` maps ``"any"`` (or, for X-shaped tiles, ``"ew"`` and ``"ns"``: sampled with
    either sector geometry) to the samples of every examined cell.

    Raises
    ------
    CalibrationError
        When no placement puts at least ``MIN_MATCHED`` of the layout on examined cells.
    """
    kit = layout.kit
    defaults = Palette.from_hex(kit.colours)
    examined = set(found.polygons)
    occupied = set(found.tiles) & examined or examined  # no readings: every examined cell may hold one
    candidates: list[Alignment] = []
    for k in range(4):
        tiles = layout.turned(k)
        offsets: dict[Cell, int] = {}
        for (lr, lc) in tiles:
            for (pr, pc) in occupied:
                off = (pr - lr, pc - lc)
                offsets[off] = offsets.get(off, 0) + 1
        ranked = sorted(offsets.items(), key=lambda kv: (-kv[1], kv[0]))[:max_offsets]
        for off, _ in ranked:
            mapping = {cell: (cell[0] + off[0], cell[1] + off[1]) for cell in tiles}
            mapping = {lcell: pcell for lcell, pcell in mapping.items() if pcell in examined}
            if len(mapping) < MIN_MATCHED * len(tiles):
                continue
            groups = _colour_groups(tiles, mapping, samples, kit)
            fit, spread, gains = colour_consistency(groups, defaults)
            votes = _attribute_votes(tiles, mapping, found.tiles)
            occ_share = sum(p in occupied for p in mapping.values()) / len(tiles)
            cost = fit + 0.5 * spread - 10.0 * occ_share - (12.0 * votes if votes is not None else 0.0)
            candidates.append(Alignment(k, off, len(mapping), cost, 0.0, fit, spread, votes,
                                        tuple(float(g) for g in gains), mapping))
    if not candidates:
        raise CalibrationError(f"the layout ({len(layout.tiles)} tiles) was not found in the photo: "
                               f"the reader saw {len(found.tiles)} tiles in {len(examined)} cells")
    candidates.sort(key=lambda a: a.cost)
    best = candidates[0]
    others = [a.cost for a in candidates if a.quarter_turns != best.quarter_turns]
    margin = (others[0] - best.cost) if others else float("inf")
    logger.info("layout alignment: turn %d offset %s cost %.2f (margin %.2f, fit %.1f)",
                best.quarter_turns, best.offset, best.cost, margin, best.colour_fit)
    return dataclasses.replace(best, margin=margin)


# ------------------------------------------------------------------------------ stage 3


#: A region is veiled (glare) when its darkest linear channel exceeds its colour's lower
#: quartile by this factor plus this amount (linear light); see :func:`unveiled`.
VEIL_FACTOR = 1.5
VEIL_ADD = 0.015


def unveiled(labs: np.ndarray) -> np.ndarray:
    """Which regions of one colour ``(N, 3)`` Lab are not veiled by glare: bool ``(N,)``.

    Glare adds white light: every linear channel rises by about the same amount, so the
    darkest channel - a few per cent of full scale for a saturated paint - rises most in
    proportion, far beyond what an uneven lamp does (which scales the channels). A region whose
    darkest channel is above ``VEIL_FACTOR`` times its colour's lower quartile plus ``VEIL_ADD``
    is left out; with one calibration photo and three regions of a colour, two cards under a
    glare spot would otherwise set the colour (observed: dE 20 too light and grey)."""
    labs = np.asarray(labs, float).reshape(-1, 3)
    if len(labs) < 2:
        return np.ones(len(labs), bool)
    low = np.asarray(srgb_to_linear(lab_to_bgr(labs)), float).min(axis=1)
    keep = low <= VEIL_FACTOR * np.percentile(low, 25) + VEIL_ADD
    return keep if keep.any() else np.ones(len(labs), bool)


#: The most haze (linear light added to every channel) taken out of a calibration photo, and
#: the most of the darkest colour's light it may take.
MAX_HAZE = 0.3
DARKEST_KEPT_OUT = 0.8
#: A haze is told from the set's own paint (each colour 8-15 dE from the defaults) only over
#: this many colours, dark to light: four to six paints are explained as well by a repainted
#: set as by a veil (measured: X-Tiles and Twelve Tiles profiles spoiled), ten are not.
HAZE_COLOURS = 8


def photo_haze(groups: Mapping[str, np.ndarray], kit: Kit) -> np.ndarray:
    """The haze over a calibration photo: ``(3,)`` linear BGR light added to every colour.

    A veil of light over the whole photo (a haze on the lens, a bright room in a glossy table)
    adds to every colour alike: fitted per channel as ``observed = gain * default + haze`` over
    the kit's colours (each colour's median region in ``groups``, name -> Lab ``(N, 3)``;
    clipped channels left out), ``haze`` within ``[0, MAX_HAZE]``; none with fewer than
    :data:`HAZE_COLOURS` colours. Later photos have their own
    haze (the reader fits it), so the profile keeps the colours without this photo's.
    """
    names = [n for n in kit.colours if n in groups and len(groups[n])]
    if len(names) < HAZE_COLOURS:
        return np.zeros(3)
    obs = srgb_to_linear(lab_to_bgr(np.array([np.median(groups[n], axis=0) for n in names]))).astype(np.float64)
    ref = srgb_to_linear(lab_to_bgr(Palette.from_hex({n: kit.colours[n] for n in names}).lab)).astype(np.float64)
    haze = np.zeros(3)
    for ch in range(3):
        ok = obs[:, ch] < 0.97
        if ok.sum() < 3 or np.var(ref[ok, ch]) < 1e-3:
            continue
        gain, offset = np.polyfit(ref[ok, ch], obs[ok, ch], 1)
        if gain > 0:
            # (a fifth of the darkest colour stays: its paint's own share is not known)
            haze[ch] = float(np.clip(offset, 0.0, min(MAX_HAZE, DARKEST_KEPT_OUT * obs[:, ch].min())))
    return haze


#: A channel of a colour at or above this (sRGB 0-1, the median of its regions) is blown out.
CLIPPED_LEVEL = 0.97


def clipped_channels(labs: np.ndarray) -> list[str]:
    """The sRGB channels (``"r"``, ``"g"``, ``"b"``) in which a colour's regions ``(N, 3)`` Lab
    were blown out in the photo: their median is at :data:`CLIPPED_LEVEL` or above.

    A warm lamp clips the red channel of white, yellow, orange and pink first; the colour then
    keeps the clip level, and a darker photo later shows that channel brighter, relative to the
    others, than the profile says (observed: white tiles read as no colour). ``calibrate``
    warns, and the reader estimates such channels from each photo it reads (see
    ``vision.colour.Palette.clipped``)."""
    labs = np.asarray(labs, float).reshape(-1, 3)
    if not len(labs):
        return []
    rgb = lab_to_bgr(np.median(labs, axis=0)[None])[0][::-1]
    return [ch for ch, v in zip(CHANNELS, rgb) if v >= CLIPPED_LEVEL]


def without_haze(labs: np.ndarray, haze: np.ndarray) -> np.ndarray:
    """Lab samples ``(N, 3)`` with ``haze`` ``(3,)`` (linear BGR) taken out of them."""
    if not np.any(haze > 0):
        return np.asarray(labs, float)
    lin = srgb_to_linear(lab_to_bgr(labs)).astype(np.float64) - haze[None, :]
    return bgr_to_lab(linear_to_srgb(np.clip(lin, 1e-4, 1.0)).astype(np.float32)).astype(np.float64)


def rules_read(layout: Layout, alignment: Alignment, read: Mapping[Cell, Mapping[str, Any]]
               ) -> dict[str, tuple[int, int]]:
    """How the reader's shape rules named the layout's cards in the calibration photo: per
    symbol, ``(cards read as that symbol, cards of it read at all)`` (``read``: the reader's
    tiles by photo cell, as :class:`CellsFound` keeps them; a card read without a symbol counts
    as not named so). A set whose art differs from the kit's default may be misread by the rules
    for one symbol every time (measured on an independent renderer's cards: all six rocks read
    as paper); the reader then lets the profile's templates of that symbol decide."""
    tiles = layout.turned(alignment.quarter_turns)
    out: dict[str, list[int]] = {}
    for lcell, pcell in alignment.cells.items():
        want, got = tiles[lcell].get("symbol"), read.get(pcell)
        if want is None or not got:
            continue
        tally = out.setdefault(want, [0, 0])
        tally[0] += got.get("symbol") == want
        tally[1] += 1
    return {name: (a, n) for name, (a, n) in out.items()}


def learn_profile(layout: Layout, alignment: Alignment, samples: Mapping[str, Mapping[Cell, CellSample]],
                  *, source: str = "", cov_floor: float = 1.0,
                  read: Mapping[Cell, Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """Colour statistics and symbol templates from the aligned layout.

    Per colour: ``lab`` the per-channel median of its regions' Lab (regions veiled by glare
    left out, see :func:`unveiled`), ``cov`` their covariance
    (plus ``cov_floor`` on the diagonal, so one region still gives a usable spread), ``n`` the
    number of regions, ``clipped`` the channels blown out in this photo (see
    :func:`clipped_channels`). Per symbol: ``template`` the mean 32x32 probe, ``n`` the cards used,
    and with the reader's readings ``read`` (photo cell -> tile), ``rules_read`` the share of
    the symbol's cards its shape rules named right and ``rules_n`` their number (see
    :func:`rules_read`). Cards: ``art`` the median Lab of their symbol art as photographed (the reader's symbol mask
    looks for it, see ``vision.profile_use``).
    The colours are kept as photographed: the photo's exposure goes through the camera's tone
    curve, which no change of light undoes exactly, and later photos are exposed alike; only a
    haze over the whole photo is taken out (see :func:`photo_haze`), since each later photo
    has its own.
    """
    kit = layout.kit
    tiles = layout.turned(alignment.quarter_turns)
    groups = _colour_groups(tiles, alignment.cells, samples, kit)
    kept = {name: labs[unveiled(labs)] for name in kit.colours
            if len(labs := np.array(groups.get(name, [])))}
    haze = photo_haze(kept, kit)
    colours: dict[str, dict[str, Any]] = {}
    for name in kit.colours:
        if name not in kept:
            continue
        labs = without_haze(kept[name], haze)
        lab = np.median(labs, axis=0)
        cov = np.cov(labs.T) if len(labs) > 1 else np.zeros((3, 3))
        cov = cov + np.eye(3) * cov_floor
        colours[name] = {"lab": [round(float(v), 3) for v in lab],
                         "cov": [[round(float(v), 4) for v in row] for row in cov], "n": int(len(labs))}
        if blown := clipped_channels(kept[name]):
            colours[name]["clipped"] = blown
    symbols: dict[str, dict[str, Any]] = {}
    extra: dict[str, Any] = {}
    if kit.face_model == "symbol":
        arts = [s.regions["art"] for lcell, pcell in alignment.cells.items()
                if (s := _samples_for(samples, pcell, tiles[lcell])) is not None and "art" in s.regions]
        if arts:
            extra["art"] = {"lab": [round(float(v), 3) for v in np.median(np.array(arts), axis=0)],
                            "n": len(arts)}
        probes: dict[str, list[np.ndarray]] = {}
        for lcell, pcell in alignment.cells.items():
            s = _samples_for(samples, pcell, tiles[lcell])
            if s is not None and s.symbol is not None:
                probes.setdefault(tiles[lcell]["symbol"], []).append(s.symbol)
        for name, items in probes.items():
            mean = np.clip(np.mean(np.array(items), axis=0), 0, 1)
            symbols[name] = {"template": [[round(float(v), 3) for v in row] for row in mean],
                             "n": len(items)}
        for name, (agree, n) in rules_read(layout, alignment, read or {}).items():
            if name in symbols:
                symbols[name]["rules_read"] = round(agree / n, 3)
                symbols[name]["rules_n"] = n
    return new_profile(kit, colours, symbols=symbols or None, source=source,
                       layout=layout.name, quarter_turns=alignment.quarter_turns,
                       light={"gains_bgr_to_defaults": [round(g, 4) for g in alignment.gains_bgr],
                              "haze_bgr_removed": [round(float(v), 4) for v in haze]},
                       quality={"colour_fit": round(alignment.colour_fit, 2),
                                "spread": round(alignment.spread, 2),
                                "turn_margin": (None if not np.isfinite(alignment.margin)
                                                else round(alignment.margin, 2)),
                                "matched": alignment.matched, "layout_tiles": len(layout.tiles)},
                       **extra)


# ------------------------------------------------------------------------------ all stages


def sample_found(image: np.ndarray, found: CellsFound, kit: Kit) -> dict[str, dict[Cell, CellSample]]:
    """Samples of every examined cell; X-shaped tiles with both sector geometries."""
    if kit.shape == "rounded-x":
        return {axis: sample_cells(image, found.polygons, kit, long_axes={c: axis for c in found.polygons})
                for axis in ("ew", "ns")}
    return {"any": sample_cells(image, found.polygons, kit)}


def _best_geometry(image: np.ndarray, layout: Layout, game: str
                   ) -> tuple[CellsFound, dict[str, dict[Cell, CellSample]], Alignment]:
    """Where the layout's cells are: the reader's reading and, for a filled-rectangle layout
    off a board, the cells of its outline; the geometry whose alignment explains the colours
    best (residual after the light fit, spread within colours, share of the layout measured)
    is kept.

    Raises
    ------
    CalibrationError or vision.errors.VisionError
        When no geometry places the layout (the reader's error when it is the only one).
    """
    from vision.errors import VisionError

    geometries: list[tuple[str, CellsFound]] = []
    error: Exception | None = None
    try:
        geometries.append(("reader", locate_cells(image, game=game, expect=len(layout.tiles))))
    except (VisionError, CalibrationError) as exc:
        error = exc
    if layout.kit.board is None:
        geometries += [("outline", f) for f in cells_from_outline(image, layout)]
    best = None
    for name, found in geometries:
        samples = sample_found(image, found, layout.kit)
        try:
            alignment = align_layout(layout, found, samples)
        except CalibrationError as exc:
            error = error or exc
            continue
        key = alignment.colour_fit + 0.5 * alignment.spread + 30.0 * (1 - alignment.matched / len(layout.tiles))
        logger.info("geometry %s: turn %d, fit %.1f, spread %.1f, %d matched (key %.1f)", name,
                    alignment.quarter_turns, alignment.colour_fit, alignment.spread, alignment.matched, key)
        if best is None or key < best[0]:
            best = (key, found, samples, alignment)
    if best is None:
        assert error is not None
        raise error
    return best[1], best[2], best[3]


def calibrate_image(image: np.ndarray, layout: Layout, *, game: str | None = None,
                    camera: Mapping | None = None, found: CellsFound | None = None,
                    source: str = "") -> Calibration:
    """Learn a profile from a photo of ``layout``.

    Parameters
    ----------
    image : (H, W, 3) uint8 BGR photo of the layout (any quarter turn).
    found : cell geometry to use instead of running the reader (tests, the app's corrected grid).
    camera : a camera profile; the photo is undistorted first (cells then refer to that image).

    Raises
    ------
    CalibrationError
        The layout is not found, or the fit is too poor to trust.
    vision.errors.VisionError
        The reader found no tiles.
    """
    game = game or layout.game
    if camera is not None:
        from vision.camera import undistort

        image = undistort(image, camera)
    mat_gains = None
    if found is None:
        # with the play mat in view the reader white-balances by its patches: learn the colours
        # as the reader will see them
        from vision.mat import apply_white_balance, mat_prior

        prior = mat_prior(image)
        if prior is not None and prior.gains_bgr is not None:
            mat_gains = prior.gains_bgr
            image = apply_white_balance(image, mat_gains)
    if found is not None:
        samples = sample_found(image, found, layout.kit)
        alignment = align_layout(layout, found, samples)
    else:
        found, samples, alignment = _best_geometry(image, layout, game)
    warnings = []
    if alignment.margin < 3.0:
        warnings.append(f"the layout's turn is uncertain (margin {alignment.margin:.1f}); check that the "
                        "tiles are laid exactly as the layout shows")
    if alignment.matched < len(layout.tiles):
        warnings.append(f"only {alignment.matched} of the layout's {len(layout.tiles)} tiles were measured")
    if alignment.colour_fit > 25:
        raise CalibrationError(f"the photo's colours do not fit the layout (residual dE {alignment.colour_fit:.0f} "
                               "after correcting the light): is it the right layout, laid as shown?")
    if alignment.spread > 15:
        warnings.append(f"tiles of one colour look quite different from each other (spread dE "
                        f"{alignment.spread:.0f}): uneven light or glare?")
    profile = learn_profile(layout, alignment, samples, source=source, read=found.tiles)
    blown = {n: c["clipped"] for n, c in sorted(profile["colours"].items()) if c.get("clipped")}
    if blown:
        channels = sorted({ch for chs in blown.values() for ch in chs})
        warnings.append(f"the photo is over-exposed: {', '.join(blown)} are blown out in "
                        f"{'/'.join(channels)}; a darker photo (less light, or tap the tiles to "
                        "expose for them) calibrates better")
    if camera is not None:
        profile["camera"] = dict(camera)
    if mat_gains is not None:
        profile["light"]["mat_gains_bgr"] = [round(float(g), 4) for g in mat_gains]
    for w in warnings:
        logger.warning("%s", w)
    return Calibration(profile, alignment, tuple(warnings))


# ------------------------------------------------------------------------------ layout outline


def _order_quad(quad: np.ndarray) -> np.ndarray:
    """(4, 2) corners ordered clockwise (in the image) from the one nearest the top-left."""
    c = quad.mean(axis=0)
    ang = np.arctan2(quad[:, 1] - c[1], quad[:, 0] - c[0])
    q = quad[np.argsort(ang)]  # clockwise on screen (y down)
    start = int(np.argmin(q.sum(axis=1)))
    return np.roll(q, -start, axis=0)


def outline_quad(image: np.ndarray) -> np.ndarray | None:
    """The four corners ``(4, 2)`` (image pixels, clockwise from top-left) of the layout's
    outline: the biggest foreground region's convex hull simplified to a quadrilateral, or
    ``None`` when it is not one (a layout that is not a filled rectangle)."""
    import cv2

    from vision.locate import foreground_mask, work_copy

    work, scale = work_copy(image)
    fg = foreground_mask(work).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(fg, connectivity=8)
    if n < 2:
        return None
    big = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    contours, _ = cv2.findContours((labels == big).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    hull = cv2.convexHull(max(contours, key=cv2.contourArea))
    perimeter = cv2.arcLength(hull, True)
    for eps in (0.01, 0.02, 0.03, 0.04, 0.05, 0.06):
        approx = cv2.approxPolyDP(hull, eps * perimeter, True).reshape(-1, 2)
        if len(approx) <= 4:
            break
    if len(approx) != 4:
        return None
    # the outline must fill its quadrilateral (a filled rectangle of tiles does)
    area = cv2.contourArea(approx.astype(np.float32))
    if area <= 0 or stats[big, cv2.CC_STAT_AREA] < 0.85 * area:
        return None
    return _order_quad(approx.astype(float) / scale)


#: The edge rows or columns (top, bottom, left, right) a layout's outline may miss: none, one
#: on any side, two on one side or one on each of two opposite sides.
OUTLINE_MISSES = ((0, 0, 0, 0), (1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1),
                  (2, 0, 0, 0), (0, 2, 0, 0), (0, 0, 2, 0), (0, 0, 0, 2), (1, 1, 0, 0), (0, 0, 1, 1))


def cells_from_outline(image: np.ndarray, layout: Layout) -> list[CellsFound]:
    """Cell polygons of a filled-rectangle layout from its outline, for both ways its rows
    may lie in the photo and with the outline missing edge rows or columns (tiles as light or
    as dark as the table, see :data:`OUTLINE_MISSES`); the colours then decide (see
    :func:`align_layout`). ``[]`` when the layout is not a filled rectangle or its outline is
    not a quadrilateral."""
    import cv2

    rows = sorted({r for r, _ in layout.tiles})
    cols = sorted({c for _, c in layout.tiles})
    nr, nc = rows[-1] - rows[0] + 1, cols[-1] - cols[0] + 1
    if len(layout.tiles) != nr * nc:
        return []
    quad = outline_quad(image)
    if quad is None:
        return []
    out = []
    # the outline may miss an edge row or column, or two (tiles the colour of the table: the
    # nestortiles layout ends in a black and a white row, and both were lost on a light
    # gingham; the 8 rows left spread over 9 put every colour below green one row off)
    misses = OUTLINE_MISSES
    for (gr, gc), (top, bottom, left, right) in ((g, m) for g in dict.fromkeys([(nr, nc), (nc, nr)])
                                                 for m in misses):
        dst = np.array([[left, top], [gc - right, top], [gc - right, gr - bottom], [left, gr - bottom]],
                       np.float32)
        H = cv2.getPerspectiveTransform(dst, quad.astype(np.float32))
        polys = {}
        for r in range(gr):
            for c in range(gc):
                pts = np.array([[c, r], [c + 1, r], [c + 1, r + 1], [c, r + 1]], np.float64).reshape(-1, 1, 2)
                polys[(r, c)] = cv2.perspectiveTransform(pts, H).reshape(4, 2)
        out.append(CellsFound(polys, {}))
    return out
