"""At the smallest window (960x600) no text is under 12 px: every font the drawing code and
the widgets' theme make is collected while the screens are shown, and none is smaller."""

from __future__ import annotations

import random

import pygame
import pygame_gui
import pytest

from buttons_game import saves
from buttons_game.games.buttons.engine import Phase, random_game
from buttons_game.games.buttons.game import Game
from buttons_game.games.kopf.game import KopfGame, Seat
from buttons_game.ui import art, theme
from buttons_game.ui.scenes import mid_game, seats

from ..soak import quick_twins
from .conftest import run_until, settle

SMALLEST = (960, 600)


@pytest.fixture
def font_sizes(monkeypatch):
    """Every size a font is made at, by our drawing (art) or by pygame_gui's theme."""
    made: list[int] = []
    real = pygame.font.Font

    def font(file=None, size=12, *args):
        made.append(int(size))
        return real(file, size, *args)

    monkeypatch.setattr(pygame.font, "Font", font)
    monkeypatch.setattr(pygame_gui.core.gui_font_pygame, "Font", font)
    art.clear_caches()
    yield made
    art.clear_caches()


def finished_kopf() -> KopfGame:
    rng = random.Random(1)
    game = KopfGame.new((Seat("Anna"), Seat("Ben", "easy")), target=4)
    while not game.state.is_over():
        game = game.apply(rng.choice(game.state.legal_actions()))
    return game


def show_the_main_screens(app) -> None:
    app.prefs.offer = True
    app.show_menu()
    settle(app)
    app.start_game(mid_game(4, humans=2))
    settle(app)
    app.start_game(KopfGame.new((Seat("Anna"), Seat("Ben"))))
    settle(app)
    app.show_game_over(Game(seats(4, 4), random_game(4, random.Random(3), seed=3)))
    settle(app)
    app.show_game_over(finished_kopf())
    settle(app)


def show_every_other_screen(app) -> None:
    for show in (app.show_settings, app.show_rules, lambda: app.show_rules("kopf")):
        app.show_menu()
        show()
        settle(app)
    for game in ("buttons", "kopf"):
        app.show_setup(game)
        settle(app)
    app.show_setup()
    settle(app)
    app.show_tutorial()
    settle(app)
    app.show_tutorial("kopf", 0)
    settle(app)
    app.show_tutorial("buttons", 0)
    settle(app)
    app.start_game(mid_game(3, humans=3, phase=Phase.STARS))
    settle(app)
    game = mid_game(3, humans=1)
    saves.save_as(game, "Sunday", overwrite=True)
    saves.save_as(finished_kopf(), "Kopf done", overwrite=True)
    app.show_load()
    settle(app)
    app.show_save_as(game)
    settle(app)
    app.show_stats()
    run_until(app, lambda: not app.top.loading)
    for tab in app.top.tabs:
        app.top.show_tab(tab)
        settle(app)
    over = Game(seats(4, 2), random_game(4, random.Random(3), seed=3))
    app.show_game_over(over)
    app.show_replay(over)
    settle(app)
    app.show_game_over(finished_kopf())
    app.show_replay(app.top.game)
    settle(app)


@pytest.mark.parametrize("language", quick_twins(["en", "ja"], "ja"))  # English slow
def test_no_text_under_12_px_at_960x600(make_app, font_sizes, language):
    app = make_app(window=SMALLEST, language=language)
    assert app.scale == 0.75, "the smallest window has the smallest scale"
    show_the_main_screens(app)
    assert font_sizes, "fonts were made"
    assert min(font_sizes) >= theme.MIN_TEXT, sorted(set(font_sizes))


@pytest.mark.slow
@pytest.mark.parametrize("language", ["de", "ja"])
def test_no_text_under_12_px_on_any_screen_at_960x600(make_app, font_sizes, language):
    app = make_app(window=SMALLEST, language=language)
    show_the_main_screens(app)
    show_every_other_screen(app)
    assert min(font_sizes) >= theme.MIN_TEXT, sorted(set(font_sizes))


def test_the_theme_has_no_font_under_12_px_at_the_smallest_scale():
    scaled = theme.scaled_theme(theme.ui_scale(SMALLEST))
    sizes = [
        int(entry["size"])
        for block in scaled.values()
        for entry in (block.get("font") or [])
        if isinstance(entry, dict)
    ]
    assert sizes and min(sizes) >= theme.MIN_TEXT, sorted(set(sizes))
