"""The in-game menu (Esc): resume, rules, settings, or back to the main menu."""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game.i18n import t

from .. import art
from ..screen import Screen
from .common import button, column_rects


class PauseScreen(Screen):
    name = "pause"

    def __init__(self, app, game_screen) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.game_screen = game_screen

    def build(self) -> None:
        w, h = self.app.surface.get_size()
        s = self.app.scale
        rects = column_rects(w // 2, int(h * 0.32), int(300 * s), int(52 * s), int(12 * s), 5)
        self.resume_ = button(self, rects[0], "menu.resume", "#primary")
        self.save_as = button(self, rects[1], "menu.save_as", "#big_button")
        self.rules = button(self, rects[2], "menu.rules", "#big_button")
        self.settings = button(self, rects[3], "menu.settings", "#big_button")
        self.main_menu = button(self, rects[4], "menu.main_menu", "#big_button")
        if not self.game_screen.game.state.history():
            self.save_as.disable()  # nothing to save before the first move

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            from .menu import MainMenu
            from .rules import RulesScreen
            from .settings_screen import SettingsScreen

            if event.ui_element is self.resume_:
                self.app.pop()
            elif event.ui_element is self.save_as:
                from .saves_screen import SaveAsScreen

                self.app.push(SaveAsScreen(self.app, self.game_screen.game))
            elif event.ui_element is self.rules:
                self.app.push(RulesScreen(self.app))
            elif event.ui_element is self.settings:
                self.app.push(SettingsScreen(self.app))
            elif event.ui_element is self.main_menu:
                self.game_screen.close()
                self.app.reset_to(MainMenu(self.app))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def resize(self) -> None:
        self.game_screen.clear_widgets()
        self.game_screen.build()
        self.game_screen.clear_widgets()
        super().resize()

    def draw(self, surface: pygame.Surface) -> None:
        self.game_screen.draw(surface)
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((10, 12, 18, 185))
        surface.blit(dim, (0, 0))
        s = self.app.scale
        title = art.text(t("menu.paused"), int(40 * s), "accent", True)
        surface.blit(
            title,
            title.get_rect(midtop=(surface.get_width() // 2, int(surface.get_height() * 0.2))),
        )
