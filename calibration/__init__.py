"""Learns a user's set (colours, symbols) and camera; generates the printable play mat.

Modules: :mod:`calibration.learn` (a profile from a photo of a known layout),
:mod:`calibration.reference` (the built-in layouts), :mod:`calibration.profile` (the versioned
profile document), :mod:`calibration.adapt` (white balance, photo colour clustering, learning
from confirmed tiles), :mod:`calibration.views` and :mod:`calibration.evaluate` (synthetic
measurements). The play mat and the camera model live in ``vision.mat`` and ``vision.camera``.

Importing this package is cheap; heavy modules load when used.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from calibration.learn import Calibration
    from calibration.reference import Layout


def calibrate(photo: "str | Path | bytes | np.ndarray", *, game: str,
              layout: "str | Path | Layout | None" = None, camera: Mapping[str, Any] | None = None
              ) -> "Calibration":
    """Learn a profile from a photo of a calibration layout (the whole of ``calibrate``).

    Parameters
    ----------
    photo : a path, encoded image bytes, or an (H, W, 3) uint8 BGR image.
    game : the game the set is played with (picks the kit and the reader).
    layout : a layout file, a built-in layout name, a :class:`calibration.reference.Layout`, or
        ``None`` for the game's built-in layout.
    camera : a camera profile (undistort first; kept in the profile).

    Returns
    -------
    calibration.learn.Calibration
        ``.profile`` (a validated profile dict), ``.alignment``, ``.warnings``.

    Raises
    ------
    calibration.learn.CalibrationError, calibration.reference.LayoutError,
    vision.errors.VisionError (unreadable photo, no tiles found).
    """
    import numpy as np

    from calibration.learn import calibrate_image
    from calibration.reference import Layout, layout_for_game, load_layout
    from vision.load import load_image

    if layout is None:
        the_layout = layout_for_game(game)
    elif isinstance(layout, Layout):
        the_layout = layout
    else:
        the_layout = load_layout(layout, game=game)
    image = photo if isinstance(photo, np.ndarray) else load_image(photo)
    source = Path(photo).name if isinstance(photo, (str, Path)) else ""
    return calibrate_image(image, the_layout, game=game, camera=camera, source=source)
