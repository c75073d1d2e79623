"""Join a game another computer hosts: the games heard on the local network (mDNS, when
the app runs with the network on), and the host's address, its port, the join code, this
person's name and the seat (the first open one, or one the host's lobby reports open).

Join connects; the screen then says it waits for the host to start, with the lobby's
seats, and opens this computer's table once the game arrives. What goes wrong is said in
the window: a wrong code, no host at that address, a seat or name taken, another version.

Over the internet the same screen takes a wormhole code ("7-purple-sausages") with the
address left empty: Join then goes by ``internet.WormholeGuest`` on the servers chosen in
Settings → Network, to the seat the code is for, and the screen says each frame how far it
got (the mailbox server, the host's answer, the connection, direct or through the relay).
A guest's saved wormhole game opens this screen ready to rejoin its seat: only the new
code is asked for (``rejoin``).
"""

from __future__ import annotations

import re
from typing import Any

import pygame
import pygame_gui

from buttons_game.i18n import t, tk
from buttons_game.names import SEAT_NAME_LIMIT, clean_name
from buttons_game.net.links import GuestLink
from buttons_game.net.messages import PROTOCOL_VERSION
from buttons_game.net.transport import GuestClient
from buttons_game.ui import art

from ..netplay import DEFAULT_PORT, NetPlay, open_table
from ..screen import Host, Screen
from ..text import draw_lines, line_step, wrap
from .common import button, draw_backdrop, draw_title
from .lobby import WORDS
from .widgets import DropDown, TextEntry

WORMHOLE_CODE = re.compile(r"^\d+(-[^\W\d_]+)+$")
WORMHOLE_FINAL = ("wrong_code", "no_mailbox", "no_host", "failed", "lost")


def is_wormhole_code(text: str) -> bool:
    """A code for play over the internet: a number and words, "7-purple-sausages"."""
    return bool(WORMHOLE_CODE.match("-".join(text.strip().lower().split())))


def by_wormhole(address: str, code: str) -> bool:
    """Joined by a wormhole code: the address left empty and the code one of those."""
    return not address.strip() and is_wormhole_code(code)


def wormhole_guest(servers: Any, code: str) -> Any:
    """A guest's wormhole to the host that gave ``code`` (tests replace it with a fake)."""
    from buttons_game.net.internet import WormholeGuest

    return WormholeGuest(servers, code)


SEEN_FROM_A_GUEST = {**WORDS, "host": "net.ui.seat_at_host"}

PATIENCE = 8.0  # seconds a host that does not answer is looked for
REFUSALS = ("seat_taken", "name_taken", "started", "no_such_seat", "no_open_seat")
ANY_SEAT = "any"
MOST_SEATS = 4
MOST_FOUND = 4  # games heard on the network shown at once


def error_text(link: GuestLink, where: str, wormhole: bool = False) -> str:
    """Why the link ended, in the person's language (``wormhole``: it came by a wormhole
    code, ``where`` names the mailbox server)."""
    code = link.error or ""
    if wormhole and code in WORMHOLE_FINAL:
        return t(f"net.wh.error_{code}", server=where)
    if code == "wrong_code":
        return t("net.secure.wrong_code")
    if code == "version":
        return t("net.errors.version", ours=PROTOCOL_VERSION, theirs=link.theirs)
    if code in REFUSALS or code in ("other_game", "unverified", "too_many_tries"):
        return t(f"net.ui.error_{code}")
    if not link.reached:
        return t("net.ui.error_not_found", address=where)
    return t("net.ui.error_ended", reason=code)


class JoinScreen(Screen):
    name = "join"

    def speech_title(self) -> str:
        return t("net.ui.join_title")

    def __init__(self, host: Host, browser: Any = None, rejoin: Any = None) -> None:
        """``browser``: the games heard on the network (``net.discovery.Browser``); by
        default one when the app runs with the network on, none otherwise. ``rejoin``: a
        saved wormhole game to take its seat again in (``netresume.Rejoin``)."""
        super().__init__(host)
        self.rejoin = rejoin
        self.wormhole: Any = None  # the WormholeGuest joined by, if any
        if browser is None and getattr(host.options, "lan", False):
            from buttons_game.net.discovery import Browser

            try:
                browser = Browser()
            except Exception:  # noqa: BLE001 — no multicast here: typing the address works
                browser = None
        self.browser = browser
        humans = [s["name"] for s in host.settings.last_seats if s["kind"] == "human"]
        self.typed = {
            "address": "",
            "port": str(DEFAULT_PORT),
            "code": "",
            "name": humans[0] if humans else t("setup.default_name", n=1),
        }
        if rejoin is not None:
            self.typed["name"] = rejoin.name
        self.seat = ANY_SEAT
        self.link: GuestLink | None = None
        self.where = ""  # the address and port joined
        self.reach: tuple[str, int, str] = ("", 0, "")  # the address, port and code joined
        self.handed = False
        self.message = ("", "text_dim")
        self.found: list[Any] = []

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        w, h = self.host.surface.get_size()
        px = self.px
        row, gap = px(42), px(12)
        label_x, x, width = w // 2 - px(300), w // 2 - px(80), px(380)
        self.label_x = label_x
        self.entries: dict[str, Any] = {}
        self.rows: dict[str, int] = {}
        y = int(h * 0.17)
        for field in ("address", "port", "code", "name"):
            if self.rejoin is not None and field != "code":
                continue
            entry = self.add(TextEntry(pygame.Rect(x, y, width, row), manager=self.manager))
            self.name_control(entry, t(f"net.ui.field_{field}"))
            if field == "port":
                entry.set_allowed_characters("numbers")
                entry.set_text_length_limit(5)
            elif field == "name":
                entry.set_text_length_limit(SEAT_NAME_LIMIT)
            else:
                entry.set_text_length_limit(64)
            entry.set_text(self.typed[field])
            self.entries[field], self.rows[field] = entry, y
            y += row + gap
        if self.rejoin is not None:
            self.entries["code"].focus()
        options = [(tk("net.ui.any_seat"), ANY_SEAT)] + [
            (t("setup.seat", n=p + 1), str(p)) for p in self.seat_choices()
        ]
        chosen = next((o for o in options if o[1] == self.seat), options[0])
        self.seat_menu = self.add(
            DropDown(options, chosen, pygame.Rect(x, y, width, row), manager=self.manager)
        )
        self.name_control(self.seat_menu, t("net.ui.field_seat"))
        if self.rejoin is not None:
            self.seat_menu.hide()
        self.rows["seat"] = y
        y += row + gap * 2
        self.found_buttons: dict[Any, Any] = {}
        for i, game in enumerate(self.shown_found(y)):
            label = f"{game.name} — {game.address}:{game.port}"
            rect = pygame.Rect(x, y + i * (px(36) + px(6)), width, px(36))
            widget = self.add(pygame_gui.elements.UIButton(rect, label, manager=self.manager))
            self.found_buttons[widget] = game
        self.found_top = y
        bw, bh = px(220), px(54)
        self.back = button(
            self, pygame.Rect(w // 2 - bw - 10, h - px(110), bw, bh), "menu.back", "#big_button"
        )
        self.join = button(
            self, pygame.Rect(w // 2 + 10, h - px(110), bw, bh), "net.ui.join", "#primary"
        )
        if self.link is not None:
            self.join.disable()
        self._seat_by_the_code()

    def shown_found(self, top: int) -> list[Any]:
        """The games heard on the network that get a button: none once this computer has
        joined (the host's seats stand there then), and only as many as fit above the
        line that says what happens (``MOST_FOUND`` at most)."""
        if self.link is not None or self.rejoin is not None:
            return []
        room = self.host.surface.get_height() - self.px(170) - top
        return self.found[: max(0, min(MOST_FOUND, room // (self.px(36) + self.px(6))))]

    def seat_choices(self) -> list[int]:
        """The seats to choose from: those the host's lobby reports open once it is known."""
        if self.link is not None and (self.link.lobby or self.link.remote):
            return self.link.open_seats()
        return list(range(MOST_SEATS))

    # ------------------------------------------------------------------ input
    def _collect(self) -> None:
        for field, entry in self.entries.items():
            self.typed[field] = entry.get_text()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = event.ui_element
            if pressed is self.back:
                self.host.back()
            elif pressed is self.join:
                self._join()
            elif pressed in self.found_buttons:
                game = self.found_buttons[pressed]
                self._collect()
                self.typed["address"], self.typed["port"] = game.address, str(game.port)
                self.rebuild()
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.seat = event.selected_option_id
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self._join()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.back()
            return True
        return False

    def _join(self) -> None:
        if self.link is not None:
            return
        self._collect()
        if self.rejoin is not None or by_wormhole(self.typed["address"], self.typed["code"]):
            self._join_by_wormhole()
            return
        address = self.typed["address"].strip()
        port_text, code = self.typed["port"].strip(), self.typed["code"].strip()
        name = clean_name(self.typed["name"], SEAT_NAME_LIMIT)
        port = int(port_text) if port_text.isdigit() else 0
        if not address:
            self.message = (t("net.ui.need_address"), "bad")
        elif not 1 <= port <= 65535:
            self.message = (t("net.ui.port_range"), "bad")
        elif not any(c.isalnum() for c in code):
            self.message = (t("net.ui.need_code"), "bad")
        elif not name:
            self.message = (t("setup.empty_name"), "bad")
        else:
            try:
                client = GuestClient(address, port, code, patience=PATIENCE)
            except (OSError, ValueError) as error:
                self.message = (t("net.ui.error_ended", reason=str(error)), "bad")
                return
            seat = None if self.seat == ANY_SEAT else int(self.seat)
            self.link = GuestLink(client, None, seat, name)
            self.where = f"{address}:{port}"
            self.reach = (address, port, code)
            self.message = (t("net.ui.looking", address=f"{address}:{port}"), "text_dim")
            self.rebuild()  # the games heard on the network make room for the host's seats

    def _join_by_wormhole(self) -> None:
        """Join by a wormhole code: the seat is the one the host's code is for."""
        from buttons_game.net.internet import Servers

        code = self.typed["code"].strip()
        name = clean_name(self.typed["name"], SEAT_NAME_LIMIT)
        if not is_wormhole_code(code):
            self.message = (t("net.wh.need_code"), "bad")
            return
        if not name:
            self.message = (t("setup.empty_name"), "bad")
            return
        settings = self.host.settings
        try:
            servers = Servers.chosen(settings.mailbox, settings.relay)
            client = wormhole_guest(servers, code)
        except ValueError as error:
            self.message = (t("net.ui.error_ended", reason=str(error)), "bad")
            return
        rejoin = self.rejoin
        if rejoin is None:
            self.link = GuestLink(client, None, None, name)
        else:
            self.link = rejoin.link(client)
        self.wormhole, self.where = client, servers.where()
        self.reach = ("", 0, code)
        self.message = (self.stage_text(), "text_dim")
        self.rebuild()

    def stage_text(self) -> str:
        """How far a wormhole join got, in words."""
        stage = getattr(self.wormhole, "stage", "mailbox")
        return t(f"net.wh.stage_{stage}", server=self.where)

    def _rebuild_keeping_focus(self) -> None:
        """Rebuild with what was typed, the field being typed in still taking the keys (a
        game heard on the network while a code is typed must not eat its letters)."""
        typing = next((f for f, e in self.entries.items() if e.is_focused), None)
        where = self.focus_index()
        self._collect()
        self.rebuild()
        self.restore_focus(where)
        if typing is not None:
            entry = self.entries[typing]
            self.manager.set_focus_set(entry)
            entry.focus()
            entry.edit_position = len(entry.get_text())

    # ------------------------------------------------------------------ time
    def _seat_by_the_code(self) -> bool:
        """A wormhole code typed with the address left empty names its seat: the seat menu is
        greyed out meanwhile, and while it joins (and out of Tab's way). True when that
        changed."""
        if self.rejoin is not None:
            return False
        by_code = by_wormhole(self.entries["address"].get_text(), self.entries["code"].get_text())
        if by_code != self.seat_menu.is_enabled:
            return False
        if by_code:
            self.seat_menu.disable()
        else:
            self.seat_menu.enable()
        return True

    def update(self, dt: float) -> bool:
        changed = self._seat_by_the_code()
        if self.browser is not None:
            found = [g for g in self.browser.games() if g.protocol == PROTOCOL_VERSION]
            if found != self.found:
                self.found = found
                self._rebuild_keeping_focus()
                changed = True
        link = self.link
        if link is None:
            return changed
        lobby_before = link.lobby if link.remote is None else link.remote.lobby
        changed |= link.poll()
        if link.error is not None:
            self.message = (error_text(link, self.where, self.wormhole is not None), "bad")
            link.close()
            self.link = self.wormhole = None
            self._collect()
            self.rebuild()
            return True
        if link.game is not None and (self.rejoin is None or link.seated):
            self.handed = True
            address, port, code = self.reach
            net = NetPlay(link, code=code, port=port, address=address)
            net.wormhole = self.wormhole is not None
            open_table(self.host, net)  # type: ignore[arg-type]
            return True
        if self.wormhole is not None and not link.joined or self.rejoin is not None:
            self.message = (self.stage_text(), "text_dim")
        elif link.joined:
            self.message = (t("net.ui.waiting_start"), "accent")
        elif link.reached:
            self.message = (t("net.ui.joining"), "text_dim")
        lobby_now = link.lobby if link.remote is None else link.remote.lobby
        return changed or lobby_now != lobby_before

    def exit(self) -> None:
        super().exit()
        if self.link is not None and not self.handed:
            self.link.close()
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    # ------------------------------------------------------------------ drawing
    def seat_lines(self) -> list[str]:
        """Once joined, each seat of the host's lobby as this computer sees it: "Seat 1: Ann
        (at the host)", "Seat 2: Bo (here)" (this computer's own), "Seat 3: Cy (another
        computer)"."""
        link = self.link
        if link is None or not link.joined:
            return []
        lobby = link.remote.lobby if link.remote else link.lobby
        lines = []
        for p, seat in enumerate(lobby.seats if lobby is not None else ()):
            words = SEEN_FROM_A_GUEST[seat.filled_by]
            if p == link.seat and seat.filled_by == "guest":
                words = "net.ui.seat_here"
            who = t(words, name=seat.name or "")
            lines.append(t("net.ui.seat_line", n=p + 1, who=who))
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self)
        px = self.px
        w, h = surface.get_size()
        draw_title(surface, t("net.ui.join_title"), int(h * 0.05), px(38))
        row = px(42)
        for field in ("address", "port", "code", "name", "seat"):
            if self.rejoin is not None and field != "code":
                continue
            label = art.text(t(f"net.ui.field_{field}"), px(20), "text")
            surface.blit(label, label.get_rect(midleft=(self.label_x, self.rows[field] + row // 2)))
        y = self.found_top
        link = self.link
        if self.found_buttons:
            label = art.text(t("net.ui.field_found"), px(20), "text")
            surface.blit(label, label.get_rect(midleft=(self.label_x, y + px(18))))
        elif link is None:
            hint = "net.ui.none_found" if self.browser is not None else "net.ui.type_address"
            texts = [t(hint), t("net.wh.join_hint")]
            if self.rejoin is not None:
                texts = [t("net.wh.rejoin", seat=self.rejoin.seat + 1, name=self.rejoin.name)]
            room = pygame.Rect(self.label_x, y, w - 2 * self.label_x, 0)
            lines = [line for text in texts for line in wrap(text, px(17), room.width)]
            room.height = len(lines) * line_step(px(17))
            draw_lines(surface, lines, room, px(17), "text_dim")
        for line in self.seat_lines():
            image = art.text(line, px(19), "text")
            surface.blit(image, (self.label_x, y))
            y += px(28)
        text, tint = self.message
        if text:  # a long one (a mailbox server that cannot be reached) on up to three lines
            lines, step = wrap(text, px(18), w - px(80), bold=True)[:3], line_step(px(18))
            room = pygame.Rect(0, h - px(170) - (len(lines) - 1) * step, w, len(lines) * step)
            draw_lines(surface, lines, room, px(18), tint, True, centre=True)


__all__ = ["JoinScreen", "error_text"]
