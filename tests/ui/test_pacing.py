"""Pacing at normal speed: a bot's decision stays in view at least 0.8 s before the next
bot's, a bust at least 1.5 s; any key hurries both; the animation speed scales them."""

from __future__ import annotations

import pygame
import pytest

from buttons_game.games.buttons.engine import OPT_OUT, ROLL, Dice, Place, Status, new_game
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.game import KopfGame

from ..soak import volumes
from .conftest import finish_jobs, play

DT = 0.02
CARDS = (("red", "yellow"), ("green", "blue"))


def frame(app) -> None:
    """One frame of DT seconds, the bots' thinking done before it (so only the table's own
    pace counts, never the machine's)."""
    finish_jobs(app)
    app.step(DT)


def key(app, k: int = pygame.K_TAB) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    app.step(0.0)


def gaps_between_bot_decisions(app, decisions: int, chance=lambda action: False) -> list[float]:
    """Seconds from each bot decision to the next one a bot makes right after it (a chance
    outcome, the dice landing, in between breaks the pair)."""
    session = app.top.session
    seen = len(session.state.history())
    last_decision: float | None = None
    gaps: list[float] = []
    clock = 0.0
    while len(gaps) < decisions and clock < 120:
        frame(app)
        clock += DT
        history = session.state.history()
        for action in history[seen:]:
            if chance(action):
                last_decision = None
                continue
            if last_decision is not None:
                gaps.append(clock - last_decision)
            last_decision = clock
        seen = len(history)
    return gaps


@pytest.mark.parametrize("moves", volumes(3, 6))
@pytest.mark.parametrize(
    "speed, least", [("normal", 0.8), pytest.param("fast", 0.4, marks=pytest.mark.slow)]
)
def test_kopf_a_bots_move_stays_in_view_before_the_next_bots(make_app, speed, least, moves):
    app = make_app(fast=False)
    app.settings.animation = speed
    app.start_game(KopfGame.new((Seat("Bo", "random"), Seat("Cy", "random"))))
    gaps = gaps_between_bot_decisions(app, moves)
    assert len(gaps) == moves and min(gaps) >= least - DT / 2, gaps


@pytest.mark.parametrize("decisions", volumes(4, 8))
def test_buttons_each_bots_decision_stays_in_view_before_the_next_bots(make_app, decisions):
    """Three bots: after the dice land each decides in turn (the roller, then the gold space),
    every decision in view at least 0.8 s before the next."""
    app = make_app(fast=False)
    app.settings.animation = "normal"
    seats = (Seat("Bo", "random"), Seat("Cy", "random"), Seat("Di", "random"))
    app.start_game(Game.new(seats, seed=4))
    gaps = gaps_between_bot_decisions(app, decisions, lambda action: isinstance(action, Dice))
    assert len(gaps) == decisions and min(gaps) >= 0.8 - DT / 2, gaps


def test_a_key_shows_a_bots_next_decision_at_once(make_app):
    app = make_app(fast=False)
    app.settings.animation = "normal"
    app.start_game(KopfGame.new((Seat("Bo", "random"), Seat("Cy", "random"))))
    session = app.top.session
    for _ in range(200):
        frame(app)
        if session.state.history():
            break
    count = len(session.state.history())
    assert count == 1, "Bo moved"
    finish_jobs(app)
    frame(app)
    key(app)  # any key: the table waits for nothing
    for _ in range(3):
        frame(app)
    assert len(session.state.history()) > count, "Cy's move came at once"


def anna_busts(make_app):
    """Anna and Ben each place on (1, 1), Ben opts out, Anna rolls row 1 with nowhere to go."""
    app = make_app(fast=False)
    app.settings.animation = "normal"
    seats = (Seat("Anna"), Seat("Ben"))
    app.start_game(Game(seats, new_game(2, layouts=("1A", "2B"), cards=CARDS, seed=5)))
    session = app.top.session
    for action in (ROLL, Dice(1, 1, (1, 1, 1, 1)), Place(0, 1, 1), Place(1, 1, 1), OPT_OUT):
        play(session, action)
    play(session, ROLL)
    play(session, Dice(1, 1, (2, 2)))  # row 1: (1, 1) taken, (1, 2) beside it
    assert session.state.status(0) is Status.BUSTED or session.model.busted == 0
    return app, session


def test_a_bust_stays_in_view_at_least_1_5_s_and_a_key_ends_it(make_app):
    app, session = anna_busts(make_app)
    shown = 0.0
    while session.model.busted is not None and shown < 5:
        frame(app)
        shown += DT
    assert 1.5 <= shown <= 1.7, shown
    app, session = anna_busts(make_app)
    for _ in range(10):
        frame(app)
    assert session.model.busted == 0
    key(app)
    assert session.model.busted is None, "a key ends the bust's moment"
