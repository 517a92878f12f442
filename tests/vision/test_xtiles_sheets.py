"""A cell of X-Tiles whose sectors show one paint three times is no face (RULES.md: a face shows
three colours, one of them on two sectors): a sheet of that paint beside the layout."""
from vision.cells import one_paint_thrice


def _evidence(named: dict, conf: float = 0.97) -> dict:
    return {"sector_named": named, "sector_conf": {side: conf for side in named}}


def test_a_note_beside_the_layout_shows_one_paint_on_three_sectors():
    # own seed 7010 (hard): a yellow sticky note's corner in a cell, the wooden table in the fourth
    # sector (18.9 from orange)
    note = _evidence({"n": "yellow", "e": "yellow", "s": "orange", "w": "yellow"})
    note["sector_conf"]["s"] = 0.39
    assert one_paint_thrice(note)


def test_a_face_shows_each_paint_twice_at_most():
    for named in ({"n": "red", "e": "red", "s": "blue", "w": "yellow"},
                  {"n": "orange", "e": "blue", "s": "orange", "w": "red"}):
        assert not one_paint_thrice(_evidence(named))


def test_sectors_in_doubt_do_not_count():
    # a washed-out sector may look like its neighbour's paint
    shaded = _evidence({"n": "yellow", "e": "yellow", "s": "yellow", "w": "blue"})
    shaded["sector_conf"]["s"] = 0.6
    assert not one_paint_thrice(shaded)
    assert not one_paint_thrice(None)
