"""The rules of both games in the project's own words; Kopf oder Knopf's with small pictures."""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game.i18n import language, t, tk

from ..games.kopf.diagrams import draw_diagram
from ..screen import Host, Screen
from ..text import draw_lines, wrap, wrap_html_cjk
from .common import button, draw_backdrop, draw_title

GAMES = ("buttons", "kopf")
TEXT = {"buttons": "rules.text", "kopf": "kopf_rules.text"}
DIAGRAMS = ("pair", "blocked", "group")


class RulesScreen(Screen):
    name = "rules"

    def __init__(self, host: Host, game: str = "buttons") -> None:
        super().__init__(host)
        self.game = game if game in GAMES else "buttons"

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        top = self.px(150)
        width = int(w * 0.76) if self.game == "buttons" else int(w * 0.56)
        self.box = pygame.Rect(
            int(w * 0.12) if self.game == "buttons" else int(w * 0.05),
            top,
            width,
            h - top - self.px(100),
        )
        side = pygame.Rect(
            self.box.right + self.px(24), top, w - self.box.right - self.px(48), self.box.height
        )
        third = side.height // 3
        self.pictures = [
            pygame.Rect(side.left, side.top + i * third, side.width, third) for i in range(3)
        ]

    def build(self) -> None:
        w, h = self.host.surface.get_size()
        tab_w = self.px(220)
        self.tabs = []
        for i, game in enumerate(GAMES):
            rect = pygame.Rect(
                w // 2 - tab_w - self.px(6) + i * (tab_w + self.px(12)),
                self.px(86),
                tab_w,
                self.px(44),
            )
            tab = button(self, rect, f"choose.{game}_title")
            if game == self.game:
                tab.select()
            self.tabs.append(tab)
        key = TEXT[self.game]
        self.text = self.add(pygame_gui.elements.UITextBox(tk(key), self.box, manager=self.manager))
        if language() == "ja":
            # pygame_gui breaks lines only at spaces: Japanese lines are broken here.
            self.text.set_text(wrap_html_cjk(t(key), self.text))
        bw, bh = self.px(220), self.px(52)
        self.back = button(
            self, pygame.Rect(w // 2 - bw // 2, h - self.px(84), bw, bh), "menu.back", "#big_button"
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.host.back()
            for game, tab in zip(GAMES, self.tabs):
                if event.ui_element is tab and game != self.game:
                    self.game = game
                    self.layout()
                    self.rebuild()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.back()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(
            surface, self, [self.box, *self.pictures] if self.game == "kopf" else [self.box]
        )
        draw_title(surface, t("rules.title"), self.px(22), self.px(44))
        if self.game != "kopf":
            return
        size = self.px(15)
        for name, rect in zip(DIAGRAMS, self.pictures):
            caption = wrap(t(f"kopf_rules.{name}"), size, rect.width)
            text_h = len(caption) * int(size * 1.35)
            picture = pygame.Rect(
                rect.left, rect.top, rect.width, rect.height - text_h - self.px(10)
            )
            area = draw_diagram(surface, name, picture)
            caption_rect = pygame.Rect(rect.left, area.bottom + self.px(6), rect.width, text_h + 4)
            draw_lines(surface, caption, caption_rect, size, "text", centre=True)
