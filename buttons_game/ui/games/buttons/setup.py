"""New game set-up: the kit's seats (2-4 of them), and each seat's board layout.

It starts from the seats of the last game; every seat gets a different physical
board (1-4) with a random side, as docs/rules-buttons.md's set-up ruling asks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame
import pygame_gui

from buttons_game.games.buttons.engine import LAYOUT_NAMES, default_layouts
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.i18n import t
from buttons_game.ui import art, world
from buttons_game.ui.play.setup import SeatChoice, SetupBase, default_name, kind_key
from buttons_game.ui.screen import Host
from buttons_game.ui.screens.common import draw_backdrop, draw_title, tray, widgets_above
from buttons_game.ui.screens.widgets import DropDown

from .boards import mini_layout


@dataclass
class BoardChoice(SeatChoice):
    """A seat as chosen so far, with its board's layout."""

    layout: str = ""


class SetupScreen(SetupBase):
    name = "setup"

    def speech_title(self) -> str:
        return t("setup.title")

    choices: list[BoardChoice]  # type: ignore[assignment]

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        layouts = default_layouts(self.SEATS, random.Random())
        self.choices = [
            BoardChoice(c.name, c.kind, c.named_by_default, layouts[p])
            for p, c in enumerate(self.choices)
        ]

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.row_h = self.px(46)
        self.top = int(h * 0.2)
        self.x0 = w // 2 - self.px(470)
        self.previews = [
            pygame.Rect(
                self.x0 + self.px(800),
                y - self.px(14),
                self.px(74),
                self.px(74),
            )
            for y in self.seat_rows()[: self.count]
        ]

    def seat_rows(self) -> list[int]:
        first = self.top + int(self.row_h * 1.8)
        return [first + p * int(self.row_h * 1.9) for p in range(self.SEATS)]

    def build(self) -> None:
        px, x0, top, row_h = self.px, self.x0, self.top, self.row_h
        bw = px(70)
        self.count_buttons = []
        for i, n in enumerate((2, 3, 4)):
            rect = pygame.Rect(x0 + px(170) + i * (bw + 8), top, bw, row_h)
            b = self.add(pygame_gui.elements.UIButton(rect, str(n), manager=self.manager))
            self.name_control(b, t("speech.players_count", n=n))  # not "3, button"
            if n == self.count:
                b.select()
            self.count_buttons.append((n, b))
        super().build()

    def build_row(self, seat: int, y: int, row: dict[str, object]) -> None:
        layout = self.choices[seat].layout
        row["layout"] = self.add(
            DropDown(
                [(name, name) for name in LAYOUT_NAMES],
                (layout, layout),
                pygame.Rect(self.x0 + self.px(670), y, self.px(110), self.row_h),
                manager=self.manager,
                expand_on_option_click=True,
            )
        )
        self.name_control(
            row["layout"],
            t("speech.seat_field", seat=t("setup.seat", n=seat + 1), field=t("setup.layout")),
        )

    def _recount(self, n: int) -> None:
        self._collect()
        self.count = n
        self.layout()
        self.rebuild()

    def handle_own(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for n, b in self.count_buttons:
                if event.ui_element is b:
                    self._recount(n)
        else:
            for p, row in enumerate(self.rows):
                if event.ui_element is row["layout"]:
                    self.choices[p].layout = event.selected_option_id

    def new_game(self, seats: tuple[Seat, ...]) -> Game:
        layouts = tuple(c.layout for c in self.choices[: self.count])
        return Game.new(seats, layouts=layouts, seed=self.host.options.seed)

    def draw(self, surface: pygame.Surface) -> None:
        px = self.px
        corner = pygame.Rect(self.x0, self.top, 1, 1)
        last = max((r.bottom for r in self.previews), default=self.top + self.row_h)
        mat = tray([corner, *self.previews, *widgets_above(self, last + px(4))], px(18))
        draw_backdrop(surface, self, [mat])
        world.draw_mat(surface, mat, px(16))
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
        self.draw_foot(surface, "setup.hint")


__all__ = ["BoardChoice", "SetupScreen", "default_name", "kind_key"]
