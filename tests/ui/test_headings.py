"""Headings keep their distance from what is under them, in every language (a Japanese
heading is taller); the main menu's game names sit evenly either side of their star."""

from __future__ import annotations

import pytest

from buttons_game.i18n import LANGUAGES
from buttons_game.ui.screens.common import HEADING_GAP
from buttons_game.ui.screens.menu import MainMenu

from .conftest import step

SIZES = [(1280, 720), pytest.param((1920, 1080), marks=pytest.mark.slow)]
# The quick tier checks the tallest script; all five run as slow.
SOME_LANGUAGES = [
    lang if lang == "ja" else pytest.param(lang, marks=pytest.mark.slow) for lang in LANGUAGES
]


def first_widget_under(screen, heading) -> int:
    tops = [w.rect.top for w in screen.widgets if w.alive() and w.rect.top >= heading.top]
    return min(tops)


# The quick tier: each screen in Japanese, but Kopf oder Knopf's rules (a long text to lay
# out) in English.
RULES_IN = {("rules", "buttons"): "ja", ("rules", "kopf"): "en"}


@pytest.mark.parametrize("window", SIZES)
@pytest.mark.parametrize(
    "show, language",
    [
        pytest.param(
            show,
            language,
            id="-".join((*show, language)),
            marks=() if RULES_IN.get(show, "ja") == language else pytest.mark.slow,
        )
        for show in (("settings",), ("rules", "buttons"), ("rules", "kopf"), ("stats",))
        for language in LANGUAGES
    ],
)
def test_a_heading_keeps_its_distance_from_the_first_widget_under_it(
    make_app, language, window, show
):
    app = make_app(window=window, language=language)
    app.show_menu()
    step(app)
    getattr(app, f"show_{show[0]}")(*show[1:])
    step(app, 2)
    screen = app.top
    heading = screen.heading
    gap = first_widget_under(screen, heading) - heading.bottom
    assert gap >= screen.px(HEADING_GAP), (show, language, window, gap)


@pytest.mark.parametrize("window", SIZES)
@pytest.mark.parametrize("language", SOME_LANGUAGES)
def test_the_menu_star_sits_midway_between_the_games_names(make_app, language, window):
    app = make_app(window=window, language=language)
    app.show_menu()
    step(app)
    menu = app.top
    assert isinstance(menu, MainMenu)
    for star, (a, b) in zip(menu.stars, zip(menu.titles, menu.titles[1:])):
        left = star.left - a.name_rect.right
        right = b.name_rect.left - star.right
        assert abs(left - right) <= 1, (language, left, right)
        assert min(left, right) >= menu.star_gap - 1
