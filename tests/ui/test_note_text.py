"""One note type, one way to put a note in words: a line of a game's move log is read in its
game's log section, any other note (a passing word, a bot's move) by its full key."""

from __future__ import annotations

import pytest

from buttons_game.core.kind import kind_of
from buttons_game.core.notes import Note
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.i18n import install, t
from buttons_game.ui.play.model import note_text

NAMES = ["Anna", "Ben", "Cleo"]


@pytest.fixture(autouse=True)
def english() -> None:
    install("en")


def test_a_line_of_the_log_is_read_in_the_log_section_of_its_game():
    note = Note("pass", "plain", (("name", 1),))
    buttons = kind_of(Game.new((Seat("Anna"), Seat("Ben")))).log_section
    kopf = kind_of(KopfGame.new((Seat("Anna"), Seat("Ben")))).log_section
    assert note_text(note, NAMES, buttons) == "The dice pass to Ben."
    assert note_text(note, NAMES, kopf) == "Ben cannot move and passes."
    assert note_text(note, NAMES, kopf) == t("kopf_log.pass", name="Ben")


def test_any_other_note_is_read_by_its_full_key_whatever_the_game():
    word = Note("game.round_start", "bad", (("name", 2),), (("n", 12),), in_log=False)
    expected = "Cleo holds the red card and starts round 12."
    assert note_text(word, NAMES) == expected
    assert note_text(word, NAMES, "kopf_log") == expected
    assert word.full_key("kopf_log") == "game.round_start"
    assert Note("move", "plain").full_key("kopf_log") == "kopf_log.move"


def test_a_key_no_language_file_has_reads_as_its_own_words_and_values():
    note = Note("nim_take", "plain", (("name", 0),), (("count", 3),))
    assert note_text(note, NAMES, "nim_log") == "nim take: Anna · 3"
    assert note_text(Note("game.no_such_word", in_log=False), NAMES) == "no such word"


def test_the_passing_word_and_a_bots_move_are_notes_said_in_the_tables_words(make_app):
    app = make_app()
    app.start_game(KopfGame.new((Seat("Anna"), Seat("Ben", "easy"))))
    session = app.top.session
    session.explain("game.nothing_to_undo", "bad")
    passing = session.model.passing
    assert isinstance(passing, Note) and not passing.in_log
    assert note_text(passing, session.model.names) == t("game.nothing_to_undo")
    session.model.bot_moved(1, "bot_move.kopf_remove", (), 0.0, square="e5")
    message = session.model.bot_move.message
    assert isinstance(message, Note) and not message.in_log
    assert session.model.bot_move_line() == "Ben took e5 from a forbidden group."
