"""Bad names, bad keys, bad files and folders: the game runs on and says what is wrong."""

from __future__ import annotations

import random

import pygame
import pytest

from buttons_game import settings as settings_module
from buttons_game.games.buttons.engine import Phase, random_game
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.ui import art
from buttons_game.ui.games.buttons.intents import Menu
from buttons_game.ui.scenes import mid_game
from buttons_game.ui.screens import widgets
from buttons_game.ui.text import fit

from .conftest import settle

UNDRAWABLE = ["\x00", "\u200b", "\u200b\u200c\u2060", "\ud800", "A\x00\ud800\u200bB", ""]


@pytest.mark.parametrize("name", UNDRAWABLE)
def test_art_draws_any_text(name):
    pygame.font.init()
    art.clear_caches()  # as the app does: fonts cached before an earlier pygame.quit() are dead
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
        app.show_setup("buttons")
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
    app.show_setup("buttons")
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
    app.apply_settings(type(app.settings)(**{**app.settings.__dict__, "animation": "slow"}))
    settle(app)
    assert app.settings.animation == "slow", "the choice still applies for this run"
    assert any("Permission denied" in n.text for n in app.notices)


def test_an_unusable_data_folder_starts_the_game_with_saving_off(make_app, tmp_path, monkeypatch):
    home = tmp_path / "a-file-not-a-folder"
    home.write_text("not a folder")
    monkeypatch.setenv("BUTTONS_GAME_HOME", str(home))
    app = make_app()
    assert app.saving_off and str(home) in app.saving_off
    assert any(n.tone == "bad" and app.saving_off in n.text for n in app.notices)
    app.show_menu()
    settle(app)
    assert not app.top.continue_.is_enabled
    app.start_game(Game.new((Seat("Ann"), Seat("Bo")), seed=1))
    settle(app)
    table = app.top
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r"))
    settle(app)
    assert table.session.state.history(), "the game plays on"
    app.show_save_as(table.session.game)
    settle(app)
    assert not app.top.save.is_enabled and app.top.message[1] == "bad"
    app.show_load()
    settle(app)
    assert app.top.entries == [] and app.top.message[1] == "bad"
    assert home.read_text() == "not a folder", "nothing was written over it"


def test_screenshots_that_cannot_be_written_stop_with_a_note(make_app, tmp_path):
    folder = tmp_path / "shots"
    folder.mkdir()
    app = make_app(screenshots=folder)
    app.show_menu()
    settle(app)
    folder.rmdir()
    folder.write_text("now a file")  # the folder went away during the run
    app.show_rules()
    for _ in range(3):
        app.draw()  # a screen's picture is taken once it has held for two frames
    assert app.options.screenshots is None
    assert any(n.tone == "bad" for n in app.notices)
    assert app.running


def test_set_up_and_save_as_clean_names_at_their_border(make_app):
    from buttons_game import saves

    app = make_app()
    app.show_setup("buttons")
    settle(app)
    setup = app.top
    setup.rows[0]["name"].set_text("  Anna \u00a0  Lee ")
    setup.rows[1]["name"].set_text("   ")
    setup._start()
    assert setup.error, "a name of spaces is no name"
    setup.rows[1]["name"].set_text("Bo")
    setup._start()
    game = app.top.session.game
    assert [seat.name for seat in game.seats] == ["Anna Lee", "Bo"]
    app.show_save_as(game)
    settle(app)
    app.top.entry.set_text("  Sunday\tevening  ")
    app.top._save()
    assert any(info.name == "Sunday evening" for info in saves.list_saves())


def broken_save(path, **changes) -> None:
    """A valid save file with some fields replaced by raw JSON text."""
    import json

    from buttons_game import saves

    game = mid_game(2, humans=2)
    text = saves.encode_game(game, name="x")
    document = json.loads(text)
    for key in changes:
        document[key] = "@@" + key + "@@"
    text = json.dumps(document)
    for key, raw in changes.items():
        text = text.replace(json.dumps("@@" + key + "@@"), raw)
    path.write_text(text, encoding="utf-8")


def test_the_load_screen_lists_bad_files_as_broken_and_deletes_them(make_app):
    from buttons_game import saves

    folder = saves.slot_path("x").parent
    bad = {
        "nul": {"name": '"a\\u0000b"'},
        "zero-width": {"name": '"\\u200b\\u200c"'},
        "surrogate": {"seats": '[{"name": "\\ud800", "bot": null}, {"name": "B", "bot": null}]'},
        "year-1": {"saved_at": '"0001-01-01T00:00:00+00:00"'},
        "year-9999": {"saved_at": '"9999-12-31T23:59:59-23:59"'},
        "huge": {"name": '"' + "z" * 200_000 + '"'},
    }
    for name, changes in bad.items():
        broken_save(folder / f"{name}.json", **changes)
    app = make_app()
    app.show_load()
    settle(app)
    screen = app.top
    assert len(screen.entries) == len(bad) and all(info.broken for info in screen.entries)
    for info in screen.entries:
        assert len(info.error) <= 300
    for _ in range(len(bad)):
        info, _load, delete = screen.row_buttons[0]
        screen.confirm = info
        screen.rebuild()
        settle(app)
        screen._delete(screen.row_buttons[0][0])
        settle(app)
    assert screen.entries == [] and not list(folder.glob("*.json"))


def test_the_app_removes_temp_files_of_interrupted_saves_at_start(make_app):
    import os
    import time

    from buttons_game import saves

    folder = saves.slot_path("x").parent
    old = [folder / f".autosave-{i:04d}.json.k{i}x.tmp" for i in range(50)]
    for path in old:
        path.write_text("{")
        os.utime(path, (time.time() - 120, time.time() - 120))
    fresh = folder / ".autosave-busy.json.k1x.tmp"  # another running copy, saving right now
    fresh.write_text("{")
    other = folder / "notes.tmp"
    other.write_text("mine")
    make_app()
    assert not any(path.exists() for path in old)
    assert fresh.exists() and other.exists()
