"""A dark gingham check beside an Octopus layout (final26 octopus-normal-4007): outlined by the
lighter checks around it, read black surely (0.95-0.97), its die layouts find dark "pips" (the
lighter checks' corners, contrast 7-10) and no light ones (0.5-1.6). A black tile's pips are
white: a face named black surely that shows no light spot is no die face.

- vision.cells._pipless_face: a face whose pips were not read, named surely as a paint whose
  pips the kit gives, not blown, showing no spot in its pips' polarity, is no die face; one
  showing them (faint, its count unclear), one named unsurely or blown (a glare may wash its
  pips), or one whose pips were read is kept; and so is one within the layout (the mask held
  it: a dark tile whose pips a shade or a veil dims), only a cell beside it is judged."""
from vision.cells import DIE_FACE_FLAT, _Ctx, _pipless_face
from vision.colour import Palette
from vision.kits import kit_for_game


def _ctx(blown: float = 0.0, beside: bool = True) -> _Ctx:
    """A context whose cell (0, 0) is ``blown`` and, if ``beside``, taken for its colour beside
    the layout (``grown``)."""
    kit = kit_for_game("octopus")
    palette = Palette.from_hex(kit.colours)
    return _Ctx(kit=kit, palette=palette, profile=None, td=None, lab=None, die_faces=True,
                blown={(0, 0): blown}, grown={(0, 0)} if beside else set())


def _reading(colour: str, light: float, dark: float, conf: float = 0.96,
             pips: int | None = None) -> tuple:
    """A :func:`vision.cells._read_solid` reading: its die layouts' light and dark pips
    standing out by ``light`` and ``dark`` (L*), named ``colour`` at ``conf`` as lit."""
    return ({"colour": colour, "pips": pips}, {"colour": conf, "pips": 0.0}, [], 3.0,
            {"pip_contrast": {1: light, -1: dark}, "plain_colour_conf": conf,
             "colour_distance": {colour: 7.0, "purple": 23.7, "brown": 24.9, "white": 60.0}})


def test_a_black_check_without_light_pips_is_no_die_face():
    assert _pipless_face(_ctx(), (0, 0), _reading("black", 1.2, 9.3))


def test_a_face_showing_its_pips_or_named_unsurely_or_blown_is_kept():
    # (faint light pips, the count unclear: a black tile blurred)
    assert not _pipless_face(_ctx(), (0, 0), _reading("black", DIE_FACE_FLAT + 2, 9.3))
    # (a white face's pips are dark: its dark spots may be them)
    assert not _pipless_face(_ctx(), (0, 0), _reading("white", 1.0, 9.0))
    assert not _pipless_face(_ctx(), (0, 0), _reading("black", 1.2, 9.3, conf=0.7))
    assert not _pipless_face(_ctx(blown=0.3), (0, 0), _reading("black", 1.2, 9.3))
    assert not _pipless_face(_ctx(), (0, 0), _reading("black", 1.2, 9.3, pips=3))
    assert not _pipless_face(_ctx(), (0, 0), _reading(None, 1.2, 9.3))


def test_a_face_within_the_layout_is_kept():
    # (the mask held it: a black tile in shade, its white pips dimmed to nothing, stays)
    assert not _pipless_face(_ctx(beside=False), (0, 0), _reading("black", 1.2, 9.3))


def test_a_face_whose_runner_up_takes_pips_the_other_way_is_kept():
    # (a purple face a warm light names pink: its pips white, none dark)
    reading = _reading("pink", 9.0, 1.5)
    reading[4]["colour_distance"] = {"pink": 6.0, "purple": 9.0, "white": 30.0}
    assert not _pipless_face(_ctx(), (0, 0), reading)
    reading[4]["colour_distance"] = {"pink": 6.0, "white": 9.0, "purple": 30.0}
    assert _pipless_face(_ctx(), (0, 0), reading)
