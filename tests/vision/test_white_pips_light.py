"""A die's white pips are the white paint under the same lamp as the faces around them
(vision.cells._white_pips, _light_of): their median colour over the layout is the lamp's white,
and the faces are named under the light it shows, whatever cast a fit over the faces alone
would settle on. The faces are drawn here (tests/vision/scenes.py) under a warm lamp."""
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scenes import draw_solid_tile  # noqa: E402

from vision.cells import (WHITE_PIPS_CAST, WHITE_PIPS_MIN, _cast_off, _face_colours,  # noqa: E402
                         _light_of, _white_pips)
from vision.colour import (Palette, bgr_to_lab, ciede2000, classify_adaptive,  # noqa: E402
                           linear_to_srgb, palette_linear, srgb_to_linear)
from vision.kits import kit_for_game  # noqa: E402
from vision.pips import read_pips  # noqa: E402

KIT = kit_for_game("octopus")
PAL = Palette.from_hex(KIT.colours)
N = 64
#: a warm lamp (linear BGR gains; the camera's white balance left uncorrected)
WARM = np.array([0.45, 0.75, 1.0])
#: a green cast, as a fit over a few saturated faces may settle on
GREEN_CAST = np.array([[0.55, 1.1, 0.77], [0.05, 0.05, 0.05]])


def _layout(faces: list[tuple[str, int]]) -> SimpleNamespace:
    """A row of tiles under the warm lamp, as ``ctx`` (Lab view, kit, palette) and origins."""
    tiles = [draw_solid_tile(N, colour, pips, KIT) for colour, pips in faces]
    lin = srgb_to_linear(np.concatenate(tiles, axis=1).astype(np.float32) / 255.0) * WARM
    view = np.clip(linear_to_srgb(lin) * 255.0 + 0.5, 0, 255).astype(np.uint8)
    lab = bgr_to_lab(view)
    origins = np.array([(0, i * N) for i in range(len(faces))])
    ctx = SimpleNamespace(kit=KIT, palette=PAL, lab=lab, td=SimpleNamespace(cw=N))
    return SimpleNamespace(ctx=ctx, origins=origins, pips=read_pips(lab[..., 0], N, origins),
                           faces=_face_colours(np.stack([lab[:, i * N:(i + 1) * N] for i in range(len(faces))])))


FACES = [("brown", 1), ("red", 2), ("green", 3), ("black", 4), ("blue", 5), ("purple", 6),
         ("yellow", 2), ("white", 3), ("orange", 4)]


def test_white_pips_show_the_lamps_white():
    scene = _layout(FACES)
    lamp, index = _white_pips(scene.ctx, scene.origins, scene.pips)
    assert PAL.names[index] == "white"
    white = np.clip(palette_linear(PAL)[index] * WARM, 0, 1)
    seen = bgr_to_lab(linear_to_srgb(white[None, None, :]).astype(np.float32))[0, 0]
    assert float(ciede2000(lamp[None], seen[None])[0]) < 5.0


def test_faces_named_under_the_white_pips_light():
    scene = _layout(FACES)
    light = _light_of(PAL, _white_pips(scene.ctx, scene.origins, scene.pips), GREEN_CAST)
    match, _, _ = classify_adaptive(scene.faces, PAL, gains_bgr=light, iterations=0)
    assert [PAL.names[k] for k in match.index] == [c for c, _ in FACES]


def test_a_cast_the_white_pips_contradict_is_told_from_the_lamps():
    scene = _layout(FACES)
    lamp = _white_pips(scene.ctx, scene.origins, scene.pips)
    assert _cast_off(PAL, lamp, GREEN_CAST) > WHITE_PIPS_CAST
    assert _cast_off(PAL, lamp, np.vstack([WARM, np.zeros(3)])) < 5.0


def test_too_few_white_pips_give_no_light():
    few = [f for f in FACES if f[0] in ("yellow", "white", "orange")] + FACES[:WHITE_PIPS_MIN - 1]
    scene = _layout(few)
    assert _white_pips(scene.ctx, scene.origins, scene.pips) is None
