"""Regenerate ``sample_images/``: rendered photos with truth files, one short game per game as a
photo per turn with its record, and a contact sheet.

    python -m companion.bench.samples [--out sample_images] [--games ...] [--no-games]

Everything is seeded, so the same command rebuilds the same files.
"""
from __future__ import annotations

import argparse
import json
import logging
import random
import sys
from pathlib import Path
from typing import Iterable, Sequence

import cv2
import numpy as np

from companion.rules.board import GAMES
from companion.rules.generate import random_position, random_record
from vision.synth import DIFFICULTIES, render_board

logger = logging.getLogger(__name__)

SAMPLE_DIR = Path(__file__).resolve().parents[2] / "sample_images"
PHOTO_SIZE = (1800, 1350)      # ~2.4 MP: the folder stays small; the bench renders 12 MP
GAME_PHOTO_SIZE = (1280, 960)
PER_DIFFICULTY = 4
GAME_TURNS = 12
SEED = 500


def make_photos(out: Path, game: str, *, per_difficulty: int = PER_DIFFICULTY,
                size: tuple[int, int] = PHOTO_SIZE, seed: int = SEED) -> list[Path]:
    """``out/GAME/photos/DIFFICULTY-NN.jpg`` + ``.board.json``, ``per_difficulty`` of each."""
    paths = []
    for d, difficulty in enumerate(DIFFICULTIES):
        for i in range(per_difficulty):
            s = seed + 1000 * GAMES.index(game) + 100 * d + i
            board = random_position(game, random.Random(s)).to_dict()
            r = render_board(board, seed=s, difficulty=difficulty, size=size)
            paths.append(r.write(out / game / "photos", f"{difficulty}-{i + 1:02d}"))
            logger.info("wrote %s", paths[-1])
    return paths


def make_game(out: Path, game: str, *, turns: int = GAME_TURNS, size: tuple[int, int] = GAME_PHOTO_SIZE,
              seed: int = SEED, difficulty: str = "normal") -> Path:
    """A short legal game: ``out/GAME/game/turn-NN.jpg`` (+ truth), ``record.json`` whose entries
    name the photos, and ``record.boards.json``, the same record with the true boards."""
    folder = out / game / "game"
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("turn-*"):
        old.unlink()
    s0 = seed + 1000 * GAMES.index(game) + 900
    record = random_record(game, random.Random(s0), n_turns=turns)
    photo_record = {k: v for k, v in record.items() if k != "turns"}
    photo_record["turns"] = []
    for i, entry in enumerate(record["turns"]):
        name = f"turn-{i + 1:02d}"
        r = render_board(entry["board"], seed=s0 + i, difficulty=difficulty, size=size)
        r.write(folder, name)
        photo_record["turns"].append({**{k: v for k, v in entry.items() if k != "board"},
                                      "photo": f"{name}.jpg"})
    (folder / "record.json").write_text(json.dumps(photo_record, indent=1) + "\n", encoding="utf-8")
    (folder / "record.boards.json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    logger.info("wrote %s (%d turns)", folder / "record.json", len(record["turns"]))
    return folder / "record.json"


def contact_sheet(out: Path, *, thumb: tuple[int, int] = (400, 300), seed: int = SEED + 77) -> Path:
    """``out/contact-sheet.png``: 12 renders, every kit (rows: difficulty easy, normal, hard)."""
    games = ("octopus", "x-tiles", "tapestry", "twelve-tiles")  # one game per kit
    tw, th = thumb
    sheet = np.full((len(DIFFICULTIES) * (th + 28) + 4, len(games) * (tw + 4) + 4, 3), 255, np.uint8)
    for row, difficulty in enumerate(DIFFICULTIES):
        for col, game in enumerate(games):
            s = seed + 10 * row + col
            board = random_position(game, random.Random(s)).to_dict()
            img = render_board(board, seed=s, difficulty=difficulty, size=(1600, 1200)).image()
            h, w = img.shape[:2]
            k = min(tw / w, th / h)
            small = cv2.resize(img, (int(w * k), int(h * k)), interpolation=cv2.INTER_AREA)
            y = 4 + row * (th + 28)
            x = 4 + col * (tw + 4)
            oy, ox = (th - small.shape[0]) // 2, (tw - small.shape[1]) // 2
            sheet[y + oy:y + oy + small.shape[0], x + ox:x + ox + small.shape[1]] = small
            cv2.putText(sheet, f"{game} - {difficulty} (seed {s})", (x + 4, y + th + 19),
                        cv2.FONT_HERSHEY_SIMPLEX, 0.5, (40, 40, 40), 1, cv2.LINE_AA)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "contact-sheet.png"
    if not cv2.imwrite(str(path), sheet, [cv2.IMWRITE_PNG_COMPRESSION, 9]):
        raise OSError(f"cannot write {path}")
    return path


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def build(out: Path = SAMPLE_DIR, *, games: Sequence[str] = GAMES, photos: bool = True,
          game_records: bool = True, sheet: bool = True) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    done: dict = {}
    for game in games:
        if photos:
            done.setdefault(game, {})["photos"] = len(make_photos(out, game))
        if game_records:
            done.setdefault(game, {})["record"] = str(make_game(out, game))
    if sheet:
        done["contact_sheet"] = str(contact_sheet(out))
    done["bytes"] = folder_size(out)
    return done


def main(argv: Iterable[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m companion.bench.samples", description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=SAMPLE_DIR)
    ap.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    ap.add_argument("--no-photos", action="store_true")
    ap.add_argument("--no-games", action="store_true")
    ap.add_argument("--no-sheet", action="store_true")
    args = ap.parse_args(list(argv) if argv is not None else None)
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    done = build(args.out, games=args.games, photos=not args.no_photos,
                 game_records=not args.no_games, sheet=not args.no_sheet)
    print(json.dumps(done, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
