"""Work off the window's thread that never keeps the app from closing.

``Background`` runs its jobs one at a time, in order, on a daemon thread, and hands
each result back as a ``Future`` (like a one-worker ``ThreadPoolExecutor``, whose
threads the interpreter waits for at exit: a long coach review kept the process
running for a minute after its window closed). ``shutdown`` cancels the jobs not
started and sets ``cancelled``, which long jobs (the coach's review) check to stop
early; whatever still runs ends with the process.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")

_Job = tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]


class Background:
    """One daemon worker thread for a screen's or a session's jobs."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.cancelled = threading.Event()
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._guard = threading.Lock()

    def submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        """Run ``fn(*args)`` after the jobs before it; a job submitted after ``shutdown``
        is cancelled at once."""
        future: Future[T] = Future()
        if self.cancelled.is_set():
            future.cancel()
            return future
        self._jobs.put((future, fn, args))
        with self._guard:
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name=self.name, daemon=True)
                self._thread.start()
        return future

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            future, fn, args = job
            if self.cancelled.is_set() or not future.set_running_or_notify_cancel():
                future.cancel()
                continue
            try:
                result = fn(*args)
            except BaseException as error:  # handed to whoever reads the future
                future.set_exception(error)
            else:
                future.set_result(result)

    def shutdown(self, wait: bool = False, cancel_futures: bool = True) -> None:
        """Stop: jobs not started are cancelled and the running one is asked to stop
        (``cancelled``); ``wait`` waits for it (the tests do)."""
        self.cancelled.set()
        while True:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                break
            if job is not None:
                job[0].cancel()
        self._jobs.put(None)
        thread = self._thread
        if wait and thread is not None:
            thread.join()

    @property
    def busy(self) -> bool:
        """A job is running or waiting."""
        thread = self._thread
        return thread is not None and thread.is_alive() and not self.cancelled.is_set()
