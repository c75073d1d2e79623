"""Bots in the window: a worker thread, a thinking note, and hints for people."""

from __future__ import annotations

import threading
from concurrent.futures import wait

import pygame
import pytest

from buttons_game.core.control import bot_control
from buttons_game.games.buttons.engine import Phase, Place, PlaceStar
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.i18n import LANGUAGES, set_language, t
from buttons_game.ui.games.buttons.screen import StarsScreen
from buttons_game.ui.games.buttons.summary import SummaryScreen
from buttons_game.ui.games.buttons.view import hint_lines, prompt

from ..i18n_files import strings
from .conftest import HANG, cell_centre, click, finish_jobs, press, run_until, step


class SlowBot:
    """Holds its decision until the test releases it."""

    level = "medium"

    def __init__(self, inner) -> None:
        self.inner = inner
        self.release = threading.Event()
        self.asked = threading.Event()

    def choose(self, state, player=None):
        self.asked.set()
        assert self.release.wait(HANG)
        return self.inner.choose(state, player)


class HeldAdviser:
    """The hint's adviser, holding every answer until the test lets it go."""

    def __init__(self, advise) -> None:
        self.advise = advise
        self.go = threading.Event()

    def __call__(self, state, seat):
        assert self.go.wait(HANG)
        return self.advise(state, seat)


def test_a_slow_bot_never_freezes_the_window_and_shows_it_is_thinking(make_app):
    app = make_app(fast=False)
    game = Game.new(
        (Seat("Bot", "medium"), Seat("Ann")), seed=4, cards=(("red", "yellow"), ("green", "blue"))
    )
    app.start_game(game)
    session = app.top.session
    slow = SlowBot(session.match.control(0).thinker)
    session.match.set_control(0, bot_control(slow))
    step(app, 2, dt=0.1)
    assert slow.asked.wait(HANG)
    frames = app.frames
    step(app, 5, dt=0.1)  # the loop runs on while the bot thinks
    assert app.frames > frames
    assert prompt(session.model)[0] == t("game.thinking", name="Bot")
    slow.release.set()
    run_until(app, lambda: len(session.state.history()) > 0)


def test_hint_shows_the_bust_chance_and_a_legal_advice(make_app):
    app = make_app()
    app.start_game(Game.new((Seat("Ann"), Seat("Ben")), seed=6))
    step(app, 2)
    screen = app.top
    model = screen.session.model
    assert screen.hint.is_enabled
    press(app, pygame.K_h)
    run_until(app, lambda: model.hint is not None)
    lines = hint_lines(model)
    # with no button yet, rolling is the only choice; two people sit here: it says whose
    assert lines[0] == "Hint for Ben: roll." and t("hint.roll") == "Hint: roll."
    assert t("hint.bust", percent="0.0") in lines
    # after a roll the advice is a legal space, marked on the board, and clicking it places
    press(app, pygame.K_r)
    state = model.state
    assert state.phase is Phase.PLACING and model.hint is None, "a new state clears the hint"
    press(app, pygame.K_h)
    run_until(app, lambda: model.hint is not None)
    advice = model.hint.action
    assert isinstance(advice, Place) and advice in state.legal_actions(advice.player)
    assert model.marks().advice == (advice.player, advice.row, advice.col)
    click(app, cell_centre(screen, advice.player, advice.row, advice.col))
    assert (advice.row, advice.col) in model.state.buttons(advice.player)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_hint_begins_with_the_word_a_hot_seat_hint_replaces(language):
    """Hot-seat hints say whose they are ("Hint for Ann: …"): each hint's text in each
    language begins with its "Hint:" word, which ``hint_for`` puts the name into."""
    table = strings(language)
    label = table["hint.label"]
    keys = [k for k in table if k.startswith("kopf_hint.")]
    keys += [f"hint.{k}" for k in ("roll", "opt_out", "place", "skip", "star", "star_line")]
    for key in keys:
        text = table[key]
        assert text.startswith(label), (language, key, text)
        assert text[len(label) :].lstrip(" \u00a0")[0] in ":：", (language, key, text)


def test_a_hint_says_whose_it_is_only_when_several_people_play(make_app):
    for seats, expected in (
        ((Seat("Ann"), Seat("Ben")), "Hint for Ben: roll."),  # Ben starts
        ((Seat("Bo", "easy"), Seat("Ben")), "Hint: roll."),
    ):
        app = make_app()
        app.start_game(Game.new(seats, seed=6))
        step(app, 2)
        model = app.top.session.model
        press(app, pygame.K_h)
        run_until(app, lambda model=model: model.hint is not None)
        assert hint_lines(model)[0] == expected
    set_language("ja")
    assert hint_lines(model)[0] == t("hint.roll") == "ヒント：ダイスを振りましょう。"
    app.start_game(Game.new((Seat("Ann"), Seat("Ben")), seed=6))
    step(app, 2)
    model = app.top.session.model
    press(app, pygame.K_h)
    run_until(app, lambda: model.hint is not None)
    assert hint_lines(model)[0] == "Benへのヒント：ダイスを振りましょう。"


def test_hint_for_star_placement(make_app):
    from buttons_game.ui.scenes import mid_game

    app = make_app()
    app.start_game(mid_game(2, humans=2, phase=Phase.STARS))
    step(app, 2)
    assert isinstance(app.top, SummaryScreen), "a game resumed at its scoring shows it again"
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, StarsScreen)
    model = app.top.session.model
    press(app, pygame.K_h)
    run_until(app, lambda: model.hint is not None)
    assert isinstance(model.hint.action, PlaceStar)
    assert model.hint.action in model.state.legal_actions(model.hint.action.player)


def test_a_hint_asked_while_one_for_an_older_state_is_still_thinking_is_not_lost():
    from buttons_game.ui.play.thinking import HintDesk

    release = threading.Event()

    def advise(state, seat):
        if state == "old":
            assert release.wait(HANG)
        return f"advice for {state}"

    desk = HintDesk(advise)
    desk.ask("old", 0)
    desk.ask("new", 0)  # the game moved on while the old question is open
    release.set()
    assert desk.job is not None
    wait([desk.job[-1]], timeout=HANG)
    assert desk.collect("new") == (True, "advice for new")
    desk.close()


def bo_rolls_and_ann_may_take_the_gold_space(make_app):
    """Seed 3: Bo rolls and places; Ann decides on the gold space meanwhile. Bo's placement
    waits (``bo.release``) and so does every hint (``adviser.go``)."""
    app = make_app()
    app.start_game(Game.new((Seat("Bo", "medium"), Seat("Ann")), seed=3))
    session = app.top.session
    bo = SlowBot(session.match.control(0).thinker)
    bo.release.set()  # Bo rolls at once ...
    session.match.set_control(0, bot_control(bo))
    run_until(app, lambda: session.state.is_chance_node())
    bo.release.clear()  # ... and holds the placement the landing dice ask for
    adviser = HeldAdviser(session.hints.advise)
    session.hints.advise = adviser
    step(app)
    state = session.state
    assert state.phase is Phase.PLACING and state.pending_players == (0, 1)
    assert session.model.hint_seat() == 1
    return app, session, bo, adviser


@pytest.mark.parametrize("order", ["bo_first", "same_frame"])
def test_a_hint_outlives_a_bots_move_that_lands_before_it(make_app, order):
    """Ann asks for a hint while Bo still thinks. Bo's placement lands before the hint (on a
    busy machine the hint loses that race): Ann still decides, so the hint must still come.
    ``bo_first``: Bo's move lands while the adviser still thinks; ``same_frame``: both are
    ready before the same frame."""
    app, session, bo, adviser = bo_rolls_and_ann_may_take_the_gold_space(make_app)
    model = session.model
    press(app, pygame.K_h)
    asked = session.state
    assert model.hint_waiting and hint_lines(model) == [t("hint.thinking")]
    bo.release.set()
    if order == "bo_first":
        wait([session.match.job.future], timeout=HANG)
        for _ in range(50):  # the adviser still thinks: frames run on without waiting for it
            if session.state is not asked:
                break
            step(app)
        adviser.go.set()
    else:
        adviser.go.set()
        finish_jobs(app)  # Bo's placement and the hint are both ready ...
        step(app)  # ... and come in the same frame
    assert session.state is not asked and 1 in session.state.pending_players
    run_until(app, lambda: not model.hint_waiting, frames=50)
    advice = model.hint
    assert advice is not None, "the hint never came"
    assert advice.player == 1 and advice.action in session.state.legal_actions(1)
    assert hint_lines(model)[0] != t("hint.thinking")


def test_a_hint_comes_at_whichever_frame_its_thinking_ends(make_app):
    """The adviser is held for 200 frames (a very busy machine): the hint still comes,
    and the frames meanwhile say it is being worked out."""
    app = make_app()
    app.start_game(Game.new((Seat("Ann"), Seat("Ben")), seed=6))
    step(app, 2)
    session = app.top.session
    model = session.model
    adviser = HeldAdviser(session.hints.advise)
    session.hints.advise = adviser
    press(app, pygame.K_h)
    for _ in range(200):
        step(app)
        assert model.hint_waiting and model.hint is None
        assert hint_lines(model) == [t("hint.thinking")]
    adviser.go.set()
    run_until(app, lambda: model.hint is not None, frames=50)
    assert hint_lines(model)[0] == t("hint.for", name="Ben", advice="roll.")  # two people


def test_a_hint_for_a_person_who_no_longer_decides_is_dropped_at_once():
    """When someone else decides by the time the game has moved on, the open question goes
    at once (no "working out a hint…" for a question nobody has now); the same person's is
    asked again about the game as it is."""
    from types import SimpleNamespace

    from buttons_game.ui.play.thinking import HintDesk

    adviser = HeldAdviser(lambda state, seat: f"{state} for {seat}")
    desk = HintDesk(adviser)
    table = SimpleNamespace(hint=None, hint_waiting=True)
    desk.ask("before", 0)
    assert desk.poll(table, "after", 0) and table.hint_waiting
    assert desk.job is not None and desk.job[:2] == ("after", 0), "asked again"
    assert desk.poll(table, "later", 1) and not table.hint_waiting and table.hint is None
    assert desk.job is None, "dropped at once, though the adviser still thinks"
    adviser.go.set()
    desk.close()
