"""The photometric chain: light colour and falloff, glare, exposure, white balance, tone curve,
optics (defocus, depth of field, motion blur, lens distortion), sensor noise, sharpening, JPEG.

Images are ``(H, W, 3)`` BGR; "linear" arrays are float32 scene-referred values (1.0 = a white
surface under the mean light).
"""
from __future__ import annotations

import math

import cv2
import numpy as np

from vision.synth.camera import Camera
from vision.synth.presets import SceneParams

_SRGB_TO_LIN = ((np.arange(256, dtype=np.float32) / 255.0) ** 2.2).astype(np.float32)


def _tone_lut() -> np.ndarray:
    """8-bit display -> 8-bit display: a gentle phone-like S-curve (lifted mid-tones, soft
    shoulder)."""
    x = np.arange(256, dtype=np.float64) / 255.0
    s = x + 0.06 * np.sin(2 * np.pi * x) * (1 - x)
    return np.clip(np.round(s * 255), 0, 255).astype(np.uint8)


_TONE8 = _tone_lut()


def kelvin_to_linear_rgb(kelvin: float) -> np.ndarray:
    """Colour of a black-body light ``(3,)`` linear RGB, normalised so that 6500 K is (1, 1, 1)."""
    def srgb(k: float) -> np.ndarray:
        t = k / 100.0
        r = 255.0 if t <= 66 else 329.698727446 * (t - 60) ** -0.1332047592
        g = (99.4708025861 * math.log(t) - 161.1195681661 if t <= 66
             else 288.1221695283 * (t - 60) ** -0.0755148492)
        b = 255.0 if t >= 66 else (0.0 if t <= 19 else 138.5177312231 * math.log(t - 10) - 305.0447927307)
        return (np.clip(np.array([r, g, b]), 1, 255) / 255.0) ** 2.2

    c = srgb(kelvin) / srgb(6500.0)
    return (c / c[1]).astype(np.float32)


def to_linear(img: np.ndarray) -> np.ndarray:
    """uint8 sRGB-ish -> float32 linear (same shape)."""
    return cv2.LUT(img, _SRGB_TO_LIN)


def _low_res_field(w: int, h: int, scene: SceneParams, rng: np.random.Generator) -> np.ndarray:
    """Illumination ``(h/8, w/8)`` float32: ambient + directional ramp + a broad lamp pool +
    vignetting."""
    lw, lh = max(8, w // 8), max(8, h // 8)
    ys, xs = np.mgrid[0:lh, 0:lw].astype(np.float32)
    xs = xs / (lw - 1) - 0.5
    ys = ys / (lh - 1) - 0.5
    a = math.radians(scene.gradient_dir_deg)
    ramp = (xs * math.cos(a) + ys * math.sin(a)) / 0.7 + 0.5  # ~0..1 across the picture
    px, py = rng.uniform(-0.6, 0.6, 2)
    pool = np.exp(-((xs - px) ** 2 + (ys - py) ** 2) / (2 * rng.uniform(0.25, 0.6) ** 2))
    field = 0.6 * np.clip(ramp, 0, 1) + 0.4 * pool
    lo = 1.0 / scene.gradient
    field = lo + (1 - lo) * (field - field.min()) / max(1e-6, float(field.max() - field.min()))
    r2 = (xs ** 2 + ys ** 2) / 0.5
    field *= (1 - scene.vignette * r2 ** 1.5)
    return field.astype(np.float32)


def _glare(w: int, h: int, scene: SceneParams, rng: np.random.Generator) -> np.ndarray:
    """Specular highlight of the lamp ``(h/4, w/4)`` float32 (0 far away, ~1 at its core)."""
    lw, lh = max(8, w // 4), max(8, h // 4)
    ys, xs = np.mgrid[0:lh, 0:lw].astype(np.float32)
    cx, cy = scene.glare_pos[0] * lw, scene.glare_pos[1] * lh
    rad = scene.glare_size * math.hypot(lw, lh)
    ang = rng.uniform(0, math.pi)
    dx, dy = xs - cx, ys - cy
    u = dx * math.cos(ang) + dy * math.sin(ang)
    v = -dx * math.sin(ang) + dy * math.cos(ang)
    d2 = (u / rad) ** 2 + (v / (rad * rng.uniform(0.35, 0.8))) ** 2
    core = np.exp(-d2 * 4) + 0.25 * np.exp(-d2 * 0.8)
    return core.astype(np.float32)


def light_and_expose(img: np.ndarray, top_alpha: np.ndarray, gloss: tuple[float, float],
                     scene: SceneParams, rng: np.random.Generator) -> np.ndarray:
    """Light an albedo image (uint8 BGR ``(H, W, 3)``) with the scene's lamp: colour, falloff,
    vignetting and glare; then auto exposure, partial auto white balance and the tone curve.
    Returns uint8 BGR ``(H, W, 3)``.

    Multiplicative light is applied in the display domain (``(x g)^(1/2.2) = x^(1/2.2)
    g^(1/2.2)``), which avoids a linear float copy of a 12 MP picture; the additive glare is
    computed in linear light, only where it is bright enough to matter.
    ``top_alpha`` ``(H, W)`` uint8 marks the tile tops; ``gloss`` is how strongly the tops and
    the table mirror the lamp (0-1 each).
    """
    h, w = img.shape[:2]
    light_bgr = kelvin_to_linear_rgb(scene.temperature_k)[::-1]
    residual = light_bgr ** (1 - scene.awb)  # the light's colour after the camera's white balance
    field = _low_res_field(w, h, scene, rng)
    lh, lw = field.shape
    colour = np.broadcast_to(residual.reshape(1, 1, 3), (lh, lw, 3)).astype(np.float32)
    if scene.second_light_k:
        # A second light of another colour (a window beside a lamp) takes over across the table.
        other = kelvin_to_linear_rgb(scene.second_light_k)[::-1] ** (1 - scene.awb)
        a = rng.uniform(0, 2 * np.pi)
        ys, xs = np.mgrid[0:lh, 0:lw].astype(np.float32)
        t = ((xs / lw - 0.5) * np.cos(a) + (ys / lh - 0.5) * np.sin(a)) * rng.uniform(1.5, 3) + 0.5
        m = np.clip(t, 0, 1)[..., None]
        colour = colour * (1 - m) + other.reshape(1, 1, 3) * m
    small = to_linear(cv2.resize(img, (lw, lh), interpolation=cv2.INTER_AREA)) * field[..., None]
    # Auto exposure: keep the bright surfaces below clipping, within a limited range, then the
    # camera's own error.
    level = float(np.percentile(small[..., 1], 97)) or 1.0
    exposure = min(max(0.85 / level, 0.8), 1.2) * 2.0 ** scene.exposure_ev
    gain = field[..., None] * colour * exposure
    gain_disp = cv2.resize(np.power(gain, 1 / 2.2).astype(np.float32), (w, h),
                           interpolation=cv2.INTER_LINEAR)
    out = img.astype(np.float32)
    out *= gain_disp
    if scene.glare or scene.sheen > 0:
        spot = _glare(w, h, scene, rng) * scene.glare_strength
        if scene.sheen > 0:  # the room's broad reflection on glossy faces
            lh4, lw4 = spot.shape
            ys, xs = np.mgrid[0:lh4, 0:lw4].astype(np.float32)
            cx, cy = rng.uniform(0.1, 0.9) * lw4, rng.uniform(0.0, 0.6) * lh4
            rad = rng.uniform(0.3, 0.6) * np.hypot(lw4, lh4)
            spot += scene.sheen * np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * rad ** 2))
        ys, xs = np.nonzero(spot > 0.01)
        if len(ys):
            fy, fx = h / spot.shape[0], w / spot.shape[1]
            y0, y1 = int(ys.min() * fy), min(h, int((ys.max() + 1) * fy))
            x0, x1 = int(xs.min() * fx), min(w, int((xs.max() + 1) * fx))
            g = cv2.resize(spot, (w, h), interpolation=cv2.INTER_LINEAR)[y0:y1, x0:x1]
            tops = top_alpha[y0:y1, x0:x1].astype(np.float32) * (1 / 255.0)
            g *= tops * gloss[0] + (1 - tops) * gloss[1]
            gg = g[..., None]
            lin = to_linear(np.clip(out[y0:y1, x0:x1], 0, 255).astype(np.uint8))
            # A mirror reflection adds the lamp's light and washes out the paint under it.
            lin *= 1 - 0.35 * np.minimum(gg, 1)
            lin += gg * (1.2 * residual).reshape(1, 1, 3).astype(np.float32)
            out[y0:y1, x0:x1] = cv2.pow(lin, 1 / 2.2) * 255.0
    return cv2.LUT(np.clip(out, 0, 255).astype(np.uint8), _TONE8)


def optics(img: np.ndarray, camera: Camera, scene: SceneParams, size_factor: float) -> np.ndarray:
    """Defocus, depth-of-field falloff, motion blur and lens distortion of an 8-bit image."""
    out = img
    if scene.defocus_px > 0.05:
        out = cv2.GaussianBlur(out, (0, 0), scene.defocus_px * size_factor)
    if scene.dof > 0 and scene.tilt_deg > 12:
        # The far side of a tilted shot is the top of the picture: blend in more blur there.
        h = out.shape[0]
        top = int(0.55 * h)
        band = out[:top]
        far = cv2.GaussianBlur(band, (0, 0), scene.dof * size_factor)
        ramp = np.clip((0.55 - np.arange(top, dtype=np.float32) / h) / 0.55, 0, 1)
        wmap = np.repeat(ramp[:, None], out.shape[1], axis=1)
        out = out.copy() if out is img else out
        out[:top] = cv2.blendLinear(far, band, wmap, 1 - wmap)
    if scene.motion_px > 0.5:
        n = max(3, int(round(scene.motion_px * size_factor)) | 1)
        k = np.zeros((n, n), np.float32)
        a = math.radians(scene.motion_angle_deg)
        c = (n - 1) / 2
        for t in np.linspace(-c, c, 2 * n):
            k[int(round(c + t * math.sin(a))), int(round(c + t * math.cos(a)))] = 1
        out = cv2.filter2D(out, -1, k / k.sum())
    maps = camera.undistort_map()
    if maps is not None:
        out = cv2.remap(out, maps[0], maps[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    return out


def sensor_and_isp(img: np.ndarray, scene: SceneParams, rng: np.random.Generator,
                   size_factor: float) -> np.ndarray:
    """Phone sharpening, then luminance noise (stronger in the shadows) and blotchy chroma
    noise; uint8 BGR in and out."""
    h, w = img.shape[:2]
    if scene.sharpen > 0.01:
        soft = cv2.GaussianBlur(img, (0, 0), 1.2 * size_factor + 0.3)
        img = cv2.addWeighted(img, 1 + scene.sharpen, soft, -scene.sharpen, 0)
    sigma = scene.noise * math.sqrt(max(size_factor, 0.25))
    cv2.setRNGSeed(int(rng.integers(2 ** 31)))
    luma = np.empty((h, w), np.float32)
    cv2.randn(luma, 0.0, sigma)
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    luma *= cv2.LUT(grey, (1.6 - np.arange(256, dtype=np.float32) / 255.0 * 0.9).astype(np.float32))
    cw, ch = max(4, w // 4), max(4, h // 4)
    chroma = rng.standard_normal((ch, cw, 3)).astype(np.float32) * (sigma * 0.8)
    chroma = cv2.resize(cv2.GaussianBlur(chroma, (0, 0), 0.8), (w, h), interpolation=cv2.INTER_LINEAR)
    noise = cv2.add(chroma, cv2.merge([luma, luma, luma]))
    return cv2.add(img, noise, dtype=cv2.CV_8U)


def encode_jpeg(img: np.ndarray, quality: int) -> bytes:
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:  # pragma: no cover - cv2 always encodes a uint8 BGR image
        raise RuntimeError("JPEG encoding failed")
    return buf.tobytes()
