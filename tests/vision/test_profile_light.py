"""Under a profile, the light fitted on clear tiles of a few paints keeps the profile's cast
(vision.cells._clear_tiles_light, vision.colour.spans_channels and fit_exposure).

The numbers are the independent renderer's calibration case Tapestry seed 0, photo b-1: the
profile's six paints (CIELAB as learnt under a 3000 K lamp) and the seven cards that stood out
of a cloth of purple and green flowers, all red, orange or yellow (the blue and purple cards
did not). A cast fitted on them put the blue and purple cards 13-14 dE from their paints as the
reader sampled them (11-12 dE for the samples here), and two of them were lost."""
import numpy as np

from vision.cells import _clear_tiles_light
from vision.colour import (Palette, _predict_lin, ciede2000, classify_adaptive, fit_exposure,
                           palette_linear, spans_channels)

NAMES = ("red", "orange", "yellow", "green", "blue", "purple")
PROFILE = Palette(NAMES, np.array([[51.37, 70.03, 59.55], [54.34, 46.19, 53.2], [68.71, 10.7, 67.97],
                                   [51.8, -53.33, 43.08], [46.11, 20.16, -38.98],
                                   [47.29, 31.72, -33.41]]))
CLEAR = np.array([[66.3, 6.0, 58.1], [52.4, 35.0, 42.2], [66.5, 6.9, 57.1], [66.8, 5.8, 57.6],
                  [52.7, 35.4, 41.6], [47.3, 58.1, 46.0], [46.5, 57.6, 45.2]])
#: The photo's blue and purple cards (their backgrounds as the reader samples them).
COOL = np.array([[49.5, 15.5, -31.0], [50.6, 25.5, -26.6]])


def _fit(light: np.ndarray, lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    match, _, _ = classify_adaptive(lab, PROFILE, gains_bgr=light, iterations=0)
    return np.array([PROFILE.names[i] for i in match.index]), match.distance


def test_warm_paints_alone_span_no_blue():
    assert not spans_channels(PROFILE, np.array([0, 1, 2, 2, 1, 0]))
    assert spans_channels(PROFILE, np.arange(6))


def test_under_a_profile_the_warm_cards_tell_the_exposure_not_the_cast():
    light = _clear_tiles_light(CLEAR, PROFILE, None, False, profiled=True)
    assert np.allclose(light[0], light[0][0]) and np.allclose(light[1], 0.0)  # one exposure
    assert 0.8 < light[0][0] < 0.95
    names, dist = _fit(light, COOL)
    assert list(names) == ["blue", "purple"]
    assert np.all(dist < 8.0)


def test_without_a_profile_the_cast_is_fitted():
    light = _clear_tiles_light(CLEAR, PROFILE, None, False, profiled=False)
    free = classify_adaptive(CLEAR, PROFILE)[2]
    assert np.allclose(light, free)
    assert not np.allclose(light[0], light[0][0])


def test_under_a_profile_a_shared_haze_is_still_fitted():
    # (solid faces' light: one haze for all channels, a veil the exposure alone misses)
    light = _clear_tiles_light(CLEAR, PROFILE, None, True, profiled=True)
    assert np.allclose(light, classify_adaptive(CLEAR, PROFILE, shared_haze=True)[2])


def test_fit_exposure_scales_the_start_light():
    start = np.array([[0.9, 1.0, 1.1], [0.0, 0.01, 0.0]])
    index = np.arange(6)

    shot = _predict_lin(palette_linear(PROFILE) * 0.7, start)  # (the offsets at the same level)
    light = fit_exposure(shot, PROFILE, index, start)
    assert np.allclose(light[1], start[1])
    assert np.all(np.abs(light[0] / start[0] - light[0][0] / start[0][0]) < 1e-9)
    predicted = _predict_lin(palette_linear(PROFILE), light)
    assert float(np.max(ciede2000(predicted, shot))) < 1.5
