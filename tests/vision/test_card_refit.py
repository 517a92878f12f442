"""Tapestry's reading kept is refitted to the cards it read (vision.pipeline._refits_cards): a
lattice a few % off in pitch or perspective drifts a third to half a cell off the cards at the
layout's far end (their art cut by the cells' rims, read as bare cards or other symbols), and
the refit to the cards' edges (vision.locate.refit_to_tiles, tested in test_tile_refit) puts
the cells back on them, kept only when it reads better."""
import random

from vision.kits import kit_for_game


def test_cards_laid_loose_are_refitted_but_not_a_framed_board():
    from vision.pipeline import _refits_cards

    assert _refits_cards(kit_for_game("tapestry"), None)
    assert not _refits_cards(kit_for_game("tapestry"), object())
    # (solid tiles and sector tiles take their own refits, or none)
    for game in ("octopus", "textile", "x-tiles", "twelve-tiles"):
        assert not _refits_cards(kit_for_game(game), None)


def test_a_tapestry_reading_is_refitted_to_its_cards(monkeypatch):
    """The product renderer's Tapestry photo: the reading kept goes through the refit to its
    cards (which keeps it here: the renderer's lattice lies on the cards already)."""
    import vision.pipeline as P
    from companion.rules.generate import random_position
    from vision.synth import render_board

    seen = []
    refit = P._refit_on_tiles

    def spy(image, kit, game, palette, profile, best, framed=False):
        seen.append((game, sum(r.occupied for r in best.readings)))
        return refit(image, kit, game, palette, profile, best, framed=framed)

    monkeypatch.setattr(P, "_refit_on_tiles", spy)
    board = random_position("tapestry", random.Random(5)).to_dict()
    render = render_board(board, seed=5, difficulty="normal", size=(1200, 900))
    reading = P.read_file(render.jpeg, game="tapestry")
    assert seen and seen[0][0] == "tapestry" and seen[0][1] > 0
    assert len(reading.board["tiles"]) == len(board["tiles"])
