"""A reading on a lattice far finer than the tiles' die faces does not keep the faces' lattice
out by its count of faces read (vision.pipeline._fewer_faces, _finer_than_faces).

The lattice through the tiles' die faces may replace the lines' reading only when it loses
none of its die faces: a die face read is a tile wherever it lies. On a gingham whose checks
are a third of a tile (the independent renderer's oct43 octopus-normal-1852: 15 mm checks, 40 mm
tiles) the lines' lattice is the checks': its cells cut every tile into several and read
pieces of faces and the cloth's dark checks as die faces by chance (17 of 53 cells, at 34 px),
more than the 12 tiles the faces' lattice reads at 94 px, every one with its face. A die face
spans one tile, so a lattice of cells far smaller than the faces found reads no tile's face
whole: its count says nothing, and the scores decide.
"""
from types import SimpleNamespace

from vision.kits import kit_for_game
from vision.pipeline import FACES_PITCH_FACTOR, _Candidate, _fewer_faces, _finer_than_faces

KIT = kit_for_game("octopus")


def _reading(pitch: float, faces: int, faceless: int, empty: int = 10) -> _Candidate:
    """A reading on a lattice of ``pitch`` image pixels: ``faces`` tiles whose pips were read,
    ``faceless`` tiles whose pips were not, ``empty`` bare cells."""
    cells = ([SimpleNamespace(occupied=True, attrs={"pips": 3})] * faces
             + [SimpleNamespace(occupied=True, attrs={"pips": None})] * faceless
             + [SimpleNamespace(occupied=False, attrs={})] * empty)
    return _Candidate(1.0, SimpleNamespace(pitch_px=pitch), None, cells, {})


def test_a_checks_lattice_does_not_outcount_the_faces_lattice():
    faces = _reading(94.0, faces=12, faceless=0)
    checks = _reading(34.0, faces=17, faceless=36)
    assert _finer_than_faces(checks, faces)
    assert not _fewer_faces(faces, checks, KIT, "octopus")


def test_a_lattice_of_the_tiles_pitch_still_keeps_its_faces():
    # (a boundary case, as final14 octopus-normal-1104 was decided: the faces' lattice through
    # a few faces read fewer tiles than the lines' lattice; a lines' lattice finer than the
    # faces' by less than the factor, the perspective between the places each pitch was
    # measured, keeps its faces)
    faces = _reading(90.0, faces=10, faceless=0)
    lines = _reading(90.0 / (0.9 * FACES_PITCH_FACTOR), faces=18, faceless=0)
    assert not _finer_than_faces(lines, faces)
    assert _fewer_faces(faces, lines, KIT, "octopus")


def test_a_cloths_coarse_lattice_without_faces_keeps_the_guard():
    # (a tartan's checks bigger than the tiles taken for faces: the tiles' own lattice is the
    # finer one, and its faces count)
    cloth = _reading(94.0, faces=1, faceless=4)
    tiles = _reading(34.0, faces=17, faceless=0)
    assert _fewer_faces(cloth, tiles, KIT, "octopus")
