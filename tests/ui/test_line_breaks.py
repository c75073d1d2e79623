"""Lines break between words (and in Japanese between characters), never inside a name, a
number, a coordinate or a list of dice, in every language."""

from __future__ import annotations

import pygame
import pytest

from buttons_game.ui import art
from buttons_game.ui.text import keep_units_html, pieces, wrap, wrap_html_cjk

from ..soak import quick_twins
from .conftest import step

SIZE = 16


@pytest.fixture
def fonts():
    pygame.font.init()
    art.clear_caches()
    yield
    art.cjk_language = False
    art.clear_caches()


def widths(text: str, keep: tuple[str, ...] = ()) -> range:
    """Every line width from the widest piece (a unit with what it holds on to, such as
    "rolled 1 4 5 6": narrower lines must break it) to the whole text, in small steps."""
    font = art.font(SIZE, False, text)
    narrowest = max(font.size(piece)[0] for _, piece in pieces(text, keep)) + 2
    return range(narrowest, font.size(text)[0] + 8, 3)


def assert_whole(text: str, units: list[str], keep: tuple[str, ...] = ()) -> None:
    for width in widths(text, keep):
        lines = wrap(text, SIZE, width, keep=keep)
        assert "".join(lines).replace(" ", "") == text.replace(" ", ""), "nothing is lost"
        for unit in units:
            assert any(unit in line for line in lines), f"{unit!r} broken at {width}: {lines}"


# Japanese --------------------------------------------------------------------------------


def test_a_name_keeps_its_number_in_japanese(fonts):
    """The player's report: "Player" at the end of a line, "1：4行目…" on the next."""
    art.cjk_language = True
    text = "Player 1：4行目の丸で囲まれたマスにボタンを置いてください。"
    assert_whole(text, ["Player 1：", "4行"])
    for width in widths(text):
        lines = wrap(text, SIZE, width)
        assert not any(line.startswith(("1", "：")) for line in lines), lines


def test_names_numbers_coordinates_and_dice_stay_whole_in_japanese(fonts):
    art.cjk_language = True
    assert_whole("Carlaの勝ち！星が12個以上になりました。", ["Carla", "12個"])
    text = (
        "ボーは白6、金5を出しました。金のマス（6,5）に置くか、1、2、4、5、6のどれかの列に置けます。"
    )
    assert_whole(text, ["（6,5）", "1、2、4、5、6の", "白6、"])
    assert_whole("ヒント：c7–e5で(3, 4)を狙えます。", ["c7–e5で", "(3, 4)"])


def test_a_japanese_name_is_kept_whole_when_named(fonts):
    art.cjk_language = True
    text = "はなこ：4行目の丸で囲まれたマスにボタンを置いてください。"
    assert_whole(text, ["はなこ："], keep=("はなこ",))


def test_japanese_punctuation_never_starts_a_line(fonts):
    art.cjk_language = True
    text = "白のダイスが行を決めます：3。黒のダイスのどれかが列を決めます。丸をクリックしましょう。"
    for width in widths(text):
        for line in wrap(text, SIZE, width)[1:]:
            assert line[0] not in "、。：）", line


# Latin languages ----------------------------------------------------------------------------


def test_numbers_coordinates_and_dice_stay_whole_in_english(fonts):
    text = "Player 2 rolled 1 4 5 6 and may place a button at (3, 4) or move c7–e5 next."
    assert_whole(text, ["Player 2", "1 4 5 6", "(3, 4)", "c7–e5"])


def test_numbers_coordinates_and_dice_stay_whole_in_german(fonts):
    text = "Spieler 3 hat 2 2 5 6 gewürfelt und setzt auf (6, 5): Zeile 6, Spalte 5, Zug d4–f6."
    assert_whole(text, ["Spieler 3", "2 2 5 6", "(6, 5):", "d4–f6."])


def test_names_with_a_space_stay_whole_when_named(fonts):
    text = "Anna Maria Rossi places a button, then Jean Luc opts out of the round."
    assert_whole(text, ["Anna Maria Rossi", "Jean Luc"], keep=("Anna Maria Rossi", "Jean Luc"))


def test_words_still_break_at_spaces_and_a_long_word_between_letters(fonts):
    assert wrap("one two three", SIZE, art.font(SIZE).size("one two")[0] + 1) == [
        "one two",
        "three",
    ]
    long = wrap("Donaudampfschifffahrtsgesellschaft", SIZE, 60)
    assert len(long) > 1 and "".join(long) == "Donaudampfschifffahrtsgesellschaft"
    assert wrap("", SIZE, 100) == [""]
    assert wrap("a\nb", SIZE, 100) == ["a", "b"], "line breaks are kept"


def test_pieces_keep_every_character():
    for text in ("  lead and trail  ", "Player 1：4行目", "(3, 4)", "", "1 4 5 6"):
        assert "".join(space + piece for space, piece in pieces(text)) == text


# pygame_gui's text boxes (the rules in Japanese) ---------------------------------------------


def test_rich_text_in_japanese_breaks_between_the_same_pieces(make_app):
    import pygame_gui

    app = make_app(window=(1280, 720), language="ja")
    box = pygame_gui.elements.UITextBox("", pygame.Rect(0, 0, 260, 400), manager=app.manager)
    step(app)
    html = (
        "<b>目的：</b>Player 1は（3,4）に置き、1、2、4、5、6のどれかの列を選びます。Carlaの番です。"
    )
    for width in range(230, 480, 7):
        box.set_dimensions((width, 400))
        lines = [
            line.replace("<b>", "").replace("</b>", "")
            for line in wrap_html_cjk(html, box).split("<br>")
        ]
        for unit in ("Player 1", "（3,4）", "1、2、4、5、6", "Carla"):
            assert any(unit in line for line in lines), f"{unit!r} broken: {lines}"
    box.kill()


def box_rows(box) -> list[str]:
    """The lines a pygame_gui text box laid its text out in (no-break spaces as spaces)."""
    rows = box.text_box_layout.layout_rows
    return ["".join(getattr(c, "text", "") for c in row.items).replace("\xa0", " ") for row in rows]


# Every 7th width from 230 px: every other one quick, the widths between them slow.
@pytest.mark.parametrize("first", quick_twins([230, 237], 230))
def test_rich_text_keeps_units_whole_in_every_language(make_app, first):
    """pygame_gui breaks at any space: inside a unit the spaces become no-break spaces."""
    import pygame_gui

    app = make_app(window=(1280, 720))
    box = pygame_gui.elements.UITextBox("", pygame.Rect(0, 0, 200, 400), manager=app.manager)
    step(app)
    html = (
        "Der <b>Spieler</b> 3 hat 2 2 5 6 gewürfelt und setzt auf (6, 5): Zeile 6, Spalte 5, "
        "Zug d4–f6. Player 2 rolled 1 4 5 6 and places at (3, 4), Anna Maria Rossi passes."
    )
    units = ["Spieler 3", "2 2 5 6", "(6, 5):", "d4–f6.", "Player 2", "1 4 5 6", "(3, 4),"]
    kept = keep_units_html(html, keep=("Anna Maria Rossi",))
    assert kept.replace("\xa0", " ") == html, "only spaces change, tags stay"
    assert "Spieler</b>\xa03" in kept and "2\xa02\xa05\xa06" in kept
    broken_before = 0
    for width in range(first, 520, 14):  # from a little wider than the widest unit
        box.set_dimensions((width, 400))
        box.set_text(html)
        rows = box_rows(box)
        broken_before += sum(not any(unit in row for row in rows) for unit in units)
        box.set_text(kept)
        rows = box_rows(box)
        assert " ".join(rows).split() == html.replace("<b>", "").replace("</b>", "").split()
        for unit in [*units, "Anna Maria Rossi"]:
            assert any(unit in row for row in rows), f"{unit!r} broken at {width}: {rows}"
    assert broken_before, "the box alone breaks inside units: the test can see it"
    box.kill()


def test_no_break_spaces_only_inside_units():
    assert keep_units_html("a b<br>Player 1 <i>x</i>\nround 2 ") == (
        "a b<br>Player\xa01 <i>x</i>\nround\xa02 "
    )
    assert keep_units_html("two &lt; 3 &amp; c7–e5") == "two &lt; 3 &amp; c7–e5"
    assert keep_units_html("") == ""
