"""Reusable widgets of the app (the only kivy-importing package is ``companion.app``)."""
