"""Continue on a networked game takes it up again across computers: at the host it is
hosted again on the same port with the same code and its guest comes back with its seat's
credential; at a guest the table opens at once, says it is reconnecting, and rejoins the
host; without what was kept it goes on at this table alone, as it says. Everything talks
over 127.0.0.1 in this process."""

from __future__ import annotations

import json
import random
import socket

from buttons_game import saves
from buttons_game.i18n import t
from buttons_game.net.keep import guest_keep, host_keep
from buttons_game.net.links import GuestLink, HostLink
from buttons_game.net.transport import GuestClient, HostServer
from buttons_game.saves.network import guest_record, host_record, save_key
from buttons_game.saves.network_keep import keep_path, write_keep
from buttons_game.ui.screens.menu import MainMenu
from tests.net import test_host_guest as net

from .conftest import click_widget, settle, step
from .test_net_screens import until

CODE = "KTF-RWA-MEX"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def half_played():
    """A short Kopf oder Knopf game hosted with a guest, a few plies in (not over)."""
    for seed in range(44, 60):
        table = net.hosted("kopf", ("easy", None), seed=seed, short=True)
        rng = random.Random(seed)
        guest = table.guests["peer-1"]
        while len(guest.state.history()) < 4 and not guest.state.is_over():
            guest.submit(1, rng.choice(list(table.kind.legal_actions(guest.state, 1))))
            table.settle()
        if not guest.state.is_over():
            return table
    raise AssertionError("every game was over at once")


def press_continue(app) -> None:
    app.push(MainMenu(app))
    settle(app)
    click_widget(app, app.top.continue_)


def test_continue_at_the_host_hosts_the_game_again_and_its_guest_comes_back(make_app):
    table = half_played()
    host, remote = table.host, table.guests["peer-1"]
    port = free_port()
    game = host.match.game
    saves.autosave(game, network=host_record(host))
    write_keep(save_key(game.game_id, "host"), host_keep(host, CODE, port))
    app = make_app()
    press_continue(app)
    net = app.net
    assert net is not None and isinstance(net.link, HostLink)
    assert net.link.host.match.state.history() == game.state.history()
    assert any(n.text == t("net.ui.hosting_again", port=port, code=CODE) for n in app.notices)
    assert net.status() == t("net.ui.reconnecting_guest", name=remote.name)  # not back yet

    link = GuestLink(GuestClient("127.0.0.1", port, CODE, patience=5), table.kind, 1, remote.name)
    link.credential = remote.credential
    link.rejoin(remote)  # the guest, which kept trying, reaches the host again
    try:
        until(app, lambda: link.seated, link.poll)
        assert net.status() != t("net.ui.reconnecting_guest", name=remote.name)
        assert remote.state.history() == net.link.host.match.state.history()
        assert all(g.connected for g in net.link.host.guests.values())
    finally:
        link.close()


def test_continue_at_a_guest_opens_its_table_and_rejoins_the_host(make_app):
    table = half_played()
    host, remote = table.host, table.guests["peer-1"]
    port = free_port()
    game = remote.game
    saves.autosave(game, network=guest_record(remote))
    key = save_key(game.game_id, remote.computer())
    write_keep(key, guest_keep(remote, "127.0.0.1", port, CODE))
    kept = json.loads(keep_path(key).read_text(encoding="utf-8"))
    assert kept["credential"] == remote.credential and kept["port"] == port
    host = host_keep(host, CODE, port).resume(host.match.game, host.dice.proofs())  # its own
    host_link = HostLink(host, HostServer("127.0.0.1", port, CODE))  # window started again
    try:
        app = make_app()
        press_continue(app)
        net = app.net
        assert net is not None and isinstance(net.link, GuestLink)
        assert app.top.session.game.state.history() == game.state.history()  # at once
        until(app, lambda: net.link.seated, host_link.poll)
        assert net.status() != t("net.ui.reconnecting_host")
        assert net.link.remote.state.history() == host.match.state.history()
        assert any(g.connected and g.seat == 1 for g in host.guests.values())
    finally:
        host_link.close()


def test_without_what_was_kept_the_game_goes_on_here_alone_and_says_so(make_app):
    table = half_played()
    game = table.host.match.game
    saves.autosave(game, network=host_record(table.host))  # no kept file: another computer's
    app = make_app()
    press_continue(app)
    assert app.net is None
    assert any(n.text == t("saves.networked_here") for n in app.notices)
    assert app.current_game.state.history() == game.state.history()


def test_a_kept_file_that_cannot_be_read_is_said_and_the_game_goes_on_here(make_app):
    table = half_played()
    game = table.host.match.game
    saves.autosave(game, network=host_record(table.host))
    path = keep_path(save_key(game.game_id, "host"))
    path.write_text('{"format": "buttons-game-network-keep", "version": 1, "role": "host"}')
    app = make_app()
    press_continue(app)
    assert app.net is None
    assert any(n.text.startswith(t("net.ui.keep_unreadable", reason="")[:30]) for n in app.notices)
    assert app.current_game.state.history() == game.state.history()


def test_a_busy_port_is_said_and_nothing_is_opened_in_its_place(make_app):
    table = half_played()
    game = table.host.match.game
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        saves.autosave(game, network=host_record(table.host))
        write_keep(save_key(game.game_id, "host"), host_keep(table.host, CODE, port))
        app = make_app()
        press_continue(app)
        assert app.net is None
        assert any(n.text == t("net.ui.port_busy_again", port=port) for n in app.notices)
        assert isinstance(app.top, MainMenu)  # not forked into a game alone


def test_a_guest_whose_host_is_gone_hosts_the_game_on_and_the_other_joins_anew(make_app):
    """The host never comes back: after a minute the guest's table says it may host the
    game on, the pause menu offers it, its lobby takes the other person back with a new
    code, and Start opens the table on the game as it was, the dice drawn anew."""
    import pygame

    from buttons_game.net.epoch import HOST_MOVED
    from buttons_game.ui.netplay import NetPlay, open_table
    from buttons_game.ui.screens.lobby import LobbyScreen
    from buttons_game.ui.screens.pause import PauseScreen

    from .conftest import press

    table = net.hosted("kopf", (None, None), seed=46, short=True)
    rng = random.Random(3)
    for _ in range(3):  # a few plies, played by both guests
        for guest in table.guests.values():
            if guest.seat in table.kind.deciders(guest.state):
                guest.submit(
                    guest.seat, rng.choice(list(table.kind.legal_actions(guest.state, guest.seat)))
                )
        table.settle()
    mine, theirs = table.guests["peer-1"], table.guests["peer-0"]
    before = mine.state.history()
    assert before and not mine.state.is_over()
    app = make_app(net_port=0)
    app.push(MainMenu(app))
    settle(app)
    link = GuestLink(
        GuestClient("127.0.0.1", free_port(), CODE, patience=60), table.kind, 1, mine.name
    )
    link.rejoin(mine)  # the host's port answers no more
    now = [1000.0]
    link.clock = lambda: now[0]
    link.lost_since = now[0]
    netplay = NetPlay(link, code=CODE, port=1, address="127.0.0.1")
    open_table(app, netplay)
    step(app, 5)
    assert netplay.status() == t("net.ui.reconnecting_host")
    now[0] += 61
    step(app, 5)
    assert netplay.status() == t("net.ui.host_gone")
    press(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScreen) and pause.host_on is not None
    click_widget(app, pause.host_on)
    lobby = app.top
    assert isinstance(lobby, LobbyScreen) and lobby.gamehost.remote == frozenset({0})
    assert not lobby.start.is_enabled
    other = GuestLink(
        GuestClient("127.0.0.1", lobby.port, lobby.code, patience=5), table.kind, 0, theirs.name
    )
    try:
        until(app, lambda: lobby.gamehost.ready, other.poll)
        click_widget(app, lobby.start)
        until(app, lambda: other.game is not None and app.net is not None, other.poll)
        host_match = app.net.link.host.match
        assert host_match.state.history() == before == other.game.state.history()
        assert app.net.link.host.dice.epochs[-1].reason == HOST_MOVED
        assert app.top.session.game.state.history() == before
    finally:
        other.close()
