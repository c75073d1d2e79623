"""The status line of a game across computers ("Waiting for Bo (another computer)",
"reconnecting…") stands in the table's free room: never over a seat's panel, a board, the
dice in hand, the prompt or the list of keys, at the smallest window, 1280x720 and
1920x1080."""

from __future__ import annotations

import pygame
import pytest

from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.i18n import t
from buttons_game.ui.netplay import NetPlay

from ..soak import quick_twins
from .conftest import step

SIZES = ((960, 600), (1280, 720), (1920, 1080))  # the smallest window first
NAMES = ("Ann", "Bo", "Cy", "Di")


class Waiting(NetPlay):
    """A link that waits for Bo's computer: the table's status line, with no network."""

    def __init__(self, text: str) -> None:
        self.text = text

    @property
    def closed(self) -> bool:
        return False

    def poll(self) -> bool:
        return False

    def status(self) -> str | None:
        return self.text


def seats(players: int) -> tuple[Seat, ...]:
    return (Seat(NAMES[0]), *(Seat(n, "easy") for n in NAMES[1:players]))


def kept_in_view(screen) -> list[pygame.Rect]:
    """What a player reads at the table: each seat's panel and board, the dice in hand and
    the prompt (BUTTONS); the board and both players' cards, the prompt (Kopf oder Knopf);
    and the keys; with a side panel at the right, whose log has room to spare at the start,
    the log's lines too (the strip under three boards has no such room)."""
    table, drawing = screen.table, screen.drawing
    assert drawing.keys_box.height > 0
    below = getattr(table, "below", False)
    spared = [drawing.keys_box, *([] if below else drawing.log_boxes)]
    if hasattr(table, "boards"):
        dice = table.dice[0].unionall(table.dice[1:])
        return [*(g.panel for g in table.boards), *(g.grid for g in table.boards), dice,
                table.prompt, *spared]  # fmt: skip
    prompt = pygame.Rect(table.text.topleft, (table.text.width, screen.px(24)))
    return [table.framed_board(), *table.cards, prompt, *spared]


CASES = [("buttons", 2), ("buttons", 3), ("buttons", 4), ("kopf", 2)]


@pytest.mark.parametrize(
    ("case", "size"),
    quick_twins(
        [(case, size) for case in CASES for size in SIZES],
        *[(case, (1280, 720)) for case in CASES],
        (("kopf", 2), (960, 600)),
        (("buttons", 3), (960, 600)),
        names=2,
    ),
)
@pytest.mark.parametrize(
    "words",
    ["net.ui.waiting_for", pytest.param("net.ui.reconnecting_guest", marks=pytest.mark.slow)],
)
def test_the_status_line_never_covers_a_seat_or_what_a_player_reads(make_app, case, size, words):
    game_id, players = case
    game = KopfGame.new(seats(2)) if game_id == "kopf" else Game.new(seats(players), seed=2)
    app = make_app(window=size)
    app.start_game(game)
    step(app, 2)
    text = t(words, name="Bo")
    app.net = Waiting(text)
    app.dirty = True
    step(app)
    boxes = app.notice_boxes
    assert len(boxes) == 1, (size, boxes)  # the status line is shown
    box = boxes[0]
    assert pygame.Rect((0, 0), size).contains(box)
    screen = app.top
    for rect in (*kept_in_view(screen), *(w.rect for w in screen.widgets if w.alive())):
        assert not box.colliderect(rect), (size, case, box, rect)
    app.net = None


def test_the_line_a_minute_later_is_drawn_without_a_key_or_a_move(make_app):
    """A guest's computer drops and nothing else happens at the host's table: a minute
    later the line offering a bot is drawn by itself, not at the next key or mouse move."""
    from .test_net_screens import hosted_with_a_guest, until

    app = make_app(net_port=0)
    lobby, guest = hosted_with_a_guest(app)
    try:
        net = app.net
        now = [1000.0]
        net.link.clock = lambda: now[0]
        guest.close()
        until(app, lambda: net.status() == t("net.ui.reconnecting_guest", name="Bo"))
        step(app, 3)
        frames = app.frames
        step(app, 3)
        assert app.frames == frames, "an idle table draws nothing"
        now[0] += 61
        step(app)
        assert app.frames > frames, "the new line is drawn"
        assert net.status() == t("net.ui.away_long", name="Bo")
    finally:
        guest.close()
