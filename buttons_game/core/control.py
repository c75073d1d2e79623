"""How each seat of a match is played: by a person at this screen, by a bot, or by a person
at another computer. Input, the cursor, hints and undo ask this, never a seat's save data."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .seats import Seat

HERE = "here"  # a person at this screen
BOT = "bot"  # a bot (a level's, or a tutorial's scripted replies)
ELSEWHERE = "elsewhere"  # a person at another computer


class Thinker(Protocol):
    """A bot of any game: it chooses an action for a state (and a seat)."""

    def choose(self, state: Any, player: int | None = None) -> Any: ...


@dataclass(frozen=True)
class SeatControl:
    """Who plays one seat: ``how`` (``HERE``, ``BOT`` or ``ELSEWHERE``) and a bot's thinker."""

    how: str
    thinker: Thinker | None = None

    @property
    def is_bot(self) -> bool:
        return self.how == BOT

    @property
    def is_person(self) -> bool:
        """A person plays the seat, here or elsewhere (their decisions can be undone)."""
        return self.how != BOT

    @property
    def here(self) -> bool:
        """A person at this screen plays the seat (input, cursor and hints serve it)."""
        return self.how == HERE


PERSON_HERE = SeatControl(HERE)
PERSON_ELSEWHERE = SeatControl(ELSEWHERE)


def bot_control(thinker: Thinker) -> SeatControl:
    return SeatControl(BOT, thinker)


def seat_controls(
    seats: Sequence[Seat],
    make_bot: Callable[[str, int | None], Thinker],
    seed: int | None,
    *,
    bot_seed: Callable[[int, int], int] = lambda seed, seat: seed * 10 + seat,
) -> tuple[SeatControl, ...]:
    """Each seat as its save says: a person here, or a bot of its level seeded from the
    game's seed (``bot_seed(seed, seat)``; none without a seed)."""
    return tuple(
        PERSON_HERE
        if seat.bot is None
        else bot_control(make_bot(seat.bot, None if seed is None else bot_seed(seed, p)))
        for p, seat in enumerate(seats)
    )


def thinking_copy(thinker: Thinker) -> Thinker:
    """A copy of a bot that thinks with its own copy of its random draws: a question
    dropped (a person decided first, an undo) leaves the bot as it was, so a seed gives
    the same game however fast people click."""
    clone = copy.copy(thinker)
    rng = getattr(clone, "rng", None)
    if rng is not None:
        clone.rng = copy.deepcopy(rng)  # type: ignore[attr-defined]
    return clone


__all__ = [
    "BOT",
    "ELSEWHERE",
    "HERE",
    "PERSON_ELSEWHERE",
    "PERSON_HERE",
    "SeatControl",
    "Thinker",
    "bot_control",
    "seat_controls",
    "thinking_copy",
]
