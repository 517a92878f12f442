"""Photo loading: header checks before decoding, clear errors, EXIF orientation."""
import struct
import time
import zlib

import cv2
import numpy as np
import pytest

from vision.errors import ImageError
from vision.load import load_image, read_header


def _png_header_only(width: int, height: int) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk
            + struct.pack(">I", zlib.crc32(chunk)) + b"\x00\x00\x00\x00IEND\xaeB`\x82")


def test_jpeg_and_png_load_as_bgr():
    img = np.zeros((40, 60, 3), np.uint8)
    img[:, :, 2] = 200  # red in BGR
    for ext in (".jpg", ".png"):
        ok, buf = cv2.imencode(ext, img)
        out = load_image(buf.tobytes())
        assert out.shape == (40, 60, 3) and out.dtype == np.uint8
        assert out[20, 30, 2] > 180 and out[20, 30, 0] < 30


def test_huge_png_refused_from_header_fast():
    data = _png_header_only(12000, 9000)  # 108 MP
    t = time.perf_counter()
    with pytest.raises(ImageError, match="too large"):
        load_image(data)
    assert time.perf_counter() - t < 0.5


def test_truncated_jpeg_refused():
    img = (np.random.default_rng(0).random((200, 200, 3)) * 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", img)
    data = buf.tobytes()
    with pytest.raises(ImageError, match="truncated"):
        load_image(data[: len(data) // 2])


def test_text_named_jpg_refused(tmp_path):
    p = tmp_path / "note.jpg"
    p.write_text("this is not a photo at all, just some words")
    with pytest.raises(ImageError, match="not an image"):
        load_image(p)


def test_missing_file():
    with pytest.raises(ImageError) as exc:
        load_image("/nonexistent/photo.jpg")
    assert exc.value.code == "bad-image" and "does not exist" in exc.value.message


def test_header_dimensions():
    ok, buf = cv2.imencode(".jpg", np.zeros((33, 77, 3), np.uint8))
    h = read_header(buf.tobytes())
    assert (h.format, h.width, h.height) == ("jpeg", 77, 33)


def test_exif_orientation_is_honoured():
    # A landscape JPEG with EXIF orientation 6 (rotate 90 CW) must come out portrait.
    img = np.zeros((30, 50, 3), np.uint8)
    img[:, :10] = 255  # a white band on the left
    ok, buf = cv2.imencode(".jpg", img)
    data = buf.tobytes()
    tiff = b"MM\x00*" + struct.pack(">I", 8) + struct.pack(">H", 1) + \
        struct.pack(">HHIHH", 0x0112, 3, 1, 6, 0) + struct.pack(">I", 0)
    app1 = b"Exif\x00\x00" + tiff
    seg = b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1
    out = load_image(data[:2] + seg + data[2:])
    assert out.shape[:2] == (50, 30)
    assert out[:10, :].mean() > 150  # the band is now at the top
