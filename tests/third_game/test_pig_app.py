"""A game with a die (Pig, registered from the tests, no UI of its own) in the real app,
on the kit's plain table playing on a Match: a person rolls and holds with the buttons,
the die lands after a beat and shows in the move log, the bot plays, the game ends; it is
autosaved, continued, replayed and counted. (``pig``, ``home``: conftest.py.)"""

from __future__ import annotations

import pygame

from buttons_game import saves
from buttons_game.core import Seat
from buttons_game.core.match import CHANCE
from buttons_game.ui import launch
from buttons_game.ui.play import plain_table
from buttons_game.ui.play.generic import GenericOver, GenericReplay, GenericTable
from buttons_game.ui.screens.stats_screen import StatsScreen

from ..ui.conftest import step
from .test_third_game_app import click, run_until

SEATS = (Seat("Ann"), Seat("Bo", "easy"))


def label(table: GenericTable, widget) -> str:
    return str(table.ui.action_label(table.action_of[widget]))


def test_a_person_and_a_bot_play_pig_with_its_die_on_the_plain_table(pig, make_app, monkeypatch):
    monkeypatch.setattr(plain_table, "CHANCE_SECONDS", 0.1)  # a beat of five frames
    monkeypatch.setattr(plain_table, "BOT_SECONDS", 0.04)
    app = make_app(fast=False)
    assert app.animation_factor >= 0.5
    app.start_game(pig.KIND.new_game(SEATS, seed=4))
    table = app.top
    assert isinstance(table, GenericTable) and pygame.display.get_caption()[0] == "Pig"
    step(app, 2)
    assert [label(table, w) for w in table.action_of] == ["Roll"], "nothing to hold yet"
    click(app, next(iter(table.action_of)))
    assert table.match.next_step().kind == CHANCE, "the die is rolling"
    assert table.action_of == {} and table.person_to_move() is None, "no button while it rolls"
    assert not table.game.state.history()[1:], "the die lands after a beat, not at once"
    run_until(app, lambda: len(table.game.state.history()) == 2)
    face = table.game.state.history()[1].face
    assert table.log[-1].startswith("rolls a one:" if face == 1 else "die:")
    assert f"{face}" in table.log[-1], "the move log shows the face"
    bot_rolled = False
    while app.top is table:
        run_until(app, lambda: app.top is not table or table.person_to_move() is not None)
        if app.top is not table:
            break
        bot_rolled = bot_rolled or any(line.startswith("rolls: Bo") for line in table.log)
        buttons = {label(table, w): w for w in table.action_of}
        hold = "Hold" in buttons and table.game.state.turn_total >= 8
        before = len(table.game.state.history())
        click(app, buttons["Hold" if hold else "Roll"])
        assert len(table.game.state.history()) == before + 1
    assert bot_rolled, "the bot took its turns"
    over = app.top
    assert isinstance(over, GenericOver) and over.game.state.is_over()
    winner = over.game.state.outcome()
    assert over.headline() == f"{over.game.seats[winner].name} wins!"
    (info,) = saves.list_saves()
    assert info.finished and info.game == "pig", "autosaved to its end"


def test_pig_is_played_by_bots_through_the_main_loop_headless(pig, make_app):
    app = make_app(seats=("easy", "random"), game="pig", quit_when_over=True)
    assert launch.start(app)
    assert isinstance(app.top, GenericTable)
    assert app.run() == 0
    game = app.current_game
    assert game.kind == "pig" and game.state.is_over()
    assert any(type(action) is pig.Die for action in game.state.history())
    (info,) = saves.list_saves()
    assert info.game_id == game.game_id and info.finished and not app.notices


def test_pig_is_continued_replayed_and_counted(pig, make_app):
    app = make_app()
    app.start_game(pig.KIND.new_game(SEATS, seed=6))
    table = app.top
    click(app, next(iter(table.action_of)))  # roll
    run_until(app, lambda: table.person_to_move() is not None or table.game.state.turn > 1)
    playing = table.game
    assert len(playing.state.history()) >= 2
    assert saves.latest_unfinished().game_id == playing.game_id
    app.keeper.close()
    later = make_app()
    later.show_menu()
    step(later, 2)
    click(later, later.top.continue_)
    assert isinstance(later.top, GenericTable) and later.top.game == playing
    later.show_replay(playing)
    replay = later.top
    assert isinstance(replay, GenericReplay) and replay.replay.last == len(playing.state.history())
    finished = pig.played(SEATS, seed=2)
    later.game_changed(finished)  # the table's hook: a finished game is counted
    viewer = make_app()
    viewer.show_stats()
    stats = viewer.top
    assert isinstance(stats, StatsScreen)
    run_until(viewer, lambda: not stats.loading)
    click(viewer, stats.tab_buttons["pig"])
    assert stats.stats.totals["pig"] == 1
    (ann,) = stats.records()
    assert (ann.name, ann.games, ann.wins) == ("Ann", 1, int(finished.state.outcome() == 0))
