"""The hard bot: iterative-deepening alpha-beta within a time budget.

Negamax with a transposition table kept from move to move, killer and history
move ordering (threatening and safe moves first), quiescence at the frontier
(``search.py``) and the full evaluation:
material and the race to the target, threatened pieces and forbidden groups,
pairs, mobility and holes. It deepens while less than half its budget (``seconds``,
default 0.95 s a decision) is spent and stops at the budget, keeping the best move of
an unfinished iteration; ``max_depth`` or ``max_nodes`` make it reproducible to the
move whatever the machine (the tests use them, or a ``clock`` that counts nodes).
A move that loses material within two plies (the opponent's reply and one's own
strike: ``material_losses``) while another keeps it is priced at ``safety``
(half a piece) at the root, so an exchange or a sacrifice is made only when the
search sees it pay clearly. Ties are broken at random.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.actions import Action
from ..engine.state import KopfState
from .base import decider, root_action
from .evaluate import DEFAULT, Weights
from .position import node_of, tables
from .search import QUIESCENCE, Iteration, Search, material_losses, never_stop

SECONDS = 0.95  # a decision, its move shown, within a second
MAX_DEPTH = 30
SAFETY = 50  # hundredths of a piece: the price of a move that loses material at once


@dataclass(frozen=True)
class Thought:
    """What the last decision's search found: its depth (finished iterations), score
    (hundredths of a piece), nodes, the seconds it took and every iteration's figures."""

    depth: int
    score: int
    nodes: int
    seconds: float = 0.0
    iterations: tuple[Iteration, ...] = ()

    @property
    def growth(self) -> tuple[float, ...]:
        """How many times longer each finished iteration took than the one before."""
        done = [it.seconds for it in self.iterations if it.finished]
        return tuple(b / a for a, b in zip(done, done[1:]) if a > 0)


class HardBot:
    """Iterative deepening alpha-beta; the strongest level."""

    level = "hard"

    def __init__(
        self,
        seed: int | None = None,
        *,
        seconds: float | None = SECONDS,
        max_depth: int = MAX_DEPTH,
        max_nodes: int | None = None,
        weights: Weights = DEFAULT,
        clock: Callable[[], float] | None = None,
        quiescence: int = QUIESCENCE,
        safety: int = SAFETY,
    ) -> None:
        self.quiescence = quiescence
        self.safety = safety
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.weights = weights
        self.clock = clock or time.perf_counter
        self.last: Thought | None = None
        # Asked with the clock: True (the window closed, the game left) ends the search
        # at once with the best move so far (the table's bot thread sets it).
        self.stop: Callable[[], bool] | None = None
        self._search: Search | None = None
        self._for: tuple[Any, ...] = ()

    def choose(self, state: KopfState, player: int | None = None) -> Action:
        decider(state, player)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        actions = list(actions)
        self.rng.shuffle(actions)
        search = self._search_for(state)
        search.clock = self.clock
        search.stop = self.stop or never_stop
        began = self.clock()
        node, roots = node_of(state), [root_action(a) for a in actions]
        penalties = None
        if self.safety:
            losing = material_losses(search.tb, state.target, node, roots)
            penalties = [self.safety if lost else 0 for lost in losing]
        seconds = self.seconds
        if seconds is not None:
            seconds = max(0.0, seconds - (self.clock() - began))
        best, score, depth = search.run(
            node,
            roots,
            max_depth=self.max_depth,
            seconds=seconds,
            max_nodes=self.max_nodes,
            penalties=penalties,
        )
        self.last = Thought(
            depth, score, search.nodes, self.clock() - began, tuple(search.iterations)
        )
        return actions[best]

    def _search_for(self, state: KopfState) -> Search:
        """The same search (and its transposition table) while board and target stay."""
        key = (state.setup.board, state.target)
        if self._search is None or self._for != key:
            self._search = Search(
                tables(state.setup.board),
                state.target,
                self.weights,
                quiescence=self.quiescence,
            )
            self._for = key
        return self._search
