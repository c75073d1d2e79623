"""Where a round of BUTTONS goes at the table: the scoring, the coach's review, the star
placement. The game's UI (``plugin.py``) installs them, so the screens of a round hand
over to each other without importing each other."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from buttons_game.ui.screen import Host

    from .session import TableSession


class RoundSteps(Protocol):
    def show_summary(self, host: Host, session: TableSession) -> None:
        """The round just scored, over the table."""

    def show_stars(self, host: Host, session: TableSession) -> None:
        """After the summary: the star placement, in the summary's place."""

    def show_review(
        self, host: Host, session: TableSession, round_number: int, seats: list[int]
    ) -> None:
        """The coach's review of the round just scored, in the summary's place."""


_installed: list[RoundSteps] = []


def install(steps: RoundSteps) -> None:
    _installed[:] = [steps]


def round_steps() -> RoundSteps:
    if not _installed:
        raise RuntimeError("BUTTONS' round steps are installed by its UI (plugin.py)")
    return _installed[0]
