"""The Hungarian method of vision.assignment against SciPy's, on random and degenerate costs."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linear_sum_assignment as scipy_lsa

from vision.assignment import linear_sum_assignment


@settings(max_examples=60, deadline=None)
@given(n=st.integers(0, 9), m=st.integers(0, 9), seed=st.integers(0, 2**31 - 1),
       integer=st.booleans())
def test_same_total_cost_as_scipy(n, m, seed, integer):
    rng = np.random.default_rng(seed)
    cost = rng.integers(0, 4, (n, m)).astype(float) if integer else rng.normal(size=(n, m)) * 10
    rows, cols = linear_sum_assignment(cost)
    r2, c2 = scipy_lsa(cost)
    assert len(rows) == len(r2) == min(n, m)
    assert np.all(np.diff(rows) > 0)  # rows increasing, each once
    assert len(set(cols.tolist())) == len(cols)  # columns each once
    assert cost[rows, cols].sum() == pytest.approx(cost[r2, c2].sum(), abs=1e-9)


def test_a_48_by_48_problem_like_a_full_octopus_set():
    cost = np.random.default_rng(3).random((48, 48))
    rows, cols = linear_sum_assignment(cost)
    r2, c2 = scipy_lsa(cost)
    assert cost[rows, cols].sum() == pytest.approx(cost[r2, c2].sum())


def test_bad_matrices_are_refused():
    with pytest.raises(ValueError):
        linear_sum_assignment(np.array([1.0, 2.0]))
    with pytest.raises(ValueError):
        linear_sum_assignment(np.array([[1.0, np.nan]]))
