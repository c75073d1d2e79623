"""Illegal actions carry a stable code and details the UI can translate; problem() never raises."""

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buttons_game.games.buttons.engine import (
    OPT_OUT,
    REASON_CODES,
    ROLL,
    Dice,
    IllegalActionError,
    Phase,
    Place,
    PlaceStar,
    Skip,
    Status,
    play_chance,
    random_action,
    random_game,
    replay,
)

from .helpers import game, play, roll, with_boards


def placing():
    """Seat 0 rolled W=3, G=1 and plain 4, 4, 6, 6; seat 1 has a button at (2, 6)."""
    state = with_boards(game(), buttons={1: [(2, 6)]}, stars={0: [(3, 6)]})
    return roll(state, 3, 1, 4, 4, 6, 6)


def stars_phase():
    state = with_boards(game(), buttons={p: [(1, 1), (3, 3)] for p in range(4)})
    state = play(state, OPT_OUT, OPT_OUT, OPT_OUT, OPT_OUT)
    assert state.phase is Phase.STARS
    return state


def over():
    state = random_game(2, random.Random(1))
    assert state.is_over()
    return state


CASES = [
    ("game_over", over, ROLL, {}),
    ("dice_expected", lambda: game().apply(ROLL), Skip(1), {}),
    ("no_roll_waiting", game, Dice(1, 1, (1, 1, 1, 1)), {}),
    ("must_roll_or_opt_out", game, Place(0, 1, 1), {"seat": 0}),
    ("opt_out_needs_button", game, OPT_OUT, {"seat": 0}),
    ("stars_first", stars_phase, ROLL, {}),
    ("not_now", placing, ROLL, {}),
    ("no_such_seat", placing, Skip(7), {"seat": 7}),
    ("no_decision", lambda: placing().apply(Place(0, 3, 1)).apply(Skip(2)), Skip(2), {"seat": 2}),
    ("not_a_space", placing, Place(0, 3, 7), {}),
    ("star_needs_button", stars_phase, PlaceStar(2, 2, 2), {"seat": 2, "row": 2, "col": 2}),
    ("stars_at_round_end", placing, PlaceStar(0, 3, 4), {}),
    ("must_place", placing, Skip(0), {"seat": 0}),
    ("wrong_row", placing, Place(0, 4, 4), {"row": 3}),
    ("not_rolled", placing, Place(0, 3, 2), {"col": 2}),
    ("gold_only", placing, Place(1, 3, 4), {"seat": 1, "row": 3, "col": 1}),
    ("holds_star", placing, Place(0, 3, 6), {"row": 3, "col": 6}),
    ("bad_dice", lambda: game().apply(ROLL), Dice(1, 2, (3, 4, 5)), {"plain": 4}),
]


def test_every_code_is_tested_here():
    tested = {code for code, *_ in CASES} | {"holds_button", "next_to_button"}
    assert tested == set(REASON_CODES)
    assert len(set(REASON_CODES)) == len(REASON_CODES)
    assert all(code.replace("_", "").isalpha() and code.islower() for code in REASON_CODES)


@pytest.mark.parametrize("code,make,action,details", CASES, ids=[c[0] for c in CASES])
def test_each_problem_has_its_code_and_details(code, make, action, details):
    state = make()
    problem = state.problem(action)
    assert isinstance(problem, IllegalActionError) and isinstance(problem, ValueError)
    assert problem.code == code
    assert problem.details == details
    with pytest.raises(IllegalActionError) as raised:
        state.apply(action)
    assert raised.value.code == code and raised.value.details == details
    assert str(raised.value) == str(problem)


@pytest.mark.parametrize(
    "buttons,stars,target,code",
    [
        ([(2, 4)], [], (2, 4), "holds_button"),
        ([], [(2, 4)], (2, 4), "holds_star"),
        ([(1, 4)], [], (2, 4), "next_to_button"),
    ],
)
def test_placing_rule_codes_name_the_space(buttons, stars, target, code):
    state = with_boards(game(), buttons={0: buttons}, stars={0: stars})
    state = roll(state, 2, 4, 1, 4, 4, 4)
    problem = state.problem(Place(0, *target))
    assert problem is not None
    assert problem.code == code and problem.details == {"row": target[0], "col": target[1]}


def test_a_legal_action_has_no_problem():
    state = placing()
    for action in state.legal_actions(0) + state.legal_actions(1):
        assert state.problem(action) is None


def test_replay_keeps_the_code_and_adds_the_action_index():
    with pytest.raises(IllegalActionError, match="action 2") as raised:
        replay(game().setup, [ROLL, Dice(3, 1, (4, 4, 6, 6)), Place(0, 4, 4)])
    assert raised.value.code == "wrong_row"
    assert raised.value.details == {"row": 3, "action_index": 2}


def test_the_error_survives_pickling_with_its_code():
    error = placing().problem(Place(1, 3, 4))
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.code, copy.details) == (str(error), error.code, error.details)


def test_every_reason_has_text_in_every_language():
    from buttons_game.i18n import LANGUAGES
    from tests.i18n_files import strings

    for language in LANGUAGES:
        texts = strings(language)
        for code in REASON_CODES:
            assert texts.get(f"reason.{code}", "").strip(), (language, code)


def _any_action(draw_int):
    kinds = [
        ROLL,
        OPT_OUT,
        Place(draw_int(0, 4), draw_int(0, 7), draw_int(0, 7)),
        Skip(draw_int(0, 4)),
        PlaceStar(draw_int(0, 4), draw_int(0, 7), draw_int(0, 7)),
        Dice(draw_int(0, 7), draw_int(1, 6), tuple(draw_int(1, 6) for _ in range(draw_int(0, 4)))),
    ]
    return kinds[draw_int(0, len(kinds) - 1)]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_problem_agrees_with_apply_and_legal_actions(seed, players):
    rng = random.Random(seed)
    state = random_game(players, rng) if rng.random() < 0.1 else game(players)
    for _ in range(rng.randrange(0, 300)):
        if state.is_over():
            break
        if state.is_chance_node():
            state = play_chance(state, rng)
        else:
            state = state.apply_unchecked(random_action(state, rng))
    for _ in range(40):
        action = _any_action(rng.randint)
        problem = state.problem(action)
        legal = any(action in state.legal_actions(p) for p in range(players))
        if state.is_chance_node():
            legal = problem is None  # any well-formed roll of the dice in hand
            assert legal == (
                type(action) is Dice
                and len(action.plain) == state.plain_dice_in_hand
                and 1 <= action.white <= 6
            )
        assert (problem is None) == legal, (state, action, problem)
        if problem is None:
            state.apply(action)
        else:
            assert problem.code in REASON_CODES
            assert all(type(v) is int for v in problem.details.values())
            with pytest.raises(IllegalActionError) as raised:
                state.apply(action)
            assert raised.value.code == problem.code


def test_statuses_are_untouched_by_a_refused_action():
    state = placing()
    assert state.problem(Skip(0)) is not None
    assert state.status(0) is Status.IN_ROUND and state.pending_players == (0, 1, 2, 3)
