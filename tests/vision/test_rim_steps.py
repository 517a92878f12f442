"""vision.foreground._rim_map: the colour step across groups' rims, measured at the rim only."""
import cv2
import numpy as np

from vision.foreground import RIM_WINDOW, _rim_map, _rim_steps


def _whole_map_steps(labels: np.ndarray, lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The steps measured on the whole map, then taken at the rim (the definition): a
    deliberate copy of vision.foreground._rim_map's set-up, the slow reference that its fast
    writing (the means measured at the rim's pixels only) is checked against."""
    h, w = lab.shape[:2]
    small = cv2.resize(labels, (w, h), interpolation=cv2.INTER_NEAREST)
    inside = (small > 0).astype(np.float32)
    k = (RIM_WINDOW, RIM_WINDOW)
    w_in = cv2.blur(inside, k)
    w_out = 1.0 - w_in
    mean_in = cv2.blur(lab * inside[..., None], k) / np.maximum(w_in, 1e-6)[..., None]
    mean_out = cv2.blur(lab * (1.0 - inside)[..., None], k) / np.maximum(w_out, 1e-6)[..., None]
    step = np.linalg.norm(mean_in - mean_out, axis=2)
    rim = (small > 0) & (cv2.erode(inside, np.ones((3, 3), np.uint8)) == 0) & (w_out > 0.05)
    return small[rim], step[rim]


def test_rim_steps_are_the_whole_maps_at_the_rim():
    rng = np.random.default_rng(2)
    for shape in ((120, 160), (75, 99)):
        noise = cv2.GaussianBlur(rng.random(shape).astype(np.float32), (0, 0), 4)
        _, labels = cv2.connectedComponents((noise > np.median(noise)).astype(np.uint8))
        labels = cv2.resize(labels.astype(np.int32), (2 * shape[1], 2 * shape[0]),
                            interpolation=cv2.INTER_NEAREST)
        lab = (rng.random((*shape, 3)) * [100, 60, 60]).astype(np.float32)
        ids, steps = _rim_steps(labels, lab)
        ref_ids, ref_steps = _whole_map_steps(labels, lab)
        assert len(steps) > 50
        assert np.array_equal(ids, ref_ids) and np.array_equal(steps, ref_steps)
        small, rim, step = _rim_map(labels, lab)
        assert not step[~rim].any()
