"""Name the photo's colour groups together: tiles of one paint share a hue, whatever the light.

Under a strong colour cast or exposure two neighbouring palette colours (red and orange, blue
and purple) can both come out nearest the same palette entry, each tile on its own. Seen
together they are two groups of clearly different hue, and a kit does not paint two groups of
tiles in one colour: this module groups the chromatic samples by hue (hue changes little with
shade and exposure, unlike lightness) and names the groups jointly (each palette colour named
once, unless giving a group its own colour costs clearly more than sharing one).

Conventions: samples are real CIELAB ``(N, 3)``; ``distance`` ``(N, K)`` is each sample's
distance (CIEDE2000 under the fitted light) to the K palette colours.
"""
from __future__ import annotations

import logging

import numpy as np

from vision.assignment import linear_sum_assignment
from vision.colour import Palette, as_correction, lab_to_bgr, srgb_to_linear
from vision.glare import CLIPPED_LINEAR, glare_distances

logger = logging.getLogger(__name__)

#: Samples below this chroma are greys (white, black, the table): their hue means nothing.
MIN_CHROMA = 15.0
#: Two samples belong to one group when their hue difference (CIE Delta H*, in CIELAB units
#: along the hue circle at their chroma) is below this.
HUE_LINK = 5.0
#: A group whose hues spread wider than this (Delta H* between its two furthest members) is a
#: chain of neighbouring hues (sectors straddling two colours, glare), not one paint: its
#: members are left to themselves.
MAX_SPREAD = 12.0
#: What sharing a palette colour with another group costs, per sample (CIEDE2000 units): a
#: group is named apart only when its next colour fits it nearly as well.
SHARE_COST = 3.0


def hue_difference(lab1: np.ndarray, lab2: np.ndarray) -> np.ndarray:
    """CIE Delta H* between Lab colours (broadcasting ``(..., 3)``): ``2 sqrt(C1 C2) sin(dh / 2)``."""
    c1 = np.hypot(lab1[..., 1], lab1[..., 2])
    c2 = np.hypot(lab2[..., 1], lab2[..., 2])
    h1 = np.arctan2(lab1[..., 2], lab1[..., 1])
    h2 = np.arctan2(lab2[..., 2], lab2[..., 1])
    return np.abs(2.0 * np.sqrt(c1 * c2) * np.sin((h1 - h2) / 2.0))


def washed_out(lab: np.ndarray) -> np.ndarray:
    """Which Lab samples ``(N, 3)`` have two or more linear channels at the camera's clip
    (:data:`vision.glare.CLIPPED_LINEAR`): bool ``(N,)``.

    Such a sample's hue is the clip's, not its paint's: a lamp's hot spot lifts every channel,
    the strong ones stop at the clip and the third sets the hue (a yellow whose red and green
    clip under a warm lamp's glare is recorded as pale lime, the hue of the green sectors
    beside it, though its colour is nearest yellow: the calibration measure's Twelve Tiles
    seed 1, photo 12). One clipped channel (an orange's red) still leaves a hue."""
    lin = np.asarray(srgb_to_linear(lab_to_bgr(np.asarray(lab, np.float64).reshape(-1, 3))))
    return (lin >= CLIPPED_LINEAR).sum(axis=1) >= 2


def chromatic(lab: np.ndarray) -> np.ndarray:
    """Which Lab samples ``(N, 3)`` have a clear hue ``(N,)`` bool: chroma at least
    :data:`MIN_CHROMA` and not washed out to the clip (:func:`washed_out`)."""
    lab = np.asarray(lab, np.float64).reshape(-1, 3)
    return (np.hypot(lab[:, 1], lab[:, 2]) >= MIN_CHROMA) & ~washed_out(lab)


def hue_groups(lab: np.ndarray) -> np.ndarray:
    """Group labels ``(N,)`` of Lab samples ``(N, 3)``: single linkage on :func:`hue_difference`
    below :data:`HUE_LINK` among the chromatic samples; greys, samples washed out to the clip
    (:func:`washed_out`), and the members of groups that spread wider than :data:`MAX_SPREAD`,
    get label -1."""
    lab = np.asarray(lab, np.float64).reshape(-1, 3)
    labels = np.full(len(lab), -1, int)
    clear = np.flatnonzero(chromatic(lab))
    if len(clear) == 0:
        return labels
    sub = lab[clear]
    dh = hue_difference(sub[:, None, :], sub[None, :, :])
    link = dh < HUE_LINK
    group = np.full(len(sub), -1, int)
    n = 0
    for i in range(len(sub)):
        if group[i] >= 0:
            continue
        stack, group[i] = [i], n
        while stack:
            j = stack.pop()
            for k in np.flatnonzero(link[j] & (group < 0)):
                group[k] = n
                stack.append(k)
        n += 1
    kept = 0
    for g in range(n):
        members = np.flatnonzero(group == g)
        if dh[np.ix_(members, members)].max() > MAX_SPREAD:
            group[members] = -1
        else:
            group[members] = kept
            kept += 1
    labels[clear] = group
    return labels


def split_by_paint(hue: np.ndarray, own: np.ndarray, splits) -> np.ndarray:
    """Hue groups ``hue`` ``(N,)`` (see :func:`hue_groups`; -1 none) with each group whose
    members' own paints ``own`` ``(N,)`` (palette indices) are several, and for which
    ``splits(members, paints)`` (member indices, their distinct paints) holds, split into one
    group per paint; new groups take labels after the largest. A fresh array."""
    out = np.asarray(hue).copy()
    if out.size == 0 or out.max() < 0:
        return out
    label = int(out.max()) + 1
    for g in range(label):
        members = np.flatnonzero(hue == g)
        paints = np.unique(own[members])
        if len(paints) < 2 or not splits(members, paints):
            continue
        logger.debug("hue group of %d face(s) split into %d paints", len(members), len(paints))
        for p in paints[1:]:
            out[members[own[members] == p]] = label
            label += 1
    return out


def _hue_angle(lab: np.ndarray) -> float:
    """The hue angle (radians) of the mean of Lab samples ``(M, 3)``."""
    return float(np.arctan2(lab[:, 2].mean(), lab[:, 1].mean()))


def _angle_between(a: float, b: float) -> float:
    """The angle (radians, 0-pi) between two hue angles."""
    return float(abs(np.angle(np.exp(1j * (a - b)))))


def _against_hue_order(lab: np.ndarray, groups: list, named: list, own: list,
                       paints: np.ndarray) -> list:
    """Which groups (indices into ``groups``, lists of sample indices into Lab ``lab``) were
    named ``named`` apart from their members' nearest paint ``own`` (palette indices, one per
    group) though a group that kept that nearest paint lies nearer the given paint in hue
    (``paints`` ``(K, 3)`` Lab, the paints as lit). Two groups both nearest one paint are two
    paints of neighbouring hue (red and orange under a warm lamp): the one named apart is the
    one towards the other paint's hue. A group whose distances alone favour the wrong side
    (a pale orange card in a warm lamp's glare, its hue moved towards yellow, far from both
    red and orange so that they differ little) keeps its nearest paint with the other.
    The paint a group was given may then name no group; :func:`name_groups` then hands it to
    the groups on its side in hue (:func:`_spare_paint_in_hue_order`) when a spare fit is given.
    """
    angles = [_hue_angle(lab[m]) if len(m) else 0.0 for m in groups]
    out = []
    for g, (colour, mine) in enumerate(zip(named, own)):
        if colour == mine or not len(groups[g]):
            continue
        target = _hue_angle(paints[colour][None])
        # (an empty group, a label joined away, has no hue: neither reverted nor a witness)
        kept = [k for k in range(len(groups))
                if k != g and len(groups[k]) and named[k] == mine == own[k]]
        if any(_angle_between(angles[k], target) < _angle_between(angles[g], target) for k in kept):
            out.append(g)
    return out


def _spare_paint_in_hue_order(lab: np.ndarray, groups: list, named: list, given: list,
                              against: list, cost: np.ndarray, paints: np.ndarray,
                              fit: float) -> list:
    """The groups' paints ``named`` (one palette index per group, after the hue order's
    reverts; ``groups`` lists of sample indices into Lab ``lab``, ``cost`` ``(G, K)`` each
    group's summed distance to each paint, ``paints`` ``(K, 3)`` Lab as lit) with a paint that
    a reverted group (``against``, indices of groups named ``given`` before the revert) was given
    and that now names no group handed to the groups on its side in hue instead. A fresh list.

    A group given a paint apart from the others in its nearest paint (by the joint naming's
    costs, or as a spare paint, see :func:`_named_by_a_spare_paint`) is evidence that those
    groups are two paints; the hue order (:func:`_against_hue_order`) then says which side is
    which, not that they are one paint, so a paint it leaves to no group is not left spare.
    The groups that share the reverted group's paint, in order of their hue angle's distance
    from the spare paint's, are cut at the widest step between consecutive ones up to the
    reverted group (which may go with them; one group at least stays; the first of tied steps,
    the smaller side; steps in hue angle, not Delta H*, and with no significance threshold of
    their own: the fit below is what stands between a cut and a rename): those before the step
    take the spare paint when it fits each of them within ``fit`` on average (CIEDE2000, as
    :func:`_named_by_a_spare_paint`). Drifted red cards named orange with the orange ones under
    a warm lamp, red named by none (the independent renderer's final28 hard-4403: red cards in
    two groups, 2 at hue 29-31 degrees and 3 at 36, 11-13 per card from red as lit, seven orange
    at 43-49, 18-21 from red; the group at 36 given red, kept orange by the hue order; final27
    hard-4207: two red cards at hue 4-8, 6.8 from red on average, beside pale orange ones at
    50-80, one of which was given red). No constant of its own: the fit is the spare move's
    (:data:`vision.cells.HELD_CARD_FIT`, 14). On the 468 Tapestry development photos the rule
    is reached on six: the sides renamed lie 6.8-12.2 from the spare paint (4207, 4403, and
    readings not kept of final26 hard-4002 and final27 hard-4202); final20 hard-2106's, 29-32
    from it, is left; tap42 normal-2562's paint is still named. Any fit in 12.2-29 reads alike."""
    reverted = list(named)
    named = list(named)
    angles = [_hue_angle(lab[m]) if len(m) else 0.0 for m in groups]
    for g in against:
        # The paint g shares as reverted, not as an earlier pass here may have renamed it; a
        # paint counts as named only by a group with members (a label joined away leaves an
        # empty group, which the joint naming gives a leftover paint, as _spare_moves' live).
        spare, shared = given[g], reverted[g]
        if (not len(groups[g]) or named[g] != shared
                or any(named[h] == spare for h, m in enumerate(groups) if len(m))):
            continue  # (an empty group has no hue of its own to place: as _against_hue_order)
        target = _hue_angle(paints[spare][None])
        sharers = sorted((h for h in range(len(groups)) if len(groups[h]) and named[h] == shared),
                         key=lambda h: _angle_between(angles[h], target))
        reach = [_angle_between(angles[h], target) for h in sharers]
        last = min(sharers.index(g), len(sharers) - 2)  # (one group at least keeps its paint)
        if last < 0:
            continue
        cut = int(np.argmax(np.diff(reach)[:last + 1]))
        side = sharers[:cut + 1]
        if any(cost[h, spare] > fit * len(groups[h]) for h in side):
            continue
        logger.debug("hue groups %s named %d, spare, not %d: on its side in hue (a step of "
                     "%.1f degrees)", side, spare, shared, np.degrees(reach[cut + 1] - reach[cut]))
        for h in side:
            named[h] = int(spare)
    return named


def _shared_charge(sizes: list, sharers: list, share_cost: float) -> float:
    """What groups ``sharers`` (indices into ``sizes``, the groups' member counts) sharing one
    paint cost when it is charged to every sharer's members: ``share_cost`` each, none alone."""
    return share_cost * sum(sizes[g] for g in sharers) if len(sharers) >= 2 else 0.0


def _spare_moves(cost: np.ndarray, named: list, sizes: list, share_cost: float,
                 fit: float) -> list[tuple[float, int, int]]:
    """The renamings :func:`_named_by_a_spare_paint` may make, as (extra cost per member,
    group, spare paint) tuples: a group sharing a paint, named by a paint no group was given
    that fits its members within ``fit`` on average, for less than the sharing it saves."""
    k = cost.shape[1]
    live = [g for g, s in enumerate(sizes) if s]  # (a label joined away, see split_hue_alike)
    spare = sorted(set(range(k)) - {named[g] for g in live})
    moves = []
    for p in np.flatnonzero(np.bincount([named[g] for g in live], minlength=k) >= 2):
        sharers = [g for g in live if named[g] == p]
        for g in sharers:
            saved = (_shared_charge(sizes, sharers, share_cost)
                     - _shared_charge(sizes, [h for h in sharers if h != g], share_cost))
            for q in spare:
                extra = cost[g, q] - cost[g, p]
                if cost[g, q] <= fit * sizes[g] and extra < saved:
                    moves.append((extra / sizes[g], g, q))
    return moves


def _named_by_a_spare_paint(cost: np.ndarray, named: list, sizes: list, share_cost: float,
                            fit: float) -> list:
    """The groups' paints ``named`` (one palette index per group; ``cost`` ``(G, K)`` each
    group's summed distance to each paint, ``sizes`` their member counts) with groups that
    share a paint named by a paint no group was given, where that costs less than the sharing
    charged to every sharer (:func:`_shared_charge`) and the spare paint fits the group's
    members within ``fit`` on average (CIEDE2000, as ``cost``). A fresh list.

    The Hungarian naming charges the sharing only to the groups after the first, so the
    larger group (a paint drifted towards its neighbour under the light: red cards towards
    orange) keeps the free copy and the smaller one (the true orange cards) pays for sharing
    cheaply, while red names nothing. A spare paint beside two groups in one name is the
    evidence that they are two paints, not one paint split by the light: the sharing is then
    paid by all its members, and of the sharers that the spare paint names for less, the one
    whose members it costs least extra over the shared paint takes it (the one that sits nearer it: the independent renderer's
    tap16 hard-1041, drifted reds 7.4 per card farther from red than from orange, the orange
    cards 12). A paint that names no group is one the light was fitted on no card of, so it
    is predicted loosely, but a group it fits no better than ``fit`` is no card of it: a
    one-card group split off its paint's cards, its sharing cheap to save, may lie far from
    every spare paint (tap13dev normal-204: 41 from green, spare, 15 from its orange)."""
    named = list(named)
    while moves := _spare_moves(cost, named, sizes, share_cost, fit):
        _, g, q = min(moves)
        logger.debug("hue group of %d sample(s) named %d, spare, not %d with another",
                     sizes[g], q, named[g])
        named[g] = int(q)
    return named


def _sharing_a_washed_group(cost: np.ndarray, named: list, washed: list) -> list:
    """The groups' paints ``named`` (one palette index per group; ``cost`` ``(G, K)`` each
    group's summed distance to each paint) with each group named apart from its nearest paint
    where only washed groups (``washed``, one bool per group) are named that paint given it.
    A fresh list.

    A lamp's sheen lifts a card towards white, and in CIELAB a paint mixed with white turns in
    hue (a red towards pink): the washed cards of a paint in a hot spot form a hue group of
    their own beside the paint's cards out of it. Sharing the paint with them is no evidence
    of two paints, yet the Hungarian naming charges it to the cheaper sharer, so the paint's
    plain cards may be named a neighbouring paint instead (the independent renderer's final20
    tapestry normal-2103: two red cards 9.5 per card from red as lit, 11.4 from orange, named
    orange beside three washed reds named red, 10-18 from red with a sheen, 22-34 as lit).
    Only a group sharing its paint as named with another group is renamed (a group alone on its
    paint, e.g. one paint's cards drifted towards another's, is not handed to that other paint
    because its washed cards hold it), and
    every rename is decided on ``named`` as given, so the order of the groups does not matter."""
    renamed = list(named)
    for g, colour in enumerate(named):
        nearest = int(np.argmin(cost[g]))
        if colour == nearest or washed[g] or named.count(colour) < 2:
            continue
        holders = [h for h in range(len(named)) if h != g and named[h] == nearest]
        if holders and all(washed[h] for h in holders):
            logger.debug("hue group %d named %d, not %d: it shares %d only with washed groups %s",
                         g, nearest, colour, nearest, holders)
            renamed[g] = nearest
    return renamed


def name_groups(lab: np.ndarray, distance: np.ndarray, labels: np.ndarray | None = None, *,
                share_cost: float = SHARE_COST, paints: np.ndarray | None = None,
                spare_fit: float | None = None,
                washed: np.ndarray | None = None) -> np.ndarray:
    """The palette index ``(N,)`` of every sample, its hue group named jointly with the others.

    Each group of :func:`hue_groups` costs the sum of its members' distances to the colour it is
    given; a colour already given to another group costs :data:`SHARE_COST` more per member
    (Hungarian method over the groups and copies of every colour). Greys keep their own
    nearest colour. ``labels``: the samples' :func:`hue_groups`, when the caller has them.
    ``share_cost``: the cost of sharing per member (default :data:`SHARE_COST`). ``paints``
    ``(K, 3)`` Lab, the paints as lit, when given: a group named apart against the hue order
    keeps its nearest paint (see :func:`_against_hue_order`). ``spare_fit``, when given:
    groups sharing a paint while another names none pay the sharing on all their members, and
    one that the spare paint fits within it (mean CIEDE2000) may take it (see
    :func:`_named_by_a_spare_paint`). ``washed`` ``(N,)`` bool, when given: the samples a
    sheen of the light fits clearly better than their paints as lit; a group named apart from
    its nearest paint only because washed groups are named it takes it (see
    :func:`_sharing_a_washed_group`; a group is washed when all its members are).
    """
    distance = np.asarray(distance, np.float64)
    own = np.argmin(distance, axis=1)
    labels = hue_groups(lab) if labels is None else labels
    groups = [np.flatnonzero(labels == g) for g in range(labels.max() + 1)]
    if len(groups) < 2:
        return own
    k = distance.shape[1]
    cost = np.array([distance[m].sum(axis=0) for m in groups])  # (G, K)
    share = np.array([share_cost * len(m) for m in groups])[:, None]
    # every colour once at its cost, and as often as needed at the sharing cost
    rows, cols = linear_sum_assignment(np.hstack([cost] + [cost + share] * (len(groups) - 1)))
    named = [0] * len(groups)
    for g, c in zip(rows, cols):
        named[g] = int(c % k)
    if washed is not None:
        washed = np.asarray(washed, bool)
        named = _sharing_a_washed_group(cost, named,
                                        [bool(len(m) and washed[m].all()) for m in groups])
    if spare_fit is not None:
        named = _named_by_a_spare_paint(cost, named, [len(m) for m in groups], share_cost,
                                        spare_fit)
    if paints is not None:
        paints = np.asarray(paints, np.float64)
        major = [int(np.bincount(own[m], minlength=k).argmax()) for m in groups]
        given = list(named)
        against = _against_hue_order(lab, groups, named, major, paints)
        for g in against:
            logger.debug("hue group of %d sample(s) keeps %d: named %d against the hue order",
                         len(groups[g]), major[g], named[g])
            named[g] = major[g]
        if spare_fit is not None:
            named = _spare_paint_in_hue_order(lab, groups, named, given, against, cost, paints,
                                              spare_fit)
    out = own.copy()
    for g, colour in enumerate(named):
        members = groups[g]
        if np.all(own[members] == colour):
            continue
        logger.debug("hue group of %d sample(s) named %d (nearest each: %s)", len(members), colour,
                     own[members].tolist())
        out[members] = colour
    return out


#: Faces of one hue group are two paints of that hue (red and orange under a lamp that brings
#: their hues together) when their tone (lightness and chroma, CIELAB L* and C*: the two
#: coordinates a hue group leaves free) falls in two sets at least this far apart along the
#: group's main axis of tone ... The paints of a set that share a hue under some light differ
#: in lightness by more (the kit's red and orange: 12.5) or in chroma, and the same light falls on
#: both; measured on the independent renderer's final3 tapestry hard 065: red cards at L
#: 46.2-47.3, orange ones at 57.4-59.5 (gap 10.1), red ones 10-11 from red and orange as lit:
#: all named orange; and its tap15 hard-914 under a 3000 K lamp: red cards at L 41-42 and C
#: 59-61, orange ones at L 47-48 and C 76-78 (4.5 apart in lightness, 17 in tone; the reds
#: 7-9 from red as lit, 6-7 from orange: all named orange).
TONE_GAP = 8.0
#: ... and at least this many times wider than the tone's range within either set: the
#: light's falloff over a layout and a lamp's hot spot spread one paint's faces evenly (the
#: same renderer's hard 002: green cards at L 54-69.5, its widest gap 6.6 beside ranges of 3.6
#: and 5.3), where two paints leave two tight sets (065: ranges 1.1 and 2.1) ...
TONE_GAP_RATIO = 2.0
#: ... which the layout's position does not explain: the tone of one paint over the layout is a
#: plane in the faces' (row, col) (a lamp's falloff) to within this (the plane's largest
#: residual as a share of the gap); two paints mixed over the layout are not (065: a plane
#: leaves one face 8.5 off it, at a gap of 10.1).
LIGHT_PLANE_SHARE = 0.25
#: ... and whose darker set is not the lighter set in a shadow: a shadow (an occluder's, a
#: hand's) darkens every linear channel by one factor, keeping the paint's proportions, where two
#: paints differ in them. The darker set's median fits the lighter set's median darkened (one
#: factor within :data:`SHADOW_RANGE`, least squares in linear light; CIEDE2000) within this.
#: Measured on the independent renderer's cards: final25 hard-3807's three orange cards in an
#: occluder's shadow (L* 39-44 beside five at 54-57, split off and named red) fit the lit ones
#: darkened within 0.4-0.7 CIEDE2000; the two paints' sets the split is for lie further:
#: final3 hard-065's red cards against its orange ones darkened 4.5, tap15 hard-914's (a 3000 K
#: lamp) 3.3 (the kit's red and orange as that renderer lights them, 2700-6500 K: 8-13). Set at
#: 1.5, about the geometric middle of 0.7 and 3.3.
SHADOWED_SET_FIT = 1.5
#: A shadow's darkening: a factor on every linear channel, from a quarter of the light to none
#: (also the darkening :func:`vision.cells._in_shadow` allows a card, through
#: :func:`shadow_distances`).
SHADOW_RANGE = (0.25, 1.0)


def shadow_distances(labs: np.ndarray, refs: Palette) -> np.ndarray:
    """CIEDE2000 ``(N, K)`` of colours ``labs`` ``(N, 3)`` to each colour of ``refs`` darkened by a
    shadow (:data:`SHADOW_RANGE`, one factor on every linear channel; no glare, no light)."""
    return glare_distances(labs, refs, as_correction(None), np.ones(3), steps=(0.0,), cost=0.0,
                           shade=SHADOW_RANGE)[..., 0]


def _tone(lab: np.ndarray) -> np.ndarray:
    """Lightness and chroma ``(N, 2)`` (CIELAB L*, C*) of Lab samples ``(N, 3)``."""
    lab = np.asarray(lab, np.float64)
    return np.column_stack([lab[:, 0], np.hypot(lab[:, 1], lab[:, 2])])


def along_main_axis(points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Points ``(M, D)`` as their positions ``(M,)`` along their main axis (the first principal
    direction about their mean; its sign is arbitrary), and that axis ``(D,)``."""
    centred = points - points.mean(axis=0)
    axis = np.linalg.svd(centred, full_matrices=False)[2][0]
    return centred @ axis, axis


def widest_gap(pos: np.ndarray) -> tuple[np.ndarray, np.ndarray, float, float]:
    """Positions ``pos`` ``(M,)``, M >= 4, cut at their widest gap with two at least on each
    side: the indices of the lower set and of the higher one, the gap, and the wider of the
    two sets' ranges."""
    order = np.argsort(pos)
    steps = np.diff(pos[order])
    cut = int(np.argmax(steps[1:-1])) + 1
    low, high = order[:cut + 1], order[cut + 1:]
    return low, high, float(steps[cut]), float(max(np.ptp(pos[low]), np.ptp(pos[high])))


def split_by_tone(hue: np.ndarray, lab: np.ndarray, where: np.ndarray) -> np.ndarray:
    """Hue groups ``hue`` ``(N,)`` (see :func:`hue_groups`; -1 none) with each group whose
    faces' tone (lightness and chroma of ``lab`` ``(N, 3)``, along the group's main axis of
    tone) falls in two tight sets far apart (see :data:`TONE_GAP`, :data:`TONE_GAP_RATIO`),
    two faces at least in each (:func:`widest_gap`), and is not a plane over the faces'
    places ``where`` ``(N, 2)`` (row, col; see :data:`LIGHT_PLANE_SHARE`: the light's falloff),
    split into the two sets: faces of two paints whose hues the light brought together, to be
    named apart (see :func:`name_groups`). New groups take labels after the largest. A fresh
    array."""
    out = np.asarray(hue).copy()
    if out.size == 0 or out.max() < 0:
        return out
    tone = _tone(lab)
    label = int(out.max()) + 1
    for g in range(label):
        members = np.flatnonzero(hue == g)
        if len(members) < 4:
            continue
        pos = along_main_axis(tone[members])[0]
        low, high, gap, spread = widest_gap(pos)
        if gap < TONE_GAP or gap < TONE_GAP_RATIO * spread:
            continue
        X = np.column_stack([np.ones(len(members)), np.asarray(where, np.float64)[members]])
        coef = np.linalg.lstsq(X, pos, rcond=None)[0]
        off_plane = float(np.abs(X @ coef - pos).max())
        if off_plane <= LIGHT_PLANE_SHARE * gap:
            continue  # (the light's falloff over the layout)
        shadowed = _shadowed_fit(lab[members], low, high, tone[members, 0])
        if shadowed <= SHADOWED_SET_FIT:
            logger.debug("hue group of %d face(s) not split by tone: its darker set is the "
                         "lighter one in a shadow (%.1f)", len(members), shadowed)
            continue
        logger.debug("hue group of %d face(s) split by tone: %d at L %.1f, %d at L %.1f "
                     "(gap %.1f, off a plane by %.1f)", len(members), len(low),
                     float(np.median(tone[members[low], 0])), len(high),
                     float(np.median(tone[members[high], 0])), gap, off_plane)
        out[members[high]] = label
        label += 1
    return out


def _shadowed_fit(lab: np.ndarray, low: np.ndarray, high: np.ndarray, lightness: np.ndarray
                  ) -> float:
    """How well (CIEDE2000) the darker of two sets of faces (indices ``low`` and ``high`` into
    ``lab`` ``(M, 3)``, split along the tone's main axis, whose sign is arbitrary: the darker is
    the one of lower median ``lightness`` ``(M,)``) fits the lighter one darkened by a shadow:
    its median colour against the lighter set's median with every linear channel scaled by one
    factor within :data:`SHADOW_RANGE` (:func:`vision.glare.glare_distances` with no glare)."""
    dark, light = ((low, high) if np.median(lightness[low]) <= np.median(lightness[high])
                   else (high, low))
    ref = Palette(("lit",), np.median(lab[light], axis=0)[None].astype(np.float64))
    seen = np.median(lab[dark], axis=0)[None].astype(np.float64)
    return float(shadow_distances(seen, ref)[0, 0])


#: Faces of one hue group are two paints after all (red and orange under a warm lamp, whose hues
#: single linkage chains together, often through a pale face whose low chroma makes every hue
#: near) when their hue angles fall in two sets this many times further apart (Delta H* at the
#: group's median chroma) than either set's own spread ... Measured on the independent
#: renderer's Tapestry cards under warm lamps: tap41-old hard-1232, red cards at hue
#: 34.3-36.6 degrees, orange ones at 40.1-41.1 (a gap of 4.2 Delta H* against a wider set's
#: 2.7: 1.56 times); final21 hard-2306, red 30.8-32.3, orange 35.1-36.2 (3.5 against 1.9:
#: 1.84 times). One paint's faces spread by the light's falloff and a hot spot change in
#: lightness and chroma more than in hue, and evenly (no gap). (Set just below the smaller
#: of those two; the paints' hue order, see :func:`split_by_hue_gap`, is the stronger guard:
#: on all 236 Tapestry development photos no other group split changed a reading.) ...
HUE_GAP_RATIO = 1.5
#: ... and at least this far apart (Delta H*, CIELAB units; within one paint's faces a sample's
#: hue wanders 1-2 units: 2306's nine red cards span 1.9) ...
HUE_GAP_MIN = 2.5


def _hue_positions(lab: np.ndarray) -> np.ndarray:
    """Positions ``(M,)`` of Lab samples ``(M, 3)`` along the hue circle about their mean hue, in
    CIELAB units at their median chroma (an arc length, comparable with Delta H*); positive
    towards larger hue angles."""
    angle = np.arctan2(lab[:, 2], lab[:, 1])
    mean = _hue_angle(lab)
    offset = np.angle(np.exp(1j * (angle - mean)))
    return offset * float(np.median(np.hypot(lab[:, 1], lab[:, 2])))


def split_by_hue_gap(hue: np.ndarray, lab: np.ndarray, distance: np.ndarray,
                     paints: np.ndarray) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """Hue groups ``hue`` ``(N,)`` (see :func:`hue_groups`; -1 none) of Lab samples ``lab``
    ``(N, 3)`` with each group whose members' hue angles fall in two sets with a gap between
    (see :data:`HUE_GAP_RATIO`, :data:`HUE_GAP_MIN`; two members at least in each set,
    :func:`widest_gap`) split in two where the two sets are nearest two different paints
    (each set's summed ``distance`` ``(N, K)``) in the sets' own hue order (``paints``
    ``(K, 3)`` Lab, the paints as lit: the set of smaller hue angle nearest the paint of smaller
    hue angle): faces of two neighbouring paints whose hues the light brought within the
    grouping's link. New groups take labels after the largest. A fresh array, and the splits,
    each ``(label of the set of smaller hue angle, label of the other)``."""
    out = np.asarray(hue).copy()
    splits: list[tuple[int, int]] = []
    if out.size == 0 or out.max() < 0:
        return out, splits
    lab = np.asarray(lab, np.float64)
    distance = np.asarray(distance, np.float64)
    label = int(out.max()) + 1
    for g in range(label):
        members = np.flatnonzero(hue == g)
        if len(members) < 4:
            continue
        pos = _hue_positions(lab[members])
        low, high, gap, spread = widest_gap(pos)
        if gap < HUE_GAP_MIN or gap < HUE_GAP_RATIO * spread:
            continue
        p_low = int(np.argmin(distance[members[low]].sum(axis=0)))
        p_high = int(np.argmin(distance[members[high]].sum(axis=0)))
        if p_low == p_high:
            continue
        turn = np.angle(np.exp(1j * (_hue_angle(paints[p_high][None])
                                     - _hue_angle(paints[p_low][None]))))
        if turn <= 0:
            continue  # (the sets' paints lie the other way round the hue circle)
        logger.debug("hue group of %d face(s) split by hue: %d nearest %d, %d nearest %d "
                     "(gap %.1f, spread %.1f)", len(members), len(low), p_low, len(high),
                     p_high, gap, spread)
        out[members[high]] = label
        splits.append((g, label))
        label += 1
    return out, splits
