"""What a cell's colour shows, the bare table or a paint (vision.cells._colours_seen): of two
Textile cells read in one colour side by side, one showing the table's colour beside one showing
its paint is the table's ground, not the tile (see vision.decode._unclashed; final19
textile-normal-1995, a cream floral's ground in a hole of the layout read white beside a white
tile)."""
import numpy as np

from vision.cells import _colours_seen


def test_a_cells_colour_shows_the_bare_table_or_a_paint():
    cells = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]
    # a hole showing the cloth's ground (0.6 from its median, 2.9 from white as lit); a white
    # tile on it (4.9 from the median, 2.2 from white); a printed cloth's ground far from the
    # ring's median but near ring cells of it; a blue tile far from both; a cell of petals, 12
    # from white and further from the table: nearer the paint, but too loose a fit to tell
    # (neither: a face the light changed, or a print)
    d_table = np.array([0.6, 4.9, 19.0, 54.0, 16.4])
    nearness = np.array([0.8, 4.5, 1.0, 50.0, 14.0])
    d_pal = np.array([2.9, 2.2, 6.0, 2.4, 12.0])
    assert _colours_seen(cells, d_table, nearness, d_pal) == {
        (0, 0): "table", (0, 1): "paint", (0, 2): "table", (0, 3): "paint", (0, 4): "neither"}
