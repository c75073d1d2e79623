"""Child process for the crash test: plays random moves and autosaves after every one.

It continues the game in the autosave file if there is one. After each completed
autosave it prints "saved N" (N = actions in the saved game) so the parent knows
which saves finished before it killed this process. Run with BUTTONS_GAME_HOME set.
"""

import random
import sys

from buttons_game.games.buttons.engine import GameState, make_setup, random_action, sample_dice
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.saves import autosave, autosave_path, load_game

GAME_ID = "crash-test"


def say(line: str) -> None:
    """One line in one write: print() writes its pieces one by one under PYTHONUNBUFFERED,
    and a kill between them would leave half a line."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main() -> None:
    rng = random.Random(int(sys.argv[1]))
    seats = (Seat("Ann"), Seat("Bot", "easy"), Seat("Cem"), Seat("Dee", "hard"))
    game = Game(seats, GameState(make_setup(4, seed=1)), GAME_ID)
    path = autosave_path(game)
    if path.exists():
        game = load_game(path)
    say(f"ready {len(game.state.history())}")
    while not game.state.is_over():
        state = game.state
        action = sample_dice(state, rng) if state.is_chance_node() else random_action(state, rng)
        game = game.apply(action)
        autosave(game)
        say(f"saved {len(game.state.history())}")
    say("over")


if __name__ == "__main__":
    main()
