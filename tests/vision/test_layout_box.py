"""The layout's box for a closer look leaves far clutter out (vision.locate)."""
import numpy as np

from vision.locate import _closer_box, _closer_boxes, _layout_boxes


def test_clutter_far_from_the_layout_stays_out_of_its_closer_look():
    fg = np.zeros((600, 800), bool)
    fg[200:300, 300:420] = True                 # the layout
    fg[250:262, 338:352] = False                # (a hole: a tile of the table's colour)
    fg[200:300, 430:470] = True                 # a part of it beyond a tile of the table's colour
    fg[520:540, 100:300] = True                 # a pen at the table's far side
    fg[230:290, 520:580] = True                 # a tile beyond two hidden ones
    assert _layout_boxes(fg)[0] == (300, 200, 580, 300)
    box = _closer_box(fg, 0.4, (1500, 2000))
    assert box is not None
    x0, y0, x1, y1 = box
    assert y1 < 520 / 0.4 and x0 > 100 / 0.4   # (not the pen)
    assert x0 < 300 / 0.4 and x1 > 580 / 0.4 and y0 < 200 / 0.4 and y1 > 300 / 0.4


def _scene() -> tuple[np.ndarray, np.ndarray]:
    """A beige table with a small layout of four tiles in four paints, a bigger black mug
    and, beside the layout, a patch of lamplight (the table, brighter); and its foreground."""
    work = np.full((600, 800, 3), (150, 190, 215), np.uint8)      # beige table (BGR)
    fg = np.zeros((600, 800), bool)
    for (r, c), paint in zip([(0, 0), (0, 1), (1, 0), (1, 1)],
                             [(46, 16, 200), (31, 210, 245), (71, 154, 46), (191, 95, 31)]):
        work[200 + 40 * r:240 + 40 * r, 300 + 40 * c:340 + 40 * c] = paint
    fg[196:284, 296:384] = True                                    # (with a margin of table)
    yy, xx = np.mgrid[:600, :800]
    mug = (yy - 450) ** 2 + (xx - 600) ** 2 < 62 ** 2
    work[mug] = (34, 34, 34)
    fg |= (yy - 450) ** 2 + (xx - 600) ** 2 < 66 ** 2
    work[200:280, 420:500] = (175, 215, 240)                       # lamplight on the table
    fg[200:280, 420:500] = True
    return work, fg


def test_the_layout_is_the_group_of_varied_paint_not_the_bigger_mug():
    work, fg = _scene()
    assert _layout_boxes(fg)[0] != (296, 196, 384, 284)     # (by size alone: the mug's)
    assert _layout_boxes(fg, work)[0] == (296, 196, 384, 284)
    box = _closer_box(fg, 0.4, (1500, 2000), work=work)
    assert box is not None
    x0, y0, x1, y1 = box
    assert x0 < 296 / 0.4 and x1 > 384 / 0.4 and y0 < 196 / 0.4 and y1 > 284 / 0.4
    assert y1 < 384 / 0.4                                # (not the mug)


def _tiles_on_beige(rows: int, cols: int, top: int, left: int) -> np.ndarray:
    """A 600 x 800 work image (BGR uint8) of a beige table with ``rows`` x ``cols`` 40 px tiles
    in four paints, their top-left corner at ``(top, left)``."""
    work = np.full((600, 800, 3), (150, 190, 215), np.uint8)      # beige table (BGR)
    paints = [(46, 16, 200), (31, 210, 245), (71, 154, 46), (191, 95, 31)]
    for r in range(rows):
        for c in range(cols):
            work[top + 40 * r:top + 40 + 40 * r, left + 40 * c:left + 40 + 40 * c] = \
                paints[(r + c) % 4]
    return work


def _layout_and_note() -> tuple[np.ndarray, np.ndarray]:
    """A beige table, a 160 px layout of 16 tiles in four paints and, 100 px beside it, a
    green note (one paint) as big; and their foreground (work-image pixels)."""
    work = _tiles_on_beige(4, 4, 220, 120)
    work[220:380, 380:540] = (60, 200, 90)                         # a green note
    fg = np.zeros((600, 800), bool)
    fg[216:384, 116:284] = True
    fg[216:384, 376:544] = True
    return work, fg


def test_a_note_beside_the_layout_can_be_left_out_of_its_box():
    work, fg = _layout_and_note()
    assert _layout_boxes(fg, work)[0] == (116, 216, 544, 384)          # (the note may be a part)
    assert _layout_boxes(fg, work)[1] == (116, 216, 284, 384)
    assert _closer_box(fg, 0.4, (1500, 2000), work=work) is None  # (too big a part with it)
    assert _closer_boxes(fg, 0.4, (1500, 2000), work=work)[1] is not None


def test_the_main_group_seen_closer_competes_with_a_coarse_whole_picture(monkeypatch):
    """With a note beside the layout too big a part of the picture for a closer look, the
    layout's main group alone is looked at closer too: when the whole picture's best lattice
    is a multiple of the pitch seen closer (tiles too small for the lines' search), both
    looks' lattices are candidates (the reading chooses), the closer look's first; when the
    whole picture saw the tiles' pitch, its lattices alone (its mask holds the groups beside)."""
    from types import SimpleNamespace

    from vision import locate

    work, fg = _layout_and_note()
    image = np.zeros((1500, 2000, 3), np.uint8)
    closer = SimpleNamespace(pitch_px=100.0)
    looked: list = []

    def closer_look(image, box, *args, **kwargs):
        looked.append(box)
        return [closer]

    def candidates(fg, whole_pitch):
        whole = [SimpleNamespace(pitch_px=whole_pitch), SimpleNamespace(pitch_px=50.0)]
        monkeypatch.setattr(locate, "_locate_on", lambda *a, **k: whole)
        prepared = locate.PreparedPhoto(image)
        prepared.part(("work",), lambda: (work, 0.4))
        prepared.part(("fg", False, False), lambda: (fg, {}))
        return locate.locate_candidates(image, prepared=prepared), whole
    monkeypatch.setattr(locate, "_closer_look", closer_look)
    found, whole = candidates(fg, 300.0)
    assert found == [closer, whole[0], whole[1]]
    x0, y0, x1, y1 = looked[0]
    assert x0 < 116 / 0.4 and x1 > 284 / 0.4 and x1 < 376 / 0.4      # (not the note)
    found, whole = candidates(fg, 110.0)
    assert found == whole
    # a layout alone is looked at closer only
    fg[:, 300:] = False
    assert candidates(fg, 300.0)[0] == [closer]


def test_a_big_layout_beside_a_note_is_looked_at_alone_to_leave_the_note_out():
    # (final23 textile-hard-3011: a sheet of paper beside a layout whose own box, with the
    # table around it, is 0.6 of the picture: too big a part for a closer look to see its tiles
    # larger, but looked at alone its lines are the tiles', not the sheet's)
    from vision.locate import ALONE_SHARE, CLOSER_SHARE
    work = _tiles_on_beige(6, 8, 260, 200)
    work[40:200, 200:400] = (235, 240, 240)                        # a white sheet
    fg = np.zeros((600, 800), bool)
    fg[256:504, 196:524] = True
    fg[36:204, 196:404] = True
    box, alone = _closer_boxes(fg, 0.4, (1500, 2000), work=work, alone_share=ALONE_SHARE)
    assert box is None and alone is not None
    x0, y0, x1, y1 = alone
    share = (x1 - x0) * (y1 - y0) / (2000 * 1500)
    assert CLOSER_SHARE < share <= ALONE_SHARE
    assert y0 > 36 / 0.4 and x0 < 196 / 0.4 and x1 > 524 / 0.4 and y1 > 504 / 0.4
    # ... only where the caller asks for it (Textile): by default, as for the other games, the
    # main group alone is looked at up to CLOSER_SHARE, as any closer look
    assert _closer_boxes(fg, 0.4, (1500, 2000), work=work) == (None, None)
    # the layout alone, no note beside it, is not looked at in a box that big
    fg[36:204, 196:404] = False
    assert _closer_boxes(fg, 0.4, (1500, 2000), work=work, alone_share=ALONE_SHARE) == (None, None)


def test_only_textile_looks_at_its_main_group_alone_in_a_bigger_box():
    from vision.locate import ALONE_SHARE
    from vision.pipeline import _alone_share
    assert _alone_share("textile") == ALONE_SHARE
    assert all(_alone_share(g) is None for g in ("octopus", "tapestry", "x-tiles", "twelve-tiles"))
