"""A lattice refitted to the tiles read on it (vision.locate.refit_to_tiles), on small synthetic
pictures: a lattice a little off in perspective drifts off the tiles towards the layout's far
end; the robust least-squares refit of its foreshortening to where each tile's pair of edges
shows its centre puts it back on them all, and leaves a right lattice (or a bare picture) as
it is."""
import numpy as np

from vision.locate import _perspective_change, refit_to_tiles
from tests.vision.test_lattice_focus import N, _colour_tiles, _lattice, _worst_off

#: the cells read as tiles: all but the far corner's (the drifting lattice missed them)
TILES = [(r, c) for r in range(N) for c in range(N) if r + c < 2 * N - 4]


def test_a_lattice_drifting_off_the_far_tiles_is_refitted_onto_them():
    img, fg = _colour_tiles()
    # cells growing 2% a cell down the layout (and 1% across): a third of a cell off at its
    # ends, as on a tilted photo whose far tiles weighed little in the lattice's fit
    off = _lattice(fg, _perspective_change(0.01, 0.02, np.array([N / 2, N / 2])))
    assert _worst_off(off) > 0.3
    assert _worst_off(refit_to_tiles(off, img, TILES)) < 0.08


def test_a_lattice_on_the_tiles_or_nearly_is_left_as_it_is():
    for seed in (0, 3, 5):
        img, fg = _colour_tiles(seed=seed)
        lat = _lattice(fg)
        assert refit_to_tiles(lat, img, TILES) is lat
        # (a lattice a tenth of a cell off at the layout's ends reads its cells as well: no
        # read again for it)
        near = _lattice(fg, _perspective_change(0.002, 0.004, np.array([N / 2, N / 2])))
        assert 0.05 < _worst_off(near) < 0.12
        assert refit_to_tiles(near, img, TILES) is near


def test_a_bare_picture_or_few_tiles_leave_the_lattice_alone():
    img, fg = _colour_tiles()
    lat = _lattice(fg)
    assert refit_to_tiles(lat, np.full_like(img, 128), TILES) is lat
    assert refit_to_tiles(lat, img, TILES[:3]) is lat
