"""What a match tells those who follow it (the table, the network host, speech): one
stream of events, and the one value of what an action did that all of them read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .notes import Note

# Who brought an action about (``Applied.by``).
BY_PERSON = "person"  # submitted for a person's seat (here or elsewhere)
BY_BOT = "bot"
BY_CHANCE = "chance"
BY_FORCED = "forced"  # the seat's only action, made by the match (a forced pass)


@dataclass(frozen=True)
class Result:
    """How a game ended, for every game: who won (several share a win), whether it was a
    draw, and the game's reason in its own words ("five_in_a_line", "no_captures")."""

    winners: tuple[int, ...]
    drawn: bool
    reason: str

    def shares(self, seats: int) -> tuple[float, ...]:
        """Each of ``seats`` seats' share of the win, as tournaments count it: 1/k for each
        of k winners, 0 for a loss or a draw."""
        k = len(self.winners)
        return tuple(1 / k if p in self.winners else 0.0 for p in range(seats))


@dataclass(frozen=True)
class Happened:
    """What one action did: the move log's notes and the sound it makes (None: none). A
    game's own subclass adds what its table marks (a bust, captures, stars)."""

    notes: tuple[Note, ...] = ()
    cue: str | None = None


@dataclass(frozen=True)
class Applied:
    """An action applied: the game before and after, the seat that decided it (None: a
    chance outcome), how it came (``BY_*``), what it did, and whether a bot failed (a
    random legal action was played for it)."""

    before: Any
    action: Any
    after: Any
    actor: int | None
    by: str
    happened: Happened
    bot_failed: bool = False


@dataclass(frozen=True)
class Undone:
    """``seat``'s latest decision taken back: the game before the undo and after it."""

    before: Any
    after: Any
    seat: int


@dataclass(frozen=True)
class Reset:
    """The game replaced as a whole (a tutorial's step started again; a networked game
    brought up to date, ``whole``: its move log is then told anew from its history)."""

    before: Any
    after: Any
    whole: bool = False


@dataclass(frozen=True)
class Waiting:
    """The match waits for what it cannot make itself: ``what`` is "elsewhere" (a person
    at another computer decides, ``seat``) or "chance" (a chance value not yet arrived)."""

    what: str
    seat: int | None = None


@dataclass(frozen=True)
class Refused:
    """What ``seat`` sent was refused where the game is decided (a networked game's host):
    the rules' reason, as ``submit`` would have said it."""

    seat: int
    error: Any  # a RulesError


@dataclass(frozen=True)
class Noted:
    """A line for the move log that no action brought (the dice of a networked game drawn
    anew, and why)."""

    note: Note


@dataclass(frozen=True)
class Over:
    """The game is over."""

    game: Any
    result: Result


Event = Applied | Undone | Reset | Waiting | Refused | Noted | Over


class Followed:
    """What a match offers those who follow it: ``subscribe`` and the events it emits.
    A subclass sets ``self._listeners = []`` (and builds events only when it is not
    empty)."""

    _listeners: list[Callable[[Event], None]]

    def subscribe(self, listener: Callable[[Event], None]) -> Callable[[], None]:
        """Call ``listener`` with every event from now on; returns how to stop."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _emit(self, event: Event) -> None:
        for listener in tuple(self._listeners):
            listener(event)


__all__ = [
    "Followed",
    "BY_BOT",
    "BY_CHANCE",
    "BY_FORCED",
    "BY_PERSON",
    "Applied",
    "Event",
    "Happened",
    "Noted",
    "Over",
    "Refused",
    "Reset",
    "Result",
    "Undone",
    "Waiting",
]
