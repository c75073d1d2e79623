"""What the Kopf oder Knopf table shows: the game, its log, the selection and every mark.

The session changes the model; the screen and the drawing only read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from buttons_game.games.kopf.engine import KopfState, Move, Remove
from buttons_game.ui.play.model import PlayModel

Square = tuple[int, int]


@dataclass(frozen=True)
class Flight:
    """A captured piece on its way from the board to its captor's tray."""

    square: Square
    player: int  # whose piece it was
    slot: int  # its place in the captor's tray


@dataclass
class KopfModel(PlayModel):
    """Everything the Kopf oder Knopf table shows, in one place (the kit's model and its
    marks); ``hint`` is a KopfHint, ``flash`` a square."""

    game: Any  # a KopfGame
    selected: Square | None = None  # the piece chosen to move
    hover: Square | None = None  # the square under the mouse
    cursor: Square | None = None  # the keyboard's square
    last_move: tuple[Square, Square] | None = None
    flights: list[Flight] = field(default_factory=list)
    show_threats: bool = True

    @property
    def state(self) -> KopfState:
        return self.game.state  # type: ignore[no-any-return]

    def viewer(self) -> int | None:
        """The seat whose pieces in danger (red rings) and in reach (green) the board shows:
        the person to move, else the only person at the table."""
        seat = self.state.current_player
        if self.here(seat):
            return seat
        humans = [p for p in (0, 1) if self.here(p)]
        return humans[0] if len(humans) == 1 else None

    def human_to_play(self) -> int | None:
        """The person who decides now, or None (a bot, or the game is over)."""
        seat = self.state.current_player
        return seat if self.here(seat) else None

    def hint_seat(self) -> int | None:
        return self.human_to_play()

    def advice(self) -> tuple[Square, ...]:
        """The squares the hint rings on the board: the piece and where it goes, or the
        piece to take."""
        action = getattr(self.hint, "action", None)
        if isinstance(action, Move):
            return ((action.from_row, action.from_col), (action.to_row, action.to_col))
        if isinstance(action, Remove):
            return ((action.row, action.col),)
        return ()

    def targets(self) -> frozenset[Square]:
        """Where the selected piece may move."""
        if self.selected is None:
            return frozenset()
        return self.state.move_targets(*self.selected)

    def removable(self) -> frozenset[Square]:
        """The opponent pieces the player may take while punishing forbidden groups."""
        state = self.state
        if not state.punishing:
            return frozenset()
        return frozenset((a.row, a.col) for a in state.legal_actions() if isinstance(a, Remove))

    def movable(self) -> frozenset[Square]:
        """The pieces of the player to move that can move now."""
        state = self.state
        if state.punishing or state.is_over():
            return frozenset()
        return frozenset(
            (a.from_row, a.from_col) for a in state.legal_actions() if isinstance(a, Move)
        )

    def preview(self) -> tuple[frozenset[Square], frozenset[Square]] | None:
        """While choosing a move: what moving the selected piece to the square under the
        mouse or cursor would threaten, and what it would leave in danger."""
        spot = self.hover or self.cursor
        if self.selected is None or spot is None or spot not in self.targets():
            return None
        return self.state.threats_after(Move(*self.selected, *spot))
