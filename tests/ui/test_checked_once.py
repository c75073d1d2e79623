"""At a table, every action — a person's, a bot's, the dice — goes through the engine's
checked path exactly once: the table hands a person's intent to the match, which checks it
once; nobody checks it again (hover previews aside, which these tests do not make)."""

from __future__ import annotations

import pygame

from buttons_game.games.buttons.engine import GameState
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.engine import KopfState
from buttons_game.games.kopf.game import KopfGame

from ..core.checks import CountingChecks as Checks
from .conftest import finish_jobs, press, step


def test_buttons_a_persons_decisions_and_the_bots_are_each_checked_once(make_app, monkeypatch):
    app = make_app(fast=True)
    app.start_game(Game.new((Seat("Ann"), Seat("Bo", "easy")), seed=5))
    session = app.top.session
    match = session.match
    step(app, 2)
    checks = Checks(monkeypatch, GameState)
    if session.state.active_player == 0:
        press(app, pygame.K_o)  # opting out with no button: refused by the rules, checked once
        assert checks.calls == 1 and session.model.passing is not None
        checks.calls = 0
    decided = 0
    for _ in range(600):
        state = session.state
        if state.is_over() or decided >= 12:
            break
        people = [p for p in match.deciders() if match.here(p)]
        if people and session.model.busted is None and session.model.summary_due is None:
            before = len(state.history())
            calls = checks.calls
            assert session.attempt(0, match.kind.legal_actions(state, 0)[0])
            assert len(session.state.history()) == before + 1
            assert checks.calls == calls + 1, "a person's action is checked once"
            decided += 1
            continue
        before, calls = len(state.history()), checks.calls
        finish_jobs(app)
        step(app)
        if session.state is not state:  # the dice, a bot's move: each checked once
            assert checks.calls - calls == len(session.state.history()) - before
        else:
            assert checks.calls == calls
    assert decided >= 5


def test_buttons_each_applied_action_is_checked_exactly_once(make_app, monkeypatch):
    """Bots only: nothing is refused, so the checks are exactly the actions applied."""
    app = make_app(fast=True)
    app.start_game(Game.new((Seat("Bo", "easy"), Seat("Cy", "random")), seed=8))
    session = app.top.session
    step(app, 2)
    checks = Checks(monkeypatch, GameState)
    start = len(session.state.history())
    for _ in range(600):
        if session.state.is_over() or len(session.state.history()) - start >= 60:
            break
        finish_jobs(app)
        step(app)
    applied = len(session.state.history()) - start
    assert applied >= 30
    assert checks.calls == applied


def test_kopf_a_persons_move_and_the_bots_reply_are_each_checked_once(make_app, monkeypatch):
    app = make_app(fast=True)
    app.start_game(KopfGame.new((Seat("Ann"), Seat("Bo", "easy")), target=8))
    session = app.top.session
    step(app, 2)
    checks = Checks(monkeypatch, KopfState)
    seat = session.state.current_player
    move = session.state.legal_actions()[0]
    assert session.attempt(seat, move)
    assert checks.calls == 1
    for _ in range(300):
        if len(session.state.history()) >= 2:
            break
        finish_jobs(app)
        step(app)
    assert len(session.state.history()) >= 2
    assert checks.calls == len(session.state.history())
