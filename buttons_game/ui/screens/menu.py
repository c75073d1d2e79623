"""Main menu: New game, Continue, Rules, Settings, Quit."""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game.i18n import t

from .. import art
from ..screen import Screen
from .common import button, column_rects, draw_backdrop, draw_title


class MainMenu(Screen):
    name = "menu"

    def build(self) -> None:
        w, h = self.app.surface.get_size()
        s = self.app.scale
        rects = column_rects(w // 2, int(h * 0.34), int(320 * s), int(52 * s), int(12 * s), 6)
        self.new_game = button(self, rects[0], "menu.new_game", "#big_button")
        self.continue_ = button(self, rects[1], "menu.continue", "#big_button")
        self.load = button(self, rects[2], "menu.load", "#big_button")
        self.rules = button(self, rects[3], "menu.rules", "#big_button")
        self.settings = button(self, rects[4], "menu.settings", "#big_button")
        self.quit = button(self, rects[5], "menu.quit", "#big_button")
        if not self.app.can_continue():
            self.continue_.disable()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            from .rules import RulesScreen
            from .settings_screen import SettingsScreen
            from .setup import SetupScreen

            if event.ui_element is self.new_game:
                self.app.push(SetupScreen(self.app))
            elif event.ui_element is self.continue_:
                self.app.continue_game()
            elif event.ui_element is self.load:
                from .saves_screen import LoadScreen

                self.app.push(LoadScreen(self.app))
            elif event.ui_element is self.rules:
                self.app.push(RulesScreen(self.app))
            elif event.ui_element is self.settings:
                self.app.push(SettingsScreen(self.app))
            elif event.ui_element is self.quit:
                self.app.quit(0)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit(0)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        h = surface.get_height()
        s = self.app.scale
        draw_title(surface, t("title"), int(h * 0.12), int(86 * s))
        sub = art.text(t("subtitle"), int(22 * s), "text_dim")
        surface.blit(sub, sub.get_rect(midtop=(surface.get_width() // 2, int(h * 0.12 + 110 * s))))
        if self.app.toasts:
            note = art.text(self.app.toasts[-1], int(16 * s), "bad")
            surface.blit(note, note.get_rect(midbottom=(surface.get_width() // 2, h - int(20 * s))))
