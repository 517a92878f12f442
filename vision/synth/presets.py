"""Difficulty presets and the random draw of one scene's parameters.

A preset gives ranges; :func:`sample_scene` draws one :class:`SceneParams` from them with a
``numpy.random.Generator``, so a scene is fully determined by (preset, seed).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from vision.synth.table import TABLE_KINDS

DIFFICULTIES = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Preset:
    """Ranges ``(lo, hi)`` of every scene parameter; probabilities are 0-1."""

    tilt_deg: tuple[float, float]
    yaw_jitter_deg: float  # about a random quarter turn; 45 means any rotation
    roll_deg: float
    fill: tuple[float, float]  # board extent / image short side
    off_centre: float
    k1: tuple[float, float]
    gap_mm: tuple[float, float]
    twist_deg: float
    temperature_k: tuple[float, float]
    awb: tuple[float, float]  # fraction of the light's colour cast the camera removes
    gradient: tuple[float, float]  # brightest / darkest across the picture
    directional: tuple[float, float]  # share of the light that is directional
    light_elev_deg: tuple[float, float]
    glare_p: float
    paint_var: float
    clutter_p: float
    tables: tuple[str, ...]
    noise: tuple[float, float]  # sigma (8-bit levels) at mid grey, at 12 MP
    defocus_px: tuple[float, float]  # Gaussian sigma at 12 MP
    dof_p: float  # chance of a depth-of-field falloff towards the far side
    motion_p: float
    motion_px: tuple[float, float]
    jpeg: tuple[int, int]
    vignette: tuple[float, float]
    portrait_p: float
    sharpen: tuple[float, float]
    exposure_ev: float  # +- error of the camera's auto exposure, in stops
    mixed_p: float  # chance of a second light of another colour (window + lamp)
    sheen: tuple[float, float]  # broad reflection of the room on glossy faces
    table_edge_p: float = 0.0  # chance that the far edge of the table and the floor show


PRESETS: dict[str, Preset] = {
    "easy": Preset(
        tilt_deg=(0, 10), yaw_jitter_deg=6, roll_deg=1.5, fill=(0.65, 0.88), off_centre=0.05,
        k1=(0.0, 0.02), gap_mm=(0.0, 0.8), twist_deg=1.0, temperature_k=(4800, 6200),
        awb=(0.9, 1.0), gradient=(1.0, 1.15), directional=(0.2, 0.4), light_elev_deg=(55, 80),
        glare_p=0.0, paint_var=0.02, clutter_p=0.0, tables=("wood", "felt", "laminate"),
        noise=(1.0, 2.0), defocus_px=(0.0, 0.6), dof_p=0.0, motion_p=0.0, motion_px=(0, 0),
        jpeg=(88, 92), vignette=(0.0, 0.1), portrait_p=0.0, sharpen=(0.0, 0.3), exposure_ev=0.1,
        mixed_p=0.0, sheen=(0.0, 0.0)),
    "normal": Preset(
        tilt_deg=(0, 30), yaw_jitter_deg=45, roll_deg=4, fill=(0.55, 0.88), off_centre=0.1,
        k1=(0.0, 0.05), gap_mm=(0.0, 1.5), twist_deg=2.0, temperature_k=(3500, 6500),
        awb=(0.8, 0.95), gradient=(1.1, 1.45), directional=(0.3, 0.6), light_elev_deg=(40, 75),
        glare_p=0.35, paint_var=0.04, clutter_p=0.5, tables=TABLE_KINDS,
        noise=(1.5, 4.0), defocus_px=(0.4, 1.5), dof_p=0.3, motion_p=0.15, motion_px=(3, 8),
        jpeg=(78, 92), vignette=(0.1, 0.3), portrait_p=0.2, sharpen=(0.2, 0.6), exposure_ev=0.3,
        mixed_p=0.2, sheen=(0.0, 0.15), table_edge_p=0.3),
    "hard": Preset(
        tilt_deg=(20, 45), yaw_jitter_deg=45, roll_deg=8, fill=(0.5, 0.85), off_centre=0.15,
        k1=(0.02, 0.08), gap_mm=(0.0, 2.0), twist_deg=3.0, temperature_k=(2700, 6500),
        awb=(0.68, 0.9), gradient=(1.25, 1.9), directional=(0.4, 0.8), light_elev_deg=(25, 60),
        glare_p=0.7, paint_var=0.06, clutter_p=0.85, tables=TABLE_KINDS,
        noise=(3.0, 7.0), defocus_px=(0.8, 2.5), dof_p=0.7, motion_p=0.35, motion_px=(4, 14),
        jpeg=(70, 85), vignette=(0.2, 0.45), portrait_p=0.3, sharpen=(0.4, 0.9), exposure_ev=0.35,
        mixed_p=0.5, sheen=(0.05, 0.22), table_edge_p=0.6),
}


@dataclass(frozen=True)
class SceneParams:
    """One drawn scene (angles in degrees, lengths in mm, light in kelvin)."""

    difficulty: str
    tilt_deg: float
    yaw_deg: float
    roll_deg: float
    fill: float
    target_offset: tuple[float, float]  # fractions of the board extent
    k1: float
    gap_mm: float
    twist_deg: float
    temperature_k: float
    awb: float
    gradient: float
    gradient_dir_deg: float
    directional: float
    light_elev_deg: float
    light_azimuth_deg: float
    glare: bool
    glare_pos: tuple[float, float]  # fractions of the image size
    glare_size: float  # fraction of the image diagonal
    glare_strength: float
    paint_var: float
    clutter: bool
    table: str
    noise: float
    defocus_px: float
    dof: float  # extra blur sigma at the far edge (0: none)
    motion_px: float
    motion_angle_deg: float
    jpeg_quality: int
    vignette: float
    portrait: bool
    sharpen: float
    exposure_ev: float
    second_light_k: float  # 0: one light only
    sheen: float
    focal_equiv_mm: float

    def to_json(self) -> dict:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in asdict(self).items()}


def _u(rng: np.random.Generator, lohi: tuple[float, float]) -> float:
    return float(rng.uniform(lohi[0], lohi[1])) if lohi[1] > lohi[0] else float(lohi[0])


def sample_scene(difficulty: str, rng: np.random.Generator) -> SceneParams:
    """Draw one scene of ``difficulty`` (``easy``, ``normal`` or ``hard``)."""
    try:
        p = PRESETS[difficulty]
    except KeyError:
        raise ValueError(f"unknown difficulty {difficulty!r} (one of {', '.join(DIFFICULTIES)})") from None
    glare = bool(rng.random() < p.glare_p)
    motion = bool(rng.random() < p.motion_p)
    return SceneParams(
        difficulty=difficulty,
        tilt_deg=_u(rng, p.tilt_deg),
        yaw_deg=float(90 * rng.integers(4) + rng.uniform(-p.yaw_jitter_deg, p.yaw_jitter_deg)),
        roll_deg=float(rng.uniform(-p.roll_deg, p.roll_deg)),
        fill=_u(rng, p.fill),
        target_offset=(float(rng.uniform(-p.off_centre, p.off_centre)),
                       float(rng.uniform(-p.off_centre, p.off_centre))),
        k1=_u(rng, p.k1),
        gap_mm=_u(rng, p.gap_mm),
        twist_deg=p.twist_deg,
        temperature_k=_u(rng, p.temperature_k),
        awb=_u(rng, p.awb),
        gradient=_u(rng, p.gradient),
        gradient_dir_deg=float(rng.uniform(0, 360)),
        directional=_u(rng, p.directional),
        light_elev_deg=_u(rng, p.light_elev_deg),
        light_azimuth_deg=float(rng.uniform(0, 360)),
        glare=glare,
        glare_pos=(float(rng.uniform(0.25, 0.75)), float(rng.uniform(0.25, 0.75))),
        glare_size=float(rng.uniform(0.04, 0.12)),
        glare_strength=float(rng.uniform(0.5, 1.2)) if glare else 0.0,
        paint_var=p.paint_var,
        clutter=bool(rng.random() < p.clutter_p),
        table=str(p.tables[int(rng.integers(len(p.tables)))]),
        noise=_u(rng, p.noise),
        defocus_px=_u(rng, p.defocus_px),
        dof=float(rng.uniform(1.0, 3.0)) if rng.random() < p.dof_p else 0.0,
        motion_px=_u(rng, p.motion_px) if motion else 0.0,
        motion_angle_deg=float(rng.uniform(0, 180)),
        jpeg_quality=int(rng.integers(p.jpeg[0], p.jpeg[1] + 1)),
        vignette=_u(rng, p.vignette),
        portrait=bool(rng.random() < p.portrait_p),
        sharpen=_u(rng, p.sharpen),
        exposure_ev=float(rng.uniform(-p.exposure_ev, p.exposure_ev)),
        second_light_k=float(rng.uniform(2700, 7500)) if rng.random() < p.mixed_p else 0.0,
        sheen=_u(rng, p.sheen),
        focal_equiv_mm=float(rng.uniform(24, 28)),
    )
