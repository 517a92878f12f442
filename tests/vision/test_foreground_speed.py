"""The foreground mask's colour cues, written cheaper, keep their values to the bit: the colour
cue's weighting and frame sample in one pass each, the rare colours judged per histogram bin
before the look-up per pixel."""
import cv2
import numpy as np

from vision.foreground import _far_from_frame, _rare_in_frame


def _picture(h=97, w=131, seed=3):
    """A blurred random BGR picture (uint8) with a frame of its border, a tenth of its side."""
    rng = np.random.default_rng(seed)
    img = cv2.GaussianBlur(rng.integers(0, 256, (h, w, 3), dtype=np.uint8), (0, 0), 2)
    img[30:60, 40:90] = (20, 200, 240)  # something of another colour inside
    b = max(2, min(h, w) // 10)
    frame = np.zeros((h, w), bool)
    frame[:b], frame[-b:], frame[:, :b], frame[:, -b:] = True, True, True, True
    return img, frame


def _far_reference(lab, frame, clusters=8):
    """_far_from_frame as it was written first (numpy weighting, boolean sample)."""
    h, w = lab.shape[:2]
    lab = lab * np.array([0.5, 1.0, 1.0], np.float32)
    samples = lab[frame]
    if len(samples) > 4000:
        samples = samples[np.random.default_rng(0).choice(len(samples), 4000, replace=False)]
    k = min(clusters, len(samples))
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    cv2.setRNGSeed(0)
    _, lab_k, centres = cv2.kmeans(samples.astype(np.float32), k, None, crit, 2,
                                   cv2.KMEANS_PP_CENTERS)
    d_frame = np.linalg.norm(samples - centres[lab_k.ravel()], axis=1)
    thr = max(7.0, 3.0 * float(np.percentile(d_frame, 90)))
    lab = np.ascontiguousarray(lab, dtype=np.float32)
    ones = np.ones((1, 3), np.float32)
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


def _rare_reference(lab, frame):
    """_rare_in_frame as it was written first (the ratio looked up per pixel, then compared)."""
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
    ratio = pf / np.maximum(pa, 1e-9)
    return ratio.reshape(-1)[idx] < 0.25


def test_the_colour_cues_are_those_of_the_first_writing():
    img, frame = _picture()
    lab = cv2.cvtColor(img.astype(np.float32) / 255.0, cv2.COLOR_BGR2Lab)
    far = _far_from_frame(lab, frame)
    rare = _rare_in_frame(lab, frame)
    assert far[40, 60] and rare[40, 60]  # (the patch of another colour stands out)
    assert np.array_equal(far, _far_reference(lab, frame))
    assert np.array_equal(rare, _rare_reference(lab, frame))
    # a frame of any shape (the table's rim) is sampled in the same order
    odd = np.zeros_like(frame)
    odd[5:20, 3:70] = True
    odd[70:90, 100:] = True
    assert np.array_equal(_far_from_frame(lab, odd), _far_reference(lab, odd))
