"""The screens of a game across computers, each side in the window against the other side
driven by hand on 127.0.0.1 in the same process: the host's lobby fills as a guest joins and
Start opens the host's table; a guest joins through the Join screen and plays by real clicks
that reach the host; a wrong code is said in the window; leaving the table ends the link."""

from __future__ import annotations

import random
import time

from buttons_game import saves
from buttons_game.core.kind import find_kind
from buttons_game.core.seats import Seat
from buttons_game.i18n import t
from buttons_game.net.host import GameHost
from buttons_game.net.links import GuestLink, HostLink
from buttons_game.net.transport import GuestClient, HostServer
from buttons_game.settings import SEAT_KINDS
from buttons_game.ui.games.kopf.screen import KopfScreen
from buttons_game.ui.screens.join import JoinScreen
from buttons_game.ui.screens.lobby import LobbyScreen
from buttons_game.ui.screens.menu import MainMenu

from .conftest import choose, click_widget, settle, step
from .games.kopf.test_screen import play_turn_with_clicks

CODE = "KTF-RWA-MEX"
KOPF = find_kind("kopf")
FRAMES = 3000  # a guard against a hang: each frame also waits a little for the network


def until(app, condition, *pollers, frames: int = FRAMES) -> None:
    """Step the app (and poll the other side's links) until ``condition()`` holds."""
    for _ in range(frames):
        if condition():
            return
        for poll in pollers:
            poll()
        app.step(0.02)
        time.sleep(0.002)
    assert condition(), "the other computer never answered"


def test_the_lobby_fills_as_a_guest_joins_and_start_opens_the_hosts_table(make_app):
    app = make_app(net_port=0)
    app.push(MainMenu(app))
    settle(app)
    app.show_setup("kopf")
    setup = app.top
    choose(app, setup.rows[1]["kind"], len(SEAT_KINDS))  # "From another computer"
    assert setup.choices[1].kind == "remote"
    assert setup.start.text == t("net.ui.host_start")
    click_widget(app, setup.start)
    lobby = app.top
    assert isinstance(lobby, LobbyScreen) and lobby.link is not None
    assert lobby.seat_lines()[1] == t("net.ui.seat_line", n=2, who=t("net.ui.seat_open"))
    assert not lobby.start.is_enabled

    client = GuestClient("127.0.0.1", lobby.port, lobby.code, patience=5)
    guest = GuestLink(client, None, None, "Bo")  # the first open seat
    bot = KOPF.make_bot("easy", 1)
    try:
        until(app, lambda: lobby.start.is_enabled, guest.poll)
        who = t("net.ui.seat_guest", name="Bo")
        assert lobby.seat_lines()[1] == t("net.ui.seat_line", n=2, who=who)
        assert not lobby.renew.is_enabled  # somebody joined: the code stays
        click_widget(app, lobby.start)
        until(app, lambda: isinstance(app.top, KopfScreen), guest.poll)
        table = app.top
        assert app.net is not None and table.net is app.net
        host_match = lobby.gamehost.match
        assert table.session.match is host_match

        rng, seen = random.Random(3), set()
        guest_moves = 0
        while guest_moves < 2:
            state = host_match.state
            if 0 in KOPF.deciders(state) and KOPF.forced_action(state, 0) is None:
                play_turn_with_clicks(app, table, rng, seen)
                assert app.net.status() in (None, t("net.ui.waiting_for", name="Bo"))
            remote = guest.remote
            if (
                remote.game is not None
                and 1 in KOPF.deciders(remote.state)
                and KOPF.forced_action(remote.state, 1) is None
            ):
                assert app.net.status() == t("net.ui.waiting_for", name="Bo")
                ply = len(remote.state.history())
                remote.submit(1, bot.choose(remote.state, 1))
                until(app, lambda p=ply: len(host_match.state.history()) > p, guest.poll)
                guest_moves += 1
            guest.poll()
            step(app)
        until(
            app,
            lambda: guest.remote.state.history() == host_match.state.history(),
            guest.poll,
        )
        # every move is kept at the host, as the host's part in the game under its own key
        kept = saves.read_save(saves.autosave_path(host_match.game, app.net.record()))
        assert kept.network is not None and kept.network.role == "host"
        assert kept.game.state.history() == host_match.state.history()
        guest.close()  # the guest's computer drops: the host's table says so
        until(app, lambda: app.net.status() == t("net.ui.reconnecting_guest", name="Bo"))
        net = app.net
        app.show_menu()  # leaving the table ends the link
        step(app)
        assert app.net is None and net.closed
    finally:
        guest.close()


def open_lobby(app) -> LobbyScreen:
    """The lobby of a game of Kopf oder Knopf hosted through the screens, seat 2 from
    another computer."""
    app.push(MainMenu(app))
    settle(app)
    app.show_setup("kopf")
    setup = app.top
    choose(app, setup.rows[1]["kind"], len(SEAT_KINDS))  # "From another computer"
    click_widget(app, setup.start)
    lobby = app.top
    assert isinstance(lobby, LobbyScreen)
    return lobby


def hosted_with_a_guest(app) -> tuple[LobbyScreen, GuestLink]:
    """A game of Kopf oder Knopf hosted through the screens (seat 2 from another computer),
    Bo's computer joined by hand on 127.0.0.1, and the host's table open."""
    lobby = open_lobby(app)
    client = GuestClient("127.0.0.1", lobby.port, lobby.code, patience=5)
    guest = GuestLink(client, None, None, "Bo")
    until(app, lambda: lobby.start.is_enabled, guest.poll)
    click_widget(app, lobby.start)
    until(app, lambda: isinstance(app.top, KopfScreen), guest.poll)
    return lobby, guest


def hosted_kopf(code: str = CODE) -> HostLink:
    """A game of Kopf oder Knopf hosted on 127.0.0.1: an easy bot against seat 1's guest."""
    game = KOPF.new_game((Seat("Ann", "easy"), Seat("Guest", None)), seed=5, short=True)
    host = GameHost(game, [1], seed=5)
    return HostLink(host, HostServer("127.0.0.1", 0, code))


def open_join_screen(app) -> JoinScreen:
    app.push(MainMenu(app))
    settle(app)
    click_widget(app, app.top.join)
    join = app.top
    assert isinstance(join, JoinScreen)
    return join


def fill(join: JoinScreen, port: int, code: str, name: str = "Bo") -> None:
    for field, text in (("address", "127.0.0.1"), ("port", str(port)), ("code", code)):
        join.entries[field].set_text(text)
    join.entries["name"].set_text(name)


def test_a_guest_joins_through_the_join_screen_and_its_clicks_reach_the_host(make_app):
    app = make_app()
    link = hosted_kopf()
    host = link.host

    def serve() -> None:
        link.poll()
        if not host.started and host.ready:
            link.start()
        link.pump()

    try:
        join = open_join_screen(app)
        fill(join, link.server.port, CODE.lower().replace("-", " "))  # case and dashes: any
        click_widget(app, join.join)
        until(app, lambda: isinstance(app.top, KopfScreen), serve)
        table = app.top
        assert table.net is app.net and host.guests["peer-1"].name == "Bo"
        rng, seen = random.Random(4), set()
        mine = 0
        while mine < 3 and not table.session.state.is_over():
            state = table.session.state
            if 1 in KOPF.deciders(state) and KOPF.forced_action(state, 1) is None:
                before = len(host.match.state.history())
                play_turn_with_clicks(app, table, rng, seen)
                until(
                    app, lambda b=before: len(table.session.state.history()) > b, serve
                )  # at the host, and back at the guest's table
                assert host.match.state.history()[before] == table.session.state.history()[before]
                mine += 1
            else:
                serve()
                step(app)
        assert mine == 3
        assert host.match.state.history()[: len(table.session.state.history())] == (
            table.session.state.history()
        )
        app.show_menu()  # leaving the table: the host sees the guest go
        until(app, lambda: not host.guests["peer-1"].connected, link.poll)
        assert link.dropped() == ["Bo"]
    finally:
        link.close()


def test_a_wrong_code_is_said_in_the_join_screen(make_app):
    app = make_app()
    server = HostServer("127.0.0.1", 0, CODE)
    try:
        join = open_join_screen(app)
        fill(join, server.port, "AAA-AAA-AAA")
        click_widget(app, join.join)
        until(app, lambda: join.message[0] == t("net.secure.wrong_code"))
        assert join.link is None and join.join.is_enabled  # another code can be tried
    finally:
        server.close()


def test_a_guest_gone_for_a_minute_can_be_played_by_a_bot_until_it_is_back(make_app):
    """The host's table waits for a guest whose connection dropped; after a minute it says
    a bot may take the seat, the pause menu offers it, and the bot plays on."""
    import pygame

    from buttons_game.ui.screens.pause import PauseScreen

    from .conftest import press

    app = make_app(net_port=0)
    lobby, guest = hosted_with_a_guest(app)
    try:
        table, net = app.top, app.net
        host_match = lobby.gamehost.match
        now = [1000.0]
        net.link.clock = lambda: now[0]
        guest.close()  # the guest's computer drops
        until(app, lambda: net.status() == t("net.ui.reconnecting_guest", name="Bo"))
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.top, PauseScreen) and app.top.to_bot is None  # not yet
        press(app, pygame.K_ESCAPE)
        now[0] += 61  # a minute later
        step(app)
        assert net.status() == t("net.ui.away_long", name="Bo")
        press(app, pygame.K_ESCAPE)
        pause = app.top
        assert isinstance(pause, PauseScreen) and pause.to_bot is not None
        assert pause.to_bot.text == t("net.ui.to_bot", name="Bo")
        click_widget(app, pause.to_bot)
        assert app.top is table and host_match.control(1).is_bot
        rng, seen = random.Random(4), set()
        before = len(host_match.state.history())
        for _ in range(400):
            if len(host_match.state.history()) >= before + 4 or host_match.state.is_over():
                break
            state = host_match.state
            if 0 in KOPF.deciders(state) and KOPF.forced_action(state, 0) is None:
                play_turn_with_clicks(app, table, rng, seen)
            step(app)
            time.sleep(0.005)
        assert len(host_match.state.history()) >= before + 4, "the bot plays the gone seat"
    finally:
        guest.close()
