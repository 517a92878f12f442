"""An orange Octopus face a glare lifts to yellow's lightness and hue is named yellow while
keeping only 0.58-0.73 of its photo's sure yellows' chroma (final18 octopus-normal-1889: chroma
51 at L* 83 and 79 degrees against the sure yellows' 80 at L* 84 and 87 degrees; final21
normal-2307: 52 at L* 87 against 85 at 86).

- vision.cells._renamed_by_own_chroma: a face nearest a paint whose chroma falls short of its
  photo's other sure faces of that paint, near their lightness and hue, is renamed the darker
  hue neighbour (yellow -> orange) at OWN_HUE_RENAMED_CONF, its distances to the two swapped;
  a yellow paled by a glare (its hue moved past the sure yellows'), one in a shade (far darker)
  or one keeping their chroma is not; nor where no other sure face of the paint is seen; nor a
  face of a paint with no darker hue neighbour (blue: purple lies only 5 L* below)."""
import numpy as np

from vision.cells import OWN_HUE_RENAMED_CONF, OWN_HUE_RENAMED_KEY, _renamed_by_own_chroma
from vision.colour import Palette
from vision.kits import kit_for_game


def _lab(hue: float, chroma: float, lightness: float) -> list[float]:
    h = np.radians(hue)
    return [lightness, chroma * np.cos(h), chroma * np.sin(h)]


def _reading(colour: str | None, conf: float) -> tuple:
    return ({"colour": colour, "pips": 2}, {"colour": conf, "pips": 0.9}, [], 3.0,
            {"colour_distance": {"yellow": 4.0, "orange": 9.0, "blue": 30.0, "purple": 35.0}})


def _read(faces: list[tuple[float, float, float, str | None, float]], nearest: str = "yellow",
          skip: tuple = ()) -> tuple[dict, list]:
    """Faces (hue, chroma, L*, name, confidence), all nearest ``nearest``."""
    kit = kit_for_game("octopus")
    palette = Palette.from_hex(kit.colours)
    labs = np.array([_lab(h, c, light) for h, c, light, _, _ in faces])
    index = np.full(len(faces), palette.names.index(nearest))
    cells = [(0, i) for i in range(len(faces))]
    out = {c: _reading(name, conf) for c, (_, _, _, name, conf) in zip(cells, faces)}
    return out, _renamed_by_own_chroma(kit, palette, labs, index, cells, out, list(skip))


def test_a_face_short_of_its_photos_sure_yellows_chroma_is_renamed_orange():
    out, renamed = _read([(88, 80, 84, "yellow", 0.99), (87, 80, 84, "yellow", 0.99),
                          (79, 51, 83, "yellow", 0.83)])
    assert renamed == [(0, 2)]
    assert out[(0, 2)][0]["colour"] == "orange"
    assert out[(0, 2)][1]["colour"] == OWN_HUE_RENAMED_CONF
    assert out[(0, 2)][4]["colour_distance"]["orange"] == 4.0
    assert out[(0, 2)][4][OWN_HUE_RENAMED_KEY] == "yellow"
    assert out[(0, 2)][4]["renamed_by"] == "chroma"
    assert out[(0, 0)][0]["colour"] == "yellow"


def test_glared_shaded_or_saturated_yellows_keep_their_name():
    sure = [(88, 80, 84, "yellow", 0.99), (87, 80, 84, "yellow", 0.99)]
    # (paled by a glare: its hue moved 17 degrees past the sure yellows')
    assert _read(sure + [(105, 45, 90, "yellow", 0.7)])[1] == []
    # (in a shade: 20 L* below them)
    assert _read(sure + [(88, 55, 64, "yellow", 0.8)])[1] == []
    # (keeping 0.85 of their chroma)
    assert _read(sure + [(86, 68, 83, "yellow", 0.9)])[1] == []
    # (left alone when already renamed by hue)
    assert _read(sure + [(79, 51, 83, "yellow", 0.83)], skip=[(0, 2)])[1] == []


def test_no_other_sure_face_or_no_darker_neighbour_renames_nothing():
    # (the face itself the only sure yellow; no yellow named surely)
    assert _read([(79, 51, 83, "yellow", 0.96)])[1] == []
    assert _read([(88, 80, 84, "yellow", 0.9), (79, 51, 83, "yellow", 0.83)])[1] == []
    # (blue: purple, its hue neighbour, lies only 5 L* below it)
    blue = [(-74, 58, 42, "blue", 0.99), (-74, 58, 42, "blue", 0.99), (-74, 42, 42, "blue", 0.8)]
    assert _read(blue, nearest="blue")[1] == []


def test_sure_faces_far_off_their_paints_hue_tell_nothing_of_its_chroma():
    # (final24 octopus-normal-3409: its one sure yellow at 103.6 degrees, yellow's paint at 92.3,
    # washed yellows beside it at 42-44 chroma against its 83)
    sure = [(103.6, 83, 93, "yellow", 0.95), (103.6, 83, 93, "yellow", 0.95)]
    assert _read(sure + [(107, 43, 93.5, "yellow", 0.7)])[1] == []


def test_a_near_grey_face_nearest_yellow_is_not_renamed():
    # (a white face under a warm cast: the photos' sure white faces reach 32 chroma; here 21
    # at 98 L* nearest yellow, short of its photo's sure yellows' chroma as any grey is)
    sure = [(92, 75, 90, "yellow", 0.99), (92, 75, 90, "yellow", 0.99)]
    assert _read(sure + [(95, 21, 92, None, 0.22)])[1] == []
    # (the same face keeping the chroma an orange a glare lifts keeps is renamed)
    assert _read(sure + [(95, 45, 92, "yellow", 0.8)])[1] == [(0, 2)]


def test_a_face_lighter_than_the_kits_lightest_paint_is_not_renamed():
    # (lifted past white's paint (94.9 L*) a face's chroma tells nothing of its paint: a glare
    # clips yellow and orange alike)
    sure = [(95, 80, 93, "yellow", 0.99), (95, 80, 93, "yellow", 0.99)]
    assert _read(sure + [(97, 45, 97, "yellow", 0.8)])[1] == []
    assert _read(sure + [(97, 45, 93, "yellow", 0.8)])[1] == [(0, 2)]


def test_a_sure_face_renamed_no_longer_vouches_for_the_paints_chroma():
    # (the second face is sure yellow but keeps 50 of the first's 80: renamed orange; the third,
    # 57, is then judged against the first alone, 0.71 of 80, not against the median of a
    # yellow 80 and an orange 50, 0.88 of 65: the result does not hang on the faces' order)
    out, renamed = _read([(88, 80, 84, "yellow", 0.99), (80, 50, 83, "yellow", 0.99),
                          (82, 57, 83, "yellow", 0.8)])
    assert renamed == [(0, 1), (0, 2)]
    assert out[(0, 0)][0]["colour"] == "yellow"
