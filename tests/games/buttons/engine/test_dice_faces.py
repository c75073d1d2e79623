"""The faces of the dice in hand and in the depots follow the dice as they move."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from buttons_game.games.buttons.engine import (
    OPT_OUT,
    ROLL,
    Dice,
    Phase,
    Place,
    PlaceStar,
    Skip,
    new_game,
    replay,
)
from buttons_game.games.buttons.engine.chance import random_action, sample_dice

from .helpers import game, play, roll, with_boards


def test_no_dice_in_hand_before_the_first_roll():
    state = game()
    assert state.hand_dice() is None
    assert state.apply(ROLL).hand_dice() is None
    assert all(state.depot_dice(p) == () for p in range(4))


def test_a_roll_puts_its_faces_in_hand():
    state = roll(game(), 5, 6, 2, 3, 5, 6)
    assert state.hand_dice() == Dice(5, 6, (2, 3, 5, 6))
    state = play(state, Place(0, 5, 2))
    assert state.hand_dice() == Dice(5, 6, (2, 3, 5, 6)), "passing the dice keeps their faces"


def test_opting_out_puts_the_highest_plain_die_in_the_depot():
    state = roll(game(), 5, 6, 2, 3, 5, 6)
    state = play(state, Place(0, 5, 2), Place(1, 5, 6), Skip(2), Skip(3))
    assert state.active_player == 1
    state = state.apply(OPT_OUT)
    assert state.depot_dice(1) == (6,)
    assert state.hand_dice() == Dice(5, 6, (2, 3, 5))
    assert state.plain_dice_in_hand == 3


def test_in_a_two_player_game_the_two_highest_go_in_highest_first():
    state = roll(game(2), 4, 1, 1, 6, 3, 5)
    state = play(state, Place(0, 4, 1), Place(1, 4, 1), OPT_OUT)
    assert state.depot_dice(1) == (6, 5)
    assert state.hand_dice() == Dice(4, 1, (1, 3))


def test_a_bust_puts_the_highest_rolled_plain_die_in_the_depot():
    state = with_boards(game(), buttons={0: [(2, 2), (2, 4)]}, stars={0: [(2, 6)]})
    state = roll(state, 2, 2, 3, 4, 6, 1)  # (2, 1) and (2, 3) touch (2, 2): no legal column
    assert state.status(0).value == "busted"
    assert state.depot_dice(0) == (6,)
    assert state.hand_dice() == Dice(2, 2, (1, 3, 4))


def test_faces_of_later_exits_come_from_the_new_roll():
    state = roll(game(), 5, 6, 2, 3, 5, 6)
    state = play(state, Place(0, 5, 2), Place(1, 5, 6), Skip(2), Skip(3), OPT_OUT)  # seat 1: 6
    state = roll(state, 1, 1, 4, 2, 2)  # seat 2 rolls three plain dice
    state = play(state, Place(2, 1, 1), Place(0, 1, 1), Place(3, 1, 1))
    assert state.active_player == 3
    state = state.apply(OPT_OUT)
    assert state.depot_dice(3) == (4,) and state.depot_dice(1) == (6,)
    assert state.hand_dice() == Dice(1, 1, (2, 2))


def test_at_a_new_round_all_plain_dice_return_to_the_start_player():
    state = roll(game(), 3, 3, 1, 2, 4, 5)
    state = play(state, Place(0, 3, 3), Place(1, 3, 3), Place(2, 3, 3), Place(3, 3, 3))
    state = play(state, OPT_OUT, OPT_OUT, OPT_OUT, OPT_OUT)  # seats 1, 2, 3, 0
    assert [state.depot_dice(p) for p in range(4)] == [(1,), (5,), (4,), (2,)]
    assert state.hand_dice() == Dice(3, 3, ())
    state = play(state, *(PlaceStar(p, 3, 3) for p in range(4)))
    assert state.round_number == 2 and state.phase is Phase.TURN
    assert state.hand_dice() == Dice(3, 3, (1, 2, 4, 5))
    assert all(state.depot_dice(p) == () for p in range(4))


def test_states_that_differ_only_in_faces_are_not_equal():
    a = roll(game(), 3, 3, 1, 2, 4, 5)
    b = roll(game(), 3, 3, 1, 2, 4, 6)
    a = play(a, Place(0, 3, 3), Place(1, 3, 3), Place(2, 3, 3), Place(3, 3, 3), OPT_OUT)
    b = play(b, Place(0, 3, 3), Place(1, 3, 3), Place(2, 3, 3), Place(3, 3, 3), OPT_OUT)
    assert a.depot_dice(1) == (5,) and b.depot_dice(1) == (6,)
    assert a.hand_dice() == b.hand_dice() == Dice(3, 3, (1, 2, 4))
    assert a != b


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_faces_are_conserved_in_random_games(seed, players):
    rng = random.Random(seed)
    state = new_game(players, seed=seed)
    last_roll = None
    roll_round = 0
    while not state.is_over():
        if state.is_chance_node():
            last_roll = sample_dice(state, rng)
            roll_round = state.round_number
            state = state.apply_unchecked(last_roll)
        else:
            state = state.apply_unchecked(random_action(state, rng))
        hand = state.hand_dice()
        if last_roll is None:
            assert hand is None
            continue
        assert hand is not None
        assert (hand.white, hand.gold) == (last_roll.white, last_roll.gold)
        depots = [state.depot_dice(p) for p in range(players)]
        for p in range(players):
            assert len(depots[p]) == state.depot(p)
        if state.is_over():
            break
        assert len(hand.plain) == state.plain_dice_in_hand
        if state.round_number == roll_round:
            assert Counter(hand.plain) <= Counter(last_roll.plain)
        else:
            assert len(hand.plain) == 4, "all dice return at a new round"
        assert len(hand.plain) + sum(map(len, depots)) == 4
    assert replay(state.setup, state.history()) == state
