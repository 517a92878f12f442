"""The foreground mask's own edges (added to the lattice search when a layout shows few straight
edges) follow the tiles' slant, not the staircase of the mask's enlarged pixels."""
import cv2
import numpy as np

from vision.locate import _edges


def _turned_layout_mask(size=(856, 642), pitch=70, angle_deg=17.0, n=(3, 5)) -> np.ndarray:
    """A ragged block of ``n`` tiles turned by ``angle_deg``, judged at half size and
    enlarged by nearest neighbour as :func:`vision.foreground.foreground_mask` does; (H, W) bool."""
    w, h = size
    small = np.zeros((h // 2, w // 2), np.uint8)
    a = np.radians(angle_deg)
    R = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    centre = np.array([w / 4, h / 4])
    half = pitch / 2
    for r in range(n[0]):
        for c in range(n[1]):
            if (r + c) % 3 == 0:
                continue  # a ragged layout: most of its outline is tile edges
            x0, y0 = (c - n[1] / 2) * half, (r - n[0] / 2) * half
            sq = np.array([[x0, y0], [x0 + half, y0], [x0 + half, y0 + half], [x0, y0 + half]])
            pts = sq @ R.T + centre
            cv2.fillPoly(small, [np.round(pts).astype(np.int32)], 1)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_NEAREST).astype(bool)


def test_mask_edges_follow_the_tiles_slant_not_the_pixel_staircase():
    angle = 8.0  # (a gentle slant: the staircase runs long enough to be found as lines)
    fg = _turned_layout_mask(angle_deg=angle)
    work = np.full(fg.shape + (3,), 40, np.uint8)  # a featureless picture: the mask's edges only
    segs = _edges(work, fg, {}, True).segs
    d = segs.q - segs.p
    ang = np.degrees(np.arctan2(d[:, 1], d[:, 0])) % 90  # (both families folded together)
    off = np.abs((ang - angle + 45) % 90 - 45)
    length = np.hypot(d[:, 0], d[:, 1])
    on_slant = length[off < 6].sum() / length.sum()
    assert on_slant > 0.7, on_slant
