"""Load a photo: check its header (format, dimensions, completeness) before decoding it.

The header check refuses files that are not images, truncated JPEG/PNG files and images over the
pixel limit *before* any pixel is decoded, so a 100 MP PNG is refused in milliseconds and a
decompression bomb never allocates. Decoding uses ``cv2.imdecode``, which honours the EXIF
orientation of JPEG files; the result is BGR ``uint8`` of shape ``(H, W, 3)``.
"""
from __future__ import annotations

import logging
import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from vision.errors import ImageError

logger = logging.getLogger(__name__)

#: Default limit on the number of pixels of a photo (64 MP).
MAX_PIXELS = 64_000_000
#: Largest file accepted, in bytes (a 64 MP PNG of noise is about 200 MB).
MAX_FILE_BYTES = 256 * 1024 * 1024

_SOF_MARKERS = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


@dataclass(frozen=True)
class ImageHeader:
    """What the file header says: ``format`` ("jpeg", "png", ...), ``width``, ``height``."""

    format: str
    width: int
    height: int

    @property
    def pixels(self) -> int:
        return self.width * self.height


def read_header(data: bytes) -> ImageHeader:
    """Parse the format and dimensions of an encoded image without decoding it.

    Also checks that JPEG and PNG files are complete (an end marker after the image data).

    Raises
    ------
    ImageError
        Not an image of a supported format, a damaged header, or a truncated file.
    """
    if len(data) < 16:
        raise ImageError("the file is too short to be an image")
    if data[:3] == b"\xff\xd8\xff":
        return _jpeg_header(data)
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return _png_header(data)
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return _webp_header(data)
    if data[:2] == b"BM":
        width, height = struct.unpack("<ii", data[18:26])
        return _checked("bmp", width, abs(height))
    if data[:4] in (b"II*\x00", b"MM\x00*"):
        return _tiff_header(data)
    raise ImageError("the file is not an image (supported: JPEG, PNG, WebP, BMP, TIFF)")


def _checked(fmt: str, width: int, height: int) -> ImageHeader:
    if width <= 0 or height <= 0:
        raise ImageError(f"the {fmt.upper()} header gives an invalid size {width}x{height}")
    return ImageHeader(fmt, int(width), int(height))


def _jpeg_header(data: bytes) -> ImageHeader:
    pos = 2
    size: tuple[int, int] | None = None
    n = len(data)
    while pos + 4 <= n:
        if data[pos] != 0xFF:
            raise ImageError("the JPEG file is damaged (bad marker)")
        marker = data[pos + 1]
        if marker == 0xFF:  # fill byte
            pos += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            pos += 2
            continue
        (length,) = struct.unpack(">H", data[pos + 2:pos + 4])
        if length < 2 or pos + 2 + length > n:
            raise ImageError("the JPEG file is truncated (a header segment runs past the end)")
        if marker in _SOF_MARKERS and size is None:
            height, width = struct.unpack(">HH", data[pos + 5:pos + 9])
            size = (width, height)
        if marker == 0xDA:  # start of scan: the entropy-coded data follows
            if size is None:
                raise ImageError("the JPEG file has no frame header")
            # (searched from the end, where the marker is: a forward search stops at every
            # 0xFF byte of the entropy-coded data, a few ms for a 12 MP photo)
            if data.rfind(b"\xff\xd9", pos + 2 + length) < 0:
                raise ImageError("the JPEG file is truncated (no end-of-image marker)")
            return _checked("jpeg", *size)
        pos += 2 + length
    raise ImageError("the JPEG file is truncated (no image data)")


def _png_header(data: bytes) -> ImageHeader:
    if data[12:16] != b"IHDR":
        raise ImageError("the PNG file is damaged (no IHDR chunk)")
    width, height = struct.unpack(">II", data[16:24])
    if data.rfind(b"IEND") < 0:
        raise ImageError("the PNG file is truncated (no IEND chunk)")
    return _checked("png", width, height)


def _webp_header(data: bytes) -> ImageHeader:
    chunk = data[12:16]
    if chunk == b"VP8X" and len(data) >= 30:
        width = 1 + int.from_bytes(data[24:27], "little")
        height = 1 + int.from_bytes(data[27:30], "little")
    elif chunk == b"VP8 " and len(data) >= 30:
        width, height = struct.unpack("<HH", data[26:30])
        width, height = width & 0x3FFF, height & 0x3FFF
    elif chunk == b"VP8L" and len(data) >= 25:
        bits = int.from_bytes(data[21:25], "little")
        width, height = (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    else:
        raise ImageError("the WebP file is damaged")
    return _checked("webp", width, height)


def _tiff_header(data: bytes) -> ImageHeader:
    end = "<" if data[:2] == b"II" else ">"
    (ifd,) = struct.unpack(end + "I", data[4:8])
    if ifd + 2 > len(data):
        raise ImageError("the TIFF file is truncated")
    (count,) = struct.unpack(end + "H", data[ifd:ifd + 2])
    width = height = 0
    for i in range(min(count, 512)):
        entry = data[ifd + 2 + 12 * i: ifd + 14 + 12 * i]
        if len(entry) < 12:
            raise ImageError("the TIFF file is truncated")
        tag, typ = struct.unpack(end + "HH", entry[:4])
        value = struct.unpack(end + ("H" if typ == 3 else "I"), entry[8:10] if typ == 3 else entry[8:12])[0]
        if tag == 256:
            width = value
        elif tag == 257:
            height = value
    return _checked("tiff", width, height)


def _read_bytes(source: str | Path | bytes) -> bytes:
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source)
    path = Path(source)
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise ImageError(f"{path} is not a file")
        if size > MAX_FILE_BYTES:
            raise ImageError(f"{path} is too large ({size} bytes, at most {MAX_FILE_BYTES})")
        return path.read_bytes()
    except FileNotFoundError:
        raise ImageError(f"{path} does not exist") from None
    except OSError as exc:
        raise ImageError(f"cannot read {path}: {exc.strerror or exc}") from None


def decode_image(data: bytes, *, max_pixels: int = MAX_PIXELS, reduce: int = 1) -> np.ndarray:
    """Check the header of encoded image bytes, then decode them.

    Parameters
    ----------
    data : the encoded file.
    max_pixels : images with more pixels are refused before decoding.
    reduce : 1, 2, 4 or 8: decode at that fraction of the size (fast for JPEG).

    Returns
    -------
    ndarray, shape (H, W, 3), uint8, BGR, EXIF orientation applied.
    """
    import cv2

    header = read_header(data)
    if header.pixels > max_pixels:
        raise ImageError(f"the photo is too large: {header.width}x{header.height} = "
                         f"{header.pixels / 1e6:.1f} MP (at most {max_pixels / 1e6:.0f} MP)")
    flag = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
            8: cv2.IMREAD_REDUCED_COLOR_8}[reduce]
    buf = np.frombuffer(data, dtype=np.uint8)
    try:
        image = cv2.imdecode(buf, flag)
    except cv2.error as exc:
        raise ImageError(f"the {header.format.upper()} file cannot be decoded: {exc}") from None
    if image is None or image.size == 0:
        raise ImageError(f"the {header.format.upper()} file cannot be decoded (damaged?)")
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    elif image.shape[2] == 4:
        image = cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    if image.dtype != np.uint8:
        image = (image / 257).astype(np.uint8) if image.dtype == np.uint16 else image.astype(np.uint8)
    logger.debug("decoded %s %dx%d (reduce %d)", header.format, image.shape[1], image.shape[0], reduce)
    return image


def load_image(source: str | Path | bytes, *, max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """Load a photo from a path or encoded bytes.

    Returns
    -------
    ndarray, shape (H, W, 3), uint8, BGR, EXIF orientation honoured.

    Raises
    ------
    ImageError
        Missing or unreadable file, not an image, truncated, or over ``max_pixels``.
    """
    return decode_image(_read_bytes(source), max_pixels=max_pixels)


def load_image_bytes(source: str | Path | bytes) -> bytes:
    """The encoded bytes of ``source`` (a path or bytes), with the reader's file-size limit."""
    return _read_bytes(source)
