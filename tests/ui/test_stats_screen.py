"""The Statistics screen: opened from the main menu, its tabs, Reset that asks first, the
keyboard, a finished game counted once, and its texts fitting in every language."""

from __future__ import annotations

import time

import pygame
import pytest

from buttons_game import saves, stats
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.i18n import LANGUAGES, t
from buttons_game.ui import art, world
from buttons_game.ui.screens.menu import MainMenu
from buttons_game.ui.screens.stats_screen import StatsScreen
from buttons_game.ui.stats_view import (
    COLUMNS,
    HEAD_LINES,
    HEAD_SIZE,
    PAD,
    ROW_HEIGHT,
    column_spans,
    dice_panels,
    head_lines,
    panel_parts,
    verdict_text,
)
from buttons_game.ui.text import line_step, wrap
from tests.stats.helpers import play_buttons, play_kopf

from .conftest import click_widget, play, press, run_until, step
from .test_translations import assert_fits, check_widgets


def save_some_games(count: int = 3) -> None:
    for seed in range(count):
        seats = (Seat("Anna"), Seat("Bo", "hard"), Seat("Ben"))
        saves.autosave(play_buttons(seats, seed))
    saves.autosave(play_kopf((Seat("Anna"), Seat("Bo", "easy")), 1))


def loaded(app) -> StatsScreen:
    """Run the loop until the screen has counted the games (it counts in a thread)."""
    screen = app.top
    assert isinstance(screen, StatsScreen)
    run_until(app, lambda: not screen.loading, frames=100)
    step(app, 2)
    return screen


def test_statistics_open_from_the_main_menu_with_a_click(make_app):
    save_some_games()
    app = make_app(window=(1280, 720))
    app.push(MainMenu(app))
    step(app, 2)
    click_widget(app, app.top.stats)
    screen = loaded(app)
    assert screen.stats is not None and screen.stats.totals == {"buttons": 3, "kopf": 1}
    assert [r.name for r in screen.records()] == ["Anna", "Ben"]
    click_widget(app, screen.tab_buttons["kopf"])
    assert screen.tab == "kopf" and [r.name for r in screen.records()] == ["Anna"]
    click_widget(app, app.top.tab_buttons["dice"])
    assert app.top.tab == "dice"
    assert app.top.screenshot_key() == "stats-dice"
    click_widget(app, app.top.back)
    assert isinstance(app.top, MainMenu)


def test_every_other_row_is_a_stripe_of_lighter_felt(make_app):
    save_some_games(1)
    app = make_app(window=(1280, 720))
    app.push(StatsScreen(app))
    screen = loaded(app)
    app.top.draw(app.surface)
    s, c = screen.scale, screen.content
    table = pygame.Rect(c.left, c.top + screen.px(26), c.width, c.height - screen.px(26))
    top = table.top + line_step(int(HEAD_SIZE * s)) * HEAD_LINES + int(10 * s)
    row_h = int(ROW_HEIGHT * s)
    stripe = world.mat((table.width, row_h), 6, lit=True)
    spot = (table.width - 4, row_h // 2)  # right of the last column's figure
    drawn = app.surface.get_at((table.left + spot[0], top + spot[1]))
    assert drawn[:3] == stripe.get_at(spot)[:3], "the first row lies on a felt stripe"


def test_reset_asks_first_and_keep_changes_nothing(make_app):
    save_some_games(2)
    app = make_app(window=(1280, 720))
    app.show_menu()
    app.show_stats()
    screen = loaded(app)
    path = stats.statistics_path()
    before = path.read_bytes()
    click_widget(app, screen.reset)
    assert screen.confirm and screen.yes_reset is not None and screen.keep is not None
    assert path.read_bytes() == before, "nothing is reset before the answer"
    click_widget(app, screen.keep)
    assert not screen.confirm and path.read_bytes() == before
    click_widget(app, screen.reset)
    press(app, pygame.K_ESCAPE)
    assert not screen.confirm and isinstance(app.top, StatsScreen), "Esc says no"
    assert path.read_bytes() == before
    click_widget(app, screen.reset)
    click_widget(app, screen.yes_reset)
    assert not screen.confirm
    assert screen.stats is not None and screen.stats.players() == []
    assert stats.read_statistics().games == 0
    assert len(list(saves.list_saves())) == 3, "the saves are all kept"


def test_reset_while_another_copy_holds_the_statistics_says_so_and_waits_for_nothing(make_app):
    from filelock import FileLock

    from buttons_game.locking import lock_path

    save_some_games(1)
    app = make_app(window=(1280, 720))
    app.show_menu()
    app.show_stats()
    screen = loaded(app)
    path = stats.statistics_path()
    before = path.read_bytes()
    other = FileLock(lock_path(path))  # another copy's lock
    other.acquire()
    try:
        click_widget(app, screen.reset)
        began = time.monotonic()
        click_widget(app, screen.yes_reset)
        assert time.monotonic() - began < 5.0, "the window waited for the other copy (20 s)"
        assert screen.message is not None and screen.message[1] == "bad"
        assert "in use by another copy" in screen.message[0]
        assert path.read_bytes() == before
    finally:
        other.release()
    click_widget(app, screen.reset)
    click_widget(app, screen.yes_reset)
    assert screen.message == (t("stats.reset_done"), "good")


def test_the_keyboard_reaches_everything(make_app):
    save_some_games(1)
    app = make_app(window=(1280, 720))
    app.push(MainMenu(app))
    step(app, 2)
    while app.top.focus is not app.top.stats:
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    screen = loaded(app)
    press(app, pygame.K_RIGHT)
    assert screen.tab == "kopf"
    press(app, pygame.K_RIGHT)
    assert screen.tab == "dice"
    press(app, pygame.K_TAB)
    assert screen.focus is not None
    while screen.focus is not screen.reset:
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert screen.confirm and screen.focus is screen.keep, "Enter again would keep"
    press(app, pygame.K_RETURN)
    assert not screen.confirm and stats.read_statistics().games == 2
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu)


def test_many_players_are_paged(make_app):
    for i in range(25):
        saves.save_as(play_buttons((Seat(f"Player {i:02}"), Seat("Bo", "easy")), i), f"G{i}")
    app = make_app(window=(1280, 720))
    app.show_menu()
    app.show_stats()
    screen = loaded(app)
    shown = screen.rows
    assert screen.pages() == -(-25 // shown) > 1
    assert not screen.prev.is_enabled and screen.next.is_enabled
    click_widget(app, screen.next)
    assert app.top.page == 1
    press(app, pygame.K_PAGEUP)
    assert app.top.page == 0


def finished_at_the_table(app) -> Game:
    """Play a game at the table to its last action through the session, as a person would."""
    seats = (Seat("Anna"), Seat("Bo", "easy"))
    whole = play_buttons(seats, 4)
    before = play_buttons(seats, 4, stop_before_end=1)
    game = Game(seats, before.state, game_id=whole.game_id)
    app.start_game(game)
    step(app, 2)
    session = app.top.session
    play(session, whole.state.history()[-1])
    assert session.game.state.is_over()
    return session.game


def test_a_game_that_ends_at_the_table_is_counted_once(make_app):
    app = make_app(window=(1280, 720))
    game = finished_at_the_table(app)
    counted = stats.read_statistics()
    assert counted.totals["buttons"] == 1 and counted.has_counted(game.game_id)
    app.game_changed(game)  # the same finished game again: nothing more
    assert stats.read_statistics() == counted
    assert saves.autosave_path(game).exists()
    app.show_menu()
    app.show_stats()
    screen = loaded(app)
    assert screen.stats == counted


def test_a_kopf_game_that_ends_at_the_table_is_counted_once(make_app):
    app = make_app(window=(1280, 720))
    seats = (Seat("Anna"), Seat("Ben"))
    whole = play_kopf(seats, 2)
    actions = whole.state.history()
    before = KopfGame.replayed(seats, whole.state.setup, actions[:-1], whole.game_id)
    app.start_game(before)
    step(app, 2)
    play(app.top.session, actions[-1])
    assert app.current_game.state.is_over()
    counted = stats.read_statistics()
    assert counted.totals == {"buttons": 0, "kopf": 1}
    assert {r.name for r in counted.players("kopf")} == {"Anna", "Ben"}
    app.game_changed(app.current_game)
    assert stats.read_statistics() == counted


def test_a_broken_file_is_said_on_the_screen(make_app):
    save_some_games(1)
    stats.refresh()
    stats.statistics_path().write_text("{", encoding="utf-8")
    app = make_app(window=(1280, 720))
    app.show_menu()
    app.show_stats()
    screen = loaded(app)
    text, tint = screen.message
    assert tint == "bad" and stats.BROKEN_NAME in text
    assert screen.stats is not None and screen.stats.totals["buttons"] == 1


def test_without_saving_the_screen_says_why_and_counts_nothing(make_app):
    app = make_app(window=(1280, 720))
    app.saving_off = "the data folder is read-only"
    app.show_menu()
    app.show_stats()
    step(app, 3)
    screen = app.top
    assert not screen.loading and screen.stats is None
    assert screen.message[1] == "bad" and "read-only" in screen.message[0]
    assert not screen.reset.is_enabled
    assert not stats.statistics_path().exists()


WIDEST_CELLS = {
    "stats.games": "9999",
    "stats.wins": "9999",
    "stats.draws": "9999",
    "stats.win_rate": "100%",
    "stats.vs_easy": "100% · 999/999",
    "stats.vs_medium": "100% · 999/999",
    "stats.vs_hard": "100% · 999/999",
    "stats.stars_per_round": "12.00",
    "stats.busts": "9999",
    "stats.opt_outs": "9999",
    "stats.captures_per_game": "10.0",
    "stats.turns_per_game": "999.9",
}


@pytest.mark.parametrize(
    "language,size",
    [
        *(
            (code, (1280, 720))
            if code == "ja"
            else pytest.param(code, (1280, 720), marks=pytest.mark.slow)
            for code in LANGUAGES
        ),
        pytest.param("en", (1920, 1080), marks=pytest.mark.slow),
    ],
)
def test_the_statistics_texts_fit(make_app, language, size):
    save_some_games(1)
    app = make_app(window=size, language=language)
    app.show_menu()
    app.show_stats()
    screen = loaded(app)
    s = screen.scale
    w, h = size
    for tab in ("buttons", "kopf", "dice"):
        screen.show_tab(tab)
        step(app)
        check_widgets(screen)
        for widget in screen.widgets:
            assert app.surface.get_rect().contains(widget.rect), "inside the window"
    c = screen.content
    for game in COLUMNS:
        for column, _, width in column_spans(COLUMNS[game], c):
            lines = head_lines(column.head, width, s)
            assert len(lines) <= HEAD_LINES, (column.head, lines)
            if column.head in WIDEST_CELLS:
                image = art.text(WIDEST_CELLS[column.head], int(17 * s))
                assert_fits(image.get_width(), width - int(PAD * s), column.head)
    for key in ("stats.vs_note", "stats.dice_note"):
        assert_fits(art.text(t(key), screen.px(16)).get_width(), c.width, key)
    counted = t("stats.counted", n=9999) + " · " + t("stats.page", n=99, total=99)
    assert_fits(art.text(counted, screen.px(16)).get_width(), c.width, "stats.counted")
    for key in ("stats.no_games",):
        assert len(wrap(t(key), screen.px(20), c.width - screen.px(80))) <= 3, key
    message = wrap(t("stats.confirm_reset"), screen.px(16), int(w * 0.9), True)
    assert len(message) <= 2, "the question fits on two lines"
    area = pygame.Rect(c.left, c.top + screen.px(32), c.width, c.height - screen.px(32))
    for panel, kind in zip(dice_panels(area, 3, s), stats.DIE_KINDS):
        parts = panel_parts(panel, s)
        title = art.text(t(f"stats.die_{kind}"), int(20 * s), "accent", True)
        assert_fits(title.get_width(), parts.title.width - int(40 * s), f"stats.die_{kind}")
        legend = art.text(t("stats.expected", value="9999.9"), int(14 * s))
        assert_fits(legend.get_width(), parts.legend.width - int(40 * s), "stats.expected")
        rolls = art.text(t("stats.rolls", n=999999), int(16 * s))
        assert_fits(rolls.get_width(), parts.rolls.width, "stats.rolls")
        for counts in ((10,) * 6, (60, 1, 1, 1, 1, 1), (1,) * 6):
            words, _ = verdict_text(stats.DieFairness(counts))
            if counts == (1,) * 6:
                words = t("stats.too_few", n=9999, min=stats.MIN_ROLLS)
            lines = wrap(words, int(16 * s), parts.words.width, True)
            assert len(lines) * int(16 * s * 1.35) <= parts.words.height, (kind, words)
        assert parts.chart.height > 100 * s, "room for the bars"
    assert screen.rows >= 8


def test_with_speech_on_the_figures_are_read_as_a_table_row_by_row(make_app):
    save_some_games()
    app = make_app(window=(1280, 720))
    press(app, pygame.K_F12)  # speech on
    app.show_stats()
    screen = loaded(app)
    history = [said.text for said in app.voice.speaker.history]
    table = next(said for said in history if said.startswith(t("stats.counted", n=3)))
    assert t("speech.table_row", n=1, cells="")[:5] in table
    for record in screen.records():  # each row with its cells and their headings
        assert f"{t('stats.player')} {record.name}" in table
        assert f"{t('stats.games')} {record.games}" in table
    click_widget(app, screen.tab_buttons["dice"])
    said = app.voice.speaker.history[-1].text
    assert said.startswith(t("stats.dice_note")) and t("stats.die_white") in said
