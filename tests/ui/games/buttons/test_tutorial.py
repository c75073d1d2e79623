"""The BUTTONS tutorial at the real table, played with key presses and clicks."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace

import pygame
import pytest

from buttons_game.games.buttons import tutorial as tu
from buttons_game.games.buttons.engine import Dice
from buttons_game.i18n import LANGUAGES
from buttons_game.settings import load_settings
from buttons_game.ui.games.buttons.screen import StarsScreen, TableScreen
from buttons_game.ui.games.buttons.summary import SummaryScreen
from buttons_game.ui.games.buttons.tutorial import pace
from buttons_game.ui.play.session import BOT_DELAY
from buttons_game.ui.screens.choose_game import ChooseGameScreen
from buttons_game.ui.screens.menu import MainMenu

from ...conftest import click, click_widget, finish_jobs, press, step


def settle(app, frames: int = 40) -> None:
    """Frames enough for the dice to land, and on until the player has a decision
    (Bo thinks on a thread, so this waits for it rather than for a fixed time)."""
    step(app, frames)
    for _ in range(2000):
        session = getattr(app.top, "session", None)
        if session is None or session.state.is_over():
            return
        state = session.state
        decides = 0 in state.pending_players or (
            state.active_player == 0 and state.phase.value == "turn"
        )
        if decides and not session.model.timers.running("roll"):
            return
        finish_jobs(app)  # Bo has decided, however busy the machine
        step(app)


def space(app, seat: int, row: int, col: int) -> None:
    click(app, app.top.table.boards[seat].cell_rect(row, col).center)
    settle(app)


def key_of(app) -> str | None:
    card = app.top.session.model.tutorial
    return None if card is None else card.key


def start(make_app, **options):
    """Main menu → Learn to play → BUTTONS, by clicks."""
    app = make_app(window=(1280, 720), **options)
    app.show_menu()
    step(app, 2)
    click_widget(app, app.top.learn)
    click_widget(app, app.top.choose[0])
    settle(app)
    assert isinstance(app.top, TableScreen) and key_of(app) == "welcome"
    return app


def test_the_tutorial_is_played_to_its_end_and_the_game_goes_on(make_app):
    app = start(make_app)
    press(app, pygame.K_r, "r")
    settle(app)
    assert key_of(app) == "place"
    space(app, 0, 3, 4)
    assert key_of(app) == "gold"
    space(app, 0, 6, 5)
    assert key_of(app) == "roll_again"
    press(app, pygame.K_r, "r")
    settle(app)
    assert key_of(app) == "not_allowed"
    space(app, 0, 5, 4)
    assert key_of(app) == "bust"
    press(app, pygame.K_s, "s")
    settle(app)
    assert key_of(app) == "opt_out"
    press(app, pygame.K_o, "o")
    settle(app)
    summary = app.top
    assert isinstance(summary, SummaryScreen)  # no coach's review inside the tutorial
    assert summary.score.seats[0].total == 3 and summary.score.seats[0].card_bonus == ("red",)
    press(app, pygame.K_RETURN, "\r")
    settle(app)
    assert isinstance(app.top, StarsScreen) and key_of(app) == "stars"
    for row, col in ((3, 4), (5, 4), (6, 5)):
        space(app, 0, row, col)
    table = app.top
    assert isinstance(table, TableScreen) and key_of(app) == tu.END
    assert table.session.state.star_mask(0).bit_count() == 3
    # playing on: the first decision of the next round ends the tutorial's texts
    state = table.session.state
    while not table.session.model.human_to_roll() and not table.session.model.human_pending():
        settle(app, 5)
        state = table.session.state
    if table.session.model.human_to_roll():
        press(app, pygame.K_r, "r")
    else:
        press(app, pygame.K_s, "s")
    settle(app)
    assert table.session.model.tutorial is None
    # the buttons are Undo and Hint again (pygame_gui keeps the translation key)
    assert app.top.undo.text.endswith("game.undo") and app.top.hint.text.endswith("game.hint")
    assert state.round_number == 2


def test_a_click_the_step_does_not_ask_for_changes_nothing_and_says_why(make_app):
    app = start(make_app)
    press(app, pygame.K_r, "r")
    settle(app)
    before = app.top.session.state
    space(app, 0, 3, 1)  # legal, but not the ringed space
    assert app.top.session.state is before
    assert app.top.session.model.passing.key == "tutorial.place.only"
    space(app, 0, 3, 3)  # against the rules: the rules' own reason
    assert app.top.session.state is before
    assert app.top.session.model.passing.key.startswith("reason.")


def test_show_me_does_the_step_and_restart_goes_back_to_its_start(make_app):
    app = start(make_app)
    press(app, pygame.K_h, "h")  # Show me: the roll
    settle(app)
    assert key_of(app) == "place"
    press(app, pygame.K_h, "h")  # Show me: the button on (3, 4)
    settle(app)
    assert key_of(app) == "gold"
    assert app.top.session.state.button_mask(0).bit_count() == 1
    start_of_gold = tu.state_at_step(2)
    press(app, pygame.K_u, "u")  # Restart: the step as it began (Bo's button placed too)
    settle(app)
    assert app.top.session.state.history() == start_of_gold.history()
    press(app, pygame.K_u, "u")  # again: nothing to take back, and it says so
    assert app.top.session.model.passing.key == "tutorial.at_start"
    assert app.top.session.state.history() == start_of_gold.history()
    space(app, 0, 6, 5)
    press(app, pygame.K_r, "r")
    settle(app)
    assert key_of(app) == "not_allowed"
    press(app, pygame.K_u, "u")  # back to the start of "roll again"? no: of this step
    settle(app)
    assert key_of(app) == "not_allowed"
    assert app.top.session.state.history() == tu.state_at_step(4).history()
    assert app.top.undo.text.endswith("tutorial.restart")
    assert app.top.hint.text.endswith("tutorial.show_me")


@pytest.mark.parametrize(
    "language",
    [lang if lang == "ja" else pytest.param(lang, marks=pytest.mark.slow) for lang in LANGUAGES],
)
def test_every_step_fits_its_card_at_1280x720(make_app, language):
    app = make_app(window=(1280, 720), language=language)
    for index in range(len(tu.STEPS) + 1):
        app.show_tutorial("buttons", index)
        step(app, 2)
        screen = app.top
        assert screen.drawing.tutorial_overflow == 0, (language, index)


def test_from_the_main_menu_leaving_midway_and_coming_back(make_app):
    app = make_app(window=(1280, 720))
    app.show_menu()
    step(app, 2)
    click_widget(app, app.top.learn)
    choice = app.top
    assert isinstance(choice, ChooseGameScreen) and choice.offered[0].id == "buttons"
    click_widget(app, choice.choose[0])
    settle(app)
    assert key_of(app) == "welcome"
    press(app, pygame.K_r, "r")
    settle(app)
    space(app, 0, 3, 4)
    settle(app)
    assert key_of(app) == "gold"
    press(app, pygame.K_ESCAPE)  # the pause menu, then the main menu
    step(app, 2)
    click_widget(app, app.top.main_menu)
    assert isinstance(app.top, MainMenu)
    assert app.settings.buttons_lesson == 2
    assert load_settings()[0].buttons_lesson == 2, "kept in the settings file"
    click_widget(app, app.top.learn)
    assert (app.top.offered[0].lesson_reached(app.settings), app.top.offered[0].lessons()) == (
        2,
        len(tu.STEPS),
    )
    click_widget(app, app.top.choose[0])
    settle(app)
    assert key_of(app) == "gold"
    assert app.top.session.state.history() == tu.state_at_step(2).history()


@pytest.mark.slow
def test_the_tutorial_plays_itself_headless_to_the_end(tmp_path):
    shots = tmp_path / "shots"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "BUTTONS_GAME_HOME": str(tmp_path / "home")}
    command = [sys.executable, "-m", "buttons_game", "--tutorial", "buttons", "--show-me"]
    command += ["--fast", "--screenshots", str(shots), "--quit-when-over"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, env=env)
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in shots.glob("*.png"))
    for number, each in enumerate(tu.STEPS, start=1):
        assert any(f"tutorial-{number:02d}-{each.key}" in n for n in names), each.key
    assert names[-1].endswith(f"tutorial-{len(tu.STEPS) + 1:02d}-end.png")
    assert not (tmp_path / "home" / "config" / "settings.json").exists(), "nobody's place moved"


@pytest.mark.parametrize("animation", ["normal", pytest.param("instant", marks=pytest.mark.slow)])
def test_the_text_never_runs_ahead_of_the_dice_and_bo_moves_a_beat_after_you(make_app, animation):
    """Frame by frame: a step's text shows only once the dice it talks about have landed
    and Bo's moves before it are made; Bo's every move comes a beat after the last change,
    the player's included, even with animations set to instant."""
    app = make_app(window=(960, 600), fast=False)
    app.apply_settings(replace(app.settings, animation=animation))
    beat = BOT_DELAY * pace(False, app.settings.animation_factor) / 0.02 - 2  # in frames
    app.show_tutorial("buttons", 0)
    step(app, 2)
    session = app.top.session
    todo = list(tu.WALKTHROUGH)
    talks_of_dice = {"place": 0, "gold": 1, "not_allowed": 2, "bust": 3}  # which roll
    shown_at, changed_at, frame = 0, 0, 0
    seen_keys = []
    count = len(session.state.history())
    while todo and frame < 4000:
        finish_jobs(app)
        step(app)  # 0.02 s
        frame += 1
        state = session.state
        history = state.history()
        if len(history) != count:
            new = history[count:]
            count = len(history)
            bo_moved = any(
                not isinstance(a, Dice) and getattr(a, "player", state.active_player) == tu.BO
                for a in new
            )
            if bo_moved:
                assert frame - changed_at >= beat, f"Bo moved {frame - changed_at} frames after"
            changed_at = frame
        card = session.model.tutorial
        if card.key != (seen_keys[-1] if seen_keys else None):
            seen_keys.append(card.key)
            shown_at = frame
        rolls = [a for a in history if isinstance(a, Dice)]
        if card.key in talks_of_dice:  # the roll its text talks about has landed
            k = talks_of_dice[card.key]
            assert len(rolls) > k and rolls[k] == tu.DICE[k], (card.key, rolls)
        if card.key == "roll_again":  # "the dice came back to you": Bo is done
            assert state.active_player == tu.PLAYER and tu.BO not in state.pending_players
        if isinstance(app.top, SummaryScreen):
            press(app, pygame.K_RETURN, "\r")
            continue
        asked = tu.step_at(state)
        if asked is not None and asked.key == card.key and frame - shown_at >= 5:
            if tu.player_decides(state) and session.model.busted is None:
                session.attempt(tu.PLAYER, todo.pop(0))  # the player answers quickly
    assert not todo, seen_keys
    step(app, 2)
    assert seen_keys + [session.model.tutorial.key] == [s.key for s in tu.STEPS] + [tu.END]


@pytest.mark.slow  # a long scenario (about a second); the quick tier stays under 30 s
def test_a_card_s_rings_hide_while_bo_moves_and_come_back_with_the_next_card(make_app):
    """Frame by frame: while the decision is not the player's (the dice in the air, Bo to
    move), the step just done keeps its card but its rings are off the board; the next
    card brings its own."""
    app = make_app(window=(960, 600), fast=False)
    app.show_tutorial("buttons", 0)
    step(app, 2)
    session = app.top.session
    model = session.model
    todo = list(tu.WALKTHROUGH)
    hidden = set()  # the cards whose rings were hidden a while
    ringed = set()  # ... and those seen with their rings
    frame = 0
    while todo and frame < 4000:
        finish_jobs(app)
        step(app)
        frame += 1
        state, card = session.state, model.tutorial
        marks = model.marks()
        if tu.player_decides(state):
            assert marks.lesson == set(card.spaces) and marks.refused == set(card.refused)
            if card.spaces:
                ringed.add(card.key)
        else:
            assert marks.lesson == set() and marks.refused == set(), (card.key, frame)
            if card.spaces:
                hidden.add(card.key)
        if isinstance(app.top, SummaryScreen):
            press(app, pygame.K_RETURN, "\r")
        elif tu.player_decides(state) and model.busted is None and frame % 10 == 0:
            session.attempt(tu.PLAYER, todo.pop(0))
    assert not todo
    assert {"place", "gold", "not_allowed"} <= hidden, hidden
    assert {"place", "gold", "not_allowed", "bust"} <= ringed, ringed
