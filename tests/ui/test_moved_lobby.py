"""The lobby of a game hosted on from a guest (its host gone for good): each open seat
names the person it waits for, so the one hosting on can tell each of them their seat;
its title and its line above the buttons say the game goes on here, and fit the window."""

from __future__ import annotations

import pytest

from buttons_game.i18n import t
from buttons_game.net.host import GameHost
from buttons_game.ui import art
from buttons_game.ui.screens.lobby import LobbyScreen
from buttons_game.ui.screens.menu import MainMenu
from tests.net import test_host_guest as net

from .conftest import settle


def moved_lobby(app) -> tuple[LobbyScreen, object]:
    table = net.hosted("kopf", (None, None), seed=46, short=True)
    mine = table.guests["peer-1"]
    moved = GameHost.moved(mine.game, mine.proofs, here=[1])
    app.push(MainMenu(app))
    settle(app)
    lobby = LobbyScreen(app, mine.game, sorted(moved.remote), gamehost=moved)
    app.push(lobby)
    settle(app)
    return lobby, mine.game


def test_each_open_seat_of_a_moved_game_names_the_person_it_waits_for(make_app):
    app = make_app(window=(1280, 720), net_port=0)
    lobby, game = moved_lobby(app)
    try:
        gone = game.seats[0].name
        lines = lobby.seat_lines()
        assert lines[0] == t("net.ui.seat_line", n=1, who=t("net.ui.seat_rejoin", name=gone)), (
            "the seat says whose it is"
        )
        assert gone in lines[0] and t("net.ui.seat_open") not in lines
        assert lobby.title() == t("net.ui.moved_title", game="Kopf oder Knopf")
        assert lobby.message() == (t("net.ui.tell_moved"), "text_dim")
    finally:
        app.back()


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "ja"])
def test_the_moved_lobby_words_fit_the_window(make_app, language):
    app = make_app(window=(1280, 720), language=language, net_port=0)
    lobby, _ = moved_lobby(app)
    try:
        w = app.surface.get_width()
        title = art.text(lobby.title(), lobby.px(38), "accent", True)
        message = art.text(lobby.message()[0], lobby.px(18), "text_dim", True)
        assert title.get_width() < w * 0.8, (language, lobby.title())  # clear of the stars
        assert message.get_width() < w - lobby.px(40), (language, lobby.message())
        seat = art.text(lobby.seat_lines()[0], lobby.px(22), "text")
        assert lobby.left + seat.get_width() < w, (language, lobby.seat_lines()[0])
    finally:
        app.back()


def test_once_the_game_moved_every_table_s_log_says_so(make_app):
    """Start in a moved game's lobby: the new host's table and the guest's table that opens
    on the game both say in the log that the game moved and the dice come anew, though
    the dice were drawn anew before either table was open."""
    from buttons_game.net.links import GuestLink
    from buttons_game.net.transport import GuestClient
    from buttons_game.ui.netplay import NetPlay, open_table

    from .conftest import click_widget
    from .test_net_screens import until

    app = make_app(window=(1280, 720), net_port=0)
    lobby, game = moved_lobby(app)
    kind = lobby.gamehost.kind
    other = GuestLink(
        GuestClient("127.0.0.1", lobby.port, lobby.code, patience=5), kind, 0, game.seats[0].name
    )
    try:
        until(app, lambda: lobby.gamehost.ready, other.poll)
        click_widget(app, lobby.start)
        until(app, lambda: other.game is not None and app.net is not None, other.poll)
        keys = [note.key for note in app.top.session.model.log]
        assert "net.epoch.host_moved" in keys, "the new host's log says the game moved"
        app.show_menu()
        open_table(app, NetPlay(other, code=lobby.code, port=lobby.port, address="127.0.0.1"))
        keys = [note.key for note in app.top.session.model.log]
        assert "net.epoch.host_moved" in keys, "the guest's log says it too"
    finally:
        other.close()


def test_a_table_opened_on_a_networked_game_keeps_it_before_the_first_move(make_app):
    """The person who joins the moved game comes from a computer that still has its old
    save of the game (it hosted it): the moment the table opens, its part in the moved
    game is saved and kept, so Continue, after a window closed before anyone moved, rejoins
    the game where it goes on instead of hosting the old one again."""
    from buttons_game import saves
    from buttons_game.net.keep import GuestKeep
    from buttons_game.net.links import GuestLink
    from buttons_game.net.transport import GuestClient
    from buttons_game.saves.network import save_key
    from buttons_game.saves.network_keep import read_keep
    from buttons_game.ui.netplay import NetPlay, open_table

    from .conftest import click_widget
    from .test_net_screens import until

    app = make_app(window=(1280, 720), net_port=0)
    lobby, game = moved_lobby(app)
    other = GuestLink(
        GuestClient("127.0.0.1", lobby.port, lobby.code, patience=5),
        lobby.gamehost.kind,
        0,
        game.seats[0].name,
    )
    try:
        until(app, lambda: lobby.gamehost.ready, other.poll)
        click_widget(app, lobby.start)
        until(app, lambda: other.game is not None and app.net is not None, other.poll)
        host_key = save_key(game.game_id, "host")
        assert saves.autosave_path(game, app.net.record()).exists(), "the new host keeps it"
        assert read_keep(host_key) is not None
        app.show_menu()
        joined = NetPlay(other, code=lobby.code, port=lobby.port, address="127.0.0.1")
        open_table(app, joined)
        record = joined.record()
        assert not other.game.state.history()[len(game.state.history()) :], "nobody moved"
        latest = saves.latest_unfinished()
        assert latest is not None and latest.path == saves.autosave_path(other.game, record)
        assert isinstance(read_keep(save_key(game.game_id, record.computer)), GuestKeep)
    finally:
        other.close()
