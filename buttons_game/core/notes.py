"""Something to say, as data: a translation key, a tone and its placeholders. Every game
narrates its move log in these and the tables say their passing words in them; the screens
translate them, so they follow a language switch."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

TONES: tuple[str, ...] = ("plain", "roll", "good", "bad", "accent")


@dataclass(frozen=True)
class Note:
    """A text to say: a translation key, a tone and its placeholders.

    A line of a game's move log (``in_log``, what a game's narration makes) has its key
    inside the game's log section (``GameKind.log_section``: "roll" is ``log.roll`` in
    BUTTONS, "move" is ``kopf_log.move`` in Kopf oder Knopf); any other note (a passing
    word, a bot's move, a banner) has a full key ("game.nothing_to_undo").

    ``seats`` are placeholders naming a seat (("name", 2),); ``values`` are the
    others, with "count" for numbers that choose a plural form.
    """

    key: str
    tone: str = "text"
    seats: tuple[tuple[str, int], ...] = ()
    values: tuple[tuple[str, object], ...] = ()
    in_log: bool = True

    def full_key(self, log_section: str) -> str:
        """The key to translate (``log_section``: the game's section of its move log)."""
        return f"{log_section}.{self.key}" if self.in_log else self.key

    def args(self, names: Sequence[str]) -> dict[str, object]:
        """The placeholders for ``t``, with each seat given its name from ``names``."""
        result: dict[str, object] = {key: names[seat] for key, seat in self.seats}
        result.update(self.values)
        return result


def seat_note(key: str, tone: str, seat: int, *values: tuple[str, object]) -> Note:
    """A line of the move log whose ``name`` placeholder is ``seat``'s name."""
    return Note(key, tone, (("name", seat),), values)
