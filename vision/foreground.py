"""What on a photo of a table is probably not table: the foreground mask of the locate stage.

The table (and the clutter at its edge) fills the border of a photo of a layout, so the
picture's border frame is a sample of the table. Two cues find what differs from it:

* colour: colours rare in the frame (histogram back-projection) or far from all of the frame's
  colour clusters;
* texture: on a patterned cloth (gingham, stripes, grain) whose colours are the tiles' own
  colours, the density of edges is high everywhere on the table and low on a tile's face.
"""
from __future__ import annotations

import logging

import cv2
import numpy as np

from vision.edges import canny

logger = logging.getLogger(__name__)

#: The labelling of :func:`components`: Grana's block-based algorithm (BBDT). OpenCV's default
#: for 8-connectivity (Spaghetti) labels in the same order (both scan 2x2 blocks: labels, areas
#: and boxes are identical) but gathers the statistics a third slower: 3.6 -> 2.4 ms for a
#: work-size (856 x 642) mask, measured on one core.
COMPONENTS_ALGORITHM = cv2.CCL_GRANA


def components(mask: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
    """8-connected groups of the non-zero pixels of ``mask`` ((H, W) uint8): ``(n, labels,
    stats)`` as ``cv2.connectedComponentsWithStats(mask, connectivity=8)`` gives them (``n``
    counting the background, label 0; ``labels`` (H, W) int32; ``stats`` (n, 5) int32, see
    ``cv2.CC_STAT_*``), computed faster (see :data:`COMPONENTS_ALGORITHM`)."""
    n, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
        mask, 8, cv2.CV_32S, COMPONENTS_ALGORITHM)
    return n, labels, stats


def _rare_in_frame(lab: np.ndarray, frame: np.ndarray) -> np.ndarray:
    """Pixels whose colour is much rarer in the frame than in the whole picture: a CIELAB
    histogram (8 lightness x 32 x 32 chroma bins, spread a little in chroma and more in
    lightness) of the frame, back-projected against the whole picture's."""
    ratio, idx = _frame_share(lab, frame)
    rare = ratio < 0.25  # (judged per bin, then looked up per pixel)
    return rare.reshape(-1)[idx]


def _frame_share(lab: np.ndarray, frame: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How much commoner each colour bin is in the frame than in the whole picture ``(8, 32,
    32)`` float32 (the spread histograms of :func:`_rare_in_frame`, each over its pixel count),
    and each pixel's bin ``(H, W)`` int32 (an index into the bins raveled)."""
    h, w = lab.shape[:2]
    nb = 32
    li = np.clip((lab[..., 0] / 12.5).astype(np.int32), 0, 7)
    ai = np.clip(((lab[..., 1] + 96) / 6).astype(np.int32), 0, nb - 1)
    bi = np.clip(((lab[..., 2] + 96) / 6).astype(np.int32), 0, nb - 1)
    idx = (li * nb + ai) * nb + bi
    hist_f = np.bincount(idx[frame], minlength=8 * nb * nb).astype(np.float32).reshape(8, nb, nb)
    hist_a = np.bincount(idx.ravel(), minlength=8 * nb * nb).astype(np.float32).reshape(8, nb, nb)

    def spread(hst):
        out = np.stack([cv2.GaussianBlur(hst[i], (0, 0), 0.7) for i in range(8)])
        return out + 0.6 * np.roll(out, 1, 0) + 0.6 * np.roll(out, -1, 0)
    pf = spread(hist_f) / max(int(frame.sum()), 1)
    pa = spread(hist_a) / float(h * w)
    return pf / np.maximum(pa, 1e-9), idx


def _far_from_frame(lab: np.ndarray, frame: np.ndarray, clusters: int = 8) -> np.ndarray:
    """Pixels far from every k-means cluster of the frame's colours (lightness at half weight),
    "far" being several times the frame's own spread around its clusters."""
    h, w = lab.shape[:2]
    lab = cv2.multiply(lab, (0.5, 1.0, 1.0, 0.0))  # (as lab * (0.5, 1, 1), in one pass)
    # (the frame's pixels in raster order, as lab[frame] gives them)
    samples = np.compress(frame.ravel(), lab.reshape(-1, 3), axis=0)
    centres, thr = _frame_clusters(samples, clusters)
    lab = np.ascontiguousarray(lab, dtype=np.float32)
    ones = np.ones((1, 3), np.float32)
    # squared distance to the nearest centre, one centre at a time (into the same buffers)
    diff = np.empty_like(lab)
    d2 = d = None
    for c in centres:
        cv2.subtract(lab, (float(c[0]), float(c[1]), float(c[2]), 0.0), dst=diff)
        cv2.multiply(diff, diff, dst=diff)
        if d2 is None:
            d2 = cv2.transform(diff, ones)
            d = np.empty_like(d2)
        else:
            cv2.transform(diff, ones, dst=d)
            cv2.min(d2, d, dst=d2)
    return d2.reshape(h, w) > thr * thr


def _frame_clusters(samples: np.ndarray, clusters: int) -> tuple[np.ndarray, float]:
    """The k-means centres ``(k, 3)`` float32 (at most ``clusters``) of the frame's colours
    ``samples`` ``(N, 3)`` (4000 of them at most, a fixed draw), and the distance from its
    nearest centre beyond which a colour is far from the frame (several times the frame's own
    spread about its centres)."""
    if len(samples) > 4000:
        samples = samples[np.random.default_rng(0).choice(len(samples), 4000, replace=False)]
    k = min(clusters, len(samples))
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    cv2.setRNGSeed(0)
    _, lab_k, centres = cv2.kmeans(samples.astype(np.float32), k, None, crit, 2, cv2.KMEANS_PP_CENTERS)
    d_frame = np.linalg.norm(samples - centres[lab_k.ravel()], axis=1)
    return centres, max(7.0, 3.0 * float(np.percentile(d_frame, 90)))


def fill_holes(mask: np.ndarray) -> np.ndarray:
    """``mask`` (H, W) bool with every region it encloses (not reachable from the picture's
    border) filled in."""
    bg = (~mask).astype(np.uint8)
    n, labels = cv2.connectedComponents(bg, connectivity=4)
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    outside = np.isin(labels, edge[edge > 0])
    return mask | ~outside


def _edge_density(gray: np.ndarray, window: float) -> tuple[np.ndarray, np.ndarray]:
    """Canny edges of ``gray`` (H, W) uint8 as float32 0/1, and their density in a window of
    ``window`` of the picture's larger side (both (H, W))."""
    h, w = gray.shape[:2]
    edges = canny(cv2.GaussianBlur(gray, (0, 0), 1.0), 20, 50).astype(np.float32) / 255.0
    k = max(3, int(window * max(h, w)) | 1)
    return edges, cv2.blur(edges, (k, k))


def _smooth_unlike_frame(gray: np.ndarray, frame: np.ndarray, *, window: float = 0.04,
                         density: tuple[np.ndarray, np.ndarray] | None = None
                         ) -> tuple[np.ndarray, np.ndarray] | None:
    """Pixels much smoother than a textured table: the density of Canny edges in a window of
    ``window`` of the picture's larger side, far below the frame's median density; ``None`` when
    the frame itself is smooth (a plain table: the colour cue is enough). The mask is dilated
    back by half the window (the density of a window straddling a tile's rim is mixed); smooth
    patches touching the picture's border are table. Returns the mask and its core (before
    the dilation), both (H, W) bool. ``density``: :func:`_edge_density` of ``gray``, when
    known."""
    h, w = gray.shape[:2]
    edges, dens = density if density is not None else _edge_density(gray, window)
    k = max(3, int(window * max(h, w)) | 1)
    p25, med = (float(v) for v in np.percentile(dens[frame], [25, 50]))
    if med < TEXTURED_DENSITY or p25 < 0.6 * med:
        return None  # a plain table, or one whose texture is not even (grain, a cloth's folds)
    # a tile's face is smooth but for its print (pips, a symbol): a small cluster of edges
    # standing alone, which on a small tile fills the window; the core is also judged without
    # such clusters (edges a few pixels apart are one cluster: a pattern's broken lines are a
    # large one), against the frame's density of the same
    near = cv2.dilate((edges > 0).astype(np.uint8), np.ones((5, 5), np.uint8))
    _, clusters, stats = components(near)
    small = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]) < k + 4
    small[0] = False
    long_edges = np.where(small[clusters], 0.0, edges).astype(np.float32)
    dens_long = cv2.blur(long_edges, (k, k))
    med_long = float(np.median(dens_long[frame]))
    core = (dens < 0.5 * med) | (dens_long < 0.5 * med_long)
    smooth = cv2.dilate(core.astype(np.uint8), np.ones((k, k), np.uint8))
    # what touches the picture's border is table (its pattern seen larger, nearer the camera)
    n, labels = cv2.connectedComponents(smooth, connectivity=8)
    rim = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    smooth = (labels > 0) & ~np.isin(labels, rim[rim > 0])
    if not 0.01 < smooth.mean() < 0.4:
        return None  # nothing (or too much) stands out by its smoothness
    logger.debug("textured table (edge density %.3f): %.1f%% smooth", med, 100 * smooth.mean())
    # the core grown by a quarter of the window (where the window still lies mostly on the tile)
    core = cv2.dilate(core.astype(np.uint8), np.ones((k // 2 | 1, k // 2 | 1), np.uint8)) > 0
    return smooth, core & smooth


def _without_cloth_patches(lab: np.ndarray, smooth: np.ndarray, core: np.ndarray,
                           cloth: np.ndarray, window: float, colour: np.ndarray
                           ) -> tuple[np.ndarray, np.ndarray]:
    """The texture cue (``smooth`` and its ``core``, (h, w) bool, see
    :func:`_smooth_unlike_frame`) without the stretches of the cloth itself: a cloth's
    pattern is not equally sharp everywhere (a plaid's weave of faint and strong threads, its
    contrast washed out under a lamp's highlight), and where it is faint its edges are few,
    but it still has the cloth's mixed colour. A tile's face has one paint (and its pips),
    unlike the cloth's average over its pattern unless the tile is that very colour, which
    no cue tells from the table. So a group of the core whose mean colour (CIELAB ``lab``,
    (h, w, 3) float32, lightness at half weight) lies within :data:`CLOTH_MEAN_STEP` of the
    cloth's colour averaged over :data:`CLOTH_AVERAGE` times the texture's ``window`` (a share
    of the picture's larger side) somewhere in ``cloth`` ((h, w) bool, the table's sample)
    is dropped, with the part of ``smooth`` grown from it alone. A group within the window of
    what stands out by its ``colour`` ((h, w) bool, the colour cue) is kept whatever its
    colour: cloth showing in a gap of the layout lies along the tiles' edges, which the
    lattice's search needs inside the mask."""
    h, w = lab.shape[:2]
    n, labels, stats = components(core.astype(np.uint8))
    if n < 2:
        return smooth, core
    k = max(3, int(window * max(h, w)) | 1)
    weight = np.array([0.5, 1.0, 1.0], np.float32)
    big = max(3, int(CLOTH_AVERAGE * window * max(h, w)) | 1)
    averaged = cv2.blur(lab, (big, big))[cloth] * weight
    if len(averaged) > CLOTH_SAMPLES:
        averaged = averaged[np.random.default_rng(0).choice(len(averaged), CLOTH_SAMPLES,
                                                            replace=False)]
    sums = np.stack([np.bincount(labels.ravel(), lab[..., c].ravel(), n) for c in range(3)], 1)
    means = sums / np.maximum(stats[:, cv2.CC_STAT_AREA], 1)[:, None] * weight
    step = np.sqrt(((means[:, None, :] - averaged[None]) ** 2).sum(2)).min(1)
    near = cv2.dilate(colour.astype(np.uint8), np.ones((2 * k + 1, 2 * k + 1), np.uint8)) > 0
    patch = (step < CLOTH_MEAN_STEP) & (np.bincount(labels[near], minlength=n) == 0)
    patch[0] = False
    if not patch.any():
        return smooth, core
    logger.debug("smooth stretches of the cloth itself (its mean colour): %s pixels",
                 stats[patch, cv2.CC_STAT_AREA].tolist())
    kept = (labels > 0) & ~patch[labels]
    grown = cv2.dilate(kept.astype(np.uint8), np.ones((k, k), np.uint8)) > 0
    return smooth & grown, kept


#: CIELAB distance (lightness at half weight) below which a smooth group's mean colour is the
#: cloth's own averaged colour (see :func:`_without_cloth_patches`): an independent renderer's
#: grey plaid under a lamp, its faint stretches 0-0.2 from it; the tiles on it 10-24.
CLOTH_MEAN_STEP = 5.0
#: The cloth's colour is averaged over this many times the texture cue's window (see
#: :func:`_without_cloth_patches`): a pattern whose period is about the window (gingham
#: checks the size of a tile) averages to its mixed colour only over a few periods; over
#: one period the average swings from one thread's colour to the other's (on the project's
#: renderer, white tiles on green gingham were 1-3 from a window's average, 15-16 from three
#: windows').
CLOTH_AVERAGE = 3.0
#: The cloth's averaged colours compared with at most this many of its pixels (a random
#: sample; the average varies slowly, a few thousand cover it).
CLOTH_SAMPLES = 3000


def _around(colour: np.ndarray, side: int) -> np.ndarray | None:
    """The table around the layout: a ring from :data:`AROUND_NEAR` to :data:`AROUND_FAR` of
    the picture's smaller ``side`` (pixels) away from what stands out in ``colour`` (H, W)
    bool, in neither; ``None`` when nothing stands out or the ring is small."""
    stand = cv2.morphologyEx(colour.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    if stand.mean() < 0.002:
        return None
    near = max(1, int(AROUND_NEAR * side))
    far = max(near + 2, int(AROUND_FAR * side))
    inner = cv2.dilate(stand, np.ones((2 * near + 1, 2 * near + 1), np.uint8)) > 0
    outer = cv2.dilate(stand, np.ones((2 * far + 1, 2 * far + 1), np.uint8)) > 0
    ring = outer & ~inner & ~colour
    return ring if ring.sum() >= 0.02 * ring.size else None


#: The table around the layout (see :func:`_around`): from this share of the picture's
#: smaller side away from what stands out (beyond the tiles' shadows and the texture window's
#: margin) ...
AROUND_NEAR = 0.03
#: ... to this share.
AROUND_FAR = 0.12


def _rim_steps(labels: np.ndarray, lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The colour step across the rims of the groups of ``labels`` (H, W) int32 (0:
    background): at each rim pixel of a smaller copy (CIELAB ``lab`` (h, w, 3) float32), the
    CIELAB distance between the mean colours of the group's own pixels and of the others
    within :data:`RIM_WINDOW`. Returns the rim pixels' group ids and steps, both (N,)."""
    small, rim, step = _rim_map(labels, lab)
    return small[rim], step[rim]


def _rim_map(labels: np.ndarray, lab: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_rim_steps` as maps of the smaller copy (h, w): the labels, the rim pixels
    (bool) and the colour step at every rim pixel (float32; 0 elsewhere)."""
    h, w = lab.shape[:2]
    small = cv2.resize(labels, (w, h), interpolation=cv2.INTER_NEAREST)
    inside = (small > 0).astype(np.float32)
    k = (RIM_WINDOW, RIM_WINDOW)
    w_in = cv2.blur(inside, k)
    w_out = 1.0 - w_in
    rim = (small > 0) & (cv2.erode(inside, np.ones((3, 3), np.uint8)) == 0) & (w_out > 0.05)
    # (the means and their distance only at the rim's pixels: the rest of the map is 0)
    mean_in = cv2.blur(lab * inside[..., None], k)[rim] / np.maximum(w_in[rim], 1e-6)[:, None]
    mean_out = (cv2.blur(lab * (1.0 - inside)[..., None], k)[rim]
                / np.maximum(w_out[rim], 1e-6)[:, None])
    step = np.zeros((h, w), np.float32)
    step[rim] = np.linalg.norm(mean_in - mean_out, axis=1)
    return small, rim, step


def outline_step(work: np.ndarray, mask: np.ndarray, q: float = 25) -> float:
    """The ``q``-th percentile of the colour step (CIELAB) across the rim of ``mask`` (H, W)
    bool on ``work`` (H, W, 3) uint8 BGR (see :func:`_rim_steps`): high when the region has a
    sharp outline all round (a table's edge against the floor), low when a part of it fades
    (a patch of light). 0 for an empty mask."""
    h, w = work.shape[:2]
    small = cv2.resize(work, (max(1, w // 2), max(1, h // 2)), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), 0.8)
    lab = cv2.cvtColor(small.astype(np.float32) / 255.0, cv2.COLOR_BGR2Lab)
    _, steps = _rim_steps(mask.astype(np.int32), lab)
    return float(np.percentile(steps, q)) if len(steps) else 0.0


def _soft_edged(labels: np.ndarray, n: int, lab: np.ndarray) -> np.ndarray:
    """Which of the ``n`` groups of ``labels`` (H, W) int32 (0: background) have no outline:
    the median colour step across their rim (see :func:`_rim_steps`) below
    :data:`SOFT_STEP`. Returns (n,) bool (group 0: False)."""
    ids, steps = _rim_steps(labels, lab)
    soft = np.zeros(n, bool)
    for i in range(1, n):
        s = steps[ids == i]
        soft[i] = len(s) >= 8 and float(np.median(s)) < SOFT_STEP
    return soft


#: Window (pixels of the half-size copy, about 1/250 of the picture's side) over which the
#: colours either side of a group's rim are averaged.
RIM_WINDOW = 5
#: Median CIELAB step across a group's rim below which it has no outline (a light's hot spot
#: or a soft shadow on the table: 0.8-2.7 on an independent renderer's photos; tiles' rims
#: 20-45, cards' 35).
SOFT_STEP = 5.0


def _inside_soft(labels: np.ndarray, stats: np.ndarray, soft: np.ndarray, outlined: int,
                 lab: np.ndarray) -> np.ndarray | None:
    """What lies within the groups without an outline (``soft``, (n,) bool, of ``labels``
    (H, W) int32 with ``stats`` as from ``cv2.connectedComponentsWithStats``) that are bigger
    than every outlined group (``outlined`` pixels), walled off from where they fade: a
    lamp's patch of light on the table grows into the layout lying in it or at its edge (the
    tiles are as far from the dim table at the picture's border as the lit table around
    them), so the layout is part of the soft group and would be dropped with it. Light fades
    over many pixels and a tile's edge is sharp: the patch's table is what is reached from
    the part of its rim that fades (the colour step across it below :data:`SOFT_STEP`)
    without crossing a sharp edge (a colour gradient above :data:`SHARP_GRADIENT`); the rest
    of the patch, the tiles, is foreground. ``lab``: the half-size CIELAB copy (h, w, 3)
    float32 the steps are measured on. Returns (H, W) uint8 0/1, or ``None`` when no soft
    group is that big."""
    big = soft.copy()
    big[1:] &= stats[1:, cv2.CC_STAT_AREA] > outlined
    if not big[1:].any():
        return None
    small, rim, step = _rim_map(np.where(big[labels], labels, 0), lab)
    patch = small > 0
    faded = rim & (step < SOFT_STEP)
    grad = np.zeros(patch.shape, np.float32)
    for c in range(3):
        gx = cv2.Sobel(lab[..., c], cv2.CV_32F, 1, 0, ksize=3) / 8.0
        gy = cv2.Sobel(lab[..., c], cv2.CV_32F, 0, 1, ksize=3) / 8.0
        grad += gx * gx + gy * gy
    smooth = (patch & (grad < SHARP_GRADIENT ** 2)).astype(np.uint8)
    _, parts = cv2.connectedComponents(smooth, connectivity=4)
    table = np.isin(parts, np.unique(parts[faded & (smooth > 0)]))
    table &= parts > 0
    inner = (patch & ~table).astype(np.uint8)
    logger.debug("within a group without an outline (%d pixels of the half-size copy): %d "
                 "walled off from where it fades", int(patch.sum()), int(inner.sum()))
    H, W = labels.shape[:2]
    return cv2.resize(inner, (W, H), interpolation=cv2.INTER_NEAREST)


#: CIELAB change per pixel of the half-size copy (Sobel, blurred by 0.8 px) above which a
#: pixel is on a sharp edge (see :func:`_inside_soft`): a lamp's light changes the table by
#: well under 1 per pixel; a tile's rim steps 20-45 over 2-3 pixels.
SHARP_GRADIENT = 4.0


def _near_pieces(labels: np.ndarray, stats: np.ndarray, keep: np.ndarray, inner: np.ndarray
                 ) -> np.ndarray:
    """Which groups of the foreground (``labels`` (H, W) int32, 0 the background, and
    ``stats`` (n, 5) int32 as ``cv2.connectedComponentsWithStats`` gives them) are pieces of
    the layout the keep rule dropped: a layout is one arrangement on one lattice, and where
    tiles of the table's own look (white tiles on a cream cloth, blue ones on a blue stripe)
    do not stand out, the rest of it falls apart into pieces a tile apart. A group not kept
    (``keep`` (n,) bool) is such a piece when it stands inside the picture (``inner`` (n,)
    bool: off the picture's rim, where clutter at the table's edge lies, and at least
    :data:`PIECE_MIN_SHARE` of the picture; False for the background) at a tile's size (filling at least :data:`PIECE_FILL` of its box,
    which is at most :data:`PIECE_ASPECT` times as long as wide: a tile's face or a few in a
    row, not a pen's thin stroke) and the gap between it and the kept groups is about a tile
    (:data:`PIECE_GAP`, in units of its box's shorter side, which is at least a tile's): a
    thing lying closer (a note laid against the layout, a tile beyond a dark seam) was no
    tile of the table's look away, and clutter lies further off. A piece joined lets
    the pieces near it join too. Returns (n,) bool, the pieces."""
    x0, y0 = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
    bw, bh = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    areas = stats[:, cv2.CC_STAT_AREA]
    tile = np.minimum(bw, bh).astype(float)
    candidate = (~keep & inner & (areas >= PIECE_FILL * bw * bh)
                 & (np.maximum(bw, bh) <= PIECE_ASPECT * tile))
    joined = keep.copy()
    while candidate.any():
        # each pixel's distance from the joined groups
        dist = cv2.distanceTransform((~joined[labels]).astype(np.uint8), cv2.DIST_L2, 3)
        near = np.zeros_like(candidate)
        for i in np.flatnonzero(candidate):
            box = (slice(y0[i], y0[i] + bh[i]), slice(x0[i], x0[i] + bw[i]))
            gap = float(dist[box][labels[box] == i].min())
            near[i] = PIECE_GAP[0] * tile[i] <= gap <= PIECE_GAP[1] * tile[i]
        if not near.any():
            break
        joined |= near
        candidate &= ~near
    pieces = joined & ~keep
    if pieces.any():
        logger.debug("pieces of the layout a tile from it (split by tiles of the table's "
                     "look): %s pixels", areas[pieces].tolist())
    return pieces


#: The gap between a piece of the layout and the rest of it (see :func:`_near_pieces`), in
#: units of the piece's box's shorter side (a tile's side for a lone tile): a tile of the
#: table's look between them, seen a little wider or narrower for the mask's margin
#: (an independent renderer's red tiles beyond white and blue ones on a blue-striped cream
#: cloth: 0.8-1.0). Closer is something laid against the layout (a note: 0.1) or a tile
#: beyond a dark seam the mask did not close; further off is clutter (a mug beside a
#: board, 1.4).
PIECE_GAP = (0.4, 1.0)
#: A piece of the layout is at least this share of the picture (see :func:`_near_pieces`; the
#: groups of the foreground kept on a patterned table as things standing wholly inside it are
#: as big: a tile of a layout seen whole fills 0.5-1% of the picture).
PIECE_MIN_SHARE = 0.002
#: A piece of the layout fills at least this share of its box (see :func:`_near_pieces`): a
#: tile's face, square or seen in perspective, fills 0.6-0.9 of its box (0.5 when turned by 45
#: degrees); a pen, a cable, a thin stroke lying askew, far less.
PIECE_FILL = 0.4
#: A piece of the layout's box is at most this many times as long as wide (see
#: :func:`_near_pieces`): up to three tiles in a row, or one seen at a slant (a square tile
#: foreshortened to half its height at a 30 degree view); a pen is ten times as long.
PIECE_ASPECT = 4.0


#: Median edge density of the picture's frame above which the table counts as patterned (the
#: frame's quartile must be close to it too: the pattern covers the whole table).
TEXTURED_DENSITY = 0.1


#: A group of the foreground stands out by its colour when at least this share of its pixels
#: does (see :func:`_colour_weights`): tiles of paints the cloth lacks. (Measured on the
#: independent renderer's cream floral cloth with red and blue flowers, hard 742: the tiles'
#: groups 0.87-0.96, the cloth's smooth bare stretches 0.00-0.01, groups of both 0.13-0.16.)
COLOURED_GROUP = 0.5
#: The groups are weighed by their pixels standing out in colour (see :func:`_colour_weights`)
#: only where the groups that weighing keeps cover at least this share of the picture, a small
#: layout's: three tiles of a layout seen whole (each 0.5-1% of the picture, see
#: :data:`PIECE_MIN_SHARE`). One coloured thing of a tile's size (a red die, a coaster) beside a
#: layout of white tiles on a cream cloth, which shows few pixels in the colour cue, is no
#: layout: weighing by colour there would keep it alone and drop the layout. (The groups
#: standing out by colour need not cover as much themselves: on hard 742's floral cloth two
#: tiles' groups, 0.8% of the picture, stand out, most tiles lying in groups joined to the
#: cloth's bare ground, 0.15 of their pixels coloured; the groups kept cover 4.9%.)
COLOURED_LAYOUT_SHARE = 0.015
#: A group of the foreground is kept where it weighs at least this share of the heaviest (its
#: area, or see :func:`_colour_weights`): the layout is one big group, clutter and odd patches
#: of the table are smaller.
GROUP_KEEP = 0.3


def _colour_weights(labels: np.ndarray, n: int, areas: np.ndarray, colour: np.ndarray,
                    inner: np.ndarray) -> np.ndarray:
    """The weights ``(n - 1,)`` the groups of a patterned table's foreground (``labels``
    ``(H, W)`` of ``n`` labels, 0 the background; ``areas`` ``(n - 1,)`` their pixels, ``inner``
    ``(n - 1,)`` bool those apart from the picture's border) are kept by: their areas, or,
    where an inner group stands out by its colour (:data:`COLOURED_GROUP` of its pixels in the
    colour cue ``colour``, (h, w) bool at any size), the areas of the groups that do and the
    pixels in the colour cue of those that do not, if the inner groups these weights keep
    (:data:`GROUP_KEEP` of the heaviest) cover a small layout (:data:`COLOURED_LAYOUT_SHARE` of
    the picture); float either way. The texture cue also finds the cloth's own smooth
    stretches (the bare ground between a floral print's sparse motifs, smooth as a tile's face
    and larger than a small layout), which stand out by no colour: where the tiles do, such a
    stretch weighs nothing, however big, and one joined to a few tiles weighs as they do.
    (Cards in the cloth's own ink, green cards on a green polka-dot cloth, stand out by colour
    over 0.6 of their group: they count whole.)"""
    h, w = labels.shape[:2]
    standing = cv2.resize(colour.astype(np.uint8), (w, h), interpolation=cv2.INTER_NEAREST)
    coloured = np.bincount(labels.ravel(), standing.ravel(), n)[1:]
    stands = coloured >= COLOURED_GROUP * areas
    if not (inner & stands).any():
        return areas.astype(float)
    weight = np.where(stands, areas, coloured).astype(float)
    kept = inner & (weight >= GROUP_KEEP * weight[inner].max())
    if areas[kept].sum() < COLOURED_LAYOUT_SHARE * h * w:
        logger.debug("the groups kept by colour cover %.4f of the picture, no layout: weighed by "
                     "their areas", areas[kept].sum() / (h * w))
        return areas.astype(float)
    logger.debug("groups weighed by their pixels standing out in colour: %s of %s",
                 weight.astype(int).tolist(), areas.tolist())
    return weight


def foreground_mask(work: np.ndarray, *, border: float = 0.06, texture: bool = True,
                    info: dict | None = None, table: np.ndarray | None = None,
                    window: float = 0.04, join_pieces: bool = False) -> np.ndarray:
    """Pixels that are probably not table.

    The table (and the clutter at its edge) fills the border of a photo of a layout. A pixel is
    foreground when its colour is rare in that frame (histogram back-projection) or far from all
    of the frame's colour clusters, or, on a patterned table, when it is far smoother than the
    table. The layout is the big group: groups much smaller than the biggest are dropped, and
    so are groups touching the picture's border (clutter at the table's edge) when a big one
    lies wholly inside. Groups without an outline (a lamp's light on the table) are dropped,
    but what their sharp edges wall off from where they fade is kept (tiles in the light).

    Parameters
    ----------
    work : ndarray (H, W, 3) uint8 BGR, the downscaled photo.
    border : width of the frame taken as table, as a share of the picture's smaller side.
    texture : use the texture cue (a board's mask is filled from its outline instead).
    info : if given, ``info["textured"]`` is set to whether the table is patterned, on a
        patterned table ``info["tight"]`` to the mask without the texture cue's margin, and
        ``info["groups"]`` to the number of groups kept.
    table : (H, W) bool, the table when its edge lies inside the picture (the floor around
        it, not the table, fills the picture's border): the frame is then the table's own
        rim, and what lies off the table is not foreground.
    window : the texture cue's window, a share of the picture's larger side (a crop of a
        photo keeps the whole photo's window: the cloth's pattern is seen as large).
    join_pieces : the tiles are solid, one paint each, so a tile of the table's own look
        vanishes into it whole and may split the layout: pieces a tile away from the kept
        groups are kept too (see :func:`_near_pieces`; on a plain table only). Not for tiles
        of several paints or printed cards, of which some part always stands out, nor boards.

    Returns
    -------
    ndarray (H, W) bool.
    """
    h, w = work.shape[:2]
    # colours are judged on a quarter-size copy (the mask only needs to be coarse)
    small = cv2.resize(work, (max(1, w // 2), max(1, h // 2)), interpolation=cv2.INTER_AREA)
    sgray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    small = cv2.GaussianBlur(small, (0, 0), 0.8)
    lab = cv2.cvtColor(small.astype(np.float32) / 255.0, cv2.COLOR_BGR2Lab)
    sh, sw = lab.shape[:2]
    b = max(2, int(border * min(sh, sw)))
    frame = np.zeros((sh, sw), bool)
    frame[:b], frame[-b:], frame[:, :b], frame[:, -b:] = True, True, True, True
    on_table = None
    if table is not None:
        # the table's rim, a little inside its edge (the edge's own pixels mix in the floor)
        on_table = cv2.resize(table.astype(np.uint8), (sw, sh), interpolation=cv2.INTER_NEAREST)
        edge = cv2.erode(on_table, np.ones((5, 5), np.uint8))
        inner = cv2.erode(edge, np.ones((2 * b + 1, 2 * b + 1), np.uint8))
        if (edge > inner).sum() >= 200:
            frame = edge > inner
            on_table = inner > 0
        else:
            on_table = None
    colour = _rare_in_frame(lab, frame) | _far_from_frame(lab, frame)
    if on_table is not None:
        colour &= on_table
    fg = colour
    density = _edge_density(sgray, window) if texture else None
    texture_cue = (_smooth_unlike_frame(sgray, frame, window=window, density=density)
                   if texture else None)
    cloth = frame
    if texture and texture_cue is None:
        # the picture's border may be the floor or the table's edge rather than the table:
        # the table is what lies around the layout
        around = _around(colour, min(sh, sw))
        if around is not None:
            cloth = around
            texture_cue = _smooth_unlike_frame(sgray, around, window=window, density=density)
    smooth = None
    if texture_cue is not None:
        smooth, core = _without_cloth_patches(lab, *texture_cue, cloth, window, colour)
        fg = colour | smooth
    if info is not None:
        info["textured"] = smooth is not None
        if smooth is not None:
            # the tighter mask for judging cells: the colour cue and the texture's core
            info["tight"] = cv2.resize((colour | core).astype(np.uint8), (w, h),
                                       interpolation=cv2.INTER_NEAREST).astype(bool)
    fg = cv2.resize(fg.astype(np.uint8), (w, h), interpolation=cv2.INTER_NEAREST)
    k = max(3, int(0.006 * max(h, w)) | 1)
    fg = cv2.morphologyEx(fg, cv2.MORPH_OPEN, np.ones((k, k), np.uint8))
    fg = cv2.morphologyEx(fg, cv2.MORPH_CLOSE, np.ones((2 * k + 1, 2 * k + 1), np.uint8))
    # the layout is one big group; clutter and odd patches of table are smaller and apart
    n, labels, stats = components(fg)
    if n > 2 and smooth is None:
        # a patch of the table in another light (a lamp's hot spot, a shadow) stands out in
        # colour but has no outline: its light fades over many pixels, a tile's edge is sharp
        soft = _soft_edged(labels, n, lab)
        if soft.any() and not soft.all():
            logger.debug("groups without an outline (not tiles): %s pixels",
                         stats[1:, cv2.CC_STAT_AREA][soft[1:]].tolist())
            kept = stats[1:, cv2.CC_STAT_AREA][~soft[1:]]
            inside = _inside_soft(labels, stats, soft, int(kept.max(initial=0)), lab)
            fg = np.where(soft[labels], 0, fg).astype(np.uint8)
            if inside is not None:
                fg |= inside
            n, labels, stats = components(fg)
    if n > 2:
        areas = stats[1:, cv2.CC_STAT_AREA]
        x, y = stats[1:, cv2.CC_STAT_LEFT], stats[1:, cv2.CC_STAT_TOP]
        x1 = x + stats[1:, cv2.CC_STAT_WIDTH]
        y1 = y + stats[1:, cv2.CC_STAT_HEIGHT]
        at_rim = (x <= 0) | (y <= 0) | (x1 >= w) | (y1 >= h)
        keep = np.zeros(n, bool)
        keep[1:] = areas >= GROUP_KEEP * areas.max()
        inner = ~at_rim & (areas >= PIECE_MIN_SHARE * h * w)
        if smooth is not None and inner.any():
            # on a patterned table the smooth things are the tiles and the clutter at the
            # table's edge (notes, a box), which touches the picture's border; weighed by what
            # stands out in colour where a group does (see _colour_weights)
            weight = _colour_weights(labels, n, areas, colour, inner)
            keep[1:] = ~at_rim & (weight >= GROUP_KEEP * weight[inner].max())
        if join_pieces and smooth is None:
            # (on a patterned table the texture cue's groups include smooth stretches of the
            # cloth itself, of a tile's size and anywhere: no sign of a piece of the layout)
            standing = np.zeros(n, bool)
            standing[1:] = inner
            keep |= _near_pieces(labels, stats, keep, standing)
        fg = keep[labels].astype(np.uint8)
        n = int(keep.sum()) + 1
    if info is not None:
        info["groups"] = max(n - 1, 0)
    fg = fg.astype(bool)
    if info is not None and "tight" in info:
        info["tight"] &= fg
    return fg
