"""Continue, Load, Save as, Undo and --load, driven by real events."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from buttons_game import saves
from buttons_game.games.buttons.engine import ROLL, Phase, Place
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.ui.games.buttons.game_over import GameOverScreen
from buttons_game.ui.games.buttons.screen import TableScreen
from buttons_game.ui.screens.menu import MainMenu
from buttons_game.ui.screens.pause import PauseScreen
from buttons_game.ui.screens.saves_screen import LoadScreen, SaveAsScreen

from .conftest import cell_centre, click, click_widget, press, step


def played(seed: int = 1, actions: int = 12) -> Game:
    import random

    from buttons_game.games.buttons.engine import random_action, sample_dice

    rng = random.Random(seed)
    game = Game.new((Seat("Ann"), Seat("Bo")), seed=seed)
    for _ in range(actions):
        state = game.state
        if state.is_over():
            break
        action = sample_dice(state, rng) if state.is_chance_node() else random_action(state, rng)
        game = game.apply(action)
    return game


def test_moves_are_autosaved_and_continue_resumes_the_latest_game(make_app):
    app = make_app()
    app.start_game(Game.new((Seat("Ann"), Seat("Bo")), seed=5))
    step(app, 2)
    screen = app.top
    press(app, pygame.K_r)
    assert saves.latest_unfinished() is not None, "the roll was autosaved"
    on_disk = saves.load_game(saves.latest_unfinished().path)
    assert on_disk.state == screen.session.state
    # a fresh app (the laptop battery died): Continue brings the game back
    app2 = make_app()
    app2.push(MainMenu(app2))
    step(app2, 2)
    assert app2.top.continue_.is_enabled
    click_widget(app2, app2.top.continue_)
    assert isinstance(app2.top, TableScreen)
    resumed = app2.top.session
    assert resumed.state == on_disk.state
    assert [s.name for s in resumed.game.seats] == ["Ann", "Bo"]
    # the move log is rebuilt from the save: the roll is in it
    assert [n.key for n in resumed.model.log] == [n.key for n in screen.session.model.log]
    assert any(n.key == "roll" for n in resumed.model.log)


def test_continue_is_greyed_out_without_saves(make_app):
    app = make_app()
    app.push(MainMenu(app))
    step(app, 2)
    assert not app.top.continue_.is_enabled


def test_load_screen_lists_loads_and_deletes_with_confirmation(make_app):
    game = played(2, 20)
    saves.save_as(game, "Sunday")
    finished = played(3, 100_000)
    saves.save_as(finished, "Finished one")
    broken = saves.slot_path("Broken")
    broken.write_text('{"format": "buttons-game-save", "version": 1, "seats": [')
    app = make_app()
    app.push(MainMenu(app))
    step(app, 2)
    click_widget(app, app.top.load)
    screen = app.top
    assert isinstance(screen, LoadScreen) and len(screen.entries) == 3
    by_name = {info.name: (info, first, second) for info, first, second in screen.row_buttons}
    assert not by_name["Broken"][1].is_enabled, "a broken save cannot be loaded"
    # delete asks first; "Keep" keeps it
    click_widget(app, by_name["Broken"][2])
    keep = next(second for info, _, second in screen.row_buttons if info.name == "Broken")
    click_widget(app, keep)
    assert broken.exists()
    click_widget(
        app, next(second for info, _, second in screen.row_buttons if info.name == "Broken")
    )
    confirm = next(first for info, first, _ in screen.row_buttons if info.name == "Broken")
    click_widget(app, confirm)
    assert not broken.exists() and len(screen.entries) == 2
    # a finished game opens for review
    click_widget(
        app, next(first for info, first, _ in screen.row_buttons if info.name == "Finished one")
    )
    assert isinstance(app.top, GameOverScreen) and app.top.game.state.is_over()
    press(app, pygame.K_ESCAPE)
    click_widget(app, app.top.load)
    click_widget(
        app, next(first for info, first, _ in app.top.row_buttons if info.name == "Sunday")
    )
    assert isinstance(app.top, TableScreen)
    # the same game (a save made mid-roll rolls its dice on loading)
    history = app.top.session.state.history()
    assert history[: len(game.state.history())] == game.state.history()


def test_save_as_from_the_pause_menu_asks_before_overwriting(make_app):
    app = make_app()
    game = played(4, 10)
    app.start_game(game)
    step(app, 2)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScreen)
    click_widget(app, app.top.save_as)
    assert isinstance(app.top, SaveAsScreen)
    assert app.top.entry.get_text() == "Ann, Bo, round 1", "a name is offered"
    app.top.entry.set_text("Oma")
    click_widget(app, app.top.save)
    assert saves.slot_path("Oma").exists() and isinstance(app.top, PauseScreen)
    assert [n.text for n in app.notices] == ["Saved as Oma."], "confirmed on the pause screen"
    before = saves.slot_path("Oma").read_bytes()
    click_widget(app, app.top.save_as)
    app.top.entry.set_text("Oma")
    click_widget(app, app.top.save)
    assert isinstance(app.top, SaveAsScreen) and app.top.overwrite == "Oma"
    assert saves.slot_path("Oma").read_bytes() == before, "nothing overwritten without asking"
    click_widget(app, app.top.save)
    assert isinstance(app.top, PauseScreen)


def test_undo_takes_back_a_placement_but_never_the_dice(make_app):
    app = make_app()
    app.start_game(Game.new((Seat("Ann"), Seat("Bo")), seed=8))
    step(app, 2)
    screen = app.top
    session = screen.session
    assert not screen.undo.is_enabled
    press(app, pygame.K_r)
    state = session.state
    assert state.phase is Phase.PLACING
    a = state.active_player
    target = state.legal_actions(a)[0]
    click(app, cell_centre(screen, a, target.row, target.col))
    assert (target.row, target.col) in session.state.buttons(a)
    assert screen.undo.is_enabled
    press(app, pygame.K_u)
    assert session.state == state, "back to the same dice, placement taken back"
    assert session.state.dice == state.dice
    assert session.model.log[-1].key == "undo_place", "the log says what was taken back"
    press(app, pygame.K_u)  # nothing more to undo: the roll stays
    assert session.state == state
    assert session.model.passing.key == "game.nothing_to_undo"
    assert ROLL in session.state.history() and isinstance(target, Place)


@pytest.mark.slow
def test_load_flag_opens_a_save_and_refuses_a_bad_file(tmp_path):
    good = tmp_path / "good.json"
    saves.save_game(played(6, 30), good)
    bad = tmp_path / "bad.json"
    bad.write_bytes(good.read_bytes()[:-40])
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "BUTTONS_GAME_HOME": str(tmp_path / "home")}
    result = subprocess.run(
        [sys.executable, "-m", "buttons_game", "--load", str(bad)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert result.returncode == 2
    assert "cannot load the game" in result.stderr and "bad.json" in result.stderr
    assert bad.read_bytes() == good.read_bytes()[:-40], "the bad file is left untouched"
    finished = tmp_path / "finished.json"
    saves.save_game(played(7, 100_000), finished)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "buttons_game",
            "--load",
            str(finished),
            "--quit-when-over",
            "--fast",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert result.returncode == 0, result.stderr
