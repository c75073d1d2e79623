"""Undo takes back human placements, skips and stars made since the last roll; never the dice."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buttons_game.engine import OPT_OUT, ROLL, Dice, Phase, Place, PlaceStar, Skip, new_game
from buttons_game.game import Game, Seat
from buttons_game.saves import can_undo, undo

from .helpers import assert_legal, random_game

CARDS = {2: (("red", "yellow"), ("green", "blue")), 3: (("red",), ("yellow",), ("green",))}


def table(*seats):
    """A game with fixed layouts in which seat 0 holds red and starts."""
    n = len(seats)
    return Game(seats, new_game(n, layouts=("1A", "1B", "2A")[:n], cards=CARDS[n]))


def play(game, *actions):
    for action in actions:
        game = game.apply(action)
    return game


def rolled_ones(game):
    """Roll so that every seat may place on (1, 1)."""
    return play(game, ROLL, Dice(1, 1, (1,) * game.state.plain_dice_in_hand))


HUMAN_BOT_HUMAN = (Seat("Ann"), Seat("Bot", "easy"), Seat("Cem"))


def test_nothing_to_undo_before_any_decision():
    game = table(*HUMAN_BOT_HUMAN)
    assert not can_undo(game)
    assert not can_undo(game.apply(ROLL))
    assert not can_undo(rolled_ones(game))
    with pytest.raises(ValueError, match="nothing|no decision"):
        undo(rolled_ones(game))


def test_a_human_placement_is_taken_back_and_the_dice_stay():
    after_roll = rolled_ones(table(*HUMAN_BOT_HUMAN))
    placed = after_roll.apply(Place(0, 1, 1))
    assert can_undo(placed)
    back = undo(placed)
    assert back == after_roll
    assert back.state.history() == after_roll.state.history()
    assert back.state.dice == Dice(1, 1, (1, 1, 1, 1))
    assert back.state.pending_players == (0, 1, 2)
    assert back.game_id == placed.game_id and back.seats == placed.seats


def test_a_human_skip_is_taken_back():
    after_roll = rolled_ones(table(*HUMAN_BOT_HUMAN))
    assert undo(after_roll.apply(Skip(2))) == after_roll


def test_bot_decisions_after_the_human_one_are_taken_back_with_it():
    after_roll = rolled_ones(table(*HUMAN_BOT_HUMAN))
    game = play(after_roll, Place(0, 1, 1), Skip(1))
    assert can_undo(game)
    assert undo(game).state.history() == after_roll.state.history()


def test_a_bot_decision_alone_cannot_be_undone():
    game = rolled_ones(table(*HUMAN_BOT_HUMAN)).apply(Skip(1))
    assert not can_undo(game)
    with pytest.raises(ValueError):
        undo(game)


def test_undo_goes_back_decision_by_decision_but_never_past_the_roll():
    after_roll = rolled_ones(table(Seat("Ann"), Seat("Ben"), Seat("Cem")))
    game = play(after_roll, Place(0, 1, 1), Skip(1), Place(2, 1, 1))
    assert game.state.phase is Phase.TURN and game.state.active_player == 1
    steps = 0
    while can_undo(game):
        game = undo(game)
        steps += 1
    assert steps == 3
    assert game == after_roll
    assert game.state.history()[-1] == Dice(1, 1, (1, 1, 1, 1))


def test_a_roll_by_the_next_player_ends_the_chance_to_undo():
    game = play(rolled_ones(table(*HUMAN_BOT_HUMAN)), Place(0, 1, 1), Skip(1), Place(2, 1, 1))
    assert can_undo(game)  # the dice have passed, but nobody has rolled again
    assert not can_undo(game.apply(ROLL))
    assert not can_undo(play(game, ROLL, Dice(2, 3, (3, 4, 5, 6))))


def stars_phase():
    """Two people each place a button, both opt out; each then owes one star."""
    game = rolled_ones(table(Seat("Ann"), Seat("Ben")))
    game = play(game, Place(0, 1, 1), Place(1, 1, 1), OPT_OUT, OPT_OUT)
    assert game.state.phase is Phase.STARS
    return game


def test_a_star_is_taken_back_but_an_opt_out_is_not():
    before = stars_phase()
    starred = before.apply(PlaceStar(0, 1, 1))
    assert can_undo(starred)
    back = undo(starred)
    assert back == before
    assert back.state.stars_due(0) == 1
    assert not can_undo(back)


def test_the_last_star_of_a_round_can_be_taken_back_from_the_next_round():
    game = play(stars_phase(), PlaceStar(0, 1, 1), PlaceStar(1, 1, 1))
    assert game.state.round_number == 2
    back = undo(game)
    assert back.state.round_number == 1 and back.state.phase is Phase.STARS
    assert back.state.pending_players == (1,)


def test_bot_seats_cannot_undo_their_own_stars():
    game = rolled_ones(table(Seat("Ann"), Seat("Bot", "random")))
    game = play(game, Place(0, 1, 1), Place(1, 1, 1), OPT_OUT, OPT_OUT, PlaceStar(0, 1, 1))
    game = game.apply(PlaceStar(1, 1, 1))
    assert can_undo(game)  # Ann's star, before the bot's
    assert undo(game).state.pending_players == (0, 1)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), steps=st.integers(1, 400))
def test_undo_in_random_games_only_removes_decisions_since_the_roll(seed, players, steps):
    game = random_game(random.Random(seed), players, steps)
    history = game.state.history()
    if not can_undo(game):
        tail = []
        for action in reversed(history):
            if not isinstance(action, (Place, Skip, PlaceStar)):
                break
            tail.append(action)
        assert all(not game.seats[a.player].is_human for a in tail)
        return
    back = undo(game)
    kept = back.state.history()
    removed = history[len(kept) :]
    assert history[: len(kept)] == kept
    assert removed and game.seats[removed[0].player].is_human
    assert all(isinstance(a, (Place, Skip, PlaceStar)) for a in removed)
    assert all(not game.seats[a.player].is_human for a in removed[1:])
    assert_legal(back)
    assert back.state.apply(removed[0]) is not None  # the same decision is open again
