"""Two Octopus faces read as one tile of the set, one of them seen through a lamp's hot spot
(col9hard octopus-hard-401): an orange 2 washed towards yellow fits yellow at 1.6 and orange at
10.5, a clear yellow 2 yellow at 3.6 and orange at 7.1; the set holds one yellow 2, and the
washed face's colour alone took it. The hot spot adds light to the face and its pips alike:
the washed face's dark pips stand out 17 L*, the yellow faces' 33-34.

- vision.decode._assign_unique (through _colour_spreads): a face whose pips stand out less than
  the faces nearest its paint do has its colour's spread widened, so it yields the tile."""
from vision.cells import CellReading
from vision.decode import decode_readings
from vision.kits import kit_for_game

OCTOPUS = kit_for_game("octopus")


def _face(row: int, col: int, yellow: float, orange: float, dark_pips: float) -> CellReading:
    """A face with two dark pips, read yellow 2, its colour ``yellow`` and ``orange`` away from
    those paints (the others far), its dark pips standing out ``dark_pips`` (L*)."""
    dist = {n: 40.0 for n in OCTOPUS.colours}
    dist.update(yellow=yellow, orange=orange)
    two = [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]
    return CellReading(row, col, True, 0.99, {"colour": "yellow", "pips": 2},
                       {"colour": 0.95, "pips": 0.95}, 0.95, (),
                       {"colour_distance": dist, "pip_contrast": {1: 7.0, -1: dark_pips},
                        "pip_prob": {1: [1 / 6] * 6, -1: two}})


def test_a_face_seen_through_a_hot_spot_yields_the_tile_to_a_clear_one():
    clear = _face(0, 0, yellow=3.6, orange=7.1, dark_pips=33.7)
    washed = _face(2, 2, yellow=1.6, orange=10.5, dark_pips=17.4)
    other = _face(1, 1, yellow=4.5, orange=6.5, dark_pips=33.2)  # (a yellow 4 beside them)
    other.attrs["pips"] = 4
    other.evidence["pip_prob"] = {1: [1 / 6] * 6, -1: [0.0, 0.0, 0.0, 1.0, 0.0, 0.0]}
    decoded, _ = decode_readings([clear, washed, other], OCTOPUS, "octopus")
    assert (decoded[(0, 0)][0]["colour"], decoded[(0, 0)][0]["pips"]) == ("yellow", 2)
    assert (decoded[(2, 2)][0]["colour"], decoded[(2, 2)][0]["pips"]) == ("orange", 2)


def test_faces_whose_pips_stand_out_alike_are_judged_by_colour_alone():
    clear = _face(0, 0, yellow=3.6, orange=7.1, dark_pips=33.7)
    nearer = _face(2, 2, yellow=1.6, orange=10.5, dark_pips=33.0)
    decoded, _ = decode_readings([clear, nearer], OCTOPUS, "octopus")
    assert decoded[(2, 2)][0]["colour"] == "yellow"
    assert decoded[(0, 0)][0]["colour"] == "orange"
