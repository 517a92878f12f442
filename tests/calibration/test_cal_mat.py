"""The play mat: layout, PDF, raster, and finding it in (synthetic) photos."""
from __future__ import annotations

import re
import zlib

import numpy as np
import pytest

from calibration.views import Pinhole, look_at, photo_effects, project, render_view, table_background
from vision.mat import (MARKER_ID_BASE, PAPER_MM, PATCH_GREYS, detect_mat_markers, find_mat,
                        mat_layout, mat_pdf, neutral_gains, rectify_mat, render_mat)


@pytest.mark.parametrize("size", list(PAPER_MM))
def test_layout_inside_page_and_ids_per_size(size):
    layout = mat_layout(size)
    assert sorted(layout.markers) == [MARKER_ID_BASE[size] + i for i in range(4)]
    for corners in layout.markers.values():
        assert (corners >= 5).all() and (corners[:, 0] <= layout.width_mm - 5).all()
        assert (corners[:, 1] <= layout.height_mm - 5).all()
    assert len(layout.patches) == 2 * len(PATCH_GREYS)
    pa = layout.play_area
    for p in layout.patches:  # patches stay out of the play area
        r = p.rect
        assert r.y + r.h <= pa.y or r.y >= pa.y + pa.h


@pytest.mark.parametrize("size", list(PAPER_MM))
def test_render_is_found_exactly(size):
    layout = mat_layout(size)
    ppm = 2.5
    img = render_mat(layout, px_per_mm=ppm)
    view = find_mat(img)
    assert view is not None and view.size == size and len(view.marker_ids) == 4
    assert view.reprojection_px < 0.3
    # image point (x, y) is mat ((x + 0.5) / ppm, (y + 0.5) / ppm) in render_mat's convention
    pts = np.array([[100.0, 80.0], [400.0, 300.0]])
    assert np.allclose(view.to_mat(pts), (pts + 0.5) / ppm, atol=0.15)
    greys = {p.name: p.bgr[1] for p in view.patches}
    for name, grey in PATCH_GREYS.items():
        assert abs(greys[f"top-{name}"] - grey) < 2
    assert view.gains_bgr is not None and np.allclose(view.gains_bgr, 1, atol=0.01)


def _pdf_rects(pdf: bytes) -> tuple[tuple[float, float], list[tuple[float, float, float, float, float]]]:
    media = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)
    stream = re.search(rb"stream\n(.*?)\nendstream", pdf, re.S)
    content = zlib.decompress(stream.group(1)).decode("latin-1")
    rects = [tuple(float(v) for v in m) for m in
             re.findall(r"([\d.]+) g ([\d.-]+) ([\d.-]+) ([\d.]+) ([\d.]+) re f", content)]
    return (float(media.group(1)), float(media.group(2))), rects


@pytest.mark.parametrize("size", ["A4", "letter"])
def test_pdf_exact_page_and_markers_decode(size):
    layout = mat_layout(size)
    pdf = mat_pdf(layout)
    assert pdf.startswith(b"%PDF-1.4") and pdf.rstrip().endswith(b"%%EOF")
    # the cross-reference table points at each object
    xref = int(re.search(rb"startxref\n(\d+)", pdf).group(1))
    assert pdf[xref:xref + 4] == b"xref"
    offsets = [int(m) for m in re.findall(rb"(\d{10}) 00000 n", pdf)]
    for i, off in enumerate(offsets, start=1):
        assert pdf[off:].startswith(b"%d 0 obj" % i)
    (w_pt, h_pt), rects = _pdf_rects(pdf)
    pt = 72 / 25.4
    assert abs(w_pt - layout.width_mm * pt) < 0.01 and abs(h_pt - layout.height_mm * pt) < 0.01
    # paint the PDF's rectangles (PDF y grows upwards) and find the markers in that picture
    s = 3.0  # px per mm
    img = np.full((int(layout.height_mm * s), int(layout.width_mm * s)), 255, np.uint8)
    for g, x, y, w, h in rects:
        x0, x1 = round(x / pt * s), round((x + w) / pt * s)
        y1, y0 = round(layout.height_mm * s - y / pt * s), round(layout.height_mm * s - (y + h) / pt * s)
        img[y0:y1, x0:x1] = round(g * 255)
    found = detect_mat_markers(img)
    assert sorted(found) == sorted(layout.markers)
    for i, corners in found.items():
        assert np.abs(corners - (layout.markers[i] * s - 0.5)).max() < 1.0


def test_charuco_mat_keeps_markers_and_patches():
    layout = mat_layout("A4", charuco=True)
    assert layout.charuco is not None
    img = render_mat(layout, px_per_mm=2.5)
    view = find_mat(img)
    assert view is not None and len(view.marker_ids) == 4


def test_no_mat_gives_none_and_bad_input_raises():
    rng = np.random.default_rng(0)
    assert find_mat(rng.integers(0, 255, (300, 400, 3), dtype=np.uint8)) is None
    with pytest.raises(ValueError):
        find_mat(np.zeros((0, 0, 3), np.uint8))


def test_one_marker_is_not_enough():
    layout = mat_layout("A4")
    img = render_mat(layout, px_per_mm=2.5)
    img[:, img.shape[1] // 3:] = 255  # keep only the left markers...
    img[img.shape[0] // 2:, :] = 255  # ...and only the top one
    assert find_mat(img) is None
    assert find_mat(img, min_markers=1) is not None


def test_tilted_photos_with_lens_distortion_and_warm_light():
    rng = np.random.default_rng(7)
    cam = Pinhole.typical((640, 480))
    layout = mat_layout("A4")
    ppm = 3.0
    tex = render_mat(layout, px_per_mm=ppm)
    centre = np.array([[layout.width_mm / 2, layout.height_mm / 2]])
    for tilt in (0.0, 30.0, 45.0):
        pose = look_at(np.array([layout.width_mm / 2, layout.height_mm / 2, 0]), tilt,
                       rng.uniform(0, 360), 600 * 297 / (0.7 * 640), rng.uniform(-180, 180))
        img = render_view(tex, ppm, cam, pose, background=table_background(cam.size, rng), supersample=1)
        img = photo_effects(img, rng, kelvin=3000)
        view = find_mat(img)
        assert view is not None, f"mat not found at {tilt} degrees"
        err = np.linalg.norm(view.to_image(centre) - project(centre, cam, pose))
        assert err < 2.0
        # the patches see the warm light: the gains cool it down (more blue than red)
        g = view.gains_bgr
        assert g is not None and g[0] > 1.2 * g[2]
        top = rectify_mat(img, view, px_per_mm=1.0)
        assert top.shape[:2] == (210, 297)


def test_neutral_gains_skip_clipped_and_dark():
    from vision.mat import PatchSample

    warm = PatchSample("a", 128, (80.0, 120.0, 160.0), (1, 1, 1), 100)
    clipped = PatchSample("b", 255, (200.0, 255.0, 255.0), (0, 0, 0), 100)
    dark = PatchSample("c", 64, (5.0, 10.0, 20.0), (1, 1, 1), 100)
    g = neutral_gains([warm, clipped, dark])
    assert g[0] > 1 > g[2]
    assert np.isclose(np.prod(g), 1.0)
    assert neutral_gains([clipped, dark]) is None
