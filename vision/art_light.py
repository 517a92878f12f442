"""The light of a photo of Tapestry cards from their light art, each art tinted by its card.

A card's art is printed light on its coloured face (KITS.md). The camera records the art as
the lamp's white, much as it records a white paint, so the art tells the light's colour where
the faces leave it open: a light fitted on the faces alone (a gain and an offset per channel)
may turn every paint's hue a step when a colour is missing from the layout or a broad glare
lifts some cards (the independent renderer's final20 tapestry normal-2104: no red card, a
3180 K lamp, the light fitted on the faces leaned blue with a green haze and named the three
orange cards red, while the art on every card came out cream).

But the art is not the lamp's white: its ink is the card's own paint mixed with the art's
colour (the kit's ``symbol_colour``, white for Tapestry: a print's light ink over a coloured
card, and the blur and bleed of the art's edge towards the face round it), so the art on a
purple card is lilac and on a yellow card cream. In linear light, with the card's paint ``P``,
the art's colour ``S``, the light's gain ``g`` and offset ``o`` per channel and the art's share
of its own colour ``t``::

    face = g P + o,    art = g (t S + (1 - t) P) + o    so    art - face = t g (S - P)

per channel: the difference of the art and its face, divided by how far the paint lies below
the art's colour, is the light's gain up to one scale per card (:func:`art_white`), whatever
the offset (a veil or a sheen on one card adds to both). The light is then that gain's colour at the
exposure and with the offsets and a sheen per card that fit the faces best
(:func:`light_of_faces`).

Conventions: colours are CIELAB ``(N, 3)`` or linear BGR ``(N, 3)`` (0-1); a light is the
forward model's ``(2, 3)`` (gain, offset per linear BGR channel, see
:func:`vision.colour.classify_adaptive`).
"""
from __future__ import annotations

import logging

import cv2
import numpy as np

from vision.colour import (HAZE_RANGE, UNCLIPPED_BELOW, bgr_to_lab, ciede2000, lab_to_bgr,
                           linear_to_srgb, srgb_to_linear)

logger = logging.getLogger(__name__)

#: The art's colour is the median of its mask's pixels eroded by this many pixels (a 3 x 3
#: square once): the art's edge is blurred into the face.
ART_ERODE = 1
#: ... unless fewer than this many pixels remain (thin strokes: then the mask as found).
MIN_ART_PIXELS = 5
#: A channel of a card tells the light's colour only where its paint lies at least this far
#: below the art's colour (linear): ``S - P`` divides the art's lift over the face, and a
#: channel where the paint is nearly as light as white art (yellow's red, 0.92) lifts by almost
#: nothing.
MIN_BELOW_WHITE = 0.15
#: The light's colour is fitted from at least this many cards whose art and face are unclipped
#: (one card per paint of two or three paints leaves a channel told by one or two cards).
MIN_ART_CARDS = 4
#: Alternating least-squares rounds of the fits (each converges in a few on the renderer's
#: photos; more cost nothing measurable).
FIT_ROUNDS = 12
#: The sheen a card may carry (a share of the light on a white paint, linear): up to the clip.
MAX_SHEEN = 1.0
#: The art's share of its own colour searched when an art is predicted under a light (see
#: :func:`art_residuals`): the independent renderer's inks are 0.7-0.97 white, and the blur of
#: small art mixes in more of the face.
ART_WHITE_SHARES = np.linspace(0.3, 1.0, 29)
#: Each channel of the art's light must be told by this many cards at least (where the art
#: clips in a channel, or every card's paint lies near the art's colour in it, red, orange and
#: yellow cards in red, nothing tells that channel's gain: it is no light to name cards under).
MIN_CHANNEL_CARDS = 2
#: The art's colour when a kit names none (linear BGR): white, as Tapestry's default art.
WHITE = np.ones(3)


def lab_to_linear(lab: np.ndarray) -> np.ndarray:
    """Lab ``(N, 3)`` -> linear BGR ``(N, 3)`` float64."""
    return srgb_to_linear(lab_to_bgr(np.asarray(lab, np.float64).reshape(-1, 3))).astype(np.float64)


def art_colour(core_lab: np.ndarray, mask: np.ndarray) -> np.ndarray | None:
    """The art's colour (Lab ``(3,)``) in a card's middle ``core_lab`` ``(h, w, 3)`` Lab whose
    art is ``mask`` ``(h, w)`` (0/1): the median of the mask eroded by :data:`ART_ERODE` (its
    blurred edge left out), or of the whole mask when too little remains; None without art."""
    m = np.asarray(mask, np.uint8)
    if m.shape != core_lab.shape[:2] or not m.any():
        return None
    size = 2 * ART_ERODE + 1
    inner = cv2.erode(m, np.ones((size, size), np.uint8)) > 0
    keep = inner if inner.sum() >= MIN_ART_PIXELS else m > 0
    return np.median(core_lab[keep], axis=0)


def art_white(face_lin: np.ndarray, art_lin: np.ndarray, paint_lin: np.ndarray,
              weights: np.ndarray, symbol_lin: np.ndarray = WHITE) -> tuple[np.ndarray, int]:
    """The light's colour ``(3,)`` (linear BGR gains, largest 1) the cards' arts show, and how
    many cards told it: ``art - face = t_i k (S - P)`` per card ``i`` and channel fitted by
    alternating weighted least squares (a share ``t_i`` of the art's colour per card, one
    colour ``k``), on the channels where neither the art nor the face is clipped and the paint
    lies :data:`MIN_BELOW_WHITE` below the art's colour. ``face_lin``, ``art_lin``,
    ``paint_lin`` ``(N, 3)`` linear BGR (the paint each card is named); ``weights`` ``(N,)``
    (0: the card tells nothing); ``symbol_lin`` ``(3,)`` the art's colour ``S`` (linear BGR,
    the kit's: white by default). No light (ones, 0 cards) when a channel is told by fewer than
    :data:`MIN_CHANNEL_CARDS` cards."""
    lift = art_lin - face_lin
    below = np.asarray(symbol_lin, np.float64) - paint_lin
    ok = ((art_lin < UNCLIPPED_BELOW) & (face_lin < UNCLIPPED_BELOW) & (below > MIN_BELOW_WHITE)
          & (np.asarray(weights)[:, None] > 0))
    k = np.ones(3)
    for _ in range(FIT_ROUNDS):
        t = np.maximum((lift * k * below * ok).sum(1)
                       / np.maximum(((k * below) ** 2 * ok).sum(1), 1e-9), 0.0)
        k = ((lift * t[:, None] * below * ok).sum(0)
             / np.maximum(((t[:, None] * below) ** 2 * ok).sum(0), 1e-9))
        if k.max() <= 0:
            return np.ones(3), 0
        k = np.maximum(k / k.max(), 1e-3)
    if ok.sum(0).min() < MIN_CHANNEL_CARDS:
        return np.ones(3), 0  # (a channel no card tells would sit at the floor, a light without it)
    return k, int(ok.any(axis=1).sum())


def light_of_faces(face_lin: np.ndarray, paint_lin: np.ndarray, weights: np.ndarray,
                   colour: np.ndarray) -> np.ndarray:
    """The light ``(2, 3)`` of the colour ``colour`` ``(3,)`` (gains up to one exposure) that fits
    the faces ``face_lin`` ``(N, 3)`` of the paints ``paint_lin`` ``(N, 3)`` (linear BGR) best:
    ``face = e colour (P + s_i) + o``, one exposure ``e``, an offset ``o`` per channel (within
    :data:`vision.colour.HAZE_RANGE`) and a sheen ``s_i >= 0`` of the light per card (a broad
    glare lifts the cards it lies on, not the others), by alternating weighted least squares
    on the unclipped channels; ``weights`` ``(N,)``."""
    n = len(face_lin)
    ok = (face_lin < UNCLIPPED_BELOW) & (np.asarray(weights)[:, None] > 0)
    w = np.where(ok, np.asarray(weights, np.float64)[:, None], 0.0)  # (N, 3)
    sheen = np.zeros(n)
    exposure, offset = 1.0, np.zeros(3)
    for _ in range(FIT_ROUNDS):
        x = colour * (paint_lin + sheen[:, None])  # (N, 3)
        # unknowns: the exposure and the three offsets, over every card's channels at once
        design = np.zeros((n, 3, 4))
        design[..., 0] = x
        design[:, np.arange(3), 1 + np.arange(3)] = 1.0
        sw = np.sqrt(w).reshape(-1)
        sol = np.linalg.lstsq(design.reshape(-1, 4) * sw[:, None], face_lin.reshape(-1) * sw,
                              rcond=None)[0]
        exposure, offset = max(float(sol[0]), 1e-3), np.clip(sol[1:], *HAZE_RANGE)
        gain = exposure * colour
        rest = face_lin - gain * paint_lin - offset
        sheen = np.clip((rest * gain * ok).sum(1) / np.maximum((gain * gain * ok).sum(1), 1e-9),
                        0.0, MAX_SHEEN)
    return np.vstack([exposure * colour, offset])


def art_residuals(light: np.ndarray, art_lab: np.ndarray, paint_lin: np.ndarray,
                  symbol_lin: np.ndarray = WHITE) -> np.ndarray:
    """How far (CIEDE2000 ``(N,)``) each art ``art_lab`` ``(N, 3)`` lies from the art a card of
    the paint ``paint_lin`` ``(N, 3)`` (linear BGR) shows under ``light`` ``(2, 3)``, at the
    share of the art's colour ``symbol_lin`` ``(3,)`` (linear BGR, white by default;
    :data:`ART_WHITE_SHARES`) that fits it best (see the module's docstring)."""
    gain, offset = np.asarray(light, np.float64)
    t = ART_WHITE_SHARES[None, :, None]
    art = np.asarray(symbol_lin, np.float64)
    # (N, T, 3): each card's art at each share
    pred = np.clip(gain * (t * art + (1.0 - t) * paint_lin[:, None, :]) + offset, 0.0, 1.0)
    lab = bgr_to_lab(linear_to_srgb(pred.reshape(-1, 3)).astype(np.float32)).astype(np.float64)
    d = ciede2000(lab, np.repeat(np.asarray(art_lab, np.float64), len(ART_WHITE_SHARES), axis=0))
    return d.reshape(len(art_lab), -1).min(axis=1)
