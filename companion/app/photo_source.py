"""Where photos come from: the photo-source interface and its desktop implementations.

A :class:`PhotoSource` is asked for one photo and answers with a file path (or ``None`` when
the user cancelled) through a callback on the main thread. The capture screen lists the sources
that are :meth:`~PhotoSource.available`; having no camera is a normal case: the camera source
then reports itself unavailable with a reason, and the file chooser remains.

A phone build plugs its own camera in with :func:`register_source` (for example an Android
intent camera) without touching the screens.
"""
from __future__ import annotations

import glob
import logging
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

PHOTO_EXTENSIONS = (".jpg", ".jpeg", ".png", ".webp", ".bmp", ".tif", ".tiff")


@dataclass(frozen=True)
class Availability:
    ok: bool
    reason: str = ""


class PhotoSource:
    """Interface: a way to obtain one photo."""

    #: Stable id ("camera", "file", ...).
    name: str = "source"
    #: Button label.
    label: str = "Photo"

    def availability(self) -> Availability:  # pragma: no cover - interface
        raise NotImplementedError

    def available(self) -> bool:
        return self.availability().ok


class FileSource(PhotoSource):
    """Photos picked from a file chooser (the capture screen shows the chooser)."""

    name = "file"
    label = "Load photo"

    def availability(self) -> Availability:
        return Availability(True)


def _video_devices() -> list[str]:
    return sorted(glob.glob("/dev/video*"))


class KivyCameraSource(PhotoSource):
    """Kivy's camera widget (desktop webcams through Kivy's camera providers).

    The capture screen shows a live preview and saves the current frame with :meth:`save_frame`.
    """

    name = "camera"
    label = "Take photo"

    def __init__(self, index: int = 0) -> None:
        self.index = index

    def availability(self) -> Availability:
        if os.environ.get("TILE_COMPANION_NO_CAMERA"):
            return Availability(False, "camera turned off")
        if sys.platform.startswith("linux") and not _video_devices():
            return Availability(False, "no camera found on this device")
        try:
            from kivy.core.camera import Camera as CoreCamera
        except Exception as exc:  # no camera provider compiled in
            return Availability(False, f"no camera support ({exc.__class__.__name__})")
        if CoreCamera is None:
            return Availability(False, "no camera support in this Kivy build")
        return Availability(True)

    @staticmethod
    def save_frame(texture, folder: Path) -> Path:
        """Write the camera widget's current frame as a JPEG in ``folder``; returns its path."""
        import cv2

        from companion.app.images import rgba_texture_to_bgr

        if texture is None:
            raise RuntimeError("the camera has not delivered a frame yet")
        image = rgba_texture_to_bgr(texture.pixels, texture.size)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / time.strftime("camera-%Y%m%d-%H%M%S.jpg")
        if not cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, 92]):
            raise RuntimeError(f"could not write {path}")
        return path


_EXTRA: list[PhotoSource] = []


def register_source(source: PhotoSource) -> None:
    """Add a photo source (a phone camera, ...) ahead of the built-in ones."""
    _EXTRA.insert(0, source)


def sources() -> list[PhotoSource]:
    """All sources, available or not, in the order the capture screen shows them."""
    return [*_EXTRA, KivyCameraSource(), FileSource()]


def is_photo(path: str | Path) -> bool:
    return Path(path).suffix.lower() in PHOTO_EXTENSIONS
