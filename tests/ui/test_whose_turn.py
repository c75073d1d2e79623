"""A click on the board when a person at another computer is to play says so (it said "a
bot plays for …" of a person far away)."""

from __future__ import annotations

from buttons_game.core.control import PERSON_ELSEWHERE
from buttons_game.games.buttons.game import Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.ui.games.kopf.screen import KopfScreen

from .conftest import click
from .games.kopf.test_screen import square_centre


def test_a_click_on_the_turn_of_a_person_elsewhere_says_they_play_on_another_computer(
    make_app,
):
    app = make_app(window=(1280, 720))
    app.start_game(KopfGame.new((Seat("Ann", None), Seat("Bo", None))))
    table = app.top
    assert isinstance(table, KopfScreen)
    table.session.match.set_control(0, PERSON_ELSEWHERE)  # as on a guest's table
    assert table.session.state.current_player == 0
    click(app, square_centre(table, 5, 5))
    passing = table.session.model.passing
    assert passing is not None and passing.key == "game.elsewhere_turn"
