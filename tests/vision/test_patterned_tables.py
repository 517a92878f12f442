"""Tiles on a patterned cloth: the cloth's stripes make edges all round its bare cells, which are
then no evidence of a tile's outline, and its checks are no card's face (vision.cells occupancy)."""
import sys
from pathlib import Path

import cv2
import numpy as np

from vision.cells import _patterned_face

sys.path.insert(0, str(Path(__file__).parent))
from compare import read_render  # noqa: E402


def test_white_stripes_beside_the_layout_are_not_white_tiles():
    # seed 7407: Textile on purple and white stripes; the white stripes' cells beside the layout
    # show edges on all four sides and were read as five white tiles
    score = read_render("textile", 7407)
    assert score.extra == 0 and score.errors == 0


def test_tiles_without_a_clear_outline_on_gingham_are_kept_when_no_tile_shows_one():
    # seed 7400: Octopus on green gingham; most tiles show an edge on one side or two only, and a
    # brown, a purple and an orange tile with a loose colour fit were taken for glare on the
    # table for want of an outline
    score = read_render("octopus", 7400)
    assert score.missing == 0
    assert score.errors <= 1  # (at this size a red 1 under the lamp may read as an unsure 6)


def test_stripes_crossing_the_cells_aslant_are_no_outline():
    # seed 8005, hard: Octopus on purple and white stripes that run aslant across the lattice;
    # a bare cell shows stripe edges on three sides or four (the ring of bare cells mostly on
    # three), and five cells of purple stripe were read as purple tiles for their 'outline'
    score = read_render("octopus", 8005, difficulty="hard")
    assert score.extra == 0 and score.errors == 0


def test_a_lattice_whose_pitch_was_cut_stays_a_candidate_uncut():
    # seed 7405 at 12 MP: Tapestry on blue and white stripes; the lattices that held together
    # fitted the foreground better with their pitch halved, were replaced by the halved ones,
    # and the best of those missed the four cards of the far group; with the uncut lattices
    # among the candidates the layout is read but for one card
    score = read_render("tapestry", 7405, size=(4000, 3000))
    assert score.missing <= 1 and score.extra == 0 and score.misread == 0


def test_a_gingham_square_in_a_card_sized_cell_is_no_card_and_a_green_card_is_one():
    # seed 8007 at 12 MP: Tapestry on green gingham; four cells of the cloth beside the layout,
    # a light square in their middle, were read as green 'paper' cards (their light square
    # looks like a sheet): a card's face around its art is plain, the cloth's shows its checks.
    # And a green card on the green cloth, taken for the cloth with confidence, was missed: its
    # symbol on a plain face vouches for it
    score = read_render("tapestry", 8007, size=(4000, 3000))
    assert score.extra == 0 and score.missing == 0
    assert score.errors <= 1


def _card_cell(h=44, w=32, face=(60.0, -40.0, 30.0)):
    cell = np.zeros((h, w, 3), np.float32)
    cell[:] = face
    cv2.circle(cell, (w // 2, h // 2), w // 5, (95.0, 0.0, 0.0), -1)  # the art, light
    return cell


def test_a_card_face_is_plain_under_smooth_light_and_a_checked_cloth_is_not():
    card = _card_cell()
    assert not _patterned_face(card)
    # glare and shade: the face's lightness drifts by 25 L* across the card, smoothly
    shaded = card.copy()
    shaded[..., 0] += np.linspace(-10, 15, card.shape[1], dtype=np.float32)[None, :]
    assert not _patterned_face(shaded)
    # a gingham cell: 8-pixel squares of three greens and white, a light square in the middle
    yy, xx = np.mgrid[0:44, 0:32]
    checks = ((yy // 8) % 2) + ((xx // 8) % 2)
    cloth = np.zeros((44, 32, 3), np.float32)
    cloth[:] = np.array([(45.0, -45.0, 30.0), (70.0, -25.0, 15.0), (95.0, 0.0, 2.0)],
                        np.float32)[checks]
    assert _patterned_face(cloth)


def test_a_card_a_little_off_its_cell_shows_a_plain_face_and_gingham_still_does_not():
    # a lattice a little off the cards (far cards at a steep tilt, 32 x 44 pixels): the card's
    # outline, a sharp step to the light gap, runs inside the cell's ring along two sides and
    # read as a cloth's pattern (0.2-0.45 of the ring on edges, final 041 and indie hard-004);
    # the ring is taken on the card itself, the rectangle of the face's colour
    h, w = 32, 44
    cell = np.zeros((h, w, 3), np.float32)
    cell[:] = (88.0, 0.0, 5.0)  # the light gap and table around the card
    cell[0:h - 4, 4:w] = (40.0, 30.0, -40.0)  # the purple card, 4 pixels off to the right and up
    cv2.circle(cell, (4 + (w - 4) // 2, (h - 4) // 2), 7, (92.0, 0.0, 0.0), -1)  # its art
    cell = cv2.GaussianBlur(cell, (3, 3), 0.8)
    assert not _patterned_face(cell)
    # the gingham cell of the test above, cut to the card's cell size, keeps its checks
    yy, xx = np.mgrid[0:h, 0:w]
    checks = ((yy // 6) % 2) + ((xx // 6) % 2)
    cloth = np.array([(45.0, -45.0, 30.0), (70.0, -25.0, 15.0), (95.0, 0.0, 2.0)], np.float32)[checks]
    assert _patterned_face(cloth)


def test_cards_on_a_gingham_of_their_own_colour_are_vouched_for_by_their_art():
    # the independent renderer's seed 9, hard, at 12 MP: red, orange and yellow cards at the
    # layout's near edge on a red gingham, left out by the foreground mask; their art shows on
    # a plain face, but at 32 x 44 pixels a cell tells a fist from a hand or a disc with
    # confidence 0.2-0.45 only, and five cards were missed when vouching asked for 0.8
    from tests.indie.render import render_photo
    from vision.pipeline import read_file
    from vision.synth.compare import compare_boards

    jpg, truth = render_photo("tapestry", 9, style="hard", size=(4000, 3000))
    truth.pop("scene", None)
    score = compare_boards(read_file(jpg, game="tapestry").board, truth)
    assert score.missing == 0 and score.extra == 0


def test_a_sheet_of_art_reaching_into_the_ring_is_no_pattern_and_gingham_still_is():
    # final10 hard-401 at 44 x 32 pixels per card: the independent renderer's paper art (a ruled
    # sheet) reaches from the middle well into the face's ring; its own outline there made 0.20-
    # 0.22 of the ring's pixels sharp edges, and two red paper cards were dropped as a cloth.
    # A face whose sharp edges are its art's outline is a card's
    from vision.cells import _card_ring, _shows_card, _symbol_mask
    from vision.colour import median_last
    h, w = 32, 44
    face = np.array((50.0, 60.0, 40.0), np.float32)  # a red card
    cell = np.zeros((h, w, 3), np.float32)
    cell[:] = face
    cell[5:27, 13:31] = (92.0, 2.0, 12.0)  # the sheet, light, from ring to ring
    for x in range(16, 30, 3):
        cell[9:24, x] = face  # its ruled lines
    cell = cv2.GaussianBlur(cell, (3, 3), 0.8)
    art = _symbol_mask(cell, face)
    assert _patterned_face(cell)  # (the art's outline in the ring, taken for a pattern)
    assert not _patterned_face(cell, art)
    assert _shows_card(art, cell)
    # a gingham cell: its light squares in the middle are 'art', the checks around them remain
    yy, xx = np.mgrid[0:h, 0:w]
    checks = ((yy // 6) % 2) + ((xx // 6) % 2)
    cloth = np.array([(45.0, -45.0, 30.0), (70.0, -25.0, 15.0), (95.0, 0.0, 2.0)], np.float32)[checks]
    squares = _symbol_mask(cloth, median_last(cloth[_card_ring(h, w)].T))
    assert _patterned_face(cloth, squares)
    assert not _shows_card(squares, cloth)


def test_a_card_off_its_cell_on_a_gingham_of_its_own_colour_shows_a_plain_face():
    # final19 tapestry hard-1992: purple cards on a purple gingham, the lattice a few pixels
    # off them at the layout's far side; beyond the dark gap the gingham's light checks lie
    # within FACE_NEAR of the card's purple, so its rows and columns counted as the face's, its
    # checks in the ring (0.205 of it on edges) read as a pattern: two cards dropped as cloth.
    # The gap near the cell's side ends the face's rows and columns
    from vision.cells import _run_through_middle

    h, w = 61, 44
    yy, xx = np.mgrid[0:h, 0:w]
    cell = np.zeros((h, w, 3), np.float32)
    cell[:] = (40.0, 30.0, -30.0)  # the card's purple face
    beyond = (yy < 5) | (xx < 5)  # the cloth along the cell's top and left
    light = (yy // 3 + xx // 3) % 2 == 0  # (3-pixel checks)
    cell[beyond & light] = (38.0, 28.0, -28.0)
    cell[beyond & ~light] = (18.0, 8.0, -10.0)
    cell[(yy == 5) | (xx == 5)] = (12.0, 2.0, -2.0)  # the gap
    art = ((yy - 33) / 14.0) ** 2 + ((xx - 24) / 10.0) ** 2 < 1
    cell[art] = (90.0, 2.0, 2.0)
    assert not _patterned_face(cell)
    # a whole cell of the gingham keeps its checks
    cloth = np.where(((yy // 3 + xx // 3) % 2 == 0)[..., None], np.float32((38.0, 28.0, -28.0)),
                     np.float32((18.0, 8.0, -10.0)))
    assert _patterned_face(cloth)
    # (a gap near a side ends the face; a dip through the art in the middle does not)
    flags = np.ones(20, bool)
    flags[[2, 10, 18]] = False
    assert list(_run_through_middle(flags)) == [3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17]


def test_a_card_far_off_its_cell_keeps_its_face_past_the_art_near_a_side():
    # final21 tapestry normal-2302: a card on a striped cloth, the lattice far off the
    # cards, its art in rows 37-52 of a 61-row cell; the art's rows (no face) reach into the
    # band near the cell's side, and cut there the face's box ended on the art: the art's
    # outline in the ring read as a pattern, the card dropped. A gap ends the face only where
    # its whole run of no face lies in the band (a thin line), not a run reaching in past it
    from vision.cells import _run_through_middle

    flags = np.array([c == "#" for c in
                      "############.########################................########"])
    assert list(_run_through_middle(flags)) == [i for i in range(61) if flags[i]]
    # (the thin gap in the band still ends the face)
    flags = np.ones(61, bool)
    flags[[3, 57]] = False
    assert list(_run_through_middle(flags)) == list(range(4, 57))



def test_only_a_row_of_little_face_is_a_gap_that_ends_the_card():
    # a gap between cards holds less than FACE_GAP_LINE of face along the cell; a row between
    # that and FACE_LINE (the art's blurred outline, a card's edge at a slant) is neither face
    # nor gap, and does not end the face
    from vision.cells import FACE_GAP_LINE, FACE_LINE, _run_through_middle

    share = np.full(61, 0.9)
    share[4] = (FACE_GAP_LINE + FACE_LINE) / 2
    share[57] = FACE_GAP_LINE / 2
    face, gap = share > FACE_LINE, share < FACE_GAP_LINE
    assert list(_run_through_middle(face, gap)) == [i for i in range(57) if i != 4]
    # (without the rows of little face told apart, every row short of FACE_LINE is a gap)
    assert list(_run_through_middle(face)) == list(range(5, 57))
