"""KopfGame: seats and state, replay through the checked path, and undo of whole turns.

Undo serves the human seat whose turn ended last while the opponent has not acted
since; against a bot, the bot's reply goes with it; never past the start of the game.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.engine import (
    PASS,
    IllegalActionError,
    Move,
    Pass,
    Remove,
    new_game,
    replay,
    start,
)
from buttons_game.games.kopf.game import KopfGame
from buttons_game.paths import HOME_VARIABLE
from buttons_game.saves import load_game, save_as, save_game

from .games import (
    ANNA,
    BEN,
    BLUE_QUIET,
    BOT,
    GROUP_MOVE,
    RED_QUIET,
    play_on,
    punishing_start,
    random_game,
)
from .helpers import position


def play(game: KopfGame, *actions) -> KopfGame:
    for action in actions:
        game = game.apply(action)
    return game


def test_a_new_game_is_the_start_ring_with_red_in_seat_0_to_move():
    game = KopfGame.new((ANNA, BEN))
    assert game.kind == "kopf" and KopfGame.kind == "kopf" and Game.kind == "buttons"
    assert game.state == new_game() and game.state.current_player == 0
    assert game.state.target == 10 and KopfGame.new((ANNA, BEN), target=8).state.target == 8
    assert game.seat_name(0) == "Anna" and game.seat_name(1) == "Ben"
    assert len(game.game_id) == 32 and game.game_id != KopfGame.new((ANNA, BEN)).game_id
    assert not game.can_undo and game.undo_seat is None and game.turn_number == 1
    with pytest.raises(ValueError, match="2 seats"):
        KopfGame((ANNA, BEN, BOT), new_game())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="target"):
        KopfGame.new((ANNA, BEN), target=15)


def test_apply_is_the_checked_path_and_leaves_the_game_untouched():
    game = KopfGame.new((ANNA, BEN))
    move = game.state.legal_actions()[0]
    after = game.apply(move)
    assert after.state.history() == [move] and game.state.history() == []
    assert after.last_actor == 0 and after.game_id == game.game_id
    with pytest.raises(IllegalActionError) as error:
        game.apply(PASS)
    assert error.value.code == "must_move"
    assert game.state.history() == [] and not game.can_undo


def test_equality_looks_at_seats_state_and_game_id_only():
    game = KopfGame.new((ANNA, BEN))
    moved = game.apply(game.state.legal_actions()[0])
    assert moved.undo() == game and moved.undo().last_actor is None
    assert moved.undo().undo_stack == () and moved.undo_stack != ()
    assert game.fork() != game and game.fork().state is game.state
    assert game.fork().seats == game.seats


def test_replayed_goes_through_apply_and_names_the_first_illegal_action():
    rng = random.Random(4)
    played = random_game(rng, 40, seats=(ANNA, BOT))
    again = KopfGame.replayed(played.seats, played.state.setup, played.state.history(), "abc")
    assert again.state == played.state and again.game_id == "abc"
    assert again.undo_stack == played.undo_stack and again.last_actor == played.last_actor
    actions = played.state.history()
    actions[7] = Move(1, 1, 1, 1)
    with pytest.raises(IllegalActionError, match="action 7") as error:
        KopfGame.replayed(played.seats, played.state.setup, actions)
    assert error.value.details["action_index"] == 7


def test_the_turn_number_counts_moves_and_passes():
    game = punishing_start()
    assert game.turn_number == 1
    game = play(game, GROUP_MOVE)
    assert game.turn_number == 2
    game = play(game, Remove(5, 5))
    assert game.turn_number == 2, "a removal is part of the turn"
    assert play(game, BLUE_QUIET).turn_number == 3


# ---------------------------------------------------------------- undo: hot seat


def test_hot_seat_undo_takes_back_your_move_while_the_opponent_has_not_moved():
    game = KopfGame.new((ANNA, BEN))
    red_move = game.state.legal_actions()[0]
    moved = game.apply(red_move)
    assert moved.can_undo and moved.undo_seat == 0
    back = moved.undo()
    assert back.state is game.state and back.state.history() == []
    assert not back.can_undo, "never past the start of the game"
    with pytest.raises(ValueError, match="no turn"):
        back.undo()


def test_hot_seat_once_the_opponent_moved_only_the_opponent_can_undo():
    game = KopfGame.new((ANNA, BEN))
    moved = game.apply(game.state.legal_actions()[0])
    answered = moved.apply(moved.state.legal_actions()[0])
    assert answered.undo_seat == 1, "Ben's move, not Anna's"
    back = answered.undo()
    assert back.state is moved.state and back.state.current_player == 1
    assert back.undo_seat == 0, "Ben took his move back: Anna's is hers to undo again"
    assert back.undo().state is game.state


def test_hot_seat_a_removal_by_the_opponent_blocks_undo_of_your_move():
    grouped = punishing_start().apply(GROUP_MOVE)
    assert grouped.state.punishing and grouped.undo_seat == 0
    removed = grouped.apply(Remove(5, 5))
    assert removed.undo_seat == 1, "Ben has acted: only his removal can be taken back"
    back = removed.undo()
    assert back.state is grouped.state and back.state.punishing
    assert back.state.pending_groups() == grouped.state.pending_groups()


def test_hot_seat_undo_takes_back_the_removals_with_the_move_of_that_turn():
    grouped = punishing_start().apply(GROUP_MOVE)
    turn = grouped.apply(Remove(6, 7)).apply(BLUE_QUIET)
    assert turn.undo_seat == 1
    back = turn.undo()
    assert back.state is grouped.state, "to the start of Ben's turn, where he had to decide"
    assert back.state.punishing and len(back.state.pieces(0)) == len(grouped.state.pieces(0))


def test_each_undo_goes_back_one_turn_of_the_seat_that_acted_last():
    game = punishing_start()
    states = [game.state]
    for action in (RED_QUIET, BLUE_QUIET, GROUP_MOVE):
        game = game.apply(action)
        states.append(game.state)
    # Anna can undo her last move; after that it is Ben's turn that ended last
    game = game.undo()
    assert game.state is states[2] and game.undo_seat == 1
    game = game.undo()
    assert game.state is states[1] and game.undo_seat == 0
    game = game.undo()
    assert game.state is states[0] and not game.can_undo


# ---------------------------------------------------------------- undo: against a bot


def test_against_a_bot_undo_takes_back_your_move_and_its_reply():
    game = punishing_start((ANNA, BOT))
    moved = game.apply(RED_QUIET)
    assert moved.undo_seat == 0, "the bot has not replied yet"
    replied = moved.apply(BLUE_QUIET)
    assert replied.undo_seat == 0, "the bot's reply goes with Anna's move"
    back = replied.undo()
    assert back.state is game.state and back.state.history() == []
    assert not back.can_undo


def test_against_a_bot_undo_takes_back_a_reply_only_begun():
    grouped = punishing_start((ANNA, BOT)).apply(GROUP_MOVE)
    punished = grouped.apply(Remove(5, 6))
    assert punished.state.current_player == 1 and not punished.state.punishing
    assert punished.undo_seat == 0
    assert punished.undo().state.history() == []


def test_a_bot_that_moved_first_cannot_be_undone_and_your_removals_can():
    # the bot plays red and starts: its move makes a group Anna punishes
    game = punishing_start((BOT, ANNA))
    grouped = game.apply(GROUP_MOVE)
    assert not grouped.can_undo and grouped.undo_seat is None, "only the bot has moved"
    removed = grouped.apply(Remove(5, 5))
    assert removed.undo_seat == 1, "Anna takes back the removal she made"
    back = removed.undo()
    assert back.state is grouped.state and not back.can_undo
    moved = removed.apply(BLUE_QUIET).apply(RED_QUIET)
    assert moved.undo_seat == 1
    assert moved.undo().state is grouped.state


def test_two_bots_have_nothing_to_undo():
    game = play_on(KopfGame.new((BOT, Seat("Other", "random"))), random.Random(2), 30)
    assert game.state.history() and not game.can_undo and game.undo_seat is None


def test_nothing_is_undone_once_the_game_is_over():
    # blue moves into the range of red's pair (5,5)-(5,6) on 2 and 1 holes: red strikes it
    # at the start of its turn, its 9th capture, and wins
    state = position([(5, 5), (5, 6)], [(6, 9)], holes={(5, 5): 2}, to_move=1, target=9)
    over = KopfGame((ANNA, BEN), state).apply(Move(6, 9, 5, 9))
    assert over.state.is_over() and over.state.outcome().winner == 0
    assert not over.can_undo and over.undo_seat is None and over.undo_stack == ()


def test_undo_never_changes_the_history_before_it():
    rng = random.Random(6)
    game = random_game(rng, 30, seats=(ANNA, BEN))
    assert game.can_undo
    history = game.state.history()
    back = game.undo()
    kept = back.state.history()
    assert history[: len(kept)] == kept and back.state == replay(back.state.setup, kept)


# ---------------------------------------------------------------- saves keep undo


def test_the_undo_stack_survives_a_save_and_a_load(tmp_path):
    grouped = punishing_start((ANNA, BEN)).apply(GROUP_MOVE)
    removed = grouped.apply(Remove(5, 5))
    path = tmp_path / "hot-seat.json"
    save_game(removed, path)
    loaded = load_game(path)
    assert isinstance(loaded, KopfGame)
    assert loaded == removed and loaded.undo_seat == 1
    assert loaded.undo().state == grouped.state and loaded.undo().undo_seat == 0
    assert loaded.undo().undo().state == start(removed.state.setup)


def test_the_undo_stack_survives_a_named_save_against_a_bot(tmp_path, monkeypatch):
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path / "home"))
    game = KopfGame.new((ANNA, BOT))
    game = game.apply(game.state.legal_actions()[0])
    game = game.apply(game.state.legal_actions()[0])
    assert game.undo_seat == 0
    loaded = load_game(save_as(game, "against the bot"))
    assert isinstance(loaded, KopfGame) and loaded.game_id != game.game_id
    assert loaded.undo_seat == 0 and loaded.undo().state == game.undo().state == new_game()


# ---------------------------------------------------------------- random games


def turn_ends(actions) -> list[int]:
    """The lengths of the history at which a turn ended (a move or a pass)."""
    return [i + 1 for i, action in enumerate(actions) if type(action) in (Move, Pass)]


def actors(game: KopfGame) -> list[int]:
    """The seat that took each action of the game."""
    state = start(game.state.setup)
    seats = []
    for action in game.state.history():
        seats.append(state.to_move)
        state = state.apply(action)
    return seats


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    seats=st.sampled_from([(ANNA, BEN), (ANNA, BOT), (BOT, ANNA)]),
    steps=st.integers(1, 120),
)
def test_random_games_undo_to_the_start_of_a_turn_of_the_undo_seat(seed, seats, steps):
    game = random_game(random.Random(seed), steps, seats=seats)
    history = game.state.history()
    human_acted = any(seats[seat].is_human for seat in actors(game))
    assert game.can_undo == (human_acted and not game.state.is_over())
    if not game.can_undo:
        return
    seat = game.undo_seat
    assert seat is not None and seats[seat].is_human
    back = game.undo()
    kept = back.state.history()
    assert history[: len(kept)] == kept, "what happened before is unchanged"
    assert len(kept) == 0 or len(kept) in turn_ends(history), "the start of a turn"
    assert back.state.current_player == seat, "where that seat had to decide"
    assert back.state == replay(back.state.setup, kept)
    # what was taken back: that seat's turn (or what it made of it), then at most a bot's
    taken = history[len(kept) :]
    by = actors(game)[len(kept) :]
    assert by[0] == seat
    if any(actor != seat for actor in by):
        assert not seats[1 - seat].is_human, "a person's turn is never taken back for another"
        first_other = by.index(1 - seat)
        assert all(actor == 1 - seat for actor in by[first_other:])
        assert type(taken[first_other - 1]) in (Move, Pass)
