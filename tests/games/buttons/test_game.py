"""Game: undo takes back only the last deciding human seat's own decisions since the roll;
the dice come from the game's own seed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buttons_game.games.buttons.engine import (
    OPT_OUT,
    ROLL,
    Dice,
    IllegalActionError,
    OptOut,
    Phase,
    Place,
    PlaceStar,
    Roll,
    Skip,
    new_game,
    random_action,
)
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.saves import load_game, save_game

CARDS = {2: (("red", "yellow"), ("green", "blue")), 3: (("red",), ("yellow",), ("green",))}
ANNA, BEN = Seat("Anna"), Seat("Ben")


def table(*seats: Seat, seed: int | None = None) -> Game:
    """Seat 0 holds red and starts."""
    n = len(seats)
    return Game(seats, new_game(n, layouts=("1A", "2B", "3A")[:n], cards=CARDS[n], seed=seed))


def play(game: Game, *actions) -> Game:
    for action in actions:
        game = game.apply(action)
    return game


def ones(game: Game) -> Game:
    """Roll so that every seat may place on (1, 1); the roller may also use column 2."""
    n = game.state.plain_dice_in_hand
    return play(game, ROLL, Dice(1, 1, (2,) + (1,) * (n - 1)))


def test_the_hot_seat_example_undo_serves_only_the_seat_that_decided_last():
    rolled = ones(table(ANNA, BEN))
    placed = rolled.apply(Place(0, 1, 1))
    skipped = placed.apply(Skip(1))
    assert skipped.state.phase is Phase.TURN and skipped.state.active_player == 1
    assert skipped.can_undo and skipped.undo_seat == 1
    back = skipped.undo()
    assert back.state == placed.state and back.state.pending_players == (1,)
    assert back.last_actor == 1
    assert not back.can_undo and back.undo_seat is None, "Anna's placement is not Ben's"
    with pytest.raises(ValueError, match="no decision"):
        back.undo()


def test_undo_takes_back_one_decision_per_call_and_never_the_dice():
    rolled = ones(table(ANNA, BEN))
    assert not rolled.can_undo
    game = play(rolled, Place(0, 1, 1))
    assert game.undo() == rolled
    assert game.undo().state.history() == rolled.state.history()
    assert game.undo().state.dice == Dice(1, 1, (1, 1, 1, 2))


def test_a_roll_empties_the_stack():
    game = play(ones(table(ANNA, BEN)), Place(0, 1, 1), Skip(1))
    assert game.can_undo
    rolled = game.apply(ROLL)
    assert not rolled.can_undo and rolled.undo_stack == ()
    assert not rolled.apply(Dice(4, 4, (4, 4, 4, 4))).can_undo


def test_bot_decisions_block_undo():
    bot = Seat("Robo", "easy")
    rolled = ones(table(ANNA, bot))
    game = play(rolled, Place(0, 1, 1), Skip(1))
    assert game.last_actor == 1 and not game.can_undo, "the bot decided last"
    game = play(rolled, Skip(1))
    assert not game.can_undo, "a bot's own decision is never taken back"
    game = play(rolled, Skip(1), Place(0, 1, 1))
    assert game.undo_seat == 0
    back = game.undo()
    assert back.state == play(rolled, Skip(1)).state and not back.can_undo


def both_opt_out() -> tuple[Game, Game]:
    """Anna places on (1, 2), Ben on (1, 1); the dice pass to Ben, who opts out, then Anna
    opts out and the round is scored: (before Anna's opt-out, the stars phase)."""
    game = play(ones(table(ANNA, BEN)), Place(0, 1, 2), Place(1, 1, 1), OPT_OUT)
    assert game.state.active_player == 0
    scored = game.apply(OPT_OUT)
    assert scored.state.phase is Phase.STARS
    return game, scored


def test_an_opt_out_that_ends_the_round_can_be_undone_by_that_seat():
    before, scored = both_opt_out()
    assert scored.undo_seat == 0
    back = scored.undo()
    assert back.state == before.state and back.state.phase is Phase.TURN
    assert back.state.active_player == 0
    assert not back.can_undo, "Ben's opt-out came before: it is not Anna's to take back"


def test_after_another_seat_decided_the_opt_out_stays():
    _, scored = both_opt_out()
    starred = scored.apply(PlaceStar(1, 1, 1))
    assert starred.undo_seat == 1
    back = starred.undo()
    assert back.state == scored.state
    assert not back.can_undo, "Anna's opt-out lies under Ben's taken-back star"


def three_red_buttons() -> tuple[Game, Game]:
    """Anna gets three red buttons on 1A (three stars due), Ben three on 2B (one star due);
    Ben opts out, then Anna: (before Anna's opt-out, the stars phase)."""
    game = play(table(ANNA, BEN), ROLL, Dice(1, 1, (1, 1, 1, 1)), Place(0, 1, 1), Place(1, 1, 1))
    game = play(game, ROLL, Dice(3, 4, (4, 4, 4, 4)), Place(1, 3, 4), Place(0, 3, 4))
    game = play(game, ROLL, Dice(6, 6, (6, 6, 6, 6)), Place(0, 6, 6), Place(1, 6, 6), OPT_OUT)
    assert game.state.active_player == 0
    scored = game.apply(OPT_OUT)
    assert scored.state.phase is Phase.STARS and scored.state.pending_players == (0, 1)
    assert (scored.state.stars_due(0), scored.state.stars_due(1)) == (3, 1)
    return game, scored


def test_a_seat_placing_several_stars_can_undo_each_then_its_opt_out():
    before_opt_out, scored = three_red_buttons()
    game = play(scored, PlaceStar(0, 1, 1), PlaceStar(0, 3, 4), PlaceStar(0, 6, 6))
    assert game.state.pending_players == (1,)
    for _ in range(3):
        assert game.undo_seat == 0
        game = game.undo()
    assert game.state == scored.state
    assert game.undo_seat == 0, "Anna's own opt-out lies right under her stars"
    game = game.undo()
    assert game.state == before_opt_out.state
    assert not game.can_undo, "Ben's opt-out is his, not Anna's"


def test_undo_never_crosses_into_the_previous_round():
    _, scored = three_red_buttons()
    game = play(scored, PlaceStar(0, 1, 1), PlaceStar(0, 3, 4), PlaceStar(0, 6, 6))
    game = game.apply(PlaceStar(1, 3, 4))
    assert game.state.round_number == 2 and game.state.phase is Phase.TURN
    assert game.undo_stack == () and not game.can_undo and game.undo_seat is None


def test_the_game_end_empties_the_stack():
    rng = random.Random(4)
    game = table(ANNA, BEN)
    while not game.state.is_over():
        state = game.state
        game = game.apply(game.roll_dice() if state.is_chance_node() else random_action(state, rng))
    assert game.undo_stack == () and not game.can_undo


def test_equality_and_the_save_file_ignore_the_stack(tmp_path):
    game = play(ones(table(ANNA, BEN)), Place(0, 1, 1))
    bare = Game(game.seats, game.state, game.game_id)
    assert game == bare and game.undo_stack and not bare.undo_stack
    save_game(game, tmp_path / "a.json")
    save_game(bare, tmp_path / "b.json")
    a = (tmp_path / "a.json").read_text(encoding="utf-8").splitlines()
    b = (tmp_path / "b.json").read_text(encoding="utf-8").splitlines()
    assert [line for line in a if "saved_at" not in line] == [
        line for line in b if "saved_at" not in line
    ]


def test_the_stack_survives_a_save_round_trip(tmp_path):
    game = play(ones(table(ANNA, BEN)), Place(0, 1, 1), Skip(1))
    path = tmp_path / "game.json"
    save_game(game, path)
    loaded = load_game(path)
    assert loaded == game and loaded.last_actor == 1 and loaded.undo_seat == 1
    assert loaded.undo().state == game.undo().state
    assert not loaded.undo().can_undo
    _, scored = three_red_buttons()
    starred = play(scored, PlaceStar(0, 1, 1), PlaceStar(0, 3, 4))
    save_game(starred, path)
    again = load_game(path)
    assert [seat for seat, _ in again.undo_stack] == [seat for seat, _ in starred.undo_stack]
    assert again.undo().undo().state == scored.state


def test_replayed_checks_every_action_and_names_the_bad_one():
    setup = table(ANNA, BEN).state.setup
    with pytest.raises(IllegalActionError, match="action 2") as raised:
        Game.replayed((ANNA, BEN), setup, [ROLL, Dice(1, 1, (1, 1, 1, 1)), Place(0, 2, 2)])
    assert raised.value.code == "wrong_row"
    game = Game.replayed((ANNA, BEN), setup, [ROLL, Dice(1, 1, (1, 1, 1, 1))], "abc")
    assert game.game_id == "abc" and game.state.phase is Phase.PLACING


# ------------------------------------------------------------------ roll_dice


def test_roll_dice_needs_a_roll():
    with pytest.raises(ValueError, match="Roll"):
        table(ANNA, BEN, seed=1).roll_dice()


def test_the_same_seed_gives_the_same_dice_whatever_happens_in_between(tmp_path):
    rng = random.Random(0)
    game = table(ANNA, BEN, seed=2015)
    rolls = []
    while len(rolls) < 12 and not game.state.is_over():
        state = game.state
        if state.is_chance_node():
            dice = game.roll_dice()
            assert dice == game.roll_dice(), "asking twice draws the same roll"
            rolls.append(dice)
            game = game.apply(dice)
        else:
            game = game.apply(random_action(state, rng))
    # the same decisions again, with undo and a save and reload after every roll
    rng = random.Random(0)
    again = table(ANNA, BEN, seed=2015)
    seen = []
    while len(seen) < len(rolls):
        state = again.state
        if state.is_chance_node():
            path = tmp_path / f"{len(seen)}.json"
            save_game(again, path)
            again = load_game(path)
            dice = again.roll_dice()
            seen.append(dice)
            again = again.apply(dice)
        else:
            action = random_action(state, rng)
            again = again.apply(action)
            if again.can_undo:
                again = again.undo().apply(action)
    assert seen == rolls
    assert len(set(rolls)) > 6, "the rolls differ from each other"


def test_rolls_depend_on_the_seed_and_come_from_the_os_without_one():
    first = {seed: table(ANNA, BEN, seed=seed).apply(ROLL).roll_dice() for seed in range(20)}
    assert len(set(first.values())) > 10
    unseeded = table(ANNA, BEN).apply(ROLL)
    rolls = {unseeded.roll_dice() for _ in range(30)}
    assert len(rolls) > 5
    assert all(len(d.plain) == 4 and 1 <= d.white <= 6 and 1 <= d.gold <= 6 for d in rolls)


# ---------------------------------------------------------- random hot-seat games


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 3), bots=st.integers(0, 7))
def test_undo_in_random_games_only_takes_back_the_last_seats_own_decisions(seed, players, bots):
    rng = random.Random(seed)
    seats = tuple(Seat(f"P{p}", "random" if bots >> p & 1 else None) for p in range(players))
    game = table(*seats, seed=seed)
    for _ in range(rng.randrange(1, 400)):
        if game.state.is_over():
            break
        if game.can_undo and rng.random() < 0.3:
            seat = game.undo_seat
            back = game.undo()
            history, kept = game.state.history(), back.state.history()
            assert history[: len(kept)] == kept and len(history) == len(kept) + 1
            undone = history[-1]
            assert isinstance(undone, (Place, Skip, PlaceStar, OptOut))
            assert seats[seat].is_human
            assert getattr(undone, "player", back.state.active_player) == seat
            assert back.state.round_number == game.state.round_number
            assert back.last_actor == game.last_actor
            game = back
            continue
        state = game.state
        if state.is_chance_node():
            game = game.apply(game.roll_dice())
        else:
            action = random_action(state, rng)
            game = game.apply(action)
            if type(action) is Roll:
                assert not game.can_undo
        # the stack only ever holds decisions of this round since the last roll
        history = game.state.history()
        for _, entry_state in game.undo_stack:
            assert entry_state.round_number == game.state.round_number
            assert Dice not in map(type, history[len(entry_state.history()) :])
