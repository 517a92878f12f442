"""sample_images/: complete, consistent with its truth, small enough to ship."""
from __future__ import annotations

import json

import pytest

from companion.bench.compare import compare_boards
from companion.bench.samples import GAMES, SAMPLE_DIR, folder_size
from companion.rules import score_record_data
from companion.rules.board import board_from_dict

pytestmark = pytest.mark.skipif(not SAMPLE_DIR.is_dir(), reason="sample_images/ not built")


def test_folder_is_under_40_mb_and_has_readme_and_contact_sheet():
    assert folder_size(SAMPLE_DIR) < 40 * 1024 * 1024
    readme = (SAMPLE_DIR / "README.md").read_text()
    assert "contact-sheet.png" in readme and (SAMPLE_DIR / "contact-sheet.png").is_file()


@pytest.mark.parametrize("game", GAMES)
def test_photos_across_difficulties_with_truth(game):
    photos = sorted((SAMPLE_DIR / game / "photos").glob("*.jpg"))
    assert len(photos) >= 12
    assert {p.name.split("-")[0] for p in photos} == {"easy", "normal", "hard"}
    for p in photos:
        assert p.read_bytes()[:2] == b"\xff\xd8"
        truth = json.loads(p.with_name(p.stem + ".board.json").read_text())
        assert truth["game"] == game and truth["scene"]["difficulty"] == p.name.split("-")[0]
        board_from_dict({k: v for k, v in truth.items() if k != "scene"})


@pytest.mark.parametrize("game", GAMES)
def test_whole_game_record_names_its_photos_and_matches_the_truth(game):
    folder = SAMPLE_DIR / game / "game"
    record = json.loads((folder / "record.json").read_text())
    boards = json.loads((folder / "record.boards.json").read_text())
    assert record["game"] == game and len(record["turns"]) == len(boards["turns"]) >= 2
    for entry, truth_entry in zip(record["turns"], boards["turns"]):
        photo = folder / entry["photo"]
        assert photo.is_file() and "board" not in entry
        sidecar = json.loads(photo.with_name(photo.stem + ".board.json").read_text())
        score = compare_boards(sidecar, truth_entry["board"])
        assert score.errors == 0 and score.borders_wrong == 0
    # The true game is legal and scores without the reader.
    result = score_record_data(boards)
    assert all(t["legal"] for t in result["turns"])
