"""The host's lobby: a game set up with seats that people join from other computers.

It shows the join code (a new one with a button, while nobody has joined), this
computer's address and the port (another port with a button; a busy one said plainly),
each seat (open, a guest's name, a person here, a bot), Start (once every remote seat is
taken) and Cancel. With play over the internet on (``AppOptions.internet``), each remote
seat also has its wormhole code, a button for a new one and what it is doing in words
(``internet.WormholeHost`` beside the address route, as one ``links.Routes``).
The game is announced on the local network (mDNS) when the app runs
with the network on (``AppOptions.lan``; never in tests). On Start every computer draws
the deal together and the host's table opens on ``GameHost.match``.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from buttons_game import __version__
from buttons_game.core.kind import kind_of
from buttons_game.i18n import t
from buttons_game.net.host import GameHost
from buttons_game.net.links import HostLink, Routes
from buttons_game.net.messages import Lobby
from buttons_game.net.transport import HostServer
from buttons_game.ui import art

from ..netplay import DEFAULT_PORT, Announcing, NetPlay, join_code, open_table, this_address
from ..screen import Host, Screen
from ..text import draw_lines, line_step, wrap
from .common import button, draw_backdrop, draw_title
from .lobby_codes import CodeRows, make_wormholes
from .widgets import TextEntry

WORDS = {"open": "net.ui.seat_open", "guest": "net.ui.seat_guest", "host": "net.ui.seat_here",
         "bot": "net.ui.seat_bot"}  # fmt: skip


class LobbyScreen(Screen):
    name = "lobby"

    def speech_title(self) -> str:
        return t("net.ui.lobby_title", game=kind_of(self.game).title)

    def __init__(
        self, host: Host, game: Any, remote: list[int], gamehost: GameHost | None = None
    ) -> None:
        """``gamehost``: a game under way hosted on here (``GameHost.moved``); else a new
        game's, dealt when it starts."""
        super().__init__(host)
        self.game = game
        self.moved = gamehost is not None  # each open seat waits for its own person
        self.lan = bool(getattr(host.options, "lan", False))
        self.address = this_address() if self.lan else "127.0.0.1"
        self.listen = "0.0.0.0" if self.lan else "127.0.0.1"
        self.port = int(getattr(host.options, "net_port", DEFAULT_PORT))
        self.code = join_code()
        self.gamehost = (
            gamehost
            if gamehost is not None
            else GameHost(game, remote, seed=host.options.seed, worker=True)
        )
        self.link: HostLink | None = None
        self.codes = CodeRows(self, make_wormholes(host, self.gamehost, kind_of(game).id))
        self.routes = Routes(None, self.codes.wormholes)
        self.announcer: Announcing | None = None
        self.error = ""
        self.starting = False
        self.handed = False  # the link went on to the table
        self.shown: Lobby | None = None
        self.address_box = self.port_box = pygame.Rect(0, 0, 0, 0)  # where they were drawn
        self._open()

    # ------------------------------------------------------------------ the network
    def _open(self) -> None:
        """Listen on the port with the code (again, after a new code or port)."""
        self._close()
        self.error = ""
        try:
            server = HostServer(self.listen, self.port, self.code)
        except OSError:
            self.error = t("net.ui.port_busy", port=self.port)
            return
        self.port = server.port
        self.routes.replace_server(server)
        if self.link is None:
            self.link = HostLink(self.gamehost, self.routes, app_version=__version__)
        if self.lan:
            self._announce()

    def _announce(self) -> None:
        from buttons_game.net.discovery import Announcer

        names = [s.name for p, s in enumerate(self.game.seats) if p not in self.gamehost.remote]
        label = f"{names[0] if names else 'Buttons Game'} – {kind_of(self.game).title}"
        game, port, seats, address = (
            kind_of(self.game).id,
            self.port,
            self._open_seats(),
            self.address,
        )
        self.announcer = Announcing(lambda: Announcer(label, game, port, seats, address=address))

    def _close(self) -> None:
        """The address route closed (the wormholes stay: ``finish`` closes everything)."""
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None
        if not self.handed:
            self.routes.replace_server(None)

    def _finish(self) -> None:
        self._close()
        if self.link is not None and not self.handed:
            self.link.close()
        elif not self.handed:
            self.routes.close()
        self.link = None

    def _open_seats(self) -> int:
        return sum(1 for s in self.gamehost.lobby().seats if s.filled_by == "open")

    @property
    def joined(self) -> bool:
        return any(g.seat is not None for g in self.gamehost.guests.values())

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        w, h = self.host.surface.get_size()
        px = self.px
        left, row = w // 2 - px(330), px(44)
        self.top = int(h * (0.17 if self.codes.on else 0.24))
        self.renew = button(
            self, pygame.Rect(w // 2 + px(185), self.top, px(210), row), "net.ui.new_code"
        )
        y = self.top + 2 * (row + px(12))  # under the address: a long one has its row
        self.port_row = y
        self.port_entry = self.add(
            TextEntry(pygame.Rect(w // 2 + px(40), y, px(130), row), manager=self.manager)
        )
        self.name_control(self.port_entry, t("net.ui.port"))
        self.port_entry.set_allowed_characters("numbers")
        self.port_entry.set_text_length_limit(5)
        self.port_entry.set_text(str(self.port))
        self.use_port = button(
            self, pygame.Rect(w // 2 + px(185), y, px(210), row), "net.ui.use_port"
        )
        self.seats_top = y + row + px(30 if not self.codes.on else 14)
        self.left = left
        self.codes.build()
        bw, bh = px(240), px(54)
        self.cancel = button(
            self, pygame.Rect(w // 2 - bw - 10, h - px(110), bw, bh), "net.ui.cancel", "#big_button"
        )
        self.start = button(
            self, pygame.Rect(w // 2 + 10, h - px(110), bw, bh), "setup.start", "#primary"
        )
        self._enable()

    def _enable(self) -> None:
        for widget, allowed in (
            (self.start, self.gamehost.ready and not self.starting and self.link is not None),
            (self.renew, not self.joined and not self.starting),
            (self.use_port, not self.joined and not self.starting),
        ):
            if allowed and not widget.is_enabled:
                widget.enable()
            elif not allowed and widget.is_enabled:
                widget.disable()

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = event.ui_element
            if pressed is self.cancel:
                self.host.back()
            elif pressed is self.start:
                self._start()
            elif pressed is self.renew and not self.joined:
                self.code = join_code()
                self._open()
            elif pressed is self.use_port and not self.joined:
                self._new_port()
            else:
                self.codes.pressed(pressed)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.port_entry:
            self._new_port()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.back()
            return True
        return False

    def _new_port(self) -> None:
        text = self.port_entry.get_text().strip()
        port = int(text) if text.isdigit() else 0
        if not 1024 <= port <= 65535:
            self.error = t("net.ui.port_range")
            return
        self.port = port
        self._open()

    def _start(self) -> None:
        if self.link is None or not self.gamehost.ready or self.starting:
            return
        self.starting = True
        self.link.start()
        if self.announcer is not None:  # nobody else can join now
            self.announcer.close()
            self.announcer = None

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        link = self.link
        changed = link.poll() if link is not None else False
        if self.starting and link is not None and self.gamehost.match is not None:
            self.handed = True
            open_table(self.host, NetPlay(link, code=self.code, port=self.port))  # type: ignore[arg-type]
            return True
        if self.announcer is not None and self.announcer.error is not None:
            self.host.notify(t("net.ui.no_announce", error=self.announcer.error), "bad")
            self.announcer = None
        changed |= self.codes.update()
        lobby = self.gamehost.lobby()
        if lobby != self.shown:
            self.shown = lobby
            if self.announcer is not None:
                self.announcer.update(self._open_seats())
            changed = True
        self._enable()
        return changed

    def exit(self) -> None:
        super().exit()
        self._finish()

    # ------------------------------------------------------------------ drawing
    def seat_lines(self) -> list[str]:
        """Each seat as the lobby shows it: "Seat 2: Bo (another computer)"."""
        lines = []
        for p, seat in enumerate(self.gamehost.lobby().seats):
            who = t(WORDS[seat.filled_by], name=seat.name or "")
            if self.moved and seat.filled_by == "open":  # whose seat it is, to tell them
                who = t("net.ui.seat_rejoin", name=self.game.seats[p].name)
            lines.append(t("net.ui.seat_line", n=p + 1, who=who))
        return lines

    def title(self) -> str:
        """The lobby's title: a game hosted on from here says it goes on here."""
        key = "net.ui.moved_title" if self.moved else "net.ui.lobby_title"
        return t(key, game=kind_of(self.game).title)

    def message(self) -> tuple[str, str]:
        """The line above the buttons and its tint: a problem, or what to do next."""
        if self.error:
            return self.error, "bad"
        if self.starting:
            return t("net.ui.starting"), "accent"
        if self.gamehost.ready:
            return t("net.ui.all_joined"), "good"
        said = self.codes.message()
        if said is not None:
            return said
        return t("net.ui.tell_moved" if self.moved else "net.ui.tell_code"), "text_dim"

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self)
        px = self.px
        w, h = surface.get_size()
        draw_title(surface, self.title(), int(h * 0.06), px(38))
        y = self.top
        code = art.text(t("net.ui.code", code=self.code), px(28), "accent", True)
        surface.blit(code, code.get_rect(midleft=(self.left, y + px(22))))
        y += px(56)
        where = art.text(t("net.ui.address", address=self.address), px(20), "text")
        self.address_box = surface.blit(where, where.get_rect(midleft=(self.left, y + px(22))))
        port = art.text(t("net.ui.port"), px(20), "text")
        self.port_box = surface.blit(
            port, port.get_rect(midright=(w // 2 + px(30), self.port_row + px(22)))
        )
        if self.codes.on:
            self.codes.draw(surface)
        else:
            y = self.seats_top
            for line in self.seat_lines():
                image = art.text(line, px(22), "text")
                surface.blit(image, (self.left, y))
                y += px(34)
        message, tint = self.message()
        lines, step = wrap(message, px(18), w - px(80), bold=True)[:2], line_step(px(18))
        room = pygame.Rect(0, h - px(170) - (len(lines) - 1) * step, w, len(lines) * step)
        draw_lines(surface, lines, room, px(18), tint, True, centre=True)


__all__ = ["LobbyScreen"]
