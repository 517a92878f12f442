"""A second look's lattice from a close look inside an Octopus layout (oct55 octopus-hard-2156):
its window is the part it saw and a ring of cells, so it covers that window whole and
outscored the whole layout's reading on coverage (8 tiles at 1.00 against 31 at 0.74),
losing 24 of the 30 tiles.

- vision.pipeline._loses_most_faces: a second look's reading that shows under half the die
  faces of the reading it would replace, all of its tiles the set's, is not kept (tiles that
  lie pips up only); one replacing a reading that names tiles the set does not hold (a floral
  cloth's print read as faces, oct30 octopus-hard-1224 at set fit 0.69) is judged on its
  score."""
from vision.cells import CellReading
from vision.kits import kit_for_game
from vision.pipeline import _Candidate, _loses_most_faces


def _reading(faces: int, blank: int = 0, set_fit: float = 1.0) -> _Candidate:
    """A reading of ``faces`` tiles with their pips read and ``blank`` without, ``set_fit`` the
    share of them that are the set's tiles."""
    tiles = [CellReading(0, i, True, 0.9, {"colour": "red", "pips": 3}) for i in range(faces)]
    tiles += [CellReading(1, i, True, 0.9, {"colour": "red", "pips": None}) for i in range(blank)]
    return _Candidate(5.0, None, None, tiles, {"set_fit": set_fit})


def test_a_second_look_reading_half_the_die_faces_is_not_kept():
    octopus, textile = kit_for_game("octopus"), kit_for_game("textile")
    whole = _reading(29, 2)
    assert _loses_most_faces(_reading(8), whole, octopus, "octopus")
    # as many faces or nearly, or nothing read before: the second look is judged on its score
    assert not _loses_most_faces(_reading(20), whole, octopus, "octopus")
    assert not _loses_most_faces(_reading(8), None, octopus, "octopus")
    # a reading whose cells show no die faces (a wrong lattice) is no standard
    assert not _loses_most_faces(_reading(8), _reading(0, 31), octopus, "octopus")
    assert not _loses_most_faces(_reading(1), _reading(19, set_fit=0.69), octopus, "octopus")
    # (Textile's tiles may lie pips down: left to the score)
    assert not _loses_most_faces(_reading(8), whole, textile, "textile")
