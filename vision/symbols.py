"""Tapestry symbols read by their shape, on a fine view of each card.

KITS.md describes the default art only loosely: rock is "a round fist / filled disc", paper "a
flat sheet / open hand", scissors "two rings with crossed blades". A real set's art, or another
printing, may draw any of these forms, so the symbol is named by what the forms share, not by one
drawing:

- rock is compact and round: its hull is nearly filled and round, it does not fill a rectangle,
  and it has no rings (a disc; a fist, whose knuckles notch its outline only a little);
- paper is either a sheet (it fills its bounding rectangle; lines drawn on it are slits, not
  rings) or an open hand (fingers: deep notches, a hull and a bounding box half filled, a palm
  solid enough that it is not a pair of blades);
- scissors are two rings (round holes) and thin blades: little of their hull is filled.

The features are measured on the art's mask (see :func:`shape_features`) on a view of the card
:data:`FACE_PX` pixels wide, warped from the photo on its own (:func:`card_faces`): the reader's
top-down view of the whole layout (44 pixels per card) blurs a hand's fingers together (72 read as well as 96 on both renderers' cards, in half the time).

Checked on masks drawn procedurally in every form above (discs, fists with and without finger
lines, sheets with and without lines and folded corners, open hands, scissors; 16-56 pixels
across, any rotation), and on the cards of two renderers of different art (``vision.synth``'s
disc / sheet / scissors and ``tests/indie``'s disc / open hand / scissors): see
``tests/vision/test_symbols.py``.
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Mapping

import cv2
import numpy as np

from vision.colour import dot3, median_last, norm3, percentile_last
from vision.locate import Lattice

logger = logging.getLogger(__name__)

#: Width in pixels of a card's own view, on which its symbol is read.
FACE_PX = 72
#: A hole counts as a ring's when it is at least this share of the art's filled area ...
RING_AREA = 0.02
#: ... and this round (4 pi area / perimeter^2): a line drawn on a sheet is a slit.
RING_ROUNDNESS = 0.55


@dataclass(frozen=True)
class ShapeFeatures:
    """Shape of one symbol mask (see :func:`shape_features`).

    ``filled_solidity``: the art's area with its holes filled over its convex hull's area;
    ``solidity``: the same without filling the holes; ``roundness``: 4 pi area / perimeter^2
    of the hull; ``rings``: the round holes' share of the filled area; ``extent``: the filled
    area over its minimum-area bounding rectangle's; ``notch``: the depths of the four deepest
    notches of the outline (convexity defects) over the square root of the hull's area, summed;
    ``corners``: how much of the corners of the minimum-area bounding rectangle the art fills
    (the best three of four, so a sheet's folded corner does not count; see
    :func:`corner_fills`); ``aspect``: the short side of that rectangle over its long side (a
    sheet of paper is oblong, a fist or a disc about as wide as tall); ``size``: the square root
    of the filled area over the mask's (on a card's own view the card's size is fixed, so this
    is the print's size on the card, the same on every card of one print); ``fold``: how much
    emptier the emptiest corner of that rectangle is than the other three (their mean fill
    less its own: a sheet's folded corner; see :func:`corner_fills`); ``slits``: holes that
    are not rings (lines drawn across the art), as a share of the hull.
    """

    filled_solidity: float
    solidity: float
    roundness: float
    rings: float
    extent: float
    notch: float
    corners: float = 0.0
    aspect: float = 1.0
    size: float = 0.0
    fold: float = 0.0

    @property
    def slits(self) -> float:
        return max(0.0, self.filled_solidity - self.solidity - self.rings * self.filled_solidity)


#: A blurred print's thin ring may break by a pixel where its stroke's contrast dips below the
#: art's edge level (a small print out of focus: a scissors' ring read as an open hook). Gaps of
#: up to :data:`BRIDGE_PX` pixels (at :data:`FACE_PX` across the card, 1.4% of its width) are
#: bridged to find such rings ...
BRIDGE_PX = 2
#: ... but a hole seen only so must be rounder than a ring's at :data:`RING_ROUNDNESS`: bridging
#: also cuts a sheet's ruled lines into short pieces (roundness 0.65-0.71 measured at 72 px,
#: a square's 0.79), while a ring's inside stays round (0.89-0.94 measured, blurred ones 0.90).
BRIDGED_RING_ROUNDNESS = 0.85


def _ring_holes(contours: list, hier: np.ndarray | None, filled: float, roundness: float,
                areas: list | None = None) -> list[int]:
    """Indices of the holes (contours with a parent in the ``(n, 4)`` CCOMP ``hier``) that are a
    ring's: at least :data:`RING_AREA` of ``filled`` and ``roundness`` round. ``areas``: the
    contours' areas when known."""
    if hier is None:
        return []
    out = []
    for i in range(len(contours)):
        if hier[i][3] < 0:
            continue
        area = cv2.contourArea(contours[i]) if areas is None else areas[i]
        perimeter = max(cv2.arcLength(contours[i], True), 1.0)
        if area >= RING_AREA * filled and 4 * math.pi * area / perimeter ** 2 >= roundness:
            out.append(i)
    return out


def _ring_area(contours: list, hier: np.ndarray | None, filled: float, roundness: float,
               areas: list | None = None) -> float:
    """Area of the ring's holes among ``contours`` (see :func:`_ring_holes`)."""
    return sum((cv2.contourArea(contours[i]) if areas is None else areas[i]
                for i in _ring_holes(contours, hier, filled, roundness, areas)), 0.0)


def _bridged(m: np.ndarray) -> tuple[list, np.ndarray | None]:
    """Outlines and their CCOMP hierarchy ``(n, 4)`` of the mask ``m`` (h, w) uint8 0/1 with
    gaps of up to :data:`BRIDGE_PX` pixels closed."""
    closed = cv2.morphologyEx(m, cv2.MORPH_CLOSE, np.ones((BRIDGE_PX + 1, BRIDGE_PX + 1), np.uint8))
    contours, hier = cv2.findContours(closed, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    return contours, None if hier is None else hier[0]


#: How many masks' features :func:`shape_features` keeps (a photo's cards are measured a few
#: times each: their art with and without its faint strokes when rings are closed, see
#: :func:`_closed_rings`, and again when they are named, :func:`name_symbols`; a photo holds
#: at most ~60 cards). The memo also holds the module's constants of the time
#: (RING_ROUNDNESS, RING_AREA, BRIDGE_PX, BRIDGED_RING_ROUNDNESS, CORNER_SQUARE): a script or
#: test that changes one must call ``_features_of.cache_clear()``.
FEATURES_KEPT = 256


def shape_features(mask: np.ndarray) -> ShapeFeatures | None:
    """Features of a symbol mask ``(h, w)`` (non-zero = art); ``None`` when it is empty.

    (A function of the art's pixels alone: a mask measured before, pixel for pixel, is not
    measured again, see :data:`FEATURES_KEPT`; the features are frozen, so shared.)"""
    m = (np.asarray(mask) > 0).astype(np.uint8)
    return _features_of(m.shape, m.tobytes())


@lru_cache(maxsize=FEATURES_KEPT)
def _features_of(shape: tuple[int, ...], pixels: bytes) -> ShapeFeatures | None:
    """:func:`shape_features` of the uint8 0/1 mask of ``shape`` whose C-ordered ``pixels``
    these are (the memo's key)."""
    m = np.frombuffer(pixels, np.uint8).reshape(shape).copy()  # (OpenCV's own, writable)
    contours, hier = cv2.findContours(m, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    if not contours or hier is None:
        return None
    hier = hier[0]
    areas = [cv2.contourArea(c) for c in contours]
    outer = [i for i in range(len(contours)) if hier[i][3] < 0]
    filled = float(sum(areas[i] for i in outer))
    if filled <= 0:
        return None
    pts = np.vstack([contours[i].reshape(-1, 2) for i in outer])
    hull = cv2.convexHull(pts)
    hull_area = max(cv2.contourArea(hull), 1.0)
    hull_perimeter = max(cv2.arcLength(hull, True), 1.0)
    holes = [i for i in range(len(contours)) if hier[i][3] >= 0]
    hole_area = float(sum(areas[i] for i in holes))
    rings = max(_ring_area(contours, hier, filled, RING_ROUNDNESS, areas),
                _ring_area(*_bridged(m), filled, BRIDGED_RING_ROUNDNESS))
    _, (rw, rh), _ = cv2.minAreaRect(pts)
    main = contours[max(outer, key=lambda i: areas[i])]
    notch = 0.0
    if len(main) > 5:
        try:
            defects = cv2.convexityDefects(main, cv2.convexHull(main, returnPoints=False))
        except cv2.error:  # (a self-touching outline)
            defects = None
        if defects is not None:
            depth = np.sort(defects.reshape(-1, 4)[:, 3] / 256.0)[::-1]
            notch = float(depth[:4].sum() / math.sqrt(hull_area))
    fills = corner_fills(m, pts)
    corners = float(np.mean(fills[1:]))
    return ShapeFeatures(filled_solidity=filled / hull_area,
                         solidity=max(filled - hole_area, 0.0) / hull_area,
                         roundness=4 * math.pi * hull_area / hull_perimeter ** 2,
                         rings=rings / filled, extent=filled / max(rw * rh, 1.0), notch=notch,
                         corners=corners, aspect=min(rw, rh) / max(rw, rh, 1.0),
                         size=math.sqrt(filled / m.size), fold=corners - float(fills[0]))


#: The corner squares of :func:`corner_fills`, as a share of the bounding rectangle's short side.
CORNER_SQUARE = 0.2


def corner_fills(mask: np.ndarray, points: np.ndarray | None = None) -> np.ndarray:
    """How much of each of the four corners of the art's minimum-area bounding rectangle the
    art ``mask`` (h, w) covers, ascending ``(4,)`` (``[0]`` the emptiest corner): the cover of
    each corner square (side :data:`CORNER_SQUARE` of the short side). A sheet fills its
    corners (one may be folded); a disc, a fist, a hand or scissors leave them mostly empty.
    ``points``: the outline points (n, 2) when already found."""
    m = (np.asarray(mask) > 0).astype(np.uint8)
    if points is None:
        contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        if not contours:
            return np.zeros(4)
        points = np.vstack([c.reshape(-1, 2) for c in contours])
    box = cv2.boxPoints(cv2.minAreaRect(points.astype(np.float32)))
    w = float(np.linalg.norm(box[1] - box[0]))
    h = float(np.linalg.norm(box[2] - box[1]))
    up = 4  # (the rectangle's frame, four times finer than the mask)
    W, H = max(int(round(w * up)), 4 * up), max(int(round(h * up)), 4 * up)
    A = cv2.getAffineTransform(box[:3].astype(np.float32),
                               np.float32([[0, 0], [W, 0], [W, H]]))
    frame = cv2.warpAffine(m * 255, A, (W, H), flags=cv2.INTER_LINEAR) > 127
    k = max(1, int(round(CORNER_SQUARE * min(W, H))))
    return np.sort([frame[:k, :k].mean(), frame[:k, -k:].mean(), frame[-k:, :k].mean(),
                    frame[-k:, -k:].mean()])


def _clip(v: float, lo: float, hi: float) -> float:
    return min(max(v, lo), hi)


def _fade(v: float, end: float, width: float) -> float:
    """1 up to ``end - width``, falling linearly to 0 at ``end`` and beyond: how far ``v`` is
    below ``end``, in units of ``width``, clipped to 0-1."""
    return _clip((end - v) / width, 0.0, 1.0)


#: A sheet fills its bounding rectangle's corners beyond this (see :func:`corner_fills`); votes
#: per unit of corner fill beyond it (for paper, against rock).
SHEET_CORNERS = 0.9
SHEET_CORNER_WEIGHT = 20.0
#: A sheet of paper is oblong (the short side over the long: A-series 0.71, letter 0.77), a fist
#: or a disc about as wide as tall. Measured at 72 px (the art's minimum-area rectangle, blurred
#: and thresholded): sheets of both renderers 0.71-0.84 (small, smeared ones 0.82-0.84), the
#: independent renderer's fists 0.80-0.95, discs 0.94-1.0, open hands 0.80-1.0; the procedural
#: bank's sheets 0.62-0.84, fists 0.81-1.0. Below :data:`SHEET_ASPECT` votes for a sheet, above
#: it against (:data:`ASPECT_WEIGHT` per unit, within :data:`ASPECT_SPAN`) ...
SHEET_ASPECT = 0.84
ASPECT_WEIGHT = 15.0
ASPECT_SPAN = 0.1
#: ... and rock loses as much per unit of aspect below :data:`COMPACT_ASPECT` (a fist is not oblong).
COMPACT_ASPECT = 0.86


#: Rock loses :data:`HAND_NOT_ROCK_WEIGHT` votes per unit of an open hand's vote beyond
#: :data:`HAND_NOT_ROCK` (a hull and a box half filled, deep notches between the fingers): a fist's
#: knuckles notch its outline only a little. Measured on the procedural bank (60 of each form):
#: fists' hand votes -2.6 to 0.11, hands' 0.1 to 3.6 (median 3.2); the independent renderer's
#: blurred open hands 1.4-1.5.
HAND_NOT_ROCK = 0.5
HAND_NOT_ROCK_WEIGHT = 2.0

#: A sheet's folded corner (a dog-ear): one corner of the art's rectangle empty while the other
#: three are filled (:attr:`ShapeFeatures.fold` beyond :data:`SHEET_FOLD`) votes for a sheet and
#: against rock, :data:`FOLD_WEIGHT` per unit (within :data:`FOLD_SPAN`). A fist or a disc is
#: rounded alike all round (no corner much emptier than the others); a hand's three others are
#: mostly empty too. Measured at 72 px on the independent renderer's cards (7 photos, blurred
#: hard ones included): folded sheets 0.70-0.97, fists (rounded blocks, knuckles, a thumb)
#: 0.03-0.44, discs 0.02-0.15, open hands 0.26-0.45. A sheet drawn without a fold gets no vote.
SHEET_FOLD = 0.55
FOLD_WEIGHT = 10.0
FOLD_SPAN = 0.3


#: An open hand is about as wide as it is tall (a palm with its fingers spread), scissors are
#: long (two rings side by side and blades along one axis). Measured on the art's minimum-area
#: rectangle at 72 px: open hands of the independent renderer 0.80-1.0, of the procedural bank
#: 0.86-1.0 (5th percentile; blurred 0.83); the independent renderer's small scissors on a far
#: table (tap7dev hard-133, the rings merged by blur so no ring is seen) 0.52-0.70. Art whose
#: rectangle is more oblong than :data:`HAND_ASPECT` and whose corners are empty (no sheet: see
#: :data:`SHEET_CORNERS`) moves :data:`OBLONG_WEIGHT` votes per unit of aspect below it (within
#: :data:`OBLONG_SPAN`) from an open hand to scissors; a sheet's filled corners fade the move out
#: (fully over :data:`OBLONG_CORNER_FADE` of corner fill below :data:`SHEET_CORNERS`).
HAND_ASPECT = 0.8
OBLONG_WEIGHT = 20.0
OBLONG_SPAN = 0.2
OBLONG_CORNER_FADE = 0.3
#: ... and so does art that fills its hull (:attr:`ShapeFeatures.filled_solidity`, holes filled):
#: the space between the blades and the rings leaves it part empty, while an open hand blurred until
#: its fingers merge is a full, long blob (tap44 hard-2707: 31-pixel cards, hands at 0.87-0.94,
#: aspect 0.56-0.74, named scissors and the photo's scissors paper). Per card the fade turns such a
#: hand's vote from scissors to the hand only above about 0.905 (the test's hand, its solidity set
#: alike, hand less scissors: 0.87 -3.2, 0.89 -1.5, 0.90 -0.6, 0.92 +1.1); the fuller hands are
#: fixed per card, the rest by the photo's joint naming (hard-2707 15 -> 1 wrong cells; the 364
#: Tapestry development photos 103 -> 88). Measured at 72 px on those photos, on art the rule
#: without this fade moved by at least 0.05 of aspect (1 vote): scissors' filled solidity 0.49 /
#: 0.57 / 0.87 at the 5th / 50th / 90th percentile (the fullest: small scissors blurred into blobs,
#: 0.79-0.89 on final23 hard-3000), papers' 0.67 / 0.85 / 0.94. The move is whole up to
#: :data:`OBLONG_FILL` less :data:`OBLONG_FILL_FADE` (about the scissors' 90th percentile) and gone
#: from :data:`OBLONG_FILL` (about the papers' 90th; 0.9 with a fade of 0.05 named the photos as
#: 0.95 / 0.1). (Gone from 0.8 instead, 0.7-0.8 fading, also fixed two blurred hands at 0.76-0.83,
#: but final23 hard-3000's blob scissors lost the move and were named paper: 1 -> 3 wrong cells.)
#: The fade also touches: blob scissors between 0.85 and 0.95, which lose part of the move
#: (hard-3000's, at 0.86-0.89, 10-40% of it, still named right); blurred sheets with rounded corners
#: (corners below :data:`SHEET_CORNERS`, a full hull), up to ``OBLONG_WEIGHT * OBLONG_SPAN`` (4)
#: fewer scissors votes; and rock, which a hand's restored votes cost through
#: :data:`HAND_NOT_ROCK_WEIGHT` (little for fists: their aspect is 0.80 or more, where there is no
#: move to fade).
OBLONG_FILL = 0.95
OBLONG_FILL_FADE = 0.1

#: An open hand's palm fills most of its hull and it has no holes: its art's solidity (its ink,
#: holes not filled, over the convex hull's area: ShapeFeatures.solidity) lies at 0.67-0.78
#: (10th-90th percentile; 2% below 0.64), while scissors, whose rings and blades leave the hull
#: unfilled (rings blurred closed, or half-closed holes also charged by the rings' vote), fill
#: less (0.54-0.67 where their shape voted for a hand, median 0.60; all scissors' 99th
#: percentile 0.62). Measured at 72 px on the 2154 open hands and 4053 scissors of 487 Tapestry
#: photos of the independent renderer. (The procedural bank's hands, drawn from KITS.md's words
#: with fingers spread wider, go down to 0.61, a third of them below this: they lose up to 1.2
#: votes and still read paper, 5th-percentile margin 4.6 -> 3.7.) The hand loses
#: :data:`HAND_SOLIDITY_WEIGHT` votes per unit of solidity below this, so a print's group of
#: such scissors is not a near tie between scissors and the photo's hands (final17 hard-1768:
#: groups of blurred scissors, solidity 0.37-0.48, named at a near tie, four cards left unknown
#: or named paper; final15 hard-1433: two at 0.53-0.59 named paper). (12 votes per unit below
#: 0.6 left those ties; any floor from 0.64 to 0.68 at 16 to 36 votes reads the same.)
HAND_SOLIDITY = 0.66
HAND_SOLIDITY_WEIGHT = 24.0


#: The Sobel kernel's own smoothing (its [1, 2, 1] / 4 taps, variance 0.5 px^2) and its scale
#: (a unit ramp reads 8) in :func:`estimate_blur`.
SOBEL_VARIANCE = 0.5
SOBEL_SCALE = 8.0
#: The art's edge gradient is taken as this percentile of the gradient along its outline (the
#: outline's steepest crossings: corners and faint strokes cross it less steeply).
EDGE_PERCENTILE = 90
#: Cards whose art stands less than this (L*) from the face are left out of the blur estimate.
MIN_EDGE_CONTRAST = 15.0


def estimate_blur(view_labs: list[np.ndarray], masks: list[np.ndarray]) -> float | None:
    """The photo's blur in the cards' views, as a Gaussian's sigma (pixels of the view), from
    the art's edges: a step of contrast C blurred by sigma has the steepest gradient
    C / (sigma sqrt(2 pi)). ``view_labs``: each card's view (h, w, 3) CIELAB (L* first), ``masks``
    its art in the view's middle (see :func:`symbol_masks`: the view less :data:`ART_RIM` all
    round; non-zero = art). The median over cards; None when no card's art is seen."""
    sigmas = []
    ones = np.ones((3, 3), np.uint8)
    for lab, mask in zip(view_labs, masks):
        m = (np.asarray(mask) > 0).astype(np.uint8)
        if m.sum() < 20:
            continue
        h, w = np.asarray(lab).shape[:2]
        my, mx = int(ART_RIM * h), int(ART_RIM * w)
        L = np.ascontiguousarray(np.asarray(lab)[my:h - my, mx:w - mx, 0], dtype=np.float32)
        if L.shape != m.shape:
            continue
        inner, outer = cv2.erode(m, ones, iterations=2), cv2.dilate(m, ones, iterations=3)
        ring = cv2.dilate(outer, ones, iterations=3) & (1 - outer)
        if inner.sum() < 5 or ring.sum() < 5:
            continue
        contrast = abs(float(median_last(L[inner > 0])) - float(median_last(L[ring > 0])))
        if contrast < MIN_EDGE_CONTRAST:
            continue
        gx, gy = cv2.Sobel(L, cv2.CV_32F, 1, 0), cv2.Sobel(L, cv2.CV_32F, 0, 1)
        grad = np.hypot(gx, gy) / SOBEL_SCALE
        edge = cv2.morphologyEx(m, cv2.MORPH_GRADIENT, ones) > 0
        steep = float(percentile_last(grad[edge], EDGE_PERCENTILE))
        if steep <= 0:
            continue
        sigma2 = (contrast / (steep * math.sqrt(2 * math.pi))) ** 2 - SOBEL_VARIANCE
        sigmas.append(math.sqrt(max(sigma2, 0.0)))
    return float(np.median(sigmas)) if sigmas else None


#: Under blur a sheet's corners are judged against :data:`SHEET_CORNERS` less what that blur
#: takes off the corner fill of a sharp rectangle of the art's size, cut at half its contrast
#: (:func:`blurred_sheet_corners`; the art's masks are cut at 0.52-0.57 of the contrast, median
#: over cards, measured on five blurred and sharp hard photos). That rectangle is drawn this
#: many times finer than the view (as :func:`corner_fills` samples it).
BLUR_UP = 4
#: A photo whose measured blur is at most this (sigma, pixels of the view) is judged against
#: :data:`SHEET_CORNERS` unchanged: that fill was measured on such photos, their own blur in it
#: (the independent renderer's Tapestry photos of final20-24 measure 0.29 / 0.62 / 1.07 px at
#: their 10th / 50th / 90th percentile `normal`, a perfect step 0.37 px; review of tap52).
BLUR_SHARP = 1.0
#: ... and a blur measured beyond this is taken as this: past it the model of a blurred
#: rectangle says more of the estimate than of the art (the blurriest of those photos: 2.34 px;
#: 4 is a round margin, about 1.7 times that, chosen, not fitted).
BLUR_MAX = 4.0


@lru_cache(maxsize=4096)
def _blurred_rectangle_fill(short: int, long: int, sigma10: int) -> float:
    """The mean corner fill (:func:`corner_fills`, its three fullest corners) of a ``short`` x
    ``long`` pixel rectangle blurred by a Gaussian of sigma ``sigma10 / 10`` pixels and cut at
    half its contrast."""
    up = BLUR_UP
    pad = int(3 * sigma10 / 10 * up) + 4
    img = np.zeros((short * up + 2 * pad, long * up + 2 * pad), np.float32)
    img[pad:pad + short * up, pad:pad + long * up] = 1.0
    if sigma10 > 0:
        img = cv2.GaussianBlur(img, (0, 0), sigma10 / 10 * up)
    m = (img > 0.5).astype(np.uint8)
    if not m.any():
        return 1.0  # (the model's rectangle vanished, yet the art was seen: no loss told)
    return float(np.mean(corner_fills(m)[1:]))


def blurred_sheet_corners(mask: np.ndarray, blur: float | None) -> float:
    """The corner fill a sheet of the art ``mask``'s size (h, w, non-zero = art) reaches under
    ``blur`` (sigma, pixels; None or at most :data:`BLUR_SHARP`: sharp, :data:`SHEET_CORNERS`;
    taken at most :data:`BLUR_MAX`): :data:`SHEET_CORNERS` less what that blur takes off a
    rectangle of the art's minimum-area rectangle's size, for oblong art only (fully below
    :data:`COMPACT_ASPECT` - :data:`ASPECT_SPAN`, not at all from :data:`COMPACT_ASPECT`): fists
    drawn as square blocks fill their blurred corners as blurred sheets do (tap42 hard-2564,
    final19 hard-1999: 2 px blur, block fists at 0.72-0.90, named paper when relaxed alike).
    Measured on final24 hard-3400 (2.3 px): sheets 0.53-0.69, judged against 0.82."""
    if blur is None or blur <= BLUR_SHARP:
        return SHEET_CORNERS
    blur = min(blur, BLUR_MAX)
    pts = cv2.findNonZero((np.asarray(mask) > 0).astype(np.uint8))
    if pts is None:
        return SHEET_CORNERS
    _, (rw, rh), _ = cv2.minAreaRect(pts)
    short, long = int(round(min(rw, rh))), int(round(max(rw, rh)))
    if short < 2:
        return SHEET_CORNERS
    loss = 1.0 - _blurred_rectangle_fill(short, long, int(round(blur * 10)))
    # (only an oblong print's: a fist drawn as a block, about as wide as tall, fills its blurred
    # corners as a blurred sheet does; see COMPACT_ASPECT)
    oblong = _fade(short / max(long, 1), COMPACT_ASPECT, ASPECT_SPAN)
    return SHEET_CORNERS - loss * oblong


def _oblong_not_sheet(f: ShapeFeatures) -> float:
    """How far (0 to :data:`OBLONG_SPAN`) the art is more oblong than an open hand, faded out by
    a sheet's filled corners and by a filled hull (see :data:`HAND_ASPECT`, :data:`OBLONG_FILL`)."""
    not_sheet = _fade(f.corners, SHEET_CORNERS, OBLONG_CORNER_FADE)
    not_filled = _fade(f.filled_solidity, OBLONG_FILL, OBLONG_FILL_FADE)
    return _clip(HAND_ASPECT - f.aspect, 0.0, OBLONG_SPAN) * not_sheet * not_filled


def symbol_scores(f: ShapeFeatures) -> dict[str, float]:
    """Soft votes ``{"rock", "paper", "scissors"}`` (higher is likelier) from shape features:
    paper's the better of its two forms' (see :func:`form_scores`)."""
    votes = form_scores(f)
    return {"rock": votes["rock"], "paper": max(votes["sheet"], votes["hand"]),
            "scissors": votes["scissors"]}


def form_scores(f: ShapeFeatures, sheet_corners: float = SHEET_CORNERS) -> dict[str, float]:
    """Soft votes ``{"rock", "sheet", "hand", "scissors"}`` (higher is likelier) from shape
    features: paper's two forms, a sheet and an open hand, apart.

    rock: a filled, round hull, corners left empty, no rings, no lines drawn across it;
    paper: a sheet (its rectangle's corners filled, lines drawn across it, one maybe folded) or an open hand
    (deep notches, half-filled hull and box, no rings, more than a pair of blades);
    scissors: rings and thin blades (little of the hull filled, round holes).

    ``sheet_corners``: the corner fill a sheet reaches (:data:`SHEET_CORNERS`, or less under
    blur: see :func:`blurred_sheet_corners`).
    """
    slits = f.slits
    # (a sheet's corners are sharp and filled; a fist drawn as a rounded square fills most of
    # them too, but not all: measured at 72 px, the independent renderer's rounded fists
    # 0.80-0.92, sheets 0.91-0.97, our renderer's sheets 0.87-0.98 with lines drawn across)
    rock = (6 * (f.filled_solidity - 0.86) + 6 * (f.roundness - 0.86)
            - SHEET_CORNER_WEIGHT * max(0.0, f.corners - sheet_corners) - 8 * f.rings - 4 * slits
            - ASPECT_WEIGHT * min(max(0.0, COMPACT_ASPECT - f.aspect), ASPECT_SPAN))
    sheet = (SHEET_CORNER_WEIGHT * (f.corners - sheet_corners) + 4 * (f.filled_solidity - 0.85)
             + 6 * (f.extent - 0.8) + 6 * slits
             + ASPECT_WEIGHT * _clip(SHEET_ASPECT - f.aspect, -ASPECT_SPAN, ASPECT_SPAN))
    hand = (2 * _clip(f.notch - 0.6, -0.5, 0.6) + 8 * _clip(0.8 - f.filled_solidity, -0.2, 0.15)
            + 8 * _clip(0.68 - f.extent, -0.2, 0.15) - 10 * f.rings
            - HAND_SOLIDITY_WEIGHT * max(0.0, HAND_SOLIDITY - f.solidity))
    scissors = 10 * (f.rings - 0.08) + 6 * (0.6 - f.filled_solidity) + 8 * (0.55 - f.solidity)
    # (long art with empty corners: scissors' blades, no hand's palm; see HAND_ASPECT; at the
    # sharp sheet's corner fill whatever the blur: faded at the blurred sheet's, blurred small
    # scissors kept their hand's votes, final23 hard-3000 one card more wrong)
    oblong = OBLONG_WEIGHT * _oblong_not_sheet(f)
    hand -= oblong
    scissors += oblong
    # (an open hand's fingers are no fist's knuckles: what speaks for a hand speaks against rock)
    rock -= HAND_NOT_ROCK_WEIGHT * max(0.0, hand - HAND_NOT_ROCK)
    # (a folded corner is a sheet's: a fist is rounded alike at every corner)
    fold = FOLD_WEIGHT * _clip(f.fold - SHEET_FOLD, 0.0, FOLD_SPAN)
    sheet += fold
    rock -= fold
    return {"rock": rock, "sheet": sheet, "hand": hand, "scissors": scissors}


#: The margin between the best and the second vote at which the confidence is 1 - 1/e.
VOTE_SCALE = 0.8


def classify_shape(mask: np.ndarray, symbols: Iterable[str]) -> tuple[str | None, float, str]:
    """``(symbol, confidence 0-1, why)`` of one symbol mask among ``symbols`` (the kit's names;
    a name this module does not know gets no vote), judged as on a sharp photo (no blur: see
    :func:`name_symbols` for a photo's cards together, which takes one)."""
    f = shape_features(mask)
    if f is None:
        return None, 0.1, "no symbol visible"
    scores = symbol_scores(f)
    names = [s for s in symbols if s in scores] or list(scores)
    ranked = sorted(names, key=lambda s: -scores[s])
    margin = scores[ranked[0]] - scores[ranked[1]] if len(ranked) > 1 else 5.0
    conf = float(1 - math.exp(-max(margin, 0.0) / VOTE_SCALE))
    why = (f"symbol unclear (solidity {f.filled_solidity:.2f}/{f.solidity:.2f}, roundness "
           f"{f.roundness:.2f}, extent {f.extent:.2f}, notches {f.notch:.2f}, rings {f.rings:.2f})")
    return ranked[0], conf, why


def card_faces(image: np.ndarray, lattice: Lattice, cells: Iterable[tuple[int, int]], *,
               aspect: float, width: int = FACE_PX) -> dict[tuple[int, int], np.ndarray]:
    """Each card cell ``(row, col)`` of ``lattice`` warped from ``image`` (BGR, the image the
    lattice's homography maps to) on its own: ``{cell: (round(width * aspect), width, 3)}``
    BGR, the cell's top-down view at ``width`` pixels across (``aspect`` = height / width)."""
    height = int(round(width * aspect))
    out = {}
    for r, c in cells:
        # view pixel (u, v) -> lattice (c + (u + 0.5) / width, r + (v + 0.5) / height)
        T = np.array([[1 / width, 0, c + 0.5 / width], [0, 1 / height, r + 0.5 / height],
                      [0, 0, 1.0]])
        out[(r, c)] = cv2.warpPerspective(image, lattice.H @ T, (width, height),
                                          flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                          borderMode=cv2.BORDER_REPLICATE)
    return out


# ------------------------------------------------------------------------ the art's mask

@lru_cache(maxsize=8)
def _quadratic_terms(h: int, w: int) -> np.ndarray:
    """(h, w, 6) float32 terms 1, x, y, x^2, y^2, xy of a smooth surface over an (h, w) view;
    kept per size (a photo's card views share one), read-only."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    yy = (yy - h / 2) / h
    xx = (xx - w / 2) / w
    terms = np.stack([np.ones_like(xx), xx, yy, xx * xx, yy * yy, xx * yy], -1)
    terms.flags.writeable = False
    return terms


@lru_cache(maxsize=8)
def _quadratic_rows(h: int, w: int) -> np.ndarray:
    """:func:`_quadratic_terms` of an (h, w) view as float64 rows ``(h * w, 6)``, pixel by pixel
    in C order (exact: float32 values widened), kept per size, read-only: a view's pixels'
    terms are taken from it by their flat indices."""
    rows = _quadratic_terms(h, w).reshape(-1, 6).astype(np.float64)
    rows.flags.writeable = False
    return rows


def _rows_at(values: np.ndarray, at: np.ndarray) -> np.ndarray:
    """``values[mask]`` for ``values`` ``(..., k)`` and the flat indices ``at`` of the pixels of
    ``mask`` (``np.flatnonzero(mask)``, mask of ``values``' leading shape), ``(n, k)``: the same
    rows in the same order; numpy's boolean index over the leading axes of a 3-D array costs
    about five times a ``take``."""
    return values.reshape(-1, values.shape[-1]).take(at, axis=0)


def _least_squares(X: np.ndarray, Y: np.ndarray) -> np.ndarray:
    """Coefficients ``(k, m)`` of the least-squares fit ``X (n, k) @ coef ~ Y (n, m)`` by the
    normal equations (k is small), slightly regularised."""
    A = X.T @ X
    A[np.diag_indices_from(A)] += 1e-6 * max(float(np.trace(A)), 1.0)
    return np.linalg.solve(A, X.T @ Y)


#: The face of a card's view: inside this share of its size from the rim ...
FACE_RIM = 0.06
#: ... and the art is looked for inside this share from the rim (the art lies in the middle).
ART_RIM = 0.12


#: A pixel of the art lies at least this far (CIELAB) from the face towards white ...
ART_TOWARD_WHITE = 4.0
#: ... and at least this share of the art's contrast towards white (its 90th percentile). Cards
#: of both renderers at 12 MP and of the independent one at 1600x1200 (1035 cards, 16 photos of
#: the latter): 0.55 read 221 of 250 of the small cards right (a fixed floor 140, the kit's
#: nominal white 188), and all but one of the large.
ART_EDGE_LEVEL = 0.55
#: A scissors' ring is a closed loop of print: where blur and a pale face (glare, a yellow card)
#: fade its thin stroke below the art's levels (:data:`ART_EDGE_LEVEL`, the distance from the
#: face) the stroke still stands out at this share of them, joined to the art. The print with
#: its faint strokes is taken when they close rings (round holes) the art's own level leaves
#: open ...
FAINT_STROKE = 0.6
#: ... of at least this share of the art more than it (a hole at the faint level is smaller:
#: blur fills a small print's rings, see ART_EDGE_LEVEL). Measured on the independent
#: renderer's scissors on glared or yellow faces (tap10dev hard-579, final7 hard-104, final8
#: hard-115, tap7dev hard-133): 12 cards' rings closed, from 0 (one 0.23) to 0.14-0.29 of the
#: art; of the 227 Tapestry photos of both renderers none read worse.
FAINT_RING_GAIN = 0.05
#: The strokes closing a ring are taken this far (pixels, at :data:`FACE_PX`) around its inside:
#: a ring's stroke at 72 px is 2-4 pixels wide.
RING_STROKE_PX = 3


def apart_from_face(off: np.ndarray) -> tuple[np.ndarray, float]:
    """How far each pixel of a card's view lies from its face, ``off`` ``(h, w, 3)`` Lab
    differences: the distances ``(h, w)`` and the level above which a pixel stands apart (half
    Otsu's split of the distances, which are bimodal on a card with art; at least 10)."""
    d = norm3(off)
    d8 = np.clip(d * 2, 0, 255).astype(np.uint8)
    t, _ = cv2.threshold(d8, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return d, max(10.0, t / 2.0)


def art_side(off: np.ndarray, bg: np.ndarray, apart: np.ndarray,
             art: np.ndarray | None) -> tuple[np.ndarray, float]:
    """How far each pixel of a card's middle lies from its face towards the art, and the art's
    own level on that scale: ``(proj, level)``, ``proj`` float of ``off``'s shape but the last
    axis (CIELAB units); the art is where ``proj > max(ART_TOWARD_WHITE, level)``.

    ``off`` ``(..., 3)`` float: each pixel's Lab less the face's; ``bg`` the face's Lab, ``(3,)``
    or one per pixel ``(..., 3)``; ``apart`` bool of ``proj``'s shape: the pixels that stand apart
    from the face (Otsu on the distance); ``art`` the art's Lab colour (3,) as a profile measured
    it, or None. The art is light on the face: away from it towards white (lighter, or paler: a
    white print on a yellow card in bright light is no lighter than the card, only paler; under
    a warm lamp it is cream, nearer the yellow face than to white), or towards the art's colour
    as a profile measured it. ``level`` is :data:`ART_EDGE_LEVEL` of the 90th percentile of what
    stands apart that way: a blurred print's rim lies at about half its contrast, and a fixed
    floor alone fills a small print's rings with blur (so does the half-way point to the art's
    colour: scissors' thin blades, under half the contrast of their rings, were lost)."""
    target = np.array([100.0, 0.0, 0.0] if art is None else art, np.float32)
    toward = (target - np.asarray(bg, np.float32)).astype(np.float32)
    toward /= np.maximum(norm3(toward), 1e-3)[..., None]
    proj = dot3(off, toward)
    strong = proj[apart & (proj > ART_TOWARD_WHITE)]
    level = ART_EDGE_LEVEL * float(percentile_last(strong, 90)) if strong.size else 0.0
    return proj, level


def symbol_mask(view_lab: np.ndarray, *, art: np.ndarray | None = None,
                first: np.ndarray | None = None) -> np.ndarray:
    """The art of one card's view ``(h, w, 3)`` CIELAB, its rings closed by their faint strokes:
    the second of :func:`symbol_masks`."""
    return symbol_masks(view_lab, art=art, first=first)[1]


def symbol_masks(view_lab: np.ndarray, *, art: np.ndarray | None = None,
                 first: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The art of one card's view ``(h, w, 3)`` CIELAB: uint8 mask of its middle
    ``(h - 2 * round(ART_RIM * h), w - 2 * round(ART_RIM * w))`` (1 = art): as it stands out
    at the art's own level, and with the faint strokes that close its rings (see
    :func:`_closed_rings`; the same mask when none do): the first two of :func:`symbol_looks`.
    """
    own, closed, _ = symbol_looks(view_lab, art=art, first=first)
    return own, closed


def symbol_looks(view_lab: np.ndarray, *, art: np.ndarray | None = None,
                 first: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The art of one card's view ``(h, w, 3)`` CIELAB, three looks, each a uint8 mask of its
    middle ``(h - 2 * round(ART_RIM * h), w - 2 * round(ART_RIM * w))`` (1 = art): as it stands
    out at the art's own level; with the faint strokes that close its rings (see
    :func:`_closed_rings`; the same mask when none do); and with every faint part joined to it
    (what stands out at :data:`FAINT_STROKE` of the art's levels, see :func:`_faint_joined`:
    a print faded in parts, a hand's fingers on a pale face, whole again).

    The face's own colour is fitted as a smooth (quadratic) surface over the face around the
    art (robustly, twice trimmed), so a glare or a shade across the card, which vary slowly, are
    face and not art; the art is what stands apart from that surface (Otsu on the distance) and
    lies towards white from it (lighter or paler), or, with ``art`` (the art's Lab colour, from
    a profile), towards that colour, at the art's own level either way (see :func:`art_side`).
    ``first``: a first guess of the art (same shape as the middle) to leave out of the fit.
    Components off the middle (a stripe of the table at the rim) and specks are dropped.
    """
    h, w = view_lab.shape[:2]
    my, mx = int(ART_RIM * h), int(ART_RIM * w)
    core = view_lab[my:h - my, mx:w - mx]
    ch, cw = core.shape[:2]
    face = np.zeros((h, w), bool)
    face[int(FACE_RIM * h):h - int(FACE_RIM * h), int(FACE_RIM * w):w - int(FACE_RIM * w)] = True
    if first is not None and first.shape == (ch, cw):
        face[my:h - my, mx:w - mx] &= ~(cv2.dilate(first.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0)
    terms = _quadratic_terms(h, w)
    face[1::2] = False  # (every other row is plenty for a smooth surface)
    at = np.flatnonzero(face)
    X, Y = _rows_at(_quadratic_rows(h, w), at), _rows_at(view_lab, at).astype(np.float64)
    coef = _least_squares(X, Y)
    for _ in range(2):  # (trimmed: the art's rim and specks left out)
        res = norm3(Y - X @ coef)
        ok = np.flatnonzero(res < max(2 * float(percentile_last(res, 80)), 3.0))
        coef = _least_squares(X.take(ok, axis=0), Y.take(ok, axis=0))
    bg = (terms[my:h - my, mx:w - mx] @ coef).astype(np.float32)
    off = core - bg  # (ch, cw, 3): how far each pixel lies from the face
    d, floor = apart_from_face(off)
    apart = d > floor
    proj, level = art_side(off, bg, apart, art)
    mask = middle_components((apart & (proj > max(ART_TOWARD_WHITE, level))).astype(np.uint8))
    # (a thin stroke blurred, on a pale face, stands out less than the print's thick parts:
    # see _closed_rings)
    faint = ((d > FAINT_STROKE * floor)
             & (proj > max(ART_TOWARD_WHITE, FAINT_STROKE * level))).astype(np.uint8)
    joined = _faint_joined(mask, faint)
    return mask, _closed_rings(mask, joined), joined


def _faint_joined(mask: np.ndarray, faint: np.ndarray) -> np.ndarray:
    """The art ``mask`` (uint8 0/1) with every part of ``faint`` (uint8 0/1, what stands out at
    :data:`FAINT_STROKE` of the art's levels) joined to it, uint8 0/1; ``mask`` when it is
    empty. (It takes in the blurred rim of the whole print too. Where it makes a lone card
    another card's print, see :func:`_faded_prints_joined`, it stands for the card's art in
    full: the card is grouped by it, and voted by it inside its group.)"""
    if not mask.any():
        return mask
    n, labels = cv2.connectedComponents(faint | mask, connectivity=8)
    return _parts_touched(labels, n, mask)


def _ring_insides(mask: np.ndarray) -> np.ndarray:
    """The insides of the rings of ``mask`` (uint8 0/1): its holes of at least
    :data:`RING_AREA` of its filled area and :data:`BRIDGED_RING_ROUNDNESS` round, uint8 0/1."""
    contours, hier = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    out = np.zeros_like(mask)
    if hier is None:
        return out
    hier = hier[0]
    filled = sum(cv2.contourArea(contours[i]) for i in range(len(contours)) if hier[i][3] < 0)
    for i in _ring_holes(contours, hier, filled, BRIDGED_RING_ROUNDNESS):
        cv2.drawContours(out, contours, i, 1, -1)
    return out


def _closed_rings(mask: np.ndarray, joined: np.ndarray) -> np.ndarray:
    """The art ``mask`` (uint8 0/1) with the faint strokes that close its rings: where
    ``joined`` (uint8 0/1, the art with the faint parts joined to it, see :func:`_faint_joined`)
    encloses round holes, the strokes around them (within :data:`RING_STROKE_PX` pixels) are
    added, when that gives the art more rings (by :data:`FAINT_RING_GAIN` of its area) than its
    own and its bridged ones; else ``mask``. (The faint level also takes in the blurred rim of
    the whole print, which is left out.)"""
    if not mask.any():
        return mask
    if not (joined > mask).any():
        return mask
    inside = _ring_insides(joined)
    if not inside.any():
        return mask
    size = 2 * RING_STROKE_PX + 1
    near = cv2.dilate(inside, np.ones((size, size), np.uint8))
    closed = mask | (joined & near & (1 - inside))
    f, g = shape_features(mask), shape_features(closed)
    return closed if f is not None and g is not None and g.rings > f.rings + FAINT_RING_GAIN else mask


def _parts_touched(labels: np.ndarray, n: int, mask: np.ndarray) -> np.ndarray:
    """The parts of ``labels`` ``(h, w)`` (``n`` labels, 0 the background, as
    ``cv2.connectedComponents`` gives them) that hold a pixel of ``mask`` (same shape, non-zero
    = held), uint8 0/1 of ``labels``' shape: ``np.isin(labels, touched)`` by a table of the
    labels, without the sort of ``np.unique`` and ``np.isin``."""
    touched = np.zeros(n, bool)
    touched[labels[mask > 0]] = True
    touched[0] = False
    return touched[labels].astype(np.uint8)


def middle_components(mask: np.ndarray) -> np.ndarray:
    """The art of a card's middle ``mask`` ``(h, w)`` uint8 0/1: its 8-connected components
    whose bounding boxes' centres lie within 0.35 of its size from its centre (the art lies in
    the middle; a stripe of the table or a glare lies at the rim) and that cover at least 0.2%
    of it (not a speck), uint8 0/1 of the same shape."""
    ch, cw = mask.shape
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    x, y, bw, bh, a = stats.T
    keep = ((a >= 0.002 * ch * cw) & (np.abs(x + bw / 2 - cw / 2) < 0.35 * cw)
            & (np.abs(y + bh / 2 - ch / 2) < 0.35 * ch))
    keep[0] = False  # (the background)
    return keep[labels].astype(np.uint8)


# ------------------------------------------------------------- naming a photo's symbols

#: Feature scales for comparing two cards' art (a difference of one scale is one unit): the
#: art of one symbol is the same print on every card, so within a photo its cards differ only
#: by imaging (blur, glare, size).
ART_SCALES = {"filled_solidity": 0.04, "solidity": 0.06, "roundness": 0.03, "rings": 0.05,
              "extent": 0.04, "notch": 0.15, "corners": 0.08, "slits": 0.05, "aspect": 0.03,
              "fold": 0.1}
#: Cards whose art differs by at most this (average linkage, in units of ART_SCALES) show one
#: print. Measured on both renderers' photos: one symbol's cards split apart at 4.0-6.6 under
#: glare or at a small size, different symbols lie 8.5-33 apart (one photo of small cards: a
#: fist and a sheet 4.1 apart).
SAME_ART = 4.0
#: Groups of cards further apart than this are surely different prints, hence different
#: symbols (between SAME_ART and this, the more surely the further apart: see
#: :func:`_apartness`) ...
OTHER_ART = 8.0
#: ... at a cost of up to this many votes per card of the smaller print when named alike (see
#: :func:`_spanning_cost`). It must outweigh what one card's shape votes for a name its blurred
#: art only resembles: small blurred scissors, their rings lost, vote 3.2-4.9 per card more for an
#: open hand than for scissors (final8 tapestry-hard-110, beside eight sheets of paper surely of
#: another print). Measured on the masks of 195 Tapestry photos of the independent renderer and
#: the dev set: 4-5 read 13 cards wrong, 6-8 read 9 wrong, 10 or more one more unknown.
OTHER_ART_COST = 7.0


#: Scale of the print's size (natural log of :attr:`ShapeFeatures.size`) in that comparison.
#: Measured on both renderers' photos (70): one print's cards vary by a standard deviation of
#: 0.011 (median over prints; at most 0.075, a scissors' ring lost to glare), while different
#: symbols of one set are often printed at sizes 10-40% apart.
ART_SIZE_SCALE = 0.05


def _art_vector(f: ShapeFeatures) -> np.ndarray:
    shape = [min(getattr(f, k), 2.0) / s for k, s in ART_SCALES.items()]
    return np.array(shape + [math.log(max(f.size, 1e-3)) / ART_SIZE_SCALE])


def _apartness(distance: float) -> float:
    """How surely two groups of cards ``distance`` apart (units of ART_SCALES) show different
    prints: 0 at :data:`SAME_ART`, 1 from :data:`OTHER_ART`, linear between."""
    return _clip((distance - SAME_ART) / (OTHER_ART - SAME_ART), 0.0, 1.0)


def _art_groups(vectors: np.ndarray, max_groups: int | None = None) -> list[list[int]]:
    """Average-linkage groups of art vectors ``(n, k)`` no more than :data:`SAME_ART` apart;
    with ``max_groups``, the nearest groups are joined further until at most that many are
    left."""
    groups = [[i] for i in range(len(vectors))]
    dist = np.linalg.norm(vectors[:, None, :] - vectors[None, :, :], axis=2)
    np.fill_diagonal(dist, np.inf)
    while len(groups) > 1:
        a, b = np.unravel_index(int(np.argmin(dist)), dist.shape)
        if dist[a, b] > SAME_ART and (max_groups is None or len(groups) <= max_groups):
            break
        a, b = min(a, b), max(a, b)
        na, nb = len(groups[a]), len(groups[b])
        # (average linkage: the merged group's mean distance to every other group)
        merged = (na * dist[a] + nb * dist[b]) / (na + nb)
        dist[a, :], dist[:, a] = merged, merged
        dist[a, a] = np.inf
        dist = np.delete(np.delete(dist, b, axis=0), b, axis=1)
        groups[a] += groups.pop(b)
    return groups


#: At most this many groups are named jointly (3 ** groups assignments, all weighed at once:
#: 6561 at 8, a few ms); a photo whose cards fall into more (small, blurred prints vary from card
#: to card: final8 tapestry-hard-115's 40 cards fell into 9 groups, its scissors alone into 5;
#: 3 of 195 Tapestry photos of the independent renderer had more than 6, none more than 9) has
#: its nearest groups joined until this many are left (see :func:`_art_groups`), so its cards
#: are still named together and not each on its own.
MAX_GROUPS = 8


def _spanning_cost(apart: np.ndarray, sizes: list[int], members: list[int]) -> float:
    """What naming the groups ``members`` alike costs: from the largest, each other group is
    linked to the nearest already linked (least ``apart`` (n, n), see :func:`_apartness`),
    nearest first; each link is charged :data:`OTHER_ART_COST` times its apartness for each
    card on the smaller side of it (of the tree of links, ``sizes`` cards per group).

    Groups named alike show one print, and one print's cards may drift apart by degrees
    (clean, at a glare's rim, washed out in its hot spot), each group near the next: charging
    every pair would charge a print split by the light into k groups k - 1 times for one more
    card of it. A link apart separates two prints, and naming them alike costs per card of the
    smaller: a large group is not made cheap to join another print through one odd card, nor
    a print split into several small groups (small, blurred art varies from card to card) cheap
    to join another through one of them (tap7dev hard-133: ten small scissors in six groups,
    named paper with the photo's eight sheets at the cost of one group's cards)."""
    if len(members) < 2:
        return 0.0
    first = max(members, key=lambda g: sizes[g])
    linked, rest = [first], [g for g in members if g != first]
    links: list[tuple[int, int, float]] = []  # (linked group, joining group, apartness)
    while rest:
        a, i, j = min(min((float(apart[i, j]), i) for i in linked) + (j,) for j in rest)
        links.append((i, j, a))
        linked.append(j)
        rest.remove(j)
    # (cards behind each link: its joining group's and those linked through it, latest first)
    behind = {g: sizes[g] for g in members}
    for i, j, _ in reversed(links):
        behind[i] += behind[j]
    total = behind[first]
    return OTHER_ART_COST * sum(a * min(behind[j], total - behind[j]) for _, j, a in links)


def _nearness_costs(assigns: np.ndarray, dist: np.ndarray) -> np.ndarray:
    """What each naming ``assigns`` (A, G) of the groups costs for naming a group apart from
    every other (its nearest further than :data:`OTHER_ART`; the groups' art centres ``dist``
    (G, G) apart, units of ART_SCALES) like groups only further than its nearest: per such
    group, up to :data:`OTHER_ART_COST`, the more the further its nearest group named alike lies
    beyond its nearest group (all of it from :data:`OTHER_ART` - :data:`SAME_ART` beyond); none
    for a group named as no other: ``(A,)``. (Both of two such groups pay, each for its own
    nearest.)

    Beyond OTHER_ART, :func:`_spanning_cost` has every print surely another, at one cost for
    all; yet a group its imaging drew away from its print (a cream print faint on a yellow card,
    scissors whose rings barely show) lies nearer its own print than the others, and a print
    apart from the rest lies nearer its own odd cards than another print's. Nearness breaks a
    near tie of the votes, one group's cost, not its cards': a group whose votes are strong (a
    large one's, a lone card's that names it as no other card is named, at no cost) keeps its
    name. Measured on 209 Tapestry photos of the independent renderer: lone scissors named paper
    with the photo's sheets, 13.8-24.9 from them and 5.7-11.7 from scissors (final10 hard-402,
    tap13 hard-723, tap13dev hard-109, col9 hard-776 and hard-784; their votes from 1.0 more for
    an open hand to 2.4 more for scissors, less than linking them to their print's groups
    costs) are named scissors."""
    costs = np.zeros(len(assigns))
    for g in range(len(dist)):
        others = np.argsort(dist[g])
        others = others[others != g]  # (the other groups, nearest first)
        if not others.size or dist[g, others[0]] <= OTHER_ART:
            continue
        alike = assigns[:, others] == assigns[:, g:g + 1]
        # (per naming, the distance of the nearest group named alike; none: no cost)
        beyond = dist[g, others][np.argmax(alike, axis=1)] - dist[g, others[0]]
        further = np.clip(beyond / (OTHER_ART - SAME_ART), 0.0, 1.0)
        costs += OTHER_ART_COST * np.where(alike.any(axis=1), further, 0.0)
    return costs


#: Votes charged per card a naming puts beyond the set's copies of its card (colour and symbol;
#: Universal Tapestry holds 4 of each) by more than :data:`COPIES_SLACK`: such cards cannot all
#: be on the table unless their colours were misread, so the cost outweighs what the art's
#: grouping charges a card (a card on the smaller side of several links of
#: :func:`_spanning_cost`, OTHER_ART_COST at each). Measured on tap15 tapestry-hard-918: eight
#: small scissors whose votes lean to an open hand, named paper with the photo's hands, made
#: seven yellow papers of the set's four; the naming that keeps to the copies (the four yellow
#: scissors' group named scissors, two small groups of three scissors still paper: 9 -> 4
#: cells) is valued 12.4 votes less, so any cost above 6.2 a card names it there (the fully
#: right naming, 74 less, is not reached at any cost). Six links' worth: the rule is meant
#: near hard, its slack (below) what keeps it safe; the value rests on that one photo, and a
#: smaller cost was not measured.
BEYOND_COPIES_COST = 6 * OTHER_ART_COST
#: Cards of one colour and symbol beyond the set's copies charged nothing: a colour misread
#: (orange read yellow under a warm light) puts one card beyond its copies with its symbol
#: right (tap24 hard-1674, tap22 hard-1580: five yellow papers, each one orange), and renaming
#: a print's group for it misnames the group's every card.
COPIES_SLACK = 1


def _copies_costs(assigns: np.ndarray, counts: np.ndarray, caps: np.ndarray) -> np.ndarray:
    """What each naming ``assigns`` (A, G) of the groups costs for the cards it names beyond the
    set's copies: ``counts`` (G, C) the cards of each group by colour, ``caps`` (K, C) the set's
    copies of each name in each colour; :data:`BEYOND_COPIES_COST` per card beyond them by more
    than :data:`COPIES_SLACK`: ``(A,)``."""
    costs = np.zeros(len(assigns))
    for k in range(len(caps)):
        named = (assigns == k).astype(float) @ counts  # (A, C) the cards named k, by colour
        costs += BEYOND_COPIES_COST * np.clip(named - caps[k] - COPIES_SLACK, 0.0, None).sum(axis=1)
    return costs


def _joint_values(totals: np.ndarray, apart: np.ndarray, sizes: list[int],
                  dist: np.ndarray | None = None,
                  copies: tuple[np.ndarray, np.ndarray] | None = None
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Every naming of the groups at once: ``(assigns (K ** G, G) int, values (K ** G,))`` for
    ``totals`` (G, K) (each group's summed votes per name), ``apart`` (G, G) (see
    :func:`_apartness`) and the groups' ``sizes``: an assignment's value is its groups' votes
    for the names given, less what naming groups of different art alike costs (per name, see
    :func:`_spanning_cost`) and, given the distances ``dist`` (G, G) of the groups' art, what
    naming a group apart from every other unlike its nearest costs (see
    :func:`_nearness_costs`). ``totals`` may also be (F, G, K): the votes under each of F
    readings of the prints (paper's forms, :data:`PAPER_FORMS`), each naming valued with the
    best of them. ``copies``: the groups' cards by colour (G, C) and the set's copies (K, C) of
    each name in each colour, charging the cards named beyond them (:func:`_copies_costs`)."""
    totals = totals if totals.ndim == 3 else totals[None]  # (F, G, K)
    _, G, K = totals.shape
    assigns = np.stack(np.unravel_index(np.arange(K ** G), (K,) * G), axis=1)
    values = totals[:, np.arange(G), assigns].sum(axis=2).max(axis=0)
    # (the cost of each set of groups named alike, by the set's bits)
    bits = 1 << np.arange(G)
    cost = np.array([_spanning_cost(apart, sizes, [g for g in range(G) if m & bits[g]])
                     for m in range(1 << G)])
    for k in range(K):
        values = values - cost[((assigns == k) * bits).sum(axis=1)]
    if dist is not None:
        values = values - _nearness_costs(assigns, dist)
    if copies is not None:
        values = values - _copies_costs(assigns, *copies)
    return assigns, values


#: Paper's forms (see :func:`form_scores`): a set prints paper in one of them on all its cards.
PAPER_FORMS = ("sheet", "hand")


def _copies_of_groups(groups: list[list[int]], names: list[str], colours: list[str | None],
                      copies: Mapping[tuple[str, str], int]) -> tuple[np.ndarray, np.ndarray]:
    """The groups' cards (indices into ``colours``, each card's colour or None) by colour
    ``(G, C)`` and the set's ``copies`` (by ``(colour, symbol)``) of each of ``names`` in each
    colour ``(K, C)``, over the colours the set holds (cards of no such colour left out)."""
    palette = sorted({c for c, _ in copies})
    counts = np.array([[sum(colours[i] == c for i in g) for c in palette] for g in groups],
                      dtype=float)
    caps = np.array([[copies.get((c, n), 0) for c in palette] for n in names], dtype=float)
    return counts, caps


def name_symbols(masks: list[np.ndarray], symbols: Iterable[str],
                 looks: list[np.ndarray] | None = None, *,
                 colours: list[str | None] | None = None,
                 copies: Mapping[tuple[str, str], int] | None = None,
                 blur: float | None = None,
                 faint_looks: list[np.ndarray] | None = None
                 ) -> list[tuple[str | None, float, str]]:
    """Name the symbols of one photo's cards together: ``[(symbol, confidence, why)]`` per
    mask (see :func:`classify_shape` for one card).

    The cards are grouped by their art's shape (:func:`_art_groups`); each group is named by
    the sum of its cards' votes (:func:`form_scores`: paper's by form, see below), and groups of different art (the more
    surely the further apart, see :func:`_apartness`) are named differently unless their votes
    say otherwise strongly (:data:`OTHER_ART_COST`, charged along the groups of one name linked
    nearest first, see :func:`_spanning_cost`): a set prints one art per symbol, so a fist
    that alone looks a little like a sheet is named rock when the photo's sheets are another
    group (of another shape, or printed at another size). A group unlike every other is named,
    of the prints it is surely not, as the nearest unless its votes say otherwise
    (:func:`_nearness_costs`). Paper is printed as a sheet or as an open hand, the same on
    every card (:data:`PAPER_FORMS`): a naming is valued with paper's votes of one form for all
    its groups, so blurred scissors whose notches vote for a hand are not named paper beside the
    photo's sheets (final14 hard-1105: five scissors under an 8.6-pixel motion blur, votes
    0.6-4.1 more for a hand than for scissors, named paper with fifteen sheets).

    ``looks``: the masks the cards are grouped by, when not ``masks`` (the art at its own level,
    where ``masks`` have rings closed by faint strokes, see :func:`symbol_masks`: one print under
    one blur looks alike at its own level, whether or not a card's faint strokes close its
    rings; the votes count the rings).

    ``colours`` (each card's colour, or None) and ``copies`` (the set's cards by ``(colour,
    symbol)``, see :meth:`vision.kits.Kit.card_copies`): a naming that puts more cards of one
    colour under a name than the set holds, by more than :data:`COPIES_SLACK`, is charged for
    them (:data:`BEYOND_COPIES_COST`; the colours as read before the set's decoding revises
    them).

    ``blur``: the photo's blur in the masks' pixels (a Gaussian's sigma, see
    :func:`estimate_blur`): a sheet's corners are judged against what a blurred sheet of its
    size fills (:func:`blurred_sheet_corners`), not a sharp one's.

    ``faint_looks``: each card's art with its faint parts joined (see :func:`symbol_looks`),
    when given: in a photo whose cards fall into more groups of one look than the set has
    symbols, a card whose art is like no other card's but whose faint look is another card's
    print is named by its faint look (see :func:`_faded_prints_joined`).
    """
    names = [s for s in symbols if s in ("rock", "paper", "scissors")] or ["rock", "paper", "scissors"]
    if faint_looks is not None:
        masks, looks = _faded_prints_joined(masks, looks, faint_looks, len(names))
    feats = [shape_features(m) for m in masks]
    out: list[tuple[str | None, float, str]] = [(None, 0.1, "no symbol visible")] * len(masks)
    seen = [i for i, f in enumerate(feats) if f is not None]
    if not seen:
        return out
    logger.debug("symbols: blur %s", "unmeasured" if blur is None else f"{blur:.2f} px")
    votes = {i: form_scores(feats[i], blurred_sheet_corners(masks[i], blur)) for i in seen}
    look = feats if looks is None else [f if m is mask else shape_features(m)
                                        for f, m, mask in zip(feats, looks, masks)]
    vectors = np.array([_art_vector(look[i] or feats[i]) for i in seen])
    local = _art_groups(vectors, MAX_GROUPS)
    groups = [[seen[j] for j in g] for g in local]
    centres = [vectors[g].mean(axis=0) for g in local]
    dist = np.array([[float(np.linalg.norm(a - b)) for b in centres] for a in centres])
    apart = np.vectorize(_apartness, otypes=[float])(dist)
    # (one print per symbol: paper is a sheet on every card of the photo, or an open hand on
    # every one; each naming is valued with the form that suits it better)
    totals = np.array([[[sum(votes[i][form if s == "paper" else s] for i in g) for s in names]
                        for g in groups] for form in PAPER_FORMS])
    held = (_copies_of_groups(groups, names, colours, copies)
            if colours is not None and copies else None)
    assigns, values = _joint_values(totals, apart, [len(g) for g in groups], dist, held)
    best_row = int(np.argmax(values))
    best, best_value = assigns[best_row], float(values[best_row])
    _log_naming(groups, names, totals, best, best_value, dist)
    if held is not None and logger.isEnabledFor(logging.DEBUG):
        logger.debug("  beyond the set's copies: %.1f votes charged",
                     float(_copies_costs(best[None], *held)[0]))
    for g, group in enumerate(groups):
        name = names[best[g]]
        # (how much worse the photo's naming would be with this group named otherwise, per
        # card: its own votes and what its print's being unlike the others' says)
        others = values[assigns[:, g] != best[g]]
        margin = (best_value - float(others.max())) / len(group) if others.size else 5.0
        group_conf = float(1 - math.exp(-max(margin, 0.0) / VOTE_SCALE))
        # (each card as sure as its print's naming, not as its own votes: a lone card that
        # alone looks like paper, its art surely not the photo's sheets' and near the
        # scissors', is a near tie however sure its own votes are: final7 tapestry-hard-104)
        for i in group:
            f = feats[i]
            why = (f"symbol unclear (its print's group of {len(group)}: solidity "
                   f"{f.filled_solidity:.2f}/{f.solidity:.2f}, roundness {f.roundness:.2f}, "
                   f"corners {f.corners:.2f}, notches {f.notch:.2f}, rings {f.rings:.2f})")
            out[i] = (name, group_conf, why)
    return out


#: A card's look is alone, no other card's print, when it lies this surely apart from every
#: other card's (see :func:`_apartness`: 0 at :data:`SAME_ART`, 1 from :data:`OTHER_ART`): half
#: way, more likely another print than the same. (Any two prints' groups lie further apart than
#: that, 8.5-33: it tells a print split into groups just beyond SAME_ART, not a faded print from
#: another symbol's; see :func:`_faded_prints_joined`.) Small blurred scissors vary from card to
#: card and may lie just beyond SAME_ART from each other while their faint looks, blurred
#: towards a blob, near the photo's hands (the independent renderer's final18 hard-1885: four
#: scissors 4.1-5.4 from every other card, their faint looks 2.7-3.9 from a hand); the faded
#: hands that rule is for lay 6.8-9.6 from every other card, 1.0-2.3 by their faint looks
#: (tap42 hard-2568, tap42-old normal-916, tap41-old hard-1248, final22 hard-2810), and
#: final21 normal-2302's lone fist, unnamed as it stood, 6.3 and 2.7 from another lone card.
LONE_LOOK_APART = 0.5


def _rings(mask: np.ndarray) -> float:
    """The round holes' share of ``mask``'s filled area (:attr:`ShapeFeatures.rings`; 0 without
    art)."""
    f = shape_features(mask)
    return f.rings if f is not None else 0.0


def _faded_prints_joined(masks: list[np.ndarray], looks: list[np.ndarray] | None,
                         faint_looks: list[np.ndarray], symbols: int
                         ) -> tuple[list[np.ndarray], list[np.ndarray] | None]:
    """The cards' masks and looks (as :func:`name_symbols` takes them; ``looks`` None: the
    masks) with the cards' faint looks (``faint_looks``, see :func:`symbol_looks`) for both
    where a print faded in parts: the photo's cards fall into more groups of one look
    (:func:`_art_groups`) than the set has ``symbols`` (a print split apart: with every print
    in one group each, no group is a faded part of another's, and a whole print's group, small
    blurred scissors beside open hands or small fists beside sheets, is not read by a faint
    look that blurs it towards another print), and of a group (one card or more), the look lies
    so far from every other card's (in units of ART_SCALES, see :func:`_art_vector`; the
    nearest pair across) that it is more likely another print than the same (:func:`_apartness`
    over :data:`LONE_LOOK_APART`; true of any two prints' groups, which lie 8.5-33 apart: it
    keeps back a print split into groups just beyond SAME_ART), and each of its cards' faint
    looks lies within :data:`SAME_ART` of another card's look (with its faint parts it is that
    card's print), and none of its cards' masks holds a ring (a ring is a scissors' own: a print
    whose thin parts faded keeps no hole; tap41 hard-2553, blurred 2.6 px, a lone scissors with
    a ring closed by its faint strokes, its faint look 3.8 from a hand, took the hands' print
    and two scissors with it). Fresh lists; the cards' order is kept. (The count is of the
    set's symbols, not the photo's: a photo with no card of one symbol shows a faded print as
    one group more than its prints, no more than the set's symbols, and it is read as it
    stands.)

    A set prints one art per symbol, the same on every card; a hand's thin fingers on a pale or
    washed face (a yellow card, a glare) stand out less than its palm, under the art's own level
    (:data:`ART_EDGE_LEVEL`), and the palm alone is a full, long blob that votes for scissors
    (the independent renderer's tap42 hard-2568, two such palms alike, final22 hard-2810,
    tap42-old normal-916: open hands read as scissors). At :data:`FAINT_STROKE` of the levels
    the fingers are back. The faint look also takes in a blurred print's rim, and blurs small
    scissors towards a hand, so it is taken only for cards whose own look is alone: a card whose
    look is another card's print is read as it stands."""
    feats = [shape_features(m) for m in (looks if looks is not None else masks)]
    seen = [i for i, f in enumerate(feats) if f is not None]
    if len(seen) < 2:
        return masks, looks
    vectors = np.array([_art_vector(feats[i]) for i in seen])
    groups = _art_groups(vectors)
    if len(groups) <= symbols:
        return masks, looks  # (as many prints as symbols, or fewer: none split off by a fade)
    faint = [shape_features(faint_looks[i]) for i in seen]
    masks = list(masks)
    looks = list(looks) if looks is not None else None
    for members in groups:
        rest = np.setdiff1d(np.arange(len(seen)), members)
        if (not rest.size or any(faint[k] is None for k in members)
                or any(_rings(masks[seen[k]]) > 0 for k in members)):
            continue  # (a ring is a scissors' own, no print faded in parts: read as it stands)
        apart = np.linalg.norm(vectors[members][:, None] - vectors[rest][None], axis=2)
        alone = float(apart.min())
        joined = max(float(np.linalg.norm(vectors[rest] - _art_vector(faint[k]), axis=1).min())
                     for k in members)
        if _apartness(alone) > LONE_LOOK_APART and joined <= SAME_ART:
            logger.debug("symbols: %d card(s) read by their faint looks (%.1f from another "
                         "card's print, %.1f as they stand)", len(members), joined, alone)
            for k in members:
                masks[seen[k]] = faint_looks[seen[k]]
                if looks is not None:
                    looks[seen[k]] = faint_looks[seen[k]]
    return masks, looks


def _log_naming(groups: list[list[int]], names: list[str], totals: np.ndarray, best: np.ndarray,
                value: float, dist: np.ndarray) -> None:
    """Debug log of a photo's naming: per group (cards' indices ``groups``), its size, the name
    given (``best`` (G,) into ``names``), its summed votes per name under each of paper's forms
    (``totals`` (F, G, K)) and its art's distance to the nearest other group (``dist`` (G, G))."""
    if not logger.isEnabledFor(logging.DEBUG):
        return
    logger.debug("symbols: %d cards in %d print groups, naming valued %.1f",
                 sum(map(len, groups)), len(groups), value)
    for g, group in enumerate(groups):
        nearest = float(np.delete(dist[g], g).min()) if len(groups) > 1 else float("inf")
        votes = ", ".join(f"{n} {'/'.join(f'{t:.1f}' for t in totals[:, g, k])}"
                          for k, n in enumerate(names))
        logger.debug("  group %d (%d cards, nearest %.1f apart): %s; votes %s", g, len(group),
                     nearest, names[best[g]], votes)
