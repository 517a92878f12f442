"""Tapestry: a reading on the lattice through the cards themselves (vision.cards) that holds
every card a later look's reading on the same cards holds, in the same colours, and more, one
of those more a card-shaped piece placed on its lattice, is not replaced by it, whatever the
scores (vision.pipeline._beats).

Each score's coverage is measured on its own lattice's foreground mask: a later look's
lattice, found on the edges of part of the layout, covers its own mask well while it misses a
block of cards beyond its cells (tap15 tapestry hard-916: 28 of 33 cards, coverage 0.90 and
score 8.90, against the cards' lattice's 33 of 33 at 0.78 and 10.91)."""
import numpy as np

from vision.cells import CellReading
from vision.lattice import apply_h
from vision.locate import Lattice
from vision.pipeline import _beats, _Candidate


def _lattice(dx: float = 0.0, source: str = "edges", pieces: list[tuple[int, int]] = ()
             ) -> Lattice:
    """A top-down lattice of 50 px cells shifted by ``dx`` cells, found by ``source``, the
    cards' pieces of paint colour placed on its cells ``pieces`` (row, col)."""
    H = np.array([[50.0, 0.0, dx * 50.0 + 100.0], [0.0, 50.0, 100.0], [0.0, 0.0, 1.0]])
    painted = apply_h(H, np.array([[c + 0.5, r + 0.5] for r, c in pieces], float).reshape(-1, 2))
    return Lattice(H, (-2, 6), (-2, 6), 50.0, info={"source": source, "painted": painted})


def _cards_lattice(pieces: list[tuple[int, int]] | None = None) -> Lattice:
    """The lattice through the cards, a piece placed on every card of :func:`_cards` (3) but
    where ``pieces`` says otherwise."""
    every = [(r, c) for r in range(3) for c in range(5)]
    return _lattice(source="cards", pieces=every if pieces is None else pieces)


def _card(r: int, c: int, colour: str) -> CellReading:
    return CellReading(r, c, True, 0.9, attrs={"colour": colour, "symbol": "rock"})


COLOURS = ["red", "orange", "yellow", "green", "blue"]


def _cards(rows: int, shift: int = 0, colours: list[str] = COLOURS) -> list[CellReading]:
    """``rows`` rows of five cards (columns numbered from ``shift``)."""
    return [_card(r, c + shift, colour) for r in range(rows) for c, colour in enumerate(colours)]


def _candidate(score: float, lat: Lattice, cards: list[CellReading]) -> _Candidate:
    return _Candidate(score, lat, None, cards, {"fit": 5.0, "set_fit": 1.0})


def test_a_look_missing_cards_of_the_cards_lattice_does_not_replace_it():
    kept = _candidate(10.91, _cards_lattice(), _cards(3))
    # (a later look's lattice a tenth of a cell off, numbered one column on: the same cards,
    # a row fewer)
    again = _candidate(8.90, _lattice(dx=-0.9), _cards(2, shift=1))
    assert not _beats(again, kept, "tapestry")
    # (not from the cards' lattice, or another game: the score decides)
    assert _beats(again, _candidate(10.91, _lattice(), _cards(3)), "tapestry")
    assert _beats(again, kept, "octopus")


def test_a_look_reading_other_colours_or_as_many_cards_replaces_it_on_the_score():
    kept = _candidate(10.91, _cards_lattice(), _cards(3))
    renamed = _cards(2, shift=1, colours=["red", "orange", "yellow", "green", "purple"])
    assert _beats(_candidate(8.90, _lattice(dx=-0.9), renamed), kept, "tapestry")
    assert _beats(_candidate(8.90, _lattice(dx=-0.9), _cards(3, shift=1)), kept, "tapestry")
    # (a lattice half a cell off holds other cards)
    assert _beats(_candidate(8.90, _lattice(dx=0.5), _cards(2)), kept, "tapestry")


def test_a_look_missing_only_cards_of_no_piece_replaces_it_on_the_score():
    # (the cards' reading holds a cell read as a card beside its pieces: it may be the table,
    # final20 tapestry normal-2107, its coverage 0.11 against the look's 1.00)
    kept = _candidate(10.70, _cards_lattice([(r, c) for r in range(2) for c in range(5)]), _cards(3))
    again = _candidate(1.17, _lattice(dx=-0.9), _cards(2, shift=1))
    assert _beats(again, kept, "tapestry")
    # (... but with one piece placed among the cards the look misses, the cards' reading stays)
    one_more = [(r, c) for r in range(2) for c in range(5)] + [(2, 4)]
    assert not _beats(again, _candidate(10.70, _cards_lattice(one_more), _cards(3)), "tapestry")
