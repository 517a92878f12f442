"""The mat and calibrate commands, end to end (calibrate runs the real reader)."""
from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from calibration.evaluate import perturbed_kit, render_jpeg
from calibration.profile import load_profile
from calibration.reference import layout_for_game
from companion.cli import main
from vision.kits import kit_for_game
from vision.mat import find_mat


def _run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr().out
    return code, (json.loads(out) if "--json" in argv and out.strip() else out)


def test_mat_pdf_and_png(tmp_path, capsys):
    code, data = _run(capsys, "mat", "--size", "A3", "--out", str(tmp_path / "m.pdf"), "--json")
    assert code == 0 and data["marker_ids"] == [4, 5, 6, 7] and data["width_mm"] == 420
    pdf = (tmp_path / "m.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and b"/MediaBox [0 0 1190.551 841.89]" in pdf
    code, data = _run(capsys, "mat", "--out", str(tmp_path / "m.png"), "--dpi", "100", "--charuco", "--json")
    assert code == 0 and data["charuco"]["squares"] == [13, 5]
    img = cv2.imread(str(tmp_path / "m.png"))
    assert img.shape[:2] == (827, 1169)
    view = find_mat(img)
    assert view is not None and view.size == "A4"
    code, data = _run(capsys, "mat", "--out", str(tmp_path / "m.svg"), "--json")
    assert code == 1 and data["error"]["code"] == "bad-output"
    with pytest.raises(SystemExit) as exc:
        main(["mat", "--size", "B5", "--out", str(tmp_path / "m.pdf")])
    assert exc.value.code == 2


@pytest.fixture(scope="module")
def tapestry_photo(tmp_path_factory):
    """A rendered photo of the tapestry layout: a set painted 8-15 dE off the defaults, 3000 K."""
    layout = layout_for_game("tapestry")
    board = {"game": "tapestry", "tiles": [{"row": r, "col": c, **t} for (r, c), t in layout.tiles.items()]}
    kit = perturbed_kit(kit_for_game("tapestry"), np.random.default_rng(2))
    jpeg, truth = render_jpeg(board, kit, 2, size=(1280, 960), difficulty="easy", temperature_k=3000.0, awb=0.6)
    path = tmp_path_factory.mktemp("cal") / "layout.jpg"
    path.write_bytes(jpeg)
    return path, truth


def test_calibrate_end_to_end_then_read_with_the_profile(tapestry_photo, tmp_path, capsys):
    photo, truth = tapestry_photo
    out = tmp_path / "me.profile.json"
    code, data = _run(capsys, "calibrate", str(photo), "--game", "tapestry", "--layout",
                      str(layout_for_game("tapestry").path), "--out", str(out), "--json")
    assert code == 0, data
    assert data["alignment"]["quarter_turns"] == truth["scene"]["quarter_turns"]
    profile = load_profile(out, kit="tapestry")
    assert set(profile["colours"]) == set(kit_for_game("tapestry").colours)
    assert set(profile["symbols"]) == {"rock", "paper", "scissors"}
    code, data = _run(capsys, "read", str(photo), "--game", "tapestry", "--profile", str(out), "--json")
    assert code == 0 and len(data["board"]["tiles"]) >= 1


def test_calibrate_bad_inputs(tapestry_photo, tmp_path, capsys):
    photo, _ = tapestry_photo
    out = tmp_path / "p.json"
    code, data = _run(capsys, "calibrate", str(photo), "--game", "chess", "--out", str(out), "--json")
    assert code == 1 and data["error"]["code"] == "bad-game"
    bad = tmp_path / "bad.board.json"
    bad.write_text("{not json")
    code, data = _run(capsys, "calibrate", str(photo), "--game", "tapestry", "--layout", str(bad), "--out", str(out), "--json")
    assert code == 1 and data["error"]["code"] == "bad-json"
    code, data = _run(capsys, "calibrate", str(photo), "--game", "tapestry", "--layout", "nestortiles",
                      "--out", str(out), "--json")
    assert code == 1 and data["error"]["code"] == "bad-layout"
    text = tmp_path / "photo.jpg"
    text.write_text("not a photo")
    code, data = _run(capsys, "calibrate", str(text), "--game", "tapestry", "--out", str(out), "--json")
    assert code == 1 and data["error"]["code"] == "bad-image"
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((480, 640, 3), 120, np.uint8))
    code, data = _run(capsys, "calibrate", str(blank), "--game", "tapestry", "--out", str(out), "--json")
    assert code == 1 and data["error"]["code"] in ("no-tiles", "calibration-failed")
    cam = tmp_path / "cam.json"
    cam.write_text(json.dumps({"format": "tile-companion-camera", "version": 1}))
    code, data = _run(capsys, "calibrate", str(photo), "--game", "tapestry", "--camera", str(cam),
                      "--out", str(out), "--json")
    assert code == 1 and data["error"]["code"] == "bad-camera"
    assert not out.exists()


def test_package_level_calibrate_for_the_app(tapestry_photo):
    from calibration import calibrate

    photo, truth = tapestry_photo
    result = calibrate(photo, game="tapestry", layout=layout_for_game("tapestry").path)
    assert result.alignment.quarter_turns == truth["scene"]["quarter_turns"]
    assert result.profile["source"] == photo.name
    again = calibrate(photo.read_bytes(), game="tapestry")  # the built-in layout by default
    assert again.profile["colours"] == result.profile["colours"]
