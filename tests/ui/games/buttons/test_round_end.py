"""The end of a round at the table: the summary shows the round being scored, and the next
round's cleared table appears only once the summary closes."""

from __future__ import annotations

import random

import pygame

from buttons_game.games.buttons.engine import ROLL, Phase, Status, sample_dice
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.i18n import t
from buttons_game.ui.games.buttons.screen import TableScreen
from buttons_game.ui.games.buttons.summary import SummaryScreen
from buttons_game.ui.games.buttons.view import prompt

from ...conftest import finish_jobs, press, run_until, step


def last_seat_about_to_bust(last: int, bot: bool = False) -> tuple[Game, object]:
    """A two-seat game whose round ends with nobody earning a star: the other seat has
    busted and seat ``last`` is to roll (the dice returned) a roll that busts it too."""
    seats = (Seat("Anna"), Seat("Ben", "easy" if bot else None))
    for seed in range(200):
        rng = random.Random(seed)
        state = Game.new(seats, seed=seed).state
        while not state.is_over() and state.round_number < 4:
            if state.is_chance_node():
                state = state.apply(sample_dice(state, rng))
                continue
            a = state.active_player
            if state.phase is Phase.TURN and a == last and state.status(1 - a) is Status.BUSTED:
                rolled = state.apply(ROLL)
                for dice, _ in rolled.chance_outcomes():
                    if rolled.apply(dice).round_number > state.round_number:  # a bust
                        return Game(seats, state), dice
            legal = state.legal_actions()
            state = state.apply(ROLL if state.phase is Phase.TURN else rng.choice(legal))
    raise AssertionError("no such game found")


def test_a_round_nobody_scores_in_stays_on_the_table_until_its_summary_closes(make_app):
    app = make_app(window=(1280, 720), fast=False)
    game, busting = last_seat_about_to_bust(0)
    scored_round = game.state.round_number
    app.start_game(game)
    step(app, 2)
    table = app.top
    session = table.session
    last = game.state.active_player
    session.apply(ROLL)
    session.apply(busting)
    assert session.state.round_number == scored_round + 1, "the engine went on at once"
    # the bust's beat at the table: still the scored round, and R does not roll the next one
    model = session.model
    assert model.busted == last
    shown = model.state
    assert shown.round_number == scored_round
    assert all(shown.status(p) is Status.BUSTED for p in range(2))
    assert shown.button_mask(last) == 0 and len(shown.depot_dice(last)) >= 1
    press(app, pygame.K_r, "r")
    assert session.state.round_number == scored_round + 1
    assert not session.state.is_chance_node(), "no roll of the next round under the summary"
    for _ in range(200):
        if isinstance(app.top, SummaryScreen):
            break
        assert isinstance(app.top, TableScreen)
        assert app.top.model.state.round_number == scored_round
        step(app)
    summary = app.top
    assert isinstance(summary, SummaryScreen)
    assert summary.score.round_number == scored_round
    for _ in range(5):
        step(app)
        shown = summary.session.model.state
        assert shown.round_number == scored_round, "the summary sits over its own round"
        assert model.round_start is None, "no banner of the next round yet"
        assert prompt(model)[0] == t("log.round_over", round=scored_round)
    press(app, pygame.K_RETURN, "\r")
    assert isinstance(app.top, TableScreen)
    assert model.state is session.state and model.state.round_number == scored_round + 1
    assert model.round_start == session.state.active_player, "now the next round begins"


class Roller:
    def choose(self, state, player=None):
        return ROLL


def test_a_round_ended_by_a_bot_s_bust_shows_the_scored_round_too(make_app):
    app = make_app(window=(1280, 720), fast=False)
    game, busting = last_seat_about_to_bust(1, bot=True)
    scored_round = game.state.round_number
    app.start_game(game)
    session = app.top.session
    session.bots[1] = Roller()  # this bot rolls on, whatever its board
    run_until(app, lambda: session.state.is_chance_node())  # the bot rolled: dice in the air
    session.apply(busting)
    assert session.model.busted == 1 and session.model.state.round_number == scored_round
    for _ in range(200):
        if isinstance(app.top, SummaryScreen):
            break
        assert app.top.model.state.round_number == scored_round
        finish_jobs(app)
        step(app)
    assert isinstance(app.top, SummaryScreen)
    assert app.top.session.model.state.round_number == scored_round
    assert session.state.history()[-1] == busting, "the bot waits for the summary"
