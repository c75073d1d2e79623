"""A seat's name is never broken over two lines at the table: not in the move log (both
games, the replays, the lessons), not in a passing word, a tooltip or a notice, however
the name is written ("花子", "ハナコ", "Anna Maria")."""

from __future__ import annotations

import pygame
import pytest

from buttons_game.core.kind import kind_of
from buttons_game.core.notes import Note
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.ui import notices
from buttons_game.ui.games.buttons.intents import Roll
from buttons_game.ui.play import view
from buttons_game.ui.play.model import note_text

from .conftest import run_until

NAMES = ("花子", "ハナコ", "山田太郎", "はなこ")


@pytest.fixture
def wrapped(monkeypatch):
    """Every text the shared kit wraps, with the lines it became."""
    calls: list[tuple[str, list[str]]] = []
    for module in (view, notices):
        real = module.wrap

        def spy(text, *args, real=real, **kwargs):
            lines = real(text, *args, **kwargs)
            calls.append((text, lines))
            return lines

        monkeypatch.setattr(module, "wrap", spy)
    return calls


def broken(calls: list[tuple[str, list[str]]], names=NAMES) -> list[tuple[str, list[str]]]:
    """The wrapped texts that hold a name some line does not hold whole."""
    return [
        (text, lines)
        for text, lines in calls
        for name in names
        if text.count(name) != sum(line.count(name) for line in lines)
    ]


def named(calls: list[tuple[str, list[str]]], names=NAMES) -> int:
    return sum(any(name in text for name in names) for text, _ in calls)


@pytest.mark.parametrize("kind", ["buttons", "kopf"])
def test_a_japanese_table_never_breaks_a_seat_name_in_its_log(make_app, wrapped, kind):
    app = make_app(window=(960, 600), language="ja")
    if kind == "buttons":
        app.start_game(Game.new(tuple(Seat(name, "easy") for name in NAMES), seed=5))
    else:
        app.start_game(KopfGame.new((Seat(NAMES[0], "easy"), Seat(NAMES[1], "easy"))))
    model = app.top.session.model
    run_until(app, lambda: len(model.log) >= 12, frames=3000)
    assert named(wrapped) and broken(wrapped) == [], "the table at 960x600"
    wrapped.clear()
    section = kind_of(model.game).log_section
    scratch = pygame.Surface((420, 2400))
    for width in range(90, 420, 3):  # a log of any width
        view.draw_notes(
            scratch, model.log, model.names, pygame.Rect(0, 0, width, 2400), 14, section
        )
    assert named(wrapped) > 100
    assert broken(wrapped) == []


def test_a_passing_word_a_tooltip_and_a_notice_keep_names_whole(make_app, wrapped):
    app = make_app(window=(960, 600), language="ja")
    app.start_game(Game.new(tuple(Seat(name) for name in NAMES), seed=5))
    model = app.top.session.model
    scratch = pygame.Surface((960, 600))
    model.passing = Note("game.round_start", "bad", (("name", 2),), (("n", 12),), in_log=False)
    text = note_text(model.passing, model.names)
    assert "山田太郎" in text
    board = pygame.Rect(0, 0, 0, 500)
    for width in range(100, 500, 3):
        board.width = width
        view.draw_passing(scratch, model, board, 1.0, 1.0)
    tip = "山田太郎の赤いボタンカード：持っているプレイヤーがラウンドを始めます。"
    for scale in (0.3, 0.35, 0.4, 0.45, 0.5, 0.6):
        view.draw_tooltip(scratch, tip, pygame.Rect(0, 0, 10, 10), scale, model.names)
    board_of_notices = notices.NoticeBoard(lambda: None)
    save = "花子、ハナコ、山田太郎、ラウンド3"
    board_of_notices.notify(f"「{save}」として保存しました。", "good", keep=(save,))
    for width in range(460, 960, 7):  # the save's name fits on a line
        notices.draw_notices(pygame.Surface((width, 600)), board_of_notices.items, 1.0)
    assert named(wrapped) > 150
    assert broken(wrapped, (*NAMES, save)) == []


@pytest.mark.parametrize(
    "widths", [(960,), pytest.param((1080, 1200), marks=pytest.mark.slow)], ids=["960", "wider"]
)
@pytest.mark.parametrize("kind", ["buttons", "kopf"])
def test_the_status_and_hint_lines_never_break_a_seat_name(make_app, monkeypatch, kind, widths):
    """The prompt above the log and the hint name the seats too (a bot's wait, a hot-seat
    hint): at any width a name stays on one line."""
    from buttons_game.ui.games.buttons import view as buttons_view
    from buttons_game.ui.games.kopf import view as kopf_view

    calls: list[tuple[str, list[str]]] = []
    unkept: list[str] = []  # texts with a name wrapped without being told the names
    module = buttons_view if kind == "buttons" else kopf_view
    real = module.wrap

    def spy(text, *args, **kwargs):
        lines = real(text, *args, **kwargs)
        calls.append((text, lines))
        if not {n for n in names if n in text} <= set(kwargs.get("keep", ())):
            unkept.append(text)
        return lines

    monkeypatch.setattr(module, "wrap", spy)
    names = ("タナカハナコ", "さくらこ", "ヤマダタロウ", "すずきいちろう")
    for width in widths:
        app = make_app(window=(width, 600), language="ja")
        if kind == "buttons":
            game = Game.new((Seat(names[0]), *(Seat(n, "easy") for n in names[1:])), seed=5)
        else:
            game = KopfGame.new((Seat(names[0]), Seat(names[1], "easy")))
        app.start_game(game)
        session = app.top.session
        session.request_hint()
        for _ in range(20):
            app.step(0.02, [])
            app.draw()
        if kind == "buttons":  # the bots decide on the gold space: "waiting for ..."
            session.perform(Roll())
            for _ in range(60):
                app.step(0.02, [])
                app.draw()
    assert named(calls, names) > 10
    assert broken(calls, names) == []
    assert unkept == []
