"""Random whole games and hypothesis: invariants that hold after every action."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buttons_game.games.buttons.engine import (
    GameState,
    IllegalActionError,
    Phase,
    Status,
    new_game,
    random_action,
    replay,
    sample_dice,
)
from buttons_game.games.buttons.engine.board import FULL, spread

from ....soak import quick_twins, volumes


def snapshot(state: GameState) -> tuple:
    return tuple(getattr(state, name) for name in GameState.__slots__ if name != "_history") + (
        len(state.history()),
    )


def check_invariants(before: GameState, after: GameState) -> None:
    n = after.players
    for p in range(n):
        buttons, stars = after.button_mask(p), after.star_mask(p)
        assert buttons & spread(buttons) == 0, "two buttons orthogonally adjacent"
        assert buttons & stars == 0, "a button on a star"
        assert buttons | stars <= FULL
        assert before.star_mask(p) & ~stars == 0, "a star was removed"
        if after.status(p) is Status.IN_ROUND:
            assert after.depot(p) == 0
        else:
            assert after.depot(p) == (2 if n == 2 else 1)
    # dice are conserved: in hand + in depots = 6
    assert after.dice_in_hand + sum(after.depot(p) for p in range(n)) == 6
    assert after.plain_dice_in_hand >= 0
    if after.phase in (Phase.TURN, Phase.ROLLING):
        assert after.plain_dice_in_hand >= 1, "a rolling player always has a plain die to lose"


def play_random(players: int, seed: int, checked: bool):
    rng = random.Random(seed)
    state = new_game(players, seed=seed)
    steps = 0
    while not state.is_over():
        if state.is_chance_node():
            action = sample_dice(state, rng)
        else:
            legal = state.legal_actions()
            assert legal, "a decision with no legal action"
            action = random_action(state, rng)
            # any pending seat may act: sometimes pick another pending seat's action
            if state.phase in (Phase.PLACING, Phase.STARS) and rng.random() < 0.3:
                other = rng.choice(state.pending_players)
                action = rng.choice(state.legal_actions(other))
        before = snapshot(state)
        after = state.apply(action) if checked else state.apply_unchecked(action)
        assert snapshot(state) == before, "apply mutated the old state"
        check_invariants(state, after)
        state = after
        steps += 1
        assert steps < 100_000
    return state


@pytest.mark.parametrize("games", volumes(25, 700))
@pytest.mark.parametrize("players", quick_twins([2, 3, 4], 4))  # the fullest table quick
def test_thousands_of_random_games_end_and_keep_the_invariants(players, games):
    for seed in range(games):
        final = play_random(players, seed, checked=seed % 7 == 0)
        outcome = final.outcome()
        assert outcome is not None and outcome.winners
        counts = outcome.star_counts
        assert any(c >= 12 for c in counts) or outcome.reason.value == "five_in_line"


def test_every_legal_action_is_accepted_by_the_checked_path():
    rng = random.Random(5)
    for seed in range(40):
        state = new_game(rng.choice([2, 3, 4]), seed=seed)
        while not state.is_over():
            if state.is_chance_node():
                state = state.apply(sample_dice(state, rng))
                continue
            for p in state.pending_players or (state.current_player,):
                for action in state.legal_actions(p):
                    state.apply(action)  # must not raise
            state = state.apply(random_action(state, rng))


def test_replay_rebuilds_the_same_state():
    for players in (2, 3, 4):
        final = play_random(players, 11, checked=False)
        rebuilt = replay(final.setup, final.history())
        assert rebuilt == final and rebuilt.outcome() == final.outcome()
        assert rebuilt.round_scores() == final.round_scores()


def test_states_can_be_deep_copied_and_hashed():
    state = play_random(2, 3, checked=False)
    assert copy.deepcopy(state) == state
    assert hash(copy.deepcopy(state)) == hash(state)


actions_strategy = st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=400)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1), choices=actions_strategy)
def test_hypothesis_games_keep_the_invariants(players, seed, choices):
    """Hypothesis picks every decision and every die; invariants hold throughout."""
    state = new_game(players, seed=seed)
    for choice in choices:
        if state.is_over():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = outcomes[choice % len(outcomes)][0]
        else:
            pending = state.pending_players or (state.current_player,)
            p = pending[choice % len(pending)]
            legal = state.legal_actions(p)
            action = legal[(choice // 7) % len(legal)]
        after = state.apply(action)
        check_invariants(state, after)
        state = after
    assert replay(state.setup, state.history()) == state


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 1000),
    kind=st.sampled_from(["place", "skip", "star"]),
    player=st.integers(-2, 5),
    row=st.integers(-1, 8),
    col=st.integers(-1, 8),
)
def test_illegal_actions_are_refused_with_a_reason(seed, kind, player, row, col):
    from buttons_game.games.buttons.engine import Place, PlaceStar, Skip

    rng = random.Random(seed)
    state = new_game(3, seed=seed)
    for _ in range(rng.randrange(0, 60)):
        if state.is_over():
            break
        state = (
            state.apply(sample_dice(state, rng))
            if state.is_chance_node()
            else state.apply(random_action(state, rng))
        )
    action = {
        "place": Place(player, row, col),
        "skip": Skip(player),
        "star": PlaceStar(player, row, col),
    }[kind]
    legal = set()
    for p in range(3):
        legal |= set(state.legal_actions(p))
    if action in legal:
        state.apply(action)
    else:
        with pytest.raises(IllegalActionError) as error:
            state.apply(action)
        assert str(error.value)
