"""Settings → Network in the window: the public servers shown by default; a mistyped
mailbox or relay said in the window and nothing saved; a club's own kept in the settings
file; "Use the public servers" goes back to them."""

from __future__ import annotations

from buttons_game.i18n import t
from buttons_game.net.internet import PUBLIC_MAILBOX, PUBLIC_RELAY
from buttons_game.settings import load_settings
from buttons_game.ui.screens.menu import MainMenu
from buttons_game.ui.screens.settings_screen import SettingsScreen

from .conftest import click_widget, settle


def network_section(app) -> SettingsScreen:
    app.push(MainMenu(app))
    settle(app)
    app.show_settings()
    screen = app.top
    assert isinstance(screen, SettingsScreen)
    click_widget(app, screen.tabs["network"])
    assert screen.section == "network"
    return screen


def test_the_public_servers_are_shown_and_a_mistyped_one_is_said_not_saved(make_app):
    app = make_app()
    screen = network_section(app)
    mailbox, relay = screen.network.entries
    assert (mailbox.get_text(), relay.get_text()) == (PUBLIC_MAILBOX, PUBLIC_RELAY)
    assert [screen.control_name(e) for e in (mailbox, relay)] == [
        t("settings.mailbox"),
        t("settings.relay"),
    ]
    mailbox.set_text("club.example.org:4000")
    click_widget(app, screen.network.save)
    field = t("settings.mailbox")
    assert screen.network.message == (t("settings.server_scheme", field=field), "bad")
    settle(app)
    assert app.settings.mailbox == "" and load_settings()[0].mailbox == ""
    assert screen.network.entries[0].get_text() == "club.example.org:4000"  # still there

    screen.network.entries[0].set_text("ws://club.example.org:4000/v1")
    screen.network.entries[1].set_text("club.example.org:99999")
    click_widget(app, screen.network.save)
    assert screen.network.message == (t("settings.server_port", field=t("settings.relay")), "bad")
    assert app.settings.mailbox == ""


def test_a_clubs_servers_are_kept_and_the_public_ones_come_back(make_app):
    app = make_app()
    screen = network_section(app)
    screen.network.entries[0].set_text("ws://club.example.org:4000/v1")
    screen.network.entries[1].set_text("club.example.org:4001")
    click_widget(app, screen.network.save)
    assert screen.network.message == (t("settings.servers_kept"), "good")
    assert (app.settings.mailbox, app.settings.relay) == (
        "ws://club.example.org:4000/v1",
        "tcp:club.example.org:4001",
    )
    settle(app)
    saved, problem = load_settings()
    assert problem is None and saved.relay == "tcp:club.example.org:4001"
    assert screen.network.entries[1].get_text() == "tcp:club.example.org:4001"

    click_widget(app, screen.network.public)
    assert (app.settings.mailbox, app.settings.relay) == ("", None)
    assert screen.network.entries[0].get_text() == PUBLIC_MAILBOX
