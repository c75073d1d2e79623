"""Rules: each game's summary, and its full rules as shipped (docs/rules-<game>.md) in a
scrollable box, with a way back."""

from __future__ import annotations

import html
import re

import pygame
import pygame_gui
import pytest

from buttons_game.ui.screens.document import markdown_html, rules_text
from buttons_game.ui.screens.menu import MainMenu
from buttons_game.ui.screens.rules import RulesScreen
from buttons_game.ui.text import pieces

from .conftest import click_widget, press, settle, step
from .test_line_breaks import box_rows


def shown(box) -> str:
    return pygame_gui.core.utility.translate(box.html_text)


def test_full_rules_show_the_shipped_document_scroll_and_go_back(make_app):
    app = make_app(window=(1280, 720))
    app.push(MainMenu(app))
    app.show_rules()
    step(app, 2)
    screen = app.top
    assert "five stars in a line" in shown(screen.text), "the summary comes first"
    click_widget(app, screen.full_rules)
    assert screen.full and screen.screenshot_key() == "rules-full"
    text = shown(screen.text)
    assert "Ruling" in text and "supply is unlimited in the app" in text
    assert "seeds/" not in text and "**" not in text, "no missing file, no Markdown marks"
    bar = screen.text.scroll_bar
    assert bar is not None, "the full rules are longer than the box: it scrolls"
    settle(app)
    press(app, pygame.K_PAGEDOWN)
    assert bar.start_percentage > 0
    press(app, pygame.K_END)
    assert bar.start_percentage + bar.visible_percentage > 0.99, "End shows the last lines"
    press(app, pygame.K_HOME)
    assert bar.start_percentage == 0
    click_widget(app, screen.tabs[1])  # the other game's full rules
    assert "forbidden group" in shown(screen.text) and screen.full
    click_widget(app, screen.back)  # back to the summary
    assert isinstance(app.top, RulesScreen) and not screen.full
    assert screen.full_rules is not None and "Full rules" not in shown(screen.text)
    click_widget(app, screen.full_rules)
    press(app, pygame.K_ESCAPE)  # Esc: back to the summary too
    assert isinstance(app.top, RulesScreen) and not screen.full
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu)


def test_the_shipped_rules_become_the_text_boxs_html():
    html = markdown_html(
        "# Title\n\nA **bold** word, `code` and [a link](other.md)\nwrapped.\n\n"
        "### Part\nIts text.\n\n- one\n  more\n- two < three & so on\n\n1. first\n2. second",
        "#ffcc00",
    )
    assert html == (
        '<font color="#ffcc00"><b>Title</b></font><br>'
        "A <b>bold</b> word, code and a link wrapped.<br><br>"
        '<font color="#ffcc00"><b>Part</b></font><br>Its text.<br><br>'
        "• one more<br>• two &lt; three &amp; so on<br><br>1. first<br>2. second"
    )
    for game in ("buttons", "kopf"):
        text = rules_text(game)
        assert text is not None and text.count("**Ruling**") >= 5
    assert rules_text("no-such-game") is None


def units(rich: str) -> set[str]:
    """The units of a box's rich text that hold a space ("Player 1", "(3, 4)", "and 60")."""
    plain = html.unescape(re.sub(r"<(?!br>)[^>]*>", "", rich.replace("\xa0", " ")))
    found = {piece.rstrip() for line in plain.split("<br>") for _, piece in pieces(line)}
    return {unit for unit in found if " " in unit}


@pytest.mark.parametrize(
    "language",
    ["en", *(pytest.param(lang, marks=pytest.mark.slow) for lang in ("ja", "de", "fr", "it"))],
)
def test_the_rules_never_break_a_unit_at_960x600(make_app, language):
    """The summary and the full rules of each game: every unit with a space stays on one
    line (the full rules once broke "and 60" over two lines at this size). Japanese units
    without a space: test_line_breaks."""
    app = make_app(window=(960, 600), language=language)
    app.push(MainMenu(app))
    app.show_rules()
    step(app, 2)
    screen = app.top
    seen = 0
    dashes = []  # a dash where a unit too long for a line breaks
    for full in (False, True):
        for game in screen.games:
            screen.game = game
            screen.show_full(full)
            step(app)
            rows = box_rows(screen.text)
            found = units(shown(screen.text))
            assert len(rows) > 20, "a text over many lines"
            for unit in found:
                assert any(unit in row for row in rows), f"{unit!r} broken: {game.id} {full}"
            dashes.append(screen.text.allow_split_dashes)
            seen += len(found)
    assert seen > 60 and not any(dashes)


def test_full_rules_are_for_players_no_developer_text_and_kopf_in_a_to_j(make_app):
    """Both games' full rules as the screen shows them: no test names, no file of code, no
    "covered by a test"; Kopf oder Knopf names its columns a-j and its squares as the board
    and the log do (b2, e5), never as (row, col) numbers."""
    app = make_app(window=(1280, 720))
    app.push(MainMenu(app))
    app.show_rules()
    step(app, 2)
    screen = app.top
    click_widget(app, screen.full_rules)
    texts = {}
    for tab in screen.tabs:
        click_widget(app, tab)
        texts[screen.game.id] = shown(screen.text)
    assert set(texts) == {"buttons", "kopf"}
    for game, text in texts.items():
        for developer in ("tests/", ".py", "covered by a test", "engine", "<!--", "-->"):
            assert developer not in text, (game, developer)
    kopf = texts["kopf"]
    assert "columns a–j" in kopf and "columns 1–10" not in kopf
    assert "b2 red" in kopf and "e5" in kopf
    assert not re.search(r"\(\d+, ?\d+\)", kopf), "squares named as on the board"
    assert "Ruling" in kopf and "forbidden group" in kopf, "every ruling is still there"
