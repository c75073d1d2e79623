"""What every table shows, whatever the game: the game, its log, a passing word, the
hint, who is thinking, what a bot just did, the timers, the things in motion and who
sits where.

A game's model (``ui/games/<game>/model.py``) extends ``PlayModel`` with its own marks.
The session changes the model; the screens and the drawing only read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from buttons_game.core.kind import GameKind
from buttons_game.core.notes import Note
from buttons_game.i18n import text_or

from .motion import Motions
from .timers import Timers

TRAIL = "trail"  # the motion that marks a bot's move a moment (its places, fading)


@dataclass(frozen=True)
class BotMove:
    """What a bot just did, shown until a person acts: a line "Bo: …" in the table's
    status area, and ``spots``, the places it used in the game's own terms (a space, the
    squares of a move), marked a moment by a fading trail."""

    seat: int
    message: Note
    spots: tuple[Any, ...] = ()


def note_text(note: Note, names: Sequence[str], log_section: str = GameKind.log_section) -> str:
    """A note in words in the current language, its seats named from ``names``
    (``log_section``: the translation section of the game's move log, its kind's
    ``log_section``). A key no language file has (a game added without words of its own)
    reads as the key's own words and the note's values."""
    values = note.args(names)
    key = note.full_key(log_section)
    bare = key.rpartition(".")[2].replace("_", " ")
    words = " · ".join(str(value) for value in values.values())
    return text_or(key, f"{bare}: {words}" if words else bare, **values)


@dataclass
class PlayModel:
    """Everything a table shows that does not depend on the game."""

    game: Any
    log: list[Note] = field(default_factory=list)
    log_scroll: int = 0  # log lines scrolled back from the newest
    passing: Note | None = None  # a passing word (an illegal click explained), not history
    pointer: tuple[int, int] | None = None  # where the mouse is (tooltips)
    flash: Any = None  # a place on the board crossed out a moment: a click the rules refused
    hint: Any = None  # the advice of the game's hint, once worked out
    hint_waiting: bool = False
    thinking: int | None = None  # a bot deciding for longer than a moment
    timers: Timers = field(default_factory=Timers)
    motions: Motions = field(default_factory=Motions)
    bot_move: BotMove | None = None  # the latest bot's move, until a person acts
    celebration: Any = None  # the game's end being celebrated (``celebration.Celebration``)
    match: Any = None  # the game being played (``core.match.Match``): who plays each seat

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.game.seats]

    def here(self, seat: int | None) -> bool:
        """A person at this screen plays ``seat`` (input, the cursor and hints serve them)."""
        if seat is None:
            return False
        if self.match is not None:
            return bool(self.match.here(seat))
        return self.game.seats[seat].bot is None  # a model shown without a match (a replay)

    def can_undo(self) -> bool:
        """A person here may take back a decision now (the match's word: who plays each
        seat, not the save's)."""
        if self.match is not None:
            return bool(self.match.can_undo())
        return bool(self.game.can_undo)

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

    def bot_moved(
        self,
        seat: int,
        key: str,
        spots: tuple[Any, ...] = (),
        trail: float = 0.0,
        **values: object,
    ) -> None:
        """A bot in ``seat`` did what ``key`` says (its %{name} is the bot's): the line in
        the status area, and a trail on ``spots`` for ``trail`` seconds (0: none)."""
        message = Note(key, "text", (("name", seat),), tuple(values.items()), in_log=False)
        self.bot_move = BotMove(seat, message, spots)
        self.motions.start(TRAIL, spots, trail)

    def forget_bot_move(self) -> None:
        """A person acted (or took a move back): the bot's move is old news."""
        self.bot_move = None
        self.motions.stop(TRAIL)

    def bot_move_line(self) -> str | None:
        """The line "Bo: …" in the current language (None: no bot's move to show)."""
        if self.bot_move is None:
            return None
        return note_text(self.bot_move.message, self.names)

    def trail(self) -> tuple[tuple[Any, ...], float] | None:
        """The places of the bot's move being marked, and how much of the mark is left
        (1.0 fresh, falling to 0.0); None when nothing is marked."""
        for motion in self.motions.of(TRAIL):
            if self.bot_move is not None and motion.what == self.bot_move.spots:
                return self.bot_move.spots, 1.0 - motion.progress
        return None

    def celebrating(self) -> float | None:
        """How far the game's end's celebration has come (0..1; None: none is on)."""
        if self.celebration is None or not self.timers.running("over"):
            return None
        return 1.0 - self.timers.fraction("over")

    def scroll_log(self, lines: int) -> None:
        self.log_scroll = min(max(0, self.log_scroll + lines), max(0, len(self.log) - 1))


__all__ = [
    "TRAIL",
    "BotMove",
    "PlayModel",
    "note_text",
]
