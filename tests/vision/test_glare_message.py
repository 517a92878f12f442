"""A photo whose readings were all refused as no tiles of the set because a lamp's glare washed
most of the tiles out (final19 octopus-hard-1991: 18 of 28 faces) is reported as such, with what
to do, not as a photo of no tiles (vision.pipeline._glare_refused)."""
import vision.pipeline as P
from vision.cells import CellReading


def _refused(n_tiles: int, n_washed: int) -> tuple[P._Candidate, int]:
    tiles = [CellReading(0, c, True, 0.9, attrs={"colour": "white"},
                         evidence={"blown": 0.8 if c < n_washed else 0.0})
             for c in range(n_tiles)]
    return P._Candidate(9.0, None, None, tiles + [CellReading(1, 0, False, 0.9)], {}), 0


def test_a_layout_refused_for_its_glare_is_reported_as_glare():
    message = P._glare_refused([None, _refused(4, 1), _refused(28, 18)])
    assert message is not None
    assert "glare washes out 18 of the 28 tiles" in message and "move the lamp" in message


def test_a_layout_refused_with_few_tiles_washed_is_not_blamed_on_glare():
    assert P._glare_refused([_refused(28, 5)]) is None
    assert P._glare_refused([None, None]) is None
