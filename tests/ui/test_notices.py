"""Notes at the foot of the window never cover a board: the table says where its boards
are and the notes go to the free part of the window, at every window size."""

from __future__ import annotations

import pygame
import pytest

from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.game import KopfGame

from .conftest import step

SIZES = ((960, 600), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
SOME_SIZES = SIZES[:2] + SIZES[3:4]  # the quick tier's (drawing 4K frames is what costs)
LONG = (
    "The game could not be saved to /home/someone/.local/share/buttons-game/saves: "
    "the disk is full. Free some space and save again from the menu."
)


def boards_of(screen) -> list[pygame.Rect]:
    """The boards as the table's layout has them: Kopf oder Knopf's squares with their
    letters and numbers, each BUTTONS seat's 6×6 spaces, name, stars and depot."""
    table = screen.table
    if hasattr(table, "boards"):
        return [g.panel for g in table.boards] + [g.grid for g in table.boards]
    return [table.board, table.framed_board()]


@pytest.mark.parametrize(
    "game",
    [
        KopfGame.new((Seat("Ann"), Seat("Bo", "easy"))),
        pytest.param(  # four seats' boards in the quick tier, two in the slow one
            Game.new((Seat("Ann"), Seat("Bo", "easy")), seed=2), marks=pytest.mark.slow
        ),
        Game.new((Seat("Ann"), Seat("Bo")) + tuple(Seat(n, "easy") for n in ("Cy", "Di")), seed=2),
    ],
    ids=["kopf", "buttons-2", "buttons-4"],
)
@pytest.mark.parametrize(
    "sizes", [SOME_SIZES, pytest.param(SIZES, marks=pytest.mark.slow)], ids=["some", "all"]
)
def test_notes_never_cover_a_board_at_any_window_size(make_app, game, sizes):
    app = make_app(window=sizes[0])
    app.start_game(game)
    step(app, 2)
    for size in sizes:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        step(app)
        assert app.surface.get_size() == size
        app.notify("Saved as “Sunday evening”.", "good")
        app.notify(LONG, "bad")
        app.notify("Bo placed a button at (3, 4).")
        app.dirty = True
        step(app)
        boxes = app.notice_boxes
        assert len(boxes) == 3, (size, boxes)  # every note is shown
        window = pygame.Rect((0, 0), size)
        for box in boxes:
            assert window.contains(box), (size, box)
            for board in boards_of(app.top):
                assert not box.colliderect(board), (size, box, board)
        app.notices.clear()


@pytest.mark.parametrize("size", [(1280, 720), pytest.param((1920, 1080), marks=pytest.mark.slow)])
@pytest.mark.parametrize("players", (2, 3, 4))
def test_notes_leave_the_dice_roll_and_the_prompt_in_view(make_app, size, players):
    """Beside the side panel at the right (two and four players) or in the strip under the
    boards (three): the notes stand clear of the boards and of what a player needs to go
    on, the dice in hand, Roll, Opt out and the prompt."""
    app = make_app(window=size)
    names = ("Ann", "Bo", "Cy", "Di")[:players]
    app.start_game(Game.new((Seat(names[0]),) + tuple(Seat(n, "easy") for n in names[1:]), seed=2))
    step(app, 2)
    table = app.top.table
    assert table.below == (players == 3)
    app.notify("Saved as “Sunday evening”.", "good")
    app.notify(LONG, "bad")
    app.notify("Sound off.")
    app.dirty = True
    step(app)
    boxes = app.notice_boxes
    # the strip's free end under three boards holds the newest note at least
    assert len(boxes) == 3 or (players == 3 and boxes), (size, players, boxes)
    dice = table.dice[0].unionall(table.dice[1:])
    for box in boxes:
        assert pygame.Rect((0, 0), size).contains(box)
        for rect in (*boards_of(app.top), dice, table.roll, table.opt_out, table.prompt):
            assert not box.colliderect(rect), (size, players, box, rect)


def test_a_note_taken_back_goes_and_the_others_stay():
    from buttons_game.ui.notices import NoticeBoard

    changes: list[int] = []
    board = NoticeBoard(lambda: changes.append(1))
    board.notify("waiting for the other copy", "bad")
    board.notify("saved", "good")
    changes.clear()
    board.withdraw("waiting for the other copy")
    assert [n.text for n in board.items] == ["saved"] and changes == [1]
    board.withdraw("never shown")
    assert [n.text for n in board.items] == ["saved"] and changes == [1]
