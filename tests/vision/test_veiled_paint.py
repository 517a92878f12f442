"""A Textile face read white far from white, a paint veiled pale by the lamp's reflection, is
named by its distances through the veil (vision.cells._veiled_white_distances,
vision.decode._veiled_paints)."""
from __future__ import annotations

import numpy as np

from vision.cells import VEILED_WHITE_FAR, CellReading, _veiled_white_distances
from vision.colour import Palette, hex_to_lab
from vision.decode import decode_readings
from vision.kits import kit_for_game

NESTOR = kit_for_game("textile")


def _tile(row, col, colour, dist, *, veil=None, seen="paint", sure=0.95):
    """A Textile reading read as ``colour`` (None: unclear) with colour distances ``dist``
    (the rest far), ``veil`` its distances through the veil when measured."""
    far = {n: 40.0 for n in NESTOR.colours}
    evidence = {"colour_distance": {**far, **dist}, "colour_seen": seen}
    if veil is not None:
        evidence["veil_distance"] = {**far, **veil}
    conf = {"colour": sure if colour else 0.3}
    return CellReading(row, col, True, 0.99, {"colour": colour, "pips": None}, conf,
                       conf["colour"], (), evidence)


def _board():
    """Five colours read clearly, none of them beside the cell (1, 1)."""
    return [_tile(0, 4, "red", {"red": 3.0}), _tile(3, 0, "white", {"white": 3.0}),
            _tile(3, 3, "blue", {"blue": 3.0}), _tile(3, 5, "yellow", {"yellow": 3.0}),
            _tile(5, 1, "green", {"green": 3.0})]


def test_a_face_read_white_far_from_it_is_the_paint_it_fits_through_the_veil():
    # a blue deep in a lamp's hot spot: sky blue, 17 from white and far from blue as lit
    veiled = _tile(1, 1, "white", {"white": 17.2, "green": 34.6}, veil={"blue": 1.5, "green": 8.7,
                                                                          "white": 16.6},
                   seen="neither", sure=0.56)
    decoded, doubts = decode_readings(_board() + [veiled], NESTOR, "textile")
    assert decoded[(1, 1)][0]["colour"] == "blue"
    assert any(cell == (1, 1) and attr == "colour" for cell, attr, _ in doubts)
    # (read unclear, its distances naming white, too)
    unclear = _tile(1, 1, None, {"white": 21.8, "yellow": 38.0}, veil={"blue": 3.0, "white": 11.1},
                    seen="neither")
    decoded, _ = decode_readings(_board() + [unclear], NESTOR, "textile")
    assert decoded[(1, 1)][0]["colour"] == "blue"


def test_a_face_that_shows_a_paint_or_fits_none_through_the_veil_stays_white():
    # a white tile whose colour shows the white paint: its veil is no evidence
    plain = _tile(1, 1, "white", {"white": 16.0}, veil={"blue": 2.0, "white": 16.0}, seen="paint")
    decoded, _ = decode_readings(_board() + [plain], NESTOR, "textile")
    assert decoded[(1, 1)][0]["colour"] == "white"
    # no colour of the five fits through the veil (brown is none of them)
    brownish = _tile(1, 1, "white", {"white": 16.0}, veil={"brown": 1.0, "red": 12.0,
                                                            "white": 14.0}, seen="neither")
    decoded, _ = decode_readings(_board() + [brownish], NESTOR, "textile")
    assert decoded[(1, 1)][0]["colour"] == "white"


def test_an_unclear_face_its_distances_name_another_colour_is_not_named_through_the_veil():
    # a green the plain distances name, white being a tile's beside it, the veil fitting blue
    # better (tex42 textile-hard-2763's green six)
    face = _tile(1, 1, None, {"white": 20.3, "green": 22.0}, veil={"blue": 2.9, "green": 8.6},
                 seen="neither")
    beside = _tile(2, 2, "white", {"white": 3.0})
    decoded, _ = decode_readings(_board() + [beside, face], NESTOR, "textile")
    assert decoded[(1, 1)][0]["colour"] == "green"


class _Ctx:
    """The little of vision.cells._Ctx that _veiled_white_distances reads."""

    def __init__(self, palette):
        self.palette = palette
        self.profile = None


def _srgb_lab(rgb):
    import cv2
    px = np.array([[rgb[::-1]]], np.float32) / 255.0
    return cv2.cvtColor(px, cv2.COLOR_BGR2LAB)[0, 0].astype(np.float64)


def test_a_sky_blue_face_lies_near_blue_through_the_veil_and_only_faces_far_from_white_count():
    names = ["white", "blue", "green", "yellow", "red"]
    hexes = ["#F2F1EC", "#1F5FBF", "#2E9A47", "#F5D21F", "#C8102E"]
    palette = Palette(names, np.array([hex_to_lab(h) for h in hexes]))
    # blue with 65% of white laid over it after the tone curve (as recorded: sRGB), and white
    blue = np.array([0x1F, 0x5F, 0xBF], float)
    sky = _srgb_lab(blue + 0.65 * (255 - blue))
    labs = np.array([sky, hex_to_lab("#F2F1EC")])
    from vision.colour import ciede2000
    dist = np.array([[float(ciede2000(lab[None], p[None])[0]) for p in palette.lab]
                     for lab in labs])
    assert dist[0].argmin() == 0 and dist[0, 0] >= VEILED_WHITE_FAR  # (nearest white, far)
    light = np.array([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]])
    veil = _veiled_white_distances(_Ctx(palette), labs, dist, light)
    assert list(veil) == [0]  # (the white face, near white, is not looked at)
    assert min(veil[0], key=veil[0].get) == "blue"


def test_only_faces_read_white_or_unclear_that_fit_a_paint_closely_are_veiled_paints():
    from vision.decode import VEILED_PAINT_FIT, _veiled_paints
    five = {"red", "white", "blue", "yellow", "green"}

    def veiled(colour, fit):
        face = _tile(1, 1, colour, {"white": 17.0}, veil={"blue": fit, "white": 16.6},
                     seen="neither")
        return (1, 1) in _veiled_paints([face], {(1, 1): ({"colour": colour}, {}, [])}, five)
    assert veiled("white", 1.5) and veiled(None, 1.5)
    assert not veiled("yellow", 1.5)  # (read a colour of its own: no white face)
    # (the veiled paints of the development photos fit within 0.9-5.9, the next colour 6.4-9.0
    # further: a fit of 8 is no paint's)
    assert veiled("white", VEILED_PAINT_FIT) and not veiled("white", 8.0)
