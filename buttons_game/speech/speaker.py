"""The speaker: announcements go to a backend on a thread of their own, so the frame loop
never waits for speech. A new announcement may interrupt a stale one (``interrupt``), a key
stops speech at once (``stop``), and everything said is kept in a history the player can
step back through (``older`` / ``newer`` / ``repeat``).

A screen reader gives no "finished speaking" signal, so the speaker estimates how long an
announcement takes at the chosen rate (``speaking_seconds``); a table's driver waits that
long (or for a key) before a bot's next visible move (``busy``).
"""

from __future__ import annotations

import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from .backends import Backend

HISTORY = 500  # announcements kept for stepping back
WORDS_PER_SECOND = 2.9  # a voice at its normal rate (about 175 words a minute)
CHARS_PER_SECOND = 7.0  # for scripts without spaces (Japanese)
PAUSE = 0.25  # seconds around an announcement


def speaking_seconds(text: str, rate: float = 1.0) -> float:
    """About how long ``text`` takes to say at ``rate`` (1.0: normal)."""
    words = len(text.split())
    if words <= 1 and len(text) > 12:  # one long run of characters: no spaces between words
        seconds = len(text) / CHARS_PER_SECOND
    else:
        seconds = words / WORDS_PER_SECOND
    return PAUSE + seconds / max(rate, 0.25)


@dataclass(frozen=True)
class Said:
    """One announcement: its text, its language and what it is (a tag for filtering)."""

    text: str
    language: str
    kind: str = "info"


class Speaker:
    """Announcements to ``backend`` on the speaker's own thread, never blocking the caller."""

    def __init__(
        self,
        backend: Backend,
        *,
        language: str = "en",
        rate: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.backend = backend
        self.language = language
        self.rate = rate
        self.clock = clock
        self.history: deque[Said] = deque(maxlen=HISTORY)
        self.cursor: int | None = None  # where stepping through the history is
        self.speaking_until = 0.0
        self.errors = 0
        self._orders: queue.SimpleQueue[tuple[int, Said, bool] | None] = queue.SimpleQueue()
        self._generation = 0  # bumped by each stop and interrupt: what waits is dropped
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="speaker", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------ the caller's side
    def say(self, text: str, *, interrupt: bool = False, kind: str = "info") -> None:
        """Announce ``text`` (kept in the history); ``interrupt``: stop what is being said
        and drop what waits, this is newer."""
        text = " ".join(text.split())
        if not text:
            return
        said = Said(text, self.language, kind)
        self.history.append(said)
        self.cursor = None
        self._queue(said, interrupt)

    def stop(self) -> None:
        """Stop speaking at once (the Ctrl key)."""
        with self._lock:
            self._generation += 1
        self.speaking_until = self.clock()
        self._stop_backend()

    def busy(self) -> bool:
        """Whether the last announcement is probably still being said."""
        return self.clock() < self.speaking_until

    def repeat(self) -> Said | None:
        """Say the last announcement again."""
        if not self.history:
            return None
        last = self.history[-1]
        self._queue(last, True)
        return last

    def older(self) -> Said | None:
        """Step back through the history (the first call: the newest)."""
        if not self.history:
            return None
        index = len(self.history) - 1 if self.cursor is None else max(self.cursor - 1, 0)
        self.cursor = index
        self._queue(self.history[index], True)
        return self.history[index]

    def newer(self) -> Said | None:
        """Step forward through the history again."""
        if not self.history or self.cursor is None:
            return None
        self.cursor = min(self.cursor + 1, len(self.history) - 1)
        self._queue(self.history[self.cursor], True)
        return self.history[self.cursor]

    def close(self) -> None:
        self.stop()
        self._orders.put(None)
        self._thread.join(timeout=2)
        self.backend.close()

    def _queue(self, said: Said, interrupt: bool) -> None:
        now = self.clock()
        start = now if interrupt else max(now, self.speaking_until)
        self.speaking_until = start + speaking_seconds(said.text, self.rate)
        with self._lock:
            if interrupt:
                self._generation += 1
            generation = self._generation
        if interrupt:
            self._stop_backend()  # at once: the stale words end now, not when the thread looks
        self._orders.put((generation, said, interrupt))

    def _stop_backend(self) -> None:
        try:
            self.backend.stop()
        except Exception:  # noqa: BLE001 — a voice that fails must not end the game
            self.errors += 1

    def _current(self, generation: int) -> bool:
        with self._lock:
            return generation == self._generation

    # ------------------------------------------------------------------ the thread
    def _run(self) -> None:
        while (order := self._orders.get()) is not None:
            generation, said, interrupt = order
            if not self._current(generation):
                continue  # a stop or a newer interrupt came after it was queued
            try:
                if not interrupt:
                    self.backend.wait_until_quiet()  # after what is being said
                if self._current(generation):
                    self.backend.speak(said.text, said.language, self.rate, interrupt)
            except Exception:  # noqa: BLE001 — a voice that fails must not end the game
                self.errors += 1


__all__ = ["Said", "Speaker", "speaking_seconds"]
