"""The light of die faces under a lamp's hot spot over part of the layout
(vision.cells._haze_of_the_faces): a light fitted over every face may take the hot spot's veil
for a haze over all of them (final19 octopus-hard-1996: 0.17 linear, its black face at L* 15
showing none), predicting the faces out of it paler than they are; fitted again on the faces
out of it, the haze is theirs. A haze every face shows (a lens's veil) is left as fitted."""
import numpy as np

from vision.cells import HOT_SPOT_MIN_HAZE, _haze_of_the_faces, _hot_spot_min_haze, _shared_haze
from vision.colour import (Palette, bgr_to_lab, classify_adaptive, linear_to_srgb,
                           palette_linear)
from vision.kits import kit_for_game

#: The light on the faces (linear BGR gains: a warm lamp) ...
GAINS = np.array([0.6, 0.8, 1.0])
#: ... and the light a fit over every face took, the hot spot's veil for a haze over all.
HAZED = np.array([[0.55, 0.75, 0.9], [0.17, 0.17, 0.17]])
#: Paints of faces out of the hot spot, and of faces in it.
OUT_OF_IT = ["black", "red", "blue", "purple", "green", "brown", "pink", "orange"]
IN_IT = ["yellow", "white", "orange", "pink", "green", "blue", "red", "purple", "brown",
         "black", "yellow", "white", "blue", "green", "red", "purple"]


#: Each face's shading (its tilt to the lamp, a shadow), as a factor on its light: +-25%
#: across the layout, and the noise of its measured colour (CIELAB units, per channel).
SHADING = 0.25
NOISE = 1.5


def _faces(palette: Palette, names: list[str], veil: list[float],
           seed: int | None = None) -> np.ndarray:
    """Lab of each paint under :data:`GAINS` with ``veil`` (linear light, grey) added; with a
    ``seed``, each face shaded within :data:`SHADING` (the veil too, as a reflection on a
    tilted face) and with :data:`NOISE` added."""
    lin = palette_linear(palette)[[palette.names.index(n) for n in names]] * GAINS
    seen = lin + np.asarray(veil)[:, None]
    if seed is not None:
        rng = np.random.default_rng(seed)
        seen = seen * rng.uniform(1 - SHADING, 1 + SHADING, (len(names), 1))
    lab = bgr_to_lab(linear_to_srgb(np.clip(seen, 0.0, 1.0)).astype(np.float32))
    lab = lab.astype(np.float64)
    if seed is not None:
        lab = lab + rng.normal(0.0, NOISE, lab.shape)
    return lab


def _refitted(veil_out: float, veil_in: list[float], seed: int | None = None,
              min_haze: float = HOT_SPOT_MIN_HAZE):
    palette = Palette.from_hex(kit_for_game("octopus").colours)
    labs = _faces(palette, OUT_OF_IT + IN_IT, [veil_out] * len(OUT_OF_IT) + veil_in, seed)
    match, _, _ = classify_adaptive(labs, palette, gains_bgr=HAZED, iterations=0)
    named, light = _haze_of_the_faces(labs, palette, match, HAZED,
                                      _shared_haze(kit_for_game("octopus")), min_haze=min_haze)
    return palette, named, light


def test_a_hot_spot_over_part_of_the_layout_is_no_haze_of_the_faces_out_of_it():
    palette, named, light = _refitted(0.0, list(np.linspace(0.3, 0.8, len(IN_IT))))
    assert light is not HAZED
    assert light[1].max() < 0.05
    assert [palette.names[i] for i in named.index[:len(OUT_OF_IT)]] == OUT_OF_IT
    assert named.distance[0] < 8.0     # the black (26 from black under the hazy light)


def test_a_haze_every_face_shows_is_left_as_fitted():
    _, _, light = _refitted(0.17, [0.17] * len(IN_IT))
    assert light is HAZED


def test_a_haze_every_shaded_noisy_face_shows_is_left_as_fitted():
    for seed in range(20):
        _, _, light = _refitted(0.17, [0.17] * len(IN_IT), seed=seed)
        assert light is HAZED, seed


def _profile_with_veil(veil_bgr: list[float]) -> dict:
    return {"kit": "nestortiles", "colours": {}, "light": {"haze_bgr_removed": veil_bgr}}


def test_the_least_hot_spot_haze_is_the_veil_a_profile_measured():
    assert _hot_spot_min_haze(None) == HOT_SPOT_MIN_HAZE
    assert _hot_spot_min_haze(_profile_with_veil([0.01, 0.005, 0.008])) == HOT_SPOT_MIN_HAZE
    assert _hot_spot_min_haze(_profile_with_veil([0.08, 0.11, 0.2])) == 0.2


def test_a_haze_within_the_profiles_veil_is_no_hot_spot():
    # (the hot spot above, read with a profile whose calibration photo showed a veil as strong
    # as the fitted haze: the haze is that veil, the light left as fitted)
    veil = _hot_spot_min_haze(_profile_with_veil([0.1, 0.14, 0.18]))
    _, _, light = _refitted(0.0, list(np.linspace(0.3, 0.8, len(IN_IT))), min_haze=veil)
    assert light is HAZED
