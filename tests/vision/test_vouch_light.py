"""A die face beside the layout that the mask missed is named under the layout's light too: the
light refitted on the cells beside the layout, mostly the bare table (light wood fits the orange
paint within 10-15), may leave a tile's paint far from it (oct23dev octopus-normal-507: a black 5
laid a little off its cell read 22 from black under the light refitted on the 24 cells around
the layout, 7 under the layout's own; its pips then vouched for nothing).

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import kit_and_palette, paint_solid_tiles, photographed_view  # noqa: E402

import vision.cells as cells  # noqa: E402
from vision.cells import read_cells  # noqa: E402

KIT, PAL = kit_and_palette("octopus")
N = 48
LAYOUT = {(2, 2): ("red", 4), (2, 3): ("blue", 2), (3, 2): ("green", 5), (3, 3): ("yellow", 1),
          (4, 2): ("purple", 3), (4, 3): ("pink", 6), (2, 4): ("orange", 2)}


def _view(tiles: dict, fg_cells: set, size: int = 8):
    """Tiles on light wood (BGR (60, 130, 200), the orange paint's neighbour) under a warm lamp
    (blue and green recorded weaker), and a mask holding ``fg_cells`` only."""
    img = np.tile(np.array((60, 130, 200), np.float64), (size * N, size * N, 1))
    paint_solid_tiles(img, tiles, N, KIT)
    img *= np.array((0.8, 0.83, 1.0))
    # (blurred 1.2 pixels: a phone's soft edges)
    return photographed_view(img, fg_cells, N, size, np.random.default_rng(3), 3.0, 1.2)


def test_cells_beside_the_layout_are_named_under_the_layouts_light_too(monkeypatch):
    # the cells beside the layout are read as they were (the light refitted on them: mostly the
    # bare wood here); a die face among them read under the layout's light as given, unrefitted,
    # is named by its paint; and no cell of the bare table's very colour is read so
    tiles = {**LAYOUT, (5, 2): ("black", 5)}
    td, fg = _view(tiles, fg_cells=set(LAYOUT))
    calls, unrefitted = [], []
    vouched = cells._pip_vouched

    def spy(ctx, cell_list, regions, gains, *args, **kw):
        calls.append((list(cell_list), kw.get("refit", True)))
        if not set(cell_list) & set(LAYOUT):  # (the cells beside the layout)
            alone = cells._read_solid(ctx, [(5, 2)], regions, gains, refit=False)[(5, 2)][0]
            unrefitted.append((alone.get("colour"), alone.get("pips")))
            read_unrefitted = {c for cl, refit in calls if not refit for c in cl}
            assert not set(ctx.table_same) & read_unrefitted
        return vouched(ctx, cell_list, regions, gains, *args, **kw)
    monkeypatch.setattr(cells, "_pip_vouched", spy)
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg, die_faces=True)
    got = {(r.row, r.col): r for r in readings if r.occupied}
    assert set(got) == set(tiles)
    assert unrefitted and set(unrefitted) == {("black", 5)}


def test_a_die_face_beside_a_part_of_the_layout_joined_again_is_a_tile():
    # oct23dev octopus-normal-500: on a yellow gingham a yellow tile the mask missed split the
    # layout; once its pips vouched for it the part beyond was joined again, but the yellow 5
    # beside that part alone was never looked at. Here on a table of the yellow paint, the
    # yellow tiles laid without a gap (no outline against the table: only their pips show)
    yellow = KIT.colours["yellow"].lstrip("#")
    table = tuple(int(yellow[k:k + 2], 16) for k in (4, 2, 0))  # (BGR)
    layout = {(2, 2): ("red", 4), (2, 3): ("blue", 2), (3, 2): ("green", 5), (3, 3): ("purple", 1),
              (2, 5): ("black", 2)}
    hidden = {(2, 4): ("yellow", 3), (3, 5): ("yellow", 5)}
    size = 8
    img = np.tile(np.array(table, np.float64), (size * N, size * N, 1))
    paint_solid_tiles(img, layout, N, KIT)
    paint_solid_tiles(img, hidden, N, KIT, inset=0)
    td, fg = photographed_view(img, set(layout), N, size, np.random.default_rng(4), 3.0, 1.2)
    readings, _ = read_cells(td, KIT, palette=PAL, fg=fg, die_faces=True)
    got = {(r.row, r.col): (r.attrs.get("colour"), r.attrs.get("pips"))
           for r in readings if r.occupied}
    assert got == {**layout, **hidden}
