"""The table world: every screen stands on the wooden table, panels lie on felt mats, the
wood is tiled once per window size, and the text on wood and felt stays readable."""

from __future__ import annotations

import pygame
import pytest

from buttons_game.games.buttons.game import Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.ui import art, textures, world
from buttons_game.ui.scenes import mid_game

from ..soak import quick_twins
from .conftest import step

SIZE = (1280, 720)


def _wood_share(surface: pygame.Surface) -> float:
    """The share of the window's pixels that are the table's wood, as it lies there."""
    wood = pygame.image.tobytes(world.wood(surface.get_size()), "RGB")
    drawn = pygame.image.tobytes(surface, "RGB")
    same = sum(1 for i in range(0, len(drawn), 3 * 7) if drawn[i : i + 3] == wood[i : i + 3])
    return same / (len(drawn) / (3 * 7))


SCREENS = {
    "menu": lambda app: app.show_menu(),
    "setup": lambda app: app.show_setup("buttons"),
    "kopf-setup": lambda app: app.show_setup("kopf"),
    "settings": lambda app: app.show_settings(),
    "load": lambda app: app.show_load(),
    "stats": lambda app: app.show_stats(),
    "rules": lambda app: app.show_rules(),
    "table": lambda app: app.start_game(mid_game(3)),
    "kopf-table": lambda app: app.start_game(KopfGame.new((Seat("Anna"), Seat("Ben")))),
}


@pytest.mark.parametrize("name", quick_twins(list(SCREENS), "menu", "table", "kopf-table"))
def test_every_screen_stands_on_the_table(make_app, name):
    app = make_app(window=SIZE)
    SCREENS[name](app)
    step(app, 2)
    app.top.draw(app.surface)
    assert _wood_share(app.surface) > 0.05, f"{name}: hardly any wood shows"


def test_the_wood_is_tiled_once_and_kept_over_frames(make_app):
    app = make_app(window=SIZE)
    app.start_game(mid_game(4))
    step(app, 2)
    wood = world.wood(SIZE)
    before = textures.tiled
    for _ in range(5):
        app.top.draw(app.surface)
        for size in range(5):  # mats of other sizes between frames do not push the wood out
            textures.tile("felt", (100 + size, 50))
    assert textures.tiled == before + 5, "the table was tiled anew for a frame"
    assert world.wood(SIZE) is wood


def test_a_mat_is_felt_with_rounded_corners_and_a_soft_shadow():
    pygame.display.init()
    world.forget()
    felt = pygame.image.load("assets/art/felt.png")
    mat = world.mat((200, 120), 16)
    assert world.mat((200, 120), 16) is mat, "drawn once per size"
    assert mat.get_at((0, 0)).a == 0, "its corners are rounded: the table shows there"
    assert mat.get_at((100, 60))[:3] == felt.get_at((100, 60))[:3]
    shade = world.shadow((200, 120), 16)
    pad = world.spread((200, 120))
    assert shade.get_size() == (200 + 2 * pad, 120 + 2 * pad)
    centre, edge = shade.get_at((pad + 100, pad + 60)).a, shade.get_at((pad // 2, pad + 60)).a
    assert centre > edge > 0, "soft: it fades out beyond the mat's edge"


def test_a_tray_is_darker_felt_pressed_in_with_shaded_walls():
    pygame.display.init()
    world.forget()
    felt = world.mat((120, 40), 6)
    tray = world.tray((120, 40), 6)
    assert world.tray((120, 40), 6) is tray, "drawn once per size"
    assert tray.get_at((0, 0)).a == 0 and tray.get_at((60, 20)).a == 255, "rounded, opaque"
    middle, wall = tray.get_at((60, 20)), tray.get_at((60, 1))
    assert sum(middle[:3]) < sum(felt.get_at((60, 20))[:3]) * 0.7, "darker than the felt"
    assert middle[:3] != world.depth(), "felt, not a flat colour"
    assert sum(wall[:3]) < sum(tray.get_at((59, 20))[:3]), "its upper wall is in shade"
    hollow = world.tray((20, 20), 10)
    assert hollow.get_at((1, 1)).a == 0 and hollow.get_at((10, 10)).a == 255, "a round one"


def test_kopf_player_cards_are_felt_the_active_one_lit_and_outlined_in_gold(make_app):
    app = make_app(window=SIZE)
    app.start_game(KopfGame.new((Seat("Anna"), Seat("Ben"))))
    step(app, 2)
    app.top.draw(app.surface)
    cards = app.top.table.cards
    active = app.top.model.state.current_player
    for player, card in enumerate(cards):
        lit = player == active
        felt = world.mat(card.size, 10, lit=lit)
        spot = (card.width * 3 // 4, card.height // 2)  # clear of the name and the tray
        drawn = app.surface.get_at((card.left + spot[0], card.top + spot[1]))
        assert drawn[:3] == felt.get_at(spot)[:3], f"card {player} is the felt mat"
    gold = art.colour("active_border")
    card = cards[active]
    assert app.surface.get_at((card.centerx, card.top + 1))[:3] == gold[:3]
    assert sum(world.lift()) > 0, "the lit felt is lighter"


def _luminance(c: tuple[int, int, int]) -> float:
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def _contrast(a: float, b: float) -> float:
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


@pytest.mark.parametrize("texture", ["table", "felt"])
def test_text_on_the_wood_and_the_felt_stays_readable(texture):
    """The headings (accent), the text, the dim text and the good and bad notes keep at
    least 4.5:1 against the texture's mean and against its lightest parts (the lightest
    1 % of its pixels)."""
    pygame.display.init()
    textures.forget()
    image = textures.image(texture)
    assert image is not None
    data = pygame.image.tobytes(image, "RGB")
    lights = sorted(_luminance(tuple(data[i : i + 3])) for i in range(0, len(data), 3))
    lightest = lights[int(0.99 * len(lights))]
    mean = _luminance(tuple(textures.mean(texture))[:3])
    for name in ("accent", "text", "text_dim", "good", "bad"):
        text = _luminance(tuple(art.colour(name))[:3])
        for behind in (mean, lightest):
            ratio = _contrast(text, behind)
            assert ratio >= 4.5, f"{name} on {texture}: {ratio:.2f}:1"
