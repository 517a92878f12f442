"""X-Tiles faces washed by a lamp's veil (vision.cells._veiled_tiles) are left out of the light
fitted over the layout's sectors (vision.cells._sector_light): synthetic sector colours."""
from __future__ import annotations

import numpy as np

import vision.cells as cells
from vision.colour import Palette, bgr_to_lab, palette_distance
from vision.kits import kit_for_game
from vision.paint_light import fit_with_paint_light

KIT = kit_for_game("x-tiles")
PAL = Palette.from_hex(KIT.colours)
BGR = {name: np.array([int(h[i:i + 2], 16) for i in (5, 3, 1)], np.float64) / 255
       for name, h in KIT.colours.items()}
# faces of the set, their sectors n, e, s, w
FACES = [("red", "yellow", "blue", "orange"), ("yellow", "orange", "red", "blue"),
         ("blue", "red", "yellow", "yellow"), ("orange", "blue", "red", "red"),
         ("yellow", "yellow", "orange", "blue"), ("red", "orange", "blue", "orange")]


def _lab(bgr_rows: list[np.ndarray]) -> np.ndarray:
    return bgr_to_lab(np.clip(np.array(bgr_rows, np.float32), 0.0, 1.0))


def _faces(veil: float, faces=FACES) -> list[np.ndarray]:
    """The faces' sectors (recorded sRGB) with ``veil`` of grey added, as a lamp's reflection."""
    return [0.8 * BGR[c] + veil for face in faces for c in face]


def test_a_face_under_a_veil_is_told_from_a_plain_face_and_a_grey_table():
    grey = [np.full(3, 0.9)] * 4  # (a pale table in the glare: no hue)
    flags = cells._veiled_tiles(_lab(_faces(0.0, FACES[:1]) + _faces(0.6, FACES[:1]) + grey))
    assert flags.tolist() == [False, True, False]


def test_the_light_is_fitted_without_the_washed_faces_when_they_pull_it():
    # (three clear faces beside six washed: measured 9.6 from their paints under the light
    # fitted over all, 0.2 without the washed ones)
    clear, washed = _lab(_faces(0.0, FACES[:3])), _lab(_faces(0.6))
    samples = np.concatenate([clear, washed])
    match, _ = cells._sector_light(samples, PAL, None)
    every, _ = fit_with_paint_light(samples, PAL, None)
    near = palette_distance(clear, PAL, match.predicted).min(axis=1).mean()
    pulled = palette_distance(clear, PAL, every.predicted).min(axis=1).mean()
    assert near < pulled - cells.VEILED_LIGHT_GAIN
    # every sample is matched, the washed faces' too
    assert len(match.index) == len(samples)
    # ... not with fewer clear faces than VEILED_CLEAR_FACES, nor under a profile
    few = np.concatenate([clear[:4 * (cells.VEILED_CLEAR_FACES - 1)], washed])
    match, corr = cells._sector_light(few, PAL, None)
    every, every_corr = fit_with_paint_light(few, PAL, None)
    assert np.allclose(corr, every_corr)
    match, corr = cells._sector_light(samples, PAL, None, profiled=True)
    every, every_corr = fit_with_paint_light(samples, PAL, None)
    assert np.allclose(corr, every_corr)


def test_without_washed_faces_the_light_is_the_one_over_every_sector():
    samples = _lab(_faces(0.0))
    match, corr = cells._sector_light(samples, PAL, None)
    every, every_corr = fit_with_paint_light(samples, PAL, None)
    assert np.allclose(corr, every_corr)
    assert np.allclose(match.predicted, every.predicted)
