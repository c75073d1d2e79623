"""Tooltips one or two lines wide, in every language, placed off the boards being decided on."""

from __future__ import annotations

import i18n
import pygame
import pytest

from buttons_game.games.buttons.engine import Place
from buttons_game.i18n import t
from buttons_game.ui.games.buttons.view import deciding_boards, gold_spaces
from buttons_game.ui.headless import new_game_from_options
from buttons_game.ui.play.view import tooltip_box
from buttons_game.ui.scenes import mid_game
from buttons_game.ui.tooltips import MAX_LINES, fit_width, place_tip

from ..soak import quick_twins
from .conftest import press, settle

LANGUAGES = ("en", "de", "fr", "it", "ja")
WIDGET_TIPS = ("game.roll_tip", "game.opt_out_tip", "game.place_tip", "game.skip_tip",
               "game.undo_tip", "game.hint_tip", "kopf.threats_tip")  # fmt: skip
LONG = 300  # a tooltip of a long text is at least this wide (pixels at 1280x720)


def test_a_width_fits_the_text_in_one_line_or_two():
    def lines(width: int) -> int:  # 1000 px of text in words of 50 px
        return -(-1000 // (width // 50 * 50))

    assert fit_width(lines, 200, 460, 1200) == 200, "short: as wide as the text"
    width = fit_width(lines, 1000, 460, 1200)
    assert lines(width) <= 2 and 500 <= width < 560
    assert fit_width(lines, 3000, 460, 900) == 900, "never wider than the room"


def test_a_tip_goes_beside_its_target_and_off_the_boards():
    window = pygame.Rect(0, 0, 1280, 720)
    board = pygame.Rect(100, 100, 500, 500)
    space = pygame.Rect(300, 300, 40, 40)  # a space on the board deciding
    tip = place_tip((300, 60), space, window, [board])
    assert window.contains(tip) and not tip.colliderect(board) and not tip.colliderect(space)
    near = place_tip((300, 60), pygame.Rect(900, 300, 80, 40), window)
    assert near.top == 346, "nothing to avoid: right under what it explains"


@pytest.mark.parametrize("size", quick_twins([(1280, 720), (1920, 1080)], (1280, 720)))
def test_widget_tooltips_are_one_or_two_lines_in_every_language(make_app, size):
    app = make_app(window=size)
    app.show_menu()
    settle(app)
    widget = app.top.widgets[0]
    try:
        for language in LANGUAGES:
            i18n.set("locale", language)
            app.manager.set_locale(language)
            for key in WIDGET_TIPS:
                tip = app.manager.create_tool_tip(
                    f"buttons.{key}", widget.rect.center, (0, 10), widget, None
                )
                rows = tip.text_block.text_box_layout.layout_rows
                assert len(rows) <= MAX_LINES, (language, key, len(rows))
                shown = "".join(getattr(chunk, "text", "") for row in rows for chunk in row.items)
                assert shown.replace(" ", "") == t(key).replace(" ", ""), "no dashes, nothing lost"
                assert app.surface.get_rect().contains(tip.rect)
                if len(t(key)) > 60:
                    assert tip.rect.width >= LONG * app.scale, (language, key, tip.rect)
                tip.kill()
    finally:
        i18n.set("locale", "en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_table_tooltips_are_one_or_two_lines(make_app, language):
    make_app(window=(1280, 720))  # the fonts: the test no longer leans on an earlier test's app
    i18n.set("locale", language)
    try:
        window = pygame.Rect(0, 0, 1280, 720)
        anchor = pygame.Rect(600, 300, 40, 40)
        names = ["Anna", "Ben"]
        for text in (t("game.card_red_tip", name="Anna", colour=t("colour.red")),
                     t("game.die_gold"), t("game.gold_space_tip")):  # fmt: skip
            box, lines = tooltip_box(window, text, anchor, 1.0, names)
            assert 1 <= len(lines) <= MAX_LINES, (text, lines)
            assert box.width >= LONG and window.contains(box)
    finally:
        i18n.set("locale", "en")


def hover_tip(app, pos: tuple[int, int]) -> pygame.Rect | None:
    screen = app.top
    screen.model.pointer = pos
    return screen.drawing.draw_tooltip(app.surface, screen.model, screen.table)


@pytest.mark.parametrize("size", [(1280, 720), pytest.param((1920, 1080), marks=pytest.mark.slow)])
@pytest.mark.parametrize(
    ("players", "humans"), quick_twins([(2, 2), (3, 3), (3, 2), (4, 2)], (2, 2), (4, 2), names=2)
)
def test_card_and_gold_space_tips_stay_off_the_boards_deciding(make_app, size, players, humans):
    app = make_app(window=size)
    app.start_game(mid_game(players, humans=humans))
    settle(app)
    screen = app.top
    model, layout = screen.model, screen.table
    clear = deciding_boards(model, layout)
    assert clear, "someone is deciding"
    clear += [g.actions for g in layout.boards if g.seat in model.gold_seats()]  # Place, Skip
    clear += [w.rect for w in screen.widgets]  # drawn over the table
    window = app.surface.get_rect()
    hovered = 0
    for g in layout.boards:
        for card in g.card_rects(len(model.state.cards(g.seat))):
            tip = hover_tip(app, card.center)
            assert tip is not None and window.contains(tip)
            assert not any(tip.colliderect(b) for b in clear), (g.seat, tip, clear)
            hovered += 1
        if g.seat in model.gold_seats():
            for row, col in gold_spaces(model, g.seat):
                tip = hover_tip(app, g.cell_rect(row, col).center)
                assert tip is not None and window.contains(tip)
                assert not any(tip.colliderect(b) for b in clear), (g.seat, tip, clear)
                hovered += 1
    assert hovered >= players


def low_gold_game(players: int, humans: int):
    """A game stopped with a gold space in the board's lowest two rows, right above its
    Place / Skip buttons (the first such seed from 7 on)."""
    for seed in range(7, 200):
        game = mid_game(players, humans=humans, seed=seed)
        state = game.state
        for p in state.pending_players:
            if p != state.active_player and p < humans:
                rows = {a.row for a in state.legal_actions(p) if isinstance(a, Place)}
                if rows and min(rows) >= 5:
                    return game
    raise AssertionError("no such game")


@pytest.mark.parametrize("size", [(1280, 720), pytest.param((1920, 1080), marks=pytest.mark.slow)])
@pytest.mark.parametrize(
    ("players", "humans"), quick_twins([(2, 2), (3, 2), (3, 3)], (3, 2), names=2)
)
def test_a_low_gold_spaces_tip_leaves_the_widgets_in_view(make_app, size, players, humans):
    app = make_app(window=size)
    app.start_game(low_gold_game(players, humans))
    settle(app)
    screen = app.top
    model, layout = screen.model, screen.table
    clear = deciding_boards(model, layout)
    shown = 0
    for seat in screen.gold_buttons:
        g = layout.boards[seat]
        for row, col in gold_spaces(model, seat):
            tip = hover_tip(app, g.cell_rect(row, col).center)
            assert tip is not None and app.surface.get_rect().contains(tip)
            assert not any(tip.colliderect(w.rect) for w in screen.widgets), "under a widget"
            assert not any(tip.colliderect(b) for b in clear), (tip, clear)
            shown += 1
    assert shown


@pytest.mark.parametrize("size", quick_twins([(1280, 720), (1920, 1080)], (1280, 720)))
def test_the_place_buttons_tooltip_stays_off_the_boards_deciding(make_app, size):
    app = make_app(window=size)
    app.start_game(mid_game(3))
    settle(app)
    screen = app.top
    assert screen.gold_buttons
    clear = deciding_boards(screen.model, screen.table)
    for place, skip in screen.gold_buttons.values():
        for button in (place, skip):
            button.hover_time = button.tool_tip_delay + 0.1  # hovered long enough
            button.while_hovering(0.05, button.rect.center)
            tip = button.tool_tip
            assert tip is not None, "the tooltip shows"
            assert len(tip.text_block.text_box_layout.layout_rows) <= MAX_LINES
            assert app.surface.get_rect().contains(tip.rect)
            assert not tip.rect.colliderect(button.rect)
            assert not any(tip.rect.colliderect(b) for b in clear), (tip.rect, clear)


@pytest.mark.parametrize("size", quick_twins([(1280, 720), (1920, 1080)], (1280, 720)))
def test_a_gold_spaces_tip_is_never_under_a_widget(make_app, size):
    """Two people and a bot; the second person rolls: the first decides on the gold space."""
    app = make_app(window=size, seed=5, seats=(None, None, "medium"))
    app.start_game(new_game_from_options(app.options))
    settle(app)
    press(app, pygame.K_r)
    settle(app)
    screen = app.top
    model, layout = screen.model, screen.table
    assert model.gold_seats()
    for seat in model.gold_seats():
        g = layout.boards[seat]
        for row, col in gold_spaces(model, seat):
            tip = hover_tip(app, g.cell_rect(row, col).center)
            assert tip is not None
            assert not any(tip.colliderect(w.rect) for w in screen.widgets), "under a widget"
            assert not any(tip.colliderect(b) for b in deciding_boards(model, layout))
