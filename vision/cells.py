"""Read each cell of a rectified (top-down) lattice: occupancy, colours, pips, sectors, symbol.

Public stages: :func:`rectify` (photo + lattice -> top-down image at a fixed number of pixels
per cell) and :func:`read_cells` (top-down image -> :class:`CellReading` per cell).

The top-down image ``td`` is BGR ``uint8``; cell ``(row, col)`` of the lattice occupies
``td[(row - r0) * ch:(row - r0 + 1) * ch, (col - c0) * cw:(col - c0 + 1) * cw]``.
"""
from __future__ import annotations

import contextlib
import contextvars
import itertools
import logging
from collections import abc
import math
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from typing import Any, Callable, Collection, Iterable, Iterator, Mapping

import cv2
import numpy as np

from vision.colour import (UNCLIPPED_BELOW, palette_linear, ColourMatch, Palette, _clip,
                           _fit_forward, as_correction, bgr_to_lab, ciede2000, classify_adaptive,
                           fit_exposure, hex_to_lab, hue_deg, lab_to_bgr, linear_to_srgb,
                           masked_pixels, match_from_distances, median_last, norm3,
                           palette_distance,
                           percentile_last, spans_channels, srgb_to_linear)
from vision.art_light import (MIN_ART_CARDS, WHITE, art_colour, art_residuals, art_white,
                              lab_to_linear, light_of_faces)
from vision.kits import Kit
from vision.xtiles import GROW_FROM
from vision.locate import Lattice, mask_as_float
from vision.hue_groups import (HUE_LINK, SHARE_COST, along_main_axis, chromatic, hue_difference,
                               hue_groups, name_groups, split_by_paint, split_by_hue_gap,
                               shadow_distances, split_by_tone, widest_gap)
from vision.paint_light import fit_with_paint_light, match_cost, paint_light
from vision.pips import (MIN_CONTRAST as PIP_MIN_CONTRAST, PIP_FIELDS, PIP_RADII, blob_response,
                         pip_box, PipReading, pip_centres, pip_rows, pip_spacing, read_pips)
from vision.glare import (CLIPPED_LINEAR, EXPOSURE_STEPS, GLARE_STEPS, GREY_RELOOK,
                          SECTOR_SHADE_RANGE, SHADE_RANGE, discounted_lab, exposed_lab,
                          glare_colour, glare_distances, lamp_like, sector_glare_distances,
                          tile_exposure_distances, toned_glare_distances)
from vision.profile_use import (clip_consistent_distances, clipped_paint_bound_distances,
                                combine_symbol_votes, profile_art_lab, profile_haze_colour,
                                profile_lamp, profile_veil_level, nearest_by_ratios,
                                rules_misread, shaded_distances, split_hue_alike, template_vote)
from vision.symbols import (ART_RIM, ART_TOWARD_WHITE, estimate_blur, apart_from_face, art_side,
                             middle_components, name_symbols, symbol_looks, symbol_mask)

logger = logging.getLogger(__name__)

#: Below this confidence an attribute is reported unknown.
CONFIDENCE_THRESHOLD = 0.5
#: A cell the foreground mask holds at least this much is a tile the mask vouches for (as the
#: clear tiles the texture split and the outline check count, ``fg > 0.9``): its colour shows
#: how its paint looks in this photo's light (see :func:`_unlike_held_paint`).
HELD_FG = 0.9
#: ... but a cell a lamp's hot spot clips over this share (``ctx.blown``: the share of the whole
#: cell) is not judged against them, neither when it is grown nor for the first pass's outline
#: boost: what is left of its face is washed by the spot, in another light than theirs (the
#: share clear faces stay under, measured for vision.decode.WASHED_FACE: under 0.1, white tiles
#: at a hot spot's edge 0.24-0.29; the hued cells the test refused on the 224 Textile
#: development photos, final16-21, tex39, tex40, were clipped 0.012 at most).
HELD_LOOK_GLARE = 0.1
#: A cell next to the layout that the foreground mask left out is a tile when its colour fits a
#: palette colour within this (CIEDE2000) ...
GROW_FIT = 7.0
#: (or when it looks within this of a tile already taken: white tiles under a warm lamp, which
#: the light's estimate left 10-11 from white, seen by their outline on all four sides, and one
#: on three sides beside them of the very same look, 0.5-1 from theirs)
#: ... and lies at least this far from the table's colour: from every look of it (the
#: :data:`TABLE_LOOKS`-th nearest of the ring's cells, so a patterned cloth's squares or stripes of
#: a tile's colour count as table, while one tile on the ring does not).
GROW_APART = 12.0
#: A tile taken with at least this confidence shows the look of its paint in the photo's light.
SURE_TILE = 0.9
TABLE_LOOKS = 3
#: A card's face is plain on a printed cloth (see :func:`_even_on_print`) where its centre spreads
#: (CIELAB, see :func:`_region_stats`) at most the bare table's cells' median over this: a
#: print's cells spread by the ink against the ground in each. (Measured on seven Tapestry
#: photos of cards in a print's ink colour, among them tap16 hard-1053, tap34 hard-2066 and
#: tap19 hard-1392: the cards 0.8-2.6 against gingham, stripes and floral cells of 10-17, 4-12
#: times; cells of the table itself as even as EVEN_SPREAD allows, a print blurred far off or a
#: plain felt's: the cell 7.1-7.9, the bare table's median 1.7-10, 1.3 times at most.)
PRINT_SPREAD = 3.0
#: Rounds of growing (each from the cells decided and grown before).
GROW_ROUNDS = 3
#: Confidence of a colour decided by the sample's hue group (see :mod:`vision.hue_groups`).
GROUP_CONF = 0.6
#: A cell blown out over more than this share is not grown into the layout: it may be the lamp's
#: reflection on the table. (Not a test of occupancy on its own: a white tile in bright light is
#: blown out as much, and shows as little outline on a white table.)
GLARE_PATCH = 0.3
#: A cell whose centre spreads by more than this (CIELAB, see :func:`_region_stats`) counts
#: against its being a tile (:func:`_occupancy`), and a solid-face reading whose tiles spread
#: more is not settled (:data:`vision.pipeline.SETTLED_SPREAD`): a face's paint and pips spread
#: by a few units (0.6-3.2 measured on the tiles' lattices), several tiles' paints and gaps in
#: one cell by tens (31-46). A card's face (art left out, see _card_face_stats) spreads 0.8-2.6;
#: a cell of a printed cloth's colour spreading over this is the cloth (_printed_table; final19
#: tapestry normal-1997's gingham notches: 14-15).
UNEVEN_CELL = 12.0
#: A cell taken for a tile by the second chances below (grown, vouched for) is even: its
#: colours' median spread (CIELAB) at most this.
EVEN_SPREAD = 8.0
#: A die face's two paints (see :func:`_two_paint_spreads`) are told apart at the lightness
#: midway between these percentiles of its centre's: the face's and the pips' paint, whichever
#: covers more (a 1's pip covers a tenth of the centre, a 6's up to half).
PAINT_SPLIT = (10, 90)
#: A die face's pips, large as the independent renderer draws them (a radius up to 0.11 of the
#: face), cover at most about 0.3 of the cell inside :data:`PIP_INSET` (a 6: 6 pi 0.1^2 / 0.8^2);
#: a larger minor paint is no die face's pips (a cloth's checks cover a quarter to a half).
PIP_SHARE = 0.4
#: The cell's margin left out when its minor paint is looked at as pips (the tile's outline).
PIP_INSET = 0.04
#: A minor paint touching the inset's sides but lying within this share of the cell from them
#: is the table or the gap showing beside a face the lattice sits a little off (by up to
#: about 0.06 of the cell; a large pip's nearest point lies 0.12 of the cell from its sides).
PIP_BAND = 0.12
#: A piece of a cell's minor paint reaching in from its sides is a pip the tile's gap touches
#: when it spans at most this share of the cell both ways: a large pip's diameter, 0.22 of the
#: face, blurred by a pixel or two and joined to the gap's shadow by a sliver of it (the
#: independent renderer's white 6 on marble, final13 octopus-hard-804: pieces of 5-6 px in a
#: 24 px cell); a cloth's check covering a quarter of a cell spans half of it.
PIP_EXTENT = 0.35
#: A cell's minor paint along at least this share of one of its inset's sides is the gap
#: beside a tile the lattice sits off (as :data:`RIM_ALONG`: a tile's rim runs along nearly
#: all of a side); a cloth's checks cross a side in pieces, each under half of it.
GAP_ALONG = 0.8
#: When more than this share of the bare table's cells (the view's outer ring) show an edge
#: along at least :data:`EDGY_SIDES` of their sides, the table's pattern makes edges (stripes or
#: checks, crossing a cell's sides aslant as well as along them): they are no evidence of a tile
#: in a colour the table shows too.
EDGY_TABLE = 0.5
EDGY_SIDES = 3
#: The light is fitted on the cells that clearly stand out only when there are this many: a few
#: tiles of near colours (two pinks and a red) would pull it their way.
MIN_LIGHT_CELLS = 5
#: Cards' light is fitted again on the cells standing out that also lie apart from the table's
#: colour (:data:`GROW_APART`), and taken where it names them at least this many times as
#: closely (median CIEDE2000 to the palette as lit) as the light fitted on every cell standing
#: out (see :func:`_light_apart_from_table`): a textured cloth (a linen) spills the foreground
#: mask over bare cells, and the light fitted on the cards together with a score of cells of
#: the cloth makes the cloth a paint and the cards' own paints loose fits. (tap44
#: tapestry-normal-2710: a beige linen, some 40 of its cells in the mask, fitted as yellow
#: within 8.5 while four orange cards fell 26-27 from every paint, occupied at p 0.45-0.49
#: and missed on every lattice; the cards apart from the table at a median 12.6-13.1 under
#: that light, 1.5-1.7 under their own: all 28 read. final16 tapestry-normal-1605, a linen
#: with a lamp's hot spot and washed cards: 0.7-1.4 times, the light as before; taken there
#: regardless, it read a lit patch of the linen as an orange card.) Twice: a round factor
#: between the two; the light fitted on a subset always names it a little closer. Cards
#: only: the other kits' light was not measured so.
LIGHT_APART_GAIN = 2.0
#: ... and only where the light fitted on all the cells standing out names those apart from
#: the table this poorly (their median CIEDE2000 to the palette as lit) or worse: half
#: :data:`LOOSE_FIT`. A light that names them within it is no cloth's doing, and a refit on
#: a few paints' cards (a cloth near the others' colours) always names those closer, at the
#: others' cost (review: blue and purple cards apart 5.8 -> 2.3 while the other cards fell
#: from 7.3 to 17.1). tap44 normal-2710's cards were named at 12.6-13.1.
LIGHT_APART_POOR = 9.0
#: The face models whose light is fitted so (cards: the Tapestry kit's symbol faces).
LIGHT_APART_FACES = ("symbol",)
#: A card's symbol shows when at most this share of its art lies in the cell's outer tenth (the
#: scissors' blades reach out, and a cell a little off its card shifts the art; a light stripe
#: of the table runs right across).
SYMBOL_RIM = 0.2
#: A card's face is one colour around its art (glare and shade change it smoothly): a cell with
#: more than this share of the face around the art (:func:`_card_ring`) on a sharp edge of
#: lightness (over :data:`PATTERN_STEP` L* per pixel) is a patterned cloth's checks or stripes,
#: whatever its middle shows (a cloth's light square looks like a card's paper). Measured on the
#: rendered dev photos: cards at most 0.08, a gingham's squares 0.26-0.66.
PATTERN_EDGES = 0.2
PATTERN_STEP = 3.0
#: The art's own outline is no pattern: a large print (a sheet of paper, a hand's thumb) reaches
#: from the middle into the ring, and spreads the rows and columns it crosses so that the card's
#: box is not found (the cell's own ring then takes in the card's outline). The face is then
#: judged again without the art (the symbol mask) widened by this many pixels (a 3x3 Sobel
#: answers a pixel either side of a step, and the art's blurred edge reaches a pixel past the
#: mask), its box found with the art on the card ...
ART_EDGE_REACH = 2
#: ... where a card's face shows at most this share of sharp edges, a cloth's checks more.
#: Measured on the independent renderer's cards and gingham cloths: final10 hard-401's red paper
#: cards (two dropped as a cloth), 0.20-0.22 of the ring on edges as before, 0.000-0.010 without
#: their art; the cards of final4 hard-073 and final8 hard-115 at most 0.09 (one purple hand,
#: a neighbour's edge in its cell, 0.14); the gingham cells of dev hard-8004 and final4 hard-073
#: 0.16-0.26.
PATTERN_BESIDE_ART = 0.12
#: A card's face within a cell: its pixels lie within this (CIELAB) of the face's colour (the
#: ring's median; glare and shade drift smoothly across a card, about 10 L* from the middle) ...
FACE_NEAR = 15.0
#: ... in the rows and columns of which more than this share is face (the art takes at most about
#: half a row; a card's edge row, blurred, less than this) ...
FACE_LINE = 0.4
#: ... which span at least this share of the cell (else the ring is the cell's).
MIN_FACE_BOX = 0.6
#: A row or column of a gap between cards (see :func:`_run_through_middle`) holds less than this
#: share of face: a thin line of no face, not merely a row under :data:`FACE_LINE`, where the
#: art's rows lie (the art takes at most about half a row, its outline blurred past it). Half
#: FACE_LINE, not fitted (a review's point; no reading of the 236 Tapestry development photos
#: changed with it).
FACE_GAP_LINE = FACE_LINE / 2
#: A run of rows or columns of no face wholly this near a cell's side (a share of its height or
#: width), with face on both sides of it, is the gap that ends the card (see
#: :func:`_run_through_middle`): a lattice "a little off" the cards puts the gap a few pixels in
#: from the cell's side (final19 tapestry hard-1992: 5 of 44 and 61 pixels); the art lies
#: further in (the inner box of :func:`_card_ring` starts at 0.18 of the width, 0.22 of the
#: height). Not fitted, but bounded by two photos (a lattice further off than this reads a card
#: so no longer): 0.14 read hard-1992 0 -> 1 wrong; 0.18 (whole run in the band) read tap42-old
#: hard-916 0 -> 6, a card's gap through row 9 of 61 then cut on a lattice off the cards.
FACE_GAP_BAND = 0.16
#: A glossy card under the lamp's reflection shows its paint plus a sheen of the light (a share
#: of the light on white, added to every channel alike before the camera's gain): lighter and
#: paler, its hue kept (a red card pink, an orange one pale orange), where the light fitted on
#: the photo's cards predicts its paint darker and more saturated, and a neighbouring paint
#: lighter (orange, yellow) may lie nearer. A card's colour is named by its distance to each
#: paint with the sheen that fits it best among these (linear light, share of white) ...
SHEEN = (0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5)
#: ... each costing this much (CIEDE2000 units per unit of sheen), so that a card fitted by its
#: paint as lit keeps it.
SHEEN_COST = 20.0
#: Two hue groups of cards (see :mod:`vision.hue_groups`) share a paint's name only when naming
#: one of them apart costs more than this per card (CIEDE2000 units; sector tiles keep
#: :data:`vision.hue_groups.SHARE_COST`, 3): a card's colour is the median of its whole plain
#: face, so groups of clearly different hue are different paints more surely than a tile's
#: small sectors are. Measured: two red cards under a 3000 K lamp, 18 Delta H* from the orange
#: ones, 4.5 per card nearer the orange paint as lit than the red, were named orange with them
#: at 3 (the independent renderer's normal 001); 6 read the same on every other Tapestry photo.
CARD_SHARE_COST = 6.0
#: Cards of one hue group (see :mod:`vision.hue_groups`) are two paints after all when each
#: card fits its own nearest paint as lit within this (CIEDE2000; :data:`GROW_FIT`, what fitting
#: a paint means for a tile beside the layout) and none fits the other cards' paint as closely:
#: hue alone does not tell red from orange cards under a warm lamp (it pulls the red towards
#: orange), where their lightness and chroma still do, as the light fitted on the photo's
#: cards predicts them. A card in the lamp's reflection or a shadow, which hue grouping names
#: with its paint's other cards, fits no paint as lit that closely (a sheen of the light may
#: fit it, see :data:`SHEEN`, but how much sheen is free, so that fit names it less surely:
#: glared red cards of the independent renderer's hard 002, 5.7-6.6 from orange with a sheen,
#: 7.9-9.7 from red, are 9.8-11.4 from any paint as lit). Measured: the independent
#: renderer's normal 074 (seeds 70-75), red cards 3.4-4.0 from red as lit and 10.6-11.5 from
#: orange, orange ones 4.3-4.9 from orange and 10.7-11.4 from red, 4 Delta H* apart: all six
#: red cards were named orange with them.
CARD_PAINTS_APART = GROW_FIT
#: A card in the lamp's hot spot is washed out nearly to white (L* 84-93, 25-28 from every paint
#: even with the strongest sheen of :data:`SHEEN`) and uneven (the spot's edge crosses it), so
#: neither its colour nor its evenness makes it card-like; but its outline (rim and gap) runs
#: along its sides as any card's, and its white art still shows on the pale face. A cell the
#: foreground mask holds over more than this share, apart from the table, with an outline
#: along :data:`OUTLINE_FULL` sides or more, is card-like too: its symbol may vouch for it
#: (see :func:`_vouched_cards`). A lamp's reflection on the bare table has no outline, a coin
#: none along a cell's sides. (Measured: the independent renderer's hard 071, four cards in
#: the hot spot, the mask 1.0 on each, full outlines on 3-4 sides; one of them washed out with
#: its art, blown out over 58%, outlined all round, the only card beside the layout's.)
#: Where most of the photo's clear cards show no outline (see :func:`_occupancy`), none is asked
#: of a hot-spot card either; its colour unlike every look of the bare table stands in for it
#: (see :func:`_hot_spot_card`).
HOT_SPOT_CARD_FG = 0.6
#: A card's face (its art and the art's outline left out) blown out over more than this share
#: lies in a lamp's hot spot, its colour the paint plus the lamp's sheen (see
#: :func:`_in_glare`): a shade or faint art clips none of a face, a lamp's reflection clips it
#: where it is strongest, and a card at the spot's edge shows only a sliver of that. (Measured
#: on the independent renderer's Tapestry photos, cards whose art showed only against their
#: face fitted as a smooth surface: in hot spots 1.4-47% of the face blown out, final11
#: hard-605, hard-200, hard-575, normal-571; elsewhere 0%, 60 cells of 10 photos. At 5%
#: hard-605 1 -> 4 wrong cells, a card at the spot's edge, 1.4% clipped, back in the light's
#: fit.) White art may clip on any card in bright light: it is left out.
GLARE_FACE = 0.0
#: The light is fitted on the photo's cards; a paint few of them show (one blue card among
#: yellow, orange and green ones under a warm lamp) it predicts loosely, and such a card, off
#: its cell a little (its outline along one side only), fits its paint as lit 11-13 away
#: (the independent renderer's hard 055), over :data:`GROW_FIT`. A cell the foreground mask
#: holds over at least this share, apart from the table, even, within :data:`HELD_CARD_FIT` of
#: a paint, is card-like (its symbol may vouch for it, see :func:`_vouched_cards`): a coin or a
#: hand leaves most of a cell's centre to the table.
HELD_CARD_FG = 0.9
#: It also bounds how far (mean per card) a paint no card group is named may lie from a group
#: it renames (vision.hue_groups._named_by_a_spare_paint): drifted reds 12.4 from red (tap15
#: hard-923); groups of one card split off their paint, 22-41 from every spare paint.
HELD_CARD_FIT = 2.0 * GROW_FIT
#: A cell's colour further than this (CIEDE2000) from every palette colour counts against a
#: tile there, the more the further (see _occupancy).
LOOSE_FIT = 18.0
#: A cell whose colour lies further than this (CIEDE2000) from every palette colour is no tile,
#: however much it stands out from the table.
ALIEN_COLOUR = 24.0
#: A cell the mask holds, apart from the table and its looks, is card-like when its colour lies
#: within this (CIEDE2000) of a paint as lit with a sheen of the light (a card washed out by a
#: lamp's veil, see :func:`_veiled_card_like`): no further than any tile's colour may lie.
VEILED_CARD_FIT = ALIEN_COLOUR
#: A solid tile's cell blown out over more than this share, with an edge along one side at most
#: and no pips seen, is the lamp's reflection on the table.
GLARE_SUSPECT = 0.5
#: Where every tile lies pips up, a cell with an edge along at most this many sides (a
#: neighbour's) and no pips seen is the bare table, whatever its colour (see read_cells): a tile
#: shows its rim against the table or its neighbours, and its die face. (The independent
#: renderer's lamp hot spot on a cream cloth, final3 octopus normal 061: 0-1 sides, white.)
DIE_FACE_SIDES = 1
#: ... and whose die layouts' pips stand out by less than this (CIELAB lightness, either
#: polarity, see :data:`vision.pips.MIN_CONTRAST`): a smooth surface, no pips at all (the cream
#: cloth's hot spot of final3 octopus normal 061: 0.2-0.9; a woven grey linen's threads in a
#: lamp's hot spot, final2 octopus normal 054: 3.2); a tile blurred by motion keeps pips of
#: faded contrast, under MIN_CONTRAST but well above this (oct8dev octopus hard 110: 7-9). (The
#: middle of the gap between the table's 3.2 and the faded pips' 7.) (Also decode's floor for
#: faded light pips that move a face to the set's tile of the other pip polarity, see
#: vision.decode._pips_show_as.)
DIE_FACE_FLAT = 5.0
#: A cell with an edge along one side at most is a tile only if its colour fits the palette (under the
#: light) closer than this (CIEDE2000), and closer than it fits the bare table.
OUTLINE_FREE_FIT = 10.0
#: ... or if its outline shows in colour along this many sides at least (see
#: :func:`_colour_sides`): the cells' edges are measured on lightness, and a tile whose paint
#: has the table's lightness shows its outline as a change of hue and chroma only (a blue tile
#: on brown wood: L* 42 against 46, 39 apart in colour, one lightness edge, the independent
#: renderer's final3 textile normal 063); a patch of the table (a hot spot, a stain) keeps the
#: table's hue, and its edges in colour are none or ragged. (Only for a cell even as a tile's
#: paint is, see ``steady`` in :func:`_occupancy`: a thing on the table far from every paint,
#: uneven, spread 9.2, in oct8dev octopus normal 112, shows edges in colour too.)
COLOUR_OUTLINE = 3
#: A cell shows a tile's outline when an edge lifts the mean gradient along each of its four
#: sides and runs all along (see :func:`_full_sides`) at least this many: a polka-dot cloth's
#: dots crossing the borders of a bare cell made four such sides but one or two full ones (a
#: full one at most where no tile lay beside it; the independent renderer's textile normal 105);
#: a tile set off the lattice by a tenth of a cell (a run of tiles pushed aside) shows three,
#: its fourth rim out of the band searched (dev textile hard 7002).
OUTLINE_FULL = 3
#: A cell the foreground mask left out is taken for its outline (edges on its four sides, all
#: along :data:`OUTLINE_FULL`, see _occupancy) where its colour lies within this of the palette
#: (CIEDE2000) ...
OUTLINED_FIT = 12.0
#: ... or, as even as a tile's face (spread at most :data:`EVEN_SPREAD`), within this: the
#: loose fit past which a colour counts against a tile anyway (:data:`LOOSE_FIT`). White tiles
#: in a shade the light fitted on the coloured tiles does not predict lie 12-16 from the white
#: paint (final23 textile-hard-3009, four on a red-dotted white cloth, where the view's ring is
#: no one surface and no tile is grown beside the layout; final18 hard-1890, final22
#: hard-2809); the cloth's cells that would pass with them were uneven, spread 14-17 (tex39
#: textile-hard-2530, textile-normal-2528). Textile only, and only where the table gives no
#: model or the cell stands apart from it (review: a plain cloth's bare hole in a shade lies
#: 12-16 from white too, but within a few units of the table).
OUTLINED_EVEN_FIT = LOOSE_FIT
#: A cell uneven as one paint is looked at as a die face's two paints (see
#: :func:`_two_paint_spreads`) where an edge runs all along this many of its sides at least
#: (:func:`_full_sides`): a tile's outline, but for one side where the table beside it is of
#: nearly its own paint (a white 6 on a cream table between two tiles: its rim against the
#: cream shows no full edge; final10 octopus-normal-400), or where a clear edge runs along this
#: many (:func:`_edge_sides`): a white tile's rim on pale wood, between notches, makes a clear
#: edge but along under half of its sides (final14 textile-hard-1103: two white 6s, full
#: along 1-2 sides, an edge along 3). Its pips and their paint, read after, decide (see
#: :func:`_vouched_by_pips`).
PAINTS_OUTLINE = 3
#: ... and only if its colour lies further than this from every look of the bare table under
#: more light and white glare (see :func:`_surface_looks`, :func:`_from_surface`) when it is
#: at least :data:`HOT_SPOT_L` lighter than the table (L*): a lamp's hot spot on the table.
#: (Measured on the independent renderer's photos: hot spots on brown and orange wood 2.0-8.1;
#: a tile on a lattice a third of a cell off, half on a grey wood, 7.9-8.6.)
LIT_TABLE = 10.0
HOT_SPOT_L = 5.0
#: a cell taken though it is the lit table's colour is the table (a hot spot in a corner of the
#: layout) when at least this many of its sides border the bare table and they show no edge
#: (see :func:`_lit_table_in_corners`). (Measured: the hot spot of the own renderer's
#: textile-hard-1201 in a corner of two tiles, two bare sides without an edge; a white tile on
#: orange wood between three tiles, independent final3 textile-hard-063, one bare side without
#: a full rim; blown white tiles on dark wood, dev textile-hard-7003, an edge on a bare side.)
HOT_SPOT_FREE = 2
#: On a board, a cell whose sector tile shows its diagonals (lighter or darker than beside them
#: by more than this, in L*: a set prints its sectors apart with light or with dark lines) and
#: sectors of different hues (their (a*, b*) this far from their mean on average), or sectors
#: twice as far apart without lines seen, holds a tile however washed out its colours are
#: (glare): the board's empty cell is one plain surface. (Measured on the independent
#: renderer's black-lined set: a one-colour tile washed out in the hot spot -2.0 with hues 4.3,
#: final20 twelve-tiles-hard-2103; the board's 31 empty cells within 0.5 either way.)
DIAGONAL_LINES = 0.8
SECTOR_HUES = 3.0
#: A board's cell the surface's looks (:func:`_surface_looks`) leave at least this far
#: (:func:`_from_surface`) to count as a tile, where the cell shows no trace of a drawing (see
#: :func:`_shows_no_drawing`); elsewhere 7 (or three times the surface's spread). The looks
#: model a glare in the camera's white, and a warm lamp's hot spot tints the bare board: its
#: plain cells lie up to 9.9 from those looks (final21 twelve-tiles-hard-2309, 6.6-9.9;
#: final16 normal-1605, 7.8-9.2), while a tile showing no drawing is a one-colour tile, whose
#: paint lies further even washed out in a hot spot (measured on every plain cell of the 236
#: Twelve Tiles development photos: tw12 hard-2610's blue tile 16.4, hard-2601's 18.0, the
#: rest 22 and more). 12: between the two, nearer the tinted board (a round value, not fitted).
PLAIN_CELL_FROM = 12.0
#: Two board cells showing the same surface lie within this in (a*, b*) and
#: :data:`SURFACE_SAME_L` in L* of each other: the bounds :func:`_board_surface` groups the
#: empty cells by (not fitted anew).
SURFACE_SAME_AB = 4.0
SURFACE_SAME_L = 8.0
#: The looks of a bare surface (:func:`_surface_looks`) reach this much less light than the
#: surface as measured (linear, a shadow) ...
SHADE_MIN = 0.4
#: ... and this much more (a lamp's hot spot, with its white glare added).
GLARE_GAIN_MAX = 4.0
#: A board's surface is the colour most of its inner cells share (:func:`_board_surface`), and a
#: lamp's hot spot may cover most of its empty cells: the surface is then measured in the hot
#: spot, up to :data:`GLARE_GAIN_MAX` brighter than the bare board beside it, whose cells in a
#: shadow lie :data:`SHADE_MIN` below that again. So a board's looks reach SHADE_MIN /
#: GLARE_GAIN_MAX = 0.1 of the surface (not fitted: the two bounds the looks already had).
#: (Measured: final23 twelve-tiles-hard-3008, a grey board's surface at L* 73 in the hot spot,
#: its bare cells away from it down to L* 26, 0.10 of it in linear light: eight read as blue
#: tiles, 8.8-12.7 from the looks as they were, all of them plain.) It covers a brighter light
#: over the measured surface, not a glare that pales a coloured board's hue (checked in review
#: on a grey board: a tan or wood board measured through glare 0.2-0.3 keeps its bare cells
#: beside the hot spot 7-15 away); do not widen it without a coloured board to measure.
BOARD_SHADE_MIN = SHADE_MIN / GLARE_GAIN_MAX
#: A board cell's sectors apart in hue alone (see :func:`_glare_falloff`) whose sector furthest
#: from the bare surface's looks lies within this of them are the light's falloff across the
#: bare board, not a tile's drawing, whatever the board's own spread: the four such bare cells
#: of the 260 Twelve Tiles development photos lie 2.1-3.6 from the looks, the one washed tile
#: measured 9.1 (final13 twelve-tiles-hard-805) and the kit's paints washed pale on tan and
#: cream boards 8.6-10 (drawn in review); 7, the plain margin a cell's colour must clear on an
#: even board (see :func:`_board_cell_logit`), lies between.
FALLOFF_APART = 7.0
#: ... where the glare lifts the cell at least this far above the surface's lightness (L*): the
#: looks' error in the glare's tint grows with the glare added. (Measured: the plain cells of
#: hard-2309 and normal-1605 lie 46-72 above their dark boards (L* 28-35); the independent
#: renderer's hard seed 516 (tests/vision/test_board.py), washed one-colour yellow tiles on a
#: white board (L* 99) as pale as its empty cells, 10-11 from its looks, within 6 of its
#: lightness. 20: a hot spot's glare, not the light's unevenness; a round value.)
GLARE_LIFT = 20.0
#: ... on a board no lighter than this (L*): the boards measured were dark (L* 28-35); on a
#: mid-tone board a washed one-colour tile lifted by a hot spot may lie 10-11 from the looks,
#: as on seed 516's white board, and no such board was measured (a round value).
DARK_SURFACE_L = 50.0
#: A solid tile's pips read with this confidence vouch for a die face, in a cell of a colour
#: within this (CIEDE2000) of the palette, however the occupancy decision went.
PIPS_VOUCH = 0.8
PIPS_FIT = 15.0
#: Where tiles may lie pips down (Textile), a cell beside the layout that shows a tile's outline
#: on every side but one, its own rim among them (:func:`_rimmed_but_one`), and a colour within
#: :data:`RIMMED_FACE_FIT` (CIEDE2000) of a paint is vouched for by pips of a pip paint read with
#: this confidence, under :data:`PIPS_VOUCH`: its outline and its clear colour are evidence of
#: their own (a tile of a colour the cloth shows, green on a green-striped cloth, which the mask
#: leaves out: final24 textile-hard-3401, two such faces, 5 and 6 pips read at 0.63 and 0.69).
#: (Midway between :data:`PIPS_VOUCH` and the 0.5 at which a count is no likelier than not. The
#: bar rests on that one photo's two faces, 0.63 and 0.69, and on nothing else; and since only a
#: table without rims of its own admits such a face (:func:`_rims_on_table`), that photo's
#: striped cloth, rims along 0.21 of its bare cells, keeps even those two out.)
RIMMED_PIPS_VOUCH = 0.6
#: ... the colour: within this of a paint, as clear tiles lie (the clear tiles of the hard
#: style's development photos fit 2-5; a cell mixing a cloth's stripes, or a shadow, lies
#: further).
RIMMED_FACE_FIT = 6.0
#: A solid tile's face is one paint: smooth, where a woven or printed cloth shows its threads and
#: lines. The texture of a cell is the upper quartile of its centre's lightness gradient
#: (:func:`_face_texture`); it tells tiles from the table when the bare table (the view's outer
#: ring, median) is at least this many times as textured as the clear tiles (median) ...
TEXTURE_APART = 4.0
#: ... and then a cell is smooth like a tile up to the tiles' texture times this root of the
#: ratio, and textured like the table from the tiles' texture times its square. Measured on the
#: independent renderer's photos: tiles 5-10, a linen 35-75 and a tartan 60-100 (ratio 10-12);
#: tiles on felt or gingham show no such ratio (felt as smooth, pips as textured as the checks).
TEXTURE_ROOT = 3.0
#: The share of a cell's side left out of its centre for the texture (the outline, a
#: neighbour's seam and a tile a little off its cell stay out).
TEXTURE_MARGIN = 0.2
#: The texture needs this many clear tiles to be measured on.
TEXTURE_TILES = 4
#: The marks on a cell's centre are its lightness gradient at this quantile (see
#: :func:`_face_texture`): a print's motif or a pip crossing 3 % of the centre shows in it.
MARKS_QUANTILE = 0.97
#: A cell whose marks are at most this (grey levels per pixel) shows a plain face, no print
#: (see :func:`_clean_on_print`): plain white tiles missed on printed cloths measured 2.0-2.3
#: (final23 textile-normal-3008 on dots, tex39 textile-normal-2526 on a floral), the bare
#: cloth's cells 50-67 at the ring's median, 3-60 at its 5th percentile (a floral's ground
#: between flowers); a few times the faces' own, far under the print's. Set between those
#: few photos' values (the two missed tiles and the cloths' cells), not measured more widely.
CLEAN_FACE = 8.0
#: ... on a printed cloth: one whose bare cells (the view's outer ring) are as clean at most
#: this share of them (dots: none; a floral's ground between its flowers: 0.03-0.1, a sparse
#: floral's 0.27-0.28, final20 textile-hard-2108; a marble's, a felt's 0.7-1.0, where the
#: cells' marks say nothing). Set from that one photo: 0.35 lies above its 0.27-0.28 (at 0.15
#: it read one more cell wrong there) and well under the felts' and marbles' 0.7 and over.
PRINT_CLEAN_SHARE = 0.35
#: ... of at least this many bare cells (twice :data:`TEXTURE_TILES`, the clear tiles the
#: texture is measured on).
PRINT_RING_CELLS = 8
#: A cell smooth like the tiles where the table is textured, with an outline along two sides,
#: may join the layout with a colour this far (CIEDE2000) from the palette (as a tile seen by its
#: outline all round may, see _occupancy), not only a close fit (GROW_FIT) ...
TEXTURE_FIT = 12.0
#: ... and with an edge along this many of its sides at least (see :func:`_edge_sides`): a
#: tile's shadow falls along the sides away from the lamp, and its lit sides show no edge
#: against a cloth of nearly its paint (a white tile at a corner of the layout on a cream
#: plaid, its shadow along one side only: tex12 textile-normal-717; two sides were asked
#: before, one more read on 44 Textile photos, no other board changed on them nor on 30 more
#: and 24 Octopus photos). A candidate touches the layout, and the side it shares with a tile
#: shows that tile's rim, so one side asks little beyond smoothness and colour: a plain patch
#: of a cream cloth beside the layout passes too. An edge asked on a side of its own (no tile
#: beyond it) lost three real tiles of 74 Textile photos (15 -> 18 wrong: their own sides show
#: edges along 0.0-0.27 of them), so it is not asked (but where the bare table shows smooth
#: cells of the cell's colour itself, a floral's plain ground, see _occupancy) ...
SMOOTH_SIDES = 1
#: ... and with up to this share of its centre blown out: a white tile in the lamp's hot spot
#: (the own renderer's textile-normal-1100, a third clipped, the rest 8 from white); its texture
#: still comes from the part not clipped (the upper quartile of the gradient, see
#: _face_texture), where a hot spot on the table keeps the table's grain.
TEXTURE_GLARE = 0.5


@dataclass(frozen=True)
class TopDown:
    """A rectified view: ``image`` (h, w, 3) BGR; ``cw``, ``ch`` pixels per cell; ``r0``, ``c0``
    the first row and column; ``rows``, ``cols`` counts."""

    image: np.ndarray
    cw: int
    ch: int
    r0: int
    c0: int
    rows: int
    cols: int

    def cell(self, row: int, col: int, *, margin: float = 0.0) -> np.ndarray:
        y = (row - self.r0) * self.ch
        x = (col - self.c0) * self.cw
        my, mx = int(round(margin * self.ch)), int(round(margin * self.cw))
        return self.image[y + my:y + self.ch - my, x + mx:x + self.cw - mx]


def rectify(image: np.ndarray, lattice: Lattice, *, cell_px: int = 48, aspect: float = 1.0,
            pad: float = 0.0) -> TopDown:
    """Warp the lattice's cells of ``image`` to a top-down view, ``cell_px`` pixels per cell width
    and ``cell_px * aspect`` per cell height. ``pad`` (cells) widens the view on all sides."""
    cw = int(cell_px)
    ch = int(round(cell_px * aspect))
    r0 = lattice.rows[0]
    c0 = lattice.cols[0]
    nr = lattice.rows[1] - r0 + 1
    nc = lattice.cols[1] - c0 + 1
    # top-down pixel (u, v) -> lattice (c0 + (u + 0.5) / cw, r0 + (v + 0.5) / ch)
    T = np.array([[1 / cw, 0, c0 + 0.5 / cw], [0, 1 / ch, r0 + 0.5 / ch], [0, 0, 1.0]])
    M = lattice.H @ T
    td = cv2.warpPerspective(image, M, (nc * cw, nr * ch), flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                             borderMode=cv2.BORDER_REPLICATE)
    return TopDown(td, cw, ch, r0, c0, nr, nc)


def rectify_mask(lattice: Lattice, td: TopDown) -> np.ndarray | None:
    """The lattice's foreground mask (work resolution) warped onto the top-down view ``td``:
    float32 ``(h, w)`` in [0, 1], or ``None`` when the lattice has no mask."""
    if lattice.fg is None:
        return None
    T = np.array([[1 / td.cw, 0, td.c0 + 0.5 / td.cw], [0, 1 / td.ch, td.r0 + 0.5 / td.ch], [0, 0, 1.0]])
    S = np.diag([lattice.work_scale, lattice.work_scale, 1.0])
    M = S @ lattice.H @ T
    h, w = td.image.shape[:2]
    return cv2.warpPerspective(mask_as_float(lattice.fg), M, (w, h),
                               flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderValue=0.0)


@dataclass(frozen=True)
class CellReading:
    """What one cell shows. ``attrs`` holds the game attributes (``colour``, ``pips``, ``edges``,
    ``long_axis``, ``symbol``; ``None`` when undecided); ``confidence`` 0-1 for the whole tile;
    ``attr_conf`` per attribute; ``doubts`` human-readable reasons."""

    row: int
    col: int
    occupied: bool
    occ_conf: float
    attrs: dict = field(default_factory=dict)
    attr_conf: dict = field(default_factory=dict)
    confidence: float = 0.0
    doubts: tuple = ()
    #: the evidence behind the attributes, for decoding through the kit (solid faces:
    #: ``colour_distance`` {colour: distance to it under the light}, ``colour_seen``
    #: "table" or "paint", what its colour shows (see _colours_seen), ``blown`` the share of the
    #: cell blown out by glare, ``pip_prob`` {+1 / -1 (pips lighter / darker than the face):
    #: probabilities of 1-6 pips}; sector faces:
    #: ``sector_distance`` {edge: {colour: distance}}, ``sector_conf`` {edge: confidence},
    #: ``sector_lab`` {edge: [L, a, b]} its median colour as measured, square ones
    #: ``sector_apart`` {edge: (colour named, the tile-mate's it is not)} for sectors named
    #: apart from a tile-mate of their nearest paint, or named their tile-mates' paint against
    #: their own nearest, then the paint they are not; X-Tiles ones renamed by their grooves'
    #: light steps, :func:`_named_by_groove_steps`: (colour named, the one named before));
    #: empty when not read.
    evidence: dict = field(default_factory=dict)


# --------------------------------------------------------------------------- sample masks

def _disc(h: int, w: int, cx: float, cy: float, r: float) -> np.ndarray:
    yy, xx = np.mgrid[0:h, 0:w]
    return ((xx + 0.5 - cx) ** 2 + (yy + 0.5 - cy) ** 2) <= r * r


def _triangles(n: int, inset: float = 0.12, band: float = 0.07) -> dict[str, np.ndarray]:
    """Masks (n, n) of the 4 triangles of a square cell (n/e/s/w), away from the diagonals and
    the rim."""
    yy, xx = (np.mgrid[0:n, 0:n] + 0.5) / n - 0.5
    rim = (np.abs(xx) < 0.5 - inset) & (np.abs(yy) < 0.5 - inset)
    off = (np.abs(np.abs(xx) - np.abs(yy)) > band)
    core = rim & off
    return {"n": core & (yy < -np.abs(xx)), "s": core & (yy > np.abs(xx)),
            "e": core & (xx > np.abs(yy)), "w": core & (xx < -np.abs(yy))}


def _robust(lab: np.ndarray) -> tuple[np.ndarray, float]:
    """Median Lab of samples ``(N, 3)`` after trimming the lightness tails; and their spread
    (median Euclidean distance to the median). (Also used by ``calibration.measure``.)"""
    if len(lab) == 0:
        return np.array([50.0, 0, 0]), 99.0
    L = lab[:, 0]
    lo, hi = (percentile_last(L, q, together=True) for q in (10, 90))
    keep = (L >= lo) & (L <= hi)
    sub = lab[keep] if keep.sum() >= 3 else lab
    med = median_last(sub.T)
    spread = float(median_last(norm3(sub - med)))
    return med, spread


def _region_stats(cells: np.ndarray, mask: np.ndarray, exclude: np.ndarray | None = None,
                  *, spread: bool = True) -> tuple[np.ndarray, np.ndarray | None]:
    """Per cell, the median Lab of the pixels under ``mask`` and their spread.

    ``cells`` is ``(N, h, w, 3)``, ``mask`` ``(h, w)`` bool; ``exclude`` ``(N, h, w)`` bool marks
    pixels to leave out (blown-out glare), unless a region has nothing else. Returns ``(N, 3)``
    medians and ``(N,)`` median distances to them (a robust measure of how uniform the region
    is; ``None`` without ``spread``). Each cell's statistics are its own pixels' alone.
    """
    x = masked_pixels(cells, mask)  # (N, k, 3)
    if x.shape[1] == 0:
        return np.full((len(cells), 3), 50.0), np.full(len(cells), 99.0) if spread else None
    # (the median along the last, contiguous axis: a third faster than along the middle one)
    med = median_last(x.transpose(0, 2, 1))
    spreads = median_last(norm3(x - med[:, None, :])) if spread else None
    if exclude is not None:
        ex = masked_pixels(exclude, mask)
        rows = np.flatnonzero(ex.any(axis=1))
        if len(rows):
            keep = ~ex[rows]
            xr = x[rows]
            med[rows] = _masked_median(xr, keep)
            if spread:
                d = norm3(xr - med[rows][:, None, :])
                spreads[rows] = _masked_median(d[..., None], keep)[:, 0]
    return med, spreads


# --------------------------------------------------------------------------- reading


@dataclass
class _Ctx:
    kit: Kit
    palette: Palette
    profile: Mapping | None
    td: TopDown
    lab: np.ndarray | None  # (h, w, 3) float32 Lab of td.image (or of a part at lab_origin)
    fg: dict | None = None  # foreground fraction of each cell's centre
    sides: dict | None = None  # number of the cell's sides that show an edge
    blown: dict | None = None  # share of blown-out (glare) pixels in each cell
    blown_px: dict | None = None  # (ch, cw) bool blown-out pixels of each cell
    symbols: dict | None = None  # card cells: (background Lab, symbol mask)
    lab_origin: tuple = (0, 0)  # top-left pixel (y, x) of ``lab`` in the view
    framed: bool = False  # the view is a board's framed window (see read_cells)
    best_fit: dict | None = None  # sector tiles: CIEDE2000 of each cell's best-fitting sector
    drawn: dict | None = None  # sector tiles: (diagonal lines' contrast, sectors' hue spread)
    sector_labs: dict | None = None  # sector tiles: (4, 3) Lab of each cell's sectors (n/e/s/w)
    card_like: list = field(default_factory=list)  # cells left out, perhaps cards (see _occupancy)
    unlike_table: set = field(default_factory=set)  # cells unlike every look of the bare table
    uneven_art: set = field(default_factory=set)  # cards seen by their art on an uneven face
    hot_art: set = field(default_factory=set)  # cards kept in a hot spot's glare (_in_glare)
    card_hot: set = field(default_factory=set)  # ... of them, perhaps cards in a hot spot
    by_art: set = field(default_factory=set)  # card-like, the art alone decides (_unlike_card_like,
    #                                          _even_on_print)
    ring_cards: set = field(default_factory=set)  # the window's ring: cards seen (_ring_cards)
    pip_candidates: list = field(default_factory=list)  # cells whose pips could vouch for a tile
    outlined: set = field(default_factory=set)  # of them, those with a tile's outline all round
    washed_only: set = field(default_factory=set)  # ... candidates only as washed faces, vouched
    #                                           for only by pips read on their whiteness
    ink_standing_out: set = field(default_factory=set)  # cells whose pips' median is a pip
    #                  paint, but whose standing-out pips' is not (see _pip_paints)
    inked: dict = field(default_factory=dict)  # ... of them, die faces read beside the layout:
    #                                           cell -> reading (see _repeated_faces)
    by_outline: set = field(default_factory=set)  # cells the mask calls table, taken on their outline
    texture: dict | None = None  # solid tiles: each cell's face texture (see _face_texture)
    marks: dict | None = None  # ... and the marks on it, a print's or pips' (see _face_texture)
    die_faces: bool = False  # every tile lies pips up (see read_cells)
    pips_up: bool = False  # ... as the photo shows, where the game does not say (_shown_pips_up)
    table_coloured: set = field(default_factory=set)  # cells of the bare table's colour (_occupancy)
    table_same: set = field(default_factory=set)  # ... of its very colour (_occupancy)
    table_looks: set = field(default_factory=set)  # ... of one of its looks, whatever its median
    colour_seen: dict = field(default_factory=dict)  # cell -> "table"/"paint"/"neither"
    full_sides: dict | None = None  # each cell's sides with an edge all along (_full_sides)
    rim_sides: dict | None = None  # ... along RIM_ALONG of them: a tile's gap (_full_sides)
    pip_lab: dict = field(default_factory=dict)  # cells read with pips: (pips', face's Lab, pip paint)
    layout_white: tuple | None = None  # the layout's white pips (_white_pips), once a cell beside it shows pips
    table_dots: list = field(default_factory=list)  # the bare table's cells read as die faces
    table_dot_round: dict = field(default_factory=dict)  # ... how round their pips are (_pip_roundness)
    table_dots_share: float = 0.0  # share of the view's outer ring read as die faces (all of
    #                                _pip_vouched's cells, not only table_dots; _table_shows_pips)
    paint_spreads: dict = field(default_factory=dict)  # uneven outlined cells: _two_paint_spreads
    paint_labs: dict = field(default_factory=dict)  # ... their face paint's median Lab
    grown: set = field(default_factory=set)  # cells taken for their colour beside the layout
    smooth_ground: set = field(default_factory=set)  # smooth cells like the cloth's plain ground
    table_textured: set = field(default_factory=set)  # cells taken out as the table's texture (_occupancy)
    far_side: int | None = None  # the cells' side away from the camera (_beside's order), if tilted
    # X-Tiles: cells holding a face found as a tile's shape
    faces: Collection[tuple[int, int]] = frozenset()


def _gain_prior(profile: Mapping | None) -> np.ndarray | None:
    if not isinstance(profile, Mapping):
        return None
    wb = profile.get("white_balance")
    if isinstance(wb, Mapping) and len(wb.get("gains_bgr", ())) == 3:
        # the profile's gains correct the camera; the reader's model is the camera's forward cast
        gains = np.asarray(wb["gains_bgr"], dtype=np.float64)
        if np.all(gains > 0):
            return 1.0 / gains
    return None


def _shared_haze(kit: Kit, profile: Mapping | None = None) -> bool | np.ndarray:
    """Whether the light is fitted with one haze in the light's colour (see
    :func:`vision.colour._fit_forward`) rather than an offset per channel: for Nestortiles'
    solid faces. Their paints run from black to white, and the haze shows in the darks: fitted
    per channel, an offset fitted to a channel's errors tinted the black paint (predicted red or
    purple, 13-17 dE from black tiles seen neutral), and black tiles beside the layout, which
    the mask had missed, fit no paint. (The other kits keep their offsets per channel: on
    X-Tiles' four bright paints the shared haze was measured worse, 8 cells more wrong of 36
    photos, Tapestry 4 fewer.)

    Under a profile whose calibration took a haze out of its photo, the haze's colour in the
    palette's terms (an array, see :func:`vision.colour._fit_shared_haze`): that haze's
    (:func:`vision.profile_use.profile_haze_colour`). The profile's colours were recorded under
    the player's lamp, and a veil or a glossy face's sheen from the same lamp is recorded with
    its cast too: taken as grey in the profile's terms, the fit put a grey haze under a warm
    lamp, and black faces, as warm as the veil over them, were predicted colder and read as
    brown (the calibration measure's Octopus seed 0: 14 black tiles in 20 photos)."""
    if kit.face_model != "solid":
        return False
    colour = profile_haze_colour(profile)
    return True if colour is None else colour


def _one_haze(shared_haze: bool | np.ndarray) -> bool:
    """Whether ``shared_haze`` (see :func:`_shared_haze`) asks for one haze for all channels."""
    return isinstance(shared_haze, np.ndarray) or bool(shared_haze)


def _clear_tiles_light(labs: np.ndarray, palette: Palette, prior: np.ndarray | None,
                       shared_haze: bool | np.ndarray, *, profiled: bool) -> np.ndarray:
    """The light (a correction ``(2, 3)``, see :func:`vision.colour.classify_adaptive`) fitted
    on the clear tiles' colours ``labs`` ``(N, 3)``, starting from ``prior``.

    Under a profile (``profiled``) the palette's paints were measured in the player's own
    light, its cast included: where the clear tiles' paints do not span every channel
    (:func:`vision.colour.spans_channels`), a cast fitted on them with an offset per channel
    would be an extrapolation to the other paints (in a channel they span little the gain and
    the offset trade against each other), so only their exposure is taken
    (:func:`vision.colour.fit_exposure`). Without a profile the kit's paints may lie under any
    lamp, and the cast is fitted; so is it with one haze for all channels (``shared_haze``,
    solid faces): that haze is a veil the exposure alone would not explain (measured: the
    calibration measure's Octopus seed 1 lost 14 tiles in 20 photos to the exposure alone,
    where the clear tiles showed seven of the ten paints, but neither white nor blue)."""
    seen, _, corr = classify_adaptive(labs, palette, gains_bgr=prior, shared_haze=shared_haze)
    if not profiled or _one_haze(shared_haze) or spans_channels(palette, seen.index):
        return corr
    logger.debug("clear tiles of paints %s: the profile's light at their exposure",
                 sorted({palette.names[i] for i in seen.index}))
    return fit_exposure(labs, palette, seen.index, prior)


#: Paints whose veil is no evidence of a face (CIELAB chroma below this): black or white with
#: a glare and a shading fits nearly any grey (greys at L* 30-75 fit within 0.5-4.1 through the
#: glare), so a grey shadow or stain would pass; a veiled coloured face keeps its hue. The
#: kits' black and white paints lie at chroma 0-1, their coloured ones above 20.
VEIL_NEUTRAL_CHROMA = 12.0


def _veiled_solid_fit(ctx: _Ctx, labs: np.ndarray, d_pal: np.ndarray,
                      corr: np.ndarray | None, asked: np.ndarray | None = None) -> np.ndarray:
    """Each cell's fit to the palette ``(N,)`` (CIEDE2000; ``labs`` ``(N, 3)``, plain fits
    ``d_pal`` ``(N,)`` under the light ``corr``): for solid faces the nearer of the plain fit
    and the fit through a glare of the lamp on the face (see :func:`_solid_through_glare`,
    glare at its cost), else the plain fit. A glossy face veiled by the lamp pales towards
    the lamp's white, and its outline fades against a pale cloth with it: the veil alone does
    not make it a loose fit. (Measured only where the plain fit is looser than
    :data:`OUTLINE_FREE_FIT`, the one question asked of it, and among the cells ``asked``
    ``(N,)`` bool when given, the plain fit elsewhere; the fits through the glare include its
    cost, and only paints of a hue count, see :data:`VEIL_NEUTRAL_CHROMA`.)"""
    loose = d_pal > OUTLINE_FREE_FIT
    if asked is not None:
        loose &= asked
    hued = _hued(ctx.palette)
    if (ctx.kit.face_model != "solid" or len(ctx.palette.names) < 2 or not loose.any()
            or not hued.any()):
        return d_pal
    through = glare_distances(labs[loose], ctx.palette, corr, profile_lamp(ctx.profile),
                              steps=GLARE_STEPS[1:])
    out = d_pal.copy()
    out[loose] = np.minimum(d_pal[loose], through[:, hued].min(axis=(1, 2)))
    return out


#: A cell holding a sector tile's face found by its shape (a blob of the paints, as long as a tile
#: and as solid, on the lattice's point: see :func:`vision.xtiles.tile_lattices`) is occupied with
#: at least this logit, whatever its sectors' colours say: a face whose worst sector matches a
#: cloth's stripe or print (an orange sector on an orange-striped cloth) leaves the cell's colour
#: as near the table's as a paint's (measured: xt50 x-tiles-normal-2587, a face found 10 of 10,
#: its cell table dE 2.1, worst sector 14.3: logit -0.6). 1.0: occupied at p 0.73, below the
#: confidence of the clear tiles (0.95 and up), so doubts still show it (a floor chosen to keep
#: doubts visible, not fitted: any value above 0 reads that photo alike).
FACE_FOUND_LOGIT = 1.0


def _light_apart_from_table(ctx: _Ctx, labs: np.ndarray, sure: np.ndarray,
                            d_table: np.ndarray | None, corr: np.ndarray, prior: np.ndarray | None,
                            haze: bool | np.ndarray) -> np.ndarray:
    """The light (a correction ``(2, 3)``) for the cells' colours ``labs`` ``(N, 3)``: ``corr``,
    fitted on the cells standing out (``sure`` ``(N,)``), or, for cards
    (:data:`LIGHT_APART_FACES`), the light fitted on those of them lying :data:`GROW_APART` or
    more from the table's colour (``d_table`` ``(N,)``, CIEDE2000 from the ring's median; None
    without a ring), when at least :data:`MIN_LIGHT_CELLS` do, ``corr`` names them no closer
    than :data:`LIGHT_APART_POOR` and their own light :data:`LIGHT_APART_GAIN` times as closely
    (their median distance to the palette as lit)."""
    if d_table is None or ctx.kit.face_model not in LIGHT_APART_FACES:
        return corr
    apart = sure & (d_table >= GROW_APART)
    if apart.sum() < MIN_LIGHT_CELLS or apart.sum() == sure.sum():
        return corr

    def fit(light: np.ndarray) -> float:
        return float(np.median(classify_adaptive(labs[apart], ctx.palette, gains_bgr=light,
                                                 iterations=0)[0].distance))

    fits = [fit(corr)]
    if fits[0] < LIGHT_APART_POOR:
        return corr
    own = _clear_tiles_light(labs[apart], ctx.palette, prior, haze, profiled=ctx.profile is not None)
    fits.append(fit(own))
    if fits[1] * LIGHT_APART_GAIN > fits[0]:
        return corr
    logger.debug("the light fitted on the %d cells apart from the table (of %d standing out): "
                 "they fit the palette at %.1f, not %.1f", int(apart.sum()), int(sure.sum()),
                 fits[1], fits[0])
    return own


def _occupancy(ctx: _Ctx, centre_lab: dict, spreads: dict, regions: Mapping
               ) -> tuple[dict, dict, np.ndarray]:
    """Decide which cells hold a tile.

    Evidence: how much of the cell's centre stands out from the table (the foreground mask of
    :func:`vision.locate.foreground_mask`), and how well its colour fits the palette once the
    light has been estimated from the clearly occupied cells. Without a mask (or on a board,
    where the empty cells stand out too) the colour alone decides: a tile is nearer a palette
    colour than the table (the outer ring of the view) and clearly apart from it.

    ``regions``: each cell's pixels (Lab, see read_cells), for the cards on the window's ring
    (see :func:`_ring_cards`).

    Returns (occupied bool by cell, confidence by cell, colour correction fitted on the occupied
    cells).
    """
    cells = list(centre_lab)
    labs = np.array([centre_lab[c] for c in cells])
    td = ctx.td
    # the outer ring of the view: the table around the layout (or a framed board's strips)
    on_ring = np.array([_on_view_ring(cell, td) for cell in cells], bool)
    ring = labs[on_ring]
    table = median_last(ring.T)
    ring_spread = float(median_last(ciede2000(ring, table[None, :]))) if len(ring) else 5.0
    prior = _gain_prior(ctx.profile)
    fg = np.array([ctx.fg[c] for c in cells]) if ctx.fg is not None else None
    board = ctx.kit.board is not None
    d_table = ciede2000(labs, table[None, :])
    if fg is not None and not board and (fg > 0.6).sum() >= MIN_LIGHT_CELLS:
        sure = fg > 0.6
        haze = _shared_haze(ctx.kit, ctx.profile)
        corr = _clear_tiles_light(labs[sure], ctx.palette, prior, haze, profiled=ctx.profile is not None)
        corr = _light_apart_from_table(ctx, labs, sure, d_table if len(ring) else None, corr, prior, haze)
        match, _, _ = classify_adaptive(labs, ctx.palette, gains_bgr=corr, iterations=0)
    else:
        corr = prior
        match, _, _ = classify_adaptive(labs, ctx.palette, gains_bgr=prior, iterations=0)
    near = max(6.0, 2.5 * ring_spread)
    # a ring that is not one surface (a board's coloured strips) gives no table model
    no_table = ring_spread > 12.0
    surface = None
    if ctx.framed and ctx.kit.face_model == "sectors" and not on_ring.all():
        inner = ~on_ring
        if ctx.drawn is not None:
            # the surface is plain: a cell whose sectors differ in hue is a tile, even when many
            # tiles share the colour of their worst-fitting sector (a set's purplish blue)
            plain = inner & np.array([ctx.drawn[c][1] <= SECTOR_HUES for c in cells])
            if plain.sum() >= 8:
                inner = plain
        surface = _board_surface(labs[inner])
    # (the board's cells out of a hot spot the surface was measured in lie darker than a shadow
    # of the surface: see BOARD_SHADE_MIN)
    looks = _board_looks(surface[0]) if surface is not None else None
    d_pal = match.distance
    if ctx.kit.face_model == "symbol" and ctx.profile is not None:
        # a glossy card in the lamp's reflection is its paint plus a sheen of the light, paler
        # than the light fitted on the cards predicts it (as its colour is named, see SHEEN): a
        # profile's paints, learnt saturated under the player's lamp, leave a card washed out by
        # the hot spot 25-30 from every paint as lit, where the paint with its sheen fits it.
        # (Not without a profile: the kit's paints with a sheen also fit lit orange wood, whose
        # cells then count as cards missed and another lattice wins: the bundled sample
        # tapestry normal-02 lost 9 of its 15 cards)
        d_pal = np.minimum(d_pal, _sheen_distance(labs, ctx.palette, corr, ctx.profile).min(axis=1))
    # tiles and cards that fill their cells show an outline along them
    fill_cells = not board and ctx.kit.face_model != "sectors"
    outline = fill_cells
    outlines_unshown = False  # (set where the clear tiles show none, below)
    # ... unless the bare table shows edges all round its cells too (stripes, checks, grain):
    # then an outline says nothing of a cell in a colour the table shows
    edgy = _edgy_table(ctx, cells, on_ring)

    near_ring: list = []  # [each cell's table_nearness], once measured

    def table_nearness(leave_out: Collection = ()) -> np.ndarray | None:
        """Each cell's distance (CIEDE2000) to the bare table's looks, the :data:`TABLE_LOOKS`-th
        nearest of the ring's cells ``(N,)``; None with fewer. (Measured when first asked:
        sector tiles and cards ask for a few cells at most, and often for none.) ``leave_out``:
        ring cells that are no look of the table (cards seen there, see _ring_cards; measured
        each time asked)."""
        if leave_out:
            bare = on_ring & np.array([c not in leave_out for c in cells], bool)
            return _kth_nearest(labs[bare], labs) if bare.sum() >= TABLE_LOOKS else None
        if len(ring) < TABLE_LOOKS:
            return None
        if not near_ring:
            near_ring.append(_kth_nearest(ring, labs))
        return near_ring[0]

    def table_shows(i: int) -> bool:
        """Whether the bare table (the ring) shows the cell's colour too: a patterned
        cloth's square or stripe."""
        nearness = table_nearness()
        return nearness is not None and bool(nearness[i] < GROW_APART)
    # how far each cell's colour lies from every look of the bare table under more or less
    # light (see _surface_looks): a lamp's hot spot on the table is one of them
    lit = None
    if outline and not no_table and len(ring):
        looks = _surface_looks(table)
        lit = np.array([_from_surface(v, looks) if v[0] >= table[0] + HOT_SPOT_L else np.inf
                        for v in labs])
    if outline and ctx.sides is not None and fg is not None:
        # ... and the clear tiles (standing out, a close colour fit) must show theirs: where
        # most do not (the light, a cloth's pattern), a missing outline says nothing either
        # (a cell of the table's colour in another light without an outline is no evidence:
        # it may be a hot spot on the table)
        clear = [ctx.sides[c] >= 3 for i, c in enumerate(cells) if fg[i] > 0.9 and d_pal[i] < 8.0
                 and not (lit is not None and lit[i] < LIT_TABLE and ctx.sides[c] < 3)]
        if len(clear) >= 4 and np.mean(clear) < 0.5:
            outline, outlines_unshown = False, True
    # (a face's texture against the table's, where they differ: see _texture_split)
    tex = split = None
    if ctx.texture is not None and fg is not None and not board:
        tex = np.array([ctx.texture[c] for c in cells])
        clear = (fg > 0.9) & (d_pal < 8.0) & (d_table >= GROW_APART) & ~on_ring
        split = _texture_split(tex, on_ring, clear)
        if split is not None:
            logger.debug("texture: tiles up to %.1f, the table from %.1f", *split)
    occ, conf = {}, {}
    debug = logger.isEnabledFor(logging.DEBUG)
    colour_sides = lru_cache(maxsize=1)(lambda: _colour_sides(td))  # (only when asked)
    # (a veiled face's fit is asked of cells apart from the table only, see veiled_apart)
    apart = d_table >= GROW_APART  # (N,) bool: apart from the table's median
    veiled_fit = lru_cache(maxsize=1)(lambda: _veiled_solid_fit(ctx, labs, d_pal, corr, apart))

    def veiled_apart(i: int) -> bool:
        """Whether a cell fits a paint through the lamp's glare (see :func:`_veiled_solid_fit`)
        and stands apart from every look of the bare table: a veiled face, where a dark cloth
        fits the black paint under a little glare as well."""
        return (bool(apart[i]) and not table_shows(i)
                and veiled_fit()[i] <= OUTLINE_FREE_FIT)
    if len(ring) >= TABLE_LOOKS and ctx.kit.face_model == "solid":
        # (cells of a colour the bare table shows in several places: a tile there is told from
        # the table by its face's marks only, see read_cells; and those of its very colour)
        # (solid tiles' only: the die faces' tests and _cloth_under_profile ask for them)
        ctx.table_coloured, ctx.table_same = _table_colours(cells, d_table, table_nearness())
        ctx.table_looks = {cell for i, cell in enumerate(cells) if table_shows(i)}
        ctx.colour_seen = _colours_seen(cells, d_table, table_nearness(), d_pal)

    def steady(cell: tuple[int, int]) -> bool:
        """Whether a cell is even (spread at most :data:`EVEN_SPREAD`) and not blown out
        (:data:`GLARE_PATCH`: perhaps the lamp's reflection), as a tile missed so far must be."""
        return spreads[cell] <= EVEN_SPREAD and (ctx.blown or {}).get(cell, 0.0) <= GLARE_PATCH

    def even_paints(cell: tuple[int, int]) -> bool:
        """Whether a cell uneven as one paint is even as two (a die face and its pips, see
        :func:`_two_paint_spreads`) and not blown out. (Measured where an edge runs all along
        PAINTS_OUTLINE sides, or a clear edge along as many, see read_cells: a floral's bare
        cells often qualify, and then its spots as pips and their paint decide.)"""
        return (ctx.paint_spreads.get(cell, math.inf) <= EVEN_SPREAD
                and (ctx.blown or {}).get(cell, 0.0) <= GLARE_PATCH)

    def fits_best(i: int) -> float:
        """How near the palette the cell's best-fitting colour lies (a sector tile's best
        sector; the one colour of a solid face)."""
        return ctx.best_fit[cells[i]] if ctx.best_fit is not None else float(d_pal[i])

    def far_fit(i: int, plain: float) -> float:
        """How near the palette a cell's colour lies, as the penalties for a loose fit judge it
        (CIEDE2000): its ``plain`` fit, or, past :data:`LOOSE_FIT` for a solid face that fits
        a paint through the lamp's glare and stands apart from the table
        (:func:`veiled_apart`), that fit through the glare. A glossy face in a lamp's hot spot
        pales towards the lamp's white, 25-29 from every paint as lit (a blue at L* 75-85 with
        six white pips, the independent renderer's final17 textile normal 1764, nrm1 1536),
        and is no colour foreign to the kit (paper, a box) for it. (Solid faces only: a sector
        tile's ``plain`` is its best sector's fit, a card's its fit with a sheen.) And it shows
        a tile's rim along :data:`OUTLINE_FULL` sides: a pale box in a kit's hue, which fits a
        veiled paint as well, is no veiled face without one."""
        if (ctx.kit.face_model == "solid" and plain > LOOSE_FIT and veiled_apart(i)
                and ctx.sides is not None and ctx.sides[cells[i]] >= OUTLINE_FULL):
            return min(plain, float(veiled_fit()[i]))
        return plain

    def outlined_fit(i: int) -> bool:
        """Whether a cell's colour is near enough a paint to be taken for its outline alone:
        within :data:`OUTLINED_FIT`, or, for a solid face where tiles may lie pips down
        (Textile: no die face vouches) in a cell as even as a face and where the table gives no
        model or the cell stands apart from it (:data:`GROW_APART`), within
        :data:`OUTLINED_EVEN_FIT` (a white tile in a shade on a busy cloth; a bare hole of a
        plain cloth in a shade lies near the table, and stays out)."""
        if d_pal[i] < OUTLINED_FIT:
            return True
        return (ctx.kit.face_model == "solid" and not ctx.die_faces
                and (no_table or d_table[i] >= GROW_APART)
                and d_pal[i] < OUTLINED_EVEN_FIT and spreads[cells[i]] <= EVEN_SPREAD)

    def enclosed_outlined(i: int) -> bool:
        """Whether a cell has tiles taken on all four sides (:func:`_enclosed`), an edge all
        along each (``ctx.full_sides``: its neighbours' rims) and a tile's colour (within
        :data:`ALIEN_COLOUR` of the palette)."""
        cell = cells[i]
        return (_enclosed(cell, occ) and fits_best(i) <= ALIEN_COLOUR
                and ctx.full_sides is not None and all(ctx.full_sides[cell]))

    def tile_coloured(i: int) -> bool:
        """Whether a cell's colour lies no further from the palette than :data:`ALIEN_COLOUR`
        (on a table whose pattern makes edges, one the table lacks)."""
        return fits_best(i) <= ALIEN_COLOUR and not (edgy and table_shows(i))

    def outlined(i: int, sides: int = 4) -> bool:
        """Whether a cell not taken shows a tile's outline along ``sides`` of its sides (see
        :func:`_rimmed`) in a tile's colour (:func:`tile_coloured`): a tile the mask missed,
        however ill the light fitted on the others predicts its paint (a white tile on a cream
        or peach cloth under a warm lamp)."""
        return _rimmed(ctx, cells[i], occ, sides) and tile_coloured(i)

    def gapped_unlike_table(i: int) -> bool:
        """Whether a cell shows a tile's gap along all four sides, one its own rim (see
        :func:`_gapped`), on a table whose pattern makes edges (``edgy``) but a tile's gap
        round none of its bare cells (the view's outer ring): a white tile on a cream floral or
        striped cloth, in a colour the table shows, which :func:`outlined` leaves out."""
        return (edgy and fits_best(i) <= ALIEN_COLOUR and _gapped(ctx, cells[i], occ)
                and not any(_gapped_inside(ctx.rim_sides, c) for c, r in zip(cells, on_ring)
                            if r and not occ.get(c, False)))
    # (solid faces read by colour only, where no die face vouches, Textile: see sure_tiles
    # below; elsewhere no cell is judged against the tiles the mask holds)
    held_by_colour = fg is not None and ctx.kit.face_model == "solid" and not ctx.die_faces

    @lru_cache(maxsize=1)
    def unlike_held() -> np.ndarray:
        """Whether each cell's colour is unlike the tiles of its paint the mask holds ``(N,)``
        bool (:func:`_unlike_held_paint`; all False where ``held_by_colour`` is not): worked
        out once, when first asked."""
        if not held_by_colour:
            return np.zeros(len(cells), bool)
        # (not a cell a lamp's hot spot clips: what is left of its face lies in another light
        # than the held tiles', see HELD_LOOK_GLARE)
        clipped = np.array([(ctx.blown or {}).get(c, 0.0) > HELD_LOOK_GLARE for c in cells], bool)
        return _unlike_held_paint(labs, match.index, _kit_hued(ctx.kit, ctx.palette),
                                  fg >= HELD_FG) & ~clipped
    # (a board's cells showing no trace of a drawing: their Lab and distance from the looks)
    plain_board: dict[tuple[int, int], tuple[np.ndarray, float]] = {}
    for i, cell in enumerate(cells):
        if ctx.framed and on_ring[i]:
            occ[cell], conf[cell] = False, 1.0  # outside the board's 8x8 cells: its strips
            continue
        if surface is not None:
            # a board's empty cell shows the board's own surface, however the light falls
            # (brighter, dimmer, glare with clipping); a tile's painted sectors stand apart
            drawn = None if ctx.drawn is None else ctx.drawn[cell]
            from_surface = _from_surface(labs[i], looks)
            s = _board_cell_logit(from_surface, surface[1], drawn,
                                  lift=float(labs[i][0] - surface[0][0]),
                                  surface_l=float(surface[0][0]),
                                  apart=_sectors_apart(ctx, cell, drawn, looks))
            p = 1 / (1 + math.exp(-s))
            occ[cell] = p > 0.5
            conf[cell] = float(max(p, 1 - p))
            if drawn is not None and _shows_no_drawing(*drawn):
                plain_board[cell] = (labs[i], from_surface)
            continue
        if no_table:
            s = (18.0 - d_pal[i]) / 3.0
        else:
            s = min(d_table[i] - d_pal[i], 16.0) / 8.0 + min(0.0, (d_table[i] - near) / 4.0)
        s -= max(0.0, spreads[cell] - UNEVEN_CELL) / 8.0
        s -= max(0.0, far_fit(i, float(d_pal[i])) - LOOSE_FIT) / 2.0
        if fg is not None and not board:
            s_fg = (fg[i] - 0.45) * 8.0
            if (ctx.sides is not None and ctx.sides[cell] >= 4
                    and outlined_fit(i)
                    and (ctx.full_sides is None or sum(ctx.full_sides[cell]) >= OUTLINE_FULL)
                    and not (edgy and table_shows(i))):
                # a tile the colour of the table still shows its outline on all four sides, all
                # along most (a polka-dot cloth's dots crossing a cell's borders do not; a tile
                # off the lattice by a tenth of a cell leaves one side's rim out of its band)
                # (on a table whose pattern makes edges, only in a colour the table lacks)
                # (not a cell the mask leaves out in a hued paint unlike every tile of that
                # paint the mask holds: a printed cloth's flower, see _unlike_held_paint)
                # (in a colour within OUTLINED_FIT of a paint, or, even as a face is, within
                # OUTLINED_EVEN_FIT: a white tile in a shade, see there)
                if fg[i] >= 0.45 or not unlike_held()[i]:
                    if fg[i] < 0.45:
                        ctx.by_outline.add(cell)
                    s_fg = max(s_fg, 2.0)
                elif debug:
                    logger.debug("cell %s: outlined, but unlike the %s tiles the mask holds",
                                 cell, ctx.palette.names[match.index[i]])
            # (a colour far from every palette colour is no tile however it stands out: paper,
            # a box, a hand)
            s = _clip(s, -3.0, 3.0) - max(0.0, far_fit(i, fits_best(i)) - ALIEN_COLOUR) / 2.0 + s_fg
        if (outline and ctx.sides is not None and ctx.sides[cell] <= 1
                and (d_pal[i] > OUTLINE_FREE_FIT and not veiled_apart(i) or d_table[i] < d_pal[i])
                and not (d_table[i] >= GROW_APART and not table_shows(i) and steady(cell)
                         and colour_sides()[cell] >= COLOUR_OUTLINE)):
            # an edge on one side at most (a neighbour's) and only a loose colour fit: a patch of
            # the table (glare, a stain), not a tile, which shows its outline all round (in
            # colour where not in lightness: a tile of the table's lightness in another colour);
            # or a colour nearer the bare table than any paint, whatever the mask says (a cream
            # cloth 8-9 from the white paint, in a notch of the layout the mask spilled over:
            # tex14 textile-normal-869 and textile-hard-855)
            # (a solid face's fit taken through the lamp's glare, see _veiled_solid_fit: a face
            # veiled on a pale cloth lost its outline and its plain fit together; final16
            # octopus-hard-1609, greens 17-18 from every paint as lit)
            s = min(s, -1.0)
        if (outline and ctx.sides is not None and ctx.sides[cell] <= 1 and not edgy
                and lit is not None and lit[i] < LIT_TABLE):
            # an edge on one side at most and the table's own colour in more (or less) light: a
            # lamp's hot spot on the table, however well the lit table's colour fits a paint
            # (lit brown or orange wood); a tile of the table's colour shows its outline
            if debug and s > 0:
                logger.debug("cell %s: the table in another light (%.1f), no outline", cell, lit[i])
            s = min(s, -1.0)
        if cell in ctx.faces and s < FACE_FOUND_LOGIT:
            # (a tile's face found by its shape on this very cell, however its colours compare
            # with the table's: see FACE_FOUND_LOGIT)
            logger.debug("cell %s: a face found by its shape (%.2f -> %.2f)", cell, s,
                         FACE_FOUND_LOGIT)
            s = FACE_FOUND_LOGIT
        p = 1 / (1 + math.exp(-s))
        occ[cell] = p > 0.5
        conf[cell] = float(max(p, 1 - p))
        if debug:
            logger.debug("cell %s: table dE %.1f palette dE %.1f (%s) spread %.1f fg %s sides %s "
                         "blown %.2f -> %.2f", cell, d_table[i], d_pal[i],
                         ctx.palette.names[match.index[i]], spreads[cell],
                         None if fg is None else round(float(fg[i]), 2),
                         None if ctx.sides is None else ctx.sides[cell],
                         ctx.blown.get(cell, 0.0) if ctx.blown else 0.0, p)
    for cell in _bare_by_colour_chain(plain_board, occ):
        logger.debug("cell %s: plain, the bare surface's colour by a chain of plain cells", cell)
        occ[cell], conf[cell] = False, TABLE_CONF
    # cells taken out as the lit table in a corner of the layout (die faces: their pips may
    # still vouch for them)
    lit_corners: set[tuple[int, int]] = set()
    if outline and lit is not None and ctx.sides is not None and ctx.full_sides is not None \
            and not edgy:
        # a lamp's hot spot in a corner of the layout: the lit table's colour, its only edges
        # the rims of the tiles beside it
        lit_corners = set(_lit_table_in_corners(cells, lit, occ, ctx.sides, ctx.full_sides))
        for cell in lit_corners:
            logger.debug("cell %s: the table in another light, edges only its neighbours'", cell)
            occ[cell], conf[cell] = False, TABLE_CONF
    if split is not None:
        # a cell of the table's colour and texture is the cloth, whatever the mask and the
        # outline said (a tartan's lines make edges and stand out from its plainer checks)
        # (and, taken out so, no part of the layout's coverage: see read_cells)
        for i, cell in enumerate(cells):
            if occ[cell] and d_table[i] < GROW_APART and tex[i] >= split[1]:
                logger.debug("cell %s: the table's colour and texture (%.1f)", cell, tex[i])
                occ[cell], conf[cell] = False, TABLE_CONF
                ctx.table_textured.add(cell)
    if ctx.kit.face_model == "symbol" and not no_table:
        # a cell of the table's colour whose colours spread as a print's ink against its ground
        # does (more than any card face, see UNEVEN_CELL) is the cloth, whatever the mask and
        # the outline said: a gingham's checks in a notch of the layout, where the mask spills
        # over and the neighbours' rims and the checks make edges (a card's face is plain, its
        # art left out of the spread, see _card_face_stats)
        for cell in _printed_table(cells, d_table, spreads, occ):
            logger.debug("cell %s: the table's colour, as uneven as its print (%.1f)", cell,
                         spreads[cell])
            occ[cell], conf[cell] = False, TABLE_CONF
            ctx.table_textured.add(cell)
    # cells left out of a close colour fit, even, not blown out (a card's symbol may still
    # vouch for one, see read_cells)
    ctx.card_like = [cell for i, cell in enumerate(cells)
                     if not occ[cell] and d_pal[i] <= GROW_FIT and steady(cell)]
    # (each cell even, not blown out: for the cards' tests below)
    even = (np.array([steady(c) for c in cells], bool) if ctx.kit.face_model == "symbol"
            else None)
    # (a pale card in the lamp's veil, its paint plus a sheen: see _veiled_fit)
    fit = (_veiled_fit(labs, np.array([fits_best(i) for i in range(len(cells))]),
                       ctx.palette, corr, ctx.profile)
           if ctx.kit.face_model == "symbol" else None)
    # (even, apart from the table's median, in a colour a paint might take under the light)
    coloured = None if fit is None else _card_coloured(d_table, fit, even)
    if coloured is not None:
        # (the window's outer ring, the table's sample, may hold cards the mask missed: their
        # colours are no looks of the bare table, see _ring_cards; left out of the looks the
        # held, veiled and unlike tests below compare with, not of table_shows', the table's
        # median or its spread: not measured)
        ctx.ring_cards = _ring_cards(ctx, [cell for i, cell in enumerate(cells)
                                           if on_ring[i] and not occ[cell] and coloured[i]],
                                     regions)
    if ctx.kit.face_model == "symbol" and fg is not None:
        # (and a card the mask holds whole, apart from the table and even, of a paint the light
        # fitted on the other cards predicts loosely, see HELD_CARD_FIT)
        # (the mask may drop a card of a colour its model of the table holds: a gingham's
        # purple checks absorb purple cards; where no look of the bare table is the cell's
        # colour, see TABLE_LOOKS, the mask's verdict is no evidence against it)
        nearness = table_nearness(ctx.ring_cards)
        unlike = None if nearness is None else nearness >= GROW_APART
        held = _held_card_like(fg, d_table, d_pal, even, unlike)
        if unlike is not None:
            ctx.unlike_table = {cell for cell, u in zip(cells, unlike) if u}
        ctx.card_like += [cell for i, cell in enumerate(cells)
                          if held[i] and not occ[cell] and cell not in ctx.card_like]
    if ctx.kit.face_model == "symbol" and fill_cells and not edgy and fg is not None \
            and ctx.full_sides is not None:
        # (and a card in the lamp's hot spot, washed out past any paint with a sheen, uneven:
        # the mask holds it, its outline runs along three sides at least where the photo's
        # clear cards show theirs (outline), or, where they show none (outlines_unshown: the
        # outline test was turned off above, not for want of cards that fill their cells), its
        # colour is unlike every look of the table; see HOT_SPOT_CARD_FG and _hot_spot_card)
        ctx.card_hot = {cell for i, cell in enumerate(cells)
                        if not occ[cell] and cell not in ctx.card_like
                        and _hot_spot_card(float(fg[i]), float(d_table[i]),
                                           sum(ctx.full_sides[cell]), outline,
                                           cell in ctx.unlike_table)}
        ctx.card_like += sorted(ctx.card_hot)
        logger.debug("hot-spot cards: %s (outlines unshown: %s)", sorted(ctx.card_hot),
                     outlines_unshown)
    if ctx.kit.face_model == "symbol" and fg is not None:
        # (and a card the lamp's veil washed towards its light: see _veiled_card_like)
        veiled = _veiled_card_like(labs, ctx.palette, corr, ctx.profile, fg, d_table, even,
                                   nearness,
                                   [not occ[c] and c not in ctx.card_like for c in cells])
        ctx.card_like += [cell for i, cell in enumerate(cells) if veiled[i]]
    if fit is not None and ctx.full_sides is not None:
        # (and an even cell outlined as a card is, apart from the table, in any colour a paint
        # might take under the light: see _outlined_card_like; its symbol decides)
        framed_card = _outlined_card_like(
            np.array([sum(ctx.full_sides[c]) for c in cells]), coloured)
        ctx.card_like += [cell for i, cell in enumerate(cells)
                          if framed_card[i] and not occ[cell] and cell not in ctx.card_like]
    if fit is not None and ctx.unlike_table:
        # (and an even cell of a colour unlike every look of the bare table, in any colour a
        # paint might take under the light, however the mask and its blurred outline judge it:
        # see _unlike_card_like; its art alone decides, so it does not count against a lattice's
        # coverage unseen, see _cards_left_out)
        unlike_card = _unlike_card_like(np.array([c in ctx.unlike_table for c in cells]),
                                        coloured)
        ctx.by_art = {cell for i, cell in enumerate(cells)
                      if unlike_card[i] and not occ[cell] and cell not in ctx.card_like}
        logger.debug("card-like by a colour unlike the table: %s", sorted(ctx.by_art))
        ctx.card_like += sorted(ctx.by_art)
    if fit is not None:
        # (and a plain cell on a printed cloth, of a colour unlike every plain look of it: a card
        # of the colour of the print's ink, see _even_on_print; its art alone decides)
        bare = on_ring & np.array([c not in ctx.ring_cards for c in cells], bool)
        on_print = _even_on_print(labs, np.array([spreads[c] for c in cells]), even, bare, fit)
        even_card = {cell for i, cell in enumerate(cells)
                     if on_print[i] and not occ[cell] and cell not in ctx.card_like}
        logger.debug("card-like by an even face on a print: %s", sorted(even_card))
        ctx.by_art |= even_card
        ctx.card_like += sorted(even_card)
    # (and, for die faces, any even cell of a palette-like colour: pips are evidence enough;
    # and a blown-out one with an outline, see _blown_face; and one of a palette-like colour
    # however uneven among tiles on all four sides: a lamp's hot spot across a tile's face
    # makes it uneven, paint and sheen, where a hole in the layout shows one cell of the table;
    # and one even as two paints, a face and its pips: a 5's or a 6's pips make it uneven)
    # (and one even with a tile's outline all round, whatever its colour's fit: its pips
    # vouch for it, see outlined)
    # (and, where every tile lies pips up, one taken for the lit table in a corner of the
    # layout: a hot spot shows no die face, a tile of the table's colour there does, its own rim
    # too faint on the table to count, see _lit_table_in_corners; oct30 octopus-hard-1227, a
    # brown 6 on dark wood)
    ctx.outlined = {cell for i, cell in enumerate(cells)
                    if not occ[cell] and steady(cell) and outlined(i)}
    face_fit = _face_paint_fits(ctx, corr)
    ctx.pip_candidates = [cell for i, cell in enumerate(cells)
                          if not occ[cell] and ((min(d_pal[i], face_fit.get(cell, np.inf))
                                                 <= PIPS_FIT
                                                 and (steady(cell) or _enclosed(cell, occ)
                                                      or even_paints(cell)
                                                      or (ctx.die_faces and cell in lit_corners)))
                                                or _blown_face(ctx, cell)
                                                or cell in ctx.outlined)]
    # (and, where every tile lies pips up, a face a hot spot washed pale: only its pips read on
    # its whiteness vouch for it, see _pip_vouched; a cloth's patch of the same lightness and
    # colour is no candidate for its lightness' spots)
    candidates = set(ctx.pip_candidates)
    ctx.washed_only = {cell for i, cell in enumerate(cells)
                       if not occ[cell] and cell not in candidates
                       and _washed_outlined(ctx, cell, labs[i], d_pal[i])}
    if ctx.washed_only:
        named = set(ctx.pip_candidates) | ctx.washed_only
        ctx.pip_candidates = [cell for cell in cells if cell in named]
    if fg is not None and not board and not no_table:
        # a tile the mask missed (its colour is common on the table, or the mask's window cut
        # it off) but that fits a palette colour closely, stands well apart from the table and
        # touches the layout: a tile (grown from the cells decided above, then from those
        # grown, a few rounds: a tile the mask missed may only touch another one)
        # (or, of the table's colour, smooth as the tiles are where the table is textured,
        # with an edge along a side at least, see SMOOTH_SIDES: a white tile on a cream linen)
        growable = []
        # (the looks of the tiles taken so far: the same paint in the same light looks the
        # same, however far the estimated light leaves it from the palette)
        # (where every tile lies pips up, Octopus, a tile the mask missed is vouched for by its
        # pips instead, see read_cells: a shadow beside the layout can look like a black tile)
        sure_tiles = ([j for j, c in enumerate(cells) if occ[c] and conf[c] >= SURE_TILE]
                      if ctx.kit.face_model == "solid" and not ctx.die_faces else [])
        like_tiles = None  # (whether each cell looks like a tile taken: once, when asked)
        # (the colours of the bare table's cells as smooth as the tiles: a printed cloth's
        # plain ground between its motifs)
        # (each cell's distance to them, the TABLE_LOOKS-th nearest: within GROW_APART, a
        # floral's cream ground between its flowers, which smoothness does not tell from a white
        # tile's face, final14 textile-normal-1104)
        smooth_ring = labs[on_ring & (tex <= split[0])] if split is not None else labs[:0]
        ground_near = _nearness_or_far(smooth_ring, labs)  # (N,)

        parts: dict = {}  # (each tile's part: once, when asked)

        def taken_parts() -> dict:
            """Each tile taken so far's part, cell -> index, the parts of them joined along
            their sides (see :func:`_parts_along_sides`)."""
            if not parts:
                parts.update(_parts_along_sides({c for c, v in occ.items() if v}))
            return parts

        def rim_or_enclosed(cell: tuple[int, int]) -> bool:
            """Whether a cell shows its own rim, an edge along nearly all of a side facing the
            table (``ctx.rim_sides``, :data:`RIM_ALONG`, see :func:`_own_rim`), or has no side
            facing it (:func:`_enclosed`): a tile's gap and shadow, where the print crossing the
            cloth's bare cell makes an edge along a part of a side at most."""
            return _enclosed(cell, occ) or (ctx.rim_sides is not None
                                            and _own_rim(cell, ctx.rim_sides[cell], occ))

        # (the bare table's cells that show a tile's rim: once, when asked)
        table_rims = lru_cache(maxsize=1)(lambda: _table_rims(ctx, cells, on_ring, occ))

        def tile_outlined(i: int) -> bool:
            """A tile's outline (:func:`outlined`, or all but one side, :func:`_rimmed_but_one`,
            in a tile's colour, on a table whose pattern makes no edges all round its cells nor
            rims along them, see :data:`FAR_RIM_TABLE`) that may be its own
            (:func:`_rim_of_its_own`), or :func:`gapped_unlike_table` (final13
            textile-normal-803)."""
            if outlined(i):
                return _rim_of_its_own(ctx, cells[i], occ) or gapped_unlike_table(i)
            if (not edgy and _rimmed_but_one(ctx, cells[i], occ) and tile_coloured(i)
                    and table_rims() <= FAR_RIM_TABLE and _rim_of_its_own(ctx, cells[i], occ)):
                logger.debug("cell %s: outlined on all sides but one", cells[i])
                return True
            return gapped_unlike_table(i)

        def textured_as_table(i: int) -> bool:
            """Whether cell ``i`` is as textured as the bare table (at least the rough
            threshold of :func:`_texture_split`, where texture tells tiles from the table): no
            tile's face, one paint as smooth as the clear tiles' (pips and all), but a printed
            cloth's motif, whose own edges cross the cell. Asked of solid faces known by
            their colour alone (``held_by_colour``, Textile): elsewhere a face's drawing or
            symbol is texture of its own."""
            return held_by_colour and split is not None and bool(tex[i] >= split[1])

        def judge_by_colour(i: int, smooth: bool) -> None:
            """Grow cell ``i``, near enough a tile's colour, if it stands apart from every look
            of the bare table, or, ``smooth`` as the tiles where the table is textured, unless
            the bare table shows smooth cells of its colour too without a rim of its own."""
            cell = cells[i]
            if d_table[i] >= GROW_APART and not table_shows(i):
                if textured_as_table(i):
                    logger.debug("cell %s: as textured as the table (%.1f): a print's motif",
                                 cell, tex[i])
                    return
                growable.append(cell)  # (else a patterned cloth's square or stripe)
            elif smooth:
                if ground_near[i] < GROW_APART and not rim_or_enclosed(cell):
                    # (where the bare table shows smooth cells of its colour too, a printed
                    # cloth's plain ground, smoothness is no evidence: its own rim must show)
                    logger.debug("cell %s: smooth as the cloth's plain ground, no rim of its own",
                                 cell)
                    ctx.smooth_ground.add(cell)
                else:
                    growable.append(cell)

        # (the marks on the bare table's cells: a printed cloth's, see _clean_on_print)
        bare_ring = [j for j, c in enumerate(cells) if on_ring[j] and not occ[c]]
        ring_marks = (np.array([ctx.marks[cells[j]] for j in bare_ring])
                      if ctx.marks is not None else None)

        def clean_outlined(i: int) -> bool:
            """Whether cell ``i`` shows a plain face on a printed cloth (see
            :func:`_clean_on_print`) in a tile's colour (within :data:`ALIEN_COLOUR`), outlined
            along :data:`OUTLINE_FULL` sides, one of them its own rim (:func:`_rimmed`): a white
            tile on a dotted or floral cloth of its colour, which the cloth's edges keep from
            :func:`tile_outlined` (final23 textile-normal-3008, tex39 textile-normal-2526).
            Not in the bare table's very colour (``ctx.table_same``, :data:`TABLE_SAME`: a
            patch of the cloth's plain ground, the print's edges round it, see
            tests/vision/test_joining_tile.py), nor where a bare cell of the cloth as clean lies
            within :data:`TABLE_SAME` of its colour (itself left out): a wide stripe's plain
            ground, the stripes' edges and a tile's rim round it (final19 textile-normal-1993:
            the cream stripe's clean cells 0.6-2.5 from it; the floral's ground 4.6-6.0 from the
            white tile in tex39 textile-normal-2526). That margin, TABLE_SAME's 3 between the
            two, rests on those photos alone, as :data:`CLEAN_FACE` does."""
            if (ring_marks is None or cells[i] in ctx.table_same or fits_best(i) > ALIEN_COLOUR
                    or not _clean_on_print(ctx.marks[cells[i]], ring_marks)
                    or not _rimmed(ctx, cells[i], occ, OUTLINE_FULL)):
                return False
            alike = [j for j in bare_ring if j != i and ctx.marks[cells[j]] <= CLEAN_FACE]
            return not alike or bool(ciede2000(labs[alike], labs[i]).min() > TABLE_SAME)

        # (cells offered for their outline, tile_outlined, or for a plain face on a printed
        # cloth outlined on three sides, clean_outlined: both vouch for smooth cells near them
        # in colour, see _like_outlined)
        outlined_taken: list[int] = []
        smooth_unfit: list[int] = []  # (smooth cells too far from the palette, _like_outlined)
        for i, cell in enumerate(cells):
            # (smooth as the tiles where the table is textured, with an edge along a side:
            # evidence of its own, which a palette-like colour (within TEXTURE_FIT) and a face
            # clipped by the lamp's reflection up to TEXTURE_GLARE leave standing, see there)
            smooth = (split is not None and tex[i] <= split[0] and ctx.sides is not None
                      and ctx.sides[cell] >= SMOOTH_SIDES and spreads[cell] <= EVEN_SPREAD
                      and (ctx.blown or {}).get(cell, 0.0) <= TEXTURE_GLARE)
            if occ[cell] or not (steady(cell) or smooth):
                continue
            if (sure_tiles and ((by_outline := tile_outlined(i)) or clean_outlined(i))
                    and not unlike_held()[i]
                    and not _cloth_under_profile(ctx, cell, fits_best(i), float(d_table[i]))):
                # (or, whatever its colour's distance from the table and the palette, with a
                # tile's outline all along its four sides, one of them its own rim: a white tile
                # on a cream or peach cloth under a lamp the tiles taken leave ill estimated;
                # on a patterned cloth of the tile's colour, its gap all round, as no bare cell
                # of the cloth shows: final13 textile-normal-803, a white tile on a cream floral;
                # in the bare table's very colour, only with a rim of its own, _rim_of_its_own;
                # not in a hued paint unlike every tile of that paint the mask holds, a printed
                # cloth's flower, see _unlike_held_paint. Or, with the same guards, a plain face
                # on a printed cloth, outlined along three sides or more, one its own rim,
                # clean_outlined: the print's edges make the bare cloth's cells look outlined
                # too, but they show its print inside)
                if by_outline:
                    logger.debug("cell %s: a tile's outline", cell)
                else:
                    logger.debug("cell %s: a plain face on a printed cloth (marks %.1f), "
                                 "outlined", cell, ctx.marks[cell])
                growable.append(cell)
                outlined_taken.append(i)
                continue
            if (sure_tiles and d_table[i] >= GROW_APART and not table_shows(i)
                    and outlined(i, OUTLINE_FULL) and not textured_as_table(i)):
                # (or, in a tile's colour the bare table shows nowhere, well apart from it,
                # with a tile's outline all along three sides or more, one of them its own rim
                # (a tile a tenth of a cell off the lattice leaves its fourth rim out of the
                # band searched, see OUTLINE_FULL): a white tile on a grey felt that the mask
                # missed, the light fitted on a few dark paints leaving it 13 from white
                # (tex16 textile-normal-1208)). Not a cell as textured as the bare table (see
                # textured_as_table): a cloth's print whose motif fills the cell, a red flower
                # in a tile's red with edges of its own (final19 textile-normal-1995)
                growable.append(cell)
                continue
            if (sure_tiles and smooth and d_table[i] >= GROW_APART and not table_shows(i)
                    and enclosed_outlined(i)):
                # (or, as above, in a tile's colour the bare table shows nowhere, well apart
                # from it, but enclosed by tiles: no side faces the table to show a rim of its
                # own, its four edges are its neighbours' rims; a hole there shows the cloth's
                # texture, in any light (``smooth`` leaves out a face the lamp's reflection
                # clips, see TEXTURE_GLARE), so a face as smooth as the tiles' speaks instead.
                # Only on a textured cloth (``smooth`` needs the tiles' texture told from the
                # table's). A cream tile among four on a brown gingham whose light squares are
                # whiter, 14.5 from white under the light fitted on the coloured tiles, 18
                # from the table's median and no look of the bare table within GROW_APART
                # (final20 textile-hard-2106). Where every tile lies pips up (Octopus) no cell
                # is grown so: its pips vouch for it, see read_cells)
                logger.debug("cell %s: enclosed, smooth and unlike the table", cell)
                growable.append(cell)
                continue
            if sure_tiles and enclosed_outlined(i) and _joins_parts(cell, taken_parts()):
                # (or, enclosed by tiles, outlined all along its four sides, in a tile's colour,
                # between parts of the tiles taken that meet along no side but through it: a
                # textile is one group of tiles joined along their sides (RULES.md), so a cell
                # whose tile would join them is one, however near the bare table its colour (a
                # white tile on a cream cloth, 13.7 from white under the light fitted on the
                # others, the tiles beyond it otherwise cut off the textile: tex22
                # textile-hard-1691); a hole among the tiles of one part joins nothing. Its four
                # edges are its neighbours' rims and a cream cloth is within a paint's reach,
                # so here the parts alone speak: a real hole whose parts join only through
                # another missed tile is filled. With a side facing the table, the rule above
                # asks for a rim of its own, with its guards)
                logger.debug("cell %s: outlined between parts of the tiles taken", cell)
                growable.append(cell)
                continue
            fit = _grow_fit(ctx, cell, float(d_pal[i]), spreads)
            if fit > GROW_FIT and like_tiles is None:
                like_tiles = _looks_like(labs, labs[sure_tiles])
            if (fit > GROW_FIT and not like_tiles[i]
                    and not (smooth and d_pal[i] <= TEXTURE_FIT)):
                if smooth:
                    smooth_unfit.append(i)  # (judged once the outlined tiles are known)
                continue
            judge_by_colour(i, smooth)
        # (a smooth cell whose colour is that of a tile taken above by its outline alone, see
        # _like_outlined: a white tile beside one, the light fitted on the coloured tiles
        # leaving both beyond TEXTURE_FIT of the white paint)
        # (vouched for by the outlined cells that join the layout, see _grown: one offered for
        # its outline but left apart from the tiles is not taken, and its look is no paint's)
        joined = set(_grown(growable, {c for c, v in occ.items() if v})) if smooth_unfit else set()
        like_outlined = _like_outlined(labs, smooth_unfit,
                                       [i for i in outlined_taken if cells[i] in joined])
        for i in like_outlined:
            logger.debug("cell %s: smooth, in the colour of a tile taken by its outline",
                         cells[i])
            judge_by_colour(i, True)
        for cell in _grown(growable, {c for c, v in occ.items() if v}):
            occ[cell], conf[cell] = True, 0.6
            ctx.grown.add(cell)
    occ_cells = [i for i, c in enumerate(cells) if occ[c]]
    gains = corr if corr is not None else as_correction(None)
    if occ_cells:
        _, _, gains = classify_adaptive(labs[occ_cells], ctx.palette, gains_bgr=prior,
                                        weights=_light_weights(ctx, [cells[i] for i in occ_cells], spreads),
                                        shared_haze=_shared_haze(ctx.kit, ctx.profile))
    return occ, conf, gains


def _like_outlined(labs: np.ndarray, candidates: list[int], outlined: list[int]) -> list[int]:
    """Of the ``candidates`` (indices into Lab ``labs`` ``(N, 3)``: cells as smooth as the tiles
    on a textured table, too far from every paint to grow, see _occupancy), those within
    :data:`GROW_FIT` (CIEDE2000) of a cell in ``outlined`` (indices: cells grown for a tile's
    outline, whatever their colour's fit: ``tile_outlined`` in _occupancy, its outline all
    round, three sides of it (_rimmed_but_one) or its gap all round on a patterned cloth, or
    ``clean_outlined``, a plain face on a printed cloth outlined along three sides (so a tile
    taken for its clean face vouches too: as measured, caef427), and joining the layout, see
    :func:`_grown`: a cell offered so but left apart from the tiles is no tile, and vouches for
    none). The same paint in the same light looks the
    same: a white tile whose only side facing the table shows no edge (its neighbours' rims on
    the other three) looks as the white tiles outlined all round do, while the light fitted on
    the coloured tiles leaves them all 14-15 from the white paint (tex39 textile-normal-2532,
    a white tile among three on a speckled cream table, the tiles beyond it cut off with it;
    final20 textile-hard-2106, cream tiles on a brown gingham beside one outlined all round).
    A bare cell of a textured table is not smooth, and a printed cloth's smooth plain ground
    must still show a rim of its own (see _occupancy)."""
    if not candidates or not outlined:
        return []
    near = _looks_like(labs[candidates], labs[outlined])
    return [i for i, ok in zip(candidates, near) if ok]


def _grow_fit(ctx: _Ctx, cell: tuple[int, int], d_pal: float, spreads: Mapping) -> float:
    """How near the palette (CIEDE2000) a cell left out of the layout lies, as growing a tile
    the mask missed judges it (:data:`GROW_FIT`): its colour's fit ``d_pal`` (a sector tile's:
    its worst sector's under the light), or for a sector tile, if nearer, its four sectors'
    mean distance from their nearest paints as seen, not corrected for the light
    (``spreads[cell]``, see read_cells; what a grown cell's evenness is bounded by,
    :data:`EVEN_SPREAD`). A sector tile at the layout's edge shows the table in its worst
    sector (an X-Tile's concave waist, a tile a little off the lattice), so that sector alone
    leaves it 15-16 from every paint while its four sectors fit 2-6 on average
    (final10 x-tiles-hard-401, xt47 hard-2044: tiles the mask missed beside the layout). A
    cell of one paint all over (a cloth's print) fits as well either way, so is judged as
    before: by its distance from every look of the bare table, and as no tile later
    (:func:`one_paint_thrice`)."""
    if ctx.kit.face_model != "sectors":
        return d_pal
    return min(d_pal, spreads[cell])


def _face_paint_fits(ctx: _Ctx, corr: np.ndarray) -> dict:
    """How near the palette (CIEDE2000, under the light ``corr`` fitted on the tiles) the face
    paint of each cell even as two paints lies (``ctx.paint_labs``, see
    :func:`_two_paint_spreads`), cell -> distance. A die face's colour is its face paint's:
    the median of its centre mixes in the pips of a 5 or a 6, which cover up to half of it
    (a white 6 on a cream table: 16 from white as one paint)."""
    if not ctx.paint_labs:
        return {}
    cells = list(ctx.paint_labs)
    match, _, _ = classify_adaptive(np.array([ctx.paint_labs[c] for c in cells]), ctx.palette,
                                    gains_bgr=corr, iterations=0)
    return {c: float(d) for c, d in zip(cells, match.distance)}


def _cloth_under_profile(ctx: _Ctx, cell: tuple[int, int], fit: float, from_table: float) -> bool:
    """Whether, under a profile, ``cell`` shows one of a patterned cloth's colours other than
    its ground and fits no paint within :data:`GROW_FIT` (``fit``: CIEDE2000 to the nearest
    paint as lit): a check of the cloth whose edges run along the cell's four sides (a gingham's
    checks as large as a tile), not a tile. The cell is the bare table's very colour
    (``ctx.table_same``, see :data:`TABLE_SAME`) yet :data:`GROW_APART` at least from the table's
    median (``from_table``): the cloth shows another colour too, so its own pattern makes edges
    (a plain cloth makes none, and a cell of its colour outlined all round is a tile: a white
    tile on a white cloth, textile seed 0). A profile's paints were measured under the player's
    own lamp, so a white tile there fits its paint as lit (3.9-7.4 measured, textile seed 2) where
    the gingham's cream check lies 12-14 from every paint; without a profile the light's
    estimate may leave a white tile as far from white as the cloth, and the outline alone
    decides (see the four-sides rule in :func:`_occupancy`)."""
    return (ctx.profile is not None and cell in ctx.table_same and from_table >= GROW_APART
            and fit > GROW_FIT)


def _looks_like(labs: np.ndarray, tiles: np.ndarray) -> np.ndarray:
    """Whether each colour of ``labs`` ``(M, 3)`` lies within :data:`GROW_FIT` (CIEDE2000) of
    one of the ``tiles`` ``(N, 3)`` (Lab of tiles taken): ``(M,)`` bool. (All cells at once:
    a call's fixed cost is most of a few colours' CIEDE2000.)"""
    if len(tiles) == 0:
        return np.zeros(len(labs), bool)
    return ciede2000(tiles[None, :, :], labs[:, None, :]).min(axis=1) <= GROW_FIT


def _unlike_held_paint(labs: np.ndarray, paint: np.ndarray, hued: np.ndarray,
                       held: np.ndarray) -> np.ndarray:
    """Whether each cell's colour (``labs`` ``(N, 3)``, its nearest paint's index ``paint``
    ``(N,)``) lies further than :data:`GROW_FIT` (CIEDE2000) from every cell ``held`` ``(N,)``
    bool (the tiles the foreground mask holds, see :data:`HELD_FG`) of the same paint, where
    that paint has a hue (``hued`` ``(K,)`` bool, see :func:`_kit_hued`) and the mask holds one:
    ``(N,)`` bool, False elsewhere.

    The same paint in the same light looks the same (see :func:`_looks_like`): a tile the
    mask missed, which its outline alone shows, lies near a held tile of its paint, where a
    printed cloth's flower in a tile's hue, the mask leaving it out as the cloth and its petals
    making edges all round the cell, does not. (Measured on every lattice read of the
    independent renderer's final18-20 and tex39 Textile photos, 112: the hued cells outlined
    all round that the mask missed lay 0.3-3.5 from a held tile of their paint, blue, green,
    red and yellow tiles on pale cloths, save a few at 5.8-8.7, final20 textile-hard-2108's
    red flower and tex39 textile-normal-2526's blue ones among them. GROW_FIT, the reach of a
    tile's look, lies between: on the outline boost alone, 5 read one cell fewer wrong, 2108's
    flower on another lattice, and 10 changed nothing.) White, black and grey are left out:
    the mask misses a white tile on a pale cloth, and the tiles it holds may lie in another
    light (a hot spot)."""
    out = np.zeros(len(labs), bool)
    for k in np.unique(paint[held]):
        if not hued[k]:
            continue
        cand = np.flatnonzero((paint == k) & ~held)
        if len(cand):
            d = ciede2000(labs[held & (paint == k)][None, :, :], labs[cand][:, None, :])
            out[cand] = d.min(axis=1) > GROW_FIT
    return out


def _board_cell_logit(from_surface: float, spread: float,
                      drawn: tuple[float, float] | None, *, lift: float,
                      surface_l: float, apart: float | None = None) -> float:
    """The logit that a board's cell holds a tile: ``from_surface`` its colour's distance from
    the empty surface's looks (:func:`_from_surface`), ``spread`` the surface's own (a*, b*)
    spread, ``drawn`` its (diagonals' contrast, sectors' hue spread) when measured (see
    :func:`_shows_drawing`), ``lift`` how much lighter it is than the surface (L*; on a sector
    kit the L* of its sector fitting the surface worst), ``surface_l`` the surface's L*. A cell
    showing a tile's drawing counts as a tile however near the surface (logit 0.5); one showing
    no trace of a drawing (:func:`_shows_no_drawing`), on a dark board
    (:data:`DARK_SURFACE_L`) and lifted by a hot spot's glare at least :data:`GLARE_LIFT`, must
    lie :data:`PLAIN_CELL_FROM` from it. ``apart``: the distance from the looks of the cell's
    sector lying furthest from them (:func:`_sectors_apart`; None when not measured): sectors
    apart in hue alone, each of them a look of the surface, are the light's falloff over the
    bare board, not a drawing (:func:`_glare_falloff`)."""
    margin = max(7.0, 3.0 * spread)
    if (drawn is not None and surface_l <= DARK_SURFACE_L and lift >= GLARE_LIFT
            and _shows_no_drawing(*drawn)):
        margin = max(margin, PLAIN_CELL_FROM)
    s = (from_surface - margin) / 2.5
    if (drawn is not None and s < 0.5 and _shows_drawing(*drawn)
            and not _glare_falloff(drawn, apart)):
        s = 0.5  # a tile's drawing under glare, not the plain board
    return s


def _bare_by_colour_chain(plain: Mapping[tuple[int, int], tuple[np.ndarray, float]],
                          occ: Mapping[tuple[int, int], bool]) -> list[tuple[int, int]]:
    """The board's cells taken for tiles that are its bare surface in a light drifting across
    the board: ``plain`` maps each inner cell showing no trace of a drawing
    (:func:`_shows_no_drawing`) to its centre's CIELAB ``(3,)`` and its distance from the
    surface's looks (:func:`_from_surface`); ``occ`` the occupancy decided cell by cell.

    A lamp's falloff with a second light of another colour tints the bare board cell by cell
    (a cream board reddens 0.5 -> 9 in a* over three cells towards a corner under a 3000 K
    lamp: calibration seed 4 photo 10, its plain cells 8.2-9.7 from the looks, which model one
    light's colour), while each lies as the same surface as the plain cells a little nearer the
    looks (steps of 1-2), which may lie beyond a row of tiles. A plain cell within
    :data:`PLAIN_CELL_FROM` of the looks that shows the same surface (:data:`SURFACE_SAME_AB`,
    :data:`SURFACE_SAME_L`) as a plain cell left bare is bare too, grown from the cells left
    bare a step at a time; a one-colour tile lies further from the looks (see
    PLAIN_CELL_FROM). Returns the cells to leave bare, in the order found.

    Its reach is wider than the tint it was made for: it runs on every framed board of a
    sectors kit, of any colour, and takes any plain cell the chain links, whatever the hue of
    the drift and wherever the cells lie (nothing checks that they are neighbours or that a
    lamp tints them). So a plain one-colour tile under PLAIN_CELL_FROM from the looks (a
    shaded one, 7-12 from them on a dark board) whose colour lies within the surface bounds
    of a bare cell, or of a chain of plain cells from one, is read as the bare board."""
    bare = {c for c, taken in occ.items() if not taken and c in plain}
    out: list[tuple[int, int]] = []
    grown = True
    while grown:
        grown = False
        for cell, (lab, from_surface) in plain.items():
            if not occ.get(cell) or cell in bare or from_surface >= PLAIN_CELL_FROM:
                continue
            if any(_same_surface(lab, plain[other][0]) for other in bare):
                bare.add(cell)
                out.append(cell)
                grown = True
    return out


def _same_surface(lab_a: np.ndarray, lab_b: np.ndarray) -> bool:
    """Whether two CIELAB colours ``(3,)`` lie as close as the cells of one board surface
    (:data:`SURFACE_SAME_AB`, :data:`SURFACE_SAME_L`)."""
    d_ab = float(np.hypot(lab_a[1] - lab_b[1], lab_a[2] - lab_b[2]))
    return d_ab < SURFACE_SAME_AB and abs(float(lab_a[0] - lab_b[0])) < SURFACE_SAME_L


def _glare_falloff(drawn: tuple[float, float], apart: float | None) -> bool:
    """Whether a board cell's sectors differ in hue only as the light falling off across the bare
    board makes them: ``drawn`` (diagonals' contrast, sectors' hue spread; see
    :func:`_shows_drawing`) shows a drawing by hue alone (:func:`_drawn_by_hue_alone`), and its
    sector furthest from the surface's looks lies within :data:`FALLOFF_APART` of them
    (``apart``, see :func:`_sectors_apart`). Near a hot spot's edge the glare rises steeply
    across one cell, and the board's colour washes towards the lamp's over it: its sectors
    then lie apart in hue (6-12), each a look of the bare surface (the furthest within 2.1-3.6
    of them, the four such cells of the 260 development photos: final21
    twelve-tiles-hard-2310, final22 hard-2804). A tile's sectors apart in hue alone are
    paints: one at least stands apart from the surface (the one such tile measured, washed in
    a hot spot on a cream board, final13 hard-805: 9.1; sectors of washed paints drawn in the
    test, 17-18)."""
    return apart is not None and _drawn_by_hue_alone(*drawn) and apart < FALLOFF_APART


def _sectors_apart(ctx: _Ctx, cell: tuple[int, int], drawn: tuple[float, float] | None,
                   looks: np.ndarray) -> float | None:
    """How far (:func:`_from_surface`) from the empty board's ``looks`` ``(M, 3)`` the sector of
    ``cell`` furthest from them lies, where its sectors are apart in hue (``drawn``'s spread
    over ``2 * SECTOR_HUES``, where :func:`_shows_drawing` may go by hue alone); None
    elsewhere, or without the sectors' colours (``ctx.sector_labs``, Lab ``(4, 3)`` in
    :func:`_sector_masks`' order)."""
    if drawn is None or not _drawn_by_hue_alone(*drawn) or ctx.sector_labs is None:
        return None
    return max(_from_surface(lab, looks) for lab in ctx.sector_labs[cell])


def _shows_no_drawing(lines: float, hues: float) -> bool:
    """Whether a board's cell shows no trace of a sector tile's drawing: its diagonals' contrast
    (``lines``, L*) within :data:`DIAGONAL_LINES` and its sectors' hue spread (``hues``) within
    :data:`SECTOR_HUES` (the board's plain surface, or a one-colour tile without lines seen).
    Not the negation of :func:`_shows_drawing`: a cell may show neither (faint lines, or hues
    between the two bounds)."""
    return abs(lines) <= DIAGONAL_LINES and hues <= SECTOR_HUES


def _drawn_by_hue_alone(lines: float, hues: float) -> bool:
    """Whether a board's cell shows a sector tile's drawing by its sectors' hues alone (see
    :func:`_shows_drawing`): no diagonals seen (``lines`` within :data:`DIAGONAL_LINES`) and
    the hues (``hues``) over twice :data:`SECTOR_HUES`."""
    return abs(lines) <= DIAGONAL_LINES and hues > 2 * SECTOR_HUES


def _shows_drawing(lines: float, hues: float) -> bool:
    """Whether a board's cell shows a sector tile's drawing however washed out its colours are
    (see :data:`DIAGONAL_LINES`): ``lines`` its diagonals' contrast (L*, from
    :func:`_diagonal_contrast`: positive for lighter lines, negative for darker), ``hues`` its
    sectors' mean (a*, b*) distance from their mean."""
    return (abs(lines) > DIAGONAL_LINES and hues > SECTOR_HUES) or hues > 2 * SECTOR_HUES


def _diagonal_contrast(lightness: np.ndarray) -> np.ndarray:
    """How much lighter (positive) or darker (negative) each square cell's diagonals are than
    the bands beside them: ``(N,)`` from ``(N, n, n)`` L*, the centre and the corners left out
    (a sector tile's face is drawn with light or dark lines along its diagonals, which make it
    positive or negative; an empty board cell is plain, near 0)."""
    n = lightness.shape[-1]
    on, off = _diagonal_bands(n)
    return lightness[:, on].mean(axis=1) - lightness[:, off].mean(axis=1)


@lru_cache(maxsize=8)
def _diagonal_bands(n: int) -> tuple[np.ndarray, np.ndarray]:
    yy, xx = np.mgrid[0:n, 0:n] + 0.5
    d1 = np.abs(xx - yy) / math.sqrt(2) / n
    d2 = np.abs(xx + yy - n) / math.sqrt(2) / n
    r = np.hypot(xx - n / 2, yy - n / 2) / (n / 2)
    keep = (r > 0.2) & (r < 0.85)
    on = ((d1 < 0.03) | (d2 < 0.03)) & keep
    off = (((d1 > 0.08) & (d1 < 0.14) & (d2 > 0.08)) | ((d2 > 0.08) & (d2 < 0.14) & (d1 > 0.08))) & keep
    return on, off


def _board_surface(labs: np.ndarray) -> tuple[np.ndarray, float] | None:
    """The empty board's colour from the inner cells' centre colours ``(N, 3)``.

    The empty cells of a board all show the same surface, while tiles differ from one another:
    the surface is the colour shared by the most cells (within 4 units in ``(a, b)`` and 8 in
    lightness, whatever the light's colour; those not blown out (see :func:`blown_out`), while
    four of them share one): the median CIELAB of those cells, and their spread in ``(a, b)``. ``None`` when fewer than four cells share a colour (a board covered with
    tiles).
    """
    if len(labs) < 8:
        return None
    ab = labs[:, 1:]
    d_ab = np.hypot(ab[:, None, 0] - ab[None, :, 0], ab[:, None, 1] - ab[None, :, 1])
    d_l = np.abs(labs[:, None, 0] - labs[None, :, 0])
    close = (d_ab < SURFACE_SAME_AB) & (d_l < SURFACE_SAME_L)
    # (cells blown out by a lamp's hot spot show the glare's white, not the surface's colour:
    # a warm-lit white board's cells (92, 4, 9) beside its clipped ones (99, 0, 0); the surface
    # is the colour most unclipped cells share, while four do)
    clear = ~blown_out(labs)
    counts = np.where(clear, (close & clear[None, :]).sum(axis=1), 0)
    if counts.max() < 4:
        counts = close.sum(axis=1)
    mode = int(np.argmax(counts))
    if counts[mode] < 4:
        return None
    members = labs[close[mode]]
    centre = np.median(members, axis=0)
    spread = float(np.median(np.hypot(*(members[:, 1:] - centre[1:]).T)))
    return centre, spread


def _shade_steps(darkest: float) -> np.ndarray:
    """The ascending ``(K,)`` factors of less light a surface's looks take: the six geometric
    steps from :data:`SHADE_MIN` to 1, continued with the same ratio below it down to
    ``darkest`` (``0 < darkest <= SHADE_MIN``), which ends them: a lower ``darkest`` only adds
    looks, never moves the ones above :data:`SHADE_MIN`."""
    if not 0.0 < darkest <= SHADE_MIN:
        raise ValueError(f"darkest {darkest} must lie in (0, {SHADE_MIN}]")
    below = []
    i = 6
    while SHADE_MIN ** (i / 5) > darkest:
        below.append(SHADE_MIN ** (i / 5))
        i += 1
    if darkest < SHADE_MIN:
        below.append(darkest)
    return np.concatenate([np.asarray(below[::-1], float), np.geomspace(SHADE_MIN, 1.0, 6)])


def _board_looks(surface_lab: np.ndarray) -> np.ndarray:
    """A framed board's bare looks: :func:`_surface_looks` down to :data:`BOARD_SHADE_MIN`."""
    return _surface_looks(surface_lab, BOARD_SHADE_MIN)


def _surface_looks(surface_lab: np.ndarray, darkest: float = SHADE_MIN) -> np.ndarray:
    """The CIELAB ``(M, 3)`` an empty board's surface of CIELAB ``surface_lab`` takes under less
    light (linear BGR ``k * surface``, ``k`` down to ``darkest`` in :func:`_shade_steps`,
    :data:`SHADE_MIN` unless told) or more light and white glare (``clip(k * surface + w)``, ``k`` up to
    :data:`GLARE_GAIN_MAX`, ``w`` up to 0.6): clipping moves the hue, as a camera's red channel
    saturates first under warm light."""
    lin = srgb_to_linear(lab_to_bgr(np.asarray(surface_lab, np.float32)[None, :]))[0]
    darker = _shade_steps(darkest)[:, None] * lin[None, :]
    k = np.geomspace(1.0, GLARE_GAIN_MAX, 12)[:, None, None]
    w = np.linspace(0.0, 0.6, 7)[None, :, None]
    lighter = np.clip(k * lin[None, None, :] + w, 0.0, 1.0).reshape(-1, 3)
    out = np.vstack([darker, lighter])
    return bgr_to_lab(linear_to_srgb(out).astype(np.float32)).astype(np.float64)


def _from_surface(lab: np.ndarray, looks: np.ndarray) -> float:
    """How far a cell's centre colour ``(3,)`` is from every look of the empty board's surface
    under the light (``looks`` from :func:`_surface_looks`): ``(a, b)`` distance, lightness at
    half weight."""
    d = looks - np.asarray(lab, float)
    return float(np.min(np.sqrt(d[:, 1] ** 2 + d[:, 2] ** 2 + (0.5 * d[:, 0]) ** 2)))


def _light_weights(ctx: _Ctx, cells: list, spreads: dict) -> np.ndarray:
    """How much each cell's colour may tell about the light, (N,) in (0, 1]: less for an uneven
    cell (a shadow's edge, a neighbour's rim) and for one with glare (blown-out pixels)."""
    spread = np.array([spreads[c] for c in cells])
    w = 1.0 / (1.0 + (spread / 8.0) ** 2)
    if ctx.blown is not None:
        w = w * np.clip(1.0 - 4.0 * np.array([ctx.blown[c] for c in cells]), 0.05, 1.0)
    return w


def view_gradients(td: TopDown) -> tuple[np.ndarray, np.ndarray]:
    """The lightness gradients of the view ``td``: 3x3 Sobels along x and y of its grey levels,
    float32 ``(h, w)`` each, signed. (Computed once per view: the cells' borders and their
    faces' texture are both measured on them, see :func:`_border_edges`, :func:`_face_texture`.)"""
    # (on the uint8 grey levels as they are: the filter's sums of integers are exact in float32)
    gray = cv2.cvtColor(td.image, cv2.COLOR_BGR2GRAY)
    return cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)


def _border_edges(td: TopDown, grads: tuple[np.ndarray, np.ndarray] | None = None
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Which cell borders of the view run along a clear edge (a gap, a shadow, a tile's rim):
    along each border, the strongest gradient across a thin band, averaged over its middle,
    against the typical gradient of the view. Returns ``(horizontal, vertical, h_share,
    v_share)``: bool arrays ``(rows + 1, cols)`` (border ``k`` above view row ``k``) and
    ``(rows, cols + 1)`` (border ``k`` left of view column ``k``), and for the same borders the
    share of their middle along which the edge is clear (a seam runs all along; a line drawn
    across the border, a sheet's print, crosses it at one place). ``grads``: the view's
    :func:`view_gradients`, when computed already."""
    R, C, ch, cw = td.rows, td.cols, td.ch, td.cw
    gx, gy = (np.abs(g) for g in (grads or view_gradients(td)))
    level = float(median_last((gx[::2, ::2] + gy[::2, ::2]).ravel())) + 1.0
    bw = max(1, int(round(0.06 * cw)))
    bh = max(1, int(round(0.06 * ch)))
    # horizontal borders k = 0..R: strongest vertical gradient across the band, per column
    hb = _band_maxima(gy, ch, bh, R + 1)
    hb = hb[:, :C * cw].reshape(R + 1, C, cw)[:, :, cw // 5:cw - cw // 5]  # (R+1, C, along)
    vb = _band_maxima(gx.T, cw, bw, C + 1)
    vb = vb[:, :R * ch].reshape(C + 1, R, ch)[:, :, ch // 5:ch - ch // 5]  # (C+1, R, along)
    edge = 4.0 * level
    return (hb.mean(axis=2) > edge, vb.mean(axis=2).T > edge,
            (hb > edge).mean(axis=2), (vb > edge).mean(axis=2).T)


def _band_maxima(g: np.ndarray, step: int, half: int, n: int) -> np.ndarray:
    """The largest value of ``g`` (H, W) across each of ``n`` bands of rows: band ``k`` the
    rows ``k * step - half`` to ``k * step + half`` (exclusive), cut to the picture; ``(n, W)``.
    (The rows of all bands taken at once, in place of a band at a time: ``g`` may be the
    transpose of a view, whose bands of columns are slow to reduce one by one; a row repeated
    where a band is cut changes no maximum.)"""
    rows = np.arange(n)[:, None] * step + np.arange(-half, half)[None, :]
    return g[np.clip(rows, 0, g.shape[0] - 1)].max(axis=1)


def _edge_sides(borders: tuple, td: TopDown) -> dict:
    """For each cell, how many of its four sides run along a clear edge (``borders``: see
    :func:`_border_edges` of ``td``)."""
    he, ve = borders[:2]
    n = he[:-1].astype(int) + he[1:] + ve[:, :-1] + ve[:, 1:]  # (R, C)
    return {(td.r0 + r, td.c0 + c): int(n[r, c]) for r in range(td.rows) for c in range(td.cols)}


def _colour_sides(td: TopDown) -> dict:
    """For each cell of the view ``td``, how many of its four sides run along a clear edge of
    colour (see :func:`_edge_sides`): the edges of :func:`_border_edges` measured on the view's
    two opponent colour channels (red - green and blue - yellow of its BGR levels, which a change
    of light level alone moves little: the sum of their gradients' magnitudes) instead of its
    lightness. A tile whose paint has the table's lightness shows its outline so (see
    :data:`COLOUR_OUTLINE`). (About 6 ms on a view of 16 x 16 cells of 48 px.)"""
    b, g, r = cv2.split(td.image.astype(np.float32))
    opponents = (r - g, b - 0.5 * (g + r))

    def along(dx: int) -> np.ndarray:
        return sum(np.abs(cv2.Sobel(o, cv2.CV_32F, dx, 1 - dx, ksize=3)) for o in opponents)
    return _edge_sides(_border_edges(td, (along(1), along(0))), td)


def _full_sides(borders: tuple, td: TopDown, share: float | None = None) -> dict:
    """For each cell of the view, which of its sides (top, bottom, left, right) run along a
    clear edge for at least ``share`` (default :data:`SEAM_SHARE`) of their middle
    (``borders``: see :func:`_border_edges` of ``td``): a tile's outline, its rim and the gap
    or shadow along it, runs all along every side; a cloth's dots or flowers crossing a border
    make an edge at one place, which may lift the border's mean gradient over the bar but not
    its share."""
    share = SEAM_SHARE if share is None else share
    he, ve, hs, vs = borders
    full_h = he & (hs >= share)
    full_v = ve & (vs >= share)
    return {(td.r0 + r, td.c0 + c): (bool(full_h[r, c]), bool(full_h[r + 1, c]),
                                     bool(full_v[r, c]), bool(full_v[r, c + 1]))
            for r in range(td.rows) for c in range(td.cols)}


def _kth_nearest(looks: np.ndarray, labs: np.ndarray, k: int = TABLE_LOOKS) -> np.ndarray:
    """Each of Lab ``labs`` ``(N, 3)``'s CIEDE2000 distance to its ``k``-th nearest of Lab
    ``looks`` ``(M, 3)``, ``M >= k``: ``(N,)``."""
    return np.sort(ciede2000(looks[None, :, :], labs[:, None, :]), axis=1)[:, k - 1]


def _own_sides(cell: tuple[int, int], full: tuple, taken: Mapping) -> int:
    """How many sides of ``cell`` show a full edge (``full``: see :func:`_full_sides`) where
    the neighbour is not ``taken`` (cell -> bool): its own rim's sides, not a neighbour's (a hole
    among tiles shows theirs on the sides they hold, and the bare table beyond the others)."""
    return sum(f and not taken.get(n, False) for f, n in zip(full, _beside(cell)))


def _own_rim(cell: tuple[int, int], full: tuple, taken: Mapping) -> bool:
    """Whether a cell shows its own rim on a side at least (see :func:`_own_sides`)."""
    return _own_sides(cell, full, taken) > 0


def _rim_of_its_own(ctx: _Ctx, cell: tuple[int, int], taken: Mapping) -> bool:
    """Whether a cell may be taken for its outline alone: in the bare table's very colour
    (``ctx.table_same``) only with an edge all along :data:`OWN_EDGES` of its sides facing the
    table (``ctx.full_sides``), or its own rim along nearly all of one (``ctx.rim_sides``,
    :data:`RIM_ALONG`), a tile's gap (``taken`` cell -> bool: the tiles so far)."""
    return (cell not in ctx.table_same or ctx.rim_sides is None
            or _own_outline(ctx, cell, taken))


def _own_outline(ctx: _Ctx, cell: tuple[int, int], taken: Mapping) -> bool:
    """Whether a cell shows an outline of its own: an edge all along :data:`OWN_EDGES` of its
    sides facing the table (``ctx.full_sides``) or a tile's gap along nearly all of one
    (``ctx.rim_sides``, :data:`RIM_ALONG`; ``taken`` cell -> bool: the tiles so far, whose rims
    the sides they hold show). A cell enclosed by tiles shows none. Both side maps are set."""
    return (_own_sides(cell, ctx.full_sides[cell], taken) >= OWN_EDGES
            or _own_rim(cell, ctx.rim_sides[cell], taken))


def _outlined_hole(ctx: _Ctx, cell: tuple[int, int], vouched: Collection, taken: Mapping
                   ) -> bool:
    """Whether a cell taken without pips, where the photo shows every tile pips up
    (``ctx.pips_up``, Textile; where the game lays every tile so, Octopus, every cell taken for
    its outline alone must show a die face), is a hole in the layout: taken for its outline
    alone (``ctx.by_outline``: the mask calls it table), in one of the bare table's looks
    (``ctx.table_looks``: a striped cloth's cream stripe, whatever the median of its stripes),
    not vouched for by its pips (``vouched``) and without an outline of its own
    (:func:`_own_outline`; ``taken`` cell -> bool). The outline a hole shows is its neighbours'
    rims, all round where tiles enclose it; a tile there shows its die face, or its own rim
    where it faces the table (final19 textile-hard-2000: a cream stripe among four tiles, 2.8
    from the white paint, 1.3-3.7 from the stripe's ring cells and 19 from their median).
    (Where the tiles may lie pips down no cell is judged: a plain white tile lying so shows no
    die face, and enclosed, no outline of its own either. A cell facing the table judged so
    whatever the tiles show was tried too: a white tile's faint rim on a pale cloth shows
    along none of its free sides; 10 development photos read worse, mostly a white tile
    lost, for 3 better.) A white tile whose pips a blur leaves unclear is judged too (final19
    hard-2000's hole shows a light spot 10.4 out, over the floor of 9)."""
    return (ctx.pips_up and cell in ctx.by_outline and cell in ctx.table_looks
            and cell not in vouched and ctx.full_sides is not None and ctx.rim_sides is not None
            and not _own_outline(ctx, cell, taken))


def _tiles_beside_dots(ctx: _Ctx, reads: dict, taken: Mapping) -> dict:
    """Of the cells beside the layout read as die faces (``reads``) beside a table that reads
    as die faces, the tiles: those whose pips are unlike the table's dots (see
    :func:`_unlike_table_dots`), and those outlined all round, one side their own rim (see
    :func:`_rimmed`; ``taken`` cell -> bool), whatever their pips are like: a tile's shape,
    where a cloth's dots make no full edge along a bare cell's sides (a white tile on a cream
    cloth with black dots, its face 5 from the cloth's ground, its black pips as the dots:
    oct23dev octopus normal 508)."""
    kept = _unlike_table_dots(ctx, reads)
    return {c: r for c, r in reads.items() if c in kept or _rimmed(ctx, c, taken)}


def _bare_evidence(ctx: _Ctx, cell: tuple[int, int], taken: Mapping) -> dict:
    """The evidence kept with a cell read as bare (see :class:`CellReading`): ``full_sides``,
    how many of its four sides an edge runs all along (``ctx.full_sides``, see
    :func:`_full_sides`); ``rimmed``, whether it shows a tile's outline, an edge all along
    :data:`OUTLINE_FULL` sides or more, one of them its own rim (:func:`_rimmed`; ``taken``
    cell -> bool: the neighbours' rims alone along its sides do not make it one); and
    ``edge_sides``, how many sides show an edge (``ctx.sides``); empty when not measured."""
    out = {}
    if ctx.full_sides is not None and cell in ctx.full_sides:
        out["full_sides"] = int(sum(ctx.full_sides[cell]))
        out["rimmed"] = bool(_rimmed(ctx, cell, taken, OUTLINE_FULL))
    if ctx.sides is not None and cell in ctx.sides:
        out["edge_sides"] = int(ctx.sides[cell])
    return out


def _rimmed(ctx: _Ctx, cell: tuple[int, int], taken: Mapping, sides: int = 4) -> bool:
    """Whether ``cell`` shows a tile's outline: an edge all along ``sides`` of its four sides
    at least (``ctx.full_sides``, see :func:`_full_sides`; all four by default), one of them
    its own rim (see :func:`_own_rim`; ``taken`` cell -> bool). A polka-dot cloth's dots
    crossing a bare cell's borders make edges along its sides, but none all along one (see
    :data:`OUTLINE_FULL`)."""
    return _outline_all_round(ctx.full_sides, cell, taken, sides)


def _rimmed_but_one(ctx: _Ctx, cell: tuple[int, int], taken: Mapping) -> bool:
    """Whether ``cell`` shows a tile's outline on every side but one: an edge all along the
    other three (``ctx.full_sides``), one of them its own rim, a tile's gap along nearly all of
    it (``ctx.rim_sides``, see :func:`_own_rim`; ``taken`` cell -> bool); and, unless the side
    without one is the one facing away from the camera (``ctx.far_side``), two of the three
    facing the bare table (:data:`UNSEEN_SIDE_OWN_EDGES`, see :func:`_own_sides`).

    A raised tile seen at a slant shows its wall and shadow on its near side and beside it, but
    its top face meets the table beyond directly along its far side: a white tile on a pale
    table shows no edge there (tex14 textile-hard-852, final17 textile-hard-1768: edges along
    the three other sides). Along the side facing the lamp, its wall lit as pale as its face and
    its shadow cast the other way, it may show none either (tex33 textile-normal-2020, tex14
    textile-hard-869); which side that is the reader does not know, so there the tile's own
    edges must speak for it. A bare notch among tiles shows their rims on its sides but none of
    its own, or one, a missed tile's beside it (tex31 textile-normal-1972), so it does not pass.
    (Where the bare table shows rims of its own, a print's, the caller asks for more: see
    :data:`FAR_RIM_TABLE`.)"""
    full = (ctx.full_sides or {}).get(cell)
    rim = (ctx.rim_sides or {}).get(cell)
    if full is None or rim is None or sum(full) < 3:
        return False
    for unseen in [k for k in range(4) if not full[k]] or range(4):
        if not _own_rim(cell, _without(rim, unseen), taken):
            continue
        own = _own_sides(cell, _without(full, unseen), taken)
        if unseen == ctx.far_side or own >= UNSEEN_SIDE_OWN_EDGES:
            logger.debug("cell %s: no edge along side %d (far side %s), %d edges of its own",
                         cell, unseen, ctx.far_side, own)
            return True
    return False


def _without(sides: tuple, k: int) -> tuple:
    """``sides`` (4 bools, :func:`_beside`'s order) with side ``k`` cleared."""
    return tuple(bool(s) and i != k for i, s in enumerate(sides))


def _edgy_table(ctx: _Ctx, cells: list, on_ring: np.ndarray) -> bool:
    """Whether the bare table (of ``cells``, those on the view's outer ring, ``on_ring``
    ``(N,)`` bool) makes edges all round its cells (:data:`EDGY_TABLE`, :data:`EDGY_SIDES`):
    stripes, checks, grain."""
    return ctx.sides is not None and bool(on_ring.any()) and bool(
        np.mean([ctx.sides[c] >= EDGY_SIDES for c, r in zip(cells, on_ring) if r]) > EDGY_TABLE)


def _rims_on_table(ctx: _Ctx, taken: Mapping) -> bool:
    """Whether the bare table (the view's outer ring, not ``taken``: cell -> bool, the tiles
    so far) makes edges all round its cells (:func:`_edgy_table`) or shows rims of its own along
    more than :data:`FAR_RIM_TABLE` of them (:func:`_table_rims`): a print's, where an outline
    on all sides but one (:func:`_rimmed_but_one`) is no evidence of a tile."""
    cells = list(ctx.full_sides or ())
    on_ring = np.array([_on_view_ring(c, ctx.td) for c in cells], bool)
    return (_edgy_table(ctx, cells, on_ring)
            or _table_rims(ctx, cells, on_ring, taken) > FAR_RIM_TABLE)


def _table_rims(ctx: _Ctx, cells: list, on_ring: np.ndarray, taken: Mapping) -> float:
    """The share of the bare table's cells (of ``cells``, those on the view's outer ring,
    ``on_ring`` ``(N,)`` bool, not ``taken``) that show a tile's rim along a side
    (``ctx.rim_sides``, see :data:`RIM_ALONG`): a printed cloth's rims; 1.0 with none to see."""
    bare = [c for c, r in zip(cells, on_ring) if r and not taken.get(c, False)]
    if not bare or ctx.rim_sides is None:
        return 1.0
    return float(np.mean([any(ctx.rim_sides[c]) for c in bare]))


def _outline_all_round(table: Mapping | None, cell: tuple[int, int], taken: Mapping,
                       sides: int = 4) -> bool:
    """Whether ``table`` (cell -> 4 bools, an edge along each side) has edges along ``sides``
    of ``cell``'s four sides at least, one of them its own rim (see :func:`_own_rim`)."""
    full = (table or {}).get(cell)
    return full is not None and sum(full) >= sides and _own_rim(cell, full, taken)


def _lit_table_in_corners(cells: list, lit: np.ndarray, occ: Mapping, sides: Mapping,
                          full: Mapping) -> list:
    """The cells taken (``occ``) whose colour is the bare table's in more light (``lit`` ``(N,)``
    by cell of ``cells``, see :func:`_from_surface`, under :data:`LIT_TABLE`) and which show no
    edge of their own: no more sides with an edge (``sides``, see :func:`_edge_sides`) than
    tiles beside them, none of them all along a side on the bare table (``full``, see
    :func:`_full_sides`, :func:`_own_rim`), though :data:`HOT_SPOT_FREE` sides at least border
    the bare table. A lamp's hot spot on the table in a corner of the layout, whose only edges
    are the rims of the tiles beside it; a tile shows its own rim, its edge and shadow, where it
    meets the bare table (the generalisation of the one-side rule in :func:`_occupancy`)."""
    out = []
    for i, cell in enumerate(cells):
        if not occ[cell] or lit[i] >= LIT_TABLE:
            continue
        free = sum(not occ.get(n, False) for n in _beside(cell))
        if (free >= HOT_SPOT_FREE and sides[cell] <= 4 - free
                and not _own_rim(cell, full[cell], occ)):
            out.append(cell)
    return out


def _face_texture(td: TopDown, grads: tuple[np.ndarray, np.ndarray] | None = None
                  ) -> tuple[dict, dict]:
    """For each cell, how textured its centre is: the upper quartile of the lightness gradient
    (grey levels per pixel, a 3x3 Sobel's magnitude / 8) over the cell less
    :data:`TEXTURE_MARGIN` of its side all round. A painted face (pips a minority of its pixels)
    is smooth; a woven cloth's threads, a tartan's lines and print are not. (At full size: at
    half, a tartan's thin lines blur into its checks.) And the marks on it: the gradient at
    :data:`MARKS_QUANTILE` over the same centre, which a print's motif or a die face's pips
    crossing a small part of it lift where the upper quartile stays low (a polka dot's rim),
    a plain face's paint leaves low (see :func:`_clean_on_print`). Both dicts cell -> value.
    ``grads``: the view's :func:`view_gradients`, when computed already."""
    gx, gy = grads or view_gradients(td)
    mag = cv2.magnitude(gx, gy)[:td.rows * td.ch, :td.cols * td.cw] / 8.0
    my, mx = int(TEXTURE_MARGIN * td.ch), int(TEXTURE_MARGIN * td.cw)
    centres = _cell_grid(mag, td)[:, my:td.ch - my, mx:td.cw - mx].reshape(td.rows * td.cols, -1)
    # (the upper quartile and the marks' quantile by rank: no sort needed)
    k, k_marks = int(0.75 * (centres.shape[1] - 1)), int(MARKS_QUANTILE * (centres.shape[1] - 1))
    part = np.partition(centres, (k, k_marks), axis=1)
    order = [(td.r0 + i // td.cols, td.c0 + i % td.cols) for i in range(td.rows * td.cols)]
    return ({c: float(v) for c, v in zip(order, part[:, k])},
            {c: float(v) for c, v in zip(order, part[:, k_marks])})


def _clean_on_print(marks: float, ring_marks: np.ndarray) -> bool:
    """Whether a cell whose centre shows ``marks`` (see :func:`_face_texture`) is a plain face
    on a printed cloth: at most :data:`CLEAN_FACE`, where at most :data:`PRINT_CLEAN_SHARE` of
    the bare table's cells (``ring_marks`` ``(N,)``, the view's outer ring less the tiles
    taken, at least :data:`PRINT_RING_CELLS` of them) are as clean. A plain white tile on a
    dotted or floral cloth of its colour shows no print in its centre, where nearly every bare
    cell of the cloth shows some (a plain cloth, a marble's soft veins, leave most bare cells
    as clean: there this says nothing)."""
    if len(ring_marks) < PRINT_RING_CELLS or marks > CLEAN_FACE:
        return False
    return float(np.mean(ring_marks <= CLEAN_FACE)) <= PRINT_CLEAN_SHARE


def _hot_spot_card(fg: float, d_table: float, sides: int, outlines_show: bool,
                   unlike_table: bool) -> bool:
    """Whether a cell left out of the layout may be a card in a lamp's hot spot, washed out past
    any paint (its art then decides, see :func:`_vouched_cards`): the foreground mask holds over
    :data:`HOT_SPOT_CARD_FG` of it (``fg``, 0-1), its colour lies :data:`GROW_APART` from the
    table's median at least (``d_table``, CIEDE2000), and, where the photo's clear cards show
    their outlines (``outlines_show``), its outline runs along :data:`OUTLINE_FULL` of its
    ``sides`` (0-4) at least. Where most clear cards show none (the light, blur: see
    :func:`_occupancy`), a missing outline says nothing of a washed card either (final28
    tapestry-hard-4403, tap44 hard-2712, final20 normal-2103: glared cards beside the layout,
    1-2 sides outlined, dropped); what stands in for it there is the table's looks: the cell's
    colour must be unlike every look of the bare table (``unlike_table``, see
    :data:`TABLE_LOOKS`), not only apart from its median, so a glared patch of the cloth or its
    print, which no outline rules out then, is no card."""
    if fg <= HOT_SPOT_CARD_FG or d_table < GROW_APART:
        return False
    return sides >= OUTLINE_FULL if outlines_show else unlike_table


def _printed_table(cells: list[tuple[int, int]], d_table: np.ndarray,
                   spreads: Mapping[tuple[int, int], float], occ: Mapping[tuple[int, int], bool]
                   ) -> list[tuple[int, int]]:
    """The cells taken (``occ``) that are the printed table: of its colour (``d_table`` ``(N,)``,
    CIEDE2000 to the bare table's median, under :data:`GROW_APART`) and uneven past any face
    (``spreads`` by cell, CIELAB, over :data:`UNEVEN_CELL`). ``cells`` in ``d_table``'s order."""
    return [cell for i, cell in enumerate(cells)
            if occ[cell] and d_table[i] < GROW_APART and spreads[cell] > UNEVEN_CELL]


def _texture_split(texture: np.ndarray, on_ring: np.ndarray, clear: np.ndarray
                   ) -> tuple[float, float] | None:
    """Where texture tells tiles from the table: ``(smooth, rough)`` thresholds, a cell at most
    ``smooth`` is as smooth as the tiles, one at least ``rough`` as textured as the table; None
    when the bare table (``on_ring``) is not :data:`TEXTURE_APART` times as textured as the
    clear tiles (``clear``, at least :data:`TEXTURE_TILES`). ``texture`` ``(N,)`` by cell."""
    if clear.sum() < TEXTURE_TILES or on_ring.sum() < 2 * TEXTURE_TILES:
        return None
    tiles = max(float(np.median(texture[clear])), 0.5)
    table = float(np.median(texture[on_ring]))
    if table < TEXTURE_APART * tiles:
        return None
    step = (table / tiles) ** (1.0 / TEXTURE_ROOT)
    return tiles * step, tiles * step ** 2


def _half_grid(grid: np.ndarray) -> np.ndarray:
    """Cells ``(N, h, w, ...)`` (h, w even) averaged over 2x2 blocks: ``(N, h/2, w/2, ...)``."""
    g = grid.astype(np.float32, copy=False)
    out = g[:, 0::2, 0::2] + g[:, 1::2, 0::2]
    out += g[:, 0::2, 1::2]
    out += g[:, 1::2, 1::2]
    out *= 0.25
    return out


def _cell_grid(arr: np.ndarray, td: TopDown, ch: int | None = None, cw: int | None = None) -> np.ndarray:
    """The cells of a top-down array ``(h, w, ...)`` as ``(rows * cols, ch, cw, ...)``, row-major
    (``ch``, ``cw`` the cell size in ``arr``, by default the view's)."""
    ch = td.ch if ch is None else ch
    cw = td.cw if cw is None else cw
    g = arr[:td.rows * ch, :td.cols * cw]
    g = g.reshape(td.rows, ch, td.cols, cw, *arr.shape[2:])
    return np.swapaxes(g, 1, 2).reshape(td.rows * td.cols, ch, cw, *arr.shape[2:])


def _two_paint_spreads(cells: np.ndarray, mask: np.ndarray, *, paints: bool = False
                       ) -> np.ndarray | tuple[np.ndarray, np.ndarray]:
    """How even each cell's region is as two paints, a face and its pips: ``cells``
    ``(N, h, w, 3)`` Lab, ``mask`` ``(h, w)`` bool -> ``(N,)`` the spread (median distance to
    their median) of its face's paint, the one of more pixels of its darker and its lighter
    pixels, split midway between the 10th and 90th percentiles of their lightness
    (:data:`PAINT_SPLIT`). With ``paints``: ``(spreads (N,), the face paint's median Lab
    (N, 3))``.

    A die face is two paints, its face's and its pips', each even and far apart in lightness:
    the pips of a 5 or a 6 cover up to half of a cell's centre, so the spread about one median
    is as large as their contrast (measured: the independent renderer's white and pink 6s,
    15-17 about one median). The pips' own pixels are no measure of evenness: a pip is a few
    pixels across in the view, most of them on its rim, where the lens's blur and the JPEG's
    mix the two paints (measured: 7-17 in an octopus photo's taken 5s and 6s, a white 6's 9.7,
    its face's 2.4). So the face's paint is judged; whether its other paint lies as pips is
    :func:`_spots_as_pips`' to tell. A patch of the table that is uneven (a pattern, a
    shadow's edge) may be even in its major paint too: its outline and its pips, read after,
    tell (see :func:`_occupancy`)."""
    x = masked_pixels(cells, mask)  # (N, k, 3)
    dark = x[..., 0] < _paint_split(x[..., 0])[:, None]
    face = np.where((dark.mean(axis=1) > 0.5)[:, None], dark, ~dark)  # (N, k) the major paint
    med = _masked_median(x, face)
    dist = norm3(x - med[:, None, :])
    spreads = _masked_median(dist[..., None], face)[:, 0]
    return (spreads, med) if paints else spreads


def _paint_split(light: np.ndarray) -> np.ndarray:
    """The lightness ``(N,)`` that tells a cell's two paints apart, ``light`` ``(N, k)`` its
    pixels': midway between the percentiles :data:`PAINT_SPLIT`."""
    lo, hi = (percentile_last(light, q) for q in PAINT_SPLIT)
    return 0.5 * (lo + hi)


def _spots_as_pips(cells: np.ndarray, most: int) -> np.ndarray:
    """Whether each cell's minor paint lies as a die face's pips: ``cells`` ``(N, h, w, 3)``
    Lab -> ``(N,)`` bool.

    On a die face the pips are small round spots, at most ``most`` of them (the kit's largest
    face), each enclosed by the face's paint and together a small share of it
    (:data:`PIP_SHARE`). A cloth's checks or stripes are two paints too, each even, and a
    tile-sized patch of them may show an edge along its four sides; but their minor paint runs
    as squares and bands across the patch, out to its sides. Looked at inside the cell's inset
    (:data:`PIP_INSET`: clear of the tile's outline and the gap), with the two paints split as
    by :func:`_two_paint_spreads`, the minor paint being the one of fewer pixels. A part of
    it along the sides only (within :data:`PIP_BAND`: the table or the gap showing where the
    lattice sits a little off the tile) is left out; one reaching further in from a side is
    no pip, unless it is the gap beside the tile, running along a whole side
    (:data:`GAP_ALONG`), and what it joins inside the band is pips, each piece no larger than
    a pip (:data:`PIP_EXTENT`; a white 6 on a white marble, the lattice a tenth of a cell
    off, its gap's shadow down one side touching its outer pips)."""
    n, h, w = cells.shape[:3]
    my, mx = int(round(PIP_INSET * h)), int(round(PIP_INSET * w))
    inner = cells[:, my:h - my, mx:w - mx, 0]  # (N, h', w') lightness
    flat = inner.reshape(n, -1)
    dark = inner < _paint_split(flat)[:, None, None]
    core = np.zeros(inner.shape[1:], bool)
    by, bx = (max(int(round(PIP_BAND * d)) - m, 1) for d, m in ((h, my), (w, mx)))
    core[by:-by, bx:-bx] = True
    limit = PIP_EXTENT * max(h, w)
    out = np.zeros(n, bool)
    for i in range(n):
        minor = dark[i] if dark[i].mean() <= 0.5 else ~dark[i]
        share = float(minor.mean())
        if not 0.0 < share <= PIP_SHARE:
            continue
        count, labels = cv2.connectedComponents(minor.astype(np.uint8), connectivity=8)
        rim = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
        rim = rim[rim > 0]
        gaps = [r for r in rim if _along_a_side(labels == r)]
        if np.isin(labels[core], [r for r in rim if r not in gaps]).any():
            continue  # (a band or a check from the side into the face)
        if not _pips_only(np.isin(labels, gaps) & core, limit):
            continue  # (the gap and, joined to it, more than pips)
        out[i] = 1 <= count - 1 - len(rim) <= most
    return out


def _along_a_side(part: np.ndarray) -> bool:
    """Whether ``part`` ``(h, w)`` bool runs along one side of its picture for at least
    :data:`GAP_ALONG` of it: the gap beside a tile, where a cloth's checks cross a side by
    pieces."""
    return max(part[0].mean(), part[-1].mean(), part[:, 0].mean(), part[:, -1].mean()) >= GAP_ALONG


def _pips_only(part: np.ndarray, limit: float) -> bool:
    """Whether each connected piece of ``part`` ``(h, w)`` bool spans at most ``limit``
    pixels both ways: pips (:data:`PIP_EXTENT`)."""
    if not part.any():
        return True
    _, _, stats, _ = cv2.connectedComponentsWithStats(part.astype(np.uint8), connectivity=8)
    return bool((stats[1:, cv2.CC_STAT_WIDTH] <= limit).all()
                and (stats[1:, cv2.CC_STAT_HEIGHT] <= limit).all())


def blown_out(lab: np.ndarray) -> np.ndarray:
    """Blown-out (glare) pixels of Lab ``(..., 3)``: near-white at the top of the range."""
    return (lab[..., 0] > 97.0) & (np.abs(lab[..., 1]) + np.abs(lab[..., 2]) < 8.0)


class _LazyCells(abc.Mapping):
    """Full-resolution Lab cells ``(ch, cw, 3)`` by ``(row, col)``, converted on first use for
    the bounding box of the cells asked for (plus half a cell around it, for the pips' filter);
    sets ``ctx.lab`` / ``ctx.lab_origin`` and ``ctx.blown_px`` for those cells."""

    def __init__(self, ctx: _Ctx, img: np.ndarray):
        self.ctx, self.img, self.cells = ctx, img, {}
        ctx.blown_px = {}

    def need(self, cells) -> None:
        cells = list(cells)
        if all(c in self.cells for c in cells):
            return
        td = self.ctx.td
        rs = [r - td.r0 for r, _ in cells]
        cs = [c - td.c0 for _, c in cells]
        y0 = max(0, min(rs) * td.ch - td.ch // 2)
        x0 = max(0, min(cs) * td.cw - td.cw // 2)
        y1 = min(td.rows * td.ch, (max(rs) + 1) * td.ch + td.ch // 2)
        x1 = min(td.cols * td.cw, (max(cs) + 1) * td.cw + td.cw // 2)
        lab = bgr_to_lab(self.img[y0:y1, x0:x1])
        # (the glare judged once over the converted part, each cell's a view of it: the same
        # values as cell by cell, at a fraction of the cost of a call per cell)
        blown = blown_out(lab)
        self.ctx.lab, self.ctx.lab_origin = lab, (y0, x0)
        self.cells, self.ctx.blown_px = {}, {}
        for r in range(td.r0, td.r0 + td.rows):
            for c in range(td.c0, td.c0 + td.cols):
                y, x = (r - td.r0) * td.ch - y0, (c - td.c0) * td.cw - x0
                if y >= 0 and x >= 0 and y + td.ch <= lab.shape[0] and x + td.cw <= lab.shape[1]:
                    self.cells[(r, c)] = lab[y:y + td.ch, x:x + td.cw]
                    self.ctx.blown_px[(r, c)] = blown[y:y + td.ch, x:x + td.cw]

    def __getitem__(self, cell):
        if cell not in self.cells:
            self.need([cell])
        return self.cells[cell]

    def __iter__(self):
        return iter(self.cells)

    def __len__(self):
        return len(self.cells)


#: A part of the layout apart from its largest group is kept only when it comes within this
#: distance of it (Chebyshev, in cells): a layout is one connected piece (every game places tiles
#: next to placed ones), which a missed tile splits with one empty cell between the parts
#: (distance 2); a group further off is something else on the table (a sheet of paper, a patch
#: of glare) that the lattice happens to cover. (Two missed tiles in a row across a layout's
#: neck leave distance 3: rarer than clutter beside the layout, which the independent
#: renderer's photos show often.)
SPLIT_GAP = 2
#: A part of a layout split by a missed tile is kept when it holds at least this many cells and
#: half as many as the biggest part (see :func:`_keep_main_group`; Textile's edge-joined parts,
#: :func:`vision.decode._off_the_textile`, alike); a smaller part is clutter.
SPLIT_PART = 3
#: An empty cell read with less confidence than this may hold a tile: the reader says so
#: ("this cell may hold a tile"), and Textile's edge-joined parts are joined through it (see
#: :func:`vision.decode._off_the_textile`; the value is the doubt's, inherited, not tuned here).
MAY_HOLD_CONF = 0.65


#: Tapestry's cards span at most this many rows and columns (RULES.md, tapestry.too-wide; a rule,
#: not a measure): a part of cards kept beside the layout must not stretch it further (see
#: :func:`_keep_main_group`).
CARDS_SPAN = 8


#: The steps to the eight cells around a cell (along its sides and at its corners).
AROUND = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)


def connected_groups(cells: set, steps: Iterable[tuple[int, int]]) -> list[set]:
    """The groups of ``cells`` (a set of (row, col), emptied as they are found) joined by
    ``steps`` (row and column steps to a neighbour: :data:`AROUND`, or the four sides), in the
    order found."""
    steps = tuple(steps)
    groups = []
    while cells:
        start = cells.pop()
        group, stack = {start}, [start]
        while stack:
            r, c = stack.pop()
            for dr, dc in steps:
                nb = (r + dr, c + dc)
                if nb in cells:
                    cells.discard(nb)
                    group.add(nb)
                    stack.append(nb)
        groups.append(group)
    return groups


def _keep_main_group(occ: dict, found: Collection[tuple[int, int]] = frozenset(),
                     shows_card: Callable[[tuple[int, int]], bool] | None = None,
                     max_span: int | None = None) -> dict:
    """Keep the layout: the largest 8-connected group of occupied cells, and every group of at
    least half its size and :data:`SPLIT_PART` cells within :data:`SPLIT_GAP` of it (a tile missed
    in the middle of a layout splits it); smaller or further groups are clutter. A group within
    :data:`SPLIT_GAP` that holds a cell of ``found`` (cells ``(row, col)`` whose face was found as a
    tile-shaped blob on the lattice: X-Tiles, see :func:`vision.pipeline.found_face_cells`) is kept
    whatever its size, when ``found`` holds :data:`vision.xtiles.GROW_FROM` faces at least: a tile's
    face of two paints on its lattice point, turned as the checkerboard has it there, is no clutter,
    and a lamp's glare that washes the tiles between it and the rest splits it off alone (xt51
    x-tiles-hard-2687: the near end of a column, past two washed faces, dropped). Fewer found make
    no layout's lattice (see :func:`vision.xtiles._few_faces`): a cloth's print taken for a face on
    one (final17 x-tiles-hard-1765, 2 faces found on a striped cloth: one extra tile when kept).

    A group within :data:`SPLIT_GAP` not kept so is kept whatever its size if every cell of it
    ``shows_card`` (Tapestry: its card's art shows on a plain face, in a colour unlike every look
    of the bare table, see :func:`_card_art_shows`; asked only of such groups, largest first):
    art in a card's middle, unlike the table, is a card, and a lamp's hot spot that washes the
    cards between it and the rest (taken out as bare, or read as empty) splits it off.
    (Measured on 4 photos of the independent renderer, 7 cards cut so: final28
    tapestry-hard-4403, four glared cards joined at a corner through a washed one; final21
    hard-2307, normal-2302, tap44 hard-2712, one card each, a card missed between it and the
    layout.) A group with a cell that shows no art (a cloth's patch, a washed card) keeps the
    size rule, and so does one that would stretch the layout past ``max_span`` rows or columns
    (Tapestry: :data:`CARDS_SPAN`, a rule): a glared cloth's checks two rows past a layout of 8
    rows show "art" on a "plain" face, unlike the table's looks, too (final20
    tapestry-hard-2106: four extra cards kept without both tests, two with the table's looks
    only, none with the span)."""
    groups = connected_groups({c for c, v in occ.items() if v}, AROUND)
    if not groups:
        return {c: False for c in occ}
    main = max(groups, key=len)
    largest = len(main)
    near = np.array(sorted(main))
    vouching = found if len(found) >= GROW_FROM else frozenset()

    def close(group: set) -> bool:
        g = np.array(sorted(group))
        gap = np.abs(g[:, None, :] - near[None, :, :]).max(axis=2).min()
        return int(gap) <= SPLIT_GAP
    kept = set().union(*(g for g in groups if g is main or (
        (len(g) >= max(SPLIT_PART, largest / 2) or not g.isdisjoint(vouching)) and close(g))))
    # (largest first, then by their cells: not the order connected_groups found them in, as
    # each part kept may leave the next one past max_span)
    for g in sorted(groups, key=lambda g: (-len(g), sorted(g))):
        if g.isdisjoint(kept) and _all_show_cards(g, shows_card) and close(g) \
                and _spans_within(kept | g, max_span):
            kept |= g
    return {c: (c in kept) for c in occ}


def _spans_within(cells: set, max_span: int | None) -> bool:
    """Whether ``cells`` (a set of ``(row, col)``) span at most ``max_span`` rows and columns
    (always, without ``max_span``)."""
    if max_span is None:
        return True
    rows, cols = {r for r, _ in cells}, {c for _, c in cells}
    return max(rows) - min(rows) < max_span and max(cols) - min(cols) < max_span


def _all_show_cards(group: set, shows_card: Callable[[tuple[int, int]], bool] | None) -> bool:
    """Whether every cell of ``group`` (a set of cells ``(row, col)``) shows a card by
    ``shows_card`` (see :func:`_card_art_shows`); False without ``shows_card``."""
    return shows_card is not None and all(shows_card(c) for c in sorted(group))


#: Confidence of a cell taken out of the layout as the bare table by a check made once the
#: occupancy is decided (see :func:`_take_out`): the check settles it on one kind of evidence
#: (no die face, one surface over a face's sectors, a part left apart), as a colour named by
#: its hue group is (:data:`GROUP_CONF`).
TABLE_CONF = 0.6


def _take_out(cells: Iterable, occ: dict, occ_conf: dict,
              why: str | Callable[[tuple[int, int]], str], fg_cells: dict | None = None,
              info: dict | None = None, *, conf: float = TABLE_CONF, unmask: bool = False
              ) -> None:
    """Take ``cells`` out of the layout (in place: ``occ`` cell -> False, ``occ_conf`` cell ->
    ``conf``, by default :data:`TABLE_CONF`: the bare table), logging ``why`` (a text, or one
    per cell) for each; with ``unmask`` their foreground share in ``fg_cells`` (cell -> share)
    is set to 0 (they stood out, but are not the layout's); ``info["coverage"]`` is updated
    from ``fg_cells`` when both are given and any cell is taken out."""
    cells = list(cells)
    for cell in cells:
        logger.debug("cell %s: %s", cell, why(cell) if callable(why) else why)
        occ[cell], occ_conf[cell] = False, conf
        if unmask and fg_cells is not None:
            fg_cells[cell] = 0.0
    if cells and fg_cells is not None and info is not None:
        info["coverage"] = _coverage(fg_cells, occ)


def _cut_off_parts(occ: dict, occ_conf: dict, fg_cells: dict | None, info: dict) -> None:
    """Take out as the bare table (in place: ``occ`` cell -> bool, ``occ_conf`` cell -> float,
    see :func:`_take_out`) every part of the layout apart from its main group (see
    :func:`_keep_main_group`, applied again); ``info["coverage"]`` is updated from ``fg_cells``
    when any cell is taken out. :func:`read_cells` calls it wherever every tile lies pips up
    (``die_faces``), after the checks that take cells out as the bare table: the layout is then
    one piece, each tile placed beside another, and a part apart from it was joined to it only
    through such cells (a lamp's hot spot on the cloth joining a patch of glared checks read as
    tiles). Whatever is apart by then is cut, whether or not a cell was taken out, and cells
    vouched for by their pips too: a die face beside the layout vouches for a tile only beside
    it (keeping such cells, final10 octopus hard-403 went from 0 to 1 wrong cell)."""
    kept = _keep_main_group(occ)
    _take_out([c for c, v in occ.items() if v and not kept[c]], occ, occ_conf,
              "apart from the layout once the table's cells are taken out", fg_cells, info)


def _rejoined(occ: dict, apart: list) -> list:
    """The cells ``apart`` from the layout (left out by :func:`_keep_main_group`) that the
    layout ``occ`` (cell -> bool) now keeps with them: a tile missed between two parts of the
    layout (a white tile on a cream cloth, which the mask and the colour miss) split them, and
    once its pips vouch for it the parts are one layout again."""
    if not apart:
        return []
    kept = _keep_main_group({**occ, **dict.fromkeys(apart, True)})
    return [c for c in apart if kept[c]]


#: What :func:`read_cells_steps` yields once occupancy is decided: the number of occupied
#: cells, the coverage (1.0 without a mask) and a callable giving the quick estimate of the
#: colour fit (:func:`_fit_estimate`, None for other than solid faces; computed when called).
Bound = tuple[int, float, Callable[[], float | None]]
#: The steps of one reading (see :func:`read_cells_steps`): sent True at its bound to give up.
ReadSteps = abc.Generator[Bound, bool, tuple[list[CellReading], dict[str, Any]]]


def read_cells(td: TopDown, kit: Kit, *, palette: Palette, profile: Mapping | None = None,
               long_axis_parity: int | None = None, fg: np.ndarray | None = None,
               framed: bool = False, die_faces: bool = False, colours_apart: bool = False,
               grads: tuple[np.ndarray, np.ndarray] | None = None, far_side: int | None = None,
               faces: Collection[tuple[int, int]] = frozenset()
               ) -> tuple[list[CellReading], dict[str, Any]]:
    """Read every cell of a top-down view: :func:`read_cells_steps` run through (see there for
    the arguments and the result; a caller that may give up at the bound runs the steps
    itself, with :func:`finish_reading`)."""
    steps = read_cells_steps(td, kit, palette=palette, profile=profile,
                             long_axis_parity=long_axis_parity, fg=fg, framed=framed,
                             die_faces=die_faces, colours_apart=colours_apart, grads=grads,
                             far_side=far_side, faces=faces)
    next(steps)
    return finish_reading(steps, False)


def finish_reading(steps: ReadSteps, give_up: bool
                   ) -> tuple[list[CellReading], dict[str, Any]]:
    """The result of a reading ``steps`` stopped at its bound: ``([], info)`` with
    ``info["gave_up"]`` True when ``give_up``, else its tiles read (see
    :func:`read_cells_steps`)."""
    try:
        steps.send(give_up)
    except StopIteration as done:
        return done.value
    raise RuntimeError("a reading's steps yield once")


def read_cells_steps(td: TopDown, kit: Kit, *, palette: Palette, profile: Mapping | None = None,
                     long_axis_parity: int | None = None, fg: np.ndarray | None = None,
                     framed: bool = False, die_faces: bool = False, colours_apart: bool = False,
                     grads: tuple[np.ndarray, np.ndarray] | None = None,
                     far_side: int | None = None,
                     faces: Collection[tuple[int, int]] = frozenset()) -> ReadSteps:
    """Read every cell of a top-down view, in two steps: a generator that yields its
    :data:`Bound` once occupancy is decided (before the tiles are read: the upper bounds of the
    final count and coverage, the checks after it only take cells out), is then sent whether
    to give up, and returns the result (as ``StopIteration.value``, see
    :func:`finish_reading`). A caller weighing several lattices decides which to read in full
    once it knows every one's bound.

    ``framed``: the view is a board's window found by its frame (the board's cells plus a ring
    of one cell): the empty board's surface then decides which inner cells hold a tile.
    Sent True at the bound, the tiles are not read and the result is ``([], info)`` with
    ``info["gave_up"]`` True.
    ``die_faces``: every tile lies pips up (the game tells tiles apart by them), so a cell
    beside the layout whose pips read clearly is a tile (see :data:`PIPS_VOUCH`).
    ``colours_apart``: no two tiles of one colour touch (Textile's colour rule), so cells of one
    colour without a seam between them, each full of it, are one object larger than a tile (a
    sheet of paper, a sticky note), not tiles (see :func:`_seamless_sheets`).
    ``grads``: the view's :func:`view_gradients`, when the caller computed them already.
    ``far_side``: the side of every cell that faces away from the camera (an index of
    :func:`_beside`'s order; see :func:`vision.locate.far_side`), None when the view looks
    straight down or is not known: a tile's rim may not show there (see :func:`_rimmed_but_one`).
    ``faces``: the cells ``(row, col)`` of the view where a sector tile's face was found by its
    shape (see :data:`FACE_FOUND_LOGIT`); none for other lattices.

    Returns
    -------
    (readings, info): one :class:`CellReading` per cell of the view (occupied or not) and
    diagnostics (``gains``, ``table_lab``, ``score`` the mean colour fit of the occupied cells).
    """
    img = td.image
    fg_cells = None
    if fg is not None:
        my, mx = int(0.2 * td.ch), int(0.2 * td.cw)
        fgm = _cell_grid(fg, td)[:, my:td.ch - my, mx:td.cw - mx].mean(axis=(1, 2))
        fg_cells = {(td.r0 + i // td.cols, td.c0 + i % td.cols): float(v) for i, v in enumerate(fgm)}
    order = [(r, c) for r in range(td.r0, td.r0 + td.rows) for c in range(td.c0, td.c0 + td.cols)]
    n = td.cw
    centre_lab, spreads = {}, {}
    one_colour = kit.face_model != "sectors" and td.ch % 2 == 0 and td.cw % 2 == 0
    grads = grads if grads is not None else view_gradients(td)
    borders = _border_edges(td, grads)
    if one_colour:
        # one colour per face: which cells hold a tile, and the light, need no more than 2x2
        # blocks of the view; the full resolution is converted only around the layout, later
        sh, sw = td.ch // 2, td.cw // 2
        small = cv2.resize(img[:td.rows * td.ch, :td.cols * td.cw], (td.cols * sw, td.rows * sh),
                           interpolation=cv2.INTER_AREA)
        sgrid = _cell_grid(bgr_to_lab(small), td, sh, sw)
        sblown = blown_out(sgrid)
        ctx = _Ctx(kit, palette, profile, td, None, fg_cells, _edge_sides(borders, td), framed=framed,
                   die_faces=die_faces, far_side=far_side)
        ctx.blown = {cell: float(v) for cell, v in zip(order, sblown.mean(axis=(1, 2)))}
        centre_mask = np.zeros((sh, sw), bool)
        my, mx = int(round(0.18 * sh)), int(round(0.18 * sw))
        centre_mask[my:sh - my, mx:sw - mx] = True
        med, spread = _region_stats(sgrid, centre_mask, sblown)
        if kit.face_model == "symbol":
            med, spread = _card_face_stats(sgrid, med, spread, sblown)
        stats_grid = sgrid
        cell_regions: Mapping = _LazyCells(ctx, img)
    else:
        lab = bgr_to_lab(img)
        ctx = _Ctx(kit, palette, profile, td, lab, fg_cells, _edge_sides(borders, td), framed=framed,
                   die_faces=die_faces, far_side=far_side)
        # all cells at once: (rows * cols, ch, cw, 3), row-major
        grid = _cell_grid(lab, td)
        cell_regions = {cell: grid[i] for i, cell in enumerate(order)}
        blown_px = blown_out(grid)
        ctx.blown = {cell: float(v) for cell, v in zip(order, blown_px.mean(axis=(1, 2)))}
        ctx.blown_px = {cell: blown_px[i] for i, cell in enumerate(order)}
        if kit.face_model == "sectors":
            # (a sector tile's cell is judged by its sectors' colours, below: no centre's)
            med = spread = None
        else:
            centre_mask = np.zeros((td.ch, td.cw), bool)
            my, mx = int(round(0.18 * td.ch)), int(round(0.18 * td.cw))
            centre_mask[my:td.ch - my, mx:td.cw - mx] = True
            med, spread = _region_stats(grid, centre_mask, blown_px)
            if kit.face_model == "symbol":
                med, spread = _card_face_stats(grid, med, spread, blown_px)
        stats_grid = grid
    if med is not None:
        for i, cell in enumerate(order):
            centre_lab[cell], spreads[cell] = med[i], float(spread[i])
    if kit.face_model == "sectors":
        # sector tiles are multi-coloured: judge occupancy by the worst-fitting sector colour
        # (blown-out glare left out)
        # (spreads: the four sectors' mean distance from their nearest paints, as seen)
        parts = np.stack([_region_stats(grid, m, blown_px, spread=False)[0]
                          for m in _sector_masks(kit, n, 0).values()], 1)
        d = ciede2000(parts[:, :, None, :], palette.lab[None, None, :, :]).min(2)  # (N, 4)
        worst = np.argmax(d, axis=1)
        d_mean = d.mean(axis=1)
        for i, cell in enumerate(order):
            centre_lab[cell] = parts[i, worst[i]]
            spreads[cell] = float(d_mean[i])
        ctx.best_fit = {cell: float(v) for cell, v in zip(order, d.min(1))}
        lines = _diagonal_contrast(grid[..., 0])
        hues = np.linalg.norm(parts[:, :, 1:] - parts[:, :, 1:].mean(axis=1, keepdims=True), axis=2).mean(1)
        ctx.drawn = {cell: (float(a), float(b)) for cell, a, b in zip(order, lines, hues)}
        ctx.sector_labs = {cell: parts[i] for i, cell in enumerate(order)}
    if kit.face_model == "solid":
        ctx.texture, ctx.marks = _face_texture(td, grads)
    ctx.full_sides = _full_sides(borders, td)
    ctx.rim_sides = _full_sides(borders, td, RIM_ALONG)
    if kit.face_model == "solid" and kit.pips:
        # (a die face's pips make its centre uneven: how even it is as two paints, where not as
        # one, for the cells with a tile's outline along PAINTS_OUTLINE sides at least, all
        # along them or (a pale tile's faint rim on a pale table) as an edge, and the face
        # paint's colour; see _two_paint_spreads)
        uneven = [i for i, cell in enumerate(order)
                  if spread[i] > EVEN_SPREAD and (sum(ctx.full_sides[cell]) >= PAINTS_OUTLINE
                                                  or ctx.sides[cell] >= PAINTS_OUTLINE)]
        if uneven:
            sub = stats_grid[uneven]
            two, face = _two_paint_spreads(sub, centre_mask, paints=True)
            spots = _spots_as_pips(sub, max(kit.pips))
            ctx.paint_spreads = {order[i]: float(v) for i, v, ok in zip(uneven, two, spots) if ok}
            ctx.paint_labs = {order[i]: f for i, f, ok in zip(uneven, face, spots) if ok}
    # (only X-Tiles lattices carry faces_xy, see vision.pipeline.found_face_cells)
    ctx.faces = frozenset(faces) if kit.shape == "rounded-x" else frozenset()
    occ, occ_conf, gains = _occupancy(ctx, centre_lab, spreads, cell_regions)
    if fg_cells is not None:
        # (the cloth's plain ground, smooth as a face, which the mask's texture cue calls
        # foreground: the mask does not hold it (ctx.fg is this dict), so it is neither the
        # layout's for the coverage nor a held cell for _printed_pips/_repeated_unheld; nor
        # is a cell taken out as the table's colour and texture and still out of the layout,
        # however it stood out in the mask (a lamp's patch of light on a pale laminate spreads
        # the mask over the table): a lattice that takes such cells out must not lose
        # coverage for them, as with _take_out(..., unmask=True) below)
        for cell in ctx.smooth_ground | {c for c in ctx.table_textured if not occ[c]}:
            fg_cells[cell] = 0.0
    by_symbol: set = set()  # (cards taken for their symbol alone, see _vouched_cards)
    if kit.face_model == "symbol":
        # every card shows its symbol on a plain face: a card-coloured cell without one is the
        # table (a bright patch of it, glare) or a card too washed out to read; one whose face
        # shows a pattern's edges is the cloth's checks
        cand = [c for c, v in occ.items() if v]
        if isinstance(cell_regions, _LazyCells):
            cell_regions.need(cand)
        ctx.symbols = _card_symbols(ctx, cand, cell_regions)
        bare = _bare_cards(ctx, cand, cell_regions)
        logger.debug("cards in a hot spot: %s", sorted(ctx.hot_art))
        _take_out(bare, occ, occ_conf, "a card without a symbol on a plain face")
        # (their colour fit tells of the light on them, not of the lattice: see _lattice_fit)
        by_symbol = set(_vouched_cards(ctx, occ, cell_regions))
        for c in by_symbol:
            occ[c], occ_conf[c] = True, 0.6
        if fg_cells is not None:
            # (cards the mask missed and this lattice's cells cut: the layout it left out)
            for c in _cards_left_out(ctx, occ):
                fg_cells[c] = 1.0
        by_symbol |= ctx.uneven_art
        if bare or by_symbol:
            # (the light refitted on the cards kept, but those whose art was looked at again in
            # a hot spot, ctx.hot_art: leaving out every card whose face is blown, as the light
            # the cards are named under does (_in_glare), was measured worse: 93 -> 99 wrong
            # cells on 169 Tapestry photos of the independent renderer, three photos worse)
            kept_cells = [c for c in centre_lab if occ[c] and c not in ctx.hot_art]
            if kept_cells:
                labs = np.array([centre_lab[c] for c in kept_cells])
                _, _, gains = classify_adaptive(labs, palette, gains_bgr=_gain_prior(profile),
                                                weights=_light_weights(ctx, kept_cells, spreads))
    shows_card = (partial(_card_art_shows, ctx, cell_regions) if kit.face_model == "symbol"
                  else None)
    kept = _keep_main_group(occ, ctx.faces, shows_card, CARDS_SPAN)
    apart = [c for c in occ if occ[c] and not kept[c]]
    logger.debug("off the layout: %s", apart)
    occ = kept
    # (cards the window's ring holds: see _cards_on_the_ring)
    ring_cards = _cards_on_the_ring(ctx, occ)
    vouched: dict = {}
    table_dots: list = []  # [whether the bare table reads as die faces], once looked at

    def table_reads_dots() -> bool:
        """Whether the bare table reads as die faces (see :func:`_table_shows_pips`), looked
        at once, when first asked: where every tile lies pips up, a share of its cells must
        (:data:`TABLE_PIPS_SHARE`), a chance die face in its grain or stripes must not cancel
        the pips of a cell beside the layout; where they may lie pips down, TABLE_PIPS do."""
        if not table_dots:
            table_dots.append(_table_shows_pips(ctx, occ, cell_regions, gains,
                                                share=TABLE_PIPS_SHARE if die_faces else None))
        return table_dots[0]
    if kit.pips and kit.face_model == "solid":
        # cells beside the layout whose pips read clearly are tiles (before the count and the
        # coverage below, which must not grow after them): a die face is a tile's ...
        # (grown in rounds: a tile vouched for may be the layout's only neighbour of the next)
        layout = [c for c, v in occ.items() if v]
        # (... but not where the bare table reads as die faces: stripes aslant or a polka-dot
        # cloth can; where the game does not lay every tile pips up (Textile), one such cell
        # of the table ends the vouching, since most tiles of such a game may show no pips to
        # vouch for them; where it does (Octopus), a share of them, see TABLE_PIPS_SHARE)

        def show_pips(near: list) -> list:
            if isinstance(cell_regions, _LazyCells):
                cell_regions.need(layout + list(vouched) + near)
            # (the tiles so far, whose rims a hole among them shows: see _washed_pips_beside)
            taken = dict.fromkeys(layout + list(vouched), True)
            more = _pip_vouched(ctx, near, cell_regions, gains, ctx.outlined, layout_side=True,
                                taken=taken)
            # (... or under the layout's own light: the light refitted on the cells beside it,
            # mostly the bare table (light wood), may leave a tile's paint far from it (a black
            # tile read 22 from black, 7 under the layout's light; the refit serves a tile in
            # another light than the layout's, a lamp's fall-off, see _read_solid); only a cell
            # not of the bare table's very colour, though (see TABLE_SAME): the table's own
            # ground is told from the table by no light (indie octopus-hard-004: a cream cloth's
            # ground between its flowers, white under the layout's lamp, three cells more
            # taken); a black tile washed grey by the lamp's hot spot on a grey-blue gingham is
            # near the cloth's colours, not its very colour (final8 octopus-normal-110)
            rest = [c for c in near if c not in more
                    and c not in ctx.table_same]
            if rest:
                more.update(_pip_vouched(ctx, rest, cell_regions, gains, ctx.outlined,
                                         refit=False, layout_side=True, taken=taken))
            stray = _dotted_table(ctx, more, die_faces)
            more = {c: r for c, r in more.items() if c not in stray}
            if more and not table_dots:
                # (the table is looked at once a cell beside the layout shows a die face)
                table_reads_dots()
                if isinstance(cell_regions, _LazyCells):
                    cell_regions.need(layout + list(vouched) + near)
                if die_faces:
                    # (the layout's white pips, see _white_pips: read once, from the layout as
                    # first taken; ``ctx.lab`` covers it once a cell beside it is read)
                    origins = _lab_origins(ctx, layout)
                    ctx.layout_white = _white_pips(ctx, origins,
                                                   read_pips(ctx.lab[..., 0], td.cw, origins,
                                                             faint_again=ctx.die_faces))
            if table_dots and table_dots[0]:
                more = _tiles_beside_dots(ctx, more, occ)
            if die_faces and more:
                # (a die's light pips are the white paint the layout's tiles show in the same
                # light: a flower's pale heart is not, see _pips_unlike_layout_white)
                more = {c: r for c, r in more.items() if not _pips_unlike_layout_white(ctx, c)}
            vouched.update(more)
            return list(more)
        # (where every tile lies pips up, a chain of die faces grows on past GROW_ROUNDS
        # through cells that show a tile's edge of their own, see PIP_GROW_RIMS; where tiles
        # may lie pips down, Textile, as other growing does)
        def edged(cell: tuple[int, int], taken: set) -> bool:
            """Whether ``cell`` shows a tile's gap along PIP_GROW_RIMS of its sides facing
            a cell not ``taken``."""
            rim = (ctx.rim_sides or {}).get(cell)
            return (rim is not None
                    and _own_sides(cell, rim, dict.fromkeys(taken, True)) >= PIP_GROW_RIMS)
        past = edged if die_faces else None
        for cell in _grown(ctx.pip_candidates, set(layout), admit=show_pips, past=past):
            occ[cell], occ_conf[cell] = True, 0.6
        rejoined = _rejoined(occ, apart) if vouched else []
        for cell in rejoined:
            logger.debug("cell %s: joined to the layout by the tiles its pips vouch for", cell)
            occ[cell] = True
        if rejoined:
            # (a part of the layout joined again has neighbours of its own, which no round
            # above looked at: a die face beside it is a tile as one beside the rest is)
            layout = [c for c, v in occ.items() if v]
            for cell in _grown([c for c in ctx.pip_candidates if not occ[c]], set(layout),
                               admit=show_pips, past=past):
                occ[cell], occ_conf[cell] = True, 0.6
        if die_faces:
            repeated = _repeated_faces(vouched, ctx.inked)
            _take_out(repeated, occ, occ_conf,
                      "its die face is read beside the layout again: the table's pattern")
            for cell in repeated:
                del vouched[cell]
            # (... and the cells grown only through them: each was vouched for beside a tile)
            stranded = _stranded(vouched, occ)
            _take_out(stranded, occ, occ_conf,
                      "grown beside the layout only through a cell taken out again")
            for cell in stranded:
                del vouched[cell]
    # (where every tile lies pips up, the die faces read on the window's ring beside the layout
    # join the ring's cards, which the caller widens the window to; only where the bare table
    # was looked at and does not read as die faces: see _ring_cards_and_faces)
    ring_cards = _ring_cards_and_faces(ctx, occ, ring_cards, die_faces,
                                       table_dots[0] if table_dots else None)
    # ("ring_cards": the cards on the ring beside the layout and, where every tile lies pips
    # up, the die faces there too: the tiles the window cut off, see _ring_cards_and_faces)
    info: dict[str, Any] = {"correction_bgr": np.round(gains, 4).tolist(), "ring_cards": ring_cards}
    if fg_cells is not None:
        info["coverage"] = _coverage(fg_cells, occ)
    # (upper bounds of the final count and coverage, as the candidate skip needs: the glare
    # check below may only take cells out)
    if (yield (sum(occ.values()), info.get("coverage", 1.0),
               lambda: _fit_estimate(ctx, centre_lab, occ, vouched, gains))):
        info["gave_up"] = True
        return [], info
    occupied = [c for c, v in occ.items() if v]
    if isinstance(cell_regions, _LazyCells):
        cell_regions.need(occupied)
    readings: list[CellReading] = []
    if kit.face_model == "solid":
        # (the tiles vouched for keep the reading made with their neighbours of the same kind)
        attrs = {**_read_solid(ctx, [c for c in occupied if c not in vouched], cell_regions, gains),
                 **vouched}
        if die_faces:
            _white_by_pips(kit, ctx.palette, attrs, ctx.pip_lab)
    elif kit.face_model == "symbol":
        attrs = _read_symbol(ctx, occupied, cell_regions, gains)
    else:
        if kit.shape == "rounded-x" and long_axis_parity is None:
            long_axis_parity = _x_parity(td, occupied, grads)
        attrs = _read_sectors(ctx, occupied, cell_regions, gains, long_axis_parity)
        info["long_axis_parity"] = long_axis_parity
        if kit.shape == "rounded-x":
            # a cell whose four sectors show one surface is the table, not a face of three paints
            plain = [c for c in occupied if attrs[c][4]["sector_contrast"] < MIN_SECTOR_CONTRAST]
            # ... and so is a cell whose face shows a pattern's edges all over (a cloth's checks)
            rest = [c for c in occupied if c not in plain]
            slopes = _face_slopes(np.stack([cell_regions[c][..., 0] for c in rest])) if rest else []
            patterned = [c for c, s in zip(rest, slopes) if s > PATTERNED_FACE]

            def why_plain(cell: tuple[int, int]) -> str:
                return ("edges all over its face: a printed cloth" if cell in patterned else
                        "its sectors are one surface (%.1f apart): the table"
                        % attrs[cell][4]["sector_contrast"])
            _take_out(plain + patterned, occ, occ_conf, why_plain, fg_cells, info, unmask=True)
    if kit.face_model == "solid" and kit.pips:
        # a cell taken on weak evidence must show a die face: a blown-out patch without an
        # outline is the lamp's reflection on the table (a white tile in the glare keeps its
        # dark pips); and where every tile lies pips up, a cell the mask calls table, taken for
        # its outline alone, is a hole in the layout (it shows its neighbours' outlines on all
        # four sides too)
        def glared(cell: tuple[int, int]) -> bool:
            return (bool(ctx.blown) and ctx.sides is not None
                    and ctx.blown.get(cell, 0.0) > GLARE_SUSPECT and ctx.sides[cell] <= 1)

        # (... and, where every tile lies pips up, a cell without an outline (an edge along one
        # side at most, a neighbour's) that shows no pips at all is a smooth patch of the bare
        # table, however close its colour comes to a paint: a lamp's hot spot on a cream cloth
        # looks white; a tile shows its die face and its rim, see :data:`DIE_FACE_SIDES`; so is
        # one taken for its colour alone beside the layout (``ctx.grown``: the mask did not hold
        # it) whose pips read as no die face, whatever spots it shows: a gingham's dark check,
        # its weave's blotches no die layout, read black (final10 octopus normal 405))
        def outline_free(cell: tuple[int, int]) -> bool:
            return (die_faces and ctx.sides is not None and ctx.sides[cell] <= DIE_FACE_SIDES
                    and cell not in vouched and (cell in ctx.grown
                                                 or _no_pips_seen(attrs[cell], DIE_FACE_FLAT)))
        # (... and, where every tile lies pips up, a cell of a colour the bare table shows without
        # pips, or of its very colour (TABLE_SAME) without a clear die face or a rim of its own
        # whatever spots it shows, is the table: a printed cloth's ground between its motifs
        # (petals at its edges), which the mask's texture cue calls foreground, a tile's face
        # being smooth too; see _table_ground and TABLE_COLOURED_NEEDS_PIPS)
        # (where the game does not lay every tile pips up (Textile) but the photo's tiles
        # plainly lie so, see _shown_pips_up, a cell of the table's colour is judged so too: a
        # floral's cream ground in a hole of the layout read as a white tile; final13
        # textile-hard-805)
        ctx.pips_up = not die_faces and _shown_pips_up(ctx, attrs, occupied)

        # (... and, where the photo shows every tile pips up, a cell taken for its outline alone
        # in one of the bare table's looks without pips or an outline of its own: a hole, see
        # _outlined_hole)
        def bare(cell: tuple[int, int]) -> bool:
            return ((die_faces and cell in ctx.by_outline)
                    or _outlined_hole(ctx, cell, vouched, occ)
                    or _table_ground(ctx, cell, attrs[cell], vouched, occ))
        faceless = [cell for cell in occupied if attrs[cell][0].get("pips") is None
                    and (glared(cell) or bare(cell) or outline_free(cell))]
        # (... and, where every tile lies pips up, a clear face beside the layout (``ctx.grown``:
        # taken for its colour, the mask did not hold it) of a paint whose pips stand out in one
        # polarity, named surely and not blown, that shows no spot in that polarity: a dark
        # check of a gingham beside the layout, outlined by its neighbours, read black with dark
        # "pips" (the lighter checks' corners) and no light ones; see _pipless_face)
        pipless = ([cell for cell in occupied if cell not in vouched and cell not in faceless
                    and _pipless_face(ctx, cell, attrs[cell])] if die_faces else [])
        faceless += pipless
        # (... and a cell of the bare table's own colour whose pips are of no pip paint is the
        # table too: a die's pips are black or white, a cloth's dots in its ground's middle
        # (green on white) are not, see _pip_paints; where tiles may lie pips down too, see
        # _printed_pips)
        faceless += [cell for cell in occupied if _printed_pips(
            ctx, cell, attrs[cell], vouched)]
        # (... and, where every tile lies pips up beside a table that reads as die faces, a
        # cell the mask calls table, taken for its outline, must show pips unlike the table's
        # dots as a cell beside the layout must to be vouched for: a black stripe between
        # cream ones shows a black tile's outline and "pips", see _unlike_table_dots)
        if die_faces and table_dots and table_dots[0]:
            faceless += _outlined_like_dots(ctx, {c: attrs[c] for c in occupied if c not in vouched
                                                  and c not in faceless})
        # (... and a cell the mask calls table, taken for its outline, of the bare table's very
        # colour and read as a die face with dark pips, that shows a spot off its die layout, as
        # one beside the layout must not (_dotted_table): a polka-dot cloth's dots crossing its
        # borders make its outline and fit a chance '1'. Where tiles may lie pips down
        # (Textile) too: a tile lying so shows no spot at all, one lying pips up its die face;
        # final19 textile-normal-1996, a cream stripe's edge by a black one beside three tiles,
        # and final16 normal-1608, a floral cloth's dark petals on cream, read as white 1s)
        dotted_outline = _dotted_outline(ctx, {c: attrs[c] for c in occupied if c not in vouched
                                               and c not in faceless})
        faceless += dotted_outline
        # (... and where the bare table itself reads as die faces, a printed cloth's motifs
        # taken for pips, the pips of a cell of its colour are no evidence either)
        dotted = [cell for cell in occupied if TABLE_COLOURED_NEEDS_PIPS and die_faces
                  and cell in ctx.table_same and cell not in vouched
                  and cell not in faceless and cell not in ctx.by_outline]
        if dotted and table_reads_dots():
            logger.debug("cells of the table's colour where the table reads as die faces: %s",
                         dotted)
            faceless += dotted
        # (... and, where tiles may lie pips down, a cell the mask calls table taken for its
        # outline alone, of the bare table's very colour and without pips, where the bare
        # table reads as die faces: a polka-dot cloth's dots crossing its borders make its
        # outline, see _outlined_on_dots; not where the print shows in nearly every bare cell:
        # a cell without a spot there is where it stops, see _print_everywhere)
        on_dots = ([] if die_faces else
                   _outlined_on_dots(ctx, {c: attrs[c] for c in occupied if c not in faceless}))
        if on_dots and table_reads_dots() and not _print_everywhere(ctx, on_dots):
            faceless += on_dots
        else:
            on_dots = []

        def why_faceless(cell: tuple[int, int]) -> str:
            if cell in dotted_outline:
                return "the table's colour, a spot off its die layout: a dotted table"
            if cell in pipless:
                return "a face named surely shows none of its paint's pips: the table"
            return "no pips and " + (
                "blown out, no outline: glare on the table" if glared(cell)
                else "the table's colour: the table, or a hole" if bare(cell)
                else "no outline: the table" if outline_free(cell)
                else "the table's colour, outlined by its dots" if cell in on_dots
                else "the table's colour, its pips no pip paint: the table's print")
        # (where the photo alone shows the tiles pips up, the cells taken out as the table, and
        # those of a glare or a dotted cloth with them, are no part of the layout's coverage: the mask's texture cue held a cloth's ground
        # as smooth as a tile's face, and a lattice that puts a hole's cells on it must not lose
        # for it: final13 textile-hard-800 read 4 -> 18 wrong cells, a wrong lattice, without)
        _take_out(faceless, occ, occ_conf, why_faceless, fg_cells, info, unmask=ctx.pips_up)
        if not die_faces:
            # (... and, where the photo shows every tile pips down, a cell of a colour the bare
            # table shows read as a die face is the table's print, see _printed_faces; counted
            # over the cells still in the layout, after the cells taken out above)
            _take_out(_printed_faces(ctx, attrs, [c for c in occupied if occ[c]]), occ,
                      occ_conf, "a die face in a colour the table shows, where every tile lies "
                      "pips down: the table's print", fg_cells, info, unmask=True)
        if (die_faces and TABLE_COLOURED_NEEDS_PIPS and fg_cells is not None
                and (table_dots and table_dots[0])):
            # (where the table shows die faces, a cell of its colour is its ground whatever
            # stood out, read or not: no part of the layout left out of the coverage)
            for cell in ctx.table_same:
                if not occ[cell]:
                    fg_cells[cell] = 0.0
            info["coverage"] = _coverage(fg_cells, occ)
        if die_faces and fg_cells is not None:
            # (... and, where the set holds each die face once, a face read in two cells the
            # mask does not hold is a printed cloth's motif repeated: see _repeated_unheld)
            # (each face's colour as its paint was named, where its pips were read)
            looks = {c: ctx.pip_lab[c][1] if c in ctx.pip_lab else centre_lab[c] for c in occupied}
            # (... but for the one of them a tile's gap runs all round, see _gapped)
            taken = {c: attrs[c] for c in occupied if occ[c]}
            # (... or the one alone among them the layout's tiles enclose, see _held_in_layout)
            unheld = _repeated_unheld(taken, fg_cells, looks,
                                      gapped={c for c in taken if _gapped(ctx, c, occ)},
                                      enclosed=_held_in_layout(taken))
            _take_out(unheld, occ, occ_conf, "its die face is read elsewhere too and the mask "
                      "does not hold it: the table's print", fg_cells, info)
        if die_faces:
            # (... and, where every tile lies pips up, a cell its face's paint does not fill, the
            # bare table's ground showing over more of it than a pip covers: a printed cloth's
            # flower in a tile's colour, the ground between its petals; see _cloth_motifs)
            ring = [centre_lab[c] for c in occ if not occ[c] and _on_view_ring(c, td)]
            # (judged on a cell read as a paint of a hue, as a flower's print is, fitting it
            # within OUTLINE_FREE_FIT: a white face is near a pale cloth's ground, its shade and
            # pips spread it past MOTIF_PAINT; final14 octopus-normal-1105, a white 6 on cream
            # marble)
            painted = [c for c in occupied if occ[c] and attrs[c][3] <= OUTLINE_FREE_FIT
                       and _hued_paint(ctx.palette, attrs[c][0].get("colour"))]
            # (each face's paint as its centre's median and as named where its pips were read:
            # the median mixes a six's large pips into it)
            faces = {c: [centre_lab[c]] + ([ctx.pip_lab[c][1]] if c in ctx.pip_lab else [])
                     for c in painted}
            if isinstance(cell_regions, _LazyCells):
                cell_regions.need(painted)  # (ctx.lab may hold a narrower box by now)
            _take_out(_cloth_motifs(ctx, painted, faces, ring),
                      occ, occ_conf, "its face's paint does not fill it, the table's ground "
                      "showing: the cloth's motif", fg_cells, info, unmask=True)
            # (... and, a cell the mask does not hold whose pips are a look of the bare table,
            # over a smaller share: a flower's pale heart or its ground read as a tile's pips,
            # see _ground_through_pips)
            painted = [c for c in painted if occ[c]]
            _take_out(_ground_through_pips(ctx, painted, faces, ring),
                      occ, occ_conf, "its pips are the table's ground and its face's paint does "
                      "not fill it: the cloth's motif", fg_cells, info, unmask=True)
            _cut_off_parts(occ, occ_conf, fg_cells, info)
    if colours_apart and kit.face_model == "solid" and fg_cells is not None:
        sheets = _seamless_sheets({c: attrs[c][0].get("colour") for c in occupied if occ[c]},
                                  borders, td, fg_cells, centre_lab, spreads)
        _take_out(sheets, occ, occ_conf, "one colour with a neighbour and no seam between: a sheet",
                  fg_cells, info, conf=SHEET_CONF, unmask=True)
    fits, loose = [], []  # the colour fits of the tiles taken, and of those vouched for
    for cell in occ:
        if not occ[cell]:
            readings.append(CellReading(cell[0], cell[1], False, occ_conf[cell],
                                        evidence=_bare_evidence(ctx, cell, occ)))
            continue
        a, ac, doubts, fit = attrs[cell][:4]
        evidence = attrs[cell][4] if len(attrs[cell]) > 4 else {}
        (loose if cell in vouched or cell in by_symbol else fits).append(fit)
        conf = min([occ_conf[cell]] + list(ac.values()))
        readings.append(CellReading(cell[0], cell[1], True, occ_conf[cell], a, ac, conf, tuple(doubts),
                                    evidence))
    info["fit"] = _lattice_fit(fits, loose)
    if kit.face_model == "solid":
        info["spread"] = _tiles_spread([c for c in occ if occ[c]], spreads, ctx.paint_spreads)
    return readings, info


def _tiles_spread(tiles: list[tuple[int, int]], spreads: Mapping[tuple[int, int], float],
                  paint_spreads: Mapping[tuple[int, int], float]) -> float:
    """How uneven a reading's tiles are: the median over the ``tiles`` (cells read occupied) of
    each centre's colour spread (CIELAB, see :func:`_region_stats`), as two paints where a die
    face's pips were split from its face (``paint_spreads``, see :func:`_two_paint_spreads`);
    0 without tiles.

    A tile's face is one paint (and its pips'): its centre spreads by a few units (glare and
    shade aside). A cell spanning several tiles (a lattice at a multiple of the tiles' pitch)
    takes in several paints, gaps and die faces: its centre spreads by tens."""
    if not tiles:
        return 0.0
    return float(np.median([min(spreads[c], paint_spreads.get(c, math.inf)) for c in tiles]))


def _fit_estimate(ctx: _Ctx, centre_lab: dict, occ: dict, vouched: Mapping, gains: np.ndarray
                  ) -> float | None:
    """A quick estimate of a solid-face reading's colour fit (see :func:`_lattice_fit`), known
    once occupancy is decided and before the tiles are read: each occupied cell's centre median
    (``centre_lab``, CIELAB) its CIEDE2000 from the nearest paint under the light ``gains``
    fitted on the tiles, the cells in ``vouched`` (taken for their die faces) counted as
    :func:`_lattice_fit` counts them. None for sector tiles and cards (their fit is their
    sectors' or symbols', which the centre does not show) or without a tile.

    (The centre's median still holds a die face's pips and is not lit by the per-tile light of
    the full read: it mostly lies above the full read's fit, by 1-2 on the independent
    renderer's Octopus photos, and two lattices on the same tiles rank alike by it, see
    :data:`vision.pipeline.CHEAP_MARGIN`.)"""
    if ctx.kit.face_model != "solid":
        return None
    cells = [c for c, v in occ.items() if v]
    if not cells:
        return None
    match, _, _ = classify_adaptive(np.array([centre_lab[c] for c in cells]), ctx.palette,
                                    gains_bgr=gains, iterations=0)
    d = match.distance.tolist()
    return _lattice_fit([v for c, v in zip(cells, d) if c not in vouched],
                        [v for c, v in zip(cells, d) if c in vouched])


def _lattice_fit(fits: list[float], vouched: list[float]) -> float:
    """The colour fit of a lattice's reading (its tiles' mean CIEDE2000 from their paints
    under the light, 99 without tiles): ``fits`` of the tiles taken by their colour, and
    ``vouched`` of those taken for their die faces (see :func:`_vouched_by_pips`), which count
    no worse than the others' mean: such a tile was taken where its colour fit loosely (the
    mask missed it, the light on it ill estimated), so its fit tells of the light on it rather
    than of the lattice, whose cells sit on one more tile (a lattice reading every tile of a
    layout lost to one that missed two off-lattice tiles and fit the rest a little better)."""
    if not fits:
        return float(np.mean(vouched)) if vouched else 99.0
    mean = float(np.mean(fits))
    return float(np.mean(fits + [min(f, mean) for f in vouched]))


#: A cell is full of what stands out when at least this share of its centre (the cell less a
#: fifth of its side all round) does: a tile straddling two cells, the lattice off by half a
#: tile, covers about half of each centre (0.5), off by less, the one cell fully and the other
#: less than a third; a sheet over several cells covers each (a sticky note turned on the
#: lattice: 0.76-1.0).
SHEET_FULL = 0.7
#: How sure a cell of such a sheet is bare of tiles (above :data:`MAY_HOLD_CONF`, at which the reader doubts
#: an empty cell: a seamless sheet of one colour is clear evidence).
SHEET_CONF = 0.7
#: A border between two cells is a seam when a clear edge runs along at least this share of its
#: middle: two tiles' rims, gap and teeth run all along it; a sheet's print crosses it.
SEAM_SHARE = 0.5
#: A cell's side is a tile's gap when a clear edge runs along at least this share of its middle:
#: a tile's rim and gap run along nearly all of it, where a white polka-dot cloth's big dots
#: crossing a bare cell's borders leave a side with an edge along 0.27-0.37 of it (the two cells
#: outlined by the dots in final11 textile-normal-603; their other sides 0.53-1.0, a tile's rim
#: beside some; see :func:`_outlined_on_dots`).
RIM_ALONG = 0.8
#: Where every tile lies pips up (Octopus, see read_cells), the tiles die faces vouch for are
#: grown past :data:`GROW_ROUNDS` through cells that show a tile's gap (:data:`RIM_ALONG` of a
#: side) along at least this many of their sides facing a cell not taken, until a round admits
#: none: each is vouched for by its own pips, not by its likeness to the cells taken before
#: it, and shows its own tile's edge, where a print's dots crossing a bare cell's sides leave
#: an edge along a third of one (see RIM_ALONG). (A hot spot that drops a column of the layout
#: leaves its far tiles four or more cells from the tiles taken: oct57 octopus-hard-2518, a
#: pink and a green four and five rounds out, a gap along two sides and one; their other sides
#: set off the lattice by the tiles' shift.) The rule rests on that one photo and is the weakest
#: that admits it: a cloth pattern drawing a straight line all along a cell's side (stripes or
#: gingham on the grid) passes it, and only the pips' own vouching then guards the cell.
PIP_GROW_RIMS = 1


#: Two even cells are one sheet only where their centres' colours lie within this CIEDE2000 of
#: each other at one lightness (see :func:`_two_faces`): one paper, sticky note or cloth's
#: ground, one paint, differing by the light across two tiles' width (the bare cream ground of a flowered cloth seamless over two cells in final15
#: textile-hard-1439: 0.4-5.5 apart). A glare washing one of two tiles side by side reads both
#: white, the edge between them faint in the glare, yet their colours stay apart (a washed green
#: beside a white tile in final17 textile-hard-1763: 20.2).
SHEET_ALIKE = 10.0


def _two_faces(a: tuple[int, int], b: tuple[int, int],
               looks: Mapping[tuple[int, int], np.ndarray],
               spreads: Mapping[tuple[int, int], float]) -> bool:
    """Whether cells ``a`` and ``b`` show two even faces of paints apart: each centre's spread
    (``spreads``, CIELAB) at most :data:`EVEN_SPREAD` and their centres' colours (``looks``:
    cell -> CIELAB ``(3,)``) more than :data:`SHEET_ALIKE` apart (CIEDE2000) at one lightness
    (one paint under uneven light, a shadow over half a sheet, differs in lightness only).
    Blown-out pixels are left out of ``looks`` and ``spreads`` already, and a face washed by a
    glare is the case sought, so no glare test as in :func:`_occupancy`'s."""
    if max(spreads[a], spreads[b]) > EVEN_SPREAD:
        return False
    la, lb = (np.array(looks[c], np.float64) for c in (a, b))
    lb[0] = la[0]
    return float(ciede2000(la, lb)) > SHEET_ALIKE


def _seamless_sheets(colours: dict, borders: tuple, td: TopDown, fg_cells: dict,
                     looks: Mapping, spreads: Mapping) -> set:
    """The cells of ``colours`` (occupied cell -> colour read, or None) that hold one object
    larger than a tile: two or more cells side by side of the same colour, each full of the
    foreground (:data:`SHEET_FULL`), with no seam along the border between them (a clear edge
    along at least :data:`SEAM_SHARE` of it; ``borders``: :func:`_border_edges` of ``td``).
    Two tiles side by side show a seam (their rims, the gap, the teeth), and where no two tiles
    of one colour may touch (Textile) such a pair is far likelier one sheet (paper, a sticky
    note) than an illegal pair of tiles with their seam lost. A sheet is one paint: two even
    faces whose colours lie apart (see :func:`_two_faces`: ``looks`` the cells' centre CIELAB,
    ``spreads`` their spread) are two tiles named one colour by a lamp's glare (a washed paint
    read white beside a white tile, the seam between them faint in the glare). A cloth's
    print is uneven: its patches' colours may lie apart and still be one cloth."""
    h_share, v_share = borders[2:]
    full = {c for c, col in colours.items() if col is not None and fg_cells.get(c, 0.0) >= SHEET_FULL}
    out: set = set()
    for (r, c) in full:
        for (dr, dc) in ((0, 1), (1, 0)):
            other = (r + dr, c + dc)
            if other not in full or colours[other] != colours[(r, c)]:
                continue
            vr, vc = r - td.r0, c - td.c0
            share = v_share[vr, vc + 1] if dc else h_share[vr + 1, vc]
            if share >= SEAM_SHARE:
                continue
            if _two_faces((r, c), other, looks, spreads):
                logger.debug("cells %s and %s: read %s, no seam between, but two even faces of "
                             "colours apart: two tiles", (r, c), other, colours[other])
                continue
            out |= {(r, c), other}
    return out


def _coverage(fg_cells: dict, occ: dict) -> float:
    """The share of the cells that stand out from the table (foreground over half) read as
    tiles; 0 when none stands out."""
    solid = [c for c, f in fg_cells.items() if f > 0.5]
    return (sum(1 for c in solid if occ[c]) / len(solid)) if solid else 0.0


def _conf_from_match(distance: float, margin: float) -> float:
    """Confidence 0-1 of a palette match from its CIEDE2000 distance and its margin to the
    runner-up."""
    c_margin = 1 - math.exp(-margin / 4.0)
    c_dist = 1 / (1 + math.exp((distance - 18.0) / 3.0))
    return float(c_margin * c_dist)


# ----------------------------------------------------------------------------- solid + pips

def _near_conf(distance: np.ndarray) -> np.ndarray:
    """Confidence ``(N,)`` that samples at ``distance`` ``(N,)`` (CIEDE2000 under the light) from
    their colour show that colour at all: the distance term of :func:`_conf_from_match` (0.5 at
    18, near 0 beyond 30)."""
    return 1.0 / (1.0 + np.exp((np.asarray(distance, np.float64) - 18.0) / 3.0))


def _palette_fit(labs: np.ndarray, palette: Palette, gains: np.ndarray, *, explore: bool,
                 shared_haze: bool | np.ndarray = False) -> tuple[Any, np.ndarray]:
    """Colour samples ``labs`` ``(N, 3)`` classified under the light (starting from ``gains``,
    see :func:`vision.colour.classify_adaptive`, ``shared_haze`` as there): the match and the
    distances ``(N, K)`` to every palette colour as predicted under the light fitted."""
    match, _, _ = classify_adaptive(labs, palette, gains_bgr=gains, explore=explore,
                                    shared_haze=shared_haze)
    return match, palette_distance(labs, palette, match.predicted)


def _distances(palette: Palette, row: np.ndarray) -> dict[str, float]:
    """One sample's distances ``(K,)`` as evidence: ``{colour name: distance}`` (2 decimals)."""
    return dict(zip(palette.names, np.round(row, 2).tolist()))


def _distances_rows(palette: Palette, d: np.ndarray) -> list[dict[str, float]]:
    """:func:`_distances` of each row of ``d`` ``(N, K)`` (rounded all at once)."""
    return [dict(zip(palette.names, row)) for row in np.round(d, 2).tolist()]


def _named_by_hue(labs: np.ndarray, dist: np.ndarray, match, *,
                  share_cost: float = SHARE_COST, hue: np.ndarray | None = None,
                  paints: np.ndarray | None = None,
                  spare_fit: float | None = None,
                  washed: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Palette index ``(N,)`` and confidence ``(N,)`` of colour samples ``labs`` ``(N, 3)`` with
    distances ``dist`` ``(N, K)``: each its own nearest colour, unless its hue group (faces of one
    paint, see :mod:`vision.hue_groups`, ``share_cost`` as there) is named otherwise; a near tie
    settled by a group of two or more gets :data:`GROUP_CONF` (an X-Tiles sector renamed against
    its own nearest paint is then lowered to :data:`HUE_OVERRULED_CONF` by its caller,
    :func:`_read_sectors`). ``hue``: the samples' groups
    ``(N,)`` when the caller has them (default :func:`vision.hue_groups.hue_groups`);
    ``paints`` ``(K, 3)`` Lab as lit: groups are named in hue order (see
    :func:`vision.hue_groups.name_groups`); ``spare_fit`` and ``washed`` as there."""
    hue = hue_groups(labs) if hue is None else hue
    named = name_groups(labs, dist, hue, share_cost=share_cost, paints=paints,
                        spare_fit=spare_fit, washed=washed)
    size = np.where(hue >= 0, np.bincount(hue + 1)[hue + 1], 1)
    conf = np.array([_conf_from_match(d, m) for d, m in zip(match.distance, match.margin)])
    settled = (named != match.index) | ((size >= 2) & (conf < CONFIDENCE_THRESHOLD))
    return named, np.where(settled, GROUP_CONF, conf)


#: Where every tile lies pips up (Octopus), a die face always shows its pips, white on the dark
#: colours and black on the light ones (white, yellow, orange, pink). Black paint stays far
#: darker than a light face in any light (the same light falls on both): a white face shows its
#: black pips 30-38 darker even in a glare that blows the face out. A dark face washed out to near
#: white by a lamp's hot spot (a green at L 93-95, measured 7-10 from white, 20-22 from green)
#: shows 0-4 of dark contrast. (The reverse does not hold: white pips on a face the light washes
#: out fade with it, to 3-5 of contrast.) Dark pips fainter than this (CIELAB lightness units) are
#: missing, the more surely the fainter (a small, soft orange's read 5).
PIPS_ABSENT_CONTRAST = 8.0
#: ... and the colours with dark pips are up to this much farther (CIEDE2000; at no contrast).
PIPS_ABSENT_DE = 30.0
#: ... but only where a colour with light pips fits the face (within this distance, CIEDE2000):
#: a white table, or a face blown out to white, fits none (34 or more from any); no telling then.
PIPS_ABSENT_OTHER = 25.0
#: ... and where the face is not in a glare: a glare strong enough to wash out black pips (the
#: gloss reflecting the lamp over pips and face alike) brings much of the face to the clip level
#: (yellow faces whose black pips read 2-4: 44-67% of the cell above this lightness; greens
#: washed out by the lamp's hot spot: 2-13%).
PIPS_CLIPPED_L = 97.0
PIPS_CLIPPED_MAX = 0.3


def _pips_vouch_polarity(kit: Kit, palette: Palette, match, dist: np.ndarray,
                         pip_reads: dict, clipped: np.ndarray) -> tuple[Any, np.ndarray]:
    """Die faces named again where their missing dark pips rule their colour out: the match and
    distances ``(N, K)`` with up to :data:`PIPS_ABSENT_DE` added to the colours with dark pips on
    faces whose dark pips are fainter than :data:`PIPS_ABSENT_CONTRAST` and which a colour with
    light pips fits (:data:`PIPS_ABSENT_OTHER`) and whose cell is not in a glare (a share
    ``clipped`` ``(N,)`` of its pixels above :data:`PIPS_CLIPPED_L` of at most
    :data:`PIPS_CLIPPED_MAX`), where that renames the face; other faces keep their distances.
    ``pip_reads``: :func:`vision.pips.read_pips`' for the same cells."""
    lighter = _lighter_pips(kit, palette)
    if lighter is None or not len(dist) or not lighter.any() or lighter.all():
        return match, dist
    # how surely the dark pips are missing: 1 at no contrast, 0 from PIPS_ABSENT_CONTRAST on
    absent = np.clip(1.0 - pip_reads[-1].contrast / PIPS_ABSENT_CONTRAST, 0.0, 1.0)  # (N,)
    judged = (dist[:, lighter].min(axis=1) < PIPS_ABSENT_OTHER) & (np.asarray(clipped) <= PIPS_CLIPPED_MAX)
    absent = np.where(judged, absent, 0.0)
    penal = absent[:, None] * ~lighter[None, :]  # (N, K)
    if not penal.any():
        return match, dist
    adj = dist + PIPS_ABSENT_DE * penal
    # (a face still named as before keeps its distances: its colour's confidence stays its own)
    kept = np.argmin(adj, axis=1) == match.index
    adj[kept] = dist[kept]
    if kept.all():
        return match, dist
    logger.debug("missing dark pips: %d faces named again", int((~kept).sum()))
    return match_from_distances(adj, match.predicted), adj


def _lighter_pips(kit: Kit, palette: Palette) -> np.ndarray | None:
    """Per palette colour ``(K,)`` bool: its pips are lighter than its face (per the kit's pip
    colours); None when the kit does not say for every colour."""
    if not kit.pips or any(kit.pip_colours.get(n) is None for n in palette.names):
        return None
    return np.array([hex_to_lab(kit.pip_colours[n])[0] > palette.lab[k][0]
                     for k, n in enumerate(palette.names)])


def _read_solid(ctx: _Ctx, cells, regions, gains, pip_reads: dict | None = None, *,
                refit: bool = True, beside: bool = False) -> dict:
    """Read solid tiles' faces (colour, pips) in ``cells`` (their Lab views ``regions``) under
    the light ``gains`` (a correction of :func:`vision.colour.classify_adaptive`'s forward
    model); ``pip_reads``: the cells' :func:`vision.pips.read_pips` when the caller read them
    already (the same cells, in the same order, with ``ctx.lab`` as it is now). With ``refit``
    the light is refitted on the faces read (the layout's tiles); without it they are named
    under ``gains`` as given: cells beside the layout, mostly the bare table, tell nothing of
    the light on the tiles (see :func:`read_cells`). ``beside``: the cells lie beside the
    layout, and are not named under the light of their own white pips (see
    :func:`_under_white_pips`): a polka-dot cloth's light dots would pass for them.

    Returns {cell: (attrs, confidences, doubts, fit, evidence)}."""
    out = {}
    kit = ctx.kit
    if not cells:
        return out
    stack = np.stack([regions[c] for c in cells])
    labs = _face_colours(stack)
    if kit.pips:
        origins = _lab_origins(ctx, cells)
        if pip_reads is None:
            # (beside the layout on the near die grids only, see read_pips)
            pip_reads = read_pips(ctx.lab[..., 0], ctx.td.cw, origins, farther=not beside,
                                  faint_again=ctx.die_faces)
    else:
        pip_reads = {}
    # (as _palette_fit, keeping the light fitted for the faces seen through a glare below)
    match, _, corr = classify_adaptive(labs, ctx.palette, gains_bgr=gains, explore=False,
                                       iterations=4 if refit else 0,
                                       shared_haze=_shared_haze(kit, ctx.profile))
    if kit.pips and ctx.die_faces and not beside:
        # (tile faces only: beside the layout a pale cloth's whiter dots would count as pips)
        pip_reads = _pips_through_glare(ctx, origins, labs, pip_reads)
    dist = None
    if kit.pips:
        # (a die face's white pips are the white paint under the faces' light, whether every
        # tile lies pips up or only some do: where the fit over the faces settled on a cast the
        # layout's white pips contradict, the faces are named under the light the pips show,
        # with that light discounted; see _under_white_pips)
        # (the light of the cells' own white pips, not beside the layout: the cells there are
        # mostly the bare table, see ``beside``)
        lamp = None if beside else _white_pips(ctx, origins, pip_reads)
        match, dist, corr = _under_white_pips(ctx, labs, lamp, match, corr)
    # (the faces named with the lamp discounted are judged through a glare, at an exposure
    # and with a sheen below with it discounted too: measured in the camera's terms, biased
    # under a strong cast as _adapted_distances says, the smaller of the two would undo the
    # discounting (a violet blue under a 3000 K lamp through the glare 9.3 from blue and 10.8
    # from purple, 6.7 and 9.6 in daylight and with the lamp discounted); without those
    # routes the faces of a lamp's hot spot go unnamed (final10 octopus-hard-404 0 -> 3))
    adapted = dist is not None
    if dist is None:
        dist = palette_distance(labs, ctx.palette, match.predicted)
    plain = match
    fit = match.distance
    if kit.pips:
        if ctx.die_faces:
            clipped = (stack[..., 0] > PIPS_CLIPPED_L).mean(axis=(1, 2))
            match, dist = _pips_vouch_polarity(kit, ctx.palette, match, dist, pip_reads, clipped)
            plain = match
            # (where every tile lies pips up and the set holds each die face once, the faces
            # are named through a glare too: the set's assignment arbitrates the paints a veil
            # makes alike, see _solid_through_glare)
            match, dist = _solid_through_glare(ctx, labs, match, dist, corr, discounted=adapted)
            # (the faces' fit, which weighs lattices against each other, stays the fit as lit
            # and through a glare: the hot spot's exposure names a face, it does not make a
            # wrong lattice's pieces of tiles fit)
            fit = match.distance
            match, dist = _solid_exposed(ctx, labs, match, dist, corr, discounted=adapted)
            # (and through a glare the camera recorded after its tone curve, named so only:
            # like the exposure, it weighs no lattice, see _solid_through_toned_glare)
            match, dist = _solid_through_toned_glare(ctx, labs, match, dist, corr,
                                                     discounted=adapted)
            if refit and not beside and not adapted:
                # (a haze the faces out of a lamp's hot spot do not show is the hot spot's, not
                # the layout's: the faces named again under their light, see
                # _named_out_of_the_hot_spot; naming only, as the exposure)
                match, dist = _named_out_of_the_hot_spot(ctx, labs, match, dist, corr,
                                                         pip_reads, clipped)
    # (where tiles may lie pips down, Textile, a colour washed out by the lamp's reflection is
    # named again with the game's colours and rule, by each paint with a sheen of the light on
    # it too: see vision.decode._textile_colours)
    sheen = (_sheen_distance(labs, ctx.palette, corr if adapted else gains, discounted=adapted)
             if kit.face_model == "solid" and not ctx.die_faces else None)
    # (no naming by hue groups here: a kit of many solid colours has near hues of its own, e.g.
    # Octopus's orange, brown and red, which a group's cast pushes across; measured worse)
    pols: list = []
    # (the evidence's numbers rounded for all cells at once)
    dist_ev = _distances_rows(ctx.palette, dist)
    sheen_ev = _distances_rows(ctx.palette, sheen) if sheen is not None else None
    # (and a face nearest white but far from it, through a veil of any strength: see
    # _veiled_white_distances and vision.decode._textile_colours)
    veil_ev = (_veiled_white_distances(ctx, labs, dist, corr if adapted else gains,
                                       discounted=adapted) if sheen is not None else {})
    if kit.pips:
        prob_ev = {p: np.round(pip_reads[p].prob, 4).tolist() for p in (1, -1)}
        contrast_ev = {p: pip_reads[p].contrast.tolist() for p in (1, -1)}
    for i, cell in enumerate(cells):
        name = ctx.palette.names[match.index[i]]
        cconf = _conf_from_match(match.distance[i], match.margin[i])
        if plain is not match and plain.index[i] == match.index[i]:
            # (a face the glare names as the plain fit does is as sure as that fit: the paints
            # a veil would make alike lower its margin, but nothing here shows a veil)
            cconf = max(cconf, _conf_from_match(plain.distance[i], plain.margin[i]))
        attrs: dict[str, Any] = {"colour": name}
        conf: dict[str, float] = {"colour": cconf}
        doubts = []
        if cconf < CONFIDENCE_THRESHOLD:
            attrs["colour"] = None
            doubts.append(("colour", f"colour unclear (nearest {name}, dE {match.distance[i]:.1f})"))
        if kit.pips:
            pol = _pip_polarity_of(ctx, name) if cconf >= CONFIDENCE_THRESHOLD else 0
            if not pol:  # the polarity whose pips stand out more
                pol = max((1, -1), key=lambda p: pip_reads[p].contrast[i])
            pols.append(pol)
            pr = pip_reads[pol]
            pips = int(pr.count[i]) or None
            pconf = float(pr.confidence[i])
            attrs["pips"] = pips if pconf >= CONFIDENCE_THRESHOLD else None
            conf["pips"] = pconf
            if pconf < CONFIDENCE_THRESHOLD:
                doubts.append(("pips", "no pips seen" if pips is None else
                               f"pips unclear ({pips} most likely, p={pr.prob[i].max():.2f})"))
        evidence = {"colour_distance": dist_ev[i]}
        if cell in ctx.colour_seen:
            evidence["colour_seen"] = ctx.colour_seen[cell]
        if ctx.blown is not None:
            evidence["blown"] = ctx.blown.get(cell, 0.0)
        if plain is not match:
            # (as sure as the plain fit is, for vouching: the glare names a face, it does not
            # make a patch of the table one)
            evidence["plain_colour_conf"] = _conf_from_match(plain.distance[i], plain.margin[i])
        if sheen_ev is not None:
            evidence["sheen_distance"] = sheen_ev[i]
        if i in veil_ev:
            evidence["veil_distance"] = veil_ev[i]
        if kit.pips:
            evidence["pip_prob"] = {p: prob_ev[p][i] for p in (1, -1)}
            evidence["pip_contrast"] = {p: round(contrast_ev[p][i], 1) for p in (1, -1)}
        out[cell] = (attrs, conf, doubts, float(fit[i]), evidence)
    if kit.pips and ctx.die_faces and not beside:
        renamed = _renamed_by_own_hues(kit, ctx.palette, labs, match.index, cells, out)
        renamed += _renamed_by_own_chroma(kit, ctx.palette, labs, match.index, cells, out, renamed)
        # (a face a hot spot washed keeps its paint on its tile's shaded side walls)
        _renamed_by_side_walls(kit, ctx.palette, labs, stack, match.index, cells, out, renamed,
                               _near_side(ctx.far_side))
    if kit.pips:
        _pip_paints(ctx, cells, origins, pip_reads, pols, labs, gains, out)
        for i, cell in enumerate(cells):
            ev = out[cell][4]
            if "pip_lab" in ev:
                # (kept aside: where tiles may lie pips down the paint of a cell's pips is
                # looked at only against a dotted table's, see _unlike_table_dots, and by _printed_pips,
                # see _pips_of_pip_paint)
                ctx.pip_lab[cell] = (ev.pop("pip_lab"), labs[i], ev["pips_of_pip_paint"])
                if not ctx.die_faces:
                    del ev["pips_of_pip_paint"]
    return out


#: A face named this surely is one of the photo's own faces of its paint, whose hue and chroma
#: tell how that paint looks in the photo (see :func:`_renamed_by_own_hues`; a clear face is
#: named at 0.95-0.99).
OWN_HUE_FACE_CONF = 0.95
#: Paints this far apart in hue (degrees, CIELAB, the kit's colours) and no nearer are told apart
#: by hue (Octopus: orange and yellow 27.5, blue and purple 24.4, red and orange 36.3); brown and
#: orange (7.5 apart) are told apart by lightness and chroma, not hue.
OWN_HUE_MIN_GAP = 20.0
#: ... and no farther (beyond it two paints are no neighbours in hue: purple and pink 41.6).
OWN_HUE_MAX_GAP = 40.0
#: A face renamed keeps at least this share of its own faces' chroma: a glare pales a face and
#: moves its hue (an orange under a hot spot towards yellow), a face of another paint is as
#: saturated as its own (the independent renderer's yellow faces named orange: chroma 70-81
#: against their photos' orange faces' 72-82; a glared orange named orange at 46 against 63).
OWN_HUE_CHROMA_KEPT = 0.9
#: The photo's own faces of a paint tell how it looks only within this of its hue (degrees; half
#: :data:`OWN_HUE_MIN_GAP`): a face a glare washes moves off it (final21 octopus-hard-2310's
#: glared yellow face, named surely, at 104.9 degrees against yellow's 92.3; the orange faces
#: of the photos whose yellow faces were named orange lie 1.5-6.2 off orange's 64.8).
OWN_HUE_REF_OFF = 10.0
#: A paint of at least this chroma (the kit's colour) has a hue (Octopus: white 2.6, black 0.1,
#: brown 31.7 the least of the rest).
OWN_HUE_PAINT_CHROMA = 20.0
#: A face renamed so is named at this confidence: sure enough to keep, the set's assignment
#: weighing it as an unsure naming.
OWN_HUE_RENAMED_CONF = 0.6
#: The evidence key under which a face renamed so (by its photo's own hues or, see
#: :func:`_renamed_by_own_chroma`, chroma: ``evidence["renamed_by"]`` says which) keeps the
#: paint it was named before.
OWN_HUE_RENAMED_KEY = "renamed_by_own_hues"
#: Two paints are told apart by hue only where they are alike in chroma (the kit's colours: the
#: lesser chroma at least this share of the greater; Octopus: orange and yellow 0.92, blue and
#: purple 0.97): red (28.5 degrees, chroma 74.9) and brown (57.3, 31.7), both white-pipped and
#: 28.8 apart, are told apart by chroma (0.42), a face keeping a sure red's chroma is no brown,
#: nor a face keeping a sure brown's a red. (The face's own chroma nearer Q's paint's than P's
#: would not do: the yellow faces named orange keep chroma 70-81, orange's paint 75.0, yellow's
#: 81.3.)
OWN_HUE_CHROMA_ALIKE = 0.8
#: A face is renamed only while its hue lies no farther past the photo's own P faces' than this
#: many times the hue gap from P to Q (the kit's colours): from the middle (0.5) to as far past
#: Q as the middle lies short of it (1.5), the face's hue within half the gap of where Q's faces
#: would lie; beyond it the face is no Q either (an unclear face at hue 200 nearest orange).
OWN_HUE_MAX_PAST = 1.5


#: A face keeping less than this share of the chroma of its photo's other faces of its paint
#: named surely (see :data:`OWN_HUE_FACE_CONF`; their median), near their lightness and hue, is
#: no face of that paint (the independent renderer's Octopus photos: the orange faces a glare
#: named yellow keep 0.58-0.73 of their photo's sure yellows' chroma, final18 octopus-normal-1889,
#: final21 normal-2307, hard-2305, hard-2310 (whose sure yellow lies off yellow's hue, see
#: :func:`_own_hue_true`), final22 hard-2810; the yellow faces near their
#: sure yellows' lightness and hue keep 0.80-1.0, final17 hard-1768, final21 hard-2310).
#: Over all 396 Octopus development photos (replayed on every read's faces, see
#: :func:`_hued_unclipped` for the other bounds) every face renamed from 0.60 to 0.80 is a true
#: orange (10 photos at 0.80); the lowest true yellow lies at 0.805 (final17 hard-1768, one
#: face), the orange faces named yellow span 0.58-0.86, so no value parts them cleanly. Boards:
#: 0.70 mends 2 faces, 0.75 3, 0.80 4, none worse at any; 0.75 keeps its distance from the
#: one yellow at 0.805.
OWN_CHROMA_KEPT_MIN = 0.75
#: ... while no darker than them by more than this (CIELAB L*): a shade dims a face's chroma
#: with its lightness (final25 octopus-hard-3803's yellow 10 L* below its sure yellows at 0.68
#: of their chroma, final16 hard-1603's 23 below at 0.79), where a glare lifts an orange to
#: the yellows' lightness (the orange faces named yellow lie 4 L* below them to 12 above).
OWN_CHROMA_DARKER_MAX = 7.0
#: ... and with a hue no farther past theirs, away from the darker paint's, than this (degrees):
#: a glare washing a face of the paint itself moves its hue on past (the yellow faces a glare
#: pales to 0.48-0.72 of their sure yellows' chroma lie 13.6-18.8 degrees past their hue,
#: final24 hard-3402, final26 hard-4007, oct58 hard-2651), a glare lifting an orange brings it
#: up to the yellows' hue, not past (the orange faces named yellow: -11.5 to +4.7). 10 lies in
#: the window between them (+4.7 to 13.6).
OWN_CHROMA_MAX_PAST = 10.0
#: A glare lifts a warm paint's lightness and hue towards its lighter hue neighbour's (orange
#: towards yellow): a face is renamed by chroma (:func:`_renamed_by_own_chroma`) or by its side
#: walls (:func:`_renamed_by_side_walls`) only to a hue neighbour (see :func:`_hue_neighbours`)
#: whose paint lies at least this much darker (CIELAB L*, the kit's colours: orange 17.6 below
#: yellow; purple only 5.2 below blue, too near for a glare's lift to tell), the one such (see
#: :func:`_darker_hue_neighbour`): in the built-in kits with pips, the only ones renamed so
#: (Textile, Octopus), only yellow -> orange (X-Tiles' and Tapestry's have others, unused).
OWN_CHROMA_PAINT_DARKER = 10.0


def _darker_hue_neighbour(kit: Kit, palette: Palette, k: int) -> int | None:
    """The one paint (an index into ``palette``) a face of hued paint ``k`` that a glare washed
    may be renamed to: its hue neighbour (:func:`_hue_neighbours`) darker by
    :data:`OWN_CHROMA_PAINT_DARKER`; None where ``k`` is not hued (:data:`OWN_HUE_PAINT_CHROMA`)
    or it has none or several such (in the built-in kits with pips: orange for yellow, else
    None)."""
    paint_hue = hue_deg(palette.lab)
    paint_chroma = np.hypot(palette.lab[:, 1], palette.lab[:, 2])
    if paint_chroma[k] < OWN_HUE_PAINT_CHROMA:
        return None
    gaps = (paint_hue - paint_hue[k] + 180.0) % 360.0 - 180.0
    darker = [q for q in _hue_neighbours(kit, palette, k, gaps, paint_chroma)
              if palette.lab[q, 0] <= palette.lab[k, 0] - OWN_CHROMA_PAINT_DARKER]
    return darker[0] if len(darker) == 1 else None


def _renamed_by_own_chroma(kit: Kit, palette: Palette, labs: np.ndarray, index: np.ndarray,
                           cells: list, out: dict, skip: list) -> list:
    """Rename, in place in ``out`` (as :func:`_renamed_by_own_hues`, whose renamed cells
    ``skip`` are left alone), a face named paint P (or unclear, nearest P: ``index`` ``(N,)``
    into ``palette``) that keeps less than :data:`OWN_CHROMA_KEPT_MIN` of the chroma of its
    photo's other sure P faces (their median; their hue true to P's paint, see
    :func:`_own_hue_true`) while no darker than them by more than
    :data:`OWN_CHROMA_DARKER_MAX` and its hue no farther past theirs than
    :data:`OWN_CHROMA_MAX_PAST`: an orange face a glare lifted to yellow's lightness and hue, its
    chroma short of the photo's yellows'. A face near grey or lifted past the kit's lightest
    paint is never renamed so (see :func:`_hued_unclipped`).
    Only to P's one hue neighbour whose paint is darker by :data:`OWN_CHROMA_PAINT_DARKER`
    (:func:`_darker_hue_neighbour`: orange for yellow in the built-in kits with pips).
    ``labs`` ``(N, 3)``: the faces' Lab. Returns the cells renamed."""
    hue, chroma = hue_deg(labs), np.hypot(labs[:, 1], labs[:, 2])
    paint_hue = hue_deg(palette.lab)
    renamed = []
    for k, name in enumerate(palette.names):
        q = _darker_hue_neighbour(kit, palette, k)
        if q is None:
            continue
        gaps = (paint_hue - paint_hue[k] + 180.0) % 360.0 - 180.0
        own = [i for i, c in enumerate(cells) if index[i] == k
               and out[c][0].get("colour") == name and out[c][1]["colour"] >= OWN_HUE_FACE_CONF]
        for i, c in enumerate(cells):
            # (a sure face renamed earlier in the loop no longer vouches for P's chroma: the
            # result must not hang on the faces' order)
            others = [j for j in own if j != i and cells[j] not in renamed]
            if index[i] != k or c in skip or not others or not _own_hue_true(
                    float(np.median(hue[others])), float(paint_hue[k])):
                continue
            ref_chroma = float(np.median(chroma[others]))
            lighter = float(labs[i, 0]) - float(np.median(labs[others, 0]))
            # (degrees of hue past the sure faces', away from the darker paint's)
            past = -np.sign(gaps[q]) * ((hue[i] - float(np.median(hue[others])) + 180.0)
                                        % 360.0 - 180.0)
            if (chroma[i] >= OWN_CHROMA_KEPT_MIN * ref_chroma
                    or not _hued_unclipped(labs[i], kit)
                    or lighter < -OWN_CHROMA_DARKER_MAX
                    or past > OWN_CHROMA_MAX_PAST):
                continue
            logger.debug("cell %s: nearest %s, chroma %.0f against its photo's own %s faces' %.0f "
                         "at %+.0f L*: renamed %s", c, name, chroma[i], name, ref_chroma, lighter,
                         palette.names[q])
            _rename_face(out[c], name, palette.names[q], "chroma")
            renamed.append(c)
    return renamed


#: A tile's side walls (3 mm of acrylic under a 40 mm face, Nestortiles) face sideways, out of
#: the light a lamp's hot spot reflects off the face, and keep the paint's hue where the face's
#: is washed (an orange face lifted to yellow's hue shows orange walls). Only the wall on the
#: cell's side facing the camera (opposite ``_Ctx.far_side``) shows, in the band of the cell's
#: view between the face's core and the cell's edge (:data:`FACE_CORE_MARGIN`); the three other
#: sides show the table (or a neighbour's edge, the cell a little off its tile). The wall's
#: pixels there lie within this many pixels beyond the face's own (from the tile's geometry: the
#: view's 48 px cell, a 3 mm wall of a 40 mm tile seen edge-on spans 3.6 px; farther out lie its
#: shadow and the table. Each constant's window below is from the offline replay of this rule
#: on the cached faces of 419 of the 420 Octopus development photos, 8116 faces (final19
#: hard-1991 reads no tiles): 6 faces on 5 hard photos renamed orange, all truly orange, none
#: wrongly; here 2-6 px rename the same, 1 px one fewer) ...
SIDE_WALL_NEAR_PX = 3
#: ... the face's own pixels those no darker than its colour by this (CIELAB L*), joined to the
#: face's core (see :func:`_face_region`; under the darker walls' SIDE_WALL_DARKER, so that no
#: pixel is both; the replay: 5-20 rename the same faces) ...
SIDE_WALL_FACE_L = 10.0
#: ... the wall's those darker than the face by at least this (L*; shaded walls of the 210 hard
#: Octopus development photos lie 20-50 below their faces; the replay: 10-25 rename the same
#: faces) ...
SIDE_WALL_DARKER = 15.0
#: ... and of at least this chroma (a wall in shade keeps its paint's hue; a grey gap or a
#: shadow on a grey table has none; no source recorded when set; the replay: 5-30 rename the same
#: faces) ...
SIDE_WALL_MIN_CHROMA = 15.0
#: ... and at least this many such pixels (fewer: no wall seen, the face is not judged so; from
#: the tile's geometry, a 2 px wall along a sixth of the 48 px cell's side; the replay: 4-24
#: rename the same faces).
SIDE_WALL_MIN_PIXELS = 8
#: A face is judged by its walls only while washed: its chroma under this share of the median
#: chroma of its photo's other faces named its paint (the orange faces a hot spot lifted to
#: yellow keep 0.55-0.70 of their photos' yellows' chroma: final19 hard-1996, final21 hard-2310,
#: hard-2311, final22 hard-2810; set on an earlier offline replay of all four sides' walls on 111
#: hard development photos, 0.9 renaming one true yellow too. The replay of the wall facing the
#: camera, above: 0.7 renames 2 true oranges, 0.75 4, 0.8 6, 0.85-0.95 7, no true yellow).
#: Read on all 420 Octopus development photos (final16-28, oct57, oct58, oct61): 159 -> 157
#: wrong cells, final19 hard-1996 7 -> 6 and final22 hard-2810 1 -> 0, final19 hard-1993's
#: orange 2 (read right by the set's assignment) renamed orange too, no photo worse; final21
#: hard-2310 and hard-2311, mended when all four sides were read as walls, are views nearly
#: straight down (no far side): their faces are no longer judged.
SIDE_WALL_WASHED = 0.8
#: ... and renamed only where its walls' hue lies nearer the walls of its photo's faces named
#: the darker neighbour paint (or that paint's hue, none being named) than those of the faces
#: named its own by at least this (degrees; the earlier replay of all four sides: 10-15 rename
#: no true yellow at 0.8, 5 one; the replay of the wall facing the camera: 0-10 rename the same
#: 6 true oranges, 15-20 5, 25 none; no true yellow at any).
SIDE_WALL_MARGIN = 10.0


def _near_side(far_side: int | None) -> int | None:
    """The side (:func:`_beside`'s order: 0 above, 1 below, 2 left, 3 right) of every cell
    facing the camera, opposite ``far_side`` (``_Ctx.far_side``); None where that is None (a
    view nearly straight down: no one side's wall shows in every cell)."""
    return None if far_side is None else far_side ^ 1


def _turned_to_bottom(view: np.ndarray, side: int) -> np.ndarray:
    """``view`` ``(h, w, ...)`` (a cell's view, rows downwards) turned or flipped so that its
    side ``side`` (:func:`_beside`'s order) lies along its last row."""
    if side in (0, 1):
        return view if side == 1 else view[::-1]
    view = np.swapaxes(view, 0, 1)  # (its last column, the right side, now its last row)
    return view if side == 3 else view[::-1]


def _face_region(light: np.ndarray, face_l: float) -> np.ndarray:
    """The face's own pixels in a cell's view of lightness ``light`` ``(h, w)`` (L*), its
    colour's lightness ``face_l``: those no darker than it by :data:`SIDE_WALL_FACE_L` in the
    4-connected region holding most such pixels of the face's core (:data:`FACE_CORE_MARGIN`);
    a pale table or a neighbour's face beyond the gap is not the face. ``(h, w)`` bool."""
    like = (light >= face_l - SIDE_WALL_FACE_L).astype(np.uint8)
    h, w = light.shape
    m = int(round(FACE_CORE_MARGIN * w))
    _, labels = cv2.connectedComponents(like, connectivity=4)
    held = labels[m:h - m, m:w - m][like[m:h - m, m:w - m] > 0]
    if held.size == 0:
        return np.zeros((h, w), bool)
    return labels == int(np.bincount(held).argmax())


def _hue_median(hues: np.ndarray, about: float) -> float:
    """The median of ``hues`` (degrees, CIELAB) taken about the hue ``about``: of their signed
    offsets from it (a median of plain degrees splits a cluster across 0/360), back in 0-360."""
    off = (np.asarray(hues, np.float64) - about + 180.0) % 360.0 - 180.0
    return float((about + np.median(off)) % 360.0)


def _side_wall_hue(region: np.ndarray, face: np.ndarray, near_side: int) -> float | None:
    """The hue (degrees, CIELAB) of a tile's shaded side wall facing the camera in its cell's
    view ``region`` ``(h, w, 3)`` Lab, the face's colour ``face`` ``(3,)`` Lab, the cells' side
    facing the camera ``near_side`` (:func:`_near_side`): the median, about the face's hue
    (:func:`_hue_median`), of the pixels in the band between the face's core and the cell's
    edge on that side (:data:`FACE_CORE_MARGIN`), within :data:`SIDE_WALL_NEAR_PX` beyond the
    face's own pixels (:func:`_face_region`) towards that edge, darker than the face
    (:data:`SIDE_WALL_DARKER`) and hued (:data:`SIDE_WALL_MIN_CHROMA`); None with fewer than
    :data:`SIDE_WALL_MIN_PIXELS` of them."""
    region = _turned_to_bottom(np.asarray(region, np.float32), near_side)
    h, w = region.shape[:2]
    light, chroma = region[..., 0], np.hypot(region[..., 1], region[..., 2])
    face_px = _face_region(light, float(face[0]))
    beyond = np.zeros((h, w), bool)  # (within SIDE_WALL_NEAR_PX below a face pixel)
    for d in range(1, SIDE_WALL_NEAR_PX + 1):
        beyond[d:] |= face_px[:-d]
    band = np.zeros((h, w), bool)
    band[h - int(round(FACE_CORE_MARGIN * h)):] = True
    wall = (beyond & band & ~face_px & (light < float(face[0]) - SIDE_WALL_DARKER)
            & (chroma >= SIDE_WALL_MIN_CHROMA))
    if int(wall.sum()) < SIDE_WALL_MIN_PIXELS:
        return None
    face_hue = float(hue_deg(np.asarray(face, np.float64)[None])[0])
    return _hue_median(hue_deg(region[wall].astype(np.float64)), face_hue)


def _hue_apart(a: float, b: float) -> float:
    """Degrees between two hues (0-180)."""
    return abs((a - b + 180.0) % 360.0 - 180.0)


def _renamed_by_side_walls(kit: Kit, palette: Palette, labs: np.ndarray, stack: np.ndarray,
                           index: np.ndarray, cells: list, out: dict, skip: list,
                           near_side: int | None) -> list:
    """Rename, in place in ``out`` (as :func:`_renamed_by_own_chroma`; cells in ``skip``, renamed
    already, left alone), a face named paint P (or unclear, nearest P: ``index`` ``(N,)`` into
    ``palette``) that a hot spot washed (its chroma under :data:`SIDE_WALL_WASHED` of its
    photo's other P faces', at least :data:`OWN_CHROMA_FACE_MIN`) and whose side wall facing
    the camera (:func:`_side_wall_hue` of its view in ``stack`` ``(N, h, w, 3)`` Lab, on side
    ``near_side``, :func:`_near_side`) lies nearer in hue to the walls of the photo's faces
    named Q, P's one darker hue neighbour (:func:`_darker_hue_neighbour`: orange for yellow in
    the built-in kits with pips), than to its P faces' walls by :data:`SIDE_WALL_MARGIN` (each
    paint's walls their median about its paint's hue, :func:`_hue_median`; with no face named Q
    or P with a wall seen, that paint's hue stands for them). Nothing is renamed where
    ``near_side`` is None (a view nearly straight down shows no one side's walls).
    ``labs`` ``(N, 3)``: the faces' Lab. Returns the cells renamed.

    The faces whose walls and chroma stand for P's or Q's are all those named so, not only the
    sure ones (:data:`OWN_HUE_FACE_CONF`) :func:`_renamed_by_own_chroma` takes: that rule
    measures a face against its paint's own chroma and hue, which a face named P unsurely may
    lack (a glare's partly washed face, an unclear margin); here the references are the walls,
    which keep their paint's hue however washed the face above them, and a hot spot's photo has
    few sure faces of the paint it washes (the sure-faces-only variant was not measured; the
    washed share :data:`SIDE_WALL_WASHED` was measured against all faces named P too)."""
    if near_side is None:
        return []
    hue, chroma = hue_deg(labs), np.hypot(labs[:, 1], labs[:, 2])
    paint_hue = hue_deg(palette.lab)
    names = [out[c][0].get("colour") for c in cells]
    walls: dict[int, float | None] = {}

    def wall_of(i: int) -> float | None:
        if i not in walls:
            walls[i] = _side_wall_hue(stack[i], labs[i], near_side)
        return walls[i]

    def walls_named(paint: int, i: int) -> float:
        seen = [h for j in range(len(cells)) if j != i and names[j] == palette.names[paint]
                and (h := wall_of(j)) is not None]
        return _hue_median(np.array(seen), float(paint_hue[paint])) if seen else float(
            paint_hue[paint])

    renamed = []
    for k, name in enumerate(palette.names):
        q = _darker_hue_neighbour(kit, palette, k)
        if q is None:
            continue
        for i, c in enumerate(cells):
            if c in skip or index[i] != k or names[i] not in (name, None):
                continue
            others = [j for j in range(len(cells)) if j != i and names[j] == name]
            if (not others or chroma[i] < OWN_CHROMA_FACE_MIN
                    or chroma[i] >= SIDE_WALL_WASHED * float(np.median(chroma[others]))):
                continue
            wall = wall_of(i)
            if wall is None:
                continue
            ref_p, ref_q = walls_named(k, i), walls_named(q, i)
            if _hue_apart(wall, ref_q) + SIDE_WALL_MARGIN >= _hue_apart(wall, ref_p):
                continue
            logger.debug("cell %s: named %s at hue %.0f, chroma %.0f, its side wall at %.0f "
                         "(its photo's %s walls %.0f, %s walls %.0f): renamed %s", c, name,
                         hue[i], chroma[i], wall, name, ref_p, palette.names[q], ref_q,
                         palette.names[q])
            _rename_face(out[c], name, palette.names[q], "side walls")
            renamed.append(c)
    return renamed


#: A face is renamed by its chroma only while it keeps at least this chroma itself (CIELAB):
#: a face nearer grey is a white one under a cast (the sure white faces of all 396 Octopus
#: development photos reach 32.3, 99th percentile 31.0) or one a glare washed of its colour,
#: whatever paint it lies nearest; the orange faces a glare lifted to yellow keep 45.6-59.7
#: (final18 normal-1889, final21 hard-2305, normal-2307, final22 hard-2810, final23 hard-3009,
#: final27 hard-4200, hard-4204). The near-grey faces the rename took without it: 8.4-31.5
#: (final20 hard-2102, final23 hard-3002, hard-3009, oct58 hard-2651). 40 sits mid-window
#: (32.3-45.6).
OWN_CHROMA_FACE_MIN = 40.0


def _hued_unclipped(lab: np.ndarray, kit: Kit) -> bool:
    """Whether a face (``lab`` ``(3,)``, CIELAB) keeps a colour its chroma can be judged by:
    chroma at least :data:`OWN_CHROMA_FACE_MIN` and no lighter than the kit's lightest paint
    by the kit's own colours (``kit.colours``, whatever palette a colour profile gives the read;
    white's, 94.9 L* in Octopus): a face a glare lifted past it is clipped towards white, its
    chroma lost to the clip whatever its paint (a guard: on the 396 Octopus development photos,
    with the chroma floor, no face the rename takes lies above 94.4 L*, the orange faces a glare
    lifted to yellow lying at 83.4-94.4, so any ceiling from 94.4 up decides alike there; without
    the floor the near-grey faces it took lay up to 99.0)."""
    return (float(np.hypot(lab[1], lab[2])) >= OWN_CHROMA_FACE_MIN
            and float(lab[0]) <= float(Palette.from_hex(kit.colours).lab[:, 0].max()))


def _own_hue_true(ref_hue: float, paint_hue: float) -> bool:
    """Whether a photo's sure faces of a paint (their median hue ``ref_hue``, degrees) show how
    that paint looks in the photo: within :data:`OWN_HUE_REF_OFF` of the paint's hue
    ``paint_hue`` (faces far off it show a glare's shift, not the photo's paint: final24
    octopus-normal-3409's one sure yellow at 103.6 degrees, its washed yellows at 42-44 chroma
    against its 83)."""
    return _hue_apart(ref_hue, paint_hue) <= OWN_HUE_REF_OFF


def _rename_face(reading: tuple, name: str, other: str, by: str) -> None:
    """Name a face (``reading``: :func:`_read_solid`'s (attrs, conf, doubts, fit, evidence))
    ``other`` at :data:`OWN_HUE_RENAMED_CONF`, where it was named (or lay nearest) ``name``:
    its colour doubts dropped, its distances to the two paints swapped (the set's assignment
    weighs them: the face as near the paint its photo's faces show as it lay to the one it was
    named), the paint it was named kept under :data:`OWN_HUE_RENAMED_KEY` (both renames alike)
    and which rename took it under ``"renamed_by"``: ``by``, ``"hue"``
    (:func:`_renamed_by_own_hues`), ``"chroma"`` (:func:`_renamed_by_own_chroma`) or
    ``"side walls"`` (:func:`_renamed_by_side_walls`)."""
    attrs, conf, doubts, evidence = reading[0], reading[1], reading[2], reading[4]
    attrs["colour"] = other
    conf["colour"] = OWN_HUE_RENAMED_CONF
    doubts[:] = [d for d in doubts if d[0] != "colour"]
    dist = evidence["colour_distance"]
    if name in dist and other in dist:
        dist[name], dist[other] = dist[other], dist[name]
    # (its pips' contrast tells nothing of how its new paint's faces look: see
    # vision.decode._colour_spreads)
    evidence[OWN_HUE_RENAMED_KEY] = name
    evidence["renamed_by"] = by


def _hue_neighbours(kit: Kit, palette: Palette, k: int, gaps: np.ndarray,
                    paint_chroma: np.ndarray) -> list[int]:
    """The paints (indices into ``palette``) a face of paint ``k`` may be renamed to by its hue
    (see :func:`_renamed_by_own_hues`): hued (:data:`OWN_HUE_PAINT_CHROMA`), their pips the
    colour of ``k``'s, ``gaps`` ``(P,)`` (degrees, signed, each paint's hue less ``k``'s) from
    :data:`OWN_HUE_MIN_GAP` to :data:`OWN_HUE_MAX_GAP`, and alike in chroma
    (:data:`OWN_HUE_CHROMA_ALIKE`; ``paint_chroma`` ``(P,)``)."""
    name = palette.names[k]
    return [q for q, other in enumerate(palette.names)
            if paint_chroma[q] >= OWN_HUE_PAINT_CHROMA
            and kit.pip_colours.get(other) == kit.pip_colours.get(name)
            and OWN_HUE_MIN_GAP <= abs(gaps[q]) <= OWN_HUE_MAX_GAP
            and min(paint_chroma[q], paint_chroma[k])
            >= OWN_HUE_CHROMA_ALIKE * max(paint_chroma[q], paint_chroma[k])]


def _renamed_by_own_hues(kit: Kit, palette: Palette, labs: np.ndarray, index: np.ndarray,
                         cells: list, out: dict) -> list:
    """Rename, in place in ``out`` (:func:`_read_solid`'s readings of ``cells``), a face named
    paint P (or unclear, nearest P: ``index`` ``(N,)`` into ``palette``), whose hue lies past
    the middle between the photo's own P faces' hue (their median; faces named P at
    :data:`OWN_HUE_FACE_CONF`) and the paint Q next to P in hue that way (the kit's paints'
    hue gap, see :data:`OWN_HUE_MIN_GAP`; their hue within :data:`OWN_HUE_REF_OFF` of their
    paint's), and which keeps its own faces' chroma
    (:data:`OWN_HUE_CHROMA_KEPT`): a yellow face a light fitted over the layout names orange
    while the photo's orange faces lie 15-20 degrees of hue below it. ``labs`` ``(N, 3)``: the
    faces' Lab. Only to a paint whose pips are the colour of P's (the pips were read in
    P's polarity) and alike to P in chroma (see :func:`_hue_neighbours`), and only while the
    face's hue lies no farther past than :data:`OWN_HUE_MAX_PAST`. Returns the cells renamed."""
    hue, chroma = hue_deg(labs), np.hypot(labs[:, 1], labs[:, 2])
    paint_hue = hue_deg(palette.lab)
    paint_chroma = np.hypot(palette.lab[:, 1], palette.lab[:, 2])
    renamed = []
    for k, name in enumerate(palette.names):
        own = [i for i, c in enumerate(cells) if index[i] == k
               and out[c][0].get("colour") == name and out[c][1]["colour"] >= OWN_HUE_FACE_CONF]
        if not own or paint_chroma[k] < OWN_HUE_PAINT_CHROMA:
            continue
        ref_hue, ref_chroma = float(np.median(hue[own])), float(np.median(chroma[own]))
        if not _own_hue_true(ref_hue, float(paint_hue[k])):
            continue
        gaps = (paint_hue - paint_hue[k] + 180.0) % 360.0 - 180.0
        neighbours = _hue_neighbours(kit, palette, k, gaps, paint_chroma)
        for i, c in enumerate(cells):
            if index[i] != k or i in own or chroma[i] < OWN_HUE_CHROMA_KEPT * ref_chroma:
                continue
            off = (hue[i] - ref_hue + 180.0) % 360.0 - 180.0
            near = [q for q in neighbours
                    if np.sign(gaps[q]) == np.sign(off)
                    and abs(gaps[q]) / 2 <= abs(off) <= OWN_HUE_MAX_PAST * abs(gaps[q])]
            if not near:
                continue
            q = min(near, key=lambda q: abs(gaps[q]))
            logger.debug("cell %s: named %s, %.1f degrees of hue off its photo's own %s faces "
                         "(chroma %.0f against %.0f): renamed %s", c, name, off, name,
                         chroma[i], ref_chroma, palette.names[q])
            _rename_face(out[c], name, palette.names[q], "hue")
            renamed.append(c)
    return renamed


#: A light fitted with a haze of at least this (linear light, its largest channel's offset) is
#: checked against the faces' own hazes (:func:`_haze_of_the_faces`); below it a hot spot's
#: part in it names no face wrong (a clear face lies 2-9 CIEDE2000 from its paint).
HOT_SPOT_MIN_HAZE = 0.05
#: A haze is light added to every face alike (a lens's veil, the faces' sheen), and nearly
#: every face shows it. The haze is taken as a lamp's hot spot over part of the layout, which
#: the fit spread over all of the faces, where at least this share of the faces (the share's
#: quantile at this level below :data:`HOT_SPOT_HAZE_SHARE`) show at most
#: :data:`HOT_SPOT_HAZE_SHARE` of it (the independent renderer's final19 octopus-hard-1996:
#: 0.17 linear fitted, 6 of its 29 faces showing a third of it or less, its black at L* 15
#: fitted 26 from black; the faces named through the glare first, so a washed face named by its
#: paint shows its glare as haze). (0.25 left 1996 as it was, 6 of 29 being 0.21; at 0.15, of
#: the 224 development photos of final16-21, oct57 and oct58 only 1996 read fewer wrong cells,
#: 11 -> 7, and two read other tiles, as many wrong: final16 hard-1609, final21 hard-2310.)
HOT_SPOT_HAZE_QUANTILE = 0.15
#: ... a face showing at most this share of the fitted haze lies out of the hot spot, and the
#: light is fitted again on such faces (half: a face's own haze spreads about the haze it
#: shows by its paint's own misfit; the faces out of 1996's hot spot show 0.02-0.34 of it).
HOT_SPOT_HAZE_SHARE = 0.5
#: ... and needs this many of them, and as many faces in the hot spot (a light per channel
#: from fewer swings with one face; a haze fewer faces show is one face's misfit, no hot spot).
HOT_SPOT_FACES = 4
#: The faces in the hot spot weigh this much in the light fitted again (the faces out of it 1).
HOT_SPOT_WEIGHT = 0.05
#: The light is fitted again in this many rounds (as :func:`_read_solid`'s first fit).
HOT_SPOT_REFIT_ROUNDS = 4
#: A face clipped in every channel shows no haze of its own: its share is taken as this (any
#: share far above :data:`HOT_SPOT_HAZE_SHARE`; finite, so the share's quantile is a number).
UNSEEN_HAZE_SHARE = 1e6


def _faces_haze(labs: np.ndarray, palette: Palette, index: np.ndarray,
                corr: np.ndarray) -> np.ndarray:
    """Each face's own haze as a share of the haze of the light ``corr`` (``(2, 3)``, see
    :func:`vision.colour.classify_adaptive`): ``(N,)``, the median over its unclipped channels
    of ``(observed - gain * paint) / offset`` (linear light), each face of ``labs`` ``(N, 3)``
    Lab taken as the palette's paint ``index`` ``(N,)``; :data:`UNSEEN_HAZE_SHARE` for a face
    clipped in every channel (it tells nothing of the haze)."""
    c = as_correction(corr)
    obs = srgb_to_linear(lab_to_bgr(np.asarray(labs, np.float64))).astype(np.float64)
    paint = palette_linear(palette)[index] * c[0]
    share = (obs - paint) / np.maximum(c[1], 1e-6)
    share[obs >= UNCLIPPED_BELOW] = np.nan
    out = np.full(len(obs), UNSEEN_HAZE_SHARE)
    seen = ~np.isnan(share).all(axis=1)
    out[seen] = np.minimum(np.nanmedian(share[seen], axis=1), UNSEEN_HAZE_SHARE)
    return out


def _hot_spot_min_haze(profile: Mapping | None) -> float:
    """The least haze (linear light, largest channel) :func:`_haze_of_the_faces` looks at as
    perhaps a hot spot's: :data:`HOT_SPOT_MIN_HAZE`, or under a profile whose calibration
    measured a veil (:func:`vision.profile_use.profile_veil_level`) that veil's level if more.
    The profile's paints were learnt with the veil taken out, so a photo under the same lamp
    shows it over every face: a haze up to it is that veil, fitted over faces that show it
    unevenly by their paints' misfit (calibration measure, octopus seed 0: veil 0.144, hazes of
    0.05-0.06 taken for hot spots on 3 of 20 photos, the light refitted on the yellow, white and
    orange faces whose red channel the profile holds clipped, 4 faces named wrong).

    Two costs of the gate: a real hot spot whose haze is under the profile's veil is not looked
    at either, and its faces are left unrefitted; and the veil is in the calibration photo's
    linear terms, so the gate assumes the photo read is exposed like the calibration's (a
    photo exposed brighter or darker shows the same veil at another level)."""
    veil = profile_veil_level(profile)
    return HOT_SPOT_MIN_HAZE if veil is None else max(HOT_SPOT_MIN_HAZE, veil)


def _haze_of_the_faces(labs: np.ndarray, palette: Palette, match: ColourMatch,
                       corr: np.ndarray, shared_haze: bool | np.ndarray,
                       min_haze: float
                       ) -> tuple[ColourMatch, np.ndarray]:
    """The faces' match and light ``(2, 3)`` (``labs`` ``(N, 3)`` Lab named ``match`` under
    ``corr``) with the light fitted again on the faces out of a lamp's hot spot, where at least
    :data:`HOT_SPOT_HAZE_QUANTILE` of the faces show at most :data:`HOT_SPOT_HAZE_SHARE` of the
    haze of ``corr`` (their own haze, :func:`_faces_haze`): those faces weigh 1, the rest
    :data:`HOT_SPOT_WEIGHT`, in :func:`vision.colour.classify_adaptive`'s fit from ``corr``
    (:data:`HOT_SPOT_REFIT_ROUNDS` rounds, its robust weights and stop; ``shared_haze`` as
    :func:`_shared_haze` gives it). A lamp's hot spot over part of the layout lifts its faces,
    and a light fitted over all of them takes it for a haze over every face: the faces out of
    it are then predicted paler than they are (a black at L* 15 fitted 26 from black), and the
    washed faces' own glare, which :func:`_solid_through_glare` names them through, is taken
    from them. Unchanged (``corr`` itself returned) where the haze is under
    ``min_haze`` (:data:`HOT_SPOT_MIN_HAZE`, see :func:`_hot_spot_min_haze`), the faces show it,
    fewer than :data:`HOT_SPOT_FACES` lie out of the hot spot or in it, or the fit keeps ``corr``."""
    c = as_correction(corr)
    if float(c[1].max()) < min_haze:
        return match, corr
    share = _faces_haze(labs, palette, match.index, c)
    if float(np.quantile(share, HOT_SPOT_HAZE_QUANTILE)) > HOT_SPOT_HAZE_SHARE:
        return match, corr
    out_of_it = share <= HOT_SPOT_HAZE_SHARE
    if min(int(out_of_it.sum()), int((~out_of_it).sum())) < HOT_SPOT_FACES:
        return match, corr
    weights = np.where(out_of_it, 1.0, HOT_SPOT_WEIGHT)
    # (from the light the faces out of the hot spot show as named, refined by the adaptive
    # fit: from ``corr`` itself its pull back to the start would keep most of the haze)
    obs = srgb_to_linear(lab_to_bgr(np.asarray(labs, np.float64))).astype(np.float64)
    start = _fit_forward(obs, palette_linear(palette)[match.index], weights,
                         shared_haze=shared_haze)
    new, _, fitted = classify_adaptive(labs, palette, gains_bgr=start, weights=weights,
                                       iterations=HOT_SPOT_REFIT_ROUNDS, explore=False,
                                       shared_haze=shared_haze)
    if np.allclose(fitted, c):
        return match, corr
    logger.debug("haze %.3f of the light shown (half or less) by %d of %d faces only: a hot "
                 "spot; light %s -> %s", float(c[1].max()), int(out_of_it.sum()), len(labs),
                 np.round(c, 3).tolist(), np.round(fitted, 3).tolist())
    return new, fitted


def _named_out_of_the_hot_spot(ctx: _Ctx, labs: np.ndarray, match, dist: np.ndarray,
                               corr: np.ndarray, pip_reads: dict, clipped: np.ndarray
                               ) -> tuple[Any, np.ndarray]:
    """Die faces (``labs`` ``(N, 3)`` Lab, named ``match`` at distances ``dist`` ``(N, K)``
    under the light ``corr``, through the glare and at their exposure) named again, as
    :func:`_read_solid` names them, under the light the faces out of a lamp's hot spot show
    (:func:`_haze_of_the_faces`) where the haze of ``corr`` is the hot spot's; else as given.
    ``pip_reads`` and ``clipped`` ``(N,)`` as for :func:`_pips_vouch_polarity`."""
    named, light = _haze_of_the_faces(labs, ctx.palette, match, corr,
                                      _shared_haze(ctx.kit, ctx.profile),
                                      min_haze=_hot_spot_min_haze(ctx.profile))
    if light is corr:
        return match, dist
    again = palette_distance(labs, ctx.palette, named.predicted)
    named, again = _pips_vouch_polarity(ctx.kit, ctx.palette, named, again, pip_reads, clipped)
    named, again = _solid_through_glare(ctx, labs, named, again, light)
    named, again = _solid_exposed(ctx, labs, named, again, light)
    return _solid_through_toned_glare(ctx, labs, named, again, light)


#: A face this light (CIELAB L*) or lighter leaves its white pips (the kit's white paint, L*
#: about 95) less than :data:`vision.pips.MIN_CONTRAST` of lightness to stand out by: a face
#: a lamp's hot spot washes towards white (an independent render, final20 octopus-hard-2102:
#: a brown face at L* 98.3, its white pips at 99.5) shows its pips by its colour alone.
GLARE_FACE_L = 95.0 - PIP_MIN_CONTRAST


def _pips_through_glare(ctx: _Ctx, origins: np.ndarray, labs: np.ndarray,
                        pip_reads: dict, *, face_l: float = GLARE_FACE_L,
                        below: float | None = None, farther: bool = True) -> dict:
    """``pip_reads`` (:func:`vision.pips.read_pips`' of the cells at ``origins`` ``(N, 2)``,
    their faces' Lab ``labs`` ``(N, 3)``) with the light pips of the faces a glare washed out
    read on their whiteness instead of their lightness: faces at :data:`GLARE_FACE_L` or
    lighter whose pips stand out by less than :data:`vision.pips.MIN_CONTRAST` in either
    polarity. A white pip on a coloured face paled to near white keeps no lightness of its own
    but stands out by its want of colour (the face keeps some of its hue): the lightness less
    the chroma (L* - C*, see :func:`_whiteness_over_face`) shows it as a light spot. Kept where
    the pips stand out by :data:`vision.pips.MIN_CONTRAST` or more on it; other cells as
    read. ``face_l``: the least face lightness so looked at; ``below``: a confidence, faces
    whose pips read with less in either polarity are looked at whatever their contrast (beside
    the layout, see :func:`_washed_pips_beside`); ``farther``: read on the grids reaching a tile
    far off its cell too (layout cells), or on the near ones only (beside the layout)."""
    if below is None:
        faint_pips = (np.maximum(pip_reads[1].contrast, pip_reads[-1].contrast)
                      < PIP_MIN_CONTRAST)
    else:
        faint_pips = np.maximum(pip_reads[1].confidence, pip_reads[-1].confidence) < below
    faint = np.nonzero(faint_pips & (labs[:, 0] >= face_l))[0]
    if not len(faint) or pip_reads[1].geometry is None:
        return pip_reads
    n = ctx.td.cw
    fields = {name: getattr(pip_reads[1], name).copy() for name in PIP_FIELDS}
    kept = 0
    for i in faint:
        view, at = _whiteness_over_face(ctx.lab, origins[i], n, labs[i])
        again = read_pips(view, n, at[None], farther=farther, faint_again=ctx.die_faces)[1]
        if again.contrast[0] < PIP_MIN_CONTRAST:
            continue
        for name, arr in fields.items():
            arr[i] = getattr(again, name)[0]
        kept += 1
    if not kept:
        return pip_reads
    logger.debug("pips read on the faces' whiteness through a glare: %d of %d cells", kept,
                 len(faint))
    return {**pip_reads, 1: PipReading(**fields)}


def _whiteness_over_face(lab: np.ndarray, origin: np.ndarray, n: int,
                         face: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The whiteness (L* - C*) of the cell of ``n`` pixels at ``origin`` (y, x) in the Lab view
    ``lab`` ``(h, w, 3)``, with half a cell around it, floored at its face's (``face``, Lab):
    ``(view (h', w') float32, the cell's origin in it (2,))``. Floored, only what is whiter
    than the face stands out (its white pips); the table beyond the tile's rim and the gaps
    between its teeth, less white than a paled face, read as the face (the pip response at a
    die position a fifth of a cell inside the rim reaches past it). A pixel darker than the
    face by half :data:`vision.pips.MIN_CONTRAST` or more reads as the face too: a light face's
    dark pips washed out by the glare (a yellow face's black pips paled to a grey less coloured
    than the face) are no white pips, however little colour they keep."""
    y, x = int(origin[0]), int(origin[1])
    y0, x0 = max(0, y - n // 2), max(0, x - n // 2)
    part = lab[y0:y + n + n // 2, x0:x + n + n // 2].astype(np.float32)
    white = part[..., 0] - np.hypot(part[..., 1], part[..., 2])
    floor = float(face[0] - np.hypot(face[1], face[2]))
    white[part[..., 0] <= face[0] - PIP_MIN_CONTRAST / 2] = floor
    return np.maximum(white, floor), np.array([y - y0, x - x0])


def _paints_as_unclipped(palette: Palette, predicted: np.ndarray | None,
                         corr: np.ndarray) -> Palette:
    """``palette`` with the channels a profile holds blown out (``palette.clipped``, at their
    clip level, a lower bound) raised to the paints the light's fit estimated from the photo
    read: ``predicted`` ``(K, 3)`` Lab, the palette as lit by ``corr`` ``(2, 3)`` (gain and
    offset, linear BGR, see :func:`vision.colour.classify_adaptive`, whose fit unclips them),
    taken back through ``corr`` to the paint. ``predicted`` is the forward model after its
    clipping (the lit paint held at 1): where the lit estimate reaches 1 the inversion gives
    back only a lower bound ``(1 - h) / g`` (``g``, ``h`` the gain and haze of ``corr``), not
    the paint the fit estimated. Unchanged without clipped channels or a prediction. The
    glare's routes predict each paint from the palette itself: at the clip level a white blown
    in red and green under a warm lamp is a greenish white there, and a pale yellow through a
    glare fits a white face better (calibration measure, octopus seed 0, a profile from an
    over-exposed photo)."""
    if palette.clipped is None or predicted is None:
        return palette
    c = as_correction(corr)
    lit = lab_to_linear(predicted)
    paint = (lit - c[1]) / np.maximum(c[0], 1e-6)
    lin = palette_linear(palette).copy()
    raised = palette.clipped & (paint > lin)
    if not raised.any():
        return palette
    lin[raised] = paint[raised]
    rows = raised.any(axis=1)
    lab = palette.lab.copy()
    lab[rows] = bgr_to_lab(linear_to_srgb(lin[rows]).astype(np.float32)).astype(np.float64)
    return replace(palette, lab=lab)


def _glare_palette(ctx: _Ctx, match, corr: np.ndarray, discounted: bool) -> Palette:
    """The paints the glare's routes (:func:`_solid_through_glare`,
    :func:`_solid_through_toned_glare`) judge faces against: the profile's as the light's fit
    unclipped them (:func:`_paints_as_unclipped`, from ``match.predicted`` under ``corr``);
    with the light discounted the prediction is in other terms, and the palette is kept."""
    return ctx.palette if discounted else _paints_as_unclipped(ctx.palette, match.predicted, corr)


def _solid_through_glare(ctx: _Ctx, labs: np.ndarray, match, dist: np.ndarray,
                         corr: np.ndarray, *, discounted: bool = False) -> tuple[Any, np.ndarray]:
    """Faces (``labs`` ``(N, 3)`` Lab, with their plain ``match`` and distances ``dist``
    ``(N, K)`` under the light ``corr``, see :func:`vision.colour.classify_adaptive`) also
    judged through a glare of the lamp on the face (see
    :mod:`vision.glare`): a glossy face reflecting a broad lamp is veiled all over by the
    lamp's light, which pales every paint (a red towards pink, an orange towards yellow, a
    black towards brown under a warm lamp) and may leave no unveiled pixel to take the face
    from. The glare costs its price per unit, so a face that fits a paint plainly keeps it.
    Returns the match and the distances ``(N, K)``, each the smaller of the plain one and
    the one through the glare. ``discounted``: ``dist`` measured with ``corr`` discounted
    (:func:`_adapted_distances`), and so the glare (:func:`vision.glare.discounted_lab`)."""
    if len(ctx.palette.names) < 2 or not len(labs):
        return match, dist
    palette = _glare_palette(ctx, match, corr, discounted)
    through = glare_distances(labs, palette, corr, profile_lamp(ctx.profile),
                              steps=GLARE_STEPS[1:], discounted=discounted)
    both = np.minimum(dist, through.min(-1))
    return match_from_distances(both, match.predicted), both


#: Each unit of a glare added after the tone curve costs this much (CIEDE2000) in
#: :func:`_solid_through_toned_glare`, more than :data:`vision.glare.GLARE_COST` for the linear
#: glare: the toned look is the independent renderer's glare model rather than a phone's, and
#: at the linear glare's price it moved faces a physical (linear) veil explains (the kit's 10
#: paints under a grey veil of 0.1-0.6 in linear light, 110 faces: 8 renamed wrong at 8, an
#: orange under 0.35-0.6 named brown, a yellow under 0.3 orange; 3 at 10; 1 at 12, a yellow
#: under 0.35; the same veils added after the tone curve: 11 faces mended at 8, 6 at 12).
#: (Looked at only where the linear glare leaves a face further than
#: :data:`vision.glare.GREY_RELOOK` from every paint instead, at 8, the 50 development photos it
#: renames a face on read 95 -> 106 wrong cells, the washed faces lying 5-9 from a wrong paint
#: through the linear glare; at 11 for every face, 97; at 12, 96.)
TONED_GLARE_COST = 12.0


#: A face nearest the white paint but at least this far from it (CIEDE2000, under the light)
#: may be a paint veiled pale by the lamp's reflection rather than a white tile (see
#: :func:`_veiled_white_distances`). (Measured on the 408 Textile development photos at
#: a027153: of the faces nearest white that show neither the table nor a paint clearly
#: (``colour_seen`` "neither"), the white tiles lay 14.1-14.7 from white at most, the veiled
#: blues and greens read white 15.9-21.8: a round value between, not their midpoint 15.3, 0.3
#: above the farthest white tile and 0.9 below the nearest veiled paint, the margins the
#: choice leaves either side.)
VEILED_WHITE_FAR = 15.0
#: The veil looked for costs nothing per unit: a paint and the lamp's white mixed in any
#: share, the hot spot's veil the independent renderer adds after its tone curve (a blue
#: tile under it L* 92-97, a* -7 to -23, b* -4 to -11 in final17, final21, final23, final26).
VEIL_COST = 0.0


def _veiled_white_distances(ctx: _Ctx, labs: np.ndarray, dist: np.ndarray, light: np.ndarray,
                            *, discounted: bool = False) -> dict[int, dict[str, float]]:
    """Of faces ``labs`` ``(N, 3)`` (CIELAB) with distances ``dist`` ``(N, K)`` to the palette
    under ``light``, those nearest white but :data:`VEILED_WHITE_FAR` or more from it: by row,
    their distances (CIEDE2000, by paint name) to each paint with any veil of the lamp's white
    added after the camera's tone curve (:func:`_least_toned_veil` at :data:`VEIL_COST`). A
    blue tile deep in a lamp's hot spot is recorded a pale sky blue, further from every paint
    as lit than from white, yet on the line from blue to white. Empty without a white paint."""
    names = list(ctx.palette.names)
    if "white" not in names or not len(labs):
        return {}
    white = names.index("white")
    rows = np.flatnonzero((dist.argmin(axis=1) == white) & (dist[:, white] >= VEILED_WHITE_FAR))
    if not len(rows):
        return {}
    veil = _least_toned_veil(labs[rows], ctx.palette, light, profile_lamp(ctx.profile),
                             VEIL_COST, discounted=discounted)
    return dict(zip(rows.tolist(), _distances_rows(ctx.palette, veil)))


def _least_toned_veil(labs: np.ndarray, palette: Palette, corr: np.ndarray, lamp: np.ndarray,
                      cost: float, *, discounted: bool = False) -> np.ndarray:
    """Distances ``(N, K)`` (CIEDE2000) of colours ``labs`` ``(N, 3)`` to each paint under the
    light ``corr`` with a veil of ``lamp`` added after the camera's tone curve
    (:func:`vision.glare.toned_glare_distances`): the least over the veils of
    :data:`vision.glare.GLARE_STEPS` but none, in the lamp's white and in grey (``balanced``
    False and True), each unit of veil costing ``cost``; ``discounted`` as
    :func:`_solid_through_glare`'s. Used by :func:`_solid_through_toned_glare` (the solid
    faces) and :func:`_toned_sheen_distance` (the cards)."""
    return np.minimum.reduce([
        toned_glare_distances(labs, palette, corr, lamp, steps=GLARE_STEPS[1:], cost=cost,
                              balanced=balanced, discounted=discounted).min(-1)
        for balanced in (False, True)])


def _solid_through_toned_glare(ctx: _Ctx, labs: np.ndarray, match, dist: np.ndarray,
                               corr: np.ndarray, *, discounted: bool = False
                               ) -> tuple[Any, np.ndarray]:
    """Faces (``labs`` ``(N, 3)`` Lab, their ``match`` and distances ``dist`` ``(N, K)`` under
    the light ``corr``, already through the linear glare and at their exposure) also judged
    through a glare added after the camera's tone curve
    (:func:`vision.glare.toned_glare_distances`), in the lamp's white as the light records it
    and in grey (as the camera's white balance records a lamp's reflection, see
    :mod:`vision.glare`): a hot spot that keeps a paint's hue as it pales (a brown washed to a
    salmon, which the linear glare names orange or red). Each unit of it costs
    :data:`TONED_GLARE_COST`, so a face that fits a paint plainly or through the linear glare
    keeps it. Returns the match and the distances ``(N, K)``, each the smaller of the given one
    and the one through the toned glare; ``discounted`` as :func:`_solid_through_glare`'s."""
    if len(ctx.palette.names) < 2 or not len(labs):
        return match, dist
    palette = _glare_palette(ctx, match, corr, discounted)
    through = _least_toned_veil(labs, palette, corr, profile_lamp(ctx.profile),
                                TONED_GLARE_COST, discounted=discounted)
    both = np.minimum(dist, through)
    moved = int(np.count_nonzero(both.argmin(axis=1) != dist.argmin(axis=1)))
    if moved:
        logger.debug("a glare after the tone curve renames %d of %d faces", moved, len(labs))
    return match_from_distances(both, match.predicted), both


#: Each doubling (or halving) of a face's light against the light fitted over the layout costs
#: this much (CIEDE2000): a face that fits a paint as lit keeps it.
EXPOSURE_COST = 4.0


def _solid_exposed(ctx: _Ctx, labs: np.ndarray, match, dist: np.ndarray,
                   corr: np.ndarray, *, discounted: bool = False) -> tuple[Any, np.ndarray]:
    """Faces (``labs`` ``(N, 3)`` Lab, ``dist`` ``(N, K)`` under the light ``corr``) also judged
    at their own exposure (:data:`vision.glare.EXPOSURE_STEPS`, clipped as the camera clips):
    a lamp's hot spot lights the faces under it more than the light fitted over the layout
    says, raising L* and, as the strong channel clips, lowering the chroma while the hue holds
    (a brown under a hot spot is a light tan, nearer the fitted red in L* than its own brown).
    Each doubling costs :data:`EXPOSURE_COST`. Returns the match and the distances, each the
    smaller of the given one and the exposed one. ``discounted``: ``dist`` measured with
    ``corr`` discounted (:func:`_adapted_distances`), and so the exposed paints and the faces
    (:func:`vision.glare.discounted_lab`), each clipped as the camera recorded it. Under a
    profile, a paint it recorded blown is judged at the darker exposures too, its blown
    channels as bounds (:func:`_blown_paints_shaded`)."""
    c = as_correction(corr)
    paint = palette_linear(ctx.palette) * c[0]  # (K, 3)
    steps = EXPOSURE_STEPS[EXPOSURE_STEPS > 1.0]
    if discounted:
        recorded = np.clip(steps[:, None, None] * paint[None] + c[1], 0.0, 1.0)  # (S, K, 3)
        seen = discounted_lab(recorded, c)
        labs = discounted_lab(srgb_to_linear(lab_to_bgr(np.asarray(labs, np.float64))), c)
    else:
        seen = exposed_lab(paint, steps, c[1])  # (S, K, 3)
    cost = EXPOSURE_COST * np.log2(steps)  # (S,)
    # (a paint whose every channel clips shows no paint of its own: any light paint does so;
    # only the exposures that leave a paint its own are measured)
    shown = ~((steps[:, None, None] * paint[None] + c[1]).min(axis=2) >= CLIPPED_LINEAR)  # (S, K)
    d = np.full((len(labs), *shown.shape), np.inf)  # (N, S, K)
    d[:, shown] = (ciede2000(np.asarray(labs, np.float64)[:, None, :], seen[shown][None])
                   + np.broadcast_to(cost[:, None], shown.shape)[shown])
    through = d.min(axis=1)  # (N, K)
    both = np.minimum(dist, through)
    # (the blown-paint route measures plain Lab: under a profile ``discounted`` is never set)
    if (ctx.profile is not None and not discounted and ctx.palette.clipped is not None
            and ctx.palette.clipped.any()):
        shaded = np.minimum(both, _blown_paints_shaded(labs, ctx.palette, c))
        moved = int(np.count_nonzero(shaded.argmin(axis=1) != both.argmin(axis=1)))
        if moved:
            logger.debug("a blown paint seen darker renames %d of %d faces", moved, len(labs))
        both = shaded
    return match_from_distances(both, match.predicted), both


def _blown_paints_shaded(labs: np.ndarray, palette: Palette, corr: np.ndarray) -> np.ndarray:
    """Distances ``(N, K)`` of faces ``labs`` ``(N, 3)`` Lab to each paint the profile recorded
    with a channel blown (``palette.clipped`` ``(K, 3)`` BGR) lit at most as the light ``corr``
    says (:data:`vision.glare.EXPOSURE_STEPS` up to 1, each halving at :data:`EXPOSURE_COST`),
    its blown channels known only as at least their record: a face showing such a channel
    above the record scaled to its exposure fits it there as shown. Judged only for the faces
    that show one of the paint's blown channels unclipped (under
    :data:`vision.glare.CLIPPED_LINEAR`): seen darker than the calibration photo there, they
    tell what the record could not; a face clipped where the record is, is judged by the record
    and the brighter exposures alone, as before. inf where not judged.

    The mirror of :func:`_solid_exposed`'s brighter exposures: a calibration photo exposed
    brighter than the photo read blows a light paint's strong channels (a yellow's red and
    green under a 3000 K lamp), which leaves its record's hue off the paint's own (the
    calibration measure's Octopus seed 2: yellow recorded at a* -21, its faces in darker photos
    with their green unclipped at a* -2 to 0, 8.5-10.6 from the record, named orange, an orange
    exposed two to three times with its red clipped fitting them 7.8-9.2; photos 6, 10 and 16).

    A paint recorded blown in every channel is not judged (inf): with no channel left to pin
    its hue, any face as bright would fit it.

    Not :func:`vision.glare.exposed_lab`: that gives one model per paint and exposure, while
    here each face frees the blown channels it shows above the record, so the model is the
    face's own (``(n, S, 3)``). Plain Lab only (never discounted): the route is taken under a
    profile, whose distances are never discounted.

    (Every constant is the exposure route's; nothing fitted.)"""
    c = as_correction(corr)
    blown = np.asarray(palette.clipped, bool)
    steps = EXPOSURE_STEPS[EXPOSURE_STEPS <= 1.0 + 1e-9]  # (S,)
    labs = np.asarray(labs, np.float64)
    obs = srgb_to_linear(lab_to_bgr(labs))  # (N, 3) linear BGR
    out = np.full((len(labs), len(palette.names)), np.inf)
    paint = palette_linear(palette) * c[0]  # (K, 3)
    cost = EXPOSURE_COST * np.abs(np.log2(steps))  # (S,)
    # (blown in some channel but not all: an unblown channel pins the hue)
    for k in np.flatnonzero(blown.any(axis=1) & ~blown.all(axis=1)):
        shows = (obs[:, blown[k]] < CLIPPED_LINEAR).any(axis=1)  # (N,)
        if not shows.any():
            continue
        pred = np.broadcast_to(steps[:, None] * paint[k] + c[1],
                               (int(shows.sum()), len(steps), 3)).copy()  # (n, S, 3)
        seen_lin = obs[shows][:, None, :]  # (n, 1, 3)
        free = blown[k][None, None, :] & (seen_lin >= pred)  # (n, S, 3)
        pred = np.clip(np.where(free, seen_lin, pred), 0.0, 1.0)
        model = bgr_to_lab(linear_to_srgb(pred.reshape(-1, 3)).astype(np.float32)
                           ).reshape(pred.shape).astype(np.float64)
        out[shows, k] = (ciede2000(labs[shows][:, None, :], model) + cost[None]).min(axis=1)
    return out


def _pip_paint_names(kit: Kit, palette: Palette) -> frozenset:
    """The palette's names of the kit's pip paints (Nestortiles: white and black): the paint
    nearest each pip colour. (Named once per palette and pip colours: see
    :func:`_pip_paint_names_of`.)"""
    lab = np.ascontiguousarray(palette.lab)
    return _pip_paint_names_of(frozenset(kit.pip_colours.values()), tuple(palette.names),
                               lab.tobytes(), lab.dtype.str, lab.shape)


@lru_cache(maxsize=32)
def _pip_paint_names_of(pip_hexes: frozenset, names: tuple, lab_bytes: bytes, dtype: str,
                        shape: tuple) -> frozenset:
    """:func:`_pip_paint_names` of the pip colours ``pip_hexes`` and the palette of ``names``
    whose Lab ``(K, 3)`` of ``dtype`` is ``lab_bytes``, kept (a palette is read many times a
    photo)."""
    lab = np.frombuffer(lab_bytes, dtype).reshape(shape)
    return frozenset(names[int(np.argmin(ciede2000(lab, hex_to_lab(h)[None, :])))]
                     for h in pip_hexes)


def _pip_samples(ctx: _Ctx, cells: list, origins: np.ndarray, pip_reads: dict, pols: list,
                 out: dict) -> tuple[list, list, list]:
    """The colour at the centres of the pips read in ``cells`` (readings ``out``; the median
    over 3x3 pixels at each pip of its best-fitting layout, then over the pips), Lab of the
    view as seen (no correction): ``([(index, cell)], [(3,) Lab], [(k, 3) Lab])`` for the
    cells with pips, the last each pip's colour (see :func:`_pip_patches`)."""
    todo, samples, each = [], [], []
    for i, cell in enumerate(cells):
        if not out[cell][0].get("pips"):
            continue
        pips = _pip_patches(ctx, origins, pip_reads[pols[i]], i)
        if pips is not None:
            todo.append((i, cell))
            samples.append(median_last(pips.T))
            each.append(pips)
    return todo, samples, each


def _pip_sample(ctx: _Ctx, origins: np.ndarray, reading, i: int) -> np.ndarray | None:
    """The colour (Lab ``(3,)`` of the view as seen) at the centres of the pips of cell ``i``'s
    best-fitting layout in ``reading`` (one polarity's :func:`vision.pips.read_pips`): the
    median over 3x3 pixels at each pip, then over the pips; None when no pip lies in view."""
    each = _pip_patches(ctx, origins, reading, i)
    return None if each is None else median_last(each.T)


def _pip_patches(ctx: _Ctx, origins: np.ndarray, reading, i: int) -> np.ndarray | None:
    """The colour (Lab of the view as seen) at the centre of each pip of cell ``i``'s
    best-fitting layout in ``reading`` (one polarity's :func:`vision.pips.read_pips`): the
    median over its 3x3 pixels, ``(k, 3)`` for the ``k`` pips in view; None when none is."""
    lab = ctx.lab
    h, w = lab.shape[:2]
    yx = pip_centres(reading, ctx.td.cw, i) + origins[i][None, :]
    if len(yx) and yx.min() >= 1 and yx[:, 0].max() <= h - 2 and yx[:, 1].max() <= w - 2:
        # (every pip's 3x3 pixels in view: gathered at once, the same medians as pip by pip,
        # a median being the middle values whatever the order)
        nine = lab[yx[:, :1] + _NINE_DY, yx[:, 1:] + _NINE_DX]  # (k, 9, 3)
        return median_last(nine.transpose(0, 2, 1))
    patches = [lab[max(0, y - 1):min(h, y + 2), max(0, x - 1):min(w, x + 2)].reshape(-1, 3)
               for y, x in yx]
    patches = [median_last(p.T) for p in patches if len(p)]  # (np.median's along axis 0)
    return np.array(patches) if patches else None


#: A pip read on a die face stands out from the face by at least this share of the contrast
#: of the pip that stands out most (CIELAB L*, in its polarity): a die's pips are all of its
#: one pip paint, and a small pip blurred into its face keeps about half of the gap (see
#: WASHED_FACE_L); a cloth's print that a die layout fits shows its ink in the pips that land
#: on a dot and its ground, not standing out, in the others (see :func:`_standing_out`).
STANDING_OUT = 0.5


def _standing_out(each: np.ndarray, face: np.ndarray, polarity: int) -> np.ndarray:
    """The colour (Lab ``(3,)`` as seen) of the pips of a die face that stand out from it
    (``face``, Lab ``(3,)``) in ``polarity`` (1: lighter, -1: darker) by :data:`STANDING_OUT`
    of the most any does, their median; ``each`` ``(k, 3)``: each pip's colour (see
    :func:`_pip_patches`). A die's pips all stand out alike, so it is their median over all of
    them; a layout fitted to a cloth's dots shows the dots' ink (an independent render, oct57
    octopus-normal-2518: pink dots on a navy cloth read as a black 3, its pips L* 24, 63 and
    19 on a ground of 18, the middle one pink, a* 49, their median a cell of black's)."""
    rise = polarity * (each[:, 0] - float(face[0]))
    if rise.max() <= 0.0:
        return median_last(each.T)  # (none stands out: as the median over all)
    return median_last(each[rise >= STANDING_OUT * rise.max()].T)


#: The offsets (rows, columns) of a pixel's 3x3 neighbourhood, for gathering pips' patches.
_NINE_DY, _NINE_DX = (a.ravel() for a in np.mgrid[-1:2, -1:2])


def _pip_paints(ctx: _Ctx, cells: list, origins: np.ndarray, pip_reads: dict, pols: list,
                faces: np.ndarray, gains: np.ndarray, out: dict) -> None:
    """Adds to each reading in ``out`` whose pips were read the evidence ``pips_of_pip_paint``:
    whether the colour at the centres of its best-fitting layout's pips (the median over 3x3
    pixels at each, then over the pips) is a pip paint's. A die's pips are white or black
    (Nestortiles): the colour, the light corrected by ``gains``, is named one of them by the
    palette, or (a small pip blurred into its face) it lies within :data:`PIP_OFF_MIX` (CIELAB
    a*b*) of a mix of its face's colour (``faces`` ``(N, 3)`` Lab) with a neutral one, of the
    face's hue at less chroma. A printed cloth's dots or flowers that a die layout fits are of
    any colour (green dots on white, pink flowers on cream). Where every tile lies pips up, the
    pips standing out must be of a pip paint too (:func:`_standing_out`): a layout fitted to a
    cloth's dots may land most of its pips on the ground, their median the ground's."""
    todo, samples, each = _pip_samples(ctx, cells, origins, pip_reads, pols, out)
    if not todo:
        return
    faces_of = np.array([faces[i] for i, _ in todo])
    of_paint = _of_pip_paint(ctx, np.array(samples), faces_of, gains)
    if ctx.die_faces:
        # (where every tile lies pips up, the pips standing out are of the pip paint too: see
        # _standing_out; where tiles may lie pips down, Textile, as before)
        standing = [_standing_out(e, faces[i], pols[i]) for (i, _), e in zip(todo, each)]
        standing_out = _of_pip_paint(ctx, np.array(standing), faces_of, gains)
        for (_, cell), median, most in zip(todo, of_paint, standing_out):
            if median and not most:
                ctx.ink_standing_out.add(cell)
            else:
                ctx.ink_standing_out.discard(cell)
        of_paint &= standing_out
    for (_, cell), sample, paint in zip(todo, samples, of_paint):
        out[cell][4]["pips_of_pip_paint"] = bool(paint)
        out[cell][4]["pip_lab"] = sample


def _of_pip_paint(ctx: _Ctx, samples: np.ndarray, faces: np.ndarray,
                  gains: np.ndarray) -> np.ndarray:
    """Whether each pip colour of ``samples`` (``(N, 3)`` Lab as seen) is a pip paint's on
    its face (``faces`` ``(N, 3)`` Lab): named one by the palette under ``gains``, or within
    :data:`PIP_OFF_MIX` (CIELAB a*b*) of a mix of the face's colour with a neutral one (a
    small pip blurred into its face). ``(N,)`` bool."""
    match, _ = _palette_fit(samples, ctx.palette, gains, explore=False,
                            shared_haze=_shared_haze(ctx.kit, ctx.profile))
    paints = _pip_paint_names(ctx.kit, ctx.palette)
    return np.array([ctx.palette.names[int(k)] in paints
                     or _off_segment(sample[1:], face[1:]) <= PIP_OFF_MIX
                     for sample, face, k in zip(samples, faces, match.index)], bool)


#: A die's pips lighter than their face by at least this (CIELAB L*) are white pips (on a
#: dark face: a black, red, green, blue, purple or brown tile's pips stand 40-70 above it).
WHITE_PIP_CONTRAST = 20.0
#: The lamp's white is taken from the white pips of at least this many tiles (their median:
#: a pip blurred into its face leans towards that face's hue; over several faces of different
#: hues the median keeps the lamp's).
WHITE_PIPS_MIN = 4


def _white_pip_paint(kit: Kit, palette: Palette) -> str | None:
    """The palette's name of the kit's white pip paint (the pip paint whose own tile bears dark
    pips: Nestortiles' white), or None when there is not exactly one."""
    white = [n for n in _pip_paint_names(kit, palette)
             if kit.pip_colours.get(n) is not None and hex_to_lab(kit.pip_colours[n])[0] < 50.0]
    return white[0] if len(white) == 1 else None


def _white_pips(ctx: _Ctx, origins: np.ndarray, pip_reads: dict
                ) -> tuple[np.ndarray, int] | None:
    """The layout's white pips: their median colour (Lab ``(3,)`` as seen) and the palette
    index of the white paint, or None where fewer than :data:`WHITE_PIPS_MIN` tiles show them.

    A die's light pips are the white paint under the same lamp as the faces around them: a
    reference the faces' own fit lacks (a fit over a few saturated faces may settle on a cast
    no white pip shows: a green cast under a warm lamp, its browns named red and its greens
    white). The pips of each tile that shows light pips clearly (:data:`WHITE_PIP_CONTRAST`
    above the face, dark ones under half that) are sampled (:func:`_pip_sample`); a pip
    clipped in two or three channels shows the lamp's brightness but not its colour and is
    left out (one clipped channel, a warm lamp's red, still bounds the others' ratio to it).
    Their median (a pip blurred into its face leans towards that face's hue; over several
    faces the median keeps the lamp's) is the lamp's white. ``origins``/``pip_reads``: the
    cells' view origins and :func:`vision.pips.read_pips` by polarity."""
    white = _white_pip_paint(ctx.kit, ctx.palette)
    light = pip_reads.get(1)
    if white is None or light is None:
        return None
    dark = pip_reads[-1]
    clear = np.flatnonzero((light.contrast >= WHITE_PIP_CONTRAST) & (light.count > 0)
                           & (dark.contrast < 0.5 * light.contrast))
    samples = [s for s in (_pip_sample(ctx, origins, light, int(i)) for i in clear) if s is not None]
    if len(samples) < WHITE_PIPS_MIN:
        return None
    samples = np.array(samples)
    lin = srgb_to_linear(lab_to_bgr(samples))
    samples = samples[(lin >= CLIPPED_LINEAR).sum(axis=1) <= 1]
    if len(samples) < WHITE_PIPS_MIN:
        return None
    return median_last(samples.T), ctx.palette.names.index(white)


#: The fitted light's white may lie this far (CIELAB a*b*) from the layout's white pips before
#: the pips' light is taken instead: a pip blurred into its face leans towards the face's hue
#: (the median over seven pips on warm faces of the independent renderer's final2 octopus-hard-
#: 055 lay 10 from a fit that named the faces right), while a fit gone wrong put white 25 from
#: every pip (a green cast under a warm lamp: indie octopus-normal-000).
WHITE_PIPS_CAST = 15.0


def _cast_off(palette: Palette, sample: tuple[np.ndarray, int], corr: np.ndarray) -> float:
    """How far (CIELAB a*b*) ``sample`` (Lab ``(3,)`` as seen, palette index) lies from its
    paint as the light ``corr`` predicts it."""
    c = as_correction(corr)
    seen = exposed_lab(palette_linear(palette)[sample[1]][None, :] * c[0], [1.0], c[1])[0, 0]
    return float(np.hypot(*(seen[1:] - np.asarray(sample[0], np.float64)[1:])))


#: Linear BGR's share of luminance (Rec. 709), for an exposure of a light's gains.
LUMINANCE_BGR = np.array([0.0722, 0.7152, 0.2126])


def _light_of(palette: Palette, sample: tuple[np.ndarray, int],
              gains: np.ndarray) -> np.ndarray | None:
    """The light (``(2, 3)`` forward correction, see :func:`vision.colour.classify_adaptive`)
    in the colour under which ``sample`` (Lab ``(3,)`` as seen, palette index) is its paint, at
    the exposure (luminance of the gains) and with the haze of ``gains``; None where the
    sample lies below that haze in a channel (it shows no colour of the lamp there). (The pips
    give the lamp's colour; their brightness is not the faces': a small pip blurred into a
    dark face reads darker than its paint.)"""
    c = as_correction(gains)
    seen = srgb_to_linear(lab_to_bgr(np.asarray(sample[0], np.float64)[None, :]))[0] - c[1]
    if np.any(seen <= 0):
        return None
    cast = seen / palette_linear(palette)[sample[1]]
    return np.vstack([cast * float(LUMINANCE_BGR @ c[0]) / float(LUMINANCE_BGR @ cast), c[1]])


def _under_white_pips(ctx: _Ctx, labs: np.ndarray, lamp: tuple[np.ndarray, int] | None, match,
                      corr: np.ndarray) -> tuple[Any, np.ndarray | None, np.ndarray]:
    """Faces ``labs`` ``(N, 3)`` (Lab; ``match`` under the light ``corr`` fitted over them)
    named again under the light the layout's white pips show (``lamp``, see
    :func:`_white_pips`; None: too few) where ``corr`` puts the white paint further from them
    than :data:`WHITE_PIPS_CAST`: the match, the distances ``(N, K)`` with that light
    discounted (:func:`_adapted_distances`) and the light; else ``match``, None and ``corr``
    as given (and where the pips lie below the light's haze, see :func:`_light_of`). Under a
    profile (``ctx.profile``): the match under the pips' light, None and that light, the faces
    named as recorded by the profile's measured colours.

    A fit over a few saturated faces can trade the lamp's cast for the paints' colours: under
    a 3000 K lamp, blue faces (their paint drifted towards violet) came out purple under a
    light with more blue than green, which no lamp has, and the pips' light named them purple
    too in the camera's terms (see :func:`_adapted_distances`; the independent renderer's
    final11 textile-hard-603)."""
    if lamp is None or _cast_off(ctx.palette, lamp, corr) <= WHITE_PIPS_CAST:
        return match, None, corr
    light = _light_of(ctx.palette, lamp, corr)
    if light is None:
        return match, None, corr
    # (iterations=0: the faces matched under the pips' light as given; refitted on them, the
    # light would drift back towards the cast the pips contradict)
    lit, _, _ = classify_adaptive(labs, ctx.palette, gains_bgr=light, iterations=0)
    if ctx.profile is not None:
        # (a profile's colours carry their measured spread in the camera's terms, ``palette.
        # cov`` blended in by vision.colour.palette_distance_of, which the distances with the
        # lamp discounted have no counterpart of: named under the pips' light as recorded)
        return lit, None, light
    dist = _adapted_distances(labs, ctx.palette, light)
    return match_from_distances(dist, lit.predicted), dist, light


def _adapted_distances(labs: np.ndarray, palette: Palette, light: np.ndarray) -> np.ndarray:
    """Distances ``(N, K)`` (CIEDE2000) of colours ``labs`` ``(N, 3)`` (Lab as recorded) to the
    palette's colours with the light ``light`` (``(2, 3)`` forward correction, see
    :func:`vision.colour.classify_adaptive`) discounted: each colour's linear BGR less the
    light's haze, over its gain (von Kries), against the palette in its own terms. A channel
    the camera clipped (:data:`vision.glare.CLIPPED_LINEAR`) tells only that the paint was at
    least that bright: against a colour brighter in it, it is taken at that colour's level.

    CIEDE2000 is a measure for colours seen in the light the palette was given in. In the
    camera's terms under a strong cast it weighs the channels by the lamp: a 3000 K lamp
    darkens a blue paint's strong channel to a third, so its lifted red counts for most of
    its hue (a blue drifted towards violet, #5C62BB, 8.4 from the kit's blue and 12.7 from its
    purple in daylight, lies 13.8 from blue and 11.6 from purple as all three are recorded
    under that lamp; with the lamp discounted, 8.5 and 12.5)."""
    c = as_correction(light)
    seen = np.asarray(srgb_to_linear(lab_to_bgr(np.asarray(labs, np.float64).reshape(-1, 3))),
                      np.float64)  # (N, 3)
    own = np.maximum(seen - c[1], 0.0) / np.maximum(c[0], 1e-6)  # (N, 3)
    pal = palette_linear(palette)  # (K, 3)
    clipped = (seen >= CLIPPED_LINEAR)[:, None, :]  # (N, 1, 3)
    own = np.where(clipped, np.maximum(own[:, None, :], pal[None]), own[:, None, :])  # (N, K, 3)
    lab = bgr_to_lab(linear_to_srgb(np.clip(own, 0.0, 1.0).reshape(-1, 3)).astype(np.float32))
    lab = lab.reshape(own.shape).astype(np.float64)
    return ciede2000(lab, np.asarray(palette.lab, np.float64)[None])


def _white_by_pips(kit: Kit, palette: Palette, attrs: dict, pip_lab: dict) -> None:
    """A white tile's face is the lamp's white as it falls on the layout, and so are the white
    pips of the dark tiles around it: where the light fitted over the faces misjudges the
    white (a fit pulled by the saturated paints: a white face named yellow, pink or orange),
    the face of a tile with dark pips is a white tile as near as it lies to the median colour
    of the layout's white pips. ``attrs``: the layout's readings ``{cell: (attrs, conf,
    doubts, distance, evidence)}``; ``pip_lab``: ``{cell: (pips' Lab, face's Lab, ...)}`` of
    the cells whose pips were read (see :func:`_pip_paints`). Lowers the evidence
    ``colour_distance`` of white to that distance (the set's assignment,
    :func:`vision.decode._assign_unique`, weighs it); the readings' names are left as they
    are."""
    white = _white_pip_paint(kit, palette)
    if white is None:
        return
    seen = [(c, np.asarray(pip_lab[c][0], np.float64), np.asarray(pip_lab[c][1], np.float64))
            for c in attrs if c in pip_lab]
    light = [pip for _, pip, face in seen if pip[0] >= face[0] + WHITE_PIP_CONTRAST]
    if len(light) < WHITE_PIPS_MIN:
        return
    lamp = median_last(np.array(light).T)  # (3,)
    dark = [(c, face) for c, _, face in seen
            if attrs[c][4].get("pip_contrast", {}).get(-1, 0.0) >= PIP_MIN_CONTRAST
            and white in attrs[c][4].get("colour_distance", {})]
    if not dark:
        return
    d = ciede2000(np.array([face for _, face in dark]), lamp[None, :])  # (M,)
    for (c, _), di in zip(dark, d):
        dist = attrs[c][4]["colour_distance"]
        if float(di) < dist[white]:
            logger.debug("cell %s: %.1f from the white pips (white %.1f)", c, di, dist[white])
            dist[white] = round(float(di), 2)


def _off_segment(p: np.ndarray, q: np.ndarray) -> float:
    """The distance of the point ``p`` (2,) from the segment from the origin to ``q`` (2,)."""
    qq = float(q @ q)
    t = 0.0 if qq < 1e-9 else float(np.clip((p @ q) / qq, 0.0, 1.0))
    return float(np.linalg.norm(p - t * q))


def _masked_median(x: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """Per row, the median of ``x`` ``(N, k, D)`` over the samples where ``keep`` ``(N, k)``; rows
    with nothing kept use all their samples. Returns ``(N, D)``."""
    keep = keep.copy()
    keep[keep.sum(1) == 0] = True
    cnt = keep.sum(1)
    xs = np.where(keep[..., None], x, np.inf)
    xs = np.sort(xs, axis=1)
    rows = np.arange(len(x))
    lo, hi = (cnt - 1) // 2, cnt // 2
    return 0.5 * (xs[rows, lo] + xs[rows, hi])


#: The share of a cell's view's width left out on every side of the face's core, where a solid
#: tile's face colour is read (:func:`_face_colours`; beyond it lie the tile's rim, its side
#: wall, the gap and, the cell a little off its tile, a neighbour's edge), and the band on the
#: cell's near side where its side wall is sought (:func:`_side_wall_hue`; there the replay of
#: SIDE_WALL_NEAR_PX's comment renames the same faces at 0.10-0.22). For the face colour it
#: dates from the reader's first version (afb71de), no measurement recorded: a 48 px cell's
#: 7 px rim, a tile's bevel and gap and a cell's usual offset from its tile.
FACE_CORE_MARGIN = 0.14


def _face_colours(cells_lab: np.ndarray) -> np.ndarray:
    """The face colour of solid tiles: ``(N, h, w, 3)`` Lab cells -> ``(N, 3)`` Lab.

    Pips, shadows and a neighbour's edge (a cell a little off its tile) are minorities: the face
    is the dominant cluster of the pixels that are not blown out. Glare (light reflected off the
    face) adds the light's colour, making pixels brighter and less saturated; where it blows out
    a good part of a coloured face the dominant cluster is the glare, and the face is taken
    from the pixels that keep most of the face's chroma instead. Computed on 2x2 blocks (the colour needs no finer detail).
    """
    N, h, w, _ = cells_lab.shape
    m = int(round(FACE_CORE_MARGIN * w))
    core = cells_lab[:, m:h - m, m:w - m]
    hh, ww = (core.shape[1] // 2) * 2, (core.shape[2] // 2) * 2
    core = _half_grid(core[:, :hh, :ww])
    x = core.reshape(N, -1, 3).astype(np.float64)
    L = x[..., 0]
    C = np.hypot(x[..., 1], x[..., 2])
    c90 = percentile_last(C, 90)
    blown = (L > 97.0) & (C < 6.0)
    mostly_blown = blown.mean(1) > 0.6
    keep_grey = ~blown | mostly_blown[:, None]
    med = _masked_median(x, keep_grey)
    d = norm3(x - med[:, None, :])
    cut = np.maximum(_row_quantile(d, keep_grey, 0.6), 4.0)
    grey_keep = keep_grey & (d <= cut[:, None])
    colour_keep = (C >= 0.6 * c90[:, None]) & ~blown
    # a coloured face: its most saturated pixels are not the brightest (those would be light
    # pips tinted by a warm light on a grey face)
    L_all = median_last(L)
    L_col = _masked_median(L[..., None], colour_keep)[:, 0]
    # and glare shows: blown-out pixels (a white face's intrusions from a neighbour tile, when
    # the cell sits a little off its tile, are a coloured minority too, without glare)
    chromatic = (c90 >= 15.0) & (L_col <= L_all + 5.0) & (blown.mean(1) >= 0.15)
    keep = np.where(chromatic[:, None], colour_keep, grey_keep)
    return _masked_median(x, keep)


def _row_quantile(v: np.ndarray, keep: np.ndarray, q: float) -> np.ndarray:
    """Per row, the ``q`` quantile (nearest rank) of ``v`` ``(N, k)`` over ``keep``."""
    keep = keep.copy()
    keep[keep.sum(1) == 0] = True
    cnt = keep.sum(1)
    vs = np.sort(np.where(keep, v, np.inf), axis=1)
    idx = np.clip(np.round(q * (cnt - 1)).astype(int), 0, v.shape[1] - 1)
    return vs[np.arange(len(v)), idx]


def _face_lab(cell_lab: np.ndarray, td: TopDown | None = None) -> np.ndarray:
    """The face colour (Lab ``(3,)``) of one solid tile ``(h, w, 3)`` Lab; see
    :func:`_face_colours`. (Also used by ``calibration.measure``.)"""
    return _face_colours(np.asarray(cell_lab)[None])[0]


# ----------------------------------------------------------------------------- symbol cards

def _read_symbol(ctx: _Ctx, cells, regions, gains) -> dict:
    out = {}
    if not cells:
        return out
    symbols = ctx.symbols if ctx.symbols is not None else _card_symbols(ctx, cells, regions)
    labs = np.array([symbols[c][0] for c in cells])
    # (the cards in a hot spot left out of the light, unless all are: see _in_glare; those
    # whose art showed at once too, not only those looked at again, ctx.hot_art, each of which
    # is in glare by its art as kept in the symbols)
    lit_by: list[float] = [float(not _in_glare(ctx, c, symbols[c][1])) for c in cells]
    light_w = lit_by if any(lit_by) else None
    if ctx.profile is None:
        # (the cards' colour clusters paired one to one with the kit's paints under one light
        # are a start too, see vision.paint_light: a light settled on naming red cards orange
        # and orange ones yellow under a warm lamp keeps so, the refit on that naming no pull
        # back; sought only where the light names two clusters one paint, as there; a
        # profile's paints were learnt under the player's lamp: not measured there)
        match, light = fit_with_paint_light(labs, ctx.palette, gains, explore=False,
                                            weights=light_w, merged_only=True)
    else:
        match, _, light = classify_adaptive(labs, ctx.palette, gains_bgr=gains, explore=False,
                                            weights=light_w)
    if ctx.profile is None and _is_a_lamp(gains):
        # (a light no lamp is, fitted on cards washed out by a glare from the layout's, a lamp's:
        # see _lamp_light)
        lamp = _lamp_light(light)
        if not np.array_equal(lamp, light):
            logger.debug("cards' light %s made a lamp's: %s", np.round(light[0], 3),
                         np.round(lamp[0], 3))
            light = lamp
            match, _, _ = classify_adaptive(labs, ctx.palette, gains_bgr=light, iterations=0)
    if ctx.profile is None and _beyond_the_set(ctx.kit, ctx.palette, match.index):
        # (no light that names more cards of a paint than the set holds is the photo's: the
        # cards washed out by a veil of glare, see _veiled_light; a profile's paints were
        # recorded under the player's lamp, where a veil would be in that lamp's colour, see
        # _shared_haze: not measured, left out)
        match, light = _veiled_light(labs, ctx.palette, match, light, light_w)
    if ctx.profile is None and regions is not None:
        # (the light the cards' art shows, each art tinted by its card, where it names the cards
        # otherwise and fits the faces and the art better, see _art_lit; a profile's art was
        # learnt in its own colour, not measured there)
        arts = [_card_art(regions[c], symbols[c][1]) for c in cells]
        match, light = _art_lit(ctx.palette, labs, arts, match, light, np.array(lit_by),
                                _symbol_linear(ctx.kit))
    lit = palette_distance(labs, ctx.palette, match.predicted)
    paints = ctx.palette.lab if match.predicted is None else match.predicted
    # (a card under the lamp's reflection: its paint plus a sheen of the light, see SHEEN)
    dist = np.minimum(lit, _sheen_distance(labs, ctx.palette, light, ctx.profile))
    if ctx.profile is None:
        # (... or, a card far from every paint so and lighter than the nearest, a hot spot's
        # veil as the camera recorded it, after its tone curve, see _toned_sheen_distance and
        # TONED_RELOOK; a profile's paints were learnt under the player's lamp: not measured
        # there. Written into dist, so a card the veil fits better than its paint as lit by more
        # than WASHED_BY_SHEEN is washed too, see _washed_by_sheen, and its hue group shares its
        # paint free, see vision.hue_groups._sharing_a_washed_group: measured so, as it is)
        far = _washed_past_the_sheen(labs, dist, paints)
        if far.any():
            dist[far] = np.minimum(dist[far],
                                   _toned_sheen_distance(labs[far], ctx.palette, light))
    # cards of one paint share a hue: the groups of hue are named together, each card as sure
    # as the better of its paints as lit and with a sheen make it (a card in the lamp's
    # reflection lies far from every paint as lit, where its paint with a sheen fits it)
    # (and cards of one hue that each fit a different paint closely are two paints; as are
    # cards of one hue whose channels' proportions fall in two sets, which a lamp keeps, named
    # in that order; and cards of one hue, or of one of those two sets, in two tight sets of
    # tone far apart, mixed over the layout: red and orange under a lamp that brings their
    # hues together, see split_by_tone; cards it moves out of one of split_by_ratios' sets
    # are named by their distances, not in the channels' order, see _named_by_ratios)
    hue = _paints_apart(hue_groups(labs), lit, CARD_PAINTS_APART, labs)
    hue, ratio_splits = split_by_ratios(hue, labs)
    hue = split_by_tone(hue, labs, np.array(cells, np.float64))
    # (and cards of one hue group in two sets of hue angle with a gap between, nearest two
    # paints in that hue order: red and orange chained into one group, see split_by_hue_gap;
    # without a profile only: a profile's groups are regrouped by each card's nearest paint
    # below, and the split's guard, _sibling_paints, acts without a profile alone)
    hue_splits: list = []
    if ctx.profile is None:
        hue, hue_splits = split_by_hue_gap(hue, labs, dist, paints)
    unsheened = None
    if ctx.profile is not None:
        # (a profile's paints are learnt under the player's lamp, where two may lie closer in
        # hue than the groups resolve: each card keeps its nearest of them at its light level)
        # (by the proportions of the channels the camera measured, which the light level keeps)
        shaded = shaded_distances(labs, paints)
        own = nearest_by_ratios(labs, shaded, paints, ctx.palette.lab, ctx.palette.clipped)
        hue = split_hue_alike(hue, shaded, paints, own)
        unsheened = _plainly_one_paint(own, lit, shaded)
    # (in hue order: a card group named apart lies towards the paint it is given, see
    # vision.hue_groups._against_hue_order; two groups in one name beside a paint no group is
    # named are two paints when it fits one of them as it fits a card it sees few of, see
    # HELD_CARD_FIT and vision.hue_groups._named_by_a_spare_paint; a paint given to a group the
    # hue order takes back goes to the groups on its side in hue within that fit, see
    # vision.hue_groups._spare_paint_in_hue_order)
    # (a group of cards the lamp's sheen washes, see WASHED_BY_SHEEN, shares its paint with
    # the paint's plain cards freely: see vision.hue_groups._sharing_a_washed_group)
    washed = _washed_by_sheen(lit, dist)
    named, cconfs = _named_by_hue(labs, dist, match, share_cost=CARD_SHARE_COST, hue=hue,
                                  paints=paints, spare_fit=HELD_CARD_FIT, washed=washed)
    cconfs = np.maximum(cconfs, _named_by_hue(labs, dist, match_from_distances(dist),
                                           share_cost=CARD_SHARE_COST, hue=hue,
                                           paints=paints, spare_fit=HELD_CARD_FIT,
                                           washed=washed)[1])
    cconfs = np.maximum(cconfs, _apart_conf(hue, dist, named, CARD_SHARE_COST, labs))
    named = _named_by_ratios(named, hue, dist, paints, ratio_splits)
    if unsheened is not None:
        named = _not_sheened(named, unsheened, hue)
    if ctx.profile is None:
        # (a pale card named against the photo's own cards of each paint, see
        # _named_by_own_cards; a profile's paints were learnt under the player's lamp already)
        # (with each card's least washed part, where its pixels are given: a caller with the
        # cards' symbols read already, ctx.symbols, may give none)
        deep = None
        if regions is not None:
            stack = np.stack([regions[c] for c in cells])
            blown = (np.stack([ctx.blown_px[c] for c in cells]) if ctx.blown_px is not None
                     else None)
            deep = _least_washed(stack, blown)
        # (a card of one of split_by_hue_gap's sets is not renamed to the other set's paint:
        # see _sibling_paints)
        named, cconfs = _named_by_own_cards(labs, named, cconfs, np.array(lit_by, bool), deep,
                                            not_to=_sibling_paints(named, hue, hue_splits))
    templates = _profile_templates(ctx.profile)
    for i, cell in enumerate(cells):
        name = ctx.palette.names[named[i]]
        cconf = float(cconfs[i])
        sym, sconf, why = _classify_symbol_mask(symbols[cell][1], ctx.kit, templates)
        attrs = {"colour": name if cconf >= CONFIDENCE_THRESHOLD else None,
                 "symbol": sym if sconf >= CONFIDENCE_THRESHOLD else None}
        doubts = []
        if cconf < CONFIDENCE_THRESHOLD:
            doubts.append(("colour", f"colour unclear (nearest {name}, dE {match.distance[i]:.1f})"))
        if sconf < CONFIDENCE_THRESHOLD:
            doubts.append(("symbol", why))
        evidence = {"colour_distance": _distances(ctx.palette, dist[i])}
        out[cell] = (attrs, {"colour": cconf, "symbol": sconf}, doubts, float(match.distance[i]), evidence)
    return out


def _card_art(cell_lab: np.ndarray, mask: np.ndarray) -> np.ndarray | None:
    """The art's colour (Lab ``(3,)``) of a card cell ``(h, w, 3)`` Lab whose symbol mask (of
    the cell's middle, see :func:`_symbol_mask`) is ``mask``; None without art (see
    :func:`vision.art_light.art_colour`)."""
    h, w = cell_lab.shape[:2]
    core = cell_lab[int(0.12 * h):h - int(0.12 * h), int(0.12 * w):w - int(0.12 * w)]
    return art_colour(core, mask)


def _nearest_with_sheen(labs: np.ndarray, palette: Palette, light: np.ndarray) -> ColourMatch:
    """Each card colour ``labs`` ``(N, 3)`` named its nearest paint under ``light`` ``(2, 3)``, as
    lit or with a sheen of the light (see :func:`_sheen_distance`)."""
    lit, _, _ = classify_adaptive(labs, palette, gains_bgr=light, iterations=0)
    dist = np.minimum(palette_distance(labs, palette, lit.predicted),
                      _sheen_distance(labs, palette, light))
    return match_from_distances(dist, lit.predicted)


def _symbol_linear(kit: Kit) -> np.ndarray:
    """The kit's art colour (``symbol_colour``) as linear BGR ``(3,)``; white when it names
    none."""
    if not kit.symbol_colour:
        return WHITE
    return lab_to_linear(hex_to_lab(kit.symbol_colour)[None])[0]


def _art_lit(palette: Palette, labs: np.ndarray, arts: list[np.ndarray | None], match: ColourMatch,
             light: np.ndarray, lit_by: np.ndarray, symbol_lin: np.ndarray = WHITE
             ) -> tuple[ColourMatch, np.ndarray]:
    """The match and light ``(2, 3)`` of the cards' faces ``labs`` ``(N, 3)``: as given
    (``match``, ``light``), or under the light the cards' art shows (``arts``: each card's art
    colour, Lab ``(3,)`` or None, see :mod:`vision.art_light`) when that light names the cards
    otherwise (each its nearest paint, with a sheen: :func:`_nearest_with_sheen`) and fits them
    better: the cost of the faces' naming (:func:`vision.paint_light.match_cost`) plus the mean
    distance of the arts from those their cards' paints show under the light
    (:func:`vision.art_light.art_residuals`) is the lower, or higher by less than
    :data:`ART_LIGHT_TIE` (a near tie: the faces leave the light open, the art tells it).
    ``lit_by`` ``(N,)``: 1 where a card
    may tell the light (out of a lamp's hot spot); ``symbol_lin`` ``(3,)`` the art's colour as
    printed (linear BGR, the kit's, see :func:`_symbol_linear`).

    (Taken wherever it fits better, naming alike or not, it read final20 normal-2103 better,
    7 -> 5, but changed which lattice won on final17 hard-1762, 0 -> 19 wrong cells: its cards
    named alike under either light, a lattice through part of them then scored best. A light
    that names the cards alike is left as fitted.)

    The art's colour is fitted with the cards named as under the given light, the cards named
    again under the art's light, and so on while the naming changes (at most
    :data:`ART_NAMING_ROUNDS`)."""
    has = np.array([a is not None for a in arts])
    if not has.any():
        return match, light
    art_lab = np.array([a if a is not None else f for a, f in zip(arts, labs)], np.float64)
    face_lin, art_lin = lab_to_linear(labs), lab_to_linear(art_lab)
    lit_w = np.asarray(lit_by, np.float64) if np.any(lit_by) else np.ones(len(labs))
    pal_lin = palette_linear(palette)
    before = _nearest_with_sheen(labs, palette, light)
    index = before.index
    for _ in range(ART_NAMING_ROUNDS):  # (at least one round: alt and after are set)
        colour, told = art_white(face_lin, art_lin, pal_lin[index], lit_w * has, symbol_lin)
        if told < MIN_ART_CARDS:
            return match, light
        alt = light_of_faces(face_lin, pal_lin[index], lit_w, colour)
        after = _nearest_with_sheen(labs, palette, alt)
        if np.array_equal(after.index, index):
            break
        index = after.index
    if np.array_equal(after.index, before.index):
        return match, light
    seen = has & (lit_w > 0) & (art_lin < UNCLIPPED_BELOW).all(axis=1)
    if not seen.any():
        return match, light
    score_before = match_cost(before) + float(
        art_residuals(light, art_lab[seen], pal_lin[before.index[seen]], symbol_lin).mean())
    score_after = match_cost(after) + float(
        art_residuals(alt, art_lab[seen], pal_lin[after.index[seen]], symbol_lin).mean())
    logger.debug("cards' art light %s (gains %s): faces and art %.2f vs %.2f as fitted; %d cards "
                 "named otherwise", np.round(alt[0] / alt[0].max(), 3), np.round(alt[0], 3),
                 score_after, score_before, int((after.index != before.index).sum()))
    if score_after >= score_before + ART_LIGHT_TIE:
        return match, light
    new, _, _ = classify_adaptive(labs, palette, gains_bgr=alt, iterations=0)
    return new, alt


#: A card is washed by the lamp's sheen when its nearest paint with a sheen (see
#: :func:`_sheen_distance`) lies nearer it than that paint as lit by more than this (CIEDE2000):
#: its hue group's sharing of a paint is then not charged (see
#: :func:`vision.hue_groups._sharing_a_washed_group`), so the sheen must explain the card
#: better than that charge, :data:`CARD_SHARE_COST`, would. (The independent renderer's final20
#: normal-2103: three reds in the hot spot 12-16 nearer red with a sheen, the two plain reds
#: and the orange card 0-2. The only photo it was set on: on the 236 Tapestry development
#: photos of the thirty-fifth session the renaming fires on no other.) Set for the linear sheen;
#: since the thirty-ninth session the nearer paint may also be through the veil added after
#: the tone curve (:func:`_toned_sheen_distance`, written into the same distances in
#: :func:`_read_symbol`), so a card that veil fits better by more than this is washed too and
#: its group shares its paint free: the toned look was measured (85 -> 70 wrong cells on the
#: 388 Tapestry development photos) with this in.
WASHED_BY_SHEEN = CARD_SHARE_COST


def _washed_by_sheen(lit: np.ndarray, dist: np.ndarray) -> np.ndarray:
    """Which cards ``(N,)`` bool a sheen washes (see :data:`WASHED_BY_SHEEN`): ``lit``
    ``(N, K)`` their distances to the paints as lit, ``dist`` ``(N, K)`` the lesser of those and
    of the paints with a sheen."""
    nearest = np.argmin(dist, axis=1)
    rows = np.arange(len(dist))
    return (lit[rows, nearest] - dist[rows, nearest]) > WASHED_BY_SHEEN


def _beyond_the_set(kit: Kit, palette: Palette, index: np.ndarray) -> bool:
    """Whether naming the tiles ``index`` ``(N,)`` (into ``palette``, whose names are the kit's
    colours) names more tiles of a colour than the set holds of it (KITS.md: Tapestry's 72
    cards are 12 of each colour). False for a kit whose tiles have no colours."""
    seen = np.bincount(np.asarray(index, int), minlength=len(palette.names))
    return kit.beyond_copies(dict(zip(palette.names, seen.tolist()))) > 0


def _veiled_light(labs: np.ndarray, palette: Palette, match: ColourMatch, light: np.ndarray,
                  weights: list[float] | None) -> tuple[ColourMatch, np.ndarray]:
    """The match and light ``(2, 3)`` of the cards' colours ``labs`` ``(N, 3)``: the given
    ``match`` and ``light``, or the light of the cards' colour clusters paired with the paints
    under a veil (:func:`vision.paint_light.paint_light` with ``veil``, refitted with one haze,
    ``weights`` ``(N,)`` as the cards may tell of the light, None: all alike) when it fits the cards better
    (:func:`vision.paint_light.match_cost`).

    A glare over the layout washes every card towards white, most channels clipped: the light
    refitted from the cards' nearest paints, an offset per channel held to a third of the
    light, settles on a cast that names most cards one or two paints (the independent
    renderer's tap17 hard-1243: 19 of 31 cards green at a cost of 32, where the cards' own
    clusters under a veil fit at 3.3-5.4 on the photo's five lattices, blue and purple cards
    named so)."""
    start = paint_light(labs, palette, veil=True)
    if start is None:
        return match, light
    other, _, other_light = classify_adaptive(labs, palette, gains_bgr=start, explore=False,
                                              weights=weights, shared_haze=True)
    before, after = match_cost(match), match_cost(other)
    logger.debug("cards named beyond the set's copies: cost %.2f, under a veil %.2f", before,
                 after)
    return (other, other_light) if after < before else (match, light)


#: The cards' naming under the light their art shows is refitted at most this many times (see
#: :func:`_art_lit`; a bound on the loop, not tuned: each round costs a few milliseconds).
ART_NAMING_ROUNDS = 4
#: The light the cards' art shows is taken unless it fits the faces and the art worse than the
#: light fitted on the faces by this or more (see :func:`_art_lit`). A light's score, CIEDE2000,
#: is :func:`vision.paint_light.match_cost` of the cards named under it, each its nearest paint
#: as lit or with a sheen (:func:`_nearest_with_sheen`): the median of the faces' distances
#: plus half their mean (each capped at 30 in the mean); plus the mean distance of the arts
#: seen (out of the hot spot, unclipped) from the art their cards' paints show under that light
#: (:func:`vision.art_light.art_residuals`). The art tells the lamp's colour where the faces
#: leave it open, and a near tie of the two scores is the faces leaving it open.
#: (The independent renderer's development photos where the two nearly tie and the fitted
#: light was kept, each naming fewer cards right than the art's: tap41-old hard-2166 by 0.19,
#: three orange cards named red; final27 hard-4207 by 0.37; final22 hard-2809 by 0.04;
#: final26 normal-4010 by 1.02-1.28, where the art's light names its 35 cards right, the fitted
#: light 34; the nearest such where the fitted light named more right, final16 normal-1605, by
#: 2.11. The window that parts all five is 1.28-2.11; the value is set in the one that parts
#: the three clear ties from 1605, 0.37-2.11, at 1.0, a round value, not fitted: below 4010's
#: gaps, so 4010 keeps the fitted light and its one card named wrong. 4010 is left out because
#: taking it would put the value within 0.83 of 1605's 2.11, where the fitted light is right, on
#: one card's evidence.)
ART_LIGHT_TIE = 1.0


#: The cards that show a paint on the photo (:func:`_own_paints`) are those named it at least
#: this sure (well above :data:`CONFIDENCE_THRESHOLD`: the joint naming's own clear cases), out
#: of the lamp's hot spot: their colour is the paint under the photo's light, whatever the light
#: fitted over all the cards predicts for it (on the independent renderer's normal 1310, an
#: over-exposed 5100 K photo, orange as lit was predicted at L 79, a* 27, b* 23 where the
#: photo's orange card is at L 80, a* 19, b* 34).
OWN_PAINT_CONF = 0.8
#: The sheens tried on a card against those cards (linear units, 0.05 apart: up to a lamp's
#: reflection that lifts a card to the clip, as SHEEN's own steps allow; 1310 needs 0.2-0.4).
OWN_SHEEN = tuple(np.linspace(0.0, 1.0, 21))
#: What a sheen costs per unit (CIEDE2000): a quarter of :data:`SHEEN_COST`, the reference
#: being the photo's own card, not a prediction (1310's orange cards in the reflection need
#: 0.2-0.4 of a sheen).
OWN_SHEEN_COST = SHEEN_COST / 4
#: A card fits another paint's cards with a sheen better than its named paint's by more than
#: this (CIEDE2000; half :data:`CARD_SHARE_COST`, what naming two hue groups alike costs a card)
#: to be renamed (1310: an orange card named yellow 5.1 from the orange card with a sheen, 13.4
#: from the yellow one; a yellow card in the reflection 2.5 from the yellow card, 5.7 from the
#: orange).
OWN_MARGIN = CARD_SHARE_COST / 2
#: The shading a card in the reflection is allowed against the photo's own card of a paint
#: (:func:`_own_sheen`), fitted on its unclipped channels: a sector's in a hot spot
#: (:data:`vision.glare.SECTOR_SHADE_RANGE`), for the same cause. The lamp's reflection clips
#: a warm paint's red, and a phone's processing (its colour matrix and saturation, after the
#: sensor clipped) spreads the channels left further apart than a sheen added to the card as
#: recorded out of the reflection would (the independent renderer's normal 1041: an orange
#: card in the reflection, linear RGB 0.99, 0.60, 0.30, is the photo's orange card 0.91, 0.14,
#: 0.04 three times as bright plus 0.19 of sheen, its red clipped; the yellow card under any
#: sheen keeps its red below the clip. With no shading it was 15.1 from the orange card, 7.6
#: from the yellow one, and read yellow).
OWN_SHADE = SECTOR_SHADE_RANGE
#: A card is renamed by the photo's own cards shaded (:data:`OWN_SHADE`) only when it fits the
#: other paint's card so within this (CIEDE2000; :data:`GROW_FIT`, a card as near its paint as
#: the cards grown into a layout are, half :data:`HELD_CARD_FIT`): the shading is one free
#: parameter more, which brings a card between two paints (70:30 orange and yellow, 8.9 from
#: the orange card shaded) near one of them; 1041's orange card fits the orange card at 1.8,
#: normal 1310's two at 1.5 and 1.9.
OWN_SHADED_FIT = GROW_FIT


def _own_paints(labs: np.ndarray, named: np.ndarray, conf: np.ndarray,
                lit: np.ndarray) -> dict[int, int]:
    """``{palette index: card index}``: the card that shows each paint as the photo's own
    cards do, the most chromatic of the cards named it surely (:data:`OWN_PAINT_CONF`) out of
    the hot spot (a sheen only pales a card); ``labs`` ``(N, 3)``, ``named`` ``(N,)``,
    ``conf`` ``(N,)``, ``lit`` ``(N,)`` bool (out of the hot spot)."""
    ok = (conf >= OWN_PAINT_CONF) & lit
    chroma = np.hypot(labs[:, 1], labs[:, 2])
    out = {}
    for k in np.unique(named[ok]):
        members = np.flatnonzero(ok & (named == k))
        out[int(k)] = int(members[np.argmax(chroma[members])])
    return out


def _paler(lab: np.ndarray, paint: np.ndarray) -> bool:
    """Whether Lab ``lab`` ``(3,)`` is lighter and less chromatic than Lab ``paint`` ``(3,)``:
    a card that a sheen of the light may have lifted off that paint's look (a sheen only adds
    light; a card in shade, darker, may fit a darker paint's cards better than its own)."""
    return bool(lab[0] > paint[0] and np.hypot(lab[1], lab[2]) < np.hypot(paint[1], paint[2]))


#: The share of a card's face (the ring around its art, :func:`_card_ring`) darkest in L* taken
#: as its least washed part (:func:`_least_washed`): a lamp's reflection falls off across a
#: card, and the part of the face it lifts least shows the paint plainest (the independent
#: renderer's hard 802: an orange card in the reflection, L 87 a* 6 b* 35 over its face, is
#: L 82 a* 15 b* 38 in its darkest tenth).
LEAST_WASHED_SHARE = 0.1


def _least_washed(cells: np.ndarray, blown: np.ndarray | None) -> np.ndarray:
    """Per card, the median Lab ``(N, 3)`` of its face's darkest pixels (the
    :data:`LEAST_WASHED_SHARE` of the ring around its art lowest in L*, blown-out pixels left
    out unless the ring has nothing else); ``cells`` ``(N, h, w, 3)`` Lab, ``blown``
    ``(N, h, w)`` bool or ``None``. (Its ring and blown pixels as :func:`_region_stats`'.)"""
    ring = _card_ring(cells.shape[1], cells.shape[2])
    x = masked_pixels(cells, ring).astype(np.float64)  # (N, k, 3)
    if x.shape[1] == 0:
        return np.full((len(cells), 3), 50.0)  # (no ring to see: as _region_stats)
    keep = np.ones(x.shape[:2], bool) if blown is None else ~masked_pixels(blown, ring)
    keep[keep.sum(1) == 0] = True
    cut = _row_quantile(x[..., 0], keep, LEAST_WASHED_SHARE)
    return _masked_median(x, keep & (x[..., 0] <= cut[:, None]))


#: (The darkening a shadow across a card may bring, :data:`vision.hue_groups.SHADOW_RANGE`: a
#: factor on every linear channel alike, from a quarter of the light to none. A card that is
#: its named paint's own card so darkened, :func:`_in_shadow`, shows no sheen to explain.)


def _in_shadow(labs: np.ndarray, refs: Palette, mine: np.ndarray) -> np.ndarray:
    """Which cards ``labs`` ``(N, 3)`` are the photo's own card of their named paint (``refs``'s
    colour ``mine`` ``(N,)``, -1 for none) darkened by a shadow (:data:`vision.hue_groups.SHADOW_RANGE`, no
    sheen) within :data:`OWN_SHADED_FIT`: ``(N,)`` bool. A shadow darkens a card and pales it
    towards a darker paint's look (tap37 hard-2168: four orange cards in an occluder's
    shadow, 9-11 from the red card with a sheen and 13-17 from the orange one, are the orange
    card darkened within 0.2-3.7, and went red; a washed card renamed rightly, tap18
    normal-1310's, lies 11-14 from its named paint's card so darkened)."""
    d = shadow_distances(labs, refs)  # (N, K)
    rows = np.arange(len(labs))
    return (mine >= 0) & (d[rows, np.maximum(mine, 0)] <= OWN_SHADED_FIT)


def _sibling_paints(named: np.ndarray, hue: np.ndarray, splits: list[tuple[int, int]]
                    ) -> np.ndarray:
    """Per card ``(N,)``, the paint named on most cards of the other set of its hue group's split
    by hue (:func:`vision.hue_groups.split_by_hue_gap`; ``splits`` pairs of labels of ``hue``
    ``(N,)``) where the two sets are named apart (``named`` ``(N,)``), else -1: the split found
    the two sets two paints by their hues, so a card's look beside the photo's own cards
    (:func:`_named_by_own_cards`) does not hand it to the other set's paint (the independent
    renderer's tap41-old hard-1232 under a warm lamp: two pale red cards, split by hue from the
    orange ones, 3.6-4.7 from the orange cards and 8.5-9.6 from the darker red one by that
    look, at hue 34-37 degrees like the red card's 35, the orange cards 40-41)."""
    out = np.full(len(named), -1, int)
    for lo, hi in splits:
        a, b = np.flatnonzero(hue == lo), np.flatnonzero(hue == hi)
        if not len(a) or not len(b):
            continue
        pa, pb = (int(np.bincount(named[m]).argmax()) for m in (a, b))
        if pa != pb:
            out[a], out[b] = pb, pa
    return out


def _named_by_own_cards(labs: np.ndarray, named: np.ndarray, conf: np.ndarray,
                        lit: np.ndarray, deep: np.ndarray | None = None,
                        not_to: np.ndarray | None = None
                        ) -> tuple[np.ndarray, np.ndarray]:
    """Cards' paints ``named`` ``(N,)`` and confidences ``conf`` ``(N,)`` (Lab ``labs``
    ``(N, 3)``, ``lit`` ``(N,)`` bool: out of the hot spot) with each card that fits another
    paint's card on the photo (:func:`_own_paints`) with a sheen of the lamp as the camera
    records it, one colour for the photo's cards (:func:`_own_sheen`: grey where the camera's
    white balance took the lamp for white, warm where it left the lamp's cast, see
    :mod:`vision.glare`; :func:`vision.glare.glare_distances`, :data:`OWN_SHEEN`) within
    :data:`HELD_CARD_FIT` (a card as far from every paint's card is no evidence of one: tap17
    hard-1232, a dark blue card 23 from the purple card, 28 from the light blue one) and
    clearly better
    (:data:`OWN_MARGIN`) than its named paint's, and is paler than that card (:func:`_paler`),
    renamed to it, its confidence at most :data:`GROUP_CONF` (a rename decided by a margin);
    so too a card that fits another paint's card so with that card shaded as well
    (:data:`OWN_SHADE`, the shaded distances of :func:`_own_sheen`) within
    :data:`OWN_SHADED_FIT`; and so too a card paler than its named paint's card (washed by
    the reflection: a card as deep as that one is no evidence of a sheen, and its darkest part
    may be a shadow across it) whose least washed part (``deep`` ``(N, 3)`` Lab,
    :func:`_least_washed`; darker and more chromatic than the card's median, else it is a
    shadow or the table, not less of a sheen) fits another paint's card's least washed part
    (shaded where clipped) within :data:`HELD_CARD_FIT` and clearly better than its named
    paint's (final13 hard-802's orange card in the reflection: its median 4.7 from the yellow
    card, 6.1 from the orange one, with a sheen; its darkest tenth 10.1 and 4.8 from theirs).
    No look renames a card that is its named paint's card darkened by a shadow
    (:func:`_in_shadow`): a shadow pales a card as seen but adds no sheen. Fresh arrays.

    In a lamp's reflection an orange card's red clips while its green and blue rise alike:
    cream, nearer the yellow paint as lit than the orange one, and the light fitted over cards
    most of which the reflection pales predicts the paints loosely. Beside the photo's own
    cards under the same light it is the orange card plus a sheen: the yellow card's green
    reaches the clip before its blue rises so far.

    ``not_to`` ``(N,)``, when given: per card a paint it is not renamed to (-1 none; see
    :func:`_sibling_paints`)."""
    card = _own_paints(labs, named, conf, lit)
    if len(card) < 2:
        return named.copy(), conf.copy()
    own = {k: labs[i] for k, i in card.items()}
    keys = sorted(own)
    refs = Palette(tuple(str(k) for k in keys), np.array([own[k] for k in keys]))
    # (each card's named paint among refs, -1 for a paint no own card shows)
    mine = np.array([keys.index(int(k)) if int(k) in own else -1 for k in named], int)
    plain, shaded = _own_sheen(labs, refs, mine >= 0)
    # (each look: its tag, its name in the log, distances (N, K), fit, and the cards (N,) it
    # may rename: none that is its named paint's card in a shadow, see _in_shadow)
    every = ~_in_shadow(labs, refs, mine)
    looks = [("plain", "", plain, HELD_CARD_FIT, every),
             ("shaded", " shaded", shaded, OWN_SHADED_FIT, every)]
    if deep is not None:
        # (against the own cards' least washed parts: like with like, a card's darkest tenth
        # lies darker and more chromatic than its own median, towards the next paint)
        deep_refs = Palette(refs.names, np.array([deep[card[k]] for k in keys]))
        # (a card the reflection washed: paler than its named paint's own card, and its
        # least washed part less so than its median)
        deeper = every & np.array([mine[i] >= 0 and _paler(labs[i], own[keys[mine[i]]])
                                   and _paler(labs[i], deep[i]) for i in range(len(labs))],
                                  bool)
        # (... and that part is not washed whole: see _shows_its_paint)
        deeper &= _shows_its_paint(deep)
        looks.append(("least washed", " least washed part's",
                      _own_sheen(deep, deep_refs, mine >= 0)[1], HELD_CARD_FIT, deeper))
    out, conf = named.copy(), conf.copy()
    for i in np.flatnonzero(mine >= 0):
        m = int(mine[i])
        for tag, look, d, fit, may in looks:
            best = int(np.argmin(d[i]))
            if not_to is not None and keys[best] == not_to[i]:
                continue
            if (may[i] and best != m and d[i, best] <= fit
                    and _clearly_nearer(d[i], m, best)
                    and _paler(labs[i], own[keys[best]])):
                if tag == "plain" and not _shade_agrees(shaded[i], m, best):
                    # (the named paint's card shaded fits it about as well: a card whose
                    # red the reflection clipped, see _shade_agrees)
                    logger.debug("card %d kept %d, not %d: its own cards %.1f vs %.1f, "
                                 "shaded %.1f vs %.1f", i, named[i], keys[best], d[i, best],
                                 d[i, m], shaded[i, best], shaded[i, m])
                    continue
                logger.debug("card %d named %d, not %d: its own cards'%s %.1f vs %.1f", i,
                             keys[best], named[i], look, d[i, best], d[i, m])
                out[i] = keys[best]
                conf[i] = min(conf[i], GROUP_CONF)
                break
    return out, conf


def _shade_agrees(shaded: np.ndarray, named: int, other: int) -> bool:
    """Whether a card's distances to the photo's own cards shaded (``shaded`` ``(K,)``, see
    :func:`_own_sheen`) fit the ``other`` card better than the ``named`` one by more than
    :data:`OWN_MARGIN`: what a rename by the plain look (the own cards as recorded, with a
    sheen) must show too. The plain look takes a card whose red the reflection clipped for the
    paint next towards yellow (:data:`OWN_SHADE`: an orange card's red clips while its green and
    blue rise), and the shaded look, the same cards with one freedom more, may fit either
    paint; a rename it does not back is the plain look's light level, not the card's paint.
    (The independent renderer's washed orange cards renamed yellow by the plain look, 10.2-13.5
    against 4.0-6.6, the shaded look 3.4-5.3 against 3.5-5.4: tap49 normal-3116,
    tap42-old normal-916, final20 normal-2103, and a washed blue card renamed green in
    tap41 normal-2540, 4.3 against 2.5; final16 normal-1605's three blue cards renamed rightly
    from green, 10.1-10.3 against 0.7-0.8 shaded.)"""
    return _clearly_nearer(shaded, named, other)


def _clearly_nearer(dist: np.ndarray, named: int, other: int) -> bool:
    """Whether a card's distances ``dist`` ``(K,)`` (to the photo's own cards in one look, see
    :func:`_named_by_own_cards`) put the ``other`` card nearer than the ``named`` one by more
    than :data:`OWN_MARGIN`."""
    return bool(dist[named] - dist[other] > OWN_MARGIN)


#: A card's least washed part (:func:`_least_washed`) this light or lighter (L*) is washed
#: whole: the reflection covers the card, and that part shows the lamp, not the paint. (The
#: reader's clip level in L*, as :data:`PIPS_CLIPPED_L` and :func:`blown_out` take it; not
#: tuned. On the independent renderer's development photos the least washed parts that renamed
#: washed orange cards yellow lie at 97.9-98.0 (tap49 normal-3116, final20 normal-2103), those
#: that renamed cards rightly at 82-94.8 (2103's orange and red cards, final22 hard-2810's blue
#: card): the window 94.8-97.9.)
LEAST_WASHED_MAX_L = PIPS_CLIPPED_L


def _shows_its_paint(lab: np.ndarray) -> np.ndarray:
    """Which least washed parts ``lab`` ``(N, 3)`` Lab still show their paint ``(N,)`` bool:
    darker than :data:`LEAST_WASHED_MAX_L`."""
    return np.asarray(lab, np.float64).reshape(-1, 3)[:, 0] < LEAST_WASHED_MAX_L


#: The lamps' colours a sheen is looked for in (:func:`_own_sheen`): linear BGR
#: ``(exp(-2 t), exp(-t), 1)`` for each ``t`` here, grey first (a tie keeps it). Along the
#: blackbody's locus a lamp's green falls below its red about half as steeply as its blue
#: does, in log units (the independent renderer's lamps: 2900 K (1, 0.69, 0.42) RGB, 4100 K
#: (1, 0.82, 0.69), 5100 K (1, 0.91, 0.84), casts the camera partly kept); from grey to
#: (1, 0.61, 0.37) RGB (0.5: a ~3900 K lamp kept whole, a 2700 K bulb about half kept), in
#: steps of 0.05. Warm only: a phone's white balance leaves a warm lamp's
#: cast (partly, as the room's mood), a daylight's it takes to grey (a cool look too let the
#: washed cards of a 6000 K photo fit a blue sheen best, an orange one then nearer yellow:
#: col9 normal 776).
SHEEN_WARMTH = tuple(round(float(t), 2) for t in np.linspace(0.0, 0.5, 11))
#: The log falls of a lamp's (B, G, R) below its red per unit of warmth along the locus (see
#: :data:`SHEEN_WARMTH`).
LOCUS_BGR = np.array([2.0, 1.0, 0.0])
#: A lamp's colour replaces grey only when it fits the cards better in sum by more than this
#: (:func:`_own_sheen`): it must explain one card as clearly as a rename needs
#: (:data:`OWN_MARGIN`; the independent renderer's hard 910 at 1 better).
SHEEN_MARGIN = OWN_MARGIN


#: The lamp's colour is fitted (:func:`_own_sheen`) only on at least this many cards in its
#: reflection: a card's colour fits a paint with some sheen under some lamp's colour (the
#: colour is one free parameter more than the card's sheen), two cards of one lamp pin it.
SHEEN_CARDS = 2
#: A card is in the lamp's reflection when its nearest reference under a grey sheen takes at
#: least this much of it (two of :data:`OWN_SHEEN`'s steps: more than a card's noise buys).
SHEEN_SEEN = 0.1


def _own_sheen(labs: np.ndarray, refs: Palette,
               judged: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distances ``(N, K)``, plain and shaded (below) (CIEDE2000 plus :data:`OWN_SHEEN_COST`
    per unit of sheen) of the cards ``labs`` ``(N, 3)`` to the photo's own cards ``refs``
    (``K`` colours, as recorded) with a sheen of the lamp (:data:`OWN_SHEEN`), the lamp's
    colour the one of :data:`SHEEN_WARMTH` under which the cards ``judged`` (``(N,)`` bool:
    those named a paint ``refs`` shows) fit their nearest references best in sum, each at most
    :data:`HELD_CARD_FIT` (one lamp lights the photo; a card with no sheen fits alike under
    every colour and does not choose it, nor does one as far from every reference), grey
    unless :data:`SHEEN_CARDS` of those cards or more take a sheen (:data:`SHEEN_SEEN`)
    through a grey one, and unless the lamp's colour fits them better than grey by more than
    :data:`SHEEN_MARGIN` (what a card needs to be renamed: a lamp's colour must explain at least
    one card clearly; on the independent renderer's hard 910, a 4700 K photo, a warm look
    fitting the cards 1 better than grey took a pink card for purple).

    The camera's white balance may take the lamp's reflection about grey, or leave the lamp's
    cast on the whole photo, the reflection with it (a yellow card under a 2900 K lamp left
    warm: linear RGB 0.97, 0.57, 0.01). There an orange card in the reflection (the
    independent renderer's hard 1580: 0.97, 0.64, 0.35) is the photo's orange card (0.89,
    0.08, 0.02) plus 0.8 of the lamp's 1, 0.69, 0.42 to a hundredth, where a grey sheen takes
    it nearer the yellow card, whose green clipped long before its blue rose so far.

    Shaded: for the cards with a channel at :data:`vision.glare.CLIPPED_LINEAR`, the distances
    at that lamp's colour with each reference also shaded within :data:`OWN_SHADE`, fitted on
    the card's unclipped channels (the plain distances elsewhere) (the lamp's colour is chosen
    unshaded: a shading free for every card would explain the lamp's tint as well)."""
    def under(t: float, shade: bool = False) -> np.ndarray:
        """``(N, K, G)``: the distances with a sheen of the lamp of warmth ``t``, the
        references shaded (:data:`OWN_SHADE`, on the unclipped channels) or not."""
        return glare_distances(labs, refs, as_correction(None),
                               np.exp(-LOCUS_BGR * t), steps=OWN_SHEEN,
                               cost=OWN_SHEEN_COST, shade=OWN_SHADE if shade else (1.0, 1.0),
                               unclipped=shade)

    grey = under(SHEEN_WARMTH[0])
    steps = grey.reshape(len(labs), -1).argmin(axis=1) % len(OWN_SHEEN)  # (N,) best sheens
    if np.sum(judged & (np.asarray(OWN_SHEEN)[steps] >= SHEEN_SEEN)) < SHEEN_CARDS:
        best, grid = 0, [grey]
    else:
        grid = [grey] + [under(t) for t in SHEEN_WARMTH[1:]]
        fits = [float(np.minimum(d[judged].min(axis=(1, 2)), HELD_CARD_FIT).sum()) for d in grid]
        best = int(np.argmin(fits))
        if fits[0] - fits[best] <= SHEEN_MARGIN:
            best = 0
        else:
            logger.debug("the cards' sheen at warmth %.2f (%.1f, grey %.1f)%s",
                         SHEEN_WARMTH[best], fits[best], fits[0],
                         ": the warmest look tried" if best == len(SHEEN_WARMTH) - 1 else "")
    plain = grid[best].min(axis=-1)
    # (shaded only where a channel clipped, the cause OWN_SHADE answers; no shading, 1, lies
    # within OWN_SHADE, so a shaded look is never worse than the plain one)
    clipped = _any_clipped(labs)  # (N,)
    if not clipped.any():
        return plain, plain.copy()
    shaded = np.minimum(plain, under(SHEEN_WARMTH[best], shade=True).min(axis=-1))
    return plain, np.where(clipped[:, None], shaded, plain)


def _lamp_light(light: np.ndarray) -> np.ndarray:
    """The light ``light`` (a ``(2, 3)`` correction, see
    :func:`vision.colour.classify_adaptive`) fitted on the photo's cards with its white (its
    gains: a white face as the camera records it) made one a lamp can have, its green between
    its blue and its red (see :func:`vision.glare.lamp_like`); its offsets kept. A fresh array,
    equal to ``light`` when its white is a lamp's.

    Cards washed out by a broad glare (two of each card's channels clipped, the paints told
    only by the third) leave the fit free to turn every paint's hue a step: on the
    independent renderer's normal 1310 (5100 K) the light refitted on the cards was magenta
    (gains 1.29, 0.60, 1.35 linear BGR), the blue cards nearer green as it predicts them, the
    purple ones nearer blue. Only where the cards' light was refitted from the layout's, a
    lamp's (:func:`_is_a_lamp`): the refit on the cards turned it. (A light fitted green over
    the layout and on its cards alike names the cards right: made a lamp's on every photo, 28
    cells more were wrong on 313 of the independent renderer's (184 -> 212), its hard 806 0 -> 11; without
    a profile only: a profile's paints were learnt under the player's lamp, and the light
    fitted against them is no lamp's white.)"""
    c = as_correction(light)
    return np.vstack([lamp_like(np.ones(3), c) * c[0], c[1]])


def _is_a_lamp(light: np.ndarray | None) -> bool:
    """Whether the light ``light`` (a correction, see :func:`vision.colour.as_correction`) has a
    white a lamp can have (see :func:`_lamp_light`)."""
    c = as_correction(light)
    return bool(np.array_equal(_lamp_light(c), c))


#: Two paints of one hue that :func:`_paints_apart` splits by their nearest paints as lit also
#: differ this much in their sets' median log-chromaticity (a shaded card keeps its paint's
#: proportions): nrm2 normal-1561's shaded orange card 0.14 from its orange cards, 1.7 from the
#: red; normal 074's red and orange 0.37 (the value of :data:`RATIO_GAP`, measured apart).
PAINTS_APART_RATIO = 0.3


def _paints_apart(hue: np.ndarray, dist: np.ndarray, fit: float, labs: np.ndarray) -> np.ndarray:
    """Hue groups ``hue`` ``(N,)`` (see :func:`vision.hue_groups.hue_groups`; -1 none) with each
    group split by its members' nearest paints as lit (distances ``dist`` ``(N, K)`` to the
    paints as the light fitted on the photo predicts them, no sheen: a card that fits only with
    a sheen of the lamp's reflection is named by its hue group) where every member fits its own
    nearest within ``fit`` and lies further than ``fit`` from each other member's nearest paint:
    faces of two paints of one hue (see :data:`CARD_PAINTS_APART`); and where the sets' channel
    proportions (the median log-chromaticity of the cards' colours ``labs`` ``(N, 3)``) differ
    by :data:`PAINTS_APART_RATIO` at least: a card in a shadow has its paint's proportions at a
    lower level, which may fit a darker paint of its hue as lit (the independent renderer's nrm2
    normal-1561, an orange card under an occluder's shadow at L 40, its orange cards' hue,
    0.14 from them in log-chromaticity, 1.7 from the red cards; normal 074's red and orange
    cards: 0.37)."""
    own = np.argmin(dist, axis=1)
    chroma = _lab_log_chromaticity(labs)

    def proportions_apart(members: np.ndarray, paints: np.ndarray) -> bool:
        sets = [np.median(chroma[members[own[members] == p]], axis=0) for p in paints]
        return all(np.linalg.norm(a - b) >= PAINTS_APART_RATIO
                   for a, b in itertools.combinations(sets, 2))

    def apart(members: np.ndarray, paints: np.ndarray) -> bool:
        near = dist[np.ix_(members, paints)]  # (M, P): each member to the group's paints
        mine = paints[None, :] == own[members][:, None]
        return (not ((near[mine] > fit).any() or (near[~mine] <= fit).any())
                and proportions_apart(members, paints))

    return split_by_paint(hue, own, apart)


def _lab_log_chromaticity(labs: np.ndarray) -> np.ndarray:
    """:func:`_log_chromaticity` ``(N, 3)`` of the CIELAB colours ``labs`` ``(N, 3)``."""
    return _log_chromaticity(srgb_to_linear(lab_to_bgr(labs)).astype(np.float64))


#: Cards of two paints a warm lamp brings together in hue (red and orange: 7 L* and 2 degrees of
#: hue apart) still differ in the proportions of their channels, which the light level (a card's
#: shading) keeps: a lamp scales each channel of every card alike, so the paint whose green is
#: the smaller share of its red stays so. A hue group whose cards' log-chromaticities (log of
#: linear RGB about its mean) fall in two tight sets at least this far apart (natural log units
#: along the sets' axis) ...
RATIO_GAP = 0.3
#: ... and this many times the wider set's spread, ...
RATIO_GAP_SPREAD = 2.0
#: ... where the paler set is not the other plus a sheen of the light (added alike to every
#: channel, or a shade with the flare added: a fit ``pale = k sat + s``, k and s non-negative,
#: missing some channel of the paler set by more than this share of it), and no card has a
#: clipped channel (a clipped red lowers the red's share), is two paints. Measured: the
#: independent renderer's hard 570 under a 3000 K lamp, four red cards at G/R 0.085-0.098
#: (linear), three orange ones at 0.188-0.190, 0.6 apart in log units, each set within 0.07;
#: the orange set is the red one plus a sheen in blue and red but 26% short of it in green
#: (a weak sheen takes a red card much of the way to orange in CIELAB: 0.04 of white added to
#: red's 0.05 of green). Twice the sets' spread.
RATIO_SHEEN_RESIDUAL = 0.15
#: Below this, a channel's linear value is noise (a red card's blue): the floor of the logs and
#: the relative weights that compare cards' proportions. (Not
#: :data:`vision.profile_use.RATIO_FLOOR`, which picks the channels a profile's ratios are
#: measured on.)
LOG_CHROMA_FLOOR = 0.005


def _log_chromaticity(lin: np.ndarray) -> np.ndarray:
    """Log-chromaticities ``(N, 3)`` of colours ``lin`` ``(N, 3)`` (linear BGR, float64): the
    log of each channel (floored at :data:`LOG_CHROMA_FLOOR`) about the channels' mean, which a
    change of light level leaves alone."""
    logs = np.log(np.maximum(lin, LOG_CHROMA_FLOOR))
    return logs - logs.mean(axis=1, keepdims=True)


def _sheen_explains(pale: np.ndarray, sat: np.ndarray) -> bool:
    """Whether linear colour ``pale`` ``(3,)`` is ``k * sat + s`` (``sat`` ``(3,)``; a shading
    ``k`` and light ``s`` added alike to every channel, both non-negative) within
    :data:`RATIO_SHEEN_RESIDUAL` of each channel (relative errors: a card's proportions, not
    its brightest channel, tell paints apart)."""
    w = 1.0 / np.maximum(pale, LOG_CHROMA_FLOOR)
    A = np.column_stack([sat, np.ones(3)]) * w[:, None]
    b = pale * w
    best = np.inf
    for cols in ((0, 1), (0,), (1,)):  # (non-negative least squares over the faces of k, s >= 0)
        coef = np.linalg.lstsq(A[:, cols], b, rcond=None)[0]
        if (coef < 0).any():
            continue
        best = min(best, float(np.abs(A[:, cols] @ coef - b).max()))
    return best <= RATIO_SHEEN_RESIDUAL


def split_by_ratios(hue: np.ndarray, labs: np.ndarray
                    ) -> tuple[np.ndarray, list[tuple[int, int, np.ndarray]]]:
    """Hue groups ``hue`` ``(N,)`` (see :func:`vision.hue_groups.hue_groups`; -1 none) of card
    colours ``labs`` ``(N, 3)`` with each group whose cards' channel proportions fall in two
    tight sets far apart, or hold one card far apart from a tight set of the rest (see
    :func:`_lone_card_apart`), not a sheen of the light apart (see :data:`RATIO_GAP`), split in
    two (new labels after the largest); and the splits, each ``(label of the set lower along the
    axis, label of the other, axis (3,) in log-chromaticity)``. A fresh array."""
    out = np.asarray(hue).copy()
    splits: list[tuple[int, int, np.ndarray]] = []
    if out.size == 0 or out.max() < 0:
        return out, splits
    lin = srgb_to_linear(lab_to_bgr(labs)).astype(np.float64)
    u = _log_chromaticity(lin)
    label = int(out.max()) + 1
    for g in range(label):
        members = np.flatnonzero(hue == g)
        if len(members) < 4 or (lin[members] >= CLIPPED_LINEAR).any():
            continue
        proj, axis = along_main_axis(u[members])
        low, high, gap, spread = widest_gap(proj)
        if gap < RATIO_GAP or gap < RATIO_GAP_SPREAD * spread:
            # (or one card apart from the rest: see _lone_card_apart)
            low, high, gap, spread = _lone_card_apart(proj)
            if gap < RATIO_GAP or gap < RATIO_GAP_SPREAD * spread:
                continue
        low, high = members[low], members[high]
        a, b = np.median(lin[low], axis=0), np.median(lin[high], axis=0)
        # (the paler set: its channels' proportions nearer grey)
        pale, sat = (a, b) if np.ptp(np.log(np.maximum(a, LOG_CHROMA_FLOOR))) < np.ptp(
            np.log(np.maximum(b, LOG_CHROMA_FLOOR))) else (b, a)
        if _sheen_explains(pale, sat):
            continue
        logger.debug("hue group of %d card(s) split by channel proportions: %d and %d, %.2f apart",
                     len(members), len(low), len(high), gap)
        out[high] = label
        splits.append((g, label, axis))
        label += 1
    return out, splits


def _lone_card_apart(pos: np.ndarray) -> tuple[np.ndarray, np.ndarray, float, float]:
    """Positions ``pos`` ``(M,)``, M >= 4 (the groups :func:`split_by_ratios` splits), along a hue group's axis of channel proportions, cut
    where one card at either end stands apart from the rest (the wider of the two end gaps):
    the indices of the lower set and of the higher one, the gap, and the rest's range (the
    lone card has none). As :func:`vision.hue_groups.widest_gap`, which keeps two cards at
    least on each side, for a group holding one card of another paint: a warm lamp brings a
    red card's hue to its orange cards' (the independent renderer's tap49 hard-3121, one red
    card among five orange ones, 0.72 apart in log-chromaticity, the orange cards within
    0.1), and named together by their summed distances the six went red, the red card 1.8
    from red as lit, the orange ones 7-8 from orange and 10-11 from red. A lone card's
    proportions are as sure as a set's: a shading keeps them, and a sheen
    (:func:`_sheen_explains`) and clipped channels are ruled out as for two sets."""
    order = np.argsort(pos)
    steps = np.diff(pos[order])
    if steps[0] >= steps[-1]:
        low, high = order[:1], order[1:]
    else:
        low, high = order[:-1], order[-1:]
    rest = high if len(high) > 1 else low
    return low, high, float(max(steps[0], steps[-1])), float(np.ptp(pos[rest]))


def _named_by_ratios(named: np.ndarray, hue: np.ndarray, dist: np.ndarray, paints: np.ndarray,
                     splits: list[tuple[int, int, np.ndarray]]) -> np.ndarray:
    """Palette indices ``named`` ``(N,)`` with each pair of sets of :func:`split_by_ratios`
    (``hue`` ``(N,)`` their labels) named alike given the two paints nearest them (the named one
    and the runner-up over both sets' distances ``dist`` ``(N, K)``), in the order of the paints'
    channel proportions as lit (``paints`` ``(K, 3)`` CIELAB, as the light fitted on the cards
    predicts them) along the split's axis: the order a lamp keeps. A fresh array."""
    out = named.copy()
    if not splits:
        return out
    u = _lab_log_chromaticity(paints)
    for lo, hi, axis in splits:
        a, b = np.flatnonzero(hue == lo), np.flatnonzero(hue == hi)
        if not len(a) or not len(b):
            continue  # (the two sets joined again since: a profile's paints keep them one)
        p = np.unique(out[np.concatenate([a, b])])
        if len(p) != 1:
            continue
        p = int(p[0])
        if not _lone_split_holds(dist, a, b):
            continue
        cost = dist[np.concatenate([a, b])].sum(axis=0)
        cost[p] = np.inf
        q = int(np.argmin(cost))
        low_paint, high_paint = (p, q) if u[p] @ axis <= u[q] @ axis else (q, p)
        out[a], out[b] = low_paint, high_paint
        logger.debug("cards of one hue named %s and %s by their channel proportions",
                     low_paint, high_paint)
    return out


def _lone_split_holds(dist: np.ndarray, a: np.ndarray, b: np.ndarray) -> bool:
    """Whether a split of a hue group into card indices ``a`` and ``b`` may be named two paints
    (``dist`` ``(N, K)`` CIEDE2000 as lit): always for two sets of two or more; for one card
    apart from the rest (:func:`_lone_card_apart`) only when its nearest paint is not the rest's
    (summed): one card of the group in a lamp's warm sheen stands apart by its proportions too,
    still nearest its group's paint, and naming the split would rename the rest (review)."""
    if len(a) > 1 and len(b) > 1:
        return True
    lone, rest = (a, b) if len(a) == 1 else (b, a)
    return int(np.argmin(dist[lone[0]])) != int(np.argmin(dist[rest].sum(axis=0)))


def _plainly_one_paint(own: np.ndarray, lit: np.ndarray, shaded: np.ndarray) -> np.ndarray:
    """Palette indices ``(N,)`` of the paint each card plainly is, -1 for none: the paint its
    channels' proportions name (``own`` ``(N,)``, see
    :func:`vision.profile_use.nearest_by_ratios`) when it is also the card's nearest as lit
    (``lit`` ``(N, K)`` CIEDE2000), within :data:`GROW_FIT` of it (a colour that fits a paint),
    and at its own light level (``shaded`` ``(N, K)``, see
    :func:`vision.profile_use.shaded_distances`)."""
    rows = np.arange(len(own))
    plain = ((np.argmin(lit, axis=1) == own) & (lit[rows, own] <= GROW_FIT)
             & (np.argmin(shaded, axis=1) == own))
    return np.where(plain, own, -1)


def _not_sheened(named: np.ndarray, plainly: np.ndarray, hue: np.ndarray) -> np.ndarray:
    """Palette indices ``named`` ``(N,)`` with each hue group (``hue`` ``(N,)``, -1 a card of
    none, a group of its own) whose cards all plainly are one paint (``plainly`` ``(N,)``, -1
    none, see :func:`_plainly_one_paint`) named that paint. A fresh array.

    Under a profile a card is named through a sheen of the lamp too (:func:`_sheen_distance`),
    for cards washed out by the hot spot, far from every paint as lit. The lamp's light added
    to a saturated paint moves it towards a lighter paint of about its hue, so the sheen also
    lets a lighter paint's cards pass for its darker neighbour in hue: a red learnt with its red
    channel blown out, plus a sheen, fits four orange cards (3.2-4.3 CIEDE2000) better than the
    orange does as lit (4.9-6.5), though each is nearest the orange as lit, at its own light
    level (3.3-4.8 against 6.1-7.1) and by its unclipped channels' proportions (blue to green
    0.70-0.78; the orange's 0.73, the red's 1.34; the calibration measure's Tapestry seed 1,
    photo 16, which shows no red card). Where all three name one paint for every card of the
    group, no sheen is needed to explain them, and the group is named that paint whatever named
    it otherwise (the hue order's or a spare paint's choice is undone too; the cards' confidences
    stay those computed for the name they had). (A group with a card that is not plainly that
    paint keeps its name: a red card beside the hot spot, plainly orange by all three on its
    own, shares its group with another red card that is not, seed 1 photo 12; renamed alone,
    it was lost.)"""
    out = named.copy()
    groups = np.where(hue >= 0, hue, -2 - np.arange(len(hue)))  # (a card of none: its own)
    for g in np.unique(groups):
        members = groups == g
        p = np.unique(plainly[members])
        if len(p) == 1 and p[0] >= 0 and (named[members] != p[0]).any():
            logger.debug("cards %s named %s through a sheen: plainly %d",
                         np.flatnonzero(members).tolist(), named[members].tolist(), int(p[0]))
            out[members] = p[0]
    return out


def _apart_conf(hue: np.ndarray, dist: np.ndarray, named: np.ndarray,
                share_cost: float, labs: np.ndarray | None = None) -> np.ndarray:
    """Confidence ``(N,)`` of each card's colour ``named`` ``(N,)`` (palette indices; its
    distances ``dist`` ``(N, K)``, hue groups ``hue`` ``(N,)``) as the photo's hue groups name it
    (see :func:`_named_by_hue`): a colour another hue group is named costs ``share_cost`` more
    (a set does not paint two groups of cards of clearly different hue alike), so its margin
    to the runner-up counts that cost. (A red card under a warm lamp, 9.6 from red as lit and
    12.6 from orange, was left unnamed beside orange cards of another hue named orange.)
    With the cards' colours ``labs`` ``(N, 3)``, a card left out of every group though of a
    clear hue (see :func:`_of_a_clear_hue`) counts as another hue's each colour whose other such
    cards are mostly of a clearly different hue from it (Delta H* at least :data:`HUE_LINK`,
    :func:`_clearly_other_hue`): a colour its own hue's cards are named as often is no other
    hue's."""
    out = np.zeros(len(hue))
    clear = _of_a_clear_hue(hue, labs) if labs is not None else np.zeros(len(hue), bool)
    for i in range(len(hue)):
        others = (hue >= 0) & (hue != hue[i]) if hue[i] >= 0 else hue >= 0
        taken = set(named[others].tolist())
        if clear[i]:
            apart = _clearly_other_hue(labs, i)
            peers = clear & (np.arange(len(hue)) != i)
            # ("mostly": more than half, a plain majority)
            taken |= {int(k) for k in set(named[peers].tolist())
                      if apart[peers & (named == k)].mean() > 0.5}
        alt = [dist[i, k] + (share_cost if k in taken else 0.0)
               for k in range(dist.shape[1]) if k != named[i]]
        out[i] = _conf_from_match(float(dist[i, named[i]]), min(alt) - float(dist[i, named[i]]))
    return out


def _of_a_clear_hue(hue: np.ndarray, labs: np.ndarray) -> np.ndarray:
    """Which cards ``(N,)`` bool no hue group holds (``hue`` ``(N,)``, -1) though their colours
    ``labs`` ``(N, 3)`` have a clear hue (chromatic and not washed out to the clip, as
    :func:`vision.hue_groups.hue_groups` takes them): the members of a chain of hues that
    spread too wide to be one paint (:data:`vision.hue_groups.MAX_SPREAD`). Red and orange
    cards under a warm lamp chain so through a card between them (the independent renderer's
    final22 hard-2809: nine red cards at hue 33-34 degrees, eight orange ones at 37-38, one
    card at 30, 12.6 Delta H* across), and each left to itself, a red card 9-10 from red as
    lit and from orange alike went unnamed beside orange cards 3-4 from orange."""
    return (np.asarray(hue) < 0) & chromatic(labs)


def _clearly_other_hue(labs: np.ndarray, i: int) -> np.ndarray:
    """Which cards ``(N,)`` bool (colours ``labs`` ``(N, 3)``) lie further in hue from card
    ``i`` than the hue grouping links (:data:`vision.hue_groups.HUE_LINK`, Delta H*): cards of
    clearly another hue, as two hue groups are."""
    lab = np.asarray(labs, np.float64)
    return hue_difference(lab, lab[i][None]) >= HUE_LINK


#: Each unit of a card's veil added after the camera's tone curve costs this much (CIEDE2000; see
#: :func:`_toned_sheen_distance`): the price :data:`TONED_GLARE_COST` the solid faces pay for
#: the same look, above the linear sheen's (the toned look is the independent renderer's model
#: rather than a phone's). (On the 13 Tapestry development photos with a washed card misread,
#: 41 wrong cells at 9941e72, every card judged so too: with the light's offsets kept, see
#: :func:`_toned_sheen_distance`, 39 at 12, 39 at 16, 41 at 20; without them, 32 at 12. The
#: version without the offsets, the one kept, was measured at 12 only: no other price of it.)
CARD_TONED_SHEEN_COST = TONED_GLARE_COST
#: A card is judged through the toned veil only when it lies further than this (CIEDE2000) from
#: every paint as lit and with the linear sheen: a card in a hot spot, washed beyond what the
#: linear sheen explains (the washed cards this mends lie 10.6-18 from their nearest paint so;
#: :data:`vision.glare.GREY_RELOOK`, where the solid faces' glare is looked for in grey too).
#: Judged so on every card, the plain cards near two paints (red and orange under a warm lamp,
#: 5-6 from each: final21 hard-2306) moved between them: 2306 0 -> 3 wrong cells. The margin is
#: thin: the washed cards fixed lie from 10.6, just above 10.
TONED_RELOOK = GREY_RELOOK


def _washed_past_the_sheen(labs: np.ndarray, dist: np.ndarray, paints: np.ndarray) -> np.ndarray:
    """Which cards ``(N,)`` bool (colours ``labs`` ``(N, 3)``, distances ``dist`` ``(N, K)`` to
    the paints as lit and with the linear sheen, the paints as lit ``paints`` ``(K, 3)`` Lab) a
    hot spot washed beyond what the linear sheen explains: further than
    :data:`TONED_RELOOK` from every paint, and lighter (L*) than the nearest. A veil only adds
    light: a card far from every paint yet no lighter than the nearest is in a shadow or a tint
    (final19 hard-1991's yellow card at L* 66 beside yellows at 84-91, 19 from yellow and 21 from
    orange, fitted orange under a veil: read so, 2 -> 4 wrong cells with the veil's look on
    every far card)."""
    nearest = np.argmin(dist, axis=1)
    return (dist.min(axis=1) > TONED_RELOOK) & (labs[:, 0] > np.asarray(paints)[nearest, 0])


def _toned_sheen_distance(labs: np.ndarray, palette: Palette, light: np.ndarray) -> np.ndarray:
    """Distances ``(N, K)`` (CIEDE2000) of card colours ``labs`` ``(N, 3)`` to each paint under
    ``light`` (a ``(2, 3)`` correction, see :func:`vision.colour.classify_adaptive`) with a
    veil of the light added to the values the camera recorded (after its tone curve, see
    :func:`vision.glare.toned_glare_distances`): the least over the veils of
    :data:`vision.glare.GLARE_STEPS` but none (the card as lit is in ``lit``), in the light's
    white and in grey (as the camera's white balance records a lamp's reflection), each unit
    costing :data:`CARD_TONED_SHEEN_COST` (see :func:`_least_toned_veil`).

    A hot spot recorded so keeps a paint's hue longer than a sheen added to the linear light
    (:func:`_sheen_distance`): its weak channels rise alike with the strong one clipped, an
    orange card washed to L* 94-97 at b* 22-26 (final22 hard-2811, read yellow; its deepest part
    at a* +6), a red one pink (a* 12, read purple). The light's offsets are left out (its gains
    kept): fitted on the cards as lit, a few hundredths of linear light on a paint's weak
    channel are a tenth or more of the recorded value the veil is added to, and moved the
    pink washed reds of tap42 normal-2579 nearer orange (with them the 13 photos of washed
    cards read 41 -> 39 wrong cells, 2579 1 -> 8; without, 41 -> 32)."""
    gains = as_correction(light).copy()
    gains[1] = 0.0
    return _least_toned_veil(labs, palette, gains, np.ones(3), CARD_TONED_SHEEN_COST)


def _sheen_distance(labs: np.ndarray, palette: Palette, light: np.ndarray,
                    profile: Mapping | None = None, *, discounted: bool = False) -> np.ndarray:
    """Distances ``(N, K)`` (CIEDE2000) of card colours ``labs`` ``(N, 3)`` to each paint as the
    camera records it under ``light`` (the forward model's (2, 3) correction, see
    :func:`vision.colour.classify_adaptive`) with a sheen of the light on it: the least over
    the sheens :data:`SHEEN`, each costing :data:`SHEEN_COST` per unit (a glare of the light
    itself, the card's shading as lit: :func:`vision.glare.glare_distances`). The light's white
    is grey or the lamp's as the palette was recorded, whichever fits a card better (see
    :mod:`vision.glare`: the camera's white balance records the lamp's reflection about grey, or
    as warm as the lamp; under a profile, :func:`vision.profile_use.profile_lamp`, a 3000 K
    lamp's reflection takes a green card towards yellow; without one both are neutral).
    ``discounted``: measured with ``light`` discounted (:func:`vision.glare.discounted_lab`)."""
    lamp = profile_lamp(profile)
    looks = [np.ones(3)] + ([lamp] if np.abs(lamp - 1.0).max() > 1e-6 else [])
    return np.min([glare_distances(labs, palette, light, white, steps=SHEEN, cost=SHEEN_COST,
                                   shade=(1.0, 1.0), discounted=discounted).min(axis=-1)
                   for white in looks], axis=0)


def read_symbols(readings: list[CellReading], views: Mapping[tuple[int, int], np.ndarray],
                 kit: Kit, *, profile: Mapping | None = None) -> list[CellReading]:
    """Read the cards' symbols again, on each card's own finer view: ``readings`` with the
    symbol (and its confidence, doubt and the tile's confidence) of every occupied cell found
    in ``views`` (``{(row, col): (h, w, 3) BGR}``, see :func:`vision.symbols.card_faces`)
    replaced.

    Each card's art (:func:`vision.symbols.symbol_mask`) is named with the photo's other cards
    (:func:`vision.symbols.name_symbols`): a set prints one art per symbol. A profile's
    templates only break ties, unless they name a symbol whose cards the rules misread on the
    calibration photo (:func:`vision.profile_use.rules_misread`). (The top-down view of the whole layout, 44 pixels per card, is
    enough to tell a card from the table, not to tell a hand's fingers apart.)
    """
    cards = [rd for rd in readings if rd.occupied and (rd.row, rd.col) in views
             and "symbol" in rd.attrs]
    if not cards:
        return readings
    templates = _profile_templates(profile)
    misread = rules_misread(profile)
    # the art's colour as a profile measured it under the player's light; without one, the art
    # is what lies towards white from the face (the kit's nominal white is cream under a warm
    # lamp, and nearer a yellow card's face than to white: measured on both renderers' cards,
    # the nominal colour read 5 of 233 cards of the independent renderer wrong)
    art = profile_art_lab(profile, None)
    # (one conversion for all the views: they share their size)
    labs = bgr_to_lab(np.concatenate([views[(rd.row, rd.col)] for rd in cards], axis=0))
    labs = labs.reshape(len(cards), -1, *labs.shape[1:])
    triples = [symbol_looks(lab, art=art, first=_symbol_mask(lab, _card_background(lab), art))
               for lab in labs]
    masks = [closed for _, closed, _ in triples]
    again = {}
    # (a card whose print faded in parts, alone in its look, is read with its faint parts when
    # they make it another card's print: see vision.symbols._faded_prints_joined)
    named = name_symbols(masks, kit.symbols, looks=[own for own, _, _ in triples],
                         colours=[rd.attrs.get("colour") for rd in cards],
                         copies=kit.card_copies(), blur=estimate_blur(list(labs), masks),
                         faint_looks=[faint for _, _, faint in triples])
    for rd, mask, (sym, sconf, why) in zip(cards, masks, named):
        if templates and mask.any():
            sym, sconf, why = combine_symbol_votes((sym, sconf, why),
                                                   template_vote(symbol_probe_from_mask(mask), templates),
                                                   misread)
        attrs = {**rd.attrs, "symbol": sym if sconf >= CONFIDENCE_THRESHOLD else None}
        attr_conf = {**rd.attr_conf, "symbol": sconf}
        doubts = tuple(d for d in rd.doubts if d[0] != "symbol")
        if sconf < CONFIDENCE_THRESHOLD:
            doubts += (("symbol", why),)
        again[(rd.row, rd.col)] = replace(rd, attrs=attrs, attr_conf=attr_conf, doubts=doubts,
                                          confidence=min([rd.occ_conf] + list(attr_conf.values())))
    return [again.get((rd.row, rd.col), rd) for rd in readings]


def _card_face_stats(grid: np.ndarray, med: np.ndarray, spread: np.ndarray,
                     blown: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """Cards' face colours ``(N, 3)`` and spreads ``(N,)``: per cell, the more even of its
    middle's (``med``, ``spread``) and the ring's around its art (see :func:`_card_ring`); the
    cells' Lab ``grid`` ``(N, h, w, 3)``. The face is one colour: a large print (an open hand)
    fills most of the middle, while a lattice a little off the cards puts the table into the
    ring."""
    ring_med, ring_spread = _region_stats(grid, _card_ring(grid.shape[1], grid.shape[2]), blown)
    use_ring = ring_spread < spread
    return np.where(use_ring[:, None], ring_med, med), np.where(use_ring, ring_spread, spread)


def _card_background(cell_lab: np.ndarray) -> np.ndarray:
    """The face colour (Lab ``(3,)``) of one card ``(h, w, 3)`` Lab, around its art."""
    # (the ring's pixels by their flat indices: numpy's boolean index over an image's two
    # leading axes costs about five times a take, for the same rows in the same order)
    flat = cell_lab.reshape(-1, cell_lab.shape[-1])
    return _robust(flat.take(_card_ring_at(*cell_lab.shape[:2]), axis=0))[0]


@lru_cache(maxsize=8)
def _card_ring_at(h: int, w: int) -> np.ndarray:
    """The flat indices (C order) of :func:`_card_ring`'s pixels, read-only."""
    at = np.flatnonzero(_card_ring(h, w))
    at.flags.writeable = False
    return at


@lru_cache(maxsize=8)
def _card_ring(h: int, w: int) -> np.ndarray:
    """Mask (h, w) of a card's face around its art (inside the rim, outside the middle)."""
    mask = np.zeros((h, w), bool)
    mx, my = int(0.1 * w), int(0.08 * h)
    mask[my:h - my, mx:w - mx] = True
    inner = np.zeros((h, w), bool)
    inner[int(0.22 * h):h - int(0.22 * h), int(0.18 * w):w - int(0.18 * w)] = True
    return mask & ~inner


def _art_in_cell(mask: np.ndarray, shape: tuple[int, int],
                 reach: int = ART_EDGE_REACH) -> np.ndarray:
    """A symbol mask ``mask`` (of the cell's middle, centred in it: see :func:`_symbol_mask`,
    :func:`vision.symbols.symbol_mask`) placed in its cell of ``shape`` ``(h, w)`` and widened
    by ``reach`` pixels (default :data:`ART_EDGE_REACH`): ``(h, w)`` bool, the art and its
    outline (the art alone with ``reach`` 0)."""
    h, w = shape
    my, mx = max(0, (h - mask.shape[0]) // 2), max(0, (w - mask.shape[1]) // 2)
    mask = mask[:h - my, :w - mx]
    full = np.zeros((h, w), np.uint8)
    full[my:my + mask.shape[0], mx:mx + mask.shape[1]] = mask
    size = 2 * reach + 1
    return cv2.dilate(full, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))).astype(bool)


def _symbol_mask(cell_lab: np.ndarray, bg: np.ndarray, art: np.ndarray | None = None) -> np.ndarray:
    """A first guess of the art of a card's cell ``(h, w, 3)`` CIELAB on a face of one colour
    ``bg`` (3,) Lab: uint8 0/1 mask of the cell's middle (12% in from each side); the art is
    what stands apart from the face (Otsu on the distance) towards white, or towards ``art``
    (the art's Lab colour from a profile), at the art's own level (:func:`vision.symbols.art_side`,
    the rule of :func:`vision.symbols.symbol_masks`)."""
    h, w = cell_lab.shape[:2]
    core = cell_lab[int(0.12 * h):h - int(0.12 * h), int(0.12 * w):w - int(0.12 * w)]
    off = core - bg  # (how far each pixel lies from the face)
    # the art is lighter than the card and its colour distance is bimodal: split it (Otsu)
    d, floor = apart_from_face(off)
    apart = d > floor
    # the art lies from the face towards white, or towards the art's colour as a profile
    # measured it, at the art's own level (as in vision.symbols.symbol_masks)
    proj, level = art_side(off, bg, apart, art)
    # keep components near the middle (the art), drop specks and rim glare
    return middle_components((apart & (proj > max(ART_TOWARD_WHITE, level))).astype(np.uint8))


def _held_card_like(fg: np.ndarray, d_table: np.ndarray, d_pal: np.ndarray, even: np.ndarray,
                    unlike_table: np.ndarray | None = None) -> np.ndarray:
    """Which cells ``(N,)`` bool may be cards the light fitted on the others predicts loosely
    (see :data:`HELD_CARD_FIT`): the foreground mask's share of each centre ``fg``, its colour's
    distance to the table ``d_table`` and to the nearest paint as lit ``d_pal`` (CIEDE2000), and
    whether it is even and not blown out ``even`` (all ``(N,)``). ``unlike_table`` ``(N,)``
    bool: the cell's colour is unlike every look of the bare table (:data:`TABLE_LOOKS`); such a
    cell needs no foreground, whose model of a patterned cloth takes in the cloth's checks of a
    card's colour and so the cards of that colour (tap7dev hard-134: six purple cards on a
    purple gingham, foreground 0, even (spread 1.2, the cloth's cells 8.4), 22 from the table,
    10.5 from purple). Its symbol still decides (see :func:`_vouched_cards`)."""
    held = np.asarray(fg) >= HELD_CARD_FG
    if unlike_table is not None:
        held |= np.asarray(unlike_table, bool)
    return (held & (np.asarray(d_table) >= GROW_APART)
            & (np.asarray(d_pal) <= HELD_CARD_FIT) & np.asarray(even, bool))


def _veiled_card_like(labs: np.ndarray, palette: Palette, light: np.ndarray | None,
                      profile: Mapping | None, fg: np.ndarray, d_table: np.ndarray,
                      even: np.ndarray | None, nearness: np.ndarray | None, left_out: list
                      ) -> np.ndarray:
    """Which cells ``(N,)`` bool left out (``left_out``) may be cards a lamp's veil washed out.

    A hot spot adds the lamp's light smoothly over a broad patch: a card under it shows its
    paint diluted towards the light's white (lighter, paler, its hue kept), 25-37 from every
    paint as the light fitted on the other cards predicts it, so neither its fit nor a close
    colour makes it card-like; and its outline may show on two sides only (the veil lowers
    the edges). But the table under the same veil is diluted alike and stays apart from it.
    Such a cell is card-like when the foreground mask holds it (:data:`HELD_CARD_FG`), it is
    even and not blown out (``even``), :data:`GROW_APART` or more from the table's median
    (``d_table``) and from every look of the bare table (``nearness``, see ``TABLE_LOOKS``),
    and its colour is a paint as lit (``light``, the forward model's correction) plus a
    sheen of the light (:func:`_sheen_distance`) within :data:`VEILED_CARD_FIT`. Its symbol
    then decides (see :func:`_vouched_cards`). ``labs`` ``(N, 3)`` the cells' colours (CIELAB),
    ``fg``, ``d_table``, ``even``, ``nearness``, ``left_out`` ``(N,)`` each; ``profile`` a
    calibration profile or None. (Measured: tap10dev hard-575, eight cards in a hot spot on a
    cream polka-dot cloth, the mask 1.0 on each, 26-30 from the table, 24-37 from every paint
    as lit, 12-23 with a sheen; the cloth's cells 0-4 from the table.)"""
    out = np.zeros(len(labs), bool)
    if nearness is None or even is None:
        return out
    ask = (np.asarray(left_out, bool) & (fg >= HELD_CARD_FG) & np.asarray(even, bool)
           & (d_table >= GROW_APART) & (nearness >= GROW_APART))
    if not ask.any():
        return out
    idx = np.flatnonzero(ask)
    sheen = _sheen_distance(labs[idx], palette, light, profile).min(axis=1)
    out[idx] = sheen <= VEILED_CARD_FIT
    return out


def _veiled_fit(labs: np.ndarray, fit: np.ndarray, palette: Palette, light: np.ndarray | None,
                profile: Mapping | None) -> np.ndarray:
    """Each cell's fit ``(N,)`` (CIEDE2000) to the paints, ``fit`` or, where that lies over
    :data:`ALIEN_COLOUR`, a paint as lit (``light``) plus a sheen of the light
    (:func:`_sheen_distance`) if nearer. ``labs`` ``(N, 3)`` the cells' colours (CIELAB).
    A card under a lamp's veil is its paint diluted towards the light's white: pale pink or
    orange, 24-28 from every paint as lit, 9-20 with a sheen; the mask may drop it with the
    veiled table (foreground 0, so :func:`_veiled_card_like` does not ask), while its outline
    still runs along three or four sides (:func:`_outlined_card_like`). (Measured: final12
    normal-704, an orange and two red cards in a hot spot on a cream table, 24.3,
    24.4 and 28.1 from every paint as lit, 9.3, 17.8 and 20.0 with a sheen.)"""
    out = np.asarray(fit, float).copy()
    far = np.flatnonzero(out > ALIEN_COLOUR)
    if len(far):
        sheen = _sheen_distance(labs[far], palette, light, profile).min(axis=1)
        out[far] = np.minimum(out[far], sheen)
    return out


def _card_coloured(d_table: np.ndarray, fit: np.ndarray, even: np.ndarray) -> np.ndarray:
    """Whether each cell ``(N,)`` is coloured as a card left out may be, whatever the light
    fitted on the cards predicts of its paint: its colour lies :data:`GROW_APART` or more from
    the table's median (``d_table``, CIEDE2000), no further than :data:`ALIEN_COLOUR` from a
    paint as lit, with a sheen of the light (``fit``, see :func:`_veiled_fit`), and it is even
    and not blown out (``even``). All arrays ``(N,)``."""
    return ((np.asarray(d_table) >= GROW_APART) & (np.asarray(fit) <= ALIEN_COLOUR)
            & np.asarray(even, bool))


def _outlined_card_like(full_sides: np.ndarray, coloured: np.ndarray) -> np.ndarray:
    """Whether each cell ``(N,)`` left out may be a card whatever the light fitted on the cards
    predicts of its paint: a card's outline (its rim against the gap) runs along
    :data:`OUTLINE_FULL` of its sides or more (``full_sides``: how many, see
    :func:`_full_sides`) and it is coloured as a card may be (``coloured``, see
    :func:`_card_coloured`). A blue or purple card on a cloth striped in blue
    and purple stands out from the table but not from the mask's model of it, and fits blue
    16-17 away under a warm lamp the other cards' light fitted; a pale orange or red card in a
    warm hot spot fits no paint as lit either. Its symbol then decides (see
    :func:`_vouched_cards`): a stripe shows no compact white art in its middle on a plain face.
    The table's own colour is left out: a polka-dot or checked cloth's cells make outlines and
    specks of art too (the independent renderer's normal 005: four cream cells read as cards
    when they were not). (Measured on 139 Tapestry photos of the independent and own renderers:
    errors 32 -> 27, none more.)"""
    return (np.asarray(full_sides) >= OUTLINE_FULL) & np.asarray(coloured, bool)


def _unlike_card_like(unlike_table: np.ndarray, coloured: np.ndarray) -> np.ndarray:
    """Whether each cell ``(N,)`` left out may be a card however washed, blurred or dropped by
    the foreground mask: its colour lies :data:`GROW_APART` or more from every look of the bare
    table (``unlike_table``, see :data:`TABLE_LOOKS`) and it is coloured as a card may be
    (``coloured``, see :func:`_card_coloured`: apart from the table's median, near a paint as
    lit with a sheen, even).

    A card under a broad glare or a lamp's veil is its paint diluted towards the light, 14-22
    from every paint as the other cards' light predicts it (pale cyan, pink and sky-blue cards);
    the mask's model of the table, lit alike, may drop it (foreground 0), and motion blur or the
    veil smear its outline along two sides at most, so neither :func:`_held_card_like` (a close
    fit), :func:`_veiled_card_like` (the mask) nor :func:`_outlined_card_like` (the outline)
    takes it. What survives the wash is what the card is: a face of one colour the bare table
    never shows, with the white art of a symbol in its middle. Its symbol then decides (see
    :func:`_vouched_cards`, :func:`_shows_card`: compact art clear of the rim on a plain face),
    and only beside the cards found. (Measured: col9 hard-783, pink and blue cards in a glare on
    orange wood, 33-38 from the table, 11-22 from every paint, the mask 0, one or two sides
    outlined; final15 hard-1433, cyan cards 14-19 from every paint.) All arrays ``(N,)``."""
    return np.asarray(unlike_table, bool) & np.asarray(coloured, bool)


def _even_on_print(labs: np.ndarray, spread: np.ndarray, even: np.ndarray, bare: np.ndarray,
                   fit: np.ndarray) -> np.ndarray:
    """Whether each cell ``(N,)`` left out may be a card of the colour of a printed cloth's ink:
    it is plain where the bare table is printed (its cells' median spread over
    :data:`EVEN_SPREAD`, on :data:`TABLE_LOOKS` cells at least), its centre's spread
    (``spread``, CIELAB, see :func:`_region_stats`) even (``even``: not blown out either) and at most the bare table's
    cells' median spread over :data:`PRINT_SPREAD`; in a colour a paint may take under the
    light, with a sheen (``fit``, see :func:`_veiled_fit`, within :data:`ALIEN_COLOUR`); and
    unlike every plain look of the bare table: the :data:`TABLE_LOOKS`-th nearest of the bare
    table's cells that are plain so (``bare``: the view's outer ring less the cards seen there)
    lies :data:`GROW_APART` or more from its colour, or the bare table shows fewer.
    ``labs`` ``(N, 3)`` the cells' colours (CIELAB); the others ``(N,)``.

    A print (gingham, stripes, flowers) puts its ink and its ground in every cell of the cloth;
    a card's face is one paint, its art a compact mark in the middle. A card in the ink's colour
    lies near the cloth's median and its checks (a yellow card on a yellow gingham, 7 from the
    cloth's median), so neither the mask nor its colour tells it from the table (see
    :func:`_unlike_card_like`); its plain face does, where the bare table shows no plain cell of
    its colour (a floral's plain ground would). Its symbol then decides (see
    :func:`_vouched_cards`), and only beside the cards found."""
    bare, spread = np.asarray(bare, bool), np.asarray(spread, float)
    # (a print shows: the bare table's cells are uneven themselves, its ink against its ground;
    # a plain or grainy table's are not, and a median of fewer cells than the table's looks
    # says nothing)
    table = float(np.median(spread[bare])) if bare.sum() >= TABLE_LOOKS else 0.0
    if table <= EVEN_SPREAD:
        return np.zeros(len(labs), bool)
    plain = np.asarray(even, bool) & (spread * PRINT_SPREAD <= table)
    unlike = _nearness_or_far(labs[bare & plain], labs) >= GROW_APART
    return unlike & plain & (np.asarray(fit) <= ALIEN_COLOUR)


def _nearness_or_far(looks: np.ndarray, labs: np.ndarray) -> np.ndarray:
    """:func:`_kth_nearest` ``(N,)`` of the colours ``labs`` ``(N, 3)`` to the looks ``looks``
    ``(M, 3)``; infinite for all when there are fewer than :data:`TABLE_LOOKS` looks."""
    return (_kth_nearest(looks, labs) if len(looks) >= TABLE_LOOKS
            else np.full(len(labs), np.inf))


def _ring_cards(ctx: _Ctx, cells: list[tuple[int, int]], regions: Mapping
                ) -> set[tuple[int, int]]:
    """Of the window's outer ring's cells ``cells`` (row, col) left out, even, apart from the
    table, in a tile's colour (see _occupancy), those that show a card (art in the middle of a
    plain face, see :func:`_shows_card`; ``regions`` each cell's pixels).

    The ring is the bare table's sample: its colours are the table's looks (see
    :data:`TABLE_LOOKS`). A run of cards the mask missed (washed by a glare, of a colour its
    model of the table holds) that reaches the ring makes the cards' colour a look of the
    table, and none of them is then unlike the table (:func:`_held_card_like`,
    :func:`_unlike_card_like`). A card's art on a plain face is no look of the table: such
    cells are left out of the table's looks, and those beside the layout widen the window (see
    :func:`_cards_on_the_ring`). (Measured: col9 hard-783, three pink cards in a glare on the
    ring of a window the mask set, beside blue ones; tap18 hard-1320, a group of blue and
    purple cards the mask missed, half on the ring.)"""
    if not cells:
        return set()
    if isinstance(regions, _LazyCells):
        regions.need(cells)
    found = _card_symbols(ctx, cells, regions)
    return {(int(r), int(c)) for (r, c), (_, mask) in found.items()
            if _shows_card(mask, regions[(r, c)])}


def _cards_on_the_ring(ctx: _Ctx, occ: Mapping) -> list[tuple[int, int]]:
    """The cards on the window's outer ring (:attr:`_Ctx.ring_cards`, see :func:`_ring_cards`)
    that touch the layout ``occ`` (cell -> occupied), at a corner too, whether or not the
    reading takes them: the layout carries on past the window, which the caller widens (see
    ``vision.pipeline._cards_within``), as it does where cards were read on the ring."""
    taken = {c for c, v in occ.items() if v}
    ring = sorted(c for c in ctx.ring_cards if _touches(c, taken, corners=True))
    if ring:
        logger.debug("cards on the window's ring: %s", ring)
    return ring


def _ring_cards_and_faces(ctx: _Ctx, occ: Mapping, ring_cards: list[tuple[int, int]],
                          die_faces: bool, dotted: bool | None) -> list[tuple[int, int]]:
    """The cells on the window's ring the caller widens the window to (``info["ring_cards"]``
    of :func:`read_cells`): the cards there beside the layout (``ring_cards``, see
    :func:`_cards_on_the_ring`) and, where every tile lies pips up (``die_faces``), the die
    faces read there beside the layout ``occ`` (cell -> occupied; see
    :func:`_faces_on_the_ring`), sorted; ``ring_cards`` itself otherwise.

    The die faces join only where the bare table was looked at (``dotted``, whether it reads
    as die faces: None when it was not looked at) and does not read so. By the time
    ``ring_cards`` is set, it was looked at (``table_reads_dots`` in
    :func:`read_cells_steps`, which fills ``ctx.table_dots``) only where a cell beside the
    layout was vouched for by its pips (the checks of cells of the table's colour against a
    dotted table look at it later in the reading, too late for this): a die face on the ring
    is reported only where some other cell of the reading showed a die face beside the layout.
    On a table that reads as die faces (a polka-dot cloth, ``dotted`` True) they are its
    dots."""
    if die_faces and dotted is not None and not dotted:
        return sorted(set(ring_cards) | set(_faces_on_the_ring(ctx, occ)))
    return ring_cards


def _faces_on_the_ring(ctx: _Ctx, occ: Mapping) -> list[tuple[int, int]]:
    """The cells of the window's outer ring read as die faces (``ctx.table_dots``, see
    :func:`_table_shows_pips`) that share a side with the layout ``occ`` (cell -> occupied).

    ``ctx.table_dots`` is filled only when the bare table was looked at (``table_reads_dots``
    in :func:`read_cells_steps`; before the ring's faces are asked for, only once a cell beside
    the layout was vouched for by its pips) and holds the ring's cells left empty then: so a die
    face on the ring is reported only where some other cell of the reading showed a die face
    beside the layout, and none otherwise (see :func:`_ring_cards_and_faces`, which also asks
    that the table not read as die faces).

    The ring is the bare table's sample (its cells are the table's looks), but nothing keeps a
    cell of it from being taken for a tile (its pips beside the layout: ``ctx.pip_candidates``,
    grown from the layout, holds the ring's cells too); ``ctx.table_dots`` holds only those
    left empty when the table was looked at. Where every tile lies pips up (Octopus) and few
    of the ring's cells read as die faces (under :data:`TABLE_PIPS_SHARE`: no polka-dot cloth),
    one beside the layout is a tile the window (set by the foreground mask, which missed it)
    cut off. The caller widens the window to it
    and reads again, where its pips vouch for it as for any cell beside the layout (the
    independent renderer's final26 octopus-normal-4005: an orange 5 and a white 5 at the
    window's corner, the only die faces of 26 ring cells, read on the widened window, 2 -> 0
    wrong cells; on all 372 Octopus development photos no other board changed)."""
    taken = {c for c, v in occ.items() if v}
    ring = sorted(c for c in ctx.table_dots if _touches(c, taken))
    if ring:
        logger.debug("die faces on the window's ring beside the layout: %s", ring)
    return ring


def _vouched_cards(ctx: _Ctx, occ: dict, regions: Mapping) -> list:
    """Card-like cells (:attr:`_Ctx.card_like`) beside the cards found, in rounds, that show a
    card's symbol (art in its middle, clear of the rim, see :func:`_symbol_visible`, on a plain
    face); their symbols join ``ctx.symbols``, and those in a lamp's glare ``ctx.hot_art`` (see
    :func:`_in_glare`). On a cloth of the cards' own colour the colour
    and the outline say little, the art says it is a card (and the plain face tells it from the
    cloth's checks, see :data:`PATTERN_EDGES`). That there is art vouches, not which symbol it
    is: how sure its name is, is no evidence either way (a far card's cell, 32 x 44 pixels at a
    steep tilt, tells a fist from a hand or a disc with confidence 0.2-0.45 only, the
    independent renderer's hard 009, red cards on a red gingham; a fist whose outline is as
    round as the rules' border between a fist and a sheet, 0.87, is named either way at
    confidence 0.19, final11 hard-605: the orange card that joins a red and orange arm of the
    layout to the rest); the finer read on each card's own view names it later. A card in the
    lamp's hot spot (:attr:`_Ctx.card_hot`, see :data:`HOT_SPOT_CARD_FG`) shows its art against
    its face fitted as a smooth surface (:func:`vision.symbols.symbol_mask`), or, blown out and
    outlined on all four sides, is a card whose art the light washed out."""
    todo = [c for c in ctx.card_like if not occ.get(c)]
    if not todo:
        return []
    if isinstance(regions, _LazyCells):
        # (one box for these and the cards found, which are read next)
        regions.need(todo + [c for c, v in occ.items() if v])
    found = _card_symbols(ctx, todo, regions)
    # (a card in the lamp's hot spot: its face uneven, brighter than the ring's median over a
    # broad patch that joins the art; the art stands apart from the face fitted as a smooth
    # surface, as on a card's own view, see HOT_SPOT_CARD_FG and _uneven_art)
    lost = [c for c in todo if c in ctx.card_hot and not _symbol_visible(found[c][1])]
    found.update({c: (found[c][0], mask) for c, mask in _uneven_art(lost, regions).items()})
    # (under a profile, marks that lead away from the print's colour are no print: see
    # _marks_of_print; a card in the hot spot keeps its own tests, its face and art washed,
    # the face perhaps paler than its print there)
    art = profile_art_lab(ctx.profile, None)
    showing = {c for c, (bg, mask) in found.items() if _shows_card(mask, regions[c])
               and (art is None or c in ctx.card_hot or _marks_of_print(regions[c], bg, mask, art))}
    # (and a card the hot spot washed out, its art with it: blown out, outlined all round)
    showing |= {c for c in todo if c in ctx.card_hot and _washed_with_art(ctx, c)}
    # (a card may touch the layout at a corner only: Tapestry's setup lays four cards on a
    # diagonal, and a card placed beside one of them leaves the others touching at corners)
    vouched = _grown(sorted(showing), {c for c, v in occ.items() if v}, corners=True)
    logger.debug("card-like cells %s, showing a card %s, vouched for %s", todo, sorted(showing), vouched)
    ctx.symbols.update({c: found[c] for c in vouched})
    ctx.hot_art |= {c for c in vouched if _in_glare(ctx, c, found[c][1])}
    return vouched


def _marks_of_print(cell_lab: np.ndarray, bg: np.ndarray, mask: np.ndarray,
                    art: np.ndarray) -> bool:
    """Whether the marks a card cell ``(h, w, 3)`` CIELAB shows on its face ``bg`` ``(3,)`` Lab
    (``mask``, see :func:`_symbol_mask`) can be the print whose colour a profile measured,
    ``art`` ``(3,)`` Lab: their median lies nearer that colour than the face does, or lighter
    than the face (a white print in brighter light than the calibration's).

    The art is found as what lies from the face towards the print's colour (see
    :func:`vision.symbols.art_side`); where the face is itself near that colour (a cream table
    under a warm lamp, 9-10 from a cream print), that way points anywhere, and a dark object on
    the table leads along it: a die's black body (L* 50 on a table at L* 97, 44 from the print's
    colour against the table's 9) read as a blue card beside the layout (the calibration
    measure's Tapestry seed 1, photo 9), a coin (L* 79, 15.5 against 9.7) as a card on a
    candidate lattice of photo 5.
    A card's print, lit as in the calibration photo or more brightly, is neither darker than
    its face nor further than it from the print's colour."""
    marks = _art_in_cell(mask, cell_lab.shape[:2], reach=0)
    if not marks.any():
        return False
    seen = median_last(cell_lab[marks].astype(np.float64).T)
    art, bg = np.asarray(art, np.float64), np.asarray(bg, np.float64)
    return bool(np.linalg.norm(seen - art) < np.linalg.norm(bg - art) or seen[0] > bg[0])


def _cards_left_out(ctx: _Ctx, occ: Mapping) -> list[tuple[int, int]]:
    """The card-like cells (:attr:`_Ctx.card_like`) left out of the layout ``occ`` (cell ->
    occupied), of a colour unlike every look of the bare table (:attr:`_Ctx.unlike_table`, see
    :data:`TABLE_LOOKS`), that join it side by side, through one another (see :func:`_grown`):
    part of the layout the reading did not take, for its coverage (see :func:`_coverage`).
    A checked cloth in a paint's colour makes card-like cells too, joined at their corners,
    each a look of the table (tap16 normal-1051: 31 card-like cells on a gingham, none showing
    a card; counted, the coverage fell to 0.35 and a lattice of the checks won).

    A card is one paint, even, on a lattice of cards: cells of a paint beside the layout are
    cards whether or not this lattice's cells show their symbols. A lattice that misses the
    layout's far end (its pitch or perspective a little off, so that the far cards straddle
    its cells and show no art in their middles) leaves them out, and the mask may miss them
    too (purple and blue cards on a cloth striped in purple: the mask's model of the table
    holds them), so that the coverage, counted on the mask alone, hides them and the lattice
    wins on the closer colour fit of the cards it does read. (Measured: final14 hard-1102, ten
    purple and blue cards at the far end of a steep view, card-like, 5.7-10.5 from their
    paints, the mask 0 on each: a lattice of the lines read 26 cards at coverage 1.0 and fit
    2.47; counted, its coverage is 0.60 and the next one, 30 cards at fit 3.07 widened over
    the cards on its window's ring, reads all 35.)"""
    return _grown(sorted(c for c in ctx.card_like
                         if not occ.get(c) and c in ctx.unlike_table and c not in ctx.by_art),
                  {c for c, v in occ.items() if v})


def _card_art_shows(ctx: _Ctx, regions: Mapping, cell: tuple[int, int]) -> bool:
    """Whether card cell ``cell`` (row, col; its region ``regions[cell]`` ``(h, w, 3)`` CIELAB)
    shows a card's art and not the table's: its colour is unlike every look of the bare table
    (``ctx.unlike_table``, see :data:`TABLE_LOOKS`: a cloth's checks or print are looks of it,
    though glared ones may not be, see :func:`_keep_main_group`) and it shows its symbol
    (``ctx.symbols``) on a plain face (see :func:`_shows_card`) or against its face fitted as a
    smooth surface (``ctx.uneven_art``, see :func:`_uneven_art`). A cell whose symbol was not read
    (none in ``ctx.symbols``) shows none. (Asked only of cells left in the layout, which passed
    :func:`_shows_card` once already: the table's looks are the test that tells a card from the
    cloth here.)"""
    if cell not in ctx.unlike_table:
        return False
    if cell in ctx.uneven_art:
        return True
    return cell in ctx.symbols and _shows_card(ctx.symbols[cell][1], regions[cell])


def _bare_cards(ctx: _Ctx, cells: list[tuple[int, int]], regions: Mapping) -> list[tuple[int, int]]:
    """Of card cells ``cells`` (their symbols read into ``ctx.symbols``), those that show no
    card (see :func:`_shows_card`): the table (a bright patch of it, glare) or its checks. A
    card the hot spot washed out with its art is no bare table (see :func:`_washed_with_art`);
    nor is one whose art, lost against its face's median, shows against its face fitted as a
    smooth surface (see :func:`_uneven_art`): its art joins ``ctx.symbols``, it joins
    ``ctx.uneven_art``, and ``ctx.hot_art`` if it lies in a hot spot's glare (see
    :func:`_in_glare`). Only a cell whose art was lost is looked at so: one whose art showed,
    on a patterned face, is the cloth's checks, however the smooth surface shows them."""
    unseen = [c for c in cells if not _shows_card(ctx.symbols[c][1], regions[c])
              and not _washed_with_art(ctx, c)]
    washed = _washed_flat(ctx, unseen, dict.fromkeys(cells, True), regions)
    if washed:
        logger.debug("cards washed flat by the hot spot, their own rims showing: %s", washed)
    unseen = [c for c in unseen if c not in washed]
    uneven = _uneven_art([c for c in unseen if not _symbol_visible(ctx.symbols[c][1])], regions)
    for c, mask in uneven.items():
        ctx.symbols[c] = (ctx.symbols[c][0], mask)
    ctx.uneven_art = set(uneven)
    ctx.hot_art = {c for c, mask in uneven.items() if _in_glare(ctx, c, mask)}
    return [c for c in unseen if c not in ctx.uneven_art]


def _uneven_art(cells: list[tuple[int, int]], regions: Mapping) -> dict[tuple[int, int], np.ndarray]:
    """Of card cells ``cells`` (row, col) whose art shows no symbol against their face's median
    (see :func:`_symbol_mask`), those that show one (see :func:`_shows_card`) against their face
    fitted as a smooth surface (:func:`vision.symbols.symbol_mask`, as each card's own view is
    read), with that art: ``{cell: mask}``, each mask uint8 (1 = art) of the cell's middle
    ``(h - 2 * int(ART_RIM * h), w - 2 * int(ART_RIM * w))`` (see
    :data:`vision.symbols.ART_RIM`) for a cell ``regions[cell]`` ``(h, w, 3)`` CIELAB.

    A face that varies across it (a lamp's hot spot, a shade) lifts or lowers part of it, there
    as light as its print or darker than the face's one median: against that median the print
    is lost, against the face's smooth rise or fall it shows (the independent renderer's final11
    hard-605: a scissors, a sheet and a fist on three cards in a line through the hot spot,
    their art faint but plain, read as bare cells; the cards beyond them were then cut off the
    layout). A patch of the bare table shows no art in its middle against its smooth surface,
    and a cloth's checks make a patterned face. Such a card's fit counts as a card vouched for
    by its symbol (see :func:`_lattice_fit`)."""
    out = {}
    for c in cells:
        mask = symbol_mask(np.asarray(regions[c], np.float32))
        if _shows_card(mask, regions[c]):
            out[c] = mask
    return out


def _in_glare(ctx: _Ctx, cell: tuple[int, int], art: np.ndarray) -> bool:
    """Whether a card cell lies in a lamp's hot spot: its face, without its art ``art`` (a mask
    of the cell's middle, see :func:`_uneven_art`) and the art's outline, blown out (see
    :func:`blown_out`) over more than :data:`GLARE_FACE` (white art may clip in bright light on
    any card). Such a card's colour, its paint plus the lamp's sheen, tells nothing of the
    light, which is fitted without it: its paint is its hue group's."""
    blown = ctx.blown_px.get(cell) if ctx.blown_px is not None else None
    if blown is None:
        return False
    face = ~_art_in_cell(art, blown.shape)
    return bool(face.any()) and float(blown[face].mean()) > GLARE_FACE


def _no_pips_seen(reading: tuple, below: float = PIP_MIN_CONTRAST) -> bool:
    """Whether a :func:`_read_solid` reading shows no pips at all: no die layout's pips stand
    out of the face by ``below`` (:data:`vision.pips.MIN_CONTRAST` unless given) in either
    polarity (a face whose count is merely unclear still shows pips)."""
    evidence = reading[4] if len(reading) > 4 else {}
    contrast = evidence.get("pip_contrast", {})
    return bool(contrast) and max(contrast.values()) < below


#: A cell blown out over :data:`GLARE_PATCH` of its centre with an outline along at least this
#: many sides may be a white tile clipped by a strong light (its colour, read from what is not
#: clipped, its pips and shading, fits no paint): its pips may still vouch for it (see
#: _occupancy). A lamp's reflection on the bare table shows no outline (at most one side: a
#: neighbour's) and no die face. (Measured: the dev renderer's clipped white tiles in the
#: middle of a layout, 3-4 sides.)
BLOWN_FACE_SIDES = 3


def _blown_face(ctx: _Ctx, cell: tuple[int, int]) -> bool:
    """Whether ``cell`` may be a blown-out white face: mostly clipped, with an outline along
    :data:`BLOWN_FACE_SIDES` sides."""
    return (ctx.blown is not None and ctx.sides is not None
            and ctx.blown.get(cell, 0.0) > GLARE_PATCH and ctx.sides[cell] >= BLOWN_FACE_SIDES)


def _washed_with_art(ctx: _Ctx, cell: tuple[int, int]) -> bool:
    """Whether a card cell may be a card the lamp's hot spot washed out with its art: blown out
    (see :func:`_blown_face`) with its outline (rim and gap) all along its four sides. Its
    symbol cannot show; a lamp's reflection on the bare table has no outline, and one on
    the table between cards has the cards' rims along two sides at most."""
    return (_blown_face(ctx, cell) and ctx.full_sides is not None
            and sum(ctx.full_sides[cell]) == 4)


#: A card the lamp's hot spot washed out is clipped flat: at most this share of its cell's middle
#: (inside :data:`vision.symbols.ART_RIM`) lies on a sharp step of lightness (over
#: :data:`PATTERN_STEP` L* per pixel; its art, washed with it, shows in faint steps only).
#: (Measured on the development photos' cells blown out over :data:`GLARE_PATCH` with an edge
#: along :data:`BLOWN_FACE_SIDES` sides and all along :data:`OWN_EDGES` facing the table: the
#: washed cards 0.000, final22 tapestry-hard-2811 and tap41 normal-2540; bare cells 0.11-0.37,
#: a marble's veins in the glare, tap41 hard-2540, a sheet's print, final17 hard-1762, a
#: cloth's stripes, final19 hard-1997.)
WASHED_FLAT = 0.02


def _washed_flat(ctx: _Ctx, cells: list[tuple[int, int]], taken: Mapping,
                 regions: Mapping) -> set[tuple[int, int]]:
    """Of card cells ``cells`` (row, col) that show no symbol, those that may be cards the
    lamp's hot spot washed out with their art although their outline does not show all round
    (see :func:`_washed_with_art`): blown out (see :func:`_blown_face`), clipped flat (see
    :func:`_flat_middle`, ``regions`` each cell's ``(h, w, 3)`` CIELAB) and with an edge all
    along :data:`OWN_EDGES` of their sides facing cells not ``taken`` (cell -> bool; see
    :func:`_own_sides`: their own rims and shadows; the sides facing the lamp, their walls as
    bright as the washed face and the table, may show none). The bare table's glare in a hole
    or a notch of the layout shows the cards' rims around it, none of its own (final20
    tapestry-hard-2101: white marble between cards, edges along the three sides facing
    cards). Then, in rounds, such a cell whose sides without an edge all face cards so found:
    two washed cards side by side show no gap between them (tap41 tapestry-normal-2540: two
    white cards among the layout, each with edges along its three other sides). (A limit: the
    glare in a notch beside a washed card so found looks the same, and is kept; none of the
    288 development photos shows one.)"""
    if ctx.full_sides is None:
        return set()
    flat = [c for c in cells if _blown_face(ctx, c) and _flat_middle(regions[c])]
    found = {c for c in flat if _own_sides(c, ctx.full_sides[c], taken) >= OWN_EDGES}
    while True:
        more = {c for c in flat if c not in found
                and all(edge or n in found for edge, n in zip(ctx.full_sides[c], _beside(c)))}
        if not more:
            return found
        found |= more


def _flat_middle(cell_lab: np.ndarray) -> bool:
    """Whether a cell ``(h, w, 3)`` CIELAB is flat in its middle (inside
    :data:`vision.symbols.ART_RIM` of its sides): no more than :data:`WASHED_FLAT` of it on a
    sharp step of lightness (over :data:`PATTERN_STEP` L* per pixel, see
    :func:`_patterned_face`)."""
    L = np.ascontiguousarray(cell_lab[..., 0], dtype=np.float32)
    h, w = L.shape
    my, mx = int(ART_RIM * h), int(ART_RIM * w)
    middle = L[my:h - my, mx:w - mx]
    if middle.size == 0:
        return False
    return float((_lightness_steps(middle) > PATTERN_STEP).mean()) <= WASHED_FLAT


def _enclosed(cell: tuple[int, int], occ: Mapping) -> bool:
    """Whether all four neighbours of ``cell`` are taken (``occ``: cell -> bool)."""
    return all(occ.get(n, False) for n in _beside(cell))


def _touches(cell: tuple[int, int], taken: set, *, corners: bool = False) -> bool:
    """Whether ``cell`` shares a side with a cell in ``taken`` (or, with ``corners``, a corner
    too)."""
    if corners:
        r, c = cell
        return any((r + dr, c + dc) in taken for dr, dc in AROUND)
    return any(nb in taken for nb in _beside(cell))


def _beside(cell: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The four cells sharing a side with ``cell`` (row, col), in the order of a cell's sides
    (see :func:`_full_sides`): above, below, left, right."""
    r, c = cell
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def _parts_along_sides(cells: set) -> dict:
    """Each of ``cells`` (row, col) -> the index of its group of cells joined along their sides
    (see :func:`connected_groups`)."""
    return {c: k for k, group in enumerate(connected_groups(set(cells), _beside((0, 0))))
            for c in group}


def _joins_parts(cell: tuple[int, int], part_of: Mapping) -> bool:
    """Whether ``cell`` lies along the sides of cells of two parts or more (``part_of``: cell
    -> part index, see :func:`_parts_along_sides`): a tile there would join them."""
    return len({part_of[n] for n in _beside(cell) if n in part_of}) > 1


def _grown(candidates: list, taken: set, *, admit: Callable[[list], list] | None = None,
           corners: bool = False, rounds: int = GROW_ROUNDS,
           past: Callable[[tuple[int, int], set], bool] | None = None) -> list:
    """The ``candidates`` that touch a ``taken`` cell, then those that touch one of them, for up
    to ``rounds`` rounds (:data:`GROW_ROUNDS`), in the order found. ``admit``: given each round's
    cells that touch, returns those that join (the others are not tried again); by default all.
    ``corners``: a corner touches too (see :func:`_touches`). ``past``: after ``rounds`` rounds,
    growing goes on with the candidates it accepts (given a cell and the cells taken so far)
    until a round adds none; every round takes a candidate or ends, so it ends within as many
    rounds as there are candidates."""
    taken = set(taken)
    left = [c for c in candidates if c not in taken]
    out: list = []
    done = 0
    while left:
        if done >= rounds:
            if past is None:
                break
            left = [c for c in left if past(c, taken)]
        touching = [c for c in left if _touches(c, taken, corners=corners)]
        left = [c for c in left if c not in touching]
        new = admit(touching) if admit is not None and touching else touching
        if not new:
            break
        out += new
        taken |= set(new)
        done += 1
    return out


def _stranded(vouched: Mapping, occ: Mapping) -> list:
    """The cells ``vouched`` for by their pips beside the layout that no longer touch the
    layout's other tiles (``occ`` cell -> bool) through cells so vouched for: grown from a cell
    taken out again (see :func:`_repeated_faces`), each of them vouched for only beside a tile
    it no longer has. ``occ`` holds the vouched cells, and the layout as it grew."""
    layout = {c for c, v in occ.items() if v and c not in vouched}
    joined = _grown([c for c in vouched if occ.get(c)], layout, rounds=len(vouched))
    return [c for c in vouched if c not in joined]


def _repeated_faces(vouched: Mapping, inked: Mapping | None = None) -> list:
    """The cells vouched for by their pips (their :func:`_read_solid` readings ``vouched``)
    whose die face (colour and pips) another of them shows too, or a cell beside the layout
    read as that die face but for the ink of the pips standing out (``inked``, cell ->
    reading, see ``ctx.inked`` and :func:`_pip_paints`), as it was read before that was
    looked at: where the set holds each die face once (Octopus), two such cells are not
    both tiles, and a table's pattern (stripes cut into dashes, a print's dots) repeats its
    chance die face along the layout's edge; all of them are left out. (A print's copy whose
    pips show its ink is no tile either, but it still tells of the pattern: final21
    octopus-normal-2302, a dark floral's cream hearts read as a black 2 beside the layout
    twice, one of them with a green leaf's edge for a pip.)"""
    faces = _face_groups({**{c: r for c, r in (inked or {}).items() if c not in vouched},
                          **vouched})
    return [c for cells in faces.values() if len(cells) > 1 for c in cells if c in vouched]


def _face_groups(readings: Mapping) -> dict:
    """The cells of ``readings`` (their :func:`_read_solid` readings) grouped by die face:
    ``{(colour, pips): [cell, ...]}``, groups and cells in the order first met."""
    seen: dict = {}
    for cell, r in readings.items():
        seen.setdefault((r[0].get("colour"), r[0].get("pips")), []).append(cell)
    return seen


#: The foreground mask holds a cell when at least this share of its centre stands out from the
#: table (where the mask's evidence in :func:`_occupancy` turns from against a tile to for it).
MASK_HOLDS = 0.45
#: Two cells read as one die face look alike (one paint or ink in one light) when their faces'
#: colours (as seen) lie within this CIEDE2000. (Measured on the independent renderer: its
#: floral cloth's flowers read as one face, final3 octopus-normal-062, 0.3-3.9 apart, and
#: 4.7-5.5 from the tile whose face they read, the mask holding it; a purple tile read blue 4
#: beside the blue 4 tile, final5 octopus-normal-080, 20.5 apart.)
REPEAT_ALIKE = 6.0


def _repeated_unheld(readings: Mapping, fg_cells: Mapping, looks: Mapping,
                     gapped: Collection = frozenset(),
                     enclosed: Collection = frozenset()) -> list:
    """Of the cells taken (their :func:`_read_solid` readings ``readings``, colour and pips
    named), those the foreground mask does not hold (``fg_cells`` below :data:`MASK_HOLDS`)
    whose die face (colour and pips) another cell taken shows too, in the same look (``looks``:
    each cell's Lab ``(3,)`` as seen, within :data:`REPEAT_ALIKE`). Where the set holds each die
    face once (Octopus) two such cells are not both tiles: a printed cloth in the tiles'
    colours repeats its motif in the same inks (a blue flower's petals around the white ground
    read as a blue 6 again and again), taken for its colour and its edges where the mask, which
    finds the layout, leaves it out. (Two tiles read as one face in different looks are two
    paints, one of them misnamed: the set's assignment sorts them out.) Of a face's cells, the
    one alone among them in ``gapped`` (a tile's gap all round it, see :func:`_gapped`) is the
    tile and stays: a motif repeated in a tile's own paint (a brown tile among brown flowers)
    crosses a cell's sides, it does not run along all four. Where not exactly one is so, the one
    alone among them in ``enclosed`` (tiles taken along :data:`ENCLOSED_SIDES` of its sides or
    more, see :func:`_held_in_layout`) is the tile and stays: a tile in a hole or a notch of the
    layout, the same face repeated by the cloth beside it (an independent render, oct57
    octopus-hard-2509: a blue 3 among four tiles and a blue flower read as a blue 3 beyond the
    layout, both left out of a blue-flowered cloth's mask)."""
    named = {c: r for c, r in readings.items()
             if r[0].get("colour") is not None and r[0].get("pips") is not None}
    out = []
    for cells in _face_groups(named).values():
        if len(cells) < 2:
            continue
        lab = np.array([looks[c] for c in cells], np.float64)
        d = ciede2000(lab[:, None, :], lab[None, :, :])  # (K, K)
        np.fill_diagonal(d, np.inf)
        tile = [c for c in cells if c in gapped]
        if len(tile) != 1:
            tile = [c for c in cells if c in enclosed]
        for k, cell in enumerate(cells):
            logger.debug("cell %s: its face read again %.1f apart in look", cell, d[k].min())
            if tile == [cell]:
                logger.debug("cell %s: a tile's gap all round it, or the layout's tiles, the "
                             "face's tile", cell)
                continue
            if fg_cells.get(cell, 0.0) < MASK_HOLDS and d[k].min() < REPEAT_ALIKE:
                out.append(cell)
    return out


#: A cell with tiles taken along this many of its four sides lies in a hole or a notch of the
#: layout, one tile wide (three sides: a notch; two make a corner, where a cloth's motif beside
#: the layout may lie as well).
ENCLOSED_SIDES = 3


def _held_in_layout(cells: Collection[tuple[int, int]]) -> set[tuple[int, int]]:
    """The cells of ``cells`` (row, col) with others of them along :data:`ENCLOSED_SIDES` of
    their four sides or more."""
    taken = set(cells)
    return {c for c in taken
            if sum(nb in taken for nb in _beside(c)) >= ENCLOSED_SIDES}


def _gapped(ctx: _Ctx, cell: tuple[int, int], taken: Mapping) -> bool:
    """Whether a tile's gap runs along all four sides of ``cell`` (``ctx.rim_sides``, an edge
    along :data:`RIM_ALONG` of each), one of them its own rim (see :func:`_own_rim`; ``taken``
    cell -> bool): a tile's outline, where a printed motif crossing the cell's sides runs along
    a part of them (a brown flower read as a brown tile's face: two such sides)."""
    return _outline_all_round(ctx.rim_sides, cell, taken)


def _gapped_inside(rim_sides: Mapping, cell: tuple[int, int]) -> bool:
    """Whether ``cell`` shows a tile's gap (``rim_sides``: cell -> 4 bools, see
    :func:`_full_sides`) along each of its sides inside the view. (A side on the view's edge
    shows none: its border's band is cut by the picture and the gradient there, reflected, is
    nil; see :func:`_border_edges`.)"""
    return all(s for s, n in zip(rim_sides[cell], _beside(cell)) if n in rim_sides)


#: A die face's pips are all the spots on it: around its die layout (the 3x3 grid the pips
#: fit, out to half a grid step past it, inside the tile's rim) the face is plain, where a
#: polka-dot cloth's dots, printed at their own pitch and phase, go on past the few a layout
#: happens to fit. A spot there of at least this share of the weakest pip's
#: centre-minus-surround response (same polarity; at the pips as seen, see :func:`_pips_as_seen`)
#: that lies off every pip (further than half a grid step) says the cell is no die face.
#: (Half the weakest pip: a dot as dark as a pip, blurred or cut by the window, still counts.
#: Measured (at the fitted pips, before :func:`_pips_as_seen`): the independent renderer's dotted
#: and printed cloths read as a die face show 1-30 such spots a cell; on its 108 Textile photos
#: a cloth cell vouched for as a tile went, no tile was lost.
#: Where every tile lies pips up (Octopus) the tiles' pips are the stronger evidence, and two
#: tiles went unvouched: there, only for cells of the bare table's very colour, see
#: :func:`_dotted_table`.)
STRAY_DOT_SHARE = 0.5


def _lab_origins(ctx: _Ctx, cells: list) -> np.ndarray:
    """Top-left corners ``(N, 2)`` (row, col pixels) of ``cells`` in ``ctx.lab``, the Lab view
    whose own corner lies at ``ctx.lab_origin`` in the top-down view."""
    td = ctx.td
    oy, ox = ctx.lab_origin
    return np.array([((r - td.r0) * td.ch - oy, (c - td.c0) * td.cw - ox) for r, c in cells])


def _seen_pips(ctx: _Ctx, reads: dict, farther: bool = False) -> Iterator[tuple]:
    """For each cell read as a die face (``reads``, :func:`_read_solid` readings whose cells
    ``ctx.lab`` covers) whose pips read that count in a polarity, ``(cell, pol, patch, resp,
    cy, cx, step)``: the cell with half a cell around it (``patch`` ``(h, w)`` L*), its
    centre-minus-surround response ``resp`` ``(h, w)`` in that polarity (positive on the pips),
    its pips as seen (``cy``, ``cx`` ``(k,)`` pixels in the patch, :func:`_pips_as_seen`) and
    their grid step in pixels. ``farther``: read as the cells were, on the grids reaching a
    tile far off its cell too (see :func:`vision.pips.read_pips`; layout cells), or on the
    near ones only (cells beside the layout)."""
    if not reads:
        return
    n = ctx.td.cw
    h, w = ctx.lab.shape[:2]
    # (only cells ctx.lab covers: _LazyCells.need crops it to the cells last asked for)
    cells = [c for c, (y, x) in zip(reads, _lab_origins(ctx, list(reads)))
             if y >= 0 and x >= 0 and y + n <= h and x + n <= w]
    if not cells:
        return
    origins = _lab_origins(ctx, cells)
    pip_reads = read_pips(ctx.lab[..., 0], n, origins, farther=farther,
                          faint_again=ctx.die_faces)
    for i, cell in enumerate(cells):
        count = reads[cell][0].get("pips")
        pols = [p for p in (1, -1) if int(pip_reads[p].count[i]) == count]
        if not pols:
            continue
        pol = max(pols, key=lambda p: pip_reads[p].contrast[i])
        centres = pip_centres(pip_reads[pol], n, i).astype(float)
        if not len(centres):
            continue
        y0, x0 = origins[i]
        # (the cell with half a cell around it: a tile off its cell keeps its layout inside)
        top, left = max(0, y0 - n // 2), max(0, x0 - n // 2)
        patch = ctx.lab[top:y0 + n + n // 2, left:x0 + n + n // 2, 0]
        dy, dx = y0 - top, x0 - left
        resp = pol * blob_response(np.ascontiguousarray(patch, np.float32), n, PIP_RADII[-1])
        step = pip_spacing(pip_reads[pol], n, i)
        cy, cx = _pips_as_seen(resp, centres[:, 0] + dy, centres[:, 1] + dx, step / 2)
        yield cell, pol, patch, resp, cy, cx, step


#: The scale (Gaussian sigma, as a share of a pip's radius at the first pip size) at which a
#: spot's curvature is measured: a pip's darkening is smoothed into one bowl, its rim's
#: antialiasing and the sensor's noise into nothing.
ROUND_SIGMA = 0.7


def _pip_roundness(ctx: _Ctx, reads: dict) -> dict:
    """For each cell read as a die face (``reads``, as :func:`_seen_pips`), how round its pips
    as seen are: the median over them of the smaller over the larger principal curvature of
    the lightness (the Hessian's eigenvalues at the pip, the spot's polarity made a bowl, on a
    Gaussian of :data:`ROUND_SIGMA` pip radii), 0-1. A die's pips are discs, 1 as seen from any
    angle a phone photo is taken at; a cloth's stripe cut by a die layout into "pips" is a
    ridge, curved across it and flat along it, near 0."""
    n = ctx.td.cw
    sigma = ROUND_SIGMA * pip_box(PIP_RADII[0], n)
    out = {}
    for cell, pol, patch, _resp, cy, cx, _step in _seen_pips(ctx, reads):
        smooth = cv2.GaussianBlur(np.ascontiguousarray(patch, np.float32), (0, 0), sigma)
        # (the spot made a bowl: a dark pip a minimum, a light one a maximum turned over)
        bowl = -pol * smooth
        dyy = cv2.Sobel(bowl, cv2.CV_32F, 0, 2, ksize=3)
        dxx = cv2.Sobel(bowl, cv2.CV_32F, 2, 0, ksize=3)
        dxy = cv2.Sobel(bowl, cv2.CV_32F, 1, 1, ksize=3)
        ratios = []
        for y, x in zip(cy.astype(int), cx.astype(int)):
            a, b, c = float(dyy[y, x]), float(dxx[y, x]), float(dxy[y, x])
            mean, dev = (a + b) / 2, math.hypot((a - b) / 2, c)
            big, small = mean + dev, mean - dev
            ratios.append(max(0.0, small) / big if big > 0 else 0.0)
        out[cell] = float(np.median(ratios))
    return out


def _stray_dots(ctx: _Ctx, reads: dict, farther: bool = False) -> set:
    """Of the cells read as die faces (``reads``, :func:`_read_solid` readings whose cells
    ``ctx.lab`` covers), those that show a spot of the pips' kind off their die layout (its pips
    as seen, :func:`_pips_as_seen`) but within half a grid step of it (see
    :data:`STRAY_DOT_SHARE`): a dotted table, not a tile's face. ``farther``: see
    :func:`_seen_pips`."""
    rad = pip_box(PIP_RADII[-1], ctx.td.cw)
    out = set()
    for cell, _pol, _patch, resp, cy, cx, step in _seen_pips(ctx, reads, farther):
        level = float(min(resp[int(y), int(x)] for y, x in zip(cy, cx)))
        if level <= 0:
            continue
        mid = np.array([(cy.min() + cy.max()) / 2, (cx.min() + cx.max()) / 2])
        # the die grid's box (its centre is the face's; a '1' fits the centre only) out to half
        # a step past its outer pips
        half = step * 1.5
        gy0, gy1 = int(max(0, mid[0] - half)), int(min(resp.shape[0], mid[0] + half + 1))
        gx0, gx1 = int(max(0, mid[1] - half)), int(min(resp.shape[1], mid[1] + half + 1))
        # (maxima of the whole patch's response: the window's own would put one on its edge
        # wherever the response rises across it, towards a tile's rim or side beyond it)
        local_max = resp == cv2.dilate(resp, np.ones((2 * rad + 1, 2 * rad + 1), np.uint8))
        win = resp[gy0:gy1, gx0:gx1]
        peaks = local_max[gy0:gy1, gx0:gx1] & (win >= STRAY_DOT_SHARE * level)
        ys, xs = np.nonzero(peaks)
        if not len(ys):
            continue
        d = np.hypot((ys + gy0)[:, None] - cy[None, :], (xs + gx0)[:, None] - cx[None, :]).min(axis=1)
        if (d > step / 2).any():
            logger.debug("cell %s: a spot off its die layout (%d of %d): a dotted table", cell,
                         int((d > step / 2).sum()), len(d))
            out.add(cell)
    return out


def _pips_as_seen(resp: np.ndarray, cy: np.ndarray, cx: np.ndarray, reach: float
               ) -> tuple[np.ndarray, np.ndarray]:
    """The fitted pips' centres (``cy``, ``cx`` ``(k,)``, pixels in ``resp`` ``(h, w)``) each
    moved to the strongest response within ``reach`` pixels of it (a square window): the pips
    as seen. (The near die grids shift by at most 0.16 cell, see pips.NEAR_SHIFT: a tile further
    off its cell shows its pips off the fitted grid, whose weakest pip's response then is low
    and whose box reaches over the tile's rim; indie final14 octopus-hard-1100, a white '3' a
    fifth of a cell off its cell: its weakest pip 8.6 at the fitted centre, 56.9 as seen.)"""
    r = int(reach)
    ys, xs = [], []
    for y, x in zip(cy.astype(int), cx.astype(int)):
        top, left = max(0, y - r), max(0, x - r)
        win = resp[top:y + r + 1, left:x + r + 1]
        k, j = np.unravel_index(int(np.argmax(win)), win.shape)
        ys.append(top + k)
        xs.append(left + j)
    return np.array(ys, float), np.array(xs, float)


def _dotted_table(ctx: _Ctx, reads: dict, die_faces: bool, farther: bool = False) -> set:
    """Of the cells beside the layout read as die faces (``reads``, :func:`_read_solid` readings
    whose cells ``ctx.lab`` covers), those that show a spot off their die layout
    (:func:`_stray_dots`): a dotted table. Where tiles may lie pips down (Textile), any of them;
    where every tile lies pips up (``die_faces``, Octopus) a tile's pips are the stronger
    evidence, so only those with no other (:func:`_dark_on_ground`). ``farther``: the cells
    are the layout's, read on the grids reaching farther (see :func:`_seen_pips`)."""
    return _stray_dots(ctx, {c: r for c, r in reads.items()
                             if not die_faces or _dark_on_ground(ctx, c)}, farther)


def _dark_on_ground(ctx: _Ctx, cell: tuple[int, int]) -> bool:
    """Whether a cell read as a die face is of the bare table's very colour (``ctx.table_same``)
    with pips darker than its face (``ctx.pip_lab``): a pale cloth printed in a darker ink shows
    chance die faces among its dots, stripes and flowers, as white as a white tile's face with
    its dark pips (the independent renderer's dotted, striped and floral cloths: a white tile
    read beside the layout in 7 cells of 6 development photos). (Not a tile of an ink's colour
    with light pips, a red tile beside a dark cloth's red stripes or a black one among black
    flowers: the cloth's light lines beside its rim lie within its die grid's box, 4 tiles of 3
    development photos lost.)"""
    lab = ctx.pip_lab.get(cell)
    return cell in ctx.table_same and lab is not None and float(lab[0][0]) < float(lab[1][0])


def _printed_pips(ctx: _Ctx, cell: tuple[int, int], reading: tuple, vouched: Collection) -> bool:
    """Whether a cell taken (its :func:`_read_solid` ``reading``) is of the bare table's own
    colour (``ctx.table_coloured``) or one the foreground mask does not hold (``ctx.fg`` below
    :data:`MASK_HOLDS`), not vouched for by its pips beside the layout, and shows pips of no
    pip paint (see :func:`_pips_of_pip_paint`): the table's print (a polka-dot cloth's dot in
    the middle of a hole in the layout; a red flower's yellow heart, taken for a red tile's one
    pip where the mask, which finds the layout, leaves the flower out), not a tile's die face,
    whose pips are white or black. Where tiles may lie pips down (Textile) too: a tile lying so
    shows no pips at all, one lying pips up its own (final23 textile-normal-3006, a white
    cloth's orange dots in two holes of the layout read as white 1s, and a white tile beside
    one lost to the colour rule)."""
    unheld = ctx.fg is not None and ctx.fg.get(cell, 1.0) < MASK_HOLDS
    return ((cell in ctx.table_coloured or unheld) and cell not in vouched
            and reading[0].get("pips") is not None and not _pips_of_pip_paint(ctx, cell, reading))


def _pips_of_pip_paint(ctx: _Ctx, cell: tuple[int, int], reading: tuple) -> bool:
    """Whether the pips read in ``cell`` (its :func:`_read_solid` ``reading``) are of a pip
    paint (see :func:`_pip_paints`): the reading's evidence ``pips_of_pip_paint`` where every
    tile lies pips up (``ctx.die_faces``, Octopus); where tiles may lie pips down (Textile) the
    paint kept aside in ``ctx.pip_lab`` (the reading leaves it out of its evidence there, see
    :func:`_read_solid`); True where it was not measured."""
    if len(reading) > 4 and "pips_of_pip_paint" in reading[4]:
        return bool(reading[4]["pips_of_pip_paint"])
    if ctx.die_faces:
        return True
    kept = ctx.pip_lab.get(cell)
    return True if kept is None else bool(kept[2])


#: A tile's face fills its cell: the part of a cell's window (its cell less
#: :data:`MOTIF_MARGIN` on each side: the gaps, a tile's teeth and a lattice a little off) that
#: lies apart from the face's paint (:data:`MOTIF_PAINT`), reaches the window's edge and is a look
#: of the bare table, is at most the size of a pip cut by that edge; over this share of the
#: window it is the ground between a printed cloth's petals. A pip a fifth of the tile across
#: (the independent renderer's 8 mm on 40) covers 0.031 of the cell, 0.055 of the window; the
#: tiles of its floral photos measured 0-0.063 in their cells; most flowers read as tiles
#: 0.23-0.32 however shifted (final16 octopus-normal-1605, final17 normal-1764, hard-1762), but
#: some lie at 0.12-0.2 (one of 1605's, oct35's, final12's). Tiles beside a table near their
#: colour, their rim's edge or a glare's gradient across the face apart from the paint, measure
#: 0.13-0.15 (final17 hard-1768, fresh hard-1915): at 0.12 both lost a tile (285 -> 271 wrong
#: cells of 544 Octopus photos, two photos worse); 0.2 gives up those few flowers to keep them
#: (285 -> 274, none worse). Chosen with hard-1915, a fresh seed: to be checked on new seeds.
MOTIF_SHARE = 0.2
#: ... the window's margin, a share of the cell's side on each side (a tile's teeth reach 3 mm
#: into its 40 mm side, a gap 5 mm beyond it).
MOTIF_MARGIN = 0.12
#: ... a pixel lies apart from the face's paint this far from it (CIELAB, Euclidean): a face's
#: shading and noise spread it by a few units (see UNEVEN_CELL), a pip or the ground by tens.
MOTIF_PAINT = 18.0
#: ... the window shifted by these (cells, along each axis) to find the face's paint filling it:
#: a lattice fitted over a layout may leave a tile up to a third of a cell off its cell on a
#: steep view (final10 octopus-hard-401's last rows: 0.19-0.38 of the window the table's there).
MOTIF_SHIFTS = (0.0, -0.15, 0.15, -0.3, 0.3)


def _hued(palette: Palette) -> np.ndarray:
    """Which of ``palette``'s paints ``(K,)`` bool have a hue (CIELAB chroma at least
    :data:`VEIL_NEUTRAL_CHROMA`: not black, white or grey)."""
    return np.hypot(palette.lab[:, 1], palette.lab[:, 2]) >= VEIL_NEUTRAL_CHROMA


def _kit_hued(kit: Kit, palette: Palette) -> np.ndarray:
    """Which of ``palette``'s paints ``(K,)`` bool have a hue by the kit's own colour (its
    hex, see :func:`_hued`), not as lit: a profile's white, learnt under a warm lamp, lies at
    chroma 12 or more (the calibration measure's Textile draw 0, over-exposed), a white still.
    A paint the kit does not name has none."""
    named = [n for n in palette.names if n in kit.colours]
    if not named:
        return np.zeros(len(palette.names), bool)
    hued = dict(zip(named, _hued(Palette.from_hex({n: kit.colours[n] for n in named}))))
    return np.array([bool(hued.get(n, False)) for n in palette.names], bool)


def _hued_paint(palette: Palette, name: str | None) -> bool:
    """Whether the paint ``name`` of ``palette`` has a hue (see :func:`_hued`); False for None
    (not read)."""
    return name in palette.names and bool(_hued(palette)[palette.names.index(name)])


def _on_view_ring(cell: tuple[int, int], td: TopDown) -> bool:
    """Whether ``cell`` (row, col) lies on the outer ring of the view ``td``: the bare table
    around the layout."""
    r, c = cell
    return r in (td.r0, td.r0 + td.rows - 1) or c in (td.c0, td.c0 + td.cols - 1)


def _ground_share(region: np.ndarray, face: np.ndarray) -> tuple[float, np.ndarray | None]:
    """The largest part of a cell's window (see :data:`MOTIF_MARGIN`) apart from its face's
    paint (:data:`MOTIF_PAINT`) that reaches the window's edge, blown-out glare left out (a hot
    spot on a face is no part apart): its share of the window and its median Lab (None without
    one). ``region`` ``(h, w, 3)`` Lab of the cell, ``face`` ``(3,)`` Lab. (The per-face form:
    :func:`_cloth_motifs` calls its parts per window; this is the reference it must match.)"""
    win = _motif_window(region)
    share, parts, k = _ground_part(win, ~blown_out(win), face)
    return share, None if parts is None else _part_median(win, parts, k)


def _motif_window(region: np.ndarray) -> np.ndarray:
    """The window of a cell's ``region`` ``(h, w, 3)`` a motif's ground is looked for in: the
    region less :data:`MOTIF_MARGIN` of it on every side (a view)."""
    h, w = region.shape[:2]
    my, mx = int(round(MOTIF_MARGIN * h)), int(round(MOTIF_MARGIN * w))
    return region[my:h - my, mx:w - mx]


def _ground_part(win: np.ndarray, clear: np.ndarray, face: np.ndarray
                 ) -> tuple[float, np.ndarray | None, int]:
    """:func:`_ground_share`'s part of the window ``win`` ``(h, w, 3)`` Lab apart from ``face``
    ``(3,)`` Lab, its pixels not blown out ``clear`` ``(h, w)`` bool (judged once for the
    window's faces): ``(share, parts, k)``, the part the label ``k`` of ``parts`` ``(h, w)``
    (``(0.0, None, 0)`` without one); its median is taken only where asked
    (:func:`_part_median`)."""
    parts, edge, sizes = _rim_parts(win, clear, face)
    if not len(edge):
        return 0.0, None, 0
    k = int(edge[np.argmax(sizes[edge])])
    return float(sizes[k]) / parts.size, parts, k


def _rim_parts(win: np.ndarray, clear: np.ndarray, face: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The parts of the window ``win`` ``(h, w, 3)`` Lab apart from ``face`` ``(3,)`` Lab by
    :data:`MOTIF_PAINT`, among its pixels not blown out ``clear`` ``(h, w)`` bool: ``(parts,
    edge, sizes)``, the labels ``(h, w)`` (8-connected, 0 the rest), the labels of the parts
    that reach the window's rim (:func:`_parts_on_the_rim`) and every label's pixel count."""
    off = (norm3(win - np.asarray(face, np.float32)) > MOTIF_PAINT) & clear
    n, parts = cv2.connectedComponents(off.astype(np.uint8), connectivity=8)
    return parts, _parts_on_the_rim(parts, n), np.bincount(parts.ravel(), minlength=n)


def _parts_on_the_rim(parts: np.ndarray, n: int) -> np.ndarray:
    """The labels (ascending, the background 0 left out) of the parts of ``parts`` ``(h, w)``
    (``n`` labels, as ``cv2.connectedComponents`` gives them) that reach its rim: the values of
    ``np.unique`` of the rim's labels, by a table of the labels."""
    rim = np.zeros(n, bool)
    for side in (parts[0], parts[-1], parts[:, 0], parts[:, -1]):
        rim[side] = True
    rim[0] = False
    return np.flatnonzero(rim)


def _part_median(win: np.ndarray, parts: np.ndarray, k: int) -> np.ndarray:
    """The median Lab ``(3,)`` of the pixels of ``win`` ``(h, w, 3)`` in the part ``k`` of
    ``parts``."""
    return median_last(win[parts == k].T)


def _shifted_windows(ctx: _Ctx, cell: tuple[int, int]) -> Iterator[np.ndarray]:
    """The Lab pixels ``(ch, cw, 3)`` of ``cell``'s box in ``ctx.lab``, shifted by every pair
    of :data:`MOTIF_SHIFTS` (cells; those ``ctx.lab`` covers): a tile a little off its cell
    fills one of them."""
    td = ctx.td
    y, x = _lab_origins(ctx, [cell])[0]
    h, w = ctx.lab.shape[:2]
    for dy in MOTIF_SHIFTS:
        for dx in MOTIF_SHIFTS:
            y0, x0 = int(round(y + dy * td.ch)), int(round(x + dx * td.cw))
            if 0 <= y0 <= h - td.ch and 0 <= x0 <= w - td.cw:
                yield ctx.lab[y0:y0 + td.ch, x0:x0 + td.cw]


def _cloth_motifs(ctx: _Ctx, cells: list[tuple[int, int]], faces: Mapping,
                  ring: list) -> list[tuple[int, int]]:
    """Of the occupied ``cells`` (``ctx.lab`` covers them) in a colour apart from the bare
    table's (the median of ``ring``), those whose face's paint (``faces``: each cell's looks of
    it, Lab, its centre's median first) leaves over :data:`MOTIF_SHARE` of their window to a
    part reaching its edge that is a look of the bare table (within :data:`GROW_APART` of the
    :data:`TABLE_LOOKS`-th nearest of ``ring``, the Lab of the view's bare ring cells), however
    the window is shifted (:func:`_shifted_windows`) and whichever look of the paint is taken:
    a printed cloth's motif (a flower's petals in a tile's colour, its ground between them), not
    a tile, whose face fills its cell but for its pips."""
    if len(ring) < TABLE_LOOKS or ctx.lab is None:
        return []
    looks = np.array(ring, np.float64)
    # (a face of the bare table's colour, a white tile on a cream cloth, is left to the other
    # rules: its face's paint is the ground's, and a part apart from it is a neighbour's edge
    # or the cloth's veins; final14 octopus-normal-1105, a white 6 on cream marble)
    table = median_last(looks.T)
    centres = np.array([faces[c][0] for c in cells], np.float64).reshape(-1, 3)
    apart_faces = ciede2000(centres, table[None, :]) >= GROW_APART
    found = []
    for cell in (c for c, ok in zip(cells, apart_faces) if ok):
        best, ground = _least_ground_share(ctx, cell, faces[cell], MOTIF_SHARE)
        if best > MOTIF_SHARE and ground is not None:
            apart = float(_kth_nearest(looks, ground[None, :].astype(np.float64))[0])
            logger.debug("cell %s: %.2f of its window apart from its face %s, %.1f from the "
                         "table's looks", cell, best, np.round(faces[cell][0]), apart)
            if apart < GROW_APART:
                found.append(cell)
    return found


def _least_ground_share(ctx: _Ctx, cell: tuple[int, int], faces: Iterable,
                        enough: float) -> tuple[float, np.ndarray | None]:
    """The least share (see :func:`_ground_share`) of ``cell``'s window apart from its face's
    paint over the windows shifted by :func:`_shifted_windows` and the looks of the paint
    ``faces`` (Lab ``(3,)`` each), and that part's median Lab (None without one); the search
    stops once a share is at most ``enough``."""
    best, ground = 1.0, None
    for region in _shifted_windows(ctx, cell):
        # (the window's glare judged once for its faces; a part's median taken only for
        # the least share so far: the values of _ground_share face by face)
        win = _motif_window(region)
        clear = ~blown_out(win)
        for face in faces:
            share, parts, k = _ground_part(win, clear, face)
            if share < best:
                best, ground = share, None if parts is None else _part_median(win, parts, k)
        if best <= enough:
            break
    return best, ground


#: A cell the foreground mask does not hold whose light "pips" are a look of the bare table
#: (the cloth's ground, or a flower's pale heart on it, within GROW_APART of the TABLE_LOOKS-th
#: nearest of the view's bare ring cells) is a printed flower where over this share of its
#: window lies apart from its face's paint in the parts that reach the window's edge, however
#: shifted (see :func:`_least_rim_share`; the largest part alone, :data:`MOTIF_SHARE`, is the
#: rule without such pips): the ground between its petals shows all round it. Measured on the
#: Octopus development photos (z42-octopus's sets): the flowers read as tiles 0.26-0.36
#: (final20 normal-2101, final23 hard-3004 and hard-3002, final22 hard-2805: 9 cells of 4
#: photos in the candidate lattices and the final one), real tiles beside a table near their
#: colour, a band of it along one side, 0.13-0.17 (final17 normal-1768, a blue 2 on a
#: blue-inked laminate; final24 normal-3405, a purple 6 on purple stripes; both lost their
#: tile when the largest part alone was asked over 0.07). Any value 0.17-0.26 holds them
#: apart: 0.2 about the middle. (Sources: the flowers' cells of 4 photos, 2 tiles of 2 photos.)
MOTIF_PIPS_AROUND = 0.2


def _ground_through_pips(ctx: _Ctx, cells: list[tuple[int, int]], faces: Mapping,
                         ring: list) -> list[tuple[int, int]]:
    """Of the occupied ``cells`` (``ctx.lab`` covers them; ``faces`` as
    :func:`_cloth_motifs` takes them), those the foreground mask does not hold (``ctx.fg``
    under :data:`MASK_HOLDS`) whose pips, read lighter than their face (``ctx.pip_lab``), are a
    look of the bare table (within :data:`GROW_APART` of the :data:`TABLE_LOOKS`-th nearest of
    ``ring``, the Lab of the view's bare ring cells) and whose face leaves over
    :data:`MOTIF_PIPS_AROUND` of their window apart from its paint in the parts reaching its
    edge, however shifted (:func:`_least_rim_share`): a printed
    flower whose "pips" are the cloth's ground between its petals or its pale heart. A tile's
    light pips are white, as a pale cloth may be, but its face fills its window but for them.
    Unlike :func:`_cloth_motifs` the face is not asked to stand apart from the table (the cells
    come painted, see :func:`_hued_paint`). Known reach, unmeasured (the review of oct80): a
    tile's own corner pips reach the window's rim when it lies up to 0.075 of a cell off the
    nearest shifted window, and count in the share (a 6's pips ~0.18 of the window): a 5 or 6
    off its cell beside a sliver of bare table could pass 0.2; no development photo did."""
    if len(ring) < TABLE_LOOKS or ctx.lab is None or ctx.fg is None:
        return []
    looks = np.array(ring, np.float64)
    found = []
    for cell in cells:
        kept = ctx.pip_lab.get(cell)
        if ctx.fg.get(cell, 1.0) >= MASK_HOLDS or kept is None:
            continue
        pips, face = (np.asarray(v, np.float64) for v in kept[:2])
        if pips[0] <= face[0]:
            continue
        like = float(_kth_nearest(looks, pips[None, :])[0])
        if like >= GROW_APART:
            continue
        around = _least_rim_share(ctx, cell, faces[cell])
        logger.debug("cell %s: pips %.1f from the table's looks, %.3f of its window apart "
                     "from its face at its edge", cell, like, around)
        if around > MOTIF_PIPS_AROUND:
            found.append(cell)
    return found


def _least_rim_share(ctx: _Ctx, cell: tuple[int, int], faces: Iterable) -> float:
    """The least share of ``cell``'s window apart from its face's paint in all the parts that
    reach the window's edge (not only the largest, as :func:`_ground_share`), over the windows
    shifted by :func:`_shifted_windows` and the looks of the paint ``faces`` (Lab ``(3,)``
    each): the ground between a flower's petals shows all round it, a tile beside a table near
    its colour or off its cell leaves one side's band."""
    best = 1.0
    for region in _shifted_windows(ctx, cell):
        win = _motif_window(region)
        clear = ~blown_out(win)
        for face in faces:
            parts, edge, sizes = _rim_parts(win, clear, face)
            best = min(best, float(sizes[edge].sum()) / parts.size)
    return best


def _table_colours(cells: list, d_table: np.ndarray, nearness: np.ndarray) -> tuple[set, set]:
    """Of ``cells``, those of a colour the bare table shows and those of its very colour.

    ``d_table`` ``(N,)``: each cell's CIEDE2000 from the median of the view's outer ring;
    ``nearness`` ``(N,)``: from the :data:`TABLE_LOOKS`-th nearest of the ring's cells. A colour
    the table shows lies within :data:`GROW_APART` of both (a patterned cloth's squares or
    flowers); its very colour within :data:`TABLE_SAME` of that many ring cells (the same surface
    under the same light), and is a colour it shows whatever the ring's median: on a printed
    cloth the median of its ground, its motifs and the floor beyond is the colour of none of
    them."""
    same = {cell for i, cell in enumerate(cells) if nearness[i] <= TABLE_SAME}
    shown = {cell for i, cell in enumerate(cells)
             if d_table[i] < GROW_APART and nearness[i] < GROW_APART}
    return shown | same, same


def _colours_seen(cells: list, d_table: np.ndarray, nearness: np.ndarray, d_pal: np.ndarray
                  ) -> dict:
    """Of ``cells``, what each one's colour shows where it tells: ``"table"`` when it lies
    nearer the bare table than any paint as lit, ``"paint"`` when it lies nearer a paint than
    the bare table and within :data:`OUTLINE_FREE_FIT` of it (a tile by its colour alone).
    The bare table is its median (``d_table`` ``(N,)``, CIEDE2000) or its
    :data:`TABLE_LOOKS`-th nearest ring cell (``nearness`` ``(N,)``, a printed cloth's ground);
    the paint the nearest one (``d_pal`` ``(N,)``); ``"neither"`` elsewhere (a face the light
    changed, a tile's at a hot spot's edge). A cell read as a tile in the table's colour
    is one only by its outline: the table's ground in a hole of the layout shows the
    outline of the tiles around it too."""
    seen = {}
    for i, cell in enumerate(cells):
        table = min(float(d_table[i]), float(nearness[i]))
        if table < d_pal[i]:
            seen[cell] = "table"
        elif d_pal[i] < table and d_pal[i] <= OUTLINE_FREE_FIT:
            seen[cell] = "paint"
        else:
            seen[cell] = "neither"
    return seen


#: Where the game leaves a tile's side up to the player (Textile), the photo shows every tile
#: pips up when at least this share of the tiles taken in colours the bare table does not show
#: read a die face (see _shown_pips_up): a glare or a blur may hide one tile's pips in ten.
#: Tiles laid either side up at random reach it by chance once in 93-512 photos of 8-10 tiles
#: (10 tiles: 11 in 1024; 8: 1 in 256).
#: (The independent renderer's Textile photos, 432 at 9a029cb: its all-pips kits read 0.9-1.0,
#: its mixed kits up to 0.85.)
PIPS_UP_SHARE = 0.9

#: ... of at least this many tiles (fewer leave the share to chance: 5 tiles of a kit laid
#: either side up all lie pips up once in 32 photos).
PIPS_UP_TILES = 8




def _faces_share(ctx: _Ctx, attrs: Mapping, occupied: Collection) -> float | None:
    """Of the ``occupied`` cells (``attrs`` cell -> their :func:`_read_solid` reading) in
    colours the bare table does not show (``ctx.table_coloured``, whose cells are in question),
    the share that read a die face; None with fewer than :data:`PIPS_UP_TILES` of them."""
    judged = [c for c in occupied if c not in ctx.table_coloured]
    if len(judged) < PIPS_UP_TILES:
        return None
    shown = sum(_shows_face(attrs[c]) for c in judged)
    logger.debug("die faces shown by %d of %d tiles in colours the table does not show",
                 shown, len(judged))
    return shown / len(judged)


def _shows_face(reading: tuple) -> bool:
    """Whether a cell's :func:`_read_solid` ``reading`` read a die face."""
    return reading[0].get("pips") is not None


def _shown_pips_up(ctx: _Ctx, attrs: Mapping, occupied: Collection) -> bool:
    """Whether the photo shows every tile pips up: :data:`PIPS_UP_SHARE` of at least
    :data:`PIPS_UP_TILES` (see :func:`_faces_share`) read a die face."""
    share = _faces_share(ctx, attrs, occupied)
    up = share is not None and share >= PIPS_UP_SHARE
    logger.debug("tiles %s", "pips up" if up else "either side up, or too few to tell")
    return up


def _printed_faces(ctx: _Ctx, attrs: Mapping, occupied: Collection) -> list[tuple[int, int]]:
    """Of the ``occupied`` cells (``attrs`` cell -> their :func:`_read_solid` reading), where
    the photo shows every tile pips down (the mirror of :func:`_shown_pips_up`: at most
    ``1 - PIPS_UP_SHARE`` of at least :data:`PIPS_UP_TILES` read a die face, see
    :func:`_faces_share`; the same odds the other way: a flower's shadow or a glare's edge may
    read as a die face on one tile in ten, and a kit laid either side up reaches it by chance as
    rarely), those of a colour the bare
    table shows (``ctx.table_coloured``) read as a die face: the table's print (a floral's cream
    ground around flowers whose hearts a die layout fits, read as a white tile's pips; nrm1
    textile-normal-1525), where a tile of that colour would lie pips down as the rest do. (Where
    the game leaves the side up to the player: Textile.)"""
    faced = [c for c in occupied if c in ctx.table_coloured and _shows_face(attrs[c])]
    if not faced:
        return []
    share = _faces_share(ctx, attrs, occupied)
    # (1.0 - share, not share <= 1.0 - PIPS_UP_SHARE: 1.0 - 0.9 is not 0.1 in floats)
    return faced if share is not None and 1.0 - share >= PIPS_UP_SHARE else []


def _table_ground(ctx: _Ctx, cell: tuple[int, int], reading: tuple, vouched: Collection,
                  taken: Mapping) -> bool:
    """Whether a cell taken (its :func:`_read_solid` ``reading``), where every tile lies pips up
    (``ctx.die_faces``, or as the photo shows, ``ctx.pips_up``) and not vouched for by its pips
    beside the layout, is the bare table's ground by its colour:
    of a colour the bare table shows (``ctx.table_coloured``) without pips at all, or of the
    bare table's very colour (``ctx.table_same``, see :data:`TABLE_SAME`: the same surface under
    the same light) without a clear die face, whatever spots it shows where the game lays every
    tile pips up (where the photo alone shows it, ``ctx.pips_up``, the rule is a colour the
    table shows without any pips: a white tile whose pips a blur leaves unclear is not judged on
    a share of its neighbours). A printed cloth's ground
    shows the edges of its motifs (petals crossing the cell's borders), which die layouts fit
    loosely; a tile of that colour is told from it by the die face its pips make, or by a rim
    of its own (:func:`_rim_of_its_own`; ``taken`` cell -> bool, the tiles): a white tile on
    cream whose count a blur or a glare leaves unclear keeps its place, for the set to name."""
    if not ((ctx.die_faces or ctx.pips_up) and TABLE_COLOURED_NEEDS_PIPS
            and cell not in vouched and reading[0].get("pips") is None):
        return False
    if cell in ctx.table_coloured and _no_pips_seen(reading):  # (table_same is within it)
        return True
    # (unclear pips on the table's very colour: only where the game lays every tile pips up)
    return ctx.die_faces and cell in ctx.table_same and not _rim_of_its_own(ctx, cell, taken)


#: A face named this surely by its plain fit (as lit, no glare route: see ``plain_colour_conf``)
#: whose pips show no spot in the polarity its paint's pips take is no die face (see
#: :func:`_pipless_face`). (The sure naming of an unglared face: a clear face lies 2-9
#: CIEDE2000 from its paint, confidence 0.95-0.99; final26 octopus-normal-4007's dark gingham
#: checks read black at 0.95-0.97 with light-pip contrast 0.5-1.6: 0.9 is a margin below the
#: measured 0.95-0.99, not a value fitted to them.)
PIPLESS_FACE_CONF = 0.9
#: ... and blown out over no more than this share of it (a face in a hot spot may lose its
#: pips' contrast to the glare: not judged here; see :data:`GLARE_SUSPECT`).
PIPLESS_FACE_BLOWN = 0.05


def _pip_polarity_of(ctx: _Ctx, name: str) -> int:
    """+1 where the kit's pips of paint ``name`` are lighter than it, -1 darker, 0 none given."""
    pip_hex = ctx.kit.pip_colours.get(name)
    if not pip_hex or name not in ctx.palette.names:
        return 0
    paint = ctx.palette.lab[list(ctx.palette.names).index(name)]
    return 1 if hex_to_lab(pip_hex)[0] > paint[0] else -1


def _pipless_face(ctx: _Ctx, cell: tuple[int, int], reading: tuple) -> bool:
    """Whether a taken ``cell`` (its :func:`_read_solid` ``reading``) beside the layout
    (``ctx.grown``: taken for its colour, the mask did not hold it) whose pips were not read
    is no die face: named surely (:data:`PIPLESS_FACE_CONF`) as a paint whose pips the kit
    gives (lighter or darker than it), not blown (:data:`PIPLESS_FACE_BLOWN`), and showing no
    die layout's spots in that polarity (contrast under :data:`DIE_FACE_FLAT`, the bare
    table's): a tile of that paint shows its pips so whatever else it shows. The spots of the
    other polarity are no die face of that paint (a black check of a gingham shows the
    lighter checks' corners as dark spots). A cell within the layout (the mask held it) is
    not judged: a dark tile there whose pips a shade or a veil dims stays."""
    attrs, _, _, _, evidence = reading
    name = attrs.get("colour")
    if attrs.get("pips") is not None or name is None or cell not in ctx.grown:
        return False
    polarity = _pip_polarity_of(ctx, name)
    contrast = evidence.get("pip_contrast", {})
    sure = evidence.get("plain_colour_conf", reading[1].get("colour", 0.0))
    if not polarity or not contrast or sure < PIPLESS_FACE_CONF:
        return False
    if ctx.blown is None or ctx.blown.get(cell, 0.0) > PIPLESS_FACE_BLOWN:
        return False
    # (the runner-up paint's pips must stand out that way too: a purple face a warm light
    # names pink surely shows white pips, no dark ones; oct58 octopus-hard-2651)
    dist = evidence.get("colour_distance", {})
    rivals = sorted((d, n) for n, d in dist.items() if n != name)
    if not rivals or _pip_polarity_of(ctx, rivals[0][1]) != polarity:
        return False
    flat = contrast.get(polarity, 0.0) < DIE_FACE_FLAT
    if flat:
        logger.debug("cell %s: named %s surely but shows no %s pips (contrast %.1f): no die face",
                     cell, name, "light" if polarity > 0 else "dark", contrast.get(polarity, 0.0))
    return flat


def _may_vouch(pip_reads: dict, least: float = PIPS_VOUCH) -> bool:
    """Whether any cell of :func:`vision.pips.read_pips`' ``pip_reads`` could be vouched for by
    its pips (see :func:`_vouched_by_pips`): pips counted with confidence ``least`` in one
    polarity at least (its reading takes one of the two)."""
    return any(bool(((r.count > 0) & (r.confidence >= least)).any())
               for r in pip_reads.values())


def _pip_vouched(ctx: _Ctx, cells: list, regions: Mapping, gains: np.ndarray,
                 outlined: Collection = (), *, refit: bool = True,
                 layout_side: bool = False, taken: Mapping | None = None) -> dict:
    """Of ``cells``, those whose die face vouches for a tile (:func:`_vouched_by_pips` of
    their :func:`_read_solid` readings, ``refit`` as there), the pips read first: where no
    cell's pips read clearly enough in either polarity (:func:`_may_vouch`) none is, whatever
    the colours, and the cells' full read is skipped. (That read also records the pips' colour, ``ctx.pip_lab``, of
    cells whose pips read with a lower confidence; skipped, those stay unrecorded until the
    cells are read in the layout: measured without a change of reading on 214 Octopus and
    Textile photos.) Where every tile lies pips up, the pips of a washed face are read on its
    whiteness (:func:`_washed_pips_beside`); with ``layout_side`` (cells beside the layout's
    tiles, not the view's ring) such a face is vouched for as an ``outlined`` one is; ``taken``
    (cell -> bool, the tiles so far), when given, a washed face must show an outline of its own
    beside them (see :func:`_washed_pips_beside`). Where tiles may lie pips down (Textile),
    beside the layout with ``taken``, a face outlined on all sides but one of a clear colour is
    vouched for by pips read with the lower confidence :data:`RIMMED_PIPS_VOUCH` (0.6, not
    :data:`PIPS_VOUCH`; see :func:`_rimmed_faces`), the gate on the pips read first lowered to
    it, unless the bare table shows rims or edges of its own (:func:`_rims_on_table`)."""
    origins = _lab_origins(ctx, cells)
    pips = read_pips(ctx.lab[..., 0], ctx.td.cw, origins, farther=False)
    washed: list = []
    if ctx.die_faces:
        pips, washed = _washed_pips_beside(ctx, cells, regions, origins, pips, taken)
    # (where tiles may lie pips down, a face outlined on all sides but one, of a clear colour,
    # is vouched for by less sure pips beside the layout, see _rimmed_faces)
    # (and only on a table that makes no edges all round its cells nor rims of its own, as
    # the layout's outlined cells are asked, see _rims_on_table)
    rimmed_too = (layout_side and not ctx.die_faces and taken is not None
                  and ctx.full_sides is not None and ctx.rim_sides is not None
                  and not _rims_on_table(ctx, taken))
    if not _may_vouch(pips, RIMMED_PIPS_VOUCH if rimmed_too else PIPS_VOUCH):
        return {}
    # (a washed face whose pips read on its whiteness is named through the glare, its plain
    # colour unsure as an outlined tile's may be: its tile's edge and its pips vouch for it;
    # only beside the layout's tiles, not on the view's ring, see ``layout_side``)
    shaped = set(outlined) | set(washed) if layout_side else outlined
    # (beside the layout's tiles, a candidate only as a washed face whose pips were not read on
    # its whiteness is left out before the read: the light refitted on the cells read must not
    # count it; the view's ring is read whole, as the share of it showing die faces says)
    keep = [i for i, c in enumerate(cells)
            if not layout_side or c not in ctx.washed_only or c in washed]
    if len(keep) < len(cells):
        if not keep:
            return {}
        cells = [cells[i] for i in keep]
        pips = {p: pip_rows(r, np.array(keep)) for p, r in pips.items()}
    reads = _read_solid(ctx, cells, regions, gains, pips, refit=refit, beside=True)
    if washed:
        reads = _named_by_white_pips(ctx, reads, pips, [cells.index(c) for c in washed
                                                         if c in cells])
    vouched = _vouched_by_pips(reads, shaped)
    if rimmed_too:
        rimmed = {c: r for c, r in _rimmed_faces(ctx, reads, taken).items() if c not in vouched}
        if rimmed:
            logger.debug("cells %s: a clear colour, a tile's outline on all sides but one and "
                         "pips read less surely: die faces", sorted(rimmed))
        vouched.update(rimmed)
    if layout_side and ctx.die_faces:
        # (the die faces read beside the layout but for the ink of the pips standing out:
        # a print's, which may repeat the face of a cell vouched for, see _repeated_faces)
        ctx.inked.update({c: r for c, r in _vouched_by_pips(reads, shaped, paint=False).items()
                          if c not in vouched and c in ctx.ink_standing_out})
    return vouched


def _named_by_white_pips(ctx: _Ctx, reads: dict, pip_reads: dict, rows: list) -> dict:
    """``reads`` (:func:`_read_solid`'s, of the cells of ``pip_reads``' rows in order) with the
    faces at ``rows`` whose pips were read white on their whiteness (see
    :func:`_washed_pips_beside`) named the nearest colour whose pips the kit paints lighter
    than its face, where that lies within :data:`PIPS_FIT` and the reading named one with
    darker pips: a washed face's white pips, whiter than its face and no darker, are no dark
    paint's pips (a brown washed to a peach the glare names orange, its five white pips
    read)."""
    lighter = _lighter_pips(ctx.kit, ctx.palette)
    if lighter is None:
        return reads
    names = ctx.palette.names
    out = dict(reads)
    cells = list(reads)
    for i in rows:
        cell = cells[i]
        attrs, conf, doubts, fit, ev = reads[cell]
        named = attrs.get("colour")
        dist = ev.get("colour_distance", {})
        if named is None or lighter[names.index(named)] or not dist:
            continue
        light = min(((d, n) for n, d in dist.items() if lighter[names.index(n)]),
                    default=None)
        if light is None or light[0] > PIPS_FIT:
            continue
        pr = pip_reads[1]
        attrs = {**attrs, "colour": light[1],
                 "pips": int(pr.count[i]) if pr.confidence[i] >= CONFIDENCE_THRESHOLD else None}
        conf = {**conf, "pips": float(pr.confidence[i])}
        logger.debug("cell %s: its white pips name it %s (%.1f), not %s", cell, light[1],
                     light[0], named)
        out[cell] = (attrs, conf, doubts, fit, ev)
    return out


#: A face this light (CIELAB L*) or lighter, beside the layout, is one a lamp's hot spot may
#: have washed so far that its white pips (the kit's white paint, L* about 95) no longer stand
#: out by their lightness: a small pip blurred into its face keeps about half of the gap, so
#: two of :data:`vision.pips.MIN_CONTRAST` below the white paint. (Measured: oct57
#: octopus-hard-2518, a brown face washed to L* 81.5 whose white 5 stood out by 5.0, a purple
#: at 82.5 whose 3 read with confidence 0.45; on their whiteness, 16.1 and 34.7.)
WASHED_FACE_L = 95.0 - 2 * PIP_MIN_CONTRAST
#: ... and keeps this much colour (CIELAB C*) at least, which its white pips lack (the
#: whiteness L* - C* shows them): a neutral face, a pale cloth's ground, shows no pips so.
#: (The chroma below which a paint counts as neutral, :data:`VEIL_NEUTRAL_CHROMA`.)
WASHED_FACE_CHROMA = VEIL_NEUTRAL_CHROMA


def _washed_face(ctx: _Ctx, cell: tuple[int, int], lab: np.ndarray) -> bool:
    """Whether ``cell``, of face colour ``lab`` (CIELAB ``(3,)``), may be a tile face a lamp's
    hot spot washed pale (:data:`WASHED_FACE_L`, :data:`WASHED_FACE_CHROMA`) with a tile's
    edge along :data:`OUTLINE_FULL` sides (``ctx.sides``): a patch of a pale cloth beside the
    layout shows no tile's rim."""
    return (ctx.sides is not None and ctx.sides.get(cell, 0) >= OUTLINE_FULL
            and float(lab[0]) >= WASHED_FACE_L
            and float(np.hypot(lab[1], lab[2])) >= WASHED_FACE_CHROMA)


def _washed_outlined(ctx: _Ctx, cell: tuple[int, int], lab: np.ndarray, d_pal: float) -> bool:
    """Whether a cell not taken may show a die face to vouch for it (a pip candidate, see
    _occupancy) as a washed face (:func:`_washed_face`) of a tile's colour (within
    :data:`ALIEN_COLOUR` of the palette): its pips are read on its whiteness (see
    :func:`_washed_pips_beside`). Where every tile lies pips up only."""
    return ctx.die_faces and d_pal <= ALIEN_COLOUR and _washed_face(ctx, cell, lab)


def _washed_pips_beside(ctx: _Ctx, cells: list, regions: Mapping, origins: np.ndarray,
                        pip_reads: dict, taken: Mapping | None = None) -> tuple[dict, list]:
    """``pip_reads`` (:func:`vision.pips.read_pips`' of ``cells`` beside the layout, at
    ``origins`` ``(N, 2)``) with the light pips of the washed faces (:func:`_washed_face`)
    whose pips vouch in neither polarity (confidence under :data:`PIPS_VOUCH`) read on their
    whiteness, as :func:`_pips_through_glare` reads a tile face's (and kept only where they
    stand out by :data:`vision.pips.MIN_CONTRAST` there): a hot spot that washes a column of
    the layout pale leaves those tiles to their pips. The face's colour needs the cells'
    regions (``regions``, Lab), looked at only for the cells that may be washed. Returns the
    readings and the cells whose pips were read on their whiteness."""
    unsure = [i for i in range(len(cells))
              if max(float(pip_reads[p].confidence[i]) for p in (1, -1)) < PIPS_VOUCH
              and ctx.sides is not None and ctx.sides.get(cells[i], 0) >= OUTLINE_FULL
              and _outlined_beside(ctx, cells[i], taken)]
    if not unsure or pip_reads[1].geometry is None:
        return pip_reads, []
    if isinstance(regions, _LazyCells):
        regions.need([cells[i] for i in unsure])
    labs = _face_colours(np.stack([regions[cells[i]] for i in unsure]))
    washed = [i for i, lab in zip(unsure, labs) if _washed_face(ctx, cells[i], lab)]
    if not washed:
        return pip_reads, []
    at = np.array(washed)
    some = {p: pip_rows(r, at) for p, r in pip_reads.items()}
    faces = np.array([labs[unsure.index(i)] for i in washed])
    again = _pips_through_glare(ctx, origins[at], faces, some, face_l=WASHED_FACE_L,
                                below=PIPS_VOUCH, farther=False)  # (beside the layout)
    if again is some:
        return pip_reads, []
    fields = {name: getattr(pip_reads[1], name).copy() for name in PIP_FIELDS}
    for name, arr in fields.items():
        arr[at] = getattr(again[1], name)
    read_again = [cells[i] for i, a, b in zip(washed, again[1].contrast, some[1].contrast)
                  if a != b]
    logger.debug("pips of washed faces beside the layout read on their whiteness: %s",
                 read_again)
    return {**pip_reads, 1: PipReading(**fields)}, read_again


def _outlined_beside(ctx: _Ctx, cell: tuple[int, int], taken: Mapping | None) -> bool:
    """Whether a cell beside the tiles ``taken`` (cell -> bool; None: not known, any cell)
    shows an outline of its own (:func:`_own_outline`), not only the rims of the tiles about
    it: a hole the layout encloses on three sides shows an edge along those three, its
    neighbours' (the product's renderer, octopus hard seed 2200: a bare cell beside a hot spot
    so, its print's spots read on their whiteness as a washed face's pips)."""
    if taken is None or ctx.full_sides is None or ctx.rim_sides is None:
        return True
    return _own_outline(ctx, cell, taken)


def _rimmed_faces(ctx: _Ctx, reads: dict, taken: Mapping) -> dict:
    """The cells beside the layout (their :func:`_read_solid` readings ``reads``) whose die
    face :func:`_vouched_by_pips` leaves out but whose shape and colour vouch for it: pips of a
    pip paint counted with confidence :data:`RIMMED_PIPS_VOUCH` at least, a named colour
    within :data:`RIMMED_FACE_FIT` of its paint told with confidence, and a tile's outline on
    every side but one, one of them its own rim (:func:`_rimmed_but_one`; ``taken`` cell ->
    bool, the tiles so far, whose rims along its sides are not its own)."""
    return {c: r for c, r in _vouched_by_pips(reads, least=RIMMED_PIPS_VOUCH,
                                              fit=RIMMED_FACE_FIT).items()
            if _rimmed_but_one(ctx, c, taken)}


def _vouched_by_pips(reads: dict, outlined: Collection = (), *, paint: bool = True,
                     least: float = PIPS_VOUCH, fit: float | None = None) -> dict:
    """The cells beside the layout (their :func:`_read_solid` readings ``reads``) that show a
    die face: a clear colour and pips read with confidence ``least`` (:data:`PIPS_VOUCH`), of a
    pip paint (:data:`PIP_OFF_MIX`) where that was looked at (see :func:`_pip_paints`). Of a
    cell with a tile's outline all round (``outlined``, see :func:`_occupancy`) its colour need
    not be clear: the outline is the tile's shape, the pips its face (a white tile on a cream
    cloth under a warm lamp fits no paint well as the light fitted on the others predicts it).
    Without ``paint``, the pips' paint is not looked at (the die faces a print shows too). With
    ``fit``, the colour must be named and lie within ``fit`` of its paint (see
    :func:`_rimmed_faces`); without, a colour named or a fit within :data:`PIPS_FIT` will do."""
    return {c: r for c, r in reads.items()
            if ((r[0].get("colour") or r[3] <= PIPS_FIT) if fit is None
                else (r[0].get("colour") and r[3] <= fit))
            and r[0].get("pips") and r[1].get("pips", 0.0) >= least
            and (len(r) < 5 or ((not paint or r[4].get("pips_of_pip_paint", True))
                                and (c in outlined or r[4].get("plain_colour_conf", 1.0)
                                     >= CONFIDENCE_THRESHOLD)))}


#: Where every tile lies pips up, a cell of the bare table's own colour read without pips is
#: the table (see read_cells). (The independent renderer's floral cloth: the cream ground
#: between the flowers is smooth, so the mask's texture cue calls it foreground, and it fits the
#: white paint within 3-5 dE.)
TABLE_COLOURED_NEEDS_PIPS = True
#: A cell's colour is the bare table's own when :data:`TABLE_LOOKS` cells of the view's outer
#: ring lie within this CIEDE2000 of it: the same surface under the same light. (Measured: the
#: floral cloth's cream ground within 0.3-0.9 of its ring cells; the nearest tile, green on a
#: green gingham, 7.6: a cell's median colour averages a pattern's look, so a tile of one paint
#: matches no patterned ring cell closely. Under a warm lamp, oct33 octopus-hard-1498, the
#: cream ground between red and purple flowers lies 0.7-3.0 from its ring cells and 13-19 from
#: the ring's median, which the flowers and the dark floor beyond the cloth pull away.)
TABLE_SAME = 3.0
#: A cell of the bare table's very colour (TABLE_SAME) is taken for its outline alone with an
#: edge all along this many of its sides facing the table: a white tile on cream in a corner of
#: the layout shows its faint rim along two (tex14 textile-hard-858, along 0.6 of each), where a
#: hole among tiles faces the table along one, which a marble's vein may cross (final14
#: textile-hard-1110) (see _rim_of_its_own).
OWN_EDGES = 2
#: A tile's rim along a side of its own, one side showing none, is evidence of a tile (see
#: :func:`_rimmed_but_one`) only where at most this share of the bare table's cells (the view's
#: outer ring) show such a rim along a side: a plain laminate or marble 0.0-0.07 (tex14
#: textile-hard-852, final17 textile-hard-1768), where a floral's petals or a gingham's checks
#: make rims along 0.25-0.45 of them (final11 textile-hard-605, final12 textile-hard-705).
FAR_RIM_TABLE = 0.15
#: A cell outlined along three sides, the fourth not its far one (the side facing the lamp, which
#: the reader does not know), is a tile only with edges all along this many sides facing the bare
#: table (see :func:`_rimmed_but_one`): a white tile on a pale table in a side of the layout shows
#: two or three (tex33 textile-normal-2020, tex14 textile-hard-869), where a bare notch among tiles
#: shows its neighbours' rims and at most one of its own, a missed white tile's beside it (tex31
#: textile-normal-1972 gained an extra cell with one). (A tiled marble's grout lines along two
#: sides of a bare cell still pass: final14 textile-hard-1110, one extra cell.)
UNSEEN_SIDE_OWN_EDGES = 2
#: A die face vouched for by its pips (and the bare table read as one) needs pips of a pip
#: paint (see :func:`_pip_paints`): named one by the palette, or within this (CIELAB a*b*) of a
#: mix of its face's colour with a neutral paint. (Measured: small pips of 35 px tiles blurred
#: into their faces 0.3-2.9, which the palette names otherwise; a white polka-dot cloth's
#: green dots 24-37; white pips in a warm light 30, named white.)
PIP_OFF_MIX = 15.0
#: The bare table shows die faces (a polka-dot cloth, stripes aslant) when this many of the
#: view's outer ring of cells read as a die face (see :func:`_vouched_by_pips`): pips are then
#: no evidence of a tile where the game does not lay every tile pips up. (One: the dev
#: renderer's purple stripes aslant read as a '6' in one ring cell and in two cells beside the
#: layout.)
TABLE_PIPS = 1
#: Where every tile lies pips up (Octopus) the pips of a cell beside the layout are strong
#: evidence of a tile, and a chance die face in the table's grain or stripes must not cancel
#: them: the bare table shows die faces there when at least this share of the view's outer
#: ring reads as one (a polka-dot cloth: most of it).
TABLE_PIPS_SHARE = 0.25
#: Where the bare table reads as die faces, a cell beside the layout still shows a tile's pips
#: when they lie further than this (CIELAB, as seen) from a mix of its face with the dots of
#: most such table cells (see :func:`_unlike_table_dots`). (Measured: a white polka-dot cloth's
#: black dots sampled in part, greys L 22-45, within 1-3 of the black-white mix; black pips of a
#: white tile beside purple dots on cream, 25-30 from the purple-cream mix.)
PIPS_UNLIKE_DOTS = 15.0


def _table_shows_pips(ctx: _Ctx, occ: dict, regions: Mapping, gains: np.ndarray,
                      share: float | None = None) -> bool:
    """Whether the bare table (the view's outer ring, the cells left empty) shows die faces:
    :data:`TABLE_PIPS` of its cells read as one, or with ``share`` that share of them."""
    td = ctx.td
    ring = [cell for cell, v in occ.items() if not v and _on_view_ring(cell, td)]
    if not ring:
        return False
    if isinstance(regions, _LazyCells):
        regions.need(ring)
    dots = _pip_vouched(ctx, ring, regions, gains)
    ctx.table_dots = [c for c in dots if c in ctx.pip_lab]
    ctx.table_dots_share = len(dots) / len(ring)
    ctx.table_dot_round = _pip_roundness(ctx, {c: dots[c] for c in ctx.table_dots})
    if dots:
        logger.debug("the bare table reads as die faces in %d cells of %d: %s (roundness %s)",
                     len(dots), len(ring), sorted(dots),
                     {c: round(v, 2) for c, v in ctx.table_dot_round.items()})
    if share is not None:
        return len(dots) >= max(TABLE_PIPS, share * len(ring))
    return len(dots) >= TABLE_PIPS


#: Where the table reads as die faces, a cell beside the layout shows a die's white pips when
#: its light pips lie within this (CIELAB, as seen) of a mix of its face with the layout's white
#: pips (see :func:`_white_pips`), and at most half as far as from a mix with the table's dots of
#: most of its cells read as a die face. (Measured on the independent renderer's black and cream
#: stripes, final4 octopus-normal-073: black tiles' white pips 1-2 from the layout's white
#: pips' mix and 10-12 from the cream stripe's; the black stripe cells read as die faces 6 and
#: 2-3.)
WHITE_PIPS_NEAR = 5.0


def _layout_white_pips(ctx: _Ctx, cell: tuple[int, int]) -> bool:
    """Whether ``cell``'s pips (``ctx.pip_lab``) are a die's white pips beside a table that reads
    as die faces (``ctx.table_dots``): light (:data:`WHITE_PIP_CONTRAST` above the face) and as
    the layout's white pips show the white paint under the lamp (``ctx.layout_white``), within
    :data:`WHITE_PIPS_NEAR` of a mix of them with its face and at most half as far as from a mix
    of the face with the table's dots (their median over the table's cells read as a die face,
    others than ``cell``). A striped cloth's light stripe, cut by a die layout into dots, is
    its own ink: cream beside the white paint, darker or lighter in the lamp's light."""
    lamp = ctx.layout_white
    if lamp is None or cell not in ctx.pip_lab:
        return False
    pips, face = (np.asarray(v, np.float64) for v in ctx.pip_lab[cell][:2])
    others = [c for c in ctx.table_dots if c != cell]
    if pips[0] < face[0] + WHITE_PIP_CONTRAST or not others:
        return False
    white = np.asarray(lamp[0], np.float64)
    dots = median_last(np.array([ctx.pip_lab[c][0] for c in others], np.float64).T)
    off_white = _off_segment(pips - white, face - white)
    off_dots = _off_segment(pips - dots, face - dots)
    logger.debug("cell %s: its light pips %.1f off the layout's white pips, %.1f off the "
                 "table's dots", cell, off_white, off_dots)
    return off_white <= WHITE_PIPS_NEAR and off_white <= 0.5 * off_dots


#: A cell beside the layout read as a die face with light pips shows a die's white pips when
#: their chroma (CIELAB a*b*, as seen) lies within this of a mix of its face's with the layout's
#: white pips' (see :func:`_white_pips`): the one white paint under one lamp, blurred into the
#: face. (Chroma only: the lamp's brightness falls off across the table and its hot spot
#: brightens a pip, its colour stays. Measured on the independent renderer: real tiles'
#: white pips beside the layout 0.1-6.7 off, among them pips 11 L* brighter in a hot spot,
#: final8 octopus-normal-110; a red flower's pale yellow heart read as a red 4's pips 14.6,
#: final10 octopus-normal-404.)
WHITE_PIPS_LIKE = 10.0


def _pips_unlike_layout_white(ctx: _Ctx, cell: tuple[int, int]) -> bool:
    """Whether ``cell``'s light pips (``ctx.pip_lab``, :data:`WHITE_PIP_CONTRAST` above its
    face) are unlike the layout's white pips (``ctx.layout_white``, :func:`_white_pips`; None:
    unknown): their
    chroma further than :data:`WHITE_PIPS_LIKE` from any mix of theirs with the cell's face. A
    die's light pips are the set's one white paint, which the layout's tiles show under the same
    lamp; a printed flower's pale heart is another ink (a pale yellow heart in a red flower,
    taken for a red tile's white pips)."""
    white = ctx.layout_white
    if white is None or cell not in ctx.pip_lab:
        return False
    pips, face = (np.asarray(v, np.float64) for v in ctx.pip_lab[cell][:2])
    if pips[0] < face[0] + WHITE_PIP_CONTRAST:
        return False
    ref = np.asarray(white[0], np.float64)
    off = _off_segment((pips - ref)[1:], (face - ref)[1:])
    logger.debug("cell %s: its light pips' chroma %.1f off the layout's white pips'", cell, off)
    return off > WHITE_PIPS_LIKE


def _outlined_like_dots(ctx: _Ctx, reads: dict) -> list:
    """Of the cells taken (their readings ``reads``) beside a table that reads as die faces,
    those taken for their outline alone (``ctx.by_outline``: the mask calls them table) whose
    pips were read and are not a tile's as :func:`_unlike_table_dots` tells a cell beside the
    layout: the table's pattern (a black stripe between cream ones shows a black tile's outline
    and "pips")."""
    outlined = {c: r for c, r in reads.items() if c in ctx.by_outline and c in ctx.pip_lab}
    kept = _unlike_table_dots(ctx, outlined)
    return [c for c in outlined if c not in kept]


def _dotted_outline(ctx: _Ctx, reads: dict) -> list:
    """Of the cells taken (their readings ``reads``; where tiles may lie pips down as well,
    see ``dotted_outline`` in :func:`read_cells_steps`), those taken for their outline alone
    (``ctx.by_outline``: the mask calls them table) read as a die face that
    :func:`_dotted_table` calls the table: of its very colour with dark pips and a spot off
    their die layout. A polka-dot cloth's dots crossing a bare cell's borders make its
    outline, and one in its middle a '1' (final17 octopus-normal-1769: a cream cloth's blue
    dots in a cell beside three tiles read as a white 1)."""
    outlined = {c: r for c, r in reads.items() if c in ctx.by_outline and r[0].get("pips")}
    # (layout cells: their pips were read on the grids reaching farther, see _read_solid; the
    # stricter test in either game: outlined cells of the table's very colour with dark pips)
    return sorted(_dotted_table(ctx, outlined, die_faces=True, farther=True))


def _outlined_on_dots(ctx: _Ctx, reads: dict) -> list:
    """Of the cells read (``reads``: cell -> reading), those that a table reading as die faces
    explains, where tiles may lie pips down (asked only then): taken for their outline alone
    (``ctx.by_outline``: the mask calls them table), of the bare table's very colour
    (``ctx.table_same``) and without pips read. A polka-dot cloth's big dots crossing a bare
    cell's borders make edges along its sides (final11 textile-normal-603: a white cloth's
    brown dots, a cell read as a white tile); a tile of the cloth's colour there is told by its
    pips, or lying pips down by its gap all round: an edge along :data:`RIM_ALONG` of each of
    its four sides (``ctx.rim_sides``), where the dots make one along a side's part at most.
    (Where every tile lies pips up, see ``bare`` in :func:`read_cells`.)"""
    return [c for c, r in reads.items() if c in ctx.by_outline and c in ctx.table_same
            and r[0].get("pips") is None and not all((ctx.rim_sides or {}).get(c, (False,)))]


#: The bare table's print shows in nearly every cell of it when at least this share of the view's
#: outer ring reads as die faces (see :func:`_table_shows_pips`): a bare cell of it showing no
#: dot is then rare, and one of the table's colour showing none is where the print stops, a
#: tile's face (final17 textile-normal-1768: purple dots on cream in 28 of 30 ring cells, 0.93,
#: two white tiles without a spot outlined by their sides; 0.8 leaves room for a ring cell or
#: two whose dots are cut by the view's edge; the next share measured, on a photo it would not
#: change, 0.73: a threshold on one photo's evidence). A sparser print leaves bare cells
#: without a dot as often, and tells nothing.
DOTS_EVERYWHERE = 0.8


def _print_everywhere(ctx: _Ctx, cells: list) -> bool:
    """Whether the bare table shows its print (dots read as die faces) in nearly every cell
    (:data:`DOTS_EVERYWHERE` of the view's outer ring, ``ctx.table_dots_share``, set by
    :func:`_table_shows_pips`), so that ``cells`` of its colour, outlined and without pips (see
    :func:`_outlined_on_dots`), are no bare cells of it but tiles where the print stops. Ask
    only after ``table_reads_dots()`` (the share is 0 until then)."""
    everywhere = ctx.table_dots_share >= DOTS_EVERYWHERE
    if everywhere:
        logger.debug("cells %s: outlined, no spot, where the table's print shows in %.0f%% of its "
                     "cells: tiles", cells, 100 * ctx.table_dots_share)
    return everywhere


#: Pips are round as seen when their principal curvatures' ratio (:func:`_pip_roundness`) is at
#: least this: a disc is near 1 in the top-down view (an ellipse of axes 1:0.7, a pip left
#: foreshortened by a lattice a little off, about 0.5), a straight band 0; the value halves
#: the gap between them. (Measured on the independent renderer, oct48 octopus-normal-1940:
#: a white tile's black pips 0.74-0.78, a cream cloth's navy stripes read as die faces
#: 0.00-0.03; a synthetic '2' beside stripes at 30 degrees, tests/vision/test_round_pips.py.)
ROUND_PIPS = 0.3


def _same_shape(cell_round: bool | None, dot_round: float | None) -> bool:
    """Whether a cell's pips (``cell_round``: whether round, see :data:`ROUND_PIPS`; None:
    unmeasured) and a table cell's dots (their roundness, None: unmeasured) may be one print:
    both round or both not, or either unmeasured."""
    if cell_round is None or dot_round is None:
        return True
    return cell_round == (dot_round >= ROUND_PIPS)


def _unlike_table_dots(ctx: _Ctx, reads: dict) -> dict:
    """Of the cells beside the layout read as die faces (``reads``), those whose pips differ in
    colour from the dots of most cells of the bare table read as a die face (``ctx.table_dots``,
    see :func:`_table_shows_pips`), their pips of a pip paint (see :func:`_pip_paints`): they
    lie within :data:`PIPS_UNLIKE_DOTS` (CIELAB, as seen,
    in one light) of a mix of the cell's face colour with the dots of under
    :data:`TABLE_PIPS_SHARE` of them (a die layout fitted to a cloth's dots samples them in
    part: a grey between black dots and their white ground). A cloth is printed in a few inks,
    each on much of it; a die's pips in its pip paint: black pips beside a cloth of purple dots
    are a tile's (a tile lying in the view's outer ring is read with the table), black dots on
    a white cloth may be either. And a cloth's dots lie on its own ground: a table cell read as
    a die face is like the cell only where its face (the ground around its dots) is the cell's
    colour too, within :data:`GROW_APART` (white pips on a red tile beside cream stripes on
    black are a tile's, however alike the white and the cream: the cloth shows no red). And
    its dots are of one shape: where a table cell's "pips" are a stripe cut by the die layout
    (:func:`_pip_roundness`, :data:`ROUND_PIPS`), a cell's round pips are not its print (black
    pips of a white tile on a cream cloth with navy stripes, oct48 octopus-normal-1940)."""
    # (as seen, whatever paint: the dots, and the ground they lie on)
    if not ctx.table_dots:
        return {}
    out = {}
    # (a cloth's dots are discs as a die's pips are; its stripes cut into "pips" are not: the
    # cells' shapes matter only against the table's dots' shapes, where those were measured)
    round_pips = ({c: v >= ROUND_PIPS for c, v in _pip_roundness(
        ctx, {c: r for c, r in reads.items() if c in ctx.pip_lab}).items()}
                  if ctx.table_dot_round else {})
    for cell, r in reads.items():
        if cell not in ctx.pip_lab:
            continue
        pips, face, paint = ctx.pip_lab[cell]
        if not paint:
            continue  # (a die's pips are of its pip paint: see _pip_paints)
        if _layout_white_pips(ctx, cell):
            out[cell] = r
            continue
        # (the table's other cells: a tile lying in the view's outer ring is read with the
        # table, and is no evidence of the table's dots against itself)
        others = [c for c in ctx.table_dots if c != cell]
        if not others:
            out[cell] = r
            continue
        dots = [ctx.pip_lab[c][0] for c in others]
        grounds = np.array([ctx.pip_lab[c][1] for c in others])
        on_ground = ciede2000(grounds, face[None, :]) < GROW_APART
        shaped = [_same_shape(round_pips.get(cell), ctx.table_dot_round.get(c)) for c in others]
        like = float(np.mean([_off_segment(pips - d, face - d) <= PIPS_UNLIKE_DOTS and same and form
                              for d, same, form in zip(dots, on_ground, shaped)]))
        logger.debug("cell %s: pips like %.2f of the table's dots (%s; their median %s; round %s)",
                     cell, like, np.round(pips, 1), np.round(np.median(np.array(dots), axis=0), 1),
                     round_pips.get(cell))
        if like < TABLE_PIPS_SHARE:
            out[cell] = r
    return out


def _card_symbols(ctx: _Ctx, cells: list, regions: dict) -> dict:
    """For card cells: ``{cell: (background Lab (3,), symbol mask (see :func:`_symbol_mask`))}``;
    the backgrounds from the ring around the art, blown-out glare left out."""
    if not cells:
        return {}
    stack = np.stack([regions[c] for c in cells])
    blown = np.stack([ctx.blown_px[c] for c in cells]) if ctx.blown_px is not None else None
    bgs = _region_stats(stack, _card_ring(stack.shape[1], stack.shape[2]), blown, spread=False)[0]
    art = profile_art_lab(ctx.profile, None)  # (without a profile: towards white, see _symbol_mask)
    out = {}
    for i, c in enumerate(cells):
        mask = _symbol_mask(stack[i], bgs[i], art)
        if art is not None and not _symbol_visible(mask):
            # the art's colour was measured where the lamp lit the cards as in the calibration
            # photo; in its reflection (a hot spot) the face is paler and uneven, the way from
            # the face's median towards that colour is not the art's (parts of the face lie
            # along it as far as the print), and the art is found as the marks towards white
            # from the face, as without a profile
            plain = _symbol_mask(stack[i], bgs[i], None)
            if _symbol_visible(plain):
                mask = plain
        out[c] = (bgs[i], mask)
    return out


@lru_cache(maxsize=8)
def _art_lab_cached(hexv: str) -> tuple[float, ...]:
    return tuple(float(v) for v in hex_to_lab(hexv))


def _art_lab(hexv: str | None) -> np.ndarray | None:
    return np.array(_art_lab_cached(hexv)) if hexv else None


def _shows_card(mask: np.ndarray, cell_lab: np.ndarray) -> bool:
    """Whether a card cell ``(h, w, 3)`` Lab, its symbol mask ``mask`` (see
    :func:`_symbol_mask`), looks like a card: art in its middle (:func:`_symbol_visible`) on a
    plain face (not :func:`_patterned_face`)."""
    return _symbol_visible(mask) and not _patterned_face(cell_lab, mask)


def _lightness_steps(L: np.ndarray) -> np.ndarray:
    """How sharp a step of lightness each pixel of ``L`` ``(h, w)`` float32 L* lies on, in L*
    per pixel ``(h, w)`` (a 3x3 Sobel weighs a one-pixel step by 8 along a straight edge)."""
    return cv2.magnitude(cv2.Sobel(L, cv2.CV_32F, 1, 0, ksize=3),
                         cv2.Sobel(L, cv2.CV_32F, 0, 1, ksize=3)) / 8.0


def _patterned_face(cell_lab: np.ndarray, art: np.ndarray | None = None) -> bool:
    """Whether a card cell ``(h, w, 3)`` Lab shows a pattern's sharp edges on the face around
    its art (see :data:`PATTERN_EDGES`), on the card the cell shows (see :func:`_face_ring`):
    the table's checks or stripes, not a card. ``art``: the cell's symbol mask (see
    :func:`_symbol_mask`): a face whose edges are its art's outline (:func:`_art_in_cell`,
    :data:`PATTERN_BESIDE_ART`) is a card's."""
    L = np.ascontiguousarray(cell_lab[..., 0], dtype=np.float32)
    edges = _lightness_steps(L) > PATTERN_STEP
    if float(edges[_face_ring(cell_lab)].mean()) <= PATTERN_EDGES:
        return False
    if art is None:
        return True
    # a large print (a sheet, a hand's thumb) reaches into the ring: what remains of the face
    # without the art and its outline (the card's box found with the art on it) is plain on a
    # card, checked on a cloth
    art_px = _art_in_cell(art, L.shape)
    beside = _face_ring(cell_lab, art_px) & ~art_px
    return not beside.any() or float(edges[beside].mean()) > PATTERN_BESIDE_ART


def _face_ring(cell_lab: np.ndarray, art: np.ndarray | None = None) -> np.ndarray:
    """Mask ``(h, w)`` of the face around the art (see :func:`_card_ring`) of the card a cell
    ``(h, w, 3)`` Lab shows, on the card: the rows and columns mostly of the face's colour (the
    ring's median, within :data:`FACE_NEAR`) bound it. A lattice a little off the cards shows
    each card a little off its cell, its outline (a sharp step to the gap) inside the cell's
    ring; a card is a rectangle of one colour, the ring is taken in from its sides, to the gap
    that ends the face's run of rows and columns (see :func:`_run_through_middle`: a cloth of a
    colour near the face's beyond the gap, a purple gingham round purple cards, final19
    tapestry hard-1992, is no part of it). On the bare
    table every row and column shows the table's colour: the cell's own ring. ``art``: ``(h, w)``
    bool, the art (see :func:`_art_in_cell`), which lies on the card: counted as its face."""
    h, w = cell_lab.shape[:2]
    ring = _card_ring(h, w)
    face = np.linalg.norm(cell_lab - median_last(cell_lab[ring].T), axis=2) < FACE_NEAR
    if art is not None:
        face |= art
    along_rows, along_cols = face.mean(axis=1), face.mean(axis=0)
    rows = _run_through_middle(along_rows > FACE_LINE, along_rows < FACE_GAP_LINE)
    cols = _run_through_middle(along_cols > FACE_LINE, along_cols < FACE_GAP_LINE)
    if len(rows) < MIN_FACE_BOX * h or len(cols) < MIN_FACE_BOX * w:
        return ring
    y0, y1, x0, x1 = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
    if (y1 - y0 < MIN_FACE_BOX * h or x1 - x0 < MIN_FACE_BOX * w
            or (y0, y1, x0, x1) == (0, h, 0, w)):
        return ring
    out = np.zeros((h, w), bool)
    out[y0:y1, x0:x1] = _card_ring(y1 - y0, x1 - x0)
    return out


def _run_through_middle(face: np.ndarray, gap: np.ndarray | None = None) -> np.ndarray:
    """The indices of ``face`` (n,) bool (rows or columns mostly of a card's face) within the
    gaps that end the card: a row or column of no face (``gap`` (n,) bool, by default every
    one not of ``face``; see :data:`FACE_GAP_LINE`) in the outer :data:`FACE_GAP_BAND` of
    the cell after one of face (towards the cell's side) ends the face there. A card is one
    rectangle of its paint, the gap beside it a line the length of the cell; a cloth of a
    colour near the face's beyond the gap is no part of it. (Only there: a row through the
    middle of the art may hold less face than :data:`FACE_LINE`.) The gap is a thin line: its
    whole run of no face lies in the band, face on both sides of it there; a run that reaches
    in past the band is the art of a card the lattice shows far off its cell (final21 tapestry
    normal-2302: the art's rows 37-52 of 61, cut at row 51, ended the face's box at the art, its
    outline read as a cloth's pattern and the card dropped: 9 cards missing where 5 were)."""
    n = len(face)
    gap = ~face if gap is None else gap
    band = max(1, int(FACE_GAP_BAND * n))
    lo = max((i + 1 for i in range(1, band)
              if gap[i] and face[:i].any() and face[i + 1:band + 1].any()), default=0)
    hi = min((i for i in range(n - band, n - 1)
              if gap[i] and face[i + 1:].any() and face[max(0, n - band - 1):i].any()),
             default=n)
    return np.flatnonzero(face[lo:hi]) + lo


def _symbol_visible(mask: np.ndarray) -> bool:
    """Whether a card's symbol mask (see :func:`_symbol_mask`) shows art in the card's middle,
    clear of the rim."""
    area = int(mask.sum())
    if area < 0.01 * mask.size:
        return False
    # the art lies inside the card: a light stripe of the table runs on to the cell's rim, and
    # right across it
    h, w = mask.shape
    by, bx = max(1, int(0.1 * h)), max(1, int(0.1 * w))
    rim = area - int(mask[by:h - by, bx:w - bx].sum())
    touch = 0.02 * area
    across = ((mask[:by].sum() > touch and mask[h - by:].sum() > touch)
              or (mask[:, :bx].sum() > touch and mask[:, w - bx:].sum() > touch))
    return not across and rim <= SYMBOL_RIM * area


def _classify_symbol_mask(mask: np.ndarray, kit: Kit, templates: dict) -> tuple[str | None, float, str]:
    area = int(mask.sum())
    if area < 0.01 * mask.size:
        return None, 0.1, "no symbol visible"
    feats = _shape_features(mask)
    # default art (KITS.md): rock a filled round shape, paper a flat sheet, scissors thin rings
    # and blades. Scores are soft votes from solidity and the roundness of the convex hull.
    solidity, round_hull, holes_frac = feats
    scores = {
        "scissors": (0.75 - solidity) * 6 + holes_frac * 4,
        "rock": (solidity - 0.7) * 4 + (round_hull - 0.87) * 18,
        "paper": (solidity - 0.7) * 4 + (0.87 - round_hull) * 18,
    }
    names = [s for s in kit.symbols if s in scores] or list(scores)
    ranked = sorted(names, key=lambda s: -scores[s])
    margin = scores[ranked[0]] - scores[ranked[1]] if len(ranked) > 1 else 5.0
    conf = float(1 - math.exp(-max(margin, 0) / 0.8))
    rules = (ranked[0], conf, f"symbol unclear (solidity {solidity:.2f}, roundness {round_hull:.2f})")
    if templates:
        # the profile's templates (learned on one photo) only break the shape rules' ties
        return combine_symbol_votes(rules, template_vote(symbol_probe_from_mask(mask), templates))
    return rules


def _shape_features(mask: np.ndarray) -> tuple[float, float, float]:
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    pts = np.vstack([c.reshape(-1, 2) for c in contours])
    hull = cv2.convexHull(pts)
    hull_area = max(cv2.contourArea(hull), 1.0)
    perim = max(cv2.arcLength(hull, True), 1.0)
    solidity = float(mask.sum() / hull_area)
    round_hull = float(4 * math.pi * hull_area / perim ** 2)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, contours, -1, 1, -1)
    holes = float((filled.sum() - mask.sum()) / max(filled.sum(), 1))
    return solidity, round_hull, holes


def _profile_templates(profile: Mapping | None) -> dict:
    out = {}
    if isinstance(profile, Mapping):
        for name, entry in (profile.get("symbols") or {}).items():
            try:
                t = np.asarray(entry["template"], dtype=np.float32)
            except (KeyError, TypeError, ValueError):
                continue
            if t.ndim == 2 and t.size >= 16:
                out[name] = cv2.resize(t, (32, 32), interpolation=cv2.INTER_AREA)
    return out


def symbol_probe_from_mask(mask: np.ndarray) -> np.ndarray:
    """A symbol mask (H, W) bool, non-empty, cropped to its bounding box, padded square and
    resized to the 32x32 float32 (0-1) probe compared with profile templates."""
    ys, xs = np.nonzero(mask)
    crop = mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32)
    side = max(crop.shape)
    sq = np.zeros((side, side), np.float32)
    oy, ox = (side - crop.shape[0]) // 2, (side - crop.shape[1]) // 2
    sq[oy:oy + crop.shape[0], ox:ox + crop.shape[1]] = crop
    return cv2.resize(sq, (32, 32), interpolation=cv2.INTER_AREA)


# ----------------------------------------------------------------------------- sector tiles

def _sector_masks(kit: Kit, n: int, axis: int) -> dict[str, np.ndarray]:
    """Sample masks (n, n) for the n/e/s/w sectors. For X-shaped tiles ``axis`` 0 = long axis
    E-W (big sectors e/w), 1 = N-S."""
    return _sector_masks_cached(kit.shape, n, axis)


@lru_cache(maxsize=16)
def _sector_masks_cached(shape: str, n: int, axis: int) -> dict[str, np.ndarray]:
    if shape != "rounded-x":
        return _triangles(n)
    big_r, small_r = 0.30, 0.15
    out = {}
    for name, (dx, dy) in {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}.items():
        big = (axis == 0 and dy == 0) or (axis == 1 and dx == 0)
        d = big_r if big else small_r
        r = 0.09 if big else 0.055
        out[name] = _disc(n, n, n / 2 + dx * d * n, n / 2 + dy * d * n, r * n)
    return out


def _sector_contrast(d: np.ndarray) -> float:
    """How far apart a cell's four sector colours lie, from their CIEDE2000 against each other
    ``(4, 4)`` (see :func:`_sector_distances`): the largest between two of them."""
    return float(np.max(d))


def _sector_distances(samples: np.ndarray) -> np.ndarray:
    """The CIEDE2000 of each cell's four sector colours against each other, ``(N, 4, 4)`` from
    Lab ``(4 N, 3)`` (a cell's four in turn): every cell in one call (one call per cell cost
    a few hundred microseconds of numpy overhead each, 70 cells a photo)."""
    cells = samples.reshape(-1, 4, 3)
    return ciede2000(cells[:, :, None, :], cells[:, None, :, :])


#: Two sectors of one tile whose colours lie at most this far apart (CIEDE2000) show one paint:
#: they are in the same light (a glare washes out neighbouring sectors alike), and two different
#: paints stay much further apart (red against orange, the nearest pair: 13-20 even in a lamp's
#: hot spot on the bench's hard renders; one paint's sectors 0.5-3).
SAME_PAINT = 6.0


def _alike_sectors(d: np.ndarray, names: tuple[str, ...]) -> list[tuple[str, str]]:
    """The pairs of a cell's sectors (their CIEDE2000 against each other ``(4, 4)`` in the order
    of ``names``, see :func:`_sector_distances`) that show one paint (within
    :data:`SAME_PAINT` of each other), as pairs of sector names."""
    return [(names[a], names[b]) for a in range(len(names)) for b in range(a + 1, len(names))
            if d[a, b] <= SAME_PAINT]


#: An X-Tiles face shows three paints (RULES.md), two of them at least this far apart (CIEDE2000;
#: red against orange, the nearest pair, about 20 under the kit's colours, more under any light
#: that keeps them apart): a cell whose four sectors lie closer together shows one surface, the
#: table (a cloth whose weave or pattern stands out as foreground), not a tile.
MIN_SECTOR_CONTRAST = 10.0
#: An X-Tiles face is flat paint: away from the X's grooves and the rim, most of it lies inside
#: one sector's even paint, where the lightness barely changes, while a printed cloth whose
#: pattern repeats within a cell has its edges all over it. :func:`_face_slopes` (the median
#: slope of L* over the face, L* per cell width): cells of tiles 11-80 (99% of 1772 cells over
#: all X-Tiles photos of both renderers, median 28), up to ~130-160 where the lattice runs
#: through two tiles' rims and grooves; red gingham checks a sixth of a cell wide 210-225
#: (independent final4 x-tiles-hard-073). Above this, the cell is the table. (A pattern's
#: median slope falls as its checks grow, about as 1 / their width: checks wider than about a
#: fifth of a cell leave even patches as wide as a small sector and are not told by it.)
PATTERNED_FACE = 180.0
#: The light blur (sigma, share of the cell's width) before :func:`_face_slopes`' gradient: the
#: sensor's noise and the JPEG's blocks left out, a pattern's edges a few times wider kept.
FACE_SLOPE_BLUR = 0.015


def _face_slopes(lightness: np.ndarray) -> np.ndarray:
    """The median slope of each square cell's L* ``(N, n, n)`` over its face away from the X's
    grooves and the rim (:func:`_face_core`), in L* per cell width after a light blur
    (:data:`FACE_SLOPE_BLUR`): ``(N,)``, low on a tile's even paints, high on a pattern's edges.
    (The cells as the blur's channels, :data:`BLUR_CHANNELS` at a time: one call a cell cost
    0.2 ms each.)"""
    n = lightness.shape[-1]
    out = []
    for k in range(0, len(lightness), BLUR_CHANNELS):
        part = np.asarray(lightness[k:k + BLUR_CHANNELS], np.float32)
        smooth = cv2.GaussianBlur(np.ascontiguousarray(part.transpose(1, 2, 0)), (0, 0),
                                  FACE_SLOPE_BLUR * n).reshape(n, n, -1)
        gy, gx = np.gradient(smooth, axis=(0, 1))
        out.append(np.median(np.hypot(gx, gy)[_face_core(n)], axis=0) * n)
    return np.concatenate(out) if out else np.zeros(0)


#: The cells blurred together, at most (OpenCV filters 128 channels an image, not 256).
BLUR_CHANNELS = 128


@lru_cache(maxsize=8)
def _face_core(n: int) -> np.ndarray:
    """The mask ``(n, n)`` of a rounded-X face's paint in its cell: within 0.36 of a cell of the
    centre, 0.07 of a cell off the diagonals (the grooves)."""
    yy, xx = (np.mgrid[0:n, 0:n] + 0.5) / n - 0.5
    return (np.hypot(xx, yy) < 0.36) & (np.abs(xx - yy) > 0.07) & (np.abs(xx + yy) > 0.07)


#: A sector named with at least this confidence counts towards :func:`one_paint_thrice` (a
#: sector in doubt may be a washed-out or shaded paint that looks like its neighbour's).
SHEET_SECTOR_CONF = 0.9


def one_paint_thrice(evidence: Mapping | None) -> bool:
    """Whether three sectors or more of a cell's reading (its ``evidence``: ``sector_named`` and
    ``sector_conf`` by side) are confidently (:data:`SHEET_SECTOR_CONF`) one paint, which no
    X-Tiles face shows (RULES.md: three colours, one of them on two sectors): a sheet of that
    paint (a note, a cloth's motif) with the table beside it, not a tile."""
    named = (evidence or {}).get("sector_named") or {}
    conf = (evidence or {}).get("sector_conf") or {}
    sure = [name for side, name in named.items() if name and conf.get(side, 0.0) >= SHEET_SECTOR_CONF]
    return any(sure.count(name) >= 3 for name in set(sure))


def _x_parity(td: TopDown, occupied, grads: tuple[np.ndarray, np.ndarray] | None = None) -> int:
    """Which checkerboard parity holds the E-W tiles: 0 when cells with even ``row + col`` do.

    An E-W tile's outline crosses its waist close to the centre on the north and south and far
    out on the east and west, so the rim edge near the centre runs across the N-S direction.
    ``grads``: the view's :func:`view_gradients`, when computed already.
    """
    gx, gy = grads or view_gradients(td)
    n = td.cw
    yy, xx = (np.mgrid[0:n, 0:n] + 0.5) / n - 0.5
    ns_band = (np.abs(xx) < 0.08) & (np.abs(yy) > 0.17) & (np.abs(yy) < 0.33)
    ew_band = (np.abs(yy) < 0.08) & (np.abs(xx) > 0.17) & (np.abs(xx) < 0.33)
    vote = 0.0
    for r, c in occupied:
        sl = (slice((r - td.r0) * n, (r - td.r0 + 1) * n), slice((c - td.c0) * n, (c - td.c0 + 1) * n))
        e_ns = np.abs(gy[sl])[ns_band].mean()  # waist rim crossing north/south of centre
        e_ew = np.abs(gx[sl])[ew_band].mean()
        ev = (e_ns - e_ew) / (e_ns + e_ew + 1e-6)  # > 0: looks E-W
        vote += ev if (r + c) % 2 == 0 else -ev
    return 0 if vote >= 0 else 1


def _sectors_through_glare(ctx: _Ctx, samples: np.ndarray, gains: np.ndarray,
                           seen_glare: np.ndarray | None = None, looks: np.ndarray | None = None
                           ) -> tuple[Any, np.ndarray, np.ndarray | None, np.ndarray | None]:
    """The sectors' colours (``samples`` ``(4 N, 3)`` Lab, four per tile in turn) classified
    under the light as :func:`_palette_fit` does, each tile's sectors also judged through the
    glare of the lamp on its face (see :mod:`vision.glare`; the lamp's white that of the
    profile's calibration light, else neutral; under a profile, ``seen_glare`` ``(3,)`` linear
    BGR, the glare's colour as the photo recorded it when measured, see
    :func:`vision.glare.glare_colour`): the match, the distances ``(4 N, K)``, the glare's
    colour so taken ``(3,)`` linear BGR as recorded (largest channel 1; None when not judged)
    and the looks taken.
    ``looks`` ``(4 N, 3)`` Lab: a sector's look on its unclipped pixels where it has one (NaN
    rows elsewhere, see :func:`_unclipped_looks`), judged through any glare of its own (the
    sector's pixels lie at other levels of the hot spot than its tile's other sectors) and, when
    it names one paint by :data:`LOOK_MARGIN`, taken instead of its sample: the distances' rows
    are the look's, and the looks returned ``(4 N, 3)`` are those so taken (None without
    ``looks``)."""
    match, _, corr = classify_adaptive(samples, ctx.palette, gains_bgr=gains, explore=True)
    plain = palette_distance(samples, ctx.palette, match.predicted)
    if len(ctx.palette.names) < 2 or not len(samples):
        return match, plain, None, None
    # (the glare model adds the lamp's white through the fitted light's gains: the colour
    # recorded is the lamp in the palette's terms times those gains; scaled to its brightest
    # channel by the model)
    measured = seen_glare is not None
    lamp = (np.asarray(seen_glare, np.float64) / np.maximum(corr[0], 1e-3) if measured
            else profile_lamp(ctx.profile))
    dist = sector_glare_distances(samples, plain, ctx.palette, corr, lamp,
                                  np.arange(len(samples)) // 4, measured=measured)
    # (3,) the glare's white in the palette's terms
    white_lamp = lamp if measured else lamp_like(lamp, corr)
    if looks is not None and (have := np.flatnonzero(~np.isnan(looks).any(axis=1))).size:
        look_dist = glare_distances(looks[have], ctx.palette, corr, white_lamp,
                                    shade=SECTOR_SHADE_RANGE, unclipped=True).min(axis=-1)
        decided = _looks_decisive(look_dist, dist, have)
        dist[have[decided]] = look_dist[decided]
        looks = looks.copy()
        looks[have[~decided]] = np.nan
    white = (np.asarray(seen_glare, np.float64) if measured
             else white_lamp * as_correction(corr)[0])
    white = white / max(float(white.max()), 1e-6)
    return match_from_distances(dist, match.predicted), dist, white, looks


#: A sector whose green channel stands at least this far above its red (sRGB, 0-255) is no
#: paint whose red the photo's light shows at least this far above its green (Twelve Tiles'
#: yellow and red): a lamp's glare adds its own white to every channel and the camera clips a
#: channel at the top without reordering the others, so a paint's red-green order only evens
#: out, never turns -- as long as the glare adds no more green than red. The glare is recorded
#: as the lamp times the light's fitted gains (``white`` of :func:`_sectors_through_glare`):
#: under a cool or green-cast light whose green gain exceeds its red one it adds more green than
#: red and can turn a yellow, so the rule holds only where that white's green is at most its
#: red (a warm lamp's white, adding more red, only widens a yellow's lead). 4: above the one
#: washed yellow seen with green over red (2.4, below), at the foot of the greens it turns
#: (4-43, below) -- a narrow gap, 2.4 to 4.
#: Measured on the 352 Twelve Tiles development photos of the independent renderer (final13,
#: final16-24, tw12, tw13, tw15, tw16) at e6c15ca: every sector so judged on the lattice read
#: was a green or a blue (two of a trial lattice of tw13 hard 2797 lie on yellows, read green
#: with or without the rule); the greens it turned from yellow (6 sectors of 4 photos) stood
#: 4-43 above. (A survey of the washed tiles' sectors of 128 of those photos, their
#: pixels' channel medians: of the yellows and reds at 240 or more, one with green above red,
#: by 2.4: final20 hard 2110.)
#: As gated since (the glare's white, no profile, green near the clip, after the hue naming),
#: re-read on the 33 of those photos the rule judged sectors of: every reading as without the
#: rule but final20 hard 2105's (a green of tile (4, 6) read yellow, now green: 1 -> 0 wrong
#: cells); under a green-cast glare it no longer judges tw15 normal 3210 nor final16 normal
#: 1605, whose greens it turned before (the tests' samples are 3210's).
CHANNEL_ORDER_MARGIN = 4.0
#: ... judged on sectors whose green channel reaches this (sRGB, 0-255): near the clip, a
#: lamp's hot spot, where a green and a yellow otherwise look alike. (Green, not the brightest
#: channel: a blue near the clip with red and green well below is no washed-out sector. A dim
#: sector's median mixes its paint with a shadow's or a neighbour's blur: the one yellow
#: measured with green above red, 5 above, a sector at 94-151, blue-lit.)
CHANNEL_ORDER_BRIGHT = 240.0
#: ... and such a paint then lies this much further (CIEDE2000): beyond the reach in which the
#: decode weighs a sector's other paints (3 :data:`vision.decode.SECTOR_SD`).
CHANNEL_ORDER_COST = 40.0


def _channel_order_ruled_out(samples: np.ndarray, paints: np.ndarray,
                             white: np.ndarray | None = None) -> np.ndarray:
    """Which paints ``(N, K)`` bool each colour sample ``samples`` ``(N, 3)`` Lab is not: those
    as lit ``paints`` ``(K, 3)`` Lab whose red stands :data:`CHANNEL_ORDER_MARGIN` above their
    green, where the sample's green stands that far above its red and reaches
    :data:`CHANNEL_ORDER_BRIGHT` (see there: a glare adds its white to every channel and the
    clip does not reorder them), judged only when the glare's white ``white`` ``(3,)`` BGR (see
    :func:`_sectors_through_glare`; None: a neutral lamp's) adds no more green than red.
    Channels in sRGB 0-255. Not judged under a profile (the caller's gate, see
    :func:`_read_sectors`: its measurement is the development photos' read without one), so no
    sector's look on its unclipped pixels (taken under a profile only) stands for its sample."""
    ruled_out = np.zeros((len(samples), len(paints)), bool)
    if not len(samples) or (white is not None and white[1] > white[2]):
        return ruled_out
    rgb = lab_to_bgr(samples)[:, ::-1] * 255.0  # (N, 3) R, G, B
    lit = lab_to_bgr(paints)[:, ::-1] * 255.0  # (K, 3)
    green_over = ((rgb[:, 1] - rgb[:, 0] >= CHANNEL_ORDER_MARGIN)
                  & (rgb[:, 1] >= CHANNEL_ORDER_BRIGHT))  # (N,)
    red_over = lit[:, 0] - lit[:, 1] >= CHANNEL_ORDER_MARGIN  # (K,)
    ruled_out = green_over[:, None] & red_over[None, :]
    if ruled_out.any():
        logger.debug("%d sectors with green above red near the clip: no red-over-green paint",
                     int(ruled_out.any(axis=1).sum()))
    return ruled_out


#: A tile's three sectors named one paint whose colours pale along a line by at least this much
#: between them (their extent along it, linear light, the first principal direction of the
#: three) show the glare's own direction as the photo recorded it (a lamp's hot spot falling off
#: across the tile adds its white to one paint in the same proportions at every level) ...
GLARE_LINE_SPREAD = 0.05
#: ... and the fourth sector, named another paint, lies on that line within this (linear
#: light, its distance from the line), further along it than the three (more glare) and with
#: two channels at least below the clip (its proportions seen): the same paint under more of the
#: glare, named the three's paint (at :data:`GROUP_CONF` at most) where that paint lies within
#: :data:`WASHED_PAIR_MARGIN` of the paint the sector is named. Measured on the 400 Twelve Tiles development
#: photos (final13, final16-25, tw12, tw13, tw15-17) at 9941e72, on the read tiles of three
#: sectors of one name and one of another: the one fourth sector beyond its three with two
#: channels unclipped and three paling by at least the spread lies 0.006 from their line, and
#: is their paint washed further (final16 hard-1606's red tile (5, 1), its palest red read
#: yellow under a 4900 K lamp); no fourth of another paint so placed lies within 0.15 of the
#: line. The eight of another paint within 0.05 of it lay before the three (less glare, 0.15-0.75
#: before: seeds 802, 2310, 3004, 2616, 3210, 3211) or had three paling by only 0.01-0.02
#: (seeds 2301, 2616: their line the noise's direction, not a glare's); others were clipped in
#: two channels or more. 0.03: about the camera's noise on a sector's median, below a paint's
#: distance from another paint's glare line.
GLARE_LINE_RESIDUAL = 0.03


def _on_mates_glare_line(samples: np.ndarray, named: np.ndarray, conf: np.ndarray,
                         dist: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sector names ``(4 N,)`` and confidences ``(4 N,)`` (four per tile in turn, Lab
    ``samples`` ``(4 N, 3)``, distances ``dist`` ``(4 N, K)``) with the odd sector of a tile
    whose other three sectors are named one paint named that paint where it lies on the line
    along which those three pale under the glare (see :data:`GLARE_LINE_SPREAD`,
    :data:`GLARE_LINE_RESIDUAL`): a glare adds only its own colour, so a sector further along
    one paint's glare line than the paint's other sectors is that paint washed further, where
    the light fitted over the layout may name it the next paint (a red washed towards its
    yellow under a warm lamp). Linear BGR throughout. The renamed sector's confidence is capped
    at :data:`GROUP_CONF` (above :data:`CONFIDENCE_THRESHOLD`, so it stays a clear sector the
    decode does not fill); the rule runs with or without a profile and takes precedence over an
    earlier rename of the sector."""
    named, conf = named.copy(), conf.copy()
    names4 = named.reshape(-1, 4)
    # (the tiles of three sectors of one name and a fourth of another, and that fourth: a
    # sector whose name no tile-mate shares, the other three sharing one)
    shared = (names4[:, :, None] == names4[:, None, :]).sum(axis=2)  # (N, 4): itself included
    odd_tiles = np.flatnonzero((np.sort(shared, axis=1) == [1, 3, 3, 3]).all(axis=1))
    if not odd_tiles.size:
        return named, conf
    odd = np.argmin(shared[odd_tiles], axis=1)  # (M,)
    rows = 4 * odd_tiles + odd
    paint = names4[odd_tiles, (odd + 1) % 4]
    lin4 = lab_to_linear(samples[4 * odd_tiles[:, None] + np.arange(4)]).reshape(-1, 4, 3)
    seen = (lin4[np.arange(len(odd)), odd] < CLIPPED_LINEAR).sum(axis=1) >= 2
    near = dist[rows, paint] - dist[rows, named[rows]] <= WASHED_PAIR_MARGIN
    cand = np.flatnonzero(seen & near)
    if not cand.size:
        return named, conf
    # (each candidate tile's three mates (C, 3, 3) and their first principal direction, turned
    # to brighten: the glare's as this photo recorded it)
    keep = (np.arange(4)[None, :] != odd[cand, None])  # (C, 4)
    mates = lin4[cand][keep].reshape(-1, 3, 3)
    centre = mates.mean(axis=1)  # (C, 3)
    direction = np.linalg.svd(mates - centre[:, None])[2][:, 0]  # (C, 3)
    direction *= np.where(direction.sum(axis=1) >= 0, 1.0, -1.0)[:, None]
    along = np.einsum("cmk,ck->cm", mates - centre[:, None], direction)  # (C, 3)
    rel = lin4[cand, odd[cand]] - centre  # (C, 3)
    beyond = np.einsum("ck,ck->c", rel, direction)
    off = np.linalg.norm(rel - beyond[:, None] * direction, axis=1)
    on_line = ((np.ptp(along, axis=1) >= GLARE_LINE_SPREAD) & (off <= GLARE_LINE_RESIDUAL)
               & (beyond > along.max(axis=1)))
    for c in np.flatnonzero(on_line):
        j, m = int(rows[cand[c]]), int(cand[c])
        logger.debug("sector %d on its tile-mates' glare line (%.3f off, %.3f beyond): "
                     "named %d -> %d", j, off[c], beyond[c] - along[c].max(), named[j], paint[m])
        named[j] = paint[m]
        conf[j] = min(float(conf[j]), GROUP_CONF)
    return named, conf


#: Two sectors of one tile at about one lightness (CIELAB lightness within this, L*) ...
WASHED_PAIR_DL = 5.0
#: ... whose colours lie at least this far apart (CIEDE2000) show two paints, whatever they are
#: named: in one light and about one glare a paint's sectors lie 0.5-3 apart (99% of the pairs
#: named alike on the Twelve Tiles photos of six independent sets within 9; the pairs further
#: apart differ in lightness, a shadow across the tile), while a green washed out by a warm
#: lamp's hot spot lies 12-18 from the yellow beside it on the same tile, at the same L* 97-99
#: (the independent renderer's final3 hard 064, tw3devB hard 138).
WASHED_PAIR_DE = 10.0
#: ... and the paler of the two is named its next nearest paint only when that lies within this
#: of its nearest (CIEDE2000; 3 standard deviations of a sector about its prediction,
#: vision.decode.SECTOR_SD): a washed-out sector lies near several paints, a clear one does not.
WASHED_PAIR_MARGIN = 12.0


def _washed_pairs_apart(samples: np.ndarray, named: np.ndarray, conf: np.ndarray,
                        dist: np.ndarray, lamp: np.ndarray | None = None
                        ) -> tuple[np.ndarray, np.ndarray]:
    """Sector names ``(4 N,)`` and confidences ``(4 N,)`` (four per tile in turn, Lab
    ``samples`` ``(4 N, 3)``, distances ``dist`` ``(4 N, K)``) with a tile's sectors that are
    named one paint but clearly show two (:data:`WASHED_PAIR_DL`, :data:`WASHED_PAIR_DE`, or
    nearer but paler without being lighter, :func:`_not_paled_by_glare`; with the ``lamp``'s
    glare colour ``(3,)`` linear BGR as recorded, at any lightness when the paler is not the
    other's paint with more of that glare, :func:`mate_glare_distance`) named apart: the
    paler (lower CIELAB chroma) takes its next nearest paint, within
    :data:`WASHED_PAIR_MARGIN`, at :data:`GROUP_CONF` at most (a sector read unclear stays so:
    a cell off its tiles, straddling two, mixes two tiles' paints and its unclear read asks for
    the lattice to be refitted).

    A lamp's hot spot adds its light to every sector of a tile alike (the tile is a few
    centimetres across) and pales a paint towards the lamp's colour: a green under a warm lamp
    fits a yellow with glare added as well as a green, while the tile's own yellow beside it,
    in the same glare, keeps its chroma (its weak blue channel stays low). The more saturated
    sector is the one the glare left its paint's evidence in; the paler one is not that paint.
    Where the glare falls off across the tile, one paint's sectors pale by degrees: a third
    sector of the name between the two (each step within :data:`WASHED_PAIR_DE`, and one the
    glare explains) links them as one paint (:func:`_one_paint_chain`). A glare adds only the
    lamp's colour: a sector brightened beyond its tile-mate in other proportions (a purplish
    blue beside a red, both their red clipped, under a warm lamp) is another paint however much
    lighter it is."""
    named, conf = named.copy(), conf.copy()
    d = _sector_distances(samples)  # (N, 4, 4)
    lab = samples.reshape(-1, 4, 3)
    chroma = np.hypot(lab[..., 1], lab[..., 2])  # (N, 4)
    names4 = named.reshape(-1, 4)
    dl = np.abs(lab[:, :, None, 0] - lab[:, None, :, 0])
    same = names4[:, :, None] == names4[:, None, :]  # (N, 4, 4)
    paler = chroma[:, :, None] < chroma[:, None, :]  # (N, 4, 4): [t, paler, richer]
    unglared = _not_paled_by_glare(lab, d, paler)
    # (not the tile-mate's paint under more glare; NaN, too few unclipped channels: no telling)
    # (and the lighter of the two: the one with more glare, whatever chroma a strongly coloured
    # lamp's glare lends a pale paint)
    unlike = (np.zeros_like(same) if lamp is None
              else (np.nan_to_num(mate_glare_distance(lab, lamp)) > MATE_GLARE_DE)
              & (lab[:, :, None, 0] > lab[:, None, :, 0]))
    apart = same & paler & ((((d >= WASHED_PAIR_DE) | unglared) & (dl <= WASHED_PAIR_DL)) | unlike)
    linked = same & ~unglared & ~unglared.transpose(0, 2, 1) & ~unlike & ~unlike.transpose(0, 2, 1)
    for t, k in zip(*np.nonzero(apart.any(axis=2))):
        richer = np.flatnonzero(apart[t, k])
        if np.any(_one_paint_chain(d[t], linked[t], int(k))[richer]):
            continue
        j = 4 * int(t) + int(k)
        order = np.argsort(dist[j])
        other = next(int(o) for o in order if o != named[j])
        if dist[j, other] - dist[j, named[j]] <= WASHED_PAIR_MARGIN:
            why = (" (no lighter)" if unglared[t, k, richer].any()
                   else " (lit unlike)" if unlike[t, k, richer].any() else "")
            logger.debug("sector %d of tile %d: paler than its tile-mate of one name%s, %d -> %d",
                         k, t, why, named[j], other)
            named[j], conf[j] = other, min(float(conf[j]), GROUP_CONF)
    return named, conf


def _not_paled_by_glare(lab: np.ndarray, d: np.ndarray, paler: np.ndarray) -> np.ndarray:
    """``(N, 4, 4)`` bool, ``[t, a, b]``: tile ``t``'s sector ``a`` is paler than its sector
    ``b`` (``paler``, lower CIELAB chroma), further than :data:`SAME_PAINT` from it (CIEDE2000
    ``d`` ``(N, 4, 4)``) and no lighter (``lab`` ``(N, 4, 3)``): not ``b``'s paint under more
    of a lamp's glare, which would have lifted its lightness.

    A lamp's glare adds light to every channel: a sector paled by more of it than its tile-mate
    of one paint is also lighter, so one paler yet no lighter shows a second paint below
    :data:`WASHED_PAIR_DE` too (the own renderer's Twelve Tiles calibration case, seed 0, photo
    10, under the profile: a green 6.4-8.4 from its tile's three yellows and 2.7-3.4 L* darker;
    a yellow paling by degrees across its tile, the independent renderer's tw3devB hard 138,
    is 0.8-1.7 L* lighter at each step, of 5.0 and 7.7)."""
    light = lab[..., 0]  # (N, 4)
    return paler & (light[:, :, None] <= light[:, None, :] - UNGLARED_DL) & (d > SAME_PAINT)


#: "No lighter" by at least this (L*): within it the two sectors' lightness is sample noise (a
#: lattice a pixel off mixing a sector with the gap), not the sign of a second paint (the case
#: it serves: 2.7-3.4 L* darker).
UNGLARED_DL = 1.0


#: The shading of a tile's sector against its tile-mate's (:func:`mate_glare_distance`): any
#: shadow (a shadow only darkens a paint: the independent renderer's calibration case, seed 0,
#: photo 3, a yellow sector at L* 46 beside its tile-mate at 68, 0.4 of its light) and up to
#: the glare model's brightening (:data:`vision.glare.SHADE_RANGE`: a lamp near enough to leave
#: a hot spot lights a tile's sectors a little unevenly), in steps of :data:`MATE_SHADE_STEP`
#: from 0.1 (not 0: a shade of nothing would let any lamp-coloured sector match any tile-mate).
MATE_SHADE_STEP = 0.05
MATE_SHADES = np.arange(0.1, SHADE_RANGE[1] + MATE_SHADE_STEP / 2, MATE_SHADE_STEP)
#: A sector further than this (CIEDE2000) from every look of its tile-mate with more of the
#: lamp's glare added (see :func:`mate_glare_distance`) is another paint. Measured on the own
#: renderer's Twelve Tiles calibration cases under their profiles (seeds 0 and 1, 40 photos):
#: of 1,200 pairs of sectors of one tile named alike and painted alike, 99% lie within 1.5, all
#: within 2.4; the four pairs of two paints named alike with enough unclipped channels to
#: judge, 8.1-12.4 (a blue named red beside a red, three times; a blue named yellow).
MATE_GLARE_DE = 6.0


def mate_glare_distance(lab: np.ndarray, lamp: np.ndarray) -> np.ndarray:
    """``(N, 4, 4)`` CIEDE2000, ``[t, a, b]``: how far tile ``t``'s sector ``a`` (``lab``
    ``(N, 4, 3)``, four sectors per tile) lies from its sector ``b``'s colour as recorded, shaded
    within :data:`MATE_SHADES` and with the lamp's glare (``lamp`` ``(3,)`` linear BGR as the
    camera recorded it, largest channel 1; any amount from none up) added: ``a = s b + g lamp``
    fitted on the channels the camera clipped in neither (:data:`vision.glare.CLIPPED_LINEAR`),
    the clipped ones taken as ``a`` shows them. NaN where fewer than two channels are left (a
    clipped channel tells only that the light reached the top).

    A glare adds the lamp's own colour whatever the paint: one paint's sectors in a hot spot
    that falls off across the tile differ by the lamp's colour, while a second paint's differ
    by the paints' own difference too. (The own renderer's Twelve Tiles calibration cases under a
    3000 K lamp: a purplish blue beside a red on one tile, both their red clipped, the blue's
    green and blue channels 0.30 and 0.42 above the red's, where the lamp (0.41, 0.69, 1) BGR
    adds more green than blue.)

    The reverse of :func:`vision.glare.glare_distances` (a grid over the shade, the glare fitted,
    rather than a grid over the glare, the shade fitted), fitted on each pair's own unclipped
    channels; the fitted light's haze offset is left out (its ``(1 - s) * offset`` term, small
    beside a hot spot's glare)."""
    n = len(lab)
    if not n:
        return np.zeros((0, 4, 4))
    lin = srgb_to_linear(lab_to_bgr(lab.reshape(-1, 3))).reshape(n, 4, 3).astype(np.float64)
    a, b = lin[:, :, None, None, :], lin[:, None, :, None, :]  # (N, 4, 1, 1, 3), (N, 1, 4, 1, 3)
    used = ((a < CLIPPED_LINEAR) & (b < CLIPPED_LINEAR)).astype(np.float64)  # (N, 4, 4, 1, 3)
    rest = a - MATE_SHADES[:, None] * b  # (N, 4, 4, S, 3): what the glare must add
    w = np.asarray(lamp, np.float64)
    glare = np.maximum(np.sum(rest * w * used, axis=-1, keepdims=True)
                       / np.maximum(np.sum(w * w * used, axis=-1, keepdims=True), 1e-9), 0.0)
    seen = np.where(used > 0, MATE_SHADES[:, None] * b + glare * w, a)  # (N, 4, 4, S, 3)
    seen_lab = bgr_to_lab(linear_to_srgb(np.clip(seen, 0.0, 1.0).reshape(-1, 3)).astype(np.float32))
    d = ciede2000(np.broadcast_to(lab.reshape(n, 4, 1, 1, 3), seen.shape).reshape(-1, 3),
                  seen_lab).reshape(seen.shape[:-1]).min(axis=-1)  # (N, 4, 4)
    return np.where(used[..., 0, :].sum(axis=-1) >= 2, d, np.nan)


def _one_paint_chain(d: np.ndarray, same: np.ndarray, start: int) -> np.ndarray:
    """The sectors ``(4,)`` bool of one tile linked to sector ``start`` by steps within
    :data:`WASHED_PAIR_DE` (CIEDE2000 ``d`` ``(4, 4)``) through sectors of its name (``same``
    ``(4, 4)``): one paint paling by degrees where a glare falls off across the tile."""
    linked = np.zeros(len(d), bool)
    linked[start] = True
    for _ in range(len(d)):
        grown = linked | np.any(linked[:, None] & same & (d < WASHED_PAIR_DE), axis=0)
        if np.array_equal(grown, linked):
            break
        linked = grown
    return linked


#: A sector is judged on its unclipped pixels (:func:`_unclipped_looks`) when at least this
#: share of them has no channel clipped: 4 of a 32-pixel cell's 90-pixel sector, a median the
#: JPEG's noise leaves within 1-2 CIEDE2000. (A warm lamp's hot spot clips red and green over
#: most of a sector; its pixels on the side away from the lamp's centre keep all three.)
UNCLIPPED_SHARE = 0.04
#: ... and its look then names its paint when that paint, through any glare, fits it at least
#: this much (CIEDE2000) better than every other: on the own renderer's Twelve Tiles calibration
#: photos under their profiles (seeds 0 and 1, photos 0, 6, 10, 12; 26 sectors with a clipped
#: median and such pixels) the right paint 0.1-5.4, the next nearest 1.1 further for one green
#: (kept as read), 4.7 or more for the others; below it the sector keeps its reading.
LOOK_MARGIN = 4.0


def _looks_decisive(look_dist: np.ndarray, dist: np.ndarray, have: np.ndarray) -> np.ndarray:
    """Which looks ``(M,)`` bool name their sector's paint: the looks' distances ``look_dist``
    ``(M, K)`` to the paints, of the sectors ``have`` ``(M,)`` (indices into the sectors, four
    per tile in turn, n e s w) whose own distances are ``dist``'s rows ``(4 N, K)``.

    A look names its sector's paint when that paint fits it :data:`LOOK_MARGIN` better than
    every other, is one the whole sector fits nearly as well as its nearest (within
    :data:`WASHED_PAIR_MARGIN`: a look is evidence for a doubtful sector, never against a clear
    one) and is neither of the paints nearest the two tile-mates it borders along its
    diagonals. A sector's unclipped pixels in a hot spot are often those along a diagonal,
    blurred with the tile-mate beside it that the glare spares (the own renderer's fresh
    draw, seed 3, photos 11 and 14: reds clipped but along a diagonal shared with a blue or a
    green, whose looks named that tile-mate's paint; a yellow beside a green read green); a
    paint no tile-mate beside it shows is no such blur."""
    two = np.sort(look_dist, axis=1)[:, :2]
    best = look_dist.argmin(axis=1)
    own = dist[have] - dist[have].min(axis=1, keepdims=True)
    nearest = dist.argmin(axis=1)
    tile, side = have // 4, have % 4
    mates = np.stack([nearest[4 * tile + (side + 1) % 4], nearest[4 * tile + (side + 3) % 4]], 1)
    return ((two[:, 1] - two[:, 0] >= LOOK_MARGIN)
            & (own[np.arange(len(have)), best] <= WASHED_PAIR_MARGIN)
            & ~(mates == best[:, None]).any(axis=1))


def _any_clipped(labs: np.ndarray) -> np.ndarray:
    """Which colours ``labs`` ``(N, 3)`` Lab have a linear channel at
    :data:`vision.glare.CLIPPED_LINEAR`: ``(N,)`` bool."""
    return (srgb_to_linear(lab_to_bgr(labs)) >= CLIPPED_LINEAR).any(axis=-1)


def _unclipped_looks(regions: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Per cell of ``regions`` ``(N, h, w, 3)`` Lab, the median Lab ``(N, 3)`` of the pixels
    under ``mask`` ``(h, w)`` bool with no linear channel at :data:`vision.glare.CLIPPED_LINEAR`;
    NaN rows where fewer than :data:`UNCLIPPED_SHARE` of them are."""
    x = masked_pixels(regions, mask)  # (N, k, 3)
    out = np.full((len(x), 3), np.nan)
    if not x.shape[1]:
        return out
    lin = srgb_to_linear(lab_to_bgr(x.reshape(-1, 3))).reshape(x.shape)
    keep = (lin < CLIPPED_LINEAR).all(axis=-1)  # (N, k)
    rows = np.flatnonzero(keep.sum(axis=1) >= max(1, UNCLIPPED_SHARE * x.shape[1]))
    out[rows] = _masked_median(x[rows], keep[rows])
    return out


def _clipped_sector_looks(samples: np.ndarray, subs: Mapping[int, np.ndarray],
                          masks: Mapping[int, Mapping[str, np.ndarray]],
                          group: Mapping[int, np.ndarray]) -> np.ndarray:
    """The looks ``(4 N, 3)`` Lab (see :func:`_unclipped_looks`) of the sectors whose median
    ``samples`` ``(4 N, 3)`` Lab (four per cell in turn, n e s w) has a channel clipped, NaN
    rows elsewhere (a sector read in full needs no second look): ``subs[a]`` the Lab cells
    ``(n_a, h, w, 3)`` read along axis ``a``, ``group[a]`` ``(n_a,)`` their indices among the
    cells, ``masks[a]`` their sectors' masks by side."""
    clipped = _any_clipped(np.asarray(samples, np.float32)).reshape(-1, 4)  # (N, 4)
    looks = np.full((len(samples), 3), np.nan)
    for a, sub in subs.items():
        for k, e in enumerate(("n", "e", "s", "w")):
            rows = np.flatnonzero(clipped[group[a], k])
            if rows.size:
                looks[4 * group[a][rows] + k] = _unclipped_looks(sub[rows], masks[a][e])
    return looks


def _named_by_looks(named: np.ndarray, conf: np.ndarray, dist: np.ndarray,
                    looks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sector names and confidences ``(4 N,)`` with each sector whose look was taken (``looks``
    ``(4 N, 3)``, NaN rows: none; see :func:`_sectors_through_glare`) named the paint nearest it
    (its ``dist`` row ``(4 N, K)`` is the look's, :data:`LOOK_MARGIN` nearer than every
    other), at the confidence of that match: the sector's own least-glared pixels show its paint's
    proportions, where its median, clipped in all but one channel, fits several paints at
    some exposure (a green and a yellow under a 3000 K lamp, blue alone left)."""
    named, conf = named.copy(), conf.copy()
    for j in np.flatnonzero(~np.isnan(looks).any(axis=1)):
        order = np.argsort(dist[j])
        if order[0] != named[j]:
            logger.debug("sector %d: named %d -> %d by its unclipped pixels", j, named[j], order[0])
            named[j] = order[0]
            margin = float(dist[j, order[1]] - dist[j, order[0]])
            conf[j] = _conf_from_match(float(dist[j, order[0]]), margin)
    return named, conf


#: The bands (share of a cell's width) either side of a tile's diagonal on which each sector's
#: light is fitted (:func:`_diagonal_steps`): from this far off the diagonal, clear of the
#: printed line along it and the blur that mixes the two paints (a cell viewed 32 pixels wide:
#: two pixels; chosen from the geometry, not measured) ...
STEP_BAND_NEAR = 0.06
#: ... to this far, within the sectors' own paint (a sector's widest point lies 0.35 from its
#: diagonals; chosen from the geometry, not measured), ...
STEP_BAND_FAR = 0.25
#: ... along the diagonal from this far off the centre (where four sectors meet) to the tile's
#: rim (0.71 at the corner), inside :data:`STEP_RIM` of the cell's sides (the bevel and the gap
#: between tiles); the fitted planes are compared at :data:`STEP_AT` along it (the middle).
#: (All three chosen from the geometry, not measured.)
STEP_FROM_CENTRE = 0.08
STEP_RIM = 0.44
STEP_AT = 0.33
#: A channel is used on a band when at least this share of its pixels lies under
#: :data:`vision.glare.CLIPPED_LINEAR` (a clipped pixel tells only that the light reached the top).
#: (Chosen, not measured: a plane of three unknowns fitted on most of its band.)
STEP_UNCLIPPED = 0.8
#: The sector whose light continues across a diagonal with a step at most this share of the step
#: across its other diagonal (linear light, the channels both diagonals show) is its tile-mate's
#: paint there: measured on the own renderer's Twelve Tiles calibration cases under their
#: profiles (seeds 0 and 1, 40 photos, every sector of a tile whose two tile-mates are two
#: paints, one its own: 1266; at the true cells, viewed 32 pixels a cell as the reader views
#: them), the step to the tile-mate of another paint is at least 1.5 times the step to the one
#: of its own, 6 or more in 99% of them, 70 (median); 0.5 leaves the few nearer than 2 ...
STEP_SHARE = 0.5
#: ... and at least this much smaller (linear light, of 1; measured on the same sectors): a step
#: to a tile-mate of its own paint lies at 0.005 (median), 0.02 (99%), 0.031 at most on those
#: sectors, one to a tile-mate of another paint 0.007 further at the least, 0.04 (1%): a green
#: and a yellow under a 3000 K lamp differ by 0.03 in blue as the profile measured them.
STEP_APART = 0.015


@lru_cache(maxsize=8)
def _step_bands(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For a square cell of ``n`` pixels, the bands either side of each of its four diagonals,
    in the order n|e, e|s, s|w, w|n (between sector ``k`` and ``k + 1`` of n e s w):
    ``(first, second, along, across)``, the masks ``(4, n, n)`` bool of the bands in sector
    ``k`` and in sector ``k + 1`` (:data:`STEP_BAND_NEAR` to :data:`STEP_BAND_FAR` off the
    diagonal, :data:`STEP_FROM_CENTRE` out from the centre, inside :data:`STEP_RIM`), and each
    pixel's coordinates ``(4, n, n)`` along the diagonal from the centre and across it (shares
    of the cell's width)."""
    yy, xx = (np.mgrid[0:n, 0:n] + 0.5) / n - 0.5
    sector = _triangles(n, inset=0.0, band=-np.inf)  # (whole sectors, to their diagonals and rim)
    names = ("n", "e", "s", "w")
    corners = ((1, -1), (1, 1), (-1, 1), (-1, -1))  # (x, y) of the corner between k and k + 1
    first, second, along, across = [], [], [], []
    inside = np.maximum(np.abs(xx), np.abs(yy)) < STEP_RIM
    for k, (dx, dy) in enumerate(corners):
        u = (xx * dx + yy * dy) / math.sqrt(2.0)
        v = np.abs(xx * dy - yy * dx) / math.sqrt(2.0)
        band = inside & (u > STEP_FROM_CENTRE) & (v > STEP_BAND_NEAR) & (v < STEP_BAND_FAR)
        first.append(band & sector[names[k]])
        second.append(band & sector[names[(k + 1) % 4]])
        along.append(u)
        across.append(np.where(sector[names[k]], -v, v))
    return tuple(np.stack(a) for a in (first, second, along, across))


def _plane_light(lin: np.ndarray, band: np.ndarray, u: np.ndarray, v: np.ndarray,
                 point: tuple[float, float]) -> np.ndarray:
    """The light ``(3,)`` (linear, each channel) a plane fitted on a band's pixels (``lin``
    ``(n, n, 3)`` linear, ``band`` ``(n, n)`` bool, the pixels' coordinates ``u`` and ``v``
    ``(n, n)``) puts at ``point`` ``(u, v)``; NaN for a channel clipped on more than
    1 - :data:`STEP_UNCLIPPED` of the band. (A diagonal's steps, :func:`_diagonal_steps`, and
    a groove's, :func:`_groove_steps`.)"""
    out = np.full(3, np.nan)
    x = np.stack([np.ones(int(band.sum())), u[band], v[band]], 1)
    for ch in range(3):
        vals = lin[..., ch][band]
        ok = vals < CLIPPED_LINEAR
        if ok.sum() < max(3, STEP_UNCLIPPED * len(vals)):
            continue
        coef, *_ = np.linalg.lstsq(x[ok], vals[ok], rcond=None)
        out[ch] = coef[0] + coef[1] * point[0] + coef[2] * point[1]
    return out


def _diagonal_steps(cell_lab: np.ndarray) -> np.ndarray:
    """How much a tile's light steps across each of its diagonals (n|e, e|s, s|w, w|n): ``(4,
    3)`` linear BGR, sector ``k + 1``'s light on the diagonal minus sector ``k``'s, each fitted
    as a plane on its band beside the diagonal (:func:`_step_bands`) from the cell's view
    ``cell_lab`` ``(n, n, 3)`` Lab; NaN for a channel either band shows clipped.

    A lamp's glare and the light's falloff are smooth across a tile, so the two sectors' planes
    meet on their diagonal with the same glare and shading: one paint's two sectors meet without
    a step in any channel, two paints with a step of their own difference times the light,
    however much glare the hot spot adds to both."""
    n = cell_lab.shape[0]
    lin = srgb_to_linear(lab_to_bgr(cell_lab.reshape(-1, 3).astype(np.float32))).reshape(n, n, 3)
    first, second, along, across = _step_bands(n)
    on = (STEP_AT, 0.0)  # (on the diagonal, STEP_AT along it)
    return np.stack([_plane_light(lin, second[k], along[k], across[k], on)
                     - _plane_light(lin, first[k], along[k], across[k], on) for k in range(4)])


def _named_by_diagonal_steps(named: np.ndarray, conf: np.ndarray, dist: np.ndarray,
                             views: Callable[[int], np.ndarray],
                             apart: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Sector names and confidences ``(4 N,)`` (four per tile in turn, n e s w; ``dist``
    ``(4 N, K)`` their distances to the paints) with each doubtful sector (named at
    :data:`GROUP_CONF` or less: unclear, or named by its hue group rather than its own match)
    whose light continues into one tile-mate's across their diagonal and steps at the other's
    (:func:`_diagonal_steps` of its tile's view ``views(tile)`` ``(n, n, 3)`` Lab: a step at
    most :data:`STEP_SHARE` of, and :data:`STEP_APART` below, the step to the other tile-mate,
    on the channels both diagonals show) named the paint of the one it continues, at
    :data:`GROUP_CONF` at least: when that tile-mate is named clearly by its own match (as read
    before this, :data:`CONFIDENCE_THRESHOLD` or more, and not at :data:`GROUP_CONF`, the mark of
    a name its hue group gave or :func:`_washed_pairs_apart` capped: such a tile-mate anchors
    nothing, nor does one ``apart``) and keeps its name here (a clear read under
    :data:`GROUP_CONF` is doubtful itself: of two tile-mates each the other's anchor neither is
    renamed, so no two trade names, and no rename is passed on), the other is named another
    paint, and
    both tile-mates' paints lie within :data:`WASHED_PAIR_MARGIN` of the sector's nearest (the
    steps tell the sector's paint between the two only: a yellow between a green and a blue
    steps far less to the green than to the blue, the same case's photo 10, tile (1, 5)).
    A sector whose name this keeps keeps its confidence too (one read unclear stays unclear, for
    the decoder's fill and the refit), and a sector :func:`_washed_pairs_apart` named apart
    from a tile-mate (``apart`` ``(4 N,)`` bool, when given) is left as named: this does not
    reverse that rename (nor lend a renamed sector's name to another).

    In a lamp's hot spot a green and a yellow both clip their red and green, and the blue left
    is mostly the lamp's glare, whose level no sector's median pins down (the own renderer's
    Twelve Tiles calibration case, seed 1, photo 10, tile (2, 4): a yellow between a green and
    a yellow, 0.6 from both green and yellow, named green by its hue group). Across a diagonal
    the glare and the shading are the same on both sides, so the paints show in the step alone:
    there the yellow's blue steps 0.043 from its green tile-mate's and 0.014 from its yellow
    one's."""
    out_named, out_conf = named.copy(), conf.copy()
    steps: dict[int, np.ndarray] = {}
    doubtful = conf <= GROUP_CONF
    if apart is not None:
        doubtful &= ~apart
    anchors = (conf >= CONFIDENCE_THRESHOLD) & (conf != GROUP_CONF)
    if apart is not None:
        anchors &= ~apart
    renamed: dict[int, int] = {}  # sector -> the tile-mate whose paint it takes
    for j in np.flatnonzero(doubtful):
        tile, k = divmod(int(j), 4)
        mates = (4 * tile + (k + 1) % 4, 4 * tile + (k + 3) % 4)  # (across diagonal k, k - 1)
        if named[mates[0]] == named[mates[1]]:
            continue
        if tile not in steps:
            steps[tile] = _diagonal_steps(views(tile))
        across = np.abs(np.stack([steps[tile][k], steps[tile][(k + 3) % 4]]))  # (2, 3)
        shown = ~np.isnan(across).any(axis=0)
        if not shown.any():
            continue
        step = across[:, shown].max(axis=1)  # (2,): to each tile-mate
        near = int(np.argmin(step))
        small, large = float(step[near]), float(step[1 - near])
        paint = int(named[mates[near]])
        if (small > STEP_SHARE * large or large - small < STEP_APART
                or not anchors[mates[near]]
                or (dist[j, named[list(mates)]] - dist[j].min() > WASHED_PAIR_MARGIN).any()):
            continue
        if paint == named[j]:
            continue  # (its name stands, and so does its confidence: unclear stays unclear)
        logger.debug("sector %d: continues its tile-mate %d across their diagonal (step %.3f, "
                     "%.3f to the other): %d -> %d", j, mates[near], small, large, named[j], paint)
        renamed[int(j)] = mates[near]
    for j, mate in renamed.items():
        if mate not in renamed:  # (an anchor renamed itself anchors nothing)
            out_named[j], out_conf[j] = named[mate], max(float(conf[j]), GROUP_CONF)
    return out_named, out_conf


# ------------------------------------------------------------- X-Tiles: steps across the grooves

#: An X-Tile's grooves run this many degrees off its long axis (the independent renderer's
#: tiles 34-40, the kit's drawing 45: their middle); the light either side of a groove is
#: compared at this angle.
GROOVE_DEG = 40.0
#: The bands a groove's step is measured on: in the big sector this far (degrees) off the long
#: axis, in the small sector this far, clear of the groove on either drawing (34-45) by 6 degrees
#: at least (as the wedges that place a face, :data:`WEDGE_BIG_DEG` and :data:`WEDGE_SMALL_DEG`,
#: stay clear of it), and as far from the face's centre as those wedges (:data:`WEDGE_RADII`:
#: clear of the crossing, inside the waist, 0.27-0.37 of a cell out across the long axis) ...
GROOVE_BIG_BAND = (10.0, 28.0)
GROOVE_SMALL_BAND = (51.0, 75.0)
#: ... each band's light fitted as a plane and taken on the groove this far out (the bands'
#: middle).
GROOVE_AT = 0.16
#: A washed X-Tiles sector (NAMED orange or yellow, not its nearest paint necessarily, further
#: than :data:`GROOVE_WASHED_DE` from the paint named and its distances to the two within
#: :data:`WASHED_PAIR_MARGIN` of each other, CIEDE2000: :func:`_washed_of_pair`) is named by the
#: steps of its tile's light across the four grooves when one of the two paints
#: explains them (each channel's steps up to one gain: the lamp's colour and the tile's exposure)
#: with at most this share of the other's squared residual. Under a lamp's hot spot red and green
#: clip and a sector's level is mostly glare, but the glare is smooth across a tile, so each step
#: is the two paints' difference times the light: a yellow's blue is 2.7 times an orange's.
#: (Not fitted: set before measuring, one paint explaining the steps four times better; a
#: residual measured against the noise of a step instead, 0.01, and a gain varying by 0.3
#: across a tile, renamed more and read worse: final18 hard-1881 5 -> 10 wrong cells.)
GROOVE_RESIDUAL_SHARE = 0.25
#: The steps of a channel are used only when this many of a face's four show unclipped (each
#: band clipped on at most 1 - :data:`STEP_UNCLIPPED` of it): one gain is fitted to them.
GROOVE_MIN_STEPS = 3
#: The pair of paints told apart so (X-Tiles' two paints a hot spot leaves alike).
GROOVE_PAIR = ("orange", "yellow")
#: A sector within this of the paint it was named (CIEDE2000; one spread of a sector about its
#: prediction, :data:`vision.decode.SECTOR_SD`) shows that paint, washed or not: the steps
#: judge only one further off. (Set from that spread, not fitted. Without it the steps renamed
#: clear orange sectors 2.2-2.4 from orange, read 0.91, to yellow: final16 hard-1604, a tile
#: read right at base, 0 -> 3 wrong cells, and final22 hard-2806; the renames that mended
#: boards, on final20 hard-2103, final22 hard-2806 and xt52 hard-2772, lay 5.3-14 from the
#: paint named. The window where all 402 development photos read as measured is 2.4-5.3, each
#: edge from one photo: at 6, final22 hard-2806 0 -> 1.)
GROOVE_WASHED_DE = 4.0
#: The noise of a step across a groove (linear, one channel): the spread of the steps between
#: two sectors of ONE paint on clear tiles, which should be none (1.4826 times their median
#: absolute step, 0.0077: 2655 channel steps on 21 development photos, final16-26, xt50, xt52,
#: the eleven hot-spot photos among them; the blue's alone 0.0056, the red's 0.0106) ...
GROOVE_STEP_NOISE = 0.011
#: ... and the two paints' fits (squared residuals, :func:`_steps_fit`) must differ by more than
#: this many times its square for the steps to tell them apart: the paints' predicted steps two
#: noise spreads apart at least (2 squared). (Set from the noise, not fitted: the renames that
#: changed a board on those 21 photos differed by 0.03-0.18, sixty times the floor and more;
#: the floor stops renames between fits differing by 4e-5 to 4e-4, steps of 0.006-0.02 in all.
#: Reading-neutral on the 402 development photos: it stops renames on 5 of them, final22
#: hard-2806, final24 normal-3408, final26 hard-4007 and 4008, final27 hard-4204, and none of
#: their boards changes without it: a guard against a decision made in noise.)
GROOVE_NOISE_FLOOR = 4.0


@lru_cache(maxsize=8)
def _groove_bands(n: int, axis: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For an ``(n, n)`` view of an X-Tile's face (centred; ``axis`` 0 = long axis E-W), each of
    its four grooves in the order n|e, e|s, s|w, w|n (between sector ``k`` and ``k + 1`` of n e s
    w): ``(first, second, on)``, the masks ``(4, n, n)`` bool of the bands beside the groove in
    sector ``k`` and in sector ``k + 1`` (:data:`GROOVE_BIG_BAND`, :data:`GROOVE_SMALL_BAND`,
    :data:`WEDGE_RADII`), and the point ``(4, 2)`` (x, y, shares of the width from the centre)
    on the groove :data:`GROOVE_AT` out."""
    yy, xx = (np.mgrid[0:n, 0:n] + 0.5) / n - 0.5
    r = np.hypot(xx, yy)
    # (degrees off the long axis)
    off = np.degrees(np.arctan2(np.abs(yy), np.abs(xx)) if axis == 0
                     else np.arctan2(np.abs(xx), np.abs(yy)))
    ring = (r >= WEDGE_RADII[0]) & (r <= WEDGE_RADII[1])
    big = ring & (off >= GROOVE_BIG_BAND[0]) & (off <= GROOVE_BIG_BAND[1])
    small = ring & (off >= GROOVE_SMALL_BAND[0]) & (off <= GROOVE_SMALL_BAND[1])
    names = ("n", "e", "s", "w")
    corners = ((1, -1), (1, 1), (-1, 1), (-1, -1))  # (x, y) of the corner between k and k + 1
    first, second, on = [], [], []
    g = math.radians(GROOVE_DEG)
    for k, (dx, dy) in enumerate(corners):
        quadrant = (np.sign(xx) == dx) & (np.sign(yy) == dy)
        for name, out in ((names[k], first), (names[(k + 1) % 4], second)):
            is_big = (name in ("e", "w")) == (axis == 0)
            out.append(quadrant & (big if is_big else small))
        along, across = GROOVE_AT * math.cos(g), GROOVE_AT * math.sin(g)
        on.append((dx * along, dy * across) if axis == 0 else (dx * across, dy * along))
    return np.stack(first), np.stack(second), np.array(on)


def _groove_steps(view_lab: np.ndarray, axis: int) -> np.ndarray:
    """How much an X-Tile's light steps across each of its grooves (n|e, e|s, s|w, w|n): ``(4,
    3)`` linear BGR, sector ``k + 1``'s light on the groove minus sector ``k``'s, from the face's
    view ``view_lab`` ``(n, n, 3)`` Lab (centred; ``axis`` 0 = long axis E-W); NaN for a channel
    either band shows clipped."""
    n = view_lab.shape[0]
    lin = srgb_to_linear(lab_to_bgr(view_lab.reshape(-1, 3).astype(np.float32))).reshape(n, n, 3)
    first, second, on = _groove_bands(n, axis)
    yy, xx = (np.mgrid[0:n, 0:n] + 0.5) / n - 0.5  # (x, y: shares of the width from the centre)
    return np.stack([_plane_light(lin, second[k], xx, yy, on[k])
                     - _plane_light(lin, first[k], xx, yy, on[k]) for k in range(4)])


def _steps_fit(steps: np.ndarray, paints_lin: np.ndarray) -> tuple[float, int, int]:
    """How badly a face's paints ``paints_lin`` ``(4, 3)`` linear BGR (n e s w) explain its
    groove steps ``steps`` ``(4, 3)`` (:func:`_groove_steps`): ``(residual, steps, channels)``,
    the squared residual of each channel's steps (with :data:`GROOVE_MIN_STEPS` shown at least)
    fitted as the paints' steps times one gain of its own, at least 0, summed, and how many
    steps and channels it was summed over; NaN residual when no channel shows enough."""
    predicted = np.roll(paints_lin, -1, axis=0) - paints_lin  # (4, 3): k + 1 minus k
    total, n_steps, n_channels = 0.0, 0, 0
    for ch in range(3):
        shown = ~np.isnan(steps[:, ch])
        if shown.sum() < GROOVE_MIN_STEPS:
            continue
        s, d = steps[shown, ch], predicted[shown, ch]
        gain = max(float(s @ d) / max(float(d @ d), 1e-12), 0.0)
        total += float(((s - gain * d) ** 2).sum())
        n_steps, n_channels = n_steps + int(shown.sum()), n_channels + 1
    return (total if n_channels else float("nan")), n_steps, n_channels


def _washed_of_pair(named: np.ndarray, dist: np.ndarray, pair: list[int]) -> np.ndarray:
    """Which sectors ``(4 N,)`` bool are washed sectors of the pair ``pair`` (two paint
    indices): NAMED one of the two (by their hue group, see :func:`_named_by_hue`; a sector
    named a third paint is left to that naming), further than :data:`GROOVE_WASHED_DE` from
    the paint so named, and whose distances to the two (``dist`` ``(4 N, K)``: the sectors'
    distances to the paints) lie within :data:`WASHED_PAIR_MARGIN` of each other."""
    own = dist[np.arange(len(named)), named]
    return (np.isin(named, pair) & (own > GROOVE_WASHED_DE)
            & (np.abs(dist[:, pair[0]] - dist[:, pair[1]]) <= WASHED_PAIR_MARGIN))


#: Whether the reader may rename a sector by what the kit's default paints predict beyond its
#: own colour (:func:`_named_by_groove_steps`: the light steps across an X-Tile's grooves the
#: kit's orange and yellow would make). True for every reading but a calibration photo's (see
#: :func:`kit_paint_guesses`).
_KIT_PAINT_GUESSES: contextvars.ContextVar[bool] = contextvars.ContextVar("kit_paint_guesses",
                                                                          default=True)


@contextlib.contextmanager
def kit_paint_guesses(enabled: bool) -> Iterator[None]:
    """Within the block the reader renames sectors by the kit's default paints' predictions
    (``enabled``) or names each by its own colour alone (not ``enabled``).

    A calibration photo shows the player's set, whose paints the profile is to measure: its
    reading gives the cells (lattice, occupancy, long axes), never the paints, and a step that
    renames a sector because the kit's default paints would explain its light better guesses
    exactly what the photo is taken to measure (a repainted set's orange and yellow need not
    step as the kit's do), and through the sector's confidence can tip which lattice the
    reading keeps (X-Tiles calibration seed 0: the groove steps moved the calibration
    reading's lattice from 64 cells to 48, the profile's paints 0.1-0.2 CIEDE2000, and the
    profile's 20 photos from 2 wrong cells to 4)."""
    token = _KIT_PAINT_GUESSES.set(enabled)
    try:
        yield
    finally:
        _KIT_PAINT_GUESSES.reset(token)


def _named_by_groove_steps(named: np.ndarray, conf: np.ndarray, dist: np.ndarray,
                           palette: Palette, views: Callable[[int], tuple[np.ndarray, int]]
                           ) -> tuple[np.ndarray, np.ndarray]:
    """X-Tiles sector names and confidences ``(4 N,)`` (four per tile in turn, n e s w;
    ``dist`` ``(4 N, K)`` their distances to the paints) with each washed sector
    (:func:`_washed_of_pair`: named one of :data:`GROOVE_PAIR`, further than
    :data:`GROOVE_WASHED_DE` from it, its distances to the two within
    :data:`WASHED_PAIR_MARGIN` of each other) named the one of the pair its tile's groove steps
    (:func:`_groove_steps` of ``views(tile)``: the face's ``(n, n, 3)`` Lab view and its axis)
    fit (:func:`_steps_fit`, the tile's other sectors as named), when that one fits them with
    at most :data:`GROOVE_RESIDUAL_SHARE` of the other's residual and the two residuals differ
    by more than the steps' noise (:data:`GROOVE_STEP_NOISE`, :data:`GROOVE_NOISE_FLOOR`); a
    sector so renamed is read at :data:`GROUP_CONF` at least (a sector the steps keep keeps its
    confidence). A tile's washed sectors are judged together (every assignment of the pair to
    them)."""
    if not all(p in palette.names for p in GROOVE_PAIR):
        return named, conf
    pair = [palette.names.index(p) for p in GROOVE_PAIR]
    pal_lin = palette_linear(palette)
    out_named, out_conf = named.copy(), conf.copy()
    nearest = dist.min(axis=1)
    washed = _washed_of_pair(named, dist, pair)
    for tile in np.unique(np.flatnonzero(washed) // 4):
        js = [int(j) for j in range(4 * tile, 4 * tile + 4) if washed[j]]
        steps = _groove_steps(*views(int(tile)))
        fits = []
        for choice in itertools.product(pair, repeat=len(js)):
            paints = named[4 * tile:4 * tile + 4].copy()
            paints[[j - 4 * tile for j in js]] = choice
            fits.append((*_steps_fit(steps, pal_lin[paints]), choice))
        fits = [f for f in fits if not math.isnan(f[0])]
        if len(fits) < 2:
            continue
        fits.sort(key=lambda f: f[0])
        (best, n_steps, _, choice), (second, *_) = fits[0], fits[1]
        told = second - best > GROOVE_NOISE_FLOOR * GROOVE_STEP_NOISE ** 2
        logger.debug("grooves: tile %d named %s -> %s residual %.3g %.3g steps %d told %s "
                     "ratio-ok %s", tile, named[js].tolist(), list(choice), best, second,
                     n_steps, told, best <= GROOVE_RESIDUAL_SHARE * second)
        if best > GROOVE_RESIDUAL_SHARE * second or not told:
            continue
        for j, paint in zip(js, choice):
            if paint != named[j]:
                logger.debug("grooves: sector %d (tile %d) %d -> %d (residual %.2g, %.2g the "
                             "next; %.1f from its nearest, %.1f from the paint named)", j, tile,
                             named[j], paint, best, second, nearest[j], dist[j, named[j]])
                out_named[j], out_conf[j] = paint, max(float(conf[j]), GROUP_CONF)
    return out_named, out_conf


#: An X-Tiles sector whose hue group (:func:`_named_by_hue`) names it another paint than its
#: own nearest under the light is unclear, at this confidence (under
#: :data:`CONFIDENCE_THRESHOLD`): the set and its neighbours decide it (:mod:`vision.decode`,
#: between its nearest paints and the hue group's name, weighed alike). Orange and yellow, and
#: orange and red, lie one hue step apart, and a lamp's glare or hot spot moves a sector's hue
#: that far (clipping the strong channel), so a washed sector's group may be its neighbour
#: paint's as well as its own, and the group's name overruled the sector's own colour at the
#: group's confidence (:data:`GROUP_CONF`) with nothing to check it: xt50 x-tiles-hard-2586 and
#: xt51 hard-2683, orange sectors 5.6 and 6.2 from orange and 15-18 from yellow, named yellow.
#: (Not fitted: any confidence under the bar reads alike; the decoder's for a tile it takes as
#: its likeliest, vision.decode.MISFIT_CONFIDENCE.)
HUE_OVERRULED_CONF = 0.45


def _overruled_by_hue(named: np.ndarray, dist: np.ndarray) -> np.ndarray:
    """Which samples (bool ``(N,)``) are ``named`` (palette indices ``(N,)``) another paint than
    their nearest by ``dist`` ``(N, K)`` (see :data:`HUE_OVERRULED_CONF`)."""
    return np.asarray(named) != np.argmin(dist, axis=1)


# ----------------------------------------------------------------------------- X-Tiles recentred

#: An X-Tile's face is looked for this far (share of the cell's width) either way of its cell's
#: centre: the lattice is fitted to every tile at once, and where the photo's perspective or lens
#: bends it a face lies off its cell's centre by up to a fifth of a cell (measured: xt50
#: x-tiles-hard-2588, faces 0.1-0.2 cells off), while a small sector's sample disc
#: (:func:`_sector_masks_cached`, 0.15 out, 0.055 wide) stays inside its sector only within
#: about 0.06 of centred (a tile's grooves running to its shoulders, 34-40 degrees off its long
#: axis on the independent renderer's tiles, 45 on the kit's drawing). (Not fitted: a quarter
#: of a cell takes in the offsets measured with a margin; half a cell reaches the next face.)
RECENTRE_REACH = 0.25
#: The wedges whose evenness places a face: pixels from this to this far (shares of the cell's
#: width) from the face's centre, inside its waist (0.27-0.37 of a cell from the centre across
#: the long axis, the rim inside that) and clear of the crossing (the grooves' step bands' too,
#: :data:`GROOVE_BIG_BAND`) ...
WEDGE_RADII = (0.06, 0.26)
#: ... within this (degrees) of the long axis (a big sector: its grooves 34-45 degrees off it)
#: or of the short axis (a small one: its grooves 45-56 degrees off that), clear of the grooves
#: on either drawing.
WEDGE_BIG_DEG = 30.0
WEDGE_SMALL_DEG = 40.0
#: A face's wedges are even where the four show one paint each (see :func:`_wedge_unevenness`):
#: measured at their most even, the faces of the lattices read on xt50 normal-2591 and final18
#: normal-1884 0.002-0.03, the cells of those photos' lattices off the tiles (views straddling
#: two tiles) 0.04-0.7. A face is moved off its cell's centre only when its wedges are uneven
#: there (above this), even (within this) where it is moved to, ...
FACE_EVEN = 0.05
#: ... this share of their centred unevenness or less, ...
RECENTRE_GAIN = 0.7
#: ... and not to the reach's end (the face may lie beyond: a view straddling tiles).


@lru_cache(maxsize=8)
def _wedge_masks(n: int, axis: int) -> tuple[np.ndarray, ...]:
    """Masks ``(n, n)`` float32 (1 inside) of the four wedges of an X-Tile centred on an
    ``(n, n)`` cell (see :data:`WEDGE_RADII`): n, e, s, w in turn; ``axis`` 0 = long axis E-W."""
    yy, xx = (np.mgrid[0:n, 0:n] + 0.5) / n - 0.5
    r = np.hypot(xx, yy)
    ring = (r >= WEDGE_RADII[0]) & (r <= WEDGE_RADII[1])
    out = []
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        big = (axis == 0) == (dy == 0)
        half = math.radians(WEDGE_BIG_DEG if big else WEDGE_SMALL_DEG)
        along = xx * dx + yy * dy
        out.append((ring & (along > 0) & (along >= r * math.cos(half))).astype(np.float32))
    return tuple(out)


def _wedge_unevenness(around: np.ndarray, wedges: tuple[np.ndarray, ...]) -> np.ndarray:
    """How uneven the wedges (:func:`_wedge_masks`, ``(n, n)``) of an ``(n, n)`` view are within
    each wedge, for the view at every place in ``around`` ``(n + 2m, n + 2m, 3)`` CIELAB: their
    pixels' squared distances from their wedge's mean over those from the mean of all four
    wedges' pixels, ``(2m + 1, 2m + 1)`` in [0, 1], indexed by the view's top-left corner. Low
    where each wedge shows one paint and the wedges differ (a face centred on them); near 1
    off it (wedges straddling the grooves) and on an even surface, however lit.

    Each sum over a wedge at every place at once is a correlation with its mask. Correlation is
    linear in the mask and the mask of all four wedges is their masks' sum, so a sum over all
    four is the sum of the four sums; and the pixels' sum of squares (over the three channels)
    is one term of both spreads: 13 correlations, not 30. The two forms round float32 sums
    differently: on 16 X-Tiles photos (1,929 calls) the values differed by at most 3.4e-3 of
    the [0, 1] result and the most even place differed on 1 call; no board read differently on
    330 X-Tiles development photos."""
    channels = [np.ascontiguousarray(around[..., c]) for c in range(3)]
    squares = cv2.matchTemplate(sum(x * x for x in channels), sum(wedges), cv2.TM_CCORR)
    sizes = [max(float(w.sum()), 1.0) for w in wedges]
    every_size = max(float(sum(w.sum() for w in wedges)), 1.0)
    within_means = total_means = 0.0
    for x in channels:
        sums = [cv2.matchTemplate(x, w, cv2.TM_CCORR) for w in wedges]
        within_means = within_means + sum(s * s / k for s, k in zip(sums, sizes))
        every = sum(sums)
        total_means = total_means + every * every / every_size
    within, total = squares - within_means, squares - total_means
    return np.clip(within / np.maximum(total, 1e-6), 0.0, 1.0)


def _face_shift(ctx: _Ctx, cell: tuple[int, int], axis: int) -> tuple[int, int]:
    """Where ``cell``'s X-Tile face (long axis E-W for ``axis`` 0) lies off its cell's centre in
    the top-down view, ``(dy, dx)`` whole pixels: the place within :data:`RECENTRE_REACH` whose
    wedges are most even, when that moves it (see :data:`FACE_EVEN`); ``(0, 0)`` otherwise, and
    without the view's Lab all round the cell (a cell in the view's first or last row or
    column is never searched: the view has no margin). Cells are square (X-Tiles' views)."""
    place = _face_place(ctx, cell, axis)
    return place[0] if place is not None and place[1] else (0, 0)


def _face_place(ctx: _Ctx, cell: tuple[int, int], axis: int) -> tuple[tuple[int, int], bool] | None:
    """The search of :func:`_face_shift` for ``cell``: ``((dy, dx), moved)``, the place (pixels
    off the cell's centre) whose wedges are most even — ``(0, 0)`` for a face even where its
    cell is centred, which is not searched — and whether the face is moved there (the tests of
    :data:`FACE_EVEN`); None without the view all round the cell or where the most even place
    lies at the reach's end (nothing found within it)."""
    td = ctx.td
    m = int(round(RECENTRE_REACH * td.cw))
    if ctx.lab is None or m < 1:
        return None
    y, x = (int(v) for v in _lab_origins(ctx, [cell])[0])
    if y - m < 0 or x - m < 0 or y + td.ch + m > ctx.lab.shape[0] or x + td.cw + m > ctx.lab.shape[1]:
        return None
    around = np.asarray(ctx.lab[y - m:y + td.ch + m, x - m:x + td.cw + m], np.float32)
    wedges = _wedge_masks(td.cw, axis)
    if float(_wedge_unevenness(around[m:m + td.ch, m:m + td.cw], wedges)[0, 0]) <= FACE_EVEN:
        return (0, 0), False  # (the face centred on its cell, as most are: no search)
    uneven = _wedge_unevenness(around, wedges)
    dy, dx = (int(k) - m for k in np.unravel_index(np.argmin(uneven), uneven.shape))
    if max(abs(dy), abs(dx)) >= m:
        return None
    centred, low = float(uneven[m, m]), float(uneven[dy + m, dx + m])
    if low > FACE_EVEN or low > RECENTRE_GAIN * centred:
        return (dy, dx), False
    logger.debug("cell %s: its face lies (%d, %d) px off the cell's centre (its wedges' "
                 "unevenness %.3f there, %.3f centred)", cell, dy, dx, low, centred)
    return (dy, dx), True


#: A face found off its cell's centre is moved there only where it lies as the lattice's bend
#: puts it, within this share of the cell's width (either way): the lattice is bent smoothly
#: (a photo's perspective, a lens, a pitch a little off), and a hand-placed tile lies off its
#: place by little (the independent renderer's X-Tiles jitter: 0.2 x gap + 0.25 mm a side, at
#: most 0.75 mm, 1.5 mm between two tiles; with a pitch's error across the layout about 3 mm,
#: 0.07 of a 45 mm cell; the product renderer jitters up to 1 mm a side on a 40 mm pitch), while
#: faces moved wrongly went 0.2-0.3 of a cell against the faces around them (xt50
#: x-tiles-normal-2585, a washed face 7 px of 32 onto wedges of 0.034). A face off the bend is
#: read where the bend puts it, unless a neighbour's place lies within this of its own (a
#: lens's curvature, which an affine bend cannot follow, moves a layout's corner faces
#: together). The same share is the steepest bend a row or column taken. (From the jitter's
#: spread, not fitted.)
FACE_SHIFT_AGREE = 0.07
#: The bend is an affine field of the faces' most even places over the lattice's rows and
#: columns (every face searched, moved or not: :func:`_face_place`), the one through three faces
#: that most faces lie on (a far wrong place cannot pull it: xt50 x-tiles-normal-2585's two
#: washed faces 7 px off either way beside faces 0-1 px off), refitted to those faces; judged
#: by only where at least this many faces lie on it, and half the faces searched: its three
#: unknowns an axis and one more. (A pitch or a perspective a little off makes the places grow
#: along the layout: final23 x-tiles-hard-3008's faces 4-6 px off one way on one side and the
#: other way on the other.)
FACE_BEND_MIN = 4
#: The bend is looked for among at most this many triples of faces (all of a layout's up to 29
#: faces; a larger one's taken evenly at random, seeded: the bend is found by any triple of
#: its many faces on it).
FACE_BEND_TRIPLES = 4000


def _face_bend(found: Mapping[tuple[int, int], tuple[tuple[int, int], bool] | None], tol: float
               ) -> np.ndarray | None:
    """The lattice's bend through the faces' places (see :data:`FACE_BEND_MIN`): coefficients
    ``(3, 2)`` of ``(dy, dx) = [1, row, col] @ coef`` pixels, or None where too few faces lie on
    one (within ``tol`` pixels either way), the faces lie on one line of the lattice, or it
    changes by more than ``tol`` a row or column (the bend is smooth: faces a cell apart lie off
    alike, :data:`FACE_SHIFT_AGREE`; a plane through three of a small layout's scattered faces
    swung 4-6 px a cell and put faces at the reach's end, final18 x-tiles-normal-1884, xt52
    hard-2778). ``found`` as :func:`_agreeing_shifts` takes it."""
    pts = np.asarray([(r, c, *p[0]) for (r, c), p in found.items() if p is not None], float)
    if len(pts) < FACE_BEND_MIN:
        return None
    x = np.column_stack([np.ones(len(pts)), pts[:, :2]])
    triples = np.asarray(list(itertools.combinations(range(len(pts)), 3)))
    if len(triples) > FACE_BEND_TRIPLES:
        triples = triples[np.random.default_rng(0).choice(len(triples), FACE_BEND_TRIPLES,
                                                          replace=False)]
    xs = x[triples]  # (T, 3, 3)
    solvable = np.abs(np.linalg.det(xs)) > 0.5  # (three faces off one line: whole cells)
    if not solvable.any():
        return None
    coefs = np.linalg.solve(xs[solvable], pts[triples[solvable]][..., 2:])  # (T, 3, 2)
    off = np.abs(np.einsum("nk,tkd->tnd", x, coefs) - pts[None, :, 2:]).max(axis=2)  # (T, N)
    on = off <= tol
    # (the most faces on it; among those, the nearest)
    best = np.lexsort((np.where(on, off, 0.0).sum(axis=1), -on.sum(axis=1)))[0]
    keep = on[best]
    if keep.sum() < max(FACE_BEND_MIN, len(pts) / 2):
        return None
    coef = np.linalg.lstsq(x[keep], pts[keep, 2:], rcond=None)[0]
    if np.abs(coef[1:]).max() > tol:
        return None  # (steeper than faces a cell apart lie alike: no smooth bend)
    return coef


def _agreeing_shifts(found: Mapping[tuple[int, int], tuple[tuple[int, int], bool] | None],
                     cw: int) -> dict[tuple[int, int], tuple[int, int]]:
    """The offsets ``{cell: (dy, dx)}`` pixels the faces are read at, from what the search found
    of each (``found``: :func:`_face_place`, ``((dy, dx), moved)`` or None where nothing): a
    face moved is read at its own place where that lies on the lattice's bend
    (:func:`_face_bend`, within :data:`FACE_SHIFT_AGREE` of the cell's width ``cw``) or no bend
    is known, where the bend puts it otherwise (rounded; its own place where that lies beyond
    the search's reach); a face not moved at ``(0, 0)``. Cells are ``(row, col)`` of the lattice."""
    if not any(place is not None and place[1] for place in found.values()):
        return {cell: (0, 0) for cell in found}  # (no face moved: no bend to judge one by)
    tol = FACE_SHIFT_AGREE * cw
    bend = _face_bend(found, tol)
    out = {}
    for (r, c), place in found.items():
        if place is None or not place[1]:
            out[(r, c)] = (0, 0)
            continue
        own = place[0]
        if bend is None:
            out[(r, c)] = own
            continue
        there = np.array([1.0, r, c]) @ bend
        if (np.max(np.abs(np.asarray(own, float) - there)) <= tol
                or _near_a_neighbour(found, (r, c), tol)):
            out[(r, c)] = own
            continue
        # (within the reach the face was searched over, whose view the cell has all round;
        # beyond it the bend is not the face's: its own place kept)
        if np.abs(np.round(there)).max() >= round(RECENTRE_REACH * cw):
            out[(r, c)] = own
            continue
        out[(r, c)] = (int(round(there[0])), int(round(there[1])))
        logger.debug("cell %s: its face's place %s is off the lattice's bend (%.1f, %.1f there):"
                     " read there", (r, c), own, *there)
    return out


def _near_a_neighbour(found: Mapping[tuple[int, int], tuple[tuple[int, int], bool] | None],
                      cell: tuple[int, int], tol: float) -> bool:
    """Whether one of a face's eight neighbours (``found`` as :func:`_agreeing_shifts` takes
    it) found its place within ``tol`` pixels (either way) of the face's own: faces moved
    together by a lens's curvature at a layout's corner, which an affine bend cannot follow,
    not one face moved wrongly alone (review of xt57)."""
    own = np.asarray(found[cell][0], float)
    r, c = cell
    for dr, dc in AROUND:
        place = found.get((r + dr, c + dc))
        if place is not None and np.max(np.abs(np.asarray(place[0], float) - own)) <= tol:
            return True
    return False


def _recentred_regions(ctx: _Ctx, cells: list, regions: Mapping, axis_of: Callable[[tuple], int]
                       ) -> tuple[dict, dict | None]:
    """X-Tiles' cell views ``{cell: (ch, cw, 3)}`` CIELAB moved onto their faces (see
    :func:`_face_shift`, as their neighbours agree: :func:`_agreeing_shifts`), and their
    blown-out pixels ``{cell: (ch, cw)}`` (None without ``ctx.blown_px``); ``axis_of(cell)`` is
    the cell's long axis (0 = E-W)."""
    td = ctx.td
    out, blown = {}, ({} if ctx.blown_px is not None else None)
    shifts = _agreeing_shifts({cell: _face_place(ctx, cell, axis_of(cell)) for cell in cells},
                              td.cw)
    for cell in cells:
        dy, dx = shifts[cell]
        if (dy, dx) == (0, 0):
            out[cell] = regions[cell]
            if blown is not None:
                blown[cell] = ctx.blown_px[cell]
            continue
        y, x = (int(v) for v in _lab_origins(ctx, [cell])[0] + (dy, dx))
        out[cell] = ctx.lab[y:y + td.ch, x:x + td.cw]
        if blown is not None:
            blown[cell] = blown_out(out[cell])
    return out, blown


#: A tile's face is washed by a lamp's veil when even the weakest channel of its four sectors
#: (recorded sRGB, of 1) lies at least this high: each of the kit's paints has a channel near
#: black (an orange's or a yellow's blue, a red's green, a blue's red), which a veil lifts by its
#: own level, alike over the face. (The washed faces of final18 x-tiles-hard-1881 lie at
#: 0.54-0.74; one value tried, not tuned.)
VEILED_FLOOR = 0.45
#: ... and one of its sectors keeps a hue (CIELAB chroma at least this): a grey table or paper
#: in the glare is no face (as vision.xtiles.VEIL_CHROMA for the paint under a veil).
VEILED_CHROMA = 8.0
#: The light fitted without the washed faces is taken when the clear faces' sectors lie nearer
#: their paints under it than under the light fitted on every sector by at least this much
#: (mean CIEDE2000 to the nearest paint): washed faces pull a light fitted over them all, while
#: a light refitted on fewer sectors always fits those a little better. (Measured on the 59
#: X-Tiles development photos where some faces but not all were washed, the largest lead of
#: each: 3.4-13.7 where taking that light read better, xt51 hard-2686 3.4, final16 hard-1602
#: 6.1, hard-1610 12.5; a lead of 1-2 taken read worse, final17 hard-1762 and final22 hard-2801
#: 2 cells each; 2 and 3 read alike on all 59, 1 three photos worse. 3: clear of the leads that
#: harmed.)
VEILED_LIGHT_GAIN = 3.0
#: ... and only with at least this many clear faces left to fit it on: twelve sectors, the
#: light's six unknowns twice over (a light fitted on one face's four fits them exactly).
VEILED_CLEAR_FACES = 3


def _veiled_tiles(samples: np.ndarray) -> np.ndarray:
    """Which tiles (bool ``(N,)``) of sector samples ``(4 N, 3)`` Lab (four a tile in turn) a
    lamp's veil washed: their weakest channel at least :data:`VEILED_FLOOR` and a hued sector
    (:data:`VEILED_CHROMA`)."""
    lab = np.asarray(samples, np.float64).reshape(-1, 4, 3)
    bgr = lab_to_bgr(np.asarray(samples, np.float32).reshape(-1, 3)).reshape(-1, 4, 3)
    floor = bgr.min(axis=(1, 2))
    chroma = np.hypot(lab[..., 1], lab[..., 2]).max(axis=1)
    return (floor >= VEILED_FLOOR) & (chroma >= VEILED_CHROMA)


def _sector_light(samples: np.ndarray, palette: Palette, gains: np.ndarray, *,
                  profiled: bool = False) -> tuple[ColourMatch, np.ndarray]:
    """The match (every sample's) and light ``(2, 3)`` of an X-Tiles layout's sectors
    ``samples`` ``(4 N, 3)`` Lab (four a tile in turn; :func:`fit_with_paint_light` from
    ``gains``), fitted without the faces a lamp's veil washed (:func:`_veiled_tiles`) when at
    least :data:`VEILED_CLEAR_FACES` others are left and that light explains them better by
    :data:`VEILED_LIGHT_GAIN` (palette distance): a washed face's pale sectors drag the light
    fitted over every sector towards white, and the clear faces beside them are then misread.
    Not under a profile (``profiled``: its paints were learnt at the player's own exposure, a
    bright one already near the floor; unmeasured)."""
    match, corr = fit_with_paint_light(samples, palette, gains)
    if profiled:
        return match, corr
    veiled = _veiled_tiles(samples)
    if not veiled.any() or int((~veiled).sum()) < VEILED_CLEAR_FACES:
        return match, corr
    clear = samples[np.repeat(~veiled, 4)]
    other, other_corr = fit_with_paint_light(clear, palette, gains)
    before = float(palette_distance(clear, palette, match.predicted).min(axis=1).mean())
    after = float(palette_distance(clear, palette, other.predicted).min(axis=1).mean())
    logger.debug("x-tiles: %d of %d faces washed by a veil: the others at %.1f from their paints "
                 "under the light fitted without them, %.1f with them", int(veiled.sum()),
                 len(veiled), after, before)
    if after >= before - VEILED_LIGHT_GAIN:
        return match, corr
    # (every sample matched under the light refitted, the washed faces' too)
    return (match_from_distances(palette_distance(samples, palette, other.predicted),
                                 other.predicted), other_corr)


def _read_sectors(ctx: _Ctx, cells, regions, gains, parity: int | None) -> dict:
    n = ctx.td.cw
    names = ("n", "e", "s", "w")
    masks = {a: _sector_masks(ctx.kit, n, a) for a in (0, 1)}
    if not cells:
        return {}
    def axis_of(cell):
        return 0 if parity is None else (0 if (cell[0] + cell[1]) % 2 == parity else 1)

    # each cell's sectors along its own long axis only (the cells of one axis together; a
    # cell's statistics do not depend on the other cells)
    axes = np.array([axis_of(c) for c in cells])
    group = {a: np.flatnonzero(axes == a) for a in (0, 1)}
    at = np.zeros(len(cells), int)  # a cell's row in its axis's arrays
    for a in (0, 1):
        at[group[a]] = np.arange(len(group[a]))

    def sampled(regions: Mapping, blown_px: dict | None) -> tuple[np.ndarray, dict, dict]:
        """The four sectors of every cell in turn ``(4 N, 3)``, each axis's cells' unevenness
        and views."""
        stack = np.stack([regions[c] for c in cells])
        blown = np.stack([blown_px[c] for c in cells]) if blown_px is not None else None
        per_axis, unevenness, subs = {}, {}, {}
        for a in (0, 1):
            if not len(group[a]):
                continue
            sub = subs[a] = stack[group[a]]
            sub_blown = blown[group[a]] if blown is not None else None
            stats = [_region_stats(sub, masks[a][e], sub_blown) for e in names]
            per_axis[a] = np.stack([st[0] for st in stats], 1)
            # how uneven each sector is: a cell straddling two tiles has sectors of two colours
            unevenness[a] = np.stack([st[1] for st in stats], 1).mean(1)
        samples = np.array([s for i, cell in enumerate(cells) for s in per_axis[axes[i]][at[i]]])
        return samples, unevenness, subs

    samples, unevenness, subs = sampled(regions, ctx.blown_px)
    lit = samples  # (the samples the light is fitted on)
    # (how uneven the lattice's own views are: a lattice cutting through tiles fits worse by
    # it, see ``fit`` below, whatever the faces' recentred views show)
    own_unevenness = unevenness
    if ctx.kit.shape == "rounded-x":
        # each face's sectors named where the face lies, not where the lattice puts it (the
        # light fitted on the lattice's samples still, and the lattice's fit judged on its own
        # views, so that a face moved changes its own reading only)
        moved, moved_blown = _recentred_regions(ctx, cells, regions, axis_of)
        if any(moved[c] is not regions[c] for c in cells):
            samples, unevenness, subs = sampled(moved, moved_blown)

    ruled_out = None  # (4 N, K): the paints a sector is not (_channel_order_ruled_out)
    looks = None  # (4 N, 3): the clipped sectors' looks on their unclipped pixels, under a profile
    if ctx.kit.shape == "rounded-x":
        # (the light from the paints seen together too: each paint one cluster of sectors)
        match, corr = _sector_light(lit, ctx.palette, gains, profiled=ctx.profile is not None)
        dist = palette_distance(samples, ctx.palette, match.predicted)
        # (each tile at its own exposure under the light, clipped: a lamp's hot spot. Not with a
        # profile: its paints were measured in the player's own light, exposure included, and
        # one learnt from a bright photo is already clipped, so scaling it up tells nothing;
        # there a sample clipped where a paint's proportions say it cannot be is not that paint)
        if ctx.profile is None:
            dist = tile_exposure_distances(samples, dist, ctx.palette, corr,
                                           np.arange(len(samples)) // 4)
        else:
            dist = clip_consistent_distances(samples, dist, ctx.palette, match.index, corr)
            dist = clipped_paint_bound_distances(samples, dist, ctx.palette)
        match = match_from_distances(dist, match.predicted)
    else:
        # (under a profile, the glare's colour as this photo shows it across washed sectors:
        # the profile's lamp, inferred from its paints' gains to the kit's defaults, is skewed
        # by the set's own paint; without a profile the kit's defaults and a grey look stand)
        seen = (glare_colour((subs[a], masks[a][e]) for a in subs for e in names)
                if ctx.profile is not None else None)
        if ctx.profile is not None:
            looks = _clipped_sector_looks(samples, subs, masks, group)
        match, dist, white, looks = _sectors_through_glare(ctx, samples, gains, seen, looks)
        if ctx.profile is None:  # (see _channel_order_ruled_out)
            ruled_out = _channel_order_ruled_out(
                samples, ctx.palette.lab if match.predicted is None else match.predicted, white)
    named, sconfs = _named_by_hue(samples, dist, match)
    if ruled_out is not None and ruled_out.any():
        # (after the hue naming: a sector so judged, were its paints' distances raised before,
        # would carry its group's true yellows to green, the groups summing their distances)
        dist = dist + CHANNEL_ORDER_COST * ruled_out
        match = match_from_distances(dist, match.predicted)
        turned = ruled_out[np.arange(len(named)), named]  # (4 N,): named a paint ruled out
        named = np.where(turned, match.index, named)
        sconfs = np.where(turned, [_conf_from_match(d, m) for d, m
                                   in zip(match.distance, match.margin)], sconfs)
    hue_named = named
    apart = np.zeros(len(named), bool)  # (4 N,): named apart from a tile-mate
    if ctx.kit.shape == "rounded-x":
        # an X-Tiles sector far from every paint (washed out by a glare, in shadow) is unclear
        # whatever its hue group: the set and its neighbours decide it (vision.decode), among
        # its nearest paints and the one its hue group was named
        sconfs = np.minimum(sconfs, _near_conf(dist[np.arange(len(named)), named]))
        # (and one its hue group names against its own nearest paint is unclear too: see
        # HUE_OVERRULED_CONF)
        sconfs = np.where(_overruled_by_hue(named, dist),
                          np.minimum(sconfs, HUE_OVERRULED_CONF), sconfs)
        if ctx.profile is None and _KIT_PAINT_GUESSES.get():
            # (a washed orange or yellow sector: the pair's paint its tile's steps across the
            # grooves fit; without a profile only, as measured; not on a calibration photo,
            # whose paints are what is measured, see kit_paint_guesses)
            grooved, sconfs = _named_by_groove_steps(
                named, sconfs, dist, ctx.palette, lambda t: (subs[axes[t]][at[t]], int(axes[t])))
            # (renamed so: marked apart, or the decode's fill names a clear sector its nearest
            # paint again, see vision.decode._sector_choices)
            apart = grooved != named
            named = grooved
    else:
        named, sconfs = _washed_pairs_apart(samples, named, sconfs, dist,
                                            white if ctx.profile is not None else None)
        apart = named != hue_named
        if looks is not None:
            named, sconfs = _named_by_looks(named, sconfs, dist, looks)
            apart &= named != hue_named
        if ctx.profile is not None:
            # (an unclear sector whose light continues into one tile-mate's across their
            # diagonal: that tile-mate's paint; under a profile only, as measured)
            # (one named apart from a tile-mate by _washed_pairs_apart is left so)
            stepped, sconfs = _named_by_diagonal_steps(
                named, sconfs, dist, lambda t: subs[axes[t]][at[t]], apart)
            # (renamed so: for the fill of an unclear tile, as a sector named apart)
            apart = (apart | (stepped != named)) & (stepped != hue_named)
            named = stepped
        # (a sector so renamed is one named apart from the paint it fits nearest: the decode
        # keeps a clear sector's nearest paint otherwise, see vision.decode._sector_choices)
        lined, sconfs = _on_mates_glare_line(samples, named, sconfs, dist)
        apart |= lined != named
        named = lined
    pairs = _sector_distances(samples) if ctx.kit.shape == "rounded-x" else None
    out = {}
    for i, cell in enumerate(cells):
        edges, confs, doubts = [], [], []
        for k, e in enumerate(names):
            j = 4 * i + k
            name = ctx.palette.names[named[j]]
            conf = float(sconfs[j])
            edges.append(name)
            confs.append(conf)
        econf = min(confs)
        attrs: dict[str, Any] = {"edges": dict(zip(names, edges)) if econf >= CONFIDENCE_THRESHOLD else None}
        if econf < CONFIDENCE_THRESHOLD:
            weak = names[int(np.argmin(confs))]
            doubts.append(("edges", f"sector {weak} unclear (nearest {edges[int(np.argmin(confs))]})"))
        conf = {"edges": econf}
        if ctx.kit.shape == "rounded-x":
            attrs["long_axis"] = "ew" if axis_of(cell) == 0 else "ns"
            conf["long_axis"] = 0.9
        fit = float(np.mean(match.distance[4 * i:4 * i + 4])
                    + 0.5 * own_unevenness[axes[i]][at[i]])
        evidence = {"sector_distance": {e: _distances(ctx.palette, dist[4 * i + k])
                                        for k, e in enumerate(names)},
                    "sector_conf": dict(zip(names, np.round(confs, 3).tolist()))}
        if apart[4 * i:4 * i + 4].any():
            # (for the fill of an unclear tile, which names a clear sector its nearest paint:
            # not one a tile-mate showed it is not)
            evidence["sector_apart"] = {
                e: (edges[k], ctx.palette.names[hue_named[4 * i + k]])
                for k, e in enumerate(names) if apart[4 * i + k]}
        # (each sector's colour as measured, for the decode: two sectors facing across an
        # edge, in one light, show one paint when they look alike, see vision.decode)
        evidence["sector_lab"] = {e: samples[4 * i + k].tolist() for k, e in enumerate(names)}
        if ctx.kit.shape == "rounded-x":
            evidence["sector_named"] = dict(zip(names, edges))
            evidence["sector_contrast"] = _sector_contrast(pairs[i])
            evidence["sector_alike"] = _alike_sectors(pairs[i], names)
        out[cell] = (attrs, conf, doubts, fit, evidence)
    return out
