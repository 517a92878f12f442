"""The reader holds numpy's BLAS (OpenBLAS) to one thread while it reads (vision.blas): its
matrix products are small, and waking BLAS's threads for them cost more than they saved. The
count found is put back afterwards, also when blocks nest; and the products are the same on
one thread as on several."""
from pathlib import Path

import numpy as np
import pytest

import vision.pipeline as pipeline
from vision.blas import _openblas, one_blas_thread

THREADS = _openblas()
needs_openblas = pytest.mark.skipif(THREADS is None, reason="numpy's BLAS is not OpenBLAS here")


@pytest.fixture
def two_threads():
    """OpenBLAS on two threads for the test (whatever this machine's default), then as before."""
    before = THREADS.get()
    THREADS.set(2)
    yield
    THREADS.set(before)


@needs_openblas
def test_one_thread_within_the_block_and_the_count_put_back(two_threads):
    with one_blas_thread():
        assert THREADS.get() == 1
        with one_blas_thread():
            assert THREADS.get() == 1
        assert THREADS.get() == 1  # (the inner block's end leaves the outer one's setting)
    assert THREADS.get() == 2


@needs_openblas
def test_the_count_is_put_back_when_the_read_fails(two_threads):
    with pytest.raises(RuntimeError):
        with one_blas_thread():
            raise RuntimeError("a read that fails")
    assert THREADS.get() == 2


@needs_openblas
def test_read_image_reads_on_one_blas_thread(two_threads, monkeypatch):
    seen = []

    def reading(image, **kwargs):
        seen.append(THREADS.get())
        return "read"
    monkeypatch.setattr(pipeline, "_read_image", reading)
    image = np.zeros((8, 8, 3), np.uint8)
    assert pipeline.read_image(image, game="octopus") == "read"
    assert seen == [1]
    assert THREADS.get() == 2


@needs_openblas
def test_products_are_the_same_on_one_thread(two_threads):
    # (sizes like the vanishing points' scoring and a comb's coherence, large enough for
    # OpenBLAS to split them over its threads)
    rng = np.random.default_rng(3)
    a = rng.normal(size=(1024, 3)).astype(np.float32)
    b = rng.normal(size=(3, 900)).astype(np.float32)
    c = rng.normal(size=(600, 900)).astype(np.float32)
    w = rng.uniform(size=900).astype(np.float32)
    threaded = (a @ b, c @ w, (a @ b) @ w)
    with one_blas_thread():
        single = (a @ b, c @ w, (a @ b) @ w)
    for x, y in zip(threaded, single):
        assert np.array_equal(x, y)


@needs_openblas
def test_the_threads_held_are_numpys():
    """OpenCV's wheel maps an OpenBLAS of its own, exporting the same controls: the one held is
    the copy numpy's wheel keeps beside the package (where there is such a copy)."""
    own = Path(np.__file__).resolve().parent.parent / "numpy.libs"
    if own.is_dir():
        assert Path(THREADS.path).parent == own.resolve()
