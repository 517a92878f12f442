"""Decode cell readings through what the kit guarantees, and report the doubts.

The kit says which tiles exist and how many copies (each nestortile once per set, the 48 X-Tiles,
the 70 Twelve Tiles patterns up to rotation, 4 copies of each Tapestry card). A reading that
breaks this is either fixed (when a runner-up reading of a doubtful attribute makes it fit) or
flagged. For Octopus (every (colour, pips) once in the set) the read tiles are assigned to
distinct tiles of the set by the cells' own evidence (Hungarian method on colour distances and
pip-count probabilities). No image access.
"""
from __future__ import annotations

import logging
from collections import Counter, defaultdict
from itertools import product
from collections.abc import Callable, Iterable, Iterator
from typing import AbstractSet, Any

import numpy as np

from vision.assignment import linear_sum_assignment
from vision.cells import (AROUND, CONFIDENCE_THRESHOLD, DIE_FACE_FLAT, GROUP_CONF,
                          OWN_HUE_RENAMED_KEY, PIPS_ABSENT_CONTRAST, SPLIT_PART, CellReading,
                          connected_groups)
from vision.colour import ciede2000, hex_to_lab
from vision.kits import Kit
from vision.pips import MIN_CONTRAST

logger = logging.getLogger(__name__)

Cell = tuple[int, int]


def _canon_square(edges: tuple[str, ...]) -> tuple[str, ...]:
    return min(tuple(edges[i:] + edges[:i]) for i in range(4))


def _x_key(edges: dict, axis: str) -> tuple[str, ...] | None:
    """X-Tiles identity: sectors (big, small, big, small) clockwise from a big end, canonical up to
    a half turn."""
    if edges is None or axis not in ("ew", "ns"):
        return None
    seq = [edges["e"], edges["s"], edges["w"], edges["n"]] if axis == "ew" else \
        [edges["n"], edges["e"], edges["s"], edges["w"]]
    return min(tuple(seq), tuple(seq[2:] + seq[:2]))


def decode_readings(readings: list[CellReading], kit: Kit, game: str,
                    unsure: AbstractSet[Cell] = frozenset(),
                    outlined: AbstractSet[Cell] = frozenset()
                    ) -> tuple[dict[Cell, tuple[dict, dict, list]], list[tuple[Cell, str, str]]]:
    """Check occupied readings against the kit. ``unsure``: cells read as bare that may hold a
    tile (occupancy confidence below :data:`vision.cells.MAY_HOLD_CONF`); ``outlined``: those
    of them that show a tile's outline (an edge all along :data:`vision.cells.OUTLINE_FULL`
    of their sides or more, one of them the cell's own rim: see :func:`vision.cells._rimmed`).

    Returns
    -------
    (decoded, doubts): ``decoded[cell] = (attrs, attr_conf, [(attribute, reason), ...])`` and
    board-level doubts ``[(cell, attribute, reason)]``. A cell the game rules out as a tile (a
    Textile cell of a sixth colour, see :func:`_sixth_colour`) is left out of ``decoded``.
    """
    decoded: dict[Cell, tuple[dict, dict, list]] = {}
    for rd in readings:
        decoded[(rd.row, rd.col)] = (dict(rd.attrs), dict(rd.attr_conf), list(rd.doubts))
    doubts: list[tuple[Cell, str, str]] = []
    counts = Counter()
    for t in kit.tiles:
        counts[_tile_key(kit, t)] += int(t.get("count", 1))
    sets = 1
    if (kit.face_model == "solid" and pips_shown(kit, game)
            and all(int(t.get("count", 1)) == 1 for t in kit.tiles)):
        doubts += _assign_unique(readings, kit, decoded)
    if game == "textile" and kit.face_model == "solid":
        doubts += _textile_colours(readings, kit, decoded)
        # (cells read with pips join the textile's parts, see _off_the_textile)
        doubts += _off_the_textile(decoded, {(rd.row, rd.col) for rd in readings if rd.occupied
                                             and rd.attrs.get("pips") is not None}, unsure,
                                   outlined, _surely_held(readings))
    if kit.face_model == "sectors":
        doubts += _fill_sectors(readings, kit, game, decoded, counts)
        if kit.shape != "rounded-x":
            doubts += _unduplicated_sectors(readings, kit, game, decoded, counts)
    elif kit.face_model == "symbol" and kit.colour_order:
        doubts += _fill_card_colours(readings, kit, game, decoded, counts)
        doubts += _unclash_cards(readings, kit, game, decoded, counts)
        doubts += _fill_card_symbols(kit, decoded)
    seen: dict[Any, list[Cell]] = defaultdict(list)
    for cell, (attrs, conf, _) in decoded.items():
        key = _reading_key(kit, game, attrs)
        if key is None:
            continue
        if key not in counts:
            doubts.append((cell, "tile", "not a tile of the set: some attribute is probably misread"))
            attrs_conf = decoded[cell][1]
            for a in attrs_conf:
                attrs_conf[a] = min(attrs_conf[a], MISFIT_CONFIDENCE)
            continue
        seen[key].append(cell)
    for key, cells in seen.items():
        if len(cells) > counts[key] * sets:
            # the least confident copies are the likely misreadings
            ranked = sorted(cells, key=lambda c: min(decoded[c][1].values(), default=0.0))
            for cell in ranked[:len(cells) - counts[key] * sets]:
                doubts.append((cell, "tile", f"the set holds this tile {counts[key]} time(s) only; "
                                             "one copy is probably misread"))
    return decoded, doubts


#: Spread (CIEDE2000) of a face colour about its palette colour under the light, for turning
#: colour distances into likelihoods.
COLOUR_SD = 5.0
#: The assignment may fill in an attribute left unknown when its choice is at least this likely
#: against the cell's own evidence.
FILL_PROB = 0.25


#: A face whose pips stand out less than the faces nearest its paint do (their median) is seen
#: through a veil (a lamp's hot spot adds light to the face and its pips alike, so their
#: contrast falls as the face pales): its colour's spread about the paint grows as the square
#: of the contrast lost, up to this factor. Of two faces read as one tile, the veiled one
#: yields it (an orange washed towards yellow, its dark pips 17 L* out of the face where the
#: clear yellows' show 33-42: col9hard octopus-hard-401, oct43 octopus-hard-1860). The square:
#: the assignment's cost falls as the spread's square, so a face whose pips stand out half as
#: much as its paint's others (the cap, 4) has its colour count a sixteenth as much, against
#: the 3.5-9 dE the paints lie apart.
VEILED_SPREAD_MAX = 4.0


def _colour_spreads(cells: list[CellReading], lighter: dict[str, int]) -> np.ndarray:
    """Each cell's spread of its face colour about its paint ``(N,)`` (CIEDE2000):
    :data:`COLOUR_SD` times the square of how much less its pips stand out (at the polarity of
    the paint it is nearest, ``lighter`` by colour name, see :func:`_assign_unique`) than the
    faces nearest that paint do (their median, see :func:`_usual_pip_contrasts`: a face
    misnamed so, a white nearest orange under a warm lamp, is one of several), within 1 and
    :data:`VEILED_SPREAD_MAX`. A paint
    with one face nearest it never yields (the median is its own), two share the cue; a face
    whose pips show no contrast at that polarity is washed out and takes the cap wherever its
    paint's others stand out."""
    seen: list[tuple[str, float]] = []
    for rd in cells:
        dist = rd.evidence["colour_distance"]
        own = min(dist, key=dist.get)
        pol = lighter.get(own, 0)
        seen.append((own, rd.evidence.get("pip_contrast", {}).get(pol, 0.0) if pol else 0.0))
    usual = _usual_pip_contrasts(cells, seen)
    factor = np.clip([(usual[own] / max(contrast, MIN_CONTRAST)) ** 2 for own, contrast in seen],
                     1.0, VEILED_SPREAD_MAX)
    for rd, (own, contrast), f in zip(cells, seen, factor):
        if f > 1.0:
            logger.debug("face %s veiled: pips %.0f L* out against %.0f near %s, spread x%.1f",
                         (rd.row, rd.col), contrast, usual[own], own, f)
    return COLOUR_SD * factor


def _usual_pip_contrasts(cells: list[CellReading], seen: list[tuple[str, float]]
                         ) -> dict[str, float]:
    """Per paint, the median pip contrast (CIELAB lightness units) of the faces nearest it
    (``seen``: each cell's nearest paint and its pips' contrast at that paint's polarity),
    leaving out faces renamed by their photo's own hues or chroma
    (:data:`vision.cells.OWN_HUE_RENAMED_KEY`; which of the two in ``evidence["renamed_by"]``):
    such a face was named a paint its pips were not read for (a clear yellow 6 named orange,
    renamed yellow, would raise the median a faint yellow's pips are judged against, final23
    octopus-hard-3007). A paint whose faces nearest it all were renamed keeps them all."""
    by_paint: dict[str, list[float]] = defaultdict(list)
    kept: dict[str, list[float]] = defaultdict(list)
    for rd, (own, contrast) in zip(cells, seen):
        by_paint[own].append(contrast)
        if OWN_HUE_RENAMED_KEY not in rd.evidence:
            kept[own].append(contrast)
    return {own: float(np.median(kept.get(own) or c)) for own, c in by_paint.items()}


#: The cost (negative log-likelihood) of a colour whose tiles' pips are lighter than the face
#: (or darker) for a cell whose pips stand out the other way, twice as clearly.
POLARITY_COST = 3.0


def _pip_polarities(kit: Kit) -> dict[str, int]:
    """Per colour of ``kit``: +1 where its tiles' pips are lighter than the face (white pips on
    a dark paint), -1 where darker (black pips on a light one), 0 where the kit names no pip
    colour (KITS.md: pips are white on dark colours, black on white, yellow, orange and pink)."""
    lighter = {}
    for name, hexv in kit.colours.items():
        pip_hex = kit.pip_colours.get(name)
        lighter[name] = (1 if hex_to_lab(pip_hex)[0] > hex_to_lab(hexv)[0] else -1) if pip_hex else 0
    return lighter


def _face_pip_polarity(rd: CellReading) -> int:
    """The pip polarity a cell's face shows beyond doubt: +1 light pips, -1 dark ones, 0
    neither clearly. Its pips must stand out at least :data:`vision.pips.MIN_CONTRAST` and
    twice the other polarity's (``rd.evidence["pip_contrast"]``, CIELAB lightness units by
    polarity); dark ones only on a face read as a die face (``rd.attrs["pips"]`` set): a cloth's
    print shows dark marks (a check, a flower's outline) far more often than a light heart, and
    the washed faces this is for show light pips too faded to count. (Measured on the 276
    Textile development photos' readings: the washed faces show white pips 12.8-20.3 L* out,
    dark 5.5-8.1, no count read, final18 textile-hard-1886, final21 hard-2309 and
    normal-2308; a white tile read black shows black pips 61 out, counted, tex40 hard-2665.)"""
    contrast = rd.evidence.get("pip_contrast", {})
    for pol in (1, -1):
        if (_stand_out(contrast, pol, MIN_CONTRAST)
                and (pol == 1 or rd.attrs.get("pips") is not None)):
            return pol
    return 0


def _stand_out(contrast: dict, pol: int, floor: float) -> bool:
    """Whether a face's pips (``contrast`` by polarity, CIELAB lightness units) stand out in
    polarity ``pol`` at least ``floor`` and twice the other polarity's."""
    seen = contrast.get(pol, 0.0)
    return seen >= floor and contrast.get(-pol, 0.0) < 0.5 * seen


def _shows_light_pips_only(contrast: dict) -> bool:
    """Whether a die face's pips stand out light and not dark: light pips (``contrast[1]``,
    CIELAB lightness units) at least :data:`vision.pips.MIN_CONTRAST`, dark ones
    (``contrast[-1]``) fainter than :data:`vision.cells.PIPS_ABSENT_CONTRAST` (black pips show
    30-38 darker than a white face even in a glare that blows the face out)."""
    return (contrast.get(1, 0.0) >= MIN_CONTRAST
            and contrast.get(-1, 0.0) < PIPS_ABSENT_CONTRAST)


def _pips_show_as(contrast: dict, pol: int, own_pol: int) -> bool:
    """Whether a die face's pips (``contrast`` by polarity, CIELAB lightness units) stand out
    as a colour's of pip polarity ``pol`` do and not as those of ``own_pol`` (the colour it was
    named): light pips at least :data:`vision.cells.DIE_FACE_FLAT` (pips, not a smooth
    surface: white pips on a face a lamp's hot spot washes out fade with it, under
    :data:`vision.pips.MIN_CONTRAST`), dark ones at least MIN_CONTRAST (they stay dark in any
    light), and twice the other polarity's (as :data:`POLARITY_COST` judges). (The assigned
    tile's pip count must fit the faded pips too: see :func:`_assign_unique`'s ``FILL_PROB``.)"""
    if not pol or not own_pol or pol == own_pol:
        return False  # (else own_pol is -pol)
    return _stand_out(contrast, pol, DIE_FACE_FLAT if pol == 1 else MIN_CONTRAST)


def _washed_out_doubt(colour: str, own: str | None) -> str:
    """The doubt for a face taken as ``colour`` (black pips) that shows light pips only."""
    seen = f"looks {own}" if own else f"is nearest {colour}"
    return (f"colour unknown: the face {seen} but shows light pips and no dark ones, "
            f"so it is not {colour}; probably washed out by glare")


def pips_shown(kit: Kit, game: str) -> bool:
    """Whether every tile of ``game`` lies with its pips up and is told apart by them (Octopus);
    Textile ignores pips (RULES.md), so its tiles may lie either face up."""
    return bool(kit.pips) and game != "textile"


def _assign_unique(readings: list[CellReading], kit: Kit, decoded: dict) -> list[tuple[Cell, str, str]]:
    """Solid tiles of which the set holds one each (Octopus: every (colour, pips) once): assign
    the read tiles to distinct tiles of the set by the cells' own evidence (colour distances,
    pip-count probabilities), minimising the total negative log-likelihood (Hungarian method).

    A cell whose reading is taken by a likelier cell gets the runner-up that fits the set, with
    a doubt; an attribute left unknown is filled in when the assignment's choice is likely
    enough. Cells without evidence keep their reading. Returns board-level doubts.
    """
    cells = [rd for rd in readings if rd.evidence.get("colour_distance")]
    if len(cells) < 2:
        return []
    tiles = [(t["colour"], int(t["pips"])) for t in kit.tiles if t.get("pips") is not None]
    if len(cells) > len(tiles):
        return []
    lighter = _pip_polarities(kit)
    cost = np.zeros((len(cells), len(tiles)))
    spreads = _colour_spreads(cells, lighter)
    for i, rd in enumerate(cells):
        dist = rd.evidence["colour_distance"]
        probs = rd.evidence.get("pip_prob", {})
        contrast = rd.evidence.get("pip_contrast", {})
        d_own = min(dist.values())
        for j, (colour, pips) in enumerate(tiles):
            d = dist.get(colour, 99.0)
            c = 0.5 * ((d - d_own) / spreads[i]) ** 2
            pol = lighter.get(colour, 0)
            if pol and contrast.get(pol, 0.0) < 0.5 * contrast.get(-pol, 0.0):
                # the cell's pips stand out the other way (light pips on a face whose tiles have
                # dark ones): not a tile of this colour, whatever glare did to the face's colour
                c += POLARITY_COST
            p = probs.get(pol) if pol else None
            if p is None and probs:
                p = np.maximum(np.asarray(probs[1]), np.asarray(probs[-1]))
            pp = float(np.asarray(p)[pips - 1]) if p is not None else 1.0 / 6
            cost[i, j] = c - np.log(max(pp, 1e-4))
    rows, cols = linear_sum_assignment(cost)
    doubts = []
    for i, j in zip(rows, cols):
        rd = cells[i]
        cell = (rd.row, rd.col)
        attrs, conf, tile_doubts = decoded[cell]
        colour, pips = tiles[j]
        own = (attrs.get("colour"), attrs.get("pips"))
        if (lighter.get(colour) == -1 and own[0] in (None, colour)
                and _shows_light_pips_only(rd.evidence.get("pip_contrast", {}))):
            # black pips stay dark in any light; a face that shows light pips and none dark is
            # not of this colour, though glare made it look so (a blue or pink blown out to
            # white): its colour is unknown, and the set's pips for it say nothing
            doubts.append((cell, "colour", _washed_out_doubt(colour, own[0])))
            attrs["colour"] = None
            conf["colour"] = min(conf.get("colour", 1.0), 0.0)
            tile_doubts[:] = [d for d in tile_doubts if d[0] != "colour"]
            continue
        if own == (colour, pips):
            continue
        # how likely the assigned tile is against this cell's best reading
        best = float(cost[i].min())
        p_rel = float(np.exp(-(cost[i, j] - best)))
        if own[0] is not None and own[1] is not None:
            # a clash: another cell's reading of this tile was likelier; take the runner-up
            attrs["colour"], attrs["pips"] = colour, pips
            conf["colour"] = min(conf.get("colour", 1.0), 0.55)
            conf["pips"] = min(conf.get("pips", 1.0), 0.55)
            doubts.append((cell, "tile", f"read as {own[0]} {own[1]}, which another tile holds; "
                                         f"taken as {colour} {pips}, the set's likeliest remaining tile"))
        elif (p_rel >= FILL_PROB and own[1] is None and own[0] is not None
              and _pips_show_as(rd.evidence.get("pip_contrast", {}), lighter.get(colour, 0),
                                lighter.get(own[0], 0))):
            # a face named a colour whose pips it does not show (none counted at their
            # polarity), whose pips stand out the other way, as the assigned tile's do: the
            # glare or the light moved its paint towards the other (a brown face in a warm
            # light named orange, its light pips clear): the set's tile that fits the pips
            attrs["colour"], attrs["pips"] = colour, pips
            conf["colour"] = min(conf.get("colour", 1.0), 0.5)
            conf["pips"] = max(conf.get("pips", 0.0), 0.5)
            tile_doubts[:] = [d for d in tile_doubts if d[0] not in ("colour", "pips")]
            doubts.append((cell, "tile", f"looks {own[0]} but its pips stand out as {colour}'s "
                                         f"do; {colour} {pips} is the likeliest tile the set "
                                         "has left for it"))
        elif p_rel >= FILL_PROB and own[0] in (None, colour) and own[1] in (None, pips):
            # (only a tile that agrees with what the cell did show: a colour taken from one
            # tile and pips from another would be neither)
            for a, v, o in (("colour", colour, own[0]), ("pips", pips, own[1])):
                if o is None:
                    attrs[a] = v
                    conf[a] = max(conf.get(a, 0.0), 0.5)
            tile_doubts[:] = [d for d in tile_doubts if d[0] not in ("colour", "pips")]
            doubts.append((cell, "tile", f"unclear; {colour} {pips} is the likeliest tile the set has "
                                         "left for it"))
    return doubts


#: Spread (CIEDE2000) of a sector's colour about its prediction, for turning the distances of an
#: unclear sector's candidate colours into costs (negative log-likelihoods).
SECTOR_SD = 4.0
#: Cost of an unclear sector meeting a neighbour's sector of another colour: X-Tiles must match
#: (a mismatch is a rule break), Twelve Tiles mostly do (mismatches cost points).
MISMATCH_COST = {"x-tiles": 4.0, "twelve-tiles": 1.5}
#: An unclear tile is taken as its likeliest candidate when the runner-up costs this much more
#: (a likelihood ratio of about e^1.5 = 4.5).
DECIDE_MARGIN = 1.5
#: Cost of a choice that is a tile whose every copy in the set is on the table already.
USED_UP_COST = 3.0
#: Cost of a choice naming two sectors of the tile different paints where they look alike
#: (``sector_alike`` of the evidence, see vision.cells.SAME_PAINT): in the same light two paints
#: never look the same, so it is as unlikely as a mismatch with a neighbour; two sectors washed
#: out together by a glare (both nearer orange, hue-grouped red) are then read as one paint.
SPLIT_PAINT_COST = 4.0
#: Two sectors facing across an edge (neighbouring tiles) whose measured colours lie within this
#: (CIEDE2000) show one paint: in one light a paint's two sectors differ by under 7.2 99% of the
#: time (tw12's measurement on final19 and final20). Measured again on the 8578 facing pairs of
#: all 236 development photos (final13, final16-21, tw12, tw13): 99.3% of the 7147 pairs of one
#: paint within 7.2, and of the 1431 pairs of two paints only 2, both washed towards white (see
#: :data:`FACING_MIN_CHROMA`).
FACING_SAME_DE = 7.2
#: ... unless a glare washed them towards white together: both sectors need this chroma (Lab)
#: to be taken as one paint. The two pairs of two paints measured within FACING_SAME_DE had
#: chroma 0 (final13 hard-805, blown out) and 7.6 (tw13 hard-2797, a yellow and a red under a
#: hot spot, their hues shifted 20-50 degrees towards each other); none of 8.2 or more. 10
#: leaves a margin over 7.6; the 11 pairs measured alike with an unclear sector all have more,
#: and all show one paint.
FACING_MIN_CHROMA = 10.0
#: Cost of naming two sectors that face each other alike (see :data:`FACING_SAME_DE`) different
#: paints: as a tile's own two sectors that look alike (:data:`SPLIT_PAINT_COST`), in one light
#: two paints never look the same.
FACING_SPLIT_COST = SPLIT_PAINT_COST
#: The key of the sides ``{side, ...}`` a cell's sector faces a neighbour's alike, added to (a
#: copy of) a Twelve Tiles cell's evidence by :func:`_fill_sectors` (see :func:`_facing_alike`).
FACING_ALIKE = "facing_alike"
#: (row, col) step to the neighbour across each side, and the side it meets there.
SIDE_STEP = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
OPPOSITE_SIDE = {"n": "s", "e": "w", "s": "n", "w": "e"}


def _fill_sectors(readings: list[CellReading], kit: Kit, game: str, decoded: dict,
                  counts: Counter) -> list[tuple[Cell, str, str]]:
    """Sector tiles whose edges were left unknown (a sector unclear): choose among the unclear
    sectors' nearest colours the tile that the set has left and that meets its confidently read
    neighbours' edges (edges meet like colours in these games); filled in only when one choice
    is clearly likeliest (:data:`DECIDE_MARGIN`). What the filling leaves is taken as its
    likeliest tile under the confidence bar: for X-Tiles a reading that names no tile of the
    set (:func:`_likeliest_for_misfits`) and an unclear tile meeting its neighbours
    (:func:`_likeliest_meeting`); for other sector kits (Twelve Tiles) an unclear tile beside a
    neighbour (:func:`_likeliest_beside_neighbours`). Returns board-level doubts."""
    evidence = {(rd.row, rd.col): rd.evidence for rd in readings if rd.evidence.get("sector_distance")}
    unclear = [c for c in evidence if decoded[c][0].get("edges") is None]
    if kit.shape == "rounded-x":
        # an X-Tiles reading that is no tile of the set has a sector misread as clear (glare,
        # a sector straddling the groove): its sectors are chosen again as an unclear tile's
        unclear += [c for c in evidence if c not in unclear
                    and _reading_key(kit, game, decoded[c][0]) not in counts]
    if not unclear:
        return []
    if kit.shape != "rounded-x":
        evidence = _with_facing(evidence)
    used = _used(decoded, kit, game)
    doubts = []
    # (X-Tiles in rounds: a cell left undecided may be decided by a neighbour filled in after it)
    for _ in range(FILL_ROUNDS if kit.shape == "rounded-x" else 1):
        filled = [c for c in unclear if _fill_sector_cell(c, kit, game, decoded, evidence[c],
                                                          counts, used)]
        doubts += [(cell, "tile", "a sector was unclear; taken as the set's tile that fits "
                                  "it and its neighbours") for cell in filled]
        unclear = [c for c in unclear if c not in filled]
        if not filled or not unclear:
            break
    if kit.shape == "rounded-x":
        doubts += _likeliest_for_misfits(unclear, kit, game, decoded, evidence, counts, used)
        doubts += _likeliest_meeting(unclear, kit, game, decoded, evidence, counts, used)
    else:
        doubts += _likeliest_beside_neighbours(unclear, kit, game, decoded, evidence, counts, used)
    return doubts


#: The doubt of a sector tile read as a copy of a tile the set holds once, taken instead as the
#: likeliest other tile for its sectors and neighbours (see :func:`_unduplicated_sectors`).
UNDUPLICATED = "read as a tile already on the board; taken as the likeliest other tile for it"


def _unduplicated_sectors(readings: list[CellReading], kit: Kit, game: str, decoded: dict,
                          counts: Counter) -> list[tuple[Cell, str, str]]:
    """Twelve Tiles (any sector kit but X-Tiles): where more cells read one tile than the set
    holds (each of its 70 patterns once, RULES.md), all but that many copies are misread; the
    copies likeliest misread are taken as their likeliest other tile.

    Each copy's choices are weighed as an unclear tile's are, every sector between its near
    paints (:func:`_sector_choices` with ``every_sector``: its sectors' distances, the
    neighbours' edges met, the sides facing a neighbour alike (:func:`_with_facing`), the
    set's copies left, the other copies counting as on the board); a copy's *yield* is its
    cheapest other tile's cost less its reading's own (the used-up cost of the other copies
    left out of both). The copy of least yield is taken as its cheapest other tile (one with a
    copy left in the set), then the rest asked again (that tile used up) while copies are
    surplus, each under the confidence bar (:data:`MISFIT_CONFIDENCE`) with the board doubt
    :data:`UNDUPLICATED`; every decoded copy counts, but only one with sector evidence is
    weighed; a copy without its reading among its choices (a sector named beyond its nearest
    paints' reach) keeps it, and the duplicate doubt stays. Returns board-level doubts."""
    seen: dict[Any, list[Cell]] = defaultdict(list)
    for cell, (attrs, _, _) in decoded.items():
        key = _reading_key(kit, game, attrs)
        if key is not None:
            seen[key].append(cell)
    surplus_of = {key: len(cells) - counts[key] for key, cells in seen.items()
                  if 0 < counts.get(key, 0) < len(cells)}
    if not surplus_of:
        return []
    # (the evidence _fill_sectors weighs, with the sides facing a neighbour alike)
    evidence = _with_facing({(rd.row, rd.col): rd.evidence for rd in readings
                             if rd.evidence.get("sector_distance")})
    evidence = {c: ev for c, ev in evidence.items() if ev.get("sector_conf")}
    doubts = []
    for key, surplus in surplus_of.items():
        # (every copy counts; only those with sector evidence can be weighed and taken)
        pending = [c for c in seen[key] if c in evidence]
        # (one copy at a time, the rest asked again: a take uses up its tile)
        for _ in range(surplus):
            yields = []
            for cell in pending:
                change = _cheapest_other_tile(cell, kit, game, decoded, evidence[cell], counts,
                                              key)
                if change is not None:
                    yields.append((change[0], cell, change[1]))
            if not yields:
                break
            cost, cell, edges = min(yields, key=lambda t: t[0])
            logger.debug("cell %s: a copy of a tile on the board, taken as %s (yield %.2f)",
                         cell, edges, cost)
            _take_under_the_bar(decoded, cell, edges)
            doubts.append((cell, "tile", UNDUPLICATED))
            pending.remove(cell)
    return doubts


def _cheapest_other_tile(cell: Cell, kit: Kit, game: str, decoded: dict, evidence: dict,
                         counts: Counter, key: Any) -> tuple[float, dict[str, str]] | None:
    """A copy's yield and its cheapest other tile (see :func:`_unduplicated_sectors`):
    ``(cost of the cheapest choice of another tile - cost of the reading's own tile, its
    edges)``, the used-up cost of the reading's tile left out; None when the choices hold no
    other tile with a copy left in the set or not the reading's own."""
    own_edges = decoded[cell][0].get("edges")
    used = _used(decoded, kit, game)
    used[key] -= 1  # (this copy taken off the board while its choices are weighed)
    scored = _sector_choices(cell, kit, game, decoded, evidence, counts, used, True)
    own = [c for c, edges, k in scored if edges == own_edges]
    # (only tiles with a copy left: a tile already placed would make another copy)
    others = [(c, edges) for c, edges, k in scored if k != key and used[k] < counts[k]]
    if not own or not others:
        return None
    own_cost = own[0] - (USED_UP_COST if used[key] >= counts[key] else 0.0)
    cost, edges = min(others, key=lambda t: t[0])
    return cost - own_cost, edges


def _with_facing(evidence: dict[Cell, dict]) -> dict[Cell, dict]:
    """A copy of each sector cell's evidence (``{(row, col): evidence}``) with the sides it
    faces a neighbour alike (:data:`FACING_ALIKE`, see :func:`_facing_alike`): the evidence
    Twelve Tiles choices are weighed on (:func:`_fill_sectors`, :func:`_unduplicated_sectors`)."""
    facing = _facing_alike(evidence)
    return {c: {**ev, FACING_ALIKE: facing[c]} for c, ev in evidence.items()}


def _facing_alike(evidence: dict[Cell, dict]) -> dict[Cell, frozenset[str]]:
    """For every cell of ``evidence`` (``{(row, col): evidence}``, sector readings), the sides
    ``{"n", ...}`` where its sector and the neighbour's facing it (in ``evidence``) were measured
    alike (``sector_lab``, within :data:`FACING_SAME_DE` CIEDE2000, both of chroma at least
    :data:`FACING_MIN_CHROMA`): sectors of one paint. Empty for a cell without ``sector_lab``."""
    def lab(cell: Cell, side: str) -> np.ndarray | None:
        ev = evidence.get(cell)
        if ev is None or "sector_lab" not in ev:
            return None
        return np.asarray(ev["sector_lab"][side], float)

    out = {}
    for cell in evidence:
        sides = set()
        for e, (dr, dc) in SIDE_STEP.items():
            a, b = lab(cell, e), lab((cell[0] + dr, cell[1] + dc), OPPOSITE_SIDE[e])
            if a is None or b is None:
                continue
            if (min(np.hypot(a[1], a[2]), np.hypot(b[1], b[2])) >= FACING_MIN_CHROMA
                    and float(ciede2000(a, b)) < FACING_SAME_DE):
                sides.add(e)
        out[cell] = frozenset(sides)
    return out


#: The doubt of a Twelve Tiles tile of unclear sectors taken as its likeliest tile beside its
#: neighbours (see :func:`_likeliest_beside_neighbours`).
LIKELIEST_TAKEN = "a sector was unclear; taken as the likeliest tile for it and its neighbours"


def _likeliest_beside_neighbours(cells: list[Cell], kit: Kit, game: str, decoded: dict,
                                 evidence: dict, counts: Counter, used: Counter
                                 ) -> list[tuple[Cell, str, str]]:
    """Twelve Tiles cells (any sector kit but X-Tiles) among ``cells`` whose sectors stay
    unclear (``edges`` unknown) after the filling in, and that have a neighbour read (or taken
    earlier in this decode): each taken as its likeliest tile (the
    cheapest of :func:`_sector_choices`: its clear sectors' paints, its unclear ones' near
    paints, the neighbours' edges met and the set's copies left weighed: a tile already on the
    board costs more but may be taken, and is then flagged as a duplicate), likeliest first, each
    take using up its tile and showing its edges to the cells still pending; confidence under
    the bar (:data:`MISFIT_CONFIDENCE`). Returns board-level doubts (:data:`LIKELIEST_TAKEN`).

    The set holds each of its 70 patterns once and most neighbouring edges match (RULES.md), but
    a mismatch is allowed, so the neighbours' edges only weigh a choice
    (:data:`MISMATCH_COST`) and a glare's washed sector between two paints often leaves no
    choice clearly likeliest (:data:`DECIDE_MARGIN`). A cell read as a tile and left unknown
    is a wrong reading whatever it holds, while its likeliest tile is the one most often right;
    the low confidence keeps it flagged to the players. A cell with no neighbour read or taken
    stays unknown (nothing but its own washed sectors to go by); a neighbour taken earlier in
    this decode counts (its edges are shown to the cells still pending). Unclear cells whose
    sectors face each other alike (:func:`_facing_alike`) are decided together
    (:func:`_jointly_likeliest`), and such a pair is taken when either cell has a neighbour
    read or taken."""
    doubts = []
    pending = [c for c in cells if decoded[c][0].get("edges") is None]

    def choices(c: Cell) -> list:
        return _sector_choices(c, kit, game, decoded, evidence[c], counts, used, False)

    def choose(c: Cell) -> tuple | None:
        # (a partner taken earlier in this decode is no partner: its edges are met instead)
        partners = {e: p for e, p in _unclear_partners(c, evidence, pending).items()
                    if decoded[p][0].get("edges") is None}
        if not _met_edges(c, decoded) and not any(_met_edges(p, decoded) for p in partners.values()):
            return None
        if not partners:
            return min(choices(c), key=lambda t: t[0], default=None)
        return _jointly_likeliest(choices(c), {e: choices(p) for e, p in partners.items()})

    for cell, edges in _likeliest_first(pending, choose, used):
        _take_under_the_bar(decoded, cell, edges)
        doubts.append((cell, "tile", LIKELIEST_TAKEN))
        logger.debug("cell %s: unclear sectors taken as its likeliest tile %s", cell, edges)
    return doubts


def _unclear_partners(cell: Cell, evidence: dict, pending: list[Cell]) -> dict[str, Cell]:
    """The cells of ``pending`` (unclear tiles not yet taken) whose sector faces ``cell``'s alike
    (:data:`FACING_ALIKE` of ``evidence[cell]``): ``{side of cell: neighbour}``."""
    out = {}
    for e in evidence[cell].get(FACING_ALIKE, ()):
        dr, dc = SIDE_STEP[e]
        nb = (cell[0] + dr, cell[1] + dc)
        if nb in pending:
            out[e] = nb
    return out


def _jointly_likeliest(own: list, partners: dict[str, list]) -> tuple | None:
    """A cell's likeliest choice ``(cost, edges, tile key)`` of ``own`` (see
    :func:`_sector_choices`) decided with the unclear neighbours facing it alike, whose choices
    are ``partners`` ``{side of the cell: [(cost, edges, tile key)]}``: each of its choices costs
    its own plus, for each partner, that partner's cheapest choice with
    :data:`FACING_SPLIT_COST` for naming the facing sector another paint and
    :data:`USED_UP_COST` for being the same tile (the set holds each pattern once). The cost
    returned is the pair's (or group's) whole; None when ``own`` is empty. A partner with no
    choice adds nothing.

    Two unclear tiles side by side under one glare each tie between near paints alone, while
    their facing sectors, measured alike, show one paint (:data:`FACING_SAME_DE`): choosing
    the one first, by its own sectors alone, would force the other to meet a guess."""
    # (of a partner's choices only the two cheapest of each facing paint can be its cheapest
    # beside a choice of the cell's: the second when the first is the same tile)
    partners = {e: _two_cheapest_by(theirs, lambda t: t[1][OPPOSITE_SIDE[e]])
                for e, theirs in partners.items()}
    best = None
    for cost, edges, key in own:
        total = cost
        for e, theirs in partners.items():
            total += min((c + FACING_SPLIT_COST * (other[OPPOSITE_SIDE[e]] != edges[e])
                          + USED_UP_COST * (k == key) for c, other, k in theirs), default=0.0)
        if best is None or total < best[0]:
            best = (total, edges, key)
    return best


def _two_cheapest_by(scored: list, group: Callable[[tuple], Any]) -> list:
    """Of ``scored`` ``[(cost, edges, tile key)]``, the two cheapest tiles (distinct keys) of
    each ``group(choice)``."""
    kept: dict[Any, list] = defaultdict(list)
    for t in sorted(scored, key=lambda t: t[0]):
        group_kept = kept[group(t)]
        if len(group_kept) < 2 and all(k[2] != t[2] for k in group_kept):
            group_kept.append(t)
    return [t for ts in kept.values() for t in ts]


def _take_under_the_bar(decoded: dict, cell: Cell, edges: dict[str, str]) -> None:
    """Give ``cell``'s reading in ``decoded`` the ``edges`` ``{side: colour}`` of the tile it
    is taken as, at :data:`MISFIT_CONFIDENCE` (under the confidence bar), its edges' own doubt
    dropped (the board-level doubt says why it was taken)."""
    attrs, conf, tile_doubts = decoded[cell]
    attrs["edges"] = edges
    conf["edges"] = MISFIT_CONFIDENCE
    tile_doubts[:] = [d for d in tile_doubts if d[0] != "edges"]


#: The doubt of an X-Tiles reading that named no tile of the set and was taken as the set's
#: likeliest tile for it (see :func:`_likeliest_for_misfits`).
MISFIT_TAKEN = "not a tile of the set as read: taken as the set's likeliest tile for it"
#: The confidence of a tile taken as its likeliest (an X-Tiles misfit or unclear tile, a
#: Twelve Tiles unclear tile beside its neighbours): below the confidence bar, so it stays
#: flagged to the players.
MISFIT_CONFIDENCE = 0.45


def _likeliest_for_misfits(cells: list[Cell], kit: Kit, game: str, decoded: dict,
                           evidence: dict, counts: Counter, used: Counter
                           ) -> list[tuple[Cell, str, str]]:
    """X-Tiles readings among ``cells`` read in full that name no tile of the set and that no
    tile clearly fits (:func:`_fill_sector_cell` left them): each taken as the set's likeliest
    tile for its sectors and its neighbours' edges (:func:`_sector_choices` over every sector),
    its confidence kept under the bar (:data:`MISFIT_CONFIDENCE`). Returns board-level doubts
    (:data:`MISFIT_TAKEN`).

    The set holds each tile once, and a face shows three paints (RULES.md): a reading that is
    no tile of the set has a sector misread for certain (a glare's washed paint named its
    neighbour in hue, a sector straddling the groove), while the likeliest tile is the one a
    misread sector most probably hides. (Measured on the independent renderer's photos: a hot
    spot's orange named yellow, the tile read as none of the set while its likeliest tile is
    the one on the table.) When no tile of the set lies within the unclear sectors' usual
    reach, a sector's three nearest colours however far are weighed: an orange a hot spot
    shifted to 3 from yellow and 27 from orange is still more likely misread than two sectors.

    Each take uses up a tile of the set, so the misfits are taken likeliest first (the least
    best cost, asked again after each take): a cell whose best tile is a poor fit (a cloth cell
    read as a face) then cannot take the tile a nearly fitting misfit needs."""
    doubts = []
    pending = [c for c in cells if decoded[c][0].get("edges") is not None
               and names_no_tile(kit, game, decoded[c][0])]  # (unknown: nothing to correct)

    def choose(c: Cell) -> tuple | None:
        return min(_misfit_choices(c, kit, game, decoded, evidence[c], counts, used),
                   key=lambda t: t[0], default=None)

    for cell, edges in _likeliest_first(pending, choose, used):
        attrs, conf, _ = decoded[cell]
        attrs["edges"] = edges
        conf["edges"] = min(conf.get("edges", 1.0), MISFIT_CONFIDENCE)
        doubts.append((cell, "tile", MISFIT_TAKEN))
    return doubts


def _likeliest_first(pending: list[Cell], choose: Callable[[Cell], tuple | None],
                     used: Counter, ask_again: bool = False) -> Iterator[tuple[Cell, dict]]:
    """``pending`` cells taken least cost first: ``choose(cell)`` gives its best ``(cost,
    edges, tile key)`` or None; yields ``(cell, edges)``, the tile used up, and asks the rest
    again (the caller sets the cell's edges before the next: a take changes the tiles left and
    the neighbours' edges the others must meet). A cell with no choice is dropped, or, with
    ``ask_again``, asked again after each take (a cell with no neighbour read yet may meet one
    taken since); it ends when no cell pending has a choice."""
    while pending:
        choices = {c: best for c in pending if (best := choose(c)) is not None}
        if not choices:
            return
        cell = min(choices, key=lambda c: choices[c][0])
        used[choices[cell][2]] += 1
        yield cell, choices[cell][1]
        pending = [c for c in (pending if ask_again else choices) if c != cell]


def _misfit_choices(cell: Cell, kit: Kit, game: str, decoded: dict, evidence: dict,
                    counts: Counter, used: Counter) -> list[tuple[float, dict, tuple]]:
    """The set's tiles a misfit X-Tiles reading may be, ``[(cost, edges, tile key)]`` (see
    :func:`_likeliest_for_misfits`): every sector's near colours, or its three nearest however
    far when none near makes a tile of the set."""
    return (_sector_choices(cell, kit, game, decoded, evidence, counts, used, True)
            or _sector_choices(cell, kit, game, decoded, evidence, counts, used, True,
                               reach=np.inf))


#: The doubt of an X-Tiles tile of unclear sectors taken as the set's likeliest tile that meets
#: its neighbours (see :func:`_likeliest_meeting`).
UNCLEAR_TAKEN = "a sector was unclear; taken as the set's likeliest tile that meets its neighbours"


def _likeliest_meeting(cells: list[Cell], kit: Kit, game: str, decoded: dict, evidence: dict,
                       counts: Counter, used: Counter) -> list[tuple[Cell, str, str]]:
    """X-Tiles cells among ``cells`` whose sectors stay unclear (``edges`` unknown) after the
    filling in, each taken as the likeliest of the set's tiles left (a clear sector's nearest
    paint, an unclear one's near paints, see :func:`_sector_choices`; every sector's near
    paints when the clear ones leave tiles but none such, and that makes a tile likelier than
    the clear ones' likeliest with its broken edges, see :func:`_fill_sector_cell`) that meets
    every neighbour read on all its sides; likeliest first, each take using up its tile;
    confidence under the bar (:data:`MISFIT_CONFIDENCE`). Returns board-level doubts
    (:data:`UNCLEAR_TAKEN`).

    A lamp's glare washes a face's paints towards its colour, so that two paints of a sector
    lie near alike and no choice is clearly likeliest (:data:`DECIDE_MARGIN`), yet each sector
    keeps its paint's hue bias, and the set holds each tile once with its edges meeting its
    neighbours' (RULES.md): among the tiles left, the one its neighbours' edges allow and its
    sectors make likeliest is the face. Left unknown, such a tile was read wrong either way: as
    unknown, or, where no face was found, left out as a cloth's print
    (:func:`vision.pipeline._faceless_misfits`; measured on the independent renderer's photos:
    washed faces at L* 83-99 beside the layout's end, xt27 x-tiles-hard-900, xt25 hard-759).
    A cell whose clear sectors make no tile left is opened (every sector's near paints) only
    when neighbours read or taken meet it on all four sides (:func:`_enclosed_by_reads`; a
    neighbour taken earlier in this decode counts too). Otherwise a cell that no tile left
    makes meeting every neighbour read, or that has no neighbour read, stays unknown: a
    cloth's cell beside the layout is kept out only by its choices having to be tiles of the
    set that meet every neighbour read, and a tile got by opening a clear sector by costing
    less than the clear sectors' likeliest with its broken edges."""
    doubts = []
    pending = [c for c in cells if decoded[c][0].get("edges") is None]

    def choose(c: Cell) -> tuple | None:
        met = _met_edges(c, decoded)
        if not met:
            return None
        left = _choices_left(c, kit, game, decoded, evidence[c], counts, used, False)
        meeting = [t for t in left if _meets(t[1], met)]
        if not left and _enclosed_by_reads(met):
            # (a cell the layout's tiles read enclose is no cloth's print beside it: its every
            # edge is its neighbours', and its sectors' near paints need only allow them)
            return min(_opened_meeting(c, kit, game, decoded, evidence[c], counts, used, met),
                       key=lambda t: t[0], default=None)
        if meeting or not left:
            # (clear sectors that make no tile left are a cloth's print as likely as a misread:
            # xt44 x-tiles-normal-1920; never opened here, unless enclosed)
            return min(meeting, key=lambda t: t[0], default=None)
        opened = _opened_meeting(c, kit, game, decoded, evidence[c], counts, used, met)
        best = min(opened, key=lambda t: t[0], default=None)
        if best is not None and best[0] >= min(t[0] for t in left):
            return None  # (a clear sector misread is less likely than the edge its tile breaks)
        return best

    for cell, edges in _likeliest_first(pending, choose, used, ask_again=True):
        _take_under_the_bar(decoded, cell, edges)
        doubts.append((cell, "tile", UNCLEAR_TAKEN))
    return doubts


def _enclosed_by_reads(met: dict[str, str]) -> bool:
    """Whether the neighbours' edges ``met`` (see :func:`_met_edges`) cover all four sides: a
    cell enclosed by tiles read (or taken earlier in the decode: ``met`` does not tell them
    apart), inside the layout. A cloth's print read as a face lies beside
    the layout (on a side or two of it, three in a notch), so an X-Tile whose clear sectors make
    no tile left is opened there only (see :func:`_likeliest_meeting`; measured: xt50
    x-tiles-normal-2585, a face washed by a hot spot, its three unclear sectors at confidence
    0.50 named yellow and its clear red making no tile, its four neighbours read right and
    meeting as the tile it is: orange, orange, red, yellow)."""
    return len(met) == len(SIDE_STEP)


def _opened_meeting(cell: Cell, kit: Kit, game: str, decoded: dict, evidence: dict,
                    counts: Counter, used: Counter, met: dict[str, str]) -> list:
    """Of the tiles left that every sector's near paints allow (:func:`_choices_left`, every
    sector), those meeting the neighbours' edges ``met``: ``[(cost, edges, tile key)]``."""
    return [t for t in _choices_left(cell, kit, game, decoded, evidence, counts, used, True)
            if _meets(t[1], met)]


def _meets(edges: dict[str, str], met: dict[str, str]) -> bool:
    """Whether a sector tile's ``edges`` ``{side: colour}`` meet every neighbour's edge ``met``
    ``{side: colour}`` (see :func:`_met_edges`)."""
    return all(edges[e] == colour for e, colour in met.items())


def _choices_left(cell: Cell, kit: Kit, game: str, decoded: dict, evidence: dict,
                  counts: Counter, used: Counter, every_sector: bool) -> list:
    """:func:`_sector_choices` of the tiles with a copy left in the set."""
    return [t for t in _sector_choices(cell, kit, game, decoded, evidence, counts, used,
                                       every_sector)
            if used[t[2]] < counts[t[2]]]


def _met_edges(cell: Cell, decoded: dict) -> dict[str, str]:
    """The colours ``{side: colour}`` that the neighbours read (``decoded``) show across each
    side of ``cell`` (``(row, col)``)."""
    met = {}
    for e, (dr, dc) in SIDE_STEP.items():
        nb = decoded.get((cell[0] + dr, cell[1] + dc))
        if nb is not None and nb[0].get("edges"):
            met[e] = nb[0]["edges"][OPPOSITE_SIDE[e]]
    return met


#: Rounds of filling in unclear X-Tiles (see :func:`_fill_sectors`).
FILL_ROUNDS = 3


def _fill_sector_cell(cell: Cell, kit: Kit, game: str, decoded: dict, evidence: dict,
                      counts: Counter, used: Counter) -> bool:
    """Fill in one unclear sector tile (see :func:`_fill_sectors`): the sectors' candidate colours
    (the nearest for a clear sector; those within 3 :data:`SECTOR_SD` of the nearest for an
    unclear one, or for every sector of a reading that is no tile of the set, and the colour it
    was named, ``sector_named``, where the evidence has it; for a sector named apart from a
    tile-mate, ``sector_apart`` {side: (its name, the tile-mate's)}, its name and never the
    tile-mate's, or for an X-Tiles one renamed by its grooves' steps never the one named
    before) costed by their distances, the neighbours' edges met and the set's copies
    left; whether it was filled.

    X-Tiles' set holds each tile once and its edges meet its neighbours' (RULES.md): when every
    tile the unclear sectors allow is one the board already holds, or meets a neighbour read
    with another colour, or names two sectors that look alike different paints
    (:func:`_breaks_rules`), a clear sector is as likely misread as a reading that is no tile
    of the set (its nearest colour a few units nearer than the next), and every sector's
    candidates are weighed."""
    attrs = decoded[cell][0]
    misfit = attrs.get("edges") is not None  # (read in full, but no tile of the set)
    scored = _sector_choices(cell, kit, game, decoded, evidence, counts, used, misfit)
    if kit.shape == "rounded-x" and not misfit and scored:
        met = _met_edges(cell, decoded)
        alike = evidence.get("sector_alike", ())
        if all(used[key] >= counts[key] or _breaks_rules(edges, met, alike)
               for _, edges, key in scored):
            scored = _sector_choices(cell, kit, game, decoded, evidence, counts, used, True)
    return _fill(decoded[cell], "edges", scored, used)


def _breaks_rules(edges: dict[str, str], met: dict[str, str],
                  alike: Iterable[tuple[str, str]]) -> bool:
    """Whether a sector tile's ``edges`` ``{side: colour}`` meet a neighbour's edge ``met``
    ``{side: colour}`` (see :func:`_met_edges`) with another colour, or name two sectors that
    look alike (``alike``, pairs of sides, see vision.cells.SAME_PAINT) different paints."""
    return not _meets(edges, met) or any(edges[a] != edges[b] for a, b in alike)


#: An unclear X-Tiles sector weighs at most its three nearest paints; a Twelve Tiles sector
#: every one of its four paints within reach: a sector washed white by a lamp's hot spot lies
#: about as far from each, and its paint is then as likely its fourth nearest as its first (the
#: set and the neighbours' edges decide, see :func:`_likeliest_beside_neighbours`; the filling
#: in, :func:`_fill_sector_cell`, weighs them too, so a fourth paint near the nearest may leave
#: a cell undecided there). (Measured on the tiles of 88 development photos of the independent
#: renderer, final19, final20 and tw12's seeds 2600-2619, each tile in turn with one sector
#: washed to one distance from every paint: taken right 1362 -> 1701 of 2233 tiles, with two
#: sectors 790 -> 1208; 112 development photos as read unchanged.)
X_NEAR_WEIGHED = 3


def _near_weighed(kit: Kit) -> int:
    """How many of an unclear sector's nearest paints :func:`_sector_choices` weighs (see
    :data:`X_NEAR_WEIGHED`): three for X-Tiles, every paint of the kit for other sector kits
    (Twelve Tiles' four; a user's kit of more paints weighs them all too)."""
    return X_NEAR_WEIGHED if kit.shape == "rounded-x" else len(kit.colours)


def _sector_choices(cell: Cell, kit: Kit, game: str, decoded: dict, evidence: dict,
                    counts: Counter, used: Counter, every_sector: bool,
                    reach: float = 3 * SECTOR_SD) -> list:
    """The set's tiles a sector cell may be, ``[(cost, edges, tile key)]`` (see
    :func:`_fill_sector_cell`): the unclear sectors' candidate colours, or ``every_sector``'s
    (a sector's nearest colours, :func:`_near_weighed`, within ``reach``, CIEDE2000, of its
    nearest)."""
    attrs = decoded[cell][0]
    dist, sconf = evidence["sector_distance"], evidence["sector_conf"]
    named = evidence.get("sector_named", {})
    apart = evidence.get("sector_apart", {})
    facing = evidence.get(FACING_ALIKE, frozenset())
    met = _met_edges(cell, decoded)
    # (the sectors weighed between paints; a clear one keeps its paint, and naming it apart
    # from a facing sector alike costs no more than any mismatch)
    unclear = {e: sconf[e] < CONFIDENCE_THRESHOLD or every_sector for e in "nesw"}
    options = []
    for e in "nesw":
        ranked = sorted(dist[e].items(), key=lambda kv: kv[1])
        d0 = ranked[0][1]
        if sconf[e] >= CONFIDENCE_THRESHOLD and not every_sector:
            options.append([(apart[e][0] if e in apart else ranked[0][0], 0.0)])
            continue
        cost = {name: 0.5 * ((d - d0) / SECTOR_SD) ** 2
                for name, d in ranked[:_near_weighed(kit)] if d - d0 < reach}
        if e in named:
            # (the colour its hue group was named, with the photo's other sectors of its hue,
            # is as likely as its nearest: a glare or a shadow changes a paint's lightness and
            # chroma more than its hue)
            cost[named[e]] = 0.0
        if e in apart:
            # (a sector named apart from a tile-mate, see vision.cells._washed_pairs_apart: the
            # paint it was named, not the tile-mate's; or an X-Tiles sector renamed by its
            # grooves' light steps, vision.cells._named_by_groove_steps: not the paint named before)
            if not every_sector:  # (a tile no tile of the set: the renaming may be the misread)
                cost.pop(apart[e][1], None)
            cost[apart[e][0]] = 0.0
        if e in facing and e in met:
            # (the neighbour's sector facing it, measured alike in the same light, shows its
            # paint: as likely as its nearest)
            cost[met[e]] = 0.0
        options.append(sorted(cost.items(), key=lambda kv: kv[1]))
    mismatch = MISMATCH_COST.get(game, 1.5)
    alike = evidence.get("sector_alike", ())
    scored = []
    for combo in product(*options):
        edges = {e: name for e, (name, _) in zip("nesw", combo)}
        key = _reading_key(kit, game, {**attrs, "edges": edges})
        if key not in counts:
            continue
        cost = sum(c for _, c in combo)
        cost += sum(FACING_SPLIT_COST if e in facing and unclear[e] else mismatch
                    for e, colour in met.items() if edges[e] != colour)
        cost += sum(SPLIT_PAINT_COST for a, b in alike if edges[a] != edges[b])
        if used[key] >= counts[key]:
            cost += USED_UP_COST
        scored.append((cost, edges, key))
    return scored


#: Spread (CIEDE2000) of a card's colour about its prediction (see :data:`SECTOR_SD`).
CARD_SD = 4.0
#: Cost of a card colour that breaks the contact rule with a neighbour (the
#: orthogonal neighbours of a card are the same or a neighbouring colour of ``colour_order``).
CLASH_COST = 4.0
#: A card whose colour breaks the contact rule with this many cards beside it or more is weighed
#: for a rename even when no more copies of it are read than the set holds (see
#: :func:`_unclash_cards`): one rename of it mends every one of those clashes, where its
#: neighbours would need one each, so it is the likelier misread. (A clash with one card names
#: neither card of the pair: final13 hard-802 and tap24 hard-1674 turned red cards beside
#: orange ones read yellow orange. The 288 Tapestry development photos of the thirty-sixth
#: session, final16-22 and the tap41-44 sets, read at 3818162: 9 cards clashing with 2-3 cards
#: beside them, 8 of them misread, washed orange cards read yellow beside red ones and pale red
#: ones read purple beside orange ones; with one clash, 6 of 28 misread.)
MULTI_CLASH = 2


def _fill_card_colours(readings: list[CellReading], kit: Kit, game: str, decoded: dict,
                       counts: Counter) -> list[tuple[Cell, str, str]]:
    """Cards whose colour was left unknown: choose among its nearest colours the one its
    confidently read neighbours allow (same or neighbouring colour in the kit's
    ``colour_order``) and of which the set has copies left; filled in only when one choice is
    clearly likeliest (:data:`DECIDE_MARGIN`). Returns board-level doubts."""
    rank = {c: i for i, c in enumerate(kit.colour_order)}
    evidence = {(rd.row, rd.col): rd.evidence for rd in readings if rd.evidence.get("colour_distance")}
    unclear = [c for c in evidence if decoded[c][0].get("colour") is None]
    if not unclear:
        return []
    used = _used(decoded, kit, game)
    doubts = []
    for cell in unclear:
        attrs, conf, tile_doubts = decoded[cell]
        dist = evidence[cell]["colour_distance"]
        d0 = min(dist.values())
        scored = []
        for name, d in dist.items():
            if name not in rank or d - d0 >= 3 * CARD_SD:
                continue
            cost = 0.5 * ((d - d0) / CARD_SD) ** 2
            cost += CLASH_COST * _card_clashes(cell, name, decoded, rank, CONFIDENCE_THRESHOLD)
            key = _reading_key(kit, game, {**attrs, "colour": name})
            if key is not None and key in counts and used[key] >= counts[key]:
                cost += USED_UP_COST
            scored.append((cost, name, key))
        if _fill(decoded[cell], "colour", scored, used):
            doubts.append((cell, "tile", f"colour unclear; taken as {attrs['colour']}, the colour "
                                         "its neighbours allow"))
    return doubts


def _fill_card_symbols(kit: Kit, decoded: dict) -> list[tuple[Cell, str, str]]:
    """Cards whose symbol was left unknown (a card the lamp's hot spot washed out with its art,
    see :func:`vision.cells._washed_flat`): where the cards beside it (orthogonally) whose
    symbol was read at least :data:`vision.cells.CONFIDENCE_THRESHOLD` sure show every symbol
    of the kit but one, it is that one (RULES.md, Universal Tapestry rule 3: orthogonal
    neighbours never show the same symbol), taken that sure. ``decoded``: see
    :func:`decode_readings`; the symbols filled in are not asked as neighbours. Returns
    board-level doubts."""
    sure = {c: a["symbol"] for c, (a, conf, _) in decoded.items()
            if a.get("symbol") is not None and conf.get("symbol", 0.0) >= CONFIDENCE_THRESHOLD}
    doubts = []
    for cell, (attrs, conf, tile_doubts) in sorted(decoded.items()):
        if attrs.get("symbol") is not None:
            continue
        beside = {sure.get((cell[0] + dr, cell[1] + dc)) for dr, dc in SIDE_STEP.values()}
        left = [s for s in kit.symbols if s not in beside]
        if len(left) != 1:
            continue
        attrs["symbol"], conf["symbol"] = left[0], CONFIDENCE_THRESHOLD
        tile_doubts[:] = [d for d in tile_doubts if d[0] != "symbol"]
        doubts.append((cell, "tile", f"symbol unclear; taken as {left[0]}, the only one the "
                                     "same-symbol rule leaves beside its neighbours (check the "
                                     "card: a placement breaking the rule would not show)"))
    return doubts


def _card_clashes(cell: Cell, name: str, decoded: dict, rank: dict[str, int],
                  min_conf: float = 0.0) -> int:
    """How many cards beside ``cell`` (orthogonally) whose colour is read at least ``min_conf``
    sure a card of colour ``name`` would clash with (the contact rule: neighbours are the same
    or a neighbouring colour of ``rank``, the kit's ``colour_order``)."""
    count = 0
    for dr, dc in SIDE_STEP.values():
        nb = decoded.get((cell[0] + dr, cell[1] + dc))
        if nb is not None and nb[0].get("colour") in rank and nb[1].get("colour", 0.0) >= min_conf:
            count += abs(rank[name] - rank[nb[0]["colour"]]) > 1
    return count


def _card_colour_costs(cell: Cell, decoded: dict, dist: dict[str, float], rank: dict[str, int],
                       kit: Kit, game: str, counts: Counter, used: Counter
                       ) -> list[tuple[float, str, Any]]:
    """The colours a card read at ``cell`` may be, ``[(cost, colour, tile key)]`` cheapest
    first: :data:`CARD_SD` about the distance ``dist`` to its named colour (none for a nearer
    one), :data:`CLASH_COST` a card beside it breaking the contact rule, :data:`USED_UP_COST`
    for another colour whose copies are all read already or for keeping its own when more
    copies of it are read than the set holds."""
    attrs = decoded[cell][0]
    own = attrs["colour"]
    scored = []
    for name, d in dist.items():
        if name not in rank:
            continue
        cost = 0.5 * (max(0.0, d - dist[own]) / CARD_SD) ** 2
        cost += CLASH_COST * _card_clashes(cell, name, decoded, rank)
        key = _reading_key(kit, game, {**attrs, "colour": name})
        if key is not None and key in counts and used[key] - (name == own) >= counts[key]:
            cost += USED_UP_COST
        scored.append((cost, name, key))
    return sorted(scored, key=lambda t: t[0])


def _surplus_copy(attrs: dict, kit: Kit, game: str, counts: Counter, used: Counter) -> bool:
    """Whether a card read as ``attrs`` is a tile read more times than the set holds copies of
    it (``counts``; ``used`` the copies read)."""
    key = _reading_key(kit, game, attrs)
    return key is not None and key in counts and used[key] > counts[key]


def _unclash_cards(readings: list[CellReading], kit: Kit, game: str, decoded: dict,
                   counts: Counter) -> list[tuple[Cell, str, str]]:
    """Cards named a colour that breaks the contact rule with the cards beside them and read
    more times than the set holds copies of them (:func:`_surplus_copy`), or that break it with
    :data:`MULTI_CLASH` cards or more, renamed where another colour nearly as near their look
    breaks it less (RULES.md: a yellow card beside a red one is no legal position; a warm lamp
    and its reflection bring orange cards near the yellow paint as lit). One clash alone is not
    enough: it names neither card of its pair, and under a warm lamp a red card's look lies
    nearly as near the orange paint as lit as the red one (renamed by their distances alone,
    final13 hard-802 and tap24 hard-1674 turned red cards beside orange ones read yellow
    orange); a card clashing with two or more is the likelier misread of them. Of the weighed
    cards whose cheapest colour (:func:`_card_colour_costs`) is another one, clearly
    (:data:`DECIDE_MARGIN`), the one it saves most is renamed first, its confidence at most
    :data:`GROUP_CONF`, and the rest weighed again; each card is renamed once at most. Returns
    board-level doubts."""
    rank = {c: i for i, c in enumerate(kit.colour_order)}
    evidence = {(rd.row, rd.col): rd.evidence.get("colour_distance") for rd in readings}
    used = _used(decoded, kit, game)
    renamed: set[Cell] = set()
    doubts = []
    while True:
        best = None
        for cell, (attrs, _, _) in decoded.items():
            own = attrs.get("colour")
            if cell in renamed or own not in rank or not evidence.get(cell):
                continue
            clashes = _card_clashes(cell, own, decoded, rank)
            if not clashes or (clashes < MULTI_CLASH
                               and not _surplus_copy(attrs, kit, game, counts, used)):
                continue
            scored = _card_colour_costs(cell, decoded, evidence[cell], rank, kit, game, counts, used)
            mine = next(c for c, n, _ in scored if n == own)
            if (scored[0][1] != own and scored[1][0] - scored[0][0] >= DECIDE_MARGIN
                    and (best is None or mine - scored[0][0] > best[0])):
                best = (mine - scored[0][0], cell, scored[0][1], scored[0][2])
        if best is None:
            return doubts
        saving, cell, name, key = best
        attrs, conf, _ = decoded[cell]
        own, old_key = attrs["colour"], _reading_key(kit, game, attrs)
        logger.debug("card %s read %s, a surplus copy or one clashing with %d+ cards, that breaks "
                     "the contact rule: taken as %s (saves %.1f)", cell, own, MULTI_CLASH, name,
                     saving)
        if old_key is not None:
            used[old_key] -= 1
        if key is not None:
            used[key] += 1
        attrs["colour"] = name
        conf["colour"] = min(conf.get("colour", 1.0), GROUP_CONF)
        renamed.add(cell)
        doubts.append((cell, "colour", f"read as {own}, which breaks the contact rule with the "
                                       f"cards beside it; taken as {name}"))


#: Cost (negative log-likelihood) of a Textile colour that a confidently read tile beside the
#: cell (orthogonally or diagonally) has: the colour rule keeps tiles of one colour apart
#: (RULES.md; a player may break it, rarely).
TEXTILE_CLASH_COST = 4.0
#: Cost of a colour the game does not use (beyond its five, see :func:`_game_colours`: Textile
#: is played with 5 of the set's 10).
OUTSIDE_COST = 4.0
#: The colours Textile is played with unless the players choose others (KITS.md): of colours
#: read equally often, these are taken for the game's.
TEXTILE_DEFAULT_COLOURS = frozenset({"red", "yellow", "green", "blue", "white"})
#: ... and, the table's choice unless the board shows another, each counts this many tiles more
#: when the five most read are taken: a colour beyond them displaces one only when read on more
#: tiles than it by more than this. One tile read in a sixth colour is as likely a default
#: colour's tile in a light the one fitted over the layout does not explain (a red washed pink
#: by a lamp's hot spot, a yellow turned orange by a warm lamp) as a colour chosen at the table;
#: a board that shows every default colour but one, and one tile of a sixth colour, is read
#: with the default five (tex26 textile-normal-1787: pink and orange read once each, red and
#: blue not read clearly, made pink and orange two of the five and left both uncorrected).
DEFAULT_PRIOR = 1


def _sure_colours(decoded: dict) -> dict[Cell, str]:
    """The colour of each tile of ``decoded`` whose colour was read confidently."""
    return {cell: a.get("colour") for cell, (a, conf, _) in decoded.items()
            if a.get("colour") is not None and conf.get("colour", 0.0) >= CONFIDENCE_THRESHOLD}


def _game_colours(sure: dict[Cell, str], evidence: dict) -> set[str]:
    """The game's five colours as the board ``sure`` (cell -> colour read confidently) shows
    them: the five most read, each of :data:`TEXTILE_DEFAULT_COLOURS` counted
    :data:`DEFAULT_PRIOR` tiles more, read or not (ties to the default colours, then to the
    closer fit by ``evidence``, cell -> colour distances); the default five whenever all of
    them are read. (However few colours are read: a board of a few tiles in four colours and
    one pink one is no evidence of a game played with pink.)"""
    seen = Counter(sure.values())
    fit = defaultdict(list)
    for cell, colour in sure.items():
        if cell in evidence:
            fit[colour].append(evidence[cell].get(colour, 99.0))

    def count(c: str) -> int:
        return seen[c] + DEFAULT_PRIOR * (c in TEXTILE_DEFAULT_COLOURS)

    # (the five most read, the default colours with their prior; ties to the default colours,
    # then to the closer fit, then by name)
    ranked = sorted(set(seen) | TEXTILE_DEFAULT_COLOURS,
                    key=lambda c: (-count(c), c not in TEXTILE_DEFAULT_COLOURS,
                                   float(np.mean(fit[c])) if fit[c] else 99.0, c))
    five = set(ranked[:TEXTILE_COLOURS])
    if TEXTILE_DEFAULT_COLOURS <= set(seen):
        # (the default five all read: they are the game's, however often a sixth colour was
        # read, a cloth's flowers, more often than a default colour's one tile; players who
        # choose other colours leave a default one out)
        five = set(TEXTILE_DEFAULT_COLOURS)
    return five


def _textile_colours(readings: list[CellReading], kit: Kit, decoded: dict
                     ) -> list[tuple[Cell, str, str]]:
    """Textile tiles whose colour was left unknown (glare, a lamp's cast), or read in a colour
    beyond the game's five: the likeliest colour by the cell's own colour distances, the colour
    rule (no colour of a confidently read tile beside it, :data:`TEXTILE_CLASH_COST`), the
    game's five colours (see :func:`_game_colours`, :data:`OUTSIDE_COST`) and the
    copies left (:data:`USED_UP_COST`); filled in, with a doubt, when that colour is likely
    enough against the cell's own evidence (:data:`FILL_PROB`). A face read in a sixth colour
    whose pips stand out the other way from that colour's tiles' is a tile of the five, named
    among the colours its pips allow (see :func:`_denied_by_pips`). Returns board-level
    doubts."""
    evidence = {(rd.row, rd.col): rd.evidence["colour_distance"] for rd in readings
                if rd.evidence.get("colour_distance")}
    sheened = {(rd.row, rd.col): rd.evidence["sheen_distance"] for rd in readings
               if rd.evidence.get("sheen_distance")}
    lighter = _pip_polarities(kit)
    # (the pip polarity each face shows clearly: a lamp's glare pales a paint's colour, not
    # which way its pips stand out, see _denied_by_pips)
    shown_pol = {(rd.row, rd.col): _face_pip_polarity(rd) for rd in readings}
    sure = _sure_colours(decoded)
    five = _game_colours(sure, evidence)
    # (a thing of a sixth colour, no tile, only where the board shows five colours: a few tiles
    # are no evidence of which five the table chose, see _sixth_colour)
    shown = len(set(sure.values())) >= TEXTILE_COLOURS
    unclear = [cell for cell in evidence if decoded[cell][0].get("colour") is None
               or decoded[cell][0]["colour"] not in five]
    # (and tiles read in the colour of a tile beside them, which the colour rule forbids: one
    # of them is misread, or no tile; the cell beside most tiles of its colour first (a face
    # washed out between two white tiles), then the less sure of its colour)
    clashes = _clashes(sure)
    unclear += sorted((c for c in clashes if c in evidence and c not in unclear),
                      key=lambda c: (-clashes[c], decoded[c][1].get("colour", 0.0)))
    # (and faces read white that are a paint veiled by the lamp's reflection: named by their
    # distances through the veil, see _veiled_paints)
    veiled = _veiled_paints(readings, decoded, five)
    unclear += [c for c in veiled if c not in unclear]
    if not unclear:
        return []
    copies = kit.colour_copies()
    used = Counter(a.get("colour") for a, _, _ in decoded.values() if a.get("colour") is not None)
    # (the cells through which a sixth colour's cell may join the textile, see _joining_cells:
    # taken once, before any cell is renamed or taken out, so that no cell's answer hangs on
    # the order of ``unclear``)
    # (a sixth colour's face whose pips stand out the other way from that colour's tiles' is a
    # tile of the five that the light washed, see below)
    betrayed_cells = {
        c for c, (a, _, _) in decoded.items()
        if a.get("colour") is not None and a["colour"] not in five
        and a["colour"] in _denied_by_pips(lighter, shown_pol.get(c, 0))}
    joining = _joining_cells(decoded, five, betrayed_cells)
    doubts = []
    for cell in unclear:
        attrs, conf, tile_doubts = decoded[cell]
        own = attrs.get("colour")
        clashing = cell in clashes
        if clashing and cell not in veiled and not _clashes(sure, cell):
            continue  # (a tile beside it named again: the clash is resolved)
        dist = evidence[cell]
        if cell in sheened:
            # (a paint washed out by the lamp's reflection: itself with a sheen of the light)
            dist = {n: min(d, sheened[cell].get(n, d)) for n, d in dist.items()}
        near = {sure[nb] for nb in _around(cell) if nb in sure}
        # (a sixth colour's cell that joins parts of the textile is a tile of the five: every
        # knot shares an edge with the textile, RULES.md; a red washed pink by a lamp's hot spot;
        # so is one in a notch of the textile, tiles along three of its sides: final12
        # textile-hard-704, tex16 textile-hard-1191)
        denied = _denied_by_pips(lighter, shown_pol.get(cell, 0))
        # (a sixth colour's face whose pips stand out the other way from that colour's tiles'
        # is a tile of the five that the light washed, no thing of that colour: a red paled
        # pink by a lamp's hot spot shows its white pips, a pink tile black ones; final18
        # textile-hard-1886, final21 hard-2309 and normal-2308, white pips 13-20 L* out, dark
        # ones 5-8. A cloth's purple flower with a light heart stays a thing: purple tiles'
        # pips are light too)
        betrayed = cell in betrayed_cells
        sixth = shown and not betrayed and _sixth_colour(own, dist, five, near)
        # (joining tiles of the five, or unclear ones, or a sixth colour's cells that border
        # tiles of the five themselves: not other cells of a sixth colour, a cloth's dots side
        # by side in a lamp's hot spot whose notch is of its own print, final23
        # textile-normal-3006, see _joining_cells)
        joins = sixth and _joins_the_textile(cell, joining | {cell})
        if joins:
            logger.debug("cell %s: %s, a colour the game does not use, joins parts of the "
                         "textile or fills a notch of it: a tile of the game's colours %s (%s)",
                         cell, own, sorted(five),
                         {n: round(d, 1) for n, d in dist.items()})
        elif betrayed:
            logger.debug("cell %s: %s, a colour the game does not use, its pips standing out as "
                         "no %s tile's do: a tile of the game's colours %s (%s)", cell, own, own,
                         sorted(five), {n: round(d, 1) for n, d in dist.items()})
        elif sixth:
            logger.debug("cell %s: %s, none of the game's colours %s that the tiles beside it "
                         "%s leave: no tile (%s)", cell, own, sorted(five), sorted(near),
                         {n: round(d, 1) for n, d in dist.items()})
            del decoded[cell]
            continue
        bridging = joins or betrayed
        # (a betrayed face's own colour, and every colour its pips rule out with it, count
        # neither as its best fit nor as a candidate: tex40 textile-hard-2665, a white tile
        # read black, its black pips 61 L* out, is white, not the blue nearer black)
        def likeliest(dist: dict[str, float]) -> tuple[float, str] | None:
            """The likeliest colour for the cell by its distances ``dist`` and its cost."""
            fits = {n: d for n, d in dist.items() if not (betrayed and n in denied)} or dist
            d0 = min(fits.values())
            scored = []
            for name, d in fits.items():
                if bridging and name not in five:
                    continue  # (a tile of the game's colours: see above)
                used_up = used[name] - (name == own) >= copies.get(name, 0)
                scored.append((_colour_cost(d, d0, name, near, five, used_up), name))
            return min(scored) if scored else None

        chosen = likeliest(dist)
        # (a face read white, or that its distances name white, named through the veil where
        # it is a paint veiled by the lamp's reflection, see _veiled_paints)
        through_veil = cell in veiled and "white" in (own, chosen and chosen[1])
        if through_veil:
            chosen = likeliest(veiled[cell])
        if chosen is None:
            continue  # (every colour of the five ruled out by its pips: left as read)
        cost, name = chosen
        if name == own or (np.exp(-cost) < FILL_PROB and not bridging):
            continue
        if own is not None:
            used[own] -= 1
        used[name] += 1
        attrs["colour"] = name
        conf["colour"] = CONFIDENCE_THRESHOLD
        tile_doubts[:] = [d for d in tile_doubts if d[0] != "colour"]
        seen_as = (f"read as {own}, as a tile beside it" if clashing
                   else f"read as {own}, which the game does not use" if own else "colour unclear")
        if clashing or through_veil:
            sure[cell] = name
        if through_veil:
            seen_as = f"read as {own or 'unclear'}, a paint veiled by the lamp's reflection"
        doubts.append((cell, "colour", f"{seen_as}; taken as {name}, the likeliest colour the "
                                       "game's colours and its colour rule leave for it"))
    doubts += _unclashed(readings, decoded)
    renamed = _pipless_whites(readings, decoded, five, sheened, lighter, copies)
    # (a cell filled white above and renamed since keeps only its new doubt)
    again = {cell for cell, _, _ in renamed}
    return [d for d in doubts if not (d[0] in again and d[1] == "colour")] + renamed


def _colour_cost(d: float, d0: float, name: str, near: AbstractSet[str],
                 five: AbstractSet[str], used_up: bool) -> float:
    """The cost (minus a log-likelihood) of naming a Textile face ``name``, ``d`` from it
    (CIELAB) where its best fit is ``d0`` from the face: the fit's shortfall in
    :data:`COLOUR_SD` units, :data:`TEXTILE_CLASH_COST` where a tile beside it is of that colour
    (``near``), :data:`OUTSIDE_COST` for a colour beyond the game's ``five``,
    :data:`USED_UP_COST` where its copies are all on the board already (``used_up``)."""
    cost = 0.5 * ((d - d0) / COLOUR_SD) ** 2
    cost += TEXTILE_CLASH_COST * (name in near)
    cost += OUTSIDE_COST * (name not in five)
    cost += USED_UP_COST * used_up
    return cost


def _dark_pip_contrast(rd: CellReading) -> float | None:
    """How far (CIELAB L*) a face's darkest pips stand out below it (``pip_contrast`` -1 in
    its evidence); None where not measured."""
    value = (rd.evidence.get("pip_contrast") or {}).get(-1)
    return None if value is None else float(value)


def _pipless_whites(readings: list[CellReading], decoded: dict, five: AbstractSet[str],
                    sheened: dict[Cell, dict[str, float]], lighter: dict[str, int],
                    copies: dict[str, int]) -> list[tuple[Cell, str, str]]:
    """Textile faces still read white, in a colour that fits neither the table nor a paint
    plainly (see :func:`_fits_no_look`: a paint the light washed, as a white tile's face is
    not), beside a face read white (orthogonally or diagonally, which the colour rule forbids:
    one of them is misread) whose dark pips stand out at least
    :data:`vision.pips.MIN_CONTRAST` more than theirs, counted (its pips read) and in a colour
    that fits a paint or the table: a white tile's black pips stay dark in any light (KITS.md:
    black pips on white), a dark paint's white pips vanish in a face the lamp washed white, and
    a pale yellow's dark pips fade with it. A face whose dark pips were not measured is neither.
    A face beside which another is renamed so is no reason for a rename itself: the faces are
    chosen on the readings as given, so no choice hangs on the order they are renamed in.
    Each is renamed, in ``decoded``, to the likeliest of the game's ``five`` colours other than
    white and the colours its own pips rule out (see :func:`_denied_by_pips`, ``lighter`` by
    colour, :func:`_pip_polarities`) by its own colour distances (``colour_distance``, with a
    sheen of the light, ``sheened``, where measured: see :func:`_textile_colours`) and the
    colour rule and the copies left (see :func:`_colour_cost`: the confident colours beside it
    that are not renamed so, ``copies`` by colour), when that colour is likely enough
    (:data:`FILL_PROB`, as in :func:`_textile_colours`), with a doubt. (Development photos at
    57fda71: every white-on-white clash left on a read board, 6 photos, holds a misread; where
    the two faces' dark pips differ by MIN_CONTRAST or more, 5 pairs on 4 photos, the one with
    fewer is the misread one, 29.2, 28.3, 21.4, 12.3 and 10.0 apart; of the pairs that differ
    less, 0.1-5.7 apart, one went the other way, a photo of tiles lying pips down, final24
    normal-3407.) Returns board-level doubts."""
    by_cell = {(rd.row, rd.col): rd for rd in readings}
    dark = {c: _dark_pip_contrast(by_cell[c]) for c, (a, _, _) in decoded.items()
            if a.get("colour") == "white" and c in by_cell}
    dark = {c: v for c, v in dark.items() if v is not None}

    def counted(c: Cell) -> bool:
        return decoded[c][0].get("pips") is not None and not _fits_no_look(by_cell[c])

    def outshone(c: Cell, by: AbstractSet[Cell]) -> bool:
        return any(b in by and counted(b) and dark[b] - dark[c] >= MIN_CONTRAST
                   for b in _around(c))

    washed_whites = {c for c in dark if _fits_no_look(by_cell[c])}
    first = {c for c in washed_whites if outshone(c, dark.keys())}
    pipless = sorted(c for c in first if outshone(c, dark.keys() - first))
    sure = _sure_colours(decoded)
    used = Counter(a.get("colour") for a, _, _ in decoded.values() if a.get("colour") is not None)
    doubts = []
    for cell in pipless:
        rd = by_cell[cell]
        dist = dict(rd.evidence.get("colour_distance") or {})
        if cell in sheened:
            dist = {n: min(d, sheened[cell].get(n, d)) for n, d in dist.items()}
        denied = _denied_by_pips(lighter, _face_pip_polarity(rd))
        fits = {n: d for n, d in dist.items() if n in five and n != "white" and n not in denied}
        if not fits:
            continue
        near = {sure[b] for b in _around(cell) if b in sure and b not in pipless}
        d0 = min(fits.values())
        cost, name = min((_colour_cost(d, d0, n, near, five, used[n] >= copies.get(n, 0)), n)
                         for n, d in fits.items())
        if np.exp(-cost) < FILL_PROB:
            continue
        attrs, conf, tile_doubts = decoded[cell]
        logger.debug("cell %s: read white beside a white tile whose dark pips stand out more "
                     "(%.1f here): taken as %s (%s)", cell, dark[cell], name,
                     {n: round(d, 1) for n, d in fits.items()})
        used["white"] -= 1
        used[name] += 1
        attrs["colour"] = name
        conf["colour"] = CONFIDENCE_THRESHOLD
        tile_doubts[:] = [d for d in tile_doubts if d[0] != "colour"]
        doubts.append((cell, "colour", f"read as white beside a white tile whose dark pips stand "
                                       f"out more; taken as {name}, the likeliest colour the "
                                       "game's colours and its colour rule leave for it"))
    return doubts


#: A Textile face read white, far from it (see :data:`vision.cells.VEILED_WHITE_FAR`), whose
#: colour lies within this (CIEDE2000) of one of the game's other colours through a veil of the
#: lamp's white (``veil_distance``, see :func:`vision.cells._veiled_white_distances`) is that
#: paint veiled (see :func:`_veiled_paints`). (The veiled blues and greens of the development
#: photos fit their paint through the veil within 0.9-5.9, the next colour of the five 6.4-9.0
#: further: a round value above the farthest fit.)
VEILED_PAINT_FIT = 6.5


def _veiled_paints(readings: list[CellReading], decoded: dict, five: AbstractSet[str]
                   ) -> dict[Cell, dict[str, float]]:
    """The Textile faces of ``readings`` read white or left unclear (as ``decoded`` now) that are
    a paint of the game's ``five`` colours veiled by the lamp's reflection: by cell, their
    distances to each paint through the veil (``veil_distance`` in the evidence, present only
    for faces nearest white yet far from it), where the face shows neither the table nor a
    paint plainly (``colour_seen`` "neither", see :func:`_fits_no_look`) and fits a colour of
    the five other than white within :data:`VEILED_PAINT_FIT` through the veil. Deep in a hot
    spot a blue tile is recorded sky blue, 16-22 from white and 35 or more from blue as lit
    (final17 textile-hard-1763 and normal-1763, final21 normal-2308, final23 hard-3003, final26
    hard-4005, tex42 hard-2763); a white tile lies nearer white (see
    :data:`vision.cells.VEILED_WHITE_FAR`)."""
    out = {}
    for rd in readings:
        veil = rd.evidence.get("veil_distance")
        cell = (rd.row, rd.col)
        if not veil or cell not in decoded or not _fits_no_look(rd):
            continue
        if decoded[cell][0].get("colour") not in ("white", None):
            continue
        if min((d for n, d in veil.items() if n in five and n != "white"),
               default=np.inf) <= VEILED_PAINT_FIT:
            out[cell] = veil
    return out


def _denied_by_pips(lighter: dict[str, int], shown: int) -> set[str]:
    """The colours whose tiles' pips stand out the other way from a face's (``shown``, see
    :func:`_face_pip_polarity`; ``lighter`` by colour, see :func:`_pip_polarities`): black pips
    stay dark in any light and white pips seen clearly light are a dark paint's, whatever a
    lamp's glare made of the face's colour. Empty where the face shows no polarity clearly."""
    if not shown:
        return set()
    return {name for name, pol in lighter.items() if pol == -shown}


def _clashes(colours: dict[Cell, str], cell: Cell | None = None) -> dict[Cell, int]:
    """The cells of ``colours`` (cell -> colour) with a cell of their colour beside them
    (orthogonally or diagonally: Textile's colour rule forbids it) and how many; of ``cell``
    alone when given."""
    out = {}
    for c in ([cell] if cell is not None else colours):
        n = sum(colours.get(b) == colours[c] for b in _around(c))
        if n:
            out[c] = n
    return out


#: Of two tiles read in one colour side by side, no tile is the one whose occupancy is at least
#: this much less sure (see :func:`_unclashed`); nearer, both stay.
CLASH_OCC_MARGIN = 0.05


def _unclashed(readings: list[CellReading], decoded: dict) -> list[tuple[Cell, str, str]]:
    """Textile cells still read in the colour of a tile beside them (once colours were named
    again, see :func:`_textile_colours`) that are no tile, taken out of ``decoded`` one at a
    time: the cell beside more tiles of its colour than one of them is (taking it out ends the
    most clashes), or else the one whose colour shows the bare table where the other's shows
    its paint (``colour_seen``, see :func:`vision.cells._colours_seen`: the cloth's ground of a
    white tile's colour in a hole of the layout, which tiles enclose on more sides than the
    white tile beside it, final19 textile-normal-1995), or else beside fewer tiles along its
    sides (a patch of a cloth of the tiles' colours, or its ground, beside the layout: a tile of
    a textile is knotted to it along an edge), or else the one that shows no die face where the
    other does (its pips read: a tile's face; a cloth's ground of a white tile's colour beside
    it shows none), or else the one whose occupancy is less sure by :data:`CLASH_OCC_MARGIN`.
    A textile keeps tiles of one colour apart (RULES.md); the cell is left with a doubt. A face washed by a lamp's hot spot
    (see :func:`washed`) is never taken out so: its colour is no evidence, the clash a misreading
    (tex16 textile-hard-1202: two washed greens read white beside white tiles taken out, and a
    washed blue beyond them as off the textile); a face whose colour fits neither the bare
    table nor any paint (see :func:`_fits_no_look`) clashes with nothing: neither it nor the
    tile beside it is taken out for its colour. Returns board-level doubts."""
    occ_conf = {(rd.row, rd.col): rd.occ_conf for rd in readings}
    washed_cells = {(rd.row, rd.col) for rd in readings if washed(rd)}
    no_look = {(rd.row, rd.col) for rd in readings if _fits_no_look(rd)}
    seen = {(rd.row, rd.col): rd.evidence.get("colour_seen") for rd in readings}
    doubts = []

    def sides(c: Cell) -> int:
        return _sides_held(c, decoded.keys())

    def face(c: Cell) -> bool:
        return decoded[c][0].get("pips") is not None

    def weaker_than(a: Cell, b: Cell) -> bool:
        if clashes[a] != clashes[b]:
            return clashes[a] > clashes[b]
        if {seen.get(a), seen.get(b)} == {"table", "paint"}:
            return seen.get(a) == "table"
        if sides(a) != sides(b):
            return sides(a) < sides(b)
        if face(a) != face(b):
            return face(b)
        return occ_conf.get(a, 1.0) <= occ_conf.get(b, 1.0) - CLASH_OCC_MARGIN

    while True:
        # (a washed face is never taken out for its colour; its colour still counts against a
        # clear face beside it, as leaving it out of the clashes too measured one cell worse on
        # 250 Textile photos: final13 textile-hard-802 2 -> 3)
        colours = {cell: a["colour"] for cell, (a, _, _) in decoded.items()
                   if a.get("colour") and cell not in no_look}
        clashes = _clashes(colours)
        weaker = [(-clashes[a], sides(a), face(a), occ_conf.get(a, 1.0), a) for a in clashes
                  if a not in washed_cells
                  and any(colours.get(b) == colours[a] and weaker_than(a, b) for b in _around(a))]
        if not weaker:
            return doubts
        *_, cell = min(weaker)
        logger.debug("cell %s: %s beside a tile of its colour, the less likely tile: no tile",
                     cell, colours[cell])
        del decoded[cell]
        doubts.append((cell, "occupied", f"read as a {colours[cell]} tile beside one of its "
                                         "colour, which the colour rule forbids: taken as no tile"))



def _edge_groups(cells: AbstractSet[Cell]) -> list[set[Cell]]:
    """``cells`` in groups joined along their sides (4-connected), the biggest first."""
    return sorted(connected_groups(set(cells), SIDE_STEP.values()), key=len, reverse=True)


def _bridges(cell: Cell, cells: AbstractSet[Cell]) -> bool:
    """Whether ``cell`` (one of ``cells``) joins parts of ``cells`` along their sides that
    would lie apart without it (4-connected groups: more of them without the cell)."""
    def count(part: set[Cell]) -> int:
        return len(connected_groups(part, SIDE_STEP.values()))

    return count(set(cells) - {cell}) > count(set(cells))


def _joining_cells(decoded: dict, five: AbstractSet[str], betrayed: AbstractSet[Cell]
                   ) -> set[Cell]:
    """The cells of ``decoded`` through which a sixth colour's cell may join the textile (see
    :func:`_joins_the_textile`; with the cell itself): the tiles read in one of the game's
    ``five`` colours or left unclear, and of those read in a sixth colour only the ones that
    are tiles of the textile on their own: ``betrayed`` (their pips standing out as that
    colour's tiles' do not) or bordering a tile of the five along a side. A sixth colour's cell
    joined to the textile only through others of a sixth colour is no tile of it yet (a cloth's
    orange dots side by side in a lamp's hot spot made a notch of their own, final23
    textile-normal-3006), where two tiles washed pink side by side in a notch or a bridge of
    the textile each border its tiles and hold each other in. (Measured on the 408 Textile
    development photos, a replay of the decoding on their captured readings: no board changed
    against leaving every other sixth-colour cell out, nor against counting one only where it
    joins the textile by itself.)"""
    tiles = {c for c, (a, _, _) in decoded.items()
             if a.get("colour") is None or a["colour"] in five}
    coloured = {c for c in tiles if decoded[c][0].get("colour") is not None}
    return tiles | {c for c in decoded if c not in tiles
                    and (c in betrayed or _sides_held(c, coloured) >= 1)}


def _joins_the_textile(cell: Cell, cells: AbstractSet[Cell]) -> bool:
    """Whether ``cell`` joins parts of the textile ``cells`` (:func:`_bridges`) or fills a notch
    of it (:func:`_in_a_notch`)."""
    return _bridges(cell, cells) or _in_a_notch(cell, cells)


#: A sixth colour's cell with tiles of the textile along this many of its sides is a tile of
#: the game's colours (see :func:`_textile_colours`): a cloth's motif beside the layout lies
#: along one side of it, or two in a corner; three make a notch one tile wide, which a tile
#: washed out by a lamp fills (final12 textile-hard-704: two reds read pink, 8 -> 5 cells).
NOTCH_SIDES = 3


def _in_a_notch(cell: Cell, cells: AbstractSet[Cell]) -> bool:
    """Whether ``cell`` shares an edge with tiles of ``cells`` along :data:`NOTCH_SIDES` of its
    sides or more: a notch of the textile one tile wide."""
    return _sides_held(cell, cells) >= NOTCH_SIDES


def _sides_held(cell: Cell, cells: AbstractSet[Cell]) -> int:
    """How many of ``cell``'s four sides border a cell of ``cells``."""
    return sum((cell[0] + dr, cell[1] + dc) in cells for dr, dc in SIDE_STEP.values())


#: A cell read as holding a tile with at least this occupancy confidence holds one surely: a
#: part of the textile joined to it along no edge whose every cell is read so stays a part of it
#: (see :func:`_off_the_textile`). Measured on the 376 Textile development photos at 9941e72
#: (session 39, tex48): the parts that rule took out whose cells were true tiles (a tile missed
#: between them and the textile: final16 textile-hard-1608, two; final23 textile-normal-3008,
#: three) were read 0.98-1.00, the cloth's grounds and motifs it rightly took out 0.56-0.92;
#: a round value between. The true side rests on 5 cells on 2 photos (1608, 3008) only.
SURE_PART_OCC = 0.95


def _surely_held(readings: list[CellReading]) -> set[Cell]:
    """The cells of ``readings`` read as holding a tile with occupancy confidence
    :data:`SURE_PART_OCC` at least."""
    return {(rd.row, rd.col) for rd in readings if rd.occupied and rd.occ_conf >= SURE_PART_OCC}


def _off_the_textile(decoded: dict, read: AbstractSet[Cell], unsure: AbstractSet[Cell],
                     outlined: AbstractSet[Cell] = frozenset(),
                     sure: AbstractSet[Cell] = frozenset()) -> list[tuple[Cell, str, str]]:
    """Textile tiles of ``decoded`` (taken out of it) that touch the textile at a corner at most
    and show no die face: every knot shares an edge with the textile (RULES.md), so the textile
    is one group of tiles joined along their sides. A cell read as a tile without pips that
    meets the rest only at a corner is a cloth's motif or ground beside the layout (a cream
    ground read white, a blue flower read blue), not a tile: the reader's layout (see
    :func:`vision.cells._keep_main_group`) joins cells at their corners too, as a tile missed
    inside a layout may leave its neighbours so. A cell whose pips were read shows a tile's die
    face and stays (a tile beyond a missed one). The parts are those of the tiles kept and of
    the cells read with pips (``read``) that the colour rule took out since (a tile misread in
    its neighbour's colour: the tile beyond it is no less the textile's); a cell taken out
    without pips (a cloth's ground) joins nothing. Parts of :data:`vision.cells.SPLIT_PART`
    tiles and half the biggest part's stay (a missed tile splits the textile); so does a part of
    :data:`vision.cells.SPLIT_PART` tiles joined to the biggest along sides through cells read
    as bare that may hold a tile (``unsure``): a white tile on a pale cloth is such a cell, the
    tiles beyond it the textile's (final17 textile-normal-1768: three tiles beyond two missed
    whites; a smaller part is a cloth's motif, as for a part joined by nothing). A smaller
    part stays too when one cell of ``outlined`` (unsure cells showing a tile's outline, one
    side of it the cell's own rim) lies along a side of both it and the biggest part: a tile
    missed between them, its rims seen, the tiles beyond it the textile's; a cloth's motif
    beside the layout is rarely beyond such a cell. (The neighbours' rims alone along the
    cell's sides do not make it outlined: an empty cell between the textile and a motif shows
    them too. final16 textile-hard-1608, a yellow and a white beyond a green read as bare
    whose full sides are the neighbours' rims, is then not joined. Of the 352 Textile
    development photos of session 38 the rule, counting those rims, fired on 1608 and final24
    textile-hard-3401; as now it fires on 3401 alone, its board unchanged.) A smaller part whose
    every cell without pips is read surely (``sure``, see :data:`SURE_PART_OCC`; a die face
    proves a tile already) stays too, a doubt on each such cell: a tile missed between it and
    the textile (a white tile on a white cloth) leaves tiles beyond it that the cells read as
    surely as the textile's own, where a cloth's ground or motif beside the layout reads less
    surely (final23 textile-normal-3008: a green, a blue and a red beyond missed whites). Such a
    part need not touch the textile even at a corner: traced on the 376 Textile development
    photos (session 39), 3008's green and blue lie two columns from it, meeting at a corner only
    the red (a part of its own); final16 textile-hard-1608's yellow and white, the other true
    part, meet it at a corner. Returns board-level doubts."""
    tiles = set(read) | set(decoded)
    groups = _edge_groups(tiles)
    if len(groups) < 2:
        return []
    keep = max(SPLIT_PART, len(groups[0]) / 2)

    def joined(group: set[Cell]) -> bool:
        """Whether ``group`` meets the biggest part along sides through ``unsure`` cells alone
        (not through a smaller part, itself perhaps a cloth's motif)."""
        return any(groups[0] <= g and group <= g
                   for g in _edge_groups(groups[0] | group | set(unsure)))
    doubts = []
    for group in groups[1:]:
        if len(group) >= keep:
            continue
        if len(group) >= SPLIT_PART and joined(group):
            logger.debug("cells %s: joined to the textile through cells that may hold a tile",
                         sorted(group))
            continue
        if _beyond_an_outlined_cell(group, groups[0], outlined):
            logger.debug("cells %s: beside a cell outlined as a tile beside the textile", sorted(group))
            continue
        bare = sorted(c for c in group if c in decoded and decoded[c][0].get("pips") is None)
        if set(bare) <= sure:
            doubts += _kept_sure_part(bare)
            continue
        for cell in bare:
            logger.debug("cell %s: joined to the textile along no edge: no tile", cell)
            del decoded[cell]
            doubts.append((cell, "occupied", "joined to the textile along no edge (every knot "
                                             "shares one with it): taken as no tile"))
    return doubts


def _kept_sure_part(bare: list[Cell]) -> list[tuple[Cell, str, str]]:
    """The doubts of a part of the textile joined to it along no edge that stays, every cell of
    it without pips read surely (see :func:`_off_the_textile`): one per such cell (``bare``,
    the cells the part would lose otherwise); a part whose every cell shows pips has none."""
    if bare:
        logger.debug("cells %s: joined to the textile along no edge but read surely (occupancy "
                     "%.2f or more): kept, a tile between them and the textile probably missed",
                     bare, SURE_PART_OCC)
    return [(cell, "occupied", "joined to the textile along no edge (every knot shares one "
                               "with it), yet read surely: kept; a tile between it and the "
                               "textile may be missed")
            for cell in bare]


def _beyond_an_outlined_cell(group: AbstractSet[Cell], main: AbstractSet[Cell],
                             outlined: AbstractSet[Cell]) -> bool:
    """Whether one cell of ``outlined`` shares a side with a cell of ``group`` and one of
    ``main`` (a tile missed between two parts of the textile, see :func:`_off_the_textile`)."""
    return any(_sides_held(cell, group) and _sides_held(cell, main) for cell in outlined)


def _around(cell: Cell) -> list[Cell]:
    """The eight cells around ``cell`` (along its sides and at its corners)."""
    return [(cell[0] + dr, cell[1] + dc) for dr, dc in AROUND]


def _used(decoded: dict, kit: Kit, game: str) -> Counter:
    """How many tiles of each identity the decoded readings hold so far."""
    used: Counter = Counter()
    for attrs, _, _ in decoded.values():
        key = _reading_key(kit, game, attrs)
        if key is not None:
            used[key] += 1
    return used


def _fill(entry: tuple[dict, dict, list], attribute: str, scored: list, used: Counter) -> bool:
    """Set an unclear ``attribute`` of a decoded cell ``entry`` (attrs, confidences, doubts) to
    the cheapest of ``scored`` ``[(cost, value, tile key)]`` when it is clearly cheapest (by
    :data:`DECIDE_MARGIN`); returns whether it was set."""
    if not scored:
        return False
    scored = sorted(scored, key=lambda t: t[0])
    cost, value, key = scored[0]
    if len(scored) > 1 and scored[1][0] - cost < DECIDE_MARGIN:
        return False
    attrs, conf, tile_doubts = entry
    attrs[attribute] = value
    conf[attribute] = max(CONFIDENCE_THRESHOLD, min(0.9, 1.0 - 0.1 * cost))
    tile_doubts[:] = [d for d in tile_doubts if d[0] != attribute]
    if key is not None:
        used[key] += 1
    return True


def set_fit(readings: list[CellReading], kit: Kit, game: str) -> float:
    """How well a reading fits the kit's set, 0-1: the share of the tiles read in full that are
    tiles of the set (a wrong lattice reads pieces of tiles: X-Tiles sectors of several tiles
    rarely make one of the 48), and 0 when more tiles are read than the set holds. 1 when
    nothing can be checked. An X-Tiles tile of unclear sectors is checked by the paints nearest
    its sectors (see :func:`_nearest_named`)."""
    occupied = [rd for rd in readings if rd.occupied]
    if game == "textile" and kit.face_model == "solid":
        return _textile_fit(occupied, kit)
    total = sum(int(t.get("count", 1)) for t in kit.tiles)
    if total and len(occupied) > total:
        return 0.0
    kinds = {_tile_key(kit, t) for t in kit.tiles}
    keys = [_reading_key(kit, game, _nearest_named(rd)) for rd in occupied]
    keys = [k for k in keys if k is not None]
    fit = sum(k in kinds for k in keys) / len(keys) if keys else 1.0
    if kit.face_model in ("solid", "symbol"):
        # a tile whose colour alone is read still counts against its colour's copies (a lattice
        # finer than the tiles reads a tile as several of its colour, their pips or symbols cut)
        fit = min(fit, _colour_fit(occupied, kit))
    return fit


def _nearest_named(rd: CellReading) -> dict:
    """A reading's attributes (``rd.attrs``), its sectors, where unclear (``edges`` None), those
    of the paints nearest each (its evidence's ``sector_named``, recorded for X-Tiles).

    A tile of unclear sectors left out of the set fit let a lattice whose every tile was so
    fit the set in full: a cloth's gingham read on its own grid (squares of two colours, never
    one of the 48 tiles, each read a tile of unclear sectors) fitted it as well as the layout's
    own lattice, and outscored it. A tile the layout's lattice reads unclear (a sector washed
    by a glare) is most often still named a tile of the set by its nearest paints."""
    named = rd.evidence.get("sector_named")
    if rd.attrs.get("edges") is None and named:
        return {**rd.attrs, "edges": named}
    return rd.attrs


def _colour_fit(occupied: list[CellReading], kit: Kit) -> float:
    """The share of the tiles read with a colour that are within the set's copies of that
    colour (1 when no colour is read)."""
    seen = Counter(c for rd in occupied if (c := rd.attrs.get("colour")) is not None)
    if not seen:
        return 1.0
    return 1.0 - kit.beyond_copies(seen) / sum(seen.values())


#: A face whose colour lies this near (CIEDE2000 under the light) a colour beside the game's
#: five fits that colour clearly: a tile of the five misnamed under an odd light (a lamp's cast,
#: its reflection) fits the colour it was misnamed loosely, as a paint it is not (measured on
#: the Textile photos of the independent and the project's renderers: red read pink 12.4-15.9
#: away; the cloths' black flowers 1.1-4.6 from black, a thing on the table 7.0 from orange).
SIXTH_COLOUR_FIT = 10.0


def _sixth_colour(own: str | None, dist: dict[str, float], five: set[str],
                  near: AbstractSet[str] = frozenset()) -> bool:
    """Whether a Textile cell read as ``own`` (its colour distances ``dist``) shows a thing of
    a colour the game does not use, no tile: the board shows the game's ``five`` colours
    (Textile is played with five, RULES.md), the cell's colour is none of them and fits its own
    clearly (:data:`SIXTH_COLOUR_FIT`), and none of the five is likely on its evidence
    (:data:`FILL_PROB`, as in :func:`_textile_colours`): a cloth's flower, a box, a pen. Nor is
    a colour of the five that a tile beside the cell shows (``near``: the colours read surely
    around it) likely: the colour rule keeps a tile of it from lying there (a purple gingham's
    dark check beside the layout, blue the nearest of the five, a blue tile at its corner:
    tex9dev textile-normal-541)."""
    if own is None or own in five or dist.get(own, np.inf) > SIXTH_COLOUR_FIT:
        return False
    d_five = min((dist.get(name, np.inf) for name in five - near), default=np.inf)
    return bool(np.exp(-0.5 * ((d_five - dist[own]) / COLOUR_SD) ** 2) < FILL_PROB)


#: Textile is played with this many of the set's colours (RULES.md: 5 colours x 6 tiles).
TEXTILE_COLOURS = 5


def _textile_fit(occupied: list[CellReading], kit: Kit) -> float:
    """:func:`set_fit` for Textile, whose tiles are known by colour alone: the share of the tiles
    read with a colour that touch no tile of their colour (orthogonally or diagonally: the
    colour rule) and are not beyond the set's copies of their colour; 0 when more tiles are read
    than the game's material holds. A lattice finer than the tiles reads each tile as a block of
    same-coloured cells and fits nothing; a legal textile read right fits fully."""
    copies = kit.colour_copies()
    if copies and len(occupied) > TEXTILE_COLOURS * max(copies.values()):
        return 0.0
    colour = {(rd.row, rd.col): rd.attrs.get("colour") for rd in occupied if not washed(rd)}
    colour = {cell: c for cell, c in colour.items() if c is not None}
    seen = {(rd.row, rd.col): rd.evidence.get("colour_seen") for rd in occupied}
    for cell in _ground_beside_its_paint(colour, seen):
        del colour[cell]
    if not colour:
        return 1.0
    bad = kit.beyond_copies(Counter(colour.values()))
    touching = len(_clashes(colour))
    return max(0.0, 1.0 - max(bad, touching) / len(colour))


def _ground_beside_its_paint(colour: dict[Cell, str], seen: dict[Cell, str | None]) -> set[Cell]:
    """Cells of ``colour`` (cell -> colour read) whose colour shows the bare table (``seen``:
    cell -> ``colour_seen``, see :func:`vision.cells._colours_seen`) beside a cell of their
    colour that shows its paint: a cloth's ground read in a tile's colour (a cream cloth's
    ground as white) in a hole of the layout or beside it, taken only for the tiles' outline
    around it. The decoder takes such a cell out as no tile (see :func:`_unclashed`, which
    prefers the paint to the table), so the set fit, which judges a lattice by the reading the
    decoder will make of it, leaves it out too rather than count its clash against the lattice
    (final19 textile-normal-1995: five cream cells read white beside white tiles left the
    layout's own lattice at set fit 0.64, within 0.04 of a lattice that lost two tiles). A
    lattice finer than the tiles reads each tile's paint in a block of cells that all show
    paint: their clashes still count."""
    return {cell for cell, c in colour.items() if seen.get(cell) == "table"
            and any(colour.get(b) == c and seen.get(b) == "paint" for b in _around(cell))}


def washed(rd: CellReading) -> bool:
    """Whether a tile's face is washed by a lamp's hot spot (blown out over :data:`WASHED_FACE`
    of its cell): the colour read from what is left of it is no evidence for or against the set
    (the hot spot reads pale paints of any colour white, and two washed neighbours 'clash': tex15
    textile-hard-1006, a red, a green and a blue washed white in a row; its lattice through them
    lost to one of half the layout). (Measured: the washed faces of tex15 textile-hard-1006 and
    tex16 textile-hard-1202 blown out over 0.42-0.79; white tiles at the hot spot's edge beside
    them 0.24-0.29, clear faces under 0.1.)"""
    return rd.evidence.get("blown", 0.0) > WASHED_FACE


def _fits_no_look(rd: CellReading) -> bool:
    """Whether a face's colour (read, ``colour_distance`` in its evidence) shows neither the
    bare table nor a paint (``colour_seen`` ``"neither"``, see :func:`vision.cells._colours_seen`:
    nearer a paint than the table, but not within :data:`vision.cells.OUTLINE_FREE_FIT` of it):
    a tile's face the light has changed at a hot spot's edge, not a cloth's ground, which shows
    the table. Its colour is no evidence of a clash with a tile beside it, for or against
    either (see :func:`_unclashed`). (Measured on the 276 Textile development photos at
    3818162: of the 10 tiles taken out for a clash, the 6 in such a colour, a green 16 from
    white and 32 from green among them, final17 textile-normal-1763; of the 17 cells rightly
    taken out for a clash, none: they showed the table, or a paint.)"""
    return rd.evidence.get("colour_seen") == "neither"


#: A face blown out over this share of its cell is washed (see :func:`washed`): midway between
#: the white tiles at a hot spot's edge (0.24-0.29) and the washed faces (0.42-0.79) of tex15
#: textile-hard-1006 and tex16 textile-hard-1202.
WASHED_FACE = 0.35


def _tile_key(kit: Kit, t: dict) -> Any:
    if kit.face_model == "solid":
        return (t["colour"], t.get("pips"))
    if kit.face_model == "symbol":
        return (t["colour"], t["symbol"])
    if kit.shape == "rounded-x":
        s = tuple(t["sectors"])
        return min(s, s[2:] + s[:2])
    return _canon_square(tuple(t["edges"]))


def names_no_tile(kit: Kit, game: str, attrs: dict) -> bool:
    """Whether a sector tile's reading (``attrs`` as decoded) names no tile of the kit's set:
    an attribute left unknown, or a combination the set does not hold (an X-Tiles face shows
    three paints, one on two neighbouring sectors, RULES.md)."""
    key = _reading_key(kit, game, attrs)
    return key is None or all(_tile_key(kit, t) != key for t in kit.tiles)


def _reading_key(kit: Kit, game: str, attrs: dict) -> Any:
    if kit.face_model == "solid":
        if attrs.get("colour") is None or (kit.pips and attrs.get("pips") is None):
            return None
        if game == "textile":
            return None  # textile ignores pips and uses 6 copies of each colour
        return (attrs["colour"], attrs.get("pips"))
    if kit.face_model == "symbol":
        if attrs.get("colour") is None or attrs.get("symbol") is None:
            return None
        return (attrs["colour"], attrs["symbol"])
    edges = attrs.get("edges")
    if edges is None:
        return None
    if kit.shape == "rounded-x":
        return _x_key(edges, attrs.get("long_axis"))
    return _canon_square(tuple(edges[k] for k in "nesw"))
