"""The lattice through solid tiles' faces (vision.faces): a layout laid on a cloth whose check
is not the tiles' pitch, turned to it, is read on the tiles' own lattice."""
import math

import cv2
import numpy as np

from vision.faces import face_lattices
from vision.lattice import apply_h

TILE = 44          # the tiles' face side (pixels)
PITCH = 50         # the layout's pitch (face + gap)
CHECK = 19         # the gingham's check: neither the tiles' pitch nor a half of it
TURN = math.radians(6.0)  # the layout turned on the cloth


def _gingham(h: int, w: int) -> np.ndarray:
    """A yellow and white gingham (BGR): a band of either direction darkens the cloth."""
    yy, xx = np.mgrid[0:h, 0:w]
    bands = ((xx // CHECK) % 2) + ((yy // CHECK) % 2)
    shades = np.array([[250, 250, 250], [120, 200, 235], [40, 170, 220]], np.uint8)
    return shades[bands]


def _layout(img: np.ndarray, centre: tuple[float, float], cells: list[tuple[int, int]]
            ) -> list[tuple[float, float]]:
    """Solid square tiles of the default paints, each with its dark rim, drawn on ``img`` at
    the cells ``(row, col)`` of a lattice turned by :data:`TURN` about ``centre``; their
    centres ``(x, y)``."""
    paints = [(40, 40, 200), (40, 150, 40), (180, 80, 30), (240, 240, 240), (30, 210, 230)]
    c, s = math.cos(TURN), math.sin(TURN)
    out = []
    for k, (r, q) in enumerate(cells):
        u, v = (q + 0.5) * PITCH, (r + 0.5) * PITCH
        x, y = centre[0] + c * u - s * v, centre[1] + s * u + c * v
        box = cv2.boxPoints(((x, y), (TILE, TILE), math.degrees(TURN))).astype(np.int32)
        cv2.fillConvexPoly(img, box, paints[k % len(paints)])
        cv2.polylines(img, [box], True, (30, 30, 30), 2)
        out.append((x, y))
    return out


def test_faces_lattice_on_a_gingham_of_another_pitch():
    img = _gingham(600, 800)
    cells = [(r, q) for r in range(3) for q in range(4) if (r, q) != (1, 2)]
    centres = np.array(_layout(img, (250.0, 180.0), cells))
    found = face_lattices(img)
    assert found, "no lattice through the faces"
    lat = found[0]
    assert abs(lat.pitch_px - PITCH) < 0.05 * PITCH
    # every tile's centre is a cell's centre of the lattice
    inv = np.linalg.inv(lat.H)
    at = apply_h(inv, centres)
    assert np.abs(at - np.floor(at) - 0.5).max() < 0.1
    # and the tiles lie in as many distinct cells
    assert len({tuple(np.floor(p).astype(int)) for p in at}) == len(cells)


def test_faces_lattice_on_a_tilted_table():
    # a table seen about 50 degrees from overhead: the faces 1.5 times as wide as high
    img = _gingham(900, 800)
    cells = [(r, q) for r in range(3) for q in range(4) if (r, q) != (0, 3)]
    centres = np.array(_layout(img, (250.0, 300.0), cells))
    img = cv2.resize(img, (800, 600), interpolation=cv2.INTER_AREA)
    centres[:, 1] *= 600 / 900
    found = face_lattices(img)
    assert found, "no lattice through the foreshortened faces"
    at = apply_h(np.linalg.inv(found[0].H), centres)
    assert np.abs(at - np.floor(at) - 0.5).max() < 0.1
    assert len({tuple(np.floor(p).astype(int)) for p in at}) == len(cells)


def test_textile_layout_off_a_gingham_read_on_its_tiles():
    # the independent renderer's textile-hard-126: a yellow and white gingham, tiles laid with
    # jitter and a few degrees' turn; its lines gave a lattice of the cloth's pitch half a cell
    # off the tiles in places (22 of 19 cells wrong at 1600 x 1200)
    from tests.indie.render import render_photo
    from vision.pipeline import read_file
    from vision.synth.compare import compare_boards

    jpeg, truth = render_photo("textile", 126, style="hard", size=(1600, 1200))
    truth = dict(truth)
    truth.pop("scene", None)
    score = compare_boards(read_file(jpeg, game="textile").board, truth)
    assert score.errors <= 1, score.to_dict()


def _turned_faces(img: np.ndarray, top: float, cells: list, pips: bool) -> list:
    """Draw square faces turned 35 degrees in ``cells`` (row, column) of a lattice whose first
    cell's corner is at (330, ``top``) on ``img`` (in place), outlined dark, with a die's six
    white pips when ``pips``; returns their centres (x, y)."""
    turn = math.radians(35.0)
    c, s = math.cos(turn), math.sin(turn)
    paints = [(40, 40, 200), (40, 150, 40), (180, 80, 30), (30, 210, 230)]
    centres = []
    for k, (r, q) in enumerate(cells):
        u, v = (q + 0.5) * PITCH, (r + 0.5) * PITCH
        x, y = 330 + c * u - s * v, top + s * u + c * v
        box = cv2.boxPoints(((x, y), (TILE, TILE), 35.0)).astype(np.int32)
        cv2.fillConvexPoly(img, box, paints[k % len(paints)])
        cv2.polylines(img, [box], True, (30, 30, 30), 2)
        if pips:
            # (six pips, a die's six: two columns of three, 0.16 of the face across each)
            for pu in (-0.25, 0.25):
                for pv in (-0.3, 0.0, 0.3):
                    px, py = x + (c * pu - s * pv) * TILE, y + (s * pu + c * pv) * TILE
                    cv2.circle(img, (int(round(px)), int(round(py))), int(0.08 * TILE),
                               (245, 245, 245), -1)
        centres.append((x, y))
    return centres


def _assert_one_face_a_cell(img: np.ndarray, centres: list, what: str) -> None:
    """A lattice through the faces of ``img`` puts each centre in a cell of its own, near its
    middle."""
    found = face_lattices(img)
    assert found, f"no lattice through the {what}"
    at = apply_h(np.linalg.inv(found[0].H), np.array(centres))
    assert np.abs(at - np.floor(at) - 0.5).max() < 0.1
    assert len({tuple(np.floor(p).astype(int)) for p in at}) == len(centres)


def test_faces_full_of_pips_turned_on_the_table_are_measured_by_their_outlines():
    # final9/textile-hard-204: faces turned ~35 degrees, five or six pips each; the paint
    # left between the pips (and the colour steps round them) fills less than two-fifths of
    # the face's box, so faces measured by their paint were not squares and no lattice was
    # found through them (14 of 15 tiles missed)
    img = np.full((600, 800, 3), 225, np.uint8)
    cells = [(r, q) for r in range(3) for q in range(4) if (r, q) != (2, 3)]
    centres = _turned_faces(img, 170, cells, pips=True)
    _assert_one_face_a_cell(img, centres, "faces full of pips")


def test_faces_turned_on_a_tilted_table_are_parallelograms_and_still_squares():
    # a layout turned 35 degrees on a table seen about 50 degrees from overhead: each face is a
    # parallelogram filling ~0.8 of its least rectangle (final9/textile-hard-204's far faces)
    img = np.full((1000, 800, 3), 225, np.uint8)
    cells = [(r, q) for r in range(3) for q in range(4) if (r, q) != (0, 3)]
    centres = [(x, y * 0.6) for x, y in _turned_faces(img, 300, cells, pips=False)]
    img = cv2.resize(img, (800, 600), interpolation=cv2.INTER_AREA)
    _assert_one_face_a_cell(img, centres, "leaning faces")


def _tartan(h: int, w: int, check: int, stripe: int) -> np.ndarray:
    """A beige cloth (BGR) crossed by brown stripes ``stripe`` pixels wide every ``check``
    pixels both ways: square checks bigger than the tiles laid on it."""
    yy, xx = np.mgrid[0:h, 0:w]
    img = np.empty((h, w, 3), np.uint8)
    img[:] = (170, 200, 215)
    img[((xx % check) < stripe) | ((yy % check) < stripe)] = (60, 90, 120)
    return img


def test_faces_lattice_under_a_cloth_of_bigger_checks():
    # tex9dev/textile-normal-542: a tartan whose checks between its stripes, 2-4 times the
    # tiles' size, are the biggest regions that repeat; only their size was tried, and the
    # lines' lattice, half a cell off the tiles, was read (13 of 18 cells wrong): the tiles'
    # own size, smaller, gives a lattice too
    img = _tartan(600, 800, 110, 12)
    cells = [(r, q) for r in range(3) for q in range(4) if (r, q) != (1, 2)]
    centres = np.array(_layout(img, (300.0, 200.0), cells))
    found = face_lattices(img)
    assert found, "no lattice"
    on_tiles = []
    for lat in found:
        at = apply_h(np.linalg.inv(lat.H), centres)
        on_tiles.append(np.abs(at - np.floor(at) - 0.5).max() < 0.1
                        and len({tuple(np.floor(p).astype(int)) for p in at}) == len(cells)
                        and abs(lat.pitch_px - PITCH) < 0.05 * PITCH)
    assert any(on_tiles), [lat.pitch_px for lat in found]


#: Seven faces found in a photo (the independent renderer's textile-hard-717: a table seen 44
#: degrees from overhead, the layout turned 60 degrees to the camera, faces 46-66 px in the
#: search picture), rows ``(x, y, side, angle, width, height)`` as vision.faces measures them.
STEEP_FACES = np.array([
    [216.5, 507.4, 66.3, 65.3, 57.6, 81.5], [398.2, 496.4, 64.4, 63.0, 60.4, 75.8],
    [295.4, 473.7, 62.2, 67.2, 55.2, 75.2], [366.4, 443.0, 59.6, 68.0, 53.3, 73.1],
    [268.8, 422.1, 57.2, 66.8, 49.1, 73.5], [335.7, 394.4, 54.4, 67.8, 47.4, 69.1],
    [244.4, 376.8, 52.1, 69.2, 43.2, 69.2]])


def test_faces_lattice_not_finer_than_its_faces():
    # the first guess from the foreshortened faces' rectangles is half the pitch along one
    # axis, on which all seven faces still lie (every second point empty), its cells smaller
    # than the faces: the faces' own lattice puts the faces next to each other on next points
    from vision.faces import _grown

    f = STEEP_FACES
    ij, H, far = _grown(f[:, :2], f[:, 3], f[:, 4:6], f[:, 2])
    assert far == 0
    assert len(ij) == len(f)
    # (each face's cell, its corners mapped to the picture, holds at least the face's area)
    corners = np.array([[0, 0], [1, 0], [1, 1], [0, 1]]) - 0.5
    cells = [cv2.contourArea(apply_h(H, p + corners).astype(np.float32)) for p in ij]
    assert np.median(f[:, 2] ** 2) <= np.median(cells)
    # (every face has a neighbour one step away along a side: the layout is one textile)
    d = np.abs(ij[:, None] - ij[None]).sum(2)
    np.fill_diagonal(d, 99)
    assert (d.min(1) == 1).all(), ij.tolist()


#: The four far faces of the same photo: smaller than :data:`STEEP_FACES` by more than
#: vision.faces.SIZE_TOLERANCE (45-51 px against 52-66), so not of the faces' one size.
FAR_FACES = np.array([
    [309.6, 351.8, 50.0, 70.0, 41.9, 65.9], [156.1, 359.4, 51.0, 69.4, 40.6, 69.1],
    [225.2, 335.0, 47.7, 70.2, 38.7, 65.4], [286.0, 313.5, 45.7, 69.9, 38.1, 63.3]])


def test_the_far_faces_of_a_steep_view_join_the_lattice():
    # the lattice through the near faces alone (an affine map from seven) puts the far end a
    # third of a cell off its tiles; the far squares placed too (a homography from eight)
    # give every tile a cell of its own, one textile joined along the tiles' sides
    from vision.centres import ON_LATTICE
    from vision.faces import _grown

    f = STEEP_FACES
    ij, H, far = _grown(f[:, :2], f[:, 3], f[:, 4:6], f[:, 2], FAR_FACES[:, :2])
    assert len(ij) == len(f) + len(FAR_FACES) == len({tuple(p) for p in ij})
    assert far == len(FAR_FACES)
    cells = {tuple(p) for p in ij.astype(int)}
    joined, todo = set(), [next(iter(cells))]
    while todo:
        j, i = todo.pop()
        if (j, i) in joined or (j, i) not in cells:
            continue
        joined.add((j, i))
        todo += [(j + 1, i), (j - 1, i), (j, i + 1), (j, i - 1)]
    assert joined == cells
    # (and each far face lies near a lattice point, in lattice units)
    at = apply_h(np.linalg.inv(H), FAR_FACES[:, :2])
    assert np.abs(at - np.round(at)).max() < ON_LATTICE


def test_a_bigger_square_beyond_the_faces_is_not_placed_on_their_lattice():
    # six faces of one size in a block and, three steps beyond them on their lattice, a square
    # of the cloth a third bigger (of the faces' size group, beyond their one size): only
    # smaller squares are far tiles of a steep view, a bigger one is no tile beyond the faces
    from vision.faces import _faces_on_lattices

    img = np.full((400, 520, 3), (200, 205, 210), np.uint8)
    paints = [(40, 40, 200), (40, 150, 40), (180, 80, 30), (30, 210, 230), (200, 60, 160)]
    for k, (r, c) in enumerate([(r, c) for r in range(2) for c in range(3)]):
        x, y = 60 + c * 50, 100 + r * 50
        cv2.rectangle(img, (x - 22, y - 22), (x + 22, y + 22), paints[k % len(paints)], -1)
        cv2.rectangle(img, (x - 22, y - 22), (x + 22, y + 22), (30, 30, 30), 2)
    x, y = 60 + 5 * 50, 100
    cv2.rectangle(img, (x - 25, y - 25), (x + 25, y + 25), (40, 150, 40), -1)
    (squares, faces, ij, _, far), = _faces_on_lattices(img)
    assert len(squares) == len(faces) + 1  # (the bigger square is of the size group)
    assert len(ij) == len(faces) == 6 and far == 0


def test_no_coarser_lattice_of_cells_far_bigger_than_the_faces():
    # faces a fifth wider than a lattice's cells lie four steps apart along one axis: the
    # lattice four times coarser would give each face a cell 2.8 times its area, more than a
    # face and its gap take (GAP_FACTOR); three steps (2.1 times) are a lattice they fit
    from vision.faces import _coarser

    H = np.diag([10.0, 10.0, 1.0])  # (cells of 10 x 10 px)
    sides = np.full(5, 12.0)
    far = np.array([[0, 0], [4, 0], [8, 0], [0, 1], [4, 1]], np.float64)
    assert _coarser(far, sides, H) is None
    assert _coarser(far * [0.75, 1], sides, H).tolist() == [3.0, 1.0]


def test_far_squares_placed_count_apart_from_the_faces():
    # the lattice's strength is the share of its faces placed; the far squares placed after
    # them are counted apart (info["far"]), not as faces (seven faces, four far squares)
    from vision.faces import _grown, _lattice

    f = STEEP_FACES
    ij, H, far = _grown(f[:, :2], f[:, 3], f[:, 4:6], f[:, 2], FAR_FACES[:, :2])
    fg = np.zeros((600, 800), bool)
    lat = _lattice((np.r_[f, FAR_FACES], f, ij, H, far), 1.0, fg, 1.0)
    assert (lat.info["faces"], lat.info["far"]) == (len(f), len(FAR_FACES))
    assert lat.strength == 1.0


def test_faces_are_the_squares_standing_out_not_a_plaids_bigger_ones():
    # oct28 octopus-normal-871: a plaid whose lines enclose squares a little bigger than the
    # tiles' faces, all over the table; the biggest size that repeats was the plaid's, its
    # lattice 1.15 times the tiles' pitch. The squares standing out from the table are the faces.
    img = np.full((600, 800, 3), 200, np.uint8)
    for k in range(0, 800, 58):  # (the plaid's lines: squares of 54 pixels between them)
        img[:, k:k + 4] = 90
        img[k:k + 4, :] = 90
    cells = [(r, q) for r in range(3) for q in range(4) if (r, q) != (2, 0)]
    centres = np.array(_layout(img, (300.0, 200.0), cells))
    fg = np.zeros(img.shape[:2], bool)
    for x, y in centres:
        fg[int(y) - PITCH // 2:int(y) + PITCH // 2, int(x) - PITCH // 2:int(x) + PITCH // 2] = True
    found = face_lattices(img, fg=fg, work_scale=1.0)
    assert found, "no lattice through the faces"
    lat = next((lat for lat in found if lat.info["faces"] >= len(cells) // 2), None)
    assert lat is not None, "no lattice of the faces"
    assert abs(lat.pitch_px - PITCH) < 0.05 * PITCH
    at = apply_h(np.linalg.inv(lat.H), centres)
    assert np.abs(at - np.floor(at) - 0.5).max() < 0.1


def test_a_small_layout_is_searched_on_its_box_at_a_finer_scale():
    # final15 textile-hard-1439: a layout far off (faces of 33 px in a 2000 px picture) on a
    # floral cloth; over the whole picture shrunk to the search width its faces were a dozen
    # pixels across, their outlines broken by pips and teeth, and 6 of 18 were found. The box
    # of what stands out is searched too, at a finer scale, and its lattice is in the whole
    # picture's pixels.
    small_tile, small_pitch = 20, 23
    img = np.full((2400, 3200, 3), 200, np.uint8)
    cells = [(r, q) for r in range(3) for q in range(4) if (r, q) != (1, 2)]
    paints = [(40, 40, 200), (40, 150, 40), (180, 80, 30), (30, 210, 230)]
    centres = []
    for k, (r, q) in enumerate(cells):
        x, y = 2100 + (q + 0.5) * small_pitch, 1500 + (r + 0.5) * small_pitch
        h = small_tile // 2
        cv2.rectangle(img, (int(x) - h, int(y) - h), (int(x) + h, int(y) + h),
                      paints[k % len(paints)], -1)
        cv2.rectangle(img, (int(x) - h, int(y) - h), (int(x) + h, int(y) + h), (30, 30, 30), 1)
        centres.append((x, y))
    centres = np.array(centres)
    fg = np.zeros(img.shape[:2], bool)
    fg[1500:1500 + 3 * small_pitch, 2100:2100 + 4 * small_pitch] = True
    found = face_lattices(img, fg=fg, work_scale=1.0)
    assert found, "no lattice through the small layout's faces"
    lat = found[0]
    assert abs(lat.pitch_px - small_pitch) < 0.1 * small_pitch
    at = apply_h(np.linalg.inv(lat.H), centres)
    assert np.abs(at - np.floor(at) - 0.5).max() < 0.15
    assert len({tuple(np.floor(p).astype(int)) for p in at}) == len(cells)
