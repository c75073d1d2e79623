"""The medium bot: two plies of alpha-beta, its move and the opponent's reply.

It sees what its move loses to the opponent's strike, what the opponent can
threaten or take in reply (and so a double threat one move away), and it counts
material and the pieces left threatened at the end. No deeper plans, no positional
judgement; ties between equal moves are broken at random.
"""

from __future__ import annotations

import random

from ..engine.actions import Action
from ..engine.state import KopfState
from .base import decider, root_action
from .evaluate import MATERIAL_ONLY, Weights
from .position import node_of, tables
from .search import Search

DEPTH = 2


class MediumBot:
    """A fixed two-ply search with a material-and-threats evaluation."""

    level = "medium"

    def __init__(self, seed: int | None = None, *, depth: int = DEPTH) -> None:
        self.rng = random.Random(seed)
        self.depth = depth
        self.weights: Weights = MATERIAL_ONLY

    def choose(self, state: KopfState, player: int | None = None) -> Action:
        decider(state, player)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        actions = list(actions)
        self.rng.shuffle(actions)
        search = Search(
            tables(state.setup.board), state.target, self.weights, use_table=False, quiescence=0
        )
        best, _, _ = search.run(
            node_of(state), [root_action(a) for a in actions], max_depth=self.depth
        )
        return actions[best]
