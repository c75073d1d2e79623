"""Who plays a seat at a table is the match's to say (a person here, a bot, a person at
another computer), never the save's ``Seat``: no screen asks ``Seat.is_human``."""

from __future__ import annotations

from pathlib import Path

import buttons_game.ui
from buttons_game.core.control import PERSON_ELSEWHERE, PERSON_HERE, bot_control
from buttons_game.core.match import Match
from buttons_game.games.kopf.game import KopfGame, Seat

UI = Path(buttons_game.ui.__file__).parent


def test_no_screen_asks_a_seat_whether_a_person_plays_it():
    asking = [
        f"{path.relative_to(UI)}:{n}"
        for path in sorted(UI.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ".is_human" in line
    ]
    assert asking == []


def test_the_table_serves_the_persons_here_whatever_the_save_says(make_app):
    """A seat the save gives a person, played from another computer, is not served here:
    no cursor, no hint, no input for it; the person here is."""
    from buttons_game.ui.games.kopf.session import KopfSession

    make_app()
    game = KopfGame.new((Seat("Ann"), Seat("Ben")), target=8)
    session = KopfSession(game, speed=lambda: 0.0, on_change=lambda game: None)
    session.match.set_control(1, PERSON_ELSEWHERE)
    model = session.model
    assert model.here(0) and not model.here(1)
    assert model.hint_seat() == 0
    session.close()
    match = Match(game, [bot_control(object()), PERSON_HERE])  # type: ignore[arg-type]
    assert not match.here(0) and match.here(1)


def test_undo_is_offered_only_for_a_decision_of_a_person_here(make_app):
    """The save says two persons; seat 1 plays from another computer. After its move the
    last decision is not this screen's to take back: Undo is not offered here."""
    from buttons_game.ui.games.kopf.session import KopfSession

    make_app()
    game = KopfGame.new((Seat("Ann"), Seat("Ben")), target=8)
    session = KopfSession(game, speed=lambda: 0.0, on_change=lambda game: None)
    match = session.match
    match.set_control(1, PERSON_ELSEWHERE)
    assert match.submit(0, match.kind.legal_actions(match.state, 0)[0]) is None
    assert session.model.can_undo()  # Ann's own move
    state = match.state
    while match.next_step().kind != "elsewhere":
        seat = match.deciders()[0]
        match.submit(seat, match.kind.legal_actions(state, seat)[0])
        state = match.state
    assert match.submit(1, match.kind.legal_actions(match.state, 1)[0]) is None
    assert session.game.can_undo, "the save alone would offer an undo"
    assert not session.model.can_undo(), "but Ben's move is not this screen's to take back"
    session.close()
