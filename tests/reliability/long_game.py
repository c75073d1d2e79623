"""A legal BUTTONS game of tens of thousands of actions: both seats roll until they bust,
round after round (nobody ever earns a star), then easy bots play it to its end."""

from __future__ import annotations

import random

from buttons_game.games.buttons.bots import make_bot
from buttons_game.games.buttons.engine import GameState, OptOut, Roll, Skip, sample_dice
from buttons_game.games.buttons.game import Game, Seat


def long_game(actions: int, seed: int = 5) -> Game:
    """A finished 2-player game (Ann a person, Bo an easy bot) of at least ``actions``."""
    rng = random.Random(seed)
    game = Game.new((Seat("Ann"), Seat("Bo", "easy")), seed=seed)
    state: GameState = game.state
    played = 0
    while played < actions:
        if state.is_chance_node():
            state = state.apply(sample_dice(state, rng))
        else:
            choices = state.legal_actions()
            pick = next((a for a in choices if isinstance(a, (Roll, Skip))), choices[0])
            assert not isinstance(pick, OptOut)
            state = state.apply(pick)
        played += 1
    bots = [make_bot("easy", seed), make_bot("easy", seed + 1)]
    while not state.is_over():
        if state.is_chance_node():
            state = state.apply(sample_dice(state, rng))
        else:
            player = state.current_player
            assert player is not None
            state = state.apply(bots[player].choose(state, player))
    return Game(game.seats, state, game.game_id)
