"""The reader end to end on scenes of this folder's own style (not the product's renderer)."""
import json
import random
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from compare import cell_errors  # noqa: E402
from scenes import camera_view, random_board, topdown  # noqa: E402

from vision.errors import NoTilesFound  # noqa: E402
from vision.overlay import draw_overlay  # noqa: E402
from vision.pipeline import read_file, read_image  # noqa: E402

CLI = [sys.executable, "-m", "companion"]


@pytest.mark.parametrize("game,seed", [("octopus", 1), ("octopus", 2), ("tapestry", 0),
                                       ("tapestry", 3), ("twelve-tiles", 0), ("twelve-tiles", 2)])
def test_reads_a_tilted_rotated_scene(game, seed):
    rng = random.Random(seed)
    board = random_board(game, rng, 14)
    top, _, _ = topdown(board)
    photo = camera_view(top, rng)
    reading = read_image(photo, game=game)
    wrong, n = cell_errors(reading.board, board)
    assert wrong == 0, (wrong, n, reading.board)
    for t in reading.board["tiles"]:
        assert 0 <= t["confidence"] <= 1
    json.dumps(reading.board)  # plain data
    assert set(reading.timing_ms) >= {"locate", "read_cells", "total"}


@pytest.fixture(scope="module")
def octopus_photo():
    """(photo, reading) of ten Octopus tiles, read once for the overlay tests."""
    rng = random.Random(1)
    board = random_board("octopus", rng, 10)
    top, _, _ = topdown(board)
    photo = camera_view(top, rng)
    return photo, read_image(photo, game="octopus")


def test_overlay_draws_on_the_photo(octopus_photo):
    photo, reading = octopus_photo
    viol = [{"rule": "octopus.duplicate-tile", "cells": [[0, 0]], "message": "test"}]
    out = draw_overlay(photo, reading, violations=viol)
    assert out.shape == photo.shape and (out != photo).any()
    poly = reading.geometry.cell_polygon(0, 0)
    assert poly.shape == (4, 2)


def test_overlay_lists_at_most_a_few_violations_as_text(octopus_photo):
    photo, reading = octopus_photo
    one = [{"rule": "octopus.not-adjacent", "cells": [], "message": "the tile is not connected"}]
    many = one * 40
    text_rows = []
    plain = draw_overlay(photo, reading)
    for viol in (one * 6, many):
        out = draw_overlay(photo, reading, violations=viol)
        changed = np.any(out != plain, axis=2)  # the text only
        rows = np.nonzero(changed.any(axis=1))[0]
        text_rows.append(rows.max())
    # 40 violations take one line more than 6 (a summary), not 34 more
    assert text_rows[1] - text_rows[0] < 0.1 * photo.shape[0]


def test_uniform_image_has_no_tiles():
    img = np.full((600, 800, 3), (60, 90, 120), np.uint8)
    img = (img + np.random.default_rng(0).normal(0, 3, img.shape)).clip(0, 255).astype(np.uint8)
    with pytest.raises(NoTilesFound):
        read_image(img, game="octopus")


def test_blob_of_colour_has_no_tiles():
    img = np.full((600, 800, 3), (180, 190, 200), np.uint8)
    cv2.ellipse(img, (400, 300), (180, 120), 20, 0, 360, (40, 120, 200), -1, cv2.LINE_AA)
    with pytest.raises(NoTilesFound):
        read_image(img, game="x-tiles")


def _run(args, tmp_path):
    t = time.perf_counter()
    p = subprocess.run(CLI + args, capture_output=True, text=True, timeout=60, cwd=tmp_path)
    return p, time.perf_counter() - t


@pytest.mark.parametrize("kind", ["text", "truncated", "empty-table"])
def test_command_refuses_bad_inputs(kind, tmp_path):
    path = tmp_path / "photo.jpg"
    if kind == "text":
        path.write_text("hello, not a photo\n" * 3)
    else:
        img = np.full((900, 1200, 3), (70, 100, 140), np.uint8)
        img = (img + np.random.default_rng(1).normal(0, 4, img.shape)).clip(0, 255).astype(np.uint8)
        data = cv2.imencode(".jpg", img)[1].tobytes()
        path.write_bytes(data[: len(data) // 2] if kind == "truncated" else data)
    p, secs = _run(["read", str(path), "--game", "octopus", "--json"], tmp_path)
    assert p.returncode == 1, p.stderr
    err = json.loads(p.stdout)["error"]
    assert err["code"] in ("bad-image", "no-tiles") and err["message"]
    assert secs < 5


def test_command_reads_and_writes_overlay(tmp_path):
    rng = random.Random(1)
    board = random_board("octopus", rng, 14)
    top, _, _ = topdown(board)
    photo = tmp_path / "table.jpg"
    cv2.imwrite(str(photo), camera_view(top, rng))
    p, _ = _run(["read", str(photo), "--game", "octopus", "--overlay", str(tmp_path / "o.png"),
                 "--json"], tmp_path)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert set(out) >= {"board", "violations", "timing_ms"}
    assert cell_errors(out["board"], board)[0] == 0
    assert cv2.imread(str(tmp_path / "o.png")) is not None
    # the file reader gives the same board
    assert read_file(photo, game="octopus").board == out["board"]


def test_large_photos_are_read_at_a_fraction_of_their_size():
    from vision.pipeline import working_reduce
    assert working_reduce(3_000_000) == 1
    assert working_reduce(12_000_000) == 2   # a 12 MP phone photo at 3 MP
    assert working_reduce(24_000_000) == 2
    assert working_reduce(48_000_000) == 4   # a 48 MP one at 3 MP too
    assert working_reduce(10 ** 9) == 8


def _flat_photo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reduce: int) -> Path:
    """A plain grey 200 x 120 JPEG in ``tmp_path``, which read_file decodes at ``1 / reduce``
    of its size (its working fraction patched)."""
    import vision.pipeline as pipeline
    path = tmp_path / "p.jpg"
    cv2.imwrite(str(path), np.full((120, 200, 3), 128, np.uint8))
    monkeypatch.setattr(pipeline, "working_reduce", lambda pixels: reduce)
    return path


def _fake_reading(image: np.ndarray, board: dict, info: dict):
    """A reading of ``image`` (its size the geometry's) with ``board`` and ``info`` only."""
    import vision.pipeline as pipeline
    geometry = pipeline.Geometry(np.eye(3), {}, (0, 0), (0, 0), (image.shape[1], image.shape[0]))
    return pipeline.Reading(board, {}, geometry, (), info)


@pytest.mark.parametrize("game,again", [("x-tiles", True), ("textile", False)])
def test_an_x_tiles_photo_without_tiles_at_a_fraction_is_read_at_full_size(game, again, tmp_path,
                                                                             monkeypatch):
    # (a layout of small X-Tiles whose rims vanish at half size: the reader sees no tile there
    # and reads the photo again at twice the size; other games' failures stand)
    import vision.pipeline as pipeline
    path = _flat_photo(tmp_path, monkeypatch, reduce=2)
    seen, read = [], object()

    def fake_read(image, **kwargs):
        seen.append(image.shape[:2])
        if image.shape[1] < 200:
            raise NoTilesFound("no tiles found at half size")
        assert "reduced read" in kwargs["_timing"]  # (the first read's time counted)
        return read

    monkeypatch.setattr(pipeline, "read_image", fake_read)
    if again:
        assert read_file(path, game=game) is read  # (full size: no rescaling of the geometry)
        assert seen == [(60, 100), (120, 200)]
    else:
        with pytest.raises(NoTilesFound):
            read_file(path, game=game)
        assert seen == [(60, 100)]


def test_a_large_x_tiles_photo_without_tiles_is_read_again_at_twice_its_fraction(tmp_path,
                                                                                monkeypatch):
    import vision.pipeline as pipeline
    path = _flat_photo(tmp_path, monkeypatch, reduce=4)
    seen = []

    def fake_read(image, **kwargs):
        seen.append(image.shape[:2])
        raise NoTilesFound("none")

    monkeypatch.setattr(pipeline, "read_image", fake_read)
    with pytest.raises(NoTilesFound):
        read_file(path, game="x-tiles")
    assert seen == [(30, 50), (60, 100)]  # (not 16 times the pixels at full size)


def test_an_x_tiles_photo_without_tiles_at_either_size_reports_the_first_failure(tmp_path,
                                                                                monkeypatch):
    # (a guard: the first read's message stands, as before the second read was added)
    import vision.pipeline as pipeline
    path = _flat_photo(tmp_path, monkeypatch, reduce=2)

    def fake_read(image, **kwargs):
        raise NoTilesFound(f"no tiles found at width {image.shape[1]}")

    monkeypatch.setattr(pipeline, "read_image", fake_read)
    with pytest.raises(NoTilesFound, match="width 100"):
        read_file(path, game="x-tiles")


def test_a_large_png_reads_like_a_jpeg_of_its_size(octopus_photo, tmp_path):
    photo, small = octopus_photo
    big = cv2.resize(photo, (photo.shape[1] * 3, photo.shape[0] * 3), interpolation=cv2.INTER_CUBIC)
    path = tmp_path / "big.png"
    cv2.imwrite(str(path), big)
    reading = read_file(path, game="octopus")
    assert reading.info["decode_reduce"] == 2
    assert reading.geometry.image_size == (big.shape[1], big.shape[0])  # the photo's own pixels
    assert cell_errors(reading.board, small.board)[0] == 0


@pytest.mark.parametrize("game,pitch,again", [("octopus", 40.0, True), ("octopus", 60.0, False),
                                              ("tapestry", 20.0, False)])
def test_solid_tiles_smaller_than_a_cell_of_the_view_are_read_again_at_twice_the_size(
        game, pitch, again, tmp_path, monkeypatch):
    # (die faces 40 px wide at half size, under the 48 px of the reader's view of a cell: the
    # tiles' outlines a pixel or two wide, the lattice's perspective off; read again at full
    # size. Tiles of 60 px, and sector tiles of any size, keep the first reading)
    import vision.pipeline as pipeline
    path = _flat_photo(tmp_path, monkeypatch, reduce=2)
    seen = []

    def fake_read(image, **kwargs):
        seen.append(image.shape[:2])
        return _fake_reading(image, {"tiles": []},
                             {"pitch_px": pitch * image.shape[1] / 100, "score": 3.0,
                              "faces_read": 20})

    monkeypatch.setattr(pipeline, "read_image", fake_read)
    reading = read_file(path, game=game)
    assert seen == ([(60, 100), (120, 200)] if again else [(60, 100)])
    assert reading.geometry.image_size == (200, 120)  # (the photo's own pixels either way)


@pytest.mark.parametrize("full_faces,full_score,kept", [(20, 3.5, 1), (19, 2.5, 1), (19, 3.5, 2),
                                                         (19, 3.0, 2)])
def test_small_tiles_read_again_keep_the_full_size_reading_unless_it_loses_faces_and_score(
        full_faces, full_score, kept, tmp_path, monkeypatch):
    # (the reading at full size is fitted again, its light too: it replaces the half size's
    # unless it reads fewer die faces and scores no better (the reader's own score, the measure
    # its readings are ranked by); then the first reading, its board and geometry, stands)
    import vision.pipeline as pipeline
    path = _flat_photo(tmp_path, monkeypatch, reduce=2)

    def fake_read(image, **kwargs):
        full = image.shape[1] == 200
        info = {"pitch_px": 0.4 * image.shape[1], "faces_read": full_faces if full else 20,
                "score": full_score if full else 3.0}
        return _fake_reading(image, {"tiles": [], "read_at": 1 if full else 2}, info)

    monkeypatch.setattr(pipeline, "read_image", fake_read)
    reading = read_file(path, game="octopus")
    assert reading.board["read_at"] == kept
    assert reading.info.get("decode_reduce", 1) == kept
    assert reading.geometry.image_size == (200, 120)  # (the photo's own pixels either way)


def test_a_reading_reports_its_score_and_the_die_faces_it_read(octopus_photo):
    # (what read_file weighs a reading at full size by against the first one: see above)
    _, reading = octopus_photo
    # (faces of the lattice's reading, before the game's rules rule cells out)
    assert reading.info["faces_read"] >= sum(t["pips"] is not None for t in reading.board["tiles"])
    assert reading.info["faces_read"] == 10
    assert isinstance(reading.info["score"], float)
