"""Star planning and game-aware round values."""

import pytest

from buttons_game.games.buttons.bots import make_bot
from buttons_game.games.buttons.bots.stars import (
    blocking,
    board_value,
    line_counts,
    plan_stars,
    target_line,
)
from buttons_game.games.buttons.bots.strategy import WIN_VALUE, round_utility
from buttons_game.games.buttons.engine import Phase, PlaceStar, Status, new_game
from buttons_game.games.buttons.engine.board import mask_of

from ..engine.helpers import with_boards


def test_line_counts_and_target_line():
    stars = mask_of([(1, 2), (2, 2), (3, 2), (6, 6)])
    counts = line_counts(stars)
    assert len(counts) == 24 and max(counts) == 3
    assert target_line(stars) & stars == mask_of([(1, 2), (2, 2), (3, 2)])


def test_crowded_rows_cost_more_than_spread_stars():
    row = mask_of([(1, c) for c in range(1, 6)])
    column = mask_of([(r, 1) for r in range(1, 6)])
    assert blocking(row) > blocking(column)
    assert board_value(column) > board_value(row)


def test_plan_stars_completes_five_in_a_line():
    stars = mask_of([(1, 3), (2, 3), (4, 3), (5, 3)])
    buttons = mask_of([(3, 3), (6, 1), (1, 1), (5, 5)])
    assert plan_stars(buttons, stars, 1) == mask_of([(3, 3)])
    assert plan_stars(buttons, stars, 2) & mask_of([(3, 3)])


def test_plan_stars_prefers_the_line_it_builds():
    stars = mask_of([(2, 4), (4, 4)])
    buttons = mask_of([(3, 4), (1, 1), (6, 6), (3, 1)])
    assert plan_stars(buttons, stars, 1) == mask_of([(3, 4)])


def test_hard_bot_places_its_star_to_win():
    state = new_game(2, layouts=("1A", "2B"), cards=(("red", "blue"), ("green", "yellow")))
    state = with_boards(
        state,
        buttons={0: [(3, 3), (6, 1), (1, 1)]},
        stars={0: [(1, 3), (2, 3), (4, 3), (5, 3)]},
    )
    state = state._replace(
        phase=Phase.STARS,
        pending=(0,),
        due=(1, 0),
        status=(Status.OPTED_OUT, Status.BUSTED),
    )
    assert make_bot("hard", 1).choose(state, 0) == PlaceStar(0, 3, 3)


def test_round_utility_is_plain_stars_far_from_the_end():
    state = new_game(3, seed=2)
    assert round_utility(state, 0) == tuple(float(s) for s in range(8))


def test_round_utility_near_the_end_values_winning():
    state = new_game(2, layouts=("1A", "2B"), cards=(("red", "blue"), ("green", "yellow")))
    # seat 1 has 11 stars and opted out with a button: it ends the game with 12
    state = with_boards(
        state,
        buttons={1: [(2, 2)]},
        stars={
            0: [(6, c) for c in range(1, 7)] + [(4, 1), (4, 3), (4, 5)],
            1: [
                (1, 1),
                (1, 3),
                (1, 5),
                (3, 1),
                (3, 3),
                (3, 5),
                (5, 1),
                (5, 3),
                (5, 5),
                (6, 2),
                (6, 4),
            ],
        },
    )
    state = state._replace(status=(Status.IN_ROUND, Status.OPTED_OUT), active=0)
    table = round_utility(state, 0)
    # seat 0 has 9 stars: 3 ties at 12 (a shared win), 4 or more wins; less loses
    assert table[0] == table[1] == table[2] == 0
    assert table[3] == pytest.approx(WIN_VALUE / 2)
    assert table[4] == table[7] == WIN_VALUE
