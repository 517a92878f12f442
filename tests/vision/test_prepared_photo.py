"""Locating a photo again (a second look: another seed) starts from the photo's one preparation
(vision.locate.PreparedPhoto) and finds what a fresh preparation finds."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

import vision.locate as L


def _photo(game: str, seed: int) -> np.ndarray:
    from tests.indie.render import render_photo

    jpeg, _ = render_photo(game, seed, style="hard", size=(2000, 1500))
    return cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)


def _counting(monkeypatch) -> dict[str, int]:
    """Count the locator's calls of its two costly preparations."""
    calls = {"foreground_mask": 0, "find_segments": 0}
    for name in calls:
        def spy(*args, _real=getattr(L, name), _name=name, **kwargs):
            calls[_name] += 1
            return _real(*args, **kwargs)
        monkeypatch.setattr(L, name, spy)
    return calls


def _look(image: np.ndarray, **kwargs) -> list[L.Lattice] | str:
    """The lattices found, or why none was."""
    try:
        return L.locate_candidates(image, **kwargs)
    except L.NoTilesFound as exc:
        return str(exc)


def _same(a: list[L.Lattice] | str, b: list[L.Lattice] | str) -> bool:
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    return len(a) == len(b) and all(
        np.array_equal(x.H, y.H) and x.rows == y.rows and x.cols == y.cols and x.info == y.info
        and x.pitch_px == y.pitch_px and x.strength == y.strength
        and (x.fg is None) == (y.fg is None) and (x.fg is None or np.array_equal(x.fg, y.fg))
        for x, y in zip(a, b))


@pytest.mark.parametrize("game, seed", [
    ("octopus", 5),    # a small layout in a wide view: looked at closer
    ("tapestry", 1),   # a cloth inside the picture: the later looks search the table's box
])
def test_looking_again_reuses_the_photo_s_preparation_and_finds_the_same(game, seed, monkeypatch):
    image = _photo(game, seed)
    looks = [dict(seed=0), dict(seed=1, refit_coarse=True), dict(seed=2, refit_coarse=True)]
    fresh = [_look(image, **kw) for kw in looks]
    assert any(not isinstance(found, str) for found in fresh)
    calls = _counting(monkeypatch)
    prepared = L.PreparedPhoto(image)
    counts = []
    for kw, expected in zip(looks, fresh):
        assert _same(_look(image, prepared=prepared, **kw), expected)
        counts.append(dict(calls))
    assert counts[0]["foreground_mask"] >= 1 and counts[0]["find_segments"] >= 1
    # (the first second look may prepare the table's box; a later one prepares nothing)
    assert counts[2] == counts[1]
    # (the preparation's masks are shared: read-only)
    work_fg, _ = prepared.part(("fg", False, False), lambda: None)
    assert not work_fg.flags.writeable


def test_a_preparation_is_for_its_own_picture():
    image = np.zeros((60, 80, 3), np.uint8)
    with pytest.raises(ValueError):
        L.locate_candidates(image, prepared=L.PreparedPhoto(image.copy()))
