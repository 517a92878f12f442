"""An Octopus tile lying past the window of cells the foreground set (its colour near the
cloth's, the mask missed it) is read: where tiles are read on the window's outer ring the layout
may carry on past it, and the window is widened and read again (vision.pipeline, as for the
cards), kept where the tiles it adds show their pips and the set fits as well. The independent
renderer's final octopus normal 045: a pink tile beyond the window on a pinkish map."""
from tests.indie.render import render_photo
from vision.pipeline import read_file
from vision.synth.compare import compare_boards


def test_a_tile_past_the_window_is_read():
    jpeg, truth = render_photo("octopus", 45, style="normal", size=(1600, 1200))
    truth = {k: v for k, v in truth.items() if k != "scene"}
    score = compare_boards(read_file(jpeg, game="octopus").board, truth)
    assert score.to_dict()["missing"] == 0 and score.to_dict()["errors"] == 0
