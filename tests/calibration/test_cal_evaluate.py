"""The calibration measure's verdict (issue 5's bar) is taken from the counts, not rounded rates."""
from calibration.evaluate import within_bar


def test_the_bar_compares_counts_exactly():
    # 9 of 279 cells against 1.5 x 6 of 279: on the bar, within it (the rates rounded to four
    # places, 0.0323 against 1.5 x 0.0215 = 0.03225, said it was not)
    assert within_bar({"default": [6, 279], "calibrated": [9, 279]})
    assert not within_bar({"default": [6, 279], "calibrated": [10, 279]})
    # no error under default light: only no error with the profile is within the bar
    assert within_bar({"default": [0, 473], "calibrated": [0, 473]})
    assert not within_bar({"default": [0, 473], "calibrated": [1, 473]})
    # different cell counts compare as rates
    assert within_bar({"default": [2, 100], "calibrated": [6, 200]})
    assert not within_bar({"default": [2, 100], "calibrated": [7, 200]})
