"""What a round's stars are worth in the game: the opponents' progress changes the stakes.

Far from the end a star is a star. Near it, stars that end the game with the most
stars are worth a win, and stars that cannot catch a leader who is about to end
it are worth little. ``round_utility`` turns this into the utility table the
solo-round search maximises.
"""

from __future__ import annotations

from itertools import product

from ..engine import COLOUR_MASKS, COLOURS, GameState, Status
from .solver import round_score

ENDING_STARS = 12
WIN_VALUE = 10.0
"""A win, in stars: more than any round can earn, so the search plays to end the game."""
IN_ROUND_GAIN = ((0, 0.3), (1, 0.15), (2, 0.25), (3, 0.2), (4, 0.1))
"""A rough spread of what an opponent still in the round adds to its stars."""
SCORES = 8  # round scores 0..7 (1 + four colours + two card bonuses)


def opponent_finals(state: GameState, player: int) -> list[tuple[tuple[int, float], ...]]:
    """For each opponent, (stars after this round, probability) pairs."""
    spreads = []
    for q in range(state.players):
        if q == player:
            continue
        base = state.star_count(q)
        status = state.status(q)
        if status is Status.IN_ROUND:
            spreads.append(tuple((base + gain, p) for gain, p in IN_ROUND_GAIN))
        elif status is Status.OPTED_OUT:
            held = state.cards(q)
            weights = tuple(2 if c in held else 1 for c in COLOURS)
            earned = round_score(state.button_mask(q), COLOUR_MASKS[state.layout(q)], weights)
            spreads.append(((base + max(earned, state.stars_due(q)), 1.0),))
        else:
            spreads.append(((base, 1.0),))
    return spreads


def round_utility(state: GameState, player: int) -> tuple[float, ...]:
    """Utility of earning 0..7 stars this round for ``player`` (0 is also a bust).

    Plain stars unless the game may end this round; then the expected mix of
    stars (game goes on) and ``WIN_VALUE`` times the share of a win (game over).
    """
    mine = state.star_count(player)
    spreads = opponent_finals(state, player)
    if mine + SCORES - 1 < ENDING_STARS and all(
        final < ENDING_STARS for spread in spreads for final, _ in spread
    ):
        return tuple(float(s) for s in range(SCORES))
    table: list[float] = []
    for s in range(SCORES):
        x = mine + s
        value = 0.0
        for combo in product(*spreads):
            p = 1.0
            finals = []
            for final, chance in combo:
                p *= chance
                finals.append(final)
            top = max(finals)
            if x >= ENDING_STARS or top >= ENDING_STARS:
                if x > top:
                    value += p * WIN_VALUE
                elif x == top:
                    value += p * WIN_VALUE / (1 + finals.count(top))
            else:
                value += p * s
        table.append(max(value, table[-1]) if table else value)
    return tuple(table)
