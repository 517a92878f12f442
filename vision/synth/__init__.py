"""Synthetic phone photos of tile games, for building and measuring the reader.

``render_board(board, seed=..., difficulty=...)`` draws a board (FORMATS.md dict) of any kit as
a phone would photograph it on a table and returns the JPEG with its truth sidecar; see
:mod:`vision.synth.render`. This package never imports ``companion``.
"""
from vision.synth.presets import DIFFICULTIES, PRESETS, SceneParams, sample_scene
from vision.synth.render import DEFAULT_SIZE, Render, render_board
from vision.synth.truth import sidecar_path, turn_board

__all__ = ["DIFFICULTIES", "PRESETS", "DEFAULT_SIZE", "Render", "SceneParams", "render_board",
           "sample_scene", "sidecar_path", "turn_board"]
