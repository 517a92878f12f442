"""A lattice through solid tiles' faces (Textile): each face is one paint, outlined all round.

A solid tile's face is one paint (its pips small holes in it) and its outline is its own: the
colour steps to the table, to a neighbour across the gap, or to the tile's dark thickness edge
and shadow enclose it on every side. A tile laid by hand sits a little off any lattice, but the
faces of a layout are squares of one size whose centres are lattice points. A cloth's check
continues under and beyond the layout at its own pitch, so the line search may take its lines
(and its pitch) for the tiles': the faces themselves do not depend on them.

The picture (shrunk to :data:`SEARCH_WIDTH` pixels across; a small layout's box too, at a
finer scale) is cut into regions by its colour steps; the square regions of the biggest size
that repeats (a cloth's small checks, its patterns, are smaller squares) are the faces, and
the lattice is grown through their centres from the face nearest their middle outwards
(:func:`vision.centres.fit_map`). A cloth may also be cut into regions bigger than the tiles (a
tartan's wide checks between its stripes): those are rectangles of many sizes and shapes,
seldom squares of one size, so when the biggest size gives no lattice, or a lattice of its
own, the next smaller size that repeats is tried too (:data:`SIZE_TRIES`); the reader keeps
whichever lattice reads better.

Conventions: images BGR uint8; points ``(x, y)`` in pixels; lattice ``(col, row)`` with cell
``(row, col)`` spanning ``[col, col + 1] x [row, row + 1]`` (see :class:`vision.locate.Lattice`).
"""
from __future__ import annotations

import logging
import math

import cv2
import numpy as np

from vision.centres import ON_LATTICE, fit_map
from vision.foreground import foreground_mask
from vision.lattice import jacobian
from vision.locate import Lattice, _normalise, _partial, shrink, work_copy

logger = logging.getLogger(__name__)

#: The picture (or a small layout's box, see :data:`FINER_SEARCH`) is searched at most this
#: many pixels across (a tile of a layout filling a fifth of the picture's width is then 25-50
#: pixels: its outline clear, the search ~20 ms).
SEARCH_WIDTH = 1000
#: A colour step (the summed Sobel magnitude of CIELAB's 8-bit channels, after a 3x3 blur)
#: above this bounds a region: a tile's rim steps 20-45 in Lab (see
#: :data:`vision.foreground.SOFT_STEP`), 80-180 in these units; a face's paint and a lamp's
#: gradient step by less than 20.
EDGE_STEP = 60.0
#: A region is square when its convex hull, seen square on (see :func:`_square_on_fill`), fills
#: this share of its least rectangle (a square with its teeth 0.94-0.95 on final9
#: textile-hard-204; a regular octagon 0.83, a disc 0.79) ...
SQUARE_FILL = 0.85
#: ... and that rectangle's sides differ by at most this factor (a tile's face on a table seen
#: at up to 60 degrees from overhead: tex4dev/textile-hard-113's faces, at about 50 degrees,
#: are 1.5 times as wide as high).
SQUARE_ASPECT = 2.0
#: Regions smaller than this (pixels of the search picture, a side of 8) are a pip or noise.
MIN_REGION = 64
#: Faces of one layout are one size: squares within this factor of the size kept.
SIZE_TOLERANCE = 1.2
#: At least this many faces of one size make a layout (fewer: no lattice from the faces).
MIN_FACES = 4
#: Before a region is outlined, its bounding box's sides must be within this factor (a
#: square turned any way has a square box; foreshortened, up to :data:`SQUARE_ASPECT`) ...
BOX_ASPECT = 2.2
#: ... and this full (a square turned by 45 degrees fills half its box; its pips and teeth
#: take a little more) ...
BOX_FILL = 0.4
#: ... and its area's side within this factor of the side most regions of the biggest size
#: share (its pips and teeth make a face's area a little smaller than its outline's).
BOX_SIZE_TOLERANCE = 1.5
#: At most this many sizes that repeat among the regions are tried, the biggest first, for a
#: lattice of :data:`MIN_FACES` faces (the independent renderer's tex9dev textile-normal-542:
#: a tartan's checks between its stripes, 70-150 pixels across, repeat before the tiles'
#: faces, 35-45, which come third).
SIZE_TRIES = 4
#: At most this many of those sizes' lattices are kept, for the reader to judge by how they
#: read (the tartan's checks of tex9dev textile-normal-542 lie on a lattice too, 5 of 7).
MAX_LATTICES = 2
#: A smaller size than the biggest that repeats is taken for the faces only when at most this
#: many squares share it: a set of Nestortiles holds 60 tiles (KITS.md), and a cloth's small
#: checks, hundreds of one size, would take a lattice grown through them (refitted face by
#: face) ten times the search's time (tex6dev textile-hard-126: 2.2 s against 0.2 s).
MAX_FACES = 60
#: ... and, not to outline hundreds of a cloth's small pieces, when at most this many regions
#: are near that size before they are outlined (the faces' own among them: 88 regions of the
#: tiles' size in tex9dev textile-normal-542, 59 of them squares; a cloth's fine pattern, a
#: thousand and more, 0.1-0.2 s to outline).
MAX_REGIONS = 4 * MAX_FACES
#: A square stands out from the table when at least this share of its middle (the box of half
#: its side) lies in the foreground: a face holds its middle whole, its pips included (the
#: foreground's groups are filled), a cloth's square none of it (oct28 octopus-normal-871: the
#: 21 tiles' squares all in it, the plaid's 52 squares of about their size none).
FACE_ON_FOREGROUND = 0.5
#: The pitch is a face's side times this at least and at most (the faces touch, or lie a
#: little apart: a face's outline is its tile's less the rim's thickness and shadow).
GAP_FACTOR = (1.0, 1.5)
#: The search picture is the box of what stands out from the table widened by this share of
#: its size on every side (see :func:`_search_box`): the faces at its rim whole, with a
#: little of the table about them.
SEARCH_MARGIN = 0.1
#: A layout whose box is at most the picture's width over this is searched on its box too, at
#: a finer scale (up to SEARCH_WIDTH across it): over the whole picture a far layout's faces
#: are a dozen pixels across, their outlines broken by pips and teeth (final15
#: textile-hard-1439: 6 faces of 18 found, a lattice a few degrees off the tiles). The whole
#: picture's search stays: a layout's faces 25-50 pixels across there outline best (a finer
#: look at 70 pixels found fewer of them whole, final12 textile-hard-703); the box's lattices
#: are kept only when they place more faces than the whole picture's (a lattice through the
#: same faces, a fraction of a cell off, read a cell of the cloth as a tile, tex15
#: textile-normal-1012). 1.1: a box over a tenth narrower (1439's, the cloth's flowers about
#: the layout standing out too, is 1.15 times narrower, and its faces there 11 of 18 against
#: 6: at a dozen pixels a face's outline holds or breaks by a pixel or two).
FINER_SEARCH = 1.1


def face_lattices(image: np.ndarray, *, fg: np.ndarray | None = None,
                  work_scale: float | None = None) -> list[Lattice]:
    """The lattices through the solid tiles' faces of ``image`` (H, W, 3) uint8 BGR, in its
    pixels: one for each of the sizes of square regions, the biggest first, on which
    :data:`MIN_FACES` of them lie on a lattice (at most :data:`MAX_LATTICES`; empty when no
    size does, see :func:`_faces_on_lattices`), over the whole picture and, for a small
    layout, over its box too (:data:`FINER_SEARCH`). ``fg``, ``work_scale``: the locator's
    foreground mask (work pixels) and its scale (work / full), given to the lattices for the
    reader's coverage; computed when not given."""
    if fg is None or work_scale is None:
        # (the reader judges the lattice's coverage of what stands out from the table on it)
        work, work_scale = work_copy(image)
        fg = foreground_mask(work)
    h, w = image.shape[:2]
    whole = _searched(image, fg, work_scale, (0, 0, w, h))
    box = _search_box(fg, work_scale, (h, w))
    if (box[2] - box[0]) * FINER_SEARCH > w:
        return whole
    # (a small layout: its box searched at a finer scale too, see FINER_SEARCH, its lattices
    # kept when they place more faces than the whole picture's did; the reader keeps whichever
    # lattice reads better)
    placed = max((lat.info["faces"] for lat in whole), default=0)
    return whole + [lat for lat in _searched(image, fg, work_scale, box)
                    if lat.info["faces"] > placed]


def _searched(image: np.ndarray, fg: np.ndarray, work_scale: float,
              box: tuple[int, int, int, int]) -> list[Lattice]:
    """The lattices through the faces of ``image``'s part ``box`` (``x0, y0, x1, y1``, its
    pixels) shrunk to at most :data:`SEARCH_WIDTH` pixels across, in ``image``'s pixels (see
    :func:`face_lattices`)."""
    x0, y0, x1, y1 = box
    small, scale = shrink(image[y0:y1, x0:x1], min(1.0, SEARCH_WIDTH / (x1 - x0)))
    # (the foreground on the search picture: which squares stand out from the table)
    fg_box = fg[int(y0 * work_scale):math.ceil(y1 * work_scale),
                int(x0 * work_scale):math.ceil(x1 * work_scale)]
    fg_small = cv2.resize(fg_box.astype(np.uint8), (small.shape[1], small.shape[0]),
                          interpolation=cv2.INTER_NEAREST).astype(bool)
    return [_lattice(found, scale, fg, work_scale, (x0, y0))
            for found in _faces_on_lattices(small, fg_small)]


def _search_box(fg: np.ndarray, work_scale: float, shape: tuple[int, int]
                ) -> tuple[int, int, int, int]:
    """The part of the picture (``shape`` (H, W)) searched for faces, ``(x0, y0, x1, y1)`` in
    its pixels: the box of what stands out from the table (``fg``, work pixels, ``work_scale``
    work / full) widened by :data:`SEARCH_MARGIN` of its size on every side, or the whole
    picture when nothing stands out. A small layout is so searched at a finer scale (its faces
    a dozen pixels across in the whole picture shrunk to :data:`SEARCH_WIDTH`: their pips and
    teeth break their outlines)."""
    h, w = shape
    ys, xs = np.nonzero(fg)
    if not len(xs):
        return 0, 0, w, h
    lo = np.array([xs.min(), ys.min()], float) / work_scale
    hi = np.array([xs.max() + 1, ys.max() + 1], float) / work_scale
    pad = SEARCH_MARGIN * (hi - lo)
    x0, y0 = np.maximum(np.floor(lo - pad), 0).astype(int)
    x1, y1 = np.minimum(np.ceil(hi + pad), [w, h]).astype(int)
    return int(x0), int(y0), int(x1), int(y1)


def _lattice(found: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int], scale: float,
             fg: np.ndarray, work_scale: float, origin: tuple[int, int] = (0, 0)) -> Lattice:
    """The lattice in full-image pixels of one size's faces ``found`` (squares, faces, their
    lattice indices and map, how many far squares are placed, see :func:`_faces_on_lattices`)
    in the search picture shrunk by ``scale`` (``origin``: the search box's corner in the
    full image, see :func:`_search_box`). Its strength is the share of the faces placed
    (``info["faces"]``), the far squares placed counted apart (``info["far"]``)."""
    squares, faces, ij, H, far = found
    placed = len(ij) - far
    # lattice (col, row) -> full-image pixels, the face (j, i) centred at (j + 0.5, i + 0.5)
    H_lat = (np.array([[1 / scale, 0, origin[0]], [0, 1 / scale, origin[1]], [0, 0, 1.0]]) @ H
             @ np.array([[1, 0, -0.5], [0, 1, -0.5], [0, 0, 1.0]]))
    lo, hi = ij.min(0) - 1, ij.max(0) + 1  # (a ring of cells beyond: faces missed there)
    lat = Lattice(H=H_lat / H_lat[2, 2], rows=(int(lo[1]), int(hi[1])),
                  cols=(int(lo[0]), int(hi[0])),
                  pitch_px=math.sqrt(abs(np.linalg.det(H_lat[:2, :2] / H_lat[2, 2]))),
                  strength=placed / len(faces), work_scale=work_scale,
                  info={"source": "faces", "faces": placed, "far": far}, fg=fg)
    lat = _normalise(lat)
    # (how the cells cut through the foreground, as the reader judges the locator's lattices)
    lat.info["partial"] = _partial(lat)
    logger.debug("faces: %d square regions, %d faces of %.0f px, %d on the lattice and %d far "
                 "squares (pitch %.0f)", len(squares), len(faces),
                 float(np.median(faces[:, 2])) / scale, placed, far, lat.pitch_px)
    return lat


def _faces_on_lattices(small: np.ndarray, fg: np.ndarray | None = None
                       ) -> list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]]:
    """The faces of ``small`` (BGR, the search picture) on their lattices: for each size that
    repeats among its regions, the biggest first, whose square regions give a lattice of
    :data:`MIN_FACES` faces (:data:`SIZE_TRIES` sizes tried, :data:`MAX_LATTICES` kept), the
    squares of that size (see :func:`_square_regions`), the faces among them
    (:func:`_faces`), the lattice indices ``(n, 2)`` of the faces and far squares placed, the
    map from them to the search picture and how many of them (the last) are far squares
    (:func:`_grown`). ``fg``: the foreground (what stands out from the table, bool, ``small``'s
    size): the squares standing out are tried first (see :func:`_standing_out`), all of them
    when those give no lattice."""
    regions = _regions(small)
    tried = np.zeros(len(regions[1]), bool)
    out = []
    for attempt in range(SIZE_TRIES):
        squares, group = _square_regions(regions, tried, most=MAX_REGIONS if attempt else None)
        if group is None:
            break
        tried |= group
        keep = None if fg is None else _standing_out(squares, fg)
        looks = [squares] if keep is None or keep.all() else [squares[keep], squares]
        found = next((f for f in (_on_lattice(sq, attempt) for sq in looks) if f is not None),
                     None)
        if found is not None:
            out.append(found)
        if len(out) >= MAX_LATTICES:
            break
    return out


def _on_lattice(squares: np.ndarray, attempt: int
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int] | None:
    """The faces among ``squares`` (one size group's, see :func:`_square_regions`) on their
    lattice, as :func:`_faces_on_lattices` gives each (``attempt``: the size group's place,
    the biggest 0); None when they give no lattice of :data:`MIN_FACES` faces (or, after the
    first size, more than :data:`MAX_FACES` of them)."""
    faces = _faces(squares)
    if faces is None or (attempt and len(faces) > MAX_FACES):
        logger.debug("faces: %d square regions, %d of one size", len(squares),
                     0 if faces is None else len(faces))
        return None
    # (the squares of the size group smaller than the faces' one size: the far tiles of a
    # steep view, smaller than the near ones by more than SIZE_TOLERANCE; a bigger square
    # is no farther tile, see _faces)
    more = squares[squares[:, 2] < faces[:, 2].min(), :2]
    ij, H, far = _grown(faces[:, :2], faces[:, 3], faces[:, 4:6], faces[:, 2], more)
    if len(ij) < MIN_FACES:
        logger.debug("faces: %d of one size, %d on a lattice", len(faces), len(ij))
        return None
    return squares, faces, ij, H, far


def _regions(small: np.ndarray) -> tuple[list, np.ndarray, np.ndarray, int]:
    """The regions of ``small`` (BGR) bounded by colour steps (:data:`EDGE_STEP`): their outer
    outlines (OpenCV contours, a region within another's hole (a pip's middle) its own), their
    areas ``(n,)`` and bounding boxes ``(n, 4)`` ``(x, y, w, h)``, and the picture's size in
    pixels."""
    lab = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32), (3, 3), 0)
    gx = cv2.Sobel(lab, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(lab, cv2.CV_32F, 0, 1)
    inside = (np.sqrt((gx * gx + gy * gy).sum(2)) <= EDGE_STEP).astype(np.uint8)
    contours, hierarchy = cv2.findContours(inside, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    outer = ([] if hierarchy is None else
             [c for c, hr in zip(contours, hierarchy[0]) if hr[3] < 0 and len(c) >= 4])
    area = np.array([cv2.contourArea(c) for c in outer], np.float64)
    boxes = np.array([cv2.boundingRect(c) for c in outer], np.float64).reshape(-1, 4)
    return outer, area, boxes, int(inside.size)


def _square_regions(regions: tuple[list, np.ndarray, np.ndarray, int], tried: np.ndarray,
                    most: int | None = None) -> tuple[np.ndarray, np.ndarray | None]:
    """The square regions of the biggest size that repeats among a picture's ``regions`` (see
    :func:`_regions`) not yet ``tried`` (a mask over them): ``(n, 6)`` rows ``(x, y, side, angle, width, height)``, the centre of the region's
    convex hull's least rectangle, the square root of the hull's area, the rectangle's angle
    (degrees, 0-90) and its sides along that angle and across it (a square on a tilted table is
    seen foreshortened: see :data:`SQUARE_ASPECT`); and the mask of the regions of that size
    (None when no size repeats). When more than ``most`` regions are of that size, none is
    outlined (no squares).

    A region is measured by its outline, its holes filled: a face's pips (and the colour steps
    round them, as wide again) are holes in its paint, five or six of them a third of it on a
    small face seen at a slant, and a tile is the square its outline encloses."""
    outer, area, boxes, size = regions
    if not outer:
        return np.zeros((0, 6)), None
    w, h = boxes[:, 2], boxes[:, 3]
    # (a square, its teeth cut into its outline, turned any way: its box about as wide as
    # high and at least two-fifths full; a region this big is the table or the floor)
    maybe = ((area >= MIN_REGION) & (area <= 0.05 * size)
             & (np.maximum(w, h) <= BOX_ASPECT * np.minimum(w, h)) & (area >= BOX_FILL * w * h))
    maybe &= ~tried
    # (the faces' size as the regions' areas tell it: only the regions near it are outlined)
    side = _one_size(np.sqrt(area[maybe]), BOX_SIZE_TOLERANCE)
    if side is None:
        return np.zeros((0, 6)), None
    maybe &= np.abs(np.log(np.sqrt(np.maximum(area, 1)) / side)) <= math.log(BOX_SIZE_TOLERANCE)
    if most is not None and maybe.sum() > most:
        return np.zeros((0, 6)), maybe
    out = []
    for i in np.flatnonzero(maybe):
        hull = cv2.convexHull(outer[i])
        hull_area = cv2.contourArea(hull)
        (cx, cy), (rw, rh), ang = cv2.minAreaRect(hull)
        if (min(rw, rh) <= 0 or max(rw, rh) > SQUARE_ASPECT * min(rw, rh)
                or _square_on_fill(hull) < SQUARE_FILL):
            continue
        if (ang // 90) % 2:  # (the rectangle's width along the angle taken modulo 90 degrees)
            rw, rh = rh, rw
        out.append((cx, cy, math.sqrt(hull_area), ang % 90.0, rw, rh))
    return np.array(out, np.float64).reshape(-1, 6), maybe


def _standing_out(squares: np.ndarray, fg: np.ndarray) -> np.ndarray:
    """Which ``squares`` (rows as :func:`_square_regions` gives them) stand out from the
    table, a mask ``(n,)``: :data:`FACE_ON_FOREGROUND` of the box of half their side about
    their centre in the foreground ``fg`` (bool, the search picture's size). A cloth's checks
    and the squares its lines enclose are table: on a plaid, squares a little bigger than the
    tiles' faces repeat and would be taken for them (the biggest size that repeats, see
    :func:`_faces`)."""
    h, w = fg.shape
    shares = np.empty(len(squares))
    for k, (x, y, side) in enumerate(squares[:, :3]):
        r = max(1, int(round(side / 4)))
        x0, y0 = min(max(int(round(x)) - r, 0), w - 1), min(max(int(round(y)) - r, 0), h - 1)
        shares[k] = fg[y0:y0 + 2 * r + 1, x0:x0 + 2 * r + 1].mean()
    return shares >= FACE_ON_FOREGROUND


def _square_on_fill(hull: np.ndarray) -> float:
    """The share of its least rectangle that a convex ``hull`` (OpenCV contour ``(n, 1, 2)``)
    fills once seen square on: its points mapped so that their second moments are equal in
    every direction. A square on a table seen at a slant is a parallelogram, whose least
    rectangle it fills less the more it leans (0.83 for a face 35 degrees turned on a table
    seen 50 degrees from overhead); mapped so, any parallelogram is a square again (1.0), a
    disc or an ellipse a disc (0.79). 0.0 for a degenerate hull."""
    m = cv2.moments(hull)
    if m["m00"] <= 0:
        return 0.0
    cov = np.array([[m["mu20"], m["mu11"]], [m["mu11"], m["mu02"]]]) / m["m00"]
    w, v = np.linalg.eigh(cov)
    if w[0] <= 1e-9:
        return 0.0
    # (scaled so that the map keeps the hull's size: minAreaRect works in float32 pixels)
    white = v @ np.diag(np.sqrt(math.sqrt(w[0] * w[1]) / w)) @ v.T
    pts = ((hull.reshape(-1, 2) - (m["m10"] / m["m00"], m["m01"] / m["m00"])) @ white.T)
    pts = pts.astype(np.float32)
    _, (rw, rh), _ = cv2.minAreaRect(pts)
    return float(cv2.contourArea(pts) / (rw * rh)) if rw * rh > 0 else 0.0


def _one_size(sides: np.ndarray, tolerance: float = SIZE_TOLERANCE) -> float | None:
    """The faces' side among squares' ``sides`` (n,): the median of those within
    ``tolerance`` (a factor) of the biggest side that :data:`MIN_FACES` squares share (a
    cloth's checks, its printed squares, are smaller than the tiles on it and many); None when
    no size repeats so often."""
    for s in np.sort(sides)[::-1]:
        near = np.abs(np.log(sides / s)) <= math.log(tolerance)
        if near.sum() >= MIN_FACES:
            return float(np.median(sides[near]))
    return None


def _faces(squares: np.ndarray) -> np.ndarray | None:
    """The faces among ``squares`` (see :func:`_square_regions`): those within
    :data:`SIZE_TOLERANCE` of their common side (:func:`_one_size`); None when there is none."""
    side = _one_size(squares[:, 2]) if len(squares) else None
    if side is None:
        return None
    return squares[np.abs(np.log(squares[:, 2] / side)) <= math.log(SIZE_TOLERANCE)]


def _grown(centres: np.ndarray, angles: np.ndarray, dims: np.ndarray, sides: np.ndarray,
           more: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, int]:
    """The faces' lattice indices ``(n, 2)`` ``(j, i)``, the map ``(3, 3)`` from them to
    their centres and how many of them (the last) are ``more`` squares placed after the faces:
    grown from the face nearest the faces' middle, taking the faces in order
    of distance from it, each placed at the lattice point nearest where the map fitted so far
    puts it (within :data:`vision.centres.ON_LATTICE` of it, else left out), the map refitted
    after each (an affine map, a homography from eight faces). The first guess: the faces'
    common direction (their ``angles``' circular mean modulo 90 degrees), their sides
    along and across it (``dims`` (n, 2), medians) and the gap between them (the median
    distance from each face to its nearest over their shorter side, within
    :data:`GAP_FACTOR`). A lattice finer than the faces (see :func:`_coarser`; ``sides``
    ``(n,)``, each face's side) is grown again from the coarser map. Then ``more`` squares'
    centres ``(m, 2)`` (smaller: the far tiles of a steep view) are placed on it alike, the
    :data:`MAX_FACES` nearest the seed face first (as the faces), the map refitted after each
    (a homography once eight are placed: the faces of one size alone, near the camera, leave
    the far end's perspective out)."""
    a = np.deg2rad(angles) * 4.0
    theta = math.atan2(float(np.sin(a).mean()), float(np.cos(a).mean())) / 4.0
    d = np.linalg.norm(centres[:, None] - centres[None], axis=2)
    np.fill_diagonal(d, np.inf)
    along, across = np.median(dims, axis=0)
    gap = float(np.clip(np.median(d.min(1)) / min(along, across), *GAP_FACTOR))
    seed = int(np.argmin(np.linalg.norm(centres - np.median(centres, 0), axis=1)))
    c, s = math.cos(theta) * gap, math.sin(theta) * gap
    H = np.array([[c * along, -s * across, centres[seed, 0]],
                  [s * along, c * across, centres[seed, 1]], [0, 0, 1.0]])
    order = np.argsort(np.linalg.norm(centres - centres[seed], axis=1))
    ij, placed, H = _placed(centres, order, H)
    coarser = _coarser(ij, sides[placed], H)
    if coarser is not None:
        logger.debug("faces: the lattice grown is finer than its faces: grown again %s times "
                     "coarser", coarser.tolist())
        ij, placed, H = _placed(centres, order, H @ np.diag([*coarser, 1.0]))
    far = 0
    if more is not None and len(more):
        ahead = np.argsort(np.linalg.norm(more - centres[seed], axis=1))[:MAX_FACES]
        ij, far_placed, H = _placed(more, ahead, H, start=(ij, centres[placed]))
        far = len(far_placed)
    return ij, H, far


def _placed(centres: np.ndarray, order: np.ndarray, H: np.ndarray,
            start: tuple[np.ndarray, np.ndarray] | None = None
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The faces' ``centres`` ``(n, 2)`` taken in ``order``, each placed at the lattice point
    nearest where the map fitted so far (first ``H``, lattice -> picture) puts it (within
    :data:`vision.centres.ON_LATTICE` of it, else left out), the map refitted after each.
    ``start``: faces placed already, their indices ``(k, 2)`` and centres ``(k, 2)``. Returns
    the indices ``(m, 2)`` ``(j, i)`` of all the faces placed (``start``'s first), the
    positions in ``centres`` ``(m - k,)`` of those placed here and the map."""
    ij_list = [] if start is None else list(start[0])
    xy_list = [] if start is None else list(start[1])
    taken = {tuple(r) for r in ij_list}
    placed: list[int] = []
    for k in order:
        u = _to_lattice(H, centres[k])
        r = np.round(u)
        if np.abs(u - r).max() > ON_LATTICE or tuple(r) in taken:
            continue
        taken.add(tuple(r))
        ij_list.append(r)
        xy_list.append(centres[k])
        placed.append(int(k))
        H = fit_map(np.array(ij_list), np.array(xy_list), H)
    return np.array(ij_list, np.float64).reshape(-1, 2), np.array(placed, int), H


def _coarser(ij: np.ndarray, sides: np.ndarray, H: np.ndarray) -> np.ndarray | None:
    """The factors ``(2,)`` along ``(j, i)`` by which a lattice grown through faces (indices
    ``ij`` ``(n, 2)``, the faces' ``sides`` ``(n,)`` in pixels, map ``H`` lattice -> picture)
    is too fine, or None when it is not: its cells hold less than the faces do (the median
    face; a face fills its cell at most, :data:`GAP_FACTOR`), and every face lies a whole
    number of steps apart along an axis (the faces' indices all differ by a multiple of it).
    Faces foreshortened at a steep tilt (45 degrees) with a twist give a first guess at half
    the pitch along one axis, on which every face still lies, every second point empty. The
    coarser lattice must be one the faces fit too: its cells at most :data:`GAP_FACTOR`'s
    upper bound squared times the median face (faces far apart on a too fine lattice, a
    whole number of its steps, are no sign of a coarser one of cells far bigger than they)."""
    if len(ij) < MIN_FACES:
        return None
    # (a cell's area in pixels: the determinant of the map's derivative at its lattice point)
    cells = np.array([abs(np.linalg.det(jacobian(H, (p[0], p[1])))) for p in ij])
    fill = float(np.median(sides ** 2 / cells))  # (the median face's area over its cell's)
    if GAP_FACTOR[0] ** 2 * fill <= 1.0:
        return None
    # (an axis along which every face lies at one index has no step to go by: 1)
    steps = np.maximum(np.gcd.reduce(np.abs(ij - ij[0]).astype(int), axis=0), 1)
    if not (steps > 1).any() or np.prod(steps) / fill > GAP_FACTOR[1] ** 2:
        return None
    return steps.astype(np.float64)


def _to_lattice(H: np.ndarray, p: np.ndarray) -> np.ndarray:
    """The lattice point ``(j, i)`` that the map ``H`` (lattice -> picture) takes to ``p``."""
    q = np.linalg.solve(H, np.array([p[0], p[1], 1.0]))
    return q[:2] / q[2]
