"""The easy bot: rules of thumb a new player would use, and beatable by one.

It rolls until it has a few buttons (a target drawn each round) or the bust chance
looks scary, places on the colour it has most of (but not yet three), always takes
the gold space, and scatters its stars.
"""

from __future__ import annotations

import random

from ..engine import OPT_OUT, ROLL, Action, GameState, Phase
from .base import decider
from .view import SeatView, place_action, placement_choices

TARGETS = (4, 5)
"""Buttons the easy bot wants each round (one drawn per round)."""
BUST_LIMIT = 0.3
"""It opts out when the exact bust chance is above this."""


class EasyBot:
    """Simple thresholds: no look-ahead, no star planning."""

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._target: tuple[int, int] | None = None  # (round, buttons wanted)

    def choose(self, state: GameState, player: int | None = None) -> Action:
        p = decider(state, player)
        phase = state.phase
        if phase is Phase.TURN:
            return self._roll_or_stop(state, p)
        if phase is Phase.PLACING:
            return self._place(state, p)
        if phase is Phase.STARS:
            actions = state.legal_actions(p)
            return actions[int(self.rng.random() * len(actions))]
        raise ValueError(f"seat {p} has no decision in phase {phase.value}")

    def _roll_or_stop(self, state: GameState, p: int) -> Action:
        view = SeatView.of(state, p)
        if not view.buttons:
            return ROLL
        if self._target is None or self._target[0] != state.round_number:
            self._target = (state.round_number, self.rng.choice(TARGETS))
        count = view.buttons.bit_count()
        if count >= self._target[1] or view.bust() > BUST_LIMIT:
            return OPT_OUT
        return ROLL

    def _place(self, state: GameState, p: int) -> Action:
        spaces, _ = placement_choices(state, p)
        view = SeatView.of(state, p)
        counts = view.colour_counts()

        def appeal(space: int) -> tuple[int, float]:
            for mask, have in zip(view.colour_masks, counts):
                if space & mask:
                    return (have if have < 3 else -1, self.rng.random())
            return (-1, self.rng.random())

        return place_action(p, max(spaces, key=appeal))
