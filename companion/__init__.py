"""Tile Companion: scores real tabletop tile games from photos of the table."""

__version__ = "0.1.0"
