"""The lobby's seats with their wormhole codes (play over the internet): each remote seat
its code, what the code is doing in words and a button for a new code; why a code was
replaced ("expired", "a wrong code was typed") and a mailbox server that cannot be
reached, said in the line above the buttons. The wormholes are made once per lobby: a new
port or join code replaces only the address route (``links.Routes.replace_server``)."""

from __future__ import annotations

from typing import Any

import pygame

from buttons_game.i18n import t
from buttons_game.net.host import GameHost
from buttons_game.ui import art

from ..text import fit
from .common import button

STATES = ("asking", "ready", "no_mailbox", "joining", "direct", "relay", "reconnecting")
WORDS = ("expired", "wrong_code", "failed")


def make_wormholes(host: Any, gamehost: GameHost, game: str) -> Any:
    """The host's wormholes for its remote seats, on the servers chosen in Settings →
    Network, when the app plays over the internet (``AppOptions.internet``); else None.
    A server that cannot be right (a hand-edited file) is said, and the address route
    alone is offered."""
    if not getattr(host.options, "internet", False):
        return None
    from buttons_game.net.internet import Servers, WormholeHost

    settings = host.settings
    try:
        servers = Servers.chosen(settings.mailbox, settings.relay)
    except ValueError as error:
        host.notify(t("net.ui.error_ended", reason=str(error)), "bad")
        return None
    return WormholeHost(servers, sorted(gamehost.wanting()), game=game)


class CodeRows:
    """The remote seats' codes on a lobby (``screen``), from ``wormholes.offers()``."""

    ROW, LINE = 58, 32  # a remote seat's row (two lines) and another seat's, design pixels

    def __init__(self, screen: Any, wormholes: Any) -> None:
        self.screen, self.wormholes = screen, wormholes
        self.offers: dict[int, Any] = {}
        self.routes: dict[int, str | None] = {}
        self.reached: bool | None = None
        self.buttons: dict[int, Any] = {}

    @property
    def on(self) -> bool:
        return self.wormholes is not None

    def build(self) -> None:
        """A "New code" button on each remote seat's row."""
        self.buttons = {}
        if not self.on:
            return
        screen, px = self.screen, self.screen.px
        w = screen.host.surface.get_width()
        for seat, top in self.rows():
            if seat in screen.gamehost.remote:
                rect = pygame.Rect(w // 2 + px(245), top + px(8), px(150), px(40))
                widget = button(screen, rect, "net.ui.new_code")
                screen.name_control(widget, t("net.wh.renew_seat", n=seat + 1))
                self.buttons[seat] = widget
        self.enable()

    def rows(self) -> list[tuple[int, int]]:
        """Each seat and the top of its row."""
        screen, px = self.screen, self.screen.px
        y, found = screen.seats_top + px(28), []
        for seat in range(len(screen.game.seats)):
            found.append((seat, y))
            y += px(self.ROW if seat in screen.gamehost.remote else self.LINE)
        return found

    def enable(self) -> None:
        for seat, widget in self.buttons.items():
            offer = self.offers.get(seat)
            allowed = (
                offer is not None
                and offer.state in ("ready", "no_mailbox", "asking")
                and not self.screen.starting
            )
            if allowed and not widget.is_enabled:
                widget.enable()
            elif not allowed and widget.is_enabled:
                widget.disable()

    def pressed(self, widget: Any) -> bool:
        for seat, mine in self.buttons.items():
            if widget is mine:
                self.wormholes.renew(seat)
                return True
        return False

    def update(self) -> bool:
        """The codes as they are now: True when what is shown changed."""
        if not self.on:
            return False
        offers = self.wormholes.offers()
        routes = {s: self.wormholes.route_of(s) for s in self.screen.gamehost.remote}
        reached = self.wormholes.mailbox_reached
        changed = (offers, routes, reached) != (self.offers, self.routes, self.reached)
        self.offers, self.routes, self.reached = offers, routes, reached
        self.enable()
        return changed

    # ------------------------------------------------------------------ words
    def code_line(self, seat: int) -> tuple[str, str]:
        """A remote seat's code and what it is doing: ("7-purple-sausages", "tell them
        this code"); a seat whose guest is here says how it is connected."""
        offer = self.offers.get(seat)
        if offer is None:
            route = self.routes.get(seat)
            return "", t(f"net.wh.{route}") if route in STATES else ""
        state = offer.state if offer.state in STATES else "asking"
        if state == "asking" and self.reached is False:
            state = "no_mailbox"  # it keeps asking, but the person should know now
        return offer.code or t("net.wh.no_code"), t(f"net.wh.{state}")

    def message(self) -> tuple[str, str] | None:
        """Why a code was replaced, or a mailbox server that cannot be reached (None:
        nothing to say)."""
        for seat, offer in sorted(self.offers.items()):
            if offer.word in WORDS and offer.state == "ready":
                return t(f"net.wh.word_{offer.word}", n=seat + 1), "accent"
        if self.on and (
            self.reached is False or any(o.state == "no_mailbox" for o in self.offers.values())
        ):
            where = self.wormholes.servers.where()
            return t("net.wh.mailbox_down", server=where), "bad"
        if self.offers:
            return t("net.wh.tell_codes"), "text_dim"
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        screen, px = self.screen, self.screen.px
        w = surface.get_width()
        heading = art.text(t("net.wh.heading"), px(18), "text_dim", True)
        surface.blit(heading, (screen.left, screen.seats_top))
        lines = screen.seat_lines()
        room = w // 2 + px(235) - screen.left
        for seat, top in self.rows():
            line = art.text(fit(lines[seat], px(20), room), px(20), "text")
            surface.blit(line, (screen.left, top))
            if seat not in screen.gamehost.remote:
                continue
            code, state = self.code_line(seat)
            x = screen.left + px(24)
            if code:
                image = art.text(code, px(20), "accent", True)
                surface.blit(image, (x, top + px(26)))
                x += image.get_width() + px(14)
            if state:
                said = art.text(fit(state, px(17), w // 2 + px(235) - x), px(17), "text_dim")
                surface.blit(said, (x, top + px(29)))
