"""Motion at the table: each animation starts on its event, lasts as the animation speed
says, ends at once on a click or a key (the input still counts), is absent with --fast,
and leaves nothing behind; a bot's move is shown by a trail and a line "Bo: …"."""

from __future__ import annotations

import pygame
import pytest

from buttons_game.games.buttons.engine import (
    OPT_OUT,
    ROLL,
    Dice,
    Place,
    PlaceStar,
    Status,
    new_game,
)
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.engine import Move
from buttons_game.games.kopf.game import KopfGame
from buttons_game.games.kopf.narration import square_name
from buttons_game.settings import ANIMATION_SPEEDS
from buttons_game.ui.games.buttons.session import (
    ROLL_SECONDS,
    SLIDE_SECONDS,
    STAR_SECONDS,
)
from buttons_game.ui.games.buttons.summary import SummaryScreen
from buttons_game.ui.games.buttons.view import tumble_pose
from buttons_game.ui.games.kopf import session as kopf_session
from buttons_game.ui.play.marks import draw_bot_move
from buttons_game.ui.play.motion import Motions
from buttons_game.ui.play.timers import Timers

from .conftest import cell_centre, click, frame_is_fresh, play, press, run_until, settle, step

CARDS = (("red", "yellow"), ("green", "blue"))
DT = 1 / 60
SPEEDS = ("slow", "normal", "fast")
# the quick tier runs each sweep at normal speed; slow and fast run with the slow tests
SOME_SPEEDS = [s if s == "normal" else pytest.param(s, marks=pytest.mark.slow) for s in SPEEDS]


def table(make_app, speed: str = "normal", bots=(None, None)):
    """Anna (board 1A, the red card) and Ben (2B) at a table animating at ``speed``
    ("fast" here is the setting; --fast is ``speed=None``)."""
    app = make_app(fast=speed is None)
    if speed is not None:
        app.settings.animation = speed
    seats = tuple(Seat(name, bot) for name, bot in zip(("Anna", "Ben"), bots))
    app.start_game(Game(seats, new_game(2, layouts=("1A", "2B"), cards=CARDS, seed=5)))
    settle(app)
    return app, app.top.session


def ben_out(app, session) -> None:
    """Anna and Ben each place on (1, 1); Ben opts out: Anna plays on alone."""
    for action in (ROLL, Dice(1, 1, (1, 1, 1, 1)), Place(0, 1, 1), Place(1, 1, 1), OPT_OUT):
        play(session, action)
    settle(app)


def key(app, k: int) -> None:
    """A key pressed, handled in a frame that lets no time pass."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    app.step(0.0)


# ------------------------------------------------------------------ the kit


def test_motions_run_for_their_time_after_their_delay_and_finish_at_once():
    motions = Motions()
    motions.start("slide", (0, 1, 1), 0.5, delay=0.25)
    motions.start("slide", (0, 2, 2), 0.0)  # no time (--fast): nothing starts
    assert [m.what for m in motions.of("slide")] == [(0, 1, 1)]
    assert motions.tick(0.25) and motions.progress("slide", (0, 1, 1)) == 0.0
    motions.tick(0.25)
    assert motions.progress("slide", (0, 1, 1)) == pytest.approx(0.5)
    assert motions.tick(0.3), "the frame that ends a motion is drawn too"
    assert not motions.busy and not motions.tick(0.1)
    motions.start("shake", 1, 1.0)
    motions.finish()
    assert not motions.busy


def test_a_timer_can_wait_before_it_runs():
    timers = Timers()
    timers.start("strike", 1.0, delay=0.5)
    timers.tick(0.4)
    assert timers.fraction("strike") == 1.0, "still waiting"
    timers.tick(0.6)
    assert timers.fraction("strike") == pytest.approx(0.5)
    assert timers.tick(0.6) == ["strike"]


# ------------------------------------------------------------------ BUTTONS: the dice


@pytest.mark.parametrize("speed", SOME_SPEEDS)
def test_the_dice_tumble_as_long_as_the_speed_says_and_land_on_their_own_faces(make_app, speed):
    app, session = table(make_app, speed)
    model = session.model
    key(app, pygame.K_r)
    assert model.tumble is not None and session.state.is_chance_node()
    faces = []
    while session.state.is_chance_node():
        faces.append(model.dice_shown())
        app.step(DT)
        assert len(faces) < 200
    assert len(faces) == pytest.approx(ROLL_SECONDS * ANIMATION_SPEEDS[speed] / DT, abs=2)
    assert len(set(faces)) > 2, "the faces change while the dice tumble"
    assert faces[-1] == model.dice_shown(), "the dice come to rest on the faces they land on"
    assert model.tumble is None and model.motions.running("land"), "then they settle"
    settle(app)
    assert frame_is_fresh(app), "nothing is left behind"


def test_each_die_tumbles_inside_the_panel_and_comes_to_rest_on_its_place(make_app):
    app, session = table(make_app)
    key(app, pygame.K_r)
    tumble, slots = session.model.tumble, app.top.table.dice
    area = slots[0].unionall(slots[1:])
    for die, rect in enumerate(slots[: len(tumble.turns)]):
        assert tumble_pose(tumble, die, 1.0, rect, area) == (rect.center, 0.0)
        (x, y), turned = tumble_pose(tumble, die, 0.98, rect, area)
        assert abs(x - rect.centerx) <= 3 and abs(y - rect.centery) <= 3 and abs(turned) < 90
        for progress in (0.0, 0.2, 0.5, 0.8):
            (x, y), _ = tumble_pose(tumble, die, progress, rect, area)
            inside = area.inflate(-rect.width, -rect.height)  # the whole die in the area
            assert inside.inflate(2, 2).collidepoint(x, y), "under the heading, over the Roll"


def test_a_key_lands_the_dice_at_once_and_a_click_still_places(make_app):
    app, session = table(make_app, "slow")
    heard: list[str] = []
    session.sound = heard.append
    press(app, pygame.K_r)
    dice = session.game.roll_dice()  # a seeded game: the dice that will land
    target = session.state.apply(dice).legal_actions(0)[0]
    assert session.state.is_chance_node()
    click(app, cell_centre(app.top, 0, target.row, target.col))
    history = session.state.history()
    assert list(history[-2:]) == [dice, target], "landed at once, and the click placed it"
    assert [str(h) for h in heard] == ["roll", "roll", "place"]
    assert heard[1].seconds == 0.0, "the rattle is cut to the landing"


def test_without_animations_nothing_moves(make_app):
    app, session = table(make_app, None)
    model = session.model
    key(app, pygame.K_r)
    assert model.tumble is None and not model.motions.busy
    step(app)
    place = session.state.legal_actions(0)[0]
    click(app, cell_centre(app.top, 0, place.row, place.col))
    assert session.state.history()[-1] == place
    assert not model.motions.busy and model.marks().arriving == {}
    app, session = table(make_app, None)
    ben_out(app, session)
    play(session, ROLL)
    play(session, Dice(1, 1, (2, 2)))  # Anna busts
    assert session.state.status(0) is Status.BUSTED and not session.model.motions.busy


def test_a_seeded_game_rolls_the_same_dice_at_every_speed(make_app):
    rolled = []
    for speed in (None, *SPEEDS):
        app, session = table(make_app, speed)
        press(app, pygame.K_r)
        run_until(app, lambda session=session: not session.state.is_chance_node())
        rolled.append(session.state.history()[-1])
    assert len(set(rolled)) == 1


# ------------------------------------------------------------------ BUTTONS: buttons, stars


@pytest.mark.parametrize("speed", SOME_SPEEDS)
def test_a_button_slides_in_from_its_seats_supply(make_app, speed):
    app, session = table(make_app, speed)
    ben_out(app, session)
    play(session, ROLL)
    play(session, Dice(3, 4, (4, 4)))
    settle(app)
    key(app, pygame.K_4)  # column 4 of row 3
    model = session.model
    (slide,) = model.motions.of("slide")
    assert slide.what == (0, 3, 4) and slide.seconds == SLIDE_SECONDS * ANIMATION_SPEEDS[speed]
    assert model.marks().arriving == {(0, 3, 4): 0.0}
    step(app, 2, dt=DT)
    assert 0 < model.marks().arriving[(0, 3, 4)] < 1
    press(app, pygame.K_TAB)  # any key: it arrives
    assert not model.motions.running("slide")
    settle(app)
    assert frame_is_fresh(app)


def test_a_placed_star_bounces_and_a_scoring_pops_colours_into_stars(make_app):
    app, session = table(make_app)
    ben_out(app, session)
    for white, gold in ((3, 4), (6, 6), (1, 4), (4, 1), (6, 3)):  # three reds, three blues
        play(session, ROLL)
        play(session, Dice(white, gold, (gold, gold)))
        play(session, Place(0, white, gold))
    settle(app)
    play(session, OPT_OUT)
    model = session.model
    assert {m.what for m in model.motions.of("pop")} == {(0, "red"), (0, "blue")}
    step(app, 3, dt=DT)
    assert not isinstance(app.top, SummaryScreen), "the summary waits for the stars to pop"
    press(app, pygame.K_TAB)
    step(app)
    assert isinstance(app.top, SummaryScreen), "a key: the summary at once"
    session.take_summary()
    app.back()
    settle(app)
    play(session, PlaceStar(0, 3, 4))
    (star,) = model.motions.of("star")
    assert star.what == (0, 3, 4) and star.seconds == STAR_SECONDS
    assert model.marks().settling == {(0, 3, 4): 0.0}


def test_a_bust_shakes_its_board_and_its_buttons_go_back_to_the_supply(make_app):
    app, session = table(make_app)
    ben_out(app, session)
    play(session, ROLL)
    play(session, Dice(1, 1, (2, 2)))  # row 1: (1, 1) taken, (1, 2) beside it
    model = session.model
    assert session.state.status(0) is Status.BUSTED
    assert [m.what for m in model.motions.of("shake")] == [0]
    assert model.marks().falling == {0: (1, pytest.approx(0.0))}
    step(app, 5, dt=DT)
    screen, size = app.top, app.surface.get_size()
    shaking, still = pygame.Surface(size), pygame.Surface(size)
    screen.draw(shaking)
    model.motions.stop("shake")
    screen.draw(still)
    panel = screen.table.boards[0].panel

    def pixels(surface):
        return pygame.image.tobytes(surface.subsurface(panel), "RGB")

    assert pixels(shaking) != pixels(still), "the board is drawn aside while it shakes"
    click(app, (5, 5))  # a click anywhere: everything at rest, the bust's beat stays
    assert not model.motions.busy and model.marks().falling == {}
    assert model.busted == 0


# ------------------------------------------------------------------ bots: the trail and "Bo: …"


def test_a_bots_move_is_shown_by_a_trail_and_a_line_until_a_person_acts(make_app):
    app, session = table(make_app, "fast", bots=(None, "easy"))
    model = session.model
    play(session, ROLL)
    play(session, Dice(2, 3, (5, 5, 5, 5)))  # Ben, a bot, decides on the gold space (2, 3)
    run_until(app, lambda: 1 not in session.state.pending_players)
    action = session.state.history()[-1]
    if isinstance(action, Place):
        assert model.bot_move_line() == "Ben placed a button at (2, 3)."
        assert model.marks().trail == ((1, 2, 3), pytest.approx(1.0, abs=0.2))
    else:
        assert model.bot_move_line() == "Ben skipped the gold space."
    room = pygame.Rect(0, 0, 300, 100)
    assert draw_bot_move(pygame.Surface(room.size), model, room, 14) > 0, "the line is drawn"
    press(app, pygame.K_5)  # Anna places in row 2, column 5
    assert model.bot_move is None and model.trail() is None


def test_kopf_a_move_glides_before_its_strike_flies_and_a_bots_move_has_its_line(make_app):
    app = make_app(fast=False)
    app.start_game(KopfGame.new((Seat("Ann"), Seat("Bo", "easy"))))
    settle(app)
    session = app.top.session
    model = session.model
    moves = [a for a in session.state.legal_actions() if isinstance(a, Move)]
    move = max(moves, key=lambda a: abs(a.to_row - a.from_row) + abs(a.to_col - a.from_col))
    play(session, move)
    (glide,) = model.motions.of("glide")
    start, end = (move.from_row, move.from_col), (move.to_row, move.to_col)
    assert glide.what == (start, end, 0)
    squares = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
    glide_seconds = kopf_session.GLIDE_SECONDS + kopf_session.GLIDE_PER_SQUARE * squares
    assert glide.seconds == pytest.approx(glide_seconds)
    assert model.bot_move is None, "a person's move has no line"
    run_until(app, lambda: model.bot_move is not None, frames=3000)
    said = model.bot_move_line()
    last = session.state.history()[-1]
    if isinstance(last, Move):
        assert said == f"Bo: {square_name(last.from_row, last.from_col)}–" + square_name(
            last.to_row, last.to_col
        )
        assert model.trail() == (((last.from_row, last.from_col), (last.to_row, last.to_col)), 1.0)
    else:
        assert said == f"Bo took {square_name(last.row, last.col)} from a forbidden group."
    press(app, pygame.K_TAB)
    assert not model.motions.busy and model.bot_move is not None, "the line stays"


def test_kopf_a_strike_waits_for_the_glide_and_both_end_on_a_click(make_app):
    app = make_app(fast=False)
    game = KopfGame.new((Seat("Ann"), Seat("Ben")))
    strikes: list = []
    for k in range(300):
        state = game.state
        taken = sum(state.captured(p) for p in (0, 1))
        strikes = [
            a
            for a in state.legal_actions()
            if isinstance(a, Move) and sum(state.apply(a).captured(p) for p in (0, 1)) > taken
        ]
        if strikes:
            break
        game = game.apply(state.legal_actions()[k % len(state.legal_actions())])
    assert strikes, "a move that strikes"
    app.start_game(game)
    settle(app)
    session = app.top.session
    model = session.model
    play(session, strikes[0])
    assert model.flights and model.motions.running("glide")
    step(app, 3, dt=DT)
    assert model.timers.fraction("strike") == 1.0, "the flight waits for the piece to arrive"
    click(app, (3, 3))
    assert not model.flights and not model.motions.busy
    settle(app)


@pytest.mark.parametrize("fast", [True, False])
def test_with_fast_or_instant_kopf_has_no_glide_no_trail_and_no_wait(make_app, fast):
    app = make_app(fast=fast)
    app.settings.animation = "instant"
    app.start_game(KopfGame.new((Seat("Ann"), Seat("Bo", "easy"))))
    settle(app)
    session = app.top.session
    play(session, next(a for a in session.state.legal_actions() if isinstance(a, Move)))
    assert not session.model.motions.busy
    run_until(app, lambda: session.model.bot_move is not None, frames=3000)
    assert not session.model.motions.busy and session.model.trail() is None
    assert session.model.bot_move_line().startswith("Bo")
