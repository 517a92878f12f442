"""A paint the profile recorded with channels blown, seen in a darker photo
(vision.cells._blown_paints_shaded, used by _solid_exposed under a profile).

The calibration measure's Octopus seed 2: the calibration photo blew the yellow's red and green
under a 3000 K lamp, so the profile holds a greenish yellow (a* -21); a darker photo shows the
set's yellow unblown (a* about 0), far from that record, and an orange exposed three times over
with its red clipped came nearer."""
from types import SimpleNamespace

import numpy as np

from vision.cells import EXPOSURE_COST, _blown_paints_shaded, _solid_exposed
from vision.colour import (Palette, bgr_to_lab, linear_to_srgb, match_from_distances,
                           palette_distance)
from vision.kits import kit_for_game

KIT = kit_for_game("octopus")
#: the measure's seed 2 profile's yellow and orange (Lab), yellow blown in red and green
PROFILE = {"colours": {"yellow": {"lab": [93.2, -21.0, 84.0], "clipped": ["r", "g"]},
                       "orange": {"lab": [62.5, 28.7, 61.9]}}}
PALETTE = Palette.from_profile(PROFILE, KIT.colours)
YELLOW, ORANGE = PALETTE.names.index("yellow"), PALETTE.names.index("orange")
PLAIN = np.array([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]])  # (no cast, no haze)


def _lab(lin_bgr) -> np.ndarray:
    return bgr_to_lab(linear_to_srgb(np.array([lin_bgr], np.float32))).astype(np.float64)


def test_a_darker_unblown_face_of_a_blown_paint_fits_it():
    # (seed 2 photo 10's yellow face, linear BGR 0.037 0.672 0.989: its red and green above the
    # record's at about three quarters of its light)
    d = _blown_paints_shaded(_lab([0.037, 0.672, 0.989]), PALETTE, PLAIN)
    assert d[0, YELLOW] < 4.0
    assert np.isinf(d[0, ORANGE])  # (recorded unblown: not judged here)


def test_a_face_short_of_the_record_in_a_blown_channel_does_not_fit_it():
    # (an orange as recorded: its green 0.22 lies below the yellow's green at half its light)
    d = _blown_paints_shaded(_lab([0.015, 0.219, 0.716]), PALETTE, PLAIN)
    assert d[0, YELLOW] > 15.0


def test_each_halving_of_the_light_costs_as_a_doubling_does():
    # (the record itself, at the light fitted, costs nothing; the face at half the light
    # with its blown channels above the record's pays EXPOSURE_COST)
    at_one = _blown_paints_shaded(PALETTE.lab[[YELLOW]], PALETTE, PLAIN)
    assert at_one[0, YELLOW] < 0.5
    lin = np.array([0.0309, 0.9, 0.88]) * 0.5  # (a darker face, blown channels at the record's)
    half = _blown_paints_shaded(_lab(lin), PALETTE, PLAIN)
    assert EXPOSURE_COST - 1.0 < half[0, YELLOW] < EXPOSURE_COST + 1.0


def test_a_face_clipped_in_every_channel_the_record_blew_is_left_to_the_record():
    # (a face as bright as the calibration photo's there, its red and green clipped too,
    # tells nothing the record does not: not judged, inf)
    d = _blown_paints_shaded(_lab([0.05, 0.97, 0.99]), PALETTE, PLAIN)
    assert np.isinf(d[0, YELLOW])


def test_a_paint_blown_in_every_channel_is_not_judged():
    # (with no channel left to pin its hue, any face as bright as a darker exposure of it
    # would fit it: a yellow face, say, would fit a white recorded blown throughout)
    profile = {"colours": {**PROFILE["colours"],
                           "white": {"lab": [100.0, 0.0, 0.0], "clipped": ["r", "g", "b"]}}}
    palette = Palette.from_profile(profile, KIT.colours)
    d = _blown_paints_shaded(_lab([0.037, 0.672, 0.989]), palette, PLAIN)
    assert np.isinf(d[0, palette.names.index("white")])
    assert d[0, palette.names.index("yellow")] < 4.0


def _solid_exposed_names(lin_bgr, profile) -> tuple[str, str]:
    """The face's name by its plain distances and through _solid_exposed, whose context holds
    ``profile`` (the reader's context: None when reading without one)."""
    labs = _lab(lin_bgr)
    dist = palette_distance(labs, PALETTE, None)
    plain = match_from_distances(dist, None)
    match, _ = _solid_exposed(SimpleNamespace(palette=PALETTE, profile=profile), labs, plain,
                              dist, PLAIN)
    return PALETTE.names[plain.index[0]], PALETTE.names[match.index[0]]


def test_solid_exposed_takes_the_blown_paint_route_only_under_a_profile():
    # (seed 2 photo 10's yellow face: the brighter exposures alone name it orange, an orange
    # exposed with its red clipped fitting it 7.3 against the record's yellow 11.3; under the
    # profile the yellow seen darker fits it; without one the route is not taken)
    face = [0.037, 0.672, 0.989]
    assert _solid_exposed_names(face, None) == ("yellow", "orange")
    assert _solid_exposed_names(face, PROFILE) == ("yellow", "yellow")
