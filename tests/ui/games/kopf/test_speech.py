"""The Kopf oder Knopf table speaks (a recording voice): the cursor's square with its
piece's pairs and what they threaten, a cue for a piece in danger, the legal moves named
by their squares (played back by keys alone), and the question keys."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pygame

from buttons_game.games.buttons.game import Seat
from buttons_game.games.kopf.engine import Move
from buttons_game.games.kopf.engine.state import make_setup, start
from buttons_game.games.kopf.game import KopfGame
from buttons_game.games.kopf.narration import square_name
from buttons_game.i18n import t
from buttons_game.ui.games.kopf.screen import KopfScreen
from buttons_game.ui.play.speech import CUE_THREAT

from ...conftest import press, run_until, settle, step

COLUMNS = "abcdefghij"


def spoken(app) -> list[str]:
    return [said.text for said in app.voice.speaker.history]


def kopf_table(make_app, game: KopfGame) -> tuple:
    app = make_app()
    app.apply_settings(replace(app.settings, speech=True))
    assert app.voice.start()
    app.start_game(game)
    settle(app)
    assert isinstance(app.top, KopfScreen)
    return app, app.top


def go_to(app, screen, square: tuple[int, int]) -> None:
    """The cursor to ``square`` by arrow keys alone, as a player who hears it would."""
    if screen.model.cursor is None:
        press(app, pygame.K_RETURN)  # the cursor comes onto the board
    row, col = screen.model.cursor
    for _ in range(abs(square[0] - row)):
        press(app, pygame.K_DOWN if square[0] > row else pygame.K_UP)
    for _ in range(abs(square[1] - col)):
        press(app, pygame.K_RIGHT if square[1] > col else pygame.K_LEFT)


def test_the_legal_moves_are_said_by_their_squares_and_played_back_by_keys(make_app):
    app, screen = kopf_table(make_app, KopfGame.new((Seat("Ann"), Seat("Bo"))))
    press(app, pygame.K_l)
    answer = spoken(app)[-1]
    head, _, items = answer.partition(":")
    moves = [re.findall(r"\b([a-j])(\d+)\b", item) for item in items.split(";")]
    legal = screen.session.state.legal_actions()
    assert int(re.findall(r"\d+", head)[0]) == len(legal) == len(moves)
    named = {
        (int(a[1]), COLUMNS.index(a[0]) + 1, int(b[1]), COLUMNS.index(b[0]) + 1) for a, b in moves
    }
    assert named == {(m.from_row, m.from_col, m.to_row, m.to_col) for m in legal}
    r1, c1, r2, c2 = sorted(named)[0]
    go_to(app, screen, (r1, c1))
    press(app, pygame.K_RETURN)
    go_to(app, screen, (r2, c2))
    press(app, pygame.K_RETURN)
    settle(app)
    assert screen.session.state.history()[-1] == Move(r1, c1, r2, c2)
    line = t(
        "kopf_log.move", name="Ann", **{"from": square_name(r1, c1), "to": square_name(r2, c2)}
    )
    assert line in spoken(app)


def test_the_cursor_says_a_piece_s_pair_and_what_it_threatens_and_a_danger_has_its_cue(
    make_app,
):
    board = [[1] * 10 for _ in range(10)]
    board[4][4] = 2
    # Blue to move: red's pair e5-f5 (reach 3) threatens blue's i5; blue's pair a1-b1
    # threatens nothing; red's i9 stands alone.
    red = [(5, 5), (5, 6), (9, 9)]
    blue = [(5, 9), (1, 1), (1, 2), (7, 5), (7, 7)]
    setup = make_setup(board=board, pieces=(red, blue), target=14, to_move=1)
    app, screen = kopf_table(make_app, KopfGame((Seat("Ann"), Seat("Bo")), start(setup)))
    cues: list[str] = []
    screen.session.sound = cues.append
    go_to(app, screen, (5, 5))
    said = spoken(app)[-1]
    assert said.startswith(
        t("table_speech.kopf_piece", square="e5", colour=t("colour.red"), count=2)
    )
    assert t("table_speech.kopf_pair_threat", partner="f5", squares="i5") in said
    go_to(app, screen, (5, 9))  # blue's piece in danger: said, and its cue
    assert said != spoken(app)[-1]
    assert spoken(app)[-1].endswith(t("table_speech.kopf_in_danger"))
    assert cues[-1] == CUE_THREAT
    press(app, pygame.K_d)
    assert spoken(app)[-1] == t("table_speech.kopf_danger", count=1, items="i5")
    press(app, pygame.K_e)
    assert spoken(app)[-1] == t("table_speech.kopf_reach", count=0, items="")
    press(app, pygame.K_i)
    assert spoken(app)[-1].startswith(t("table_speech.kopf_mine", count=5, items="")[:10])
    press(app, pygame.K_g)
    assert spoken(app)[-1] == t("table_speech.kopf_groups", count=0, items="")
    press(app, pygame.K_c)
    assert "Ann" in spoken(app)[-1] and "Bo" in spoken(app)[-1]
    press(app, pygame.K_b)
    assert "e5" in spoken(app)[-1] and "i5" in spoken(app)[-1]


def test_the_replay_viewer_says_its_position_and_what_the_action_did(make_app):
    game = KopfGame.new((Seat("Ann"), Seat("Bo")))
    for _ in range(3):
        game = game.apply(sorted(game.state.legal_actions(), key=repr)[0])
    app = make_app()
    app.apply_settings(replace(app.settings, speech=True))
    assert app.voice.start()
    app.show_menu()
    app.show_replay(game)
    step(app, 2)
    assert spoken(app)[-1] == t("table_speech.replay_start", total=3)
    press(app, pygame.K_RIGHT)
    first = game.state.history()[0]
    move = t(
        "kopf_log.move",
        name="Ann",
        **{
            "from": square_name(first.from_row, first.from_col),
            "to": square_name(first.to_row, first.to_col),
        },
    )
    assert spoken(app)[-1].startswith(t("table_speech.replay", ply=1, total=3, lines=""))
    assert move in spoken(app)[-1]


def test_game_over_says_who_won_and_why(make_app):
    rng = random.Random(1)
    game = KopfGame.new((Seat("Anna"), Seat("Ben", "hard")))
    while not game.state.is_over():
        game = game.apply(rng.choice(game.state.legal_actions()))
    app = make_app()
    app.apply_settings(replace(app.settings, speech=True))
    assert app.voice.start()
    app.show_game_over(game)
    step(app, 2)
    title, why = app.top.headline()
    said = spoken(app)[-1]
    assert said.startswith(t("over.title")) and " ".join(title.split()) in said


def test_a_lesson_says_its_text_and_the_next_lesson_its_own(make_app):
    from buttons_game.games.kopf.lessons import LESSONS
    from buttons_game.ui.games.kopf.lesson_screen import KopfLessonScreen

    app = make_app()
    app.apply_settings(replace(app.settings, speech=True))
    assert app.voice.start()
    app.show_tutorial("kopf", 0)
    settle(app)
    screen = app.top
    assert isinstance(screen, KopfLessonScreen)
    intro = t(LESSONS[0].text_key("intro"), **LESSONS[0].values())
    assert any(" ".join(intro.split()) in text for text in spoken(app))
    screen.session.show_me()  # solved: the done text is said
    run_until(app, lambda: screen.model.solved, frames=400)
    step(app, 2)
    done = t(LESSONS[0].text_key("done"), **LESSONS[0].values())
    assert any(" ".join(done.split()) in text for text in spoken(app))
    screen.start_lesson(1)
    title = t(LESSONS[1].text_key("title"))
    assert title in spoken(app)[-2] or title in spoken(app)[-1]


def test_speech_turned_on_at_the_table_says_whose_turn(make_app):
    app = make_app()
    app.start_game(KopfGame.new((Seat("Ann"), Seat("Bo"))))
    settle(app)
    press(app, pygame.K_F12)
    said = [text for text in spoken(app) if text != t("speech.on")]
    assert said and said[0].startswith(t("kopf.choose_piece_prompt", name="Ann"))
