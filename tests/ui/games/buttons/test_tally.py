"""A seat's colour tally keeps the round's count while its stars go on its buttons."""

from __future__ import annotations

import random

from buttons_game.games.buttons.engine import Phase, PlaceStar, new_game, sample_dice
from buttons_game.ui.games.buttons.boards import colour_counts


def scoring_with_stars_to_place(seed: int):
    """A game played at random to a round's end where a seat has two or more stars due."""
    rng = random.Random(seed)
    state = new_game(2, seed=seed)
    while not state.is_over():
        if state.phase is Phase.STARS:
            seat = state.current_player
            if seat is not None and state.stars_due(seat) >= 2:
                return state, seat
        if state.is_chance_node():
            state = state.apply(sample_dice(state, rng))
            continue
        player = state.current_player
        assert player is not None
        state = state.apply(rng.choice(state.legal_actions(player)))
    return None


def test_stars_put_on_the_rounds_buttons_keep_the_tally():
    found = next(s for s in map(scoring_with_stars_to_place, range(200)) if s is not None)
    state, seat = found
    before = colour_counts(state, seat)
    assert sum(before) >= 3
    while state.phase is Phase.STARS and state.current_player == seat:
        star = next(a for a in state.legal_actions(seat) if isinstance(a, PlaceStar))
        state = state.apply(star)
        if state.phase is Phase.STARS:
            assert colour_counts(state, seat) == before, "the round's count, stars or not"
            assert state.stars_this_scoring(seat) & state.star_mask(seat)
