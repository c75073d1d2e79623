"""One test per screen, driven by real events."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pygame
import pygame_gui

from buttons_game.games.buttons.engine import random_game
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.i18n import t
from buttons_game.settings import load_settings, save_settings
from buttons_game.ui import art, world
from buttons_game.ui.games.buttons.game_over import GameOverScreen, stars_by_round
from buttons_game.ui.games.buttons.screen import TableScreen
from buttons_game.ui.games.buttons.setup import SetupScreen
from buttons_game.ui.screens.menu import MainMenu
from buttons_game.ui.screens.pause import PauseScreen
from buttons_game.ui.screens.rules import RulesScreen
from buttons_game.ui.screens.settings_screen import SettingsScreen

from .conftest import choose, click, click_widget, press, step


def test_main_menu(make_app):
    app = make_app()
    app.push(MainMenu(app))
    step(app, 2)
    menu = app.top
    assert not menu.continue_.is_enabled, "Continue is greyed out with nothing to continue"
    click_widget(app, menu.rules)
    assert isinstance(app.top, RulesScreen)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu)
    click_widget(app, app.top.settings)
    assert isinstance(app.top, SettingsScreen)
    click_widget(app, app.top.back)
    click_widget(app, app.top.quit)
    assert not app.running and app.exit_code == 0


def test_setup_screen_seats_layouts_and_names(make_app):
    app = make_app()
    app.push(MainMenu(app))
    step(app)
    click_widget(app, app.top.new_game)
    click_widget(app, app.top.choose[0])  # BUTTONS
    setup = app.top
    assert isinstance(setup, SetupScreen) and len(setup.rows) == 2
    four = next(b for n, b in setup.count_buttons if n == 4)
    click_widget(app, four)
    assert len(setup.rows) == 4
    layouts = [c.layout for c in setup.choices]
    assert len({name[0] for name in layouts}) == 4, "every seat gets a different physical board"
    choose(app, setup.rows[2]["kind"], 4)  # seat 3: hard bot
    choose(app, setup.rows[3]["layout"], 0)  # seat 4: board 1A
    # an empty name is refused with a message
    entry = setup.rows[0]["name"]
    entry.set_text("")
    click_widget(app, setup.start)
    assert app.top is setup and setup.error
    entry.set_text("Ada")
    click_widget(app, setup.start)
    screen = app.top
    assert isinstance(screen, TableScreen)
    seats = screen.session.game.seats
    assert seats[0] == Seat("Ada", None) and seats[2].bot == "hard"
    assert screen.session.state.layout(3) == "1A"
    # the next set-up starts from these seats and names
    app.show_setup("buttons")
    again = app.top
    assert again.count == 4
    assert [c.name for c in again.choices] == [s.name for s in seats]
    assert [c.kind for c in again.choices][:3] == ["human", "medium", "hard"]


def test_rules_screen_explains_the_game(make_app):
    app = make_app()
    app.push(RulesScreen(app))
    step(app, 2)
    box = app.top.text
    shown = pygame_gui.core.utility.translate(box.html_text)
    assert "five stars in a line" in shown and "bust" in shown
    assert box.rect.height > 200
    click_widget(app, app.top.back)
    assert not app.stack or not isinstance(app.top, RulesScreen)


def test_settings_persist_and_switch_language_live(make_app, user_home):
    app = make_app()
    app.push(MainMenu(app))
    app.push(SettingsScreen(app))
    step(app, 2)
    choose(app, app.top.language, 1)  # Deutsch
    assert app.settings.language == "de" and app.manager.get_locale() == "de"
    choose(app, app.top.speed, 0)  # slow
    saved, problem = load_settings()
    assert problem is None and saved.language == "de" and saved.animation == "slow"
    data = json.loads((user_home / "config" / "settings.json").read_text())
    assert data["language"] == "de"
    press(app, pygame.K_ESCAPE)
    assert app.top.new_game.text == "buttons.menu.new_game"
    assert app.top.new_game.drawable_shape is not None


def test_corrupt_settings_file_is_ignored_with_a_warning(make_app, user_home, capsys):
    (user_home / "config").mkdir(parents=True)
    (user_home / "config" / "settings.json").write_text("{not json")
    app = make_app()
    assert app.settings.language == "en"
    assert "not valid JSON" in capsys.readouterr().err
    assert [n.tone for n in app.notices] == ["bad"], "told in the window"
    assert "JSON" in app.notices[0].text
    assert (user_home / "config" / "settings.json").read_text() == "{not json", "nothing lost"


def test_pause_menu_resume_and_leave(make_app):
    app = make_app(seats=None)
    game = Game.new((Seat("A"), Seat("B")), seed=1)
    app.start_game(game)
    step(app, 2)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScreen)
    click_widget(app, app.top.resume_game)
    assert isinstance(app.top, TableScreen)
    press(app, pygame.K_ESCAPE)
    click_widget(app, app.top.main_menu)
    assert isinstance(app.top, MainMenu)
    assert app.top.continue_.is_enabled, "the unfinished game can be continued"
    click_widget(app, app.top.continue_)
    assert isinstance(app.top, TableScreen) and app.top.session.state == game.state


def test_game_over_screen(make_app):
    app = make_app()
    final = random_game(3, random.Random(5), seed=5)
    game = Game((Seat("A"), Seat("B"), Seat("C", "easy")), final)
    app.push(MainMenu(app))
    app.push(GameOverScreen(app, game))
    step(app, 2)
    title, why = app.top.headline()
    winners = [game.seats[p].name for p in final.outcome().winners]
    assert all(name in title for name in winners) and why
    series = stars_by_round(game)
    assert [s[-1] for s in series] == [final.star_count(p) for p in range(3)]
    click_widget(app, app.top.new_game)
    assert isinstance(app.top, SetupScreen)


def test_window_resize_keeps_everything_clickable(make_app):
    app = make_app(window=(1280, 720))
    game = Game.new((Seat("A"), Seat("B"), Seat("C"), Seat("D")), seed=2)
    app.start_game(game)
    step(app, 2)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    step(app, 2)
    screen = app.top
    assert app.surface.get_size() == (1920, 1080)
    assert app.scale == 1.5, "everything grows with the window"
    for g in screen.table.boards:
        assert app.surface.get_rect().contains(g.panel)
        assert g.panel.contains(g.grid)
    assert app.surface.get_rect().contains(screen.roll.rect)
    press(app, pygame.K_r)
    assert screen.session.state.phase.value in ("placing", "turn")
    click(app, screen.table.boards[0].cell_rect(1, 1).center)  # no crash whatever the dice


def test_game_over_highlights_the_winning_line(make_app):
    app = make_app()
    for seed in range(200):
        final = random_game(2, random.Random(seed), seed=seed)
        if final.outcome().reason.value == "five_in_line":
            break
    game = Game((Seat("A"), Seat("B")), final)
    app.show_game_over(game)
    step(app, 2)
    screen = app.top
    winner = final.outcome().winners[0]
    marks = screen.marks()
    assert marks.winning[winner] == final.winning_line(winner) and len(marks.winning[winner]) >= 5
    row, col = sorted(marks.winning[winner])[0]
    corner = screen.geometry[winner].cell_rect(row, col).topleft
    glow = art.colour("accent")
    cell = screen.geometry[winner].cell
    # the foot of the space's halo, between the star's two lower points at any board size
    pixel = app.surface.get_at((corner[0] + cell // 2, corner[1] + cell - 3))
    assert pixel[:3] != art.colour("board")[:3], "the line glows"
    assert abs(pixel.r - glow.r) + abs(pixel.g - glow.g) < abs(
        art.colour("board").r - glow.r
    ) + abs(art.colour("board").g - glow.g)


def test_button_cards_and_dice_have_tooltips(make_app):
    app = make_app()
    app.start_game(Game.new((Seat("Anna"), Seat("Ben")), seed=3))
    step(app, 2)
    table = app.top
    state = table.session.state
    g = table.table.boards[0]
    card = g.card_rects(len(state.cards(0)))[0]
    before = app.surface.copy()
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=card.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    step(app, 2)
    assert table.session.model.pointer == card.center
    # beside the card, on the side away from the board being decided on (tests/ui/test_tooltips.py)
    near = card.inflate(160, 160).clip(app.surface.get_rect())
    assert pygame.image.tobytes(app.surface.subsurface(near), "RGB") != pygame.image.tobytes(
        before.subsurface(near), "RGB"
    ), "a tooltip opens beside the card"
    colour = t(f"colour.{state.cards(0)[0]}")
    key = "game.card_red_tip" if state.cards(0)[0] == "red" else "game.card_tip"
    assert colour in t(key, colour=colour, name="Anna")


def test_a_loaded_copy_never_overwrites_the_original_game(make_app):
    from buttons_game import saves
    from buttons_game.games.buttons.engine import sample_dice

    rng = random.Random(4)
    game = Game.new((Seat("Ann"), Seat("Bo")), seed=4)
    while len(game.state.history()) < 20 or game.state.phase.value != "turn":
        state = game.state
        action = sample_dice(state, rng) if state.is_chance_node() else state.legal_actions()[0]
        game = game.apply(action)
    saves.autosave(game)
    saves.save_as(game, "Sunday")
    original = saves.autosave_path(game).read_bytes()
    app = make_app()
    app.show_load()
    step(app, 2)
    sunday = next(first for info, first, _ in app.top.row_buttons if info.name == "Sunday")
    click_widget(app, sunday)
    table = app.top
    assert isinstance(table, TableScreen)
    assert table.session.game.game_id != game.game_id, "the copy has its own autosave"
    press(app, pygame.K_r)
    assert saves.autosave_path(game).read_bytes() == original, "the original game is untouched"
    assert saves.autosave_path(table.session.game).exists()


def test_decorations_never_lie_under_a_widget(make_app):
    from buttons_game.ui.screens.common import draw_backdrop

    app = make_app(window=(1280, 720))
    for show in (app.show_menu, app.show_setup, app.show_settings, app.show_load):
        show()
        step(app, 2)
        screen = app.top
        plain = pygame.Surface(app.surface.get_size())
        world.draw_table(plain)  # the bare table: the wood, nothing on it
        drawn = pygame.Surface(app.surface.get_size())
        draw_backdrop(drawn, screen)
        for widget in screen.widgets:
            rect = widget.rect.clip(drawn.get_rect())
            assert pygame.image.tobytes(drawn.subsurface(rect), "RGB") == pygame.image.tobytes(
                plain.subsurface(rect), "RGB"
            ), f"a decoration under {widget} on {screen.name}"


def test_the_lang_flag_is_for_one_run_and_never_written(make_app, user_home):
    """--lang shows this run in a language; saving any setting (a tutorial's progress, M)
    keeps the player's own language in the file, until they choose one in Settings."""
    save_settings(replace(load_settings()[0], language="de"))
    app = make_app(language="ja")
    assert app.settings.language == "ja"
    app.prefs.remember_lesson("kopf", 2)
    app.prefs.toggle_mute()
    data = json.loads((user_home / "config" / "settings.json").read_text())
    assert data["language"] == "de" and data["kopf_lesson"] == 2 and data["mute"] is True
    assert app.settings.language == "ja", "the run goes on in its language"
    app.push(MainMenu(app))
    app.push(SettingsScreen(app))
    step(app, 2)
    choose(app, app.top.language, 3)  # the player's own choice is kept from now on
    chosen = app.settings.language
    assert chosen not in ("ja", "de")
    assert json.loads((user_home / "config" / "settings.json").read_text())["language"] == chosen
