"""Cards' light refitted on the cells standing out apart from the table's colour
(vision.cells._light_apart_from_table): a textured cloth the foreground mask spills over is no
paint.

Synthetic CIELAB cell colours: twenty cards of five paints as given (a little noise) and cells
of a beige linen the mask holds too (tap44 tapestry-normal-2710's case: fitted with forty of
them, the light made the linen a yellow within 5-7 and the orange cards 27 from every paint)."""
import numpy as np

from vision.cells import LOOSE_FIT, _clear_tiles_light, _Ctx, _light_apart_from_table
from vision.colour import Palette, ciede2000, classify_adaptive
from vision.kits import kit_for_game

PAINTS = ["orange"] * 6 + ["blue"] * 4 + ["purple"] * 4 + ["green"] * 2 + ["yellow"] * 4


def _ctx(game: str = "tapestry") -> _Ctx:
    kit = kit_for_game(game)
    return _Ctx(kit, Palette.from_hex(kit.colours), None, None, None)


def _cells(ctx: _Ctx, linen: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Lab ``(20 + linen, 3)``: the cards, then the linen; and each cell's CIEDE2000 from the
    linen's colour."""
    rng = np.random.default_rng(seed)
    names = list(ctx.palette.names)
    cards = np.array([ctx.palette.lab[names.index(n)] for n in PAINTS]) + rng.normal(0, 1.0, (len(PAINTS), 3))
    cloth = np.array([80.0, 3.0, 16.0])
    labs = np.vstack([cards, cloth + rng.normal(0, 1.0, (linen, 3))])
    return labs, ciede2000(labs, cloth[None, :])


def _light(ctx: _Ctx, labs: np.ndarray, d_table: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """The light fitted on every cell, and the light kept (see _light_apart_from_table)."""
    sure = np.ones(len(labs), bool)
    corr = _clear_tiles_light(labs, ctx.palette, None, False, profiled=False)
    return corr, _light_apart_from_table(ctx, labs, sure, d_table, corr, None, False)


def test_the_cards_light_leaves_out_a_cloth_it_would_make_a_paint():
    ctx = _ctx()
    labs, d_table = _cells(ctx, linen=40)
    _, kept = _light(ctx, labs, d_table)
    match, _, _ = classify_adaptive(labs[:len(PAINTS)], ctx.palette, gains_bgr=kept, iterations=0)
    assert [ctx.palette.names[i] for i in match.index] == PAINTS
    assert match.distance.max() < LOOSE_FIT / 2


def test_the_light_on_every_cell_stays_where_the_cloth_does_not_spoil_it():
    ctx = _ctx()
    # (two cells of the cloth among twenty cards: the light fitted on all names the cards as well)
    labs, d_table = _cells(ctx, linen=2)
    corr, kept = _light(ctx, labs, d_table)
    assert kept is corr
    # (no ring, no table's colour; and the other kits' light as before)
    labs, d_table = _cells(ctx, linen=40)
    corr, kept = _light(ctx, labs, None)
    assert kept is corr
    octopus = _ctx("octopus")
    corr, kept = _light(octopus, labs, d_table)
    assert kept is corr


def test_a_light_naming_the_cards_apart_well_is_kept():
    # no cloth in the mask; the table's colour near the warm paints, so only the blue and purple
    # cards lie apart from it: a light refitted on those two paints alone would name them
    # closer, at the other cards' cost, but the light fitted on all names them well already
    ctx = _ctx()
    rng = np.random.default_rng(3)
    names = list(ctx.palette.names)
    off = {n: rng.normal(0, 3.0, 3) for n in set(PAINTS)}
    labs = np.array([ctx.palette.lab[names.index(n)] + off[n] for n in PAINTS])
    labs += rng.normal(0, 1.0, labs.shape)
    d_table = np.array([30.0 if n in ("blue", "purple") else 5.0 for n in PAINTS])
    corr, kept = _light(ctx, labs, d_table)
    assert kept is corr
