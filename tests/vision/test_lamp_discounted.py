"""Faces named under the light their white pips show, with that light discounted
(vision.cells._under_white_pips, _adapted_distances): under a 3000 K lamp left uncorrected, a
blue paint drifted towards violet is nearer the kit's blue in daylight, yet nearer its purple as
both are recorded under the lamp; and a fit over a few saturated faces settles on a cast that
makes them purple. The white pips of the Textile tiles that lie pips up show the lamp.

The views are drawn here (tests/vision/scenes.py), not by the product's renderer."""
import sys
from pathlib import Path
from types import SimpleNamespace

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import cells_mask, draw_solid_tile, paint_solid_tiles  # noqa: E402

import vision.cells as cells  # noqa: E402
from vision.cells import (TopDown, _adapted_distances, _face_colours,  # noqa: E402
                          _light_of, _sheen_distance, _solid_through_glare, _under_white_pips,
                          _white_pips, read_cells)
from vision.colour import (Palette, bgr_to_lab, classify_adaptive, hex_to_lab,  # noqa: E402
                           lab_to_bgr, linear_to_srgb, match_from_distances, palette_distance,
                           srgb_to_linear)
from vision.kits import kit_for_game  # noqa: E402
from vision.pips import read_pips  # noqa: E402

KIT = kit_for_game("textile")
PAL = Palette.from_hex(KIT.colours)
#: a 3000 K lamp's linear BGR gains, the camera's white balance left at daylight
WARM = np.array([0.442, 0.698, 1.0]) * 0.83
#: a blue paint drifted towards violet: 8.4 from the kit's blue, 12.7 from its purple
VIOLET_BLUE = "#5C62BB"
N = 48


def _under(lin_bgr: np.ndarray, gains: np.ndarray) -> np.ndarray:
    """Lab ``(N, 3)`` of linear BGR colours ``(N, 3)`` recorded under ``gains``, clipped."""
    seen = np.clip(np.asarray(lin_bgr, np.float64) * gains, 0.0, 1.0)
    return bgr_to_lab(linear_to_srgb(seen).astype(np.float32)).astype(np.float64)


def _names(d: np.ndarray) -> list[str]:
    """The palette's names of the nearest colour of each row of distances ``d`` ``(N, K)``."""
    return [PAL.names[k] for k in np.argmin(d, axis=1)]


def test_the_lamp_discounted_names_a_violet_blue_blue():
    paint = srgb_to_linear(lab_to_bgr(hex_to_lab(VIOLET_BLUE)[None]))
    seen = _under(paint, WARM)
    light = np.vstack([WARM, np.zeros(3)])
    lit, _, _ = classify_adaptive(seen, PAL, gains_bgr=light, iterations=0)
    assert _names(palette_distance(seen, PAL, lit.predicted)) == ["purple"]  # (as recorded)
    assert _names(_adapted_distances(seen, PAL, light)) == ["blue"]


def test_a_clipped_channel_is_only_a_lower_bound():
    # an orange face lit twice as bright as the light says: its red clips, its green and blue
    # are twice the paint's; the clipped red is no evidence against orange
    orange = PAL.names.index("orange")
    seen = _under(srgb_to_linear(lab_to_bgr(np.asarray(PAL.lab)[[orange]])), 2.0 * np.ones(3))
    d = _adapted_distances(seen, PAL, np.vstack([2.0 * np.ones(3), np.zeros(3)]))
    assert _names(d) == ["orange"] and d[0, orange] < 1.0


#: the light a fit over the faces of such a layout settled on (final11 textile-hard-603): more
#: blue than green, which no lamp has
FACES_CAST = np.array([[0.683, 0.652, 0.805], [0.004, 0.004, 0.004]])
FACES = [("green", 4), ("blue", 4), ("red", 6), ("yellow", 3), ("blue", 6), ("green", 2),
         ("red", 1), ("blue", 2)]


def _row(faces: list[tuple[str, int]]) -> SimpleNamespace:
    """A row of Textile tiles under the lamp, their blue drifted towards violet: ``ctx`` (Lab
    view, kit, palette), the tiles' origins, pips and face colours."""
    kit = SimpleNamespace(colours={**KIT.colours, "blue": VIOLET_BLUE}, pip_colours=KIT.pip_colours)
    row = np.concatenate([draw_solid_tile(N, colour, pips, kit) for colour, pips in faces], axis=1)
    lin = srgb_to_linear(row.astype(np.float32) / 255.0) * WARM
    lab = bgr_to_lab(np.clip(linear_to_srgb(lin) * 255.0 + 0.5, 0, 255).astype(np.uint8))
    origins = np.array([(0, i * N) for i in range(len(faces))])
    ctx = SimpleNamespace(kit=KIT, palette=PAL, lab=lab, td=SimpleNamespace(cw=N), profile=None)
    views = np.stack([lab[:, i * N:(i + 1) * N] for i in range(len(faces))])
    return SimpleNamespace(ctx=ctx, origins=origins, pips=read_pips(lab[..., 0], N, origins),
                           faces=_face_colours(views))


def test_faces_named_under_their_white_pips_light_with_it_discounted():
    scene = _row(FACES)
    cast, _, _ = classify_adaptive(scene.faces, PAL, gains_bgr=FACES_CAST, iterations=0)
    assert [PAL.names[k] for k in cast.index] == [c if c != "blue" else "purple" for c, _ in FACES]
    lamp = _white_pips(scene.ctx, scene.origins, scene.pips)
    match, dist, light = _under_white_pips(scene.ctx, scene.faces, lamp, cast, FACES_CAST)
    assert [PAL.names[k] for k in match.index] == [c for c, _ in FACES]
    assert dist is not None and not np.allclose(light, FACES_CAST)


def test_a_light_the_white_pips_agree_with_is_kept():
    scene = _row(FACES)
    lamp = np.vstack([WARM, np.zeros(3)])
    lit, _, _ = classify_adaptive(scene.faces, PAL, gains_bgr=lamp, iterations=0)
    pips = _white_pips(scene.ctx, scene.origins, scene.pips)
    match, dist, light = _under_white_pips(scene.ctx, scene.faces, pips, lit, lamp)
    assert match is lit and dist is None and light is lamp


def test_textile_faces_are_judged_by_their_white_pips(monkeypatch):
    # Textile tiles may lie pips down (no die_faces), yet those that show white pips show the
    # lamp as Octopus dice do
    calls = []
    judged = cells._under_white_pips

    def spy(ctx, *args):
        calls.append(ctx.die_faces)
        return judged(ctx, *args)
    monkeypatch.setattr(cells, "_under_white_pips", spy)
    tiles = {(2, 2): ("green", 4), (3, 2): ("blue", 4), (2, 3): ("red", 6), (3, 3): ("yellow", 3)}
    size = 6
    img = np.full((size * N, size * N, 3), 128, np.uint8)
    paint_solid_tiles(img, tiles, N, KIT)
    td = TopDown(cv2.GaussianBlur(img, (0, 0), 1.0), N, N, 0, 0, size, size)
    readings, _ = read_cells(td, KIT, palette=PAL, fg=cells_mask(img.shape[:2], set(tiles), N))
    assert calls and not any(calls)
    got = {(r.row, r.col): (r.attrs.get("colour"), r.attrs.get("pips")) for r in readings
           if r.occupied}
    assert got == tiles


def test_pips_below_the_haze_leave_the_faces_as_fitted():
    # a pip darker than the light's haze in a channel shows no colour of the lamp there: the
    # faces keep the fitted light, and are named as recorded
    scene = _row(FACES)
    lamp = _white_pips(scene.ctx, scene.origins, scene.pips)
    hazy = FACES_CAST.copy()
    hazy[1] = srgb_to_linear(lab_to_bgr(np.asarray(lamp[0], np.float64)[None]))[0] + 0.01
    assert _light_of(PAL, lamp, hazy) is None
    cast, _, _ = classify_adaptive(scene.faces, PAL, gains_bgr=hazy, iterations=0)
    match, dist, light = _under_white_pips(scene.ctx, scene.faces, lamp, cast, hazy)
    assert match is cast and dist is None and light is hazy


def test_under_a_profile_the_faces_are_named_under_the_pips_light_as_recorded():
    # a profile's colours carry their measured spread in the camera's terms: the faces are
    # named under the pips' light with it, not with the lamp discounted
    scene = _row(FACES)
    scene.ctx.profile = {}
    lamp = _white_pips(scene.ctx, scene.origins, scene.pips)
    cast, _, _ = classify_adaptive(scene.faces, PAL, gains_bgr=FACES_CAST, iterations=0)
    match, dist, light = _under_white_pips(scene.ctx, scene.faces, lamp, cast, FACES_CAST)
    lit, _, _ = classify_adaptive(scene.faces, PAL, gains_bgr=light, iterations=0)
    assert dist is None and not np.allclose(light, FACES_CAST)
    assert list(match.index) == list(lit.index)


def test_a_glare_and_a_sheen_are_judged_with_the_lamp_discounted_too():
    # with the lamp discounted a face's distances through a glare or with a sheen are those it
    # has in daylight (von Kries: the paint and the lamp's reflection both over the lamp's
    # gains); as recorded under the lamp, the violet blue through the glare lies 9.3 from
    # blue and 10.8 from purple (6.7 and 9.6 in daylight): the smaller of those and the
    # distances with the lamp discounted (8.5, 12.5) left purple 2.3 further than blue, 3.2
    # with the glare discounted
    paint = srgb_to_linear(lab_to_bgr(hex_to_lab(VIOLET_BLUE)[None]))
    daylight = np.vstack([np.ones(3), np.zeros(3)])
    lamp = np.vstack([WARM, np.zeros(3)])
    ctx = SimpleNamespace(palette=PAL, profile=None)
    purple = PAL.names.index("purple")

    def through(seen: np.ndarray, light: np.ndarray, discounted: bool) -> tuple:
        d = _adapted_distances(seen, PAL, light)
        lit, _, _ = classify_adaptive(seen, PAL, gains_bgr=light, iterations=0)
        _, glare = _solid_through_glare(ctx, seen, match_from_distances(d, lit.predicted), d,
                                        light, discounted=discounted)
        return glare, _sheen_distance(seen, PAL, light, discounted=discounted)

    day = through(_under(paint, np.ones(3)), daylight, False)
    for got, want in zip(through(_under(paint, WARM), lamp, True), day):
        assert np.allclose(got, want, atol=0.5)
    blue = PAL.names.index("blue")
    recorded, discounted = (through(_under(paint, WARM), lamp, d)[0][0] for d in (False, True))
    assert recorded[purple] - recorded[blue] < discounted[purple] - discounted[blue] - 0.5


def test_cells_beside_the_layout_are_not_named_under_their_own_pips_light(monkeypatch):
    # the cells beside a layout, mostly the bare table, are named under the light fitted on
    # them or the layout's as given (see _read_solid): their own light pips, a polka-dot
    # cloth's dots as often as tiles' pips, do not set the light they are named under
    seen = []
    judged = cells._under_white_pips
    read = cells._read_solid

    def spy_read(ctx, cell_list, *args, beside=False, **kw):
        seen.append([beside, None])
        return read(ctx, cell_list, *args, beside=beside, **kw)

    def spy(ctx, labs, lamp, *args):
        seen[-1][1] = lamp
        return judged(ctx, labs, lamp, *args)
    monkeypatch.setattr(cells, "_read_solid", spy_read)
    monkeypatch.setattr(cells, "_under_white_pips", spy)
    layout = {(2, 2): ("green", 4), (2, 3): ("blue", 4), (3, 2): ("red", 6), (3, 3): ("black", 3),
              (2, 4): ("purple", 5), (3, 4): ("yellow", 2)}
    # (brown tiles on a table of their paint, laid without a gap: only their white pips show
    # them, four of them, enough to show a light of their own)
    beside = {(4, 2): ("brown", 2), (4, 3): ("brown", 5), (4, 4): ("brown", 3),
              (1, 3): ("brown", 6)}
    size, n = 7, 64  # (at 48 pixels a cell the pips' blur leaves too few samples of white)
    brown = KIT.colours["brown"].lstrip("#")
    img = np.tile(np.array([int(brown[k:k + 2], 16) for k in (4, 2, 0)], np.uint8),
                  (size * n, size * n, 1))
    paint_solid_tiles(img, layout, n, KIT)
    paint_solid_tiles(img, beside, n, KIT, inset=0)
    lin = srgb_to_linear(img.astype(np.float32) / 255.0) * WARM
    img = np.clip(linear_to_srgb(lin) * 255.0 + 0.5, 0, 255).astype(np.uint8)
    td = TopDown(cv2.GaussianBlur(img, (0, 0), 1.0), n, n, 0, 0, size, size)
    readings, _ = read_cells(td, KIT, palette=PAL, fg=cells_mask(img.shape[:2], set(layout), n))
    outside = [lamp for was_beside, lamp in seen if was_beside]
    assert outside and all(lamp is None for lamp in outside)
    got = {(r.row, r.col): (r.attrs.get("colour"), r.attrs.get("pips")) for r in readings
           if r.occupied}
    assert got == {**layout, **beside}
