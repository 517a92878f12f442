"""A white tile's face is the lamp's white, as are the white pips of the dark tiles around it
(vision.cells._white_by_pips): where the light fitted over the faces misjudges the white (a
warm lamp's white face nearer the fitted pink than the fitted white), the face's distance to
the layout's white pips names it white through the set's assignment (vision.decode)."""
import numpy as np

from vision.cells import WHITE_PIPS_MIN, CellReading, _white_by_pips
from vision.colour import Palette
from vision.decode import decode_readings
from vision.kits import kit_for_game

KIT = kit_for_game("octopus")
PAL = Palette.from_hex(KIT.colours)
#: the lamp's white as the photo shows it (warm): on the white pips and on the white face
LAMP = np.array([84.0, 8.0, 26.0])
DARK = {"black": [20.0, 1.0, 4.0], "red": [45.0, 60.0, 35.0], "blue": [40.0, 10.0, -45.0],
        "green": [50.0, -40.0, 30.0], "brown": [38.0, 18.0, 25.0]}


def _layout(white_pips: int):
    """``white_pips`` dark tiles (white pips of the lamp's colour) and one warm-lit white face
    (black pips) that the fitted light puts nearer pink than white: (readings, pips' and
    faces' Lab by cell)."""
    out, pips = {}, {}
    for k, (name, lab) in enumerate(list(DARK.items())[:white_pips]):
        dist = {n: 30.0 for n in PAL.names}
        dist[name] = 3.0
        out[(0, k)] = ({"colour": name, "pips": k + 1}, {"colour": 0.9, "pips": 0.9}, [], 3.0,
                       {"colour_distance": dist, "pip_contrast": {1: 45.0, -1: 0.5},
                        "pip_prob": {1: np.eye(6)[k].tolist(), -1: [1 / 6] * 6}})
        pips[(0, k)] = (LAMP + np.array([-2.0, 1.0, -1.0]) * (k - 2), np.array(lab))
    dist = {n: 30.0 for n in PAL.names}
    dist.update(pink=8.0, white=18.0)
    out[(1, 0)] = ({"colour": None, "pips": 6}, {"colour": 0.3, "pips": 0.9}, [], 8.0,
                   {"colour_distance": dist, "pip_contrast": {1: 1.0, -1: 35.0},
                    "pip_prob": {1: [1 / 6] * 6, -1: np.eye(6)[5].tolist()}})
    pips[(1, 0)] = (np.array([30.0, 2.0, 6.0]), LAMP + np.array([-1.0, 1.0, 1.0]))
    return out, pips


def test_white_face_near_the_white_pips_is_white_by_the_set():
    out, pips = _layout(5)
    _white_by_pips(KIT, PAL, out, pips)
    dist = out[(1, 0)][4]["colour_distance"]
    assert dist["white"] < dist["pink"]
    # the dark tiles (light pips) keep their distances
    assert out[(0, 0)][4]["colour_distance"]["white"] == 30.0
    readings = [CellReading(r, c, True, 1.0, attrs=dict(a), attr_conf=dict(cf), evidence=ev)
                for (r, c), (a, cf, _, _, ev) in out.items()]
    decoded, _ = decode_readings(readings, KIT, "octopus")
    assert decoded[(1, 0)][0]["colour"] == "white"


def test_too_few_white_pips_say_nothing():
    out, pips = _layout(WHITE_PIPS_MIN - 1)
    _white_by_pips(KIT, PAL, out, pips)
    assert out[(1, 0)][4]["colour_distance"]["white"] == 18.0
