"""Learn to play Kopf oder Knopf in the window: every lesson solved with real clicks, wrong
tries refused, Show me, the keyboard, progress kept, the first-start offer, the flags."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from buttons_game.cli import main
from buttons_game.games.kopf.engine import Move, Remove
from buttons_game.games.kopf.lessons import LESSONS, OWN_GROUP, lesson, start, walkthrough
from buttons_game.games.kopf.narration import square_name
from buttons_game.i18n import t
from buttons_game.settings import load_settings
from buttons_game.ui.games.kopf.lesson_screen import KopfLessonScreen
from buttons_game.ui.games.kopf.lesson_view import lesson_texts, paragraphs, paragraphs_bottom
from buttons_game.ui.screens.choose_game import ChooseGameScreen
from buttons_game.ui.screens.menu import MainMenu

from ...conftest import HANG, click, click_widget, press, settle, step


def centre(screen: KopfLessonScreen, square: tuple[int, int]) -> tuple[int, int]:
    return screen.table.square_rect(*square).center


def shown_texts(screen: KopfLessonScreen) -> list[str]:
    """The panel's paragraphs under the cards, as drawn."""
    return [text for text, _, _ in lesson_texts(screen.model)]


def lesson_text(key: str, part: str) -> str:
    each = lesson(key)
    return t(each.text_key(part), **each.values())


def wait_for(app, screen: KopfLessonScreen, done, frames: int = 400) -> None:
    """Run the loop (answering the scripted reply's thread) until ``done()``."""
    for _ in range(frames):
        if done():
            return
        job = screen.session.match.job
        if job is not None:
            job.future.result(timeout=HANG)
        step(app)
    raise AssertionError("it never happened")


def open_learn_from_menu(app) -> KopfLessonScreen:
    """Main menu → Learn to play → Kopf oder Knopf, by clicks."""
    app.show_menu()
    settle(app)
    click_widget(app, app.top.learn)
    choice = app.top
    assert isinstance(choice, ChooseGameScreen) and choice.purpose == "learn"
    assert [card.id for card in choice.offered] == ["buttons", "kopf"]
    click_widget(app, choice.choose[1])
    assert isinstance(app.top, KopfLessonScreen)
    return app.top


def play_by_clicks(app, screen: KopfLessonScreen) -> None:
    """The lesson's own solution, clicked: a piece and its square, or a piece to punish."""
    for action in screen.model.lesson.show_me:
        before = screen.session.state
        if isinstance(action, Remove):
            click(app, centre(screen, (action.row, action.col)))
        else:
            assert isinstance(action, Move)
            click(app, centre(screen, (action.from_row, action.from_col)))
            assert screen.model.selected == (action.from_row, action.from_col)
            click(app, centre(screen, (action.to_row, action.to_col)))
        assert screen.session.state is not before, f"{action} was played"
        assert screen.model.wrong is None


def test_every_lesson_solved_with_clicks_from_the_main_menu(make_app, user_home):
    app = make_app(window=(1280, 720))
    screen = open_learn_from_menu(app)
    for index, each in enumerate(LESSONS):
        assert screen.model.lesson is each and screen.index == index
        assert (screen.model.number, screen.model.total) == (index + 1, 7)
        assert not screen.next.is_enabled, "Next waits for the lesson to be solved"
        assert lesson_text(each.key, "intro") in shown_texts(screen)
        assert screen.model.highlighted() == each.highlights["intro"]
        play_by_clicks(app, screen)
        wait_for(app, screen, lambda: screen.model.solved and not screen.model.flights)
        assert screen.session.state == walkthrough(each)[-1][1], "the scripted reply came"
        assert lesson_text(each.key, "done") in shown_texts(screen)
        assert screen.model.highlighted() == each.highlights["done"]
        assert screen.screenshot_key() == f"kopf-lesson-{each.key}-done"
        assert screen.next.is_enabled
        assert app.settings.kopf_lesson == (index + 1) % len(LESSONS), "progress is kept"
        if index + 1 < len(LESSONS):
            assert screen.next.text == "buttons.learn.next"
            click_widget(app, screen.next)
            assert app.top is screen and screen.index == index + 1
        else:
            assert screen.next.text == "buttons.learn.done"
    assert screen.model.counts_captures and screen.session.state.outcome().winner == 0
    click_widget(app, screen.next)  # Done: back to the menu
    assert isinstance(app.top, MainMenu)
    assert not app.top.continue_.is_enabled, "a lesson is not a game to continue"
    saved, _ = load_settings()
    assert saved.kopf_lesson == 0, "a finished tutorial starts again from lesson 1"


def test_a_wrong_move_is_refused_with_the_lessons_words_and_changes_nothing(make_app):
    app = make_app(window=(1280, 720))
    screen = open_learn_from_menu(app)
    session = screen.session
    start = session.state
    move = lesson("move")
    e2, e4, e5 = move.squares["piece_a"], (4, 5), move.squares["target"]
    click(app, centre(screen, e2))
    click(app, centre(screen, e4))  # legal, but e2 has 2 holes: it cannot reach e5
    assert session.state is start
    assert screen.model.wrong.key == "kopf_lesson.move.wrong"
    assert lesson_text("move", "wrong") in shown_texts(screen)
    assert t("learn.not_quite") in shown_texts(screen)
    assert screen.model.highlighted() == move.highlights["wrong"]
    assert screen.screenshot_key() == "kopf-lesson-move-wrong"
    assert session.model.flash == e4, "the square is crossed out, as at the table"
    click(app, centre(screen, e5))  # illegal: explained as at the table, and in the panel
    assert session.state is start
    assert screen.model.wrong.key == "kopf_reason.wrong_distance"
    assert session.model.passing.key == "kopf_reason.wrong_distance"
    reason = t("kopf_reason.wrong_distance", holes=2, distance=3)
    assert reason in shown_texts(screen)
    press(app, pygame.K_BACKSPACE)  # the piece put down
    click(app, centre(screen, (1, 2)))  # a blue piece: as at the table
    assert session.model.passing.key == "kopf.choose_piece" and session.state is start
    click_widget(app, screen.restart)
    assert screen.model.wrong is None and screen.session.state == start
    # the pair lesson: a move that makes a group of three of your own
    screen.start_lesson(1)
    before = screen.session.state
    click(app, centre(screen, (6, 4)))
    click(app, centre(screen, (9, 4)))
    assert screen.model.wrong.key == OWN_GROUP and screen.session.state is before
    assert t(OWN_GROUP) in shown_texts(screen)
    assert not screen.next.is_enabled


def test_show_me_plays_the_solution_step_by_step(make_app):
    app = make_app(window=(1280, 720))
    screen = open_learn_from_menu(app)
    screen.start_lesson(3)  # strike: the player's move, then Blue's scripted reply
    strike = lesson("strike")
    first = strike.show_me[0]
    picked = False
    press(app, pygame.K_h)  # Show me: H, as in every tutorial
    assert screen.model.showing and not screen.show_me.is_enabled
    for _ in range(400):
        if not screen.model.showing:
            break
        picked |= screen.model.selected == (first.from_row, first.from_col)
        if screen.model.showing:
            assert screen.screenshot_key() in ("kopf-lesson-strike-show", "kopf-lesson-strike-done")
        step(app)
    assert picked, "the piece is picked up before it moves"
    assert screen.session.state == walkthrough(strike)[-1][1]
    assert screen.model.solved and lesson_text("strike", "done") in shown_texts(screen)
    assert screen.next.is_enabled
    press(app, pygame.K_u)  # Restart (U, as in every tutorial): the start again
    assert screen.session.state == start(strike) and not list(screen.session.state.history())
    assert not screen.model.solved and screen.next.is_enabled, "Next stays open once solved"
    press(app, pygame.K_n)
    assert screen.index == 4


def test_the_keyboard_alone_plays_a_lesson(make_app):
    app = make_app(window=(1280, 720))
    app.show_tutorial("kopf")
    settle(app)
    screen = app.top
    screen.start_lesson(1)  # pair: one move
    move = lesson("pair").show_me[0]
    model = screen.model

    def walk_to(square: tuple[int, int]) -> None:
        if model.cursor is None:
            press(app, pygame.K_RETURN)  # the first Enter brings the cursor onto the board
        for _ in range(20):
            if model.cursor == square:
                return
            row, col = model.cursor
            if row != square[0]:
                press(app, pygame.K_DOWN if square[0] > row else pygame.K_UP)
            else:
                press(app, pygame.K_RIGHT if square[1] > col else pygame.K_LEFT)
        raise AssertionError("the cursor did not get there")

    walk_to((move.from_row, move.from_col))
    press(app, pygame.K_RETURN)
    assert model.selected == (move.from_row, move.from_col)
    press(app, pygame.K_ESCAPE)  # Esc puts the piece down first, as at the table
    assert model.selected is None and app.top is screen
    press(app, pygame.K_RETURN)
    walk_to((move.to_row, move.to_col))
    press(app, pygame.K_RETURN)
    settle(app)
    assert model.solved
    order = screen.focusable()
    assert order == [screen.show_me, screen.restart, screen.next, screen.menu]
    for _ in range(3):
        press(app, pygame.K_TAB)
    assert screen.focus is screen.next
    press(app, pygame.K_RETURN)
    step(app, 2)
    assert screen.index == 2, "Enter on the focused Next lesson"


def test_leaving_midway_and_coming_back_resumes_at_the_same_lesson(make_app, user_home):
    app = make_app(window=(1280, 720))
    screen = open_learn_from_menu(app)
    for _ in range(2):
        for action, _state in walkthrough(screen.model.lesson):
            if screen.session.state.to_move == screen.model.lesson.player:
                screen.session.attempt(screen.model.lesson.player, action)
        wait_for(app, screen, lambda: screen.model.solved)
        press(app, pygame.K_n)
    assert screen.index == 2
    click(app, centre(screen, lesson("blocked").squares["blocker"]))  # midway: a piece up
    press(app, pygame.K_ESCAPE)  # puts the piece down
    assert app.top is screen
    press(app, pygame.K_ESCAPE)  # leaves the tutorial
    assert isinstance(app.top, MainMenu)
    assert app.settings.kopf_lesson == 2
    click_widget(app, app.top.learn)
    assert (app.top.offered[1].lesson_reached(app.settings), app.top.offered[1].lessons()) == (2, 7)
    click_widget(app, app.top.choose[1])
    assert isinstance(app.top, KopfLessonScreen) and app.top.model.lesson.key == "blocked"
    # and after a restart of the app (the settings file), with the menu's own Menu button
    click_widget(app, app.top.menu)
    assert isinstance(app.top, MainMenu)
    again = make_app(window=(1280, 720))
    assert again.settings.kopf_lesson == 2
    resumed = open_learn_from_menu(again)
    assert resumed.index == 2


def test_the_first_start_offers_the_tutorial_once(make_app, user_home):
    app = make_app(window=(1280, 720))
    assert app.prefs.offer, "no settings file yet: a first start"
    app.push(MainMenu(app))
    settle(app)
    menu = app.top
    assert menu.offer_yes is not None and menu.offer_no is not None
    focus_order = menu.focusable()
    assert focus_order[0] is menu.new_game and focus_order[-1] is menu.offer_no
    saved, _ = load_settings()
    assert saved.tutorial_offered, "offered once: remembered at once"
    click_widget(app, menu.offer_no)
    assert isinstance(app.top, MainMenu) and app.top.offer_yes is None
    app.show_settings()
    settle(app)
    app.back()
    settle(app)
    assert app.top.offer_yes is None, "dismissed for good"
    later = make_app(window=(1280, 720))
    assert not later.prefs.offer
    later.push(MainMenu(later))
    settle(later)
    assert later.top.offer_yes is None


def test_the_offer_opens_the_tutorials_and_is_not_made_when_a_game_starts_at_once(
    make_app, user_home
):
    app = make_app(window=(1280, 720), seats=(None, "easy"))
    assert not app.prefs.offer
    assert not make_app(tutorial="kopf").prefs.offer
    fresh = make_app(window=(1280, 720))
    fresh.show_menu()
    settle(fresh)
    click_widget(fresh, fresh.top.offer_yes)
    assert isinstance(fresh.top, ChooseGameScreen) and fresh.top.purpose == "learn"
    press(fresh, pygame.K_ESCAPE)
    assert isinstance(fresh.top, MainMenu) and fresh.top.offer_yes is None


def test_quit_when_over_ends_a_tutorial_with_its_last_lesson(make_app):
    app = make_app(window=(1280, 720), tutorial="kopf", quit_when_over=True)
    app.show_tutorial("kopf")
    screen = app.top
    screen.start_lesson(5)
    play_by_clicks(app, screen)
    step(app, 10)
    assert app.running, "not before the last lesson"
    press(app, pygame.K_n)
    play_by_clicks(app, screen)
    wait_for(app, screen, lambda: not app.running)
    assert app.exit_code == 0 and screen.model.solved


@pytest.mark.slow
def test_the_tutorial_plays_itself_headless_to_the_end(tmp_path):
    shots = tmp_path / "shots"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "BUTTONS_GAME_HOME": str(tmp_path / "home")}
    command = [sys.executable, "-m", "buttons_game", "--tutorial", "kopf", "--show-me"]
    command += ["--fast", "--screenshots", str(shots), "--quit-when-over"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, env=env)
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in shots.glob("*.png"))
    for each in LESSONS:
        assert any(f"kopf-lesson-{each.key}-show" in n for n in names), each.key
        assert any(f"kopf-lesson-{each.key}-done" in n for n in names), each.key
    assert names[-1].endswith("kopf-lesson-double-done.png")
    assert not (tmp_path / "home" / "config" / "settings.json").exists(), "nobody's place moved"


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--show-me"], "--show-me plays a tutorial by itself: give --tutorial"),
        (["--show-me", "--seats", "human,bot"], "--show-me plays a tutorial"),
        (["--tutorial", "kopf", "--seats", "human,bot"], "give one of them"),
        (["--tutorial", "chess"], "invalid choice"),
    ],
)
def test_tutorial_flags_are_checked(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_blue_s_scripted_reply_is_said_in_a_line_under_the_lesson_s_texts(make_app):
    """As at the table ("Blue: c7–e5" under the prompt), the panel says Blue's move, in
    the table's tint for a bot's move, and it fits; Restart takes it away."""
    app = make_app(window=(1280, 720))
    screen = open_learn_from_menu(app)
    screen.start_lesson(3)  # strike: the player's move, then Blue's scripted reply
    model = screen.model
    assert model.bot_move is None
    assert all(tint != "last_move" for _, _, tint, _, _ in paragraphs(model, screen.table))
    play_by_clicks(app, screen)
    wait_for(app, screen, lambda: model.bot_move is not None and not model.flights)
    reply = walkthrough(lesson("strike"))[-1][0]
    said = t(
        "bot_move.kopf_move",
        name=t("learn.blue"),
        **{
            "from": square_name(reply.from_row, reply.from_col),
            "to": square_name(reply.to_row, reply.to_col),
        },
    )
    top, lines, tint, _, size = paragraphs(model, screen.table)[-1]
    assert " ".join(lines) == said and tint == "last_move"
    assert lesson_text("strike", "done") in shown_texts(screen), "above it, the done text"
    layout = screen.table
    assert paragraphs_bottom(model, layout) <= layout.words.top + layout.room(), "it fits"
    # it is drawn: the panel differs there from the same panel without Blue's move
    area = pygame.Rect(layout.words.left, top, layout.words.width, len(lines) * size)
    with_line = app.surface.copy()
    screen.draw(with_line)
    kept, model.bot_move = model.bot_move, None
    without = app.surface.copy()
    screen.draw(without)
    model.bot_move = kept
    drawn = [pygame.image.tobytes(image.subsurface(area), "RGB") for image in (with_line, without)]
    assert drawn[0] != drawn[1], "the line is drawn"
    click_widget(app, screen.restart)
    assert model.bot_move is None
