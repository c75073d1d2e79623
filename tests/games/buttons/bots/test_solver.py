"""The solo-round solver against brute-force expectimax through the engine itself."""

import random

import pytest

from buttons_game.games.buttons.bots.efficiency import SoloPosition, solo_positions
from buttons_game.games.buttons.bots.solver import SoloSolver, bust_chance, open_spaces, round_score
from buttons_game.games.buttons.engine import (
    COLOUR_MASKS,
    COLOURS,
    OPT_OUT,
    ROLL,
    Phase,
    bust_probability,
    legal_mask,
)


def brute_force(position: SoloPosition, utility=None, target=0, bonus=()):
    """Expected utility of the best play, enumerating every roll the engine offers."""
    solver = position.solver()
    weights = solver.weights
    masks = COLOUR_MASKS[position.layout]
    util = utility or list(range(8))
    extra = list(bonus) + [bonus[-1] if bonus else 0.0] * 8
    memo = {}

    def stop(buttons):
        score = round_score(buttons, masks, weights)
        line = extra[min(score, (buttons & target & ~position.stars).bit_count())] if bonus else 0
        return util[score] + line

    def value(state):
        buttons = state.button_mask(0)
        if buttons in memo:
            return memo[buttons]
        assert state.phase is Phase.TURN and state.active_player == 0
        rolling = state.apply(ROLL)
        roll = 0.0
        for dice, p in rolling.chance_outcomes():
            after = rolling.apply(dice)
            if after.phase is not Phase.PLACING:  # busted: the round ends at once
                roll += p * util[0]
                continue
            roll += p * max(value(after.apply(a)) for a in after.legal_actions(0))
        best = roll
        if buttons:
            assert OPT_OUT in state.legal_actions()
            best = max(best, stop(buttons))
        memo[buttons] = best
        return best

    return value(position.state())


def crowded_position(seed, black_dice, free=9, buttons=0, cards=("red",)):
    """A position with only ``free`` spaces left open by stars."""
    rng = random.Random(seed)
    keep = rng.sample(range(36), free)
    stars = sum(1 << i for i in range(36) if i not in keep)
    b = 0
    for _ in range(buttons):
        options = [i for i in keep if open_spaces(b, stars) >> i & 1]
        b |= 1 << rng.choice(options)
    layout = rng.choice(["1A", "2B", "3A", "4B"])
    return SoloPosition(black_dice, layout, cards, stars, b)


@pytest.mark.parametrize(
    "seed,dice,free,buttons,cards",
    [
        pytest.param(1, 2, 10, 0, ("red",), marks=pytest.mark.slow),
        pytest.param(2, 3, 8, 0, ("blue", "green"), marks=pytest.mark.slow),
        pytest.param(3, 3, 10, 1, ("yellow",), marks=pytest.mark.slow),
        (4, 2, 12, 2, ("red", "blue")),
        pytest.param(5, 4, 7, 0, ("green",), marks=pytest.mark.slow),
    ],
)
def test_solver_matches_brute_force(seed, dice, free, buttons, cards):
    position = crowded_position(seed, dice, free, buttons, cards)
    exact = position.solver().value(position.buttons)
    assert exact == pytest.approx(brute_force(position), abs=1e-9)
    assert exact > 0


@pytest.mark.slow
def test_solver_matches_brute_force_with_a_utility_and_a_target_line():
    position = crowded_position(7, 2, 11, 0, ("red", "yellow"))
    utility = [0, 1, 1.5, 4, 4.5, 5, 9, 9]
    target = sum(1 << i for i in range(36) if open_spaces(0, position.stars) >> i & 1) & (
        0b111111111111 << 12
    )
    bonus = [0, 0.5, 0.7, 2.0]
    held = [c in position.cards for c in COLOURS]
    solver = SoloSolver(
        position.stars, COLOUR_MASKS[position.layout], held, 2, utility, target, bonus
    )
    assert solver.value(0) == pytest.approx(brute_force(position, utility, target, bonus))


@pytest.mark.slow
def test_depth_limited_search_is_a_lower_bound_that_reaches_the_optimum():
    position = solo_positions()[2]  # five black dice, a round under way
    b = position.buttons
    exact = position.solver().value(b)
    shallow = [position.solver().estimate(b, d) for d in (1, 2, 3)]
    assert shallow[0] < shallow[1] <= shallow[2] <= exact + 1e-12
    assert shallow[2] > 0.9 * exact
    assert position.solver().estimate(b, 20) == pytest.approx(exact)


def test_roll_value_and_placement_values_agree_with_value():
    position = crowded_position(12, 3, 12, 1, ("blue",))
    solver = position.solver()
    b = position.buttons
    assert solver.value(b) == pytest.approx(max(solver.roll_value(b), solver.stop_value(b)))
    free = open_spaces(b, position.stars)
    spaces = [1 << i for i in range(36) if free >> i & 1]
    assert solver.placement_values(b, spaces) == [solver.value(b | s) for s in spaces]


def test_bust_chance_and_open_spaces_match_the_engine():
    rng = random.Random(3)
    for _ in range(200):
        stars = sum(1 << i for i in rng.sample(range(36), rng.randrange(12)))
        buttons = 0
        for _ in range(rng.randrange(8)):
            free = open_spaces(buttons, stars)
            if free:
                buttons |= 1 << rng.choice([i for i in range(36) if free >> i & 1])
        assert open_spaces(buttons, stars) == legal_mask(buttons, stars)
        dice = rng.choice([2, 3, 4, 5])
        position = SoloPosition(dice, "1A", ("red",), stars, buttons)
        state = position.state()
        assert bust_chance(open_spaces(buttons, stars), dice) == pytest.approx(
            bust_probability(state, 0)
        )


def test_a_utility_must_not_decrease():
    with pytest.raises(ValueError):
        SoloSolver(0, COLOUR_MASKS["1A"], [False] * 4, 3, [0, 2, 1, 3, 4, 5, 6, 7])


def test_a_search_depth_must_not_be_negative():
    solver = SoloSolver(0, COLOUR_MASKS["1A"], [False] * 4, 3)
    with pytest.raises(ValueError):
        solver.roll_value(1, 0)
