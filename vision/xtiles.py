"""X-Tiles' lattice from the tiles themselves: every tile centre is a lattice point.

The X-Tiles reader first looked for the lattice in the tiles' straight X grooves, taking them for
the cells' diagonals. That holds only for one drawing of the tile: a groove may run to the
tile's corners instead (not at 45 degrees to the lattice), or be missing altogether. What every
X-Tiles layout shows, whatever the tiles' proportions, is the tiles: blobs of the four paint
colours, each ringed by its unpainted wood rim, sitting on a square lattice with their long
axes alternating in a checkerboard (RULES.md). Tiles that nest tile the plane, so one tile's
area is one cell.

:func:`tile_lattices` finds the painted faces (pixels near the kit's palette under the photo's
light), closes the thin grooves between a face's sectors (a groove is narrower than the two
rims, and the gap, between neighbouring tiles), keeps the blobs shaped like one tile, and fits
the square lattice to their centres, long axes along the lattice's axes.

Conventions: images are BGR ``uint8``; points ``(x, y)`` in full-image pixels; a lattice maps
``(x, y, 1)`` lattice coordinates to image pixels, tile ``(row, col)`` centred at
``(col + 0.5, row + 0.5)``.
"""
from __future__ import annotations

import itertools
import logging
import math
from dataclasses import dataclass
from typing import Callable, Iterator

import cv2
import numpy as np

from vision.centres import (HOMOGRAPHY_TILES, ON_LATTICE, camera_map, fit_map as _fit_map,
                            residual_rms)
from vision.colour import (palette_linear, Palette, _predict_lin, bgr_to_lab, classify_adaptive,
                           lab_to_bgr, match_palette, srgb_to_linear)
from vision.foreground import foreground_mask
from vision.glare import SHADE_RANGE, exposed_lab, shaded_with_glare
from vision.lattice import apply_h, jacobian, signed_cell_areas
from vision.locate import MAX_CELLS, Lattice, _normalise, work_copy

logger = logging.getLogger(__name__)

#: The painted faces are looked for on a copy of the layout's region of at most this many
#: pixels (a tile about 60-150 px long on a 12 MP photo's half-size decode: a rim of a
#: millimetre stays about a pixel wide or more).
ROI_PIXELS = 250_000
#: A pixel is paint when its colour lies within this (CIELAB, Euclidean) of a palette colour
#: as predicted under the photo's light. (Measured on rendered photos of both renderers: paint
#: within 10-15, the wood rim and the tables 25 or more.)
PAINT_DISTANCE = 20.0
#: With a calibration profile, measured on the player's own set under their light (the palette's
#: colours with a covariance, see ``Palette.from_profile``), the paint is also looked for within
#: this of its colours (after the paint within PAINT_DISTANCE, whose allowance is for a set
#: painted off the kit's colours): the wood rim, unpainted, comes no nearer the measured paints.
#: (Calibration measure X-Tiles seed 1 under a 3000 K lamp: the lit rims lay 15-20 from the
#: profile's pale orange, joining neighbouring faces into one mass of paint with only 2 tile
#: shapes; at 15 the faces stand apart, that photo's 7 cells wrong -> 0.)
MEASURED_PAINT_DISTANCE = 15.0
#: The light is fitted on this many pixels of the layout (see :func:`_layout_samples`) ...
LIGHT_SAMPLES = 600
#: ... that lie at least this far (CIELAB) from each of this many clusters of the table's colours.
TABLE_APART = 10.0
TABLE_CLUSTERS = 6
#: Of the light fits, the one whose paint covers the most of the layout and the least of the
#: table around it (this many times its share of the table counted against it) is kept.
TABLE_PENALTY = 4.0
#: Closings tried (disc radius as a share of the typical piece of paint's size, see
#: :func:`_tile_blobs`) to bridge a face's grooves but not its rim.
CLOSE_RADII = (0.0, 0.03, 0.06, 0.1, 0.15, 0.22)
#: A blob is one tile when its long / short second-moment axis ratio is at least this (a
#: tile is about 1.5 times as long as wide; a sector alone is squat) ...
MIN_ELONGATION = 1.25
#: ... its area at least this share of its convex hull's (the waist's dip; two tiles nested
#: make an L or T) ...
MIN_SOLIDITY = 0.72
#: ... and its area within this factor of the typical tile's.
AREA_FACTOR = 1.6
#: Closings whose tile-shaped blobs hold the paint to within this share are as good: the one
#: with the larger blobs is kept (whole faces rather than parts).
COVER_TIE = 0.08
#: The closings stop once the tile-shaped blobs hold less than this share of what the best
#: closing's held (whole tiles joining; joining a face's sectors raises the share, however
#: many fewer blobs it leaves).
CLOSING_STOP = 0.5


@dataclass(frozen=True)
class TileBlob:
    """One painted face: ``centre`` (x, y) full-image pixels, ``angle`` of its long axis
    (radians, image axes, in [0, pi)), ``area`` (full-image pixels), ``elongation``."""

    centre: tuple[float, float]
    angle: float
    area: float
    elongation: float


def tile_lattices(image: np.ndarray, palette: Palette, *, fg: np.ndarray | None = None,
                  work_scale: float | None = None, second_chance: bool = True,
                  shown: np.ndarray | None = None, without_prints: bool = False
                  ) -> list[Lattice]:
    """Lattices of X-Tiles fitted to the tiles' centres (best first; empty when fewer than two
    tiles are seen).

    Parameters
    ----------
    image : (H, W, 3) uint8 BGR, the photo.
    palette : the kit's paint colours.
    fg, work_scale : the locator's foreground mask (work resolution) and its scale (work /
        full); computed when not given.
    without_prints : leave a cloth's prints that cross the region out of every paint the faces
        are looked for on (:func:`_prints_left_out`, see :func:`_paint_blobs`): each light's
        paint, the shade tier, the hot-spot tier and the paint under a lamp's veil. Only the
        second search, where the paints meet (:func:`_where_paints_meet`), sets it.

    Each lattice's ``info`` holds ``source`` ("tiles"), ``tiles`` (the tiles fitted), ``found``
    (those of them found as blobs, before any face was grown) and ``long_axis_parity`` (0 when
    the tiles of even ``row + col`` lie east-west).

    The lights' paints are tried in turn until a lattice's faces make up both what stands out
    from the table (the foreground) and what is painted (every light's paint over the region,
    the cloth's prints that run off it left out, :func:`_without_print`): the foreground leaves
    out tiles of a cloth's colours (a cloth printed in the paints' colours: a yellow and blue
    stripe left a layout's yellow and blue sectors out, and the lattice of 4 of its 13 tiles
    that made up the rest was taken).

    With ``second_chance``, when the foreground's region shows fewer than :data:`GROW_FROM`
    faces on a lattice, the layout is looked for where the paints meet too
    (:data:`MEETING_PAIRS`): the foreground misses a layout on a cloth of its own paints.
    That region is where to look, not what stands out from the table (a cloth's prints of the
    paints' colours lie about the faces): the lattice's foreground is then the faces found and
    ``shown``, the foreground (work pixels; ``fg`` when None), about them (:func:`_with_faces`).
    It is looked for there too, however many faces were found, when the foreground's region
    was seen shrunk and the paints meet over a small share of it (see :func:`_where_paints_meet`).
    """
    if fg is None or work_scale is None:
        work, work_scale = work_copy(image)
        fg = foreground_mask(work)
    if fg.mean() < 1e-4:
        return []
    view = fg if shown is None else shown  # (what the tiles are measured against)
    best: Lattice | None = None
    made = None  # (what the best lattice was fitted on, for the edge's second pass)
    # (the lights' best lattice once the paint under a lamp's local veil is asked for, looked
    # for only when no light's paint gave a layout's lattice: see _veiled_paint and _few_faces)
    lights: list[Lattice | None] = []
    few_made_up = False  # (whether a lattice of a few faces found made up the paint)

    def veil_wanted() -> bool:
        lights.append(best)
        return _few_faces(best)

    for blobs, paint, box, scale, *every in _paint_blobs(image, palette, fg, work_scale,
                                                          veiled=veil_wanted,
                                                          without_prints=without_prints):
        if len(blobs) < 2:
            logger.debug("x-tiles: %d tile-shaped blobs: no lattice from tiles", len(blobs))
            continue
        lat = _fit_lattice(blobs, paint, box, scale, view, work_scale,
                           size=(image.shape[1], image.shape[0]),
                           every_paint=every[0] if every else None,
                           every_colour=every[4] if every else None,
                           outline=every[3] if every else None)
        through_veil = bool(lights)  # (veil_wanted was asked: this paint is the veil's)
        if (lat is not None and through_veil and lights[0] is not None
                and _veil_unexplained(lat, paint, scale)):
            logger.debug("x-tiles: the veil's lattice of %d tiles does not make up its paint: "
                         "the lights' %d kept", lat.info["tiles"], lights[0].info["tiles"])
            continue
        # (of the lights' paints, the one whose lattice holds the most faces, those found as
        # blobs counted above those grown: see _more_faces)
        if lat is not None and (best is None or _more_faces(lat, best)):
            best = lat
            made = (blobs, paint, box, scale, every, lat.info["faces_xy"])
        if (best is not None and best.info["faces"] == best.info["tiles"]
                and best.info["tiles"] >= EXPLAINED * _cells_standing_out(fg, work_scale, best)
                and not _paint_unexplained(best, every, scale)):
            # (its tiles make up what stands out from the table and what is painted)
            if not _few_faces(best):
                break
            # (a few faces found, grown or not, leave the veil and the other lights to be
            # searched; a few all found as blobs send the layout where the paints meet too,
            # though a later light's lattice holds more faces: see _where_paints_meet)
            few_made_up = few_made_up or best.info["found"] == best.info["tiles"]
    if made is not None:
        best = _edge_pass(image, palette, view, work_scale, best, *made)
        if second_chance and _off_the_foreground(fg, work_scale, image.shape[:2], best.pitch_px,
                                                 made[0], made[2], made[5]):
            # (the foreground cuts the layout: look again about the faces found)
            again = tile_lattices(image, palette, fg=_about_faces(fg, made[5], work_scale,
                                                                  best.pitch_px),
                                  work_scale=work_scale, second_chance=False,
                                  shown=view)
            logger.debug("x-tiles: about the faces found: %s tiles (were %d)",
                         again[0].info["tiles"] if again else 0, best.info["tiles"])
            if again and again[0].info["tiles"] > best.info["tiles"]:
                if _keeps_faces(best.info["faces_xy"], again[0].info["faces_xy"], best.pitch_px):
                    best = again[0]
                else:
                    logger.debug("x-tiles: about the faces found: its lattice moves them, not taken")
    if second_chance:
        # (whether the faces found make up what is painted over the region: see PAINT_EXPLAINED)
        unexplained = made is not None and _paint_unexplained(best, made[4], made[3])
        best = _where_paints_meet(image, palette, fg, work_scale, best, unexplained,
                                  few_made_up=few_made_up)
    return [best] if best is not None else []


def _few_faces(lat: Lattice | None) -> bool:
    """Whether the lattice ``lat`` (None: none found) holds fewer than :data:`GROW_FROM` tiles
    found as blobs (faces grown from three count for none, see :func:`_enough_faces`): too few
    for a layout's lattice, so the paint under a veil is looked for too. A lamp's hot
    spot over part of the layout washes those faces out of every light's paint while the faces
    beside it keep theirs (final16 x-tiles-hard-1602: 2 of its 10 faces found outside the hot
    spot, 10 cells wrong; under the veil 8 found and all 10 read, 6 wrong, washed oranges
    named yellow); with more faces found the veil is not looked for (a lattice through it may
    hold more faces and read worse: final14 x-tiles-normal-1106, see :func:`_veiled_paint`).
    A lattice through the veil takes the place of those few faces only when its faces make
    up the veiled paint (:func:`_veil_unexplained`)."""
    return lat is None or lat.info["found"] < GROW_FROM


def _veil_unexplained(lat: Lattice, veiled: np.ndarray, scale: float) -> bool:
    """Whether the lattice ``lat`` fitted on the paint under a veil ``veiled`` (bool or uint8,
    ROI pixels at ``scale`` ROI / full, near the layout) holds fewer tiles than
    :data:`PAINT_EXPLAINED` of the cells that paint would fill as faces (:func:`_cells_painted`),
    so that it does not take the place of the few faces the lights' paint showed.

    Faces washed by a lamp's reflection stand apart under the veil, each ringed by its paler
    rim, and the faces found make up the veiled paint; a veil that fits the table about the
    layout too (a cloth's pale squares of a washed paint's hue) paints a mass the faces' rims
    do not split, whose few tile-shaped pieces are chance. (Measured: final16
    x-tiles-hard-1602, 2 faces in the lights' paint, 8 tiles under the veil over 8.8 cells'
    paint, 10 -> 6 cells wrong; final13 x-tiles-hard-800 on an orange gingham, 3 tiles over
    17.7 cells' paint, which read 12 -> 14 cells wrong when taken.)"""
    return _tiles_unexplained(lat, float(np.count_nonzero(veiled)), scale)


def _tiles_unexplained(lat: Lattice, painted: float, scale: float) -> bool:
    """Whether ``lat``'s tiles are fewer than :data:`PAINT_EXPLAINED` of the cells a paint of
    ``painted`` ROI pixels (at ``scale``) fills as faces (:func:`_cells_painted`)."""
    return lat.info["tiles"] < PAINT_EXPLAINED * _cells_painted(painted, scale, lat)


def _paint_unexplained(lat: Lattice, every: list | None, scale: float) -> bool:
    """Whether ``lat``'s tiles are fewer than :data:`PAINT_EXPLAINED` of the cells the paint
    over the region fills (``every``: the region's every-paint view, see :func:`_paint_blobs`,
    at ``scale``; none: nothing to explain)."""
    return bool(every) and _tiles_unexplained(lat, every[1], scale)


def _where_paints_meet(image: np.ndarray, palette: Palette, fg: np.ndarray, work_scale: float,
                       best: Lattice | None, unexplained: bool, *,
                       few_made_up: bool) -> Lattice | None:
    """The lattice ``best`` found on the foreground ``fg`` (work pixels, ``work_scale``), or the
    one found where the paints meet (:func:`_paints_meeting`) when it holds more tiles, looked
    for when the foreground's region shows no layout (few faces found as blobs, see
    :func:`_few_faces`, in ``best`` or in a lattice of the lights' whose faces, all found as
    blobs, made up the paint: ``few_made_up``) and that region differs from the foreground's
    (:data:`SEARCHED`, :data:`FINER`, :data:`HELD`), or when the foreground's region was
    viewed shrunk (over :data:`ROI_PIXELS`), ``best``'s tiles are ``unexplained`` by the paint
    over it (fewer than :data:`PAINT_EXPLAINED` of the cells it would fill) and where the
    paints meet is a fraction of it (:data:`FINER`): a table or a mat standing out from the
    floor, a sheet of paper beside the layout, widen the foreground's box, and its faces are
    seen at a fraction of their pixels, their rims thinned till the faces merge, while the
    paint still shows them.

    A later light's lattice of more faces found does not stand for a few that made up the
    paint: a cloth's print in a light's paint joins the layout's faces (xt25
    x-tiles-hard-748 on a dotted cloth: 2 faces found made up the first light's paint; a
    later light's 6 tiles, the left column lost and one misread, were kept and the paints'
    meeting, where all 7 read, was not looked at: 0 -> 3 cells wrong)."""
    shape = image.shape[:2]
    few = _few_faces(best) or few_made_up
    if not few and not (unexplained and _shrunk(fg, work_scale, shape)):
        return best
    mixed = _paints_meeting(image, palette, fg.shape)
    if mixed is None:
        return best
    finer = _box_share(mixed, fg, work_scale, shape) < FINER
    if not (finer or (few and (_searched_share(mixed, fg, work_scale, shape) < SEARCHED
                               or _meeting_held(mixed, fg) < HELD))):
        return best
    logger.debug("x-tiles: %s tiles on the foreground%s: trying where the paints meet",
                 best.info["tiles"] if best is not None else 0,
                 " (a light's few faces made up the paint)" if few_made_up else "")
    again = tile_lattices(image, palette, fg=mixed, work_scale=work_scale,
                          second_chance=False, shown=fg, without_prints=True)
    if again and (best is None or again[0].info["tiles"] > best.info["tiles"]):
        return again[0]
    return best


def _shrunk(fg: np.ndarray, work_scale: float, shape: tuple[int, int]) -> bool:
    """Whether the foreground's region (:func:`_roi`) is viewed shrunk, over :data:`ROI_PIXELS`
    (``fg`` bool, work pixels at ``work_scale``; ``shape`` the image's)."""
    x0, y0, x1, y1 = _roi(fg, work_scale, shape)
    return (x1 - x0) * (y1 - y0) > ROI_PIXELS


#: Of the lights' lattices, a face found as a blob counts this many times as much as a grown
#: one (see :func:`_more_faces`): its own paint places it, where a grown face is where the
#: lattice's map predicts it, yet grown faces are tiles too. (Counting only the faces found,
#: final10 x-tiles-hard-401's light of 7 found and 3 grown beat one of 6 found and 5 grown,
#: and 6 more cells were read wrong; counted twice, 200 X-Tiles photos of the independent sets
#: read 163 -> 151 cells wrong, one photo a cell worse.)
FOUND_WEIGHT = 2


def _more_faces(lat: Lattice, than: Lattice) -> bool:
    """Whether the tiles' lattice ``lat`` holds more faces than ``than``, a face found as a
    blob (``info["found"]``, the tiles on it before any face was grown) counted
    :data:`FOUND_WEIGHT` times and a grown one once (``info["tiles"]`` holds both); on a tie,
    whether it holds more tiles.

    A face found as a blob is placed by its own paint; a grown one where the lattice's map
    predicts it (:func:`_grow_faces`), so a map fitted to a few faces, some of them off, grows
    faces where it is off and counts them as confirming it. (Measured: final13
    x-tiles-hard-807, a view tilted 30 degrees: one light's lattice took all 11 faces found,
    each within 6 px of its tile; another's 4 faces, two 25-33 px off, grew 8 more 20 px off
    and one on the cloth's blue stripe: 12 tiles, taken, its cells 0.2 pitch off read 5 of 9
    tiles that the set does not have, and the reading was refused.)"""
    def weight(one: Lattice) -> tuple[int, int]:
        found = one.info["found"]
        return FOUND_WEIGHT * found + one.info["tiles"] - found, one.info["tiles"]

    return weight(lat) > weight(than)


#: Where the foreground's region shows no layout, the layout is looked for where several
#: pairs of the paints meet (see :func:`_paints_meeting`): a tile's face is three paints in
#: sectors that touch across its grooves, and nested faces bring the fourth, so about a face
#: all the kit's pairs of paints meet; a cloth or an object printed in the paints' colours
#: shows one or two pairs (a stripe of orange beside one of blue). The foreground, what stands
#: out from the table, misses tiles on a cloth of their own paints (an independent renderer's
#: photo: 14 tiles on orange and blue stripes, the foreground a sheet of paper beside them).
MEETING_PAIRS = 3
#: ... and within this many pairs of the most that meet anywhere: nested faces bring all four
#: paints (the kit's six pairs meet about the layout's middle; at its edges a face's three and
#: one across to a neighbour), while a cloth printed in some of the paints' colours shows
#: fewer (measured: an independent renderer's cloth of orange and red flowers with yellow
#: hearts, 3 pairs over 42 % of the picture; its layout 4-6 pairs, 2 %).
MEETING_SHORT = 2
#: Paints meet where two lie within this share of the picture's longer side (at the work
#: resolution: across a groove, about a pixel) ...
MEETING_REACH = 0.004
#: ... counted over a neighbourhood of this share of the picture's longer side (about a
#: tile's size on a photo of a layout: tiles of 3-8 % of the side).
MEETING_SPREAD = 0.03
#: A pixel is paint here within this (CIELAB) of a palette colour in any shade
#: (:data:`SHADE`; no light is fitted yet, so wider than :data:`PAINT_DISTANCE`).
MEETING_DISTANCE = 1.5 * PAINT_DISTANCE


#: ... and only when less than this share of that region's box lies in the foreground's
#: region, whose paint was already looked for over every pixel (:func:`_paint_masks`): where
#: the paints meet within it (faces a glare washes out, a cloth of flowers in the paints'
#: colours) the faces were looked for already. (Measured: of the 5 X-Tiles photos of 171
#: whose foreground showed fewer than 4 faces, the one whose layout lay off the foreground,
#: 0.2 in; the others 0.97-1.0 in, their second search 0.05-2.2 s for nothing.)
SEARCHED = 0.5
#: ... or when that region's box is less than this share of the foreground's: its faces are
#: then seen at twice the pixels or more (the region's view holds :data:`ROI_PIXELS`). On a
#: cloth printed in some of the paints' colours, whose prints stand out as the layout does,
#: the foreground's region spans the cloth and its faces are seen at the prints' size
#: (measured on the independent renderer's photos: a cloth of orange and red flowers, the
#: region of the paints' meeting 0.21 of the foreground's, its 15 tiles found there and none
#: over the cloth's region; final6 x-tiles-hard-090, a small layout on a table of orange wood
#: whose foreground's box takes in a pen and a cup beside it, 0.32, no face more found).
#: The same holds whatever the faces found, when the foreground's region is seen shrunk: a
#: light table standing out whole from a dark floor (xt32 x-tiles-hard-1157, a view tilted 44
#: degrees: the region 1467 x 1275 px of the half-size decode seen at 0.37, its rims of 1.3 mm
#: under a pixel; where the paints meet 0.09 of it: 4 tiles found -> 12, 6 cells wrong -> 3),
#: when the faces found do not make up the paint seen (:data:`PAINT_EXPLAINED`): of 270
#: X-Tiles photos 81 show such a region, and looked at again whatever was found, their
#: reading took 54 -> 96 s for one cell more (final10 x-tiles-hard-401); so 60 -> 62 s.
FINER = 0.5


#: ... or when less than this share of the pixels where the paints meet lie in the foreground.
#: The foreground is coarse, wider than the faces, so where it holds the layout it holds
#: nearly all of where the paints meet; where it leaves out a cloth's colours it leaves out
#: the faces' sectors of those colours too, and the light fitted to it is fitted without
#: them: within its region those paints were not looked for. (Measured on the independent
#: renderer's X-Tiles photos whose foreground showed fewer than GROW_FROM faces, 4 of 54: a
#: layout on a cloth of yellow dots, its yellow sectors and two of its seven tiles off the
#: foreground, 0.59 in it, 2 faces found on the foreground and 6 where the paints meet; a
#: layout in a glare 1.0; the two that SEARCHED/FINER already send on, 0.06 and 0.19. Not yet
#: measured on the 171 photos of SEARCHED: one photo each side of 0.8.)
HELD = 0.8


def _searched_share(mixed: np.ndarray, fg: np.ndarray, work_scale: float,
                    shape: tuple[int, int]) -> float:
    """The share of the box of ``mixed``'s region (see :func:`_roi`) that lies in the box of
    ``fg``'s (both bool masks at the work resolution ``work_scale``; ``shape`` the image's)."""
    a, b = _roi(mixed, work_scale, shape), _roi(fg, work_scale, shape)
    w = max(0, min(a[2], b[2]) - max(a[0], b[0]))
    h = max(0, min(a[3], b[3]) - max(a[1], b[1]))
    return w * h / max(1, (a[2] - a[0]) * (a[3] - a[1]))


def _box_share(mixed: np.ndarray, fg: np.ndarray, work_scale: float,
               shape: tuple[int, int]) -> float:
    """The area of the box of ``mixed``'s region (see :func:`_roi`) over that of ``fg``'s (both
    bool masks at the work resolution ``work_scale``; ``shape`` the image's)."""
    a, b = _roi(mixed, work_scale, shape), _roi(fg, work_scale, shape)
    return ((a[2] - a[0]) * (a[3] - a[1])) / max(1, (b[2] - b[0]) * (b[3] - b[1]))


def _meeting_held(mixed: np.ndarray, fg: np.ndarray) -> float:
    """The share of ``mixed``'s pixels that lie in ``fg`` (both bool masks at the work
    resolution, one shape)."""
    return np.count_nonzero(mixed & fg) / max(1, np.count_nonzero(mixed))


def _paints_meeting(image: np.ndarray, palette: Palette, shape: tuple[int, int]
                    ) -> np.ndarray | None:
    """The region (bool, ``shape`` ``(h, w)``, the work resolution) where at least
    :data:`MEETING_PAIRS` pairs of the palette's paints meet (about every face's middle, where
    its sectors meet) within half :data:`MEETING_SPREAD` of where the most meet (see
    :data:`MEETING_SHORT`); None when there is none."""
    h, w = shape
    small = cv2.resize(image, (w, h), interpolation=cv2.INTER_AREA)
    shifted, x2 = _shifted_lab(bgr_to_lab(small))
    colour, d2 = _shaded_nearest(shifted, x2, palette.lab.astype(np.float32), SHADE)
    paint = d2 < MEETING_DISTANCE ** 2
    k = len(palette.names)
    r = max(1, int(round(MEETING_REACH * max(h, w))))
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    near = [cv2.dilate((paint & (colour == c)).astype(np.uint8), disc) for c in range(k)]
    spread = max(3, int(round(MEETING_SPREAD * max(h, w))))
    pairs = np.zeros((h, w), np.float32)
    for a, b in itertools.combinations(range(k), 2):
        meet = (near[a] & near[b]).astype(np.float32)
        pairs += cv2.boxFilter(meet, -1, (spread, spread), normalize=False) > 0
    # (the layout's middle, where the most pairs meet, and the faces about it: an edge face
    # shows its own three pairs only, next to its neighbours; within the reach of the pairs'
    # count itself, half the spread: wider, a cloth's prints of the paints' colours about the
    # layout came in, and on an independent renderer's cloth of flowers the faces were lost
    # among them)
    core = (pairs >= max(MEETING_PAIRS, float(pairs.max()) - MEETING_SHORT)).astype(np.uint8)
    about = cv2.dilate(core, np.ones((spread + 1, spread + 1), np.uint8)) > 0
    many = (pairs >= MEETING_PAIRS) & about
    return many if many.any() else None


#: The paints of one light suffice when the tiles on its lattice number at least this share of
#: the cells that the foreground spans (tiles that nest tile the plane, one a cell; the mask is
#: coarse and takes in a rim of table and the tiles' shadows), and every face found lies on it.
#: A face off the lattice means the faces disagree: one's centre pulled off where a sector's
#: paint is left out (a cloth of that paint, which the foreground misses too: on an independent
#: renderer's red gingham it spanned 7.3 cells of a layout of 11), or a blob that is no face;
#: another light's paints may show the faces whole.
EXPLAINED = 0.8

#: ... and at least this share of the cells that the paint under every light would fill as
#: faces (see :func:`_cells_painted`; the paint takes in rims and table near a glare and
#: the shadows' shades: only a paint that shows twice the faces found or more calls for the
#: lights tried on, measured: a layout of 13 tiles on a yellow and blue stripe, 4 found). The
#: veil's lattice is held to it too (:func:`_veil_unexplained`: final16 x-tiles-hard-1602 0.91,
#: final13 hard-800 0.17).
PAINT_EXPLAINED = 0.5


def _cells_standing_out(fg: np.ndarray, work_scale: float, lat: Lattice) -> float:
    """How many of ``lat``'s cells the foreground ``fg`` (work pixels) covers: its area over a
    cell's (the pitch squared, image pixels)."""
    return float(np.count_nonzero(fg)) / (work_scale ** 2 * max(lat.pitch_px, 1.0) ** 2)


def _cells_painted(painted: float, scale: float, lat: Lattice) -> float:
    """How many of ``lat``'s cells ``painted`` pixels of faces (ROI pixels at ``scale`` ROI /
    full) would fill: their area over a face's (:data:`FACE_TO_PITCH`). The foreground leaves
    out tiles of a cloth's colours (a cloth printed in the paints' colours), which the paint
    still shows."""
    return painted / (scale * max(lat.pitch_px, 1.0) / FACE_TO_PITCH) ** 2


#: A second pass looks beyond the region's side (one not at the photo's edge) when a tile found
#: lies within this many pitches of it: about a tile's length (a face is about 1.2 pitches
#: long, :data:`FACE_TO_PITCH`), so that its neighbour on that side, if it has one, lies cut by
#: the side or beyond it. The foreground leaves out tiles of a cloth's colours at the layout's
#: edge too (a cloth printed in the paints' colours: a whole edge's tiles a tile's length or so
#: beyond the foreground's box, measured on an independent renderer's photos).
EDGE_REACH = 1.25
#: ... over a strip this many pitches wide added on that side: one more tile (its centre up to
#: 0.75 pitches beyond the side, its face 0.6 and its rim past it) and no further.
EDGE_STRIP = 1.5


#: The faces found stand in the foreground (what stands out from the table) when on average at
#: least this share of each face's area lies in it: a foreground that holds the layout holds
#: its faces whole, less the edges of its coarse mask. On a cloth printed in the paints'
#: colours it leaves out tiles, or their sectors of the cloth's colours, and the region it
#: spans cuts the layout. (Measured on the 219 X-Tiles photos of both renderers' sets: of the
#: 142 whose faces reach the region's side, 129 at 0.75-1.0, most over 0.85; the 4 whose
#: layout was found beyond the region only by looking about the faces 0.43-0.71: final9
#: x-tiles-normal-201 on orange and red flowers 0.58, its top and left tiles cut by the
#: region's side, final7 x-tiles-normal-103 on a yellow and blue stripe 0.52.)
FACES_STANDING_OUT = 0.75
#: The layout is then looked for again within this many pitches of the faces found: a
#: neighbour's centre a pitch beyond one, its face reaching 0.6 pitch further (a face is about
#: 1.2 pitches long, :data:`FACE_TO_PITCH`) and its rim and shadow a little more.
ABOUT_FACES = 1.75


def _off_the_foreground(fg: np.ndarray, work_scale: float, shape: tuple[int, int], pitch: float,
                        faces: list[TileBlob], box: tuple[int, int, int, int],
                        centres: np.ndarray) -> bool:
    """Whether the foreground ``fg`` (work pixels, bool, at ``work_scale`` work / full) cuts
    the layout: the tiles on its lattice (``centres`` ``(n, 2)``, image pixels; ``pitch``
    image pixels) reach a side of the region ``box`` that is not the photo's edge (``shape``
    ``(h, w)``, see :func:`_edge_sides`) and the faces found (``faces``) lie on average less
    than :data:`FACES_STANDING_OUT` in the foreground.

    The region is the foreground's box: where the foreground leaves out tiles, a face's
    neighbour beyond the region's side is cut by it, or shows there only as growth from the
    faces found (:func:`_edge_pass`), which a cloth's print of the paints touching it defeats
    (the cell holds more paint than a face's), while looked for as a blob the face stands
    apart from the print by its rim."""
    if not faces or not _edge_sides(centres, box, shape, pitch).any():
        return False
    share = float(np.mean([_share_in(fg, face, work_scale) for face in faces]))
    logger.debug("x-tiles: the faces found lie %.2f in the foreground", share)
    return share < FACES_STANDING_OUT


def _about_faces(fg: np.ndarray, centres: np.ndarray, work_scale: float, pitch: float
                 ) -> np.ndarray:
    """The foreground ``fg`` (work pixels, bool) with the discs of :data:`ABOUT_FACES` pitches
    (``pitch``, image pixels) about the faces' ``centres`` ``(n, 2)`` (image pixels) added: the
    region a layout of those faces may fill."""
    out = fg.astype(np.uint8)
    r = max(1, int(round(ABOUT_FACES * pitch * work_scale)))
    for x, y in centres:
        cv2.circle(out, (int(round(x * work_scale)), int(round(y * work_scale))), r, 1, -1)
    return out > 0


#: The look about the faces found extends their layout: its lattice is kept only when each
#: face the first lattice took has a face on it within this share of the pitch (the centres
#: of one face found twice lie a few pixels apart; a lattice that moves a face found by a
#: third of a pitch or more is another lattice, not the layout widened; a little stricter than
#: EDGE_SAME, which joins faces found twice within one lattice, as here two lattices' faces are
#: compared and each is placed to a few pixels). Measured: final12
#: x-tiles-normal-702, a layout of 7 on red and blue flowers: the first lattice's 7 faces lay
#: within 2 px of the tiles; the look about them took a flower two cells off as an eighth, and
#: its map put the east tile 46 px (0.4 pitch) off, 2 cells read wrong. On the 86 X-Tiles photos
#: of the independent sets no other board changed.
KEPT_FACE = 0.25


def _keeps_faces(first: np.ndarray, again: np.ndarray, pitch: float) -> bool:
    """Whether every face centre of ``first`` ``(n, 2)`` (image pixels) has one of ``again``
    ``(m, 2)`` within :data:`KEPT_FACE` of ``pitch`` (image pixels)."""
    if not len(first):
        return True
    if not len(again):
        return False
    return bool(np.all(_apart(first, again).min(axis=1) <= KEPT_FACE * pitch))


def _apart(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distances ``(n, m)`` between the points ``a`` ``(n, 2)`` and ``b`` ``(m, 2)``."""
    return np.linalg.norm(np.asarray(a, float)[:, None, :] - np.asarray(b, float)[None, :, :], axis=2)


def _edge_sides(centres: np.ndarray, box: tuple[int, int, int, int], shape: tuple[int, int],
                pitch: float) -> np.ndarray:
    """How far (image pixels, ``(4,)`` for the sides x0, y0, x1, y1) to widen the region ``box``
    on each side that a tile centre of ``centres`` ``(n, 2)`` lies within :data:`EDGE_REACH`
    pitches of and that is not the photo's edge (``shape`` ``(h, w)``); 0 elsewhere."""
    h, w = shape
    lo, hi = centres.min(axis=0), centres.max(axis=0)
    near = np.array([lo[0] - box[0], lo[1] - box[1], box[2] - hi[0], box[3] - hi[1]])
    room = np.array([box[0], box[1], w - box[2], h - box[3]], float)
    return np.where(near < EDGE_REACH * pitch, np.minimum(room, EDGE_STRIP * pitch), 0.0)


def _strip_paint(image: np.ndarray, rect: tuple[float, float, float, float], size: tuple[int, int],
                 preds: list[np.ndarray], palette: Palette) -> tuple[np.ndarray, np.ndarray]:
    """The paint (uint8 0/1, ``size`` ``(w, h)``) of the image's ``rect`` ``(x0, y0, x1, y1)``
    (image pixels) resized to ``size``, under every light of ``preds`` (their palettes Lab,
    fitted on the first pass's region: the light is not refitted on the strip) as
    :func:`_paint_blobs` makes every light's paint; and the nearest palette colour's index per
    pixel (uint8, the same shape) under the first light."""
    x0, y0, x1, y1 = (int(round(v)) for v in rect)
    crop = image[max(0, y0):max(y0 + 1, y1), max(0, x0):max(x0 + 1, x1)]
    crop = cv2.resize(crop, size, interpolation=cv2.INTER_AREA)
    shifted, x2 = _shifted_lab(bgr_to_lab(crop))
    out = np.zeros(shifted.shape[:2], np.uint8)
    limits = _limits(palette)
    first = None
    for pred in preds:
        colour, d2 = _shaded_nearest(shifted, x2, pred, (1.0, 1.0))
        first = colour if first is None else first
        for limit2 in limits:
            out |= (d2 < limit2[colour]).astype(np.uint8)
    return (cv2.morphologyEx(out, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8)),
            np.zeros(out.shape, np.uint8) if first is None else first.astype(np.uint8))


def _edge_pass(image: np.ndarray, palette: Palette, fg: np.ndarray, work_scale: float,
               lat: Lattice, blobs: list[TileBlob], paint: np.ndarray,
               box: tuple[int, int, int, int], scale: float, every: list,
               centres: np.ndarray) -> Lattice:
    """``lat`` with the tiles just beyond the region ``box`` that its tiles (``centres``
    ``(n, 2)``) reach (:func:`_edge_sides`): the region widened on those sides only, the paint
    of the added strips under the first pass's lights (``every`` = [every light's paint over
    the region, painted, the lights' palettes], see :func:`_paint_blobs`) and the faces grown
    onto it from the same blobs (``blobs``, ``paint`` at ``scale``, as :func:`_fit_lattice` was
    given them). The widened lattice is kept only when it keeps every tile of ``lat`` and shows
    a new tile in the strips: grown from the faces found, a new face sits on their lattice,
    turned as the checkerboard has it there (:func:`_grow_faces`)."""
    grow = _edge_sides(centres, box, image.shape[:2], lat.pitch_px)
    if not grow.any():
        return lat
    # (whole ROI pixels added per side, so the first pass's canvases sit on the new one as is)
    add = np.floor(grow * scale).astype(int)
    if not add.any():
        return lat
    h, w = paint.shape
    H2, W2 = h + add[1] + add[3], w + add[0] + add[2]
    wide = (box[0] - add[0] / scale, box[1] - add[1] / scale,
            box[0] + (w + add[2]) / scale, box[1] + (h + add[3]) / scale)
    inner = (slice(add[1], add[1] + h), slice(add[0], add[0] + w))
    pad = np.zeros((H2, W2), np.uint8)
    pad[inner] = paint
    every_w = np.zeros((H2, W2), np.uint8)
    colour_w = np.zeros((H2, W2), np.uint8)
    # (the strips: left and right the new canvas's height, top and bottom the region's width)
    strips = [(0, 0, add[0], H2), (add[0], 0, add[0] + w, add[1]), (W2 - add[2], 0, W2, H2),
              (add[0], H2 - add[3], add[0] + w, H2)]
    for (a, b, c, d), n in zip(strips, add):
        if n > 0:
            rect = (wide[0] + a / scale, wide[1] + b / scale, wide[0] + c / scale, wide[1] + d / scale)
            every_w[b:d, a:c], colour_w[b:d, a:c] = _strip_paint(image, rect, (c - a, d - b),
                                                                 every[2], palette)
    # (the region's paint without its prints first: a stripe's piece between the region's side
    # and the faces beyond it runs off the region only)
    every_w[inner] = _without_print(every[0], every[4], len(palette.names),
                                    longer=PRINT_SPAN * lat.pitch_px * scale, apart=PRINT_APART)
    colour_w[inner] = every[4]
    # (then the strips': a face found in a strip lies within it, a print that runs off its far
    # side is no face's)
    every_w = _without_print(every_w, colour_w, len(palette.names),
                             sides=(add[1] > 0, add[3] > 0, add[0] > 0, add[2] > 0))
    # (the strips' edges are not measured: their faces are grown by their paint alone)
    wider = _fit_lattice(blobs, pad, wide, scale, fg, work_scale,
                         size=(image.shape[1], image.shape[0]), every_paint=every_w,
                         every_colour=colour_w,
                         outline=every[3].widened(add[0], add[1], (H2, W2)))
    if wider is None or wider.info["tiles"] <= lat.info["tiles"]:
        return lat
    new = wider.info["faces_xy"]
    d = _apart(centres, new)
    kept = d.min(axis=1) < EDGE_SAME * lat.pitch_px
    fresh = new[d.min(axis=0) >= EDGE_SAME * lat.pitch_px]
    inside = ((fresh[:, 0] > box[0] + (grow[0] > 0) * EDGE_INSIDE * lat.pitch_px)
              & (fresh[:, 1] > box[1] + (grow[1] > 0) * EDGE_INSIDE * lat.pitch_px)
              & (fresh[:, 0] < box[2] - (grow[2] > 0) * EDGE_INSIDE * lat.pitch_px)
              & (fresh[:, 1] < box[3] - (grow[3] > 0) * EDGE_INSIDE * lat.pitch_px))
    logger.debug("x-tiles: edge pass: %d tiles (was %d), %d of %d kept, %d new in the strips",
                 wider.info["tiles"], lat.info["tiles"], kept.sum(), len(kept), (~inside).sum())
    if not kept.all() or inside.all():
        return lat  # (a tile lost: the faces grew another way; or none in the strips)
    return wider


#: A tile of the second pass is one of the first's when their centres lie within this many
#: pitches (the map refitted with the new tiles moves a centre a little, a neighbour lies a
#: pitch away).
EDGE_SAME = 0.3
#: A new tile lies in the added strip when beyond this many pitches inside the side it was added
#: on (a face cut by the side, centre just inside); the second pass is kept only when one does
#: (the map refitted on the strip's faces may also grow a face further in that the first pass's
#: map, extrapolated from one side, missed).
EDGE_INSIDE = 0.5


def _roi(fg: np.ndarray, work_scale: float, shape: tuple[int, int]) -> tuple[int, int, int, int]:
    """The layout's region ``(x0, y0, x1, y1)`` in full-image pixels: the foreground's box with a
    margin."""
    ys, xs = np.nonzero(fg)
    h, w = shape
    m = 0.03 * max(h, w)
    x0 = int(max(0, xs.min() / work_scale - m))
    y0 = int(max(0, ys.min() / work_scale - m))
    x1 = int(min(w, (xs.max() + 1) / work_scale + m))
    y1 = int(min(h, (ys.max() + 1) / work_scale + m))
    return x0, y0, x1, y1


def _paint_masks(lab: np.ndarray, near: np.ndarray, palette: Palette,
                 preds: list[np.ndarray] | None = None
                 ) -> Iterator[list[tuple[np.ndarray, np.ndarray]]]:
    """Pixels near a palette colour under the photo's light, for each light fitted (see
    :func:`_layout_samples`): ``(paint, colour)`` pairs, ``paint`` bool and ``colour`` the index
    of the nearest palette colour (uint8), both the shape of ``lab``'s first two axes, best first.
    The paint is looked for over the whole region, not only near the foreground: a tile of the
    table's colours stands out from it little (the foreground may leave it out), while its
    faces stay apart from the table's patches of paint by their rims (see :func:`_tile_blobs`).

    A fit may go astray (a sector colour rendered far from the kit's, a patterned table in the
    mask), so the fits are ranked by how much of the layout (``near``) their paint fills and how
    little of the table around it (:data:`TABLE_PENALTY`). That ranking is only a first guess:
    a cloth printed in a paint's colour (a gingham, dots, flowers) puts that paint on the table
    too, and the light that leaves it out also leaves out the tiles' sectors of that colour; the
    caller keeps the fit whose paint shows the most tiles (see :func:`tile_lattices`).
    ``preds`` are the lights' palettes (:func:`_lights`; fitted here when not given).

    Two tiers of masks are given in turn (the second computed only when asked for), each
    ranked so: the paint in the light fitted, and the
    paint in any shade of it within :data:`SHADE` (not already among the first). A face in a
    neighbour's or an object's shadow, or where a spot lamp's light falls off, is a shade of
    the light the layout's paint was fitted under; a shade also takes in the rims' and the
    grooves' shadows, joining faces the first tier shows apart, so it is tried second. The
    third tier is the paint in a lamp's hot spot (:func:`_exposed_nearest`): lit several times
    more than the light fitted and clipped by the camera, a red turns salmon, a blue sky blue,
    an orange yellow, beyond the shades' reach."""
    lab = np.ascontiguousarray(lab, dtype=np.float32)
    shifted, x2 = _shifted_lab(lab)
    outside = ~cv2.dilate(near.astype(np.uint8), np.ones((5, 5), np.uint8), iterations=2).astype(bool)
    n_near, n_out = np.count_nonzero(near), np.count_nonzero(outside)
    if preds is None:
        preds = _lights(lab, near, palette)
    limits = _limits(palette)
    tiers: list[list[tuple[float, np.ndarray, np.ndarray]]] = []
    bins = None
    # (linear light's factors: as fitted, then its shades; then the paints in a hot spot)
    for shade in ((1.0, 1.0), SHADE, None):
        ranked: list[tuple[float, np.ndarray, np.ndarray]] = []
        if shade is None and (len(limits) > 1 or _clipped_share(lab, near) < HOT_SPOT_CLIPPED):
            # (no hot spot: the camera clipped little or none of the layout; or a profile's
            # measured paints, taken in the player's own light: one learnt from a bright photo
            # is clipped already, and lit further it is a near white that paints the lit rims)
            yield []
            return
        for pred in preds:
            if shade is None:
                if bins is None:
                    bins = _colour_bins(lab)
                colour, d2 = _exposed_nearest(*bins, pred)
            else:
                colour, d2 = _shaded_nearest(shifted, x2, pred, shade)
            for limit2 in limits:
                paint = d2 < limit2[colour]
                inside = np.count_nonzero(paint & near) / max(1, n_near)
                table = np.count_nonzero(paint & outside) / max(1, n_out)
                logger.debug("x-tiles: paint (shades %s) fills %.2f of the layout, %.3f of the table",
                             shade, inside, table)
                if any(_same_mask(paint, other) for tier in tiers + [ranked] for _, other, _ in tier):
                    continue  # (the same paint as a fit already ranked)
                ranked.append((inside - TABLE_PENALTY * table, paint, colour))
        ranked.sort(key=lambda r: -r[0])
        tiers.append(ranked)
        yield [(paint, colour) for _, paint, colour in ranked]


def _lights(lab: np.ndarray, near: np.ndarray, palette: Palette) -> list[np.ndarray]:
    """The palette's colours ``(k, 3)`` Lab under each light fitted to the layout (the pixels
    ``near``, bool, ``lab``'s first two axes; see :func:`_predictions`)."""
    return list(_predictions(_layout_samples(lab, near), palette, _darkest(lab, near)))


def _limits(palette: Palette) -> list[np.ndarray]:
    """The squared paint allowances ``(k,)`` per colour: within PAINT_DISTANCE of every colour;
    and, of a profile's measured colours, within MEASURED_PAINT_DISTANCE too (the faces apart
    where the rims join them at the first)."""
    limits = [np.full(len(palette.names), PAINT_DISTANCE ** 2, np.float32)]
    if palette.cov is not None and np.isfinite(palette.cov).all(axis=(1, 2)).any():
        measured = np.isfinite(palette.cov).all(axis=(1, 2))
        limits.append(np.where(measured, MEASURED_PAINT_DISTANCE, PAINT_DISTANCE).astype(np.float32) ** 2)
    return limits


#: The haze a light may add is at most what the layout's darkest pixels show: this percentile of
#: the pixels near the foreground, per linear channel (a veil of light over the whole layout
#: lifts its darkest pixels too: shadows at the tiles' edges, dark sectors; a fit whose haze
#: exceeds them has taken a table's or rim's colours for paint).
DARKEST_PERCENTILE = 1.0
#: A light's haze is capped only when it exceeds the layout's darkest by more than this (linear).
HAZE_SLACK = 0.02
#: Refits of the gains under the capped haze (name each sample's paint, refit, again).
CAPPED_REFITS = 4


def _darkest(lab: np.ndarray, near: np.ndarray) -> np.ndarray:
    """The layout's darkest level ``(3,)`` per linear BGR channel (see
    :data:`DARKEST_PERCENTILE`) of the pixels ``near`` (bool, ``lab``'s first two axes)."""
    inside = lab[near]
    if len(inside) > 20_000:
        inside = inside[np.random.default_rng(0).integers(0, len(inside), 20_000)]
    if len(inside) == 0:
        return np.full(3, np.inf)
    lin = srgb_to_linear(lab_to_bgr(inside))
    return np.percentile(lin, DARKEST_PERCENTILE, axis=0).astype(np.float64)


def _predictions(sample_sets: list[np.ndarray | None], palette: Palette, darkest: np.ndarray
                 ) -> Iterator[np.ndarray]:
    """The palette's colours ``(k, 3)`` Lab (float32) as predicted under each light fitted to the
    sample sets (the palette as given for ``None``), by :func:`classify_adaptive`; a light whose
    haze exceeds the layout's ``darkest`` (linear BGR ``(3,)``, see :data:`DARKEST_PERCENTILE`)
    also with its haze capped there and its gains refitted (:func:`_capped_light`).

    The fit names each sample its nearest paint and refits gain and haze per channel; samples
    that are no paint (the wood rims, the table's patches the foreground took in) pull it to a
    haze that greys every paint towards them (measured on an independent renderer's photos
    under a spot lamp: haze 0.13-0.30 linear while the layout's darkest pixels lay at
    0.003-0.07), so that the rims become paint and join neighbouring faces. A haze over the
    whole layout cannot exceed its darkest pixels; the capped light shows the faces without
    their rims, the uncapped one still the faces a glare washes out (the caller keeps the
    light whose paint shows the most tiles)."""
    for samples in sample_sets:
        if samples is None:
            yield palette.lab.astype(np.float32)
            continue
        match, _, corr = classify_adaptive(samples, palette)
        yield (match.predicted if match.predicted is not None else palette.lab).astype(np.float32)
        if match.predicted is not None and np.any(corr[1] > darkest + HAZE_SLACK):
            yield _capped_light(samples, palette, corr, darkest).astype(np.float32)


def _capped_light(samples: np.ndarray, palette: Palette, corr: np.ndarray,
                  darkest: np.ndarray) -> np.ndarray:
    """The palette ``(k, 3)`` Lab predicted under the light ``corr`` ``(2, 3)`` (gain and haze per
    linear BGR channel) with its haze capped at ``darkest`` ``(3,)`` and its gains refitted to
    ``samples`` ``(N, 3)`` Lab (each named its nearest paint, weighted by its distance,
    :data:`CAPPED_REFITS` times; clipped observations left out)."""
    pal_lin = palette_linear(palette)
    obs = srgb_to_linear(lab_to_bgr(samples)).astype(np.float64)
    c = np.array(corr, np.float64).reshape(2, 3)
    c[1] = np.minimum(c[1], darkest)
    for _ in range(CAPPED_REFITS):
        m = match_palette(samples, palette, _predict_lin(pal_lin, c))
        w = 1.0 / (1.0 + m.distance / 8.0)
        p = pal_lin[m.index]
        for ch in range(3):
            ww = w * (obs[:, ch] < 0.97)
            den = float(np.sum(ww * p[:, ch] ** 2))
            if den > 1e-9:
                c[0, ch] = float(np.sum(ww * p[:, ch] * (obs[:, ch] - c[1, ch]))) / den
    return _predict_lin(pal_lin, c)


#: A face's paint may lie in a shade of the light fitted, by this factor of linear light (a
#: neighbour's or an object's shadow, the lamp's falloff across the layout; a glare is no shade):
#: the shading range the glare model allows a face against the light fitted over the layout.
SHADE = SHADE_RANGE


def _shifted_lab(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Lab ``(h, w, 3)`` as :func:`_shaded_nearest` takes it: float32 with L + 16 (a shade
    scales it) and its squared norm per pixel ``(h, w)``."""
    shifted = cv2.add(np.ascontiguousarray(lab, dtype=np.float32), np.array([16.0, 0.0, 0.0, 0.0]))
    return shifted, cv2.transform(cv2.multiply(shifted, shifted), np.ones((1, 3), np.float32))


def _shaded_nearest(shifted: np.ndarray, x2: np.ndarray, pred: np.ndarray,
                    shade: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel's nearest colour of ``pred`` ``(k, 3)`` Lab in any ``shade`` (a range of factors
    of linear light; ``(1, 1)``: the colours as predicted):
    its index (uint8) and squared distance, both ``shifted``'s first two axes.

    ``shifted`` is the image's Lab with L + 16 (float32, ``(h, w, 3)``), ``x2`` its squared norm.
    A shade ``s`` of linear light scales the CIE XYZ of a colour, so (in CIELAB's cube-root
    range) its ``(L + 16, a, b)`` by ``s ** (1/3)``: the distance to the ray of a colour's
    shades is a projection, clipped to the range."""
    p = pred.astype(np.float32) + np.array([16.0, 0.0, 0.0], np.float32)
    pp = np.einsum("ij,ij->i", p, p)  # (k,)
    lo, hi = shade[0] ** (1.0 / 3.0), shade[1] ** (1.0 / 3.0)
    if lo == hi == 1.0:
        # |x|^2 + |p|^2 - 2 x.p, by OpenCV's per-pixel matrix transform (several times faster
        # than numpy's on (N, 3) rows)
        M = np.column_stack([-2.0 * p, pp]).astype(np.float32)
        colour, part = _nearest(cv2.transform(shifted, M))
        return colour, x2 + part
    t = cv2.transform(shifted, p.astype(np.float32))  # (h, w, k): x.p
    k = np.clip(t / pp, lo, hi)
    d2 = k * (k * pp - 2.0 * t)  # (|x - k p|^2 - |x|^2)
    colour, part = _nearest(np.ascontiguousarray(d2, dtype=np.float32))
    return colour, x2 + part


def _nearest(t: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The index (uint8) and value of each pixel's smallest channel of ``t`` ``(h, w, k)``
    (channel by channel: several times faster than numpy's reductions over the last axis)."""
    best = np.ascontiguousarray(t[..., 0])
    index = np.zeros(best.shape, np.uint8)
    for k in range(1, t.shape[2]):
        c = t[..., k]
        nearer = c < best
        index[nearer] = k
        best = np.minimum(best, c)
    return index, best


#: The region's colours are binned for the hot spot's paint (see :func:`_exposed_nearest`) by
#: this many levels of each sRGB channel (16 levels apart: within a few CIELAB units of the
#: bin's middle, against the paint's allowance of :data:`PAINT_DISTANCE`).
COLOUR_BINS = 16
#: The exposures of a lamp's hot spot beyond the shades (factors of the light fitted; see
#: :data:`vision.glare.EXPOSURE_STEPS` for the tiles' sectors).
HOT_SPOT_EXPOSURES = np.geomspace(SHADE[1], 4.0, 6)


#: The hot spot's paints are looked for only when at least this share of the pixels near the
#: layout has a channel the camera clipped (at :data:`CLIPPED_LEVEL`): a paint lit beyond the
#: shades clips its strong channel (an orange's red from 1.2 times the light fitted, a blue's
#: from 2.3), so a layout without clipped pixels shows none. (Measured over the tiles' box on
#: the independent renderer's X-Tiles photos whose reading the hot spot's paints improved:
#: 4.4-62 % clipped; half of the photos show under 1 %.)
HOT_SPOT_CLIPPED = 0.01
#: An sRGB channel at or above this (of 1) is clipped.
CLIPPED_LEVEL = 250 / 255


def _clipped_share(lab: np.ndarray, near: np.ndarray) -> float:
    """The share of the pixels ``near`` (bool, ``lab``'s first two axes) with a clipped channel
    (:data:`CLIPPED_LEVEL`)."""
    inside = lab[near]
    if len(inside) > 20_000:
        inside = inside[np.random.default_rng(0).integers(0, len(inside), 20_000)]
    if not len(inside):
        return 0.0
    return float(np.mean(lab_to_bgr(inside).max(axis=1) >= CLIPPED_LEVEL))


def _colour_bins(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The region's pixels binned by colour (:data:`COLOUR_BINS`): each pixel's bin (int32,
    ``lab``'s first two axes) and the bins' middle colours ``(COLOUR_BINS ** 3, 3)`` (Lab)."""
    n = COLOUR_BINS
    bgr = lab_to_bgr(lab.reshape(-1, 3)).reshape(lab.shape)
    q = np.minimum((bgr * n).astype(np.int32), n - 1)
    index = (q[..., 0] * n + q[..., 1]) * n + q[..., 2]
    levels = (np.arange(n) + 0.5) / n
    middles = np.stack(np.meshgrid(levels, levels, levels, indexing="ij"), -1).reshape(-1, 3)
    return index, bgr_to_lab(middles.astype(np.float32)).astype(np.float64)


def _exposed_nearest(index: np.ndarray, middles: np.ndarray, pred: np.ndarray
                     ) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel's nearest colour of ``pred`` ``(k, 3)`` Lab in a lamp's hot spot, by its
    colour's bin (``index``, ``middles`` Lab from :func:`_colour_bins`): its index (uint8) and
    squared CIELAB distance, both ``index``'s shape.

    The hot spot lights the faces under it several times more than the light fitted over the
    layout (:data:`HOT_SPOT_EXPOSURES`), and the camera clips each channel at its white: a
    paint's strong channel stops while its weak ones still rise, so its hue moves (an orange's
    red clips and it turns yellow; a red turns salmon, a blue sky blue). A pale rim of wood
    has a weak channel no paint's clipping raises so far."""
    paint = srgb_to_linear(lab_to_bgr(pred)).astype(np.float64)  # (k, 3)
    k = HOT_SPOT_EXPOSURES
    seen_lab = exposed_lab(paint, k).reshape(-1, 3)  # (S k, 3)
    d2 = ((middles[:, None, :] - seen_lab[None]) ** 2).sum(-1).reshape(len(middles), len(k), -1)
    d2 = d2.min(axis=1)  # (B, k): each paint at its nearest exposure
    colour = np.argmin(d2, axis=1).astype(np.uint8)
    best = d2[np.arange(len(d2)), colour].astype(np.float32)
    return colour[index], best[index]


#: The veils of a lamp's reflection looked for over the faces (added to every channel of the
#: recorded sRGB, 0 to white: the camera's white balance records the lamp's reflection about
#: grey, see :mod:`vision.glare`). (Added to the recorded sRGB, as the independent renderer adds
#: its glare after the gamma encoding; a phone adds it in linear light, and that veil fits too:
#: the paints within 17 of PAINT_DISTANCE's 20 for linear veils of 0.1-0.7, the rims 0.06-0.14
#: above the faces' weakest channel against VEIL_SLACK, review of xt37. The shading, SHADE,
#: scales sRGB values here: 0.46-2.1 in linear light, wider than the light fits allow, as a
#: veiled face's exposure is not known.)
VEILS = np.linspace(0.0, 1.0, 21)
#: A face's weakest channel lies within this (sRGB, of 1) of the least among the paint about it:
#: a veil lifts every channel alike, a paint's weakest channel is near black (an orange's or a
#: yellow's blue, a red's green, a blue's red), so over the faces the weakest channel is the
#: veil's level, even over a tile (a hot spot is many tiles wide). The pale wood of the rims
#: and grooves beside them, seen through the same veil, stands above it by the wood's own
#: weakest channel (0.1-0.4), and the sensor's noise is a few hundredths. (Measured: xt32
#: x-tiles-hard-1296, faces 45 px long and rims 2-3 px on the region's view: at 0.04 the rims
#: and grooves stand apart from every face, at 0.08 the faces join in twos and threes.)
VEIL_SLACK = 0.04
#: A colour shows a paint through a veil only with at least this chroma (CIELAB): under a veil
#: that whitens it (a clipped white, a grey table or a sheet of paper in the hot spot) any paint
#: fits, while a face keeps a hue (a washed red or blue at 12-20, a yellow more).
VEIL_CHROMA = 8.0
#: The neighbourhood a face's veil is taken from: an opening by a disc this share of the
#: region's longer side across, wider than two rims and a gap side by side (a rim of 2-3 mm,
#: a tile's rims about 2-3 % of its length, the region several tiles wide) and narrower than
#: a face's sector. (On a close-up of two or three tiles the disc is narrower than two rims and
#: a gap: the rims count as paint, the faces join, and no blob is found: it fails safe.)
VEIL_REACH = 0.017


def _veiled_paint(lab: np.ndarray, near: np.ndarray, preds: list[np.ndarray],
                  wanted: Callable[[], bool] = lambda: True
                  ) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """The paint under a lamp's local reflection, for each light's palette ``preds`` (``(k, 3)``
    Lab): ``(paint, colour)`` pairs as :func:`_paint_masks` gives them (bool and uint8, ``lab``'s
    first two axes); nothing when the camera clipped little of the layout (``near``, see
    :data:`HOT_SPOT_CLIPPED`: a veil that washes the faces out lifts their strong channels to
    the top).

    A glossy face reflects the lamp's light on top of its paint's (``observed = a * paint +
    veil``, see :mod:`vision.glare`): under a veil a red turns pink and a blue pale blue, and
    the pale wood of the rims and grooves lies near a washed yellow or orange, so that a veil
    fitted as the light's haze joins every face into one mass. The veil varies smoothly over
    the layout and is one over a face and the rims about it, so a washed paint keeps its hue
    relative to the local veil: a pixel is paint when its colour fits a paint under some veil
    (:func:`_veiled_fit`) and its weakest channel lies at the least about it among such pixels
    (:data:`VEIL_SLACK`, :data:`VEIL_REACH`): a rim or a groove, a narrow ridge above the faces
    beside it, is left out, and the faces stand apart again.

    Looked for only when ``wanted()`` (asked once the other paints were tried: the caller's
    say, no layout's lattice from them, :func:`_few_faces`). Where a light's paint shows
    faces, their sectors' hues are read as that light shows them; a lattice through the veiled
    paint's faces, split at the grooves, may hold more faces and take the place of one that
    reads better (measured:
    final14 x-tiles-normal-1106 under a glare, 13 tiles found either way and 8 misread)."""
    if not wanted() or _clipped_share(lab, near) < HOT_SPOT_CLIPPED:
        return
    index, middles = _colour_bins(lab)
    # (the opening below takes the least about a pixel, which a sensor's noise drags down: noise
    # of 6 levels leaves 2-3 of 8 faces of a synthetic layout. A 3x3 median first kept all 8
    # there but blurred the 2-3 px rims of the photos it was made for away: xt32 hard-1296
    # 4 -> 12, xt25 hard-745 5 -> 7; a photo's view is an area-averaged shrink, which averages
    # the noise down)
    weakest = lab_to_bgr(lab.reshape(-1, 3)).min(axis=1).reshape(lab.shape[:2])
    hued = np.hypot(lab[..., 1], lab[..., 2]) >= VEIL_CHROMA
    size = max(3, int(round(VEIL_REACH * max(lab.shape[:2]))) | 1)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    for pred in preds:
        colour, d2 = (v[index] for v in _veiled_fit(middles, pred))
        fits = (d2 < PAINT_DISTANCE ** 2) & hued & near
        # (the least weakest channel about each pixel among those that fit, the rest as white)
        floor = cv2.morphologyEx(np.where(fits, weakest, 1.0).astype(np.float32),
                                 cv2.MORPH_OPEN, disc)
        paint = fits & (weakest <= floor + VEIL_SLACK)
        logger.debug("x-tiles: paint under a veil fills %.2f of the layout",
                     np.count_nonzero(paint) / max(1, np.count_nonzero(near)))
        yield paint, colour


def _veiled_fit(middles: np.ndarray, pred: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each colour of ``middles`` ``(B, 3)`` Lab fitted as a paint of ``pred`` ``(k, 3)`` Lab under
    a veil of :data:`VEILS` (grey, added to the recorded sRGB) and a shading within
    :data:`SHADE` (least squares on the channels the camera did not clip): the paint's index
    (uint8) and the squared CIELAB distance (float32), each ``(B,)``."""
    seen = lab_to_bgr(middles).astype(np.float64)  # (B, 3)
    paint = lab_to_bgr(pred).astype(np.float64)  # (k, 3)
    used = (seen < CLIPPED_LEVEL).astype(np.float64)
    used[used.sum(axis=1) == 0] = 1.0
    veiled = np.clip(shaded_with_glare(seen, paint, VEILS, np.ones(3), SHADE, used),
                     0.0, 1.0)  # (B, k, V, 3)
    veiled_lab = bgr_to_lab(veiled.reshape(-1, 3).astype(np.float32)).reshape(veiled.shape)
    d2 = ((veiled_lab - middles[:, None, None, :]) ** 2).sum(-1).min(axis=2)  # (B, k)
    colour = d2.argmin(axis=1)
    return colour.astype(np.uint8), d2[np.arange(len(d2)), colour].astype(np.float32)


#: Two paint masks that differ in less than this share of their pixels are one.
SAME_MASK = 0.03


def _same_mask(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two paint masks (same shape) are one (see :data:`SAME_MASK`)."""
    return np.count_nonzero((a > 0) != (b > 0)) < SAME_MASK * max(1, np.count_nonzero(a))


def _table_colours(lab: np.ndarray, near: np.ndarray, rng: np.random.Generator
                   ) -> tuple[np.ndarray, float] | None:
    """The table's colours round the layout: :data:`TABLE_CLUSTERS` k-means clusters ``(k, 3)``
    (Lab, float32) of the region's pixels off ``near`` (the layout), and their spread (the 90th
    percentile of those pixels' distances to their cluster); None with too few such pixels."""
    outside = lab[~near]
    if len(outside) < 200:
        return None
    if len(outside) > 4000:
        outside = outside[rng.integers(0, len(outside), 4000)]
    cv2.setRNGSeed(0)
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    _, idx, centres = cv2.kmeans(outside.astype(np.float32), TABLE_CLUSTERS, None, crit, 1,
                                 cv2.KMEANS_PP_CENTERS)
    spread = float(np.percentile(np.linalg.norm(outside - centres[idx.ravel()], axis=1), 90))
    return centres, spread


def _layout_samples(lab: np.ndarray, near: np.ndarray) -> list[np.ndarray | None]:
    """Samples ``(N, 3)`` of the layout's colours to fit the light on (up to
    :data:`LIGHT_SAMPLES` each): the pixels near the foreground (``near``) whose colour is far
    from every colour of the table around it (k-means clusters of the region's pixels off the
    foreground; "far" being several times the table's own spread about them: the foreground's
    mask is coarse and, on a patterned table, takes in patches of the table), and the
    foreground's core (the first may leave out a sector colour close to the table's); ``None``
    for the palette as given."""
    rng = np.random.default_rng(0)
    inside = lab[near]
    if len(inside) > 6 * LIGHT_SAMPLES:
        inside = inside[rng.integers(0, len(inside), 6 * LIGHT_SAMPLES)]
    out: list[np.ndarray | None] = [None]
    r = max(2, int(0.03 * max(near.shape)))
    core = lab[cv2.erode(near.astype(np.uint8), np.ones((r, r), np.uint8)) > 0]
    if len(core) >= 100:
        out.append(core[rng.integers(0, len(core), LIGHT_SAMPLES)])
    table = _table_colours(lab, near, rng)
    if table is not None:
        centres, spread = table
        d = np.linalg.norm(inside[:, None, :] - centres[None, :, :], axis=2).min(axis=1)
        far = inside[d > max(TABLE_APART, 2.5 * spread)]
        if len(far) >= 100:
            out.append(far[:LIGHT_SAMPLES])
    return out


def _paint_blobs(image: np.ndarray, palette: Palette, fg: np.ndarray, work_scale: float,
                 veiled: Callable[[], bool] = lambda: False, without_prints: bool = False
                 ) -> Iterator[tuple[list[TileBlob], np.ndarray, tuple[int, int, int, int], float,
                                     np.ndarray, float, list[np.ndarray], "_Outline"]]:
    """For each light fitted (best first, see :func:`_paint_masks`): the tile-shaped painted
    blobs near the foreground, the paint mask of the region (ROI pixels), the region ``(x0, y0,
    x1, y1)`` (full-image pixels), the ROI's scale (ROI / full), every light's paint over the
    region (uint8, ROI pixels), how many of its pixels may be faces (less the one-colour
    patches that run off the region, :func:`_without_print`), the lights' palettes
    (:func:`_lights`) and what shows the faces whose paint is washed out (:class:`_Outline`).
    After :func:`_paint_masks`' tiers, last, the paint under a lamp's local veil
    (:func:`_veiled_paint`) when ``veiled()`` says so once those are seen.

    With ``without_prints`` (set only by the second search, where the paints meet: see
    :func:`_where_paints_meet`), a cloth's prints that cross the region are left out
    (:func:`_prints_left_out`) of every mask yielded: each light's paint (near the foreground
    and over the whole region), the shade tier, the hot-spot tier and the veil's masks; every
    light's paint and its count of faces' pixels are the same either way."""
    x0, y0, x1, y1 = _roi(fg, work_scale, image.shape[:2])
    crop = image[y0:y1, x0:x1]
    s = min(1.0, math.sqrt(ROI_PIXELS / max(1, crop.shape[0] * crop.shape[1])))
    if s < 0.999:
        crop = cv2.resize(crop, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    else:
        s = 1.0
    h, w = crop.shape[:2]
    lab = bgr_to_lab(crop)
    # the foreground (work pixels) over the region, onto the crop
    wx0, wy0 = int(x0 * work_scale), int(y0 * work_scale)
    wx1, wy1 = max(wx0 + 1, int(math.ceil(x1 * work_scale))), max(wy0 + 1, int(math.ceil(y1 * work_scale)))
    full_fg = cv2.resize(fg[wy0:wy1, wx0:wx1].astype(np.uint8), (w, h), interpolation=cv2.INTER_NEAREST)
    near = cv2.dilate(full_fg, np.ones((5, 5), np.uint8), iterations=max(1, int(0.004 * max(h, w)))) > 0
    preds = _lights(lab, near, palette)
    outline = _Outline(lab, near)
    tiers = _paint_masks(lab, near, palette, preds)
    first = next(tiers)
    # the paint near the foreground under each light, then over the whole region (see
    # _paint_masks); then the paint in the lights' shades over the whole region only (a face in
    # a shadow stands out from the table little, and the foreground may leave it out: near the
    # foreground the shades' paint showed no face more, measured on the independent sets)
    seen: list[np.ndarray] = []
    # (every light's paint over the region, for the faces grown from those found: a sector of a
    # paint that one light leaves out, with the table's patches of its colour, another shows)
    every = np.zeros(lab.shape[:2], np.uint8)
    for p, _ in first:
        every |= p.astype(np.uint8)
    every = cv2.morphologyEx(every, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    # (and the faces it would paint, for how many there are: less a cloth's stripes)
    colour0 = first[0][1].astype(np.uint8) if first else np.zeros(every.shape, np.uint8)
    painted = float(np.count_nonzero(_without_print(every, colour0, len(palette.names))))
    if without_prints:
        # (the stripes are cut before ``& near``, as well as in the loop below: ``near`` pulls a
        # stripe off the region's edge, and a stripe that no longer touches the edge is not left
        # out, so the two passes are not the same and both are needed)
        first = [(_prints_left_out(p, c, len(palette.names)), c) for p, c in first]
    masks_in_turn = itertools.chain(
        [(p & near, c) for p, c in first] + first,
        (m for masks in tiers for m in masks),
        _veiled_paint(lab, near, preds, veiled))
    for paint, colour in masks_in_turn:
        paint = cv2.morphologyEx(paint.astype(np.uint8), cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
        if without_prints:
            paint = _prints_left_out(paint, colour, len(palette.names))
        if any(_same_mask(paint, other) for other in seen):
            continue
        seen.append(paint)
        blobs = _tile_blobs(paint, colour, len(palette.names))
        out = [TileBlob(((cx / s) + x0, (cy / s) + y0), a, area / (s * s), e)
               for (cx, cy), a, area, e in blobs]
        # (the layout's paint for the lattice's window: near the foreground)
        yield out, paint & near, (x0, y0, x1, y1), s, every, painted, preds, outline, colour0


class _Outline:
    """What tells a face whose paint is washed out from the table, over the region (ROI pixels):
    ``edges`` the lightness's edge strength (float32, :func:`_edge_strength`) and, looked up
    where asked (:meth:`table_share`), which pixels show the table's colours round the layout
    (``lab`` the region's Lab, ``near`` the layout, placed at ``offset`` (x, y) on the canvas of
    ``edges``: the edge pass's widened one, see :func:`_edge_pass`)."""

    def __init__(self, lab: np.ndarray, near: np.ndarray, edges: np.ndarray | None = None,
                 offset: tuple[int, int] = (0, 0)) -> None:
        self.lab, self.near, self.offset = lab, near, offset
        self.edges = _edge_strength(lab) if edges is None else edges
        self._table: list = []  # [the table's colours and spread, or None], once asked

    def widened(self, left: int, top: int, size: tuple[int, int]) -> "_Outline":
        """The same on a canvas ``size`` (h, w) that holds the region at ``(left, top)`` (no
        edges measured off the region)."""
        edges = np.zeros(size, np.float32)
        h, w = self.edges.shape
        edges[top:top + h, left:left + w] = self.edges
        wide = _Outline(self.lab, self.near, edges, (self.offset[0] + left, self.offset[1] + top))
        wide._table = self._table  # (the same table: its colours worked out once)
        return wide

    def table_share(self, at: np.ndarray, pitch: float) -> float:
        """The share of the pixels within :data:`INSIDE` of a ``pitch`` (canvas pixels) of the
        point ``at`` (x, y canvas pixels) that lie within the table's spread of one of the
        table's colours (:func:`_table_colours`; 0.0 without them)."""
        if not self._table:
            self._table.append(_table_colours(self.lab, self.near, np.random.default_rng(0)))
        if self._table[0] is None:
            return 0.0
        centres, spread = self._table[0]
        r = max(1, int(round(INSIDE * pitch)))
        x, y = int(round(at[0])) - self.offset[0], int(round(at[1])) - self.offset[1]
        patch = self.lab[max(0, y - r):max(0, y + r + 1), max(0, x - r):max(0, x + r + 1)]
        if not patch.size:
            return 1.0
        d2 = ((patch.reshape(-1, 1, 3) - centres[None]) ** 2).sum(axis=2).min(axis=1)
        return float(np.mean(d2 <= max(TABLE_APART, spread) ** 2))


def _edge_strength(lab: np.ndarray) -> np.ndarray:
    """The lightness's gradient magnitude (float32, ``lab``'s first two axes; Lab ``(h, w, 3)``,
    L 0-100): a face's outline (its rim against the table, its thickness's shadow) and its
    grooves, which a lamp's glare that washes its paints pale leaves in place."""
    light = np.ascontiguousarray(lab[..., 0], dtype=np.float32)
    return cv2.magnitude(cv2.Sobel(light, cv2.CV_32F, 1, 0, ksize=3),
                         cv2.Sobel(light, cv2.CV_32F, 0, 1, ksize=3))


#: The faces are grown (:func:`_grow_faces`) on the paint without the patches of one paint's
#: colour that run off the region and span more than this many pitches: a stripe or a gingham
#: band runs on under the layout and past it, while a face's sector lies within its face (about
#: a pitch long, :data:`FACE_TO_PITCH`), even one that the region's side cuts (the foreground's
#: box leaves out tiles of a cloth's colours). Left in, the stripes fill the cells about a face
#: with paint and the face's likeness to the faces found drowns (measured: an independent
#: renderer's layout of 13 tiles on yellow and blue stripes, the faces on the stripes 0.35-0.47
#: like the faces found, under GROW_CORR; without the prints 2 of its 4 missing faces grown).
PRINT_SPAN = 1.5
#: ... the patches taken apart first where they join across a bridge narrower than twice this
#: (ROI pixels: the opening's disc radius): neighbouring faces' sectors of one paint join across
#: their rims where a blur or the paint's reach thins them (a tile's rim of a millimetre or two
#: is a pixel or a few in the ROI, see ROI_PIXELS), into a patch longer than a face that a side
#: of the region cuts (a synthetic layout with 1.5 mm rims lost a column of faces to it).
PRINT_APART = 2


#: Where the paints meet (a layout's faces about it, with :func:`_roi`'s margin) a cloth's
#: print is left out of the paint (:func:`_prints_left_out`) when it runs off the region and
#: spans more than this share of the region's longer side: a stripe runs on across the region,
#: while a face's sector lies within its face, less than half a region that holds two faces or
#: more (as :data:`PRINT_SPAN`'s 1.5 pitches). Measured: the synthetic layout on orange and blue
#: stripes beside a sheet of paper (tests/vision/test_xtiles.py) lost 5 of its 8 faces at a
#: quarter, none at a third or a half; a half is the looser of the two that pass (a third was
#: not tried on the photos), as PRINT_SPAN's 1.5 pitches. On the 354 X-Tiles development photos
#: (final16-25, xt50, xt50-old, xt51, xt52) at a half: 94 -> 88 cells wrong, final17 hard-1765
#: 4 -> 0 and xt52 hard-2782 2 -> 0, none worse. A known limit: the span is the patch's box's
#: longer side against the region's longer side, so in a region more than twice as long as
#: wide a stripe across its short side (spanning at most the short side, under half the longer
#: one) is never left out.
PRINT_REGION_SHARE = 0.5


def _prints_left_out(paint: np.ndarray, colour: np.ndarray, n_colours: int) -> np.ndarray:
    """``paint`` (bool or uint8 (H, W), ROI pixels) without a cloth's prints of the paints'
    colours (``colour``, the nearest palette index per pixel, of ``n_colours``) that run off the
    region and span more than :data:`PRINT_REGION_SHARE` of its longer side, taken apart from
    the faces' sectors across bridges narrower than :data:`PRINT_APART` first (see
    :func:`_without_print`); returned as ``paint``'s type (uint8 or bool).

    A known limit: the span measured is the patch's box's longer side against the region's
    longer side, so in a region more than twice as long as wide a stripe that crosses it along
    its short side (spanning no more than the short side) is never left out."""
    out = _without_print(paint.astype(np.uint8), colour.astype(np.uint8), n_colours,
                         longer=PRINT_REGION_SHARE * max(paint.shape[:2]), apart=PRINT_APART)
    return out if paint.dtype == np.uint8 else out > 0


def _without_print(paint: np.ndarray, colour: np.ndarray, n_colours: int, *,
                   longer: float = 0.0, sides: tuple[bool, bool, bool, bool] = (True,) * 4,
                   apart: int = 0) -> np.ndarray:
    """``paint`` (uint8 mask of the layout's region) without the patches of one paint's colour
    (``colour``, the nearest palette index per pixel) that run off the region and whose box's
    longer side exceeds ``longer`` (pixels), off the region's ``sides`` (top, bottom, left,
    right) only: a cloth's stripe or gingham band printed in a paint's colour runs from the
    table under the layout and on, while a tile's sector lies within its tile, inside the region
    (the foreground's box with a margin, see :func:`_roi`)."""
    out = paint.copy()
    on = paint > 0
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * apart + 1,) * 2)
    if not any(sides):
        return out
    for k in range(n_colours):
        mask = (on & (colour == k)).astype(np.uint8)
        core = cv2.morphologyEx(mask, cv2.MORPH_OPEN, disc) if apart else mask
        n, labels, stats, _ = _labelled(core, connectivity=4)
        if n <= 1:
            continue
        edge = np.unique(np.concatenate(
            [side for side, on_side in zip((labels[0], labels[-1], labels[:, 0], labels[:, -1]),
                                           sides) if on_side]))
        edge = edge[edge > 0]
        if longer > 0:
            edge = edge[np.maximum(stats[edge, cv2.CC_STAT_WIDTH],
                                   stats[edge, cv2.CC_STAT_HEIGHT]) > longer]
        if not len(edge):
            continue
        lut = np.zeros(n, np.uint8)
        lut[edge] = 1
        gone = lut[labels]
        out[(cv2.dilate(gone, disc) & mask if apart else gone) > 0] = 0
    return out


def _labelled(mask: np.ndarray, connectivity: int = 8
              ) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """``cv2.connectedComponentsWithStats(mask, connectivity=connectivity)`` (``mask`` (H, W)
    uint8) labelled on the box around its non-zero pixels only: ``(n, labels (H, W) int32,
    stats (n, 5) int32, centroids (n, 2) float64)`` in the whole mask's pixels, the same
    labels, boxes, areas and centroids of the components (label 1 on), row 0 (the background)
    being the box's.

    The labelling's cost grows with the pixels scanned, and the masks labelled here are a
    layout's paint, a few crossings' spots, often a small part of the picture (spots: a few
    hundred pixels of 250 000). The box starts on even pixels, so that block-based labellings
    (2 x 2 blocks) meet the components in the same order and number them alike."""
    h, w = mask.shape[:2]
    x, y, bw, bh = cv2.boundingRect(mask)
    if bw == 0 or bh == 0:
        return (1, np.zeros((h, w), np.int32), np.array([[0, 0, w, h, w * h]], np.int32),
                np.array([[(w - 1) / 2, (h - 1) / 2]]))
    x0, y0 = x - x % 2, y - y % 2
    x1, y1 = x + bw, y + bh
    n, sub, stats, cents = cv2.connectedComponentsWithStats(
        np.ascontiguousarray(mask[y0:y1, x0:x1]), connectivity=connectivity)
    labels = np.zeros((h, w), np.int32)
    labels[y0:y1, x0:x1] = sub
    stats[1:, 0] += x0
    stats[1:, 1] += y0
    cents[1:] += (x0, y0)
    return n, labels, stats, cents


def _labelled_paints(mask: np.ndarray, colour: np.ndarray | None, paint: np.ndarray | None,
                     n_colours: int) -> tuple[int, np.ndarray, np.ndarray, np.ndarray,
                                              np.ndarray | None]:
    """The 4-connected components of ``mask`` (H, W) (:func:`_labelled`: ``n, labels, stats,
    centroids``) and, with ``colour`` (the nearest palette index per pixel), each component's
    count of each palette colour among its ``paint`` pixels (``(n, n_colours)`` float64; the
    mask's own pixels without ``paint``), else None."""
    n, labels, stats, cents = _labelled(mask.astype(np.uint8), connectivity=4)
    counts = None
    if colour is not None and n > 1:
        on = (paint if paint is not None else mask) > 0
        counts = np.bincount(labels[on].astype(np.int64) * n_colours + colour[on],
                             minlength=n * n_colours).reshape(n, n_colours).astype(np.float64)
    return n, labels, stats, cents, counts


def _component_crop(labels: np.ndarray, stats: np.ndarray, i: int) -> np.ndarray:
    """Component ``i``'s pixels (uint8 0/1) over its box (``stats[i]``) in ``labels``."""
    x, y, bw, bh = (int(v) for v in stats[i, :4])
    return (labels[y:y + bh, x:x + bw] == i).astype(np.uint8)


def _axis_and_elongation(comp: np.ndarray, area: float) -> tuple[float, float]:
    """A component's (``comp``, uint8 0/1 over its box; ``area`` its pixels) long axis's angle
    (radians, [0, pi), image axes) and its long / short second-moment axis ratio."""
    m = cv2.moments(comp, binaryImage=True)
    mu20, mu02, mu11 = m["mu20"] / area, m["mu02"] / area, m["mu11"] / area
    tr, det = mu20 * 1.0 + mu02, mu20 * mu02 - mu11 * mu11
    disc = math.sqrt(max(tr * tr / 4 - det, 0.0))
    l1, l2 = tr / 2 + disc, max(tr / 2 - disc, 1e-9)
    angle = 0.5 * math.atan2(2 * mu11, mu20 - mu02) % math.pi
    return angle, math.sqrt(l1 / l2)


def _solidity(comp: np.ndarray, area: float) -> float:
    """A component's (``comp``, uint8 0/1 over its box; ``area`` its pixels) area's share of
    its outer contours' convex hull's."""
    cnts, _ = cv2.findContours(comp, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.convexHull(np.vstack(cnts))
    return float(area / max(cv2.contourArea(hull), 1.0))


def _shares(counts: np.ndarray | None, i: int) -> np.ndarray | None:
    """Component ``i``'s share of each palette colour (see :func:`_labelled_paints`)."""
    return counts[i] / max(counts[i].sum(), 1.0) if counts is not None else None


def _components(mask: np.ndarray, min_area: float, colour: np.ndarray | None = None,
                paint: np.ndarray | None = None, n_colours: int = 0
                ) -> list[tuple[tuple[float, float], float, float, float, float, np.ndarray | None]]:
    """Connected components of ``mask`` with at least ``min_area`` pixels: ``(centre, angle of the
    long axis, area, elongation, solidity, shares)``, ``shares`` ``(n_colours,)`` the share of
    each palette colour (``colour``, the nearest colour's index per pixel) among the component's
    ``paint`` pixels (None without ``colour``)."""
    n, labels, stats, cents, counts = _labelled_paints(mask, colour, paint, n_colours)
    out = []
    for i in range(1, n):
        area = float(stats[i, cv2.CC_STAT_AREA])
        if area < min_area:
            continue
        comp = _component_crop(labels, stats, i)
        angle, elongation = _axis_and_elongation(comp, area)
        out.append(((float(cents[i, 0]), float(cents[i, 1])), angle, area, elongation,
                    _solidity(comp, area), _shares(counts, i)))
    return out


def _tile_shaped_components(labelled: tuple, min_area: float
                            ) -> tuple[list[tuple[tuple[float, float], float, float, float]],
                                       float, int]:
    """The components of a mask (``labelled`` by :func:`_labelled_paints`) that
    :func:`_components` gives (the same mask, colours and paint) and that are shaped like a
    tile (:data:`MIN_ELONGATION`, :data:`MIN_SOLIDITY`) and of two paints (:func:`_mixed`), as ``(centre, angle, area, elongation)``, with the area (pixels)
    and the number of all its components of ``min_area``.

    The same as filtering :func:`_components`' list, measured only as far as needed: most of
    a layout's pieces of paint are one paint's sector (measured on final22/23 X-Tiles photos:
    about a tenth of the components of two paints), whose outline and moments go unused."""
    n, labels, stats, cents, counts = labelled
    areas = stats[:, cv2.CC_STAT_AREA].astype(np.float64)
    big = np.flatnonzero(areas[1:] >= min_area) + 1
    total, n_big = float(areas[big].sum()), len(big)
    if counts is not None:
        big = big[_second_shares(counts[big]) >= MIN_SECOND_COLOUR]
    shaped = []
    for i in big.tolist():
        area = float(areas[i])
        comp = _component_crop(labels, stats, i)
        angle, elongation = _axis_and_elongation(comp, area)
        if elongation < MIN_ELONGATION or _solidity(comp, area) < MIN_SOLIDITY:
            continue
        shaped.append(((float(cents[i, 0]), float(cents[i, 1])), angle, area, elongation))
    return shaped, total, n_big


#: A tile's face shows three paints (RULES.md: one colour on a big and a small sector, the two
#: others on one sector each, the smallest about a sixth of the face): a blob is a face when at
#: least two palette colours each fill this share of its paint (one may be washed out by a
#: glare, or left out of the paint with a table of its colour). A cloth's square, dot or
#: stripe is one colour; a flower's heart about a tenth of its petals.
MIN_SECOND_COLOUR = 0.12


def _mixed(shares: np.ndarray | None) -> bool:
    """Whether a blob's paint is of two colours or more (see :data:`MIN_SECOND_COLOUR`)."""
    return shares is None or float(np.sort(shares)[-2]) >= MIN_SECOND_COLOUR


def _second_shares(counts: np.ndarray) -> np.ndarray:
    """The second largest colour's share ``(n,)`` of each row of ``counts`` ``(n, n_colours)``
    (each blob's paint pixels by colour, see :func:`_labelled_paints`): :func:`_mixed`'s
    measure, for many blobs at once (the same values, row by row)."""
    shares = counts / np.maximum(counts.sum(axis=1, keepdims=True), 1.0)
    return np.sort(shares, axis=1)[:, -2]


def _tile_blobs(paint: np.ndarray, colour: np.ndarray | None = None, n_colours: int = 0
                ) -> list[tuple[tuple[float, float], float, float, float]]:
    """The blobs shaped like one tile, after the closing (of those tried) that gives the most.

    A face's grooves split it into sector pieces; closing with a disc a little wider than the
    groove joins them, while the two rims (and the gap) between neighbouring tiles are wider.
    The closings tried (:data:`CLOSE_RADII`) are kept whose tile-shaped blobs hold the most of
    the paint (whole faces rather than one kind of piece; the larger blobs on a tie). With the
    pixels' nearest colours (``colour``, indices of ``n_colours``), a tile's blob must show
    two paints at least (see :data:`MIN_SECOND_COLOUR`): a sector alone, or a patch of a cloth
    printed in a paint's colour, is no face. With them the seams' closings are tried too
    (:func:`_seams_closed`): where tiles lie end to end as close as a face's sectors lie
    apart, no closing joins the one and not the other, but the sectors meet in different
    paints and the neighbours in one. The closings are sized by the typical piece of
    paint; where that size finds no face, the next size down is tried (see
    :data:`SIZE_STEP`)."""
    # (the pieces of paint, labelled once: the smallest closing's blobs and the crossings' pieces)
    pieces = _labelled_paints(paint, colour, paint, n_colours)
    areas = pieces[2][1:, cv2.CC_STAT_AREA].astype(float)
    areas = areas[areas >= 12]  # (the pieces of paint, specks left out)
    if not len(areas):
        return []
    # (closing by a disc of radius r: grow the paint by r (its distance map, once), shrink back)
    to_paint = cv2.distanceTransform((paint == 0).astype(np.uint8), cv2.DIST_L2, 3)
    seams: dict[float, tuple] = {}  # (the seams' closings' labellings, the same at every size)
    for typical in _typical_sizes(areas):
        tiles = _tiles_at(paint, to_paint, typical, colour, n_colours, pieces, seams)
        if tiles:
            return tiles
    return []


#: The typical piece of paint's size is that of the pieces holding half the paint (weighed by
#: area: specks of noise do not count). A cloth printed in the paints' colours (stripes the
#: tiles lie on) can hold more paint than the faces, in a few large pieces: sized by them, the
#: faces' blobs are specks and none is found. The faces' sectors are then the next size down:
#: the size of the pieces smaller than this share of the size found is tried in turn ...
SIZE_STEP = 0.5
#: ... while those pieces hold at least this share of the paint (a layout's sectors; measured
#: on final9 x-tiles-hard-203, tiles on yellow and blue stripes: 0.15-0.42 of the paint below
#: the stripes' size; the cloth's texture's fragments below the sectors' size 0.00-0.03) ...
SIZE_SHARE = 0.1
#: ... and up to this many sizes in all.
SIZE_TRIES = 3


def _typical_sizes(areas: np.ndarray) -> Iterator[float]:
    """The typical piece sizes (pixels, square roots of areas) to try, largest first, for the
    pieces' ``areas`` (n,) (pixels), see :data:`SIZE_STEP`."""
    a = np.sort(areas)
    total = float(a.sum())
    for _ in range(SIZE_TRIES):
        if not len(a) or float(a.sum()) < SIZE_SHARE * total:
            return
        size = math.sqrt(float(a[np.searchsorted(np.cumsum(a), 0.5 * a.sum())]))
        yield size
        a = a[a < (SIZE_STEP * size) ** 2]


def _tiles_at(paint: np.ndarray, to_paint: np.ndarray, typical: float,
              colour: np.ndarray | None, n_colours: int, pieces: tuple | None = None,
              seams: dict[float, tuple] | None = None) -> list:
    """The tile-shaped blobs :func:`_tile_blobs` finds for pieces of paint of the ``typical``
    size (pixels); ``to_paint`` (H, W) float32, each pixel's distance to the paint; ``pieces``
    the paint's own labelling (:func:`_labelled_paints` of ``paint``; made here when None) and
    ``seams`` the seams' closings' labellings by radius (filled here; the same for every
    ``typical``, so that :func:`_tile_blobs` labels them once)."""
    if pieces is None:
        pieces = _labelled_paints(paint, colour, paint, n_colours)
    if seams is None:
        seams = {}
    best: list = []
    best_key = (-1.0, 0.0)
    best_k = 0
    best_seam = False
    every_closing: list[list] = []  # (each closing's tile-shaped blobs, for _other_closings)
    closings = [(r, False) for r in sorted({round(typical * f, 1) for f in CLOSE_RADII})]
    if colour is not None:
        closings += [(r, True) for r in SEAM_RADII]
    stopped = False  # (the closings have begun to join whole tiles: wider ones join more)
    for r, seam in closings:
        if stopped and not seam:
            continue
        if seam:
            if r not in seams:
                seams[r] = _labelled_paints(_seams_closed(paint, colour, n_colours, r), colour,
                                            paint, n_colours)
            labelled = seams[r]
        elif r < 0.5:
            labelled = pieces  # (no closing: the paint's own pieces)
        else:
            grown = (to_paint <= r).astype(np.uint8)
            closed = (cv2.distanceTransform(grown, cv2.DIST_L2, 3) > r).astype(np.uint8)
            labelled = _labelled_paints(closed, colour, paint, n_colours)
        k = r
        blobs, comps_area, n_comps = _tile_shaped_components(
            labelled, max(12.0, 0.25 * typical ** 2))
        if len(blobs) < 2:
            continue
        every_closing.append(blobs)
        med = float(np.median([c[2] for c in blobs]))
        tiles = [c for c in blobs if med / AREA_FACTOR <= c[2] <= med * AREA_FACTOR]
        # the share of the paint in tile-shaped blobs: whole faces hold it all, one kind of a
        # face's pieces (its small sectors, elongated too) only a part
        covered = sum(c[2] for c in tiles) / max(comps_area, 1.0)
        logger.debug("x-tiles: %sclosing %.1f px: %d blobs, %d tile-shaped, %.2f of the paint",
                     "seam " if seam else "", k, n_comps, len(tiles), covered)
        key = (round(covered / COVER_TIE), med)
        # (a seam closing wins a tie of the paint held only with as many faces as the best: at
        # a face's corners two paints meet, and a neighbour a pixel from them is bridged to
        # it; a column of whole faces so joined is long and solid and holds all the paint too,
        # in fewer blobs. Joining a face's own pieces keeps their number: xt50
        # x-tiles-hard-2588, 11 faces at 0.63 of the paint either way, whole only when seamed)
        if len(tiles) >= 2 and key > best_key and (
                not seam or key[0] > best_key[0] or len(tiles) >= len(best)):
            best, best_key, best_k, best_seam = tiles, key, k, seam
        elif best and not seam and covered < CLOSING_STOP * best_key[0] * COVER_TIE:
            stopped = True  # (the seams' closings, which join no tiles, are tried still)
    if best and len(best) < GROW_FROM:
        best = best + _other_closings(best, every_closing)
    if best_key[0] >= round(1.0 / COVER_TIE):
        logger.debug("x-tiles: %d tiles at %sclosing %.1f px", len(best),
                     "seam " if best_seam else "", best_k)
        return best  # (the closing's faces hold all the paint: no crossing can hold more)
    crossed, crossed_cover = _crossing_tiles(paint, typical, colour, n_colours, pieces[:4])
    if len(crossed) >= 2 and round(crossed_cover / COVER_TIE) > best_key[0]:
        # (the faces around their grooves' crossings hold more of the paint than any closing's
        # blobs: the rims between neighbours are as thin as the grooves)
        logger.debug("x-tiles: %d tiles around the grooves' crossings (%.2f of the paint)",
                     len(crossed), crossed_cover)
        return crossed
    logger.debug("x-tiles: %d tiles at %sclosing %.1f px", len(best),
                 "seam " if best_seam else "", best_k)
    return best


#: The seams' closings (see :func:`_seams_closed`) bridge the unpainted pixels beside two
#: paints: 1.0 those touching them side-on, 1.5 diagonally too (a pixel's reach on the grid,
#: see :func:`_seam_kernel`): the blur's mix where two sectors meet, a pixel wide whatever the
#: tiles' size (a phone's blur at the half-size decode, the ROI no larger, see ROI_PIXELS;
#: measured on xt50-old x-tiles-hard-1920, the tiles' rims 6-8 px apart but touching end to
#: end: 10 faces found at 1.0; wider, the seams bridge a neighbour's corner of another paint,
#: 7 faces at 2.0, 5 at 2.5).
SEAM_RADII = (1.0, 1.5)


def _seam_kernel(r: float) -> np.ndarray:
    """The 3x3 neighbourhood a pixel reaches within ``r`` (pixels, at most 1.5): its four
    side neighbours under sqrt(2), its eight neighbours from it."""
    shape = cv2.MORPH_CROSS if r < math.sqrt(2.0) else cv2.MORPH_RECT
    return cv2.getStructuringElement(shape, (3, 3))


def _seams_closed(paint: np.ndarray, colour: np.ndarray, n_colours: int, r: float
                  ) -> np.ndarray:
    """``paint`` (uint8 (H, W)) with the unpainted pixels within ``r`` (see :func:`_seam_kernel`)
    of paint of two different colours (``colour``, each pixel's nearest palette index) added:
    a face's sectors meet in different paints, split by the blur's mix of their colours, which
    lies far from every paint; two neighbouring tiles meet across their rims in the same
    paint (RULES.md: a shared edge matches), which is left apart."""
    on = paint > 0
    kernel = _seam_kernel(r)
    near = np.zeros(paint.shape, np.uint8)
    for k in range(n_colours):
        mask = (on & (colour == k)).astype(np.uint8)
        if mask.any():
            near += cv2.dilate(mask, kernel)
    return (on | (near >= 2)).astype(np.uint8)


#: A face from another closing than the one kept lies at least this many times the square root
#: of the faces' median area from each face kept (faces on the lattice lie a pitch apart, about
#: 1.22 times that root, see FACE_TO_PITCH; a face kept joined to a piece of its neighbour has
#: its centre a third of a pitch or less off the face's).
OTHER_CLOSING_APART = 0.8


def _other_closings(kept: list, closings: list[list]) -> list:
    """The tile-shaped blobs of the other closings tried (``closings``, each a list of
    ``(centre, angle, area, elongation)``) that are faces the closing ``kept`` missed: of its
    faces' area (within :data:`AREA_FACTOR` of their median) and apart from each of them (see
    :data:`OTHER_CLOSING_APART`), the smallest closing's first.

    The gaps between neighbouring tiles vary over a layout (tiles laid by hand: some nested
    tight, their rims touching, others apart), and so does the width a groove shows (its depth
    and the light's direction): where one closing joins two tight neighbours into one blob,
    a smaller one leaves a face apart elsewhere split at its grooves, and a larger one closes
    it. Each tile is one piece, whatever closing shows it whole; a layout seen as fewer faces
    than the faces' likeness needs (fewer than :data:`GROW_FROM`, or three along one line, see
    :func:`_enough_faces`) grows none.
    (Measured: final10 x-tiles-normal-404, 7 tiles laid tight and apart: 3 faces at the
    closing kept, a fourth whole at the next.)"""
    med = float(np.median([c[2] for c in kept]))
    reach = OTHER_CLOSING_APART * math.sqrt(med)
    taken = [c[0] for c in kept]
    added = []
    for blobs in closings:
        for c in blobs:
            if not med / AREA_FACTOR <= c[2] <= med * AREA_FACTOR:
                continue
            if all(math.dist(c[0], t) >= reach for t in taken):
                taken.append(c[0])
                added.append(c)
    if added:
        logger.debug("x-tiles: %d faces from other closings (%d kept)", len(added), len(kept))
    return added


#: A face's grooves cross at its middle, where its four sectors meet (two big, two small, each
#: a wedge with its tip there); neighbouring faces meet along their rims, never four at a
#: point (at a cell's corner four tiles' rounded corners meet, each ringed by its rim). A point
#: is a crossing when four pieces of paint come within this distance of it (a share of the
#: typical piece's size, see :func:`_tile_blobs`; tried in turn, the one finding the most
#: faces kept): measured, the grooves of an independent renderer's photo ~2 px wide at a
#: typical piece of 33 px (all 13 crossings found from 0.12 on, no cell corner up to 0.15).
CROSSING_REACH = (0.12, 0.15, 0.2)
#: The pieces around a crossing lie all round it: no two of their directions from it closer
#: than this (radians; a face's sectors are wedges of 60-120 degrees).
CROSSING_SPREAD = math.radians(35.0)
#: Pieces of paint smaller than this share of the typical piece's area (squared size) are specks.
SPECK = 0.1


def _crossing_tiles(paint: np.ndarray, typical: float, colour: np.ndarray | None,
                    n_colours: int, pieces: tuple) -> tuple[list, float]:
    """The faces found around their grooves' crossings (see :data:`CROSSING_REACH`), as
    :func:`_tile_blobs` gives them, and the share of the paint they hold.

    Where a face's rim is as thin as its grooves (a narrow rim, tiles laid tight), every
    closing that joins a face's sectors joins its neighbours too; the sectors still meet four
    at a point only at a face's middle. The face is the four pieces meeting there (closed over
    their grooves), kept when shaped like a tile and of two paints or more. ``pieces``: the
    paint's labelling (:func:`_labelled`'s ``n, labels, stats, centroids``, 4-connected; the
    caller's, :func:`_tiles_at`'s, shared with its closings)."""
    n, labels, stats, cents = pieces
    big = (np.flatnonzero(stats[1:, cv2.CC_STAT_AREA] >= max(12.0, SPECK * typical ** 2))
           + 1).tolist()
    total = float(stats[big, cv2.CC_STAT_AREA].astype(np.int64).sum())
    if len(big) < 8 or total <= 0:
        return [], 0.0
    h, w = paint.shape
    boxes = stats[:, :4].tolist()  # ((x, y, w, h) by label, as Python ints)
    best: tuple[list, float] = ([], 0.0)
    for f in CROSSING_REACH:
        rho = max(2, int(round(f * typical)))
        disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * rho + 1, 2 * rho + 1))
        count = np.zeros((h, w), np.uint8)
        for i in big:
            x, y, bw, bh = boxes[i]
            xa, ya, xb, yb = max(0, x - rho), max(0, y - rho), min(w, x + bw + rho), min(h, y + bh + rho)
            near = cv2.dilate((labels[ya:yb, xa:xb] == i).view(np.uint8), disc)
            count[ya:yb, xa:xb] += near
        used: set[int] = set()
        faces = []
        for need in (4, 3):  # (whole faces first; then faces one sector short, see above)
            ns, _, _, spot_xy = _labelled((count >= need).astype(np.uint8))
            for k in range(1, ns):
                cx, cy = (float(v) for v in spot_xy[k])
                members = _pieces_around(labels, (cx, cy), rho, set(big))
                if len(members) != need or used & set(members):
                    continue
                directions = sorted(math.atan2(cents[i, 1] - cy, cents[i, 0] - cx) for i in members)
                gaps = np.diff(directions + [directions[0] + 2 * math.pi])
                if gaps.min() < CROSSING_SPREAD or gaps.max() >= math.pi:
                    continue
                face = _face_of(labels, stats, members, rho, colour, paint, n_colours,
                                short_of=None if need == 4 else (cents, (cx, cy)))
                if face is None:
                    continue
                used |= set(members)
                _, angle, area, elong = face
                # (centred where the grooves cross; a face one sector short as a whole one)
                faces.append(((cx, cy), angle, area * 4.0 / need, elong))
        if faces:
            med = float(np.median([c[2] for c in faces]))
            faces = [c for c in faces if med / AREA_FACTOR <= c[2] <= med * AREA_FACTOR]
        covered = sum(stats[i, cv2.CC_STAT_AREA] for i in used) / total if faces else 0.0
        logger.debug("x-tiles: %d faces around crossings within %d px", len(faces), rho)
        if len(faces) > len(best[0]):
            best = ([c[:4] for c in faces], float(covered))
    return best


def _pieces_around(labels: np.ndarray, point: tuple[float, float], rho: int,
                   pieces: set[int]) -> list[int]:
    """The labels of ``pieces`` with a pixel within ``rho`` (pixels) of ``point`` (x, y)."""
    cx, cy = int(round(point[0])), int(round(point[1]))
    h, w = labels.shape
    ya, yb, xa, xb = max(0, cy - rho), min(h, cy + rho + 1), max(0, cx - rho), min(w, cx + rho + 1)
    window = labels[ya:yb, xa:xb]
    yy, xx = np.mgrid[ya:yb, xa:xb]
    inside = (xx - cx) ** 2 + (yy - cy) ** 2 <= rho * rho
    return sorted(int(v) for v in np.unique(window[inside]) if int(v) in pieces)


def _face_of(labels: np.ndarray, stats: np.ndarray, members: list[int], rho: int,
             colour: np.ndarray | None, paint: np.ndarray, n_colours: int,
             short_of: tuple[np.ndarray, tuple[float, float]] | None = None):
    """The face made of the pieces ``members`` (closed by ``rho`` over its grooves), as
    :func:`_components` gives it in ``labels``' pixels, when shaped like a tile (see
    :data:`MIN_ELONGATION`, :data:`MIN_SOLIDITY`) and of two paints or more; else None.

    A face one sector short (``short_of``: the pieces' centroids ``(n, 2)`` by label and the
    crossing ``(x, y)``) has no tile's shape (without an end sector it is about as long as
    wide): its long axis runs from the crossing to its largest piece, a big end sector
    whichever sector is missing, and only its paints are checked."""
    x0 = min(int(stats[i, 0]) for i in members) - rho - 1
    y0 = min(int(stats[i, 1]) for i in members) - rho - 1
    x1 = max(int(stats[i, 0] + stats[i, 2]) for i in members) + rho + 1
    y1 = max(int(stats[i, 1] + stats[i, 3]) for i in members) + rho + 1
    h, w = labels.shape
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    union = np.isin(labels[y0:y1, x0:x1], members).astype(np.uint8)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * rho + 1, 2 * rho + 1))
    closed = cv2.morphologyEx(union, cv2.MORPH_CLOSE, disc)
    sub_colour = colour[y0:y1, x0:x1] if colour is not None else None
    comps = _components(closed, 12, sub_colour, union, n_colours)
    if len(comps) != 1:
        return None
    (cx, cy), angle, area, elong, solidity, shares = comps[0]
    if not _mixed(shares):
        return None
    if short_of is not None:
        cents, (px, py) = short_of
        largest = max(members, key=lambda i: int(stats[i, cv2.CC_STAT_AREA]))
        angle = math.atan2(cents[largest, 1] - py, cents[largest, 0] - px) % math.pi
        return ((cx + x0, cy + y0), angle, area, max(elong, MIN_ELONGATION))
    if elong < MIN_ELONGATION or solidity < MIN_SOLIDITY:
        return None
    return ((cx + x0, cy + y0), angle, area, elong)


#: A face whose paint blob is smaller than this share of the median face's area, and less
#: elongated than this share of the median face's elongation, is a part of a face (a sector a
#: glare washed out of the paint: measured 0.66 of the area and 0.55 of the elongation on an
#: independent renderer's photo, whole faces 0.89-1.12 and 0.9-1.5): its centroid is pulled
#: towards its other sectors, and the map is fitted without it.
PART_AREA = 0.8
PART_ELONGATION = 0.75


def _whole_faces(areas: np.ndarray, elongations: np.ndarray) -> np.ndarray:
    """Which of the faces (``areas`` ``(n,)``, ``elongations`` ``(n,)``) look whole (bool
    ``(n,)``, see :data:`PART_AREA`); all when fewer than :data:`AFFINE_FACES` would be left."""
    whole = ~((areas < PART_AREA * np.median(areas))
              & (elongations < PART_ELONGATION * np.median(elongations)))
    return whole if whole.sum() >= AFFINE_FACES else np.ones(len(areas), bool)


#: A blob at least this many times the area of every other face found (with
#: :data:`AFFINE_FACES` others at least, one within :data:`JOINED_REACH` of it) is two faces
#: joined across their rims, not one face: two faces hold twice one's paint, a steep view's
#: farther row shrinking them (final24 x-tiles-hard-3403: two far faces nested in a T, 1.58
#: times each of the four near faces, set the map's step across the near row half a cell too
#: long and the far column was lost). The value lies between two measured blobs: xt51
#: x-tiles-hard-2687's single near face, 1.46 times the faces found (kept only by
#: :data:`JOINED_REACH`), and 3403's pair, 1.58; two faces' paint would be about 2 times one
#: face's by reasoning alone (not tuned further). A known limit: a steep view's near face is
#: 1.44-1.56 times the faces two rows back, so with its own row washed out it may be taken
#: for two faces joined and left out of the fit.
JOINED_AREA = 1.45
#: ... and a face found lies within this many pitches of the blob (the pitch of the median
#: face, :data:`FACE_TO_PITCH`): a joined pair's centre lies half a pitch from each of its
#: faces, their neighbours a pitch further (1.5; 1.9 at a corner). A face further from every
#: other found is not judged: the faces between may be washed out, and a steep view's near
#: face three rows from the rest found is 1.46 times their area (xt51 x-tiles-hard-2687).
JOINED_REACH = 2.0


def _without_joined_faces(blobs: list[TileBlob]) -> list[TileBlob]:
    """``blobs`` less those of :data:`JOINED_AREA` times every other's area with a face within
    :data:`JOINED_REACH` of it (two faces joined across their rims: its centre lies between
    two cells', and a map through it takes the step between them as one); all when fewer than
    :data:`AFFINE_FACES` others were found (too few faces to tell one's size by).
    :func:`_single_faces` and :func:`_assign` would refuse such a blob on a map of the faces'
    pitch (3403's pair: cell share 0.55 on the near row's map, under :data:`CELL_AREA`'s 0.6),
    but it does its harm before them: :func:`_pitch` and :func:`_steps`, the maps' starts, are
    measured on every blob."""
    if len(blobs) <= AFFINE_FACES:
        return blobs
    areas = np.array([b.area for b in blobs])
    order = np.sort(areas)
    # (each blob against the largest of the others: the second largest for the largest)
    others = np.where(areas >= order[-1], order[-2], order[-1])
    centres = np.array([b.centre for b in blobs])
    reach = JOINED_REACH * FACE_TO_PITCH * math.sqrt(float(np.median(areas)))
    near = _apart(centres, centres) <= reach
    np.fill_diagonal(near, False)
    joined = (areas >= JOINED_AREA * others) & near.any(axis=1)
    if joined.any():
        logger.debug("x-tiles: %d blob(s) of %s px, %.2f times every other face: two faces "
                     "joined, left out of the lattice's fit", int(joined.sum()),
                     np.round(areas[joined]).tolist(), float(np.max(areas[joined] / others[joined])))
    return [b for b, j in zip(blobs, joined) if not j]


def _fit_lattice(blobs: list[TileBlob], paint: np.ndarray, box: tuple[int, int, int, int],
                 scale: float, fg: np.ndarray, work_scale: float, *,
                 size: tuple[int, int] | None = None,
                 every_paint: np.ndarray | None = None,
                 every_colour: np.ndarray | None = None,
                 outline: _Outline | None = None) -> Lattice | None:
    """The square lattice through the tile centres, axes along the tiles' long axes; faces not
    found as blobs are grown on ``every_paint`` (the region's paint under every light, ROI
    pixels; ``paint`` when not given, see :func:`_grow_faces`; without the cloth's prints that
    run off the region when ``every_colour``, its nearest palette colours, is given, see
    :data:`PRINT_SPAN`), or by their ``outline`` where
    their paint is washed out (:class:`_Outline`). The centres ``(n, 2)`` (image pixels) of
    the tiles on the lattice are its ``info["faces_xy"]``. ``size`` ``(w, h)`` is the picture's
    (image pixels): the faces are grown on the view a phone's camera makes of the lattice
    through few faces (see :func:`_camera_view`), while the faces found are put on it by the
    centres' own fit (which faces are found, and so which light's lattice is kept, does not
    rest on the camera assumed). A blob of two faces joined (:func:`_without_joined_faces`) is
    left out: the faces there are grown. It is then no face found either: ``info["faces"]`` is
    one lower, and so is ``info["found"]`` where the map would have put the blob on a lattice
    point, a count that :func:`_few_faces`, :func:`_more_faces` and
    :func:`vision.pipeline.found_face_cells` (the reader's ``ctx.faces``) go by."""
    blobs = _without_joined_faces(blobs)
    centres = np.array([b.centre for b in blobs])
    angles = np.array([b.angle for b in blobs])
    areas = np.array([b.area for b in blobs])
    # the lattice's axes: the long axes, modulo a quarter turn
    phi = 0.25 * math.atan2(float(np.sum(np.sin(4 * angles))), float(np.sum(np.cos(4 * angles))))
    u = np.array([math.cos(phi), math.sin(phi)])
    v = np.array([-math.sin(phi), math.cos(phi)])
    pitch = _pitch(centres, angles, areas)
    along_u = np.abs(np.cos(angles - phi)) > math.sqrt(0.5)
    # grown from the square lattice's steps, from the steps the neighbours show (a steep
    # view's) and from those the faces' shapes show (a steep view with no neighbours found
    # along one axis): the map that puts more tiles on the lattice is kept (the square one on
    # a tie, but the shapes' one where they show a steep view and the other's faces lie on one
    # line, see FORESHORTENED)
    # (the lattice is grown through the whole faces first: a part's centre is pulled off its
    # lattice point, see _assign)
    elong = np.array([b.elongation for b in blobs])
    seeds = _whole_faces(areas, elong)
    found = None
    starts = [(pitch * u, pitch * v), _steps(centres, along_u, u, v, pitch)]
    shaped = _shaped_steps(centres, angles, areas, elong, along_u & seeds, ~along_u & seeds, u)
    steep = shaped is not None and _foreshortened(*shaped)
    for start in starts + ([shaped] if shaped is not None else []):
        for H in _assign(centres, along_u, *start, seeds=seeds, areas=areas):
            ok = _on_lattice(H, centres, along_u)
            if ok.any() and not (CELL_AREA[0] <= _cell_share(H, centres[ok], areas[ok])
                                 <= CELL_AREA[1]):
                continue  # (cells the tiles would overlap on, or leave gaps between)
            ok &= _single_faces(H, centres, areas)
            if start is shaped and not steep and not _spans_both_axes(H, centres[ok]):
                continue  # (its step across the faces' line is the shapes' guess alone; a blob
                # of two joined faces in a second row does not make it span)
            if (ok.sum() >= AFFINE_FACES
                    and _axes_off(H, centres[ok], angles[ok], along_u[ok]) > AXES_OFF
                    and _axes_off_on_table(H, centres[ok], angles[ok], along_u[ok],
                                           elong[ok]) > AXES_OFF):
                continue  # (the faces' long axes run along its lines neither way)
            if (found is None or ok.sum() > found[1].sum()
                    or (start is shaped and steep and ok.sum() == found[1].sum()
                        and not _spans_both_axes(found[0], centres[found[1]]))):
                # (on a tie with a map whose faces lie on one line, a steep view's shapes
                # give the step across it, where the others assume square cells)
                found = (H, ok)
    if found is None:
        return None
    H, ok = found
    logger.debug("x-tiles: %d of %d tiles on the lattice", ok.sum(), len(blobs))
    if ok.sum() < 2:
        return None
    H, sizes = _sized_refit(H, centres, areas, elong, ok)
    ok, H, sizes = _with_faces_sized_on(H, centres, areas, elong, along_u, ok, sizes)
    growth = paint if every_paint is None else every_paint
    # (faces grown from three off one line keep the prints: not measured)
    if every_colour is not None and ok.sum() >= GROW_FROM:
        growth = _without_print(growth, every_colour, int(every_colour.max()) + 1,
                                longer=PRINT_SPAN * pitch * scale, apart=PRINT_APART)
    found_on = int(ok.sum())  # (the faces found as blobs on the lattice, before any is grown)
    alone = _without_lone_faces(H, centres, areas, elong, ok)
    H, grown, g_ang = _grow_faces(H, centres[ok], along_u[ok], growth, box, scale, pitch,
                                  sizes=sizes, outline=outline, size=size)
    if alone is not None:
        # (the map grown without the lone faces, kept when it holds more faces and shows a
        # lone face off its lattice among the faces grown: see _without_lone_faces)
        ok_a, H_a, sizes_a = alone
        H_a, grown_a, g_ang_a = _grow_faces(H_a, centres[ok_a], along_u[ok_a], growth, box,
                                            scale, pitch, sizes=sizes_a, outline=outline,
                                            size=size)
        logger.debug("x-tiles: without the lone faces %d + %d grown, with them %d + %d",
                     ok_a.sum(), len(grown_a), ok.sum(), len(grown))
        if (ok_a.sum() + len(grown_a) > ok.sum() + len(grown)
                and _lone_faces_misplaced(H_a, centres[ok & ~ok_a],
                                          np.vstack([centres[ok_a], grown_a.reshape(-1, 2)]))):
            ok, H, grown, g_ang, found_on = ok_a, H_a, grown_a, g_ang_a, int(ok_a.sum())
    if len(grown):
        # (the faces found by their likeness to the faces seen: on the lattice, turned as the
        # checkerboard has them there, each of the typical face's area and shape)
        blobs = blobs + [TileBlob((float(x), float(y)), float(a), float(np.median(areas)),
                                  float(np.median(elong)))
                         for (x, y), a in zip(grown, g_ang)]
        centres = np.vstack([centres, grown])
        angles = np.concatenate([angles, g_ang])
        ok = np.concatenate([ok, np.ones(len(grown), bool)])
    lat_dir = np.column_stack([np.cos(angles), np.sin(angles)])
    # lattice coordinates: tile (i, j) centred at (j + 0.5, i + 0.5)
    H_lat = H @ np.array([[1, 0, -0.5], [0, 1, -0.5], [0, 0, 1.0]])
    inv_lat = np.linalg.inv(H_lat)
    # the window: every painted pixel's cell, plus a ring of table
    ys, xs = np.nonzero(paint[::2, ::2])
    pts = np.column_stack([xs * 2 / scale + box[0], ys * 2 / scale + box[1]])
    q = apply_h(inv_lat, pts) if len(pts) else apply_h(inv_lat, centres)
    on = apply_h(inv_lat, centres[ok])  # (and every tile's cell, wherever the foreground is)
    lo = np.floor(np.minimum(np.percentile(q, 1, axis=0), on.min(axis=0))).astype(int) - 1
    hi = np.floor(np.maximum(np.percentile(q, 99, axis=0), on.max(axis=0))).astype(int) + 1
    cols, rows = (int(lo[0]), int(hi[0])), (int(lo[1]), int(hi[1]))
    if rows[1] - rows[0] + 1 > MAX_CELLS or cols[1] - cols[0] + 1 > MAX_CELLS:
        return None
    lat = Lattice(H=H_lat / H_lat[2, 2], rows=rows, cols=cols, pitch_px=pitch, diagonal=True,
                  strength=float(ok.mean()), work_scale=work_scale,
                  info={"source": "tiles", "tiles": int(ok.sum()), "faces": len(blobs),
                        "found": found_on},
                  fg=_with_faces(fg, [b for b, k in zip(blobs, ok) if k], work_scale, pitch))
    lat = _normalise(lat)
    # (the faces on the lattice, found or grown, image pixels: the cells that show a tile's
    # piece, see vision.pipeline._faceless_misfits)
    lat.info["faces_xy"] = centres[ok]
    # which parity holds the east-west tiles, in the normalised lattice's coordinates
    inv_n = np.linalg.inv(lat.H)
    a = apply_h(inv_n, centres[ok])
    b = apply_h(inv_n, centres[ok] + 0.2 * pitch * lat_dir[ok])
    ew = np.abs(b[:, 0] - a[:, 0]) > np.abs(b[:, 1] - a[:, 1])
    cell_par = (np.floor(a[:, 0]) + np.floor(a[:, 1])).astype(int) % 2
    even_ew = np.mean(ew == (cell_par == 0))
    lat.info["long_axis_parity"] = 0 if even_ew >= 0.5 else 1
    return lat


#: The faces not found as blobs are looked for on the lattice's view of the paint rectified by the
#: map so far, at this many pixels per pitch ...
GROW_RES = 20
#: ... by their likeness to the faces found: the mean of the rectified paint within this many
#: pitches of each found face's centre (its face, its rim and its neighbours' ends; a north-south
#: face turned a quarter turn) ...
TEMPLATE_REACH = 0.55
#: ... its centre taken where the paint about a lattice point next to a face found matches
#: that mean best (normalised correlation), within this many pitches of the point (perspective
#: the map has not yet learned: a steep view's far half bends away from the near half's
#: lattice by a third of a pitch over a few cells) ...
GROW_SHIFT = 0.4
#: ... when the correlation is at least this (measured: faces 0.6-0.9; a cloth's flowers of
#: a paint's colour, an empty cell between faces below 0.5) ...
GROW_CORR = 0.6
#: ... and at least this more than the face turned the other way's: a face's long axis runs as
#: the checkerboard has it there (RULES.md), a blot of paint is as like either.
GROW_TURN = 0.1
#: The faces' likeness is taken from this many faces at least (fewer: their mean is one face's
#: blemishes as much as a face's shape; a lattice through 2 faces, or 3 along one line, may be
#: off in pitch), or from three off one line (see :func:`_enough_faces`).
GROW_FROM = 4


#: A face found with no other face found within this many cells of it (the larger of the steps
#: along the lattice's two axes) is a lone face: the layout's tiles touch, so a face of it lies
#: among its neighbours, while a blob of one paint across two tiles (the matching sectors of two
#: nested tiles whose rim the closing joined) may lie anywhere a cell's width off its point.
#: (2, not 1: a face washed out between two found ones leaves a one-cell gap; 1 not measured.)
LONE_REACH = 2
#: The faces grown from the others reach a lone face when one of them lies within this many
#: cells of it (the larger of the two steps): in a cell next to it.
LONE_REACHED = 1.0


def _lone(ij: np.ndarray) -> np.ndarray:
    """Which of the lattice points ``ij`` ``(n, 2)`` (int) have no other point within
    :data:`LONE_REACH` cells of them along both axes (the larger step): bool ``(n,)``."""
    apart = np.abs(ij[:, None, :] - ij[None, :, :]).max(axis=2)
    np.fill_diagonal(apart, LONE_REACH + 1)
    return apart.min(axis=1) > LONE_REACH


def _without_lone_faces(H: np.ndarray, centres: np.ndarray, areas: np.ndarray,
                        elong: np.ndarray, ok: np.ndarray
                        ) -> tuple[np.ndarray, np.ndarray, dict] | None:
    """The faces ``ok`` (bool ``(n,)`` of ``centres`` ``(n, 2)``, image pixels) on the map ``H``
    without the lone ones (see :data:`LONE_REACH`), the map refitted through the rest
    (:func:`_sized_refit`): ``(ok, map, the faces' areas by cell)``; None when no face is lone
    or fewer than :data:`GROW_FROM` faces are left to grow from.

    A few faces together fix the map only near them: a lone face several cells away sets its
    far reach, and a blob across two tiles bends it to put itself on a lattice point half a
    cell off the tiles (measured: final13 x-tiles-hard-806, a steep view, four faces in the
    near rows and a blob of two tiles' yellow sectors five rows further: through all five one
    face is grown, 6 of 13 tiles; from the four alone, 13, the blob between two of them). A
    lone face may be a face too (xt28 x-tiles-hard-975: a face two rows nearer the camera sets
    the perspective the far faces are grown on, 11 faces with it, 8 without; final14
    x-tiles-normal-1106: the faces grown without it reach it on a lattice point): the caller
    grows both maps and keeps the one without the lone faces only when it holds more faces
    and shows a lone face misplaced (:func:`_lone_faces_misplaced`)."""
    ij = np.round(apply_h(np.linalg.inv(H), centres[ok])).astype(int)
    lone = _lone(ij)
    if not lone.any() or int((~lone).sum()) < GROW_FROM:
        return None
    kept = ok.copy()
    kept[np.flatnonzero(ok)[lone]] = False
    logger.debug("x-tiles: %d lone faces left to the growth, %d kept", int(lone.sum()),
                 int(kept.sum()))
    H_kept, sizes_kept = _sized_refit(H, centres, areas, elong, kept)
    return kept, H_kept, sizes_kept


def _lone_faces_misplaced(H: np.ndarray, lone: np.ndarray, faces: np.ndarray) -> bool:
    """Whether a lone face (``lone`` ``(m, 2)``, image pixels) lies among the ``faces``
    ``(k, 2)`` grown on the map ``H`` from the others (see :data:`LONE_REACHED`) yet off
    every lattice point (by :data:`vision.centres.ON_LATTICE` of a cell or more): the layout
    grown from the others reaches it and shows it is no face of theirs (a blob across two of
    their tiles). A lone face the growth does not reach, or one it puts on a lattice point, may
    be a face: the map through it is kept."""
    inv = np.linalg.inv(H)
    q, f = apply_h(inv, lone), apply_h(inv, faces)
    reached = np.abs(f[None, :, :] - q[:, None, :]).max(axis=2).min(axis=1) <= LONE_REACHED
    off = np.abs(q - np.round(q)).max(axis=1) >= ON_LATTICE
    return bool(np.any(reached & off))


def _enough_faces(taken: dict[tuple[int, int], np.ndarray]) -> bool:
    """Whether the faces ``taken`` (keyed by their lattice points ``(j, i)``) are enough to
    take the faces' likeness from and grow faces: :data:`GROW_FROM`, or one fewer off one line
    of the lattice. Three points off one line fix both of an affine map's steps (along one line
    the step across it is a guess: "off in pitch"); their mean face is weaker than four's, so
    the lattice grown from them does not end the lights' search (see :func:`tile_lattices`).
    (xt28 x-tiles-hard-997: three faces found in an L, none grown, 13 cells wrong; grown, 2.)"""
    if len(taken) != GROW_FROM - 1:
        return len(taken) >= GROW_FROM
    (j0, i0), (j1, i1), (j2, i2) = taken
    return (j1 - j0) * (i2 - i0) != (i1 - i0) * (j2 - j0)


#: The faces are grown into the cells beside those taken (their sides) ...
SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))
#: ... and into the cells at their corners by the paint's likeness alone (not by the edges):
#: a face beside one whose paint a lamp's glare washed out to the camera's white (too pale to
#: match the faces' paint, its rim lost in the glow: likeness 0.4-0.5) is reached only across
#: it, yet its own paint shows a face's shape as clearly as any, turned as the checkerboard
#: has it there (measured: an independent renderer's photo, final5 x-tiles-normal-084, a face
#: beyond a washed-out one 0.62 like the faces, never grown from its washed-out neighbour).
CORNERS = ((1, 1), (-1, 1), (1, -1), (-1, -1))
#: The growth stops after this many rounds (each takes the faces next to those taken).
GROW_ROUNDS = 12
#: The lattice's view spans this many cells beyond the faces taken.
GROW_MARGIN = 2


def _grow_faces(H: np.ndarray, centres: np.ndarray, along_u: np.ndarray, paint: np.ndarray,
                box: tuple[int, int, int, int], scale: float, pitch: float, *,
                sizes: dict | None = None, outline: _Outline | None = None,
                size: tuple[int, int] | None = None
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The faces next to the faces on the map ``H``'s lattice (``centres`` ``(n, 2)``, image
    pixels, long axes along the map's first axis where ``along_u``) that were not found as
    blobs: a face touching another (two nested tiles whose rims the closings joined, a cloth's
    blot of paint touching a face) makes no tile-shaped blob, yet shows the face's shape, rim
    and turn where the lattice has a cell. Grown outwards from the faces, the map refitted after
    each round (the far cells of a steep view follow the perspective of the faces taken rather
    than the near half's extrapolated).

    ``paint`` is the region's paint mask (ROI pixels, the region ``box`` ``(x0, y0, x1, y1)``
    at ``scale`` ROI / full), ``pitch`` the lattice's pitch near the faces (image pixels),
    ``sizes`` the found faces' areas by cell ``(j, i)`` (image pixels; the map's refits take
    their perspective from them, see :func:`_sized_map`), ``outline`` the region's edges and
    table (:class:`_Outline`; a cell whose paint shows no face is looked at by its edges, see
    :func:`_outlined`), ``size`` the picture's (the map's refits beyond the faces found take a
    camera's view, see :func:`_camera_view`). Returns the refitted map, the faces' centres
    ``(k, 2)``
    (image pixels) and their long axes' angles ``(k,)`` (radians, image axes, in [0, pi))."""
    empty = (H, np.zeros((0, 2)), np.zeros(0))
    q = apply_h(np.linalg.inv(H), centres)
    ij = np.round(q).astype(int)
    even = (ij[:, 0] + ij[:, 1]) % 2 == 0
    # the checkerboard: the cells of even j + i hold faces along the first axis when ...
    even_along = np.sum(along_u == even) >= np.sum(along_u != even)
    taken = {(int(j), int(i)): xy for (j, i), xy in zip(ij, centres)}
    if not _enough_faces(taken):
        return empty
    x0, y0 = box[0], box[1]
    S = np.array([[scale, 0, -scale * x0], [0, scale, -scale * y0], [0, 0, 1.0]])
    # (blurred to the rectified view's pixel, so that the warp's samples average the paint)
    k = max(1, int(round(scale * pitch / GROW_RES)))
    soft = cv2.blur(paint.astype(np.float32), (k, k)) if k > 1 else paint.astype(np.float32)
    edges = None if outline is None else (cv2.blur(outline.edges, (k, k)) if k > 1
                                          else outline.edges)
    h = int(round(TEMPLATE_REACH * GROW_RES))
    sh = int(round(GROW_SHIFT * GROW_RES))
    new_xy, new_ang = [], []

    def along(j: int, i: int) -> bool:
        return ((j + i) % 2 == 0) == even_along

    for _ in range(GROW_ROUNDS):
        seen = _lattice_view(soft, S @ H, taken, along, h)
        if seen is None:
            break
        view, T, (j0, i0, j1, i1), tmpl = seen
        seen_edges = None if edges is None else _lattice_view(edges, S @ H, taken, along, h)

        def at(j: int, i: int) -> tuple[int, int]:
            return (j - j0) * GROW_RES + GROW_RES // 2, (i - i0) * GROW_RES + GROW_RES // 2

        added = []
        beside = _around(taken, SIDES)
        for j, i in sorted(beside | _around(taken, CORNERS)):
            if not (j0 + 1 <= j <= j1 - 1 and i0 + 1 <= i <= i1 - 1):
                continue
            cx, cy = at(j, i)
            region = view[cy - h - sh:cy + h + sh + 1, cx - h - sh:cx + h + sh + 1]
            if region.shape != (2 * (h + sh) + 1,) * 2:
                continue
            found = (_face_match(region, tmpl, along(j, i), sh, GROW_CORR)
                     if float(region.max()) >= 0.5 else None)
            if found is None and (j, i) not in beside:
                continue  # (a corner's cell is taken by its paint only, see CORNERS)
            if found is None and seen_edges is not None:
                # (a face washed out by a glare, or darkened by a shadow, past the paint's reach)
                found = _outlined(seen_edges, (cx, cy), along(j, i), h, sh)
                if found is not None:
                    xy = apply_h(H @ T, np.array([[cx + found[1] - sh, cy + found[2] - sh]],
                                                 float))[0]
                    share = outline.table_share((xy - np.array(box[:2])) * scale, pitch * scale)
                    logger.debug("x-tiles: cell (%d, %d) shows a face's edges; of the table's "
                                 "colours %.2f", i, j, share)
                    if share > TABLE_SHARE:
                        found = None  # (a gap showing the table, outlined by its neighbours)
            if found is None:
                continue  # (no face, or one turned the other way, or no peak: a slope)
            match, dx, dy = found
            fx, fy = _peak(match, dx, dy)
            xy = apply_h(H @ T, np.array([[cx + fx - sh, cy + fy - sh]], float))[0]
            added.append(((j, i), xy))
        if not added:
            break
        for (j, i), xy in added:
            taken[(j, i)] = xy
            # (its long axis: the lattice's axis of its turn, through its centre)
            a = np.array([j, i], float)
            step = np.array([[0.25, 0.0]]) if along(j, i) else np.array([[0.0, 0.25]])
            ends = apply_h(H, np.vstack([a - step, a + step]))
            new_xy.append(xy)
            new_ang.append(math.atan2(ends[1, 1] - ends[0, 1], ends[1, 0] - ends[0, 0]) % math.pi)
        H = _sized_fit(taken, sizes or {}, H, size=size)
    H = _recentred(H, taken, soft, S, along, h, sh, sizes=sizes, size=size)
    if not new_xy:
        return (H, *empty[1:])
    logger.debug("x-tiles: %d faces grown from the %d found", len(new_xy), len(centres))
    return H, np.array(new_xy), np.array(new_ang)


def _around(taken: dict, steps: tuple[tuple[int, int], ...]) -> set[tuple[int, int]]:
    """The cells ``(j, i)`` one of ``steps`` away from a cell of ``taken`` and not in it."""
    return {(j + dj, i + di) for (j, i) in taken for dj, di in steps} - set(taken)


def _finite_match(region: np.ndarray, tmpl: np.ndarray) -> np.ndarray:
    """``tmpl``'s normalised correlation (``cv2.TM_CCOEFF_NORMED``, float32 ``(H - h + 1,
    W - w + 1)``) over ``region`` (float32 ``(H, W)``), should a value not be finite its NaNs
    0 and its infinities the largest finite values, as ``np.nan_to_num`` gives them (this
    OpenCV gives a flat window 0, so the maps are all finite in practice; the call's checks
    cost more than the match itself on these small maps)."""
    match = cv2.matchTemplate(region, tmpl, cv2.TM_CCOEFF_NORMED)
    if not np.isfinite(match).all():
        match = np.nan_to_num(match)
    return match


def _face_match(region: np.ndarray, tmpl: np.ndarray, along_first: bool, sh: int,
                least: float) -> tuple[np.ndarray, int, int] | None:
    """Where the faces' mean patch ``tmpl`` (``2 h + 1`` square, along the first axis; turned
    when not ``along_first``) matches ``region`` (``2 (h + sh) + 1`` square, float32) as a face:
    ``(match, dx, dy)`` (the normalised correlation map and its peak's place), or None when the
    peak is under ``least``, not :data:`GROW_TURN` above the patch turned the other way (a
    face turned as the checkerboard does not have it there: the cell's neighbour's, or none)
    or at the margin (no peak: a slope)."""
    right = tmpl if along_first else np.ascontiguousarray(tmpl.T)
    wrong = np.ascontiguousarray(right.T)
    match = _finite_match(region, right)
    other = _finite_match(region, wrong)
    best = float(match.max())
    dy, dx = np.unravel_index(int(match.argmax()), match.shape)
    logger.debug("x-tiles: like a face %.2f (turned %.2f), shift (%d, %d)",
                 best, float(other.max()), dx - sh, dy - sh)
    if (best < least or best < float(other.max()) + GROW_TURN
            or max(abs(dx - sh), abs(dy - sh)) >= sh):
        return None
    return match, int(dx), int(dy)


#: A cell whose paint shows no face holds one when its edges match the faces' mean edges by at
#: least this (normalised correlation; see :func:`_outlined`) ...
OUTLINE_CORR = GROW_CORR
#: ... and at most this share of its middle (:data:`INSIDE` of a pitch about its centre) shows
#: the table's colours (a face's middle shows its paints, pale or dark, far from them: up to
#: 0.34 on the faces found on the independent photos, most under 0.1; the table showing through
#: a gap, about all of it, by the table's spread: 0.77 on a gingham between nested tiles).
TABLE_SHARE = 0.5
INSIDE = 0.25


def _outlined(seen: tuple, at: tuple[int, int], along_first: bool, h: int, sh: int
              ) -> tuple[np.ndarray, int, int] | None:
    """A face at the view pixel ``at`` (the lattice's view of the edge strength and the faces'
    mean edges, ``seen`` from :func:`_lattice_view`) by its edges, as :func:`_face_match` has it.

    A lamp's glare washes a face's paints pale (even to the camera's white) and a shadow darkens
    them, past the paint's reach, but the face keeps its shape: the rim's outline all round,
    the thickness's shadow along it and the grooves across it, where the lattice has its cell
    and turned as the checkerboard has it there. (A gap between tiles that nest is outlined by
    its neighbours' rims in a face's very shape, but shows the table inside: the caller tells
    them apart by its colours, see :data:`TABLE_SHARE`.)"""
    view, _, _, tmpl = seen
    cx, cy = at
    region = view[cy - h - sh:cy + h + sh + 1, cx - h - sh:cx + h + sh + 1]
    if region.shape != (2 * (h + sh) + 1,) * 2:
        return None
    return _face_match(region, tmpl, along_first, sh, OUTLINE_CORR)


def _lattice_view(soft: np.ndarray, SH: np.ndarray, taken: dict, along, h: int):
    """The paint ``soft`` (ROI pixels) rectified by the map ``SH`` (lattice to ROI pixels) at
    :data:`GROW_RES` pixels per pitch over the faces ``taken`` (keys ``(j, i)``) and
    :data:`GROW_MARGIN` cells round them, with the faces' mean patch (``2 h + 1`` square, each
    face turned to lie along the first axis, ``along(j, i)`` whether it does): ``(view, T,
    (j0, i0, j1, i1), template)``, ``T`` the view's pixels to lattice coordinates; None when
    the view spans too many cells or the faces show nothing."""
    keys = np.array(list(taken))
    j0, i0 = keys.min(axis=0) - GROW_MARGIN
    j1, i1 = keys.max(axis=0) + GROW_MARGIN
    if j1 - j0 + 1 > MAX_CELLS or i1 - i0 + 1 > MAX_CELLS:
        return None
    T = np.array([[1.0 / GROW_RES, 0, j0 - 0.5],
                  [0, 1.0 / GROW_RES, i0 - 0.5], [0, 0, 1.0]])
    size = ((j1 - j0 + 1) * GROW_RES, (i1 - i0 + 1) * GROW_RES)
    view = cv2.warpPerspective(soft, SH @ T, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP)
    patches = []
    for (j, i) in taken:
        cx, cy = (j - j0) * GROW_RES + GROW_RES // 2, (i - i0) * GROW_RES + GROW_RES // 2
        p = view[cy - h:cy + h + 1, cx - h:cx + h + 1]
        patches.append(p if along(j, i) else p.T)
    tmpl = np.mean(patches, axis=0).astype(np.float32)
    if float(tmpl.std()) < 1e-3:
        return None
    return view, T, (int(j0), int(i0), int(j1), int(i1)), tmpl


def _recentred(H: np.ndarray, taken: dict, soft: np.ndarray, S: np.ndarray, along, h: int,
               sh: int, *, sizes: dict | None = None, size: tuple[int, int] | None = None
               ) -> np.ndarray:
    """The map ``H`` refitted to the faces ``taken`` (``(j, i)`` -> image point) each centred
    where it best matches the faces' mean patch (see :func:`_lattice_view`; a face whose match
    is poor or has no peak within ``sh`` view pixels keeps its point).

    A face's blob centre is the centroid of its paint: a sector left out of the paint (the
    light that leaves out a cloth of that paint's colour leaves out the faces' sectors of it
    too) pulls it towards the other sectors, by up to a quarter of a pitch (measured on an
    independent renderer's photo on an orange gingham: residuals of 0.1-0.27 pitch about the
    lattice through them, where the tiles lie within 0.02 pitch of it). The faces' mean patch
    about their lattice points averages those pulls out: each face matched to it is centred
    on its whole shape."""
    if not _enough_faces(taken):
        return H
    seen = _lattice_view(soft, S @ H, taken, along, h)
    if seen is None:
        return H
    view, T, (j0, i0, _, _), tmpl = seen
    moved = dict(taken)
    for (j, i) in taken:
        cx, cy = (j - j0) * GROW_RES + GROW_RES // 2, (i - i0) * GROW_RES + GROW_RES // 2
        region = view[cy - h - sh:cy + h + sh + 1, cx - h - sh:cx + h + sh + 1]
        if region.shape != (2 * (h + sh) + 1,) * 2:
            continue
        right = tmpl if along(j, i) else np.ascontiguousarray(tmpl.T)
        match = _finite_match(region, right)
        dy, dx = np.unravel_index(int(match.argmax()), match.shape)
        if float(match.max()) < GROW_CORR or max(abs(dx - sh), abs(dy - sh)) >= sh:
            continue
        fx, fy = _peak(match, dx, dy)
        moved[(j, i)] = apply_h(H @ T, np.array([[cx + fx - sh, cy + fy - sh]], float))[0]
    return _sized_fit(moved, sizes or {}, H, size=size)


#: A map's perspective is taken from the faces' areas (see :func:`_sized_map`) when at least
#: this many faces, not all in a row, keep an area near the fit's (two more than the fit's
#: three unknowns: their scatter measures how well it is known) ...
SIZED_FACES = 5
#: ... within this factor of it (a face whose paint is partly left out, by a glare or a cloth of
#: a paint's colour, looks smaller: measured on an independent renderer's steep photo, whole
#: faces at 0.79-0.82 of their cells' area, faces half washed out 0.42-0.46).
SIZE_SLACK = 1.25
#: A perspective term is kept when it is at least this many standard errors (from the areas'
#: scatter about the fit) from none: faces that differ in size by no more than their paint's
#: unevenness (a view from above, a small layout) tell no perspective, and the centres' own
#: fit is kept.
SIZE_SIGNIFICANCE = 2.0


def _with_faces_sized_on(H: np.ndarray, centres: np.ndarray, areas: np.ndarray,
                         elong: np.ndarray, along_u: np.ndarray, ok: np.ndarray, sizes: dict
                         ) -> tuple[np.ndarray, np.ndarray, dict]:
    """The faces ``ok`` (bool ``(n,)`` of ``centres`` ``(n, 2)``, image pixels) on the map
    ``H`` refitted through them, with those the start's lattice left off that ``H`` puts on:
    the start has no perspective, and on a steep view a face nearer the camera lies a third of
    a cell off it while the map sized by the faces lands on it. Taken only when every face on
    stays on and they are as many as the centres' own homography asks
    (:data:`vision.centres.HOMOGRAPHY_TILES`), the map refitted (:func:`_sized_refit`: the whole
    faces among them set its perspective) keeping them all on: with fewer, one face's centre pulled off its point (a sector washed out) bends the
    map the far faces are grown on. Returns ``ok``, the map and the faces' areas by cell (see
    :func:`_sized_refit`), as given when none is taken."""
    more = _on_lattice(H, centres, along_u) & _single_faces(H, centres, areas)
    if more.sum() <= ok.sum() or (ok & ~more).any() or more.sum() < HOMOGRAPHY_TILES:
        return ok, H, sizes
    H_more, sizes_more = _sized_refit(H, centres, areas, elong, more)
    if (more & ~_on_lattice(H_more, centres, along_u)).any():
        return ok, H, sizes
    logger.debug("x-tiles: the sized map puts %d of %d tiles on the lattice (were %d)",
                 more.sum(), len(centres), ok.sum())
    return more, H_more, sizes_more


def _sized_refit(H: np.ndarray, centres: np.ndarray, areas: np.ndarray, elong: np.ndarray,
                 ok: np.ndarray) -> tuple[np.ndarray, dict]:
    """The map refitted (:func:`_sized_fit`) through the faces ``ok`` (bool ``(n,)``) of
    ``centres`` ``(n, 2)`` (image pixels) on the map ``H``'s lattice, the whole faces (by their
    ``areas`` ``(n,)`` and elongations ``elong`` ``(n,)``, :func:`_whole_faces`) setting its
    perspective; and each face's area by its cell ``(j, i)`` (image pixels)."""
    # (one key per face, in order: two faces rounding to one cell must not shift the pairing)
    keys = [(int(j), int(i)) for j, i in np.round(apply_h(np.linalg.inv(H), centres[ok]))]
    sizes = dict(zip(keys, map(float, areas[ok])))
    whole = _whole_faces(areas[ok], elong[ok])
    return _sized_fit({k: c for k, c, w in zip(keys, centres[ok], whole) if w}, sizes, H), sizes


def _sized_fit(points: dict, sizes: dict, prior: np.ndarray, *,
               size: tuple[int, int] | None = None) -> np.ndarray:
    """:func:`_sized_map` of the faces ``points`` (``(j, i)`` -> image point), those in
    ``sizes`` (``(j, i)`` -> area, image pixels) with their areas, in a picture of ``size``."""
    ij = np.array(list(points), float).reshape(-1, 2)
    xy = np.array(list(points.values()), float).reshape(-1, 2)
    areas = np.array([sizes.get(k, np.nan) for k in points], float)
    return _sized_map(ij, xy, areas, prior, size=size)


def _sized_map(ij: np.ndarray, xy: np.ndarray, areas: np.ndarray, prior: np.ndarray, *,
               size: tuple[int, int] | None = None) -> np.ndarray:
    """The map ``(3, 3)`` from lattice points ``ij`` ``(n, 2)`` (``(j, i)``) to the faces'
    centres ``xy`` ``(n, 2)`` (image pixels) whose perspective is set by the faces' ``areas``
    ``(n,)`` (image pixels; NaN where not measured: a face grown from the others); the
    centres' own fit (:func:`vision.centres.fit_map`, from ``prior``) when too few faces are
    sized alike (:data:`SIZED_FACES`, :data:`SIZE_SLACK`) or when there are enough centres
    for a homography of their own (:data:`vision.centres.HOMOGRAPHY_TILES`; fewer get an
    affine map, without perspective).

    Every face is the same tile, so its area in the picture is the map's local area scale
    there times one face's share of a cell: a homography ``(x, y) = (a j + b i + c, d j + e i
    + f) / w``, ``w = 1 + p j + q i``, scales areas by ``det / w ** 3``, so ``area ** (-1/3)``
    is linear in ``(j, i)`` and gives ``p`` and ``q``; then ``w x`` and ``w y`` are linear in
    ``(j, i)``. The centres alone fix a perspective poorly: a few percent of a pitch of error
    in them (a face's paint pulled by a glare) tilts the far cells by a third of a pitch
    (measured on an independent renderer's steep photo: the faces of the far half on the
    lattice, the near half's bigger faces off it), while the faces' areas grow steadily
    towards the camera. (With many faces the centres' homography is kept: the faces' areas
    carry their paint's unevenness, a sector left out of the paint by a cloth of its colour,
    and put faces of gentler views further off it.)

    Where the centres' own fit is affine and the picture's ``size`` ``(w, h)`` is given, the
    view a phone's camera makes of a square lattice through them is taken instead when it fits
    them as well (:func:`_camera_view`)."""
    fallback = _camera_view(ij, xy, _fit_map(ij, xy, prior), size)
    sized = np.isfinite(areas) & (areas > 0)
    if sized.sum() < SIZED_FACES or len(ij) >= HOMOGRAPHY_TILES:
        return fallback  # (too few faces sized, or enough centres for their own perspective)
    A = np.column_stack([np.ones(len(ij)), ij])
    y = np.where(sized, np.maximum(areas, 1e-9), 1.0) ** (-1.0 / 3.0)
    use = sized.copy()
    coef = None
    while True:
        if use.sum() < SIZED_FACES or np.linalg.matrix_rank(ij[use] - ij[use].mean(0)) < 2:
            return fallback
        coef, *_ = np.linalg.lstsq(A[use], y[use], rcond=None)
        # (each face's area against the fit's, in log: the worst beyond the slack is left out,
        # one at a time, as a half face pulls the fit towards it)
        off = np.where(use, np.abs(np.log(y / np.maximum(A @ coef, 1e-9))) * 3.0, -np.inf)
        worst = int(np.argmax(off))
        if off[worst] <= math.log(SIZE_SLACK):
            break
        use[worst] = False
    if coef is None or coef[0] <= 0:
        return fallback
    # (the terms' standard errors from the scatter about the fit)
    Au = A[use]
    dof = len(Au) - 3
    sigma2 = float(np.sum((y[use] - Au @ coef) ** 2)) / max(dof, 1)
    se = np.sqrt(np.maximum(np.diag(np.linalg.pinv(Au.T @ Au)) * sigma2, 0.0))
    if not np.any(np.abs(coef[1:]) >= SIZE_SIGNIFICANCE * se[1:]):
        return fallback  # (no perspective measured beyond the faces' unevenness)
    p, q = coef[1] / coef[0], coef[2] / coef[0]
    w = 1.0 + ij @ np.array([p, q])
    if w.min() <= 0.0:
        return fallback
    sol, *_ = np.linalg.lstsq(A[:, [1, 2, 0]], xy * w[:, None], rcond=None)  # (3, 2)
    H = np.vstack([sol.T, [p, q, 1.0]])
    return H if np.all(np.isfinite(H)) else fallback


#: A camera's view is fitted to this many faces at least (a planar pose from four points).
CAMERA_FACES = 4


def _camera_view(ij: np.ndarray, xy: np.ndarray, H: np.ndarray, size: tuple[int, int] | None
                 ) -> np.ndarray:
    """The map ``H`` fitted to the faces' centres ``xy`` ``(n, 2)`` (image pixels) at lattice
    points ``ij`` ``(n, 2)``, or, when it is affine (fewer faces than a homography asks,
    :data:`vision.centres.HOMOGRAPHY_TILES`, or their homography no camera's view), the phone
    camera's view of the lattice through
    them (:func:`vision.centres.camera_map`, in a picture of ``size`` ``(w, h)``) when that fits
    them at least as closely. Both have six unknowns; the camera's makes the cells shrink away
    from it as a tilted table's do, which the affine map cannot (final14 x-tiles-hard-1108,
    faces in three far rows, the near rows' washed-out tiles on their cells: 8 -> 5 cells
    wrong). Taken only for the map the faces are grown and recentred on (:func:`_grow_faces`,
    the lattice's final map, also when none grew):
    taken for the faces found too, a light's lattice with one face more found beat a better
    one, and a slightly moved lattice let a worse second look win (402 X-Tiles photos 177 ->
    181, final10 x-tiles-hard-401 1 -> 5; 177 -> 168 as it is)."""
    if (size is None or len(ij) < CAMERA_FACES or np.any(H[2, :2] != 0.0)
            or np.linalg.matrix_rank(ij - ij.mean(0)) < 2):
        return H
    view = camera_map(ij, xy, size)
    if view is None:
        return H
    rms_view, rms_affine = residual_rms(view, ij, xy), residual_rms(H, ij, xy)
    if rms_view > rms_affine:
        return H
    logger.debug("x-tiles: the camera's view of %d faces fits them to %.1f px (affine %.1f)",
                 len(ij), rms_view, rms_affine)
    return view


def _peak(score: np.ndarray, x: int, y: int) -> tuple[float, float]:
    """The peak of ``score`` (2-D) near its maximum at column ``x``, row ``y`` (an interior
    point), to a fraction of a pixel: a parabola through it and its two neighbours, each axis."""
    def vertex(a: float, b: float, c: float) -> float:
        den = a - 2 * b + c
        return 0.0 if den >= 0 else float(np.clip(0.5 * (a - c) / den, -0.5, 0.5))
    return (x + vertex(score[y, x - 1], score[y, x], score[y, x + 1]),
            y + vertex(score[y - 1, x], score[y, x], score[y + 1, x]))


def _on_lattice(H: np.ndarray, centres: np.ndarray, along_u: np.ndarray) -> np.ndarray:
    """Which tiles (``centres`` ``(n, 2)``) lie on the map ``H``'s lattice points, turned as
    the checkerboard has it there (``along_u``, by the majority's parity): bool ``(n,)``."""
    q = apply_h(np.linalg.inv(H), centres)
    ij = np.round(q)
    ok = np.abs(q - ij).max(axis=1) < ON_LATTICE
    even = (ij[:, 0] + ij[:, 1]).astype(int) % 2 == 0
    flip = np.sum(ok & (along_u == even)) < np.sum(ok & (along_u != even))
    return ok & (along_u == (even != flip))


#: The layout's tiles touch: what stands out from the table further than this many pitches from
#: every face found is no tile of it (a neighbour's cell lies within 0.2-0.8 pitch of a face).
LAYOUT_REACH = 1.0


def _face_ellipse(face: TileBlob, work_scale: float
                  ) -> tuple[tuple[int, int], tuple[int, int], float]:
    """The ellipse of ``face``'s area and elongation at ``work_scale`` (work / full) as
    ``cv2.ellipse`` takes it: centre (x, y) and half axes (work pixels), angle (degrees)."""
    short = math.sqrt(face.area / (math.pi * face.elongation)) * work_scale
    axes = (max(1, int(round(short * face.elongation))), max(1, int(round(short))))
    centre = (int(round(face.centre[0] * work_scale)), int(round(face.centre[1] * work_scale)))
    return centre, axes, math.degrees(face.angle)


def _faces_mask(shape: tuple[int, int], faces: list[TileBlob], work_scale: float) -> np.ndarray:
    """The faces ``faces`` drawn (uint8 1) on a mask of ``shape`` ``(h, w)`` (work pixels, at
    ``work_scale`` work / full), each as the ellipse of its area and elongation."""
    faces_mask = np.zeros(shape, np.uint8)
    for b in faces:
        cv2.ellipse(faces_mask, *_face_ellipse(b, work_scale), 0, 360, 1, -1)
    return faces_mask


def _share_in(mask: np.ndarray, face: TileBlob, work_scale: float) -> float:
    """The share of ``face``'s ellipse (see :func:`_face_ellipse`) that ``mask`` (bool, work
    pixels) covers, drawn on the ellipse's box only (0.0 when it lies off the mask)."""
    centre, axes, angle = _face_ellipse(face, work_scale)
    poly = cv2.ellipse2Poly(centre, axes, int(round(angle)), 0, 360, 5)
    x, y, w, h = cv2.boundingRect(poly)
    drawn = np.zeros((h, w), np.uint8)
    cv2.fillPoly(drawn, [poly - np.array([x, y], np.int32)], 1)
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(mask.shape[1], x + w), min(mask.shape[0], y + h)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    on = drawn[y0 - y:y1 - y, x0 - x:x1 - x] > 0
    return float(mask[y0:y1, x0:x1][on].mean()) if on.any() else 0.0


def _with_faces(fg: np.ndarray, faces: list[TileBlob], work_scale: float, pitch: float
                ) -> np.ndarray:
    """The foreground mask ``fg`` (work pixels, bool) with the tiles' faces found drawn in (each
    as the ellipse of its area and elongation), and left out beyond :data:`LAYOUT_REACH` (the
    lattice's ``pitch``, image pixels) of them. A tile of the table's colours stands out from a
    cloth printed in them little, but its face, found by its paints and shape, is a tile's; and
    a cloth printed in the paints' colours stands out as a whole (an independent renderer's
    navy cloth of orange flowers: its cells read as tiles of blue and orange sectors, not tiles
    of the set, and the reading of the tiles' lattice was rejected), while the layout's tiles
    each touch another."""
    faces_mask = _faces_mask(fg.shape, faces, work_scale)
    # (within reach of a face: by the distance map, whatever the reach, not a wide dilation)
    away = cv2.distanceTransform((faces_mask == 0).astype(np.uint8), cv2.DIST_L2, 3)
    return (fg & (away <= LAYOUT_REACH * pitch * work_scale)) | (faces_mask > 0)


#: The pitch is about this many times the square root of a tile's painted area (tiles that nest
#: tile the plane, one a cell; the face inside the rim is about two thirds of it). Measured on
#: the photos whose tiles' lattice read right: 1.20-1.28 (both renderers 1.11-1.28).
FACE_TO_PITCH = 1.22
#: A pitch from the neighbours outside this range of the face's square root is not the
#: lattice's (small, ragged blobs of a glare or a shadow taken for neighbours): the face's is
#: taken instead.
PITCH_RANGE = (1.0, 1.6)


#: Tiles that nest tile the plane, one a cell: a cell of the map about a face is that face's
#: area times :data:`FACE_TO_PITCH` squared, so the map's cells at its faces are within this
#: range of that (their median; see :func:`_cell_share`). Below it the lattice is finer than
#: the tiles' (a finer lattice puts more faces near its points: one of half the pitch, turned,
#: every tile of a checkerboard's) and the tiles would overlap on it; above it coarser, with
#: gaps between the tiles (a map through 3 faces of a layout fixed by them exactly, whose cells
#: then seemed to hold all that is painted). A whole face is about 0.8 of its cell (share
#: about 0.84) and a face half washed out by a glare about 0.45 (share 1.5, see
#: :data:`SIZE_SLACK`). Measured on independent renderers' photos: the maps read right 0.83-1.12;
#: a map of about half the pitch 0.3, one of a layout's 3 faces whose cells held 8 2.0.
#: Per face (:func:`_single_faces`) the lower end also parts one face from two joined across
#: their rims: on final13 x-tiles-hard-804's map single faces 0.79-0.87, joined 0.36-0.40.
CELL_AREA = (0.6, 1.6)


def _cell_shares(H: np.ndarray, centres: np.ndarray, areas: np.ndarray) -> np.ndarray:
    """For each face at ``centres`` ``(n, 2)`` (image pixels) of ``areas`` ``(n,)`` (image
    pixels), the map ``H``'s (lattice ``(j, i)`` to image pixels) cell area there over the
    face's area times :data:`FACE_TO_PITCH` squared (``(n,)``; a homography scales areas by
    ``det(H) / w ** 3``, ``w`` its third row times ``(j, i, 1)``). A blob of two faces joined
    across the thin rims between them (a steep view's far rows) holds about half of one face's
    share (see :func:`_single_faces`)."""
    cell = np.abs(signed_cell_areas(H, apply_h(np.linalg.inv(H), centres)))
    return cell / (FACE_TO_PITCH ** 2 * np.maximum(areas, 1e-9))


def _single_faces(H: np.ndarray, centres: np.ndarray, areas: np.ndarray) -> np.ndarray:
    """Which blobs (at ``centres`` ``(n, 2)``, of ``areas`` ``(n,)``, image pixels) hold no
    more than one face of the map ``H``'s cells (bool ``(n,)``, :func:`_cell_shares` at least
    :data:`CELL_AREA`'s lower end): a blob of two faces joined across the rims between them
    lies between two lattice points, and on a map that puts it on one, with its long axis
    across the two, the map is shifted half a cell (one of the maps tried on final13
    x-tiles-hard-811) or refused for the faces' axes (hard-804)."""
    return _cell_shares(H, centres, areas) >= CELL_AREA[0]


def _cell_share(H: np.ndarray, centres: np.ndarray, areas: np.ndarray) -> float:
    """The median over the faces on the map ``H`` (at ``centres`` ``(n, 2)``, of ``areas``
    ``(n,)``, image pixels) of :func:`_cell_shares`."""
    return float(np.median(_cell_shares(H, centres, areas)))


#: A map through :data:`AFFINE_FACES` faces or more is the tiles' when their long axes lie
#: along its lines through them to within this (radians, the median over its faces; see
#: :func:`_axes_off`). Measured on independent renderers' photos: the maps of lattices read
#: right 1-3 degrees (4-14 faces); skewed maps taken before, 10 (final6 x-tiles-hard-095, 5
#: faces, rows 20 degrees off the tiles') and 21 (hard-090, 4 faces). A light that shows
#: faces in part turns their blobs: final2 hard-052's right lattice through 6 such faces was
#: 15 degrees off them (left out: the 5 whole faces' map, one cell fewer). With 2 or 3 faces
#: the blobs' turns alone, up to 18 degrees on right maps, are not checked: too few to tell.
#: (Measured in the picture, see :func:`_axes_off`; a map is refused only when its faces lie
#: off it on the table too, :func:`_axes_off_on_table`: the table's measure alone refuses
#: right maps the picture's keeps, final10 x-tiles-hard-401 4.3 against 11.6 degrees, 1 -> 7
#: cells wrong. A blob of two faces joined across their rims is no face on the map, see
#: :func:`_single_faces`.)
AXES_OFF = math.radians(8.0)


def _axes_off(H: np.ndarray, centres: np.ndarray, angles: np.ndarray, along_u: np.ndarray
              ) -> float:
    """The median angle (radians) between the faces' long axes (``angles`` ``(n,)``, image
    axes) and the map ``H``'s line through each face's centre (``centres`` ``(n, 2)``, image
    pixels) that it runs along (its first axis where ``along_u``): a straight line on the table
    is straight in the picture, so a tile's long axis, along its lattice line, lies along that
    line's picture whatever the perspective (and so does a long thin face's axis of moments;
    a face less long is turned off it where the view shears the lattice, see
    :func:`_axes_off_on_table`)."""
    q = apply_h(np.linalg.inv(H), centres)
    step = np.where(along_u[:, None], [[0.25, 0.0]], [[0.0, 0.25]])
    d = apply_h(H, q + step) - apply_h(H, q - step)
    axis = np.arctan2(d[:, 1], d[:, 0])
    off = np.abs((angles - axis + math.pi / 2) % math.pi - math.pi / 2)
    return float(np.median(off))


def _axes_off_on_table(H: np.ndarray, centres: np.ndarray, angles: np.ndarray,
                       along_u: np.ndarray, elongations: np.ndarray) -> float:
    """:func:`_axes_off` measured on the table: each face's second moments (long axis
    ``angles`` ``(n,)``, image axes, axis ratio ``elongations`` ``(n,)``, centred at
    ``centres`` ``(n, 2)``, image pixels) taken into lattice coordinates through the map's
    local affine part at the face (a homography is affine to first order about a point, and an
    affine map carries second moments exactly), against the lattice axis it runs along. A
    steep view shears the lattice in the picture (final13 x-tiles-hard-804: axes 108 degrees
    apart, one foreshortened to 0.75): the moments' long axis of a face 1.5 times as long as
    wide then lies up to 25 degrees off its line's picture, though along it on the table."""
    q = apply_h(np.linalg.inv(H), centres)
    # (n, 2, 2): image to lattice (j, i) steps, the map's local affine part at each face
    inv = np.linalg.inv(np.array([jacobian(H, (j, i)) for j, i in q]).reshape(-1, 2, 2))
    table = inv @ _face_moments(angles, elongations) @ np.transpose(inv, (0, 2, 1))
    axis = 0.5 * np.arctan2(2 * table[:, 0, 1], table[:, 0, 0] - table[:, 1, 1])
    expected = np.where(along_u, 0.0, math.pi / 2)
    off = np.abs((axis - expected + math.pi / 2) % math.pi - math.pi / 2)
    return float(np.median(off))


def _pitch(centres: np.ndarray, angles: np.ndarray, areas: np.ndarray) -> float:
    """The lattice pitch (image pixels) near the tiles: the median distance from a tile to its
    nearest neighbour turned a quarter turn (a lattice neighbour lies one pitch away, at most
    twice the tile's size even with a gap), when it agrees with the tiles' area (see
    :data:`PITCH_RANGE`), else :data:`FACE_TO_PITCH` times the square root of a tile's area."""
    size = math.sqrt(float(np.median(areas)))
    d = _apart(centres, centres)
    turned = np.abs(np.sin(angles[:, None] - angles[None, :])) > 0.7
    cand = np.where(turned & (d > 0.8 * size) & (d < 2.0 * size), d, np.inf).min(axis=1)
    cand = cand[np.isfinite(cand)]
    pitch = float(np.median(cand)) if len(cand) else 0.0
    if not PITCH_RANGE[0] * size <= pitch <= PITCH_RANGE[1] * size:
        logger.debug("x-tiles: pitch %.1f px from the neighbours, %.1f from the faces' area", pitch,
                     FACE_TO_PITCH * size)
        return FACE_TO_PITCH * size
    return pitch


#: The steps along the two axes are measured (see :func:`_steps`) between neighbours this many
#: times the square lattice's pitch apart at most ...
STEP_RANGE = (0.5, 1.8)
#: ... and taken when at least this many tiles show a neighbour along the axis.
STEP_NEIGHBOURS = 2


def _steps(centres: np.ndarray, along_u: np.ndarray, u: np.ndarray, v: np.ndarray,
           pitch: float) -> tuple[np.ndarray, np.ndarray]:
    """The lattice's two steps near the layout's middle (image pixels, ``(2,)`` each), from
    the tiles' neighbours: a tile's four neighbours on the lattice are turned a quarter turn
    from it (``along_u``), one step along each axis away. Each step is the median of the lines
    from each tile to its nearest turned neighbour along that axis (nearer ``u`` than ``v``,
    or the reverse), signed alike. A steep view foreshortens the layout across it and turns
    the axes off square in the picture (an independent renderer's photo: steps of 106 and 74
    px, 110 degrees apart); the square lattice's ``u`` and ``v`` times ``pitch`` are kept for
    a step not seen."""
    delta = centres[None, :, :] - centres[:, None, :]  # (i, j): from tile i to tile j
    length = np.linalg.norm(delta, axis=2)
    turned = along_u[:, None] != along_u[None, :]
    apart = turned & (length > STEP_RANGE[0] * pitch) & (length < STEP_RANGE[1] * pitch)
    on_u = np.abs(delta @ u) >= np.abs(delta @ v)
    out = []
    for axis, fallback in ((on_u, u), (~on_u, v)):
        near = apart & axis
        j = np.where(near, length, np.inf).argmin(axis=1)
        rows = np.flatnonzero(near[np.arange(len(centres)), j])
        if len(rows) < STEP_NEIGHBOURS:
            out.append(pitch * fallback)
            continue
        d = delta[rows, j[rows]]
        d = d * np.where(d @ fallback < 0, -1.0, 1.0)[:, None]
        out.append(np.median(d, axis=0))
    logger.debug("x-tiles: lattice steps %s, %s px (square pitch %.1f)", np.round(out[0], 1),
                 np.round(out[1], 1), pitch)
    return out[0], out[1]


def _spans_both_axes(H: np.ndarray, centres: np.ndarray) -> bool:
    """Whether the faces at ``centres`` ``(n, 2)`` (image pixels) lie on more than one line of
    the map ``H``'s lattice along each axis: only then do they fix both of its steps. The
    steps the faces' shapes show (:func:`_shaped_steps`) are only as good as the blobs'
    moments (xt25 x-tiles-hard-748: 97 px across a column of four faces for 113): a map from
    them whose faces all lie in one row or column is not taken, unless they show a steep view
    (:data:`FORESHORTENED`)."""
    if not len(centres):
        return False
    ij = np.round(apply_h(np.linalg.inv(H), centres))
    return bool(np.ptp(ij[:, 0]) > 0 and np.ptp(ij[:, 1]) > 0)


#: The faces' shapes show a steep view when the shorter of their lattice's steps is under this
#: share of the longer: their moments err by up to 0.14 (xt25 x-tiles-hard-748: 97 px across a
#: column of four faces for 113), so under twice that a square start's step across the faces'
#: line is the worse guess (final17 x-tiles-hard-1764, 45 degrees: 80 px across for 145).
#: (Views below about 45 degrees, 0.74 at 42, keep the rule that the faces span both axes.)
FORESHORTENED = 0.72


def _foreshortened(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether the steps ``a`` and ``b`` (image pixels, ``(2,)`` each) that the faces' shapes
    show (:func:`_shaped_steps`) are of lengths further apart than :data:`FORESHORTENED`."""
    la, lb = float(np.linalg.norm(a)), float(np.linalg.norm(b))
    return min(la, lb) < FORESHORTENED * max(la, lb)


def _face_moments(angles: np.ndarray, elongations: np.ndarray) -> np.ndarray:
    """The faces' second moments ``(n, 2, 2)`` (image axes) up to scale, of determinant 1: long
    axes at ``angles`` ``(n,)`` (radians), axis ratios ``elongations`` ``(n,)``."""
    c, s = np.cos(angles), np.sin(angles)
    rot = np.stack([np.stack([c, -s], axis=1), np.stack([s, c], axis=1)], axis=1)
    e = np.asarray(elongations, float)
    axes = np.zeros((len(e), 2, 2))
    axes[:, 0, 0], axes[:, 1, 1] = e, 1.0 / e
    return rot @ axes @ np.transpose(rot, (0, 2, 1))


def _shaped_steps(centres: np.ndarray, angles: np.ndarray, areas: np.ndarray,
                  elongations: np.ndarray, on_u: np.ndarray, on_v: np.ndarray, u: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray] | None:
    """The lattice's two steps (image pixels, ``(2,)`` each, the first nearer ``u``) that the
    faces' own shapes show, without neighbours: a face along one axis and one along the other
    are the same shape turned a quarter turn on the table, so the sum of their second moments
    is a circle's, and in the picture the ellipse the view makes of a circle (the local affine
    part of the view, up to a turn and scale). The faces (``centres`` ``(n, 2)``, long axes
    ``angles`` ``(n,)``, ``areas`` ``(n,)``, axis ratios ``elongations`` ``(n,)``) along each
    axis are ``on_u`` and ``on_v`` (bool ``(n,)``; each axis's median moments). Undone by that
    ellipse, the view is square: the square lattice's steps there (:func:`_pitch`, the faces'
    axes) are taken back into the picture. None without faces along both axes. A steep view
    foreshortens the layout across it (0.74 at 42 degrees): a square start misses the far
    rows, and the neighbours' steps need neighbours found along both axes."""
    if not on_u.any() or not on_v.any():
        return None
    moments = _face_moments(angles, elongations)
    circle = np.median(moments[on_u], axis=0) + np.median(moments[on_v], axis=0)
    lam, vec = np.linalg.eigh(circle)
    if lam[0] <= 0:
        return None
    view = vec @ np.diag(np.sqrt(lam)) @ vec.T / (lam[0] * lam[1]) ** 0.25  # (determinant 1)
    undo = np.linalg.inv(view)
    square = undo @ moments @ undo.T
    turned = 0.5 * np.arctan2(2 * square[:, 0, 1], square[:, 0, 0] - square[:, 1, 1])
    phi = 0.25 * math.atan2(float(np.sum(np.sin(4 * turned))), float(np.sum(np.cos(4 * turned))))
    pitch = _pitch(centres @ undo.T, turned, areas)
    a = view @ (pitch * np.array([math.cos(phi), math.sin(phi)]))
    b = view @ (pitch * np.array([-math.sin(phi), math.cos(phi)]))
    if abs(a @ u) / np.linalg.norm(a) < abs(b @ u) / np.linalg.norm(b):
        a, b = b, -a  # (a quarter turn: the lattice's handedness kept, not mirrored)
    logger.debug("x-tiles: lattice steps from the faces' shapes %s, %s px", np.round(a, 1),
                 np.round(b, 1))
    return a, b


#: A map through fewer tiles than this keeps its start's axes (scaled to fit, see
#: :func:`_assign`): three centres fix an affine map's six unknowns exactly, nothing checks it,
#: and a centroid a glare pulled (a face's washed-out sector left out of its paint: up to a
#: quarter of a pitch, measured on an independent renderer's photos) shears the whole lattice.
AFFINE_FACES = 4


def _assign(centres: np.ndarray, along_u: np.ndarray, u: np.ndarray, v: np.ndarray, *,
            seeds: np.ndarray | None = None, areas: np.ndarray | None = None
            ) -> list[np.ndarray]:
    """The maps ``(3, 3)`` from tile indices ``(j, i)`` to image points, grown from the tile
    nearest the layout's middle outwards (first steps ``u`` and ``v``, image pixels): each tile
    is taken when it lies near a lattice point of the map so far, free, of the checkerboard's
    orientation there (``along_u``: its long axis runs along ``u``), and the map is refitted
    after each (perspective changes the pitch across the layout); none when fewer than two
    tiles fit. When fewer than :data:`AFFINE_FACES` tiles were taken, the map of the start's
    axes scaled to fit them follows the affine one (the caller keeps the one that puts more
    tiles on its lattice, the affine one on a tie).

    With ``seeds`` (bool ``(n,)``, the whole faces, see :func:`_whole_faces`) the map is grown
    from the whole face nearest the middle, through the whole faces first and the parts after:
    a part's centre is pulled off its lattice point by up to a third of a pitch, and taken
    before the whole faces it sets the map's step (final6 x-tiles-hard-095: a part 0.73 of a
    step from the first face made a map of about half the pitch).

    With ``areas`` (``(n,)``, image pixels) a blob of faces joined across their rims
    (:func:`_single_faces` on the map so far) is not taken: its centre lies between two cells',
    and taken it set a steep view's step across it a fifth too long (final13 x-tiles-hard-804)."""
    off_middle = np.linalg.norm(centres - np.median(centres, axis=0), axis=1)
    if seeds is not None and seeds.any():
        off_middle = np.where(seeds, off_middle, np.inf)
    seed = int(np.argmin(off_middle))
    H = H0 = np.array([[u[0], v[0], centres[seed, 0]],
                       [u[1], v[1], centres[seed, 1]], [0, 0, 1.0]])
    order = np.argsort(np.linalg.norm(centres - centres[seed], axis=1), kind="stable")
    if seeds is not None and seeds.any():
        order = np.concatenate([order[seeds[order]], order[~seeds[order]]])
    taken_ij, taken_xy = [np.zeros(2)], [centres[seed]]
    for k in order[1:]:
        q = apply_h(np.linalg.inv(H), centres[k:k + 1])[0]
        ij = np.round(q)
        if np.abs(q - ij).max() >= ON_LATTICE or any(np.array_equal(ij, t) for t in taken_ij):
            continue
        if along_u[k] != (along_u[seed] == (int(ij[0] + ij[1]) % 2 == 0)):
            continue  # (a blob turned the wrong way for its cell: not a tile there)
        if areas is not None and not _single_faces(H, centres[k:k + 1], areas[k:k + 1])[0]:
            continue  # (faces joined across their rims: their centre lies between two cells')
        taken_ij.append(ij)
        taken_xy.append(centres[k])
        H = _fit_map(np.array(taken_ij), np.array(taken_xy), H)
    if len(taken_ij) < 2:
        return []
    if len(taken_ij) < AFFINE_FACES:
        return [H, _fit_map(np.array(taken_ij), np.array(taken_xy), H0,
                            affine_points=AFFINE_FACES)]
    return [H]
