"""Tapestry's lattice through the cards themselves (vision.cards), on small synthetic pictures,
and the reader's fallback to it on the independent renderer's photo whose edges mislead.

The cards are drawn as KITS.md describes them and unlike either renderer: 63 x 88 mm rounded
rectangles of the six paint colours with a light disc or two rings in the middle, on a
lattice of pitch card + gap, turned on a linen-like table (fine light and dark threads both
ways), seen at a steep tilt (the far cards about half the size of the near ones), blurred.
"""
import math

import cv2
import numpy as np

from vision.cards import (WORK_PIXELS, CardPiece, _fitted, _grown_from_seeds, _one_card, _pieces_at,
                          _place, _Placed, _quadrilateral, _single_area, card_lattices)
from vision.colour import Palette
from vision.kits import kit_for_game
from vision.lattice import apply_h

KIT = kit_for_game("tapestry")
PALETTE = Palette.from_hex(KIT.colours)
BGR = {name: tuple(int(v[i:i + 2], 16) for i in (5, 3, 1)) for name, v in KIT.colours.items()}
CARD_MM = (63.0, 88.0)


def _rounded_rect(w: float, h: float, r: float, n: int = 6) -> np.ndarray:
    """Outline ``(4 n, 2)`` of a ``w`` x ``h`` rectangle with corners of radius ``r``, centred
    at (0, 0)."""
    pts = []
    for cx, cy, a0 in ((w / 2 - r, -h / 2 + r, -90), (w / 2 - r, h / 2 - r, 0),
                       (-w / 2 + r, h / 2 - r, 90), (-w / 2 + r, -h / 2 + r, 180)):
        for a in np.linspace(a0, a0 + 90, n):
            pts.append((cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))))
    return np.array(pts)


def _linen(shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A beige table of fine threads both ways (BGR)."""
    h, w = shape
    base = np.full((h, w, 3), (150, 178, 190), np.float32)
    rows = rng.normal(0, 14, h).astype(np.float32)[:, None, None]
    cols = rng.normal(0, 14, w).astype(np.float32)[None, :, None]
    return np.clip(base + rows + cols + rng.normal(0, 6, (h, w, 1)), 0, 255).astype(np.uint8)


def _picture(cells: dict[tuple[int, int], str], *, gap_mm: float = 2.0, seed: int = 0,
             tilt: float = 0.55, turn_deg: float = 20.0, size: tuple[int, int] = (1200, 900)
             ) -> tuple[np.ndarray, dict[tuple[int, int], np.ndarray]]:
    """A picture (BGR) of cards on a linen table seen at a tilt, and the cards' centres
    (image pixels) by cell (row, col). ``tilt``: the far edge of the table's view is this
    share of the near edge's width."""
    rng = np.random.default_rng(seed)
    px = 3.0  # top-down pixels per mm
    W, H = 3000, 2500
    top = _linen((H, W), rng)
    a = math.radians(turn_deg)
    R = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    pitch = np.array([CARD_MM[0] + gap_mm, CARD_MM[1] + gap_mm])
    rs = [r for r, _ in cells]
    cs = [c for _, c in cells]
    middle = np.array([(min(cs) + max(cs)) / 2 * pitch[0], (min(rs) + max(rs)) / 2 * pitch[1]])
    centres_td = {}
    for (r, c), colour in cells.items():
        p = np.array([c * pitch[0], r * pitch[1]]) - middle
        centre = np.array([W / 2, H / 2]) + px * (R @ p)
        outline = centre + px * (_rounded_rect(*CARD_MM, 4.5) @ R.T)
        cv2.fillPoly(top, [np.round(outline * 16).astype(np.int32)], BGR[colour], cv2.LINE_AA, shift=4)
        art = (235, 240, 245)
        if (r + c) % 2:
            cv2.circle(top, tuple(np.round(centre).astype(int)), int(px * 14), art, -1, cv2.LINE_AA)
        else:
            for dy in (-9, 9):
                ring = centre + px * (R @ np.array([0.0, dy]))
                cv2.circle(top, tuple(np.round(ring).astype(int)), int(px * 7), art, int(px * 2.5), cv2.LINE_AA)
        centres_td[(r, c)] = centre
    w, h = size
    far = (1 - tilt) / 2 * w
    src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    dst = np.float32([[far, 0.05 * h], [w - far, 0.05 * h], [w, 0.98 * h], [0, 0.98 * h]])
    M = cv2.getPerspectiveTransform(src, dst)
    img = cv2.warpPerspective(top, M, (w, h), flags=cv2.INTER_AREA)
    img = cv2.GaussianBlur(img, (0, 0), 0.8)
    centres = {cell: apply_h(M, c[None])[0] for cell, c in centres_td.items()}
    return img, centres


def _check_lattice(lats, centres, max_off: float = 0.15) -> None:
    """One lattice, every card centre within ``max_off`` of a cell's centre, the cards on
    distinct cells, neighbours on neighbouring cells, all within the window."""
    assert len(lats) == 1
    lat = lats[0]
    inv = np.linalg.inv(lat.H)
    found = {}
    for cell, xy in centres.items():
        q = apply_h(inv, xy[None])[0] - 0.5
        k = np.round(q)
        assert np.abs(q - k).max() < max_off, (cell, q)
        found[cell] = (int(k[1]), int(k[0]))
        assert lat.rows[0] <= k[1] <= lat.rows[1] and lat.cols[0] <= k[0] <= lat.cols[1]
    assert len(set(found.values())) == len(found)
    for (r, c), f in found.items():
        for nb in ((r + 1, c), (r, c + 1)):
            if nb in found:
                g = found[nb]
                assert abs(f[0] - g[0]) + abs(f[1] - g[1]) == 1


COLOURS = list(BGR)


def test_lattice_through_cards_at_a_steep_tilt():
    cells = {(r, c): COLOURS[(3 * r + c) % 6] for r in range(4) for c in range(5) if (r + c) % 3 != 1}
    img, centres = _picture(cells, gap_mm=2.5, seed=1)
    _check_lattice(card_lattices(img, PALETTE), centres)


def test_cards_of_one_colour_side_by_side_are_placed_whole():
    # rows of two and three cards of one colour with no gap: their pieces are blocks of cards
    cells = {(0, 0): "red", (0, 1): "red", (0, 2): "blue", (1, 0): "green", (1, 1): "yellow",
             (1, 2): "yellow", (1, 3): "yellow", (2, 1): "purple", (2, 2): "orange", (3, 2): "orange",
             (2, 3): "blue", (3, 0): "green"}
    img, centres = _picture(cells, gap_mm=0.0, seed=2, turn_deg=-12.0)
    lats = card_lattices(img, PALETTE)
    _check_lattice(lats, centres)
    assert lats[0].info["cards"] >= 10  # (the blocks count as their cards)


def test_cards_on_a_table_striped_in_a_card_colour():
    # yellow stripes across the table, under the cards (yellow cards among them): the stripes
    # are pieces of no card shape, a yellow card on a stripe is lost, the others give the lattice
    cells = {(r, c): COLOURS[(r + 2 * c) % 6] for r in range(3) for c in range(4)}
    img, centres = _picture(cells, seed=3, turn_deg=8.0)
    table = _linen_mask(img)
    for y in range(0, img.shape[0], 60):
        band = np.zeros(img.shape[:2], bool)
        band[y:y + 18] = True
        img[band & table] = BGR["yellow"]
    _check_lattice(card_lattices(img, PALETTE), centres)


def _linen_mask(img: np.ndarray) -> np.ndarray:
    """Pixels of the picture that are the linen table (low chroma, darker than the art)."""
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB).astype(int)
    chroma = np.hypot(lab[..., 1] - 128, lab[..., 2] - 128)
    return (chroma < 25) & (lab[..., 0] < 215)


def test_quadrilateral_of_a_rounded_card():
    outline = _rounded_rect(60, 84, 4.3) + [100, 100]
    hull = cv2.convexHull(np.round(outline).astype(np.int32))
    quad = _quadrilateral(hull)
    assert quad is not None and len(quad) == 4
    area = cv2.contourArea(quad.astype(np.float32))
    assert 0.9 * 60 * 84 < area <= 60 * 84
    disc = cv2.ellipse2Poly((100, 100), (40, 40), 0, 0, 360, 5)
    q = _quadrilateral(cv2.convexHull(disc))
    assert cv2.contourArea(cv2.convexHull(disc).astype(np.float32)) > 1.5 * cv2.contourArea(q.astype(np.float32))


def test_one_cards_area_is_the_smallest_many_share():
    # singles (perspective spreads them), pairs and a triple of one colour, a speck
    areas = np.array([1000, 1100, 950, 1200, 2100, 2050, 3100, 300])
    one = _single_area(areas, np.zeros(len(areas), int))
    assert 950 <= one <= 1200
    assert _single_area(np.array([1000.0, 3000.0]), np.zeros(2, int)) is None


def test_a_tables_checks_of_one_card_colour_are_not_the_cards():
    # a gingham's dark checks (many, one size, all near one paint) and the layout's cards of
    # five colours, each four times a check's area: a card is the cards' size
    checks = np.array([450, 515, 525, 530, 550, 590, 620, 690])
    cards = np.array([4350, 4750, 5100, 5150, 5500, 5550, 6200, 7000])
    areas = np.concatenate([checks, cards])
    colours = np.concatenate([np.full(len(checks), 5), [1, 2, 1, 2, 4, 4, 3, 4]])
    assert 4300 <= _single_area(areas, colours) <= 7000


def test_cards_on_a_gingham_are_the_pieces_showing_art():
    # a gingham's dark orange checks, solid squares under half a card wide, over the whole
    # cloth round twelve cards of six colours: the checks, many more pieces than the cards,
    # share no card's area with them; the cards' pieces show their art as a hole, the
    # checks' do not, and the cards' give the lattice
    cells = {(r, c): COLOURS[(r + 2 * c) % 6] for r in range(3) for c in range(4)}
    img, centres = _picture(cells, seed=5, turn_deg=15.0)
    cloth = _linen_mask(img) & (img.max(axis=2) > 60)  # (not the dark floor round the table)
    checks = np.zeros(img.shape[:2], bool)
    side = 22
    for y in range(0, img.shape[0], 2 * side):
        for x in range(0, img.shape[1], 2 * side):
            checks[y:y + side, x:x + side] = True
    img[checks & cloth] = BGR["orange"]
    _check_lattice(card_lattices(img, PALETTE), centres)


def test_a_far_layouts_small_cards_are_looked_for_on_a_finer_copy():
    # thirteen cards filling a fifth of a 4.3 MP picture's width: on the 1 MP work copy one
    # card is about 190 pixels, the far ones under the smallest piece kept, and the lattice
    # through the few left misses the cards; on the finer copy all are placed
    cells = {(r, c): COLOURS[(3 * r + c) % 6] for r in range(4) for c in range(5) if (r + c) % 3 != 1}
    layout, centres = _picture(cells, gap_mm=2.5, seed=1, size=(500, 375))
    img = _linen((1800, 2400), np.random.default_rng(7))
    y0, x0 = (1800 - 375) // 2, (2400 - 500) // 2
    img[y0:y0 + 375, x0:x0 + 500] = layout
    _check_lattice(card_lattices(img, PALETTE), {k: v + [x0, y0] for k, v in centres.items()})


def test_cards_too_small_to_tell_their_size_on_the_work_copy_are_looked_for_on_a_finer_one():
    # the same thirteen cards filling a sixth of the picture's width: on the 1 MP work copy
    # too few of them keep MIN_PIECE_PIXELS to tell one card's size (final22 hard-2801's case);
    # the finer copy tells it and places them all
    cells = {(r, c): COLOURS[(3 * r + c) % 6] for r in range(4) for c in range(5) if (r + c) % 3 != 1}
    layout, centres = _picture(cells, gap_mm=2.5, seed=1, size=(400, 300))
    img = _linen((1800, 2400), np.random.default_rng(7))
    y0, x0 = (1800 - 300) // 2, (2400 - 400) // 2
    img[y0:y0 + 300, x0:x0 + 400] = layout
    pieces, _ = _pieces_at(img, PALETTE, WORK_PIXELS)
    assert _one_card(pieces) is None
    _check_lattice(card_lattices(img, PALETTE), {k: v + [x0, y0] for k, v in centres.items()})


def test_a_block_of_cards_is_placed_on_whole_cells():
    # an identity lattice (one cell a unit) and a piece two cards wide, one high, off by a bit
    H = np.eye(3)
    size = np.array([0.95, 0.95])
    corners = np.array([[-0.45, -0.45], [1.45, -0.45], [1.45, 0.45], [-0.45, 0.45]]) + [3.08, 2.05]
    piece = CardPiece(tuple(corners.mean(axis=0)), corners, 1.9 * 0.9, corners, 0)
    placed = _place(piece, H, size, set())
    assert placed is not None
    assert tuple(placed.ij) == (3, 2) and tuple(placed.span) == (2, 1)
    assert _place(piece, H, size, {(4, 2)}) is None  # (a cell already taken)


def _square_card(cx: float, cy: float, turn_deg: float = 0.0, colour: int = 0) -> CardPiece:
    """A card-shaped piece 36 px square centred at (cx, cy) on a lattice of pitch 40 px, its
    corners turned ``turn_deg`` about its centre (a small card's corners a pixel or two off)."""
    a = math.radians(turn_deg)
    R = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    corners = np.array([cx, cy]) + np.array([[-18, -18], [18, -18], [18, 18], [-18, 18]]) @ R.T
    return CardPiece((cx, cy), corners, 36.0 * 36.0, corners, colour)


def test_the_cards_a_growth_leaves_off_seed_a_growth_of_their_own():
    # a chain of six cards down one column (the middle of the layout), its corners turned 7
    # degrees, and a block of 2 x 3 cards five columns to its right: grown from the chain, the
    # block lies 0.5 cells off; grown from the block, the chain's centres fall on the lattice
    chain = [_square_card(100, 100 + 40 * r, 7.0, r % 6) for r in range(6)]
    block = [_square_card(100 + 40 * c, 140 + 40 * r, 0.0, (r + c) % 6) for r in range(2) for c in (5, 6, 7)]
    pieces = chain + block
    placed, H, _ = _grown_from_seeds(pieces, pieces, pieces)
    assert len(placed) == 12
    cells = {tuple(p.ij.astype(int)) for p in placed}
    assert len(cells) == 12


def test_a_block_two_cards_deep_gets_no_perspective():
    # four cards in two rows on an affine lattice, one corner two pixels off: the map stays
    # affine (its last row (0, 0, 1)), the corner does not bend it
    pieces = [_square_card(100 + 40 * c, 100 + 40 * r) for r in range(2) for c in range(2)]
    pieces[3] = CardPiece(pieces[3].centre, pieces[3].corners + [[0, 0], [0, 0], [2, 2], [0, 0]], pieces[3].area,
                          pieces[3].corners + [[0, 0], [0, 0], [2, 2], [0, 0]], 0)
    placed = [_Placed(p, np.array([c, r], float), np.ones(2)) for p, (r, c) in
              zip(pieces, [(0, 0), (0, 1), (1, 0), (1, 1)])]
    H = _fitted(placed, np.array([[40.0, 0, 100], [0, 40.0, 100], [0, 0, 1]]), np.array([0.9, 0.9]))
    assert np.allclose(H[2], [0, 0, 1])


def test_reader_reads_the_cards_lattice_where_the_edges_mislead():
    # the independent renderer's steep photo of cards on planks: the locator's edges give a
    # lattice that reads 12 of the 31 cards wrong (or none at all at 12 MP); the lattice
    # through the cards reads all but a few symbols
    from tests.indie.render import render_photo
    from vision.pipeline import read_image
    from vision.synth.compare import compare_boards

    jpg, truth = render_photo("tapestry", 5, style="hard", size=(2000, 1500))
    truth.pop("scene", None)
    img = cv2.imdecode(np.frombuffer(jpg, np.uint8), cv2.IMREAD_COLOR)
    reading = read_image(img, game="tapestry")
    assert reading.info["reading_candidate"] >= 50  # (a lattice through the tiles' centres)
    score = compare_boards(reading.board, truth)
    assert score.missing + score.extra == 0
    assert score.errors <= 5


def test_window_takes_in_the_cards_of_the_tables_colour():
    # the right-hand cards are of the table's colour (orange cards on orange wood under a warm
    # lamp): no piece of theirs is card-shaped, but the foreground shows them; the lattice
    # through the other cards must hold them in its window (else its reading covers a part of
    # the layout only and counts that as the whole)
    from vision.locate import work_copy

    cells = {(r, c): COLOURS[(r + 2 * c) % 6] for r in range(3) for c in range(3)}
    hidden = {(r, c) for r in range(3) for c in range(3, 6)}
    BGR["table"], BGR["black"] = (150, 178, 190), (0, 0, 0)
    try:
        img, centres = _picture({**cells, **{cell: "table" for cell in hidden}}, seed=4)
        dark, _ = _picture({cell: "black" for cell in {**cells, **dict.fromkeys(hidden)}}, seed=4)
    finally:
        del BGR["table"], BGR["black"]
    work, scale = work_copy(img)
    fg = cv2.resize((cv2.cvtColor(dark, cv2.COLOR_BGR2GRAY) < 60).astype(np.uint8),
                    (work.shape[1], work.shape[0]), interpolation=cv2.INTER_NEAREST) > 0
    fg = cv2.morphologyEx(fg.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8)) > 0
    _check_lattice(card_lattices(img, PALETTE, fg=fg, work_scale=scale), centres)


def test_a_cloth_under_the_cards_is_not_taken_for_cards():
    # a grey cloth standing out from a dark floor, the cards small in its middle (final2
    # tapestry-normal-054): the locator's foreground is the whole cloth. The window must not
    # grow over it, and the cards' lattice is read on the foreground by colour alone (or the
    # cards' own pieces), else every cell of the cloth counts as layout left unread
    from vision.cards import _cards_mask, _grown_by_foreground, _joined_foreground
    from vision.locate import Lattice

    px = 10  # (work pixels per cell; work = full image)
    H = np.array([[px, 0, 200.0], [0, px, 200.0], [0, 0, 1]])  # cell (0, 0) at (200, 200)
    cloth = np.zeros((600, 600), bool)
    cloth[20:580, 20:580] = True  # (45 cells round the window's middle)
    cards = np.zeros_like(cloth)
    cards[201:239, 201:239] = True  # (4 x 4 cards)
    window = ((-1, 4), (-1, 4))
    assert _joined_foreground(H, *window, cloth, 1.0)[2]
    assert not _joined_foreground(H, *window, cards, 1.0)[2]
    assert _cards_mask(cloth, H, window, 1.0, lambda: cards, []) is cards
    assert _cards_mask(cards, H, window, 1.0, lambda: cloth, []) is cards
    lat = Lattice(H=H, rows=window[0], cols=window[1], pitch_px=px, strength=1.0, work_scale=1.0,
                  info={}, fg=cloth)
    grown = _grown_by_foreground(lat)
    assert (grown.rows, grown.cols) == window


def test_cards_are_read_on_the_foreground_by_colour_where_their_cells_cut_the_mask():
    # a cloth printed with flowers in the cards' colours (final2 tapestry-hard-051): the texture
    # cue calls clusters of its motifs smooth, so the locator's foreground holds blobs of cloth
    # that half fill the cells around the cards; the foreground by colour alone is the cards'
    from vision.cards import _cards_mask

    px = 10
    H = np.array([[px, 0, 200.0], [0, px, 200.0], [0, 0, 1]])
    cards = np.zeros((600, 600), bool)
    cards[200:240, 200:240] = True  # (4 x 4 cards filling their cells)
    blobs = cards.copy()
    for k in range(-1, 5):
        for y, x in ((-1, k), (4, k), (k, -1), (k, 4)):
            blobs[200 + y * px:200 + y * px + px // 2, 200 + x * px:200 + x * px + px] = True
    window = ((-1, 4), (-1, 4))
    assert _cards_mask(blobs, H, window, 1.0, lambda: cards, []) is cards
    assert _cards_mask(blobs, H, window, 1.0, lambda: blobs.copy(), []) is blobs
    assert _cards_mask(cards, H, window, 1.0, lambda: blobs, []) is cards


def test_a_patch_off_the_lattice_does_not_replace_the_layouts_growth():
    """A card-shaped patch of table off the layout's lattice, turned, seeds a growth of its
    own: it is kept only if it placed every piece the layout's growth did, and more."""
    layout = [_square_card(100 + 40 * c, 100 + 40 * r, 0.0, (r + c) % 6) for r in range(2) for c in range(3)]
    patch = _square_card(360, 320, 20.0, 1)  # card-shaped, off the lattice, turned
    placed, _, _ = _grown_from_seeds(layout + [patch], layout + [patch], layout + [patch])
    assert len(placed) == 6 and all(p.piece is not patch for p in placed)
