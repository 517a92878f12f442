"""A lattice read once in a photo's read is not read again (vision.pipeline._read_best's memo):
a later look (another seed's draw, the white-balanced copy's lattices) that finds the same
lattice gets the same reading, bit for bit, without rectifying and reading its cells again."""
import numpy as np

import vision.pipeline as P
from tests.indie.render import render_photo
from vision.kits import kit_for_game
from vision.load import decode_image
from vision.locate import locate_candidates

GAME = "textile"
#: An independent render whose lattices read as tiles.
SEED = 1


def _photo() -> np.ndarray:
    data, _ = render_photo(GAME, SEED, style="normal", size=(1600, 1200))
    image = decode_image(data)
    return image[0] if isinstance(image, tuple) else image


def test_a_lattice_found_again_is_not_read_again(monkeypatch):
    image = _photo()
    kit = kit_for_game(GAME)
    palette = P._palette(kit, None)
    found = locate_candidates(image, plain_faces=True)[:2]
    calls = []
    steps = P._read_steps

    def counted(*args, **kwargs):  # (a candidate's read; not the widened window's)
        calls.append(1)
        return steps(*args, **kwargs)

    monkeypatch.setattr(P, "_read_steps", counted)
    plain = P._read_best(image, kit, GAME, found, palette, None, framed=False)
    n_plain = len(calls)
    assert plain.best is not None and n_plain >= 1
    memo: dict = {}
    first = P._read_best(image, kit, GAME, found, palette, None, framed=False, memo=memo)
    n_first = len(calls) - n_plain
    # the same lattices found again (new objects, as a later look's are): no cell read again
    again_found = [lat.with_H(lat.H.copy()) for lat in found]
    again = P._read_best(image, kit, GAME, again_found, palette, None, framed=False, memo=memo)
    assert n_first == n_plain
    assert len(calls) == n_plain + n_first
    for r in (first, again):
        assert r.best.score == plain.best.score and r.chosen == plain.chosen
        assert r.best.readings == plain.best.readings
