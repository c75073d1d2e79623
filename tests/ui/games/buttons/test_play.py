"""A whole hot-seat game played through real mouse and keyboard events."""

from __future__ import annotations

import pygame
import pytest

from buttons_game.games.buttons.engine import OPT_OUT, Phase, Status
from buttons_game.i18n import t
from buttons_game.ui.games.buttons.game_over import GameOverScreen
from buttons_game.ui.games.buttons.screen import StarsScreen, TableScreen
from buttons_game.ui.games.buttons.setup import SetupScreen
from buttons_game.ui.games.buttons.summary import SummaryScreen
from buttons_game.ui.screens.menu import MainMenu

from ...conftest import cell_centre, choose, click, click_widget, press, settle, step


def start_two_humans(app) -> TableScreen:
    app.push(MainMenu(app))
    step(app, 2)
    click_widget(app, app.top.new_game)
    click_widget(app, app.top.choose[0])  # BUTTONS
    assert isinstance(app.top, SetupScreen)
    setup = app.top
    choose(app, setup.rows[1]["kind"], 0)  # seat 2: Human
    assert setup.choices[1].kind == "human"
    click_widget(app, setup.start)
    assert isinstance(app.top, TableScreen)
    screen = app.top
    assert all(seat.is_human for seat in screen.session.game.seats)
    assert screen.session.state.players == 2
    return screen


@pytest.mark.slow
def test_two_humans_play_a_whole_game_with_events(make_app):
    app = make_app(window=(1280, 800), seed=11)
    table = start_two_humans(app)
    session = table.session
    seen = set()
    rolls_this_round = 0
    for _ in range(3000):
        top = app.top
        if isinstance(top, GameOverScreen):
            break
        state = session.state
        if isinstance(top, SummaryScreen):
            seen.add("score")
            click_widget(app, top.button)
            assert not isinstance(app.top, SummaryScreen)
            continue
        if state.is_over():
            settle(app)
            continue
        if state.phase is Phase.TURN:
            a = state.active_player
            buttons = state.button_mask(a).bit_count()
            if OPT_OUT in state.legal_actions() and (buttons >= 7 or rolls_this_round > 14):
                click_widget(app, top.opt_out)
                assert session.state.status(a) is Status.OPTED_OUT
                seen.add("opt out")
                rolls_this_round = 0
            else:
                before = len(state.history())
                press(app, pygame.K_r)
                history = session.state.history()
                assert len(history) >= before + 2, "Roll and the dice (--fast lands them at once)"
                seen.add("roll")
                rolls_this_round += 1
                if session.state.status(a) is Status.BUSTED and state.status(a) is Status.IN_ROUND:
                    seen.add("bust")
                    assert any(n.key == "bust" for n in session.model.log[-4:]), "in the log"
                    settle(app)
            continue
        if state.phase is Phase.PLACING:
            p = state.pending_players[0]
            if p == state.active_player:
                target = state.legal_actions(p)[-1]
                click(app, cell_centre(top, p, target.row, target.col))
                assert (target.row, target.col) in session.state.buttons(p)
                seen.add("place")
            else:
                if len(state.history()) % 2 == 0:
                    press(app, pygame.K_s)
                else:
                    click_widget(app, top.gold_buttons[p][1])
                assert p not in session.state.pending_players
                seen.add("skip")
            continue
        if state.phase is Phase.STARS:
            assert isinstance(top, StarsScreen), "stars are placed on their own screen"
            p = state.pending_players[0]
            target = state.legal_actions(p)[0]
            click(app, cell_centre(top, p, target.row, target.col))
            assert (target.row, target.col) in session.state.stars(p)
            seen.add("star")
            continue
        step(app)
    assert isinstance(app.top, GameOverScreen), "the game did not end"
    assert seen >= {"roll", "place", "skip", "opt out", "bust", "score", "star"}, seen
    outcome = app.top.game.state.outcome()
    assert outcome is not None and outcome.winners


def test_clicks_in_the_wrong_place_explain_in_passing_and_change_nothing(make_app):
    app = make_app()
    table = start_two_humans(app)
    session = table.session
    state = session.state
    a = state.active_player
    other = 1 - a
    log_length = len(session.model.log)
    click(app, cell_centre(table, a, 1, 1))
    assert session.state is state
    assert session.model.passing is not None and session.model.passing.tone == "bad"
    assert session.model.passing.key == "reason.must_roll_or_opt_out"
    assert len(session.model.log) == log_length, "an explanation is not history"
    press(app, pygame.K_o)  # no button yet: opting out is not allowed
    assert session.state is state
    assert session.model.passing.key == "reason.opt_out_needs_button"
    assert not table.opt_out.is_enabled
    press(app, pygame.K_r)
    state = session.state
    assert state.phase is Phase.PLACING
    dice = state.dice
    wrong_row = dice.white % 6 + 1
    click(app, cell_centre(table, a, wrong_row, 1))
    assert session.state is state and session.model.passing.key == "reason.wrong_row"
    assert t("reason.wrong_row", row=dice.white) in t("reason.wrong_row", row=dice.white)
    if other in state.pending_players:
        # the other seat may only use the gold space
        col = dice.gold % 6 + 1
        click(app, cell_centre(table, other, dice.white, col))
        assert session.state is state and session.model.passing.key == "reason.gold_only"
        press(app, pygame.K_p)
        assert (dice.white, dice.gold) in session.state.buttons(other)
    # the passing word goes away by itself
    step(app, 1, dt=10.0)
    assert session.model.passing is None


def test_number_keys_choose_the_active_players_column(make_app):
    app = make_app()
    table = start_two_humans(app)
    press(app, pygame.K_r)
    state = table.session.state
    a = state.active_player
    target = state.legal_actions(a)[0]
    press(app, pygame.K_0 + target.col)
    assert (target.row, target.col) in table.session.state.buttons(a)
