"""What every table shows, whatever the game: the game, its log, a passing word, the
hint, who is thinking, the timers and who sits where.

A game's model (``ui/games/<game>/model.py``) extends ``PlayModel`` with its own marks.
The session changes the model; the screens and the drawing only read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from buttons_game.core.notes import Note
from buttons_game.i18n import t

from .timers import Timers


@dataclass(frozen=True)
class Message:
    """A text to show, kept as a key and its values so it follows a language switch."""

    key: str
    tone: str = "text"
    values: tuple[tuple[str, object], ...] = ()
    seats: tuple[tuple[str, int], ...] = ()


def render(
    key: str,
    names: Sequence[str],
    values: Sequence[tuple[str, object]] = (),
    seats: Sequence[tuple[str, int]] = (),
) -> str:
    """The text of a key in the current language, seat placeholders filled with names."""
    args = dict(values)
    for placeholder, seat in seats:
        args[placeholder] = names[seat]
    return t(key, **args)


def render_note(note: Note, names: Sequence[str], section: str = "log.") -> str:
    """A move log line (``section``: "log." for BUTTONS, "kopf_log." for Kopf oder Knopf)."""
    return render(section + note.key, names, note.values, note.seats)


def render_message(message: Message, names: Sequence[str]) -> str:
    return render(message.key, names, message.values, message.seats)


@dataclass
class PlayModel:
    """Everything a table shows that does not depend on the game."""

    game: Any
    log: list[Note] = field(default_factory=list)
    log_scroll: int = 0  # log lines scrolled back from the newest
    passing: Message | None = None  # a passing word (an illegal click explained), not history
    pointer: tuple[int, int] | None = None  # where the mouse is (tooltips)
    flash: Any = None  # a place on the board crossed out a moment: a click the rules refused
    hint: Any = None  # the advice of the game's hint, once worked out
    hint_waiting: bool = False
    thinking: int | None = None  # a bot deciding for longer than a moment
    timers: Timers = field(default_factory=Timers)

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.game.seats]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.game.seats[seat].is_human

    def bot_level(self, seat: int) -> str | None:
        """The level of the bot in ``seat`` (None: a person sits there)."""
        level = self.game.seats[seat].bot
        return None if level is None else str(level)

    def bot_levels(self) -> dict[int, str]:
        """Each bot seat and its bot's level (the tag by its name)."""
        levels = {p: self.bot_level(p) for p in range(len(self.game.seats))}
        return {p: level for p, level in levels.items() if level is not None}

    def hint_seat(self) -> int | None:
        """The person a hint is for: the one deciding now at the table (None: nobody)."""
        raise NotImplementedError

    def scroll_log(self, lines: int) -> None:
        self.log_scroll = min(max(0, self.log_scroll + lines), max(0, len(self.log) - 1))


__all__ = ["Message", "PlayModel", "render", "render_message", "render_note"]
