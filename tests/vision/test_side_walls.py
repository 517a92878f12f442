"""An orange Octopus face a lamp's hot spot washes to yellow's hue keeps orange on its tile's
shaded side walls (the independent renderer's final19 octopus-hard-1996, final21 hard-2310,
hard-2311, final22 hard-2810: faces at 41-48 chroma and 97-104 degrees, walls at 59-82).

- vision.cells._side_wall_hue: the hue of the darker, hued pixels just beyond the face's own
  (those joined to its core) on the cell's side facing the camera, between the face and the
  cell's edge (the wall); None where no such pixels are seen. The table on the other sides and
  a neighbour's edge in the cell are not the wall.
- vision.cells._renamed_by_side_walls: a face named yellow, washed (under SIDE_WALL_WASHED of
  its photo's other yellows' chroma), whose walls lie nearer orange's than yellow's by
  SIDE_WALL_MARGIN is renamed orange; a yellow keeping its photo's yellows' chroma, one whose
  walls are yellow, one without walls seen, or a face with no other of its paint is not."""
import numpy as np

from vision.cells import (OWN_HUE_RENAMED_CONF, OWN_HUE_RENAMED_KEY, _face_region,
                          _renamed_by_side_walls, _side_wall_hue)
from vision.colour import Palette
from vision.kits import kit_for_game

SIZE = 48
NEAR = 1  # (the cells' side facing the camera, vision.cells._beside's order: below)


def _lab(hue: float, chroma: float, lightness: float) -> np.ndarray:
    h = np.radians(hue)
    return np.array([lightness, chroma * np.cos(h), chroma * np.sin(h)], np.float32)


def _view(face: np.ndarray, wall: np.ndarray | None, table: np.ndarray) -> np.ndarray:
    """A cell's Lab view: the face over rows 0-41, a 3 px wall below it (the side towards the
    camera), the table under that."""
    view = np.empty((SIZE, SIZE, 3), np.float32)
    view[:] = table
    view[:42] = face
    if wall is not None:
        view[42:45] = wall
    return view


TABLE = _lab(60, 8, 55)          # a grey-brown cloth, hardly hued
ORANGE_WALL = _lab(62, 35, 45)
YELLOW_WALL = _lab(90, 40, 55)


def test_the_walls_hue_is_read_beside_the_face():
    face = _lab(100, 45, 93)
    assert abs(_side_wall_hue(_view(face, ORANGE_WALL, TABLE), face, NEAR) - 62) < 1.0
    assert abs(_side_wall_hue(_view(face, YELLOW_WALL, TABLE), face, NEAR) - 90) < 1.0
    # (no wall: the table beyond the walls' reach and of no chroma is not one)
    assert _side_wall_hue(_view(face, None, _lab(0, 2, 40)), face, NEAR) is None
    # (the same view turned: its wall along the cell's right side, left, or top)
    view = _view(face, ORANGE_WALL, TABLE)
    for side, turned in ((3, np.swapaxes(view, 0, 1)), (2, np.swapaxes(view, 0, 1)[:, ::-1]),
                         (0, view[::-1])):
        assert abs(_side_wall_hue(turned, face, side) - 62) < 1.0
    # (the side facing away from the camera shows no wall)
    assert _side_wall_hue(view, face, 0) is None


def _centred(face: np.ndarray, wall: np.ndarray, table: np.ndarray,
             neighbour: np.ndarray | None = None) -> np.ndarray:
    """A cell's Lab view of a tile centred in it: its face over rows and columns 2-45, a 2 px
    wall below it (the side towards the camera), the table on the three other sides; and with
    ``neighbour``, the cell 2 px off its tile, a neighbour's face over its last 4 columns."""
    view = np.empty((SIZE, SIZE, 3), np.float32)
    view[:] = table
    view[2:46, 2:46] = face
    view[46:48, 2:46] = wall
    if neighbour is not None:
        view[:, SIZE - 4:] = neighbour
    return view


def _read(faces: list[tuple[np.ndarray, np.ndarray | None, str | None]],
          views: list[np.ndarray] | None = None, near: int | None = NEAR) -> tuple[dict, list]:
    """Faces (Lab, wall Lab or None, name), all nearest yellow; their cells' views ``views`` (by
    default :func:`_view`'s over TABLE)."""
    kit = kit_for_game("octopus")
    palette = Palette.from_hex(kit.colours)
    labs = np.array([f for f, _, _ in faces], np.float64)
    stack = np.stack(views if views is not None else [_view(f, w, TABLE) for f, w, _ in faces])
    index = np.full(len(faces), palette.names.index("yellow"))
    cells = [(0, i) for i in range(len(faces))]
    out = {c: ({"colour": name, "pips": 2}, {"colour": 0.9, "pips": 0.9}, [], 3.0,
               {"colour_distance": {"yellow": 4.0, "orange": 9.0}})
           for c, (_, _, name) in zip(cells, faces)}
    return out, _renamed_by_side_walls(kit, palette, labs, stack, index, cells, out, [], near)


YELLOWS = [(_lab(92, 75, 85), YELLOW_WALL, "yellow"), (_lab(95, 72, 88), YELLOW_WALL, "yellow")]


def test_a_washed_yellow_with_orange_walls_is_renamed_orange():
    out, renamed = _read(YELLOWS + [(_lab(100, 45, 93), ORANGE_WALL, "yellow")])
    assert renamed == [(0, 2)]
    assert out[(0, 2)][0]["colour"] == "orange"
    assert out[(0, 2)][1]["colour"] == OWN_HUE_RENAMED_CONF
    assert out[(0, 2)][4]["colour_distance"]["orange"] == 4.0
    assert out[(0, 2)][4][OWN_HUE_RENAMED_KEY] == "yellow"
    assert out[(0, 2)][4]["renamed_by"] == "side walls"
    # (unclear, nearest yellow: renamed too)
    assert _read(YELLOWS + [(_lab(100, 45, 93), ORANGE_WALL, None)])[1] == [(0, 2)]


def test_yellows_keeping_their_chroma_or_walls_keep_their_name():
    # (keeping 0.85 of the other yellows' chroma)
    assert _read(YELLOWS + [(_lab(95, 63, 90), ORANGE_WALL, "yellow")])[1] == []
    # (washed, its walls yellow)
    assert _read(YELLOWS + [(_lab(100, 45, 93), YELLOW_WALL, "yellow")])[1] == []
    # (washed, no walls seen)
    assert _read(YELLOWS + [(_lab(100, 45, 93), None, "yellow")])[1] == []
    # (no other yellow to measure its chroma against)
    assert _read([(_lab(100, 45, 93), ORANGE_WALL, "yellow")])[1] == []
    # (a view nearly straight down: no side's wall shows in every cell)
    assert _read(YELLOWS + [(_lab(100, 45, 93), ORANGE_WALL, "yellow")], near=None)[1] == []


WASHED_YELLOW = _lab(100, 45, 93)


def test_the_table_beside_a_centred_face_is_not_its_wall():
    # (a wooden table, of orange's hue, around a centred washed true yellow: its yellow wall
    # shows only on the side towards the camera)
    wood = _lab(68, 28, 50)
    faces = YELLOWS + [(WASHED_YELLOW, YELLOW_WALL, "yellow")]
    views = [_centred(f, w, wood) for f, w, _ in faces]
    assert abs(_side_wall_hue(views[2], WASHED_YELLOW, NEAR) - 90) < 1.0
    assert _read(faces, views)[1] == []


def test_a_neighbours_edge_in_the_cell_is_not_its_wall():
    # (a washed true yellow whose cell lies 2 px off its tile, an orange neighbour's face over
    # its last columns, beside the face)
    grey = _lab(0, 3, 45)
    faces = YELLOWS + [(WASHED_YELLOW, YELLOW_WALL, "yellow")]
    views = [_centred(f, w, grey) for f, w, _ in faces[:2]]
    views.append(_centred(WASHED_YELLOW, YELLOW_WALL, grey, neighbour=_lab(65, 70, 67)))
    assert abs(_side_wall_hue(views[2], WASHED_YELLOW, NEAR) - 90) < 1.0
    out, renamed = _read(faces, views)
    assert renamed == [] and out[(0, 2)][0]["colour"] == "yellow"
    # (its wall orange: a washed orange, renamed)
    views[2] = _centred(WASHED_YELLOW, ORANGE_WALL, grey, neighbour=_lab(65, 70, 67))
    assert _read(faces, views)[1] == [(0, 2)]


def test_a_pale_patch_apart_from_the_face_is_not_the_face():
    # (a pale neighbour's face beyond a dark gap, over the last 6 columns, is not the face's own:
    # the darker, hued pixels below it are its wall, not the face's, which shows none)
    grey = _lab(0, 3, 45)
    view = _centred(WASHED_YELLOW, grey, grey)
    view[:, 40:42] = _lab(0, 3, 30)        # (the gap)
    view[:, 42:] = _lab(95, 40, 90)        # (a pale neighbour)
    view[46:, 42:] = _lab(60, 40, 55)      # (its orange wall, below it)
    face = _face_region(view[..., 0], float(WASHED_YELLOW[0]))
    assert face[20, 20] and not face[20, 45]
    assert _side_wall_hue(view, WASHED_YELLOW, NEAR) is None
