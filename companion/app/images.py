"""Photos as numpy arrays and as Kivy textures.

Photos are decoded with OpenCV (which honours the EXIF orientation), never with Kivy's image
loader, and handed to Kivy as a :class:`~kivy.graphics.texture.Texture` made from RGB bytes.
The decoding half is plain numpy/cv2 and runs in worker threads; :func:`texture_from_bgr` must
run on the main (GL) thread.
"""
from __future__ import annotations

import logging
from pathlib import Path

import cv2
import numpy as np

logger = logging.getLogger(__name__)

#: Longest side of an image shown on screen; phones cap texture sizes, and the overlay is
#: drawn at photo resolution, so it is scaled down once for display.
MAX_DISPLAY_SIDE = 2048


class PhotoError(Exception):
    """A photo could not be opened; the message is meant for the user."""


def load_bgr(path: str | Path) -> np.ndarray:
    """Decode a photo file.

    Uses ``vision.load.load_image`` (size limits, EXIF) when the reader provides it, else
    ``cv2.imdecode`` (which also applies EXIF orientation).

    Returns
    -------
    ndarray, shape (H, W, 3), uint8, BGR.

    Raises
    ------
    PhotoError
        When the file is missing or not a decodable image.
    """
    p = Path(path)
    try:
        from vision.load import load_image  # the reader's loader, when it has landed
    except ImportError:
        load_image = None
    if load_image is not None:
        try:
            return load_image(p)
        except Exception as exc:  # vision.errors.ImageError and friends
            raise PhotoError(f"{p.name}: {getattr(exc, 'message', None) or exc}") from exc
    try:
        raw = np.fromfile(str(p), dtype=np.uint8)
    except OSError as exc:
        raise PhotoError(f"cannot open {p.name}: {exc.strerror or exc}") from exc
    image = cv2.imdecode(raw, cv2.IMREAD_COLOR) if raw.size else None
    if image is None:
        raise PhotoError(f"{p.name} is not a photo this app can read")
    return image


def fit_for_display(image: np.ndarray, max_side: int = MAX_DISPLAY_SIDE) -> np.ndarray:
    """Scale ``image`` (H, W, C) down so that its longest side is at most ``max_side``."""
    h, w = image.shape[:2]
    scale = max_side / max(h, w)
    if scale >= 1:
        return image
    return cv2.resize(image, (max(1, round(w * scale)), max(1, round(h * scale))),
                      interpolation=cv2.INTER_AREA)


def bgr_to_rgb_bytes(image: np.ndarray) -> tuple[bytes, tuple[int, int]]:
    """BGR (H, W, 3) uint8 -> bottom-up RGB bytes for a Kivy texture, and ``(width, height)``.

    Kivy textures have their origin at the bottom left, so rows are flipped here.
    """
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    rgb = cv2.cvtColor(image[:, :, :3], cv2.COLOR_BGR2RGB)
    rgb = np.ascontiguousarray(rgb[::-1])
    return rgb.tobytes(), (rgb.shape[1], rgb.shape[0])


def texture_from_bgr(image: np.ndarray):
    """A Kivy texture showing ``image`` (H, W, 3) uint8 BGR. Main thread only."""
    from kivy.graphics.texture import Texture

    data, size = bgr_to_rgb_bytes(image)
    texture = Texture.create(size=size, colorfmt="rgb")
    # Rows of 3-byte pixels are not 4-byte aligned in general.
    from kivy.graphics.opengl import GL_UNPACK_ALIGNMENT, glPixelStorei

    glPixelStorei(GL_UNPACK_ALIGNMENT, 1)
    texture.blit_buffer(data, colorfmt="rgb", bufferfmt="ubyte")
    return texture


def rgba_texture_to_bgr(pixels: bytes, size: tuple[int, int]) -> np.ndarray:
    """Kivy RGBA texture bytes (bottom-up rows) -> (H, W, 3) uint8 BGR, top row first."""
    w, h = size
    arr = np.frombuffer(pixels, dtype=np.uint8).reshape(h, w, 4)[::-1]
    return cv2.cvtColor(np.ascontiguousarray(arr), cv2.COLOR_RGBA2BGR)
