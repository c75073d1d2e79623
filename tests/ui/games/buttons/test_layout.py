"""Where the BUTTONS table puts its boards: as large as the window allows, each one in the
middle of its seat's room, nothing overlapping, no empty band above the names, at every
window size and seat count; the game-over screen's final boards likewise."""

from __future__ import annotations

import itertools

import pygame
import pytest

from buttons_game.games.buttons.engine import Phase
from buttons_game.ui import world
from buttons_game.ui.games.buttons.board_geometry import BoardGeometry, board_rect
from buttons_game.ui.games.buttons.game_over import final_boards
from buttons_game.ui.games.buttons.summary import SummaryScreen
from buttons_game.ui.games.buttons.view import TableLayout
from buttons_game.ui.play.layers import RADIUS
from buttons_game.ui.scenes import mid_game
from buttons_game.ui.theme import ui_scale

from ...conftest import settle, step
from .printed import printed_pixel

SIZES = ((960, 600), (1024, 768), (1280, 720), (1366, 768), (1600, 900), (1920, 1080))
EVERY_SIZE = (
    *SIZES,
    (1280, 800),
    (1440, 900),
    (2560, 1080),
    (2560, 1440),
    (3440, 1440),
    (3840, 2160),
)
# The acceptance figures: a board's side (six spaces) in pixels, at least.
LARGEST = {
    ((1366, 768), 2): 482,
    ((1366, 768), 3): 310,
    ((1366, 768), 4): 290,
    ((1920, 1080), 2): 677,
    ((1920, 1080), 3): 439,
    ((1920, 1080), 4): 396,
}


def parts(g: BoardGeometry) -> list[pygame.Rect]:
    """Everything a seat's panel shows, besides its board."""
    return [g.name, g.stars, *g.cards, g.depot, g.status, *g.tally, g.actions]


def check_boards(boards: list[BoardGeometry], size: tuple[int, int], others: list[pygame.Rect]):
    """Each board in the middle of its room, within its panel with all its parts; no panel
    overlapping another or ``others``; everything inside the window."""
    window = pygame.Rect((0, 0), size)
    for g in boards:
        drawn = board_rect(g)
        assert abs(drawn.centerx - g.room.centerx) <= 2, (size, g.seat, drawn, g.room)
        assert abs(drawn.centery - g.room.centery) <= 2, (size, g.seat, drawn, g.room)
        assert g.room.contains(drawn) and g.panel.contains(g.room)
        assert window.contains(g.panel)
        for rect in parts(g):
            assert g.panel.contains(rect), (size, g.seat, rect)
            assert not rect.colliderect(drawn), "the board's parts stay off the board"
        for other in others:
            assert not g.panel.colliderect(other), (size, g.seat, other)
    for a, b in itertools.combinations(boards, 2):
        assert not a.panel.colliderect(b.panel), (size, a.seat, b.seat)


@pytest.mark.parametrize(("size", "players"), sorted(LARGEST))
def test_the_boards_are_as_large_as_the_window_allows(size, players):
    layout = TableLayout.compute(size, players, ui_scale(size))
    for g in layout.boards:
        assert 6 * g.cell >= LARGEST[size, players], (size, players, 6 * g.cell)


@pytest.mark.parametrize("size", EVERY_SIZE)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_each_board_stands_in_the_middle_of_its_room_and_nothing_overlaps(size, players):
    layout = TableLayout.compute(size, players, ui_scale(size))
    window = pygame.Rect((0, 0), size)
    check_boards(layout.boards, size, [layout.side, layout.top_bar])
    assert window.contains(layout.side) and window.contains(layout.top_bar)
    assert not layout.side.colliderect(layout.top_bar)
    for rect in (*layout.dice, layout.roll, layout.opt_out, layout.prompt, layout.log):
        assert layout.side.contains(rect), "the side panel holds its dice and buttons"
    header = (layout.undo, layout.hint, layout.menu)
    for rect in header:
        assert layout.top_bar.contains(rect), "Undo, Hint and Menu in the header"
    for a, b in itertools.combinations(header, 2):
        assert not a.colliderect(b)
    room = layout.undo.left - layout.top_bar.left
    assert room >= layout.top_bar.width // 4, "room for the round and who starts it"
    assert len({g.cell for g in layout.boards}) == 1, "every board the same size"


@pytest.mark.parametrize("size", EVERY_SIZE)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_final_boards_stand_in_the_middle_of_their_rooms(size, players):
    arrangement = final_boards(size, players, ui_scale(size))
    # the headline across the window's top; in the strip when the strip is under the boards
    tall = 0 if arrangement.below else int(round(128 * ui_scale(size)))
    headline = pygame.Rect(0, 0, size[0], tall)
    check_boards(arrangement.boards, size, [arrangement.side, headline])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_no_empty_band_above_the_names_or_below_the_board(size, players):
    scale = ui_scale(size)
    layout = TableLayout.compute(size, players, scale)
    pad = max(6, int(8 * scale))
    for g in layout.boards:
        assert g.name.top - g.panel.top <= pad, "the name stands at the top of its panel"
        if not g.beside:
            assert g.panel.bottom - g.actions.bottom <= pad + 1, "Place / Skip end the panel"
            gap = g.grid.top - g.label - g.tally[0].bottom
            assert gap <= 2 * pad, "the board follows the information above it"
        else:
            assert g.panel.bottom - board_rect(g).bottom <= pad + 1, "the board ends the panel"
    bar, area = layout.top_bar, layout.board_area
    assert bar.bottom == min(g.panel.top for g in layout.boards), "the round's title above them"
    floor = layout.side.top if layout.below else size[1]  # the strip below, or the window's foot
    above, below = bar.top, floor - area.bottom
    assert abs(above - below) <= max(2, int(10 * scale)) + 1, "title and boards in the middle"
    assert bar.height <= round(32 * scale), "a compact header"


def test_the_drawn_board_stands_in_the_middle_of_its_panel(make_app):
    """Measured on the pixels: from the first dice label on the left to the end of the
    wooden board's shadow on the right, against the panel's borders."""
    app = make_app(window=(1366, 768))
    app.start_game(mid_game(3, humans=2))
    settle(app)
    table = app.top.table
    surface = app.surface
    for g in table.boards:
        felt = world.mat(g.panel.size, RADIUS)  # the panel's mat: a texture, no one colour

        def background(x: int, y: int, g: BoardGeometry = g, felt: pygame.Surface = felt) -> bool:
            at = (x - g.panel.left, y - g.panel.top)
            return surface.get_at((x, y))[:3] == felt.get_at(at)[:3]

        y = g.grid.top + g.cell // 2  # through the first row's dice label
        inside = range(g.panel.left + 6, g.panel.right - 6)
        xs = [x for x in inside if not background(x, y)]
        assert xs, "the board is drawn"
        y = g.grid.top + g.cell  # between two rows: the shadow at the board's right
        right = max(x for x in inside if not background(x, y))
        left = xs[0] - g.panel.left
        assert abs(left - (g.panel.right - 1 - right)) <= 3, (g.seat, left, right)


def test_the_round_s_summary_leaves_the_boards_in_view(make_app):
    """The scoring stands in the side panel's place: every board still shows, undimmed."""
    app = make_app(window=(1280, 720))
    app.start_game(mid_game(4, humans=4, phase=Phase.STARS))
    step(app, 2)
    summary = app.top
    assert isinstance(summary, SummaryScreen)
    table = summary.table
    assert summary.rect == table.side, "in the side panel's place"
    state = summary.session.state
    for g in table.boards:
        assert not summary.rect.colliderect(g.panel)
        x, y = g.grid.left + 2, g.grid.top + g.cell  # the card between two rows
        board = printed_pixel(state, g, (x, y))[:3]
        assert app.surface.get_at((x, y))[:3] == board, "the board is not dimmed"
    assert summary.button.rect.bottom <= summary.rect.bottom


@pytest.mark.parametrize("size", EVERY_SIZE)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_side_panel_goes_below_exactly_when_the_boards_grow_by_it(size, players):
    scale = ui_scale(size)
    chosen = TableLayout.compute(size, players, scale)
    at_right = TableLayout.compute(size, players, scale, strip=False)
    assert not at_right.below
    assert chosen.boards[0].cell >= at_right.boards[0].cell, "the largest boards win"
    assert chosen.below == (chosen.boards[0].cell > at_right.boards[0].cell), "a tie: at right"


@pytest.mark.parametrize("size", ((1280, 720), (1920, 1080)))
def test_three_players_at_16_9_fill_the_window_with_the_panel_below(size):
    """The boards a third of the width each; header, boards and strip leave no band."""
    scale = ui_scale(size)
    layout = TableLayout.compute(size, 3, scale)
    assert layout.below, "the side panel is a strip under the boards"
    window = pygame.Rect((0, 0), size)
    strip, bar, area = layout.side, layout.top_bar, layout.board_area
    check_boards(layout.boards, size, [strip, bar])
    assert window.contains(strip) and strip.width >= size[0] * 0.97, "the window's width"
    band = size[1] * 0.05
    assert bar.top <= band, "no band above the header"
    assert strip.top - area.bottom <= band, "no band between the boards and the strip"
    assert size[1] - strip.bottom <= band, "no band under the strip"
    assert area.width >= size[0] * 0.95, "the boards take the window's width"
    assert 6 * layout.boards[0].cell >= {1280: 350, 1920: 520}[size[0]]
    for g in layout.boards:
        assert abs(board_rect(g).centerx - g.panel.centerx) <= 2, "in the middle of its seat"
    columns = [
        layout.dice[0].unionall(layout.dice[1:]),
        layout.roll.union(layout.opt_out),
        layout.prompt,
        layout.log,
        layout.keys,
    ]
    for rect in columns:
        assert strip.contains(rect), rect
    for a, b in itertools.combinations(columns, 2):
        assert not a.colliderect(b), "the strip's columns side by side"


def test_the_round_s_summary_takes_the_strip_below_the_boards(make_app):
    """Three players at 1280x720: the scoring in the strip, one column per seat, the
    boards as large as in play and undimmed."""
    app = make_app(window=(1280, 720))
    app.start_game(mid_game(3, humans=3, phase=Phase.STARS))
    step(app, 2)
    summary = app.top
    assert isinstance(summary, SummaryScreen)
    table = summary.table
    play = TableLayout.compute((1280, 720), 3, ui_scale((1280, 720)))
    assert table.below and summary.rect == table.side
    assert [g.grid for g in table.boards] == [g.grid for g in play.boards], "boards unmoved"
    columns = summary.seat_columns()
    assert len(columns) == 3
    for rect in (*columns, summary.button.rect):
        assert summary.rect.contains(rect)
    for a, b in itertools.combinations([*columns, summary.button.rect], 2):
        assert not a.colliderect(b)
    for g in table.boards:
        assert not summary.rect.colliderect(g.panel)
        point = (g.grid.left + 2, g.grid.top + g.cell)
        assert app.surface.get_at(point) == printed_pixel(summary.session.state, g, point)
