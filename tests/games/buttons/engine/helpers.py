"""Building positions and scripting games for the rules tests."""

from __future__ import annotations

from buttons_game.games.buttons.engine import Dice, GameState, new_game
from buttons_game.games.buttons.engine.board import mask_of


def game(players: int = 4, *, layouts=None, cards=None) -> GameState:
    """A game with fixed layouts and seat 0 holding red (the start player)."""
    if layouts is None:
        layouts = ("1A", "1B", "2A", "2B")[:players]
    if cards is None:
        cards = {
            2: (("red", "yellow"), ("green", "blue")),
            3: (("red",), ("yellow",), ("green",)),
            4: (("red",), ("yellow",), ("green",), ("blue",)),
        }[players]
    return new_game(players, layouts=layouts, cards=cards)


def with_boards(state: GameState, buttons=None, stars=None) -> GameState:
    """The same state with some seats' buttons and stars set ({seat: [(row, col), ...]})."""
    b = list(state._buttons)
    s = list(state._stars)
    for p, cells in (buttons or {}).items():
        b[p] = mask_of(cells)
    for p, cells in (stars or {}).items():
        s[p] = mask_of(cells)
    return state._replace(buttons=tuple(b), stars=tuple(s))


def play(state: GameState, *actions) -> GameState:
    """Apply actions through the checked path."""
    for action in actions:
        state = state.apply(action)
    return state


def roll(state: GameState, white: int, gold: int, *plain: int) -> GameState:
    """Roll and land the given dice; plain dice not given are filled with the gold value."""
    from buttons_game.games.buttons.engine import ROLL

    state = state.apply(ROLL)
    missing = state.plain_dice_in_hand - len(plain)
    return state.apply(Dice(white, gold, tuple(plain) + (gold,) * missing))


def colour_spaces(layout: str, colour: str) -> list[tuple[int, int]]:
    from buttons_game.games.buttons.engine import LAYOUTS

    grid = LAYOUTS[layout]
    return [(r + 1, c + 1) for r in range(6) for c in range(6) if grid[r][c] == colour]
