"""The kit's plain set-up, for a game with no set-up of its own: how many seats (within
the kind's seat counts), each a name and a person or a bot of one of its levels."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from buttons_game.core.seats import Seat
from buttons_game.i18n import t, tk
from buttons_game.names import SEAT_NAME_LIMIT, bot_name, clean_name, is_old_bot_name
from buttons_game.ui import art

from ..screen import Host, Screen
from ..screens.common import button, draw_backdrop, draw_title
from ..screens.widgets import DropDown, TextEntry
from .plugin import GameUI


def seat_kinds(ui: GameUI) -> list[Any]:
    """A seat's choices: a person, or a bot of one of the kind's levels."""
    return [(tk("setup.human"), "human")] + [
        (tk(f"setup.bot_{level}"), level) for level in ui.kind.bot_levels
    ]


# ---------------------------------------------------------------------- set-up
class GenericSetup(Screen):
    """Seats (how many, within the kind's seat counts), each a name and a person or a bot."""

    name = "generic-setup"

    def speech_title(self) -> str:
        return self.ui.title()

    def __init__(self, host: Host, ui: GameUI) -> None:
        super().__init__(host)
        self.ui = ui
        counts = ui.kind.seat_counts
        last = [dict(seat) for seat in host.settings.last_seats]
        self.count = len(last) if len(last) in counts else counts[0]
        levels = set(ui.kind.bot_levels) | {"human"}
        default = "easy" if "easy" in levels else ui.kind.bot_levels[0]
        self.seats = [
            {"name": t("setup.default_name", n=1), "kind": "human"},
            *({"name": bot_name(p), "kind": default} for p in range(1, max(counts))),
        ]
        for p, seat in enumerate(last[: max(counts)]):
            if seat.get("kind") in levels and seat.get("name"):
                if seat["kind"] != "human" and is_old_bot_name(seat["name"], p):
                    seat = {**seat, "name": bot_name(p)}  # from before bots had names
                self.seats[p] = seat
        self.error = ""

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.x0 = w // 2 - self.px(340)
        self.top = int(h * 0.22)
        self.row_h = self.px(46)

    def build(self) -> None:
        w, h = self.host.surface.get_size()
        px, x0 = self.px, self.x0
        counts = self.ui.kind.seat_counts
        self.counts = None
        if len(counts) > 1:
            options: list[Any] = [(str(n), str(n)) for n in counts]
            rect = pygame.Rect(x0 + px(200), self.top, px(140), self.row_h)
            self.counts = self.add(DropDown(options, (str(self.count), str(self.count)), rect,
                                            manager=self.manager))  # fmt: skip
            self.name_control(self.counts, t("setup.players"))
        self.entries: list[TextEntry] = []
        self.kind_menus: list[DropDown] = []
        kinds = seat_kinds(self.ui)
        for p in range(self.count):
            y = self.top + (p + 1) * int(self.row_h * 1.4)
            entry = self.add(
                TextEntry(pygame.Rect(x0 + px(200), y, px(260), self.row_h), manager=self.manager)
            )
            entry.set_text_length_limit(SEAT_NAME_LIMIT)
            entry.set_text(self.seats[p]["name"])
            self.entries.append(entry)
            chosen = next(k for k in kinds if k[1] == self.seats[p]["kind"])
            rect = pygame.Rect(x0 + px(480), y, px(200), self.row_h)
            self.kind_menus.append(self.add(DropDown(kinds, chosen, rect, manager=self.manager)))
            seat = t("setup.seat", n=p + 1)
            self.name_control(entry, t("speech.seat_field", seat=seat, field=t("setup.name")))
            self.name_control(
                self.kind_menus[-1], t("speech.seat_field", seat=seat, field=t("setup.kind"))
            )
        bw, bh = px(220), px(52)
        y = h - px(110)
        self.start = button(self, pygame.Rect(w // 2 - bw - px(10), y, bw, bh), "setup.start",
                            "#primary")  # fmt: skip
        self.back = button(self, pygame.Rect(w // 2 + px(10), y, bw, bh), "menu.back")

    def _read(self) -> None:
        for p, entry in enumerate(self.entries):
            self.seats[p]["name"] = entry.get_text()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._read()
            if event.ui_element is self.counts:
                self.count = int(event.selected_option_id)
            for p, menu in enumerate(self.kind_menus):
                if event.ui_element is menu:
                    self.seats[p]["kind"] = event.selected_option_id
            self.rebuild()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.start:
                self.begin()
            elif event.ui_element is self.back:
                self.host.back()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.back()
            return True
        return False

    def begin(self) -> None:
        """Start the game with the seats as chosen, and remember them for next time."""
        self._read()
        chosen = self.seats[: self.count]
        names = [clean_name(seat["name"], SEAT_NAME_LIMIT) for seat in chosen]
        if not all(names):
            self.error = t("setup.empty_name")
            return
        seats = [
            Seat(name, None if seat["kind"] == "human" else seat["kind"])
            for name, seat in zip(names, chosen)
        ]
        game = self.ui.kind.new_game(seats, seed=self.host.options.seed)
        self.host.remember_seats([{"name": n, "kind": s["kind"]} for n, s in zip(names, chosen)])
        self.host.start_game(game)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self)
        px = self.px
        draw_title(surface, self.ui.title(), int(surface.get_height() * 0.07), px(44))
        size = px(19)
        label = art.text(t("setup.players"), size, "text", True)
        surface.blit(label, (self.x0, self.top + (self.row_h - label.get_height()) // 2))
        for p in range(self.count):
            y = self.top + (p + 1) * int(self.row_h * 1.4)
            seat = art.text(t("setup.seat", n=p + 1), size, "text_dim")
            surface.blit(seat, (self.x0, y + (self.row_h - seat.get_height()) // 2))
        if self.error:
            line = art.text(self.error, px(17), "bad", True)
            surface.blit(line, line.get_rect(midtop=(surface.get_width() // 2, self.top - px(50))))
