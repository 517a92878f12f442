"""vision.cells._outlined_hole: where the photo shows every tile pips up, a cell taken for its
outline alone (the mask calls it table) in one of the bare table's looks, without pips, is a
hole in the layout when it shows no outline of its own: its edges are its neighbours' rims
(final19 textile-hard-2000, a cream stripe among four tiles; the scene itself is in
test_hole_on_stripes). Where the tiles may lie pips down it is not judged so: a white tile's
faint rim on a pale cloth may show along none of its sides facing the table."""
from vision.cells import _Ctx, _outlined_hole

#: a cell's sides in _beside's order: above, below, left, right
ABOVE, BELOW, LEFT, RIGHT = range(4)
CELL = (1, 1)
#: tiles all round the cell
ENCLOSED = {(0, 1): True, (2, 1): True, (1, 0): True, (1, 2): True}
#: tiles above and to the left: the cell faces the table below and to the right
CORNER = {(0, 1): True, (1, 0): True}


def _sides(*true: int) -> tuple:
    return tuple(k in true for k in range(4))


ALL_ROUND = _sides(ABOVE, BELOW, LEFT, RIGHT)


def _ctx(full: tuple, rim: tuple, *, pips_up: bool = True, looks: bool = True,
         by_outline: bool = True) -> _Ctx:
    return _Ctx(kit=None, palette=None, profile=None, td=None, lab=None, pips_up=pips_up,
                by_outline={CELL} if by_outline else set(),
                table_looks={CELL} if looks else set(), full_sides={CELL: full},
                rim_sides={CELL: rim})


def test_an_enclosed_cell_outlined_by_its_neighbours_is_a_hole_where_tiles_lie_pips_up():
    assert _outlined_hole(_ctx(ALL_ROUND, ALL_ROUND), CELL, vouched=(), taken=ENCLOSED)
    # (where the tiles may lie pips down, a plain white tile there looks the same)
    assert not _outlined_hole(_ctx(ALL_ROUND, ALL_ROUND, pips_up=False), CELL, vouched=(),
                              taken=ENCLOSED)


def test_a_cell_facing_the_table_is_a_hole_only_without_an_outline_of_its_own():
    # (its neighbours' rims along the sides they hold, a stripe's edge along part of one more)
    assert _outlined_hole(_ctx(_sides(ABOVE, LEFT, RIGHT), _sides(ABOVE, LEFT)), CELL,
                          vouched=(), taken=CORNER)
    # (a tile's gap along a side facing the table, or an edge all along both)
    assert not _outlined_hole(_ctx(_sides(ABOVE, LEFT, RIGHT), _sides(ABOVE, LEFT, RIGHT)),
                              CELL, vouched=(), taken=CORNER)
    assert not _outlined_hole(_ctx(ALL_ROUND, _sides(ABOVE, LEFT)), CELL, vouched=(),
                              taken=CORNER)


def test_a_cell_vouched_for_held_by_the_mask_or_unlike_the_table_is_not_judged():
    assert not _outlined_hole(_ctx(ALL_ROUND, ALL_ROUND), CELL, vouched={CELL}, taken=ENCLOSED)
    assert not _outlined_hole(_ctx(ALL_ROUND, ALL_ROUND, by_outline=False), CELL, vouched=(),
                              taken=ENCLOSED)
    assert not _outlined_hole(_ctx(ALL_ROUND, ALL_ROUND, looks=False), CELL, vouched=(),
                              taken=ENCLOSED)
