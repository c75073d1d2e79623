"""A line of the move log as data: a translation key under ``log.``, a tone and its
placeholders. Every game narrates in these; the screens translate them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

TONES: tuple[str, ...] = ("plain", "roll", "good", "bad", "accent")


@dataclass(frozen=True)
class Note:
    """One line of the move log: a translation key under ``log.``, a tone and its placeholders.

    ``seats`` are placeholders naming a seat (("name", 2),); ``values`` are the
    others, with "count" for numbers that choose a plural form.
    """

    key: str
    tone: str
    seats: tuple[tuple[str, int], ...] = ()
    values: tuple[tuple[str, object], ...] = ()

    def args(self, names: Sequence[str]) -> dict[str, object]:
        """The placeholders for ``t``, with each seat given its name from ``names``."""
        result: dict[str, object] = {key: names[seat] for key, seat in self.seats}
        result.update(self.values)
        return result


def seat_note(key: str, tone: str, seat: int, *values: tuple[str, object]) -> Note:
    """A note whose ``name`` placeholder is ``seat``'s name."""
    return Note(key, tone, (("name", seat),), values)
