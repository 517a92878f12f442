"""Paints seen through a glare: the lamp's reflection on a glossy face adds the lamp's light.

A tile's glossy face under a lamp shows a hot spot where it reflects the lamp: the light added
is the lamp's own colour, whatever the paint (linear BGR ``observed = a * paint + g * lamp``,
clipped by the camera; ``a`` the face's shading, ``g`` the glare). Under a daylight-white lamp
the added light is grey and a paint keeps its hue as it pales; under a warm lamp (3000 K, the
camera's white balance removing only part of it) it is cream or yellow, and every paint in the
hot spot moves towards yellow: a red or a green washed out by it lies nearer the palette's
yellow than its own colour (observed with a calibration profile, whose colours are learnt
under that lamp and lie nearer each other: Twelve Tiles' sectors of one tile in a hot spot read
as yellow or green, at CIEDE2000 20-38 from their own paint). The nearest paint *with some
glare added* names them right, as it does for grey glare too.

The glare over one tile is about even (the hot spot is many tiles wide, a tile's sectors lie
within a few centimetres of each other): a tile's sectors are judged at about one glare
(:func:`through_cell_glare`, :data:`CELL_GLARE_SLACK`).

The glare's colour as recorded is the lamp's white as the camera kept it. The light fitted over
the layout (a gain per channel) tells it only where its channels are well measured: a saturated
paint's weak channels (red's green and blue, blue's red) hardly constrain their gains, and a
glare-washed layout or a dark board (the camera exposing up, the strong channels clipped) leave
gains of 1.5 against 3.5 between channels -- a magenta or deep orange "lamp" no lamp is. The
camera's white balance records a lamp's reflection about grey, so a tile's glare is also looked
for in grey (:func:`sector_glare_distances`), each tile taking the look that fits it best.

Conventions: Lab ``(N, 3)`` CIELAB; a light (correction) ``(2, 3)``: gain and offset per linear
BGR channel of the forward model ``observed = clip(gain * true + offset)`` (see
:func:`vision.colour.classify_adaptive`); the lamp's white ``(3,)`` linear BGR as the palette's
colours were recorded (relative: its largest channel 1).
"""
from __future__ import annotations

import logging

import numpy as np

from vision.colour import (palette_linear, Palette, as_correction, bgr_to_lab, ciede2000,
                           lab_to_bgr, linear_to_srgb, masked_pixels, percentile_last,
                           srgb_to_linear)

logger = logging.getLogger(__name__)

#: The glare looked for, in units of the light a white paint reflects under the fitted light
#: (0: none; 1.2: more than a white face, as in a hot spot that blows a face out).
GLARE_STEPS = np.linspace(0.0, 1.2, 25)
#: Each unit of glare costs this much (CIEDE2000) against a paint seen without it: a sample that
#: fits a paint plainly is named so, and the glare explains only what no paint fits (chosen on
#: the calibration measure's Twelve Tiles sectors at the true cells, 3000 K: 4-12 name as many
#: right; 8 kept).
GLARE_COST = 8.0
#: The face's shading ``a`` within the glare (a lamp near enough to show in the gloss lights
#: the face a little more or less than the light fitted over the layout).
SHADE_RANGE = (0.7, 1.4)
#: A sector's shading is fitted on its unclipped channels within this range: where a hot spot
#: clips a paint's strong channels only its weak ones are left, and a phone's processing (its
#: colour matrix and saturation applied after the sensor clipped) spreads the channels of a
#: washed-out paint further apart than the paint's own share of the light would (a blue in a
#: hot spot recorded (0.98, 0.98, 0.5) linear BGR: blue only at 2.8 times the light fitted).
SECTOR_SHADE_RANGE = (0.7, 3.0)
#: A linear channel at least this bright is taken as clipped by the camera (sRGB 247 of 255: a
#: clipped channel's JPEG value lies at 250-255 with noise and compression).
CLIPPED_LINEAR = 0.93
#: A tile's sectors are judged at the tile's glare up to this many steps of
#: :data:`GLARE_STEPS` either way (0.1 of a white face's light: a lamp's hot spot may be hardly
#: wider than a tile, so its veil falls off across the tile's face and one sector shows more of
#: it than the opposite one). 0 (one glare per tile): 64 wrong cells on the Twelve Tiles photos
#: of the independent development sets, the project's dev set and bench45; 2: 62 (six photos a
#: cell better, two worse); 4 (0.2 either way) let a pale blue sector beside green ones in a
#: glare fit green as well as blue (the independent renderer's Twelve Tiles hard seed 2: a tile
#: left unread).
CELL_GLARE_SLACK = 2


#: A tile's glare is looked for in grey too (see :func:`sector_glare_distances`) when one of its
#: samples lies further than this (CIEDE2000) from every paint through the fitted light's glare.
#: (A clear sector lies 2-9 from its paint; the washed-out sectors read wrong through a tilted
#: light 12-35: the independent renderer's normal 101 and 102.)
GREY_RELOOK = 10.0


def glare_distances(lab: np.ndarray, palette: Palette, correction: np.ndarray,
                    lamp: np.ndarray, *, steps=GLARE_STEPS, cost: float = GLARE_COST,
                    shade: tuple[float, float] = SHADE_RANGE, balanced: bool = False,
                    unclipped: bool = False, discounted: bool = False) -> np.ndarray:
    """Distances ``(N, K, G)`` (CIEDE2000 plus ``cost`` per unit of glare) of Lab samples
    ``(N, 3)`` to each palette colour under ``correction`` with the glare of each of ``steps``
    (``G``; :data:`GLARE_STEPS`) of the ``lamp``'s white added, the shading ``a`` fitted per
    sample and colour (least squares in linear light, within ``shade``; ``(1, 1)``: none; with
    ``unclipped``, on the channels the camera did not clip, :data:`CLIPPED_LINEAR`).
    ``balanced``: the lamp's white as the camera's white balance records it, grey at the
    brightest channel of the white under ``correction`` (see the module's docstring).
    ``discounted``: the samples and the colours so predicted compared with ``correction``
    discounted (:func:`discounted_lab`), in the palette's own terms rather than the camera's."""
    lab = np.asarray(lab, np.float64).reshape(-1, 3)
    c = as_correction(correction)
    paint = palette_linear(palette) * c[0]  # (K, 3)
    white = np.asarray(lamp, np.float64) / max(float(np.max(lamp)), 1e-6) * c[0]  # (3,)
    if balanced:
        white = np.full(3, float(np.max(white)))
    recorded = srgb_to_linear(lab_to_bgr(lab)).astype(np.float64)  # (N, 3)
    obs = recorded - c[1]
    n, k = len(obs), len(paint)
    g = np.asarray(steps, np.float64)  # (G,)
    # (the channels the shading is fitted on, (N, 3): a clipped channel tells only that the
    # light there reached the top, not how far beyond; all three clipped: all three)
    used = np.ones((n, 3))
    if unclipped:
        used = (recorded < CLIPPED_LINEAR).astype(np.float64)
        used[used.sum(axis=1) == 0] = 1.0
    seen = np.clip(shaded_with_glare(obs, paint, g, white, shade, used) + c[1],
                   0.0, 1.0)  # (N, K, G, 3)
    if discounted:
        return ciede2000(discounted_lab(recorded, c)[:, None, None, :],
                         discounted_lab(seen, c)) + cost * g
    seen_lab = bgr_to_lab(linear_to_srgb(seen.reshape(-1, 3)).astype(np.float32))
    seen_lab = seen_lab.reshape(n, k, len(g), 3)
    return ciede2000(lab[:, None, None, :], seen_lab) + cost * g


#: The shading's range for :func:`toned_glare_distances`, as the recorded (sRGB) values scale:
#: :data:`SHADE_RANGE` of linear light through the sRGB curve's exponent (about 1 / 2.2).
TONED_SHADE_RANGE = (SHADE_RANGE[0] ** (1 / 2.2), SHADE_RANGE[1] ** (1 / 2.2))


def toned_glare_distances(lab: np.ndarray, palette: Palette, correction: np.ndarray,
                          lamp: np.ndarray, *, steps=GLARE_STEPS, cost: float = GLARE_COST,
                          balanced: bool = False, discounted: bool = False) -> np.ndarray:
    """Distances ``(N, K, G)`` as :func:`glare_distances`', with the glare added to the values
    the camera recorded (sRGB, after its tone curve) rather than to the linear light: each
    paint as recorded under ``correction`` (shaded by a factor within
    :data:`TONED_SHADE_RANGE`) plus ``steps`` ``(G,)`` of the ``lamp``'s white as recorded
    (its largest channel's value 1 a unit; ``balanced``: grey at that value, as the camera's
    white balance records a lamp's reflection), clipped at 1; ``cost`` per unit of glare.

    A phone compresses a hot spot's highlights after the sensor (its tone curve's shoulder, a
    local tone mapping): a veil added in linear light pales a paint's weak channels first (an
    orange towards a pale yellow, a red towards a pink), while a hot spot recorded so keeps
    the paint's own hue longer, its channels lifted alike (an orange washed to L* 97 still at
    b* 37, a brown to a salmon: the independent renderer adds its hot spot's veil so, after its
    gamma). Such a washed brown the linear veil names orange or red: final19
    octopus-hard-1996's washed browns fit orange (or red) through the linear glare and the
    exposure at 5-8 CIEDE2000, brown through this one at 4.5-6.5 with the glare's price (8 a
    unit). This is the renderer's model rather than a phone's: the caller prices it above the
    linear glare (``cost``, see :data:`vision.cells.TONED_GLARE_COST`). ``discounted``: compared
    with ``correction`` discounted (:func:`discounted_lab`)."""
    lab = np.asarray(lab, np.float64).reshape(-1, 3)
    c = as_correction(correction)
    paint = linear_to_srgb(np.clip(palette_linear(palette) * c[0] + c[1], 0.0, 1.0))  # (K, 3)
    white = linear_to_srgb(np.clip(np.asarray(lamp, np.float64)
                                   / max(float(np.max(lamp)), 1e-6) * c[0], 0.0, 1.0))  # (3,)
    if balanced:
        white = np.full(3, float(np.max(white)))
    obs = np.asarray(lab_to_bgr(lab), np.float64)  # (N, 3) recorded sRGB
    n, k = len(obs), len(paint)
    g = np.asarray(steps, np.float64)  # (G,)
    seen = np.clip(shaded_with_glare(obs, np.asarray(paint, np.float64), g,
                                     np.asarray(white, np.float64), TONED_SHADE_RANGE,
                                     np.ones((n, 3))), 0.0, 1.0)  # (N, K, G, 3) sRGB
    if discounted:
        recorded = srgb_to_linear(obs).astype(np.float64)
        return ciede2000(discounted_lab(recorded, c)[:, None, None, :],
                         discounted_lab(srgb_to_linear(seen).astype(np.float64), c)) + cost * g
    seen_lab = bgr_to_lab(seen.reshape(-1, 3).astype(np.float32)).reshape(n, k, len(g), 3)
    return ciede2000(lab[:, None, None, :], seen_lab) + cost * g


def shaded_with_glare(obs: np.ndarray, paint: np.ndarray, steps: np.ndarray, white: np.ndarray,
                      shade: tuple[float, float], used: np.ndarray) -> np.ndarray:
    """Each paint of ``paint`` ``(K, 3)`` as seen under each glare of ``steps`` ``(G,)`` of
    ``white`` ``(3,)`` added, shaded to fit each observed colour of ``obs`` ``(N, 3)`` (least
    squares on the channels ``used`` ``(N, 3)``, 1 or 0, within ``shade``): ``(N, K, G, 3)``,
    not clipped. (All steps at once: the paint's share of the light, its shading, the colour
    seen; the caller's units, linear light or recorded sRGB.)"""
    pp = np.maximum(np.einsum("nc,kc->nk", used, paint * paint), 1e-9)  # (N, K)
    rest = obs[:, None, :] - steps[None, :, None] * white  # (N, G, 3)
    a = np.clip(np.einsum("ngc,kc->nkg", rest * used[:, None, :], paint) / pp[:, :, None],
                *shade)  # (N, K, G)
    return a[..., None] * paint[None, :, None, :] + (steps[:, None] * white)[None, None]


def discounted_lab(linear: np.ndarray, correction: np.ndarray) -> np.ndarray:
    """Lab ``(..., 3)`` (float64) of colours ``linear`` ``(..., 3)`` (linear BGR as the camera
    records them) with the light ``correction`` (``(2, 3)``, see
    :func:`vision.colour.classify_adaptive`) discounted: less its haze, over its gain (von
    Kries), within [0, 1]: the colours in the palette's own terms, where CIEDE2000 measures as
    it was made to (under a strong cast the camera's terms weigh the channels by the lamp)."""
    c = as_correction(correction)
    lin = np.asarray(linear, np.float64)
    own = np.clip((lin - c[1]) / np.maximum(c[0], 1e-6), 0.0, 1.0)
    lab = bgr_to_lab(linear_to_srgb(own.reshape(-1, 3)).astype(np.float32))
    return lab.reshape(lin.shape).astype(np.float64)


def through_cell_glare(plain: np.ndarray, glare: np.ndarray | tuple[np.ndarray, ...],
                       cell: np.ndarray) -> np.ndarray:
    """Distances ``(N, K)``: each sample's distance to each colour, the plain one (``plain``
    ``(N, K)``, the reader's distance under the light) or, when smaller, the one through the
    glare of its cell (``glare`` ``(N, K, G)`` from :func:`glare_distances`, or several such
    looks of the glare, e.g. in different colours; ``cell`` ``(N,)`` the sample's tile): the
    glare (look and step) at which the tile's samples fit their nearest colours best, within
    :data:`CELL_GLARE_SLACK` steps of one look."""
    looks = glare if isinstance(glare, tuple) else (glare,)
    out = np.array(plain, np.float64)
    for c in np.unique(cell):
        rows = np.flatnonzero(cell == c)
        best_total, best_at = np.inf, None
        for look in looks:
            at = np.concatenate([plain[rows][..., None], look[rows][..., 1:]], axis=-1)  # (n, K, G)
            totals = at.min(axis=1).sum(axis=0)
            best = int(np.argmin(totals))
            if totals[best] < best_total:
                lo, hi = max(0, best - CELL_GLARE_SLACK), min(at.shape[-1], best + CELL_GLARE_SLACK + 1)
                best_total, best_at = float(totals[best]), at[..., lo:hi].min(axis=-1)
        out[rows] = best_at
    return out


#: A sample that breaks a paint's channel order (:func:`channel_order_excess`) by more than this
#: (linear light) lies further from it through the glare (:func:`sector_glare_distances`) by
#: :data:`ORDER_COST` (CIEDE2000 per unit of linear light: 0.03 beyond the slack is as far
#: as a clear sector lies from its paint). The slack holds the camera's noise and a sample's
#: mix at a sector's rim. (Measured on the independent renderer's Twelve Tiles photos, 337 of
#: them, 27 thousand sectors: the true paint broken by none in 99.9%, by at most 0.017 on the
#: sectors of the hot-spot photos' readings, tw10dev hard 064, 120, 158, 516, final13 805,
#: final16 1605, 1606; greens washed in a warm lamp's hot spot broke the yellow's by 0.08-0.19.)
ORDER_SLACK = 0.05
ORDER_COST = 300.0
#: ... and at most this (CIEDE2000, as :data:`vision.profile_use.CLIP_INCONSISTENT_COST`): the
#: bound holds for glare of the modelled lamp white, which the fitted light measures poorly (the
#: module's docstring); a lamp warmer than modelled can break a true paint's order by 0.1-0.16.
ORDER_COST_MAX = 20.0
#: A paint's channel counts as above another for :func:`channel_order_excess` when it is at
#: least this many times the other, both as the palette holds it and under the light, and ``i`` is
#: the paint's strongest channel (as :func:`vision.profile_use.clip_consistent_distances` judges: the
#: weak channels are the ones the light measures poorly): Twelve
#: Tiles' paints keep their red and green apart (linear: yellow's red 1.53 times its green,
#: red's 18, green's green 7, blue's 7), while the weak channels of a saturated paint tie
#: (green's blue and red 1.33, red's green and blue 1.36) and the light fitted over a layout
#: measures them poorly: a warm lamp's hot spot lifted a green's red above its blue where the
#: fitted light's gains (blue 1.14, red 0.83) made blue the larger (tw10dev hard 064).
ORDER_RATIO = 1.45


def channel_order_excess(lab: np.ndarray, palette: Palette, correction: np.ndarray,
                         lamp: np.ndarray) -> np.ndarray:
    """How far ``(N, K)`` (linear light, 0 when none) each Lab sample ``(N, 3)`` breaks the
    order of two channels that each palette colour keeps however it is shaded and whatever
    glare of the ``lamp``'s white ``(3,)`` (linear BGR, as for :func:`glare_distances`) it
    shows, under ``correction`` (``(2, 3)``).

    ``observed = clip(a * paint + g * white + offset)`` with ``a, g >= 0``: where a paint's
    channel ``i`` lies above its ``j`` (by :data:`ORDER_RATIO`) and the white's does too, the
    sample's ``i`` (less the offset) lies at or above its ``j`` as long as ``i`` is not clipped
    (a clip only lowers ``j``). Where the white's ``j`` lies above its ``i``, the glare may lift
    ``j`` by at most ``g (W_j - W_i)`` more, and ``g <= obs_i / W_i``. A yellow's red therefore
    never lies below its green: a sector whose green is clipped and whose red clearly is not is
    no yellow, however near the pale yellow its colour comes (a green in a warm lamp's hot spot,
    recorded (0.38, 0.99, 0.80) linear BGR, lies nearer the yellow with glare added than the
    green by CIEDE2000)."""
    lab = np.asarray(lab, np.float64).reshape(-1, 3)
    c = as_correction(correction)
    own = palette_linear(palette)  # (K, 3)
    paint = own * c[0]
    white = np.asarray(lamp, np.float64) / max(float(np.max(lamp)), 1e-6) * c[0]  # (3,)
    recorded = srgb_to_linear(lab_to_bgr(lab)).astype(np.float64)  # (N, 3)
    obs = np.maximum(recorded - c[1], 0.0)  # (the model's obs >= 0: below is the offset's misfit)
    strongest = own.argmax(axis=1)[:, None, None] == np.arange(3)[None, :, None]  # (K, 3, 1)
    keeps = (strongest & (own[:, :, None] >= ORDER_RATIO * own[:, None, :])
             & (paint[:, :, None] >= ORDER_RATIO * paint[:, None, :]))  # (K, 3, 3): [k, i, j] i > j
    # (the most the glare can lift j above i: [n, i, j])
    lift = (np.maximum(obs, 0.0) / np.maximum(white, 1e-6))[:, :, None] * np.maximum(
        white[None, :] - white[:, None], 0.0)[None]
    over = obs[:, None, :] - obs[:, :, None] - lift  # (N, 3, 3): obs_j - obs_i beyond the lift
    over = np.where((recorded < CLIPPED_LINEAR)[:, :, None], over, 0.0)  # (i not clipped)
    return np.maximum(np.where(keeps[None], over[:, None], 0.0).max(axis=(2, 3)), 0.0)


def sector_glare_distances(lab: np.ndarray, plain: np.ndarray, palette: Palette,
                           correction: np.ndarray, lamp: np.ndarray, cell: np.ndarray, *,
                           measured: bool = False) -> np.ndarray:
    """Distances ``(N, K)`` of a tile face's samples ``lab`` ``(N, 3)`` (``cell`` ``(N,)`` their
    tile; ``plain`` ``(N, K)`` their distances under the light ``correction``) through its
    tile's glare (see :func:`through_cell_glare`), the lamp's white (``(3,)``, see
    :func:`glare_distances`) as the fitted light records it or as the camera's white balance
    does (the latter for tiles with a sample the former leaves further than
    :data:`GREY_RELOOK`): each tile the look that fits it best. The fitted light's white is
    taken as a lamp's (:func:`lamp_like`) unless the glare's colour was ``measured`` in the photo
    (a lamp off the blackbody's locus, an LED's, keeps its colour). A paint whose channels' order
    a sample breaks (:func:`channel_order_excess`) lies further from it by :data:`ORDER_COST`
    per unit beyond :data:`ORDER_SLACK` (at most :data:`ORDER_COST_MAX`)."""
    white = lamp if measured else lamp_like(lamp, correction)
    fitted = glare_distances(lab, palette, correction, white,
                             shade=SECTOR_SHADE_RANGE, unclipped=True)
    out = through_cell_glare(plain, fitted, cell)
    # (the grey look for the tiles the fitted one leaves a sample unexplained on: it costs as
    # much again, and a tile whose paints all fit through the fitted light keeps their names)
    poor = np.isin(cell, cell[out.min(axis=1) > GREY_RELOOK])
    if poor.any():
        grey = glare_distances(lab[poor], palette, correction, lamp, balanced=True,
                               shade=SECTOR_SHADE_RANGE, unclipped=True)
        out[poor] = through_cell_glare(plain[poor], (fitted[poor], grey), cell[poor])
    # (a paint whose channels' order the sample breaks fits it through no glare: the grey
    # look's white keeps every order, so the fitted white's is the one that may lift a channel)
    excess = channel_order_excess(lab, palette, correction, white)
    cost = np.minimum(ORDER_COST * np.maximum(excess - ORDER_SLACK, 0.0), ORDER_COST_MAX)
    moved = int(np.count_nonzero(out.argmin(axis=1) != (out + cost).argmin(axis=1)))
    if moved:
        logger.debug("channel order moved %d of %d sectors' nearest paint", moved, len(out))
    return out + cost


def lamp_like(lamp: np.ndarray, correction: np.ndarray) -> np.ndarray:
    """The lamp's white ``(3,)`` (linear BGR in the palette's terms, as ``lamp``) with its
    white as recorded under ``correction`` (``lamp`` times the light's gains) made one a lamp
    can have: its green between its blue and its red.

    A lamp's light lies near the blackbody locus, from the warm of a bulb (red over green over
    blue) to the blue of a cloudy sky, and the camera's white balance, which only scales each
    channel, moves it along that locus towards grey; it is never green, nor magenta (green
    above or below both of the others). The light fitted over a layout of saturated paints
    measures their weak channels poorly, and its white often is (the independent renderer's
    Twelve Tiles under a 3374 K lamp: BGR 0.7, 1, 0.69, a green no lamp is; under 6416 K:
    0.68, 0.42, 1, a magenta): such a white's green is taken as the geometric mean of its
    blue and red (the middle of the two in the log-chromaticity where the locus runs about
    straight), which only the glare's colour uses (the paints keep the fitted light)."""
    c = as_correction(correction)[0]
    white = np.asarray(lamp, np.float64) * c
    b, g, r = white
    if min(b, r) <= g <= max(b, r):
        return np.asarray(lamp, np.float64)
    return np.array([b, np.sqrt(b * r), r]) / np.maximum(c, 1e-6)


#: A sector's pixels are taken as falling off across a glare when their lightness spreads this
#: much (CIELAB L*, 10th to 90th percentile of its unclipped pixels): on the calibration
#: measure's Twelve Tiles photos (3000 K lamp) a sector away from the hot spot spreads about 1
#: (noise, shading), sectors under the edge of the hot spot 4-15.
GLARE_FALLOFF_L = 4.0
#: ... and the unclipped pixels a sector needs for that (of about 200 per sector at the
#: reader's cell size).
GLARE_FALLOFF_PIXELS = 20
#: The glare's colour is measured only from this many such sectors or more: one sector's
#: brightening may be its shading (a paint's own colour, not the lamp's); the median of several
#: sectors of different paints leaves the lamp's.
GLARE_FALLOFF_SECTORS = 3


def glare_colour(regions) -> np.ndarray | None:
    """The colour ``(3,)`` linear BGR (largest channel 1) of the glare on the tiles of a photo
    as the camera recorded it, measured where a glare falls off across a sector; None when
    fewer than :data:`GLARE_FALLOFF_SECTORS` sectors show one.

    ``regions``: pairs of Lab cells ``(N, h, w, 3)`` and one sector's ``(h, w)`` bool mask in
    them. Within one sector the paint and its light are even (``a * paint``) while a lamp's
    reflection falls off over a few centimetres (``g(x) * lamp``): between its darker and its
    brighter pixels (below the camera's clip, :data:`CLIPPED_LINEAR`) the recorded colour
    changes by ``dg * lamp``, the lamp's own colour whatever the paint. Measured thus, the lamp
    needs neither the kit's defaults nor a profile's gains to them (which a set painted 8-15
    CIEDE2000 off the defaults skews: a 3000 K lamp recorded as (0.49, 0.73, 1) BGR estimated
    (0.55, 0.95, 1) from a profile; the falloffs on that photo gave (0.41, 0.69, 1))."""
    washed = []  # (the pixels (k, 3) Lab of each sector whose lightness spreads)
    for cells, mask in regions:
        x = masked_pixels(cells, mask)  # (N, k, 3) Lab
        if x.shape[1] < GLARE_FALLOFF_PIXELS:
            continue
        # (a cheap screen on lightness first: most sectors of most photos are even)
        spread = percentile_last(x[..., 0], 90) - percentile_last(x[..., 0], 10)
        washed += [x[i] for i in np.flatnonzero(spread >= GLARE_FALLOFF_L)]
    if len(washed) < GLARE_FALLOFF_SECTORS:
        return None
    # (one conversion for all of them)
    lin = np.split(srgb_to_linear(lab_to_bgr(np.concatenate(washed))).astype(np.float64),
                   np.cumsum([len(px) for px in washed])[:-1])
    dirs = [d for px, ln in zip(washed, lin) if (d := _falloff_direction(px, ln)) is not None]
    if len(dirs) < GLARE_FALLOFF_SECTORS:
        return None
    lamp = np.median(np.array(dirs), axis=0)
    logger.debug("glare colour %s from %d sectors", np.round(lamp, 3), len(dirs))
    return lamp / lamp.max()


def _falloff_direction(px: np.ndarray, lin: np.ndarray) -> np.ndarray | None:
    """The change ``(3,)`` linear BGR (largest channel 1) from a sector's darkest fifth of
    pixels to its brightest fifth (``px`` ``(k, 3)`` Lab, ``lin`` the same in linear BGR;
    clipped pixels left out), or None when the sector is even or does not brighten in every
    channel (not a light added)."""
    ok = lin.max(axis=1) < CLIPPED_LINEAR
    if ok.sum() < GLARE_FALLOFF_PIXELS:
        return None
    L = px[ok, 0]
    p10, p20, p80, p90 = np.percentile(L, (10, 20, 80, 90))
    if p90 - p10 < GLARE_FALLOFF_L:
        return None
    change = lin[ok][L >= p80].mean(axis=0) - lin[ok][L <= p20].mean(axis=0)
    if change.min() <= 0:
        return None
    return change / change.max()


#: The exposures a tile's face may show against the light fitted over the layout, as factors of
#: linear light (a lamp's hot spot lights the faces under it several times more than the
#: layout's edges; the camera then clips their strong channels: an orange's red clips while its
#: green still rises, and the clipped orange takes a yellow's hue).
EXPOSURE_STEPS = np.geomspace(0.5, 4.0, 16)
#: A tile's own exposure costs this much (CIEDE2000, added to its samples' summed distances to
#: their nearest paints) per doubling of the light away from the light fitted over the layout,
#: either way (brighter or darker):
#: exposures alias paints onto one another (an orange at about three times the light is
#: recorded as a yellow is at it, a yellow at three times clips towards white; a red at three
#: times is recorded near an orange), and of two exposures that fit a face about alike the one
#: nearer the layout's light is the likelier. A tie-breaker, half a just-noticeable difference
#: a doubling over a face's four samples. Measured on the 378 X-Tiles development photos of
#: the independent renderer: final26 x-tiles-hard-4008, three faces under a hot spot read with
#: their yellows and oranges swapped, 4 cells wrong -> 1, no photo worse; 0.25 fixed none, 1
#: made xt51 hard-2694 2 -> 4 (its hard photos 82 -> 81), 3 worse still (final16 hard-1602 +1,
#: xt50 normal-2585 +2); see the helper xt61's report.
EXPOSURE_PRIOR = 0.5


def exposed_lab(paint: np.ndarray, exposures, offset: np.ndarray | None = None) -> np.ndarray:
    """Lab ``(S, K, 3)`` (float64) of paints ``paint`` ``(K, 3)`` (linear BGR under the light)
    as the camera records them lit ``exposures`` ``(S,)`` times (plus ``offset`` ``(3,)``, the
    light's haze), each channel clipped at its white: a strong channel stops while the weak
    ones still rise, and the paint's hue moves."""
    k = np.asarray(exposures, np.float64)
    paint = np.asarray(paint, np.float64)
    seen = k[:, None, None] * paint[None]
    if offset is not None:
        seen = seen + offset
    seen = np.clip(seen, 0.0, 1.0)  # (S, K, 3)
    seen_lab = bgr_to_lab(linear_to_srgb(seen.reshape(-1, 3)).astype(np.float32))
    return seen_lab.reshape(len(k), len(paint), 3).astype(np.float64)


def tile_exposure_distances(lab: np.ndarray, plain: np.ndarray, palette: Palette,
                            correction: np.ndarray, cell: np.ndarray) -> np.ndarray:
    """Distances ``(N, K)`` of a tile face's samples ``lab`` ``(N, 3)`` (``cell`` ``(N,)`` their
    tile) to each palette colour as the camera records it under the light ``correction`` at
    the tile's own exposure, clipped (:data:`EXPOSURE_STEPS`): the exposure at which the tile's
    samples fit their nearest colours best, with :data:`EXPOSURE_PRIOR` added a doubling of the
    light away from the light fitted (exposures alias paints); a tile whose samples fit better
    as they are (``plain`` ``(N, K)``, their distances under the light) keeps ``plain``.

    The hot spot of a lamp spans many tiles but varies across the layout, so one light fitted
    over the layout leaves the tiles under it brighter than predicted; a tile's sectors lie
    within a few centimetres and share one exposure. A colour whose strongest channel clips
    loses its hue: an orange at twice the light is recorded as a yellow, while the yellow at
    twice the light clips to a near white, and the tile's other paints (a red, a blue) show how
    bright the light there is."""
    lab = np.asarray(lab, np.float64).reshape(-1, 3)
    c = as_correction(correction)
    paint = palette_linear(palette) * c[0]  # (K, 3)
    seen_lab = exposed_lab(paint, EXPOSURE_STEPS, c[1])  # (S, K, 3)
    d = ciede2000(lab[:, None, None, :], seen_lab[None])  # (N, S, K)
    out = np.array(plain, np.float64)
    prior = EXPOSURE_PRIOR * np.abs(np.log2(EXPOSURE_STEPS))  # (S,), 0 at the light fitted
    for t in np.unique(cell):
        rows = np.flatnonzero(cell == t)
        totals = d[rows].min(axis=2).sum(axis=0) + prior  # (S,)
        best = int(np.argmin(totals))
        if totals[best] < float(out[rows].min(axis=1).sum()):
            out[rows] = d[rows, best]
    return out
