"""Universal Tapestry's lattice from the cards themselves: every card centre is a lattice point.

The locator looks for the lattice in straight edges; a photo may not show them consistently
(a table of fine lines such as linen or planks, blur, a steep tilt that crowds the far cards).
What every Tapestry layout shows is the cards: rounded rectangles of one paint colour each
(KITS.md), with a light symbol in the middle, lying in a grid of rectangles, each card one cell
(the gap between neighbours a few millimetres at most). So:

1. every pixel of the photo (a copy of about :data:`WORK_PIXELS`) is named for its nearest paint
   colour under the photo's light, when near enough (:func:`_colour_labels`); pixels of one
   colour joined are one piece (neighbouring cards of different colours are apart, whatever
   the gap between them);
2. the pieces shaped like a card or a block of cards are kept: filled (the symbol is a hole),
   convex and four-cornered (:func:`_pieces`); stripes, spots and planks of a table of a card
   colour are not, nor a card merged with them;
3. the area of one card is the smallest area many pieces share (perspective changes it
   smoothly across the layout; two cards of one colour side by side, with no gap seen, are one
   piece twice as large) (:func:`_single_area`);
4. the lattice is grown from the single card nearest the layout's middle outwards, the first
   guess of its axes and pitch taken from that card's own four sides and its neighbours
   (:func:`_first_guess`); each piece is placed as a block of whole cards on free cells
   (:func:`_place`: its extent along the lattice's axes) and the map refitted on the pieces'
   centres and corners (a card is a rectangle: its corners tell the perspective where few
   cards are seen; a homography from four pieces on, see :func:`_points`);
5. the window is every cell the pieces beside the cards reach (a card of no card shape, an L
   of one colour), plus a ring of table; its cells are then read like the locator's.

The light: the palette as given, and the palette fitted (:func:`vision.colour.classify_adaptive`)
on the colours of the card-shaped pieces the first finds; the one whose card-shaped pieces hold
the most cards' area wins.

Conventions: images are BGR ``uint8``; points ``(x, y)`` in full-image pixels; a lattice maps
``(x, y, 1)`` lattice coordinates to image pixels, card ``(row, col)`` centred at
``(col + 0.5, row + 0.5)``.
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Callable

import cv2
import numpy as np

from vision.cells import CellReading, blown_out
from vision.centres import ON_LATTICE, fit_map
from vision.colour import Palette, bgr_to_lab, classify_adaptive
from vision.edges import canny
from vision.foreground import fill_holes, foreground_mask
from vision.lattice import apply_h
from vision.locate import (MAX_CELLS, Lattice, _normalise, _partial, _partial_of, _window_fractions, shrink,
                           work_copy)

logger = logging.getLogger(__name__)

#: The cards are looked for on a copy of the photo of about this many pixels: a card of a
#: layout that fills a tenth of a 4:3 photo's width is still about 40 x 55 pixels (its corner
#: radius and the gaps vanish, its outline does not).
WORK_PIXELS = 1_000_000
#: A pixel is paint when its colour lies within this (CIELAB, Euclidean) of a palette colour
#: (as given, or predicted under the photo's light). Measured on the independent renderer's
#: photos: cards within 15-22 of the palette as given under a dim or tinted light, linen and
#: planks 30 or more, a table's stripes of a card colour as near as the cards (kept out by
#: their shape).
PAINT_DISTANCE = 30.0
#: A piece's outline is taken after closing it by a disc of this radius (work pixels): the
#: art comes within a tenth of a card's width of its edge (a pixel or two on a card 20 pixels
#: wide, blurred) and may open the art's hole to the table.
BRIDGE = 2
#: Colours are named by their BGR bin: each channel's top 8 - BIN_SHIFT bits (bins of 4 levels:
#: at most about 2 CIELAB units from the bin's middle, well within PAINT_DISTANCE).
BIN_SHIFT = 2
#: A light fitted on the cards that moves no palette colour by more than this (CIELAB, per
#: coordinate) is the palette as given: not looked again.
SAME_LIGHT = 3.0
#: A piece is one card or a block of cards when its outline (holes filled) covers at least this
#: share of its convex hull (a card's rounded corners take about 1 %; two cards in an L 75 %) ...
MIN_SOLIDITY = 0.9
#: ... and its area within this factor of the largest quadrilateral through four points of its
#: outline (perspective makes a rectangle a trapezoid: its smallest enclosing rectangle is no
#: measure; a card's rounded corners and blur leave its area a few per cent above the
#: quadrilateral's, a disc's is 1.57 times).
MIN_QUAD_FILL = 0.88
#: The quadrilateral is looked for among at most this many vertices of the outline's hull.
QUAD_VERTICES = 24
#: Pieces of fewer pixels (work copy) are no card: a card of 63 mm that small is too blurred to
#: read.
MIN_PIECE_PIXELS = 150
#: Cards of a far layout come out small on the work copy: where one card's piece is under this
#: (pixels, about 14 x 20, twice :data:`MIN_PIECE_PIXELS`), its far cards, a half or less of
#: its near ones' area at a steep tilt, fall under MIN_PIECE_PIXELS or blur into their
#: neighbours, and the cards are looked for on a copy of :data:`FINER_CARDS` times the pixels (at
#: most the photo read). (tap34 hard-2061, a layout of 23 cards filling a twentieth of the
#: photo's width: one card 180 pixels, 9 card-shaped pieces, one placed, no lattice; at three
#: times the pixels 571, 18 pieces placed, 20 cards.)
SMALL_CARD = 2 * MIN_PIECE_PIXELS
#: ... (a copy of 3 MP, the size a 12 MP photo is read at: a far card of half a
#: :data:`SMALL_CARD` piece's area comes out at 3 x 150 = 450 pixels there, over
#: :data:`MIN_PIECE_PIXELS`)
#: ... and where the work copy's card-shaped pieces tell no card's size at all (fewer than
#: :data:`MIN_SINGLES` pieces of one size: the cards of a small far layout fall under
#: :data:`MIN_PIECE_PIXELS` once their art is cut out, or blur into a cloth printed in a card
#: colour, their neighbours of one colour into blocks of no card shape), the finer copy's pieces
#: are taken when they do. (final22 tapestry-hard-2801, 26 cards some 25 x 18 work pixels on a
#: cloth of dense blue flowers: one card-shaped piece on the work copy, no lattice through the
#: cards, 17 cards missed; 19 card-shaped pieces of about 800 pixels on the finer copy.) Where
#: the finer copy tells no size either, the work copy's pieces stay.
FINER_CARDS = 3.0
#: Pieces of more than this share of the work copy are table.
MAX_PIECE_SHARE = 0.05
#: One card's area is the smallest area (of the pieces) that at least this share of them (and
#: at least :data:`MIN_SINGLES`) share within a factor :data:`AREA_FACTOR`, pieces of at least
#: two colours when the pieces show more than one: a layout's cards come in the kit's colours,
#: a table printed in one card colour (a gingham's dark checks near the purple paint, each
#: check card-shaped) gives many pieces of that one colour and one size.
SINGLE_SHARE = 0.25
MIN_SINGLES = 2
AREA_FACTOR = 1.35
#: A neighbour card lies at most this many card sizes from a card's centre along an axis (the
#: gap is at most a few millimetres of 63); the pitch is measured on such neighbours.
MAX_NEIGHBOUR_STEP = 1.35
#: Without a neighbour to measure, the pitch is the card's size times this (a gap of about 2 mm).
DEFAULT_STEP = 1.03
#: A piece is a block of cards when its extent along each lattice axis, less a card's size, is
#: within this of a whole number of steps (cells), at most :data:`MAX_SPAN` cards.
SPAN_SLACK = 0.3
MAX_SPAN = 4
#: The lattice's perspective (a homography) is fitted once this many points are placed (a
#: piece's centre and four corners each); fewer fit an affine map.
HOMOGRAPHY_POINTS = 5 * 4
#: ... and once the cards placed span at least this many cells along both axes: the perspective
#: is the change of the cells' size and shape across the layout, which a block of cards two
#: cells deep barely shows; fitted there on small cards' corners (a far layout: a card 20 x 30
#: work pixels, its corners a pixel or two off), it bends the lattice off the cards a few cells
#: away (the independent renderer's final13 tapestry hard-801, cards about 30 x 45 pixels at
#: 35 degrees of tilt: fitted on four pieces in two rows, the chain's cards, 4-7 cells away, lay
#: 0.4-0.5 of a cell off their lattice points, left unplaced; an affine map 0.3 at most, all placed).
PERSPECTIVE_SPAN = 3
#: (``homography_points`` no fit reaches: :func:`vision.centres.fit_map` then fits an affine map)
AFFINE_ONLY = 1 << 30
#: The lattice is grown from the single card nearest the middle of the cards, and again from
#: the one nearest the middle of the cards it left off, up to this many times in all: a far,
#: steep layout of small cards (whose corners give its axes a few degrees off) grown from a
#: line of cards one wide bends off the cards on the far side (final13 tapestry hard-801: grown
#: from its chain of six cards, the four pieces of the block of nine beside it lay 0.3-0.5 of a
#: cell off their lattice points, left unplaced), where grown from those cards it places both.
#: (that photo needs two; a third serves a layout in three parts; a growth after the first runs
#: only while cards are left off)
MAX_SEEDS = 3
#: The card's size in cells (the gap) is measured on the lattice once this many pieces lie on
#: it; fewer keep the first guess.
MIN_SIZE_PIECES = 4
#: A piece reaches a cell when its outline passes this far (cells) into it.
REACH_MARGIN = 0.25
#: Pieces whose centres lie more than this many cells from every card's are not the layout's
#: (a patch of the table of a card colour).
NEAR_LAYOUT = 1.0
#: A piece beside the cards takes in the cells it reaches only when it fills at least this share
#: of them (its area in cells over the cells of its extent): cards are rectangles on the
#: lattice's cells, so a piece of them fills most of its extent (a card of no card shape most of
#: its one cell, an L of three cards 3 of 4); a stripe of the cloth in a card's colour crossing
#: the lattice's axes fills a small share of the box it spans, and stripes chained one from the
#: next carry the window across the table, past :data:`MAX_CELLS`: no lattice from the cards at
#: all (the independent renderer's final17 tapestry normal-1763, a cloth of yellow stripes at 55
#: degrees to the cards: 0.0-0.2 of their extents; a floral cloth's red flowers, tap21
#: normal-1481, 0.1-0.35). Of the 569 Tapestry development photos, 65 have a piece this leaves
#: out where it changes the window: normal-1763 reads 21 cells fewer wrong, normal-1481 one more
#: (a yellow card then seen by its outline only, its colour left unknown), the other 63 the same.
#: (The fill of real card pieces was not measured on the photos; an L of three cards is 3/4. A
#: cloth's stripes along the lattice's axes, 0.4 cell wide or more, still fill their extent, and
#: a card piece half a cell off on both axes fills about 0.2 of its: the window's ring of one
#: cell mostly covers it.)
MIN_REACH_FILL = 0.4
#: The window also takes in the cells where the foreground stands out (at least this share of
#: a cell, as the reader counts a cell that stands out) joined to its cards through such cells:
#: cards of the table's colour under the lamp (orange cards on an orange wood under a warm
#: light, named with the table's pixels and so no card-shaped piece) still stand out from the
#: table by their edges and art, on the same grid as the cards found.
FG_CELL = 0.5
#: ... looked for up to this many cells beyond the window of the cards.
FG_REACH = 8
#: A foreground the cards' cells cut through this much (the share of partly covered cells, see
#: :func:`vision.locate._partial`, over the cards' window) may not be the cards' outline ...
#: (measured on the Tapestry photos of both renderers whose cards' lattice was read, 25: 0.0-0.23
#: where the mask is the layout's, 0.31 with a card missing from it, 0.37 and 0.45 on two cloths
#: printed with flowers in the cards' colours, whose motifs the texture cue calls smooth) ...
UNEVEN_MASK = 0.3
#: Where a lamp's glare washes cards out of every paint colour's reach, a card is still the
#: region its outline encloses: the edges of the photo (Canny on each CIELAB channel of the
#: work copy, these hysteresis thresholds in 8-bit units) cut it from the table and from its
#: neighbours across the gap (a veil of glare is smooth: it adds no edges, it lowers those there).
OUTLINE_EDGES = (12, 30)
#: A card seen by its outline alone is read with this confidence (occupancy and card; below the
#: reader's threshold: its colour is unread and it is flagged for a look) ...
OUTLINED_CONFIDENCE = 0.3
#: ... and this doubt.
OUTLINED_DOUBT = ("occupied", "a card washed out by glare: seen by its outline only")
#: ... and holding its art: a hole in its middle of at least this share of its outline's area
#: (measured at half the work copy's size on the independent renderer's photos: washed-out
#: cards' faces 0.10-0.38; the table's stripes cut into rectangles 0.0-0.05; and in the
#: pieces of paint colour, where it tells the cards from a gingham's checks, see
#: :func:`_card_area`, on the work copy: 0.08-0.26 in pieces of one size, a card's, the others
#: 0-0.06, most 0, on tap38 hard-2187, final19 hard-1993, final17 hard-1767, col9 normal-780
#: and final11 hard-605) ...
MIN_ART_SHARE = 0.08
#: ... its centre at most this share of the outline's width from the outline's (the art is
#: printed in the middle of the card).
ART_OFF_MIDDLE = 0.25
#: ... looked for within this many cards' widths of the cards of paint colour found ...
OUTLINE_REACH = 3.0
#: ... on a copy this fraction of the work copy's size, when a card keeps
#: :data:`MIN_PIECE_PIXELS` there (smoothing the grain; the shapes were measured at this size).
OUTLINE_COPY = 0.5
#: ... and a cell is read occupied by one only in a lamp's glare: at least this share of the box
#: reaching a card's width round it blown out to white (a glare strong enough to wash a card
#: out of every paint's reach clips the photo on it or beside it; without one, a region of the
#: table enclosed by the edges of the cards round it is the table between them, not a card).
#: (Measured on the independent renderer's photos whose cards were found by their outlines: in
#: a glare 0.027-0.39 of the box;
#: the linen between four cards, final18 tapestry normal-1880, and final15 normal-1435's, in
#: photos with no glare: 0.)
MIN_GLARE_SHARE = 0.01
#: ... and the foreground by colour alone is taken instead when they cut through it by at least
#: this much less (the same photos: 0.31 -> 0.30, 0.37 -> 0.05, 0.45 -> 0.32).
BETTER_FIT = 0.1


@dataclass(frozen=True)
class CardPiece:
    """One piece of one paint colour: ``centre`` (x, y) and ``outline`` (N, 2) in image pixels,
    ``area`` (image pixels, holes filled), ``colour`` (index into the palette) and, when it is
    shaped like a card or a block of cards, its four ``corners`` (4, 2) (image pixels, in order
    round the outline), else None; ``glared`` whether a piece found by its outline alone (colour
    -1) lies in a lamp's glare (see :data:`MIN_GLARE_SHARE`); ``pixels`` a piece of paint
    colour's own pixels (``(h, w)`` 0/1, its box in the copy it was found on, kept as is by
    :meth:`scaled`: only a share is measured on them; None for those by their
    outlines), which show its art as a hole (see :func:`_art_share`, looked at only where
    needed: :func:`_card_area`)."""

    centre: tuple[float, float]
    outline: np.ndarray
    area: float
    corners: np.ndarray | None
    colour: int
    glared: bool = False
    pixels: np.ndarray | None = field(default=None, repr=False, compare=False)

    def scaled(self, f: float) -> "CardPiece":
        """The piece in pixels ``f`` times as large."""
        corners = None if self.corners is None else self.corners * f
        return CardPiece((self.centre[0] * f, self.centre[1] * f), self.outline * f,
                         self.area * f * f, corners, self.colour, self.glared, self.pixels)


def card_lattices(image: np.ndarray, palette: Palette, *, fg: np.ndarray | None = None,
                  work_scale: float | None = None) -> list[Lattice]:
    """Lattices of Tapestry cards fitted to the cards (best first; empty when fewer than two
    pieces of cards are placed).

    Parameters
    ----------
    image : (H, W, 3) uint8 BGR, the photo.
    palette : the kit's card colours.
    fg, work_scale : the locator's foreground mask (work resolution) and its scale (work /
        full), given to the lattice for the reader's coverage (unless it is what the cards lie
        on: see :func:`_cards_mask`); computed when not given.

    Each lattice's ``info`` holds ``source`` ("cards"), ``cards`` (the cards of the pieces
    placed), ``outlined`` and ``painted`` (the centres of the cards of the pieces placed found
    by their outlines in a glare, and of paint colour: :func:`_outlined`, :func:`_painted`) and
    ``partial`` (see :func:`vision.locate._partial`: the reader's score counts it
    for every lattice).
    """
    pieces, scale = _pieces_at(image, palette, WORK_PIXELS)
    if scale < 1.0:
        pieces, scale = _finer_when_small(image, palette, pieces, scale)
    if fg is None or work_scale is None:
        work, work_scale = work_copy(image)
        fg = foreground_mask(work)
    pieces = [p.scaled(1.0 / scale) for p in pieces]  # (to full-image pixels)

    def by_colour() -> np.ndarray:
        # (the photo's foreground by colour alone, on a copy the size of ``fg``)
        work = cv2.resize(image, (fg.shape[1], fg.shape[0]), interpolation=cv2.INTER_AREA)
        return foreground_mask(work, texture=False)
    lat = _fit_lattice(pieces, fg, work_scale, by_colour)
    return [lat] if lat is not None else []


def _one_card(pieces: list[CardPiece]) -> float | None:
    """One card's area (see :func:`_card_area`) told by the card-shaped pieces of paint colour
    among ``pieces``, or None."""
    return _card_area([p for p in pieces if p.corners is not None and p.colour >= 0])[0]


def _finer_when_small(image: np.ndarray, palette: Palette, pieces: list[CardPiece],
                      scale: float) -> tuple[list[CardPiece], float]:
    """The pieces of ``image`` (BGR) and their copy's scale: those found on the work copy
    (``pieces`` at ``scale``), or those found on a copy :data:`FINER_CARDS` times as large
    where the work copy's cards come out small (one card under :data:`SMALL_CARD`), or tell no
    card's size at all while the finer copy's do (see :data:`FINER_CARDS`)."""
    one = _one_card(pieces)
    if one is not None and one >= SMALL_CARD:
        return pieces, scale
    finer, finer_scale = _pieces_at(image, palette, WORK_PIXELS * FINER_CARDS)
    if one is not None:
        logger.debug("cards: one card %.0f px on the work copy: looked for on one %g times as "
                     "large", one, FINER_CARDS)
        return finer, finer_scale
    if _one_card(finer) is None:
        return pieces, scale
    logger.debug("cards: no card's size told on the work copy: the pieces of one %g times as "
                 "large, which tell it, kept", FINER_CARDS)
    return finer, finer_scale


def _pieces_at(image: np.ndarray, palette: Palette, pixels: float
               ) -> tuple[list[CardPiece], float]:
    """The pieces of ``image`` (BGR) on a copy of about ``pixels`` pixels (the image itself
    when that is no smaller): of paint colour (see :func:`_pieces_under_light`) and by their
    outlines (:func:`_outline_pieces`), in the copy's pixels, and the copy's scale (copy /
    image)."""
    small, scale = shrink(image, math.sqrt(pixels / (image.shape[0] * image.shape[1])))
    if scale >= 1.0:
        small, scale = image, 1.0
    pieces = _pieces_under_light(small, palette)
    return pieces + _outline_pieces(small, pieces), scale


def _pieces_under_light(small: np.ndarray, palette: Palette) -> list[CardPiece]:
    """The pieces (pixels of ``small``, BGR) under the light whose card-shaped pieces hold the
    most cards' area (see :func:`_cards_area`): the palette as given, or fitted on the colours
    of the card-shaped pieces it finds."""
    best = _pieces(small, palette.lab.astype(np.float32))
    shaped = [p for p in best if p.corners is not None]
    if len(shaped) >= 3:
        samples = bgr_to_lab(np.array([_median_colour(small, p) for p in shaped], np.uint8))
        match, _, _ = classify_adaptive(samples, palette)
        if match.predicted is not None and np.abs(match.predicted - palette.lab).max() > SAME_LIGHT:
            again = _pieces(small, match.predicted.astype(np.float32))
            if _cards_area(again) > _cards_area(best):
                logger.debug("cards: the light fitted on %d cards is kept", len(shaped))
                best = again
    return best


def _outline_pieces(small: np.ndarray, pieces: list[CardPiece]) -> list[CardPiece]:
    """Card-shaped pieces of ``small`` (BGR) enclosed by its edges (see :data:`OUTLINE_EDGES`),
    within :data:`OUTLINE_REACH` cards of the card-shaped pieces of paint colour (``pieces``)
    and not on one: the cards a lamp's glare washed out of every paint colour's reach (their
    ``colour`` -1; ``glared`` where the glare shows, see :data:`MIN_GLARE_SHARE`). Looked for on a smoothed
    copy of half the size when a card keeps :data:`MIN_PIECE_PIXELS` there (the cards'
    outlines stay, the grain of the print and of the photo goes), else on ``small`` itself
    (small cards' outlines would close up). Only card-shaped ones are kept: the table between
    its motifs is one large region, or shapeless."""
    shaped = [p for p in pieces if p.corners is not None]
    if not shaped:
        return []
    card = float(np.median([p.area for p in shaped]))
    f = OUTLINE_COPY if card * OUTLINE_COPY ** 2 >= MIN_PIECE_PIXELS else 1.0
    reach = OUTLINE_REACH * math.sqrt(card)
    pts = np.concatenate([p.corners for p in shaped])
    h, w = small.shape[:2]
    x0, y0 = (max(0, int(v - reach)) for v in pts.min(axis=0))
    x1, y1 = (min(n, int(v + reach)) for v, n in zip(pts.max(axis=0), (w, h)))
    crop = cv2.resize(small[y0:y1, x0:x1], None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(cv2.GaussianBlur(crop, (3, 3), 0), cv2.COLOR_BGR2LAB)
    edges = np.zeros(crop.shape[:2], np.uint8)
    for k in range(3):
        edges |= canny(lab[..., k], *OUTLINE_EDGES, l2_gradient=True)
    painted = np.zeros(crop.shape[:2], np.uint8)
    for p in pieces:
        cv2.fillPoly(painted, [np.round((p.outline - [x0, y0]) * f).astype(np.int32)], 1)
    max_area = MAX_PIECE_SHARE * h * w * f * f
    clipped = blown_out(bgr_to_lab(crop))
    n, comp, stats, cent = cv2.connectedComponentsWithStats((edges == 0).astype(np.uint8), connectivity=4)
    out: list[CardPiece] = []
    for i in range(1, n):
        x, y, bw, bh, area = (int(v) for v in stats[i])
        if area < MIN_PIECE_PIXELS * f * f or bw * bh > 4 * max_area or painted[int(cent[i][1]), int(cent[i][0])]:
            continue
        box = (comp[y:y + bh, x:x + bw] == i).astype(np.uint8)
        piece = _piece(box, (x, y), -1, max_area)
        if piece is not None and piece.corners is not None and _art_share(box) >= MIN_ART_SHARE:
            glared = _glare_share(clipped, (x, y, bw, bh), math.sqrt(card) * f) >= MIN_GLARE_SHARE
            piece = piece.scaled(1.0 / f)
            out.append(CardPiece((piece.centre[0] + x0, piece.centre[1] + y0), piece.outline + [x0, y0],
                                 piece.area, piece.corners + [x0, y0], -1, glared))
    logger.debug("cards: %d card-shaped pieces by their outlines (copy at %.1f)", len(out), f)
    return out


def _glare_share(clipped: np.ndarray, box: tuple[int, int, int, int], reach: float) -> float:
    """The share of the pixels blown out to white (``clipped``, a ``(h, w)`` bool mask) in the
    ``box`` ``(x, y, width, height)`` grown by ``reach`` pixels on every side (clipped to the
    mask): how much of a lamp's glare lies on a region and round it."""
    x, y, bw, bh = box
    r = int(round(reach))
    window = clipped[max(0, y - r):y + bh + r, max(0, x - r):x + bw + r]
    return float(window.mean()) if window.size else 0.0


def _art_share(region: np.ndarray) -> float:
    """The share of a region's outline (a ``(h, w)`` 0/1 mask) its printed art takes: its largest
    hole, when that lies in its middle (its centre within :data:`ART_OFF_MIDDLE` of the
    outline's width of the outline's centre), else 0. A card's face enclosed by its edges has
    its art as one hole in the middle; a stripe or a plank of the table cut into a rectangle by
    other edges, or the table seen between four cards, has none, or only the thin threads of
    its grain."""
    filled = fill_holes(region > 0).astype(np.uint8)
    total = int(filled.sum())
    n, _, stats, cent = cv2.connectedComponentsWithStats(filled - region, connectivity=8)
    if not total or n < 2:
        return 0.0
    k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    ys, xs = np.nonzero(filled)
    if np.hypot(cent[k][0] - xs.mean(), cent[k][1] - ys.mean()) > ART_OFF_MIDDLE * math.sqrt(total):
        return 0.0
    return float(stats[k, cv2.CC_STAT_AREA]) / total


def _cards_area(pieces: list[CardPiece]) -> float:
    """The area of the card-shaped pieces of at most :data:`MAX_SPAN` cards (see
    :func:`_single_area`): table stripes and planks of a card colour, cut into rectangles by
    the cards on them, do not count."""
    shaped = np.array([p.area for p in pieces if p.corners is not None])
    colours = np.array([p.colour for p in pieces if p.corners is not None])
    one = _single_area(shaped, colours) if len(shaped) else None
    return 0.0 if one is None else float(shaped[shaped <= MAX_SPAN * AREA_FACTOR * one].sum())


def _median_colour(small: np.ndarray, piece: CardPiece) -> np.ndarray:
    """The median colour (BGR (3,)) inside a piece's outline, a little in from it."""
    x, y, w, h = cv2.boundingRect(piece.outline.astype(np.int32))
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [(piece.outline - [x, y]).astype(np.int32)], 1)
    mask = cv2.erode(mask, np.ones((3, 3), np.uint8))
    vals = small[y:y + h, x:x + w][mask > 0]
    return np.median(vals, axis=0) if len(vals) else small[int(piece.centre[1]), int(piece.centre[0])]


@lru_cache(maxsize=1)
def _bin_lab() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The CIELAB coordinates (L, a, b: three ``(bins,)`` arrays) of the middles of the BGR
    bins (see :data:`BIN_SHIFT`), indexed ``(b << 2 * bits) | (g << bits) | r``."""
    bits = 8 - BIN_SHIFT
    levels = (np.arange(1 << bits) << BIN_SHIFT) + (1 << BIN_SHIFT) // 2
    b, g, r = np.meshgrid(levels, levels, levels, indexing="ij")
    lab = bgr_to_lab(np.stack([b, g, r], axis=-1).reshape(-1, 3).astype(np.uint8))
    return tuple(np.ascontiguousarray(lab[:, k]) for k in range(3))


def _colour_labels(small: np.ndarray, pred: np.ndarray) -> np.ndarray:
    """Each pixel's nearest colour of ``pred`` (K, 3) Lab, as an index ``(H, W)`` int8, or -1
    when none lies within :data:`PAINT_DISTANCE`: looked up by the pixel's BGR bin (the
    distances of a few hundred thousand bins, not of a million pixels)."""
    L, A, B = _bin_lab()
    best = np.full(L.shape, PAINT_DISTANCE ** 2, np.float32)
    lut = np.full(L.shape, -1, np.int8)
    for k, (pl, pa, pb) in enumerate(pred):
        d2 = (L - pl) ** 2 + (A - pa) ** 2 + (B - pb) ** 2
        closer = d2 < best
        best[closer] = d2[closer]
        lut[closer] = k
    bits = 8 - BIN_SHIFT
    q = small >> BIN_SHIFT
    index = (q[..., 0].astype(np.int32) << (2 * bits)) | (q[..., 1].astype(np.int32) << bits) | q[..., 2]
    return lut[index]


def _pieces(small: np.ndarray, pred: np.ndarray) -> list[CardPiece]:
    """The pieces of one paint colour each (pixels of ``small``, BGR), with their corners when
    shaped like a card or a block of cards."""
    labels = _colour_labels(small, pred)
    h, w = labels.shape
    max_area = MAX_PIECE_SHARE * h * w
    # one colour's pixels, cut from every other colour's by a pixel (so that one pass of
    # connected components keeps the colours apart), opened to drop specks and threads
    paint = labels >= 0
    cut = np.zeros_like(paint)
    cut[:, 1:] |= (labels[:, 1:] != labels[:, :-1]) & paint[:, :-1]
    cut[1:, :] |= (labels[1:, :] != labels[:-1, :]) & paint[:-1, :]
    mask = cv2.morphologyEx((paint & ~cut).astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, comp, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    out: list[CardPiece] = []
    for i in range(1, n):
        x, y, bw, bh, area = (int(v) for v in stats[i])
        if area < MIN_PIECE_PIXELS or bw * bh > 4 * max_area:
            continue
        box = comp[y:y + bh, x:x + bw] == i
        colour = int(labels[y:y + bh, x:x + bw][box][0])
        pixels = box.astype(np.uint8)
        piece = _piece(pixels, (x, y), colour, max_area)
        if piece is not None:
            out.append(replace(piece, pixels=pixels))
    return out


def _piece(comp: np.ndarray, offset: tuple[int, int], colour: int, max_area: float
           ) -> CardPiece | None:
    """The piece ``comp`` (a box's mask, at ``offset`` in the work copy), with its corners when
    it is shaped like a card or a block of cards (see :data:`MIN_SOLIDITY`,
    :data:`MIN_QUAD_FILL`); None when too small or too large. The outline is the piece's
    closed by :data:`BRIDGE` (the art may reach within a pixel or two of a small card's edge
    and open its hole to the table)."""
    r = BRIDGE
    padded = cv2.copyMakeBorder(comp, r + 1, r + 1, r + 1, r + 1, cv2.BORDER_CONSTANT, value=0)
    closed = cv2.morphologyEx(padded, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1)))
    cnts, _ = cv2.findContours(closed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    offset = (offset[0] - r - 1, offset[1] - r - 1)
    c = max(cnts, key=cv2.contourArea)
    area = cv2.contourArea(c)
    if area < MIN_PIECE_PIXELS or area > max_area:
        return None
    m = cv2.moments(c)
    centre = (m["m10"] / m["m00"] + offset[0], m["m01"] / m["m00"] + offset[1])
    outline = c.reshape(-1, 2).astype(np.float64) + offset
    hull = cv2.convexHull(c)
    quad = _quadrilateral(hull) if area >= MIN_SOLIDITY * cv2.contourArea(hull) else None
    if quad is not None:
        q_area = cv2.contourArea(quad.astype(np.float32))
        if q_area <= 0 or area > q_area / MIN_QUAD_FILL:
            quad = None
    return CardPiece(centre, outline, float(area), None if quad is None else quad + np.array(offset, float),
                     colour)


def _quadrilateral(hull: np.ndarray) -> np.ndarray | None:
    """The four corners ``(4, 2)`` of a convex outline ``hull`` (in order round it): the
    largest quadrilateral through four of its vertices (a card's rounded corners and a blurred
    outline move them a little inwards); None when it has fewer than four."""
    pts = hull.reshape(-1, 2).astype(np.float64)
    if len(pts) > QUAD_VERTICES:
        pts = cv2.approxPolyDP(pts.astype(np.float32).reshape(-1, 1, 2),
                               0.005 * cv2.arcLength(pts.astype(np.float32), True), True).reshape(-1, 2)
        pts = pts[np.linspace(0, len(pts) - 1, min(len(pts), QUAD_VERTICES)).astype(int)].astype(np.float64)
    n = len(pts)
    if n < 4:
        return None
    # twice the area of triangle (a, b, c) for all triples: cross(b - a, c - a), as [a, c, b]
    x, y = pts[:, 0], pts[:, 1]
    tri = np.abs((x[None, :, None] - x[:, None, None]) * (y[None, None, :] - y[:, None, None])
                 - (y[None, :, None] - y[:, None, None]) * (x[None, None, :] - x[:, None, None]))
    tri = tri.transpose(0, 2, 1)
    # for each diagonal (i, k), i < k: the farthest vertex from it on either side
    i, k, j = np.meshgrid(np.arange(n), np.arange(n), np.arange(n), indexing="ij")
    inside = (i < j) & (j < k)
    outside = (i < k) & ((j < i) | (j > k))
    far_in = np.where(inside, tri, -1.0)
    far_out = np.where(outside, tri, -1.0)
    j_in, j_out = far_in.argmax(axis=2), far_out.argmax(axis=2)
    a_in, a_out = far_in.max(axis=2), far_out.max(axis=2)
    total = np.where((a_in > 0) & (a_out > 0), a_in + a_out, -1.0)
    best = int(np.argmax(total))
    if total.flat[best] <= 0:
        return None
    bi, bk = divmod(best, n)
    return pts[sorted([bi, int(j_in[bi, bk]), bk, int(j_out[bi, bk])])]


def _single_area(areas: np.ndarray, colours: np.ndarray) -> float | None:
    """One card's area: the smallest of ``areas`` (n,) that at least :data:`SINGLE_SHARE` of
    them (and :data:`MIN_SINGLES`) share within :data:`AREA_FACTOR`, of two ``colours`` (n,)
    at least when they hold more than one (the median of those), else None."""
    need = max(MIN_SINGLES, SINGLE_SHARE * len(areas))
    kinds = min(2, len(np.unique(colours)))
    for a in np.sort(areas):
        near = (areas >= a / AREA_FACTOR) & (areas <= a * AREA_FACTOR)
        if near.sum() >= need and len(np.unique(colours[near])) >= kinds:
            return float(np.median(areas[near & (areas >= a)]))
    return None


def _card_area(painted: list[CardPiece]) -> tuple[float | None, list[CardPiece]]:
    """One card's area (see :func:`_single_area`) from the card-shaped pieces of paint colour
    ``painted``, and the pieces that are the cards: all of them, or, where they share no card
    area, those showing their art (see :data:`MIN_ART_SHARE`) when these share one; (None, the
    pieces) when neither does. A cloth checked in a card's colour (a gingham) gives more
    card-shaped pieces than the layout has cards, its squares neither one card's size nor
    showing art: a card shows its symbol in its middle, a hole in its piece; a check is solid."""
    one = _single_area(np.array([p.area for p in painted]), np.array([p.colour for p in painted]))
    if one is not None:
        return one, painted
    showing = [p for p in painted
               if p.pixels is not None and _art_share(p.pixels) >= MIN_ART_SHARE]
    if not showing:
        return None, painted
    one = _single_area(np.array([p.area for p in showing]), np.array([p.colour for p in showing]))
    if one is None:
        return None, painted
    logger.debug("cards: no card area among %d pieces; %d showing art: one card %.0f px",
                 len(painted), len(showing), one)
    return one, showing


def _sides(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A quadrilateral's two axes ``(2,)`` each: from the middle of one side to the middle of
    the opposite side."""
    q0, q1, q2, q3 = corners
    return (q1 + q2 - q0 - q3) / 2, (q2 + q3 - q0 - q1) / 2


def _first_guess(singles: list[CardPiece], seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The map ``(3, 3)`` from lattice indices to image points near the card ``seed``: its own
    two axes (side to side), each stretched to the step to the nearest neighbour card along it
    (the gap), or by :data:`DEFAULT_STEP`; and the card's size in cells along both ``(2,)``."""
    centres = np.array([p.centre for p in singles])
    a, b = _sides(singles[seed].corners)
    cols, size = [], []
    for axis, other in ((a, b), (b, a)):
        length = float(np.linalg.norm(axis))
        unit = axis / max(length, 1e-9)
        d = centres - centres[seed]
        along = d @ unit
        # (off the axis: the component along the other axis, in units of that axis)
        across = np.abs(d @ np.array([-unit[1], unit[0]])) / max(abs(float(unit[0] * other[1] - unit[1] * other[0])), 1e-9)
        steps = np.abs(along[(across < 0.3) & (np.abs(along) > 0.8 * length)
                             & (np.abs(along) < MAX_NEIGHBOUR_STEP * length)])
        step = float(steps.min()) if len(steps) else DEFAULT_STEP * length
        cols.append(unit * step)
        size.append(min(1.0, length / step))
    c = centres[seed]
    H = np.array([[cols[0][0], cols[1][0], c[0]], [cols[0][1], cols[1][1], c[1]], [0, 0, 1.0]])
    return H, np.array(size)


@dataclass(frozen=True)
class _Placed:
    """A piece placed on the lattice: its first cell ``ij`` (j, i) and its ``span`` (cards
    along j and i)."""

    piece: CardPiece
    ij: np.ndarray
    span: np.ndarray

    def cells(self) -> list[tuple[int, int]]:
        """The cells (j, i) its cards take."""
        return _cells_of(self.ij, self.span)


def _cells_of(ij: np.ndarray, span: np.ndarray) -> list[tuple[int, int]]:
    """The cells (j, i) taken by ``span`` cards from the first cell ``ij``."""
    return [(int(ij[0]) + a, int(ij[1]) + b) for a, b in np.ndindex(*span.astype(int))]


def _fit_lattice(pieces: list[CardPiece], fg: np.ndarray, work_scale: float,
                 by_colour: Callable[[], np.ndarray] | None = None) -> Lattice | None:
    """The lattice through the cards (see the module's docstring), its window every cell the
    pieces of the layout reach, plus a ring; its foreground mask ``fg`` (work pixels) or another
    where ``fg`` is mostly not the cards' (see :func:`_cards_mask`; ``by_colour`` gives the
    photo's foreground by colour alone)."""
    shaped = [p for p in pieces if p.corners is not None]
    if len(shaped) < 2:
        return None
    # (one card's area, the first guess and its card from the pieces of paint colour: those by
    # their outlines only join the lattice they give)
    painted = [p for p in shaped if p.colour >= 0]
    one, card_pieces = _card_area(painted)
    if one is None:
        logger.debug("cards: %d card-shaped pieces, no common card area", len(painted))
        return None
    singles = [p for p in card_pieces if one / AREA_FACTOR <= p.area <= one * AREA_FACTOR]
    placed, H, size = _grown_from_seeds(shaped, card_pieces, singles)
    if len(placed) < 2:
        logger.debug("cards: %d card-shaped pieces, no lattice through them", len(shaped))
        return None
    # the cards' size in cells (the gap) as the lattice through them has it, and the fit again
    size = _card_size(placed, H, size)
    H = _fitted(placed, H, size)
    cards = int(sum(np.prod(p.span) for p in placed))
    logger.debug("cards: %d pieces, %d card-shaped (one card %.0f px), %d placed: %d cards, "
                 "size %.2f x %.2f cells", len(pieces), len(shaped), one, len(placed), cards, *size)
    # lattice coordinates: card (i, j) centred at (j + 0.5, i + 0.5)
    H_lat = H @ np.array([[1, 0, -0.5], [0, 1, -0.5], [0, 0, 1.0]])
    taken = {c for p in placed for c in p.cells()}
    beside = [p for p in pieces if p.area <= MAX_SPAN * AREA_FACTOR * one]
    window = _window(beside, np.linalg.inv(H_lat), taken)
    if window is None:
        return None
    rows, cols = window
    fg = _cards_mask(fg, H_lat, (rows, cols), work_scale, by_colour, beside)
    lat = Lattice(H=H_lat / H_lat[2, 2], rows=rows, cols=cols, pitch_px=math.sqrt(abs(np.linalg.det(H[:2, :2]))),
                  strength=min(1.0, sum(p.piece.colour >= 0 for p in placed) / len(card_pieces)),
                  work_scale=work_scale,
                  info={"source": "cards", "cards": cards, "outlined": _outlined(placed, H),
                        "painted": _painted(placed, H)}, fg=fg)
    lat = _normalise(lat)
    lat = _grown_by_foreground(lat)
    # (how the cells cut through the foreground, as the reader judges the locator's lattices)
    lat.info["partial"] = _partial(lat)
    return lat


def _grown_from_seeds(shaped: list[CardPiece], painted: list[CardPiece], singles: list[CardPiece]
                      ) -> tuple[list[_Placed], np.ndarray, np.ndarray]:
    """The pieces ``shaped`` placed on the lattice grown (see :func:`_grow`) from the single card
    (of ``singles``) nearest the middle of the pieces of paint colour (``painted``), and, while
    some of those are left unplaced, from the single card nearest the middle of those left (up
    to :data:`MAX_SEEDS` seeds): a later growth is kept when it places every piece the one kept
    places, and more (one layout: the cards left off lie on the lattice of all of them; a patch
    of the table of a card's colour and shape, seeding a lattice of its own, does not carry the
    layout's cards with it). Returns the pieces placed, the map and a card's size in cells (see
    :func:`_first_guess`)."""
    best: tuple[list[_Placed], np.ndarray, np.ndarray] | None = None
    left = painted
    for n in range(MAX_SEEDS):
        centres = _centres(singles)
        seed = int(np.argmin(np.linalg.norm(centres - np.median(_centres(left), axis=0), axis=1)))
        H, size = _first_guess(singles, seed)
        placed, H = _grow(shaped, singles[seed], H, size)
        on = {id(p.piece) for p in placed}
        if best is None or {id(p.piece) for p in best[0]} < on:
            best = (placed, H, size)
            logger.debug("cards: growth %d kept: %d pieces placed", n, len(placed))
        left = [p for p in left if id(p) not in on]
        if not left or not any(id(p) not in on for p in singles):
            break
        singles = [p for p in singles if id(p) not in on]
    assert best is not None
    return best


def _outlined(placed: list[_Placed], H: np.ndarray) -> np.ndarray:
    """The centres ``(n, 2)`` (image pixels) of the cards of the pieces placed that were found by
    their outlines alone in a lamp's glare (see :func:`_outline_pieces`; ``H`` the map from
    their cells): one where no glare shows is the table between cards (its edges still place
    the lattice)."""
    return _card_centres([p for p in placed if p.piece.colour < 0 and p.piece.glared], H)


def _card_centres(placed: list[_Placed], H: np.ndarray) -> np.ndarray:
    """The centres ``(n, 2)`` (image pixels) of every card the pieces ``placed`` span (``H`` the
    map from their cells)."""
    ij = [p.ij + np.array([a, b], float) for p in placed
          for a, b in np.ndindex(*p.span.astype(int))]
    return apply_h(H, np.array(ij, float)) if ij else np.zeros((0, 2))


def _painted(placed: list[_Placed], H: np.ndarray) -> np.ndarray:
    """The centres ``(n, 2)`` (image pixels) of the cards of the pieces of paint colour placed
    (``H`` the map from their cells): each a card-shaped piece of one card colour on the
    lattice, the surest cards the photo shows (see :func:`vision.pipeline._misses_the_cards`)."""
    return _card_centres([p for p in placed if p.piece.colour >= 0], H)


def with_outlined_cards(readings: list[CellReading], lat: Lattice, centres: np.ndarray | None
                        ) -> list[CellReading]:
    """``readings`` of the cells of ``lat`` with each cell holding a card found by its outline
    alone (``centres`` (n, 2), image pixels: a cards lattice's ``info["outlined"]``, see
    :func:`card_lattices`) occupied, when the card's centre lies within
    :data:`vision.centres.ON_LATTICE` of the cell's: a card a lamp's glare washed out to the
    table's colour keeps its outline on the lattice of its neighbours. Its colour is left as
    the reader had it (unread), its symbol to be read (see :func:`vision.cells.read_symbols`),
    its confidence low, with a doubt saying why."""
    if centres is None or not len(centres):
        return readings
    xy = apply_h(np.linalg.inv(lat.H), np.asarray(centres, float)) - 0.5
    near = np.abs(xy - np.round(xy)).max(axis=1) < ON_LATTICE
    cells = {(int(y), int(x)) for x, y in np.round(xy[near])}
    out = []
    for r in readings:
        if not r.occupied and (r.row, r.col) in cells:
            logger.debug("cards: cell (%d, %d) holds a card seen by its outline only", r.row, r.col)
            # (its colour and symbol undecided: the symbol is read on the card's own view later)
            attrs = {"colour": None, "symbol": None, **{k: v for k, v in r.attrs.items() if v is not None}}
            r = replace(r, occupied=True, occ_conf=OUTLINED_CONFIDENCE, confidence=OUTLINED_CONFIDENCE,
                        attrs=attrs, doubts=r.doubts + (OUTLINED_DOUBT,))
        out.append(r)
    return out


def _centres(pieces: list[CardPiece]) -> np.ndarray:
    """The pieces' centres ``(N, 2)``."""
    return np.array([p.centre for p in pieces])


def _grow(pieces: list[CardPiece], seed: CardPiece, H: np.ndarray, size: np.ndarray
          ) -> tuple[list[_Placed], np.ndarray]:
    """Place the pieces on the lattice, nearest the ``seed`` card first, and refit the map after
    each (see :func:`_place`, :func:`_points`; a piece found by its outline alone only beside a
    card placed, see :func:`_beside`, and only once every piece of paint colour had its turn:
    a doubtful piece placed early steers the map the cards of paint then have to fit); returns
    the pieces placed and the map."""
    start = _Placed(seed, np.zeros(2), np.ones(2))
    placed = [start]
    taken = {(0, 0)}
    H = _fitted(placed, H, size)
    near = np.linalg.norm(_centres(pieces) - np.array(seed.centre), axis=1)
    order = np.lexsort((near, [p.colour < 0 for p in pieces]))
    for k in order:
        if pieces[k] is seed:
            continue
        here = _place(pieces[k], H, size, taken)
        if here is None or (pieces[k].colour < 0 and not _beside(here, taken)):
            continue
        placed.append(here)
        taken.update(here.cells())
        H = _fitted(placed, H, size)
    return placed, H


def _fitted(placed: list[_Placed], H: np.ndarray, size: np.ndarray) -> np.ndarray:
    """The map ``(3, 3)`` (lattice indices -> image pixels) refitted on the pieces ``placed``
    (see :func:`_points`; ``H`` the map they were placed by, ``size`` a card's size in cells):
    a homography once :data:`HOMOGRAPHY_POINTS` points are placed and their cards span
    :data:`PERSPECTIVE_SPAN` cells along both axes, else an affine map."""
    ij, xy = _points(placed, H, size)
    cells = np.array([c for p in placed for c in p.cells()], float)
    wide = (np.ptp(cells, axis=0) + 1).min() >= PERSPECTIVE_SPAN
    return fit_map(ij, xy, H, homography_points=HOMOGRAPHY_POINTS if wide else AFFINE_ONLY)


def _beside(here: _Placed, taken: set) -> bool:
    """Whether a piece placed (``here``) has a card placed already on a cell beside one of its
    own (8 ways round): each card of a layout is played beside another; a card found by its
    outline alone (see :func:`_outline_pieces`) is placed only there."""
    return any((i + di, j + dj) in taken for i, j in here.cells() for di in (-1, 0, 1) for dj in (-1, 0, 1))


def _in_cells(piece: CardPiece, H: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A piece's centre and corners ``(4, 2)`` in lattice index coordinates under ``H``."""
    inv = np.linalg.inv(H)
    return apply_h(inv, np.array([piece.centre]))[0], apply_h(inv, piece.corners)


def _place(piece: CardPiece, H: np.ndarray, size: np.ndarray, taken: set) -> _Placed | None:
    """Where a piece lies on the lattice ``H``: a block of whole cards (its extent along each
    axis, less a card's size, a whole number of steps; at most :data:`MAX_SPAN`) whose first
    card lies within :data:`vision.centres.ON_LATTICE` of a lattice point, on free cells; else
    None."""
    c, q = _in_cells(piece, H)
    extent = q.max(axis=0) - q.min(axis=0)
    steps = extent - size
    span = np.round(steps) + 1
    if np.any(np.abs(steps - (span - 1)) > SPAN_SLACK) or np.any(span < 1) or np.any(span > MAX_SPAN):
        return None
    first = c - (span - 1) / 2
    ij = np.round(first)
    if np.abs(first - ij).max() >= ON_LATTICE:
        return None
    cells = _cells_of(ij, span)
    if any(cell in taken for cell in cells):
        return None
    return _Placed(piece, ij, span)


def _points(placed: list[_Placed], H: np.ndarray, size: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The correspondences ``(lattice points (n, 2), image points (n, 2))`` of the pieces placed:
    each piece's centre, and its four corners where they lie one in each quadrant about it
    under ``H`` (a block of cards' corners lie half a card's size beyond its outer cards'
    centres)."""
    ij, xy = [], []
    for p in placed:
        mid = p.ij + (p.span - 1) / 2
        ij.append(mid)
        xy.append(p.piece.centre)
        c, q = _in_cells(p.piece, H)
        signs = np.sign(q - c)
        if len({(a, b) for a, b in signs}) == 4 and not np.any(signs == 0):
            half = (p.span - 1 + size) / 2
            ij.extend(mid + signs * half)
            xy.extend(p.piece.corners)
    return np.array(ij, float), np.array(xy, float)


def _card_size(placed: list[_Placed], H: np.ndarray, prior: np.ndarray) -> np.ndarray:
    """A card's size in cells along both axes ``(2,)`` under ``H``: the median over the pieces
    placed of their extent less the steps between their cards (``prior`` with fewer than
    :data:`MIN_SIZE_PIECES`)."""
    if len(placed) < MIN_SIZE_PIECES:
        return prior
    sizes = []
    for p in placed:
        _, q = _in_cells(p.piece, H)
        sizes.append(q.max(axis=0) - q.min(axis=0) - (p.span - 1))
    return np.clip(np.median(np.array(sizes), axis=0), 0.8, 1.0)


def _joined_foreground(H: np.ndarray, rows: tuple[int, int], cols: tuple[int, int],
                       fg: np.ndarray, work_scale: float) -> tuple[np.ndarray, np.ndarray, bool]:
    """The cells (rows ``(n,)``, cols ``(n,)``, lattice indices of ``H``) that stand out from the
    table (see :data:`FG_CELL`; ``fg`` in work pixels) joined to the window ``rows`` x ``cols``
    through such cells (8-connected, within :data:`FG_REACH` cells of it), and whether they
    carry on as far as they are looked for: then they are no cards but what the cards lie on (a
    cloth or a mat standing out from the floor around it, a cloth printed in the cards' colours)."""
    rows_out = (rows[0] - FG_REACH, rows[1] + FG_REACH)
    cols_out = (cols[0] - FG_REACH, cols[1] + FG_REACH)
    stands_out = _window_fractions(H, rows_out, cols_out, fg, work_scale, 6) >= FG_CELL
    inside = np.zeros_like(stands_out)
    inside[FG_REACH:FG_REACH + rows[1] - rows[0] + 1, FG_REACH:FG_REACH + cols[1] - cols[0] + 1] = True
    _, comp = cv2.connectedComponents(stands_out.astype(np.uint8), connectivity=8)
    joined = np.isin(comp, np.unique(comp[inside & stands_out])) & stands_out
    ii, jj = np.nonzero(joined)
    carries_on = bool(joined[0].any() or joined[-1].any() or joined[:, 0].any() or joined[:, -1].any())
    return ii + rows_out[0], jj + cols_out[0], carries_on


def _pieces_mask(shape: tuple[int, int], pieces: list[CardPiece], inv_lat: np.ndarray,
                 window: tuple[tuple[int, int], tuple[int, int]], work_scale: float) -> np.ndarray:
    """The pieces of at most a few cards whose centres lie in the ``window`` (rows, cols) of the
    lattice (``inv_lat``: image -> lattice), filled, as a mask of ``shape`` (work pixels); not
    those that fill too little of the cells they reach (see :func:`_reach`: a cloth's print in
    a card's colour, which reaches no cell of the window either; counted in the mask, each of
    its motifs was a cell of the layout left unread: tap15 tapestry hard-916, a floral cloth
    printed in orange, coverage 0.61 with them, 0.78 without)."""
    (r0, r1), (c0, c1) = window
    mask = np.zeros(shape, np.uint8)
    for p in pieces:
        x, y = apply_h(inv_lat, np.array([p.centre]))[0]
        if c0 <= x < c1 + 1 and r0 <= y < r1 + 1 and _reach(p, inv_lat) is not None:
            cv2.fillPoly(mask, [np.round(p.outline * work_scale).astype(np.int32)], 1)
    return mask > 0


def _cards_mask(fg: np.ndarray, H_lat: np.ndarray, window: tuple[tuple[int, int], tuple[int, int]],
                work_scale: float, by_colour: Callable[[], np.ndarray] | None,
                pieces: list[CardPiece]) -> np.ndarray:
    """The foreground mask (work pixels) the lattice's cells are read and judged on: the
    locator's ``fg``, unless

    - what stands out in it joined to the cards' ``window`` carries on as far as it is looked
      for (see :func:`_joined_foreground`): then the photo's foreground by colour alone
      (``by_colour``) unless that carries on too, else the cards' own pieces (see
      :func:`_pieces_mask`);
    - or the window's cells cut through it (see :data:`UNEVEN_MASK`) much more than through
      the foreground by colour alone (see :data:`BETTER_FIT`): then the latter.

    The reader counts every cell that stands out as a part of the layout to read (its
    coverage) and fits the light on them: a mask that is mostly what the cards lie on (a cloth
    standing out from the floor, the motifs of a cloth printed in the cards' colours, which
    the texture cue calls smooth) makes the lattice through the cards read badly, whatever its
    cards."""
    rows, cols = window
    if by_colour is None:
        return fg
    if not _joined_foreground(H_lat, rows, cols, fg, work_scale)[2]:
        uneven = _partial_of(_window_fractions(H_lat, rows, cols, fg, work_scale, 10))
        if uneven < UNEVEN_MASK:
            return fg
        plain = by_colour()
        if (_partial_of(_window_fractions(H_lat, rows, cols, plain, work_scale, 10)) > uneven - BETTER_FIT
                or _joined_foreground(H_lat, rows, cols, plain, work_scale)[2]):
            return fg
        logger.debug("cards: the cells cut through the foreground (%.2f): by colour alone instead", uneven)
        return plain
    plain = by_colour()
    if not _joined_foreground(H_lat, rows, cols, plain, work_scale)[2]:
        logger.debug("cards: the foreground carries on past the cards: by colour alone instead")
        return plain
    logger.debug("cards: the foreground carries on past the cards, by colour alone too: the "
                 "cards' pieces instead")
    return _pieces_mask(fg.shape, pieces, np.linalg.inv(H_lat), window, work_scale)


def _grown_by_foreground(lat: Lattice) -> Lattice:
    """``lat`` with its window grown over the cells that stand out from the table (see
    :data:`FG_CELL`) joined to it through such cells (8-connected, within :data:`FG_REACH`
    cells), plus a ring; as given when it has no mask or the grown window is too large.

    Without this a lattice through the cards of some colours only covers part of the layout,
    its reading counts every cell standing out within that part as covered, and it may win
    over a reading of the whole layout (observed with a calibration profile: the table as near
    the warm cards' colours as they are, 9 of 29 cards read)."""
    if lat.fg is None:
        return lat
    ii, jj, carries_on = _joined_foreground(lat.H, lat.rows, lat.cols, lat.fg, lat.work_scale)
    if not len(ii):
        return lat
    if carries_on:
        logger.debug("cards: the foreground joined to the cards carries on past %d cells: "
                     "window kept", FG_REACH)
        return lat
    new_rows = (min(lat.rows[0], int(ii.min()) - 1), max(lat.rows[1], int(ii.max()) + 1))
    new_cols = (min(lat.cols[0], int(jj.min()) - 1), max(lat.cols[1], int(jj.max()) + 1))
    if (new_rows, new_cols) == (lat.rows, lat.cols):
        return lat
    if new_rows[1] - new_rows[0] + 1 > MAX_CELLS or new_cols[1] - new_cols[0] + 1 > MAX_CELLS:
        logger.debug("cards: the foreground joined to the cards reaches too far: window kept")
        return lat
    logger.debug("cards: window grown over the foreground: rows %s cols %s -> %s %s",
                 lat.rows, lat.cols, new_rows, new_cols)
    return lat.with_H(lat.H, rows=new_rows, cols=new_cols)


def _reach_fill(q: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> float:
    """The share of the cells ``lo``..``hi`` ((j, i) cells, both ends in) that a piece fills:
    the area of its outline ``q`` ``(N, 2)`` in lattice coordinates (one cell a unit square)
    over their count (see :data:`MIN_REACH_FILL`); 1.0 when it reaches no whole cell (it adds
    none)."""
    n = int(np.prod(np.maximum(hi - lo + 1, 0)))
    if n == 0:
        return 1.0
    return float(cv2.contourArea(q.astype(np.float32))) / n


def _reach(piece: CardPiece, inv_lat: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The cells ``piece`` reaches (see :data:`REACH_MARGIN`) on the lattice (``inv_lat``:
    image -> lattice coordinates): its centre (x, y) less half a cell and its first and last
    cells ``lo``, ``hi`` ((j, i), both in), or None when it fills too little of them (see
    :data:`MIN_REACH_FILL`: a cloth's print, no card)."""
    q_all = apply_h(inv_lat, piece.outline)
    q = q_all[:: max(1, len(q_all) // 64)]
    lo = np.floor(np.percentile(q, 5, axis=0) + REACH_MARGIN).astype(int)
    hi = np.floor(np.percentile(q, 95, axis=0) - REACH_MARGIN).astype(int)
    if _reach_fill(q_all, lo, hi) < MIN_REACH_FILL:
        return None
    return q.mean(axis=0) - 0.5, lo, hi


def _window(pieces: list[CardPiece], inv_lat: np.ndarray, taken: set[tuple[int, int]]
            ) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The cells ``(rows, cols)`` (first, last) of the cards ``taken`` ((j, i) cells) and those
    reached (see :data:`REACH_MARGIN`) by the pieces beside them (their centres within
    :data:`NEAR_LAYOUT` cells of a card's, in turn: a card of no card shape, an L of cards of
    one colour; one that fills too little of them, :data:`MIN_REACH_FILL`, reaches none: a
    cloth's stripe), plus a ring; None when too many."""
    cells = set(taken)
    reach = []
    thin = 0
    for p in pieces:
        reached = _reach(p, inv_lat)
        if reached is None:
            thin += 1
            continue
        reach.append(reached)
    if thin:
        logger.debug("cards: %d pieces fill too little of the cells they reach (a cloth's print): "
                     "they reach none", thin)
    grown = True
    while grown:
        grown = False
        have = np.array(sorted(cells), float)
        for k, (c, lo, hi) in enumerate(reach):
            if c is None or np.abs(have - c).max(axis=1).min() > NEAR_LAYOUT:
                continue
            before = len(cells)
            cells.update((a, b) for a in range(lo[0], hi[0] + 1) for b in range(lo[1], hi[1] + 1))
            reach[k] = (None, lo, hi)
            grown = grown or len(cells) > before
    have = np.array(sorted(cells))
    first, last = have.min(axis=0) - 1, have.max(axis=0) + 1
    cols, rows = (int(first[0]), int(last[0])), (int(first[1]), int(last[1]))
    if rows[1] - rows[0] + 1 > MAX_CELLS or cols[1] - cols[0] + 1 > MAX_CELLS:
        return None
    return rows, cols
