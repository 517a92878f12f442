"""The reader: photo -> observed board, one public function per stage, timed.

``read_file`` = load (header checks, EXIF) + ``read_image`` = locate (lattice, homography) ->
rectify (top-down view at a fixed number of pixels per cell) -> read cells (occupancy, colours,
pips, sectors, symbols, confidence) -> decode through the kit's guarantees (each tile once,
X-Tiles set, matching edges) -> board dict.
"""
from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import AbstractSet, Any, Iterable, Iterator, Mapping, NamedTuple

import cv2
import numpy as np

from vision.blas import one_blas_thread
from vision.board import BoardQuad, board_lattice, find_board_quad
from vision.cells import (AROUND, CARDS_SPAN, CONFIDENCE_THRESHOLD, MAY_HOLD_CONF, TABLE_CONF,
                          UNEVEN_CELL, CellReading, ReadSteps, connected_groups, finish_reading,
                          kit_paint_guesses, one_paint_thrice, read_cells, read_cells_steps,
                          read_symbols, TopDown, rectify, rectify_mask, view_gradients)
from vision.colour import Palette
from vision.decode import (MISFIT_TAKEN, OPPOSITE_SIDE, SIDE_STEP, decode_readings, names_no_tile,
                           pips_shown, set_fit, washed)
from vision.frame import BOARD_BEYOND, FRAME, Frame, find_frame
from vision.errors import ImageError, NoTilesFound, VisionError
from vision.kits import GAME_KITS, Kit, KitError, kit_for_game
from vision.lattice import apply_h
from vision.load import MAX_PIXELS, decode_image, load_image_bytes, read_header
from vision.cards import with_outlined_cards
from vision.symbols import card_faces
from vision.locate import (ALONE_SHARE, TILE_FIT_MIN, TILE_FIT_MIN_DIE_FACES, TILE_REFIT_MOVED,
                           Lattice, PreparedPhoto, cell_aspect, cells_moved, diagonal_variants,
                           far_side, interleaved, locate_candidates, refit_to_tiles,
                           shifted_variants, square_perspective)
from vision.pips import RIM_BAND, SPACINGS as PIP_SPACINGS

logger = logging.getLogger(__name__)

EDGE_NAMES = ("n", "e", "s", "w")
#: A board frame this confident is taken without trying other readings of the lattice ...
CLEAR_FRAME = 0.7
#: ... and so is one this confident whose strips lie centred around its window to within this
#: (cells, the differences between opposite sides' strips added): the board's cells are then
#: placed within its strips whatever lattice showed them (see :func:`_cells_within_strips`).
#: (On the rendered dev photos the frames on the board's lattice were 0.46-0.91 confident,
#: within 0.1 cells of centred as a rule; those a part of a cell off 0.13-0.7 off centre.)
CENTRED_FRAME = (0.45, 0.1)


@dataclass(frozen=True)
class Geometry:
    """What an overlay needs, in full-image pixels.

    ``H`` (3, 3): lattice ``(x, y, 1)`` -> image, where cell ``(row, col)`` of the *board* covers
    ``col <= x <= col + 1``, ``row <= y <= row + 1``. ``cells``: ``{(row, col): (4, 2) polygon}``
    for every cell examined (occupied or not). ``rows``/``cols``: board index ranges examined.
    """

    H: np.ndarray
    cells: Mapping[tuple[int, int], np.ndarray]
    rows: tuple[int, int]
    cols: tuple[int, int]
    image_size: tuple[int, int]

    def cell_polygon(self, row: int, col: int) -> np.ndarray:
        pts = np.array([[col, row], [col + 1, row], [col + 1, row + 1], [col, row + 1]], float)
        return apply_h(self.H, pts)


@dataclass(frozen=True)
class Reading:
    """The result of reading one photo.

    ``board``: FORMATS.md board dict (tiles with ``confidence``; ``unknown`` + null attribute when
    undecided). ``timing_ms``: per stage. ``geometry``: see :class:`Geometry`. ``doubts``: tuple of
    ``{"row", "col", "attribute", "reason"}`` in board coordinates.
    """

    board: dict
    timing_ms: dict
    geometry: Geometry
    doubts: tuple = ()
    info: dict = field(default_factory=dict)


def _palette(kit: Kit, profile: Mapping | None) -> Palette:
    if profile:
        if not isinstance(profile, Mapping) or not isinstance(profile.get("colours", {}), Mapping):
            raise VisionError("the colour profile is malformed", code="bad-profile")
        kit_name = profile.get("kit")
        if kit_name is not None and kit_name != kit.name:
            raise VisionError(f"the profile is for kit {kit_name!r}, not {kit.name!r}", code="bad-profile")
        return Palette.from_profile(profile, kit.colours)
    return Palette.from_hex(kit.colours)


def _cell_px(kit: Kit) -> tuple[int, float]:
    """Pixels per cell width of the top-down view, and the cell's height / width. Sector faces
    need no more than 32 (four colours in triangles; measured as accurate as 48 and a third of
    the reading time); solid faces keep 48 for their pips."""
    if kit.face_model == "solid":
        return 48, 1.0
    if kit.shape == "card":
        return 44, kit.tile_size_mm[1] / kit.tile_size_mm[0]
    return 32, 1.0


def _cell_shape(image: np.ndarray, lat: Lattice, kit: Kit) -> float:
    """A cell's height / width in the top-down view of ``lat``: the kit's tile shape, for cards
    the way round they lie in the picture (measured on the lattice); square on a diagonal
    lattice."""
    if lat.diagonal:
        return 1.0
    aspect = _cell_px(kit)[1]
    if kit.shape == "card":
        measured = cell_aspect(lat, (image.shape[1], image.shape[0]))
        return aspect if measured >= 1 else 1 / aspect
    return aspect


def read_image(image: np.ndarray, *, game: str, profile: Mapping | None = None,
               camera: Mapping | None = None, use_mat: bool = True, guess_paints: bool = True,
               _timing: dict | None = None) -> Reading:
    """Read a photo of a table into a board.

    Parameters
    ----------
    image : ndarray (H, W, 3) uint8 BGR.
    game : a game name of FORMATS.md (``octopus``, ``textile``, ``x-tiles``, ``tapestry``,
        ``twelve-tiles``).
    profile : a colour/symbol profile (see ``calibrate``) overriding the kit's defaults.
    camera : a lens calibration; the photo is undistorted first.
    use_mat : look for the play mat (``vision.mat``); when its markers are seen the photo is
        white-balanced with its neutral patches and the lattice is fitted on the mat's exact
        top-down view (the locator's search is the fallback).
    guess_paints : rename a sector by what the kit's default paints predict beyond its own
        colour (X-Tiles' groove steps). False for a calibration photo, whose paints the profile
        measures (see :func:`vision.cells.kit_paint_guesses`).

    Raises
    ------
    NoTilesFound
        No lattice of tiles could be located.
    VisionError
        Unknown game or a malformed profile (``code`` says which).
    """
    with one_blas_thread(), kit_paint_guesses(guess_paints):  # (blas: its products are small)
        return _read_image(image, game=game, profile=profile, camera=camera, use_mat=use_mat,
                           guess_paints=guess_paints, _timing=_timing)


def _alone_share(game: str) -> float | None:
    """The share of the picture up to which the locator looks at the layout's main group alone,
    where other groups lie beside it (``alone_share`` of
    :func:`vision.locate.locate_candidates`): :data:`vision.locate.ALONE_SHARE` for Textile,
    where it was measured; ``None`` (the closer look's own share) for the other games."""
    return ALONE_SHARE if game == "textile" else None


def _rimmed_bare(readings: list[CellReading], unsure: AbstractSet[tuple[int, int]]
                 ) -> set[tuple[int, int]]:
    """The cells of ``unsure`` (cells read as bare that may hold a tile, (row, col)) whose
    reading's evidence shows a tile's outline, one side of it the cell's own rim (``rimmed``,
    see :func:`vision.cells._bare_evidence`): the tile missed between two parts of the textile
    that :func:`vision.decode.decode_readings` joins through (its ``outlined``)."""
    return {(r.row, r.col) for r in readings
            if not r.occupied and (r.row, r.col) in unsure and r.evidence.get("rimmed", False)}


def _read_image(image: np.ndarray, *, game: str, profile: Mapping | None, camera: Mapping | None,
                use_mat: bool, guess_paints: bool, _timing: dict | None) -> Reading:
    """:func:`read_image`'s reading (OpenBLAS held to one thread)."""
    timing = dict(_timing or {})
    t0 = time.perf_counter()
    if game not in GAME_KITS:
        raise VisionError(f"unknown game {game!r} (games: {', '.join(GAME_KITS)})", code="bad-game")
    try:
        kit = kit_for_game(game)
    except KitError as exc:
        raise VisionError(str(exc), code="bad-kit") from exc
    if not isinstance(image, np.ndarray) or image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
        raise ImageError("the image must be an (H, W, 3) uint8 BGR array")
    palette = _palette(kit, profile)
    if camera:
        from vision.camera import undistort
        image = undistort(image, camera)
        timing["undistort"] = (time.perf_counter() - t0) * 1000
        t0 = time.perf_counter()
    mat_lattices: list[Lattice] = []
    mat_info: dict = {}
    if use_mat:
        from vision.mat import apply_white_balance, mat_lattices as fit_on_mat, mat_prior

        prior = mat_prior(image)
        if prior is not None:
            if prior.gains_bgr is not None:
                image = apply_white_balance(image, prior.gains_bgr)
            mat_lattices = fit_on_mat(image, prior, tile_mm=kit.tile_size_mm,
                                      diagonal=kit.shape == "rounded-x")
            mat_info = {"mat": {"size": prior.view.size, "markers": list(prior.view.marker_ids),
                                "gains_bgr": prior.gains_bgr, "lattice": bool(mat_lattices)}}
        timing["mat"] = (time.perf_counter() - t0) * 1000
        t0 = time.perf_counter()
    # each lattice cell holds one tile (X-Tiles' lines are the cells' diagonals; a board's
    # lattice is judged by its frame instead)
    cells_are_tiles = kit.shape != "rounded-x" and kit.board is None
    not_found: NoTilesFound | None = None
    # with a profile (the player's light and paint differ from the defaults) the lattice is also
    # looked for on a white-balanced copy of the photo from the start (see _second_looks)
    balanced = _balanced_copy(image) if profile and not mat_lattices else None
    # (each picture located on is prepared once for all its looks: see PreparedPhoto)
    prepared: list[PreparedPhoto] = []
    # (a board's lattices are found first without the hypothesis from the segments inside its
    # layout, which leaves the first lattice as it is: the board's frame usually shows clearly
    # on it, and the frame's search stops there; the rest are found when it does not)
    deferred = kit.board is not None and not mat_lattices and balanced is None

    def located(inside: bool) -> tuple[list[Lattice], NoTilesFound | None]:
        # (the lattices of the photo, and of its white-balanced copy, interleaved; the first
        # reason none was found)
        found_all: list[Lattice] = []
        failed: NoTilesFound | None = None
        for looked_on in (image, balanced):
            if looked_on is None:
                continue
            try:
                found = locate_candidates(looked_on, cells_are_tiles=cells_are_tiles,
                                          solid_layout=kit.board is not None,
                                          plain_faces=kit.face_model == "solid",
                                          prepared=_prepared(looked_on, prepared), inside=inside,
                                          alone_share=_alone_share(game))
            except NoTilesFound as exc:
                failed = failed or exc
                continue
            except (np.linalg.LinAlgError, FloatingPointError) as exc:
                failed = failed or NoTilesFound(
                    f"no tiles found: the lattice could not be solved ({exc})")
                continue
            found_all = interleaved(found_all, _tagged(found, looked_on is balanced))
        return found_all, failed

    if mat_lattices:
        lattices = mat_lattices  # exact top-down geometry: no search needed
    else:
        lattices, not_found = located(inside=not deferred)
        # (no lattice seen: a board's border strips may still show it, and the second look
        # below may find loose tiles)
    timing["locate"] = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    lattice = lattices[0] if lattices else None
    frame = None
    board_cells: list[Lattice] = []  # a framed board's cell lattices (frame origin (0, 0))
    if kit.board is not None:
        # the lattice on which the board's frame shows best
        # (the lines found may be the tiles' diagonals: their re-readings are tried too)
        def board_looks(tops: slice = slice(0, FRAME_LOOKS)) -> Iterator[Lattice]:
            # the top lattices, with the photo's own top ones (see _frame_tops), and, unless
            # a mat's, their readings as the tiles' diagonals
            return (v for top in _frame_tops(lattices, tops)
                    for v in [top, *([] if top.info.get("source") == "mat"
                                     else diagonal_variants(top))])

        if deferred and lattices:
            # (the search stops at the first clear frame: the first lattice's looks first)
            framed = _frames(image, palette, board_looks(slice(0, 1)))
            if not any(_clear(f) for f, _ in framed):
                if not any(lat.info.get("source") == "inside" for lat in lattices):
                    # no clear frame on it: every hypothesis is found (the first lattice the
                    # same object, see vision.locate's "edge lattices") ...
                    t1 = time.perf_counter()
                    lattices, not_found = located(inside=True)
                    t2 = time.perf_counter()
                    timing["locate"] += (t2 - t1) * 1000
                    t0 += t2 - t1  # (the frame's time without it)
                # ... and the search goes on over the next lattices' looks
                framed += _frames(image, palette, board_looks(slice(1, FRAME_LOOKS)))
        else:
            framed = _frames(image, palette, board_looks())
        if not any(_clear(f) for f, _ in framed):
            # the lines may be every other line of the board (its printed cells and the tiles'
            # edges between them) or run along the cells' middles: coarser and shifted readings
            framed += _frames(image, palette,
                              (v for top in _frame_tops(lattices, slice(0, FRAME_LOOKS))
                               for v in shifted_variants(top)))
        if not framed:
            # no window of these lattices shows four strips around it: they may lie over part
            # of the board only (its tiles; the empty cells plain or paled by a glare), the
            # board's strips further beyond their cells
            # (a board whose cells at a lattice's pitch span more than the picture cannot show
            # its four strips in it)
            fits = float(np.hypot(*image.shape[:2])) / FRAME
            framed += _frames(image, palette, (v for v in board_looks() if v.pitch_px < fits),
                              ring=BOARD_BEYOND)
        if not any(_clear(f) for f, _ in framed):
            # a patterned table may swamp the search (its stripes or checks are the lattice
            # found): look for the board's grid within its four border strips
            strips = _board_from_strips(image, kit, palette, confirmed=bool(framed))
            if strips is not None:
                framed.append(strips)
        if framed:
            frame, lattice = _at_origin(*max(framed, key=_frame_rank))
            board_cells = [lattice]
            if frame.strips is not None:
                # the board's cells lie within its strips, whatever lattice showed them (both
                # are read: the one whose cells read better is kept)
                board_cells.insert(0, _cells_within_strips(image, kit, frame, lattice))
        elif not lattices:
            raise not_found
        timing["frame"] = (time.perf_counter() - t0) * 1000
        t0 = time.perf_counter()
    candidates = (_reading_candidates(kit, lattices, lattice, frame, board_cells)
                  if lattice is not None else [])
    # (the lattices read in this photo: a later look may find one again, see _memo_key)
    memo: dict = {}
    first = (_read_best(image, kit, game, candidates, palette, profile, framed=frame is not None,
                        memo=memo)
             if candidates else _Reads(None, -1, 0, 0.0, 0.0))
    best, chosen, misfits = first.best, first.chosen, first.misfits
    # (the readings refused as no tiles of the set, one a look: see _glare_refused)
    refused = [first.refused]
    # (the reading a later look replaced last: its lattice is refitted too, see _refit_displaced)
    displaced: tuple[_Candidate, int] | None = None  # (and its "reading_candidate")
    # (the centres of the cards seen by their outlines alone, see vision.cards.card_lattices)
    outlined = None
    # (the reading on the lattice through the cards, kept or not, with its index: see
    # _cards_outdo)
    cards_read: tuple[_Candidate, int] | None = None
    # (the pitch the X-Tiles' faces show, once their lattice was read: see _wider_than_faces)
    faces_pitch: float | None = None
    # (the X-Tiles faces' lattice's reading refused for its set fit, with its index: see
    # _turned_off_faces)
    faces_refused: tuple[_Candidate, int] | None = None
    if kit.shape in ("rounded-x", "card") and not mat_lattices and not _settled(best, kit):
        # X-Tiles whose grooves did not give a lattice that reads well (a groove may run to the
        # tile's corners, not along the cells' diagonals, or be missing), or cards whose edges
        # did not (a table of fine lines, blur, a steep tilt): the lattice through the tiles'
        # centres
        t1 = time.perf_counter()
        again = _read_through_tiles(image, kit, game, palette, profile, lattices, memo)
        if again is not None:
            misfits += again.misfits
            refused.append(again.refused)
            if again.best is not None and kit.shape == "rounded-x":
                faces_pitch = again.best.lattice.pitch_px
            if again.best is None and kit.shape == "rounded-x" and _covering(again.refused):
                faces_refused = again.refused
            if again.best is not None and kit.shape == "card":
                outlined = again.best.lattice.info.get("outlined")
                if again.best.lattice.info.get("source") == "cards":
                    cards_read = (again.best, 50 + again.chosen)
            if again.best is not None and (best is None or _beats(again.best, best, game)
                                           or _wider_than_faces(best, faces_pitch)):
                best, chosen = again.best, 50 + again.chosen  # (50 +: a lattice from the tiles)
        timing["tiles"] = (time.perf_counter() - t1) * 1000  # (locating and reading)
    # (Tapestry's cards also by how many of its cells cut through them, see
    # CARDS_SETTLED_PARTIAL, as for the pass through the tiles above; X-Tiles' sectors are not
    # asked here)
    settled_by = kit if kit.shape == "card" else None
    if kit.board is None and not mat_lattices and not _settled(best, settled_by):
        # the cells read cover little of what stands out from the table, or their colours fit
        # the palette poorly (or nothing read, or no lattice seen): a second look, first on a
        # white-balanced copy of the photo (a warm lamp can give a light table the colour of
        # light tiles, and the edges between tiles another contrast; the cells are still read
        # on the photo), then from other vanishing-point hypotheses (the random draws of
        # another seed), for a lattice whose cells hold the tiles
        t1 = time.perf_counter()
        # (the readings of the looks so far: the first, and the tiles' when it replaced it)
        seen = [r for r in (first.best, best if best is not first.best else None) if r is not None]
        for seed, looked_on in _second_looks(image, balanced_seen=bool(profile),
                                              balanced=balanced):
            try:
                more = _tagged(locate_candidates(looked_on, cells_are_tiles=cells_are_tiles, seed=seed,
                                                 refit_coarse=True,
                                                 plain_faces=kit.face_model == "solid",
                                                 prepared=_prepared(looked_on, prepared),
                                                 alone_share=_alone_share(game)),
                               looked_on is not image)
            except (NoTilesFound, np.linalg.LinAlgError, FloatingPointError):
                continue
            again = _read_best(image, kit, game, _reading_candidates(kit, more, more[0], None),
                               palette, profile, framed=False, memo=memo)
            misfits += again.misfits
            refused.append(again.refused)
            beats = again.best is not None and (best is None or _beats(again.best, best, game))
            outdone = beats and _cards_outdo(again.best, best, cards_read, game)
            if outdone:
                # (the cards' reading, not kept, holds every card this look reads and more:
                # it is the better of the two, see _cards_outdo)
                displaced, (best, chosen) = (best, chosen), cards_read
            elif (beats and not _wider_than_faces(again.best, faces_pitch)
                    and not _loses_most_faces(again.best, best, kit, game)):
                # (info's "reading_candidate": 100 x the seed + the index among its candidates)
                displaced, best, chosen = (best, chosen), again.best, 100 * seed + again.chosen
            logger.debug("second look (seed %d%s): %s", seed,
                         ", white-balanced" if looked_on is not image else "",
                         "kept" if best is again.best
                         else "better, but missing cards of the cards' reading: that instead"
                         if outdone
                         else "better, but wider than the faces' lattice or losing most of its "
                              "die faces: not kept" if beats else "not better")
            if _settled(best, settled_by):
                break
            if again.best is not None:
                if any(_same_reading(again.best, r) for r in seen):
                    # another draw found a lattice already read: the photo's lattice is as
                    # found (its cells cover less than the foreground for other reasons:
                    # clutter, shadow)
                    logger.debug("second look (seed %d) repeats an earlier reading: no more looks",
                                 seed)
                    break
                seen.append(again.best)
        timing["second_look"] = (time.perf_counter() - t1) * 1000  # (locating and reading)
    if faces_refused is not None and best is not None and _turned_off_faces(best, faces_refused[0]):
        logger.debug("the reading kept (pitch %.0f px) turns off the faces' lattice (%.0f px, set "
                     "fit %.2f): the faces' reading instead", best.lattice.pitch_px,
                     faces_refused[0].lattice.pitch_px, faces_refused[0].info.get("set_fit", 0.0))
        best, chosen = faces_refused[0], 50 + faces_refused[1]
    if kit.face_model == "solid" and not mat_lattices and not _settled(best):
        # solid tiles (Textile, Octopus) whose lines gave no lattice that reads well at any
        # look (a cloth's check, its lines straight across the table at its own pitch, taken
        # for theirs; a floral cloth's flowers): the lattice through the tiles' faces, kept
        # when it reads better (last: the looks at the lines read most such photos well, their
        # lattice fitted to every edge)
        t1 = time.perf_counter()
        again = _read_through_tiles(image, kit, game, palette, profile, lattices, memo)
        if again is not None:
            misfits += again.misfits
            refused.append(again.refused)
            if (again.best is not None and (best is None or _beats(again.best, best, game))
                    and not _fewer_faces(again.best, best, kit, game)):
                # (50 +: a lattice from the tiles)
                displaced, best, chosen = (best, chosen), again.best, 50 + again.chosen
        timing["faces"] = (time.perf_counter() - t1) * 1000  # (locating and reading)
    if best is not None and not mat_lattices and (
            _unclear_on_board(best) if frame is not None else kit.face_model == "solid"):
        # (a framed board's cells too, where a tile read unclear: placed by its strips or its
        # lines, they may lie a fifth of a cell off its tiles at the far side, a glared strip's
        # middle measured off, and cut the sectors of the tiles there)
        t1 = time.perf_counter()
        best = _refit_on_tiles(image, kit, game, palette, profile, best, framed=frame is not None)
        if frame is None:
            best = _squared_on_tiles(image, kit, game, palette, profile, best)
        if frame is None and displaced is not None and displaced[0] is not None:
            refitted = _refit_displaced(image, kit, game, palette, profile, best, displaced[0])
            if refitted is not best:
                best, chosen = refitted, displaced[1]
        timing["refit"] = (time.perf_counter() - t1) * 1000
    if best is not None and not mat_lattices and _refits_cards(kit):
        t1 = time.perf_counter()
        best = _refit_on_tiles(image, kit, game, palette, profile, best)
        timing["refit"] = (time.perf_counter() - t1) * 1000
    if best is not None and frame is None and not mat_lattices and pips_shown(kit, game):
        t1 = time.perf_counter()
        best = _tiles_within(image, kit, game, palette, profile, best)
        timing["widen"] = (time.perf_counter() - t1) * 1000
    timing["rectify"] = first.rectify_s * 1000
    timing["read_cells"] = first.read_s * 1000
    if best is None and mat_lattices:
        # the lattice fitted on the mat read no tile (a layout off the paper): search the
        # (white-balanced) photo as if there were no mat
        logger.debug("the mat's lattice reads no tile: locating without it")
        fallback = read_image(image, game=game, profile=profile, use_mat=False,
                              guess_paints=guess_paints,
                              _timing={k: v for k, v in timing.items() if k != "locate"})
        return Reading(fallback.board, fallback.timing_ms, fallback.geometry, fallback.doubts,
                       {**fallback.info, **mat_info})
    if best is None and not_found is not None and not misfits:
        raise not_found
    if best is None and misfits:
        raise NoTilesFound(_glare_refused(refused) or
                           "no tiles found: the grids seen read as tiles that "
                           f"{kit.title} does not have (try a sharper or more top-down photo)")
    if best is None:
        raise NoTilesFound("no tiles found: a grid was seen but no cell looks like a tile of "
                           f"{kit.title}")
    score, lattice, td, readings, info = best
    readings = with_outlined_cards(readings, lattice, outlined)
    if kit.face_model == "symbol":
        # the symbols of the lattice read, on each card's own finer view
        t0 = time.perf_counter()
        cards = [(r.row, r.col) for r in readings if r.occupied]
        readings = read_symbols(readings, card_faces(image, lattice, cards,
                                                     aspect=_cell_shape(image, lattice, kit)),
                                kit, profile=profile)
        timing["symbols"] = (time.perf_counter() - t0) * 1000
    if kit.shape == "rounded-x":
        # (a cell of the reading kept that shows one paint on three sectors is a sheet of it
        # beside the layout, a note on the table: no tile; left out of the reading kept only, as
        # the lattices were compared on what stands out from the table, which it does)
        readings = [replace(r, occupied=False) if r.occupied and one_paint_thrice(r.evidence) else r
                    for r in readings]
    t0 = time.perf_counter()
    occupied = [r for r in readings if r.occupied]
    unsure = {(r.row, r.col) for r in readings if not r.occupied and r.occ_conf < MAY_HOLD_CONF}
    decoded, decode_doubts = decode_readings(occupied, kit, game, unsure,
                                             _rimmed_bare(readings, unsure))
    if kit.shape == "rounded-x":
        # (a cell that holds no face found and reads as no tile of the set is a cloth's print
        # beside the faces, no tile: see _faceless_misfits)
        with_face = _faced_cells(lattice)
        faceless = _faceless_misfits(with_face, decoded, kit, game,
                                     taken={d[0] for d in decode_doubts if d[2] == MISFIT_TAKEN})
        decode_doubts = _leave_out(decoded, decode_doubts, faceless, readings)
        # (a cell that holds no face found and whose edges clash with its neighbours' is a gap
        # ringed by tiles, no tile: see _faceless_clashing)
        clashing = _faceless_clashing(with_face, decoded)
        decode_doubts = _leave_out(decoded, decode_doubts, clashing, readings, CLASHING_LEFT_OUT)
    # (cells the game rules out as tiles, see vision.decode: no tiles)
    readings = [replace(r, occupied=False) if r.occupied and (r.row, r.col) not in decoded else r
                for r in readings]
    timing["rules"] = (time.perf_counter() - t0) * 1000
    board, geometry, doubts = _assemble(game, kit, lattice, readings, decoded, decode_doubts,
                                        image.shape[:2], frame)
    total = sum(v for k, v in timing.items())
    timing["total"] = total
    return Reading(board=board, timing_ms={k: round(v, 2) for k, v in timing.items()},
                   geometry=geometry, doubts=doubts,
                   info={"lattice_strength": lattice.strength, "diagonal": lattice.diagonal,
                         "pitch_px": lattice.pitch_px, "score": float(score),
                         "faces_read": _faces_read(best.readings),
                         "reading_candidate": chosen,
                         "candidates_read": len(candidates),
                         "located_on": lattice.info.get("located_on", "photo"),
                         **mat_info, **info})


#: A reading of which fewer tiles are tiles of the set (see :func:`vision.decode.set_fit`) is
#: pieces of tiles on a wrong lattice, never kept.
MIN_SET_FIT = 0.5


#: A reading whose cells cover less than this share of the layout (the cells that stand out
#: from the table) gets a second look (see :func:`read_image`) ...
SECOND_LOOK_COVERAGE = 0.95
#: ... locating again with these seeds (random vanishing-point draws), until one covers it.
SECOND_LOOK_SEEDS = (1, 2, 3, 4)
#: A reading whose tiles' mean colour distance from the palette (CIEDE2000, after the light
#: is fitted) exceeds this gets the second look too: pieces of tiles on a wrong lattice.
SECOND_LOOK_FIT = 9.5
#: Neutral-surface gains within this of 1 (in log) leave the photo as it is: no white-balanced look.
BALANCED_ALREADY = math.log(1.1)


def _balanced_copy(image: np.ndarray) -> np.ndarray | None:
    """``image`` white-balanced on its neutral surfaces (:func:`vision.white_balance.neutral_gains`)
    for locating on; None when none is found or the photo is already about neutral (gains within
    :data:`BALANCED_ALREADY`)."""
    from vision.mat import apply_white_balance
    from vision.white_balance import neutral_gains

    found = neutral_gains(image)
    if found is None or max(abs(math.log(g)) for g in found[0]) <= BALANCED_ALREADY:
        return None
    logger.debug("locating on a copy white-balanced by %s too", np.round(found[0], 3))
    return apply_white_balance(image, found[0])


def _second_looks(image: np.ndarray, *, balanced_seen: bool = False,
                  balanced: np.ndarray | None = None) -> Iterator[tuple[int, np.ndarray]]:
    """The second looks of :func:`read_image`, in turn, as ``(seed, image to locate on)``: the
    photo white-balanced on its neutral surfaces (see :func:`_balanced_copy`; made only when
    asked for, unless the first look had it already: ``balanced_seen``, the copy ``balanced``,
    whose own lattices are then read again apart from the photo's, which may have crowded
    them out of the few read), then the photo itself with each of :data:`SECOND_LOOK_SEEDS`."""
    if not balanced_seen:
        balanced = _balanced_copy(image)
    if balanced is not None:
        yield 0, balanced
    for seed in SECOND_LOOK_SEEDS:
        yield seed, image


def _prepared(image: np.ndarray, prepared: list[PreparedPhoto]) -> PreparedPhoto:
    """The picture ``image`` prepared for locating (see :class:`vision.locate.PreparedPhoto`):
    the one among ``prepared`` made for it, else a new one (added to them)."""
    for done in prepared:
        if done.image is image:
            return done
    prepared.append(PreparedPhoto(image))
    return prepared[-1]


def _read_through_tiles(image: np.ndarray, kit: Kit, game: str, palette: Palette,
                        profile: Mapping | None, found: list[Lattice], memo: dict
                        ) -> _Reads | None:
    """The lattices through the tiles (:func:`_tile_lattices`, on the foreground of the
    lattices ``found``) read as :func:`_read_best` reads them, unframed (``memo``: the photo's
    lattices read so far); None when the tiles give no lattice."""
    by_tiles = _tile_lattices(image, palette, found, kit)
    if not by_tiles:
        return None
    return _read_best(image, kit, game, by_tiles, palette, profile, framed=False, memo=memo)


def _tile_lattices(image: np.ndarray, palette: Palette, found: list[Lattice], kit: Kit
                   ) -> list[Lattice]:
    """The lattices through the tiles' centres: X-Tiles' (:func:`vision.xtiles.tile_lattices`),
    the cards' (:func:`vision.cards.card_lattices`) or solid tiles' faces'
    (:func:`vision.faces.face_lattices`), on the foreground mask of the lattices ``found``
    (computed when none was found)."""
    with_fg = next((lat for lat in found if lat.fg is not None), None)
    if kit.face_model == "solid":
        from vision.faces import face_lattices
        return face_lattices(image, fg=with_fg.fg if with_fg else None,
                             work_scale=with_fg.work_scale if with_fg else None)
    if kit.shape == "card":
        from vision.cards import card_lattices as through_centres
    else:
        from vision.xtiles import tile_lattices as through_centres

    try:
        return through_centres(image, palette, fg=with_fg.fg if with_fg else None,
                               work_scale=with_fg.work_scale if with_fg else None)
    except (np.linalg.LinAlgError, FloatingPointError, ValueError) as exc:
        logger.debug("%s: no lattice from the tiles (%s)", kit.name, exc)
        return []


def _tagged(lattices: list[Lattice], balanced: bool) -> list[Lattice]:
    """``lattices`` with ``info["located_on"]`` set when they were found on a white-balanced copy."""
    if balanced:
        for lat in lattices:
            lat.info["located_on"] = "white-balanced copy"
    return lattices


class _Candidate(NamedTuple):
    """One lattice read in full: its ``score`` (lower is better), the top-down view ``td``, the
    cells' readings and :func:`vision.cells.read_cells`'s ``info``."""

    score: float
    lattice: Lattice
    td: Any
    readings: list[CellReading]
    info: dict


class _Reads(NamedTuple):
    """What :func:`_read_best` found: the ``best`` candidate (or None), its index ``chosen`` in
    the candidates, how many readings were rejected as not tiles of the set (``misfits``), and
    the seconds spent rectifying and reading; ``refused``: the best-scored of the readings so
    rejected and its index (None when none was)."""

    best: _Candidate | None
    chosen: int
    misfits: int
    rectify_s: float
    read_s: float
    refused: tuple[_Candidate, int] | None = None


def _settled(best: _Candidate | None, kit: Kit | None = None) -> bool:
    """Whether a reading's cells cover the layout (see :data:`SECOND_LOOK_COVERAGE`), their
    colours fit the palette (see :data:`SECOND_LOOK_FIT`), they have the tiles' shape on the
    table (see :func:`_misshapen`), each holds one tile (see :data:`SETTLED_SPREAD`) and, where
    every tile lies pips up, at least half show their die face (see
    :data:`SETTLED_FACES_SHOWN`): no
    second look needed.

    With a ``kit`` of cards (Tapestry) also whether at most :data:`CARDS_SETTLED_PARTIAL` of
    its lattice's cells cut through a card. With X-Tiles' ``kit`` also whether the sectors fit
    closely (:data:`SECTOR_SETTLED_FIT`) and every tile read is one of the set: the coverage
    cannot tell a lattice of twice the pitch (its cells, each on parts of four tiles, cover the
    layout as well), nor one of a cloth's checks whose cells hold a tile here and there; its
    cells' sectors then fall on different tiles, or on the cloth; and whether it reads
    :data:`SETTLED_MIN_TILES` tiles at least (one of twice the pitch reads a quarter of
    them)."""
    settled = (best is not None and best.info.get("coverage", 1.0) >= SECOND_LOOK_COVERAGE
               and best.info.get("fit", 0.0) <= SECOND_LOOK_FIT
               and best.info.get("misshapen", 0.0) == 0.0
               and best.info.get("spread", 0.0) <= SETTLED_SPREAD
               and best.info.get("faces_shown", 1.0) >= SETTLED_FACES_SHOWN)
    if settled and kit is not None and kit.shape == "card":
        return best.lattice.info.get("partial", 0.0) <= CARDS_SETTLED_PARTIAL
    if settled and kit is not None and kit.shape == "rounded-x":
        return (best.info.get("fit", 0.0) <= SECTOR_SETTLED_FIT
                and best.info.get("set_fit", 1.0) >= 1.0
                and sum(r.occupied for r in best.readings) >= SETTLED_MIN_TILES
                and _edges_unmatched(best.readings) == 0)
    return settled


def _edges_unmatched(readings: list[CellReading]) -> int:
    """How many edges the occupied ``readings`` share whose two sectors were read in different
    colours (cells whose edges were left unknown are not counted).

    Every edge an X-Tiles tile shares with another matches in colour (RULES.md: a placement
    must match every edge it shares), so a layout read on its tiles' lattice shows none unless
    a sector was misread; a lattice of twice the tiles' pitch, its cells each on parts of four
    tiles (centred on one of them), pairs sectors of tiles that do not touch, and its cells'
    edges meet in other colours as often as not. (Measured: the readings settled on the
    project's renderer's dev and bench photos, 36, none; the independent renderer's xt24dev
    x-tiles-normal-569, a lattice of twice the pitch whose 5 cells' sectors fit the palette and
    the set, 1 of its 2.)"""
    edges = {(r.row, r.col): r.attrs.get("edges") for r in readings if r.occupied}
    unmatched = 0
    for (row, col), e in edges.items():
        for side in "es":  # (each shared edge once: from the cell west or north of it)
            dr, dc = SIDE_STEP[side]
            if _edge_clash(e, edges.get((row + dr, col + dc)), side):
                unmatched += 1
    return unmatched


def _edge_clash(edges: dict | None, other: dict | None, side: str) -> bool:
    """Whether a cell's ``edges`` (side -> colour) and its neighbour's on its ``side``,
    ``other``, meet in different colours (either unknown, None or empty: no clash)."""
    return bool(edges and other and edges.get(side) != other.get(OPPOSITE_SIDE[side]))


#: A solid-face reading whose tiles' centres spread by more than this (CIELAB, the median over
#: its tiles, see :func:`vision.cells._tiles_spread`) is not settled: its cells each span several
#: tiles (several paints, gaps and die faces in one cell: a lattice at a multiple of the tiles'
#: pitch, its comb locked on the toothed edges' lines at 3.3 or 5 times the pitch), which the
#: coverage cannot tell (its cells hold the whole layout) nor the colour fit (the median of
#: several paints may lie near one). Measured on the independent renderer's photos (final15,
#: final14 and four more, 51 Octopus readings): 0.6-3.2 on the tiles' lattices; 46 and 31 on
#: final15 octopus-normal-1431 and hard-1431 (lattices at 3.3 and 5 times the tiles' pitch, one
#: cell read of a layout of 26), the only readings of 412 Octopus and 72 Textile photos it
#: unsettles. Both bad readings are of one scene: the threshold rests on the gap between the
#: groups (3.2 to 31) and on the cue, not on their values; it is where a cell's spread starts
#: to count against its being a tile (:data:`vision.cells.UNEVEN_CELL`).
SETTLED_SPREAD = UNEVEN_CELL


#: Where every tile lies pips up (Octopus), a reading in which less than this share of the tiles
#: read show their die face (:func:`_faces_read`) is not settled: a cell of the tiles' lattice
#: holds one die face of about the face's share of the cell, and its pips are read on most tiles
#: (some left unknown under glare or blur); a lattice many times the tiles' pitch (a floor's or
#: cloth's tile grid, its cells the cloth's colour and the layout a small cluster inside one or
#: two of them) reads cells of the cloth as tiles whose "pips" are none at the die face's scale,
#: whatever the spread of their centres. Half: a majority of the tiles read must vouch for the
#: lattice by their faces. Measured on the independent renderer's 412 Octopus photos (final15 to
#: final10, oct26, oct28-oct30, oct32-oct35, oct37, col9*): the 364 readings otherwise settled
#: showed 0.62-1.0 (15 under 0.9) but for oct32 octopus-hard-1412's, 0.0 (a lattice of a
#: white-on-cream striped cloth's grid, ~12 times the tiles' pitch, 4 cloth cells read as white
#: tiles of a layout of 25; unsettled, the second looks read 23). The value rests on the cue
#: (no die face at all) and the gap, not on that one photo's share.
SETTLED_FACES_SHOWN = 0.5


#: X-Tiles' sectors read on the tiles' lattice fit the palette within about this (the mean
#: CIEDE2000 of a tile's sectors and their unevenness, see vision.cells; measured on the
#: project's renderer's photos whose grooves' lattice read right: 1.9-6.4).
SECTOR_SETTLED_FIT = 7.0


#: X-Tiles' settled readings hold at least this many tiles: a lattice of twice the pitch puts
#: each cell on parts of four tiles, and a layout of 6-16 tiles (the independent renderer's and
#: the project's photos) then reads as 1-3 tiles whose cells cover what stands out and whose
#: sectors fit the palette (the cells' middles on one tile each); the faces' own lattice
#: (:func:`vision.xtiles.tile_lattices`) is read beside such a reading (see
#: :func:`_wider_than_faces`).
SETTLED_MIN_TILES = 4


#: A reading of cards (Tapestry) is settled only where at most this share of its lattice's
#: cells is partly covered (``info["partial"]``, see :mod:`vision.locate`; it weighs 10 in the
#: score): a lattice a third of a cell off the cards (its rows along a striped cloth's, not the
#: cards') cuts through most of them. Not fitted: between the readings looked at, on the cards
#: 0.02-0.12 (tap42 normal-2571 white-balanced, final19 hard-1991, tap42-old normal-916), off
#: them 0.30-0.42 (final21 normal-2302's far end, tap42 normal-2571 0.40, a card dropped;
#: tap42-old hard-916's later look). A lattice on the cards may show more (tap42-old hard-916's
#: cards' lattice 0.39, every card read; unsettled by its coverage anyway): a second look
#: replaces a reading only where it scores better. An unsettled first reading also gets the
#: pass through the cards' own lattice (``_read_through_tiles``), as :func:`_settled` decides
#: that too.
CARDS_SETTLED_PARTIAL = 0.25


def _wider_than_faces(reading: _Candidate | None, faces_pitch: float | None) -> bool:
    """Whether an X-Tiles ``reading``'s lattice is far coarser than its tiles: its pitch (image
    pixels) at least :data:`FACES_PITCH_FACTOR` times ``faces_pitch``, the pitch of the lattice
    through the painted faces' centres (None when that lattice gave no reading).

    Each face is one tile's paint inside its wooden rim, and tiles that nest tile the plane,
    one a cell: the faces' size and spacing set the pitch. A lattice of twice that pitch (the
    grooves of every other tile taken for the cells' diagonals) reads a quarter of the tiles,
    each on the middle of one, and may fit the palette better than the faces' lattice does
    (measured: the independent renderer's photos final3 x-tiles-hard-065, final2 hard-054,
    xt8dev normal-104: 2.1-2.5 times the faces' pitch, 1-2 tiles read of 6-12)."""
    return (reading is not None and faces_pitch is not None
            and reading.lattice.pitch_px >= FACES_PITCH_FACTOR * faces_pitch)


#: A reading refused as no tiles of the set (see :data:`MIN_SET_FIT`) with at least this share
#: of its tiles washed out by a lamp's glare (see :func:`vision.decode.washed`) was refused for
#: the glare: their colours are the lamp's, not the paints' (an independent renderer's Octopus
#: layout under a hot spot, final19 octopus-hard-1991: 18 of 28 faces washed, all 28 tiles
#: found, refused at a set fit of 0.37-0.44). The player is told so (move the lamp, tilt the
#: phone), not that the photo shows no tiles.
GLARE_REFUSED_SHARE = 0.5


def _glare_refused(refused: list[tuple[_Candidate, int] | None]) -> str | None:
    """The message for a photo whose readings were all refused as no tiles of the set
    (``refused``: each look's best-scored such reading, or None), when the one holding the most
    tiles had :data:`GLARE_REFUSED_SHARE` of them or more washed out by a glare; else None."""
    tiles = max(([r for r in cand.readings if r.occupied] for cand, _ in filter(None, refused)),
                key=len, default=[])
    n_washed = sum(washed(r) for r in tiles)
    if not tiles or n_washed < GLARE_REFUSED_SHARE * len(tiles):
        return None
    return (f"no tiles read: a lamp's glare washes out {n_washed} of the {len(tiles)} tiles seen, "
            "so their colours cannot be told (move the lamp or tilt the phone so that its "
            "reflection leaves the tiles)")


def _covering(refused: tuple[_Candidate, int] | None) -> bool:
    """Whether a reading refused for its set fit (see :class:`_Reads`) covers the layout: its
    cells hold at least :data:`SECOND_LOOK_COVERAGE` of the cells standing out from the table."""
    return refused is not None and refused[0].info.get("coverage", 0.0) >= SECOND_LOOK_COVERAGE


def _turned_off_faces(reading: _Candidate, faces: _Candidate) -> bool:
    """Whether an X-Tiles ``reading``'s lattice runs turned off the lattice of ``faces`` (the
    reading of the lattice through the painted faces, refused for its set fit) at the faces:
    the median angle on the table, in the faces' lattice's coordinates, between the reading's
    first axis and the nearer of the faces' lattice's axes at each face (``info["faces_xy"]``,
    image pixels; see :func:`_turn_on_table`), over :data:`TURNED_OFF_FACES`.

    Each face's long axis lies along its lattice line (the faces' lattice is fitted so, see
    :data:`vision.xtiles.AXES_OFF`), and every tile lies in one cell: a lattice turned 45
    degrees off them (the grooves' diagonals, or rows of tiles taken for cells' diagonals)
    cuts every tile. The set fit of the faces' reading is low when the light fitted names
    paints wrong (a paint dimmed by a shadow named its darker neighbour: the independent
    renderer's final14 x-tiles-hard-1100, its faces' lattice of 5 tiles at set fit 0.40
    refused for a lattice turned 45 degrees off it, 7 cells wrong against 3)."""
    xy = faces.lattice.info.get("faces_xy")
    if xy is None or not len(xy) or reading.lattice is faces.lattice:
        return False
    off = _turn_on_table(reading.lattice.H, faces.lattice.H, np.asarray(xy, np.float64))
    return float(np.median(off)) > TURNED_OFF_FACES


def _turn_on_table(H: np.ndarray, H_faces: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """The angle (radians, in [0, pi/4]) between the lattice ``H``'s first axis and the nearer
    axis of the faces' lattice ``H_faces`` at each of ``pts`` ``(n, 2)`` (image pixels),
    measured in the faces' lattice's coordinates (square cells whatever the view's shear; in the
    picture a steep view's axes may lie 60 degrees apart, and one lattice with its axes swapped
    would look turned off itself): ``(n,)``."""
    G = np.linalg.inv(H_faces) @ H  # (the reading's lattice coordinates -> the faces')
    q = apply_h(np.linalg.inv(H), pts)
    d = apply_h(G, q + [[0.25, 0.0]]) - apply_h(G, q - [[0.25, 0.0]])
    return np.abs((np.arctan2(d[:, 1], d[:, 0]) + math.pi / 4) % (math.pi / 2) - math.pi / 4)


#: A lattice whose axes lie further than this off the faces' lattice's on the table (radians,
#: the median at the faces, modulo a right angle, see _turn_on_table) is turned off the tiles:
#: half way to a lattice turned 45 degrees.
TURNED_OFF_FACES = math.radians(22.5)


#: A lattice this many times the pitch of the faces' lattice, or this many times finer, is not
#: the tiles' (twice, give or take the perspective between the places each pitch was measured;
#: a lattice turned 45 degrees, at 1.41 times, is left to the scores). Finer (solid faces,
#: :func:`_finer_than_faces`): solid faces' lattices have a pitch of at most 1.5 face sides
#: (vision.faces.GAP_FACTOR), so the tiles' own lattice is at most ~1.5 times finer; a cloth's
#: checks measured 2.76 times (oct43 octopus-normal-1852).
FACES_PITCH_FACTOR = 1.6


def _same_reading(a: _Candidate, b: _Candidate) -> bool:
    """Whether two readings are one: their lattices put the cells in the same places (see
    :func:`_same_cells`) and the cells read the same (equal scores, to :data:`SAME_SCORE`)."""
    return abs(a.score - b.score) <= SAME_SCORE and _same_cells(a.lattice, b.lattice)


#: A solid-face lattice whose quick score (:func:`_score_floor` with the colour fit estimated
#: from its cells' centres, see :func:`vision.cells._fit_estimate`) lies more than this above
#: the lowest quick score of the lattices read in full before it in :func:`_read_best` (in the
#: order of their quick scores; those that count: tiles of the set) is not read in full: its
#: tiles are not read. Two lattices on the same tiles, their cells a little apart, differ in
#: the full score by about what their centres show (a cell off the tile takes in its rim, the
#: gap and the table, which the centre's median shows as well as the full read does); the
#: estimate misses the die faces' pips and the
#: per-tile light, alike on both. Measured on bench45, final10 and dev (295 photos; 102 reads
#: of two or more Octopus and Textile lattices): the lattice the full reads kept had the
#: lowest quick score in 82, within 0.2 of it in 18 more, and 0.37 and 0.40 above it in two
#: (dev textile hard-7003 and octopus hard-8002); the margin is two and a half times that.
CHEAP_MARGIN = 1.0


#: Two readings of the same cells whose scores differ by no more than this are the same reading.
SAME_SCORE = 0.01


class _LatticeRead(NamedTuple):
    """One lattice's top-down view and reading in :func:`_read_best`, kept for the rest of one
    photo's read (see :func:`_memo_key`): the view ``td``, its mask ``fg`` and gradients
    ``grads``, ``edges_off``, the ``bound`` (tiles, coverage, fit estimate)
    :func:`vision.cells.read_cells_steps` yielded (its fit estimate computed), and
    the ``readings`` and ``info`` (``readings`` None when it gave up: the tiles were not read)."""

    td: Any
    fg: np.ndarray | None
    grads: Any
    edges_off: float
    bound: tuple[int, float, float | None]
    readings: list[CellReading] | None
    info: dict


def _memo_key(image: np.ndarray, lat: Lattice, kit: Kit, game: str, palette: Palette,
              profile: Mapping | None, framed: bool) -> tuple:
    """What a lattice's reading in :func:`_read_best` depends on, as a key of one photo's memo:
    the picture read and the lattice's foreground mask (by identity: the memo lives within one
    :func:`read_image` call, which keeps both alive), the homography's exact bytes, window,
    pitch, diagonal reading, work scale and long-axis parity, and the reading's settings. Later
    looks (other seeds, the white-balanced copy's lattices) often find a lattice already read;
    its reading is then the same, bit for bit."""
    return (id(image), id(lat.fg), np.ascontiguousarray(lat.H, dtype=np.float64).tobytes(),
            tuple(lat.rows), tuple(lat.cols), float(lat.pitch_px), bool(lat.diagonal),
            float(lat.work_scale), lat.info.get("long_axis_parity"), kit.name, game,
            id(palette), id(profile), framed)


class _Started(NamedTuple):
    """A candidate lattice of :func:`_read_best` read up to its bound (see
    :func:`vision.cells.read_cells_steps`): its index ``k`` among the candidates, the lattice
    ``lat`` and its ``misshapen``, its view ``td``, mask ``fg``, gradients ``grads`` and
    ``edges_off``, its memo ``key`` and what the memo held (``seen``), the reading's ``steps``
    stopped at its bound (None when the memo held the lattice: started again when read in
    full), the ``bound`` (tiles, coverage, fit estimate) and the seconds spent rectifying
    (``rectify_s``)."""

    k: int
    lat: Lattice
    misshapen: float
    td: Any
    fg: np.ndarray | None
    grads: Any
    edges_off: float
    key: tuple | None
    seen: _LatticeRead | None
    steps: ReadSteps | None
    bound: tuple[int, float, float | None]
    rectify_s: float = 0.0


def _read_steps(kit: Kit, game: str, lat: Lattice, td: Any, fg: np.ndarray | None, grads: Any,
                palette: Palette, profile: Mapping | None, framed: bool,
                image_size: tuple[int, int]) -> ReadSteps:
    """:func:`vision.cells.read_cells_steps` of the view ``td`` of ``lat`` with the reading's
    settings of :func:`_read_best` (``image_size``: (w, h) of the picture ``lat`` maps into)."""
    return read_cells_steps(td, kit, palette=palette, profile=profile,
                            long_axis_parity=lat.info.get("long_axis_parity"), fg=fg,
                            framed=framed, die_faces=pips_shown(kit, game),
                            colours_apart=game == "textile", grads=grads,
                            far_side=far_side(lat, image_size), faces=found_face_cells(lat))


def found_face_cells(lat: Lattice) -> set[tuple[int, int]]:
    """The cells ``(row, col)`` of ``lat`` (its own coordinates) that hold a face found as a
    tile-shaped blob on the lattice (the first ``info["found"]`` of ``info["faces_xy"]``, image
    pixels, see :func:`vision.xtiles.tile_lattices`; not those grown by their likeness or
    outline): empty for other lattices."""
    faces = lat.info.get("faces_xy")
    found = int(lat.info.get("found", 0) or 0)
    if faces is None or found <= 0:
        return set()
    return _face_cells(lat, np.asarray(faces, float)[:found])


def _face_cells(lat: Lattice, faces_xy: np.ndarray) -> set[tuple[int, int]]:
    """The cells ``(row, col)`` of ``lat`` holding the face centres ``faces_xy`` ``(n, 2)``
    (image pixels ``(x, y)``): each centre taken through the lattice's inverse homography
    and floored to its cell."""
    if not len(faces_xy):
        return set()
    q = apply_h(np.linalg.inv(lat.H), np.asarray(faces_xy, float))
    return {(int(math.floor(y)), int(math.floor(x))) for x, y in q}


def _start(image: np.ndarray, kit: Kit, game: str, k: int, lat: Lattice, palette: Palette,
           profile: Mapping | None, framed: bool, memo: dict | None) -> _Started:
    """Candidate ``k`` (``lat``) of :func:`_read_best` rectified (or found in the ``memo``) and
    read up to its bound (see :class:`_Started`)."""
    misshapen = _misshapen(image, lat, kit)
    key = (_memo_key(image, lat, kit, game, palette, profile, framed)
           if memo is not None else None)
    seen = memo.get(key) if memo is not None else None
    if seen is not None:
        return _Started(k, lat, misshapen, seen.td, seen.fg, seen.grads, seen.edges_off, key, seen,
                        None, seen.bound)
    ta = time.perf_counter()
    td = rectify(image, lat, cell_px=_cell_px(kit)[0], aspect=_cell_shape(image, lat, kit))
    fg = rectify_mask(lat, td)
    grads = view_gradients(td)
    # (the tiles' edges off the cells' borders count to the score whatever the cells show)
    edges_off = _edges_off_borders(td, fg, kit, grads)
    rectify_s = time.perf_counter() - ta
    steps = _read_steps(kit, game, lat, td, fg, grads, palette, profile, framed,
                        image.shape[1::-1])
    n_occ, coverage, estimate = next(steps)
    return _Started(k, lat, misshapen, td, fg, grads, edges_off, key, None, steps,
                    (n_occ, coverage, estimate()), rectify_s)


#: Two candidate lattices whose cells lie within this fraction of a cell of each other on each
#: axis (every cell centre of the one, taken through both homographies, within it of a cell
#: centre of the other in x and in y apart, max(|dx|, |dy|), after a whole number of cells) are
#: one lattice found twice (see :func:`_near_duplicates`). On the 45 bench photos the 210
#: pairs of candidates of one reading (same diagonal reading), so measured, lay 0.05-0.30 of a
#: cell apart at their farthest cell (40 pairs), or 0.5 and more (X-Tiles' lattices offset by
#: half a cell, other lattices); but a pair 0.29 apart (so measured) read differently (final28
#: octopus-normal-4406: the later one, dropped at 0.3, read four cells the earlier one
#: missed), so the margin keeps well below that: 0.2 (35 of the bench's 40 near pairs lie
#: below it; one photo says where it must stop, none where it may reach). Textile reads its
#: twins: dropped there, three development photos' boards changed (final19 textile-hard-1999
#: and final23 normal-3005 a cell wrong more, final24 hard-3408 a tile's pips unread), where
#: the tie between lattices on the same tiles (:func:`_more_tiles_in_a_tie`) needs both.
TWIN_CELL_FRACTION = 0.2
#: The games whose twin lattices are read once (see :data:`TWIN_CELL_FRACTION`). Not Textile
#: (above), nor Twelve Tiles: its candidates read in about 12 ms (the bench's nine photos hold
#: one twin), and dropping its twins moved the confidences of 120 of its 312 photos of
#: final16-28 and misread a cell (final17 twelve-tiles-hard-1760, at confidence 0.55): little
#: to gain, and an exemption that one photo's cell decided, which a later measure may lift.
#: Nor X-Tiles: its development photos read alike with or without its twins, but under a
#: profile the calibration measure's seed 1 (tests/calibration/measure.py --game x-tiles
#: --seed 1) read one sector pair more wrong with them dropped (photo 19), and with the
#: calibration photo's own reading (calibration.learn.locate_cells) photo 17's, 2 against
#: the default kit's 1: past the 1.5x bar. (X-Tiles' CPU per photo was 287 -> 236 ms with.)
TWIN_GAMES = frozenset({"octopus", "tapestry"})


def _near_duplicates(candidates: list[Lattice]) -> set[int]:
    """The indices of the candidates that repeat an earlier one (:func:`_twin_within`): the
    same pitch and phase within :data:`TWIN_CELL_FRACTION` of a cell over their whole window
    (same diagonal reading, mask and long-axis parity), a window the earlier one's covers
    (shifted by the whole cells between their numberings), and nothing better placed than the
    earlier one before reading (:func:`_no_better_placed`: the candidates come in the
    locator's order, not the score's): reading them again costs a rectification and the cells'
    occupancy and tells little more."""
    out: set[int] = set()
    kept: list[tuple[int, Lattice]] = []
    for k, lat in enumerate(candidates):
        if any(_twin_within(first, lat) for _, first in kept):
            out.add(k)
        else:
            kept.append((k, lat))
    return out


#: What a candidate lattice placed, known before it is read (``info`` counts, more is better):
#: the faces it was fitted to (:func:`vision.faces.face_lattices`, whose finer search of a small
#: layout's box keeps a lattice only when it places more of them, see
#: :data:`vision.faces.FINER_SEARCH`), X-Tiles' faces found and tiles on it
#: (:func:`vision.xtiles.tile_lattices`, the faces read as found, see :func:`found_face_cells`).
PLACED_KEYS = ("faces", "found", "tiles")


def _twin_within(first: Lattice, lat: Lattice) -> bool:
    """Whether ``lat`` repeats ``first`` (see :func:`_near_duplicates`): on the same foreground
    mask (the same object: a lattice of X-Tiles' or the cards' own mask reads other cells
    standing out) and long-axis parity, with the same diagonal reading; every cell centre of
    ``lat``'s window, taken onto ``first``'s cells (:func:`_onto`), within
    :data:`TWIN_CELL_FRACTION` of a cell on each axis (x and y apart, after the whole cells
    between their numberings) of a cell centre of ``first``, and the window within ``first``'s;
    and ``first`` no worse on what is known before reading (:func:`_no_better_placed`), so that
    keeping the earlier by the candidates' order drops no lattice the score could prefer. (As
    :func:`_distinct` drops lattices on the same cells, :data:`SAME_LATTICE`, but a margin
    wider than its 0.05, centres alone, and a window that may be smaller.)"""
    if bool(first.diagonal) != bool(lat.diagonal) or first.fg is not lat.fg:
        return False
    if first.info.get("long_axis_parity") != lat.info.get("long_axis_parity"):
        return False
    if not _no_better_placed(lat, first):
        return False
    r0, r1 = lat.rows
    c0, c1 = lat.cols
    ys, xs = np.mgrid[r0:r1 + 1, c0:c1 + 1]
    own = np.column_stack([xs.ravel() + 0.5, ys.ravel() + 0.5]).astype(np.float64)
    there = _onto(lat, first, own)
    if there is None:
        return False
    shift = np.round(np.median(there - own, axis=0))
    if float(np.abs(there - own - shift).max()) >= TWIN_CELL_FRACTION:
        return False
    # (lat's window in first's numbering within first's window)
    dc, dr = int(shift[0]), int(shift[1])
    return (first.rows[0] <= r0 + dr and r1 + dr <= first.rows[1]
            and first.cols[0] <= c0 + dc and c1 + dc <= first.cols[1])


def _no_better_placed(lat: Lattice, first: Lattice) -> bool:
    """Whether ``lat`` is no better than ``first`` on what the candidates hold before they are
    read: a share of cells cut through (``info["partial"]``, which weighs in :func:`_score`)
    no lower, and no more of what it placed (:data:`PLACED_KEYS`)."""
    return (lat.info.get("partial", 0.0) >= first.info.get("partial", 0.0)
            and all(lat.info.get(key, 0) <= first.info.get(key, 0) for key in PLACED_KEYS))


def _quick_score(kit: Kit, one: _Started) -> float:
    """The quick score of a candidate read up to its bound (:func:`_score_floor` with its fit
    estimate, see :data:`CHEAP_MARGIN`): the order :func:`_read_best` reads them in full."""
    n_occ, coverage, estimate = one.bound
    return (_score_floor(one.lat, n_occ, coverage, kit, one.misshapen, one.edges_off)
            + (estimate or 0.0))


def _read_best(image: np.ndarray, kit: Kit, game: str, candidates: list[Lattice], palette: Palette,
               profile: Mapping | None, *, framed: bool, memo: dict | None = None) -> _Reads:
    """Read every candidate lattice up to its bound, then in full in the order of their quick
    scores (:func:`_quick_score`: the likely best first, so that the others give up), and keep
    the one whose cells read best. A candidate that repeats an earlier one (the same lattice
    found twice, see :func:`_near_duplicates`) is not read, in the games of :data:`TWIN_GAMES`.

    ``memo``: the lattices read so far in this photo's read (key :func:`_memo_key`, value
    :class:`_LatticeRead`), added to; a lattice read before is not rectified nor read again
    (its bound weighed again: the result is the one a new read gives)."""
    best = None
    chosen = -1
    # (the lowest quick score of the readings so far that count: see CHEAP_MARGIN)
    quickest = math.inf
    misfits = 0
    refused: tuple[_Candidate, int] | None = None
    counted_reads: list[tuple[_Candidate, int]] = []  # (every reading that counts, its index)
    ta = time.perf_counter()
    fits = [k for k, lat in enumerate(candidates)
            if lat.rows[1] - lat.rows[0] <= 30 and lat.cols[1] - lat.cols[0] <= 30]
    twins = (_near_duplicates([candidates[k] for k in fits]) if game in TWIN_GAMES else set())
    started = [_start(image, kit, game, k, candidates[k], palette, profile, framed, memo)
               for i, k in enumerate(fits) if i not in twins]
    t_rect = sum(one.rectify_s for one in started)
    # (the reads up to the bounds count to the reading of the cells, as the full reads do)
    t_read = time.perf_counter() - ta - t_rect
    for one in sorted(started, key=lambda one: (_quick_score(kit, one), one.k)):
        k, lat, td, seen, bound = one.k, one.lat, one.td, one.seen, one.bound
        tb = time.perf_counter()

        def floor_of(n_occ: int, coverage: float, one: _Started = one) -> float:
            return _score_floor(one.lat, n_occ, coverage, kit, one.misshapen, one.edges_off)

        def give_up(n_occ: int, coverage: float, fit_estimate: float | None) -> bool:
            # (no tile, or tiles that cannot make a better reading than the best so far, or
            # whose quick score lies well above another's: see CHEAP_MARGIN)
            if n_occ == 0 or best is None:
                return n_occ == 0
            floor = floor_of(n_occ, coverage)
            return floor >= best.score or (fit_estimate is not None
                                           and floor + fit_estimate > quickest + CHEAP_MARGIN)
        if give_up(*bound):
            if one.steps is not None:
                one.steps.close()
                if memo is not None:
                    memo[one.key] = _LatticeRead(td, one.fg, one.grads, one.edges_off, bound,
                                                 None, {"gave_up": True})
            continue  # (a memo's bound too: a new read asks with the same bound)
        if seen is not None and seen.readings is not None:
            readings, info = list(seen.readings), dict(seen.info)
        else:
            steps = one.steps
            if steps is None:  # (the memo held it, given up: read it again)
                steps = _read_steps(kit, game, lat, td, one.fg, one.grads, palette, profile,
                                    framed, image.shape[1::-1])
                next(steps)
            readings, info = finish_reading(steps, False)
            if memo is not None:
                memo[one.key] = _LatticeRead(td, one.fg, one.grads, one.edges_off, bound,
                                             list(readings), dict(info))
        t_read += time.perf_counter() - tb
        info["edges_off"] = one.edges_off
        readings = _judged_readings(lat, readings, kit, game)
        n_occ, plausible, score = _scored(image, kit, game, lat, td, readings, info)
        logger.debug("candidate %d (pitch %.0f px): score %.2f (colour fit %.2f, %d tiles, coverage "
                     "%.2f, partial %.2f, set fit %.2f)", k, lat.pitch_px, score, info["fit"], n_occ,
                     info.get("coverage", 1.0), lat.info.get("partial", 0.0), plausible)
        if n_occ and plausible < MIN_SET_FIT:
            misfits += 1
            if refused is None or score < refused[0].score:
                refused = (_Candidate(score, lat, td, readings, info), k)
        elif n_occ and (best is None or score < best.score):
            best = _Candidate(score, lat, td, readings, info)
            chosen = k
        if n_occ and plausible >= MIN_SET_FIT and game == "textile":  # (see _more_tiles_in_a_tie)
            counted_reads.append((best if chosen == k else _Candidate(score, lat, td, readings, info), k))
        if n_occ and plausible >= MIN_SET_FIT and bound[2] is not None:
            # (the quick score of a reading that counts: see CHEAP_MARGIN; its tiles counted
            # as _scored counts them, the die faces read where every tile shows its face, and
            # never more than the quick read had: a quick score no lower than before)
            counted = _faces_read(readings) if pips_shown(kit, game) else bound[0]
            quickest = min(quickest, floor_of(min(bound[0], counted), bound[1]) + bound[2])
    if best is not None and game == "textile":
        # (of lattices on the same tiles whose scores tie, the one that reads a tile more: a
        # white tile on a cream cloth seen all round on one of them)
        best, chosen = _more_tiles_in_a_tie(best, chosen, counted_reads)
    if best is not None and (kit.shape == "card" or game == "textile") and not framed:
        # (Textile too: its tiles of the table's colours, white on a cream cloth, are missed
        # by the mask like cards, and a tile beyond them, cut off from the layout's group,
        # dropped with them)
        lat, td, readings, info = _cards_within(image, kit, palette, profile, best.lattice, best.td,
                                                best.readings, best.info, _cell_px(kit)[0])
        if lat is not best.lattice:
            n_occ, plausible, score = _scored(image, kit, game, lat, td, readings, info)
            if n_occ and plausible >= MIN_SET_FIT:
                best = _Candidate(score, lat, td, readings, info)
    return _Reads(best, chosen, misfits, t_rect, t_read, refused)


#: Two readings of lattices on the same tiles whose scores lie within this of each other are
#: not told apart by the score (see :func:`_more_tiles_in_a_tie`): the cells a fraction of one
#: apart take in a little more or less of the rims and gaps, and the mean colour fit and the
#: share of cells cut through move by a few tenths. (Measured on the independent renderer's
#: 520 Textile development photos: the pairs of lattices on the same tiles of which the one
#: kept missed tiles the other read, white tiles on cream or white tables and a column cut off
#: beyond them, lay 0.02 (tex27 hard-1798), 0.05 (tex20 hard-1595), 0.17 (final11
#: normal-602, also in col9norm), 0.20 (tex18 hard-1404), 0.27 (tex20 hard-1596) and
#: 0.28 (final12 hard-705) apart; tex16 hard-1194, 0.22, read no tile more, only its
#: confidences moved. Twice the margin, 0.6, reads the same tiles and colours on
#: all 520, three boards' confidences moved.) Those pairs differ by one tile; the margin is
#: per tile read more (see :func:`_within_the_tie`): each tile more adds its own colour distance
#: to the mean fit (a white in a shade, 6-10 from its paint, as much as the first), so two more
#: move the mean about twice as far (tex40 textile-normal-2673: two tiles more, 0.37 apart).
TIE_MARGIN = 0.3
#: ... for up to this many tiles more: twice the margin is the widest tie measured to read
#: the same tiles and colours (above); wider ties were not measured. (On the 352 Textile
#: development photos of session 38 the readings it newly kept held 2, 4 and 7 tiles more, at
#: 0.37, 0.44 and 0.52 above.)
TIE_TILES = 2
#: A tile's cell on one lattice is the same tile's on another when its centre lies within this
#: share of a cell of a cell centre of the other: the tile covers most of that cell. (Two
#: lattices of a tilted layout whose perspectives differ a little drift apart towards its far
#: end: tex18 hard-1404, up to 0.26 of a cell; half a cell off is another lattice.)
SAME_TILE = 1.0 / 3.0


def _onto(a: Lattice, b: Lattice, pts: np.ndarray) -> np.ndarray | None:
    """Points ``pts`` ``(n, 2)`` (x = col, y = row) of lattice ``a``'s cells on lattice ``b``'s,
    or None when ``b.H`` is singular or a point maps to infinity."""
    try:
        inv = np.linalg.inv(b.H)
    except np.linalg.LinAlgError:
        return None
    with np.errstate(all="ignore"):
        q = apply_h(inv, apply_h(a.H, pts))
    return q if np.all(np.isfinite(q)) else None


def _beats(new: _Candidate, best: _Candidate, game: str) -> bool:
    """Whether a later look's reading ``new`` replaces the reading kept, ``best``: a lower
    score, unless (Textile) ``best`` holds more tiles on the same tiles than ``new`` within the
    tie (:func:`_within_the_tie`, as :func:`_more_tiles_in_a_tie` keeps such a reading: a look
    that finds the lattice missing the tile again does not undo it)."""
    return new.score < best.score and not (
        game == "textile" and _within_the_tie(new, best)
    ) and not _misses_the_cards(new, best, game)


def _misses_the_cards(new: _Candidate, best: _Candidate, game: str) -> bool:
    """Whether ``new``, a later look's Tapestry reading, lies on the cards of ``best``, a
    reading on the lattice through the cards themselves (:mod:`vision.cards`), and misses some
    of them: ``best`` holds every card ``new`` holds, in the same colour, and more (see
    :func:`_holds_more_tiles`), one of those more a card-shaped piece of paint colour placed on
    its lattice (see :func:`_pieces_missed`; a cell read as a card beside them only may be the
    table: final20 tapestry normal-2107, one such cell, the cards' reading at coverage 0.11).

    Each reading's coverage is measured on its own lattice's foreground mask: a lattice found
    on the edges of part of a layout covers its mask well where it misses a block of cards
    beyond its cells, and its score wins on that (tap15 tapestry hard-916: 28 of 33 cards read,
    score 8.90 at coverage 0.90, against the cards' lattice's 33 of 33, 10.91 at 0.78; final20
    hard-2106, a row of six cards, two of them pieces placed, lost)."""
    return (game == "tapestry" and best.lattice.info.get("source") == "cards"
            and _holds_more_tiles(new, best) and _pieces_missed(new, best) > 0)


def _cards_outdo(new: _Candidate, best: _Candidate | None,
                 cards_read: tuple[_Candidate, int] | None, game: str) -> bool:
    """Whether the reading on the lattice through the cards (``cards_read``: the reading and
    its index, or None), not the one kept (``best``), is to replace it where a later look's
    ``new`` would: ``new`` lies on the cards of that reading and misses some of them (see
    :func:`_misses_the_cards`), so the cards' reading is the better of the two, and ``new``
    the better of ``new`` and ``best`` by its score. ``best`` is any reading kept that is not
    the cards' one, a second look's too (the cards' reading holds every card ``new`` holds,
    in the same colours, and more: never fewer cards than ``new``).

    Which of ``best`` and the cards' reading was kept may turn on a hundredth of the score,
    where ``best`` lies on a lattice far from the cards (tap42-old tapestry hard-916: a
    lattice of 94 px through 19 cards at coverage 0.10 scored 12.79 or 12.66, the cards' 33 of
    33 at 12.73, as a card's face ring was cut; the later look then read 23 cards at 8.90,
    missing six the cards' reading placed: 0 or 6 wrong cells by that hundredth)."""
    return (cards_read is not None and best is not None and cards_read[0] is not best
            and new.score < best.score and _misses_the_cards(new, cards_read[0], game))


def _pieces_missed(new: _Candidate, best: _Candidate) -> int:
    """How many of the cards of ``best``'s lattice's pieces of paint colour (its ``info``'s
    ``painted`` centres, see :func:`vision.cards.card_lattices`) read in ``best`` are no card
    of ``new``, a reading on the same cards (see :func:`_tiles_on`)."""
    centres = np.asarray(best.lattice.info.get("painted", np.zeros((0, 2))), float)
    mapped = _tiles_on(new, best.lattice)
    if not len(centres) or mapped is None:
        return 0
    with np.errstate(all="ignore"):
        q = apply_h(np.linalg.inv(best.lattice.H), centres)
    pieces = {(int(y), int(x)) for x, y in np.floor(q[np.all(np.isfinite(q), axis=1)])}
    missed = {(r.row, r.col) for r in best.readings if r.occupied} - set(mapped)
    logger.debug("cards of the cards' lattice a later look misses: %s, %d of them pieces placed",
                 sorted(missed), len(missed & pieces))
    return len(missed & pieces)


def _tiles_on(reading: _Candidate, other: Lattice) -> dict[tuple[int, int], dict] | None:
    """The tiles of ``reading`` on the cells of ``other``, a lattice on the same tiles:
    ``{other's (row, col): attrs}``, or None when a tile's centre lies further than
    :data:`SAME_TILE` of a cell from every cell centre of ``other`` or two tiles fall in one
    cell (another pitch or a shift of half a cell: not the same tiles)."""
    tiles = [r for r in reading.readings if r.occupied]
    pts = np.array([[r.col + 0.5, r.row + 0.5] for r in tiles], float)
    q = _onto(reading.lattice, other, pts)
    if q is None:
        return None
    q = q - 0.5
    if np.abs(q - np.round(q)).max() > SAME_TILE:
        return None
    cells = {(int(y), int(x)): r.attrs for (x, y), r in zip(np.round(q).astype(int), tiles)}
    return cells if len(cells) == len(tiles) else None  # (two tiles in one cell: another pitch)


def _holds_more_tiles(best: _Candidate, rival: _Candidate) -> bool:
    """Whether ``rival``, a reading on a lattice through the same tiles as ``best`` (see
    :func:`_tiles_on`), reads every tile ``best`` reads, in the same colour, and more, and
    fits the set as well."""
    if rival.info.get("set_fit", 0.0) < best.info.get("set_fit", 1.0):
        return False
    mapped = _tiles_on(best, rival.lattice)
    if mapped is None:
        return False
    theirs = {(r.row, r.col): r.attrs for r in rival.readings if r.occupied}
    return len(theirs) > len(mapped) and all(
        cell in theirs and theirs[cell].get("colour") == attrs.get("colour")
        for cell, attrs in mapped.items())


def _within_the_tie(best: _Candidate, rival: _Candidate) -> bool:
    """Whether ``rival`` holds more tiles than ``best`` on the same tiles (see
    :func:`_holds_more_tiles`) and its score lies within :data:`TIE_MARGIN` per tile more (up
    to :data:`TIE_TILES` of them) of ``best``'s (or below it). (The tiles more are those it
    reads beyond ``best``'s count, all of whose tiles it holds: the score is weighed first.)"""
    more = sum(r.occupied for r in rival.readings) - sum(r.occupied for r in best.readings)
    return (more > 0 and rival.score <= best.score + TIE_MARGIN * min(more, TIE_TILES)
            and _holds_more_tiles(best, rival))


def _more_tiles_in_a_tie(best: _Candidate, chosen: int, reads: list[tuple[_Candidate, int]]
                         ) -> tuple[_Candidate, int]:
    """The reading kept (``best``, index ``chosen``) or, of the readings that count (``reads``,
    each with its index), the one with the most tiles that holds every tile ``best`` reads and
    more on the same tiles (:func:`_holds_more_tiles`), its score within :data:`TIE_MARGIN` of
    ``best``'s per tile more (:func:`_within_the_tie`).

    Two lattices a fraction of a cell apart read the same tiles, and one of them sees a tile
    more: a white tile on a cream or white table shows its faint outline all round on one
    (its four sides in the band searched) and on three sides on the other, which reads it as
    the table. The score counts no tile beyond the first few (a lattice is not judged by how
    much it calls a tile), so the two tie but for the colour fit and the cells cut through,
    which a fraction of a cell moves by as much as the tile's paint costs (a white under the
    light fitted on the coloured tiles, 6-10 from its paint in the photos measured, see
    :data:`TIE_MARGIN`): within the tie the reading that misses none of the other's tiles and
    finds one more is kept. (A rival read after ``best`` whose quick score lies more than
    ``CHEAP_MARGIN`` above the best so far is given up before its full read, so is not among
    ``reads``: rare, the margin, 1.0, being above the widest tie, :data:`TIE_MARGIN` *
    :data:`TIE_TILES` = 0.6. Textile's readings only: Octopus's die faces have their own rule,
    see :func:`_holds_the_faces`, and this one was not measured on them.)"""
    ties = [(c, k) for c, k in reads if k != chosen and _within_the_tie(best, c)]
    if not ties:
        return best, chosen
    rival, k = max(ties, key=lambda ck: (sum(r.occupied for r in ck[0].readings), -ck[0].score))
    logger.debug("candidate %d holds the %d tiles of candidate %d and more, its score %.2f "
                 "within %.2f a tile: kept", k, sum(r.occupied for r in best.readings), chosen,
                 rival.score, TIE_MARGIN)
    return rival, k


#: Where every tile shows its die face (Octopus), a refit to the tiles is read when it moves a
#: tile's cell by this much (cells) or more, less than :data:`vision.locate.TILE_REFIT_MOVED`:
#: a die face's corner pips lie 0.22-0.29 of a cell inside its sides (the die grids'
#: :data:`vision.pips.SPACINGS`; the grids' shifts let them follow the tile), and a tile this
#: far off its cell brings the centres of those of the widest grid to the edge of
#: :data:`vision.pips.RIM_BAND` along the cell's side (their discs within it), where a spot
#: counts as a pip only as far as it stands out from every side (a gap between a tile's
#: teeth): its pips may be read short (an independent render, oct30 octopus-normal-1212: a
#: refit moving the tiles 0.14 read a four, read as a one, and three colours right).
PIPS_REFIT_MOVED = 0.5 - max(PIP_SPACINGS) - RIM_BAND


def _refits_cards(kit: Kit) -> bool:
    """Whether the reading kept is refitted to the cards it read (:func:`_refit_on_tiles`):
    for cards (face model ``symbol``, Tapestry), laid loose on the table (no kit of cards has
    a framed board: a framed kit of cards would need its own measure, as solid tiles on a
    board are refitted only where a tile read unclear).

    The lattice of the lines, or the cards' own grown from the layout's middle, may have a
    pitch or perspective a few % off: the cards at the layout's far end then lie a third to
    half a cell off their cells, their art cut by the cells' rims (read as bare cards, or as
    other symbols), and the refit to the cards' edges puts the cells back on them. Kept only
    when it scores lower (no faces to hold, see :func:`_refit_on_tiles`) and, on the cards'
    own lattice, misses none of the cards it read (:func:`_misses_the_cards`: the score counts
    no card beyond the first few). (Measured: final23 tapestry-hard-3003, the right columns
    of a layout on a striped cloth drifting off the lattice of the lines, 3 cards missing and
    3 misread -> 0, the refit moving the two right columns' cells 0.20-0.27 of a cell across
    and every card's within 0.03 along; the 364 Tapestry development photos 103 -> 97 wrong
    cells, no other board changed.) The refit measures each tile by a pair of edges a side
    apart, the sides :data:`vision.locate.TILE_SIDES` (0.8-0.95 of the pitch) measured on
    square tiles; along a card's long side its side is about 0.98 of the pitch, and those
    were not measured on cards beyond final23's offsets above. Not the squared perspective
    (:func:`_squared_on_tiles`): a card is no square, its cells' shape tells no tilt."""
    return kit.face_model == "symbol"


def _fewest_to_refit(kit: Kit, game: str) -> int:
    """The fewest tiles a refit to them needs (see :func:`vision.locate.refit_to_tiles`):
    :data:`vision.locate.TILE_FIT_MIN_DIE_FACES` where every tile shows its die face (the
    refit's reading kept when it scores better, or holds them and reads as well, see
    :func:`_holds_the_faces`; Octopus layouts of 8-14 tiles, and the refit of a reading
    displaced from its tiles, :func:`_refit_displaced`), else
    :data:`vision.locate.TILE_FIT_MIN`. (Not the squared lattice's refit:
    :func:`_squared_on_tiles` asks TILE_FIT_MIN of every kit.)"""
    return TILE_FIT_MIN_DIE_FACES if pips_shown(kit, game) else TILE_FIT_MIN


def _refit_on_tiles(image: np.ndarray, kit: Kit, game: str, palette: Palette,
                    profile: Mapping | None, best: _Candidate, framed: bool = False) -> _Candidate:
    """The reading kept (``best``) read again on its lattice refitted to the tiles it read
    (see :func:`vision.locate.refit_to_tiles`: the far end of a tilted layout may lie a third
    of a cell off the lattice the lines gave), kept when it reads better (Tapestry: and misses
    none of the cards the reading on the cards' own lattice read, see :func:`_misses_the_cards`);
    else ``best`` as it is; or, for tiles with die faces (Octopus, Textile), when its cells show the same tiles
    or more, each added one with its pips (see :func:`_holds_the_faces`). (Once, on the
    reading kept, and only when the refit moved a tile's cell by
    :data:`vision.locate.TILE_REFIT_MOVED`, or :data:`PIPS_REFIT_MOVED` where every tile
    shows its die face: a read more at most per photo.) Textile's refit is also kept within
    the tie when it reads every tile ``best`` reads and more (see :func:`_within_the_tie`).
    ``framed``: a framed board's reading, whose cells keep their numbers (see
    :func:`_same_indices`)."""
    die_faces = pips_shown(kit, game)
    least_move = PIPS_REFIT_MOVED if die_faces else TILE_REFIT_MOVED
    lat = refit_to_tiles(best.lattice, image, [(r.row, r.col) for r in best.readings
                                                if r.occupied], least_move=least_move,
                         min_tiles=_fewest_to_refit(kit, game))
    if lat is best.lattice:
        return best
    if framed:
        lat = _same_indices(lat, best.lattice)
    again = _read_best(image, kit, game, [lat], palette, profile, framed=framed).best
    logger.debug("lattice refitted to the tiles (least move %.2f): score %.2f -> %s",
                 least_move, best.score, "none" if again is None else f"{again.score:.2f}")
    if again is None or _fewer_of_the_set(best, again, kit, game):
        return best
    if (again.score < best.score and not _misses_the_cards(again, best, game)) or (
            bool(kit.pips) and _holds_the_faces(best, again, die_faces=die_faces)):
        # (Tapestry: a refit of the cards' own lattice that loses a card it read is not kept
        # for its score, see _misses_the_cards: the score counts no card beyond the first few)
        return again
    if game == "textile" and _within_the_tie(best, again):
        # (Textile: as between two lattices a fraction of a cell apart, see _more_tiles_in_a_tie,
        # the refit that reads every tile kept and more within the tie is kept: final20
        # textile-hard-2108, the refit read the layout's first column the lattice cut off,
        # 6.79 against 6.63, once a cloth's red flower no longer lowered the lattice's score)
        logger.debug("lattice refitted to the tiles: holds the tiles kept and more, kept")
        return again
    return best


def _squared_on_tiles(image: np.ndarray, kit: Kit, game: str, palette: Palette,
                      profile: Mapping | None, best: _Candidate) -> _Candidate:
    """The reading kept (``best``), or its tiles read again on its lattice with the perspective
    that makes its cells square on the table for a phone camera about the layout's middle (see
    :func:`vision.locate.square_perspective`), refitted to the tiles (see
    :func:`vision.locate.refit_to_tiles`), when that reads better. Only when that perspective
    moves the cell of a tile read by :data:`vision.locate.TILE_REFIT_MOVED` or more, and the
    refit moves it again (a refit that keeps no pass, its tiles too few or their measures
    contradicting it, or that moves it little leaves it unread: a read more at most per photo).

    The lines' perspective may be a few % a cell off (a vanishing point from a few short
    toothed edges, a cloth's print): the tiles at the layout's far end then lie half a cell
    or more off their cells, beyond the reach of the refit to the tiles, which measures each
    tile within its cell, or are left out as not tiles. The cells at the layout's middle,
    where most tiles and lines are, still have the tiles' size and directions, and for a
    square tile those fix the tilt of the view."""
    tiles = [(r.row, r.col) for r in best.readings if r.occupied]
    if not tiles:
        return best
    centres = np.array([(c + 0.5, r + 0.5) for r, c in tiles], np.float64)
    size = (image.shape[1], image.shape[0])
    lat = square_perspective(best.lattice, size, tuple(centres.mean(0)))
    moved = cells_moved(lat, best.lattice, centres)
    if moved < TILE_REFIT_MOVED:  # (for every kit: PIPS_REFIT_MOVED was measured on the refit)
        return best
    # (TILE_FIT_MIN tiles for every kit, die faces too: the squared perspective is a guess
    # at the camera, the tiles measured on it lie further off their cells and fewer stand out,
    # and a refit of it on fewer took their noise for a tilt: oct58 octopus-normal-2656 3 -> 1
    # wrong cells on 9 and 8 tiles, but the product renderer's Octopus normal seed 3597 0 -> 5
    # on 9 and 8, its first pass moving them 0.46 of a cell)
    refitted = refit_to_tiles(lat, image, tiles)
    if refitted is lat:
        # (read only as a start the tiles' own edges move: the cells' shape at the layout's
        # middle tells a slight tilt poorly, and a tilt either way alike)
        return best
    again = _read_best(image, kit, game, [refitted], palette, profile, framed=False).best
    logger.debug("lattice squared for a phone camera (tiles' cells moved up to %.2f): score %.2f "
                 "-> %s", moved, best.score, "none" if again is None else f"{again.score:.2f}")
    if again is None or _fewer_of_the_set(best, again, kit, game) or again.score >= best.score:
        return best
    return again


def _fewer_of_the_set(before: _Candidate, after: _Candidate, kit: Kit, game: str) -> bool:
    """Whether ``after``, ``before`` read again on its lattice refitted to its tiles, reads a
    smaller share of tiles of the set (``set_fit``, see :func:`vision.decode.set_fit`) where
    every tile lies pips up, each die face once (Octopus). The refit moves the cells a fraction
    of one onto the tiles ``before`` read: it reads those tiles as well or better, and may
    find one the first cells cut; the table read as tiles (a floral cloth's ground and flowers
    around a layout, faces unclear or read twice) is what lowers the share, however much more
    of what the mask holds its cells cover."""
    n = max(1, sum(r.occupied for r in after.readings))
    return (pips_shown(kit, game) and after.info.get("set_fit", 1.0)
            < before.info.get("set_fit", 1.0) - 1.0 / n)  # (one tile misread is no table)


def _refit_displaced(image: np.ndarray, kit: Kit, game: str, palette: Palette,
                     profile: Mapping | None, best: _Candidate, displaced: _Candidate
                     ) -> _Candidate:
    """The reading kept (``best``, refitted already), or the reading a later look replaced
    (``displaced``) read again on its lattice refitted to its tiles when that reads better.

    On a steep view the lines' perspective may be off (cells 1.6 times as long as wide where
    the tiles are square): the right pitch drifts half a cell off the far tiles and reads worse
    than a lattice of a wrong pitch (1.16 times the tiles') whose large cells take in every
    tile's colour; the refit measures the tiles themselves and puts the first one on them.
    Only a lattice other than the kept one's, and only when the refit moved it; only the last
    reading displaced (an earlier look's, displaced in turn, is not refitted)."""
    if _same_cells(displaced.lattice, best.lattice):
        return best
    again = _refit_on_tiles(image, kit, game, palette, profile, displaced)
    if again is displaced or again.score >= best.score:
        return best
    logger.debug("the displaced reading refitted to its tiles: score %.2f against %.2f",
                 again.score, best.score)
    return again


def _holds_the_faces(before: _Candidate, after: _Candidate, *, die_faces: bool = False) -> bool:
    """Whether ``after``, a reading of ``before``'s cells on its lattice refitted to its tiles
    (the same cells, each moved by a fraction of one), shows every tile ``before`` read, and
    perhaps more, each tile added showing its die face's pips (see :func:`_widened_tiles`), or,
    where every tile lies pips up (``die_faces``: Octopus), as many die faces and no more tiles
    without one (see :func:`_faces_kept`), as well fitting the set, on a lattice that lies on
    the tiles as well: the score's part other than the colour fit (the cells cut through no
    more tiles, cover the layout, have the tiles' shape and outlines) no worse than
    :data:`REFIT_LATTICE_SLACK`.

    The refit measured where the tiles lie (each tile's pair of edges a tile apart on the
    lattice's top-down view) and moved their cells by the least move asked
    (:data:`vision.locate.TILE_REFIT_MOVED`, or :data:`PIPS_REFIT_MOVED` for die faces) or
    more; on the same tiles the score's mean colour fit cannot overrule that measurement: a
    cell a third of a tile off still samples mostly its tile's paint (a tiled floor's grid
    gave final5/octopus-hard-084 a lattice a third of a cell off, its pips read 1 for 5 and 6:
    fit 3.92 against the refit's 4.03), and a tile more, in a paint the light fitted on the
    others predicts less well (a white die face under a warm lamp, on a cream cloth the mask
    leaves it in), raises it, though its cell shows a face with pips where the first reading
    saw the table."""
    if not (_widened_tiles(before.readings, after.readings)
            or (die_faces and _faces_kept(before.readings, after.readings))):
        return False
    if after.info.get("set_fit", 0.0) < before.info.get("set_fit", 1.0):
        return False
    # (the coverage left out only where the refit reads as many tiles or more: one losing a
    # tile whose pips no read showed, a washed face, keeps its faces and set fit alike, and
    # only the cell standing out, no longer read as a tile, tells it)
    as_many = sum(r.occupied for r in after.readings) >= sum(r.occupied for r in before.readings)
    covered = not (die_faces and as_many)
    return (_lattice_part(after, die_faces=die_faces, coverage=covered)
            <= _lattice_part(before, die_faces=die_faces, coverage=covered)
            + REFIT_LATTICE_SLACK)


def _lattice_part(reading: _Candidate, *, die_faces: bool = False, coverage: bool = True
                  ) -> float:
    """The part of ``reading``'s score (see :func:`_score`) other than the colour fit that
    tells a lattice refitted to its tiles from the one it was refitted from (see
    :func:`_holds_the_faces`): the cells cut through, the tiles counted, the set fit, the
    tiles' outlines on the cells' borders, and the cells' shape, except where every tile shows
    its die face (``die_faces``: Octopus, laid on the table, no board), and their coverage,
    where ``coverage`` (:func:`_holds_the_faces` leaves it out for die faces where the refit
    reads as many tiles or more).

    There the two readings show the same tiles (as many die faces or more, no more faceless
    ones) and the refit moved its cells onto the tiles' own outlines (each tile's pair of
    edges a tile apart, :func:`vision.locate.refit_to_tiles`), which tells where the cells lie
    better than either term: the cells' shape is measured through an assumed phone camera
    (:func:`_misshapen`), and a refit of a layout's foreshortening to its tiles, the far ones
    moved half a cell or more, measured cells 1.49 long for square tiles (final18
    octopus-hard-1886: 0.03 -> 0.13, +1.0, its reading one cell better); the coverage counts
    the cells whose foreground is over half, read as tiles or not, and a cell beside the tiles
    on the cloth's texture or a tile's shadow stands out or not as the cells move (final22
    octopus-hard-2810: 0.95 -> 0.88, +0.7, its far rows moved onto their tiles, 10 wrong
    cells -> 1)."""
    part = reading.score - reading.info["fit"]
    if die_faces:
        part -= MISSHAPEN_WEIGHT * reading.info.get("misshapen", 0.0)
    if not coverage:
        # (die faces: a kit laid on the table, no board, so _score counted the coverage)
        part -= COVERAGE_WEIGHT * (1.0 - reading.info.get("coverage", 1.0))
    return part


def _faces_kept(before: list[CellReading], after: list[CellReading]) -> bool:
    """Whether the tiles read on a lattice refitted to them (``after``) show as many die faces
    as those read before (``before``, see :func:`_faces_read`), or more, and no more tiles
    without one.

    Every tile read before, each added one with its pips (see :func:`_widened_tiles`), is more
    than the refit needs to show: the cells moved onto the tiles as their outlines measured
    them, and a cell the first lattice put across two tiles at the layout's far end may have
    read a die face there on the wrong cell, or a piece of the table beside it as a tile
    without one, which the refit's cells leave bare (an independent render, oct42
    octopus-normal-1819: a row half a cell off, a purple six and a blue five read as a blue
    five and a blue two, read right on the refit, which also finds a red two the first cells
    cut and loses a white two at the other end: 23 die faces either way)."""
    faces = _faces_read(after) >= _faces_read(before)
    faceless = (sum(r.occupied for r in after) - _faces_read(after)
                <= sum(r.occupied for r in before) - _faces_read(before))
    return faces and faceless


#: The score's part other than the colour fit (see :func:`_score`) of a refitted lattice
#: that reads the same die faces or more may be this much worse (a hundredth of the layout's
#: cells cut through by tiles: 0.1; the refit moves the cells a fraction of one, its partial
#: share measured 0.19-0.20 against 0.19 on final5/octopus-normal-082).
REFIT_LATTICE_SLACK = 0.1


def _unclear_on_board(best: _Candidate) -> bool:
    """Whether a framed board's reading has a tile read unclear (below
    :data:`CONFIDENCE_THRESHOLD`): cells off their tiles mix a neighbour's or the board's colour
    into the sectors; a board whose every tile reads clearly is on its cells (its refit would
    only read it again)."""
    return any(r.occupied and r.confidence < CONFIDENCE_THRESHOLD for r in best.readings)


def _same_indices(lat: Lattice, was: Lattice) -> Lattice:
    """``lat`` (a refit of ``was``: the cells near where they were) with its cells numbered as
    ``was`` numbers them: the refit may number them from another corner, turned or shifted by
    whole cells (the tiles' lattice has no first row), while a framed board's cells are its
    rows and columns from its frame's corner (north row 0). The change of numbering is the
    integer map (a signed permutation of the axes and a whole-cell shift) nearest the one
    between the two lattices over ``was``'s cells."""
    rr, cc = np.meshgrid(np.arange(was.rows[0], was.rows[1] + 2),
                         np.arange(was.cols[0], was.cols[1] + 2), indexing="ij")
    old = np.column_stack([cc.ravel(), rr.ravel()]).astype(np.float64)
    new = apply_h(np.linalg.inv(lat.H) @ was.H, old)
    A = np.linalg.lstsq(np.c_[old, np.ones(len(old))], new, rcond=None)[0]  # (3, 2): new = [old 1] A
    M = np.eye(3)
    M[:2, :2] = np.round(A[:2].T)
    M[:2, 2] = np.round(np.median(new - old @ M[:2, :2].T, axis=0))
    if abs(abs(np.linalg.det(M[:2, :2])) - 1) > 1e-6 or np.allclose(M, np.eye(3)):
        return lat
    return lat.with_H(lat.H @ M, rows=was.rows, cols=was.cols)


def _tiles_within(image: np.ndarray, kit: Kit, game: str, palette: Palette,
                  profile: Mapping | None, best: _Candidate) -> _Candidate:
    """The reading kept (``best``) of loose tiles that all lie pips up (Octopus) on a window
    widened where tiles were read on its outer ring (the layout may carry on past it: a tile
    of the cloth's colour the mask missed; see :func:`_cards_within`), where the wider
    window's tiles fit the set as well (a cloth printed in the tiles' colours beside the layout
    reads as tiles the set holds once and has on the table already), hold every tile read
    before (the wider window's ring, the table's colours measured on it, may move what its
    cells show) and each tile added shows its die face (a dark flower of the cloth beside the
    layout reads as a black face without pips); else ``best`` as it is. A cell added without
    its die face is left to the table (see :func:`_faceless_added_emptied`), the tiles added
    with theirs kept, when one was. (Once, on the reading kept: a read more at most per
    photo.)"""
    lat, td, readings, info = _cards_within(image, kit, palette, profile, best.lattice, best.td,
                                            best.readings, best.info, _cell_px(kit)[0],
                                            die_faces=True)
    if lat is best.lattice:
        return best
    readings = _faceless_added_emptied(best.readings, readings)
    if readings is None:
        return best
    readings = _lost_faces_restored(best.readings, readings)
    n_occ, plausible, score = _scored(image, kit, game, lat, td, readings, info)
    # (_widened_tiles' die-face test holds once the faceless cells are emptied; its test that
    # no tile read before is lost is what this call still asks)
    if (n_occ and plausible >= max(MIN_SET_FIT, best.info.get("set_fit", 1.0))
            and _widened_tiles(best.readings, readings)):
        return _Candidate(score, lat, td, readings, info)
    return best


def _lost_faces_restored(before: list[CellReading], after: list[CellReading]
                         ) -> list[CellReading]:
    """``after``, the readings of a window widened past ``before``'s (the same lattice, tiles
    that lie pips up), with each tile ``before`` read showing its die face (see
    :func:`_pips_read`) that ``after`` lost read as ``before`` read it; ``after`` itself when
    it lost none such.

    The wider window's ring moves the table's sample (its colours, the share of it showing die
    faces), and a tile read before with its pips may drop out of the wider reading though its
    face is the same: its die face still shows it a tile. The tiles added on the widened window
    were refused for such a loss before (the independent renderer's oct57 octopus-hard-2518: a
    yellow 4 the mask missed, read on the window widened to it, refused as a white 4 read before
    dropped out). A tile lost that was read without its pips is not restored (the wider reading
    may have found it the table), and the widened reading is then refused as before (see
    :func:`_widened_tiles`); nor is any where the wider reading adds no tile with its die face
    (it is refused so too).

    Only the readings change: the wider reading's ``info`` (its ``coverage``, see
    :func:`vision.cells.read_cells`) stays as it was read and does not count the cells restored.
    (Harmless here: :func:`_tiles_within` keeps the widened reading on its tiles and set fit,
    not by comparing its score, which coverage enters, with ``before``'s, and after it no
    reading is compared: the score and coverage are only reported, in the reading's info.)"""
    now = _tile_cells(after)
    was = _tile_cells(before)
    lost = {(r.row, r.col): r for r in before if _pips_read(r) and (r.row, r.col) not in now}
    if not lost or not any(_pips_read(r) for r in after if (r.row, r.col) not in was):
        # (a wider reading that adds no die face is worth nothing: its light, refitted on
        # the moved sample, only renames the tiles read before, final19 octopus-hard-1994's
        # orange 2 read yellow)
        return after
    logger.debug("widened window: tiles read before with their die faces kept: %s", sorted(lost))
    seen = {(r.row, r.col) for r in after}
    return ([lost.get((r.row, r.col), r) for r in after]
            + [r for cell, r in lost.items() if cell not in seen])


def _faceless_added_emptied(before: list[CellReading], after: list[CellReading]
                            ) -> list[CellReading] | None:
    """``after``, the readings of a window widened past ``before``'s (tiles that lie pips up),
    with each cell it adds as a tile without its die face's pips read (see :func:`_pips_read`)
    left empty (sure of it as :func:`vision.cells.read_cells` is of a cell it takes out as the
    table); ``after`` itself when it adds none such; None when it adds such cells and no tile
    showing its pips (nothing the wider window adds is a die face), or a face that joined the
    layout only through such a cell.

    A tile added on the widened ring is one the foreground mask missed (a tile of the cloth's
    colours); what shows it a tile is its die face, read cell by cell. A cell beside it that
    stands out without pips (a cloth's flower beyond the layout's last tile, read as a faint
    white or a dark face) says nothing about its neighbours' faces: it is the table, and the
    faces beside it are tiles still (an independent renderer's Octopus photo on a cream
    floral, final18 octopus-normal-1883: five outer tiles read with their pips on the widened
    window, all refused for one cloth cell beyond the top tile read as a white face without
    pips)."""
    was = _tile_cells(before)
    added = [r for r in after if r.occupied and (r.row, r.col) not in was]
    faceless = {(r.row, r.col) for r in added if not _pips_read(r)}
    if not faceless:
        return after
    if len(faceless) == len(added):
        return None
    emptied = _left_empty(after, faceless, TABLE_CONF)
    # (a face beyond such a cell joined the layout through it alone: apart from the tiles read
    # before it is no tile, as read_cells' _cut_off_parts judges: refused as before)
    now = _tile_cells(emptied)
    if any(not (group & was) for group in connected_groups(now, AROUND)):
        return None
    logger.debug("widened window: cells added without a die face left to the table: %s",
                 sorted(faceless))
    return emptied


def _left_empty(readings: list[CellReading], cells: AbstractSet[tuple[int, int]],
                conf: float | None = None) -> list[CellReading]:
    """``readings`` with the cells ``cells`` ((row, col)) read as the bare table; ``conf``,
    when given, is how sure each such cell is bare (its ``occ_conf``), else the tile's kept."""
    return [replace(r, occupied=False, occ_conf=r.occ_conf if conf is None else conf)
            if (r.row, r.col) in cells else r for r in readings]


def _scored(image: np.ndarray, kit: Kit, game: str, lat: Lattice, td: TopDown,
            readings: list[CellReading], info: dict) -> tuple[int, float, float]:
    """A lattice's reading (its top-down view ``td``) scored (see :func:`_score`): the number of
    tiles read, their set fit and the score; ``info`` gets ``set_fit``, ``misshapen`` and
    ``edges_off`` (unless there already, see :func:`_edges_off_borders`).

    Where every tile shows its die face (:func:`vision.decode.pips_shown`), the score counts
    the tiles whose pips were read (see :func:`_faces_read`), and ``info`` gets ``faces_shown``,
    their share of the tiles read (see :data:`SETTLED_FACES_SHOWN`)."""
    n_occ = sum(r.occupied for r in readings)
    plausible = set_fit(readings, kit, game)
    info["set_fit"] = plausible
    info["misshapen"] = _misshapen(image, lat, kit)
    if "edges_off" not in info:
        info["edges_off"] = _edges_off_borders(td, rectify_mask(lat, td), kit)
    counted = n_occ
    if pips_shown(kit, game):
        counted = _faces_read(readings)
        info["faces_shown"] = _faces_shown(readings, kit, game)
    score = _score(lat, kit, fit=info["fit"], n_occ=counted, coverage=info.get("coverage", 1.0),
                   plausible=plausible, misshapen=info["misshapen"],
                   edges_off=info["edges_off"])
    return n_occ, plausible, score


def _fewer_faces(through: _Candidate, best: _Candidate | None, kit: Kit, game: str) -> bool:
    """Whether ``through``, a reading on the lattice through the tiles' faces, shows fewer die
    faces (see :func:`_faces_read`) than ``best``, the reading it would replace (tiles that lie
    pips up only). That lattice's window is the faces it found and a ring of cells: its
    coverage sees nothing of the layout beyond them, so a lattice through a few of the faces,
    of a wrong pitch, covers its own window whole (final14 octopus-normal-1104: 5 faces found
    of 18 tiles, 10 tiles read at coverage 1.00 against 18 at 0.67 on the lines' lattice); a
    die face read is a tile wherever it lies, and the tiles' own lattice loses none of them.

    Unless ``best``'s cells are far finer than the faces found (see :func:`_finer_than_faces`)
    and the faces' own reading shows its tiles' die faces (at least :data:`SETTLED_FACES_SHOWN`
    of them: a tartan's checks bigger than the tiles may be taken for faces, see
    vision.faces.SIZE_TRIES, and then the tiles' lattice is the finer one): a die face spans one
    tile, so the faces ``best`` reads are not tiles but pieces of them and of the table."""
    return (best is not None and pips_shown(kit, game)
            and not (_finer_than_faces(best, through)
                     and _faces_shown(through.readings, kit, game) >= SETTLED_FACES_SHOWN)
            and _faces_read(through.readings) < _faces_read(best.readings))


#: A second look's reading that shows under this share of the die faces the reading it would
#: replace shows is not kept (see :func:`_loses_most_faces`; rests on one photo, oct55
#: octopus-hard-2156, whose second look showed 8 of 29 faces, 0.28).
SECOND_LOOK_FACES = 0.5


def _loses_most_faces(again: _Candidate, best: _Candidate | None, kit: Kit, game: str) -> bool:
    """Whether ``again``, a second look's reading, shows under :data:`SECOND_LOOK_FACES` of
    the die faces (see :func:`_faces_read`) ``best`` shows, the reading it would replace, every
    tile of it a tile of the set (its ``set_fit`` 1: a floral cloth's print misses it, below;
    tiles that lie pips up only). A lattice from a close look inside the layout has a window
    of the part it saw and a ring of cells, and covers that window whole: it outscores the
    whole layout's reading on coverage (the independent renderer's oct55 octopus-hard-2156: 8
    tiles read at coverage 1.00 against 31 at 0.74: 24 wrong cells of its 30 tiles); a die
    face read is a tile wherever it lies (as for the faces' lattice, :func:`_fewer_faces`), and
    a reading of half of them has lost the layout, not found its lattice. A reading that names
    tiles the set does not hold may read a cloth's print as die faces, and a second look may
    replace it (oct30 octopus-hard-1224: a floral cloth's 19 'tiles' at set fit 0.69)."""
    return (best is not None and pips_shown(kit, game) and best.info.get("set_fit", 0.0) >= 1.0
            and _faces_read(again.readings) < SECOND_LOOK_FACES * _faces_read(best.readings))


def _finer_than_faces(reading: _Candidate, through: _Candidate) -> bool:
    """Whether ``reading``'s lattice is far finer than ``through``'s, the lattice through the
    tiles' die faces: its pitch (image pixels) at most ``through``'s over
    :data:`FACES_PITCH_FACTOR`.

    Each face found is one whole tile (a square region of one colour, its pips inside), so the
    faces' pitch is the tiles'. A lattice at a fraction of it (a gingham's checks, 15 mm against
    the tiles' 40) puts several cells on every tile: it cuts each die face, and the pips it
    reads are a face's pieces or the cloth's checks, read as faces by chance (the independent
    renderer's oct43 octopus-normal-1852: the checks' lattice at 34 px read 17 faces on 53
    cells; the faces' lattice at 94 px read 12 tiles, every face)."""
    finer = reading.lattice.pitch_px * FACES_PITCH_FACTOR <= through.lattice.pitch_px
    if finer:
        logger.debug("lattice at %.0f px far finer than the faces' (%.0f px): its faces not "
                     "counted against them", reading.lattice.pitch_px, through.lattice.pitch_px)
    return finer


def _faces_read(readings: list[CellReading]) -> int:
    """How many of the tiles read show their die face: their pips read (a count, not None).

    A cell read as a tile whose pips were not read is no evidence that the lattice lies on
    the tiles: on a dark cloth, cells of a lattice several times the tiles' pitch read as
    black tiles, the layout's colours lost in them (an independent renderer's Octopus photo
    on a dark floral cloth: a lattice at 2.4 times the pitch read four black tiles, one with
    its pips, and outscored the tiles' own lattice, 27 tiles with their pips)."""
    return sum(_pips_read(r) for r in readings)


def _faces_shown(readings: list[CellReading], kit: Kit, game: str) -> float:
    """The share of the tiles read in ``readings`` that show their die face (see
    :func:`_faces_read`) where every tile of ``game`` lies pips up; 1.0 for other games, or
    when no tile was read."""
    n_occ = sum(r.occupied for r in readings)
    if not n_occ or not pips_shown(kit, game):
        return 1.0
    return _faces_read(readings) / n_occ


def _pips_read(r: CellReading) -> bool:
    """Whether a cell ``r`` was read as a tile showing its die face: its pips read (a count, not
    None)."""
    return r.occupied and r.attrs.get("pips") is not None


def _tile_cells(readings: list[CellReading]) -> set[tuple[int, int]]:
    """The cells (row, col) of ``readings`` read as tiles (occupied): what a widened window's
    reading is held to (see :func:`_lost_faces_restored`, :func:`_faceless_added_emptied`,
    :func:`_widened_tiles`)."""
    return {(r.row, r.col) for r in readings if r.occupied}


def _widened_tiles(before: list[CellReading], after: list[CellReading]) -> bool:
    """Whether the tiles read on a widened window (``after``) hold every tile read before and
    each tile added shows its pips (see :func:`_read_best`)."""
    was = _tile_cells(before)
    now = {(r.row, r.col): r for r in after if r.occupied}
    return was <= set(now) and all(_pips_read(r) for cell, r in now.items() if cell not in was)


#: A window of cells is the layout's plus a ring of the bare table (the table's colour is measured
#: there). Where cards are read on the ring, the layout carries on past the window (the foreground
#: mask that set it missed cards of the table's colours, a red card on a red gingham, a purple one
#: on a cloth of purple stripes): the window is widened by a cell on that side and read again, up
#: to this many times.
WIDEN_ROUNDS = 2
#: ... and Tapestry's, up to this many times: its cards span at most 8 cells along each axis
#: (vision.cells.CARDS_SPAN; RULES.md, tapestry.too-wide; checked by
#: companion.rules.games._too_wide, which allows more only where the turn before already spanned
#: more: such a layout stops a card short), so a window
#: widened a cell a round from the cells of one card reaches the far side of any layout in 7 rounds
#: (each round one reading more, only while cards lie on the ring). Two stopped a cell short of a
#: card: the independent renderer's tap41 tapestry hard-2557, 6 cards read at first, 11 after two
#: rounds, the 12th outside the window; on the 154 Tapestry development photos of final18-20, tap41
#: and tap42 that photo alone read otherwise, 1 -> 0 wrong cells.
CARD_WIDEN_ROUNDS = CARDS_SPAN - 1
#: ... and, where every tile lies pips up (Octopus), up to this many times: a tile on the ring
#: beside the layout that reads as a die face widens the window too (see
#: vision.cells._faces_on_the_ring), and a chain of tiles the foreground mask missed reaches a
#: cell further each round. The need measured was three rounds (the independent renderer's oct58
#: octopus-hard-2659 needed three to reach its pink tile, whose pips then read at 0.798, short of
#: vision.cells.PIPS_VOUCH). Up to 7 serve as a bound, not a measure (the number is Tapestry's,
#: from its cards' 8 cells a side, not an Octopus rule): a round is read only while tiles lie on
#: the ring beside the layout, each a missed tile one cell further along the chain, so rounds
#: past the need are never read, and WIDEN_MAX_CELLS bounds the window whatever the rounds.
FACE_WIDEN_ROUNDS = CARD_WIDEN_ROUNDS
#: Windows are widened to at most this many cells a side (see :data:`vision.locate.MAX_CELLS`).
WIDEN_MAX_CELLS = 30


def _cards_within(image: np.ndarray, kit: Kit, palette: Palette, profile: Mapping | None,
                  lat: Lattice, td: TopDown, readings: list[CellReading], info: dict, cell_px: int,
                  *, die_faces: bool = False) -> tuple[Lattice, TopDown, list[CellReading], dict]:
    """The reading of ``lat`` (its view ``td``, ``readings`` and ``info``) on a window widened
    by a cell on each side where cards (or tiles) were read on its outer ring (see
    :data:`WIDEN_ROUNDS`, :data:`CARD_WIDEN_ROUNDS`, :data:`FACE_WIDEN_ROUNDS`), read again
    (``die_faces``: as :func:`vision.cells.read_cells`'s); as given (the same ``lat``) when
    none was. (Applied to the best reading of the candidates only: one read more at most per
    set of candidates.)"""
    rounds = (CARD_WIDEN_ROUNDS if kit.shape == "card"
              else FACE_WIDEN_ROUNDS if die_faces else WIDEN_ROUNDS)
    for _ in range(rounds):
        # (and cards on the ring the reading left to the table's sample: see
        # vision.cells._cards_on_the_ring; with die_faces, info["ring_cards"] holds the die
        # faces read on the ring beside the layout too, see vision.cells._ring_cards_and_faces)
        occ = [(r.row, r.col) for r in readings if r.occupied] + list(info.get("ring_cards", ()))
        if not occ:
            break
        (r0, r1), (c0, c1) = lat.rows, lat.cols
        rows = (r0 - any(r == r0 for r, _ in occ), r1 + any(r == r1 for r, _ in occ))
        cols = (c0 - any(c == c0 for _, c in occ), c1 + any(c == c1 for _, c in occ))
        if (rows, cols) == (lat.rows, lat.cols):
            break
        if rows[1] - rows[0] + 1 > WIDEN_MAX_CELLS or cols[1] - cols[0] + 1 > WIDEN_MAX_CELLS:
            break
        logger.debug("cards on the window's ring: %s x %s -> %s x %s", lat.rows, lat.cols, rows, cols)
        lat = lat.with_H(lat.H, rows=rows, cols=cols)
        td = rectify(image, lat, cell_px=cell_px, aspect=_cell_shape(image, lat, kit))
        readings, info = read_cells(td, kit, palette=palette, profile=profile,
                                    fg=rectify_mask(lat, td), die_faces=die_faces,
                                    faces=found_face_cells(lat))
    return lat, td, readings, info


def _board_from_strips(image: np.ndarray, kit: Kit, palette: Palette, *, confirmed: bool = False
                       ) -> tuple[Frame, Lattice] | None:
    """The board's frame and lattice from its four border strips (:mod:`vision.board`), or None
    when the strips are not seen. The frame's colours are measured on the lattice when its
    strips read clearly (:func:`vision.frame.find_frame`), else taken from the strips found
    (glare may wash out a part of one). ``confirmed``: only a frame measured on the strips'
    lattice, else None (a frame was measured on a lattice of the board's printed lines already:
    a quadrilateral whose cells do not show the strips along them is a guess beside it; a
    skewed one, one strip's line drawn along a glared part, put the cells half a cell off on
    one side: the independent renderer's Twelve Tiles hard 132)."""
    board = find_board_quad(image, palette, list(kit.board.get("border_colours", ())))
    if board is None:
        return None
    size = int(kit.board.get("size", FRAME))
    lattice = board_lattice(image, board, size)
    frame = find_frame(image, lattice, palette)
    if frame is not None and frame.origin == (0, 0) and (lattice.info.get("lopsided")
                                                         or board.drawn):
        # (one strip's line was found off and the cells placed by the board's own lines, or
        # drawn from the board's square shape: that strip's middle measured on them is the part
        # a glare or a table of its colour hides, and the cells stand as placed)
        frame = replace(frame, strips=None)
    if frame is None or frame.origin != (0, 0):
        if confirmed:
            return None
        west, north, east, south = board.colours
        frame = Frame((0, 0), {"n": north, "e": east, "s": south, "w": west}, STRIPS_CONFIDENCE)
    return frame, lattice


#: A board's cells lie centred between its strips (it is printed symmetric): a frame whose strips
#: lie further out on one side than on the opposite one is on a lattice a part of a cell off the
#: board's cells, and ranks this much lower per cell of difference (see :func:`_frame_rank`).
STRIPS_OFF_CENTRE = 0.5


#: A board's strips run along its cells, a small printed margin out: their middles lie at most
#: this far out from the frame's window (cells). A frame whose strips lie further out is on a
#: lattice finer than the board's cells or a part of a cell off them, whatever its colours say
#: (a profile's colours, learnt on this very set, fit the strips closely on such a lattice too).
#: (Measured: 0.09-0.41 on the 50 frames chosen on the indie and dev Twelve Tiles photos (the
#: indie renderer prints strips up to 0.49 out); 0.66-0.72 on the north and south strips of the
#: wrong frames chosen with a profile, calibration measure seed 1.)
STRIPS_OUT = 0.6
#: ... and such a frame ranks this much lower per cell beyond (see :func:`_frame_rank`).
STRIPS_OUT_PENALTY = 1.0


def _clear(frame: Frame) -> bool:
    """Whether a frame shows the board clearly (:data:`CLEAR_FRAME`, :data:`CENTRED_FRAME`), its
    strips along its window's cells (:data:`STRIPS_OUT`)."""
    if frame.strips is not None and _strips_out(frame.strips) > 0:
        return False
    return frame.confidence >= CLEAR_FRAME or (
        frame.strips is not None and frame.confidence >= CENTRED_FRAME[0]
        and _off_centre(frame.strips) <= CENTRED_FRAME[1])


def _strips_out(strips: Mapping[str, float]) -> float:
    """How far a frame's strips lie beyond :data:`STRIPS_OUT` from its window (cells, the four
    sides' excesses added)."""
    return sum(max(0.0, v - STRIPS_OUT) for v in strips.values())


def _off_centre(strips: Mapping[str, float]) -> float:
    """How far a frame's strips lie off centre around its window (cells): the differences
    between the opposite sides' strips, added."""
    return abs(strips["n"] - strips["s"]) + abs(strips["e"] - strips["w"])


def _frame_rank(found: tuple[Frame, Lattice]) -> float:
    """How well a frame found on a lattice shows the board (higher is better): its confidence,
    less for strips off centre around its window (:data:`STRIPS_OFF_CENTRE`) or beyond its
    cells' margin (:data:`STRIPS_OUT_PENALTY`)."""
    frame = found[0]
    st = frame.strips
    if st is None:
        return frame.confidence
    return frame.confidence - STRIPS_OFF_CENTRE * _off_centre(st) - STRIPS_OUT_PENALTY * _strips_out(st)


def _at_origin(frame: Frame, lattice: Lattice) -> tuple[Frame, Lattice]:
    """The same frame and lattice with the frame's cell (0, 0) at the lattice's (0, 0)."""
    r0, c0 = (int(v) for v in frame.origin)
    H = lattice.H @ np.array([[1, 0, c0], [0, 1, r0], [0, 0, 1.0]])
    moved = lattice.with_H(H, rows=(lattice.rows[0] - r0, lattice.rows[1] - r0),
                           cols=(lattice.cols[0] - c0, lattice.cols[1] - c0))
    return Frame((0, 0), dict(frame.borders), frame.confidence, frame.strips), moved


def _cells_within_strips(image: np.ndarray, kit: Kit, frame: Frame, lattice: Lattice
                         ) -> Lattice:
    """The board's cells placed within the strips of a ``frame`` found on ``lattice``: the
    quadrilateral of the strips' middles (seen on the lattice's top-down view, so in its
    perspective) holds the board's cells a margin in from every side, the margin that puts its
    lines and the tiles' edges on the cells' lines (see :func:`vision.board.board_lattice`): the
    same on every side (the board is printed symmetric), or per side on an axis whose strips'
    middles lie lopsided around its lines. A lattice a part of a cell off the board's cells, or
    of a pitch a little off, still shows the strips; its cells would cut through the tiles."""
    size = int(kit.board.get("size", FRAME))
    r0, c0 = frame.origin
    st = frame.strips
    corners = np.array([[c0 - st["w"], r0 - st["n"]], [c0 + size + st["e"], r0 - st["n"]],
                        [c0 + size + st["e"], r0 + size + st["s"]],
                        [c0 - st["w"], r0 + size + st["s"]]], float)
    b = frame.borders
    quad = BoardQuad(apply_h(lattice.H, corners), (b["w"], b["n"], b["e"], b["s"]))
    cells = board_lattice(image, quad, size)
    cells.info.update(source="frame", lattice_pitch_px=round(lattice.pitch_px, 1))
    return cells


#: The confidence of a frame seen by its strips alone.
STRIPS_CONFIDENCE = 0.6


def _score(lat: Lattice, kit: Kit, *, fit: float, n_occ: int, coverage: float,
           plausible: float, misshapen: float = 0.0, edges_off: float = 0.0) -> float:
    """How well a lattice's cells read (lower is better): colours that fit the palette (``fit``,
    their mean distance), on cells (``n_occ`` tiles) that cover what stands out from the table
    (``coverage``), cutting through no tile (the lattice's share of partly covered cells, see
    locate), tiles the set has (``plausible``, :func:`vision.decode.set_fit`), of the tiles'
    shape on the table (``misshapen``, see :func:`_misshapen`), the tiles' edges on the cells'
    borders (``edges_off``, see :func:`_edges_off_borders`)."""
    score = fit - 0.5 * min(n_occ, 4) + MISSHAPEN_WEIGHT * misshapen
    score += EDGES_OFF_WEIGHT * edges_off
    if kit.board is None:  # (on a board the empty cells stand out from the table too)
        score += COVERAGE_WEIGHT * (1.0 - coverage)
    score += 10.0 * lat.info.get("partial", 0.0)
    score += 10.0 * (1.0 - plausible)
    return score


def _misshapen(image: np.ndarray, lat: Lattice, kit: Kit) -> float:
    """How far the lattice's cells are from the tiles' shape on the table: the log of the
    cells' length / width seen through a phone camera (see :func:`vision.locate.cell_aspect`)
    beyond :data:`SQUARE_SLACK` for square tiles, beyond the range a card's cell may have for
    cards (either way round, see :func:`_card_cell_range`); 0 for other kits (X-Tiles' and
    boards' lattices are judged otherwise). A lattice of a wrong perspective or pitch (its
    vanishing points from a few short toothed edges, its comb on every other line) has cells
    half as long again as wide, which no phone's view of square tiles shows; one through a
    layout of cards at a pitch of one and a half cards along their short side has nearly
    square cells, which no layout of cards shows."""
    if lat.diagonal or (kit.shape != "card" and kit.face_model != "solid"):
        return 0.0
    off = abs(math.log(cell_aspect(lat, (image.shape[1], image.shape[0]))))
    if kit.shape == "card":
        low, high = _card_cell_range(kit)
        return max(0.0, math.log(low) - off, off - math.log(high))
    return max(0.0, off - math.log(SQUARE_SLACK))


def _card_cell_range(kit: Kit) -> tuple[float, float]:
    """The length / width ``(low, high)`` a lattice cell of cards (a card and its gaps) may
    measure through a phone camera: the card's long side over its short one, with a gap of
    up to :data:`CARD_GAP_MM` along either (the cards lie in a grid "usually with small
    gaps"), widened by :data:`CARD_CELL_SLACK` for the focal length assumed."""
    short, long_ = sorted(kit.tile_size_mm)
    return (long_ / (short + CARD_GAP_MM) / CARD_CELL_SLACK,
            (long_ + CARD_GAP_MM) / short * CARD_CELL_SLACK)


#: Square tiles' cells on the table (see :func:`_misshapen`) may measure up to this length /
#: width (the phone's focal length is assumed; steep views of the independent renderer's
#: tiles on their right lattices: 0.98-1.19; wrong ones 1.5-1.6) ...
SQUARE_SLACK = 1.3
#: ... and count this much to a reading's score per unit of log beyond it (1.52: +2).
MISSHAPEN_WEIGHT = 10.0
#: What the share of the standing-out cells a lattice's tiles leave uncovered costs its score
#: (see :func:`_score`; off a board).
COVERAGE_WEIGHT = 10.0
#: The widest gap between cards a layout of them has (millimetres): a hand laying cards leaves
#: a few; the independent renderer 0.5-6.5 (its cards 62-64 x 87-89 mm: cells 1.23-1.54 as
#: long as wide; the renderer's range, not measured on real layouts) ...
CARD_GAP_MM = 6.0
#: ... and how far off the cells' measured shape may lie from that range (a factor): the
#: independent renderer's Tapestry photos (377, phones of 24-30 mm focal length) on the
#: lattices of their truth measure 1.25-1.53 (2.5 % beyond the range of the gaps). The slack
#: holds for main cameras only (cell_aspect assumes 26 mm): through a 2x lens (52 mm) a true
#: layout tilted 35 degrees measures 1.20, at 45 degrees 1.09 (as misshapen as a pitch of 1.5
#: cards seen at 27 mm); a known focal length would make it hold on any phone.
CARD_CELL_SLACK = 1.05


def _score_floor(lat: Lattice, n_occ: int, coverage: float, kit: Kit, misshapen: float = 0.0,
                 edges_off: float = 0.0) -> float:
    """The lowest score (see :func:`_score`) a reading of ``lat`` with ``n_occ`` tiles covering
    ``coverage`` of the layout can have (before reading the tiles: at most 4 and 1.0): with a
    perfect colour fit (0) and every tile one of the set; ``misshapen`` the lattice's
    :func:`_misshapen` (it depends on the lattice alone: known before reading), ``edges_off``
    its :func:`_edges_off_borders` (known once its top-down view is made; 0 before)."""
    return _score(lat, kit, fit=0.0, n_occ=n_occ, coverage=coverage, plausible=1.0,
                  misshapen=misshapen, edges_off=edges_off)


def _edges_off_borders(td: TopDown, fg: np.ndarray | None, kit: Kit,
                       grads: tuple[np.ndarray, np.ndarray] | None = None) -> float:
    """How far the edges within the layout's cells (``td``'s cells whose foreground ``fg``,
    float ``(h, w)`` in [0, 1] as :func:`vision.cells.rectify_mask` gives it, is over half) are
    from lying on the cells' borders: :data:`EDGES_ON_BORDERS` less the ratio of the mean
    brightness gradient across the cells' borders (the band of :data:`BORDER_BAND` of a cell
    along each side) to the cells' mean, on the axis where it is lowest; 0 when above it, for
    kits other than square tiles of plain faces, or without a mask.

    Each cell of a lattice on square tiles holds one tile, whose outline (its edge, the gap or
    shadow between tiles) runs along the cell's borders: the gradient there is well above the
    cell's mean (the faces' pips and paint give the rest): measured 1.0-3.8 (99% over 1.1) on
    the 287 candidate readings within a cell of the truth of the independent renderer's
    Octopus and Textile photos (indie..final5, 172 photos). A lattice of another
    pitch or phase on one axis (its lines on every tile's middle, or on some tiles' edges
    only) puts the outlines across its cells' insides: no more gradient on its borders than
    elsewhere (final3/octopus-hard-065's lattice of rows 1.22 times the tiles: 0.80; 14 of
    the 79 readings 5 or more cells wrong measured under 1)."""
    if fg is None or kit.face_model != "solid":
        return 0.0
    layout = cv2.resize(fg, (td.cols, td.rows), interpolation=cv2.INTER_AREA) > 0.5
    if not layout.any():
        return 0.0
    ratios = []
    for g, axis in zip(grads if grads is not None else view_gradients(td), (1, 0)):
        grad = np.abs(g)
        # (the gradient's profile across a cell (ch x cw), over the layout's cells)
        cells = grad.reshape(td.rows, td.ch, td.cols, td.cw).transpose(0, 2, 1, 3)[layout]
        profile = cells.mean(axis=(0, 2 - axis))
        band = max(1, round(BORDER_BAND * len(profile)))
        border = np.r_[profile[:band], profile[-band:]].mean()
        ratios.append(border / max(float(profile.mean()), 1e-6))
    return max(0.0, EDGES_ON_BORDERS - min(ratios))


#: The layout's cells' mean gradient across their borders is at least their mean gradient on
#: a lattice on the tiles (see :func:`_edges_off_borders`): a ratio of 1 is no outline seen
#: along the borders at all (the least a right lattice measured, see there) ...
EDGES_ON_BORDERS = 1.0
#: ... the share of a cell's side along each border taken as its outline (the tiles' gap and
#: the lattice's error: a tenth of 48 px, 5 px) ...
BORDER_BAND = 0.1
#: ... and each unit of the ratio below it counts this much to the score (0.2 below, as a
#: misshapen cell of 1.52 times: +2).
EDGES_OFF_WEIGHT = 10.0


#: A board's frame is looked for on this many of the best lattices (with a profile, of the photo
#: and its white-balanced copy interleaved) and on the photo's own as many best: see
#: :func:`_frame_tops`.
#: (The count the search has always used on the photo's lattices, not measured anew: only
#: the white-balanced copy's lattices no longer take the photo's places.)
FRAME_LOOKS = 3


def _frame_tops(lattices: list[Lattice], tops: slice) -> list[Lattice]:
    """``lattices[tops]`` and then, in ``lattices``' order, those of the photo's own lattices
    (not located on its white-balanced copy: ``info["located_on"]``) ranked within ``tops``
    among the photo's that are not among them yet.

    With a profile the photo's lattices and its white-balanced copy's are interleaved (see
    :func:`vision.locate.interleaved`): the first :data:`FRAME_LOOKS` hold the photo's first two
    only, the copy's first taking the third's place. The copy adds looks, it does not crowd the
    photo's own lattices out of the frame's search: without a profile the frame is looked for on
    the photo's first :data:`FRAME_LOOKS` lattices, and so it is with one (looks p0 c0 p1 p2;
    the copy's later lattices are not added: the search stops at the first clear frame, and
    one on them ahead of p2 could take its place again). (Calibration measure Twelve Tiles seed
    3 photo 8: the board's lattice was the photo's third, fifth of the two interleaved, never
    looked at; a frame on a skewed lattice, 0.56 confident with the profile's colours, was taken
    instead of the board's, 0.81 with them.) Without a profile (one picture) it is the plain
    slice. ``tops`` is a slice of non-negative bounds (either may be None) and no step."""
    if tops.step is not None or any(b is not None and b < 0 for b in (tops.start, tops.stop)):
        raise ValueError(f"the frame's looks are a slice of non-negative bounds, no step: {tops}")
    start = tops.start or 0
    stop = len(lattices) if tops.stop is None else tops.stop
    kept: list[Lattice] = list(lattices[start:stop])
    # (the photo's own ranked within tops: past the slice, as a lattice's rank among the
    # photo's is never above its place among both)
    own = 0
    for k, lat in enumerate(lattices):
        if lat.info.get("located_on") is not None:
            continue
        if start <= own < stop and not start <= k < stop:
            kept.append(lat)
        own += 1
    return kept


def _frames(image: np.ndarray, palette: Palette, lattices: Iterable[Lattice], *, ring: int = 1
            ) -> list[tuple[Frame, Lattice]]:
    """The board frames found on ``lattices`` (looking ``ring`` cells beyond each, see
    :func:`vision.frame.find_frame`), in turn, until a clear one (see :func:`_clear`): no need
    to look further."""
    framed = []
    for lat in lattices:
        found = find_frame(image, lat, palette, ring=ring)
        if found is not None:
            framed.append((found, lat))
            if _clear(found):
                break
    return framed


def _reading_candidates(kit: Kit, lattices: list[Lattice], lattice: Lattice, frame: Frame | None,
                        board_cells: list[Lattice] = ()) -> list[Lattice]:
    """The lattices worth reading in full; the one whose cells read best is kept.

    A framed board: its 8x8 window (plus a ring), on each of ``board_cells`` (the cells placed
    within the board's strips, the lattice the frame was found on; the latter only where it
    puts the cells elsewhere, see :func:`_distinct`) or on ``lattice``. X-shaped tiles: the cell lattices behind the
    groove lines of the best few lattices (both phases). Other sector tiles: the lattice and its
    diagonal re-readings. Otherwise the two best lattices.
    """
    if frame is not None:
        fr, fc = frame.origin
        size = int(kit.board.get("size", FRAME)) if kit.board else FRAME
        # (the cells placed within the strips are mostly where the frame's lattice put them,
        # to a few hundredths of a cell: read once, as the strips placed them)
        return _distinct([lat.with_H(lat.H, rows=(fr - 1, fr + size), cols=(fc - 1, fc + size))
                          for lat in (board_cells or [lattice])])
    if lattices and lattices[0].info.get("source") == "mat":
        return lattices  # the cell lattices themselves, fitted on the mat's top-down view
    if kit.shape == "rounded-x":
        # X-shaped tiles have no straight outline: the straight lines may be their X grooves
        # (the cells' diagonals; see read_image for the lattice through the tiles' centres)
        return _distinct([v for lat in lattices[:3] for v in diagonal_variants(lat)])
    if kit.face_model == "sectors":
        return [lattice, *diagonal_variants(lattice)]
    return _distinct(lattices[:2])


#: Two lattices are the same reading when every cell centre of one lies within this share of a
#: cell of a cell centre of the other, and likewise its cell corners.
SAME_LATTICE = 0.05


def _distinct(lattices: list[Lattice]) -> list[Lattice]:
    """``lattices`` without those that put their cells where an earlier one does (up to whole
    cells of shift: the window is the same foreground's), which would read the same."""
    kept: list[Lattice] = []
    for lat in lattices:
        if not any(_same_cells(lat, other) for other in kept):
            kept.append(lat)
    return kept


def _same_cells(a: Lattice, b: Lattice) -> bool:
    rows = np.arange(a.rows[0], a.rows[1] + 1)
    cols = np.arange(a.cols[0], a.cols[1] + 1)
    cc, rr = np.meshgrid(cols, rows)
    pts = np.column_stack([cc.ravel(), rr.ravel()]).astype(float)
    for offset in (0.5, 0.0):  # cell centres, then cell corners
        q = _onto(a, b, pts + offset)
        if q is None or np.abs(q - offset - np.round(q - offset)).max() > SAME_LATTICE:
            return False
    return True


def _faced_cells(lattice: Lattice) -> set[tuple[int, int]] | None:
    """The cells ``(row, col)`` of an X-Tiles ``lattice`` that hold the faces it was fitted to
    and grew (``info["faces_xy"]``, image pixels, see :func:`vision.xtiles.tile_lattices`), or
    None for a lattice fitted to none (other lattices), which tells nothing of faces."""
    faces = lattice.info.get("faces_xy")
    if faces is None or not len(faces):
        return None
    return _face_cells(lattice, np.asarray(faces, float))


def _leave_out(decoded: dict, decode_doubts: list, cells: AbstractSet[tuple[int, int]],
               readings: list[CellReading], reason: str | None = None) -> list:
    """``cells`` taken out of ``decoded`` (in place) and ``decode_doubts`` ((cell, what, why),
    the list returned); with a ``reason``, each such cell whose occupancy was sure enough to
    be read as a tile (``occ_conf`` in ``readings`` at :data:`vision.cells.MAY_HOLD_CONF` or
    more) gets the doubt ``(cell, "occupied", reason)`` (below it, the unsure occupancy's own
    is given: see :func:`_assemble`)."""
    for cell in cells:
        del decoded[cell]
    kept = [d for d in decode_doubts if d[0] not in cells]
    if reason is not None:
        occ_conf = {(r.row, r.col): r.occ_conf for r in readings}
        kept += [(cell, "occupied", reason) for cell in sorted(cells)
                 if occ_conf[cell] >= MAY_HOLD_CONF]
    return kept


def _faceless_misfits(with_face: AbstractSet[tuple[int, int]] | None, decoded: dict, kit: Kit,
                      game: str, taken: AbstractSet[tuple[int, int]] = frozenset()) -> set:
    """The X-Tiles cells of ``decoded`` (cell -> (attrs, ...), see
    :func:`vision.decode.decode_readings`) whose reading names no tile of the set
    (:func:`vision.decode.names_no_tile`) and that are not among the cells ``with_face``, those
    holding the faces the lattice was fitted to and grew (:func:`_faced_cells`; None for a
    lattice fitted to none: an empty set).

    Each tile is one piece, a face of three paints within its rim, and the set holds each once.
    A cell where no face was found (by its paints' shape, its likeness to the faces, its
    outline) and whose colours make no tile of the set is a cloth's print beside the layout (a
    gingham's red square, flowers or stripes of the paints' colours: the independent renderer's
    photos indie x-tiles-normal-001, indieB hard-007, xt11dev normal-303, xt24dev normal-566),
    which stands out from the table as the tiles do; a tile found whose reading is unclear
    stays, flagged. (Such a reading is wrong either way: left out, a cloth's cell is read
    right, and a tile missed by the faces is missing instead of misread.) The cells ``taken``
    as the set's likeliest tile for a reading that named none
    (:data:`vision.decode.MISFIT_TAKEN`) count as such readings."""
    if with_face is None:
        return set()
    return {cell for cell, (attrs, _, _) in decoded.items()
            if cell not in with_face and (cell in taken or names_no_tile(kit, game, attrs))}


#: An X-Tiles cell that holds no face found (nor grown, see :func:`_face_cells`) and whose
#: edges clash (RULES.md: a placement must match every edge it shares) with at least this many
#: of its neighbours' is left empty: see :func:`_faceless_clashing`. Two: one clash is a
#: sector misread on either side of one edge, two or more on a cell of no face are the
#: neighbours' sectors seen through a gap they ring. Measured on the readings of the 354
#: X-Tiles development photos at 9941e72 (final16-25, xt50, xt50-old, xt51, xt52): of the 13
#: cells clashing with one neighbour, 12 held tiles (11 read right) and one a gap (xt52
#: hard-2771's (4, 3), left as read); of the 4 clashing with two or more, the 3 of no
#: face were no tiles (final25 normal-3801 and hard-3809, 3 of 3 and 2 of 2 neighbours,
#: occupancy 0.60; xt52 hard-2771's (2, 2), 2 of 4, occupancy 0.75, so no occupancy bar is
#: used) and the one with a face found (xt52 hard-2772, 2 of 3) a tile misread, kept. (Cells
#: (row, col) of the board read.)
CLASHING_NEIGHBOURS = 2
#: The doubt left on a cell :func:`_faceless_clashing` empties.
CLASHING_LEFT_OUT = ("left empty: no face was found here and its edges clash with its "
                     "neighbours'; this cell may hold a tile")


def _edge_clashes(decoded: dict, cell: tuple[int, int]) -> int:
    """How many of ``cell``'s neighbours in ``decoded`` (cell -> (attrs, ...), see
    :func:`vision.decode.decode_readings`) meet it across an edge read in another colour
    (cells whose edges are unknown clash with none)."""
    edges = decoded[cell][0].get("edges")
    clashes = 0
    for side, (dr, dc) in SIDE_STEP.items():
        other = decoded.get((cell[0] + dr, cell[1] + dc))
        if _edge_clash(edges, other[0].get("edges") if other is not None else None, side):
            clashes += 1
    return clashes


def _faceless_clashing(with_face: AbstractSet[tuple[int, int]] | None, decoded: dict
                       ) -> set[tuple[int, int]]:
    """The X-Tiles cells of ``decoded`` (cell -> (attrs, conf, doubts)) that are not among the
    cells ``with_face``, those holding the faces the lattice was fitted to and grew
    (:func:`_faced_cells`; None for a lattice fitted to none: an empty set), and whose edges
    clash with :data:`CLASHING_NEIGHBOURS` of their neighbours or more (:func:`_edge_clashes`).

    A gap ringed by tiles shows their sectors about it, three paints or more, and reads as a
    tile of the set whose sides are its neighbours' far sides, none of which match; a tile the
    faces missed reads its own sectors, which match its neighbours' but where one was misread.
    (Such a reading is wrong either way: left out, a gap is read right and a misread tile is
    missing instead of misread.)

    Each cell's clashes are counted against the cells read about it, faceless or not: two
    faceless neighbouring cells count each other, and a real tile the faces missed with two
    sectors misread on different edges would be emptied (none among the 354 development photos
    measured, see :data:`CLASHING_NEIGHBOURS`; its doubt, :data:`CLASHING_LEFT_OUT`, flags
    it)."""
    if with_face is None:
        return set()
    out = {cell for cell in decoded
           if cell not in with_face and _edge_clashes(decoded, cell) >= CLASHING_NEIGHBOURS}
    if out:
        logger.debug("x-tiles: cells %s hold no face and clash with %d neighbours or more: "
                     "left empty", sorted(out), CLASHING_NEIGHBOURS)
    return out


def _judged_readings(lattice: Lattice, readings: list[CellReading], kit: Kit, game: str
                     ) -> list[CellReading]:
    """The readings of a ``lattice`` that :func:`_read_best` judges and keeps: ``readings``,
    or for X-Tiles, when those read mostly as no tiles of the set (:data:`MIN_SET_FIT`), the
    same with the cells :func:`_faceless_misfits` finds as read (before decoding) left empty
    (misfits, or readings left unclear: both name no tile of the set).

    The lattice through the faces on a cloth printed in a paint's colour reads the cloth's
    squares beside the faces as cells of no tile of the set, and was refused for them, though
    the reading kept loses such cells anyway (a cloth's print beside the faces is no tile).
    (Measured: an independent renderer's photo on a red gingham, xt27 x-tiles-hard-909, the
    faces' lattice 34 cells read, 9 of them the tiles, set fit 0.38: no tiles found.) Where
    the reading fits the set, its cells are left to the set's filling in first (a tile the
    faces missed, its orange read yellow, is filled in right), as :func:`_read_image` does."""
    if kit.shape != "rounded-x" or set_fit(readings, kit, game) >= MIN_SET_FIT:
        return readings
    decoded = {(r.row, r.col): (r.attrs, r.attr_conf, r.doubts) for r in readings if r.occupied}
    faceless = _faceless_misfits(_faced_cells(lattice), decoded, kit, game)
    return _left_empty(readings, faceless)


def _assemble(game: str, kit: Kit, lattice: Lattice, readings: list[CellReading],
              decoded: dict, decode_doubts: list, shape: tuple[int, int], frame: Frame | None = None
              ) -> tuple[dict, Geometry, tuple]:
    occ = [r for r in readings if r.occupied]
    if frame is not None:
        # a frame board: rows and columns 0-7 of the frame
        r_min, c_min = frame.origin
    else:
        # board coordinates: the top-left occupied row and column are 0
        r_min = min(r.row for r in occ)
        c_min = min(r.col for r in occ)
    shift = np.array([[1, 0, c_min], [0, 1, r_min], [0, 0, 1.0]])
    H = lattice.H @ shift
    tiles = []
    doubts = []
    for rd in sorted(occ, key=lambda r: (r.row, r.col)):
        attrs, conf, tile_doubts = decoded[(rd.row, rd.col)]
        row, col = int(rd.row - r_min), int(rd.col - c_min)
        tile: dict[str, Any] = {"row": row, "col": col}
        unknown = False
        if kit.face_model == "solid":
            tile["colour"] = attrs.get("colour")
            if pips_shown(kit, game):
                tile["pips"] = attrs.get("pips")
                unknown |= tile["pips"] is None
            elif kit.pips and attrs.get("pips") is not None:
                tile["pips"] = attrs["pips"]  # optional in Textile: only when read clearly
            if game == "textile":
                conf.pop("pips", None)
                tile_doubts = [d for d in tile_doubts if d[0] != "pips"]
            unknown |= tile["colour"] is None
        elif kit.face_model == "symbol":
            tile["colour"] = attrs.get("colour")
            tile["symbol"] = attrs.get("symbol")
            unknown |= tile["colour"] is None or tile["symbol"] is None
        else:
            tile["edges"] = attrs.get("edges")
            unknown |= tile["edges"] is None
            if game == "x-tiles":
                tile["long_axis"] = attrs.get("long_axis")
                unknown |= tile["long_axis"] is None
        tile["confidence"] = round(float(min([rd.occ_conf] + list(conf.values()))), 3)
        if unknown:
            tile["unknown"] = True
        tiles.append(tile)
        for attribute, reason in tile_doubts:
            doubts.append({"row": row, "col": col, "attribute": attribute, "reason": reason})
    for (r, c), attribute, reason in decode_doubts:
        doubts.append({"row": int(r - r_min), "col": int(c - c_min), "attribute": attribute,
                       "reason": reason})
    for rd in readings:
        if not rd.occupied and rd.occ_conf < MAY_HOLD_CONF:
            doubts.append({"row": int(rd.row - r_min), "col": int(rd.col - c_min), "attribute": "occupied",
                           "reason": "this cell may hold a tile"})
    board: dict[str, Any] = {"game": game, "tiles": tiles}
    if frame is not None:
        board["borders"] = dict(frame.borders)
        if frame.confidence < CONFIDENCE_THRESHOLD:
            doubts.append({"row": None, "col": None, "attribute": "borders",
                           "reason": "the board's border colours are unclear"})
    cells = {}
    for rd in readings:
        r, c = int(rd.row - r_min), int(rd.col - c_min)
        cells[(r, c)] = apply_h(H, np.array([[c, r], [c + 1, r], [c + 1, r + 1], [c, r + 1]], float))
    geometry = Geometry(H=H, cells=cells,
                        rows=(int(lattice.rows[0] - r_min), int(lattice.rows[1] - r_min)),
                        cols=(int(lattice.cols[0] - c_min), int(lattice.cols[1] - c_min)),
                        image_size=(int(shape[1]), int(shape[0])))
    return board, geometry, tuple(doubts)


#: A photo of more pixels than this is read at half its size, of more than four times this at a
#: quarter (and so on to an eighth): a 12 MP phone photo at 3 MP, a 48 MP one at 3 MP, a PNG as
#: a JPEG of its size (JPEG decodes at a fraction of its size, others are shrunk after). The
#: reader needs far fewer pixels than a phone photo has.
WORKING_PIXELS = 6_000_000


def working_reduce(pixels: int) -> int:
    """The fraction (1, 2, 4 or 8) of a photo of ``pixels`` pixels that the reader reads: see
    :data:`WORKING_PIXELS`."""
    reduce = 1
    while reduce < 8 and pixels > WORKING_PIXELS * reduce ** 2:
        reduce *= 2
    return reduce


def _decoded(data: bytes, is_jpeg: bool, max_pixels: int, reduce: int) -> np.ndarray:
    """The photo ``data`` decoded at ``1 / reduce`` of its size ((H, W, 3) uint8 BGR; only JPEG
    decodes at a fraction of its size, others are shrunk after)."""
    if is_jpeg:
        return decode_image(data, max_pixels=max_pixels, reduce=reduce)
    image = decode_image(data, max_pixels=max_pixels)
    if reduce != 1:
        image = cv2.resize(image, (image.shape[1] // reduce, image.shape[0] // reduce),
                           interpolation=cv2.INTER_AREA)
    return image


def _read_again_finer(game: str, reduce: int) -> bool:
    """Whether a photo of ``game`` read at ``1 / reduce`` of its size in which no tiles were
    found is read again at twice that size (``reduce // 2``): X-Tiles' faces are told apart by
    their rims of unpainted wood (the independent renderer draws 0.8-3 mm; a real set's is
    unmeasured), and a layout of small tiles (far from the camera, or a small share of a wide
    view) keeps them a pixel or less wide at half size, where the paint joins neighbouring
    faces into shapes no tile has; at twice the size the rims are twice as wide. Only
    X-Tiles: its faces are found as painted blobs (:func:`vision.xtiles.tile_lattices`), the
    other games' lattices from lines and edges. (Measured on the 402 X-Tiles photos of the
    independent sets: of the 5 in which no tiles were found at half size, xt33 hard-1182 on an
    orange wood table reads 16 cells wrong -> 0, final13 hard-800 16 -> 12; those still failing
    take 1.4-8.5 s more.)"""
    return reduce != 1 and kit_for_game(game).shape == "rounded-x"


#: The games whose photos of small tiles are read again at full size (see
#: :func:`_tiles_too_small`): Octopus (the independent renderer's 592 Octopus photos 316 -> 287
#: wrong cells). Not Textile, whose solid tiles lie edge to edge: its 600 photos read 8 cells
#: worse at full size (4 photos worse, 1 better), its lattice resting on the tiles' colours
#: more than on their outlines.
SMALL_TILES_READ_AGAIN = frozenset({"octopus"})


def _tiles_too_small(game: str, reduce: int, reading: Reading) -> bool:
    """Whether a photo of ``game`` read at ``1 / reduce`` of its size is read again at twice
    that size because its tiles came out smaller there than the reader's own top-down view of
    a cell (``reading.info["pitch_px"]``, the lattice's pitch at the size read, under
    :func:`_cell_px`'s width): the view then only enlarges the photo's pixels, and the tiles'
    outlines (the gap between tiles, a toothed edge's fingers) are a pixel or two wide, too
    few for the line segments the lattice's perspective rests on (the independent renderer's
    final18 octopus-normal-1888: 40 px; one photo's evidence, unmeasured on real tiles).
    Octopus only (:data:`SMALL_TILES_READ_AGAIN`; its cell is the largest, 48 px, kept for the
    pips; should that width change for the pips, this rule changes with it)."""
    if reduce == 1 or game not in SMALL_TILES_READ_AGAIN:
        return False
    return reading.info.get("pitch_px", math.inf) < _cell_px(kit_for_game(game))[0]


def _finer_kept(fine: Reading, coarse: Reading) -> bool:
    """Whether ``fine``, a photo's reading at twice the size of ``coarse`` (see
    :func:`_tiles_too_small`), is kept in its place: unless it reads fewer die faces
    (``info["faces_read"]``, :func:`_faces_read`, of the lattice's cells before
    :mod:`vision.decode`'s rules: a face read is a tile wherever it lies) and
    scores no better (``info["score"]``, :func:`_score`, the measure a photo's readings are
    ranked by; none of it in pixels, so the two sizes' readings compare). Either measure alone
    misleads: more pixels give the lattice's lines their outlines, but the light is fitted
    again on them and may fit worse where the reading is better (the independent renderer's
    oct37 octopus-normal-1652 scored 2.02 at full size against 1.33 at half size, a tile more
    read), and a lattice sheared across the small tiles reads pieces of them as faces
    (final18 octopus-normal-1888 at half size: 30 faces, 3 of them pieces, against 29 at full
    size, scoring 4.20 against 2.10). A reading at full size that loses faces and scores worse
    lost part of the layout: col9 octopus-hard-776's lattice there covered 0.89 of it (20
    faces against 23, score 6.52 against 6.28)."""
    return (fine.info["faces_read"] >= coarse.info["faces_read"]
            or fine.info["score"] < coarse.info["score"])


def read_file(path: str | Path | bytes, *, game: str, profile: Mapping | None = None,
              camera: Mapping | None = None, max_pixels: int = MAX_PIXELS, use_mat: bool = True) -> Reading:
    """Load a photo (header checks, EXIF orientation) and read it; timing includes "decode".

    Large photos are read at a fraction of their size (see :data:`WORKING_PIXELS`); the
    geometry is reported in the photo's own pixels. An X-Tiles photo in which no tiles are
    found at that fraction is read again at twice that size (see :func:`_read_again_finer`),
    and an Octopus photo whose tiles read under :func:`_cell_px`'s width is read again at twice
    that size (see :func:`_tiles_too_small`), that reading kept unless it reads fewer die faces
    and scores no better (see :func:`_finer_kept`; a refused finer read's time counts in the
    total, as "refused finer read"; a failed one's is not counted).
    """
    t0 = time.perf_counter()
    data = load_image_bytes(path)
    header = read_header(data)
    # (a lens calibration holds for the photo's own size)
    reduce = 1 if camera else working_reduce(header.pixels)
    is_jpeg = header.format == "jpeg"
    image = _decoded(data, is_jpeg, max_pixels, reduce)
    timing = {"decode": (time.perf_counter() - t0) * 1000}
    t_read = time.perf_counter()

    def read_at(finer: int) -> Reading:
        """The photo decoded again at ``1 / finer`` of its size and read; the earlier read's
        time counts in the total as "reduced read", the new decode in "decode"."""
        timing["reduced read"] = (time.perf_counter() - t_read) * 1000
        t0 = time.perf_counter()
        image = _decoded(data, is_jpeg, max_pixels, finer)
        timing["decode"] += (time.perf_counter() - t0) * 1000
        return read_image(image, game=game, profile=profile, camera=camera, use_mat=use_mat,
                          _timing=timing)

    try:
        reading = read_image(image, game=game, profile=profile, camera=camera, use_mat=use_mat,
                             _timing=timing)
    except NoTilesFound as exc:
        if not _read_again_finer(game, reduce):
            raise
        finer = reduce // 2
        logger.info("no tiles found at 1/%d of the photo's size (%s): reading it at 1/%d",
                    reduce, exc, finer)
        try:
            reading = read_at(finer)  # (the first read's time counts in the total too)
        except NoTilesFound:
            raise exc from None
        reduce = finer
    if _tiles_too_small(game, reduce, reading):
        finer = reduce // 2
        logger.info("tiles of %.0f px at 1/%d of the photo's size: reading it at 1/%d",
                    reading.info["pitch_px"], reduce, finer)
        try:
            fine = read_at(finer)
        except NoTilesFound:  # (the reading at the smaller size stands)
            logger.info("no tiles found at 1/%d of the photo's size: kept its reading at 1/%d",
                        finer, reduce)
        else:
            if _finer_kept(fine, reading):
                reading, reduce = fine, finer
            else:
                logger.info("the reading at 1/%d (%d faces, score %.2f) reads fewer faces than at "
                            "1/%d (%d, %.2f) and scores no better: the first reading kept", finer,
                            fine.info["faces_read"], fine.info["score"], reduce,
                            reading.info["faces_read"], reading.info["score"])
                # (the refused read's time counts in the total: the photo took it)
                total, first = fine.timing_ms.get("total", 0.0), reading.timing_ms.get("total", 0.0)
                reading = replace(reading, timing_ms={**reading.timing_ms, "total": total,
                                                      "refused finer read": round(total - first, 2)})
    if reduce != 1:
        S = np.diag([reduce, reduce, 1.0])
        geo = reading.geometry
        geometry = Geometry(H=S @ geo.H, cells={k: v * reduce for k, v in geo.cells.items()},
                            rows=geo.rows, cols=geo.cols,
                            image_size=(geo.image_size[0] * reduce, geo.image_size[1] * reduce))
        reading = Reading(reading.board, reading.timing_ms, geometry, reading.doubts,
                          {**reading.info, "decode_reduce": reduce})
    return reading
