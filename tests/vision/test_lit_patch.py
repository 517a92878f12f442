"""A small layout inside a lamp's lit patch of a plain table (vision.locate._lit_patch_box)."""
import numpy as np

from vision import locate as L


def _lamp_photo(size=(2400, 3200)) -> np.ndarray:
    """A plain warm table, darker toward the picture's border, under a lamp whose soft
    bright patch fills the middle; a 3x3 layout of coloured tiles (40 px) inside it."""
    h, w = size
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r2 = ((xx - w / 2) / (0.3 * w)) ** 2 + ((yy - h / 2) / (0.3 * h)) ** 2
    light = 0.55 + 0.45 / (1 + np.exp((np.sqrt(r2) - 1) / 0.1))  # a pool of light, soft rim
    table = np.array([120, 160, 200], np.float32)  # BGR, a beige paper
    img = np.clip(table[None, None] * light[..., None], 0, 255)
    paints = [(40, 40, 200), (40, 160, 40), (200, 80, 40), (30, 200, 230), (150, 60, 120),
              (20, 20, 20), (40, 120, 230), (200, 200, 200), (120, 40, 40)]
    t = 40
    x0, y0 = w // 2 - 60, h // 2 - 60
    for i, p in enumerate(paints):
        r, c = divmod(i, 3)
        img[y0 + r * t:y0 + (r + 1) * t, x0 + c * t:x0 + (c + 1) * t] = p
    return img.astype(np.uint8)


def test_layout_inside_a_lit_patch_is_looked_at_closer():
    image = _lamp_photo()
    work, scale = L.work_copy(image)
    fg, _ = L._whole_foreground(work, False)
    # the foreground is the lit patch, too big for the closer look...
    assert fg.mean() > 0.1
    assert L._closer_box(fg, scale, image.shape[:2], work=work) is None
    # ...but the layout stands out within it, and its box is a small part of the photo
    box = L._lit_patch_box(work, fg, scale, image.shape[:2])
    assert box is not None
    x0, y0, x1, y1 = box
    assert x0 <= 1540 and y0 <= 1140 and x1 >= 1660 and y1 >= 1260
    assert (x1 - x0) * (y1 - y0) < 0.15 * image.shape[0] * image.shape[1]


def test_an_outlined_layout_is_no_lit_patch():
    image = _lamp_photo()
    work, scale = L.work_copy(image)
    fg = np.zeros(work.shape[:2], bool)
    h, w = fg.shape
    fg[h // 4:3 * h // 4, w // 4:3 * w // 4] = True  # a big group with a sharp outline
    work = work.copy()
    work[fg] = (40, 40, 200)
    assert L._lit_patch_box(work, fg, scale, image.shape[:2]) is None


def test_no_lit_patch_on_a_textured_table():
    """The texture cue's groups have soft rims (its margin lies on the cloth) whatever they
    hold: on a patterned table the foreground is not taken for a patch of light."""
    image = _lamp_photo()
    work, scale = L.work_copy(image)
    fg, _ = L._whole_foreground(work, False)
    assert L._lit_patch_box(work, fg, scale, image.shape[:2], textured=True) is None
