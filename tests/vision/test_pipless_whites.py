"""Two Textile faces read white touch at a corner (final16 textile-normal-1604): a white tile
showing its black pips 29 L* below its face, and a green tile washed nearly white by the light
(5 from white, 26 from green, 14 with a sheen of the light), its white pips lost in it, its dark
pips 0.1 out. Textile's colour rule keeps tiles of one colour apart, so one of them is misread:
a white tile's black pips stay dark in any light.

- vision.decode._pipless_whites: a face read white beside a white whose dark pips stand out at
  least vision.pips.MIN_CONTRAST more is renamed to its likeliest other colour of the game."""
from vision.cells import CellReading
from vision.decode import decode_readings
from vision.kits import kit_for_game

TEXTILE = kit_for_game("textile")


def _tile(row: int, col: int, colour: str, dist: dict[str, float], dark_pips: float,
          sheen: dict[str, float] | None = None, pips: int | None = None,
          seen: str = "paint") -> CellReading:
    """A face read ``colour`` at ``dist`` from the paints (the others 60 away), its dark pips
    standing out ``dark_pips`` (L*), light ones 7; its colour showing ``seen`` (see
    vision.cells._colours_seen)."""
    far = {n: 60.0 for n in TEXTILE.colours}
    evidence = {"colour_distance": {**far, **dist}, "pip_contrast": {1: 7.0, -1: dark_pips},
                "colour_seen": seen, "blown": 0.0}
    if sheen is not None:
        evidence["sheen_distance"] = {**far, **sheen}
    attrs = {"colour": colour}
    if pips is not None:
        attrs["pips"] = pips
    return CellReading(row, col, True, 0.99, attrs, {"colour": 0.96}, 0.96, (), evidence)


def _layout(washed_dark_pips: float) -> list[CellReading]:
    """A white tile at (1, 1) with black pips and, below its right neighbour, a washed green
    read white at (2, 2), which fits neither the table nor a paint plainly (as final16
    normal-1604's); a red, a blue, a yellow, a green and a red tile around them (the game's
    five colours read, none beside another of its colour)."""
    return [
        _tile(0, 0, "red", {"red": 3.0}, 0.0),
        _tile(0, 1, "blue", {"blue": 3.0}, 0.0),
        _tile(0, 2, "yellow", {"yellow": 3.0}, 2.0),
        _tile(1, 0, "green", {"green": 3.0}, 0.0),
        _tile(1, 1, "white", {"white": 11.0, "yellow": 22.0, "green": 34.0}, 29.3, pips=5),
        _tile(1, 2, "red", {"red": 3.0}, 0.0),
        _tile(2, 2, "white", {"white": 5.2, "yellow": 19.8, "green": 26.0}, washed_dark_pips,
              sheen={"white": 13.0, "yellow": 20.0, "green": 14.0}, seen="neither"),
    ]


def test_a_white_without_dark_pips_beside_one_with_them_is_renamed():
    decoded, _ = decode_readings(_layout(washed_dark_pips=0.1), TEXTILE, "textile")
    assert decoded[(1, 1)][0]["colour"] == "white"
    assert decoded[(2, 2)][0]["colour"] == "green"


def test_whites_whose_dark_pips_stand_out_alike_are_left_as_read():
    decoded, _ = decode_readings(_layout(washed_dark_pips=25.0), TEXTILE, "textile")
    assert decoded[(1, 1)][0]["colour"] == "white"
    assert decoded[(2, 2)][0]["colour"] == "white"


def _renamed(washed: CellReading, extra: tuple[CellReading, ...] = ()) -> str:
    """The colour the face at (2, 2) gets in :func:`_layout` with ``washed`` there instead."""
    readings = [rd for rd in _layout(washed_dark_pips=0.1) if (rd.row, rd.col) != (2, 2)]
    decoded, _ = decode_readings(readings + [washed, *extra], TEXTILE, "textile")
    return decoded[(2, 2)][0]["colour"]


def test_a_plain_white_lying_pips_down_is_left_as_read():
    # (a true white tile lying pips down, no dark pips out, its colour plainly a paint's: no
    # reason to doubt it beside a white showing its black pips; both counted, both held along
    # three sides, so neither is taken out for the clash, see vision.decode._unclashed)
    plain = _tile(2, 2, "white", {"white": 4.0, "yellow": 20.0, "green": 30.0}, 0.3, pips=2)
    held = (_tile(2, 3, "blue", {"blue": 3.0}, 0.0), _tile(3, 2, "yellow", {"yellow": 3.0}, 2.0))
    assert _renamed(plain, held) == "white"


def test_a_face_with_dark_pips_is_not_renamed_to_a_paint_with_white_pips():
    # (its dark pips 12 out, counted: no blue tile's, whose pips are white, however near blue
    # its washed colour; 17 less than the white tile's beside it)
    rd = _tile(2, 2, "white", {"white": 5.2, "blue": 15.0, "yellow": 20.0, "green": 30.0},
               12.0, pips=3, seen="neither")
    rd.evidence["pip_contrast"] = {1: 4.0, -1: 12.0}
    assert _renamed(rd) == "yellow"


def test_the_colour_rule_steers_the_rename():
    # (green the nearest paint, but a green tile beside it: yellow)
    rd = _tile(2, 2, "white", {"white": 5.2, "green": 14.0, "yellow": 16.0}, 0.1,
               seen="neither")
    beside = _tile(3, 2, "green", {"green": 3.0}, 0.0)
    assert _renamed(rd, (beside,)) == "yellow"
    assert _renamed(rd) == "green"


def test_a_colour_whose_copies_are_all_on_the_board_is_passed_over():
    # (green the nearest paint, but the game's six green tiles all read elsewhere: yellow)
    rd = _tile(2, 2, "white", {"white": 5.2, "green": 14.0, "yellow": 16.0}, 0.1,
               seen="neither")
    greens = tuple(_tile(r, c, "green", {"green": 3.0}, 0.0)
                   for r, c in ((5, 0), (5, 2), (5, 4), (7, 0), (7, 2)))
    assert _renamed(rd, greens) == "yellow"


def test_no_rename_to_a_colour_that_fits_too_little():
    # (every paint near enough beside it, the next 12 L* further: left white, with its doubt)
    rd = _tile(2, 2, "white", {"white": 5.2, "red": 14.0, "yellow": 26.0}, 0.1, seen="neither")
    assert _renamed(rd) == "white"
