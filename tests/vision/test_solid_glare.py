"""Solid die faces veiled by a lamp's glare (vision.cells._solid_through_glare): the lamp's
light added all over a glossy face pales its paint (a red towards pink, a black towards grey)
yet the face is still named by its own paint; a face that fits a paint plainly keeps it."""
from types import SimpleNamespace

import numpy as np

from vision.cells import _solid_through_glare
from vision.colour import (Palette, bgr_to_lab, lab_to_bgr, linear_to_srgb, match_palette,
                           palette_distance, srgb_to_linear)
from vision.kits import kit_for_game


def _veiled(palette: Palette, name: str, glare: float) -> np.ndarray:
    """The Lab of ``name``'s paint with ``glare`` (a share of a white face's light) of a
    neutral lamp added in linear light."""
    lin = srgb_to_linear(lab_to_bgr(palette.lab[palette.names.index(name)][None]))
    return bgr_to_lab(linear_to_srgb(np.clip(lin + glare, 0, 1)).astype(np.float32))[0]


def _named(labs: np.ndarray) -> tuple[list[str], list[str]]:
    kit = kit_for_game("octopus")
    palette = Palette.from_hex(kit.colours)
    corr = np.array([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]])
    match = match_palette(labs, palette, palette.lab)
    dist = palette_distance(labs, palette, palette.lab)
    ctx = SimpleNamespace(palette=palette, profile=None)
    glared, _ = _solid_through_glare(ctx, labs, match, dist, corr)
    return [palette.names[i] for i in glared.index], [palette.names[i] for i in match.index]


def test_a_veiled_red_and_black_are_named_by_their_paints_and_plain_faces_keep_theirs():
    palette = Palette.from_hex(kit_for_game("octopus").colours)
    labs = np.stack([_veiled(palette, "red", 0.35), _veiled(palette, "black", 0.12),
                     palette.lab[palette.names.index("pink")],
                     palette.lab[palette.names.index("white")]])
    glared, plain = _named(labs)
    assert plain[0] != "red"                        # the plain fit takes the veiled red for another
    assert glared == ["red", "black", "pink", "white"]
