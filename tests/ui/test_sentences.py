"""The status text of both tables never runs two sentences together, in any language: each
sentence of the prompt starts its own line when wrapped, and one line made of several
keeps a space between them (none after Japanese "。")."""

from __future__ import annotations

import pytest

from buttons_game.games.buttons.engine import Phase
from buttons_game.games.buttons.game import Seat
from buttons_game.games.kopf.engine import Move
from buttons_game.games.kopf.game import KopfGame
from buttons_game.i18n import LANGUAGES, set_language, t
from buttons_game.ui.games.buttons.model import TableModel
from buttons_game.ui.games.buttons.view import prompt
from buttons_game.ui.games.kopf import view as kopf_view
from buttons_game.ui.games.kopf.model import KopfModel
from buttons_game.ui.scenes import mid_game
from buttons_game.ui.text import fit, one_line, wrap

from ..soak import quick_twins

WIDTHS = range(60, 520, 7)


def two_deciders() -> TableModel:
    """A hot-seat table where the roller places and another person decides on the gold."""
    for seed in range(60):
        model = TableModel(mid_game(3, humans=3, seed=seed))
        if len(model.human_pending()) >= 2:
            return model
    raise AssertionError("no such table")


def sentence_starts(sentences: list[str], lines: list[str]) -> None:
    """Every sentence after the first begins a line of its own."""
    for sentence in sentences[1:]:
        head = sentence[:3]
        assert any(line.startswith(head) for line in lines), (sentence, lines)
        assert all(line.startswith(head) for line in lines if head in line), (head, lines)


@pytest.mark.parametrize("language", quick_twins(LANGUAGES, "en"))  # the rest slow
def test_the_prompt_s_sentences_each_start_a_line(make_app, language):
    make_app()  # the fonts
    set_language(language)
    model = two_deciders()
    text, _ = prompt(model)
    sentences = text.split("\n")
    assert len(sentences) == 2
    for size in (12, 16, 21):
        for width in WIDTHS:
            sentence_starts(sentences, wrap(text, size, width, True))
    flat = one_line(text)
    first, second = sentences
    gap = "" if language == "ja" else " "
    assert flat == first + gap + second
    assert fit(text, 16, 5000, True) == flat, "one line never runs them together"


@pytest.mark.parametrize("language", quick_twins(LANGUAGES, "ja"))  # the rest slow
def test_the_star_prompt_and_kopf_s_prompt_keep_their_sentences_apart(make_app, language):
    make_app()
    set_language(language)
    model = TableModel(mid_game(3, humans=3, phase=Phase.STARS))
    text, _ = prompt(model)
    heading, due = text.split("\n")
    assert heading == t("game.place_stars")
    for width in WIDTHS:
        lines = wrap(text, 16, width, True)
        assert any(line.startswith(due[:4]) for line in lines)
    assert one_line(text) == heading + ("" if heading.endswith("：") else " ") + due
    # Kopf oder Knopf: a piece picked up, then its hint (two people at the table)
    game = KopfGame.new((Seat("Ann"), Seat("Ben")), target=8)
    kopf = KopfModel(game)
    move = next(a for a in game.state.legal_actions() if isinstance(a, Move))
    kopf.selected = (move.from_row, move.from_col)
    words, _ = kopf_view.prompt(kopf)
    assert words == t("kopf.choose_target", name="Ann")
    flat = one_line(words + "\n" + t("kopf_hint.best", **{"from": "c3", "to": "d4"}))
    end = "。" if language == "ja" else "."
    assert end + ("" if language == "ja" else " ") in flat
