"""New game set-up: 2-4 seats, each a name, a person or a bot level, and a board layout.

It starts from the seats of the last game; every seat gets a different physical
board (1-4) with a random side, as RULES.md's set-up ruling asks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame
import pygame_gui

from buttons_game.games.buttons.engine import LAYOUT_NAMES, default_layouts
from buttons_game.games.buttons.game import DEFAULT_LEVEL, Game, Seat
from buttons_game.i18n import t, tk
from buttons_game.names import SEAT_NAME_LIMIT, clean_name
from buttons_game.settings import SEAT_KINDS
from buttons_game.ui import art
from buttons_game.ui.screen import Host, Screen
from buttons_game.ui.screens.common import button, draw_backdrop, draw_title
from buttons_game.ui.screens.widgets import DropDown, TextEntry

from .boards import mini_layout


def kind_key(kind: str) -> str:
    return "setup.human" if kind == "human" else f"setup.bot_{kind}"


def default_name(kind: str, seat: int) -> str:
    return t("setup.default_name" if kind == "human" else "setup.bot_name", n=seat + 1)


@dataclass
class SeatChoice:
    name: str
    kind: str
    layout: str
    named_by_default: bool = True


class SetupScreen(Screen):
    name = "setup"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        layouts = default_layouts(4, random.Random())
        kinds = ["human", DEFAULT_LEVEL, DEFAULT_LEVEL, DEFAULT_LEVEL]
        self.choices = [SeatChoice(default_name(k, p), k, layouts[p]) for p, k in enumerate(kinds)]
        last = host.settings.last_seats
        for p, seat in enumerate(last[:4]):
            named = seat["name"] == default_name(seat["kind"], p)
            self.choices[p] = SeatChoice(seat["name"], seat["kind"], layouts[p], named)
        self.count = len(last) if 2 <= len(last) <= 4 else 2
        self.error = ""
        self.rows: list[dict[str, pygame_gui.core.UIElement]] = []

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.row_h = self.px(46)
        self.top = int(h * 0.2)
        self.x0 = w // 2 - self.px(470)
        self.previews = [
            pygame.Rect(
                self.x0 + self.px(800),
                self.top + int(self.row_h * 1.8) + p * int(self.row_h * 1.9) - self.px(14),
                self.px(74),
                self.px(74),
            )
            for p in range(self.count)
        ]

    def build(self) -> None:
        x0, top, row_h, px = self.x0, self.top, self.row_h, self.px
        w, h = self.host.surface.get_size()
        bw = px(70)
        self.count_buttons = []
        for i, n in enumerate((2, 3, 4)):
            rect = pygame.Rect(x0 + px(170) + i * (bw + 8), top, bw, row_h)
            b = self.add(pygame_gui.elements.UIButton(rect, str(n), manager=self.manager))
            if n == self.count:
                b.select()
            self.count_buttons.append((n, b))
        self.rows = []
        y = top + int(row_h * 1.8)
        for p in range(self.count):
            c = self.choices[p]
            name = self.add(
                TextEntry(pygame.Rect(x0 + px(120), y, px(280), row_h), manager=self.manager)
            )
            name.set_text_length_limit(SEAT_NAME_LIMIT)
            name.set_text(c.name)
            kind = self.add(
                DropDown(
                    [(tk(kind_key(k)), k) for k in SEAT_KINDS],
                    (tk(kind_key(c.kind)), c.kind),
                    pygame.Rect(x0 + px(420), y, px(230), row_h),
                    manager=self.manager,
                )
            )
            layout = self.add(
                DropDown(
                    [(name, name) for name in LAYOUT_NAMES],
                    (c.layout, c.layout),
                    pygame.Rect(x0 + px(670), y, px(110), row_h),
                    manager=self.manager,
                    expand_on_option_click=True,
                )
            )
            self.rows.append({"name": name, "kind": kind, "layout": layout})
            y += int(row_h * 1.9)
        bw2, bh2 = px(220), px(54)
        self.back = button(
            self, pygame.Rect(w // 2 - bw2 - 10, h - px(110), bw2, bh2), "menu.back", "#big_button"
        )
        self.start = button(
            self, pygame.Rect(w // 2 + 10, h - px(110), bw2, bh2), "setup.start", "#primary"
        )

    def _collect(self) -> None:
        """Read the widgets back into the choices (before a rebuild or a start)."""
        for p, row in enumerate(self.rows):
            c = self.choices[p]
            name = clean_name(row["name"].get_text(), SEAT_NAME_LIMIT)  # type: ignore[attr-defined]
            if name != c.name:
                c.named_by_default = False
            c.name = name

    def _recount(self, n: int) -> None:
        self._collect()
        self.count = n
        self.layout()
        self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for n, b in self.count_buttons:
                if event.ui_element is b:
                    self._recount(n)
                    return True
            if event.ui_element is self.back:
                self.host.back()
            elif event.ui_element is self.start:
                self._start()
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for p, row in enumerate(self.rows):
                c = self.choices[p]
                if event.ui_element is row["kind"]:
                    self._collect()
                    c.kind = event.selected_option_id
                    if c.named_by_default:
                        c.name = default_name(c.kind, p)
                        row["name"].set_text(c.name)  # type: ignore[attr-defined]
                elif event.ui_element is row["layout"]:
                    c.layout = event.selected_option_id
            if self.refocus is not None:
                self._collect()
                self.rebuild()  # a keyboard change: show the new choice
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.host.back()
                return True
            if (
                event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and not self.manager.get_focus_set()
            ):
                self._start()
                return True
        return False

    def _start(self) -> None:
        self._collect()
        chosen = self.choices[: self.count]
        if any(not c.name for c in chosen):
            self.error = t("setup.empty_name")
            return
        seats = tuple(Seat(c.name, None if c.kind == "human" else c.kind) for c in chosen)
        layouts = tuple(c.layout for c in chosen)
        game = Game.new(seats, layouts=layouts, seed=self.host.options.seed)
        self.host.remember_seats([{"name": c.name, "kind": c.kind} for c in chosen])
        self.host.start_game(game)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self, self.previews)
        px = self.px
        draw_title(surface, t("setup.title"), int(surface.get_height() * 0.07), px(44))
        size = px(19)
        label = art.text(t("setup.players"), size, "text", True)
        surface.blit(label, (self.x0, self.top + (self.row_h - label.get_height()) // 2))
        y_head = self.top + int(self.row_h * 1.2)
        for key, dx in (("setup.name", 120), ("setup.kind", 420), ("setup.layout", 670)):
            surface.blit(art.text(t(key), px(16), "text_dim"), (self.x0 + px(dx), y_head))
        for p, rect in enumerate(self.previews):
            seat = art.text(t("setup.seat", n=p + 1), size, "accent", True)
            surface.blit(seat, (self.x0, rect.top + px(14) + (self.row_h - seat.get_height()) // 2))
            surface.blit(mini_layout(self.choices[p].layout, rect.width), rect)
        w, h = surface.get_size()
        hint = art.text(t("setup.hint"), px(16), "text_dim")
        surface.blit(hint, hint.get_rect(midtop=(w // 2, h - px(160))))
        if self.error:
            err = art.text(self.error, px(18), "bad", True)
            surface.blit(err, err.get_rect(midtop=(w // 2, h - px(190))))
