"""What the table kit (ui/play) gives both games alike: hints on the board, bot seats
marked by their names, and the same tutorial keys shown on the tutorials' buttons."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from buttons_game import i18n
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.engine import Move, Remove
from buttons_game.games.kopf.game import KopfGame
from buttons_game.i18n import LANGUAGES
from buttons_game.ui.play import intents as do
from buttons_game.ui.play.marks import bot_tag

from .conftest import run_until, settle, step


@pytest.mark.slow  # a long scenario (about a second); the quick tier stays under 30 s
def test_both_tables_ring_the_hints_advice_on_the_board(make_app):
    app = make_app()
    app.start_game(KopfGame.new((Seat("Ann"), Seat("Blue", "easy"))))
    settle(app)
    model = app.top.session.model
    app.top.session.request_hint()
    run_until(app, lambda: not model.hint_waiting, frames=3000)
    action = model.hint.action
    if isinstance(action, Move):
        squares = ((action.from_row, action.from_col), (action.to_row, action.to_col))
    else:
        assert isinstance(action, Remove)
        squares = ((action.row, action.col),)
    assert model.advice() == squares, "the piece and its square are ringed"
    app.start_game(Game.new((Seat("Ann"), Seat("Bo", "easy")), seed=2))
    settle(app)
    session = app.top.session
    run_until(app, lambda: session.model.hint_seat() == 0, frames=3000)
    session.request_hint()
    run_until(app, lambda: not session.model.hint_waiting, frames=3000)
    advice = session.model.hint.action
    if hasattr(advice, "row"):
        assert session.model.marks().advice == (advice.player, advice.row, advice.col)


def test_bot_seats_are_marked_by_their_names_on_both_tables(make_app):
    app = make_app()
    app.start_game(Game.new((Seat("Ann"), Seat("Bo", "easy"), Seat("Cy", "hard")), seed=2))
    settle(app)
    assert app.top.session.model.marks().bots == {1: "easy", 2: "hard"}
    app.start_game(KopfGame.new((Seat("Ann"), Seat("Blue", "medium"))))
    settle(app)
    model = app.top.session.model
    assert (model.bot_level(0), model.bot_level(1)) == (None, "medium")
    assert bot_tag(None, 14) is None and bot_tag("medium", 14).get_width() > 0


def test_both_tutorials_use_h_u_and_n_and_show_them_on_their_buttons(make_app):
    app = make_app()
    app.show_tutorial("buttons")
    step(app, 3)
    buttons = app.top
    assert isinstance(buttons.intent_of[buttons.hint], do.ShowMe)
    assert isinstance(buttons.intent_of[buttons.undo], do.Restart)
    app.show_tutorial("kopf")
    step(app, 3)
    kopf = app.top
    assert isinstance(kopf.intent_of[kopf.show_me], do.ShowMe)
    assert isinstance(kopf.intent_of[kopf.restart], do.Restart)
    for key, intent in ((pygame.K_h, do.ShowMe), (pygame.K_u, do.Restart)):
        event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")
        assert isinstance(buttons.intent(event), intent)
        assert isinstance(kopf.intent(event), intent)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_tutorial_button_shows_its_key(lang):
    texts = json.loads(Path(i18n.__file__).with_name(f"buttons.{lang}.json").read_text("utf-8"))
    texts = texts[lang]
    for section, key, letter in (
        ("tutorial", "show_me", "H"),
        ("tutorial", "restart", "U"),
        ("learn", "show_me", "H"),
        ("learn", "restart", "U"),
        ("learn", "next", "N"),
        ("learn", "done", "N"),
    ):
        label = texts[section][key]
        assert f"({letter})" in label, f"{lang}: {section}.{key} = {label!r}"
