"""The hard bot: expectimax over the dice with exact probabilities, and star planning.

Roll-or-opt-out and every placement come from the solo-round search (a few rolls
deep, exact where the bound settles it), valuing a round's stars by what they do
for the game: the line of five it is building, and how close the opponents are to
ending the game. Earned stars go where ``stars.plan_stars`` says.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from typing import Any

from ..engine import OPT_OUT, ROLL, Action, GameState, Phase
from ..engine.actions import STARS
from .base import decider
from .solver import SoloSolver
from .stars import LINE_VALUE, plan_stars, target_line
from .strategy import round_utility
from .view import SeatView, place_action, placement_choices, skip_action

DEPTH = 3
"""Rolls the search looks ahead on an open board (depth 3 is ~98% of optimal)."""
DEEPER = ((14, None), (20, 4))
"""With at most this many open spaces the search is cheap enough to go exact / 4 rolls deep."""
LINE_WEIGHT = 0.3
"""How much of a line's promise (``stars.LINE_VALUE``) a round's buttons are steered by."""
_SOLVERS = 8


class HardBot:
    """Depth-limited expectimax over one's own board, with game-aware round values."""

    level = "hard"

    def __init__(self, seed: int | None = None, depth: int = DEPTH) -> None:
        self.rng = random.Random(seed)
        self.depth = depth
        self._solvers: OrderedDict[tuple[Any, ...], SoloSolver] = OrderedDict()

    def choose(self, state: GameState, player: int | None = None) -> Action:
        p = decider(state, player)
        phase = state.phase
        if phase is Phase.STARS:
            view = SeatView.of(state, p)
            chosen = plan_stars(view.buttons, view.stars, state.stars_due(p))
            i = (chosen & -chosen).bit_length() - 1
            return STARS[p][i // 6 + 1][i % 6 + 1]
        view = SeatView.of(state, p)
        solver = self.solver(view)
        depth = self.search_depth(view)
        after = None if depth is None else depth - 1
        if phase is Phase.TURN:
            if not view.buttons:
                return ROLL
            roll = solver.roll_value(view.buttons, depth)
            return ROLL if roll > solver.stop_value(view.buttons) else OPT_OUT
        if phase is Phase.PLACING:
            spaces, can_skip = placement_choices(state, p)
            values = solver.placement_values(view.buttons, spaces, after)
            best = max(range(len(spaces)), key=lambda i: (values[i], -spaces[i]))
            if can_skip and values[best] < solver.estimate(view.buttons, after):
                return skip_action(p)
            return place_action(p, spaces[best])
        raise ValueError(f"seat {p} has no decision in phase {phase.value}")

    def search_depth(self, view: SeatView) -> int | None:
        """Rolls to look ahead (None: exact), deeper as the board fills and the search shrinks."""
        free = view.open.bit_count()
        for most, depth in DEEPER:
            if free <= most and (depth is None or depth > self.depth):
                return depth
        return self.depth

    def solver(self, view: SeatView) -> SoloSolver:
        """The search for this seat's board, dice and game situation (kept while it repeats)."""
        utility = round_utility(view.state, view.player)
        target = target_line(view.stars)
        have = (view.stars & target).bit_count()
        bonus = tuple(
            LINE_WEIGHT * (LINE_VALUE[min(5, have + j)] - LINE_VALUE[have]) for j in range(8)
        )
        key = (view.stars, view.colour_masks, view.held, view.black_dice, utility, target, bonus)
        solver = self._solvers.get(key)
        if solver is None:
            solver = SoloSolver(
                view.stars,
                view.colour_masks,
                view.held,
                view.black_dice,
                utility,
                target=target,
                line_bonus=bonus,
            )
            self._solvers[key] = solver
            if len(self._solvers) > _SOLVERS:
                self._solvers.popitem(last=False)
        else:
            self._solvers.move_to_end(key)
        return solver
