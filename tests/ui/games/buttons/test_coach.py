"""The coach on screen: the round review after the summary, and the summary at game over."""

from __future__ import annotations

import random

import pygame
import pytest

from buttons_game.games.buttons.coach import review_round
from buttons_game.games.buttons.engine import Phase, random_game
from buttons_game.games.buttons.game import Game
from buttons_game.i18n import LANGUAGES, t
from buttons_game.settings import Settings
from buttons_game.ui import art
from buttons_game.ui.games.buttons.game_over import GameOverScreen
from buttons_game.ui.games.buttons.review_screen import (
    CHOICE,
    DETAIL,
    NOTE,
    TITLE,
    ReviewScreen,
    choice_text,
    gave_away,
    star_text_width,
)
from buttons_game.ui.games.buttons.screen import StarsScreen, TableScreen
from buttons_game.ui.games.buttons.summary import SummaryScreen
from buttons_game.ui.scenes import mid_game, seats
from buttons_game.ui.text import wrap

from ...conftest import press, run_until, step
from .printed import printed_pixel

# The quick tier checks the fit in Japanese (the tallest script); all five run as slow.
SOME_LANGUAGES = [
    lang if lang == "ja" else pytest.param(lang, marks=pytest.mark.slow) for lang in LANGUAGES
]


def until(app, done) -> None:
    """Run frames until ``done()`` (the review is worked out in a thread, which each frame
    waits for: however busy the machine, the frames are the same)."""
    run_until(app, done, frames=100)


def scored_round(humans: int) -> Game:
    """A 3-player game stopped at a scoring, the people in the first seats."""
    return mid_game(3, humans=humans, phase=Phase.STARS)


def open_summary(make_app, game: Game, coach: str = "auto"):
    app = make_app(window=(1280, 720))
    app.apply_settings(Settings(coach=coach, window=(1280, 720)))
    app.start_game(game)
    step(app, 2)
    assert isinstance(app.top, SummaryScreen)
    return app


def test_after_the_summary_the_coach_reviews_the_one_persons_round(make_app):
    game = scored_round(humans=1)
    app = open_summary(make_app, game)
    press(app, pygame.K_RETURN)
    step(app)
    review = app.top
    assert isinstance(review, ReviewScreen) and review.seats == [0]
    until(app, lambda: review.reviews is not None)
    expected = review_round(game, 0, game.state.round_number)
    assert review.reviews == [expected]
    assert expected.decisions, "the person decided something this round"
    for d in expected.decisions:  # a turn's row shows rolling on against opting out
        if d.kind == "place":
            assert d.expected_roll is None and d.expected_opt_out is None
        else:
            own = d.expected_roll if d.kind == "roll" else d.expected_opt_out
            assert own == d.expected_chosen
            assert max(d.expected_roll, d.expected_opt_out) == pytest.approx(d.expected_best)
    assert review.round_number == game.state.round_number
    step(app, 2)
    press(app, pygame.K_RETURN)
    step(app)
    assert isinstance(app.top, (StarsScreen, TableScreen))


@pytest.mark.parametrize(("humans", "coach"), [(1, "off"), (2, "auto")])
def test_no_review_when_the_coach_is_off_or_several_people_play(make_app, humans, coach):
    app = open_summary(make_app, scored_round(humans), coach)
    press(app, pygame.K_RETURN)
    step(app)
    assert not isinstance(app.top, ReviewScreen)
    assert isinstance(app.top, (StarsScreen, TableScreen))


def test_always_reviews_every_person(make_app):
    app = open_summary(make_app, scored_round(2), "always")
    press(app, pygame.K_RETURN)
    step(app)
    assert isinstance(app.top, ReviewScreen) and app.top.seats == [0, 1]
    until(app, lambda: app.top.reviews is not None)
    assert len(app.top.reviews) == 2


def test_game_over_sums_up_the_persons_play(make_app):
    app = make_app(window=(1280, 720))
    final = random_game(3, random.Random(8), seed=8)
    game = Game(seats(3, 1), final)
    app.show_game_over(game)
    over = app.top
    assert isinstance(over, GameOverScreen) and over.coached == [0]
    until(app, lambda: over.reviews is not None)
    (review,) = over.reviews
    assert review.seat == 0 and len(review.decisions) >= len(review.matched) > 0
    # the chart and the buttons leave the coach's lines their room: under the chart in the
    # column at the right, beside it in the strip under the boards
    if over.arrangement.below:
        assert over.coach_area.left >= over.chart.right
        assert over.new_game.rect.left >= over.coach_area.right
    else:
        assert over.coach_area.top >= over.chart.bottom
        assert over.new_game.rect.top >= over.coach_area.bottom


@pytest.mark.parametrize("language", SOME_LANGUAGES)
def test_review_texts_fit_at_1280x720(make_app, language):
    app = make_app(window=(1280, 720), language=language)
    app.apply_settings(Settings(language=language, window=(1280, 720)))
    app.start_game(scored_round(1))
    step(app, 2)
    press(app, pygame.K_RETURN)
    step(app)
    review = app.top
    assert isinstance(review, ReviewScreen)
    until(app, lambda: review.reviews is not None)
    inner = review.inner
    words = inner.width - review._indent  # a decision's words, after the star of a best one
    size, small = review.px(CHOICE), review.px(DETAIL)
    for choice in ("roll", "opt_out", "skip", "(6, 6)"):
        text = choice_text("place", choice)
        assert art.text(text, size, "text").get_width() <= words, text
    rolled = t("review.with_bust", choice=choice_text("roll", "roll"), percent="100")
    assert art.text(rolled, size, "text").get_width() <= words, rolled
    assert star_text_width(t("review.gave_away", left="12.34"), size, True) <= words
    roll, opt = choice_text("roll", "roll"), choice_text("opt_out", "opt_out")
    for detail in (
        t("review.best_line", best=choice_text("place", "(6, 6)"), value="12.00"),
        t("review.best_line", best=choice_text("place", "skip"), value="12.00"),
        t("review.was_best_vs", best=roll, other=choice_text("roll", "opt_out"), value="12.00"),
        t("review.was_best_vs", best=opt, other=choice_text("opt_out", "roll"), value="12.00"),
    ):
        assert len(wrap(detail, small, words)) <= 2, detail
    for text in (
        t("review.total", left="12.34"),
        t("review.all_best"),
        t("review.more", number=12, left="1.23"),
        t("review.no_choices"),
        t("review.working"),
    ):
        assert len(wrap(text, size, inner.width, True)) <= 3, text
    assert len(wrap(t("review.title", n=12), review.px(TITLE), inner.width, True)) <= 2
    assert len(wrap(t("review.note"), review.px(NOTE), inner.width)) <= 4, "review.note"
    assert review.shown[0] >= 3, "room for a few decisions at least"
    # the game-over summary: at most three lines a person, with a long name and big figures
    final = random_game(3, random.Random(8), seed=8)
    app.show_game_over(Game(seats(3, 1), final))
    over = app.top
    text = t("review.game_line", name="Maximiliane", matched=123, total=456, left="12.34")
    text += " " + t("review.game_worst", n=12, left="10.00")
    assert len(wrap(text, over.px(15), over.coach_area.width - 24)) <= 3, text


def test_the_review_is_a_compact_panel_beside_the_boards(make_app):
    game = scored_round(humans=1)
    app = open_summary(make_app, game)
    press(app, pygame.K_RETURN)
    step(app)
    review = app.top
    until(app, lambda: review.reviews is not None)
    step(app, 2)
    table = review.table
    assert review.rect == table.side, "in the side panel's place"
    for g in table.boards:
        assert not g.panel.colliderect(review.rect), "the boards stay in view"
        wood = g.grid.inflate(2, 2).topleft
        board = printed_pixel(review.session.state, g, wood)
        assert app.surface.get_at(wood)[:3] == board[:3], "and are not dimmed"
    assert review.room_left >= 0, "the decisions end above the note"
    assert sum(review.shown) >= 3
    (found,) = review.reviews
    costly = [d for d in found.decisions if not d.matched]
    assert costly, "this round has a decision that was not the best"
    for d in costly:
        words = gave_away(d)
        assert words == f"gave away {d.stars_left:.2f} ★" and d.stars_left > 0
        assert "-" not in words and "\u2212" not in words
    assert choice_text("place", "skip") == "Skipped the gold space"


@pytest.mark.parametrize("chosen, other", [("roll", "opt_out"), ("opt_out", "roll")])
def test_the_best_choice_at_a_turn_is_named_and_the_figure_is_the_others(chosen, other):
    """A best roll's second line says the roll was the best and what opting out was worth;
    it must not read as if opting out was the best."""
    from buttons_game.games.buttons.coach import Decision
    from buttons_game.i18n import install
    from buttons_game.ui.games.buttons.review_screen import detail_line

    install("en")

    values = {"roll": 1.5, "opt_out": 1.0} if chosen == "roll" else {"roll": 0.5, "opt_out": 2.0}
    decision = Decision(
        kind=chosen,
        chosen=chosen,
        best=chosen,
        expected_chosen=values[chosen],
        expected_best=values[chosen],
        bust_probability=0.2,
        round=1,
        seat=0,
        index=3,
        exact=True,
        expected_roll=values["roll"],
        expected_opt_out=values["opt_out"],
    )
    line = detail_line(decision)
    assert line.startswith(choice_text(chosen, chosen) + " was the best choice"), line
    assert f"{choice_text(other, other)} would have been worth {values[other]:.2f} ★" in line
    for language in LANGUAGES:  # every language names both choices and the figure's star
        install(language)
        try:
            line = detail_line(decision)
            names = choice_text(chosen, chosen), choice_text(other, other)
        finally:
            install("en")
        assert line.index(names[0]) < line.index(names[1]), (language, line)
        assert f"{values[other]:.2f} ★" in line, (language, line)
