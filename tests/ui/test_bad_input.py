"""Bad names, bad keys, bad files and folders: the game runs on and says what is wrong."""

from __future__ import annotations

import random

import pygame
import pytest

from buttons_game import settings as settings_module
from buttons_game.engine import Phase, random_game
from buttons_game.game import Game, Seat
from buttons_game.ui import art
from buttons_game.ui.scenes import mid_game
from buttons_game.ui.screens import widgets
from buttons_game.ui.table.intents import Menu
from buttons_game.ui.text import fit

from .conftest import settle

UNDRAWABLE = ["\x00", "\u200b", "\u200b\u200c\u2060", "\ud800", "A\x00\ud800\u200bB", ""]


@pytest.mark.parametrize("name", UNDRAWABLE)
def test_art_draws_any_text(name):
    pygame.font.init()
    image = art.text(name, 16)
    assert image.get_height() > 0
    assert fit(name * 50, 16, 120) is not None


def test_every_screen_draws_names_pygame_cannot(make_app):
    """A game built in code with names a font cannot draw: the table, the summary, the
    stars, the pause menu and game over all draw."""
    app = make_app(window=(1280, 720))
    names = ("\x00", "\u200b\u200c", "\ud800", "Ann\u200b\x00")
    base = mid_game(4, humans=4, phase=Phase.STARS)
    game = Game(tuple(Seat(n) for n in names), base.state, base.game_id)
    app.start_game(game)
    settle(app)  # the summary of the round
    assert app.top.name == "summary"
    app.top.close()
    settle(app)
    app.top.act(Menu())
    settle(app)
    app.show_save_as(game)
    settle(app)
    assert art.drawable(app.top.entry.get_text()) == app.top.entry.get_text()
    app.back()
    app.back()
    final = random_game(4, random.Random(2), seed=2)
    app.show_game_over(Game(game.seats, final))
    settle(app)
    assert app.top.name == "game-over"


def focus_entry(app, entry) -> None:
    entry.set_text("")
    app.manager.set_focus_set(entry)
    settle(app)


def type_text(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    settle(app)


@pytest.mark.parametrize("where", ["setup", "save-as"])
def test_a_zero_width_character_typed_first_does_nothing(make_app, where):
    app = make_app()
    if where == "setup":
        app.show_setup()
        settle(app)
        entry = app.top.rows[0]["name"]
    else:
        app.start_game(mid_game(2, humans=2))
        settle(app)
        app.show_save_as(app.top.session.game)
        settle(app)
        entry = app.top.entry
    focus_entry(app, entry)
    type_text(app, "\u200b")
    assert entry.get_text() == ""
    type_text(app, "\u200bB\u200do")
    assert entry.get_text() == "Bo"


def test_pasting_keeps_only_what_can_be_drawn(make_app, monkeypatch):
    app = make_app()
    app.show_setup()
    settle(app)
    entry = app.top.rows[0]["name"]
    focus_entry(app, entry)
    monkeypatch.setattr(widgets, "clipboard_paste", lambda: "\u200b\x00Zoë\ud800")
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="v")
    )
    settle(app)
    assert entry.get_text() == "Zoë"
    monkeypatch.setattr(widgets, "clipboard_paste", lambda: "\u200b")
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="v")
    )
    settle(app)
    assert entry.get_text() == "Zoë"


def test_shortening_a_huge_text_takes_a_few_measurements(monkeypatch):
    pygame.font.init()
    measured = []
    real = art.font

    class Counting:
        def __init__(self, font):
            self.font = font

        def size(self, text):
            measured.append(len(text))
            return self.font.size(text)

    monkeypatch.setattr(art, "font", lambda *a, **k: Counting(real(*a, **k)))
    short = fit("x" * 8_000_000 + "unique", 16, 300)
    assert short.endswith("…") and len(short) < 100
    assert len(measured) <= 30, "a binary search, not a character at a time"
    assert max(measured) < 200, "never the whole text"


def test_a_failed_settings_save_is_told_in_the_window(make_app, monkeypatch):
    app = make_app()
    app.show_settings()
    settle(app)

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied", "settings.json")

    monkeypatch.setattr(settings_module, "save_settings", refuse)
    monkeypatch.setattr("buttons_game.ui.app.save_settings", refuse)
    app.apply_settings(type(app.settings)(**{**app.settings.__dict__, "animation": "slow"}))
    settle(app)
    assert app.settings.animation == "slow", "the choice still applies for this run"
    assert any("Permission denied" in n.text for n in app.notices)
