"""Optimal one-to-one assignment (the Hungarian method), without SciPy's start-up cost.

The reader assigns read tiles to the tiles of a set (Octopus: each tile once) and calibration
names colour clusters by palette colours; both solve small problems (at most a few dozen rows)
once per photo. Importing ``scipy.optimize`` costs most of a second, more than the problem, so
this module solves it directly: shortest augmenting paths with row and column potentials
(Kuhn-Munkres in the Jonker-Volgenant form), vectorised over the columns, O(n^2 m).
"""
from __future__ import annotations

import numpy as np

__all__ = ["linear_sum_assignment"]


def linear_sum_assignment(cost: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows and columns of a minimum-cost matching of a cost matrix.

    Parameters
    ----------
    cost : (n, m) array of finite numbers. Every row is matched when ``n <= m``, every column
        otherwise.

    Returns
    -------
    (rows, cols) : int arrays of length ``min(n, m)``, ``rows`` increasing; ``cost[rows, cols]``
        has the least possible sum (as :func:`scipy.optimize.linear_sum_assignment`).

    Raises
    ------
    ValueError
        For a matrix that is not two-dimensional or holds NaN or infinite entries.
    """
    a = np.asarray(cost, dtype=float)
    if a.ndim != 2:
        raise ValueError("the cost matrix must be two-dimensional")
    if not np.all(np.isfinite(a)):
        raise ValueError("the cost matrix holds NaN or infinite entries")
    if a.shape[0] > a.shape[1]:
        cols, rows = linear_sum_assignment(a.T)
        order = np.argsort(rows)
        return rows[order], cols[order]
    n, m = a.shape
    if n == 0:
        return np.zeros(0, int), np.zeros(0, int)
    u = np.zeros(n + 1)
    v = np.zeros(m + 1)
    p = np.zeros(m + 1, int)    # p[j]: the row (1-based) matched to column j (0: none)
    way = np.zeros(m + 1, int)  # the previous column on the augmenting path
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = np.full(m + 1, np.inf)
        used = np.zeros(m + 1, bool)
        while True:
            used[j0] = True
            i0 = p[j0]
            free = ~used[1:]
            reduced = a[i0 - 1] - u[i0] - v[1:]
            better = free & (reduced < minv[1:])
            minv[1:][better] = reduced[better]
            way[1:][better] = j0
            masked = np.where(free, minv[1:], np.inf)
            j1 = int(np.argmin(masked)) + 1
            delta = masked[j1 - 1]
            u[p[used]] += delta
            v[used] -= delta
            minv[~used] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while j0:  # flip the path
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
    cols = np.nonzero(p[1:])[0]
    rows = p[1:][cols] - 1
    order = np.argsort(rows)
    return rows[order], cols[order]
