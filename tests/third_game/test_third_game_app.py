"""A third game (Nim, registered from the tests with a GameKind and no UI of its own) in
the real app: chosen from New game, set up, played by a person and by bots through the
main loop, autosaved, listed, continued, replayed and counted, on the shared kit's plain
table. Nothing in the app's shared files names it. (``nim``, ``home``: conftest.py.)"""

from __future__ import annotations

import pygame

from buttons_game import saves
from buttons_game.core import Seat
from buttons_game.i18n import t
from buttons_game.names import bot_name
from buttons_game.ui import launch
from buttons_game.ui.app import App
from buttons_game.ui.play.generic import (
    GenericOver,
    GenericReplay,
    GenericSetup,
    GenericTable,
    GenericUI,
)
from buttons_game.ui.play.registry import ui_for, uis
from buttons_game.ui.screens.choose_game import ChooseGameScreen
from buttons_game.ui.screens.menu import MainMenu
from buttons_game.ui.screens.saves_screen import LoadScreen, describe
from buttons_game.ui.screens.stats_screen import StatsScreen

from ..ui.conftest import step

SEATS = (Seat("Ann"), Seat("Bo", "easy"))


def click(app: App, widget) -> None:
    assert widget.is_enabled, f"{widget} is disabled"
    pos = widget.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, 3)


def run_until(app: App, condition, frames: int = 800) -> None:
    """Frames until ``condition()``, each after the bot's job (if any) is done."""
    for _ in range(frames):
        if condition():
            return
        job = getattr(getattr(app.top, "session", None), "bots", None)
        if job is not None and job.job is not None:
            job.job.future.result(timeout=600)
        app.step(0.02)
    assert condition(), f"not so after {frames} frames"


def caption() -> str:
    return pygame.display.get_caption()[0]


def test_third_game_is_offered_by_the_shared_screens(nim, make_app):
    app = make_app()
    app.show_menu()
    step(app, 2)
    assert caption() == "Buttons Game"
    click(app, app.top.new_game)
    choice = app.top
    assert isinstance(choice, ChooseGameScreen)
    assert [ui.id for ui in choice.offered] == ["buttons", "kopf", "nim"]
    assert all(card.right <= app.surface.get_width() for card in choice.cards), "every card fits"
    assert "Nim" in choice.choose[2].text
    assert ui_for("nim").lessons() == 0 and "nim" not in [ui.id for ui in choice_of(app)]
    stats = StatsScreen(app)
    assert stats.tabs == ("buttons", "kopf", "nim", "dice")


def choice_of(app: App):
    app.show_tutorial()
    step(app, 2)
    return app.top.offered


def test_third_game_is_set_up_from_new_game_and_played_on_the_kits_table(nim, make_app):
    app = make_app()
    app.show_menu()
    step(app, 2)
    click(app, app.top.new_game)
    click(app, app.top.choose[2])
    setup = app.top
    assert isinstance(setup, GenericSetup) and setup.count == 2
    assert setup.seats[1]["kind"] == "easy", "the second seat: an easy bot"
    setup.entries[0].set_text("Ann")
    click(app, setup.start)
    table = app.top
    assert isinstance(table, GenericTable) and app.current_game.kind == "nim"
    assert caption() == "Nim", "the window names the game being played"
    assert [s.name for s in table.game.seats] == ["Ann", bot_name(1)]
    assert app.settings.last_seats[0] == {"name": "Ann", "kind": "human"}
    shown = {repr(action) for action in table.action_of.values()}
    assert shown == {"Take(count=1)", "Take(count=2)", "Take(count=3)"}
    while not table.game.state.is_over():
        run_until(app, lambda: app.top is not table or table.person_to_move() is not None)
        if app.top is not table:
            break
        before = len(table.game.state.history())
        click(app, next(iter(table.action_of)))  # take one
        assert len(table.game.state.history()) > before
        assert table.log, "the move log narrates every take"
    run_until(app, lambda: isinstance(app.top, GenericOver))
    over = app.top
    assert caption() == "Nim"
    winner = over.game.state.outcome()
    assert over.headline() == f"{over.game.seats[winner].name} wins!"
    click(app, over.menu)
    assert isinstance(app.top, MainMenu) and caption() == "Buttons Game"


def test_third_game_undo_takes_back_the_persons_take_and_the_bots_reply(nim, make_app):
    app = make_app()
    app.start_game(nim.KIND.new_game(SEATS))
    table = app.top
    step(app, 2)
    assert not table.undo.is_enabled, "nothing to take back yet"
    click(app, next(iter(table.action_of)))
    run_until(app, lambda: table.person_to_move() == 0)
    assert len(table.game.state.history()) == 2 and table.undo.is_enabled
    click(app, table.undo)
    assert table.game.state.history() == [] and table.person_to_move() == 0


def test_third_game_is_played_by_bots_through_the_main_loop_headless(nim, make_app):
    app = make_app(seats=("easy", "easy"), game="nim", quit_when_over=True)
    assert launch.start(app)
    assert isinstance(app.top, GenericTable)
    assert app.run() == 0
    game = app.current_game
    assert game.kind == "nim" and game.state.is_over()
    assert isinstance(app.top, GenericOver)
    assert [seat.bot for seat in game.seats] == ["easy", "easy"]
    (info,) = saves.list_saves()
    assert info.game_id == game.game_id and info.finished, "autosaved to its end"
    assert not app.notices, "no autosave failed"


def test_third_game_is_autosaved_listed_continued_and_replayed(nim, make_app):
    app = make_app()
    app.start_game(nim.KIND.new_game(SEATS))
    table = app.top
    click(app, next(iter(table.action_of)))
    run_until(app, lambda: table.person_to_move() == 0)
    playing = table.game
    (info,) = saves.list_saves()
    assert info.game == "nim" and info.game_id == playing.game_id and not info.finished
    assert not app.notices, "autosaved without a word"
    app.show_load()
    step(app, 2)
    load = app.top
    assert isinstance(load, LoadScreen)
    bo = t("saves.bot_easy")
    assert describe(load.entries[0])[1] == f"Nim · Ann, Bo ({bo}) · turn 3"
    # a new start (this one has ended: its claim on the game is gone with it): Continue
    # opens the saved game on the plain table
    app.keeper.close()
    later = make_app()
    later.show_menu()
    step(later, 2)
    assert later.top.continue_.is_enabled
    click(later, later.top.continue_)
    assert isinstance(later.top, GenericTable) and later.top.game == playing
    assert caption() == "Nim"
    later.show_replay(playing)
    replay = later.top
    assert isinstance(replay, GenericReplay) and replay.replay.last == 2
    for _ in range(3):
        click(later, replay.step_on)
    assert replay.position == 2, "at the end, and no further"
    assert len(replay.replay.log(2)) == 2, "the move log up to there"
    click(later, replay.back)
    assert isinstance(later.top, GenericTable)


def test_third_game_replays_to_its_end_on_the_shared_viewer(nim, make_app):
    """--replay --fast --quit-when-over: the plain replay moves on the shared viewer with its
    defaults (a plain model of the position, no marks), draws every position and exits."""
    finished = nim.played(SEATS, seed=1)
    app = make_app(quit_when_over=True)
    app.show_replay(finished)
    replay = app.top
    assert isinstance(replay, GenericReplay) and replay.position == 0
    assert replay.viewer.model.log == [], "the set-up: nothing done yet"
    assert app.run() == 0
    last = replay.replay.last
    assert last == len(finished.state.history()) and replay.position == last
    model = replay.viewer.model
    assert model.game.state == finished.state and model.log == replay.replay.log(last)
    assert model.where.number == last == model.where.total


def test_third_game_is_counted_in_the_statistics_screen(nim, make_app):
    app = make_app()
    finished = nim.played(SEATS, seed=1)
    app.game_changed(finished)  # the table's hook: a finished game is counted
    viewer = make_app()
    viewer.show_stats()
    stats = viewer.top
    run_until(viewer, lambda: not stats.loading)
    click(viewer, stats.tab_buttons["nim"])
    assert stats.tab == "nim" and stats.stats.totals["nim"] == 1
    (ann,) = stats.records()  # people only: a bot has no record
    assert (ann.name, ann.games, ann.wins) == ("Ann", 1, int(finished.state.outcome() == 0))
    heads = [column.head for column in ui_for("nim").stat_columns()]
    assert heads[-1] == "stats.takes", "the kind's own figure is a column"
    step(viewer, 2)


def test_third_game_needs_nothing_in_the_shared_files(nim):
    """Its UI is the kit's plain one, made from the kind alone."""
    ui = ui_for("nim")
    assert type(ui) is GenericUI
    assert ui.title() == "Nim" and [u.id for u in uis()][-1] == "nim"
    game = nim.played(SEATS, seed=1)
    assert ui.winners(game) == (game.state.outcome(),)
    assert ui.seat_to_move(nim.KIND.new_game(SEATS).state) == 0
