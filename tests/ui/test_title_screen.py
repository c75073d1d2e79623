"""The title screen names every game, and its ornaments are placed where nothing else is:
whole inside the window, clear of the titles, the buttons and the "New here?" card."""

from __future__ import annotations

import pygame
import pytest

from buttons_game.ui.screens.menu import MainMenu

from .conftest import step

SIZES = [
    (960, 600),
    (1024, 640),
    (1280, 720),
    (1366, 768),
    (1600, 900),
    (1920, 1080),
    (1111, 999),  # odd ones: tall, wide and short, narrow and high
    (2400, 600),
    (960, 1400),
    (2560, 1440),
]


def menu_at(app, size: tuple[int, int]) -> MainMenu:
    """The menu after the player dragged the window to ``size``."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    step(app, 2)
    menu = app.top
    assert isinstance(menu, MainMenu) and app.surface.get_size() == size
    return menu


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_title_screen_names_both_games(make_app, language):
    app = make_app(window=(960, 600), language=language)
    app.show_menu()
    step(app, 2)
    names = [block.name for block in app.top.titles]
    assert names == ["BUTTONS", "Kopf oder Knopf"]
    assert all(block.tagline for block in app.top.titles), "each with its line"


# the quick tier: the smallest window and the two odd extremes; every size runs as slow
SOME_SIZES = [(960, 600), (2400, 600), (960, 1400)]


@pytest.mark.parametrize(
    "sizes", [SOME_SIZES, pytest.param(SIZES, marks=pytest.mark.slow)], ids=["some", "all"]
)
@pytest.mark.parametrize("offer", [True, False], ids=["with-offer", "without-offer"])
def test_the_ornaments_lie_clear_of_everything_at_any_size(make_app, offer, sizes):
    app = make_app(window=(1280, 720), language="de")
    app.prefs.offer = offer
    app.show_menu()
    step(app, 2)
    for size in sizes:
        menu = menu_at(app, size)
        window = app.surface.get_rect()
        taken = [w.rect for w in menu.widgets] + menu.text_rects()
        if offer:
            assert menu.offer_yes is not None
            taken.append(menu.offer)
        for rect in taken:
            assert window.contains(rect), f"{rect} cut by the window's edge at {size}"
        ornaments = [rect for _, rect in menu.decorations]
        assert len(ornaments) >= 6, f"the ornaments are missing at {size}"
        for i, rect in enumerate(ornaments):
            assert window.contains(rect), f"an ornament cut by the window's edge at {size}"
            assert rect.collidelist(taken) == -1, f"an ornament over the menu at {size}"
            assert rect.collidelist(ornaments[i + 1 :]) == -1, f"two ornaments meet at {size}"


def test_the_ornaments_take_the_offers_side_once_it_is_answered(make_app):
    app = make_app(window=(1280, 720))
    app.prefs.offer = True
    app.show_menu()
    step(app, 2)
    right = [rect for _, rect in app.top.decorations if rect.left > app.top.rects[0].right]
    assert all(rect.left > app.top.offer.right for rect in right)
    app.prefs.offer_shown(answered=True)
    app.top.layout()
    app.top.rebuild()
    step(app, 2)
    moved = [rect for _, rect in app.top.decorations if rect.left > app.top.rects[0].right]
    assert moved and min(r.left for r in moved) < app.top.offer.right, "closer to the buttons"
