"""A small layout in a wide view of the table is looked at closer (vision.locate)."""
import numpy as np

from vision.locate import _closer_box


def test_a_small_layout_is_cropped_with_the_table_around_it():
    fg = np.zeros((600, 800), bool)
    fg[250:330, 400:480] = True                     # an 80 px layout in an 800 px work copy
    box = _closer_box(fg, 0.4, (1500, 2000))
    assert box is not None
    x0, y0, x1, y1 = box
    # the layout (full-image pixels 1000-1200 x 625-825) with table all round it
    assert x0 < 1000 - 40 and x1 > 1200 + 40 and y0 < 625 - 40 and y1 > 825 + 40
    assert (x1 - x0) * (y1 - y0) < 0.35 * 2000 * 1500


def test_a_layout_filling_the_picture_or_a_photo_without_more_pixels_is_not_cropped():
    fg = np.zeros((600, 800), bool)
    fg[100:500, 150:650] = True
    assert _closer_box(fg, 0.4, (1500, 2000)) is None
    small = np.zeros((600, 800), bool)
    small[250:330, 400:480] = True
    assert _closer_box(small, 1.0, (600, 800)) is None


def test_a_small_layout_of_small_toothed_tiles_in_a_wide_view_is_read():
    # an independent renderer's Octopus (seed 5, hard) at 2000 x 1500: 29 tiles of about 35 px
    # on a light table in the middle of a dark floor; on the work copy the tiles' toothed edges
    # were too short for the lines' search (7 cells wrong), seen closer 1 (a white tile on the
    # light table)
    from tests.indie.render import render_photo
    from vision.pipeline import read_file
    from vision.synth.compare import compare_boards

    jpeg, truth = render_photo("octopus", 5, style="hard", size=(2000, 1500))
    truth.pop("scene", None)
    score = compare_boards(read_file(jpeg, game="octopus").board, truth)
    assert score.errors <= 2
