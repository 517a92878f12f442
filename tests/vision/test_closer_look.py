"""A small layout in a wide view of the table is looked at closer (vision.locate)."""
import numpy as np

from vision.locate import _closer_box


def test_a_small_layout_is_cropped_with_the_table_around_it():
    fg = np.zeros((600, 800), bool)
    fg[250:330, 400:480] = True                     # an 80 px layout in an 800 px work copy
    box = _closer_box(fg, 0.4, (1500, 2000))
    assert box is not None
    x0, y0, x1, y1 = box
    # the layout (full-image pixels 1000-1200 x 625-825) with table all round it
    assert x0 < 1000 - 40 and x1 > 1200 + 40 and y0 < 625 - 40 and y1 > 825 + 40
    assert (x1 - x0) * (y1 - y0) < 0.35 * 2000 * 1500


def test_a_layout_filling_the_picture_or_a_photo_without_more_pixels_is_not_cropped():
    fg = np.zeros((600, 800), bool)
    fg[100:500, 150:650] = True
    assert _closer_box(fg, 0.4, (1500, 2000)) is None
    small = np.zeros((600, 800), bool)
    small[250:330, 400:480] = True
    assert _closer_box(small, 1.0, (600, 800)) is None


def test_a_small_layout_of_small_toothed_tiles_in_a_wide_view_is_read():
    # an independent renderer's Octopus (seed 5, hard) at 2000 x 1500: 29 tiles of about 35 px
    # on a light table in the middle of a dark floor; on the work copy the tiles' toothed edges
    # were too short for the lines' search (7 cells wrong), seen closer 1 (a white tile on the
    # light table)
    from tests.indie.render import render_photo
    from vision.pipeline import read_file
    from vision.synth.compare import compare_boards

    jpeg, truth = render_photo("octopus", 5, style="hard", size=(2000, 1500))
    truth.pop("scene", None)
    score = compare_boards(read_file(jpeg, game="octopus").board, truth)
    assert score.errors <= 2


def _table_on_a_dark_floor(size=(480, 640)):
    """A red cloth (a quadrilateral inside the picture) on a dark floor, and on it a 2 x 2
    block of cards in orange, purple, pink and yellow."""
    import cv2

    h, w = size
    img = np.full((h, w, 3), (30, 32, 36), np.uint8)
    quad = np.array([[60, 50], [600, 30], [620, 440], [40, 460]], np.int32)
    cv2.fillPoly(img, [quad], (70, 80, 215))
    for k, colour in enumerate([(40, 140, 245), (140, 60, 150), (150, 120, 235), (40, 210, 230)]):
        y0, x0 = 220 + 42 * (k // 2), 300 + 42 * (k % 2)
        img[y0:y0 + 40, x0:x0 + 40] = colour
    return img


def test_a_table_inside_the_picture_is_the_frame_of_its_own_layout():
    from vision.foreground import foreground_mask
    from vision.locate import _table_box

    img = _table_on_a_dark_floor()
    fg = foreground_mask(img)
    assert fg[100, 150] and fg[400, 500]       # against the floor, the cloth stands out
    box, table = _table_box(img, fg, 1.0, img.shape[:2])
    assert box is not None and table is not None and table[240, 320] and not table[5, 5]
    fg = foreground_mask(img, table=table)
    assert fg[240, 320] and fg[290, 370]        # the cards
    assert not fg[100, 150] and not fg[400, 500] and not fg[5, 5]


def test_cards_on_a_cloth_seen_whole_on_the_floor_are_found():
    # an independent renderer's Tapestry (seed 1, hard) at 2000 x 1500: a red linen cloth
    # inside the picture, a dark floor all round; against the floor the whole cloth stood out
    # and no lattice was found; judged by the cloth's own rim the cards are (at 12 MP decoded
    # at half size: 16 -> 1 cells wrong; at this size the cards' symbols read worse)
    from tests.indie.render import render_photo
    from vision.pipeline import read_file
    from vision.synth.compare import compare_boards

    jpeg, truth = render_photo("tapestry", 1, style="hard", size=(2000, 1500))
    truth.pop("scene", None)
    score = compare_boards(read_file(jpeg, game="tapestry").board, truth)
    assert score.missing <= 4 and score.errors <= 9


def test_a_sheet_lying_across_the_lattice_is_no_part_of_the_layout():
    import cv2

    from vision.locate import Lattice, _without_strays

    fg = np.zeros((400, 600), bool)
    fg[100:220, 300:420] = True                          # 3 x 3 tiles of 40 px on the lattice
    fg[180:220, 420:460] = True
    sheet = cv2.boxPoints(((120, 250), (110, 80), 35.0)).astype(np.int32)
    mask = np.zeros((400, 600), np.uint8)
    cv2.fillPoly(mask, [sheet], 1)                       # a note at 35 degrees beside them
    fg |= mask.astype(bool)
    H = np.array([[40.0, 0, 300], [0, 40.0, 100], [0, 0, 1]])
    lat = Lattice(H=H, rows=(0, 2), cols=(0, 3), pitch_px=40.0, work_scale=1.0, fg=fg)
    out = _without_strays(lat)
    assert out.fg[150, 350] and out.fg[200, 440]
    assert not out.fg[250, 120]
    assert lat.fg[250, 120]                              # (the original is left as it was)


def test_a_closer_look_judges_the_cloth_s_texture_over_the_same_stretch_of_table(monkeypatch):
    # the texture cue's window is a share of the picture's side: on a crop of the photo it is
    # widened so as to cover as much of the cloth as on the whole photo's work copy (a smaller
    # one sees the sparse patches of a sprigged or linen cloth as smooth, like tiles)
    import vision.locate as L
    from vision.errors import NoTilesFound

    seen = {}

    def fake_mask(work, **kwargs):
        seen["window"], seen["side"] = kwargs.get("window"), max(work.shape[:2])
        return np.zeros(work.shape[:2], bool)

    monkeypatch.setattr(L, "foreground_mask", fake_mask)
    image = np.zeros((1500, 2000, 3), np.uint8)
    work_shape, scale = (642, 856), 856 / 2000
    try:
        L._closer_look(image, (800, 500, 1300, 900), work_shape, scale, seed=0,
                       refit_coarse=False)
    except NoTilesFound:
        pass
    # the crop's work copy is the crop itself (500 x 400 px, 1 px per photo pixel): the
    # whole work copy's window, 0.04 x 856 work px = 80 photo px, is 0.16 of its side
    assert abs(seen["window"] * seen["side"] - 0.04 * 856 / scale) < 1.0
