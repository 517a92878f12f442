"""Procedural symbol masks of every form KITS.md names for Universal Tapestry's art: rock (a
round fist / a filled disc), paper (a flat sheet / an open hand), scissors (two rings with
crossed blades), drawn with random size, rotation, proportions, blur and noise.

Written for the tests of :mod:`vision.symbols` from the kit's words alone (no renderer's art), so
the shape rules are checked on forms neither renderer draws (fists, sheets without lines, hands
with fingers spread more or less). ``mitten`` is a hand with its fingers together: not one of the
forms KITS.md names, kept to show where the rules stop (it reads as a fist).
"""
from __future__ import annotations

import math

import cv2
import numpy as np

S = 4  # supersampling

def _rot(pts, ang, c):
    ca, sa = math.cos(ang), math.sin(ang)
    p = np.asarray(pts, float) - c
    return np.column_stack([p[:, 0] * ca - p[:, 1] * sa, p[:, 0] * sa + p[:, 1] * ca]) + c

def _poly(img, pts, val=255):
    cv2.fillPoly(img, [np.round(pts * S).astype(np.int32)], val, cv2.LINE_AA)

def _circle(img, c, r, val=255, th=-1):
    cv2.circle(img, (int(c[0] * S), int(c[1] * S)), int(r * S), val, th if th < 0 else int(th * S), cv2.LINE_AA)

def _capsule(img, a, b, w, val=255):
    cv2.line(img, (int(a[0] * S), int(a[1] * S)), (int(b[0] * S), int(b[1] * S)), val, max(1, int(w * S)), cv2.LINE_AA)

def draw(form, rng, size=40.0, canvas=(100, 72)):
    """A (h, w) uint8 0/1 mask of one symbol of ``form`` about ``size`` px across."""
    h, w = canvas
    img = np.zeros((h * S, w * S), np.uint8)
    c = np.array([w / 2 + rng.uniform(-3, 3), h / 2 + rng.uniform(-3, 3)])
    ang = rng.uniform(0, 2 * math.pi)
    R = size / 2
    if form == 'disc':
        _circle(img, c, R * rng.uniform(0.8, 1.0))
    elif form == 'fist':
        bw, bh = R * rng.uniform(0.75, 0.95), R * rng.uniform(0.65, 0.85)
        cv2.ellipse(img, (int(c[0] * S), int(c[1] * S)), (int(bw * S), int(bh * S)), math.degrees(ang), 0, 360, 255, -1, cv2.LINE_AA)
        # knuckles along one side, a thumb across the front
        for k in range(4):
            p = c + np.array([-bw + (k + 0.5) * 2 * bw / 4, -bh])
            _circle(img, _rot([p], ang, c)[0], bw / 4 * rng.uniform(0.9, 1.2))
        t0 = _rot([c + np.array([-bw * 0.9, 0.1 * bh])], ang, c)[0]
        t1 = _rot([c + np.array([bw * 0.2, -0.2 * bh])], ang, c)[0]
        _capsule(img, t0, t1, bh * 0.55)
        if rng.random() < 0.5:  # finger lines drawn in the card's colour
            for k in range(1, 4):
                a = _rot([c + np.array([-bw + k * 2 * bw / 4, -bh * 1.1])], ang, c)[0]
                b = _rot([c + np.array([-bw + k * 2 * bw / 4, -bh * 0.65])], ang, c)[0]
                _capsule(img, a, b, max(1.0, R * 0.06), 0)
    elif form == 'sheet':
        sw, sh = R * rng.uniform(0.6, 0.75), R * rng.uniform(0.85, 1.0)
        pts = np.array([[-sw, -sh], [sw, -sh], [sw, sh], [-sw, sh]])
        if rng.random() < 0.5:  # a folded corner
            f = sw * 0.35
            pts = np.array([[-sw, -sh], [sw - f, -sh], [sw, -sh + f], [sw, sh], [-sw, sh]])
        _poly(img, _rot(pts + c, ang, c))
        if rng.random() < 0.6:  # lines of text
            for k in range(rng.integers(3, 6)):
                y = -sh * 0.6 + k * sh * 0.3
                a = _rot([c + np.array([-sw * 0.6, y])], ang, c)[0]
                b = _rot([c + np.array([sw * 0.6, y])], ang, c)[0]
                _capsule(img, a, b, max(1.0, R * 0.06), 0)
    elif form in ('hand', 'mitten'):
        pw, ph = R * 0.5, R * 0.45
        pc = c + np.array([0, R * 0.3])
        cv2.ellipse(img, (int(pc[0] * S), int(pc[1] * S)), (int(pw * S), int(ph * S)), 0, 0, 360, 255, -1, cv2.LINE_AA)
        spread = rng.uniform(0.12, 0.3) if form == 'hand' else rng.uniform(0.0, 0.04)
        fw = R * (0.18 if form == 'hand' else 0.24)
        for k in range(4):
            a_k = (k - 1.5) * spread
            base = pc + np.array([(k - 1.5) * pw * 0.5, -ph * 0.6])
            L = R * rng.uniform(0.6, 0.8) * (1.0 if k in (1, 2) else 0.85)
            tip = base + L * np.array([math.sin(a_k), -math.cos(a_k)])
            _capsule(img, base, tip, fw)
        th_base = pc + np.array([-pw * 0.8, 0])
        th_tip = th_base + R * 0.55 * np.array([-0.8, -0.6])
        _capsule(img, th_base, th_tip, fw * 1.1)
        img = cv2.warpAffine(img, cv2.getRotationMatrix2D((c[0] * S, c[1] * S), math.degrees(ang), 1.0), (w * S, h * S))
    elif form == 'scissors':
        rr = R * rng.uniform(0.22, 0.3)
        th = rr * rng.uniform(0.25, 0.45)
        opn = rng.uniform(0.25, 0.7)
        hinge = c
        for sgn in (-1, 1):
            ring_c = hinge + np.array([sgn * R * 0.35, R * 0.55])
            _circle(img, ring_c, rr, 255, th)
            tip = hinge + R * 1.0 * np.array([-sgn * math.sin(opn / 2), -math.cos(opn / 2)])
            a, b = ring_c + (hinge - ring_c) * 0.35, tip
            d = (b - a) / max(np.linalg.norm(b - a), 1e-6)
            nrm = np.array([-d[1], d[0]]) * R * 0.09
            _poly(img, np.array([a - nrm, a + nrm, b]))
        img = cv2.warpAffine(img, cv2.getRotationMatrix2D((c[0] * S, c[1] * S), math.degrees(ang), 1.0), (w * S, h * S))
    small = cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA).astype(np.float32)
    small = cv2.GaussianBlur(small, (0, 0), rng.uniform(0.3, 1.2))
    small += rng.normal(0, 12, small.shape)
    return (small > 127).astype(np.uint8)

FORMS = {'disc': 'rock', 'fist': 'rock', 'sheet': 'paper', 'hand': 'paper', 'mitten': 'paper', 'scissors': 'scissors'}

def bank(n_per_form=60, seed=0, sizes=(22, 50)):
    rng = np.random.default_rng(seed)
    out = []
    for form, sym in FORMS.items():
        for _ in range(n_per_form):
            out.append((form, sym, draw(form, rng, size=rng.uniform(*sizes))))
    return out
