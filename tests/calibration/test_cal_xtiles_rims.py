"""X-Tiles read with a calibration profile: the faces stand apart from their wood rims
(vision.xtiles). A profile's paints are the player's own set under their lamp; the lit wood rim
may lie within the reader's allowance for a set painted off the kit's colours (PAINT_DISTANCE)
of a measured pale paint, joining neighbouring faces into one mass of paint, while it comes no
nearer the measured paints than MEASURED_PAINT_DISTANCE."""
import numpy as np

from vision.colour import Palette
from vision.kits import kit_for_game
from vision.xtiles import MEASURED_PAINT_DISTANCE, PAINT_DISTANCE, _paint_masks


def _masks(palette: Palette, lab: np.ndarray) -> list:
    near = np.ones(lab.shape[:2], bool)
    return next(_paint_masks(lab, near, palette))


def test_a_measured_palette_also_gives_the_paint_nearer_its_colours():
    kit = kit_for_game("x-tiles")
    default = Palette.from_hex(kit.colours)
    # a face of the orange paint beside a lit rim 17 from it (within PAINT_DISTANCE only)
    lab = np.zeros((20, 40, 3), np.float32)
    lab[:] = default.lab[0]
    lab[:, 20:] = default.lab[0] + np.array([17.0, 0.0, 0.0])
    assert MEASURED_PAINT_DISTANCE < 17.0 < PAINT_DISTANCE
    plain = _masks(default, lab)
    assert all(p[:, 20:].all() for p, _ in plain)  # (the rim is paint under every light)
    measured = Palette(default.names, default.lab, np.tile(np.eye(3) * 4.0, (len(default.names), 1, 1)))
    masks = _masks(measured, lab)
    assert any(p[:, :20].all() and not p[:, 20:].any() for p, _ in masks)


def test_tiles_joined_by_their_lit_rims_are_read_with_the_profile():
    # the calibration measure's X-Tiles seed 1, photo 1 (3000 K lamp): the profile's pale orange
    # painted the lit rims, 2 tile shapes were found, the pitch 141 px for 123: 7 cells wrong
    from tests.calibration.held_out import read_held_out

    score = read_held_out(1, "x-tiles", 1)
    assert score.missing == 0 and score.extra == 0 and score.misread == 0
