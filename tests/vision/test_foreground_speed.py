"""The foreground mask's colour cues, written cheaper, keep their values to the bit: the colour
cue's weighting and frame sample in one pass each, the rare colours judged per histogram bin
before the look-up per pixel."""
import cv2
import numpy as np

from vision.foreground import _far_from_frame, _frame_clusters, _frame_share, _rare_in_frame


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
    """_far_from_frame written plainly, the slow reference its fast writing is checked against:
    numpy's weighting and boolean sample (not cv2.multiply and np.compress), and the squared
    distances to every centre at once (not one centre at a time into the same buffers). The
    frame's clusters are the product's own (:func:`vision.foreground._frame_clusters`)."""
    lab = lab * np.array([0.5, 1.0, 1.0], np.float32)
    centres, thr = _frame_clusters(lab[frame], clusters)
    d2 = ((lab[:, :, None, :] - centres[None, None]) ** 2).sum(-1).min(-1)
    return d2 > thr * thr


def _rare_reference(lab, frame):
    """_rare_in_frame as it was written first: the ratio looked up per pixel, then compared (the
    fast writing compares once per bin; the histograms are the product's own,
    :func:`vision.foreground._frame_share`)."""
    ratio, idx = _frame_share(lab, frame)
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
