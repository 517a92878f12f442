"""With a profile the board's lattices are also located on a white-balanced copy of the photo and
interleaved with the photo's (vision.pipeline.read_image); the frame is still looked for on the
photo's own first lattices, as without a profile (vision.pipeline._frame_tops): the copy's
lattices add looks, they do not crowd the photo's out. (Calibration measure Twelve Tiles seed 3
photo 8: the board's lattice was the photo's third, fifth of the two interleaved, and a frame
on a skewed lattice was taken instead.)"""
import random
from types import SimpleNamespace

import numpy as np
import pytest

import vision.pipeline as P
from companion.rules.generate import random_position
from vision.colour import Palette
from vision.kits import kit_for_game
from vision.load import decode_image
from vision.locate import interleaved
from vision.synth import render_board

GAME = "twelve-tiles"


def _lat(name: str, copy: bool) -> SimpleNamespace:
    return SimpleNamespace(name=name, info={"located_on": "white-balanced copy"} if copy else {})


def test_the_top_lattices_then_the_photos_own():
    photo = [_lat(f"p{k}", False) for k in range(4)]
    copy = [_lat(f"c{k}", True) for k in range(2)]
    both = interleaved(photo, copy)  # p0 c0 p1 c1 p2 p3
    assert [v.name for v in both[:3]] == ["p0", "c0", "p1"]
    # the top 3 of both as before, then the photo's own top 3 not among them (the copy's
    # second and third not added: a clear frame on them would end the search ahead of p2)
    assert [v.name for v in P._frame_tops(both, slice(0, 3))] == ["p0", "c0", "p1", "p2"]
    assert [v.name for v in P._frame_tops(both, slice(1, 3))] == ["c0", "p1", "p2"]
    # one picture only (no profile): the plain slice
    assert [v.name for v in P._frame_tops(photo, slice(0, 3))] == ["p0", "p1", "p2"]
    assert [v.name for v in P._frame_tops(photo, slice(1, 3))] == ["p1", "p2"]


@pytest.mark.parametrize("tops", [slice(0, 3, 1), slice(0, 3, 2), slice(-3, None),
                                  slice(0, -1), slice(None, None, -1)])
def test_a_slice_with_a_step_or_negative_bounds_is_refused(tops):
    photo = [_lat(f"p{k}", False) for k in range(4)]
    with pytest.raises(ValueError):
        P._frame_tops(photo, tops)


def _photo(seed: int) -> np.ndarray:
    board = random_position(GAME, random.Random(seed)).to_dict()
    return decode_image(render_board(board, seed=seed, difficulty="normal",
                                     size=(1600, 1200)).jpeg)


def _off_pitch(lat, factor: float):
    # (a lattice of another pitch over the same picture: no board's frame on it)
    return lat.with_H(lat.H @ np.diag([factor, factor, 1.0]))


def _read_with_a_profile(monkeypatch, image, photos, copys):
    """read_image with a profile (the kit's own colours) on ``image``, the photo's lattices
    ``photos(found)`` and its white-balanced copy's (the same picture) ``copys(found)`` (found:
    those located on each); the lattices the frame was looked for on, in turn, and the
    profile's palette."""
    kit = kit_for_game(GAME)
    own = Palette.from_hex(kit.colours)
    profile = {"kit": kit.name,
               "colours": {n: {"lab": own.lab[i].tolist()} for i, n in enumerate(own.names)}}
    copy = image.copy()
    monkeypatch.setattr(P, "_balanced_copy", lambda img: copy)
    locate = P.locate_candidates
    calls = {"photo": 0, "copy": 0}

    def located(looked_on, **kwargs):
        found = locate(looked_on, **kwargs)
        picture = "copy" if looked_on is copy else "photo"
        calls[picture] += 1
        if calls[picture] > 1:
            return found
        return (copys if picture == "copy" else photos)(found)

    monkeypatch.setattr(P, "locate_candidates", located)
    find = P.find_frame
    looked: list = []

    def spied(img, lattice, palette, **kwargs):
        looked.append(lattice)
        return find(img, lattice, palette, **kwargs)

    monkeypatch.setattr(P, "find_frame", spied)
    P.read_image(image, game=GAME, profile=profile)
    return looked, own


def _first(looked: list, lattice) -> float:
    return next((k for k, v in enumerate(looked) if v is lattice), float("inf"))


def test_the_photos_third_lattice_is_looked_at_with_the_copys_interleaved(monkeypatch):
    board: list = []

    def photos(found):
        # the photo's board lattice third, behind two of other pitches
        board.append(found[0])
        return [_off_pitch(found[0], 1.37), _off_pitch(found[0], 0.61), found[0]]

    looked, _ = _read_with_a_profile(
        monkeypatch, _photo(0), photos,
        lambda found: [_off_pitch(found[0], 1.29), _off_pitch(found[0], 0.71),
                       _off_pitch(found[0], 1.53)])
    assert board and _first(looked, board[0]) < float("inf")


def test_the_copys_second_lattice_is_not_looked_at_before_the_photos_third(monkeypatch):
    # (the search stops at the first clear frame: one on the copy's second lattice, which came
    # ahead of the photo's third, would take the place of the photo's own lattices again)
    image = _photo(0)
    board: list = []
    copys_second: list = []

    def photos(found):
        board.append(found[0])
        return [_off_pitch(found[0], 1.37), _off_pitch(found[0], 0.61), found[0]]

    def copys(found):
        # a lattice with a clear frame second on the copy
        copys_second.append(found[0])
        return [_off_pitch(found[0], 1.29), found[0], _off_pitch(found[0], 1.53)]

    looked, palette = _read_with_a_profile(monkeypatch, image, photos, copys)
    assert P._clear(P.find_frame(image, copys_second[0], palette))
    assert _first(looked, board[0]) < _first(looked, copys_second[0])
