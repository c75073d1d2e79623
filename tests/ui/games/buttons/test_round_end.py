"""The end of a round at the table: the summary shows the round being scored, and the next
round's cleared table appears only once the summary closes."""

from __future__ import annotations

import random

import pygame
import pytest

from buttons_game.core.control import bot_control
from buttons_game.games.buttons.engine import (
    OPT_OUT,
    ROLL,
    Dice,
    Phase,
    Place,
    PlaceStar,
    Status,
    new_game,
    sample_dice,
)
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.buttons.narration import narrate_history
from buttons_game.i18n import t
from buttons_game.ui.games.buttons.screen import StarsScreen, TableScreen
from buttons_game.ui.games.buttons.summary import SummaryScreen
from buttons_game.ui.games.buttons.view import prompt

from ...conftest import (
    cell_centre,
    click,
    finish_jobs,
    play,
    press,
    run_until,
    settle,
    step,
)


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
    play(session, ROLL)
    play(session, busting)
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


def log_keys(model) -> list[str]:
    return [note.key for note in model.log]


def test_the_log_says_who_starts_the_next_round_only_once_the_summary_closes(make_app):
    """Frame by frame: while the table shows the round nobody scored in (the bust's beat,
    then its summary), the log ends with that round's scoring; the line of the next round
    (the cards passing on, who starts) comes when the summary closes."""
    app = make_app(window=(1280, 720), fast=False)
    game, busting = last_seat_about_to_bust(0)
    scored_round = game.state.round_number
    app.start_game(game)
    step(app, 2)
    session = app.top.session
    model = session.model
    play(session, ROLL)
    play(session, busting)
    assert session.state.round_number == scored_round + 1
    frames = 0
    while not isinstance(app.top, SummaryScreen):
        assert frames < 200, "the summary never came"
        assert log_keys(model)[-2:] == ["bust", "round_over"], log_keys(model)[-3:]
        step(app)
        frames += 1
    for _ in range(5):
        assert log_keys(model)[-1] == "round_over", "the log runs ahead of the table"
        assert not [n for n in model.log if dict(n.values).get("round") == scored_round + 1]
        step(app)
    press(app, pygame.K_RETURN, "\r")
    assert isinstance(app.top, TableScreen)
    new_round = model.log[-1]
    assert new_round.key == "new_round" and dict(new_round.values)["round"] == scored_round + 1
    assert log_keys(model)[-2:] == ["round_over", "new_round"], "once, in its place"
    assert dict(new_round.seats)["name"] == session.state.active_player
    assert model.log == narrate_history(session.state.setup, session.state.history())
    assert not model.held


class Roller:
    def choose(self, state, player=None):
        return ROLL


def test_a_round_ended_by_a_bot_s_bust_shows_the_scored_round_too(make_app):
    app = make_app(window=(1280, 720), fast=False)
    game, busting = last_seat_about_to_bust(1, bot=True)
    scored_round = game.state.round_number
    app.start_game(game)
    session = app.top.session
    session.match.set_control(1, bot_control(Roller()))  # this bot rolls on, whatever its board
    run_until(app, lambda: session.state.is_chance_node())  # the bot rolled: dice in the air
    play(session, busting)
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


CARDS = (("red", "yellow"), ("green", "blue"))


def anna_about_to_score(make_app):
    """Anna (board 1A, the red card) alone in the round with three reds and three blues:
    her opt-out scores the round, and the stars pop (animations at normal speed)."""
    app = make_app(window=(1280, 720), fast=False)
    seats = (Seat("Anna"), Seat("Ben"))
    app.start_game(Game(seats, new_game(2, layouts=("1A", "2B"), cards=CARDS, seed=5)))
    settle(app)
    session = app.top.session
    for action in (ROLL, Dice(1, 1, (1, 1, 1, 1)), Place(0, 1, 1), Place(1, 1, 1), OPT_OUT):
        play(session, action)
    for white, gold in ((3, 4), (6, 6), (1, 4), (4, 1), (6, 3)):  # three reds, three blues
        play(session, ROLL)
        play(session, Dice(white, gold, (gold, gold)))
        play(session, Place(0, white, gold))
    settle(app)
    return app, session


def popping(app, session) -> None:
    """A few frames into the stars' pop: the summary is not shown yet."""
    step(app, 3)
    assert session.model.motions.running("pop") and session.state.phase is Phase.STARS
    assert isinstance(app.top, TableScreen) and not isinstance(app.top, SummaryScreen)
    assert not session.model.marks().star_targets, "no star is offered before the summary"


def summary_before_any_star(app, session, history) -> None:
    """The click only ended the pop and brought the summary: nothing placed, nothing asked."""
    assert isinstance(app.top, SummaryScreen), "the click brings the summary at once"
    assert not session.model.motions.running("pop")
    assert session.state.history() == history, "nothing placed under the summary"
    assert session.state.star_mask(0) == 0
    assert session.model.hint is None and not session.model.hint_waiting


@pytest.mark.parametrize("where", ["own_button", "hint"])
def test_a_click_while_the_stars_pop_brings_the_summary_before_any_star(make_app, where):
    app, session = anna_about_to_score(make_app)
    click(app, app.top.opt_out.rect.center)
    popping(app, session)
    history = session.state.history()
    if where == "own_button":
        click(app, cell_centre(app.top, 0, 3, 4))
    else:
        assert not app.top.hint.is_enabled, "nothing to hint while the scoring comes"
        press(app, pygame.K_h, "h")  # H says so, and brings the summary
    summary_before_any_star(app, session, history)
    press(app, pygame.K_RETURN, "\r")
    stars = app.top
    assert isinstance(stars, StarsScreen)
    assert (3, 4) in session.model.marks().star_targets[0], "now the stars are offered"
    click(app, cell_centre(stars, 0, 3, 4))  # now the star goes on the button
    assert session.state.history()[-1] == PlaceStar(0, 3, 4)


@pytest.mark.parametrize("how", ["show_me_button", "h_key"])
def test_show_me_while_the_tutorial_s_stars_pop_brings_the_summary_first(make_app, how):
    app = make_app(window=(1280, 720), fast=False)
    app.show_tutorial("buttons", 6)  # "opt out": three reds, Bo has busted
    settle(app)
    session = app.top.session
    press(app, pygame.K_o, "o")
    popping(app, session)
    history = session.state.history()
    if how == "show_me_button":
        assert not app.top.hint.is_enabled, "nothing to show while the scoring comes"
        press(app, pygame.K_h, "h")  # the greyed "Show me"'s key says so, brings the summary
    else:
        press(app, pygame.K_h, "h")
    summary_before_any_star(app, session, history)
    press(app, pygame.K_RETURN, "\r")
    assert isinstance(app.top, StarsScreen) and session.model.tutorial.key == "stars"
    press(app, pygame.K_h, "h")  # now Show me places the first star
    assert isinstance(session.state.history()[-1], PlaceStar)


def test_while_the_stars_pop_the_status_says_the_round_is_over_not_to_place_stars(make_app):
    app, session = anna_about_to_score(make_app)
    click(app, app.top.opt_out.rect.center)
    popping(app, session)
    text, _ = prompt(session.model)
    assert text == t("log.round_over", round=session.state.round_number)
    assert t("game.place_stars") not in text
    press(app, pygame.K_RETURN, "\r")  # the pop ends and the summary shows
    finish_summary = app.top
    press(app, pygame.K_RETURN, "\r")
    assert finish_summary is not app.top
    assert prompt(session.model)[0].startswith(t("game.place_stars"))
