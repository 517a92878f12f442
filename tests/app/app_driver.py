"""Drive the running app like a player: find buttons by their text, tap them with real touch
events, tap board cells, wait for background work by stepping frames, take screenshots, and
check that every visible control is a 48 dp touch target with unclipped text."""
from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any, Callable, Iterable

from kivy.core.window import Window
from kivy.metrics import dp
from kivy.tests.common import UnitTestTouch
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput

from companion.app import worker

REPO = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("TILE_COMPANION_SCREENSHOTS", REPO / "out" / "app-screenshots"))

# Kivy's own file chooser rows and popup title are not ours to size.
_FOREIGN = ("FileChooser", "FileListEntry", "FileIconEntry", "TreeView")


class VirtualTime:
    """The Kivy clock's time source, advanced by exactly one frame (1/60 s) per stepped frame,
    so animations and Clock delays (a ScrollView hands a tap on after 0.2 s, popups fade in
    0.1 s) are deterministic in frames whatever the machine's speed."""

    FRAME = 1 / 60

    def __init__(self) -> None:
        from kivy.clock import Clock

        self.clock = Clock
        self.now = Clock.time()
        # never sleep to keep a frame rate: a sleeping clock would wait for virtual time forever
        self.max_fps = Clock._max_fps
        Clock._max_fps = 0
        Clock.time = self.time

    def time(self) -> float:
        return self.now

    def step(self) -> None:
        self.now += self.FRAME

    def restore(self) -> None:
        self.clock._max_fps = self.max_fps
        try:
            del self.clock.time
        except AttributeError:
            pass


class Driver:
    def __init__(self, test: Any, app: Any, tag: str) -> None:
        self.test = test
        self.app = app
        self.tag = tag
        self.frames_waited = 0
        self.vtime = VirtualTime()

    # ------------------------------------------------------------------ time
    def frames(self, n: int = 3, *, draw: bool = False) -> None:
        """Step ``n`` frames: clock, input, kv rules and layout, as ``advance_frames`` does.

        Drawing (software OpenGL under Xvfb, ~0.1-0.3 s a frame on a busy machine) is only done
        when ``draw`` (screenshots use it): taps and layouts do not need pixels.
        """
        from kivy.base import EventLoop
        from kivy.clock import Clock
        from kivy.lang import Builder

        for _ in range(n):
            self.vtime.step()
            if draw:
                self.test.advance_frames(1)
                continue
            Clock.tick()
            EventLoop.dispatch_input()
            Builder.sync()
            Clock.tick_draw()
            Builder.sync()

    def settle_popups(self, max_frames: int = 120) -> None:
        """Step frames until dismissed popups have faded out and left the window (a closing
        popup still swallows touches)."""
        from kivy.uix.modalview import ModalView

        for _ in range(max_frames):
            closing = [w for w in Window.children if isinstance(w, ModalView) and not w._is_open]
            if not closing:
                return
            self.frames(1)
        raise AssertionError("a popup did not close")

    def wait_idle(self, timeout_s: float = 180.0) -> None:
        """Step frames until no background task is pending (the worker delivers its result
        through the Clock). Between frames, wait on the worker thread itself (a join, not a
        sleep), so the frames do not starve it of CPU."""
        import time

        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if not worker.busy() and not self.app.busy:
                self.frames(1)
                if not worker.busy() and not self.app.busy:
                    self.settle_popups()
                    return
            for task in list(worker.RUNNING):
                if not task.finished:
                    task.join(0.05)
            self.frames(1)
            self.frames_waited += 1
        raise AssertionError(f"background work did not finish in {timeout_s:.0f} s")

    # ------------------------------------------------------------------ finding widgets
    def roots(self) -> list[Any]:
        return list(Window.children)

    def walk(self) -> Iterable[Any]:
        for root in self.roots():
            yield from root.walk(restrict=True)

    def visible(self, w: Any, *, scrollable: bool = False) -> bool:
        """Shown (no zero opacity or size up the tree) and on screen, or, with ``scrollable``,
        inside a scroll view that can bring it on screen."""
        node = w
        while node is not None and node is not Window:
            if getattr(node, "opacity", 1) == 0 or node.width <= 0 or node.height <= 0:
                return False
            parent = node.parent
            if parent is node:
                break
            node = parent
        if scrollable and any(isinstance(p, ScrollView) for p in _parents(w)):
            return True
        x, y = w.to_window(*w.center)
        return 0 <= x <= Window.width and 0 <= y <= Window.height

    def find(self, pred: Callable[[Any], bool]) -> list[Any]:
        top = self.roots()[0] if self.roots() else None  # popups are added on top (index 0)
        out = [w for w in (top.walk(restrict=True) if top else []) if pred(w)]
        return out

    def button(self, text: str, *, exact: bool = False) -> Any:
        """The visible button whose text contains ``text`` (on the topmost layer)."""
        def match(w: Any) -> bool:
            if not isinstance(w, ButtonBehavior) or not isinstance(w, Label):
                return False
            t = w.text.replace(">> ", "").replace(" <<", "")
            return (t == text if exact else text.lower() in t.lower()) and self.visible(w, scrollable=True)
        found = self.find(match)
        if not found:
            texts = [w.text for w in self.find(lambda w: isinstance(w, ButtonBehavior) and isinstance(w, Label))]
            raise AssertionError(f"no visible button {text!r}; buttons: {texts}")
        return found[0]

    def has_button(self, text: str) -> bool:
        try:
            self.button(text)
            return True
        except AssertionError:
            return False

    def choose_file(self, chooser: Any, path: Path) -> None:
        """Point a Kivy file chooser at ``path``'s folder, wait until it has listed the folder
        (it lists over several frames and clears the selection when done), select the file."""
        chooser.path = str(path.parent)
        for _ in range(2000):
            self.frames(1)
            if str(path) in chooser.files and getattr(chooser, "_gitems_gen", None) is None:
                break  # listing finished (Kivy clears its generator when done)
        assert str(path) in chooser.files, f"the file chooser does not list {path}"
        self.frames(2)
        chooser.selection = [str(path)]
        self.frames(1)

    # ------------------------------------------------------------------ touching
    def tap_at(self, x: float, y: float) -> None:
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.touch_up()
        self.frames(1)

    def tap(self, widget: Any) -> None:
        """Tap the middle of ``widget`` with a real touch; a button must receive it."""
        assert not widget.disabled, f"{getattr(widget, 'text', widget)!r} is disabled"
        self._scroll_into_view(widget)
        x, y = widget.to_window(*widget.center)
        released = []
        if isinstance(widget, ButtonBehavior):
            widget.fbind("on_release", lambda *_: released.append(True))
        self.tap_at(x, y)
        if isinstance(widget, ButtonBehavior):
            # a ScrollView hands a tap on to its children on later clock ticks
            for _ in range(120):
                if released:
                    break
                self.frames(1)
            assert released, (f"the tap at ({x:.0f}, {y:.0f}) did not reach "
                              f"{type(widget).__name__}({getattr(widget, 'text', '')!r})")
        self.settle_popups()

    def press(self, text: str, *, exact: bool = False) -> None:
        self.tap(self.button(text, exact=exact))

    def _scroll_into_view(self, widget: Any) -> None:
        node = widget.parent
        while node is not None and node is not Window:
            if isinstance(node, ScrollView):
                x0, y0 = widget.to_window(widget.x, widget.y)
                x1, y1 = widget.to_window(widget.right, widget.top)
                sx0, sy0 = node.to_window(node.x, node.y)
                sx1, sy1 = node.to_window(node.right, node.top)
                if y0 < sy0 - 1 or y1 > sy1 + 1:  # not wholly in view: scroll to it
                    node.scroll_to(widget, padding=10, animate=False)
                    self.frames(2)
                return
            node = node.parent

    def tap_cell(self, board_view: Any, cell: tuple[int, int]) -> None:
        x, y, size = board_view.cell_rect(cell)
        wx, wy = board_view.to_window(x + size / 2, y + size / 2)
        self.tap_at(wx, wy)

    # ------------------------------------------------------------------ screenshots and layout
    def shot(self, name: str) -> Path:
        self.frames(2)
        self.frames(2, draw=True)
        folder = SHOTS / self.tag
        folder.mkdir(parents=True, exist_ok=True)
        made = Window.screenshot(str(folder / f"{name}.png"))
        target = folder / f"{name}.png"
        shutil.move(made, target)
        return target

    def layout_problems(self) -> list[str]:
        """Visible controls smaller than 48 dp, and visible text that does not fit its widget."""
        problems = []
        for w in self.walk():
            cls = type(w).__name__
            if any(f in cls for f in _FOREIGN) or not self.visible(w):
                continue
            if any(any(f in type(p).__name__ for f in _FOREIGN) for p in _parents(w)):
                continue
            name = f"{cls}({getattr(w, 'text', '')[:30]!r})"
            if isinstance(w, (ButtonBehavior, TextInput)):
                if w.height < dp(48) - 0.5 or w.width < dp(48) - 0.5:
                    problems.append(f"{name} is {w.width:.0f}x{w.height:.0f} px, under 48 dp")
            if isinstance(w, Label) and w.text and w.texture_size[0] > 0:
                tw, th = w.texture_size
                if tw > w.width + 2 or th > w.height + 2:
                    problems.append(f"{name} text {tw}x{th} does not fit {w.width:.0f}x{w.height:.0f}")
        return problems


def _parents(w: Any) -> Iterable[Any]:
    node = w.parent
    while node is not None and node is not Window and node.parent is not node:
        yield node
        node = node.parent
