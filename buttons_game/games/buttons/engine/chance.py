"""Dice: sampling chance nodes, exact bust probabilities, and random whole games."""

from __future__ import annotations

import random
from fractions import Fraction

from .actions import Dice
from .board import legal_mask
from .setup import make_setup
from .state import GameState

_POP6 = tuple(bin(i).count("1") for i in range(64))
_POWERS = tuple(tuple(j**k for j in range(7)) for k in range(7))


def sample_dice(state: GameState, rng: random.Random) -> Dice:
    """A roll of the dice in the active player's hand, drawn with ``rng``."""
    r = rng.random
    plain = tuple([int(r() * 6) + 1 for _ in range(state.plain_dice_in_hand)])
    return Dice(int(r() * 6) + 1, int(r() * 6) + 1, plain)


def play_chance(state: GameState, rng: random.Random) -> GameState:
    """Resolve a chance node with a roll drawn from ``rng``."""
    return state.apply_unchecked(sample_dice(state, rng))


def _bust_count(state: GameState, player: int) -> tuple[int, int]:
    """(rolls that bust, all rolls) for ``player`` rolling the dice now in hand.

    The white die picks a row; the roll busts when none of the k black dice
    shows a legal column of that row: sum over rows of (6 - legal)^k of 6^(k+1).
    """
    free = legal_mask(state.button_mask(player), state.star_mask(player))
    k = 1 + state.plain_dice_in_hand
    powers = _POWERS[k]
    busting = 0
    for shift in (0, 6, 12, 18, 24, 30):
        busting += powers[6 - _POP6[free >> shift & 63]]
    return busting, 6 ** (k + 1)


def bust_probability(state: GameState, player: int) -> float:
    """Exact probability that ``player`` busts if they roll now with the dice in hand."""
    busting, rolls = _bust_count(state, player)
    return busting / rolls


def bust_fraction(state: GameState, player: int) -> Fraction:
    """``bust_probability`` as an exact fraction."""
    return Fraction(*_bust_count(state, player))


def random_action(state: GameState, rng: random.Random) -> object:
    """A uniformly random legal action of the current player."""
    actions = state.legal_actions()
    return actions[int(rng.random() * len(actions))]


def random_game(
    players: int,
    rng: random.Random,
    *,
    layouts: object = None,
    cards: object = None,
    seed: int | None = None,
) -> GameState:
    """Play a whole game with uniformly random legal decisions; return the final state."""
    state = GameState(make_setup(players, layouts=layouts, cards=cards, seed=seed))
    while not state.is_over():
        if state.is_chance_node():
            state = play_chance(state, rng)
        else:
            state = state.apply_unchecked(random_action(state, rng))  # type: ignore[arg-type]
    return state
