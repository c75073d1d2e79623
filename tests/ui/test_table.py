"""The table's model and session: undo, the log, the beats and marks players must not miss."""

from __future__ import annotations

import pygame
import pytest

from buttons_game import saves
from buttons_game.games.buttons.engine import (
    OPT_OUT,
    ROLL,
    Dice,
    Phase,
    Place,
    Skip,
    Status,
    new_game,
)
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.i18n import t
from buttons_game.ui import art, world
from buttons_game.ui.games.buttons.boards import colour_counts
from buttons_game.ui.games.buttons.screen import StarsScreen, TableScreen
from buttons_game.ui.games.buttons.summary import SummaryScreen
from buttons_game.ui.games.buttons.view import prompt
from buttons_game.ui.play.model import note_text

from .conftest import cell_centre, click, play, press, settle, step

CARDS = (("red", "yellow"), ("green", "blue"))


def hot_seat(make_app, *, fast: bool = True, bots: tuple = (None, None)) -> TableScreen:
    app = make_app(fast=fast)
    seats = tuple(Seat(name, bot) for name, bot in zip(("Anna", "Ben"), bots))
    game = Game(seats, new_game(2, layouts=("1A", "2B"), cards=CARDS, seed=5))
    app.start_game(game)
    settle(app)
    return app.top


def force(screen: TableScreen, *actions) -> None:
    """Moves made through the session's one way of changing the game."""
    for action in actions:
        play(screen.session, action)
    settle(screen.host)


def dice(screen: TableScreen, white: int, gold: int, *plain: int) -> Dice:
    """A roll with as many plain dice as are in hand: ``plain``, then ones."""
    n = screen.session.state.plain_dice_in_hand
    return Dice(white, gold, (plain + (1,) * n)[:n])


def test_hot_seat_undo_takes_back_only_the_last_players_own_move(make_app):
    screen = hot_seat(make_app)
    session = screen.session
    force(screen, ROLL, dice(screen, 1, 1, 2))
    click(screen.host, cell_centre(screen, 0, 1, 1))  # Anna places
    press(screen.host, pygame.K_s)  # Ben skips the gold space; the dice pass to Ben
    assert session.state.phase is Phase.TURN and session.state.active_player == 1
    assert screen.undo.is_enabled
    press(screen.host, pygame.K_u)
    assert session.state.pending_players == (1,), "Ben's skip is taken back"
    assert session.model.log[-1].key == "undo_skip"
    assert note_text(session.model.log[-1], session.model.names).startswith("Ben")
    press(screen.host, pygame.K_u)
    assert (1, 1) in session.state.buttons(0), "Anna's button stays: it is not Ben's move"
    assert session.model.passing.key == "game.nothing_to_undo"
    assert not screen.undo.is_enabled


def ben_out(screen: TableScreen) -> None:
    """Anna and Ben each place on (1, 1); Ben opts out."""
    force(screen, ROLL, dice(screen, 1, 1, 2), Place(0, 1, 1), Place(1, 1, 1), OPT_OUT)
    assert screen.session.state.status(1) is Status.OPTED_OUT


def test_an_opt_out_can_be_taken_back_until_the_next_roll_even_when_it_ends_the_round(
    make_app,
):
    screen = hot_seat(make_app)
    app = screen.host
    session = screen.session
    ben_out(screen)
    press(app, pygame.K_u)
    assert session.state.status(1) is Status.IN_ROUND and session.state.active_player == 1
    force(screen, OPT_OUT)
    force(screen, OPT_OUT)  # Anna too: the round is over
    assert isinstance(app.top, SummaryScreen), "the round is scored"
    press(app, pygame.K_u)  # a stray O, taken back from the summary
    assert isinstance(app.top, TableScreen), "back at the table, the round goes on"
    assert session.state.phase is Phase.TURN and session.state.status(0) is Status.IN_ROUND
    assert session.state.round_scores() == ()


def test_undo_from_the_summary_takes_the_round_s_end_out_of_the_log(make_app):
    screen = hot_seat(make_app)
    app = screen.host
    session = screen.session
    ben_out(screen)
    kept = len(session.model.log)
    force(screen, OPT_OUT)  # Anna too, by mistake: the round is over
    assert isinstance(app.top, SummaryScreen)
    added = [note.key for note in session.model.log[kept:]]
    assert added[0] == "opt_out" and "round_over" in added and "scored" in added
    press(app, pygame.K_u)
    assert isinstance(app.top, TableScreen)
    keys = [note.key for note in session.model.log[kept:]]
    assert keys == ["opt_out", "undo_opt_out"], "the opt-out and its taking back, nothing more"
    assert not any(note.key in ("round_over", "scored") for note in session.model.log)
    # a placement that passed the dice on: the passing goes with it
    force(screen, ROLL, dice(screen, 2, 3, 4))
    click(app, cell_centre(screen, 0, 2, 4))
    assert session.model.log[-1].key == "again", "Anna is alone in the round: she goes again"
    press(app, pygame.K_u)
    assert [note.key for note in session.model.log[-2:]] == ["place", "undo_place"]


def test_a_bust_gets_a_beat_of_its_own_even_when_it_ends_the_round(make_app):
    screen = hot_seat(make_app, fast=False)
    app = screen.host
    session = screen.session
    ben_out(screen)
    # row 1 with columns 1 and 2 only: (1, 1) holds a button, (1, 2) is next to it
    play(session, ROLL)
    play(session, dice(screen, 1, 1, 2, 2))
    assert session.state.status(0) is Status.BUSTED
    assert session.model.busted == 0 and session.model.fading == {0: 1}
    assert prompt(session.model)[0] == t("game.bust", name="Anna", count=2)
    step(app, 3, dt=0.1)
    assert isinstance(app.top, TableScreen), "the summary waits for the bust's beat"
    assert any(n.key == "bust" for n in session.model.log)
    step(app, 20, dt=0.1)
    assert isinstance(app.top, SummaryScreen)


def test_who_starts_stays_visible_until_they_act(make_app):
    screen = hot_seat(make_app)
    session = screen.session
    assert session.model.round_start == 0
    step(screen.host, 50, dt=0.2)
    assert session.model.round_start == 0, "no timer takes it away"
    press(screen.host, pygame.K_r)
    assert session.model.round_start is None


def test_bot_moves_leave_a_marker(make_app):
    screen = hot_seat(make_app, bots=("easy", None))
    session = screen.session
    for _ in range(200):
        if any(isinstance(a, Place) and a.player == 0 for a in session.state.history()):
            break
        step(screen.host, 1)
        if session.state.phase is Phase.PLACING and 1 in session.state.pending_players:
            press(screen.host, pygame.K_s)
    last = [a for a in session.state.history() if isinstance(a, Place) and a.player == 0][-1]
    assert session.model.last_move[0] == (last.row, last.col)
    marks = session.model.marks()
    assert marks.last_move[0] == (last.row, last.col)
    rect = screen.table.boards[0].cell_rect(last.row, last.col).inflate(-2, -2)
    assert screen.host.surface.get_at(rect.midtop)[:3] == art.colour("last_move")[:3]


def test_each_board_tallies_this_rounds_colours_and_shows_the_real_depot_dice(make_app):
    screen = hot_seat(make_app)
    ben_out(screen)
    state = screen.session.state
    counts = colour_counts(state, 0)
    colour = state.colour_at(0, 1, 1)
    assert counts == tuple(int(c == colour) for c in ("red", "yellow", "green", "blue"))
    assert state.depot_dice(1) == (2, 1), "the two highest plain dice went in"
    g = screen.table.boards[1]
    surface = screen.host.surface
    dd = g.depot.height - 6
    for i, value in enumerate(state.depot_dice(1)):
        spot = pygame.Rect(g.depot.left + 3 + i * (dd + 3), g.depot.top + 3, dd, dd)
        expected = pygame.Surface(spot.size)  # the die lying in the depot's felt tray
        expected.blit(
            world.tray(g.depot.size, 6), (g.depot.left - spot.left, g.depot.top - spot.top)
        )
        expected.blit(art.die("plain", value, dd), (0, 0))
        drawn = pygame.image.tobytes(surface.subsurface(spot), "RGB")
        assert drawn == pygame.image.tobytes(expected, "RGB"), f"die {i} shows {value}"


def test_dice_in_hand_after_continue_are_the_real_faces(make_app):
    game = Game((Seat("Anna"), Seat("Ben")), new_game(2, cards=CARDS, seed=5))
    game = game.apply(ROLL).apply(Dice(4, 6, (2, 3, 5, 6)))
    saves.save_game(game, saves.autosave_path(game))
    app2 = make_app()
    app2.continue_game()
    settle(app2)
    shown = app2.top.session.model.dice_shown()
    assert shown == (
        ("white", 4),
        ("gold", 6),
        ("plain", 2),
        ("plain", 3),
        ("plain", 5),
        ("plain", 6),
    ), "the dice Anna is placing, as they lie"


def test_before_the_roll_the_dice_in_hand_are_blank_not_the_last_seats(make_app):
    game = Game((Seat("Anna"), Seat("Ben")), new_game(2, cards=CARDS, seed=5))
    game = game.apply(ROLL).apply(Dice(4, 6, (2, 3, 5, 6))).apply(Place(0, 4, 2))
    game = game.apply(Skip(1)) if 1 in game.state.pending_players else game
    assert game.state.phase is Phase.TURN and game.state.hand_dice() is not None
    saves.save_game(game, saves.autosave_path(game))
    app2 = make_app()
    app2.continue_game()
    settle(app2)
    shown = app2.top.session.model.dice_shown()
    plain = game.state.plain_dice_in_hand
    assert shown == (("white", 0), ("gold", 0)) + (("plain", 0),) * plain, "nothing rolled yet"


def test_a_new_game_shows_unrolled_dice(make_app):
    screen = hot_seat(make_app)
    faces = screen.session.model.dice_shown()
    assert len(faces) == 6 and all(value == 0 for _, value in faces)


def test_the_log_scrolls_and_explanations_stay_out_of_it(make_app):
    screen = hot_seat(make_app)
    session = screen.session
    for _ in range(6):
        force(screen, ROLL)
        state = session.state
        for p in state.pending_players:
            play(session, state.legal_actions(p)[0] if p == state.active_player else Skip(p))
            state = session.state
        if session.state.phase is not Phase.TURN:
            break
    length = len(session.model.log)
    assert length >= 6
    click(screen.host, cell_centre(screen, 1, 6, 6))
    assert len(session.model.log) == length
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3))
    settle(screen.host)
    assert session.model.log_scroll == 3
    press(screen.host, pygame.K_PAGEDOWN)
    assert session.model.log_scroll == 0


@pytest.mark.parametrize("fps", [30, pytest.param(144, marks=pytest.mark.slow)])
def test_a_seed_gives_the_same_dice_at_any_frame_rate(make_app, fps):
    """Bots only, the same seed: the same dice at 30 or 144 frames a second and with --fast."""

    def dice_of(app, dt: float) -> list:
        app.settings.animation = "fast"
        app.start_game(Game.new(tuple(Seat(f"B{i}", "easy") for i in range(3)), seed=77))
        session = app.top.session
        for _ in range(6000):
            if len([a for a in session.state.history() if isinstance(a, Dice)]) >= 6:
                break
            if session.match.job is not None:
                session.match.job.future.result()  # however slow the machine, the bot has decided
            app.step(dt)
        return [a for a in session.state.history() if isinstance(a, Dice)][:6]

    slow = dice_of(make_app(fast=False), 1 / fps)
    fast = dice_of(make_app(fast=True), 1 / 60)
    assert len(slow) == 6 and slow == fast


@pytest.mark.slow  # a long scenario (about a second); the quick tier stays under 30 s
def test_a_person_deciding_before_a_bot_leaves_the_bots_later_choices_alone(make_app):
    """Seed 2: the same moves, once waiting for Bo and once deciding while Bo still thinks."""

    def bo_moves(state) -> list:
        return [a for a in state.history() if getattr(a, "player", None) == 1]

    def game_of(app, quick: bool) -> list:
        app.settings.animation = "fast"
        app.start_game(Game.new((Seat("Ann"), Seat("Bo", "easy")), seed=2))
        session = app.top.session
        for _ in range(3000):
            state = session.state
            if len(bo_moves(state)) >= 3:
                break
            job = session.match.job
            if job is not None:
                job.future.result()  # Bo has decided (not yet shown) for this state
            turn = state.phase is Phase.TURN and state.active_player == 0
            pending = state.phase is Phase.PLACING and 0 in state.pending_players
            bo_next = any(not session.match.here(p) for p in session.match.deciders())
            if turn or (pending and session.model.busted is None and (quick or not bo_next)):
                if turn:
                    session.attempt(0, ROLL if len(state.buttons(0)) < 3 else OPT_OUT)
                elif state.active_player == 0:
                    session.attempt(0, state.legal_actions(0)[0])
                else:
                    session.attempt(0, Skip(0))  # Ann skips the gold space
            app.step(1 / 60)
        return bo_moves(session.state)[:3]

    patient = game_of(make_app(fast=False), quick=False)
    quick = game_of(make_app(fast=False), quick=True)
    assert len(patient) == 3 and patient == quick


def test_after_a_star_at_the_cursor_the_cursor_moves_to_a_space_still_open(make_app):
    screen = hot_seat(make_app)
    app = screen.host
    session = screen.session
    # Anna covers red three times (board 1A), then both opt out: Anna earns three stars
    force(screen, ROLL, dice(screen, 1, 1, 2), Place(0, 1, 1), Skip(1))
    force(screen, ROLL, dice(screen, 3, 1, 3), Place(1, 3, 3), Place(0, 3, 1))
    force(screen, ROLL, dice(screen, 5, 4, 4), Place(0, 5, 4), Skip(1))
    force(screen, OPT_OUT, OPT_OUT)  # Ben, then Anna: the round is scored
    assert session.state.stars_due(0) == 3
    assert isinstance(app.top, SummaryScreen)
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, StarsScreen)
    seat = session.model.acting_seat()
    press(app, pygame.K_RETURN)  # the cursor comes onto the board
    first = session.model.cursor
    press(app, pygame.K_RETURN)  # a star there
    state = session.state
    assert seat == 0 and (first[1], first[2]) in state.stars(0)
    cursor = session.model.cursor
    assert cursor is not None and cursor[0] == 0
    assert (cursor[1], cursor[2]) in state.buttons(0), "the cursor is on a button again"
    press(app, pygame.K_RETURN)
    assert session.state.stars_due(0) == 1, "Enter at once places the next star"


def test_a_bots_marker_goes_with_its_buttons_when_it_busts(make_app):
    app = make_app()
    seats = (Seat("Anna", "easy"), Seat("Ben"))
    app.start_game(Game(seats, new_game(2, layouts=("1A", "2B"), cards=CARDS, seed=5)))
    session = app.top.session
    play(session, ROLL)
    play(session, Dice(1, 1, (2, 1, 1, 1)))
    play(session, Place(0, 1, 1))
    assert session.model.last_move == {0: (1, 1)}
    play(session, Skip(1))
    play(session, ROLL)  # Ben rolls; Anna skips the gold space
    play(session, Dice(3, 3, (3, 3, 3, 3)))
    play(session, Place(1, 3, 3))
    play(session, Skip(0))
    assert session.model.last_move == {0: (1, 1)}, "a skip leaves the marker on the button"
    play(session, ROLL)  # Anna: row 1, columns 1 and 2 only: a bust
    play(session, Dice(1, 1, (2, 2, 2, 2)))
    assert session.state.status(0) is Status.BUSTED
    assert session.model.last_move == {}
