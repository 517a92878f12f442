"""Tapestry: a card under the lamp's reflection keeps its paint's name (vision.cells).

A glossy card's sheen adds a share of the light to every channel: a red card under a warm
lamp's hot spot looks pink-orange, nearer the orange paint as lit than the red; a purple one
lavender. Its colour is named with the sheen that fits it best, at a small cost per unit."""
import numpy as np
import pytest

from vision.cells import _sheen_distance
from vision.colour import Palette, bgr_to_lab, lab_to_bgr, linear_to_srgb, palette_distance, srgb_to_linear
from vision.kits import kit_for_game

PALETTE = Palette.from_hex(kit_for_game("tapestry").colours)
WARM = np.array([[0.44, 0.70, 1.0], [0.0, 0.0, 0.0]])  # a 3000 K lamp (gain per B, G, R; no offset)


def _recorded(lin: np.ndarray) -> np.ndarray:
    """Lab ``(N, 3)`` of linear BGR ``(N, 3)`` under the warm lamp."""
    return bgr_to_lab(linear_to_srgb(np.clip(lin * WARM[0] + WARM[1], 0, 1)).astype(np.float32)).astype(np.float64)


def test_a_card_with_the_lamps_sheen_on_it_is_named_for_its_paint():
    pal_lin = srgb_to_linear(lab_to_bgr(PALETTE.lab)).astype(np.float64)
    lit = _recorded(pal_lin)
    for name in ("red", "purple"):
        i = PALETTE.names.index(name)
        card = _recorded(pal_lin[i][None] + 0.35)
        plain = palette_distance(card, PALETTE, lit)[0]
        assert PALETTE.names[int(plain.argmin())] != name  # (the paint as lit alone misnames it)
        sheen = np.minimum(plain, _sheen_distance(card, PALETTE, WARM)[0])
        assert PALETTE.names[int(sheen.argmin())] == name
    # and a card without a sheen keeps its own paint, every one
    both = np.minimum(palette_distance(lit, PALETTE, lit), _sheen_distance(lit, PALETTE, WARM))
    assert list(both.argmin(axis=1)) == list(range(len(PALETTE.names)))


def test_cards_in_the_lamps_hot_spot_read_their_colours():
    # the independent renderer's seed 40 at 12 MP: a 3000 K lamp with glare; three red cards in
    # its hot spot (pink) were read orange and an orange one yellow
    from tests.indie.render import render_photo
    from vision.pipeline import read_file
    from vision.synth.compare import compare_boards

    jpg, truth = render_photo("tapestry", 40, style="normal", size=(4000, 3000))
    truth.pop("scene", None)
    score = compare_boards(read_file(jpg, game="tapestry").board, truth)
    assert score.missing == 0 and score.extra == 0
    assert score.misread <= 1


def test_two_hue_groups_of_cards_are_two_paints():
    # the independent renderer's normal 001 (a 3000 K lamp): two red cards, 18 Delta H* from
    # the two orange ones, each 4.5 nearer the orange paint as lit than the red; named orange
    # with the orange cards at the sector tiles' sharing cost, red at the cards'
    from vision.cells import CARD_SHARE_COST
    from vision.hue_groups import SHARE_COST, name_groups

    labs = np.array([[51.6, 62.4, 39.3], [51.8, 61.7, 39.6], [58.1, 47.3, 50.6], [58.0, 47.0, 49.7],
                     [76.7, 4.2, 57.7], [46.2, -16.4, -19.2]])
    dist = np.array([[10.1, 5.6, 42.5, 64.8, 49.0, 30.3], [10.5, 5.3, 42.1, 64.4, 48.9, 30.5],
                     [21.5, 8.8, 30.9, 55.4, 47.0, 37.9], [21.1, 8.4, 31.1, 55.4, 46.9, 37.6],
                     [49.5, 37.5, 0.7, 33.0, 49.2, 57.7], [54.9, 54.0, 49.8, 33.4, 5.0, 36.0]])
    assert list(name_groups(labs, dist, share_cost=SHARE_COST)[:4]) == [1, 1, 1, 1]
    assert list(name_groups(labs, dist, share_cost=CARD_SHARE_COST)[:4]) == [0, 0, 1, 1]


def test_a_card_whose_runner_up_paint_another_hue_group_took_is_named_surely():
    # the independent renderer's final3 hard 063 (a warm lamp): a red card 9.6 from red as lit
    # and 12.6 from orange, alone in its hue group, 12 Delta H* from two orange cards named
    # orange; its own margin (3) left it unnamed, while orange would cost it the sharing too
    from vision.cells import CARD_SHARE_COST, CONFIDENCE_THRESHOLD, _apart_conf, _named_by_hue
    from vision.colour import match_from_distances

    labs = np.array([[42.0, 63.0, 43.0], [58.5, 56.3, 53.0], [52.2, 59.6, 55.6],
                     [76.7, 4.2, 57.7], [46.2, -16.4, -19.2]])
    dist = np.array([[9.6, 12.6, 49.1, 66.6, 46.9, 26.0], [12.3, 5.5, 35.4, 59.3, 41.4, 26.2],
                     [13.8, 6.6, 38.8, 60.9, 42.0, 27.1], [49.5, 37.5, 0.7, 33.0, 49.2, 57.7],
                     [54.9, 54.0, 49.8, 33.4, 5.0, 36.0]])
    named, conf = _named_by_hue(labs, dist, match_from_distances(dist), share_cost=CARD_SHARE_COST)
    assert list(named) == [0, 1, 1, 2, 4]
    assert conf[0] < CONFIDENCE_THRESHOLD  # (its own margin alone)
    from vision.hue_groups import hue_groups
    apart = _apart_conf(hue_groups(labs), dist, named, CARD_SHARE_COST)
    assert apart[0] > 0.8
    # (where the runner-up is no other group's colour, the margin is the card's own)
    alone = _apart_conf(hue_groups(labs[[0, 3, 4]]), dist[[0, 3, 4]], named[[0, 3, 4]], CARD_SHARE_COST)
    assert alone[0] == pytest.approx(conf[0], abs=1e-6)


def test_cards_of_one_hue_fitting_two_paints_are_two_paints():
    # red and orange cards under a warm lamp (the independent renderer's normal 074): 4 Delta H*
    # apart, one hue group, but each card fits its own paint as lit closely (3.4-4.9) and the
    # other's not (10.6-11.5); named together, the six red cards were all named orange
    from vision.cells import CARD_PAINTS_APART, CARD_SHARE_COST, _named_by_hue, _paints_apart
    from vision.colour import match_from_distances
    from vision.hue_groups import hue_groups

    red, orange = [48.5, 62.5, 47.5], [56.0, 68.0, 57.0]
    labs = np.array([red] * 3 + [orange] * 5 + [[78.5, 14.2, 80.8]])  # (and a yellow card)
    dist = np.array([[3.6, 11.0, 42.0, 68.0, 49.0, 36.0]] * 3
                    + [[11.2, 4.6, 37.0, 68.0, 51.0, 42.0]] * 5
                    + [[45.7, 33.1, 0.5, 43.7, 58.3, 69.1]])
    hue = hue_groups(labs)
    assert hue[0] == hue[7] != hue[8]  # (red and orange: one hue)
    named, _ = _named_by_hue(labs, dist, match_from_distances(dist), share_cost=CARD_SHARE_COST)
    assert list(named) == [1] * 8 + [2]  # (named together: all orange)
    apart = _paints_apart(hue, dist, CARD_PAINTS_APART, labs)
    named, _ = _named_by_hue(labs, dist, match_from_distances(dist), share_cost=CARD_SHARE_COST,
                             hue=apart)
    assert list(named) == [0] * 3 + [1] * 5 + [2]
    # a card in the lamp's reflection fits no paint closely: its hue group still names it
    glared = np.vstack([dist, [[14.0, 9.0, 30.0, 60.0, 50.0, 40.0]]])  # (an orange card)
    labs2 = np.vstack([labs, [[60.0, 60.0, 52.0]]])
    hue2 = hue_groups(labs2)
    assert (_paints_apart(hue2, glared, CARD_PAINTS_APART, labs2) == hue2).all()


def test_a_card_in_a_shadow_is_not_split_off_its_paint():
    # the independent renderer's nrm2 normal-1561: an orange card under an occluder's shadow (L 40,
    # hue 40 as its orange cards) fits the red as lit closely; its channels' proportions are the
    # orange cards' (0.14 apart in log-chromaticity), not the red ones' (1.7)
    from vision.cells import CARD_PAINTS_APART, _paints_apart
    from vision.hue_groups import hue_groups

    labs = np.array([[53.6, 58.4, 49.9], [54.0, 59.0, 51.3], [53.4, 58.5, 51.4],
                     [40.3, 46.0, 38.5]])
    dist = np.array([[11.0, 3.0, 40.0, 68.0, 50.0, 40.0]] * 3 + [[3.5, 11.0, 45.0, 60.0, 45.0, 35.0]])
    hue = hue_groups(labs)
    assert (hue == hue[0]).all()  # (one hue)
    assert (_paints_apart(hue, dist, CARD_PAINTS_APART, labs) == hue).all()


def test_a_card_in_the_lamps_reflection_is_washed_and_a_plain_one_is_not():
    # a red card with a third of the lamp's light on it fits red with a sheen far better than
    # red as lit: its hue group shares red with the plain red cards at no charge (see
    # vision.hue_groups._sharing_a_washed_group); the plain card fits its paint as lit
    from vision.cells import _washed_by_sheen

    pal_lin = srgb_to_linear(lab_to_bgr(PALETTE.lab)).astype(np.float64)
    lit = _recorded(pal_lin)
    red = PALETTE.names.index("red")
    cards = np.vstack([_recorded(pal_lin[red][None] + 0.35), lit[red][None]])
    plain = palette_distance(cards, PALETTE, lit)
    dist = np.minimum(plain, _sheen_distance(cards, PALETTE, WARM))
    assert _washed_by_sheen(plain, dist).tolist() == [True, False]


def test_a_card_of_a_chain_too_wide_for_a_group_counts_cards_of_clearly_another_hue():
    # the independent renderer's final22 hard-2809 (a warm lamp): red cards (hue 33-34 degrees)
    # and orange ones (37-38) chained through a card at 30 into no hue group (MAX_SPREAD); a red
    # card 9.7 from red as lit and 9.9 from orange was left unnamed beside the orange cards 3-4
    # from orange, which are of clearly another hue; a red card nearer orange by a hair is not
    # named orange surely: red's cards are mostly of its own hue
    from vision.cells import CARD_SHARE_COST, CONFIDENCE_THRESHOLD, _apart_conf
    from vision.hue_groups import hue_groups

    red = [[48.6, 73.8, 49.1], [48.5, 73.0, 47.7], [48.8, 74.8, 49.0]]
    orange = [[54.8, 67.2, 53.3], [55.2, 67.7, 52.5], [54.4, 66.3, 51.3]]
    # (and the card at 30 degrees, a red one at 34.4 and an orange one at 36.6 that link them)
    labs = np.array(red + [[49.5, 73.6, 50.0]] + orange
                    + [[51.3, 75.7, 43.9], [49.0, 72.7, 49.8], [56.1, 68.4, 50.8]])
    hue = hue_groups(labs)
    assert (hue < 0).all()  # (one chain, too wide for a group)
    dist = np.array([[9.7, 9.9, 36.5, 70.4, 46.6, 55.3]] * 3 + [[10.4, 9.3, 36.7, 69.7, 46.5, 54.5]]
                    + [[15.0, 3.8, 38.0, 66.0, 46.2, 49.4]] * 3 + [[8.0, 14.0, 36.0, 70.0, 46.0, 56.0],
                                                                  [9.6, 10.0, 36.6, 70.1, 46.5, 55.0],
                                                                  [14.5, 4.2, 38.0, 66.0, 46.2, 49.6]])
    named = np.array([0, 0, 0, 1, 1, 1, 1, 0, 0, 1])
    before = _apart_conf(hue, dist, named, CARD_SHARE_COST)
    after = _apart_conf(hue, dist, named, CARD_SHARE_COST, labs)
    assert (before[:3] < CONFIDENCE_THRESHOLD).all() and (after[:3] >= CONFIDENCE_THRESHOLD).all()
    assert after[3] < CONFIDENCE_THRESHOLD  # (named orange, red's cards mostly of its hue)
    assert (after[4:7] > before[4:7]).all()  # (the orange cards: surer, red's cards apart too)
