"""New game set-up: 2-4 seats, each a name, human or a bot level, and a board layout."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame
import pygame_gui

from buttons_game.bots import LEVELS
from buttons_game.engine import LAYOUT_NAMES
from buttons_game.game import DEFAULT_LEVEL, Game, Seat
from buttons_game.i18n import t, tk

from .. import art
from ..screen import Screen
from ..table import mini_layout
from .common import button, draw_backdrop, draw_title

KINDS = ("human", *LEVELS)
NAME_LIMIT = 16


def kind_key(kind: str) -> str:
    return "setup.human" if kind == "human" else f"setup.bot_{kind}"


@dataclass
class SeatChoice:
    name: str
    kind: str
    layout: str
    named_by_default: bool = True


class SetupScreen(Screen):
    name = "setup"

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        layouts = random.sample(LAYOUT_NAMES, 4)
        self.choices = [
            SeatChoice(t("setup.default_name", n=1), "human", layouts[0]),
            SeatChoice(t("setup.bot_name", n=2), DEFAULT_LEVEL, layouts[1]),
            SeatChoice(t("setup.bot_name", n=3), DEFAULT_LEVEL, layouts[2]),
            SeatChoice(t("setup.bot_name", n=4), DEFAULT_LEVEL, layouts[3]),
        ]
        self.count = 2
        self.error = ""
        self.rows: list[dict[str, pygame_gui.core.UIElement]] = []
        self.preview_rects: list[pygame.Rect] = []

    def build(self) -> None:
        w, h = self.app.surface.get_size()
        s = self.app.scale
        row_h = int(46 * s)
        top = int(h * 0.2)
        bw = int(70 * s)
        x0 = w // 2 - int(470 * s)
        self.count_buttons = []
        for i, n in enumerate((2, 3, 4)):
            rect = pygame.Rect(x0 + int(170 * s) + i * (bw + 8), top, bw, row_h)
            b = self.add(pygame_gui.elements.UIButton(rect, str(n), manager=self.manager))
            if n == self.count:
                b.select()
            self.count_buttons.append((n, b))
        self.rows = []
        self.preview_rects = []
        y = top + int(row_h * 1.8)
        for p in range(self.count):
            c = self.choices[p]
            name = self.add(
                pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(x0 + int(120 * s), y, int(280 * s), row_h), manager=self.manager
                )
            )
            name.set_text_length_limit(NAME_LIMIT)
            name.set_text(c.name)
            kind = self.add(
                pygame_gui.elements.UIDropDownMenu(
                    [(tk(kind_key(k)), k) for k in KINDS],
                    (tk(kind_key(c.kind)), c.kind),
                    pygame.Rect(x0 + int(420 * s), y, int(230 * s), row_h),
                    manager=self.manager,
                )
            )
            layout = self.add(
                pygame_gui.elements.UIDropDownMenu(
                    list(LAYOUT_NAMES),
                    c.layout,
                    pygame.Rect(x0 + int(670 * s), y, int(110 * s), row_h),
                    manager=self.manager,
                    expand_on_option_click=True,
                )
            )
            self.rows.append({"name": name, "kind": kind, "layout": layout})
            self.preview_rects.append(
                pygame.Rect(x0 + int(800 * s), y - int(14 * s), int(74 * s), int(74 * s))
            )
            y += int(row_h * 1.9)
        bw2 = int(220 * s)
        self.back = button(
            self,
            pygame.Rect(w // 2 - bw2 - 10, h - int(110 * s), bw2, int(54 * s)),
            "menu.back",
            "#big_button",
        )
        self.start = button(
            self,
            pygame.Rect(w // 2 + 10, h - int(110 * s), bw2, int(54 * s)),
            "setup.start",
            "#primary",
        )
        self.x0, self.top, self.row_h = x0, top, row_h

    def _collect(self) -> None:
        """Read the widgets back into the choices (before a rebuild or a start)."""
        for p, row in enumerate(self.rows):
            c = self.choices[p]
            name = row["name"].get_text().strip()  # type: ignore[attr-defined]
            if name != c.name:
                c.named_by_default = False
            c.name = name

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for n, b in self.count_buttons:
                if event.ui_element is b:
                    self._collect()
                    self.count = n
                    self.resize()
                    return True
            if event.ui_element is self.back:
                self.app.pop()
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
                        key = "setup.default_name" if c.kind == "human" else "setup.bot_name"
                        c.name = t(key, n=p + 1)
                        row["name"].set_text(c.name)  # type: ignore[attr-defined]
                elif event.ui_element is row["layout"]:
                    c.layout = event.selected_option_id
            if getattr(self, "refocus", None) is not None:
                self._collect()
                self.resize()  # a keyboard change: show the new choice
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
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
        game = Game.new(seats, layouts=tuple(c.layout for c in chosen), seed=self.app.options.seed)
        self.app.start_game(game)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        s = self.app.scale
        draw_title(surface, t("setup.title"), int(surface.get_height() * 0.07), int(44 * s))
        size = int(19 * s)
        label = art.text(t("setup.players"), size, "text", True)
        surface.blit(label, (self.x0, self.top + (self.row_h - label.get_height()) // 2))
        y_head = self.top + int(self.row_h * 1.2)
        for key, dx in (("setup.name", 120), ("setup.kind", 420), ("setup.layout", 670)):
            surface.blit(art.text(t(key), int(16 * s), "text_dim"), (self.x0 + int(dx * s), y_head))
        for p, rect in enumerate(self.preview_rects):
            seat = art.text(t("setup.seat", n=p + 1), size, "accent", True)
            surface.blit(
                seat, (self.x0, rect.top + int(14 * s) + (self.row_h - seat.get_height()) // 2)
            )
            surface.blit(mini_layout(self.choices[p].layout, rect.width), rect)
        hint = art.text(t("setup.hint"), int(16 * s), "text_dim")
        surface.blit(
            hint,
            hint.get_rect(midtop=(surface.get_width() // 2, surface.get_height() - int(160 * s))),
        )
        if self.error:
            err = art.text(self.error, int(18 * s), "bad", True)
            surface.blit(
                err,
                err.get_rect(
                    midtop=(surface.get_width() // 2, surface.get_height() - int(190 * s))
                ),
            )
