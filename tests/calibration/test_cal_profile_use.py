"""How the reader uses a profile beyond its palette (vision.profile_use)."""
from __future__ import annotations

import numpy as np
import pytest

from calibration.profile import FORMAT, ProfileError, validate_profile
from vision.colour import Palette, bgr_to_lab, ciede2000, lab_to_bgr, linear_to_srgb, srgb_to_linear
from vision.profile_use import (RATIOS_DECIDE, combine_symbol_votes, hue_alike_paints, nearest_by_ratios, profile_art_lab,
                                shaded_distances, split_hue_alike, template_vote)

WHITE = np.array([100.0, 0.0, 0.0])


def test_art_colour_from_profile_or_default():
    assert np.allclose(profile_art_lab({"art": {"lab": [95, -2, 14]}}, WHITE), [95, -2, 14])
    assert profile_art_lab(None, WHITE) is WHITE
    assert profile_art_lab({"art": {"lab": [95, 2]}}, WHITE) is WHITE
    assert profile_art_lab({"art": {"lab": [float("nan"), 0, 0]}}, WHITE) is WHITE
    assert profile_art_lab({"art": "cream"}, None) is None


def test_templates_only_break_ties():
    # sure rules are kept even when templates disagree (a template is one photo's blur)
    name, conf, _ = combine_symbol_votes(("rock", 0.9, "r"), ("paper", 0.8, "t"))
    assert name == "rock" and conf >= 0.5
    # unsure rules: the more confident template decides
    assert combine_symbol_votes(("rock", 0.3, "r"), ("paper", 0.7, "t"))[0] == "paper"
    assert combine_symbol_votes(("rock", 0.3, "r"), ("paper", 0.2, "t"))[0] == "rock"
    # agreement adds up
    name, conf, _ = combine_symbol_votes(("rock", 0.4, "r"), ("rock", 0.4, "t"))
    assert name == "rock" and conf == pytest.approx(0.64)
    assert combine_symbol_votes(("rock", 0.4, "r"), None) == ("rock", 0.4, "r")


def test_template_vote_finds_a_turned_symbol():
    disc = np.zeros((32, 32), np.float32)
    yy, xx = np.mgrid[:32, :32]
    disc[(yy - 16) ** 2 + (xx - 16) ** 2 < 100] = 1
    bar = np.zeros((32, 32), np.float32)
    bar[4:28, 12:20] = 1
    name, conf, _ = template_vote(np.rot90(bar), {"rock": disc, "paper": bar})
    assert name == "paper" and conf > 0.5


def _doc(**extra):
    doc = {"format": FORMAT, "version": 1, "kit": "tapestry", "colours": {"red": {"lab": [45.0, 60.0, 35.0]}}}
    doc.update(extra)
    return doc


def test_profile_art_is_validated():
    assert validate_profile(_doc(art={"lab": [96, -2, 13], "n": 40}))["art"] == {"lab": [96.0, -2.0, 13.0], "n": 40}
    for bad in ({"lab": [96, -2]}, {"lab": [196, 0, 0]}, "white", {"lab": [96, 0, 0], "n": -1}):
        with pytest.raises(ProfileError, match="art"):
            validate_profile(_doc(art=bad))
    with pytest.raises(ProfileError, match="no symbols"):
        validate_profile({**_doc(art={"lab": [96, 0, 0]}), "kit": "nestortiles",
                          "colours": {"red": {"lab": [45.0, 60.0, 35.0]}}})


def test_templates_decide_a_symbol_the_rules_misread_on_the_calibration_photo():
    # a set whose rock art the kit's shape rules read as paper (measured on an independent
    # renderer's cards: all six rocks of the calibration layout, and on later photos 11 rocks
    # read as paper with confidence 0.5-0.99): the profile records it, and templates naming rock
    # win over sure rules; other symbols keep the rules' say
    from vision.profile_use import rules_misread
    t = [[0.0] * 32 for _ in range(32)]
    profile = {"symbols": {"rock": {"template": t, "rules_read": 0.0, "rules_n": 6},
                           "paper": {"template": t, "rules_read": 1.0, "rules_n": 6},
                           "scissors": {"template": t}}}
    misread = rules_misread(profile)
    assert misread == {"rock"}
    assert combine_symbol_votes(("paper", 0.99, "r"), ("rock", 0.7, "t"), misread) == ("rock", 0.7, "t")
    assert combine_symbol_votes(("rock", 0.9, "r"), ("paper", 0.8, "t"), misread)[0] == "rock"
    assert combine_symbol_votes(("paper", 0.9, "r"), ("scissors", 0.8, "t"), misread)[0] == "paper"
    assert rules_misread(None) == frozenset() and rules_misread({"symbols": {"rock": {"rules_read": 0.0}}}) == frozenset()
    assert rules_misread({"symbols": {"rock": {"template": t, "rules_read": "none"}}}) == frozenset()
    # (the profile keeps the counts through validation)
    doc = validate_profile(_doc(symbols={"rock": {"template": t, "rules_read": 0.0, "rules_n": 6}}))
    assert doc["symbols"]["rock"]["rules_read"] == 0.0


def test_calibration_counts_how_the_rules_named_each_symbol():
    from calibration.learn import Alignment, rules_read
    from calibration.reference import layout_for_game
    layout = layout_for_game("tapestry")
    cells = {cell: (cell[0] + 2, cell[1] + 1) for cell in layout.tiles}
    alignment = Alignment(0, (2, 1), len(cells), 0.0, 9.0, 5.0, 1.0, None, (1.0, 1.0, 1.0), cells)
    read = {}
    for (r, c), tile in layout.tiles.items():
        sym = "paper" if tile["symbol"] == "rock" else tile["symbol"]
        read[(r + 2, c + 1)] = {"colour": tile["colour"], "symbol": sym}
    read.pop((2, 1))  # (a card left unread counts neither way)
    counts = rules_read(layout, alignment, read)
    rocks = sum(t["symbol"] == "rock" for t in layout.tiles.values())
    assert counts["rock"][0] == 0 and counts["rock"][1] >= rocks - 1
    assert counts["paper"][0] == counts["paper"][1] and counts["scissors"][0] == counts["scissors"][1]


def test_a_veil_under_a_profile_is_the_colour_of_the_calibration_photo_s_haze():
    # the haze taken out of the calibration photo was measured on its darks: a later veil under
    # the same lamp has its colour (largest channel 1)
    from vision.cells import _shared_haze
    from vision.kits import kit_for_game
    from vision.profile_use import profile_haze_colour

    warm = {"light": {"gains_bgr_to_defaults": [1.06, 0.88, 0.875], "haze_bgr_removed": [0.079, 0.109, 0.144]}}
    assert np.allclose(profile_haze_colour(warm), np.array([0.079, 0.109, 0.144]) / 0.144)
    # no haze to measure (a clear calibration photo, an old profile): not known
    clear = {"light": {"gains_bgr_to_defaults": [2.0, 1.0, 1.0], "haze_bgr_removed": [0.0004, 0.0077, 0.0008]}}
    assert profile_haze_colour(clear) is None
    assert profile_haze_colour({"light": {"gains_bgr_to_defaults": [2.0, 1.0, 1.0]}}) is None
    assert profile_haze_colour(None) is None
    assert profile_haze_colour({"light": {"haze_bgr_removed": [0.1, float("nan"), 0.2]}}) is None
    # the solid faces' light takes it under a profile; grey (True) without one or when not
    # known; the other kits keep their offsets per channel
    octopus, x_tiles = kit_for_game("octopus"), kit_for_game("x-tiles")
    assert np.allclose(_shared_haze(octopus, warm), profile_haze_colour(warm))
    assert _shared_haze(octopus) is True
    assert _shared_haze(octopus, clear) is True
    assert _shared_haze(x_tiles, warm) is False


# a set's red and orange as a profile learnt them under a 3000 K lamp (the calibration measure's
# Tapestry seed 2): 4.4 Delta H* apart; and a purple, far from both in hue
LAMP_PAINTS = Palette(("red", "orange", "purple"),
                      np.array([[57.1, 42.8, 26.75], [67.0, 47.5, 36.8], [64.4, 44.2, -5.2]]))


def _cast(lab: np.ndarray, gains_bgr: tuple[float, float, float]) -> np.ndarray:
    """Lab ``(N, 3)`` of ``lab`` with its linear channels scaled by ``gains_bgr`` (clipped)."""
    lin = srgb_to_linear(lab_to_bgr(np.asarray(lab, float).reshape(-1, 3))) * np.asarray(gains_bgr)
    return bgr_to_lab(linear_to_srgb(np.clip(lin, 0, 1)).astype(np.float32)).astype(float)


def _lit(lab: np.ndarray, level: float) -> np.ndarray:
    """Lab ``(N, 3)`` of ``lab`` under ``level`` times the light (linear light, clipped)."""
    return _cast(lab, (level, level, level))


def test_a_card_in_the_lamp_s_hot_spot_keeps_its_paint_at_its_light_level():
    # a red card under 1.3x the layout's light lies nearer the lighter orange in CIELAB ...
    card = _lit(LAMP_PAINTS.lab[:1], 1.3)
    plain = ciede2000(card[:, None], LAMP_PAINTS.lab[None])[0]
    assert plain[1] < plain[0]
    # ... but its channels keep red's proportions
    shaded = shaded_distances(card, LAMP_PAINTS.lab)[0]
    assert shaded[0] < 1.0 < shaded[1]


def test_hue_groups_are_split_between_paints_alike_in_hue_only():
    assert hue_alike_paints(LAMP_PAINTS.lab).tolist() == [[True, True, False], [True, True, False],
                                                          [False, False, True]]
    # one hue group: three red cards (one in the hot spot) and two orange ones
    cards = np.vstack([_lit(LAMP_PAINTS.lab[:1], k) for k in (0.9, 1.0, 1.3)]
                      + [_lit(LAMP_PAINTS.lab[1:2], k) for k in (0.95, 1.0)])
    dist = shaded_distances(cards, LAMP_PAINTS.lab)
    hue = np.zeros(5, int)
    split = split_hue_alike(hue, dist, LAMP_PAINTS.lab)
    assert len(set(split[:3])) == 1 and len(set(split[3:])) == 1 and split[0] != split[3]
    # a group whose cards are nearest paints apart in hue (red, purple) is left to the groups
    dist_rp = dist[:, [0, 2, 1]]  # (orange's distances given to purple)
    assert split_hue_alike(hue, dist_rp, LAMP_PAINTS.lab).tolist() == [0] * 5
    # no groups at all
    assert split_hue_alike(np.full(5, -1), dist, LAMP_PAINTS.lab).tolist() == [-1] * 5


# a set's red and orange (and purple) as a profile learnt them under a 3000 K lamp, orange's red
# channel blown out (the calibration measure's Tapestry seed 3); as the light fitted on one of
# its photos predicted them; and cards of that photo (three red, three orange), measured
RECORDED = np.array([[59.3, 50.2, 40.8], [62.6, 54.9, 38.5], [47.3, 47.9, -6.0]])
RECORDED_CLIPPED = np.array([[False, False, False], [False, False, True], [False, False, False]])
PREDICTED = np.array([[65.5, 51.0, 39.5], [66.5, 49.7, 33.4], [54.8, 58.6, -6.9]])
CARDS = np.array([[65.7, 50.1, 40.2], [66.0, 49.4, 41.6], [65.1, 50.0, 39.5],
                  [65.2, 51.8, 35.7], [64.9, 52.5, 36.1], [65.5, 51.2, 37.1]])


def test_paints_alike_in_hue_are_told_apart_by_their_channels_proportions():
    dist = shaded_distances(CARDS, PREDICTED)
    # CIELAB at each card's light level names some of them wrong ...
    assert np.argmin(dist, axis=1).tolist() != [0, 0, 0, 1, 1, 1]
    # ... their blue to green as the profile recorded the paints does not
    own = nearest_by_ratios(CARDS, dist, PREDICTED, RECORDED, RECORDED_CLIPPED)
    assert own.tolist() == [0, 0, 0, 1, 1, 1]
    # brighter or dimmer (the red channel clipping in a hot spot) the proportions hold
    for level in (0.7, 1.4):
        lit = _lit(CARDS, level)
        assert nearest_by_ratios(lit, shaded_distances(lit, PREDICTED), PREDICTED, RECORDED,
                                 RECORDED_CLIPPED).tolist() == [0, 0, 0, 1, 1, 1]
    # a photo's own veil moves both paints' cards' proportions alike (here blue 12% up, as the
    # measure's photos do): the cards of the two paints still stand apart, and are named so
    cast = _cast(CARDS, (1.12, 1.0, 1.0))
    assert nearest_by_ratios(cast, shaded_distances(cast, PREDICTED), PREDICTED, RECORDED,
                             RECORDED_CLIPPED).tolist() == [0, 0, 0, 1, 1, 1]
    # ... and the orange cards of such a photo with no red one on it stay orange
    assert nearest_by_ratios(cast[3:], shaded_distances(cast[3:], PREDICTED), PREDICTED, RECORDED,
                             RECORDED_CLIPPED).tolist() == [1, 1, 1]
    # where CIELAB at the card's light level tells the paints apart, the proportions do not
    # overrule it (orange proportions on cards far nearer red than orange: a darker photo)
    sure = np.tile([[0.5, 0.5 + 2 * RATIOS_DECIDE, 40.0]], (3, 1))
    assert nearest_by_ratios(CARDS[3:], sure, PREDICTED, RECORDED, RECORDED_CLIPPED).tolist() == [0, 0, 0]
    # the split follows them
    split = split_hue_alike(np.zeros(6, int), dist, PREDICTED, own)
    assert len(set(split[:3])) == 1 and len(set(split[3:])) == 1 and split[0] != split[3]
    # hue groups of cards the proportions give one paint of the family are joined (a card in
    # the lamp's reflection in a hue group of its own: named apart, the groups would fight
    # over the name); groups of a paint far in hue are not
    hue = np.array([0, 0, 0, 1, 1, 2, 3, 4])
    own8 = np.array([0, 0, 0, 1, 1, 1, 2, 2])
    assert split_hue_alike(hue, None, PREDICTED, own8).tolist() == [0, 0, 0, 1, 1, 1, 3, 4]
    # a paint far in hue (purple) is never chosen by the proportions: only alike paints compete
    purple = _lit(RECORDED[2:], 1.1)
    d = shaded_distances(purple, PREDICTED)
    assert nearest_by_ratios(purple, d, PREDICTED, RECORDED, RECORDED_CLIPPED).tolist() == [2]
    # with fewer than two channels measured on all the alike paints, the distances decide
    blown = np.ones((3, 3), bool)
    assert (nearest_by_ratios(CARDS, dist, PREDICTED, RECORDED, blown)
            == np.argmin(dist, axis=1)).all()


def _rgb_lab(rgb_linear) -> np.ndarray:
    """Lab ``(N, 3)`` of linear RGB ``(N, 3)`` (tests give channels in R, G, B order)."""
    bgr = np.asarray(rgb_linear, np.float64)[:, ::-1]
    return bgr_to_lab(linear_to_srgb(bgr).astype(np.float32)).astype(np.float64)


def test_a_sample_clipped_where_a_paint_s_proportions_rule_it_out_is_not_that_paint():
    from vision.profile_use import clip_consistent_distances

    # the calibration measure's X-Tiles seed 0 profile: a 3000 K lamp clipped the red of the
    # set's orange and yellow in the calibration photo
    profile = {"colours": {"orange": {"lab": [75.4, 24.8, 58.6], "clipped": ["r"]},
                           "red": {"lab": [54.8, 45.8, 35.6]},
                           "yellow": {"lab": [83.6, 6.7, 68.2], "clipped": ["r"]},
                           "blue": {"lab": [42.3, -6.2, -4.5]}}}
    fallback = {"orange": "#EE7D1A", "red": "#C62B2B", "yellow": "#F4CF2E", "blue": "#1F64B0"}
    pal = Palette.from_profile(profile, fallback)
    corr = np.array([[0.855, 0.624, 0.838], [0.0, 0.0, 0.0]])  # a darker photo's light (BGR)
    # three yellows whose red does not clip here (green 0.41-0.45 of red), an orange in the
    # lamp's hot spot (red clipped, green 0.35), as the photo recorded them
    lab = _rgb_lab([[0.88, 0.40, 0.036], [0.81, 0.33, 0.035], [0.915, 0.40, 0.036], [0.99, 0.351, 0.016]])
    y, o = pal.names.index("yellow"), pal.names.index("orange")
    index = np.array([y, y, y, y])  # the light's match took the orange for yellow
    dist = np.full((4, 4), 30.0)
    dist[:, y] = [3.0, 4.0, 3.0, 6.0]
    dist[3, o] = 9.0
    out = clip_consistent_distances(lab, dist, pal, index, corr)
    assert out[:3].argmin(axis=1).tolist() == [y, y, y]  # the yellows stay yellow
    assert out[3].argmin() == o
    # an orange whose green keeps the yellow's proportion at the clip but whose blue is half
    # the yellow's (the weak channel measured on the photo's own unclipped yellows)
    lab2 = _rgb_lab([[0.852, 0.368, 0.037], [0.885, 0.379, 0.039], [0.809, 0.371, 0.038], [0.99, 0.458, 0.022]])
    assert clip_consistent_distances(lab2, dist, pal, index, corr)[3].argmin() == o
    # a blue under a warm lamp's glare clips in red, its weak channel: the glare keeps no
    # proportion of the paint, so the blue is not ruled out
    b = pal.names.index("blue")
    glared = clip_consistent_distances(_rgb_lab([[0.97, 0.80, 0.75]]), dist[:1], pal, np.array([b]), corr)
    assert glared[0, b] == dist[0, b]
    # with every yellow clipped here too the paint's proportion is not known: nothing changes
    clipped_yellows = _rgb_lab([[0.99, 0.55, 0.05], [0.99, 0.60, 0.06], [0.99, 0.58, 0.05], [0.99, 0.351, 0.016]])
    kept = clip_consistent_distances(clipped_yellows, dist, pal, index, corr)
    assert np.array_equal(kept[:, [o, y]], dist[:, [o, y]])


def test_a_sample_unclipped_past_a_blown_paint_s_proportion_is_not_that_paint():
    from vision.profile_use import clipped_paint_bound_distances

    # the calibration measure's X-Tiles seed 1 profile: a 3000 K lamp blew out the red of the
    # set's orange, red and yellow in the calibration photo (the orange's green at most 0.35 of
    # its red)
    profile = {"colours": {"orange": {"lab": [73.9, 29.3, 49.5], "clipped": ["r"]},
                           "red": {"lab": [56.4, 72.1, 39.7], "clipped": ["r"]},
                           "yellow": {"lab": [80.8, 9.8, 69.5], "clipped": ["r"]},
                           "blue": {"lab": [51.5, 0.9, -49.1]}}}
    fallback = {"orange": "#EE7D1A", "red": "#C62B2B", "yellow": "#F4CF2E", "blue": "#1F64B0"}
    pal = Palette.from_profile(profile, fallback)
    y, o = pal.names.index("yellow"), pal.names.index("orange")
    # two yellow sectors lit darker (red unclipped, green 0.46 of it) nearer the orange in
    # CIELAB, as that photo read them; an orange lit darker (green 0.33 of its red); a yellow
    # in the hot spot (red clipped: not judged here, see clip_consistent_distances)
    lab = np.array([[72.8, 15.5, 62.1], [76.2, 16.5, 64.5]])
    lab = np.vstack([lab, _rgb_lab([[0.80, 0.264, 0.03], [0.99, 0.50, 0.045]])])
    dist = np.full((4, 4), 40.0)
    dist[:, o] = [12.1, 13.1, 5.0, 9.0]
    dist[:, y] = [15.7, 14.1, 14.0, 10.0]
    out = clipped_paint_bound_distances(lab, dist, pal)
    assert out[:2].argmin(axis=1).tolist() == [y, y]
    assert out[2].argmin() == o
    assert np.array_equal(out[3], dist[3])
    # a paint the profile did not record blown is not judged so
    unblown = Palette.from_profile({"colours": {k: {"lab": v["lab"]} for k, v in profile["colours"].items()}},
                                   fallback)
    assert np.array_equal(clipped_paint_bound_distances(lab, dist, unblown), dist)
