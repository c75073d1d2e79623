"""Rules that a broken engine could once break unnoticed: each test is named after its rule.

Every test here is scripted (or seeded) and fast; none plays random games.
"""

from __future__ import annotations

import random

import pytest

from buttons_game.games.buttons.engine import (
    LAYOUT_NAMES,
    LAYOUTS,
    OPT_OUT,
    ROLL,
    Dice,
    IllegalActionError,
    Phase,
    Place,
    PlaceStar,
    Roll,
    RoundScore,
    SeatScore,
    Skip,
    Status,
    new_game,
    sample_dice,
)

from .helpers import game, play, roll, with_boards

FACES = {1, 2, 3, 4, 5, 6}

# ------------------------------------------------------------- roll or opt out


def test_a_new_roll_value_is_a_roll_not_an_opt_out():
    """The ROLL key builds a fresh ``Roll()``: it must roll, whichever Roll value it is."""
    fresh = Roll()
    assert fresh is not ROLL and fresh == ROLL
    state = with_boards(game(), buttons={0: [(1, 1)]})  # seat 0 could opt out too
    for rolled in (state.apply(fresh), state.apply_unchecked(fresh)):
        assert rolled.phase is Phase.ROLLING and rolled.is_chance_node()
        assert rolled.status(0) is Status.IN_ROUND and rolled.depot(0) == 0
        assert rolled.active_player == 0 and rolled.dice_in_hand == 6
        assert rolled.history() == [fresh]
    landed = state.apply(fresh).apply(Dice(1, 3, (3, 3, 3, 3)))
    assert landed.phase is Phase.PLACING and landed.pending_players[0] == 0


# ------------------------------------------------------------------------ dice


def test_every_die_can_show_every_face_one_to_six():
    """White, gold and each plain black die are fair six-sided dice (seeded draws)."""
    rng = random.Random(20150101)
    state = game().apply(ROLL)
    assert state.plain_dice_in_hand == 4
    whites, golds, plains = [], [], []
    for _ in range(300):
        dice = sample_dice(state, rng)
        assert len(dice.plain) == 4
        whites.append(dice.white)
        golds.append(dice.gold)
        plains.extend(dice.plain)
    for faces in (whites, golds, plains):
        assert set(faces) == FACES
        assert all(faces.count(v) > len(faces) / 12 for v in FACES), "roughly even"


def test_a_single_plain_die_in_hand_can_show_every_face():
    """With three dice in the depots (4 players) the last plain die is still a full die."""
    state = with_boards(game(), buttons={p: [(1, 1)] for p in range(4)})
    state = play(state, OPT_OUT, OPT_OUT, OPT_OUT, ROLL)  # seat 3 rolls alone
    assert state.plain_dice_in_hand == 1
    rng = random.Random(7)
    seen = [sample_dice(state, rng) for _ in range(120)]
    assert all(len(d.plain) == 1 for d in seen)
    assert {d.plain[0] for d in seen} == FACES
    assert {d.gold for d in seen} == FACES and {d.white for d in seen} == FACES


def test_a_die_never_shows_seven_or_zero():
    rolling = game().apply(ROLL)
    assert rolling.problem(Dice(6, 6, (6, 6, 6, 6))) is None
    assert rolling.problem(Dice(1, 1, (1, 1, 1, 1))) is None
    for bad in (0, 7):
        for dice in (
            Dice(bad, 1, (1, 1, 1, 1)),
            Dice(1, bad, (1, 1, 1, 1)),
            Dice(1, 1, (1, 1, 1, bad)),
        ):
            problem = rolling.problem(dice)
            assert problem is not None, dice
            assert problem.code == "bad_dice" and problem.details == {"plain": 4}
            with pytest.raises(IllegalActionError) as raised:
                rolling.apply(dice)
            assert raised.value.code == "bad_dice"


# ---------------------------------------------------------- spaces and seats


def _stars_phase():
    """Every seat opted out with buttons on (1, 1) and (6, 6): all four place stars."""
    state = with_boards(game(), buttons={p: [(1, 1), (6, 6)] for p in range(4)})
    state = play(state, OPT_OUT, OPT_OUT, OPT_OUT, OPT_OUT)
    assert state.phase is Phase.STARS and state.pending_players == (0, 1, 2, 3)
    return state


@pytest.mark.parametrize("space", [(7, 1), (1, 7), (0, 1), (1, 0), (7, 7)])
def test_a_star_goes_on_a_space_of_the_board(space):
    state = _stars_phase()
    problem = state.problem(PlaceStar(0, *space))
    assert problem is not None
    assert problem.code == "not_a_space" and problem.details == {}
    with pytest.raises(IllegalActionError) as raised:
        state.apply(PlaceStar(0, *space))
    assert raised.value.code == "not_a_space"
    # the corner spaces themselves are on the board
    assert state.problem(PlaceStar(0, 6, 6)) is None and state.problem(PlaceStar(0, 1, 1)) is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seats_are_numbered_from_zero_below_the_player_count(players):
    state = roll(game(players), 1, 1, 3)  # every other seat may use the gold space (1, 1)
    last = players - 1
    assert last in state.pending_players and state.problem(Skip(last)) is None
    for action in (Skip(players), Place(players, 1, 1)):
        problem = state.problem(action)
        assert problem is not None, action
        assert problem.code == "no_such_seat" and problem.details == {"seat": players}
        with pytest.raises(IllegalActionError) as raised:
            state.apply(action)
        assert raised.value.code == "no_such_seat"
    negative = state.problem(Skip(-1))
    assert negative is not None and negative.code == "no_such_seat"


# ------------------------------------------------------------ what a state says


def test_the_dice_are_shown_only_while_seats_place():
    state = game()
    assert state.phase is Phase.TURN and state.dice is None
    state = state.apply(ROLL)
    assert state.phase is Phase.ROLLING and state.dice is None
    state = state.apply(Dice(3, 1, (4, 4, 6, 6)))
    assert state.phase is Phase.PLACING and state.dice == Dice(3, 1, (4, 4, 6, 6))
    state = play(state, Place(0, 3, 1), Place(1, 3, 1), Skip(2))
    assert state.dice == Dice(3, 1, (4, 4, 6, 6)), "seat 3 still decides"
    state = state.apply(Skip(3))
    assert state.phase is Phase.TURN and state.dice is None


def test_the_dice_are_put_away_when_a_bust_leaves_nobody_to_place():
    # seat 0 busts on row 2; seat 1 holds a button on the gold space (2, 2)
    state = with_boards(game(2), buttons={0: [(2, 2), (2, 4)], 1: [(2, 2)]}, stars={0: [(2, 6)]})
    state = roll(state, 2, 2, 1, 3, 4, 6)
    assert state.status(0) is Status.BUSTED and state.pending_players == ()
    assert state.phase is Phase.TURN and state.active_player == 1
    assert state.dice is None
    assert state.active_choices() == 0


def test_the_dice_are_put_away_while_stars_are_placed():
    state = _stars_phase()
    assert state.dice is None and state.active_choices() == 0


def test_without_dice_the_active_player_has_no_column_to_choose():
    state = with_boards(game(), buttons={0: [(1, 1)]})
    assert state.phase is Phase.TURN and state.active_choices() == 0
    rolling = state.apply(ROLL)
    assert rolling.active_choices() == 0
    placing = rolling.apply(Dice(3, 2, (4, 4, 6, 6)))
    assert placing.active_choices() == 0b101010  # columns 2, 4 and 6
    placed = placing.apply(Place(0, 3, 4))
    assert placed.active_choices() == 0b100010, "(3, 4) is taken; the dice stay till all decide"
    after = play(placed, Skip(1), Skip(2), Skip(3))
    assert after.phase is Phase.TURN and after.active_choices() == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_stars_are_due_at_the_start_of_a_game(players):
    state = new_game(players, seed=players)
    assert [state.stars_due(p) for p in range(players)] == [0] * players
    assert state.round_scores() == ()


def test_the_round_record_keeps_each_seats_buttons_and_the_cards_of_that_round():
    # 2 players: seat 0 plays layout 1A and holds red and yellow, seat 1 plays 1B
    state = game(2)
    assert state.cards(0) == ("red", "yellow") and state.cards(1) == ("green", "blue")
    state = roll(state, 1, 1, 2, 3, 5, 6)  # 1A (1, 1) red; 1B (1, 1) green
    state = play(state, Place(0, 1, 1), Place(1, 1, 1))
    state = roll(state, 3, 4, 6, 6, 6, 6)  # seat 1 rolls: 1B (3, 6) blue; 1A (3, 4) red
    state = play(state, Place(1, 3, 6), Place(0, 3, 4))
    state = roll(state, 6, 6, 1, 1, 1, 1)  # 1A (6, 6) red; 1B (6, 6) blue
    state = play(state, Place(0, 6, 6), Place(1, 6, 6))
    state = roll(state, 5, 2, 2, 2, 2, 2)  # seat 1: 1B (5, 2) blue; 1A (5, 2) green
    state = play(state, Place(1, 5, 2), Place(0, 5, 2))
    assert state.active_player == 0
    state = state.apply(OPT_OUT)  # seat 0: red (1, 1), (3, 4), (6, 6) and green (5, 2)
    assert state.active_player == 1 and state.plain_dice_in_hand == 2
    state = roll(state, 1, 1, 2, 2)  # (1, 1) holds a button, (1, 2) is next to it: bust
    assert state.phase is Phase.STARS and state.round_scores() != ()
    expected = RoundScore(
        round_number=1,
        seats=(
            SeatScore(Status.OPTED_OUT, 1, ("red",), ("red",), 4),
            SeatScore(Status.BUSTED, 0, (), (), 0),
        ),
        cards=(("red", "yellow"), ("green", "blue")),
    )
    assert state.round_scores() == (expected,)
    assert [state.stars_due(p) for p in range(2)] == [3, 0]
    state = play(state, PlaceStar(0, 1, 1), PlaceStar(0, 3, 4), PlaceStar(0, 6, 6))
    assert state.round_number == 2 and state.cards(0) == ("green", "blue")
    assert state.round_scores() == (expected,), "the record keeps the cards of its own round"


# 1A and 1B, the two sides of board 1, as assets/layouts.json ships them:
# r = red, y = yellow, g = green, b = blue.
BOARD_1 = {
    "1A": ("rbybby", "byggbg", "rybrgr", "bryygg", "yggryy", "bgbrrr"),
    "1B": ("gygbgr", "gbbbry", "rrbygb", "grgyry", "ybyrgb", "yrgyrb"),
}
LETTERS = {"r": "red", "y": "yellow", "g": "green", "b": "blue"}


@pytest.mark.parametrize("side", ["1A", "1B"])
def test_each_space_of_a_board_shows_its_printed_colour(side):
    state = game(2, layouts=(side, "2A"))
    for row in range(1, 7):
        for col in range(1, 7):
            printed = LETTERS[BOARD_1[side][row - 1][col - 1]]
            assert state.colour_at(0, row, col) == printed, (side, row, col)


def test_every_seat_reads_the_colours_of_its_own_layout():
    for first in range(0, 8, 4):
        names = LAYOUT_NAMES[first : first + 4]
        state = game(4, layouts=names)
        for seat, name in enumerate(names):
            grid = [[state.colour_at(seat, r, c) for c in range(1, 7)] for r in range(1, 7)]
            assert grid == [list(row) for row in LAYOUTS[name]], name
            assert all(sum(row.count(k) for row in grid) == 9 for k in LETTERS.values())


def test_the_stars_of_this_scoring_are_each_seats_own_and_only_while_stars_are_placed():
    from buttons_game.games.buttons.engine.board import bit

    assert all(game().stars_this_scoring(p) == 0 for p in range(4)), "not while turns run"
    state = _stars_phase()
    assert [state.stars_this_scoring(p) for p in range(4)] == [0, 0, 0, 0]
    state = state.apply(PlaceStar(0, 1, 1))
    assert [state.stars_this_scoring(p) for p in range(4)] == [bit(1, 1), 0, 0, 0]
    state = state.apply(PlaceStar(1, 6, 6))
    assert [state.stars_this_scoring(p) for p in range(4)] == [bit(1, 1), bit(6, 6), 0, 0]
    state = play(state, PlaceStar(2, 1, 1), PlaceStar(3, 6, 6))
    assert state.phase is not Phase.STARS
    assert [state.stars_this_scoring(p) for p in range(4)] == [0, 0, 0, 0]


def test_a_random_game_is_played_on_the_set_up_it_is_given():
    from buttons_game.games.buttons.engine.chance import random_game
    from buttons_game.games.buttons.engine.setup import make_setup

    given = make_setup(2, seed=5)
    layouts = (given.layouts[1], given.layouts[0])
    cards = (given.cards[1], given.cards[0])
    final = random_game(2, random.Random(1), layouts=layouts, cards=cards, seed=11)
    assert final.is_over()
    assert (final.setup.layouts, final.setup.cards, final.setup.seed) == (layouts, cards, 11)
    plain = random_game(2, random.Random(1), seed=11)
    assert plain.setup == make_setup(2, seed=11)


def test_the_stars_a_seat_places_at_one_scoring_all_count_as_this_scorings():
    """Two stars by one seat in one scoring: both are this scoring's, not only the last."""
    from buttons_game.games.buttons.engine.board import bit

    from .helpers import colour_spaces

    start = game(2)
    reds = colour_spaces(start.setup.layouts[0], "red")[:3]  # 3 of a colour: a second star
    state = play(with_boards(start, buttons={0: reds, 1: [(6, 6)]}), OPT_OUT, OPT_OUT)
    assert state.phase is Phase.STARS and state.stars_due(0) >= 2
    first, second = reds[:2]
    state = play(state, PlaceStar(0, *first), PlaceStar(0, *second))
    assert state.stars_this_scoring(0) == bit(*first) | bit(*second)


def test_a_space_below_the_board_has_no_colour():
    with pytest.raises(ValueError, match=r"^no space \(7, 1\)$"):
        game().colour_at(0, 7, 1)


def test_states_that_differ_hash_apart():
    start = game()
    rolled = start.apply(ROLL)
    opted = with_boards(start, buttons={0: [(1, 1)]}).apply(OPT_OUT)
    assert len({hash(start), hash(rolled), hash(opted)}) == 3
    assert hash(game()) == hash(start)


@pytest.mark.parametrize("number", [-999, 999])
def test_a_saved_action_holds_numbers_up_to_three_digits(number):
    from buttons_game.games.buttons.engine.serialise import decode_action

    action = decode_action({"type": "place", "player": number, "row": 1, "col": 1})
    assert action == Place(number, 1, 1)


@pytest.mark.parametrize("number", [-1000, 1000])
def test_a_saved_action_with_a_longer_number_is_malformed(number):
    from buttons_game.games.buttons.engine.serialise import ActionFormatError, decode_action

    with pytest.raises(ActionFormatError, match="must be a small whole number"):
        decode_action({"type": "place", "player": number, "row": 1, "col": 1})


def test_a_new_game_has_no_outcome_yet():
    assert game().outcome() is None and not game().is_over()


def test_a_finished_game_refuses_any_action_even_unchecked():
    from buttons_game.games.buttons.engine.chance import random_game

    over = random_game(2, random.Random(3), seed=3)
    assert over.is_over()
    with pytest.raises(IllegalActionError) as raised:
        over.apply_unchecked(ROLL)
    assert raised.value.code == "game_over" and str(raised.value) == "the game is over"


def test_nobody_owes_a_decision_once_a_round_is_scored():
    state = _stars_phase()
    state = play(state, *(PlaceStar(p, 1, 1) for p in range(4)))
    assert state.phase is not Phase.STARS and state.pending_players == ()


@pytest.mark.parametrize("players", [1, 5])
def test_a_set_up_for_other_than_two_to_four_players_says_so(players):
    from buttons_game.games.buttons.engine.setup import Setup, SetupError

    layouts = LAYOUT_NAMES[:players]
    cards = tuple(("red",) if p == 0 else () for p in range(players))
    with pytest.raises(SetupError, match="played by 2, 3 or 4 players"):
        Setup(players, layouts, cards)


def test_a_set_up_holds_each_seats_cards_as_a_tuple():
    from buttons_game.games.buttons.engine.setup import Setup, SetupError

    with pytest.raises(SetupError, match="each holds 2 button card"):
        Setup(2, ("1A", "2A"), (["red", "yellow"], ("blue", "green")))  # type: ignore[arg-type]


def test_a_seat_that_is_not_a_number_is_no_seat_and_names_none():
    problem = _stars_phase().problem(PlaceStar("0", 1, 1))  # type: ignore[arg-type]
    assert problem is not None and problem.code == "no_such_seat" and problem.details == {}
