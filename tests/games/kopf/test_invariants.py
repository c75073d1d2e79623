"""Thousands of random legal games: every one ends, and nothing impossible ever happens."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buttons_game.games.kopf.engine import PASS, Move, Pass, Remove, new_game, replay

from ...soak import volumes

RED, BLUE = 0, 1
ALL = (1 << 100) - 1


def check(state) -> None:
    """Invariants after an action."""
    red, blue = state.piece_mask(RED), state.piece_mask(BLUE)
    assert not red & blue, "two pieces on one square"
    assert not (red | blue) & ~ALL, "a piece off the board"
    for p in (RED, BLUE):
        assert state.captured(p) == 14 - len(state.pieces(1 - p))
        assert 0 <= state.captured(p) <= 14
        assert len(state.pieces(p)) == state.piece_mask(p).bit_count() <= 14
    if state.is_over():
        outcome = state.outcome()
        assert state.legal_actions() == [] and state.current_player is None
        if outcome.winner is not None:
            assert state.captured(outcome.winner) >= state.target
        else:
            assert state.moves_without_capture >= 100
    else:
        assert max(state.captured(RED), state.captured(BLUE)) < state.target
        actions = state.legal_actions()
        assert actions
        if state.punishing:
            assert all(isinstance(a, Remove) for a in actions)
        else:
            assert all(isinstance(a, Move) for a in actions) or actions == [PASS]


def play_random(seed: int, target: int = 10, checked: bool = True):
    rng = random.Random(seed)
    state = new_game(target=target)
    steps = 0
    while not state.is_over():
        actions = state.legal_actions()
        action = rng.choice(actions)
        key = state.key()
        after = state.apply(action) if checked else state.apply_unchecked(action)
        assert state.key() == key, "apply changed the state it was called on"
        check(after)
        state = after
        steps += 1
        assert steps < 10_000
    return state


slow = pytest.mark.slow


@pytest.mark.parametrize(
    "block,games",
    [  # two blocks of seeds in the quick tier, all four in the slow one
        pytest.param(
            block, count, id=f"{block}-{volume.id}", marks=volume.marks if block < 2 else slow
        )
        for block in range(4)
        for count, volume in zip((40, 500), volumes(40, 500))
    ],
)
def test_random_games_end_and_keep_every_invariant(block, games):
    outcomes = []
    for seed in range(block * 500, block * 500 + games):
        final = play_random(seed, target=8 if seed % 5 == 0 else 10, checked=seed % 3 == 0)
        outcomes.append(final.outcome().winner)
    assert set(outcomes) >= {RED, BLUE}, "both colours win some random games"


def test_every_legal_action_is_accepted_by_the_checked_path():
    rng = random.Random(7)
    for _ in range(60):
        state = new_game()
        for _ in range(rng.randrange(0, 80)):
            if state.is_over():
                break
            state = state.apply_unchecked(rng.choice(state.legal_actions()))
        for action in state.legal_actions():
            assert state.problem(action) is None
            state.apply(action)


def test_illegal_actions_are_refused_with_a_code_and_change_nothing():
    rng = random.Random(11)
    state = new_game()
    for _ in range(300):
        if state.is_over():
            state = new_game()
        legal = set(state.legal_actions())
        for _ in range(5):
            fr, fc, tr, tc = (rng.randint(0, 11) for _ in range(4))
            action = rng.choice([Move(fr, fc, tr, tc), Remove(fr, fc), Pass()])
            problem = state.problem(action)
            assert (problem is None) == (action in legal), action
            if problem is not None:
                assert problem.code and str(problem)
        state = state.apply(rng.choice(sorted(legal, key=repr)))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_replayed_history_gives_the_same_state(seed):
    rng = random.Random(seed)
    state = new_game()
    for _ in range(rng.randrange(0, 150)):
        if state.is_over():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    again = replay(state.setup, state.history())
    assert again == state and again.history() == state.history()
