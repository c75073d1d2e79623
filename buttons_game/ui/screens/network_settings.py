"""Settings → Network: the wormhole's mailbox server and transit relay, for play over the
internet by a code. The public servers are shown by default; another (a club's own) is
typed, checked (``check_mailbox`` / ``check_relay``) and kept only when it can be right,
else the window says what is wrong and nothing is saved."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from buttons_game.i18n import t
from buttons_game.net.internet import (
    PUBLIC_MAILBOX,
    PUBLIC_RELAY,
    ServerAddressError,
    check_mailbox,
    check_relay,
)
from buttons_game.settings import Settings

from .common import button
from .widgets import TextEntry

NETWORK_ROWS = ("settings.mailbox", "settings.relay", "settings.network_actions")
FIELD_LIMIT = 200


def shown_mailbox(settings: Settings) -> str:
    return settings.mailbox or PUBLIC_MAILBOX


def shown_relay(settings: Settings) -> str:
    return PUBLIC_RELAY if settings.relay is None else settings.relay


def server_problem(error: ServerAddressError, field: str) -> str:
    """What is wrong with a typed server, in the person's language."""
    return t(f"settings.server_{error.code}", field=t(f"settings.{field}"))


def chosen_servers(settings: Settings, mailbox: str, relay: str) -> Settings:
    """``settings`` with the typed servers (the public ones kept as "the public ones");
    ``ServerAddressError`` (with ``field``) when one cannot be right."""
    try:
        mailbox = check_mailbox(mailbox)
    except ServerAddressError as error:
        error.field = "mailbox"  # type: ignore[attr-defined]
        raise
    try:
        relay = check_relay(relay)
    except ServerAddressError as error:
        error.field = "relay"  # type: ignore[attr-defined]
        raise
    return replace(
        settings,
        mailbox="" if mailbox == PUBLIC_MAILBOX else mailbox,
        relay=None if relay == PUBLIC_RELAY else relay,
    )


class NetworkSection:
    """The Network section's widgets on a settings screen, and what they do."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.message = ("", "text_dim")
        self.typed: tuple[str, str] | None = None  # kept over a rebuild
        self.shift = 0  # how far left of the usual rows the wide fields start

    def build(self, rows: list[tuple[str, int]]) -> None:
        screen, px = self.screen, self.screen.px
        settings = screen.host.settings
        width = min(px(520), screen.host.surface.get_width() // 2 - px(40))
        # the labels and these wide fields together sit in the middle, as the other tabs do
        self.shift = max(0, (width - px(300)) // 2)
        x = screen.x - self.shift
        self.entries = []
        texts = self.typed or (shown_mailbox(settings), shown_relay(settings))
        for (key, y), text in zip(rows[:2], texts, strict=True):
            entry = screen.add(TextEntry(pygame.Rect(x, y, width, px(46)), manager=screen.manager))
            entry.set_text_length_limit(FIELD_LIMIT)
            entry.set_text(text)
            screen.name_control(entry, t(key))
            self.entries.append(entry)
        y = rows[2][1]
        half = (width - px(10)) // 2
        left, right = pygame.Rect(x, y, half, px(46)), pygame.Rect(0, y, half, px(46))
        right.left = left.right + px(10)
        self.save = button(screen, left, "settings.use_servers")
        self.public = button(screen, right, "settings.public_servers")

    def pressed(self, widget: Any) -> bool:
        if widget is self.save:
            self.apply()
        elif widget is self.public:
            self.typed = None
            self._keep(replace(self.screen.host.settings, mailbox="", relay=None))
            self.message = (t("settings.servers_public"), "good")
        else:
            return False
        return True

    def apply(self) -> None:
        """Keep the typed servers when they can be right; else say what is wrong."""
        mailbox, relay = (e.get_text() for e in self.entries)
        try:
            new = chosen_servers(self.screen.host.settings, mailbox, relay)
        except ServerAddressError as error:
            self.typed = (mailbox, relay)
            self.message = (server_problem(error, getattr(error, "field", "mailbox")), "bad")
            return
        self.typed = None
        self._keep(new)
        self.message = (t("settings.servers_kept"), "good")

    def _keep(self, new: Settings) -> None:
        if new != self.screen.host.settings:
            self.screen.host.apply_settings(new)
        else:
            self.screen.rebuild()
