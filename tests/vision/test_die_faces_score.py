"""The lattice through the tiles' faces looked at for Octopus as for Textile (vision.pipeline)."""
from __future__ import annotations

def test_an_unsettled_octopus_reading_looks_for_the_lattice_through_the_faces(monkeypatch):
    """Octopus tiles are solid die faces as Textile's are: a reading of the lines' lattice that
    is not settled (a floral cloth's flowers in the tiles' colours) gets the look through the
    tiles' faces too."""
    import random

    import vision.pipeline as pipeline
    from tests.vision.scenes import camera_view, random_board, topdown

    rng = random.Random(3)
    top, _, _ = topdown(random_board("octopus", rng, n=8), ppc=60)
    photo = camera_view(top, rng, out=(640, 480), tilt_deg=10.0)
    looked: list[str] = []

    def through_tiles(image, kit, game, *args):
        looked.append(game)
        return None

    monkeypatch.setattr(pipeline, "_settled", lambda best, kit=None: False)
    monkeypatch.setattr(pipeline, "SECOND_LOOK_SEEDS", ())
    monkeypatch.setattr(pipeline, "_read_through_tiles", through_tiles)
    pipeline.read_image(photo, game="octopus")
    assert looked == ["octopus"]
