"""vision.foreground.components: the groups of OpenCV's default 8-connected labelling, exactly."""
import cv2
import numpy as np

from vision.foreground import components


def test_components_are_opencvs_default_labelling():
    rng = np.random.default_rng(3)
    for k, (h, w) in enumerate([(642, 856), (321, 427), (97, 131), (2, 3), (1, 1)]):
        for sigma, share in ((0.0, 0.5), (2.0, 0.5), (6.0, 0.3)):
            noise = rng.random((h, w)).astype(np.float32)
            if sigma:
                noise = cv2.GaussianBlur(noise, (0, 0), sigma)
            mask = (noise > np.quantile(noise, 1 - share)).astype(np.uint8)
            n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
            n2, labels2, stats2 = components(mask)
            assert n2 == n
            assert np.array_equal(labels2, labels)
            assert np.array_equal(stats2, stats)
