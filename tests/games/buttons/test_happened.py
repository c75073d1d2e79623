"""What one action did in BUTTONS, worked out once: the notes, the sound the table plays,
the seat busted, the round scored and the stars placed."""

from __future__ import annotations

import random

import pytest

from buttons_game.games.buttons.engine import (
    OPT_OUT,
    ROLL,
    Dice,
    OptOut,
    Place,
    PlaceStar,
    Roll,
    Skip,
    Status,
    new_game,
    random_action,
    sample_dice,
)
from buttons_game.games.buttons.happened import OVER, ButtonsHappened
from buttons_game.games.buttons.kind import KIND
from buttons_game.games.buttons.narration import narrate

from .engine.helpers import game, play, roll, with_boards


def happened(state, *actions) -> ButtonsHappened:
    """What the last action did, after playing the others."""
    state = play(state, *actions[:-1])
    action = actions[-1]
    after = state.apply(action)
    done = KIND.happened(state, action, after)
    assert isinstance(done, ButtonsHappened)
    assert done.notes == narrate(state, action, after)  # the log's very words
    return done


def test_a_roll_rattles_and_its_dice_make_no_sound_unless_they_bust():
    state = game()
    assert happened(state, ROLL) == ButtonsHappened((), "roll")
    dice = happened(state, ROLL, Dice(5, 6, (6, 2, 3, 5)))
    assert dice.cue is None and dice.busted is None and dice.scored is None
    assert dice.stars == ()


def test_placing_skipping_and_opting_out_each_sound_as_their_own():
    state = roll(game(), 5, 6, 2, 3, 5, 6)
    assert happened(state, Place(0, 5, 2)).cue == "place"
    assert happened(state, Skip(1)).cue is None
    assert happened(with_boards(game(), buttons={0: [(3, 3)]}), OPT_OUT).cue == "opt_out"


def test_a_bust_names_the_seat_and_sounds_as_a_bust():
    state = with_boards(game(), buttons={0: [(2, 2), (2, 4)]}, stars={0: [(2, 6)]})
    done = happened(state, ROLL, Dice(2, 2, (3, 4, 6, 1)))
    assert done.busted == 0 and done.cue == "bust" and done.scored is None
    assert [n.key for n in done.notes] == ["roll", "bust"]


def test_a_bust_that_ends_the_round_is_the_bust_and_the_rounds_scoring():
    state = with_boards(game(2), buttons={0: [(2, 2), (2, 4)], 1: [(1, 1)]}, stars={0: [(2, 6)]})
    state = play(roll(state, 5, 1), Place(0, 5, 1), Skip(1), OPT_OUT)
    before = state.apply(ROLL)
    done = happened(before, Dice(2, 2, (3, 1)))
    assert done.busted == 0 and done.cue == "bust"
    after = before.apply(Dice(2, 2, (3, 1)))
    assert done.scored == after.round_scores()[-1]
    assert done.scored.round_number == 1
    assert [s.status for s in done.scored.seats] == [Status.BUSTED, Status.OPTED_OUT]


def test_the_last_opt_out_scores_the_round_and_a_star_is_placed():
    state = with_boards(game(), buttons={p: [(3, 3)] for p in range(4)})
    state = play(state, OPT_OUT, OPT_OUT, OPT_OUT)
    done = happened(state, OPT_OUT)
    assert done.cue == "opt_out" and done.busted is None
    assert done.scored is not None and [s.total for s in done.scored.seats] == [1, 1, 1, 1]
    state = play(state, OPT_OUT)
    star = happened(state, PlaceStar(0, 3, 3))
    assert star.cue == "star" and star.stars == ((0, 3, 3),) and star.scored is None


def test_the_end_of_the_game_sounds_as_the_end_even_on_a_star():
    state = with_boards(
        game(2), buttons={0: [(1, 5)], 1: [(6, 6)]}, stars={0: [(1, c) for c in range(1, 5)]}
    )
    state = play(state, OPT_OUT, OPT_OUT, PlaceStar(0, 1, 5))
    done = happened(state, PlaceStar(1, 6, 6))
    assert done.cue == OVER and done.stars == ((1, 6, 6),)
    assert [n.key for n in done.notes][-2:] == ["game_over_line", "winner"]


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4)])
def test_over_a_whole_game_the_busts_and_scorings_are_the_engines(seed, players):
    rng = random.Random(seed)
    state = new_game(players, seed=seed)
    busts = scorings = 0
    while not state.is_over():
        action = sample_dice(state, rng) if state.is_chance_node() else random_action(state, rng)
        after = state.apply(action)
        done = KIND.happened(state, action, after)
        assert done.notes == narrate(state, action, after)
        if done.busted is not None:
            busts += 1
            assert type(action) is Dice and done.busted == state.active_player
        expected = {Roll: "roll", Place: "place", PlaceStar: "star", OptOut: "opt_out"}
        if after.is_over():
            assert done.cue == OVER
        elif done.busted is not None:
            assert done.cue == "bust"
        else:
            assert done.cue == expected.get(type(action))
        scorings += done.scored is not None
        state = after
    scores = state.round_scores()
    assert busts == sum(s.status is Status.BUSTED for score in scores for s in score.seats)
    assert scorings == len(scores)
