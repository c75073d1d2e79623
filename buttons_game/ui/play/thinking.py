"""Bots and hints think on worker threads, so the window never freezes while they do.

Every table uses these: the games differ only in who decides next (``next_seat``) and
how advice is worked out (``advise``); each game's session says both.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from buttons_game.ui.background import Background

H = TypeVar("H")


class Thinker(Protocol):
    """A bot of any game: it chooses an action for a state (and a seat)."""

    def choose(self, state: Any, player: int | None = None) -> Any: ...


@dataclass
class BotJob:
    """One bot decision being thought about, for the state it was asked about."""

    player: int
    state: Any
    future: Future[Any]
    thinker: Thinker  # the bot's copy that thinks: kept only if its answer is played
    waited: float = 0.0


def seeded_bots(
    seats: Sequence[Any], seed: int | None, make_bot: Callable[[str, int | None], Any]
) -> dict[int, Thinker]:
    """The bot of each bot seat at its level, seeded from the game's seed (seat by seat)."""
    return {
        p: make_bot(seat.bot, None if seed is None else seed * 10 + p)
        for p, seat in enumerate(seats)
        if seat.bot is not None
    }


class BotSeats:
    """The bots at a table, asked one at a time on a worker thread."""

    def __init__(
        self,
        bots: Mapping[int, Thinker],
        next_seat: Callable[[Any], int | None],
        legal: Callable[[Any, int], list[Any]] = lambda state, player: state.legal_actions(),
    ) -> None:
        """``next_seat``: who decides next in a state; ``legal``: a seat's legal actions in
        a state (a failed bot plays one of them)."""
        self.bots: dict[int, Thinker] = dict(bots)
        self._next_seat = next_seat
        self.legal = legal
        self.executor = Background("bot")
        self.job: BotJob | None = None

    def __getitem__(self, seat: int) -> Thinker:
        return self.bots[seat]

    def __setitem__(self, seat: int, bot: Thinker) -> None:
        self.bots[seat] = bot

    def next_seat(self, state: Any) -> int | None:
        """The bot seat that decides next, or None when a person does (or nobody)."""
        seat = self._next_seat(state)
        return seat if seat in self.bots else None

    def ask(self, state: Any, player: int) -> None:
        """Ask ``player``'s bot about ``state``. It thinks on a copy with its own copy of the
        random draws: a question dropped (a person decided first) leaves the bot as it was,
        so the same seed gives the same game however fast people click."""
        thinker = copy.copy(self.bots[player])
        rng = getattr(thinker, "rng", None)
        if rng is not None:
            thinker.rng = copy.deepcopy(rng)  # type: ignore[attr-defined]
        if hasattr(thinker, "stop"):  # a bot that can stop early does when the table closes
            thinker.stop = self.executor.cancelled.is_set  # type: ignore[attr-defined]
        future = self.executor.submit(thinker.choose, state, player)
        self.job = BotJob(player, state, future, thinker)

    def answer(self, state: Any) -> tuple[Any, bool]:
        """The finished job's action, checked against the rules, and whether the bot failed
        (then a random legal action: a bot must never stop the game). Clears the job."""
        job = self.job
        assert job is not None and job.future.done()
        self.job = None
        self.bots[job.player] = job.thinker  # its draws are used up only now
        try:
            action = job.future.result()
            if state.problem(action) is not None:
                raise ValueError(f"bot chose an illegal action {action!r}")
            return action, False
        except Exception as error:
            print(f"buttons-game: bot of seat {job.player} failed: {error!r}")
            return random.choice(self.legal(state, job.player)), True

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


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
