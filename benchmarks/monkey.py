"""Random clicks and keys on every screen of the app, thousands of them: nothing may raise.

    python benchmarks/monkey.py [--events 700] [--screens menu,game,...]

Each screen (the menus, both games' set-ups, tables, game-over screens, rules, lessons,
replays, statistics, settings, load) is opened in a headless app in a user folder of its
own and gets ``--events`` random clicks (left or right, sometimes a wheel turn) and keys
(the game's own and the navigation keys), with frames of random length between them; a
screen that closes is opened again. Prints each screen's events and seconds, and exits 1
with the traceback when anything raised. ``tests/ui/test_monkey.py`` is its small twin.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import traceback
import zlib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from buttons_game import saves  # noqa: E402
from buttons_game.games.buttons.engine import Phase, random_game  # noqa: E402
from buttons_game.games.buttons.game import Game, Seat  # noqa: E402
from buttons_game.games.kopf.game import KopfGame  # noqa: E402
from buttons_game.paths import saves_dir  # noqa: E402
from buttons_game.ui.games.buttons.intents import Menu  # noqa: E402
from buttons_game.ui.scenes import mid_game  # noqa: E402

KEYS = [
    pygame.K_r,
    pygame.K_o,
    pygame.K_p,
    pygame.K_s,
    pygame.K_1,
    pygame.K_3,
    pygame.K_6,
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_a,
    pygame.K_u,
    pygame.K_t,
    pygame.K_DOWN,
    pygame.K_RIGHT,
    pygame.K_h,
    pygame.K_UP,
    pygame.K_LEFT,
    pygame.K_PAGEUP,
    pygame.K_BACKSPACE,
    pygame.K_n,
    pygame.K_PAGEDOWN,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_PLUS,
    pygame.K_MINUS,
]


def open_screen(app: Any, which: str, rng: random.Random) -> None:
    app.show_menu()
    seats = (Seat("Ann"), Seat("Bo", "random"), Seat("Cy"), Seat("Di", "easy"))
    if which == "setup":
        app.show_setup("buttons")
    elif which == "choose":
        app.show_setup()
    elif which == "kopf-setup":
        app.show_setup("kopf")
    elif which == "kopf":
        bots = [None, "random"]
        seats = (Seat("Ann", rng.choice(bots)), Seat("Bo", rng.choice(bots)))
        app.start_game(KopfGame.new(seats, target=rng.choice([8, 10])))
    elif which == "kopf-over":
        game = KopfGame.new((Seat("Ann"), Seat("Bo")))
        while not game.state.is_over():
            game = game.apply(rng.choice(game.state.legal_actions()))
        app.show_game_over(game)
    elif which == "kopf-rules":
        app.show_rules("kopf")
    elif which == "learn":
        app.show_tutorial()
    elif which == "tutorial":
        app.show_tutorial("buttons", rng.randrange(9))
    elif which == "kopf-lesson":
        app.show_tutorial("kopf")
        app.top.start_lesson(rng.randrange(7))
    elif which == "rules":
        app.show_rules()
    elif which == "settings":
        app.show_settings()
    elif which == "load":
        app.show_load()
    elif which == "stats":
        if not list(saves_dir().glob("*.json")):
            final = random_game(3, rng, seed=rng.randrange(99))
            saves.save_as(Game((Seat("Ann"), Seat("Bo", "easy"), Seat("Cy")), final), "Done")
        app.show_stats()
    elif which in ("game", "pause"):
        app.start_game(Game.new(seats[: rng.choice([2, 3, 4])], seed=rng.randrange(99)))
        if which == "pause":
            app.top.act(Menu())
    elif which == "stars":
        app.start_game(mid_game(rng.choice([2, 3, 4]), humans=2, phase=Phase.STARS))
    elif which == "over":
        final = random_game(4, rng, seed=rng.randrange(99))
        app.show_game_over(Game(seats, final))
    elif which == "replay":
        players = rng.choice([2, 3, 4])
        app.show_replay(Game(seats[:players], random_game(players, rng, seed=rng.randrange(99))))
    elif which == "kopf-replay":
        game = KopfGame.new((Seat("Ann"), Seat("Bo")), target=rng.choice([8, 10]))
        while not game.state.is_over():
            game = game.apply(rng.choice(game.state.legal_actions()))
        app.show_replay(game)


SCREENS = [
    "menu",
    "choose",
    "setup",
    "rules",
    "settings",
    "load",
    "stats",
    "game",
    "pause",
    "stars",
    "over",
    "kopf-setup",
    "kopf",
    "kopf-over",
    "kopf-rules",
    "learn",
    "kopf-lesson",
    "tutorial",
    "replay",
    "kopf-replay",
]


def screen_rng(which: str) -> random.Random:
    """The same events on a screen in every run."""
    return random.Random(zlib.crc32(which.encode()) % 1000)


def monkey(app: Any, which: str, events: int, rng: random.Random) -> None:
    """``events`` random clicks and keys on the screen ``which`` (opened again when closed)."""
    open_screen(app, which, rng)
    w, h = app.surface.get_size()
    for _ in range(events):
        if not app.running or not app.stack:
            app.running = True
            open_screen(app, which, rng)
        if rng.random() < 0.7:
            pos = (rng.randrange(w), rng.randrange(h))
            button = rng.choice([1, 1, 1, 3])
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            )
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
            if rng.random() < 0.05:
                pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1])))
        else:
            key = rng.choice(KEYS)
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
            )
        app.step(rng.choice([0.0, 0.016, 0.05, 0.3]))
        if app.surface.get_size() != (w, h):
            w, h = app.surface.get_size()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=700, help="per screen (default 700)")
    parser.add_argument("--screens", default=",".join(SCREENS), help="comma-separated")
    args = parser.parse_args()
    from buttons_game.ui.app import App, AppOptions

    failed = 0
    total = 0.0
    for which in args.screens.split(","):
        with tempfile.TemporaryDirectory(prefix="buttons-monkey-") as home:
            os.environ["BUTTONS_GAME_HOME"] = home
            app = App(AppOptions(window=(1280, 720), fast=True, seed=3))
            began = time.perf_counter()
            try:
                monkey(app, which, args.events, screen_rng(which))
                verdict = "no error"
            except Exception:  # noqa: BLE001 — what the benchmark is for: said, counted
                failed += 1
                verdict = "RAISED:\n" + traceback.format_exc()
            seconds = time.perf_counter() - began
            total += seconds
            print(f"{which:12} {args.events} events in {seconds:6.2f} s: {verdict}", flush=True)
            app.keeper.close()
            app.voice.close()
            pygame.quit()
    print(f"all screens: {total:.1f} s, {failed} raised")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
