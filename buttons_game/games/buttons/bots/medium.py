"""The medium bot: sound heuristics on the exact bust chance and colour progress.

It looks one roll ahead with exact probabilities, scoring each outcome by the
stars it would earn plus partial credit for colours on their way to three. It
places stars to lengthen its longest line of stars, without further planning.
"""

from __future__ import annotations

import random

from ..engine import OPT_OUT, ROLL, Action, GameState, Phase
from .base import decider
from .solver import BEST_SHOWN, ROW_SPACES, SHIFTS, open_spaces
from .stars import line_counts
from .view import SeatView, place_action, placement_choices, skip_action

PROGRESS = (0.0, 0.12, 0.4)
"""Credit (times the colour's weight) for a colour with 0, 1 or 2 buttons that can still reach 3."""


class MediumBot:
    """One-roll look-ahead with a colour-progress heuristic."""

    level = "medium"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, player: int | None = None) -> Action:
        p = decider(state, player)
        phase = state.phase
        if phase is Phase.STARS:
            return self._star(state, p)
        view = SeatView.of(state, p)
        if phase is Phase.TURN:
            if not view.buttons:
                return ROLL
            return ROLL if self._roll_value(view, view.buttons) > view.score() else OPT_OUT
        if phase is Phase.PLACING:
            spaces, can_skip = placement_choices(state, p)
            best = max(spaces, key=lambda s: (self._heuristic(view, view.buttons | s), -s))
            if can_skip and self._heuristic(view, view.buttons | best) < self._heuristic(
                view, view.buttons
            ):
                return skip_action(p)
            return place_action(p, best)
        raise ValueError(f"seat {p} has no decision in phase {phase.value}")

    def _heuristic(self, view: SeatView, buttons: int) -> float:
        """Stars for opting out with ``buttons`` plus credit for colours under way."""
        free = open_spaces(buttons, view.stars)
        value = float(view.score(buttons))
        for mask, weight in zip(view.colour_masks, view.weights):
            have = (buttons & mask).bit_count()
            if have < 3 and have + (free & mask).bit_count() >= 3:
                value += PROGRESS[have] * weight
        return value

    def _roll_value(self, view: SeatView, buttons: int) -> float:
        """Expected heuristic value one roll ahead (a bust is worth 0)."""
        k = view.black_dice
        weights = BEST_SHOWN[k]
        free = open_spaces(buttons, view.stars)
        total = 0.0
        for shift, spaces in zip(SHIFTS, ROW_SPACES):
            cols = spaces[free >> shift & 63]
            vals = sorted((self._heuristic(view, buttons | s) for s in cols), reverse=True)
            total += sum(w * v for w, v in zip(weights, vals))
        return total / 6

    def _star(self, state: GameState, p: int) -> Action:
        """A star on the button space whose row or column line already holds most stars."""
        stars = state.star_mask(p)
        best = None
        best_key = None
        for action in state.legal_actions(p):
            space = 1 << ((action.row - 1) * 6 + action.col - 1)  # type: ignore[union-attr]
            key = (max(line_counts(stars | space)), self.rng.random())
            if best_key is None or key > best_key:
                best, best_key = action, key
        assert best is not None
        return best
