"""Each bot seat has a name of its own ("Thimble", not "Bot 2"): two bots never share one,
in every language, the same each time; a person may rename them; saves keep their names."""

from __future__ import annotations

import pytest

from buttons_game.games.buttons.engine import new_game
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.i18n import LANGUAGES, install
from buttons_game.names import SEAT_NAME_LIMIT, bot_name, clean_name
from buttons_game.saves import load_game, save_game
from buttons_game.ui.app import AppOptions
from buttons_game.ui.headless import seats_from_options

from .conftest import step


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_bot_seat_has_its_own_real_name_in_every_language(language):
    install(language)
    try:
        names = [bot_name(seat) for seat in range(4)]
        again = [bot_name(seat) for seat in range(4)]
    finally:
        install("en")
    assert names == again, "the same name for a seat every time"
    assert len(set(names)) == 4, names
    for name in names:
        assert clean_name(name, SEAT_NAME_LIMIT) == name and "setup." not in name
        assert not any(ch.isdigit() for ch in name), f"a name, not a number: {name}"


def test_seats_from_the_command_line_name_each_bot(make_app):
    make_app()  # the translations installed
    seats = seats_from_options(AppOptions(seats=(None, "easy", "easy", "hard")))
    assert [s.name for s in seats] == ["Player 1", bot_name(1), bot_name(2), bot_name(3)]
    assert seats[1].name != seats[2].name, "two bots of one level, two names"


def test_the_set_up_names_its_bots_a_person_may_rename_and_old_bot_n_names_follow(make_app):
    app = make_app()
    app.remember_seats(
        [
            {"name": "Ada", "kind": "human"},
            {"name": "Bot 2", "kind": "easy"},  # remembered before bots had names
            {"name": "Grumpy", "kind": "easy"},  # a name a person gave
        ]
    )
    app.show_setup("buttons")
    step(app)
    setup = app.top
    assert [c.name for c in setup.choices[:3]] == ["Ada", bot_name(1), "Grumpy"]
    assert [row["name"].get_text() for row in setup.rows[:3]] == ["Ada", bot_name(1), "Grumpy"]


def test_a_saved_game_keeps_its_bot_n_names(make_app, tmp_path):
    make_app()
    game = Game((Seat("Ada"), Seat("Bot 2", "easy")), new_game(2, seed=3))
    path = tmp_path / "old.json"
    save_game(game, path)
    assert [s.name for s in load_game(path).seats] == ["Ada", "Bot 2"]
