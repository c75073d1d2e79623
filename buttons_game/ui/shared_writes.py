"""Writes to the files every running copy shares, never waited for on the window's thread.

A shared write (a settings change, a finished game's count) is tried at once, without
waiting for its lock. When another copy holds the lock (a copy stopped with Ctrl-Z, a
debugger, a hung network disk) the write is handed to a worker that waits for it, and
once it has waited TELL_AFTER seconds the foot of the window says so until it is done.
What the worker finishes is handed back to the window's thread (``poll``, each frame),
so every notice and every change of what the screens show happens there.

Closing never waits: the worker is a daemon (ui/background.py). What it had not written
is put right at the next start: a finished game by the start-up count of the saves, a
settings change by the journal the settings keep (``Preferences.close``).
"""

from __future__ import annotations

import functools
import queue
import threading
import time
from collections.abc import Callable
from typing import TypeVar

from buttons_game.i18n import t
from buttons_game.locking import BusyError

from .background import Background

T = TypeVar("T")
Notify = Callable[[str, str], None]

TELL_AFTER = 1.0  # seconds a write waits for another copy before the window says so
TRY_SECONDS = 0.5  # the worker's tries: short, so a worker asked to stop soon does
RETELL_SECONDS = 4.0  # the notice is renewed while the write waits (a notice lasts 5 s)


class SharedWrites:
    """A write to a shared file now, or by a worker when another copy holds its lock."""

    def __init__(self, notify: Notify, withdraw: Callable[[str], None] | None = None) -> None:
        self.notify = notify
        self.withdraw = withdraw or (lambda text: None)  # a notice taken back
        self.worker = Background("shared-writes")
        self._guard = threading.Lock()
        self._queued: dict[str, tuple[str, float]] = {}  # key -> (file name, waiting since)
        self._told: dict[str, float] = {}  # file name -> when the window last said so
        self._done: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()

    def run(
        self,
        key: str,
        file_name: str,
        write: Callable[[float], T],
        done: Callable[[T], None],
        failed: Callable[[Exception], None],
        again: Callable[[], bool] = lambda: False,
    ) -> None:
        """``write(wait)`` at once; if another copy holds the lock, on the worker until
        it can. ``done(result)`` or ``failed(error)`` follows on the window's thread (at
        once, or at a ``poll``). A write with the ``key`` of one still queued is left to
        that one (it writes what is pending when it runs: ``again`` says whether more is
        pending after a write, so it goes round once more)."""
        problem: Exception | None = None
        with self._guard:
            if key in self._queued:
                return
            try:
                result = write(0.0)
            except BusyError:
                self._queued[key] = (file_name, time.monotonic())
            except Exception as error:  # told by ``failed``: never fatal
                problem = error
        if problem is not None:
            failed(problem)
        elif key in self._queued:
            self.worker.submit(self._wait_for, key, write, done, failed, again)
        else:
            done(result)

    def _wait_for(
        self,
        key: str,
        write: Callable[[float], T],
        done: Callable[[T], None],
        failed: Callable[[Exception], None],
        again: Callable[[], bool],
    ) -> None:
        while not self.worker.cancelled.is_set():
            try:
                result = write(TRY_SECONDS)
            except BusyError:
                continue
            except Exception as error:
                self._finish(key, functools.partial(failed, error))
                return
            with self._guard:
                if again():
                    continue
            self._finish(key, functools.partial(done, result))
            return

    def _finish(self, key: str, then: Callable[[], None]) -> None:
        with self._guard:
            self._queued.pop(key, None)
        self._done.put(then)

    @property
    def waiting(self) -> bool:
        """A write waits for another copy."""
        return bool(self._queued)

    def is_queued(self, key: str) -> bool:
        return key in self._queued

    def poll(self) -> bool:
        """On the window's thread, each frame: what the worker finished is handed on, and
        a write waiting for another copy longer than TELL_AFTER is said at the window's
        foot. True if anything was."""
        changed = False
        while True:
            try:
                then = self._done.get_nowait()
            except queue.Empty:
                break
            then()
            changed = True
        if not self._queued and not self._told:
            return changed  # the common frame: nothing waits, nothing was said
        with self._guard:
            waiting = dict(self._queued)
        waited = {file_name for file_name, _ in waiting.values()}
        for file_name in [name for name in self._told if name not in waited]:
            del self._told[file_name]  # it was said to wait: now it is written
            self.withdraw(t("shared.waiting", file=file_name))
            self.notify(t("shared.written", file=file_name), "good")
            changed = True
        now = time.monotonic()
        for file_name, since in sorted(waiting.values()):
            if now - since < TELL_AFTER or now - self._told.get(file_name, -1e9) < RETELL_SECONDS:
                continue
            self._told[file_name] = now
            self.notify(t("shared.waiting", file=file_name), "bad")
            changed = True
        return changed

    def close(self) -> None:
        """The app is closing: nothing is waited for (see the module's note)."""
        self.worker.shutdown()

    def settle(self, timeout: float = 10.0) -> bool:
        """For tests: wait until nothing is queued, handing results on; True if so."""
        ends = time.monotonic() + timeout
        while self._queued and time.monotonic() < ends:
            time.sleep(0.01)
        self.poll()
        return not self._queued
