"""Where sessions, photos and profiles live on disk.

``TILE_COMPANION_DATA_DIR`` overrides the folder (FORMATS.md); otherwise it is
``platformdirs.user_data_dir("tile-companion")``.
"""
from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "TILE_COMPANION_DATA_DIR"
APP_NAME = "tile-companion"
DB_NAME = "sessions.sqlite3"
PHOTOS_DIR = "photos"


def data_dir() -> Path:
    """The user's data folder (not created here)."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def default_db_path() -> Path:
    """``<data dir>/sessions.sqlite3``."""
    return data_dir() / DB_NAME


def photos_dir_for(db_path: Path) -> Path:
    """Photos are kept in ``photos/`` beside the database they belong to."""
    return db_path.parent / PHOTOS_DIR
