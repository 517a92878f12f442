"""How the reader uses a profile beyond its palette (vision.profile_use)."""
from __future__ import annotations

import numpy as np
import pytest

from calibration.profile import FORMAT, ProfileError, validate_profile
from vision.profile_use import combine_symbol_votes, profile_art_lab, template_vote

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
