"""The chi-square test of the dice: the p-value against table values, and a loaded die in
saved games is flagged while the game's own seeded dice pass."""

from __future__ import annotations

import math

import pytest

from buttons_game import saves, stats
from buttons_game.games.buttons.game import Seat
from buttons_game.stats import DieFairness, chi_square_sf

from .helpers import Rolled, loaded_white, play_buttons

# (statistic, degrees of freedom, P(X >= statistic)) from printed chi-square tables
TABLE = [
    (11.070, 5, 0.05),
    (15.086, 5, 0.01),
    (20.515, 5, 0.001),
    (9.236, 5, 0.10),
    (1.145, 5, 0.95),
    (0.554, 5, 0.99),
    (4.351, 5, 0.50),
    (3.841, 1, 0.05),
    (6.635, 1, 0.01),
    (5.991, 2, 0.05),
    (7.815, 3, 0.05),
    (13.277, 4, 0.01),
    (18.307, 10, 0.05),
    (37.566, 20, 0.01),
]


@pytest.mark.parametrize("x,dof,p", TABLE)
def test_chi_square_survival_matches_the_tables(x, dof, p):
    assert chi_square_sf(x, dof) == pytest.approx(p, rel=2e-3, abs=2e-5)


def test_chi_square_survival_edges_and_bad_input():
    assert chi_square_sf(0.0, 5) == 1.0
    assert chi_square_sf(math.inf, 5) == 0.0
    assert 0.0 <= chi_square_sf(500.0, 5) < 1e-100
    # the mean of a chi-square with 2 dof is 2: P(X >= 2) = e^-1
    assert chi_square_sf(2.0, 2) == pytest.approx(math.exp(-1))
    values = [chi_square_sf(x / 4, 5) for x in range(200)]
    assert values == sorted(values, reverse=True), "falls as the statistic grows"
    for bad in (0, -1, 2.5):
        with pytest.raises(ValueError):
            chi_square_sf(1.0, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        chi_square_sf(math.nan, 5)


def test_the_verdict_in_plain_words():
    assert DieFairness((10,) * 6).verdict == stats.FAIR
    assert DieFairness((10,) * 6).p_value == pytest.approx(1.0)
    assert DieFairness((30, 6, 6, 6, 6, 6)).verdict == stats.UNUSUAL
    assert DieFairness((5, 5, 5, 5, 5, 5)).verdict == stats.TOO_FEW, "30 rolls are too few"
    assert DieFairness((0,) * 6).p_value is None
    die = DieFairness((12, 8, 10, 11, 9, 10))
    assert die.rolls == 60 and die.expected == 10
    assert die.chi_square == pytest.approx((4 + 4 + 0 + 1 + 1 + 0) / 10)


def test_a_loaded_white_die_is_flagged_and_the_others_pass():
    rolled = Rolled()
    for seed in range(4):
        game = play_buttons(
            (Seat("Anna"), Seat("Bo", "easy")), seed, dice=loaded_white(6, 0.4), rolled=rolled
        )
        saves.autosave(game)
    fairness = stats.refresh().stats.fairness()
    assert list(fairness["white"].counts) == rolled.counts("white")
    assert fairness["white"].verdict == stats.UNUSUAL, fairness["white"]
    assert fairness["white"].counts[5] == max(fairness["white"].counts)
    assert fairness["gold"].verdict == stats.FAIR
    assert fairness["plain"].verdict == stats.FAIR


def test_the_games_own_seeded_dice_pass():
    for seed in range(6):
        saves.autosave(play_buttons((Seat("Anna"), Seat("Bo", "easy"), Seat("Cy")), 50 + seed))
    fairness = stats.refresh().stats.fairness()
    for kind, die in fairness.items():
        assert die.rolls >= stats.MIN_ROLLS, kind
        assert die.verdict == stats.FAIR, (kind, die)


def test_p_values_in_words():
    assert stats.p_text(0.4213) == "p\u00a0=\u00a00.42"
    assert stats.p_text(0.0042) == "p\u00a0=\u00a00.004"
    assert stats.p_text(1e-12) == "p\u00a0<\u00a00.001"
    assert stats.p_number(None) == "–" and stats.p_number(0.0001) == "<0.001"


def test_too_few_rolls_to_tell():
    game = play_buttons((Seat("Anna"), Seat("Bo", "easy")), 3)
    tally = stats.tally_game(game)
    few = stats.Statistics()
    few.add(tally)
    white = few.fairness()["white"]
    assert white.rolls == sum(tally.dice["white"])
    fewer = DieFairness(tuple(n // 4 for n in white.counts))
    assert fewer.rolls < stats.MIN_ROLLS and fewer.verdict == stats.TOO_FEW
