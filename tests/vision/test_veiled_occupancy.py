"""A solid face veiled by the lamp's glare is no loose colour fit (vision.cells._veiled_solid_fit):
the cell test that takes a cell with an edge on one side at most and a loose fit for the table
(a hot spot, a stain) measures a solid face's fit through the glare too, as its naming does; a
veil over a glossy face on a pale cloth fades its outline along with its paint."""
from types import SimpleNamespace

import numpy as np

from vision.cells import OUTLINE_FREE_FIT, _veiled_solid_fit
from vision.colour import (Palette, bgr_to_lab, lab_to_bgr, linear_to_srgb, palette_distance,
                           srgb_to_linear)
from vision.kits import kit_for_game

#: No cast, no haze: the palette as recorded.
PLAIN_LIGHT = np.array([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]])


def _veiled(palette: Palette, name: str, glare: float) -> np.ndarray:
    """The Lab ``(3,)`` of ``name``'s paint with ``glare`` (a share of a white face's light) of a
    neutral lamp added in linear light."""
    lin = srgb_to_linear(lab_to_bgr(palette.lab[palette.names.index(name)][None]))
    return bgr_to_lab(linear_to_srgb(np.clip(lin + glare, 0, 1)).astype(np.float32))[0]


def _fits(game: str, names_glare: list[tuple[str, float]]) -> tuple[np.ndarray, np.ndarray]:
    kit = kit_for_game(game)
    palette = Palette.from_hex(kit.colours)
    labs = np.stack([_veiled(palette, n, g) for n, g in names_glare])
    plain = palette_distance(labs, palette, palette.lab).min(axis=1)
    ctx = SimpleNamespace(kit=kit, palette=palette, profile=None)
    return plain, _veiled_solid_fit(ctx, labs, plain, PLAIN_LIGHT)


def test_a_veiled_green_fits_through_the_glare_and_a_plain_face_keeps_its_fit():
    plain, veiled = _fits("octopus", [("green", 0.3), ("blue", 0.3), ("yellow", 0.0)])
    assert (plain[:2] > OUTLINE_FREE_FIT).all()     # plainly, a loose fit: taken for the table
    assert (veiled[:2] < OUTLINE_FREE_FIT).all()    # through the glare, a paint's
    assert veiled[2] == plain[2]                    # a plain face: its plain fit, at no cost


def test_other_faces_keep_their_plain_fit():
    game = next(g for g in ("tapestry", "textile", "x-tiles")
                if kit_for_game(g).face_model != "solid")
    kit = kit_for_game(game)
    ctx = SimpleNamespace(kit=kit, palette=Palette.from_hex(kit.colours), profile=None)
    d = np.array([14.0])
    out = _veiled_solid_fit(ctx, np.array([[90.0, -20.0, 10.0]]), d, PLAIN_LIGHT)
    assert np.array_equal(out, d)


def test_a_grey_is_no_veiled_face():
    # (black with a glare and a shading fits nearly any grey: a shadow or a stain is no face)
    labs = np.array([[30.0, 0.0, 0.0], [45.0, 0.0, 0.0], [60.0, 0.0, 0.0], [75.0, 0.0, 0.0]])
    kit = kit_for_game("octopus")
    palette = Palette.from_hex(kit.colours)
    plain = palette_distance(labs, palette, palette.lab).min(axis=1)
    ctx = SimpleNamespace(kit=kit, palette=palette, profile=None)
    veiled = _veiled_solid_fit(ctx, labs, plain, PLAIN_LIGHT)
    loose = plain > OUTLINE_FREE_FIT
    assert loose.any() and (veiled[loose] > OUTLINE_FREE_FIT).all()
