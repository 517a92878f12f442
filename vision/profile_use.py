"""How the reader uses a calibration profile beyond its palette: the symbol art's colour as
photographed, and symbol templates as a tie-breaker.

A profile (see ``calibration.profile``) may carry

- ``"art": {"lab": [L, a, b], "n": N}`` - the colour of the cards' symbol art as photographed
  under the calibration light (CIELAB, D65). A white print under a 3000 K lamp is cream
  (b* about +13), and the reader's symbol mask keeps pixels nearer the art colour than the card:
  with the kit's nominal white it loses the art's warm half.
- ``"symbols": {name: {"template": 32x32}}`` - the mean symbol probe of each symbol. A template
  learned on one photo is blurred by that photo's resolution and light; the kit's shape rules
  (solidity, roundness) are sharper when they are sure, so templates only decide when the rules
  are not sure (a tie-break), never override a confident rule.

Its colours, learnt under the player's lamp, may put two paints closer in hue than the photo's
hue groups resolve (a red and an orange under 3000 K): cards grouped by hue are then told apart
by their nearest paint at each card's own light level (:func:`split_hue_alike`,
:func:`shaded_distances`). A colour it learnt with a channel clipped (a warm lamp's red on an
orange and a yellow) is told from another by what a sample clipped in that channel must show in
the others (:func:`clip_consistent_distances`).

This module must not import ``companion`` or ``calibration`` (vision is the bottom layer).
"""
from __future__ import annotations

import logging
import math
from typing import Collection, Mapping

import numpy as np

from vision.art_light import lab_to_linear
from vision.colour import Palette, as_correction, palette_linear
from vision.glare import CLIPPED_LINEAR, SHADE_RANGE, glare_distances
from vision.hue_groups import HUE_LINK, MIN_CHROMA, hue_difference, split_by_paint

logger = logging.getLogger(__name__)

#: Symbol confidence from which the kit's shape rules are trusted without the templates.
RULES_SURE = 0.5


def profile_art_lab(profile: Mapping | None, default: np.ndarray | None) -> np.ndarray | None:
    """The symbol art's Lab ``(3,)`` to build symbol masks with: the profile's measured
    ``art.lab`` when present and sane (a light colour), else ``default`` (the kit's nominal
    ``symbol_colour``, or None)."""
    if not isinstance(profile, Mapping):
        return default
    art = profile.get("art")
    if not isinstance(art, Mapping):
        return default
    try:
        lab = np.asarray(art.get("lab"), dtype=np.float64)
    except (TypeError, ValueError):
        return default
    if lab.shape != (3,) or not np.all(np.isfinite(lab)) or not 0.0 <= lab[0] <= 100.0:
        return default
    return lab


def profile_lamp(profile: Mapping | None) -> np.ndarray:
    """The lamp's white ``(3,)`` linear BGR (largest channel 1) as the palette's colours were
    recorded: under a profile, the calibration light (the inverse of its
    ``light.gains_bgr_to_defaults``, the gains that took the calibration photo's colours to the
    kit's defaults); without one (or with no sane gains), neutral (the kit's defaults are
    colours under daylight)."""
    g = _light_triple(profile, "gains_bgr_to_defaults")
    if g is None or np.any(g <= 0):
        return np.ones(3)
    white = 1.0 / g
    return white / white.max()


def _light_triple(profile: Mapping | None, key: str) -> np.ndarray | None:
    """The profile's ``light[key]`` as a finite ``(3,)`` float array, or None (no profile, no
    such entry, or not three finite numbers)."""
    light = profile.get("light") if isinstance(profile, Mapping) else None
    value = light.get(key) if isinstance(light, Mapping) else None
    try:
        v = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        return None
    return v if v.shape == (3,) and np.all(np.isfinite(v)) else None


#: A calibration photo's haze (``light.haze_bgr_removed``, linear, largest channel) from which
#: its colour is measured well enough to stand for the lamp's veil: 0.02 is about the haze a
#: clear photo's black paint and the camera's black level leave in the fit (the octopus test
#: of ``calibration.learn.photo_haze``: under 0.01 on a clear photo; the calibration measure's
#: Octopus photos: 0.008 at seed 1, its channels' ratio meaningless, 0.144 at seed 0).
HAZE_MEASURED = 0.02


def _measured_haze(profile: Mapping | None) -> np.ndarray | None:
    """The haze ``(3,)`` linear BGR the calibration took out of its photo
    (``light.haze_bgr_removed``) when there was one to measure: every channel at least 0 and
    the largest at least :data:`HAZE_MEASURED`; else None."""
    h = _light_triple(profile, "haze_bgr_removed")
    if h is not None and np.all(h >= 0) and h.max() >= HAZE_MEASURED:
        return h
    return None


def profile_haze_colour(profile: Mapping | None) -> np.ndarray | None:
    """The colour ``(3,)`` linear BGR (largest channel 1) of a veil over a photo read with
    ``profile``, in the terms of the profile's colours: the haze the calibration took out of its
    photo (``light.haze_bgr_removed``) when there was one to measure (:data:`HAZE_MEASURED`),
    else None (not known).

    A veil (the sheen of glossy faces, a lens's flare) is the room's light added to every
    colour; under the same lamp a later photo's veil has the calibration photo's colour, which
    that haze measured on the darks directly. (Not the lamp's white of :func:`profile_lamp`:
    inferred from the paints' gains to the kit's defaults, it is skewed by the set's own paint,
    8-15 dE from the defaults; observed: a 3000 K lamp's white estimated nearly neutral while
    the veil taken out of the calibration photo was as warm as the lamp.)"""
    h = _measured_haze(profile)
    return None if h is None else h / h.max()


def profile_veil_level(profile: Mapping | None) -> float | None:
    """The largest channel (linear light) of the veil the calibration took out of its photo
    (``light.haze_bgr_removed``) when there was one to measure (:data:`HAZE_MEASURED`), else
    None. The profile's paints are without it; a photo under the same lamp shows a veil of
    about this level over every face."""
    h = _measured_haze(profile)
    return None if h is None else float(h.max())


#: A symbol whose calibration cards the shape rules named right at most this share of the time
#: is misread by them on this set's art (see :func:`rules_misread`).
RULES_MISREAD = 0.5


def rules_misread(profile: Mapping | None) -> frozenset[str]:
    """The symbols whose cards the kit's shape rules misread on the calibration photo (the
    profile's ``symbols[name].rules_read`` at most :data:`RULES_MISREAD`, with a template): the
    set's art for them is not the kit's default, and the templates learnt from it decide."""
    if not isinstance(profile, Mapping) or not isinstance(profile.get("symbols"), Mapping):
        return frozenset()
    out = set()
    for name, entry in profile["symbols"].items():
        share = entry.get("rules_read") if isinstance(entry, Mapping) else None
        if (isinstance(share, (int, float)) and not isinstance(share, bool) and math.isfinite(share)
                and share <= RULES_MISREAD and entry.get("template") is not None):
            out.add(name)
    return frozenset(out)


def combine_symbol_votes(rules: tuple[str | None, float, str],
                         templates: tuple[str | None, float, str] | None,
                         misread: Collection[str] = ()) -> tuple[str | None, float, str]:
    """One symbol verdict ``(name, confidence 0-1, why)`` from the kit's shape rules and the
    profile's templates (each such a triple; ``templates`` None when the profile has none).

    - templates naming a symbol the rules misread on the calibration photo (``misread``, see
      :func:`rules_misread`) against the rules: the templates' verdict (the rules' sureness
      says nothing of an art they misread).
    - rules sure (confidence >= :data:`RULES_SURE`): the rules' verdict; agreeing templates
      raise its confidence (``1 - (1 - c_r)(1 - c_t)``), disagreeing ones lower it by half
      their confidence (never below the threshold: the rules stay decided).
    - rules unsure: agreeing votes combine as above; otherwise the more confident of the two.
    """
    name_r, conf_r, why_r = rules
    if templates is None or templates[0] is None:
        return rules
    name_t, conf_t, why_t = templates
    if name_r is None:
        return templates
    if name_r == name_t:
        return name_r, float(1 - (1 - conf_r) * (1 - conf_t)), why_r
    if name_t in misread:
        return name_t, float(conf_t), why_t
    if conf_r >= RULES_SURE:
        return name_r, float(max(RULES_SURE, conf_r - 0.5 * conf_t)), why_r
    if conf_t > conf_r:
        return name_t, float(conf_t), why_t
    return name_r, float(conf_r), why_r


def template_scores(probe: np.ndarray, templates: Mapping[str, np.ndarray]) -> dict[str, float]:
    """Best normalised cross-correlation of a 32x32 symbol ``probe`` with each template over
    its four quarter turns (``name -> score``, -1..1)."""
    scores = {}
    a = probe - probe.mean()
    na = float(np.linalg.norm(a))
    for name, t in templates.items():
        best = -1.0
        for k in range(4):
            tt = np.rot90(t, k)
            b = tt - tt.mean()
            best = max(best, float((a * b).sum() / (na * float(np.linalg.norm(b)) + 1e-9)))
        scores[name] = best
    return scores


def template_vote(probe: np.ndarray, templates: Mapping[str, np.ndarray]) -> tuple[str | None, float, str]:
    """The templates' verdict on a probe ``(name, confidence, why)``: the best-correlating
    template, confident by its score and its margin over the runner-up."""
    if not templates:
        return None, 0.0, "no templates"
    scores = template_scores(probe, templates)
    ranked = sorted(scores, key=lambda s: -scores[s])
    margin = scores[ranked[0]] - (scores[ranked[1]] if len(ranked) > 1 else 0.0)
    conf = float(min(1.0, max(0.0, scores[ranked[0]])) * (1 - math.exp(-margin / 0.08)))
    return ranked[0], conf, f"symbol unclear (template match {scores[ranked[0]]:.2f})"


#: Two paints of a profile whose hues as lit (Delta H*, CIELAB units) differ by less than this
#: are not told apart by the photo's hue groups (:func:`vision.hue_groups.hue_groups` links
#: cards within :data:`vision.hue_groups.HUE_LINK`; a paint's cards spread a few units about
#: its hue, so single linkage chains two paints closer than twice that). Measured: the
#: calibration measure's Tapestry seed 2, whose set paints red and orange 14 CIEDE2000 apart
#: in daylight; under its 3000 K lamp, as the profile learnt them, 4.4 Delta H* apart.
HUE_ALIKE = 2.0 * HUE_LINK


def shaded_distances(labs: np.ndarray, paints_lab: np.ndarray) -> np.ndarray:
    """Distances ``(N, K)`` (CIEDE2000) of face colours ``labs`` ``(N, 3)`` to each paint as
    lit ``paints_lab`` ``(K, 3)`` (the palette as the light fitted on the photo predicts it,
    channels the calibration photo clipped estimated from this one) at the face's own light
    level: each face's shading fitted per paint on the channels the camera did not clip,
    within :data:`vision.glare.SHADE_RANGE`. A lamp over a table lights the cards under it
    more than the far ones (its hot spot is several cards wide): a red card there is brighter
    than the light fitted over the layout predicts, nearer a lighter paint of about its hue
    (orange) in CIELAB though its channels keep red's proportions."""
    paints = np.asarray(paints_lab, np.float64).reshape(-1, 3)
    palette = Palette(tuple(str(k) for k in range(len(paints))), paints)
    return glare_distances(labs, palette, None, np.ones(3), steps=(0.0,), cost=0.0,
                           shade=SHADE_RANGE, unclipped=True).min(axis=-1)


def hue_alike_paints(paints_lab: np.ndarray) -> np.ndarray:
    """Which pairs of paints ``(K, 3)`` Lab (as lit) lie closer in hue than :data:`HUE_ALIKE`:
    bool ``(K, K)`` (both chromatic, :data:`vision.hue_groups.MIN_CHROMA`; the diagonal True)."""
    lab = np.asarray(paints_lab, np.float64).reshape(-1, 3)
    chromatic = np.hypot(lab[:, 1], lab[:, 2]) >= MIN_CHROMA
    alike = (hue_difference(lab[:, None, :], lab[None, :, :]) < HUE_ALIKE) & chromatic[:, None] & chromatic[None, :]
    return alike | np.eye(len(lab), dtype=bool)


#: A linear channel below this (about sRGB 13 of 255) is too dark for its ratio to another to
#: be measured: JPEG noise and the camera's black level are a large share of it.
RATIO_FLOOR = 0.004


def ratio_channels(labs: np.ndarray, paints_lab: np.ndarray, clipped: np.ndarray | None
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The faces ``labs`` ``(N, 3)`` and paints ``paints_lab`` ``(K, 3)`` as log linear BGR
    (``(N, 3)``, ``(K, 3)``) with which of their channels are measured (``(N, 3)``, ``(K, 3)``
    bool): not clipped by the camera (:data:`vision.glare.CLIPPED_LINEAR`; a paint's also not
    blown out where the profile was learnt, ``clipped`` ``(K, 3)`` bool BGR, see
    ``vision.colour.Palette.clipped``: its value there is an estimate) and not too dark
    (:data:`RATIO_FLOOR`)."""
    def logs(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        lin = lab_to_linear(lab)
        ok = (lin < CLIPPED_LINEAR) & (lin > RATIO_FLOOR)
        return np.log(np.maximum(lin, RATIO_FLOOR)), ok
    face_log, face_ok = logs(labs)
    paint_log, paint_ok = logs(paints_lab)
    if clipped is not None:
        paint_ok &= ~np.asarray(clipped, bool).reshape(paint_ok.shape)
    return face_log, face_ok, paint_log, paint_ok


#: The photo's own cast of an alike family's channel proportions (:func:`family_cast`) costs
#: this much per squared unit of itself, against the squared misfit of each face: with both
#: paints on the photo their cards decide it; with one, the least cast that fits (its cards are
#: the profile's nearest paint). Measured on the calibration measure's Tapestry seed 3 (3000 K,
#: each photo its own veil): the red and orange cards' blue to green moved by up to 0.4 of
#: the two paints' gap from the profile's photo to photo, the gap between the two paints'
#: cards on one photo stayed; 0 to 1 named all 67 cards of six photos right, 2 named the
#: reds of the photo with the largest cast orange.
CAST_COST = 1.0


def family_cast(faces: np.ndarray, paints: np.ndarray, allowed: np.ndarray | None = None) -> np.ndarray:
    """The shift ``(C,)`` of log channel proportions (each row's mean taken out) common to the
    faces ``faces`` ``(N, C)`` of paints alike in hue ``paints`` ``(K, C)`` as recorded: the
    least of each face's squared misfit to its nearest paint (of those ``allowed`` ``(N, K)``
    bool for it, default all) plus :data:`CAST_COST` times the shift's square, at most the
    paints' least separation long (further, it would make one paint the other). Tried from
    every face's fit to every paint (and none), each refined on its assignment a few times."""
    allowed = np.ones((len(faces), len(paints)), bool) if allowed is None else allowed
    sep = min(float(np.linalg.norm(paints[a] - paints[b]))
              for a in range(len(paints)) for b in range(a + 1, len(paints)))
    # every start at once: (M, C) shifts; each face's misfit to each paint (M, N, K)
    i, k = np.nonzero(allowed)
    shifts = np.vstack([np.zeros((1, faces.shape[1])), faces[i] - paints[k]])

    def bounded(shift: np.ndarray) -> np.ndarray:
        n = np.linalg.norm(shift, axis=1, keepdims=True)
        return shift * np.minimum(1.0, sep / np.maximum(n, 1e-12))

    def misfit(shift: np.ndarray) -> np.ndarray:
        sq = (((faces[None] - shift[:, None, :])[:, :, None, :] - paints[None, None]) ** 2).sum(axis=3)
        return np.where(allowed[None], sq, np.inf)

    shifts = bounded(shifts)
    for _ in range(3):
        near = misfit(shifts).argmin(axis=2)  # (M, N)
        shifts = bounded((faces[None] - paints[near]).sum(axis=1) / (len(faces) + CAST_COST))
    cost = misfit(shifts).min(axis=2).sum(axis=1) + CAST_COST * (shifts ** 2).sum(axis=1)
    return shifts[int(np.argmin(cost))]


#: Paints of a family whose distances to a face at its light level (CIEDE2000, see
#: :func:`shaded_distances`) lie within this of its nearest's are not told apart by them, and
#: the channels' proportions decide between them (:func:`nearest_by_ratios`); further ones are
#: ruled out by them. Measured on the calibration measure's Tapestry photos under 3000 K: a
#: card's distance to its own paint 0.1-3.1 (seed 3), the other paint of the family 0-2.3
#: nearer or further where CIELAB misnamed it; red cards of a photo exposed darker than the
#: calibration photo (seed 0) 10-15 nearer red than orange, where the blue to green of red
#: and orange (both recorded with red blown out) overlapped.
RATIOS_DECIDE = 4.0


def nearest_by_ratios(labs: np.ndarray, dist: np.ndarray, paints_lab: np.ndarray,
                      recorded_lab: np.ndarray, clipped: np.ndarray | None = None) -> np.ndarray:
    """Each face's nearest paint ``(N,)`` (palette indices): its nearest by ``dist`` ``(N, K)``,
    unless paints alike in hue to that one (:func:`hue_alike_paints` of ``paints_lab``
    ``(K, 3)``, the paints as lit) compete, among which the nearest by the proportions of the
    channels the camera measured on the face and on all of them as the profile recorded them
    (``recorded_lab`` ``(K, 3)``, blown out where ``clipped`` ``(K, 3)`` bool BGR; see
    :func:`ratio_channels`; at least two channels): log channels, each set's mean taken out,
    the faces of one such family of paints shifted by the photo's cast of them
    (:func:`family_cast`). Only paints ``dist`` does not rule out compete
    (:data:`RATIOS_DECIDE`): where the face's light level lets CIELAB tell them apart, the
    faces it names anchor the cast.

    Two paints of about one hue under a warm lamp (a red and an orange, both strong in red)
    differ most in their weak channels' proportion (blue to green), which the face's light
    level leaves as it is; their L* and a*, which CIELAB distances weigh, move with the light
    level across the photo (a lamp's hot spot several cards wide) and with the red channel's
    clipping. Measured on the calibration measure's Tapestry seed 3 (3000 K): red cards' blue
    to green 0.50-0.64 and orange's 0.64-0.73 where their CIEDE2000 distances to the two
    paints differed by under 1 and named a third of the oranges red; on each photo the two
    paints' cards stood apart (by 0.04-0.09), but each photo's veil moved both.

    The paints as recorded under the calibration light and the photo's cast fitted on the
    family's own cards, not the paints as the light fitted on the photo predicts them: that
    fit, over a few colours, trades the weak channels' gain for a veil (on that set the
    predicted blue to green was 0.05-0.15 off the cards', and named oranges red where there
    were no red cards to fit it on).
    """
    own = np.argmin(dist, axis=1)
    alike = hue_alike_paints(paints_lab)
    out = own.copy()
    if len(own) == 0 or alike.sum(axis=1).max() < 2:
        return out
    face_log, face_ok, paint_log, paint_ok = ratio_channels(labs, recorded_lab, clipped)
    for family in {tuple(np.flatnonzero(alike[k])) for k in np.unique(own)}:
        family = np.array(family)
        ok = paint_ok[family].all(axis=0)
        members = np.flatnonzero(np.isin(own, family) & (face_ok[:, ok].all(axis=1)))
        if len(family) < 2 or ok.sum() < 2 or not len(members):
            continue
        faces = face_log[np.ix_(members, ok)]
        faces = faces - faces.mean(axis=1, keepdims=True)
        paints = paint_log[np.ix_(family, ok)]
        paints = paints - paints.mean(axis=1, keepdims=True)
        near = dist[np.ix_(members, family)]
        allowed = near <= near.min(axis=1, keepdims=True) + RATIOS_DECIDE
        shifted = faces - family_cast(faces, paints, allowed)
        sq = np.where(allowed, ((shifted[:, None, :] - paints[None, :, :]) ** 2).sum(axis=2), np.inf)
        out[members] = family[sq.argmin(axis=1)]
    return out


def split_hue_alike(hue: np.ndarray, dist: np.ndarray, paints_lab: np.ndarray,
                    own: np.ndarray | None = None) -> np.ndarray:
    """Hue groups ``hue`` ``(N,)`` (-1 none) regrouped by their members' nearest paints
    (``own`` ``(N,)``, e.g. :func:`nearest_by_ratios`; else the least of distances ``dist``
    ``(N, K)``, e.g. :func:`shaded_distances`) where those are alike in hue
    (:func:`hue_alike_paints` of ``paints_lab`` ``(K, 3)``, the paints as lit): the hue groups
    cannot tell such paints apart, so their sharing a hue group is no evidence of one paint,
    and each face keeps its nearest of them.

    - the groups whose members all keep one such paint (of two or more alike) are joined: a
      card in the lamp's reflection falls out of its paint's hue group, and named apart, each
      group of one paint would cost the other the sharing of its name (observed: two orange
      cards named red beside a glared orange one, on the calibration measure's Tapestry
      seed 3). (Whole groups only: a part split off a group is weaker evidence.)
    - then each group whose members' nearest paints are all alike in hue is split by them;
      groups spanning paints apart in hue are left as they are (a glare or cast, which the
      groups are for)."""
    alike = hue_alike_paints(paints_lab)
    own = np.asarray(np.argmin(dist, axis=1) if own is None else own)
    joined = np.asarray(hue).copy()
    for paint in np.flatnonzero(alike.sum(axis=1) >= 2):
        groups = [g for g in np.unique(joined[own == paint]) if g >= 0 and (own[joined == g] == paint).all()]
        for g in groups[1:]:
            joined[joined == g] = groups[0]
    return split_by_paint(joined, own, lambda members, paints: bool(alike[np.ix_(paints, paints)].all()))


#: A paint's proportions are measured in the photo read from at least this many of the samples
#: matched to it whose channel in question is neither clipped (``CLIPPED_LINEAR``) nor dark
#: (:data:`PROPORTION_DARKEST`); with fewer, a channel the profile knows unclipped gives them.
PROPORTION_SAMPLES = 2
#: A channel below this (linear, of full scale) is too dark to measure proportions against.
PROPORTION_DARKEST = 0.2
#: A sample with a channel clipped is inconsistent with a paint when one of its other channels
#: is below what the paint's proportion to the clipped one requires at the clip, divided by this
#: factor. Measured on the calibration measure's X-Tiles seed 0 (a 3000 K lamp): the set's
#: yellow, unclipped in a darker photo, shows green 0.41-0.46 of its red, so at least 0.38-0.43
#: where its red clips; its oranges with red clipped show green 0.24-0.42 (read yellow at
#: 0.35-0.42).
CLIP_PROPORTION_SLACK = 1.1
#: Light (linear, of full scale) a sample's channel may lie below a paint's proportion for
#: nothing but a haze or flare that differs across the layout and the JPEG's steps (one 8-bit
#: step of a dark channel is 0.002-0.003; a clear photo's haze fits within 0.02, see
#: ``HAZE_MEASURED``): a weak channel's proportion, measured on the paint's darker unclipped
#: samples, is raised by such a haze more than at the clip.
CLIP_PROPORTION_HAZE = 0.01
#: A paint's proportion taken from the profile (not measured in the photo read) only for its
#: channels of at least this share of the other: a weaker one (a few per cent of full scale) is
#: moved by the calibration photo's haze and the camera's processing after its clip (measured:
#: the orange's blue 0.071 of full scale in the calibration photo, 0.016 in a later one). In the
#: photo read, the weak channel of a paint's unclipped samples is its own (glare only raises it,
#: which never makes a sample inconsistent).
CLIP_PROPORTION_MIN = 0.2
#: Added to a paint's distance from a sample inconsistent with it (CIEDE2000): more than any
#: two paints' usual margin, so the sample takes its nearest consistent paint.
CLIP_INCONSISTENT_COST = 20.0


def paint_proportions(palette: Palette, obs: np.ndarray, index: np.ndarray, correction: np.ndarray
                      ) -> np.ndarray:
    """Each paint's channels as shares of each of its channels, as this photo records them:
    ``(K, 3, 3)`` (``[k, ch, c]`` = channel ``c`` / channel ``ch``; NaN where not known).

    Measured as the median over the samples ``obs`` ``(N, 3)`` linear BGR matched to the paint
    (``index`` ``(N,)``) whose channel ``ch`` is neither clipped nor dark; with too few (see
    :data:`PROPORTION_SAMPLES`), the palette's under the light ``correction`` where the profile
    did not record ``ch`` blown (``palette.clipped``: known only as at least the clip), for
    channels of at least :data:`CLIP_PROPORTION_MIN` of it."""
    corr = as_correction(correction)
    seen = palette_linear(palette) * corr[0] + corr[1]
    blown = palette.clipped if palette.clipped is not None else np.zeros(seen.shape, bool)
    out = np.full((len(seen), 3, 3), np.nan)
    for k in range(len(seen)):
        for ch in range(3):
            rows = (index == k) & (obs[:, ch] < CLIPPED_LINEAR) & (obs[:, ch] >= PROPORTION_DARKEST)
            if rows.sum() >= PROPORTION_SAMPLES:
                out[k, ch] = np.median(obs[rows] / obs[rows, ch:ch + 1], axis=0)
            elif not blown[k, ch] and seen[k, ch] > 0:
                share = seen[k] / seen[k, ch]
                out[k, ch] = np.where(blown[k] | (share < CLIP_PROPORTION_MIN), np.nan, share)
    return out


def clip_consistent_distances(lab: np.ndarray, dist: np.ndarray, palette: Palette, index: np.ndarray,
                              correction: np.ndarray) -> np.ndarray:
    """Distances ``dist`` ``(N, K)`` of samples ``lab`` ``(N, 3)`` with
    :data:`CLIP_INCONSISTENT_COST` added where a sample's clipped channel rules the paint out.

    A camera clips a channel where the light there reaches its white; the paint's other
    channels then show at least the paint's own proportion of that light, whatever the
    exposure (:func:`paint_proportions`; ``index`` ``(N,)`` the samples' matches under the
    light ``correction``). A profile learnt where a warm lamp clipped the red of the set's
    orange and yellow knows both only as "red at least the clip", their green alone telling
    them apart, which the lamp's fall-off across the layout blurs; a sample whose red clips
    while its green lies well below the proportion the yellow shows unclipped is an orange lit
    brighter, not that yellow (see :data:`CLIP_PROPORTION_SLACK`)."""
    obs = lab_to_linear(lab)  # (N, 3)
    out = np.array(dist, np.float64)
    if not (obs >= CLIPPED_LINEAR).any():
        return out
    share = paint_proportions(palette, obs, np.asarray(index), correction)
    for ch in range(3):
        clipped = obs[:, ch] >= CLIPPED_LINEAR
        if not clipped.any():
            continue
        for k in range(len(share)):
            # (what the paint's other channels show at least where channel ch clips; judged
            # only where ch is the paint's strongest channel: a weaker one clipping means light
            # was added that the paint does not reflect, a glare, which keeps no proportion)
            least = CLIPPED_LINEAR * share[k, ch]
            judged = np.isfinite(least)
            judged[ch] = False
            if np.any(share[k, ch][judged] > 1.0):
                continue
            if not judged.any():
                continue
            short = obs[:, judged] * CLIP_PROPORTION_SLACK + CLIP_PROPORTION_HAZE < least[judged]
            out[clipped & short.any(axis=1), k] += CLIP_INCONSISTENT_COST
    return out


def clipped_paint_bound_distances(lab: np.ndarray, dist: np.ndarray, palette: Palette) -> np.ndarray:
    """Distances ``dist`` ``(N, K)`` of samples ``lab`` ``(N, 3)`` with
    :data:`CLIP_INCONSISTENT_COST` added where a sample unclipped in a channel the profile
    recorded blown for a paint (``palette.clipped``) shows another channel in a greater
    proportion to it than the paint can.

    The mirror of :func:`clip_consistent_distances`: a paint recorded with its red blown is
    known only as "red at least the clip", so its green to red is at most the recorded one; a
    sample lit darker than the calibration photo, its red unclipped, whose green to red lies
    well above that bound (:data:`CLIP_PROPORTION_SLACK`, :data:`CLIP_PROPORTION_HAZE`) is not
    that paint, however near it lies in CIELAB (its L* and a* move with the light level).
    Measured on the calibration measure's X-Tiles seed 1 (3000 K): the set's yellow in a
    darker photo, red 0.82-0.92 of full scale, green 0.46-0.47 of its red, 12-13 CIEDE2000 from
    the orange (recorded green to red at most 0.35) and 14-16 from the yellow. Judged only on
    the samples' channels of at least :data:`PROPORTION_DARKEST` (measurable) and the paints'
    other channels of at least :data:`CLIP_PROPORTION_MIN` of the blown one.

    The bound is the proportion as the profile recorded it, not under the light fitted on the
    photo: the profile was learnt under the player's own lamp, and that fit's gain on the
    blown channel rests on samples clipped in it (on that photo it put the orange's green to
    red at 0.45 for the recorded 0.35, above the yellow's)."""
    out = np.array(dist, np.float64)
    if palette.clipped is None or not len(out):
        return out
    obs = lab_to_linear(lab)  # (N, 3)
    seen = palette_linear(palette)  # (as recorded: see the docstring)
    for k in range(len(seen)):
        for ch in np.flatnonzero(palette.clipped[k]):
            measured = (obs[:, ch] < CLIPPED_LINEAR) & (obs[:, ch] >= PROPORTION_DARKEST)
            if not measured.any() or seen[k, ch] <= 0:
                continue
            most = seen[k] / seen[k, ch]  # (3,): the paint's channels to ch, at most
            judged = ~palette.clipped[k] & (most >= CLIP_PROPORTION_MIN)
            judged[ch] = False
            if not judged.any():
                continue
            over = obs[:, judged] > (most[judged] * obs[:, ch:ch + 1] * CLIP_PROPORTION_SLACK
                                     + CLIP_PROPORTION_HAZE)
            out[measured & over.any(axis=1), k] += CLIP_INCONSISTENT_COST
    return out
