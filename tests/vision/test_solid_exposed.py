"""A lamp's hot spot lights the die faces under it more than the light fitted over the layout
says; the camera clips their strong channel, raising L* and lowering the chroma while the hue
holds (vision.cells._solid_exposed): a brown at three times the light is a light tan nearer
the fitted orange than brown, an orange at twice the light nearer yellow; each is named its
own paint at its own exposure, while a face that fits a paint as lit keeps it."""
from types import SimpleNamespace

import numpy as np

from vision.cells import _solid_exposed
from vision.colour import Palette, lab_to_bgr, match_palette, palette_distance, srgb_to_linear
from vision.glare import exposed_lab
from vision.kits import kit_for_game

PAL = Palette.from_hex(kit_for_game("octopus").colours)
#: the light fitted over the layout: as the palette was recorded
LIGHT = np.array([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]])


def _named(name: str, exposure: float) -> tuple[str, str]:
    """The paint ``name`` lit ``exposure`` times: (its plain name, its name at its exposure)."""
    k = PAL.names.index(name)
    paint = srgb_to_linear(lab_to_bgr(PAL.lab[k:k + 1])).astype(np.float64)
    lab = exposed_lab(paint, [exposure])[0]
    plain = match_palette(lab, PAL)
    match, _ = _solid_exposed(SimpleNamespace(palette=PAL, profile=None), lab, plain,
                              palette_distance(lab, PAL), LIGHT)
    return PAL.names[plain.index[0]], PAL.names[match.index[0]]


def test_hot_spot_paints_named_at_their_exposure():
    assert _named("brown", 3.0) == ("orange", "brown")
    assert _named("orange", 2.0) == ("yellow", "orange")


def test_paints_as_lit_keep_their_names():
    for name in ("yellow", "white", "pink", "red", "black"):
        assert _named(name, 1.0) == (name, name)
