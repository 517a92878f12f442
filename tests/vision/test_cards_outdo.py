"""A later Tapestry look that misses cards the lattice through the cards placed gives way to the
cards' reading whether or not that reading was the one kept: which of a far lattice and the
cards' lattice was kept (a hundredth of the score apart) must not decide (tap42-old tapestry
hard-916, vision.pipeline._cards_outdo)."""
import numpy as np

from vision.cells import CellReading
from vision.locate import Lattice
from vision.pipeline import _beats, _Candidate, _cards_outdo


def _lattice(pitch: float = 50.0, source: str | None = None, painted=()) -> Lattice:
    """A top-down lattice of ``pitch`` px cells from (100, 100), its ``info`` the ``source`` and
    the centres (x, y) px of the pieces of paint colour placed on it (``painted``)."""
    H = np.array([[pitch, 0.0, 100.0], [0.0, pitch, 100.0], [0.0, 0.0, 1.0]])
    lat = Lattice(H, (-2, 8), (-2, 8), pitch)
    lat.info["source"] = source
    lat.info["painted"] = np.array(painted, float).reshape(-1, 2)
    return lat


def _card(r: int, c: int, colour: str = "red") -> CellReading:
    return CellReading(r, c, True, 0.9, attrs={"colour": colour, "symbol": "rock"})


def _candidate(score: float, lat: Lattice, cards: list[CellReading]) -> _Candidate:
    return _Candidate(score, lat, None, cards, {"fit": 3.0, "set_fit": 1.0})


def _cards_reading() -> _Candidate:
    # (six cards in a row, the last two pieces of paint placed by the cards' lattice)
    painted = [(100 + 50 * (c + 0.5), 125.0) for c in (4, 5)]
    return _candidate(12.73, _lattice(source="cards", painted=painted),
                      [_card(0, c) for c in range(6)])


def test_a_look_missing_the_cards_placed_gives_way_to_the_cards_reading_not_kept():
    cards = _cards_reading()
    # (kept: a lattice of another pitch through a few cards, a hundredth better)
    far = _candidate(12.66, _lattice(pitch=94.0), [_card(0, 0), _card(0, 1)])
    # (a later look on the cards' lattice, four of the six cards read, at a far better score)
    later = _candidate(8.90, _lattice(), [_card(0, c) for c in range(4)])
    assert _beats(later, far, "tapestry")
    assert _cards_outdo(later, far, (cards, 50), "tapestry")
    # (as where the cards' reading was the one kept: the later look does not replace it)
    assert not _beats(later, cards, "tapestry")


def test_the_cards_reading_stays_out_unless_the_look_would_replace_the_one_kept():
    cards = _cards_reading()
    far = _candidate(8.0, _lattice(pitch=94.0), [_card(0, 0), _card(0, 1)])
    later = _candidate(8.90, _lattice(), [_card(0, c) for c in range(4)])
    assert not _cards_outdo(later, far, (cards, 50), "tapestry")
    assert not _cards_outdo(later, far, None, "tapestry")
    assert not _cards_outdo(later, cards, (cards, 50), "tapestry")


def test_a_look_holding_every_card_placed_or_another_colour_keeps_its_win():
    cards = _cards_reading()
    far = _candidate(12.66, _lattice(pitch=94.0), [_card(0, 0), _card(0, 1)])
    # (missing none of the pieces placed: cards 0-3 and 4-5 all read)
    whole = _candidate(8.90, _lattice(), [_card(0, c) for c in range(6)])
    assert not _cards_outdo(whole, far, (cards, 50), "tapestry")
    # (a card read in another colour: not the same reading's cards)
    other = _candidate(8.90, _lattice(), [_card(0, 0, "blue")] + [_card(0, c) for c in (1, 2, 3)])
    assert not _cards_outdo(other, far, (cards, 50), "tapestry")
    # (other games: no cards' lattice)
    later = _candidate(8.90, _lattice(), [_card(0, c) for c in range(4)])
    assert not _cards_outdo(later, far, (cards, 50), "textile")
