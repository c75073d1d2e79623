"""Child process for the exit test: opens a long finished save on the game-over screen
(the coach's review of it starts at once), draws a few frames, closes the window as a
player would (a QUIT event), prints "closed" and returns: the process must end then."""

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from buttons_game.saves import load_game  # noqa: E402
from buttons_game.ui.app import App, AppOptions  # noqa: E402


def main() -> None:
    app = App(AppOptions(fast=True, seed=1))
    app.show_game_over(load_game(sys.argv[1]))
    over = app.top
    for _ in range(5):
        app.step(0.02)
    # one person at the table: the coach reviews Ann's decisions, and is still at it
    assert over.coached == [0] and over.reviews is None and over.pool.busy
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()
    sys.stdout.write("closed\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
