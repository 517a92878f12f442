"""Decoding unclear readings through the kit: the set's tiles, the neighbours' edges and the
contact rules (vision.decode). Synthetic readings, no images."""
from __future__ import annotations

from dataclasses import replace

from vision.cells import GROUP_CONF, OUTLINE_FREE_FIT, CellReading
from vision.decode import SURE_PART_OCC, decode_readings
from vision.colour import hex_to_lab
from vision.kits import kit_for_game

TWELVE = kit_for_game("twelve-tiles")
TAPESTRY = kit_for_game("tapestry")
NAMES = ("blue", "red", "green", "yellow")


def _sector_reading(row, col, edges, unclear=None, *, close=None):
    """A sector tile whose sectors read ``edges``; ``unclear`` sectors are undecided, their
    nearest colour at distance 10 and ``close`` (a colour) at 11 (a near tie)."""
    unclear = unclear or ()
    dist, conf = {}, {}
    for e in "nesw":
        d = {n: 30.0 for n in NAMES}
        if e in unclear:
            d[edges[e]] = 10.0
            if close:
                d[close] = 11.0
            conf[e] = 0.2
        else:
            d[edges[e]] = 2.0
            conf[e] = 0.95
        dist[e] = d
    attrs = {"edges": None if unclear else dict(edges)}
    return CellReading(row, col, True, 0.99, attrs, {"edges": 0.2 if unclear else 0.95}, 0.5,
                       (("edges", "sector unclear"),) if unclear else (),
                       {"sector_distance": dist, "sector_conf": conf})


def test_an_unclear_sector_takes_the_colour_its_neighbour_shows():
    # the east sector is a near tie between green and blue; the east neighbour's west is green
    me = _sector_reading(0, 0, {"n": "red", "e": "green", "s": "yellow", "w": "blue"}, "e", close="blue")
    right = _sector_reading(0, 1, {"n": "red", "e": "yellow", "s": "blue", "w": "green"})
    decoded, doubts = decode_readings([me, right], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"] == {"n": "red", "e": "green", "s": "yellow", "w": "blue"}
    assert decoded[(0, 0)][1]["edges"] >= 0.5
    assert any(cell == (0, 0) for cell, _, _ in doubts)


def test_a_near_tie_without_evidence_stays_unknown():
    me = _sector_reading(0, 0, {"n": "red", "e": "green", "s": "yellow", "w": "blue"}, "e", close="blue")
    decoded, _ = decode_readings([me], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"] is None


def test_a_near_tie_beside_a_neighbour_is_taken_as_its_likeliest_tile_under_the_bar():
    # the east sector a near tie (green 10, blue 11); the south neighbour read says nothing of
    # it: no choice is clearly likeliest, the nearer taken, flagged by a confidence under the bar
    me = _sector_reading(0, 0, {"n": "red", "e": "green", "s": "yellow", "w": "blue"}, "e", close="blue")
    below = _sector_reading(1, 0, {"n": "yellow", "e": "red", "s": "red", "w": "green"})
    decoded, doubts = decode_readings([me, below], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"] == {"n": "red", "e": "green", "s": "yellow", "w": "blue"}
    assert decoded[(0, 0)][1]["edges"] < 0.5
    assert any(cell == (0, 0) and "likeliest" in reason for cell, _, reason in doubts)


def test_a_washed_sector_weighs_every_paint_its_neighbour_may_show():
    # the east sector washed white: every paint about 20 away, green the farthest by a hair;
    # the east neighbour's west is green: the fourth nearest paint is weighed, and taken
    me = _sector_reading(0, 0, {"n": "red", "e": "green", "s": "yellow", "w": "blue"}, "e")
    dist = dict(me.evidence["sector_distance"])
    dist["e"] = {"blue": 20.0, "red": 20.2, "yellow": 20.4, "green": 20.6}
    me = replace(me, evidence={**me.evidence, "sector_distance": dist})
    right = _sector_reading(0, 1, {"n": "red", "e": "yellow", "s": "blue", "w": "green"})
    decoded, _ = decode_readings([me, right], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"] == {"n": "red", "e": "green", "s": "yellow", "w": "blue"}


def test_the_neighbour_wins_only_against_a_weak_reading():
    # the cell itself clearly prefers green (blue is far): a blue neighbour does not overrule it
    me = _sector_reading(0, 0, {"n": "red", "e": "green", "s": "yellow", "w": "blue"}, "e")
    right = _sector_reading(0, 1, {"n": "red", "e": "yellow", "s": "green", "w": "blue"})
    decoded, _ = decode_readings([me, right], TWELVE, "twelve-tiles")
    assert decoded[(0, 0)][0]["edges"]["e"] == "green"


def _card(row, col, colour, symbol, dist=None, conf=0.95):
    d = dist or {c: (1.0 if c == colour else 30.0) for c in TAPESTRY.colours}
    return CellReading(row, col, True, 0.99, {"colour": colour if conf >= 0.5 else None, "symbol": symbol},
                       {"colour": conf, "symbol": 0.95}, conf, (), {"colour_distance": d})


def test_an_unclear_card_colour_takes_the_one_its_neighbours_allow():
    # red or purple? (near tie) beside a yellow card: purple is not yellow's neighbour, red is
    # not either; beside an orange card red is allowed and purple is not
    dist = {c: 40.0 for c in TAPESTRY.colours}
    dist.update(red=6.0, purple=6.5)
    me = _card(0, 0, None, "rock", dist, conf=0.3)
    decoded, _ = decode_readings([me, _card(0, 1, "orange", "paper")], TAPESTRY, "tapestry")
    assert decoded[(0, 0)][0]["colour"] == "red"
    decoded, _ = decode_readings([me, _card(0, 1, "blue", "paper")], TAPESTRY, "tapestry")
    assert decoded[(0, 0)][0]["colour"] == "purple"
    decoded, _ = decode_readings([me], TAPESTRY, "tapestry")
    assert decoded[(0, 0)][0]["colour"] is None



def test_a_white_looking_face_with_light_pips_only_is_not_called_white():
    # a blue face blown out by glare to L 99 neutral (white 0.4 away, every other colour 28+)
    # still shows its white pips (light contrast 12.7) and no dark ones (0.1): a white tile's
    # pips are black and stay dark in any light, so the face is not white; its colour is unknown
    clear = _solid_reading(0, 0, "red", 3, _dists(red=2.0), {1: 24.0, -1: 3.0},
                           {1: _one_hot(3), -1: _one_hot(6)})
    blown = _solid_reading(0, 1, "white", None, _dists(white=0.4, pink=28.6), {1: 12.7, -1: 0.1},
                           {1: [0, 0, 0, 0.09, 0, 0.91], -1: [1 / 6] * 6})
    decoded, doubts = decode_readings([clear, blown], OCTOPUS, "octopus")
    attrs, conf, _ = decoded[(0, 1)]
    assert attrs["colour"] is None and conf["colour"] < 0.5
    assert any(c == (0, 1) and a == "colour" for c, a, _ in doubts)
    # a white face whose black pips show keeps its colour
    white = _solid_reading(0, 2, "white", 4, _dists(white=0.4, pink=28.6), {1: 12.7, -1: 30.0},
                           {1: _one_hot(6), -1: _one_hot(4)})
    decoded, _ = decode_readings([clear, white], OCTOPUS, "octopus")
    assert decoded[(0, 2)][0] == {"colour": "white", "pips": 4}

XT = kit_for_game("x-tiles")


def _xt(row, col, edges, axis="ew"):
    return CellReading(row, col, True, 0.99, {"edges": edges, "long_axis": axis}, {"edges": 0.9}, 0.9)


def test_set_fit_is_the_share_of_tiles_the_set_has():
    from vision.decode import set_fit

    real = XT.tiles[0]["sectors"]  # (big, small, big, small) clockwise from a big end
    good = {"e": real[0], "s": real[1], "w": real[2], "n": real[3]}
    one_colour = {"n": "red", "e": "red", "s": "red", "w": "red"}  # no X-Tile is one colour
    assert set_fit([_xt(0, 0, good)], XT, "x-tiles") == 1.0
    assert set_fit([_xt(0, 0, good), _xt(0, 1, one_colour)], XT, "x-tiles") == 0.5
    assert set_fit([_xt(0, 0, None)], XT, "x-tiles") == 1.0  # nothing to check


def test_set_fit_checks_unclear_x_tiles_by_their_nearest_paints():
    """A tile of unclear sectors (``edges`` None) counts by the paints nearest its sectors: a
    cloth's two-colour squares read on the cloth's grid fit no tile of the set; a tile with a
    glare-washed sector that its nearest paints name one of the set still fits."""
    from vision.decode import set_fit

    real = XT.tiles[0]["sectors"]
    good = {"e": real[0], "s": real[1], "w": real[2], "n": real[3]}
    gingham = {"e": "orange", "s": "red", "w": "orange", "n": "red"}  # two paints: no X-Tile

    def unclear(col, named):
        return replace(_xt(0, col, None), evidence={"sector_named": named})

    assert set_fit([unclear(c, gingham) for c in range(3)], XT, "x-tiles") == 0.0
    assert set_fit([_xt(0, 0, good), unclear(1, good)], XT, "x-tiles") == 1.0


def test_set_fit_is_zero_when_more_tiles_are_read_than_the_set_holds():
    from vision.decode import set_fit

    readings = [CellReading(r, c, True, 0.9, {"colour": None, "symbol": None}, {}, 0.5)
                for r in range(9) for c in range(9)]  # 81 cards of a 72-card deck
    assert set_fit(readings, TAPESTRY, "tapestry") == 0.0


NESTOR = kit_for_game("textile")


def _solid(row, col, colour, pips=None):
    return CellReading(row, col, True, 0.99, {"colour": colour, "pips": pips}, {"colour": 0.9}, 0.9)


def test_textile_set_fit_follows_the_colour_rule():
    from vision.decode import set_fit

    # a legal textile: no two tiles of one colour touch, even diagonally
    legal = [_solid(0, 0, "red"), _solid(0, 1, "blue"), _solid(1, 0, "yellow"), _solid(1, 1, "green")]
    assert set_fit(legal, NESTOR, "textile") == 1.0
    # a lattice a third of the tiles' pitch: every tile read as a block of cells of its colour
    blocks = [_solid(r, c, colour) for (r0, c0, colour) in ((0, 0, "red"), (0, 3, "blue"))
              for r in range(r0, r0 + 3) for c in range(c0, c0 + 3)]
    assert set_fit(blocks, NESTOR, "textile") < 0.5
    # more tiles than the game's 5 colours x 6 tiles
    many = [_solid(r, c, None) for r in range(6) for c in range(6)]
    assert set_fit(many, NESTOR, "textile") == 0.0


def test_textile_set_fit_leaves_out_the_colours_of_faces_washed_by_glare():
    from vision.decode import set_fit

    def washed(row, col, blown):
        return replace(_solid(row, col, "white"), evidence={"blown": blown})

    # a red, a green and a blue in a lamp's hot spot, each read white from what is left of it
    row = [_solid(0, 0, "yellow"), washed(0, 1, 0.5), washed(0, 2, 0.6), washed(0, 3, 0.45),
           _solid(0, 4, "green")]
    assert set_fit(row, NESTOR, "textile") == 1.0
    # whites barely touched by the glare still clash
    clear = [_solid(0, 0, "yellow"), washed(0, 1, 0.05), washed(0, 2, 0.1), _solid(0, 3, "green")]
    assert set_fit(clear, NESTOR, "textile") == 0.5


def test_textile_set_fit_leaves_out_the_ground_read_in_a_tiles_colour_beside_it():
    from vision.decode import set_fit

    def seen(row, col, colour, how):
        return replace(_solid(row, col, colour), evidence={"colour_seen": how})

    # a cream cloth's ground read white in a hole of the layout, beside a white tile: the
    # decoder takes it out (the table beside the paint), so it costs the lattice nothing
    layout = [seen(0, 0, "white", "paint"), seen(0, 1, "blue", "paint"),
              seen(1, 0, "red", "paint"), seen(1, 1, "white", "table"),
              seen(2, 0, "green", "paint"), seen(2, 1, "yellow", "paint")]
    assert set_fit(layout, NESTOR, "textile") == 1.0
    # two whites that both show the paint (a lattice through one tile twice) still clash
    twice = [replace(rd, evidence={"colour_seen": "paint"}) for rd in layout]
    assert set_fit(twice, NESTOR, "textile") < 1.0
    # nor is a table-seen white beside another table-seen white let off
    ground = [seen(0, 0, "white", "table"), seen(0, 1, "white", "table"),
              seen(1, 0, "red", "paint"), seen(1, 1, "blue", "paint")]
    assert set_fit(ground, NESTOR, "textile") == 0.5


def test_a_textile_face_washed_by_glare_is_not_taken_out_for_a_clash():
    def tile(col, colour, *, blown=0.0, occ=0.99):
        dist = {name: 30.0 for name in ("red", "yellow", "green", "blue", "white")}
        dist[colour] = 3.0 + 4.0 * (blown > 0)
        # (its colour shows its paint, as vision.cells._colours_seen says within 10 of it)
        return CellReading(0, col, True, occ, {"colour": colour, "pips": None}, {"colour": 0.9},
                           0.9, (), {"colour_distance": dist, "blown": blown,
                                     "colour_seen": "paint"})

    # a green in a lamp's hot spot read white beside a white tile, its outline less sure
    row = [tile(0, "yellow"), tile(1, "white"), tile(2, "white", blown=0.5, occ=0.9),
           tile(3, "green")]
    decoded, _ = decode_readings(row, NESTOR, "textile")
    assert (0, 2) in decoded and (0, 1) in decoded
    # the same face without glare is no tile (a cloth's patch beside the layout)
    row[2] = tile(2, "white", occ=0.9)
    decoded, _ = decode_readings(row, NESTOR, "textile")
    assert (0, 2) not in decoded and (0, 1) in decoded


def test_set_fit_counts_a_colour_read_beyond_its_copies():
    from vision.decode import set_fit

    octopus = kit_for_game("octopus")
    # ten white tiles whose pips were not read: the set has six
    whites = [_solid(0, c, "white") for c in range(10)]
    assert set_fit(whites, octopus, "octopus") == 0.6
    assert set_fit(whites[:6], octopus, "octopus") == 1.0


OCTOPUS = kit_for_game("octopus")


def _solid_reading(row, col, colour, pips, dist, contrast, probs):
    """An Octopus tile read as ``colour``/``pips`` (None = unclear), with its colour distances,
    the pip contrast of both polarities and the pip-count probabilities of both."""
    attrs = {"colour": colour, "pips": pips}
    conf = {"colour": 0.95 if colour else 0.3, "pips": 0.95 if pips else 0.3}
    return CellReading(row, col, True, 0.99, attrs, conf, min(conf.values()), (),
                       {"colour_distance": dist, "pip_contrast": contrast, "pip_prob": probs})


def _dists(**near):
    d = {n: 40.0 for n in OCTOPUS.colours}
    d.update(near)
    return d


def _one_hot(k):
    return [1.0 if i == k - 1 else 0.0 for i in range(6)]


def test_glare_between_pink_and_red_is_decided_by_which_way_the_pips_stand_out():
    # a pink 4 read clearly elsewhere; this cell's colour is pink-ish under glare (pink 12, red
    # 15), its pips are light (red tiles' pips; pink tiles' are dark) and four of them, while the
    # dark polarity's fit (a weak six) is noise
    lighter = {n: 1 if hex_to_lab(OCTOPUS.pip_colours[n])[0] > hex_to_lab(h)[0] else -1
               for n, h in OCTOPUS.colours.items() if OCTOPUS.pip_colours.get(n)}
    assert lighter["red"] == 1 and lighter["pink"] == -1
    clear = _solid_reading(0, 0, "pink", 4, _dists(pink=1.5, red=21.0), {1: 9.6, -1: 24.8},
                           {1: _one_hot(6), -1: _one_hot(4)})
    glare = _solid_reading(0, 1, None, 4, _dists(pink=12.2, red=14.7), {1: 18.9, -1: 5.2},
                           {1: _one_hot(4), -1: [0, 0, 0, 0.01, 0.01, 0.98]})
    decoded, _ = decode_readings([clear, glare], OCTOPUS, "octopus")
    assert decoded[(0, 1)][0]["colour"] == "red" and decoded[(0, 1)][0]["pips"] == 4
    assert decoded[(0, 0)][0]["colour"] == "pink" and decoded[(0, 0)][0]["pips"] == 4


def test_an_unclear_colour_is_not_filled_from_a_tile_with_other_pips():
    # the cell shows 4 pips; the set's likeliest remaining tile for it has 6: taking its colour
    # with the cell's own 4 pips would make a tile that is neither
    clear = _solid_reading(0, 0, "pink", 4, _dists(pink=1.5), {1: 2.0, -1: 24.8},
                           {1: _one_hot(6), -1: _one_hot(4)})
    unsure = _solid_reading(0, 1, None, 4, _dists(pink=10.0, purple=30.0), {1: 3.0, -1: 20.0},
                            {1: _one_hot(6), -1: [0, 0, 0, 0.4, 0, 0.6]})
    decoded, _ = decode_readings([clear, unsure], OCTOPUS, "octopus")
    attrs = decoded[(0, 1)][0]
    assert (attrs["colour"], attrs["pips"]) != ("pink", 4)


XT = kit_for_game("x-tiles")
XT_NAMES = ("orange", "red", "yellow", "blue")


def _x_reading(row, col, edges, axis, *, dist=None, conf=None, named=None):
    """An X-Tiles reading: sectors ``edges`` (None: unclear), long ``axis``; per-sector distances
    ``dist`` {edge: {colour: d}} (default: the colour read at 2, the others at 30), confidences
    ``conf`` and the colours named by hue group ``named``."""
    shown = edges if edges is not None else named
    dist = dist or {e: {n: (2.0 if n == shown[e] else 30.0) for n in XT_NAMES} for e in "nesw"}
    conf = conf or {e: 0.95 for e in "nesw"}
    evidence = {"sector_distance": dist, "sector_conf": conf}
    if named:
        evidence["sector_named"] = named
    clear = edges is not None
    return CellReading(row, col, True, 0.99, {"edges": dict(edges) if clear else None, "long_axis": axis},
                       {"edges": 0.95 if clear else 0.2, "long_axis": 0.9}, 0.5, (), evidence)


def test_an_x_tile_read_clearly_but_not_of_the_set_is_chosen_again():
    # a glare made the south sector read blue, clearly: yellow, yellow, blue, blue is no X-Tile
    # (every tile has three colours); as seen the south sector is nearest blue, then orange
    dist = {e: {n: (2.0 if n == c else 30.0) for n in XT_NAMES}
            for e, c in {"n": "yellow", "e": "yellow", "w": "blue"}.items()}
    dist["s"] = {"blue": 36.8, "orange": 41.9, "yellow": 42.6, "red": 48.5}
    me = _x_reading(0, 0, {"n": "yellow", "e": "yellow", "s": "blue", "w": "blue"}, "ns", dist=dist)
    decoded, _ = decode_readings([me], XT, "x-tiles")
    assert decoded[(0, 0)][0]["edges"] == {"n": "yellow", "e": "yellow", "s": "orange", "w": "blue"}


def test_an_unclear_x_sector_may_be_the_colour_its_hue_group_was_named():
    # a glared red sector (pink): nearest orange by distance, named red with the photo's other
    # red sectors; red and yellow make tiles of the set, orange does not: red, the group's
    named = {"n": "orange", "e": "red", "s": "blue", "w": "blue"}
    dist = {e: {n: (2.0 if n == c else 30.0) for n in XT_NAMES} for e, c in named.items()}
    dist["e"] = {"orange": 22.4, "red": 27.7, "yellow": 30.9, "blue": 40.3}
    conf = {"n": 0.9, "e": 0.03, "s": 0.9, "w": 0.9}
    me = _x_reading(0, 0, None, "ew", dist=dist, conf=conf, named=named)
    decoded, _ = decode_readings([me], XT, "x-tiles")
    assert decoded[(0, 0)][0]["edges"] == named
    # (without the group's naming, red and yellow are too near a tie to decide)
    plain = _x_reading(0, 0, None, "ew", dist=dist, conf=conf, named={})
    plain.evidence.pop("sector_named", None)
    decoded, _ = decode_readings([plain], XT, "x-tiles")
    assert decoded[(0, 0)][0]["edges"] is None


def test_unclear_x_tiles_are_decided_in_rounds_through_their_neighbours():
    # (0, 0)'s east sector is a tie (red or yellow) that only (0, 1)'s west decides; (0, 1)'s own
    # unclear sector is decided by the set alone (after (0, 0) was tried)
    tie = {"orange": 10.0, "red": 10.5, "yellow": 10.5, "blue": 40.0}
    first = {"n": "orange", "e": "red", "s": "blue", "w": "blue"}  # ew: (red, blue, blue, orange)
    d1 = {e: {n: (2.0 if n == c else 30.0) for n in XT_NAMES} for e, c in first.items()}
    d1["e"] = dict(tie)
    a = _x_reading(0, 0, None, "ew", dist=d1, conf={"n": 0.9, "e": 0.1, "s": 0.9, "w": 0.9},
                   named={**first, "e": "orange"})
    second = {"n": "blue", "e": "yellow", "s": "yellow", "w": "red"}  # ns: (blue, yellow, yellow, red)
    d2 = {e: {n: (2.0 if n == c else 30.0) for n in XT_NAMES} for e, c in second.items()}
    d2["w"] = {"red": 10.0, "orange": 17.0, "yellow": 40.0, "blue": 40.0}
    b = _x_reading(0, 1, None, "ns", dist=d2, conf={"n": 0.9, "e": 0.9, "s": 0.9, "w": 0.1},
                   named={**second})
    decoded, _ = decode_readings([a, b], XT, "x-tiles")
    assert decoded[(0, 1)][0]["edges"] == second
    assert decoded[(0, 0)][0]["edges"] == first


def test_an_unclear_x_tile_is_not_filled_in_as_a_tile_the_board_already_holds():
    # (an independent renderer's photo) the east sector is unclear; the clear ones make the
    # tile (red, yellow, yellow, orange) the board already holds, read clearly elsewhere: the
    # set holds it once, so a clear sector is misread too: the south, yellow only 5.5 nearer
    # than orange, is orange
    held = _x_reading(5, 5, {"n": "red", "e": "yellow", "s": "yellow", "w": "orange"}, "ns")
    dist = {"n": {"red": 10.7, "orange": 17.0, "yellow": 41.3, "blue": 43.0},
            "e": {"yellow": 20.4, "orange": 45.2, "blue": 63.1, "red": 63.6},
            "s": {"yellow": 10.3, "orange": 15.8, "red": 35.6, "blue": 50.5},
            "w": {"orange": 10.7, "yellow": 14.9, "red": 31.2, "blue": 49.4}}
    conf = {"n": 0.73, "e": 0.31, "s": 0.69, "w": 0.6}
    named = {"n": "red", "e": "yellow", "s": "yellow", "w": "orange"}
    me = _x_reading(1, 2, None, "ns", dist=dist, conf=conf, named=named)
    decoded, _ = decode_readings([held, me], XT, "x-tiles")
    assert decoded[(1, 2)][0]["edges"] == {"n": "red", "e": "yellow", "s": "orange", "w": "orange"}
    assert decoded[(5, 5)][0]["edges"] == held.attrs["edges"]


def test_an_x_tile_read_as_none_of_the_set_is_taken_as_its_likeliest_tile():
    # (an independent renderer's photo, final11 x-tiles-hard-602) a hot spot's orange read
    # yellow: yellow, yellow, red, yellow is no X-Tile (a face shows three paints); of the set's
    # tiles yellow, yellow, red, orange fits best, but orange, yellow, red, orange only a little
    # less well: no tile is clearly likeliest, yet the reading is certainly wrong, so the
    # likeliest is taken, with its doubt and a confidence under the bar
    from vision.decode import MISFIT_CONFIDENCE, MISFIT_TAKEN
    dist = {"n": {"yellow": 3.9, "orange": 9.4, "blue": 32.3, "red": 46.9},
            "e": {"yellow": 6.8, "orange": 12.2, "blue": 30.4, "red": 44.7},
            "s": {"red": 16.1, "yellow": 34.6, "orange": 38.5, "blue": 42.2},
            "w": {"yellow": 2.5, "orange": 6.1, "blue": 35.3, "red": 47.9}}
    conf = {"n": 0.74, "e": 0.72, "s": 0.64, "w": 0.59}
    read = {"n": "yellow", "e": "yellow", "s": "red", "w": "yellow"}
    me = _x_reading(0, 0, read, "ns", dist=dist, conf=conf, named=dict(read))
    decoded, doubts = decode_readings([me], XT, "x-tiles")
    attrs, confidence, _ = decoded[(0, 0)]
    assert attrs["edges"] == {"n": "yellow", "e": "yellow", "s": "red", "w": "orange"}
    assert confidence["edges"] <= MISFIT_CONFIDENCE
    assert ((0, 0), "tile", MISFIT_TAKEN) in doubts
    # (a tile of the set read so is left as read)
    fine = _x_reading(0, 0, {"n": "yellow", "e": "yellow", "s": "red", "w": "orange"}, "ns",
                      dist=dist, conf=conf)
    decoded, doubts = decode_readings([fine], XT, "x-tiles")
    assert decoded[(0, 0)][0]["edges"]["w"] == "orange" and not doubts


def test_x_tiles_read_as_none_of_the_set_are_taken_likeliest_first():
    # two readings yellow, yellow, red, yellow (no X-Tile) whose likeliest tile is the same,
    # yellow, yellow, red, orange, held once by the set: the first in row-major order (a cloth
    # cell read as a face) fits it poorly (its west sector far from orange; yellow, orange,
    # red, yellow hardly worse); the second (a hot spot's orange read yellow, final11
    # x-tiles-hard-602's distances) nearly fits it and is the one that takes it
    near = {"n": {"yellow": 3.9, "orange": 9.4, "blue": 32.3, "red": 46.9},
            "e": {"yellow": 6.8, "orange": 12.2, "blue": 30.4, "red": 44.7},
            "s": {"red": 16.1, "yellow": 34.6, "orange": 38.5, "blue": 42.2},
            "w": {"yellow": 2.5, "orange": 6.1, "blue": 35.3, "red": 47.9}}
    far = {**near, "n": {"yellow": 3.9, "orange": 30.0, "blue": 32.3, "red": 46.9},
           "e": {"yellow": 6.8, "orange": 21.2, "blue": 30.4, "red": 44.7},
           "w": {"yellow": 2.5, "orange": 16.0, "blue": 35.3, "red": 47.9}}
    conf = {"n": 0.74, "e": 0.72, "s": 0.64, "w": 0.59}
    read = {"n": "yellow", "e": "yellow", "s": "red", "w": "yellow"}
    cloth = _x_reading(0, 0, read, "ns", dist=far, conf=conf, named=dict(read))
    tile = _x_reading(4, 4, read, "ns", dist=near, conf=conf, named=dict(read))
    decoded, _ = decode_readings([cloth, tile], XT, "x-tiles")
    assert decoded[(4, 4)][0]["edges"] == {"n": "yellow", "e": "yellow", "s": "red", "w": "orange"}


def test_an_x_tile_read_as_none_of_the_set_weighs_far_colours_when_no_near_one_makes_a_tile():
    # (an independent renderer's photo, final12 x-tiles-normal-703) a hot spot shifted an
    # orange sector to 2.9 from yellow, 27 from orange: yellow, blue, blue, yellow is no X-Tile,
    # and no tile of the set lies within the unclear sectors' usual reach; of the sectors' three
    # nearest colours the likeliest tile changes the one sector: yellow, blue, blue, orange
    dist = {"n": {"yellow": 0.8, "orange": 29.9, "red": 56.0, "blue": 68.0},
            "e": {"blue": 1.2, "red": 45.0, "orange": 55.2, "yellow": 68.5},
            "s": {"blue": 1.3, "red": 45.0, "orange": 55.4, "yellow": 68.8},
            "w": {"yellow": 2.9, "orange": 27.0, "red": 52.8, "blue": 65.6}}
    read = {"n": "yellow", "e": "blue", "s": "blue", "w": "yellow"}
    me = _x_reading(0, 0, read, "ns", dist=dist, named=dict(read))
    decoded, _ = decode_readings([me], XT, "x-tiles")
    assert decoded[(0, 0)][0]["edges"] == {"n": "yellow", "e": "blue", "s": "blue", "w": "orange"}


def _textile_reading(row, col, colour, pips=1, **near):
    """A Textile tile read as ``colour`` (None = unclear) with colour distances ``near`` (the
    rest far), its die face read as ``pips`` (None: no pips seen; a face with pips is a tile
    wherever it lies, see vision.decode._off_the_textile)."""
    dist = {n: 40.0 for n in NESTOR.colours}
    dist.update(near or {colour: 3.0})
    conf = {"colour": 0.95 if colour else 0.3}
    # (what its colour shows, as vision.cells._colours_seen says: a paint within
    # OUTLINE_FREE_FIT of it, the bare table being far; neither beyond it)
    seen = {"colour_seen": "paint" if min(dist.values()) <= OUTLINE_FREE_FIT else "neither"}
    return CellReading(row, col, True, 0.99, {"colour": colour, "pips": pips}, conf,
                       conf["colour"], (), {"colour_distance": dist, **seen})


def _textile_board():
    """Five colours read clearly around the cell (1, 1), which is white beside it."""
    return [_textile_reading(0, 0, "red"), _textile_reading(0, 1, "white"),
            _textile_reading(0, 2, "blue"), _textile_reading(2, 0, "yellow"),
            _textile_reading(2, 2, "blue"), _textile_reading(3, 3, "green")]


def test_an_unclear_textile_colour_takes_the_likeliest_one_the_colour_rule_allows():
    # glare: the face is nearest white, green a little farther; a white tile touches it
    readings = _textile_board() + [_textile_reading(1, 1, None, white=19.4, green=24.0,
                                                    yellow=27.5)]
    decoded, doubts = decode_readings(readings, NESTOR, "textile")
    assert decoded[(1, 1)][0]["colour"] == "green"
    assert any(cell == (1, 1) and attr == "colour" for cell, attr, _ in doubts)


def test_a_textile_colour_beyond_the_games_five_is_read_again():
    # red in a lamp's glare read pink: the board's five colours are read elsewhere
    readings = _textile_board() + [_textile_reading(4, 0, "pink", pink=8.0, red=10.0)]
    decoded, _ = decode_readings(readings, NESTOR, "textile")
    assert decoded[(4, 0)][0]["colour"] == "red"


def test_a_clear_sixth_textile_colour_none_of_the_five_explains_is_no_tile():
    # a cloth's black flower read as a black cell: the board's five colours are read elsewhere
    readings = _textile_board() + [_textile_reading(4, 0, "black", black=4.0, blue=28.0)]
    decoded, _ = decode_readings(readings, NESTOR, "textile")
    assert (4, 0) not in decoded
    assert decoded[(0, 0)][0]["colour"] == "red"


def test_a_sixth_textile_colour_read_more_often_than_a_default_one_is_no_tile():
    # two black flowers of a cloth, one yellow tile: the five defaults are all read
    readings = _textile_board() + [_textile_reading(4, 0, "black", black=4.0, blue=28.0),
                                   _textile_reading(6, 0, "black", black=3.0, blue=29.0)]
    decoded, _ = decode_readings(readings, NESTOR, "textile")
    assert (4, 0) not in decoded and (6, 0) not in decoded
    assert decoded[(2, 0)][0]["colour"] == "yellow"


def test_a_sixth_textile_colour_whose_near_colour_the_rule_forbids_there_is_no_tile():
    # tex9dev/textile-normal-541: a purple gingham's dark check beside the layout read purple
    # (5 away), blue the nearest of the five (12 away), a blue tile at its corner: no blue tile
    # may lie there, so none of the five is likely
    readings = _textile_board() + [_textile_reading(1, 3, "purple", purple=5.0, blue=12.0)]
    decoded, _ = decode_readings(readings, NESTOR, "textile")
    assert (1, 3) not in decoded
    # away from any blue tile, blue stays likely: a blue tile under a lamp's cast
    readings = _textile_board() + [_textile_reading(5, 5, "purple", purple=5.0, blue=12.0)]
    decoded, _ = decode_readings(readings, NESTOR, "textile")
    assert (5, 5) in decoded


def test_a_sixth_textile_colour_that_joins_parts_of_the_textile_is_a_tile_of_the_five():
    # final12 textile-hard-705: a red tile washed pink by a lamp's hot spot (pink 3 away, red
    # 17.5) between a blue tile above and a yellow one beside it, which touches the rest of the
    # textile through it alone: a tile (every knot shares an edge with the textile), named red
    board = [_textile_reading(0, 0, "green", None), _textile_reading(0, 1, "blue", None),
             _textile_reading(0, 2, "red", None), _textile_reading(0, 3, "white", None),
             _textile_reading(0, 4, "yellow", None), _textile_reading(1, 1, "white", None),
             _textile_reading(2, 1, "blue", None), _textile_reading(2, 2, "green", None)]
    washed = _textile_reading(3, 1, "pink", None, pink=3.0, red=17.5)
    beyond = _textile_reading(3, 0, "yellow", None)
    decoded, doubts = decode_readings(board + [washed, beyond], NESTOR, "textile")
    assert decoded[(3, 1)][0]["colour"] == "red"
    assert (3, 0) in decoded
    assert any(cell == (3, 1) and attr == "colour" for cell, attr, _ in doubts)
    # at the textile's end, joining nothing, the same colour is a cloth's thing: no tile
    decoded, _ = decode_readings(board + [washed], NESTOR, "textile")
    assert (3, 1) not in decoded


def _with_pips(reading: CellReading, light: float, dark: float) -> CellReading:
    """``reading`` with its die face's pips standing out ``light`` (lighter than the face) and
    ``dark`` (darker), CIELAB lightness units (see vision.decode._face_pip_polarity)."""
    return replace(reading, evidence={**reading.evidence, "pip_contrast": {1: light, -1: dark}})


def test_a_sixth_textile_colour_whose_pips_stand_out_as_its_tiles_never_do_is_a_tile():
    # final18 textile-hard-1886: a red tile washed pink by a lamp's hot spot (pink 2 away, red
    # 16), at the textile's end, joining nothing, shows light pips 20 L* out, dark ones 6: pink
    # tiles' pips are black, so no pink thing but a washed tile of the five, named red
    pink = _textile_reading(4, 0, "pink", 2, pink=2.0, red=16.0, white=30.0)
    decoded, doubts = decode_readings(_textile_board() + [_with_pips(pink, 20.0, 6.0)], NESTOR,
                                      "textile")
    assert decoded[(4, 0)][0]["colour"] == "red"
    assert any(cell == (4, 0) and attr == "colour" for cell, attr, _ in doubts)
    # its pips dark, or faint (under MIN_CONTRAST), it is a pink thing of the cloth beside the
    # layout: no tile
    for light, dark in ((6.0, 20.0), (3.0, 1.0), (7.0, 2.0)):
        decoded, _ = decode_readings(_textile_board() + [_with_pips(pink, light, dark)],
                                     NESTOR, "textile")
        assert (4, 0) not in decoded
    # its light pips too faded to count, beside the textile, it is still a washed tile
    # (final21 hard-2309: 12.8 L* out, no count read)
    uncounted = _with_pips(_textile_reading(1, 2, "pink", None, pink=2.0, red=16.0, white=30.0),
                           12.8, 5.5)
    decoded, _ = decode_readings(_textile_board() + [uncounted], NESTOR, "textile")
    assert decoded[(1, 2)][0]["colour"] == "red"
    # ... but a purple check's dark marks on a face read as no die face are the cloth's print,
    # no white tile
    check = _with_pips(_textile_reading(1, 2, "purple", None, purple=3.0, white=40.0,
                                        blue=30.0), 2.0, 12.0)
    decoded, _ = decode_readings(_textile_board() + [check], NESTOR, "textile")
    assert decoded.get((1, 2), ({},))[0].get("colour") not in {"white", "yellow"}
    # a purple flower with a light heart stays a thing: purple tiles' pips are light too
    purple = _textile_reading(4, 0, "purple", 2, purple=3.0, blue=20.0)
    decoded, _ = decode_readings(_textile_board() + [_with_pips(purple, 17.0, 6.0)], NESTOR,
                                 "textile")
    assert (4, 0) not in decoded


def test_a_sixth_textile_colour_betrayed_by_its_pips_takes_a_colour_they_allow():
    # tex40 textile-hard-2665: a white tile read black (black 4 away, blue 25, white 41) whose
    # black pips stand out 61 L*: black and blue tiles' pips are white, so it is white
    black = _textile_reading(4, 0, "black", 6, black=4.0, blue=25.0, white=41.0, yellow=44.0)
    decoded, _ = decode_readings(_textile_board() + [_with_pips(black, 21.0, 61.0)], NESTOR,
                                 "textile")
    assert decoded[(4, 0)][0]["colour"] == "white"


def test_a_loose_sixth_textile_colour_stays_a_tile():
    # a red tile in a lamp's cast read pink, loosely (16 away), red farther: a tile all the same
    readings = _textile_board() + [_textile_reading(4, 0, "pink", pink=16.0, red=24.0)]
    decoded, _ = decode_readings(readings, NESTOR, "textile")
    assert (4, 0) in decoded


def test_an_unclear_textile_colour_far_from_every_allowed_one_stays_unknown():
    readings = _textile_board() + [_textile_reading(1, 1, None, white=10.0, purple=30.0)]
    decoded, _ = decode_readings(readings, NESTOR, "textile")
    assert decoded[(1, 1)][0]["colour"] is None


def test_of_textile_colours_read_equally_often_the_defaults_are_the_games():
    # one tile each of white (the game's) and pink (red in the glare), four other colours
    readings = [_textile_reading(0, 0, "red"), _textile_reading(0, 2, "blue"),
                _textile_reading(2, 0, "yellow"), _textile_reading(2, 2, "green"),
                _textile_reading(4, 4, "white", white=6.0),
                _textile_reading(4, 0, "pink", pink=5.0, red=8.0)]
    decoded, _ = decode_readings(readings, NESTOR, "textile")
    assert decoded[(4, 0)][0]["colour"] == "red"
    assert decoded[(4, 4)][0]["colour"] == "white"


def test_one_tile_of_a_sixth_textile_colour_does_not_displace_a_default_colour_unread():
    # tex26 textile-normal-1787: red read nowhere clearly, one red washed pink by the lamp (pink
    # 14.5, red 21); four default colours read clearly: the five are the default ones
    board = [_textile_reading(0, 0, "white"), _textile_reading(0, 2, "green"),
             _textile_reading(2, 0, "yellow"), _textile_reading(2, 2, "blue"),
             _textile_reading(4, 4, "white"), _textile_reading(4, 2, "green")]
    washed = _textile_reading(4, 0, "pink", pink=14.5, red=19.0)
    decoded, _ = decode_readings(board + [washed], NESTOR, "textile")
    assert decoded[(4, 0)][0]["colour"] == "red"
    # read pink on two tiles (a colour chosen at the table), pink is one of the five
    again = _textile_reading(6, 6, "pink", pink=3.0)
    decoded, _ = decode_readings(board + [washed, again], NESTOR, "textile")
    assert decoded[(4, 0)][0]["colour"] == "pink"


def test_a_sixth_textile_colour_on_a_board_of_fewer_than_five_colours_is_read_again():
    # tex22 textile-hard-1696: four default colours read, one blue under the lamp read purple
    # (12.1, blue 13.6): the game is played with the default five all the same
    board = [_textile_reading(0, 0, "white"), _textile_reading(0, 2, "green"),
             _textile_reading(2, 0, "yellow")]
    cast = _textile_reading(4, 0, "purple", purple=12.1, blue=13.6)
    decoded, _ = decode_readings(board + [cast], NESTOR, "textile")
    assert decoded[(4, 0)][0]["colour"] == "blue"


def test_a_textile_colour_washed_out_by_glare_is_read_again_by_its_paint_with_a_sheen():
    # red in the lamp's reflection read pink, 20 nearer pink than red; as red with a sheen of
    # the light on it, it fits about as well as pink
    washed = _textile_reading(4, 0, "pink", pink=12.4, white=26.8, red=32.2)
    readings = _textile_board() + [washed]
    decoded, _ = decode_readings(readings, NESTOR, "textile")
    assert decoded[(4, 0)][0]["colour"] == "pink"  # (no sheen looked at: too far from red)
    washed.evidence["sheen_distance"] = {**washed.evidence["colour_distance"], "red": 14.0}
    decoded, _ = decode_readings(_textile_board() + [washed], NESTOR, "textile")
    assert decoded[(4, 0)][0]["colour"] == "red"


def test_a_face_named_a_colour_whose_pips_it_does_not_show_takes_the_tile_its_pips_fit():
    # a brown 3 in a warm light, nearer orange (3) than brown (10): orange tiles' pips are dark,
    # and none is counted that way (9 of contrast, a weak six); its three light pips stand out
    # clearly (24.6), as a brown tile's do. An orange 3 read clearly elsewhere.
    clear = _solid_reading(0, 0, "orange", 3, _dists(orange=1.5, brown=20.0), {1: 4.0, -1: 26.0},
                           {1: _one_hot(6), -1: _one_hot(3)})
    warm = _solid_reading(0, 1, "orange", None, _dists(orange=3.2, brown=9.9, red=14.1),
                          {1: 24.6, -1: 9.2}, {1: _one_hot(3), -1: [0, 0, 0, 0, 0.01, 0.99]})
    decoded, _ = decode_readings([clear, warm], OCTOPUS, "octopus")
    assert (decoded[(0, 1)][0]["colour"], decoded[(0, 1)][0]["pips"]) == ("brown", 3)
    assert (decoded[(0, 0)][0]["colour"], decoded[(0, 0)][0]["pips"]) == ("orange", 3)


def test_a_face_washed_out_with_its_faded_light_pips_takes_the_tile_its_pips_fit():
    # a purple 3 in a lamp's hot spot, washed to lavender, nearer pink (7.5) than purple (11.4):
    # pink tiles' pips are dark, none show that way (1.6); its three white pips faded with the
    # face (7.0 of contrast, under the 9 counted plainly but above a smooth face's), a clear
    # three. A pink 3 read clearly elsewhere.
    clear = _solid_reading(0, 0, "pink", 3, _dists(pink=2.9, purple=21.5), {1: 8.0, -1: 41.4},
                           {1: _one_hot(6), -1: _one_hot(3)})
    washed = _solid_reading(0, 1, "pink", None, _dists(pink=7.5, purple=11.4, red=18.9),
                            {1: 7.0, -1: 1.6},
                            {1: _one_hot(3), -1: [0.09, 0.17, 0.28, 0.12, 0.14, 0.2]})
    decoded, _ = decode_readings([clear, washed], OCTOPUS, "octopus")
    assert (decoded[(0, 1)][0]["colour"], decoded[(0, 1)][0]["pips"]) == ("purple", 3)
    assert (decoded[(0, 0)][0]["colour"], decoded[(0, 0)][0]["pips"]) == ("pink", 3)


def test_faint_dark_pips_do_not_move_a_light_pipped_face():
    # the other way round: a face named purple (white pips) whose dark "pips" stand out only
    # as a shading does (7.0, under the 9 counted plainly) stays purple: dark pips stay dark in
    # any light, only white ones fade with a washed face
    clear = _solid_reading(0, 0, "purple", 3, _dists(purple=2.9, pink=21.5), {1: 41.4, -1: 8.0},
                           {1: _one_hot(3), -1: _one_hot(6)})
    shaded = _solid_reading(0, 1, "purple", None, _dists(purple=7.5, pink=11.4, red=18.9),
                            {1: 1.6, -1: 7.0},
                            {1: [0.09, 0.17, 0.28, 0.12, 0.14, 0.2], -1: _one_hot(3)})
    decoded, _ = decode_readings([clear, shaded], OCTOPUS, "octopus")
    assert decoded[(0, 1)][0]["colour"] == "purple"


def test_two_x_sectors_that_look_alike_are_one_paint():
    # bench x-tiles-hard-3202: a glare washes out the north and west sectors of a red, orange,
    # blue, red tile alike (2 apart): both nearest orange, both hue-grouped red; the set has
    # both orange, orange, blue, red and red, orange, blue, red. Two sectors that look the same
    # in the same light are one paint: red, red (not orange and red)
    named = {"n": "red", "e": "orange", "s": "blue", "w": "red"}
    dist = {e: {n: (2.0 if n == c else 30.0) for n in XT_NAMES} for e, c in named.items()}
    dist["n"] = {"orange": 15.9, "red": 18.8, "yellow": 32.5, "blue": 45.0}
    dist["w"] = {"orange": 17.4, "red": 19.6, "yellow": 33.9, "blue": 45.0}
    conf = {"n": 0.43, "e": 0.92, "s": 0.89, "w": 0.37}
    me = _x_reading(0, 0, None, "ew", dist=dist, conf=conf, named=named)
    me.evidence["sector_alike"] = [("n", "w")]
    decoded, _ = decode_readings([me], XT, "x-tiles")
    assert decoded[(0, 0)][0]["edges"] == named
    # (without telling them alike, the two tiles tie)
    plain = _x_reading(0, 0, None, "ew", dist=dist, conf=conf, named=named)
    decoded, _ = decode_readings([plain], XT, "x-tiles")
    assert decoded[(0, 0)][0]["edges"] is None


def _legal_textile():
    """A legal textile of the five default colours: rows 0-2, columns 0-2 (no two tiles of one
    colour touch, even diagonally)."""
    rows = [("red", "white", "blue"), ("yellow", "green", "red"), ("blue", "white", "yellow")]
    return [_textile_reading(r, c, colour) for r, row in enumerate(rows)
            for c, colour in enumerate(row)]


def test_a_textile_tile_read_in_the_colour_of_two_beside_it_is_named_again():
    # final2/textile-hard-051: a face washed out by the lamp read white between two white
    # tiles (at its corners); the colour rule forbids it, and green fits it nearly as well
    colours = {(0, 0): "red", (0, 1): "blue", (0, 2): "white", (0, 3): "blue",
               (1, 0): "yellow", (1, 1): "green", (1, 2): "red",
               (2, 0): "blue", (2, 1): "white", (2, 2): "yellow", (2, 3): "blue", (2, 4): "white"}
    readings = [_textile_reading(r, c, colour) for (r, c), colour in colours.items()]
    readings.append(_textile_reading(1, 3, "white", white=3.0, green=6.0))
    decoded, doubts = decode_readings(readings, NESTOR, "textile")
    assert decoded[(1, 3)][0]["colour"] == "green"
    assert all(decoded[cell][0]["colour"] == colour for cell, colour in colours.items())
    assert any(cell == (1, 3) and attr == "colour" for cell, attr, _ in doubts)


def test_a_cell_beside_a_textile_in_a_tiles_colour_touching_it_is_no_tile():
    # final8/textile-normal-111: a cloth's red flowers beside the layout read as a red tile
    # touching a red one along a side and at a corner; no other colour fits it
    readings = _legal_textile() + [_textile_reading(1, 3, "red", red=2.0)]
    decoded, doubts = decode_readings(readings, NESTOR, "textile")
    assert (1, 3) not in decoded
    assert decoded[(1, 2)][0]["colour"] == "red"
    assert len(decoded) == 9
    assert any(cell == (1, 3) and attr == "occupied" for cell, attr, _ in doubts)


def _unsure(reading, occ_conf=SURE_PART_OCC - 0.05):
    """``reading`` read as a tile less surely (occupancy ``occ_conf``, under
    vision.decode.SURE_PART_OCC): a cloth's ground or motif beside the layout, as read on the
    Textile development photos (0.56-0.92)."""
    return replace(reading, occ_conf=occ_conf)


def test_a_textile_cell_at_a_corner_only_without_pips_is_no_tile():
    # every knot shares an edge with the textile: a cell read as a tile that meets it at a
    # corner only, its face without pips, is a cloth's motif (a blue flower, a cream ground)
    layout = [_solid(0, 0, "red", 2), _solid(0, 1, "blue"), _solid(1, 0, "yellow"),
              _solid(1, 1, "green", 5)]
    corner = _unsure(_solid(2, 2, "white"))
    decoded, doubts = decode_readings(layout + [corner], NESTOR, "textile")
    assert (2, 2) not in decoded and {(0, 0), (0, 1), (1, 0), (1, 1)} <= set(decoded)
    assert any(cell == (2, 2) and attr == "occupied" for cell, attr, _ in doubts)
    # ... but one showing a die face is a tile (beyond a tile missed between)
    decoded, _ = decode_readings(layout + [_solid(2, 2, "white", 3)], NESTOR, "textile")
    assert (2, 2) in decoded


def test_a_textile_tile_joined_through_a_cell_read_with_pips_stays():
    # a tile misread in its neighbour's colour (taken out by the colour rule) still joins the
    # tile beyond it to the textile when its die face was read; a cloth's ground does not
    layout = [_textile_reading(0, 0, "red"), _textile_reading(0, 1, "blue"),
              _textile_reading(1, 0, "yellow"), _textile_reading(1, 1, "green")]
    beyond = [_textile_reading(1, 2, "green", 3), _textile_reading(1, 3, "white", None)]
    decoded, _ = decode_readings(layout + beyond, NESTOR, "textile")
    assert (1, 2) not in decoded and (1, 3) in decoded
    ground = [_textile_reading(1, 2, "green", None), _unsure(_textile_reading(1, 3, "white", None))]
    decoded, _ = decode_readings(layout + ground, NESTOR, "textile")
    assert (1, 2) not in decoded and (1, 3) not in decoded


def test_a_textile_part_beyond_a_cell_that_may_hold_a_tile_stays():
    # final17 textile-normal-1768: two white tiles on a pale cloth read as bare (but unsure)
    # split three tiles without pips off a textile of seven; the unsure cell joins them
    layout = _legal_textile()
    beyond = [_unsure(_textile_reading(0, 4, "green", None)),
              _unsure(_textile_reading(1, 4, "blue", None)),
              _unsure(_textile_reading(2, 4, "red", None))]
    decoded, _ = decode_readings(layout + beyond, NESTOR, "textile", {(1, 3)})
    assert {(0, 4), (1, 4), (2, 4)} <= set(decoded)
    # ... an unsure cell elsewhere joins nothing: the part is left off as before
    decoded, doubts = decode_readings(layout + beyond, NESTOR, "textile", {(3, 3)})
    assert not {(0, 4), (1, 4), (2, 4)} & set(decoded) and len(decoded) == 9
    assert any(cell == (1, 4) and attr == "occupied" for cell, attr, _ in doubts)
    # ... and a part of fewer than three tiles is a cloth's motif, unsure cell or not
    decoded, _ = decode_readings(layout + beyond[1:], NESTOR, "textile", {(1, 3)})
    assert not {(1, 4), (2, 4)} & set(decoded)
    # ... and a part reached only through a smaller part (a motif, dropped) joins nothing
    motif = [_unsure(_textile_reading(1, 4, "yellow", None))]
    far = [_unsure(_textile_reading(0, 6, "green", None)),
           _unsure(_textile_reading(1, 6, "blue", None)),
           _unsure(_textile_reading(2, 6, "red", None))]
    decoded, _ = decode_readings(layout + motif + far, NESTOR, "textile", {(1, 3), (1, 5)})
    assert not {(1, 4), (0, 6), (1, 6), (2, 6)} & set(decoded)


def test_a_small_textile_part_beyond_an_outlined_cell_that_may_hold_a_tile_stays():
    # a tile read as bare, unsure, its own rim seen along its sides (the pipeline's
    # _rimmed_bare), splits two tiles without pips off the textile: they stay
    layout = _legal_textile()
    beyond = [_unsure(_textile_reading(1, 4, "blue", None)),
              _unsure(_textile_reading(2, 4, "red", None))]
    decoded, _ = decode_readings(layout + beyond, NESTOR, "textile", {(1, 3)}, {(1, 3)})
    assert {(1, 4), (2, 4)} <= set(decoded)
    # ... not when the unsure cell shows no tile's outline (a cloth's motif beside the layout)
    decoded, _ = decode_readings(layout + beyond, NESTOR, "textile", {(1, 3)}, set())
    assert not {(1, 4), (2, 4)} & set(decoded)
    # ... nor when the outlined cell lies along the part only, away from the textile
    decoded, _ = decode_readings(layout + beyond, NESTOR, "textile", {(1, 5)}, {(1, 5)})
    assert not {(1, 4), (2, 4)} & set(decoded)


def test_a_small_textile_part_read_surely_stays_with_a_doubt():
    # final23 textile-normal-3008: white tiles on a white polka-dot cloth missed (read as bare,
    # surely) leave a green and a blue, and a red apart, joined to the textile along no edge,
    # read 0.98-1.00: tiles beyond the missed ones, kept with a doubt
    layout = _legal_textile()
    beyond = [_textile_reading(1, 4, "blue", None), _textile_reading(2, 4, "green", None),
              _textile_reading(4, 2, "red", None)]
    decoded, doubts = decode_readings(layout + beyond, NESTOR, "textile")
    assert {(1, 4), (2, 4), (4, 2)} <= set(decoded) and len(decoded) == 12
    assert {cell for cell, attr, _ in doubts if attr == "occupied"} == {(1, 4), (2, 4), (4, 2)}
    # ... a part with one cell read less surely is a cloth's ground or motif: left off
    less = [beyond[0], _unsure(beyond[1], SURE_PART_OCC - 0.03), beyond[2]]
    decoded, _ = decode_readings(layout + less, NESTOR, "textile")
    assert not {(1, 4), (2, 4)} & set(decoded) and (4, 2) in decoded
    # ... a part whose every cell shows pips stays as before, with no doubt
    decoded, doubts = decode_readings(layout + [_textile_reading(4, 2, "red", 2)], NESTOR, "textile")
    assert (4, 2) in decoded and not any(cell == (4, 2) and attr == "occupied"
                                         for cell, attr, _ in doubts)
    # ... and a die face read less surely proves a tile still: only the cells without pips
    # need be read surely, and have the doubt
    part = [_unsure(_textile_reading(1, 4, "blue", 2)), beyond[1]]
    decoded, doubts = decode_readings(layout + part, NESTOR, "textile")
    assert {(1, 4), (2, 4)} <= set(decoded)
    assert {cell for cell, attr, _ in doubts if attr == "occupied"} == {(2, 4)}


def test_of_two_textile_cells_of_one_colour_side_by_side_the_one_without_pips_is_no_tile():
    # tex12 textile-normal-715: a white tile's die face (three pips) beside a cell of a light
    # marble read white without pips, each beside one tile of the layout; the marble's cell
    # was the surer of the two by its occupancy, but a die face is a tile's
    from dataclasses import replace

    face = replace(_textile_reading(0, 3, "white", 3, white=6.5), occ_conf=0.6)
    ground = replace(_textile_reading(1, 3, "white", None, white=7.5), occ_conf=0.7)
    decoded, doubts = decode_readings(_legal_textile() + [face, ground], NESTOR, "textile")
    assert (0, 3) in decoded and (1, 3) not in decoded
    assert any(cell == (1, 3) and attr == "occupied" for cell, attr, _ in doubts)


def _notch_board(right: bool = True):
    """The five colours read around the cell (1, 1), along its top and left sides and (with
    ``right``) its right side; red only away from it."""
    board = [_textile_reading(0, 0, "green", None), _textile_reading(0, 1, "blue", None),
             _textile_reading(0, 2, "white", None), _textile_reading(0, 3, "red", None),
             _textile_reading(1, 0, "yellow", None)]
    return board + ([_textile_reading(1, 2, "green", None)] if right else [])


def test_a_sixth_textile_colour_in_a_notch_of_the_textile_is_a_tile_of_the_five():
    # tex16 textile-hard-1191: a red tile washed pink by a lamp's hot spot (no pips seen) with
    # tiles along three of its sides: a tile, named red
    washed = _textile_reading(1, 1, "pink", None, pink=3.0, red=17.5)
    decoded, _ = decode_readings(_notch_board() + [washed], NESTOR, "textile")
    assert decoded[(1, 1)][0]["colour"] == "red"
    # along two sides (a corner of the textile), the same colour is a cloth's thing: no tile
    decoded, _ = decode_readings(_notch_board(right=False) + [washed], NESTOR, "textile")
    assert (1, 1) not in decoded


def test_an_unclear_x_tile_meeting_its_neighbour_is_taken_as_its_likeliest_tile():
    # a glare washed the east sector of an orange, red, blue, blue tile pale: red and yellow
    # lie near alike (both make a tile of the set, both meet the south neighbour's blue north),
    # so neither is clearly likeliest; the likeliest tile left that meets its neighbour is
    # taken, with its doubt and a confidence under the bar
    from vision.decode import MISFIT_CONFIDENCE, UNCLEAR_TAKEN
    washed = {"n": "orange", "e": "red", "s": "blue", "w": "blue"}
    dist = {e: {n: (2.0 if n == c else 30.0) for n in XT_NAMES} for e, c in washed.items()}
    dist["e"] = {"orange": 12.0, "red": 10.2, "yellow": 10.8, "blue": 40.0}
    conf = {"n": 0.9, "e": 0.1, "s": 0.9, "w": 0.9}
    me = _x_reading(0, 0, None, "ew", dist=dist, conf=conf, named=dict(washed))
    below = _x_reading(1, 0, {"n": "blue", "e": "yellow", "s": "yellow", "w": "red"}, "ns")
    decoded, doubts = decode_readings([me, below], XT, "x-tiles")
    attrs, confidence, _ = decoded[(0, 0)]
    assert attrs["edges"] == washed
    assert confidence["edges"] <= MISFIT_CONFIDENCE
    assert ((0, 0), "tile", UNCLEAR_TAKEN) in doubts
    # (a cell no tile left can meet its neighbour with, a cloth's beside the layout, stays
    # unknown; as does one with no neighbour read)
    other = _x_reading(1, 0, {"n": "yellow", "e": "blue", "s": "blue", "w": "red"}, "ns")
    me = _x_reading(0, 0, None, "ew", dist=dist, conf=conf, named=dict(washed))
    decoded, _ = decode_readings([me, other], XT, "x-tiles")
    assert decoded[(0, 0)][0]["edges"] is None
    me = _x_reading(0, 0, None, "ew", dist=dist, conf=conf, named=dict(washed))
    decoded, _ = decode_readings([me], XT, "x-tiles")
    assert decoded[(0, 0)][0]["edges"] is None


def _yellow_papers_and_a_red_card(copies):
    """``copies`` yellow paper cards along row 0 and at (2, 0), the last one's look 7 dE nearer
    the yellow paint than the orange one, beside a red card (3, 0) nearly as near orange."""
    cards = [_card(0, 2 * i, "yellow", "paper") for i in range(copies - 1)]
    doubtful = {c: 30.0 for c in TAPESTRY.colours}
    doubtful.update(yellow=1.0, orange=8.0)
    red = {c: 30.0 for c in TAPESTRY.colours}
    red.update(red=1.0, orange=2.0)
    return cards + [_card(2, 0, "yellow", "paper", doubtful), _card(3, 0, "red", "rock", red)]


def test_a_card_read_beyond_its_copies_that_breaks_the_contact_rule_takes_the_allowed_colour():
    # five yellow papers (the set holds four): the one beside a red card is the orange one a
    # warm lamp paled; the red card, nearer orange by its look, keeps its name
    decoded, doubts = decode_readings(_yellow_papers_and_a_red_card(5), TAPESTRY, "tapestry")
    assert decoded[(2, 0)][0]["colour"] == "orange"
    assert decoded[(2, 0)][1]["colour"] <= GROUP_CONF
    assert decoded[(3, 0)][0]["colour"] == "red"
    assert any(cell == (2, 0) and "contact rule" in why for cell, _, why in doubts)


def test_a_clash_between_cards_within_their_copies_is_left_to_the_rules_check():
    decoded, _ = decode_readings(_yellow_papers_and_a_red_card(4), TAPESTRY, "tapestry")
    assert decoded[(2, 0)][0]["colour"] == "yellow"
    assert decoded[(3, 0)][0]["colour"] == "red"


def _washed_card_between_reds(yellow: float, orange: float):
    """A card read yellow (its look ``yellow`` and ``orange`` dE from those paints) at (1, 1),
    with red cards above and to its left and right, each as near orange by its look as red: a
    washed orange card in a warm lamp's reflection beside red ones (tap42-old normal-916)."""
    me = {c: 40.0 for c in TAPESTRY.colours}
    me.update(yellow=yellow, orange=orange, green=yellow + 1.0)
    red = {c: 30.0 for c in TAPESTRY.colours}
    red.update(red=2.0, orange=2.0)
    return [_card(1, 1, "yellow", "scissors", me),
            _card(0, 1, "red", "paper", red), _card(1, 0, "red", "rock", red),
            _card(1, 2, "red", "paper", red)]


def test_a_card_clashing_with_several_neighbours_takes_the_allowed_colour():
    # within its copies: one rename of the yellow card mends three clashes, where the red
    # cards would need three
    decoded, doubts = decode_readings(_washed_card_between_reds(12.0, 18.0), TAPESTRY, "tapestry")
    assert decoded[(1, 1)][0]["colour"] == "orange"
    assert decoded[(1, 1)][1]["colour"] == GROUP_CONF
    assert [decoded[c][0]["colour"] for c in ((0, 1), (1, 0), (1, 2))] == ["red"] * 3
    assert any(cell == (1, 1) and "contact rule" in why for cell, _, why in doubts)
    # two clashes (MULTI_CLASH) are enough
    decoded, _ = decode_readings(_washed_card_between_reds(12.0, 18.0)[:3], TAPESTRY, "tapestry")
    assert decoded[(1, 1)][0]["colour"] == "orange"
    # a look far nearer yellow than orange (more than the clashes' cost) keeps its name
    decoded, _ = decode_readings(_washed_card_between_reds(2.0, 22.0), TAPESTRY, "tapestry")
    assert decoded[(1, 1)][0]["colour"] == "yellow"


def test_the_first_tile_of_a_colour_chosen_at_the_table_is_kept():
    # (Textile's five are chosen at the table, KITS.md: one pink tile on a board of a few is no
    # thing of a sixth colour; it stays a pink tile)
    board = [_textile_reading(0, 0, "pink", pips=None, pink=3.0)]
    decoded, _ = decode_readings(board, NESTOR, "textile")
    assert decoded[(0, 0)][0]["colour"] == "pink"


def _washed_between_neighbours(s_dist: dict, s_conf: float):
    """An E-W X-Tile (blue, yellow, orange, orange) whose warm sectors a glare washed towards
    each other (final14 x-tiles-normal-1106): its west big sector read clearly yellow by 1.3
    CIEDE2000 while its west neighbour's east edge is orange; its east sector unclear; the
    south sector's distances ``s_dist`` and confidence ``s_conf``. With the neighbours at
    (0, 0) (east edge orange) and (0, 2) (west edge yellow)."""
    dist = {"n": {"blue": 3.0, "red": 44.0, "orange": 46.0, "yellow": 48.0},
            "e": {"yellow": 10.2, "orange": 12.5, "blue": 49.5, "red": 50.0},
            "s": s_dist,
            "w": {"yellow": 7.0, "orange": 8.3, "red": 50.3, "blue": 52.9}}
    conf = {"n": 0.9, "e": 0.4, "s": s_conf, "w": 0.6}
    me = _x_reading(0, 1, None, "ew", dist=dist, conf=conf)
    west = _x_reading(0, 0, {"n": "red", "e": "orange", "s": "blue", "w": "red"}, "ns")
    east = _x_reading(0, 2, {"n": "yellow", "e": "red", "s": "orange", "w": "yellow"}, "ns")
    return [west, me, east]


def test_an_unclear_x_tile_whose_clear_sectors_break_a_neighbours_edge_weighs_every_sector():
    # the clear sectors as read (west yellow) leave one tile of the set, which meets the west
    # neighbour's orange with yellow: the west sector is as likely misread, and every sector's
    # candidates give the tile that meets both neighbours
    readings = _washed_between_neighbours(
        {"orange": 5.0, "yellow": 15.0, "red": 40.0, "blue": 50.0}, 0.9)
    decoded, _ = decode_readings(readings, XT, "x-tiles")
    assert decoded[(0, 1)][0]["edges"] == {"n": "blue", "e": "yellow", "s": "orange", "w": "orange"}


def test_an_x_tile_left_unclear_is_taken_meeting_its_neighbours_with_every_sector_weighed():
    # the south sector near orange and yellow alike: every sector weighed, two tiles meet both
    # neighbours within the margin, so none is filled in; the likeliest one that meets them is
    # taken (the one its clear sectors allow meets neither)
    from vision.decode import MISFIT_CONFIDENCE
    readings = _washed_between_neighbours(
        {"orange": 7.1, "yellow": 7.7, "red": 48.7, "blue": 52.8}, 0.6)
    decoded, _ = decode_readings(readings, XT, "x-tiles")
    attrs, confidence, _ = decoded[(0, 1)]
    assert attrs["edges"] == {"n": "blue", "e": "yellow", "s": "orange", "w": "orange"}
    assert confidence["edges"] <= MISFIT_CONFIDENCE


def test_an_unclear_x_tile_whose_clear_sectors_make_no_tile_stays_unknown_beside_its_neighbour():
    # three sectors clearly nearest red (a cloth's print beside the layout, xt44
    # x-tiles-normal-1920) make no tile of the set: no sector is taken as misread to make one
    # meet the neighbour (its likeliest tile so needs three sectors 8-11 CIEDE2000 off)
    dist = {"n": {"red": 16.4, "orange": 25.8, "blue": 38.0, "yellow": 51.1},
            "e": {"red": 8.8, "orange": 36.9, "blue": 45.6, "yellow": 67.6},
            "s": {"orange": 21.7, "yellow": 29.6, "red": 35.5, "blue": 37.6},
            "w": {"red": 15.7, "orange": 26.6, "blue": 37.1, "yellow": 51.7}}
    conf = {"n": 0.57, "e": 0.95, "s": 0.19, "w": 0.64}
    me = _x_reading(0, 1, None, "ns", dist=dist, conf=conf)
    west = _x_reading(0, 0, {"n": "red", "e": "orange", "s": "blue", "w": "red"}, "ew")
    decoded, _ = decode_readings([west, me], XT, "x-tiles")
    assert decoded[(0, 1)][0]["edges"] is None


def test_an_unclear_x_tile_is_not_taken_when_opening_a_clear_sector_costs_more_than_the_break():
    # the west sector read yellow 11.9 CIEDE2000 nearer than orange: a misread that unlikely
    # costs more (0.5 (11.9 / SECTOR_SD)^2 = 4.4) than the clear sectors' tile's broken edge
    # (MISMATCH_COST 4): the tile stays unknown beside its west neighbour
    west, me, _ = _washed_between_neighbours(
        {"orange": 7.1, "yellow": 7.7, "red": 48.7, "blue": 52.8}, 0.6)
    me.evidence["sector_distance"]["w"] = {"yellow": 7.0, "orange": 18.9, "red": 50.3,
                                           "blue": 52.9}
    decoded, _ = decode_readings([west, me], XT, "x-tiles")
    assert decoded[(0, 1)][0]["edges"] is None


def test_of_two_textile_cells_of_one_colour_the_one_showing_the_bare_tables_is_no_tile():
    # final19 textile-normal-1995: a cream floral's ground in a hole of the layout (tiles along
    # three of its sides) read white beside a white tile (two sides), neither with pips; the
    # hole's colour lies nearer the bare table than the white paint, the tile's close to the paint
    layout = [_textile_reading(0, 4, "blue", None), _textile_reading(1, 3, "green", None),
              _textile_reading(2, 3, "red", None), _textile_reading(2, 4, "blue", None)]

    def seen(reading, shown):
        return replace(reading, evidence={**reading.evidence, "colour_seen": shown})

    tile = seen(_textile_reading(0, 3, "white", None, white=2.2), "paint")
    hole = seen(_textile_reading(1, 4, "white", None, white=2.9), "table")
    decoded, doubts = decode_readings(layout + [tile, hole], NESTOR, "textile")
    assert (0, 3) in decoded and (1, 4) not in decoded
    assert any(cell == (1, 4) and attr == "occupied" for cell, attr, _ in doubts)
    # ... not where both show the table: the one on fewer sides goes, as before (tex22
    # textile-hard-1691: a white tile in a lamp's glare 14 from its paint, 7 from the cloth,
    # beside a cell of petals 12 from white)
    glared = seen(_textile_reading(0, 3, "white", None, white=14.0), "table")
    decoded, _ = decode_readings(layout + [glared, hole], NESTOR, "textile")
    assert (0, 3) not in decoded and (1, 4) in decoded


def test_a_textile_face_whose_colour_fits_no_look_is_not_taken_out_for_a_clash():
    # final17 textile-normal-1763: a green tile at a hot spot's edge, read white (16 from white,
    # 32 from green), nearer a paint than the bare table but fitting none: its colour shows
    # neither (colour_seen "neither"), so it is no evidence of a clash with the white tile
    # beside it
    layout = [_textile_reading(0, 4, "blue", None), _textile_reading(1, 3, "green", None),
              _textile_reading(2, 3, "red", None), _textile_reading(2, 4, "blue", None)]
    white = replace(_textile_reading(0, 3, "white", 2, white=2.2), occ_conf=0.99)
    paled = replace(_textile_reading(1, 4, "white", None, white=16.0, green=32.0, yellow=26.0),
                    occ_conf=0.95)
    assert paled.evidence["colour_seen"] == "neither"
    decoded, _ = decode_readings(layout + [white, paled], NESTOR, "textile")
    assert (0, 3) in decoded and (1, 4) in decoded
    # showing the bare table, as a cloth's ground does, it goes
    ground = replace(paled, evidence={**paled.evidence, "colour_seen": "table"})
    decoded, _ = decode_readings(layout + [white, ground], NESTOR, "textile")
    assert (0, 3) in decoded and (1, 4) not in decoded
    # a reading that never measured what its colour shows (no ring of the table to judge by)
    # clashes as any other
    unmeasured = replace(paled, evidence={k: v for k, v in paled.evidence.items()
                                          if k != "colour_seen"})
    decoded, _ = decode_readings(layout + [white, unmeasured], NESTOR, "textile")
    assert not ((0, 3) in decoded and (1, 4) in decoded)


def _washed_enclosed_x_tile(row: int = 1, col: int = 1):
    """(xt50 x-tiles-normal-2585) a face in a hot spot: its north, east and west sectors at
    confidence 0.50, nearest yellow (orange a few units further), its south a clear red:
    yellow, yellow, red, yellow is no X-Tile, and no tile is left for the clear sectors."""
    dist = {"n": {"yellow": 3.0, "orange": 5.8, "blue": 31.2, "red": 33.0},
            "e": {"yellow": 2.9, "orange": 5.7, "blue": 31.3, "red": 33.0},
            "s": {"red": 10.2, "yellow": 30.8, "orange": 32.8, "blue": 40.0},
            "w": {"yellow": 0.7, "orange": 3.5, "blue": 32.9, "red": 35.0}}
    conf = {"n": 0.5, "e": 0.5, "s": 0.93, "w": 0.5}
    named = {"n": "yellow", "e": "yellow", "s": "red", "w": "yellow"}
    return _x_reading(row, col, None, "ew", dist=dist, conf=conf, named=named)


#: its four neighbours as read (the photo's, right): they meet it as orange, orange, red, yellow
ENCLOSING = {(0, 1): {"n": "yellow", "e": "red", "s": "orange", "w": "orange"},
             (1, 2): {"n": "blue", "e": "blue", "s": "red", "w": "orange"},
             (2, 1): {"n": "red", "e": "red", "s": "orange", "w": "blue"},
             (1, 0): {"n": "orange", "e": "yellow", "s": "blue", "w": "blue"}}


def test_an_unclear_x_tile_its_four_neighbours_enclose_is_the_tile_they_meet():
    around = [_x_reading(r, c, edges, "ns") for (r, c), edges in ENCLOSING.items()]
    decoded, _ = decode_readings([_washed_enclosed_x_tile()] + around, XT, "x-tiles")
    assert decoded[(1, 1)][0]["edges"] == {"n": "orange", "e": "orange", "s": "red",
                                           "w": "yellow"}


def test_an_unclear_x_tile_beside_the_layout_whose_clear_sectors_make_no_tile_stays_unknown():
    # (three neighbours: it may be a cloth's print in a notch of the layout)
    around = [_x_reading(r, c, edges, "ns") for (r, c), edges in ENCLOSING.items()
              if (r, c) != (1, 0)]
    decoded, _ = decode_readings([_washed_enclosed_x_tile()] + around, XT, "x-tiles")
    assert decoded[(1, 1)][0]["edges"] is None


def test_an_unclear_x_tile_beside_only_unclear_ones_meets_a_neighbour_taken_before_it():
    # final16 x-tiles-hard-1602: a glare washed a column of tiles; a tile whose only neighbour
    # was itself unclear had no edge to meet when first asked, and was left unknown though that
    # neighbour was taken (under the bar) before the others; asked again after each take, it
    # meets the edge the neighbour was taken with
    from vision.decode import MISFIT_CONFIDENCE, UNCLEAR_TAKEN
    washed = {"n": "orange", "e": "red", "s": "blue", "w": "blue"}
    dist = {e: {n: (2.0 if n == c else 30.0) for n in XT_NAMES} for e, c in washed.items()}
    dist["e"] = {"orange": 12.0, "red": 10.2, "yellow": 10.8, "blue": 40.0}
    conf = {"n": 0.9, "e": 0.1, "s": 0.9, "w": 0.9}
    first = _x_reading(0, 0, None, "ew", dist=dist, conf=conf, named=dict(washed))
    below = _x_reading(1, 0, {"n": "blue", "e": "yellow", "s": "yellow", "w": "red"}, "ns")
    # (its west sector between orange and red: both make a tile of the set)
    beyond = {"n": "yellow", "e": "yellow", "s": "blue", "w": "red"}
    dist = {e: {n: (2.0 if n == c else 30.0) for n in XT_NAMES} for e, c in beyond.items()}
    dist["w"] = {"orange": 10.2, "red": 10.8, "yellow": 30.0, "blue": 40.0}
    second = _x_reading(0, 1, None, "ns", dist=dist, conf=conf | {"e": 0.9, "w": 0.1})
    decoded, doubts = decode_readings([first, below, second], XT, "x-tiles")
    assert decoded[(0, 0)][0]["edges"] == washed
    attrs, confidence, _ = decoded[(0, 1)]
    assert attrs["edges"] == beyond
    assert confidence["edges"] <= MISFIT_CONFIDENCE
    assert ((0, 1), "tile", UNCLEAR_TAKEN) in doubts


def test_an_unclear_card_symbol_takes_the_one_its_neighbours_leave():
    # final19 tapestry-hard-1990: an orange card's art lost (symbol unknown) between a
    # scissors and a rock: orthogonal neighbours never show the same symbol, so it is paper
    me = CellReading(1, 1, True, 0.99, {"colour": "orange", "symbol": None},
                     {"colour": 0.9, "symbol": 0.1}, 0.1, (),
                     {"colour_distance": {c: (1.0 if c == "orange" else 30.0)
                                          for c in TAPESTRY.colours}})
    scissors, rock = _card(0, 1, "orange", "scissors"), _card(1, 2, "yellow", "rock")
    decoded, doubts = decode_readings([me, scissors, rock], TAPESTRY, "tapestry")
    assert decoded[(1, 1)][0]["symbol"] == "paper"
    assert any(cell == (1, 1) and "symbol unclear" in why for cell, _, why in doubts)
    # (one neighbour's symbol, or two alike, leave two: unknown still; a corner tells nothing)
    for others in ([scissors], [scissors, _card(1, 0, "red", "scissors")],
                   [scissors, _card(0, 0, "red", "rock")]):
        decoded, _ = decode_readings([me] + others, TAPESTRY, "tapestry")
        assert decoded[(1, 1)][0]["symbol"] is None
    # (a neighbour's symbol read unsure does not count)
    unsure = _card(1, 2, "yellow", "rock")
    unsure.attr_conf["symbol"] = 0.3
    decoded, _ = decode_readings([me, scissors, unsure], TAPESTRY, "tapestry")
    assert decoded[(1, 1)][0]["symbol"] is None


def test_a_cell_read_as_bare_keeps_how_many_sides_show_a_tiles_outline():
    # (the pipeline joins a small part of the textile through such a cell, see above)
    from vision.cells import _bare_evidence, _Ctx
    from vision.colour import Palette
    ctx = _Ctx(NESTOR, Palette.from_hex(NESTOR.colours), None, None, None)
    assert _bare_evidence(ctx, (0, 0), {}) == {}
    ctx.full_sides = {(0, 0): (True, True, True, False)}
    ctx.sides = {(0, 0): 4}
    # (a cell beside no tile: its three full sides are its own rim)
    assert _bare_evidence(ctx, (0, 0), {}) == {"full_sides": 3, "rimmed": True,
                                                "edge_sides": 4}
    # ... but the same edges along three sides each held by a tile are their rims, not its own:
    # no tile's outline (the empty cell between two parts of the textile)
    taken = {(-1, 0): True, (0, 1): True, (1, 0): True, (0, -1): True}
    assert _bare_evidence(ctx, (0, 0), taken)["rimmed"] is False
