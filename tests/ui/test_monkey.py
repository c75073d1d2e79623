"""Random clicks and keys on every screen, thousands in the soak: nothing may raise."""

from __future__ import annotations

import random
import zlib

import pygame
import pytest

from buttons_game import saves
from buttons_game.games.buttons.engine import Phase, random_game
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.paths import saves_dir
from buttons_game.ui.games.buttons.intents import Menu
from buttons_game.ui.scenes import mid_game

from ..soak import volumes

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


def open_screen(app, which: str, rng: random.Random) -> None:
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


# Every screen gets its long soak as slow; the short run of the busiest screens is quick, the
# short run of the others slow too.
QUICK_SCREENS = ("game", "kopf", "over", "replay")


@pytest.mark.parametrize(
    "which, events",
    [
        pytest.param(
            which,
            volume.values[0],
            id=f"{which}-{volume.id}",
            marks=() if which in QUICK_SCREENS and not volume.marks else pytest.mark.slow,
        )
        for which in SCREENS
        for volume in volumes(20, 700)
    ],
)
def test_random_clicks_and_keys_never_crash(make_app, which, events):
    app = make_app(window=(1280, 720))
    rng = random.Random(zlib.crc32(which.encode()) % 1000)  # the same events in every run
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
