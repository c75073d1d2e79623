"""A whole hot-seat game played through real mouse and keyboard events."""

from __future__ import annotations

import pygame

from buttons_game.engine import OPT_OUT, Phase, Status
from buttons_game.i18n import t
from buttons_game.ui.screens.game_over import GameOverScreen
from buttons_game.ui.screens.game_screen import GameScreen
from buttons_game.ui.screens.menu import MainMenu
from buttons_game.ui.screens.setup import SetupScreen

from .conftest import choose, click, click_widget, press, step


def start_two_humans(app) -> GameScreen:
    app.push(MainMenu(app))
    step(app, 2)
    click_widget(app, app.top.new_game)
    assert isinstance(app.top, SetupScreen)
    setup = app.top
    choose(app, setup.rows[1]["kind"], 0)  # seat 2: Human
    assert setup.choices[1].kind == "human"
    click_widget(app, setup.start)
    assert isinstance(app.top, GameScreen)
    screen = app.top
    assert all(seat.is_human for seat in screen.game.seats)
    assert screen.game.state.players == 2
    return screen


def replay_bust(setup, actions, seat) -> bool:
    """Did the last roll in ``actions`` bust ``seat``?"""
    from buttons_game.engine import replay

    return replay(setup, actions).status(seat) is Status.BUSTED


def cell_centre(screen: GameScreen, seat: int, row: int, col: int) -> tuple[int, int]:
    return screen.geometry[seat].cell_rect(row, col).center


def test_two_humans_play_a_whole_game_with_events(make_app):
    app = make_app(window=(1280, 800), seed=11)
    screen = start_two_humans(app)
    seen = set()
    rolls_this_round = 0
    for _ in range(3000):
        if isinstance(app.top, GameOverScreen):
            break
        state = screen.game.state
        if screen.summary is not None:
            seen.add("score")
            click_widget(app, screen.summary.button)
            assert screen.summary is None
            continue
        if state.is_over():
            step(app, 2)
            continue
        if state.phase is Phase.TURN:
            a = state.active_player
            # roll hard to see busts, opt out now and then
            buttons = state.button_mask(a).bit_count()
            if OPT_OUT in state.legal_actions() and (buttons >= 7 or rolls_this_round > 14):
                click_widget(app, screen.opt_button)
                assert screen.game.state.status(a) is Status.OPTED_OUT
                seen.add("opt out")
                rolls_this_round = 0
            else:
                before = len(state.history())
                press(app, pygame.K_r)
                # with --fast the roll animation ends within the two frames of the key press
                history = screen.game.state.history()
                assert len(history) >= before + 2, "Roll and the dice"
                seen.add("roll")
                rolls_this_round += 1
                if replay_bust(screen.game.state.setup, history[: before + 2], a):
                    seen.add("bust")
                    assert screen.fading, "the bust is shown: the buttons fade away"
                    assert t("game.bust", name=screen.name_of(a)) == screen.messages[0][0] or any(
                        m == t("game.bust", name=screen.name_of(a)) for m, _ in screen.messages
                    )
            continue
        if state.phase is Phase.PLACING:
            p = state.pending_players[0]
            if p == state.active_player:
                target = state.legal_actions(p)[-1]
                click(app, cell_centre(screen, p, target.row, target.col))
                assert (target.row, target.col) in screen.game.state.buttons(p)
                seen.add("place")
            else:
                use_key = len(state.history()) % 2 == 0
                if use_key:
                    press(app, pygame.K_s)
                else:
                    click_widget(app, screen.place_skip[p][1])
                assert p not in screen.game.state.pending_players
                seen.add("skip")
            continue
        if state.phase is Phase.STARS:
            p = state.pending_players[0]
            target = state.legal_actions(p)[0]
            click(app, cell_centre(screen, p, target.row, target.col))
            assert (target.row, target.col) in screen.game.state.stars(p)
            seen.add("star")
            continue
        step(app)
    assert isinstance(app.top, GameOverScreen), "the game did not end"
    assert seen >= {"roll", "place", "skip", "opt out", "bust", "score", "star"}, seen
    step(app, 2)
    outcome = app.top.game.state.outcome()
    assert outcome is not None and outcome.winners


def test_clicks_in_the_wrong_place_explain_and_change_nothing(make_app):
    app = make_app()
    screen = start_two_humans(app)
    state = screen.game.state
    a = state.active_player
    other = 1 - a
    click(app, cell_centre(screen, a, 1, 1))
    assert screen.game.state is state
    assert screen.messages and screen.messages[0][1] == "bad"  # "Roll first."
    press(app, pygame.K_o)  # no button yet: opting out is not allowed
    assert screen.game.state is state
    assert not screen.opt_button.is_enabled
    press(app, pygame.K_r)
    step(app, 2)
    state = screen.game.state
    assert state.phase is Phase.PLACING
    dice = state.dice
    wrong_row = dice.white % 6 + 1
    click(app, cell_centre(screen, a, wrong_row, 1))
    assert screen.game.state is state and "row" in screen.messages[0][0]
    if other in state.pending_players:
        # the other seat may only use the gold space
        col = dice.gold % 6 + 1
        click(app, cell_centre(screen, other, dice.white, col))
        assert screen.game.state is state
        press(app, pygame.K_p)
        assert (dice.white, dice.gold) in screen.game.state.buttons(other)


def test_number_keys_choose_the_active_players_column(make_app):
    app = make_app()
    screen = start_two_humans(app)
    press(app, pygame.K_r)
    step(app, 2)
    state = screen.game.state
    a = state.active_player
    target = state.legal_actions(a)[0]
    press(app, pygame.K_0 + target.col)
    assert (target.row, target.col) in screen.game.state.buttons(a)
