"""A Tapestry reading whose lattice cuts through many cards is not settled: its rows may follow
a striped cloth's, a third of a cell off the cards, and a second look finds the cards' own
(tap42 tapestry normal-2571, partial 0.40: a card dropped; the white-balanced look's lattice
0.02 read it). vision.pipeline._settled, CARDS_SETTLED_PARTIAL."""
import numpy as np

from vision.kits import kit_for_game
from vision.locate import Lattice
from vision.pipeline import CARDS_SETTLED_PARTIAL, _Candidate, _settled


def _reading(partial: float) -> _Candidate:
    H = np.array([[60.0, 0.0, 100.0], [0.0, 84.0, 100.0], [0.0, 0.0, 1.0]])
    lat = Lattice(H, (-2, 5), (-2, 5), 71.0)
    lat.info["partial"] = partial
    return _Candidate(1.0, lat, None, [], {"coverage": 1.0, "fit": 3.0})


def test_a_card_reading_cutting_through_the_cards_is_not_settled():
    tapestry = kit_for_game("tapestry")
    assert _settled(_reading(0.02), tapestry)
    assert _settled(_reading(CARDS_SETTLED_PARTIAL), tapestry)
    assert not _settled(_reading(0.40), tapestry)


def test_other_kits_and_no_kit_are_settled_as_before():
    assert _settled(_reading(0.40))
    assert _settled(_reading(0.40), kit_for_game("octopus"))
