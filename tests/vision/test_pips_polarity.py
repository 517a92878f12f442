"""A die face's pips say which colours it can be: Octopus's white, yellow, orange and pink tiles
carry black pips, which show darker than the face in any light; a green face washed out to near
white by a lamp's hot spot shows white pips (or none), so it is not a white tile.

The distances and pip contrasts below are those measured on such faces (a photo of the
independent renderer, indie/octopus-normal-000)."""
import numpy as np

from vision.cells import _pips_vouch_polarity
from vision.colour import ColourMatch, Palette
from vision.kits import kit_for_game
from vision.pips import PipReading

KIT = kit_for_game("octopus")
PAL = Palette.from_hex(KIT.colours)


def _case(dist_by_name: dict, dark: float, light: float, clipped: float = 0.05):
    """One face: its distances (unlisted colours 60 away), pip contrasts (darker, lighter) and
    share of the cell at the clip level."""
    d = np.array([[dist_by_name.get(n, 60.0) for n in PAL.names]])
    order = np.argsort(d[0])
    match = ColourMatch(order[:1], d[0, order[:1]], d[0, order[1:2]] - d[0, order[:1]])
    reads = {p: PipReading(np.array([3]), np.full((1, 6), 1 / 6), np.array([c]), np.array([0.5]))
             for p, c in ((-1, dark), (1, light))}
    new, adj = _pips_vouch_polarity(KIT, PAL, match, d, reads, np.array([clipped]))
    return PAL.names[int(new.index[0])], float(new.distance[0]), adj[0], d[0]


def test_a_washed_out_green_without_dark_pips_is_not_white():
    name, distance, _, _ = _case({"white": 7.0, "yellow": 14.6, "green": 21.8}, dark=0.1, light=3.4)
    assert name == "green" and distance == 21.8
    name, _, _, _ = _case({"white": 9.6, "yellow": 16.7, "green": 19.7}, dark=2.6, light=4.5)
    assert name == "green"


def test_a_white_face_showing_its_black_pips_stays_white():
    name, _, adj, d = _case({"white": 11.5, "yellow": 23.1, "green": 30.0}, dark=30.9, light=11.8)
    assert name == "white" and np.array_equal(adj, d)


def test_faint_dark_pips_on_a_clear_colour_change_nothing():
    # an orange whose dark pips read faintly (a small, soft tile): its colour is clear
    name, _, adj, d = _case({"orange": 5.4, "red": 23.7, "brown": 25.0}, dark=5.0, light=9.0)
    assert name == "orange" and np.array_equal(adj, d)


def test_a_face_that_fits_no_colour_with_light_pips_keeps_its_distances():
    # (a face blown out to white, or a bare white table: no telling what it is)
    _, _, adj, d = _case({"white": 0.4, "pink": 28.6, "green": 34.2, "blue": 44.2}, dark=0.0,
                         light=17.9)
    assert np.array_equal(adj, d)


def test_a_face_in_a_glare_keeps_its_name():
    # (a glare that washes out black pips brings much of the face to the clip level: a yellow
    # face there, its pips at 2 of contrast, is no less yellow for it)
    name, _, adj, d = _case({"yellow": 6.5, "white": 22.7, "green": 23.0}, dark=2.0, light=9.7,
                            clipped=0.44)
    assert name == "yellow" and np.array_equal(adj, d)
