"""The rules explained in the project's own words."""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game.i18n import language, t, tk

from ..screen import Screen
from ..text import wrap_html_cjk
from .common import button, draw_backdrop, draw_title


class RulesScreen(Screen):
    name = "rules"

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.box = pygame.Rect(int(w * 0.12), self.px(100), int(w * 0.76), h - self.px(200))

    def build(self) -> None:
        w, h = self.host.surface.get_size()
        self.text = self.add(
            pygame_gui.elements.UITextBox(tk("rules.text"), self.box, manager=self.manager)
        )
        if language() == "ja":
            # pygame_gui breaks lines only at spaces: Japanese lines are broken here.
            self.text.set_text(wrap_html_cjk(t("rules.text"), self.text))
        bw, bh = self.px(220), self.px(52)
        self.back = button(
            self, pygame.Rect(w // 2 - bw // 2, h - self.px(84), bw, bh), "menu.back", "#big_button"
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.host.back()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.back()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self)
        draw_title(surface, t("rules.title"), self.px(26), self.px(44))
