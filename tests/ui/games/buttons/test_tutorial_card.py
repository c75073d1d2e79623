"""The tutorial's card follows the moment, names each seat's stars with a colon, and its
"Play a game" button stands under the card, never on its border."""

from __future__ import annotations

import pygame
import pytest

from buttons_game.i18n import LANGUAGES, install, t
from buttons_game.ui.games.buttons.screen import StarsScreen
from buttons_game.ui.games.buttons.summary import SummaryScreen
from buttons_game.ui.games.buttons.tutorial import tutorial_text

from ....soak import quick_twins
from ...conftest import press, run_until, step

STARS_STEP = 7  # "Place your stars": step 8 of 8, the scoring first


def test_the_stars_step_says_to_go_past_the_scoring_only_until_it_is_past(make_app):
    app = make_app(window=(1280, 720))
    app.show_tutorial("buttons", STARS_STEP)
    step(app, 4)
    assert isinstance(app.top, SummaryScreen)
    model = app.top.session.model
    assert model.tutorial.key == "stars"
    assert tutorial_text(model) == t("tutorial.stars.text")  # go on past the scoring...
    press(app, pygame.K_RETURN, "\r")
    assert isinstance(app.top, StarsScreen)
    text = tutorial_text(model)
    assert text != t("tutorial.stars.text"), "the scoring is past: the text must not say it"
    assert text == t("tutorial.stars.placing", count=3)
    press(app, pygame.K_h, "h")  # Show me puts one star on: two left
    assert tutorial_text(model) == t("tutorial.stars.placing", count=2)
    assert model.tutorial.key == "stars"


@pytest.mark.parametrize("language", LANGUAGES)
def test_stars_due_put_a_colon_after_the_name(language):
    install(language)
    try:
        texts = [t("game.stars_due", name="Player 1", count=n) for n in (1, 3)]
    finally:
        install("en")
    for text in texts:
        assert (
            text.startswith("Player 1:")
            or text.startswith("Player 1 :")
            or text.startswith("Player 1：")
        ), text
    if language == "en":
        assert texts[1] == "Player 1: 3 stars"


@pytest.mark.parametrize(  # the smallest window quick, the others slow
    "window",
    quick_twins([(1024, 600), (1280, 720), (1920, 1080), (2560, 1440)], (1024, 600)),
)
def test_play_a_game_stands_under_the_done_card_not_on_its_border(make_app, window):
    app = make_app(window=window)
    app.show_tutorial("buttons", 8)  # every step done: the closing card
    step(app, 4)
    screen = app.top
    assert screen.practice is not None
    box = screen.drawing.tutorial_box
    assert box is not None
    button = screen.practice.rect
    assert not button.colliderect(box), (button, box)
    assert button.top >= box.bottom + 4, "a gap between the card's border and the button"
    assert screen.table.side.contains(button), "in the side panel, where the card is"


def test_the_tutorial_is_never_offered_by_load_or_continue_until_the_player_plays_on(make_app):
    from buttons_game import saves

    app = make_app(window=(1280, 720))
    app.show_tutorial("buttons", STARS_STEP)
    step(app, 4)
    press(app, pygame.K_RETURN, "\r")  # past the scoring
    for _ in range(3):
        press(app, pygame.K_h, "h")  # Show me: a star each time
    step(app, 10)
    model = app.top.session.model
    assert model.tutorial is not None and model.tutorial.number > model.tutorial.total, "done"
    assert saves.list_saves() == [], "a tutorial is not a game in Load"
    assert not app.keeper.can_continue(), "nor one Continue picks up"
    session = app.top.session

    def seat_decides() -> bool:
        return 0 in session.state.pending_players or session.state.active_player == 0

    run_until(app, seat_decides)  # Bo's easy move, if it is Bo's, on its worker first
    before = len(session.state.history())
    for key, char in ((pygame.K_s, "s"), (pygame.K_r, "r"), (pygame.K_o, "o")):
        press(app, key, char)  # the player plays on: whichever of these is theirs now
        if len(session.state.history()) > before:
            break
    step(app, 10)
    assert [info.path for info in saves.list_saves()], "playing on is a game of their own"
