"""vision.glare.tile_exposure_distances: an X-Tiles face read at its own exposure (a lamp's hot
spot), clipped as the camera clips, the exposure nearer the layout's light preferred."""
from __future__ import annotations

import numpy as np

import vision.glare as glare
from vision.colour import (Palette, as_correction, bgr_to_lab, linear_to_srgb, palette_distance,
                           palette_linear)
from vision.glare import EXPOSURE_STEPS, tile_exposure_distances

#: The X-Tiles paints' defaults (KITS.md).
X_TILES = Palette.from_hex({"orange": "#EE7D1A", "red": "#C62B2B", "yellow": "#F4CF2E",
                            "blue": "#1F64B0"})
NO_LIGHT = as_correction(None)


def _recorded(paints: list[str], exposure: float) -> np.ndarray:
    """Linear BGR ``(4, 3)`` of a face's four sectors painted ``paints`` lit ``exposure`` times
    the light that records the paints as they are, clipped."""
    lin = palette_linear(X_TILES)[[X_TILES.names.index(n) for n in paints]]
    return np.clip(exposure * lin, 0.0, 1.0)


def _named(lin: np.ndarray) -> list[str]:
    lab = bgr_to_lab(linear_to_srgb(lin).astype(np.float32)).astype(np.float64)
    plain = palette_distance(lab, X_TILES)
    d = tile_exposure_distances(lab, plain, X_TILES, NO_LIGHT, np.zeros(len(lab), int))
    return [X_TILES.names[k] for k in d.argmin(axis=1)]


PAINTED = ["orange", "red", "yellow", "yellow"]
#: ... and the same face as its alias three times brighter records it (see EXPOSURE_PRIOR).
ALIAS = ["red", "red", "orange", "orange"]
#: A face recorded between the two: (1 - MIX) of its paints at the light, MIX of the alias at
#: three times it, where the alias fits a little better than the paints (by 0.54 CIEDE2000 over
#: the four samples at 0.472, against the 0.8 the alias's exposure costs: both tests hold with
#: about 0.26 to spare).
MIX = 0.472


def _between() -> np.ndarray:
    return ((1 - MIX) * _recorded(PAINTED, 1.0)
            + MIX * _recorded(ALIAS, float(EXPOSURE_STEPS[13])))


def test_face_between_its_paints_and_their_alias_reads_as_painted():
    """Of two exposures fitting a face about alike, the one nearer the layout's light."""
    assert _named(_between()) == PAINTED


def test_without_the_prior_the_alias_is_read(monkeypatch):
    """(The case the prior is for: with no cost for the exposure, the brighter alias wins.)"""
    monkeypatch.setattr(glare, "EXPOSURE_PRIOR", 0.0)
    assert _named(_between()) == ALIAS


def test_faces_at_their_exposure_keep_their_paints():
    """A face at the light fitted, and one clearly in a hot spot (2.64 times the light, where
    its plain distances read the orange as a yellow), read as painted."""
    assert _named(_recorded(PAINTED, 1.0)) == PAINTED
    assert _named(_recorded(["blue", "red", "orange", "yellow"], float(EXPOSURE_STEPS[12]))) == [
        "blue", "red", "orange", "yellow"]
