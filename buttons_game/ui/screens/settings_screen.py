"""Settings: language, window size / fullscreen, animation speed. Saved per user."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pygame_gui

from buttons_game.i18n import LANGUAGES, t, tk
from buttons_game.settings import ANIMATION_SPEEDS, WINDOW_SIZES

from .. import art
from ..screen import Screen
from .common import button, draw_backdrop, draw_title


class SettingsScreen(Screen):
    name = "settings"

    def build(self) -> None:
        w, h = self.app.surface.get_size()
        s = self.app.scale
        current = self.app.settings
        x = w // 2 + int(10 * s)
        ww, wh = int(300 * s), int(46 * s)
        y = int(h * 0.22)
        step = int(70 * s)
        self.label_rows = []
        self.language = self.add(
            pygame_gui.elements.UIDropDownMenu(
                [(name, code) for code, name in LANGUAGES.items()],
                (LANGUAGES[current.language], current.language),
                pygame.Rect(x, y, ww, wh),
                manager=self.manager,
            )
        )
        self.label_rows.append(("settings.language", y))
        sizes = [(f"{a} × {b}", f"{a}x{b}") for a, b in WINDOW_SIZES]
        cw, ch = current.window
        start = (f"{cw} × {ch}", f"{cw}x{ch}")
        if start not in sizes:
            sizes.append(start)
        self.window = self.add(
            pygame_gui.elements.UIDropDownMenu(
                sizes, start, pygame.Rect(x, y + step, ww, wh), manager=self.manager
            )
        )
        self.label_rows.append(("settings.window", y + step))
        modes = [(tk("settings.windowed"), "windowed"), (tk("settings.fullscreen"), "fullscreen")]
        self.mode = self.add(
            pygame_gui.elements.UIDropDownMenu(
                modes,
                modes[1] if current.fullscreen else modes[0],
                pygame.Rect(x, y + 2 * step, ww, wh),
                manager=self.manager,
            )
        )
        self.label_rows.append(("settings.fullscreen", y + 2 * step))
        speeds = [(tk(f"settings.{name}"), name) for name in ANIMATION_SPEEDS]
        self.speed = self.add(
            pygame_gui.elements.UIDropDownMenu(
                speeds,
                (tk(f"settings.{current.animation}"), current.animation),
                pygame.Rect(x, y + 3 * step, ww, wh),
                manager=self.manager,
            )
        )
        self.label_rows.append(("settings.animation", y + 3 * step))
        on_off = [(tk("settings.on"), "on"), (tk("settings.off"), "off")]
        self.symbols = self.add(
            pygame_gui.elements.UIDropDownMenu(
                on_off,
                on_off[0] if current.symbols else on_off[1],
                pygame.Rect(x, y + 4 * step, ww, wh),
                manager=self.manager,
            )
        )
        self.label_rows.append(("settings.symbols", y + 4 * step))
        bw, bh = int(220 * s), int(52 * s)
        self.back = button(
            self,
            pygame.Rect(w // 2 - bw // 2, h - int(110 * s), bw, bh),
            "menu.back",
            "#big_button",
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            current = self.app.settings
            value = event.selected_option_id
            if event.ui_element is self.language:
                new = replace(current, language=value)
            elif event.ui_element is self.window:
                a, b = value.split("x")
                new = replace(current, window=(int(a), int(b)))
            elif event.ui_element is self.mode:
                new = replace(current, fullscreen=value == "fullscreen")
            elif event.ui_element is self.speed:
                new = replace(current, animation=value)
            elif event.ui_element is self.symbols:
                new = replace(current, symbols=value == "on")
            else:
                return False
            self.app.apply_settings(new)
            self.resize()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        s = self.app.scale
        draw_title(surface, t("settings.title"), int(surface.get_height() * 0.1), int(44 * s))
        for key, y in self.label_rows:
            label = art.text(t(key), int(20 * s), "text", True)
            surface.blit(
                label, (surface.get_width() // 2 - int(20 * s) - label.get_width(), y + int(8 * s))
            )
