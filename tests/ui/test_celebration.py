"""Every way a game ends is celebrated on the table before the game-over screen: five stars
in a line (the line lighting up star by star), twelve stars, a shared victory, a Kopf oder
Knopf win and its draw. Each lasts at most 3 s, ends on a key or a click, is instant with
--fast and at the instant speed, and sounds its own sound unless the sound is off; a game
already finished when it is opened goes straight to its game-over screen."""

from __future__ import annotations

import random

import pygame
import pytest

from buttons_game.games.buttons.engine import PlaceStar, random_game
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.engine import new_game as new_kopf
from buttons_game.games.kopf.game import KopfGame
from buttons_game.ui.games.buttons.game_over import GameOverScreen
from buttons_game.ui.games.buttons.summary import SummaryScreen
from buttons_game.ui.games.kopf.game_over import KopfOverScreen
from buttons_game.ui.play.celebration import MAX_SECONDS, lit

from ..soak import quick_twins
from .conftest import cell_centre, click, click_widget, play, press, settle, step
from .test_sound import speaker  # noqa: F401  (the fixture that records what is played)

DT = 0.02
SEATS = (Seat("Anna"), Seat("Ben"))
# Seeds of random two-player games of BUTTONS that end each way (checked in ``ending``).
ENDINGS = {"five_in_line": 7, "twelve_stars": 0, "shared": 24}


def buttons_ending(way: str) -> tuple[Game, PlaceStar]:
    """A game one star before its end (the ``way`` it ends), and that last star."""
    final = random_game(2, random.Random(ENDINGS[way]), seed=ENDINGS[way])
    outcome = final.outcome()
    assert outcome.shared == (way == "shared")
    assert outcome.reason.value == ("twelve_stars" if way == "shared" else way)
    *before, last = final.history()
    assert isinstance(last, PlaceStar)
    return Game.replayed(SEATS, final.setup, before), last


def kopf_ending(way: str):
    """A game of Kopf oder Knopf one action before a win (short, 4 captures) or a draw (99
    quiet turns of two lone pieces, which can never capture), and that action."""
    rng = random.Random(0)
    if way == "kopf_win":
        game = KopfGame.new(SEATS, target=4)
    else:
        game = KopfGame(SEATS, new_kopf(pieces=([(1, 1)], [(10, 10)]), target=14))
    actions = []
    state = game.state
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
    assert (state.outcome().winner is None) == (way == "kopf_draw")
    *before, last = actions
    return KopfGame.replayed(SEATS, game.state.setup, before), last


def app_at_the_end(make_app, way: str, *, fast: bool = False, animation: str = "normal"):
    """The app at the table of a game whose next action ends it, animating at ``animation``;
    returns the app and a function that plays that action as a person does (a click)."""
    app = make_app(fast=fast, window=(1280, 720))
    app.settings.animation = animation
    if way.startswith("kopf"):
        game, last = kopf_ending(way)
        app.start_game(game)
        settle(app)
        return app, lambda: play(app.top.session, last)
    game, last = buttons_ending(way)
    app.start_game(game)
    settle(app)
    if isinstance(app.top, SummaryScreen):  # the round's scoring, then the stars go on
        click_widget(app, app.top.button)
    step(app, 2)
    return app, lambda: click(app, cell_centre(app.top, last.player, last.row, last.col))


WAYS = ("five_in_line", "twelve_stars", "shared", "kopf_win", "kopf_draw")
OVER = (GameOverScreen, KopfOverScreen)


@pytest.mark.parametrize("way", quick_twins(WAYS, "five_in_line", "kopf_win"))
def test_each_ending_is_celebrated_on_the_table_then_the_game_is_over(make_app, way):
    app, finish = app_at_the_end(make_app, way)
    session = app.top.session
    finish()
    state = session.state
    assert state.is_over()
    model = session.model
    celebration = model.celebration
    assert celebration is not None and not isinstance(app.top, OVER)
    if way.startswith("kopf"):
        winner = state.outcome().winner
        assert celebration.sound == way
        assert celebration.winners == (() if winner is None else (winner,))
        if winner is not None:  # the winner's tray lights up piece by piece
            tray = [("tray", winner, k) for k in range(state.captured(winner))]
            assert list(celebration.spots) == [tuple(tray)]
    else:
        outcome = state.outcome()
        assert celebration.winners == outcome.winners
        assert celebration.sound == outcome.reason.value
        lit_up = {(p, r, c) for spots in celebration.spots for p, r, c in spots}
        if way == "five_in_line":  # the line, star by star along it, joined by a beam
            (p,) = outcome.winners
            assert celebration.joined
            assert lit_up == {(p, r, c) for r, c in state.winning_line(p)}
            (line,) = celebration.spots
            rows, cols = {r for _, r, _ in line}, [c for _, _, c in line]
            assert len(rows) == 1 and cols == sorted(cols) or len(set(cols)) == 1
        else:  # twelve stars: every star of each winner (both, in a shared victory)
            assert lit_up == {(p, r, c) for p in outcome.winners for r, c in state.stars(p)}
            assert len(outcome.winners) == (2 if way == "shared" else 1)
    # mid-celebration the table shows it: the frame differs from the same table without it
    frames = 0
    while (model.celebrating() or 0.0) < 0.5:  # (a Kopf capture's flight to the tray first)
        assert app.step(DT), "the table is drawn anew every frame while it celebrates"
        frames += 1
        assert frames * DT < 3.0
    screen, size = app.top, app.surface.get_size()
    shown, plain = pygame.Surface(size), pygame.Surface(size)
    screen.draw(shown)
    kept, model.celebration = model.celebration, None
    screen.draw(plain)
    model.celebration = kept
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(plain, "RGB")
    while not isinstance(app.top, OVER):
        assert model.celebrating() is not None or model.flights
        step(app)
        frames += 1
        assert frames * DT <= MAX_SECONDS + 1.1, "the celebration goes on too long"
    celebrated = frames * DT
    strike = 1.0 + 0.7 if way == "kopf_win" else 0.0  # a capture's flight comes first
    assert 2.0 <= celebrated <= MAX_SECONDS + strike + 3 * DT
    # The same finished game opened again: straight to its game-over screen, nothing to see.
    again = make_app(fast=False)
    again.settings.animation = "normal"
    again.start_game(app.top.game)
    step(again, 2)
    assert isinstance(again.top, OVER)


def test_the_lights_come_one_by_one_within_the_time():
    n = 5
    assert lit(0.0, 0, n) is None
    starts = [next(i for i in range(1001) if lit(i / 1000, k, n) is not None) for k in range(n)]
    assert starts == sorted(starts) and len(set(starts)) == n, "star after star"
    assert all(lit(0.8, k, n) == 1.0 for k in range(n)), "all lit well before the end"


@pytest.mark.parametrize(
    "way, how",
    quick_twins(
        [
            ("five_in_line", "key"),
            ("five_in_line", "click"),
            ("kopf_win", "key"),
            ("kopf_win", "click"),
        ],
        ("five_in_line", "click"),
        ("kopf_win", "key"),
        names=2,
    ),
)
def test_a_key_or_a_click_ends_the_celebration(make_app, way, how):
    app, finish = app_at_the_end(make_app, way)
    finish()
    step(app, 5)
    assert app.top.session.model.celebration is not None
    if how == "key":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode=""))
        step(app, 2)
    else:
        click(app, (app.surface.get_width() // 3, app.surface.get_height() // 2))
    assert isinstance(app.top, OVER), "the game-over screen at once"


@pytest.mark.parametrize(
    "fast, way",
    quick_twins(
        [
            (True, "twelve_stars"),
            (False, "twelve_stars"),
            (True, "kopf_draw"),
            (False, "kopf_draw"),
        ],
        (True, "twelve_stars"),
        (False, "kopf_draw"),
        names=2,
    ),
)
def test_fast_and_instant_go_straight_to_game_over(make_app, way, fast):
    """--fast (and so every headless run with it) and the instant speed: no celebration."""
    app, finish = app_at_the_end(make_app, way, fast=fast, animation="instant")
    session = app.top.session
    finish()
    assert session.model.celebration is None
    step(app)
    assert isinstance(app.top, OVER)


@pytest.mark.parametrize(
    "way",
    quick_twins(
        ["five_in_line", "twelve_stars", "kopf_win", "kopf_draw"], "twelve_stars", "kopf_win"
    ),
)
def test_each_celebration_sounds_its_own_sound(make_app, speaker, way):  # noqa: F811
    app, finish = app_at_the_end(make_app, way)
    speaker.take()
    finish()
    assert speaker.take()[-1:] == [way]


def test_no_celebration_sound_with_the_sound_off(make_app, speaker):  # noqa: F811
    app, finish = app_at_the_end(make_app, "five_in_line")
    press(app, pygame.K_m)  # M: the sound off
    assert app.settings.mute
    speaker.take()
    finish()
    assert app.top.session.model.celebration is not None, "it is celebrated, silently"
    step(app, 10)
    assert speaker.take() == []
