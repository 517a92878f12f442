"""Cards a lamp's hot spot runs across: their art lost against the face's median shows against
the face fitted as a smooth surface, so they are no bare cells (vision.cells._uneven_art); and
where their face is blown out (vision.cells._in_glare) their colour, paint plus the lamp's
sheen, is left out of the light the cards are named under (the independent renderer's final11
hard-605: three cards in a line through the hot spot)."""
from __future__ import annotations

import numpy as np

from tests.vision.card_cells import H, W, card_cell, card_ctx
from vision.cells import _Ctx, _card_symbols, _read_symbol, _shows_card, _uneven_art
from vision.colour import Palette, bgr_to_lab
from vision.kits import kit_for_game


def test_art_in_a_hot_spot_shows_against_the_smooth_face():
    purple = (150, 60, 120)
    regions = {(0, 0): card_cell(purple, spot=1.2, art=True),   # a card, its art faint in the glow
               (0, 1): card_cell(purple, spot=1.2, art=False)}  # the glow alone
    ctx = card_ctx(regions, set())
    flat = _card_symbols(ctx, list(regions), regions)
    assert not any(_shows_card(flat[c][1], regions[c]) for c in regions)
    assert sorted(_uneven_art(list(regions), regions)) == [(0, 0)]


#: The cards of final11 tapestry-hard-605 under a 2770 K lamp (their faces' CIELAB as the
#: lattice's view measured them) and their paints; three lie in the lamp's hot spot.
CARDS = {(-4, -3): ((52.8, 78.9, 47.8), "red"), (-4, -2): ((53.5, 78.0, 43.5), "red"),
         (-3, -4): ((49.8, 44.9, 46.2), "orange"), (-3, -3): ((55.1, 45.3, 46.7), "orange"),
         (-2, -2): ((68.9, 29.3, -4.7), "purple"), (-2, -1): ((88.2, 18.2, -5.6), "purple"),
         (-2, 1): ((97.1, -10.8, 35.0), "yellow"), (-1, -1): ((92.7, 11.9, -6.7), "purple"),
         (-1, 1): ((97.1, -11.4, 37.1), "yellow"), (-1, 2): ((90.5, -31.0, 34.1), "green"),
         (0, -2): ((73.8, 1.0, -18.8), "blue"), (0, -1): ((81.7, 27.8, -5.0), "purple"),
         (0, 0): ((87.9, 1.2, -15.7), "blue"), (0, 1): ((95.0, -21.6, 28.7), "green"),
         (1, -2): ((57.3, -0.1, -22.5), "blue"), (1, -1): ((52.3, 29.9, -7.1), "purple"),
         (1, 1): ((95.8, -16.3, 24.6), "green")}
HOT = {(-1, -1), (0, 0), (1, 1)}
#: The light the other cards gave (gain and offset per linear BGR channel).
LIGHT = np.array([[0.679, 1.444, 0.658], [0.091, -0.02, 0.207]])


def test_cards_whose_face_is_blown_out_are_left_out_of_the_light():
    # the three cards in the hot spot blown out over a corner of their face (whether their art
    # was looked at again or showed at once)
    kit = kit_for_game("tapestry")
    cells = list(CARDS)
    art = np.zeros((30, 40), np.uint8)
    art[10:20, 15:25] = 1

    def named(hot: set) -> dict:
        ctx = _Ctx(kit, Palette.from_hex(kit.colours), None, None, None)
        ctx.symbols = {c: (np.array(CARDS[c][0]), art) for c in cells}
        ctx.blown_px = {c: np.zeros((44, 32), bool) for c in cells}
        for c in hot:
            ctx.blown_px[c][:6, :6] = True
        ctx.blown = {c: float(ctx.blown_px[c].mean()) for c in cells}
        return {c: a[0]["colour"] for c, a in _read_symbol(ctx, cells, None, LIGHT).items()}
    assert named(HOT) == {c: paint for c, (_, paint) in CARDS.items()}
    # (fitted on them too, the light shifts every hue a paint along: purple read red, red orange)
    assert sum(named(set())[c] != paint for c, (_, paint) in CARDS.items()) >= 6


def test_only_cards_whose_art_was_lost_are_looked_at_again(monkeypatch):
    # a cell whose art showed against its face's median, on a patterned face, is the cloth's
    # checks: the face fitted as a smooth surface is not asked (its art might make the face
    # look plain); a card whose art was lost in a hot spot is, and is no bare cell
    import vision.cells as cells

    checked = np.empty((H, W, 3), np.uint8)
    checked[:] = (150, 60, 120)
    checked[::6] = checked[1::6] = (235, 245, 250)  # (a cloth's stripes, 2 of every 6 rows)
    regions = {(0, 1): bgr_to_lab(checked).astype(np.float32),
               (0, 2): card_cell((150, 60, 120), spot=1.2, art=True)}
    ctx = card_ctx(regions, set())
    ctx.full_sides[(0, 2)] = (True, True, True, False)  # (not blown-out-and-outlined)
    ctx.symbols = _card_symbols(ctx, list(regions), regions)
    mark = np.zeros_like(ctx.symbols[(0, 1)][1])
    mark[18:28, 27:37] = 1  # (art seen in the middle: on the stripes, a patterned face)
    ctx.symbols[(0, 1)] = (ctx.symbols[(0, 1)][0], mark)
    assert cells._symbol_visible(mark) and not _shows_card(mark, regions[(0, 1)])
    asked = []
    monkeypatch.setattr(cells, "_uneven_art", lambda cs, rs: asked.extend(cs) or _uneven_art(cs, rs))
    assert cells._bare_cards(ctx, list(regions), regions) == [(0, 1)]
    assert asked == [(0, 2)] and ctx.uneven_art == {(0, 2)}


def test_only_cards_in_glare_are_left_out_of_the_light():
    # a card whose art shows only against its smooth face is kept; it is left out of the light
    # when its face, but its art, is blown out somewhere (a lamp's reflection), not when the
    # face varies without clipping (a shade) nor when only its white art clips (bright light)
    from vision.cells import _bare_cards, _in_glare

    purple = (150, 60, 120)
    regions = {(0, 1): card_cell(purple, spot=1.2, art=True)}
    ctx = card_ctx(regions, set())
    ctx.full_sides[(0, 1)] = (True, True, True, False)  # (not blown-out-and-outlined)
    ctx.symbols = _card_symbols(ctx, list(regions), regions)
    assert _bare_cards(ctx, list(regions), regions) == []
    assert ctx.uneven_art == ctx.hot_art == {(0, 1)}
    ctx.blown_px[(0, 1)][:] = False  # (the same face, nowhere clipped)
    ctx.symbols = _card_symbols(ctx, list(regions), regions)
    assert _bare_cards(ctx, list(regions), regions) == []
    assert ctx.uneven_art == {(0, 1)} and not ctx.hot_art
    plain = card_cell(purple, spot=0.0, art=True)
    ctx.blown_px[(0, 1)] = plain[..., 0] > 97.0  # (the white art clipped, the face not)
    assert ctx.blown_px[(0, 1)].any()
    assert not _in_glare(ctx, (0, 1), _card_symbols(ctx, [(0, 1)], {(0, 1): plain})[(0, 1)][1])


def test_cards_vouched_for_in_glare_are_left_out_of_the_light():
    # however a card is found (here: beside the layout, vouched for by its art), its colour is
    # left out of the light where its face is blown out; not where only its white art clips
    from vision.cells import _vouched_cards

    purple = (150, 60, 120)
    regions = {(0, 0): card_cell(purple, spot=0.0, art=True),   # a card found
               (0, 1): card_cell(purple, spot=1.2, art=True),   # in the hot spot, beside it
               (0, 2): card_cell(purple, spot=0.0, art=True)}   # beyond it, out of the spot
    ctx = card_ctx(regions, {(0, 1)})
    ctx.full_sides[(0, 1)] = (True, True, True, False)  # (not blown-out-and-outlined)
    occ = {(0, 0): True, (0, 1): False, (0, 2): False}
    assert sorted(_vouched_cards(ctx, occ, regions)) == [(0, 1), (0, 2)]
    assert ctx.hot_art == {(0, 1)}
