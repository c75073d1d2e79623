"""Hints are worked out on a worker thread, so the window never freezes while they are
(the bots think on their match's worker: ``core.match``). The games differ only in how
advice is worked out (``advise``); each game's session says it.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Generic, TypeVar

from buttons_game.ui.background import Background

H = TypeVar("H")


class HintDesk(Generic[H]):
    """Advice for a person, worked out on its own thread."""

    def __init__(self, advise: Callable[[Any, int], H]) -> None:
        self.advise = advise
        self.executor = Background("hint")
        self.job: tuple[Any, int, Future[H]] | None = None

    def ask(self, state: Any, seat: int) -> None:
        """Work out advice for ``seat`` at ``state``; a question still open about an older
        state is dropped (its answer would be thrown away, and this one would be lost)."""
        if self.job is None or self.job[0] is not state or self.job[1] != seat:
            self.job = (state, seat, self.executor.submit(self.advise, state, seat))

    def collect(self, state: Any) -> tuple[bool, H | None]:
        """(done, advice): the advice once ready; None when it is about an older state or
        failed."""
        if self.job is None:
            return True, None
        asked, _, future = self.job
        if not future.done():
            return False, None
        self.job = None
        if asked is not state:
            return True, None
        try:
            return True, future.result()
        except Exception as error:  # advice must never stop the game
            print(f"buttons-game: hint failed: {error!r}")
            return True, None

    def poll(self, holder: Any, state: Any, seat: int | None) -> bool:
        """Put a finished answer about ``state`` into ``holder.hint`` (a table's model, with
        ``hint`` and ``hint_waiting``); True while one is still being worked out.

        ``seat`` is the person deciding now. When the game moved on before the answer came
        (the dice landed, a bot moved) and the same person still decides, the question is
        asked again about the game as it is; otherwise it is dropped at once.
        """
        if not holder.hint_waiting:
            return False
        job = self.job
        if job is not None and job[0] is not state:
            if seat is not None and seat == job[1]:
                self.ask(state, seat)
            else:
                self.job = None
        done, advice = self.collect(state)
        if done:
            holder.hint_waiting = False
            holder.hint = advice
        return True

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
