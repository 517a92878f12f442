"""The README's main job: `tile-companion read` with no photo reads the bundled sample."""
from __future__ import annotations

import json
import subprocess
import sys


def test_read_without_a_photo_reads_the_bundled_sample(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "companion", "read", "--json"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["board"]["game"] == "tapestry" and len(doc["board"]["tiles"]) >= 10
    assert (tmp_path / "sample-overlay.png").stat().st_size > 10_000


def test_read_a_photo_needs_its_game(tmp_path):
    photo = tmp_path / "x.jpg"
    photo.write_bytes(b"not really")
    proc = subprocess.run([sys.executable, "-m", "companion", "read", str(photo), "--json"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert "--game is required" in json.loads(proc.stdout)["error"]["message"]
