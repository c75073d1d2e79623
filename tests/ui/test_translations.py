"""Every language has every key, and translated text fits its place at 1280x720."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pygame
import pygame_gui
import pytest

from buttons_game import saves
from buttons_game.i18n import FOLDER, LANGUAGES, t
from buttons_game.ui import art
from buttons_game.ui.scenes import mid_game
from buttons_game.ui.screens.game_over import GameOverScreen
from buttons_game.ui.screens.game_screen import GameScreen
from buttons_game.ui.screens.menu import MainMenu
from buttons_game.ui.screens.pause import PauseScreen
from buttons_game.ui.screens.rules import RulesScreen
from buttons_game.ui.screens.saves_screen import LoadScreen, SaveAsScreen
from buttons_game.ui.screens.settings_screen import SettingsScreen
from buttons_game.ui.screens.setup import SetupScreen
from buttons_game.ui.screens.summary import SummaryOverlay

from .conftest import step


def flatten(tree: dict, prefix: str = "") -> dict[str, str]:
    out = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            out.update(flatten(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = value
    return out


def strings(language: str) -> dict[str, str]:
    data = json.loads((Path(FOLDER) / f"buttons.{language}.json").read_text(encoding="utf-8"))
    assert list(data) == [language]
    return flatten(data[language])


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_key_is_missing_and_placeholders_match(language):
    english, other = strings("en"), strings(language)
    assert set(other) == set(english), set(other) ^ set(english)
    for key, text in english.items():
        wanted = sorted(re.findall(r"%\{(\w+)\}", text))
        assert sorted(re.findall(r"%\{(\w+)\}", other[key])) == wanted, key
        assert other[key].strip(), key


def buttons_of(screen) -> list[pygame_gui.elements.UIButton]:
    return [w for w in screen.widgets if isinstance(w, pygame_gui.elements.UIButton) and w.alive()]


def assert_fits(width: int, room: int, what: str) -> None:
    assert width <= room, f"{what}: {width} px of text in {room} px"


def check_widgets(screen) -> None:
    for b in buttons_of(screen):
        text = pygame_gui.core.utility.translate(b.text)
        assert_fits(b.font.size(text)[0], b.rect.width - 8, f"button {text!r}")
    for d in screen.widgets:
        if isinstance(d, pygame_gui.elements.UIDropDownMenu):
            font = d.current_state.selected_option_button.font
            for option, _ in d.options_list:
                text = pygame_gui.core.utility.translate(option)
                assert_fits(font.size(text)[0], d.rect.width - 36, f"option {text!r}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_translated_text_fits_at_1280x720(make_app, language):
    app = make_app(window=(1280, 720), language=language)
    saves.save_as(mid_game(3, humans=2), "Sonntag")
    app.push(MainMenu(app))
    step(app, 2)
    check_widgets(app.top)
    for screen in (SetupScreen(app), SettingsScreen(app), RulesScreen(app), LoadScreen(app)):
        if isinstance(screen, SetupScreen):
            screen.count = 4
        app.push(screen)
        step(app, 2)
        check_widgets(screen)
        app.pop()
    s = app.scale
    # labels drawn beside the settings' drop-downs
    settings = SettingsScreen(app)
    app.push(settings)
    step(app)
    for key, _ in settings.label_rows:
        assert_fits(art.text(t(key), int(20 * s), "text", True).get_width(), 1280 // 2 - 40, key)
    app.pop()
    # the table at 2, 3 and 4 seats: a human to place, another with Place/Skip
    for players in (2, 3):
        table = GameScreen(app, mid_game(players, humans=2))
        app.push(table)
        step(app, 2)
        assert table.place_skip, "a Place/Skip pair is on the board"
        check_widgets(table)
        for a, b in itertools.combinations(buttons_of(table), 2):
            assert not a.rect.colliderect(b.rect), "buttons overlap"
        app.pop()
    game = mid_game(4, humans=2)
    screen = GameScreen(app, game)
    app.push(screen)
    step(app, 2)
    assert screen.place_skip, "a Place/Skip pair is on the board"
    check_widgets(screen)
    banner = t("game.new_round", n=12, name="Carla")
    room = screen.board_area.width - int(140 * s)
    assert_fits(art.text(banner, int(19 * s), "text", True).get_width(), room, "new round banner")
    app.push(PauseScreen(app, screen))
    step(app)
    check_widgets(app.top)
    app.push(SaveAsScreen(app, game))
    step(app)
    check_widgets(app.top)
    app.pop()
    app.pop()
    # the round summary's column heads
    stars = mid_game(
        4, humans=4, phase=__import__("buttons_game.engine", fromlist=["Phase"]).Phase.STARS
    )
    screen.summary = SummaryOverlay(stars.state.round_scores()[-1], stars)
    screen.summary.build(screen)
    cols = [0.04, 0.34, 0.48, 0.72, 0.88, 1.0]
    heads = ["summary.seat", "summary.opt_out", "summary.colours", "summary.cards", "summary.total"]
    width = screen.summary.rect.width
    for i, key in enumerate(heads):
        room = int(width * (cols[i + 1] - cols[i])) - 6
        assert_fits(art.text(t(key), int(16 * s), "text_dim", True).get_width(), room, key)
    busted = art.text(t("summary.busted"), int(18 * s), "bad", True).get_width()
    assert_fits(busted, int(width * (cols[4] - cols[1])) - 6, "summary.busted")
    app.pop()
    # game over: the headline and the reason
    import random

    from buttons_game.engine import random_game

    final = random_game(4, random.Random(8), seed=8)
    over = GameOverScreen(app, type(game)(game.seats, final))
    app.push(over)
    step(app, 2)
    check_widgets(over)
    title, why = over.headline()
    assert_fits(art.text(title, int(40 * s), "accent", True).get_width(), 1280 - 20, "winner")
    assert_fits(art.text(why, int(20 * s), "text").get_width(), 1280 - 20, "reason")
    pygame.event.clear()
