"""A photo (with its overlay) that maps taps to board cells through the reading's geometry."""
from __future__ import annotations

from typing import Any

from kivy.properties import ObjectProperty
from kivy.uix.image import Image

from companion.app.overlay import cell_at_point


class PhotoView(Image):
    """Shows ``texture``; ``polygons`` maps cells to photo-pixel polygons (display scale
    ``scale`` = texture pixels / photo pixels). Fires ``on_cell_tap(cell)``."""

    polygons = ObjectProperty({}, force_dispatch=True)
    photo_size = ObjectProperty(None, allownone=True)  # (width, height) of the original photo

    __events__ = ("on_cell_tap",)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("fit_mode", "contain")
        super().__init__(**kwargs)

    def photo_point(self, x: float, y: float) -> tuple[float, float] | None:
        """Window point -> photo pixel ``(x, y)`` (origin top left), or None outside the photo."""
        if self.texture is None:
            return None
        nw, nh = self.norm_image_size
        if nw <= 0 or nh <= 0:
            return None
        left = self.center_x - nw / 2
        bottom = self.center_y - nh / 2
        u = (x - left) / nw
        v = 1 - (y - bottom) / nh
        if not (0 <= u <= 1 and 0 <= v <= 1):
            return None
        pw, ph = self.photo_size or self.texture.size
        return u * pw, v * ph

    def point_of_cell(self, cell: tuple[int, int]) -> tuple[float, float] | None:
        """Window point at the centre of ``cell``'s polygon on the shown photo (or None)."""
        poly = self.polygons.get(tuple(cell)) if self.polygons else None
        if poly is None or self.texture is None:
            return None
        nw, nh = self.norm_image_size
        pw, ph = self.photo_size or self.texture.size
        px, py = poly.mean(axis=0)
        x = self.center_x - nw / 2 + px / pw * nw
        y = self.center_y - nh / 2 + (1 - py / ph) * nh
        return self.to_window(x, y)

    def on_touch_down(self, touch):
        if self.disabled or self.opacity == 0:
            return False  # hidden behind the board view
        if not self.collide_point(*touch.pos) or not self.polygons:
            return super().on_touch_down(touch)
        p = self.photo_point(*touch.pos)
        cell = cell_at_point(self.polygons, *p) if p else None
        if cell is None:
            return super().on_touch_down(touch)
        touch.ud["photo_cell"] = cell
        touch.grab(self)
        return True

    def on_touch_up(self, touch):
        if touch.grab_current is self:
            touch.ungrab(self)
            cell = touch.ud.get("photo_cell")
            if cell is not None:
                self.dispatch("on_cell_tap", cell)
            return True
        return super().on_touch_up(touch)

    def on_cell_tap(self, cell) -> None:
        pass
