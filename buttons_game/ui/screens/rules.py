"""The rules explained in the project's own words."""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game.i18n import language, t, tk

from ..screen import Screen
from .common import button, draw_backdrop, draw_title


class RulesScreen(Screen):
    name = "rules"

    def build(self) -> None:
        w, h = self.app.surface.get_size()
        s = self.app.scale
        box = pygame.Rect(int(w * 0.12), int(110 * s), int(w * 0.76), h - int(210 * s))
        text = tk("rules.text")
        if language() == "ja":
            # pygame_gui breaks lines only at spaces: give Japanese text a break after 、 and 。
            text = t("rules.text").replace("、", "、 ").replace("。", "。 ")
        self.add(pygame_gui.elements.UITextBox(text, box, manager=self.manager))
        bw, bh = int(220 * s), int(52 * s)
        self.back = button(
            self, pygame.Rect(w // 2 - bw // 2, h - int(84 * s), bw, bh), "menu.back", "#big_button"
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        draw_title(surface, t("rules.title"), int(30 * self.app.scale), int(44 * self.app.scale))
