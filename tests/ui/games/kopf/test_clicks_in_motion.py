"""Kopf oder Knopf: a click that ends an animation still does what it says. The bot's move
arrives, its piece glides, the pieces it lost fly to the tray and its trail fades; a person
picks up a piece and clicks a ringed square at every moment of that, with real events,
and each click acts at once."""

from __future__ import annotations

import pygame
import pytest

from buttons_game.games.buttons.game import Seat
from buttons_game.games.kopf.engine import Move
from buttons_game.games.kopf.game import KopfGame

from ....soak import volumes
from ...conftest import play, settle
from .test_screen import square_centre

DT = 0.04  # one frame


def post_click(pos: tuple[int, int]) -> None:
    """A real click as the window gets it, handled in the next frame (not settled)."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def until_the_bot_has_moved(app, session, screen) -> bool:
    """Frames until the bot's move has just arrived (the frame it is applied in); False
    if the game ended first."""
    model = session.model
    for _ in range(3000):
        state = session.state
        if state.is_over():
            return False
        seat = model.human_to_play()
        if seat is not None and state.punishing:  # the bot built a group: punish it first
            remove = state.legal_actions()[0]
            post_click(square_centre(screen, remove.row, remove.col))
        elif seat is not None and model.motions.running("glide"):
            return True  # the bot's piece sets off
        elif seat is not None:  # our move: any, to hand the turn over
            move = next(a for a in state.legal_actions() if isinstance(a, Move))
            play(session, move)
        if session.match.job is not None:
            session.match.job.future.result()
        app.step(0.1 if model.human_to_play() is None else DT)  # the bot's beat goes by
    raise AssertionError("the bot never moved")


@pytest.mark.parametrize("trials", volumes(12, 24))  # one game of the random bot, or two
def test_a_click_that_ends_the_bots_glide_or_strike_still_picks_up_and_moves(make_app, trials):
    app = make_app(fast=False, window=(960, 600))
    ended = {"glide": 0, "strike": 0, "trail": 0}
    for trial in range(trials):
        if trial % 12 == 0:  # a new game now and then: a random bot's games are short
            app.start_game(KopfGame.new((Seat("Ann"), Seat("Bo", "random"))))
            settle(app)
            screen = app.top
            session = screen.session
            model = session.model
        if not until_the_bot_has_moved(app, session, screen):
            continue
        for _ in range((trial * 5) % 40):  # from the glide's first frame to after the trail
            app.step(DT)
        state = session.state
        moves = [a for a in state.legal_actions() if isinstance(a, Move)]
        move = moves[trial * 7 % len(moves)]
        piece, square = (move.from_row, move.from_col), (move.to_row, move.to_col)
        ended["glide"] += model.motions.running("glide")
        ended["strike"] += bool(model.flights)
        ended["trail"] += model.trail() is not None
        post_click(square_centre(screen, *piece))
        app.step(DT)
        assert model.selected == piece, (trial, "the click that ended the motion picked it up")
        assert square in model.targets()
        for _ in range(trial % 4 * 4):
            app.step(DT)
        post_click(square_centre(screen, *square))
        app.step(DT)
        assert session.state.history()[len(state.history())] == move, (trial, move)
        assert model.selected is None
    assert all(ended.values()), ended  # each kind of motion was ended by a click
