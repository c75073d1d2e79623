"""A loaded game has the same dice faces in hand and in the depots: they follow from the rolls."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from buttons_game.saves import load_game, save_game

from .helpers import random_game


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), steps=st.integers(0, 500))
def test_depot_and_hand_dice_survive_a_save_round_trip(tmp_path_factory, seed, players, steps):
    game = random_game(random.Random(seed), players, steps)
    path = tmp_path_factory.mktemp("saves") / "game.json"
    save_game(game, path)
    loaded = load_game(path).state
    assert loaded.hand_dice() == game.state.hand_dice()
    for p in range(players):
        assert loaded.depot_dice(p) == game.state.depot_dice(p)
    assert loaded == game.state
