"""The hard bot's time manager: it uses its budget, stops at it, keeps an unfinished
iteration's best move; and the frozen copy of the old hard bot the benchmarks play against.

Time is counted in nodes where it can be (``NodeClock``): the same figures on any machine.
"""

from __future__ import annotations

import time

import pytest

from benchmarks.kopf_frozen import FrozenHardBot
from buttons_game.games.kopf.bots.base import root_action
from buttons_game.games.kopf.bots.evaluate import MATERIAL, PIECE
from buttons_game.games.kopf.bots.hard import SAFETY, HardBot
from buttons_game.games.kopf.bots.position import node_of, tables
from buttons_game.games.kopf.bots.search import (
    CHECK_EVERY,
    QUIESCENCE,
    START_SHARE,
    WIN,
    Search,
    material_losses,
)
from buttons_game.games.kopf.engine import KopfState, Move, Remove, new_game

from .test_bots import positions

# A middle game (red to move) where three plies (and quiescence) prefer g3-f2 and four
# plies g3-h2: the fourth iteration finds the better move part way through.
RED = [(1, 1), (2, 7), (3, 7), (4, 4), (5, 4), (6, 2), (7, 7), (10, 9), (10, 10)]
BLUE = [(2, 3), (2, 5), (3, 10), (4, 5), (4, 8), (7, 8), (8, 5), (10, 1)]


def middle_game() -> KopfState:
    return new_game(pieces=(RED, BLUE), to_move=0)


class NodeClock:
    """A clock for a hard bot that ticks with its search's nodes: ``rate`` nodes a second."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.bot: HardBot | None = None
        self.now = 0.0
        self.seen = 0

    def __call__(self) -> float:
        search = self.bot._search if self.bot is not None else None
        nodes = search.nodes if search is not None else 0
        if nodes < self.seen:  # a new search started counting from 0
            self.seen = 0
        self.now += (nodes - self.seen) / self.rate
        self.seen = nodes
        return self.now


def clocked_bot(seconds: float, rate: float = 100_000) -> HardBot:
    clock = NodeClock(rate)
    bot = HardBot(1, seconds=seconds, clock=clock)
    clock.bot = bot
    return bot


def search_of(state: KopfState) -> tuple[Search, list]:
    return Search(tables(state.setup.board), state.target), [
        root_action(a) for a in state.legal_actions()
    ]


def test_the_frozen_hard_bot_plays_legal_moves():
    for state in positions(6, seed=4):
        action = FrozenHardBot(2, seconds=None, max_depth=2).choose(state)
        assert action in state.legal_actions()
        state.apply(action)
        if state.punishing:
            assert isinstance(action, Remove)


def test_an_unfinished_iteration_keeps_the_better_move_it_found():
    state = middle_game()
    moves = state.legal_actions()
    search, actions = search_of(state)
    shallow, _, _ = search.run(node_of(state), actions, max_depth=3)
    search, actions = search_of(state)
    deep, _, _ = search.run(node_of(state), actions, max_depth=4)
    assert moves[shallow] != moves[deep]
    # cut after depth 4 found the deeper move better (a null window failed high) but
    # before the iteration finished
    search, actions = search_of(state)
    best, _, reached = search.run(node_of(state), actions, max_depth=10, max_nodes=7000)
    assert reached == 3 and not search.iterations[-1].finished
    assert moves[best] == moves[deep]


def uses_its_budget_and_stops_at_it(states: list[KopfState]) -> None:
    budget = 0.1  # 10,000 nodes at the clock's rate
    for state in states:
        bot = clocked_bot(budget)
        bot.choose(state)
        thought = bot.last
        assert thought is not None
        # two looks at the clock late at most
        assert thought.seconds <= budget + 2 * CHECK_EVERY / 100_000
        if len(state.legal_actions()) > 1 and abs(thought.score) < 900_000:
            assert thought.seconds >= START_SHARE * budget


def test_the_hard_bot_uses_its_budget_and_stops_at_it():
    uses_its_budget_and_stops_at_it([middle_game()])


@pytest.mark.slow
def test_the_hard_bot_uses_its_budget_and_stops_at_it_over_positions():
    uses_its_budget_and_stops_at_it(positions(4, seed=8))


@pytest.mark.slow
def test_the_depth_reached_rises_with_the_budget():
    states = [middle_game(), *positions(3, seed=9)]
    depths = []
    for budget in (0.01, 0.05, 0.3):
        reached = 0
        for state in states:
            bot = clocked_bot(budget)
            bot.choose(state)
            assert bot.last is not None
            reached += bot.last.depth
        depths.append(reached)
    assert depths[0] <= depths[1] <= depths[2] and depths[0] < depths[2], depths


@pytest.mark.slow
def test_the_hard_bot_answers_within_its_real_budget():
    """The search stops at its deadline: the processor time it takes stays within the budget
    and a margin (processor time, so a busy machine that keeps the search waiting between
    its looks at the clock cannot fail it; a search past its deadline would still use more)."""
    for state in [middle_game(), *positions(2, seed=12)]:
        bot = HardBot(3, seconds=0.2)
        start = time.thread_time()
        action = bot.choose(state)
        took = time.thread_time() - start
        assert action in state.legal_actions()
        assert took < 0.2 + 0.25, took


# Red (9 taken, 1 to go) to move. Two plies judged statically like d4-f6; four plies
# of pure material show it loses a piece that another move keeps: the loss lies past
# the frontier, in a threatened piece's escape.
HORIZON_RED = [(1, 3), (1, 4), (2, 6), (2, 7), (4, 4), (4, 5), (5, 2), (6, 2), (8, 8), (9, 7)]
HORIZON_RED += [(10, 10)]
HORIZON_BLUE = [(3, 1), (7, 6), (7, 10), (8, 5), (10, 9)]


def material(state: KopfState, plies: int, action=None) -> int:
    """Pieces alone after ``plies`` plies: of the best action, or of ``action``."""
    search = Search(tables(state.setup.board), state.target, MATERIAL, quiescence=0)
    actions = [root_action(a) for a in state.legal_actions()]
    if action is None:
        return search.run(node_of(state), actions, max_depth=plies)[1]
    search.killers = [[] for _ in range(plies + 2)]
    return search._child_value(node_of(state), root_action(action), plies, -WIN - 1, WIN + 1)


def two_plies(state: KopfState, quiescence: int):
    actions = state.legal_actions()
    search = Search(tables(state.setup.board), state.target, quiescence=quiescence)
    best, _, _ = search.run(node_of(state), [root_action(a) for a in actions], max_depth=2)
    return actions[best]


def test_quiescence_sees_a_loss_past_the_frontier():
    state = new_game(pieces=(HORIZON_RED, HORIZON_BLUE), to_move=0)
    keeps = material(state, 4)
    blind = two_plies(state, quiescence=0)
    assert blind == Move(4, 4, 6, 6)
    assert material(state, 2, blind) == material(state, 2)  # two plies see no loss
    assert material(state, 4, blind) <= keeps - PIECE  # four do
    assert material(state, 4, two_plies(state, quiescence=QUIESCENCE)) == keeps


# Blue to move after eight plies of a medium-against-medium game: two plies judged by
# the full evaluation prefer e9-e7, which loses a piece within two plies that f5-d5 keeps.
PRICED = [
    Move(7, 9, 10, 9), Move(9, 4, 9, 1), Move(4, 2, 1, 2), Move(6, 9, 7, 8),
    Move(9, 5, 6, 5), Move(5, 2, 5, 6), Move(6, 2, 4, 4), Move(7, 2, 7, 4),
]  # fmt: skip


def test_hard_prices_a_move_that_loses_material_at_once():
    state = new_game(to_move=0)
    for move in PRICED:
        state = state.apply(move)
    actions = state.legal_actions()
    lost = material_losses(
        tables(state.setup.board), state.target, node_of(state), [root_action(a) for a in actions]
    )
    unpriced = HardBot(7, seconds=None, max_depth=2, safety=0).choose(state)
    priced = HardBot(7, seconds=None, max_depth=2).choose(state)
    assert unpriced == Move(5, 9, 5, 7) and lost[actions.index(unpriced)]
    assert not lost[actions.index(priced)]
    assert SAFETY == PIECE // 2


def test_a_penalty_moves_the_root_choice_and_its_score():
    state = middle_game()
    actions = state.legal_actions()
    roots = [root_action(a) for a in actions]
    search = Search(tables(state.setup.board), state.target)
    best, score, _ = search.run(node_of(state), roots, max_depth=2)
    penalties = [0] * len(actions)
    penalties[best] = 10 * PIECE
    other, other_score, _ = Search(tables(state.setup.board), state.target).run(
        node_of(state), roots, max_depth=2, penalties=penalties
    )
    assert other != best and other_score <= score
    alone = Search(tables(state.setup.board), state.target).run(
        node_of(state),
        roots,
        max_depth=2,
        penalties=[0 if k == other else 10 * PIECE for k in range(len(roots))],
    )
    assert alone[0] == other and alone[1] == other_score


def test_a_stopped_search_ends_at_once_with_a_legal_move():
    state = middle_game()
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 2

    bot = HardBot(1, seconds=None, max_nodes=10**9)
    bot.stop = stop
    action = bot.choose(state)
    assert action in state.legal_actions()
    assert bot.last is not None and bot.last.nodes <= 3 * CHECK_EVERY + 1
