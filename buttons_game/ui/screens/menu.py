"""Main menu: New game, Continue, Load game, Rules, Settings, Quit."""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game.i18n import t

from .. import art
from ..screen import Screen
from .common import button, column_rects, draw_backdrop, draw_title


class MainMenu(Screen):
    name = "menu"

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.rects = column_rects(w // 2, int(h * 0.34), self.px(320), self.px(52), self.px(12), 6)

    def build(self) -> None:
        rects = self.rects
        self.new_game = button(self, rects[0], "menu.new_game", "#big_button")
        self.continue_ = button(self, rects[1], "menu.continue", "#big_button")
        self.load = button(self, rects[2], "menu.load", "#big_button")
        self.rules = button(self, rects[3], "menu.rules", "#big_button")
        self.settings = button(self, rects[4], "menu.settings", "#big_button")
        self.quit = button(self, rects[5], "menu.quit", "#big_button")
        if not self.host.can_continue():
            self.continue_.disable()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = event.ui_element
            if pressed is self.new_game:
                self.host.show_setup()
            elif pressed is self.continue_:
                self.host.continue_game()
            elif pressed is self.load:
                self.host.show_load()
            elif pressed is self.rules:
                self.host.show_rules()
            elif pressed is self.settings:
                self.host.show_settings()
            elif pressed is self.quit:
                self.host.quit(0)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.quit(0)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        h = surface.get_height()
        title_y = int(h * 0.12)
        draw_backdrop(surface, self)
        draw_title(surface, t("title"), title_y, self.px(80))
        sub = art.text(t("subtitle"), self.px(22), "text_dim")
        surface.blit(sub, sub.get_rect(midtop=(surface.get_width() // 2, title_y + self.px(104))))
