"""BUTTONS' pieces: see-through plastic buttons over the printed spaces, gold stars, dice,
and a space's looks (placed, hovered, legal, refused) told apart, also colour-blind."""

from __future__ import annotations

import itertools

import pygame
import pytest

from buttons_game.games.buttons.engine.board import bit
from buttons_game.ui import art, pieces
from buttons_game.ui.games.buttons.boards import BoardView, Marks
from buttons_game.ui.games.buttons.view import TableLayout
from buttons_game.ui.scenes import mid_game
from buttons_game.ui.theme import ui_scale
from buttons_game.ui.vision import simulate

from ....soak import quick_twins

SIZE = (1280, 720)


@pytest.fixture
def app(make_app):
    art.show_symbols = True
    yield make_app(window=SIZE)
    art.show_symbols = True


def distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a[:3], b[:3])) ** 0.5


@pytest.mark.parametrize("d", quick_twins([12, 31, 64], 12))
def test_the_sprites_have_the_size_asked_for(app, d):
    assert art.glass_button(d, "red").get_size() == (d, d)
    assert art.glass_button(d).get_size() == (d, d)
    assert pieces.lifted(d, "blue").get_size() == (d, d + pieces.lift(d))
    assert pieces.option(d, "legal").get_size() == (d, d)
    assert pieces.refused(d).get_size() == (d, d)
    assert art.star(d).get_size() == (d, d)
    for kind in ("white", "gold", "plain"):
        assert art.die(kind, 5, d).get_size() == (d, d)
    assert pieces.card((d, d + 3)).get_size() == (d, d + 3)


def printed_space(name: str, d: int, placed: bool) -> pygame.Surface:
    """A space of the board as printed (the card and the printed button), with the
    plastic button of its colour on it when ``placed``."""
    s = pygame.Surface((d, d))
    s.fill(art.colour("board"))
    s.blit(art.printed_button(name, d), (0, 0))
    if placed:
        s.blit(art.glass_button(d, name), (0, 0))
    return s


@pytest.mark.parametrize("name", quick_twins(["red", "blue", "green"], "red"))
def test_a_placed_button_lets_the_printed_symbol_show_through(app, name):
    d = 64
    centre = (d // 2, d // 2)
    symbol = art.colour("symbol")
    plain = pieces.plastic_colour(name)  # a flat disc of the button's colour shows this
    bare = printed_space(name, d, placed=False).get_at(centre)
    assert distance(bare, symbol) < 10, "the printed symbol lies under the centre"
    seen = printed_space(name, d, placed=True).get_at(centre)
    assert distance(seen, plain) > 40, "not the plastic's plain colour"
    assert distance(seen, symbol) < distance(plain, symbol) * 0.8, "the symbol shows through"
    # and the plastic is there: the symbol is tinted, not bare
    assert distance(seen, bare) > 15


def space_looks(app) -> dict[str, pygame.Surface]:
    """One empty space of seat 0 drawn placed, hovered, legal and refused."""
    state = mid_game(2, seed=11).state
    layout = TableLayout.compute(SIZE, 2, ui_scale(SIZE))
    g = layout.boards[0]
    taken = state.button_mask(0) | state.star_mask(0)
    row, col = next((r, c) for r in range(1, 7) for c in range(1, 7) if not taken & bit(r, c))
    rect = g.cell_rect(row, col)
    placed_state = state._replace(
        buttons=tuple(
            mask | bit(row, col) if seat == 0 else mask
            for seat, mask in enumerate(state._buttons)  # type: ignore[attr-defined]
        )
    )
    looks = {
        "placed": (placed_state, Marks()),
        "hovered": (state, Marks(legal={0: {(row, col)}}, hover=(0, row, col))),
        "legal": (state, Marks(legal={0: {(row, col)}})),
        "refused": (state, Marks(flash=(0, row, col))),
    }
    drawn = {}
    for look, (shown, marks) in looks.items():
        surface = pygame.Surface(SIZE)
        surface.fill(art.colour("background"))
        BoardView().draw(surface, shown, layout.boards, ["Ann", "Bo"], marks)
        drawn[look] = surface.subsurface(rect).copy()
    return drawn


def mean_distance(a: pygame.Surface, b: pygame.Surface) -> float:
    w, h = a.get_size()
    total = sum(distance(a.get_at((x, y)), b.get_at((x, y))) for x in range(w) for y in range(h))
    return total / (w * h)


def test_placed_hovered_legal_and_refused_spaces_are_clearly_different(app):
    looks = space_looks(app)
    for vision in (None, "deuteranopia", "protanopia"):
        seen = {k: v if vision is None else simulate(v, vision) for k, v in looks.items()}
        for a, b in itertools.combinations(seen, 2):
            gap = mean_distance(seen[a], seen[b])
            assert gap > 60, f"{a} and {b} look alike ({vision or 'normal'} vision): {gap:.1f}"


def test_the_keyboard_holds_a_button_above_a_space_it_may_go_to(app):
    state = mid_game(2, seed=11).state
    layout = TableLayout.compute(SIZE, 2, ui_scale(SIZE))
    g = layout.boards[0]
    taken = state.button_mask(0) | state.star_mask(0)
    free = [(r, c) for r in range(1, 7) for c in range(1, 7) if not taken & bit(r, c)]
    space, other = free[0], free[1]

    def drawn(marks: Marks) -> pygame.Surface:
        surface = pygame.Surface(SIZE)
        BoardView().draw(surface, state, layout.boards, ["Ann", "Bo"], marks)
        return surface.subsurface(g.cell_rect(*space)).copy()

    cursor = (0, *space)
    held = drawn(Marks(legal={0: {space}}, cursor=cursor, hover=cursor))
    by_keys = drawn(Marks(legal={0: {space}}, cursor=cursor))
    assert mean_distance(by_keys, held) == 0, "the keyboard's space shows the held button"
    not_legal = drawn(Marks(legal={0: {other}}, cursor=cursor))
    assert mean_distance(not_legal, held) > 30, "no button held over a space it may not go to"


def test_the_board_is_printed_card_with_a_darker_lip_and_a_shadow(app):
    from buttons_game.ui import textures

    cell, label = 64, 40
    board = BoardView().static_board("1A", cell, label)
    top_left = label - 4  # the board reaches 4 px beyond its spaces
    width = 6 * cell + 8
    lip = 4
    card = textures.tile("card", (width - lip, width - lip))
    between = (label + cell, label + 2 * cell)  # where four spaces meet: bare card
    assert board.get_at(between) == card.get_at((between[0] - top_left, between[1] - top_left))
    middle = top_left + width // 2
    edge = board.get_at((top_left + width - 2, middle))  # the board's thickness, at its right
    assert distance(edge, art.colour("board_edge")) < 3
    face = card.get_at((width // 2, width // 2))
    assert sum(edge[:3]) < sum(face[:3]) - 120, "the lip is darker than the printed face"
    shadow = board.get_at((top_left + width + 1, middle))  # beyond the board: its shadow
    assert 0 < shadow.a < 255 and max(shadow[:3]) < 40
