"""A calibration photo whose warm lamp blew out the red channel of the set's light colours
(calibration.learn's clipped channels): the profile says which, and calibrate warns."""
from tests.calibration.held_out import calibrated


def test_the_profile_names_the_channels_the_lamp_blew_out_and_calibrate_warns():
    _, calibration = calibrated("textile", 0)
    blown = {name: entry.get("clipped", []) for name, entry in calibration.profile["colours"].items()}
    assert "r" in blown["white"] and blown["orange"] == ["r"] and blown["pink"] == ["r"]
    assert blown["black"] == [] and blown["blue"] == [] and blown["red"] == []
    assert any("over-exposed" in w and "orange" in w for w in calibration.warnings)
