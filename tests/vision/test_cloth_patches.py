"""The foreground's texture cue without the faint stretches of a patterned cloth
(vision.foreground._without_cloth_patches): a stretch where the weave is faint has few edges,
like a tile's face, but the cloth's mixed colour; a tile has its own paint."""
import cv2
import numpy as np

from vision.foreground import _without_cloth_patches


def _lab(bgr: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(bgr.astype(np.float32) / 255.0, cv2.COLOR_BGR2Lab)


def _scene():
    h, w = 200, 300
    rng = np.random.default_rng(0)
    # a grey plaid: dark and light threads both ways about a mid grey
    img = np.full((h, w, 3), 150.0)
    for axis, size in ((0, h), (1, w)):
        for k in np.flatnonzero(rng.random(size) < 0.3):
            shade = rng.choice([-40.0, 40.0])
            if axis == 0:
                img[k] += shade
            else:
                img[:, k] += shade
    # the faint stretch: the same plaid, its contrast washed out
    faint = (slice(120, 170), slice(30, 90))
    img[faint] = 150 + 0.2 * (img[faint] - 150)
    tile = (slice(40, 80), slice(200, 240))
    img[tile] = (30, 120, 230)  # an orange tile
    img = np.clip(img, 0, 255).astype(np.uint8)
    core = np.zeros((h, w), bool)
    core[faint] = True
    core[tile] = True
    smooth = cv2.dilate(core.astype(np.uint8), np.ones((9, 9), np.uint8)) > 0
    cloth = np.zeros((h, w), bool)
    cloth[:12], cloth[-12:], cloth[:, :12], cloth[:, -12:] = True, True, True, True
    colour = np.zeros((h, w), bool)
    colour[tile] = True  # the tile stands out by its paint too
    return _lab(img), smooth, core, cloth, colour, faint, tile


def test_a_faint_stretch_of_cloth_is_dropped_and_a_tile_kept():
    lab, smooth, core, cloth, colour, faint, tile = _scene()
    kept_smooth, kept_core = _without_cloth_patches(lab, smooth, core, cloth, 0.04, colour)
    assert kept_core[tile].all() and kept_smooth[tile].all()
    assert not kept_core[faint].any() and not kept_smooth[faint].any()


def test_cloth_beside_a_tile_is_kept():
    """Cloth showing in a gap of the layout, beside a tile that stands out by its paint, lies
    along the tiles' edges: it stays in the mask."""
    lab, smooth, core, cloth, colour, faint, tile = _scene()
    colour[110:120, 40:80] = True  # a tile's paint just above the faint stretch
    kept_smooth, kept_core = _without_cloth_patches(lab, smooth, core, cloth, 0.04, colour)
    assert kept_core[faint].all()
