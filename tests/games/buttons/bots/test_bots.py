"""Every level plays whole games through the checked apply, deterministically per seed."""

import random

import pytest

from buttons_game.games.buttons.bots import LEVELS, make_bot
from buttons_game.games.buttons.bots.efficiency import SoloPosition
from buttons_game.games.buttons.engine import OPT_OUT, ROLL, Phase, new_game, play_chance

from ....soak import volumes


def play(levels, seed):
    """A whole game with bots in the seats; every action goes through the checked apply."""
    bots = [make_bot(level, seed * 10 + i) for i, level in enumerate(levels)]
    rng = random.Random(seed)
    state = new_game(len(levels), seed=seed)
    decisions = 0
    while not state.is_over():
        if state.is_chance_node():
            state = play_chance(state, rng)
            continue
        for p in state.pending_players or (state.current_player,):
            action = bots[p].choose(state, p)
            assert action in state.legal_actions(p)
            state = state.apply(action)  # raises IllegalActionError on an illegal action
            decisions += 1
            if state.phase is not Phase.PLACING and state.phase is not Phase.STARS:
                break
    return state, decisions


# Games per seating in the quick tier and in the soak: the hard bot searches, so it plays fewer
# (at four seats, both counts in the slow tier: the quick tier has the hard bot at two seats).
SEATINGS = [
    (("random", "easy"), 8, 120),
    (("easy", "medium", "random"), 5, 80),
    (("medium", "medium", "easy", "random"), 4, 60),
    (("hard", "medium"), 1, 12),
    (("hard", "easy", "random", "medium"), 1, 5),
]


@pytest.mark.parametrize(
    "levels,games",
    [
        pytest.param(
            levels,
            count,
            id=f"{'-'.join(levels)}-{volume.id}",
            marks=pytest.mark.slow if "hard" in levels and len(levels) == 4 else volume.marks,
        )
        for levels, quick, soak in SEATINGS
        for count, volume in zip((quick, soak), volumes(quick, soak))
    ],
)
def test_bots_only_make_legal_moves(levels, games):
    for seed in range(games):
        state, decisions = play(levels, seed)
        assert state.outcome() is not None and decisions > 0


@pytest.mark.parametrize("level", [*LEVELS[:-1], pytest.param(LEVELS[-1], marks=pytest.mark.slow)])
def test_same_seed_same_play(level):
    first, _ = play((level, level, "random"), 5)
    again, _ = play((level, level, "random"), 5)
    assert first.history() == again.history()


def test_levels_differ_in_play():
    histories = {level: play((level, "random"), 3)[0].history() for level in LEVELS}
    assert len({tuple(h) for h in histories.values()}) == len(LEVELS)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("expert", 1)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_opt_out_when_any_roll_busts_and_roll_when_none_can(level):
    # Seat 0 alone, a button on (1, 1), (1, 2) next to it, every other space starred.
    doomed = SoloPosition(3, "1A", ("red",), ((1 << 36) - 1) & ~0b11, 0b01)
    assert make_bot(level, 1).choose(doomed.state(), 0) == OPT_OUT
    # An empty board with five black dice and one button: rolling cannot bust.
    safe = SoloPosition(5, "1A", ("red",), 0, 1 << 14)
    assert make_bot(level, 1).choose(safe.state(), 0) == ROLL


def test_hard_takes_the_space_that_completes_a_colour():
    from buttons_game.games.buttons.engine import COLOUR_MASKS, Dice

    red = COLOUR_MASKS["1A"][0]
    spaces = [i for i in range(36) if red >> i & 1]
    # two red buttons far apart, then a roll showing a third red space and a non-red one
    from buttons_game.games.buttons.bots.solver import open_spaces

    for a in spaces:
        for b in spaces:
            buttons = 1 << a | 1 << b
            if a >= b or open_spaces(1 << a, 0) >> b & 1 == 0:
                continue
            free = open_spaces(buttons, 0)
            for c in spaces:
                row = c // 6
                others = [
                    j
                    for j in range(6)
                    if free >> (row * 6 + j) & 1 and not red >> (row * 6 + j) & 1
                ]
                if free >> c & 1 and others:
                    position = SoloPosition(5, "1A", ("red",), 0, buttons)
                    state = position.state().apply(ROLL)
                    dice = Dice(row + 1, c % 6 + 1, (others[0] + 1,) * 4)
                    state = state.apply(dice)
                    action = make_bot("hard", 1).choose(state, 0)
                    assert (action.row, action.col) == (row + 1, c % 6 + 1)
                    return
    pytest.fail("no such position on layout 1A")
