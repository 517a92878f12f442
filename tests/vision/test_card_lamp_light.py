"""Tapestry: the light fitted on glare-washed cards is made one a lamp can have before the cards
are named (vision.cells._lamp_light).

Measured on the independent renderer's normal 1310 (5100 K, a broad glare over small, distant
cards, two of each card's channels clipped): the light refitted on the cards from the layout's
came out magenta (gains 1.29, 0.60, 1.35 linear BGR), under which the blue cards read green and
the purple ones blue."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import tapestry_cards_ctx  # noqa: E402

from vision.cells import _is_a_lamp, _lamp_light, _read_symbol  # noqa: E402

# the cards' colours (CIELAB), their cells, and the light fitted on the layout (gain and offset
# per linear BGR) they were read from
CARDS = np.array([[94.4, -13.5, -5.9], [85.7, 29.0, -19.5], [89.1, 21.6, -14.5],
                  [90.9, 17.4, -12.2], [92.4, 14.5, -9.8], [98.4, -6.5, 18.8], [93.0, -1.4, 26.5],
                  [90.0, 3.9, 26.7], [97.6, -6.9, 23.0], [81.3, 27.7, 0.4], [80.4, 18.7, 33.7],
                  [95.7, -3.7, 21.7], [98.1, -6.1, 20.0], [97.4, -9.2, -2.7], [92.4, -37.0, 6.8],
                  [97.2, -14.2, 51.0], [91.9, -35.1, 6.9], [90.7, -14.5, -6.6],
                  [84.3, -46.6, 20.7]])
PLACES = [(-4, -2), (-3, -3), (-3, -2), (-3, -1), (-2, -2), (-2, 0), (-2, 1), (-2, 2), (-1, 0),
          (-1, 1), (-1, 4), (0, -1), (0, 0), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (2, 3)]
TRUTH = "bppppyooorooybgygbg"
LAYOUT_LIGHT = np.array([[0.817, 0.709, 0.532], [0.187, 0.187, 0.187]])


def test_a_magenta_or_green_light_is_taken_to_the_lamps_locus():
    magenta = np.array([[1.294, 0.595, 1.345], [0.278, 0.278, 0.278]])
    out = _lamp_light(magenta)
    assert np.isclose(out[0, 1], np.sqrt(1.294 * 1.345))
    assert np.allclose(out[0, [0, 2]], magenta[0, [0, 2]]) and np.allclose(out[1], magenta[1])
    green = np.array([[0.7, 1.0, 0.69], [0.0, 0.0, 0.0]])
    assert np.isclose(_lamp_light(green)[0, 1], np.sqrt(0.7 * 0.69))
    # (a warm or a cool light, its green between its blue and red, is left as it is)
    warm = np.array([[0.6, 0.8, 1.1], [0.01, 0.0, 0.0]])
    assert np.array_equal(_lamp_light(warm), warm)
    assert _is_a_lamp(warm) and _is_a_lamp(LAYOUT_LIGHT) and not _is_a_lamp(green)


def test_glare_washed_cards_keep_their_purple_blue_and_green():
    ctx = tapestry_cards_ctx(PLACES, CARDS)
    read = _read_symbol(ctx, PLACES, None, LAYOUT_LIGHT)
    named = [(read[c][0]["colour"] or "?")[0] for c in PLACES]
    for i, truth in enumerate(TRUTH):
        if truth in "pbg":
            assert named[i] == truth, (i, "".join(named))
