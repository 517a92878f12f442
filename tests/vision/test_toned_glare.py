"""Solid die faces washed by a hot spot recorded after the camera's tone curve
(vision.cells._solid_through_toned_glare, vision.glare.toned_glare_distances): the veil lifts
the recorded channels alike, so a brown pales to a salmon, which a veil added in linear light
names orange; through the toned glare (at its own price, TONED_GLARE_COST) it is named by its
own paint, and a face that fits a paint plainly, or through a veil added in linear light, keeps
it. (An orange so washed still reads yellow:
the two lie apart by hue only, and the set's assignment arbitrates, see vision.decode.)"""
from types import SimpleNamespace

import numpy as np

from vision.cells import _solid_through_glare, _solid_through_toned_glare
from vision.colour import Palette, bgr_to_lab, lab_to_bgr, match_palette, palette_distance
from vision.kits import kit_for_game

#: No light: the palette as the kit gives it.
PLAIN_LIGHT = np.array([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]])


def _toned(palette: Palette, name: str, glare: float) -> np.ndarray:
    """The Lab of ``name``'s paint with ``glare`` of grey added to its recorded sRGB values."""
    srgb = np.asarray(lab_to_bgr(palette.lab[palette.names.index(name)][None]), np.float64)
    return bgr_to_lab(np.clip(srgb + glare, 0, 1).astype(np.float32))[0]


def _named(labs: np.ndarray) -> tuple[list[str], list[str]]:
    """The faces' names through the linear glare, then also through the toned one."""
    palette = Palette.from_hex(kit_for_game("octopus").colours)
    match = match_palette(labs, palette, palette.lab)
    dist = palette_distance(labs, palette, palette.lab)
    ctx = SimpleNamespace(palette=palette, profile=None)
    linear, dist = _solid_through_glare(ctx, labs, match, dist, PLAIN_LIGHT)
    toned, _ = _solid_through_toned_glare(ctx, labs, linear, dist, PLAIN_LIGHT)
    return ([palette.names[i] for i in linear.index], [palette.names[i] for i in toned.index])


def test_faces_washed_after_the_tone_curve_keep_their_paints_and_plain_faces_theirs():
    palette = Palette.from_hex(kit_for_game("octopus").colours)
    labs = np.stack([_toned(palette, "brown", 0.3), _toned(palette, "brown", 0.4),
                     palette.lab[palette.names.index("pink")],
                     palette.lab[palette.names.index("yellow")],
                     palette.lab[palette.names.index("white")]])
    linear, toned = _named(labs)
    assert linear[:2] == ["orange", "orange"]        # the linear veil names them otherwise
    assert toned == ["brown", "brown", "pink", "yellow", "white"]


def _veiled(palette: Palette, name: str, veil: float) -> np.ndarray:
    """The Lab of ``name``'s paint with ``veil`` of grey added in linear light (a physical
    veil, as a lamp's reflection adds it before the camera's tone curve)."""
    from vision.colour import linear_to_srgb, palette_linear
    lin = np.clip(palette_linear(palette)[palette.names.index(name)] + veil, 0.0, 1.0)
    return bgr_to_lab(linear_to_srgb(lin[None]).astype(np.float32))[0].astype(np.float64)


def test_faces_a_linear_veil_explains_keep_their_paints_through_the_toned_glare():
    # (at the linear glare's price per unit, the toned glare named these brown, orange and
    # brown: an orange under a 0.45 veil, a yellow under 0.3, an orange under 0.6)
    palette = Palette.from_hex(kit_for_game("octopus").colours)
    labs = np.stack([_veiled(palette, "orange", 0.45), _veiled(palette, "yellow", 0.3),
                     _veiled(palette, "orange", 0.6)])
    linear, toned = _named(labs)
    assert linear == ["orange", "yellow", "orange"]
    assert toned == linear
