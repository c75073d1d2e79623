"""Who sits at a table: a name, and a bot level or None for a person."""

from __future__ import annotations

from dataclasses import dataclass

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")
"""The bot levels, weakest first: every game offers these (``GameKind.bot_levels``)."""


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a name, and a bot level or None for a person."""

    name: str
    bot: str | None = None

    def __post_init__(self) -> None:
        if self.bot is not None and self.bot not in LEVELS:
            raise ValueError(f"unknown bot level {self.bot!r}: levels are {', '.join(LEVELS)}")

    @property
    def is_human(self) -> bool:
        return self.bot is None
