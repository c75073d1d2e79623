"""The windows of play over the internet, on in-process wormholes (``wormhole_fakes``):
the lobby shows each remote seat's code, its state and why a code changed; a guest's
typed code joins by a wormhole, with no address, to the code's seat; a wrong code is said;
a new port replaces only the address route; the host's table offers a gone guest's new
code; a guest's saved wormhole game rejoins by a new code."""

from __future__ import annotations

import json

import pygame

from buttons_game import saves
from buttons_game.core.kind import find_kind
from buttons_game.i18n import t
from buttons_game.net.host import GameHost
from buttons_game.net.keep import decode_keep, encode_keep, guest_keep, host_keep
from buttons_game.net.links import GuestLink, HostLink
from buttons_game.net.transport import Disconnected
from buttons_game.saves.network import guest_record, host_record, save_key
from buttons_game.saves.network_keep import keep_path, write_keep
from buttons_game.ui.games.kopf.screen import KopfScreen
from buttons_game.ui.screens.join import JoinScreen, is_wormhole_code
from buttons_game.ui.screens.pause import PauseScreen

from . import wormhole_fakes
from .conftest import click_widget, press, settle, step
from .test_net_resume import free_port, half_played, press_continue
from .test_net_screens import open_join_screen, open_lobby, until

KOPF = find_kind("kopf")


def test_the_lobby_shows_each_remote_seats_code_and_a_guest_comes_by_it(make_app, monkeypatch):
    wormhole_fakes.install(monkeypatch)
    app = make_app(net_port=0, internet=True)
    lobby = open_lobby(app)
    holes = wormhole_fakes.FakeWormholeHost.made[-1]
    step(app, 2)
    code, state = lobby.codes.code_line(1)
    assert code == holes.offers()[1].code and state == t("net.wh.ready")
    assert lobby.message() == (t("net.wh.tell_codes"), "text_dim")
    assert lobby.codes.buttons[1].is_enabled and set(lobby.codes.buttons) == {1}

    click_widget(app, lobby.codes.buttons[1])  # a new code for seat 2
    assert holes.renewed == [1] and lobby.codes.code_line(1)[0] != code
    server = lobby.routes.server
    lobby.port_entry.set_text("0")
    lobby.port = 0
    lobby._open()  # another port: the address route only is replaced
    assert lobby.routes.server is not server and lobby.routes.wormholes is holes
    assert not holes.closed and lobby.link.server is lobby.routes

    guest_hole = wormhole_fakes.FakeWormholeGuest(holes.servers, holes.offers()[1].code)
    guest = GuestLink(guest_hole, None, None, "Bo")
    until(app, lambda: lobby.start.is_enabled, guest.poll)
    assert guest.seat == 1  # the seat the code is for
    who = t("net.ui.seat_guest", name="Bo")
    assert lobby.seat_lines()[1] == t("net.ui.seat_line", n=2, who=who)
    assert lobby.codes.code_line(1) == ("", t("net.wh.relay"))
    click_widget(app, lobby.start)
    until(app, lambda: isinstance(app.top, KopfScreen), guest.poll)
    assert not holes.closed  # the table goes on through the same wormholes
    app.show_menu()
    assert holes.closed


def test_the_lobby_says_why_a_code_changed_and_a_mailbox_it_cannot_reach(make_app, monkeypatch):
    wormhole_fakes.install(monkeypatch)
    app = make_app(net_port=0, internet=True)
    lobby = open_lobby(app)
    holes = wormhole_fakes.FakeWormholeHost.made[-1]
    holes.expire(1, "wrong_code")
    step(app, 2)
    assert lobby.message() == (t("net.wh.word_wrong_code", n=2), "accent")
    holes.expire(1, "expired")
    step(app, 2)
    assert lobby.message() == (t("net.wh.word_expired", n=2), "accent")
    holes.set_state(1, "no_mailbox")
    holes.mailbox_reached = False
    step(app, 2)
    said, tint = lobby.message()
    assert said == t("net.wh.mailbox_down", server="127.0.0.1:4000") and tint == "bad"
    assert lobby.codes.code_line(1)[1] == t("net.wh.no_mailbox")
    app.back()


def test_without_internet_play_the_lobby_has_no_codes(make_app, monkeypatch):
    wormhole_fakes.install(monkeypatch)
    app = make_app(net_port=0)
    lobby = open_lobby(app)
    assert not lobby.codes.on and not wormhole_fakes.FakeWormholeHost.made
    app.back()


def hosted_by_wormhole() -> tuple[GameHost, HostLink, wormhole_fakes.FakeWormholeHost]:
    from buttons_game.core.seats import Seat

    game = KOPF.new_game((Seat("Ann"), Seat("Guest")), seed=5, short=True)
    gamehost = GameHost(game, [1], seed=5)
    holes = wormhole_fakes.FakeWormholeHost(None, sorted(gamehost.wanting()), game="kopf")
    return gamehost, HostLink(gamehost, holes), holes


def test_the_join_screen_joins_by_a_wormhole_code_without_an_address(make_app, monkeypatch):
    wormhole_fakes.install(monkeypatch)
    assert is_wormhole_code("7-purple-sausages") and is_wormhole_code(" 12 purple sausages ")
    assert not is_wormhole_code("KTF-RWA-MEX") and not is_wormhole_code("7")
    gamehost, host_link, holes = hosted_by_wormhole()
    app = make_app()
    join = open_join_screen(app)
    join.entries["address"].set_text("")
    join.entries["code"].set_text(holes.offers()[1].code)
    join.entries["name"].set_text("Bo")
    click_widget(app, join.join)
    guest = wormhole_fakes.FakeWormholeGuest.made[-1]
    assert guest.code == holes.offers()[1].code and join.wormhole is guest
    assert join.message[0] in (
        t("net.wh.stage_mailbox", server="127.0.0.1:4000"),
        t("net.wh.stage_waiting"),
    )
    until(app, lambda: join.link is not None and join.link.joined, host_link.poll)
    assert join.link.seat == 1 and gamehost.guests[guest.peer].seat == 1
    assert join.message[0] == t("net.ui.waiting_start")
    assert not join.seat_menu.is_enabled  # joined by the code: its seat, not a choice
    host_link.close()


def test_a_wormhole_code_greys_out_the_seat_menu_as_the_code_names_the_seat(make_app):
    app = make_app()
    join = open_join_screen(app)
    join.entries["address"].set_text("")
    settle(app)
    assert join.seat_menu.is_enabled
    join.entries["code"].set_text("7-purple-sausages")
    settle(app)
    assert not join.seat_menu.is_enabled and join.seat_menu not in join.focusable()
    join.entries["address"].set_text("192.168.1.20")  # by the address: the seat is chosen
    settle(app)
    assert join.seat_menu.is_enabled and join.seat_menu in join.focusable()
    join.entries["address"].set_text("")
    join.entries["code"].set_text("KTF-RWA-MEX")  # a join code: the seat is chosen too
    settle(app)
    assert join.seat_menu.is_enabled


def test_a_wrong_wormhole_code_is_said_and_another_can_be_typed(make_app, monkeypatch):
    wormhole_fakes.install(monkeypatch)
    app = make_app()
    join = open_join_screen(app)
    join.entries["address"].set_text("")
    join.entries["code"].set_text("4-wrong-guess")
    click_widget(app, join.join)
    until(app, lambda: join.link is None)
    assert join.message == (t("net.wh.error_wrong_code"), "bad")
    assert join.join.is_enabled


def test_the_hosts_table_offers_a_gone_guests_new_code(make_app, monkeypatch):
    wormhole_fakes.install(monkeypatch)
    table = half_played()
    host, remote = table.host, table.guests["peer-1"]
    game = host.match.game
    saves.autosave(game, network=host_record(host))
    port = free_port()
    write_keep(save_key(game.game_id, "host"), host_keep(host, "KTF-RWA-MEX", port))
    app = make_app(internet=True)
    press_continue(app)
    net = app.net
    again = t("net.wh.hosting_again", port=port, code="KTF-RWA-MEX")
    assert any(n.text == again for n in app.notices), "far-away guests need a new code"
    holes = wormhole_fakes.FakeWormholeHost.made[-1]
    step(app, 2)
    code = holes.offers()[1].code
    assert net.status() == t("net.wh.gone_code", name=remote.name, code=code)
    app.show_menu()


def test_a_guests_saved_wormhole_game_rejoins_its_seat_by_a_new_code(make_app, monkeypatch):
    wormhole_fakes.install(monkeypatch)
    table = half_played()
    host, remote = table.host, table.guests["peer-1"]
    game = remote.game
    saves.autosave(game, network=guest_record(remote))
    key = save_key(game.game_id, remote.computer())
    write_keep(key, guest_keep(remote, "", 0, "3-old-code", wormhole=True))
    kept = json.loads(keep_path(key).read_text(encoding="utf-8"))
    assert kept["wormhole"] is True and decode_keep(kept).wormhole
    assert "wormhole" not in encode_keep(guest_keep(remote, "127.0.0.1", 1, "KTF"))
    moved = host_keep(host, "KTF-RWA-MEX", 47999).resume(host.match.game, host.dice.proofs())
    holes = wormhole_fakes.FakeWormholeHost(None, sorted(moved.wanting()), game="kopf")
    host_link = HostLink(moved, holes)
    app = make_app()
    press_continue(app)
    join = app.top
    assert isinstance(join, JoinScreen) and join.rejoin is not None
    assert set(join.entries) == {"code"}  # only the new code is asked for
    join.entries["code"].set_text(holes.offers()[1].code)
    click_widget(app, join.join)
    until(app, lambda: isinstance(app.top, KopfScreen), host_link.poll)
    net = app.net
    assert net.wormhole and net.link.seated and net.link.seat == 1
    assert net.link.remote.credential == remote.credential
    assert any(g.connected and g.seat == 1 for g in moved.guests.values())
    assert net.keep().wormhole
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScreen) and app.top.new_code is None, "connected"
    press(app, pygame.K_ESCAPE)

    # the host goes away (it will start again with new codes): the pause menu offers to
    # rejoin with the new code, back on the Join screen with the same seat and credential
    wormhole_fakes.FakeWormholeGuest.made[-1].events.append(Disconnected("host", "lost", False))
    step(app, 2)
    assert not net.link.connected and net.status() == t("net.wh.reconnecting_host")
    press(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScreen) and pause.new_code is not None
    click_widget(app, pause.new_code)
    join = app.top
    assert isinstance(join, JoinScreen) and join.rejoin is not None
    assert join.rejoin.seat == 1 and join.rejoin.keep.credential == remote.credential
    app.show_menu()
    host_link.close()
