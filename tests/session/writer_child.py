"""A process that adds turns to a session in a loop, printing each returned turn id.

Used by the kill test (killed at random moments) and the two-writer test.

    python writer_child.py DB SESSION_ID SEED [MAX_TURNS]

Prints ``ready`` once the store is open, then ``turn <id> <kind>`` after each add returned.
Every third turn is a photo turn (a fake JPEG whose bytes carry the board, read by a fake
reader), so photo files are written too.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from companion.rules.generate import random_record
from companion.session import SessionStore

PHOTO_MAGIC = b"\xff\xd8\xff"


def fake_reader(path: Path, *, game: str, profile=None) -> dict:
    data = Path(path).read_bytes()
    return {"board": json.loads(data[len(PHOTO_MAGIC):].decode()), "doubts": []}


def states(seed: int) -> list[dict]:
    record = random_record("octopus", random.Random(seed), players=("Ann", "Bob"), n_turns=40)
    return [t["board"] for t in record["turns"]]


def run(db: str, session_id: int, seed: int, max_turns: int = 10**9, out=None) -> None:
    """Add turns until killed (or ``max_turns``), printing ``turn <id> <kind>`` to ``out``."""
    out = out or sys.stdout
    boards = states(seed)
    rng = random.Random(seed * 7919 + 1)
    with SessionStore.open(db, reader=fake_reader) as store:
        print("ready", file=out, flush=True)
        for _ in range(max_turns):
            n = store.info(session_id).n_turns
            board = boards[n % len(boards)]
            roll = rng.random()
            if n and roll < 0.15:
                turn = store.add_pass(session_id)
                kind = "pass"
            elif roll < 0.45:
                turn = store.add_photo_turn(session_id, PHOTO_MAGIC + json.dumps(board).encode())
                kind = "photo"
            else:
                turn = store.add_board_turn(session_id, board)
                kind = "board"
            print(f"turn {turn.id} {kind}", file=out, flush=True)


def main(argv: list[str]) -> int:
    run(argv[0], int(argv[1]), int(argv[2]), int(argv[3]) if len(argv) > 3 else 10**9)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
