"""The easy bot: one move ahead, the way a new player looks at the board.

For each action it asks what the opponent's strike takes back at once (and
whether the move builds a forbidden group, which is punished) and how many
opponent pieces the move threatens; it never thinks about the reply. Ties are
broken at random.
"""

from __future__ import annotations

import random

from ..engine.actions import Action
from ..engine.state import KopfState
from .base import decider, root_action
from .position import (
    DRAWN,
    MOVER_WINS,
    OTHER_WINS,
    after_move,
    after_remove,
    node_of,
    tables,
    threats,
)


class EasyBot:
    """Greedy over its own action: keep pieces, threaten pieces, capture when it can."""

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: KopfState, player: int | None = None) -> Action:
        decider(state, player)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        tb = tables(state.setup.board)
        node = node_of(state)
        target = state.target
        best, best_key = actions[0], (-1e9, 0.0)
        for action in actions:
            root = root_action(action)
            if isinstance(root, int):
                result, opp, _ = after_remove(tb, node.me, node.opp, node.pending, root, target)
                score = 1000.0 if result == MOVER_WINS else -opp.bit_count()
            else:
                result, them, me, _, pending = after_move(
                    tb, node.me, node.opp, node.quiet, root, target
                )
                if result == OTHER_WINS:
                    score = -1000.0
                elif result == DRAWN:
                    score = 0.0
                else:
                    lost = node.me.bit_count() - me.bit_count() + len(pending)
                    score = -3.0 * lost + threats(tb, me, them).bit_count()
            key = (score, self.rng.random())
            if key > best_key:
                best, best_key = action, key
        return best
