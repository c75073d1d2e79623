"""Set-ups: seeds a save can hold, and default boards that are different physical boards."""

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from buttons_game.games.buttons.engine import (
    LAYOUT_NAMES,
    SEED_LIMIT,
    Setup,
    SetupError,
    default_layouts,
    make_setup,
    new_game,
)

CARDS = (("red", "yellow"), ("green", "blue"))
BAD_SEEDS = ["12", 1.0, 1.5, True, False, 2**64, -(2**64), 10**30, b"1", [1]]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_setup_and_make_setup_refuse_a_seed_a_save_could_not_hold(seed):
    with pytest.raises(SetupError, match="seed"):
        Setup(2, ("1A", "2A"), CARDS, seed)
    with pytest.raises(SetupError, match="seed"):
        make_setup(2, seed=seed)
    with pytest.raises(SetupError, match="seed"):
        new_game(3, seed=seed)


@pytest.mark.parametrize("seed", [None, 0, -5, 2**64 - 1, -(2**64) + 1])
def test_seeds_in_the_save_range_are_fine(seed):
    assert SEED_LIMIT == 2**64
    assert Setup(2, ("1A", "2A"), CARDS, seed).seed == seed
    assert make_setup(4, seed=seed).seed == seed


def boards(layouts):
    return [name[0] for name in layouts]


@given(seed=st.integers(-(2**63), 2**63), players=st.integers(2, 4))
def test_default_layouts_give_every_seat_a_different_physical_board(seed, players):
    layouts = default_layouts(players, random.Random(seed))
    assert len(layouts) == players and set(layouts) <= set(LAYOUT_NAMES)
    assert len(set(boards(layouts))) == players
    setup = make_setup(players, seed=seed)
    assert len(set(boards(setup.layouts))) == players


def test_over_many_seeds_every_board_and_side_turns_up_evenly():
    seen = Counter()
    for seed in range(4000):
        layouts = make_setup(4, seed=seed).layouts
        assert sorted(boards(layouts)) == ["1", "2", "3", "4"]
        seen.update(layouts)
    assert set(seen) == set(LAYOUT_NAMES)
    assert all(1700 < count < 2300 for count in seen.values()), seen
    two = Counter(n for seed in range(2000) for n in make_setup(2, seed=seed).layouts)
    assert set(two) == set(LAYOUT_NAMES)


def test_default_layouts_follow_the_seed_and_given_layouts_win():
    assert make_setup(3, seed=9).layouts == make_setup(3, seed=9).layouts
    assert make_setup(2, layouts=("1A", "1B"), seed=9).layouts == ("1A", "1B")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_assignment_of_boards_and_sides_is_equally_likely(players):
    rng = random.Random(players)
    counts = Counter(default_layouts(players, rng) for _ in range(30_000))
    outcomes = {2: 4 * 3 * 4, 3: 4 * 3 * 2 * 8, 4: 24 * 16}[players]
    assert len(counts) == outcomes
    mean = 30_000 / outcomes
    # within 5 standard deviations of a uniform count
    spread = 5 * mean**0.5
    assert all(abs(c - mean) < spread for c in counts.values()), (min(counts.values()), mean)


def test_seeds_that_already_gave_different_boards_deal_the_same_set_up():
    from buttons_game.games.buttons.engine import deal_cards

    same = 0
    for seed in range(300):
        rng = random.Random(seed)
        old = rng.sample(LAYOUT_NAMES, 3)
        cards = deal_cards(3, rng)
        setup = make_setup(3, seed=seed)
        assert setup.cards == cards, "the deal never changes"
        if len(set(boards(old))) == 3:
            assert setup.layouts == tuple(old)
            same += 1
    assert 50 < same < 250
