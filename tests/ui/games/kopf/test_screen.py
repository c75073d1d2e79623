"""Kopf oder Knopf in the window: set-up, a whole game with real events, bots, undo, threats."""

from __future__ import annotations

import random

import pygame
import pytest

from buttons_game.games.buttons.game import Seat
from buttons_game.games.kopf.engine import Move, Remove
from buttons_game.games.kopf.game import KopfGame
from buttons_game.ui.games.kopf.game_over import KopfOverScreen, captures_by_move
from buttons_game.ui.games.kopf.screen import KopfScreen
from buttons_game.ui.games.kopf.setup import KopfSetupScreen
from buttons_game.ui.screens.choose_game import ChooseGameScreen
from buttons_game.ui.screens.menu import MainMenu

from ...conftest import choose, click, click_widget, play, press, run_until, settle, step


def quick_adviser(state, seat):
    """The hints' own search (the hard bot's), held to two plies: the answer a test waits
    for comes in milliseconds, not after the shipped one-second budget."""
    from buttons_game.games.kopf.bots import make_bot
    from buttons_game.games.kopf.bots.hint import kopf_hint

    return kopf_hint(state, seat, make_bot("hard", 0, seconds=None, max_depth=2))


def square_centre(screen: KopfScreen, row: int, col: int) -> tuple[int, int]:
    return screen.table.square_rect(row, col).center


def start_from_menu(app, second: str = "human") -> KopfScreen:
    app.push(MainMenu(app))
    settle(app)
    click_widget(app, app.top.new_game)
    assert isinstance(app.top, ChooseGameScreen)
    click_widget(app, app.top.choose[1])
    setup = app.top
    assert isinstance(setup, KopfSetupScreen)
    if second == "human":
        choose(app, setup.rows[1]["kind"], 0)
    assert setup.choices[1].kind == second
    click_widget(app, setup.start)
    screen = app.top
    assert isinstance(screen, KopfScreen)
    return screen


def play_turn_with_clicks(app, screen: KopfScreen, rng: random.Random, seen: set) -> None:
    """The person to move acts through real clicks: punish, or pick a piece and a square."""
    state = screen.session.state
    actions = state.legal_actions()
    action = rng.choice(actions)
    if isinstance(action, Remove):
        seen.add("punish")
        click(app, square_centre(screen, action.row, action.col))
        return
    if isinstance(action, Move):
        click(app, square_centre(screen, action.from_row, action.from_col))
        assert screen.session.model.selected == (action.from_row, action.from_col)
        click(app, square_centre(screen, action.to_row, action.to_col))
        seen.add("move")
        return
    step(app, 80, dt=0.05)  # a pass: the turn passes by itself after a beat
    seen.add("pass")


@pytest.mark.slow
def test_a_whole_hot_seat_game_from_the_main_menu_with_real_clicks(make_app):
    app = make_app(window=(1280, 720))
    screen = start_from_menu(app)
    session = screen.session
    rng = random.Random(5)
    seen: set = set()
    for _ in range(1500):
        if isinstance(app.top, KopfOverScreen):
            break
        state = session.state
        if state.is_over():
            settle(app)
            continue
        before = state
        play_turn_with_clicks(app, screen, rng, seen)
        after = session.state
        assert after is not before or "pass" in seen
        if after.last_captured and after.last_captured != before.last_captured:
            seen.add("strike" if not after.punishing else "punish")
    assert isinstance(app.top, KopfOverScreen)
    outcome = app.top.game.state.outcome()
    assert seen >= {"move", "punish", "strike"}, seen
    assert outcome is not None
    title, why = app.top.headline()
    assert title and why
    series = captures_by_move(app.top.game)
    assert series[-1] == (outcome.captured[0], outcome.captured[1])


@pytest.mark.slow
def test_a_game_against_a_bot(make_app):
    app = make_app(window=(1280, 720))
    screen = start_from_menu(app, second="medium")
    session = screen.session
    rng = random.Random(9)
    seen: set = set()
    for _ in range(3000):
        if isinstance(app.top, KopfOverScreen):
            break
        if session.model.human_to_play() is None:
            if session.match.job is not None:
                session.match.job.future.result()
            step(app)
            continue
        play_turn_with_clicks(app, screen, rng, seen)
    assert isinstance(app.top, KopfOverScreen), "the game ended"
    history = app.top.game.state.history()
    assert any(True for _ in history)


def test_clicks_that_are_not_a_move_say_why_and_change_nothing(make_app):
    app = make_app()
    app.start_game(KopfGame.new((Seat("Ann"), Seat("Bo"))))
    settle(app)
    screen = app.top
    session = screen.session
    state = session.state
    click(app, square_centre(screen, 2, 3))  # a blue piece: not red's
    assert session.state is state and session.model.passing.key == "kopf.choose_piece"
    click(app, square_centre(screen, 2, 2))  # red: picked up
    assert session.model.selected == (2, 2)
    targets = session.model.targets()
    wrong = next(
        (r, c)
        for r in range(1, 11)
        for c in range(1, 11)
        if (r, c) not in targets and session.state.piece_at(r, c) is None
    )
    click(app, square_centre(screen, *wrong))
    assert session.state is state and session.model.passing.key.startswith("kopf_reason.")
    press(app, pygame.K_BACKSPACE)
    assert session.model.selected is None


def test_the_preview_shows_what_a_move_builds_and_exposes(make_app):
    app = make_app()
    app.start_game(KopfGame.new((Seat("Ann"), Seat("Bo"))))
    settle(app)
    screen = app.top
    model = screen.session.model
    state = model.state
    move = next(a for a in state.legal_actions() if any(state.threats_after(a)))
    click(app, square_centre(screen, move.from_row, move.from_col))
    pos = square_centre(screen, move.to_row, move.to_col)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    settle(app)
    assert model.preview() == state.threats_after(move)
    press(app, pygame.K_t)
    assert not model.show_threats and not screen.threats.is_selected
    press(app, pygame.K_t)
    assert model.show_threats


def test_undo_takes_back_your_turn_and_a_bots_reply(make_app):
    app = make_app()
    app.start_game(KopfGame.new((Seat("Ann"), Seat("Bot", "easy"))))
    settle(app)
    screen = app.top
    session = screen.session
    start = session.state
    move = start.legal_actions()[0]
    click(app, square_centre(screen, move.from_row, move.from_col))
    click(app, square_centre(screen, move.to_row, move.to_col))
    for _ in range(400):  # the bot replies
        if session.state.current_player == 0 and session.state is not start:
            break
        if session.match.job is not None:
            session.match.job.future.result()
        step(app)
    assert session.state.current_player == 0 and len(session.state.history()) >= 2
    assert screen.undo.is_enabled
    press(app, pygame.K_u)
    assert session.state == start, "your move and the bot's reply are taken back"


def test_undo_in_hot_seat_waits_for_nobody_else_to_have_moved(make_app):
    app = make_app()
    app.start_game(KopfGame.new((Seat("Ann"), Seat("Bo"))))
    settle(app)
    screen = app.top
    session = screen.session
    start = session.state
    play(session, start.legal_actions()[0])
    after_red = session.state
    press(app, pygame.K_u)
    assert session.state == start
    play(session, start.legal_actions()[0])
    while session.state.punishing:
        play(session, session.state.legal_actions()[0])
    play(session, session.state.legal_actions()[0])  # blue moves too
    assert session.state != after_red
    press(app, pygame.K_u)  # blue takes back blue's own move
    assert session.state.current_player == 1


def test_keyboard_alone_picks_and_moves(make_app):
    app = make_app()
    app.start_game(KopfGame.new((Seat("Ann"), Seat("Bo"))))
    settle(app)
    session = app.top.session
    model = session.model
    press(app, pygame.K_RETURN)  # the cursor comes onto the board, on a movable piece
    assert model.cursor in model.movable()
    press(app, pygame.K_RETURN)
    assert model.selected == model.cursor
    target = min(model.targets())
    for _ in range(20):
        if model.cursor == target:
            break
        row, col = model.cursor
        key = (
            (pygame.K_DOWN if target[0] > row else pygame.K_UP)
            if row != target[0]
            else (pygame.K_RIGHT if target[1] > col else pygame.K_LEFT)
        )
        press(app, key)
    before = session.state
    press(app, pygame.K_RETURN)
    assert session.state is not before and target in session.state.pieces(0)


def test_set_up_swaps_colours_and_plays_the_short_game(make_app):
    app = make_app()
    app.show_setup("kopf")
    settle(app)
    setup = app.top
    setup.rows[0]["name"].set_text("Ann")
    click_widget(app, setup.swap)
    choose(app, setup.length, 1)
    assert setup.red == 1 and setup.target == 8
    click_widget(app, setup.start)
    game = app.top.session.game
    assert game.state.target == 8
    assert game.seats[1].name == "Ann", "Ann plays blue"


def test_a_piece_struck_where_it_just_moved_flies_from_there():
    """A strike at the start of the next turn can take the piece that just moved: it
    flies to the tray from its new square (it was missed before)."""
    from buttons_game.games.kopf.engine import Move
    from buttons_game.games.kopf.happened import happened
    from buttons_game.ui.games.kopf.session import flights
    from tests.games.kopf.helpers import position

    before = position([(6, 8)], [(5, 5), (5, 6)], to_move=0)  # one-hole squares: range 2
    move = Move(6, 8, 5, 8)  # into the blue pair's reach
    after = before.apply(move)
    assert after.captured(1) == before.captured(1) + 1
    flown = flights(before, happened(before, move, after))
    assert [(f.square, f.player, f.slot) for f in flown] == [((5, 8), 0, before.captured(1))]


def test_a_hint_asked_before_an_undo_comes_for_the_position_after_it(make_app):
    """Kopf oder Knopf: Ann asks for a hint, then undoes her move and Bo's reply before it
    comes (on a busy machine the hint is slow). She is still to move, so the hint must come,
    for the position she is at; until then the table says it is being worked out."""
    from buttons_game.ui.games.kopf.view import hint_text

    from ...conftest import run_until
    from ...test_bots_ui import HeldAdviser

    app = make_app()
    app.start_game(KopfGame.new((Seat("Ann"), Seat("Bo", "medium")), target=8))
    session = app.top.session
    model = session.model
    step(app, 2)
    session.attempt(0, session.state.legal_actions()[0])
    run_until(app, lambda: model.human_to_play() == 0 and len(session.state.history()) >= 2)
    adviser = HeldAdviser(quick_adviser)
    session.hints.advise = adviser
    press(app, pygame.K_h)
    asked = session.state
    assert model.hint_waiting
    waiting = hint_text(model)
    press(app, pygame.K_u)  # Ann's move and Bo's reply are taken back
    assert session.state is not asked and model.human_to_play() == 0
    step(app, 100)  # the adviser still thinks: the frames say so
    assert model.hint_waiting and model.hint is None and hint_text(model) == waiting
    adviser.go.set()
    run_until(app, lambda: not model.hint_waiting, frames=50)
    assert model.hint is not None, "the hint never came"
    assert model.hint.action in session.state.legal_actions()


def test_set_up_starts_from_the_last_seats_and_remembers_them(make_app):
    """As BUTTONS' set-up does: the last game's first two seats, kept when it starts."""
    app = make_app()
    last = [
        {"name": "Ann", "kind": "human"},
        {"name": "Bo", "kind": "easy"},
        {"name": "Cy", "kind": "hard"},
    ]
    app.remember_seats(last)
    app.show_setup("kopf")
    settle(app)
    setup = app.top
    assert [(c.name, c.kind) for c in setup.choices] == [("Ann", "human"), ("Bo", "easy")]
    assert setup.rows[1]["name"].get_text() == "Bo"
    setup.rows[1]["name"].set_text("Bea")
    click_widget(app, setup.start)
    game = app.top.session.game
    assert [(s.name, s.bot) for s in game.seats] == [("Ann", None), ("Bea", "easy")]
    assert [dict(s) for s in app.settings.last_seats] == [
        {"name": "Ann", "kind": "human"},
        {"name": "Bea", "kind": "easy"},
        {"name": "Cy", "kind": "hard"},
    ], "BUTTONS' third seat is kept for its next set-up"


@pytest.mark.parametrize(
    "quick", [True, pytest.param(False, marks=pytest.mark.slow)], ids=["two_plies", "shipped"]
)
def test_a_hint_says_whose_it_is_when_two_people_play(make_app, quick):
    """The shipped hints think as long as the hard bot (a second); the quick tier's two plies."""
    from buttons_game.ui.games.kopf.view import hint_text, hint_words

    from ...conftest import run_until

    for seats in ((Seat("Ann"), Seat("Ben")), (Seat("Ann"), Seat("Bo", "easy"))):
        app = make_app()
        app.start_game(KopfGame.new(seats, target=8))
        step(app, 2)
        model = app.top.session.model
        if quick:
            app.top.session.hints.advise = quick_adviser
        mover = model.names[model.hint_seat()]
        press(app, pygame.K_h)
        run_until(app, lambda model=model: model.hint is not None)
        text = hint_text(model)
        plain = hint_words(model.hint)
        if seats[1].is_human:
            assert text == plain.replace("Hint:", f"Hint for {mover}:", 1) != plain
        else:
            assert text == plain and text.startswith("Hint: ")


def test_undo_takes_the_strikes_and_the_count_the_turn_brought_out_of_the_log(make_app):
    """Ann steps into the reach of Bo's pair: Bo strikes at the start of his turn and the
    log counts his capture. Ann's undo takes that strike and count out of the log, as in
    BUTTONS: her move's own line stays, followed by the line saying it was taken back."""
    from buttons_game.games.kopf.engine import new_game
    from tests.games.kopf.helpers import BLUE_FILLER, RED_FILLER, board

    state = new_game(
        board=board(),
        pieces=([(4, 8), *RED_FILLER], [(5, 5), (5, 6), *BLUE_FILLER]),
        to_move=0,
    )
    app = make_app()
    app.start_game(KopfGame((Seat("Ann"), Seat("Bo", "easy")), state))
    settle(app)
    screen = app.top
    session = screen.session
    click(app, square_centre(screen, 4, 8))
    click(app, square_centre(screen, 5, 8))
    run_until(app, lambda: session.state.current_player == 0 and len(session.state.history()) == 2)
    keys = [note.key for note in session.model.log]
    assert "strike" in keys and "captured" in keys, keys
    press(app, pygame.K_u)
    assert session.state == state
    log = session.model.log
    assert [note.key for note in log if note.key in ("strike", "captured", "win")] == []
    assert [note.key for note in log][-3:] == ["move", "move", "undo_turn"]
