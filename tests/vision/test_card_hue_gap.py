"""Cards of one hue group split by hue (vision.hue_groups.split_by_hue_gap) keep their sets'
paints against the look beside the photo's own cards (vision.cells._sibling_paints, the
``not_to`` of _named_by_own_cards)."""
from __future__ import annotations

import numpy as np

from vision.cells import _named_by_own_cards, _sibling_paints

# the independent renderer's tap41-old tapestry hard-1232 under a warm lamp: a red card, two pale
# red ones (hue 34-37 degrees) and four orange ones (hue 40-41), one hue group split by hue
RED = [[42.0, 50.8, 35.2]]
PALE_REDS = [[65.0, 45.9, 31.4], [72.9, 31.9, 23.6]]
ORANGES = [[52.9, 53.8, 47.0], [50.9, 55.1, 46.8], [49.6, 53.9, 45.4], [47.4, 52.8, 44.8]]
CARDS = np.array(RED + PALE_REDS + ORANGES)
NAMED = np.array([0, 0, 0, 1, 1, 1, 1])
HUE = np.array([0, 0, 0, 3, 3, 3, 3])  # (the split's two sets: labels 0 and 3)


def test_sibling_paints_are_the_other_sets_paint():
    assert _sibling_paints(NAMED, HUE, [(0, 3)]).tolist() == [1, 1, 1, 0, 0, 0, 0]
    assert _sibling_paints(NAMED, HUE, []).tolist() == [-1] * 7
    assert _sibling_paints(np.zeros(7, int), HUE, [(0, 3)]).tolist() == [-1] * 7  # (one name)


def test_pale_cards_split_by_hue_keep_their_paint_beside_the_other_sets_cards():
    conf = np.ones(len(CARDS))
    lit = np.ones(len(CARDS), bool)
    plain, _ = _named_by_own_cards(CARDS, NAMED, conf, lit)
    assert (plain[1:3] == 1).any()  # (the look alone hands a pale red to the orange cards)
    kept, _ = _named_by_own_cards(CARDS, NAMED, conf, lit,
                                  not_to=_sibling_paints(NAMED, HUE, [(0, 3)]))
    assert kept.tolist() == NAMED.tolist()
