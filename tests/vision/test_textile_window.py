"""Textile: tiles read on the outer ring of a lattice's window of cells (vision.pipeline).

A window is the layout's cells plus a ring of the bare table, set by the foreground mask,
which misses tiles of the table's own colours (white tiles on a cream cloth) and drops a tile
cut off from the layout's group by them: tiles read on the window's ring say the layout
carries on, so the window is widened on that side and read again (as for cards)."""
import cv2
import numpy as np

from tests.indie.render import render_photo
from vision.kits import kit_for_game
from vision.locate import locate_candidates
from vision.pipeline import _palette, _read_best

KIT = kit_for_game("textile")


def test_tiles_on_the_windows_ring_widen_it_to_the_layout():
    data, _ = render_photo("textile", 3, style="normal", size=(1600, 1200))
    img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    palette = _palette(KIT, None)
    lat = locate_candidates(img, plain_faces=True)[0]
    full = _read_best(img, KIT, "textile", [lat], palette, None, framed=False).best
    occ = sorted((r.row, r.col) for r in full.readings if r.occupied)
    last = max(c for _, c in occ)
    # a window that stops short: the layout's last column beyond it, the one before on its ring
    short = full.lattice.with_H(full.lattice.H, cols=(full.lattice.cols[0], last - 1))
    best = _read_best(img, KIT, "textile", [short], palette, None, framed=False).best
    assert best.lattice.cols[1] >= last
    assert set(occ) <= {(r.row, r.col) for r in best.readings if r.occupied}
