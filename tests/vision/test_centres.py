"""The map through the pieces' centres (vision.centres.fit_map)."""
import numpy as np

from vision.centres import fit_map
from vision.lattice import apply_h


def test_centres_in_a_line_but_one_fit_no_homography_whose_vanishing_line_crosses_them():
    """Seven faces in one column and one beside it (a layout that runs along one diagonal of
    the picture, an independent renderer's photo): a homography fits the eight, but its
    vanishing line runs through the layout, its cells collapsing to a point on one side. That
    is no camera's view of a table: the affine map through the eight is taken, and the cells
    beside the column lie where the faces' lattice has them."""
    ij = np.array([(0, i) for i in range(-3, 4)] + [(-1, 0)], float)
    true = np.array([[56.0, 20.0, 900.0], [-17.0, 51.0, 628.0], [0.0, 0.0, 1.0]])
    xy = apply_h(true, ij) + np.random.default_rng(0).normal(0.0, 1.5, ij.shape)
    H = fit_map(ij, xy, true)
    beside = np.array([[1.0, 0.0], [-1.0, 2.0], [1.0, -2.0]])
    assert np.abs(apply_h(H, beside) - apply_h(true, beside)).max() < 6.0
