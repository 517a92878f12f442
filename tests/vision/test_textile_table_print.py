"""Textile cells read in a colour the game does not use: a washed tile whose pips betray it is a
tile of the five, one that joins the textile stays a tile, and a sixth colour's cells join it
only through tiles, or through another sixth colour's cell that borders a tile of the five
itself, whatever the order they are read in (vision.decode._joining_cells)."""
from __future__ import annotations

from vision.cells import CellReading
from vision.decode import decode_readings
from vision.kits import kit_for_game

NESTOR = kit_for_game("textile")


def _cell(row, col, colour, *, seen="paint", light_pips=0.0, **near):
    """A Textile cell read as ``colour`` with distances ``near`` (the rest far), its colour
    showing ``seen`` (see vision.cells._colours_seen) and light pips standing out
    ``light_pips`` (CIELAB L*, none counted)."""
    dist = {n: 40.0 for n in NESTOR.colours}
    dist.update(near or {colour: 3.0})
    evidence = {"colour_distance": dist, "colour_seen": seen,
                "pip_contrast": {1: light_pips, -1: 0.0}}
    return CellReading(row, col, True, 0.99, {"colour": colour, "pips": None}, {"colour": 0.95},
                       0.95, (), evidence)


def _row():
    """The game's five colours read clearly in a row."""
    return [_cell(0, c, colour) for c, colour in enumerate(["red", "blue", "green", "yellow",
                                                             "white"])]


def test_a_red_washed_pink_showing_its_white_pips_is_a_red_tile():
    # its white pips stand out as a red tile's do, a pink tile's are dark
    pink = _cell(1, 2, "pink", seen="paint", light_pips=15.0, pink=6.0, red=25.0)
    decoded, _ = decode_readings(_row() + [pink], NESTOR, "textile")
    assert decoded[(1, 2)][0]["colour"] == "red"


def test_a_print_in_the_tables_colour_that_joins_the_textile_stays_a_tile():
    # two parts of the textile joined only through the cell: a tile washed to the cloth's colour
    parts = [_cell(0, 0, "red"), _cell(0, 1, "blue"), _cell(0, 3, "green"), _cell(0, 4, "white"),
             _cell(1, 4, "yellow")]
    bridge = _cell(0, 2, "orange", seen="table", orange=3.1, yellow=12.1)
    decoded, _ = decode_readings(parts + [bridge], NESTOR, "textile")
    assert (0, 2) in decoded and decoded[(0, 2)][0]["colour"] in NESTOR.colours
    assert decoded[(0, 2)][0]["colour"] != "orange"


def test_cloth_dots_of_a_sixth_colour_make_no_notch_of_the_textile_together():
    # a cloth's orange dots in a lamp's hot spot below the layout (final23 textile-normal-3006):
    # (1, 0) has a tile along one side only, the other dots along two more
    dots = [_cell(1, 0, "orange", orange=2.7, white=25.3, yellow=24.2),
            _cell(1, 1, "orange", orange=3.0, white=25.3, yellow=23.7),
            _cell(2, 0, "orange", orange=4.1, white=23.5, yellow=22.2)]
    decoded, _ = decode_readings(_row() + dots, NESTOR, "textile")
    assert not {(1, 0), (1, 1), (2, 0)} & set(decoded)


def _notch(first_deep: bool):
    """The five colours about a notch two cells deep, (1, 1) and (2, 1), its end closed by the
    tiles above: two tiles washed pink by a lamp's hot spot in it (the one at its end read
    first when ``first_deep``; of the two, only (1, 1) has tiles along three sides)."""
    tiles = [_cell(0, 0, "green"), _cell(0, 1, "blue"), _cell(0, 2, "green"), _cell(0, 3, "red"),
             _cell(1, 0, "yellow"), _cell(1, 2, "white"), _cell(2, 0, "blue"),
             _cell(2, 2, "yellow")]
    # (a red and, beside it, a green: the colour rule keeps two reds apart)
    pinks = [_cell(1, 1, "pink", pink=6.0, red=25.0),
             _cell(2, 1, "pink", pink=6.0, red=25.0, green=26.0)]
    return tiles + (pinks if first_deep else pinks[::-1])


def test_two_washed_tiles_side_by_side_in_a_notch_are_both_kept_in_any_order():
    # (2, 1) has tiles along two sides, the third its washed neighbour's: that neighbour fills
    # the notch's end on its own, so it counts for joining, whichever of them is read first
    for first_deep in (True, False):
        decoded, _ = decode_readings(_notch(first_deep), NESTOR, "textile")
        assert {(1, 1), (2, 1)} <= set(decoded), first_deep
        assert decoded[(1, 1)][0]["colour"] in NESTOR.colours
        assert decoded[(2, 1)][0]["colour"] in NESTOR.colours


def test_two_washed_tiles_side_by_side_that_bridge_two_parts_are_both_kept():
    # neither bridges the two parts without the other: each borders a part's tile
    parts = [_cell(0, 0, "red"), _cell(0, 1, "blue"), _cell(0, 4, "green"), _cell(0, 5, "white"),
             _cell(1, 5, "yellow")]
    pinks = [_cell(0, 2, "pink", pink=6.0, yellow=25.0), _cell(0, 3, "pink", pink=6.0, red=25.0)]
    decoded, _ = decode_readings(parts + pinks, NESTOR, "textile")
    assert {(0, 2), (0, 3)} <= set(decoded)
    assert {decoded[c][0]["colour"] for c in ((0, 2), (0, 3))} <= set(NESTOR.colours)
