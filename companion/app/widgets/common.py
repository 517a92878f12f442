"""Small shared widgets: buttons with phone-size touch targets, wrapping labels, a header bar,
colour swatches and a simple message popup."""
from __future__ import annotations

from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.popup import Popup
from kivy.uix.togglebutton import ToggleButton
from kivy.uix.widget import Widget
from pathlib import Path

#: Smallest touch target (Material guidance: 48 dp).
TOUCH = dp(48)

Builder.load_file(str(Path(__file__).with_name("common.kv")))


class InstantPopup(Popup):
    """A popup that opens and closes without the fade: a fast "Apply" right after opening
    otherwise races Kivy's two fade animations and can leave the popup on screen."""

    def open(self, *args, **kwargs):
        kwargs["animation"] = False
        return super().open(*args, **kwargs)

    def dismiss(self, *args, **kwargs):
        kwargs["animation"] = False
        return super().dismiss(*args, **kwargs)


class BigButton(Button):
    """A button at least 48 dp high whose text wraps instead of being clipped."""


class DangerButton(BigButton):
    pass


class ChoiceButton(ToggleButton):
    """A toggle button at least 48 dp high (used as a radio button through ``group``)."""


class WrapLabel(Label):
    """A label that wraps to its width and grows to its text's height."""


class Title(WrapLabel):
    pass


class Header(BoxLayout):
    """The bar at the top of each screen: back button, title."""

    title = StringProperty("")
    back_text = StringProperty("Back")


class Swatch(Widget):
    rgba = ListProperty([0.5, 0.5, 0.5, 1])


def message(title: str, text: str) -> Popup:
    """Show a short message; returns the popup (already open)."""
    box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(12))
    label = WrapLabel(text=text)
    box.add_widget(label)
    ok = BigButton(text="OK")
    box.add_widget(ok)
    popup = InstantPopup(title=title, content=box, size_hint=(0.9, None), height=dp(260),
                  auto_dismiss=True)
    ok.bind(on_release=popup.dismiss)
    popup.open()
    return popup
