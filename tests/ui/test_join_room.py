"""The Join screen keeps its parts apart at every window size: the games heard on the
network are named as such and stop above the line that says what happens; once this
computer has joined, the host's seats take their place, all four above that line, its own
seat called "here". The lobby's address never runs into its port."""

from __future__ import annotations

import pygame
import pytest

from buttons_game.core.seats import Seat
from buttons_game.games.buttons.game import Game
from buttons_game.i18n import t
from buttons_game.net.discovery import FoundGame
from buttons_game.net.host import GameHost
from buttons_game.net.links import HostLink
from buttons_game.net.messages import PROTOCOL_VERSION
from buttons_game.net.transport import HostServer
from buttons_game.ui.screens.join import JoinScreen
from buttons_game.ui.screens.menu import MainMenu

from .conftest import click_widget, settle
from .test_net_screens import CODE, fill, until

SIZES = [(960, 600), (1280, 720), pytest.param((1920, 1080), marks=pytest.mark.slow)]


class Heard:
    """Four games heard on the network, as ``net.discovery.Browser`` reports them."""

    def games(self) -> list[FoundGame]:
        return [
            FoundGame(f"{name} – BUTTONS", "buttons", f"192.168.1.{n}", 47474, PROTOCOL_VERSION, 2)
            for n, name in enumerate(("Ann", "Cy", "Di", "Ed"), start=10)
        ]

    def close(self) -> None:
        pass


def message_top(join: JoinScreen) -> int:
    """Where the line that says what happens (an error, "Joined: …") begins."""
    return join.host.surface.get_height() - join.px(170)


@pytest.mark.parametrize("size", SIZES)
def test_the_games_heard_stop_above_the_message_and_make_room_for_the_seats(make_app, size):
    app = make_app(window=size)
    app.push(MainMenu(app))
    settle(app)
    join = JoinScreen(app, browser=Heard())
    app.push(join)
    settle(app)
    assert join.found_buttons, "the games heard are offered"
    assert t("net.ui.field_found") != "net.ui.field_found"
    for widget in join.found_buttons:
        assert widget.rect.bottom <= message_top(join), (size, widget.rect)
        assert not widget.rect.colliderect(join.join.rect)

    game = Game.new((Seat("Ann"), Seat("Bo"), Seat("Cy"), Seat("Di")), seed=2)
    link = HostLink(GameHost(game, [1, 2, 3], seed=5), HostServer("127.0.0.1", 0, CODE))
    try:
        fill(join, link.server.port, CODE, "Bo")
        click_widget(app, join.join)
        until(app, lambda: join.link is not None and join.link.joined, link.poll)
        settle(app)
        assert not any(w.alive() for w in join.found_buttons), "the seats stand there now"
        seats = len(join.seat_lines())
        assert seats == 4
        here = t("net.ui.seat_line", n=2, who=t("net.ui.seat_here", name="Bo"))
        assert join.seat_lines()[1] == here, "this computer's own seat says so"
        assert join.seat_lines()[0] == t(
            "net.ui.seat_line", n=1, who=t("net.ui.seat_at_host", name="Ann")
        )
        assert join.found_top + seats * join.px(28) <= message_top(join), size
        pygame.display.flip()
    finally:
        link.close()


@pytest.mark.parametrize("language", ["de", pytest.param("it", marks=pytest.mark.slow), "ja"])
def test_a_long_address_in_the_lobby_stays_clear_of_the_port(make_app, language):
    """A home router's address ("192.168.178.123") in the longest words for it: the line
    never runs into the port's label or its field."""
    from buttons_game.ui.screens.lobby import LobbyScreen

    app = make_app(window=(1280, 720), language=language, net_port=0)
    app.push(MainMenu(app))
    settle(app)
    game = Game.new((Seat("Ann"), Seat("Bo")), seed=2)
    lobby = LobbyScreen(app, game, [1])
    lobby.address = "192.168.178.123"
    app.push(lobby)
    try:
        settle(app)
        app.dirty = True
        settle(app)
        address = lobby.address_box
        assert address.width > 0 and lobby.address in t("net.ui.address", address=lobby.address)
        for rect in (lobby.port_box, lobby.port_entry.rect, lobby.use_port.rect):
            assert not address.colliderect(rect), (language, address, rect)
    finally:
        app.back()


class HeardLater:
    """No game heard at first; one once ``hear()`` is called."""

    def __init__(self) -> None:
        self.found: list[FoundGame] = []

    def hear(self) -> None:
        self.found = [FoundGame("Ann – BUTTONS", "buttons", "192.168.1.10", 47474,
                                PROTOCOL_VERSION, 2)]  # fmt: skip

    def games(self) -> list[FoundGame]:
        return list(self.found)

    def close(self) -> None:
        pass


def test_a_game_heard_while_a_code_is_typed_loses_none_of_its_letters(make_app):
    app = make_app(window=(1280, 720))
    app.push(MainMenu(app))
    settle(app)
    heard = HeardLater()
    join = JoinScreen(app, browser=heard)
    app.push(join)
    settle(app)
    click_widget(app, join.entries["code"])
    app.step(0.02, [pygame.event.Event(pygame.TEXTINPUT, text="4-")])
    assert join.entries["code"].get_text() == "4-"
    heard.hear()
    settle(app)
    assert join.found_buttons, "the screen was built again for the game heard"
    app.step(0.02, [pygame.event.Event(pygame.TEXTINPUT, text="ab")])
    assert join.entries["code"].get_text() == "4-ab"
