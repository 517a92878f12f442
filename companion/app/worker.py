"""Work off the main thread: a :class:`Task` runs a function in a thread and hands its result
back to the main thread through ``Clock.schedule_once``.

Every task started through :func:`start` is counted in :data:`RUNNING`, so tests (and the busy
indicator) can wait deterministically: step frames until ``busy()`` is false.
"""
from __future__ import annotations

import logging
import threading
import traceback
from typing import Any, Callable

logger = logging.getLogger(__name__)

_LOCK = threading.Lock()
#: Tasks started and not yet delivered to the main thread.
RUNNING: set["Task"] = set()


class Task:
    """One piece of background work.

    ``on_done(result)`` or ``on_error(exc)`` is called on the main thread (next Clock tick)
    once the function returns; ``progress(fraction, text)`` may be called by the function
    (from its thread) and is forwarded to ``on_progress`` on the main thread.
    """

    def __init__(self, fn: Callable[..., Any], *, on_done: Callable[[Any], None] | None = None,
                 on_error: Callable[[BaseException], None] | None = None,
                 on_progress: Callable[[float, str], None] | None = None,
                 name: str = "task") -> None:
        self.fn = fn
        self.on_done = on_done
        self.on_error = on_error
        self.on_progress = on_progress
        self.name = name
        self.result: Any = None
        self.error: BaseException | None = None
        self.finished = False  # the function returned (result or error set)
        self.delivered = False  # callbacks ran on the main thread
        self.cancelled = False
        self._thread: threading.Thread | None = None

    def start(self, *args: Any, **kwargs: Any) -> "Task":
        with _LOCK:
            RUNNING.add(self)
        self._thread = threading.Thread(target=self._run, args=args, kwargs=kwargs,
                                        name=f"tile-companion-{self.name}", daemon=True)
        self._thread.start()
        return self

    def cancel(self) -> None:
        """Drop the result: callbacks will not be called (the thread still finishes)."""
        self.cancelled = True

    def progress(self, fraction: float, text: str = "") -> None:
        if self.on_progress is None or self.cancelled:
            return
        from kivy.clock import Clock

        Clock.schedule_once(lambda dt: self.on_progress and not self.cancelled
                            and self.on_progress(fraction, text), 0)

    def _run(self, *args: Any, **kwargs: Any) -> None:
        try:
            self.result = self.fn(*args, **kwargs)
        except BaseException as exc:  # delivered to on_error on the main thread
            self.error = exc
            logger.debug("task %s failed:\n%s", self.name, traceback.format_exc())
        self.finished = True
        from kivy.clock import Clock

        Clock.schedule_once(self._deliver, 0)

    def _deliver(self, dt: float = 0) -> None:
        try:
            if not self.cancelled:
                if self.error is not None:
                    if self.on_error is not None:
                        self.on_error(self.error)
                    else:
                        logger.error("task %s failed: %s", self.name, self.error)
                elif self.on_done is not None:
                    self.on_done(self.result)
        finally:
            self.delivered = True
            with _LOCK:
                RUNNING.discard(self)

    def join(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)


def start(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Task:
    """``start(fn, *args, on_done=..., on_error=..., on_progress=..., name=...)``.

    When ``fn`` accepts a ``task`` keyword it receives the :class:`Task` (for progress).
    """
    opts = {k: kwargs.pop(k) for k in ("on_done", "on_error", "on_progress", "name") if k in kwargs}
    task = Task(fn, **opts)
    import inspect

    try:
        wants_task = "task" in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        wants_task = False
    if wants_task:
        kwargs["task"] = task
    return task.start(*args, **kwargs)


def busy() -> bool:
    """True while some task has not yet been delivered to the main thread."""
    with _LOCK:
        return bool(RUNNING)
