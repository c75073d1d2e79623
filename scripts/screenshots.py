"""Render every screen to PNG files for review and the README.

    python scripts/screenshots.py OUT_DIR [--window 1280x720] [--players 2 3 4] [--lang en]

Runs headless (SDL dummy driver). Each screen is drawn through the real app.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from buttons_game.cli import window_size  # noqa: E402
from buttons_game.engine import Phase  # noqa: E402
from buttons_game.ui.app import App, AppOptions  # noqa: E402
from buttons_game.ui.scenes import mid_game  # noqa: E402


def settle(app: App, frames: int = 3) -> None:
    for _ in range(frames):
        app.manager.update(0.05)
        app.draw()


def shoot(app: App, path: Path) -> None:
    settle(app)
    pygame.image.save(app.surface, str(path))
    print(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--window", type=window_size, default=(1280, 720))
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("BUTTONS_GAME_HOME", str(args.out / ".home"))
    app = App(AppOptions(window=args.window, language=args.lang, fast=True, seed=1))
    from buttons_game.ui.screens.game_over import GameOverScreen
    from buttons_game.ui.screens.game_screen import GameScreen
    from buttons_game.ui.screens.menu import MainMenu
    from buttons_game.ui.screens.rules import RulesScreen
    from buttons_game.ui.screens.settings_screen import SettingsScreen
    from buttons_game.ui.screens.setup import SetupScreen

    size = f"{args.window[0]}x{args.window[1]}"
    tag = f"{args.lang}-{size}"
    app.reset_to(MainMenu(app))
    shoot(app, args.out / f"menu-{tag}.png")
    for screen, name in ((RulesScreen, "rules"), (SettingsScreen, "settings")):
        app.push(screen(app))
        shoot(app, args.out / f"{name}-{tag}.png")
        app.pop()
    for players in args.players:
        setup = SetupScreen(app)
        setup.count = players
        app.push(setup)
        shoot(app, args.out / f"setup-{players}p-{tag}.png")
        app.pop()
        game = mid_game(players, humans=2)
        app.push(GameScreen(app, game))
        shoot(app, args.out / f"game-{players}p-{tag}.png")
        app.pop()
        stars = mid_game(players, humans=players, phase=Phase.STARS)
        screen = GameScreen(app, stars)
        from buttons_game.ui.screens.summary import SummaryOverlay

        screen.summary = SummaryOverlay(stars.state.round_scores()[-1], stars)
        app.push(screen)
        shoot(app, args.out / f"summary-{players}p-{tag}.png")
        screen.summary.close(screen)
        shoot(app, args.out / f"stars-{players}p-{tag}.png")
        app.pop()
    import random

    from buttons_game.engine import random_game
    from buttons_game.game import Game
    from buttons_game.ui.scenes import seats

    final = random_game(4, random.Random(3), seed=3)
    app.push(GameOverScreen(app, Game(seats(4, 4), final)))
    shoot(app, args.out / f"game-over-{tag}.png")

    from buttons_game import saves
    from buttons_game.ui.screens.pause import PauseScreen
    from buttons_game.ui.screens.saves_screen import LoadScreen, SaveAsScreen

    game = mid_game(3, humans=1)
    saves.save_as(game, "Sunday with Grandma", overwrite=True)
    saves.autosave(mid_game(4, humans=2, seed=9))
    screen = GameScreen(app, game)
    app.reset_to(MainMenu(app))
    app.push(screen)
    app.push(PauseScreen(app, screen))
    shoot(app, args.out / f"pause-{tag}.png")
    app.push(SaveAsScreen(app, game))
    shoot(app, args.out / f"save-as-{tag}.png")
    app.reset_to(MainMenu(app))
    app.push(LoadScreen(app))
    shoot(app, args.out / f"load-{tag}.png")
    pygame.quit()
    sys.exit(0)


if __name__ == "__main__":
    main()
