"""White balance from neutral surfaces: the table-driven estimate is the per-pixel one."""
import numpy as np
import cv2

from vision.colour import bgr_to_lab, linear_to_srgb, srgb_to_linear
from vision.white_balance import ESTIMATE_PIXELS, neutral_gains


def _per_pixel(image, *, max_chroma=12.0, top_share=0.05):
    """neutral_gains as first written: every pixel's linear light and corrected sRGB computed.
    A deliberate copy: the slow reference that the table-driven writing (a look-up per level
    and channel) is checked against to the last bit; the loop's choice of the neutral pixels
    is the same in both by design."""
    small = image
    if image.shape[0] * image.shape[1] > ESTIMATE_PIXELS:
        s = (ESTIMATE_PIXELS / (image.shape[0] * image.shape[1])) ** 0.5
        small = cv2.resize(image, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    px = small.reshape(-1, 3)
    px = px[px.max(axis=1) < 250]
    if len(px) < 50:
        return None
    lin = np.asarray(srgb_to_linear(px.astype(np.float32) / 255.0), np.float64)
    mean = lin.mean(axis=0)
    gains = mean.mean() / np.maximum(mean, 1e-6)
    used = 0
    for _ in range(4):
        corrected = np.clip(lin * gains, 0, 1)
        lab = bgr_to_lab(np.asarray(linear_to_srgb(corrected), np.float32))
        chroma = np.hypot(lab[:, 1], lab[:, 2])
        limit = min(2 * max_chroma, max(max_chroma, float(np.quantile(chroma, 0.1))))
        ok = (chroma < limit) & (lab[:, 0] > 25)
        if ok.sum() < 50:
            return None
        L = lab[ok, 0]
        sel = lin[ok][L >= np.quantile(L, 1 - top_share)]
        ref = sel.mean(axis=0)
        new = ref.mean() / np.maximum(ref, 1e-6)
        used = len(sel)
        if np.allclose(new, gains, rtol=1e-3):
            break
        gains = new
    gains = gains / np.exp(np.log(gains).mean())
    return (float(gains[0]), float(gains[1]), float(gains[2])), int(used)


def test_neutral_gains_equal_the_per_pixel_estimate():
    """A warm-lit scene (a cream table, white paper, coloured tiles, noise, some clipped
    highlights) at the size the reader works on: the same gains to the last bit."""
    rng = np.random.default_rng(5)
    img = np.empty((900, 1200, 3), np.uint8)
    img[:] = (150, 190, 225)  # a cream table under a warm lamp (BGR)
    img[100:400, 100:500] = (205, 228, 250)  # white paper
    for k in range(12):
        y, x = rng.integers(450, 800), rng.integers(50, 1100)
        img[y:y + 80, x:x + 80] = rng.integers(20, 230, 3)
    img[50:90, 700:900] = 255  # a clipped highlight
    noisy = img.astype(np.int16) + rng.integers(-6, 7, img.shape)
    img = np.clip(noisy, 0, 255).astype(np.uint8)
    found, expected = neutral_gains(img), _per_pixel(img)
    assert expected is not None and found == expected
    small = cv2.resize(img, (300, 200), interpolation=cv2.INTER_AREA)  # (below the estimate size)
    assert neutral_gains(small) == _per_pixel(small)
