"""One seat's view of a state as masks: what every bot reads before deciding."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import COLOUR_MASKS, COLOURS, GameState, Phase
from ..engine.actions import PLACES, SKIPS, Action
from .solver import bust_chance, open_spaces, round_score


@dataclass(frozen=True)
class SeatView:
    """``player``'s board in ``state``: buttons, stars, colours, cards and dice in hand."""

    state: GameState
    player: int
    buttons: int
    stars: int
    colour_masks: tuple[int, ...]
    held: tuple[bool, ...]  # per colour in COLOURS order: does the seat hold its card
    black_dice: int  # black dice in hand now (the gold one included)

    @classmethod
    def of(cls, state: GameState, player: int) -> SeatView:
        held = state.cards(player)
        return cls(
            state,
            player,
            state.button_mask(player),
            state.star_mask(player),
            COLOUR_MASKS[state.layout(player)],
            tuple(c in held for c in COLOURS),
            1 + state.plain_dice_in_hand,
        )

    @property
    def weights(self) -> tuple[int, ...]:
        return tuple(2 if h else 1 for h in self.held)

    @property
    def open(self) -> int:
        return open_spaces(self.buttons, self.stars)

    def score(self, buttons: int | None = None) -> int:
        """Stars earned by opting out with ``buttons`` (default: the seat's buttons)."""
        b = self.buttons if buttons is None else buttons
        return round_score(b, self.colour_masks, self.weights)

    def bust(self) -> float:
        """Exact chance of busting when rolling now."""
        return bust_chance(self.open, self.black_dice)

    def colour_counts(self, buttons: int | None = None) -> tuple[int, ...]:
        b = self.buttons if buttons is None else buttons
        return tuple((b & m).bit_count() for m in self.colour_masks)


def placement_choices(state: GameState, player: int) -> tuple[list[int], bool]:
    """The spaces (single-bit masks) ``player`` may place on now, and whether it may skip."""
    if state.phase is not Phase.PLACING or player not in state.pending_players:
        return [], False
    dice = state.dice
    assert dice is not None
    shift = 6 * (dice.white - 1)
    if player == state.active_player:
        cols = state.active_choices()
        return [1 << (shift + c) for c in range(6) if cols >> c & 1], False
    return [1 << (shift + dice.gold - 1)], True


def place_action(player: int, space: int) -> Action:
    """The Place action for a single-bit space mask."""
    i = space.bit_length() - 1
    return PLACES[player][i // 6 + 1][i % 6 + 1]


def skip_action(player: int) -> Action:
    return SKIPS[player]
