"""A die face vouches for a tile: a cell beside the layout whose colour fits the palette and whose
pips read clearly holds a tile, however little it stood out from the table (vision.cells)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from compare import read_render  # noqa: E402


def test_a_tile_the_colour_of_the_table_is_found_by_its_pips():
    # seed 7504: an Octopus tile beside the layout barely stands out from the table and was
    # left out; its pips read clearly
    score = read_render("octopus", 7504)
    assert score.missing == 0 and score.errors == 0


def test_a_hard_photo_loses_no_tile_that_shows_its_pips():
    # seed 7000, hard: a tile at the layout's edge was missed (2 misreads remain, pips in shadow)
    score = read_render("octopus", 7000, difficulty="hard")
    assert score.missing == 0 and score.extra == 0
