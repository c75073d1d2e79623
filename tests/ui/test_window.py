"""The window: it fits the display at first start, remembers its size, and everything scales."""

from __future__ import annotations

import json
import os
from dataclasses import replace

import pygame

from buttons_game.games.buttons.engine import Phase
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.i18n import t
from buttons_game.settings import load_settings, save_settings
from buttons_game.ui import art, display
from buttons_game.ui.games.buttons.intents import Menu
from buttons_game.ui.scenes import mid_game
from buttons_game.ui.screens.menu import MainMenu
from buttons_game.ui.screens.saves_screen import SaveAsScreen
from buttons_game.ui.screens.settings_screen import SettingsScreen
from buttons_game.ui.text import wrap
from buttons_game.ui.window import fit_display

from .conftest import choose, click, click_widget, frame_is_fresh, settle, step


def test_the_first_window_fits_the_display():
    assert fit_display((1920, 1080)) == (1728, 972)
    assert fit_display((2560, 1440)) == (2304, 1296)
    assert fit_display((1024, 768)) == (960, 691), "never smaller than 960x600"
    assert fit_display((800, 600)) == (800, 600), "never larger than the desktop"


def test_a_first_start_opens_a_fitting_window_and_a_resize_is_remembered(make_app):
    app = make_app(window=None)
    desktop = pygame.display.get_desktop_sizes()[0]
    assert app.surface.get_size() == fit_display(desktop)
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "buttons-game"
    app.show_menu()
    settle(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1500, h=900, size=(1500, 900)))
    app.step(0.02)
    assert app.surface.get_size() == (1500, 900)
    app.quit()
    app.run()  # the loop ends at once and keeps what changed
    saved, _ = load_settings()
    assert saved.window == (1500, 900)
    again = make_app(window=None)
    assert again.surface.get_size() == (1500, 900)


def resize(app, size: tuple[int, int]) -> None:
    """The window manager or the player's drag gives the window ``size``."""
    w, h = size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=size))
    settle(app)


def saved_window(user_home) -> tuple[list[int] | None, bool]:
    data = json.loads((user_home / "config" / "settings.json").read_text())
    return data["window"], data["fullscreen"]


def test_the_window_flag_is_for_one_run_and_never_written(make_app, user_home):
    """--window sizes this run only: neither its size (echoed back by the window system),
    nor a drag during the run, nor any other setting saved meanwhile writes the window to
    settings.json; a size the player then chooses in Settings is kept."""
    save_settings(replace(load_settings()[0], window=(1600, 900)))
    app = make_app(window=(1280, 720))
    app.show_menu()
    settle(app)
    resize(app, (1280, 720))  # the window system tells the size it was opened at
    app.prefs.toggle_mute()  # another setting is saved meanwhile
    resize(app, (1440, 810))  # the player drags the window
    assert app.surface.get_size() == (1440, 810), "the window follows the drag"
    app.quit()
    app.run()  # the loop ends at once and saves what it keeps
    assert saved_window(user_home) == ([1600, 900], False)
    assert load_settings()[0].mute is True
    again = make_app(window=(1280, 720))
    again.push(MainMenu(again))
    again.push(SettingsScreen(again))
    step(again, 2)
    choose(again, again.top.window, 3)  # the player's own choice in Settings is kept
    chosen = again.settings.window
    assert chosen not in (None, (1280, 720), (1600, 900))
    assert saved_window(user_home) == (list(chosen), False)


def test_a_window_flag_run_is_windowed_and_the_full_screen_stays_set(make_app, user_home):
    """Full screen in the settings and --window: this run is a window of that size that
    follows a drag; the file still says full screen."""
    save_settings(replace(load_settings()[0], fullscreen=True, window=(1600, 900)))
    app = make_app(window=(1280, 720))
    app.show_menu()
    settle(app)
    assert app.surface.get_size() == (1280, 720)
    resize(app, (1366, 768))
    assert app.surface.get_size() == (1366, 768), "the layout follows a drag in a windowed run"
    app.prefs.toggle_mute()
    app.quit()
    app.run()
    assert saved_window(user_home) == ([1600, 900], True)


def test_text_and_boards_grow_with_the_window(make_app):
    sizes = {}
    for window in ((1280, 720), (1920, 1080)):
        app = make_app(window=window)
        app.start_game(mid_game(4, humans=2))
        settle(app)
        table = app.top
        cell = table.table.boards[0].cell
        roll_font = app.manager.get_theme().get_font_info(table.roll.combined_element_ids)["size"]
        key_size = table.px(14)
        sizes[window] = (app.scale, cell, roll_font, key_size)
    small, big = sizes[(1280, 720)], sizes[(1920, 1080)]
    assert small[0] == 1.0 and big[0] == 1.5
    assert big[1] >= small[1] * 1.4, "boards fill their larger panels"
    assert big[2] >= small[2] * 1.4, "theme fonts are scaled"
    assert small[3] >= 14, "the key line is at least 14 px at 1280x720"


def test_the_key_line_fits_its_panel_in_full(make_app):
    app = make_app(window=(1280, 720))
    app.start_game(mid_game(4, humans=2))
    settle(app)
    table = app.top.table
    lines = wrap(t("game.keys"), app.top.px(14), table.keys.width)
    text_top = table.keys.bottom - len(lines) * int(app.top.px(14) * 1.35)
    assert text_top > table.hint.bottom, "every line of keys is shown"
    assert art.text(lines[0], app.top.px(14)).get_height() >= 14


def test_pause_over_the_table_after_a_resize_has_no_stale_background(make_app):
    app = make_app(window=(1280, 720))
    app.start_game(Game.new((Seat("A"), Seat("B")), seed=2))
    settle(app)
    app.top.act(Menu())
    settle(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900)))
    settle(app)
    below = app.stack[-2]
    assert below.table.size == (1600, 900), "the table under the pause menu is laid out anew"
    assert frame_is_fresh(app)
    click_widget(app, app.top.resume_game)
    settle(app)
    assert frame_is_fresh(app)


def test_a_stars_screen_resumed_game_draws_fresh(make_app):
    app = make_app(window=(1280, 720))
    app.start_game(mid_game(3, humans=3, phase=Phase.STARS))
    settle(app)
    assert frame_is_fresh(app)


def test_clicking_the_chosen_value_closes_a_drop_down_and_changes_nothing(make_app):
    app = make_app(window=(1280, 720))
    app.show_settings()
    settle(app)
    screen = app.top
    before = app.settings
    choose(app, screen.language, 0)  # English, already chosen
    settle(app)
    assert screen.language.current_state is screen.language.menu_states["closed"]
    # the next click, on the drop-down below, opens it rather than picking a language

    click(app, screen.window.rect.center)
    settle(app)
    assert app.settings.language == before.language
    assert screen.window.current_state is screen.window.menu_states["expanded"]


def test_line_breaks_survive_wrapping_with_accents_and_kana(make_app):
    """A prompt of two lines ("Put your stars…\\nAnna: 3") is two lines in every script:
    cleaning a text for the font must not drop its line breaks."""
    make_app()
    for text in ("Stars due:\nAnna 3", "Étoiles :\nAnna 3", "星を置く：\nアンナ3"):
        first, second = text.split("\n")
        assert wrap(text, 16, 2000) == [first, second], text


def fullscreen_key(app, alt_enter: bool = False) -> None:
    """F11, or Alt+Enter, as the keyboard sends them."""
    key, mod = (pygame.K_RETURN, pygame.KMOD_LALT) if alt_enter else (pygame.K_F11, 0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    settle(app)


def test_f11_and_alt_enter_turn_full_screen_on_and_off_on_every_screen(make_app):
    app = make_app(window=(1280, 720))
    game = mid_game(2, humans=2)
    screens = (
        app.show_menu,
        app.show_settings,
        app.show_stats,
        lambda: app.start_game(game),
        lambda: app.show_save_as(game),  # its name field has the keyboard
    )
    for i, show in enumerate(screens):
        show()
        settle(app)
        top = app.top
        fullscreen_key(app, alt_enter=i % 2 == 1)
        assert app.settings.fullscreen and display.is_fullscreen(), top.name
        assert load_settings()[0].fullscreen, "kept as the Settings screen keeps it"
        assert app.surface.get_size() == pygame.display.get_surface().get_size()
        assert app.top is top and frame_is_fresh(app), "the same screen, laid out anew"
        fullscreen_key(app, alt_enter=i % 2 == 0)
        assert not app.settings.fullscreen and not display.is_fullscreen(), top.name
        assert not load_settings()[0].fullscreen
        assert app.surface.get_size() == (1280, 720), "back to the window it was"
    assert app.top.typed == SaveAsScreen(app, game).typed, "the keys typed nothing"


def test_the_settings_screen_shows_what_f11_chose(make_app):
    app = make_app(window=(1280, 720))
    app.show_settings()
    settle(app)
    assert app.top.mode.selected_option[1] == "windowed"
    fullscreen_key(app)
    assert app.top.mode.selected_option[1] == "fullscreen"
    choose(app, app.top.mode, 0)  # back to a window from the drop-down
    settle(app)
    assert not app.settings.fullscreen and not display.is_fullscreen()
    assert app.surface.get_size() == (1280, 720)
    fullscreen_key(app, alt_enter=True)
    assert app.settings.fullscreen and app.top.mode.selected_option[1] == "fullscreen"


def test_a_window_opened_with_the_window_flag_goes_full_screen_at_the_first_f11(
    make_app, user_home
):
    from buttons_game.settings import Settings, save_settings

    save_settings(Settings(fullscreen=True))
    app = make_app(window=(1280, 720))  # --window: a window this time
    app.show_menu()
    settle(app)
    assert not display.is_fullscreen()
    fullscreen_key(app)
    assert display.is_fullscreen() and app.settings.fullscreen
    fullscreen_key(app)
    assert not display.is_fullscreen() and app.surface.get_size() == (1280, 720)
